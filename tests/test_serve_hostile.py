"""``florentine serve`` against hostile requests (issue 32 items 1-3): the real server on a free
port, sent what another web site, a DNS-rebinding page or a careless client would send. Each
request gets the status the table says and a JSON ``{"error": ...}``; the game (``GET
/api/state``) is the same after every refused request; the page cannot ask for unbounded work;
a computer player that thinks too long is reported, not waited for; and 20 threads of 50 requests
at once are each answered right, after which the server still plays.

The agents' file formats are here too (issue 32 item 5): a policy archive (``learned:PATH``, an
``.npz``) is read without pickles."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from florentine_envs.agents import make_agent
from florentine_envs.agents.base import Agent
from florentine_envs.training.serve import MAX_BODY_BYTES, PAGE_MAX_SIMULATIONS, App, make_server

pytest.importorskip("drawsvg")

READ_TIMEOUT = 1.0  # the tests' server reads a request within this (seconds; the default is 10)
GATE = threading.Event()  # the gated agent moves once this is set


class GatedAgent(Agent):
    """A computer player that thinks until the test opens :data:`GATE` (then its first legal move)."""

    def act(self, obs, mask):
        GATE.wait(timeout=30)
        return np.asarray(mask).argmax(1)


def gated_agent(game, seed):
    """``test_serve_hostile:gated_agent``: a ``module:function`` agent, given on the command line."""
    return GatedAgent(game, seed)


@pytest.fixture
def start():
    """``start(**make_server options)``: a server of medici, a person against the heuristic (by
    default), serving in a thread; all shut down at the end."""
    servers = []
    GATE.clear()

    def run(**options):
        options = {"game_name": "medici", "kinds": ["human", "heuristic"], "seed": 1, "port": 0,
                   "read_timeout": READ_TIMEOUT, **options}  # fmt: skip
        server = make_server(**options)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server

    yield run
    for server in servers:
        server.app.close()  # the computer players stop: none searches on after the test
        server.shutdown()
        server.server_close()
    GATE.set()


@pytest.fixture
def server(start):
    return start()


def send(server, method="GET", path="/api/state", body=None, headers=None):
    """``(status, JSON answer or None, response headers)`` of one request. By default it is what
    the page sends: Host ``127.0.0.1:PORT``; with a body, ``Content-Type: application/json`` and
    its ``Content-Length``. ``headers`` replace those (None: leave the header out; a list: send it
    more than once); ``body`` is JSON-encoded unless it is bytes."""
    port = server.server_port
    raw = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
    sent = {"Host": f"127.0.0.1:{port}"}
    if raw is not None:
        sent.update({"Content-Type": "application/json", "Content-Length": str(len(raw))})
    sent.update(headers or {})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for key, values in sent.items():
            for value in values if isinstance(values, list) else [values]:
                if value is not None:
                    connection.putheader(key, value)
        connection.endheaders(raw)
        response = connection.getresponse()
        data = response.read()
    finally:
        connection.close()
    answer = json.loads(data) if response.headers.get("Content-Type") == "application/json" and data else None
    return response.status, answer, response.headers


def raw_exchange(server, data: bytes, close_after: bool = False) -> tuple[int, dict]:
    """Send ``data`` as it is on a socket (``close_after``: then end the sending side) and read the
    answer to its end: ``(status, JSON body)``."""
    with socket.create_connection(("127.0.0.1", server.server_port), timeout=30) as sock:
        sock.sendall(data)
        if close_after:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while piece := sock.recv(65536):
            answer += piece
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def json_state(server) -> dict:
    status, state, _ = send(server)
    assert status == 200
    return state


def foreign(port):
    return {"Host": f"evil.example:{port}"}


def hostile_requests(port: int, state: dict) -> list[tuple[str, str, str, object, dict, int, str]]:
    """(what, method, path, body, headers, status, words of the error) of every refused request
    that is answered at once (the slow ones have tests of their own)."""
    move = {"action": state["moves"][0]["action"], "step": state["step"]}  # a move the page could send
    legal = {m["action"] for m in state["moves"]}
    illegal = next(a for a in range(6) if a not in legal)
    text = {"Content-Type": "text/plain"}
    evil = {"Origin": "http://evil.example"}
    issue = {"game": "medici", "players": "human,ismcts:100000000"}  # the body the issue found accepted
    # fmt: off
    return [
        # 1. only the page's own host and origin
        ("foreign Host, GET", "GET", "/api/state", None, foreign(port), 403, "Host"),
        ("foreign Host, GET the page", "GET", "/", None, foreign(port), 403, "DNS rebinding"),
        ("foreign Host, POST", "POST", "/api/move", move, foreign(port), 403, "Host"),
        ("Host with another port", "GET", "/api/state", None, {"Host": f"127.0.0.1:{port + 1}"}, 403, "Host"),
        ("no Host", "GET", "/api/state", None, {"Host": None}, 403, "Host (none)"),
        ("two Hosts", "GET", "/api/state", None, {"Host": [f"127.0.0.1:{port}", "evil.example"]}, 403, "Host"),
        ("foreign Origin, JSON move", "POST", "/api/move", move, evil, 403, "Origin"),
        ("foreign Origin, GET", "GET", "/api/state", None, evil, 403, "Origin"),
        ("Origin null (a sandboxed or file page)", "POST", "/api/move", move, {"Origin": "null"}, 403, "Origin"),
        ("Origin on another port", "POST", "/api/move", move, {"Origin": f"http://127.0.0.1:{port + 1}"}, 403,
         "Origin"),
        ("the issue's post: foreign Origin, text/plain", "POST", "/api/new", issue, {**evil, **text}, 403, "Origin"),
        ("text/plain body", "POST", "/api/new", issue, text, 403, "Content-Type text/plain"),
        ("form body", "POST", "/api/move", b"action=1&step=0",
         {"Content-Type": "application/x-www-form-urlencoded"}, 403, "forms"),
        ("multipart form", "POST", "/api/move", b'--x\r\nContent-Disposition: form-data; name="action"\r\n\r\n'
         b"1\r\n--x--", {"Content-Type": "multipart/form-data; boundary=x"}, 403, "Content-Type"),
        ("no Content-Type", "POST", "/api/move", move, {"Content-Type": None}, 403, "Content-Type (none)"),
        # 2. bounded bodies
        ("Content-Length 99999999999", "POST", "/api/move", b"{}", {"Content-Length": "99999999999"}, 413,
         f"at most {MAX_BODY_BYTES}"),
        ("Content-Length one byte over the cap", "POST", "/api/move", b"{}",
         {"Content-Length": str(MAX_BODY_BYTES + 1)}, 413, "refused"),
        ("no Content-Length", "POST", "/api/move", b"", {"Content-Length": None}, 411, "Content-Length"),
        ("Content-Length not a number", "POST", "/api/move", b"{}", {"Content-Length": "2e3"}, 400, "whole number"),
        ("negative Content-Length", "POST", "/api/move", b"{}", {"Content-Length": "-1"}, 400, "whole number"),
        ("two Content-Lengths", "POST", "/api/move", b"{}", {"Content-Length": ["2", "3"]}, 400, "whole number"),
        ("chunked body", "POST", "/api/move", b"2\r\n{}\r\n0\r\n\r\n",
         {"Transfer-Encoding": "chunked", "Content-Length": None}, 400, "Transfer-Encoding"),
        # malformed JSON and wrong types
        ("malformed JSON", "POST", "/api/move", b'{"action": 1,', {}, 400, "not JSON"),
        ("empty body", "POST", "/api/move", b"", {}, 400, "not JSON"),
        ("not UTF-8", "POST", "/api/move", b'{"action": "\xff\xfe"}', {}, 400, "not JSON"),
        ("nested 30000 deep", "POST", "/api/new", b"[" * 30000 + b"]" * 30000, {}, 400, "not JSON"),
        ("a JSON array", "POST", "/api/move", [move], {}, 400, "JSON object"),
        ("JSON null", "POST", "/api/move", b"null", {}, 400, "JSON object"),
        ("players as a number", "POST", "/api/new", {"game": "medici", "players": 2}, {}, 400, "players must be"),
        ("players as a list", "POST", "/api/new", {"game": "medici", "players": ["human", "random"]}, {}, 400,
         "players must be a string"),
        ("game as a number", "POST", "/api/new", {"game": 3}, {}, 400, "game must be a string"),
        ("seed as a list", "POST", "/api/new", {"game": "medici", "seed": [1]}, {}, 400, "seed must be"),
        ("seed as a float", "POST", "/api/new", {"game": "medici", "seed": 1.5}, {}, 400, "seed must be"),
        ("seed out of range", "POST", "/api/new", {"game": "medici", "seed": 2**64}, {}, 400, "seed must be"),
        ("seed as words", "POST", "/api/new", {"game": "medici", "seed": "one"}, {}, 400, "seed must be"),
        ("options as an object", "POST", "/api/new", {"game": "medici", "options": {"reward": "score"}}, {}, 400,
         "options must be"),
        ("action as a string", "POST", "/api/move", {**move, "action": str(move["action"])}, {}, 400,
         "action must be an integer"),
        ("action as true", "POST", "/api/move", {**move, "action": True}, {}, 400, "action must be an integer"),
        ("action as nested junk", "POST", "/api/move", {**move, "action": {"$gt": [1, {"a": None}]}}, {}, 400,
         "action must be"),
        ("step as a string", "POST", "/api/move", {**move, "step": "0"}, {}, 400, "step must be"),
        ("action missing", "POST", "/api/move", {"step": 0}, {}, 400, "action is missing"),
        ("game missing", "POST", "/api/new", {"players": "human,random"}, {}, 400, "game is missing"),
        ("an unknown field of junk", "POST", "/api/move", {**move, "x": [[{"y": 1}]]}, {}, 400, "unknown field"),
        # moves the game does not allow now
        ("an out-of-range action", "POST", "/api/move", {**move, "action": 10**30}, {}, 400, "not legal now"),
        ("a negative action", "POST", "/api/move", {**move, "action": -1}, {}, 400, "not legal now"),
        ("an illegal action", "POST", "/api/move", {**move, "action": illegal}, {}, 400, "not legal now; legal:"),
        ("a stale page's move", "POST", "/api/move", {**move, "step": state["step"] + 3}, {}, 409, "reload"),
        # what the page may start
        ("the issue's budget", "POST", "/api/new", issue, {}, 400,
         f"more than the page starts ({PAGE_MAX_SIMULATIONS})"),
        ("a budget one over", "POST", "/api/new",
         {"game": "medici", "players": f"human,ismcts:{PAGE_MAX_SIMULATIONS + 1}"}, {}, 400,
         "N (simulations per decision)"),
        ("too many determinisations", "POST", "/api/new",
         {"game": "medici", "players": "human,ismcts:16:dets=100000000"}, {}, 400, "dets is 100000000"),
        ("a bad ismcts spec", "POST", "/api/new", {"game": "medici", "players": "human,ismcts:lots"}, {}, 400,
         "must be an integer"),
        ("a ppo checkpoint", "POST", "/api/new", {"game": "medici", "players": "human,ppo:/tmp/x.zip"}, {}, 400,
         "loads a file or code"),
        ("a policy file", "POST", "/api/new", {"game": "medici", "players": "human,learned:/etc/passwd"}, {}, 400,
         "loads a file or code"),
        ("code to import", "POST", "/api/new", {"game": "medici", "players": "human,os:system"}, {}, 400,
         "loads a file or code"),
        ("an unknown agent", "POST", "/api/new", {"game": "medici", "players": "human,nobody"}, {}, 400,
         "unknown agent 'nobody'"),
        ("too many seats", "POST", "/api/new", {"game": "medici", "players": ",".join(["random"] * 7)}, {}, 400,
         "medici"),
        ("an unknown game", "POST", "/api/new", {"game": "chess"}, {}, 400, "available"),
        ("an unknown option", "POST", "/api/new", {"game": "medici", "options": "turbo=1"}, {}, 400, "unknown option"),
        ("a bad option value", "POST", "/api/new", {"game": "medici", "options": "monopoly_variant=maybe"}, {}, 400,
         "monopoly_variant"),
        ("an option without =", "POST", "/api/new", {"game": "medici", "options": "turbo"}, {}, 400, "key=value"),
        ("a file to read as an option", "POST", "/api/new", {"game": "medici", "options": "cards_path=/etc/passwd"},
         {}, 400, "names a file"),
        ("component data as an option", "POST", "/api/new", {"game": "medici", "options": "data=/etc/passwd"}, {},
         400, "names a file"),
        # unknown paths and methods
        ("GET an unknown path", "GET", "/api/nothing", None, {}, 404, "nothing at /api/nothing"),
        ("GET a path out of the folder", "GET", "/static/../../etc/passwd", None, {}, 404, "nothing at"),
        ("GET a POST endpoint", "GET", "/api/move", None, {}, 404, "nothing at"),
        ("POST an unknown path", "POST", "/api/nothing", move, {}, 404, "POST to /api/move or /api/new"),
        ("POST the state", "POST", "/api/state", move, {}, 404, "nothing at"),
        ("PUT", "PUT", "/api/state", move, {}, 405, "PUT is not served"),
        ("DELETE", "DELETE", "/api/state", None, {}, 405, "DELETE is not served"),
        ("PATCH", "PATCH", "/api/move", move, {}, 405, "PATCH is not served"),
        ("OPTIONS (a CORS preflight)", "OPTIONS", "/api/move", None,
         {"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"}, 403, "Origin"),
        ("OPTIONS", "OPTIONS", "/api/move", None, {}, 405, "OPTIONS is not served"),
        ("a method nobody knows", "BREW", "/api/state", None, {}, 501, "Unsupported method"),
        ("a header line too long", "GET", "/api/state", None, {"X-Junk": "x" * 70_000}, 431, "Header"),
    ]
    # fmt: on


def check_refused(server, case) -> None:
    what, method, path, body, headers, status, words = case
    got, answer, response_headers = send(server, method, path, body, headers)
    assert got == status, (what, got, answer)
    assert isinstance(answer, dict) and words in answer["error"], (what, answer)
    if status == 405:
        assert response_headers["Allow"] == "GET, POST"


def test_every_hostile_request_is_refused_and_the_game_is_unchanged(server):
    before = json_state(server)
    cases = hostile_requests(server.server_port, before)
    for case in cases:
        check_refused(server, case)
        assert json_state(server) == before, case[0]
    # HEAD is refused without a body; the safety headers come with every answer
    status, _, headers = send(server, "HEAD", "/")
    assert status == 405 and headers["Allow"] == "GET, POST"
    status, _, headers = send(server, "GET", "/")
    assert status == 200 and headers["X-Frame-Options"] == "DENY" and headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert "Access-Control-Allow-Origin" not in headers
    # a body just under the cap is read (and refused for what it says, not for its size)
    padded = b"{" + b" " * (MAX_BODY_BYTES - 20) + b'"step": 0}'
    assert len(padded) <= MAX_BODY_BYTES
    assert send(server, "POST", "/api/move", padded)[:2] == (400, {"error": "/api/move: action is missing; it "
                                                                           "takes action, step"})  # fmt: skip
    assert json_state(server) == before
    # and the page's own requests still work, under either of its names
    status, after, _ = send(server, "POST", "/api/move", {"action": before["moves"][0]["action"],
                                                          "step": before["step"]},
                            {"Host": f"localhost:{server.server_port}",
                             "Origin": f"http://localhost:{server.server_port}"})  # fmt: skip
    assert status == 200 and after["step"] > before["step"] and after["to_move"] == 0


def test_a_truncated_body_times_out_without_holding_up_others(server):
    port = server.server_port
    head = (f"POST /api/move HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            "Content-Length: 100\r\n\r\n").encode()  # fmt: skip
    before = json_state(server)
    answers = {}
    slow = threading.Thread(target=lambda: answers.update(slow=raw_exchange(server, head + b'{"action": 1')))
    started = time.monotonic()
    slow.start()
    time.sleep(0.2)
    assert json_state(server) == before  # answered while the body is awaited
    assert time.monotonic() - started < READ_TIMEOUT
    slow.join(timeout=10)
    status, answer = answers["slow"]
    assert status == 408 and "did not arrive within 1 s (12 of 100 bytes)" in answer["error"]
    # a body that ends (the client stops sending) before its length is a 400 at once
    status, answer = raw_exchange(server, head + b'{"action"', close_after=True)
    assert status == 400 and "ended after 9 of its 100 bytes" in answer["error"]
    # headers that never end: the connection is closed after the timeout, nothing else waits
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        assert json_state(server) == before
        started = time.monotonic()
        assert sock.recv(100) == b"" and time.monotonic() - started < READ_TIMEOUT + 3
    assert json_state(server) == before


def test_moves_while_a_computer_player_thinks_and_its_time_limit(start):
    """A move sent while a computer player thinks is refused (409) and the page is told who thinks;
    a move past the time limit stops the game, which the state says; the late move is dropped."""
    server = start(kinds=["human", "test_serve_hostile:gated_agent"], move_seconds=2.0)
    thinking = json_state(server)
    while not thinking["thinking"]:  # the person's turn ends after a move or a few
        status, thinking, _ = send(server, "POST", "/api/move", {"action": thinking["moves"][0]["action"],
                                                                 "step": thinking["step"]})  # fmt: skip
        assert status == 200
    step = thinking["step"]
    assert thinking["moves"] == [] and thinking["thinking"]["seat"] == 1 and thinking["thinking"]["limit"] == 2.0
    assert "is thinking" in thinking["status"]
    status, answer, _ = send(server, "POST", "/api/move", {"action": 0, "step": step})
    assert status == 409 and "player_1 (test_serve_hostile:gated_agent)'s move, not a person's" in answer["error"]
    time.sleep(2.2)
    stopped = json_state(server)
    assert stopped["thinking"] is None and "did not move within 2 s" in stopped["halted"]
    assert stopped["status"].startswith("Stopped: ") and stopped["moves"] == [] and stopped["step"] == step
    status, answer, _ = send(server, "POST", "/api/move", {"action": 0, "step": step})
    assert status == 409 and "the game has stopped" in answer["error"]
    GATE.set()  # the late move comes, and is dropped
    server.app.session.worker.join(timeout=10)
    assert json_state(server) == stopped
    # the game so far is still a replay; a new game starts as usual
    assert send(server, "GET", "/api/replay")[0] == 200
    status, fresh, _ = send(server, "POST", "/api/new", {"game": "medici", "players": "human,random", "seed": 3})
    assert status == 200 and fresh["halted"] is None and fresh["status"].endswith("your move")
    # a game over refuses moves too
    status, over, _ = send(server, "POST", "/api/new", {"game": "medici", "players": "random,random"})
    for _ in range(300):  # the game plays itself to the end, in the server's thread
        if over["over"]:
            break
        time.sleep(0.1)
        over = json_state(server)
    assert status == 200 and over["over"] and over["thinking"] is None
    status, answer, _ = send(server, "POST", "/api/move", {"action": 0})
    assert status == 409 and "the game is over" in answer["error"]


def test_a_search_past_its_time_stops_searching():
    """ismcts checks the deadline between waves: the game stops at the limit and the search thread
    ends soon after (a Princes move of 4096 simulations takes minutes here)."""
    app = App(None, move_seconds=0.5)
    started = time.monotonic()
    app.new({"game": "princes", "players": f"ismcts:{PAGE_MAX_SIMULATIONS},human", "seed": 2})
    state = app.state()
    assert "did not move within 0.5 s" in state["halted"] and state["step"] == 0
    app.session.worker.join(timeout=10)
    assert not app.session.worker.is_alive() and time.monotonic() - started < 10


def test_the_command_line_may_start_more_than_the_page(start):
    """The command line's own lineup (here an agent the page may not name) may be started again from
    the page's form, as the form offers it."""
    server = start(kinds=["human", "test_serve_hostile:gated_agent", f"ismcts:{PAGE_MAX_SIMULATIONS * 2}"])
    status, state, _ = send(server, "POST", "/api/new", {"game": "medici", "players": json_state(server)["defaults"]
                                                         ["players"], "seed": 4})  # fmt: skip
    assert status == 200 and state["players"][1] == "test_serve_hostile:gated_agent" and state["seed"] == 4
    status, answer, _ = send(server, "POST", "/api/new", {"game": "medici", "players": "human,tests:helper"})
    assert status == 400 and "loads a file or code" in answer["error"]


