"""Issue 21 item 3: ``observe(state, players)`` checks ``players`` once, in the core, for every game:
an integer seat or an integer array of shape (B,) of seats 0..P-1; anything else is a ValueError."""

import numpy as np
import pytest
from game_configs import CASES

import florentine_envs

BAD = [-1, "P", 1.0, np.float64(0.0), True, np.array([0.0]), "x", None, [[0]], np.array([0, 0])]


@pytest.mark.parametrize("name,num_players", CASES)
@pytest.mark.parametrize("batch", [1, 3])
def test_bad_seats_are_refused(name, num_players, batch):
    game = florentine_envs.make(name, num_players=num_players)
    state = game.init(np.arange(batch))
    before = game.observe(state, np.zeros(batch, np.int64)).copy()
    for bad in BAD:
        bad = num_players if isinstance(bad, str) and bad == "P" else bad
        if isinstance(bad, np.ndarray) and bad.shape == (batch,) and bad.dtype.kind in "iu":
            continue  # a valid batch of seats
        with pytest.raises(ValueError, match="players"):
            game.observe(state, bad)
    per_game = np.zeros(batch, np.int64)
    per_game[-1] = num_players  # one seat out of range among valid ones
    with pytest.raises(ValueError, match=f"seat {num_players}"):
        game.observe(state, per_game)
    assert np.array_equal(game.observe(state, np.zeros(batch, np.int8)), before)


@pytest.mark.parametrize("name,num_players", CASES)
def test_valid_seats_as_int_scalar_or_array_agree(name, num_players):
    game = florentine_envs.make(name, num_players=num_players)
    state = game.init(np.arange(2))
    last = num_players - 1
    by_array = game.observe(state, np.full(2, last, np.int16))
    assert np.array_equal(game.observe(state, last), by_array)
    assert np.array_equal(game.observe(state, np.uint8(last)), by_array)
    assert np.array_equal(game.observe(state, [last, last]), by_array)
