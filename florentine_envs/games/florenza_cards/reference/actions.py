"""The actions of RB Phase 3 ("On your turn, you may choose one of these 8 actions"), each with
its test of whether it can be taken now: A play a Florenza card (and hire its artist), B
complete and C reserve a monument, D reserve an artist, E activate a location (the barter), G
the market exchange (:class:`Actions`). F, the rest of G and H are one line each, in
:meth:`~.rounds.Rounds.take_one_action`."""

from __future__ import annotations

from .encoding import (
    BARTER_GIVE,
    BARTER_TAKE,
    EXCHANGE_GIVE_1,
    EXCHANGE_GIVE_2,
    EXCHANGE_TAKE,
    HIRE,
    NUM_RESOURCES,
)


class Actions:
    """Part of :class:`~.game.FlorenzaCardsReference`: the actions of phase 3, hiring artists."""

    # -- A. play a Florenza card

    def has_guild(self, p: int, effect: str) -> bool:
        """A guild works from the moment it is in play (DN 9); none without guilds."""
        return self.guilds and any(self.in_play[p][k] and self.T.card_guild[k] == effect for k in range(self.T.K))

    def artist_discount(self, p: int) -> int:
        """RB Bottega d'Arte: "a discount of 50 Fiorini when you hire any kind of Artist,
        including Anonymous Artists"."""
        return 50 if self.has_guild(p, "artist_discount_50") else 0

    def monument_money(self, p: int, m: int) -> int:
        """RB Edificatore: "a discount of 50 Fiorini when you pay to complete any Monument"."""
        discount = 50 if self.has_guild(p, "monument_discount_50") else 0
        return max(0, self.T.mon_money[m] - discount)

    def can_play(self, p: int, k: int) -> bool:
        """RB A: "You must pay all the Resources and Money shown on the left side of the card"
        (and hire an artist for palaces and churches, DN 10). "You can never have 2 cards of
        the same kind with the same name in front of you. Also, you may never have more than
        1 Preacher card (brown) in front of you." """
        T = self.T
        if self.hand[p][k] < 1 or self.in_play[p][k]:
            return False
        if T.card_class[k] == "preacher" and any(
            self.in_play[p][k2] and T.card_class[k2] == "preacher" for k2 in range(T.K)
        ):
            return False
        if any(self.res[p][r] < T.card_cost[k][r] for r in range(NUM_RESOURCES)):
            return False
        need = T.card_money[k]
        if T.card_types[k] is not None:
            need += self.cheapest_artist(p, T.card_types[k])
        return self.money[p] >= need

    def play_a_florenza_card(self, p: int, k: int):
        """RB A: "You must pay all the Resources and Money shown on the left side of the card by
        returning those cards to the supply. If you play a Family Palace (green) or District
        Church (blue) card, you must also hire an Artist"."""
        T = self.T
        for r in range(NUM_RESOURCES):
            self._pay_resource(p, r, T.card_cost[k][r])
        self._pay_money(p, T.card_money[k])
        self.hand[p][k] -= 1
        if T.card_types[k] is not None:
            self.pending_card = k
            value = yield from self.hire_an_artist(p, T.card_types[k])
            self.pending_card = -1
            self.card_artist[p][k] = value
        self.in_play[p][k] = True

    # -- hiring artists

    def hire_options(self, p: int, types: list[int]) -> list[tuple[int, int]]:
        """Every way of hiring for ``types`` as ``(action id, price)``: a table artist, an artist
        p reserved, a face-up anonymous artist (RB "Hiring Artists")."""
        T, A = self.T, self.A
        discount = self.artist_discount(p)
        options = []
        on_table = self.table_count()
        reserved = self.reserved_count(p)
        for a in range(T.AK):
            if T.artist_type[a] in types:
                price = max(0, T.artist_cost[a] - discount)
                if on_table[a]:
                    options.append((A.HIRE_TABLE + a, price))
                if reserved[a]:
                    options.append((A.HIRE_RESERVED + a, price))
        for t in types:
            if self.anon_up[t]:
                options.append((A.HIRE_ANONYMOUS + t, max(0, T.anon_cost[t] - discount)))
        return options

    def cheapest_artist(self, p: int, types: list[int]) -> float:
        prices = [price for _, price in self.hire_options(p, types)]
        return min(prices) if prices else float("inf")

    def hire_an_artist(self, p: int, types: list[int]):
        """RB "Hiring Artists": "it must be 1 of the types of Artist shown on the card ... After
        you pay to hire the Artist and complete the project, turn the Artist card over." An
        Anonymous Artist: "You don't get any Prestige Points, but you only pay 50 Fiorini.
        After you hire an Anonymous Artist, turn the card face down". Returns the value."""
        T, A = self.T, self.A
        self.pending_types = types
        a = yield from self._decide(HIRE, p)
        self.pending_types = []
        price = dict(self.hire_options(p, types))[a]
        self._pay_money(p, price)
        if a >= A.HIRE_ANONYMOUS:
            t = a - A.HIRE_ANONYMOUS
            self.anon_up[t] = False
            self.hired_anonymous[p][t] += 1
            return T.anon_value[t]
        if a >= A.HIRE_RESERVED:
            i = self.first_copy(a - A.HIRE_RESERVED, "reserved", p)
        else:
            i = self.first_copy(a - A.HIRE_TABLE, "table")
        self.art_state[i], self.art_owner[i] = "hired", p
        return T.copy_value[i]

    def first_copy(self, a: int, where: str, owner: int = -1) -> int:
        """DN 11: copies of one artist look alike; the one drawn first is taken."""
        copies = [i for i in range(self.T.NA) if self.T.copy_kind[i] == a and self.art_state[i] == where]
        return min((i for i in copies if self.art_owner[i] == owner), key=lambda i: self.art_pos[i])

    def table_count(self) -> list[int]:
        counts = [0] * self.T.AK
        for i in range(self.T.NA):
            if self.art_state[i] == "table":
                counts[self.T.copy_kind[i]] += 1
        return counts

    def reserved_count(self, p: int) -> list[int]:
        counts = [0] * self.T.AK
        for i in range(self.T.NA):
            if self.art_state[i] == "reserved" and self.art_owner[i] == p:
                counts[self.T.copy_kind[i]] += 1
        return counts

    # -- B/C. monuments

    def can_complete(self, p: int, m: int) -> bool:
        """RB B: "You can complete any of the Monuments that are in the middle of the table, or
        any that you reserved ... pay the required Resources and Fiorini ... You must also hire
        an Artist" (DN 10: only if an artist can be paid too)."""
        T = self.T
        available = self.mon_state[m] == "row" or (self.mon_state[m] == "reserved" and self.mon_owner[m] == p)
        if not available or any(self.res[p][r] < T.mon_cost[m][r] for r in range(NUM_RESOURCES)):
            return False
        return self.money[p] >= self.monument_money(p, m) + self.cheapest_artist(p, T.mon_types[m])

    def complete_a_monument(self, p: int, m: int):
        """RB B: "pay the required Resources and Fiorini (as shown on the card), then take the
        card and place it in front of you. You must also hire an Artist"."""
        T = self.T
        for r in range(NUM_RESOURCES):
            self._pay_resource(p, r, T.mon_cost[m][r])
        self._pay_money(p, self.monument_money(p, m))
        if m in self.row:
            self.row.remove(m)
        self.mon_state[m], self.mon_owner[m] = "pending", p
        self.pending_monument = m
        value = yield from self.hire_an_artist(p, T.mon_types[m])
        self.pending_monument = -1
        self.mon_state[m], self.mon_artist[m] = "completed", value

    def reserve_a_monument(self, p: int, m: int) -> None:
        """RB C: "Take 1 Monument card from those available for the round and place it face down
        in front of you." (DN 30: from the row.)"""
        self.row.remove(m)
        self.mon_state[m], self.mon_owner[m] = "reserved", p

    # -- D. reserve an artist

    def reserve_an_artist(self, p: int, a: int) -> None:
        """RB D: "Take 1 Artist card from those available for the round and place it in front
        of you, without turning it over" (DN 11-12)."""
        i = self.first_copy(a, "table")
        self.art_state[i], self.art_owner[i] = "reserved", p

    # -- E. locations

    def can_activate(self, p: int, loc: int) -> bool:
        """RB E: "You can activate a Location card (that is face up in the middle of the table)"
        -- and, for a finite supply, "no one can take any" of what has run out (DN 15)."""
        T = self.T
        effect, r = T.loc_effect[loc], T.loc_resource[loc]
        if effect == "captain":
            return self.new_captain == -1  # RB: "IF THE NEW CAPTAIN CARD HAS NOT BEEN TAKEN"
        if self.loc_up[loc] < 1:
            return False
        if effect == "gain":
            return self.supply[r] >= int(T.c["location_gain_amount"])
        if effect == "sell":
            return self.res[p][r] >= 1 and self.supply_money >= int(T.c["location_sell_price"])
        if effect == "barter":
            return any(self.can_barter_give(p, r) for r in range(NUM_RESOURCES))
        raise ValueError(f"florenza_cards reference: unknown location effect {effect!r}")

    def activate_a_location(self, p: int, loc: int):
        """RB E: "Boscaiuolo, Erbolaio, Fabbro, Lanaiuolo, Monte di Pietà, or Picconiere: Flip
        the card face down and take the Resource shown from the supply. Legnaiulo, Orafo, ...:
        Flip the card face down and spend the Resource shown to take 200 Fiorini from the
        supply. Baratto: Flip the card face down to exchange 1 Resource from your hand for a
        different Resource from the supply. New Captain: Take the card and place it in front
        of you." """
        T = self.T
        effect, r = T.loc_effect[loc], T.loc_resource[loc]
        if effect == "captain":
            self.new_captain = p
            return
        self.loc_up[loc] -= 1
        if effect == "gain":
            self._gain_resource(p, r, int(T.c["location_gain_amount"]))
        elif effect == "sell":
            self._pay_resource(p, r)
            self._gain_money(p, int(T.c["location_sell_price"]))
        else:
            yield from self.barter(p)

    def can_barter_give(self, p: int, r: int) -> bool:
        return self.res[p][r] >= 1 and any(self.supply[r2] >= 1 for r2 in range(NUM_RESOURCES) if r2 != r)

    def barter(self, p: int):
        """Baratto: one resource given, then "a different Resource" taken (DN 14)."""
        A = self.A
        r = (yield from self._decide(BARTER_GIVE, p)) - A.RESOURCE
        self._pay_resource(p, r)
        self.given[r] = 1
        taken = (yield from self._decide(BARTER_TAKE, p)) - A.RESOURCE
        self._gain_resource(p, taken)
        self.given = [0] * NUM_RESOURCES

    # -- G. market exchange

    def market_exchange(self, p: int):
        """RB G: "Exchange 2 Resources from your hand for 1 Resource from the supply." -- given
        one at a time in non-decreasing index order, any resource taken (DN 14)."""
        A = self.A
        for phase in (EXCHANGE_GIVE_1, EXCHANGE_GIVE_2):
            r = (yield from self._decide(phase, p)) - A.RESOURCE
            self._pay_resource(p, r)
            self.given[r] += 1
        taken = (yield from self._decide(EXCHANGE_TAKE, p)) - A.RESOURCE
        self._gain_resource(p, taken)
        self.given = [0] * NUM_RESOURCES
