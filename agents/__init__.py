"""Batched agents for every game: ``act(obs, mask) -> actions``.

``make_agent(name, game, seed)`` builds one from the registry: ``random``,
``heuristic`` (the game's rule-based player), ``ismcts:N[:PRESET][:key=value]...`` (the
information-set tree search of :mod:`florentine_envs.agents.ismcts`, N simulations per decision;
``ismcts:N`` alone is the game's tuned preset, see :data:`~florentine_envs.agents.ismcts.PRESETS`),
``learned`` (the shipped policy for the game, its player count and options, see
:mod:`florentine_envs.agents.learned`; ``learned:PATH.npz`` for any policy archive),
``ppo:PATH`` (a MaskablePPO checkpoint, see :mod:`florentine_envs.agents.ppo`) or
``module:function``, an agent of your own (see :func:`load_callable`);
``available_agents(game)`` lists the named ones.
"""

from __future__ import annotations

if __name__ == "agents":  # pragma: no cover - the pre-0.2 top-level name
    # Until 0.2 the wheel installed ``agents`` and ``training`` at the top of site-packages, where a
    # user's own ``agents/`` folder shadowed them. They live in ``florentine_envs`` now; the old name
    # still imports from a source checkout (the repository root on ``sys.path``) for one release.
    import warnings

    warnings.warn(
        "the top-level package 'agents' is deprecated: import florentine_envs.agents instead",
        DeprecationWarning,
        stacklevel=2,
    )

import importlib
import re

import numpy as np

from .base import Agent, RandomAgent
from .heuristics import HEURISTICS, make_heuristic
from .ismcts import PRESETS, ISMCTSAgent
from .learned import LearnedAgent, policy_for

#: the heuristic classes, imported on first use (PEP 562): a learned policy that plays alone
#: never imports a heuristic module (issue 30)
_LAZY_HEURISTICS = {"MediciHeuristic": "medici", "FirenzeHeuristic": "firenze",
                    "FlorenzaCardsHeuristic": "florenza_cards", "FlorenzaHeuristic": "florenza",
                    "PrincesHeuristic": "princes"}  # fmt: skip


def __getattr__(name: str):
    if name in _LAZY_HEURISTICS:
        return HEURISTICS[_LAZY_HEURISTICS[name]]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: ``module:function`` (dotted names): an agent of the user's own, see :func:`load_callable`
CALLABLE_SPEC = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*")
#: the spec forms ``make_agent`` takes besides the named agents, for error messages
SPEC_FORMS = (f"ismcts:N[:PRESET][:key=value...] (presets: {', '.join(PRESETS)}), learned:PATH.npz, ppo:PATH.zip, "
              "module:function")


def make_agent(name: str, game, seed: int = 0) -> Agent:
    if name == "random":
        return RandomAgent(game, seed)
    if name == "heuristic":
        return make_heuristic(game, seed)
    if name == "ismcts" or name.startswith("ismcts:"):
        return ISMCTSAgent(game, name, seed=seed)
    if name == "learned":
        return LearnedAgent(game, seed=seed)
    if name.startswith("learned:") and len(name) > 8:
        return LearnedAgent(game, name[8:], seed=seed)
    if name.startswith("ppo:") and len(name) > 4:
        from .ppo import PPOAgent  # imported on demand: torch and sb3 are slow to import

        return PPOAgent(game, name[4:], seed=seed)
    if CALLABLE_SPEC.fullmatch(name):
        return load_callable(name, game, seed)
    raise ValueError(f"unknown agent {name!r}; available: {', '.join(available_agents(game))}, {SPEC_FORMS}")


class CallableAgent(Agent):
    """An ``act(obs, mask) -> actions`` function (or object with ``act``) as an :class:`Agent`."""

    def __init__(self, game, act, name: str, seed: int = 0):
        super().__init__(game, seed)
        self._act, self.name = act, name

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.asarray(self._act(obs, mask), np.int64)


def load_callable(spec: str, game, seed: int = 0) -> Agent:
    """The agent of ``spec`` = ``module:function``: ``function(game, seed)`` is called once per
    agent (once per tournament chunk, with that chunk's seed) and returns either

    * an :class:`Agent` (subclass it for a search agent: ``needs_state = True`` and
      ``act_state(state, rows, obs)``), used as it is, or
    * an ``act(obs, mask) -> actions`` policy -- a function or an object with an ``act``
      method -- taking float32[B, obs_size] observations and bool[B, A] legal masks and
      returning int[B] legal actions, wrapped in a :class:`CallableAgent`.

    ``module`` must be importable (installed, on ``PYTHONPATH``, or in the current folder:
    ``florentine evaluate`` and ``tournament`` look there too). ``ValueError`` says what failed."""
    module_name, _, attribute = spec.partition(":")
    try:
        target = importlib.import_module(module_name)
    except ImportError as err:
        raise ValueError(f"agent {spec!r}: cannot import module {module_name!r} ({err}); write module:function "
                         f"with an importable module, or one of: {', '.join(available_agents(game))}, "
                         f"{SPEC_FORMS}") from None  # fmt: skip
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise ValueError(f"agent {spec!r}: module {module_name!r} has no {attribute!r}")
        target = getattr(target, part)
    if not callable(target):
        raise ValueError(f"agent {spec!r}: {attribute!r} is not callable; it must be function(game, seed) -> agent")
    made = target(game, seed)
    if isinstance(made, Agent):
        return made
    act = getattr(made, "act", made)
    if not callable(act):
        raise ValueError(f"agent {spec!r}: {attribute}(game, seed) returned {made!r}, which is neither an Agent nor "
                         "an act(obs, mask) -> actions function")  # fmt: skip
    return CallableAgent(game, act, spec, seed)


def available_agents(game) -> list[str]:
    """Agent names ``make_agent`` accepts for ``game`` (besides ``ismcts:N``, ``learned:PATH``,
    ``ppo:PATH`` and ``module:function``): the reference agents of ``florentine evaluate``'s
    ladder; ``learned`` where a policy is shipped for the game's player count and options."""
    return (["random"] + (["heuristic"] if game.name in HEURISTICS else [])
            + (["learned"] if policy_for(game) is not None else []))  # fmt: skip


__all__ = [
    "Agent",
    "RandomAgent",
    "MediciHeuristic",
    "FirenzeHeuristic",
    "FlorenzaCardsHeuristic",
    "FlorenzaHeuristic",
    "PrincesHeuristic",
    "ISMCTSAgent",
    "LearnedAgent",
    "CallableAgent",
    "make_agent",
    "load_callable",
    "available_agents",
    "HEURISTICS",
]
