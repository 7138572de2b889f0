"""Florenza: The Card Game's fixed encoding (SPEC.md): random streams, phase ids and names, and
the layout of the flat action space (its block sizes come from the component data)."""

from __future__ import annotations

STREAM_FLORENZA = 1  # Florenza deck shuffles; counter 0 = set-up, round - 1 in rounds 2-4
STREAM_MONUMENTS = 2
STREAM_ARTISTS = 3
STREAM_SETUP = 4  # the first Captain

NUM_RESOURCES = 6  # marble, wood, gold, metal, fabric, spice (data order)
NUM_TYPES = 3  # architect, painter, sculptor
NUM_SLOTS = 8  # four normal actions, then Palagio, Casamento, Casa, Predicatore
NUM_ROUNDS = 5
BASE_ACTIONS = 4

NUM_PHASES = 11
(
    PH_ACTION,
    PH_HIRE,
    PH_EXCHANGE_GIVE_1,
    PH_EXCHANGE_GIVE_2,
    PH_EXCHANGE_TAKE,
    PH_BARTER_GIVE,
    PH_BARTER_TAKE,
    PH_KEEP,
    PH_CAPTAIN_CHOICE,
    PH_MERCHANT_CHOICE,
    PH_OVER,
) = range(NUM_PHASES)
PHASE_NAMES = [
    "ACTION", "HIRE", "EXCHANGE_GIVE_1", "EXCHANGE_GIVE_2", "EXCHANGE_TAKE", "BARTER_GIVE", "BARTER_TAKE",
    "KEEP", "CAPTAIN_CHOICE", "MERCHANT_CHOICE", "GAME_OVER",
]  # fmt: skip
# phases in which an action of the action phase is still being completed (action_slot is shown)
ACTION_PHASES = (PH_ACTION, PH_HIRE, PH_EXCHANGE_GIVE_1, PH_EXCHANGE_GIVE_2, PH_EXCHANGE_TAKE, PH_BARTER_GIVE,
                 PH_BARTER_TAKE)  # fmt: skip
RESOURCE_PHASES = (PH_EXCHANGE_GIVE_1, PH_EXCHANGE_GIVE_2, PH_EXCHANGE_TAKE, PH_BARTER_GIVE, PH_BARTER_TAKE,
                   PH_CAPTAIN_CHOICE, PH_MERCHANT_CHOICE)  # fmt: skip

# mon_state / art_state codes (SPEC §7)
IN_DECK, IN_ROW, DISCARDED, RESERVED, DONE = 0, 1, 2, 3, 4
# A monument paid for and waiting for its artist (phase HIRE): it has left the row or the
# reservations ("pay ..., then take the card and place it in front of you") but is not yet
# completed, so no observation block shows it; only `pending_monument` does (SPEC §6).
BEING_COMPLETED = 5
ON_TABLE = IN_ROW  # an artist "in the row" lies on the table
HIRED = DONE


class ActionIds:
    """First id of every block of the flat action space (SPEC §6), for K card kinds, M monuments,
    AK artist kinds and L location kinds (plain ints: they are read in the hot path)."""

    def __init__(self, K: int, M: int, AK: int, L: int):
        self.K, self.M, self.AK, self.L = K, M, AK, L
        self.play = 0
        self.complete = K
        self.reserve_monument = K + M
        self.reserve_artist = K + 2 * M
        self.location = self.reserve_artist + AK
        self.workers = self.location + L
        self.sell = self.workers + 1
        self.buy = self.sell + NUM_RESOURCES
        self.exchange = self.buy + NUM_RESOURCES
        self.inspiration = self.exchange + 1
        self.pass_ = self.inspiration + 1
        self.hire_table = self.pass_ + 1
        self.hire_reserved = self.hire_table + AK
        self.hire_anonymous = self.hire_reserved + AK
        self.resource = self.hire_anonymous + NUM_TYPES
        self.keep = self.resource + NUM_RESOURCES
        self.total = self.keep + K
