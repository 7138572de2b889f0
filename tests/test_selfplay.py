"""SelfPlayVectorEnv: auto-reset, final scores, and the same trajectories as the engine and the AEC env."""

import numpy as np
import pytest

import florentine_envs
from florentine_envs import medici_v1
from florentine_envs.testing import random_legal_actions
from florentine_envs.vector import SelfPlayVectorEnv


def test_auto_reset_reports_final_scores_and_starts_the_next_episode():
    game = florentine_envs.make("medici", num_players=3)
    venv = SelfPlayVectorEnv(game, num_envs=16, seed=5)
    obs, mask, player = venv.reset()
    assert obs.shape == (16, game.obs_size) and mask.shape == (16, 6) and player.shape == (16,)
    rng = np.random.default_rng(0)
    # slot 3 replayed alone through the engine, from the seed the vector env documents
    alone = game.init(venv.episode_seed(np.array([3]), np.array([0])))
    finished = 0
    while finished < 40:
        actions = random_legal_actions(mask, rng)
        if alone is not None:
            game.step(alone, actions[3:4])
        out = venv.step(actions)
        obs, mask = out.obs, out.mask
        assert np.allclose(out.rewards.sum(1), 0)
        assert not out.rewards[~out.done].any()  # Medici rewards are terminal
        if out.done.any():
            finished += int(out.done.sum())
            scores = out.info["final_scores"][out.done]
            assert (scores.sum(1) > 0).all() and (out.info["episode_length"][out.done] > 20).all()
            winners = out.info["final_ranks"][out.done] == 1
            assert ((out.rewards[out.done] > 0) == winners).all()
        if alone is not None and out.done[3]:
            assert np.array_equal(out.info["final_scores"][3], alone.scores[0])
            alone = None
        assert mask[np.arange(16), random_legal_actions(mask, rng)].all()
    assert (venv.episode >= 1).all() and venv.episode.sum() >= 16 + 40


def test_slot_trajectory_matches_the_aec_env():
    game = florentine_envs.make("medici", num_players=2)
    venv = SelfPlayVectorEnv(game, num_envs=4, seed=9)
    obs, mask, player = venv.reset()
    env = medici_v1.env(num_players=2)
    env.reset(options={"game_seed": int(venv.episode_seed(np.array([2]), np.array([0]))[0])})
    rng = np.random.default_rng(1)
    while True:
        aec_obs = env.last()[0]
        assert env.agent_selection == f"player_{player[2]}"
        assert np.array_equal(aec_obs["observation"], obs[2])
        assert np.array_equal(aec_obs["action_mask"].astype(bool), mask[2])
        actions = random_legal_actions(mask, rng)
        env.step(int(actions[2]))
        out = venv.step(actions)
        obs, mask, player = out.obs, out.mask, out.current_player
        if out.done[2]:
            assert env.terminations["player_0"]
            assert [env.infos[a]["score"] for a in env.agents] == out.info["final_scores"][2].tolist()
            break


def test_batch_size_does_not_change_a_slot_sequence():
    game = florentine_envs.make("medici", num_players=4)
    small, big = SelfPlayVectorEnv(game, 2, seed=3), SelfPlayVectorEnv(game, 64, seed=3)
    o1, m1, _ = small.reset()
    o2, m2, _ = big.reset()
    assert np.array_equal(o1, o2[:2]) and np.array_equal(m1, m2[:2])


def test_batch_invariance_over_episodes_with_auto_reset():
    """Slots 0-2 of a batch of 40 follow exactly the trajectories of a batch of 3 given the same
    actions: observations, masks, players, rewards, done flags and final scores, across resets."""
    game = florentine_envs.make("medici", num_players=3)
    small, big = SelfPlayVectorEnv(game, 3, seed=11), SelfPlayVectorEnv(game, 40, seed=11)
    o1, m1, p1 = small.reset()
    o2, m2, p2 = big.reset()
    rng = np.random.default_rng(2)
    episodes_done = 0
    for _ in range(400):
        assert np.array_equal(o1, o2[:3]) and np.array_equal(m1, m2[:3]) and np.array_equal(p1, p2[:3])
        actions = random_legal_actions(m2, rng)
        s1, s2 = small.step(actions[:3]), big.step(actions)
        assert np.array_equal(s1.rewards, s2.rewards[:3]) and np.array_equal(s1.done, s2.done[:3])
        for key in ("final_scores", "final_ranks", "episode_length"):
            assert np.array_equal(s1.info[key][s1.done], s2.info[key][:3][s1.done])
        episodes_done += int(s1.done.sum())
        o1, m1, p1, o2, m2, p2 = s1.obs, s1.mask, s1.current_player, s2.obs, s2.mask, s2.current_player
    assert episodes_done >= 6  # several automatic resets were compared, not just first episodes


