"""Self-play vector environment: B games of one :class:`Game` stepped together with automatic reset.

    >>> import numpy as np, florentine_envs
    >>> from florentine_envs.vector import SelfPlayVectorEnv
    >>> venv = SelfPlayVectorEnv(florentine_envs.make("medici", num_players=2), num_envs=8, seed=0)
    >>> obs, mask, player = venv.reset()
    >>> obs.shape == (8, venv.game.obs_size), mask.shape, player.shape
    (True, (8, 6), (8,))
    >>> out = venv.step(mask.argmax(1))              # any legal action per game
    >>> out.rewards.shape, out.terminated.shape, out.truncated.shape
    ((8, 2), (8,), (8,))
    >>> out.obs is venv.step(out.mask.argmax(1)).obs  # every call returns new arrays
    False

Every call returns, for each game, the observation and legal-action mask *of the player
to move* and who that is; ``step`` also returns the rewards of the step for all players,
``terminated`` (the rules ended the game), ``truncated`` (a turn limit such as Firenze's
``max_turns`` stopped it: bootstrap from its final observation) and ``done`` (either).
Every player moves in these games, so this is the environment of self-play, tournaments
and balance sweeps; a learner playing one seat against fixed opponents uses
:class:`~florentine_envs.core.learner.LearnerVectorEnv` instead.

A game that ends is replaced in the same call by a fresh game: its ``rewards`` row holds
the terminal rewards, the returned observation is the new game's first one, and ``info``
holds, valid where ``done``: ``final_obs`` (float32[B, P, obs_size], the final observation
of *every* player, seat order), ``final_scores`` and ``final_ranks`` (int[B, P]),
``episode_length`` (int[B]) and ``truncated`` (bool[B]).

Arrays: by default every returned array is a fresh copy that later calls never touch, so a
rollout list of them holds what was seen. ``copy=False`` returns views of preallocated
buffers that the next ``step`` overwrites (faster; copy what you keep).

Seeds: episode ``k`` of slot ``i`` uses the game seed ``hash64(seed, VECTOR_STREAM, i, k)``
(see :meth:`~SelfPlayVectorEnv.episode_seed`), so a slot's sequence of games does not depend
on the batch size, and the AEC env replays any of them with
``env.reset(options={"game_seed": s})``.
"""

from __future__ import annotations

import dataclasses
import warnings

import gymnasium
import numpy as np

from . import rng
from .game import Game
from .spaces import observation_box

VECTOR_STREAM = 0x7EC7


@dataclasses.dataclass
class SelfPlayStep:
    obs: np.ndarray  # float32[B, obs_size]  observation of the player to move (the new game's if done)
    mask: np.ndarray  # bool[B, A]           their legal actions
    current_player: np.ndarray  # int8[B]    who is to move
    rewards: np.ndarray  # float32[B, P]     rewards of this step for every player (terminal ones if done)
    terminated: np.ndarray  # bool[B]        the rules ended the game in this slot at this step
    truncated: np.ndarray  # bool[B]         a turn limit stopped it at this step
    done: np.ndarray  # bool[B]              terminated | truncated: the slot was reset
    # final_obs float32[B, P, obs_size], final_scores int[B, P], final_ranks int[B, P],
    # episode_length int[B], truncated bool[B]; valid where done
    info: dict


