"""The rules (SPEC §5-§6): decision handlers per phase and the automatic flow between decisions.

The flow is a small state machine: ``stage`` is the rulebook phase (constants ``ST_*``), ``ptr``
and ``sub`` say where inside it the game stands (placement slot, market player, district space,
artwork box). :meth:`RulesMixin._continue` runs the automatic steps of one game until its next
decision and sets ``phase``, ``current_player`` and the mask row. Handlers work on one game at a
time (``g``): the per-game branches of this game are many and short. Where many games of a batch
reach the same step together, batched versions run them at once (``_place_batch``,
``_resolve_districts``, ``_resolve_artworks``, and phases 8, 9 and 1 in ``_close_rounds``); the
tests hold both equal."""

from __future__ import annotations

import numpy as np

from ...core import rng
from .constants import (
    DETAINED,
    EXPELLED,
    GONE,
    IN_PLAY,
    NUM_BOXES,
    NUM_NAMED,
    NUM_SPACES,
    ON_BOX,
    ON_CARD,
    ON_PULPIT,
    PH_ARTWORK,
    PH_ATRIO,
    PH_BISHOP,
    PH_CAPTAIN,
    PH_CATHEDRAL_DIE,
    PH_CONVERT,
    PH_HIRE,
    PH_INCENTIVE,
    PH_MARKET,
    PH_OVER,
    PH_PLACE,
    PH_PREACHER,
    PH_SKILL,
    PH_START_PICK,
    PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2,
    PH_TRADE_TAKE,
    ROUNDS,
    ST_ARTWORK,
    ST_BISHOP,
    ST_CAPTAIN,
    ST_DISTRICT,
    ST_END,
    ST_INCOME,
    ST_MARKET,
    ST_ORDER,
    ST_OVER,
    ST_PLACE,
    ST_SETUP,
    STREAM_DIE,
    WORKERS,
    Z_CATHEDRAL,
    Z_DISTRICT,
)  # fmt: skip
from .tables import I_FIORINI, I_INFLUENCE, I_PRESTIGE, I_WORKER

# fewer games than this reaching the same step run it one at a time (Python scalars beat index arrays)
BATCH_MIN = 4
DISTRICT_BATCH_MIN = 16  # phase 6 takes 8 passes per player: fewer games run faster one at a time
_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's finaliser in Python integers (core.rng's ``_mix``)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def scalar_randint(seed: int, stream: int, counter: int, n: int, index: int = 0) -> int:
    """``core.rng.randint(seed, stream, counter, n, index)`` for one value, in Python integers."""
    z = _mix((seed + _GOLDEN) & _MASK64)
    for position, word in ((2, stream), (3, counter), (4, index)):
        z = _mix(z ^ _mix((word + _GOLDEN * position) & _MASK64))
    return ((z >> 32) * n) >> 32


