"""Interval estimates and multiple-comparison control for balance studies (numpy only).

Every statistic of a study comes with a 95 % interval from one of three methods, chosen by
how the games were sampled:

* **Wilson score interval** (:func:`wilson`) for a proportion of *independent* trials: the win
  rate of a turn-order position when every deal is played once (all seats the same agent),
  the share of ties or of truncated games. It keeps its coverage near 0 and 1 and for small
  samples, where the normal (Wald) interval does not.
* **Percentile cluster bootstrap over deals** (:func:`bootstrap_ratios`, :func:`percentile`)
  for everything else: means (game length, score spread, lead changes), win rates when a deal
  is played several times (seats rotated, so its games share the cards and are correlated),
  differences between positions, and the *paired* differences of a variant against the
  baseline on the same deals (both resampled with the same draw of deals, so the luck of the
  deal cancels in the difference). Each statistic is a ratio of sums over deals,
  ``sum(num) / sum(den)``; a resample draws the deals with replacement.
* **Cluster-robust delta method** (:func:`ratio_difference_test`) for component attribution,
  which tests dozens of components at once: Benjamini-Hochberg needs p-values far below what
  2,000 bootstrap resamples resolve (the smallest BH threshold of 80 tests at 5 % is 0.0006),
  so there each difference of two ratios gets a linearised (Taylor) standard error computed
  from the per-deal residuals, a Wald z, a normal p-value and a Wald interval.

Benjamini-Hochberg (:func:`benjamini_hochberg`) turns p-values into q-values that control the
false discovery rate: among the components flagged at q < 0.05, at most 5 % are expected to
be false discoveries.

    >>> low, high = wilson(np.array([5]), np.array([10]))
    >>> round(float(low[0]), 3), round(float(high[0]), 3)
    (0.237, 0.763)
    >>> benjamini_hochberg(np.array([0.01, 0.04, 0.03, 0.5])).round(3).tolist()
    [0.04, 0.053, 0.053, 0.5]
"""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054  # two-sided 95 % quantile of the standard normal
RESAMPLES = 2000  # bootstrap resamples per study statistic
MAX_UNITS = 20_000  # resampling units at most (see resampling_units)


