"""The fixed tables of the Firenze reference: randomness streams (DN §3), phases (DN §5), action
ids (DN §8, SPEC §A) and the names they index; the component data (``firenze_data.json`` or the
``data`` override) in the shapes the rules use; and the pure rule helpers (construction cost,
rewards, towers and the symmetry rule of DN §8)."""

from __future__ import annotations

import copy
import json
import os

from florentine_envs.core.data import deep_merge

# ---------------------------------------------------------------------------
# Randomness streams (DN §3)
# ---------------------------------------------------------------------------

STREAM_DECK = 1
STREAM_POUCH = 2
STREAM_SETUP = 3

# ---------------------------------------------------------------------------
# Phases (DN §5)
# ---------------------------------------------------------------------------

CHOOSE = 0
PAY_CARD_COST = 1
EVENT_PATRICIAN = 2
EVENT_OWN_TOWER = 3
UNUSED_PHASE = 4  # SPEC §0.6: EVENT_SABOTEUR until v0; the Saboteur is a personnel card since v1
EVENT_DISCARD = 5
EVENT_KEEP_TOWER = 6
EVENT_PAY = 7
EXCHANGE = 8
EXCHANGE_PAY = 9
BUILD = 10
PAY_BUILD_COST = 11
FULFILL = 12
LIMIT_BRICKS = 13
LIMIT_CARDS = 14
ALCHEMIST_GIVE = 15
SMUGGLER_GIVE = 16
GAME_OVER = 17
NUM_PHASES = 18

# ---------------------------------------------------------------------------
# Action ids (DN §8, SPEC §A), num_actions = 168 for every player count and option
# ---------------------------------------------------------------------------

NUM_ROW_SLOTS = 6  # action ids are laid out for the 6 row slots of the board
NUM_COLOURS = 6  # and for the 6 brick colours; the data cannot change these
MAX_TOWER_SLOTS = 12  # DN §2: 6 towers from before + 6 new ones during Build
MAX_NAMED_TOWERS = 6  # DN §2: outside Build at most 6 towers exist

TAKE_CARD = 0  # + slot
EXCHANGE_BASE = 6  # + 6 * slot + colour
BUILD_ON = 42  # + tower slot (0..11)
START_TOWER = 54  # + colour
FULFILL_BASE = 60  # + 3 * tower + (delta + 1)
BELL_TOWER = 78
BRICK = 79  # + colour
SELECT_TOWER = 85  # + tower slot (0..5)
SABOTAGE = 91  # + 6 * (offset - 1) + tower slot
ALCHEMIST = 109  # + colour
SMUGGLE = 115  # + 6 * (offset - 1) + colour
WHOLESALE = 133  # + slot
PATRICIAN_DISCARD = 139  # + index into HAND_KIND_NAMES (the first 12)
PLAY_PRINCESS = 151
PLAY_MASON = 152
PLAY_ARCHITECT = 153
IGNORE_EVENT = 154
LIMIT_DISCARD = 155  # + index into LIMIT_KIND_NAMES (the first 10)
PASS = 165
# SPEC §A: the Saboteur became a hand card in v1; its two ids were appended after PASS.
PATRICIAN_DISCARD_SABOTEUR = 166
LIMIT_DISCARD_SABOTEUR = 167
NUM_ACTIONS = 168

