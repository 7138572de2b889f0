"""``florentine evaluate AGENT``: an agent's place on every game's reference ladder, as a report card.

    >>> from florentine_envs.training.evaluate import evaluate
    >>> card = evaluate("heuristic", games=["medici"], num_games=4, ladder=["random", "heuristic"], progress=False)
    >>> sorted((row["label"], row["rating"]) for row in card.cells[0].ratings if row["anchor"])
    [('heuristic', 1000.0), ('random', 0.0)]
    >>> [row["opponent"] for row in card.cells[0].rows]
    ['random', 'heuristic']

**The agent** is any name :func:`florentine_envs.agents.make_agent` takes: a preset
(``heuristic``, ``ismcts:64``, ``ismcts:16:K:dets=4``), a checkpoint (``ppo:PATH.zip``), or
an agent of your own as ``module:function``, where ``function(game, seed)`` returns an
:class:`~florentine_envs.agents.base.Agent` or an ``act(obs, mask) -> actions`` policy (the
contract is :func:`florentine_envs.agents.load_callable`'s).

**The ladder** of a game at P players (:func:`ladder_agents`): the agents
``available_agents(game)`` offers (``random``, the game's ``heuristic``, and a ``learned``
policy once one ships) and the search at its tuned defaults, ``ismcts:16`` and ``ismcts:64``.
Every match is a :func:`~florentine_envs.training.tournament.run_tournament` on duplicate deals
(each deal once with each agent in each seat; at P > 2 the agent faces P - 1 copies of the rung):
the agent against every rung, and every rung besides the anchors against the heuristic, which
places the rungs on the scale. ``backend="ray"`` plays the chunks of every match as Ray tasks.

**The rating** (:func:`fit_ratings`): an Elo scale per game and player count, anchored so that
``random`` sits at 0 and ``heuristic`` at 1000. Every game between two different agents gives a
pairwise result for each pair of their seats (1 for the better rank, 1/2 each for a tie); the
other agents' ratings are the maximum-likelihood Bradley-Terry (Elo) ratings given the anchors,
with the usual Elo unit: 400 points are odds of 10 to 1 between two agents. The two anchors are
fixed, not fitted: the heuristic beats random in 99-100 % of games in every game of the suite,
which no finite maximum-likelihood gap describes, and 1000 points (odds of 316 to 1, 99.7 %)
matches that record. One pseudo-game drawn between every pair that met keeps an unbeaten
agent's rating finite. Intervals: 95 % percentile bootstrap over deals (every match resampled
by its deals, the fit repeated). The solo game (one player against the game's Automa) has no
opponent to rate against: its card gives the win rates alone.
"""

from __future__ import annotations

import dataclasses
import math
import time
from pathlib import Path

import numpy as np

import florentine_envs
from florentine_envs.training.extras import installed, skipped_note
from florentine_envs.training.tournament import run_tournament

#: the fixed points of the rating scale
ANCHORS = {"random": 0.0, "heuristic": 1000.0}
ELO = 400.0 / math.log(10.0)  # Elo points per unit of log-odds
SEARCH_RUNGS = ("ismcts:16", "ismcts:64")  # the search at its tuned defaults
RESAMPLES = 200  # bootstrap resamples of the rating fit
CANDIDATE_TAG = "#candidate"  # the label of the evaluated agent where it shares a rung's name
ANCHORING = (
    "Ratings are Elo points per game and player count: random = 0 and heuristic = 1000 by definition (the "
    "heuristic beats random in 99-100 % of games, which no finite fitted gap describes; 1000 Elo points are "
    "99.7 %); every other agent's rating is the maximum-likelihood Bradley-Terry rating given those two, from "
    "all pairwise results (each pair of seats of each game between different agents: a better rank wins, a tie "
    "is half), with one drawn pseudo-game per pair that met. 400 points = odds of 10 to 1. Intervals: 95 % "
    f"percentile bootstrap over deals ({RESAMPLES} resamples)."
)


def ladder_agents(game) -> list[str]:
    """The reference agents of ``game``: ``available_agents(game)`` (random, the heuristic, a
    shipped learned policy) and, where the game has a heuristic to guide it, the tuned search."""
    from florentine_envs.agents import available_agents

    named = available_agents(game)
    return named + (list(SEARCH_RUNGS) if "heuristic" in named else [])


@dataclasses.dataclass
class Match:
    """One tournament of a cell: ``a`` against ``b`` (``b`` in every other seat)."""

    a: str
    b: str
    result: object  # TournamentResult
    wins: np.ndarray  # float[D] a's pairwise wins against b per deal (ties 1/2)
    pairs: np.ndarray  # float[D] pairwise comparisons per deal


