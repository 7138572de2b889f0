"""The ``Game`` protocol shared by every game: batched init / step / observe.

A game subclasses :class:`Game` and supplies

* ``_init(seeds) -> State``: B fresh games, *before* forced moves are played;
* ``_apply(state, games, actions)``: apply one legal action to each game in the
  int array ``games`` (all live) and refresh ``legal_action_mask`` for them.
  Rewards are *added* to ``state.rewards``. Use :func:`dispatch` to route the
  games to per-phase handlers;
* ``_observe(state, players) -> float32[B, obs_size]`` (the public ``observe`` checks ``players`` first);
* ``check_invariants(state)`` and ``randomize_hidden(state, player, seed)``;
* ``_refresh_mask(state, games)``: recompute ``legal_action_mask`` of the live games ``games``
  from the rest of the state (``from_json`` compares a saved mask with it);
* ``state_field_bounds()``: the range of every integer field of its state (``from_json``);
* per-action features (optional; the envs' ``action_features=True``): ``_action_features(state,
  seats) -> float32[B, A, F]``, ``action_feature_fields() -> {name: (low, high)}`` (the F
  features in order, the bounds the rules guarantee, 0 inside each) and ``action_feature_docs()
  -> {name: one line}`` (what each feature is, its unit, the component attribute it reads, as the
  mover knows it). ``florentine_envs.testing.check_action_features`` and
  ``check_action_features_hidden`` check them.

The base class owns the semantics every game shares (DESIGN.md rules 1, 5, 7):
validation of actions (illegal input raises ``ValueError`` and leaves the state
untouched), frozen finished games (action ignored, reward zero), automatic
forced moves (a decision with a single legal action is played by the engine),
and the JSON round trip of one game.
"""

from __future__ import annotations

import abc
import dataclasses
import json
from collections.abc import Callable
from typing import Any

import numpy as np

from .saved import parse_field
from .state import State

JSON_FORMAT = "florentine-state-v1"
MAX_FORCED_CHAIN = 10_000  # guard: a forced-move chain longer than this is an engine bug


