"""The design of a balance study: which games are played, on which deals, in which chunks.

**Cells.** A study plays *cells*: one configuration each (player count, rule variant, lineup
of agents). The main cells are every player count times every variant (the baseline first),
with the study's lineup; with a ladder, every consecutive pair of ladder agents adds a cell per
player count on the first variant's rules (the baseline), the stronger agent against copies
of the weaker one.

**Duplicate deals.** A deal is one game seed (cards, draws). Deal ``d`` has the same seed in
every cell, so the variants of a player count play *the same deals* and are compared deal by
deal (paired), and a deal with several agents at the table is played once under each cyclic
rotation of the seats, so every agent holds every turn-order position on the same cards.
With one agent in every seat a deal is played once: rotating identical agents would replay it.

**Chunks.** A cell's deals are cut into chunks of about ``chunk_games`` games, whole deals
each; a chunk is one batch through the engine and one unit of work (a Ray task). Agents are
built afresh for every chunk with seeds derived from ``(seed, player count, lineup, chunk)``,
so a chunk plays the same games wherever and in whatever order it runs, and a study is
reproducible from ``(seed, options)`` -- ``chunk_games`` among the options, since random
agents draw for whole batches. Chunks are listed chunk-major (chunk 0 of every cell, then
chunk 1, ...) so that a time-boxed study ends with about as many deals in every cell.
"""

from __future__ import annotations

import dataclasses

import numpy as np

import florentine_envs
from florentine_envs.core.rng import hash64
from florentine_envs.training.tournament import parse_entries, seat_arrangements

from .variants import Variant, game_options

DEAL_STREAM = 0xBA1  # hash64 stream of the deal seeds
CHUNK_GAMES = 512  # games per chunk: large enough for the batched engine, small enough to time-box
MAIN, LADDER = "main", "ladder"


def parse_players(text, game_name: str) -> tuple[int, ...]:
    """``"4"``, ``"2-5"`` or ``"3,4"`` (or an int, or a list of ints) -> player counts, each
    one the game supports.

    >>> parse_players("2-4", "firenze")
    (2, 3, 4)
    """
    counts = florentine_envs.player_counts(game_name)
    if isinstance(text, (int, np.integer)):
        wanted = [int(text)]
    elif isinstance(text, (list, tuple)):
        wanted = [int(p) for p in text]
    else:
        wanted = []
        for part in str(text).split(","):
            lo, _, hi = part.strip().partition("-")
            try:
                wanted += list(range(int(lo), int(hi or lo) + 1))
            except ValueError:
                raise ValueError(f"players {text!r}: write a count (4), a range (2-5) or a list (3,4)") from None
    bad = [p for p in wanted if p not in counts]
    if bad or not wanted:
        raise ValueError(f"{game_name} plays with {', '.join(map(str, counts))} players; got {text!r}")
    return tuple(dict.fromkeys(wanted))


def lineup(agents, num_players: int) -> tuple[tuple[str, ...], np.ndarray]:
    """``(labels, arrangements)``: the distinct agent labels and int[A, P] label ids by seat,
    one row per cyclic rotation of the table (a single row when every seat has the same agent).

    ``agents``: one agent for every seat (``"heuristic"``) or exactly P entries
    (``"heuristic,random*3"``; ``name#tag`` tells copies apart).
    """
    entries = parse_entries(agents)
    if len(entries) == 1:
        entries = entries * num_players
    if len(entries) != num_players:
        raise ValueError(
            f"agents {','.join(entries)} name {len(entries)} seats for a {num_players}-player table: give one agent "
            f"(every seat) or exactly {num_players} (name*k for k copies)"
        )
    labels = tuple(dict.fromkeys(entries))
    ids = {label: i for i, label in enumerate(labels)}
    rotations = seat_arrangements(tuple(entries), "cyclic")
    return labels, np.array([[ids[x] for x in arrangement] for arrangement in rotations], np.int64)


