"""Gymnasium environments for one learner seat against fixed opponent policies.

Researchers who train a single agent reach for Gymnasium: :class:`LearnerEnv` is a
``gymnasium.Env`` (one game) and :class:`LearnerVectorEnv` a real
``gymnasium.vector.VectorEnv`` of ``num_envs`` games stepped together on the batched
engine (no sub-process copies). In each game the learner plays one seat (random per
episode by default, or fixed) and *opponent policies* play every other seat inside the
environment, batched; the learner sees only its own decisions.

    >>> import gymnasium, numpy as np, florentine_envs
    >>> env = gymnasium.make("florentine/Medici-v1", num_players=3)   # opponents: random legal play
    >>> obs, info = env.reset(seed=0)
    >>> obs.dtype, info["action_mask"].dtype
    (dtype('float32'), dtype('bool'))
    >>> obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    >>> envs = gymnasium.make_vec("florentine/Medici-v1", num_envs=16, num_players=2)
    >>> obs, info = envs.reset(seed=0)
    >>> obs.shape[0], info["action_mask"].shape
    (16, (16, 6))

Opponents (``opponents=``) are policies ``(obs, mask) -> actions`` (or search agents with
``needs_state`` and ``act_state(state, rows, obs)``, which see the game state) acting on a batch
(float32[n, obs_size], bool[n, num_actions] -> int[n]); anything with an ``act`` method of
that signature (the ``agents`` package's agents) also works. Give one policy for every
opponent seat, or a list from which each opponent seat of each episode draws one
(``opponent_weights``, uniform by default) -- a league. The default is uniformly random
legal play. The library never imports ``agents``; training code passes them in:
``opponents=florentine_envs.agents.make_agent("heuristic", game)``.

``learner_seat`` is ``"random"`` (a seat drawn per episode), ``"first"`` (the seat that makes
the game's first decision, so the learner always opens) or a fixed seat.

Observations are the learner's (float32[obs_size], a ``Box`` with the game's bounds); the
legal actions are ``info["action_mask"]`` (bool[num_actions]) and ``action_masks()`` (what
sb3-contrib's ``MaskablePPO`` calls). An illegal action raises ``ValueError`` and changes
nothing. The action space's unmasked ``sample()`` draws a legal action
(:class:`~florentine_envs.core.spaces.LegalDiscrete`), so Gymnasium's ``check_env`` and
random-play scripts work as they are.

``action_features=True`` (games with per-action features; a ``ValueError`` otherwise) makes the
observation a ``Dict``: ``{"observation": float32[obs_size], "action_features":
float32[num_actions, F]}`` (batched in the vector env: float32[num_envs, ...] under each key), the
second the learner's ``Game.action_features`` -- zero rows for illegal actions, all zeros at the end
of a game; the mask stays in the info and ``action_masks()``. Off by default (no cost then).

Rewards are the learner's: the sum of its step's reward and those of the opponents' moves
that follow, i.e. the game's terminal reward for its seat (``reward="score"`` for score
margins). ``terminated``: the rules ended the game; ``truncated``: a turn limit did
(Firenze's ``max_turns``), bootstrap from the final observation.

The info has the same keys from ``reset()`` to the end of every episode (``INFO_KEYS``), with
these values while the episode runs and at its end:

* ``action_mask`` (bool[num_actions]): the legal actions; all False at the end;
* ``learner_seat``: the learner's seat;
* ``score``: the learner's own score so far, its final score at the end;
* ``final_scores`` (int[P]): zeros while the game runs (the others' scores may be hidden), the
  final scores at the end;
* ``margin`` (the learner's score minus the best other score), ``win`` (the learner shares
  first place), ``truncated``: 0 / False while the game runs, the result at the end;
* ``episode_return`` and ``episode_length`` (learner decisions): so far, final at the end;
* ``illegal_action``: -1, or the action that ended the episode (``illegal_action="lose"``).

The vector env's info is that of every game stacked in Gymnasium's layout: a dict of arrays
(``info["score"]``: int[num_envs]), each key with its ``_key`` mask, as
``gymnasium.vector.SyncVectorEnv`` over :class:`LearnerEnv` would give it. Two autoreset modes
(``autoreset_mode=``, Gymnasium's ``AutoresetMode``, or its value ``"SameStep"`` / ``"NextStep"``):

* ``SAME_STEP`` (the default): a finished game is reset in the same call: the returned
  observation and info are the new game's, and ``info["final_obs"]`` (an object array, None
  where no game ended) and ``info["final_info"]`` (a dict of arrays with ``_key`` masks:
  ``info["final_info"]["score"][i]``) hold the finished one, masked by ``info["_final_obs"]`` /
  ``info["_final_info"]``, as ``SyncVectorEnv`` gives them.
* ``NEXT_STEP``: the step that ends a game returns its final observation and info; the next
  step starts the slot's next game, ignoring the action given for it (its ``action_mask`` is
  all False: pass any action id), with reward 0 and ``terminated = truncated = False``.
  Gymnasium's ``NormalizeObservation`` accepts only this mode.

``RecordEpisodeStatistics`` counts whole episodes in both modes with gymnasium 1.4; gymnasium
1.1 to 1.3 count SAME_STEP episodes one step short (use NEXT_STEP there). A game that would
end before the learner's first decision (possible when opponents move first and the learner
has no choice to make) is skipped.

Seeds: episode ``k`` of slot ``i`` plays the game seed ``hash64(seed, GAME_STREAM, i, k)``;
its learner seat and opponent draws are hashed from the same ``(seed, i, k)``, so a run is
reproducible from its seed and a slot's episodes do not depend on ``num_envs``. The default
opponents draw from a generator seeded from the same seed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode

from . import rng
from .aec import PICTURE_MODES, RENDER_FPS, RENDER_MODES, check_action_features_flag, check_render_view, render_state
from .game import Game
from .registry import check_choice
from .registry import make as make_game
from .spaces import LegalDiscrete, LegalMultiDiscrete, action_features_box, observation_box

GAME_STREAM = 0x5B3
SEAT_STREAM = 0x5B4
OPPONENT_STREAM = 0x5B5
#: guard: opponents moving this many times in a row without the learner is an engine bug
MAX_OPPONENT_MOVES = 100_000
#: guard: this many fresh games in a row without a learner decision is an engine bug
MAX_EMPTY_EPISODES = 1_000

Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]

#: the info keys of every step, from reset() on (see the module doc for their values)
INFO_KEYS = (
    "action_mask", "learner_seat", "score", "final_scores", "margin", "win",
    "episode_return", "episode_length", "truncated", "illegal_action",
)  # fmt: skip
AUTORESET_MODES = (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP)


def _autoreset_mode(value, game_name: str) -> AutoresetMode:
    """An ``AutoresetMode`` from itself or its value (``"SameStep"``); ``ValueError`` naming the allowed ones."""
    for mode in AUTORESET_MODES:
        if value is mode or value == mode.value:
            return mode
    raise ValueError(
        f"{game_name}: autoreset_mode={value!r} is not supported; allowed: "
        + ", ".join(f"AutoresetMode.{m.name} ({m.value!r})" for m in AUTORESET_MODES)
    )


def _gymnasium_layout(info: dict, present: np.ndarray) -> dict:
    """``info`` (arrays of num_envs rows) in ``VectorEnv._add_info``'s layout: each key with its
    ``_key`` mask ``present`` (bool[num_envs]) and zeros in the rows not present."""
    out = {}
    for key, value in info.items():
        if not present.all():
            value[~present] = 0
        out[key], out[f"_{key}"] = value, present.copy()
    return out


class RandomPolicy:
    """Uniformly random legal actions from its own generator (the default opponent)."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        scores = self.rng.random(mask.shape) * mask
        return scores.argmax(1)


