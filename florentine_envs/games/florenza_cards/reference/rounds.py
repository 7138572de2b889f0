"""The game as one generator (RB "PLAYING THE GAME"): five rounds of four phases -- phase 1
and 2 the draws, phase 3 the players' actions in turn (the actions themselves in
``actions.py``), phase 4 the end of the round (discards, keeping a card, income, the election,
the reset) -- stopping at every decision (:class:`Rounds`)."""

from __future__ import annotations

from .encoding import ACTION, CAPTAIN_CHOICE, KEEP, MERCHANT_CHOICE, NUM_RESOURCES, NUM_SLOTS, NUM_TYPES


class Rounds:
    """Part of :class:`~.game.FlorenzaCardsReference`: the rounds and their phases."""

    # =================================================================== THE GAME

    def _play(self):
        """RB "PLAYING THE GAME": "The game is played over five rounds. Each round is divided
        into 4 phases ... Note: The first two phases are skipped during the first round (they
        are included in the set up)." Yields at every decision."""
        for self.round in range(1, self.T.rounds + 1):  # noqa: B020 (the round is game state)
            if self.round > 1:
                self.draw_artists_and_monuments()
                self.draw_florenza_cards()
            yield from self.take_actions()
            yield from self.end_of_the_round()
        self.winning_the_game()

    def _decide(self, phase: int, player: int):
        """Stop at a decision of ``player`` in ``phase``; returns the action chosen."""
        self.phase, self.current_player = phase, player
        action = yield
        return action

    # ------------------------------------------------------------ phases 1-2

    def draw_artists_and_monuments(self) -> None:
        """RB Phase 1: "Draw a number of Artist cards based on the number of players ... Next,
        turn over 5 Monument cards"."""
        self.draw_artists()
        self.draw_monuments(int(self.T.c["monuments_per_round"]))

    def draw_florenza_cards(self) -> None:
        """RB Phase 2: "Round 2: Shuffle all cards from Deck II with any left over from Round 1.
        Round 3: Shuffle all cards from Deck III with any left over from Round 2. Round 4:
        Shuffle any cards in the discard pile to the cards left over from Round 3. Round 5:
        Only the cards left over from Round 4 are available." Then "Starting with the Captain
        and going clockwise, each player draws 4 Florenza cards, plus 1 card for each
        Residence card (purple) in front of him." """
        T = self.T
        leftover = [self.deck.count(k) for k in range(T.K)]
        if self.round == 2:
            pool = [leftover[k] + T.deck_copies["II"][k] for k in range(T.K)]
        elif self.round == 3:
            pool = [leftover[k] + T.deck_copies["III"][k] for k in range(T.K)]
        elif self.round == 4:
            pool = [leftover[k] + sum(self.discard[q][k] for q in range(self.num_players)) for k in range(T.K)]
            self.discard = [[0] * T.K for _ in range(self.num_players)]
        else:
            pool = None  # DN 3: no shuffle in round 5
        if pool is not None:
            self.deck = self.shuffle_florenza(pool, self.round - 1)
        for q in self.turn_order():
            extra = sum(T.card_extra_cards[k] for k in range(T.K) if self.in_play[q][k])
            self.draw_florenza(q, int(T.c["cards_drawn_per_round_base"]) + extra)

    # ------------------------------------------------------------ phase 3

    def acts_in_slot(self, q: int, slot: int) -> bool:
        """RB: "Each player will take at least 4 actions. Players who have played Residences
        (purple) or Preachers (brown) receive additional actions, in this order: Palagio,
        Casamento, Casa, Predicatore" (DN 7: judged when the extra action comes round)."""
        if slot < self.T.base_actions:
            return True
        return any(self.in_play[q][k] and self.T.card_slot[k] == slot + 1 for k in range(self.T.K))

    def take_actions(self):
        """RB Phase 3: "the players take actions in turn, starting with the Captain and going
        clockwise" -- the four actions round by round, then the extra ones."""
        for slot in range(NUM_SLOTS):
            for j in range(self.num_players):
                q = (self.captain + j) % self.num_players
                if self.acts_in_slot(q, slot):
                    self.slot, self.offset = slot, j
                    yield from self.take_one_action(q)

    def take_one_action(self, p: int):
        """RB: "On your turn, you may choose one of these 8 actions"."""
        A, T = self.A, self.T
        a = yield from self._decide(ACTION, p)
        if a < A.COMPLETE:
            yield from self.play_a_florenza_card(p, a - A.PLAY)
        elif a < A.RESERVE_MONUMENT:
            yield from self.complete_a_monument(p, a - A.COMPLETE)
        elif a < A.RESERVE_ARTIST:
            self.reserve_a_monument(p, a - A.RESERVE_MONUMENT)
        elif a < A.LOCATION:
            self.reserve_an_artist(p, a - A.RESERVE_ARTIST)
        elif a < A.WORKERS:
            yield from self.activate_a_location(p, a - A.LOCATION)
        elif a == A.WORKERS:
            # RB F: "Take 50 Fiorini from the supply."
            self._gain_money(p, int(T.c["send_workers_money"]))
        elif a < A.MARKET_BUY:
            # RB G: "Sell 1 Resource from your hand to the supply for 100 Fiorini."
            self._pay_resource(p, a - A.MARKET_SELL)
            self._gain_money(p, int(T.c["market_sell_price"]))
        elif a < A.MARKET_EXCHANGE:
            # RB G: "Buy 1 Resource from the supply for 100 Fiorini."
            self._pay_money(p, int(T.c["market_buy_price"]))
            self._gain_resource(p, a - A.MARKET_BUY)
        elif a == A.MARKET_EXCHANGE:
            yield from self.market_exchange(p)
        elif a == A.INSPIRATION:
            # RB H: "Draw 1 Florenza card from the current deck."
            self.draw_florenza(p, 1)
        elif a == A.PASS:
            pass  # DN 27: nothing was possible; the action is used up
        else:
            raise AssertionError(f"action {a} in phase ACTION")

    # ------------------------------------------------------------ phase 4

    def end_of_the_round(self):
        """RB Phase 4: "Step a: Discard unused cards (you can skip this step in Round 5) ...
        Step b: Collect Income ... Step c: Elect the Captain of the People ... Step d: Reset
        Location Cards (you can skip this step in Round 5)" (DN 18)."""
        last = self.round == self.T.rounds
        if not last:
            self.discard_monuments_and_artists()
            yield from self.keep_one_florenza_card()
        yield from self.collect_income()
        self.elect_the_captain()
        if not last:
            self.reset_location_cards()

    def discard_monuments_and_artists(self) -> None:
        """RB Step a: "Discard the Monument cards left in the middle of the table except for the
        2 at the left end of the row (the highest values) ... Discard all Artist cards left in
        the middle of the table. These cards are removed from the game." """
        kept = int(self.T.c["monuments_kept"])
        for m in self.row[kept:]:
            self.mon_state[m] = "discarded"
        self.row = self.row[:kept]
        for i in range(self.T.NA):
            if self.art_state[i] == "table":
                self.art_state[i] = "discarded"

    def keep_one_florenza_card(self):
        """RB Step a: "Choose 1 Florenza card from your hand to keep for the next round. Discard
        the rest of your Florenza cards into the discard pile." (DN 19: in turn order.)"""
        for j in range(self.num_players):
            q = (self.captain + j) % self.num_players
            if sum(self.hand[q]) == 0:
                continue
            kept = (yield from self._decide(KEEP, q)) - self.A.KEEP
            for k in range(self.T.K):
                self.discard[q][k] += self.hand[q][k] - (1 if k == kept else 0)
                self.hand[q][k] = 1 if k == kept else 0

    def collect_income(self):
        """RB Step b: "Each player receives a base income from his Family card: 1 Marble
        Resource, 1 Wood Resource, 200 Fiorini, 1 Resource, chosen by the Captain ... all players
        receive the same Resource. Remember: You may receive additional income from Workshop and
        Residence cards". RB Resource limits: "If there are no more cards of a type left in the
        supply, no one can take any (those incomes are lost). If there are not enough cards to
        give everyone the cards they earn (i.e., income), they are distributed in turn order.
        The Captain of the People cannot choose a Resource for the extra income unless there are
        enough in the supply to give 1 to every player."

        DN 16: the Captain's resource goes to every player first (it is chosen only when the supply
        holds one for each); then, in turn order, each player receives the whole of what they earn
        -- the Family card's marble, wood and Fiorini with the Workshops' and Residences' income --
        and, holding the Arte dei Mercatanti, its extra resource, before the next player."""
        T, P, A = self.T, self.num_players, self.A
        # RB: "The extra Resources are always chosen by the Captain before a new Captain is elected."
        if any(self.supply[r] >= P for r in range(NUM_RESOURCES)):
            r = (yield from self._decide(CAPTAIN_CHOICE, self.captain)) - A.RESOURCE
            for q in range(P):
                self._gain_resource(q, r)
        base = T.c["income_base"]
        for q in self.turn_order():
            for r in range(NUM_RESOURCES):
                amount = int(base.get(T.resources[r], 0))
                amount += sum(T.card_income[k][r] for k in range(T.K) if self.in_play[q][k])
                self._gain_resource(q, r, min(amount, self.supply[r]))
            amount = int(base.get("money", 0)) + sum(T.card_income_money[k] for k in range(T.K) if self.in_play[q][k])
            self._gain_money(q, min(amount, self.supply_money))
            # RB Arte dei Mercatanti: "During the Collect Income step ..., you receive 1 additional
            # Resource of your choice from the supply."
            if self.has_guild(q, "extra_resource_income") and any(s >= 1 for s in self.supply):
                r = (yield from self._decide(MERCHANT_CHOICE, q)) - A.RESOURCE
                self._gain_resource(q, r)

    def elect_the_captain(self) -> None:
        """RB Step c: "If you took the New Captain card during the Take Actions Phase, you become
        the Captain of the People. Return the New Captain card to the center ... If no one took
        the New Captain card, the office of Captain passes to the player to the left of the
        previous Captain." """
        if self.new_captain >= 0:
            self.captain, self.new_captain = self.new_captain, -1
        else:
            self.captain = (self.captain + 1) % self.num_players

    def reset_location_cards(self) -> None:
        """RB Step d: "All cards that were flipped face down during the round, including any
        Anonymous Artists used, are flipped face up again." """
        self.loc_up = list(self.T.loc_copies)
        self.anon_up = [True] * NUM_TYPES
