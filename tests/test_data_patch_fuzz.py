"""Data patches (issue 21 item 5): every ``data=`` patch is either refused at ``make`` with a
``ValueError`` naming its JSON path, or gives a game whose random play stays legal (the invariant
checker on at every step) and inside ``obs_bounds``.

The fuzz mutates one value of the packaged data at a time: wrong types, out-of-range, huge,
negative, NaN and non-integer numbers, wrong lengths, missing and unknown keys, and values inside
the declared ranges (their ends included). ``--data-fuzz N`` sets the mutations per game
(default 40); the test prints how many it tried, refused and played.
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
GAMES_PLAYED = 1  # random games per accepted patch (the invariant checker at every step)
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


def _kind_patch(game_id: str, table: str, index: int, key: str, value) -> dict:
    """A patch setting ``key`` of item ``index`` of the list ``table`` (given whole)."""
    items = copy.deepcopy(florentine_envs.make(game_id).data[table])
    items[index][key] = value
    return {table: items}


def _path_patch(game_id: str, path: tuple, value) -> dict:
    """A patch setting the value at ``path`` (down to the first list, given whole)."""
    data = florentine_envs.make(game_id).data
    root = next((i for i in range(1, len(path)) if isinstance(_at(data, path[:i]), list)), len(path))
    whole = mutated(data, path, value)
    patch = node = {}
    for key in path[: root - 1]:
        node = node.setdefault(key, {})
    node[path[root - 1]] = _at(whole, path[:root])
    return patch


def _at(data, path):
    for key in path:
        data = data[key]
    return data


# The cases named in issue 21 item 5, each with the path its error must name.
ISSUE_CASES = [
    ("medici", 4, lambda: _kind_patch("medici", "kinds", 0, "icons", -1), r"data\.kinds\[0\]\.icons = -1"),
    ("medici", 4, lambda: _kind_patch("medici", "kinds", 3, "value", -1), r"data\.kinds\[3\]\.value = -1"),
    ("medici", 3, lambda: {"ship_payouts": {"by_players": {"3": []}}}, r"data\.ship_payouts\.by_players\['3'\] = \[\]"),
    ("medici", 4, lambda: {"monopoly": {"bonus": 10**6}}, r"data\.monopoly\.bonus = 1000000"),
    ("medici", 4, lambda: _kind_patch("medici", "kinds", 0, "value", 10**6), r"data\.kinds\[0\]\.value = 1000000"),
    ("medici", 4, lambda: _kind_patch("medici", "kinds", 0, "copies", 1.5), r"data\.kinds\[0\]\.copies = 1\.5"),
    ("medici", 4, lambda: {"round_to": "x"}, r"data\.round_to = 'x'"),
    ("medici", 4, lambda: {"kinds": {"a": 1}}, r"data\.kinds = \{'a': 1\}"),
    ("medici", 4, lambda: {"kinds": [[1, 2]]}, r"data\.kinds\[0\] = \[1, 2\]"),
    ("medici", 4, lambda: {"colours": "red"}, r"data\.colours = 'red'"),
    ("medici", 4, lambda: {"ship_payouts": [1]}, r"data\.ship_payouts = \[1\]"),
    ("medici", 4, lambda: {"monopoly": {"bonus": None}}, r"data\.monopoly\.bonus = None"),
    ("florenza_cards", 3, lambda: _kind_patch("florenza_cards", "artists", 0, "cost", -50),
     r"data\.artists\[0\]\.cost = -50"),
    ("florenza_cards", 2, lambda: _path_patch("florenza_cards", ("florenza_cards", 0, "copies", "I", "2"), 2**40),
     r"data\.florenza_cards\[0\]\.copies\.I\['2'\] = 1099511627776"),
    ("princes", 3, lambda: _path_patch("princes", ("bonus_cards", "cards", 0, "coef", "buildings"), -(10**6)),
     r"data\.bonus_cards\.cards\[0\]\.coef\.buildings = -1000000"),
    ("princes", 3, lambda: {"scoring": {"building": -(10**6)}}, r"data\.scoring\.building = -1000000"),
    ("princes_solo", 1, lambda: _path_patch("princes_solo", ("bonus_cards", "cards", 0, "coef", "buildings"), 2**40),
     r"data\.bonus_cards\.cards\[0\]\.coef\.buildings = 1099511627776"),
    ("princes_solo", 1, lambda: _path_patch("princes_solo", ("automa", "cards", 0, "top", 0, "mod"), [2**40, 2]),
     r"data\.automa\.cards\[0\]\.top\[0\]\.mod"),
    ("florenza", 3, lambda: {"characters.11.skills.painter.die.2": 10**6},
     r"data\.characters\.11\.skills\.painter\.die\.2: must be in -20\.\.20, got 1000000"),
    ("firenze", 3, lambda: _path_patch("firenze", ("commissions", "towers", "red", 2, "prestige"), 2**40),
     r"data\.commissions\.towers\.red\[2\]\.prestige = 1099511627776"),
    ("firenze", 3, lambda: {"card_row": {"card_cost_by_slot": [0, 1, 2]}},
     r"data\.card_row\.card_cost_by_slot = \[0, 1, 2\] is not allowed"),
    ("firenze", 3, lambda: {"construction": {"cost_by_bricks_built": [0, 0, 1]}},
     r"data\.construction\.cost_by_bricks_built = \[0, 0, 1\]"),
]


@pytest.mark.parametrize("game_id, players, patch, message", ISSUE_CASES)
def test_issue_cases_are_refused_naming_the_path(game_id, players, patch, message):
    with pytest.raises(ValueError, match=message):
        florentine_envs.make(game_id, num_players=players, data=patch())


def test_cooperative_patch_is_checked_against_princes_coop_json():
    with pytest.raises(ValueError, match=r"data\.cooperative\.negotiation\.proposals_per_action = 0"):
        florentine_envs.make("princes", num_players=3, cooperative=True,
                             data={"cooperative": {"negotiation": {"proposals_per_action": 0}}})  # fmt: skip
    game = florentine_envs.make("princes", num_players=3, cooperative=True,
                                data={"cooperative": {"negotiation": {"proposals_per_action": 3}}})  # fmt: skip
    assert game.CT.proposals == 3


def test_undeclared_values_keep_their_packaged_value_and_documentation_may_change():
    with pytest.raises(ValueError, match=r"data\.days\.count = 4 .* it must stay 3"):
        florentine_envs.make("medici", data={"days": {"count": 4}})
    with pytest.raises(ValueError, match=r"data\.bonus = 1 is not allowed: an unknown key"):
        florentine_envs.make("medici", data={"bonus": 1})
    florentine_envs.make("medici", data={"monopoly": {"source": "my own table"}})


def test_balance_variants_patch_florenza_data():
    """``florentine balance florenza --set data.<path>=...`` reaches the Florenza data (it raised
    AttributeError on every path) and its checks."""
    from florentine_envs.training.balance.variants import game_options, parse_variant

    options = game_options("florenza", 3, parse_variant("data.constants.start_fiorini=400"))
    assert options == {"data": {"constants": {"start_fiorini": 400}}}
    game = florentine_envs.make("florenza", num_players=3, **options)
    assert (game.init(np.arange(2)).money == 400).all()
    options = game_options("florenza", 3, parse_variant("data.characters.10.skills.painter.cost=150"))
    assert florentine_envs.make("florenza", num_players=3, **options).data["characters"][10]["skills"]["painter"][
        "cost"] == 150  # fmt: skip
    with pytest.raises(ValueError, match=r"data\.characters\.11\.skills\.painter\.die\.2: must be in -20\.\.20"):
        game_options("florenza", 3, parse_variant("data.characters.10.skills.painter.die.2=1000000"))
