"""The reference game: :class:`MediciReference`, one game stepped one action at a time (set-up,
turns, forced moves, the end of a day and of the game)."""

from __future__ import annotations

import operator

import numpy as np

from florentine_envs.core.rng import hash64, randint

from .masks import ReferenceLegality
from .observation import ReferenceObservation, obs_offsets, obs_size
from .scoring import compute_rewards, score_commodities, score_ships
from .tables import (
    A_REVEAL,
    A_STOP,
    ACTION_NAMES,
    CARD_COLOUR,
    CARD_GREEN,
    CARD_ICONS,
    CARD_VALUE,
    LONGEST_MARKET,
    NUM_ACTIONS,
    NUM_CARDS,
    NUM_COLOURS,
    NUM_DAYS,
    REVEAL,
    REWARD_MODES,
    STREAM_DECK,
    STREAM_START,
    TAKE,
    TAKE_OFFSETS,
    ship_capacity,
)


class MediciReference(ReferenceLegality, ReferenceObservation):
    """One game of Medici: The Card Game, stepped one action at a time."""

    def __init__(self, num_players: int, seed: int, monopoly_variant: bool = False, reward: str = "win"):
        # RB: "For 2-6 players"
        if not isinstance(num_players, (int, np.integer)) or not 2 <= int(num_players) <= 6:
            raise ValueError(f"num_players must be in 2..6, got {num_players!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"unknown reward mode {reward!r}; expected one of {REWARD_MODES}")
        self.num_players = int(num_players)
        self.seed = seed
        self.monopoly_variant = bool(monopoly_variant)
        self.reward_mode = reward
        self.num_actions = NUM_ACTIONS
        self.obs_size = obs_size(self.num_players)
        self.capacity = ship_capacity(self.num_players)
        self._offsets = obs_offsets(self.num_players)

        P = self.num_players
        # RB: "Place the coins (florins) within reach."
        self.scores = [0] * P
        self.rewards = [0.0] * P
        self.terminated = False
        self.ships = [[] for _ in range(P)]
        self.warehouses = [[] for _ in range(P)]
        self.box = []
        self.market = []
        self.day = 0

        # RB: "Shuffle the cards and place them as a face down deck in the
        # middle of the table." SPEC: day 0's pool is all 110 cards.
        self.deck = self._shuffled(list(range(NUM_CARDS)), 0)

        # RB: "Randomly select a starting player."
        # SPEC: "Start player of day 0: randint(seed, STREAM_START, 0, P)."
        self.start_player = int(randint(self.seed, STREAM_START, 0, P))
        self._start_day()

        # SPEC: "Forced moves are automatic. Whenever the decision to be made
        # (including the first one after init) has exactly one legal action,
        # that action is applied automatically".
        self._apply_forced_moves()

    # -- randomness ---------------------------------------------------------

    def _shuffled(self, pool: list[int], day: int) -> list[int]:
        """SPEC: "Each pool card gets the key hash64(seed, STREAM_DECK, d,
        card_id); the new deck is the pool sorted by key ascending (stable, so
        ties by card id). The top of the deck is the first card of that order".
        """
        # One vectorised hash64 call over the pool's card ids (same values as
        # calling it card by card), converted to Python ints.
        keys = [int(k) for k in hash64(self.seed, STREAM_DECK, day, np.asarray(pool, dtype=np.int64))]
        order = sorted(range(len(pool)), key=lambda i: (keys[i], pool[i]))
        return [pool[i] for i in order]

    # -- small queries ------------------------------------------------------

    def _slots_used(self, player: int) -> int:
        """Non-green cards in a ship (green cards need no loading space)."""
        return sum(1 for card in self.ships[player] if not CARD_GREEN[card])

    def _free_slots(self, player: int) -> int:
        # SPEC: "Free slots = C - non-green cards already in the player's ship."
        return self.capacity - self._slots_used(player)

    def _ship_full(self, player: int) -> bool:
        # RB: "With 2 players each ship is loaded with seven non-green cards,
        # and with 3-6 players it is loaded with five non-green cards."
        return self._slots_used(player) == self.capacity

    def _ship_value(self, player: int) -> int:
        # RB: "announce the total value of your current load: this is the sum
        # of all card values in your ship."
        return sum(CARD_VALUE[card] for card in self.ships[player])

    def _icons(self, cards: list[int]) -> list[int]:
        """Icons per colour among ``cards`` (a double commodity counts 2)."""
        counts = [0] * NUM_COLOURS
        for card in cards:
            if CARD_ICONS[card] > 0:
                counts[CARD_COLOUR[card]] += CARD_ICONS[card]
        return counts

    # -- stepping -----------------------------------------------------------

    def step(self, action: int) -> None:
        legal = self._legal_list()
        try:
            a = operator.index(action)
        except TypeError:
            a = None
        if a is None or a not in legal:
            legal_desc = ", ".join(f"{x} ({ACTION_NAMES[x]})" for x in legal) or "none"
            why = "the game is over" if self.terminated else "it is not legal now"
            raise ValueError(f"action {action!r} cannot be played: {why}; legal actions: [{legal_desc}]")
        # SPEC: "Rewards are zero on every step but the last."
        self.rewards = [0.0] * self.num_players
        self._apply(a)
        self._apply_forced_moves()

    def _apply_forced_moves(self) -> None:
        # SPEC: "Whenever the decision to be made ... has exactly one legal
        # action, that action is applied automatically, repeatedly, until a
        # decision with >= 2 legal actions is reached or the game ends."
        while not self.terminated:
            legal = self._legal_list()
            if len(legal) >= 2:
                return
            if len(legal) == 0:
                # RB: "there will always be enough cards in the market so that
                # players can continue to take turns" -- so this cannot happen.
                raise RuntimeError("no legal action for a live game (empty deck and market)")
            self._apply(legal[0])

    def _apply(self, action: int) -> None:
        if action == A_REVEAL:
            # SPEC: "reveal appends the top deck card to the end of the market."
            # RB: "displaying these cards face up in a line next to the deck --
            # this is the 'market'."
            card = self.deck.pop(0)
            self.market.append(card)
            # SPEC ("Longest market"): no play of the rules makes the market longer.
            assert len(self.market) <= LONGEST_MARKET[self.num_players]
            self.revealed_this_turn += 1
            # RB: "reveal one OR two OR three cards"; SPEC: "After the 3rd
            # reveal of a turn the phase becomes TAKE automatically".
            if self.revealed_this_turn == 3:
                self.phase = TAKE
        elif action == A_STOP:
            # SPEC: "stop moves to phase TAKE."
            self.phase = TAKE
        else:
            # RB: "Take cards: Now you MUST take the last card from the market
            # (the last card drawn.) In addition, you MAY take any one or two of
            # the previous two cards from the market. ... If necessary, push the
            # remaining cards back to fill any occurring gaps. Place the cards
            # you take in a row face up in front of you -- this is your 'ship'."
            m = len(self.market)
            positions = sorted(m - off for off in TAKE_OFFSETS[action])
            taken = [self.market[pos] for pos in positions]
            # Remaining cards keep their order (gaps close).
            self.market = [card for pos, card in enumerate(self.market) if pos not in positions]
            self.ships[self.current_player].extend(taken)
            assert self._slots_used(self.current_player) <= self.capacity
            self._end_turn()

    def _end_turn(self) -> None:
        """SPEC: "After a take (end of turn)"."""
        P = self.num_players
        # 1. RB: "this player gets one final turn. Then the round ends, even if
        #    that last ship is not fully loaded."
        if self.final_turn:
            self._end_day()
            return
        # RB: "Players with a fully loaded ship do not take any further turns
        # in the round."
        not_full = [p for p in range(P) if not self._ship_full(p)]
        if len(not_full) == 0:
            # 2. RB: "Each of the three rounds ends once all players' ships are
            #    full of cards."
            self._end_day()
        elif len(not_full) == 1:
            # 3. RB: "If there is only one player left who does not yet have a
            #    fully loaded ship, this player gets one final turn."
            self.current_player = not_full[0]
            self.final_turn = True
            self._start_turn()
        else:
            # 4. RB: "Then it is the next player's turn" / "play progresses
            #    clockwise" -- skipping players whose ships are full.
            p = self.current_player
            for _ in range(P):
                p = (p + 1) % P
                if not self._ship_full(p):
                    break
            self.current_player = p
            self._start_turn()

    def _start_turn(self) -> None:
        # SPEC: "A turn starts in phase REVEAL with 0 cards revealed this turn."
        self.phase = REVEAL
        self.revealed_this_turn = 0

    def _start_day(self) -> None:
        # RB: "Each round, the start player begins, then play progresses
        # clockwise."
        self.current_player = self.start_player
        self.final_turn = False
        self._start_turn()

    def _end_day(self) -> None:
        """SPEC: "End of day d", steps 1-6."""
        P = self.num_players
        # 1. RB: "Ship values: First, compare the total values of the ships by
        #    adding up the numbers on every card in each ship."
        values = [self._ship_value(p) for p in range(P)]
        for p, florins in enumerate(score_ships(values, P)):
            self.scores[p] += florins

        # 2. RB: "Then the ships are unloaded. Players move all their commodity
        #    cards into their 'warehouse' ... Green bannered cards that
        #    represent commodities (have icons in their banners) are still
        #    placed in a column with other cards of the same commodity type."
        #    RB: "Neutral (green) cards without commodities are returned to the
        #    box and out of the game."
        for p in range(P):
            for card in self.ships[p]:
                if CARD_ICONS[card] > 0:
                    self.warehouses[p].append(card)
                else:
                    self.box.append(card)
            self.ships[p] = []

        # 3.-4. RB: "Now each of the five commodities are scored one at a
        #    time..." (majorities and monopoly bonuses), on whole warehouses:
        #    RB: "these cards stay in front of you for the entire game and the
        #    amount of cards you collect will grow."
        icons = [self._icons(self.warehouses[p]) for p in range(P)]
        for p, florins in enumerate(score_commodities(icons, P, self.monopoly_variant)):
            self.scores[p] += florins

        if self.day < NUM_DAYS - 1:
            # 5. RB: "After you have scored a round, return any remaining cards
            #    in the market to the deck and reshuffle the deck."
            self.day += 1
            pool = self.deck + self.market
            self.market = []
            self.deck = self._shuffled(pool, self.day)
            # RB: "The player with the lowest sum of florins starts the next
            # round. (If there is a tie, randomly choose one of the tied
            # players.)" SPEC: "the players with the fewest florins, in seat
            # order; if there are n > 1 of them, the one at index
            # randint(seed, STREAM_START, d, n) of that list."
            lowest = min(self.scores)
            candidates = [p for p in range(P) if self.scores[p] == lowest]
            if len(candidates) == 1:
                self.start_player = candidates[0]
            else:
                index = int(randint(self.seed, STREAM_START, self.day, len(candidates)))
                self.start_player = candidates[index]
            self._start_day()
        else:
            # 6. RB: "The game ends after the scoring of the third round."
            #    SPEC: market and deck left as they were, phase REVEAL, 0
            #    revealed, final turn flag 0, current_player unchanged, day 2.
            self.terminated = True
            self.final_turn = False
            self._start_turn()
            self.rewards = compute_rewards(self.scores, self.reward_mode)
