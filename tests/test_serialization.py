"""JSON round trip of one game, and malformed saved states."""

import json

import numpy as np
import pytest

import florentine_envs
from florentine_envs.testing import random_legal_actions, states_equal


@pytest.fixture
def game():
    return florentine_envs.make("medici", num_players=4)


def midgame(game, steps=40):
    state = game.init(np.arange(3) + 9)
    rng = np.random.default_rng(0)
    for _ in range(steps):
        game.step(state, random_legal_actions(state.legal_action_mask, rng))
    return state


def test_round_trip_then_play_on_identically(game):
    state = midgame(game)
    restored = game.from_json(game.to_json(state, 1))
    assert states_equal(restored, state.select(1))
    original = state.select(1)
    rng1, rng2 = np.random.default_rng(5), np.random.default_rng(5)
    while not original.terminated[0]:
        game.step(original, random_legal_actions(original.legal_action_mask, rng1))
        game.step(restored, random_legal_actions(restored.legal_action_mask, rng2))
        assert states_equal(original, restored)


def test_large_seed_survives_json(game):
    state = game.init(np.array([2**64 - 1], dtype=np.uint64))
    assert game.from_json(game.to_json(state, 0)).seed[0] == np.uint64(2**64 - 1)


def corrupt(game, mutate):
    data = json.loads(game.to_json(midgame(game), 0))
    mutate(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.update(game="firenze"), "game='firenze'"),
        (lambda d: d.update(num_players=3), "num_players=3"),
        (lambda d: d["fields"].pop("deck"), "missing \\['deck'\\]"),
        (lambda d: d["fields"].update(extra=[1]), "unknown \\['extra'\\]"),
        (lambda d: d["fields"].update(deck=[1, 2, 3]), "field 'deck' must be nested lists of shape"),
        (lambda d: d["fields"].update(day="x"), "field 'day' = 'x' is not allowed; allowed: an integer"),
        (lambda d: d["fields"].update(day=300), r"field 'day' = 300 is not allowed; allowed: -128..127"),
        (lambda d: d["fields"]["card_loc"].__setitem__(0, 4), "invalid state"),
        (lambda d: d["fields"]["scores"].__setitem__(0, 3), "multiples of 5"),
        (lambda d: d["fields"].update(ship_slots=[9, 0, 0, 0]), r"field 'ship_slots'\[0\] = 9 is out of range"),
    ],
)
def test_malformed_states_are_refused_with_a_clear_error(game, mutate, message):
    with pytest.raises(ValueError, match=message):
        game.from_json(corrupt(game, mutate))


def test_not_json_at_all(game):
    with pytest.raises(ValueError, match="not valid JSON"):
        game.from_json("{nope")
    with pytest.raises(ValueError, match="format"):
        game.from_json("[1, 2]")
