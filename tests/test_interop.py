"""What outside users plug the environments into: PettingZoo's test utilities (api, seed,
parallel, state), SuperSuit, Tianshou, Gymnasium's ``check_env`` and vector wrappers, and the
observation bounds -- on every registered game and player count."""

import importlib
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test, state_test
from pettingzoo.utils.conversions import aec_to_parallel

import florentine_envs
from florentine_envs.agents import available_agents, make_agent
from florentine_envs.core.learner import GYM_IDS
from florentine_envs.core.registry import env_module
from florentine_envs.testing import check_observation_bounds, random_legal_actions

CASES = [(name, p) for name in florentine_envs.available_games() for p in florentine_envs.player_counts(name)]
# Random Firenze games run to the turn limit (thousands of decisions); a short limit keeps the
# whole-game checks below to seconds (full games are played in tests/test_firenze_*.py).
QUICK = {"firenze": {"max_turns": 12}}

def players(name: str, wanted: int) -> int:
    """``wanted`` players if the game has that count, else its first (the solo game has 1)."""
    counts = florentine_envs.player_counts(name)
    return wanted if wanted in counts else counts[0]



def module(name):
    return importlib.import_module(f"florentine_envs.{env_module(name)}")


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo/Gymnasium advice printed as warnings
        yield


@pytest.mark.parametrize("name,num_players", CASES)
def test_pettingzoo_api_seed_parallel_and_state_tests(name, num_players):
    mod = module(name)
    api_test(mod.env(num_players=num_players), num_cycles=100)
    seed_test(lambda **kw: mod.env(num_players=num_players, **kw), num_cycles=100)
    parallel_api_test(mod.parallel_env(num_players=num_players), num_cycles=100)
    state_test(mod.env(num_players=num_players), mod.parallel_env(num_players=num_players), num_cycles=100)


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_state_is_the_whole_table_and_hides_only_what_nobody_knows(name):
    """``state()`` holds every player's observation (so every hand), and re-drawing what *no*
    player can see (deck order, future draws) changes nothing in it."""
    num_players = florentine_envs.player_counts(name)[-1]
    env = module(name).env(num_players=num_players)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(30):  # into the game (a short solo game may end before)
        obs, *_ = env.last()
        if not obs["action_mask"].any():
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    raw = env.unwrapped
    state = env.state()
    assert state.dtype == np.float32 and env.state_space.contains(state)
    size = raw.game.obs_size
    for p, agent in enumerate(env.possible_agents):
        np.testing.assert_array_equal(state[p * size : (p + 1) * size], env.observe(agent)["observation"])
    # what one player cannot see is re-drawn; the others' views (and so the state) may change,
    # but a re-draw of every player's hidden information at once keeps each player's own block
    redrawn = raw.game.randomize_hidden(raw.game_state, 0, seed=7)
    np.testing.assert_array_equal(raw.game.state_vector(redrawn)[0, :size], state[:size])


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_aec_to_parallel_is_refused_and_the_turn_based_conversion_works(name):
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(module(name).env(num_players=players(name, 2)))
    par = module(name).parallel_env(num_players=players(name, 2))
    observations, infos = par.reset(seed=0)
    movers = [a for a, o in observations.items() if o["action_mask"].any()]
    assert len(movers) == 1  # one agent to move; the others' masks are all zeros
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) if a in movers else 0 for a, o in observations.items()}
    observations, rewards, terminations, truncations, infos = par.step(actions)
    assert set(rewards) == set(par.possible_agents)


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_unknown_options_and_bad_wrapper_arguments_name_what_is_allowed(name):
    with pytest.raises(ValueError, match=r"unknown option\(s\) \['colour'\]; allowed: num_players, .*reward"):
        module(name).env(num_players=players(name, 2), colour="red")
    with pytest.raises(ValueError, match="unknown option"):
        module(name).parallel_env(num_players=players(name, 2), colour="red")
    with pytest.raises(ValueError, match="unknown option"):
        gymnasium.make(GYM_IDS[name], num_players=players(name, 2), colour="red")
    with pytest.raises(ValueError, match="obs_type='image'; allowed: 'dict', 'flat'"):
        module(name).env(num_players=players(name, 2), obs_type="image")
    with pytest.raises(ValueError, match="num_players=9 is not supported; allowed"):
        module(name).env(num_players=9)


