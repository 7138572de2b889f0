"""Rule variants for balance studies: ``--set key=value`` parsed into game options.

A variant is a set of changes, written ``[LABEL:] key=value[; key=value ...]``:

* ``key`` is a game option (``monopoly_variant=true``, ``campanile=false``,
  ``end_rule=round``), or ``data.<path>``: one value of the game's component data file, by
  dotted path through its dicts (by key) and lists (by index, or ``*`` for every element):
  ``data.commissions.towers.red.2.prestige=9``,
  ``data.action_cards.cards.*.start_copies=0``.
* ``value`` is read as JSON where it parses (``9``, ``true``, ``[3, 3, 3, 3]``, ``"text"``),
  else as the text itself (``round``).

A data change becomes a ``data=`` patch (see :mod:`florentine_envs.core.data`): nested dicts
down to the changed value, or down to the first list on its path, which is then given whole.
Unknown options, unknown data keys, indices out of range and values of another type than the
one they replace raise ``ValueError`` naming what is allowed.

    >>> v = parse_variant("no campanile: campanile=false")
    >>> v.label, v.changes
    ('no campanile', (('campanile', False),))
    >>> game_options("medici", 4, parse_variant("data.monopoly.bonus=20"))
    {'data': {'monopoly': {'bonus': 20}}}
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re

import florentine_envs
import florentine_envs.core.registry

DATA_PREFIX = "data."


@dataclasses.dataclass(frozen=True)
class Variant:
    """A named set of changes; the baseline has none."""

    label: str
    changes: tuple[tuple[str, object], ...] = ()

    @property
    def is_baseline(self) -> bool:
        return not self.changes

    def text(self) -> str:
        """The changes as they would be written on the command line."""
        return "; ".join(f"{key}={json.dumps(value)}" for key, value in self.changes) or "(rules as published)"


BASELINE = Variant("baseline")


def parse_value(text: str):
    """A JSON value where ``text`` parses as one, else ``text`` itself (``True``/``False`` for
    ``true``/``false`` in any case)."""
    stripped = text.strip()
    if stripped.lower() in ("true", "false"):
        return stripped.lower() == "true"
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        return stripped


def parse_variant(text: str) -> Variant:
    """``"[LABEL:] key=value[; key=value ...]"`` -> :class:`Variant` (label: the changes' text)."""
    label = None
    match = re.match(r"^\s*([^=;:]+?)\s*:\s*(.*)$", text, re.DOTALL)  # a label has no '=', ';' or ':'
    if match:
        label, text = match.group(1), match.group(2)
    changes = []
    for part in text.split(";"):
        if not part.strip():
            continue
        if "=" not in part:
            raise ValueError(f"variant change {part.strip()!r} must look like key=value (e.g. campanile=false)")
        key, value = part.split("=", 1)
        key = key.strip()
        if not key:
            raise ValueError(f"variant change {part.strip()!r} has no key before '='")
        changes.append((key, parse_value(value)))
    if not changes:
        raise ValueError(f"variant {text!r} has no change; write key=value[; key=value ...]")
    variant = Variant("", tuple(changes))
    return dataclasses.replace(variant, label=label or variant.text())


def game_options(game_name: str, num_players: int, variant: Variant) -> dict:
    """The ``florentine_envs.make`` options of ``variant`` (validated by building the game once)."""
    options, data_changes = {}, []
    factory_options = florentine_envs.core.registry.option_names(game_name) or ()
    for key, value in variant.changes:
        if key.startswith(DATA_PREFIX):
            data_changes.append((key, value))
        elif key in factory_options:
            options[key] = value
        else:
            allowed = ", ".join(sorted(factory_options))
            data = " or data.<path> (a value of the component data file)" if "data" in factory_options else ""
            raise ValueError(f"{game_name}: unknown variant key {key!r}; allowed: {allowed}{data}")
    if data_changes:
        if "data" not in factory_options:
            raise ValueError(f"{game_name}: its component data cannot be changed (it has no data= option)")
        if "data" in options:
            raise ValueError(f"{game_name}: give either data=<file> or data.<path>=value changes, not both")
        packaged = florentine_envs.make(game_name, num_players=num_players).data
        options["data"] = data_patch(game_name, packaged, data_changes)
    florentine_envs.make(game_name, num_players=num_players, **options)  # the game's own checks
    return options


def data_patch(game_name: str, packaged: dict, changes) -> dict:
    """The ``data=`` patch applying ``changes`` (``[("data.a.b", value), ...]``) to ``packaged``."""
    full = copy.deepcopy(packaged)
    roots = []  # per change: the path down to the first list (or the value), as keys
    for key, value in changes:
        path = key[len(DATA_PREFIX) :].split(".")
        if not all(path):
            raise ValueError(f"{game_name}: data path {key!r} has an empty part")
        for target, leaf in _walk(game_name, full, path, DATA_PREFIX.rstrip(".")):
            _check_type(game_name, key, target[leaf], value)
            target[leaf] = copy.deepcopy(value)
        root = []
        node = packaged
        for part in path:
            root.append(part)
            if not isinstance(node, dict):
                break
            node = node[part]
            if isinstance(node, list):
                break
        roots.append(root)
    patch: dict = {}
    for root in roots:
        source, target = full, patch
        for part in root[:-1]:
            source = source[part]
            target = target.setdefault(part, {})
        target[root[-1]] = copy.deepcopy(source[root[-1]])
    return patch


def _walk(game_name: str, node, path: list[str], where: str):
    """Yield ``(container, key)`` for every place ``path`` names inside ``node`` (``*`` fans out)."""
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        if head == "*":
            keys = list(node)
        elif head in node:
            keys = [head]
        else:
            raise ValueError(f"{game_name}: no key {head!r} under {where}; allowed: {', '.join(map(str, node))}")
    elif isinstance(node, list):
        if head == "*":
            keys = list(range(len(node)))
        elif head.isdigit() and int(head) < len(node):
            keys = [int(head)]
        else:
            raise ValueError(f"{game_name}: {where} is a list of {len(node)}; use an index 0..{len(node) - 1} or *")
    else:
        raise ValueError(f"{game_name}: {where} is a value ({node!r}), it has no part {head!r}")
    for key in keys:
        if rest:
            yield from _walk(game_name, node[key], rest, f"{where}.{key}")
        else:
            yield node, key


def _check_type(game_name: str, key: str, old, new) -> None:
    """``ValueError`` unless ``new`` can stand where ``old`` stood (numbers for numbers, ...)."""
    number = (int, float)
    same = (
        (isinstance(old, bool) and isinstance(new, bool))
        or (
            isinstance(old, number)
            and not isinstance(old, bool)
            and isinstance(new, number)
            and not isinstance(new, bool)
        )
        or (isinstance(old, str) and isinstance(new, str))
        or (isinstance(old, list) and isinstance(new, list))
        or (isinstance(old, dict) and isinstance(new, dict))
        or old is None
    )
    if not same:
        raise ValueError(f"{game_name}: {key} holds {old!r} ({type(old).__name__}); {new!r} cannot replace it")
