"""The figures of a balance report (matplotlib, drawn from the study's summary and arrays
only, so the same ``(seed, options)`` draws the same figures). Each function returns a
``matplotlib.figure.Figure`` made without pyplot (no backend is chosen or changed: a
notebook shows them with ``display``, the report saves them as PNG), or None when the study
has nothing to show in it."""

from __future__ import annotations

import numpy as np

from .attribution import DEAD_RATE
from .design import MAIN
from .metrics import DERIVED, SCALARS

LABELS = dict(DERIVED + SCALARS)  # statistics by name, in words
RATES = {"first_player_advantage", "first_minus_last", "seat_spread", "lead_for_good", "winner_behind", "ties",
         "truncated"}  # shares and differences of shares: drawn in % or pp  # fmt: skip


def component_label(name: str) -> str:
    """A component in words: ``card:Neutral 7`` -> ``card Neutral 7``, ``office:Captain`` -> ``office Captain``.

    >>> component_label("commission:blue-3"), component_label("Jester")
    ('commission blue-3', 'Jester')
    """
    kind, _, what = name.partition(":")
    return f"{kind} {what}" if what else name


def _figure(width: float, height: float, rows: int = 1, cols: int = 1, **kwargs):
    """``(figure, axes)`` of a pyplot-free figure with constrained layout."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.subplots(rows, cols, **kwargs)


def _errors(entries) -> tuple[np.ndarray, np.ndarray]:
    est = np.array([e["estimate"] for e in entries], float)
    err = np.array([[e["estimate"] - e["low"], e["high"] - e["estimate"]] for e in entries], float).T
    return est, np.nan_to_num(np.maximum(err, 0.0))


def baseline_cells(summary: dict) -> list[dict]:
    """The main cells on the study's own rules (the baseline, or the single variant played)."""
    first = {}
    for cell in summary["cells"]:
        if cell["kind"] == MAIN and cell["players"] not in first:
            first[cell["players"]] = cell
    return [first[p] for p in sorted(first)]


def positions(summary: dict, ax=None):
    """Win rate by turn-order position, one group of bars per player count; drawn on ``ax``
    when given (then returns None), else on a figure of its own (returned)."""
    cells = baseline_cells(summary)
    if not cells:
        return None
    fig = None
    if ax is None:
        fig, ax = _figure(7.5, 3.8)
    offset = 0
    ticks, names = [], []
    for cell in cells:
        P, st = cell["players"], cell["stats"]
        est, err = _errors([st[f"win_pos{q}"] for q in range(P)])
        x = offset + np.arange(P)
        ax.bar(x, 100 * est, yerr=100 * err, capsize=3, color=f"C{P % 10}", label=f"{P} players")
        fair = 100 * st["win_any"]["estimate"]
        ax.hlines(fair, x[0] - 0.4, x[-1] + 0.4, colors="grey", linestyles="--", linewidth=1)
        ticks += list(x)
        names += [f"{q + 1}" for q in range(P)]
        offset += P + 1
    ax.set_xticks(ticks, names)
    ax.set_xlabel("position in turn order (1 = first player); dashed: fair share")
    ax.set_ylabel("win rate, % (95 % interval)")
    ax.set_title("Seat advantage")
    ax.legend(fontsize=8)
    return fig


def player_counts(summary: dict):
    """Key statistics against the player count (baseline cells), with 95 % intervals."""
    cells = baseline_cells(summary)
    if not cells:
        return None
    shown = [("first_player_advantage", "first-player advantage (pp)"), ("length", "game length (decisions)"),
             ("winning_margin", "winning margin (points)"), ("lead_changes", "lead changes"),
             ("lead_for_good", "winner leads for good from (% of game)"),
             ("winner_behind", "winner behind the leader (% of game)")]  # fmt: skip
    fig, axes = _figure(10, 5.2, 2, 3)
    P = [c["players"] for c in cells]
    for ax, (key, title) in zip(axes.ravel(), shown):
        est, err = _errors([c["stats"][key] for c in cells])
        scale = 100 if key in RATES else 1
        ax.errorbar(P, scale * est, yerr=scale * err, marker="o", capsize=4)
        ax.set_xticks(P)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("players")
    fig.suptitle("Effect of the player count (95 % intervals)")
    return fig


def distributions(result):
    """Histograms of game length, winning margin and the point the winner leads for good."""
    main = {}
    for cell, data in zip(result.cells, result.data):
        if cell.kind == MAIN and data is not None and cell.players not in main:
            main[cell.players] = data
    if not main:
        return None
    fig, axes = _figure(11, 3.4, 1, 3)
    for P in sorted(main):
        data = main[P]
        scores = np.sort(data["scores"], 1)
        values = [
            data["length"],
            scores[:, -1] - scores[:, -2],
            data["lead_for_good"][np.isfinite(data["lead_for_good"])],
        ]
        for ax, v in zip(axes, values):
            ax.hist(v, bins=30, histtype="step", density=True, label=f"{P} players", color=f"C{P % 10}")
    for ax, title in zip(axes, ("game length (decisions)", "winning margin (points)",
                                "winner leads for good from (share of game)")):  # fmt: skip
        ax.set_title(title, fontsize=10)
        ax.set_yticks([])
    axes[0].legend(fontsize=8)
    return fig


