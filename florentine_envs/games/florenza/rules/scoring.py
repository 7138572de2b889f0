"""Final scoring, ranks and rewards (SPEC §8-§9)."""

from __future__ import annotations

import numpy as np


class ScoringMixin:
    """Mixed into :class:`~florentine_envs.games.florenza.florenza.Florenza` beside :class:`~.RulesMixin`."""

    #: balance hook: the offices whose holders :meth:`office_holders` reports
    office_names = ("Captain", "Bishop")

    def score_parts(self, st) -> dict[str, np.ndarray]:
        """int[B, P] per term of SPEC §8 on the state as it stands."""
        P, t = self.num_players, self.t
        seats = np.arange(P)
        chiesa = t.box_chiesa
        return {
            "prestige": st.certs.astype(np.int64) + st.track,
            "captain": t.end_captain * (st.captain[:, None] == seats).astype(np.int64),
            "bishop": t.end_bishop * (st.bishop[:, None] == seats).astype(np.int64),
            "cubes": st.res.sum(2).astype(np.int64) // t.end_cubes,
            "fiorini": st.money.astype(np.int64) // t.end_fiorini,
            "empty_spaces": -t.end_empty * (st.space_type < 0).sum(2).astype(np.int64),
            "open_boxes": -t.end_open_box * (~st.box_crest).sum(2).astype(np.int64),
            "no_palazzo": -t.end_no_palazzo * (~st.box_crest[:, :, ~chiesa].any(2)).astype(np.int64),
            "no_chiesa": -t.end_no_chiesa * (~st.box_crest[:, :, chiesa].any(2)).astype(np.int64),
        }

    def score_now(self, st) -> np.ndarray:
        return sum(self.score_parts(st).values())

    def final_scoring(self, st, g) -> None:
        score = self.score_now(st.select(np.array([g])))[0]
        st.scores[g] = score
        cubes = st.res[g].sum(1).astype(np.int64)
        money = st.money[g].astype(np.int64)
        key = np.stack([score, cubes, money], 1)  # [P, 3] compared lexicographically
        P = self.num_players
        beats = np.zeros((P, P), bool)
        for p in range(P):
            for q in range(P):
                beats[p, q] = tuple(key[p]) > tuple(key[q])
        st.final_rank[g] = 1 + beats.sum(0)
        winners = st.final_rank[g] == 1
        w = int(winners.sum())
        if self.options.get("reward", "win") == "score":
            others = (score.sum() - score) / (P - 1)
            st.rewards[g] += (score - others).astype(np.float32)
        elif w < P:
            st.rewards[g] += np.where(winners, 1.0 / w, -1.0 / (P - w)).astype(np.float32)

    def ranks(self, st) -> np.ndarray:
        live = ~st.terminated
        out = st.final_rank.astype(np.int64).copy()
        if live.any():
            out[live] = super().ranks(st)[live]
        return out

    def running_scores(self, st) -> np.ndarray:
        out = self.score_now(st).astype(np.float32)
        done = st.terminated
        out[done] = st.scores[done]
        return out

    def acquisitions(self, st) -> np.ndarray:
        return st.acq.astype(np.int32)

    def office_holders(self, st) -> np.ndarray:
        """int64[B, 2]: the seat holding each office (``office_names``) as the state stands, -1
        for none (balance hook: the study counts how often each office changes hands)."""
        return np.stack([st.captain, st.bishop], 1).astype(np.int64)

    def turn_positions(self, st) -> np.ndarray:
        """int64[B, P]: the seat at each position of the turn order track, first player first
        (balance hook: set-up draws a random order, not the seats in turn from the first, and
        the first decision is the last player's starting pick, SPEC §5.1)."""
        return st.order[:, : self.num_players].astype(np.int64)
