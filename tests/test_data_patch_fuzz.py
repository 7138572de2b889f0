"""Data patches (issue 21 item 5): every ``data=`` patch is either refused at ``make`` with a
``ValueError`` naming its JSON path, or gives a game whose random play stays legal (the invariant
checker on at every step) and inside ``obs_bounds``.

The fuzz mutates one value of the packaged data at a time: wrong types, out-of-range, huge,
negative, NaN and non-integer numbers, wrong lengths, missing and unknown keys, and values inside
the declared ranges (their ends included). ``--data-fuzz N`` sets the mutations per game
(default 60); the test prints how many it tried, refused and played.
"""

from __future__ import annotations

import copy
import json
import math
import re

import numpy as np
import pytest

import florentine_envs
from florentine_envs.testing import assert_observations_in_bounds, random_legal_actions

#: (label, game id, options, player counts): every data file, the solo Automa's cards and the
#: cooperative game's princes_coop.json (patched under the "cooperative" key) included
GAMES = [
    ("medici", "medici", {}, (2, 3, 4, 5, 6)),
    ("firenze", "firenze", {}, (2, 3, 4)),
    ("florenza_cards", "florenza_cards", {}, (2, 3, 4)),
    ("florenza", "florenza", {}, (2, 3, 4, 5)),
    ("princes", "princes", {}, (2, 3, 4, 5)),
    ("princes_solo", "princes_solo", {}, (1,)),
    ("princes_coop", "princes", {"cooperative": True}, (2, 3, 4, 5)),
]
GAMES_PLAYED = 2  # random games per accepted patch
MAX_STEPS = 5000


def packaged_data(game_id: str, label: str) -> dict:
    data = copy.deepcopy(florentine_envs.make(game_id).data)
    if label == "princes_coop":
        from florentine_envs.games.princes.coop_tables import load_coop_data

        return load_coop_data({})
    return data


def leaves(node, path=()):
    """Every (path, value) of a JSON tree, containers included."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from leaves(value, path + (i,))


def mutations(value, rng: np.random.Generator) -> list:
    """Replacements for ``value`` (``DELETE``: remove the key or item)."""
    out = [DELETE, None, "x", [], {}, True]
    if isinstance(value, bool):
        out += [not value, 0, 1, "true"]
    elif isinstance(value, (int, float)):
        v = int(value)
        out += [
            -1, 0, 1, v + 1, v - 1, 2 * v, v + 0.5, float(v), math.nan, math.inf, -math.inf, 10**6, -(10**6),
            2**40, -(2**40), 2**70, int(rng.integers(-5, 2 * abs(v) + 6)), int(rng.integers(0, 4 * abs(v) + 10)),
        ]  # fmt: skip
    elif isinstance(value, str):
        out += ["", value + "?", 3]
    elif isinstance(value, list):
        out += [value[:-1], value + value[-1:], value[1:], value[::-1], value * 2, [value[0]] * len(value) if value
                else [1]]  # fmt: skip
    elif isinstance(value, dict):
        keys = list(value)
        out += [{**value, "zz": 1}, {k: value[k] for k in keys[:-1]}, list(value.values())]
    return out


DELETE = object()


def mutated(data: dict, path: tuple, new) -> dict:
    full = copy.deepcopy(data)
    node = full
    for key in path[:-1]:
        node = node[key]
    if new is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = copy.deepcopy(new)
    return full


def play(game, seed: int) -> None:
    """Random games with the invariant checker and the observation bounds checked at every step."""
    game.debug = True
    rng = np.random.default_rng(seed)
    state = game.init(np.arange(GAMES_PLAYED, dtype=np.uint64) + np.uint64(seed * 97))
    for _ in range(MAX_STEPS):
        assert_observations_in_bounds(game, state)
        if state.terminated.all():
            return
        live = ~state.terminated
        assert state.legal_action_mask[live].any(1).all(), f"{game.name}: a live game has no legal action"
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
    raise AssertionError(f"{game.name}: games not finished after {MAX_STEPS} steps")


def path_text(path: tuple) -> str:
    text = "data"
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (
            f".{key}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) else f"[{key!r}]")  # fmt: skip
    return text


def make_patched(label: str, game_id: str, options: dict, num_players: int, full: dict):
    """The game with ``full`` as its component data (a complete replacement, so that deletions
    count), the cooperative tables under the patch's "cooperative" key."""
    if label == "princes_coop":
        return florentine_envs.make(game_id, num_players=num_players, **options, data={"cooperative": full})
    return florentine_envs.make(game_id, num_players=num_players, **options, data=full)


def run_fuzz(label: str, game_id: str, options: dict, counts: tuple, n: int, seed: int) -> dict:
    rng = np.random.default_rng(seed)
    base = packaged_data(game_id, label)
    places = [(p, v) for p, v in leaves(base) if p]
    numbers = [(p, v) for p, v in places if isinstance(v, int) and not isinstance(v, bool)]
    tally = {"tried": 0, "refused": 0, "played": 0}
    for k in range(n):
        if k % 2:  # every other mutation a plausible balance change of a number: most are accepted
            path, value = numbers[int(rng.integers(len(numbers)))]
            options_here = [value + 1, value - 1, 2 * value, value // 2, int(rng.integers(0, 2 * abs(value) + 3))]
        else:
            path, value = places[int(rng.integers(len(places)))]
            options_here = mutations(value, rng)
        new = options_here[int(rng.integers(len(options_here)))]
        full = mutated(base, path, new)
        num_players = int(rng.choice(counts))
        where = f"{label} ({num_players} players): {path_text(path)} <- {new if new is not DELETE else '(deleted)'}"
        tally["tried"] += 1
        try:
            game = make_patched(label, game_id, options, num_players, full)
        except ValueError as err:
            tally["refused"] += 1
            assert re.search(r"data[.\[]", str(err)), f"{where}: the error names no data path: {err}"
            continue
        except Exception as err:  # noqa: BLE001 -- anything but a ValueError is the failure looked for
            raise AssertionError(f"{where}: {type(err).__name__} at make: {err}") from err
        try:
            play(game, seed * 1000 + k)
        except Exception as err:  # noqa: BLE001
            raise AssertionError(f"{where}: accepted, then play broke: {type(err).__name__}: {err}") from err
        tally["played"] += 1
    return tally


@pytest.fixture(scope="module")
def fuzz_size(request) -> int:
    return request.config.getoption("--data-fuzz")


@pytest.mark.parametrize("label, game_id, options, counts", GAMES, ids=[g[0] for g in GAMES])
def test_data_patch_fuzz(label, game_id, options, counts, fuzz_size, capsys):
    tally = run_fuzz(label, game_id, options, counts, fuzz_size, seed=sum(map(ord, label)))
    with capsys.disabled():
        print(f"\n{label}: {tally['tried']} mutations, {tally['refused']} refused, {tally['played']} played")
    assert tally["refused"] and tally["played"], f"{label}: the fuzz must both refuse and accept: {tally}"


@pytest.mark.parametrize("label, game_id, options, counts", GAMES, ids=[g[0] for g in GAMES])
def test_packaged_data_passes(label, game_id, options, counts):
    """The packaged file, given whole as a replacement, passes its own schema."""
    base = packaged_data(game_id, label)
    make_patched(label, game_id, options, counts[0], json.loads(json.dumps(base)))