def test_twenty_threads_of_fifty_requests_at_once(server):
    before = json_state(server)
    cases = [c for c in hostile_requests(server.server_port, before) if c[5] != 431]  # the 70 kB one is slow
    valid = [("the page", "GET", "/", None, {}, 200, "<!DOCTYPE html>"),
             ("its script", "GET", "/static/serve.js", None, {}, 200, "use strict"),
             ("the state", "GET", "/api/state", None, {}, 200, "")]  # fmt: skip

    def client(k: int) -> list[str]:
        wrong = []
        for i in range(50):
            case = valid[(k + i) % 3] if (k + i) % 4 == 0 else cases[(7 * k + i) % len(cases)]
            what, method, path, body, headers, status, words = case
            got, answer, _ = send(server, method, path, body, headers)
            if status == 200 and path == "/api/state":
                ok = got == 200 and answer == before
            elif status == 200:
                ok = got == 200
            else:
                ok = got == status and words in answer["error"]
            if not ok:
                wrong.append(f"{what}: {got} {answer}")
        return wrong

    with ThreadPoolExecutor(20) as pool:
        wrong = [w for ws in pool.map(client, range(20)) for w in ws]
    assert wrong == []
    assert json_state(server) == before
    status, after, _ = send(server, "POST", "/api/move", {"action": before["moves"][0]["action"], "step": 0})
    assert status == 200 and after["step"] > 0


