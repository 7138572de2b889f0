"""Per-action features (``Game.action_features``, issue 30): the checkers of ``florentine_envs.testing``
on every game and variant (every one has features), and the plumbing that
carries them to outside libraries -- the PettingZoo envs' and the Gymnasium envs'
``action_features=True`` -- tested on a Medici with two honest test-only features."""

import importlib.util
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from game_configs import CASES, QUICK_OPTIONS, VARIANT_CASES
from gymnasium.vector import AutoresetMode
from pettingzoo.test import api_test, parallel_api_test

import florentine_envs
from florentine_envs.core.aec import make_env_functions
from florentine_envs.core.game import Game
from florentine_envs.games.medici import Medici
from florentine_envs.testing import check_action_features, check_action_features_hidden

GYM_ID = "florentine/Medici-v1"


class FeaturedMedici(Medici):
    """Medici with two features every player may know: the action's id / A, and 1 for a legal action."""

    def action_feature_fields(self):
        return {"action_id": (0.0, 1.0), "legal": (0.0, 1.0)}

    def action_feature_docs(self):
        return {"action_id": "the action's id divided by the number of actions", "legal": "1: the action is legal"}

    def _action_features(self, state, players):
        out = np.zeros((state.batch_size, self.num_actions, 2), np.float32)
        out[:, :, 0] = np.arange(self.num_actions) / self.num_actions
        out[:, :, 1] = state.legal_action_mask
        return out


featured_env, featured_raw_env, featured_parallel_env = make_env_functions(FeaturedMedici, "medici_v1")


class Featureless(Medici):
    """Medici without per-action features (the ``Game`` defaults): the plumbing's example of a game
    that has none, now that Medici has its own (``games/medici/features.py``)."""

    def _action_features(self, state, players):
        return Game._action_features(self, state, players)

    def action_feature_fields(self):
        return {}

    def action_feature_docs(self):
        return {}


featureless_env, _, featureless_parallel_env = make_env_functions(Featureless, "medici_v1")


def expected_features(game, mask: np.ndarray) -> np.ndarray:
    """float32[..., A, 2] of FeaturedMedici for the (agent's) mask ``mask`` (bool[..., A])."""
    ids = np.broadcast_to(np.arange(game.num_actions) / game.num_actions, mask.shape)
    return (np.stack([ids, np.ones(mask.shape)], -1) * mask[..., None]).astype(np.float32)


# ------------------------------------------------------------------ the checkers, every game


GAME_CASES = [(name, p, QUICK_OPTIONS.get(name, {})) for name, p in CASES] + VARIANT_CASES


@pytest.mark.parametrize("name,num_players,options", GAME_CASES)
def test_every_game_and_variant_passes_the_action_feature_checks(name, num_players, options):
    game = florentine_envs.make(name, num_players=num_players, **options)
    assert game.action_feature_fields(), f"{name}: no per-action features (issue 30 item 1)"
    assert check_action_features(game, num_games=6, seed=num_players) > 0
    assert check_action_features_hidden(game, num_games=6, seed=num_players) > 0


def test_the_checkers_pass_honest_features_and_catch_broken_ones():
    game = FeaturedMedici(num_players=3)
    assert check_action_features(game, num_games=4) > 0
    assert check_action_features_hidden(game, num_games=4) > 0

    class Undocumented(FeaturedMedici):
        def action_feature_docs(self):
            return {"action_id": "the action's id / A"}

    class OutOfBounds(FeaturedMedici):
        def action_feature_fields(self):
            return {"action_id": (0.0, 0.5), "legal": (0.0, 1.0)}

    class Leaky(FeaturedMedici):  # the next card of the deck, which nobody sees
        def _action_features(self, state, players):
            out = super()._action_features(state, players)
            top = np.minimum(state.deck_top, state.deck.shape[1] - 1).astype(np.int64)
            out[:, :, 0] = (state.deck[np.arange(state.batch_size), top] % 7 / 7.0)[:, None]
            return out

    with pytest.raises(AssertionError, match="lacks a line"):
        check_action_features(Undocumented(num_players=2), num_games=2)
    with pytest.raises(AssertionError, match="outside the declared bounds"):
        check_action_features(OutOfBounds(num_players=2), num_games=2)
    with pytest.raises(AssertionError, match="depends on hidden information"):
        check_action_features_hidden(Leaky(num_players=2), num_games=4)
    with pytest.raises(AssertionError, match="no per-action features"):
        check_action_features(Featureless(num_players=2), num_games=2)


