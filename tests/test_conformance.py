"""The shipped conformance checker on every registered game and player count."""

import numpy as np
import pytest
from game_configs import CASES, QUICK_OPTIONS, VARIANT_CASES

import florentine_envs
from florentine_envs.testing import check_game


@pytest.mark.parametrize("name,num_players", CASES)
def test_conformance(name, num_players):
    game = florentine_envs.make(name, num_players=num_players, **QUICK_OPTIONS.get(name, {}))
    report = check_game(game, num_games=64)
    assert report["games_finished"] == 64
    assert report["leak_checks"] >= 5 * num_players  # checkpoints through the whole game, every seat


@pytest.mark.parametrize("name,num_players,options", VARIANT_CASES)
def test_conformance_of_variants(name, num_players, options):
    game = florentine_envs.make(name, num_players=num_players, **options, **QUICK_OPTIONS.get(name, {}))
    report = check_game(game, num_games=32, seed=1)
    assert report["games_finished"] == 32


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_conformance_with_score_rewards(name):
    num_players = florentine_envs.player_counts(name)[0]
    game = florentine_envs.make(name, num_players=num_players, reward="score", **QUICK_OPTIONS.get(name, {}))
    check_game(game, num_games=16, seed=3)


def test_registry_refuses_unknown_game_and_player_count():
    with pytest.raises(ValueError, match="unknown game 'chess'.*available: .*medici"):
        florentine_envs.make("chess")
    with pytest.raises(ValueError, match=r"num_players=7 is not supported; allowed: 2, 3, 4, 5, 6"):
        florentine_envs.make("medici", num_players=7)
    with pytest.raises(ValueError, match="reward='points'.*allowed"):
        florentine_envs.make("medici", num_players=3, reward="points")


def test_seeds_must_be_a_non_empty_integer_vector():
    game = florentine_envs.make("medici", num_players=3)
    for bad in ([], [[1, 2]], [1.5], [-1]):
        with pytest.raises(ValueError, match="seeds"):
            game.init(np.array(bad))


def test_copy_is_deep_and_select_assign_round_trip():
    game = florentine_envs.make("medici", num_players=4)
    state = game.init(np.arange(5))
    copy = state.copy()
    copy.deck[0, 0] += 1
    assert state.deck[0, 0] != copy.deck[0, 0]
    one = state.select(np.array([3]))
    other = game.init(np.arange(5) + 100)
    other.assign(np.array([1]), one)
    assert np.array_equal(other.market[1], state.market[3])


def test_on_move_reports_every_move_without_changing_the_game():
    game = florentine_envs.make("medici", num_players=3)
    moves = []

    def record(before, after, games, actions, forced):
        assert not np.shares_memory(before.deck, after.deck)
        moves.append((int(actions[0]), forced))

    watched = game.init(np.array([4]), on_move=record)
    plain = game.init(np.array([4]))
    rng = np.random.default_rng(0)
    decisions = 0
    while not plain.terminated[0]:
        action = np.array([rng.choice(np.flatnonzero(plain.legal_action_mask[0]))])
        game.step(plain, action)
        game.step(watched, action, on_move=record)
        decisions += 1
    assert all(np.array_equal(a, b) for a, b in zip(plain.arrays().values(), watched.arrays().values()))
    assert sum(not forced for _, forced in moves) == decisions
    assert any(forced for _, forced in moves)  # e.g. the first reveal into an empty market


def test_debug_flag_checks_invariants_after_every_step():
    game = florentine_envs.make("medici", num_players=2)
    game.debug = True
    state = game.init(np.arange(3))
    game.step(state, np.argmax(state.legal_action_mask, axis=1))
    state.ship_slots[1, 0] = 99  # corrupt the state behind the engine's back
    with pytest.raises(ValueError, match="game 1: ship of seat 0 holds a wrong number"):
        game.step(state, np.argmax(state.legal_action_mask, axis=1))
