"""Kept games: a small JSON replay format, and a self-contained HTML page that replays one.

A game is exact from its seed and its actions (DESIGN.md rule 3: ``(seed, actions)`` replays a game
exactly), so a replay keeps only those and what is needed to check them::

    {"format": "florentine-replay-v1", "game": "medici", "version": 1, "num_players": 2,
     "options": {}, "seed": 7, "actions": [0, 3, ...], "agents": ["heuristic", "random"],
     "scores": [41, 30], "source": "tournament"}

``actions`` are the players' decisions only: forced moves (a single legal action) are played by the
engine itself. ``scores`` are the final scores (null for a game left unfinished, e.g. one a person
quit). ``agents`` names the player at each seat. Loading a replay checks the game's version and
options against the installed game, and playing it back checks every action and the final scores:
each mismatch is a ``ValueError`` naming the step.

    >>> import florentine_envs
    >>> from florentine_envs.training.replay import Replay, play_back
    >>> replay = Replay("medici", version=florentine_envs.make("medici", num_players=2).version,
    ...                 num_players=2, options={}, seed=3, actions=[0], agents=["you", "random"])
    >>> [step for step, state in play_back(replay)]
    [0, 1]
    >>> Replay.from_dict({**replay.to_dict(), "actions": [0, 99]}).check()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: replay step 2: medici: action 99 (out of range 0..5) is illegal for player_1; legal actions: ...

:func:`write_page` writes the page: the picture of every step from every view asked for (each
seat's view and the whole table), a slider and step buttons, and each step's narration as that
view tells it. The SVG pictures of one game are large (40-70 kB each, 30+ MB for a long game from
three views) but nearly all alike from one step to the next, so the page holds each distinct SVG
line once and every picture as a list of line numbers, the whole gzip-compressed and base64-coded;
the browser inflates it with ``DecompressionStream``. A 264-step Firenze game from three views:
34 MB of SVG, a 0.1 MB page.

Tournaments, balance studies and ``florentine play`` keep games with :class:`ActionRecorder` (it
wraps the agents of a batch and records the decisions of chosen games) and :func:`write_replays`.
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import html
import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import numpy as np

import florentine_envs
from florentine_envs.core.state import State

FORMAT = "florentine-replay-v1"
TABLE = "table"  # the view key of the whole table (every seat's view is its seat number)


@dataclasses.dataclass
class Replay:
    """One kept game (see the module docstring for the JSON form)."""

    game: str
    version: int
    num_players: int
    options: dict
    seed: int
    actions: list[int]
    agents: list[str]  # who played each seat: a make_agent name, or "human"
    scores: list[int] | None = None  # final scores by seat; None: the game was not finished
    source: str = ""  # what kept it (tournament, balance, play, serve)

    def to_dict(self) -> dict:
        return {"format": FORMAT, **dataclasses.asdict(self)}

    @classmethod
    def from_dict(cls, data) -> Replay:
        """A replay from its JSON object; ``ValueError`` naming a missing or malformed field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"a replay must be a JSON object with format {FORMAT!r}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        missing = [name for name, f in fields.items() if f.default is dataclasses.MISSING and name not in data]
        if missing:
            raise ValueError(f"replay lacks field(s) {', '.join(missing)}")
        checks = {
            "game": lambda v: isinstance(v, str),
            "version": _is_int,
            "num_players": _is_int,
            "options": lambda v: isinstance(v, dict),
            "seed": lambda v: _is_int(v) and 0 <= v < 2**64,
            "actions": lambda v: isinstance(v, list) and all(_is_int(a) for a in v),
            "agents": lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v),
            "scores": lambda v: v is None or (isinstance(v, list) and all(_is_int(s) for s in v)),
            "source": lambda v: isinstance(v, str),
        }
        for name, ok in checks.items():
            if name in data and not ok(data[name]):
                raise ValueError(f"replay field {name!r} is malformed: {data[name]!r}")
        return cls(**{name: data[name] for name in fields if name in data})

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=1) + "\n")
        return path

    def make_game(self):
        """The installed game this replay was played on; ``ValueError`` when its version, player
        count or options differ from the ones the replay was kept with."""
        try:
            game = florentine_envs.make(self.game, num_players=self.num_players, **self.options)
        except (ValueError, TypeError) as err:
            raise ValueError(f"replay of {self.game} with {self.num_players} players and options "
                             f"{self.options}: the installed game refuses them: {err}") from None  # fmt: skip
        if game.version != self.version:
            raise ValueError(f"replay of {self.game} version {self.version}; the installed {self.game} is "
                             f"version {game.version} (its rules changed: the actions would not replay)")  # fmt: skip
        if len(self.agents) != game.num_players:
            raise ValueError(f"replay names {len(self.agents)} agents for {game.num_players} seats")
        return game

    def check(self) -> State:
        """Play the replay through; its final state (``ValueError`` naming the first bad step)."""
        state = None
        for _, state in play_back(self):
            pass
        return state


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load(path: str | Path) -> Replay:
    """The replay kept in the JSON file ``path``."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as err:
        raise ValueError(f"{path}: cannot read the replay: {err}") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"{path}: not a JSON replay: {err}") from None
    return Replay.from_dict(data)


def play_back(replay: Replay, on_move=None) -> Iterator[tuple[int, State]]:
    """Yield ``(step, state)``: the start (step 0) and the state after each action (step k after
    the k-th), one batch-of-one state updated in place. ``on_move``: as in ``Game.step`` (the
    moves of each step, forced ones included, as they are played). Raises ``ValueError`` naming
    the step when an action is illegal, when actions remain after the game ended, or when the
    final scores differ from the replay's."""
    game = replay.make_game()
    state = game.init(np.array([replay.seed], dtype=np.uint64), on_move=on_move)
    yield 0, state
    for step, action in enumerate(replay.actions, start=1):
        if state.terminated[0]:
            raise ValueError(f"replay step {step}: the game ended after step {step - 1}, "
                             f"but the replay has {len(replay.actions) - step + 1} more action(s)")  # fmt: skip
        if not (0 <= action < game.num_actions and state.legal_action_mask[0, action]):
            raise ValueError(f"replay step {step}: {game.illegal_action_message(state, 0, action)}")
        game.step(state, np.array([action], dtype=np.int64), on_move=on_move)
        yield step, state
    if replay.scores is not None:
        if not state.terminated[0]:
            raise ValueError(f"replay step {len(replay.actions)}: the replay has final scores {replay.scores}, "
                             "but the game is not over after its last action")  # fmt: skip
        played = [int(s) for s in state.scores[0]]
        if played != list(replay.scores):
            raise ValueError(f"replay step {len(replay.actions)}: the replay's final scores {replay.scores} differ "
                             f"from the replayed game's {played}")  # fmt: skip


