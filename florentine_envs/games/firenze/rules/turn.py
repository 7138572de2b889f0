"""Firenze's turn flow (rulebook "Game Play", phases 1-6; DESIGN_NOTES §6, SPEC §T): the start of a
turn, taking the chosen card and refilling the row, entering Exchange, Build and Fulfill (passed at
once where only PASS could be legal), tearing down abandoned construction, the storehouse and card
limits, the end of a turn and of the game ("The End of the Game"); and the tower bookkeeping
(removal, compaction) the rules share."""

from __future__ import annotations

import functools

import numpy as np

from ..constants import (
    NUM_TOWER_SLOTS,
    PH_BUILD,
    PH_CHOOSE,
    PH_EV_PATRICIAN,
    PH_EXCHANGE,
    PH_FULFILL,
    PH_LIMIT_BRICKS,
    PH_LIMIT_CARDS,
)
from ..state import FirenzeState


class FirenzeTurn:
    """Mixin of :class:`~florentine_envs.games.firenze.firenze.Firenze`: the automatic continuations
    of a turn, vectorised over the games that reach them."""

    # ------------------------------------------------------------- towers

    def _compact(self, st: FirenzeState, games: np.ndarray, seats: np.ndarray) -> None:
        """Close the gaps left by removed towers (stable: slot order kept)."""
        if games.size == 1:  # one seat of one game (the AEC env): the same reordering on lists
            b, s = games.item(0), seats.item(0)
            exists = (st.tower_colour[b, s] >= 0).tolist()
            if not any(above and not below for below, above in zip(exists, exists[1:])):
                return
            order = [t for t, e in enumerate(exists) if e] + [t for t, e in enumerate(exists) if not e]
            for towers in (st.tower_colour, st.tower_height, st.tower_at_start, st.tower_built):
                towers[b, s] = towers[b, s, order]
            return
        colour = st.tower_colour[games, seats]
        exists = colour >= 0
        gap = (exists[:, 1:] & ~exists[:, :-1]).any(1)  # an empty slot below a tower
        if not gap.any():
            return
        games, seats, colour = games[gap], seats[gap], colour[gap]
        order = np.argsort(~exists[gap], axis=1, kind="stable")
        st.tower_colour[games, seats] = np.take_along_axis(colour, order, 1)
        st.tower_height[games, seats] = np.take_along_axis(st.tower_height[games, seats], order, 1)
        st.tower_at_start[games, seats] = np.take_along_axis(st.tower_at_start[games, seats], order, 1)
        st.tower_built[games, seats] = np.take_along_axis(st.tower_built[games, seats], order, 1)

    def _remove_towers(self, st: FirenzeState, games, seats, remove: np.ndarray, half: bool) -> None:
        """Remove the towers flagged in ``remove`` (bool[n, 12]) of ``seats``: all bricks to the
        pouch, or (``half``) ceil(h/2) to the pouch and floor(h/2) to the storehouse."""
        if not remove.any():
            return
        if games.size == 1:  # one seat of one game (the AEC env): tower by tower on scalars
            b, s = games.item(0), seats.item(0)
            for t in np.flatnonzero(remove[0]).tolist():
                c, h = st.tower_colour.item(b, s, t), st.tower_height.item(b, s, t)
                kept = h // 2 if half else 0
                st.pouch[b, c] += h - kept
                st.storehouse[b, s, c] += kept
                st.tower_colour[b, s, t], st.tower_height[b, s, t] = -1, 0
                st.tower_at_start[b, s, t] = st.tower_built[b, s, t] = False
            self._compact(st, games, seats)
            return
        colour = st.tower_colour[games, seats].astype(np.int64)
        rows, slots = np.nonzero(remove)
        height = st.tower_height[games[rows], seats[rows], slots].astype(np.int64)
        cell = rows * 6 + colour[rows, slots]  # (game, colour) of each removed tower
        size = games.size * 6
        to_store = (height // 2) if half else np.zeros_like(height)
        pouch = np.bincount(cell, weights=height - to_store, minlength=size).reshape(-1, 6)
        st.pouch[games] += pouch.astype(np.int16)
        if half:
            store = np.bincount(cell, weights=to_store, minlength=size).reshape(-1, 6)
            st.storehouse[games, seats] += store.astype(np.int16)
        colour[remove] = -1
        st.tower_colour[games, seats] = colour
        st.tower_height[games, seats] = np.where(remove, 0, st.tower_height[games, seats])
        st.tower_at_start[games, seats] &= ~remove
        st.tower_built[games, seats] &= ~remove
        self._compact(st, games, seats)

    def _take_brick_from_tower(self, st: FirenzeState, games, seats, slots, n: int) -> None:
        """Botch / Saboteur: ``n`` bricks of tower ``slots`` to the pouch; an emptied tower goes."""
        colour = st.tower_colour[games, seats, slots].astype(np.int64)
        height = st.tower_height[games, seats, slots].astype(np.int64)
        taken = np.minimum(height, n)
        st.pouch[games, colour] += taken.astype(np.int16)
        st.tower_height[games, seats, slots] = height - taken
        gone = height - taken == 0
        if gone.any():
            remove = np.zeros((games.size, NUM_TOWER_SLOTS), bool)
            remove[np.flatnonzero(gone), slots[gone]] = True
            st.tower_colour[games[gone], seats[gone], slots[gone]] = -1
            st.tower_at_start[games[gone], seats[gone], slots[gone]] = False
            st.tower_built[games[gone], seats[gone], slots[gone]] = False
            self._compact(st, games[gone], seats[gone])

    # --------------------------------------------------------------- turn flow

    def _turn_start(self, st: FirenzeState, games: np.ndarray) -> None:
        st.played[games] = False
        st.princess_active[games] = False
        st.mason_active[games] = False
        st.exchange_done[games] = False
        st.architect[games] = 0
        st.bricks_built[games] = 0
        exists = st.tower_colour[games] >= 0
        st.tower_at_start[games] = exists
        st.tower_built[games] = False
        st.current_player[games] = st.turn_player[games]
        empty_row = (st.row_card[games] < 0).all(1)
        st.phase[games] = np.where(empty_row, PH_EXCHANGE, PH_CHOOSE)

    def _take(self, st: FirenzeState, games: np.ndarray) -> None:
        """The card cost is paid: take card and bricks, act on its type (Game Play 1)."""
        p = st.turn_player[games].astype(np.int64)
        s = st.chosen_slot[games].astype(np.int64)
        kind = st.row_card[games, s].astype(np.int64)
        bricks = st.row_bricks[games, s]
        # Flood / Storehouse Fire: "The Bricks on the card do not count towards the total" -- held
        # aside until the event is over (DESIGN_NOTES §13.1).
        aside = self.aside_kinds[kind]
        st.aside[games[aside]] += bricks[aside]
        st.storehouse[games[~aside], p[~aside]] += bricks[~aside]
        st.row_card[games, s] = -1
        st.row_bricks[games, s] = 0
        st.acquired[games, p, kind] += 1  # the card taken (rules/components.py)
        what = self.take_kind[kind]
        to_hand = what == 0
        st.hand[games[to_hand], p[to_hand], kind[to_hand]] += 1
        mon = what == 1
        if mon.any():
            # "determine who has the tallest Tower on their Construction Site. This player puts the
            # card in their hand, even if it's not their turn. If a tie, no one receives the card"
            g = games[mon]
            tallest = st.tower_height[g].max(2).astype(np.int64)  # [n, P]
            top = tallest.max(1)
            unique = ((tallest == top[:, None]).sum(1) == 1) & (top > 0)
            winner = tallest.argmax(1)
            st.hand[g[unique], winner[unique], self.K["Monument"]] += 1
            st.acquired[g[unique], winner[unique], self.acq_monument] += 1
            st.discard[g[~unique], self.K["Monument"]] += 1
        bld = what == 2
        if bld.any():
            # "You may not possess two identical Buildings ... they must be put in the Discard Deck"
            g, pp, bi = games[bld], p[bld], self.building_index[kind[bld]]
            owned = st.buildings[g, pp, bi]
            st.discard[g[owned], kind[bld][owned]] += 1
            st.buildings[g[~owned], pp[~owned], bi[~owned]] = True
        chu = what == 3
        if chu.any():
            # 4 church spaces for the 4 church cards: a free space always exists.
            g = games[chu]
            free = np.argmax(st.church[g] < 0, axis=1)
            st.church[g, free] = kind[chu]
            camp = kind[chu] == self.K["Campanile"]
            st.campanile_sealed[g[camp]] = False
        ev = what == 4
        if ev.any():
            g = games[ev]
            st.event_kind[g] = kind[ev]
            pat = st.hand[g, p[ev], self.K["Patrician"]] > 0
            pat &= ~st.played[g, self.KP["Patrician"]]
            pat &= self._event_has_effect(st, g, kind[ev], p[ev])
            st.phase[g[pat]] = PH_EV_PATRICIAN
            self._later("resolve", g[~pat])
        self._later("finish", games[~ev])

    def _finish_take(self, st: FirenzeState, games: np.ndarray) -> None:
        """Refill the row, return set-aside bricks, go to the Exchange phase."""
        if games.size == 0:
            return
        s = st.chosen_slot[games].astype(np.int64)
        # "Move all the cards to its right one place to the left"
        if games.size == 1:  # one game (the AEC env): slices (numpy copies overlapping ones first)
            b, s0 = games.item(0), s.item(0)
            st.row_card[b, s0:-1] = st.row_card[b, s0 + 1 :]
            st.row_bricks[b, s0:-1] = st.row_bricks[b, s0 + 1 :]
            st.row_card[b, -1] = -1
            st.row_bricks[b, -1] = 0
        else:
            src = np.arange(6)[None, :] + (np.arange(6)[None, :] >= s[:, None])  # [n, 6], 6 = nothing
            cards = np.concatenate([st.row_card[games], np.full((games.size, 1), -1, np.int8)], 1)
            bricks = np.concatenate([st.row_bricks[games], np.zeros((games.size, 1, 6), np.int16)], 1)
            st.row_card[games] = np.take_along_axis(cards, src, 1)
            st.row_bricks[games] = np.take_along_axis(bricks, src[:, :, None], 1)
        # "When the Deck on the Game Board is all used up, shuffle all the cards in the Discard Pile"
        empty = st.deck_pos[games] >= st.deck_len[games]
        reshuffle = games[empty & (st.discard[games].sum(1) > 0)]
        if reshuffle.size:
            self._shuffle(st, reshuffle, st.discard[reshuffle].astype(np.int64))
            st.discard[reshuffle] = 0
        has = games[st.deck_pos[games] < st.deck_len[games]]
        if has.size:
            slot = (st.row_card[has] >= 0).sum(1)
            st.row_card[has, slot] = st.deck[has, st.deck_pos[has]]
            st.deck_pos[has] += 1
            st.row_bricks[has, slot] = self._draw(st, has, np.full(has.size, self.bricks_per_new_card))
        p = st.turn_player[games]
        st.storehouse[games, p] += st.aside[games]
        st.aside[games] = 0
        st.chosen_slot[games] = 0
        st.pay_index[games] = 0
        self._enter_exchange(st, games)

    # ------------------------------------------------------------ phase ends

    def _end_build(self, st: FirenzeState, games: np.ndarray) -> None:
        """Construction cost paid: tear down abandoned construction, then Fulfill (phase 4-5)."""
        if games.size == 0:  # e.g. a construction cost still being paid: a dozen array calls saved
            return
        p = st.turn_player[games].astype(np.int64)
        abandoned = st.tower_at_start[games, p] & ~st.tower_built[games, p] & (st.tower_colour[games, p] >= 0)
        self._remove_towers(st, games, p, abandoned, half=True)
        self._enter_fulfill(st, games)

    # A phase whose only legal action would be PASS is passed at once (the result is the one the
    # core's forced-move rule gives; doing it here saves a round of mask work). Each test below is
    # a sufficient condition for "only PASS is legal"; other PASS-only positions are left to the
    # core's forced-move rule.

    def _idle(self, st: FirenzeState, games: np.ndarray, cards: tuple[str, ...]) -> np.ndarray:
        """bool[n]: the turn player holds none of ``cards`` (hand kinds)."""
        columns = self._hand_columns.get(cards)
        if columns is None:
            columns = self._hand_columns[cards] = np.array([self.K[name] for name in cards])
        return ~(st.hand[games, st.turn_player[games]][:, columns] > 0).any(1)

    @functools.cached_property
    def _hand_columns(self) -> dict[tuple[str, ...], np.ndarray]:
        """Cache of :meth:`_idle`: card names -> int[k] their kinds."""
        return {}

    def _enter_exchange(self, st: FirenzeState, games: np.ndarray) -> None:
        st.phase[games] = PH_EXCHANGE
        p = st.turn_player[games]
        bridge = st.buildings[games, p, self.KB["Bridge"]]
        give = np.where(bridge, self.exchange_give_bridge, self.exchange_give)
        no_exchange = st.exchange_done[games] | (st.storehouse[games, p].sum(1) < give)
        idle = no_exchange & self._idle(st, games, ("Wholesaler", "Alchemist", "Smuggler", "Patrician", "Saboteur"))
        if idle.any():
            self._enter_build(st, games[idle])

    def _enter_build(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        st.phase[games] = PH_BUILD
        no_bricks = st.storehouse[games, st.turn_player[games]].sum(1) == 0  # bricks_built is 0 here
        free = self._build_cost(st, games, np.zeros(games.size, np.int64)) == 0
        idle = no_bricks & free & self._idle(st, games, ("Mason", "Alchemist", "Smuggler", "Patrician", "Saboteur"))
        if idle.any():
            self._end_build(st, games[idle])  # PASS with nothing built: no cost to pay

    def _enter_fulfill(self, st: FirenzeState, games: np.ndarray) -> None:
        st.phase[games] = PH_FULFILL
        no_tower = st.tower_colour[games, st.turn_player[games], 0] < 0
        idle = no_tower & self._idle(st, games, ("Architect", "Alchemist", "Smuggler", "Patrician", "Saboteur"))
        if idle.any():
            self._limits(st, games[idle])

    def _limits(self, st: FirenzeState, games: np.ndarray) -> None:
        p = st.turn_player[games].astype(np.int64)
        warehouse = st.buildings[games, p, self.KB["Warehouse"]]
        limit = np.where(warehouse, self.store_limit_warehouse, self.store_limit)
        excess = st.storehouse[games, p].sum(1) - limit
        over = excess > 0
        st.phase[games[over]] = PH_LIMIT_BRICKS
        st.pay_left[games[over]] = excess[over]
        self._limit_cards(st, games[~over])

    def _limit_cards(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        p = st.turn_player[games].astype(np.int64)
        hand = st.hand[games, p].astype(np.int64)
        owned = st.buildings[games, p].sum(1)
        n = hand.sum(1) + owned
        warehouse = st.buildings[games, p, self.KB["Warehouse"]]
        limit = np.where(warehouse, 10**6 if self.warehouse_card_limit is None else self.warehouse_card_limit,
                         self.card_limit)  # fmt: skip
        discardable = hand[:, self.personnel_kinds].sum(1) + owned
        due = np.minimum(n - limit, discardable)
        over = due > 0
        st.phase[games[over]] = PH_LIMIT_CARDS
        st.pay_left[games[over]] = due[over]
        self._end_turn(st, games[~over])

    def last_turn_seat(self, trigger):
        """The seat whose turn ends the game once ``trigger`` (int or int array, >= 0) placed
        the last seal first. Rulebook: "every other player gets exactly one more turn", so the
        trigger's right-hand neighbour; ``end_rule="round"``: the last seat of the round."""
        if self.end_rule == "round":
            return trigger * 0 + (self.num_players - 1)
        return (trigger - 1) % self.num_players

    def _end_turn(self, st: FirenzeState, games: np.ndarray) -> None:
        if games.size == 0:
            return
        P = self.num_players
        st.turn_number[games] += 1
        tp = st.turn_player[games].astype(np.int64)
        trig = st.end_trigger[games].astype(np.int64)
        over = (trig >= 0) & (tp == self.last_turn_seat(trig))
        trunc = ~over & (st.turn_number[games] >= self.max_turns)
        st.truncated[games[trunc]] = True
        self._final_scoring(st, games[over | trunc])
        nxt = games[~(over | trunc)]
        st.turn_player[nxt] = (st.turn_player[nxt] + 1) % P
        self._turn_start(st, nxt)
