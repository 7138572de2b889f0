"""The reference's game state: plain Python lists and ints, one game."""

from __future__ import annotations

from dataclasses import dataclass, field

# Where a named character is (SPEC §11: bag / in play / out) and where its tile is.
IN_BAG, IN_PLAY, OUT = "bag", "play", "out"
ON_CARD = "card"  # on its card beneath a Life in Florenza card: can be hired / given charity
HIRED = "hired"  # on a worker in an artwork box (artist) or on a pulpit (preacher)
DETAINED = "detained"  # on the guard card VI (artist detained by the Captain)
EXPELLED = "expelled"  # on the Bishop's turn order card (preacher expelled by the Bishop)


@dataclass
class Slot:
    """One of the 8 workshop spaces of a district board."""

    workshop: int  # workshop type (0-based, data order)
    built: bool  # True: finished side up; False: building side up (construction pending)
    worker: int | None = None  # seat of the worker on it this round


@dataclass
class Player:
    florins: int
    cubes: list[int]  # int[6] in the data's resource order
    avail: int  # workers on the district board, still to be placed this round
    pool: int  # workers in the pool beside the board
    track: int = 0  # position on the prestige track (may be negative, D6)
    certs: int = 0  # prestige certificates cashed in as Captain (D3)
    influence: int = 0  # church influence track (never negative, D5)
    detained: int = 0  # workers of this family on the guard card
    work: int = 0  # workers on "Go to work"
    market: bool = False  # a worker at the market
    pulpit: bool = False  # a worker on the own Chiesa pulpit
    preacher: int | None = None  # character slot given charity on the own pulpit this round
    crests_placed: int = 0
    market_used: list[bool] = field(default_factory=lambda: [False, False, False])  # sell, buy, trade
    slots: list[Slot | None] = field(default_factory=lambda: [None] * 8)


@dataclass
class Named:
    """Where a named character is (SPEC §2: c = id - 1)."""

    where: str = IN_BAG
    life: int = 0  # the Life in Florenza card (1..7) while in play
    tile: str = ON_CARD
    flipped: bool = False  # the card is turned to the completed-masterpiece side


@dataclass
class Hire:
    """A worker on an artwork box with the character (slot x) hired for it."""

    player: int
    character: int | None  # None while the HIRE decision is pending
