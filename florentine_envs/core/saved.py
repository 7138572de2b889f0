"""Reading a saved game (``Game.from_json``): each field parsed strictly against its dtype, shape
and declared range (``Game.state_field_bounds``), so that a state no game can hold is refused with
a ``ValueError`` naming the field, its value and what is allowed, before any rule reads it.

The JSON types each field kind takes (and nothing else):

* boolean fields: ``true`` / ``false`` only (a number, even 0 or 1, is refused: ``to_json`` writes
  booleans, and a number read as a truth value hides mistakes such as NaN or 1e300 read as true);
* integer fields: JSON integers only (no float, not even 2.0; no NaN, infinity or 1e300), within
  the field's declared range;
* float fields (the rewards): finite JSON numbers;
* uint64 fields (seeds, bit masks of board cells): decimal strings, as ``to_json`` writes them
  (JSON numbers lose precision past 2**53), or JSON integers, in 0 .. 2**64 - 1.
"""

from __future__ import annotations

import math

import numpy as np

_UINT64_MAX = 2**64 - 1


def parse_field(game: str, name: str, raw, dtype: np.dtype, shape: tuple, bounds) -> np.ndarray:
    """The array (``dtype``, ``shape``) saved as ``raw`` for field ``name``; ``ValueError`` naming the
    field, the offending entry and what is allowed when a type, the shape or a value is wrong.
    ``bounds``: ``(low, high)``, scalars or arrays broadcastable to ``shape``, or None (no range)."""
    flat = _flatten(game, name, raw, shape)
    if dtype == np.bool_:
        _check_types(game, name, flat, shape, lambda x: type(x) is bool, "true or false")
        values = np.array(flat, bool)
    elif dtype == np.uint64:
        _check_types(game, name, flat, shape, _is_uint64_text, "a decimal string (or integer) in 0..2**64-1")
        values = np.array([int(x) for x in flat], np.uint64)
    elif dtype.kind == "f":
        top = float(np.finfo(dtype).max)
        _check_types(game, name, flat, shape, lambda x: _is_finite_number(x) and abs(x) <= top, "a finite number")
        values = np.array(flat, dtype)
    else:
        info = np.iinfo(dtype)
        _check_types(game, name, flat, shape, lambda x: type(x) is int, "an integer")
        _check_types(game, name, flat, shape, lambda x: info.min <= x <= info.max, f"{info.min}..{info.max} ({dtype})")
        values = np.array(flat, dtype)
    values = values.reshape(shape)
    if bounds is not None and values.size:
        low = np.broadcast_to(np.asarray(bounds[0]), shape)
        high = np.broadcast_to(np.asarray(bounds[1]), shape)
        outside = (values < low) | (values > high)
        if outside.any():
            at = tuple(int(i) for i in np.argwhere(outside)[0])
            allowed = f"{low[at]}..{high[at]}"
            raise ValueError(f"{game}: field {name!r}{_index(at)} = {values[at]} is out of range; allowed: {allowed}")
    return values


def _flatten(game: str, name: str, raw, shape: tuple) -> list:
    """The entries of nested lists ``raw`` in C order; ``ValueError`` unless they have ``shape``."""
    if not shape:
        if isinstance(raw, (list, dict)):
            raise ValueError(f"{game}: field {name!r} must be a single value, got {_short(raw)}")
        return [raw]
    if not isinstance(raw, list) or len(raw) != shape[0]:
        got = f"a list of {len(raw)}" if isinstance(raw, list) else _short(raw)
        raise ValueError(f"{game}: field {name!r} must be nested lists of shape {shape}, got {got}")
    if len(shape) == 1:
        for x in raw:
            if isinstance(x, (list, dict)):
                raise ValueError(f"{game}: field {name!r} must be nested lists of shape {shape}, got {_short(raw)}")
        return list(raw)
    out = []
    for x in raw:
        out += _flatten(game, name, x, shape[1:])
    return out


def _check_types(game: str, name: str, flat: list, shape: tuple, ok, allowed: str) -> None:
    for i, x in enumerate(flat):
        if not ok(x):
            at = tuple(int(k) for k in np.unravel_index(i, shape)) if shape else ()
            raise ValueError(f"{game}: field {name!r}{_index(at)} = {_short(x)} is not allowed; allowed: {allowed}")


def _is_uint64_text(x) -> bool:
    if type(x) is int:
        return 0 <= x <= _UINT64_MAX
    return type(x) is str and x.isascii() and x.isdigit() and int(x) <= _UINT64_MAX


def _is_finite_number(x) -> bool:
    return (type(x) is float and math.isfinite(x)) or (type(x) is int and abs(x) <= 2**53)


def _index(at: tuple) -> str:
    return f"[{', '.join(map(str, at))}]" if at else ""


def _short(x) -> str:
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."
