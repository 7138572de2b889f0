"""Batched agents for every game: ``act(obs, mask) -> actions``.

``make_agent(name, game, seed)`` builds one from the registry: ``random``,
``heuristic`` (the game's rule-based player), ``ismcts:N[:key=value]...`` (the
information-set tree search of :mod:`florentine_envs.agents.ismcts`, N simulations per decision),
``ppo:PATH`` (a MaskablePPO checkpoint, see :mod:`florentine_envs.agents.ppo`);
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

from .base import Agent, RandomAgent
from .firenze_heuristic import FirenzeHeuristic
from .florenza_cards_heuristic import FlorenzaCardsHeuristic
from .florenza_heuristic import FlorenzaHeuristic
from .ismcts import ISMCTSAgent
from .medici_heuristic import MediciHeuristic
from .princes_heuristic import PrincesHeuristic

HEURISTICS = {
    "medici": MediciHeuristic, "firenze": FirenzeHeuristic, "florenza_cards": FlorenzaCardsHeuristic,
    "florenza": FlorenzaHeuristic,
    "princes": PrincesHeuristic, "princes_solo": PrincesHeuristic,
}


def make_agent(name: str, game, seed: int = 0) -> Agent:
    if name == "random":
        return RandomAgent(game, seed)
    if name == "heuristic":
        if game.name not in HEURISTICS:
            raise ValueError(f"no heuristic agent for {game.name!r}; have: {', '.join(sorted(HEURISTICS))}")
        return HEURISTICS[game.name](game, seed)
    if name == "ismcts" or name.startswith("ismcts:"):
        return ISMCTSAgent(game, name, seed=seed)
    if name.startswith("ppo:") and len(name) > 4:
        from .ppo import PPOAgent  # imported on demand: torch and sb3 are slow to import

        return PPOAgent(game, name[4:], seed=seed)
    raise ValueError(f"unknown agent {name!r}; available: {', '.join(available_agents(game))}, ismcts:N, ppo:PATH.zip")


def available_agents(game) -> list[str]:
    """Agent names ``make_agent`` accepts for ``game`` (besides ``ppo:PATH`` checkpoints)."""
    return ["random"] + (["heuristic"] if game.name in HEURISTICS else [])


__all__ = [
    "Agent",
    "RandomAgent",
    "MediciHeuristic",
    "FirenzeHeuristic",
    "FlorenzaCardsHeuristic",
    "FlorenzaHeuristic",
    "PrincesHeuristic",
    "ISMCTSAgent",
    "make_agent",
    "available_agents",
    "HEURISTICS",
]
