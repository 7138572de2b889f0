"""``florentine serve``: play any game in the browser against any agents, on a local page.

A standard-library web server (``http.server``) on 127.0.0.1 serves one small page (vanilla
JavaScript, no build step, nothing fetched from the network) and a few JSON endpoints:

* ``GET /api/state``: the game as the person sees it: the picture from his own seat (SVG,
  :func:`florentine_envs.pictures.picture_svg` with his view), his legal moves with what each does
  and costs (``describe_action``, the game's ``action_group`` headings and ``action_help`` texts),
  his own hand where the game lists it (``hand_lines``), and the narration so far, told as he may
  know it (a computer player's private draws stay hidden: ``narrate(..., viewer=seat)``);
* ``POST /api/move`` ``{"action": id, "step": n}``: plays the person's move, then the computer
  players' moves until a person is to move again or the game is over (``step`` is the number of
  moves the page saw: a second click on a stale page is refused rather than played twice);
* ``POST /api/new`` ``{"game", "players", "seed", "options"}``: a new game;
* ``GET /api/replay`` (the kept game as a replay file, a download) and ``GET /replay.html`` (its
  replay page, :mod:`florentine_envs.training.replay`), at any time and at the end of the game.

Computer players are ``make_agent`` names (``heuristic``, ``random``, ``ismcts:N``, ``ppo:PATH``)
and act through ``act_state``, so search agents play too. Several ``human`` seats share the
screen (hot seat): the picture is drawn from the view of whichever of them is to move, and the
narration tells nobody's private cards.
"""

from __future__ import annotations

import json
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np

import florentine_envs
from florentine_envs.agents import available_agents, make_agent
from florentine_envs.training.replay import finished_replay, name_players, page_html, static_text

HOST = "127.0.0.1"  # local only: the page plays moves for whoever can reach it
HUMAN = "human"
MAX_BOT_MOVES = 1_000_000  # guard: computer players still moving after this many moves is an engine bug
STATIC = {"/static/serve.js": ("serve.js", "text/javascript"), "/static/style.css": ("style.css", "text/css")}


def default_players(game) -> list[str]:
    """A person at seat 0 and the game's heuristic (random where it has none) at every other seat."""
    bot = "heuristic" if "heuristic" in available_agents(game) else "random"
    return [HUMAN] + [bot] * (game.num_players - 1)


