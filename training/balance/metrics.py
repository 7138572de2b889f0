"""Study statistics per cell, across player counts, along the skill ladder and between variants.

Definitions (every one with a 95 % interval; methods in :mod:`florentine_envs.training.balance.stats`):

* **Position**: turn order counted from the player of the first decision (position 0 is the
  first player). Seat advantage is the win rate by position.
* **Win**: a first place; a shared first place is a win for each joint winner (so the fair
  share of a position is the mean win rate over positions, a little above 1/P when ties occur).
* **First-player advantage**: win rate of position 0 minus the mean over positions;
  **first minus last**: position 0 minus position P-1; **seat spread**: the best position's
  win rate minus the worst one's (biased upwards in small samples: it picks the extremes).
* **Margin** of a player: final score minus the mean of the other players' scores.
* **Game length**: decisions taken by players (``step_count``: forced moves not counted).
* **Score spread**: best minus worst final score of a game; **winning margin**: winner minus
  runner-up (0 when first place is shared); **ties**: games with a shared first place.
* **Lead changes**, **lead for good**, **winner behind**: see :mod:`florentine_envs.training.balance.play`.

Intervals: win rates by position use Wilson's interval when every deal is played once (the
games are independent); everything else, and win rates of rotated tables, use the cluster
bootstrap over deals; variant comparisons use the paired cluster bootstrap on the deals both
cells played. Beyond 20,000 deals the resampling units are blocks of consecutive deals
(:func:`~florentine_envs.training.balance.stats.resampling_units`).
"""

from __future__ import annotations

import numpy as np

from . import stats

SCALARS = (  # (column, label) of per-game means shown for every cell
    ("length", "game length (decisions)"),
    ("score_spread", "score spread (best minus worst)"),
    ("winning_margin", "winning margin (winner minus runner-up)"),
    ("mean_score", "mean final score"),
    ("lead_changes", "lead changes"),
    ("lead_for_good", "winner leads for good from (share of game)"),
    ("winner_behind", "winner behind the leader (share of game)"),
    ("ties", "shared first place (share of games)"),
    ("truncated", "truncated by the turn limit (share of games)"),
)
DERIVED = (
    ("first_player_advantage", "first-player advantage (win rate minus the fair share)"),
    ("first_minus_last", "first minus last position (win rate)"),
    ("seat_spread", "seat spread (best minus worst position)"),
)


def positions_of(data: dict, players: int) -> np.ndarray:
    """int[G, P]: the seat at each turn-order position of every game (position 0: first player)."""
    if "positions" in data:
        return data["positions"]
    return (data["first_player"][:, None] + np.arange(players)) % players


def columns(data: dict, players: int, num_labels: int) -> tuple[list[str], np.ndarray, np.ndarray]:
    """``(names, num float[G, K], den float[G, K])``: per-game numerators and denominators of
    every ratio statistic of a cell (a cell statistic is ``sum(num) / sum(den)``)."""
    P = players
    G = data["deal"].shape[0]
    rows = np.arange(G)[:, None]
    scores = data["scores"].astype(np.float64)
    win = (data["ranks"] == 1).astype(np.float64)  # float[G, P]
    margin = scores - (scores.sum(1, keepdims=True) - scores) / (P - 1)
    at = positions_of(data, P)
    ordered = np.sort(scores, 1)
    values = {
        **{f"win_pos{q}": win[rows[:, 0], at[:, q]] for q in range(P)},
        **{f"margin_pos{q}": margin[rows[:, 0], at[:, q]] for q in range(P)},
        "length": data["length"],
        "score_spread": ordered[:, -1] - ordered[:, 0],
        "winning_margin": ordered[:, -1] - ordered[:, -2],
        "mean_score": scores.mean(1),
        "lead_changes": data["lead_changes"],
        "lead_for_good": data["lead_for_good"],
        "winner_behind": data["winner_behind"],
        "ties": win.sum(1) > 1,
        "truncated": data["truncated"],
        "win_any": win.mean(1),  # the fair share of a position
    }
    names = list(values)
    num = np.column_stack([np.asarray(values[n], np.float64) for n in names])
    den = np.ones_like(num)
    undefined = ~np.isfinite(num)  # lead statistics of games with a shared first place
    num[undefined] = 0.0
    den[undefined] = 0.0
    if num_labels > 1:  # per agent: wins and margin over the player-games it played
        seats = data["seats"]
        for label in range(num_labels):
            mine = (seats == label).astype(np.float64)
            names += [f"win_agent{label}", f"margin_agent{label}"]
            num = np.column_stack([num, (win * mine).sum(1), (margin * mine).sum(1)])
            den = np.column_stack([den, mine.sum(1), mine.sum(1)])
    return names, num, den


def derived(values: np.ndarray, names: list[str], players: int) -> dict[str, np.ndarray]:
    """The statistics that combine columns, from ``values`` float[..., K] (an estimate or
    bootstrap replicates): keys of ``DERIVED``."""
    index = {n: i for i, n in enumerate(names)}
    wins = np.stack([values[..., index[f"win_pos{q}"]] for q in range(players)], -1)
    return {
        "first_player_advantage": wins[..., 0] - wins.mean(-1),
        "first_minus_last": wins[..., 0] - wins[..., -1],
        "seat_spread": wins.max(-1) - wins.min(-1),
    }


