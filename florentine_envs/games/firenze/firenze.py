"""Firenze (Andreas Steding), batched numpy engine for 2-4 players.

The encoding (action ids, observation layout, order of automatic steps, use of
randomness) is fixed in ``SPEC.md`` beside this file, on top of the design notes
``DESIGN_NOTES.md`` (phases, readings of ambiguous rule sentences). The rules are
the rulebook's (``shared/rules/firenze.txt``). Every component number is read from
``firenze_data.json``; the option ``data=`` (a dict patch or a path to a full
file) overrides it for balance studies.

The package, module by module (the mixins are mixed into :class:`Firenze`):

* ``constants.py`` -- the fixed encoding: random streams, table sizes, phase ids and
  names, action ids, per-phase lookup tables (all re-exported from here).
* ``data.py`` -- :func:`load_data` (the packaged component data and its overrides) and
  :class:`~.data.FirenzeTables`: the data read into arrays, the action names.
* ``setup.py`` -- :class:`~.setup.FirenzeSetup`: board options, neutral seals, pouch
  draws and deck shuffles (rulebook "Set Up").
* ``turn.py`` -- :class:`~.turn.FirenzeTurn`: the automatic course of a turn (take and
  refill, entering each phase, teardown, limits, end of turn and of the game).
* ``events.py`` -- :class:`~.events.FirenzeEvents`: resolving event cards.
* ``rules.py`` -- :class:`~.rules.FirenzeRules`: the step handlers, one per decision
  phase (payments, personnel, building, fulfilling commissions).
* ``masks.py`` -- :class:`~.masks.FirenzeMasks`: legal actions, batched and for one game.
* ``scoring.py`` -- :class:`~.scoring.FirenzeScoring`: final scoring and rewards.
* ``observation.py`` -- :class:`~.observation.FirenzeObservation`: the observation
  layout, field bounds and encoders.
* ``presentation.py`` -- :class:`~.presentation.FirenzePresentation`: ``render``,
  ``describe_action``, ``narrate`` and ``play_notes``.
* ``components.py`` -- :class:`~.components.FirenzeComponents`: the balance hooks
  (components acquired, running score).
* ``firenze.py`` (this module) -- :class:`FirenzeState` and :class:`Firenze`: options,
  the blank state and set-up, the step (dispatch and queued continuations), invariants
  and hidden-information resampling.
* ``reference/`` -- the scalar reference implementation the differential test
  compares against.

Readings of the rulebook where it is not explicit (all 32, each quoting its
sentence, are in DESIGN_NOTES.md §13; each has a scenario test in
``tests/test_firenze_rules_*.py``). The ones that change play most:

* The bricks on a taken card reach the storehouse before its event resolves;
  only Flood and Storehouse Fire exempt them (they are held aside), so they can
  pay Tribute and Luxury Tax.
* Tribute and Luxury Tax pay for as many towers as possible; the player picks
  which when short; unpaid towers are torn down like abandoned ones (half,
  rounded up, to the pouch). Each affected player decides in clockwise order
  from the taker (``current_player`` moves to them); ``auto_discard=True``
  applies the online implementation's fixed rule instead.
* A Patrician cancels an event the player chose for everyone, and counts as
  the turn's Patrician.
* "Worked on" means received at least one brick in this turn's Build phase;
  being reduced by an event is not working on a tower.
* The Mason must be played before the bricks whose cost it lowers (costs are
  paid when building ends, so nothing is lost); Workshop and Mason together
  lower the cost by 4; a cost never goes below zero.
* Limits are checked only at the end of the owner's turn: storehouse first,
  then cards; celebration cards are never discarded; a Warehouse lifts the card
  limit entirely.
* The Architect changes the scored height of one fulfilment; level tiles and
  privileges use the commission's printed height; it does not help the bell tower.
* The Saboteur is a personnel card (held, played in one's own turn, counted by
  the card limit): it acts only on another player, and an event's effect "only
  applies to the player whose turn it is".
* The neutral-seal advice "the third and fourth Levels" means the 3- and 4-brick
  commissions ("1 Brick = 1 Level"); the data flag ``levels_are_positions``
  switches to v0's reading, the 3rd and 4th board spaces (heights 5-6).
* Seat 0 is the starting player ("whoever was most recently up a tower").

Implementation notes:

* One step applies one decision to every game in the batch, routed per phase
  with :func:`~florentine_envs.core.game.dispatch`; the automatic parts of a
  turn (take, event resolution, refill, teardown, limits, end of turn, final
  scoring) run as vectorised continuations of the decision that triggers them.
  Loops run only over players, colours, slots and brick counts (small constants).
* Continuations reached from several phases (take, event resolution, end of an
  event, refill) are queued during a step and run once for the whole batch
  (:meth:`Firenze._later`), so rare events cost one vectorised call per step.
* Towers are kept compact (slot order kept) after every removal, so a player's
  towers are always slots ``0..n-1``.
* The symmetry rule (DESIGN_NOTES §8) offers only the lowest slot of towers
  sharing (colour, height, at_start, built).
* Entering Exchange, Build or Fulfill where nothing but PASS could be legal
  passes at once (a cheap sufficient test); this gives the same result as the
  core's forced-move rule with less mask work.
* One game at a time (the AEC env) takes scalar paths where numpy's per-call
  cost on one row dominates: ``_observe_one``, ``_mask_one`` (mirrors of
  ``_observe_batch`` and ``_refresh_mask_batch``: a rule changed in one must be
  changed in the other) and short branches of the commonest handlers. They give
  exactly the batched result (``tests/test_firenze_single_game.py``).

Changelog:

* v1 -- the Saboteur is personnel (was an event): it joins the hand, the
  ``played`` flags and the card limit, with two new actions appended
  (``patrician_discard_saboteur`` 166, ``limit_discard_saboteur`` 167; 168 in
  all, ids 0-165 unchanged); phase 4 (was EVENT_SABOTEUR) is never entered; the
  observation's ``played`` and ``own_hand`` (and ``opponent_hands``) fields grow
  by the Saboteur, ``event`` loses it. The Patrician is not offered against an
  event that would change nothing. The recommended neutral seals follow the
  brick-count reading of "the third and fourth Levels" by default
  (``levels_are_positions`` is read). See SPEC.md "Changes".
* v0 -- first release.
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game, dispatch
from ...core.state import State
from ..redraw import redraw_until_plausible
from .components import FirenzeComponents
from .constants import (  # noqa: F401 (the public names are re-exported: tests and agents import them from here)
    A_ALCHEMIST,
    A_ARCHITECT,
    A_BELL,
    A_BRICK,
    A_BUILD_ON,
    A_EXCHANGE,
    A_FULFILL,
    A_IGNORE,
    A_LIMIT,
    A_LIMIT_SABOTEUR,
    A_MASON,
    A_PASS,
    A_PATRICIAN_DISCARD,
    A_PATRICIAN_SABOTEUR,
    A_PRINCESS,
    A_SABOTAGE,
    A_SELECT,
    A_SMUGGLE,
    A_START,
    A_TAKE,
    A_WHOLESALE,
    NUM_ACTIONS,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_COMMISSIONS,
    NUM_KINDS,
    NUM_PHASES,
    NUM_SLOTS,
    NUM_TOWER_SLOTS,
    PH_ALCH_GIVE,
    PH_BUILD,
    PH_CHOOSE,
    PH_EV_DISCARD,
    PH_EV_KEEP,
    PH_EV_OWN_TOWER,
    PH_EV_PATRICIAN,
    PH_EV_PAY,
    PH_EXCHANGE,
    PH_EXCHANGE_PAY,
    PH_FULFILL,
    PH_LIMIT_BRICKS,
    PH_LIMIT_CARDS,
    PH_OVER,
    PH_PAY_BUILD,
    PH_PAY_CARD,
    PH_SMUG_GIVE,
    PH_UNUSED,
    PHASE_NAMES,
    STREAM_DECK,
    STREAM_POUCH,
    STREAM_SETUP,
)
from .data import FirenzeTables, load_data
from .events import FirenzeEvents
from .masks import FirenzeMasks
from .observation import FirenzeObservation
from .presentation import FirenzePresentation
from .rules import FirenzeRules
from .scoring import FirenzeScoring
from .setup import FirenzeSetup
from .turn import FirenzeTurn


@dataclasses.dataclass
class FirenzeState(State):
    """Shapes: B games, P players. Field names follow DESIGN_NOTES §2; cards are kinds
    (SPEC §0.1)."""

    pouch_draws: np.ndarray  # int64[B]        single-brick draws so far (stream POUCH counter)
    deck_shuffles: np.ndarray  # int64[B]      deck shuffles so far (stream DECK counter)
    return_phase: np.ndarray  # int8[B]        phase ALCHEMIST_GIVE / SMUGGLER_GIVE return to
    turn_player: np.ndarray  # int8[B]
    turn_number: np.ndarray  # int32[B]        completed turns
    pouch: np.ndarray  # int16[B, 6]
    storehouse: np.ndarray  # int16[B, P, 6]
    aside: np.ndarray  # int16[B, 6]           bricks of a taken Flood / Storehouse Fire
    tower_colour: np.ndarray  # int8[B, P, 12]  -1 = empty slot
    tower_height: np.ndarray  # int8[B, P, 12]
    tower_at_start: np.ndarray  # bool[B, P, 12]
    tower_built: np.ndarray  # bool[B, P, 12]
    deck: np.ndarray  # int8[B, 52]            kinds; live part deck[deck_pos:deck_len], top first
    deck_pos: np.ndarray  # int8[B]
    deck_len: np.ndarray  # int8[B]
    discard: np.ndarray  # int8[B, 27]         cards of each kind in the discard pile
    row_card: np.ndarray  # int8[B, 6]         kind, -1 = empty
    row_bricks: np.ndarray  # int16[B, 6, 6]   [slot, colour]
    hand: np.ndarray  # int8[B, P, 27]         personnel + celebration cards per kind
    buildings: np.ndarray  # bool[B, P, 3]     Bridge, Warehouse, Workshop
    church: np.ndarray  # int8[B, 4]           kind on each church space, -1 = free
    campanile_sealed: np.ndarray  # bool[B, P]
    commission_owner: np.ndarray  # int8[B, 36]  -1 open, -2 neutral seal, else seat
    balcony_tile: np.ndarray  # int8[B, 4]     tile id drawn for numerals I..IV
    next_balcony: np.ndarray  # int8[B]        0..3 = I..IV open next, 4 = all done
    level_tile_taken: np.ndarray  # bool[B, 4]
    seals_left: np.ndarray  # int8[B, P]
    prestige: np.ndarray  # int16[B, P]
    end_trigger: np.ndarray  # int8[B]         seat that placed its last seal first, -1
    played: np.ndarray  # bool[B, 8]           personnel names played this turn (v0 order, Saboteur last)
    princess_active: np.ndarray  # bool[B]
    mason_active: np.ndarray  # bool[B]
    exchange_done: np.ndarray  # bool[B]
    architect: np.ndarray  # int8[B]           0 not played, 1 played and unused, 2 used
    bricks_built: np.ndarray  # int8[B]
    chosen_slot: np.ndarray  # int8[B]
    pay_index: np.ndarray  # int8[B]
    pay_left: np.ndarray  # int8[B]
    event_kind: np.ndarray  # int8[B]          event card being resolved, -1
    event_offset: np.ndarray  # int8[B]        player (turn_player + offset) being processed
    keep_left: np.ndarray  # int8[B]
    keep_colour: np.ndarray  # int8[B]         Tribute colour being decided, -1 (Luxury Tax)
    keep_marked: np.ndarray  # bool[B, 12]     towers chosen to be paid for
    pending_take: np.ndarray  # int8[B, 3]     (colour, source seat, unused) received after giving
    exchange_slot: np.ndarray  # int8[B]
    acquired: np.ndarray  # int16[B, P, 36]   components counted as acquired (components.py), balance studies


class Firenze(
    FirenzeComponents,
    FirenzePresentation,
    FirenzeObservation,
    FirenzeTables,
    FirenzeSetup,
    FirenzeTurn,
    FirenzeEvents,
    FirenzeRules,
    FirenzeMasks,
    FirenzeScoring,
    Game,
):
    """Firenze. Options: ``campanile`` (bool), ``auto_discard`` (bool), ``neutral_seals``
    ("recommended" | "uniform" | list of 5 commission ids), ``balconies`` ("random" | list
    of 4 tile ids), ``opponent_hands`` ("hidden" | "recall"), ``reward`` ("win" | "score"),
    ``max_turns`` (int, default 60*P), ``data`` (dict patch or path), ``end_rule``
    ("rulebook": every other player has one more turn after the last seal; "round": the
    round is finished instead, so every player has had as many turns -- a balance-study
    variant that isolates the end rule's part in the seat advantage)."""

    name = "firenze"
    version = 1  # see the changelog in the module docstring
    player_counts = (2, 3, 4)
    reference = "florentine_envs.games.firenze.reference:FirenzeReference"
    option_names = (
        "campanile", "auto_discard", "neutral_seals", "balconies", "opponent_hands", "reward", "max_turns", "data",
        "end_rule",
    )  # fmt: skip
    END_RULES = ("rulebook", "round")

    def _draw_picture(self, state, index: int, view: int | None):
        """The picture of one game: this package's ``picture.py`` (imported on use, the optional
        ``pictures`` extra)."""
        from .picture import draw

        return draw(self, state, index, view)

    def __init__(
        self,
        num_players: int = 4,
        campanile: bool = True,
        auto_discard: bool = False,
        neutral_seals="recommended",
        balconies="random",
        opponent_hands: str = "hidden",
        reward: str = "win",
        max_turns: int | None = None,
        data=None,
        end_rule: str = "rulebook",
    ):
        for opt, value in (("campanile", campanile), ("auto_discard", auto_discard)):
            if not isinstance(value, (bool, np.bool_)):
                raise ValueError(f"firenze: {opt} must be True or False, got {value!r}")
        if opponent_hands not in ("hidden", "recall"):
            raise ValueError(
                f"firenze: opponent_hands={opponent_hands!r} is not supported; allowed: 'hidden', 'recall'"
            )
        if reward not in ("win", "score"):
            raise ValueError(f"firenze: reward={reward!r} is not supported; allowed: 'win', 'score'")
        if end_rule not in self.END_RULES:
            raise ValueError(f"firenze: end_rule={end_rule!r} is not supported; allowed: 'rulebook', 'round'")
        if max_turns is None:
            max_turns = 60 * int(num_players) if num_players in self.player_counts else 1
        if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)) or max_turns < 1:
            raise ValueError(f"firenze: max_turns must be a positive integer, got {max_turns!r}")
        options = {
            "campanile": bool(campanile),
            "auto_discard": bool(auto_discard),
            "neutral_seals": list(neutral_seals) if isinstance(neutral_seals, (list, tuple)) else neutral_seals,
            "balconies": list(balconies) if isinstance(balconies, (list, tuple)) else balconies,
            "opponent_hands": opponent_hands,
            "reward": reward,
            "max_turns": int(max_turns),
        }
        if data is not None:
            options["data"] = str(data) if isinstance(data, Path) else data
        if end_rule != "rulebook":  # only when changed: saved states and option dicts stay as they were
            options["end_rule"] = end_rule
        super().__init__(num_players, **options)
        self.end_rule = end_rule
        self.campanile = bool(campanile)
        self.auto_discard = bool(auto_discard)
        self.recall = opponent_hands == "recall"
        self.max_turns = int(max_turns)
        self.data = load_data(data)
        try:
            self._read_data(self.data)
        except (KeyError, TypeError, IndexError) as err:
            raise ValueError(f"firenze: component data is malformed ({type(err).__name__}: {err})") from None
        self._check_board_options(neutral_seals, balconies)
        self._build_actions()
        self._build_layout()
        self._build_components()

    # ------------------------------------------------------------------ init

    def _blank(self, seeds: np.ndarray) -> FirenzeState:
        B, P = len(seeds), self.num_players
        z = np.zeros
        return FirenzeState(
            seed=seeds.copy(),
            current_player=z(B, np.int8),
            phase=z(B, np.int8),
            legal_action_mask=z((B, NUM_ACTIONS), bool),
            rewards=z((B, P), np.float32),
            terminated=z(B, bool),
            truncated=z(B, bool),
            scores=z((B, P), np.int32),
            step_count=z(B, np.int32),
            pouch_draws=z(B, np.int64),
            deck_shuffles=z(B, np.int64),
            return_phase=z(B, np.int8),
            turn_player=z(B, np.int8),
            turn_number=z(B, np.int32),
            pouch=z((B, 6), np.int16),
            storehouse=z((B, P, 6), np.int16),
            aside=z((B, 6), np.int16),
            tower_colour=np.full((B, P, NUM_TOWER_SLOTS), -1, np.int8),
            tower_height=z((B, P, NUM_TOWER_SLOTS), np.int8),
            tower_at_start=z((B, P, NUM_TOWER_SLOTS), bool),
            tower_built=z((B, P, NUM_TOWER_SLOTS), bool),
            deck=np.full((B, NUM_CARDS), -1, np.int8),
            deck_pos=z(B, np.int8),
            deck_len=z(B, np.int8),
            discard=z((B, NUM_KINDS), np.int8),
            row_card=np.full((B, 6), -1, np.int8),
            row_bricks=z((B, 6, 6), np.int16),
            hand=z((B, P, NUM_KINDS), np.int8),
            buildings=z((B, P, 3), bool),
            church=np.full((B, self.church_spaces), -1, np.int8),
            campanile_sealed=z((B, P), bool),
            commission_owner=np.full((B, NUM_COMMISSIONS), -1, np.int8),
            balcony_tile=z((B, 4), np.int8),
            next_balcony=z(B, np.int8),
            level_tile_taken=z((B, len(self.level_tile_height)), bool),
            seals_left=z((B, P), np.int8),
            prestige=z((B, P), np.int16),
            end_trigger=np.full(B, -1, np.int8),
            played=z((B, len(self.personnel_kinds)), bool),
            princess_active=z(B, bool),
            mason_active=z(B, bool),
            exchange_done=z(B, bool),
            architect=z(B, np.int8),
            bricks_built=z(B, np.int8),
            chosen_slot=z(B, np.int8),
            pay_index=z(B, np.int8),
            pay_left=z(B, np.int8),
            event_kind=np.full(B, -1, np.int8),
            event_offset=z(B, np.int8),
            keep_left=z(B, np.int8),
            keep_colour=np.full(B, -1, np.int8),
            keep_marked=z((B, NUM_TOWER_SLOTS), bool),
            pending_take=z((B, 3), np.int8),
            exchange_slot=z(B, np.int8),
            acquired=z((B, P, self.num_counted), np.int16),
        )

    def _init(self, seeds: np.ndarray) -> FirenzeState:
        st = self._blank(seeds)
        B = len(seeds)
        games = np.arange(B)
        # Set Up 4: one balcony tile of each numeral.
        for num in range(4):
            if self.fixed_balconies is not None:
                st.balcony_tile[:, num] = self.fixed_balconies[num]
            else:
                tiles = self.tiles_of_numeral[num]
                st.balcony_tile[:, num] = tiles[rng.randint(seeds, STREAM_SETUP, num, len(tiles))]
        self._place_neutral_seals(st)
        # Set Up 7-8: seals; starting bricks 2, 3, 4, 5 in turn order; the rest in the pouch.
        st.seals_left[:] = self.seals_per_player
        st.storehouse[:, :, self.starting_colour] = self.starting_bricks
        st.pouch[:] = self.brick_counts
        st.pouch[:, self.starting_colour] -= sum(self.starting_bricks)
        # Set Up 10: the start cards, shuffled, on top of the shuffled rest.
        present = self.item_copy < self.in_game[self.item_kind]  # [52]
        start = self.item_copy < self.kind_start[self.item_kind]
        keys = rng.shuffle_keys(seeds, STREAM_DECK, np.zeros(B, np.int64), NUM_CARDS)
        order = np.lexsort((keys, np.broadcast_to(~start, keys.shape), np.broadcast_to(~present, keys.shape)))
        size = int(present.sum())
        deck = self.item_kind[order]
        deck[:, size:] = -1
        st.deck[:] = deck
        st.deck_len[:] = size
        st.deck_shuffles[:] = 1
        # Set Up 11: six cards, then 4 bricks on each, slot 0 first.
        st.row_card[:] = st.deck[:, :6]
        st.deck_pos[:] = 6
        for s in range(6):
            st.row_bricks[:, s] = self._draw(st, games, np.full(B, self.bricks_per_new_card))
        self._turn_start(st, games)
        self._refresh_mask(st, games)
        return st

    # ------------------------------------------------------------------ step

    def _later(self, stage: str, games: np.ndarray) -> None:
        """Queue ``games`` for an automatic stage run once per step for the whole batch (see
        :meth:`_apply`): continuations reached from several phases are then vectorised together."""
        if games.size:
            self._queue[stage].append(games)

    def _apply(self, state: FirenzeState, games: np.ndarray, actions: np.ndarray) -> None:
        st = state
        # Each stage only queues games for later stages, so one ordered pass drains the queue.
        self._queue = {"take": [], "resolve": [], "all_players": [], "event_done": [], "finish": []}
        stages = (
            ("take", self._take),
            ("resolve", self._resolve_event),
            ("all_players", self._all_players),
            ("event_done", self._event_done),
            ("finish", self._finish_take),
        )
        handlers = self._handlers
        if games.size == 1:  # one game (the AEC env): its handler at once, no partials to bind
            handler = handlers.get(st.phase.item(games.item(0)))
            if handler is not None:
                handler(self, st, games, actions)
        else:
            dispatch(st.phase, games, actions, {phase: functools.partial(h, self, st) for phase, h in handlers.items()})
        for stage, run in stages:
            parts = self._queue[stage]
            if parts:
                run(st, parts[0] if len(parts) == 1 else np.concatenate(parts))
        self._refresh_mask(st, games)

    # ------------------------------------------------------------ invariants

    @staticmethod
    def _kind_counts(kinds: np.ndarray) -> np.ndarray:
        """int[n, 27]: how often each kind appears in ``kinds`` (int[n, m]; 27 = none)."""
        n, m = kinds.shape
        rows = np.repeat(np.arange(n), m)
        counts = np.bincount(rows * (NUM_KINDS + 1) + kinds.ravel(), minlength=n * (NUM_KINDS + 1))
        return counts.reshape(n, NUM_KINDS + 1)[:, :NUM_KINDS]

    def card_counts(self, st: FirenzeState) -> dict[str, np.ndarray]:
        """int[B, 27] cards of each kind per place: deck, row, hands, buildings, church, discard,
        limbo (the event card being resolved)."""
        B = st.batch_size
        pos = np.arange(NUM_CARDS)[None, :]
        live = (pos >= st.deck_pos[:, None]) & (pos < st.deck_len[:, None])
        deck = self._kind_counts(np.where(live & (st.deck >= 0), st.deck, NUM_KINDS).astype(np.int64))
        row = self._kind_counts(np.where(st.row_card >= 0, st.row_card, NUM_KINDS).astype(np.int64))
        church = self._kind_counts(np.where(st.church >= 0, st.church, NUM_KINDS).astype(np.int64))
        buildings = np.zeros((B, NUM_KINDS), np.int64)
        buildings[:, self.building_kinds] = st.buildings.sum(1)
        limbo = np.zeros((B, NUM_KINDS), np.int64)
        ev = st.event_kind >= 0
        limbo[np.flatnonzero(ev), st.event_kind[ev]] = 1
        return {
            "deck": deck, "row": row, "hands": st.hand.sum(1).astype(np.int64), "buildings": buildings,
            "church": church, "discard": st.discard.astype(np.int64), "limbo": limbo,
        }  # fmt: skip

    def brick_counts_by_place(self, st: FirenzeState) -> np.ndarray:
        """int[B, 6]: bricks of each colour over pouch, card row, storehouses, aside and towers."""
        B = st.batch_size
        total = st.pouch.astype(np.int64) + st.row_bricks.sum(1) + st.storehouse.sum(1) + st.aside
        colour = st.tower_colour.reshape(B, -1).astype(np.int64)
        height = st.tower_height.reshape(B, -1).astype(np.int64)
        total += ((colour[:, :, None] == np.arange(6)) * height[:, :, None]).sum(1)
        return total

    def state_field_bounds(self) -> dict:
        """The range of every integer state field (the core checks them in ``from_json``; SPEC §0
        and DESIGN_NOTES §2 give the meanings): ids of phases, kinds, colours, seats, slots and
        tiles; brick and card counts within the component data; prestige and scores within the
        observation's bounds. Which combinations are consistent is :meth:`check_invariants`' part."""
        P, obs = self.num_players, self.obs_field_bounds()
        prestige = (obs["players"][0][0], obs["players"][1][0])
        bricks, in_game = self.brick_counts, self.in_game
        per_seat = np.broadcast_to(self.in_game, (P, NUM_KINDS))
        # final scores add to prestige (check_invariants ties a live game's scores to it) the
        # majority bonuses and the celebrations (score_breakdown): a seat wins a colour's majority
        # only with a commission of it, so at most seals_per_player colours' bonuses; it holds at
        # most every copy of a celebration card (the hand's bound), and Recognition counts its
        # commissions at the recognition heights, at most seals_per_player of them
        won = min(NUM_COLOURS, self.seals_per_player)
        majority = np.sort(self.majority_bonus)
        recognised = min(self.seals_per_player, int(np.isin(self.comm_height, self.recognition_heights).sum()))
        recognition = int(in_game[self.K["Recognition"]]) * recognised * self.recognition_pp
        celebrations = in_game * self.celebration_pp
        score_low = prestige[0] + int(np.minimum(majority[:won], 0).sum() + np.minimum(celebrations, 0).sum())
        score_low += min(recognition, 0)
        score_high = prestige[1] + int(np.maximum(majority[-won:], 0).sum() + np.maximum(celebrations, 0).sum())
        score_high += max(recognition, 0)
        big = np.iinfo(np.int32).max  # RNG counters: any count of draws is possible
        return {
            "phase": (0, NUM_PHASES - 1), "return_phase": (0, NUM_PHASES - 1), "turn_player": (0, P - 1),
            "turn_number": (0, self.max_turns), "pouch": (0, bricks), "storehouse": (0, bricks), "aside": (0, bricks),
            "tower_colour": (-1, NUM_COLOURS - 1), "tower_height": (0, int(bricks.max())),
            "deck": (-1, NUM_KINDS - 1), "deck_pos": (0, NUM_CARDS), "deck_len": (0, NUM_CARDS),
            "discard": (0, in_game), "row_card": (-1, NUM_KINDS - 1), "row_bricks": (0, bricks),
            "hand": (0, per_seat), "church": (-1, NUM_KINDS - 1), "commission_owner": (-2, P - 1),
            "balcony_tile": (0, len(self.tile_comm) - 1), "next_balcony": (0, 4),
            "seals_left": (0, self.seals_per_player), "prestige": prestige, "end_trigger": (-1, P - 1),
            "architect": (0, 2), "bricks_built": (0, self.max_build), "chosen_slot": (0, NUM_TOWER_SLOTS - 1),
            "pay_index": (0, NUM_TOWER_SLOTS - 1), "pay_left": (0, obs["payment"][1][0]),
            "event_kind": (-1, NUM_KINDS - 1), "event_offset": (0, P), "keep_left": (0, NUM_TOWER_SLOTS),
            "keep_colour": (-1, NUM_COLOURS - 1),
            "pending_take": (0, np.array([NUM_COLOURS - 1, P - 1, NUM_COLOURS - 1])),
            "exchange_slot": (0, NUM_SLOTS - 1), "acquired": (0, np.iinfo(np.int16).max),
            "pouch_draws": (0, big), "deck_shuffles": (0, big), "scores": (score_low, score_high),
        }  # fmt: skip

    def check_invariants(self, state: FirenzeState) -> None:
        st = state
        B, P = st.batch_size, self.num_players
        problems = []

        def bad(cond, what):
            rows = np.flatnonzero(cond)
            if rows.size:
                problems.append(f"game {int(rows[0])}: {what}")

        bad((self.brick_counts_by_place(st) != self.brick_counts).any(1), "bricks not conserved (88 by colour)")
        negative = (st.pouch < 0).any(1) | (st.storehouse < 0).any((1, 2)) | (st.row_bricks < 0).any((1, 2))
        bad(negative | (st.aside < 0).any(1), "negative brick count")
        counts = self.card_counts(st)
        total = sum(counts.values())
        bad((total != self.in_game).any(1), f"cards not conserved ({self.total_cards} by kind)")
        bad((st.hand < 0).any((1, 2)) | (st.discard < 0).any(1), "negative card count")
        bad(~(0 <= st.deck_pos).all() | (st.deck_pos > st.deck_len) | (st.deck_len > NUM_CARDS), "deck bounds")
        hand_ok = np.zeros(NUM_KINDS, bool)
        hand_ok[self.hand_kinds] = True
        bad((st.hand[:, :, ~hand_ok] != 0).any((1, 2)), "a non-hand card in a hand")
        church_ok = (st.church < 0) | np.isin(st.church, self.church_kinds)
        bad(~church_ok.all(1), "a non-church card on a church space")
        # towers: single colour (by construction), heights 1.. and compact slots
        colour, height = st.tower_colour, st.tower_height
        exists = colour >= 0
        bad(((height <= 0) & exists).any((1, 2)) | ((height != 0) & ~exists).any((1, 2)), "tower heights")
        compact = (exists[:, :, 1:] & ~exists[:, :, :-1]).any((1, 2))
        bad(compact, "tower slots not compact")
        count = exists.sum(2)  # [B, P]
        giving = np.isin(st.phase, (PH_ALCH_GIVE, PH_SMUG_GIVE)) & (st.return_phase == PH_BUILD)
        outside_build = ~np.isin(st.phase, (PH_BUILD, PH_PAY_BUILD)) & ~giving
        bad(outside_build & (count > 6).any(1), "more than 6 towers outside Build")
        # seals
        owner = st.commission_owner.astype(np.int64)
        placed = (owner[:, None, :] == np.arange(P)[None, :, None]).sum(2)
        bad((st.seals_left + placed != self.seals_per_player).any(1), "seals not conserved")
        bad((owner == -2).sum(1) != self.neutral_count, "neutral seal count")
        tcomm = self.tile_comm[st.balcony_tile.astype(np.int64)]
        bad((np.take_along_axis(owner, tcomm, 1) == -2).any(1), "a neutral seal on a balcony")
        balcony_sealed = (np.take_along_axis(owner, tcomm, 1) >= 0).sum(1)
        bad(balcony_sealed != st.next_balcony, "next_balcony differs from sealed balconies")
        sealed_heights = np.where(owner >= 0, self.comm_height, -1)
        tile_reached = (sealed_heights[:, :, None] == self.level_tile_height).any(1)
        bad((tile_reached != st.level_tile_taken).any(1), "level tiles inconsistent with seals")
        trig = st.end_trigger.astype(np.int64)
        bad((trig >= 0) & (st.seals_left[np.arange(B), np.maximum(trig, 0)] != 0), "end trigger holds seals")
        bad((st.bricks_built < 0) | (st.bricks_built > self.max_build), "bricks_built out of range")
        building = st.phase == PH_BUILD
        cost = self._build_cost(st, np.arange(B), st.bricks_built.astype(np.int64))
        store_total = st.storehouse[np.arange(B), st.turn_player.astype(np.int64)].sum(1)
        bad(building & (store_total < cost), "construction cost unpayable")
        bad(st.terminated & st.legal_action_mask.any(1), "finished game has legal actions")
        bad(~st.terminated & ~st.legal_action_mask.any(1), "live game has no legal action")
        bad(st.terminated != (st.phase == PH_OVER), "terminated differs from phase GAME_OVER")
        bad(st.truncated & ~st.terminated, "truncated but not terminated")
        bad(~st.terminated & (st.scores != st.prestige).any(1), "scores differ from prestige during the game")
        self._check_acquired(st, bad)
        bad((st.current_player < 0) | (st.current_player >= P) | (st.turn_player < 0) | (st.turn_player >= P), "seats")
        if problems:
            raise ValueError(f"{self.name}: invalid state: " + "; ".join(problems[:5]))

    # --------------------------------------------------------- hidden info

    def randomize_hidden(self, state: FirenzeState, player: int, seed: int) -> FirenzeState:
        """Re-deal what ``player`` cannot see: the deck order, in "hidden" mode the opponents'
        hands (sizes kept; only personnel and celebration cards can be in a hand), and every
        future draw (a new seed). The deal is one the game could have reached (``games/redraw.py``:
        the player to move has a choice; see :meth:`_deal_hidden` for the turn player's hand) and
        every mask is recomputed from it."""
        out = state.copy()
        out.seed[:] = rng.hash64(np.uint64(seed), 99, np.arange(state.batch_size))
        redraw_until_plausible(
            out, state, lambda b, attempt: self._deal_hidden(out, b, player, attempt), self._refresh_mask
        )
        return out

    def _deal_hidden(self, out: FirenzeState, b: int, player: int, attempt: int) -> None:
        """One deal of game ``b``: the deck and the hidden hands pooled, shuffled (keys from the
        new seed and ``attempt``) and dealt back. The turn player's hand, when hidden, keeps what
        its phase shows everyone: asked the Patrician question (EVENT_PATRICIAN), he holds a
        Patrician; discarding for the card limit (LIMIT_CARDS), the discards still due are
        ``min(cards - limit, personnel + buildings)`` as when the phase began (each discard
        lowers both sides by one), which fixes how many personnel cards he holds."""
        P = self.num_players
        pos, end = int(out.deck_pos[b]), int(out.deck_len[b])
        pool = list(out.deck[b, pos:end])
        sizes = {}
        if not self.recall:
            turn = int(out.turn_player[b])
            for q in sorted(range(P), key=lambda q: q != turn):  # the turn player first: his hand is bound
                if q == player:
                    continue
                sizes[q] = int(out.hand[b, q].sum())
                for kind in np.flatnonzero(out.hand[b, q]):
                    pool += [int(kind)] * int(out.hand[b, q, kind])
                out.hand[b, q] = 0
        # sorted first: the redraw is a function of what the player knows and the seed, not
        # of the hidden order it replaces (a search agent's decision must not depend on it)
        pool.sort()
        keys = rng.hash64(out.seed[b], 98, attempt, np.arange(len(pool)))
        pool = [pool[i] for i in np.argsort(keys, kind="stable")]

        def take(q: int, allowed: np.ndarray) -> None:  # the first card of the pool that ``allowed`` (bool[27]) admits
            i = next(i for i, kind in enumerate(pool) if allowed[kind])
            out.hand[b, q, pool.pop(i)] += 1

        for q, size in sizes.items():
            first, need, rest = self._hand_bound(out, b, q, size)
            for _ in range(need):
                take(q, first)
            for _ in range(size - need):
                take(q, rest)
        out.deck[b, :] = -1
        out.deck[b, : len(pool)] = pool
        out.deck_pos[b], out.deck_len[b] = 0, len(pool)

    def _hand_bound(self, st: FirenzeState, b: int, p: int, size: int) -> tuple[np.ndarray, int, np.ndarray]:
        """(first, n, rest): seat p's hand of ``size`` cards in game ``b`` holds n cards of the
        kinds ``first`` admits, its other cards of the kinds ``rest`` admits (bool[27] each), as
        the phase of the turn shows (see :meth:`_deal_hidden`)."""
        phase = int(st.phase[b]) if p == st.turn_player[b] else -1
        if phase == PH_EV_PATRICIAN:
            return self._patrician_card, 1, self._hand_ok
        if phase != PH_LIMIT_CARDS:
            return self._hand_ok, 0, self._hand_ok
        owned, due = int(st.buildings[b, p].sum()), int(st.pay_left[b])
        warehouse = st.buildings[b, p, self.KB["Warehouse"]]
        limit = self.card_limit if not warehouse else self.warehouse_card_limit
        exact = limit is not None and due < size + owned - limit  # then every personnel card is due
        return self.is_personnel, max(0, due - owned), self._hand_ok & ~self.is_personnel if exact else self._hand_ok

    @functools.cached_property
    def _hand_ok(self) -> np.ndarray:
        """bool[27]: the kinds a hand can hold (personnel and celebrations)."""
        ok = np.zeros(NUM_KINDS, bool)
        ok[self.hand_kinds] = True
        ok.flags.writeable = False
        return ok

    @functools.cached_property
    def _patrician_card(self) -> np.ndarray:
        """bool[27]: the Patrician alone."""
        ok = np.zeros(NUM_KINDS, bool)
        ok[self.K["Patrician"]] = True
        ok.flags.writeable = False
        return ok
