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
and act through ``act_state``, so search agents play too. They move in a thread of their own, each
move within :data:`BOT_MOVE_SECONDS`: a request answers once they are done or after
:data:`REPLY_WAIT_SECONDS`, and the page asks again while one thinks (``thinking`` in the state); a
move past the limit stops the game, and the state says so (``halted``). Several ``human`` seats
share the screen (hot seat): the picture is drawn from the view of whichever of them is to move,
and the narration tells nobody's private cards.

**What the server refuses** (docs/guides/command-line.md, "Security"). It listens on 127.0.0.1
only, and answers only its own page: a request whose ``Host`` is not ``127.0.0.1:PORT`` or
``localhost:PORT`` (a page that reached the port through DNS rebinding names its own host), or
that carries another site's ``Origin``, gets 403; a ``POST`` must send ``Content-Type:
application/json`` (a cross-site form or ``text/plain`` post needs no CORS preflight; a JSON one
does) and a ``Content-Length`` of at most :data:`MAX_BODY_BYTES`, sent within
:data:`READ_TIMEOUT_SECONDS`. What the page may start is bounded too (:func:`check_page_agent`,
:data:`PAGE_REFUSED_OPTIONS`); the command line may start more. Every refusal is a JSON
``{"error": ...}`` saying what was refused and what is allowed.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np

import florentine_envs
from florentine_envs.agents import CALLABLE_SPEC, available_agents, make_agent
from florentine_envs.agents.ismcts import ISMCTSConfig, SearchStopped
from florentine_envs.training.replay import finished_replay, name_players, page_html, static_text

HOST = "127.0.0.1"  # local only: the page plays moves for whoever can reach it
LOCAL_NAMES = ("127.0.0.1", "localhost")  # the host names the page may be opened under (with the port)
HUMAN = "human"
MAX_BOT_MOVES = 1_000_000  # guard: computer players still moving after this many moves is an engine bug
STATIC = {"/static/serve.js": ("serve.js", "text/javascript"), "/static/style.css": ("style.css", "text/css")}

#: the largest POST body read (bytes): a longer ``Content-Length`` gets 413 before anything is read
#: (the page's requests are under 1 KiB)
MAX_BODY_BYTES = 64 * 1024
#: a request's line, headers and body must each arrive within this (seconds): a slower body gets
#: 408 and the connection is closed; every connection has its thread, so others are not held up
READ_TIMEOUT_SECONDS = 10.0
#: the most ``ismcts:N`` simulations per decision (N, and ``dets=``) the page may start; the
#: command line's ``--players`` may ask for more
PAGE_MAX_SIMULATIONS = 4096
#: the agents the page may start besides ``ismcts:N`` (within :data:`PAGE_MAX_SIMULATIONS`) and the
#: command line's own: ``learned:PATH``, ``ppo:PATH`` and ``module:function`` load files or code
PAGE_AGENTS = (HUMAN, "random", "heuristic", "learned")
#: game options that name a file to read: the page may only repeat the command line's values
PAGE_REFUSED_OPTIONS = ("data", "cards_path")
#: after answering, what the client still sends is read and dropped before the connection is
#: closed (a lingering close: :meth:`Server.shutdown_request`), at most this much and this long
LINGER_BYTES = 1024 * 1024
LINGER_SECONDS = 2.0
#: a computer player's move still thinking after this long (seconds) stops the game, reported on the
#: page; ``ismcts`` stops searching at once, another agent's late move is dropped when it comes
#: (``florentine serve --move-seconds``; 0: no limit)
BOT_MOVE_SECONDS = 60.0
#: a POST answers once the computer players have moved or after this long (seconds), whichever
#: comes first; the page asks again every half second while one thinks
REPLY_WAIT_SECONDS = 1.0
#: what each request may carry: field -> the JSON types allowed (``None``: null); the first is required
FIELDS = {
    "/api/move": {"action": (int,), "step": (int, type(None))},
    "/api/new": {"game": (str,), "players": (str, type(None)), "seed": (int, str, type(None)),
                 "options": (str, type(None))},
}  # fmt: skip
TYPE_NAMES = {int: "an integer", str: "a string", type(None): "null"}


REFUSED = object()  # what Handler._read_json returns for a body it refused (null is a JSON body)


