"""Firenze's component data: the packaged ``firenze_data.json`` and the ``data=`` override
(a dict patch merged into it, or a path to a complete replacement file), and
:class:`FirenzeTables`, which reads it into the arrays the rules use (rulebook "Game
Contents", "Construction Commissions", "Action Cards Summary"; DESIGN_NOTES §1-§2) and names
the 168 actions (DESIGN_NOTES §8, SPEC §A)."""

from __future__ import annotations

import re

import numpy as np

from ...data_schema import load_checked
from .constants import (
    A_LIMIT,
    A_LIMIT_SABOTEUR,
    A_PATRICIAN_DISCARD,
    A_PATRICIAN_SABOTEUR,
    NUM_ACTIONS,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_COMMISSIONS,
    NUM_KINDS,
    NUM_SLOTS,
)
from .schema import SCHEMA


def load_data(data=None) -> dict:
    """The component data: the packaged ``firenze_data.json``; ``data`` is either a dict
    patch merged into it (nested dicts merge, anything else replaces) or a path to a
    complete replacement file."""
    return load_checked("firenze", __package__, "firenze_data.json", data, SCHEMA)


class FirenzeTables:
    """Mixin of :class:`~.firenze.Firenze`: the component tables read from the data, and the action
    names."""

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