# DN §8: the kinds a hand can hold (personnel + celebrations), in kind order.
HAND_KIND_NAMES = (
    "Alchemist",
    "Architect",
    "Disgrace",
    "Fame",
    "Mason",
    "Monument",
    "Patrician",
    "Princess",
    "Recognition",
    "Scandal",
    "Smuggler",
    "Wholesaler",
    "Saboteur",  # SPEC §A: last, its id appended in v1
)
# Action id of each hand kind's PATRICIAN_DISCARD, in HAND_KIND_NAMES order.
PATRICIAN_DISCARD_IDS = tuple(range(PATRICIAN_DISCARD, PATRICIAN_DISCARD + 12)) + (PATRICIAN_DISCARD_SABOTEUR,)
# DN §8: the cards that may go at the card limit (personnel + buildings).
LIMIT_KIND_NAMES = (
    "Alchemist",
    "Architect",
    "Bridge",
    "Mason",
    "Patrician",
    "Princess",
    "Smuggler",
    "Warehouse",
    "Wholesaler",
    "Workshop",
    "Saboteur",  # SPEC §A: last, its id appended in v1
)
LIMIT_DISCARD_IDS = tuple(range(LIMIT_DISCARD, LIMIT_DISCARD + 10)) + (LIMIT_DISCARD_SABOTEUR,)
BUILDING_NAMES = ("Bridge", "Warehouse", "Workshop")  # DN §2 buildings bool[P, 3]
# DN §2 "played bool[B,7]": personnel names played this turn.
# SPEC §O: the Saboteur, personnel since v1, is last.
PLAYED_NAMES = ("Alchemist", "Architect", "Mason", "Patrician", "Princess", "Smuggler", "Wholesaler", "Saboteur")
EVENT_NAMES = ("Botch", "Collapse", "Flood", "Luxury Tax", "Renaissance", "Storehouse Fire", "Tribute")
PRIVILEGE_NAMES = ("Minor Privilege", "Privilege", "Major Privilege")

# SPEC §O payment: the phases whose pay_left is shown.
PAY_LEFT_PHASES = (PAY_CARD_COST, EXCHANGE_PAY, PAY_BUILD_COST, EVENT_DISCARD, EVENT_PAY, LIMIT_BRICKS, LIMIT_CARDS)

REWARD_MODES = ("win", "score")
OPPONENT_HAND_MODES = ("hidden", "recall")
NEUTRAL_SEAL_MODES = ("recommended", "uniform")


# ---------------------------------------------------------------------------
# Component data (firenze_data.json)
# ---------------------------------------------------------------------------

# The data file lies in the game package, one folder up.
DATA_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firenze_data.json")


def load_data(data=None) -> dict:
    """The component data: the packaged file, a JSON file at ``data`` or a dict patch over the package.

    DN §1: "``data``: path or dict patch overriding ``firenze_data.json``".
    """
    with open(DATA_PATH) as f:
        packaged = json.load(f)
    if data is None:
        return packaged
    if isinstance(data, (str, os.PathLike)):
        with open(data) as f:
            return deep_merge(packaged, json.load(f))
    if isinstance(data, dict):
        return deep_merge(packaged, copy.deepcopy(data))
    raise ValueError(f"data must be None, a path or a dict patch, got {type(data).__name__}")


