"""Phase 6 (SPEC §5.2.6, §6.6): the district boards' spaces in order: constructions paid or failed
(D22), productions and conversions; one game at a time and batched."""

from __future__ import annotations

import numpy as np

from ..constants import NUM_SPACES, PH_CONVERT, ST_ARTWORK


class DistrictRules:
    """Phase 6; a part of :class:`~.RulesMixin`."""

    def _district_step(self, st, g) -> bool:
        """Resolve district tiles in order (SPEC §5.2.6) until a CONVERT decision (True) or the
        phase's end (False, stage moved on)."""
        t = self.t
        players = self.players_in_order(st, g)
        while st.sub[g] < NUM_SPACES:
            s = int(st.sub[g])
            while st.ptr[g] < len(players):
                q = players[int(st.ptr[g])]
                u = int(st.space_worker[g, q, s])
                if u < 0:
                    st.ptr[g] += 1
                    continue
                w = int(st.space_type[g, q, s])
                if not st.space_built[g, q, s]:
                    st.space_worker[g, q, s] = -1
                    st.pool[g, u] += 1
                    st.ptr[g] += 1
                    if self.can_pay(st, g, q, t.ws_cost[w], int(t.ws_cost_fl[w])):
                        self.pay(st, g, q, t.ws_cost[w], int(t.ws_cost_fl[w]))
                        st.space_built[g, q, s] = True
                        st.track[g, q] += t.ws_build_pp[w]
                        st.acq[g, q, w] += 1
                    else:  # D22: the tile goes back, the space is empty again
                        st.space_type[g, q, s] = -1
                        st.ws_supply[g, w] += 1
                        st.track[g, q] -= t.build_loss
                    continue
                if t.ws_convert[w]:
                    if self.can_pay(st, g, u, t.ws_spend[w], int(t.ws_spend_fl[w])):
                        st.pend_ws[g] = w
                        self.decide(st, g, PH_CONVERT, u)
                        return True
                else:
                    self._gain(st, g, u, w)
                self._release_workshop(st, g, q, s, u)
            st.sub[g] += 1
            st.ptr[g] = 0
        self._set_stage(st, g, ST_ARTWORK)
        return False

    def _resolve_districts(self, st, G) -> None:
        """:meth:`_district_step` for games ``G`` (int[n]) together: each pass resolves every game's
        next district space (SPEC §5.2.6, in its order); a game stops at a CONVERT decision, or
        leaves phase 6 through :meth:`_continue`."""
        t, P = self.t, self.num_players
        active = G
        while active.size:
            wrapped = active[st.ptr[active] >= P]  # every player's space s done: the next space
            st.sub[wrapped] += 1
            st.ptr[wrapped] = 0
            done = st.sub[active] >= NUM_SPACES
            for g in active[done].tolist():
                self._set_stage(st, g, ST_ARTWORK)
                self._continue(st, g)
            A = active[~done]
            s, j = st.sub[A].astype(np.int64), st.ptr[A].astype(np.int64)
            q = st.order[A, j + ((st.nslots[A] == P + 1) & (j >= 1))].astype(np.int64)  # a double slot once
            u = st.space_worker[A, q, s].astype(np.int64)  # the worker's family, -1 none
            w = np.maximum(st.space_type[A, q, s], 0).astype(np.int64)
            build = (u >= 0) & ~st.space_built[A, q, s]
            if build.any():
                self._construct_batch(st, A[build], q[build], s[build], u[build], w[build])
            run = (u >= 0) & ~build
            convert = run & t.ws_convert[w]
            convert &= (st.money[A, u] >= t.ws_spend_fl[w]) & (st.res[A, u] >= t.ws_spend[w]).all(1)
            gain = run & ~t.ws_convert[w]
            if gain.any():
                Gg, ug, wg = A[gain], u[gain], w[gain]
                st.res[Gg, ug] += t.ws_gain[wg]
                st.money[Gg, ug] += t.ws_gain_fl[wg]
                st.track[Gg, ug] += t.ws_gain_pp[wg]
                st.influence[Gg, ug] = np.maximum(0, st.influence[Gg, ug] + t.ws_gain_inf[wg])  # D5
            free = run & ~convert  # the worker goes home (a conversion nobody can pay: no gain)
            st.space_worker[A[free], q[free], s[free]] = -1
            st.pool[A[free], u[free]] += 1
            for g, w_g, u_g in zip(A[convert].tolist(), w[convert].tolist(), u[convert].tolist()):
                st.pend_ws[g] = w_g
                self.decide(st, g, PH_CONVERT, u_g)
            active = A[~convert]
            st.ptr[active] += 1

    def _construct_batch(self, st, G, q, s, u, w) -> None:
        """Phase 6's constructions in games ``G``: the worker goes home, the owner q pays for the
        workshop w on space s, or loses prestige and the tile goes back (D22) (as :meth:`_district_step`)."""
        t = self.t
        st.space_worker[G, q, s] = -1
        st.pool[G, u] += 1
        ok = (st.money[G, q] >= t.ws_cost_fl[w]) & (st.res[G, q] >= t.ws_cost[w]).all(1)
        Go, qo, so, wo = G[ok], q[ok], s[ok], w[ok]
        st.money[Go, qo] -= t.ws_cost_fl[wo]
        st.res[Go, qo] -= t.ws_cost[wo]
        st.space_built[Go, qo, so] = True
        st.track[Go, qo] += t.ws_build_pp[wo]
        st.acq[Go, qo, wo] += 1
        fail = ~ok
        Gf, qf, wf = G[fail], q[fail], w[fail]
        st.space_type[Gf, qf, s[fail]] = -1
        st.ws_supply[Gf, wf] += 1
        st.track[Gf, qf] -= t.build_loss

    def _gain(self, st, g, u, w) -> None:
        t = self.t
        st.res[g, u] += t.ws_gain[w]
        st.money[g, u] += t.ws_gain_fl[w]
        st.track[g, u] += t.ws_gain_pp[w]
        self.add_influence(st, g, u, t.ws_gain_inf[w])

    def _release_workshop(self, st, g, q, s, u) -> None:
        st.space_worker[g, q, s] = -1
        st.pool[g, u] += 1
        st.ptr[g] += 1

    def _on_convert(self, st, g, a) -> None:
        t, u, w = self.t, int(st.current_player[g]), int(st.pend_ws[g])
        if a == self.ids.accept:
            self.pay(st, g, u, t.ws_spend[w], int(t.ws_spend_fl[w]))
            self._gain(st, g, u, w)
        players = self.players_in_order(st, g)
        self._release_workshop(st, g, players[int(st.ptr[g])], int(st.sub[g]), u)
        st.pend_ws[g] = -1
        self._continue(st, g)
