"""The auction phase of The Princes of Florence (SPEC.md T1, AUCTION_CHOOSE, AUCTION_BID,
win / settle, LANDSCAPE_PICK, RECRUIT_NOW, T4): who chooses, who bids, what an object does."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

from ..constants import (
    A_LANDSCAPE,
    A_OPEN,
    A_PASS,
    A_RAISE,
    A_RECRUIT,
    A_WITHDRAW,
    C_MERCHANT,
    C_PROFESSOR,
    CTX_END,
    CTX_WIN,
    DECK_PRESTIGE,
    NUM_BUILDINGS,
    NUM_STACKS,
    PH_AUCTION_BID,
    PH_AUCTION_CHOOSE,
    PH_CHAR_USE,
    PH_LANDSCAPE_PICK,
    PH_RECRUIT_NOW,
    RESUME_AUCTION,
    S_BUILDER,
    S_JESTER,
    S_PRESTIGE,
    S_RECRUITING,
)
from .common import next_seat

if TYPE_CHECKING:
    from ..state import PrincesState


def _next_bidder(P: int, bidding: int, seat: int) -> int:
    """The first seat after ``seat`` (clockwise, ``seat`` itself last) in the bit mask ``bidding``."""
    return next(s % P for s in range(seat + 1, seat + P + 1) if bidding >> (s % P) & 1)


@functools.lru_cache(maxsize=4096)
def _bidding_levels(P: int, free: int, opener: int) -> tuple[list[frozenset], int]:
    """The biddings after ``opener`` opens with the free pawns ``free`` (a bit mask): level k is
    the set of ``(bidding, high, asked)`` (bit mask, seats) reached with k raises, each closed
    under passes (a pass leaving one seat ends the bidding: that is no bidding position). Each
    level follows from the one before, so the list stops at the first level seen before: returns
    (levels, the index that level had); from there on the levels repeat."""

    def passes(states) -> frozenset:
        out, todo = set(states), list(states)
        while todo:
            bidding, high, asked = todo.pop()
            left = bidding & ~(1 << asked)
            if left.bit_count() >= 2:
                state = (left, high, _next_bidder(P, left, asked))
                if state not in out:
                    out.add(state)
                    todo.append(state)
        return frozenset(out)

    levels = [passes([(free, opener, _next_bidder(P, free, opener))])]
    seen = {levels[0]: 0}
    while True:
        raised = passes({(bidding, asked, _next_bidder(P, bidding, asked)) for bidding, _, asked in levels[-1]})
        if raised in seen:
            return levels, seen[raised]
        seen[raised] = len(levels)
        levels.append(raised)


def bidding_reachable(P: int, free: int, opener: int, bidding: int, high: int, current: int, raises: int) -> bool:
    """Whether some bidding (SPEC AUCTION_BID: each seat asked in clockwise order raises or passes,
    a pass is out) leads from ``opener``'s opening, with the free pawns ``free`` (a bit mask), to
    seat ``current`` asked, the seats ``bidding`` (a bit mask) still in and ``high`` the high
    bidder after ``raises`` raises. Whether each raise was affordable is not asked."""
    if not free >> opener & 1 or free.bit_count() < 2 or raises < 0:
        return False
    levels, repeat = _bidding_levels(P, free, opener)
    if raises >= len(levels):
        raises = repeat + (raises - repeat) % (len(levels) - repeat)
    return (bidding, high, current) in levels[raises]


class AuctionRules:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: the auction phase."""

    def _auction_problems(self, st: PrincesState) -> list[str]:
        """Messages for the auction fields (base and cooperative games) that no bidding can
        produce: while an object is bid for (AUCTION_BID), ``in_auction``, ``high``,
        ``current_player`` and ``bid`` must be the result of a bidding history from the opening
        (:func:`bidding_reachable`); otherwise at most the winner of the object just bid for is
        still marked in the auction (until the object is settled)."""
        T, P = self.T, self.seats
        problems = []
        bits = 1 << np.arange(P)
        bidding = (st.in_auction * bits).sum(1)
        for b in np.flatnonzero((st.phase == PH_AUCTION_BID) & ~st.terminated):
            raises, rest = divmod(int(st.bid[b]) - T.opening_bid, T.raise_step)
            free, opener, high = int((st.pawn_free[b] * bits).sum()), int(st.opener[b]), int(st.high[b])
            if (
                raises < 0 or rest or opener < 0 or high < 0
                or not bidding_reachable(P, free, opener, int(bidding[b]), high, int(st.current_player[b]), raises)
            ):  # fmt: skip
                problems.append(
                    f"game {b}: fields 'in_auction' {st.in_auction[b].tolist()}, 'high' {high}, 'current_player' "
                    f"{int(st.current_player[b])}, 'bid' {int(st.bid[b])}, 'opener' {opener} and 'pawn_free' "
                    f"{st.pawn_free[b].tolist()} are the result of no bidding (SPEC AUCTION_BID)"
                )
                break
        # an object is open (``stack``) from its opening until it is settled; pawns stand in
        # front of their owners only during the auction phase, the chooser's among them
        rows = np.flatnonzero(st.pawn_free.any(1) & (st.phase != PH_AUCTION_CHOOSE) & (st.stack < 0))
        rows = np.union1d(rows, np.flatnonzero((st.phase == PH_AUCTION_CHOOSE) & (st.stack >= 0)))
        chooser = np.take_along_axis(st.pawn_free, np.clip(st.current_player, 0, P - 1)[:, None].astype(np.int64), 1)
        rows = np.union1d(rows, np.flatnonzero((st.phase == PH_AUCTION_CHOOSE) & ~chooser[:, 0]))
        if rows.size:
            b = int(rows[0])
            problems.append(
                f"game {b}: field 'pawn_free' = {st.pawn_free[b].tolist()} disagrees with 'phase' = "
                f"{int(st.phase[b])}, 'stack' = {int(st.stack[b])}, 'current_player' = {int(st.current_player[b])}: "
                "free pawns only in the auction phase, the chooser's among them, and no object open while choosing"
            )
        high = np.maximum(st.high, 0).astype(np.int64)
        winner = (bidding == 0) | ((bidding == 1 << high) & (st.high == st.current_player))
        rows = np.flatnonzero((st.phase != PH_AUCTION_BID) & ~winner)
        if rows.size:
            b = int(rows[0])
            problems.append(
                f"game {b}: field 'in_auction' = {st.in_auction[b].tolist()} outside the bidding (phase "
                f"{int(st.phase[b])}); allowed: nobody, or the high bidder 'high' = {int(st.high[b])} who won it"
            )
        return problems

    def _clear_auction(self, st: PrincesState, g: np.ndarray) -> None:
        st.stack[g] = -1
        st.high[g] = -1
        st.opener[g] = -1
        st.bid[g] = 0
        st.in_auction[g] = False
        st.lone[g] = False

    def _round_start(self, st: PrincesState, g: np.ndarray) -> None:
        """T1: every pawn in front of its owner, every stack open; the start player chooses."""
        if self.solo:
            self._solo_round_start(st, g)
            return
        self._clear_auction(st, g)
        st.pawn_free[g] = True
        st.stack_used[g] = False
        self._choose(st, g, st.start[g].astype(np.int64))

    def _choose(self, st: PrincesState, g: np.ndarray, q: np.ndarray) -> None:
        """choose(q): the first seat at or after q with its pawn free opens (or buys alone)."""
        free = st.pawn_free[g]
        count = free.sum(1)
        over = count == 0
        if over.any():
            self._end_auction_phase(st, g[over])
            g, q, free, count = g[~over], q[~over], free[~over], count[~over]
            if g.size == 0:
                return
        st.current_player[g] = next_seat(free, q - 1)
        st.lone[g] = count == 1
        st.phase[g] = PH_AUCTION_CHOOSE

    def _objects(self, st: PrincesState, g: np.ndarray, p: np.ndarray) -> np.ndarray:
        """bool[n, 7]: the objects seat p could take now, ``stack_used`` aside (D7, D10)."""
        T = self.T
        out = np.zeros((g.size, NUM_STACKS), bool)
        land = (st.supply_landscapes[g] > 0) & st.fits[g, p, NUM_BUILDINGS:]  # [n, 3]
        if T.single_landscape:
            out[:, 0] = land.any(1)
        else:
            out[:, :3] = land
        out[:, S_PRESTIGE] = st.deck_len[g, DECK_PRESTIGE] > 0
        out[:, S_RECRUITING] = st.supply_recruiting[g] > 0
        out[:, S_JESTER] = st.supply_jesters[g] > 0
        out[:, S_BUILDER] = (st.supply_builders[g] > 0) & (st.builders[g, p] < T.max_builders)
        return out

    def _on_auction_choose(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        p = st.current_player[g].astype(np.int64)
        out = actions == A_WITHDRAW
        if out.any():
            go, po = g[out], p[out]
            st.pawn_free[go, po] = False
            self._choose(st, go, po + 1)
            g, p, actions = g[~out], p[~out], actions[~out]
            if g.size == 0:
                return
        st.stack[g] = actions - A_OPEN
        st.opener[g] = p
        st.high[g] = p
        lone = st.lone[g]
        st.bid[g] = np.where(lone, self.T.lone_price, self.T.opening_bid)
        if lone.any():
            self._win(st, g[lone])
        if not lone.all():
            ga, pa = g[~lone], p[~lone]
            st.in_auction[ga] = st.pawn_free[ga]
            st.current_player[ga] = next_seat(st.in_auction[ga], pa)
            st.phase[ga] = PH_AUCTION_BID

    def _on_auction_bid(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        p = st.current_player[g].astype(np.int64)
        up = actions == A_RAISE
        st.bid[g[up]] += self.T.raise_step
        st.high[g[up]] = p[up]
        down = ~up
        st.in_auction[g[down], p[down]] = False
        won = down & (st.in_auction[g].sum(1) == 1)
        if won.any():
            gw = g[won]
            st.current_player[gw] = st.high[gw]
            self._win(st, gw)
        go = ~won
        if go.any():
            gg = g[go]
            st.current_player[gg] = next_seat(st.in_auction[gg], p[go])

    def _uses_at_win(self, st: PrincesState, g: np.ndarray, w: np.ndarray) -> np.ndarray:
        """bool[n]: seat w owns a face-up Merchant or Professor (its CHAR_USE is offered)."""
        owner, up = st.char_owner[g], st.char_faceup[g]
        return ((owner[:, C_MERCHANT] == w) & up[:, C_MERCHANT]) | ((owner[:, C_PROFESSOR] == w) & up[:, C_PROFESSOR])

    def _win(self, st: PrincesState, g: np.ndarray) -> None:
        """win(w), w = current player: offer the characters (ctx WIN), else settle."""
        if self.characters:
            w = st.current_player[g].astype(np.int64)
            ask = self._uses_at_win(st, g, w)
            if ask.any():
                st.ctx[g[ask]] = CTX_WIN
                st.phase[g[ask]] = PH_CHAR_USE
                g = g[~ask]
        if g.size:
            self._settle(st, g)

    def _settle(self, st: PrincesState, g: np.ndarray) -> None:
        """settle(w): pay (unless the Merchant paid), take the object (SPEC "win and settle")."""
        T = self.T
        w = st.current_player[g].astype(np.int64)
        pays = ~st.merchant_paid[g]
        if pays.any():
            self._pay(st, g[pays], w[pays], st.bid[g[pays]].astype(np.int64))
        st.merchant_paid[g] = False
        st.pawn_free[g, w] = False
        stack = st.stack[g].astype(np.int64)
        st.stack_used[g, stack] = True
        landscape = stack < 3
        if T.single_landscape and landscape.any():
            st.stack_used[g[landscape], :3] = True
        later = np.zeros(g.size, bool)  # games that continue in a subroutine
        if landscape.any():
            later |= landscape
            gl = g[landscape]
            if T.single_landscape:
                st.phase[gl] = PH_LANDSCAPE_PICK
            else:
                self._start_place(st, gl, NUM_BUILDINGS + stack[landscape], RESUME_AUCTION)
        prestige = stack == S_PRESTIGE
        if prestige.any():
            later |= prestige
            self._start_draw(st, g[prestige], DECK_PRESTIGE, RESUME_AUCTION)
        recruit = stack == S_RECRUITING
        if recruit.any():
            gr, wr = g[recruit], w[recruit]
            st.supply_recruiting[gr] -= 1
            st.hand_recruit[gr, wr] += 1
            ask = self._recruit_targets(st, gr).any(1)
            st.resume[gr[ask]] = RESUME_AUCTION
            st.phase[gr[ask]] = PH_RECRUIT_NOW
            later[np.flatnonzero(recruit)[ask]] = True
        jester = stack == S_JESTER
        if jester.any():
            st.supply_jesters[g[jester]] -= 1
            st.jesters[g[jester], w[jester]] += 1
        builder = stack == S_BUILDER
        if builder.any():
            gb, wb = g[builder], w[builder]
            st.supply_builders[gb] -= 1
            st.builders[gb, wb] += 1
            st.fame[gb, wb] += T.builder_points[st.builders[gb, wb]].astype(np.int32)
            self._refresh_fits(st, gb, wb)
        if not later.all():
            self._auction_continue(st, g[~later])

    def _auction_continue(self, st: PrincesState, g: np.ndarray) -> None:
        """After the object: the opener chooses again if he lost, else the next free seat (D11).
        Solo: your purchase ends the auction (SPEC SA)."""
        if self.solo:
            self._solo_auction_end(st, g)
            return
        w = st.current_player[g].astype(np.int64)
        opener = st.opener[g].astype(np.int64)
        self._clear_auction(st, g)
        self._choose(st, g, np.where(opener == w, w + 1, opener))

    def _on_landscape_pick(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        self._start_place(st, g, NUM_BUILDINGS + actions - A_LANDSCAPE, RESUME_AUCTION)

    def _on_recruit_now(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        use = actions != A_PASS
        if use.any():
            self._recruit(st, g[use], actions[use] - A_RECRUIT)
        self._resume(st, g)

    # ------------------------------------------------------------ T4

    def _end_auction_phase(self, st: PrincesState, g: np.ndarray) -> None:
        self._clear_auction(st, g)
        if not self.characters:
            self._action_phase_start(st, g)
            return
        st.ctx_index[g] = 0
        self._next_end_use(st, g)

    def _next_end_use(self, st: PrincesState, g: np.ndarray) -> None:
        """T4: the next seat in turn order (from ``ctx_index``) owning a usable Merchant or
        Professor gets CHAR_USE ctx END; after the last, the character auction."""
        P = self.seats
        i = np.arange(P)
        seats = (st.start[g].astype(np.int64)[:, None] + i) % P  # [n, P] turn order
        owner, up = st.char_owner[g], st.char_faceup[g]
        usable = np.zeros((g.size, P), bool)
        for c in (C_MERCHANT, C_PROFESSOR):
            usable |= (owner[:, c : c + 1] == seats) & up[:, c : c + 1]
        usable &= i[None, :] >= st.ctx_index[g][:, None]
        found = usable.any(1)
        if found.any():
            gf = g[found]
            first = usable[found].argmax(1)
            st.ctx_index[gf] = first + 1
            st.ctx[gf] = CTX_END
            st.current_player[gf] = seats[found][np.arange(gf.size), first]
            st.phase[gf] = PH_CHAR_USE
        if not found.all():
            gn = g[~found]
            st.ctx_index[gn] = 0
            self._char_auction_start(st, gn)
