"""Firenze's event cards (rulebook "Event Cards" and "Action Cards Summary"; DESIGN_NOTES §7, SPEC §E):
whether an event would change anything (the Patrician's question), resolving Botch, Collapse,
Storehouse Fire and Renaissance for the taker, and Flood, Tribute and Luxury Tax for each player in
turn from the taker, with the ``auto_discard`` rule."""

from __future__ import annotations

import numpy as np

from ..constants import NUM_CARDS, NUM_KINDS, NUM_TOWER_SLOTS, PH_EV_DISCARD, PH_EV_KEEP, PH_EV_OWN_TOWER, PH_EV_PAY
from ..state import FirenzeState


class FirenzeEvents:
    """Mixin of :class:`~florentine_envs.games.firenze.firenze.Firenze`: event resolution."""

    def _event_has_effect(self, st: FirenzeState, games, kind, p) -> np.ndarray:
        """bool[n]: resolving event ``kind`` (taken by seat ``p``) would change something. The
        Patrician may "ignore the effect of an Event Card"; an event with no effect is not worth
        the question (DESIGN_NOTES §13.5)."""
        K = self.K
        height = st.tower_height[games]  # [n, P, 12]
        store = st.storehouse[games].sum(2)  # [n, P] (the card's bricks of a Flood / Fire are aside)
        rows = np.arange(games.size)
        own_tower = height[rows, p].max(1) > 0
        effect = np.ones(games.size, bool)  # Renaissance always reshuffles
        for names, cond in (
            (("Botch", "Collapse"), own_tower),  # "If you have no Tower under construction, nothing happens."
            (("Tribute",), (height > 0).any((1, 2))),  # every tower of every player
            (("Luxury Tax",), (height >= self.lux_min_height).any((1, 2))),
            (("Flood",), (store > 0).any(1)),  # every player's storehouse
            (("Storehouse Fire",), store[rows, p] > 0),
        ):
            effect = np.where(np.isin(kind, [K[name] for name in names]), cond, effect)
        return effect

    def _resolve_event(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        K = self.K
        kind = st.event_kind[games]
        p = st.turn_player[games].astype(np.int64)
        done = []
        for name in ("Botch", "Collapse"):
            sel = kind == K[name]
            g = games[sel]
            has = st.tower_colour[g, p[sel], 0] >= 0
            st.phase[g[has]] = PH_EV_OWN_TOWER
            done.append(g[~has])
        sel = kind == K["Storehouse Fire"]
        if sel.any():
            g, pp = games[sel], p[sel]
            total = st.storehouse[g, pp].sum(1)
            small = total <= self.fire_bricks
            st.pouch[g[small]] += st.storehouse[g[small], pp[small]]
            st.storehouse[g[small], pp[small]] = 0
            done.append(g[small])
            st.phase[g[~small]] = PH_EV_DISCARD
            st.pay_left[g[~small]] = self.fire_bricks
        sel = kind == K["Renaissance"]
        if sel.any():
            g = games[sel]
            pool = st.discard[g].astype(np.int64)
            pool[:, K["Renaissance"]] += 1
            live = np.arange(NUM_CARDS)[None, :]
            in_deck = (live >= st.deck_pos[g][:, None]) & (live < st.deck_len[g][:, None])
            deck_kinds = np.where(in_deck, st.deck[g], NUM_KINDS).astype(np.int64)
            rows = np.repeat(np.arange(g.size), NUM_CARDS)
            counts = np.bincount(rows * (NUM_KINDS + 1) + deck_kinds.ravel(), minlength=g.size * (NUM_KINDS + 1))
            pool += counts.reshape(g.size, NUM_KINDS + 1)[:, :NUM_KINDS]
            self._shuffle(st, g, pool)
            st.discard[g] = 0
            done.append(g)
        all_players = np.isin(kind, (K["Flood"], K["Tribute"], K["Luxury Tax"]))
        if all_players.any():
            g = games[all_players]
            st.event_offset[g] = 0
            self._later("all_players", g)
        if done:
            self._later("event_done", np.concatenate(done))

    def _event_done(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        kind = st.event_kind[games].astype(np.int64)
        discard = kind != self.K["Renaissance"]  # Renaissance is already shuffled into the deck
        st.discard[games[discard], kind[discard]] += 1
        st.event_kind[games] = -1
        st.current_player[games] = st.turn_player[games]
        st.keep_marked[games] = False
        st.keep_colour[games] = -1
        st.keep_left[games] = 0
        st.event_offset[games] = 0  # neutral again (pending.py): the next event starts from it
        self._later("finish", games)

    def _all_players(self, st: FirenzeState, games: np.ndarray) -> None:
        """Flood / Tribute / Luxury Tax: each player in turn from the taker (DESIGN_NOTES §7.1);
        stops where a player has a decision to make."""
        K, P = self.K, self.num_players
        # Players the event cannot touch (no bricks for Flood, no tower for the taxes) are
        # skipped: nothing happens to them, and whether a player is touched does not depend on
        # what the event did to the players before (each player pays from their own bricks).
        seats = (st.turn_player[games].astype(np.int64)[:, None] + np.arange(P)) % P  # [n, P] by offset
        kind = st.event_kind[games]
        rows = games[:, None]
        min_height = np.where(kind == K["Tribute"], 1, self.lux_min_height)
        touched = np.where(
            (kind == K["Flood"])[:, None],
            st.storehouse[rows, seats].any(2),
            st.tower_height[rows, seats].max(2) >= min_height[:, None],
        )  # [n, P]
        index = np.arange(games.size)
        while games.size:
            pending = touched[index] & (np.arange(P)[None, :] >= st.event_offset[games][:, None])
            has = pending.any(1)
            self._later("event_done", games[~has])
            games, index, pending = games[has], index[has], pending[has]  # index: row of touched
            if games.size == 0:
                return
            offset = pending.argmax(1)
            st.event_offset[games] = offset
            seat = seats[index, offset]
            st.current_player[games] = seat
            st.keep_marked[games] = False
            kind = st.event_kind[games]
            waiting = np.zeros(games.size, bool)
            for name, start in (("Flood", self._flood_player), ("Tribute", self._tribute_player),
                                ("Luxury Tax", self._lux_player)):  # fmt: skip
                sel = np.flatnonzero(kind == K[name])
                if sel.size:
                    waiting[sel] = start(st, games[sel], seat[sel])
            go = ~waiting
            games, index = games[go], index[go]
            st.event_offset[games] += 1

    def _auto_pay(self, st: FirenzeState, games, seats, n: np.ndarray) -> None:
        """auto_discard: pay ``n`` bricks to the pouch, colours without a tower first, then
        cheapest first (the online rule-change preamble)."""
        store = st.storehouse[games, seats].astype(np.int64)
        has_tower = (st.tower_colour[games, seats][:, :, None] == np.arange(6)).any(1)  # [n, 6]
        order = np.argsort(has_tower * 6 + np.arange(6), axis=1)  # priority order of colours
        left = n.astype(np.int64).copy()
        rows = np.arange(games.size)
        for rank in range(6):
            c = order[:, rank]
            pay = np.minimum(left, store[rows, c])
            store[rows, c] -= pay
            st.pouch[games, c] += pay.astype(np.int16)
            left -= pay
        st.storehouse[games, seats] = store

    def _auto_mark(self, st: FirenzeState, games, seats, eligible: np.ndarray, m: np.ndarray) -> None:
        """auto_discard: mark the ``m`` tallest eligible towers (ties: lowest slot)."""
        height = st.tower_height[games, seats].astype(np.int64)
        key = np.where(eligible, -height * 16 + np.arange(NUM_TOWER_SLOTS), 10**6)
        order = np.argsort(key, axis=1, kind="stable")
        rank = np.empty_like(order)
        np.put_along_axis(rank, order, np.arange(NUM_TOWER_SLOTS)[None, :].repeat(games.size, 0), 1)
        st.keep_marked[games] |= eligible & (rank < m[:, None])

    def _flood_player(self, st: FirenzeState, games, seats) -> np.ndarray:
        total = st.storehouse[games, seats].sum(1).astype(np.int64)
        due = -(-total // self.flood_divisor)
        if self.auto_discard:
            self._auto_pay(st, games, seats, due)
            return np.zeros(games.size, bool)
        wait = due > 0
        st.phase[games[wait]] = PH_EV_DISCARD
        st.pay_left[games[wait]] = due[wait]
        return wait

    def _tribute_player(self, st: FirenzeState, games, seats, first_colour=None) -> np.ndarray:
        """Tribute for one player, colours in order from ``first_colour`` (int[n], default 0):
        colours with enough bricks pay at once; the first colour with too few (but some) bricks
        stops for a choice (EVENT_KEEP_TOWER). Returns bool[n]: waiting for that choice."""
        n = games.size
        first = np.zeros(n, np.int64) if first_colour is None else first_colour
        colour = st.tower_colour[games, seats].astype(np.int64)
        onehot = colour[:, :, None] == np.arange(6)  # [n, 12, 6]
        k = onehot.sum(1)  # towers per colour
        b = st.storehouse[games, seats].astype(np.int64)  # bricks per colour
        active = np.arange(6)[None, :] >= first[:, None]
        short = active & (b > 0) & (b < k)
        if self.auto_discard:
            stop = np.full(n, 6)
        else:
            stop = np.where(short.any(1), short.argmax(1), 6)
        settled = active & (np.arange(6)[None, :] < stop[:, None])
        full = settled & (k > 0) & (k <= b)
        pay = np.where(full, k, 0)
        marked = (onehot & full[:, None, :]).any(2)
        if self.auto_discard and short.any():
            # "pay for the tallest towers first" within each short colour
            for c in np.flatnonzero(short.any(0)):
                sel = np.flatnonzero(short[:, c])
                self._auto_mark(st, games[sel], seats[sel], colour[sel] == c, b[sel, c])
            pay = pay + np.where(short, b, 0)
        st.keep_marked[games] |= marked
        st.storehouse[games, seats] -= pay.astype(np.int16)
        st.pouch[games] += pay.astype(np.int16)
        waiting = stop < 6
        if waiting.any():
            g = games[waiting]
            st.phase[g] = PH_EV_KEEP
            st.keep_colour[g] = stop[waiting]
            st.keep_left[g] = b[waiting, stop[waiting]]
        fin = ~waiting
        if fin.any():
            self._tribute_teardown(st, games[fin], seats[fin])
        return waiting

    def _tribute_teardown(self, st: FirenzeState, games, seats) -> None:
        exists = st.tower_colour[games, seats] >= 0
        self._remove_towers(st, games, seats, exists & ~st.keep_marked[games], half=True)
        st.keep_marked[games] = False
        st.keep_colour[games] = -1

    def _lux_eligible(self, st: FirenzeState, games, seats) -> np.ndarray:
        return (st.tower_colour[games, seats] >= 0) & (st.tower_height[games, seats] >= self.lux_min_height)

    def _lux_player(self, st: FirenzeState, games, seats) -> np.ndarray:
        eligible = self._lux_eligible(st, games, seats)
        count = eligible.sum(1)
        total = st.storehouse[games, seats].sum(1).astype(np.int64)
        m = np.minimum(count, total // self.lux_per_tower)
        every = m == count
        st.keep_marked[games[every]] |= eligible[every]
        short = (m > 0) & (m < count)
        waiting = np.zeros(games.size, bool)
        if short.any():
            if self.auto_discard:
                self._auto_mark(st, games[short], seats[short], eligible[short], m[short])
            else:
                g = games[short]
                st.phase[g] = PH_EV_KEEP
                st.keep_colour[g] = -1
                st.keep_left[g] = m[short]
                waiting = short
        go = ~waiting
        waiting[go] = self._lux_pay(st, games[go], seats[go])
        return waiting

    def _lux_pay(self, st: FirenzeState, games, seats) -> np.ndarray:
        """Luxury Tax after the towers are chosen: pay 2 per marked tower, then tear down."""
        due = st.keep_marked[games].sum(1).astype(np.int64) * self.lux_per_tower
        if self.auto_discard:
            self._auto_pay(st, games, seats, due)
            wait = np.zeros(games.size, bool)
        else:
            wait = due > 0
            st.phase[games[wait]] = PH_EV_PAY
            st.pay_left[games[wait]] = due[wait]
            st.keep_left[games[wait]] = 0
        fin = ~wait
        if fin.any():
            self._lux_teardown(st, games[fin], seats[fin])
        return wait

    def _lux_teardown(self, st: FirenzeState, games, seats) -> None:
        eligible = self._lux_eligible(st, games, seats)
        self._remove_towers(st, games, seats, eligible & ~st.keep_marked[games], half=True)
        st.keep_marked[games] = False

    def _next_player(self, st: FirenzeState, games: np.ndarray) -> None:
        """The current player of an all-players event is done: on to the next one."""
        st.event_offset[games] += 1
        self._later("all_players", games)
