"""Component attribution: which cards, buildings, commissions or objects go with winning.

For every component a game reports (``Game.component_names`` / ``Game.acquisitions``), over
the player-games of a cell (one per player per game):

* **acquisition rate**: the share of player-games in which the player acquired it at least
  once, and the mean number acquired;
* **win lift**: the win rate of the player-games that acquired it minus the win rate of those
  that did not; **margin lift**: the same for the margin (score minus the others' mean).

Each lift has a cluster-robust delta-method interval and p-value (deals are the independent
units: :func:`florentine_envs.training.balance.stats.ratio_difference_test`), and the p-values of each family
(win lifts; margin lifts) are adjusted with Benjamini-Hochberg: ``q < 0.05`` holds the false
discovery rate among flagged components at 5 %.

Flags (a screen for a designer's attention, not a verdict):

* ``dead``: acquired in under ``DEAD_RATE`` of player-games, or its win lift is measured to
  be negligible (the 95 % interval inside +-``NEGLIGIBLE``);
* ``dominant``: a significant win lift (q < 0.05) at least ``DOMINANT_EXCESS`` above the
  median lift of the components of its kind (the part of the name before ``:``, so cards
  are compared with cards and commissions with commissions);
* ``weak``: a significant negative win lift.

The lifts are associations, not effects: players who acquire a component may be those
already winning (a commission is fulfilled by whoever built the tower). Compare components
of one kind with each other, and use variants (``--set``, ``--compare``) for causal answers.
"""

from __future__ import annotations

import numpy as np

from . import stats

DEAD_RATE = 0.01
NEGLIGIBLE = 0.03
DOMINANT_EXCESS = 0.10
Q_LEVEL = 0.05


def attribute(data: dict, players: int, component_names) -> list[dict]:
    """One row per component (``component_names`` order): rates, lifts, q-values and flags."""
    names = list(component_names)
    C = len(names)
    if C == 0 or data["deal"].size == 0:
        return []
    sums = _unit_sums(data, players, C)
    n_got, n_all = sums["got"], sums["all"]
    n_not = n_all - n_got
    rate, rate_low, rate_high = stats.ratio_interval(n_got, n_all)
    mean_count = stats.ratio(sums["count"], n_all)
    win_test = stats.ratio_difference_test(sums["win_got"], n_got, sums["win_not"], n_not)
    margin_test = stats.ratio_difference_test(sums["margin_got"], n_got, sums["margin_not"], n_not)
    win_q = stats.benjamini_hochberg(win_test["p"])
    margin_q = stats.benjamini_hochberg(margin_test["p"])
    win_got = stats.ratio(sums["win_got"], n_got)

    kinds = [name.split(":", 1)[0] for name in names]
    median_lift = {}
    for kind in set(kinds):
        lifts = [win_test["diff"][i] for i in range(C) if kinds[i] == kind and np.isfinite(win_test["diff"][i])]
        median_lift[kind] = float(np.median(lifts)) if lifts else float("nan")
    rows = []
    for i, name in enumerate(names):
        lift, low, high = (float(win_test[k][i]) for k in ("diff", "low", "high"))
        q = float(win_q[i])
        flags = []
        if not rate[i] >= DEAD_RATE or (np.isfinite(low) and -NEGLIGIBLE <= low and high <= NEGLIGIBLE):
            flags.append("dead")
        elif q < Q_LEVEL and lift > 0 and lift >= median_lift[kinds[i]] + DOMINANT_EXCESS:
            flags.append("dominant")
        elif q < Q_LEVEL and lift < 0:
            flags.append("weak")
        rows.append({
            "component": name,
            "kind": kinds[i],
            "acquisition_rate": float(rate[i]),
            "rate_low": float(rate_low[i]),
            "rate_high": float(rate_high[i]),
            "mean_count": float(mean_count[i]),
            "win_rate_acquirers": float(win_got[i]),
            "win_lift": lift,
            "win_lift_low": low,
            "win_lift_high": high,
            "win_p": float(win_test["p"][i]),
            "win_q": float(win_q[i]),
            "margin_lift": float(margin_test["diff"][i]),
            "margin_lift_low": float(margin_test["low"][i]),
            "margin_lift_high": float(margin_test["high"][i]),
            "margin_q": float(margin_q[i]),
            "flags": flags,
        })  # fmt: skip
    return rows


ROWS = 1 << 14  # games per slice of the sums (bounded memory: a slice is ROWS * P * C floats)


def _unit_sums(data: dict, players: int, C: int) -> dict[str, np.ndarray]:
    """Per resampling unit (float[U, C] each): player-games that acquired each component
    (``got``), all player-games (``all``), components acquired (``count``), and the wins and
    margins of the player-games that did and did not acquire it."""
    P = players
    D = int(data["deal"].max()) + 1
    units, U = stats.resampling_units(data["deal"], D)
    sums: dict[str, np.ndarray] = {}
    for lo in range(0, data["deal"].size, ROWS):
        part = slice(lo, lo + ROWS)
        scores = data["scores"][part].astype(np.float64)
        n = scores.shape[0]
        win = (data["ranks"][part] == 1).astype(np.float64).reshape(n * P, 1)
        margin = (scores - (scores.sum(1, keepdims=True) - scores) / (P - 1)).reshape(n * P, 1)
        count = data["acquired"][part].reshape(n * P, C).astype(np.float64)
        got = (count > 0).astype(np.float64)
        unit = np.repeat(units[part], P)
        terms = {"got": got, "all": np.ones_like(got), "count": count, "win_got": win * got,
                 "win_not": win * (1 - got), "margin_got": margin * got, "margin_not": margin * (1 - got)}  # fmt: skip
        for key, values in terms.items():
            total = stats.per_deal(unit, values, U)
            sums[key] = total if key not in sums else sums[key] + total
    return sums


def most_and_least_effective(rows: list[dict], k: int = 3) -> tuple[list[dict], list[dict]]:
    """The ``k`` components with the highest and the lowest win lift, among those acquired in at
    least ``DEAD_RATE`` of player-games (a lift measured on a handful of cases says little)."""
    ranked = sorted(
        (r for r in rows if r["acquisition_rate"] >= DEAD_RATE and np.isfinite(r["win_lift"])),
        key=lambda r: -r["win_lift"],
    )
    return ranked[:k], ranked[::-1][:k]
