"""Scalar reference implementation of Firenze (Andreas Steding), 2-4 players.

This is the *readable* implementation: one game, plain Python lists and ints,
written clause by clause from the rulebook (``shared/rules/firenze.txt``), the
design notes (``DESIGN_NOTES.md`` next to this file: phases, action ids, RNG
streams, readings of unclear sentences) and the encoding specification
(``SPEC.md``: observation layout and sequencing details). It was written
independently of the batched engine ``firenze.py`` so that the differential
test (``tests/test_firenze_differential.py``) catches a misreading by either.

Comments quote the rule they implement: "RB: ..." is the rulebook, "DN §x" a
section of DESIGN_NOTES.md, "SPEC: ..." SPEC.md. Every number comes from
``firenze_data.json`` (or the ``data`` override), never from this file.

numpy is used only for the counter-based randomness (``core.rng``) and to
return the action mask and the observation as arrays.
"""

from __future__ import annotations

import copy
import json
import math
import operator
import os

import numpy as np

from florentine_envs.core.rng import hash64, randint

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

DATA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "firenze_data.json")


def _merge(base: dict, patch: dict) -> dict:
    """Deep-merge ``patch`` into a copy of ``base`` (dicts merge, anything else replaces)."""
    merged = copy.deepcopy(base)
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


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
            return _merge(packaged, json.load(f))
    if isinstance(data, dict):
        return _merge(packaged, data)
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


# ---------------------------------------------------------------------------
# Observation layout (SPEC §O)
# ---------------------------------------------------------------------------

TOWER_FEATURES = NUM_COLOURS + 3  # colour one-hot, height, at_start, built
PLAYER_BLOCK = 2 + NUM_COLOURS + len(BUILDING_NAMES) + 2 + NUM_COLOURS + MAX_TOWER_SLOTS * TOWER_FEATURES  # 127


def obs_fields(num_players: int, opponent_hands: str = "hidden", num_kinds: int = 27, levels: int = 6) -> list:
    """(name, size) of every observation field, in order (SPEC §O)."""
    P = num_players
    fields = [
        ("phase", NUM_PHASES),
        ("to_move", P),
        ("turn_player", P),
        ("start_player", P),
        ("turn_number", 1),
        ("end", 2 + P),
        ("turn_flags", 5),
        ("build", 3),
        ("played", len(PLAYED_NAMES)),
        ("payment", 3),
        ("event", len(EVENT_NAMES) + 1),
        ("exchange_slot", 1),
        ("take_colour", NUM_COLOURS),
        ("keep", 1 + NUM_COLOURS + MAX_NAMED_TOWERS),
        ("row_cards", NUM_ROW_SLOTS * (num_kinds + 1)),
        ("row_bricks", NUM_ROW_SLOTS * NUM_COLOURS),
        ("deck_size", 1),
        ("discard_counts", num_kinds),
        ("unseen_counts", num_kinds),
        ("pouch", NUM_COLOURS),
        ("commissions", NUM_COLOURS * levels * (8 + P)),
        ("next_balcony", 5),
        ("level_tiles", 4),
        ("church", 4 + P),
        ("majority_bonus", NUM_COLOURS),
        ("players", P * PLAYER_BLOCK),
        ("own_hand", len(HAND_KIND_NAMES)),
    ]
    if opponent_hands == "recall":
        fields.append(("opponent_hands", (P - 1) * len(HAND_KIND_NAMES)))
    return fields