def finished_replay(game, seed: int, actions, agents, state: State, index: int = 0, source: str = "") -> Replay:
    """The replay of game ``index`` of ``state`` (its scores when it is over, else None)."""
    over = bool(state.terminated[index])
    return Replay(game.name, game.version, game.num_players, json.loads(json.dumps(game.options)), int(seed),
                  [int(a) for a in actions], [str(a) for a in agents],
                  [int(s) for s in state.scores[index]] if over else None, source)  # fmt: skip


# ------------------------------------------------------------------------------ keeping games


class ActionRecorder:
    """Records the decisions of the first ``keep`` games of a batch played by ``play_games``.

    :meth:`wrap` gives agents that act as the wrapped ones and note, for each row below ``keep``,
    the action chosen. ``play_games`` asks each agent once per step for the rows whose seat it
    holds, and every live game has one mover per step, so each game's list is its actions in
    order (finished games are never asked)."""

    def __init__(self, keep: int):
        self.keep = max(0, int(keep))
        self.actions: list[list[int]] = [[] for _ in range(self.keep)]

    def wrap(self, agents: list) -> list:
        return agents if not self.keep else [_Recording(agent, self) for agent in agents]

    def replays(self, game, seeds, seat_agents, state_scores, source: str) -> list[dict]:
        """Replay dicts of the kept games: ``seeds`` uint64[B], ``seat_agents`` [B][P] names by
        seat, ``state_scores`` int[B, P] final scores."""
        options = json.loads(json.dumps(game.options))
        return [
            Replay(game.name, game.version, game.num_players, options, int(seeds[g]), self.actions[g],
                   [str(a) for a in seat_agents[g]], [int(s) for s in state_scores[g]], source).to_dict()
            for g in range(min(self.keep, len(seeds)))
        ]  # fmt: skip


class _Recording:
    """An agent that records what the agent it wraps chooses (see :class:`ActionRecorder`)."""

    def __init__(self, agent, recorder: ActionRecorder):
        self._agent, self._recorder = agent, recorder

    def act_state(self, state: State, rows, obs=None) -> np.ndarray:
        actions = self._agent.act_state(state, rows, obs)
        for row, action in zip(np.asarray(rows).tolist(), np.asarray(actions).tolist()):
            if row < self._recorder.keep:
                self._recorder.actions[row].append(int(action))
        return actions

    def __getattr__(self, name):
        return getattr(self._agent, name)


def write_replays(replays: list[dict], folder: str | Path, stem: str = "game") -> list[Path]:
    """Write replay dicts as ``folder/{stem}_{i:04d}.json``; the paths written."""
    return [Replay.from_dict(r).save(Path(folder) / f"{stem}_{i:04d}.json") for i, r in enumerate(replays)]


# ------------------------------------------------------------------------------ the page


def seat_names(replay: Replay) -> list[str]:
    """``player_0 (heuristic)`` and so on: how the page and the narration name the seats."""
    return [f"player_{seat} ({agent})" for seat, agent in enumerate(replay.agents)]