def test_action_features_rows_and_players():
    game = FeaturedMedici(num_players=3)
    state = game.init(np.arange(5))
    features = game.action_features(state, state.current_player)
    assert features.dtype == np.float32 and features.shape == (5, game.num_actions, 2)
    assert np.array_equal(features, expected_features(game, state.legal_action_mask))
    other = (state.current_player.astype(np.int64) + 1) % 3
    assert not game.action_features(state, other).any()  # not his turn: zeros
    for bad in (-1, 3, 1.5, True, np.zeros(4, np.int64)):
        with pytest.raises(ValueError, match="players"):
            game.action_features(state, bad)
    with pytest.raises(ValueError, match="no per-action features"):
        Featureless(num_players=2).action_features(state, 0)
    featureless = Featureless(num_players=2)
    assert featureless.action_feature_docs() == {} and featureless.action_feature_names == ()


# ------------------------------------------------------------------ PettingZoo


def test_aec_dict_observation_carries_the_features_of_the_agent_to_move():
    env = featured_env(num_players=3, action_features=True)
    game = env.unwrapped.game
    space = env.observation_space("player_0")
    assert set(space.spaces) == {"observation", "action_mask", "action_features"}
    box = space["action_features"]
    assert box.dtype == np.float32 and box.shape == (game.num_actions, 2)
    assert (box.low == 0).all() and (box.high == 1).all()
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        for other in env.agents:  # every agent's view: the mover's features, zeros for the others
            seen = env.observe(other)
            assert seen["action_features"].dtype == np.float32 and seen["action_features"] in box
            mask = seen["action_mask"].astype(bool)
            assert np.array_equal(seen["action_features"], expected_features(game, mask))
            if other != agent or termination or truncation:
                assert not seen["action_features"].any()
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    assert steps > 20


def test_pettingzoo_api_tests_pass_with_the_features_on():
    api_test(featured_env(num_players=3, action_features=True), num_cycles=100)
    parallel_api_test(featured_parallel_env(num_players=2, action_features=True), num_cycles=100)


def test_parallel_env_observations_hold_the_features():
    env = featured_parallel_env(num_players=2, action_features=True)
    observations, infos = env.reset(seed=1)
    game = env.unwrapped.game
    while env.agents:
        for agent, obs in observations.items():
            assert np.array_equal(obs["action_features"], expected_features(game, obs["action_mask"].astype(bool)))
        active = infos[env.agents[0]]["active_agent"]
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) if a == active else 0 for a in env.agents}
        observations, rewards, terminations, truncations, infos = env.step(actions)


def test_pettingzoo_errors_name_what_is_allowed():
    with pytest.raises(ValueError, match="obs_type='dict'"):
        featured_env(num_players=2, obs_type="flat", action_features=True)
    with pytest.raises(ValueError, match="no per-action features.*allowed: action_features=False"):
        featureless_env(num_players=2, action_features=True)
    with pytest.raises(ValueError, match="no per-action features"):
        featureless_parallel_env(num_players=2, action_features=True)
    with pytest.raises(ValueError, match="allowed: True, False"):
        featured_env(num_players=2, action_features=1)
    # off (the default): the observation dict is as it always was
    env = featured_env(num_players=2)
    env.reset(seed=0)
    assert set(env.last()[0]) == {"observation", "action_mask"}


# ------------------------------------------------------------------ Gymnasium


