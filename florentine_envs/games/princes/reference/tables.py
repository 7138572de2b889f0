"""Component tables of the scalar reference, read from ``princes_data.json`` (never from the engine).

Everything numeric the rules use comes from the data file (or the ``data`` option): prices are
in units of 100 Florin, as the file stores them. This module also builds the placement table
from the shapes, independently of the engine, following SPEC.md section P:

    "orientation k = 0..7: if k >= 4 mirror (r, c) -> (r, -c); then k mod 4 times turn
    clockwise (r, c) -> (c, -r); then shift by (-min r, -min c). An orientation whose square set
    equals that of a smaller k is a duplicate."  Placement index j = k*cells + cols*ar + ac.
"""

from __future__ import annotations

import copy
import json
import os

from florentine_envs.core.data import deep_merge

DATA_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "princes_data.json")

# ---------------------------------------------------------------------------------------------
# Phases (SPEC M), deal contexts and decks
# ---------------------------------------------------------------------------------------------

SETUP_DISCARD = 0
AUCTION_CHOOSE = 1
AUCTION_BID = 2
LANDSCAPE_PICK = 3
PLACE = 4
KEEP = 5
ORDER = 6
RECRUIT_NOW = 7
CHAR_USE = 8
CHAR_AUCTION = 9
ACTION = 10
WORK_BONUS = 11
WORK_PAY = 12
GAME_OVER = 13
NUM_PHASES = 14
PHASE_NAMES = (
    "SETUP_DISCARD", "AUCTION_CHOOSE", "AUCTION_BID", "LANDSCAPE_PICK", "PLACE", "KEEP", "ORDER",
    "RECRUIT_NOW", "CHAR_USE", "CHAR_AUCTION", "ACTION", "WORK_BONUS", "WORK_PAY", "GAME_OVER",
)  # fmt: skip

# CHAR_USE contexts (SPEC C): the observation one-hots WIN, END, BOUGHT.
CTX_NONE, CTX_WIN, CTX_END, CTX_BOUGHT = 0, 1, 2, 3

# Decks (SPEC D: deck_cards[B, 3, 21] with sizes 21 / 20 / 14).
DECK_PROFESSION, DECK_BONUS, DECK_PRESTIGE = 0, 1, 2

# Where a sub-decision (placement, draw, immediate recruiting) returns to (SPEC "resume").
RESUME_AUCTION, RESUME_ACTION, RESUME_CHAR_USE = 0, 1, 2

# Auction stacks (data "auction.stacks" order) and characters (data "characters.names" order).
FOREST, LAKE, PARK, PRESTIGE_STACK, RECRUITING_STACK, JESTER_STACK, BUILDER_STACK = range(7)
BANKER, CARDINAL, MERCHANT, MUSE, PRINCESS, PROFESSOR = range(6)

# Randomness streams (SPEC R).
STREAM_PROFESSIONS, STREAM_PRESTIGE, STREAM_BONUS, STREAM_SETUP = 1, 2, 3, 4

# ---------------------------------------------------------------------------------------------
# Action ids (SPEC A). The fixed part (0..207) assumes the card counts of the game
# (21 professions, 20 Bonus, 14 Prestige, 10 buildings, 6 characters of <= 16 spaces).
# ---------------------------------------------------------------------------------------------

PASS = 0
RAISE = 1
WITHDRAW = 2
END_TURN = 3
DONE = 4
OPEN = 5  # + stack s (7)
LANDSCAPE = 12  # + landscape l (3)
PROFESSION = 15  # + profession x (21)
BONUS = 36  # + Bonus card i (20)
PRESTIGE = 56  # + Prestige card i (14)
RECRUIT = 70  # + profession x (21)
BUILD = 91  # + building b (10)
FREEDOM = 101  # + freedom f (3)
TAKE_PROFESSION = 104
TAKE_BONUS = 105
PRINCESS_WORK = 106
CARDINAL_ACTION = 107
MERCHANT_FAME = 108
MERCHANT_PAY = 109
PROFESSOR_PRESTIGE = 110
PROFESSOR_BONUS = 111
CHAR_BID = 112  # + 16 c + v
PLACE_BASE = 208  # + placement j (8 * cells)

