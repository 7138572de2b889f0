"""The Princes of Florence's observation (SPEC.md section V): layout, field bounds and the
encoder (float32, raw counts, money in 100 Florin, seats relative to the observer)."""

from __future__ import annotations

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
    NUM_DRAWN,
    NUM_PHASES,
    NUM_PIECES,
    NUM_PRESTIGE,
    NUM_PROFESSIONS,
    NUM_STACKS,
)

if TYPE_CHECKING:
    from .princes import PrincesState

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
        P = self.num_players
        sizes = [
            ("phase", NUM_PHASES), ("round", self.T.num_rounds), ("minimum", 1), ("to_move", P),
            ("start_player", P), ("auction", 17 + 4 * P), ("supply", 22), ("bonus_out", NUM_BONUS),
            ("unseen_professions", NUM_PROFESSIONS), ("unseen_bonus", NUM_BONUS), ("unseen_prestige", NUM_PRESTIGE),
            ("turn", 3), ("work", NUM_PROFESSIONS + 2), ("drawn", 4 + NUM_DRAWN), ("placing", NUM_PIECES),
            ("char_use", 3), ("characters", NUM_CHARACTERS * (2 * P + 3) + 1), ("players", PLAYER_BLOCK * P),
            ("own_hand", NUM_DRAWN),
        ]  # fmt: skip
        self.obs_layout, self.obs_size = layout_from_sizes(sizes)

    def _money_fame_bounds(self) -> tuple[int, int]:
        """(money_max, fame_max): finite bounds from the data. Money comes from the start, works
        (at most 3 a round, each worth at most W), fame sold and the Banker; fame from works (all
        taken as fame), landscapes, Builders, buildings, best works, the Merchant, Prestige cards
        and the Banker's last exchange."""
        T, P = self.T, self.num_players
        W = T.max_work_value()
        works = 3 * T.num_rounds
        banker = T.num_rounds * (max(T.banker_start, T.banker_refill) + T.num_rounds * T.banker_gain)
        fame = works * (W * T.florin_per_work_point // T.florin_per_fame_taken)
        fame += 3 * T.landscapes_per_type * T.extra_landscape_points + int(T.builder_points.sum())
        fame += NUM_BUILDINGS * T.building_points + T.num_rounds * T.best_work_points
        fame += T.num_rounds * P + int(T.prestige_points.sum())
        money = T.start_money + works * W * T.florin_per_work_point + banker + fame * T.florin_per_fame_sold
        return money, fame + money // T.banker_per_point

    def obs_field_bounds(self) -> dict:
        T, P, L = self.T, self.num_players, self.obs_layout
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
        bounds["turn"] = (0, np.array([3, 1, 1]))
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
        bounds["players"] = (0, np.tile(block, P))
        return bounds

    def observe(self, state: PrincesState, players, out: np.ndarray | None = None) -> np.ndarray:
        st, T, P, L = state, self.T, self.num_players, self.obs_layout
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
        put("turn", np.stack([st.actions_left, st.took_profession, st.took_freedom], 1))
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

