"""The Princes of Florence's component data: the packaged ``princes_data.json`` and the
``data=`` override (a dict patch merged into it, nested dicts merging, or a path to a complete
replacement file), read into the tables the engine uses (:class:`Tables`)."""

from __future__ import annotations

import numpy as np

from florentine_envs.data_schema import check_data, load_checked

from .geometry import cells_mask, parse_shape, placement_table
from .schema import COOP_SCHEMA, FEATURES, SCHEMA

#: Names of the features a Bonus card counts and a Prestige card compares (SPEC.md section F).
FEATURE = {name: i for i, name in enumerate(FEATURES)}
SIZE_CLASSES = ("large", "medium", "small")


def load_data(data=None) -> dict:
    """The component data: ``princes_data.json``, a dict patch merged into it, or a whole file."""
    merged = load_checked("princes", __package__, "princes_data.json", data, SCHEMA)
    if isinstance(data, dict) and "cooperative" in data:
        from .coop_tables import load_coop_data, packaged_coop_data

        check_data("princes", COOP_SCHEMA, load_coop_data(merged), packaged_coop_data(), "data.cooperative")
    return merged


class Tables:
    """Every number the rules use, read from the component data for ``num_players`` players.
    Money is in units of 100 Florin. Raises ``KeyError``/``TypeError``/``ValueError`` on
    malformed data (the game turns them into one ``ValueError``)."""

    def __init__(self, d: dict, num_players: int):
        P, key = num_players, str(num_players)
        self.building_names = list(d["buildings"]["names"])
        self.landscape_names = list(d["landscapes"]["names"])
        self.freedom_names = list(d["freedoms"]["names"])
        self.stack_names = list(d["auction"]["stacks"])
        self.character_names = list(d["characters"]["names"])
        nb, nl = len(self.building_names), len(self.landscape_names)
        if (nb, nl, len(self.freedom_names), len(self.stack_names), len(self.character_names)) != (10, 3, 3, 7, 6):
            raise ValueError("data must name 10 buildings, 3 landscapes, 3 freedoms, 7 stacks and 6 characters")
        rounds = d["rounds"]
        self.num_rounds = int(rounds["count"])
        self.minimum = np.array(rounds["minimum_work_value"], np.int64)  # [rounds]
        if self.minimum.shape != (self.num_rounds,):
            raise ValueError("rounds.minimum_work_value needs one entry per round")

        setup = d["setup"]
        self.start_money = int(setup["money_by_player_count"][key])
        self.dealt, self.kept = int(setup["professions_dealt"]), int(setup["professions_kept"])
        two = setup["two_player_freedoms"]
        self.two_player_base = int(two["base"])
        self.two_player_extra = int(two["extra_kinds"])
        self.two_player_extra_hard = int(two["extra_kinds_hard"])

        auc = d["auction"]
        self.opening_bid = int(auc["opening_bid_by_player_count"][key])
        self.raise_step = int(auc["raise"])
        self.lone_price = int(auc["lone_buyer_price"])
        self.max_builders = int(auc["max_builders_per_player"])
        self.single_landscape = P == 2 and bool(auc["two_player_single_landscape_object"])

        sup = d["supply"]
        self.buildings_per_type = int(sup["buildings_per_type"])
        self.landscapes_per_type = int(sup["landscapes_per_type"])
        self.jesters = int(sup["jesters"])
        self.builders = int(sup["builders"])
        self.recruiting = int(sup["recruiting_cards"])

        pr = d["prices"]
        self.build_cost = np.array(pr["build_by_builders"], np.int64)  # [max_builders + 1]
        if self.build_cost.shape != (self.max_builders + 1,):
            raise ValueError("prices.build_by_builders needs one price per Builder count 0..max")
        self.profession_price = int(pr["take_profession"])
        self.freedom_price = int(pr["introduce_freedom"])
        self.bonus_price = int(pr["acquire_bonus"])
        self.draw_count = int(pr["draw_count"])

        sc = d["scoring"]
        self.extra_landscape_points = int(sc["extra_landscape_same_type"])
        self.builder_points = np.array(sc["builder_points_by_count"], np.int64)  # [max_builders + 1]
        self.building_points = int(sc["building"])
        self.best_work_points = int(sc["best_work"])
        self.florin_per_work_point = int(sc["florin_per_work_point"])
        self.florin_per_fame_taken = int(sc["florin_per_fame_taken"])
        self.florin_per_fame_sold = int(sc["florin_per_fame_sold"])
        self.banker_per_point = int(sc["banker_florin_per_point"])

        wv = d["work_value"]
        self.value_landscape, self.value_freedom = int(wv["landscape"]), int(wv["freedom"])
        self.value_building, self.value_jester = int(wv["building"]), int(wv["per_jester"])
        self.value_card = int(wv["per_card"])
        pw = wv["princess"]
        self.princess = (int(pw["per_landscape"]), int(pw["per_building"]), int(pw["per_builder"]), int(pw["per_card"]))

        cards = d["professions"]["cards"]
        self.profession_names = [c["name"] for c in cards]
        b_id = {n: i for i, n in enumerate(self.building_names)}
        l_id = {n: i for i, n in enumerate(self.landscape_names)}
        f_id = {n: i for i, n in enumerate(self.freedom_names)}
        self.prof_building = np.array([b_id[c["building"]] for c in cards], np.int64)  # [21]
        self.prof_landscape = np.array([l_id[c["landscape"]] for c in cards], np.int64)  # [21]
        self.prof_freedom = np.array([f_id[c["freedom"]] for c in cards], np.int64)  # [21]
        if len(cards) != 21:
            raise ValueError(f"data must list 21 professions, got {len(cards)}")

        sizes = d["buildings"]["sizes"]
        self.building_size = np.full(nb, -1, np.int64)  # [10] 0 large, 1 medium, 2 small
        for s, cls in enumerate(SIZE_CLASSES):
            for name in sizes[cls]:
                self.building_size[b_id[name]] = s
        if (self.building_size < 0).any():
            raise ValueError("buildings.sizes must give every building a size class")

        grid = d["principality"]
        self.rows, self.cols = int(grid["rows"]), int(grid["cols"])
        if self.rows * self.cols > 64:
            raise ValueError("the principality grid must fit a 64-bit mask (rows * cols <= 64)")
        self.num_cells = self.rows * self.cols
        self.palazzo = cells_mask([tuple(c) for c in grid["palazzo"]["cells"]], self.cols)
        self.free_cells = self.num_cells - len(grid["palazzo"]["cells"])
        shapes = [parse_shape(d["buildings"]["shapes"][n]) for n in self.building_names]
        shapes += [parse_shape(d["landscapes"]["shapes"][n]) for n in self.landscape_names]
        self.piece_area = np.array([len(s) for s in shapes], np.int64)  # [13]
        tables = [placement_table(s, self.rows, self.cols) for s in shapes]
        self.squares = np.stack([t[0] for t in tables])  # uint64[13, 8 * cells]
        self.halo = np.stack([t[1] for t in tables])  # uint64[13, 8 * cells]

        self.features = FEATURE
        bonus = d["bonus_cards"]["cards"]
        self.bonus_coef = np.zeros((len(bonus), len(FEATURES)), np.int64)  # [20, F]
        for i, card in enumerate(bonus):
            for name, value in card["coef"].items():
                self.bonus_coef[i, FEATURE[name]] = int(value)
        if (self.bonus_coef < 0).any():
            raise ValueError("bonus card coefficients must be >= 0 (a work's value only grows with bonus cards)")
        prestige = d["prestige_cards"]["cards"]
        n = len(prestige)
        self.prestige_kind = np.zeros(n, np.int64)  # [14] 0 most, 1 fewest, 2 at least
        self.prestige_feature = np.zeros(n, np.int64)  # [14] feature compared (most / fewest)
        self.prestige_points = np.zeros(n, np.int64)  # [14]
        self.prestige_tie = np.zeros(n, np.int64)  # [14] points when tied (most / fewest)
        self.prestige_need = np.zeros((n, len(FEATURES)), np.int64)  # [14, F] minima (at least)
        for i, card in enumerate(prestige):
            self.prestige_kind[i] = ("most", "fewest", "at_least").index(card["kind"])
            self.prestige_points[i] = int(card["points"])
            if card["kind"] == "at_least":
                for name, value in card["need"].items():
                    self.prestige_need[i, FEATURE[name]] = int(value)
            else:
                self.prestige_feature[i] = FEATURE[card["feature"]]
                self.prestige_tie[i] = int(card["tie"])
        self.num_bonus, self.num_prestige = len(bonus), n

        ch = d["characters"]
        spaces = np.array([ch["spaces"][name] for name in self.character_names], np.int64)  # [6, 2]
        self.char_low, self.char_high = spaces[:, 0], spaces[:, 1]
        self.banker_start, self.banker_refill = int(ch["banker_start"]), int(ch["banker_refill"])
        self.banker_gain = int(ch["banker_unbought_gain"])

    def feature_max(self) -> np.ndarray:
        """int[F]: the largest value each feature can take (SPEC.md section A, "fmax")."""
        cards = 21 + self.recruiting
        per_class = np.bincount(self.building_size, minlength=3)
        top = {
            "buildings": len(self.building_names), "large": per_class[0], "medium": per_class[1],
            "small": per_class[2], "sizes": 3, "forests": self.landscapes_per_type, "lakes": self.landscapes_per_type,
            "parks": self.landscapes_per_type, "landscapes": 3 * self.landscapes_per_type, "landscape_types": 3,
            "freedoms": 3, "travel": 1, "religion": 1, "opinion": 1, "jesters": self.jesters,
            "builders": self.max_builders, "prestige_cards": self.num_prestige, "categories": 7,
            "hand_cards": cards, "table_cards": cards, "empty": self.num_cells,
        }  # fmt: skip
        return np.array([int(top[name]) for name in FEATURES], np.int64)

    def max_work_value(self) -> int:
        """W of SPEC.md section A: no work can be worth more (it sizes the FAME actions)."""
        cards = 21 + self.recruiting
        bonus = int((self.bonus_coef * self.feature_max()).sum())
        normal = (
            self.value_landscape + self.value_freedom + self.value_building + self.value_jester * self.jesters
            + self.value_card * cards + self.num_rounds + bonus
        )  # fmt: skip
        land, build, builder, card = self.princess
        princess = land * 3 * self.landscapes_per_type + build * len(self.building_names)
        princess += builder * self.max_builders + card * cards
        return max(normal, princess)


