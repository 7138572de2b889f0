"""Firenze (Andreas Steding), batched numpy engine for 2-4 players.

The encoding (action ids, observation layout, order of automatic steps, use of
randomness) is fixed in ``SPEC.md`` beside this file, on top of the design notes
``DESIGN_NOTES.md`` (phases, readings of ambiguous rule sentences). The rules are
the rulebook's (``shared/rules/firenze.txt``). Every component number is read from
``firenze_data.json``; the option ``data=`` (a dict patch or a path to a full
file) overrides it for balance studies.

The package, module by module:

* ``constants.py`` -- the fixed encoding: random streams, table sizes, phase ids and
  names, action ids, per-phase lookup tables (all re-exported from here).
* ``data.py`` -- :func:`load_data`: the packaged component data and its overrides.
* ``firenze.py`` (this module) -- :class:`FirenzeState` and :class:`Firenze`: options,
  data tables, setup, the step handlers and automatic continuations, legal-action
  masks, scoring, invariants and hidden-information resampling.
* ``observation.py`` -- :class:`~.observation.FirenzeObservation`, mixed into
  :class:`Firenze`: the observation layout, field bounds and encoders.
* ``presentation.py`` -- :class:`~.presentation.FirenzePresentation`, mixed into
  :class:`Firenze`: ``render``, ``describe_action``, ``narrate`` and ``play_notes``.
* ``components.py`` -- :class:`~.components.FirenzeComponents`, mixed into :class:`Firenze`:
  the balance hooks (components acquired, running score).
* ``reference.py`` -- the scalar reference implementation the differential test
  compares against.

Readings of the rulebook where it is not explicit (all 32, each quoting its
sentence, are in DESIGN_NOTES.md §13; each has a scenario test in
``tests/test_firenze_rules.py``). The ones that change play most:

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
import itertools
import re
from pathlib import Path

import numpy as np

from ...core import rng
from ...core.game import Game, dispatch
from ...core.state import State
from .components import FirenzeComponents
from .constants import (  # noqa: F401 (the public names are re-exported: tests and agents import them from here)
    _BIG,
    _LUT_BRICK,
    _LUT_FREE,
    _LUT_TOWERS,
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
from .data import load_data
from .observation import FirenzeObservation
from .presentation import FirenzePresentation


def _lowest_of_kind(colour: list, height: list, at_start: list, built: list, candidate: list) -> list[int]:
    """The slots t with ``candidate[t]`` (bool list) where no lower candidate slot holds a tower
    with the same (colour, height, at_start, built): the symmetry rule of DESIGN_NOTES §8 for one
    seat's towers given as lists (the scalar form of ``Firenze._dup_lower``)."""
    seen, first = set(), []
    for t, ok in enumerate(candidate):
        if ok:
            key = (colour[t], height[t], at_start[t], built[t])
            if key not in seen:
                seen.add(key)
                first.append(t)
    return first


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


