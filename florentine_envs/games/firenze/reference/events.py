"""The event cards of a reference game (rulebook "Event Cards"; DN §7, SPEC §E): whether an event
would change anything (the Patrician's question), resolving it for the taker or for each player
in turn from the taker, paying and tearing down, with the ``auto_discard`` rule (DN §7.3)."""

from __future__ import annotations

import math

from .tables import EVENT_DISCARD, EVENT_KEEP_TOWER, EVENT_OWN_TOWER, EVENT_PAY, NUM_COLOURS


class ReferenceEvents:
    """Mixin of :class:`~.rules.FirenzeReference`: event resolution."""

    def _event_has_effect(self) -> bool:
        """Would resolving the event just taken change anything? (DN §13.5, SPEC T step 2.)"""
        name = self.T.kind_names[self.event_kind]
        p = self.turn_player
        players = range(self.num_players)
        if name in ("Botch", "Collapse"):
            # RB Collapse: "If you have no Tower under construction, nothing happens."
            return bool(self.towers[p])
        if name == "Tribute":
            # RB Tribute: "For every Tower on their Construction Site, each builder must pay"
            return any(self.towers[q] for q in players)
        if name == "Luxury Tax":
            # RB: "For every Tower on their Construction Site that has at least 5 Levels"
            return any(t["height"] >= self.T.luxury_min_height for q in players for t in self.towers[q])
        if name == "Flood":
            # RB Flood: "Put a third (rounding up) of your Storehouse Bricks in the Pouch." (the
            # taker's card bricks are aside: "The Bricks on the card do not count")
            return any(sum(self.store[q]) > 0 for q in players)
        if name == "Storehouse Fire":
            return sum(self.store[p]) > 0
        return True  # Renaissance: the deck is always reshuffled

    def _resolve_event(self) -> None:
        """DN §7: resolve the event card just taken, then discard it and refill."""
        T = self.T
        name = T.kind_names[self.event_kind]
        p = self.turn_player
        if name in ("Botch", "Collapse"):
            # RB Collapse: "If you have no Tower under construction, nothing happens."
            if self.towers[p]:
                self.phase = EVENT_OWN_TOWER
                return
        elif name == "Storehouse Fire":
            # RB: "You put 3 Bricks from your Storehouse into the Pouch ... If you
            # have fewer than 3 Bricks, just put all your Bricks in the Pouch."
            if sum(self.store[p]) <= T.fire_bricks:
                self._all_to_pouch(p)
            else:
                self.pay_left = T.fire_bricks
                self.phase = EVENT_DISCARD
                return
        elif name in ("Flood", "Tribute", "Luxury Tax"):
            # RB: "All players are affected by this card." DN §7.1: one player at
            # a time, clockwise, starting with the taker.
            self.event_offset = 0
            self._event_players()
            return
        elif name == "Renaissance":
            # RB Renaissance: "Shuffle the Discard Pile and the Deck together (not
            # the Card Row!) ... The Renaissance card must be shuffled in as well."
            pool = list(self.discard)
            for kind in self.deck:
                pool[kind] += 1
            pool[self.event_kind] += 1
            self.deck = self._shuffled(pool)
            self.discard = [0] * T.num_kinds
            self.event_kind = -1
            self._after_take()
            return
        self._finish_event()

    def _finish_event(self) -> None:
        # RB Event Cards: "After following the instructions, discard the card."
        self.discard[self.event_kind] += 1
        self.event_kind = -1
        self.current_player = self.turn_player
        self._after_take()

    def _all_to_pouch(self, q: int) -> None:
        for c in range(NUM_COLOURS):
            self.pouch[c] += self.store[q][c]
            self.store[q][c] = 0

    def _event_players(self) -> None:
        """DN §7.1: process players from ``event_offset`` until one has a choice to make."""
        P = self.num_players
        while self.event_offset < P:
            q = (self.turn_player + self.event_offset) % P
            if self._event_begin_player(q):
                self.current_player = q
                return
            self.event_offset += 1
        self._finish_event()

    def _event_next_player(self) -> None:
        self.event_offset += 1
        self._event_players()

    def _event_begin_player(self, q: int) -> bool:
        """Settle what needs no choice for player q; True if a decision remains."""
        T = self.T
        name = T.kind_names[self.event_kind]
        if name == "Flood":
            # RB Flood: "Put a third (rounding up) of your Storehouse Bricks in the Pouch."
            # The taker's card bricks are aside and do not count.
            d = math.ceil(sum(self.store[q]) / 3)
            if d == 0:
                return False
            if self.auto_discard:
                for _ in range(d):
                    self._brick_to_pouch(q, self._auto_brick(q))
                return False
            self.pay_left = d
            self.phase = EVENT_DISCARD
            return True
        if name == "Tribute":
            return self._tribute_begin(q)
        return self._luxury_begin(q)

    def _tribute_begin(self, q: int) -> bool:
        """RB Tribute: "For every Tower on their Construction Site, each builder must
        pay 1 Brick of the Tower's color. Every Tower for which the builder cannot pay
        is torn down. ... You may not tear down a tower voluntarily, but must pay the
        tribute if able." DN §13.3-4: pay for as many as possible, choose when short.
        SPEC §E: colours are settled in order 0..5, each paid as soon as it is settled."""
        self.keep_marked = set()
        self.tribute_colour = 0
        return self._tribute_continue(q)

    def _tribute_continue(self, q: int) -> bool:
        """Settle colours from ``tribute_colour`` on; True if a choice is pending."""
        T = self.T
        towers = self.towers[q]
        while self.tribute_colour < NUM_COLOURS:
            c = self.tribute_colour
            self.tribute_colour += 1
            idx = [i for i, t in enumerate(towers) if t["colour"] == c]
            k, b = len(idx), self.store[q][c] // T.tribute_bricks
            if k == 0 or b == 0:
                continue  # nothing to pay (b = 0: every tower of c is unpaid)
            if k <= b:
                self._tribute_pay(q, c, idx)
            elif self.auto_discard:
                # data auto_discard.tower_priority_when_short: tallest first, ties lowest slot.
                self._tribute_pay(q, c, sorted(idx, key=lambda i: (-towers[i]["height"], i))[:b])
            else:
                # The player chooses which b of the k towers of colour c to pay for.
                self.keep_colour = c
                self.keep_left = b
                self.phase = EVENT_KEEP_TOWER
                return True
        self._event_teardown(q, range(len(towers)))
        return False

    def _tribute_pay(self, q: int, c: int, chosen) -> None:
        # DN §13.2: tribute bricks go to the pouch.
        self.keep_marked.update(chosen)
        for _ in range(len(chosen) * self.T.tribute_bricks):
            self._brick_to_pouch(q, c)

    def _luxury_begin(self, q: int) -> bool:
        """RB Luxury Tax: "For every Tower on their Construction Site that has at least
        5 Levels, the builder must pay 2 Bricks ... Any tower for which the builder
        cannot pay is torn down." DN §7.2: m = min(|T|, floor(s/2))."""
        T = self.T
        towers = self.towers[q]
        self.keep_marked = set()
        tall = [i for i, t in enumerate(towers) if t["height"] >= T.luxury_min_height]
        if not tall:
            return False
        m = min(len(tall), sum(self.store[q]) // T.luxury_bricks)
        if m == len(tall):
            self.keep_marked = set(tall)
        elif m > 0:
            if self.auto_discard:
                self.keep_marked = set(sorted(tall, key=lambda i: (-towers[i]["height"], i))[:m])
            else:
                self.keep_colour = -1
                self.keep_left = m
                self.phase = EVENT_KEEP_TOWER
                return True
        return self._luxury_pay(q)

    def _luxury_pay(self, q: int) -> bool:
        """The 2m bricks (to the pouch, DN §13.2), then the teardown of the unpaid tall towers."""
        T = self.T
        due = len(self.keep_marked) * T.luxury_bricks
        if due > 0:
            if self.auto_discard:
                for _ in range(due):
                    self._brick_to_pouch(q, self._auto_brick(q))
            else:
                self.pay_left = due
                self.phase = EVENT_PAY
                return True
        self._luxury_teardown(q)
        return False

    def _luxury_teardown(self, q: int) -> None:
        tall = [i for i, t in enumerate(self.towers[q]) if t["height"] >= self.T.luxury_min_height]
        self._event_teardown(q, tall)

    def _event_teardown(self, q: int, slots) -> None:
        """Tear down every tower in ``slots`` that was not paid for (slot order, compact).

        RB Tribute: "Put half (rounding up) of the Bricks in the Pouch, and the other
        half in the builder's Storehouse." (Luxury Tax: the same.)"""
        unpaid = [i for i in slots if i not in self.keep_marked]
        for i in sorted(unpaid, reverse=True):
            self._tear_down(q, i)

    def _auto_brick(self, q: int) -> int:
        """RB preamble (auto_discard): "discard first those bricks where the user is
        currently not building a tower and of those it will discard the cheapest
        (white, ...)". DN §7.3: smallest key (has a tower of that colour, colour)."""
        colours_built = {t["colour"] for t in self.towers[q]}
        have = [c for c in range(NUM_COLOURS) if self.store[q][c] > 0]
        return min(have, key=lambda c: (c in colours_built, c))
