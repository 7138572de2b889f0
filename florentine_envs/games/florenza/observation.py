"""The observation (SPEC §10): layout, bounds and the encoder."""

from __future__ import annotations

import numpy as np

from ...core.game import layout_from_sizes
from .constants import (
    CRESTS,
    DETAINED,
    EXPELLED,
    IN_BAG,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_PHASES,
    NUM_SLOTS_X,
    NUM_SPACES,
    ON_CARD,
    PH_CATHEDRAL_DIE,
    PH_CONVERT,
    PH_HIRE,
    PH_INCENTIVE,
    PH_MARKET,
    PH_OVER,
    PH_PREACHER,
    PH_SKILL,
    PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2,
    PH_TRADE_TAKE,
    ROUNDS,
    WORKERS,
)  # fmt: skip
from .tables import I_FIORINI, I_INFLUENCE, I_PRESTIGE

BOX_PHASES = (PH_HIRE, PH_SKILL, PH_INCENTIVE, PH_CATHEDRAL_DIE)
MARKET_PHASES = (PH_MARKET, PH_TRADE_GIVE_1, PH_TRADE_GIVE_2, PH_TRADE_TAKE)
IS_BOX_PHASE = np.isin(np.arange(NUM_PHASES), BOX_PHASES)  # bool[phase]
IS_MARKET_PHASE = np.isin(np.arange(NUM_PHASES), MARKET_PHASES)
CHAR_FLAG_ROWS = np.array([0, 2, 3, 4])  # bag, on card, detained, expelled among the six character fields
PLAYER_FIELDS = ["money", "cubes", "track", "certificates", "influence", "avail", "pool", "detained", "at_work",
                 "market", "own_pulpit", "own_preacher", "crests"]  # fmt: skip