class Tables:
    """The numbers of one data file, in the shapes the rules below use."""

    def __init__(self, data: dict):
        self.colours = list(data["conventions"]["colour_order"])
        if len(self.colours) != NUM_COLOURS:
            raise ValueError(f"the action space needs exactly {NUM_COLOURS} colours, data has {len(self.colours)}")
        # RB Game Contents: "88 Bricks: 25x White, 18x Yellow, ..."
        self.bricks = [int(data["bricks"]["per_colour"][c]) for c in self.colours]
        # RB Set Up 7: seals per player by player count.
        self.seals = {int(k): int(v) for k, v in data["seals"]["per_player_by_player_count"].items()}
        self.neutral_seals = int(data["seals"]["neutral_used"])
        # RB Set Up 8: 2, 3, 4, 5 white bricks.
        self.starting_bricks = [int(n) for n in data["starting_bricks"]["by_turn_order"]]
        self.starting_colour = self.colours.index(data["starting_bricks"]["colour"])
        row = data["card_row"]
        self.row_slots = int(row["slots"])
        self.bricks_per_new_card = int(row["bricks_per_new_card"])
        self.card_cost = [int(x) for x in row["card_cost_by_slot"]]
        ex = data["exchange"]
        self.exchange_give = int(ex["give"])
        self.exchange_give_bridge = int(ex["give_with_bridge"])
        con = data["construction"]
        self.max_build = int(con["max_bricks_per_turn"])
        self.build_cost = [int(x) for x in con["cost_by_bricks_built"]]
        self.workshop_discount = int(con["workshop_discount"])
        self.mason_discount = int(con["mason_discount"])
        self.mason_workshop_discount = int(con["mason_and_workshop_discount"])
        lim = data["limits"]
        self.store_limit = int(lim["storehouse"])
        self.store_limit_warehouse = int(lim["storehouse_with_warehouse"])
        self.card_limit = int(lim["cards"])
        self.card_limit_warehouse = lim["cards_with_warehouse"]  # None: no card limit with a Warehouse
        self.church_spaces = int(data["church_spaces"]["count"])
        self.end_bonus = int(data["end_of_game"]["trigger_bonus_pp"])
        # Commissions: id = 6 * colour + (level - 1) (data conventions).
        towers = data["commissions"]["towers"]
        self.levels = len(towers[self.colours[0]])
        self.commission_height = [0] * (NUM_COLOURS * self.levels)
        self.commission_prestige = [0] * (NUM_COLOURS * self.levels)
        for c, name in enumerate(self.colours):
            for entry in towers[name]:
                cid = self.levels * c + int(entry["level"]) - 1
                self.commission_height[cid] = int(entry["height"])
                self.commission_prestige[cid] = int(entry["prestige"])
        self.num_commissions = NUM_COLOURS * self.levels
        self.majority_bonus = [int(data["majority_bonus"]["by_colour"][c]) for c in self.colours]
        self.level_tiles = [(int(t["height"]), int(t["bonus"])) for t in data["level_tiles"]["tiles"]]
        numerals = ["I", "II", "III", "IV"]
        self.balcony_tiles = []  # (numeral 0..3, commission id, bonus), by tile id
        for t in data["balcony_tiles"]["tiles"]:
            cid = self.levels * self.colours.index(t["colour"]) + int(t["level"]) - 1
            self.balcony_tiles.append((numerals.index(t["numeral"]), cid, int(t["bonus"])))
        rec = data["setup"]["neutral_seal_recommendations"]
        self.max_tiles_per_tower = int(rec["max_tiles_per_tower"])
        self.seals_on_levels_34 = [int(x) for x in rec["on_levels_3_and_4"]]
        self.advised_levels = [int(x) for x in rec["levels"]]
        # DN §13.21: true = board spaces counted from the bottom, false = commissions of that many bricks.
        self.levels_are_positions = rec["levels_are_positions"]
        if not isinstance(self.levels_are_positions, bool):
            raise ValueError(f"levels_are_positions must be true or false, got {self.levels_are_positions!r}")
        # Cards: kinds in data order (alphabetical); copies numbered kind by kind.
        cards = data["action_cards"]["cards"]
        self.kind_names = [c["name"] for c in cards]
        self.kind_type = [c["type"] for c in cards]
        self.kind_params = [c.get("params", {}) for c in cards]
        self.kind_count = [int(c["count"]) for c in cards]
        self.start_count = [int(c["start_copies"]) for c in cards]
        self.num_kinds = len(cards)
        # SPEC §R: "Canonical item ids: kind q has base base[q] = sum of count[q'] for q' < q".
        self.item_base = [sum(self.kind_count[:q]) for q in range(self.num_kinds)]
        self.kind = {name: k for k, name in enumerate(self.kind_names)}
        self.privilege = {}  # kind -> (height, pp)
        for name, spec in data["privileges"]["by_card"].items():
            self.privilege[self.kind[name]] = (int(spec["height"]), int(spec["pp"]))
        cel = data["celebration_scoring"]
        self.celebration_pp = {self.kind[n]: int(cel[n]) for n in ("Fame", "Monument", "Disgrace", "Scandal")}
        self.recognition_heights = [int(h) for h in self.kind_params[self.kind["Recognition"]]["heights"]]
        self.recognition_pp = int(self.kind_params[self.kind["Recognition"]]["pp_per_commission"])
        self.hand_kinds = [self.kind[n] for n in HAND_KIND_NAMES]
        in_hand = {n for n, t in zip(self.kind_names, self.kind_type) if t in ("personnel", "celebration")}
        if in_hand != set(HAND_KIND_NAMES):
            raise ValueError(f"the hand kinds must be {HAND_KIND_NAMES} (fixed action space), data gives {in_hand}")
        self.limit_kinds = [self.kind[n] for n in LIMIT_KIND_NAMES]
        self.building_kinds = [self.kind[n] for n in BUILDING_NAMES]
        self.played_kinds = [self.kind[n] for n in PLAYED_NAMES]
        self.event_kinds = [self.kind[n] for n in EVENT_NAMES]
        fire = self.kind_params[self.kind["Storehouse Fire"]]
        self.fire_bricks = int(fire["bricks"])
        lux = self.kind_params[self.kind["Luxury Tax"]]
        self.luxury_min_height = int(lux["min_height"])
        self.luxury_bricks = int(lux["bricks_per_tower"])
        self.tribute_bricks = int(self.kind_params[self.kind["Tribute"]]["bricks_per_tower"])
        camp = self.kind_params[self.kind["Campanile"]]
        self.bell_colour = self.colours.index(camp["bell_tower_colour"])
        self.bell_height = int(camp["bell_tower_height"])