def as_policy(opponent: Any) -> Policy:
    """A callable ``(obs, mask) -> actions`` from a callable or an object with ``act``; an agent
    that searches from the game state (``needs_state``, with ``act_state(state, rows, obs)``, e.g.
    ISMCTS) is kept as it is and asked through ``act_state``."""
    if getattr(opponent, "needs_state", False) and callable(getattr(opponent, "act_state", None)):
        return opponent
    if hasattr(opponent, "act") and callable(opponent.act):
        return opponent.act
    if callable(opponent):
        return opponent
    raise ValueError(
        f"an opponent must be a policy (obs, mask) -> actions or an object with an act(obs, mask) method, "
        f"got {opponent!r}"
    )


def _check_seed(seed) -> int:
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be an integer in [0, 2**63), got {seed!r}")
    return int(seed)


def _resolve_game(game: Game | str, num_players: int | None, options: dict) -> Game:
    if isinstance(game, Game):
        if num_players is not None and num_players != game.num_players or options:
            raise ValueError(f"{game.name}: give num_players and options to florentine_envs.make, not with a Game")
        return game
    if isinstance(game, str):
        return make_game(game, num_players=num_players, **options)
    raise ValueError(f"game must be a game id (florentine_envs.available_games()) or a Game, got {game!r}")


class LearnerVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games on the batched engine; the learner plays one seat, opponent policies the
    others (see the module doc)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: Game | str,
        num_envs: int = 1,
        num_players: int | None = None,
        opponents: Any = None,
        opponent_weights: Sequence[float] | None = None,
        learner_seat: str | int = "random",
        seed: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
        action_features: bool = False,
        **options,
    ):
        game = _resolve_game(game, num_players, options)
        self.autoreset_mode = _autoreset_mode(autoreset_mode, game.name)
        self.action_features = check_action_features_flag(game, action_features, obs_type=None)
        self.metadata = dict(type(self).metadata, autoreset_mode=self.autoreset_mode)
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"{game.name}: num_envs must be an integer >= 1, got {num_envs!r}")
        P = game.num_players
        if not (
            learner_seat in ("random", "first")
            or (
                isinstance(learner_seat, (int, np.integer))
                and not isinstance(learner_seat, bool)
                and 0 <= learner_seat < P
            )
        ):
            raise ValueError(
                f"{game.name}: learner_seat must be 'random', 'first' or a seat 0..{P - 1}, got {learner_seat!r}"
            )
        self.game = game
        self.num_envs = N = int(num_envs)
        self.learner_seat_option = learner_seat
        self.seed_value = _check_seed(seed) if seed is not None else int(np.random.SeedSequence().entropy % 2**63)
        self.render_mode = None
        self.single_observation_space = observation_box(*game.obs_bounds)
        if self.action_features:
            self.single_observation_space = gymnasium.spaces.Dict(
                {"observation": self.single_observation_space, "action_features": action_features_box(game)}
            )
        self.single_action_space = gymnasium.spaces.Discrete(game.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, N)
        self.action_space = LegalMultiDiscrete(game.num_actions, N, self._pending_masks)
        # Opponent policies live in an append-only pool so that an episode's draw (an index)
        # stays valid when the mix changes; the mix is a weight per pool entry.
        self._pool: list[Policy] = []
        self._pool_index: dict[Any, int] = {}
        self._weights = np.zeros(0, np.float64)  # float[len(pool)], sums to 1
        self._default_opponent = RandomPolicy(self.seed_value)
        self.set_opponents(opponents, opponent_weights)
        self.episode = np.zeros(N, np.int64)  # int[N] episodes started in each slot
        self.learner = np.zeros(N, np.int64)  # int[N] the learner's seat in each slot's episode
        self.opponent = np.full((N, P), -1, np.int64)  # int[N, P] pool index playing each seat (-1: learner)
        self._return = np.zeros(N, np.float64)  # float[N] learner's reward so far this episode
        self._decisions = np.zeros(N, np.int64)  # int[N] learner decisions so far this episode
        self._pending_rewards = np.zeros(N, np.float32)  # float32[N] rewards since the learner's last decision
        self._autoreset = np.zeros(N, bool)  # bool[N] NEXT_STEP: slots whose game ended at the last step
        self._rows = np.arange(N)  # int[N] every slot (read-only)
        self._rows.flags.writeable = False
        self.game_state = None
        self.keep_finished = False  # keep the games that end, for render() (LearnerEnv's pictures)
        self.finished_state = None  # the last games that ended (State of the slots restarted), or None

    def __setstate__(self, state: dict) -> None:
        # the action space pickles as a plain MultiDiscrete (core.spaces): link it to this copy
        self.__dict__.update(state)
        self.action_space = LegalMultiDiscrete.relink(self.action_space, self._pending_masks)

    # ------------------------------------------------------------ opponents

    def set_opponents(self, opponents: Any = None, weights: Sequence[float] | None = None) -> None:
        """Replace the opponent mix: one policy, or a list of policies with ``weights`` (uniform
        if None); each opponent seat of each *new* episode draws one. Running episodes keep theirs."""
        if opponents is None:
            opponents = [self._default_opponent]
        elif isinstance(opponents, Mapping) or isinstance(opponents, (str, bytes)):
            raise ValueError(
                f"{self.game.name}: opponents must be a policy (obs, mask) -> actions or a list of them, "
                f"got {opponents!r} (agent names are resolved by florentine_envs.training.sb3_env, not by the library)"
            )
        elif not isinstance(opponents, Sequence):
            opponents = [opponents]
        if len(opponents) == 0:
            raise ValueError(f"{self.game.name}: opponents must not be an empty list")
        weights = np.ones(len(opponents)) if weights is None else np.asarray(weights, np.float64)
        if weights.shape != (len(opponents),) or not np.isfinite(weights).all() or (weights < 0).any():
            raise ValueError(
                f"{self.game.name}: opponent_weights must be {len(opponents)} finite non-negative numbers, "
                f"got {weights!r}"
            )
        if weights.sum() <= 0:
            raise ValueError(f"{self.game.name}: opponent_weights must not all be zero")
        indices = []
        for opponent in opponents:
            policy = as_policy(opponent)
            if policy not in self._pool_index:
                self._pool_index[policy] = len(self._pool)
                self._pool.append(policy)
            indices.append(self._pool_index[policy])
        self._weights = np.zeros(len(self._pool), np.float64)
        np.add.at(self._weights, indices, weights / weights.sum())

    # ------------------------------------------------------------ episodes

    def _pending_masks(self) -> np.ndarray | None:
        return None if self.game_state is None else self.game_state.legal_action_mask

    def _start(self, slots: np.ndarray) -> None:
        """Start the next episode in ``slots`` (int[n]): fresh games, seats, opponents."""
        P = self.game.num_players
        seeds = rng.hash64(np.uint64(self.seed_value), GAME_STREAM, slots, self.episode[slots])
        if self.keep_finished and self.game_state is not None:  # the games ending here, for render()
            self.finished_state = self.game_state.select(slots)
        if self.game_state is None:
            self.game_state = self.game.init(seeds)
        else:
            self.game.reset_games(self.game_state, slots, seeds)
        if self.learner_seat_option == "random":
            self.learner[slots] = rng.randint(self.seed_value, SEAT_STREAM, self.episode[slots], P, slots)
        elif self.learner_seat_option == "first":  # the seat of the game's first decision
            self.learner[slots] = self.game_state.current_player[slots]
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
        state = self.game_state
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
                policy = self._pool[index]
                if getattr(policy, "needs_state", False):  # a search agent: it reads the state itself
                    actions[rows] = policy.act_state(sub, np.flatnonzero(rows), obs[rows])
                else:
                    actions[rows] = policy(obs[rows], sub.legal_action_mask[rows])
            self.game.step(sub, actions)
            state.assign(games, sub)
            self._pending_rewards[games] += sub.rewards[np.arange(games.size), self.learner[games]]
        raise RuntimeError(f"{self.game.name}: opponents moved {MAX_OPPONENT_MOVES} times without the learner")

    def _start_until_learner(self, slots: np.ndarray) -> None:
        """Start episodes in ``slots`` and advance them to the learner's first decision.

        A game that ends before the learner has a decision teaches nothing and cannot be
        reported (one action per step is expected), so it is replaced by the next episode."""
        for _ in range(MAX_EMPTY_EPISODES):
            if slots.size == 0:
                return
            self._start(slots)
            self._play_opponents(slots)
            slots = slots[self.game_state.terminated[slots]]
        raise RuntimeError(f"{self.game.name}: {MAX_EMPTY_EPISODES} games in a row without a learner decision")

    def _learner_obs(self) -> np.ndarray | dict:
        """The learner's observation in every slot (fresh arrays per call): float32[N, obs_size], or
        with ``action_features`` the dict of it and float32[N, A, F] features."""
        obs = self.game.observe(self.game_state, self.learner)
        if self.action_features:
            return {"observation": obs, "action_features": self.game.action_features(self.game_state, self.learner)}
        return obs

    def _info(self, final: np.ndarray | None = None) -> dict:
        """The ``INFO_KEYS`` arrays of every slot (num_envs rows), without ``_key`` masks; the
        slots where ``final`` (bool[N]) is True have just ended: their end-of-episode values."""
        state, N, P = self.game_state, self.num_envs, self.game.num_players
        rows = self._rows
        scores = state.scores.astype(np.int64)  # int[N, P]
        mine = scores[rows, self.learner]
        info = {
            "action_mask": state.legal_action_mask.copy(),
            "learner_seat": self.learner.copy(),
            "score": mine,
            "final_scores": np.zeros((N, P), np.int64),
            "margin": np.zeros(N, np.int64),
            "win": np.zeros(N, bool),
            "episode_return": self._return.copy(),
            "episode_length": self._decisions.copy(),
            "truncated": np.zeros(N, bool),
            "illegal_action": np.full(N, -1, np.int64),
        }
        if final is not None and final.any():
            ended = np.flatnonzero(final)
            seats = self.learner[ended]
            info["action_mask"][ended] = False
            info["final_scores"][ended] = scores[ended]
            others = np.where(np.arange(P) == seats[:, None], np.iinfo(np.int64).min, scores[ended])
            info["margin"][ended] = mine[ended] - others.max(1)
            info["win"][ended] = self.game.ranks(state.select(ended))[np.arange(ended.size), seats] == 1
            info["truncated"][ended] = state.truncated[ended]
        return info

    # ------------------------------------------------------------ gymnasium API

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Restart every slot from episode 0 of ``seed`` (the current seed if None);
        returns ``(obs float32[N, obs_size], info)``."""
        if seed is not None:
            self.seed_value = _check_seed(seed)
            self._default_opponent.rng = np.random.default_rng(self.seed_value)
        if options:
            raise ValueError(f"{self.game.name}: reset() takes no options, got {options!r}")
        self.episode[:] = 0
        self.game_state = self.finished_state = None
        self._autoreset[:] = False
        self._start_until_learner(np.arange(self.num_envs))
        return self._learner_obs(), _gymnasium_layout(self._info(), np.ones(self.num_envs, bool))

    def step(self, actions):
        """Apply the learner's ``actions`` (int[N]); returns ``(obs, rewards, terminated, truncated, info)``."""
        if self.game_state is None:
            raise ValueError(f"{self.game.name}: call reset() before step()")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or actions.dtype.kind not in "iu":
            raise ValueError(
                f"{self.game.name}: actions must be an integer array of shape ({self.num_envs},), "
                f"got {actions.dtype} array of shape {actions.shape}"
            )
        state, N = self.game_state, self.num_envs
        slots = self._rows
        resetting = self._autoreset  # NEXT_STEP: these games ended at the last step; they restart now
        # every live game waits on the learner here (an invariant of reset/step): the whole batch
        # steps; a finished game (NEXT_STEP) is frozen, its action ignored
        self.game.step(state, actions)  # ValueError, nothing changed, if any action is illegal
        self._decisions += ~resetting
        self._pending_rewards[:] = state.rewards[slots, self.learner]
        self._play_opponents(slots)
        rewards = self._pending_rewards.copy()
        self._return += rewards
        done = state.terminated & ~resetting
        truncated = done & state.truncated
        terminated = done & ~truncated
        everywhere = np.ones(N, bool)
        if self.autoreset_mode == AutoresetMode.NEXT_STEP:
            if resetting.any():
                self._start_until_learner(np.flatnonzero(resetting))
                rewards[resetting] = 0.0
            self._autoreset = done
            info = _gymnasium_layout(self._info(final=done), everywhere)
            return self._learner_obs(), rewards, terminated, truncated, info
        finished = np.flatnonzero(done)
        if finished.size == 0:
            return self._learner_obs(), rewards, terminated, truncated, _gymnasium_layout(self._info(), everywhere)
        # SAME_STEP: the finished games' last observation and info, then their slots' next games
        final_obs = np.full(N, None, dtype=object)
        seen = self.game.observe(state.select(finished), self.learner[finished])
        for k, slot in enumerate(finished):
            final_obs[slot] = seen[k]
        if self.action_features:  # a finished game has no legal action: its features are zeros
            no_features = np.zeros(self.single_observation_space["action_features"].shape, np.float32)
            for slot in finished:
                final_obs[slot] = {"observation": final_obs[slot], "action_features": no_features.copy()}
        final_info = _gymnasium_layout(self._info(final=done), done)
        self._start_until_learner(finished)
        info = _gymnasium_layout(self._info(), everywhere)
        info.update(final_obs=final_obs, _final_obs=done.copy(), final_info=final_info, _final_info=done.copy())
        return self._learner_obs(), rewards, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """bool[N, A]: the learner's legal actions in each game (a copy; all False in a game that
        has just ended, NEXT_STEP)."""
        if self.game_state is None:
            raise ValueError(f"{self.game.name}: call reset() before action_masks()")
        return self.game_state.legal_action_mask.copy()

    def close_extras(self, **kwargs) -> None:
        self.game_state = None


