"""The counter-based randomness of ``florentine_envs.core.rng``: the one-draw scalar twin."""

import numpy as np
import pytest

from florentine_envs.core import rng
from florentine_envs.games.princes.constants import STREAM_DIE, STREAM_TIE


@pytest.mark.parametrize("stream", [STREAM_DIE, STREAM_TIE, 0, 2**40])
def test_randint_one_equals_the_counter_based_hash(stream):
    """``rng.randint_one`` (Python integers; the Princes solo game's one-game die and tie-breaks)
    draws what ``rng.randint`` draws, for any seed, counter, n and index."""
    rng_ = np.random.default_rng(stream % 1000)
    seeds = np.concatenate([rng_.integers(0, 2**63, 200, dtype=np.uint64), np.array([0, 2**64 - 1], np.uint64)])
    for seed in seeds:
        counters = rng_.integers(0, 2**15, 8)
        for n in (1, 2, 5, 6, 20):
            expected = rng.randint(seed, stream, counters, n)
            assert [rng.randint_one(int(seed), stream, int(c), n) for c in counters] == expected.tolist()
        index = int(rng_.integers(0, 50))
        assert rng.randint_one(int(seed), stream, 7, 13, index) == rng.randint(seed, stream, 7, 13, index)