@dataclasses.dataclass
class Cell:
    """One game at one player count: its matches, win-rate rows and ratings."""

    game: str
    players: int
    ladder: list[str]
    me: str  # the evaluated agent's label (tagged where it shares a rung's name)
    matches: list[Match]
    rows: list[dict]  # the agent against each rung
    ratings: list[dict]  # every agent, best first: agent, rating, low, high (None for the solo game)
    wall_s: float


@dataclasses.dataclass
class ReportCard:
    agent: str
    cells: list[Cell]
    num_games: int
    seed: int
    backend: str
    wall_s: float


def pairwise(result, a: int, b: int) -> tuple[np.ndarray, np.ndarray]:
    """``(wins, pairs)`` float[D]: per deal, the pairwise wins of label ``a`` over label ``b``
    (every pair of seats of a game held by a and b; a better rank wins, a tie is half) and the
    number of such pairs."""
    seats, ranks, deal = result.seats, result.ranks, result.deal
    D = result.num_deals
    wins, pairs = np.zeros(D), np.zeros(D)
    P = seats.shape[1]
    for i in range(P):
        for j in range(P):
            mine = (seats[:, i] == a) & (seats[:, j] == b)
            score = (ranks[:, i] < ranks[:, j]) + 0.5 * (ranks[:, i] == ranks[:, j])
            wins += np.bincount(deal, weights=mine * score, minlength=D)
            pairs += np.bincount(deal, weights=mine.astype(float), minlength=D)
    return wins, pairs


def fit_ratings(agents: list[str], wins: np.ndarray, pairs: np.ndarray, anchors: dict | None = None) -> np.ndarray:
    """float[K] Elo ratings of ``agents`` from ``wins[a, b]`` (float[K, K], a's pairwise wins
    over b) and ``pairs[a, b]`` (comparisons, symmetric): the anchors (default :data:`ANCHORS`)
    fixed, the others by maximum likelihood, with one drawn pseudo-game per pair that met.

    >>> fit_ratings(["random", "heuristic", "x"], np.array([[0, 0, 0], [9, 0, 5], [0, 5, 0.]]),
    ...             np.array([[0, 9, 0], [9, 0, 10], [0, 10, 0.]])).round(1).tolist()
    [0.0, 1000.0, 1000.0]
    """
    anchors = ANCHORS if anchors is None else anchors
    fixed = np.array([name in anchors for name in agents])
    if not fixed.any():
        raise ValueError(f"the ladder {agents} holds no anchor of the scale ({', '.join(anchors)}): add one")
    met = pairs > 0
    w = wins + 0.5 * met  # the drawn pseudo-game
    n = pairs + 1.0 * met
    theta = np.array([anchors.get(name, 0.0) / ELO for name in agents])  # log-odds units
    free = np.flatnonzero(~fixed)
    for _ in range(100 if free.size else 0):  # Newton's method on the concave log-likelihood of the free ratings
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # float[K, K] P(a beats b)
        grad = (w - n * p).sum(1)[free]
        info = n * p * (1 - p)
        hess = np.diag(info.sum(1)) - info  # minus the Hessian (positive definite on connected agents)
        h = hess[np.ix_(free, free)] + 1e-9 * np.eye(free.size)
        step = np.linalg.solve(h, grad)
        theta[free] += np.clip(step, -3.0, 3.0)  # damped: a far start converges without overshooting
        if np.abs(step).max() < 1e-9:
            break
    unplaced = [agents[k] for k in free if not _connected(k, met, fixed)]
    if unplaced:
        raise ValueError(f"no match links {', '.join(unplaced)} to an anchor ({', '.join(anchors)})")
    return theta * ELO


def _connected(k: int, met: np.ndarray, fixed: np.ndarray) -> bool:
    seen, todo = {k}, [k]
    while todo:
        for other in np.flatnonzero(met[todo.pop()]):
            if fixed[other]:
                return True
            if other not in seen:
                seen.add(int(other))
                todo.append(int(other))
    return False