NUM_PROFESSIONS = 21
NUM_BONUS = 20
NUM_PRESTIGE = 14
NUM_BUILDINGS = 10
NUM_PIECES = 13  # 10 buildings, then Forest, Lake, Park
NUM_CHARACTERS = 6
DECK_SIZES = (NUM_PROFESSIONS, NUM_BONUS, NUM_PRESTIGE)
CARD_ACTION_BASE = (PROFESSION, BONUS, PRESTIGE)  # KEEP / ORDER ids per deck


def load_data(data=None) -> dict:
    """The packaged data, a dict patch merged into it, or a complete replacement file at a path.

    Data file, conventions.overrides: "the option data= (a dict patch merged into this file, or a
    path to a complete replacement)".
    """
    with open(DATA_PATH) as f:
        packaged = json.load(f)
    if data is None:
        return packaged
    if isinstance(data, dict):
        return deep_merge(packaged, copy.deepcopy(data))
    if isinstance(data, (str, os.PathLike)):
        with open(data) as f:
            return json.load(f)
    raise ValueError(f"princes reference: data must be None, a dict patch or a path, got {type(data).__name__}")


def parse_shape(rows: list[str]) -> list[tuple[int, int]]:
    """Squares (r, c) of a shape drawn as strings, row by row, left to right ('#' a square)."""
    return [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]


def orientations(squares: list[tuple[int, int]]) -> list[frozenset | None]:
    """The 8 orientations of SPEC P (None for a duplicate of a smaller k), each shifted to (0, 0)."""
    seen: list[frozenset | None] = []
    for k in range(8):
        pts = [(r, -c) for r, c in squares] if k >= 4 else list(squares)
        for _ in range(k % 4):
            pts = [(c, -r) for r, c in pts]  # a clockwise quarter turn
        low_r = min(r for r, _ in pts)
        low_c = min(c for _, c in pts)
        shape = frozenset((r - low_r, c - low_c) for r, c in pts)
        seen.append(None if shape in seen else shape)
    return seen


