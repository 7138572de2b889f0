"""stable-baselines3 adapter: one learner seat against batched opponents.

:class:`FlorentineVecEnv` is a real ``stable_baselines3`` ``VecEnv`` of
``num_envs`` games of one :class:`~florentine_envs.core.game.Game`, stepped
together on the batched engine. In each game the *learner* plays one seat (a
random seat per episode by default, or a fixed one); every other seat is
played inside the environment by opponent agents, also batched. The learner
only ever sees its own decisions: ``step`` applies its actions to every game,
then lets the opponents move in all games whose pending decision is theirs,
repeatedly, until every game waits on the learner again; games that end are
reset (with a new seat and new opponents) and advanced the same way. There is
no Python loop over games, only over opponent kinds.

    >>> import florentine_envs
    >>> from sb3_contrib import MaskablePPO
    >>> from training.sb3_env import FlorentineVecEnv
    >>> game = florentine_envs.make("medici", num_players=2)
    >>> env = FlorentineVecEnv(game, num_envs=8, seed=0, opponents={"random": 0.5, "heuristic": 0.5})
    >>> obs = env.reset()
    >>> obs.shape, env.action_masks().shape
    ((8, 204), (8, 6))
    >>> model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=64, seed=0)
    >>> model = model.learn(256)
    >>> obs, rewards, dones, infos = env.step(env.action_masks().argmax(1))
    >>> rewards.dtype, dones.dtype, len(infos)
    (dtype('float32'), dtype('bool'), 8)

Opponents (``opponents=``, also :meth:`FlorentineVecEnv.set_opponents`):

* an agent name for :func:`agents.make_agent`: ``"random"``, ``"heuristic"``,
  ``"ppo:runs/train/x/final.zip"`` (a frozen policy), or an
  :class:`~agents.base.Agent` instance;
* a weighted mix ``{"random": 0.5, "heuristic": 0.5}``: each opponent seat of
  each episode draws its agent from the mix;
* a list (a league pool, e.g. checkpoint paths ``["a.zip", "ppo:b.zip"]``; a
  name ending in ``.zip`` is a checkpoint): a uniform mix.

Rewards: the learner's rewards summed over its decision and the opponents'
moves that follow, i.e. the game's terminal reward for the learner's seat
(make the game with ``reward="score"`` for score margins). At the end of an
episode ``infos[i]`` holds ``terminal_observation``, ``episode`` =
``{"r": return, "l": learner decisions}`` (what SB3 logs as ep_rew_mean),
``final_scores`` (int[P]), ``learner_seat``, ``score`` and ``margin`` (the
learner's score minus the best other score), ``win`` and ``is_success`` (the
learner shares first place). ``action_masks()`` (also through
``env_method("action_masks")``, which sb3-contrib calls) gives the learner's
legal actions.

Seeds: episode ``k`` of slot ``i`` plays the game seed
``hash64(seed, GAME_STREAM, i, k)``; its learner seat and opponent draws are
hashed from the same ``(seed, i, k)``, so a run is reproducible from its seed
and does not depend on ``num_envs``'s other slots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv

from agents import make_agent
from agents.base import Agent
from florentine_envs.core import rng
from florentine_envs.core.game import Game

GAME_STREAM = 0x5B3
SEAT_STREAM = 0x5B4
OPPONENT_STREAM = 0x5B5
#: guard: opponents moving this many times in a row without the learner is an engine bug
MAX_OPPONENT_MOVES = 100_000
#: guard: this many fresh games in a row without a learner decision is an engine bug
MAX_EMPTY_EPISODES = 1_000


def _check_seed(seed) -> int:
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be an integer in [0, 2**63), got {seed!r}")
    return int(seed)


class FlorentineVecEnv(VecEnv):
    """``num_envs`` games; the learner plays one seat, opponent agents the others (see module doc)."""

    #: methods ``env_method`` answers per environment (each returns that environment's value)
    per_env_methods = ("action_masks",)

    def __init__(
        self,
        game: Game,
        num_envs: int,
        seed: int = 0,
        learner_seat: str | int = "random",
        opponents: Any = "random",
    ):
        if not isinstance(game, Game):
            raise ValueError(f"game must be a florentine_envs Game (florentine_envs.make(...)), got {type(game)!r}")
        if int(num_envs) < 1:
            raise ValueError(f"num_envs must be >= 1, got {num_envs!r}")
        P = game.num_players
        if isinstance(learner_seat, str):
            if learner_seat != "random":
                raise ValueError(f"learner_seat must be 'random' or a seat 0..{P - 1}, got {learner_seat!r}")
        elif not (isinstance(learner_seat, (int, np.integer)) and 0 <= learner_seat < P):
            raise ValueError(f"learner_seat must be 'random' or a seat 0..{P - 1}, got {learner_seat!r}")
        self.game = game
        self.render_mode = None
        self.seed_value = _check_seed(seed)
        self.learner_seat_option = learner_seat
        N, A = int(num_envs), game.num_actions
        # Opponent agents are kept in an append-only pool so that an episode's draw (an index)
        # stays valid when the mix changes; the mix is a weight per pool entry.
        self._pool: list[Agent] = []
        self._pool_keys: dict[Any, int] = {}
        self._weights = np.zeros(0, np.float64)  # float[len(pool)], sums to 1
        self.set_opponents(opponents)
        self.episode = np.zeros(N, np.int64)  # int[N] episodes started in each slot
        self.learner = np.zeros(N, np.int64)  # int[N] the learner's seat in each slot's episode
        self.opponent = np.full((N, P), -1, np.int64)  # int[N, P] pool index playing each seat (-1: learner)
        self._return = np.zeros(N, np.float64)  # float[N] learner's reward so far this episode
        self._decisions = np.zeros(N, np.int64)  # int[N] learner decisions so far this episode
        self._pending_rewards = np.zeros(N, np.float32)  # float32[N] rewards since the learner's last decision
        self._actions = None  # int[N] from step_async
        self.state = None
        super().__init__(
            N,
            spaces.Box(-np.inf, np.inf, shape=(game.obs_size,), dtype=np.float32),
            spaces.Discrete(A),
        )

    # ------------------------------------------------------------ opponents

    def set_opponents(self, opponents: Any) -> None:
        """Replace the opponent mix (see module doc); running episodes keep their opponents."""
        if isinstance(opponents, (str, Agent)):
            mix = {opponents: 1.0}
        elif isinstance(opponents, Mapping):
            mix = dict(opponents)
        elif isinstance(opponents, Sequence) and len(opponents) > 0:
            mix = {}
            for entry in opponents:
                mix[entry] = mix.get(entry, 0.0) + 1.0
        else:
            raise ValueError(
                "opponents must be an agent name, an Agent, a {name: weight} mix or a non-empty list, "
                f"got {opponents!r}"
            )
        weights = {}
        for key, weight in mix.items():
            if not isinstance(key, (str, Agent)):
                raise ValueError(f"opponent {key!r} must be an agent name (str) or an Agent")
            if not (isinstance(weight, (int, float, np.number)) and np.isfinite(weight) and weight >= 0):
                raise ValueError(f"opponent {key!r}: weight must be finite and >= 0, got {weight!r}")
            weights[self._pool_index(key)] = float(weight)
        total = sum(weights.values())
        if total <= 0:
            raise ValueError(f"opponent weights must not all be zero, got {mix!r}")
        self._weights = np.zeros(len(self._pool), np.float64)
        for index, weight in weights.items():
            self._weights[index] += weight / total

    def _pool_index(self, key) -> int:
        if isinstance(key, str) and key.endswith(".zip") and not key.startswith("ppo:"):
            key = "ppo:" + key  # a bare checkpoint path (a league pool entry)
        if key not in self._pool_keys:
            seed = self._agent_seed(len(self._pool))
            agent = key if isinstance(key, Agent) else make_agent(key, self.game, seed=seed)
            self._pool_keys[key] = len(self._pool)
            self._pool.append(agent)
        return self._pool_keys[key]

    def _agent_seed(self, index: int) -> int:
        return self.seed_value + 1_000_003 * (index + 1)

    @property
    def opponent_mix(self) -> dict[str, float]:
        """``{agent name or key: weight}`` of the current mix (entries with weight > 0)."""
        names = {index: (key if isinstance(key, str) else key.name) for key, index in self._pool_keys.items()}
        return {names[i]: float(w) for i, w in enumerate(self._weights) if w > 0}

    def opponent_names(self, slot: int) -> list[str | None]:
        """Who plays each seat of slot ``slot``'s episode (None for the learner's seat)."""
        names = {index: (key if isinstance(key, str) else key.name) for key, index in self._pool_keys.items()}
        return [None if i < 0 else names[int(i)] for i in self.opponent[slot]]

    # ------------------------------------------------------------ episodes

    def _start(self, slots: np.ndarray) -> None:
        """Start the next episode in ``slots`` (int[n]): fresh games, seats, opponents."""
        P = self.game.num_players
        seeds = rng.hash64(np.uint64(self.seed_value), GAME_STREAM, slots, self.episode[slots])
        if self.state is None:
            self.state = self.game.init(seeds)
        else:
            self.game.reset_games(self.state, slots, seeds)
        if self.learner_seat_option == "random":
            self.learner[slots] = rng.randint(self.seed_value, SEAT_STREAM, self.episode[slots], P, slots)
        else:
            self.learner[slots] = int(self.learner_seat_option)
        # one uniform draw per (slot, seat) -> pool index through the mix's cumulative weights
        u = rng.hash64(self.seed_value, OPPONENT_STREAM, self.episode[slots, None], slots[:, None] * P + np.arange(P))
        u = (u >> np.uint64(11)).astype(np.float64) / float(1 << 53)  # float[n, P] in [0, 1)
        cumulative = np.cumsum(self._weights)
        drawn = np.minimum(np.searchsorted(cumulative, u * cumulative[-1], side="right"), len(cumulative) - 1)
        self.opponent[slots] = np.where(np.arange(P) == self.learner[slots, None], -1, drawn)
        self.episode[slots] += 1
        self._return[slots] = 0.0
        self._decisions[slots] = 0
        self._pending_rewards[slots] = 0.0

    def _play_opponents(self, slots: np.ndarray) -> None:
        """Let the opponents move in ``slots`` until each game waits on the learner or is over.

        ``Game.step`` moves every live game of a state, so the games whose pending decision
        belongs to an opponent are selected into a sub-batch, stepped, and written back."""
        state = self.state
        for _ in range(MAX_OPPONENT_MOVES):
            waiting = ~state.terminated[slots] & (state.current_player[slots] != self.learner[slots])
            games = slots[waiting]
            if games.size == 0:
                return
            sub = state.select(games)
            seats = sub.current_player.astype(np.int64)
            obs = self.game.observe(sub, seats)  # float32[n, obs_size]
            who = self.opponent[games, seats]  # int[n] pool index of the player to move
            actions = np.zeros(games.size, np.int64)
            for index in np.unique(who):
                rows = who == index
                actions[rows] = self._pool[index].act(obs[rows], sub.legal_action_mask[rows])
            self.game.step(sub, actions)
            state.assign(games, sub)
            self._pending_rewards[games] += sub.rewards[np.arange(games.size), self.learner[games]]
        raise RuntimeError(f"{self.game.name}: opponents moved {MAX_OPPONENT_MOVES} times without the learner")

    def _start_until_learner(self, slots: np.ndarray) -> None:
        """Start episodes in ``slots`` and advance them to the learner's first decision.

        A game that ends before the learner has a decision teaches nothing and cannot be
        reported (SB3 expects one action per step), so it is replaced by the next episode."""
        for _ in range(MAX_EMPTY_EPISODES):
            if slots.size == 0:
                return
            self._start(slots)
            self._play_opponents(slots)
            slots = slots[self.state.terminated[slots]]
        raise RuntimeError(f"{self.game.name}: {MAX_EMPTY_EPISODES} games in a row without a learner decision")

    def _learner_obs(self) -> np.ndarray:
        # a fresh array per call: SB3 keeps the previous step's observation while stepping
        return self.game.observe(self.state, self.learner)

    # ------------------------------------------------------------ VecEnv API

    def reset(self) -> np.ndarray:
        """Restart every slot from episode 0 of the current seed; float32[N, obs_size].

        Agents given as instances keep their own random state; the rest is replayed exactly."""
        self.episode[:] = 0
        self.state = None
        # agents made here from names are reseeded, so that reset() replays the same episodes
        for key, index in self._pool_keys.items():
            if isinstance(key, str):
                self._pool[index].rng = np.random.default_rng(self._agent_seed(index))
        self._start_until_learner(np.arange(self.num_envs))
        self.reset_infos = [{"learner_seat": int(s)} for s in self.learner]
        return self._learner_obs()

    def step_async(self, actions: np.ndarray) -> None:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(
                f"actions must be an integer array of shape ({self.num_envs},), "
                f"got {actions.dtype} array of shape {actions.shape}"
            )
        self._actions = actions

    def step_wait(self):
        if self.state is None:
            raise ValueError("call reset() before step()")
        if self._actions is None:
            raise ValueError("step_wait() called without step_async()")
        actions, self._actions = self._actions, None
        state, N = self.state, self.num_envs
        slots = np.arange(N)
        # every game waits on the learner here (an invariant of reset/step), so the whole batch steps
        self.game.step(state, actions)
        self._decisions += 1
        self._pending_rewards[:] = state.rewards[slots, self.learner]
        self._play_opponents(slots)
        rewards = self._pending_rewards.copy()
        self._return += rewards
        dones = state.terminated.copy()
        infos: list[dict] = [{} for _ in range(N)]
        finished = np.flatnonzero(dones)
        if finished.size:
            seats = self.learner[finished]
            terminal_obs = self.game.observe(state.select(finished), seats)
            scores = state.scores[finished].astype(np.int64)  # int[n, P]
            ranks = self.game.ranks(state.select(finished))
            mine = scores[np.arange(finished.size), seats]
            others = np.where(np.arange(self.game.num_players) == seats[:, None], np.iinfo(np.int64).min, scores)
            margin = mine - others.max(1)
            wins = ranks[np.arange(finished.size), seats] == 1
            # a game stopped by a turn limit (Firenze's max_turns) is a truncation: SB3 then bootstraps
            truncated = state.truncated[finished]
            for k, slot in enumerate(finished):
                infos[slot] = {
                    "terminal_observation": terminal_obs[k],
                    "episode": {"r": float(self._return[slot]), "l": int(self._decisions[slot])},
                    "final_scores": scores[k],
                    "learner_seat": int(seats[k]),
                    "score": int(mine[k]),
                    "margin": int(margin[k]),
                    "win": bool(wins[k]),
                    "is_success": bool(wins[k]),
                    "TimeLimit.truncated": bool(truncated[k]),
                }
            self._start_until_learner(finished)
        return self._learner_obs(), rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        """bool[N, A]: the learner's legal actions in each game (a copy)."""
        if self.state is None:
            raise ValueError("call reset() before action_masks()")
        return self.state.legal_action_mask.copy()

    def close(self) -> None:
        self.state = None

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Use ``seed`` from the next ``reset()`` on (a random one if None); returns it per slot."""
        if seed is None:
            seed = int(np.random.randint(0, np.iinfo(np.uint32).max, dtype=np.uint32))
        self.seed_value = _check_seed(seed)
        return [self.seed_value + i for i in range(self.num_envs)]

    # All slots live in this one object, so an "attribute of environment i" is either a
    # per-slot value (the learner's seat, episode counter, mask) or shared by every slot.
    def _per_env_attributes(self) -> dict[str, np.ndarray]:
        return {"learner_seat": self.learner, "episode_index": self.episode}

    def get_attr(self, attr_name: str, indices=None) -> list[Any]:
        indices = list(self._get_indices(indices))
        per_env = self._per_env_attributes()
        if attr_name in per_env:
            return [per_env[attr_name][i].item() for i in indices]
        if attr_name.startswith("_") or not hasattr(self, attr_name):
            raise AttributeError(f"FlorentineVecEnv has no attribute {attr_name!r}")
        return [getattr(self, attr_name) for _ in indices]

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        indices = list(self._get_indices(indices))
        if attr_name in self._per_env_attributes():
            raise ValueError(f"{attr_name!r} is decided per episode by the environment and cannot be set")
        if attr_name.startswith("_"):
            raise ValueError(f"cannot set private attribute {attr_name!r}")
        if sorted(indices) != list(range(self.num_envs)):
            raise ValueError(f"{attr_name!r} is shared by every environment: set it for all indices (indices=None)")
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list[Any]:
        """Per-environment methods (``action_masks``) return each environment's value; any other
        public method is shared, called once, and its result repeated for every index."""
        indices = list(self._get_indices(indices))
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in indices]
        if method_name.startswith("_") or not callable(getattr(self, method_name, None)):
            raise AttributeError(f"FlorentineVecEnv has no method {method_name!r}")
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result for _ in indices]

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        # the slots are games of the batched engine, not gymnasium envs: nothing is wrapped
        return [False for _ in self._get_indices(indices)]
