"""Seat-rotated duplicate tournaments between batched agents.

    >>> from florentine_envs.training.tournament import run_tournament
    >>> result = run_tournament("medici", ["heuristic", "random"], num_players=2, games=8, progress=False)
    >>> result.num_games, result.num_deals
    (8, 4)
    >>> sorted(row["agent"] for row in result.agents)
    ['heuristic', 'random']

**Entries.** ``agents`` names agents for :func:`florentine_envs.agents.make_agent` (``random``,
``heuristic``, ``ppo:PATH``). ``name*k`` stands for k copies of one agent, reported as
one pooled entry (it sits at k seats of a table). ``name#tag`` is a separately
reported instance of ``name``: ``heuristic#a,heuristic#b`` plays the heuristic
against itself, a control whose two entries must come out equal.

**Tables.** With exactly P entries every deal is played by that lineup. With more,
each deal seats one P-subset of the entries, round robin over all combinations, in
whole rounds, so every entry sits at equally many tables.

**Duplicate deals.** A deal is one game seed (cards, draws). Each deal is played once
under every distinct seat arrangement of its table: all permutations
(``rotations="all"``) or the P cyclic rotations (``rotations="cyclic"``: each entry
once in each seat). Arrangements that differ only by swapping copies of one agent
are the same matchup and are played once. Within a deal every agent therefore holds
every seat equally often, so seat advantage cancels, and every agent meets the same
cards, so most of the luck of the deal cancels. All games of a chunk of deals run as
one batch; each agent acts on all rows where it owns the seat to move. Every chunk builds
its agents afresh with seeds from ``(seed, chunk)``, so chunks are independent units of work:
``backend="ray"`` plays them as Ray tasks and merges them in order, with the local result.

**Statistics** (:func:`summarize`).

* A *win* is a first place (rank 1 by score); a shared first place counts as a win
  for each joint winner, so win rates over the seats of a game can add up to more
  than 1.
* Rates pool an agent's seats: an agent at k seats of a game plays k player-games.
* 95 % confidence intervals are percentile *cluster bootstrap* intervals over deals:
  the games of one deal share their cards and are correlated, so deals, not games,
  are the independent units. Each of ``BOOTSTRAP_RESAMPLES`` resamples draws the
  deals with replacement and recomputes the pooled ratio (wins / player-games).
* The margin of a player-game is its score minus the mean score of the other players.
* Skill ratings: openskill's Plackett-Luce model, every game rated in play order
  (deal by deal) from the game's ranks, so a tie is rated as a tie. Copies of one
  agent at a table are rated as separate players starting from the agent's current
  rating; the agent then moves to the mean of their new ratings (mu and sigma). A
  table of copies of a single agent is not rated. ``ordinal`` = mu - 3 sigma.
  Without openskill (the core install) the ratings are NaN (null in JSON) and
  ``result.rating`` says why; without matplotlib ``write_outputs`` writes no plot. The
  games and every other statistic are written either way.
"""

from __future__ import annotations

import csv
import dataclasses
import itertools
import json
import math
import re
import time
from pathlib import Path

import numpy as np

import florentine_envs
from florentine_envs.core.rng import hash64
from florentine_envs.training.extras import installed, skipped_note
from florentine_envs.training.match import play_games
from florentine_envs.training.progress import Ticker, bar, step

ROTATIONS = ("all", "cyclic")
MAX_ARRANGEMENTS = 24  # distinct seat permutations per deal with rotations="all" (4! = 24)
CHUNK_GAMES = 4096  # games per chunk (chunks hold whole rounds of deals, at least one)
TIMED_CHUNK_GAMES = 256  # with a time limit: small chunks, so that it stops near the limit
PROGRESS_CHUNKS = 16  # without one: about this many chunks, so that the progress bar moves
BOOTSTRAP_RESAMPLES = 2000
_DEAL_STREAM = 0x7A  # hash64 stream of the deal seeds (distinct from any game stream by construction)

WIN_DEFINITION = "first place; a shared first place counts as a win for each joint winner"
SOLO_WIN = "the game's own result of a one-player game (the solo Princes: beating or tying the Automa)"
CI_METHOD = f"95% percentile cluster bootstrap over deals ({BOOTSTRAP_RESAMPLES} resamples)"
RATING_METHOD = "openskill PlackettLuce, games rated in play order; ordinal = mu - 3 sigma"


# ------------------------------------------------------------------------------ lineup


