"""A balance study from start to end: design, play (local or Ray), merge, statistics.

```python
>>> from florentine_envs.training.balance import StudySpec, run_study
>>> spec = StudySpec("medici", players=(2,), games=6, chunk_games=4)
>>> result = run_study(spec, progress=False)
>>> result.summary["cells"][0]["stats"]["games"], len(result.summary["cells"][0]["stats"]["win_pos0"])
(6, 4)

```
"""

from __future__ import annotations

import dataclasses
import time

import numpy as np

from florentine_envs.training.progress import bar

from . import attribution, metrics
from .design import CHUNK_GAMES, LADDER, MAIN, Cell, build_cells, parse_players, plan_tasks
from .play import component_names_of, game_for, play_task
from .ray_backend import run_tasks
from .variants import BASELINE, Variant, parse_variant

DEFAULT_DEALS = 1000


@dataclasses.dataclass
class StudySpec:
    """What to play. ``games``: deals per cell (a deal is one game, or one game per rotation
    of the seats when the table holds different agents); ``variants``: ``--set`` texts or
    :class:`Variant` objects; with ``compare`` each is played beside the baseline on the same
    deals, else their changes together make the rules of the study. ``ladder``: agents from
    weaker to stronger (``random,heuristic``), each consecutive pair played on
    ``ladder_games`` deals (default ``games``) with seats rotated."""

    game: str
    players: tuple[int, ...] | str = (4,)
    agents: str = "heuristic"
    games: int = DEFAULT_DEALS
    seed: int = 0
    variants: tuple = ()
    compare: bool = False
    ladder: tuple[str, ...] = ()
    ladder_games: int | None = None
    chunk_games: int = CHUNK_GAMES

    def __post_init__(self):
        self.players = parse_players(self.players, self.game)
        self.variants = tuple(v if isinstance(v, Variant) else parse_variant(v) for v in self.variants)
        if isinstance(self.ladder, str):
            self.ladder = tuple(x.strip() for x in self.ladder.split(",") if x.strip())
        self.ladder = tuple(self.ladder)
        if len(self.ladder) == 1 or len(set(self.ladder)) != len(self.ladder):
            raise ValueError(f"ladder {','.join(self.ladder)}: name two or more different agents, weakest first")
        for name, value in (("games", self.games), ("ladder_games", self.ladder_games or 1)):
            if not isinstance(value, (int, np.integer)) or value < 1:
                raise ValueError(f"{name} must be a positive integer; got {value!r}")
        if not isinstance(self.seed, (int, np.integer)) or not 0 <= self.seed < 2**63:
            raise ValueError(f"seed must be an integer in 0..2**63-1; got {self.seed!r}")
        if self.compare and not self.variants:
            raise ValueError("compare needs at least one variant (--set key=value)")

    def played_variants(self) -> list[Variant]:
        if self.compare:
            return [BASELINE, *self.variants]
        if self.variants:
            changes = tuple(change for v in self.variants for change in v.changes)
            return [Variant(" + ".join(v.label for v in self.variants), changes)]
        return [BASELINE]

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "players": list(self.players),
            "agents": self.agents,
            "games": int(self.games),
            "seed": int(self.seed),
            "variants": [{"label": v.label, "changes": v.text()} for v in self.variants],
            "compare": self.compare,
            "ladder": list(self.ladder),
            "ladder_games": self.ladder_games,
            "chunk_games": int(self.chunk_games),
        }


@dataclasses.dataclass
class StudyResult:
    spec: StudySpec
    cells: list[Cell]
    data: list[dict | None]  # per cell: per-game arrays (see play.play_task), None if nothing was played
    component_names: list[tuple[str, ...]]  # per cell
    summary: dict
    backend: str = "local"
    wall_s: float = 0.0
    replays: list[list[dict]] = dataclasses.field(default_factory=list)  # per cell: kept games (keep_games)

    @property
    def num_games(self) -> int:
        return sum(int(d["deal"].size) for d in self.data if d is not None)


def run_study(
    spec: StudySpec,
    backend: str = "local",
    address: str | None = None,
    num_cpus: int | None = None,
    max_seconds: float | None = None,
    progress: bool = True,
    keep_games: int = 0,
) -> StudyResult:
    """Play ``spec`` and compute its statistics (identical on every backend for one spec).
    ``keep_games``: keep the first games of every cell, up to this many per cell, as replays
    (``result.replays``, :mod:`florentine_envs.training.replay`)."""
    cells = build_cells(spec.game, spec.players, spec.agents, spec.played_variants(), spec.games,
                        spec.ladder, spec.ladder_games)  # fmt: skip
    for cell in cells:  # unknown agents fail here, before any game is played
        _check_agents(spec.game, cell)
    tasks = plan_tasks(spec.game, cells, spec.seed, spec.chunk_games)
    for task in tasks:  # games are deal-major within a cell: game index = deal * arrangements + arrangement
        task.keep = max(0, min(task.num_games, int(keep_games) - int(task.deals[0]) * task.arrangements.shape[0]))
    started = time.perf_counter()
    shown = bar(sum(t.num_games for t in tasks), f"{spec.game} balance", enabled=progress)
    results = run_tasks(play_task, tasks, backend, address, num_cpus, max_seconds,
                        on_done=lambda i, r: shown.update(tasks[i].num_games), min_tasks=len(cells))  # fmt: skip
    shown.close()
    wall_s = time.perf_counter() - started
    replays: list[list[dict]] = [[] for _ in cells]
    for task, result in sorted(zip(tasks, results), key=lambda tr: (tr[0].cell, tr[0].chunk)):
        if result is not None:
            replays[task.cell] += result.pop("replays")
    data = merge(cells, tasks, results)
    names = [component_names_of(game_for(spec.game, c.players, c.options)) for c in cells]
    result = StudyResult(spec, cells, data, names, {}, backend, wall_s, replays)
    result.summary = summarize(result, progress)
    return result


