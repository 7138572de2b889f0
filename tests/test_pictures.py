"""Pictures of states (issue 24 item 1): every game and variant gives a valid SVG and a non-blank
RGB frame; a player's view draws nothing his observation does not hold; bad arguments are refused.

A game or variant joins every test below by one line in :data:`GAMES`.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

import numpy as np
import pytest

pytest.importorskip("drawsvg")
pytest.importorskip("resvg_py")
pytest.importorskip("PIL")

import florentine_envs  # noqa: E402
from florentine_envs.agents import available_agents, make_agent  # noqa: E402
from florentine_envs.pictures import picture_rgb, picture_svg, svg_to_rgb, widgets  # noqa: E402

#: (game id, players, options): one line per game and variant drawn
GAMES = [
    ("medici", 2, {}),
    ("medici", 4, {"monopoly_variant": True}),
    ("medici", 6, {}),
    ("firenze", 2, {}),
    ("firenze", 4, {"opponent_hands": "recall", "campanile": False}),
    ("florenza_cards", 2, {}),
    ("florenza_cards", 4, {"guilds": False}),
    ("princes", 2, {}),
    ("princes", 3, {"cooperative": True, "characters": True}),
    ("princes_solo", 1, {"dummies": 3}),
    ("florenza", 3, {"die": "no_die"}),
]
#: games whose hidden information is never drawn (Florenza: only the bag's order and future dice
#: are hidden, SPEC §12), so the whole-table picture cannot change under ``randomize_hidden``
NOTHING_HIDDEN_DRAWN = {"florenza"}

IDS = [f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items()) for name, players, options in GAMES]


def make(row):
    name, players, options = row
    return florentine_envs.make(name, num_players=players, **options)


@functools.cache
def snapshots(row_index: int, seed: int = 3) -> list:
    """Single-game states along one game of the game's heuristic (random where it has none: the
    heuristic's games go further, towers grow taller): the start, a few middles, and the end (or
    the last state within a step budget: the pictures need states, not finished games)."""
    game = make(GAMES[row_index])
    state = game.init(np.array([seed], dtype=np.uint64))
    agent = make_agent("heuristic" if "heuristic" in available_agents(game) else "random", game, seed)
    kept, step = [state.copy()], 0
    while not state.terminated[0] and step < 400:
        state = game.step(state, agent.act(game.observe(state, state.current_player), state.legal_action_mask))
        step += 1
        if step in (7, 25, 60, 150):
            kept.append(state.copy())
    kept.append(state.copy())
    return kept


ROWS = pytest.mark.parametrize("row_index", range(len(GAMES)), ids=IDS)


@ROWS
def test_svg_is_valid_xml_and_frame_is_not_blank(row_index):
    game = make(GAMES[row_index])
    states = snapshots(row_index)
    for state in states:
        for view in (None, int(state.current_player[0])):
            root = ET.fromstring(picture_svg(game, state, view=view))
            assert root.tag.endswith("svg")
    # rasterising costs a tenth of a second a frame: two frames per game, the table and a view
    for state, view in ((states[2], None), (states[-1], int(states[-1].current_player[0]))):
        frame = picture_rgb(game, state, view=view)
        assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
        assert 900 <= frame.shape[1] <= 1700 and 400 <= frame.shape[0] <= 2400, frame.shape
        assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 20  # drawn, not one colour


@ROWS
def test_a_view_draws_only_what_the_observation_holds(row_index):
    """The view of the player to move is the same picture whatever his hidden information is
    re-drawn as (``randomize_hidden``); the whole-table picture does change for some state, so
    the hidden information is drawn there and this test can fail."""
    game = make(GAMES[row_index])
    table_changed = False
    for state in snapshots(row_index):
        seat = int(state.current_player[0])
        for seed in (1, 2):
            other = game.randomize_hidden(state, seat, seed)
            assert picture_svg(game, other, view=seat) == picture_svg(game, state, view=seat)
            table_changed |= picture_svg(game, other) != picture_svg(game, state)
    assert table_changed or GAMES[row_index][0] in NOTHING_HIDDEN_DRAWN


@ROWS
def test_bad_view_and_index_are_refused(row_index):
    game = make(GAMES[row_index])
    state = snapshots(row_index)[0]
    for bad in (game.num_players, -1, "0", 1.0, True):
        with pytest.raises(ValueError, match="allowed: None"):
            picture_svg(game, state, view=bad)
    with pytest.raises(ValueError, match="allowed: an int in 0..0"):
        picture_svg(game, state, index=1)
    with pytest.raises(ValueError, match="width"):
        picture_rgb(game, state, width=0)


@ROWS
def test_batch_index_picks_the_game(row_index):
    game = make(GAMES[row_index])
    first, later = snapshots(row_index)[0], snapshots(row_index)[2]
    batch = first.copy()
    for name, value in batch.arrays().items():
        setattr(batch, name, np.concatenate([value, later.arrays()[name]]))
    assert picture_svg(game, batch, index=1) == picture_svg(game, later)
    assert picture_svg(game, batch, index=0) == picture_svg(game, first)


def test_text_is_drawn():
    """resvg draws no text for a font family it cannot find: the font options must make ``sans-serif`` visible."""
    d = widgets.new_drawing(300, 60)
    blank = svg_to_rgb(d.as_svg())
    widgets.text(d, 10, 10, "Lorenzo de' Medici", 24)
    written = svg_to_rgb(d.as_svg())
    assert (np.abs(written.astype(int) - blank).sum(-1) > 200).sum() > 300


def test_width_scales_the_frame():
    d = widgets.new_drawing(400, 100)
    widgets.card(d, 10, 10, 80, 80, title="Firenze", cost="3", lines=["a tower"])
    assert svg_to_rgb(d.as_svg(), width=200).shape == (50, 200, 3)


def test_wrap_keeps_every_word_and_the_width():
    s = "the player with the most cards of a colour scores the higher bonus Monopolisation"
    lines = widgets.wrap(s, 120, 12)
    assert " ".join(lines).split() == s.split()
    assert all(widgets.text_width(line, 12) <= 120 for line in lines)
