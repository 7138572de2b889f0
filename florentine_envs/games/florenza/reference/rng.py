"""The random protocol of SPEC, in scalars: which hash gives which draw.

Every draw is a pure function of (seed, stream, counter, index) through
``florentine_envs.core.rng``; the counters live here, so the rules only ask
"roll the income die", "draw n characters from the bag", and so on.
"""

from __future__ import annotations

import numpy as np

from florentine_envs.core.rng import hash64, randint

STREAM_TURN_ORDER = 1
STREAM_BAG = 2
STREAM_INCOME_DIE = 3
STREAM_ARTIST_DIE = 4
STREAM_PREACHER_DIE = 5


class ReferenceRng:
    def __init__(self, seed: int):
        self.seed = int(seed)
        self.artist_rolls = 0
        self.preacher_rolls = 0
        self.bag_draws = 0

    def _keys(self, stream: int, counter: int, items: list[int]) -> dict[int, int]:
        keys = hash64(np.uint64(self.seed), stream, counter, np.asarray(items, dtype=np.int64))
        return {item: int(k) for item, k in zip(items, np.atleast_1d(keys))}

    def turn_order(self, rules) -> list[int]:
        keys = self._keys(STREAM_TURN_ORDER, 0, list(range(rules.P)))
        return sorted(range(rules.P), key=lambda p: (keys[p], p))

    def draw_from_bag(self, rules, n: int) -> list[int]:
        if n == 0:
            return []
        keys = self._keys(STREAM_BAG, self.bag_draws, rules.bag)
        self.bag_draws += 1
        return sorted(rules.bag, key=lambda c: (keys[c], c))[:n]

    def _die(self, stream: int, counter: int) -> int:
        return int(randint(np.uint64(self.seed), stream, counter, 6)) + 1

    def income_die(self, rules) -> int:
        return self._die(STREAM_INCOME_DIE, rules.round)

    def artist_die(self, rules) -> int:
        self.artist_rolls += 1
        return self._die(STREAM_ARTIST_DIE, self.artist_rolls - 1)

    def preacher_die(self, rules) -> int:
        self.preacher_rolls += 1
        return self._die(STREAM_PREACHER_DIE, self.preacher_rolls - 1)