def test_firenze_slot_matches_the_aec_env_including_out_of_turn_decisions_and_truncation():
    """The vector env is generic: on Firenze (compound turns, decisions by players other than the turn
    player, a turn limit) a slot follows the AEC env exactly, and a game stopped by ``max_turns`` is
    reported as truncated by both."""
    from florentine_envs import firenze_v1

    options = {"max_turns": 6}
    game = florentine_envs.make("firenze", num_players=3, **options)
    venv = SelfPlayVectorEnv(game, num_envs=8, seed=4)
    obs, mask, player = venv.reset()
    env = firenze_v1.env(num_players=3, **options)
    env.reset(options={"game_seed": int(venv.episode_seed(np.array([5]), np.array([0]))[0])})
    rng = np.random.default_rng(3)
    movers = set()
    while True:
        aec_obs = env.last()[0]
        assert env.agent_selection == f"player_{player[5]}"
        assert np.array_equal(aec_obs["observation"], obs[5])
        assert np.array_equal(aec_obs["action_mask"].astype(bool), mask[5])
        movers.add(int(player[5]))
        actions = random_legal_actions(mask, rng)
        env.step(int(actions[5]))
        out = venv.step(actions)
        obs, mask, player = out.obs, out.mask, out.current_player
        if out.done[5]:
            assert (
                out.truncated[5]
                and not out.terminated[5]
                and env.truncations["player_0"]
                and not env.terminations["player_0"]
            )
            assert [env.infos[a]["score"] for a in env.agents] == out.info["final_scores"][5].tolist()
            break
    assert movers == {0, 1, 2}


def test_returned_arrays_stay_valid_unless_copy_false():
    """A naive rollout list must hold what was seen: every call returns new arrays by default;
    ``copy=False`` returns the preallocated buffers, which the next step overwrites."""
    game = florentine_envs.make("medici", num_players=2)
    rng = np.random.default_rng(0)
    venv = SelfPlayVectorEnv(game, num_envs=4, seed=1)
    obs0, mask0, _ = venv.reset()
    kept = obs0.copy()
    out = venv.step(random_legal_actions(mask0, rng))
    assert out.obs is not obs0 and not np.shares_memory(out.obs, obs0)
    assert np.array_equal(obs0, kept)  # the first observation was not overwritten
    rollout = [out]
    for _ in range(3):
        rollout.append(venv.step(random_legal_actions(rollout[-1].mask, rng)))
    assert not np.array_equal(rollout[0].obs, rollout[-1].obs)

    fast = SelfPlayVectorEnv(game, num_envs=4, seed=1, copy=False)
    obs0, mask0, _ = fast.reset()
    out = fast.step(random_legal_actions(mask0, rng))
    assert out.obs is fast.step(random_legal_actions(out.mask, rng)).obs  # documented: one buffer, overwritten


def test_truncation_is_a_field_and_final_observations_of_every_player_are_reported():
    """Firenze's ``max_turns`` stops games: ``truncated`` says so (``terminated`` does not), and
    ``info["final_obs"]`` holds every player's final observation, so a learner can bootstrap."""
    game = florentine_envs.make("firenze", num_players=3, max_turns=4)
    venv = SelfPlayVectorEnv(game, num_envs=6, seed=2)
    assert venv.num_envs == 6 and venv.single_action_space.n == game.num_actions
    assert venv.single_observation_space.shape == (game.obs_size,)
    obs, mask, _ = venv.reset()
    rng = np.random.default_rng(4)
    engine = game.init(venv.episode_seed(np.arange(6), np.zeros(6, np.int64)))
    for _ in range(5000):
        actions = random_legal_actions(mask, rng)
        game.step(engine, actions)
        out = venv.step(actions)
        if out.done.any():
            break
        mask = out.mask
    done = out.done
    assert np.array_equal(out.truncated | out.terminated, done) and not (out.truncated & out.terminated).any()
    assert out.truncated[done].all()  # four turns never finish a game of Firenze by its rules
    for p in range(3):
        expected = game.observe(engine.select(np.flatnonzero(done)), np.full(int(done.sum()), p))
        assert np.array_equal(out.info["final_obs"][done, p], expected)
    assert ((out.obs >= venv.single_observation_space.low) & (out.obs <= venv.single_observation_space.high)).all()
    venv.close()
    assert venv.state is None


def test_vector_env_is_a_deprecated_alias():
    from florentine_envs.vector import VectorEnv

    game = florentine_envs.make("medici", num_players=2)
    with pytest.warns(DeprecationWarning, match="SelfPlayVectorEnv"):
        venv = VectorEnv(game, batch_size=3, seed=0)
    assert isinstance(venv, SelfPlayVectorEnv) and venv.batch_size == venv.num_envs == 3
