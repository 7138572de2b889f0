"""Play in the browser (issue 24 item 3): ``florentine serve`` plays every game and variant through
its JSON endpoints (the person's own view, legal moves with their texts, narration that keeps the
computer players' draws hidden), refuses bad moves, keeps the game for replay, and a person plays
a whole game to the end by clicking in a real browser."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import numpy as np
import pytest
from browser import browser_page
from test_terminal_play import VARIANTS

from florentine_envs.training import cli
from florentine_envs.training.replay import Replay, load
from florentine_envs.training.serve import App, Session, make_server

pytest.importorskip("drawsvg")


@pytest.fixture
def server(tmp_path):
    """``florentine serve medici --players human,heuristic --keep DIR`` on a free port, in a thread."""
    server = make_server("medici", ["human", "heuristic"], seed=1, port=0, keep=str(tmp_path / "kept"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def request(server, path: str, body=None) -> tuple[int, dict | bytes]:
    url = f"http://127.0.0.1:{server.server_port}{path}"
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}  # as the page sends it (other bodies are refused)
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=60) as response:
            raw = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        raw, status = error.read(), error.code
    try:
        return status, json.loads(raw)
    except json.JSONDecodeError:
        return status, raw


@pytest.mark.parametrize("name,players,option_words", VARIANTS,
                         ids=[f"{n}-{p}p-{'-'.join(o) or 'base'}" for n, p, o in VARIANTS])  # fmt: skip
def test_every_game_and_variant_plays_through_the_endpoints(name, players, option_words):
    """A person at seat 0 against the heuristic: a few moves by the first choice, each answer
    drawn from the person's own view, with the choices described and the narration growing."""
    from florentine_envs.pictures import picture_svg

    kinds = ["human"] + ["heuristic"] * (players - 1)
    app = App(name, kinds, seed=2, options=cli.parse_options(option_words))
    for _ in range(3):
        state = app.state()
        session = app.session
        assert state["view"] == 0 and state["picture"] == picture_svg(session.game, session.state, 0, 0)
        if state["over"]:
            break
        assert state["to_move"] == 0 and state["moves"]
        legal = set(np.flatnonzero(session.state.legal_action_mask[0]).tolist())
        assert {m["action"] for m in state["moves"]} == legal
        assert all(m["text"] and m["name"] for m in state["moves"])
        before = len(state["log"])
        app.move({"action": state["moves"][0]["action"], "step": state["step"]})
        assert len(app.state()["log"]) > before
    assert app.session.replay().check() is not None  # the game so far replays exactly


def test_moves_show_help_texts_and_hidden_draws_stay_hidden():
    """The Princes lists each choice's effect and cost (``action_help``); the narration the person
    reads never names a card a computer player keeps (the terminal game's rule, issue 24 item 4)."""
    session = Session("princes", ["human", "heuristic"], seed=0)
    moves = session.legal_moves()
    assert any(m["help"] for m in moves)
    rng = np.random.default_rng(0)
    while not session.over and len(session.actions) < 60:
        session.move(int(rng.choice([m["action"] for m in session.legal_moves()])))
    assert any("keeps one of the drawn" in line for line in session.log if "player_1" in line)
    told = [line for line in session.log if line.startswith("player_1 (heuristic): ")]
    assert not any(line.split(": ", 1)[1].startswith(("keep ", "put ")) for line in told)


def test_bad_requests_are_refused_and_the_game_is_unchanged(server):
    status, state = request(server, "/api/state")
    assert status == 200 and state["game"] == "medici" and state["seats"][0] == "player_0 (you)"
    illegal = next(a for a in range(6) if a not in {m["action"] for m in state["moves"]})
    for body, code, message in (
        ({"action": illegal, "step": state["step"]}, 400, "not legal now; legal: "),
        ({"action": state["moves"][0]["action"], "step": state["step"] + 5}, 409, "reload"),
        ({"action": "reveal", "step": state["step"]}, 400, "action must be an integer"),
    ):
        status, answer = request(server, "/api/move", body)
        assert status == code and message in answer["error"]
    assert request(server, "/api/state")[1]["step"] == state["step"]
    status, answer = request(server, "/api/new", {"game": "medici", "players": "human,nobody"})
    assert status == 400 and "unknown agent 'nobody'" in answer["error"]
    status, answer = request(server, "/api/new", {"game": "chess"})
    assert status == 400 and "available" in answer["error"]
    assert request(server, "/api/nothing")[0] == 404


def test_a_new_game_from_the_form_and_a_game_of_computers_only():
    app = App(None)
    assert app.state()["game"] is None and "medici" in [g["id"] for g in app.state()["games"]]
    app.new({"game": "firenze", "players": "human, random", "seed": 5, "options": "max_turns=12"})
    assert app.state()["game"] == "firenze" and app.session.game.options["max_turns"] == 12
    app.new({"game": "medici", "players": "random,random", "seed": 1})
    state = app.state()  # nobody to wait for: played to the end at once, drawn for the whole table
    assert state["over"] and state["view"] is None and state["moves"] == [] and "Game over" in state["status"]


def test_a_person_plays_a_whole_game_by_clicking(server, tmp_path):
    url = f"http://127.0.0.1:{server.server_port}/"
    with browser_page() as page:
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']", timeout=30_000)
        assert "your move" in page.inner_text("#status")
        assert "<svg" in page.inner_html("#picture") and "view: player_0" in page.inner_html("#picture")
        first = page.locator("button.move").first
        assert first.inner_text().strip()  # the choice's description, its action name beside it
        clicks = 0
        while page.get_attribute("body", "data-over") != "1":
            step = page.get_attribute("body", "data-step")
            page.locator("button.move").first.click()
            page.wait_for_function(f"document.body.dataset.step !== '{step}' && document.body.dataset.busy === '0'")
            clicks += 1
            assert clicks < 200
        status = page.inner_text("#status")
        assert status.startswith("Game over") and "player_0 (you)" in status and "player_1 (heuristic)" in status
        assert page.locator("button.move").count() == 0
        assert "takes" in page.inner_text("#log")

        # the game kept for replay: the file the page links to, the file written with --keep,
        # and the replay page the page links to
        response = page.request.get(url + "api/replay")
        assert "attachment" in response.headers["content-disposition"]
        replay = Replay.from_dict(response.json())
        assert replay.agents == ["human", "heuristic"] and replay.source == "serve"
        final = replay.check()
        assert final.terminated[0] and str(int(final.scores[0, 0])) in status
        assert page.get_attribute("#replay-file", "href") == "/api/replay"
        kept = sorted((tmp_path / "kept").glob("medici-seed1-*.json"))
        assert len(kept) == 1 and load(kept[0]) == replay
        assert "kept as" in page.inner_text("#kept")
        with page.expect_popup() as popup:
            page.click("#replay-page")
        replay_page = popup.value
        replay_page.wait_for_selector("body[data-ready='1']", timeout=60_000)
        assert replay_page.get_attribute("body", "data-steps") == str(len(replay.actions))

        # and a new game from the form
        page.fill("#new-players", "human,random")
        page.fill("#new-seed", "9")
        page.click("#new-start")
        page.wait_for_function("document.getElementById('players').textContent.includes('seed 9')")
        assert page.get_attribute("body", "data-over") == "0" and "your move" in page.inner_text("#status")
        assert page.errors == []


def test_serve_command_refuses_a_bad_lineup_before_listening(capsys):
    assert cli.main(["serve", "medici", "--players", "human,nobody", "--port", "0"]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err
