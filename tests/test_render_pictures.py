"""``render_mode="rgb_array"`` and ``"svg"`` in the PettingZoo and Gymnasium envs (issue 24 item 1):
every game and variant gives a picture, drawn from the table or one seat's view, and
``gymnasium.wrappers.RecordVideo`` records a game."""

import importlib

import gymnasium
import numpy as np
import pytest

import florentine_envs
from florentine_envs import medici_v1
from florentine_envs.core.learner import LearnerEnv

pytest.importorskip("resvg_py", reason="the pictures extra (pip install 'florentine-games[pictures]')")

from game_configs import VARIANTS  # noqa: E402

CONFIGS = [(name, florentine_envs.player_counts(name)[0], {}) for name in florentine_envs.available_games()]
CONFIGS += [(name, florentine_envs.player_counts(name)[-1], options) for name, options in VARIANTS]
IDS = [f"{n}-{p}p" + "".join(f"-{k}" for k in o) for n, p, o in CONFIGS]


def _module(name: str):
    """The PettingZoo module of a game's current version (``medici_v1``)."""
    return importlib.import_module(f"florentine_envs.{name}_v{florentine_envs.make(name).version}")


def _play(env, moves: int, seed: int = 3) -> None:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _, agent in zip(range(moves), env.agent_iter()):
        obs, _, termination, truncation, _ = env.last()
        env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_every_game_renders_a_picture_and_an_svg(name, players, options):
    module = _module(name)
    env = module.env(num_players=players, render_mode="rgb_array", **options)
    assert "rgb_array" in env.metadata["render_modes"] and env.metadata["render_fps"] > 0
    _play(env, 12)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3 and min(frame.shape[:2]) > 300
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 20  # not blank: boards, cards and text
    svg_env = module.env(num_players=players, render_mode="svg", render_view=players - 1, **options)
    _play(svg_env, 12)
    text = svg_env.render()
    assert isinstance(text, str) and "<svg" in text[:300] and "</svg>" in text[-20:]


def test_render_view_draws_one_seats_view_and_refuses_a_bad_seat():
    table = medici_v1.env(num_players=3, render_mode="svg")
    seat = medici_v1.env(num_players=3, render_mode="svg", render_view=1)
    for env in (table, seat):
        _play(env, 6)
    assert table.render() != seat.render()  # the whole table shows the deck order; seat 1 does not
    for bad in (-1, 3, 1.0, True, "1"):
        with pytest.raises(ValueError, match="render_view must be a seat 0..2 or None"):
            medici_v1.env(num_players=3, render_mode="rgb_array", render_view=bad)
    with pytest.raises(ValueError, match="render_view must be a seat 0..1"):
        LearnerEnv("medici", num_players=2, render_mode="rgb_array", render_view=2)


def test_gymnasium_env_renders_the_finished_game_after_the_last_step():
    env = gymnasium.make("florentine/Medici-v1", num_players=2, render_mode="rgb_array")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    terminated = truncated = False
    while not (terminated or truncated):
        mask = env.unwrapped.action_masks()
        _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
    vector = env.unwrapped._vector
    assert vector.finished_state.terminated[0]  # the game just finished, not the next one already started
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3


def test_record_video_records_a_game(tmp_path):
    pytest.importorskip("moviepy", reason="RecordVideo writes with moviepy (the pictures extra)")
    env = gymnasium.make("florentine/Medici-v1", num_players=2, render_mode="rgb_array")
    env = gymnasium.wrappers.RecordVideo(env, str(tmp_path), episode_trigger=lambda episode: True, video_length=4)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(4):
        env.step(int(rng.choice(np.flatnonzero(env.unwrapped.action_masks()))))
    env.close()
    videos = list(tmp_path.glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000
