"""The rule-based player of each game, by game name: the registry that :func:`make_agent
<florentine_envs.agents.make_agent>` and the agents built on the heuristic (the search's rollouts
and priors, the learned policies' prior) share, so none of them imports the package's registry."""

from __future__ import annotations

from .base import Agent
from .firenze_heuristic import FirenzeHeuristic
from .florenza_cards_heuristic import FlorenzaCardsHeuristic
from .florenza_heuristic import FlorenzaHeuristic
from .medici_heuristic import MediciHeuristic
from .princes_heuristic import PrincesHeuristic

#: game name -> its heuristic agent class (the solo Princes plays the same heuristic)
HEURISTICS = {
    "medici": MediciHeuristic, "firenze": FirenzeHeuristic, "florenza_cards": FlorenzaCardsHeuristic,
    "florenza": FlorenzaHeuristic,
    "princes": PrincesHeuristic, "princes_solo": PrincesHeuristic,
}


def make_heuristic(game, seed: int = 0) -> Agent:
    """The heuristic agent of ``game``; ``ValueError`` naming the games that have one."""
    if game.name not in HEURISTICS:
        raise ValueError(f"no heuristic agent for {game.name!r}; have: {', '.join(sorted(HEURISTICS))}")
    return HEURISTICS[game.name](game, seed)