# ----------------------------------------------------------------- observation bounds


@pytest.mark.parametrize("name,num_players", CASES)
def test_observations_stay_inside_the_declared_bounds_in_random_and_heuristic_play(name, num_players):
    game = florentine_envs.make(name, num_players=num_players, **QUICK.get(name, {}))
    low, high = game.obs_bounds
    assert np.isfinite(low).all() and np.isfinite(high).all() and (low < high).all()
    assert check_observation_bounds(game, num_games=8, seed=1) > 0
    if "heuristic" in available_agents(game):  # a game's heuristic may come after the game
        heuristic = make_agent("heuristic", game, seed=0)
        assert check_observation_bounds(game, num_games=8, seed=2, policy=heuristic.act) > 0


def test_bounds_must_cover_every_field():
    game = florentine_envs.make("medici", num_players=2)
    fields = game.obs_field_bounds()
    del fields["florins"]
    game.obs_field_bounds = lambda: fields
    with pytest.raises(ValueError, match=r"missing \['florins'\]"):
        _ = game.obs_bounds
    broken = florentine_envs.make("medici", num_players=2)
    fields = broken.obs_field_bounds()
    fields["day"] = (1, 1)
    broken.obs_field_bounds = lambda: fields
    with pytest.raises(ValueError, match="bounds of 'day' must be finite with low < high"):
        _ = broken.obs_bounds


def test_a_value_outside_the_bounds_is_reported_by_field():
    from florentine_envs.testing import assert_observations_in_bounds

    game = florentine_envs.make("medici", num_players=2)
    state = game.init(np.arange(2))
    state.scores[1, 0] = 10_000  # florins no game can reach
    with pytest.raises(AssertionError, match=r"game 1 .*florins\[0\] = 10000.0, outside the declared bounds"):
        assert_observations_in_bounds(game, state)


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_supersuit_normalize_obs_on_the_flat_observation(name):
    import supersuit as ss

    env = ss.normalize_obs_v0(module(name).env(num_players=players(name, 2), obs_type="flat"))
    api_test(env, num_cycles=50)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(300):
        obs, reward, termination, truncation, info = env.last()
        assert obs.dtype == np.float32 and (obs >= 0).all() and (obs <= 1).all()
        mask = info["action_mask"]
        env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(mask))))


def test_supersuit_wrapper_on_the_observation_key_of_the_dict_observation():
    """The recipe of docs/guides/interop.md: SuperSuit's observation lambda applied to the "observation" key."""
    import supersuit as ss
    from gymnasium.spaces import Box, Dict

    def normalize(obs, space):
        box = space["observation"]
        return dict(obs, observation=((obs["observation"] - box.low) / (box.high - box.low)).astype(np.float32))

    def normalized_space(space):
        box = Box(0.0, 1.0, space["observation"].shape, np.float32)
        return Dict({"observation": box, "action_mask": space["action_mask"]})

    env = ss.observation_lambda_v0(module("medici").env(num_players=3), normalize, normalized_space)
    api_test(env, num_cycles=50)


def test_supersuit_agent_indicator_after_normalize_obs():
    """SuperSuit's agent_indicator_v0 builds its bounds wrongly from a Box with per-entry bounds
    (observations fall outside them); on normalize_obs_v0's [0, 1] Box it is right: the order of
    docs/guides/interop.md."""
    import supersuit as ss

    flat = module("medici").env(num_players=2, obs_type="flat")
    with pytest.raises(AssertionError, match="Out of bounds observation"):  # the SuperSuit bug, still there
        api_test(ss.agent_indicator_v0(flat), num_cycles=20)
    env = ss.agent_indicator_v0(ss.normalize_obs_v0(module("medici").env(num_players=2, obs_type="flat")))
    api_test(env, num_cycles=50)
    env.reset(seed=0)
    assert env.last()[0].shape == (module("medici").env(num_players=2).unwrapped.game.obs_size + 2,)