def rate_cell(labels: list[str], matches: list[Match], me: str, seed: int = 0) -> list[dict]:
    """Ratings with bootstrap intervals over the deals of every match, best first; ``me`` is the
    label of the evaluated agent."""
    index = {label: k for k, label in enumerate(labels)}
    names = [label.removesuffix(CANDIDATE_TAG) for label in labels]
    # the evaluated agent is never an anchor, even when it is one of the anchors' names
    anchors = {name: value for name, value in ANCHORS.items() if name in labels}

    def totals(pick):
        K = len(labels)
        wins, pairs = np.zeros((K, K)), np.zeros((K, K))
        for match, rows in zip(matches, pick):
            a, b = index[match.a], index[match.b]
            won, played = match.wins[rows].sum(), match.pairs[rows].sum()
            wins[a, b] += won
            wins[b, a] += played - won
            pairs[a, b] += played
            pairs[b, a] += played
        return wins, pairs

    point = fit_ratings(labels, *totals([slice(None)] * len(matches)), anchors)
    rng = np.random.default_rng(seed)
    draws = np.array([
        fit_ratings(labels, *totals([rng.integers(0, m.wins.size, m.wins.size) for m in matches]), anchors)
        for _ in range(RESAMPLES)
    ])  # fmt: skip
    low, high = np.percentile(draws, [2.5, 97.5], axis=0)
    rows = [{"agent": name, "label": label, "rating": float(r), "low": float(lo), "high": float(hi),
             "anchor": label in anchors, "evaluated": label == me}  # fmt: skip
            for name, label, r, lo, hi in zip(names, labels, point, low, high)]
    return sorted(rows, key=lambda row: -row["rating"])


# ------------------------------------------------------------------------------ running


def evaluate(
    agent: str,
    games: list[str] | None = None,
    players: list[int] | None = None,
    num_games: int = 200,
    seed: int = 0,
    ladder: list[str] | None = None,
    backend: str = "local",
    ray_address: str | None = None,
    progress: bool = True,
) -> ReportCard:
    """Place ``agent`` on the ladder of every game in ``games`` (default: all) at every count in
    ``players`` the game takes (default: 2, or the game's only count); ``num_games`` games per
    match (rounded up to whole deals). ``ladder`` replaces the reference agents (default
    :func:`ladder_agents`; names a game lacks are left out). ``ValueError`` before anything is
    played for an unknown game, agent or rung, naming what exists."""
    from florentine_envs.agents import make_agent

    names = florentine_envs.available_games()
    games = list(games or names)
    unknown = [name for name in games if name not in names]
    if unknown:
        raise ValueError(f"unknown game {', '.join(unknown)}; games: {', '.join(names)}")
    if not isinstance(num_games, (int, np.integer)) or num_games < 1:
        raise ValueError(f"num_games must be a positive integer; got {num_games!r}")
    plan = []
    for name in games:
        counts = florentine_envs.player_counts(name)
        wanted = [p for p in (players or [2]) if p in counts] or ([counts[0]] if len(counts) == 1 else [])
        if not wanted:
            raise ValueError(f"{name} takes {', '.join(map(str, counts))} players, not {players}")
        for P in wanted:
            game = florentine_envs.make(name, num_players=P)
            make_agent(agent, game, seed=0)  # ValueError naming the agents there are
            rungs = ladder_agents(game) if ladder is None else [r for r in ladder if _known(r, game)]
            plan.append((name, P, rungs))
    started = time.perf_counter()
    cells = [play_cell(agent, name, P, rungs, num_games, seed, backend, ray_address, progress)
             for name, P, rungs in plan]  # fmt: skip
    return ReportCard(agent, cells, int(num_games), int(seed), backend, time.perf_counter() - started)


def _known(rung: str, game) -> bool:
    """Whether ``game`` has the ladder agent ``rung`` (a heuristic-guided search needs a heuristic)."""
    from florentine_envs.agents import make_agent

    try:
        make_agent(rung, game, seed=0)
    except ValueError as err:
        if rung in ("random", "heuristic", "learned") or rung.startswith("ismcts"):
            return False  # a reference agent this game lacks
        raise ValueError(f"ladder agent {rung!r}: {err}") from None
    return True


