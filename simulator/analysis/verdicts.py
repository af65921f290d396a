"""The one verdict rule of every report: stronger, weaker, balanced or unclear.

"No significant difference" is not "balanced": a card whose interval is ±12 points and
covers zero has not been shown to be fair, only not to be unfair yet. So a verdict has four
values (docs/metrics.md, "Verdicts: four answers"):

- `balanced`: the whole 95% interval lies within ±tolerance, the designer's bound on a
  difference that does not matter (an equivalence test: two one-sided tests, each at 2.5%,
  which is the printed interval inside the band). It is checked first: a card measurably
  1 point stronger than its peers, with a 3-point tolerance, is balanced for the designer.
- `stronger` / `weaker`: not balanced, and the difference from zero is significant (the
  interval excludes zero; where many are compared, a Benjamini-Hochberg q below the FDR).
- `unclear`: neither. The run says how many games would decide it (`games_to_decide`, the
  normal-approximation model of `deckhand plan`).

Every figure here is in win-rate points (percentage points, 3.0 = 3 points), the unit of
`--tolerance`; every verdict table on disk carries `verdict`, `lo`, `hi` and `tolerance` in it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace

from simulator.analysis.planning import games_to_decide
from simulator.analysis.stats import benjamini_hochberg
from simulator.core.errors import ConfigError

STRONGER, WEAKER, BALANCED, UNCLEAR = "stronger", "weaker", "balanced", "unclear"
WORDS = (STRONGER, WEAKER, BALANCED, UNCLEAR)
"""The four verdicts, and the only values a `verdict` column holds (or null: no figure to judge,
e.g. a card out of play)."""

FDR = 0.05
"""The false discovery rate of `stronger` / `weaker` where many are compared at once."""

TABLE_COLUMNS = ("verdict", "lo", "hi", "tolerance")
"""The columns every verdict table written to disk carries (points, as `--tolerance`)."""


@dataclass(frozen=True)
class Tolerances:
    """The designer's tolerance per measure, in win-rate points: the largest difference that
    still counts as balanced. The defaults are documented in docs/metrics.md ("Tolerances").

    - card: a card's measure against its peers (the run report), its power's worth to its
      owner (ablate), its owner's win rate at a value (sweep, balance): 3 points;
    - seat: the first player's win rate against the later players': 1 point;
    - strategy: one bot's win rate against another's: 3 points.
    """

    card: float = 3.0
    seat: float = 1.0
    strategy: float = 3.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value > 0):
                raise ConfigError(
                    f"--tolerance {f.name}={value}: a tolerance is a positive number of points"
                )

    @classmethod
    def parse(cls, texts: Iterable[str]) -> Tolerances:
        """From `--tolerance` values: `POINTS` (every measure) or `MEASURE=POINTS`."""
        out = cls()
        names = [f.name for f in fields(cls)]
        for text in texts:
            key, sep, number = text.partition("=")
            if not sep:
                key, number = "", key
            key = key.strip()
            if key and key not in names:
                raise ConfigError(
                    f"--tolerance {text}: unknown measure '{key}'; accepted: {', '.join(names)} "
                    "(or a bare number of points for all of them)"
                )
            try:
                points = float(number)
            except ValueError:
                raise ConfigError(
                    f"--tolerance {text}: '{number.strip()}' is not a number of points"
                ) from None
            out = replace(out, **{k: points for k in ([key] if key else names)})
        return out

    def options(self) -> str:
        """The `--tolerance` options that give these tolerances ('' for the defaults)."""
        default = Tolerances()
        return "".join(
            f" --tolerance {f.name}={getattr(self, f.name):g}"
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        )

    def text(self) -> str:
        return ", ".join(f"{f.name} \u00b1{getattr(self, f.name):g}" for f in fields(self))


@dataclass(frozen=True)
class Verdict:
    """One verdict and what it rests on, all in points."""

    verdict: str
    estimate: float
    lo: float
    hi: float
    tolerance: float
    games_to_decide: int | None = None
    """For `unclear`: the games in all (this run's included) that would likely decide it, at
    80% power; None otherwise, or where the run has no interval to scale from."""

    def words(self, than: str = "") -> str:
        """The verdict in plain words with its tolerance, e.g. 'balanced: within ±3 points',
        'stronger than other contracts: +8.1 points, not within ±3'. `than` names what it is
        compared with."""
        band = f"\u00b1{self.tolerance:g}"
        if self.verdict == BALANCED:
            return f"balanced: within {band} points"
        if self.verdict in (STRONGER, WEAKER):
            named = f" than {than}" if than else ""
            return f"{self.verdict}{named}: {self.estimate:+.1f} points, not within {band}"
        decide_in = (
            f"; about {self.games_to_decide:,} games would decide" if self.games_to_decide else ""
        )
        return f"unclear: not shown within {band} points{decide_in}"


def _finite(*values: float | None) -> bool:
    return all(v is not None and math.isfinite(v) for v in values)


def decide(
    estimate: float | None,
    lo: float | None,
    hi: float | None,
    tolerance: float,
    *,
    significant: bool | None = None,
    games: int | None = None,
    family: int = 1,
) -> Verdict:
    """The verdict of one figure (points) with its 95% interval `lo`..`hi`.

    `significant` is the family's decision on "differs from zero" (a BH q below the FDR); left
    None, it is the interval excluding zero. `games` is what the figure rests on, for
    `games_to_decide` (`family`: how many figures the FDR control compares at once). A missing
    figure is `unclear` (nothing to scale from)."""
    if not _finite(estimate, lo, hi):
        return Verdict(UNCLEAR, math.nan, math.nan, math.nan, tolerance)
    assert estimate is not None and lo is not None and hi is not None
    if -tolerance <= lo and hi <= tolerance:
        return Verdict(BALANCED, estimate, lo, hi, tolerance)
    if significant is None:
        significant = lo > 0 or hi < 0
    if significant:
        return Verdict(STRONGER if estimate > 0 else WEAKER, estimate, lo, hi, tolerance)
    needed = games_to_decide(games, estimate, lo, hi, tolerance, family=family) if games else None
    return Verdict(UNCLEAR, estimate, lo, hi, tolerance, needed)


def decide_family(
    estimates: Sequence[float | None],
    los: Sequence[float | None],
    his: Sequence[float | None],
    p_values: Sequence[float | None],
    tolerance: float,
    games: int | None = None,
    fdr: float = FDR,
) -> tuple[list[Verdict], list[float | None]]:
    """Verdicts of many figures compared at once: `stronger` / `weaker` need a BH q below
    `fdr` over the family (the figures with a p-value); returns the verdicts and the q-values."""
    with_p = [i for i, p in enumerate(p_values) if p is not None and math.isfinite(p)]
    q_of = dict(zip(with_p, benjamini_hochberg([float(p_values[i]) for i in with_p]), strict=True))  # type: ignore[arg-type]
    verdicts = [
        decide(
            e,
            lo,
            hi,
            tolerance,
            significant=(q_of[i] < fdr) if i in q_of else None,
            games=games,
            family=len(with_p),
        )
        for i, (e, lo, hi) in enumerate(zip(estimates, los, his, strict=True))
    ]
    return verdicts, [q_of.get(i) for i in range(len(estimates))]


def to_points(value: float | None) -> float | None:
    """A fraction (0.03) as points (3.0); None and NaN stay None."""
    if value is None or not math.isfinite(value):
        return None
    return 100.0 * value


DOES_SOMETHING, DOES_NOTHING = "does something", "does nothing"
WORTH_CHECKS = (DOES_SOMETHING, DOES_NOTHING, UNCLEAR)
"""The answers to "does the power do anything?" (a power's worth to its owner, on against
off): never a verdict on the card, whose question is "is it stronger than a typical power of
its kind?" (docs/metrics.md, "Which figure answers which question")."""

_CHECK_OF = {STRONGER: DOES_SOMETHING, WEAKER: DOES_SOMETHING, BALANCED: DOES_NOTHING}


def worth_checks(
    estimates: Sequence[float | None],
    los: Sequence[float | None],
    his: Sequence[float | None],
    p_values: Sequence[float | None],
    tolerance: float,
    fdr: float = FDR,
) -> tuple[list[str | None], list[float | None]]:
    """ "Does the power do anything?" for many powers at once, by the same rule as a verdict:
    `does nothing` when the whole interval of its worth lies within ±tolerance, `does
    something` when not and its BH q is below `fdr` (it helps or hurts its owner: the sign says
    which), `unclear` otherwise; None where there is no figure. Returns the answers and q."""
    verdicts, q = decide_family(estimates, los, his, p_values, tolerance, fdr=fdr)
    answers = [
        _CHECK_OF.get(v.verdict, UNCLEAR) if e is not None and math.isfinite(e) else None
        for v, e in zip(verdicts, estimates, strict=True)
    ]
    return answers, q
