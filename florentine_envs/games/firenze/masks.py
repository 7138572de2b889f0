"""Firenze's legal actions (DESIGN_NOTES §8, SPEC §M), recomputed for the games a step touched:
batched (:meth:`FirenzeMasks._refresh_mask_batch`) and for one game alone
(:meth:`FirenzeMasks._mask_one`, the AEC env's path, read on Python scalars and lists). The two
are mirrors: a rule changed in one must be changed in the other
(``tests/test_firenze_single_game.py`` compares them). Both apply the symmetry rule (DESIGN_NOTES
§8: of interchangeable towers only the lowest slot is offered)."""

from __future__ import annotations

import functools

import numpy as np

from .constants import (
    _LUT_BRICK,
    _LUT_FREE,
    _LUT_TOWERS,
    A_ALCHEMIST,
    A_ARCHITECT,
    A_BELL,
    A_BRICK,
    A_BUILD_ON,
    A_EXCHANGE,
    A_FULFILL,
    A_IGNORE,
    A_MASON,
    A_PASS,
    A_PRINCESS,
    A_SABOTAGE,
    A_SELECT,
    A_SMUGGLE,
    A_START,
    A_TAKE,
    A_WHOLESALE,
    NUM_ACTIONS,
    NUM_COMMISSIONS,
    NUM_TOWER_SLOTS,
    PH_BUILD,
    PH_CHOOSE,
    PH_EV_KEEP,
    PH_EV_OWN_TOWER,
    PH_EV_PATRICIAN,
    PH_EXCHANGE,
    PH_FULFILL,
    PH_LIMIT_CARDS,
)
from .state import FirenzeState


def _lowest_of_kind(colour: list, height: list, at_start: list, built: list, candidate: list) -> list[int]:
    """The slots t with ``candidate[t]`` (bool list) where no lower candidate slot holds a tower
    with the same (colour, height, at_start, built): the symmetry rule of DESIGN_NOTES §8 for one
    seat's towers given as lists (the scalar form of ``Firenze._dup_lower``)."""
    seen, first = set(), []
    for t, ok in enumerate(candidate):
        if ok:
            key = (colour[t], height[t], at_start[t], built[t])
            if key not in seen:
                seen.add(key)
                first.append(t)
    return first


