"""Firenze observation bounds (``Firenze.obs_field_bounds``, SPEC O "bounds"): observations stay
inside them in random and heuristic play at every player count, and the bounds follow the
component data and options they are derived from."""

import numpy as np
import pytest
from firenze_scenarios import cards_with

from florentine_envs.agents import make_agent
from florentine_envs.games.firenze import Firenze
from florentine_envs.testing import check_observation_bounds


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_play_stays_inside_the_bounds(num_players):
    # Uniform random games run to the turn limit: a short one keeps this quick (the limit is
    # itself the bound of turn_number, so the last observations sit on it).
    game = Firenze(num_players, max_turns=15 * num_players)
    assert check_observation_bounds(game, num_games=3, seed=num_players) > 0


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_heuristic_play_stays_inside_the_bounds(num_players):
    # The heuristic builds tall towers, fulfils commissions and ends games by the last seal:
    # prestige, seals, tower heights and the final round are exercised.
    game = Firenze(num_players)
    agent = make_agent("heuristic", game, seed=num_players)
    assert check_observation_bounds(game, num_games=2, seed=num_players, policy=agent.act) > 0


def test_recall_and_auto_discard_bounds_hold():
    game = Firenze(3, opponent_hands="recall", auto_discard=True, max_turns=30)
    agent = make_agent("heuristic", game, seed=1)
    assert check_observation_bounds(game, num_games=2, seed=5, policy=agent.act) > 0
    low, high = game.obs_field_bounds()["opponent_hands"]
    assert np.shape(high) == (2 * 13,)  # v1: 13 hand kinds, the Saboteur last


def _bounds(game):
    return {field: tuple(np.broadcast_to(np.asarray(b, float), (sl.stop - sl.start,)) for b in
                         game.obs_field_bounds()[field]) for field, sl in game.obs_layout.items()}  # fmt: skip


def test_bounds_follow_the_data_and_options():
    base = _bounds(Firenze(4))
    assert base["turn_number"][1][0] == 240  # max_turns defaults to 60 per player
    assert _bounds(Firenze(4, max_turns=50))["turn_number"][1][0] == 50
    assert base["pouch"][1].tolist() == [25, 18, 15, 12, 10, 8]
    # Fixed values v are declared [v, v + 1]: the core asks low < high everywhere.
    assert base["majority_bonus"][0].tolist() == [2, 3, 4, 5, 6, 7]
    assert base["majority_bonus"][1].tolist() == [3, 4, 5, 6, 7, 8]
    more = _bounds(Firenze(4, data={"bricks": {"per_colour": {"purple": 11}}}))
    assert more["pouch"][1][5] == 11 and more["row_bricks"][1][5::6].tolist() == [11] * 6
    assert more["players"][1][2 + 5] == 11  # the storehouse's purple bricks
    # Without the Campanile no copy of it can be counted anywhere: its counts are fixed at 0.
    campanile = Firenze(4).K["Campanile"]
    assert base["unseen_counts"][1][campanile] == 1
    assert Firenze(4, campanile=False).in_game[campanile] == 0
    assert _bounds(Firenze(4, campanile=False))["unseen_counts"][0][campanile] == 0
    # v1: the Saboteur is a hand card (the last of own_hand and of played); its copies bound its
    # hand count (the hand size and the card-limit due count it with the other hand cards).
    assert base["own_hand"][1][-1] == 1 and len(base["own_hand"][1]) == 13 and len(base["played"][1]) == 8
    assert len(base["event"][1]) == 8
    six = cards_with(Saboteur=6, Alchemist=1, Mason=1)  # 52 cards: 3 Alchemists and 2 Masons fewer
    more = _bounds(Firenze(4, data={"action_cards": {"cards": six}}))
    assert more["own_hand"][1][-1] == 6
    assert more["own_hand"][1][0] == base["own_hand"][1][0] - 3  # the Alchemist: 4 -> 1 copies
    assert more["players"][1][11] == base["players"][1][11]  # hand cards in the game: still 31
    assert more["payment"][1][0] == base["payment"][1][0]  # the card limit: 21 personnel copies either way
    # Seals: 9 / 7 / 6 per player; prestige grows with the seals a player can place.
    assert _bounds(Firenze(2))["players"][1][1] == 9 and base["players"][1][1] == 6
    assert _bounds(Firenze(2))["players"][1][0] > base["players"][1][0] > 0


def test_bounds_are_low_le_high_and_one_hots_are_unit():
    for num_players in (2, 3, 4):
        game = Firenze(num_players, opponent_hands="recall")
        low, high = game.obs_bounds
        assert (low <= high).all() and (low >= 0).all()
        bounds = _bounds(game)
        for field in ("phase", "to_move", "turn_player", "start_player", "event", "take_colour", "row_cards",
                      "next_balcony", "level_tiles", "church", "played", "turn_flags"):  # fmt: skip
            assert (bounds[field][0] == 0).all() and (bounds[field][1] == 1).all(), field
