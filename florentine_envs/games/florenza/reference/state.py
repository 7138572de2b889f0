"""The reference's game state: plain Python lists and ints, one game.

Everything a rule reads or writes lives on :class:`Board`; the flow of the round
(``rules.py``) is a generator that yields each decision and updates the board.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Where a character tile is (rulebook, "LIFE IN FLORENZA" and phases 2-4, 9).
ON_CARD = "card"  # on its card beneath a Life in Florenza card: can be hired / given charity
HIRED = "hired"  # on a worker in an artwork box (artist) or on a pulpit (preacher)
DETAINED = "detained"  # on the guard card VI (artist detained by the Captain)
EXPELLED = "expelled"  # on the Bishop's turn order card (preacher expelled by the Bishop)


@dataclass
class Slot:
    """One of the 8 workshop spaces of a district board."""

    workshop: int  # workshop type index (0-based, data order)
    built: bool  # True: finished side up; False: building side up (construction pending)
    worker: int | None = None  # seat of the worker on it this round


@dataclass
class Hire:
    """A worker placed on an artwork box with the artist hired for it (phase 4, C)."""

    player: int
    character: int
    skill: int | None = None  # chosen in phase 7 when more than one skill fits


@dataclass
class Player:
    florins: int
    cubes: list[int]  # int[6] in the data's resource order
    workers_board: int  # workers on the district board, still to be placed this round
    workers_pool: int  # workers in the pool beside the board
    prestige: int = 0  # position on the prestige track (may be negative)
    certificates: int = 0  # prestige certificates cashed in as Captain (face down, total public)
    influence: int = 0  # church influence track
    slots: list[Slot | None] = field(default_factory=lambda: [None] * 8)
    market_worker: bool = False
    market_done: list[bool] = field(default_factory=lambda: [False, False, False])  # sell, buy, trade
    chiesa_pulpit_used: bool = False


@dataclass
class Character:
    """A character of the game (named or unnamed) and where its tile is."""

    index: int  # data order
    in_play: bool = False  # its card is beneath a Life in Florenza card (unnamed: always)
    life: int = 0  # the Life in Florenza card number (1..7) it is beneath
    tile: str = ON_CARD
    masterpiece: bool = False  # card turned to the completed-masterpiece side
    removed: bool = False  # left the game (beneath card I at the end of a round)