class Conflict(ValueError):
    """A request that does not fit the game's moment (409): not a person's move, a stale page."""


def default_players(game) -> list[str]:
    """A person at seat 0 and the game's heuristic (random where it has none) at every other seat."""
    bot = "heuristic" if "heuristic" in available_agents(game) else "random"
    return [HUMAN] + [bot] * (game.num_players - 1)


def check_fields(path: str, body) -> None:
    """``ValueError`` unless ``body`` is a JSON object with only ``path``'s fields, each of its type."""
    if not isinstance(body, dict):
        raise ValueError(f"{path} takes a JSON object, got {type(body).__name__}")
    allowed = FIELDS[path]
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise ValueError(f"{path}: unknown field(s) {unknown}; it takes {', '.join(allowed)}")
    required = next(iter(allowed))
    if required not in body:
        raise ValueError(f"{path}: {required} is missing; it takes {', '.join(allowed)}")
    for field, value in body.items():
        if not isinstance(value, allowed[field]) or isinstance(value, bool):
            kinds = " or ".join(TYPE_NAMES[kind] for kind in allowed[field])
            raise ValueError(f"{path}: {field} must be {kinds}, got {type(value).__name__} {json.dumps(value)[:80]}")


def check_page_agent(spec: str, game: str, num_players: int, trusted=()) -> None:
    """``ValueError`` unless the page may start agent ``spec`` in ``game``: one of
    :data:`PAGE_AGENTS`, ``ismcts:N...`` within :data:`PAGE_MAX_SIMULATIONS` (N and ``dets=``,
    checked by the spec's own parser), or one of the command line's ``trusted`` specs."""
    if spec in PAGE_AGENTS or spec in trusted:
        return
    if spec.startswith("ismcts:"):
        config = ISMCTSConfig.parse(spec, game, num_players)  # the spec's own check, as make_agent's
        for what, value in (("N (simulations per decision)", config.simulations), ("dets", config.determinizations)):
            if value > PAGE_MAX_SIMULATIONS:
                raise ValueError(f"agent {spec!r}: {what} is {value}, more than the page starts "
                                 f"({PAGE_MAX_SIMULATIONS}); give it with --players on the command line")  # fmt: skip
        return
    allowed = (f"the page starts {', '.join(PAGE_AGENTS)} and ismcts:N[:PRESET][:key=value...] with N up to "
               f"{PAGE_MAX_SIMULATIONS}")  # fmt: skip
    if spec.startswith(("learned:", "ppo:")) or CALLABLE_SPEC.fullmatch(spec):
        raise ValueError(f"agent {spec!r} loads a file or code: name it with --players on the command line; "
                         f"{allowed}")  # fmt: skip
    raise ValueError(f"unknown agent {spec!r}; {allowed}")


