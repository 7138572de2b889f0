"""Declared schemas of the component data files, checked when a game loads its data.

A game accepts ``data=`` (a dict patch or a replacement file, :mod:`florentine_envs.core.data`)
for balance studies. Every table it reads is declared here in a small vocabulary -- types,
ranges, lengths, allowed names -- plus checks of the totals the rules need, so that a patch is
either refused at ``make`` with a ``ValueError`` naming its JSON path, its value and what is
allowed, or gives a game whose play stays legal, inside the observation bounds and inside the
engine's integer types. Ranges are wide enough for balance studies to explore, narrow enough
that play stays legal and in bounds (each game's schema says why a bound is where it is).

What a schema leaves undeclared is either documentation (text under a key named like
``source``, ``provenance``, ``notes``, ``rationale``: free to change) or a value the rules fix
in code, the engine does not read, or that shapes the board and the action ids: it must keep
its packaged value (a patch that would change nothing must not look as if it did). Keys
unknown to the packaged file are refused.

    >>> schema = Rec({"value": Int(0, 9), "name": Str()})
    >>> check_data("demo", schema, {"value": 3, "name": "x"}, {"value": 1, "name": "y"})
    >>> check_data("demo", schema, {"value": 1.5, "name": "x"}, {"value": 1, "name": "y"})
    Traceback (most recent call last):
    ...
    ValueError: demo: data.value = 1.5 is not allowed: an integer in 0..9
"""

from __future__ import annotations

import abc
import math
import re
from collections.abc import Callable

MISSING = object()  # no packaged value at this path
INT32_MAX = 2**31 - 1
INT16_MAX = 2**15 - 1
INT8_MAX = 2**7 - 1


class DataError(ValueError):
    """A component data value that no game can hold: ``path`` (``data.kinds[3].value``),
    ``value`` and ``allowed`` (what the schema allows)."""

    def __init__(self, path: str, value, allowed: str):
        self.path, self.value, self.allowed = path, value, allowed
        super().__init__(f"{path} = {show(value)} is not allowed: {allowed}")


def show(value) -> str:
    """A short text of ``value`` for an error message."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def child(path: str, key) -> str:
    """The JSON path of ``key`` under ``path``: ``data.kinds[3]``, ``data.monopoly.bonus``,
    ``data.by_players['2']``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) else f"{path}[{key!r}]"


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_text(value) -> bool:
    """Documentation: a string, or lists / dicts of documentation (or null)."""
    if value is None or isinstance(value, str):
        return True
    if isinstance(value, list):
        return all(is_text(v) for v in value)
    if isinstance(value, dict):
        return all(is_text(v) for v in value.values())
    return False


