"""SPEC §6: phase ids and the flat action ids (blocks in SPEC's order)."""

from __future__ import annotations

PHASES = (
    "START_PICK",
    "ATRIO",
    "CAPTAIN",
    "BISHOP",
    "PLACE",
    "HIRE",
    "PREACHER",
    "MARKET",
    "TRADE_GIVE_1",
    "TRADE_GIVE_2",
    "TRADE_TAKE",
    "CONVERT",
    "SKILL",
    "INCENTIVE",
    "CATHEDRAL_DIE",
    "GAME_OVER",
    "ARTWORK",  # v1: the player picks which artwork of the zone to complete next
)
PHASE = {name: i for i, name in enumerate(PHASES)}
NUM_CHARACTER_SLOTS = 44  # SPEC §2: 40 named + 4 unnamed kinds
UNNAMED_PREACHER_SLOT = 43
SLOTS = 8  # workshop spaces of a district board
DISTRICT_BOXES = 8


class ActionIds:
    """First id of every block of SPEC §6 for P players, NW workshop types, NM main artworks."""

    def __init__(self, num_players: int, num_workshops: int, num_main: int):
        P = num_players
        self.P = P
        nxt = 0

        def block(size: int) -> int:
            nonlocal nxt
            start, nxt = nxt, nxt + size
            return start

        self.OPERATE = block(SLOTS * P)  # + 8 j + s (owner relative seat j, space s)
        self.BUILD = block(num_workshops)
        self.HIRE_DISTRICT = block(DISTRICT_BOXES)
        self.HIRE_MAIN = block(num_main)
        self.MARKET = block(1)
        self.CHARITY_OWN = block(1)
        self.CHARITY_CATHEDRAL = block(1)
        self.WORK = block(1)
        self.CHARACTER = block(NUM_CHARACTER_SLOTS)
        self.TARGET = block(P - 1)  # + j - 1 for relative seat j = 1..P-1
        self.PASS = block(1)
        self.SELL = block(6)
        self.BUY = block(6)
        self.TRADE = block(1)
        self.RESOURCE = block(6)
        self.ACCEPT = block(1)
        self.ATRIO_GOLD = block(1)
        self.ATRIO_SELL = block(1)
        self.SKILL = block(3)
        self.DIE = block(6)  # + v - 1
        self.INCENTIVE = block(4)
        self.num_actions = nxt

    def operate(self, j: int, s: int) -> int:
        return self.OPERATE + SLOTS * j + s
