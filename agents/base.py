"""Batched agents: ``act(obs: float32[B, obs_size], mask: bool[B, A]) -> int[B]``.

An agent is built for one :class:`~florentine_envs.core.game.Game` (it reads
observation fields by ``game.obs_layout`` name) and acts on a whole batch of
decisions at once; rows may come from different games and seats. Matches call
``act_state(state, rows, obs)``, which by default is ``act`` on the observations;
search agents (``needs_state``, e.g. :mod:`florentine_envs.agents.ismcts`) override it.
"""

from __future__ import annotations

import abc

import numpy as np

from florentine_envs.core.game import Game
from florentine_envs.core.state import State
from florentine_envs.testing import random_legal_actions


class Agent(abc.ABC):
    """Base class; subclasses implement :meth:`act`."""

    name = "agent"
    #: True for agents that need the game state, not only the observation (search agents):
    #: they act only through :meth:`act_state`
    needs_state = False

    def __init__(self, game: Game, seed: int = 0):
        self.game = game
        self.rng = np.random.default_rng(seed)

    def field(self, obs: np.ndarray, name: str) -> np.ndarray:
        """The named slice of a batch of observations (float32[B, size])."""
        return obs[:, self.game.obs_layout[name]]

    @abc.abstractmethod
    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """int[B]: one legal action per row of ``mask`` (bool[B, A])."""

    def act_state(self, state: State, rows, obs: np.ndarray | None = None) -> np.ndarray:
        """int[n]: one legal action for the pending decision of each game ``rows`` (int[n]) of
        ``state``; ``obs`` (float32[n, obs_size]) are those games' observations for the players
        to move, when the caller has them.

        How matches call every agent. An observation agent (the default) acts on ``obs`` and the
        mask alone; a search agent (``needs_state``) overrides this to search from the state,
        which it must read only through ``game.randomize_hidden`` for the player to move."""
        rows = np.asarray(rows, np.int64)
        if obs is None:
            obs = self.game.observe(state.select(rows), state.current_player[rows])
        return self.act(obs, state.legal_action_mask[rows])


class RandomAgent(Agent):
    """Uniformly random legal action."""

    name = "random"

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return random_legal_actions(np.asarray(mask, bool), self.rng)
