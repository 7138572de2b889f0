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

from .jit import jit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)


_MASK64 = (1 << 64) - 1


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64 finaliser (bijective on uint64)."""
    if isinstance(z, np.ndarray) and z.ndim:
        return _mix_in_place(z.copy())
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


def _mix_in_place(z: np.ndarray) -> np.ndarray:
    """:func:`_mix` of a uint64 array that nothing else holds, overwritten (fewer temporaries)."""
    z ^= z >> _S30
    z *= _M1
    z ^= z >> _S27
    z *= _M2
    z ^= z >> _S31
    return z


def _mix_int(z: int) -> int:
    """:func:`_mix` in Python integers: cheaper than numpy for one value."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _mixed_word(word, position: int):
    """``_mix(word + GOLDEN * position)``: one word mixed on its own before it is folded in."""
    if isinstance(word, (int, np.integer)) and -(2**63) <= word < 2**63:  # a scalar: in Python integers
        return np.uint64(_mix_int((int(word) + 0x9E3779B97F4A7C15 * position) & _MASK64))
    word_bits = np.asarray(word, dtype=np.int64).astype(np.uint64)
    if word_bits.ndim == 0:
        return _mix(word_bits + _OFFSETS[position])
    return _mix_in_place(word_bits + _OFFSETS[position])


_OFFSETS = {position: np.uint64((0x9E3779B97F4A7C15 * position) & _MASK64) for position in (2, 3, 4)}


_MIXED_IDS: dict[int, np.ndarray] = {}


def _mixed_ids(num_items: int) -> np.ndarray:
    """``_mixed_word(arange(num_items), 4)``: the item-id word of every shuffle, computed once per size."""
    if num_items not in _MIXED_IDS:
        ids = _mixed_word(np.arange(num_items), 4)  # array arithmetic: wraps without warnings
        ids.flags.writeable = False
        _MIXED_IDS[num_items] = ids
    return _MIXED_IDS[num_items]


def hash64(seed, stream, counter, index=0) -> np.ndarray:
    """uint64 hash of four integer words, broadcast together.

    ``seed`` is the game's seed (uint64), ``stream`` names what the number is
    for (a small per-game constant), ``counter`` is which occurrence (day,
    round, draw number) and ``index`` is which item (card id, player).
    Returns a uint64 array of the broadcast shape (a numpy scalar for scalars).
    """
    with np.errstate(over="ignore"):  # numpy warns on wrapping scalar (not array) arithmetic
        return _hash_mixed(seed, stream, counter, _mixed_word(index, 4))


def _hash_mixed(seed, stream, counter, mixed_index) -> np.ndarray:
    """:func:`hash64` with the index word already mixed (``_mixed_word(index, 4)``)."""
    with np.errstate(over="ignore"):
        z = np.asarray(seed, dtype=np.uint64) + _GOLDEN
        z = _mix_in_place(z) if isinstance(z, np.ndarray) and z.ndim else _mix(z)
        # Each word is mixed on its own (with a position-dependent offset) before it is
        # folded in, so no two (seed, stream, counter, index) tuples collide by simple
        # arithmetic. ``z ^ word`` is always a fresh array or scalar: mixed in place.
        for mixed in (_mixed_word(stream, 2), _mixed_word(counter, 3), mixed_index):
            z = z ^ mixed
            z = _mix_in_place(z) if isinstance(z, np.ndarray) and z.ndim else _mix(z)
        return z


def randint(seed, stream, counter, n, index=0) -> np.ndarray:
    """Uniform-enough integer in ``[0, n)`` (n < 2**32; bias below 2**-32)."""
    h = hash64(seed, stream, counter, index)
    return ((h >> np.uint64(32)) * np.asarray(n, dtype=np.uint64) >> np.uint64(32)).astype(np.int64)


def randint_one(seed: int, stream: int, counter: int, n: int, index: int = 0) -> int:
    """:func:`randint` of one draw in Python integers: the same number, several times cheaper
    than numpy for one game (the AEC env's one-game paths). Arguments are Python ints."""
    z = _mix_int((seed + 0x9E3779B97F4A7C15) & _MASK64)
    for word, position in ((stream, 2), (counter, 3), (index, 4)):  # as _hash_mixed, word by word
        z = _mix_int(z ^ _mix_int((word + 0x9E3779B97F4A7C15 * position) & _MASK64))
    return ((z >> 32) * n) >> 32


