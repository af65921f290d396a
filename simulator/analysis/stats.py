"""Interval estimates and multiple-comparison control used by every report."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; (nan, nan) when n is 0."""
    if n <= 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def clustered_share(points: Sequence[float], per_cluster: int) -> tuple[float, float, float]:
    """A share, the mean of `points` (one per game, 0 to 1), with its 95% interval from the
    cluster-robust variance over runs of `per_cluster` consecutive games: the games of one
    duplicate deal share their cards, so they are not independent. (nan, nan, nan) for no
    games. Where every game went the same way (a share of 0 or 1) the clustered spread is
    zero, which is not certainty: the interval is then Wilson's on the games; otherwise the
    clustered one, kept within 0..1."""
    n = len(points)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    share = sum(points) / n
    if share <= 0.0 or share >= 1.0:
        lo, hi = wilson(round(share * n), n)
        return (share, lo, hi)
    starts = range(0, n, per_cluster)
    clusters = len(starts)
    spread = sum(
        (sum(points[i : i + per_cluster]) - len(points[i : i + per_cluster]) * share) ** 2
        for i in starts
    )
    se = math.sqrt(spread / n**2 * clusters / max(clusters - 1, 1))
    return (share, max(0.0, share - Z95 * se), min(1.0, share + Z95 * se))


def newcombe_difference(
    s1: int, n1: int, s2: int, n2: int, z: float = Z95
) -> tuple[float, float, float]:
    """p1 - p2 with Newcombe's hybrid score interval (method 10), built from Wilson intervals."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan, math.nan)
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1, z)
    l2, u2 = wilson(s2, n2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (d, low, high)


def two_proportion_p(s1: int, n1: int, s2: int, n2: int) -> float:
    """Two-sided p-value of the pooled z-test that two proportions are equal."""
    if n1 <= 0 or n2 <= 0:
        return math.nan
    pooled = (s1 + s2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (s1 / n1 - s2 / n2) / se
    return math.erfc(abs(z) / math.sqrt(2))


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """BH-adjusted q-values (false discovery rate); NaN p-values stay NaN and are not counted."""
    indexed = [(p, i) for i, p in enumerate(p_values) if not math.isnan(p)]
    m = len(indexed)
    q = [math.nan] * len(p_values)
    running = 1.0
    for rank, (p, i) in reversed(list(enumerate(sorted(indexed), start=1))):
        running = min(running, p * m / rank)
        q[i] = running
    return q