def ladder(summary: dict):
    """The stronger agent's win rate against copies of the weaker one, with its fair share."""
    rows = summary["ladder"]
    if not rows:
        return None
    fig, ax = _figure(7, 3.4)
    labels = [f"{r['stronger']} vs {r['weaker']}\n{r['players']} players" for r in rows]
    est, err = _errors([r["win_rate"] for r in rows])
    x = np.arange(len(rows))
    ax.bar(x, 100 * est, yerr=100 * err, capsize=4, color="tab:green")
    ax.scatter(x, [100 * r["fair_share"]["estimate"] for r in rows], marker="_", s=600, color="black",
               label="fair share")  # fmt: skip
    ax.set_xticks(x, labels, fontsize=8)
    ax.set_ylim(0, 105)
    ax.set_ylabel("stronger agent's win rate, % (95 % interval)")
    ax.set_title("Skill depth (duplicate deals, seats rotated)")
    ax.legend(fontsize=8)
    return fig


def comparisons(summary: dict):
    """Variant minus baseline (paired, 95 % CI), one row of panels per comparison: rates in
    percentage points on the left, the other means relative to the baseline on the right."""
    rows = summary["comparisons"]
    if not rows:
        return None
    cells = {c["cell"]: c for c in summary["cells"]}
    rates = ["first_player_advantage", "first_minus_last", "seat_spread", "lead_for_good", "winner_behind", "ties"]
    means = ["length", "score_spread", "winning_margin", "mean_score", "lead_changes"]
    fig, axes = _figure(10, 2.6 * len(rows) + 0.6, len(rows), 2, squeeze=False)
    for (left, right), row in zip(axes, rows):
        P = row["players"]
        keys = [f"win_pos{q}" for q in range(P)] + rates
        est, err = _errors([row["stats"][k] for k in keys])
        y = np.arange(len(keys))[::-1]
        left.errorbar(100 * est, y, xerr=100 * err, fmt="o", capsize=3)
        left.set_yticks(y, [f"win rate, position {int(k[7:]) + 1}" if k.startswith("win_pos") else LABELS[k]
                            for k in keys], fontsize=7)  # fmt: skip
        left.set_xlabel("difference (pp)", fontsize=8)
        base = cells[row["baseline_cell"]]["stats"]
        scale = np.array([abs(base[k]["estimate"]) or 1.0 for k in means])
        est, err = _errors([row["stats"][k] for k in means])
        y = np.arange(len(means))[::-1]
        right.errorbar(100 * est / scale, y, xerr=100 * err / scale, fmt="o", capsize=3, color="tab:orange")
        right.set_yticks(y, [LABELS[k] for k in means], fontsize=7)
        right.set_xlabel("difference (% of the baseline mean)", fontsize=8)
        for ax in (left, right):
            ax.axvline(0, color="grey", linewidth=1)
        left.set_title(f"{row['variant']}, {P} players", fontsize=9, loc="left")
    fig.suptitle("Variant minus baseline, paired on the same deals (95 % intervals)", fontsize=10)
    return fig


def components(rows: list[dict], title: str, most: int = 30):
    """Win lift of the components (95 % CI), flagged ones coloured; at most ``most`` components,
    the ones with the largest absolute lift."""
    rows = [r for r in rows if np.isfinite(r["win_lift"]) and r["acquisition_rate"] >= DEAD_RATE]
    if not rows:
        return None
    rows = sorted(sorted(rows, key=lambda r: -abs(r["win_lift"]))[:most], key=lambda r: r["win_lift"])
    fig, ax = _figure(7.5, 0.22 * len(rows) + 1.2)
    y = np.arange(len(rows))
    lift = np.array([r["win_lift"] for r in rows])
    err = np.array([[r["win_lift"] - r["win_lift_low"], r["win_lift_high"] - r["win_lift"]] for r in rows]).T
    colours = ["tab:red" if "dominant" in r["flags"] else "tab:grey" if "dead" in r["flags"]
               else "tab:purple" if "weak" in r["flags"] else "tab:blue" for r in rows]  # fmt: skip
    ax.barh(y, 100 * lift, xerr=100 * np.nan_to_num(err), color=colours, capsize=2)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(y, [component_label(r["component"]) for r in rows], fontsize=7)
    ax.set_xlabel("win lift: win rate of acquirers minus non-acquirers, pp (95 % interval)")
    ax.set_title(f"{title} (red: dominant, grey: dead, purple: weak)", fontsize=9)
    return fig
