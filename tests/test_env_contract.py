"""What every environment promises outside tools, on every registered game and a variant of
each: the same info keys from ``reset()`` to the end (AEC, parallel, Gymnasium and vector
envs), Gymnasium's vector layout and both autoreset modes (``final_info`` as a dict of
arrays with ``_key`` masks, ``NormalizeObservation``, ``RecordEpisodeStatistics`` counting
whole episodes), integer player counts, a parallel step after the end refused, and action
spaces that pickle small.

Needs only the core dependencies (numpy, gymnasium, pettingzoo): ``make test-floor`` runs this
file against their lowest supported versions."""

import importlib
import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import florentine_envs
from florentine_envs.core.learner import GYM_IDS, INFO_KEYS
from florentine_envs.core.registry import env_module

# (game, players, options): every game, and its variants that change what is played or observed.
# Firenze stops at a short turn limit (a truncation: the truncated path is covered too).
VARIANTS = [
    ("medici", 2, {}),
    ("medici", 3, {"monopoly_variant": True}),
    ("firenze", 2, {"max_turns": 8}),
    ("florenza_cards", 2, {}),
    ("florenza_cards", 3, {"guilds": True}),
    ("florenza", 2, {}),
    ("florenza", 3, {"first_game": True}),
    ("princes", 2, {}),
    ("princes", 3, {"characters": True}),
    ("princes", 3, {"cooperative": True}),
    ("princes_solo", 1, {"dummies": 3, "difficulty": "hard"}),
]
IDS = [f"{name}-{p}-{'-'.join(map(str, options)) or 'base'}" for name, p, options in VARIANTS]
GAMES = florentine_envs.available_games()
GYMNASIUM_1_4 = tuple(int(x) for x in gymnasium.__version__.split(".")[:2]) >= (1, 4)


def module(name):
    return importlib.import_module(f"florentine_envs.{env_module(name)}")


def test_the_variants_cover_every_registered_game():
    assert {name for name, _, _ in VARIANTS} == set(GAMES)


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def kinds(info: dict) -> dict:
    """key -> the value's kind (type, and dtype and shape for arrays): what a tool builds its spec from."""
    return {k: (type(v), v.dtype, v.shape) if isinstance(v, np.ndarray) else type(v) for k, v in info.items()}


# ----------------------------------------------------------------- info keys from reset() on


@pytest.mark.parametrize("obs_type", ["dict", "flat"])
@pytest.mark.parametrize("name,num_players,options", VARIANTS, ids=IDS)
def test_aec_info_keys_are_the_same_from_reset_to_the_end(name, num_players, options, obs_type):
    env = module(name).env(num_players=num_players, obs_type=obs_type, **options)
    env.reset(seed=1)
    expected = {a: kinds(env.infos[a]) for a in env.agents}
    assert all(info["rank"] == 0 for info in env.infos.values())  # 0 while live
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        for a in env.agents:
            assert kinds(env.infos[a]) == expected[a], (steps, a)
        if termination or truncation:
            assert 1 <= info["rank"] <= max(num_players, 2)  # the solo game ranks you against Wolfgang
            env.step(None)
            continue
        assert info["rank"] == 0
        mask = info["action_mask"] if obs_type == "flat" else obs["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("name,num_players,options", VARIANTS, ids=IDS)
def test_parallel_info_keys_are_the_same_to_the_end_and_a_step_after_it_is_refused(name, num_players, options):
    env = module(name).parallel_env(num_players=num_players, **options)
    observations, infos = env.reset(seed=2)
    expected = {a: set(info) for a, info in infos.items()}
    assert "active_agent" in expected["player_0"]
    rng = np.random.default_rng(0)
    while env.agents:
        movers = [a for a, o in observations.items() if o["action_mask"].any()]
        assert [infos[a]["active_agent"] for a in movers] == movers
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if a in movers else 0
                   for a, o in observations.items()}  # fmt: skip
        observations, rewards, terminations, truncations, infos = env.step(actions)
        assert {a: set(info) for a, info in infos.items()} == expected
    assert all(info["active_agent"] is None and info["rank"] >= 1 for info in infos.values())
    with pytest.raises(ValueError, match=f"{name}: the game is over and every agent is done .*call reset"):
        env.step(actions)
    with pytest.raises(ValueError, match="call reset"):
        module(name).parallel_env(num_players=num_players, **options).step({})


