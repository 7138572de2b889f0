"""Florenza (board game)'s component data: the packaged ``florenza_data.json`` and the ``data=``
override, validated by ``schema.py``.

``load_data(overrides)`` returns the validated data as a plain dict in the form the engine's
tables read (SPEC §2; key-by-key description in DATA_NOTES.md, "SCHEMA"). ``overrides`` is

* ``None``: the packaged file;
* a dict *patch*: each key is a dotted path (``"characters.11.skills.painter.cost": 150``) or
  a nested dict merged key by key (``{"constants": {"go_to_work": 100}}``). A path walks dict
  keys, and list items: a list of records (dicts with an ``"id"``) by id
  (``characters.11`` is Correggio, ``main_artworks.signoria_salone``), any other list by
  0-based position (``...die.5`` is die face 6). A value replaces the packaged one and must
  have its type (a list replaces a whole list);
* a path (str or Path) to a complete replacement file.

Unknown paths, keys and types raise ``ValueError`` naming what is allowed; the result is
validated as a whole (counts, ranges, cross-references), so a patch cannot produce a table the
engine would misread.

    >>> d = load_data({"characters.11.skills.painter.cost": 150})
    >>> d["characters"][10]["name"], d["characters"][10]["skills"]["painter"]["cost"]
    ('Correggio', 150)
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from .schema import _fail, _kind, validate

PACKAGED = Path(__file__).with_name("florenza_data.json")  # beside this module (package data)

__all__ = ["PACKAGED", "load_data", "validate"]


# ---------------------------------------------------------------- loading and overrides


def load_data(overrides=None) -> dict:
    """The validated component data (see the module docstring for ``overrides``)."""
    packaged = json.loads(PACKAGED.read_text(encoding="utf-8"))
    if overrides is None:
        data = packaged
    elif isinstance(overrides, dict):
        data = copy.deepcopy(packaged)
        for path, value in _flatten(overrides, data):
            _set_path(data, path, copy.deepcopy(value))
    elif isinstance(overrides, (str, Path)):
        try:
            with open(overrides) as fh:
                data = json.load(fh)
        except (OSError, json.JSONDecodeError) as err:
            raise ValueError(f"florenza: data={str(overrides)!r} cannot be read as JSON: {err}") from None
    else:
        raise ValueError(
            f"florenza: data must be None, a dict patch or a path to a JSON file, got {type(overrides).__name__}"
        )
    if data is not packaged:
        _same_kinds(data, packaged, ())
    validate(data)
    return data


def _same_kinds(node, packaged, path: tuple) -> None:
    """Every value of ``node`` of the JSON kind of the packaged value in its place (a list item
    without one: of the kind of the packaged list's first item), so that the validation below
    reads each table in the shape it expects."""
    where = ".".join(map(str, path)) or "(top)"
    if _kind(node) != _kind(packaged):
        _fail(where, f"must be of type {_kind(packaged)} like the packaged {packaged!r}, got {node!r}")
    if isinstance(node, dict):
        for key, value in node.items():
            if key in packaged:
                _same_kinds(value, packaged[key], path + (key,))
    elif isinstance(node, list) and packaged:
        for i, value in enumerate(node):
            _same_kinds(value, packaged[min(i, len(packaged) - 1)] if isinstance(value, dict) else packaged[0],
                        path + (str(i),))  # fmt: skip


def _flatten(patch: dict, data, prefix: tuple = ()) -> list[tuple[tuple, object]]:
    """(path, value) leaves of a patch: dotted keys split; a dict value merges into a dict
    (or a record list) it lands on, anything else is a leaf that replaces."""
    out = []
    for key, value in patch.items():
        if not isinstance(key, str) or not key:
            _fail(".".join(prefix) or "patch", f"patch keys must be non-empty strings, got {key!r}")
        path = prefix + tuple(key.split("."))
        target = _get_path(data, path, missing_ok=True)
        if isinstance(value, dict) and isinstance(target, (dict, list)) and value:
            out += _flatten(value, data, path)
        else:
            out.append((path, value))
    return out


def _child(node, seg: str, where: str, missing_ok: bool):
    """The item ``seg`` of ``node`` (dict key, record id or list position)."""
    if isinstance(node, dict):
        if seg in node:
            return node[seg]
        if missing_ok:
            return None
        _fail(where, f"unknown key {seg!r}; allowed: {', '.join(map(str, node))}")
    if isinstance(node, list):
        if node and all(isinstance(x, dict) and "id" in x for x in node):
            for x in node:
                if str(x["id"]) == seg:
                    return x
            _fail(where, f"no record with id {seg!r}; ids: {', '.join(str(x['id']) for x in node)}")
        if seg.isdigit() and int(seg) < len(node):
            return node[int(seg)]
        _fail(where, f"list position {seg!r} out of range; allowed: 0..{len(node) - 1}")
    _fail(where, f"{type(node).__name__} value has no item {seg!r}")


def _get_path(data, path: tuple, missing_ok: bool = False):
    node = data
    for i, seg in enumerate(path):
        node = _child(node, seg, ".".join(path[:i]) or "(top)", missing_ok and i == len(path) - 1)
    return node


def _set_path(data, path: tuple, value) -> None:
    """Replace the value at ``path`` (its last key may be new in a dict: the validation then
    decides whether that key is allowed there)."""
    parent = _get_path(data, path[:-1])
    where, last = ".".join(path), path[-1]
    if isinstance(parent, list):
        old = _child(parent, last, where, False)
        if isinstance(old, dict) and "id" in old:
            _fail(where, "a whole record cannot be replaced; patch its fields")
        parent[int(last)] = _checked(where, old, value)
    elif isinstance(parent, dict):
        parent[last] = _checked(where, parent[last], value) if last in parent else value
    else:
        _fail(".".join(path[:-1]), f"{_kind(parent)} value has no item {last!r}")


def _checked(where: str, old, new):
    if _kind(old) != _kind(new):
        _fail(where, f"must be of type {_kind(old)} like the packaged {old!r}, got {new!r}")
    return new
