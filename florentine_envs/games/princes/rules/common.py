"""Rules shared by every phase of The Princes of Florence (SPEC.md P, D, M "Purse and paying",
F): paying with the automatic sale of fame, drawing and ordering cards, placing pieces, the
Recruiting card, the features that Bonus and Prestige cards count, and seat arithmetic.

All functions work on a subset of the batch: ``g`` (int[n]) game indices and, where a seat is
needed, ``p`` (int[n]) the seat in each of those games."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from ..constants import (
    A_PROFESSION,
    DECK_BONUS,
    DECK_PRESTIGE,
    DECK_PROFESSIONS,
    DECK_SIZES,
    DRAWN_OFFSET,
    NUM_BUILDINGS,
    NUM_DRAWN,
    NUM_PIECES,
    PH_ACTION,
    PH_CHAR_USE,
    PH_KEEP,
    PH_ORDER,
    PH_PLACE,
    RESUME_ACTION,
    RESUME_AUCTION,
    RESUME_CHAR_USE,
)
from ..data import FEATURE, FEATURES
from ..geometry import popcount

if TYPE_CHECKING:
    from ..state import PrincesState

_DECK_SIZE = np.array(DECK_SIZES, np.int64)  # [3]
_DRAWN_OFFSET = np.array(DRAWN_OFFSET, np.int64)  # [3]
_DRAWN_DECK = np.repeat(np.arange(3), DECK_SIZES)  # [55] which deck each drawn flag belongs to
_F = FEATURE


def next_seat(flags: np.ndarray, after: np.ndarray) -> np.ndarray:
    """int[n]: the first seat ``after + 1, after + 2, ...`` (clockwise, wrapping, ``after`` itself
    last) whose ``flags`` (bool[n, P]) entry is set; -1 where none is."""
    n, P = flags.shape
    order = (np.asarray(after, np.int64)[:, None] + 1 + np.arange(P)) % P  # [n, P]
    hit = np.take_along_axis(flags, order, 1)
    first = hit.argmax(1)
    return np.where(hit.any(1), order[np.arange(n), first], -1)


class CommonRules:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: the shared rules (reads
    ``self.T``, the data tables)."""

    # ---------------------------------------------------------------- money

    def _purse(self, st: PrincesState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        """int[n]: the most seat p can pay (money, plus fame sold when that is allowed; D9, D33)."""
        money = st.money[g, p].astype(np.int64)
        if self.characters:
            return money
        return money + st.fame[g, p].astype(np.int64) * self.T.florin_per_fame_sold

    def _pay(self, st: PrincesState, g: np.ndarray, p: np.ndarray, amount) -> None:
        """Seat p pays ``amount`` (int[n] or int) to the Bank, first selling exactly the fame that
        covers a shortfall (SPEC M "Purse and paying"; the caller checked ``amount <= purse``)."""
        amount = np.broadcast_to(np.asarray(amount, np.int64), g.shape)
        money = st.money[g, p].astype(np.int64)
        if not self.characters:
            rate = self.T.florin_per_fame_sold
            sold = -(-np.maximum(amount - money, 0) // rate)
            if sold.any():
                st.fame[g, p] -= sold.astype(np.int32)
                money = money + sold * rate
                st.money_in[g] += (sold * rate).astype(np.int32)
        st.money[g, p] = money - amount
        st.money_out[g] += amount.astype(np.int32)

    def _receive(self, st: PrincesState, g: np.ndarray, p: np.ndarray, amount) -> None:
        """Seat p takes ``amount`` from the Bank."""
        amount = np.broadcast_to(np.asarray(amount, np.int64), g.shape)
        st.money[g, p] += amount.astype(np.int32)
        st.money_in[g] += amount.astype(np.int32)

    # ------------------------------------------------------------- features

    def features(self, st: PrincesState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        """int64[n, F]: seat p's features (SPEC F), in ``data.FEATURES`` order."""
        T = self.T
        out = np.zeros((g.size, len(FEATURES)), np.int64)
        built = st.built[g, p]  # [n, 10]
        out[:, _F["buildings"]] = built.sum(1)
        by_size = built.astype(np.int64) @ self._size_onehot  # [n, 3]
        out[:, _F["large"] : _F["small"] + 1] = by_size
        out[:, _F["sizes"]] = (by_size > 0).sum(1)
        land = st.landscapes[g, p].astype(np.int64)  # [n, 3]
        out[:, _F["forests"] : _F["parks"] + 1] = land
        out[:, _F["landscapes"]] = land.sum(1)
        out[:, _F["landscape_types"]] = (land > 0).sum(1)
        free = st.freedoms[g, p]  # [n, 3]
        out[:, _F["freedoms"]] = free.sum(1)
        out[:, _F["travel"] : _F["opinion"] + 1] = free
        out[:, _F["jesters"]] = st.jesters[g, p]
        out[:, _F["builders"]] = st.builders[g, p]
        out[:, _F["prestige_cards"]] = st.prestige_hand[g, p].sum(1)
        present = np.concatenate(
            [land > 0, (out[:, [_F["jesters"], _F["builders"], _F["prestige_cards"], _F["freedoms"]]] > 0)], 1
        )
        out[:, _F["categories"]] = present.sum(1)
        out[:, _F["hand_cards"]] = st.hand_prof[g, p].sum(1) + st.hand_recruit[g, p]
        out[:, _F["table_cards"]] = st.table_prof[g, p].sum(1) + st.table_recruit[g, p]
        out[:, _F["empty"]] = T.num_cells - popcount(st.occupied[g, p])
        if self.solo:
            self._solo_features(st, g, p, out)
        return out

    # ------------------------------------------------------------- drawing

    def _start_draw(self, st: PrincesState, g: np.ndarray, deck, resume: int) -> None:
        """Draw min(draw_count, deck length) cards of ``deck`` (int or int[n]) into ``drawn``;
        phase KEEP (SPEC D). The deck is never empty here."""
        d = np.broadcast_to(np.asarray(deck, np.int64), g.shape)
        size = _DECK_SIZE[d]
        top = st.deck_top[g, d].astype(np.int64)
        length = st.deck_len[g, d].astype(np.int64)
        k = np.minimum(self.T.draw_count, length)
        j = np.arange(self.T.draw_count)
        pos = (top[:, None] + j) % size[:, None]  # [n, draw_count]
        cards = st.deck_cards[g[:, None], d[:, None], pos].astype(np.int64)
        take = j < k[:, None]
        rows = np.broadcast_to(g[:, None], take.shape)[take]
        st.drawn[rows, (_DRAWN_OFFSET[d][:, None] + cards)[take]] = True
        st.under_by[rows, np.broadcast_to(d[:, None], take.shape)[take], cards[take]] = -1  # off the deck
        st.deck_top[g, d] = (top + k) % size
        st.deck_len[g, d] = length - k
        st.draw_deck[g] = d
        st.resume[g] = resume
        st.phase[g] = PH_KEEP

    def _on_keep(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        flag = actions - A_PROFESSION  # professions, Bonus, Prestige ids are contiguous from 15
        st.drawn[g, flag] = False
        p = st.current_player[g].astype(np.int64)
        d = _DRAWN_DECK[flag]
        card = flag - _DRAWN_OFFSET[d]
        hands = ((DECK_PROFESSIONS, st.hand_prof), (DECK_BONUS, st.bonus_hand), (DECK_PRESTIGE, st.prestige_hand))
        for deck, hand in hands:
            sel = d == deck
            if sel.any():
                hand[g[sel], p[sel], card[sel]] = True
        self._after_drawn_move(st, g)

    def _on_order(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        flag = actions - A_PROFESSION
        st.drawn[g, flag] = False
        d = _DRAWN_DECK[flag]
        size = _DECK_SIZE[d]
        length = st.deck_len[g, d].astype(np.int64)
        bottom = (st.deck_top[g, d].astype(np.int64) + length) % size
        st.deck_cards[g, d, bottom] = flag - _DRAWN_OFFSET[d]
        st.under_by[g, d, flag - _DRAWN_OFFSET[d]] = st.current_player[g]  # it knows where the card lies
        st.deck_len[g, d] = length + 1
        self._after_drawn_move(st, g)

    def _after_drawn_move(self, st: PrincesState, g: np.ndarray) -> None:
        left = st.drawn[g].any(1)
        st.phase[g[left]] = PH_ORDER
        done = g[~left]
        if done.size:
            st.draw_deck[done] = -1
            self._resume(st, done)

    # ------------------------------------------------------------- placing

    def _start_place(self, st: PrincesState, g: np.ndarray, piece, resume: int) -> None:
        st.piece[g] = piece
        st.resume[g] = resume
        st.phase[g] = PH_PLACE

    def _on_place(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        T = self.T
        p = st.current_player[g].astype(np.int64)
        piece = st.piece[g].astype(np.int64)
        squares = T.squares[piece, actions - self.a_place]
        st.occupied[g, p] |= squares
        st.piece_cells[g, p * NUM_PIECES + piece] |= squares
        building = piece < NUM_BUILDINGS
        if building.any():
            gb, pb, b = g[building], p[building], piece[building]
            st.blocked[gb, pb] |= squares[building]
            st.built[gb, pb, b] = True
            st.supply_buildings[gb, b] -= 1
            st.fame[gb, pb] += T.building_points
        if not building.all():
            land = ~building
            gl, pl, lt = g[land], p[land], piece[land] - NUM_BUILDINGS
            again = st.landscapes[gl, pl, lt] > 0  # D14: a second landscape of a type scores
            st.fame[gl, pl] += np.where(again, T.extra_landscape_points, 0).astype(np.int32)
            st.landscapes[gl, pl, lt] += 1
            st.supply_landscapes[gl, lt] -= 1
        if self.cooperative:  # SPEC CP4 reads the neighbours' boards: their fits may change too
            self._refresh_fits_around(st, g, p)
        else:
            self._refresh_fits(st, g, p)
        st.piece[g] = -1
        self._resume(st, g)

    def _refresh_fits(self, st: PrincesState, g: np.ndarray, p: np.ndarray) -> None:
        """``fits[g, p, piece]``: whether each piece has a legal placement now (SPEC P)."""
        squares, halo, starts, buildings = self._flat_placements
        ok = (squares & st.occupied[g, p][:, None]) == 0  # [n, placements]
        blocked = np.where(st.builders[g, p] >= 2, np.uint64(0), st.blocked[g, p])  # [n]
        ok[:, :buildings] &= (halo & blocked[:, None]) == 0
        if self.cooperative:  # SPEC CP4: building alone at a border
            self._restrict_alone_at_border(st, g, p, ok[:, :buildings])
        st.fits[g, p] = np.logical_or.reduceat(ok, starts, axis=1)

    @functools.cached_property
    def _flat_placements(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """The placement tables without their empty entries, piece after piece: (squares
        uint64[n], halo of the building placements uint64[m], int[13] where each piece's run
        starts, m = how many placements the buildings have (they come first))."""
        T = self.T
        valid = T.squares != 0  # [13, 8 * cells]
        counts = valid.sum(1)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
        buildings = int(counts[:NUM_BUILDINGS].sum())
        return T.squares[valid], T.halo[valid][:buildings], starts, buildings

    def _placements(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """bool[n, 8 * cells]: the legal placements of the pending piece for the current player."""
        T = self.T
        p = st.current_player[g].astype(np.int64)
        piece = st.piece[g].astype(np.int64)
        squares, halo = T.squares[piece], T.halo[piece]  # [n, 8 * cells]
        ok = (squares != 0) & ((squares & st.occupied[g, p][:, None]) == 0)
        building = (piece < NUM_BUILDINGS) & (st.builders[g, p] < 2)
        if building.any():
            ok[building] &= (halo[building] & st.blocked[g[building], p[building]][:, None]) == 0
            if self.cooperative:  # SPEC CP4 (no condition with 2 or more Builders either)
                gb, pb = g[building], p[building]
                ok[building] &= self._alone_at_border_ok(st, gb, pb, self.CT.edge[piece[building]])
        return ok

    # --------------------------------------------------------- recruiting

    def _recruit(self, st: PrincesState, g: np.ndarray, x: np.ndarray) -> None:
        """The current player takes profession x from its owner's table with a Recruiting card,
        which takes the card's place on that table (SPEC M, RECRUIT; the solo game: SPEC SC)."""
        if self.solo:
            self._solo_recruit(st, g, x)
            return
        p = st.current_player[g].astype(np.int64)
        owner = st.table_prof[g, :, x].argmax(1)
        st.table_prof[g, owner, x] = False
        st.table_recruit[g, owner] += 1
        st.hand_prof[g, p, x] = True
        st.known[g, p, x] = True
        st.hand_recruit[g, p] -= 1

    def _recruit_targets(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """bool[n, 21]: professions on the table of an opponent of the current player."""
        p = st.current_player[g].astype(np.int64)
        tables = st.table_prof[g]  # [n, P, 21]
        mine = tables[np.arange(g.size), p]
        return tables.any(1) & ~mine

    # -------------------------------------------------------------- resume

    def _resume(self, st: PrincesState, g: np.ndarray) -> None:
        """Continue where a subroutine (PLACE, KEEP / ORDER, RECRUIT_NOW) was started from."""
        r = st.resume[g]
        for code, go in (
            (RESUME_AUCTION, self._auction_continue),
            (RESUME_ACTION, self._back_to_action),
            (RESUME_CHAR_USE, self._back_to_char_use),
        ):
            sel = r == code
            if sel.all():
                go(st, g)
                return
            if sel.any():
                go(st, g[sel])

    def _back_to_action(self, st: PrincesState, g: np.ndarray) -> None:
        st.phase[g] = PH_ACTION

    def _back_to_char_use(self, st: PrincesState, g: np.ndarray) -> None:
        st.phase[g] = PH_CHAR_USE

    @property
    def _size_onehot(self) -> np.ndarray:
        """int64[10, 3]: building -> size class one-hot."""
        return self.__dict__.setdefault("_size_oh", np.eye(3, dtype=np.int64)[self.T.building_size])


__all__ = ["CommonRules", "next_seat", "NUM_DRAWN"]