# ----------------------------------------------------------------- TorchRL


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_torchrl_plays_whole_games_of_the_aec_env_with_masks(name):
    """TorchRL's PettingZooWrapper on the AEC env (the path for TorchRL: see docs/guides/interop.md) plays
    whole games with masks: the mover's action always legal, the info spec (built from reset())
    filled at every step, ranks 0 until the end."""
    pytest.importorskip("torchrl")
    from torchrl.envs import PettingZooWrapper

    num_players = players(name, 2)
    options = {"max_turns": 4} if name == "firenze" else {}
    env = PettingZooWrapper(module(name).env(num_players=num_players, **options), use_mask=True, seed=0)
    games = 2 if name == "medici" else 1  # Medici: games in a row (~70 steps each), through TorchRL's reset
    td = env.rollout(200 if games > 1 else 5000, break_when_any_done=games == 1)
    done = td["next", "done"].squeeze(-1)
    ends = np.flatnonzero(done.numpy())
    assert len(ends) >= games and ends[games - 1] < len(done)
    for group in env.group_map:
        moving = td[group, "mask"].squeeze(-1)  # the agent to move at each step
        chosen = td[group, "action"].reshape(-1)
        legal = td[group, "action_mask"].reshape(len(td), -1)
        assert legal[moving].gather(1, chosen[moving, None]).all()
        rank = td["next", group, "info", "rank"].reshape(-1)
        assert (rank[~done] == 0).all() and ((rank[done] >= 1) & (rank[done] <= max(num_players, 2))).all()
    assert sum(bool(td[g, "mask"].any()) for g in env.group_map) == len(env.group_map)  # everyone moved


# ----------------------------------------------------------------- Tianshou


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_tianshou_collects_whole_episodes(name):
    from tianshou.algorithm.multiagent.marl import MultiAgentPolicy
    from tianshou.algorithm.random import MARLRandomDiscreteMaskedOffPolicyAlgorithm
    from tianshou.data import Collector
    from tianshou.env import DummyVectorEnv, PettingZooEnv

    def make():
        return PettingZooEnv(module(name).env(num_players=players(name, 2), **QUICK.get(name, {})))

    env = make()
    random_policy = MARLRandomDiscreteMaskedOffPolicyAlgorithm(env.action_space).policy
    policy = MultiAgentPolicy({agent: random_policy for agent in env.agents})
    result = Collector(policy, DummyVectorEnv([make for _ in range(2)])).collect(n_episode=4, reset_before_collect=True)
    assert result.n_collected_episodes == 4 and result.n_collected_steps > 4 * 10


# ----------------------------------------------------------------- Gymnasium


@pytest.mark.parametrize("name,num_players", CASES)
def test_gymnasium_check_env(name, num_players):
    # check_env draws its step-determinism action before the reset it applies it to; with
    # illegal_action="lose" an action illegal in the new position ends the episode instead of raising
    env = gymnasium.make(GYM_IDS[name], num_players=num_players, illegal_action="lose", **QUICK.get(name, {}))
    check_env(env.unwrapped)
    if name == "medici":  # every Medici episode opens on {reveal, stop}: the default passes as well
        check_env(gymnasium.make(GYM_IDS[name], num_players=num_players).unwrapped)


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_gymnasium_vector_env_with_record_episode_statistics(name):
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    options = dict(num_players=players(name, 3), **QUICK.get(name, {}))
    envs = RecordEpisodeStatistics(gymnasium.make_vec(GYM_IDS[name], num_envs=8, **options))
    assert isinstance(envs.unwrapped, gymnasium.vector.VectorEnv)
    obs, info = envs.reset(seed=0)
    assert obs.shape == (8, envs.unwrapped.game.obs_size) and info["action_mask"].shape[0] == 8
    episodes = 0
    for _ in range(3000):
        obs, rewards, terminated, truncated, info = envs.step(envs.action_space.sample())
        assert envs.single_observation_space.contains(obs[0])
        if "episode" in info:
            done = info["_episode"]
            episodes += int(done.sum())
            assert (info["episode"]["l"][done] > 0).all()
            for slot in np.flatnonzero(done):  # the finished game's last observation and result
                assert info["final_info"]["learner_seat"][slot] in range(3)
                assert info["final_obs"][slot].shape == (envs.unwrapped.game.obs_size,)
        if episodes >= 10:
            break
    assert episodes >= 10


