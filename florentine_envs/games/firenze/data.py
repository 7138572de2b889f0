"""Firenze's component data: the packaged ``firenze_data.json`` and the ``data=`` override
(a dict patch merged into it, or a path to a complete replacement file)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path


def _deep_merge(base: dict, patch: dict) -> dict:
    out = dict(base)
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = value
    return out


def load_data(data=None) -> dict:
    """The component data: the packaged ``firenze_data.json``; ``data`` is either a dict
    patch merged into it (nested dicts merge, anything else replaces) or a path to a
    complete replacement file."""
    packaged = json.loads(resources.files(__package__).joinpath("firenze_data.json").read_text())
    if data is None:
        return packaged
    if isinstance(data, dict):
        return _deep_merge(packaged, copy.deepcopy(data))
    if isinstance(data, (str, Path)):
        try:
            with open(data) as fh:
                return json.load(fh)
        except (OSError, json.JSONDecodeError) as err:
            raise ValueError(f"firenze: data={str(data)!r} cannot be read as JSON: {err}") from None
    raise ValueError(f"firenze: data must be a dict patch or a path to a JSON file, got {type(data).__name__}")
