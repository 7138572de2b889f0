"""stable-baselines3 adapter, PPO agent and training: the VecEnv contract, opponents and
seats, sb3-contrib's mask hooks, and a short MaskablePPO smoke run."""

from __future__ import annotations

import math

import numpy as np
import pytest
from gymnasium import spaces
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3.common.vec_env import VecEnv

import florentine_envs
from florentine_envs.agents import available_agents, make_agent
from florentine_envs.agents.base import RandomAgent
from florentine_envs.agents.ppo import PPOAgent
from florentine_envs.testing import play_random
from florentine_envs.training.cli import main as cli_main
from florentine_envs.training.sb3_env import FlorentineVecEnv
from florentine_envs.training.train import parse_opponents, train, wilson_interval


def medici(players: int = 2, **options):
    return florentine_envs.make("medici", num_players=players, **options)


class SpyAgent(RandomAgent):
    """Random legal play that records what it was asked (observations and masks)."""

    name = "spy"

    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        self.calls = []

    def act(self, obs, mask):
        self.calls.append((obs.copy(), mask.copy()))
        return super().act(obs, mask)


def random_steps(env: FlorentineVecEnv, steps: int, seed: int = 0):
    """Play random legal learner actions; yields (obs, rewards, dones, infos) per step."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        mask = env.action_masks()
        yield env.step((rng.random(mask.shape) * mask).argmax(1))


# ------------------------------------------------------------------ VecEnv contract


@pytest.mark.parametrize("players", [2, 3])
def test_spaces_shapes_and_dtypes(players):
    game = medici(players)
    env = FlorentineVecEnv(game, num_envs=6, seed=1)
    assert isinstance(env, VecEnv)
    assert env.observation_space == spaces.Box(*game.obs_bounds, (game.obs_size,), np.float32)  # the honest bounds
    assert env.action_space == spaces.Discrete(game.num_actions)
    obs = env.reset()
    assert obs.shape == (6, game.obs_size) and obs.dtype == np.float32
    assert all(env.observation_space.contains(o) for o in obs)
    for obs, rewards, dones, infos in random_steps(env, 60):
        assert obs.shape == (6, game.obs_size) and obs.dtype == np.float32
        assert rewards.shape == (6,) and rewards.dtype == np.float32
        assert dones.shape == (6,) and dones.dtype == bool
        assert isinstance(infos, list) and len(infos) == 6 and all(isinstance(i, dict) for i in infos)


def test_every_game_waits_on_the_learner_with_its_own_view():
    game = medici(3)
    env = FlorentineVecEnv(game, num_envs=16, seed=2)
    obs = env.reset()
    for step, (obs, _, _, _) in enumerate(random_steps(env, 80)):
        state = env.state
        assert not state.terminated.any()
        np.testing.assert_array_equal(state.current_player, env.learner)
        np.testing.assert_array_equal(obs, game.observe(state, env.learner))
        # the observer's own block (relative seat 0) is the one to move
        assert (obs[:, game.obs_layout["to_move"]][:, 0] == 1).all(), step


def test_episode_rewards_infos_and_terminal_observation():
    game = medici(2)
    env = FlorentineVecEnv(game, num_envs=8, seed=3)
    env.reset()
    running = np.zeros(8)
    length = np.zeros(8, int)
    finished = 0
    for obs, rewards, dones, infos in random_steps(env, 250):
        running += rewards
        length += 1
        # terminal rewards only (reward="win"), in {-1, 0, +1} with two players
        assert (rewards[~dones] == 0).all()
        assert set(np.unique(rewards[dones])) <= {-1.0, 0.0, 1.0}
        for i in np.flatnonzero(dones):
            info = infos[i]
            finished += 1
            assert info["episode"] == {"r": running[i], "l": length[i]}
            assert info["terminal_observation"].shape == (game.obs_size,)
            assert info["final_scores"].shape == (2,)
            seat = info["learner_seat"]
            assert info["score"] == info["final_scores"][seat]
            assert info["margin"] == info["final_scores"][seat] - info["final_scores"][1 - seat]
            assert info["win"] == info["is_success"] == (info["margin"] >= 0)
            assert rewards[i] == np.sign(info["margin"])
            running[i], length[i] = 0, 0
        for i in np.flatnonzero(~dones):
            assert infos[i] == {}
    assert finished >= 20


def test_score_reward_option_gives_margins():
    env = FlorentineVecEnv(medici(2, reward="score"), num_envs=8, seed=4)
    env.reset()
    seen = 0
    for _, rewards, dones, infos in random_steps(env, 200):
        for i in np.flatnonzero(dones):
            assert rewards[i] == infos[i]["margin"]
            seen += 1
    assert seen > 0


def test_same_seed_same_trajectories_and_reset_restarts():
    def run(env):
        out = [env.reset()]
        for obs, rewards, dones, _ in random_steps(env, 100, seed=9):
            out += [obs, rewards, dones]
        return out

    a = FlorentineVecEnv(medici(3), num_envs=5, seed=11, opponents={"random": 1, "heuristic": 1})
    b = FlorentineVecEnv(medici(3), num_envs=5, seed=11, opponents={"random": 1, "heuristic": 1})
    first = run(a)
    for x, y in zip(first, run(b)):
        np.testing.assert_array_equal(x, y)
    for x, y in zip(first, run(a)):  # reset() starts the same episodes again
        np.testing.assert_array_equal(x, y)
    a.seed(12)
    assert not np.array_equal(a.reset(), first[0])


def test_illegal_learner_action_raises_and_changes_nothing():
    env = FlorentineVecEnv(medici(2), num_envs=4, seed=5)
    env.reset()
    before = env.state.copy()
    actions = env.action_masks().argmax(1)
    actions[2] = int(np.flatnonzero(~env.action_masks()[2])[0])
    with pytest.raises(ValueError, match="illegal"):
        env.step(actions)
    for name, arr in before.arrays().items():
        np.testing.assert_array_equal(arr, getattr(env.state, name), err_msg=name)
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros(3, int))
    with pytest.raises(ValueError, match="reset"):
        FlorentineVecEnv(medici(2), num_envs=2).step(np.zeros(2, int))


# ------------------------------------------------------------------ masks for sb3-contrib


def test_action_masks_are_legal_and_reach_sb3_contrib():
    env = FlorentineVecEnv(medici(4), num_envs=12, seed=6)
    env.reset()
    assert is_masking_supported(env)
    for _ in random_steps(env, 40):
        masks = env.action_masks()
        assert masks.shape == (12, env.game.num_actions) and masks.dtype == bool
        # at least two options: single-legal-action decisions are played by the engine
        assert (masks.sum(1) >= 2).all()
        np.testing.assert_array_equal(masks, env.state.legal_action_mask)
        np.testing.assert_array_equal(get_action_masks(env), masks)
        np.testing.assert_array_equal(np.stack(env.env_method("action_masks", indices=[3, 5])), masks[[3, 5]])
    masks[:] = False  # a copy: the caller cannot corrupt the engine's mask
    assert env.state.legal_action_mask.any(1).all()


# ------------------------------------------------------------------ opponents and seats


def test_opponents_move_and_see_their_own_seat():
    game = medici(3)
    spy = SpyAgent(game)
    env = FlorentineVecEnv(game, num_envs=10, seed=7, opponents=spy)
    env.reset()
    for _ in random_steps(env, 30):
        pass
    assert len(spy.calls) > 30
    rows = 0
    for obs, mask in spy.calls:
        rows += len(obs)
        assert (obs[:, game.obs_layout["to_move"]][:, 0] == 1).all()  # the opponent's own view
        assert (mask.sum(1) >= 2).all()
    # the learner made 30 decisions per game; the opponents made the others
    assert rows > 30 * 10


def test_random_learner_seat_is_uniform():
    env = FlorentineVecEnv(medici(4), num_envs=256, seed=0)
    seats = []
    for seed in range(8):
        env.seed(seed)
        env.reset()
        seats.append(env.learner.copy())
        assert env.get_attr("learner_seat") == env.learner.tolist()
    share = np.bincount(np.concatenate(seats), minlength=4) / (8 * 256)
    # 2048 draws: each share has sd ~0.01
    assert np.abs(share - 0.25).max() < 0.04, share


def test_new_episodes_draw_new_seats_and_report_them():
    env = FlorentineVecEnv(medici(3), num_envs=16, seed=8)
    env.reset()
    reported = []
    for _, _, dones, infos in random_steps(env, 200):
        reported += [infos[i]["learner_seat"] for i in np.flatnonzero(dones)]
    assert len(reported) > 50 and set(reported) == {0, 1, 2}


@pytest.mark.parametrize("seat", [0, 2])
def test_fixed_learner_seat_is_honoured(seat):
    game = medici(3)
    env = FlorentineVecEnv(game, num_envs=8, seed=9, learner_seat=seat)
    obs = env.reset()
    assert (env.learner == seat).all()
    for obs, _, dones, infos in random_steps(env, 150):
        assert (env.state.current_player == seat).all()
        np.testing.assert_array_equal(obs, game.observe(env.state, np.full(8, seat)))
        assert all(infos[i]["learner_seat"] == seat for i in np.flatnonzero(dones))


def test_weighted_mix_is_drawn_per_seat_and_episode():
    game = medici(3)
    env = FlorentineVecEnv(game, num_envs=400, seed=10, opponents={"random": 0.25, "heuristic": 0.75})
    env.reset()
    names = [env.opponent_names(i) for i in range(400)]
    assert all(row.count(None) == 1 and row[env.learner[i]] is None for i, row in enumerate(names))
    drawn = [name for row in names for name in row if name is not None]
    assert abs(drawn.count("heuristic") / len(drawn) - 0.75) < 0.05
    assert env.opponent_mix == {"random": 0.25, "heuristic": 0.75}
    env.set_opponents(["heuristic"])  # a league-style list: uniform
    assert env.opponent_mix == {"heuristic": 1.0}
    env.reset()
    assert all(name in (None, "heuristic") for i in range(400) for name in env.opponent_names(i))


def test_bad_arguments_are_refused():
    game = medici(2)
    with pytest.raises(ValueError, match="learner_seat"):
        FlorentineVecEnv(game, 2, learner_seat=2)
    with pytest.raises(ValueError, match="learner_seat"):
        FlorentineVecEnv(game, 2, learner_seat="last")
    with pytest.raises(ValueError, match="num_envs"):
        FlorentineVecEnv(game, 0)
    with pytest.raises(ValueError, match="all be zero"):
        FlorentineVecEnv(game, 2, opponents={"random": 0.0})
    with pytest.raises(ValueError, match="weight"):
        FlorentineVecEnv(game, 2, opponents={"random": -1.0})
    with pytest.raises(ValueError, match="unknown agent"):
        FlorentineVecEnv(game, 2, opponents="grandmaster")
    with pytest.raises(ValueError, match="opponents must be"):
        FlorentineVecEnv(game, 2, opponents=[])
    with pytest.raises(ValueError, match="seed"):
        FlorentineVecEnv(game, 2, seed=-1)


def test_attribute_and_method_plumbing():
    env = FlorentineVecEnv(medici(2), num_envs=3, seed=0)
    env.reset()
    assert env.get_attr("render_mode") == [None, None, None]
    assert env.get_attr("num_envs", indices=[0, 2]) == [3, 3]
    assert env.get_attr("episode_index") == [1, 1, 1]
    with pytest.raises(AttributeError):
        env.get_attr("no_such_attribute")
    assert not env.has_attr("no_such_attribute") and env.has_attr("action_masks")
    env.set_attr("custom_flag", 5)
    assert env.get_attr("custom_flag") == [5, 5, 5]
    with pytest.raises(ValueError, match="shared"):
        env.set_attr("custom_flag", 6, indices=[1])
    with pytest.raises(ValueError, match="per episode"):
        env.set_attr("learner_seat", 0)
    assert env.env_is_wrapped(object) == [False, False, False]
    assert env.env_method("opponent_names", 1) == [env.opponent_names(1)] * 3
    with pytest.raises(AttributeError):
        env.env_method("no_such_method")
    assert env.seed(41) == [41, 42, 43]
    env.close()


# ------------------------------------------------------------------ training helpers


def test_parse_opponents_and_wilson():
    assert parse_opponents("random=0.5,heuristic=0.5") == {"random": 0.5, "heuristic": 0.5}
    assert parse_opponents("heuristic") == {"heuristic": 1.0}
    assert parse_opponents("ppo:runs/a=b.zip=2") == {"ppo:runs/a=b.zip": 2.0}
    with pytest.raises(ValueError):
        parse_opponents(" , ")
    low, high = wilson_interval(90, 100)
    assert 0.82 < low < 0.83 and 0.94 < high < 0.95
    assert wilson_interval(0, 50)[0] == 0.0 and wilson_interval(50, 50)[1] == 1.0


def test_available_agents_and_unknown_names():
    game = medici(2)
    assert available_agents(game) == ["random", "heuristic", "learned"]  # a policy ships for 2-player Medici
    assert available_agents(medici(3)) == ["random", "heuristic"]  # none for 3 players
    with pytest.raises(ValueError, match="random, heuristic, learned"):
        make_agent("nobody", game)
    with pytest.raises(ValueError, match="no checkpoint"):
        make_agent("ppo:/nonexistent/model.zip", game)


# ------------------------------------------------------------------ MaskablePPO smoke run


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """A few thousand steps of MaskablePPO against a random/heuristic mix, with a league."""
    out = tmp_path_factory.mktemp("train")
    result = train(
        "medici", num_players=2, timesteps=4096, seed=0, opponents={"random": 0.5, "heuristic": 0.5},
        league=True, league_every=2048, out_dir=out, num_envs=16, eval_games=40, checkpoint_every=2048,
        progress_bar=False, n_steps=64, batch_size=256, n_epochs=2, net_arch=(32, 32),
    )  # fmt: skip
    return result


def test_training_logs_finite_losses_and_writes_files(trained):
    from pathlib import Path

    run = Path(trained["run_dir"])
    assert trained["timesteps"] >= 4096
    losses = [row for row in trained["log"] if "train/loss" in row]
    assert len(losses) >= 3
    for row in losses:
        for key in ("train/loss", "train/value_loss", "train/policy_gradient_loss", "train/entropy_loss"):
            assert math.isfinite(row[key]), (key, row)
    assert any("rollout/ep_rew_mean" in row for row in trained["log"])
    assert (run / "final.zip").is_file()
    assert len(list((run / "checkpoints").glob("ckpt_*_steps.zip"))) >= 1
    assert len(trained["league"]) == 2 and all(Path(p).is_file() for p in trained["league"])
    assert list((run / "tb").rglob("events.out.tfevents.*"))
    assert (run / "progress.csv").is_file() and (run / "evaluation.json").is_file()
    for opponent in ("random", "heuristic"):
        ev = trained["evaluation"][opponent]
        assert ev["games"] == 40 and 0 <= ev["wins"] <= 40
        assert ev["ci95"][0] <= ev["win_rate"] <= ev["ci95"][1]


def test_ppo_agent_only_chooses_legal_actions(trained):
    game = medici(2)
    greedy = PPOAgent(game, trained["final"])
    sampling = PPOAgent(game, trained["final"], seed=3, deterministic=False)
    checked = 0

    def check(state, t):
        nonlocal checked
        obs = game.observe(state, state.current_player)
        live = ~state.terminated
        for agent in (greedy, sampling):
            actions = agent.act(obs[live], state.legal_action_mask[live])
            assert state.legal_action_mask[live][np.arange(live.sum()), actions].all()
        checked += int(live.sum())

    play_random(game, np.arange(64), np.random.default_rng(0), on_step=check)
    assert checked > 2000
    # the mask decides: the same observation with different masks never yields a masked action
    obs = game.observe(game.init(np.arange(6)), np.zeros(6, int))
    for action in range(game.num_actions):
        mask = np.ones((6, game.num_actions), bool)
        mask[:, action] = False
        assert (greedy.act(obs, mask) != action).all()
        assert (sampling.act(obs, mask) != action).all()
    with pytest.raises(ValueError, match="legal action in every row"):
        greedy.act(obs, np.zeros((6, game.num_actions), bool))


def test_checkpoint_reloads_with_same_actions(trained):
    from sb3_contrib import MaskablePPO

    game = medici(2)
    state = game.init(np.arange(200))
    obs, mask = game.observe(state, state.current_player), state.legal_action_mask
    agent = PPOAgent(game, trained["final"])
    assert agent.meta["game"] == "medici" and agent.meta["num_players"] == 2
    first = agent.act(obs, mask)
    again = make_agent("ppo:" + trained["final"], game, seed=5).act(obs, mask)
    np.testing.assert_array_equal(first, again)
    model = MaskablePPO.load(trained["final"], device="cpu")
    predicted, _ = model.predict(obs, action_masks=mask, deterministic=True)
    np.testing.assert_array_equal(first, predicted)
    # sampling is reproducible from the agent's seed
    a = PPOAgent(game, trained["final"], seed=1, deterministic=False).act(obs, mask)
    b = PPOAgent(game, trained["final"], seed=1, deterministic=False).act(obs, mask)
    np.testing.assert_array_equal(a, b)


def test_ppo_agent_refuses_a_checkpoint_of_another_shape(trained):
    trained_on, wanted = medici(2).obs_size, medici(3).obs_size  # 2382 and 2464 since Medici v1
    with pytest.raises(ValueError, match=rf"observation shape \({trained_on},\).*needs .* shape \({wanted},\)"):
        PPOAgent(medici(3), trained["final"])


def test_frozen_policy_as_opponent(trained):
    game = medici(2)
    frozen = PPOAgent(game, trained["final"])
    env = FlorentineVecEnv(game, num_envs=8, seed=0, opponents={"ppo:" + trained["final"]: 1.0, frozen: 1.0})
    env.reset()
    done = 0
    for _, _, dones, _ in random_steps(env, 120):
        done += int(dones.sum())
    assert done > 0
    assert env.opponent_mix == {"ppo:" + trained["final"]: 0.5, "ppo": 0.5}
    env.set_opponents([trained["final"], "random"])  # a bare checkpoint path is a frozen policy
    assert env.opponent_mix == {"ppo:" + trained["final"]: 0.5, "random": 0.5}
    assert {name for i in range(8) for name in env.opponent_names(i)} <= {None, "ppo", "ppo:" + trained["final"]}


def test_cli_train_runs_and_evaluates(tmp_path, capsys):
    code = cli_main(["train", "medici", "--players", "2", "--timesteps", "512", "--num-envs", "4",
                     "--opponents", "random=1,heuristic=1", "--out", str(tmp_path), "--name", "cli",
                     "--eval-games", "10", "--no-progress"])  # fmt: skip
    assert code == 0
    out = capsys.readouterr().out
    assert "final policy" in out and "heuristic" in out
    assert (tmp_path / "cli" / "final.zip").is_file()
