"""PettingZoo AEC wrapper, generic over any :class:`~florentine_envs.core.game.Game`.

A B=1 view of the batched engine following PettingZoo classic conventions:
agents ``player_0 … player_{P-1}``, dict observations ``{"observation":
float32[obs_size], "action_mask": int8[num_actions]}`` (the mask is all zeros
for agents not to move), terminal rewards, ``infos[agent]`` with the player's
``score`` (their own, so far; final once the game is over) and ``rank``: 0 while the game is
live, the final rank once it is over (1 = best, ties share). Every info key is there from
``reset()`` on, with the same type (TorchRL's ``PettingZooWrapper`` builds its info spec from
``reset()``).
``obs_type="flat"`` makes the observation the ``Box`` alone, with the mask in
``infos[agent]["action_mask"]`` (PettingZoo's other masking convention), so that
SuperSuit's observation wrappers (``normalize_obs_v0`` ...) apply directly. The
``Box`` has the finite per-entry bounds the rules guarantee (``Game.obs_bounds``).

``action_features=True`` (dict observations only, games with per-action features only; a
``ValueError`` says what is allowed otherwise) adds a third key, ``"action_features"``: a ``Box``
float32[num_actions, F] (the game's ``action_feature_bounds`` for every action) holding
``Game.action_features`` of the agent's seat -- for every legal action, what it is and what it would
do as far as the agent knows; zero rows for the illegal actions, and all zeros for an agent not to
move, as its mask. The columns are ``game.action_feature_names``. Off by default (no cost then).

Unlike PettingZoo's ``TerminateIllegalWrapper``, an illegal action is refused:
``ValueError`` naming the action and the legal ones, and the game is unchanged. So that
tools stepping with an unmasked ``action_space(agent).sample()`` (PettingZoo's
``state_test``) still play legal games, the action spaces are
:class:`~florentine_envs.core.spaces.LegalDiscrete`: their unmasked ``sample()`` draws a
legal action of the agent's pending decision.

``state()`` is the whole game as one float32 vector (``state_space``): every player's
observation, seat 0's first, so every hand is in it; the deck order and future draws,
which no player knows, are not (``Game.state_vector``). The batched game state itself
(one game) is ``env.unwrapped.game_state``.

The parallel API (``parallel_env``) is PettingZoo's ``turn_based_aec_to_parallel``: each
parallel step takes the action of the agent whose turn it is (the others' actions are
ignored; their masks are all zeros). Its infos add PettingZoo's ``active_agent`` (the agent
to move; None once the game is over) from ``reset()`` on, and a step after the end raises the
AEC env's ``ValueError`` (PettingZoo's conversion returns empty dicts). PettingZoo's
``aec_to_parallel`` refuses these envs on purpose (``is_parallelizable`` is False: the
players do not act simultaneously). Learners that sample every agent's action at every step
(TorchRL) need the AEC env: an agent not to move has no legal action to sample.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel_wrapper
from pettingzoo.utils.deprecated_module import DeprecatedEnv

from .game import Game, check_integer_players
from .registry import check_choice, check_options
from .spaces import LegalDiscrete, action_features_box, observation_box

#: ``render_mode`` values: text returned ("ansi") or printed ("human"); the picture of the game as
#: uint8[H, W, 3] ("rgb_array", for ``gymnasium.wrappers.RecordVideo``) or SVG text ("svg")
RENDER_MODES = (None, "ansi", "human", "rgb_array", "svg")
PICTURE_MODES = ("rgb_array", "svg")
RENDER_FPS = 2  # frames per second of a video of a game (RecordVideo reads metadata["render_fps"])


def check_render_view(game: Game, render_view) -> int | None:
    """``render_view``: the seat whose view the pictures show (what that player cannot see stays
    hidden), or None for the whole table; ``ValueError`` names the allowed seats otherwise."""
    if render_view is None:
        return None
    if isinstance(render_view, (bool, np.bool_)) or not isinstance(render_view, (int, np.integer)) or not (
        0 <= render_view < game.num_players
    ):
        raise ValueError(
            f"{game.name}: render_view must be a seat 0..{game.num_players - 1} or None (the whole table), "
            f"got {render_view!r}"
        )
    return int(render_view)


def check_action_features_flag(game: Game, action_features, obs_type: str | None = "dict") -> bool:
    """The ``action_features`` option of an env as a bool; ``ValueError`` naming what is allowed
    unless it is True or False, or when True with ``obs_type="flat"`` (no dict to hold the key; None:
    the env has no ``obs_type``) or with a game without per-action features."""
    if not isinstance(action_features, (bool, np.bool_)):
        raise ValueError(f"{game.name}: action_features={action_features!r}; allowed: True, False")
    if not action_features:
        return False
    if obs_type == "flat":
        raise ValueError(
            f"{game.name}: action_features=True needs dict observations (the features are their "
            "\"action_features\" key); allowed: obs_type='dict' with action_features=True, or action_features=False"
        )
    if not game.action_feature_fields():
        raise ValueError(
            f"{game.name}: action_features=True, but {type(game).__name__} has no per-action features "
            "(its action_feature_fields() is empty); allowed: action_features=False"
        )
    return True


def render_state(game: Game, state, render_mode: str | None, render_view: int | None = None):
    """``render()`` of every mode for game 0 of ``state``: the text returned ("ansi") or printed
    ("human"), the picture as uint8[H, W, 3] ("rgb_array") or SVG text ("svg"), drawn from seat
    ``render_view``'s view or the whole table (None). Pictures need the ``pictures`` extra."""
    if render_mode is None:
        gymnasium.logger.warn(
            "render() called without a render_mode; pass render_mode='ansi', 'human', 'rgb_array' or 'svg'"
        )
        return None
    if state is None:
        raise ValueError(f"{game.name}: call reset() before render()")
    if render_mode in PICTURE_MODES:
        draw = game.picture_rgb if render_mode == "rgb_array" else game.picture_svg
        return draw(state, 0, render_view)
    text = game.render(state, 0)
    if render_mode == "human":
        print(text)
        return None
    return text