class Game(abc.ABC):
    """Base class of every game. One instance per (game, num_players, options)."""

    name: str = ""
    version: int = 0
    num_players: int
    num_actions: int
    obs_size: int
    obs_layout: dict[str, slice]
    action_names: list[str]
    player_counts: tuple[int, ...] = ()
    #: ``"module:Class"`` of the game's independent scalar reference implementation (used by the
    #: benchmark for its "scalar reference" row); empty when the game has none
    reference: str = ""

    def __init__(self, num_players: int, **options: Any):
        check_integer_players(self.name, num_players, self.player_counts)
        if num_players not in self.player_counts:
            raise ValueError(
                f"{self.name}: num_players={num_players!r} is not supported; "
                f"allowed: {', '.join(map(str, self.player_counts))}"
            )
        self.num_players = int(num_players)
        self.options = dict(options)
        #: when True, ``init`` and ``step`` run :meth:`check_invariants` on the result (slow; for debugging)
        self.debug = False

    # ------------------------------------------------------------------ API

    def init(self, seeds, on_move: Callable | None = None) -> State:
        """``seeds``: uint64[B] (or a list of ints) -> B fresh games at their first decision.

        ``on_move``: see :meth:`step` (reports the forced moves played at the start)."""
        seeds = np.asarray(seeds)
        if seeds.ndim != 1 or seeds.size == 0:
            raise ValueError(f"{self.name}: seeds must be a non-empty 1-D array of integers, got shape {seeds.shape}")
        if not np.issubdtype(seeds.dtype, np.integer):
            raise ValueError(f"{self.name}: seeds must be integers, got dtype {seeds.dtype}")
        if np.issubdtype(seeds.dtype, np.signedinteger) and (seeds < 0).any():
            raise ValueError(f"{self.name}: seeds must be non-negative")
        state = self._init(seeds.astype(np.uint64))
        self._play_forced(state, np.arange(state.batch_size), on_move)
        if self.debug:
            self.check_invariants(state)
        return state

    def step(self, state: State, actions, on_move: Callable | None = None) -> State:
        """Apply ``actions`` (int[B]) in place; finished games are frozen (action ignored, reward 0).

        ``on_move(before, after, games, actions, forced)``, if given, is called after every
        move applied -- the players' own and each forced one -- with copies of the state
        before and the state after; it lets a front end narrate what happened (slow: use
        it for play and debugging, not training).
        """
        actions = np.asarray(actions)
        batch = state.batch_size
        if actions.shape != (batch,) or actions.dtype.kind not in "iu":
            raise ValueError(
                f"{self.name}: actions must be an integer array of shape ({batch},), "
                f"got {actions.dtype} array of shape {actions.shape}"
            )
        if batch == 1 and on_move is None and not self.debug:
            return self._step_one(state, actions)
        # Validation is whole-batch: one flat gather of mask[b, action_b] (``mode="clip"`` keeps an
        # out-of-range action inside the array; ``in_range`` refuses it), finished games pass
        # whatever they hold. Negative actions read as uint64 are huge, so one comparison does.
        chosen = actions if actions.dtype == np.int64 else actions.astype(np.int64)  # only read below
        in_range = chosen.view(np.uint64) < self.num_actions
        accepted = state.legal_action_mask.reshape(-1).take(self._flat_rows(batch) + chosen, mode="clip")
        accepted &= in_range
        accepted |= state.terminated
        if not accepted.all():
            bad = int(np.flatnonzero(~accepted)[0])
            raise ValueError(self.illegal_action_message(state, bad, int(chosen[bad])))
        state.rewards.fill(0.0)
        if state.terminated.any():
            live = np.flatnonzero(~state.terminated)
            chosen = chosen[live]
            state.step_count[live] += 1
        else:  # the usual case in training: no index arrays to build
            live = self._rows(batch)
            state.step_count += 1
        if live.size:
            if on_move is None:
                self._advance(state, live, chosen)
            else:
                self._apply_reported(state, live, chosen, on_move, forced=False)
                self._play_forced(state, live, on_move)
        if self.debug:
            self.check_invariants(state)
        return state

    def _step_one(self, state: State, actions: np.ndarray) -> State:
        """:meth:`step` for a batch of one game (the AEC and Gymnasium envs), with Python scalars
        where the batched path builds index arrays: the same checks, the same handlers, the
        same result (``check_game``'s batch-invariance test compares the two)."""
        state.rewards.fill(0.0)
        if state.terminated[0]:
            return state  # frozen: any action is ignored
        action = int(actions[0])
        if not (0 <= action < self.num_actions and state.legal_action_mask[0, action]):
            raise ValueError(self.illegal_action_message(state, 0, action))
        state.step_count += 1
        self._advance_one(state, action)
        return state

    def _advance(self, state: State, games: np.ndarray, actions: np.ndarray) -> None:
        """Apply ``actions`` to the live ``games``, then play their forced moves (nothing reported).
        A game whose rules are compiled kernels overrides it with one call that does both."""
        self._apply(state, games, actions)
        self._play_forced(state, games)

    def _advance_one(self, state: State, action: int) -> None:
        """:meth:`_advance` of a batch of one game (``action`` a legal Python int)."""
        self._apply(state, self._rows(1), np.array([action], np.int64))
        self._play_forced_one(state)

    def _play_forced_one(self, state: State) -> None:
        """:meth:`_play_forced` for a batch of one game."""
        games = self._rows(1)
        for _ in range(MAX_FORCED_CHAIN):
            mask = state.legal_action_mask[0]
            if state.terminated[0] or np.count_nonzero(mask) != 1:
                return
            self._apply(state, games, np.array([int(mask.argmax())], np.int64))
        raise RuntimeError(f"{self.name}: forced-move chain did not end")

    def reset_games(self, state: State, games: np.ndarray, seeds) -> None:
        """Replace the games at ``games`` (int[n]) by fresh games with ``seeds`` (uint64[n]), in place."""
        state.assign(games, self.init(seeds))

    def _apply_reported(self, state: State, games, actions, on_move, forced: bool) -> None:
        if on_move is None:
            self._apply(state, games, actions)
            return
        before = state.copy()
        self._apply(state, games, actions)
        on_move(before, state.copy(), games, actions, forced)

    def _play_forced(self, state: State, games: np.ndarray, on_move: Callable | None = None) -> None:
        """Play every decision that has exactly one legal action (DESIGN.md rule 1:
        automatic steps run inside ``step`` until the next real decision)."""
        for _ in range(MAX_FORCED_CHAIN):
            games = games[~state.terminated[games]]
            if games.size == 0:
                return
            mask = state.legal_action_mask.take(games, axis=0)  # bool[n, A]; take: far cheaper than mask[games]
            forced = legal_counts(mask) == 1
            if not forced.any():
                return
            if not forced.all():
                games = games[forced]
                mask = mask.compress(forced, axis=0)
            self._apply_reported(state, games, mask.argmax(1), on_move, forced=True)
        raise RuntimeError(f"{self.name}: forced-move chain did not end")

    def _rows(self, batch: int) -> np.ndarray:
        """int[batch] ``arange(batch)``, cached per batch size (never write into it)."""
        return self._index_cache("rows", batch, lambda: np.arange(batch))

    def _flat_rows(self, batch: int) -> np.ndarray:
        """int[batch] ``arange(batch) * num_actions``: row offsets into a flattened mask (cached)."""
        return self._index_cache("flat_rows", batch, lambda: np.arange(batch) * self.num_actions)

    def _index_cache(self, kind: str, batch: int, build: Callable[[], np.ndarray]) -> np.ndarray:
        cache = self.__dict__.setdefault("_indices", {})
        key = (kind, batch)
        if key not in cache:
            if len(cache) > 64:  # many batch sizes (e.g. reset groups): keep the cache small
                cache.clear()
            array = build()
            array.flags.writeable = False
            cache[key] = array
        return cache[key]

    @abc.abstractmethod
    def _init(self, seeds: np.ndarray) -> State:
        """B fresh games (seeds: uint64[B]) before forced moves are played."""

    @abc.abstractmethod
    def _apply(self, state: State, games: np.ndarray, actions: np.ndarray) -> None:
        """Apply one legal action per game in ``games`` (live, int[n]); refresh their masks."""

    def illegal_action_message(self, state: State, game: int, action: int) -> str:
        legal = np.flatnonzero(state.legal_action_mask[game])
        shown = ", ".join(f"{a} ({self.action_names[a]})" for a in legal)
        if 0 <= action < self.num_actions:
            what = f"action {action} ({self.action_names[action]})"
        else:
            what = f"action {action} (out of range 0..{self.num_actions - 1})"
        # A batch of one is a game alone (the AEC and Gymnasium envs): no batch to speak of
        where = "" if state.batch_size == 1 else f" in game {game} of the batch"
        player = int(state.current_player[game])
        return f"{self.name}: {what} is illegal for player_{player}{where}; legal actions: {shown}"

    def observe(self, state: State, players, out: np.ndarray | None = None) -> np.ndarray:
        """float32[B, obs_size]: what ``players[b]`` sees of game b, laid out by ``obs_layout``;
        written into ``out`` (float32[B, obs_size]) when given.

        ``players``: one seat for every game (an integer) or one per game (an integer array of
        shape (B,)), each in ``0 .. num_players - 1``; anything else (a negative seat, which
        Python indexing would read as another player's, a seat past the last, a float, a bool,
        a wrong shape) is a ``ValueError`` naming the value and the allowed seats. The check is
        here, once for every game; the game's own ``_observe`` reads valid seats only."""
        P = self.num_players
        # The fast paths (the AEC env's int array of one seat, a vector env's current_player):
        # an integer array of shape (B,) with every seat in range, checked without a copy.
        if type(players) is np.ndarray and players.dtype.kind in "iu" and players.shape == (state.batch_size,):
            if players.size == 1:
                if 0 <= players.item(0) < P:
                    return self._observe(state, players, out)
            elif players.min() >= 0 and players.max() < P:
                return self._observe(state, players, out)
        self._check_players(state, players)
        return self._observe(state, players, out)

    def _check_players(self, state: State, players) -> None:
        """``ValueError`` unless ``players`` is an integer or an integer array of shape (B,) of seats."""
        P, B = self.num_players, state.batch_size
        allowed = f"allowed: an integer seat 0..{P - 1}, or an integer array of shape ({B},) of such seats"
        try:
            array = None if isinstance(players, (bool, np.bool_)) else np.asarray(players)
        except ValueError:  # ragged nested lists
            array = None
        if array is None or array.dtype.kind not in "iu" or array.shape not in ((), (B,)):
            small = array is None or array.size <= 8
            what = repr(players) if small else f"a {array.dtype} array of shape {array.shape}"
            raise ValueError(f"{self.name}: players={what} is not allowed; {allowed}")
        bad = (array < 0) | (array >= P)
        if bad.any():
            seat = int(array.reshape(-1)[np.flatnonzero(bad.reshape(-1))[0]])
            raise ValueError(f"{self.name}: players holds seat {seat}, which this game does not have; {allowed}")

    @abc.abstractmethod
    def _observe(self, state: State, players, out: np.ndarray | None = None) -> np.ndarray:
        """:meth:`observe` after its check of ``players`` (an integer seat or int[B] seats, all valid)."""

    # ------------------------------------------------------ per-action features

    def action_features(self, state: State, players) -> np.ndarray:
        """float32[B, A, F]: for every action, what it is and what it would do, as far as
        ``players[b]`` can know (the card, building or bid it names with that component's printed
        attributes; what it costs and gains). Laid out by :attr:`action_feature_names`, within
        :attr:`action_feature_bounds`. A row is zero for an action that is not legal for that
        player now (another player's turn, a finished game, an illegal action), so the features
        tell nothing the player's observation and mask do not. Nothing the player cannot see
        enters: re-randomising what is hidden from him leaves them unchanged.

        ``players``: as for :meth:`observe` (one seat, or int[B] seats); ``ValueError`` otherwise."""
        self._check_players(state, players)
        seats = np.broadcast_to(np.asarray(players, dtype=np.int64), (state.batch_size,))
        features = self._action_features(state, seats)
        legal = state.legal_action_mask & ((state.current_player == seats) & ~state.terminated)[:, None]
        features *= legal[:, :, None]
        return features

    def legal_action_features(self, state: State, players) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The rows of :meth:`action_features` that are not zero by rule, packed: ``(games,
        actions, features)`` with ``games`` int64[m] and ``actions`` int64[m] the legal
        (game, action) pairs of the games where ``players[b]`` is to move, in row-major order
        (as ``np.nonzero`` of the mask gives them), and ``features`` float32[m, F] their
        features, equal to ``action_features(state, players)[games, actions]``. What learners
        that score only legal actions need, without building and zeroing the dense
        float32[B, A, F] array (A is 760 in the Princes, where a decision has about 10 legal
        actions)."""
        self._check_players(state, players)
        seats = np.broadcast_to(np.asarray(players, dtype=np.int64), (state.batch_size,))
        legal = state.legal_action_mask & ((state.current_player == seats) & ~state.terminated)[:, None]
        games, actions = np.nonzero(legal)
        features = self._action_features(state, seats)
        return games, actions, features[games, actions]

    def _action_features(self, state: State, players: np.ndarray) -> np.ndarray:
        """float32[B, A, F] of :meth:`action_features` for int[B] valid seats (the caller zeroes
        the rows of actions not legal for them). Each game implements it in its ``features.py``."""
        raise ValueError(f"{self.name}: no per-action features ({type(self).__name__} does not implement them)")

    def action_feature_fields(self) -> dict[str, tuple[float, float]]:
        """``{feature: (low, high)}`` in the order of the F features, the bounds the rules
        guarantee; ``{}`` for a game without per-action features."""
        return {}

    def action_feature_docs(self) -> dict[str, str]:
        """``{feature: one line}`` for every name of :meth:`action_feature_fields`: what the
        feature is, its unit, the component attribute it reads (from the data tables), as the mover
        knows it (``"florins the card costs, as printed"``). The game's documentation page lists
        them; ``{}`` for a game without per-action features."""
        return {}

    @property
    def action_feature_names(self) -> tuple[str, ...]:
        """The names of the F per-action features, in order (see :meth:`action_features`)."""
        return tuple(self.action_feature_fields())

    @property
    def action_feature_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """``(low, high)``, float32[F] each: the bounds of :meth:`action_features`."""
        fields = self.action_feature_fields().values()
        low = np.array([lo for lo, _ in fields], np.float32)
        high = np.array([hi for _, hi in fields], np.float32)
        return low, high

    @abc.abstractmethod
    def obs_field_bounds(self) -> dict[str, tuple[Any, Any]]:
        """``{field: (low, high)}`` for every ``obs_layout`` field: the range the *rules* guarantee
        (not the range seen in play), each a scalar or an array of the field's size."""

    @property
    def obs_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """``(low, high)``, float32[obs_size] each, from :meth:`obs_field_bounds` (cached, read-only).

        These are the bounds of the declared observation spaces; ``check_game`` asserts that
        every observation of random and heuristic play stays inside them."""
        cached = self.__dict__.get("_obs_bounds")
        if cached is None:
            cached = self.__dict__["_obs_bounds"] = _layout_bounds(
                self.name, self.obs_layout, self.obs_size, self.obs_field_bounds()
            )
        return cached

    def state_vector(self, state: State) -> np.ndarray:
        """float32[B, state_size]: the whole game as one vector, for centralised critics
        (PettingZoo's ``state()``): every player's observation, seat 0's first, so every hand
        and every private fact is in it. What no player knows (deck order, future draws) is
        *not* included: the state is the full information of the table, not the RNG.
        Games may override it with a tighter encoding (and ``state_bounds``)."""
        B, P = state.batch_size, self.num_players
        out = np.empty((B, P, self.obs_size), np.float32)
        for p in range(P):
            out[:, p] = self.observe(state, np.full(B, p))
        return out.reshape(B, P * self.obs_size)

    @property
    def state_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """``(low, high)`` float32[state_size] of :meth:`state_vector`."""
        low, high = self.obs_bounds
        return np.tile(low, self.num_players), np.tile(high, self.num_players)

    @abc.abstractmethod
    def check_invariants(self, state: State) -> None:
        """Raise ``ValueError`` describing the first violated invariant."""

    @abc.abstractmethod
    def randomize_hidden(self, state: State, player: int, seed: int) -> State:
        """A copy of ``state`` (every game) in which everything ``player`` cannot see
        (other hands, deck order, future randomness) is re-drawn with ``seed``: a position the
        game could have reached given what ``player`` knows. Every legal-action mask is the new
        state's (the mover's may change when ``player`` is not the mover), and the mover has at
        least two legal actions (the engine plays every one-choice decision itself)."""

    # ------------------------------------------------------ balance hooks
    #
    # Read by balance studies (``training/balance``, ``florentine balance``), which know no game:
    # what a player acquired and how the players stand at every step come from these hooks.
    # The contract, for every game (defaults below where a game has nothing better):
    #
    # * ``component_names``: one stable name per component a player can acquire, ``"kind:name"``
    #   (``"card:Alchemist"``, ``"commission:red-5"``). Names do not depend on the player count,
    #   so studies compare them across tables; they change only when the component data does.
    # * ``acquisitions(state)``: int32[B, P, C] how many of each component each player has
    #   acquired since the start of the game, readable at any step and complete at the end. A
    #   component given up again (played, discarded, sold) still counts: it was acquired. The
    #   engine keeps in its state whatever this needs (e.g. a counter of cards taken), so a
    #   study reads it once per finished game at no cost during play.
    # * ``running_scores(state)``: float32[B, P] each player's standing now, on the scale of the
    #   final score: equal to ``state.scores`` once a game is over, and between steps the best
    #   cheap estimate of "the score if the game ended now" (Medici: florins plus what the day's
    #   scoring would pay now). Studies call it after every step of a batch for lead changes
    #   and for how early the eventual winner took the lead for good, so it must be vectorised.
    # * Turn order: studies measure seat advantage by position counted clockwise from the player of
    #   the first decision (``current_player`` after ``init``): seat 0 in Firenze, a random seat in
    #   Medici. Position 0 is the first player.

    #: stable names of the acquirable components, one per column of :meth:`acquisitions`
    component_names: tuple[str, ...] = ()

    def acquisitions(self, state: State) -> np.ndarray:
        """int32[B, P, C]: components (``component_names``) each player has acquired so far.

        The default reports none (C = 0); see the balance-hook contract above."""
        return np.zeros((state.batch_size, self.num_players, len(self.component_names)), np.int32)

    def running_scores(self, state: State) -> np.ndarray:
        """float32[B, P]: each player's standing after the last step, equal to ``state.scores``
        in a finished game. The default is ``state.scores`` (right for games that score as
        they go); games that score in bursts override it with "the score if the game ended now"."""
        return state.scores.astype(np.float32)

    def describe_action(self, state: State, game: int, action: int) -> str:
        """Human-readable meaning of ``action`` in game ``game`` (override to name cards etc.)."""
        return self.action_names[action]

    def narrate(
        self, before: State, after: State, game: int, action: int, forced: bool, viewer: int | None = None
    ) -> list[str]:
        """Lines telling what one move did (override per game to name cards, scoring...), as seat
        ``viewer`` may know it: what that player cannot see (another player's private draws) is not
        told; ``viewer=None``: everything (a table of bots, or the whole table's replay)."""
        who = f"player_{int(before.current_player[game])}"
        return [f"{who} {'(forced) ' if forced else ''}plays {self.action_names[action]}"]

    def play_notes(self) -> list[str]:
        """Lines for a person about to play in the terminal (``florentine play``): e.g. the
        rulebook's advice for a first game (override per game)."""
        return []

    def render(self, state: State, game: int = 0) -> str:
        """Text picture of one game (override per game)."""
        return f"{self.name}: player {int(state.current_player[game])} to move"

    # ------------------------------------------------------------- pictures

    def picture_svg(self, state: State, index: int = 0, view: int | None = None) -> str:
        """The SVG text of game ``index`` of the batch, drawn from seat ``view``'s view (only what
        ``observe(state, view)`` tells that player; other hands face down) or the whole table
        (``view=None``: replays, spectators). Needs the ``pictures`` extra."""
        index, view = self.check_picture_view(state, index, view)
        try:
            drawing = self._draw_picture(state, index, view)
        except ModuleNotFoundError as error:
            if error.name not in ("drawsvg", "resvg_py", "PIL"):
                raise
            from .raster import INSTALL_HINT

            raise ImportError(f"pictures need {error.name}: {INSTALL_HINT}") from error
        return drawing.as_svg()

    def picture_rgb(
        self, state: State, index: int = 0, view: int | None = None, width: int | None = None
    ) -> np.ndarray:
        """uint8[H, W, 3]: :meth:`picture_svg` rasterised (``width`` pixels wide; None: the
        drawing's own width, about 1000-1600 pixels), for ``render_mode="rgb_array"``."""
        if width is not None and (isinstance(width, bool) or not isinstance(width, (int, np.integer)) or width < 16):
            raise ValueError(f"{self.name}: picture width={width!r}; allowed: None or an int >= 16 (pixels)")
        from .raster import svg_to_rgb

        return svg_to_rgb(self.picture_svg(state, index, view), None if width is None else int(width))

    def check_picture_view(self, state: State, index, view) -> tuple[int, int | None]:
        """``(index, view)`` as ints after validation: ``ValueError`` naming the allowed values."""
        batch = state.batch_size
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= int(index) < batch:
            raise ValueError(f"{self.name}: picture of game index={index!r}; allowed: an int in 0..{batch - 1}")
        seats = self.num_players
        if view is not None and (
            isinstance(view, bool) or not isinstance(view, (int, np.integer)) or not 0 <= int(view) < seats
        ):
            allowed = ", ".join(str(s) for s in range(seats))
            raise ValueError(
                f"{self.name}: picture view={view!r}; allowed: None (the whole table) or a seat in {allowed}"
            )
        return int(index), None if view is None else int(view)

    def _draw_picture(self, state: State, index: int, view: int | None):
        """The ``drawsvg.Drawing`` of one game (arguments checked). Each game module implements it
        with its package's ``picture.py`` (imported on use: the optional ``pictures`` extra), so
        the core never imports a game's drawing code."""
        raise ValueError(f"{self.name}: no picture ({type(self).__name__} does not implement _draw_picture)")

    def ranks(self, state: State) -> np.ndarray:
        """int[B, P] competition rank by score: 1 = best, tied players share the rank."""
        scores = state.scores
        return 1 + (scores[:, None, :] > scores[:, :, None]).sum(-1)

    def terminal_rewards(self, scores: np.ndarray) -> np.ndarray:
        """float32[n, P] terminal rewards from final scores (DESIGN.md rule 8).

        ``reward="win"``: winners share +1, the others share -1, all tied gives 0.
        ``reward="score"``: score minus the mean score of the other players.
        """
        scores = scores.astype(np.float64)
        players = self.num_players
        if self.options.get("reward", "win") == "score":
            others = (scores.sum(1, keepdims=True) - scores) / (players - 1)
            return (scores - others).astype(np.float32)
        winners = scores == scores.max(1, keepdims=True)
        n_win = winners.sum(1, keepdims=True)
        rewards = np.where(winners, 1.0 / n_win, -1.0 / np.maximum(players - n_win, 1))
        rewards[n_win[:, 0] == players] = 0.0
        return rewards.astype(np.float32)

    # --------------------------------------------------------- serialisation

    def to_json(self, state: State, game: int = 0) -> str:
        """One game of the batch as a JSON string (exact round trip through :meth:`from_json`)."""
        fields = {}
        for name, arr in state.arrays().items():
            one = arr[game]
            if one.dtype == np.uint64:  # JSON numbers lose precision past 2**53: keep seeds as strings
                fields[name] = [str(x) for x in np.atleast_1d(one)] if one.ndim else str(one)
            else:
                fields[name] = one.tolist()
        return json.dumps(
            {
                "format": JSON_FORMAT,
                "game": self.name,
                "version": self.version,
                "num_players": self.num_players,
                "options": self.options,
                "fields": fields,
            }
        )

    def from_json(self, text: str) -> State:
        """A batch of one game from :meth:`to_json` output; ``ValueError`` if malformed.

        Nothing is taken on trust: every field must have its JSON type (see
        :mod:`florentine_envs.core.saved`: booleans true/false only, integers never from floats),
        its shape and a value inside :meth:`state_field_bounds`; the whole must be a state a game
        can hold (:meth:`check_state`: the flags, the rewards, the invariants, and the saved
        legal-action mask equal to the one recomputed from the state -- a state whose saved mask
        differs is refused, naming the actions that differ, and so is a live game with no legal
        action or with one: the engine plays a forced move itself). The error names the field,
        its value and what is allowed; nothing is loaded partially (the state is built only once
        every check has passed)."""
        if isinstance(text, (str, bytes, bytearray)):
            try:
                data = json.loads(text)
            except (json.JSONDecodeError, UnicodeDecodeError) as err:
                raise ValueError(f"{self.name}: saved state is not valid JSON: {err}") from None
            except RecursionError:
                raise ValueError(f"{self.name}: saved state is nested too deeply to be a saved game") from None
        else:
            data = text
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise ValueError(f"{self.name}: saved state must be a JSON object with format {JSON_FORMAT!r}")
        for key, expected in (("game", self.name), ("num_players", self.num_players), ("version", self.version)):
            if data.get(key) != expected or type(data.get(key)) is not type(expected):
                raise ValueError(f"{self.name}: saved state has {key}={data.get(key)!r}, this game needs {expected!r}")
        if data.get("options", {}) != json.loads(json.dumps(self.options)):
            raise ValueError(
                f"{self.name}: saved state has options {data.get('options')!r}, this game has {self.options!r}"
            )
        template = self._init(np.zeros(1, dtype=np.uint64))
        fields = data.get("fields")
        if not isinstance(fields, dict):
            raise ValueError(f"{self.name}: saved state has no 'fields' object")
        expected_names = set(template.arrays())
        if set(fields) != expected_names:
            missing = sorted(expected_names - set(fields))
            extra = sorted(set(fields) - expected_names)
            raise ValueError(f"{self.name}: saved state fields differ: missing {missing}, unknown {extra}")
        bounds = self.state_bounds_by_field
        arrays = {
            name: parse_field(self.name, name, fields[name], ref.dtype, ref.shape[1:], bounds.get(name))[None]
            for name, ref in template.arrays().items()
        }
        state = dataclasses.replace(template, **arrays)
        self.check_state(state)
        return state

    # ------------------------------------------------------------ saved states

    def state_field_bounds(self) -> dict[str, tuple[Any, Any]]:
        """``{field: (low, high)}`` for the game's own integer state fields: the values the rules
        allow (per entry: scalars or arrays broadcastable to the field's shape without the batch
        axis), checked by :meth:`from_json` before any rule reads the state. Games declare every
        integer field here (``phase`` and ``scores`` included: the ids of the phases that exist,
        the scores the observation bounds admit); the core adds ``current_player`` and
        ``step_count``. Consistency between fields is :meth:`check_invariants`' part."""
        return {}

    @property
    def state_bounds_by_field(self) -> dict[str, tuple[Any, Any]]:
        """The core's bounds of the shared fields merged with :meth:`state_field_bounds` (cached);
        ``ValueError`` if an integer field of the state has none."""
        cached = self.__dict__.get("_state_bounds")
        if cached is None:
            # step_count: no game lasts 2**30 decisions, and a saved count near the int32 limit would
            # wrap negative within the game it resumes
            cached = {"current_player": (0, self.num_players - 1), "step_count": (0, 2**30)}
            cached.update(self.state_field_bounds())
            template = self._init(np.zeros(1, dtype=np.uint64)).arrays()
            integer = {n for n, a in template.items() if a.dtype.kind in "iu" and a.dtype != np.uint64}
            missing, unknown = sorted(integer - set(cached)), sorted(set(cached) - integer)
            if missing or unknown:
                raise ValueError(
                    f"{self.name}: state_field_bounds must name every integer state field: "
                    f"missing {missing}, unknown {unknown}"
                )
            self.__dict__["_state_bounds"] = cached
        return cached

    def check_state(self, state: State) -> None:
        """``ValueError`` unless every game of ``state`` is one the rules can hold, as far as the
        state shows: a finished game may be truncated, a live one not; rewards are those of the
        last step (all 0 in a live game; 0 or :meth:`final_rewards_of` in a finished one);
        :meth:`check_invariants` holds; the legal-action mask is the one the state implies (none
        in a finished game; at least two in a live game, since the engine plays a decision with a
        single legal action itself). Field ranges are checked where the
        fields are read (:meth:`from_json`)."""
        live = ~state.terminated
        if (state.truncated & live).any():
            raise ValueError(f"{self.name}: field 'truncated' is true in a live game; allowed: false until it ends")
        if not np.isfinite(state.rewards).all():
            raise ValueError(f"{self.name}: field 'rewards' holds {state.rewards.tolist()}; allowed: finite numbers")
        if state.rewards[live].any():
            b = int(np.flatnonzero(live & state.rewards.any(1))[0])
            raise ValueError(
                f"{self.name}: field 'rewards' = {state.rewards[b].tolist()} in a live game; "
                "allowed: all 0 (rewards come at the end)"
            )
        if state.terminated.any():
            done = np.flatnonzero(state.terminated)
            final = self.final_rewards_of(state.select(done))
            given = state.rewards[done]
            ok = ~given.any(1) | np.isclose(given, final, rtol=1e-6, atol=1e-6).all(1)
            if not ok.all():
                k = int(np.flatnonzero(~ok)[0])
                raise ValueError(
                    f"{self.name}: field 'rewards' = {given[k].tolist()} in a finished game; allowed: "
                    f"{final[k].tolist()} (the final rewards its scores give) or all 0 (after a frozen step)"
                )
        if state.legal_action_mask[~live].any():
            raise ValueError(f"{self.name}: field 'legal_action_mask' marks actions legal in a finished game")
        try:
            self.check_invariants(state)
            recomputed = state.copy()
            games = np.flatnonzero(live)
            if games.size:
                self._refresh_mask(recomputed, games)
        except (IndexError, KeyError, TypeError, OverflowError, ZeroDivisionError) as err:
            # the declared ranges keep every index in range; this is the safety net for
            # combinations of in-range values no rule expects
            raise ValueError(
                f"{self.name}: saved state is inconsistent: reading it failed ({type(err).__name__}: {err})"
            ) from None
        for name, arr in state.arrays().items():
            if name != "legal_action_mask" and not np.array_equal(arr, getattr(recomputed, name)):
                raise ValueError(
                    f"{self.name}: field {name!r} = {arr.tolist()} disagrees with the rest of the state; "
                    f"the rules give {getattr(recomputed, name).tolist()}"
                )
        mask = recomputed.legal_action_mask
        for b in np.flatnonzero(live):
            if not mask[b].any():
                raise ValueError(
                    f"{self.name}: the state leaves player_{int(state.current_player[b])} to move with no legal "
                    f"action (field 'phase' = {int(state.phase[b])}); no game reaches such a position"
                )
            if mask[b].sum() == 1:
                raise ValueError(
                    f"{self.name}: the state leaves player_{int(state.current_player[b])} one legal action "
                    f"({self.action_names[int(np.argmax(mask[b]))]}); no game stops there: the engine plays "
                    "every decision with a single legal action itself"
                )
            if not np.array_equal(mask[b], state.legal_action_mask[b]):
                differ = np.flatnonzero(mask[b] != state.legal_action_mask[b])
                shown = ", ".join(
                    f"{a} ({self.action_names[a]}: saved {'legal' if state.legal_action_mask[b, a] else 'illegal'})"
                    for a in differ[:10]
                )
                raise ValueError(
                    f"{self.name}: field 'legal_action_mask' differs from the legal actions the state implies "
                    f"at {differ.size} action(s): {shown}"
                )

    @abc.abstractmethod
    def _refresh_mask(self, state: State, games: np.ndarray) -> None:
        """Recompute ``legal_action_mask`` of the live games ``games`` (int[n]) from the rest of the
        state, in place (each game implements it; :meth:`check_state` compares a saved mask)."""

    def final_rewards_of(self, state: State) -> np.ndarray:
        """float32[B, P]: the rewards the last step of each (finished) game of ``state`` gave
        (DESIGN.md rule 8). The default is :meth:`terminal_rewards` of the scores; games whose
        ranking breaks ties override it."""
        return self.terminal_rewards(state.scores)