class Firenze(FirenzeComponents, FirenzePresentation, FirenzeObservation, Game):
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

    # ------------------------------------------------------------ data tables

    def _read_data(self, d: dict) -> None:
        self.colour_names = list(d["conventions"]["colour_order"])
        if len(self.colour_names) != NUM_COLOURS:
            raise ValueError(f"firenze: data must name {NUM_COLOURS} colours, got {len(self.colour_names)}")
        self.brick_counts = np.array([d["bricks"]["per_colour"][c] for c in self.colour_names], np.int64)  # [6]
        self.seals_per_player = int(d["seals"]["per_player_by_player_count"][str(self.num_players)])
        self.starting_bricks = [int(x) for x in d["starting_bricks"]["by_turn_order"][: self.num_players]]
        self.starting_colour = self.colour_names.index(d["starting_bricks"]["colour"])
        row = d["card_row"]
        if int(row["slots"]) != NUM_SLOTS:
            raise ValueError(f"firenze: the card row must have {NUM_SLOTS} slots")
        self.bricks_per_new_card = int(row["bricks_per_new_card"])
        self.card_cost = np.array(row["card_cost_by_slot"], np.int64)  # [6]
        ex = d["exchange"]
        self.exchange_give, self.exchange_give_bridge = int(ex["give"]), int(ex["give_with_bridge"])
        con = d["construction"]
        self.max_build = int(con["max_bricks_per_turn"])
        cost = np.array(con["cost_by_bricks_built"], np.int64)  # [max_build + 1]
        ws, ms, both = (
            int(con["workshop_discount"]),
            int(con["mason_discount"]),
            int(con["mason_and_workshop_discount"]),
        )
        self.discount_table = np.array([[0, ms], [ws, both]], np.int64)  # [workshop, mason]
        # cost_table[workshop, mason, n]: construction cost of n bricks (n up to max_build + 1, the
        # extra entry only keeps lookups for a 7th brick in range; it is never affordable).
        padded = np.concatenate([cost, [10**6]])
        self.cost_table = np.maximum(0, padded[None, None, :] - self.discount_table[:, :, None])
        lim = d["limits"]
        self.store_limit, self.store_limit_warehouse = int(lim["storehouse"]), int(lim["storehouse_with_warehouse"])
        self.card_limit = int(lim["cards"])
        self.warehouse_card_limit = lim["cards_with_warehouse"]  # None = no card limit
        self.church_spaces = int(d["church_spaces"]["count"])
        self.end_bonus = int(d["end_of_game"]["trigger_bonus_pp"])

        cards = d["action_cards"]["cards"]
        if len(cards) != NUM_KINDS:
            raise ValueError(f"firenze: data must list {NUM_KINDS} card kinds, got {len(cards)}")
        self.kind_names = [c["name"] for c in cards]
        self.kind_type = [c["type"] for c in cards]
        k = {name: i for i, name in enumerate(self.kind_names)}
        self.K = k
        self.kind_count = np.array([c["count"] for c in cards], np.int64)  # [27]
        if int(self.kind_count.sum()) != NUM_CARDS:
            raise ValueError(f"firenze: data must hold {NUM_CARDS} cards, got {int(self.kind_count.sum())}")
        self.kind_start = np.array([c.get("start_copies", 0) for c in cards], np.int64)
        self.kind_base = np.concatenate([[0], np.cumsum(self.kind_count)[:-1]])  # first canonical item id
        self.item_kind = np.repeat(np.arange(NUM_KINDS), self.kind_count).astype(np.int8)  # [52]
        self.item_copy = np.arange(NUM_CARDS) - self.kind_base[self.item_kind]  # [52] copy index within kind
        self.in_game = self.kind_count.copy()  # cards of each kind in this game
        if not self.campanile:
            self.in_game[k["Campanile"]] = 0
        self.total_cards = int(self.in_game.sum())
        types = self.kind_type

        def of_type(*wanted) -> np.ndarray:
            # Kind order, except that the Saboteur (a hand card since v1) comes last, so that the v0
            # kinds keep their action ids and observation offsets (SPEC §A).
            kinds = [i for i, t in enumerate(types) if t in wanted]
            return np.array(sorted(kinds, key=lambda i: (self.kind_names[i] == "Saboteur", i)), np.int64)

        self.hand_kinds = of_type("personnel", "celebration")  # [13]
        self.personnel_kinds = of_type("personnel")  # [8]
        self.building_kinds = of_type("building")  # [3]
        self.event_kinds = of_type("event")  # [7]
        self.limit_kinds = of_type("personnel", "building")  # [11]
        self.church_kinds = of_type("church")
        shape = (len(self.hand_kinds), len(self.personnel_kinds), len(self.building_kinds), len(self.limit_kinds))
        if shape != (13, 8, 3, 11) or self.kind_names[self.hand_kinds[-1]] != "Saboteur":
            raise ValueError("firenze: card types must give 13 hand kinds, 8 personnel (the Saboteur among them) "
                             "and 3 buildings")  # fmt: skip
        # The action ids that name a hand kind (PATRICIAN_DISCARD) or a card-limit kind (LIMIT_DISCARD),
        # in hand_kinds / limit_kinds order: the v0 blocks, then the Saboteur's appended ids.
        self.patrician_ids = np.array([*range(A_PATRICIAN_DISCARD, A_PATRICIAN_DISCARD + 12), A_PATRICIAN_SABOTEUR])
        self.limit_ids = np.array([*range(A_LIMIT, A_LIMIT + 10), A_LIMIT_SABOTEUR])
        self.action_kind = np.full(NUM_ACTIONS, -1, np.int64)  # [168] the card kind an action id names
        self.action_kind[self.patrician_ids] = self.hand_kinds
        self.action_kind[self.limit_ids] = self.limit_kinds
        self.is_patrician_action = np.zeros(NUM_ACTIONS, bool)
        self.is_patrician_action[self.patrician_ids] = True
        self.is_personnel = np.zeros(NUM_KINDS, bool)
        self.is_personnel[self.personnel_kinds] = True
        self.personnel_index = np.full(NUM_KINDS, -1, np.int64)
        self.personnel_index[self.personnel_kinds] = np.arange(len(self.personnel_kinds))
        self.building_index = np.full(NUM_KINDS, -1, np.int64)
        self.building_index[self.building_kinds] = np.arange(3)
        self.event_index = np.full(NUM_KINDS, -1, np.int64)
        self.event_index[self.event_kinds] = np.arange(len(self.event_kinds))
        # card kind -> what taking it does: 0 to hand, 1 Monument, 2 building, 3 church, 4 event
        self.take_kind = np.zeros(NUM_KINDS, np.int64)
        self.take_kind[self.building_kinds] = 2
        self.take_kind[self.church_kinds] = 3
        self.take_kind[self.event_kinds] = 4
        self.take_kind[k["Monument"]] = 1
        self.aside_kinds = np.zeros(NUM_KINDS, bool)
        for i, c in enumerate(cards):
            if c.get("params", {}).get("card_bricks_protected"):
                self.aside_kinds[i] = True
        params = {c["name"]: c.get("params", {}) for c in cards}
        self.params = params
        self.KB = {name: self.building_index[k[name]] for name in ("Bridge", "Warehouse", "Workshop")}
        self.KP = {self.kind_names[i]: self.personnel_index[i] for i in self.personnel_kinds}
        lux = params["Luxury Tax"]
        self.lux_min_height, self.lux_per_tower = int(lux["min_height"]), int(lux["bricks_per_tower"])
        self.tribute_per_tower = int(params["Tribute"]["bricks_per_tower"])
        if self.tribute_per_tower != 1:
            raise ValueError("firenze: Tribute bricks_per_tower other than 1 is not supported")
        self.fire_bricks = int(params["Storehouse Fire"]["bricks"])
        match = re.fullmatch(r"ceil\(n/(\d+)\)", params["Flood"]["fraction"].replace(" ", ""))
        if not match:
            raise ValueError("firenze: Flood fraction must read 'ceil(n/D)'")
        self.flood_divisor = int(match.group(1))
        self.botch_bricks = int(params["Botch"]["bricks_removed"])
        self.saboteur_bricks = int(params["Saboteur"]["bricks_removed"])
        camp = params["Campanile"]
        self.bell_colour = self.colour_names.index(camp["bell_tower_colour"])
        self.bell_height = int(camp["bell_tower_height"])
        self.recognition_heights = [int(h) for h in params["Recognition"]["heights"]]
        self.recognition_pp = int(params["Recognition"]["pp_per_commission"])
        celeb = np.zeros(NUM_KINDS, np.int64)
        for name, value in d["celebration_scoring"].items():
            if name in k and isinstance(value, (int, float)) and name != "Recognition":
                celeb[k[name]] = int(value)
        self.celebration_pp = celeb  # [27] fixed final points per card held
        # privileges: church kind -> (height, pp)
        self.privilege_height = np.zeros(NUM_KINDS, np.int64)
        self.privilege_pp = np.zeros(NUM_KINDS, np.int64)
        for name, v in d["privileges"]["by_card"].items():
            self.privilege_height[k[name]] = int(v["height"])
            self.privilege_pp[k[name]] = int(v["pp"])
        self._patrician_need = np.where(self.hand_kinds == k["Patrician"], 2, 1)  # [12] copies to hold
        self.privilege_kinds = np.flatnonzero(self.privilege_height > 0)  # Major, Minor, Privilege (kind order)

        # commissions
        towers = d["commissions"]["towers"]
        comm_height = np.zeros(NUM_COMMISSIONS, np.int64)
        comm_prestige = np.zeros(NUM_COMMISSIONS, np.int64)
        comm_level = np.zeros(NUM_COMMISSIONS, np.int64)
        for c, cname in enumerate(self.colour_names):
            levels = towers[cname]
            if len(levels) != 6:
                raise ValueError(f"firenze: tower {cname} must have 6 levels")
            for entry in levels:
                cid = 6 * c + int(entry["level"]) - 1
                comm_height[cid], comm_prestige[cid], comm_level[cid] = (
                    entry["height"],
                    entry["prestige"],
                    entry["level"],
                )
        self.comm_height, self.comm_prestige, self.comm_level = comm_height, comm_prestige, comm_level
        self.comm_colour = np.arange(NUM_COMMISSIONS) // 6
        self.max_height = int(self.brick_counts.max()) + 2
        comm_of = np.full((NUM_COLOURS, self.max_height + 2), -1, np.int64)  # [colour, height] -> id
        for cid in range(NUM_COMMISSIONS):
            comm_of[self.comm_colour[cid], comm_height[cid]] = cid
        self.comm_of = comm_of
        self.majority_bonus = np.array([d["majority_bonus"]["by_colour"][c] for c in self.colour_names], np.int64)
        tiles = d["level_tiles"]["tiles"]
        self.level_tile_height = np.array([t["height"] for t in tiles], np.int64)  # [4]
        self.level_tile_bonus = np.array([t["bonus"] for t in tiles], np.int64)
        balc = d["balcony_tiles"]["tiles"]
        numerals = ["I", "II", "III", "IV"]
        self.tile_numeral = np.array([numerals.index(t["numeral"]) for t in balc], np.int64)
        self.tile_comm = np.array([6 * self.colour_names.index(t["colour"]) + t["level"] - 1 for t in balc], np.int64)
        self.tile_bonus = np.array([t["bonus"] for t in balc], np.int64)
        self.tiles_of_numeral = [np.flatnonzero(self.tile_numeral == n) for n in range(4)]
        setup = d["setup"]
        self.neutral_count = int(setup["neutral_seals"])
        rec = setup["neutral_seal_recommendations"]
        self.max_tiles_per_tower = int(rec["max_tiles_per_tower"])
        self.n34_range = (int(rec["on_levels_3_and_4"][0]), int(rec["on_levels_3_and_4"][-1]))
        positions = rec["levels_are_positions"]
        if not isinstance(positions, bool):
            raise ValueError(f"firenze: levels_are_positions must be true or false, got {positions!r}")
        # "two or three neutral seals should be set on the third and fourth Levels" (DESIGN_NOTES §13.21):
        # the commissions of that many bricks ("1 Brick = 1 Level"), or with levels_are_positions those
        # board spaces counted from the bottom.
        levels = [int(x) for x in rec["levels"]]
        self.advised_seal_spaces = np.isin(self.comm_level if positions else self.comm_height, levels)  # [36]

    def _check_board_options(self, neutral_seals, balconies) -> None:
        if isinstance(balconies, (list, tuple)):
            ok = len(balconies) == 4 and all(
                isinstance(t, (int, np.integer)) and 0 <= t < len(self.tile_numeral) for t in balconies
            )
            if not ok or [int(self.tile_numeral[t]) for t in balconies] != [0, 1, 2, 3]:
                raise ValueError(
                    f"firenze: balconies must be 'random' or 4 tile ids with numerals I, II, III, IV in order; "
                    f"got {balconies!r}"
                )
            self.fixed_balconies = np.array(balconies, np.int64)
        elif balconies == "random":
            self.fixed_balconies = None
        else:
            raise ValueError(f"firenze: balconies={balconies!r}; allowed: 'random' or a list of 4 tile ids")
        if isinstance(neutral_seals, (list, tuple)):
            ids = list(neutral_seals)
            ok = (
                len(ids) == self.neutral_count
                and all(isinstance(c, (int, np.integer)) and 0 <= c < NUM_COMMISSIONS for c in ids)
                and len(set(ids)) == len(ids)
            )
            if ok and self.fixed_balconies is not None:
                ok = not set(ids) & set(self.tile_comm[self.fixed_balconies].tolist())
            if not ok:
                raise ValueError(
                    f"firenze: neutral_seals must be 'recommended', 'uniform' or {self.neutral_count} distinct "
                    f"commission ids 0..35 off the balconies; got {neutral_seals!r}"
                )
            self.fixed_neutral = np.array(ids, np.int64)
        elif neutral_seals in ("recommended", "uniform"):
            self.fixed_neutral = None
        else:
            raise ValueError(f"firenze: neutral_seals={neutral_seals!r}; allowed: 'recommended', 'uniform', or a list")
        self.neutral_mode = neutral_seals if isinstance(neutral_seals, str) else "fixed"

    def _build_actions(self) -> None:
        names = [f"take_card_{s}" for s in range(6)]
        names += [f"exchange_s{s}_{c}" for s in range(6) for c in self.colour_names]
        names += [f"build_on_t{t}" for t in range(12)]
        names += [f"start_tower_{c}" for c in self.colour_names]
        names += [f"fulfill_t{t}_{d}" for t in range(6) for d in ("minus1", "exact", "plus1")]
        names += ["bell_tower"]
        names += [f"brick_{c}" for c in self.colour_names]
        names += [f"select_tower_t{t}" for t in range(6)]
        names += [f"sabotage_k{k}_t{t}" for k in range(1, 4) for t in range(6)]
        names += [f"alchemist_{c}" for c in self.colour_names]
        names += [f"smuggle_k{k}_{c}" for k in range(1, 4) for c in self.colour_names]
        names += [f"wholesale_{s}" for s in range(6)]
        slug = lambda i: self.kind_names[i].lower().replace(" ", "_")  # noqa: E731
        names += [f"patrician_discard_{slug(i)}" for i in self.hand_kinds[:12]]
        names += ["play_princess", "play_mason", "play_architect", "ignore_event"]
        names += [f"limit_discard_{slug(i)}" for i in self.limit_kinds[:10]]
        names += ["pass"]
        names += [f"patrician_discard_{slug(i)}" for i in self.hand_kinds[12:]]  # appended in v1 (Saboteur)
        names += [f"limit_discard_{slug(i)}" for i in self.limit_kinds[10:]]
        assert len(names) == NUM_ACTIONS
        self.num_actions = NUM_ACTIONS
        self.action_names = names

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

    def _place_neutral_seals(self, st: FirenzeState) -> None:
        B = st.batch_size
        if self.neutral_mode == "fixed":
            st.commission_owner[:, self.fixed_neutral] = -2
            return
        rows = np.arange(B)
        balcony = np.zeros((B, NUM_COMMISSIONS), bool)
        balcony[rows[:, None], self.tile_comm[st.balcony_tile]] = True
        tiles_on_tower = balcony.reshape(B, 6, 6).sum(2)  # [B, colour]
        lo, hi = self.n34_range
        n34 = lo + rng.randint(st.seed, STREAM_SETUP, 10, hi - lo + 1)
        for k in range(self.neutral_count):
            valid = (st.commission_owner == -1) & ~balcony
            if self.neutral_mode == "recommended":
                valid &= (tiles_on_tower < self.max_tiles_per_tower)[:, self.comm_colour]
                advised = self.advised_seal_spaces[None, :]
                valid &= np.where((k < n34)[:, None], advised, ~advised)
            if not valid.any(1).all():
                raise ValueError("firenze: the neutral seals cannot be placed on this board (check the data)")
            keys = rng.hash64(st.seed[:, None], STREAM_SETUP, 20 + k, np.arange(NUM_COMMISSIONS))
            keys = np.where(valid, keys, _BIG)
            pick = np.argmin(keys, axis=1)
            st.commission_owner[rows, pick] = -2
            tiles_on_tower[rows, self.comm_colour[pick]] += 1

    # --------------------------------------------------------- randomness

    def _draw(self, st: FirenzeState, games: np.ndarray, n: np.ndarray) -> np.ndarray:
        """int16[len(games), 6]: ``n`` (int[len(games)]) single bricks drawn from the pouch,
        fewer when the pouch runs out (stream POUCH)."""
        out = np.zeros((games.size, 6), np.int16)
        pouch = st.pouch[games].astype(np.int64)  # [n, 6]
        total = pouch.sum(1)
        n = np.minimum(n, total)
        most = int(n.max(initial=0))
        if most == 0:
            return out
        # Draw j of a game uses counter pouch_draws + j and a pouch of total - j bricks, both
        # known in advance: one hash call for all the draws (the colours still follow in turn).
        j = np.arange(most)
        counters = st.pouch_draws[games][:, None] + j
        r = rng.randint(st.seed[games][:, None], STREAM_POUCH, counters, np.maximum(total[:, None] - j, 1))
        if games.size == 1:  # one game (the AEC env): the same draws on Python lists
            left, got = pouch[0].tolist(), [0] * NUM_COLOURS
            for k in r[0, : n.item(0)].tolist():
                colour = next((c for c, below in enumerate(itertools.accumulate(left)) if below > k), 0)
                left[colour] -= 1
                got[colour] += 1
            st.pouch[games] = left
            st.pouch_draws[games] += n
            out[0] = got
            return out
        rows = np.arange(games.size)
        for k in range(most):
            sel = n > k
            colour = (np.cumsum(pouch, 1) > r[:, k : k + 1]).argmax(1)
            hit = np.where(sel, 1, 0)
            pouch[rows, colour] -= hit
            out[rows, colour] += hit.astype(np.int16)
        st.pouch[games] = pouch
        st.pouch_draws[games] += n
        return out

    def _shuffle(self, st: FirenzeState, games: np.ndarray, pool: np.ndarray) -> None:
        """New deck for ``games`` from ``pool`` (int[n, 27] cards per kind), stream DECK."""
        keys = rng.shuffle_keys(st.seed[games], STREAM_DECK, st.deck_shuffles[games], NUM_CARDS)
        included = self.item_copy[None, :] < pool[:, self.item_kind]  # [n, 52]
        keys = np.where(included, keys, _BIG)
        order = np.argsort(keys, axis=1, kind="stable")
        size = included.sum(1)
        deck = self.item_kind[order]
        deck[np.arange(NUM_CARDS)[None, :] >= size[:, None]] = -1
        st.deck[games] = deck
        st.deck_pos[games] = 0
        st.deck_len[games] = size
        st.deck_shuffles[games] += 1

    # ------------------------------------------------------------- towers

    def _compact(self, st: FirenzeState, games: np.ndarray, seats: np.ndarray) -> None:
        """Close the gaps left by removed towers (stable: slot order kept)."""
        if games.size == 1:  # one seat of one game (the AEC env): the same reordering on lists
            b, s = games.item(0), seats.item(0)
            exists = (st.tower_colour[b, s] >= 0).tolist()
            if not any(above and not below for below, above in zip(exists, exists[1:])):
                return
            order = [t for t, e in enumerate(exists) if e] + [t for t, e in enumerate(exists) if not e]
            for towers in (st.tower_colour, st.tower_height, st.tower_at_start, st.tower_built):
                towers[b, s] = towers[b, s, order]
            return
        colour = st.tower_colour[games, seats]
        exists = colour >= 0
        gap = (exists[:, 1:] & ~exists[:, :-1]).any(1)  # an empty slot below a tower
        if not gap.any():
            return
        games, seats, colour = games[gap], seats[gap], colour[gap]
        order = np.argsort(~exists[gap], axis=1, kind="stable")
        st.tower_colour[games, seats] = np.take_along_axis(colour, order, 1)
        st.tower_height[games, seats] = np.take_along_axis(st.tower_height[games, seats], order, 1)
        st.tower_at_start[games, seats] = np.take_along_axis(st.tower_at_start[games, seats], order, 1)
        st.tower_built[games, seats] = np.take_along_axis(st.tower_built[games, seats], order, 1)

    def _remove_towers(self, st: FirenzeState, games, seats, remove: np.ndarray, half: bool) -> None:
        """Remove the towers flagged in ``remove`` (bool[n, 12]) of ``seats``: all bricks to the
        pouch, or (``half``) ceil(h/2) to the pouch and floor(h/2) to the storehouse."""
        if not remove.any():
            return
        if games.size == 1:  # one seat of one game (the AEC env): tower by tower on scalars
            b, s = games.item(0), seats.item(0)
            for t in np.flatnonzero(remove[0]).tolist():
                c, h = st.tower_colour.item(b, s, t), st.tower_height.item(b, s, t)
                kept = h // 2 if half else 0
                st.pouch[b, c] += h - kept
                st.storehouse[b, s, c] += kept
                st.tower_colour[b, s, t], st.tower_height[b, s, t] = -1, 0
                st.tower_at_start[b, s, t] = st.tower_built[b, s, t] = False
            self._compact(st, games, seats)
            return
        colour = st.tower_colour[games, seats].astype(np.int64)
        rows, slots = np.nonzero(remove)
        height = st.tower_height[games[rows], seats[rows], slots].astype(np.int64)
        cell = rows * 6 + colour[rows, slots]  # (game, colour) of each removed tower
        size = games.size * 6
        to_store = (height // 2) if half else np.zeros_like(height)
        pouch = np.bincount(cell, weights=height - to_store, minlength=size).reshape(-1, 6)
        st.pouch[games] += pouch.astype(np.int16)
        if half:
            store = np.bincount(cell, weights=to_store, minlength=size).reshape(-1, 6)
            st.storehouse[games, seats] += store.astype(np.int16)
        colour[remove] = -1
        st.tower_colour[games, seats] = colour
        st.tower_height[games, seats] = np.where(remove, 0, st.tower_height[games, seats])
        st.tower_at_start[games, seats] &= ~remove
        st.tower_built[games, seats] &= ~remove
        self._compact(st, games, seats)

    def _take_brick_from_tower(self, st: FirenzeState, games, seats, slots, n: int) -> None:
        """Botch / Saboteur: ``n`` bricks of tower ``slots`` to the pouch; an emptied tower goes."""
        colour = st.tower_colour[games, seats, slots].astype(np.int64)
        height = st.tower_height[games, seats, slots].astype(np.int64)
        taken = np.minimum(height, n)
        st.pouch[games, colour] += taken.astype(np.int16)
        st.tower_height[games, seats, slots] = height - taken
        gone = height - taken == 0
        if gone.any():
            remove = np.zeros((games.size, NUM_TOWER_SLOTS), bool)
            remove[np.flatnonzero(gone), slots[gone]] = True
            st.tower_colour[games[gone], seats[gone], slots[gone]] = -1
            st.tower_at_start[games[gone], seats[gone], slots[gone]] = False
            st.tower_built[games[gone], seats[gone], slots[gone]] = False
            self._compact(st, games[gone], seats[gone])

    # --------------------------------------------------------------- turn flow

    def _turn_start(self, st: FirenzeState, games: np.ndarray) -> None:
        st.played[games] = False
        st.princess_active[games] = False
        st.mason_active[games] = False
        st.exchange_done[games] = False
        st.architect[games] = 0
        st.bricks_built[games] = 0
        exists = st.tower_colour[games] >= 0
        st.tower_at_start[games] = exists
        st.tower_built[games] = False
        st.current_player[games] = st.turn_player[games]
        empty_row = (st.row_card[games] < 0).all(1)
        st.phase[games] = np.where(empty_row, PH_EXCHANGE, PH_CHOOSE)

    def _play_card(self, st: FirenzeState, games, seats, kind: str) -> None:
        k = self.K[kind]
        st.hand[games, seats, k] -= 1
        st.discard[games, k] += 1
        st.played[games, self.KP[kind]] = True

    def _take(self, st: FirenzeState, games: np.ndarray) -> None:
        """The card cost is paid: take card and bricks, act on its type (Game Play 1)."""
        p = st.turn_player[games].astype(np.int64)
        s = st.chosen_slot[games].astype(np.int64)
        kind = st.row_card[games, s].astype(np.int64)
        bricks = st.row_bricks[games, s]
        # Flood / Storehouse Fire: "The Bricks on the card do not count towards the total" -- held
        # aside until the event is over (DESIGN_NOTES §13.1).
        aside = self.aside_kinds[kind]
        st.aside[games[aside]] += bricks[aside]
        st.storehouse[games[~aside], p[~aside]] += bricks[~aside]
        st.row_card[games, s] = -1
        st.row_bricks[games, s] = 0
        st.acquired[games, p, kind] += 1  # the card taken (components.py)
        what = self.take_kind[kind]
        to_hand = what == 0
        st.hand[games[to_hand], p[to_hand], kind[to_hand]] += 1
        mon = what == 1
        if mon.any():
            # "determine who has the tallest Tower on their Construction Site. This player puts the
            # card in their hand, even if it's not their turn. If a tie, no one receives the card"
            g = games[mon]
            tallest = st.tower_height[g].max(2).astype(np.int64)  # [n, P]
            top = tallest.max(1)
            unique = ((tallest == top[:, None]).sum(1) == 1) & (top > 0)
            winner = tallest.argmax(1)
            st.hand[g[unique], winner[unique], self.K["Monument"]] += 1
            st.acquired[g[unique], winner[unique], self.acq_monument] += 1
            st.discard[g[~unique], self.K["Monument"]] += 1
        bld = what == 2
        if bld.any():
            # "You may not possess two identical Buildings ... they must be put in the Discard Deck"
            g, pp, bi = games[bld], p[bld], self.building_index[kind[bld]]
            owned = st.buildings[g, pp, bi]
            st.discard[g[owned], kind[bld][owned]] += 1
            st.buildings[g[~owned], pp[~owned], bi[~owned]] = True
        chu = what == 3
        if chu.any():
            # 4 church spaces for the 4 church cards: a free space always exists.
            g = games[chu]
            free = np.argmax(st.church[g] < 0, axis=1)
            st.church[g, free] = kind[chu]
            camp = kind[chu] == self.K["Campanile"]
            st.campanile_sealed[g[camp]] = False
        ev = what == 4
        if ev.any():
            g = games[ev]
            st.event_kind[g] = kind[ev]
            pat = st.hand[g, p[ev], self.K["Patrician"]] > 0
            pat &= ~st.played[g, self.KP["Patrician"]]
            pat &= self._event_has_effect(st, g, kind[ev], p[ev])
            st.phase[g[pat]] = PH_EV_PATRICIAN
            self._later("resolve", g[~pat])
        self._later("finish", games[~ev])

    def _finish_take(self, st: FirenzeState, games: np.ndarray) -> None:
        """Refill the row, return set-aside bricks, go to the Exchange phase."""
        if games.size == 0:
            return
        s = st.chosen_slot[games].astype(np.int64)
        # "Move all the cards to its right one place to the left"
        if games.size == 1:  # one game (the AEC env): slices (numpy copies overlapping ones first)
            b, s0 = games.item(0), s.item(0)
            st.row_card[b, s0:-1] = st.row_card[b, s0 + 1 :]
            st.row_bricks[b, s0:-1] = st.row_bricks[b, s0 + 1 :]
            st.row_card[b, -1] = -1
            st.row_bricks[b, -1] = 0
        else:
            src = np.arange(6)[None, :] + (np.arange(6)[None, :] >= s[:, None])  # [n, 6], 6 = nothing
            cards = np.concatenate([st.row_card[games], np.full((games.size, 1), -1, np.int8)], 1)
            bricks = np.concatenate([st.row_bricks[games], np.zeros((games.size, 1, 6), np.int16)], 1)
            st.row_card[games] = np.take_along_axis(cards, src, 1)
            st.row_bricks[games] = np.take_along_axis(bricks, src[:, :, None], 1)
        # "When the Deck on the Game Board is all used up, shuffle all the cards in the Discard Pile"
        empty = st.deck_pos[games] >= st.deck_len[games]
        reshuffle = games[empty & (st.discard[games].sum(1) > 0)]
        if reshuffle.size:
            self._shuffle(st, reshuffle, st.discard[reshuffle].astype(np.int64))
            st.discard[reshuffle] = 0
        has = games[st.deck_pos[games] < st.deck_len[games]]
        if has.size:
            slot = (st.row_card[has] >= 0).sum(1)
            st.row_card[has, slot] = st.deck[has, st.deck_pos[has]]
            st.deck_pos[has] += 1
            st.row_bricks[has, slot] = self._draw(st, has, np.full(has.size, self.bricks_per_new_card))
        p = st.turn_player[games]
        st.storehouse[games, p] += st.aside[games]
        st.aside[games] = 0
        st.chosen_slot[games] = 0
        st.pay_index[games] = 0
        self._enter_exchange(st, games)

    # ----------------------------------------------------------------- events

    def _event_has_effect(self, st: FirenzeState, games, kind, p) -> np.ndarray:
        """bool[n]: resolving event ``kind`` (taken by seat ``p``) would change something. The
        Patrician may "ignore the effect of an Event Card"; an event with no effect is not worth
        the question (DESIGN_NOTES §13.5)."""
        K = self.K
        height = st.tower_height[games]  # [n, P, 12]
        store = st.storehouse[games].sum(2)  # [n, P] (the card's bricks of a Flood / Fire are aside)
        rows = np.arange(games.size)
        own_tower = height[rows, p].max(1) > 0
        effect = np.ones(games.size, bool)  # Renaissance always reshuffles
        for names, cond in (
            (("Botch", "Collapse"), own_tower),  # "If you have no Tower under construction, nothing happens."
            (("Tribute",), (height > 0).any((1, 2))),  # every tower of every player
            (("Luxury Tax",), (height >= self.lux_min_height).any((1, 2))),
            (("Flood",), (store > 0).any(1)),  # every player's storehouse
            (("Storehouse Fire",), store[rows, p] > 0),
        ):
            effect = np.where(np.isin(kind, [K[name] for name in names]), cond, effect)
        return effect

    def _resolve_event(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        K = self.K
        kind = st.event_kind[games]
        p = st.turn_player[games].astype(np.int64)
        done = []
        for name in ("Botch", "Collapse"):
            sel = kind == K[name]
            g = games[sel]
            has = st.tower_colour[g, p[sel], 0] >= 0
            st.phase[g[has]] = PH_EV_OWN_TOWER
            done.append(g[~has])
        sel = kind == K["Storehouse Fire"]
        if sel.any():
            g, pp = games[sel], p[sel]
            total = st.storehouse[g, pp].sum(1)
            small = total <= self.fire_bricks
            st.pouch[g[small]] += st.storehouse[g[small], pp[small]]
            st.storehouse[g[small], pp[small]] = 0
            done.append(g[small])
            st.phase[g[~small]] = PH_EV_DISCARD
            st.pay_left[g[~small]] = self.fire_bricks
        sel = kind == K["Renaissance"]
        if sel.any():
            g = games[sel]
            pool = st.discard[g].astype(np.int64)
            pool[:, K["Renaissance"]] += 1
            live = np.arange(NUM_CARDS)[None, :]
            in_deck = (live >= st.deck_pos[g][:, None]) & (live < st.deck_len[g][:, None])
            deck_kinds = np.where(in_deck, st.deck[g], NUM_KINDS).astype(np.int64)
            rows = np.repeat(np.arange(g.size), NUM_CARDS)
            counts = np.bincount(rows * (NUM_KINDS + 1) + deck_kinds.ravel(), minlength=g.size * (NUM_KINDS + 1))
            pool += counts.reshape(g.size, NUM_KINDS + 1)[:, :NUM_KINDS]
            self._shuffle(st, g, pool)
            st.discard[g] = 0
            done.append(g)
        all_players = np.isin(kind, (K["Flood"], K["Tribute"], K["Luxury Tax"]))
        if all_players.any():
            g = games[all_players]
            st.event_offset[g] = 0
            self._later("all_players", g)
        if done:
            self._later("event_done", np.concatenate(done))

    def _event_done(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        kind = st.event_kind[games].astype(np.int64)
        discard = kind != self.K["Renaissance"]  # Renaissance is already shuffled into the deck
        st.discard[games[discard], kind[discard]] += 1
        st.event_kind[games] = -1
        st.current_player[games] = st.turn_player[games]
        st.keep_marked[games] = False
        st.keep_colour[games] = -1
        st.keep_left[games] = 0
        self._later("finish", games)

    def _all_players(self, st: FirenzeState, games: np.ndarray) -> None:
        """Flood / Tribute / Luxury Tax: each player in turn from the taker (DESIGN_NOTES §7.1);
        stops where a player has a decision to make."""
        K, P = self.K, self.num_players
        # Players the event cannot touch (no bricks for Flood, no tower for the taxes) are
        # skipped: nothing happens to them, and whether a player is touched does not depend on
        # what the event did to the players before (each player pays from their own bricks).
        seats = (st.turn_player[games].astype(np.int64)[:, None] + np.arange(P)) % P  # [n, P] by offset
        kind = st.event_kind[games]
        rows = games[:, None]
        min_height = np.where(kind == K["Tribute"], 1, self.lux_min_height)
        touched = np.where(
            (kind == K["Flood"])[:, None],
            st.storehouse[rows, seats].any(2),
            st.tower_height[rows, seats].max(2) >= min_height[:, None],
        )  # [n, P]
        index = np.arange(games.size)
        while games.size:
            pending = touched[index] & (np.arange(P)[None, :] >= st.event_offset[games][:, None])
            has = pending.any(1)
            self._later("event_done", games[~has])
            games, index, pending = games[has], index[has], pending[has]  # index: row of touched
            if games.size == 0:
                return
            offset = pending.argmax(1)
            st.event_offset[games] = offset
            seat = seats[index, offset]
            st.current_player[games] = seat
            st.keep_marked[games] = False
            kind = st.event_kind[games]
            waiting = np.zeros(games.size, bool)
            for name, start in (("Flood", self._flood_player), ("Tribute", self._tribute_player),
                                ("Luxury Tax", self._lux_player)):  # fmt: skip
                sel = np.flatnonzero(kind == K[name])
                if sel.size:
                    waiting[sel] = start(st, games[sel], seat[sel])
            go = ~waiting
            games, index = games[go], index[go]
            st.event_offset[games] += 1

    def _auto_pay(self, st: FirenzeState, games, seats, n: np.ndarray) -> None:
        """auto_discard: pay ``n`` bricks to the pouch, colours without a tower first, then
        cheapest first (the online rule-change preamble)."""
        store = st.storehouse[games, seats].astype(np.int64)
        has_tower = (st.tower_colour[games, seats][:, :, None] == np.arange(6)).any(1)  # [n, 6]
        order = np.argsort(has_tower * 6 + np.arange(6), axis=1)  # priority order of colours
        left = n.astype(np.int64).copy()
        rows = np.arange(games.size)
        for rank in range(6):
            c = order[:, rank]
            pay = np.minimum(left, store[rows, c])
            store[rows, c] -= pay
            st.pouch[games, c] += pay.astype(np.int16)
            left -= pay
        st.storehouse[games, seats] = store

    def _auto_mark(self, st: FirenzeState, games, seats, eligible: np.ndarray, m: np.ndarray) -> None:
        """auto_discard: mark the ``m`` tallest eligible towers (ties: lowest slot)."""
        height = st.tower_height[games, seats].astype(np.int64)
        key = np.where(eligible, -height * 16 + np.arange(NUM_TOWER_SLOTS), 10**6)
        order = np.argsort(key, axis=1, kind="stable")
        rank = np.empty_like(order)
        np.put_along_axis(rank, order, np.arange(NUM_TOWER_SLOTS)[None, :].repeat(games.size, 0), 1)
        st.keep_marked[games] |= eligible & (rank < m[:, None])

    def _flood_player(self, st: FirenzeState, games, seats) -> np.ndarray:
        total = st.storehouse[games, seats].sum(1).astype(np.int64)
        due = -(-total // self.flood_divisor)
        if self.auto_discard:
            self._auto_pay(st, games, seats, due)
            return np.zeros(games.size, bool)
        wait = due > 0
        st.phase[games[wait]] = PH_EV_DISCARD
        st.pay_left[games[wait]] = due[wait]
        return wait

    def _tribute_player(self, st: FirenzeState, games, seats, first_colour=None) -> np.ndarray:
        """Tribute for one player, colours in order from ``first_colour`` (int[n], default 0):
        colours with enough bricks pay at once; the first colour with too few (but some) bricks
        stops for a choice (EVENT_KEEP_TOWER). Returns bool[n]: waiting for that choice."""
        n = games.size
        first = np.zeros(n, np.int64) if first_colour is None else first_colour
        colour = st.tower_colour[games, seats].astype(np.int64)
        onehot = colour[:, :, None] == np.arange(6)  # [n, 12, 6]
        k = onehot.sum(1)  # towers per colour
        b = st.storehouse[games, seats].astype(np.int64)  # bricks per colour
        active = np.arange(6)[None, :] >= first[:, None]
        short = active & (b > 0) & (b < k)
        if self.auto_discard:
            stop = np.full(n, 6)
        else:
            stop = np.where(short.any(1), short.argmax(1), 6)
        settled = active & (np.arange(6)[None, :] < stop[:, None])
        full = settled & (k > 0) & (k <= b)
        pay = np.where(full, k, 0)
        marked = (onehot & full[:, None, :]).any(2)
        if self.auto_discard and short.any():
            # "pay for the tallest towers first" within each short colour
            for c in np.flatnonzero(short.any(0)):
                sel = np.flatnonzero(short[:, c])
                self._auto_mark(st, games[sel], seats[sel], colour[sel] == c, b[sel, c])
            pay = pay + np.where(short, b, 0)
        st.keep_marked[games] |= marked
        st.storehouse[games, seats] -= pay.astype(np.int16)
        st.pouch[games] += pay.astype(np.int16)
        waiting = stop < 6
        if waiting.any():
            g = games[waiting]
            st.phase[g] = PH_EV_KEEP
            st.keep_colour[g] = stop[waiting]
            st.keep_left[g] = b[waiting, stop[waiting]]
        fin = ~waiting
        if fin.any():
            self._tribute_teardown(st, games[fin], seats[fin])
        return waiting

    def _tribute_teardown(self, st: FirenzeState, games, seats) -> None:
        exists = st.tower_colour[games, seats] >= 0
        self._remove_towers(st, games, seats, exists & ~st.keep_marked[games], half=True)
        st.keep_marked[games] = False
        st.keep_colour[games] = -1

    def _lux_eligible(self, st: FirenzeState, games, seats) -> np.ndarray:
        return (st.tower_colour[games, seats] >= 0) & (st.tower_height[games, seats] >= self.lux_min_height)

    def _lux_player(self, st: FirenzeState, games, seats) -> np.ndarray:
        eligible = self._lux_eligible(st, games, seats)
        count = eligible.sum(1)
        total = st.storehouse[games, seats].sum(1).astype(np.int64)
        m = np.minimum(count, total // self.lux_per_tower)
        every = m == count
        st.keep_marked[games[every]] |= eligible[every]
        short = (m > 0) & (m < count)
        waiting = np.zeros(games.size, bool)
        if short.any():
            if self.auto_discard:
                self._auto_mark(st, games[short], seats[short], eligible[short], m[short])
            else:
                g = games[short]
                st.phase[g] = PH_EV_KEEP
                st.keep_colour[g] = -1
                st.keep_left[g] = m[short]
                waiting = short
        go = ~waiting
        waiting[go] = self._lux_pay(st, games[go], seats[go])
        return waiting

    def _lux_pay(self, st: FirenzeState, games, seats) -> np.ndarray:
        """Luxury Tax after the towers are chosen: pay 2 per marked tower, then tear down."""
        due = st.keep_marked[games].sum(1).astype(np.int64) * self.lux_per_tower
        if self.auto_discard:
            self._auto_pay(st, games, seats, due)
            wait = np.zeros(games.size, bool)
        else:
            wait = due > 0
            st.phase[games[wait]] = PH_EV_PAY
            st.pay_left[games[wait]] = due[wait]
            st.keep_left[games[wait]] = 0
        fin = ~wait
        if fin.any():
            self._lux_teardown(st, games[fin], seats[fin])
        return wait

    def _lux_teardown(self, st: FirenzeState, games, seats) -> None:
        eligible = self._lux_eligible(st, games, seats)
        self._remove_towers(st, games, seats, eligible & ~st.keep_marked[games], half=True)
        st.keep_marked[games] = False

    def _next_player(self, st: FirenzeState, games: np.ndarray) -> None:
        """The current player of an all-players event is done: on to the next one."""
        st.event_offset[games] += 1
        self._later("all_players", games)

    # ------------------------------------------------------------ phase ends

    def _end_build(self, st: FirenzeState, games: np.ndarray) -> None:
        """Construction cost paid: tear down abandoned construction, then Fulfill (phase 4-5)."""
        if games.size == 0:  # e.g. a construction cost still being paid: a dozen array calls saved
            return
        p = st.turn_player[games].astype(np.int64)
        abandoned = st.tower_at_start[games, p] & ~st.tower_built[games, p] & (st.tower_colour[games, p] >= 0)
        self._remove_towers(st, games, p, abandoned, half=True)
        self._enter_fulfill(st, games)

    # A phase whose only legal action would be PASS is passed at once (the result is the one the
    # core's forced-move rule gives; doing it here saves a round of mask work). Each test below is
    # a sufficient condition for "only PASS is legal"; other PASS-only positions are left to the
    # core's forced-move rule.

    def _idle(self, st: FirenzeState, games: np.ndarray, cards: tuple[str, ...]) -> np.ndarray:
        """bool[n]: the turn player holds none of ``cards`` (hand kinds)."""
        columns = self._hand_columns.get(cards)
        if columns is None:
            columns = self._hand_columns[cards] = np.array([self.K[name] for name in cards])
        return ~(st.hand[games, st.turn_player[games]][:, columns] > 0).any(1)

    @functools.cached_property
    def _hand_columns(self) -> dict[tuple[str, ...], np.ndarray]:
        """Cache of :meth:`_idle`: card names -> int[k] their kinds."""
        return {}

    def _enter_exchange(self, st: FirenzeState, games: np.ndarray) -> None:
        st.phase[games] = PH_EXCHANGE
        p = st.turn_player[games]
        bridge = st.buildings[games, p, self.KB["Bridge"]]
        give = np.where(bridge, self.exchange_give_bridge, self.exchange_give)
        no_exchange = st.exchange_done[games] | (st.storehouse[games, p].sum(1) < give)
        idle = no_exchange & self._idle(st, games, ("Wholesaler", "Alchemist", "Smuggler", "Patrician", "Saboteur"))
        if idle.any():
            self._enter_build(st, games[idle])

    def _enter_build(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        st.phase[games] = PH_BUILD
        no_bricks = st.storehouse[games, st.turn_player[games]].sum(1) == 0  # bricks_built is 0 here
        free = self._build_cost(st, games, np.zeros(games.size, np.int64)) == 0
        idle = no_bricks & free & self._idle(st, games, ("Mason", "Alchemist", "Smuggler", "Patrician", "Saboteur"))
        if idle.any():
            self._end_build(st, games[idle])  # PASS with nothing built: no cost to pay

    def _enter_fulfill(self, st: FirenzeState, games: np.ndarray) -> None:
        st.phase[games] = PH_FULFILL
        no_tower = st.tower_colour[games, st.turn_player[games], 0] < 0
        idle = no_tower & self._idle(st, games, ("Architect", "Alchemist", "Smuggler", "Patrician", "Saboteur"))
        if idle.any():
            self._limits(st, games[idle])

    def _limits(self, st: FirenzeState, games: np.ndarray) -> None:
        p = st.turn_player[games].astype(np.int64)
        warehouse = st.buildings[games, p, self.KB["Warehouse"]]
        limit = np.where(warehouse, self.store_limit_warehouse, self.store_limit)
        excess = st.storehouse[games, p].sum(1) - limit
        over = excess > 0
        st.phase[games[over]] = PH_LIMIT_BRICKS
        st.pay_left[games[over]] = excess[over]
        self._limit_cards(st, games[~over])

    def _limit_cards(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        p = st.turn_player[games].astype(np.int64)
        hand = st.hand[games, p].astype(np.int64)
        owned = st.buildings[games, p].sum(1)
        n = hand.sum(1) + owned
        warehouse = st.buildings[games, p, self.KB["Warehouse"]]
        limit = np.where(warehouse, 10**6 if self.warehouse_card_limit is None else self.warehouse_card_limit,
                         self.card_limit)  # fmt: skip
        discardable = hand[:, self.personnel_kinds].sum(1) + owned
        due = np.minimum(n - limit, discardable)
        over = due > 0
        st.phase[games[over]] = PH_LIMIT_CARDS
        st.pay_left[games[over]] = due[over]
        self._end_turn(st, games[~over])

    def last_turn_seat(self, trigger):
        """The seat whose turn ends the game once ``trigger`` (int or int array, >= 0) placed
        the last seal first. Rulebook: "every other player gets exactly one more turn", so the
        trigger's right-hand neighbour; ``end_rule="round"``: the last seat of the round."""
        if self.end_rule == "round":
            return trigger * 0 + (self.num_players - 1)
        return (trigger - 1) % self.num_players

    def _end_turn(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        P = self.num_players
        st.turn_number[games] += 1
        tp = st.turn_player[games].astype(np.int64)
        trig = st.end_trigger[games].astype(np.int64)
        over = (trig >= 0) & (tp == self.last_turn_seat(trig))
        trunc = ~over & (st.turn_number[games] >= self.max_turns)
        st.truncated[games[trunc]] = True
        self._final_scoring(st, games[over | trunc])
        nxt = games[~(over | trunc)]
        st.turn_player[nxt] = (st.turn_player[nxt] + 1) % P
        self._turn_start(st, nxt)

    def score_breakdown(self, st: FirenzeState, games: np.ndarray) -> dict[str, np.ndarray]:
        """Final scoring terms, each int[n, P]: ``majority`` and ``celebrations``."""
        P = self.num_players
        owner = st.commission_owner[games].astype(np.int64)  # [n, 36]
        seats = np.arange(P)
        mine = owner[:, None, :] == seats[None, :, None]  # [n, P, 36]
        per_colour = mine.reshape(games.size, P, 6, 6)  # [n, P, colour, level]
        counts = per_colour.sum(3)  # [n, P, 6]
        top_level = np.where(per_colour, np.arange(6), -1).max(3)  # [n, P, 6]
        best = counts.max(1, keepdims=True)
        tied = (counts == best) & (best > 0)
        winner = np.where(tied, top_level, -2).argmax(1)  # [n, 6]
        majority = np.zeros((games.size, P), np.int64)
        has = best[:, 0, :] > 0
        for c in range(6):
            rows = np.flatnonzero(has[:, c])
            majority[rows, winner[rows, c]] += self.majority_bonus[c]
        hand = st.hand[games].astype(np.int64)  # [n, P, 27]
        celebrations = (hand * self.celebration_pp).sum(2)
        low = np.isin(self.comm_height, self.recognition_heights)
        recognised = (mine & low).sum(2)
        celebrations += hand[:, :, self.K["Recognition"]] * recognised * self.recognition_pp
        return {"majority": majority, "celebrations": celebrations}

    def _final_scoring(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        terms = self.score_breakdown(st, games)
        scores = st.prestige[games].astype(np.int64) + terms["majority"] + terms["celebrations"]
        st.scores[games] = scores
        st.terminated[games] = True
        st.phase[games] = PH_OVER
        st.current_player[games] = st.turn_player[games]
        st.rewards[games] += self.terminal_rewards(scores)

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

    @functools.cached_property
    def _handlers(self) -> dict:
        """phase -> the method applying a decision of that phase, unbound: ``(self, st, games, actions)``."""
        cls = type(self)
        return {
            PH_CHOOSE: cls._on_choose,
            PH_PAY_CARD: cls._on_pay_card,
            PH_EV_PATRICIAN: cls._on_patrician,
            PH_EV_OWN_TOWER: cls._on_own_tower,
            PH_EV_DISCARD: cls._on_event_discard,
            PH_EV_KEEP: cls._on_keep,
            PH_EV_PAY: cls._on_event_pay,
            PH_EXCHANGE: cls._on_exchange,
            PH_EXCHANGE_PAY: cls._on_exchange_pay,
            PH_BUILD: cls._on_build,
            PH_PAY_BUILD: cls._on_pay_build,
            PH_FULFILL: cls._on_fulfill,
            PH_LIMIT_BRICKS: cls._on_limit_bricks,
            PH_LIMIT_CARDS: cls._on_limit_cards,
            PH_ALCH_GIVE: cls._on_alchemist_give,
            PH_SMUG_GIVE: cls._on_smuggler_give,
        }

    def _brick_to(self, st: FirenzeState, games, actions, dest: str) -> np.ndarray:
        """One BRICK decision: move the brick from the decider's storehouse to ``dest``;
        returns the games whose payment is complete."""
        if games.size == 1:  # one game (the AEC env): scalar reads and writes
            b, c, p = games.item(0), actions.item(0) - A_BRICK, st.current_player.item(games.item(0))
            st.storehouse[b, p, c] -= 1
            if dest == "pouch":
                st.pouch[b, c] += 1
            elif dest == "card":
                st.row_bricks[b, st.pay_index.item(b), c] += 1
                st.pay_index[b] += 1
            elif dest == "exchange":
                st.row_bricks[b, st.exchange_slot.item(b), c] += 1
            else:  # "opponent" (Smuggler)
                st.storehouse[b, st.pending_take[b, 1], c] += 1
            st.pay_left[b] -= 1
            return games if st.pay_left.item(b) == 0 else games[:0]
        c = (actions - A_BRICK).astype(np.int64)
        p = st.current_player[games].astype(np.int64)
        st.storehouse[games, p, c] -= 1
        if dest == "pouch":
            st.pouch[games, c] += 1
        elif dest == "card":
            st.row_bricks[games, st.pay_index[games], c] += 1
            st.pay_index[games] += 1
        elif dest == "exchange":
            st.row_bricks[games, st.exchange_slot[games], c] += 1
        else:  # "opponent" (Smuggler)
            st.storehouse[games, st.pending_take[games, 1], c] += 1
        st.pay_left[games] -= 1
        return games[st.pay_left[games] == 0]

    def _free_personnel(self, st: FirenzeState, games, actions) -> None:
        """Alchemist, Smuggler, Patrician discard, Wholesaler and Saboteur (DESIGN_NOTES §6.7)."""
        p = st.current_player[games].astype(np.int64)
        sel = (actions >= A_ALCHEMIST) & (actions < A_ALCHEMIST + 6)
        if sel.any():
            g = games[sel]
            self._play_card(st, g, p[sel], "Alchemist")
            st.pending_take[g, 0] = actions[sel] - A_ALCHEMIST
            st.return_phase[g] = st.phase[g]
            st.phase[g] = PH_ALCH_GIVE
            st.pay_left[g] = 1
        sel = (actions >= A_SMUGGLE) & (actions < A_SMUGGLE + 18)
        if sel.any():
            g = games[sel]
            k, c = np.divmod(actions[sel] - A_SMUGGLE, 6)
            self._play_card(st, g, p[sel], "Smuggler")
            st.pending_take[g, 0] = c
            st.pending_take[g, 1] = (p[sel] + k + 1) % self.num_players
            st.return_phase[g] = st.phase[g]
            st.phase[g] = PH_SMUG_GIVE
            st.pay_left[g] = 1
        sel = self.is_patrician_action[actions]
        if sel.any():
            g, pp = games[sel], p[sel]
            kind = self.action_kind[actions[sel]]
            self._play_card(st, g, pp, "Patrician")
            st.hand[g, pp, kind] -= 1
            st.discard[g, kind] += 1
        sel = (actions >= A_WHOLESALE) & (actions < A_WHOLESALE + 6)
        if sel.any():
            g = games[sel]
            s = actions[sel] - A_WHOLESALE
            self._play_card(st, g, p[sel], "Wholesaler")
            bricks = st.row_bricks[g, s]
            st.pouch[g] += bricks
            st.row_bricks[g, s] = 0
            st.row_bricks[g, s] = self._draw(st, g, bricks.sum(1).astype(np.int64))
        sel = (actions >= A_SABOTAGE) & (actions < A_SABOTAGE + 18)
        if sel.any():
            # "Choose a Tower of another player. Take one Brick from it and put it in the Pouch."
            g = games[sel]
            k, t = np.divmod((actions[sel] - A_SABOTAGE).astype(np.int64), 6)
            self._play_card(st, g, p[sel], "Saboteur")
            self._take_brick_from_tower(st, g, (p[sel] + k + 1) % self.num_players, t, self.saboteur_bricks)

    def _on_choose(self, st, games, actions) -> None:
        take = actions < A_TAKE + 6
        if take.any():
            g = games[take]
            s = actions[take]
            st.chosen_slot[g] = s
            cost = np.where(st.princess_active[g], 0, self.card_cost[s])
            pay = cost > 0
            st.phase[g[pay]] = PH_PAY_CARD
            st.pay_left[g[pay]] = cost[pay]
            st.pay_index[g[pay]] = 0
            self._later("take", g[~pay])
        princess = actions == A_PRINCESS
        if princess.any():
            g = games[princess]
            self._play_card(st, g, st.current_player[g].astype(np.int64), "Princess")
            st.princess_active[g] = True
        rest = ~take & ~princess
        if rest.any():
            self._free_personnel(st, games[rest], actions[rest])

    def _on_pay_card(self, st, games, actions) -> None:
        self._later("take", self._brick_to(st, games, actions, "card"))

    def _on_patrician(self, st, games, actions) -> None:
        ignore = actions == A_IGNORE
        g = games[ignore]
        if g.size:
            # "you may ignore the effect of an Event Card that you chose": the event is discarded unresolved.
            self._play_card(st, g, st.turn_player[g].astype(np.int64), "Patrician")
            st.discard[g, st.event_kind[g]] += 1
            st.event_kind[g] = -1
            self._later("finish", g)
        self._later("resolve", games[~ignore])

    def _on_own_tower(self, st, games, actions) -> None:
        t = (actions - A_SELECT).astype(np.int64)
        p = st.turn_player[games].astype(np.int64)
        botch = st.event_kind[games] == self.K["Botch"]
        if botch.any():
            self._take_brick_from_tower(st, games[botch], p[botch], t[botch], self.botch_bricks)
        col = ~botch
        if col.any():
            remove = np.zeros((col.sum(), NUM_TOWER_SLOTS), bool)
            remove[np.arange(col.sum()), t[col]] = True
            self._remove_towers(st, games[col], p[col], remove, half=False)
        self._later("event_done", games)

    def _on_event_discard(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "pouch")
        fire = st.event_kind[done] == self.K["Storehouse Fire"]
        self._later("event_done", done[fire])
        self._next_player(st, done[~fire])

    def _on_keep(self, st, games, actions) -> None:
        t = (actions - A_SELECT).astype(np.int64)
        st.keep_marked[games, t] = True
        st.keep_left[games] -= 1
        done = games[st.keep_left[games] == 0]
        if done.size == 0:
            return
        seat = st.current_player[done].astype(np.int64)
        tribute = st.event_kind[done] == self.K["Tribute"]
        if tribute.any():
            g, s = done[tribute], seat[tribute]
            c = st.keep_colour[g].astype(np.int64)
            paid = ((st.tower_colour[g, s] == c[:, None]) & st.keep_marked[g]).sum(1)
            st.storehouse[g, s, c] -= paid.astype(np.int16)
            st.pouch[g, c] += paid.astype(np.int16)
            st.phase[g] = PH_EV_KEEP  # stays if another colour needs a choice
            waiting = self._tribute_player(st, g, s, first_colour=c + 1)
            self._next_player(st, g[~waiting])
        lux = ~tribute
        if lux.any():
            g = done[lux]
            waiting = self._lux_pay(st, g, seat[lux])
            self._next_player(st, g[~waiting])

    def _on_event_pay(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "pouch")
        if done.size:
            self._lux_teardown(st, done, st.current_player[done].astype(np.int64))
            self._next_player(st, done)

    def _on_exchange(self, st, games, actions) -> None:
        ex = (actions >= A_EXCHANGE) & (actions < A_EXCHANGE + 36)
        if ex.any():
            g = games[ex]
            s, c = np.divmod(actions[ex] - A_EXCHANGE, 6)
            st.exchange_slot[g] = s
            st.pending_take[g, 0] = c
            st.phase[g] = PH_EXCHANGE_PAY
            bridge = st.buildings[g, st.turn_player[g], self.KB["Bridge"]]
            st.pay_left[g] = np.where(bridge, self.exchange_give_bridge, self.exchange_give)
        passing = actions == A_PASS
        self._enter_build(st, games[passing])
        rest = ~ex & ~passing
        if rest.any():
            self._free_personnel(st, games[rest], actions[rest])

    def _on_exchange_pay(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "exchange")
        if done.size:
            s, c = st.exchange_slot[done], st.pending_take[done, 0]
            st.row_bricks[done, s, c] -= 1
            st.storehouse[done, st.turn_player[done], c] += 1
            st.exchange_done[done] = True
            st.exchange_slot[done] = 0
            st.pending_take[done, 0] = 0
            self._enter_exchange(st, done)

    def _build_cost(self, st: FirenzeState, games: np.ndarray, n: np.ndarray) -> np.ndarray:
        ws = st.buildings[games, st.turn_player[games], self.KB["Workshop"]].astype(np.int64)
        return self.cost_table[ws, st.mason_active[games].astype(np.int64), n]

    def _on_build(self, st, games, actions) -> None:
        if games.size == 1 and A_BUILD_ON <= actions.item(0) < A_START + 6:
            # One brick in one game (the AEC env), the most common decision: the updates below
            # on scalars, without the per-kind selections.
            b, a = games.item(0), actions.item(0)
            p = st.turn_player.item(b)
            if a < A_START:  # BUILD_ON
                t = a - A_BUILD_ON
                c = st.tower_colour.item(b, p, t)
                st.tower_height[b, p, t] += 1
            else:  # START_TOWER
                c, t = a - A_START, int((st.tower_colour[b, p] >= 0).sum())
                st.tower_colour[b, p, t] = c
                st.tower_height[b, p, t] = 1
                st.tower_at_start[b, p, t] = False
            st.storehouse[b, p, c] -= 1
            st.tower_built[b, p, t] = True
            st.bricks_built[b] += 1
            return
        p = st.turn_player[games].astype(np.int64)
        on = (actions >= A_BUILD_ON) & (actions < A_BUILD_ON + 12)
        if on.any():
            g, pp, t = games[on], p[on], actions[on] - A_BUILD_ON
            c = st.tower_colour[g, pp, t].astype(np.int64)
            st.storehouse[g, pp, c] -= 1
            st.tower_height[g, pp, t] += 1
            st.tower_built[g, pp, t] = True
            st.bricks_built[g] += 1
        new = (actions >= A_START) & (actions < A_START + 6)
        if new.any():
            g, pp, c = games[new], p[new], actions[new] - A_START
            t = (st.tower_colour[g, pp] >= 0).sum(1)
            st.storehouse[g, pp, c] -= 1
            st.tower_colour[g, pp, t] = c
            st.tower_height[g, pp, t] = 1
            st.tower_at_start[g, pp, t] = False
            st.tower_built[g, pp, t] = True
            st.bricks_built[g] += 1
        mason = actions == A_MASON
        if mason.any():
            g = games[mason]
            self._play_card(st, g, p[mason], "Mason")
            st.mason_active[g] = True
        passing = actions == A_PASS
        if passing.any():
            g = games[passing]
            due = self._build_cost(st, g, st.bricks_built[g].astype(np.int64))
            pay = due > 0
            st.phase[g[pay]] = PH_PAY_BUILD
            st.pay_left[g[pay]] = due[pay]
            self._end_build(st, g[~pay])
        rest = ~on & ~new & ~mason & ~passing
        if rest.any():
            self._free_personnel(st, games[rest], actions[rest])

    def _on_pay_build(self, st, games, actions) -> None:
        self._end_build(st, self._brick_to(st, games, actions, "pouch"))

    def _on_fulfill(self, st, games, actions) -> None:
        p = st.turn_player[games].astype(np.int64)
        ful = (actions >= A_FULFILL) & (actions < A_FULFILL + 18)
        if ful.any():
            self._fulfill(st, games[ful], p[ful], actions[ful] - A_FULFILL)
        bell = actions == A_BELL
        if bell.any():
            g, pp = games[bell], p[bell]
            colour = st.tower_colour[g, pp]
            slot = np.argmax((colour == self.bell_colour) & (st.tower_height[g, pp] == self.bell_height), axis=1)
            remove = np.zeros((g.size, NUM_TOWER_SLOTS), bool)
            remove[np.arange(g.size), slot] = True
            self._remove_towers(st, g, pp, remove, half=False)
            st.campanile_sealed[g, pp] = True
            st.acquired[g, pp, self.acq_bell] += 1
            everyone = st.campanile_sealed[g].all(1)
            if everyone.any():
                ge = g[everyone]
                space = np.argmax(st.church[ge] == self.K["Campanile"], axis=1)
                st.church[ge, space] = -1
                st.discard[ge, self.K["Campanile"]] += 1
                st.campanile_sealed[ge] = False
        arch = actions == A_ARCHITECT
        if arch.any():
            g = games[arch]
            self._play_card(st, g, p[arch], "Architect")
            st.architect[g] = 1
        passing = actions == A_PASS
        if passing.any():
            self._limits(st, games[passing])
        if ful.any() or bell.any():
            self._enter_fulfill(st, games[ful | bell])
        rest = ~ful & ~bell & ~arch & ~passing
        if rest.any():
            self._free_personnel(st, games[rest], actions[rest])

    def _fulfill(self, st: FirenzeState, games, p, code) -> None:
        t, dd = np.divmod(code.astype(np.int64), 3)
        d = dd - 1
        rows = np.arange(games.size)
        colour = st.tower_colour[games, p, t].astype(np.int64)
        height = st.tower_height[games, p, t].astype(np.int64) + d
        comm = self.comm_of[colour, height]
        gain = self.comm_prestige[comm].copy()
        balcony = self.tile_comm[st.balcony_tile[games].astype(np.int64)]  # [n, 4]
        nb = st.next_balcony[games].astype(np.int64)
        open_balcony = (nb < 4) & (balcony[rows, np.minimum(nb, 3)] == comm)
        gain += np.where(open_balcony, self.tile_bonus[st.balcony_tile[games, np.minimum(nb, 3)]], 0)
        st.next_balcony[games] += open_balcony
        st.commission_owner[games, comm] = p
        st.seals_left[games, p] -= 1
        remove = np.zeros((games.size, NUM_TOWER_SLOTS), bool)
        remove[rows, t] = True
        self._remove_towers(st, games, p, remove, half=False)
        st.architect[games[d != 0]] = 2
        # Level Bonus: "the first player who fulfills a Commission for the corresponding Tower height"
        tile = (self.level_tile_height[None, :] == height[:, None]) & ~st.level_tile_taken[games]
        gain += (tile * self.level_tile_bonus).sum(1)
        st.level_tile_taken[games] |= tile
        st.acquired[games, p, self.acq_level_tile : self.acq_level_tile + tile.shape[1]] += tile
        # Privileges on church spaces: "until a player fulfills a commission of exactly N Levels"
        church = st.church[games].astype(np.int64)
        hit = (church >= 0) & (self.privilege_height[np.maximum(church, 0)] == height[:, None])
        gain += np.where(hit, self.privilege_pp[np.maximum(church, 0)], 0).sum(1)
        if hit.any():
            r, sp = np.nonzero(hit)
            np.add.at(st.acquired, (games[r], p[r], self.acq_privilege[church[r, sp]]), 1)
            st.discard[games[r], church[r, sp]] += 1
            st.church[games[r], sp] = -1
        last = (st.seals_left[games, p] == 0) & (st.end_trigger[games] < 0)
        gain += np.where(last, self.end_bonus, 0)
        st.end_trigger[games[last]] = p[last]
        st.prestige[games, p] += gain.astype(np.int16)
        st.scores[games, p] = st.prestige[games, p]

    def _on_limit_bricks(self, st, games, actions) -> None:
        self._limit_cards(st, self._brick_to(st, games, actions, "pouch"))

    def _on_limit_cards(self, st, games, actions) -> None:
        kind = self.action_kind[actions]
        p = st.turn_player[games].astype(np.int64)
        bi = self.building_index[kind]
        bld = bi >= 0
        st.buildings[games[bld], p[bld], bi[bld]] = False
        st.hand[games[~bld], p[~bld], kind[~bld]] -= 1
        st.discard[games, kind] += 1
        st.pay_left[games] -= 1
        self._end_turn(st, games[st.pay_left[games] == 0])

    def _on_alchemist_give(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "pouch")
        c = st.pending_take[done, 0]
        st.pouch[done, c] -= 1
        st.storehouse[done, st.current_player[done], c] += 1
        st.phase[done] = st.return_phase[done]
        st.pending_take[done] = 0

    def _on_smuggler_give(self, st, games, actions) -> None:
        done = self._brick_to(st, games, actions, "opponent")
        c, src = st.pending_take[done, 0], st.pending_take[done, 1]
        st.storehouse[done, src, c] -= 1
        st.storehouse[done, st.current_player[done], c] += 1
        st.phase[done] = st.return_phase[done]
        st.pending_take[done] = 0

    # ------------------------------------------------------------------ mask

    @staticmethod
    def _tower_key(colour, height, at_start, built) -> np.ndarray:
        """int[n, T]: one integer per tower for its (colour, height, at_start, built)."""
        return ((colour.astype(np.int64) + 1) * 64 + height) * 4 + at_start * 2 + built

    @staticmethod
    def _dup_lower(key, exists) -> np.ndarray:
        """bool[n, T]: an existing lower slot holds a tower with the same key (DESIGN_NOTES §8:
        such a tower is interchangeable with the lower one and is never offered)."""
        T = key.shape[1]
        same = (key[:, :, None] == key[:, None, :]) & exists[:, None, :]  # [n, i, j]
        return (same & np.tri(T, T, -1, bool)).any(2)

    def _refresh_mask(self, st: FirenzeState, games: np.ndarray) -> None:
        """Recompute ``legal_action_mask`` for ``games`` (SPEC §M)."""
        if games.size == 1:  # B=1 play (the AEC env), or one game left in a forced-move chain
            self._mask_one(st, int(games[0]))
        else:
            self._refresh_mask_batch(st, games)

    def _mask_one(self, st: FirenzeState, b: int) -> None:
        """The mask of game ``b`` alone: the rules of :meth:`_refresh_mask_batch` for one row,
        read as Python scalars and lists (the batched index arithmetic costs several times more
        for one game). Change both together: a test compares them on random positions."""
        mask = st.legal_action_mask[b]  # a view, bool[A]
        mask[:] = False
        phase, p = st.phase.item(b), st.current_player.item(b)
        store = st.storehouse[b, p]  # int16[6]
        if _LUT_BRICK[phase]:
            mask[A_BRICK : A_BRICK + 6] = store > 0
        elif phase == PH_LIMIT_CARDS:
            mask[self.limit_ids] = np.where(
                self._limit_is_building, st.buildings[b, p, self._limit_building], st.hand[b, p, self.limit_kinds] > 0
            )
        elif phase == PH_EV_PATRICIAN:
            mask[A_IGNORE] = mask[A_PASS] = True
        else:
            total = int(store.sum())
            if _LUT_FREE[phase]:
                self._mask_free_personnel_one(st, b, phase, p, total, mask)
            if _LUT_TOWERS[phase]:
                self._mask_towers_one(st, b, phase, p, store, total, mask)

    @functools.cached_property
    def _limit_is_building(self) -> np.ndarray:
        """bool[11]: ``limit_ids[k]`` discards a building (else a personnel card from the hand)."""
        return self.building_index[self.limit_kinds] >= 0

    @functools.cached_property
    def _limit_building(self) -> np.ndarray:
        """int[11]: the building index of each of ``limit_ids`` (0 where it is no building)."""
        return np.maximum(self.building_index[self.limit_kinds], 0)

    @staticmethod
    def _towers_of(st: FirenzeState, b: int, seat: int) -> tuple[list, list, list, list]:
        """Colour, height, at_start and built of seat ``seat``'s 12 tower slots in game ``b``."""
        return (st.tower_colour[b, seat].tolist(), st.tower_height[b, seat].tolist(),
                st.tower_at_start[b, seat].tolist(), st.tower_built[b, seat].tolist())  # fmt: skip

    def _mask_free_personnel_one(self, st: FirenzeState, b: int, phase: int, p: int, total: int, mask) -> None:
        """:meth:`_mask_free_personnel` for game ``b`` alone."""
        P, K, KP = self.num_players, self.K, self.KP
        hand, played = st.hand[b, p].tolist(), st.played[b].tolist()

        def available(name):
            return hand[K[name]] > 0 and not played[KP[name]]

        if available("Alchemist") and total >= 1:
            mask[A_ALCHEMIST : A_ALCHEMIST + 6] = st.pouch[b] > 0
        if available("Smuggler") and total >= 1:
            for k in range(1, P):
                mask[A_SMUGGLE + 6 * (k - 1) : A_SMUGGLE + 6 * k] = st.storehouse[b, (p + k) % P] > 0
        if available("Patrician"):
            mask[self.patrician_ids] = st.hand[b, p, self.hand_kinds] >= self._patrician_need
        if available("Saboteur"):
            # a tower of another player, the lowest of identical ones (slots 0-5 outside their turn)
            for k in range(1, P):
                colour, height, at_start, built = self._towers_of(st, b, (p + k) % P)
                for t in _lowest_of_kind(colour, height, at_start, built, [c >= 0 for c in colour[:6]]):
                    mask[A_SABOTAGE + 6 * (k - 1) + t] = True
        mask[A_PASS] = phase != PH_CHOOSE
        if phase == PH_CHOOSE or phase == PH_EXCHANGE:
            if available("Wholesaler"):
                mask[A_WHOLESALE : A_WHOLESALE + 6] = st.row_bricks[b].sum(1) > 0
            if phase == PH_CHOOSE:
                affordable = True if st.princess_active.item(b) else total >= self.card_cost
                mask[A_TAKE : A_TAKE + 6] = (st.row_card[b] >= 0) & affordable
                mask[A_PRINCESS] = available("Princess")
            else:
                give = self.exchange_give_bridge if st.buildings[b, p, self.KB["Bridge"]] else self.exchange_give
                if not st.exchange_done.item(b) and total >= give:
                    mask[A_EXCHANGE : A_EXCHANGE + 36] = st.row_bricks[b].reshape(36) > 0
        elif phase == PH_BUILD:
            mask[A_MASON] = available("Mason")
        elif phase == PH_FULFILL:
            mask[A_ARCHITECT] = available("Architect")

    def _mask_towers_one(self, st: FirenzeState, b: int, phase: int, p: int, store, total: int, mask) -> None:
        """:meth:`_mask_towers` (and :meth:`_mask_fulfill`) for game ``b`` alone."""
        colour, height, at_start, built = self._towers_of(st, b, p)
        # Outside Build at most 6 towers exist: only slots 0-5 can be named there.
        slots = NUM_TOWER_SLOTS if phase == PH_BUILD else 6
        first = _lowest_of_kind(colour, height, at_start, built, [c >= 0 for c in colour[:slots]])
        if phase == PH_EV_OWN_TOWER:
            for t in first:
                mask[A_SELECT + t] = True
        elif phase == PH_EV_KEEP:
            kc, marked = st.keep_colour.item(b), st.keep_marked[b].tolist()
            cand = [
                colour[t] >= 0 and (colour[t] == kc if kc >= 0 else height[t] >= self.lux_min_height) and not marked[t]
                for t in range(6)
            ]
            for t in _lowest_of_kind(colour, height, at_start, built, cand):
                mask[A_SELECT + t] = True
        elif phase == PH_BUILD:
            bb = st.bricks_built.item(b)
            ws = int(st.buildings[b, st.turn_player.item(b), self.KB["Workshop"]])
            next_cost = self.cost_table[ws, int(st.mason_active.item(b)), min(bb + 1, self.max_build + 1)]
            if bb < self.max_build and total - 1 >= next_cost:
                has = store > 0
                mask[A_START : A_START + 6] = has
                for t in first:
                    if has[colour[t]]:
                        mask[A_BUILD_ON + t] = True
        else:  # FULFILL
            church = st.church[b].tolist()
            campanile = self.K["Campanile"] in church and not st.campanile_sealed[b, p]
            if st.seals_left[b, p] > 0 and not campanile:
                owner = st.commission_owner[b].tolist()
                numeral = {c: i for i, c in enumerate(self.tile_comm[st.balcony_tile[b]].tolist())}
                nb = st.next_balcony.item(b)
                shifts = (-1, 0, 1) if st.architect.item(b) == 1 else (0,)
                top = len(self._comm_of_list[0]) - 1
                for t in first:
                    for d in shifts:
                        comm = self._comm_of_list[colour[t]][min(max(height[t] + d, 0), top)]
                        if comm >= 0 and owner[comm] == -1 and numeral.get(comm, nb) == nb:
                            mask[A_FULFILL + 3 * t + d + 1] = True
            bell = any(c == self.bell_colour and h == self.bell_height for c, h in zip(colour[:6], height[:6]))
            mask[A_BELL] = campanile and bell

    @functools.cached_property
    def _comm_of_list(self) -> list[list[int]]:
        """``comm_of`` as nested lists: [colour][height] -> commission id, -1 = none."""
        return self.comm_of.tolist()

    def _refresh_mask_batch(self, st: FirenzeState, games: np.ndarray) -> None:
        """Recompute ``legal_action_mask`` for ``games`` (SPEC §M). One pass over the games,
        each block of columns computed for the rows whose phase uses it."""
        n = games.size
        if n == 0:
            return
        phase = st.phase[games].astype(np.int64)
        mask = np.zeros((n, NUM_ACTIONS), bool)
        p = st.current_player[games].astype(np.int64)
        store = st.storehouse[games, p]  # [n, 6]
        total = store.sum(1).astype(np.int64)

        r = np.flatnonzero(_LUT_BRICK[phase])
        if r.size:
            mask[r, A_BRICK : A_BRICK + 6] = store[r] > 0
        r = np.flatnonzero(phase == PH_LIMIT_CARDS)
        if r.size:
            g, pp = games[r], p[r]
            held = st.hand[g, pp][:, self.limit_kinds] > 0
            bi = self.building_index[self.limit_kinds]
            isb = bi >= 0
            held[:, isb] = st.buildings[g, pp][:, bi[isb]]
            mask[r[:, None], self.limit_ids] = held
        r = np.flatnonzero(phase == PH_EV_PATRICIAN)
        mask[r, A_IGNORE] = True
        mask[r, A_PASS] = True
        r = np.flatnonzero(_LUT_FREE[phase])
        if r.size:
            self._mask_free_personnel(st, games, phase, p, store, total, mask, r)
        r = np.flatnonzero(_LUT_TOWERS[phase])
        if r.size:
            self._mask_towers(st, games, phase, p, store, total, mask, r)
        if n == st.batch_size and games[0] == 0 and games[-1] == n - 1:  # sorted: arange(B), no scatter
            st.legal_action_mask[...] = mask
        else:
            st.legal_action_mask[games] = mask

    def _mask_free_personnel(self, st, games, phase, p, store, total, mask, r) -> None:
        """Columns of CHOOSE, EXCHANGE, BUILD and FULFILL that do not involve the towers."""
        P = self.num_players
        g, pp, ph, tot = games[r], p[r], phase[r], total[r]
        hand = st.hand[g, pp]
        played = st.played[g]

        def available(name):
            return (hand[:, self.K[name]] > 0) & ~played[:, self.KP[name]]

        # (the mask starts all False: blocks no row can use are skipped)
        alch = available("Alchemist") & (tot >= 1)
        if alch.any():
            mask[r, A_ALCHEMIST : A_ALCHEMIST + 6] = alch[:, None] & (st.pouch[g] > 0)
        smug = available("Smuggler") & (tot >= 1)
        if smug.any():
            for k in range(1, P):
                mask[r, A_SMUGGLE + 6 * (k - 1) : A_SMUGGLE + 6 * k] = smug[:, None] & (
                    st.storehouse[g, (pp + k) % P] > 0
                )
        pat = available("Patrician")
        if pat.any():
            held = hand[:, self.hand_kinds]
            mask[r[:, None], self.patrician_ids] = pat[:, None] & (held >= self._patrician_need)
        sab = np.flatnonzero(available("Saboteur"))
        if sab.size:
            # A tower of another player; among identical towers of one player only the lowest slot
            # (symmetry rule, DESIGN_NOTES §8). Outside their own turn a player has at most 6 towers.
            gs = g[sab]
            for k in range(1, P):
                s = (pp[sab] + k) % P
                oc = st.tower_colour[gs, s, :6]
                key = self._tower_key(
                    oc, st.tower_height[gs, s, :6], st.tower_at_start[gs, s, :6], st.tower_built[gs, s, :6]
                )
                mask[r[sab], A_SABOTAGE + 6 * (k - 1) : A_SABOTAGE + 6 * k] = (oc >= 0) & ~self._dup_lower(key, oc >= 0)
        mask[r, A_PASS] = ph != PH_CHOOSE
        early = np.flatnonzero((ph == PH_CHOOSE) | (ph == PH_EXCHANGE))
        if early.size:
            ge = g[early]
            bricks = st.row_bricks[ge]  # [m, 6, 6]
            whole = available("Wholesaler")[early]
            if whole.any():
                mask[r[early], A_WHOLESALE : A_WHOLESALE + 6] = whole[:, None] & (bricks.sum(2) > 0)
            choose = ph[early] == PH_CHOOSE
            c = np.flatnonzero(choose)
            if c.size:
                gc = ge[c]
                cost = np.where(st.princess_active[gc][:, None], 0, self.card_cost[None, :])
                mask[r[early[c]], A_TAKE : A_TAKE + 6] = (st.row_card[gc] >= 0) & (tot[early[c], None] >= cost)
                mask[r[early[c]], A_PRINCESS] = available("Princess")[early[c]]
            x = np.flatnonzero(~choose)
            if x.size:
                gx = ge[x]
                bridge = st.buildings[gx, pp[early[x]], self.KB["Bridge"]]
                give = np.where(bridge, self.exchange_give_bridge, self.exchange_give)
                ok = ~st.exchange_done[gx] & (tot[early[x]] >= give)
                mask[r[early[x]], A_EXCHANGE : A_EXCHANGE + 36] = ok[:, None] & (bricks[x].reshape(-1, 36) > 0)
        b = ph == PH_BUILD
        if b.any():
            mask[r[b], A_MASON] = available("Mason")[b]
        f = ph == PH_FULFILL
        if f.any():
            mask[r[f], A_ARCHITECT] = available("Architect")[f]

    def _mask_towers(self, st, games, phase, p, store, total, mask, r) -> None:
        """Columns that name the decider's own towers: EVENT_OWN_TOWER, EVENT_KEEP_TOWER,
        BUILD and FULFILL (symmetry rule of DESIGN_NOTES §8)."""
        g, pp, ph = games[r], p[r], phase[r]
        colour = st.tower_colour[g, pp]  # [m, 12]
        height = st.tower_height[g, pp]
        at_start, built = st.tower_at_start[g, pp], st.tower_built[g, pp]
        exists = colour >= 0
        key = self._tower_key(colour, height, at_start, built)
        building = ph == PH_BUILD
        # Outside Build at most 6 towers exist: the duplicate test needs only slots 0-5 there.
        dup = np.zeros(colour.shape, bool)
        if building.any():
            dup[building] = self._dup_lower(key[building], exists[building])
        if (~building).any():
            dup[~building, :6] = self._dup_lower(key[~building, :6], exists[~building, :6])
        o = np.flatnonzero(ph == PH_EV_OWN_TOWER)
        if o.size:
            mask[r[o], A_SELECT : A_SELECT + 6] = exists[o, :6] & ~dup[o, :6]
        o = np.flatnonzero(ph == PH_EV_KEEP)
        if o.size:
            kc = st.keep_colour[g[o]].astype(np.int64)
            eligible = np.where(kc[:, None] >= 0, colour[o] == kc[:, None], height[o] >= self.lux_min_height)
            cand = (exists[o] & eligible & ~st.keep_marked[g[o]])[:, :6]
            mask[r[o], A_SELECT : A_SELECT + 6] = cand & ~self._dup_lower(key[o, :6], cand)
        o = np.flatnonzero(building)
        if o.size:
            go = g[o]
            bb = st.bricks_built[go].astype(np.int64)
            next_cost = self._build_cost(st, go, np.minimum(bb + 1, self.max_build + 1))
            can = (bb < self.max_build) & (total[r[o]] - 1 >= next_cost)
            has_colour = store[r[o]] > 0  # [m, 6]
            own = exists[o] & np.take_along_axis(has_colour, np.maximum(colour[o], 0).astype(np.int64), 1)
            mask[r[o], A_BUILD_ON : A_BUILD_ON + 12] = own & can[:, None] & ~dup[o]
            mask[r[o], A_START : A_START + 6] = has_colour & can[:, None]
        o = np.flatnonzero(ph == PH_FULFILL)
        if o.size:
            self._mask_fulfill(st, g[o], pp[o], colour[o, :6], height[o, :6], exists[o, :6], dup[o, :6], mask, r[o])

    def _mask_fulfill(self, st, g, p, colour, height, exists, dup, mask, r) -> None:
        n = g.size
        campanile = (st.church[g] == self.K["Campanile"]).any(1) & ~st.campanile_sealed[g, p]
        allowed = (st.seals_left[g, p] > 0) & ~campanile
        c6 = np.maximum(colour, 0).astype(np.int64)
        h6 = height.astype(np.int64)
        owner = np.concatenate([st.commission_owner[g], np.zeros((n, 1), np.int8)], 1)  # col 36: "none"
        balcony_comm = self.tile_comm[st.balcony_tile[g].astype(np.int64)]  # [n, 4]
        nb = st.next_balcony[g].astype(np.int64)
        rows = np.arange(n)[:, None]
        numeral = np.full((n, NUM_COMMISSIONS + 1), -1, np.int64)
        numeral[rows, balcony_comm] = np.arange(4)
        arch = st.architect[g] == 1
        base = exists & ~dup & allowed[:, None]
        for d in (-1, 0, 1):
            if d != 0 and not arch.any():
                continue
            hh = np.clip(h6 + d, 0, self.comm_of.shape[1] - 1)
            comm = self.comm_of[c6, hh]  # [n, 6], -1: no commission of that height
            cidx = np.where(comm >= 0, comm, NUM_COMMISSIONS)
            num = numeral[rows, cidx]
            ok = base & (comm >= 0) & (owner[rows, cidx] == -1) & ((num < 0) | (num == nb[:, None]))
            if d != 0:
                ok &= arch[:, None]
            mask[r, A_FULFILL + d + 1 : A_FULFILL + 18 : 3] = ok
        bell = ((colour == self.bell_colour) & (height == self.bell_height)).any(1)
        mask[r, A_BELL] = (st.church[g] == self.K["Campanile"]).any(1) & ~st.campanile_sealed[g, p] & bell

    @staticmethod
    def _kind_counts(kinds: np.ndarray) -> np.ndarray:
        """int[n, 27]: how often each kind appears in ``kinds`` (int[n, m]; 27 = none)."""
        n, m = kinds.shape
        rows = np.repeat(np.arange(n), m)
        counts = np.bincount(rows * (NUM_KINDS + 1) + kinds.ravel(), minlength=n * (NUM_KINDS + 1))
        return counts.reshape(n, NUM_KINDS + 1)[:, :NUM_KINDS]

    # ------------------------------------------------------------ invariants

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
        future draw (a new seed)."""
        out = state.copy()
        B, P = state.batch_size, self.num_players
        new_seeds = rng.hash64(np.uint64(seed), 99, np.arange(B))
        hand_ok = np.zeros(NUM_KINDS, bool)
        hand_ok[self.hand_kinds] = True
        for b in range(B):
            pos, end = int(out.deck_pos[b]), int(out.deck_len[b])
            pool = list(out.deck[b, pos:end])
            sizes = {}
            if not self.recall:
                for q in range(P):
                    if q == player:
                        continue
                    sizes[q] = int(out.hand[b, q].sum())
                    for kind in np.flatnonzero(out.hand[b, q]):
                        pool += [int(kind)] * int(out.hand[b, q, kind])
                    out.hand[b, q] = 0
            # sorted first: the redraw is a function of what the player knows and the seed, not
            # of the hidden order it replaces (a search agent's decision must not depend on it)
            pool.sort()
            keys = rng.hash64(new_seeds[b], 98, 0, np.arange(len(pool)))
            pool = [pool[i] for i in np.argsort(keys, kind="stable")]
            for q, size in sizes.items():
                for _ in range(size):
                    i = next(i for i, kind in enumerate(pool) if hand_ok[kind])
                    out.hand[b, q, pool.pop(i)] += 1
            out.deck[b, :] = -1
            out.deck[b, : len(pool)] = pool
            out.deck_pos[b], out.deck_len[b] = 0, len(pool)
        out.seed[:] = new_seeds
        return out