#: Automa top-panel objects, in the data's names, and the stacks each stands for (SPEC.md SA)
AUTOMA_OBJECT_STACKS = {"Landscape": (0, 1, 2), "Prestige": (3,), "Recruiting": (4,), "Jester": (5,), "Builder": (6,)}
#: Wolfgang's actions on the Automa cards' middle and bottom panels (SPEC.md ST), in id order
AUTOMA_ACTIONS = ("work", "build", "profession", "bonus", "freedom")
AUTOMA_BACKS = ("1-2", "3-4", "5-7")
DIFFICULTIES = ("easy", "standard", "hard")


class SoloTables:
    """The solo game's numbers (data sections ``solo`` and ``automa``) for S = 2 + dummies seats.

    Arrays over the 21 Automa cards: ``back`` int[21] (0 / 1 / 2), ``has_mod`` bool[21, 7] and
    ``mod`` int[21, 7] (per stack, for S seats; 0 where none), ``pos`` int[21, 7] (entry 0..4 of
    the stack's object, the landscapes sharing one), ``excluded`` bool[21, 7] (the final auction's
    exclusion, D45), ``entries`` int[21, 5] (object index of ``AUTOMA_OBJECT_STACKS`` order at
    each position), ``panels`` int[21, 2, 5] (middle, bottom: action ids, -1 padded). Raises
    ``KeyError`` / ``TypeError`` / ``ValueError`` on malformed data."""

    def __init__(self, d: dict, seats: int, difficulty: str):
        so, au = d["solo"], d["automa"]
        self.wolfgang_money = int(so["wolfgang_money_by_difficulty"][difficulty])
        self.freedoms_per_kind = int(so["freedoms_per_kind"])
        self.dealt_you = int(so["professions_dealt_you"])
        self.dealt_others = int(so["professions_dealt_others"])
        self.florin_per_fame = int(so["wolfgang_florin_per_fame"])
        self.final_price = int(so["final_auction_price"])
        self.final_excluded = int(so["final_auction_excluded"])
        self.forced_max_roll = int(so["forced_buy_max_roll"])
        self.die_sides = int(so["die_sides"])
        self.draw_count = int(so["wolfgang_draw_count"])
        self.max_builders = int(so["wolfgang_max_builders"])
        if self.florin_per_fame < 1 or self.die_sides < 1 or self.final_excluded < 1:
            raise ValueError("solo: wolfgang_florin_per_fame, die_sides and final_auction_excluded must be >= 1")
        objects = list(au["objects"])
        if sorted(objects) != sorted(AUTOMA_OBJECT_STACKS):
            raise ValueError(f"automa.objects must be {sorted(AUTOMA_OBJECT_STACKS)}, got {objects}")
        cards = au["cards"]
        n = len(cards)
        if n != 21:
            raise ValueError(f"automa: 21 cards needed, got {n}")
        column = 0 if seats == 4 else 1
        self.back = np.zeros(n, np.int64)
        self.has_mod = np.zeros((n, 7), bool)
        self.mod = np.zeros((n, 7), np.int64)
        self.pos = np.zeros((n, 7), np.int64)
        self.excluded = np.zeros((n, 7), bool)
        self.entries = np.zeros((n, len(objects)), np.int64)
        self.panels = np.full((n, 2, len(AUTOMA_ACTIONS)), -1, np.int64)
        names = list(AUTOMA_OBJECT_STACKS)
        for i, c in enumerate(cards):
            self.back[i] = AUTOMA_BACKS.index(c["back"])
            top = c["top"]
            if sorted(e["object"] for e in top) != sorted(names):
                raise ValueError(f"automa card {i}: the top panel must show each object once: {names}")
            entry_mod = np.zeros(len(top), np.int64)
            for k, e in enumerate(top):
                m = e["mod"]
                value = m if not isinstance(m, list) else m[column]
                if value is not None and (int(value) != value or value < 0):
                    raise ValueError(f"automa card {i}: modifier {m!r} must be null or a non-negative integer")
                self.entries[i, k] = names.index(e["object"])
                entry_mod[k] = 0 if value is None else int(value)
                for s in AUTOMA_OBJECT_STACKS[e["object"]]:
                    self.has_mod[i, s] = value is not None
                    self.mod[i, s] = entry_mod[k]
                    self.pos[i, s] = k
            cut = np.sort(entry_mod)[::-1][self.final_excluded - 1]  # D45: ties at the cut are excluded
            for k, e in enumerate(top):
                if entry_mod[k] >= cut:
                    for s in AUTOMA_OBJECT_STACKS[e["object"]]:
                        self.excluded[i, s] = True
            for j, panel in enumerate(("middle", "bottom")):
                acts = c[panel]
                if not acts or len(acts) > len(AUTOMA_ACTIONS) or len(set(acts)) != len(acts):
                    raise ValueError(f"automa card {i}: {panel} panel needs 1-5 distinct actions, got {acts!r}")
                self.panels[i, j, : len(acts)] = [AUTOMA_ACTIONS.index(a) for a in acts]
        counts = np.bincount(self.back, minlength=3)
        if tuple(counts) != (6, 6, 9):
            raise ValueError(f"automa: backs 1-2 / 3-4 / 5-7 need 6 / 6 / 9 cards (3 a round, D40), got {counts}")
        self.max_mod = int(self.mod.max())
