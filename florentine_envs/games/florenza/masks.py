"""Legal actions of the pending decision of one game (SPEC §6), written into its mask row."""

from __future__ import annotations

import numpy as np

from .constants import (
    DETAINED, IN_PLAY, NUM_BOXES, NUM_NAMED, ON_CARD, PH_ATRIO, PH_BISHOP, PH_CAPTAIN, PH_CATHEDRAL_DIE,
    PH_CONVERT, PH_HIRE, PH_INCENTIVE, PH_MARKET, PH_PLACE, PH_PREACHER, PH_SKILL, PH_START_PICK, PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2, PH_TRADE_TAKE, UNNAMED_PREACHER,
)  # fmt: skip


class MaskMixin:
    """``refresh_mask(st, g)``; mixed into :class:`~.florenza.Florenza`."""

    def refresh_mask(self, st, g) -> None:
        row = st.legal_action_mask[g]
        row[:] = False
        ids, t, P = self.ids, self.t, self.num_players
        p, phase = int(st.current_player[g]), int(st.phase[g])
        if phase == PH_START_PICK:
            picked = np.zeros(t.NW, bool)
            for q in range(P):
                types = st.space_type[g, q]
                picked[types[types >= 0]] = True
            row[ids.build + t.start_types] = ~picked[t.start_types]
        elif phase == PH_ATRIO:
            row[ids.atrio_gold] = True
            row[ids.atrio_sell] = st.res[g, p, t.gold] >= 1
        elif phase in (PH_CAPTAIN, PH_BISHOP):
            row[ids.pass_] = True
            opponents = (p + np.arange(1, P)) % P
            targets = st.avail[g, opponents] >= 1
            if phase == PH_CAPTAIN and self.two_player_rule and st.bishop[g] == p:
                targets[:] = False  # the official 2-player variant: only an artist
            row[ids.target : ids.target + P - 1] = targets
            kind = t.is_artist if phase == PH_CAPTAIN else t.is_preacher
            on_card = (st.char_state[g] == IN_PLAY) & (st.char_where[g] == ON_CARD) & kind
            row[ids.character : ids.character + NUM_NAMED] = on_card
        elif phase == PH_PLACE:
            self._place_mask(st, g, p, row)
        elif phase == PH_HIRE:
            box = int(st.pend_box[g])
            skills = t.box_skills[box] if box < NUM_BOXES else t.art_skills[box - NUM_BOXES]
            row[ids.character : ids.character + NUM_NAMED + 4] = self.hireable(st, g, p, skills)
        elif phase == PH_PREACHER:
            row[ids.character : ids.character + NUM_NAMED + 4] = self.givable(st, g, p)
        elif phase == PH_MARKET:
            used = st.market_used[g]
            row[ids.pass_] = True
            if not used[0]:
                row[ids.sell : ids.sell + 6] = st.res[g, p] >= 1
            if not used[1] and st.money[g, p] >= t.buy_price:
                row[ids.buy : ids.buy + 6] = True
            row[ids.trade] = not used[2] and st.res[g, p].sum() >= 2
        elif phase == PH_TRADE_GIVE_1:
            res = st.res[g, p]
            later = np.cumsum(res[::-1])[::-1] - res  # cubes of higher-index resources
            row[ids.resource : ids.resource + 6] = (res >= 2) | ((res >= 1) & (later >= 1))
        elif phase == PH_TRADE_GIVE_2:
            first = int(np.flatnonzero(st.trade_given[g])[0])
            ok = st.res[g, p] >= 1
            ok[:first] = False
            row[ids.resource : ids.resource + 6] = ok
        elif phase == PH_TRADE_TAKE:
            row[ids.resource : ids.resource + 6] = st.trade_given[g] == 0
        elif phase == PH_CONVERT:
            row[ids.accept] = row[ids.pass_] = True
        elif phase == PH_SKILL:
            row[ids.skill : ids.skill + 3] = self.payable_skills(st, g, p, int(st.pend_box[g]))
        elif phase == PH_INCENTIVE:
            box, k = int(st.pend_box[g]), int(st.pend_skill[g])
            cubes, fl, _, _, _, _ = self.box_info(box)
            x = self.box_artist_of(st, g, p, box)
            need = fl + int(t.hire_cost[x, k])
            room = int(st.money[g, p]) - need
            row[ids.incentive : ids.incentive + 4] = room >= t.incentive_step * np.arange(4)
        elif phase == PH_CATHEDRAL_DIE:
            row[ids.die + st.dice[g].astype(np.int64) - 1] = True

    def hireable(self, st, g, p, skills) -> np.ndarray:
        """bool[44]: character slots p may hire now for a box needing ``skills`` (bool[3])."""
        t = self.t
        where = st.char_where[g]
        free = (where == ON_CARD) | ((where == DETAINED) & (st.captain[g] == p))  # D13
        named = (st.char_state[g] == IN_PLAY) & free & t.is_artist & (t.skills[:NUM_NAMED] & skills).any(1)
        unnamed = (st.unnamed_left[g, :3] >= 1) & skills
        return np.concatenate([named, unnamed, [False]])

    def givable(self, st, g, p) -> np.ndarray:
        """bool[44]: preachers p may give charity to now (D18, D24)."""
        t = self.t
        named = (st.char_state[g] == IN_PLAY) & (st.char_where[g] == ON_CARD) & t.is_preacher
        named &= (st.res[g, p] >= t.ch_cost[:NUM_NAMED]).all(1) & (st.money[g, p] >= t.ch_cost_fl[:NUM_NAMED])
        out = np.zeros(NUM_NAMED + 4, bool)
        out[:NUM_NAMED] = named
        x = UNNAMED_PREACHER
        out[x] = st.unnamed_left[g, 3] >= 1 and st.money[g, p] >= t.ch_cost_fl[x] and (st.res[g, p] >= t.ch_cost[x]).all()
        return out

    def _place_mask(self, st, g, p, row) -> None:
        ids, t, P = self.ids, self.t, self.num_players
        owners = (p + np.arange(P)) % P
        types = st.space_type[g, owners]  # [P, 8]
        ok = (types >= 0) & st.space_built[g, owners] & (st.space_worker[g, owners] < 0)
        ok &= t.ws_occupiable[np.maximum(types, 0)]
        if st.track[g, p] <= -3:  # the fee cannot be paid from the -3 space
            ok[1:] = False
        row[: 8 * P] = ok.ravel()
        if (st.space_type[g, p] < 0).any():
            row[ids.build : ids.build + t.NW] = st.ws_supply[g] >= 1
        crests_free = int(st.crests[g, p]) - int(st.box_worker[g, p].sum()) - int((st.main_worker[g] == p).sum())
        if crests_free >= 1:  # D10
            # an artist fits a box when they share a skill: a box is open when one of its skills
            # has a hireable artist (named or unnamed)
            hireable = self.hireable(st, g, p, np.ones(3, bool))
            skill_ok = (t.skills[hireable]).any(0)  # bool[3]
            open_boxes = ~st.box_crest[g, p] & ~st.box_worker[g, p]
            row[ids.hire_district : ids.hire_district + NUM_BOXES] = open_boxes & (t.box_skills & skill_ok).any(1)
            open_main = (st.main_crest[g] < 0) & (st.main_worker[g] < 0)
            row[ids.hire_main : ids.hire_main + t.NM] = open_main & (t.art_skills & skill_ok).any(1)
        row[ids.market] = not st.market_worker[g, p]
        givable = self.givable(st, g, p).any()
        row[ids.charity_own] = givable and not st.pulpit_own[g, p]
        row[ids.charity_cathedral] = givable and st.main_crest[g, t.pulpit] >= 0 and st.cath_pulpit[g] < 0
        row[ids.work] = True

