"""The Princes of Florence heuristic: legal in every state it meets (2-5 players, with and without
the Muse and the Princess), the same decisions in a batch as one game at a time, blind to what its
seat cannot see, and far stronger than random."""

import numpy as np
import pytest
from heuristic_checks import (
    assert_batch_decides_as_one_game,
    assert_blind_to_hidden,
    field_changed,
    phases_met_by_legal_play,
    results_against_random,
)

import florentine_envs
from florentine_envs.agents import PrincesHeuristic, make_agent
from florentine_envs.games.princes.constants import PHASE_NAMES
from florentine_envs.training.match import play_games


@pytest.mark.parametrize("num_players, characters", [(2, False), (3, True), (4, False), (5, True), (2, True)])
def test_heuristic_picks_only_legal_actions(num_players, characters):
    game = florentine_envs.make("princes", num_players=num_players, characters=characters)
    seeds = np.arange(12) + 100 * num_players
    phases_seen = phases_met_by_legal_play(game, PrincesHeuristic(game), seeds, phase_names=PHASE_NAMES)
    wanted = {"SETUP_DISCARD", "AUCTION_CHOOSE", "AUCTION_BID", "PLACE", "KEEP", "ACTION", "WORK_BONUS", "WORK_PAY"}
    wanted |= {"LANDSCAPE_PICK"} if num_players == 2 else set()
    wanted |= {"CHAR_AUCTION"} if characters else set()
    assert wanted <= phases_seen, wanted - phases_seen


def test_a_batch_decides_as_its_games_one_at_a_time():
    # Heuristic self-play on a batch; at every step each game's decision is asked again alone
    # (a batch of one, the engine's one-game observation): the answers are the same.
    game = florentine_envs.make("princes", num_players=3, characters=True)
    assert_batch_decides_as_one_game(game, PrincesHeuristic(game), np.arange(4) + 40, min_steps=200)


@pytest.mark.parametrize("num_players, characters", [(2, False), (4, True)])
def test_re_randomising_what_the_player_cannot_see_does_not_change_its_action(num_players, characters):
    # Other hands, other players' draws and every deck order are re-drawn for the player to move
    # (game.randomize_hidden); its decision stays the same.
    game = florentine_envs.make("princes", num_players=num_players, characters=characters)
    hands, decks = field_changed("hand_prof"), field_changed("deck_cards")
    assert_blind_to_hidden(
        game, PrincesHeuristic(game), np.arange(10) + 7, lambda s, o, g: hands(s, o, g) | decks(s, o, g),
        every=5, min_checked=200,
    )  # fmt: skip


@pytest.mark.parametrize("num_players, characters, seat", [(2, False, 0), (2, True, 1), (5, False, 3)])
def test_heuristic_beats_random(num_players, characters, seat):
    # measured with `florentine tournament princes`: wins every game at 2 and 5 players
    game = florentine_envs.make("princes", num_players=num_players, characters=characters)
    win_rate, margin = results_against_random(game, 30, seat)
    assert win_rate >= 0.9 and margin > 25, (win_rate, margin)


def test_self_play_reaches_the_experts_scores():
    # experts win with about 50-66 points (shared/data/princes_of_florence.md); the heuristic's
    # winners in self-play land in that range
    game = florentine_envs.make("princes", num_players=4)
    agents = [make_agent("heuristic", game) for _ in range(4)]
    scores, _, _ = play_games(game, agents, np.arange(20) + 300)
    assert 45 <= scores.max(1).mean() <= 80, scores.max(1).mean()
