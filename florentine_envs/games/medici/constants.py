"""The fixed encoding of Medici (SPEC.md): randomness streams, phases, action ids, card locations."""

from __future__ import annotations

# SPEC "Randomness": the counter-based streams of core.rng
STREAM_DECK = 1
STREAM_START = 2

PHASE_REVEAL = 0
PHASE_TAKE = 1

REVEAL, STOP, TAKE_LAST, TAKE_LAST_AND_2ND, TAKE_LAST_AND_3RD, TAKE_LAST_THREE = range(6)
TAKES = (TAKE_LAST, TAKE_LAST_AND_2ND, TAKE_LAST_AND_3RD, TAKE_LAST_THREE)
ACTION_NAMES = ["reveal", "stop", "take_last", "take_last_and_2nd", "take_last_and_3rd", "take_last_three"]

# Card locations (card_loc values)
LOC_DECK, LOC_MARKET, LOC_SHIP, LOC_WAREHOUSE, LOC_BOX = range(5)
NUM_DAYS = 3
