"""Phases 4-5 (SPEC §5.2.4-§5.2.5, §6.2-§6.5): placing workers (operate or build a workshop, an
artwork box and its hire, charity and its preacher, the market, going to work), batched for the
most frequent decisions, and the market's sales, purchases and trade."""

from __future__ import annotations

import numpy as np

from ..constants import (
    DETAINED,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_SPACES,
    ON_BOX,
    ON_CARD,
    ON_PULPIT,
    PH_HIRE,
    PH_PLACE,
    PH_PREACHER,
    PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2,
    PH_TRADE_TAKE,
)  # fmt: skip


class PlacementRules:
    """Phases 4-5; a part of :class:`~.RulesMixin`."""

    # ------------------------------------------------------------ phase 4, batched

    def _place_batch(self, st, G, a) -> None:
        """:meth:`_on_place` (every action but charity) and :meth:`_on_hire` for games ``G``,
        batched, then the next decision: HIRE after an artwork, else the next placement (the
        phase's end goes through :meth:`_continue`)."""
        ids, t, P = self.ids, self.t, self.num_players
        p = st.current_player[G].astype(np.int64)
        hire = st.phase[G] == PH_HIRE
        if hire.any():
            self._hire_batch(st, G[hire], p[hire], a[hire] - ids.character)
        placing = ~hire
        st.avail[G[placing], p[placing]] -= 1
        op = placing & (a < ids.build)
        if op.any():
            Go, po = G[op], p[op]
            j, s = np.divmod(a[op], NUM_SPACES)
            q = (po + j) % P
            st.space_worker[Go, q, s] = po
            fee = j > 0
            st.track[Go[fee], po[fee]] -= t.fee
            st.track[Go[fee], q[fee]] += t.fee
        bd = placing & (a >= ids.build) & (a < ids.hire_district)
        if bd.any():
            Gb, pb, w = G[bd], p[bd], a[bd] - ids.build
            space = (st.space_type[Gb, pb] < 0).argmax(1)  # the lowest empty space
            st.space_type[Gb, pb, space] = w
            st.space_built[Gb, pb, space] = False
            st.space_worker[Gb, pb, space] = pb
            st.ws_supply[Gb, w] -= 1
        art = placing & (a >= ids.hire_district) & (a < ids.market)
        if art.any():
            self._artwork_batch(st, G[art], p[art], a[art] - ids.hire_district)
        mk = placing & (a == ids.market)
        st.market_worker[G[mk], p[mk]] = True
        wk = placing & (a == ids.work)
        st.at_work[G[wk], p[wk]] += 1
        st.money[G[wk], p[wk]] += t.work_pay
        self._next_placement_batch(st, G[~art])

    def _artwork_batch(self, st, G, p, box) -> None:
        """A worker on an artwork box (district d < 8, main 8 + m): phase HIRE for the same player."""
        t = self.t
        district = box < NUM_BOXES
        st.box_worker[G[district], p[district], box[district]] = True
        st.main_worker[G[~district], box[~district] - NUM_BOXES] = p[~district]
        st.pend_box[G] = box
        st.phase[G] = PH_HIRE
        skills = np.where(district[:, None], t.box_skills[np.minimum(box, NUM_BOXES - 1)],
                          t.art_skills[np.maximum(box - NUM_BOXES, 0)])  # fmt: skip
        where = st.char_where[G]
        free = (where == ON_CARD) | ((where == DETAINED) & (st.captain[G] == p)[:, None])  # D13
        named = (st.char_state[G] == IN_PLAY) & free & t.is_artist
        named &= skills.astype(np.int32) @ t.skills[:NUM_NAMED].T.astype(np.int32) > 0
        rows = st.legal_action_mask[G]
        rows[:] = False
        ids = self.ids
        rows[:, ids.character : ids.character + NUM_NAMED] = named
        rows[:, ids.character + NUM_NAMED : ids.character + NUM_NAMED + 3] = (st.unnamed_left[G, :3] >= 1) & skills
        st.legal_action_mask[G] = rows

    def _hire_batch(self, st, G, p, x) -> None:
        """:meth:`_on_hire` for games ``G``: the character slot x goes on the pending box."""
        named = x < NUM_NAMED
        st.char_where[G[named], x[named]] = ON_BOX
        st.unnamed_left[G[~named], x[~named] - NUM_NAMED] -= 1
        box = st.pend_box[G].astype(np.int64)
        district = box < NUM_BOXES
        st.box_artist[G[district], p[district], box[district]] = x[district]
        st.main_artist[G[~district], box[~district] - NUM_BOXES] = x[~district]
        st.acq[G, p, self.acq_char + x] += 1
        st.pend_box[G] = -1
        st.phase[G] = PH_PLACE

    def _next_placement_batch(self, st, G) -> None:
        """The pointer moves to the next turn slot whose player has a worker left (batched)."""
        P = self.num_players
        st.ptr[G] = (st.ptr[G] + 1) % st.nslots[G]
        live = st.avail[G].any(1)
        Gl = G[live]
        if Gl.size:
            cand = (st.ptr[Gl, None].astype(np.int64) + np.arange(P + 1)) % st.nslots[Gl, None]
            seats = st.order[Gl[:, None], cand].astype(np.int64)
            k = (st.avail[Gl[:, None], seats] > 0).argmax(1)
            rows = np.arange(Gl.size)
            st.ptr[Gl] = cand[rows, k]
            st.current_player[Gl] = seats[rows, k]
            st.phase[Gl] = PH_PLACE
            self._set_place_masks(st, Gl, seats[rows, k])
        for g in G[~live].tolist():
            self._continue(st, g)

    # ------------------------------------------------------------ phase 4

    def _on_place(self, st, g, a) -> None:
        ids, t, P = self.ids, self.t, self.num_players
        p = int(st.current_player[g])
        st.avail[g, p] -= 1
        if a < ids.build:  # operate a workshop
            j, s = divmod(a, NUM_SPACES)
            q = (p + j) % P
            st.space_worker[g, q, s] = p
            if j:
                st.track[g, p] -= t.fee
                st.track[g, q] += t.fee
        elif a < ids.hire_district:
            w = a - ids.build
            space = int(np.flatnonzero(st.space_type[g, p] < 0)[0])
            self._place_tile(st, g, p, space, w, built=False)
            st.space_worker[g, p, space] = p
        elif a < ids.hire_main:
            d = a - ids.hire_district
            st.box_worker[g, p, d] = True
            st.pend_box[g] = d
            self.decide(st, g, PH_HIRE, p)
            return
        elif a < ids.market:
            m = a - ids.hire_main
            st.main_worker[g, m] = p
            st.pend_box[g] = NUM_BOXES + m
            self.decide(st, g, PH_HIRE, p)
            return
        elif a == ids.market:
            st.market_worker[g, p] = True
        elif a in (ids.charity_own, ids.charity_cathedral):
            if a == ids.charity_own:
                st.pulpit_own[g, p] = True
                st.pend_pulpit[g] = 0
            else:
                st.cath_pulpit[g] = p
                st.pend_pulpit[g] = 1
            self.decide(st, g, PH_PREACHER, p)
            return
        else:  # go to work
            st.at_work[g, p] += 1
            st.money[g, p] += t.work_pay
        self._next_placement(st, g)

    def _next_placement(self, st, g) -> None:
        st.ptr[g] = (int(st.ptr[g]) + 1) % int(st.nslots[g])
        self._continue(st, g)

    def _on_hire(self, st, g, a) -> None:
        p, x = int(st.current_player[g]), a - self.ids.character
        if x < NUM_NAMED:
            st.char_where[g, x] = ON_BOX
        else:
            st.unnamed_left[g, x - NUM_NAMED] -= 1
        box = int(st.pend_box[g])
        if box < NUM_BOXES:
            st.box_artist[g, p, box] = x
        else:
            st.main_artist[g, box - NUM_BOXES] = x
        st.acq[g, p, self.acq_char + x] += 1
        st.pend_box[g] = -1
        self._next_placement(st, g)

    def _on_preacher(self, st, g, a) -> None:
        t, p, x = self.t, int(st.current_player[g]), a - self.ids.character
        self.pay(st, g, p, t.ch_cost[x], int(t.ch_cost_fl[x]))
        if x < NUM_NAMED:
            st.char_where[g, x] = ON_PULPIT
            n = int(t.ch_workers[x, self.roll(st, g)])  # D27
        else:
            st.unnamed_left[g, 3] -= 1
            n = int(t.ch_workers[x, 1])
        self.take_workers(st, g, p, n)
        st.res[g, p] += t.ch_gain[x]
        st.track[g, p] += t.ch_pp[x]
        self.add_influence(st, g, p, t.ch_inf[x])
        st.acq[g, p, self.acq_char + x] += 1
        if st.pend_pulpit[g] == 0:  # the preacher's tile stays on the pulpit until the end of the round
            st.own_preacher[g, p] = x
        else:
            st.cath_preacher[g] = x
        st.pend_pulpit[g] = -1
        self._next_placement(st, g)

    # ------------------------------------------------------------ phase 5

    def _on_market(self, st, g, a) -> None:
        ids, t, p = self.ids, self.t, int(st.current_player[g])
        if a == ids.pass_:
            self._end_market_turn(st, g)
        elif a == ids.trade:
            st.market_used[g, 2] = 1
            self.decide(st, g, PH_TRADE_GIVE_1, p)
            return
        elif a < ids.buy:
            st.res[g, p, a - ids.sell] -= 1
            st.money[g, p] += t.sell_price
            st.market_used[g, 0] = 1
        else:
            st.res[g, p, a - ids.buy] += 1
            st.money[g, p] -= t.buy_price
            st.market_used[g, 1] = 1
        if st.market_used[g].all():
            self._end_market_turn(st, g)
        self._continue(st, g)

    def _on_trade(self, st, g, a) -> None:
        p, r, phase = int(st.current_player[g]), a - self.ids.resource, int(st.phase[g])
        if phase == PH_TRADE_TAKE:
            st.res[g, p, r] += 1
            st.trade_given[g] = 0
            if st.market_used[g].all():
                self._end_market_turn(st, g)
            self._continue(st, g)
            return
        st.res[g, p, r] -= 1
        st.trade_given[g, r] += 1
        self.decide(st, g, PH_TRADE_GIVE_2 if phase == PH_TRADE_GIVE_1 else PH_TRADE_TAKE, p)

    def _end_market_turn(self, st, g) -> None:
        st.ptr[g] += 1
        st.market_used[g] = 0
