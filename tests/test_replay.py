"""Kept games and their pages (issue 24 item 2): the replay format is exact and checked (a bad
version, option, action or score is refused naming the step), tournaments, balance studies and
``florentine play`` keep games, ``florentine replay`` writes a page for every game and variant,
and the page steps through the game in a real browser."""

from __future__ import annotations

import base64
import gzip
import json
import re

import numpy as np
import pytest
from browser import browser_page
from test_terminal_play import VARIANTS

import florentine_envs
from florentine_envs.agents import make_agent
from florentine_envs.training import cli
from florentine_envs.training.replay import (
    TABLE,
    Replay,
    finished_replay,
    load,
    page_html,
    parse_views,
    play_back,
    write_page,
)

pytest.importorskip("drawsvg")


def played(name: str, players: int, options: dict, seed: int = 3, agent: str = "heuristic", limit=None):
    """``(replay, state)``: a game played by ``agent`` at every seat (``limit``: stop after that
    many decisions, an unfinished game)."""
    game = florentine_envs.make(name, num_players=players, **options)
    agents = [make_agent(agent, game, seed=seed + seat) for seat in range(players)]
    state = game.init(np.array([seed], dtype=np.uint64))
    actions = []
    while not state.terminated[0] and (limit is None or len(actions) < limit):
        actions.append(int(agents[int(state.current_player[0])].act_state(state, [0])[0]))
        game.step(state, np.array(actions[-1:]))
    return finished_replay(game, seed, actions, [agent] * players, state, source="test"), state


def page_parts(text: str) -> tuple[dict, dict]:
    """The page's meta JSON and its data (base64 gzip JSON, as the page's script reads it)."""
    meta = json.loads(re.search(r'<script id="meta" type="application/json">(.*?)</script>', text, re.S).group(1))
    blob = re.search(r'<script id="data" type="text/plain">(.*?)</script>', text, re.S).group(1)
    return meta, json.loads(gzip.decompress(base64.b64decode(blob)))


@pytest.fixture(scope="module")
def medici_game():
    return played("medici", 2, {})


@pytest.fixture(scope="module")
def medici_page(medici_game):
    return page_html(medici_game[0])


def test_replay_is_exact_and_round_trips_through_json(medici_game, tmp_path):
    replay, state = medici_game
    assert replay.scores == state.scores[0].tolist() and replay.agents == ["heuristic", "heuristic"]
    again = load(replay.save(tmp_path / "game.json"))
    assert again == replay
    final = again.check()  # replays every action and compares the final scores
    assert final.terminated[0] and np.array_equal(final.scores, state.scores)
    steps = [step for step, _ in play_back(again)]
    assert steps == list(range(len(replay.actions) + 1))


def test_replay_refuses_what_the_installed_game_would_not_replay(medici_game):
    replay, _ = medici_game
    base = replay.to_dict()
    bad_step = 5
    before = Replay.from_dict({**base, "actions": replay.actions[: bad_step - 1], "scores": None}).check()
    illegal = np.flatnonzero(~before.legal_action_mask[0])  # an action refused at that step
    wrong = list(replay.actions)
    wrong[bad_step - 1] = int(illegal[0]) if illegal.size else before.legal_action_mask.shape[1]
    cases = {
        "version": ({**base, "version": base["version"] + 1}, r"version"),
        "option": ({**base, "options": {"no_such_option": 1}}, r"no_such_option"),
        "illegal": ({**base, "actions": wrong}, rf"replay step {bad_step}: medici: action \d+ .* is illegal"),
        "too long": ({**base, "actions": replay.actions + [0]}, rf"step {len(replay.actions) + 1}: the game ended"),
        "scores": ({**base, "scores": [s + 1 for s in replay.scores]}, r"final scores .* differ"),
        "unfinished": ({**base, "actions": replay.actions[:-3]}, r"not over"),
        "seats": ({**base, "agents": ["heuristic"]}, r"1 agents for 2 seats"),
    }
    for data, message in cases.values():
        with pytest.raises(ValueError, match=message):
            Replay.from_dict(data).check()
    for field, value in (("actions", [1.5]), ("seed", -1), ("scores", "12"), ("format", "other")):
        with pytest.raises(ValueError, match="format|malformed"):
            Replay.from_dict({**base, field: value})
    with pytest.raises(ValueError, match="lacks field"):
        Replay.from_dict({k: v for k, v in base.items() if k != "seed"})