def play_cell(agent, name, P, rungs, num_games, seed, backend, ray_address, progress) -> Cell:
    """Every match of one game at ``P`` players (see the module docstring)."""
    started = time.perf_counter()
    # the evaluated agent is never an anchor nor a rung, whatever its name: its games are its own
    me = agent + CANDIDATE_TAG if agent in rungs or agent in ANCHORS else agent
    run = dict(num_players=P, games=num_games, seed=seed, rotations="cyclic", progress=progress,
               backend=backend, ray_address=ray_address)  # fmt: skip
    if P == 1:  # the solo game: every agent alone against the game's Automa
        matches = [Match(a, "", run_tournament(name, [a], **run), np.zeros(0), np.zeros(0)) for a in [me] + rungs]
        rows = [solo_row(m) for m in matches]
        return Cell(name, P, rungs, me, matches, rows, [], time.perf_counter() - started)
    pairs = [(me, rung) for rung in rungs]
    pairs += [(rung, "heuristic") for rung in rungs if rung not in ANCHORS and "heuristic" in rungs]
    if "random" in rungs and "heuristic" in rungs:
        pairs.append(("heuristic", "random"))  # reported beside the anchors it fixes
    matches, played = [], {}
    for a, b in pairs:
        # the evaluated agent against the heuristic is the same tournament as its namesake rung's
        # (same agent, same seeds: label 0 against label 1), so that one is played once
        key = (a.removesuffix(CANDIDATE_TAG), b)
        if key not in played:
            played[key] = run_tournament(name, [a, b if P == 2 else f"{b}*{P - 1}"], **run)
        wins, count = pairwise(played[key], 0, 1)
        matches.append(Match(a, b, played[key], wins, count))
    labels = list(dict.fromkeys([me] + rungs))
    ratings = rate_cell(labels, matches, me, seed)
    rows = [versus_row(m) for m in matches if m.a == me]
    return Cell(name, P, rungs, me, matches, rows, ratings, time.perf_counter() - started)


def versus_row(match: Match) -> dict:
    """The agent's record against one rung (labels 0 and 1 of its tournament)."""
    mine, theirs = match.result.agents[:2]
    return {"opponent": match.b, "games": match.result.num_games, "deals": match.result.num_deals,
            "win_rate": mine["win_rate"], "ci_low": mine["ci_low"], "ci_high": mine["ci_high"],
            "opponent_win_rate": theirs["win_rate"], "margin": mine["mean_margin"],
            "pairwise": float(match.wins.sum() / match.pairs.sum())}  # fmt: skip


def solo_row(match: Match) -> dict:
    row = match.result.agents[0]
    return {"opponent": "(the game)", "agent": match.a.removesuffix(CANDIDATE_TAG), "games": row["games"],
            "win_rate": row["win_rate"], "ci_low": row["ci_low"], "ci_high": row["ci_high"],
            "margin": row["mean_score"]}  # fmt: skip


# ------------------------------------------------------------------------------ report card


def _pct(x: float) -> str:
    return "-" if x is None or math.isnan(x) else f"{100 * x:.1f} %"


def _interval(low: float, high: float, percent: bool = True) -> str:
    if percent:
        return f"[{100 * low:.1f}, {100 * high:.1f}]"
    return f"[{low:.0f}, {high:.0f}]"


def blocks(card: ReportCard) -> list[tuple]:
    """The card as blocks for :func:`florentine_envs.training.balance.report.render`."""
    out: list[tuple] = [("h", 1, f"Report card: {card.agent}")]
    out.append(("p", f"`florentine evaluate {card.agent}`: {card.num_games} games per match on duplicate deals "
                     f"(seed {card.seed}, each deal once with each agent in each seat), {card.backend} backend, "
                     f"{card.wall_s:.0f} s. Win: first place (a shared first place counts for each joint winner); "
                     "win rates with 95 % percentile cluster-bootstrap intervals over deals."))  # fmt: skip
    out.append(("p", ANCHORING))
    summary = []
    for cell in card.cells:
        mine = next((r for r in cell.ratings if r["evaluated"]), None)
        rating = "-" if mine is None else f"{mine['rating']:.0f} {_interval(mine['low'], mine['high'], False)}"
        if cell.players == 1:
            beats = f"alone: {_pct(cell.rows[0]['win_rate'])}"
        else:
            beats = ", ".join(f"{r['opponent']} {_pct(r['win_rate'])}" for r in cell.rows)
        summary.append([cell.game, str(cell.players), rating, beats])
    out.append(("h", 2, "Summary"))
    out.append(("table", ["game", "players", "rating [95 % CI]", "win rate against each rung"], summary))
    for cell in card.cells:
        out.append(("h", 2, f"{cell.game}, {cell.players} player{'s' if cell.players > 1 else ''}"))
        if cell.players == 1:
            out.append(("p", "The solo game: each agent alone against the game; a win is first place against the "
                             "Automa. No rating (there is no opponent on the ladder)."))  # fmt: skip
            table = [[row["agent"], str(row["games"]), _pct(row["win_rate"]), _interval(row["ci_low"], row["ci_high"]),
                      f"{row['margin']:.1f}"] for row in cell.rows]  # fmt: skip
            out.append(("table", ["agent", "games", "win rate", "95 % CI", "mean score"], table))
            continue
        table = [[row["opponent"], str(row["games"]), _pct(row["win_rate"]), _interval(row["ci_low"], row["ci_high"]),
                  _pct(row["opponent_win_rate"]), f"{row['margin']:+.1f}", _pct(row["pairwise"])]
                 for row in cell.rows]  # fmt: skip
        header = [f"{card.agent} against", "games", "win rate", "95 % CI", "its win rate", "margin",
                  "pairwise score"]  # fmt: skip
        out.append(("table", header, table))
        ratings = [[row["agent"] + (" (evaluated)" if row["evaluated"] else ""),
                    f"{row['rating']:.0f}", "fixed" if row["anchor"] else _interval(row["low"], row["high"], False)]
                   for row in cell.ratings]  # fmt: skip
        out.append(("table", ["agent", "rating", "95 % CI"], ratings))
        others = [m for m in cell.matches if m.a != cell.me]
        if others:
            records = [(m, versus_row(m)) for m in others]
            placed = "; ".join(f"{m.a} against {m.b}: {_pct(r['win_rate'])} {_interval(r['ci_low'], r['ci_high'])}"
                               for m, r in records)  # fmt: skip
            out.append(("p", f"The ladder's own matches ({card.num_games} games each): {placed}."))
    out.append(("figure", "card", figure(card), f"{card.agent}: win rates against each rung and ratings"))
    return out