def check_integer_players(name: str, num_players, allowed: tuple[int, ...]) -> None:
    """``ValueError`` unless ``num_players`` is None or an integer (a Python or numpy int, not a bool,
    not a float such as 2.0), naming the player counts ``allowed``. Every game's factory runs
    behind this one check (``make``, the PettingZoo and Gymnasium envs, ``Game.__init__``)."""
    if num_players is None:
        return
    if isinstance(num_players, (bool, np.bool_)) or not isinstance(num_players, (int, np.integer)):
        raise ValueError(
            f"{name}: num_players={num_players!r} is not supported: it must be an integer; "
            f"allowed: {', '.join(map(str, allowed))}"
        )


def layout_from_sizes(sizes: list[tuple[str, int]]) -> tuple[dict[str, slice], int]:
    """``(obs_layout, obs_size)``: consecutive named slices of the given widths, in order."""
    layout, offset = {}, 0
    for field, size in sizes:
        layout[field] = slice(offset, offset + size)
        offset += size
    return layout, offset


def _layout_bounds(name: str, layout: dict[str, slice], size: int, fields: dict) -> tuple[np.ndarray, np.ndarray]:
    """float32[size] low and high from per-field bounds; ``ValueError`` if a field is missing,
    unknown, of the wrong size, not finite or empty (low > high)."""
    missing, unknown = sorted(set(layout) - set(fields)), sorted(set(fields) - set(layout))
    if missing or unknown:
        raise ValueError(
            f"{name}: obs_field_bounds must name every obs_layout field: missing {missing}, unknown {unknown}"
        )
    low, high = np.empty(size, np.float32), np.empty(size, np.float32)
    for field, where in layout.items():
        width = where.stop - where.start
        for target, value in ((low, fields[field][0]), (high, fields[field][1])):
            value = np.asarray(value, np.float64)
            if value.ndim and value.shape != (width,):
                raise ValueError(f"{name}: bounds of {field!r} have shape {value.shape}, the field has {width} values")
            target[where] = value
    # low < high strictly: normalising wrappers (SuperSuit's normalize_obs_v0) divide by the width
    if not (np.isfinite(low).all() and np.isfinite(high).all() and (low < high).all()):
        bad = int(np.flatnonzero(~(np.isfinite(low) & np.isfinite(high) & (low < high)))[0])
        field = next(f for f, where in layout.items() if where.start <= bad < where.stop)
        raise ValueError(f"{name}: bounds of {field!r} must be finite with low < high, got [{low[bad]}, {high[bad]}]")
    low.flags.writeable = high.flags.writeable = False
    return low, high


