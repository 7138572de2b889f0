"""SPEC §3, the random protocol, in scalars.

Every draw is a pure function of (seed, stream, counter, item) through
``florentine_envs.core.rng``: the set-up turn order (stream 1), the bag's order
(stream 2, fixed at set-up; draws take the first characters not yet drawn) and
every die roll of the game (stream 3, counter = the game's roll number).
"""

from __future__ import annotations

import numpy as np

from florentine_envs.core.rng import hash64, randint

STREAM_ORDER = 1
STREAM_BAG = 2
STREAM_DIE = 3
NAMED_CHARACTERS = 40


def _sorted_by_keys(seed: int, stream: int, n: int) -> list[int]:
    keys = hash64(np.uint64(seed), stream, 0, np.arange(n, dtype=np.int64))
    return sorted(range(n), key=lambda i: (int(keys[i]), i))  # keys ascending, ties by item id


class ReferenceRng:
    def __init__(self, seed: int):
        self.seed = int(seed)
        self.rolls = 0  # SPEC §3: the game's roll counter
        self.bag_order = _sorted_by_keys(self.seed, STREAM_BAG, NAMED_CHARACTERS)
        self.drawn = 0

    def turn_order(self, num_players: int) -> list[int]:
        """RB: "Take one of the family markers from each player and mix them" -- the first is first."""
        return _sorted_by_keys(self.seed, STREAM_ORDER, num_players)

    def draw(self, n: int) -> list[int]:
        """The next ``n`` characters of the bag (fewer when it runs out, D14)."""
        out = self.bag_order[self.drawn : self.drawn + n]
        self.drawn += len(out)
        return out

    def in_bag(self) -> list[int]:
        return self.bag_order[self.drawn :]

    def roll(self) -> int:
        v = 1 + int(randint(np.uint64(self.seed), STREAM_DIE, self.rolls, 6))
        self.rolls += 1
        return v
