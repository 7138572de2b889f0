"""The Princes of Florence's fixed encoding, shared by the engine and its views: random streams,
component counts, phase ids and names, action ids (SPEC.md sections A and P) and resume codes.

The action ids below the placement range are the same for every player count, option and data
file; ``PLACE`` (8 orientations x grid cells) and ``FAME`` (payment splits) follow at offsets
the game computes from the data (``Princes.a_place``, ``Princes.a_fame``)."""

from __future__ import annotations

# Random streams of florentine_envs.core.rng (SPEC.md section R).
STREAM_PROFESSIONS = 1
STREAM_PRESTIGE = 2
STREAM_BONUS = 3
STREAM_SETUP = 4
STREAM_AUTOMA = 5  # the solo game (SPEC.md SR): the Automa deck, the die, Wolfgang's random choices
STREAM_DIE = 6
STREAM_TIE = 7

NUM_PROFESSIONS = 21
NUM_BONUS = 20
NUM_PRESTIGE = 14
NUM_BUILDINGS = 10
NUM_LANDSCAPES = 3
NUM_FREEDOMS = 3
NUM_PIECES = NUM_BUILDINGS + NUM_LANDSCAPES  # piece id: building 0..9, landscape 10 + l
NUM_STACKS = 7  # Forest, Lake, Park, Prestige, Recruiting, Jester, Builder
NUM_CHARACTERS = 6  # Banker, Cardinal, Merchant, Muse, Princess, Professor
CHAR_SPACES = 16  # character bid values 0..15 (each card allows a sub-range)

S_FOREST, S_LAKE, S_PARK, S_PRESTIGE, S_RECRUITING, S_JESTER, S_BUILDER = range(NUM_STACKS)
C_BANKER, C_CARDINAL, C_MERCHANT, C_MUSE, C_PRINCESS, C_PROFESSOR = range(NUM_CHARACTERS)
DECK_PROFESSIONS, DECK_BONUS, DECK_PRESTIGE = range(3)
DECK_SIZES = (NUM_PROFESSIONS, NUM_BONUS, NUM_PRESTIGE)
DECK_NAMES = ("Profession", "Bonus", "Prestige")
#: offset of each deck's cards in the 55 "drawn" flags (professions, bonus, prestige)
DRAWN_OFFSET = (0, NUM_PROFESSIONS, NUM_PROFESSIONS + NUM_BONUS)
NUM_DRAWN = NUM_PROFESSIONS + NUM_BONUS + NUM_PRESTIGE
NUM_AUTOMA = 21  # Automa cards of the solo game
ROW = 16  # slots of Wolfgang's row (3 dealt + professions taken + Recruiting cards: far fewer)
COLUMN = 12  # slots of a dummy column
MAX_DUMMIES = 3
RECRUIT_CARD = NUM_PROFESSIONS  # a Recruiting card in Wolfgang's row
PRINCESS_WORK = NUM_PROFESSIONS  # work_prof value of a work completed with the Princess

NUM_PHASES = 14
(
    PH_SETUP_DISCARD,
    PH_AUCTION_CHOOSE,
    PH_AUCTION_BID,
    PH_LANDSCAPE_PICK,
    PH_PLACE,
    PH_KEEP,
    PH_ORDER,
    PH_RECRUIT_NOW,
    PH_CHAR_USE,
    PH_CHAR_AUCTION,
    PH_ACTION,
    PH_WORK_BONUS,
    PH_WORK_PAY,
    PH_OVER,
) = range(NUM_PHASES)
PHASE_NAMES = [
    "SETUP_DISCARD", "AUCTION_CHOOSE", "AUCTION_BID", "LANDSCAPE_PICK", "PLACE", "KEEP", "ORDER",
    "RECRUIT_NOW", "CHAR_USE", "CHAR_AUCTION", "ACTION", "WORK_BONUS", "WORK_PAY", "GAME_OVER",
]  # fmt: skip

# The cooperative building expansion's phases follow the base's (SPEC.md COOP, CM); GAME_OVER
# stays 13. The solo game adds none.
NUM_COOP_PHASES = 4
PH_COOP_SIDE, PH_COOP_PLACE, PH_COOP_PRICE, PH_COOP_ANSWER = range(NUM_PHASES, NUM_PHASES + NUM_COOP_PHASES)
COOP_PHASE_NAMES = ["COOP_SIDE", "COOP_PLACE", "COOP_PRICE", "COOP_ANSWER"]

# Where a subroutine (PLACE, KEEP / ORDER, RECRUIT_NOW) returns when it is done (SPEC.md T).
RESUME_AUCTION, RESUME_ACTION, RESUME_CHAR_USE = range(3)
# The actions ``acts_done`` counts per turn (SPEC.md T5, DESIGN_NOTES D17): Complete a Work (the
# Princess's too), Build a Building, Acquire a Bonus card.
ACT_WORK, ACT_BUILD, ACT_BONUS = range(3)
#: "Each Action can be done twice per round per player" (the option cardinal_twice_limit)
TWICE = 2
# Why CHAR_USE was entered (SPEC.md C).
CTX_NONE, CTX_WIN, CTX_END, CTX_BOUGHT = range(4)

# Action ids (SPEC.md section A).
A_PASS = 0
A_RAISE = 1
A_WITHDRAW = 2
A_END_TURN = 3
A_DONE = 4
A_OPEN = 5  # + stack (7)
A_LANDSCAPE = 12  # + landscape (3)
A_PROFESSION = 15  # + profession (21)
A_BONUS = 36  # + bonus card (20)
A_PRESTIGE = 56  # + prestige card (14)
A_RECRUIT = 70  # + profession taken from an opponent's table (21)
A_BUILD = 91  # + building (10)
A_FREEDOM = 101  # + freedom (3)
A_TAKE_PROFESSION = 104
A_TAKE_BONUS = 105
A_PRINCESS = 106
A_CARDINAL = 107
A_MERCHANT_FAME = 108
A_MERCHANT_PAY = 109
A_PROFESSOR_PRESTIGE = 110
A_PROFESSOR_BONUS = 111
A_CHAR_BID = 112  # + 16 * character + value (96)
A_PLACE = A_CHAR_BID + NUM_CHARACTERS * CHAR_SPACES  # 208: + 8 orientations x cells, then FAME