@dataclasses.dataclass
class Cell:
    """One configuration of a study, played on deals ``0..num_deals-1``."""

    kind: str  # MAIN or LADDER
    players: int
    variant: Variant
    options: dict  # florentine_envs.make options of the variant
    labels: tuple[str, ...]  # distinct agents; ids index this
    arrangements: np.ndarray  # int[A, P] label id by seat, one row per game of a deal
    num_deals: int
    lineup_tag: int  # 0 for the main lineup, 1 + pair index for a ladder pair (agent seeds)
    pair: tuple[str, str] | None = None  # ladder: (weaker, stronger)

    @property
    def name(self) -> str:
        what = self.variant.label if self.kind == MAIN else f"{self.pair[1]} vs {self.pair[0]}"
        return f"{self.players}p {self.kind}: {what}"

    @property
    def games_per_deal(self) -> int:
        return int(self.arrangements.shape[0])


@dataclasses.dataclass
class Task:
    """One chunk of one cell: everything a worker needs to play it (picklable)."""

    cell: int  # index into the study's cells
    chunk: int
    game: str
    players: int
    options: dict
    agents: tuple[str, ...]  # make_agent names, by label id
    agent_seeds: tuple[int, ...]
    arrangements: np.ndarray  # int[A, P]
    deals: np.ndarray  # int[n] deal ids of this chunk
    seeds: np.ndarray  # uint64[n] their game seeds
    keep: int = 0  # the first games of the chunk kept as replays (run_study's keep_games)

    @property
    def num_games(self) -> int:
        return int(self.deals.size * self.arrangements.shape[0])


def build_cells(game_name: str, players, agents, variants, deals: int, ladder=None, ladder_deals=None) -> list[Cell]:
    """The cells of a study (see the module docstring); ``variants`` lists the variants to
    play, the baseline first when comparing."""
    cells = []
    for P in players:
        labels, arrangements = lineup(agents, P)
        for variant in variants:
            options = game_options(game_name, P, variant)
            cells.append(Cell(MAIN, P, variant, options, labels, arrangements, deals, 0))
    for i, (weak, strong) in enumerate(zip(ladder or [], (ladder or [])[1:])):
        for P in players:
            labels, arrangements = lineup([strong] + [weak] * (P - 1), P)
            rules = variants[0]  # the baseline, or the study's rules when it compares nothing
            options = game_options(game_name, P, rules)
            cells.append(Cell(LADDER, P, rules, options, labels, arrangements, ladder_deals or deals, 1 + i,
                              (weak, strong)))  # fmt: skip
    return cells


def plan_tasks(game_name: str, cells: list[Cell], seed: int, chunk_games: int = CHUNK_GAMES) -> list[Task]:
    """Every chunk of every cell, chunk-major (see the module docstring)."""
    if not isinstance(chunk_games, (int, np.integer)) or chunk_games < 1:
        raise ValueError(f"chunk_games must be a positive integer; got {chunk_games!r}")
    per_cell = []
    for index, cell in enumerate(cells):
        size = max(1, int(chunk_games) // cell.games_per_deal)  # deals per chunk
        bounds = range(0, cell.num_deals, size)
        per_cell.append([(index, chunk, lo, min(lo + size, cell.num_deals)) for chunk, lo in enumerate(bounds)])
    tasks = []
    for chunk in range(max((len(c) for c in per_cell), default=0)):
        for chunks in per_cell:
            if chunk < len(chunks):
                index, _, lo, hi = chunks[chunk]
                tasks.append(_task(game_name, cells[index], index, chunk, lo, hi, seed))
    return tasks


def deal_seeds(seed: int, deals: np.ndarray) -> np.ndarray:
    """uint64[n]: the game seed of each deal id (the same in every cell of a study)."""
    return hash64(np.uint64(seed), DEAL_STREAM, np.asarray(deals, np.int64))


def _task(game_name: str, cell: Cell, index: int, chunk: int, lo: int, hi: int, seed: int) -> Task:
    from florentine_envs.training.tournament import agent_name

    deals = np.arange(lo, hi, dtype=np.int64)
    agent_seeds = tuple(
        int(np.random.SeedSequence([seed, cell.players, cell.lineup_tag, chunk, i]).generate_state(1)[0])
        for i in range(len(cell.labels))
    )
    return Task(index, chunk, game_name, cell.players, cell.options, tuple(agent_name(x) for x in cell.labels),
                agent_seeds, cell.arrangements, deals, deal_seeds(seed, deals))  # fmt: skip
