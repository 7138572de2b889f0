"""Vector self-play: B games of one :class:`Game` stepped together with automatic reset.

    >>> import numpy as np, florentine_envs
    >>> from florentine_envs.vector import VectorEnv
    >>> venv = VectorEnv(florentine_envs.make("medici", num_players=2), batch_size=8, seed=0)
    >>> obs, mask, player = venv.reset()
    >>> obs.shape, mask.shape, player.shape
    ((8, 204), (8, 6), (8,))
    >>> out = venv.step(mask.argmax(1))              # any legal action per game
    >>> out.rewards.shape, out.done.shape
    ((8, 2), (8,))

Every call returns, for each game, the observation and legal-action mask *of
the player to move* and who that is; ``step`` also returns the rewards of the
step for all players and a ``done`` flag. A game that ends is replaced in the
same call by a fresh game (its ``rewards`` row holds the terminal rewards, the
returned observation is the new game's first one) and ``info`` holds its final
scores, ranks, length and whether a turn limit (not the rules) stopped it
(``truncated``). Buffers are preallocated; nothing loops over games.

Seeds: episode ``k`` of slot ``i`` uses the game seed
``hash64(seed, VECTOR_STREAM, i, k)`` (see :meth:`episode_seed`), so a slot's
sequence of games does not depend on the batch size, and the AEC env replays
any of them with ``env.reset(options={"game_seed": s})``.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from . import rng
from .game import Game

VECTOR_STREAM = 0x7EC7


@dataclasses.dataclass
class VectorStep:
    obs: np.ndarray  # float32[B, obs_size]  observation of the player to move (new game if done)
    mask: np.ndarray  # bool[B, A]           their legal actions
    current_player: np.ndarray  # int[B]     who is to move
    rewards: np.ndarray  # float32[B, P]     rewards of this step for every player (terminal ones if done)
    done: np.ndarray  # bool[B]              the game in this slot ended at this step (and was reset)
    # final_scores int[B, P], final_ranks int[B, P], episode_length int[B], truncated bool[B] (the game
    # was stopped by a turn limit, not by its rules); all valid where done
    info: dict


class VectorEnv:
    def __init__(self, game: Game, batch_size: int, seed: int = 0):
        if batch_size < 1:
            raise ValueError(f"{game.name}: batch_size must be >= 1, got {batch_size}")
        self.game = game
        self.batch_size = int(batch_size)
        self.num_players = game.num_players
        self.num_actions = game.num_actions
        self.obs_size = game.obs_size
        self.seed = int(seed)
        B, P = self.batch_size, game.num_players
        self.episode = np.zeros(B, np.int64)  # int[B] episodes started in each slot
        self._obs = np.zeros((B, game.obs_size), np.float32)
        self._rewards = np.zeros((B, P), np.float32)
        self._done = np.zeros(B, bool)
        self._final_scores = np.zeros((B, P), np.int64)
        self._final_ranks = np.zeros((B, P), np.int64)
        self._length = np.zeros(B, np.int64)
        self._truncated = np.zeros(B, bool)
        self.state = None

    def episode_seed(self, slots: np.ndarray, episodes: np.ndarray) -> np.ndarray:
        """uint64 game seeds of episode ``episodes`` in slot ``slots``."""
        return rng.hash64(np.uint64(self.seed), VECTOR_STREAM, slots, episodes)

    def reset(self, seed: int | None = None, game_seeds=None):
        """Start B fresh games; returns ``(obs, mask, current_player)``.

        ``game_seeds`` (uint64[B]) plays exactly those games first (then the slot's own sequence).
        """
        if seed is not None:
            self.seed = int(seed)
        self.episode[:] = 0
        slots = np.arange(self.batch_size)
        seeds = self.episode_seed(slots, self.episode) if game_seeds is None else np.asarray(game_seeds, np.uint64)
        if seeds.shape != (self.batch_size,):
            raise ValueError(f"{self.game.name}: game_seeds must have shape ({self.batch_size},), got {seeds.shape}")
        self.state = self.game.init(seeds)
        self.episode[:] = 1
        return self._observe(), self.state.legal_action_mask, self.state.current_player

    def _observe(self) -> np.ndarray:
        return self.game.observe(self.state, self.state.current_player, out=self._obs)

    def step(self, actions) -> VectorStep:
        if self.state is None:
            raise ValueError(f"{self.game.name}: call reset() before step()")
        state = self.state
        self.game.step(state, actions)
        np.copyto(self._rewards, state.rewards)
        np.copyto(self._done, state.terminated)
        finished = np.flatnonzero(self._done)
        if finished.size:
            self._final_scores[finished] = state.scores[finished]
            self._final_ranks[finished] = self.game.ranks(state.select(finished))
            self._length[finished] = state.step_count[finished]
            self._truncated[finished] = state.truncated[finished]
            self.game.reset_games(state, finished, self.episode_seed(finished, self.episode[finished]))
            self.episode[finished] += 1
        info = {
            "final_scores": self._final_scores,
            "final_ranks": self._final_ranks,
            "episode_length": self._length,
            "truncated": self._truncated,
        }
        return VectorStep(
            self._observe(), state.legal_action_mask, state.current_player, self._rewards, self._done, info
        )