def test_a_policy_archive_with_a_pickle_is_refused(tmp_path):
    """``learned:PATH`` reads its ``.npz`` with ``allow_pickle=False``: an object array (a pickle)
    in it is a ValueError, never unpickled."""
    import florentine_envs

    game = florentine_envs.make("medici", num_players=2)
    path = tmp_path / "policy.npz"
    np.savez(path, meta=np.array([{"format": 1}], dtype=object), scale=np.ones(3, np.float32),
             w0=np.array([None], dtype=object), b0=np.zeros(2, np.float32))  # fmt: skip
    with pytest.raises(ValueError, match="not a policy archive.*allow_pickle=False"):
        make_agent(f"learned:{path}", game)


def test_the_page_shows_a_computer_player_thinking_and_its_time_running_out(start):
    from browser import browser_page

    server = start(kinds=["human", "test_serve_hostile:gated_agent"], move_seconds=2.0)
    with browser_page() as page:
        page.goto(f"http://127.0.0.1:{server.server_port}/")
        page.wait_for_selector("body[data-ready='1']", timeout=30_000)
        assert "ismcts:N (N <= 4096)" in page.inner_text("#limits")
        while page.get_attribute("body", "data-thinking") != "1":  # the person's turn ends after a move or a few
            page.locator("button.move").first.click()
            page.wait_for_function("document.body.dataset.busy === '0' || document.body.dataset.thinking === '1'")
        assert "player_1 (test_serve_hostile:gated_agent) is thinking" in page.inner_text("#status")
        assert page.locator("button.move").count() == 0
        page.wait_for_selector("body[data-halted='1'][data-busy='0']", timeout=30_000)
        assert page.inner_text("#status").startswith("Stopped: player_1")
        assert "The game stopped" in page.inner_text("#error") and "within 2 s" in page.inner_text("#error")
        # the same lineup again (the command line's); while its computer player thinks, the person
        # types and starts another game
        page.click("#new-start")
        page.wait_for_function("document.body.dataset.halted === '0' && document.body.dataset.busy === '0'")
        while page.get_attribute("body", "data-thinking") != "1":
            page.locator("button.move").first.click()
            page.wait_for_function("document.body.dataset.busy === '0' || document.body.dataset.thinking === '1'")
        page.fill("#new-players", "human,random")
        page.fill("#new-seed", "9")
        page.wait_for_timeout(1200)  # the page asks twice meanwhile: what the person typed stays
        assert page.input_value("#new-players") == "human,random"
        page.click("#new-start")
        page.wait_for_function("document.getElementById('players').textContent.includes('seed 9')")
        page.wait_for_selector("body[data-busy='0'][data-thinking='0']")
        assert "your move" in page.inner_text("#status") and page.inner_text("#error") == ""
        assert page.errors == []
