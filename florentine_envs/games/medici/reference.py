"""Scalar reference implementation of Medici: The Card Game (Reiner Knizia).

This is the *readable* implementation: one game, plain Python lists and ints,
written clause by clause from the rulebook (``shared/rules/medici_card_game.txt``)
and the encoding specification (``SPEC.md`` next to this file), which fixes the
action ids, observation layout, forced moves, randomness and the order of the
automatic steps. Each rule below quotes the rulebook sentence it implements
("RB: ...") or the SPEC.md clause ("SPEC: ...").

numpy is used only for the counter-based randomness (``core.rng``) and for
returning the action mask and the observation as arrays.
"""

from __future__ import annotations

import json
import operator
import os

import numpy as np

from florentine_envs.core.rng import hash64, randint

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

# SPEC: "Streams: STREAM_DECK = 1, STREAM_START = 2."
STREAM_DECK = 1
STREAM_START = 2

# RB: "The game is played over 3 rounds."
NUM_DAYS = 3

# RB: "There are 5 different commodities (grain, spice, fur, dye and cloth)"
NUM_COLOURS = 5

# Phases of a turn. SPEC: "A turn starts in phase REVEAL"; take actions are
# made in phase TAKE.
REVEAL = 0
TAKE = 1

# SPEC: action ids (num_actions = 6).
A_REVEAL = 0
A_STOP = 1
A_TAKE_LAST = 2
A_TAKE_LAST_AND_2ND = 3
A_TAKE_LAST_AND_3RD = 4
A_TAKE_LAST_THREE = 5
NUM_ACTIONS = 6
ACTION_NAMES = (
    "reveal",
    "stop",
    "take_last",
    "take_last_and_2nd",
    "take_last_and_3rd",
    "take_last_three",
)

# Which market positions each take action takes, as offsets from the end of
# the market: 1 = last (m-1), 2 = 2nd-last (m-2), 3 = 3rd-last (m-3).
# RB: "Now you MUST take the last card from the market (the last card drawn.)
# In addition, you MAY take any one or two of the previous two cards from the
# market. You can never access any cards beyond the last three positions in
# the market."
TAKE_OFFSETS = {
    A_TAKE_LAST: (1,),
    A_TAKE_LAST_AND_2ND: (1, 2),
    A_TAKE_LAST_AND_3RD: (1, 3),
    A_TAKE_LAST_THREE: (1, 2, 3),
}

# RB (payout table, "Scoring the day"): payouts for ship values by place,
# per number of players.
SHIP_PAYOUTS = {
    2: [20, 0],
    3: [30, 15, 0],
    4: [30, 20, 10, 0],
    5: [30, 20, 10, 5, 0],
    6: [30, 20, 15, 10, 5, 0],
}

# RB: "The player with the most commodities (icons) of each type (color)
# receives a payout of 10 florins, the player with the second most
# commodities of the colour receives 5 florins."
COMMODITY_PAYOUTS = [10, 5]

# RB: "each player who has at least 5 commodities of a color receives a
# monolpoly bonus of 10 florins. In a 2 player game, each player with at least
# 7 commodities of a color receives this bonus."
MONOPOLY_BONUS = 10
# RB (Game Variant): "the monopoly bonus increases from 10 to 20 when the
# following thresholds are reached: with 2 players, for at least 10
# commodities in a color; with 3-6 players, for at least 8 commodities".
MONOPOLY_VARIANT_BONUS = 20

# RB: "Note: As 5 is the smallest payment unit, you must round down to the
# nearest 5 when tied."
PAYMENT_UNIT = 5

REWARD_MODES = ("win", "score")


def ship_capacity(num_players: int) -> int:
    """RB: "Your ship can never hold more than five cards (seven cards in a 2
    player game.)" -- counted in non-green cards, since RB: "Any number of green
    cards can be loaded onto a ship, as these do not require a loading space!"
    """
    return 7 if num_players == 2 else 5


def monopoly_threshold(num_players: int) -> int:
    """RB: "at least 5 commodities ... In a 2 player game, ... at least 7"."""
    return 7 if num_players == 2 else 5


def monopoly_variant_threshold(num_players: int) -> int:
    """RB (Game Variant): "with 2 players, for at least 10 commodities in a
    color; with 3-6 players, for at least 8 commodities in a color."."""
    return 10 if num_players == 2 else 8