class RulesMixin:
    """Handlers and flow; mixed into :class:`~.florenza.Florenza`."""

    # ------------------------------------------------------------ helpers

    def players_in_order(self, st, g) -> list[int]:
        """The distinct players of this round's turn order, in slot order (SPEC §4)."""
        order = st.order[g].tolist()
        if st.nslots[g] == self.num_players:
            return order[: self.num_players]
        return order[:1] + order[2 : self.num_players + 1]  # a double office holder's two slots

    def roll(self, st, g) -> int:
        """The next die roll of game g (SPEC §3): ``1 + rng.randint(seed, STREAM_DIE, rolls, 6)``,
        computed in Python integers (one value: far cheaper than numpy scalars; tested equal)."""
        v = 1 + scalar_randint(int(st.seed[g]), STREAM_DIE, int(st.rolls[g]), 6)
        st.rolls[g] += 1
        return v

    def can_pay(self, st, g, p, cubes, fl) -> bool:
        return bool(st.money[g, p] >= fl and (st.res[g, p] >= cubes).all())

    def pay(self, st, g, p, cubes, fl) -> None:
        st.money[g, p] -= fl
        st.res[g, p] -= cubes

    def add_influence(self, st, g, p, n) -> None:
        st.influence[g, p] = max(0, int(st.influence[g, p]) + int(n))  # D5

    def take_workers(self, st, g, p, n) -> None:
        """Move up to n workers from p's pool to its board (D19)."""
        n = min(int(n), int(st.pool[g, p]))
        st.pool[g, p] -= n
        st.avail[g, p] += n

    def decide(self, st, g, phase, player) -> None:
        st.phase[g] = phase
        st.current_player[g] = player
        deferred = self.__dict__.get("_deferred")
        if phase == PH_PLACE and deferred is not None:
            deferred.append(g)  # masked with the batch's other placements (see ``_batched``)
        else:
            self.refresh_mask(st, g)

    def _batched(self, st, run) -> None:
        """``run()`` with the games reaching phase 6 or 7 resolved together (:meth:`_resolve_districts`,
        :meth:`_resolve_artworks`) and PLACE masks collected and computed together at the end (one
        :meth:`place_masks` call for every game that reached a placement one game at a time)."""
        self._deferred, self._art_queue, self._district_queue = [], [], []
        try:
            run()
            while self._art_queue or self._district_queue:
                if self._district_queue:
                    queued, self._district_queue = np.unique(self._district_queue), []
                    if queued.size >= DISTRICT_BATCH_MIN:
                        self._resolve_districts(st, queued)
                        continue
                    for g in queued.tolist():
                        if not self._district_step(st, g):
                            self._continue(st, g)
                    continue
                queued, self._art_queue = np.unique(self._art_queue), []
                if queued.size >= 8:
                    self._resolve_artworks(st, queued)
                    continue
                for g in queued.tolist():  # a few games: one at a time is cheaper
                    if not self._artwork_step(st, g):
                        self._continue(st, g)
        finally:
            G = np.array(self._deferred, np.int64)
            self._deferred = self._art_queue = self._district_queue = None
        if G.size:
            self._set_place_masks(st, G, st.current_player[G].astype(np.int64))

    def _set_place_masks(self, st, G, p) -> None:
        """The PLACE mask rows of games ``G`` (int[n]) for players ``p`` (int[n]): batched, or one game
        at a time for a few games (:meth:`_place_mask`, far cheaper than index arrays for one)."""
        if G.size >= BATCH_MIN:
            st.legal_action_mask[G] = self.place_masks(st, G, p)
            return
        for g, q in zip(G.tolist(), p.tolist()):
            row = st.legal_action_mask[g]
            row[:] = False
            self._place_mask(st, g, q, row)

    # ------------------------------------------------------------ dispatch

    def _apply(self, state, games, actions) -> None:
        if games.size > 1:
            self._batched(state, lambda: self._apply_many(state, games, actions))
            return
        self._apply_each(state, games, actions)

    def _apply_many(self, state, games, actions) -> None:
        # the most frequent decisions -- placements and hiring -- run batched
        ids, phase = self.ids, state.phase[games]
        batched = (phase == PH_PLACE) & ((actions < ids.charity_own) | (actions == ids.work))
        batched |= phase == PH_HIRE
        if batched.any():
            self._place_batch(state, games[batched], actions[batched])
            games, actions = games[~batched], actions[~batched]
        self._apply_each(state, games, actions)

    def _apply_each(self, state, games, actions) -> None:
        handlers = self.__dict__.get("_handler_table")
        if handlers is None:  # built once per game object: this runs at every step
            handlers = self.__dict__["_handler_table"] = self._handlers()
        for g, a in zip(games.tolist(), actions.tolist()):
            handlers[int(state.phase[g])](state, g, a)

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

    def _handlers(self):
        return {
            PH_START_PICK: self._on_start_pick, PH_ATRIO: self._on_atrio, PH_CAPTAIN: self._on_captain,
            PH_BISHOP: self._on_bishop, PH_PLACE: self._on_place, PH_HIRE: self._on_hire,
            PH_PREACHER: self._on_preacher, PH_MARKET: self._on_market, PH_TRADE_GIVE_1: self._on_trade,
            PH_TRADE_GIVE_2: self._on_trade, PH_TRADE_TAKE: self._on_trade, PH_CONVERT: self._on_convert,
            PH_SKILL: self._on_skill, PH_INCENTIVE: self._on_incentive, PH_CATHEDRAL_DIE: self._on_die,
            PH_ARTWORK: self._on_artwork,
        }  # fmt: skip

    # ------------------------------------------------------------ the flow

    def _set_stage(self, st, g, stage) -> None:
        st.stage[g], st.ptr[g], st.sub[g] = stage, 0, 0

    def _continue(self, st, g) -> None:
        """Run the automatic steps of game g up to its next decision (or the end)."""
        while True:
            stage = int(st.stage[g])
            if stage == ST_SETUP:
                P = self.num_players
                if st.ptr[g] < 2 * P:
                    pickers = self.players_in_order(st, g)[::-1]  # the last player picks first
                    self.decide(st, g, PH_START_PICK, pickers[int(st.ptr[g]) % P])
                    return
                self._set_stage(st, g, ST_PLACE)
            elif stage == ST_INCOME:
                if st.sub[g] == 0:
                    self._income(st, g)
                    if self._offer_atrio(st, g):
                        return
                self._set_stage(st, g, ST_CAPTAIN)
            elif stage == ST_CAPTAIN:
                if st.sub[g] == 0 and st.captain[g] >= 0:
                    st.sub[g] = 1
                    self.decide(st, g, PH_CAPTAIN, int(st.captain[g]))
                    return
                self._set_stage(st, g, ST_BISHOP)
            elif stage == ST_BISHOP:
                if st.sub[g] == 0 and st.bishop[g] >= 0:
                    st.sub[g] = 1
                    self.decide(st, g, PH_BISHOP, int(st.bishop[g]))
                    return
                self._set_stage(st, g, ST_PLACE)
            elif stage == ST_PLACE:
                if not st.avail[g].any():
                    self._set_stage(st, g, ST_MARKET)
                    continue
                n = int(st.nslots[g])
                s = int(st.ptr[g])
                while st.avail[g, st.order[g, s]] == 0:
                    s = (s + 1) % n
                st.ptr[g] = s
                self.decide(st, g, PH_PLACE, int(st.order[g, s]))
                return
            elif stage == ST_MARKET:
                players = self.players_in_order(st, g)
                while st.ptr[g] < len(players) and not st.market_worker[g, players[int(st.ptr[g])]]:
                    st.ptr[g] += 1
                if st.ptr[g] < len(players):
                    self.decide(st, g, PH_MARKET, players[int(st.ptr[g])])
                    return
                self._set_stage(st, g, ST_DISTRICT)
            elif stage == ST_DISTRICT:
                queue = self.__dict__.get("_district_queue")
                if queue is not None:
                    queue.append(g)  # resolved with the batch's other games in phase 6
                    return
                if self._district_step(st, g):
                    return
            elif stage == ST_ARTWORK:
                queue = self.__dict__.get("_art_queue")
                if queue is not None:
                    queue.append(g)  # resolved with the batch's other games in phase 7
                    return
                if self._artwork_step(st, g):
                    return
            elif stage == ST_ORDER:
                self._turn_order(st, g)
                if st.round[g] == ROUNDS:
                    self._finish(st, g)
                    return
                self._set_stage(st, g, ST_END)
            elif stage == ST_END:
                self._end_of_round(st, g)
                self._set_stage(st, g, ST_INCOME)
            else:  # pragma: no cover - ST_OVER games are never continued
                return

    def _end_market_turn(self, st, g) -> None:
        st.ptr[g] += 1
        st.market_used[g] = 0

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

    # ------------------------------------------------------------ phase 6

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

    # ------------------------------------------------------------ phase 7

    def box_info(self, box):
        """(cubes[6], Fiorini, skills bool[3], prestige, influence, zone) of a box id
        (district d < 8, main 8 + m)."""
        t = self.t
        if box < NUM_BOXES:
            return t.box_cost[box], int(t.box_cost_fl[box]), t.box_skills[box], int(t.box_pp[box]), \
                int(t.box_inf[box]), Z_DISTRICT  # fmt: skip
        m = box - NUM_BOXES
        return t.art_cost[m], int(t.art_cost_fl[m]), t.art_skills[m], int(t.art_pp[m]), int(t.art_inf[m]), \
            int(t.art_zone[m])  # fmt: skip

    def box_artist_of(self, st, g, p, box) -> int:
        return int(st.box_artist[g, p, box]) if box < NUM_BOXES else int(st.main_artist[g, box - NUM_BOXES])

    def payable_skills(self, st, g, p, box) -> np.ndarray:
        """bool[3]: skills of the hired artist that fit the box and whose whole cost p can pay (D9)."""
        t = self.t
        cubes, fl, skills, _, _, _ = self.box_info(box)
        x = self.box_artist_of(st, g, p, box)
        ok = t.skills[x] & skills
        if not (st.res[g, p] >= cubes).all():
            return np.zeros(3, bool)
        return ok & (st.money[g, p] >= fl + t.hire_cost[x])

    def _zone_boxes(self, st, g, p) -> list[int]:
        """p's boxes with its worker in the first zone that still has one (district, then civic, then
        Cathedral: "Complete any artworks you are attempting in your home district first, then any on
        civic buildings, and finally any artwork in the Cathedral."), in data order; [] when none."""
        district = np.flatnonzero(st.box_worker[g, p])
        if district.size:
            return district.tolist()
        t = self.t
        mine = t.main_order[st.main_worker[g, t.main_order] == p]
        if not mine.size:
            return []
        return [NUM_BOXES + int(m) for m in mine if t.art_zone[m] == t.art_zone[mine[0]]]

    def order_matters(self, st, g, p, boxes) -> bool:
        """Whether the order of ``boxes`` (two or more of one zone with p's workers, each payable on
        its own) can change what p completes or the skills it may choose (D8): False when p can pay
        all of them together, each with the dearest skill it could pay for it alone (and, in the
        no-die variant, the largest incentive on all but the last), so that no order and no choice
        on the way leaves a later box short."""
        t = self.t
        cubes = t.all_cost[boxes].sum(0)
        fl = int(t.all_cost_fl[boxes].sum())
        for box in boxes:
            x = self.box_artist_of(st, g, p, box)
            fl += int(t.hire_cost[x][self.payable_skills(st, g, p, box)].max())
        if self.no_die:
            fl += 3 * t.incentive_step * (len(boxes) - 1)  # incentives of 0..3 steps (structural)
        return not self.can_pay(st, g, p, cubes, fl)

    def _artwork_step(self, st, g) -> bool:
        """Phase 7 (SPEC §6.7) until a decision (True) or its end (False, stage moved on). In p's
        zone, a box p cannot pay fails first (it would fail in any order: payments only shrink what
        p holds); with every box payable, p picks the next when the order can matter (D8)."""
        players = self.players_in_order(st, g)
        while st.ptr[g] < len(players):
            p = players[int(st.ptr[g])]
            boxes = self._zone_boxes(st, g, p)
            if not boxes:
                st.ptr[g] += 1
                continue
            short = [box for box in boxes if not self.payable_skills(st, g, p, box).any()]
            if short:
                self._fail_artwork(st, g, p, short[0])
                continue
            if len(boxes) >= 2 and self.order_matters(st, g, p, boxes):
                self.decide(st, g, PH_ARTWORK, p)  # the player picks the next box (D8)
                return True
            if self._attempt(st, g, p, boxes[0]):
                return True
        self._set_stage(st, g, ST_ORDER)
        return False

    def _attempt(self, st, g, p, box) -> bool:
        """p attempts box: True at its SKILL decision; False after a failure (nothing payable)."""
        st.pend_box[g] = box
        if self.payable_skills(st, g, p, box).any():
            self.decide(st, g, PH_SKILL, p)
            return True
        self._fail_artwork(st, g, p, box)
        return False

    def _on_artwork(self, st, g, a) -> None:
        """ARTWORK: the chosen box (``HIRE_DISTRICT[d]`` / ``HIRE_MAIN[m]``: box id = a - hire_district)."""
        if not self._attempt(st, g, int(st.current_player[g]), a - self.ids.hire_district):
            self._continue(st, g)

    def _resolve_artworks(self, st, G) -> None:
        """:meth:`_artwork_step` for games ``G`` together: failures resolve at once; each game
        stops at its next SKILL decision, or leaves phase 7 through :meth:`_continue`."""
        t, P, ids = self.t, self.num_players, self.ids
        active, leaving = G, []
        while active.size:
            done = st.ptr[active] >= P
            leaving.extend(active[done].tolist())
            g = active[~done]
            double = st.nslots[g] == P + 1  # the player order: a double office holder's slots once
            slot = st.ptr[g].astype(np.int64) + (double & (st.ptr[g] >= 1))
            p = st.order[g, slot].astype(np.int64)
            district = st.box_worker[g, p]  # [n, 8]
            mine = st.main_worker[g][:, t.main_order] == p[:, None]  # [n, NM] in resolution order
            box = np.where(district.any(1), district.argmax(1),
                           np.where(mine.any(1), NUM_BOXES + t.main_order[mine.argmax(1)], -1))  # fmt: skip
            idle = box < 0
            st.ptr[g[idle]] += 1
            # two or more boxes in the zone: the order may be the player's decision (D8), one at a time
            zone = t.all_zone[np.maximum(box, 0)]
            same = mine & (t.art_zone[t.main_order] == zone[:, None])
            several = np.where(district.any(1), district.sum(1), same.sum(1)) >= 2
            for gs in g[several].tolist():
                if not self._artwork_step(st, gs):
                    leaving.append(gs)
            has = (box >= 0) & ~several
            g, p, box = g[has], p[has], box[has]
            is_district = box < NUM_BOXES
            x = np.where(is_district, st.box_artist[g, p, np.minimum(box, NUM_BOXES - 1)],
                         st.main_artist[g, np.maximum(box - NUM_BOXES, 0)]).astype(np.int64)  # fmt: skip
            cubes_ok = (st.res[g, p] >= t.all_cost[box]).all(1)
            payable = t.skills[x] & t.all_skills[box] & cubes_ok[:, None]
            payable &= st.money[g, p][:, None] >= t.all_cost_fl[box][:, None] + t.hire_cost[x]
            ok = payable.any(1)
            if ok.any():
                Gk = g[ok]
                st.pend_box[Gk] = box[ok]
                st.phase[Gk] = PH_SKILL
                st.current_player[Gk] = p[ok]
                rows = np.zeros((Gk.size, self.num_actions), bool)
                rows[:, ids.skill : ids.skill + 3] = payable[ok]
                st.legal_action_mask[Gk] = rows
            fail = ~ok
            if fail.any():
                Gf, pf, bf, xf = g[fail], p[fail], box[fail], x[fail]
                st.track[Gf, pf] -= (t.failure_loss[t.all_zone[bf]] + t.named_loss * (xf < NUM_NAMED)).astype(np.int16)
                self._release_boxes(st, Gf, pf, bf, xf)
            active = np.concatenate([g[fail], active[~done][idle]])
        if len(leaving) >= BATCH_MIN:
            self._close_rounds(st, np.array(leaving))
            return
        for g in leaving:
            self._set_stage(st, g, ST_ORDER)
            self._continue(st, g)

    def _release_boxes(self, st, G, p, box, x) -> None:
        """:meth:`_release_box` for games ``G`` (one box each), batched."""
        d = box < NUM_BOXES
        st.box_worker[G[d], p[d], box[d]] = False
        st.box_artist[G[d], p[d], box[d]] = -1
        st.main_worker[G[~d], box[~d] - NUM_BOXES] = -1
        st.main_artist[G[~d], box[~d] - NUM_BOXES] = -1
        named = x < NUM_NAMED
        st.char_where[G[named], x[named]] = ON_CARD
        st.unnamed_left[G[~named], x[~named] - NUM_NAMED] += 1
        st.pool[G, p] += 1
        st.pend_box[G] = -1
        st.pend_skill[G] = -1

    def _release_box(self, st, g, p, box) -> int:
        """Take p's worker and the artist off the box; the artist's tile returns; -> the slot x."""
        x = self.box_artist_of(st, g, p, box)
        if box < NUM_BOXES:
            st.box_worker[g, p, box] = False
            st.box_artist[g, p, box] = -1
        else:
            st.main_worker[g, box - NUM_BOXES] = -1
            st.main_artist[g, box - NUM_BOXES] = -1
        if x < NUM_NAMED:
            st.char_where[g, x] = ON_CARD
        else:
            st.unnamed_left[g, x - NUM_NAMED] += 1
        st.pool[g, p] += 1
        st.pend_box[g] = -1
        st.pend_skill[g] = -1
        return x

    def _fail_artwork(self, st, g, p, box) -> None:
        zone = self.box_info(box)[5]
        x = self._release_box(st, g, p, box)
        st.track[g, p] -= self.t.failure_loss[zone] + self.t.named_loss * (x < NUM_NAMED)

    def _on_skill(self, st, g, a) -> None:
        """The skill is chosen, the artist and the artwork are paid, the box's prestige and
        influence taken and the crest placed, all before any die or incentive (the rulebook's
        order: "You must choose the skill and pay the artist before rolling the die"; "After
        paying the costs of the artwork, you receive all prestige points and church influence
        shown ... Then place one of your family crest tokens"; lead's Q2 and Q6)."""
        t = self.t
        p, k = int(st.current_player[g]), a - self.ids.skill
        st.pend_skill[g] = k
        box = int(st.pend_box[g])
        cubes, fl, _, _, _, zone = self.box_info(box)
        self.pay(st, g, p, cubes, fl + int(t.hire_cost[self.box_artist_of(st, g, p, box), k]))
        self._crest(st, g, p, box)
        if self.no_die:
            self.decide(st, g, PH_INCENTIVE, p)
        elif zone == Z_CATHEDRAL:
            st.dice[g, 0] = self.roll(st, g)
            st.dice[g, 1] = self.roll(st, g)
            self.decide(st, g, PH_CATHEDRAL_DIE, p)
        else:
            self._complete(st, g, p, self.roll(st, g))

    def _on_incentive(self, st, g, a) -> None:
        p, i = int(st.current_player[g]), a - self.ids.incentive
        zone = self.box_info(int(st.pend_box[g]))[5]
        st.money[g, p] -= i * self.t.incentive_step
        self._complete(st, g, p, int(self.t.no_die_base[zone]) + i)

    def _on_die(self, st, g, a) -> None:
        st.dice[g] = 0
        self._complete(st, g, int(st.current_player[g]), a - self.ids.die + 1)

    def _complete(self, st, g, p, value) -> None:
        """The artist's prestige for a work of ``value``; the tile and the worker leave the box
        (SPEC §6.7: the box is already paid and crested)."""
        t = self.t
        box, k = int(st.pend_box[g]), int(st.pend_skill[g])
        x = self.box_artist_of(st, g, p, box)
        if x < NUM_NAMED and t.mp[x, k, value] and not st.flipped[g, x]:
            st.track[g, p] += t.mp_pp[x, k, value]
            st.flipped[g, x] = True
        else:
            st.track[g, p] += t.die_pp[x, k, value]
        self._release_box(st, g, p, box)
        self._continue(st, g)

    def _crest(self, st, g, p, box) -> None:
        """The box's prestige and influence, p's crest on it, and a full Palazzo's / Chiesa's bonus."""
        t = self.t
        _, _, _, pp, inf, _ = self.box_info(box)
        st.track[g, p] += pp
        self.add_influence(st, g, p, inf)
        st.crests[g, p] -= 1
        if box < NUM_BOXES:
            st.box_crest[g, p, box] = True
            st.acq[g, p, self.acq_box + box] += 1
            area = t.box_chiesa == t.box_chiesa[box]
            if st.box_crest[g, p][area].all():
                if t.box_chiesa[box]:
                    self.add_influence(st, g, p, t.chiesa_influence)
                else:
                    st.track[g, p] += t.palazzo_pp
        else:
            st.main_crest[g, box - NUM_BOXES] = p
            st.acq[g, p, self.acq_main + box - NUM_BOXES] += 1

    # ------------------------------------------------------------ phases 8-9

    def _close_rounds(self, st, G) -> None:
        """Phases 8, 9 and 1 of games ``G`` (int[n]) that have finished phase 7, batched; each game then
        goes on from its Atrio choice or phase 2 (:meth:`_continue`), or its end."""
        st.stage[G], st.ptr[G], st.sub[G] = ST_ORDER, 0, 0
        self._turn_order_batch(st, G)
        last = st.round[G] == ROUNDS
        for g in G[last].tolist():
            self._finish(st, g)
        G = G[~last]
        self._end_of_round_batch(st, G)
        self._income_batch(st, G)
        st.stage[G], st.ptr[G] = ST_INCOME, 0
        for g in G.tolist():
            if not self._offer_atrio(st, g):
                self._continue(st, g)

    def _turn_order(self, st, g) -> None:
        """SPEC §6.8: Captain, Bishop, Cardinal, the new order (D3, D4, D16)."""
        P = self.num_players
        old_players = self.players_in_order(st, g)
        track = st.track[g].astype(np.int64)
        top = track.max()
        captain = int(track.argmax()) if (track == top).sum() == 1 else -1
        if captain >= 0:
            st.certs[g, captain] += st.track[g, captain]
            st.track[g, captain] = 0
        inf = st.influence[g].astype(np.int64)
        top = inf.max()
        t = self.t
        bishop = int(inf.argmax()) if (inf == top).sum() == 1 and top >= t.bishop_min else -1
        if bishop >= 0 and (st.bishop[g] == bishop or inf[bishop] >= t.cardinal_influence):
            st.track[g, bishop] += t.cardinal_pp
            st.influence[g, bishop] = 0
        st.captain[g], st.bishop[g] = captain, bishop
        slots = [s for s in (captain, bishop) if s >= 0]
        slots += [q for q in old_players if q not in (captain, bishop)]
        st.order[g] = -1
        st.order[g, : len(slots)] = slots
        st.nslots[g] = len(slots)
        assert len(set(slots)) == P

    def _return_pieces(self, st, g) -> None:
        """SPEC §5.2.9's returns, for one game ``g`` or games ``g`` (int[n]): the workers to their
        families' pools, the pulpits and the unnamed tiles freed, every character to its card."""
        st.pool[g] = WORKERS
        st.avail[g] = 0
        st.detained[g] = 0
        st.at_work[g] = 0
        st.market_worker[g] = False
        st.pulpit_own[g] = False
        st.cath_pulpit[g] = -1
        st.own_preacher[g] = -1
        st.cath_preacher[g] = -1
        st.unnamed_left[g] = 2
        st.char_where[g] = ON_CARD

    def _end_of_round(self, st, g) -> None:
        """SPEC §5.2.9: everything returns, the Life in Florenza row advances, new characters."""
        self._return_pieces(st, g)
        in_play = st.char_state[g] == IN_PLAY
        leaving = in_play & (st.life[g] == 1)
        st.char_state[g, leaving] = GONE
        st.life[g, leaving] = 0
        st.life[g, in_play & ~leaving] -= 1
        for _ in range(int(leaving.sum())):
            self.draw_character(st, g)
        st.round[g] += 1

    def _turn_order_batch(self, st, G) -> None:
        """SPEC §6.8 for games ``G`` (int[n]), batched (:meth:`_turn_order` for many games)."""
        t, P = self.t, self.num_players
        rows = np.arange(G.size)
        double = st.nslots[G] == P + 1  # the old order: a double office holder's slots once
        old = np.where(double[:, None], np.concatenate([st.order[G, :1], st.order[G, 2 : P + 1]], 1),
                       st.order[G, :P]).astype(np.int64)  # fmt: skip
        track = st.track[G]
        top = track.max(1, keepdims=True)
        captain = np.where((track == top).sum(1) == 1, track.argmax(1), -1)  # a tie elects nobody
        has = captain >= 0
        Gc, c = G[has], captain[has]
        st.certs[Gc, c] += st.track[Gc, c]
        st.track[Gc, c] = 0
        inf = st.influence[G]
        top = inf.max(1, keepdims=True)
        bishop = np.where(((inf == top).sum(1) == 1) & (top[:, 0] >= t.bishop_min), inf.argmax(1), -1)
        cardinal = (bishop >= 0) & ((st.bishop[G] == bishop) | (inf[rows, bishop] >= t.cardinal_influence))
        Gk, k = G[cardinal], bishop[cardinal]
        st.track[Gk, k] += t.cardinal_pp
        st.influence[Gk, k] = 0
        st.captain[G], st.bishop[G] = captain, bishop
        # the new order: Captain, Bishop, then the others in their old order
        has_bishop = bishop >= 0
        offices = has.astype(np.int64) + has_bishop
        others = (old != captain[:, None]) & (old != bishop[:, None])  # [n, P]
        order = np.full((G.size, P + 1), -1, np.int64)
        order[rows[has], 0] = captain[has]
        order[rows[has_bishop], has[has_bishop].astype(np.int64)] = bishop[has_bishop]
        slot = offices[:, None] + np.cumsum(others, 1) - 1
        order[np.broadcast_to(rows[:, None], old.shape)[others], slot[others]] = old[others]
        st.order[G] = order
        st.nslots[G] = offices + others.sum(1)

    def _end_of_round_batch(self, st, G) -> None:
        """SPEC §5.2.9 for games ``G`` (int[n]), batched (:meth:`_end_of_round` for many games)."""
        self._return_pieces(st, G)
        in_play = st.char_state[G] == IN_PLAY
        life = st.life[G]
        leaving = in_play & (life == 1)
        st.char_state[G] = np.where(leaving, GONE, st.char_state[G])
        st.life[G] = np.where(leaving, 0, np.where(in_play, life - 1, life))
        draws = leaving.sum(1)
        for i in range(int(draws.max(initial=0))):  # a new character for each leaving one (D14: none left, none)
            D = G[(draws > i) & (st.bag_pos[G] < NUM_NAMED)]
            c = st.bag[D, st.bag_pos[D]].astype(np.int64)
            st.bag_pos[D] += 1
            st.char_state[D, c] = IN_PLAY
            st.life[D, c] = self.t.rounds[c]
            st.char_where[D, c] = ON_CARD
        st.round[G] += 1

    def draw_character(self, st, g) -> None:
        """The next character of the bag goes under its Life in Florenza card (D14: none left, none)."""
        if st.bag_pos[g] >= NUM_NAMED:
            return
        c = int(st.bag[g, st.bag_pos[g]])
        st.bag_pos[g] += 1
        st.char_state[g, c] = IN_PLAY
        st.life[g, c] = self.t.rounds[c]
        st.char_where[g, c] = ON_CARD

    def _finish(self, st, g) -> None:
        st.stage[g] = ST_OVER
        st.phase[g] = PH_OVER
        st.terminated[g] = True
        st.legal_action_mask[g] = False
        self.final_scoring(st, g)
