"""Florenza (board game)'s fixed encoding (SPEC.md): random streams, phase ids, round phases and
the layout of the flat action space (its block sizes come from the player count and the data)."""

from __future__ import annotations

STREAM_ORDER = 1  # the first turn order (counter 0, item = seat)
STREAM_BAG = 2  # the bag of the 40 named characters (counter 0, item = character)
STREAM_DIE = 3  # every die roll (counter = roll number)

NUM_RESOURCES = 6
NUM_SKILLS = 3
NUM_SPACES = 8  # workshop spaces of a district board
NUM_BOXES = 8  # district artwork boxes (4 Palazzo, 4 Chiesa)
NUM_NAMED = 40
NUM_UNNAMED = 4  # unnamed painter/sculptor/architect kinds (data skill order), unnamed preacher
NUM_SLOTS_X = NUM_NAMED + NUM_UNNAMED  # character slots x (SPEC §2)
UNNAMED_PREACHER = NUM_NAMED + 3
WORKERS = 8
CRESTS = 15
ROUNDS = 8

NUM_PHASES = 17
(
    PH_START_PICK,
    PH_ATRIO,
    PH_CAPTAIN,
    PH_BISHOP,
    PH_PLACE,
    PH_HIRE,
    PH_PREACHER,
    PH_MARKET,
    PH_TRADE_GIVE_1,
    PH_TRADE_GIVE_2,
    PH_TRADE_TAKE,
    PH_CONVERT,
    PH_SKILL,
    PH_INCENTIVE,
    PH_CATHEDRAL_DIE,
    PH_OVER,
    PH_ARTWORK,  # v1: which of the player's artworks of a zone is completed next (D8)
) = range(NUM_PHASES)
PHASE_NAMES = [
    "START_PICK", "ATRIO", "CAPTAIN", "BISHOP", "PLACE", "HIRE", "PREACHER", "MARKET", "TRADE_GIVE_1",
    "TRADE_GIVE_2", "TRADE_TAKE", "CONVERT", "SKILL", "INCENTIVE", "CATHEDRAL_DIE", "GAME_OVER", "ARTWORK",
]  # fmt: skip

# Round phases of the rulebook (the automatic flow, field ``stage``): 0 is the set-up's
# workshop picks, 1..9 the rulebook's phases, 10 the end of the game.
(ST_SETUP, ST_INCOME, ST_CAPTAIN, ST_BISHOP, ST_PLACE, ST_MARKET, ST_DISTRICT, ST_ARTWORK, ST_ORDER, ST_END,
 ST_OVER) = range(11)  # fmt: skip

# character places (field ``char_state``)
IN_BAG, IN_PLAY, GONE = 0, 1, 2
# where a character in play is this round (field ``char_where``)
ON_CARD, ON_BOX, DETAINED, EXPELLED, ON_PULPIT = 0, 1, 2, 3, 4

# zones of an artwork (no-die base value and failure penalty = zone + 1)
Z_DISTRICT, Z_CIVIC, Z_CATHEDRAL = 0, 1, 2


class ActionIds:
    """First id of every block of the flat action space (SPEC §6) for P players, NW workshop
    types and NM main-board artworks (plain ints: read in the hot path)."""

    def __init__(self, P: int, NW: int, NM: int):
        self.P, self.NW, self.NM = P, NW, NM
        self.operate = 0
        self.build = 8 * P
        self.hire_district = self.build + NW
        self.hire_main = self.hire_district + NUM_BOXES
        self.market = self.hire_main + NM
        self.charity_own = self.market + 1
        self.charity_cathedral = self.charity_own + 1
        self.work = self.charity_cathedral + 1
        self.character = self.work + 1
        self.target = self.character + NUM_SLOTS_X  # relative seats 1..P-1
        self.pass_ = self.target + P - 1
        self.sell = self.pass_ + 1
        self.buy = self.sell + NUM_RESOURCES
        self.trade = self.buy + NUM_RESOURCES
        self.resource = self.trade + 1
        self.accept = self.resource + NUM_RESOURCES
        self.atrio_gold = self.accept + 1
        self.atrio_sell = self.atrio_gold + 1
        self.skill = self.atrio_sell + 1
        self.die = self.skill + NUM_SKILLS
        self.incentive = self.die + 6
        self.total = self.incentive + 4
