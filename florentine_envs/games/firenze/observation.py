"""Firenze's observation (SPEC O): the layout of the float32 vector, its field bounds, and the
batched and one-game encoders (:meth:`FirenzeObservation._observe_batch` and its scalar mirror
:meth:`FirenzeObservation._observe_one`: a rule changed in one must be changed in the other)."""

from __future__ import annotations

import functools

import numpy as np

from ...core.game import layout_from_sizes
from .constants import (
    _EVENT_PHASES,
    _LUT_EVENT,
    _LUT_PAY,
    _PAY_PHASES,
    NUM_COLOURS,
    NUM_COMMISSIONS,
    NUM_KINDS,
    NUM_PHASES,
    NUM_SLOTS,
    NUM_TOWER_SLOTS,
    PH_ALCH_GIVE,
    PH_EV_KEEP,
    PH_EV_PAY,
    PH_EXCHANGE_PAY,
    PH_PAY_CARD,
    PH_SMUG_GIVE,
)
from .state import FirenzeState

_ROW_CARD_COLUMNS = np.arange(NUM_SLOTS) * (NUM_KINDS + 1)  # observation row_cards: slot s's one-hot
_NUMERAL_COLUMNS = 2 + np.arange(4)  # observation commissions: balcony numeral I..IV one-hot
_KIND_OR_NONE = np.arange(NUM_KINDS + 1)  # [28] indexed by a kind or -1: the kind, 27 for -1 (none)
_COLOUR_ONE_HOT = np.eye(NUM_COLOURS + 1, NUM_COLOURS, dtype=np.float32)  # [7, 6] indexed by a colour or -1