# ---------------------------------------------------------------------------
# Card data (cards.json)
# ---------------------------------------------------------------------------

_CARDS_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cards.json")


def _load_cards(path: str = _CARDS_PATH):
    """Read cards.json; return per-kind and per-card property lists.

    SPEC: "Card ids 0-109 are assigned kind by kind in that order, copies
    consecutive."
    """
    with open(path) as f:
        data = json.load(f)
    colours = list(data["colours"])
    kind_names, kind_value, kind_icons, kind_green, kind_colour = [], [], [], [], []
    card_kind = []
    for kind_index, kind in enumerate(data["kinds"]):
        kind_names.append(kind["name"])
        kind_value.append(int(kind["value"]))
        kind_icons.append(int(kind["icons"]))
        kind_green.append(bool(kind["green"]))
        # Neutral cards have no colour (None in the data); we use -1.
        kind_colour.append(colours.index(kind["colour"]) if kind["colour"] is not None else -1)
        card_kind.extend([kind_index] * int(kind["copies"]))
    return colours, kind_names, kind_value, kind_icons, kind_green, kind_colour, card_kind


(
    COLOURS,
    KIND_NAMES,
    KIND_VALUE,
    KIND_ICONS,
    KIND_GREEN,
    KIND_COLOUR,
    CARD_KIND,
) = _load_cards()

NUM_KINDS = len(KIND_NAMES)  # 32
NUM_CARDS = len(CARD_KIND)  # 110 -- RB: "The 110 Cards..."
CARD_VALUE = [KIND_VALUE[k] for k in CARD_KIND]
CARD_ICONS = [KIND_ICONS[k] for k in CARD_KIND]
CARD_GREEN = [KIND_GREEN[k] for k in CARD_KIND]
CARD_COLOUR = [KIND_COLOUR[k] for k in CARD_KIND]

# SPEC: market_line is "M blocks of 33, one-hot ... index 32 = no card there".
NO_CARD_INDEX = NUM_KINDS

# SPEC ("Longest market"): the most cards the market can hold, by number of players.
LONGEST_MARKET = {2: 69, 3: 71, 4: 74, 5: 74, 6: 74}


# ---------------------------------------------------------------------------
# Day scoring (pure functions)
# ---------------------------------------------------------------------------