class FirenzeMasks:
    """Mixin of :class:`~.firenze.Firenze`: ``legal_action_mask``, batched and for one game."""

    @staticmethod
    def _tower_key(colour, height, at_start, built) -> np.ndarray:
        """int[n, T]: one integer per tower for its (colour, height, at_start, built)."""
        return ((colour.astype(np.int64) + 1) * 64 + height) * 4 + at_start * 2 + built

    @staticmethod
    def _dup_lower(key, exists) -> np.ndarray:
        """bool[n, T]: an existing lower slot holds a tower with the same key (DESIGN_NOTES §8:
        such a tower is interchangeable with the lower one and is never offered)."""
        T = key.shape[1]
        same = (key[:, :, None] == key[:, None, :]) & exists[:, None, :]  # [n, i, j]
        return (same & np.tri(T, T, -1, bool)).any(2)

    def _refresh_mask(self, st: FirenzeState, games: np.ndarray) -> None:
        """Recompute ``legal_action_mask`` for ``games`` (SPEC §M)."""
        if games.size == 1:  # B=1 play (the AEC env), or one game left in a forced-move chain
            self._mask_one(st, int(games[0]))
        else:
            self._refresh_mask_batch(st, games)

    def _mask_one(self, st: FirenzeState, b: int) -> None:
        """The mask of game ``b`` alone: the rules of :meth:`_refresh_mask_batch` for one row,
        read as Python scalars and lists (the batched index arithmetic costs several times more
        for one game). Change both together: a test compares them on random positions."""
        mask = st.legal_action_mask[b]  # a view, bool[A]
        mask[:] = False
        phase, p = st.phase.item(b), st.current_player.item(b)
        store = st.storehouse[b, p]  # int16[6]
        if _LUT_BRICK[phase]:
            mask[A_BRICK : A_BRICK + 6] = store > 0
        elif phase == PH_LIMIT_CARDS:
            mask[self.limit_ids] = np.where(
                self._limit_is_building, st.buildings[b, p, self._limit_building], st.hand[b, p, self.limit_kinds] > 0
            )
        elif phase == PH_EV_PATRICIAN:
            mask[A_IGNORE] = mask[A_PASS] = True
        else:
            total = int(store.sum())
            if _LUT_FREE[phase]:
                self._mask_free_personnel_one(st, b, phase, p, total, mask)
            if _LUT_TOWERS[phase]:
                self._mask_towers_one(st, b, phase, p, store, total, mask)

    @functools.cached_property
    def _limit_is_building(self) -> np.ndarray:
        """bool[11]: ``limit_ids[k]`` discards a building (else a personnel card from the hand)."""
        return self.building_index[self.limit_kinds] >= 0

    @functools.cached_property
    def _limit_building(self) -> np.ndarray:
        """int[11]: the building index of each of ``limit_ids`` (0 where it is no building)."""
        return np.maximum(self.building_index[self.limit_kinds], 0)

    @staticmethod
    def _towers_of(st: FirenzeState, b: int, seat: int) -> tuple[list, list, list, list]:
        """Colour, height, at_start and built of seat ``seat``'s 12 tower slots in game ``b``."""
        return (st.tower_colour[b, seat].tolist(), st.tower_height[b, seat].tolist(),
                st.tower_at_start[b, seat].tolist(), st.tower_built[b, seat].tolist())  # fmt: skip

    def _mask_free_personnel_one(self, st: FirenzeState, b: int, phase: int, p: int, total: int, mask) -> None:
        """:meth:`_mask_free_personnel` for game ``b`` alone."""
        P, K, KP = self.num_players, self.K, self.KP
        hand, played = st.hand[b, p].tolist(), st.played[b].tolist()

        def available(name):
            return hand[K[name]] > 0 and not played[KP[name]]

        if available("Alchemist") and total >= 1:
            mask[A_ALCHEMIST : A_ALCHEMIST + 6] = st.pouch[b] > 0
        if available("Smuggler") and total >= 1:
            for k in range(1, P):
                mask[A_SMUGGLE + 6 * (k - 1) : A_SMUGGLE + 6 * k] = st.storehouse[b, (p + k) % P] > 0
        if available("Patrician"):
            mask[self.patrician_ids] = st.hand[b, p, self.hand_kinds] >= self._patrician_need
        if available("Saboteur"):
            # a tower of another player, the lowest of identical ones (slots 0-5 outside their turn)
            for k in range(1, P):
                colour, height, at_start, built = self._towers_of(st, b, (p + k) % P)
                for t in _lowest_of_kind(colour, height, at_start, built, [c >= 0 for c in colour[:6]]):
                    mask[A_SABOTAGE + 6 * (k - 1) + t] = True
        mask[A_PASS] = phase != PH_CHOOSE
        if phase == PH_CHOOSE or phase == PH_EXCHANGE:
            if available("Wholesaler"):
                mask[A_WHOLESALE : A_WHOLESALE + 6] = st.row_bricks[b].sum(1) > 0
            if phase == PH_CHOOSE:
                affordable = True if st.princess_active.item(b) else total >= self.card_cost
                mask[A_TAKE : A_TAKE + 6] = (st.row_card[b] >= 0) & affordable
                mask[A_PRINCESS] = available("Princess")
            else:
                give = self.exchange_give_bridge if st.buildings[b, p, self.KB["Bridge"]] else self.exchange_give
                if not st.exchange_done.item(b) and total >= give:
                    mask[A_EXCHANGE : A_EXCHANGE + 36] = st.row_bricks[b].reshape(36) > 0
        elif phase == PH_BUILD:
            mask[A_MASON] = available("Mason")
        elif phase == PH_FULFILL:
            mask[A_ARCHITECT] = available("Architect")

    def _mask_towers_one(self, st: FirenzeState, b: int, phase: int, p: int, store, total: int, mask) -> None:
        """:meth:`_mask_towers` (and :meth:`_mask_fulfill`) for game ``b`` alone."""
        colour, height, at_start, built = self._towers_of(st, b, p)
        # Outside Build at most 6 towers exist: only slots 0-5 can be named there.
        slots = NUM_TOWER_SLOTS if phase == PH_BUILD else 6
        first = _lowest_of_kind(colour, height, at_start, built, [c >= 0 for c in colour[:slots]])
        if phase == PH_EV_OWN_TOWER:
            for t in first:
                mask[A_SELECT + t] = True
        elif phase == PH_EV_KEEP:
            kc, marked = st.keep_colour.item(b), st.keep_marked[b].tolist()
            cand = [
                colour[t] >= 0 and (colour[t] == kc if kc >= 0 else height[t] >= self.lux_min_height) and not marked[t]
                for t in range(6)
            ]
            for t in _lowest_of_kind(colour, height, at_start, built, cand):
                mask[A_SELECT + t] = True
        elif phase == PH_BUILD:
            bb = st.bricks_built.item(b)
            ws = int(st.buildings[b, st.turn_player.item(b), self.KB["Workshop"]])
            next_cost = self.cost_table[ws, int(st.mason_active.item(b)), min(bb + 1, self.max_build + 1)]
            if bb < self.max_build and total - 1 >= next_cost:
                has = store > 0
                mask[A_START : A_START + 6] = has
                for t in first:
                    if has[colour[t]]:
                        mask[A_BUILD_ON + t] = True
        else:  # FULFILL
            church = st.church[b].tolist()
            campanile = self.K["Campanile"] in church and not st.campanile_sealed[b, p]
            if st.seals_left[b, p] > 0 and not campanile:
                owner = st.commission_owner[b].tolist()
                numeral = {c: i for i, c in enumerate(self.tile_comm[st.balcony_tile[b]].tolist())}
                nb = st.next_balcony.item(b)
                shifts = (-1, 0, 1) if st.architect.item(b) == 1 else (0,)
                top = len(self._comm_of_list[0]) - 1
                for t in first:
                    for d in shifts:
                        comm = self._comm_of_list[colour[t]][min(max(height[t] + d, 0), top)]
                        if comm >= 0 and owner[comm] == -1 and numeral.get(comm, nb) == nb:
                            mask[A_FULFILL + 3 * t + d + 1] = True
            bell = any(c == self.bell_colour and h == self.bell_height for c, h in zip(colour[:6], height[:6]))
            mask[A_BELL] = campanile and bell

    @functools.cached_property
    def _comm_of_list(self) -> list[list[int]]:
        """``comm_of`` as nested lists: [colour][height] -> commission id, -1 = none."""
        return self.comm_of.tolist()

    def _refresh_mask_batch(self, st: FirenzeState, games: np.ndarray) -> None:
        """Recompute ``legal_action_mask`` for ``games`` (SPEC §M). One pass over the games,
        each block of columns computed for the rows whose phase uses it."""
        n = games.size
        if n == 0:
            return
        phase = st.phase[games].astype(np.int64)
        mask = np.zeros((n, NUM_ACTIONS), bool)
        p = st.current_player[games].astype(np.int64)
        store = st.storehouse[games, p]  # [n, 6]
        total = store.sum(1).astype(np.int64)

        r = np.flatnonzero(_LUT_BRICK[phase])
        if r.size:
            mask[r, A_BRICK : A_BRICK + 6] = store[r] > 0
        r = np.flatnonzero(phase == PH_LIMIT_CARDS)
        if r.size:
            g, pp = games[r], p[r]
            held = st.hand[g, pp][:, self.limit_kinds] > 0
            bi = self.building_index[self.limit_kinds]
            isb = bi >= 0
            held[:, isb] = st.buildings[g, pp][:, bi[isb]]
            mask[r[:, None], self.limit_ids] = held
        r = np.flatnonzero(phase == PH_EV_PATRICIAN)
        mask[r, A_IGNORE] = True
        mask[r, A_PASS] = True
        r = np.flatnonzero(_LUT_FREE[phase])
        if r.size:
            self._mask_free_personnel(st, games, phase, p, store, total, mask, r)
        r = np.flatnonzero(_LUT_TOWERS[phase])
        if r.size:
            self._mask_towers(st, games, phase, p, store, total, mask, r)
        if n == st.batch_size and games[0] == 0 and games[-1] == n - 1:  # sorted: arange(B), no scatter
            st.legal_action_mask[...] = mask
        else:
            st.legal_action_mask[games] = mask

    def _mask_free_personnel(self, st, games, phase, p, store, total, mask, r) -> None:
        """Columns of CHOOSE, EXCHANGE, BUILD and FULFILL that do not involve the towers."""
        P = self.num_players
        g, pp, ph, tot = games[r], p[r], phase[r], total[r]
        hand = st.hand[g, pp]
        played = st.played[g]

        def available(name):
            return (hand[:, self.K[name]] > 0) & ~played[:, self.KP[name]]

        # (the mask starts all False: blocks no row can use are skipped)
        alch = available("Alchemist") & (tot >= 1)
        if alch.any():
            mask[r, A_ALCHEMIST : A_ALCHEMIST + 6] = alch[:, None] & (st.pouch[g] > 0)
        smug = available("Smuggler") & (tot >= 1)
        if smug.any():
            for k in range(1, P):
                mask[r, A_SMUGGLE + 6 * (k - 1) : A_SMUGGLE + 6 * k] = smug[:, None] & (
                    st.storehouse[g, (pp + k) % P] > 0
                )
        pat = available("Patrician")
        if pat.any():
            held = hand[:, self.hand_kinds]
            mask[r[:, None], self.patrician_ids] = pat[:, None] & (held >= self._patrician_need)
        sab = np.flatnonzero(available("Saboteur"))
        if sab.size:
            # A tower of another player; among identical towers of one player only the lowest slot
            # (symmetry rule, DESIGN_NOTES §8). Outside their own turn a player has at most 6 towers.
            gs = g[sab]
            for k in range(1, P):
                s = (pp[sab] + k) % P
                oc = st.tower_colour[gs, s, :6]
                key = self._tower_key(
                    oc, st.tower_height[gs, s, :6], st.tower_at_start[gs, s, :6], st.tower_built[gs, s, :6]
                )
                mask[r[sab], A_SABOTAGE + 6 * (k - 1) : A_SABOTAGE + 6 * k] = (oc >= 0) & ~self._dup_lower(key, oc >= 0)
        mask[r, A_PASS] = ph != PH_CHOOSE
        early = np.flatnonzero((ph == PH_CHOOSE) | (ph == PH_EXCHANGE))
        if early.size:
            ge = g[early]
            bricks = st.row_bricks[ge]  # [m, 6, 6]
            whole = available("Wholesaler")[early]
            if whole.any():
                mask[r[early], A_WHOLESALE : A_WHOLESALE + 6] = whole[:, None] & (bricks.sum(2) > 0)
            choose = ph[early] == PH_CHOOSE
            c = np.flatnonzero(choose)
            if c.size:
                gc = ge[c]
                cost = np.where(st.princess_active[gc][:, None], 0, self.card_cost[None, :])
                mask[r[early[c]], A_TAKE : A_TAKE + 6] = (st.row_card[gc] >= 0) & (tot[early[c], None] >= cost)
                mask[r[early[c]], A_PRINCESS] = available("Princess")[early[c]]
            x = np.flatnonzero(~choose)
            if x.size:
                gx = ge[x]
                bridge = st.buildings[gx, pp[early[x]], self.KB["Bridge"]]
                give = np.where(bridge, self.exchange_give_bridge, self.exchange_give)
                ok = ~st.exchange_done[gx] & (tot[early[x]] >= give)
                mask[r[early[x]], A_EXCHANGE : A_EXCHANGE + 36] = ok[:, None] & (bricks[x].reshape(-1, 36) > 0)
        b = ph == PH_BUILD
        if b.any():
            mask[r[b], A_MASON] = available("Mason")[b]
        f = ph == PH_FULFILL
        if f.any():
            mask[r[f], A_ARCHITECT] = available("Architect")[f]

    def _mask_towers(self, st, games, phase, p, store, total, mask, r) -> None:
        """Columns that name the decider's own towers: EVENT_OWN_TOWER, EVENT_KEEP_TOWER,
        BUILD and FULFILL (symmetry rule of DESIGN_NOTES §8)."""
        g, pp, ph = games[r], p[r], phase[r]
        colour = st.tower_colour[g, pp]  # [m, 12]
        height = st.tower_height[g, pp]
        at_start, built = st.tower_at_start[g, pp], st.tower_built[g, pp]
        exists = colour >= 0
        key = self._tower_key(colour, height, at_start, built)
        building = ph == PH_BUILD
        # Outside Build at most 6 towers exist: the duplicate test needs only slots 0-5 there.
        dup = np.zeros(colour.shape, bool)
        if building.any():
            dup[building] = self._dup_lower(key[building], exists[building])
        if (~building).any():
            dup[~building, :6] = self._dup_lower(key[~building, :6], exists[~building, :6])
        o = np.flatnonzero(ph == PH_EV_OWN_TOWER)
        if o.size:
            mask[r[o], A_SELECT : A_SELECT + 6] = exists[o, :6] & ~dup[o, :6]
        o = np.flatnonzero(ph == PH_EV_KEEP)
        if o.size:
            kc = st.keep_colour[g[o]].astype(np.int64)
            eligible = np.where(kc[:, None] >= 0, colour[o] == kc[:, None], height[o] >= self.lux_min_height)
            cand = (exists[o] & eligible & ~st.keep_marked[g[o]])[:, :6]
            mask[r[o], A_SELECT : A_SELECT + 6] = cand & ~self._dup_lower(key[o, :6], cand)
        o = np.flatnonzero(building)
        if o.size:
            go = g[o]
            bb = st.bricks_built[go].astype(np.int64)
            next_cost = self._build_cost(st, go, np.minimum(bb + 1, self.max_build + 1))
            can = (bb < self.max_build) & (total[r[o]] - 1 >= next_cost)
            has_colour = store[r[o]] > 0  # [m, 6]
            own = exists[o] & np.take_along_axis(has_colour, np.maximum(colour[o], 0).astype(np.int64), 1)
            mask[r[o], A_BUILD_ON : A_BUILD_ON + 12] = own & can[:, None] & ~dup[o]
            mask[r[o], A_START : A_START + 6] = has_colour & can[:, None]
        o = np.flatnonzero(ph == PH_FULFILL)
        if o.size:
            self._mask_fulfill(st, g[o], pp[o], colour[o, :6], height[o, :6], exists[o, :6], dup[o, :6], mask, r[o])

    def _mask_fulfill(self, st, g, p, colour, height, exists, dup, mask, r) -> None:
        n = g.size
        campanile = (st.church[g] == self.K["Campanile"]).any(1) & ~st.campanile_sealed[g, p]
        allowed = (st.seals_left[g, p] > 0) & ~campanile
        c6 = np.maximum(colour, 0).astype(np.int64)
        h6 = height.astype(np.int64)
        owner = np.concatenate([st.commission_owner[g], np.zeros((n, 1), np.int8)], 1)  # col 36: "none"
        balcony_comm = self.tile_comm[st.balcony_tile[g].astype(np.int64)]  # [n, 4]
        nb = st.next_balcony[g].astype(np.int64)
        rows = np.arange(n)[:, None]
        numeral = np.full((n, NUM_COMMISSIONS + 1), -1, np.int64)
        numeral[rows, balcony_comm] = np.arange(4)
        arch = st.architect[g] == 1
        base = exists & ~dup & allowed[:, None]
        for d in (-1, 0, 1):
            if d != 0 and not arch.any():
                continue
            hh = np.clip(h6 + d, 0, self.comm_of.shape[1] - 1)
            comm = self.comm_of[c6, hh]  # [n, 6], -1: no commission of that height
            cidx = np.where(comm >= 0, comm, NUM_COMMISSIONS)
            num = numeral[rows, cidx]
            ok = base & (comm >= 0) & (owner[rows, cidx] == -1) & ((num < 0) | (num == nb[:, None]))
            if d != 0:
                ok &= arch[:, None]
            mask[r, A_FULFILL + d + 1 : A_FULFILL + 18 : 3] = ok
        bell = ((colour == self.bell_colour) & (height == self.bell_height)).any(1)
        mask[r, A_BELL] = (st.church[g] == self.K["Campanile"]).any(1) & ~st.campanile_sealed[g, p] & bell