PLAYER_SIZES = [1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]


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
            ("cathedral_pulpit", P), ("cathedral_preacher", 1), ("players", P * self.player_block),
        ]  # fmt: skip
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)
        self._build_one_game_tables()

    def bound_constants(self, rounds: int = ROUNDS) -> dict[str, int]:
        """The largest values the rules allow (SPEC §10 bounds) after ``rounds`` rounds begun
        (the whole game by default): each term is the most one round can give or take, times the rounds."""
        t, R, W = self.t, rounds, WORKERS
        inc = t.art_income_kind
        art_fl = int(t.art_income_n[inc == I_FIORINI].sum())
        art_pp = int(t.art_income_n[inc == I_PRESTIGE].sum())
        art_inf = int(t.art_income_n[inc == I_INFLUENCE].sum())
        ws_fl = int((t.ws_qty * t.ws_inc_fl).sum())
        ws_pp = int((t.ws_qty * t.ws_inc_pp).sum())
        act_fl = max(int(t.ws_gain_fl.max()), t.sell_price, t.work_pay)
        money = t.start_money + R * (t.income_fl + t.die_fallback + t.atrio_price + art_fl + ws_fl + W * act_fl)
        cubes = t.start_cubes + R * (t.income_marble + t.income_wood + 1 + t.atrio_gold
                                     + W * max(2, int(t.ws_gain.max()), int(t.ch_gain.max())))
        artist_pp = int(max(t.die_pp.max(), t.mp_pp.max()))
        box_pp = int(max(t.art_pp.max(), t.box_pp.max()))
        per_worker = t.fee + max(box_pp + artist_pp + t.palazzo_pp, int(t.ws_build_pp.max()), int(t.ws_gain_pp.max()),
                             int(t.ch_pp.max()))  # fmt: skip
        gain = R * (art_pp + ws_pp + t.cardinal_pp + W * per_worker)
        worst = int(t.failure_loss.max()) + t.named_loss + t.fee + t.build_loss
        loss = R * W * (worst + max(0, -int(t.ch_pp.min()), -int(t.die_pp.min()))) - t.fee_floor
        box_inf = int(max(t.art_inf.max(), t.box_inf.max()))
        inf = R * (art_inf + W * max(box_inf + t.chiesa_influence, int(t.ws_gain_inf.max()), int(t.ch_inf.max())))
        return {"money": money, "cubes": cubes, "pp_gain": gain, "pp_loss": loss, "influence": max(inf, 1)}

    def obs_field_bounds(self):
        P, t = self.num_players, self.t
        b = self.bound_constants()
        flag = (0.0, 1.0)
        out = {f: flag for f in self.obs_layout}
        out.update(dice=(0, 2), trade_given=(0, 2), char_life=(0, 7), unnamed_left=(0, 2),
                   workshop_supply=(0, np.maximum(t.ws_qty, 1)), main_artist=(0, NUM_SLOTS_X),
                   cathedral_preacher=(0, NUM_SLOTS_X))  # fmt: skip
        low = [0, 0, -b["pp_loss"], -b["pp_loss"], 0, 0, 0, 0, 0, 0, 0, 0, 0]
        high = [b["money"], b["cubes"], b["pp_gain"], b["pp_gain"], b["influence"], WORKERS, WORKERS, 1, WORKERS, 1,
                1, NUM_SLOTS_X, CRESTS]  # fmt: skip
        lo_block, hi_block = [], []
        for lo, hi, size in zip(low, high, PLAYER_SIZES):
            lo_block += [lo] * size
            hi_block += [hi] * size
        space = NUM_SPACES * (t.NW + 1 + P)
        lo_block += [0] * (space + NUM_BOXES * 3)
        hi_block += [1] * space + [1, 1, NUM_SLOTS_X] * NUM_BOXES
        out["players"] = (np.tile(lo_block, P), np.tile(hi_block, P))
        return out

    def _observe(self, state, players, out=None):
        """float32[B, obs_size] (SPEC §10), vectorised over the batch."""
        st, P, t, L = state, self.num_players, self.t, self.obs_layout
        B = st.batch_size
        o = np.broadcast_to(np.asarray(players, np.int64), (B,))
        if out is None:
            out = np.zeros((B, self.obs_size), np.float32)
        else:
            out[:] = 0
        if B == 1:
            self._observe_one(st, 0, int(o[0]), out[0])
            return out
        rows = np.arange(B)
        rel = (o[:, None] + np.arange(P)) % P  # [B, P] seat at relative position j
        phase = st.phase.astype(np.int64)
        cp = st.current_player.astype(np.int64)
        out[rows, L["phase"].start + phase] = 1
        out[rows, L["round"].start + st.round.astype(np.int64) - 1] = 1
        live = phase != PH_OVER
        out[rows[live], L["to_move"].start + (cp[live] - o[live]) % P] = 1
        for field, seat in (("captain", st.captain), ("bishop", st.bishop)):
            has = seat >= 0
            out[rows[has], L[field].start + (seat[has].astype(np.int64) - o[has]) % P] = 1
        # the player order: the only repeated slot is a double office holder's first two
        double = st.nslots == P + 1
        distinct = np.where(double[:, None], np.concatenate([st.order[:, :1], st.order[:, 2 : P + 1]], 1),
                            st.order[:, :P]).astype(np.int64)  # fmt: skip
        position = np.empty((B, P), np.int64)
        position[rows[:, None], distinct] = np.arange(P)
        pos_rel = position[rows[:, None], rel]  # [B, P]
        out[rows[:, None], L["turn_position"].start + np.arange(P) * P + pos_rel] = 1
        has = st.income_res >= 0
        out[rows[has], L["income_resource"].start + st.income_res[has].astype(np.int64)] = 1
        die = np.flatnonzero(phase == PH_CATHEDRAL_DIE)
        for k in range(2):
            np.add.at(out, (die, L["dice"].start + st.dice[die, k].astype(np.int64) - 1), 1)
        box = st.pend_box.astype(np.int64)
        boxed = IS_BOX_PHASE[phase] & (box >= 0)
        dist, main = boxed & (box < NUM_BOXES), boxed & (box >= NUM_BOXES)
        out[rows[dist], L["pending_district"].start + box[dist]] = 1
        out[rows[main], L["pending_main"].start + box[main] - NUM_BOXES] = 1
        chosen = boxed & (phase != PH_HIRE)
        artist = np.where(box < NUM_BOXES, st.box_artist[rows, cp, np.clip(box, 0, NUM_BOXES - 1)],
                          st.main_artist[rows, np.clip(box - NUM_BOXES, 0, t.NM - 1)]).astype(np.int64)  # fmt: skip
        out[rows[chosen], L["pending_character"].start + artist[chosen]] = 1
        skill = (phase == PH_INCENTIVE) | (phase == PH_CATHEDRAL_DIE)
        out[rows[skill], L["pending_skill"].start + st.pend_skill[skill].astype(np.int64)] = 1
        pulpit = phase == PH_PREACHER
        out[rows[pulpit], L["pending_pulpit"].start + st.pend_pulpit[pulpit].astype(np.int64)] = 1
        conv = phase == PH_CONVERT
        out[rows[conv], L["pending_workshop"].start + st.pend_ws[conv].astype(np.int64)] = 1
        given = ((phase == PH_TRADE_GIVE_2) | (phase == PH_TRADE_TAKE))[:, None]
        out[:, L["trade_given"]] = np.where(given, st.trade_given, 0)
        out[:, L["market_used"]] = np.where(IS_MARKET_PHASE[phase][:, None], st.market_used, 0)
        cs, where = st.char_state, st.char_where
        in_play = cs == IN_PLAY
        out[:, L["bag"]] = cs == IN_BAG
        out[:, L["char_life"]] = st.life
        out[:, L["char_on_card"]] = in_play & (where == ON_CARD)
        out[:, L["char_detained"]] = in_play & (where == DETAINED)
        out[:, L["char_expelled"]] = in_play & (where == EXPELLED)
        out[:, L["char_flipped"]] = st.flipped
        out[:, L["unnamed_left"]] = st.unnamed_left
        out[:, L["workshop_supply"]] = st.ws_supply
        for field, seat in (("main_crest", st.main_crest), ("main_worker", st.main_worker)):
            seat = seat.astype(np.int64)[:, :, None]
            out[:, L[field]] = ((seat >= 0) & (seat == rel[:, None, :])).reshape(B, -1)
        out[:, L["main_artist"]] = st.main_artist.astype(np.int64) + 1
        cath = st.cath_pulpit >= 0
        out[rows[cath], L["cathedral_pulpit"].start + (st.cath_pulpit[cath].astype(np.int64) - o[cath]) % P] = 1
        out[:, L["cathedral_preacher"].start] = st.cath_preacher.astype(np.int64) + 1
        out[:, L["players"]] = self._player_blocks(st, rel, o).reshape(B, -1)
        return out

    def _build_one_game_tables(self) -> None:
        """Lookup tables of :meth:`_observe_one`: one-hot rows gathered by a state value, so that one
        game's view takes a few gathers instead of a comparison per field."""
        P, NW = self.num_players, self.t.NW
        # [o, s, j]: seat s (index -1: nobody, all zeros) one-hot at its position j relative to o
        seat_onehot = np.zeros((P, P + 1, P), np.float32)
        for o in range(P):
            seat_onehot[o, np.arange(P), (np.arange(P) - o) % P] = 1
        self.seat_onehot = seat_onehot
        # [built, type] -> the space's kind one-hot and built flag (type -1: an empty space, zeros)
        space_code = np.zeros((2, NW + 1, NW + 1), np.float32)
        space_code[:, np.arange(NW), np.arange(NW)] = 1
        space_code[1, :NW, NW] = 1
        self.space_code = space_code
        # [char_state, char_where] -> bag, on card, detained, expelled (the flags of the character fields)
        char_flags = np.zeros((3, 5, 4), np.float32)
        char_flags[IN_BAG, :, 0] = 1
        char_flags[IN_PLAY, ON_CARD, 1] = char_flags[IN_PLAY, DETAINED, 2] = char_flags[IN_PLAY, EXPELLED, 3] = 1
        self.char_flags = char_flags

    def _observe_one(self, st, g, o, row) -> None:
        """:meth:`observe` of one game into ``row`` (cleared) (the AEC env's path: Python scalars and
        table lookups where the batched code builds index arrays; tests hold the two equal)."""
        P, L = self.num_players, self.obs_layout
        rel = self.seats_from[o]  # rel[j] = the seat at relative position j
        seat_onehot = self.seat_onehot[o]

        phase = int(st.phase[g])
        row[L["phase"].start + phase] = 1
        row[L["round"].start + int(st.round[g]) - 1] = 1
        if phase != PH_OVER:
            row[L["to_move"].start + (int(st.current_player[g]) - o) % P] = 1
        for field, seat in (("captain", int(st.captain[g])), ("bishop", int(st.bishop[g]))):
            if seat >= 0:
                row[L[field].start + (seat - o) % P] = 1
        order = self.players_in_order(st, g)
        start = L["turn_position"].start
        for j in range(P):
            row[start + j * P + order.index((o + j) % P)] = 1
        if st.income_res[g] >= 0:
            row[L["income_resource"].start + int(st.income_res[g])] = 1
        if phase == PH_CATHEDRAL_DIE:
            for v in st.dice[g].tolist():
                row[L["dice"].start + v - 1] += 1
        box = int(st.pend_box[g])
        if IS_BOX_PHASE[phase] and box >= 0:
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
            row[L["trade_given"]] = st.trade_given[g]
        if IS_MARKET_PHASE[phase]:
            row[L["market_used"]] = st.market_used[g]
        # bag, life, on card, detained, expelled, flipped: six consecutive fields of 40
        chars = row[L["bag"].start : L["char_flipped"].stop].reshape(6, NUM_NAMED)
        chars[CHAR_FLAG_ROWS] = self.char_flags[st.char_state[g], st.char_where[g]].T
        chars[1] = st.life[g]
        chars[5] = st.flipped[g]
        row[L["unnamed_left"]] = st.unnamed_left[g]
        row[L["workshop_supply"]] = st.ws_supply[g]
        row[L["main_crest"]] = seat_onehot[st.main_crest[g]].reshape(-1)
        row[L["main_worker"]] = seat_onehot[st.main_worker[g]].reshape(-1)
        row[L["main_artist"]] = st.main_artist[g] + 1  # int8: at most 44
        row[L["cathedral_pulpit"]] = seat_onehot[st.cath_pulpit[g]]
        row[L["cathedral_preacher"].start] = st.cath_preacher[g] + 1  # int8: at most 44
        self._player_blocks_one(st, g, o, rel, row[L["players"]].reshape(P, self.player_block))

    def _player_blocks_one(self, st, g, o, rel, blocks) -> None:
        """:meth:`_player_blocks` of one game into ``blocks`` (float32[P, player_block], a view)."""
        P, NW = self.num_players, self.t.NW
        # [P, 18] per seat: money, cubes, track, certificates, ... crests (PLAYER_FIELDS)
        head = np.concatenate(
            [st.money[g, :, None], st.res[g], st.track[g, :, None], st.certs[g, :, None], st.influence[g, :, None],
             st.avail[g, :, None], st.pool[g, :, None], st.detained[g, :, None], st.at_work[g, :, None],
             st.market_worker[g, :, None], st.pulpit_own[g, :, None], st.own_preacher[g, :, None] + 1,
             st.crests[g, :, None]], 1)  # fmt: skip
        n_head = head.shape[1]
        blocks[:, :n_head] = head[rel]
        width = NW + 1 + P  # a space: kind, built, occupant
        spaces = blocks[:, n_head : n_head + NUM_SPACES * width].reshape(P, NUM_SPACES, width)
        spaces[:, :, : NW + 1] = self.space_code[st.space_built[g][rel].view(np.int8), st.space_type[g][rel]]
        spaces[:, :, NW + 1 :] = self.seat_onehot[o][st.space_worker[g][rel]]
        boxes = blocks[:, n_head + NUM_SPACES * width :].reshape(P, NUM_BOXES, 3)
        boxes[:, :, 0] = st.box_crest[g][rel]
        boxes[:, :, 1] = st.box_worker[g][rel]
        boxes[:, :, 2] = st.box_artist[g][rel] + 1  # int8: at most 44

    def _player_blocks(self, st, rel, o) -> np.ndarray:
        """float32[B, P, player_block]: block j is seat rel[b, j] seen by o[b]."""
        P, t = self.num_players, self.t
        B = st.batch_size
        at = (np.arange(B)[:, None], rel)  # gathers [B, P, ...]
        scalars = [st.money, st.track, st.certs, st.influence, st.avail, st.pool, st.detained, st.at_work,
                   st.market_worker, st.pulpit_own, st.own_preacher.astype(np.int16) + 1, st.crests]  # fmt: skip
        values = np.stack([a[at] for a in scalars], 2).astype(np.float32)  # [B, P, 12]
        head = np.concatenate([values[:, :, :1], st.res[at], values[:, :, 1:]], 2)
        types = st.space_type[at].astype(np.int64)  # [B, P, 8]
        kind = (types[..., None] == np.arange(t.NW)) & (types[..., None] >= 0)
        built = (st.space_built[at] & (types >= 0))[..., None]
        worker = st.space_worker[at].astype(np.int64)
        occupant = (worker[..., None] >= 0) & ((worker - o[:, None, None])[..., None] % P == np.arange(P))
        spaces = np.concatenate([kind, built, occupant], 3).reshape(B, P, -1)
        boxes = np.stack([st.box_crest[at], st.box_worker[at], st.box_artist[at].astype(np.int64) + 1], 3)
        return np.concatenate([head, spaces, boxes.reshape(B, P, -1)], 2)
