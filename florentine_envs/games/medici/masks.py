"""Legal-action masks: batched (``_refresh_mask``) and for one game in Python integers
(``_refresh_mask_one``, the same rows; tests/test_medici_engine.py compares the two)."""

from __future__ import annotations

import numpy as np

from .constants import (
    ACTION_NAMES,
    PHASE_REVEAL,
    REVEAL,
    STOP,
    TAKE_LAST,
    TAKE_LAST_AND_2ND,
    TAKE_LAST_AND_3RD,
    TAKE_LAST_THREE,
)
from .state import MediciState, _flat


class MaskMixin:
    """Mixed into :class:`~.medici.Medici`."""

    def _build_mask_tables(self) -> None:
        # _mask_rows[bits]: the mask row whose action a is legal when bit a of ``bits`` is set
        self._mask_rows = (np.arange(2 ** len(ACTION_NAMES))[:, None] >> np.arange(len(ACTION_NAMES))) & 1 == 1

    def _refresh_mask(self, state: MediciState, games: np.ndarray) -> None:
        mask = np.zeros((games.size, self.num_actions), bool)  # bool[n, A]
        phase = state.phase[games]
        market_len = state.market_len[games].astype(np.int64)
        reveal = phase == PHASE_REVEAL
        mask[:, REVEAL] = reveal & (state.deck_end[games] > state.deck_top[games]) & (state.revealed[games] < 3)
        mask[:, STOP] = reveal & (market_len > 0)
        take = ~reveal
        if take.any():
            seat = games * self.num_players + state.current_player[games]  # flat index into [B, P]
            free = self.capacity - _flat(state.ship_slots).take(seat).astype(np.int64)
            last3 = self._from_last(state, games, market_len)  # int[n, 3]; N = no card
            need = self._nongreen.take(last3)  # int8[n, 3]
            need12 = need[:, 0] + need[:, 1]
            has2, has3 = market_len >= 2, market_len >= 3
            mask[:, TAKE_LAST] = take
            mask[:, TAKE_LAST_AND_2ND] = take & has2 & (need12 <= free)
            mask[:, TAKE_LAST_AND_3RD] = take & has3 & (need[:, 0] + need[:, 2] <= free)
            mask[:, TAKE_LAST_THREE] = take & has3 & (need12 + need[:, 2] <= free)
        state.legal_action_mask[games] = mask

    def _refresh_mask_one(self, state: MediciState, g: int) -> None:
        m = state.market_len.item(g)
        if state.phase.item(g) == PHASE_REVEAL:
            can_reveal = state.deck_end.item(g) > state.deck_top.item(g) and state.revealed.item(g) < 3
            legal = (1 << REVEAL) * can_reveal | (1 << STOP) * (m > 0)
        else:
            free = self.capacity - state.ship_slots.item(g, state.current_player.item(g))
            line, nongreen = state.market[g], self._nongreen_list
            need = [nongreen[line.item(m - back)] for back in range(1, min(m, 3) + 1)]  # last card first
            legal = 1 << TAKE_LAST
            if m >= 2 and need[0] + need[1] <= free:
                legal |= 1 << TAKE_LAST_AND_2ND
            if m >= 3 and need[0] + need[2] <= free:
                legal |= 1 << TAKE_LAST_AND_3RD
            if m >= 3 and need[0] + need[1] + need[2] <= free:
                legal |= 1 << TAKE_LAST_THREE
        state.legal_action_mask[g] = self._mask_rows[legal]