@pytest.mark.parametrize("name,num_players,options", VARIANTS, ids=IDS)
def test_gymnasium_info_keys_are_the_same_from_reset_to_the_end(name, num_players, options):
    env = gymnasium.make(GYM_IDS[name], num_players=num_players, **options)
    obs, info = env.reset(seed=3)
    expected = kinds(info)
    assert tuple(info) == INFO_KEYS
    assert info["illegal_action"] == -1 and not info["win"] and not info["final_scores"].any()
    rng = np.random.default_rng(0)
    done, length, total = False, 0, 0.0
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = terminated or truncated
        length, total = length + 1, total + reward
        assert kinds(info) == expected
    assert info["episode_length"] == length and info["episode_return"] == pytest.approx(total)
    assert info["score"] == info["final_scores"][info["learner_seat"]] and not info["action_mask"].any()
    assert info["truncated"] == truncated
    # an illegal action under illegal_action="lose": the same keys, the action reported
    lose = gymnasium.make(GYM_IDS[name], num_players=num_players, illegal_action="lose", **options)
    obs, info = lose.reset(seed=3)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    obs, reward, terminated, truncated, info = lose.step(illegal)
    assert terminated and reward == -1.0 and kinds(info) == expected
    assert info["illegal_action"] == illegal and info["episode_length"] == 1


# ----------------------------------------------------------------- make_vec: layout and autoreset


def play_vector(envs, num_envs: int, steps: int, mode: AutoresetMode, seed: int = 0, in_bounds: bool = True):
    """Random legal play on ``envs`` (a make_vec env, maybe wrapped); checks the info layout at
    every step (and the observations' bounds if ``in_bounds``) and yields ``(done, info,
    true_lengths)`` at each step where a game ended."""
    base = envs.unwrapped
    obs, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    lengths = np.zeros(num_envs, np.int64)  # learner decisions in each slot's running episode
    resetting = np.zeros(num_envs, bool)
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["action_mask"]])
        assert not info["action_mask"][~resetting].all(1).any()  # sanity: masks are masks
        obs, rewards, terminated, truncated, info = envs.step(actions)
        done = terminated | truncated
        for key in INFO_KEYS:  # every key, every step, with its _key mask (Gymnasium's layout)
            assert info[key].shape[0] == num_envs and info[f"_{key}"].all(), key
        if mode == AutoresetMode.NEXT_STEP:
            assert not rewards[resetting].any() and not done[resetting].any()
            lengths[resetting] = 0
            lengths[~resetting] += 1
            resetting = done
        else:
            lengths += 1
        if done.any():
            yield done, info, lengths.copy()
            if mode == AutoresetMode.SAME_STEP:
                lengths[done] = 0
        else:
            assert "final_info" not in info and "final_obs" not in info
        assert not in_bounds or base.single_observation_space.contains(obs[0])


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP], ids=["same", "next"])
@pytest.mark.parametrize("name,num_players,options", VARIANTS, ids=IDS)
def test_make_vec_final_info_in_gymnasiums_layout_and_whole_episodes_counted(name, num_players, options, mode):
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    N = 4
    envs = gymnasium.make_vec(GYM_IDS[name], num_envs=N, num_players=num_players, autoreset_mode=mode, **options)
    assert envs.metadata["autoreset_mode"] == mode
    counting = RecordEpisodeStatistics(envs)
    P, size = envs.unwrapped.game.num_players, envs.unwrapped.game.obs_size
    episodes = 0
    for done, info, lengths in play_vector(counting, N, 2000, mode):
        if mode == AutoresetMode.SAME_STEP:
            np.testing.assert_array_equal(info["_final_obs"], done)
            np.testing.assert_array_equal(info["_final_info"], done)
            final = info["final_info"]
            assert set(final) == set(INFO_KEYS) | {f"_{k}" for k in INFO_KEYS}
            for key in INFO_KEYS:
                np.testing.assert_array_equal(final[f"_{key}"], done)
                assert not final[key][~done].any()  # zeros where no game ended, as _add_info leaves them
            assert all(info["final_obs"][i].shape == (size,) for i in np.flatnonzero(done))
            assert all(info["final_obs"][i] is None for i in np.flatnonzero(~done))
        else:  # NEXT_STEP: the step that ends a game carries its result in info itself
            assert "final_info" not in info
            final = info
        seats = final["learner_seat"][done]
        np.testing.assert_array_equal(final["score"][done], final["final_scores"][done, seats])
        assert final["final_scores"].shape == (N, P) and not final["action_mask"][done].any()
        np.testing.assert_array_equal(final["episode_length"][done], lengths[done])
        if mode == AutoresetMode.NEXT_STEP or GYMNASIUM_1_4:  # gymnasium 1.1-1.3: SAME_STEP one short
            np.testing.assert_array_equal(info["episode"]["l"][done], lengths[done])
            np.testing.assert_allclose(info["episode"]["r"][done], final["episode_return"][done])
        episodes += int(done.sum())
        if episodes >= 6:
            break
    assert episodes >= 6


