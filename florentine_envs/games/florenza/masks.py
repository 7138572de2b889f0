"""Legal actions of the pending decision of one game (SPEC §6), written into its mask row."""

from __future__ import annotations

import numpy as np

from .constants import (
    DETAINED,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    ON_CARD,
    PH_ARTWORK,
    PH_ATRIO,
    PH_BISHOP,
    PH_CAPTAIN,
    PH_CATHEDRAL_DIE,
    PH_CONVERT,
    PH_HIRE,
    PH_INCENTIVE,
    PH_MARKET,
    PH_PLACE,
    PH_PREACHER,
    PH_SKILL,
    PH_START_PICK,
    PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2,
    PH_TRADE_TAKE,
    UNNAMED_PREACHER,
)  # fmt: skip


class MaskMixin:
    """``refresh_mask(st, g)``; mixed into :class:`~.florenza.Florenza`."""

    def _refresh_mask(self, st, games: np.ndarray) -> None:
        """The core's hook (``from_json`` compares a saved mask): :meth:`refresh_mask` of each game."""
        for g in games.tolist():
            self.refresh_mask(st, g)

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
            # the artist and the artwork are already paid: the incentive comes from what is left
            row[ids.incentive : ids.incentive + 4] = st.money[g, p] >= t.incentive_step * np.arange(4)
        elif phase == PH_CATHEDRAL_DIE:
            row[ids.die + st.dice[g].astype(np.int64) - 1] = True
        elif phase == PH_ARTWORK:
            # the boxes of the zone being completed (box id = action - hire_district: HIRE_MAIN follows the 8)
            row[ids.hire_district + np.array(self._zone_boxes(st, g, p))] = True

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
        out[x] = (st.unnamed_left[g, 3] >= 1 and st.money[g, p] >= t.ch_cost_fl[x]
                  and (st.res[g, p] >= t.ch_cost[x]).all())  # fmt: skip
        return out

    def _build_mask_tables(self) -> None:
        """Constant arrays of the mask code, built once (the hot path reads them every step)."""
        t = self.t
        # workshop type -> occupiable, with index -1 (an empty space) reading False
        self.occupiable_or_empty = np.append(t.ws_occupiable, False)  # bool[NW + 1]
        self.named_skills = t.skills[:NUM_NAMED].astype(np.int32)  # int32[40, 3]
        self.preachers = np.flatnonzero(t.is_preacher)  # int[K] the named preachers' character slots
        self.box_skills_t = t.box_skills.T.astype(np.int32)  # int32[3, 8]
        self.art_skills_t = t.art_skills.T.astype(np.int32)  # int32[3, NM]
        # which boxes a set of available skills fits, by the set's bits (skill k -> 1 << k)
        combos = (np.arange(8)[:, None] >> np.arange(3)) & 1  # int[8, 3]
        self.box_fits = combos @ self.box_skills_t > 0  # bool[8, 8]
        self.art_fits = combos @ self.art_skills_t > 0  # bool[8, NM]

    def _place_mask(self, st, g, p, row) -> None:
        """:meth:`place_masks` of one game into its (cleared) mask row, with basic indexing on the
        game's rows (the B=1 and AEC path: far fewer numpy calls; tests hold the two equal)."""
        ids, t, P = self.ids, self.t, self.num_players
        types = st.space_type[g]  # [P, 8]
        ok = st.space_built[g] & (st.space_worker[g] < 0) & self.occupiable_or_empty[types]
        if st.track[g, p] > t.fee_floor:
            row[: 8 * P] = ok[self.seats_from[p]].reshape(-1)
        else:  # no fee from the -3 space (or below): own workshops only
            row[:8] = ok[p]
        if (types[p] < 0).any():
            row[ids.build : ids.build + t.NW] = st.ws_supply[g] >= 1
        # artworks (D10: a crest must be left for each); an artist fits a box sharing a skill
        main_worker = st.main_worker[g]
        box_worker = st.box_worker[g, p]
        if int(st.crests[g, p]) - int(box_worker.sum()) - int((main_worker == p).sum()) >= 1:
            where = st.char_where[g]
            free = where == ON_CARD
            if st.captain[g] == p:
                free |= where == DETAINED  # D13
            named = (st.char_state[g] == IN_PLAY) & free & t.is_artist
            skills = (named @ self.named_skills > 0) | (st.unnamed_left[g, :3] >= 1)
            bits = int(skills[0]) | int(skills[1]) << 1 | int(skills[2]) << 2
            open_boxes = ~st.box_crest[g, p] & ~box_worker
            row[ids.hire_district : ids.hire_district + NUM_BOXES] = open_boxes & self.box_fits[bits]
            row[ids.hire_main : ids.hire_main + t.NM] = (st.main_crest[g] < 0) & (main_worker < 0) & self.art_fits[bits]
        row[ids.market] = not st.market_worker[g, p]
        if self._givable_any_one(st, g, p):
            row[ids.charity_own] = not st.pulpit_own[g, p]
            row[ids.charity_cathedral] = st.main_crest[g, t.pulpit] >= 0 and st.cath_pulpit[g] < 0
        row[ids.work] = True

    def _givable_any_one(self, st, g, p) -> bool:
        """:meth:`givable_any` of one game: the unnamed preacher first (checked in scalars)."""
        t, x = self.t, UNNAMED_PREACHER
        res, money = st.res[g, p], st.money[g, p]
        if st.unnamed_left[g, 3] >= 1 and money >= t.ch_cost_fl[x] and (res >= t.ch_cost[x]).all():
            return True
        named = (st.char_state[g] == IN_PLAY) & (st.char_where[g] == ON_CARD) & t.is_preacher
        if not named.any():
            return False
        named &= (res >= t.ch_cost[:NUM_NAMED]).all(1) & (money >= t.ch_cost_fl[:NUM_NAMED])
        return bool(named.any())

    def place_masks(self, st, G: np.ndarray, p: np.ndarray) -> np.ndarray:
        """bool[n, A]: the PLACE masks of games ``G`` (int[n]) for players ``p`` (int[n]), batched
        (SPEC §6.2; the phase of every other decision is rarer and masked one game at a time)."""
        ids, t, P = self.ids, self.t, self.num_players
        n = G.size
        mask = np.zeros((n, self.num_actions), bool)
        owners = (p[:, None] + np.arange(P)) % P  # [n, P] owner at relative seat j
        Gc = G[:, None]
        types = st.space_type[Gc, owners]  # [n, P, 8]
        ok = (types >= 0) & st.space_built[Gc, owners] & (st.space_worker[Gc, owners] < 0)
        ok &= t.ws_occupiable[np.maximum(types, 0)]
        ok[:, 1:] &= (st.track[G, p] > t.fee_floor)[:, None, None]  # no fee from the -3 space (or below)
        mask[:, : 8 * P] = ok.reshape(n, 8 * P)
        empty = (st.space_type[G, p] < 0).any(1)
        mask[:, ids.build : ids.build + t.NW] = (st.ws_supply[G] >= 1) & empty[:, None]
        # artworks (D10: a crest must be left for each): a box is open when one of its skills has a
        # hireable artist, named or unnamed (an artist fits a box when they share a skill)
        crests_free = st.crests[G, p] - st.box_worker[G, p].sum(1) - (st.main_worker[G] == p[:, None]).sum(1)
        where = st.char_where[G]
        free = (where == ON_CARD) | ((where == DETAINED) & (st.captain[G] == p)[:, None])  # D13
        named = (st.char_state[G] == IN_PLAY) & free & t.is_artist  # [n, 40]
        skill_ok = (named.astype(np.int32) @ self.named_skills > 0) | (st.unnamed_left[G, :3] >= 1)
        has_crest = (crests_free >= 1)[:, None]
        open_boxes = ~st.box_crest[G, p] & ~st.box_worker[G, p] & has_crest
        fits = skill_ok.astype(np.int32)
        mask[:, ids.hire_district : ids.hire_district + NUM_BOXES] = open_boxes & (fits @ self.box_skills_t > 0)
        open_main = (st.main_crest[G] < 0) & (st.main_worker[G] < 0) & has_crest
        mask[:, ids.hire_main : ids.hire_main + t.NM] = open_main & (fits @ self.art_skills_t > 0)
        mask[:, ids.market] = ~st.market_worker[G, p]
        givable = self.givable_any(st, G, p)
        mask[:, ids.charity_own] = givable & ~st.pulpit_own[G, p]
        mask[:, ids.charity_cathedral] = givable & (st.main_crest[G, t.pulpit] >= 0) & (st.cath_pulpit[G] < 0)
        mask[:, ids.work] = True
        return mask

    def givable_any(self, st, G, p) -> np.ndarray:
        """bool[n]: some preacher may be given charity by ``p`` in games ``G`` (batched givable)."""
        t, c = self.t, self.preachers  # only the named preachers' columns
        res, money = st.res[G, p], st.money[G, p]  # [n, 6], [n]
        named = (st.char_state[G][:, c] == IN_PLAY) & (st.char_where[G][:, c] == ON_CARD)  # [n, preachers]
        named &= (res[:, None, :] >= t.ch_cost[c]).all(2) & (money[:, None] >= t.ch_cost_fl[c])
        x = UNNAMED_PREACHER
        unnamed = (st.unnamed_left[G, 3] >= 1) & (money >= t.ch_cost_fl[x]) & (res >= t.ch_cost[x]).all(1)
        return named.any(1) | unnamed