class FlorentineAECEnv(AECEnv):
    metadata = {
        "render_modes": [mode for mode in RENDER_MODES if mode],
        "render_fps": RENDER_FPS,
        "name": "florentine",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        obs_type: str = "dict",
        env_name: str | None = None,
        render_view: int | None = None,
        action_features: bool = False,
    ):
        super().__init__()
        check_choice(game.name, "render_mode", render_mode, RENDER_MODES)
        self.render_view = check_render_view(game, render_view)
        check_choice(game.name, "obs_type", obs_type, ("dict", "flat"))
        self.action_features = check_action_features_flag(game, action_features, obs_type)
        self.game = game
        self.obs_type = obs_type
        self.render_mode = render_mode
        # PettingZoo's name is the module id, whose version is the game's (medici_v1)
        self.metadata = dict(self.metadata, name=env_name or f"{game.name}_v{game.version}")
        self.possible_agents = [f"player_{i}" for i in range(game.num_players)]
        self.agent_name_mapping = {name: i for i, name in enumerate(self.possible_agents)}
        obs_space = observation_box(*game.obs_bounds)
        mask_space = gymnasium.spaces.Box(low=0, high=1, shape=(game.num_actions,), dtype=np.int8)
        if obs_type == "flat":  # the Box alone; the mask travels in infos[agent]["action_mask"]
            self.observation_spaces = {a: obs_space for a in self.possible_agents}
        else:
            spaces = {"observation": obs_space, "action_mask": mask_space}
            if self.action_features:
                spaces["action_features"] = action_features_box(game)
            self.observation_spaces = {a: gymnasium.spaces.Dict(spaces) for a in self.possible_agents}
        self.action_spaces = {
            # a partial of a bound method, not a lambda: the env must stay picklable mid-game
            a: LegalDiscrete(game.num_actions, functools.partial(self._pending_mask, p))
            for p, a in enumerate(self.possible_agents)
        }
        self.state_space = observation_box(*game.state_bounds)
        self.game_state = None  # the batched State of the one game (B = 1), None before reset()
        self._seed_sequence = np.random.SeedSequence()
        self._players = [np.array([p]) for p in range(game.num_players)]  # int[1] per seat, for observe
        self._no_actions = np.zeros(game.num_actions, np.int8)  # int8[A] mask of an agent not to move
        if self.action_features:  # float32[A, F] features of an agent not to move
            self._no_features = np.zeros((game.num_actions, len(game.action_feature_names)), np.float32)

    def __setstate__(self, state: dict) -> None:
        # the action spaces pickle as plain Discrete spaces (core.spaces): link them to this copy
        self.__dict__.update(state)
        self.action_spaces = {
            a: LegalDiscrete.relink(self.action_spaces[a], functools.partial(self._pending_mask, p))
            for p, a in enumerate(self.possible_agents)
        }

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ---------------------------------------------------------------- reset

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed_sequence = np.random.SeedSequence(seed)
        # Each reset draws a fresh game seed from the (re)seeded sequence, so that
        # reset(seed=s) is reproducible and later resets give new deals.
        game_seed = int(self._seed_sequence.generate_state(2, np.uint64)[0])
        self._seed_sequence = self._seed_sequence.spawn(1)[0]
        if options and "game_seed" in options:
            game_seed = int(options["game_seed"])
        self.game_seed = game_seed
        self.game_state = self.game.init(np.array([game_seed], dtype=np.uint64))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._refresh_infos()
        self.agent_selection = self.possible_agents[int(self.game_state.current_player[0])]
        if self.render_mode == "human":
            self.render()

    def _pending_mask(self, player: int) -> np.ndarray | None:
        """bool[A]: ``player``'s legal actions if their decision is pending, else None."""
        state = self.game_state
        if state is None or state.terminated[0] or int(state.current_player[0]) != player:
            return None
        return state.legal_action_mask[0]

    # ---------------------------------------------------------------- state

    def state(self) -> np.ndarray:
        """float32[state_size]: the whole game, every hand included (see the module doc)."""
        if self.game_state is None:
            raise ValueError(f"{self.game.name}: call reset() before state()")
        return self.game.state_vector(self.game_state)[0]

    # ---------------------------------------------------------------- observe

    def observe(self, agent):
        player = self.agent_name_mapping[agent]
        obs = self.game.observe(self.game_state, self._players[player])[0]
        if self.obs_type == "flat":
            return obs
        to_move = not self.game_state.terminated[0] and int(self.game_state.current_player[0]) == player
        if to_move:
            mask = self.game_state.legal_action_mask[0].astype(np.int8)
        else:
            mask = self._no_actions.copy()
        if self.action_features:  # an agent not to move has no legal action to describe
            features = self.game.action_features(self.game_state, self._players[player])[0] if to_move else None
            return {
                "observation": obs,
                "action_mask": mask,
                "action_features": self._no_features.copy() if features is None else features,
            }
        return {"observation": obs, "action_mask": mask}

    # ---------------------------------------------------------------- step

    def step(self, action) -> None:
        if self.game_state is None:
            raise ValueError(f"{self.game.name}: call reset() before step()")
        if not self.agents:
            raise ValueError(game_over_message(self.game.name, action))
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(
                    f"{self.game.name}: the game is over; {agent} may only step with None (got {action!r})"
                )
            self._was_dead_step(action)
            return
        # Python and numpy integers pass at once; anything else (bool, float, array...) is checked the slow way.
        if (
            type(action) is not int
            and not isinstance(action, np.integer)
            and (action is None or not np.issubdtype(np.asarray(action).dtype, np.integer) or np.ndim(action) != 0)
        ):
            raise ValueError(
                f"{self.game.name}: {agent} must act with an integer action id; got {action!r}; legal actions: "
                + ", ".join(
                    f"{a} ({self.game.action_names[a]})" for a in np.flatnonzero(self.game_state.legal_action_mask[0])
                )
            )
        self.game.step(self.game_state, np.array([int(action)]))  # raises ValueError, state unchanged, if illegal
        self._cumulative_rewards[agent] = 0.0
        rewards = self.game_state.rewards[0].tolist()
        self.rewards = {a: rewards[self.agent_name_mapping[a]] for a in self.agents}
        self._accumulate_rewards()
        if self.game_state.terminated[0]:
            # A game stopped by a turn limit (State.truncated, set with terminated) is a truncation.
            truncated = bool(self.game_state.truncated[0])
            self.terminations = {a: not truncated for a in self.agents}
            self.truncations = {a: truncated for a in self.agents}
        self._refresh_infos()
        self.agent_selection = self.possible_agents[int(self.game_state.current_player[0])]
        if self.render_mode == "human":
            self.render()

    def _refresh_infos(self) -> None:
        scores = self.game_state.scores[0].tolist()
        done = bool(self.game_state.terminated[0])
        # rank 0 while live: every key from reset() on (see the module doc); a real rank is 1..P
        ranks = self.game.ranks(self.game_state)[0].tolist() if done else None
        self.infos = {}
        for a in self.agents:
            p = self.agent_name_mapping[a]
            info = {"score": scores[p], "rank": int(ranks[p]) if done else 0}
            if self.obs_type == "flat":
                mask = self._pending_mask(p)
                info["action_mask"] = self._no_actions.copy() if mask is None else mask.astype(np.int8)
            self.infos[a] = info

    # ---------------------------------------------------------------- render

    def render(self):
        return render_state(self.game, self.game_state, self.render_mode, self.render_view)

    def close(self) -> None:
        pass


