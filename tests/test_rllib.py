"""The RLlib recipe (florentine_envs.training.rllib): PPO with RLlib's action-masking module trains
on the Gymnasium learner env and on the PettingZoo env, in the driver and on a remote env runner.

RLlib pins its own gymnasium, so these tests run in their own venv: ``make test-rllib`` (the
``rllib`` extra). The main suite skips them (ray.rllib does not import there). An illegal action
raises ValueError in these envs, so a training run that completes is one where the module's
masking held at every sampled step.
"""

import math

import gymnasium
import numpy as np
import pytest

pytest.importorskip("ray.rllib", reason="the rllib extra is not installed (make test-rllib)")
pytestmark = pytest.mark.rllib

import ray  # noqa: E402

from florentine_envs.training.rllib import MaskedLearnerEnv, ppo_config, train  # noqa: E402

GAMES = [("florentine/Medici-v1", {}), ("florentine/Firenze-v1", {"max_turns": 6})]


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("env_id, options", GAMES)
def test_the_learner_env_gives_the_keys_of_the_masking_module(env_id, options):
    env = MaskedLearnerEnv({"env_id": env_id, "num_players": 2, "opponents": "heuristic", **options})
    assert set(env.observation_space.spaces) == {"observations", "action_mask"}
    assert env.action_space == gymnasium.spaces.Discrete(env.unwrapped.game.num_actions)
    obs, info = env.reset(seed=3)
    for _ in range(30):
        assert obs in env.observation_space
        assert np.array_equal(obs["action_mask"] == 1.0, info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated or truncated:
            obs, info = env.reset()


def test_the_pettingzoo_env_renames_every_seat():
    from florentine_envs.training.rllib import MaskedPettingZooEnv

    env = MaskedPettingZooEnv({"module": "medici_v1", "num_players": 3})
    observations, _ = env.reset(seed=0)
    for _ in range(40):
        ((agent, obs),) = observations.items()  # turn-based: the seat to move only
        assert obs in env.observation_spaces[agent] and set(obs) == {"observations", "action_mask"}
        observations, rewards, terminated, truncated, _ = env.step({agent: int(np.flatnonzero(obs["action_mask"])[0])})
        if terminated["__all__"]:
            assert set(rewards) == set(env.possible_agents)  # every seat is told its final reward
            observations, _ = env.reset()


def _check(rows, iterations):
    assert [row["iteration"] for row in rows] == list(range(1, iterations + 1))
    assert rows[-1]["env_steps"] >= 256 * iterations and rows[-1]["episodes"] > 0
    assert math.isfinite(rows[-1]["episode_return_mean"])


def test_ppo_trains_in_the_driver_on_medici_against_the_heuristic(local_ray):
    config = ppo_config("florentine/Medici-v1", {"num_players": 2, "opponents": "heuristic"}, train_batch_size=256)
    _check(train(config, 2), 2)


def test_ppo_trains_with_a_remote_env_runner_on_firenze(local_ray):
    config = ppo_config("florentine/Firenze-v1", {"num_players": 2, "max_turns": 6}, num_env_runners=1,
                        train_batch_size=256)  # fmt: skip
    _check(train(config, 2), 2)


def test_ppo_self_play_on_the_pettingzoo_env_with_a_remote_env_runner(local_ray):
    config = ppo_config("medici_v1", {"num_players": 2}, num_env_runners=1, train_batch_size=256)
    _check(train(config, 2), 2)
