"""The PettingZoo AEC wrapper: api_test, seed_test, illegal input, infos, rendering."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import florentine_envs
from florentine_envs import medici_v1

PLAYERS = [2, 3, 4, 5, 6]


@pytest.mark.parametrize("num_players", PLAYERS)
def test_pettingzoo_api_test(num_players):
    api_test(medici_v1.env(num_players=num_players), num_cycles=200)


@pytest.mark.parametrize("num_players", PLAYERS)
def test_pettingzoo_seed_test(num_players):
    seed_test(lambda **kw: medici_v1.env(num_players=num_players, **kw), num_cycles=200)


def play_to_end(env, rng):
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_conventions_agents_spaces_and_mask():
    env = medici_v1.env(num_players=3)
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.metadata["name"] == "medici_v1"  # the game's version (1: the whole market observed)
    obs, *_ = env.last()
    assert set(obs) == {"observation", "action_mask"}
    assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
    idle = [a for a in env.agents if a != env.agent_selection]
    assert all(not env.observe(a)["action_mask"].any() for a in idle), "only the agent to move has legal actions"


def test_illegal_action_raises_and_changes_nothing():
    env = medici_v1.env(num_players=2)
    env.reset(seed=5)
    raw = env.unwrapped
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = raw.game_state.copy()
    with pytest.raises(ValueError, match=r"action \d+ \(\w+\) is illegal.*legal actions: 0 \(reveal\)"):
        env.step(illegal)
    with pytest.raises(ValueError, match="legal actions"):
        env.step(99)
    with pytest.raises(ValueError, match="integer action id"):
        env.step("reveal")
    assert all(np.array_equal(a, b) for a, b in zip(before.arrays().values(), raw.game_state.arrays().values()))


def test_step_after_game_end_raises():
    env = medici_v1.env(num_players=2)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    # play until the game ends but before the dead agents are removed
    while not any(env.terminations.values()):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    with pytest.raises(ValueError, match="game is over"):
        env.step(0)
    env.step(None)
    env.step(None)
    assert env.agents == []
    with pytest.raises(ValueError, match="game is over"):
        env.step(None)


@pytest.mark.parametrize("num_players", [2, 4])
def test_infos_scores_ranks_and_zero_sum_rewards(num_players):
    env = medici_v1.env(num_players=num_players)
    env.reset(seed=11)
    totals = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(1)
    final_infos = None
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        assert "score" in info
        if termination:
            final_infos = final_infos or {a: dict(i) for a, i in env.infos.items()}
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = [final_infos[a]["score"] for a in env.possible_agents]
    ranks = [final_infos[a]["rank"] for a in env.possible_agents]
    best = max(scores)
    for a, s, r in zip(env.possible_agents, scores, ranks):
        assert r == 1 + sum(x > s for x in scores)
        assert (totals[a] > 0) == (s == best and len(set(scores)) > 1)
    assert abs(sum(totals.values())) < 1e-6


def test_reset_seed_reproducible_and_different_deals():
    env = medici_v1.env(num_players=4)
    env.reset(seed=3)
    first = env.last()[0]["observation"].copy()
    env.reset(seed=3)
    assert np.array_equal(first, env.last()[0]["observation"])
    seeds = set()
    for _ in range(5):
        env.reset()
        seeds.add(env.unwrapped.game_seed)
    assert len(seeds) == 5


def test_aec_matches_engine_for_same_seed():
    env = medici_v1.env(num_players=3)
    env.reset(seed=0, options={"game_seed": 42})
    game = florentine_envs.make("medici", num_players=3)
    state = game.init(np.array([42]))
    rng = np.random.default_rng(2)
    while not state.terminated[0]:
        agent = env.agent_selection
        assert agent == f"player_{state.current_player[0]}"
        obs = env.last()[0]
        assert np.array_equal(obs["observation"], game.observe(state, state.current_player)[0])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        game.step(state, np.array([action]))


def test_render_modes():
    env = medici_v1.env(num_players=3, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert "Market" in text and "player_2" in text and "florins" in text
    with pytest.raises(ValueError, match="render_mode"):
        medici_v1.env(render_mode="png")
