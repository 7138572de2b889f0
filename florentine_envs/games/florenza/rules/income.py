"""Phases 1-3 (SPEC §5.2.1-§5.2.3) and the set-up's decisions (§6.1): the income (one game and batched),
the Atrio's choice, the starting workshops' picks, the Captain's and the Bishop's powers."""

from __future__ import annotations

import numpy as np

from ....core import rng
from ..constants import (
    DETAINED,
    EXPELLED,
    PH_ATRIO,
    ST_BISHOP,
    ST_PLACE,
    STREAM_DIE,
    WORKERS,
)  # fmt: skip
from ..tables import I_FIORINI, I_INFLUENCE, I_PRESTIGE, I_WORKER


class IncomeRules:
    """Phases 1-3 and the set-up picks; a part of :class:`~.RulesMixin`."""

    # ------------------------------------------------------------ phase 1

    def _income(self, st, g) -> None:
        """SPEC §5.2.1 (a)-(b): family income, the die's resource, workshop and artwork income."""
        t, P = self.t, self.num_players
        v = self.roll(st, g)
        r = int(t.die_resource[v - 1])
        st.income_res[g] = r
        short = int(t.cubes[r]) - int(st.res[g, :, r].sum()) < P  # D7
        for p in range(P):
            st.money[g, p] += t.income_fl
            st.res[g, p, t.marble] += t.income_marble
            st.res[g, p, t.wood] += t.income_wood
            if short:
                st.money[g, p] += t.die_fallback
            else:
                st.res[g, p, r] += 1
            workers = t.income_workers
            built = st.space_built[g, p] & (st.space_type[g, p] >= 0)
            types = st.space_type[g, p][built].astype(np.int64)
            st.money[g, p] += int(t.ws_inc_fl[types].sum())
            st.track[g, p] += int(t.ws_inc_pp[types].sum())
            workers += int(t.ws_inc_workers[types].sum())
            for m in np.flatnonzero(st.main_crest[g] == p):
                kind, n = int(t.art_income_kind[m]), int(t.art_income_n[m])
                if kind == I_PRESTIGE:
                    st.track[g, p] += n
                elif kind == I_INFLUENCE:
                    self.add_influence(st, g, p, n)
                elif kind == I_WORKER:
                    workers += n
                elif kind == I_FIORINI:
                    st.money[g, p] += n
            st.avail[g, p] = min(WORKERS, workers)
            st.pool[g, p] = WORKERS - st.avail[g, p]

    def _income_batch(self, st, G) -> None:
        """SPEC §5.2.1 (a)-(b) for games ``G`` (int[n]), batched: family income, the die's resource,
        workshop and artwork income (:meth:`_income` for many games)."""
        t, P = self.t, self.num_players
        seats = np.arange(P)
        v = 1 + rng.randint(st.seed[G], STREAM_DIE, st.rolls[G], 6)  # int[n]: :meth:`roll` of each game (SPEC §3)
        st.rolls[G] += 1
        r = t.die_resource[v - 1]  # int[n]
        st.income_res[G] = r
        short = t.cubes[r] - st.res[G[:, None], seats, r[:, None]].sum(1) < P  # D7, before anyone is paid
        st.money[G] += t.income_fl + t.die_fallback * short[:, None]
        st.res[G, :, t.marble] += t.income_marble
        st.res[G, :, t.wood] += t.income_wood
        paid = ~short
        st.res[G[paid, None], seats, r[paid, None]] += 1
        types = st.space_type[G]  # [n, P, 8]
        built = st.space_built[G] & (types >= 0)
        types = np.maximum(types, 0)
        st.money[G] += (t.ws_inc_fl[types] * built).sum(2)
        st.track[G] += (t.ws_inc_pp[types] * built).sum(2)
        workers = t.income_workers + (t.ws_inc_workers[types] * built).sum(2)  # [n, P]
        holder = st.main_crest[G][:, :, None] == seats  # [n, NM, P] the artwork's crest is p's
        kind, amount = t.art_income_kind, t.art_income_n
        st.track[G] += (holder * (amount * (kind == I_PRESTIGE))[:, None]).sum(1)
        st.money[G] += (holder * (amount * (kind == I_FIORINI))[:, None]).sum(1)
        workers += (holder * (amount * (kind == I_WORKER))[:, None]).sum(1)
        for m in np.flatnonzero(kind == I_INFLUENCE).tolist():  # one at a time: influence stops at 0 (D5)
            st.influence[G] = np.maximum(0, st.influence[G] + amount[m] * holder[:, m])
        st.avail[G] = np.minimum(WORKERS, workers)
        st.pool[G] = WORKERS - st.avail[G]

    def _offer_atrio(self, st, g) -> bool:
        """After game g's income (``sub`` 1): True when the Atrio's holder now chooses gold or a sale."""
        st.sub[g] = 1
        holder = int(st.main_crest[g, self.t.atrio]) if self.t.atrio >= 0 else -1
        if holder >= 0:
            self.decide(st, g, PH_ATRIO, holder)
            return True
        return False

    def _on_atrio(self, st, g, a) -> None:
        p, t = int(st.current_player[g]), self.t
        if a == self.ids.atrio_gold:
            st.res[g, p, t.gold] += t.atrio_gold
        else:
            st.res[g, p, t.gold] -= 1
            st.money[g, p] += t.atrio_price
        self._continue(st, g)

    # ------------------------------------------------------------ phases 2-3 and set-up

    def _on_start_pick(self, st, g, a) -> None:
        p, w = int(st.current_player[g]), a - self.ids.build
        space = int(st.ptr[g]) // self.num_players
        self._place_tile(st, g, p, space, w, built=True)
        st.ptr[g] += 1
        self._continue(st, g)

    def _place_tile(self, st, g, p, space, w, built) -> None:
        st.space_type[g, p, space] = w
        st.space_built[g, p, space] = built
        st.ws_supply[g, w] -= 1
        if built:
            st.acq[g, p, w] += 1

    def _on_captain(self, st, g, a) -> None:
        ids, p = self.ids, int(st.current_player[g])
        if ids.target <= a < ids.pass_:
            q = (p + a - ids.target + 1) % self.num_players
            st.avail[g, q] -= 1
            st.detained[g, q] += 1
        elif ids.character <= a < ids.target:
            st.char_where[g, a - ids.character] = DETAINED
        self._set_stage(st, g, ST_BISHOP)
        self._continue(st, g)

    def _on_bishop(self, st, g, a) -> None:
        ids, p = self.ids, int(st.current_player[g])
        if ids.target <= a < ids.pass_:
            q = (p + a - ids.target + 1) % self.num_players
            st.avail[g, q] -= 1
            st.pool[g, q] += 1
            self.take_workers(st, g, p, 1)
        elif ids.character <= a < ids.target:
            st.char_where[g, a - ids.character] = EXPELLED
        self._set_stage(st, g, ST_PLACE)
        self._continue(st, g)