def figure(card: ReportCard):
    """One row per game and player count: the agent's win rate against each rung (95 % CI), and
    every agent's rating on the anchored scale (95 % CI); None without matplotlib."""
    if not installed("matplotlib"):
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cells = card.cells
    fig, axes = plt.subplots(len(cells), 2, figsize=(11, 2.2 + 1.6 * len(cells)), squeeze=False,
                             constrained_layout=True)  # fmt: skip
    for (left, right), cell in zip(axes, cells):
        names = [row.get("opponent") if cell.players > 1 else row["agent"] for row in cell.rows]
        rates = np.array([row["win_rate"] for row in cell.rows])
        err = np.array([[r - row["ci_low"], row["ci_high"] - r] for r, row in zip(rates, cell.rows)]).T
        left.barh(range(len(names)), rates, xerr=np.nan_to_num(err), capsize=3, color="tab:blue")
        left.set_yticks(range(len(names)), names)
        left.axvline(1 / max(cell.players, 1), color="grey", linestyle="--", linewidth=1)
        left.set_xlim(0, 1.05)
        left.set_title(f"{cell.game} {cell.players}p: {card.agent} win rate against"
                       if cell.players > 1 else f"{cell.game}: win rate alone", fontsize=9)  # fmt: skip
        if not cell.ratings:
            right.axis("off")
            continue
        rows = cell.ratings[::-1]
        values = np.array([row["rating"] for row in rows])
        spread = np.array([[v - row["low"], row["high"] - v] for v, row in zip(values, rows)]).T
        colors = ["tab:orange" if row["evaluated"] else "grey" for row in rows]
        right.errorbar(values, range(len(rows)), xerr=spread, fmt="none", ecolor="black", capsize=3)
        right.scatter(values, range(len(rows)), c=colors, zorder=3)
        ticks = [row["agent"] + (" (evaluated)" if row["evaluated"] else "") for row in rows]
        right.set_yticks(range(len(rows)), ticks)
        for anchor in ANCHORS.values():
            right.axvline(anchor, color="grey", linestyle=":", linewidth=1)
        right.set_title(f"{cell.game} {cell.players}p: rating (random = 0, heuristic = 1000)", fontsize=9)
    return fig


def write_card(card: ReportCard, out_dir: str | Path) -> dict[str, Path]:
    """``report.md`` (+ ``fig_card.png``), a self-contained ``report.html`` and ``card.json``."""
    import json

    from florentine_envs.training.balance.report import render

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    markdown, page = render(blocks(card), out)
    paths = {"markdown": out / "report.md", "html": out / "report.html", "json": out / "card.json"}
    paths["markdown"].write_text(markdown)
    paths["html"].write_text(page)
    if (out / "fig_card.png").exists():
        paths["png"] = out / "fig_card.png"
    summary = {"agent": card.agent, "games_per_match": card.num_games, "seed": card.seed, "anchoring": ANCHORING,
               "cells": [{"game": c.game, "players": c.players, "ladder": c.ladder, "rows": c.rows,
                          "ratings": c.ratings} for c in card.cells]}  # fmt: skip
    paths["json"].write_text(json.dumps(summary, indent=1) + "\n")
    return paths


def skipped() -> list[str]:
    """What the card leaves out on this install."""
    return [] if installed("matplotlib") else [skipped_note("the report card's figure", "matplotlib")]


def default_out_dir(agent: str, root: str | Path = "runs/evaluate") -> Path:
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in agent)
    return Path(root) / f"{safe}-{time.strftime('%Y%m%d-%H%M%S')}"