def obs_offsets(num_players: int, opponent_hands: str = "hidden") -> dict[str, tuple[int, int]]:
    """Field name -> (start, length) in the observation vector."""
    offsets = {}
    pos = 0
    for name, size in obs_fields(num_players, opponent_hands):
        offsets[name] = (pos, size)
        pos += size
    return offsets


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class FirenzeReference:
    """One game of Firenze, stepped one action at a time."""

    def __init__(
        self,
        num_players: int,
        seed: int,
        campanile: bool = True,
        auto_discard: bool = False,
        neutral_seals="recommended",
        balconies="random",
        opponent_hands: str = "hidden",
        reward: str = "win",
        max_turns: int | None = None,
        data=None,
    ):
        # RB: "2-4 players"
        if not isinstance(num_players, (int, np.integer)) or not 2 <= int(num_players) <= 4:
            raise ValueError(f"num_players must be in 2..4, got {num_players!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"unknown reward mode {reward!r}; expected one of {REWARD_MODES}")
        if opponent_hands not in OPPONENT_HAND_MODES:
            raise ValueError(f"unknown opponent_hands {opponent_hands!r}; expected one of {OPPONENT_HAND_MODES}")
        for option, value in (("campanile", campanile), ("auto_discard", auto_discard)):
            if not isinstance(value, (bool, np.bool_)):
                raise ValueError(f"{option} must be True or False, got {value!r}")
        P = int(num_players)
        if max_turns is None:
            max_turns = 60 * P  # DN §1
        if not isinstance(max_turns, (int, np.integer)) or max_turns < 1:
            raise ValueError(f"max_turns must be a positive integer, got {max_turns!r}")
        self.num_players = P
        self.seed = int(seed)
        self.campanile_option = bool(campanile)
        self.auto_discard = bool(auto_discard)
        self.opponent_hands = opponent_hands
        self.reward_mode = reward
        self.max_turns = int(max_turns)
        self.T = Tables(load_data(data))
        self.num_actions = NUM_ACTIONS
        self._offsets = obs_offsets(P, opponent_hands)
        self.obs_size = sum(size for _, size in self._offsets.values())
        T = self.T
        K = T.kind

        # -- bookkeeping
        self.pouch_draws = 0
        self.deck_shuffles = 0
        self.turn_number = 0
        self.terminated = False
        self.truncated = False
        self.rewards = [0.0] * P
        # -- bricks. RB Set Up 8: "Place all the other Bricks in the Pouch"
        self.pouch = list(T.bricks)
        self.store = [[0] * NUM_COLOURS for _ in range(P)]
        self.aside = [0] * NUM_COLOURS  # DN §6.2: bricks of a Flood / Storehouse Fire card
        self.towers = [[] for _ in range(P)]  # list of tower dicts per player, compact
        # -- cards, by kind (SPEC §0.1: "Cards are tracked by kind, not by copy.")
        self.in_game = list(T.kind_count)  # cards of each kind in this game
        if not campanile:
            # RB Set Up 9: "Take it out of the deck and put it back in the box."
            self.in_game[K["Campanile"]] = 0
        self.deck = []  # kinds, top = deck[0]
        self.discard = [0] * T.num_kinds  # count per kind (order never matters: shuffled before reuse)
        self.row = []  # list of [kind, bricks[6]]; slot = index (the row shifts left); None = the hole
        self.hand = [[0] * T.num_kinds for _ in range(P)]  # counts per kind
        self.buildings = [[False] * len(BUILDING_NAMES) for _ in range(P)]
        self.church = [-1] * T.church_spaces  # kind on each church space
        self.campanile_sealed = [False] * P
        # -- board
        self.owner = [-1] * T.num_commissions  # -1 open, -2 neutral seal, else seat
        self.balcony_tile = [-1] * 4
        self.next_balcony = 0
        self.level_tile_taken = [False] * len(T.level_tiles)
        self.seals_left = [T.seals[P]] * P
        self.prestige = [0] * P
        self.end_trigger = -1
        self.scores = [0] * P
        # -- this turn
        self.phase = CHOOSE
        self.return_phase = CHOOSE
        self.turn_player = 0
        self.current_player = 0
        self._reset_turn_fields()
        self.chosen_slot = 0
        self.pay_index = 0
        self.pay_left = 0
        self.event_kind = -1
        self.event_offset = 0
        self.keep_left = 0
        self.keep_colour = -1
        self.keep_marked = set()  # tower slots paid for in the current Tribute / Luxury Tax
        self.tribute_colour = 0  # Tribute: next colour to settle
        self.pending_take = (-1, -1)  # (colour, source seat) of an exchange / Alchemist / Smuggler take
        self.exchange_slot = -1

        # ---- Set Up
        self._setup_board(neutral_seals, balconies)
        # Observation columns fixed for the whole game (SPEC §O commissions): balcony numeral
        # one-hot, printed height and prestige, plus the tile bonus where a balcony covers it.
        self._balcony_columns = np.zeros((T.num_commissions, 4), dtype=np.float32)
        self._commission_columns = np.array(
            [[T.commission_height[cid], T.commission_prestige[cid]] for cid in range(T.num_commissions)],
            dtype=np.float32,
        )
        for g, tile in enumerate(self.balcony_tile):
            _, cid, bonus = T.balcony_tiles[tile]
            self._balcony_columns[cid, g] = 1
            self._commission_columns[cid, 1] += bonus  # RB: balconies "yield additional Prestige Points"
        # RB Set Up 8: "the Starting Player ... receives 2 white Bricks. Proceeding
        # in a clockwise direction, each other player receives one more brick".
        for p in range(P):
            n = T.starting_bricks[p]
            self.store[p][T.starting_colour] += n
            self.pouch[T.starting_colour] -= n
        # RB Set Up 10: "Pick the 10 Start Cards out of the Action Cards ... Shuffle the
        # rest of the cards ... Now shuffle the 10 Start Cards and place them on top of
        # the Deck". SPEC §R: one shuffle (k = 0); start items by key first, then the rest.
        items = self._items(self.in_game)
        keys = self._shuffle_keys(items)
        start = [i for i in items if i - T.item_base[self._item_kind(i)] < T.start_count[self._item_kind(i)]]
        rest = [i for i in items if i not in start]
        order = sorted(start, key=lambda i: (keys[i], i)) + sorted(rest, key=lambda i: (keys[i], i))
        self.deck = [self._item_kind(i) for i in order]
        # RB Set Up 11: "place it on the leftmost space of the Card Row ... until
        # all six spaces ... are occupied. Now place 4 Bricks drawn randomly from
        # the Pouch on each of the six cards".
        for _ in range(T.row_slots):
            self.row.append([self.deck.pop(0), [0] * NUM_COLOURS])
        for slot in range(T.row_slots):
            for _ in range(T.bricks_per_new_card):
                self._draw_onto(self.row[slot][1])
        self._start_turn(0)
        self._apply_forced_moves()

    # ------------------------------------------------------------------ setup

    def _setup_board(self, neutral_seals, balconies) -> None:
        T = self.T
        # RB Set Up 4: "Turn over 4 Balcony Tiles, one I, one II, one III, and one IV."
        if isinstance(balconies, str):
            if balconies != "random":
                raise ValueError(f"balconies must be 'random' or a list of 4 tile ids, got {balconies!r}")
            for g in range(4):
                tiles = [i for i, (numeral, _, _) in enumerate(T.balcony_tiles) if numeral == g]
                # DN §3: "balcony of numeral g: randint(seed,3,g,n_g) indexes the tiles of that numeral"
                self.balcony_tile[g] = tiles[int(randint(self.seed, STREAM_SETUP, g, len(tiles)))]
        else:
            tiles = list(balconies)
            if len(tiles) != 4 or any(
                not isinstance(t, (int, np.integer)) or not 0 <= t < len(T.balcony_tiles) for t in tiles
            ):
                raise ValueError(f"balconies must list 4 tile ids in 0..{len(T.balcony_tiles) - 1}, got {balconies!r}")
            for g, t in enumerate(tiles):
                if T.balcony_tiles[t][0] != g:
                    raise ValueError(f"balconies: tile {t} is not a numeral-{g + 1} tile (list them in order I..IV)")
            self.balcony_tile = [int(t) for t in tiles]
        balcony_spaces = {T.balcony_tiles[t][1] for t in self.balcony_tile}

        # RB Set Up 5: "take the 5 neutral Seals and use them to cover 5 Levels ...
        # as long as they don't already have a Balcony Tile on them."
        if isinstance(neutral_seals, str):
            if neutral_seals not in NEUTRAL_SEAL_MODES:
                raise ValueError(
                    f"neutral_seals must be one of {NEUTRAL_SEAL_MODES} or a list of commission ids, "
                    f"got {neutral_seals!r}"
                )
            recommended = neutral_seals == "recommended"
            lo, hi = T.seals_on_levels_34
            # DN §3: "n34 = 2 + randint(seed,3,10,2)"
            n34 = lo + int(randint(self.seed, STREAM_SETUP, 10, hi - lo + 1))
            for k in range(T.neutral_seals):
                valid = []
                for cid in range(T.num_commissions):
                    if self.owner[cid] != -1 or cid in balcony_spaces:
                        continue
                    if recommended:
                        colour, level = divmod(cid, T.levels)
                        level += 1
                        # RB: "We recommend that no more than two tiles (Balconies
                        # and/or neutral Seals) be placed on any given tower."
                        tiles = sum(
                            1
                            for other in range(T.levels * colour, T.levels * (colour + 1))
                            if self.owner[other] == -2 or other in balcony_spaces
                        )
                        if tiles >= T.max_tiles_per_tower:
                            continue
                        # RB: "two or three neutral seals should be set on the
                        # third and fourth Levels". DN §13.21: a Level counts bricks
                        # ("1 Brick = 1 Level"), so the commissions of 3 and 4 bricks;
                        # with levels_are_positions, the 3rd and 4th spaces of the tower.
                        # DN §4: first n34 seals there, the rest elsewhere.
                        counted = level if T.levels_are_positions else T.commission_height[cid]
                        on_34 = counted in T.advised_levels
                        if on_34 != (k < n34):
                            continue
                    valid.append(cid)
                # DN §3: "Seal k goes to the valid space with the smallest hash64(seed,3,20+k,commission_id)."
                keys = hash64(self.seed, STREAM_SETUP, 20 + k, np.array(valid, dtype=np.int64))
                best = min(range(len(valid)), key=lambda i: (int(keys[i]), valid[i]))
                self.owner[valid[best]] = -2
        else:
            ids = list(neutral_seals)
            if (
                len(ids) != T.neutral_seals
                or len(set(ids)) != len(ids)
                or any(not isinstance(c, (int, np.integer)) or not 0 <= c < T.num_commissions for c in ids)
            ):
                raise ValueError(
                    f"neutral_seals must list {T.neutral_seals} distinct commission ids in "
                    f"0..{T.num_commissions - 1}, got {neutral_seals!r}"
                )
            for cid in ids:
                if cid in balcony_spaces:
                    raise ValueError(f"neutral seal on commission {cid}, which carries a balcony tile")
                self.owner[int(cid)] = -2

    # ------------------------------------------------------------ randomness

    def _items(self, counts: list[int]) -> list[int]:
        """SPEC §R: "A pool with n_q cards of kind q consists of the items base[q] + j, j < n_q"."""
        return [self.T.item_base[q] + j for q in range(self.T.num_kinds) for j in range(counts[q])]

    def _item_kind(self, item: int) -> int:
        return max(q for q in range(self.T.num_kinds) if self.T.item_base[q] <= item)

    def _shuffle_keys(self, items: list[int]) -> dict[int, int]:
        """DN §3 DECK: shuffle k gives item i the key hash64(seed, 1, k, i); k counts shuffles."""
        keys = hash64(self.seed, STREAM_DECK, self.deck_shuffles, np.array(items, dtype=np.int64))
        self.deck_shuffles += 1
        return {i: int(key) for i, key in zip(items, np.atleast_1d(keys))}

    def _shuffled(self, counts: list[int]) -> list[int]:
        """The pool (count per kind) as a new deck of kinds, ordered by key (ties by item id)."""
        items = self._items(counts)
        keys = self._shuffle_keys(items)
        return [self._item_kind(i) for i in sorted(items, key=lambda i: (keys[i], i))]

    def _draw_brick(self) -> int:
        """DN §3 POUCH: r = randint(seed,2,pouch_draws,total); colour = first c with cumsum > r."""
        total = sum(self.pouch)
        r = int(randint(self.seed, STREAM_POUCH, self.pouch_draws, total))
        self.pouch_draws += 1
        cum = 0
        for c in range(NUM_COLOURS):
            cum += self.pouch[c]
            if cum > r:
                self.pouch[c] -= 1
                return c
        raise AssertionError("drew from an empty pouch")

    def _draw_onto(self, bricks: list[int]) -> None:
        # RB: "In the unusual case that the Pouch has fewer than 4 Bricks, simply
        # place all the Bricks left in the Pouch on the card."
        if sum(self.pouch) > 0:
            bricks[self._draw_brick()] += 1

    # ----------------------------------------------------------- card moves

    def _discard_from_hand(self, p: int, kind: int) -> None:
        assert self.hand[p][kind] > 0
        self.hand[p][kind] -= 1
        self.discard[kind] += 1

    def _discard_building(self, p: int, b: int) -> None:
        assert self.buildings[p][b]
        self.buildings[p][b] = False
        self.discard[self.T.building_kinds[b]] += 1

    def _has_building(self, p: int, name: str) -> bool:
        return self.buildings[p][BUILDING_NAMES.index(name)]

    def _campanile_active(self) -> bool:
        """RB Campanile: the card "remains on the Game Board until every player has placed his small Seal"."""
        K = self.T.kind
        return K["Campanile"] in self.church

    # ------------------------------------------------------------ turn flow

    def _reset_turn_fields(self) -> None:
        # DN §6.1: "Reset played, princess_active, mason_active, architect=0,
        # exchange_done, bricks_built=0."
        self.played = {name: False for name in PLAYED_NAMES}
        self.princess_active = False
        self.mason_active = False
        self.architect = 0
        self.exchange_done = False
        self.bricks_built = 0

    def _start_turn(self, p: int) -> None:
        """DN §6.1 Turn start."""
        self.turn_player = p
        self.current_player = p
        self._reset_turn_fields()
        # RB 4: towers "under construction at the beginning of your turn". SPEC §0.2:
        # the flags are reset for every seat, not only the turn player's.
        for towers in self.towers:
            for t in towers:
                t["at_start"] = True
                t["built"] = False
        self.phase = CHOOSE
        # DN §6.1: "If the row is empty (deck and discard both exhausted), skip to EXCHANGE."
        if not self.row:
            self.phase = EXCHANGE

    def _end_turn(self) -> None:
        """DN §6.6 step 3, §9."""
        P = self.num_players
        p = self.turn_player
        self.turn_number += 1
        # RB: "The game ends, therefore, with the turn of the player to the right
        # of the one with the End of Game Tile."
        if self.end_trigger >= 0 and p == (self.end_trigger - 1) % P:
            self._final_scoring()
            return
        # DN §9 Truncation: the game stops at the end of a turn after max_turns turns.
        if self.turn_number >= self.max_turns:
            self.truncated = True
            self._final_scoring()
            return
        # RB: "each player takes a turn in clockwise order."
        self._start_turn((p + 1) % P)

    # ------------------------------------------------------------- choose a card

    def _take_card(self) -> None:
        """RB 1: "Now take the chosen Card along with the Bricks on top of it ..."."""
        T = self.T
        K = T.kind
        p = self.turn_player
        slot = self.chosen_slot
        kind, bricks = self.row[slot]
        self.row[slot] = None  # the hole; closed after the card is dealt with
        name = T.kind_names[kind]
        # DN §13.1: the card's bricks go to the storehouse, except that Flood and
        # Storehouse Fire keep them aside (Flood: "The Bricks on the card do not
        # count towards the total"; Storehouse Fire: "The Bricks on the card may
        # not be used for this").
        if name in ("Flood", "Storehouse Fire"):
            for c in range(NUM_COLOURS):
                self.aside[c] += bricks[c]
        else:
            for c in range(NUM_COLOURS):
                self.store[p][c] += bricks[c]
        ktype = T.kind_type[kind]
        if kind == K["Monument"]:
            # RB Monument: "determine who has the tallest Tower on their Construction
            # Site. This player puts the card in their hand, even if it's not their
            # turn. If a tie, no one receives the card; it goes on the Discard Pile."
            tallest = [max((t["height"] for t in self.towers[q]), default=0) for q in range(self.num_players)]
            best = max(tallest)
            if best > 0 and tallest.count(best) == 1:
                self.hand[tallest.index(best)][kind] += 1
            else:
                self.discard[kind] += 1
        elif ktype in ("personnel", "celebration"):
            # RB: "Put Personnel Cards into your hand." / "Put Celebration Cards into your hand".
            self.hand[p][kind] += 1
        elif ktype == "building":
            b = T.building_kinds.index(kind)
            # RB: "You may not possess two identical Buildings. You may draw identical
            # Building Cards, but they must be put in the Discard Deck immediately."
            if self.buildings[p][b]:
                self.discard[kind] += 1
            else:
                self.buildings[p][b] = True
        elif ktype == "church":
            # RB: "Place Church Cards on the Church Spaces face up."
            space = self.church.index(-1)
            self.church[space] = kind
            if kind == K["Campanile"]:
                # RB Campanile: "all players must build a bell tower out of 3 white Bricks."
                self.campanile_sealed = [False] * self.num_players
        else:
            self.event_kind = kind
            # RB Patrician: "you may ignore the effect of an Event Card that you chose". DN §13.5:
            # not offered when the event would have no effect.
            if self.hand[p][K["Patrician"]] > 0 and not self.played["Patrician"] and self._event_has_effect():
                self.phase = EVENT_PATRICIAN
                return
            self._resolve_event()
            return
        self._after_take()

    def _after_take(self) -> None:
        """DN §6.2: shift, refill, aside joins the storehouse, phase EXCHANGE."""
        T = self.T
        # RB: "There is now a hole in the Card Row. Move all the cards to its right
        # one place to the left ... Then turn over the top card of the Deck and
        # place it on the now-open, rightmost field. Take 4 Bricks from the Pouch".
        self.row = [entry for entry in self.row if entry is not None]
        self._refill_row()
        for c in range(NUM_COLOURS):
            self.store[self.turn_player][c] += self.aside[c]
            self.aside[c] = 0
        self.chosen_slot = 0
        self.pay_index = 0
        self.phase = EXCHANGE
        assert len(self.row) <= T.row_slots

    def _refill_row(self) -> None:
        """One card onto the rightmost free slot (one card left the row)."""
        T = self.T
        if len(self.row) >= T.row_slots:
            return
        if not self.deck:
            # RB: "When the Deck on the Game Board is all used up, shuffle all the
            # cards in the Discard Pile and use them as a new Deck."
            if not any(self.discard):
                return  # DN §13.25: with deck and discard exhausted the slot stays empty
            self.deck = self._shuffled(self.discard)
            self.discard = [0] * self.T.num_kinds
        entry = [self.deck.pop(0), [0] * NUM_COLOURS]
        self.row.append(entry)
        for _ in range(T.bricks_per_new_card):
            self._draw_onto(entry[1])

    # ------------------------------------------------------------------ events

    def _event_has_effect(self) -> bool:
        """Would resolving the event just taken change anything? (DN §13.5, SPEC T step 2.)"""
        name = self.T.kind_names[self.event_kind]
        p = self.turn_player
        players = range(self.num_players)
        if name in ("Botch", "Collapse"):
            # RB Collapse: "If you have no Tower under construction, nothing happens."
            return bool(self.towers[p])
        if name == "Tribute":
            # RB Tribute: "For every Tower on their Construction Site, each builder must pay"
            return any(self.towers[q] for q in players)
        if name == "Luxury Tax":
            # RB: "For every Tower on their Construction Site that has at least 5 Levels"
            return any(t["height"] >= self.T.luxury_min_height for q in players for t in self.towers[q])
        if name == "Flood":
            # RB Flood: "Put a third (rounding up) of your Storehouse Bricks in the Pouch." (the
            # taker's card bricks are aside: "The Bricks on the card do not count")
            return any(sum(self.store[q]) > 0 for q in players)
        if name == "Storehouse Fire":
            return sum(self.store[p]) > 0
        return True  # Renaissance: the deck is always reshuffled

    def _resolve_event(self) -> None:
        """DN §7: resolve the event card just taken, then discard it and refill."""
        T = self.T
        name = T.kind_names[self.event_kind]
        p = self.turn_player
        if name in ("Botch", "Collapse"):
            # RB Collapse: "If you have no Tower under construction, nothing happens."
            if self.towers[p]:
                self.phase = EVENT_OWN_TOWER
                return
        elif name == "Storehouse Fire":
            # RB: "You put 3 Bricks from your Storehouse into the Pouch ... If you
            # have fewer than 3 Bricks, just put all your Bricks in the Pouch."
            if sum(self.store[p]) <= T.fire_bricks:
                self._all_to_pouch(p)
            else:
                self.pay_left = T.fire_bricks
                self.phase = EVENT_DISCARD
                return
        elif name in ("Flood", "Tribute", "Luxury Tax"):
            # RB: "All players are affected by this card." DN §7.1: one player at
            # a time, clockwise, starting with the taker.
            self.event_offset = 0
            self._event_players()
            return
        elif name == "Renaissance":
            # RB Renaissance: "Shuffle the Discard Pile and the Deck together (not
            # the Card Row!) ... The Renaissance card must be shuffled in as well."
            pool = list(self.discard)
            for kind in self.deck:
                pool[kind] += 1
            pool[self.event_kind] += 1
            self.deck = self._shuffled(pool)
            self.discard = [0] * T.num_kinds
            self.event_kind = -1
            self._after_take()
            return
        self._finish_event()

    def _finish_event(self) -> None:
        # RB Event Cards: "After following the instructions, discard the card."
        self.discard[self.event_kind] += 1
        self.event_kind = -1
        self.current_player = self.turn_player
        self._after_take()

    def _all_to_pouch(self, q: int) -> None:
        for c in range(NUM_COLOURS):
            self.pouch[c] += self.store[q][c]
            self.store[q][c] = 0

    def _event_players(self) -> None:
        """DN §7.1: process players from ``event_offset`` until one has a choice to make."""
        P = self.num_players
        while self.event_offset < P:
            q = (self.turn_player + self.event_offset) % P
            if self._event_begin_player(q):
                self.current_player = q
                return
            self.event_offset += 1
        self._finish_event()

    def _event_next_player(self) -> None:
        self.event_offset += 1
        self._event_players()

    def _event_begin_player(self, q: int) -> bool:
        """Settle what needs no choice for player q; True if a decision remains."""
        T = self.T
        name = T.kind_names[self.event_kind]
        if name == "Flood":
            # RB Flood: "Put a third (rounding up) of your Storehouse Bricks in the Pouch."
            # The taker's card bricks are aside and do not count.
            d = math.ceil(sum(self.store[q]) / 3)
            if d == 0:
                return False
            if self.auto_discard:
                for _ in range(d):
                    self._brick_to_pouch(q, self._auto_brick(q))
                return False
            self.pay_left = d
            self.phase = EVENT_DISCARD
            return True
        if name == "Tribute":
            return self._tribute_begin(q)
        return self._luxury_begin(q)

    def _tribute_begin(self, q: int) -> bool:
        """RB Tribute: "For every Tower on their Construction Site, each builder must
        pay 1 Brick of the Tower's color. Every Tower for which the builder cannot pay
        is torn down. ... You may not tear down a tower voluntarily, but must pay the
        tribute if able." DN §13.3-4: pay for as many as possible, choose when short.
        SPEC §E: colours are settled in order 0..5, each paid as soon as it is settled."""
        self.keep_marked = set()
        self.tribute_colour = 0
        return self._tribute_continue(q)

    def _tribute_continue(self, q: int) -> bool:
        """Settle colours from ``tribute_colour`` on; True if a choice is pending."""
        T = self.T
        towers = self.towers[q]
        while self.tribute_colour < NUM_COLOURS:
            c = self.tribute_colour
            self.tribute_colour += 1
            idx = [i for i, t in enumerate(towers) if t["colour"] == c]
            k, b = len(idx), self.store[q][c] // T.tribute_bricks
            if k == 0 or b == 0:
                continue  # nothing to pay (b = 0: every tower of c is unpaid)
            if k <= b:
                self._tribute_pay(q, c, idx)
            elif self.auto_discard:
                # data auto_discard.tower_priority_when_short: tallest first, ties lowest slot.
                self._tribute_pay(q, c, sorted(idx, key=lambda i: (-towers[i]["height"], i))[:b])
            else:
                # The player chooses which b of the k towers of colour c to pay for.
                self.keep_colour = c
                self.keep_left = b
                self.phase = EVENT_KEEP_TOWER
                return True
        self._event_teardown(q, range(len(towers)))
        return False

    def _tribute_pay(self, q: int, c: int, chosen) -> None:
        # DN §13.2: tribute bricks go to the pouch.
        self.keep_marked.update(chosen)
        for _ in range(len(chosen) * self.T.tribute_bricks):
            self._brick_to_pouch(q, c)

    def _luxury_begin(self, q: int) -> bool:
        """RB Luxury Tax: "For every Tower on their Construction Site that has at least
        5 Levels, the builder must pay 2 Bricks ... Any tower for which the builder
        cannot pay is torn down." DN §7.2: m = min(|T|, floor(s/2))."""
        T = self.T
        towers = self.towers[q]
        self.keep_marked = set()
        tall = [i for i, t in enumerate(towers) if t["height"] >= T.luxury_min_height]
        if not tall:
            return False
        m = min(len(tall), sum(self.store[q]) // T.luxury_bricks)
        if m == len(tall):
            self.keep_marked = set(tall)
        elif m > 0:
            if self.auto_discard:
                self.keep_marked = set(sorted(tall, key=lambda i: (-towers[i]["height"], i))[:m])
            else:
                self.keep_colour = -1
                self.keep_left = m
                self.phase = EVENT_KEEP_TOWER
                return True
        return self._luxury_pay(q)

    def _luxury_pay(self, q: int) -> bool:
        """The 2m bricks (to the pouch, DN §13.2), then the teardown of the unpaid tall towers."""
        T = self.T
        due = len(self.keep_marked) * T.luxury_bricks
        if due > 0:
            if self.auto_discard:
                for _ in range(due):
                    self._brick_to_pouch(q, self._auto_brick(q))
            else:
                self.pay_left = due
                self.phase = EVENT_PAY
                return True
        self._luxury_teardown(q)
        return False

    def _luxury_teardown(self, q: int) -> None:
        tall = [i for i, t in enumerate(self.towers[q]) if t["height"] >= self.T.luxury_min_height]
        self._event_teardown(q, tall)

    def _event_teardown(self, q: int, slots) -> None:
        """Tear down every tower in ``slots`` that was not paid for (slot order, compact).

        RB Tribute: "Put half (rounding up) of the Bricks in the Pouch, and the other
        half in the builder's Storehouse." (Luxury Tax: the same.)"""
        unpaid = [i for i in slots if i not in self.keep_marked]
        for i in sorted(unpaid, reverse=True):
            self._tear_down(q, i)

    def _tear_down(self, q: int, i: int) -> None:
        """RB 4: "Place half of such towers' Bricks into the Pouch (rounding odd
        numbers up). Place the remainder in your Storehouse." Compact (DN §2)."""
        t = self.towers[q].pop(i)
        h = t["height"]
        self.pouch[t["colour"]] += (h + 1) // 2
        self.store[q][t["colour"]] += h // 2

    def _brick_to_pouch(self, q: int, c: int) -> None:
        assert self.store[q][c] > 0
        self.store[q][c] -= 1
        self.pouch[c] += 1

    def _auto_brick(self, q: int) -> int:
        """RB preamble (auto_discard): "discard first those bricks where the user is
        currently not building a tower and of those it will discard the cheapest
        (white, ...)". DN §7.3: smallest key (has a tower of that colour, colour)."""
        colours_built = {t["colour"] for t in self.towers[q]}
        have = [c for c in range(NUM_COLOURS) if self.store[q][c] > 0]
        return min(have, key=lambda c: (c in colours_built, c))

    # ------------------------------------------------------------------ build

    def _discount_flags(self, p: int) -> tuple[bool, bool]:
        return self._has_building(p, "Workshop"), self.mason_active

    def _cost(self, p: int, n: int) -> int:
        workshop, mason = self._discount_flags(p)
        return construction_cost(self.T, n, workshop, mason)

    def _can_add_brick(self, p: int) -> bool:
        """DN §6.4: "A brick may be added only if bricks_built < 6 and the storehouse
        after adding it still holds at least cost(bricks_built+1) bricks."."""
        if self.bricks_built >= self.T.max_build:
            return False
        return sum(self.store[p]) - 1 >= self._cost(p, self.bricks_built + 1)

    def _end_build(self) -> None:
        """After the construction cost: RB 4 Tear down abandoned construction."""
        p = self.turn_player
        towers = self.towers[p]
        # RB 4: "All the towers on your Construction Site that were under construction
        # at the beginning of your turn but were not worked on are considered
        # abandoned construction. You now have to tear them down."
        for i in range(len(towers) - 1, -1, -1):
            if towers[i]["at_start"] and not towers[i]["built"]:
                self._tear_down(p, i)
        self.phase = FULFILL

    # ---------------------------------------------------------------- fulfill

    def _commission_for(self, colour: int, height: int) -> int:
        """The commission id of ``colour`` with exactly ``height`` levels, or -1."""
        T = self.T
        for level in range(T.levels):
            cid = T.levels * colour + level
            if T.commission_height[cid] == height:
                return cid
        return -1

    def _balcony_on(self, cid: int) -> int:
        """The numeral (0..3) of the balcony tile on ``cid``, or -1."""
        for g, tile in enumerate(self.balcony_tile):
            if self.T.balcony_tiles[tile][1] == cid:
                return g
        return -1

    def _fulfillable(self, colour: int, height: int) -> int:
        """The commission a tower of ``colour`` scored at ``height`` fulfils, or -1.

        RB 5: "You may only fulfill Commissions that are not covered by a Seal. You
        may only fulfill the Balcony Commission with the lowest Roman numeral." and
        "The number of Levels ... must match the number in the Commission exactly."
        """
        cid = self._commission_for(colour, height)
        if cid < 0 or self.owner[cid] != -1:
            return -1
        g = self._balcony_on(cid)
        if g >= 0 and g != self.next_balcony:
            return -1
        return cid

    def _fulfill(self, t: int, d: int) -> None:
        """DN §6.5 FULFILL[t,d], effects in order."""
        T = self.T
        p = self.turn_player
        tower = self.towers[p][t]
        height = tower["height"] + d
        cid = self._fulfillable(tower["colour"], height)
        assert cid >= 0
        # RB 5b: "Take the number of Prestige Points indicated on the Game Board".
        gain = T.commission_prestige[cid]
        g = self._balcony_on(cid)
        if g >= 0:
            # RB: "These balconies ... yield additional Prestige Points." Then
            # "only after one player has executed that Commission, may Balcony II be undertaken".
            gain += T.balcony_tiles[self.balcony_tile[g]][2]
            self.next_balcony += 1
        self.prestige[p] += gain
        # RB 5c/5d: "Cover the Commission you executed with one of your Seals. Put all
        # the Bricks of the Tower in question in the Pouch."
        self.owner[cid] = p
        self.seals_left[p] -= 1
        self.towers[p].pop(t)
        self.pouch[tower["colour"]] += tower["height"]
        if d != 0:
            # RB Architect: "You may count one tower as one Level taller or shorter".
            self.architect = 2
        # RB Level Bonus: "These award a bonus to the first player who fulfills a
        # Commission for the corresponding Tower height."
        for i, (tile_height, bonus) in enumerate(T.level_tiles):
            if tile_height == height and not self.level_tile_taken[i]:
                self.prestige[p] += bonus
                self.level_tile_taken[i] = True
        # RB (Privileges): "This card remains face up on a Church space until a
        # player fulfills a commission of exactly 7 Levels. This player then
        # immediately receives an additional 4 Prestige Points. Then place the card
        # on the Discard Pile."
        for space, kind in enumerate(self.church):
            if kind in T.privilege and T.privilege[kind][0] == height:
                self.prestige[p] += T.privilege[kind][1]
                self.discard[kind] += 1
                self.church[space] = -1
        # RB: "The first player who places their last Seal on the Game board,
        # receives a bonus of 5 Prestige Points".
        if self.seals_left[p] == 0 and self.end_trigger == -1:
            self.prestige[p] += T.end_bonus
            self.end_trigger = p
        self.scores = list(self.prestige)

    def _bell_tower(self) -> None:
        """RB Campanile: "Upon finishing the bell tower, players place the white Bricks
        back in the Pouch during the Fulfill Commissions phase and put their small Seal
        on the Campanile card." ... "The card remains on the Game Board until every
        player has placed his small Seal on it. Then, everyone takes their small Seal
        back, and the card is placed on the Discard Pile."."""
        T = self.T
        p = self.turn_player
        t = self._bell_tower_slot(p)
        tower = self.towers[p].pop(t)
        self.pouch[tower["colour"]] += tower["height"]
        self.campanile_sealed[p] = True
        if all(self.campanile_sealed):
            for space, kind in enumerate(self.church):
                if kind == T.kind["Campanile"]:
                    self.discard[kind] += 1
                    self.church[space] = -1
            self.campanile_sealed = [False] * self.num_players

    def _bell_tower_slot(self, p: int) -> int:
        """The lowest slot holding a white tower of exactly 3 bricks, or -1."""
        for i, t in enumerate(self.towers[p]):
            if t["colour"] == self.T.bell_colour and t["height"] == self.T.bell_height:
                return i
        return -1

    # ----------------------------------------------------------------- limits

    def _check_limits(self) -> None:
        """RB 6 Check Limits: storehouse first, then cards (DN §6.6)."""
        p = self.turn_player
        # RB: "you may have at most 10 Bricks in your Storehouse" / Warehouse: "a
        # maximum of 15 Bricks".
        limit = self.T.store_limit_warehouse if self._has_building(p, "Warehouse") else self.T.store_limit
        excess = sum(self.store[p]) - limit
        if excess > 0:
            self.pay_left = excess
            self.phase = LIMIT_BRICKS
            return
        self._check_card_limit()

    def _card_count(self, p: int) -> int:
        # RB: "All Personnel and Celebration cards in your hand, and all Buildings you
        # have in play count towards this limit."
        return sum(self.hand[p]) + sum(self.buildings[p])

    def _discardable_at_limit(self, p: int) -> int:
        T = self.T
        personnel = sum(self.hand[p][k] for k in range(len(T.kind_names)) if T.kind_type[k] == "personnel")
        return personnel + sum(self.buildings[p])

    def _check_card_limit(self) -> None:
        p = self.turn_player
        # RB Warehouse: "In addition, you may keep as many cards in your hand as you
        # wish." DN §13.18: no card limit at all for a Warehouse owner.
        if not (self._has_building(p, "Warehouse") and self.T.card_limit_warehouse is None):
            limit = self.T.card_limit
            if self._has_building(p, "Warehouse"):
                limit = int(self.T.card_limit_warehouse)
            excess = self._card_count(p) - limit
            # RB: "you must put enough Personnel and Building Cards in the discard pile
            # until you only have 5 cards left" / "you may not discard Celebration Cards".
            due = min(excess, self._discardable_at_limit(p))
            if due > 0:
                self.pay_left = due
                self.phase = LIMIT_CARDS
                return
        self._end_turn()

    # ---------------------------------------------------------------- scoring

    def _final_scoring(self) -> None:
        """RB Final Scoring: majorities, then celebration cards."""
        T = self.T
        P = self.num_players
        scores = list(self.prestige)
        for c in range(NUM_COLOURS):
            # RB: "It is given to the player who has fulfilled the most Commissions of
            # this color ... In case of a tie, the bonus goes to the tied player who
            # executed the biggest Commission".
            seals = [0] * P
            highest = [-1] * P
            for level in range(T.levels):
                cid = T.levels * c + level
                q = self.owner[cid]
                if q >= 0:
                    seals[q] += 1
                    highest[q] = max(highest[q], T.commission_height[cid])
            best = max(seals)
            if best == 0:
                continue
            tied = [q for q in range(P) if seals[q] == best]
            winner = max(tied, key=lambda q: highest[q])
            scores[winner] += T.majority_bonus[c]
        # RB: "Now turn over all your Celebration Cards and move your Prestige Marker
        # forward or backwards, as appropriate."
        recognition = T.kind["Recognition"]
        for q in range(P):
            for kind, pp in T.celebration_pp.items():
                scores[q] += pp * self.hand[q][kind]
            # RB Recognition: "count up all the 3- and 4-Level Commissions you've fulfilled."
            small = sum(
                1
                for cid in range(T.num_commissions)
                if self.owner[cid] == q and T.commission_height[cid] in T.recognition_heights
            )
            scores[q] += self.hand[q][recognition] * small * T.recognition_pp
        self.scores = scores
        self.terminated = True
        self.phase = GAME_OVER
        self.current_player = self.turn_player
        self.rewards = compute_rewards(scores, self.reward_mode)

    # ------------------------------------------------------------ legality

    def _personnel_actions(self, p: int) -> list[int]:
        """DN §6.7: Alchemist, Smuggler and Patrician (discard mode) in every window of
        the turn; "In any given turn, you may play as many Personnel Cards as you wish,
        just not two or more cards with the same name."."""
        T = self.T
        K = T.kind
        P = self.num_players
        legal = []
        own = sum(self.store[p])
        if self.hand[p][K["Alchemist"]] and not self.played["Alchemist"] and own >= 1:
            # RB Alchemist: "You may swap any one Brick from your Storehouse for any one from the Pouch."
            legal += [ALCHEMIST + c for c in range(NUM_COLOURS) if self.pouch[c] > 0]
        if self.hand[p][K["Smuggler"]] and not self.played["Smuggler"] and own >= 1:
            # RB Smuggler: "switch one Brick from your Storehouse with one from another player's Storehouse".
            for k in range(1, P):
                q = (p + k) % P
                legal += [SMUGGLE + 6 * (k - 1) + c for c in range(NUM_COLOURS) if self.store[q][c] > 0]
        if self.hand[p][K["Patrician"]] and not self.played["Patrician"]:
            # RB Patrician: "spend the Patrician to discard one card from your hand".
            for h, kind in enumerate(T.hand_kinds):
                need = 2 if kind == K["Patrician"] else 1
                if self.hand[p][kind] >= need:
                    legal.append(PATRICIAN_DISCARD_IDS[h])
        if self.hand[p][K["Saboteur"]] and not self.played["Saboteur"]:
            # RB Saboteur: "Choose a Tower of another player." Personnel (DN §13.8): any
            # window of one's own turn; DN §8 symmetry rule per player.
            for k in range(1, P):
                towers = self.towers[(p + k) % P]
                legal += [SABOTAGE + 6 * (k - 1) + t for t in first_of_groups(towers, range(len(towers)))]
        return legal

    def _wholesale_actions(self, p: int) -> list[int]:
        # RB Wholesaler: "Choose one card from the Card Row and note the number of Bricks
        # on it." DN §13.17: a card with no bricks is not a target.
        if not self.hand[p][self.T.kind["Wholesaler"]] or self.played["Wholesaler"]:
            return []
        return [WHOLESALE + s for s, (_, bricks) in enumerate(self.row) if sum(bricks) > 0]

    def _brick_actions(self, q: int) -> list[int]:
        return [BRICK + c for c in range(NUM_COLOURS) if self.store[q][c] > 0]

    def _legal_list(self) -> list[int]:
        if self.terminated:
            return []
        T = self.T
        K = T.kind
        p = self.current_player
        phase = self.phase
        legal: list[int] = []
        if phase == CHOOSE:
            # RB 1: "The card at the far left is free. The others each cost one Brick
            # more than the one to its left." Princess: "You must pay no Card Cost".
            own = sum(self.store[p])
            for s in range(len(self.row)):
                cost = 0 if self.princess_active else T.card_cost[s]
                if own >= cost:
                    legal.append(TAKE_CARD + s)
            if self.hand[p][K["Princess"]] and not self.played["Princess"]:
                legal.append(PLAY_PRINCESS)
            legal += self._wholesale_actions(p)
            legal += self._personnel_actions(p)
        elif phase in (PAY_CARD_COST, EVENT_DISCARD, EVENT_PAY, EXCHANGE_PAY, PAY_BUILD_COST, LIMIT_BRICKS):
            legal = self._brick_actions(p)
        elif phase in (ALCHEMIST_GIVE, SMUGGLER_GIVE):
            legal = self._brick_actions(p)
        elif phase == EVENT_PATRICIAN:
            legal = [IGNORE_EVENT, PASS]
        elif phase == EVENT_OWN_TOWER:
            towers = self.towers[p]
            legal = [SELECT_TOWER + t for t in first_of_groups(towers, range(len(towers)))]
        elif phase == EVENT_KEEP_TOWER:
            towers = self.towers[p]
            candidates = [t for t in range(len(towers)) if self._keep_eligible(towers[t]) and t not in self.keep_marked]
            legal = [SELECT_TOWER + t for t in first_of_groups(towers, candidates)]
        elif phase == EXCHANGE:
            # RB 2: "You may swap 1 Brick of your choice from a card in the Card Row for
            # 3 Bricks from your Storehouse." Bridge: "2 for 1".
            give = T.exchange_give_bridge if self._has_building(p, "Bridge") else T.exchange_give
            if not self.exchange_done and sum(self.store[p]) >= give:
                for s, (_, bricks) in enumerate(self.row):
                    legal += [EXCHANGE_BASE + 6 * s + c for c in range(NUM_COLOURS) if bricks[c] > 0]
            legal += self._wholesale_actions(p)
            legal += self._personnel_actions(p)
            legal.append(PASS)
        elif phase == BUILD:
            if self._can_add_brick(p):
                towers = self.towers[p]
                # RB 3: "Each tower must be of a single color."
                buildable = [t for t in range(len(towers)) if self.store[p][towers[t]["colour"]] > 0]
                legal += [BUILD_ON + t for t in first_of_groups(towers, buildable)]
                legal += [START_TOWER + c for c in range(NUM_COLOURS) if self.store[p][c] > 0]
            if self.hand[p][K["Mason"]] and not self.played["Mason"]:
                legal.append(PLAY_MASON)
            legal += self._personnel_actions(p)
            legal.append(PASS)
        elif phase == FULFILL:
            legal += self._fulfill_actions(p)
            if self._campanile_active() and not self.campanile_sealed[p] and self._bell_tower_slot(p) >= 0:
                legal.append(BELL_TOWER)
            if self.hand[p][K["Architect"]] and not self.played["Architect"]:
                legal.append(PLAY_ARCHITECT)
            legal += self._personnel_actions(p)
            legal.append(PASS)
        elif phase == LIMIT_CARDS:
            for i, kind in enumerate(T.limit_kinds):
                if kind in T.building_kinds:
                    held = self.buildings[p][T.building_kinds.index(kind)]
                else:
                    held = self.hand[p][kind] > 0
                if held:
                    legal.append(LIMIT_DISCARD_IDS[i])
        return sorted(legal)

    def _keep_eligible(self, tower: dict) -> bool:
        if self.keep_colour >= 0:
            return tower["colour"] == self.keep_colour  # Tribute: that colour
        return tower["height"] >= self.T.luxury_min_height  # Luxury Tax: >= 5 levels

    def _fulfill_actions(self, p: int) -> list[int]:
        # RB Campanile: "Until a player's bell tower is finished, they may not fulfill
        # any other Commissions!"
        if self.seals_left[p] <= 0:
            return []
        if self._campanile_active() and not self.campanile_sealed[p]:
            return []
        towers = self.towers[p]
        deltas = (-1, 0, 1) if self.architect == 1 else (0,)
        legal = []
        for t in first_of_groups(towers, range(len(towers))):
            for d in deltas:
                if self._fulfillable(towers[t]["colour"], towers[t]["height"] + d) >= 0:
                    legal.append(FULFILL_BASE + 3 * t + d + 1)
        return legal

    def legal_action_mask(self) -> np.ndarray:
        """bool[166]: the actions legal for ``current_player`` now."""
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[self._legal_list()] = True
        return mask

    # ---------------------------------------------------------------- stepping

    def step(self, action: int) -> None:
        """Apply ``action`` for ``current_player``, then every forced decision."""
        legal = self._legal_list()
        try:
            a = operator.index(action)
        except TypeError:
            a = None
        if a is None or a not in legal:
            why = "the game is over" if self.terminated else "it is not legal now"
            raise ValueError(f"firenze reference: action {action!r} cannot be played: {why}; legal actions: {legal}")
        self.rewards = [0.0] * self.num_players
        self._apply(a)
        self._apply_forced_moves()

    def _apply_forced_moves(self) -> None:
        # Core `_play_forced`: a decision with exactly one legal action is played automatically.
        while not self.terminated:
            legal = self._legal_list()
            if len(legal) >= 2:
                return
            if not legal:
                raise RuntimeError(f"no legal action in phase {self.phase} for player {self.current_player}")
            self._apply(legal[0])

    def _apply(self, a: int) -> None:
        T = self.T
        P = self.num_players
        p = self.current_player
        phase = self.phase

        # -- personnel cards that work in several phases (DN §6.7)
        if ALCHEMIST <= a < ALCHEMIST + NUM_COLOURS:
            self._play_personnel(p, "Alchemist")
            self.pending_take = (a - ALCHEMIST, -1)
            self.return_phase = phase
            self.phase = ALCHEMIST_GIVE
            return
        if SMUGGLE <= a < SMUGGLE + 6 * 3:
            k, c = divmod(a - SMUGGLE, 6)
            self._play_personnel(p, "Smuggler")
            self.pending_take = (c, (p + k + 1) % P)
            self.return_phase = phase
            self.phase = SMUGGLER_GIVE
            return
        if WHOLESALE <= a < WHOLESALE + NUM_ROW_SLOTS:
            # RB Wholesaler: "Place all of that card's Bricks in the Pouch and shuffle
            # the Pouch. Draw the same number of Bricks from the Pouch and put them
            # back on the card."
            self._play_personnel(p, "Wholesaler")
            bricks = self.row[a - WHOLESALE][1]
            n = sum(bricks)
            for c in range(NUM_COLOURS):
                self.pouch[c] += bricks[c]
                bricks[c] = 0
            for _ in range(n):
                self._draw_onto(bricks)
            return
        if a in PATRICIAN_DISCARD_IDS:
            # RB Patrician: "spend the Patrician to discard one card from your hand".
            self._play_personnel(p, "Patrician")
            self._discard_from_hand(p, T.hand_kinds[PATRICIAN_DISCARD_IDS.index(a)])
            return
        if SABOTAGE <= a < SABOTAGE + 6 * 3:
            # RB Saboteur: "Choose a Tower of another player. Take one Brick from it and put
            # it in the Pouch." A tower left with no brick is gone (DN §2: compact).
            k, t = divmod(a - SABOTAGE, 6)
            self._play_personnel(p, "Saboteur")
            q = (p + k + 1) % P
            tower = self.towers[q][t]
            tower["height"] -= 1
            self.pouch[tower["colour"]] += 1
            if tower["height"] == 0:
                self.towers[q].pop(t)
            return

        if phase == CHOOSE:
            if a == PLAY_PRINCESS:
                self._play_personnel(p, "Princess")
                self.princess_active = True
                return
            slot = a - TAKE_CARD
            self.chosen_slot = slot
            cost = 0 if self.princess_active else T.card_cost[slot]
            # RB: "You must pay the Costs before you can take the Card and the Bricks."
            if cost > 0:
                self.pay_index = 0
                self.pay_left = cost
                self.phase = PAY_CARD_COST
                return
            self._take_card()
        elif phase == PAY_CARD_COST:
            # RB: "Place one Brick on each Card Row card to the left of your card."
            c = a - BRICK
            self.store[p][c] -= 1
            self.row[self.pay_index][1][c] += 1
            self.pay_index += 1
            self.pay_left -= 1
            if self.pay_left == 0:
                self._take_card()
        elif phase == EVENT_PATRICIAN:
            if a == IGNORE_EVENT:
                self._play_personnel(p, "Patrician")
                self._finish_event()
            else:
                self._resolve_event()
        elif phase == EVENT_OWN_TOWER:
            t = a - SELECT_TOWER
            tower = self.towers[p][t]
            if T.kind_names[self.event_kind] == "Botch":
                # RB Botch: "Choose 1 Tower on your Construction Site. Put one Brick from
                # that Tower in the Pouch."
                tower["height"] -= 1
                self.pouch[tower["colour"]] += 1
                if tower["height"] == 0:
                    self.towers[p].pop(t)
            else:
                # RB Collapse: "You must tear down 1 Tower ... All of this Tower's Bricks go into the Pouch."
                self.towers[p].pop(t)
                self.pouch[tower["colour"]] += tower["height"]
            self._finish_event()
        elif phase == EVENT_DISCARD:
            self._brick_to_pouch(p, a - BRICK)
            self.pay_left -= 1
            if self.pay_left == 0:
                if T.kind_names[self.event_kind] == "Storehouse Fire":
                    self._finish_event()
                else:
                    self._event_next_player()
        elif phase == EVENT_KEEP_TOWER:
            t = a - SELECT_TOWER
            self.keep_marked.add(t)
            self.keep_left -= 1
            if self.keep_left == 0:
                if self.keep_colour >= 0:
                    # SPEC §E Tribute: "when keep_left hits 0, pay b_c bricks of c now and
                    # continue with the next colour."
                    c = self.keep_colour
                    chosen = [i for i in self.keep_marked if self.towers[p][i]["colour"] == c]
                    for _ in range(len(chosen) * T.tribute_bricks):
                        self._brick_to_pouch(p, c)
                    self.keep_colour = -1
                    if not self._tribute_continue(p):
                        self._event_next_player()
                elif not self._luxury_pay(p):
                    self._event_next_player()
        elif phase == EVENT_PAY:
            self._brick_to_pouch(p, a - BRICK)
            self.pay_left -= 1
            if self.pay_left == 0:
                self._luxury_teardown(p)
                self._event_next_player()
        elif phase == EXCHANGE:
            if a == PASS:
                self.phase = BUILD
                return
            s, c = divmod(a - EXCHANGE_BASE, 6)
            self.exchange_slot = s
            self.pending_take = (c, -1)
            self.pay_left = T.exchange_give_bridge if self._has_building(p, "Bridge") else T.exchange_give
            self.phase = EXCHANGE_PAY
        elif phase == EXCHANGE_PAY:
            # RB 2: "Simply place the 3 Bricks from your Storehouse on the card where the
            # Brick you want is sitting, and place the desired Brick in your Storehouse."
            c = a - BRICK
            self.store[p][c] -= 1
            self.row[self.exchange_slot][1][c] += 1
            self.pay_left -= 1
            if self.pay_left == 0:
                want = self.pending_take[0]
                self.row[self.exchange_slot][1][want] -= 1
                self.store[p][want] += 1
                self.exchange_done = True
                self.exchange_slot = -1
                self.pending_take = (-1, -1)
                self.phase = EXCHANGE
        elif phase == BUILD:
            if a == PLAY_MASON:
                self._play_personnel(p, "Mason")
                self.mason_active = True
            elif a == PASS:
                cost = self._cost(p, self.bricks_built)
                if cost > 0:
                    # RB 3: "move the appropriate number of Bricks from your Storehouse to the Pouch."
                    self.pay_left = cost
                    self.phase = PAY_BUILD_COST
                else:
                    self._end_build()
            elif a >= START_TOWER:
                # RB 3: "You may begin new towers". A new tower takes the first free slot.
                c = a - START_TOWER
                tower = new_tower(c)
                self.towers[p].append(tower)
                self._add_brick(p, tower)
            else:
                self._add_brick(p, self.towers[p][a - BUILD_ON])
        elif phase == PAY_BUILD_COST:
            self._brick_to_pouch(p, a - BRICK)
            self.pay_left -= 1
            if self.pay_left == 0:
                self._end_build()
        elif phase == FULFILL:
            if a == PASS:
                self._check_limits()
            elif a == BELL_TOWER:
                self._bell_tower()
            elif a == PLAY_ARCHITECT:
                self._play_personnel(p, "Architect")
                self.architect = 1
            else:
                t, d = divmod(a - FULFILL_BASE, 3)
                self._fulfill(t, d - 1)
        elif phase == LIMIT_BRICKS:
            # RB 6: "you must surrender enough Bricks to the Pouch to bring you down to 10 Bricks."
            self._brick_to_pouch(p, a - BRICK)
            self.pay_left -= 1
            if self.pay_left == 0:
                self._check_card_limit()
        elif phase == LIMIT_CARDS:
            kind = T.limit_kinds[LIMIT_DISCARD_IDS.index(a)]
            if kind in T.building_kinds:
                self._discard_building(p, T.building_kinds.index(kind))
            else:
                self._discard_from_hand(p, kind)
            self.pay_left -= 1
            if self.pay_left == 0:
                self._end_turn()
        elif phase == ALCHEMIST_GIVE:
            # RB Alchemist: swap one storehouse brick for one from the pouch; the give
            # comes from the storehouse as it was before the swap (DN §6.7).
            c, _ = self.pending_take
            self._brick_to_pouch(p, a - BRICK)
            self.pouch[c] -= 1
            self.store[p][c] += 1
            self.pending_take = (-1, -1)
            self.phase = self.return_phase
        elif phase == SMUGGLER_GIVE:
            c, q = self.pending_take
            g = a - BRICK
            self.store[p][g] -= 1
            self.store[q][g] += 1
            self.store[q][c] -= 1
            self.store[p][c] += 1
            self.pending_take = (-1, -1)
            self.phase = self.return_phase
        else:
            raise AssertionError(f"action {a} in phase {phase}")

    # -------------------------------------------------------------- invariants

    def check_invariants(self) -> None:
        """Raise AssertionError if a conservation law or bound is broken (DN §11)."""
        T = self.T
        P = self.num_players
        # RB Game Contents: "88 Bricks" -- pouch + storehouses + aside + towers + row.
        for c in range(NUM_COLOURS):
            total = self.pouch[c] + self.aside[c] + sum(self.store[q][c] for q in range(P))
            total += sum(t["height"] for q in range(P) for t in self.towers[q] if t["colour"] == c)
            total += sum(e[1][c] for e in self.row if e is not None)
            assert total == T.bricks[c], f"colour {c}: {total} bricks, expected {T.bricks[c]}"
            assert self.pouch[c] >= 0 and self.aside[c] >= 0
            assert all(self.store[q][c] >= 0 for q in range(P))
        # RB Game Contents: "52 Action Cards" (51 without the Campanile).
        counts = list(self.discard)
        for kind in self.deck:
            counts[kind] += 1
        for e in self.row:
            if e is not None:
                counts[e[0]] += 1
        for kind in self.church:
            if kind >= 0:
                counts[kind] += 1
        for q in range(P):
            for k in range(T.num_kinds):
                counts[k] += self.hand[q][k]
            for b, owned in enumerate(self.buildings[q]):
                counts[T.building_kinds[b]] += owned
        if EVENT_PATRICIAN <= self.phase <= EVENT_PAY:
            counts[self.event_kind] += 1  # the event card in limbo
        assert counts == self.in_game, f"cards {counts} != {self.in_game}"
        assert len(self.row) <= T.row_slots
        # Seals: RB Set Up 5 "5 neutral Seals"; each player's seals placed + left = allotment.
        assert self.owner.count(-2) == T.neutral_seals
        for q in range(P):
            assert self.seals_left[q] + self.owner.count(q) == T.seals[P]
            assert self.seals_left[q] >= 0
        assert self.next_balcony == sum(1 for t in self.balcony_tile if self.owner[T.balcony_tiles[t][1]] >= 0)
        for q in range(P):
            for t in self.towers[q]:
                assert 1 <= t["height"] <= T.bricks[t["colour"]]
            in_build = self.phase in (BUILD, PAY_BUILD_COST) or (
                self.phase in (ALCHEMIST_GIVE, SMUGGLER_GIVE) and self.return_phase == BUILD
            )
            if not in_build or q != self.turn_player:
                assert len(self.towers[q]) <= MAX_NAMED_TOWERS
        assert 0 <= self.bricks_built <= T.max_build
        if self.end_trigger >= 0:
            assert self.seals_left[self.end_trigger] == 0

    # ------------------------------------------------------------- observation

    def observe(self, player: int) -> np.ndarray:
        """float32[obs_size]: what ``player`` sees (SPEC §O; blocks in relative seating)."""
        T = self.T
        P = self.num_players
        if not isinstance(player, (int, np.integer)) or not 0 <= int(player) < P:
            raise ValueError(f"player must be in 0..{P - 1}, got {player!r}")
        o = int(player)
        obs = np.zeros(self.obs_size, dtype=np.float32)
        # One writable view per named field.
        f = {name: obs[start : start + size] for name, (start, size) in self._offsets.items()}

        def rel(q: int) -> int:
            return (q - o) % P

        over = self.terminated
        phase = self.phase
        f["phase"][phase] = 1
        if not over:
            f["to_move"][rel(self.current_player)] = 1
        f["turn_player"][rel(self.turn_player)] = 1
        f["start_player"][rel(0)] = 1  # seat 0 is the starting player (DN §13.28)
        f["turn_number"][0] = self.turn_number
        if self.end_trigger >= 0:
            f["end"][0] = 1
            if not over:
                f["end"][1] = (self.end_trigger - 1 - self.turn_player) % P
            f["end"][2 + rel(self.end_trigger)] = 1

        # SPEC §O: at game over the turn-state fields are all 0.
        if not over:
            tp = self.turn_player
            f["turn_flags"][:] = (
                self.princess_active,
                self.mason_active,
                self.architect == 1,
                self.architect == 2,
                self.exchange_done,
            )
            workshop, mason = self._discount_flags(tp)
            f["build"][:] = (
                self.bricks_built,
                construction_discount(T, workshop, mason),
                self._cost(tp, self.bricks_built),
            )
            f["played"][:] = [self.played[name] for name in PLAYED_NAMES]
            if phase in PAY_LEFT_PHASES:
                f["payment"][0] = self.pay_left
            elif phase in (ALCHEMIST_GIVE, SMUGGLER_GIVE):
                f["payment"][0] = 1
            if phase == PAY_CARD_COST:
                f["payment"][1] = self.pay_index
                f["payment"][2] = self.chosen_slot
            if EVENT_PATRICIAN <= phase <= EVENT_PAY:
                f["event"][T.event_kinds.index(self.event_kind)] = 1
            else:
                f["event"][len(EVENT_NAMES)] = 1
            if phase == EXCHANGE_PAY:
                f["exchange_slot"][0] = self.exchange_slot
            if phase in (EXCHANGE_PAY, ALCHEMIST_GIVE, SMUGGLER_GIVE):
                f["take_colour"][self.pending_take[0]] = 1
            keep = f["keep"]
            if phase == EVENT_KEEP_TOWER:
                keep[0] = self.keep_left
                if self.keep_colour >= 0:
                    keep[1 + self.keep_colour] = 1
            if phase in (EVENT_KEEP_TOWER, EVENT_PAY):
                for t in self.keep_marked:
                    if t < MAX_NAMED_TOWERS:
                        keep[1 + NUM_COLOURS + t] = 1

        # Row: kind one-hot per slot (index num_kinds = empty) and bricks.
        row_cards = f["row_cards"].reshape(NUM_ROW_SLOTS, T.num_kinds + 1)
        row_bricks = f["row_bricks"].reshape(NUM_ROW_SLOTS, NUM_COLOURS)
        for s in range(NUM_ROW_SLOTS):
            entry = self.row[s] if s < len(self.row) else None
            if entry is None:
                row_cards[s, T.num_kinds] = 1
            else:
                row_cards[s, entry[0]] = 1
                row_bricks[s] = entry[1]
        f["deck_size"][0] = len(self.deck)
        f["discard_counts"][:] = self.discard
        # SPEC §O: unseen = in game - row - discard - church - buildings - own hand
        # (- opponents' hands in recall mode) - the event card in limbo (phases 2-7).
        unseen = [self.in_game[k] - self.discard[k] - self.hand[o][k] for k in range(T.num_kinds)]
        if self.opponent_hands == "recall":
            for q in range(P):
                if q != o:
                    unseen = [unseen[k] - self.hand[q][k] for k in range(T.num_kinds)]
        for entry in self.row:
            if entry is not None:
                unseen[entry[0]] -= 1
        for kind in self.church:
            if kind >= 0:
                unseen[kind] -= 1
        for q in range(P):
            for b, owned in enumerate(self.buildings[q]):
                unseen[T.building_kinds[b]] -= owned
        if EVENT_PATRICIAN <= phase <= EVENT_PAY and not over:
            unseen[self.event_kind] -= 1
        f["unseen_counts"][:] = unseen
        f["pouch"][:] = self.pouch

        # Commissions: open, neutral, balcony numeral (4), owner (P, relative), height, prestige.
        com = f["commissions"].reshape(T.num_commissions, 8 + P)
        com[:, 2:6] = self._balcony_columns  # fixed for the game: balcony numerals, set at init
        com[:, 6 + P :] = self._commission_columns  # height, prestige (+ tile bonus)
        seals_by_colour = [[0] * NUM_COLOURS for _ in range(P)]
        for cid, owner in enumerate(self.owner):
            if owner == -1:
                com[cid, 0] = 1
            elif owner == -2:
                com[cid, 1] = 1
            else:
                com[cid, 6 + rel(owner)] = 1
                seals_by_colour[owner][cid // T.levels] += 1
        f["next_balcony"][self.next_balcony] = 1
        f["level_tiles"][:] = [not taken for taken in self.level_tile_taken]
        church = f["church"]
        for i, name in enumerate(("Major Privilege", "Minor Privilege", "Privilege", "Campanile")):
            church[i] = T.kind[name] in self.church
        for q in range(P):
            church[4 + rel(q)] = self.campanile_sealed[q]
        f["majority_bonus"][:] = T.majority_bonus

        # Player blocks, block j = seat (o + j) mod P.
        blocks = f["players"].reshape(P, PLAYER_BLOCK)
        for j in range(P):
            q = (o + j) % P
            block = blocks[j]
            block[0] = self.prestige[q]
            block[1] = self.seals_left[q]
            block[2:8] = self.store[q]
            block[8:11] = self.buildings[q]
            block[11] = sum(self.hand[q])
            block[12] = self.end_trigger == q
            block[13 : 13 + NUM_COLOURS] = seals_by_colour[q]
            towers = block[13 + NUM_COLOURS :].reshape(MAX_TOWER_SLOTS, TOWER_FEATURES)
            for t, tower in enumerate(self.towers[q]):
                towers[t, tower["colour"]] = 1
                towers[t, NUM_COLOURS:] = (tower["height"], tower["at_start"], tower["built"])
        f["own_hand"][:] = [self.hand[o][k] for k in T.hand_kinds]
        if self.opponent_hands == "recall":
            hands = f["opponent_hands"].reshape(P - 1, len(HAND_KIND_NAMES))
            for j in range(1, P):
                hands[j - 1] = [self.hand[(o + j) % P][k] for k in T.hand_kinds]
        return obs

    def _play_personnel(self, p: int, name: str) -> None:
        """RB Personnel Cards: "Personnel Cards that have been played are put into the discard pile."."""
        self.played[name] = True
        self._discard_from_hand(p, self.T.kind[name])

    def _add_brick(self, p: int, tower: dict) -> None:
        """RB 3: "1 Brick = 1 Level."."""
        c = tower["colour"]
        self.store[p][c] -= 1
        tower["height"] += 1
        tower["built"] = True
        self.bricks_built += 1