class FirenzeObservation:
    """Mixin of :class:`~florentine_envs.games.firenze.firenze.Firenze`: the observation. It reads the
    tables that ``FirenzeTables._read_data`` (data.py) builds (``num_players``, ``recall``, kinds, commissions...)."""

    def _build_layout(self) -> None:
        P = self.num_players
        sizes = [
            ("phase", NUM_PHASES), ("to_move", P), ("turn_player", P), ("start_player", P), ("turn_number", 1),
            ("end", 2 + P), ("turn_flags", 5), ("build", 3), ("played", len(self.personnel_kinds)), ("payment", 3),
            ("event", len(self.event_kinds) + 1),
            ("exchange_slot", 1), ("take_colour", 6), ("keep", 13), ("row_cards", 6 * 28), ("row_bricks", 36),
            ("deck_size", 1), ("discard_counts", NUM_KINDS), ("unseen_counts", NUM_KINDS), ("pouch", 6),
            ("commissions", NUM_COMMISSIONS * (8 + P)), ("next_balcony", 5), ("level_tiles", 4),
            ("church", 4 + P), ("majority_bonus", 6), ("players", P * 127), ("own_hand", len(self.hand_kinds)),
        ]  # fmt: skip
        if self.recall:
            sizes.append(("opponent_hands", (P - 1) * len(self.hand_kinds)))
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)

    def obs_field_bounds(self) -> dict:
        """What the rules and the component data guarantee for each observation field (SPEC O,
        column "bounds"), derived from the data tables and options, so that a data override or
        another ``max_turns`` gets matching bounds. They hold in every reachable position, not
        only in those that play happens to visit. Counts and one-hots start at 0."""
        P, L = self.num_players, self.obs_layout
        in_game = self.in_game  # [27] copies of each kind in this game (Campanile: 0 without it)
        supply = int(self.brick_counts.sum())
        # Build ends by tearing down every tower not worked on this turn and a turn adds at most
        # max_build bricks, so outside the turn player's Build phase a site holds <= max_build towers.
        towers = self.max_build
        build_cost = self.cost_table[:, :, : self.max_build + 1]  # [workshop, mason, bricks_built]
        # A storehouse can exceed its limit during a turn and by teardowns in others' turns (Tribute,
        # Luxury Tax): only the supply bounds it, hence Flood's and LIMIT_BRICKS' dues.
        dues = (  # pay_left: the most each kind of payment can ask (SPEC T, E)
            int(self.card_cost.max()),  # PAY_CARD_COST
            max(self.exchange_give, self.exchange_give_bridge),  # EXCHANGE_PAY
            int(build_cost.max()),  # PAY_BUILD_COST
            self.fire_bricks,  # EVENT_DISCARD, Storehouse Fire
            -(-supply // self.flood_divisor),  # EVENT_DISCARD, Flood: ceil(storehouse / D)
            self.lux_per_tower * towers,  # EVENT_PAY, Luxury Tax
            supply - min(self.store_limit, self.store_limit_warehouse),  # LIMIT_BRICKS: the excess
            int(in_game[self.personnel_kinds].sum()) + len(self.building_kinds),  # LIMIT_CARDS: what can go
            1,  # ALCHEMIST_GIVE, SMUGGLER_GIVE
        )
        # Commission c's printed prestige plus the bonus of a balcony tile that can cover it.
        tile_low, tile_high = np.zeros(NUM_COMMISSIONS, np.int64), np.zeros(NUM_COMMISSIONS, np.int64)
        np.minimum.at(tile_low, self.tile_comm, self.tile_bonus)
        np.maximum.at(tile_high, self.tile_comm, self.tile_bonus)
        # The prestige track moves only by fulfilments, one seal each: at most seals_per_player
        # distinct commissions, each with its balcony bonus and every privilege of its height (a
        # won privilege is discarded, but the deck brings it back), plus each level tile once and
        # the end bonus.
        same_height = self.privilege_height[None, :] == self.comm_height[:, None]  # [36, 27]
        privilege = (same_height * (self.privilege_pp * in_game)).sum(1)  # [36]
        best = np.sort(self.comm_prestige + tile_high + privilege)[::-1][: self.seals_per_player]
        worst = np.sort(self.comm_prestige + tile_low)[: self.seals_per_player]
        level_tiles = self.level_tile_bonus
        prestige = (
            int(np.minimum(worst, 0).sum() + np.minimum(level_tiles, 0).sum()) + min(self.end_bonus, 0),
            int(np.maximum(best, 0).sum() + np.maximum(level_tiles, 0).sum()) + max(self.end_bonus, 0),
        )
        width = 8 + P  # per commission: open, neutral, balcony 4, owner P, height, prestige
        comm_low, comm_high = np.zeros((NUM_COMMISSIONS, width)), np.ones((NUM_COMMISSIONS, width))
        comm_low[:, 6 + P] = comm_high[:, 6 + P] = self.comm_height  # printed: fixed
        comm_low[:, 7 + P] = self.comm_prestige + tile_low
        comm_high[:, 7 + P] = self.comm_prestige + tile_high
        per_colour = min(NUM_COMMISSIONS // NUM_COLOURS, self.seals_per_player)
        block_low, block_high = np.zeros(127), np.ones(127)  # one player's block (SPEC O)
        block_low[0], block_high[0] = prestige
        block_high[1] = self.seals_per_player
        block_high[2:8] = self.brick_counts  # storehouse: the supply of each colour
        block_high[11] = int(in_game[self.hand_kinds].sum())  # hand size: every hand card
        block_high[13:19] = per_colour  # seals per colour: one per commission of that colour
        # towers (12 slots x [colour one-hot 6, height, at_start, built]): one colour each
        block_high[19:].reshape(NUM_TOWER_SLOTS, 9)[:, 6] = self.brick_counts.max()
        hand_high = in_game[self.hand_kinds]
        keep_high = np.ones(L["keep"].stop - L["keep"].start)
        keep_high[0] = towers - 1  # keep_left: fewer towers kept than there are to choose from
        build_high = (self.max_build, max(int(self.discount_table.max()), 0), int(build_cost.max()))
        bounds = {field: (0, 1) for field in L}  # one-hots and flags
        bounds.update({
            "turn_number": (0, self.max_turns),  # the turn limit ends the game (truncation)
            # [triggered, turns left (at most one for each other seat), trigger seat one-hot]
            "end": (0, np.r_[1, P - 1, np.ones(P)]),
            "build": (np.r_[0, min(int(self.discount_table.min()), 0), 0], np.array(build_high)),
            "payment": (0, np.r_[max(dues), max(int(self.card_cost.max()) - 1, 0), NUM_SLOTS - 1]),
            "exchange_slot": (0, NUM_SLOTS - 1),
            "keep": (0, keep_high),
            # one brick per card per take and the exchanges pile up on a card: only the supply bounds it
            "row_bricks": (0, np.tile(self.brick_counts, NUM_SLOTS)),
            "deck_size": (0, self.total_cards),
            "discard_counts": (0, in_game),
            "unseen_counts": (0, in_game),
            "pouch": (0, self.brick_counts),
            "commissions": (comm_low.ravel(), comm_high.ravel()),
            "majority_bonus": (self.majority_bonus, self.majority_bonus),  # data values, fixed
            "players": (np.tile(block_low, P), np.tile(block_high, P)),
            "own_hand": (0, hand_high),
        })  # fmt: skip
        if self.recall:
            bounds["opponent_hands"] = (0, np.tile(hand_high, P - 1))
        # The core asks low < high for every entry (normalising wrappers divide by the width): a
        # value fixed by the data (a printed height, a majority bonus, a commission's prestige
        # without a balcony tile that can cover it) or always 0 (the Campanile's counts without it)
        # is declared [v, v + 1].
        for field, (low, high) in bounds.items():
            width = L[field].stop - L[field].start
            low = np.broadcast_to(np.asarray(low, np.float64), (width,))
            bounds[field] = (low, np.maximum(np.asarray(high, np.float64), low + 1))
        return bounds

    def _observe(self, state: FirenzeState, players, out: np.ndarray | None = None) -> np.ndarray:
        """float32[B, obs_size] (SPEC O); a batch of one takes :meth:`_observe_one`."""
        o = np.asarray(players)
        if state.batch_size == 1 and o.size == 1 and 0 <= o.item(0) < self.num_players:
            obs = np.empty((1, self.obs_size), np.float32) if out is None else out
            self._observe_one(state, int(o.item(0)), obs[0])
            return obs
        return self._observe_batch(state, players, out)

    @functools.cached_property
    def _observer_tables(self) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Per observer o, what :meth:`_observe_one` looks up instead of computing it:

        * float32[obs_size]: the observation before any state is read: zeros but for the start
          player, the commissions' printed heights and prestige and the majority bonuses;
        * int[P]: the seat shown in player block j, (o + j) % P;
        * float32[P + 2, 2 + P]: by commission owner (seats 0..P-1, then -2 neutral and -1 open as
          negative rows), its open, neutral and relative owner one-hot columns."""
        P, L = self.num_players, self.obs_layout
        tables = []
        for o in range(P):
            template = np.zeros(self.obs_size, np.float32)
            template[L["start_player"].start + (0 - o) % P] = 1
            comm = template[L["commissions"]].reshape(NUM_COMMISSIONS, 8 + P)
            comm[:, 6 + P] = self.comm_height
            comm[:, 7 + P] = self.comm_prestige
            template[L["majority_bonus"]] = self.majority_bonus
            by_owner = np.zeros((P + 2, 2 + P), np.float32)
            by_owner[-1, 0] = by_owner[-2, 1] = 1
            by_owner[np.arange(P), 2 + (np.arange(P) - o) % P] = 1
            template.flags.writeable = by_owner.flags.writeable = False
            tables.append((template, (o + np.arange(P)) % P, by_owner))
        return tables

    @functools.cached_property
    def _owner_columns(self) -> np.ndarray:
        """int[2 + P]: the open, neutral and owner one-hot columns of a commission's observation."""
        return np.r_[0, 1, 6 + np.arange(self.num_players)]

    @functools.cached_property
    def _tile_prestige(self) -> np.ndarray:
        """int[tiles]: the prestige shown for the commission a balcony tile covers (printed + bonus)."""
        return self.comm_prestige[self.tile_comm] + self.tile_bonus

    def _observe_one(self, st: FirenzeState, o: int, row: np.ndarray) -> None:
        """:meth:`observe` of a batch of one (the AEC env) into ``row`` (float32[obs_size]) for
        observer ``o``: the values of :meth:`_observe_batch` (a test compares them field by
        field), written with scalar reads, small slices and lookup tables, where the batched
        index arithmetic costs several times more for one game."""
        P, L = self.num_players, self.obs_layout
        template, seats, by_owner = self._observer_tables[o]
        row[:] = template
        phase, live = st.phase.item(0), not st.terminated.item(0)
        tp, trig = st.turn_player.item(0), st.end_trigger.item(0)
        row[L["phase"].start + phase] = 1
        if live:
            row[L["to_move"].start + (st.current_player.item(0) - o) % P] = 1
        row[L["turn_player"].start + (tp - o) % P] = 1
        row[L["turn_number"].start] = st.turn_number.item(0)
        if trig >= 0:
            e = L["end"].start
            row[e] = 1
            if live:
                row[e + 1] = (self.last_turn_seat(trig) - tp) % P
            row[e + 2 + (trig - o) % P] = 1

        # ---- this turn (all 0 at game over)
        if live:
            tf = L["turn_flags"].start
            architect, mason = st.architect.item(0), int(st.mason_active.item(0))
            row[tf] = st.princess_active.item(0)
            row[tf + 1] = mason
            row[tf + 2] = architect == 1
            row[tf + 3] = architect == 2
            row[tf + 4] = st.exchange_done.item(0)
            bs, bb = L["build"].start, st.bricks_built.item(0)
            ws = int(st.buildings[0, tp, self.KB["Workshop"]])
            row[bs] = bb
            row[bs + 1] = self.discount_table[ws, mason]
            row[bs + 2] = self.cost_table[ws, mason, bb]
            row[L["played"]] = st.played[0]
        ps = L["payment"].start
        if phase in _PAY_PHASES:
            row[ps] = st.pay_left.item(0)
        elif phase == PH_ALCH_GIVE or phase == PH_SMUG_GIVE:
            row[ps] = 1
        if phase == PH_PAY_CARD:
            row[ps + 1] = st.pay_index.item(0)
            row[ps + 2] = st.chosen_slot.item(0)
        in_event = phase in _EVENT_PHASES
        event = st.event_kind.item(0)
        if live:
            row[L["event"].start + (self.event_index[max(event, 0)] if in_event else len(self.event_kinds))] = 1
        if phase == PH_EXCHANGE_PAY:
            row[L["exchange_slot"].start] = st.exchange_slot.item(0)
        if phase == PH_EXCHANGE_PAY or phase == PH_ALCH_GIVE or phase == PH_SMUG_GIVE:
            row[L["take_colour"].start + st.pending_take.item(0)] = 1  # pending_take[0, 0]
        ks = L["keep"].start
        if phase == PH_EV_KEEP:
            row[ks] = st.keep_left.item(0)
            if st.keep_colour.item(0) >= 0:
                row[ks + 1 + st.keep_colour.item(0)] = 1
        if phase == PH_EV_KEEP or phase == PH_EV_PAY:
            row[ks + 7 : ks + 13] = st.keep_marked[0, :6]

        # ---- cards
        row[L["row_cards"].start + _ROW_CARD_COLUMNS + _KIND_OR_NONE[st.row_card[0]]] = 1
        row[L["row_bricks"]] = st.row_bricks[0].reshape(NUM_SLOTS * NUM_COLOURS)
        row[L["deck_size"].start] = st.deck_len.item(0) - st.deck_pos.item(0)
        row[L["discard_counts"]] = st.discard[0]
        hand = st.hand[0]  # int8[P, 27]
        # cards on the row and the church spaces: kind + 1 counted, 0 = none
        seen = np.bincount(np.concatenate((st.row_card[0], st.church[0])) + 1, minlength=NUM_KINDS + 1)[1:]
        seen += st.discard[0]
        seen[self.building_kinds] += st.buildings[0].sum(0)
        seen += hand.sum(0) if self.recall else hand[o]
        if in_event and event >= 0:  # the event card in limbo
            seen[event] += 1
        row[L["unseen_counts"]] = self.in_game - seen
        row[L["pouch"]] = st.pouch[0]

        # ---- board
        comm = row[L["commissions"]].reshape(NUM_COMMISSIONS, 8 + P)  # a view: one row per commission
        ownership = by_owner[st.commission_owner[0]]  # [36, 2 + P] open, neutral, relative owner
        comm[:, self._owner_columns] = ownership
        tiles = st.balcony_tile[0]
        tcomm = self.tile_comm[tiles]  # [4] commission under balcony numeral I..IV
        comm[tcomm, _NUMERAL_COLUMNS] = 1
        comm[tcomm, 7 + P] = self._tile_prestige[tiles]
        row[L["next_balcony"].start + st.next_balcony.item(0)] = 1
        row[L["level_tiles"]] = ~st.level_tile_taken[0]
        ch, church = L["church"].start, st.church[0].tolist()
        for i, kind in enumerate(self.privilege_kinds.tolist()):
            row[ch + i] = kind in church
        row[ch + 3] = self.K["Campanile"] in church
        row[ch + 4 : ch + 4 + P] = st.campanile_sealed[0, seats]

        # ---- players (relative seating): a block shows one seat, whoever observes, so the blocks
        # are written in seat order (plain slices) and then rotated into place in one copy
        by_seat = np.zeros((P, 127), np.float32)
        by_seat[:, 0] = st.prestige[0]
        by_seat[:, 1] = st.seals_left[0]
        by_seat[:, 2:8] = st.storehouse[0]
        by_seat[:, 8:11] = st.buildings[0]
        by_seat[:, 11] = hand.sum(1)
        towers = by_seat[:, 19:].reshape(P, NUM_TOWER_SLOTS, 9)  # a view: colour one-hot 6, height, flags
        towers[:, :, :6] = _COLOUR_ONE_HOT[st.tower_colour[0]]
        towers[:, :, 6] = st.tower_height[0]
        towers[:, :, 7] = st.tower_at_start[0]
        towers[:, :, 8] = st.tower_built[0]
        blocks = row[L["players"]].reshape(P, 127)  # a view: block j = seat (o + j) % P
        by_seat.take(seats, axis=0, out=blocks)
        if trig >= 0:
            blocks[(trig - o) % P, 12] = 1
        # seals per colour: the owner one-hots summed over each tower's 6 commissions
        blocks[:, 13:19] = ownership[:, 2:].reshape(NUM_COLOURS, 6, P).sum(1).T
        row[L["own_hand"]] = hand[o, self.hand_kinds]
        if self.recall:
            row[L["opponent_hands"]] = hand[seats[1:, None], self.hand_kinds].reshape(-1)

    def _observe_batch(self, state: FirenzeState, players, out: np.ndarray | None = None) -> np.ndarray:
        """:meth:`observe` of any batch (SPEC O)."""
        st = state
        B, P = st.batch_size, self.num_players
        o = np.broadcast_to(np.asarray(players, np.int64), (B,))
        L = self.obs_layout
        if out is None:
            obs = np.zeros((B, self.obs_size), np.float32)
        else:
            obs = out
            obs[:] = 0
        rows = np.arange(B)
        live = ~st.terminated
        lr = rows[live]
        phase = st.phase.astype(np.int64)

        def rel(seat):
            return (np.asarray(seat, np.int64) - o) % P

        obs[rows, L["phase"].start + phase] = 1
        obs[lr, L["to_move"].start + rel(st.current_player)[live]] = 1
        obs[rows, L["turn_player"].start + rel(st.turn_player)] = 1
        obs[rows, L["start_player"].start + rel(0)] = 1
        obs[:, L["turn_number"].start] = st.turn_number
        e = L["end"].start
        trig = st.end_trigger.astype(np.int64)
        triggered = trig >= 0
        obs[:, e] = triggered
        obs[:, e + 1] = np.where(triggered & live, (self.last_turn_seat(trig) - st.turn_player) % P, 0)
        obs[rows[triggered], e + 2 + rel(trig)[triggered]] = 1

        # ---- this turn (all 0 at game over)
        tf = L["turn_flags"].start
        obs[lr, tf] = st.princess_active[live]
        obs[lr, tf + 1] = st.mason_active[live]
        obs[lr, tf + 2] = st.architect[live] == 1
        obs[lr, tf + 3] = st.architect[live] == 2
        obs[lr, tf + 4] = st.exchange_done[live]
        bs = L["build"].start
        tp = st.turn_player.astype(np.int64)
        ws = st.buildings[rows, tp, self.KB["Workshop"]].astype(np.int64)
        ma = st.mason_active.astype(np.int64)
        bb = st.bricks_built.astype(np.int64)
        obs[lr, bs] = bb[live]
        obs[lr, bs + 1] = self.discount_table[ws, ma][live]
        obs[lr, bs + 2] = self.cost_table[ws, ma, bb][live]
        obs[lr, L["played"]] = st.played[live]
        ps = L["payment"].start
        paying = _LUT_PAY[phase]  # np.isin costs ~10 us even on one value
        giving = (phase == PH_ALCH_GIVE) | (phase == PH_SMUG_GIVE)
        obs[:, ps] = np.where(paying, st.pay_left, np.where(giving, 1, 0))
        card = phase == PH_PAY_CARD
        obs[:, ps + 1] = np.where(card, st.pay_index, 0)
        obs[:, ps + 2] = np.where(card, st.chosen_slot, 0)
        in_event = _LUT_EVENT[phase]
        ev_idx = np.where(in_event, self.event_index[np.maximum(st.event_kind, 0)], len(self.event_kinds))
        obs[lr, L["event"].start + ev_idx[live]] = 1
        xpay = phase == PH_EXCHANGE_PAY
        obs[:, L["exchange_slot"].start] = np.where(xpay, st.exchange_slot, 0)
        taking = xpay | giving
        obs[rows[taking], L["take_colour"].start + st.pending_take[taking, 0].astype(np.int64)] = 1
        ks = L["keep"].start
        keep = phase == PH_EV_KEEP
        obs[:, ks] = np.where(keep, st.keep_left, 0)
        kc = keep & (st.keep_colour >= 0)
        obs[rows[kc], ks + 1 + st.keep_colour[kc].astype(np.int64)] = 1
        marked = keep | (phase == PH_EV_PAY)
        obs[rows[marked], ks + 7 : ks + 13] = st.keep_marked[marked, :6]

        # ---- cards
        row_kind = np.where(st.row_card >= 0, st.row_card, NUM_KINDS).astype(np.int64)  # [B, 6]
        obs[rows[:, None], L["row_cards"].start + np.arange(6) * 28 + row_kind] = 1
        obs[:, L["row_bricks"]] = st.row_bricks.reshape(B, 36)
        obs[:, L["deck_size"].start] = st.deck_len.astype(np.int64) - st.deck_pos
        obs[:, L["discard_counts"]] = st.discard
        seen = st.discard.astype(np.int64)
        seen += self._kind_counts(row_kind)
        church_kind = np.where(st.church >= 0, st.church, NUM_KINDS).astype(np.int64)
        seen += self._kind_counts(church_kind)
        seen[:, self.building_kinds] += st.buildings.sum(1)
        seen += st.hand[rows, o]
        if self.recall:
            seen += st.hand.sum(1) - st.hand[rows, o]
        limbo = in_event & (st.event_kind >= 0)
        seen[rows[limbo], st.event_kind[limbo]] += 1
        obs[:, L["unseen_counts"]] = self.in_game[None, :] - seen
        obs[:, L["pouch"]] = st.pouch

        # ---- board
        width = 8 + P
        cs = L["commissions"].start
        owner = st.commission_owner.astype(np.int64)  # [B, 36]
        base = cs + np.arange(NUM_COMMISSIONS) * width  # [36]
        obs[:, base] = owner == -1
        obs[:, base + 1] = owner == -2
        tiles = st.balcony_tile.astype(np.int64)  # [B, 4]
        tcomm = self.tile_comm[tiles]
        obs[rows[:, None], base[tcomm] + 2 + np.arange(4)] = 1
        sealed = owner >= 0
        r_, c_ = np.nonzero(sealed)
        obs[r_, base[c_] + 6 + (owner[r_, c_] - o[r_]) % P] = 1
        obs[:, base + 6 + P] = self.comm_height
        prestige = np.broadcast_to(self.comm_prestige, (B, NUM_COMMISSIONS)).copy()
        prestige[rows[:, None], tcomm] += self.tile_bonus[tiles]
        obs[:, base + 7 + P] = prestige
        obs[rows, L["next_balcony"].start + st.next_balcony.astype(np.int64)] = 1
        obs[:, L["level_tiles"]] = ~st.level_tile_taken
        ch = L["church"].start
        for i, kind in enumerate(self.privilege_kinds):
            obs[:, ch + i] = (st.church == kind).any(1)
        obs[:, ch + 3] = (st.church == self.K["Campanile"]).any(1)
        seats = (o[:, None] + np.arange(P)) % P  # [B, P] block j -> seat
        obs[:, ch + 4 : ch + 4 + P] = st.campanile_sealed[rows[:, None], seats]
        obs[:, L["majority_bonus"]] = self.majority_bonus

        # ---- players (relative seating)
        blocks = np.zeros((B, P, 127), np.float32)
        r2 = rows[:, None]
        blocks[:, :, 0] = st.prestige[r2, seats]
        blocks[:, :, 1] = st.seals_left[r2, seats]
        blocks[:, :, 2:8] = st.storehouse[r2, seats]
        blocks[:, :, 8:11] = st.buildings[r2, seats]
        blocks[:, :, 11] = st.hand[r2, seats].sum(2)
        blocks[:, :, 12] = st.end_trigger[:, None] == seats
        mine = owner[:, None, :] == seats[:, :, None]  # [B, P, 36]
        blocks[:, :, 13:19] = mine.reshape(B, P, 6, 6).sum(3)
        colour = st.tower_colour[r2, seats].astype(np.int64)  # [B, P, 12]
        towers = np.zeros((B, P, NUM_TOWER_SLOTS, 9), np.float32)
        towers[:, :, :, :6] = colour[..., None] == np.arange(6)
        towers[:, :, :, 6] = st.tower_height[r2, seats]
        towers[:, :, :, 7] = st.tower_at_start[r2, seats]
        towers[:, :, :, 8] = st.tower_built[r2, seats]
        blocks[:, :, 19:] = towers.reshape(B, P, 108)
        obs[:, L["players"]] = blocks.reshape(B, P * 127)
        obs[:, L["own_hand"]] = st.hand[rows, o][:, self.hand_kinds]
        if self.recall:
            obs[:, L["opponent_hands"]] = st.hand[r2, seats[:, 1:]][:, :, self.hand_kinds].reshape(B, -1)
        return obs