def parse_entries(agents) -> list[str]:
    """Expand ``name*k`` shorthands: ``["heuristic", "random*3"]`` -> ``[heuristic, random, random, random]``.

    ``agents`` is a list of entries or one comma-separated string.
    """
    if isinstance(agents, str):
        agents = agents.split(",")
    entries = []
    for raw in agents:
        text = str(raw).strip()
        match = re.fullmatch(r"(.*?)\s*\*\s*(\d+)", text)
        name, copies = (match.group(1), int(match.group(2))) if match else (text, 1)
        if not name:
            raise ValueError(f"empty agent name in {list(agents)!r}; write names like heuristic,random*3")
        if copies < 1:
            raise ValueError(f"agent entry {text!r}: the number of copies after '*' must be at least 1")
        entries.extend([name] * copies)
    return entries


def agent_name(label: str) -> str:
    """The :func:`florentine_envs.agents.make_agent` name of an entry label (``heuristic#b`` -> ``heuristic``)."""
    return label.split("#", 1)[0]


def seat_arrangements(table: tuple[str, ...], rotations: str) -> list[tuple[str, ...]]:
    """The distinct seat arrangements of one table (labels by seat), identity first.

    ``"all"``: every distinct permutation; ``"cyclic"``: the distinct cyclic rotations.
    In both, each label holds each seat equally often over the arrangements.

    >>> seat_arrangements(("h", "r", "r"), "all")
    [('h', 'r', 'r'), ('r', 'h', 'r'), ('r', 'r', 'h')]
    >>> seat_arrangements(("a", "b", "c"), "cyclic")
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    P = len(table)
    if rotations == "all":
        candidates = (tuple(table[i] for i in perm) for perm in itertools.permutations(range(P)))
    elif rotations == "cyclic":
        candidates = (tuple(table[(seat + shift) % P] for seat in range(P)) for shift in range(P))
    else:
        raise ValueError(f"rotations must be one of {', '.join(ROTATIONS)}; got {rotations!r}")
    return list(dict.fromkeys(candidates))  # distinct, in first-seen order


def table_lineups(entries: list[str], num_players: int) -> list[tuple[str, ...]]:
    """The tables of one round: the whole lineup when it has P entries, else every P-subset
    of entry positions (so each entry sits at ``C(n-1, P-1)`` of the ``C(n, P)`` tables)."""
    if len(entries) < num_players:
        example = ",".join(["heuristic", f"random*{num_players - 1}"])
        raise ValueError(
            f"{len(entries)} agent entr{'y' if len(entries) == 1 else 'ies'} for {num_players} seats: list at least "
            f"{num_players} (write name*k for k copies of one agent, e.g. {example})"
        )
    return [tuple(entries[i] for i in combo) for combo in itertools.combinations(range(len(entries)), num_players)]


def schedule(entries: list[str], num_players: int, rotations: str, games: int, seed: int):
    """The games of a tournament between ``entries`` (labels, copies repeated): about ``games``
    games in whole rounds, a deal at every table of a round and every seat arrangement of it.

    Returns ``(deal int64[G], seats int64[G, P], game_seed uint64[G], round_games)``: the deal of
    each game, the label id (order of first appearance in ``entries``) at each seat, the game's
    seed (the deal's), and the games of one round."""
    labels = list(dict.fromkeys(entries))
    label_id = {label: i for i, label in enumerate(labels)}
    tables = table_lineups(entries, num_players)
    arrangements = []  # per table: int64[n_arrangements, P] label ids by seat
    for table in tables:
        found = seat_arrangements(table, rotations)
        if rotations == "all" and len(found) > MAX_ARRANGEMENTS:
            raise ValueError(
                f"{len(found)} distinct seat permutations per deal for {num_players} players is too many "
                f"(at most {MAX_ARRANGEMENTS}); use rotations='cyclic' (each agent once in each seat)"
            )
        arrangements.append(np.array([[label_id[x] for x in arr] for arr in found], dtype=np.int64))
    per_table = np.array([len(a) for a in arrangements])  # int[C] games per deal of each table
    round_games = int(per_table.sum())  # one round: a deal at every table, every round alike
    rounds = -(-int(games) // round_games)
    num_deals = rounds * len(tables)  # deal d seats table d % C
    deal = np.repeat(np.arange(num_deals), np.tile(per_table, rounds))  # int64[G]
    seats = np.concatenate(arrangements * rounds)  # int64[G, P]
    deal_seeds = hash64(np.uint64(seed), _DEAL_STREAM, np.arange(num_deals))  # uint64[D]
    return deal, seats, deal_seeds[deal], round_games


# ------------------------------------------------------------------------------ result


@dataclasses.dataclass
class TournamentResult:
    """Everything a tournament produced. Per-game arrays have one row per game (G games)."""

    game: str
    num_players: int
    options: dict
    entries: list[str]  # the expanded lineup, e.g. [heuristic, random, random, random]
    labels: list[str]  # distinct agents, in order of first appearance; index = label id
    rotations: str
    seed: int
    deal: np.ndarray  # int64[G]     deal of each game; games of one deal share their seed
    game_seed: np.ndarray  # uint64[G] seed the game was initialised with
    seats: np.ndarray  # int64[G, P]  label id of the agent at each seat
    scores: np.ndarray  # int64[G, P] final scores by seat
    ranks: np.ndarray  # int64[G, P]  competition ranks by seat (1 = first, ties share)
    agents: list[dict]  # per-agent statistics, label order (see summarize)
    seat_stats: list[dict]  # per-seat statistics over every agent
    wall_s: float = 0.0
    rating: str = RATING_METHOD  # how the mu/sigma/ordinal columns were rated, or why they were not
    replays: list[dict] = dataclasses.field(default_factory=list)  # kept games (keep_games), training.replay

    @property
    def num_games(self) -> int:
        return int(self.deal.shape[0])

    @property
    def num_deals(self) -> int:
        return int(self.deal.max()) + 1 if self.deal.size else 0

    def to_dict(self) -> dict:
        """JSON-ready summary (per-game records are in games.csv)."""
        return {
            "game": self.game,
            "num_players": self.num_players,
            "options": self.options,
            "entries": self.entries,
            "rotations": self.rotations,
            "seed": self.seed,
            "games": self.num_games,
            "deals": self.num_deals,
            "wall_s": round(self.wall_s, 3),
            "win": WIN_DEFINITION,
            "confidence_interval": CI_METHOD,
            "rating": self.rating,
            "agents": _json_safe(self.agents),
            "seats": _json_safe(self.seat_stats),
        }


def _json_safe(value):
    """NaN (a seat an agent never held) becomes null; numpy scalars become Python numbers."""
    if isinstance(value, dict):
        return {key: _json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(item) for item in value]
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    if isinstance(value, np.integer):
        return int(value)
    return value


# ------------------------------------------------------------------------------ running


def run_tournament(
    game_name: str,
    agents,
    num_players: int,
    games: int,
    seed: int = 0,
    options: dict | None = None,
    rotations: str = "all",
    progress: bool = True,
    chunk_games: int | None = None,
    max_seconds: float | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    keep_games: int = 0,
) -> TournamentResult:
    """Play about ``games`` games of ``game_name`` between ``agents`` (see the module docstring).

    ``games`` is rounded up to whole rounds (one deal per table, every arrangement of each),
    so that every agent holds every seat equally often. The rounds are cut into chunks of
    about ``chunk_games`` games (default: :func:`default_chunk_games`); each chunk is one batch
    with agents of its own, seeded from ``(seed, chunk)``, so the result depends on
    ``(seed, games, chunk_games)`` only and is the same on every ``backend``
    (``"local"``, or ``"ray"``: chunks as Ray tasks, on ``ray_address`` or a local instance;
    see :mod:`florentine_envs.training.balance.ray_backend`). ``max_seconds``: start no chunk after this time
    (Ray: stop waiting then); at least one chunk is played, and ``result.num_games`` says how
    many games were. ``progress``: a bar with the time left on stderr while the games are
    played, then a line for the statistics (:mod:`florentine_envs.training.progress`).
    ``keep_games``: keep the first games of every chunk, up to this many in all,
    as replays (``result.replays``, :mod:`florentine_envs.training.replay`).
    """
    from florentine_envs.agents import make_agent  # agents import the games; keep this module importable on its own
    from florentine_envs.training.balance.ray_backend import run_tasks  # the balance package imports this module

    options = dict(options or {})
    game = florentine_envs.make(game_name, num_players=num_players, **options)
    P = game.num_players
    if rotations not in ROTATIONS:
        raise ValueError(f"rotations must be one of {', '.join(ROTATIONS)}; got {rotations!r}")
    if not isinstance(games, (int, np.integer)) or games < 1:
        raise ValueError(f"games must be a positive integer; got {games!r}")
    if not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be an integer in 0..2**63-1; got {seed!r}")
    entries = parse_entries(agents)
    labels = list(dict.fromkeys(entries))
    for label in labels:  # refuse unknown agents before playing
        try:
            make_agent(agent_name(label), game, seed=0)
        except ValueError as err:
            raise ValueError(f"agent entry {label!r}: {err}") from None
    deal, seats, game_seed, round_games = schedule(entries, P, rotations, games, seed)
    G = deal.shape[0]

    if chunk_games is None:
        chunk_games = default_chunk_games(G, max_seconds)
    per_chunk = max(1, int(chunk_games) // round_games) * round_games  # games per chunk: whole rounds
    names = [agent_name(label) for label in labels]
    tasks = [
        _Chunk(game_name, P, options, names, game_seed[lo : lo + per_chunk], seats[lo : lo + per_chunk],
               [int(np.random.SeedSequence([seed, i, chunk]).generate_state(1)[0]) for i in range(len(labels))],
               max(0, min(per_chunk, int(keep_games) - lo)))
        for chunk, lo in enumerate(range(0, G, per_chunk))
    ]  # fmt: skip
    started = time.perf_counter()
    shown = bar(G, f"{game_name} {P}p", enabled=progress)
    ticker = Ticker(shown)  # moves of the batch running now (local backend: chunks run here, one by one)

    batches = itertools.count(1)

    def play_here(task: _Chunk):
        ticker.reset(f"batch {next(batches)}/{len(tasks)}")
        return _play_chunk(task, on_step=ticker if progress else None)

    results = run_tasks(play_here if backend == "local" else _play_chunk, tasks, backend, ray_address,
                        max_seconds=max_seconds, on_done=lambda i, _: shown.update(len(tasks[i].seeds)))  # fmt: skip
    shown.close()
    wall_s = time.perf_counter() - started
    played = next((i for i, r in enumerate(results) if r is None), len(results))  # chunks, in order
    G = sum(len(t.seeds) for t in tasks[:played])
    deal, game_seed, seats = deal[:G], game_seed[:G], seats[:G]
    scores = np.concatenate([r[0] for r in results[:played]])
    ranks = np.concatenate([r[1] for r in results[:played]])
    replays = [replay for r in results[:played] for replay in r[2]]

    rated = installed("openskill")
    what = f"bootstrap intervals over {int(deal.max()) + 1:,} deals" + (" and skill ratings" if rated else "")
    with step(f"computing statistics: {what}", enabled=progress):
        agent_stats, seat_stats = summarize(labels, deal, seats, scores, ranks, seed=seed, rated=rated)
    return TournamentResult(
        game=game_name,
        num_players=P,
        options=options,
        entries=entries,
        labels=labels,
        rotations=rotations,
        seed=int(seed),
        deal=deal,
        game_seed=game_seed,
        seats=seats,
        scores=scores,
        ranks=ranks,
        agents=agent_stats,
        seat_stats=seat_stats,
        wall_s=wall_s,
        rating=RATING_METHOD if rated else skipped_note("skill ratings", "openskill"),
        replays=replays,
    )


@dataclasses.dataclass
class _Chunk:
    """One chunk of a tournament: games played as one batch by agents of their own."""

    game: str
    players: int
    options: dict
    agents: list[str]  # make_agent names by label id
    seeds: np.ndarray  # uint64[n] game seeds
    seats: np.ndarray  # int[n, P] label ids by seat
    agent_seeds: list[int]
    keep: int = 0  # the first games of the chunk kept as replays


def default_chunk_games(games: int, max_seconds: float | None = None) -> int:
    """Games per chunk: about a sixteenth of the games, so that the progress bar moves and its
    time left is an estimate, but at least ``TIMED_CHUNK_GAMES`` (a batch that small still runs
    at full speed) and at most ``CHUNK_GAMES``; ``TIMED_CHUNK_GAMES`` with a time limit, so
    that the run stops near it.

    >>> default_chunk_games(2000), default_chunk_games(40_000), default_chunk_games(10**6)
    (256, 2500, 4096)
    """
    if max_seconds is not None:
        return TIMED_CHUNK_GAMES
    return min(CHUNK_GAMES, max(TIMED_CHUNK_GAMES, -(-int(games) // PROGRESS_CHUNKS)))


def _play_chunk(chunk: _Chunk, on_step=None) -> tuple[np.ndarray, np.ndarray, list[dict]]:
    """``(scores, ranks, replays)`` of one chunk (the unit of work, local or on a Ray worker):
    int[n, P] each, and the replay dicts of its first ``chunk.keep`` games; ``on_step`` as in
    :func:`~florentine_envs.training.match.play_games` (progress)."""
    from florentine_envs.agents import make_agent
    from florentine_envs.training.balance.play import game_for
    from florentine_envs.training.replay import ActionRecorder

    game = game_for(chunk.game, chunk.players, chunk.options)
    agents = [make_agent(name, game, seed=s) for name, s in zip(chunk.agents, chunk.agent_seeds)]
    recorder = ActionRecorder(chunk.keep)
    scores, _, ranks = play_games(game, recorder.wrap(agents), chunk.seeds, chunk.seats, on_step=on_step)
    names = np.array(chunk.agents, dtype=object)[chunk.seats[: chunk.keep]]  # object[keep, P] by seat
    return scores, ranks, recorder.replays(game, chunk.seeds, names, scores, "tournament")


# ------------------------------------------------------------------------------ statistics


def cluster_bootstrap_ci(num: np.ndarray, den: np.ndarray, seed: int = 0, resamples: int = BOOTSTRAP_RESAMPLES):
    """95 % percentile bootstrap intervals of the ratios ``num.sum(0) / den.sum(0)``.

    ``num``, ``den``: float[D, K], one row per cluster (deal), one column per quantity.
    Clusters are resampled with replacement. Returns ``(low float[K], high float[K])``;
    NaN where the denominator is zero in every resample.
    """
    from florentine_envs.training.balance import stats  # imported here: balance imports this module

    return stats.percentile(stats.bootstrap_ratios(num, den, seed, resamples))


def _per_deal(deal: np.ndarray, key: np.ndarray, num_keys: int, num_deals: int, weights=None) -> np.ndarray:
    """float[D, num_keys]: sum of ``weights`` (or counts) per (deal, key); deal and key broadcast alike."""
    flat = (deal * num_keys + key).ravel()
    w = None if weights is None else np.asarray(weights, np.float64).ravel()
    return np.bincount(flat, weights=w, minlength=num_deals * num_keys).reshape(num_deals, num_keys)


def summarize(labels, deal, seats, scores, ranks, seed: int = 0, rated: bool = True):
    """Per-agent and per-seat statistics of a set of games (see the module docstring).

    ``deal`` int[G] (deals numbered 0..D-1), ``seats`` int[G, P] label ids, ``scores`` and
    ``ranks`` int[G, P]. Returns ``(agents, seats)``: lists of dicts, in label and seat order.
    ``rated=False``: no skill ratings (mu, sigma and ordinal are NaN; openskill is not needed).
    """
    deal = np.asarray(deal, np.int64)
    seats = np.asarray(seats, np.int64)
    scores = np.asarray(scores, np.float64)
    G, P = seats.shape
    L = len(labels)
    D = int(deal.max()) + 1
    win = (np.asarray(ranks) == 1).astype(np.float64)  # float[G, P]
    shared = win * (win.sum(1, keepdims=True) > 1)
    if P > 1:
        margin = scores - (scores.sum(1, keepdims=True) - scores) / (P - 1)  # float[G, P]
    else:  # a one-agent game (the solo Princes): no other seat to beat, the margin is the score itself
        margin = scores.copy()
    deal_gp = np.broadcast_to(deal[:, None], (G, P))
    seat_gp = np.broadcast_to(np.arange(P), (G, P))
    agent_seat = seats * P + seat_gp  # int[G, P] key of (agent, seat)

    games_da = _per_deal(deal_gp, seats, L, D)  # float[D, L] player-games per deal and agent
    wins_da = _per_deal(deal_gp, seats, L, D, win)
    games_ds = _per_deal(deal_gp, seat_gp, P, D)  # float[D, P] games per deal and seat
    wins_ds = _per_deal(deal_gp, seat_gp, P, D, win)
    games_das = _per_deal(deal_gp, agent_seat, L * P, D)  # float[D, L*P]
    wins_das = _per_deal(deal_gp, agent_seat, L * P, D, win)
    low, high = cluster_bootstrap_ci(
        np.concatenate([wins_da, wins_ds, wins_das], 1), np.concatenate([games_da, games_ds, games_das], 1), seed
    )

    def rate(w, g):
        return float(w / g) if g else float("nan")

    unrated = {"mu": float("nan"), "sigma": float("nan"), "ordinal": float("nan")}
    skill = rate_skills(labels, seats, ranks) if rated else [unrated] * L
    agent_rows = []
    for a, label in enumerate(labels):
        at = seats == a
        n = int(at.sum())
        col_games = games_das[:, a * P : (a + 1) * P].sum(0)
        col_wins = wins_das[:, a * P : (a + 1) * P].sum(0)
        first = L + P + a * P
        row = {
            "agent": label,
            "games": n,
            "wins": int(win[at].sum()),
            "shared_wins": int(shared[at].sum()),
            "win_rate": rate(win[at].sum(), n),
            "ci_low": float(low[a]),
            "ci_high": float(high[a]),
            "mean_score": float(scores[at].mean()) if n else float("nan"),
            "mean_margin": float(margin[at].mean()) if n else float("nan"),
            "seat_games": [int(x) for x in col_games],
            "seat_win_rate": [rate(w, g) for w, g in zip(col_wins, col_games)],
            "seat_ci_low": [float(x) for x in low[first : first + P]],
            "seat_ci_high": [float(x) for x in high[first : first + P]],
            **skill[a],
        }
        agent_rows.append(row)
    seat_rows = []
    for s in range(P):
        seat_rows.append(
            {
                "seat": s,
                "games": G,
                "wins": int(win[:, s].sum()),
                "win_rate": rate(win[:, s].sum(), G),
                "ci_low": float(low[L + s]),
                "ci_high": float(high[L + s]),
                "mean_score": float(scores[:, s].mean()),
            }
        )
    return agent_rows, seat_rows


def rate_skills(labels, seats, ranks) -> list[dict]:
    """openskill Plackett-Luce ratings, one per label: ``{"mu", "sigma", "ordinal"}``.

    Games are rated in order; copies of one agent at a table play as separate players from
    the agent's current rating, and the agent takes the mean of their updated ratings.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    fresh = model.rating()
    mu = [fresh.mu] * len(labels)
    sigma = [fresh.sigma] * len(labels)
    seats = np.asarray(seats).tolist()
    ranks = np.asarray(ranks).tolist()
    P = len(seats[0]) if seats else 0
    # One rating object per seat, refilled before every game: openskill tells players apart
    # by object id, and creating fresh objects (each with a uuid) would dominate the time.
    seat_ratings = [model.rating() for _ in range(P)]
    teams = [[rating] for rating in seat_ratings]
    for who, rank in zip(seats, ranks):
        distinct = set(who)
        if len(distinct) == 1:
            continue  # one agent against itself: no information about its skill
        for rating, a in zip(seat_ratings, who):
            rating.mu, rating.sigma = mu[a], sigma[a]
        rated = model.rate(teams, ranks=rank)
        if len(distinct) == P:
            for a, team in zip(who, rated):
                mu[a], sigma[a] = team[0].mu, team[0].sigma
            continue
        for a in distinct:  # copies of one agent: the mean of their new ratings
            mine = [team[0] for b, team in zip(who, rated) if b == a]
            mu[a] = sum(r.mu for r in mine) / len(mine)
            sigma[a] = sum(r.sigma for r in mine) / len(mine)
    return [
        {"mu": float(m), "sigma": float(s), "ordinal": float(model.rating(mu=m, sigma=s).ordinal())}
        for m, s in zip(mu, sigma)
    ]


# ------------------------------------------------------------------------------ reporting


def _pct(x: float) -> str:
    return "-" if x is None or math.isnan(x) else f"{x:.1%}"


def _ci(low: float, high: float) -> str:
    return "-" if math.isnan(low) else f"{100 * low:.1f}-{100 * high:.1f}"


def report_tables(result: TournamentResult):
    """Rich tables: the agents (best ordinal first) and the win rate per seat (every agent
    together, then each agent). A one-player game (the solo Princes against its Automa) has
    the agents' table alone, without margin and rating: there is no other player to measure
    them against."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    P = result.num_players
    short = dict(zip(result.labels, short_labels(result.labels)))
    lineup = ",".join(f"{short[label]}*{k}" if k > 1 else short[label] for label, k in _counts(result.entries))
    title = (
        f"{result.game}, {_players(P)}: {lineup}; {result.num_games:,} games "
        f"({result.num_deals:,} deals, seats rotated: {result.rotations})"
    )
    solo = P == 1
    caption = (
        f"win: {WIN_DEFINITION}. CI: {CI_METHOD}. margin: score minus the mean of the other players. "
        f"rating: {result.rating}."
    ) if not solo else f"win: {SOLO_WIN}. CI: {CI_METHOD}."  # fmt: skip
    # Text, not str: rich would read agent names as markup and emoji codes (ismcts:100: is one)
    agents = Table(title=Text(title), caption=caption, box=box.SIMPLE_HEAD, pad_edge=False)
    columns = ("agent", "games", "win", "95% CI %", "score") + (() if solo else ("margin", "mu±sigma", "ordinal"))
    for col in columns:
        # long names (ismcts:N:key=value...) fold onto more lines rather than being cut
        fold = "fold" if col == "agent" else None
        agents.add_column(col, justify="left" if col == "agent" else "right", overflow=fold)
    # best rated first; unrated (no openskill), best win rate first
    rated = not any(math.isnan(row["ordinal"]) for row in result.agents)
    for row in sorted(result.agents, key=lambda row: -row["ordinal" if rated else "win_rate"]):
        cells = [Text(short[row["agent"]]), f"{row['games']:,}", _pct(row["win_rate"]),
                 _ci(row["ci_low"], row["ci_high"]), f"{row['mean_score']:.1f}"]  # fmt: skip
        if not solo:
            cells += [f"{row['mean_margin']:+.1f}",
                      "-" if math.isnan(row["mu"]) else f"{row['mu']:.1f}±{row['sigma']:.1f}",
                      "-" if math.isnan(row["ordinal"]) else f"{row['ordinal']:.1f}"]  # fmt: skip
        agents.add_row(*cells)
    if solo:
        return (agents,)
    seats = Table(
        title=f"{result.game}, {P} players: win rate by seat", caption="player-games in brackets", box=box.SIMPLE_HEAD
    )
    seats.add_column("seat", justify="right")
    seats.add_column("every agent", justify="right")
    seats.add_column("95% CI %", justify="right")
    for row in result.agents:
        seats.add_column(Text(short[row["agent"]]), justify="right")
    for s, row in enumerate(result.seat_stats):
        seats.add_row(
            str(s),
            f"{_pct(row['win_rate'])} ({row['games']:,})",
            _ci(row["ci_low"], row["ci_high"]),
            *[f"{_pct(a['seat_win_rate'][s])} ({a['seat_games'][s]:,})" for a in result.agents],
        )
    return agents, seats


def short_labels(labels: list[str]) -> list[str]:
    """Display names: a checkpoint ``ppo:runs/x/final.zip`` is shown by the shortest tail of
    its path that tells it apart from the other labels (``ppo:final``, or ``ppo:x/final``).

    >>> short_labels(["ppo:runs/a/final.zip", "ppo:runs/b/final.zip", "ppo:c.zip", "random"])
    ['ppo:a/final', 'ppo:b/final', 'ppo:c', 'random']
    """
    parts = [label[4:].removesuffix(".zip").split("/") if label.startswith("ppo:") else None for label in labels]
    shown = list(labels)
    for depth in range(1, 1 + max((len(p) for p in parts if p), default=0)):
        for i, path in enumerate(parts):
            if path:
                shown[i] = "ppo:" + "/".join(path[-depth:])
        if len(set(shown)) == len(shown):
            return shown
    return list(labels)


def _counts(entries):
    return list(dict.fromkeys((label, entries.count(label)) for label in entries))


def print_report(result: TournamentResult, console=None) -> None:
    from rich.console import Console

    console = console or Console()
    for table in report_tables(result):
        console.print(table)
    console.print(f"{result.num_games:,} games in {result.wall_s:.1f} s")


def default_out_dir(result: TournamentResult, root: str | Path = "runs/tournament") -> Path:
    return Path(root) / f"{result.game}_{result.num_players}p"


def write_outputs(result: TournamentResult, out_dir: str | Path | None = None) -> dict[str, Path]:
    """Write ``agents.csv``, ``seats.csv``, ``games.csv``, ``tournament.json`` and ``tournament.png``
    under ``out_dir`` (default ``runs/tournament/<game>_<P>p``); returns the paths written by kind
    (no ``png`` without matplotlib: see :func:`skipped`)."""
    out = Path(out_dir) if out_dir is not None else default_out_dir(result)
    out.mkdir(parents=True, exist_ok=True)
    P = result.num_players
    paths = {
        "agents_csv": out / "agents.csv",
        "seats_csv": out / "seats.csv",
        "games_csv": out / "games.csv",
        "json": out / "tournament.json",
        "png": out / "tournament.png",
    }
    scalar = ["agent", "games", "wins", "shared_wins", "win_rate", "ci_low", "ci_high", "mean_score", "mean_margin"]
    with paths["agents_csv"].open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(scalar + [f"win_rate_seat{s}" for s in range(P)] + ["mu", "sigma", "ordinal"])
        for row in result.agents:
            writer.writerow(
                [row[k] for k in scalar] + list(row["seat_win_rate"]) + [row["mu"], row["sigma"], row["ordinal"]]
            )
    with paths["seats_csv"].open("w", newline="") as f:
        writer = csv.writer(f)
        keys = ["seat", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_score"]
        writer.writerow(keys)
        for row in result.seat_stats:
            writer.writerow([row[k] for k in keys])
    with paths["games_csv"].open("w", newline="") as f:
        writer = csv.writer(f)
        header = ["game", "deal", "seed"] + [f"agent_seat{s}" for s in range(P)]
        writer.writerow(header + [f"score_seat{s}" for s in range(P)] + [f"rank_seat{s}" for s in range(P)])
        names = np.array(result.labels, dtype=object)[result.seats]  # object[G, P] agent name by seat
        columns = [range(result.num_games), result.deal.tolist(), result.game_seed.tolist()]
        columns += list(names.T) + list(result.scores.T.tolist()) + list(result.ranks.T.tolist())
        writer.writerows(zip(*columns))
    paths["json"].write_text(json.dumps(result.to_dict(), indent=2) + "\n")
    if installed("matplotlib"):
        plot(result, paths["png"])
    else:
        del paths["png"]
    return paths


def skipped(result: TournamentResult) -> list[str]:
    """What the report and :func:`write_outputs` leave out on this install, one line each."""
    notes = [] if result.rating == RATING_METHOD else [result.rating]
    if not installed("matplotlib"):
        notes.append(skipped_note("the plot tournament.png", "matplotlib"))
    return notes


def _players(P: int) -> str:
    return f"{P} players" if P != 1 else "1 player"


def plot(result: TournamentResult, path: str | Path) -> None:
    """PNG: win rate per agent with 95 % CI bars, and win rate per seat (each agent, and every
    agent together: the seat advantage); a one-player game shows the first panel alone."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    P = result.num_players
    solo = P == 1
    fig, axes = plt.subplots(1, 1 if solo else 2, figsize=(5.5 if solo else 11, 4.2), constrained_layout=True,
                             squeeze=False)  # fmt: skip
    left = axes[0, 0]
    names = short_labels([row["agent"] for row in result.agents])
    rates = np.array([row["win_rate"] for row in result.agents])
    errors = np.array([[r - row["ci_low"], row["ci_high"] - r] for r, row in zip(rates, result.agents)]).T
    left.bar(range(len(names)), 100 * rates, yerr=100 * errors, capsize=5, color="tab:blue")
    left.set_xticks(range(len(names)), names)
    left.set_ylabel("win rate, % (95 % interval)")
    left.set_ylim(0, 110)
    left.set_title("win rate per agent" + (" (alone at the table: the game's own result)" if solo else ""))
    if not solo:
        left.axhline(100 / P, color="grey", linestyle="--", linewidth=1, label=f"1/{P} (equal players)")
        left.legend(loc="upper right", fontsize=8)
        _plot_seats(result, names, axes[0, 1])
    fig.suptitle(f"{result.game}, {_players(P)}, {result.num_games:,} games ({result.num_deals:,} deals)")
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _plot_seats(result: TournamentResult, names: list[str], ax) -> None:
    P = result.num_players
    groups = names + ["every agent (seat advantage)"]
    width = 0.8 / len(groups)
    for i, name in enumerate(groups):
        if i == len(names):
            values = [row["win_rate"] for row in result.seat_stats]
            lows = [row["ci_low"] for row in result.seat_stats]
            highs = [row["ci_high"] for row in result.seat_stats]
            color = "black"
        else:
            row = result.agents[i]
            values, lows, highs, color = row["seat_win_rate"], row["seat_ci_low"], row["seat_ci_high"], None
        values = np.array(values, float)
        err = np.array([values - np.array(lows, float), np.array(highs, float) - values])
        x = np.arange(P) + (i - (len(groups) - 1) / 2) * width
        ax.bar(x, 100 * values, width, yerr=100 * np.nan_to_num(err), capsize=3, label=name, color=color, alpha=0.8)
    ax.set_xticks(range(P), [f"seat {s}" for s in range(P)])
    ax.axhline(100 / P, color="grey", linestyle="--", linewidth=1)
    ax.set_ylim(0, 110)
    ax.set_ylabel("win rate, % (95 % interval)")
    ax.set_title("win rate per seat")
    ax.legend(fontsize=8, loc="upper center", ncol=len(groups))