def wilson(successes, trials, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """``(low, high)`` Wilson score interval of ``successes / trials`` (arrays, elementwise);
    NaN where there are no trials."""
    k = np.asarray(successes, np.float64)
    n = np.asarray(trials, np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)


def per_deal(deal: np.ndarray, values: np.ndarray, num_deals: int) -> np.ndarray:
    """float[D, K]: the sum of ``values`` (float[G, K] or [G]) over the games of each deal
    (``deal``: int[G], numbered 0..D-1; or any resampling unit, see :func:`resampling_units`)."""
    values = np.asarray(values, np.float64)
    flat = values.reshape(values.shape[0], -1)
    deal = np.asarray(deal, np.int64)
    return np.column_stack([np.bincount(deal, flat[:, k], num_deals) for k in range(flat.shape[1])]).reshape(
        num_deals, flat.shape[1]
    )


def resampling_units(deal: np.ndarray, num_deals: int) -> tuple[np.ndarray, int]:
    """``(unit int[G], U)``: the resampling unit of each game. Up to ``MAX_UNITS`` deals, a unit
    is a deal; beyond, consecutive deals are grouped into ``MAX_UNITS`` blocks. Deals are
    independent and alike, so blocks of them are too, and the bootstrap and the delta method
    stay valid over blocks while their cost stops growing with the study (a study of 10**7
    deals resamples 20,000 blocks)."""
    U = min(int(num_deals), MAX_UNITS)
    return np.asarray(deal, np.int64) * U // max(int(num_deals), 1), U


def bootstrap_ratios(num: np.ndarray, den: np.ndarray, seed: int, resamples: int = RESAMPLES) -> np.ndarray:
    """float[R, K]: ``num.sum(0) / den.sum(0)`` recomputed on ``resamples`` cluster resamples.

    ``num``, ``den``: float[D, K], one row per deal. Each resample draws D deals with
    replacement (the same draw for every column, so columns stay paired). NaN where a
    resample has no denominator.
    """
    num = np.asarray(num, np.float64)
    den = np.asarray(den, np.float64)
    D, K = num.shape
    rng = np.random.default_rng(seed)
    stacked = np.concatenate([num, den], axis=1)  # float[D, 2K]
    chunk = max(1, min(resamples, 4_000_000 // max(D, 1)))  # resamples per pass: bounded memory
    ratios = []
    for first in range(0, resamples, chunk):
        n = min(chunk, resamples - first)
        picks = rng.integers(0, D, size=(n, D)) + D * np.arange(n)[:, None]
        counts = np.bincount(picks.ravel(), minlength=n * D).reshape(n, D)  # int[n, D] draws of each deal
        sums = counts @ stacked  # float[n, 2K]
        with np.errstate(invalid="ignore", divide="ignore"):
            ratios.append(sums[:, :K] / sums[:, K:])
    return np.concatenate(ratios)


def percentile(replicates: np.ndarray, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """``(low, high)`` percentile interval of bootstrap ``replicates`` (float[R, K]) per column;
    NaN for a column with no finite replicate."""
    replicates = np.asarray(replicates, np.float64)
    empty = ~np.isfinite(replicates).any(0)
    tail = round(50 * (1 - level), 10)  # 2.5 exactly for 95 %
    low, high = np.nanpercentile(np.where(empty, 0.0, replicates), [tail, 100 - tail], axis=0)
    low[empty] = np.nan
    high[empty] = np.nan
    return low, high


def ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    """float[K]: ``num.sum(0) / den.sum(0)`` (NaN where the denominator is zero)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray(num, np.float64).sum(0) / np.asarray(den, np.float64).sum(0)


def ratio_difference_test(num_a, den_a, num_b, den_b) -> dict[str, np.ndarray]:
    """Difference ``R_a - R_b`` of two ratios of per-deal sums (each float[D, K]), with a
    cluster-robust delta-method standard error.

    Linearising ``R = sum(y) / sum(x)`` around the estimate gives per-deal influence values
    ``(y_d - R x_d) / sum(x)``; the variance of the difference is ``D / (D - 1)`` times the sum
    over deals of the squared difference of the two influence values (deals are the
    independent units, and the two ratios may share deals). Returns float[K] arrays
    ``diff``, ``se``, ``low``, ``high`` (Wald 95 %) and ``p`` (two-sided normal).
    """
    arrays = [np.asarray(a, np.float64) for a in (num_a, den_a, num_b, den_b)]
    ya, xa, yb, xb = arrays
    D = ya.shape[0]
    ra, rb = ratio(ya, xa), ratio(yb, xb)
    with np.errstate(invalid="ignore", divide="ignore"):
        influence = (ya - ra * xa) / xa.sum(0) - (yb - rb * xb) / xb.sum(0)  # float[D, K]
        se = np.sqrt(D / max(D - 1, 1) * (influence**2).sum(0))
        diff = ra - rb
        z = diff / se
    p = np.array([normal_two_sided_p(v) for v in np.atleast_1d(z)])
    return {"diff": diff, "se": se, "low": diff - Z95 * se, "high": diff + Z95 * se, "p": p}


def ratio_interval(num, den) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(estimate, low, high)`` float[K] of ``sum(num) / sum(den)`` (per-deal sums float[D, K])
    with the cluster-robust delta-method (Wald) interval of :func:`ratio_difference_test`."""
    zero = np.zeros_like(np.asarray(num, np.float64))
    test = ratio_difference_test(num, den, zero, np.ones_like(zero))
    return test["diff"], test["low"], test["high"]


def normal_two_sided_p(z: float) -> float:
    """Two-sided p-value of a standard-normal statistic ``z`` (NaN stays NaN; z = ±inf gives 0).

    >>> round(normal_two_sided_p(1.959963984540054), 4)
    0.05
    """
    if z != z:  # NaN
        return float("nan")
    return math.erfc(abs(z) / math.sqrt(2))


def benjamini_hochberg(p_values: np.ndarray) -> np.ndarray:
    """float[K] Benjamini-Hochberg adjusted p-values (q-values) of ``p_values`` (float[K]);
    NaN entries are left out of the family and stay NaN."""
    p = np.asarray(p_values, np.float64)
    q = np.full(p.shape, np.nan)
    tested = np.flatnonzero(np.isfinite(p))
    m = tested.size
    if m == 0:
        return q
    order = tested[np.argsort(p[tested], kind="stable")]
    scaled = p[order] * m / np.arange(1, m + 1)
    q[order] = np.minimum(np.minimum.accumulate(scaled[::-1])[::-1], 1.0)
    return q
