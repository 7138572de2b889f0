"""Firenze's component data: the packaged ``firenze_data.json`` and the ``data=`` override
(a dict patch merged into it, or a path to a complete replacement file)."""

from __future__ import annotations

from ...core.data import load_component_data


def load_data(data=None) -> dict:
    """The component data: the packaged ``firenze_data.json``; ``data`` is either a dict
    patch merged into it (nested dicts merge, anything else replaces) or a path to a
    complete replacement file."""
    return load_component_data("firenze", __package__, "firenze_data.json", data)
