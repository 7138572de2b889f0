"""Batched agents for every game: ``act(obs, mask) -> actions``.

``make_agent(name, game, seed)`` builds one from the registry: ``random``,
``heuristic`` (the game's rule-based player).
"""

from __future__ import annotations

from .base import Agent, RandomAgent
from .medici_heuristic import MediciHeuristic

HEURISTICS = {"medici": MediciHeuristic}


def make_agent(name: str, game, seed: int = 0) -> Agent:
    if name == "random":
        return RandomAgent(game, seed)
    if name == "heuristic":
        if game.name not in HEURISTICS:
            raise ValueError(f"no heuristic agent for {game.name!r}; have: {', '.join(sorted(HEURISTICS))}")
        return HEURISTICS[game.name](game, seed)
    raise ValueError(f"unknown agent {name!r}; available: random, heuristic")


__all__ = ["Agent", "RandomAgent", "MediciHeuristic", "make_agent", "HEURISTICS"]