def game_over_message(game_name: str, action) -> str:
    """The ``ValueError`` text of a step once every agent is done (AEC and parallel envs alike)."""
    return (
        f"{game_name}: the game is over and every agent is done (got action {action!r}; no action is legal); "
        "call reset()"
    )


class StrictOrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order enforcement, except that a step once every agent is done
    raises ``ValueError`` (PettingZoo only warns) -- bad input is never absorbed."""

    def step(self, action) -> None:
        if self._has_reset:
            env = self.env  # the raw env, reached once (attribute forwarding costs on every access)
            if not env.agents:
                raise ValueError(game_over_message(env.game.name, action))
            self._has_updated = True
            env.step(action)
            return
        super().step(action)  # PettingZoo's error for a step before reset()

    def last(self, observe: bool = True):
        if self._has_reset:  # straight to the raw env: the hot call of every AEC loop
            return self.env.last(observe)
        return super().last(observe)


class TurnBasedParallelEnv(turn_based_aec_to_parallel_wrapper):
    """PettingZoo's ``turn_based_aec_to_parallel`` with the AEC env's conventions: the infos hold
    ``active_agent`` from ``reset()`` on (None once the game is over), so their keys never change,
    and a step after the end raises the AEC env's ``ValueError`` (PettingZoo's returns four empty
    dicts, not even the five of a step)."""

    def reset(self, seed=None, options=None):
        observations, infos = super().reset(seed=seed, options=options)
        self._mark_active(infos)
        return observations, infos

    def step(self, actions):
        if not getattr(self, "agents", None):
            if self.aec_env.unwrapped.game_state is None:
                raise ValueError(f"{self.unwrapped.game.name}: call reset() before step()")
            raise ValueError(game_over_message(self.unwrapped.game.name, actions))
        observations, rewards, terminations, truncations, infos = super().step(actions)
        self._mark_active(infos)
        return observations, rewards, terminations, truncations, infos

    def _mark_active(self, infos: dict) -> None:
        active = self.aec_env.agent_selection if self.aec_env.agents else None
        for info in infos.values():
            info["active_agent"] = active


def make_env_functions(game_factory: Callable[..., Game], env_name: str | None = None):
    """``(env, raw_env, parallel_env)`` for a ``<game>_v<version>`` module (``env_name``), PettingZoo style."""

    def raw_env(
        num_players: int | None = None,
        render_mode: str | None = None,
        obs_type: str = "dict",
        render_view: int | None = None,
        action_features: bool = False,
        **options,
    ) -> FlorentineAECEnv:
        name = getattr(game_factory, "name", str(game_factory))
        check_options(name, game_factory, options)
        check_integer_players(name, num_players, getattr(game_factory, "player_counts", ()))
        kwargs = dict(options)
        if num_players is not None:
            kwargs["num_players"] = num_players
        return FlorentineAECEnv(
            game_factory(**kwargs), render_mode=render_mode, obs_type=obs_type, env_name=env_name,
            render_view=render_view, action_features=action_features,
        )  # fmt: skip

    def env(
        num_players: int | None = None,
        render_mode: str | None = None,
        obs_type: str = "dict",
        action_features: bool = False,
        **options,
    ):
        """The AEC env (PettingZoo classic conventions; see :mod:`florentine_envs.core.aec`).
        ``infos[agent]`` holds ``score`` (the agent's own, so far) and ``rank`` (0 while the game
        is live, then 1 = best) from ``reset()`` on; ``num_players`` is an integer. ``render_mode``:
        "ansi", "human", "rgb_array" (the picture of the table, uint8[H, W, 3]; the ``pictures``
        extra) or "svg"; ``render_view=p`` draws the pictures from seat p's view (None: the table).
        ``action_features=True`` adds the per-action features to the dict observation (its
        ``"action_features"`` key, float32[num_actions, F]; games that have them)."""
        # No AssertOutOfBoundsWrapper / TerminateIllegalWrapper: the raw env itself refuses a
        # bad action with a ValueError and leaves the game unchanged.
        return StrictOrderEnforcingWrapper(
            raw_env(
                num_players=num_players,
                render_mode=render_mode,
                obs_type=obs_type,
                action_features=action_features,
                **options,
            )
        )

    def parallel_env(
        num_players: int | None = None,
        render_mode: str | None = None,
        obs_type: str = "dict",
        action_features: bool = False,
        **options,
    ):
        """The parallel API: PettingZoo's ``turn_based_aec_to_parallel`` over :func:`env` (only
        the agent to move acts in each step; see the module doc and :class:`TurnBasedParallelEnv`)."""
        return TurnBasedParallelEnv(
            env(
                num_players=num_players,
                render_mode=render_mode,
                obs_type=obs_type,
                action_features=action_features,
                **options,
            )
        )

    return env, raw_env, parallel_env


def deprecated_module_attribute(name: str, old: int, new: int):
    """Module ``__getattr__`` of a replaced ``<name>_v<old>`` module: every public attribute raises
    PettingZoo's ``DeprecatedEnv`` naming the module to use."""

    def __getattr__(attribute: str):
        if attribute in ("env", "raw_env", "parallel_env"):
            raise DeprecatedEnv(f"{name}_v{old} is now deprecated, use {name}_v{new} instead")
        raise AttributeError(f"module 'florentine_envs.{name}_v{old}' has no attribute {attribute!r}")

    return __getattr__