@pytest.mark.parametrize("name", GAMES)
def test_normalize_observation_runs_on_next_step_and_refuses_same_step(name):
    from gymnasium.wrappers.vector import NormalizeObservation

    num_players, options = next((p, o) for n, p, o in VARIANTS if n == name)
    make = lambda mode: gymnasium.make_vec(  # noqa: E731
        GYM_IDS[name], num_envs=3, num_players=num_players, autoreset_mode=mode, **options
    )
    envs = NormalizeObservation(make(AutoresetMode.NEXT_STEP))
    ended = sum(int(done.sum()) for done, _, _ in play_vector(envs, 3, 400, AutoresetMode.NEXT_STEP, in_bounds=False))
    assert ended >= 1 and envs.obs_rms.count > 3
    # gymnasium's own refusal: a ValueError naming NEXT_STEP (1.4), a bare assert (1.1)
    with pytest.raises((AssertionError, ValueError)):
        NormalizeObservation(make(AutoresetMode.SAME_STEP))


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP], ids=["same", "next"])
def test_make_vec_layout_matches_a_sync_vector_env_of_the_single_env(mode):
    """Our vector env's info (and final_info) have the keys, dtypes and shapes that Gymnasium's
    SyncVectorEnv over LearnerEnv gives (``vector_kwargs={"autoreset_mode": ...}``)."""
    ours = gymnasium.make_vec("florentine/Medici-v1", num_envs=2, num_players=2, autoreset_mode=mode)
    sync = gymnasium.make_vec(
        "florentine/Medici-v1", num_envs=2, num_players=2, vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": mode},
    )  # fmt: skip
    assert sync.metadata["autoreset_mode"] == ours.metadata["autoreset_mode"] == mode

    def layouts(envs):
        _, info = envs.reset(seed=0)
        seen = {"reset": kinds(info)}
        rng = np.random.default_rng(0)
        while "end" not in seen:
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["action_mask"]])
            _, _, terminated, truncated, info = envs.step(actions)
            if (terminated | truncated).any():
                seen["end"] = kinds(info)
                seen["final"] = kinds(info.get("final_info", {}))
            else:
                seen["step"] = kinds(info)
        return seen

    assert layouts(ours) == layouts(sync)


def test_autoreset_mode_is_checked():
    for mode in ("SameStep", "NextStep"):
        assert gymnasium.make_vec("florentine/Medici-v1", num_envs=2, autoreset_mode=mode).metadata[
            "autoreset_mode"
        ] == AutoresetMode(mode)
    with pytest.raises(ValueError, match=r"autoreset_mode='sometimes' is not supported; allowed: .*NextStep"):
        gymnasium.make_vec("florentine/Medici-v1", num_envs=2, autoreset_mode="sometimes")
    with pytest.raises(ValueError, match="autoreset_mode=.*Disabled"):
        gymnasium.make_vec("florentine/Medici-v1", num_envs=2, autoreset_mode=AutoresetMode.DISABLED)