class Session:
    """One game in play: the engine state, the agents, the moves made and the narration.

    Used alone (``play=True``) the computer players move at once, in the caller's thread; the
    server (:class:`App`) moves them in a thread of its own and sets :attr:`thinking`,
    :attr:`busy` and :attr:`halted`."""

    def __init__(self, game_name: str, kinds: list[str] | None = None, seed: int = 0, options: dict | None = None,
                 play: bool = True):  # fmt: skip
        from florentine_envs.training.playing import narration_viewer

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
        #: (seat, monotonic start, deadline) of the computer player thinking now (set by App)
        self.thinking: tuple[int, float, float] | None = None
        self.busy = False  # App's computer players' thread runs for this game
        self.worker: threading.Thread | None = None  # that thread (the last one started)
        self.halted: str | None = None  # why the game stopped before its end (a move past its time)
        self.stop = threading.Event()  # set when the game is halted or replaced: a search stops
        self.state = self.game.init(np.array([self.seed], dtype=np.uint64), on_move=self._narrate)
        if play:
            self._play_bots()

    def _narrate(self, before, after, games, actions, forced) -> None:
        for line in self.game.narrate(before, after, 0, int(actions[0]), forced, viewer=self.viewer):
            self.log.append(name_players(line, self.names))

    def _step(self, action: int) -> None:
        self.game.step(self.state, np.array([action], dtype=np.int64), on_move=self._narrate)
        self.actions.append(int(action))

    @property
    def bot_to_move(self) -> bool:
        return not self.over and self.agents[self.to_move] is not None

    def bot_action(self, should_stop=None) -> int:
        """The move of the computer player to move (the state is only read); ``should_stop`` is
        handed to an agent that checks one (``ismcts``: :class:`SearchStopped` when it says so)."""
        seat = self.to_move
        agent = self.agents[seat]
        if hasattr(agent, "should_stop"):
            agent.should_stop = should_stop
        obs = self.game.observe(self.state, np.array([seat]))
        return int(agent.act_state(self.state, [0], obs)[0])

    def _play_bots(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            if not self.bot_to_move:
                return
            self._step(self.bot_action())
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

    def move(self, action, step=None, play: bool = True) -> None:
        """Play a person's move (``ValueError`` naming what is allowed; :class:`Conflict` when it is
        no person's move or the page is stale), then (``play``) the computer players'."""
        if self.over:
            raise Conflict("the game is over: start a new one")
        if self.halted:
            raise Conflict(f"the game has stopped ({self.halted}): start a new one")
        if self.agents[self.to_move] is not None:
            raise Conflict(f"it is {self.names[self.to_move]}'s move, not a person's: wait for it")
        if step is not None and step != len(self.actions):
            raise Conflict(f"this page shows move {step} but the game is at move {len(self.actions)}: reload it")
        legal = np.flatnonzero(self.state.legal_action_mask[0])
        if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
            shown = ", ".join(f"{a} ({self.game.describe_action(self.state, 0, int(a))})" for a in legal)
            raise ValueError(f"{self.game.name}: action {action!r} is not legal now; legal: {shown}")
        self._step(action)
        if play:
            self._play_bots()

    def legal_moves(self) -> list[dict]:
        """The person's choices, in the terminal game's order (grouped by ``action_group``)."""
        from florentine_envs.training.playing import grouped_legal

        if self.over or self.halted or self.agents[self.to_move] is not None:
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
        thinking = None
        if self.over:
            ranks = game.ranks(state)[0]
            order = np.argsort(ranks, kind="stable")
            status = "Game over: " + "; ".join(
                f"{int(ranks[s])}. {self.names[s]} {int(state.scores[0, s])}" for s in order
            )
        elif self.halted:
            status = f"Stopped: {self.halted}"
        elif self.thinking is not None:
            seat, start, deadline = self.thinking
            limit = None if deadline == float("inf") else round(deadline - start, 1)
            thinking = {"seat": seat, "seconds": round(time.monotonic() - start, 1), "limit": limit}
            status = f"{self.names[seat]} is thinking ({thinking['seconds']:.0f} s"
            status += f"; its limit is {limit:g} s)" if limit is not None else ")"
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
            "thinking": thinking,
            "halted": self.halted,
            "picture": picture_svg(game, state, 0, view),
            "hand": list(hand_lines(state, 0, view)) if hand_lines is not None and view is not None else [],
            "moves": self.legal_moves(),
            "log": self.log,
            "scores": [int(s) for s in state.scores[0]] if self.over else None,
        }