def _entry(estimate, low, high, method: str) -> dict:
    return {"estimate": float(estimate), "low": float(low), "high": float(high), "method": method}


ROWS = 1 << 18  # games per slice when summing over resampling units (bounded memory)


def unit_sums(data: dict, players: int, num_labels: int, num_deals: int):
    """``(names, num float[U, K], den float[U, K])``: the :func:`columns` of the games of deals
    ``0..num_deals-1`` summed per resampling unit (:func:`~florentine_envs.training.balance.stats.resampling_units`),
    slice by slice so that no per-game float array of the whole study is ever built."""
    keep = np.flatnonzero(data["deal"] < num_deals)
    units, U = stats.resampling_units(data["deal"][keep], num_deals)
    num_u = den_u = None
    names = []
    for lo in range(0, max(keep.size, 1), ROWS):
        rows = keep[lo : lo + ROWS]
        names, num, den = columns({k: v[rows] for k, v in data.items()}, players, num_labels)
        part_num = stats.per_deal(units[lo : lo + ROWS], num, U)
        part_den = stats.per_deal(units[lo : lo + ROWS], den, U)
        num_u = part_num if num_u is None else num_u + part_num
        den_u = part_den if den_u is None else den_u + part_den
    return names, num_u, den_u


def cell_summary(data: dict, players: int, labels, games_per_deal: int, seed: int) -> dict:
    """Every per-cell statistic: ``{name: {"estimate", "low", "high", "method"}}`` plus counts."""
    D = int(data["deal"].max()) + 1 if data["deal"].size else 0
    names, num_d, den_d = unit_sums(data, players, len(labels), D)
    estimate = stats.ratio(num_d, den_d)
    reps = stats.bootstrap_ratios(num_d, den_d, seed)
    low, high = stats.percentile(reps)
    out = {name: _entry(estimate[i], low[i], high[i], "cluster bootstrap") for i, name in enumerate(names)}
    if games_per_deal == 1:  # independent games: Wilson for the proportions
        G = data["deal"].shape[0]
        for name in [f"win_pos{q}" for q in range(players)] + ["ties", "truncated"]:
            i = names.index(name)
            wl, wh = stats.wilson(num_d[:, i].sum(), G)
            out[name] = _entry(estimate[i], wl, wh, "Wilson")
    point, spread = derived(estimate, names, players), derived(reps, names, players)
    for name, _ in DERIVED:
        dl, dh = stats.percentile(spread[name][:, None])
        out[name] = _entry(point[name], dl[0], dh[0], "cluster bootstrap")
    if "win_agent0" in names:  # a ladder cell: the stronger agent's edge over its fair share
        i, j = names.index("win_agent0"), names.index("win_any")
        el, eh = stats.percentile((reps[:, i] - reps[:, j])[:, None])
        out["edge_agent0"] = _entry(estimate[i] - estimate[j], el[0], eh[0], "cluster bootstrap")
    out["games"] = int(data["deal"].shape[0])
    out["deals"] = D
    return out


def compare_cells(base: dict, variant: dict, players: int, seed: int) -> dict:
    """Paired differences ``variant - baseline`` on the deals both cells played."""
    D = min(int(base["deal"].max()) + 1, int(variant["deal"].max()) + 1)
    parts = [unit_sums(data, players, 1, D) for data in (base, variant)]  # the same units: paired
    names = parts[0][0]
    parts = [part[1:] for part in parts]
    K = len(names)
    num_d = np.concatenate([parts[0][0], parts[1][0]], 1)
    den_d = np.concatenate([parts[0][1], parts[1][1]], 1)
    estimate = stats.ratio(num_d, den_d)
    reps = stats.bootstrap_ratios(num_d, den_d, seed)
    diff_est = estimate[K:] - estimate[:K]
    diff_reps = reps[:, K:] - reps[:, :K]
    low, high = stats.percentile(diff_reps)
    out = {n: _entry(diff_est[i], low[i], high[i], "paired cluster bootstrap") for i, n in enumerate(names)}
    b_point, v_point = derived(estimate[:K], names, players), derived(estimate[K:], names, players)
    b_reps, v_reps = derived(reps[:, :K], names, players), derived(reps[:, K:], names, players)
    for name, _ in DERIVED:
        dl, dh = stats.percentile((v_reps[name] - b_reps[name])[:, None])
        out[name] = _entry(v_point[name] - b_point[name], dl[0], dh[0], "paired cluster bootstrap")
    out["deals"] = D
    return out


def ladder_summary(summary: dict, labels) -> dict:
    """The stronger agent's (label 0) edge in a ladder cell: its win rate, its fair share (the
    mean win rate of a seat), the edge between them and its mean margin, each with an interval."""
    win, fair = summary["win_agent0"], summary["win_any"]
    return {
        "stronger": labels[0],
        "weaker": labels[1] if len(labels) > 1 else labels[0],
        "win_rate": win,
        "fair_share": fair,
        "edge": summary["edge_agent0"],
        "margin": summary["margin_agent0"],
        "games": summary["games"],
    }
