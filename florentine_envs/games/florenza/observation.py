"""The observation (SPEC §10): layout, bounds and the encoder."""

from __future__ import annotations

import numpy as np

from ...core.game import layout_from_sizes
from .constants import (
    CRESTS, DETAINED, EXPELLED, IN_BAG, IN_PLAY, NUM_BOXES, NUM_NAMED, NUM_PHASES, NUM_SLOTS_X, NUM_SPACES,
    ON_CARD, PH_CATHEDRAL_DIE, PH_CONVERT, PH_HIRE, PH_INCENTIVE, PH_MARKET, PH_OVER, PH_PREACHER, PH_SKILL,
    PH_TRADE_GIVE_1, PH_TRADE_GIVE_2, PH_TRADE_TAKE, ROUNDS, WORKERS,
)  # fmt: skip
from .tables import I_FIORINI, I_INFLUENCE, I_PRESTIGE

BOX_PHASES = (PH_HIRE, PH_SKILL, PH_INCENTIVE, PH_CATHEDRAL_DIE)
MARKET_PHASES = (PH_MARKET, PH_TRADE_GIVE_1, PH_TRADE_GIVE_2, PH_TRADE_TAKE)
PLAYER_FIELDS = ["money", "cubes", "track", "certificates", "influence", "avail", "pool", "detained", "at_work",
                 "market", "own_pulpit", "crests"]  # fmt: skip
PLAYER_SIZES = [1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]


