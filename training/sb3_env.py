"""stable-baselines3 adapter: one learner seat against batched opponents.

:class:`FlorentineVecEnv` is a ``stable_baselines3`` ``VecEnv`` over the library's
Gymnasium vector env :class:`florentine_envs.vector.LearnerVectorEnv` (``num_envs``
games on the batched engine; the *learner* plays one seat, a random seat per episode
by default or a fixed one, and batched opponents play the others inside the
environment). This module only translates: agent names into the policies the library
takes (the library never imports ``agents``), and Gymnasium's batched step into SB3's
``VecEnv`` conventions (``terminal_observation`` and ``episode`` in per-game infos).

    >>> import florentine_envs
    >>> from sb3_contrib import MaskablePPO
    >>> from florentine_envs.training.sb3_env import FlorentineVecEnv
    >>> game = florentine_envs.make("medici", num_players=2)
    >>> env = FlorentineVecEnv(game, num_envs=8, seed=0, opponents={"random": 0.5, "heuristic": 0.5})
    >>> obs = env.reset()
    >>> obs.shape == (8, game.obs_size), env.action_masks().shape
    (True, (8, 6))
    >>> model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=64, seed=0)
    >>> model = model.learn(256)
    >>> obs, rewards, dones, infos = env.step(env.action_masks().argmax(1))
    >>> rewards.dtype, dones.dtype, len(infos)
    (dtype('float32'), dtype('bool'), 8)

Opponents (``opponents=``, also :meth:`FlorentineVecEnv.set_opponents`):

* an agent name for :func:`florentine_envs.agents.make_agent`: ``"random"``, ``"heuristic"``,
  ``"ismcts:16"`` (search, asked through ``act_state`` with the game state),
  ``"ppo:runs/train/x/final.zip"`` (a frozen policy), ``"module:function"``, or an
  :class:`~florentine_envs.agents.base.Agent` instance;
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

from florentine_envs.agents import make_agent
from florentine_envs.agents.base import Agent
from florentine_envs.core.game import Game
from florentine_envs.core.learner import LearnerVectorEnv, _check_seed, as_policy


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
        self.game = game
        self.render_mode = None
        self.seed_value = _check_seed(seed)
        # Agents are made once per name and kept: an episode's opponent draw stays valid when
        # the mix changes, and reset() reseeds the ones made here.
        self._agents: dict[Any, Agent] = {}
        self._mix: dict[Any, float] = {}
        self._actions = None  # int[N] from step_async
        self._learner_env = LearnerVectorEnv(game, int(num_envs), learner_seat=learner_seat, seed=self.seed_value)
        self.set_opponents(opponents)
        super().__init__(
            int(num_envs),
            spaces.Box(-np.inf, np.inf, shape=(game.obs_size,), dtype=np.float32),
            spaces.Discrete(game.num_actions),
        )
        # the game's honest bounds (SB3 only needs the shape; normalising wrappers read the bounds)
        self.observation_space = self._learner_env.single_observation_space

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
        for key, weight in mix.items():
            if not isinstance(key, (str, Agent)):
                raise ValueError(f"opponent {key!r} must be an agent name (str) or an Agent")
            if not (isinstance(weight, (int, float, np.number)) and np.isfinite(weight) and weight >= 0):
                raise ValueError(f"opponent {key!r}: weight must be finite and >= 0, got {weight!r}")
        if sum(mix.values()) <= 0:
            raise ValueError(f"opponent weights must not all be zero, got {mix!r}")
        agents = [self._agent(key) for key in mix]
        self._mix = {self._key(key): float(w) / sum(mix.values()) for key, w in mix.items()}
        self._learner_env.set_opponents(agents, list(mix.values()))

    @staticmethod
    def _key(key):
        if isinstance(key, str) and key.endswith(".zip") and not key.startswith("ppo:"):
            return "ppo:" + key  # a bare checkpoint path (a league pool entry)
        return key

    def _agent(self, key) -> Agent:
        key = self._key(key)
        if key not in self._agents:
            seed = self._agent_seed(len(self._agents))
            # any agent: a search agent (needs_state, e.g. "ismcts:16") is asked through act_state
            self._agents[key] = key if isinstance(key, Agent) else make_agent(key, self.game, seed=seed)
        return self._agents[key]

    def _agent_seed(self, index: int) -> int:
        return self.seed_value + 1_000_003 * (index + 1)

    @staticmethod
    def _name(key) -> str:
        return key if isinstance(key, str) else key.name

    @property
    def opponent_mix(self) -> dict[str, float]:
        """``{agent name or key: weight}`` of the current mix (entries with weight > 0)."""
        return {self._name(key): weight for key, weight in self._mix.items() if weight > 0}

    def opponent_names(self, slot: int) -> list[str | None]:
        """Who plays each seat of slot ``slot``'s episode (None for the learner's seat)."""
        pool = self._learner_env._pool
        by_policy = {as_policy(agent): self._name(key) for key, agent in self._agents.items()}
        return [None if i < 0 else by_policy[pool[int(i)]] for i in self._learner_env.opponent[slot]]

    # ------------------------------------------------------------ the library env's state

    @property
    def state(self):
        """The batched game state of the ``num_envs`` games (None before reset)."""
        return self._learner_env.game_state

    @property
    def learner(self) -> np.ndarray:
        """int[N] the learner's seat in each slot's episode."""
        return self._learner_env.learner

    @property
    def episode(self) -> np.ndarray:
        """int[N] episodes started in each slot."""
        return self._learner_env.episode

    @property
    def opponent(self) -> np.ndarray:
        """int[N, P] index of the policy playing each seat (-1: the learner)."""
        return self._learner_env.opponent

    # ------------------------------------------------------------ VecEnv API

    def reset(self) -> np.ndarray:
        """Restart every slot from episode 0 of the current seed; float32[N, obs_size].

        Agents given as instances keep their own random state; the rest is replayed exactly."""
        for index, (key, agent) in enumerate(self._agents.items()):
            if isinstance(key, str):  # made here from a name: reseeded so that reset() replays
                agent.rng = np.random.default_rng(self._agent_seed(index))
        obs, info = self._learner_env.reset(seed=self.seed_value)
        self.reset_infos = [{"learner_seat": int(s)} for s in info["learner_seat"]]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(
                f"actions must be an integer array of shape ({self.num_envs},), "
                f"got {actions.dtype} array of shape {actions.shape}"
            )
        self._actions = actions

    def step_wait(self):
        if self._learner_env.game_state is None:
            raise ValueError("call reset() before step()")
        actions = self._actions
        if actions is None:
            raise ValueError("step_wait() called without step_async()")
        self._actions = None
        obs, rewards, terminated, truncated, info = self._learner_env.step(actions)
        dones = terminated | truncated
        infos: list[dict] = [{} for _ in range(self.num_envs)]
        final = info.get("final_info")  # Gymnasium's layout: a dict of arrays, one row per slot
        for slot in np.flatnonzero(dones):
            infos[slot] = {
                "terminal_observation": info["final_obs"][slot],
                "episode": {"r": float(final["episode_return"][slot]), "l": int(final["episode_length"][slot])},
                "final_scores": final["final_scores"][slot],
                "learner_seat": int(final["learner_seat"][slot]),
                "score": int(final["score"][slot]),
                "margin": int(final["margin"][slot]),
                "win": bool(final["win"][slot]),
                "is_success": bool(final["win"][slot]),
                # a game stopped by a turn limit (Firenze's max_turns): SB3 then bootstraps
                "TimeLimit.truncated": bool(truncated[slot]),
            }
        return obs, rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        """bool[N, A]: the learner's legal actions in each game (a copy)."""
        if self._learner_env.game_state is None:
            raise ValueError("call reset() before action_masks()")
        return self._learner_env.action_masks()

    def close(self) -> None:
        self._learner_env.close()

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
