"""Legal-action masks (SPEC §6): exactly the legal choices of the pending decision, nothing that
could not be paid. :meth:`MaskMixin._refresh_mask_batch` is the vectorised rule;
:meth:`MaskMixin._mask_one` its mirror for one game in Python scalars (the AEC env): a rule
changed in one must be changed in the other (a test compares them on random positions)."""

from __future__ import annotations

import functools

import numpy as np

from .constants import (
    IN_ROW,
    NUM_TYPES,
    PH_ACTION,
    PH_BARTER_GIVE,
    PH_BARTER_TAKE,
    PH_CAPTAIN_CHOICE,
    PH_EXCHANGE_GIVE_1,
    PH_EXCHANGE_GIVE_2,
    PH_EXCHANGE_TAKE,
    PH_HIRE,
    PH_KEEP,
    PH_MERCHANT_CHOICE,
    RESERVED,
)
from .data import G_ART_COLLEGE, G_MASTER_BUILDER, L_BARTER, L_CAPTAIN, L_GAIN, L_SELL
from .state import FlorenzaCardsState

BIG = 1 << 40  # "no artist can be hired": a cost nobody can pay


class MaskMixin:
    """Mixin of :class:`~.florenza_cards.FlorenzaCards`: the legal-action masks."""

    def _refresh_mask(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        """Recompute ``legal_action_mask`` for ``games``."""
        if games.size == 1:
            self._mask_one(st, int(games[0]))
        else:
            self._refresh_mask_batch(st, games)

    def _cheapest(self, st: FlorenzaCardsState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        """int64[n, 8]: for each set of artist types (bit set; 0 = no artist needed, cost 0) the
        least a seat pays to hire one: table or own reserved copies, face-up anonymous artists,
        the Bottega d'Arte discount applied (SPEC §6, "Hire options")."""
        t = self.t
        avail = (st.table_count[g] > 0) | (st.reserved_count[g, p] > 0)  # [n, AK]
        costs = np.where(avail, t.art_cost, BIG)
        discount = self._discount(st, g, p, G_ART_COLLEGE)[:, None]
        per_type = np.empty((len(g), NUM_TYPES), np.int64)
        for x in range(NUM_TYPES):
            per_type[:, x] = costs[:, self.kinds_of_type[x]].min(1)
        per_type = np.minimum(per_type, np.where(st.anon_up[g], t.anon_cost, BIG))
        per_type = np.where(per_type >= BIG, BIG, np.maximum(0, per_type - discount))
        out = np.empty((len(g), 1 << NUM_TYPES), np.int64)
        out[:, 0] = 0
        for s in range(1, 1 << NUM_TYPES):
            out[:, s] = per_type[:, self.subset_types[s]].min(1)
        return out

    def _affordable(self, res: np.ndarray, packed_costs: np.ndarray) -> np.ndarray:
        """bool[n, X]: ``res`` (int[n, 6]) covers each packed cost (int64[X]). Every resource is one
        byte of an int64 holding ``res + 128``; subtracting the packed cost leaves each byte's top
        bit set exactly when that resource suffices (no byte borrows: counts stay below 128)."""
        packed = (res.astype(np.int64) + 128) @ self.res_weights  # [n]
        return ((packed[:, None] - packed_costs) & self.guard) == self.guard

    def _refresh_mask_batch(self, st: FlorenzaCardsState, games: np.ndarray) -> None:
        ids, P = self.ids, self.num_players
        n = games.size
        mask = np.zeros((n, self.num_actions), bool)
        phase = st.phase[games]
        p_all = st.current_player[games].astype(np.int64)
        R = slice(ids.resource, ids.resource + 6)
        for ph in np.unique(phase).tolist():
            rows = np.flatnonzero(phase == ph) if n > 1 else np.arange(n)
            g, p = games[rows], p_all[rows]
            if ph == PH_ACTION:
                mask[rows] = self._action_mask(st, g, p)
            elif ph == PH_HIRE:
                mask[rows] = self._hire_mask(st, g, p)
            elif ph == PH_EXCHANGE_GIVE_1:
                have = st.res[g, p] > 0
                higher = np.cumsum(have[:, ::-1], 1)[:, ::-1] - have  # resources held above r
                mask[rows, R] = have & ((st.res[g, p] >= 2) | (higher > 0))
            elif ph == PH_EXCHANGE_GIVE_2:
                first = (st.given[g] > 0).argmax(1)
                mask[rows, R] = (st.res[g, p] > 0) & (np.arange(6) >= first[:, None])
            elif ph in (PH_EXCHANGE_TAKE, PH_MERCHANT_CHOICE):
                mask[rows, R] = st.supply[g] > 0
            elif ph == PH_BARTER_GIVE:
                mask[rows, R] = self._barter_give(st.res[g, p], st.supply[g])
            elif ph == PH_BARTER_TAKE:
                mask[rows, R] = (st.supply[g] > 0) & (st.given[g] == 0)
            elif ph == PH_KEEP:
                mask[rows, ids.keep : ids.keep + self.K] = st.hand[g, p] > 0
            elif ph == PH_CAPTAIN_CHOICE:
                mask[rows, R] = st.supply[g] >= P
        if n == st.batch_size and games[-1] == n - 1:  # every game, in order (games are sorted)
            st.legal_action_mask[...] = mask
        else:
            st.legal_action_mask[games] = mask

    @staticmethod
    def _barter_give(res: np.ndarray, supply: np.ndarray) -> np.ndarray:
        """bool[n, 6]: r can be given at the Baratto: held, and another resource is in the supply."""
        in_supply = supply > 0
        others = in_supply.sum(1, keepdims=True) - in_supply
        return (res > 0) & (others > 0)

    def _action_mask(self, st: FlorenzaCardsState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        """bool[n, A]: the legal actions of the ACTION phase (SPEC §6)."""
        t, ids = self.t, self.ids
        n = g.size
        out = np.zeros((n, self.num_actions), bool)
        res, money = st.res[g, p], st.money[g, p].astype(np.int64)
        cheap = self._cheapest(st, g, p)
        in_play = st.in_play[g, p]
        # PLAY[k]: in hand, not already in front (one Preacher at most), resources and money
        blocked = in_play | (in_play[:, t.is_preacher].any(1)[:, None] & t.is_preacher)
        need = t.card_cost_money + cheap[:, self.card_tmask]
        out[:, : self.K] = (
            (st.hand[g, p] > 0) & ~blocked & self._affordable(res, self.card_cost_packed) & (money[:, None] >= need)
        )
        # COMPLETE[m]: in the row or reserved by the seat, resources and money with an artist
        state, owner = st.mon_state[g], st.mon_owner[g]
        row = state == IN_ROW
        mine = (state == RESERVED) & (owner == p[:, None])
        mdisc = self._discount(st, g, p, G_MASTER_BUILDER)[:, None]
        need = np.maximum(0, t.mon_cost_money - mdisc) + cheap[:, self.mon_tmask]
        c = ids.complete
        out[:, c : c + self.M] = (row | mine) & self._affordable(res, self.mon_cost_packed) & (money[:, None] >= need)
        out[:, ids.reserve_monument : ids.reserve_monument + self.M] = row
        out[:, ids.reserve_artist : ids.reserve_artist + self.AK] = st.table_count[g] > 0
        # LOCATION[l]: a face-up copy and what its effect needs from the seat and the supply
        supply, supply_money = st.supply[g], st.supply_money[g]
        r = np.maximum(t.loc_res, 0)
        effect = t.loc_effect
        ok = np.where(effect == L_GAIN, supply[:, r] >= t.gain_amount, False)
        ok |= (effect == L_SELL) & (res[:, r] >= 1) & (supply_money >= t.location_sell_price)[:, None]
        ok |= (effect == L_BARTER) & self._barter_give(res, supply).any(1)[:, None]
        ok |= (effect == L_CAPTAIN) & (st.new_captain[g] < 0)[:, None]
        out[:, ids.location : ids.location + self.L] = ok & (st.loc_up[g] > 0)
        out[:, ids.workers] = supply_money >= t.workers_money
        out[:, ids.sell : ids.sell + 6] = (res > 0) & (supply_money >= t.market_sell_price)[:, None]
        out[:, ids.buy : ids.buy + 6] = (money >= t.market_buy_price)[:, None] & (supply > 0)
        out[:, ids.exchange] = res.sum(1) >= 2
        out[:, ids.inspiration] = st.deck_pos[g] < st.deck_len[g]
        out[:, ids.pass_] = ~out.any(1)  # DESIGN_NOTES 27
        return out

    def _hire_types(self, st: FlorenzaCardsState, g: np.ndarray) -> np.ndarray:
        """int[n]: the pending work's artist types as a bit set."""
        card, mon = st.pending_card[g].astype(np.int64), st.pending_monument[g].astype(np.int64)
        return np.where(card >= 0, self.card_tmask[np.maximum(card, 0)], self.mon_tmask[np.maximum(mon, 0)])

    def _hire_mask(self, st: FlorenzaCardsState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        t, ids = self.t, self.ids
        out = np.zeros((g.size, self.num_actions), bool)
        tmask = self._hire_types(st, g)
        discount = self._discount(st, g, p, G_ART_COLLEGE)[:, None]
        money = st.money[g, p].astype(np.int64)[:, None]
        kind_ok = ((tmask[:, None] >> t.art_type) & 1).astype(bool) & (money >= np.maximum(0, t.art_cost - discount))
        out[:, ids.hire_table : ids.hire_table + self.AK] = kind_ok & (st.table_count[g] > 0)
        out[:, ids.hire_reserved : ids.hire_reserved + self.AK] = kind_ok & (st.reserved_count[g, p] > 0)
        type_ok = ((tmask[:, None] >> np.arange(NUM_TYPES)) & 1).astype(bool)
        a = ids.hire_anonymous
        out[:, a : a + NUM_TYPES] = type_ok & st.anon_up[g] & (money >= np.maximum(0, t.anon_cost - discount))
        return out

    @functools.cached_property
    def _scalar_tables(self) -> dict:
        """The tables :meth:`_mask_one` reads, as Python lists (cheaper than numpy per element)."""
        t = self.t

        def needs(res_costs) -> list[list[tuple[int, int]]]:
            return [[(r, int(a)) for r, a in enumerate(row) if a] for row in res_costs]

        guild = lambda effect: self.guild_kind[effect].tolist() if self.guilds else []  # noqa: E731
        return {
            "card_res": needs(t.card_cost_res), "card_money": t.card_cost_money.tolist(),
            "card_tmask": self.card_tmask.tolist(), "is_preacher": t.is_preacher.tolist(),
            "preachers": np.flatnonzero(t.is_preacher).tolist(),
            "mon_res": needs(t.mon_cost_res), "mon_money": t.mon_cost_money.tolist(),
            "mon_tmask": self.mon_tmask.tolist(), "art_cost": t.art_cost.tolist(), "art_type": t.art_type.tolist(),
            "anon_cost": t.anon_cost.tolist(), "loc_effect": t.loc_effect.tolist(), "loc_res": t.loc_res.tolist(),
            "art_college": guild(G_ART_COLLEGE), "master_builder": guild(G_MASTER_BUILDER),
        }  # fmt: skip

    def _cheapest_one(self, st: FlorenzaCardsState, b: int, p: int, discount: int) -> list[int]:
        """:meth:`_cheapest` for game ``b``: the least hire cost per type bit set (0 = none needed)."""
        tab = self._scalar_tables
        per_type = [BIG] * NUM_TYPES
        art_cost, art_type = tab["art_cost"], tab["art_type"]
        for a, (on_table, mine) in enumerate(zip(st.table_count[b].tolist(), st.reserved_count[b, p].tolist())):
            if (on_table or mine) and art_cost[a] < per_type[art_type[a]]:
                per_type[art_type[a]] = art_cost[a]
        for x, up in enumerate(st.anon_up[b].tolist()):
            if up and tab["anon_cost"][x] < per_type[x]:
                per_type[x] = tab["anon_cost"][x]
        per_type = [c if c >= BIG else max(0, c - discount) for c in per_type]
        return [0] + [min(per_type[x] for x in self.subset_types[s]) for s in range(1, 1 << NUM_TYPES)]

    def _mask_one(self, st: FlorenzaCardsState, b: int) -> None:
        """The mask of game ``b`` alone: the rules of :meth:`_refresh_mask_batch` in Python scalars
        (numpy's per-call cost dominates for one game). Change both together."""
        mask = st.legal_action_mask[b]  # a view, bool[A]
        mask[:] = False
        ids, phase, p = self.ids, st.phase.item(b), st.current_player.item(b)
        R = ids.resource
        if phase == PH_ACTION:
            self._action_mask_one(st, b, p, mask)
        elif phase == PH_HIRE:
            self._hire_mask_one(st, b, p, mask)
        elif phase == PH_KEEP:
            mask[ids.keep : ids.keep + self.K] = st.hand[b, p] > 0
        elif phase == PH_EXCHANGE_GIVE_1:
            res = st.res[b, p].tolist()
            for r in range(6):
                mask[R + r] = res[r] >= 2 or (res[r] >= 1 and any(res[r + 1 :]))
        elif phase == PH_EXCHANGE_GIVE_2:
            first = int((st.given[b] > 0).argmax())
            res = st.res[b, p].tolist()
            for r in range(first, 6):
                mask[R + r] = res[r] > 0
        elif phase in (PH_EXCHANGE_TAKE, PH_MERCHANT_CHOICE):
            mask[R : R + 6] = st.supply[b] > 0
        elif phase == PH_BARTER_GIVE:
            mask[R : R + 6] = self._barter_give(st.res[b, p][None], st.supply[b][None])[0]
        elif phase == PH_BARTER_TAKE:
            mask[R : R + 6] = (st.supply[b] > 0) & (st.given[b] == 0)
        elif phase == PH_CAPTAIN_CHOICE:
            mask[R : R + 6] = st.supply[b] >= self.num_players

    def _action_mask_one(self, st: FlorenzaCardsState, b: int, p: int, mask: np.ndarray) -> None:
        """:meth:`_action_mask` for game ``b`` (SPEC §6, ACTION)."""
        t, ids, tab = self.t, self.ids, self._scalar_tables
        res, money = st.res[b, p].tolist(), st.money.item(b * self.num_players + p)
        in_play = st.in_play[b, p].tolist()
        discount = 50 if any(in_play[k] for k in tab["art_college"]) else 0
        cheap = self._cheapest_one(st, b, p, discount)
        has_preacher = any(in_play[k] for k in tab["preachers"])
        card_res, card_money, card_tmask, is_preacher = (
            tab["card_res"], tab["card_money"], tab["card_tmask"], tab["is_preacher"])  # fmt: skip
        for k, held in enumerate(st.hand[b, p].tolist()):
            if not held or in_play[k] or (has_preacher and is_preacher[k]):
                continue
            if all(res[r] >= a for r, a in card_res[k]) and money >= card_money[k] + cheap[card_tmask[k]]:
                mask[k] = True
        mdisc = 50 if any(in_play[k] for k in tab["master_builder"]) else 0
        mon_res, mon_money, mon_tmask = tab["mon_res"], tab["mon_money"], tab["mon_tmask"]
        owners = st.mon_owner[b].tolist()
        for m, state in enumerate(st.mon_state[b].tolist()):
            if state == IN_ROW:
                mask[ids.reserve_monument + m] = True
            elif not (state == RESERVED and owners[m] == p):
                continue
            if all(res[r] >= a for r, a in mon_res[m]) and money >= max(0, mon_money[m] - mdisc) + cheap[mon_tmask[m]]:
                mask[ids.complete + m] = True
        mask[ids.reserve_artist : ids.reserve_artist + self.AK] = st.table_count[b] > 0
        supply, supply_money = st.supply[b].tolist(), st.supply_money.item(b)
        in_supply = sum(1 for x in supply if x > 0)
        barter = any(res[r] > 0 and in_supply - (supply[r] > 0) > 0 for r in range(6))
        sell_ok = supply_money >= t.location_sell_price
        loc_res = tab["loc_res"]
        for loc, (up, effect) in enumerate(zip(st.loc_up[b].tolist(), tab["loc_effect"])):
            if up <= 0:
                continue
            r = loc_res[loc]
            if effect == L_GAIN:
                ok = supply[r] >= t.gain_amount
            elif effect == L_SELL:
                ok = res[r] >= 1 and sell_ok
            elif effect == L_BARTER:
                ok = barter
            else:
                ok = st.new_captain.item(b) < 0
            mask[ids.location + loc] = ok
        mask[ids.workers] = supply_money >= t.workers_money
        if supply_money >= t.market_sell_price:
            for r in range(6):
                mask[ids.sell + r] = res[r] > 0
        if money >= t.market_buy_price:
            for r in range(6):
                mask[ids.buy + r] = supply[r] > 0
        mask[ids.exchange] = sum(res) >= 2
        mask[ids.inspiration] = st.deck_pos.item(b) < st.deck_len.item(b)
        if not mask.any():
            mask[ids.pass_] = True  # DESIGN_NOTES 27

    def _hire_mask_one(self, st: FlorenzaCardsState, b: int, p: int, mask: np.ndarray) -> None:
        """:meth:`_hire_mask` for game ``b`` (SPEC §6, HIRE)."""
        ids, tab = self.ids, self._scalar_tables
        card, mon = st.pending_card.item(b), st.pending_monument.item(b)
        tmask = tab["card_tmask"][card] if card >= 0 else tab["mon_tmask"][mon]
        in_play = st.in_play[b, p].tolist()
        discount = 50 if any(in_play[k] for k in tab["art_college"]) else 0
        money = st.money.item(b * self.num_players + p)
        art_cost, art_type = tab["art_cost"], tab["art_type"]
        table, mine = st.table_count[b].tolist(), st.reserved_count[b, p].tolist()
        for a in range(self.AK):
            if tmask >> art_type[a] & 1 and money >= max(0, art_cost[a] - discount):
                mask[ids.hire_table + a] = table[a] > 0
                mask[ids.hire_reserved + a] = mine[a] > 0
        for x, up in enumerate(st.anon_up[b].tolist()):
            affordable = money >= max(0, tab["anon_cost"][x] - discount)
            mask[ids.hire_anonymous + x] = bool(up and tmask >> x & 1 and affordable)
