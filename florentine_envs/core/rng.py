"""Counter-based per-game randomness.

Every random decision of a game is a pure function of ``(seed, stream, counter,
index)``: a vectorised 64-bit integer hash (SplitMix64 finaliser applied to a
combination of the four words). Nothing is drawn from a global or stateful
generator, so a game's trajectory depends only on its seed and the actions
played -- never on which batch it is stepped in (batch invariance) -- and a
game is replayed exactly from ``(seed, actions)``.

Shuffles are argsorts of hashed keys: every item gets the key
``hash(seed, stream, counter, item_id)`` and the items are ordered by key
(ties, astronomically rare, broken by item id through a stable sort).
"""

from __future__ import annotations

import numpy as np

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64 finaliser (bijective on uint64)."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


def hash64(seed, stream, counter, index=0) -> np.ndarray:
    """uint64 hash of four integer words, broadcast together.

    ``seed`` is the game's seed (uint64), ``stream`` names what the number is
    for (a small per-game constant), ``counter`` is which occurrence (day,
    round, draw number) and ``index`` is which item (card id, player).
    Returns a uint64 array of the broadcast shape (a 0-d array for scalars).
    """
    with np.errstate(over="ignore"):
        z = _mix(np.asarray(seed, dtype=np.uint64) + _GOLDEN)
        for position, word in enumerate((stream, counter, index), start=2):
            # Each word is mixed on its own (with a position-dependent offset)
            # before it is folded in, so no two (seed, stream, counter, index)
            # tuples collide by simple arithmetic.
            word_bits = np.asarray(word, dtype=np.int64).astype(np.uint64)
            z = _mix(z ^ _mix(word_bits + _GOLDEN * np.uint64(position)))
        return z


def randint(seed, stream, counter, n, index=0) -> np.ndarray:
    """Uniform-enough integer in ``[0, n)`` (n < 2**32; bias below 2**-32)."""
    h = hash64(seed, stream, counter, index)
    return ((h >> np.uint64(32)) * np.asarray(n, dtype=np.uint64) >> np.uint64(32)).astype(np.int64)


def shuffle_keys(seed, stream, counter, num_items: int) -> np.ndarray:
    """Keys ``uint64[..., num_items]`` whose argsort is a uniform permutation.

    ``seed``, ``stream`` and ``counter`` may be arrays of shape ``[B]``; the
    item id is the last axis.
    """
    seed = np.asarray(seed, dtype=np.uint64)[..., None]
    counter = np.asarray(counter)[..., None]
    return hash64(seed, stream, counter, np.arange(num_items))
