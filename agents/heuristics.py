"""The rule-based player of each game, by game name: the registry that :func:`make_agent
<florentine_envs.agents.make_agent>` and the agents built on the heuristic (the search's rollouts
and priors, the learned policies' prior) share, so none of them imports the package's registry."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .base import Agent


class _HeuristicRegistry(Mapping):
    """Game name -> heuristic agent class, each module imported on first look-up: an agent that
    never calls a heuristic (a shipped learned policy plays alone, issue 30) never imports one,
    and ``name in HEURISTICS`` imports nothing."""

    def __init__(self, where: dict[str, str]):
        self._where = where  # game name -> "module:Class", the module relative to this package

    def __getitem__(self, name: str) -> type[Agent]:
        module, _, cls = self._where[name].partition(":")
        return getattr(importlib.import_module(f".{module}", __package__), cls)

    def __contains__(self, name: object) -> bool:  # Mapping's own would import the module
        return name in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


#: game name -> its heuristic agent class (the solo Princes plays the same heuristic)
HEURISTICS: Mapping[str, type[Agent]] = _HeuristicRegistry({
    "medici": "medici_heuristic:MediciHeuristic", "firenze": "firenze_heuristic:FirenzeHeuristic",
    "florenza_cards": "florenza_cards_heuristic:FlorenzaCardsHeuristic",
    "florenza": "florenza_heuristic:FlorenzaHeuristic",
    "princes": "princes_heuristic:PrincesHeuristic", "princes_solo": "princes_heuristic:PrincesHeuristic",
})  # fmt: skip


def make_heuristic(game, seed: int = 0) -> Agent:
    """The heuristic agent of ``game``; ``ValueError`` naming the games that have one."""
    if game.name not in HEURISTICS:
        raise ValueError(f"no heuristic agent for {game.name!r}; have: {', '.join(sorted(HEURISTICS))}")
    return HEURISTICS[game.name](game, seed)
