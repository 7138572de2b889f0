"""RB "SET UP" (SPEC §4) and the moves every later step uses: the deck orders of the
counter-based randomness (SPEC §3), the draws, and money and resources moving between the
supply and the players (:class:`SetUp`)."""

from __future__ import annotations

import numpy as np

from florentine_envs.core.rng import hash64, randint

from .encoding import NUM_RESOURCES, NUM_TYPES, STREAM_ARTISTS, STREAM_FLORENZA, STREAM_MONUMENTS, STREAM_SETUP


class SetUp:
    """Part of :class:`~.game.FlorenzaCardsReference` (which sets ``T``, ``seed`` and
    ``num_players`` first): the set-up, the draws and the supply moves."""

    # =================================================================== SET UP

    def setup(self) -> None:
        """RB "SET UP", in SPEC §4's order."""
        T, P = self.T, self.num_players
        # RB: "choose a first player randomly and give him the Captain of the People card".
        self.captain = int(randint(self.seed, STREAM_SETUP, 0, P))
        self.new_captain = -1  # seat holding the New Captain card; -1: on the table

        # Supply (DN 29): the starting money and resources come out of it.
        # RB: "Each player ... takes ... 300 Fiorini ... 1 Resource card of each kind".
        self.supply = list(T.supply0)
        self.supply_money = T.money0
        self.money = [0] * P
        self.res = [[0] * NUM_RESOURCES for _ in range(P)]
        for p in range(P):
            self._gain_money(p, int(T.c["starting_money"]))
            for r in range(NUM_RESOURCES):
                self._gain_resource(p, r, T.start_resources[r])

        # RB: "Shuffle the Monument cards ... Randomly draw 7 Monument cards and place them in
        # a row in order of value". SPEC §3: the order is fixed once; draws take from the top.
        self.mon_order, self.mon_pos = self.deck_order(STREAM_MONUMENTS, T.M)
        self.mon_drawn = 0
        self.mon_state = ["deck"] * T.M  # deck, row, discarded, reserved, pending (being hired for), completed
        self.mon_owner = [-1] * T.M
        self.mon_artist = [-1] * T.M
        self.row: list[int] = []
        self.draw_monuments(int(T.c["monuments_initial"]))

        # RB: "Shuffle the Artist cards, face down. Based on the number of players, draw a number
        # of cards and place them on the table".
        self.art_order, self.art_pos = self.deck_order(STREAM_ARTISTS, T.NA)
        self.art_drawn = 0
        self.art_state = ["deck"] * T.NA  # deck, table, discarded, reserved, hired
        self.art_owner = [-1] * T.NA
        self.hired_anonymous = [[0] * NUM_TYPES for _ in range(P)]  # anonymous artists hired, per type
        self.draw_artists()

        # RB: "Divide the rest of the Florenza cards into three decks ... Shuffle each deck
        # separately" -- DN 2: Decks II and III are shuffled when their round comes.
        self.hand = [[0] * T.K for _ in range(P)]
        self.discard = [[0] * T.K for _ in range(P)]  # discard pile, by discarding seat
        self.in_play = [[False] * T.K for _ in range(P)]
        self.card_artist = [[-1] * T.K for _ in range(P)]  # artist value of a played artwork
        self.deck = self.shuffle_florenza(list(T.deck_copies["I"]), 0)
        # RB: "5 Florenza cards, randomly drawn from Deck I" -- DN 28: in turn order.
        for q in self.turn_order():
            self.draw_florenza(q, int(T.c["starting_hand_size"]))

        # RB: "Place the 17 Location cards, the 3 Anonymous Artist cards ... on the table"
        # (DN 13: at every player count).
        self.loc_up = list(T.loc_copies)  # the captain kind is tracked by new_captain
        self.anon_up = [True] * NUM_TYPES

    # ------------------------------------------------------------------- draws

    def deck_order(self, stream: int, size: int) -> tuple[list[int], list[int]]:
        """SPEC §3: items ``0..size-1`` sorted by ``hash64(seed, stream, 0, item)`` (ties by id):
        (the items in draw order, the draw position of each item)."""
        keys = hash64(self.seed, stream, 0, np.arange(size))
        order = sorted(range(size), key=lambda item: (int(keys[item]), item))
        position = [0] * size
        for drawn, item in enumerate(order):
            position[item] = drawn
        return order, position

    def turn_order(self) -> list[int]:
        """RB: "starting with the Captain and going clockwise" (DN 1: seat + 1)."""
        return [(self.captain + j) % self.num_players for j in range(self.num_players)]

    def shuffle_florenza(self, pool: list[int], counter: int) -> list[int]:
        """SPEC §3 Florenza shuffle: the pool's canonical items ordered by hashed key."""
        T = self.T
        keys = hash64(self.seed, STREAM_FLORENZA, counter, np.arange(max(T.N, 1)))
        items = [T.fbase[k] + j for k in range(T.K) for j in range(pool[k])]
        items.sort(key=lambda item: (int(keys[item]), item))
        kind_of = [k for k in range(T.K) for _ in range(T.n[k])]
        return [kind_of[item] for item in items]

    def draw_florenza(self, q: int, count: int) -> None:
        """Draw ``count`` cards from the top; DN 4: an empty deck gives nothing."""
        for _ in range(count):
            if not self.deck:
                return
            self.hand[q][self.deck.pop(0)] += 1

    def draw_monuments(self, count: int) -> None:
        """RB: "place them on the table in order of value (highest to the left - if tied, place
        in the order drawn), adding them to any remaining from the previous round" (DN 5)."""
        T = self.T
        for _ in range(count):
            if self.mon_drawn >= T.M:
                break
            m = self.mon_order[self.mon_drawn]
            self.mon_drawn += 1
            self.mon_state[m] = "row"
            self.row.append(m)
        self.row.sort(key=lambda m: (-T.mon_prestige[m], self.mon_pos[m]))

    def draw_artists(self) -> None:
        """RB: "2 players 6 Artists, 3 players 8 Artists, 4 players 10 Artists" face down."""
        for _ in range(self.T.artists_per_round):
            if self.art_drawn >= self.T.NA:
                break
            i = self.art_order[self.art_drawn]
            self.art_drawn += 1
            self.art_state[i] = "table"

    # ------------------------------------------------------------ supply moves

    def _gain_money(self, p: int, amount: int) -> None:
        assert 0 <= amount <= self.supply_money
        self.supply_money -= amount
        self.money[p] += amount

    def _pay_money(self, p: int, amount: int) -> None:
        assert 0 <= amount <= self.money[p]
        self.money[p] -= amount
        self.supply_money += amount

    def _gain_resource(self, p: int, r: int, amount: int = 1) -> None:
        assert 0 <= amount <= self.supply[r]
        self.supply[r] -= amount
        self.res[p][r] += amount

    def _pay_resource(self, p: int, r: int, amount: int = 1) -> None:
        assert 0 <= amount <= self.res[p][r]
        self.res[p][r] -= amount
        self.supply[r] += amount
