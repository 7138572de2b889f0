"""The component tables as numpy arrays (SPEC §2), built from the validated data dict that
``data.load_data`` returns (``florenza_data.json``; its keys: DATA_NOTES.md, "SCHEMA")."""

from __future__ import annotations

import numpy as np

from .constants import (
    CRESTS,
    NUM_BOXES,
    NUM_NAMED,
    NUM_RESOURCES,
    NUM_SKILLS,
    NUM_SPACES,
    ROUNDS,
    WORKERS,
    Z_CATHEDRAL,
    Z_CIVIC,
)  # fmt: skip
from .schema import INCOME_KINDS

#: the kinds of an artwork's income (``INCOME_KINDS``, the data's ``income.kind``), as ids
I_NONE, I_PRESTIGE, I_INFLUENCE, I_WORKER, I_FIORINI, I_ATRIO = range(6)


def _cost(resources: list[str], cost: dict) -> tuple[np.ndarray, int]:
    """(int32[6] cubes, Fiorini) of a cost dict ``{resource: n, "fiorini": n}``."""
    unknown = set(cost) - set(resources) - {"fiorini"}
    if unknown:
        raise ValueError(f"florenza: unknown cost keys {sorted(unknown)}; allowed: {resources + ['fiorini']}")
    return np.array([int(cost.get(r, 0)) for r in resources], np.int32), int(cost.get("fiorini", 0))


