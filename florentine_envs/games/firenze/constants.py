"""Firenze's fixed encoding, shared by the engine and its views: random streams, table sizes,
phase ids and names, action ids (DESIGN_NOTES §8, SPEC.md) and per-phase lookup tables."""

from __future__ import annotations

import numpy as np

STREAM_DECK = 1
STREAM_POUCH = 2
STREAM_SETUP = 3

NUM_COLOURS = 6
NUM_SLOTS = 6  # card row
NUM_TOWER_SLOTS = 12  # 6 towers from before a Build phase + 6 started in it
NUM_COMMISSIONS = 36
NUM_KINDS = 27
NUM_CARDS = 52
NUM_PHASES = 18

(
    PH_CHOOSE,
    PH_PAY_CARD,
    PH_EV_PATRICIAN,
    PH_EV_OWN_TOWER,
    PH_UNUSED,  # EVENT_SABOTEUR until v0; the Saboteur is personnel since v1 (the id is kept)
    PH_EV_DISCARD,
    PH_EV_KEEP,
    PH_EV_PAY,
    PH_EXCHANGE,
    PH_EXCHANGE_PAY,
    PH_BUILD,
    PH_PAY_BUILD,
    PH_FULFILL,
    PH_LIMIT_BRICKS,
    PH_LIMIT_CARDS,
    PH_ALCH_GIVE,
    PH_SMUG_GIVE,
    PH_OVER,
) = range(NUM_PHASES)
PHASE_NAMES = [
    "CHOOSE", "PAY_CARD_COST", "EVENT_PATRICIAN", "EVENT_OWN_TOWER", "UNUSED", "EVENT_DISCARD",
    "EVENT_KEEP_TOWER", "EVENT_PAY", "EXCHANGE", "EXCHANGE_PAY", "BUILD", "PAY_BUILD_COST", "FULFILL",
    "LIMIT_BRICKS", "LIMIT_CARDS", "ALCHEMIST_GIVE", "SMUGGLER_GIVE", "GAME_OVER",
]  # fmt: skip

# Action ids (DESIGN_NOTES §8; fixed for every player count and option).
A_TAKE = 0
A_EXCHANGE = 6
A_BUILD_ON = 42
A_START = 54
A_FULFILL = 60
A_BELL = 78
A_BRICK = 79
A_SELECT = 85
A_SABOTAGE = 91
A_ALCHEMIST = 109
A_SMUGGLE = 115
A_WHOLESALE = 133
A_PATRICIAN_DISCARD = 139
A_PRINCESS = 151
A_MASON = 152
A_ARCHITECT = 153
A_IGNORE = 154
A_LIMIT = 155
A_PASS = 165
# Appended in v1 for the Saboteur, now a hand card, so that ids 0-165 keep their v0 meaning.
A_PATRICIAN_SABOTEUR = 166
A_LIMIT_SABOTEUR = 167
NUM_ACTIONS = 168

_FREE_PERSONNEL_PHASES = (PH_CHOOSE, PH_EXCHANGE, PH_BUILD, PH_FULFILL)
_PAY_PHASES = (PH_PAY_CARD, PH_EXCHANGE_PAY, PH_PAY_BUILD, PH_EV_DISCARD, PH_EV_PAY, PH_LIMIT_BRICKS, PH_LIMIT_CARDS)
_EVENT_PHASES = (PH_EV_PATRICIAN, PH_EV_OWN_TOWER, PH_EV_DISCARD, PH_EV_KEEP, PH_EV_PAY)
_BIG = np.iinfo(np.uint64).max


def _phase_lut(phases) -> np.ndarray:
    lut = np.zeros(NUM_PHASES, bool)
    lut[list(phases)] = True
    return lut


_LUT_BRICK = _phase_lut(
    (PH_PAY_CARD, PH_EXCHANGE_PAY, PH_PAY_BUILD, PH_EV_DISCARD, PH_EV_PAY, PH_LIMIT_BRICKS, PH_ALCH_GIVE, PH_SMUG_GIVE)
)
_LUT_FREE = _phase_lut(_FREE_PERSONNEL_PHASES)
_LUT_TOWERS = _phase_lut((PH_EV_OWN_TOWER, PH_EV_KEEP, PH_BUILD, PH_FULFILL))
_LUT_PAY = _phase_lut(_PAY_PHASES)
_LUT_EVENT = _phase_lut(_EVENT_PHASES)