def test_learner_env_plays_the_opponents_inside_and_rewards_the_learners_seat():
    seen = []

    def always_first_legal(obs, mask):
        seen.append(len(mask))
        return np.argmax(mask, axis=1)

    env = gymnasium.make("florentine/Medici-v1", num_players=4, opponents=always_first_legal, learner_seat=2)
    obs, info = env.reset(seed=5)
    assert info["learner_seat"] == 2
    rng = np.random.default_rng(0)
    total, terminated = 0.0, False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        np.testing.assert_array_equal(env.unwrapped.action_masks(), info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
    assert seen  # the opponent policy was asked, batched
    scores = info["final_scores"]
    winners = scores == scores.max()
    expected = 1.0 / winners.sum() if winners[2] else -1.0 / (4 - winners.sum())
    assert total == pytest.approx(expected if winners.sum() < 4 else 0.0)
    assert info["win"] == bool(winners[2]) and info["score"] == scores[2]
    with pytest.raises(ValueError, match="episode is over"):
        env.step(0)
    # reset() without a seed starts the slot's next episode (the one already begun when this ended);
    # reset(seed=5) replays episode 0 exactly
    first_obs, _ = gymnasium.make("florentine/Medici-v1", num_players=4, learner_seat=2).reset(seed=5)
    env.reset()
    assert env.unwrapped._vector.episode[0] == 2
    replay, _ = env.reset(seed=5)
    np.testing.assert_array_equal(replay, first_obs)
    assert env.unwrapped._vector.episode[0] == 1


def test_learner_env_refuses_an_illegal_action_and_changes_nothing():
    env = gymnasium.make("florentine/Medici-v1", num_players=2).unwrapped
    obs, info = env.reset(seed=1)
    before = env.game_state.copy()
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    with pytest.raises(ValueError, match="is illegal"):
        env.step(illegal)
    assert all(np.array_equal(a, b) for a, b in zip(before.arrays().values(), env.game_state.arrays().values()))
    with pytest.raises(ValueError, match="integer action id"):
        env.step(1.5)
    with pytest.raises(ValueError, match="opponents must be a policy"):
        gymnasium.make("florentine/Medici-v1", num_players=2, opponents="heuristic")


def test_learner_vector_env_slots_follow_the_engine_and_batch_size_does_not_matter():
    """Slots 0-1 of a batch of 2 and of a batch of 16 play the same episodes given the same actions
    (with a deterministic opponent: a random one draws for the whole batch at once)."""
    from florentine_envs.vector import LearnerVectorEnv

    def first_legal(obs, mask):
        return np.argmax(mask, axis=1)

    small = LearnerVectorEnv("medici", num_envs=2, num_players=3, seed=4, opponents=first_legal)
    big = LearnerVectorEnv("medici", num_envs=16, num_players=3, seed=4, opponents=first_legal)
    o1, i1 = small.reset()
    o2, i2 = big.reset()
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(200):
        np.testing.assert_array_equal(o1, o2[:2])
        np.testing.assert_array_equal(i1["action_mask"], i2["action_mask"][:2])
        actions = random_legal_actions(i2["action_mask"], rng)
        o1, r1, t1, u1, i1 = small.step(actions[:2])
        o2, r2, t2, u2, i2 = big.step(actions)
        np.testing.assert_array_equal(r1, r2[:2])
        np.testing.assert_array_equal(t1, t2[:2])
        finished += int(t1.sum())
    assert finished >= 2  # automatic resets were compared too


@pytest.mark.parametrize("name", florentine_envs.available_games())
def test_envs_pickle_mid_game(name):
    """Pickling an env mid-game (checkpointing a rollout, sending it to a worker) keeps the game."""
    import pickle

    env = module(name).env(num_players=players(name, 3))
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(20):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    copy = pickle.loads(pickle.dumps(env))
    np.testing.assert_array_equal(copy.state(), env.state())
    assert copy.agent_selection == env.agent_selection
    mask = copy.last()[0]["action_mask"]
    assert mask[copy.action_space(copy.agent_selection).sample()]  # the copy's spaces read the copy's game
    learner = gymnasium.make(GYM_IDS[name], num_players=players(name, 3)).unwrapped
    learner.reset(seed=1)
    np.testing.assert_array_equal(pickle.loads(pickle.dumps(learner)).action_masks(), learner.action_masks())