class App:
    """The server's one session and what the page's form needs. Every method takes the lock; the
    computer players move in a thread of their own (:meth:`_run_bots`), each move within
    ``move_seconds`` (0: no limit). ``wait``: how long a call waits for them (None: until they are
    done, as the command line and the tests want; the server waits :data:`REPLY_WAIT_SECONDS`)."""

    def __init__(self, game_name: str | None, kinds=None, seed: int = 0, options=None, keep: str | None = None,
                 move_seconds: float = BOT_MOVE_SECONDS, wait: float | None = None):  # fmt: skip
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)  # a computer player moved, or stopped
        self.keep = Path(keep) if keep else None
        self.kept: str | None = None  # the file the finished game was written to (with keep)
        if not (move_seconds is None or move_seconds >= 0):
            raise ValueError(f"move_seconds={move_seconds}: a computer player's time is >= 0 seconds (0: no limit)")
        self.move_seconds = float(move_seconds) if move_seconds else None  # None: no limit
        #: the command line's lineup and options: the page may start them again (they may exceed its limits)
        self.trusted_kinds = tuple(kinds or ())
        self.trusted_options = dict(options or {})
        self.defaults = {"game": game_name or "medici", "players": ",".join(kinds or []), "seed": seed,
                         "options": " ".join(f"{k}={v}" for k, v in (options or {}).items())}  # fmt: skip
        self.session: Session | None = None
        if game_name:
            self._begin(Session(game_name, kinds, seed, options, play=False), wait)

    def state(self) -> dict:
        names = florentine_envs.available_games()
        games = [{"id": g, "players": list(florentine_envs.player_counts(g))} for g in names]
        limits = {"simulations": PAGE_MAX_SIMULATIONS, "move_seconds": self.move_seconds,
                  "agents": list(PAGE_AGENTS) + [f"ismcts:N (N <= {PAGE_MAX_SIMULATIONS})"]}  # fmt: skip
        with self.lock:
            self._check_time()
            out = {"games": games, "defaults": self.defaults, "kept": self.kept, "limits": limits}
            if self.session is None:
                return {**out, "game": None, "thinking": None, "halted": None}
            return {**self.session.to_json(), **out}

    def replay(self):
        """The replay of the game so far (None: no game yet)."""
        with self.lock:
            return None if self.session is None else self.session.replay()

    def new(self, body: dict, wait: float | None = None) -> None:
        """A new game from the page's form (``/api/new``): within the page's limits, else ValueError."""
        from florentine_envs.training.playing import parse_options

        check_fields("/api/new", body)
        name = body.get("game")
        if name not in florentine_envs.available_games():
            raise ValueError(f"game {name!r}; available: {', '.join(florentine_envs.available_games())}")
        kinds = [k.strip() for k in (body.get("players") or "").split(",") if k.strip()] or None
        for spec in kinds or ():
            check_page_agent(spec, name, len(kinds), self.trusted_kinds)
        seed = body.get("seed") or 0
        if isinstance(seed, str):
            if not (seed.strip().isascii() and seed.strip().isdigit() and len(seed.strip()) <= 19):
                raise ValueError(f"seed must be an integer in 0..2**63-1; got {seed[:40]!r}")
            seed = int(seed)
        try:
            options = parse_options((body.get("options") or "").replace(",", " ").split())
        except SystemExit as err:  # parse_options exits on a word without "="
            raise ValueError(f"options: {err}") from None
        for key in PAGE_REFUSED_OPTIONS:
            if key in options and str(options[key]) != str(self.trusted_options.get(key)):
                raise ValueError(f"option {key}= names a file to read: the page may not set it (give it with "
                                 "--option on the command line)")  # fmt: skip
        session = Session(name, kinds, seed, options, play=False)  # the command line's checks: players, options
        defaults = {"game": name, "players": ",".join(session.kinds), "seed": seed,
                    "options": body.get("options") or ""}  # fmt: skip
        self._begin(session, wait, defaults)

    def move(self, body: dict, wait: float | None = None) -> None:
        check_fields("/api/move", body)
        with self.lock:
            self._check_time()
            if self.session is None:
                raise Conflict("no game yet: start one")
            self.session.move(body.get("action"), body.get("step"), play=False)
            self._keep_finished()
            self._start_bots()
            self._wait(wait)

    def close(self) -> None:
        """Stop the computer players (a search stops; a move still coming is dropped)."""
        with self.lock:
            if self.session is not None:
                self.session.stop.set()

    # ------------------------------------------------------------------ the computer players

    def _begin(self, session: Session, wait: float | None, defaults: dict | None = None) -> None:
        with self.lock:
            if self.session is not None:
                self.session.stop.set()  # a search for the old game stops; its moves are dropped
            self.session, self.kept = session, None
            self.defaults = defaults or self.defaults
            self._start_bots()
            self._wait(wait)

    def _start_bots(self) -> None:  # the lock is held
        session = self.session
        if session is None or session.busy or session.halted or not session.bot_to_move:
            return
        session.busy = True
        now = time.monotonic()  # thinking from now on (the thread sets each move's own start)
        session.thinking = (session.to_move, now, now + (self.move_seconds or float("inf")))
        session.worker = threading.Thread(target=self._run_bots, args=(session,), name="serve-bots", daemon=True)
        session.worker.start()

    def _run_bots(self, session: Session) -> None:
        """The computer players' moves until a person is to move, the game ends, is halted or replaced."""
        for _ in range(MAX_BOT_MOVES):
            with self.lock:
                if self.session is not session or session.stop.is_set() or not session.bot_to_move:
                    session.busy, session.thinking = False, None
                    self.changed.notify_all()
                    return
                start = time.monotonic()
                deadline = start + (self.move_seconds or float("inf"))
                session.thinking = (session.to_move, start, deadline)
                self.changed.notify_all()
            error: Exception | None = None
            try:
                action = session.bot_action(lambda end=deadline: session.stop.is_set() or time.monotonic() > end)
            except SearchStopped:
                action = None
            except Exception as err:  # noqa: BLE001 - any agent's failure is told on the page
                action, error = None, err
            with self.lock:
                if self.session is not session or session.stop.is_set():
                    continue  # replaced, halted by _check_time or closed: the move is dropped
                if action is not None and time.monotonic() <= deadline:
                    try:
                        session._step(action)
                        self._keep_finished()
                        continue
                    except Exception as err:  # noqa: BLE001 - e.g. an illegal move from an agent of the user's
                        error = err
                self._halt(session, error)
        with self.lock:
            self._halt(session, RuntimeError(f"computer players still moving after {MAX_BOT_MOVES} moves"))

    def _halt(self, session: Session, error: Exception | None = None) -> None:  # the lock is held
        seat = session.thinking[0] if session.thinking is not None else session.to_move
        name = session.names[seat]
        if error is None:
            session.halted = (
                f"{name} did not move within {self.move_seconds:g} s, the limit of a computer player's move "
                "here; start a new game with a smaller budget, e.g. ismcts:256"
            )
        else:
            session.halted = f"{name} failed: {type(error).__name__}: {error}"
        session.stop.set()
        session.busy, session.thinking = False, None
        self.changed.notify_all()

    def _check_time(self) -> None:  # the lock is held
        """Halt the game whose computer player is past its time (an agent that cannot be stopped
        moves on in its thread; its move is dropped when it comes)."""
        session = self.session
        if session is not None and session.thinking is not None and time.monotonic() > session.thinking[2]:
            self._halt(session)

    def _wait(self, wait: float | None) -> None:  # the lock is held
        """Wait (releasing the lock) until the computer players are done, or ``wait`` seconds."""
        session = self.session
        end = None if wait is None else time.monotonic() + wait
        while session is not None and session.busy and self.session is session:
            now = time.monotonic()
            timeouts = [] if end is None else [end - now]
            if session.thinking is not None:
                timeouts.append(session.thinking[2] - now + 0.01)
            timeout = min(timeouts, default=None)
            if end is not None and now >= end:
                return
            self.changed.wait(None if timeout is None or timeout == float("inf") else max(timeout, 0.0))
            self._check_time()

    def _keep_finished(self) -> None:  # the lock is held
        session = self.session
        if session is not None and session.over and self.keep is not None and self.kept is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.keep / f"{session.game.name}-seed{session.seed}-{stamp}.json"
            self.kept = str(session.replay().save(path))