class LearnerEnv(gymnasium.Env):
    """One game, the learner in one seat, opponent policies in the others (see the module doc).

    Built on :class:`LearnerVectorEnv` with one slot: ``reset()`` without a seed starts the
    slot's next episode, ``reset(seed=s)`` episode 0 of seed ``s``.

    ``illegal_action="raise"`` (default): an illegal action raises ``ValueError`` and changes
    nothing. ``"lose"``: it ends the episode with ``illegal_reward`` (default -1) for the learner
    and ``info["illegal_action"]``, PettingZoo classic's convention. Gymnasium's ``check_env``
    draws the action of its step-determinism check *before* the reset it applies it to, so
    in a game whose positions differ in their legal actions (Firenze) that action may be
    illegal after the reset: ``check_env`` passes there with ``illegal_action="lose"``."""

    metadata = {"render_modes": [mode for mode in RENDER_MODES if mode], "render_fps": RENDER_FPS}

    def __init__(
        self,
        game: Game | str,
        num_players: int | None = None,
        opponents: Any = None,
        opponent_weights: Sequence[float] | None = None,
        learner_seat: str | int = "random",
        render_mode: str | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        render_view: int | None = None,
        action_features: bool = False,
        **options,
    ):
        game = _resolve_game(game, num_players, options)
        check_choice(game.name, "render_mode", render_mode, RENDER_MODES)
        self.render_view = check_render_view(game, render_view)
        check_choice(game.name, "illegal_action", illegal_action, ("raise", "lose"))
        self.game = game
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self._vector = LearnerVectorEnv(
            game, 1, opponents=opponents, opponent_weights=opponent_weights, learner_seat=learner_seat, seed=0,
            action_features=action_features,
        )  # fmt: skip
        # a picture after the last step shows the finished game, not the next one already started
        self._vector.keep_finished = render_mode in PICTURE_MODES
        self.observation_space = self._vector.single_observation_space
        self.action_space = LegalDiscrete(game.num_actions, self._pending_mask)
        self._next_obs = None  # (obs, info) of the episode the vector env already started after a finish
        self._done = True

    def _pending_mask(self) -> np.ndarray | None:
        state = self._vector.game_state
        return None if state is None or self._done else state.legal_action_mask[0]

    def __setstate__(self, state: dict) -> None:
        # the action space pickles as a plain Discrete (core.spaces): link it to this copy
        self.__dict__.update(state)
        self.action_space = LegalDiscrete.relink(self.action_space, self._pending_mask)

    @property
    def game_state(self):
        """The batched State (B = 1) of the game being played."""
        return self._vector.game_state

    @property
    def learner_seat(self) -> int:
        return int(self._vector.learner[0])

    def set_opponents(self, opponents: Any = None, weights: Sequence[float] | None = None) -> None:
        self._vector.set_opponents(opponents, weights)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None and self._vector.game_state is None:
            seed = int(self.np_random.integers(2**63))  # first reset without a seed: a random one
        if options:
            raise ValueError(f"{self.game.name}: reset() takes no options, got {options!r}")
        if seed is not None:
            obs, info = self._vector.reset(seed=seed)
        elif self._next_obs is not None:  # the next episode, already started when the last one ended
            obs, info = self._next_obs
        else:  # reset() in the middle of an episode: abandon it for the slot's next one
            self._vector._start_until_learner(np.array([0]))
            obs, info = self._vector._learner_obs(), self._vector._info()
        self._next_obs = None
        self._done = False
        if self.render_mode == "human":
            self.render()
        return _first(obs), _single(info)

    def step(self, action):
        if self._vector.game_state is None:
            raise ValueError(f"{self.game.name}: call reset() before step()")
        if self._done:
            raise ValueError(f"{self.game.name}: the episode is over; call reset()")
        if (
            isinstance(action, (bool, np.bool_))
            or not isinstance(action, (int, np.integer))
            and not (isinstance(action, np.ndarray) and action.ndim == 0 and action.dtype.kind in "iu")
        ):
            raise ValueError(f"{self.game.name}: the action must be an integer action id, got {action!r}")
        action = int(action)
        if self.illegal_action == "lose" and not (
            0 <= action < self.game.num_actions and self._vector.game_state.legal_action_mask[0, action]
        ):
            return self._lose(action)
        obs, rewards, terminated, truncated, info = self._vector.step(np.array([action]))
        if terminated[0] or truncated[0]:
            # the vector env has already started the next episode: keep it for reset()
            self._next_obs = (obs, info)
            self._done = True
            out_info = _single(info["final_info"])
            obs = info["final_obs"][0]
        else:
            out_info = _single(info)
            obs = _first(obs)
        if self.render_mode == "human":
            self.render()
        return obs, float(rewards[0]), bool(terminated[0]), bool(truncated[0]), out_info

    def _lose(self, action: int):
        """``illegal_action="lose"``: the episode ends at once with ``illegal_reward`` for the learner
        (PettingZoo classic's ``TerminateIllegalWrapper`` convention); the game is abandoned."""
        vector = self._vector
        obs = _first(vector._learner_obs())
        if vector.action_features:  # the game is abandoned: no action is legal any more
            obs["action_features"][:] = 0.0
        # the game is abandoned, not finished: no final scores; the illegal try counts as a decision
        info = _single(vector._info())
        info.update(
            illegal_action=action,
            action_mask=np.zeros(self.game.num_actions, bool),
            episode_return=info["episode_return"] + self.illegal_reward,
            episode_length=info["episode_length"] + 1,
        )
        vector._start_until_learner(np.array([0]))  # the slot's next episode, for reset()
        self._next_obs = (vector._learner_obs(), vector._info())
        self._done = True
        return obs, self.illegal_reward, True, False, info

    def action_masks(self) -> np.ndarray:
        """bool[A]: the learner's legal actions (all False once the episode is over)."""
        if self._vector.game_state is None:
            raise ValueError(f"{self.game.name}: call reset() before action_masks()")
        if self._done:
            return np.zeros(self.game.num_actions, bool)
        return self._vector.game_state.legal_action_mask[0].copy()

    def render(self):
        """The game as text or as a picture (see :func:`~florentine_envs.core.aec.render_state`);
        after the episode's last step, the finished game (``render_view``: a seat's view or None,
        the whole table)."""
        state = self._vector.game_state
        if self._done and self._vector.finished_state is not None:
            state = self._vector.finished_state
        return render_state(self.game, state, self.render_mode, self.render_view)

    def close(self) -> None:
        self._vector.close()