class Tables:
    """The numbers of one data file, in the shapes the rules below use."""

    def __init__(self, data: dict):
        self.data = data
        self.rounds = int(data["rounds"]["count"])
        self.minimum = [int(v) for v in data["rounds"]["minimum_work_value"]]
        setup = data["setup"]
        self.money_start = {int(k): int(v) for k, v in setup["money_by_player_count"].items()}
        self.dealt = int(setup["professions_dealt"])
        self.kept = int(setup["professions_kept"])
        two = setup["two_player_freedoms"]
        self.freedom_base_2p = int(two["base"])
        self.extra_kinds = int(two["extra_kinds"])
        self.extra_kinds_hard = int(two["extra_kinds_hard"])
        auction = data["auction"]
        self.opening_bid = {int(k): int(v) for k, v in auction["opening_bid_by_player_count"].items()}
        self.raise_by = int(auction["raise"])
        self.lone_price = int(auction["lone_buyer_price"])
        self.max_builders = int(auction["max_builders_per_player"])
        self.single_landscape_2p = bool(auction["two_player_single_landscape_object"])
        supply = data["supply"]
        self.buildings_per_type = int(supply["buildings_per_type"])
        self.landscapes_per_type = int(supply["landscapes_per_type"])
        self.jesters = int(supply["jesters"])
        self.builders = int(supply["builders"])
        self.recruiting = int(supply["recruiting_cards"])
        prices = data["prices"]
        self.build_cost = [int(v) for v in prices["build_by_builders"]]
        self.take_profession_price = int(prices["take_profession"])
        self.freedom_price = int(prices["introduce_freedom"])
        self.bonus_price = int(prices["acquire_bonus"])
        self.draw_count = int(prices["draw_count"])
        scoring = data["scoring"]
        self.extra_landscape_points = int(scoring["extra_landscape_same_type"])
        self.builder_points = [int(v) for v in scoring["builder_points_by_count"]]
        self.building_points = int(scoring["building"])
        self.best_work_points = int(scoring["best_work"])
        self.per_work_point = int(scoring["florin_per_work_point"])
        self.per_fame_taken = int(scoring["florin_per_fame_taken"])
        self.per_fame_sold = int(scoring["florin_per_fame_sold"])
        self.banker_per_point = int(scoring["banker_florin_per_point"])
        work = data["work_value"]
        self.w_landscape = int(work["landscape"])
        self.w_freedom = int(work["freedom"])
        self.w_building = int(work["building"])
        self.w_jester = int(work["per_jester"])
        self.w_card = int(work["per_card"])
        princess = work["princess"]
        self.p_landscape = int(princess["per_landscape"])
        self.p_building = int(princess["per_building"])
        self.p_builder = int(princess["per_builder"])
        self.p_card = int(princess["per_card"])

        self.building_names = list(data["buildings"]["names"])
        self.landscape_names = list(data["landscapes"]["names"])
        self.freedom_names = list(data["freedoms"]["names"])
        self.stack_names = list(auction["stacks"])
        sizes = data["buildings"]["sizes"]
        # Bonus / Prestige features "large", "medium", "small": the class of each building.
        self.size_class = [next(k for k in ("large", "medium", "small") if n in sizes[k]) for n in self.building_names]
        cards = data["professions"]["cards"]
        self.profession_names = [c["name"] for c in cards]
        self.prof_building = [self.building_names.index(c["building"]) for c in cards]
        self.prof_landscape = [self.landscape_names.index(c["landscape"]) for c in cards]
        self.prof_freedom = [self.freedom_names.index(c["freedom"]) for c in cards]
        self.bonus_coef = [dict(c["coef"]) for c in data["bonus_cards"]["cards"]]
        self.bonus_text = [c["text"] for c in data["bonus_cards"]["cards"]]
        self.prestige = [dict(c) for c in data["prestige_cards"]["cards"]]
        chars = data["characters"]
        self.character_names = list(chars["names"])
        self.char_low = [int(chars["spaces"][n][0]) for n in self.character_names]
        self.char_high = [int(chars["spaces"][n][1]) for n in self.character_names]
        self.banker_start = int(chars["banker_start"])
        self.banker_refill = int(chars["banker_refill"])
        self.banker_gain = int(chars["banker_unbought_gain"])

        board = data["principality"]
        self.rows = int(board["rows"])
        self.cols = int(board["cols"])
        self.cells = self.rows * self.cols
        if self.cells > 64:
            raise ValueError(f"princes reference: a principality of {self.cells} cells does not fit a 64-bit mask")
        self.palazzo = 0
        for r, c in board["palazzo"]["cells"]:
            self.palazzo |= self.bit(r, c)
        shapes = data["buildings"]["shapes"]
        lshapes = data["landscapes"]["shapes"]
        self.shapes = [parse_shape(shapes[n]) for n in self.building_names]
        self.shapes += [parse_shape(lshapes[n]) for n in self.landscape_names]
        self.placements = [self._placements(shape) for shape in self.shapes]
        self.fame_choices = self.max_work_value() // self.per_fame_taken + 1
        self.fame_base = PLACE_BASE + 8 * self.cells
        self.num_actions = self.fame_base + self.fame_choices

    def bit(self, r: int, c: int) -> int:
        """The mask bit of cell (r, c): bit cols*r + c (SPEC P)."""
        return 1 << (self.cols * r + c)

    def _placements(self, squares) -> list[tuple[int, int, int]]:
        """Every non-empty entry (j, squares mask, halo mask) of one piece's placement table."""
        table = []
        for k, shape in enumerate(orientations(squares)):
            if shape is None:
                continue  # a duplicate orientation is never legal
            for ar in range(self.rows):
                for ac in range(self.cols):
                    cells = [(r + ar, c + ac) for r, c in shape]
                    if any(r >= self.rows or c >= self.cols for r, c in cells):
                        continue
                    mask = 0
                    for r, c in cells:
                        mask |= self.bit(r, c)
                    halo = 0
                    for r, c in cells:
                        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                            rr, cc = r + dr, c + dc
                            if 0 <= rr < self.rows and 0 <= cc < self.cols:
                                halo |= self.bit(rr, cc)
                    table.append((k * self.cells + self.cols * ar + ac, mask, halo & ~mask))
        return table

    def feature_maxima(self) -> dict[str, int]:
        """fmax of SPEC A: the largest value each feature can take."""
        cards = NUM_PROFESSIONS + self.recruiting
        count = {k: self.size_class.count(k) for k in ("large", "medium", "small")}
        return {
            "buildings": NUM_BUILDINGS, **count, "sizes": 3,
            "forests": self.landscapes_per_type, "lakes": self.landscapes_per_type,
            "parks": self.landscapes_per_type, "landscapes": 3 * self.landscapes_per_type,
            "landscape_types": 3, "freedoms": 3, "travel": 1, "religion": 1, "opinion": 1,
            "jesters": self.jesters, "builders": self.max_builders, "prestige_cards": NUM_PRESTIGE,
            "categories": 7, "hand_cards": cards, "table_cards": cards, "empty": self.cells,
        }  # fmt: skip

    def max_work_value(self) -> int:
        """W of SPEC A: a bound on every work value (profession or Princess work)."""
        fmax = self.feature_maxima()
        cards = NUM_PROFESSIONS + self.recruiting
        bonus = sum(v * fmax[f] for coef in self.bonus_coef for f, v in coef.items())
        profession = (
            self.w_landscape + self.w_freedom + self.w_building + self.w_jester * self.jesters
            + self.w_card * cards + self.rounds + bonus
        )  # fmt: skip
        princess = (
            self.p_landscape * 3 * self.landscapes_per_type + self.p_building * NUM_BUILDINGS
            + self.p_builder * self.max_builders + self.p_card * cards
        )  # fmt: skip
        return max(profession, princess)