# ------------------------------------------------------------------------------ the HTTP side


class Handler(BaseHTTPRequestHandler):
    """The page, its files and the JSON endpoints; every refusal is a JSON ``{"error": ...}``."""

    server_version = "florentine-serve"
    #: sent with every answer: no other site may frame the page (clickjacking) or embed its answers
    SAFETY_HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
                      "Content-Security-Policy": "frame-ancestors 'none'",
                      "Cross-Origin-Resource-Policy": "same-origin", "Cache-Control": "no-store"}  # fmt: skip

    @property
    def app(self) -> App:
        return self.server.app

    def setup(self) -> None:
        self.timeout = self.server.read_timeout  # the socket's timeout (StreamRequestHandler.setup)
        super().setup()

    def log_message(self, format, *args) -> None:  # noqa: A002 - the name http.server gives it
        pass  # one line per request would bury the URL and any error on the terminal

    def _send(self, status: int, body: bytes, content_type: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in {**self.SAFETY_HEADERS, **(extra or {})}.items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, data, status: int = HTTPStatus.OK, extra: dict | None = None) -> None:
        self._send(status, json.dumps(data).encode(), "application/json", extra)

    def _refuse(self, status: int, message: str, extra: dict | None = None) -> None:
        self.close_connection = True  # what is left of the request is not read as another
        self._json({"error": message}, status, extra)

    def send_error(self, code, message=None, explain=None) -> None:
        """http.server's own refusals (a malformed request line, headers too long, an unknown
        method) as JSON too."""
        short, long = self.responses.get(code, ("error", ""))
        self._refuse(code, f"{short}: {message or long}")

    # ---------------------------------------------------------------- who may ask

    def _allowed(self, post: bool) -> bool:
        """True for a request from the server's own page; else answer 403 and return False."""
        port = self.server.server_port
        hosts = [f"{name}:{port}" for name in LOCAL_NAMES] + (list(LOCAL_NAMES) if port == 80 else [])
        origins = [f"http://{host}" for host in hosts]
        given = self.headers.get_all("Host") or []
        if len(given) != 1 or given[0].strip().lower() not in hosts:
            self._refuse(HTTPStatus.FORBIDDEN, f"Host {', '.join(given) or '(none)'} refused: this server answers "
                         f"only its own page, opened as http://{hosts[0]}/ or http://{hosts[1]}/ (another name "
                         "is how a web page reaches it through DNS rebinding)")  # fmt: skip
            return False
        origin = self.headers.get_all("Origin") or []
        if origin and (len(origin) != 1 or origin[0].strip().lower() not in origins):
            self._refuse(HTTPStatus.FORBIDDEN, f"Origin {', '.join(origin)} refused: only this server's own page "
                         f"({' or '.join(origins)}) may send requests")  # fmt: skip
            return False
        if post and self.headers.get_content_type() != "application/json":
            self._refuse(HTTPStatus.FORBIDDEN, f"Content-Type {self.headers.get('Content-Type', '(none)')} refused: "
                         "POST bodies are JSON, sent as Content-Type: application/json (forms and text/plain "
                         "are what other sites can post without asking)")  # fmt: skip
            return False
        return True

    def _read_json(self):
        """The POST body as JSON, or :data:`REFUSED` after answering the refusal (411, 400, 413, 408)."""
        lengths = self.headers.get_all("Content-Length") or []
        if self.headers.get("Transfer-Encoding"):
            self._refuse(HTTPStatus.BAD_REQUEST, "Transfer-Encoding is not supported: send the body with "
                         "a Content-Length")  # fmt: skip
            return REFUSED
        if not lengths:
            self._refuse(HTTPStatus.LENGTH_REQUIRED, f"a POST needs a Content-Length (at most {MAX_BODY_BYTES} bytes)")
            return REFUSED
        text = lengths[0].strip()
        if len(lengths) != 1 or not (text.isascii() and text.isdigit()):
            self._refuse(HTTPStatus.BAD_REQUEST, f"Content-Length {', '.join(lengths)!r} is not one whole number")
            return REFUSED
        length = int(text)
        if length > MAX_BODY_BYTES:
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                         f"a body of {length} bytes refused: at most {MAX_BODY_BYTES} are read")  # fmt: skip
            return REFUSED
        deadline = time.monotonic() + self.server.read_timeout
        raw, ended, late = b"", False, False
        try:
            while len(raw) < length and not ended:  # the whole body within the timeout, not each piece
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                self.connection.settimeout(left)
                piece = self.rfile.read1(length - len(raw))
                raw, ended = raw + piece, not piece
        except TimeoutError:
            late = True
        finally:
            self.connection.settimeout(self.server.read_timeout)  # the answer's own time to be sent
        if late:
            self._refuse(HTTPStatus.REQUEST_TIMEOUT, f"the body did not arrive within {self.server.read_timeout:g} s "
                         f"({len(raw)} of {length} bytes)")  # fmt: skip
            return REFUSED
        if ended:
            self._refuse(HTTPStatus.BAD_REQUEST, f"the body ended after {len(raw)} of its {length} bytes")
            return REFUSED
        try:
            return json.loads(raw)
        except (ValueError, RecursionError) as err:  # UnicodeDecodeError is a ValueError
            self._refuse(HTTPStatus.BAD_REQUEST, f"the body is not JSON: {str(err)[:200]}")
            return REFUSED

    # ---------------------------------------------------------------- methods

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if not self._allowed(post=False):
            return
        path = self.path.split("?", 1)[0]
        if path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, static_text("serve.html").encode(), "text/html; charset=utf-8")
        elif path in STATIC:
            name, kind = STATIC[path]
            self._send(HTTPStatus.OK, static_text(name).encode(), f"{kind}; charset=utf-8")
        elif path == "/api/state":
            self._json(self.app.state())
        elif path in ("/api/replay", "/replay.html") and (replay := self.app.replay()) is not None:
            stem = f"{replay.game}-seed{replay.seed}"
            if path == "/api/replay":
                body, kind = (json.dumps(replay.to_dict(), indent=1) + "\n").encode(), "application/json"
                download = {"Content-Disposition": f'attachment; filename="{stem}.json"'}
                self._send(HTTPStatus.OK, body, kind, download)
            else:
                self._send(HTTPStatus.OK, page_html(replay).encode(), "text/html; charset=utf-8")
        else:
            self._refuse(HTTPStatus.NOT_FOUND, f"nothing at {path[:200]}")

    def do_POST(self) -> None:  # noqa: N802
        if not self._allowed(post=True):
            return
        path = self.path.split("?", 1)[0]
        if path not in FIELDS:
            return self._refuse(HTTPStatus.NOT_FOUND, f"nothing at {path[:200]}; POST to {' or '.join(FIELDS)}")
        body = self._read_json()
        if body is REFUSED:
            return
        try:
            if path == "/api/move":
                self.app.move(body, wait=REPLY_WAIT_SECONDS)
            else:
                self.app.new(body, wait=REPLY_WAIT_SECONDS)
        except Conflict as err:
            return self._refuse(HTTPStatus.CONFLICT, str(err))
        except ValueError as err:
            return self._refuse(HTTPStatus.BAD_REQUEST, str(err))
        self._json(self.app.state())

    def _not_allowed(self) -> None:
        if self._allowed(post=False):
            self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not served: GET the page and the "
                         "state, POST moves and new games", {"Allow": "GET, POST"})  # fmt: skip

    do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _not_allowed  # noqa: N815