def _check_agents(game_name: str, cell: Cell) -> None:
    from florentine_envs.agents import make_agent
    from florentine_envs.training.tournament import agent_name

    game = game_for(game_name, cell.players, cell.options)
    for label in cell.labels:
        try:
            make_agent(agent_name(label), game, seed=0)
        except ValueError as err:
            raise ValueError(f"agent {label!r}: {err}") from None


def merge(cells: list[Cell], tasks, results) -> list[dict | None]:
    """Per cell, its chunks' arrays concatenated in chunk order, up to the first chunk missing."""
    chunks: list[list] = [[] for _ in cells]
    for task, result in sorted(zip(tasks, results), key=lambda tr: (tr[0].cell, tr[0].chunk)):
        chunks[task.cell].append(result)
    merged = []
    for parts in chunks:
        done = []
        for part in parts:
            if part is None:
                break
            done.append(part)
        merged.append({key: np.concatenate([p[key] for p in done]) for key in done[0]} if done else None)
    return merged


def _seed(spec: StudySpec, *path: int) -> int:
    return int(np.random.SeedSequence([int(spec.seed), 0xB007, *path]).generate_state(1)[0])


def summarize(result: StudyResult, progress: bool = False) -> dict:
    """Every statistic of the study (JSON-ready; no timing, so it is the same on every backend).
    ``progress``: a bar over the cells and comparisons on stderr (the bootstrap takes a while)."""
    spec = result.spec
    played = [i for i, data in enumerate(result.data) if data is not None]
    comparing = [i for i in played if result.cells[i].kind == MAIN and not result.cells[i].variant.is_baseline]
    shown = bar(len(played) + len(comparing), "bootstrap intervals and component attribution", unit="cell",
                enabled=progress)  # fmt: skip
    cells_out, comparisons, ladder, components = [], [], [], []
    baseline_of = {}
    for i, (cell, data) in enumerate(zip(result.cells, result.data)):
        if data is None:
            continue
        summary = metrics.cell_summary(data, cell.players, cell.labels, cell.games_per_deal, _seed(spec, i))
        cells_out.append({
            "cell": i, "name": cell.name, "kind": cell.kind, "players": cell.players, "variant": cell.variant.label,
            "changes": cell.variant.text(), "labels": list(cell.labels), "stats": summary,
        })  # fmt: skip
        if cell.kind == MAIN:
            rows = attribution.attribute(data, cell.players, result.component_names[i])
            components.append({"cell": i, "players": cell.players, "variant": cell.variant.label, "rows": rows,
                               "offices": office_summary(data, result.component_names[i])})  # fmt: skip
            if cell.variant.is_baseline:
                baseline_of[cell.players] = i
        elif cell.kind == LADDER:
            ladder.append({"cell": i, "players": cell.players, **metrics.ladder_summary(summary, cell.labels)})
        shown.update()
    for i, (cell, data) in enumerate(zip(result.cells, result.data)):
        base = baseline_of.get(cell.players)
        if cell.kind != MAIN or cell.variant.is_baseline or data is None or base is None:
            continue
        diff = metrics.compare_cells(result.data[base], data, cell.players, _seed(spec, 10_000 + i))
        comparisons.append({"cell": i, "baseline_cell": base, "players": cell.players,
                            "variant": cell.variant.label, "changes": cell.variant.text(), "stats": diff})  # fmt: skip
        shown.update()
    shown.close()
    return {
        "spec": spec.to_dict(),
        "games": result.num_games,
        "cells": cells_out,
        "comparisons": comparisons,
        "ladder": ladder,
        "components": components,
    }


def office_summary(data: dict, names) -> list[dict]:
    """Per office (components ``office:<name>``, see :mod:`.play`): how many times a game it
    changed hands, how many players held it in a game, and the share of games it was held at all."""
    rows = []
    for c, name in enumerate(names):
        if name.startswith("office:"):
            taken = data["acquired"][:, :, c].astype(np.int64)  # [G, P] times each player took it
            rows.append({"office": name[7:], "changes_per_game": float(taken.sum(1).mean()),
                         "holders_per_game": float((taken > 0).sum(1).mean()),
                         "games_held": float((taken.sum(1) > 0).mean())})  # fmt: skip
    return rows