def same(a, b) -> bool:
    """JSON equality that tells ``1``, ``1.0`` and ``True`` apart."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


class Spec(abc.ABC):
    """A declared value. ``check(value, path, packaged, root)`` raises :class:`DataError`;
    ``packaged`` is the packaged value at the same path (or ``MISSING``), ``root`` the whole data
    (for choices that depend on another table)."""

    @abc.abstractmethod
    def check(self, value, path: str, packaged, root) -> None:
        """Raise :class:`DataError` naming ``path`` when ``value`` is not allowed."""


def _resolve(bound, root):
    return bound(root) if callable(bound) else bound


class Int(Spec):
    """An integer in ``lo..hi`` (either may be a function of the whole data)."""

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def check(self, value, path, packaged, root):
        lo, hi = _resolve(self.lo, root), _resolve(self.hi, root)
        if not is_int(value) or not lo <= value <= hi:
            raise DataError(path, value, f"an integer in {lo}..{hi}")


class Num(Spec):
    """A finite number (integer or not) in ``lo..hi``."""

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi

    def check(self, value, path, packaged, root):
        lo, hi = _resolve(self.lo, root), _resolve(self.hi, root)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
            raise DataError(path, value, f"a finite number in {lo}..{hi}")
        if not lo <= value <= hi:
            raise DataError(path, value, f"a finite number in {lo}..{hi}")


class Bool(Spec):
    def check(self, value, path, packaged, root):
        if not isinstance(value, bool):
            raise DataError(path, value, "true or false")


class Str(Spec):
    """A non-empty string, one of ``choices`` when given (a list, or a function of the data)."""

    def __init__(self, choices=None):
        self.choices = choices

    def check(self, value, path, packaged, root):
        choices = _resolve(self.choices, root)
        if choices is None:
            if not isinstance(value, str) or not value:
                raise DataError(path, value, "a non-empty string")
        elif not isinstance(value, str) or value not in choices:
            raise DataError(path, value, f"one of {', '.join(map(repr, choices))}")


class Text(Spec):
    """Documentation the engine does not read: text, lists or dicts of text, or null."""

    def check(self, value, path, packaged, root):
        if not is_text(value):
            raise DataError(path, value, "documentation text")


class Fixed(Spec):
    """A value the rules hold in code: it must keep its packaged value."""

    def check(self, value, path, packaged, root):
        if packaged is MISSING or not same(value, packaged):
            raise DataError(path, value, "this value is fixed by the rules in code; it must stay "
                            + ("absent" if packaged is MISSING else show(packaged)))  # fmt: skip


class Nullable(Spec):
    def __init__(self, spec: Spec):
        self.spec = spec

    def check(self, value, path, packaged, root):
        if value is not None:
            self.spec.check(value, path, packaged, root)


class Either(Spec):
    """One of several specs (the first that accepts); the error lists what each allows."""

    def __init__(self, *specs: Spec):
        self.specs = specs

    def check(self, value, path, packaged, root):
        allowed = []
        for spec in self.specs:
            try:
                spec.check(value, path, packaged, root)
                return
            except DataError as err:
                allowed.append(err.allowed)
        raise DataError(path, value, " or ".join(allowed))


def _item(packaged, key):
    if isinstance(packaged, dict):
        return packaged.get(key, MISSING)
    if isinstance(packaged, list) and isinstance(key, int) and key < len(packaged):
        return packaged[key]
    return MISSING


class ListOf(Spec):
    """A list of ``item``; ``length``: an int, a ``(lo, hi)`` pair (or a function of the data
    giving either); ``distinct``: its items may not repeat; ``unique``: a key whose value no two
    items (dicts) may share (names and ids)."""

    def __init__(self, item: Spec, length=None, distinct: bool = False, unique: str | None = None):
        self.item, self.length, self.distinct, self.unique = item, length, distinct, unique

    def check(self, value, path, packaged, root):
        length = _resolve(self.length, root)
        lo, hi = (length, length) if is_int(length) else (length or (0, None))
        what = f"{lo}" if lo == hi else f"{lo}..{hi if hi is not None else ''}"
        if not isinstance(value, list):
            raise DataError(path, value, f"a list ({what} items)")
        if len(value) < lo or (hi is not None and len(value) > hi):
            raise DataError(path, value, f"a list of {what} items, got {len(value)}")
        for i, item in enumerate(value):
            self.item.check(item, child(path, i), _item(packaged, i), root)
        if self.distinct and len({repr(v) for v in value}) != len(value):
            raise DataError(path, value, "a list without repeated items")
        if self.unique is not None:
            seen = set()
            for i, item in enumerate(value):
                if item[self.unique] in seen:
                    raise DataError(child(child(path, i), self.unique), item[self.unique], "a value no other item has")
                seen.add(item[self.unique])


class Rec(Spec):
    """A dict with the declared ``fields`` (all required unless named in ``optional``), checked
    in declaration order; ``checks``: functions ``(value, path, root)`` raising
    :class:`DataError` for what involves several fields. Undeclared keys: documentation may
    change, anything else must keep its packaged value, unknown keys are refused."""

    def __init__(self, fields: dict, optional=(), checks=()):
        self.fields, self.optional, self.checks = fields, frozenset(optional), tuple(checks)

    def check(self, value, path, packaged, root):
        if not isinstance(value, dict):
            raise DataError(path, value, f"an object with the keys {', '.join(self.fields) or '(none)'}")
        for key, spec in self.fields.items():
            if key in value:
                spec.check(value[key], child(path, key), _item(packaged, key), root)
            elif key not in self.optional:
                raise DataError(child(path, key), "(missing)", f"a required key ({_describe(spec)})")
        for key, item in value.items():
            if key not in self.fields:
                _undeclared(item, child(path, key), _item(packaged, key), self.fields)
        for check in self.checks:
            check(value, path, root)


class MapOf(Spec):
    """A dict whose keys are ``keys`` (a list or a function of the data; all required unless
    ``required`` is False) or any non-empty string when ``keys`` is None, each value ``value``."""

    def __init__(self, value: Spec, keys=None, required: bool = True):
        self.value, self.keys, self.required = value, keys, required

    def check(self, value, path, packaged, root):
        keys = _resolve(self.keys, root)
        if not isinstance(value, dict):
            raise DataError(path, value, "an object" + (f" with the keys {', '.join(map(str, keys))}" if keys else ""))
        if keys is not None:
            for key in value:
                if key not in keys:
                    raise DataError(child(path, key), value[key], f"a key among {', '.join(map(str, keys))}")
            if self.required:
                for key in keys:
                    if key not in value:
                        raise DataError(child(path, key), "(missing)", "a required key")
        for key, item in value.items():
            self.value.check(item, child(path, key), _item(packaged, key), root)


def _describe(spec: Spec) -> str:
    return type(spec).__name__.lower() if not isinstance(spec, Int) else f"an integer in {spec.lo}..{spec.hi}"


#: keys whose text documents a table (provenance, sources, reasoning): free to change
DOC_KEY = re.compile(r"(^|_)(source|provenance|notes?|rationale|text|title|rulebook|reasoning|why|basis|legend)$")


def _undeclared(value, path: str, packaged, declared) -> None:
    if packaged is MISSING:
        raise DataError(path, value, f"an unknown key; the keys read here: {', '.join(declared) or '(none)'}")
    if DOC_KEY.search(path.rsplit(".", 1)[-1]) and is_text(packaged) and is_text(value):
        return
    # Name the first value that differs, not the table holding it.
    if isinstance(value, dict) and isinstance(packaged, dict):
        for key, item in value.items():
            _undeclared(item, child(path, key), packaged.get(key, MISSING), list(packaged))
        for key in packaged:
            if key not in value and not DOC_KEY.search(key):
                raise DataError(child(path, key), "(missing)", f"a required key; it must stay {show(packaged[key])}")
        return
    if isinstance(value, list) and isinstance(packaged, list) and len(value) == len(packaged):
        for i, (item, old) in enumerate(zip(value, packaged)):
            _undeclared(item, child(path, i), old, [])
        return
    if not same(value, packaged):
        raise DataError(path, value, f"a value no patch may change (the rules fix it in code, or the engine does "
                        f"not read it); it must stay {show(packaged)}")  # fmt: skip


def check_data(game: str, schema: Spec, data, packaged, path: str = "data") -> None:
    """Raise ``ValueError("<game>: data.<path> = <value> is not allowed: <what is>")`` for the
    first value of ``data`` that ``schema`` refuses (``packaged``: the packaged file, for the
    undeclared values that must keep it; ``path``: where ``data`` sits in the patch)."""
    try:
        schema.check(data, path, packaged, data)
    except DataError as err:
        raise ValueError(f"{game}: {err}") from None


def fail(path: str, value, allowed: str):
    """Raise :class:`DataError` (for the ``checks`` of a :class:`Rec`)."""
    raise DataError(path, value, allowed)


Check = Callable[[dict, str, dict], None]


def load_checked(game: str, package: str, filename: str, data, schema: Spec) -> dict:
    """:func:`~florentine_envs.core.data.load_component_data` with ``data`` checked against
    ``schema`` (the packaged file is checked by the test suite, not at every ``make``)."""
    from .core.data import load_component_data

    merged = load_component_data(game, package, filename, data)
    if data is not None:
        check_data(game, schema, merged, load_component_data(game, package, filename))
    return merged