def shuffle_keys(seed, stream, counter, num_items: int) -> np.ndarray:
    """Keys ``uint64[..., num_items]`` whose argsort is a uniform permutation.

    ``seed``, ``stream`` and ``counter`` may be arrays of shape ``[B]``; the
    item id is the last axis.
    """
    seed = np.asarray(seed, dtype=np.uint64)[..., None]
    counter = np.asarray(counter)[..., None]
    return _hash_mixed(seed, stream, counter, _mixed_ids(num_items))


# ------------------------------------------------------------------ compiled kernels
#
# The same streams inside numba kernels (a game's rules compiled over one game at a time): the
# same words, mixed the same way, so a kernel draws exactly the numbers the numpy functions above
# give for the same (seed, stream, counter, index).

_U_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_U30, _U27, _U31, _U32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
_U_STREAM, _U_COUNTER, _U_INDEX = _OFFSETS[2], _OFFSETS[3], _OFFSETS[4]  # numba reads no dicts


@jit()
def mix_kernel(z):
    """:func:`_mix` of one uint64."""
    z = (z ^ (z >> _U30)) * _M1
    z = (z ^ (z >> _U27)) * _M2
    return z ^ (z >> _U31)


@jit()
def hash_prefix_kernel(seed, stream, counter):
    """The hash state after the seed, stream and counter words: :func:`hash_mixed_kernel` of every
    item of one shuffle folds its item word into this one value."""
    z = mix_kernel(np.uint64(seed) + _U_GOLDEN)
    z = mix_kernel(z ^ mix_kernel(np.uint64(np.int64(stream)) + _U_STREAM))
    return mix_kernel(z ^ mix_kernel(np.uint64(np.int64(counter)) + _U_COUNTER))


@jit()
def hash_mixed_kernel(seed, stream, counter, mixed_index):
    """:func:`_hash_mixed` of one draw: ``seed`` uint64, ``stream`` and ``counter`` integers,
    ``mixed_index`` the item's word already mixed (``_mixed_ids``)."""
    return mix_kernel(hash_prefix_kernel(seed, stream, counter) ^ mixed_index)


@jit()
def hash64_kernel(seed, stream, counter, index):
    """:func:`hash64` of one draw."""
    return hash_mixed_kernel(seed, stream, counter, mix_kernel(np.uint64(np.int64(index)) + _U_INDEX))


@jit()
def randint_kernel(seed, stream, counter, n, index):
    """:func:`randint` of one draw: an int64 in ``[0, n)``."""
    h = hash64_kernel(seed, stream, counter, index)
    return np.int64(((h >> _U32) * np.uint64(n)) >> _U32)


@jit(_nrt=False)
def sort_by_key(ids, keys, tmp, counts):
    """``ids`` (int64[n], ascending) put in the order of ``(keys[id], id)``, a stable argsort's: a
    counting sort on the keys' top byte into ``tmp`` (int64[n]; ``counts`` int64[257]), which
    leaves only the few ids sharing a byte out of order, then an insertion sort (the keys are
    uniform: a merge sort's unpredictable branches cost four times as much, measured)."""
    n = ids.shape[0]
    counts[:] = 0
    for k in range(n):
        counts[(keys[ids[k]] >> np.uint64(56)) + 1] += 1
    for b in range(1, counts.shape[0]):
        counts[b] += counts[b - 1]
    for k in range(n):
        b = keys[ids[k]] >> np.uint64(56)
        tmp[counts[b]] = ids[k]
        counts[b] += 1
    for k in range(n):
        card, key = tmp[k], keys[tmp[k]]
        j = k
        while j > 0 and (keys[tmp[j - 1]] > key or (keys[tmp[j - 1]] == key and tmp[j - 1] > card)):
            tmp[j] = tmp[j - 1]
            j -= 1
        tmp[j] = card
    for k in range(n):
        ids[k] = tmp[k]