class Server(ThreadingHTTPServer):
    """A thread per connection (daemon threads: Ctrl+C does not wait for them), a longer queue of
    connections waiting to be accepted than http.server's 5, and a lingering close."""

    daemon_threads = True
    request_queue_size = 64
    read_timeout = READ_TIMEOUT_SECONDS

    def shutdown_request(self, request) -> None:
        """Close after the answer without losing it: a refused request's body may still be unread,
        and closing a socket with unread data resets the connection, which can destroy the answer
        before the client reads it. So: end our side, read and drop what the client still sends
        (at most :data:`LINGER_BYTES`, within the read timeout), then close."""
        try:
            request.shutdown(socket.SHUT_WR)
            request.settimeout(min(self.read_timeout, LINGER_SECONDS))
            dropped = 0
            while dropped < LINGER_BYTES:
                piece = request.recv(65536)
                if not piece:
                    break
                dropped += len(piece)
        except OSError:  # the client is gone, or slow: close anyway
            pass
        self.close_request(request)


def make_server(game_name: str | None, kinds=None, seed: int = 0, options=None, port: int = 0,
                keep: str | None = None, move_seconds: float = BOT_MOVE_SECONDS,
                read_timeout: float = READ_TIMEOUT_SECONDS) -> Server:  # fmt: skip
    """The server (not yet serving) on 127.0.0.1:``port`` (0: a free port, ``server.server_port``).
    A bad game, lineup or option is a ``ValueError`` here, before anything listens."""
    app = App(game_name, kinds, seed, options, keep, move_seconds=move_seconds, wait=0)
    server = Server((HOST, port), Handler)
    server.app = app
    server.read_timeout = float(read_timeout)
    return server


def serve(game_name, kinds=None, seed: int = 0, options=None, port: int = 8024, keep=None, write=print,
          move_seconds: float = BOT_MOVE_SECONDS) -> int:  # fmt: skip
    """Serve until interrupted (``florentine serve``)."""
    try:
        server = make_server(game_name, kinds, seed, options, port, keep, move_seconds)
    except OSError as err:
        hint = "choose another --port, or 0 for any free port"
        raise ValueError(f"cannot listen on {HOST}:{port}: {err} ({hint})") from None
    write(f"playing on http://{HOST}:{server.server_port}/  (open it in a browser; Ctrl+C stops the server)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        write("stopped")
    finally:
        server.app.close()
        server.server_close()
    return 0