class Session:
    """One game in play: the engine state, the agents, the moves made and the narration."""

    def __init__(self, game_name: str, kinds: list[str] | None = None, seed: int = 0, options: dict | None = None):
        from florentine_envs.training.cli import narration_viewer

        options = dict(options or {})
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ValueError(f"seed must be an integer in 0..2**63-1; got {seed!r}")
        if kinds is None:
            counts = florentine_envs.player_counts(game_name)
            probe = florentine_envs.make(game_name, num_players=2 if 2 in counts else min(counts), **options)
            kinds = default_players(probe)
        if not kinds:
            raise ValueError("players: name at least one seat (human, heuristic, random, ismcts:N, ppo:PATH)")
        self.game = florentine_envs.make(game_name, num_players=len(kinds), **options)
        self.kinds = [str(k) for k in kinds]
        self.agents = []
        for seat, kind in enumerate(self.kinds):
            try:
                self.agents.append(None if kind == HUMAN else make_agent(kind, self.game, seed=seed + seat))
            except ValueError as err:
                raise ValueError(f"seat {seat}: {err} (or human)") from None
        self.seed = int(seed)
        self.humans = [seat for seat, kind in enumerate(self.kinds) if kind == HUMAN]
        self.viewer = narration_viewer(self.kinds)
        alone = len(self.humans) == 1
        self.names = [f"player_{s} ({'you' if k == HUMAN and alone else k})" for s, k in enumerate(self.kinds)]
        self.actions: list[int] = []
        self.log: list[str] = []
        self.state = self.game.init(np.array([self.seed], dtype=np.uint64), on_move=self._narrate)
        self._play_bots()

    def _narrate(self, before, after, games, actions, forced) -> None:
        for line in self.game.narrate(before, after, 0, int(actions[0]), forced, viewer=self.viewer):
            self.log.append(name_players(line, self.names))

    def _step(self, action: int) -> None:
        self.game.step(self.state, np.array([action], dtype=np.int64), on_move=self._narrate)
        self.actions.append(int(action))

    def _play_bots(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            if self.over or self.agents[self.to_move] is None:
                return
            seat = self.to_move
            obs = self.game.observe(self.state, np.array([seat]))
            self._step(int(self.agents[seat].act_state(self.state, [0], obs)[0]))
        raise RuntimeError(f"{self.game.name}: computer players still moving after {MAX_BOT_MOVES} moves")

    @property
    def over(self) -> bool:
        return bool(self.state.terminated[0])

    @property
    def to_move(self) -> int:
        return int(self.state.current_player[0])

    @property
    def view(self) -> int | None:
        """The seat whose view is drawn: the person to move, else the first person (None: nobody
        plays, the whole table is shown)."""
        if not self.humans:
            return None
        return self.to_move if self.to_move in self.humans and not self.over else self.humans[0]

    def move(self, action, step=None) -> None:
        """Play a person's move (``ValueError`` naming what is allowed), then the computer players'."""
        if self.over:
            raise ValueError("the game is over: start a new one")
        if self.agents[self.to_move] is not None:
            raise ValueError(f"it is {self.names[self.to_move]}'s move, not a person's")
        if step is not None and step != len(self.actions):
            raise ValueError(f"this page shows move {step} but the game is at move {len(self.actions)}: reload it")
        legal = np.flatnonzero(self.state.legal_action_mask[0])
        if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
            shown = ", ".join(f"{a} ({self.game.describe_action(self.state, 0, int(a))})" for a in legal)
            raise ValueError(f"{self.game.name}: action {action!r} is not legal now; legal: {shown}")
        self._step(action)
        self._play_bots()

    def legal_moves(self) -> list[dict]:
        """The person's choices, in the terminal game's order (grouped by ``action_group``)."""
        from florentine_envs.training.cli import grouped_legal

        if self.over or self.agents[self.to_move] is not None:
            return []
        game, state = self.game, self.state
        group = getattr(game, "action_group", None)
        explain = getattr(game, "action_help", None)
        return [
            {
                "action": int(a),
                "name": game.action_names[a],
                "text": game.describe_action(state, 0, int(a)),
                "group": group(state, 0, int(a)) if group is not None else "",
                "help": explain(state, 0, int(a)) if explain is not None else "",
            }
            for a in grouped_legal(game, state)
        ]

    def replay(self):
        return finished_replay(self.game, self.seed, self.actions, self.kinds, self.state, source="serve")

    def to_json(self) -> dict:
        from florentine_envs.pictures import picture_svg

        game, state, view = self.game, self.state, self.view
        hand_lines = getattr(game, "hand_lines", None)
        if self.over:
            ranks = game.ranks(state)[0]
            order = np.argsort(ranks, kind="stable")
            status = "Game over: " + "; ".join(
                f"{int(ranks[s])}. {self.names[s]} {int(state.scores[0, s])}" for s in order
            )
        elif self.agents[self.to_move] is None:
            status = f"{self.names[self.to_move]}: your move"
        else:
            status = f"{self.names[self.to_move]} to move"
        return {
            "game": game.name,
            "players": self.kinds,
            "seed": self.seed,
            "options": json.loads(json.dumps(game.options)),
            "seats": self.names,
            "status": status,
            "over": self.over,
            "to_move": self.to_move,
            "view": view,
            "step": len(self.actions),
            "picture": picture_svg(game, state, 0, view),
            "hand": list(hand_lines(state, 0, view)) if hand_lines is not None and view is not None else [],
            "moves": self.legal_moves(),
            "log": self.log,
            "scores": [int(s) for s in state.scores[0]] if self.over else None,
        }


class App:
    """The server's one session and what the page's form needs; every request holds the lock."""

    def __init__(self, game_name: str | None, kinds=None, seed: int = 0, options=None, keep: str | None = None):
        self.lock = threading.Lock()
        self.keep = Path(keep) if keep else None
        self.kept: str | None = None  # the file the finished game was written to (with keep)
        self.defaults = {"game": game_name or "medici", "players": ",".join(kinds or []), "seed": seed,
                         "options": " ".join(f"{k}={v}" for k, v in (options or {}).items())}  # fmt: skip
        self.session = Session(game_name, kinds, seed, options) if game_name else None

    def state(self) -> dict:
        names = florentine_envs.available_games()
        games = [{"id": g, "players": list(florentine_envs.player_counts(g))} for g in names]
        out = {"games": games, "defaults": self.defaults, "kept": self.kept}
        if self.session is None:
            return {**out, "game": None}
        return {**self.session.to_json(), **out}

    def new(self, body: dict) -> None:
        from florentine_envs.training.cli import parse_options

        name = body.get("game")
        if name not in florentine_envs.available_games():
            raise ValueError(f"game {name!r}; available: {', '.join(florentine_envs.available_games())}")
        kinds = [k.strip() for k in str(body.get("players") or "").split(",") if k.strip()] or None
        try:
            seed = int(body.get("seed") or 0)
            options = parse_options(str(body.get("options") or "").replace(",", " ").split())
        except (SystemExit, ValueError) as err:  # parse_options exits on a word without "="
            raise ValueError(f"seed or options: {err}") from None
        self.session = Session(name, kinds, seed, options)
        self.kept = None
        self.defaults = {"game": name, "players": ",".join(self.session.kinds), "seed": seed,
                         "options": str(body.get("options") or "")}  # fmt: skip

    def move(self, body: dict) -> None:
        if self.session is None:
            raise ValueError("no game yet: start one")
        self.session.move(body.get("action"), body.get("step"))
        if self.session.over and self.keep is not None and self.kept is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.keep / f"{self.session.game.name}-seed{self.session.seed}-{stamp}.json"
            self.kept = str(self.session.replay().save(path))


class Handler(BaseHTTPRequestHandler):
    server_version = "florentine-serve"

    @property
    def app(self) -> App:
        return self.server.app

    def log_message(self, format, *args) -> None:  # noqa: A002 - the name http.server gives it
        pass  # one line per request would bury the URL and any error on the terminal

    def _send(self, status: int, body: bytes, content_type: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def _json(self, data, status: int = HTTPStatus.OK) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        path = self.path.split("?", 1)[0]
        with self.app.lock:
            session = self.app.session
            if path in ("/", "/index.html"):
                self._send(HTTPStatus.OK, static_text("serve.html").encode(), "text/html; charset=utf-8")
            elif path in STATIC:
                name, kind = STATIC[path]
                self._send(HTTPStatus.OK, static_text(name).encode(), f"{kind}; charset=utf-8")
            elif path == "/api/state":
                self._json(self.app.state())
            elif path in ("/api/replay", "/replay.html") and session is not None:
                replay = session.replay()
                stem = f"{replay.game}-seed{replay.seed}"
                if path == "/api/replay":
                    body, kind = (json.dumps(replay.to_dict(), indent=1) + "\n").encode(), "application/json"
                    download = {"Content-Disposition": f'attachment; filename="{stem}.json"'}
                    self._send(HTTPStatus.OK, body, kind, download)
                else:
                    self._send(HTTPStatus.OK, page_html(replay).encode(), "text/html; charset=utf-8")
            else:
                self._json({"error": f"nothing at {path}"}, HTTPStatus.NOT_FOUND)

    def do_POST(self) -> None:  # noqa: N802
        path = self.path.split("?", 1)[0]
        try:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            if not isinstance(body, dict):
                raise ValueError("the request body must be a JSON object")
        except (ValueError, json.JSONDecodeError) as err:
            return self._json({"error": f"bad request: {err}"}, HTTPStatus.BAD_REQUEST)
        with self.app.lock:
            try:
                if path == "/api/move":
                    self.app.move(body)
                elif path == "/api/new":
                    self.app.new(body)
                else:
                    return self._json({"error": f"nothing at {path}"}, HTTPStatus.NOT_FOUND)
            except ValueError as err:
                return self._json({"error": str(err)}, HTTPStatus.BAD_REQUEST)
            self._json(self.app.state())


def make_server(game_name: str | None, kinds=None, seed: int = 0, options=None, port: int = 0,
                keep: str | None = None) -> ThreadingHTTPServer:  # fmt: skip
    """The server (not yet serving) on 127.0.0.1:``port`` (0: a free port, ``server.server_port``).
    A bad game, lineup or option is a ``ValueError`` here, before anything listens."""
    app = App(game_name, kinds, seed, options, keep)
    server = ThreadingHTTPServer((HOST, port), Handler)
    server.daemon_threads = True
    server.app = app
    return server


def serve(game_name, kinds=None, seed: int = 0, options=None, port: int = 8024, keep=None, write=print) -> int:
    """Serve until interrupted (``florentine serve``)."""
    try:
        server = make_server(game_name, kinds, seed, options, port, keep)
    except OSError as err:
        hint = "choose another --port, or 0 for any free port"
        raise ValueError(f"cannot listen on {HOST}:{port}: {err} ({hint})") from None
    write(f"playing on http://{HOST}:{server.server_port}/  (open it in a browser; Ctrl+C stops the server)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        write("stopped")
    finally:
        server.server_close()
    return 0