# ---------------------------------------------------------------------------
# Pure rule helpers
# ---------------------------------------------------------------------------


def construction_discount(tables: Tables, workshop: bool, mason: bool) -> int:
    """Mason: "You pay three fewer Bricks ... If you also own a Workshop you pay 4
    less bricks instead of 3." Workshop: "you pay one Brick fewer". DN §13.12:
    together 4 in all."""
    if workshop and mason:
        return tables.mason_workshop_discount
    if mason:
        return tables.mason_discount
    if workshop:
        return tables.workshop_discount
    return 0


def construction_cost(tables: Tables, bricks: int, workshop: bool, mason: bool) -> int:
    """RB Build Towers: the cost table "1 -> 0, 2 -> 0, 3 -> 1, 4 -> 3, 5 -> 6, 6 -> 10"
    less the discount; Mason: "A negative number is regarded as zero."."""
    return max(0, tables.build_cost[bricks] - construction_discount(tables, workshop, mason))


def compute_rewards(scores: list[int], mode: str) -> list[float]:
    """DESIGN rule 8. "win": winners share +1, the rest share -1, all tied gives 0
    (RB: "In case of a tie, there are multiple winners."). "score": own score minus
    the mean of the others'."""
    P = len(scores)
    if mode == "win":
        best = max(scores)
        w = sum(1 for s in scores if s == best)
        if w == P:
            return [0.0] * P
        return [1.0 / w if s == best else -1.0 / (P - w) for s in scores]
    total = sum(scores)
    return [float(s) - (total - s) / (P - 1) for s in scores]


def new_tower(colour: int) -> dict:
    """A tower on a construction site: one colour, its height, and the two flags
    that decide abandonment (RB 4: "under construction at the beginning of your
    turn but were not worked on")."""
    return {"colour": colour, "height": 0, "at_start": False, "built": False}


def tower_key(t: dict) -> tuple:
    """DN §8 symmetry rule: towers of one player that agree in colour, height,
    tower_at_start and tower_built are interchangeable."""
    return (t["colour"], t["height"], t["at_start"], t["built"])


def first_of_groups(towers: list[dict], candidates) -> list[int]:
    """Among the candidate tower slots, the lowest slot of each group of
    interchangeable towers (DN §8: "only the lowest slot of each group ... is legal")."""
    seen = set()
    result = []
    for t in candidates:
        key = tower_key(towers[t])
        if key not in seen:
            seen.add(key)
            result.append(t)
    return result