def share_payouts(amounts: list[int], payouts: list[int], eligible: list[bool] | None = None) -> list[int]:
    """Pay ``payouts[rank]`` to players ranked by ``amounts`` (highest first).

    Only ``eligible`` players are ranked (all by default); the others get 0.
    Ranks beyond the end of ``payouts`` pay 0.

    RB: "Ties: In the case of ties, the payouts for the involved players are
    added together and shared. Where necessary, the shares are rounded down.
    Note: As 5 is the smallest payment unit, you must round down to the nearest
    5 when tied."
    SPEC: "A group of k players tied at ranks r...r+k-1 shares the payouts of
    those ranks: each gets floor(sum / k / 5) * 5."
    """
    n = len(amounts)
    if eligible is None:
        eligible = [True] * n
    ranked = [p for p in range(n) if eligible[p]]
    result = [0] * n
    for p in ranked:
        # Rank r = number of ranked players with a strictly higher amount; the
        # tied group is everyone ranked with exactly the same amount.
        r = sum(1 for q in ranked if amounts[q] > amounts[p])
        k = sum(1 for q in ranked if amounts[q] == amounts[p])
        pot = sum(payouts[rank] for rank in range(r, r + k) if rank < len(payouts))
        # floor(floor(pot / k) / 5) == floor(pot / k / 5) for non-negative ints.
        result[p] = (pot // k) // PAYMENT_UNIT * PAYMENT_UNIT
    return result


def score_ships(values: list[int], num_players: int) -> list[int]:
    """Florins for ship values, one entry per seat.

    RB: "Ship values: First, compare the total values of the ships by adding
    up the numbers on every card in each ship. The player with the most
    valuable ship (highest total value) receives the highest payout, and so
    on. The player with the lowest value ship receives nothing. The payouts
    depend on the number of players in the game..."
    """
    if len(values) != num_players:
        raise ValueError(f"expected {num_players} ship values, got {len(values)}")
    return share_payouts(list(values), SHIP_PAYOUTS[num_players])


def score_commodities(icons: list[list[int]], num_players: int, monopoly_variant: bool = False) -> list[int]:
    """Florins for warehouses (majorities and monopoly bonuses), per seat.

    ``icons[p][c]`` is the number of icons of colour ``c`` in seat ``p``'s
    warehouse.

    RB: "Now each of the five commodities are scored one at a time... Players
    must count the number of icons (not the number of cards) they have for each
    commodity type in turn."
    """
    if len(icons) != num_players:
        raise ValueError(f"expected {num_players} icon rows, got {len(icons)}")
    result = [0] * num_players
    threshold = monopoly_threshold(num_players)
    variant_threshold = monopoly_variant_threshold(num_players)
    for c in range(NUM_COLOURS):
        counts = [int(icons[p][c]) for p in range(num_players)]
        # RB: "The player with the most commodities (icons) of each type (color)
        # receives a payout of 10 florins, the player with the second most
        # commodities of the colour receives 5 florins."
        # RB example: "As there is no other player with grey commodities, there
        # is no further payout for gray." -- SPEC: "Players with 0 icons of the
        # colour get nothing."
        majority = share_payouts(counts, COMMODITY_PAYOUTS, [n >= 1 for n in counts])
        for p in range(num_players):
            result[p] += majority[p]
            # RB: "Furthermore, each player who has at least 5 commodities of a
            # color receives a monolpoly bonus of 10 florins. In a 2 player
            # game, each player with at least 7 commodities of a color receives
            # this bonus."
            # RB (Game Variant): "the monopoly bonus increases from 10 to 20
            # when the following thresholds are reached ... The thresholds for
            # the lower monopoly bonuses remain unchanged."
            if monopoly_variant and counts[p] >= variant_threshold:
                result[p] += MONOPOLY_VARIANT_BONUS
            elif counts[p] >= threshold:
                result[p] += MONOPOLY_BONUS
    return result


def compute_rewards(scores: list[int], mode: str) -> list[float]:
    """Final-step rewards (SPEC: "Rewards and scores").

    "win": winners = players with the highest score; if every player is a
    winner all get 0; else each winner gets +1/w and each other player
    -1/(P-w). "score": player p gets score_p - mean(score_q for q != p).
    """
    P = len(scores)
    if mode == "win":
        # RB: "The player with the highest sum of florins is the winner. In the
        # case of a tie, the tied players become joint winners."
        best = max(scores)
        winners = [p for p in range(P) if scores[p] == best]
        w = len(winners)
        if w == P:
            return [0.0] * P
        return [1.0 / w if scores[p] == best else -1.0 / (P - w) for p in range(P)]
    if mode == "score":
        total = sum(scores)
        return [float(scores[p]) - (total - scores[p]) / (P - 1) for p in range(P)]
    raise ValueError(f"unknown reward mode {mode!r}; expected one of {REWARD_MODES}")


# ---------------------------------------------------------------------------
# Observation layout (SPEC: "Observation")
# ---------------------------------------------------------------------------

# Fixed-size fields, in order.
_FIXED_FIELDS = (
    ("phase", 2),
    ("day", NUM_DAYS),
    ("revealed_this_turn", 1),
    ("final_turn", 1),
    ("deck_size", 1),
    ("market_size", 1),
    ("market_line", None),  # LONGEST_MARKET[P] blocks of NUM_KINDS + 1
    ("market_counts", NUM_KINDS),
    ("unseen_counts", NUM_KINDS),
)
# Per-player fields: (name, entries per player).
_PLAYER_FIELDS = (
    ("to_move", 1),
    ("start_player", 1),
    ("ship_value", 1),
    ("ship_slots", 1),
    ("ship_full", 1),
    ("ship_icons", NUM_COLOURS),
    ("warehouse_icons", NUM_COLOURS),
    ("florins", 1),
)
OBS_PER_PLAYER = sum(size for _, size in _PLAYER_FIELDS)  # 16


def obs_size(num_players: int) -> int:
    start, size = obs_offsets(num_players)["florins"]
    return start + size


def obs_offsets(num_players: int) -> dict[str, tuple[int, int]]:
    """Field name -> (start, length) in the observation vector."""
    offsets = {}
    pos = 0
    for name, size in _FIXED_FIELDS:
        if size is None:  # market_line
            size = LONGEST_MARKET[num_players] * (NUM_KINDS + 1)
        offsets[name] = (pos, size)
        pos += size
    for name, per in _PLAYER_FIELDS:
        offsets[name] = (pos, per * num_players)
        pos += per * num_players
    return offsets


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


class MediciReference:
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

    # -- legality -----------------------------------------------------------

    def _legal_list(self) -> list[int]:
        if self.terminated:
            return []
        legal = []
        if self.phase == REVEAL:
            # RB: "Reveal cards: Card after card, reveal one OR two OR three
            # cards from the deck". SPEC: reveal is legal when "deck non-empty
            # and fewer than 3 cards revealed this turn".
            if len(self.deck) > 0 and self.revealed_this_turn < 3:
                legal.append(A_REVEAL)
            # RB: "If there are already cards in the market (from a previous
            # turn), you can also decide NOT to reveal any new cards!"
            # SPEC: stop is legal when "market non-empty".
            if len(self.market) > 0:
                legal.append(A_STOP)
        else:
            m = len(self.market)
            free = self._free_slots(self.current_player)
            for action, offsets in TAKE_OFFSETS.items():
                # RB: "You can never access any cards beyond the last three
                # positions in the market."
                if m < max(offsets):
                    continue
                # RB: "Your ship can never hold more than five cards (seven
                # cards in a 2 player game.)" + "Any number of green cards can
                # be loaded onto a ship, as these do not require a loading
                # space!"
                needed = sum(1 for off in offsets if not CARD_GREEN[self.market[m - off]])
                if needed <= free:
                    legal.append(action)
            # SPEC: take_last is legal "always (the acting player has >= 1
            # free slot)" -- RB: "Now you MUST take the last card".
            assert A_TAKE_LAST in legal, "take_last must always be legal in TAKE"
        return legal

    def legal_action_mask(self) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        for action in self._legal_list():
            mask[action] = True
        return mask

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

    # -- observation --------------------------------------------------------

    def observe(self, player: int) -> np.ndarray:
        """SPEC: "Observation (float32, raw counts, no normalisation)"."""
        P = self.num_players
        if not 0 <= int(player) < P:
            raise ValueError(f"player must be in 0..{P - 1}, got {player!r}")
        player = int(player)
        obs = np.zeros(self.obs_size, dtype=np.float32)
        off = self._offsets

        def put(name: str, index: int, value) -> None:
            start, size = off[name]
            assert 0 <= index < size
            obs[start + index] = value

        put("phase", self.phase, 1)
        put("day", self.day, 1)
        put("revealed_this_turn", 0, self.revealed_this_turn)
        put("final_turn", 0, 1 if self.final_turn else 0)
        put("deck_size", 0, len(self.deck))
        put("market_size", 0, len(self.market))
        # SPEC: "the whole market in order: M blocks of 33, one-hot; block i = the card at
        # market position m-1-i (block 0 = the last card ...); index 32 = no card there".
        m = len(self.market)
        longest = LONGEST_MARKET[P]
        assert m <= longest, f"a market of {m} cards is longer than the rules allow ({longest})"
        for block in range(longest):
            pos = m - 1 - block
            kind = CARD_KIND[self.market[pos]] if pos >= 0 else NO_CARD_INDEX
            put("market_line", block * (NUM_KINDS + 1) + kind, 1)
        for card in self.market:
            start, _ = off["market_counts"]
            obs[start + CARD_KIND[card]] += 1
        for card in self.deck:
            start, _ = off["unseen_counts"]
            obs[start + CARD_KIND[card]] += 1

        # Player blocks in relative seating: block j is player (p + j) % P.
        for j in range(P):
            q = (player + j) % P
            if not self.terminated and q == self.current_player:
                put("to_move", j, 1)
            if q == self.start_player:
                put("start_player", j, 1)
            put("ship_value", j, self._ship_value(q))
            put("ship_slots", j, self._slots_used(q))
            put("ship_full", j, 1 if self._ship_full(q) else 0)
            ship_icons = self._icons(self.ships[q])
            warehouse_icons = self._icons(self.warehouses[q])
            for c in range(NUM_COLOURS):
                put("ship_icons", NUM_COLOURS * j + c, ship_icons[c])
                put("warehouse_icons", NUM_COLOURS * j + c, warehouse_icons[c])
            put("florins", j, self.scores[q])
        return obs