class FlorenzaObservation:
    """Mixed into :class:`~.florenza.Florenza`."""

    def _build_layout(self) -> None:
        P, t = self.num_players, self.t
        self.player_block = sum(PLAYER_SIZES) + NUM_SPACES * (t.NW + 1 + P) + NUM_BOXES * 3
        sizes = [
            ("phase", NUM_PHASES), ("round", ROUNDS), ("to_move", P), ("captain", P), ("bishop", P),
            ("turn_position", P * P), ("income_resource", 6), ("dice", 6), ("pending_main", t.NM),
            ("pending_district", NUM_BOXES), ("pending_character", NUM_SLOTS_X), ("pending_skill", 3),
            ("pending_pulpit", 2), ("pending_workshop", t.NW), ("trade_given", 6), ("market_used", 3),
            ("bag", NUM_NAMED), ("char_life", NUM_NAMED), ("char_on_card", NUM_NAMED), ("char_detained", NUM_NAMED),
            ("char_expelled", NUM_NAMED), ("char_flipped", NUM_NAMED), ("unnamed_left", 4),
            ("workshop_supply", t.NW), ("main_crest", t.NM * P), ("main_worker", t.NM * P), ("main_artist", t.NM),
            ("cathedral_pulpit_used", 1), ("players", P * self.player_block),
        ]  # fmt: skip
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)

    def bound_constants(self) -> dict[str, int]:
        """The largest values the rules allow (SPEC §10 bounds)."""
        t, R, W = self.t, ROUNDS, WORKERS
        inc = t.art_income_kind
        art_fl = int(t.art_income_n[inc == I_FIORINI].sum())
        art_pp = int(t.art_income_n[inc == I_PRESTIGE].sum())
        art_inf = int(t.art_income_n[inc == I_INFLUENCE].sum())
        ws_fl = int((t.ws_qty * t.ws_inc_fl).sum())
        ws_pp = int((t.ws_qty * t.ws_inc_pp).sum())
        act_fl = max(int(t.ws_gain_fl.max()), t.sell_price, t.work_pay)
        money = t.start_money + R * (t.income_fl + t.die_fallback + t.atrio_price + art_fl + ws_fl + W * act_fl)
        cubes = 1 + R * (4 + W * max(2, int(t.ws_gain.max()), int(t.ch_gain.max())))
        artist_pp = int(max(t.die_pp.max(), t.mp_pp.max()))
        box_pp = int(max(t.art_pp.max(), t.box_pp.max()))
        per_worker = 1 + max(box_pp + artist_pp + 4, int(t.ws_build_pp.max()), int(t.ws_gain_pp.max()),
                             int(t.ch_pp.max()))  # fmt: skip
        gain = R * (art_pp + ws_pp + 5 + W * per_worker)
        loss = R * W * (4 + max(0, -int(t.ch_pp.min()), -int(t.die_pp.min()))) + 3
        box_inf = int(max(t.art_inf.max(), t.box_inf.max()))
        inf = R * (art_inf + W * max(box_inf + 4, int(t.ws_gain_inf.max()), int(t.ch_inf.max())))
        return {"money": money, "cubes": cubes, "pp_gain": gain, "pp_loss": loss, "influence": max(inf, 1)}

    def obs_field_bounds(self):
        P, t = self.num_players, self.t
        b = self.bound_constants()
        flag = (0.0, 1.0)
        out = {f: flag for f in self.obs_layout}
        out.update(dice=(0, 2), trade_given=(0, 2), char_life=(0, 7), unnamed_left=(0, 2),
                   workshop_supply=(0, np.maximum(t.ws_qty, 1)), main_artist=(0, NUM_SLOTS_X))  # fmt: skip
        low = [0, 0, -b["pp_loss"], -b["pp_loss"], 0, 0, 0, 0, 0, 0, 0, 0]
        high = [b["money"], b["cubes"], b["pp_gain"], b["pp_gain"], b["influence"], WORKERS, WORKERS, 1, WORKERS, 1,
                1, CRESTS]  # fmt: skip
        lo_block, hi_block = [], []
        for lo, hi, size in zip(low, high, PLAYER_SIZES):
            lo_block += [lo] * size
            hi_block += [hi] * size
        space = NUM_SPACES * (t.NW + 1 + P)
        lo_block += [0] * (space + NUM_BOXES * 3)
        hi_block += [1] * space + [1, 1, NUM_SLOTS_X] * NUM_BOXES
        out["players"] = (np.tile(lo_block, P), np.tile(hi_block, P))
        return out

    def observe(self, state, players, out=None):
        B = state.batch_size
        players = np.broadcast_to(np.asarray(players), (B,))
        if out is None:
            out = np.zeros((B, self.obs_size), np.float32)
        else:
            out[:] = 0
        for g in range(B):
            self._observe_one(state, g, int(players[g]), out[g])
        return out

    def _observe_one(self, st, g, o, row) -> None:
        P, t, L = self.num_players, self.t, self.obs_layout
        rel = (np.arange(P) + o) % P  # rel[j] = the seat at relative position j

        def put(field, values):
            row[L[field]] = np.ravel(values)

        def one_hot_seat(field, seat):
            if seat >= 0:
                row[L[field].start + (seat - o) % P] = 1

        phase = int(st.phase[g])
        row[L["phase"].start + phase] = 1
        row[L["round"].start + int(st.round[g]) - 1] = 1
        if phase != PH_OVER:
            one_hot_seat("to_move", int(st.current_player[g]))
        one_hot_seat("captain", int(st.captain[g]))
        one_hot_seat("bishop", int(st.bishop[g]))
        order = self.players_in_order(st, g)
        tp = np.zeros((P, P))
        for j in range(P):
            tp[j, order.index(int(rel[j]))] = 1
        put("turn_position", tp)
        if st.income_res[g] >= 0:
            row[L["income_resource"].start + int(st.income_res[g])] = 1
        if phase == PH_CATHEDRAL_DIE:
            for v in st.dice[g]:
                row[L["dice"].start + int(v) - 1] += 1
        box = int(st.pend_box[g])
        if phase in BOX_PHASES and box >= 0:
            if box < NUM_BOXES:
                row[L["pending_district"].start + box] = 1
            else:
                row[L["pending_main"].start + box - NUM_BOXES] = 1
            if phase != PH_HIRE:
                row[L["pending_character"].start + self.box_artist_of(st, g, int(st.current_player[g]), box)] = 1
            if phase in (PH_INCENTIVE, PH_CATHEDRAL_DIE):
                row[L["pending_skill"].start + int(st.pend_skill[g])] = 1
        if phase == PH_PREACHER:
            row[L["pending_pulpit"].start + int(st.pend_pulpit[g])] = 1
        if phase == PH_CONVERT:
            row[L["pending_workshop"].start + int(st.pend_ws[g])] = 1
        if phase in (PH_TRADE_GIVE_2, PH_TRADE_TAKE):
            put("trade_given", st.trade_given[g])
        if phase in MARKET_PHASES:
            put("market_used", st.market_used[g])
        cs, where = st.char_state[g], st.char_where[g]
        in_play = cs == IN_PLAY
        put("bag", cs == IN_BAG)
        put("char_life", st.life[g])
        put("char_on_card", in_play & (where == ON_CARD))
        put("char_detained", in_play & (where == DETAINED))
        put("char_expelled", in_play & (where == EXPELLED))
        put("char_flipped", st.flipped[g])
        put("unnamed_left", st.unnamed_left[g])
        put("workshop_supply", st.ws_supply[g])
        crest = st.main_crest[g].astype(np.int64)
        worker = st.main_worker[g].astype(np.int64)
        put("main_crest", (crest[:, None] >= 0) & (crest[:, None] == rel[None, :]))
        put("main_worker", (worker[:, None] >= 0) & (worker[:, None] == rel[None, :]))
        put("main_artist", st.main_artist[g].astype(np.int64) + 1)
        row[L["cathedral_pulpit_used"].start] = st.cath_pulpit[g] >= 0
        start = L["players"].start
        for j in range(P):
            q = int(rel[j])
            self._player_block(st, g, q, o, row[start + j * self.player_block : start + (j + 1) * self.player_block])

    def _player_block(self, st, g, q, o, out) -> None:
        P, t = self.num_players, self.t
        head = [st.money[g, q], *st.res[g, q], st.track[g, q], st.certs[g, q], st.influence[g, q], st.avail[g, q],
                st.pool[g, q], st.detained[g, q], st.at_work[g, q], st.market_worker[g, q], st.pulpit_own[g, q],
                st.crests[g, q]]  # fmt: skip
        n = len(head)
        out[:n] = head
        width = t.NW + 1 + P
        spaces = np.zeros((NUM_SPACES, width), np.float32)
        for s in range(NUM_SPACES):
            w = int(st.space_type[g, q, s])
            if w >= 0:
                spaces[s, w] = 1
                spaces[s, t.NW] = st.space_built[g, q, s]
            u = int(st.space_worker[g, q, s])
            if u >= 0:
                spaces[s, t.NW + 1 + (u - o) % P] = 1
        out[n : n + spaces.size] = spaces.ravel()
        n += spaces.size
        boxes = np.stack([st.box_crest[g, q], st.box_worker[g, q], st.box_artist[g, q].astype(np.int64) + 1], 1)
        out[n : n + boxes.size] = boxes.ravel()