# ----------------------------------------------------------------- smaller promises


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", [2.0, np.float64(2.0), True, "2"])
def test_num_players_must_be_an_integer_everywhere(name, bad):
    if name == "princes_solo" and bad != "2":
        bad = 1.0 if bad is not True else True  # the solo game's count is 1 (and True == 1)
    allowed = ", ".join(map(str, florentine_envs.player_counts(name)))
    message = rf"{name}: num_players={bad!r} is not supported: it must be an integer; allowed: {allowed}"
    for make in (
        lambda: florentine_envs.make(name, num_players=bad),
        lambda: module(name).env(num_players=bad),
        lambda: module(name).parallel_env(num_players=bad),
        lambda: gymnasium.make(GYM_IDS[name], num_players=bad),
        lambda: gymnasium.make_vec(GYM_IDS[name], num_envs=2, num_players=bad),
    ):
        with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
            make()
    numpy_int = np.int64(florentine_envs.player_counts(name)[0])
    assert florentine_envs.make(name, num_players=numpy_int).num_players == numpy_int


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_names_the_agent_and_no_batch(name):
    num_players = next(p for n, p, _ in VARIANTS if n == name)
    env = module(name).env(num_players=num_players)
    env.reset(seed=0)
    obs = env.last()[0]
    illegal = int(np.flatnonzero(~obs["action_mask"].astype(bool))[0])
    with pytest.raises(ValueError, match=rf"is illegal for {env.agent_selection}; legal actions: ") as err:
        env.step(illegal)
    assert "batch" not in str(err.value)
    learner = gymnasium.make(GYM_IDS[name], num_players=num_players).unwrapped
    _, info = learner.reset(seed=0)
    with pytest.raises(ValueError, match=rf"is illegal for player_{info['learner_seat']}; legal") as err:
        learner.step(int(np.flatnonzero(~info["action_mask"])[0]))
    assert "batch" not in str(err.value)
    game = florentine_envs.make(name, num_players=num_players)  # a batch of several: the game is named
    state = game.init(np.arange(3))
    actions = state.legal_action_mask.argmax(1)
    actions[2] = int(np.flatnonzero(~state.legal_action_mask[2])[0])
    with pytest.raises(ValueError, match=r"is illegal for player_\d in game 2 of the batch"):
        game.step(state, actions)


def test_the_solo_game_s_option_errors_name_its_game_id():
    for options, what in (({"dummies": 7}, "dummies=7"), ({"difficulty": "easyish"}, "difficulty='easyish'")):
        with pytest.raises(ValueError, match=f"^princes_solo: {what}; allowed"):
            module("princes_solo").env(**options)
        with pytest.raises(ValueError, match=f"^princes: {what}; allowed"):  # asked for as princes(solo=True)
            module("princes").env(num_players=1, solo=True, **options)
    with pytest.raises(ValueError, match="^princes_solo: reward='money'"):
        florentine_envs.make("princes_solo", reward="money")


@pytest.mark.parametrize("name", GAMES)
def test_action_spaces_pickle_small_as_the_plain_space_they_equal(name):
    num_players, options = next((p, o) for n, p, o in VARIANTS if n == name)
    env = module(name).env(num_players=num_players, **options)
    env.reset(seed=0)
    agent = env.agent_selection
    space = env.action_space(agent)
    data = pickle.dumps(space)
    assert len(data) < 1000  # a Discrete's size; the env (and its game) stay behind
    copy = pickle.loads(data)
    assert type(copy) is gymnasium.spaces.Discrete and copy == space
    # away from its game the copy samples like any Discrete: uniformly over every action id
    copy.seed(0)
    assert {int(copy.sample()) for _ in range(40 * space.n)} == set(range(space.n))
    legal = env.last()[0]["action_mask"]
    assert legal[int(copy.sample(mask=legal))]  # legal draws with the mask
    vector = gymnasium.make_vec(GYM_IDS[name], num_envs=2, num_players=num_players, **options)
    vector.reset(seed=0)
    plain = pickle.loads(pickle.dumps(vector.action_space))
    assert type(plain) is gymnasium.spaces.MultiDiscrete and plain == vector.action_space
    single = gymnasium.make(GYM_IDS[name], num_players=num_players, **options).unwrapped
    assert len(pickle.dumps(single.action_space)) < 1000
    # a whole env pickled keeps legal sampling: its copy's spaces read the copy's game
    copied = pickle.loads(pickle.dumps(single))
    copied.reset(seed=4)
    assert copied.action_masks()[int(copied.action_space.sample())]
    vcopy = pickle.loads(pickle.dumps(vector.unwrapped))
    assert vcopy.action_masks()[np.arange(2), vcopy.action_space.sample()].all()