def action_names(T: Tables) -> list[str]:
    """The readable name of every action id (SPEC A)."""
    names = ["pass", "raise", "withdraw", "end_turn", "done"]
    names += [f"open_{s}" for s in T.stack_names]
    names += [f"landscape_{n}" for n in T.landscape_names]
    names += [f"profession_{x}" for x in range(NUM_PROFESSIONS)]
    names += [f"bonus_{i}" for i in range(NUM_BONUS)]
    names += [f"prestige_{i}" for i in range(NUM_PRESTIGE)]
    names += [f"recruit_{x}" for x in range(NUM_PROFESSIONS)]
    names += [f"build_{b}" for b in range(NUM_BUILDINGS)]
    names += [f"freedom_{f}" for f in range(3)]
    names += ["take_profession", "take_bonus", "princess_work", "cardinal", "merchant_fame", "merchant_pay"]
    names += ["professor_prestige", "professor_bonus"]
    names += [f"char_bid_{c}_{v}" for c in range(NUM_CHARACTERS) for v in range(16)]
    names += [f"place_k{j // T.cells}_r{j % T.cells // T.cols}c{j % T.cols}" for j in range(8 * T.cells)]
    names += [f"fame_{n}" for n in range(T.fame_choices)]
    assert len(names) == T.num_actions
    return names


_PACKAGED: list[Tables] = []


def tables_for(data=None) -> Tables:
    """The Tables of the packaged data (built once) or of a ``data`` override (built each time)."""
    if data is not None:
        return Tables(load_data(data))
    if not _PACKAGED:
        _PACKAGED.append(Tables(load_data()))
    return _PACKAGED[0]