def _first(obs: np.ndarray | dict) -> np.ndarray | dict:
    """Slot 0 of a vector env's observation (an array, or a dict of arrays with action features)."""
    if type(obs) is dict:
        return {key: value[0] for key, value in obs.items()}
    return obs[0]


def _single(info: dict) -> dict:
    """The info of slot 0 of a vector env's info (or final info), as :class:`LearnerEnv` gives it:
    Python scalars, and arrays for ``action_mask`` and ``final_scores``."""
    out = {}
    for key in INFO_KEYS:
        value = info[key][0]
        out[key] = value.copy() if isinstance(value, np.ndarray) else value.item()
    return out


#: Gymnasium ids of every registered game: ``florentine/<Name>-v<game version>``
GYM_IDS: dict[str, str] = {}


def register_gymnasium(game_id: str, env_name: str, version: int) -> None:
    """Register ``florentine/<env_name>-v<version>`` (``gymnasium.make`` and ``gymnasium.make_vec``)."""
    gym_id = f"florentine/{env_name}-v{version}"
    GYM_IDS[game_id] = gym_id
    if gym_id in gymnasium.registry:
        return
    gymnasium.register(
        gym_id,
        entry_point="florentine_envs.core.learner:LearnerEnv",
        vector_entry_point="florentine_envs.core.learner:LearnerVectorEnv",
        kwargs={"game": game_id},
        disable_env_checker=True,  # check_env runs in the test suite; the passive checker costs every step
    )
