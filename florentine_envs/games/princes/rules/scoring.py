"""The end of The Princes of Florence (SPEC.md section E): Prestige cards, the Banker's last
exchange, final scores, ranks and terminal rewards (most fame, then most money)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..constants import C_BANKER, PH_OVER

if TYPE_CHECKING:
    from ..state import PrincesState

MONEY_BITS = 24  # the rank key is fame * 2**24 + money (money stays far below 2**24)


class ScoringRules:
    """Mixin of :class:`~florentine_envs.games.princes.princes.Princes`: final scoring."""

    @property
    def scored_seats(self) -> int:
        """Seats whose principalities Prestige cards compare: all; solo: you and Wolfgang (D54)."""
        return 2 if self.solo else self.seats

    def all_features(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """int64[n, P, F]: every scored seat's features."""
        P = self.scored_seats
        gg = np.repeat(g, P)
        pp = np.tile(np.arange(P), g.size)
        return self.features(st, gg, pp).reshape(g.size, P, -1)

    def prestige_points(self, st: PrincesState, g: np.ndarray) -> np.ndarray:
        """int64[n, P, 14]: what each Prestige card would score for each seat now (D34)."""
        T = self.T
        feats = self.all_features(st, g)  # [n, P, F]
        value = feats[:, :, T.prestige_feature]  # [n, P, 14]
        top, low = value.max(1, keepdims=True), value.min(1, keepdims=True)
        at_top, at_low = value == top, value == low
        points, tie = T.prestige_points, T.prestige_tie
        most = np.where(at_top & (top > 0), np.where(at_top.sum(1, keepdims=True) == 1, points, tie), 0)
        fewest = np.where(at_low, np.where(at_low.sum(1, keepdims=True) == 1, points, tie), 0)
        reached = (feats[:, :, None, :] >= T.prestige_need[None, None]).all(3)  # [n, P, 14]
        at_least = np.where(reached, T.prestige_points, 0)
        kind = T.prestige_kind
        return np.where(kind == 0, most, np.where(kind == 1, fewest, at_least))

    def _final_scoring(self, st: PrincesState, g: np.ndarray) -> None:
        T = self.T
        P = self.scored_seats
        points = (self.prestige_points(st, g) * st.prestige_hand[g, :P]).sum(2)  # [n, P]
        st.fame[g, :P] += points.astype(np.int32)
        banker = st.char_owner[g, C_BANKER].astype(np.int64)
        has = banker >= 0
        if has.any():  # D32: the Banker's owner converts all it can
            gb, pb = g[has], banker[has]
            n = st.money[gb, pb] // T.banker_per_point
            st.fame[gb, pb] += n
            st.money[gb, pb] -= n * T.banker_per_point
            st.money_out[gb] += n * T.banker_per_point
        st.scores[g] = st.fame[g, : self.num_players]
        st.phase[g] = PH_OVER
        st.terminated[g] = True
        if self.solo:
            st.current_player[g] = 0
            st.rewards[g] += self._solo_final_rewards(st, g)
            return
        st.rewards[g] += self.final_rewards(st.fame[g], st.money[g])

    def final_rewards(self, fame: np.ndarray, money: np.ndarray) -> np.ndarray:
        """float32[n, P]: terminal rewards (SPEC E): ``win`` ranks by fame then money."""
        if self.options.get("reward", "win") == "score":
            return self.terminal_rewards(fame)
        return self.terminal_rewards(self.rank_key(fame, money))

    @staticmethod
    def rank_key(fame: np.ndarray, money: np.ndarray) -> np.ndarray:
        return fame.astype(np.int64) * (1 << MONEY_BITS) + money.astype(np.int64)

    def ranks(self, state: PrincesState) -> np.ndarray:
        """int[B, P] competition rank: most fame first, then most money; tied seats share.
        Solo: 1 when you beat or tie Wolfgang, else 2."""
        if self.solo:
            return self._solo_ranks(state)
        key = self.rank_key(state.scores, state.money)
        return 1 + (key[:, None, :] > key[:, :, None]).sum(-1)