def name_players(line: str, names: list[str]) -> str:
    """A narration line with ``player_i`` read as the seat's name (``player_1 (random)``)."""
    for seat, name in enumerate(names):
        line = line.replace(f"player_{seat} ", f"{name} ").replace(f"player_{seat}:", f"{name}:")
        if line.endswith(f"player_{seat}"):
            line = line[: -len(f"player_{seat}")] + name
    return line


def parse_views(text: str | None, num_players: int) -> list:
    """``--views``: ``all`` (the whole table, then every seat), ``table``, or a comma list of
    ``table`` and seat numbers. Returns view keys: ``TABLE`` or an int seat."""
    if text is None or text.strip() == "all":
        return [TABLE, *range(num_players)]
    views = []
    for word in (w.strip() for w in text.split(",") if w.strip()):
        if word == TABLE:
            views.append(TABLE)
        elif word.isdigit() and int(word) < num_players:
            views.append(int(word))
        else:
            raise ValueError(f"view {word!r}; allowed: all, table, or seats 0..{num_players - 1} (comma-separated)")
    if not views:
        raise ValueError("no view asked for; allowed: all, table, or seats (comma-separated)")
    return list(dict.fromkeys(views))


class _Lines:
    """Every distinct line of the page's pictures and narrations, numbered once."""

    def __init__(self):
        self.index: dict[str, int] = {}

    def code(self, text_lines) -> list[int]:
        return [self.index.setdefault(line, len(self.index)) for line in text_lines]


def page_data(replay: Replay, views=None) -> tuple[dict, dict]:
    """``(meta, data)`` of the page: ``meta`` (small, plain JSON in the page: title, seats,
    scores, step count, view labels) and ``data`` (pictures and narrations as line numbers)."""
    from florentine_envs.pictures import picture_svg
    from florentine_envs.pictures.widgets import game_title

    views = [TABLE, *range(replay.num_players)] if views is None else list(views)
    names = seat_names(replay)
    lines = _Lines()
    frames = {v: [] for v in views}  # view -> per step: line numbers of its SVG
    told = {v: [] for v in views}  # view -> per step: line numbers of its narration
    movers: list[int] = []  # seat that took each step's decision (-1 for the start)
    pending: list[tuple] = []  # the moves of the step being played (before, after, action, forced)
    game = replay.make_game()

    def on_move(before, after, games, actions, forced):
        pending.append((before, after, int(actions[0]), bool(forced)))

    for step, state in play_back(replay, on_move=on_move):
        for v in views:
            view = None if v == TABLE else v
            frames[v].append(lines.code(picture_svg(game, state, 0, view).split("\n")))
            text = []
            for before, after, action, forced in pending:
                text += game.narrate(before, after, 0, action, forced, viewer=view)
            told[v].append(lines.code(name_players(line, names) for line in text))
        movers.append(int(pending[0][0].current_player[0]) if step and pending else -1)
        pending.clear()
    labels = {TABLE: "whole table"} | {seat: f"{names[seat]}'s view" for seat in range(replay.num_players)}
    meta = {
        "title": game_title(replay.game, game),
        "game": replay.game,
        "seed": str(replay.seed),
        "seats": names,
        "scores": replay.scores,
        "steps": len(replay.actions),
        "movers": movers,
        "views": [{"key": str(v), "label": labels[v]} for v in views],
        "source": replay.source,
    }
    data = {"lines": list(lines.index), "frames": [frames[v] for v in views], "narration": [told[v] for v in views]}
    return meta, data


def encode_data(data: dict) -> str:
    """gzip + base64 of the JSON of ``data`` (what the page inflates with ``DecompressionStream``)."""
    raw = json.dumps(data, separators=(",", ":")).encode()
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def static_text(name: str) -> str:
    """A file of the package's ``static`` folder (the pages' script, style and templates)."""
    return resources.files("florentine_envs.training").joinpath("static", name).read_text()


def fill(template: str, values: dict[str, str]) -> str:
    """``template`` with each ``__KEY__`` replaced by ``values[KEY]``, in one pass (a value that
    happens to hold another key's marker is left as it is)."""
    return re.sub(r"__([A-Z]+)__", lambda m: values.get(m.group(1), m.group(0)), template)


def page_html(replay: Replay, views=None) -> str:
    """The self-contained HTML page of ``replay`` (no network: script, style and data inline)."""
    meta, data = page_data(replay, views)
    # JSON in a <script> element: "</" would close it, so it is written "<\\/" (the same string to JSON)
    return fill(static_text("replay.html"), {
        "TITLE": html.escape(f"{meta['title']}: replay, seed {meta['seed']}"),
        "STYLE": static_text("style.css"),
        "META": json.dumps(meta).replace("</", "<\\/"),
        "DATA": encode_data(data),
        "SCRIPT": static_text("replay.js"),
    })  # fmt: skip


def write_page(replay: Replay, out: str | Path, views=None) -> Path:
    """Write the replay page of ``replay`` to ``out``; its path."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page_html(replay, views))
    return out
