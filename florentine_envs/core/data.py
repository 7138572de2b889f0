"""Component data files and their overrides, the same for every game.

A game keeps its component tables (cards, costs, values) in a JSON file inside its package
and accepts the option ``data=``: a dict *patch* merged into the packaged file (nested dicts
merge key by key; any other value, lists included, replaces the packaged one) or the path of
a complete replacement file. Balance studies change one value by patching it
(``florentine balance --set data.commissions.towers.red=[...]``).

    >>> deep_merge({"a": {"b": 1, "c": 2}, "d": [1, 2]}, {"a": {"c": 3}, "d": [5]})
    {'a': {'b': 1, 'c': 3}, 'd': [5]}
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path


def deep_merge(base: dict, patch: dict) -> dict:
    """``base`` with ``patch`` merged in: nested dicts merge, anything else replaces (new dicts;
    ``base`` is not changed)."""
    out = dict(base)
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def load_component_data(game: str, package: str, filename: str, data=None) -> dict:
    """The component data of ``game``: the packaged ``filename`` of ``package``, with ``data``
    applied (None: as packaged; a dict: a patch, see :func:`deep_merge`; a str or Path: a
    complete replacement file). ``ValueError`` names the problem for anything else."""
    packaged = json.loads(resources.files(package).joinpath(filename).read_text())
    if data is None:
        return packaged
    if isinstance(data, dict):
        return deep_merge(packaged, copy.deepcopy(data))
    if isinstance(data, (str, Path)):
        try:
            with open(data) as fh:
                return json.load(fh)
        except (OSError, json.JSONDecodeError) as err:
            raise ValueError(f"{game}: data={str(data)!r} cannot be read as JSON: {err}") from None
    raise ValueError(f"{game}: data must be a dict patch or a path to a JSON file, got {type(data).__name__}")