def test_tournament_and_balance_keep_games_that_replay_exactly(tmp_path):
    from florentine_envs.training.balance import StudySpec, run_study
    from florentine_envs.training.tournament import run_tournament

    result = run_tournament("medici", ["heuristic", "random"], 2, games=6, progress=False, chunk_games=4,
                            keep_games=5)  # fmt: skip
    assert len(result.replays) == 5  # across chunks: 4 games from the first, 1 from the second
    for g, data in enumerate(result.replays):
        replay = Replay.from_dict(data)
        assert replay.seed == int(result.game_seed[g]) and replay.scores == result.scores[g].tolist()
        assert replay.agents == [result.labels[i] for i in result.seats[g]]
        replay.check()
    study = run_study(StudySpec("medici", players=(2,), agents="heuristic,random", games=3, chunk_games=2),
                      progress=False, keep_games=3)  # fmt: skip
    kept = study.replays[0]
    assert len(kept) == 3 and study.data[0]["scores"].shape[0] == 6
    for g, data in enumerate(kept):
        assert Replay.from_dict(data).scores == study.data[0]["scores"][g].tolist()
        Replay.from_dict(data).check()


def test_cli_keeps_games_of_tournaments_and_play(tmp_path):
    out = tmp_path / "tour"
    assert cli.main(["tournament", "medici", "--agents", "heuristic,random", "--games", "2", "--keep-games", "2",
                     "--out", str(out), "--rotations", "cyclic"]) == 0  # fmt: skip
    kept = sorted((out / "replays").glob("game_*.json"))
    assert len(kept) == 2
    load(kept[0]).check()
    out = tmp_path / "balance"
    assert cli.main(["balance", "medici", "--players", "2", "--games", "2", "--keep-games", "1", "--no-progress",
                     "--out", str(out)]) == 0  # fmt: skip
    kept = sorted((out / "replays").glob("cell0_game_*.json"))
    assert len(kept) == 1 and load(kept[0]).source == "balance"
    load(kept[0]).check()
    # florentine play --keep: a finished game, and a game the person quit (kept unfinished)
    args = cli.build_parser().parse_args(["play", "medici", "--players", "heuristic,random", "--seed", "4",
                                          "--keep", str(tmp_path / "play.json")])  # fmt: skip
    assert cli.cmd_play(args, write=lambda line: None) == 0
    finished = load(tmp_path / "play.json")
    assert finished.scores is not None and finished.source == "play"
    finished.check()
    args = cli.build_parser().parse_args(["play", "medici", "--players", "human,random", "--keep",
                                          str(tmp_path / "quit.json")])  # fmt: skip
    answers = iter(["1", "1", "q"])
    with pytest.raises(SystemExit):
        cli.cmd_play(args, read=lambda prompt="": next(answers), write=lambda line: None)
    quit_game = load(tmp_path / "quit.json")
    assert quit_game.scores is None and quit_game.agents == ["human", "random"] and len(quit_game.actions) >= 2
    quit_game.check()


@pytest.mark.parametrize("name,players,option_words", VARIANTS,
                         ids=[f"{n}-{p}p-{'-'.join(o) or 'base'}" for n, p, o in VARIANTS])  # fmt: skip
