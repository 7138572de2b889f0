"""The Princes of Florence's observation (SPEC.md section V): layout, field bounds and the
encoder (float32, raw counts, money in 100 Florin, seats relative to the observer)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from ...core.game import layout_from_sizes
from .constants import (
    CTX_BOUGHT,
    CTX_END,
    CTX_WIN,
    DRAWN_OFFSET,
    NUM_BONUS,
    NUM_BUILDINGS,
    NUM_CHARACTERS,
    NUM_COOP_PHASES,
    NUM_DRAWN,
    NUM_PHASES,
    NUM_PIECES,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    NUM_STACKS,
    TWICE,
)
from .solo_observation import SOLO_SIZE

if TYPE_CHECKING:
    from .state import PrincesState

PLAYER_BLOCK = 180
# offsets inside a player block (SPEC V)
_MONEY, _FAME, _BEST = 0, 1, 2
_EMPTY, _BLOCKED, _BUILT, _LAND, _FREE = 3, 52, 101, 111, 114
_JESTERS, _BUILDERS, _PRESTIGE, _HAND, _HAND_RECRUIT, _BONUS = 117, 118, 119, 120, 121, 122
_TABLE, _TABLE_RECRUIT, _KNOWN, _CHAR_OUT, _FITS = 123, 144, 145, 166, 167


def _rel_one_hot(seat: np.ndarray, o: np.ndarray, P: int) -> np.ndarray:
    """float32[n, P]: one-hot of ``(seat - o) mod P``; all 0 where seat < 0."""
    seat = np.asarray(seat, np.int64)
    out = np.zeros((seat.size, P), np.float32)
    has = seat >= 0
    out[np.flatnonzero(has), ((seat - o) % P)[has]] = 1.0
    return out


class PrincesObservation:
    """Mixin of :class:`~.princes.Princes`: the observation."""

    def _build_layout(self) -> None:
        P = self.seats
        turn = 6 if self.cardinal_twice_limit else 3  # + works, builds, Bonus cards this turn (D17)
        sizes = [
            ("phase", NUM_PHASES + (NUM_COOP_PHASES if self.cooperative else 0)), ("round", self.T.num_rounds),
            ("minimum", 1), ("to_move", P),
            ("start_player", P), ("auction", 17 + 4 * P), ("supply", 22), ("bonus_out", NUM_BONUS),
            ("unseen_professions", NUM_PROFESSIONS), ("unseen_bonus", NUM_BONUS), ("unseen_prestige", NUM_PRESTIGE),
            ("turn", turn), ("work", NUM_PROFESSIONS + 2), ("drawn", 4 + NUM_DRAWN), ("placing", NUM_PIECES),
            ("char_use", 3), ("characters", NUM_CHARACTERS * (2 * P + 3) + 1), ("players", PLAYER_BLOCK * P),
            ("own_hand", NUM_DRAWN),
        ]  # fmt: skip
        if self.solo:
            sizes.append(("solo", SOLO_SIZE))
        if self.cooperative:
            sizes += self._coop_layout_sizes()
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)

    def _money_fame_bounds(self) -> tuple[int, int]:
        """(money_max, fame_max): finite bounds from the data. Money comes from the start, works
        (at most 3 a round, each worth at most W), fame sold and the Banker; fame from works (all
        taken as fame), landscapes, Builders, buildings, best works, the Merchant, Prestige cards
        and the Banker's last exchange."""
        T, P = self.T, self.seats
        W = T.max_work_value()
        works = 3 * T.num_rounds
        banker = T.num_rounds * (max(T.banker_start, T.banker_refill) + T.num_rounds * T.banker_gain)
        fame = works * (W * T.florin_per_work_point // T.florin_per_fame_taken)
        fame += 3 * T.landscapes_per_type * T.extra_landscape_points + int(T.builder_points.sum())
        fame += NUM_BUILDINGS * T.building_points + T.num_rounds * T.best_work_points
        fame += T.num_rounds * P + int(T.prestige_points.sum())
        money = T.start_money + works * W * T.florin_per_work_point + banker + fame * T.florin_per_fame_sold
        if self.cooperative:  # SPEC CV: every building tile shared once, each price at most the top rung
            money += NUM_BUILDINGS * T.buildings_per_type * int(self.CT.ladder[-1])
        return money, fame + money // T.banker_per_point

    def obs_field_bounds(self) -> dict:
        T, P, L = self.T, self.seats, self.obs_layout
        money_max, fame_max = self._money_fame_bounds()
        W = T.max_work_value()
        bounds = {field: (0, 1) for field in L}
        bounds["round"] = (0, 1)
        bounds["minimum"] = (int(T.minimum.min()), int(T.minimum.max()) + 1)
        auction = np.ones(17 + 4 * P)
        auction[15] = money_max + fame_max  # bid
        bounds["auction"] = (0, auction)
        supply = np.array(
            [T.landscapes_per_type] * 3
            + [T.jesters, T.builders, T.recruiting, NUM_PROFESSIONS, NUM_BONUS, NUM_PRESTIGE]
            + [T.buildings_per_type] * NUM_BUILDINGS
            + [4] * 3
        )
        bounds["supply"] = (0, supply)
        # actions_left, took_profession, took_freedom; with the twice limit works, builds, Bonus cards (D17)
        bounds["turn"] = (0, np.array([3, 1, 1] + [TWICE] * 3 * self.cardinal_twice_limit))
        work = np.ones(NUM_PROFESSIONS + 2)
        work[-1] = W
        bounds["work"] = (0, work)
        drawn = np.ones(4 + NUM_DRAWN)
        drawn[3] = T.draw_count
        bounds["drawn"] = (0, drawn)
        chars = np.ones((NUM_CHARACTERS, 2 * P + 3))
        chars[:, 2 * P + 1] = 15  # pawn value
        banker = max(T.banker_start, T.banker_refill) + T.num_rounds * T.banker_gain
        bounds["characters"] = (0, np.concatenate([chars.reshape(-1), [banker]]))
        block = np.ones(PLAYER_BLOCK)
        block[[_MONEY, _FAME, _BEST]] = money_max, fame_max, W
        block[_LAND:_FREE] = T.landscapes_per_type
        block[[_JESTERS, _BUILDERS, _PRESTIGE, _HAND, _HAND_RECRUIT, _BONUS]] = (
            T.jesters, T.max_builders, NUM_PRESTIGE, NUM_PROFESSIONS, T.recruiting, NUM_BONUS,
        )  # fmt: skip
        block[_TABLE_RECRUIT] = T.recruiting
        low = np.zeros((P, PLAYER_BLOCK))
        if self.solo:  # Wolfgang's fame may go below 0 (SPEC SP); the solo field
            low[1, _FAME] = -fame_max
            bounds["solo"] = (0, self._solo_bounds())
        bounds["players"] = (low.reshape(-1), np.tile(block, P))
        if self.cooperative:
            bounds.update(self._coop_bounds())
        return bounds

    def _observe(self, state: PrincesState, players, out: np.ndarray | None = None) -> np.ndarray:
        """float32[B, obs_size] (SPEC V); a batch of one takes :meth:`_observe_one`."""
        o = np.asarray(players)
        if state.batch_size == 1 and o.size == 1 and 0 <= o.item(0) < self.num_players:
            obs = np.empty((1, self.obs_size), np.float32) if out is None else out
            self._observe_one(state, int(o.item(0)), obs[0])
            if self.solo:  # the base fields as above (observer 0, your seat), then the solo field
                self._solo_observe_one(state, obs[0])
            if self.cooperative:
                self._coop_observe_one(state, int(o.item(0)), obs[0])
        else:
            obs = self._observe_batch(state, players, out)
            if self.solo:
                self._solo_observe(state, obs)
            if self.cooperative:
                self._coop_observe(state, o, obs)
        return obs

    def _observe_one(self, st: PrincesState, o: int, row: np.ndarray) -> None:
        """:meth:`observe` of a batch of one (the AEC env) into ``row`` (float32[obs_size]): the
        values of :meth:`_observe_batch` (a test compares them) from scalar reads and slices,
        where the batched index arithmetic costs several times more for one game."""
        T, P, L = self.T, self.seats, self.obs_layout
        row[:] = 0.0
        seats = self._seat_orders[o]

        def rel(seat: int) -> int:
            return (seat - o) % P

        row[L["phase"].start + st.phase.item(0)] = 1.0
        rnd = st.round.item(0)
        row[L["round"].start + rnd] = 1.0
        row[L["minimum"].start] = T.minimum[rnd]
        if not st.terminated.item(0):
            row[L["to_move"].start + rel(st.current_player.item(0))] = 1.0
        row[L["start_player"].start + rel(st.start.item(0))] = 1.0
        a = L["auction"].start
        row[a : a + NUM_STACKS] = st.stack_used[0]
        stack = st.stack.item(0)
        row[a + NUM_STACKS + (stack if stack >= 0 else NUM_STACKS)] = 1.0
        row[a + 15] = st.bid.item(0)
        a += 16
        for seat, offset in ((st.high.item(0), 0), (st.opener.item(0), 3 * P)):
            if seat >= 0:
                row[a + offset + rel(seat)] = 1.0
        row[a + P : a + 2 * P] = st.in_auction[0, seats]
        row[a + 2 * P : a + 3 * P] = st.pawn_free[0, seats]
        row[a + 4 * P] = st.lone.item(0)
        s = L["supply"].start
        row[s : s + 3] = st.supply_landscapes[0]
        row[s + 3 : s + 6] = (st.supply_jesters.item(0), st.supply_builders.item(0), st.supply_recruiting.item(0))
        row[s + 6 : s + 9] = st.deck_len[0]
        row[s + 9 : s + 19] = st.supply_buildings[0]
        row[s + 19 : s + 22] = st.supply_freedoms[0]
        row[L["bonus_out"]] = st.bonus_out[0]
        own_prof, own_bonus, own_prestige = st.hand_prof[0, o], st.bonus_hand[0, o], st.prestige_hand[0, o]
        drawer = st.current_player.item(0) == o
        drawn = st.drawn[0] if drawer else np.zeros(NUM_DRAWN, bool)
        known = st.known[0].copy()
        known[o] = False
        seen = st.table_prof[0].any(0) | own_prof | known.any(0) | drawn[:NUM_PROFESSIONS]
        row[L["unseen_professions"]] = ~seen
        lo, hi = DRAWN_OFFSET[1], DRAWN_OFFSET[2]
        row[L["unseen_bonus"]] = ~(st.bonus_out[0] | own_bonus | drawn[lo:hi])
        row[L["unseen_prestige"]] = ~(own_prestige | drawn[hi:])
        t = L["turn"].start
        row[t : t + 3] = (st.actions_left.item(0), st.took_profession.item(0), st.took_freedom.item(0))
        if self.cardinal_twice_limit:
            row[t + 3 : t + 6] = st.acts_done[0]
        w = L["work"].start
        if st.work_prof.item(0) >= 0:
            row[w + st.work_prof.item(0)] = 1.0
        row[w + NUM_PROFESSIONS + 1] = st.work_value.item(0)
        d = L["drawn"].start
        if st.draw_deck.item(0) >= 0:
            row[d + st.draw_deck.item(0)] = 1.0
        row[d + 3] = np.count_nonzero(st.drawn[0])
        if drawer:
            row[d + 4 : d + 4 + NUM_DRAWN] = drawn
        if st.piece.item(0) >= 0:
            row[L["placing"].start + st.piece.item(0)] = 1.0
        ctx = st.ctx.item(0)
        if ctx in (CTX_WIN, CTX_END, CTX_BOUGHT):
            row[L["char_use"].start + (CTX_WIN, CTX_END, CTX_BOUGHT).index(ctx)] = 1.0
        c0, width = L["characters"].start, 2 * P + 3
        owners, faceup = st.char_owner[0].tolist(), st.char_faceup[0].tolist()
        for c in range(NUM_CHARACTERS):
            base = c0 + c * width
            if owners[c] >= 0:
                row[base + rel(owners[c])] = 1.0
                row[base + P] = faceup[c]
                row[base + 2 * P + 2] = 1.0
        for seat, (card, value) in enumerate(zip(st.pawn_card[0].tolist(), st.pawn_value[0].tolist())):
            if card >= 0:
                row[c0 + card * width + P + 1 + rel(seat)] = 1.0
                row[c0 + card * width + 2 * P + 1] = value
        row[c0 + NUM_CHARACTERS * width] = st.banker_money.item(0)
        absolute = np.zeros((P, PLAYER_BLOCK), np.float32)  # by seat, reordered below
        bits = self._cell_bits
        absolute[:, _MONEY] = st.money[0]
        absolute[:, _FAME] = st.fame[0]
        absolute[:, _BEST] = st.best_work[0]
        absolute[:, _EMPTY:_BLOCKED] = ((st.occupied[0][:, None] >> bits) & np.uint64(1)) == 0
        absolute[:, _BLOCKED:_BUILT] = (st.blocked[0][:, None] >> bits) & np.uint64(1)
        absolute[:, _BUILT:_LAND] = st.built[0]
        absolute[:, _LAND:_FREE] = st.landscapes[0]
        absolute[:, _FREE:_JESTERS] = st.freedoms[0]
        absolute[:, _JESTERS] = st.jesters[0]
        absolute[:, _BUILDERS] = st.builders[0]
        absolute[:, _PRESTIGE] = st.prestige_hand[0].sum(1)
        absolute[:, _HAND] = st.hand_prof[0].sum(1)
        absolute[:, _HAND_RECRUIT] = st.hand_recruit[0]
        absolute[:, _BONUS] = st.bonus_hand[0].sum(1)
        absolute[:, _TABLE:_TABLE_RECRUIT] = st.table_prof[0]
        absolute[:, _TABLE_RECRUIT] = st.table_recruit[0]
        absolute[:, _KNOWN:_CHAR_OUT] = st.known[0]
        absolute[:, _CHAR_OUT] = st.char_out[0]
        absolute[:, _FITS:] = st.fits[0]
        row[L["players"]] = absolute[seats].reshape(-1)
        h = L["own_hand"].start
        row[h : h + NUM_PROFESSIONS] = own_prof
        row[h + NUM_PROFESSIONS : h + NUM_PROFESSIONS + NUM_BONUS] = own_bonus
        row[h + NUM_PROFESSIONS + NUM_BONUS : h + NUM_DRAWN] = own_prestige

    @functools.cached_property
    def _seat_orders(self) -> list[np.ndarray]:
        """Per observer o, int[P]: the seat shown in relative block j, (o + j) % P."""
        P = self.seats
        return [(o + np.arange(P)) % P for o in range(P)]

    @functools.cached_property
    def _cell_bits(self) -> np.ndarray:
        """uint64[cells]: the shift of each grid cell's bit."""
        return np.arange(self.T.num_cells, dtype=np.uint64)

    def _observe_batch(self, state: PrincesState, players, out: np.ndarray | None = None) -> np.ndarray:
        st, T, P, L = state, self.T, self.seats, self.obs_layout
        B = st.batch_size
        o = np.broadcast_to(np.asarray(players, np.int64), (B,))
        if out is None:
            out = np.zeros((B, self.obs_size), np.float32)
        else:
            out[:] = 0.0
        rows = np.arange(B)
        seats = (o[:, None] + np.arange(P)) % P  # [B, P] seat of relative block j

        def put(field: str, values) -> None:
            out[:, L[field]] = values

        def rel(array: np.ndarray) -> np.ndarray:  # [B, P, ...] reordered by relative seat
            return array[rows[:, None], seats]

        out[rows, L["phase"].start + st.phase.astype(np.int64)] = 1.0
        out[rows, L["round"].start + st.round.astype(np.int64)] = 1.0
        put("minimum", T.minimum[st.round.astype(np.int64)][:, None])
        live = ~st.terminated
        put("to_move", _rel_one_hot(np.where(live, st.current_player, -1), o, P))
        put("start_player", _rel_one_hot(st.start, o, P))

        stack = st.stack.astype(np.int64)
        stack_oh = np.zeros((B, NUM_STACKS + 1), np.float32)
        stack_oh[rows, np.where(stack >= 0, stack, NUM_STACKS)] = 1.0
        auction = [
            st.stack_used, stack_oh, st.bid[:, None], _rel_one_hot(st.high, o, P), rel(st.in_auction),
            rel(st.pawn_free), _rel_one_hot(st.opener, o, P), st.lone[:, None],
        ]  # fmt: skip
        put("auction", np.concatenate([np.asarray(a, np.float32) for a in auction], 1))
        supply = [
            st.supply_landscapes, st.supply_jesters[:, None], st.supply_builders[:, None],
            st.supply_recruiting[:, None], st.deck_len, st.supply_buildings, st.supply_freedoms,
        ]  # fmt: skip
        put("supply", np.concatenate([np.asarray(a, np.float32) for a in supply], 1))
        put("bonus_out", st.bonus_out)

        own_prof = st.hand_prof[rows, o]  # [B, 21]
        own_bonus = st.bonus_hand[rows, o]
        own_prestige = st.prestige_hand[rows, o]
        mine = (st.current_player == o)[:, None]
        drawn = st.drawn & mine  # only the drawer sees them
        seen_prof = st.table_prof.any(1) | own_prof | (st.known & (np.arange(P) != o[:, None])[:, :, None]).any(1)
        put("unseen_professions", ~(seen_prof | drawn[:, :NUM_PROFESSIONS]))
        lo, hi = DRAWN_OFFSET[1], DRAWN_OFFSET[2]
        put("unseen_bonus", ~(st.bonus_out | own_bonus | drawn[:, lo:hi]))
        put("unseen_prestige", ~(own_prestige | drawn[:, hi:]))
        turn = [st.actions_left[:, None], st.took_profession[:, None], st.took_freedom[:, None]]
        put("turn", np.concatenate(turn + [st.acts_done] * self.cardinal_twice_limit, 1))
        work = np.zeros((B, NUM_PROFESSIONS + 2), np.float32)
        has_work = st.work_prof >= 0
        work[np.flatnonzero(has_work), st.work_prof[has_work].astype(np.int64)] = 1.0
        work[:, -1] = st.work_value
        put("work", work)
        draw = np.zeros((B, 4 + NUM_DRAWN), np.float32)
        has_draw = st.draw_deck >= 0
        draw[np.flatnonzero(has_draw), st.draw_deck[has_draw].astype(np.int64)] = 1.0
        draw[:, 3] = st.drawn.sum(1)
        draw[:, 4:] = drawn
        put("drawn", draw)
        placing = np.zeros((B, NUM_PIECES), np.float32)
        has_piece = st.piece >= 0
        placing[np.flatnonzero(has_piece), st.piece[has_piece].astype(np.int64)] = 1.0
        put("placing", placing)
        put("char_use", st.ctx[:, None] == np.array([CTX_WIN, CTX_END, CTX_BOUGHT]))

        chars = np.zeros((B, NUM_CHARACTERS, 2 * P + 3), np.float32)
        owner = st.char_owner.astype(np.int64)
        owned = owner >= 0
        chars[:, :, :P] = (owner[:, :, None] >= 0) & (((owner[:, :, None] - o[:, None, None]) % P) == np.arange(P))
        chars[:, :, P] = owned & st.char_faceup
        pawn = st.pawn_card.astype(np.int64)  # [B, P]
        on = rel(pawn)[:, None, :] == np.arange(NUM_CHARACTERS)[None, :, None]  # [B, 6, P] by rel seat
        chars[:, :, P + 1 : 2 * P + 1] = on
        chars[:, :, 2 * P + 1] = (on * rel(st.pawn_value)[:, None, :]).sum(2)
        chars[:, :, 2 * P + 2] = owned
        put("characters", np.concatenate([chars.reshape(B, -1), st.banker_money[:, None]], 1))

        block = np.zeros((B, P, PLAYER_BLOCK), np.float32)
        block[:, :, _MONEY] = rel(st.money)
        block[:, :, _FAME] = rel(st.fame)
        block[:, :, _BEST] = rel(st.best_work)
        bits = np.arange(T.num_cells, dtype=np.uint64)
        block[:, :, _EMPTY:_BLOCKED] = ((rel(st.occupied)[:, :, None] >> bits) & np.uint64(1)) == 0
        block[:, :, _BLOCKED:_BUILT] = ((rel(st.blocked)[:, :, None] >> bits) & np.uint64(1)) == 1
        block[:, :, _BUILT:_LAND] = rel(st.built)
        block[:, :, _LAND:_FREE] = rel(st.landscapes)
        block[:, :, _FREE:_JESTERS] = rel(st.freedoms)
        block[:, :, _JESTERS] = rel(st.jesters)
        block[:, :, _BUILDERS] = rel(st.builders)
        block[:, :, _PRESTIGE] = rel(st.prestige_hand.sum(2))
        block[:, :, _HAND] = rel(st.hand_prof.sum(2))
        block[:, :, _HAND_RECRUIT] = rel(st.hand_recruit)
        block[:, :, _BONUS] = rel(st.bonus_hand.sum(2))
        block[:, :, _TABLE:_TABLE_RECRUIT] = rel(st.table_prof)
        block[:, :, _TABLE_RECRUIT] = rel(st.table_recruit)
        block[:, :, _KNOWN:_CHAR_OUT] = rel(st.known)
        block[:, :, _CHAR_OUT] = rel(st.char_out)
        block[:, :, _FITS:] = rel(st.fits)
        put("players", block.reshape(B, -1))
        put("own_hand", np.concatenate([own_prof, own_bonus, own_prestige], 1))
        return out
