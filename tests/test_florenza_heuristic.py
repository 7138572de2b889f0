"""The Florenza (board game) heuristic: legal in every state it meets at 2-5 players with and
without the die, the same decisions in a batch as one game at a time, blind to what its seat
cannot see (the bag's order, future dice), and far stronger than random."""

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
from florentine_envs.agents import FlorenzaHeuristic
from florentine_envs.games.florenza.constants import PHASE_NAMES, Z_CIVIC


@pytest.mark.parametrize("num_players, die", [(2, "die"), (3, "no_die"), (4, "die"), (5, "no_die")])
def test_heuristic_picks_only_legal_actions(num_players, die):
    game = florentine_envs.make("florenza", num_players=num_players, die=die)
    seeds = np.arange(8) + 100 * num_players
    phases_seen = phases_met_by_legal_play(game, FlorenzaHeuristic(game), seeds, steps=3000, phase_names=PHASE_NAMES)
    # every decision kind was met (the Cathedral's two dice only with the die, the incentive without)
    wanted = {"START_PICK", "PLACE", "HIRE", "PREACHER", "MARKET", "CONVERT", "CAPTAIN", "BISHOP",
              "INCENTIVE" if die == "no_die" else "CATHEDRAL_DIE"}  # fmt: skip
    assert wanted <= phases_seen, wanted - phases_seen


def test_a_batch_decides_as_its_games_one_at_a_time():
    # Heuristic self-play on a batch; at every step each game's decision is asked again alone
    # (a batch of one, the engine's one-game observation): the answers are the same.
    game = florentine_envs.make("florenza", num_players=3)
    assert_batch_decides_as_one_game(game, FlorenzaHeuristic(game), np.arange(4) + 40, min_steps=100)


def test_re_randomising_what_the_player_cannot_see_does_not_change_its_action():
    # The bag's order and the seed (every future die) are re-drawn for the player to move.
    game = florentine_envs.make("florenza", num_players=4)
    assert_blind_to_hidden(
        game, FlorenzaHeuristic(game), np.arange(8) + 7, field_changed("bag"), every=9, min_checked=200, steps=1200
    )


@pytest.mark.parametrize("num_players, seat, die", [(2, 0, "die"), (2, 1, "no_die"), (5, 3, "die")])
def test_heuristic_beats_random(num_players, seat, die):
    # measured with `florentine tournament` (200 games at 2 players, 100 at 5): 100 %
    game = florentine_envs.make("florenza", num_players=num_players, die=die)
    win_rate, margin = results_against_random(game, 30, seat)
    assert win_rate >= 0.9 and margin > 20


def test_heuristic_spends_its_money_and_cubes_on_artworks():
    # It plans its artworks with what it will have (idle workshops, the market), so little is
    # left unspent at the end and most main-board boxes get a crest. The first heuristic ended
    # 4-player self-play with ~280 Fiorini and ~8 cubes and crested 58 % of the civic boxes;
    # this one ~130 Fiorini, ~5 cubes and 83 % (200 games each).
    from florentine_envs.training.match import play_games

    game = florentine_envs.make("florenza", num_players=4)
    agent, seeds = FlorenzaHeuristic(game), np.arange(16) + 300
    state = {}

    def keep(st):
        state["last"] = st

    play_games(game, [agent], seeds, np.zeros((16, 4), np.int64), on_step=keep)
    st, civic = state["last"], game.t.art_zone == Z_CIVIC
    assert st.terminated.all()
    assert st.money.mean() < 200 and st.res.sum(2).mean() < 7
    assert (st.main_crest[:, civic] >= 0).mean() > 0.7