class SelfPlayVectorEnv:
    """``num_envs`` self-play games of ``game`` with automatic reset (see the module doc)."""

    def __init__(self, game: Game, num_envs: int, seed: int = 0, copy: bool = True):
        if int(num_envs) < 1:
            raise ValueError(f"{game.name}: num_envs must be >= 1, got {num_envs!r}")
        self.game = game
        self.num_envs = int(num_envs)
        self.num_players = game.num_players
        self.num_actions = game.num_actions
        self.obs_size = game.obs_size
        self.seed = int(seed)
        self.copy = bool(copy)
        self.single_observation_space = observation_box(*game.obs_bounds)
        self.single_action_space = gymnasium.spaces.Discrete(game.num_actions)
        B, P = self.num_envs, game.num_players
        self.episode = np.zeros(B, np.int64)  # int[B] episodes started in each slot
        self._obs = np.zeros((B, game.obs_size), np.float32)
        self._rewards = np.zeros((B, P), np.float32)
        self._terminated = np.zeros(B, bool)
        self._truncated = np.zeros(B, bool)
        self._done = np.zeros(B, bool)
        self._final_obs = np.zeros((B, P, game.obs_size), np.float32)
        self._final_scores = np.zeros((B, P), np.int64)
        self._final_ranks = np.zeros((B, P), np.int64)
        self._length = np.zeros(B, np.int64)
        self.state = None

    @property
    def batch_size(self) -> int:
        """``num_envs`` (the name of version 0.1)."""
        return self.num_envs

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
        slots = np.arange(self.num_envs)
        seeds = self.episode_seed(slots, self.episode) if game_seeds is None else np.asarray(game_seeds, np.uint64)
        if seeds.shape != (self.num_envs,):
            raise ValueError(f"{self.game.name}: game_seeds must have shape ({self.num_envs},), got {seeds.shape}")
        self.state = self.game.init(seeds)
        self.episode[:] = 1
        return self._out(self._observe()), self._out(self.state.legal_action_mask), self._out(self.state.current_player)

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _observe(self) -> np.ndarray:
        return self.game.observe(self.state, self.state.current_player, out=self._obs)

    def step(self, actions) -> SelfPlayStep:
        if self.state is None:
            raise ValueError(f"{self.game.name}: call reset() before step()")
        state = self.state
        self.game.step(state, actions)
        np.copyto(self._rewards, state.rewards)
        np.copyto(self._done, state.terminated)
        np.copyto(self._truncated, state.truncated)
        np.logical_and(self._done, ~self._truncated, out=self._terminated)
        finished = np.flatnonzero(self._done)
        if finished.size:
            ended = state.select(finished)
            for p in range(self.num_players):
                self._final_obs[finished, p] = self.game.observe(ended, np.full(finished.size, p))
            self._final_scores[finished] = ended.scores
            self._final_ranks[finished] = self.game.ranks(ended)
            self._length[finished] = ended.step_count
            self.game.reset_games(state, finished, self.episode_seed(finished, self.episode[finished]))
            self.episode[finished] += 1
        out = self._out
        info = {
            "final_obs": out(self._final_obs),
            "final_scores": out(self._final_scores),
            "final_ranks": out(self._final_ranks),
            "episode_length": out(self._length),
            "truncated": out(self._truncated),
        }
        return SelfPlayStep(
            out(self._observe()),
            out(state.legal_action_mask),
            out(state.current_player),
            out(self._rewards),
            out(self._terminated),
            info["truncated"] if self.copy else self._truncated,
            out(self._done),
            info,
        )

    def close(self) -> None:
        """Release the games (``reset`` starts new ones)."""
        self.state = None


class VectorEnv(SelfPlayVectorEnv):
    """Deprecated alias of :class:`SelfPlayVectorEnv` (removed in the next version): the name
    clashed with ``gymnasium.vector.VectorEnv``, whose API this class does not have."""

    def __init__(self, game: Game, batch_size: int, seed: int = 0, copy: bool = True):
        warnings.warn(
            "florentine_envs.vector.VectorEnv is deprecated: use SelfPlayVectorEnv (self-play, every seat) or "
            "LearnerVectorEnv (a gymnasium.vector.VectorEnv: one learner seat against opponents)",
            DeprecationWarning,
            stacklevel=2,
        )
        super().__init__(game, num_envs=batch_size, seed=seed, copy=copy)


#: Deprecated name of :class:`SelfPlayStep`
VectorStep = SelfPlayStep