def test_every_game_and_variant_replays_to_a_page(name, players, option_words, tmp_path):
    """A short stretch of each game (its first decisions, every view): one picture and one
    narration per step and view, and a replay that ends unfinished says so."""
    replay, _ = played(name, players, cli.parse_options(option_words), agent="random", limit=4)
    path = replay.save(tmp_path / "kept.json")
    assert cli.main(["replay", str(path)]) == 0
    meta, data = page_parts(path.with_suffix(".html").read_text())
    steps = len(replay.actions)
    assert meta["steps"] == steps and meta["scores"] is None
    assert [v["key"] for v in meta["views"]] == [TABLE, *map(str, range(players))]
    for frames, told in zip(data["frames"], data["narration"]):
        assert len(frames) == len(told) == steps + 1
        assert all(data["lines"][frame[0]].startswith("<?xml") for frame in frames)
        assert all(told[1:])  # every step tells what its move did


def test_full_game_page_and_views_flag(medici_game, medici_page, tmp_path):
    replay, state = medici_game
    meta, data = page_parts(medici_page)
    assert meta["steps"] == len(replay.actions) and meta["scores"] == state.scores[0].tolist()
    assert meta["movers"][0] == -1 and set(meta["movers"][1:]) == {0, 1}
    svg = "\n".join(data["lines"][i] for i in data["frames"][0][-1])
    assert "game over" in svg
    # the page is small beside its pictures: distinct lines once, gzip over all
    raw = sum(len("\n".join(data["lines"][i] for i in f)) for view in data["frames"] for f in view)
    assert len(medici_page) < raw / 10, (len(medici_page), raw)
    short = Replay.from_dict({**replay.to_dict(), "actions": replay.actions[:3], "scores": None})
    table_only = page_parts(write_page(short, tmp_path / "t.html", parse_views("table", 2)).read_text())[0]
    assert [v["key"] for v in table_only["views"]] == [TABLE]
    assert parse_views("table,1", 2) == [TABLE, 1]
    for bad in ("2", "seat", ","):
        with pytest.raises(ValueError, match="allowed|no view"):
            parse_views(bad, 2)


def test_refused_replay_is_an_error_of_the_cli(medici_game, tmp_path, capsys):
    replay, _ = medici_game
    bad = Replay.from_dict({**replay.to_dict(), "version": 99}).save(tmp_path / "bad.json")
    assert cli.main(["replay", str(bad)]) == 2
    assert "version 99" in capsys.readouterr().err
    assert not (tmp_path / "bad.html").exists()
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_page_steps_through_the_game_in_a_browser(medici_game, medici_page, tmp_path):
    replay, _ = medici_game
    path = tmp_path / "game.html"
    path.write_text(medici_page)
    steps = len(replay.actions)
    with browser_page() as page:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=30_000)
        assert page.get_attribute("body", "data-steps") == str(steps)
        assert page.get_attribute("#slider", "max") == str(steps)
        assert page.get_attribute("body", "data-step") == "0"
        start = page.inner_html("#picture")
        assert start.lstrip().startswith("<svg") or "<svg" in start

        page.click("#next")
        page.click("#next")
        assert page.get_attribute("body", "data-step") == "2"
        assert page.inner_html("#picture") != start
        assert "player_" in page.inner_text("#narration")
        page.click("#prev")
        assert page.get_attribute("body", "data-step") == "1"
        page.click("#last")
        assert page.get_attribute("body", "data-step") == str(steps)
        assert "step " + str(steps) + " / " + str(steps) in page.inner_text("#step-label")
        page.click("#first")
        assert page.get_attribute("body", "data-step") == "0"
        page.eval_on_selector("#slider", "s => { s.value = '20'; s.dispatchEvent(new Event('input')); }")
        assert page.get_attribute("body", "data-step") == "20"
        page.keyboard.press("ArrowRight")  # the page's keys (the slider is not focused)
        assert page.get_attribute("body", "data-step") == "21"

        # the view switch: whole table, then each seat's view, each a different picture
        views = page.locator("button.view")
        assert views.count() == 3
        pictures = []
        for i in range(3):
            views.nth(i).click()
            assert page.get_attribute("body", "data-view") == ("table" if i == 0 else str(i - 1))
            assert "selected" in (views.nth(i).get_attribute("class") or "")
            pictures.append(page.inner_html("#picture"))
        assert len(set(pictures)) == 3
        assert "view: player_1" in pictures[2]
        assert page.errors == []
