"""The Muse and the Princess (option ``characters``; SPEC.md section C): the character auction,
the Merchant and the Professor outside the action phase (CHAR_USE), the Banker."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..constants import (
    A_CHAR_BID,
    A_MERCHANT_FAME,
    A_MERCHANT_PAY,
    A_PASS,
    A_PROFESSOR_BONUS,
    A_PROFESSOR_PRESTIGE,
    C_BANKER,
    C_MERCHANT,
    C_PROFESSOR,
    CHAR_SPACES,
    CTX_BOUGHT,
    CTX_END,
    CTX_NONE,
    CTX_WIN,
    DECK_BONUS,
    DECK_PRESTIGE,
    PH_CHAR_AUCTION,
    PH_CHAR_USE,
    RESUME_CHAR_USE,
)
from .common import next_seat

if TYPE_CHECKING:
    from ..state import PrincesState


class CharacterRules:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: the characters."""

    def _merchant_fame(self, st: PrincesState, g: np.ndarray, p: np.ndarray) -> None:
        """Flip the Merchant: 1 fame plus 1 per opponent with more fame now (D27)."""
        st.char_faceup[g, C_MERCHANT] = False
        fame = st.fame[g]  # [n, P]
        own = fame[np.arange(g.size), p]
        st.fame[g, p] += (1 + (fame > own[:, None]).sum(1)).astype(np.int32)

    def _professor(self, st: PrincesState, g: np.ndarray, actions: np.ndarray, resume: int) -> None:
        """Flip the Professor and draw from the Prestige or the Bonus deck, free (D28)."""
        st.char_faceup[g, C_PROFESSOR] = False
        self._start_draw(st, g, np.where(actions == A_PROFESSOR_PRESTIGE, DECK_PRESTIGE, DECK_BONUS), resume)

    def _on_char_use(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        p = st.current_player[g].astype(np.int64)
        fame = actions == A_MERCHANT_FAME
        if fame.any():
            self._merchant_fame(st, g[fame], p[fame])  # stays in CHAR_USE
        prof = (actions == A_PROFESSOR_PRESTIGE) | (actions == A_PROFESSOR_BONUS)
        if prof.any():
            self._professor(st, g[prof], actions[prof], RESUME_CHAR_USE)
        pay = actions == A_MERCHANT_PAY
        if pay.any():
            gp = g[pay]
            st.char_faceup[gp, C_MERCHANT] = False
            st.merchant_paid[gp] = True
        leave = pay | (actions == A_PASS)
        if not leave.any():
            return
        gl = g[leave]
        ctx = st.ctx[gl].copy()
        st.ctx[gl] = CTX_NONE
        win = ctx == CTX_WIN
        if win.any():
            self._settle(st, gl[win])
        end = ctx == CTX_END
        if end.any():
            self._next_end_use(st, gl[end])
        bought = ctx == CTX_BOUGHT
        if bought.any():
            gb = gl[bought]
            self._char_turn(st, gb, st.current_player[gb].astype(np.int64) + 1)

    # ------------------------------------------------------- the auction

    def _char_auction_start(self, st: PrincesState, g: np.ndarray) -> None:
        """Characters come back face up; a returned Banker gets ``banker_refill`` (D32)."""
        T = self.T
        returned_banker = g[st.char_owner[g, C_BANKER] >= 0]
        st.banker_money[returned_banker] = T.banker_refill
        st.money_in[returned_banker] += T.banker_refill
        st.char_owner[g] = -1
        st.char_faceup[g] = True
        st.char_out[g] = False
        st.pawn_card[g] = -1
        st.pawn_value[g] = 0
        self._char_turn(st, g, st.start[g].astype(np.int64))

    def _char_turn(self, st: PrincesState, g: np.ndarray, q: np.ndarray) -> None:
        """turn(q): the first seat at or after q still bidding; a standing pawn buys (D31)."""
        T = self.T
        for _ in range(self.seats + 1):
            seat = next_seat(~st.char_out[g], q - 1)
            over = seat < 0
            if over.any():
                go = g[over]
                unsold = go[st.char_owner[go, C_BANKER] < 0]
                st.banker_money[unsold] += T.banker_gain
                st.money_in[unsold] += T.banker_gain
                st.char_out[go] = False
                self._action_phase_start(st, go)
                g, seat = g[~over], seat[~over]
            if g.size == 0:
                return
            st.current_player[g] = seat
            card = st.pawn_card[g, seat].astype(np.int64)
            bids = card < 0
            st.phase[g[bids]] = PH_CHAR_AUCTION
            buy = ~bids
            if not buy.any():
                return
            g, seat, card = g[buy], seat[buy], card[buy]
            self._pay(st, g, seat, st.pawn_value[g, seat].astype(np.int64))
            st.char_owner[g, card] = seat
            st.char_faceup[g, card] = True
            st.char_out[g, seat] = True
            st.pawn_card[g, seat] = -1
            st.pawn_value[g, seat] = 0
            banker = card == C_BANKER
            if banker.any():
                gb = g[banker]
                st.money[gb, seat[banker]] += st.banker_money[gb]
                st.banker_money[gb] = 0
            use = (card == C_MERCHANT) | (card == C_PROFESSOR)
            if use.any():
                st.ctx[g[use]] = CTX_BOUGHT
                st.phase[g[use]] = PH_CHAR_USE
            g, q = g[~use], seat[~use] + 1
            if g.size == 0:
                return
        raise RuntimeError("princes: the character auction did not advance")

    def _on_char_auction(self, st: PrincesState, g: np.ndarray, actions: np.ndarray) -> None:
        p = st.current_player[g].astype(np.int64)
        passed = actions == A_PASS
        st.char_out[g[passed], p[passed]] = True
        bid = ~passed
        if bid.any():
            gb, pb = g[bid], p[bid]
            code = actions[bid] - A_CHAR_BID
            card, value = code // CHAR_SPACES, code % CHAR_SPACES
            displaced = st.pawn_card[gb] == card[:, None]  # [n, P]: the pawn there goes home
            st.pawn_card[gb] = np.where(displaced, -1, st.pawn_card[gb])
            st.pawn_value[gb] = np.where(displaced, 0, st.pawn_value[gb])
            st.pawn_card[gb, pb] = card
            st.pawn_value[gb, pb] = value
        self._char_turn(st, g, p + 1)