def test_gymnasium_env_observation_is_a_dict_with_the_features():
    env = gymnasium.make(GYM_ID, game=FeaturedMedici(num_players=3), action_features=True)
    game = env.unwrapped.game
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Dict) and set(space.spaces) == {"observation", "action_features"}
    assert space["action_features"].shape == (game.num_actions, 2)
    obs, info = env.reset(seed=0)
    episodes = 0
    while episodes < 2:
        assert obs in space
        assert np.array_equal(obs["action_features"], expected_features(game, info["action_mask"]))
        assert np.array_equal(obs["observation"], game.observe(env.unwrapped.game_state, env.unwrapped.learner_seat)[0])
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        if terminated or truncated:
            assert obs in space and not obs["action_features"].any()
            episodes += 1
            obs, info = env.reset()
    lose = gymnasium.make(GYM_ID, game=FeaturedMedici(num_players=2), action_features=True, illegal_action="lose")
    obs, info = lose.reset(seed=0)
    obs, reward, terminated, truncated, info = lose.step(int(np.flatnonzero(~info["action_mask"])[0]))
    assert terminated and reward == -1 and not obs["action_features"].any()


def test_gymnasium_check_env_passes_with_the_features_on():
    from gymnasium.utils.env_checker import check_env

    check_env(gymnasium.make(GYM_ID, game=FeaturedMedici(num_players=2), action_features=True).unwrapped)


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP])
def test_make_vec_observations_hold_the_batched_features(mode):
    N = 4
    envs = gymnasium.make_vec(
        GYM_ID, num_envs=N, game=FeaturedMedici(num_players=2), action_features=True, autoreset_mode=mode
    )
    game = envs.unwrapped.game
    assert envs.single_observation_space["action_features"].shape == (game.num_actions, 2)
    assert envs.observation_space["action_features"].shape == (N, game.num_actions, 2)
    obs, info = envs.reset(seed=0)
    ended = 0
    for _ in range(200):
        assert obs in envs.observation_space
        assert obs["action_features"].dtype == np.float32
        assert np.array_equal(obs["action_features"], expected_features(game, info["action_mask"]))
        obs, rewards, terminated, truncated, info = envs.step(envs.action_space.sample())
        if mode == AutoresetMode.SAME_STEP and "final_obs" in info:
            for slot in np.flatnonzero(info["_final_obs"]):
                final = info["final_obs"][slot]
                assert final in envs.single_observation_space and not final["action_features"].any()
                ended += 1
        ended += int((terminated | truncated).sum()) if mode == AutoresetMode.NEXT_STEP else 0
    assert ended >= N


def test_gymnasium_errors_name_what_is_allowed():
    with pytest.raises(ValueError, match="no per-action features"):
        gymnasium.make(GYM_ID, game=Featureless(num_players=2), action_features=True)
    with pytest.raises(ValueError, match="no per-action features"):
        gymnasium.make_vec(GYM_ID, num_envs=2, game=Featureless(num_players=2), action_features=True)
    with pytest.raises(ValueError, match="allowed: True, False"):
        gymnasium.make(GYM_ID, game=FeaturedMedici(num_players=2), action_features="yes")
    # off (the default): the observation is the Box, as it always was
    env = gymnasium.make(GYM_ID, game=FeaturedMedici(num_players=2))
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    assert isinstance(env.reset(seed=0)[0], np.ndarray)


# ------------------------------------------------------------------ the generated documentation


def test_game_pages_list_the_features_and_only_where_there_are_some():
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("gen_pages", root / "docs" / "gen_pages.py")
    gen_pages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen_pages)
    lines = "\n".join(gen_pages.action_features_section(FeaturedMedici(num_players=2)))
    assert "| 0 | `action_id` | [0, 1] | the action's id divided by the number of actions |" in lines
    assert "| 1 | `legal` | [0, 1] | 1: the action is legal |" in lines
    assert gen_pages.action_features_section(Featureless(num_players=2)) == []