class Tables:
    """Every component number the engine reads, as arrays (shapes in comments)."""

    def __init__(self, d: dict):
        res = list(d["resources"])
        if len(res) != NUM_RESOURCES:
            raise ValueError(f"florenza: {len(res)} resources, need {NUM_RESOURCES}")
        self.resource_names = res
        self.gold, self.marble, self.wood = res.index("gold"), res.index("marble"), res.index("wood")
        self.cubes = np.array(d["cubes"], np.int32)  # [6] cubes in the box per resource
        self.skill_names = list(d["skills"])
        assert len(self.skill_names) == NUM_SKILLS
        # workshops ---------------------------------------------------------------
        ws = d["workshops"]
        NW = self.NW = len(ws)
        self.ws_names = [w["name"] for w in ws]
        self.ws_qty = np.array([w["quantity"] for w in ws], np.int32)  # [NW]
        self.ws_occupiable = np.array([w["occupiable"] for w in ws], bool)
        self.ws_cost = np.zeros((NW, NUM_RESOURCES), np.int32)  # [NW, 6]
        self.ws_cost_fl = np.zeros(NW, np.int32)
        self.ws_build_pp = np.array([w.get("build_pp", 0) for w in ws], np.int32)
        self.ws_inc_fl = np.zeros(NW, np.int32)  # phase-1 income (Casa, Casamento, Palagio)
        self.ws_inc_workers = np.zeros(NW, np.int32)
        self.ws_inc_pp = np.zeros(NW, np.int32)
        self.ws_convert = np.zeros(NW, bool)  # production is "spend X to take Y"
        self.ws_gain = np.zeros((NW, NUM_RESOURCES), np.int32)  # gain, or the conversion's take
        self.ws_gain_fl = np.zeros(NW, np.int32)
        self.ws_gain_pp = np.zeros(NW, np.int32)
        self.ws_gain_inf = np.zeros(NW, np.int32)
        self.ws_spend = np.zeros((NW, NUM_RESOURCES), np.int32)
        self.ws_spend_fl = np.zeros(NW, np.int32)
        for i, w in enumerate(ws):
            self.ws_cost[i], self.ws_cost_fl[i] = _cost(res, w.get("build_cost", {}))
            inc = w.get("income", {})
            self.ws_inc_fl[i], self.ws_inc_workers[i] = inc.get("fiorini", 0), inc.get("workers", 0)
            self.ws_inc_pp[i] = inc.get("prestige", 0)
            prod = w.get("produce", {})
            if "spend" in prod:
                self.ws_convert[i] = True
                self.ws_spend[i], self.ws_spend_fl[i] = _cost(res, prod["spend"])
                gain = prod["take"]
            else:
                gain = prod.get("gain", {})
            gain = dict(gain)
            self.ws_gain_pp[i], self.ws_gain_inf[i] = gain.pop("prestige", 0), gain.pop("influence", 0)
            self.ws_gain[i], self.ws_gain_fl[i] = _cost(res, gain)
        self.start_types = np.array([t - 1 for t in d["start_types"]], np.int64)
        self.first_game = np.array([[a - 1, b - 1] for a, b in d["first_game"]], np.int64)  # [5, 2] from the last
        # characters ----------------------------------------------------------------
        chars = sorted(d["characters"], key=lambda c: c["id"])
        assert [c["id"] for c in chars] == list(range(1, NUM_NAMED + 1)), "characters must be ids 1..40"
        self.char_names = [c["name"] for c in chars]
        self.is_artist = np.array([c["kind"] == "artist" for c in chars], bool)  # [40]
        self.is_preacher = ~self.is_artist
        self.rounds = np.array([c["rounds"] for c in chars], np.int32)
        self.skills = np.zeros((NUM_NAMED + 4, NUM_SKILLS), bool)  # [44, 3] by character slot
        self.hire_cost = np.zeros((NUM_NAMED + 4, NUM_SKILLS), np.int32)
        self.die_pp = np.zeros((NUM_NAMED + 4, NUM_SKILLS, 7), np.int32)  # [x, k, v] v = 1..6 (0 unused)
        self.mp = np.zeros((NUM_NAMED + 4, NUM_SKILLS, 7), bool)
        self.mp_pp = np.zeros((NUM_NAMED + 4, NUM_SKILLS, 7), np.int32)
        self.ch_cost = np.zeros((NUM_NAMED + 4, NUM_RESOURCES), np.int32)  # preacher cost by slot
        self.ch_cost_fl = np.zeros(NUM_NAMED + 4, np.int32)
        self.ch_workers = np.zeros((NUM_NAMED + 4, 7), np.int32)  # [x, v]
        self.ch_gain = np.zeros((NUM_NAMED + 4, NUM_RESOURCES), np.int32)
        self.ch_pp = np.zeros(NUM_NAMED + 4, np.int32)
        self.ch_inf = np.zeros(NUM_NAMED + 4, np.int32)
        for c, ch in enumerate(chars):
            if ch["kind"] == "artist":
                for k, table in ch["skills"].items():
                    s = self.skill_names.index(k)
                    self.skills[c, s] = True
                    self.hire_cost[c, s] = table["cost"]
                    self.die_pp[c, s, 1:] = table["die"]
                    self.mp[c, s, 1:] = table["masterpiece"]
                    self.mp_pp[c, s, 1:] = table["masterpiece_pp"]
            else:
                self._preacher(c, ch, res)
        for s, k in enumerate(self.skill_names):
            x = NUM_NAMED + s
            self.skills[x, s] = True
            self.die_pp[x, s, 1:] = d["unnamed_artists"][k]["die"]
        self._preacher(NUM_NAMED + 3, d["unnamed_preacher"], res)
        self.slot_names = self.char_names + [f"unnamed {k}" for k in self.skill_names] + ["unnamed preacher"]
        # artworks ------------------------------------------------------------------
        arts = d["main_artworks"]
        NM = self.NM = len(arts)
        self.art_names = [str(a.get("id", a["name"])) for a in arts]  # unique ids name actions and components
        self.art_titles = [f"{a['name']} ({a.get('building', '')})" for a in arts]
        self.art_zone = np.array([Z_CATHEDRAL if a["zone"] == "cathedral" else Z_CIVIC for a in arts], np.int32)
        self.art_cost = np.zeros((NM, NUM_RESOURCES), np.int32)
        self.art_cost_fl = np.zeros(NM, np.int32)
        self.art_skills = np.zeros((NM, NUM_SKILLS), bool)
        self.art_pp = np.array([a.get("prestige", 0) for a in arts], np.int32)
        self.art_inf = np.array([a.get("influence", 0) for a in arts], np.int32)
        self.art_income_kind = np.array([INCOME_KINDS.index(a.get("income", {}).get("kind", "none")) for a in arts])
        self.art_income_n = np.array([a.get("income", {}).get("amount", 0) for a in arts], np.int32)
        for i, a in enumerate(arts):
            self.art_cost[i], self.art_cost_fl[i] = _cost(res, a.get("cost", {}))
            for k in a["skills"]:
                self.art_skills[i, self.skill_names.index(k)] = True
        pulpits = [i for i, a in enumerate(arts) if a.get("pulpit")]
        assert len(pulpits) == 1, "exactly one main artwork is the Cathedral Pulpit"
        self.pulpit = pulpits[0]
        atrio = np.flatnonzero(self.art_income_kind == I_ATRIO)
        self.atrio = int(atrio[0]) if atrio.size else -1
        # phase-7 resolution order: civic boxes in data order, then the Cathedral's
        self.main_order = np.concatenate([np.flatnonzero(self.art_zone == Z_CIVIC),
                                          np.flatnonzero(self.art_zone == Z_CATHEDRAL)])  # fmt: skip
        boxes = d["district_artworks"]
        assert len(boxes) == NUM_BOXES
        self.box_names = [str(b.get("id", b["name"])) for b in boxes]
        self.box_chiesa = np.array([b["area"] == "chiesa" for b in boxes], bool)
        self.box_cost = np.zeros((NUM_BOXES, NUM_RESOURCES), np.int32)
        self.box_cost_fl = np.zeros(NUM_BOXES, np.int32)
        self.box_skills = np.zeros((NUM_BOXES, NUM_SKILLS), bool)
        self.box_pp = np.array([b.get("prestige", 0) for b in boxes], np.int32)
        self.box_inf = np.array([b.get("influence", 0) for b in boxes], np.int32)
        for i, b in enumerate(boxes):
            self.box_cost[i], self.box_cost_fl[i] = _cost(res, b.get("cost", {}))
            for k in b["skills"]:
                self.box_skills[i, self.skill_names.index(k)] = True
        # every box by id (district d < 8, main 8 + m): cost, Fiorini, skills, zone
        self.all_cost = np.concatenate([self.box_cost, self.art_cost])  # [8 + NM, 6]
        self.all_cost_fl = np.concatenate([self.box_cost_fl, self.art_cost_fl])
        self.all_skills = np.concatenate([self.box_skills, self.art_skills])  # [8 + NM, 3]
        self.all_zone = np.concatenate([np.zeros(NUM_BOXES, np.int32), self.art_zone])
        self.die_resource = np.array([res.index(r) for r in d["die_resource"]], np.int64)  # [6] face 1..6
        self.draw = {int(k): int(v) for k, v in d["draw"].items()}
        c = d["constants"]
        # structural numbers (array shapes, action blocks, the flow) cannot be patched
        fixed = {"rounds": ROUNDS, "workers_per_family": WORKERS, "workshop_spaces": NUM_SPACES,
                 "crests_per_family": CRESTS, "cathedral_dice": 2, "incentive_max": 3, "trade_give": 2,
                 "trade_take": 1, "cardinal_consecutive_rounds": 2, "life_cards": 7}  # fmt: skip
        for key, value in fixed.items():
            if c.get(key, value) != value:
                raise ValueError(f"florenza: constants.{key} is structural in the engine and must stay {value}")
        self.start_money = int(c["start_fiorini"])
        self.start_cubes = int(c["start_cubes_each"])
        self.start_avail = int(c["workers_start_board"])
        self.income_fl = int(c["income_fiorini"])
        self.income_marble, self.income_wood = int(c["income_marble"]), int(c["income_wood"])
        self.income_workers = int(c["income_workers"])
        self.die_fallback = int(c["die_fallback_fiorini"])
        self.sell_price, self.buy_price = int(c["market_sell"]), int(c["market_buy"])
        self.work_pay = int(c["go_to_work"])
        self.fee, self.fee_floor = int(c["opponent_workshop_fee"]), int(c["opponent_workshop_floor"])
        self.build_loss = int(c["construction_failure_loss"])
        # by zone (district, civic, cathedral): failure loss and the no-die base value
        self.failure_loss = np.array([c["failure_loss_district"], c["failure_loss_civic"],
                                      c["failure_loss_cathedral"]], np.int32)  # fmt: skip
        self.named_loss = int(c["failure_loss_named_extra"])
        self.no_die_base = np.array([c["no_die_base_district"], c["no_die_base_civic"], c["no_die_base_cathedral"]],
                                    np.int32)  # fmt: skip
        if not ((self.no_die_base >= 1) & (self.no_die_base + 3 <= 6)).all():
            raise ValueError("florenza: no-die base values must lie in 1..3 (base + incentive is a die face)")
        self.palazzo_pp, self.chiesa_influence = int(c["palazzo_complete_pp"]), int(c["chiesa_complete_influence"])
        self.bishop_min = int(c["bishop_min_influence"])
        self.cardinal_influence, self.cardinal_pp = int(c["cardinal_influence"]), int(c["cardinal_pp"])
        self.atrio_gold, self.atrio_price = int(c["atrio_gold"]), int(c["atrio_sell"])
        self.incentive_step = int(c["incentive_step"])
        self.end_captain, self.end_bishop = int(c["end_captain_vp"]), int(c["end_bishop_vp"])
        self.end_cubes, self.end_fiorini = int(c["end_cubes_per_vp"]), int(c["end_fiorini_per_vp"])
        self.end_empty, self.end_open_box = int(c["end_empty_space_loss"]), int(c["end_missing_district_artwork_loss"])
        self.end_no_palazzo, self.end_no_chiesa = int(c["end_no_palazzo_loss"]), int(c["end_no_chiesa_loss"])

    def _preacher(self, x: int, ch: dict, res: list[str]) -> None:
        self.ch_cost[x], self.ch_cost_fl[x] = _cost(res, ch.get("cost", {}))
        workers = ch["workers"]
        self.ch_workers[x, 1:] = workers if isinstance(workers, list) else [workers] * 6
        self.ch_gain[x], _ = _cost(res, ch.get("gain", {}))
        self.ch_pp[x], self.ch_inf[x] = ch.get("prestige", 0), ch.get("influence", 0)
