"""The Firenze heuristic: legal in every state it meets, deterministic, and far stronger than random."""

import numpy as np
import pytest

import florentine_envs
from florentine_envs.agents import FirenzeHeuristic, RandomAgent, make_agent
from florentine_envs.training.match import play_games


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_heuristic_picks_only_legal_actions(num_players):
    # Half the moves random, half the heuristic's, so the states cover what a random player
    # produces (odd towers, events, limits) as well as the heuristic's own lines of play; the
    # heuristic is asked for a move in every state, whoever is to move.
    game = florentine_envs.make("firenze", num_players=num_players)
    heuristic = FirenzeHeuristic(game, seed=0)
    rnd = RandomAgent(game, seed=1)
    coin = np.random.default_rng(2)
    state = game.init(np.arange(32, dtype=np.uint64) + 100 * num_players)
    phases_seen = set()
    for _ in range(300):
        live = np.flatnonzero(~state.terminated)
        if live.size == 0:
            break
        obs = game.observe(state, state.current_player)
        mask = state.legal_action_mask
        ours = heuristic.act(obs[live], mask[live])
        assert mask[live, ours].all(), [game.action_names[a] for a in ours[~mask[live, ours]]]
        phases_seen.update(state.phase[live].tolist())
        actions = np.zeros(state.batch_size, np.int64)
        actions[live] = np.where(coin.random(live.size) < 0.5, ours, rnd.act(obs[live], mask[live]))
        game.step(state, actions)
    # the states really were varied: choose, exchange, build, fulfil, payments and events
    assert len(phases_seen) >= 9, phases_seen


def test_heuristic_is_deterministic_for_a_seed():
    game = florentine_envs.make("firenze", num_players=3)
    seeds = np.arange(6) + 7

    def play():
        agents = [make_agent("heuristic", game, seed=5), make_agent("random", game, seed=1),
                  make_agent("heuristic", game, seed=5)]  # fmt: skip
        return play_games(game, agents, seeds)

    (scores_a, _, ranks_a), (scores_b, _, ranks_b) = play(), play()
    np.testing.assert_array_equal(scores_a, scores_b)
    np.testing.assert_array_equal(ranks_a, ranks_b)


def test_heuristic_beats_random_two_players():
    # 100 deals, the heuristic once in each seat; measured over 2,000 games it wins ~99 %
    game = florentine_envs.make("firenze", num_players=2)
    seeds = np.arange(100) + 9000
    wins = 0
    for seat in (0, 1):
        agents = [make_agent("random", game, seed=3), make_agent("random", game, seed=4)]
        agents[seat] = make_agent("heuristic", game, seed=0)
        scores, rewards, ranks = play_games(game, agents, seeds)
        wins += int((ranks[:, seat] == 1).sum())
        # it finishes games: no truncation, and it scores far more than the random player
        assert scores[:, seat].mean() > scores[:, 1 - seat].mean() + 30
    assert wins / 200 >= 0.9


def test_heuristic_fulfils_a_ready_commission():
    # Heuristic-only games: when a FULFILL decision offers an exact commission it mostly takes
    # it (it passes only when building the tower higher is worth more; measured 89 % of offers),
    # and every player scores.
    game = florentine_envs.make("firenze", num_players=2)
    agent = FirenzeHeuristic(game, seed=0)
    state = game.init(np.arange(16, dtype=np.uint64))
    fulfilled = offered = 0
    while not state.terminated.all():
        live = np.flatnonzero(~state.terminated)
        obs = game.observe(state, state.current_player)
        actions = np.zeros(state.batch_size, np.int64)
        actions[live] = agent.act(obs[live], state.legal_action_mask[live])
        exact = state.legal_action_mask[:, 61:78:3].any(1) & ~state.terminated
        offered += int(exact.sum())
        fulfilled += int((exact & np.isin(actions, np.arange(61, 78, 3))).sum())
        game.step(state, actions)
    assert state.scores.min() > 0
    assert offered > 50 and fulfilled / offered > 0.75


def test_heuristic_plays_the_saboteur_on_the_rival_tower_that_loses_most():
    # The Saboteur is a personnel card (v1): held in hand, it is played in the heuristic's own turn on
    # the rival tower a brick hurts most -- here the one standing exactly at an open commission.
    from firenze_scenarios import GREEN, YELLOW, Scenario, sabotage

    sc = Scenario(3)
    sc.give_hand(0, "Saboteur")
    sc.set_store(0, white=2, red=1)
    sc.add_tower(1, GREEN, 2)
    sc.add_tower(2, YELLOW, 1)
    sc.add_tower(2, YELLOW, 4)  # an open yellow commission of 4
    sc.set_store(2, yellow=1)
    sc.refresh()
    agent = FirenzeHeuristic(sc.game, seed=0)
    action = agent.act(sc.game.observe(sc.s, sc.s.current_player), sc.s.legal_action_mask)
    assert action.tolist() == [sabotage(2, 1)]
