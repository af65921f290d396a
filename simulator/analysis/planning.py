"""Sample-size planning: how many games a run needs to detect a win-rate difference.

Three questions a designer asks, each a standard power calculation (normal approximation,
two-sided test at level `alpha`, probability `power` of detecting the difference):

- seat: does one seat win more than its fair share 1/players? One-sample proportion test of
  one seat's win rate (every game gives each seat one observation).
- strategy: does strategy A beat strategy B? Two-sample test between two groups of
  player-games of equal size, as in a head-to-head run with seats rotated.
- card: does holding a card change the win rate by `difference`? Two-sample test between
  player-games with the card (a fraction `exposure` of them) and without it, the IWD of
  docs/metrics.md. Unequal groups need more games than equal ones.

The formulas are those of Fleiss, Levin & Paik, Statistical Methods for Rates and
Proportions (3rd ed.), eq. 4.14 (two samples, ratio of sizes) and the one-sample analogue;
no continuity correction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

from simulator.core.errors import ConfigError

QUESTIONS = ("seat", "strategy", "card")


@dataclass(frozen=True)
class Plan:
    """The answer: games to play, and the numbers it rests on."""

    question: str
    games: int
    baseline: float
    difference: float
    alpha: float
    power: float
    players: int
    exposure: float | None
    detail: str


def _z(alpha: float, power: float) -> tuple[float, float]:
    normal = NormalDist()
    return normal.inv_cdf(1 - alpha / 2), normal.inv_cdf(power)


def one_sample_n(p0: float, p1: float, alpha: float, power: float) -> float:
    """Observations to tell a proportion p1 from p0."""
    za, zb = _z(alpha, power)
    return ((za * math.sqrt(p0 * (1 - p0)) + zb * math.sqrt(p1 * (1 - p1))) / (p1 - p0)) ** 2


def two_sample_n(p1: float, p2: float, alpha: float, power: float, ratio: float = 1.0) -> float:
    """Size of group 1 to tell p1 from p2 when group 2 is `ratio` times as large."""
    za, zb = _z(alpha, power)
    mean = (p1 + ratio * p2) / (1 + ratio)
    spread = za * math.sqrt((1 + 1 / ratio) * mean * (1 - mean))
    spread += zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2) / ratio)
    return (spread / (p1 - p2)) ** 2


def plan(
    question: str,
    difference: float,
    players: int = 4,
    baseline: float | None = None,
    exposure: float = 0.5,
    alpha: float = 0.05,
    power: float = 0.8,
) -> Plan:
    """Games needed to detect `difference` (a win-rate difference, 0.02 = 2 points)."""
    if question not in QUESTIONS:
        raise ConfigError(f"question '{question}' unknown; accepted: {', '.join(QUESTIONS)}")
    if players < 2:
        raise ConfigError("--players: at least 2")
    base = 1 / players if baseline is None else baseline
    checks = (
        ("--difference", difference, 0 < abs(difference) < 1),
        ("--baseline", base, 0 < base < 1),
        ("--alpha", alpha, 0 < alpha < 1),
        ("--power", power, 0 < power < 1),
        ("--exposure", exposure, 0 < exposure < 1),
        ("--baseline + --difference", base + difference, 0 < base + difference < 1),
    )
    for option, value, ok in checks:
        if not ok:
            raise ConfigError(f"{option}: {value} is outside (0, 1)")
    target = base + difference
    if question == "seat":
        n = one_sample_n(base, target, alpha, power)
        games = math.ceil(n)
        detail = f"one seat's win rate {target:.3f} against the fair share {base:.3f}"
        exposure_used = None
    elif question == "strategy":
        # seats rotate: each strategy plays players/2 seats a game in a two-strategy run
        per_group = two_sample_n(target, base, alpha, power)
        games = math.ceil(per_group / (players / 2))
        detail = (
            f"{math.ceil(per_group)} player-games per strategy, {players / 2:g} seat(s) each a game"
        )
        exposure_used = None
    else:
        ratio = (1 - exposure) / exposure
        with_card = two_sample_n(target, base, alpha, power, ratio)
        player_games = with_card * (1 + ratio)
        games = math.ceil(player_games / players)
        detail = (
            f"{math.ceil(with_card)} player-games with the card and "
            f"{math.ceil(with_card * ratio)} without ({exposure:.0%} exposure)"
        )
        exposure_used = exposure
    return Plan(question, games, base, difference, alpha, power, players, exposure_used, detail)


def games_to_decide(
    games: int,
    estimate: float,
    lo: float,
    hi: float,
    tolerance: float,
    alpha: float = 0.05,
    power: float = 0.8,
    family: int = 1,
) -> int | None:
    """Games in all (the `games` already played included) that would likely decide an
    `unclear` verdict (simulator/analysis/verdicts.py), from the figure's own interval.

    The same normal model as `plan`: the standard error se = (hi - lo) / (2 z) shrinks as
    1/sqrt(games). `balanced` needs |estimate| + (z_alpha/2 + z_power) se' <= tolerance, a
    difference needs (z_alpha/2 + z_power) se' <= |estimate|; the answer is the smaller of the
    two, each assuming the estimate stays where it is (None when neither can be reached: a zero
    estimate with a zero tolerance gap, or a gap so small that no float counts the games).
    Units: any, as long as all four figures share it.
    Where the figure is one of `family` compared at once (a BH q decides the difference), the
    difference is planned at alpha / family, Bonferroni's level: BH never asks more, so the
    games are an upper bound there."""
    za, zb = _z(alpha, power)
    zd, _ = _z(alpha / max(family, 1), power)
    se = (hi - lo) / (2 * NormalDist().inv_cdf(1 - alpha / 2))
    if not (games > 0 and se > 0 and math.isfinite(se)):
        return None
    options = [(tolerance - abs(estimate), za), (abs(estimate), zd)]
    ratios = [se * (z + zb) / gap for gap, z in options if gap > 0]
    needed = [games * r * r for r in ratios]  # r * r: inf past the float range, never raises
    reachable = [n for n in needed if math.isfinite(n)]
    return math.ceil(min(reachable)) if reachable else None


def games_to_detect(
    games: int, lo: float, hi: float, difference: float, alpha: float = 0.05, power: float = 0.8
) -> int | None:
    """Games in all for a figure whose 95% interval is `lo`..`hi` at `games` to detect a true
    `difference` (same unit) at level `alpha` with probability `power`: the run's own model,
    controls and peers included, scaled as 1/sqrt(games) (the counterpart of `plan`, which
    assumes a raw two-group comparison)."""
    za, zb = _z(alpha, power)
    se = (hi - lo) / (2 * NormalDist().inv_cdf(1 - alpha / 2))
    if not (games > 0 and se > 0 and math.isfinite(se) and difference):
        return None
    return math.ceil(games * (se * (za + zb) / abs(difference)) ** 2)
