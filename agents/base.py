"""Batched agents: ``act(obs: float32[B, obs_size], mask: bool[B, A]) -> int[B]``.

An agent is built for one :class:`~florentine_envs.core.game.Game` (it reads
observation fields by ``game.obs_layout`` name) and acts on a whole batch of
decisions at once; rows may come from different games and seats.
"""

from __future__ import annotations

import abc

import numpy as np

from florentine_envs.core.game import Game
from florentine_envs.testing import random_legal_actions


class Agent(abc.ABC):
    """Base class; subclasses implement :meth:`act`."""

    name = "agent"

    def __init__(self, game: Game, seed: int = 0):
        self.game = game
        self.rng = np.random.default_rng(seed)

    def field(self, obs: np.ndarray, name: str) -> np.ndarray:
        """The named slice of a batch of observations (float32[B, size])."""
        return obs[:, self.game.obs_layout[name]]

    @abc.abstractmethod
    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """int[B]: one legal action per row of ``mask`` (bool[B, A])."""


class RandomAgent(Agent):
    """Uniformly random legal action."""

    name = "random"

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return random_legal_actions(np.asarray(mask, bool), self.rng)