def legal_counts(mask: np.ndarray) -> np.ndarray:
    """int[n]: legal actions (True entries) per row of ``mask`` (bool[n, A]).

    A matrix product with a vector of ones: numpy's ``sum`` over a short last axis costs
    several times more (its reduction loop is per row)."""
    A = mask.shape[1]
    if A < 256:  # the uint8 product cannot overflow
        ones = _ONES.get(A)
        if ones is None:
            ones = _ONES[A] = np.ones(A, np.uint8)
        return mask.view(np.uint8) @ ones
    return mask.sum(1)


_ONES: dict[int, np.ndarray] = {}  # uint8[A] vectors of ones for legal_counts


def dispatch(phase: np.ndarray, games: np.ndarray, actions: np.ndarray, handlers: dict[int, Callable]) -> None:
    """Route each game to the handler of its phase, vectorised over the batch.

    ``phase``: int[B] (the state's phase array), ``games``: int[n] game indices,
    ``actions``: int[n]. Groups are formed *before* any handler runs, so a
    handler that changes a game's phase never makes it run twice.
    """
    if games.size <= 1:  # B=1 play (the AEC env): no arrays to build
        if games.size:
            handler = handlers.get(int(phase[games[0]]))
            if handler is not None:
                handler(games, actions)
        return
    game_phase = phase[games]
    first = game_phase[0]
    if (game_phase == first).all():  # one phase (always so at B=1): no grouping
        handler = handlers.get(int(first))
        if handler is not None:
            handler(games, actions)
        return
    groups = [(handler, game_phase == key) for key, handler in handlers.items()]
    for handler, selected in groups:
        if selected.all():
            handler(games, actions)
        elif selected.any():
            handler(games[selected], actions[selected])
