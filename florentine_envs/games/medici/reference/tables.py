"""The reference's tables: randomness streams, phases, action ids, the rulebook's payout tables
and thresholds, and the card data read from ``cards.json`` (beside this package)."""

from __future__ import annotations

import json
import os

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

_CARDS_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "cards.json")


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
