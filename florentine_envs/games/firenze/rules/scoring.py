"""Firenze's final scoring (rulebook "Final Scoring"; DESIGN_NOTES §9): prestige, the majority bonus
per colour (ties to the higher level), celebration cards and Recognition, and the terminal rewards."""

from __future__ import annotations

import numpy as np

from ..constants import PH_OVER
from ..state import FirenzeState


class FirenzeScoring:
    """Mixin of :class:`~florentine_envs.games.firenze.firenze.Firenze`: final scores and the end of the game."""

    def score_breakdown(self, st: FirenzeState, games: np.ndarray) -> dict[str, np.ndarray]:
        """Final scoring terms, each int[n, P]: ``majority`` and ``celebrations``."""
        P = self.num_players
        owner = st.commission_owner[games].astype(np.int64)  # [n, 36]
        seats = np.arange(P)
        mine = owner[:, None, :] == seats[None, :, None]  # [n, P, 36]
        per_colour = mine.reshape(games.size, P, 6, 6)  # [n, P, colour, level]
        counts = per_colour.sum(3)  # [n, P, 6]
        top_level = np.where(per_colour, np.arange(6), -1).max(3)  # [n, P, 6]
        best = counts.max(1, keepdims=True)
        tied = (counts == best) & (best > 0)
        winner = np.where(tied, top_level, -2).argmax(1)  # [n, 6]
        majority = np.zeros((games.size, P), np.int64)
        has = best[:, 0, :] > 0
        for c in range(6):
            rows = np.flatnonzero(has[:, c])
            majority[rows, winner[rows, c]] += self.majority_bonus[c]
        hand = st.hand[games].astype(np.int64)  # [n, P, 27]
        celebrations = (hand * self.celebration_pp).sum(2)
        low = np.isin(self.comm_height, self.recognition_heights)
        recognised = (mine & low).sum(2)
        celebrations += hand[:, :, self.K["Recognition"]] * recognised * self.recognition_pp
        return {"majority": majority, "celebrations": celebrations}

    def _final_scoring(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        terms = self.score_breakdown(st, games)
        scores = st.prestige[games].astype(np.int64) + terms["majority"] + terms["celebrations"]
        st.scores[games] = scores
        st.terminated[games] = True
        st.phase[games] = PH_OVER
        st.current_player[games] = st.turn_player[games]
        st.rewards[games] += self.terminal_rewards(scores)
