"""Optional dependencies: which are installed, and which extra of ``florentine-games`` brings each.

The core install (numpy, gymnasium, pettingzoo, rich, tqdm) plays every game; training, skill
ratings, plots and Ray need extras. The command line checks a subcommand's needs when it starts
(:func:`florentine_envs.training.cli.require`), and the tournament and balance reports leave out
what they cannot draw or rate rather than losing the games played.

    >>> install_hint("torch", "ray")
    "pip install 'florentine-games[ray,train]'"
"""

from __future__ import annotations

import importlib.util

# top-level module -> the extra in pyproject.toml that installs it
EXTRA_OF = {
    "torch": "train",
    "stable_baselines3": "train",
    "sb3_contrib": "train",
    "tensorboard": "train",
    "openskill": "train",
    "matplotlib": "train",
    "ray": "ray",
    "drawsvg": "pictures",
    "resvg_py": "pictures",
    "PIL": "pictures",
}


def installed(module: str) -> bool:
    """Whether ``module`` can be imported (without importing it: torch alone takes seconds)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a broken entry in sys.modules, or a parent that fails to import
        return False


def install_hint(*modules: str) -> str:
    """The pip command that installs ``modules`` (names from :data:`EXTRA_OF`)."""
    extras = ",".join(sorted({EXTRA_OF[module] for module in modules}))
    return f"pip install 'florentine-games[{extras}]'"


def skipped_note(what: str, module: str) -> str:
    """One line saying what was left out and how to get it, e.g. for ``tournament.png``."""
    return f"{what} skipped: {module} is not installed ({install_hint(module)}, or pip install {module})"
