"""The value of one card number at which the card's power is worth what the typical power of
its kind is worth (`deckhand balance`).

The question a designer asks after "is this card too strong?" is "what number would make it
fair?". "Too strong" means stronger than a typical card of its kind (issue 46), so the answer
is the value of one numeric parameter of the card (its `params` cell) at which its power is
worth to its owner what the typical power of its kind is worth, on the causal, paired measure
of experiments/typical_worth.py: the card against the typical power at the printed value (an
ablation of the same game, mix and bots: `--evidence`, else one played into OUT/ablation and
reused from there) plus the effect of the number on the same deals. Every value evaluated is
one run of a sweep (simulator/runs/sweep.py: the same machinery, the same seed for every value,
so the deals are the same and only the number differs: common random numbers), into
OUT/sweep/, which stays an ordinary sweep folder. A game without a per-card power switch
(travel) has no ablation: there the measure is the card against the typical card of its kind
on the run's declared measure (cards.parquet `verdict_pp`), and balance.json says so.

A sequential design spends the games where the answer is decided (docs/metrics.md,
"Balancing a number"):

1. **The printed value** with `unit` games (the budget / 8), doubled until the card has a
   figure (the peer measure needs 100 player-games with the card's event; the causal one has
   its figure from the ablation). Balanced there already (the whole interval within the
   tolerance): nothing to change, stop. On the causal measure the printed value keeps as
   many games as any value, so every game has its twin deal there (the pairing).
2. **A coarse bracket**: over the parameter's declared range when both ends are declared,
   otherwise outward from the printed value, doubling up or halving toward the lower bound
   (0 for a non-negative number), in the direction the measures say moves the card toward
   its peers (first guess: a larger number makes the card stronger), or further, up to four
   such steps, where the line through the measures so far puts their zero, until two
   evaluated values have measures of opposite sign (or the range ends).
3. **Bisection inside the bracket**: a secant step through the bracket's ends (the measures
   interpolated linearly), kept in the bracket's middle half and rounded to the parameter's
   step, until the bracket is one step wide.
4. **Precision**: a weighted line through the measures inside the coarse bracket and its
   Fieller interval for the value where it is 0 (sweep.fit_balance); the games of the values
   around that value (the rounded suggestion and the bracket's ends) are doubled until the
   interval is at most one step wide or the budget is spent.

The suggestion is that value rounded to the parameter's step (whole-number parameters: step
1, a whole-number suggestion), inside the declared range and the coarse bracket, with the
fitted interval `lo`..`hi`. It is where the card's power is worth what the typical power of
its kind is worth under these bots and this mix; whether it is balanced there is that value's
own verdict at the tolerance, which OUT/balance.json records beside it, with the reference it
used (`reference`) and, when the value is not decided to one step, about how many games would
decide it (`games_to_decide`).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from simulator.analysis.stats import Z95
from simulator.analysis.verdicts import BALANCED, UNCLEAR, Tolerances
from simulator.catalog import get_game
from simulator.core.errors import ConfigError, RunFolderError
from simulator.core.spec import GameSpec
from simulator.experiments.typical_worth import (
    Measure,
    has_power_switch,
    measure_for,
    reference_for,
    reference_from_json,
)
from simulator.folders import run_folder
from simulator.folders.config import RunOptions
from simulator.folders.lock import folder_lock
from simulator.folders.run_folder import BALANCE_FOLDER, marked_request
from simulator.runs.sweep import (
    BalanceFit,
    Number,
    SweepPoint,
    SweepSummary,
    card_param,
    check_in_play,
    plan_values,
    run_sweep,
    sweep_summary,
    write_sweep_table,
)

BALANCE_FILE = run_folder.BALANCE_FILE
SWEEP_FOLDER = run_folder.BALANCE_SWEEP
UNIT_SHARE = 8
"""The first evaluation's games: the budget / UNIT_SHARE."""
MIN_UNIT = 20
"""The fewest games of one evaluation."""
MAX_BRACKET = 6
"""Values tried outward from the printed one before giving up on a bracket."""
MAX_ROUNDS = 12
"""Precision rounds at most (each doubles the games of a few values)."""
CONFIRM_ROUNDS = 3
"""Extensions of the suggested value toward the games its verdict needs, at most."""

STOP_WORDS = {
    "decided": "the value's interval is at most one step wide",
    "budget": "the budget of games is spent, or too little of it is left for the next step",
    "balanced at printed": "the card is balanced at the printed value already",
    "at the bound": "the range of the parameter ends before the card meets its peers",
    "no bracket": "no value tried brings the card's measure across its peers'",
    "no figure": "the card had its event in too few games for a figure",
}
"""Why the design stopped (`stop` in balance.json), in words."""


# ---------------------------------------------------------------------------- the parameter


@dataclass(frozen=True)
class ParamRange:
    """Where a parameter may go: its declared bounds, whether it is a whole number, its step."""

    least: float | None
    most: float | None
    whole: bool
    above: bool
    """`least` itself is excluded (e.g. a fraction in (0, 1])."""
    declared: bool
    """True when the game declares the range; otherwise it is inferred from the printed
    value (a whole number stays whole, a non-negative one stays at 0 or above)."""
    step: float
    why: str = ""

    @property
    def lower(self) -> float | None:
        """The smallest value allowed."""
        if self.least is None:
            return None
        return self.least + (self.step if self.above else 0.0)

    def snap(self, x: float) -> Number:
        """x rounded to the step and kept inside the range (whole: an int)."""
        if self.whole:
            value: float = round(x)
        else:
            decimals = max(0, -math.floor(math.log10(self.step)))
            value = round(round(x / self.step) * self.step, decimals)
        lower = self.lower
        if lower is not None:
            value = max(value, lower)
        if self.most is not None:
            value = min(value, self.most)
        return int(value) if self.whole else float(value)

    def clamp(self, x: float) -> float:
        """x kept inside the range, not rounded (an interval's end)."""
        lower = self.lower
        if lower is not None:
            x = max(x, lower)
        if self.most is not None:
            x = min(x, self.most)
        return round(x, 4)

    def up(self, x: Number) -> Number | None:
        """The next value outward above x: double it (x + max(|x|, step)); None at the end."""
        nxt = self.snap(x + max(abs(x), self.step))
        return nxt if nxt > x else None

    def down(self, x: Number) -> Number | None:
        """The next value outward below x: halve the distance to the lower bound (or double
        away from 0 without one); None at the bound."""
        lower = self.lower
        if lower is None:
            target = x - max(abs(x), self.step)
        elif self.whole:
            target = lower + (x - lower) // 2
        else:
            target = lower + (x - lower) / 2 if x - lower > self.step else lower
        nxt = self.snap(target)
        if nxt >= x:
            nxt = self.snap(x - self.step)
        return nxt if nxt < x else None

    def inside(self, a: Number, b: Number, x: float) -> Number | None:
        """A grid value strictly between a < b, nearest x; None when the two are adjacent."""
        if b - a <= self.step * (1 + 1e-9):
            return None
        c = self.snap(x)
        if c <= a:
            c = self.snap(a + self.step)
        if c >= b:
            c = self.snap(b - self.step)
        return c if a < c < b else None

    def text(self) -> str:
        lo = "\u2212\u221e" if self.least is None else f"{self.least:g}"
        hi = "\u221e" if self.most is None else f"{self.most:g}"
        left = "(" if self.above or self.least is None else "["
        right = ")" if self.most is None else "]"
        kind = "whole numbers" if self.whole else f"steps of {self.step:g}"
        source = "declared by the game" if self.declared else "inferred from the printed value"
        return f"{left}{lo}, {hi}{right}, {kind} ({source})"

    def to_json(self) -> dict[str, Any]:
        return {
            "least": self.least,
            "most": self.most,
            "whole": self.whole,
            "above": self.above,
            "declared": self.declared,
            "step": self.step,
            "why": self.why,
            "text": self.text(),
        }


def param_range(spec: GameSpec, row: Any, key: str, printed: Number) -> ParamRange:
    """The range of the card's `key` (`row`: its sheet row): the game's own declaration where
    it has one (GameSpec.param_ranges; Import/Export's sheet_checks.PARAMS, the meaningful
    range of every number a power reads; travel's by effect), else inferred from the printed
    value: whole when it is whole, bounded at 0 when it is not negative, no upper bound."""
    whole = isinstance(printed, int)
    declared = _declared(spec, row, key)
    if declared is not None:
        least, most, whole, above, why = declared
        step = 1.0 if whole else _float_step(printed, least, most)
        return ParamRange(least, most, whole, above, True, step, why)
    least = 0.0 if printed >= 0 else None
    step = 1.0 if whole else _float_step(printed, least, None)
    return ParamRange(least, None, whole, False, False, step)


def _declared(
    spec: GameSpec, row: Any, key: str
) -> tuple[float | None, float | None, bool, bool, str] | None:
    """The game's declared range of a card number, where the game declares them."""
    need = spec.param_ranges(row).get(key) if spec.param_ranges is not None else None
    if need is None:
        return None
    return float(need.least), need.most, need.whole, need.above, need.why


def _float_step(printed: Number, least: float | None, most: float | None) -> float:
    """A decimal parameter's step: a twentieth of a declared range, else a tenth of the
    printed value rounded down to a power of ten (0.1 for a printed 0)."""
    if least is not None and most is not None and most > least:
        return (most - least) / 20
    if not printed:
        return 0.1
    return 10.0 ** math.floor(math.log10(abs(printed) / 10))


# ---------------------------------------------------------------------------- the design


@dataclass
class Evaluation:
    """One value's figures as balance.json records them (points)."""

    value: Number
    measure: float | None
    lo: float | None
    hi: float | None
    games: int
    verdict: str | None
    words: str
    effect: float | None
    effect_lo: float | None
    effect_hi: float | None
    owner_wr: float | None
    phase: str
    order: int

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "measure": self.measure,
            "lo": self.lo,
            "hi": self.hi,
            "games": self.games,
            "verdict": self.verdict,
            "words": self.words,
            "effect_vs_printed": self.effect,
            "effect_lo": self.effect_lo,
            "effect_hi": self.effect_hi,
            "owner_wr": self.owner_wr,
            "phase": self.phase,
            "order": self.order,
        }


def _finite(v: float) -> float | None:
    return round(v, 4) if v is not None and math.isfinite(v) else None


class _Design:
    """The state of one balance: the games at each value and the sweep they make."""

    def __init__(
        self,
        options: RunOptions,
        card: str,
        key: str,
        folder: Path,
        tolerance: float,
        budget: int,
        chunk: int,
        jobs: int,
        backend: str,
        progress: bool,
        log: Callable[[str], None] | None,
        measure: Measure,
        printed: Number,
    ) -> None:
        self.measure_of, self.printed = measure, printed
        self.options = options.but(chunk_size=chunk)
        self.card, self.key, self.folder = card, key, folder
        self.tolerance, self.budget, self.chunk = tolerance, budget, chunk
        self.jobs, self.backend, self.progress, self.log = jobs, backend, progress, log
        self.unit = MIN_UNIT
        """The games of one new value: those that gave the printed value a figure."""
        self.games_at: dict[Number, int] = {}
        self.phase_of: dict[Number, str] = {}
        self.order_of: dict[Number, int] = {}
        self.steps: list[dict[str, Any]] = []
        self.summary: SweepSummary | None = None
        self.points: dict[Number, SweepPoint] = {}

    @property
    def used(self) -> int:
        return sum(self.games_at.values())

    @property
    def left(self) -> int:
        return self.budget - self.used

    def _paired(self, wanted: Mapping[Number, int]) -> dict[Number, int]:
        """`wanted` with, on a paired measure, the printed value kept at the most games of any
        value, so that every game of every value has its twin deal there (Measure.paired)."""
        if not (self.measure_of.paired and self.printed in self.games_at):
            return dict(wanted)
        most = max([*wanted.values(), *self.games_at.values()])
        return {**wanted, self.printed: max(most, wanted.get(self.printed, 0))}

    def cost(self, wanted: Mapping[Number, int]) -> int:
        """The games `play(wanted)` would play, the printed value's twins included."""
        return sum(max(0, n - self.games_at.get(v, 0)) for v, n in self._paired(wanted).items())

    def play(self, wanted: Mapping[Number, int], phase: str) -> bool:
        """Bring each value to `wanted` games in all (never fewer than it has); False, and
        nothing played, when the budget does not cover it (`cost`)."""
        wanted = self._paired(wanted)
        more = {v: n - self.games_at.get(v, 0) for v, n in wanted.items()}
        more = {v: n for v, n in more.items() if n > 0}
        if not more:
            return True
        if sum(more.values()) > self.left:
            return False
        for v, n in more.items():
            self.games_at[v] = self.games_at.get(v, 0) + n
            self.phase_of.setdefault(v, phase)
            self.order_of.setdefault(v, len(self.order_of) + 1)
        values = sorted(self.games_at)
        plan = plan_values(
            self.options,
            self.card,
            self.key,
            values,
            self.folder,
            tolerance=self.tolerance,
            games=self.games_at,
        )
        run_sweep(
            plan,
            jobs=self.jobs,
            backend=self.backend,
            progress=self.progress,
            engine=self.options.engine,
        )
        self.summary = sweep_summary(self.folder)
        judged = self.measure_of.judge(self.summary.points, float(self.printed), self.tolerance)
        self.points = {p.value: p for p in judged}
        for v, n in more.items():
            p = self.points[v]
            self.steps.append(
                {"phase": phase, "value": v, "games_added": n, "games": self.games_at[v]}
            )
            if self.log:
                self.log(
                    f"{phase}: {self.key}={v} ({self.games_at[v]:,} games): "
                    f"{_measure_text(p)}, {p.verdict or 'no verdict'}"
                )
        return True

    def play_with_figure(self, value: Number, phase: str) -> bool:
        """Play `value` with the unit's games, doubled until the card has a figure there;
        False when the budget ran out first."""
        if not self.play({value: self.unit}, phase):
            return False
        while not math.isfinite(self.measure(value)):
            if not self.play({value: 2 * self.games_at[value]}, phase):
                return False
        return True

    def measure(self, value: Number) -> float:
        p = self.points.get(value)
        return p.measure if p is not None else math.nan

    def fit(self, values: Sequence[Number]) -> BalanceFit | None:
        """The measure's line through `values` and where it is 0 (Measure.fit)."""
        return self.measure_of.fit([self.points[v] for v in values], float(self.printed))

    def with_figure(self) -> list[Number]:
        return sorted(v for v in self.points if math.isfinite(self.measure(v)))

    def sign_change(self, printed: Number) -> tuple[Number, Number] | None:
        """Adjacent evaluated values whose measures have opposite signs (or one is 0), the
        pair nearest the printed value."""
        values = self.with_figure()
        pairs = [
            (a, b)
            for a, b in zip(values, values[1:], strict=False)
            if self.measure(a) * self.measure(b) <= 0
        ]
        if not pairs:
            return None
        return min(pairs, key=lambda ab: min(abs(ab[0] - printed), abs(ab[1] - printed)))

    def direction(self) -> int:
        """+1 to try larger values, -1 smaller: toward the peers by the weighted slope of the
        measures so far. With one value only, a larger number is taken to make the card
        stronger (payments, cards, bonuses): a card above its peers tries smaller first; the
        slope corrects that guess at the next step."""
        values = self.with_figure()
        sign = 1 if sum(self.measure(v) for v in values) > 0 else -1
        fit = self.fit(values)
        if fit is None or fit.slope == 0 or not math.isfinite(fit.slope):
            return -sign
        return -sign if fit.slope > 0 else sign

    def edge(self) -> Number:
        """The value tried furthest in `direction`."""
        values = self.with_figure()
        return max(values) if self.direction() > 0 else min(values)

    def sharpen(self, value: Number) -> bool:
        """At the end of the range, where the verdict is still unclear (the interval may yet
        cross the peers'), double the games of `value`; False when the budget does not
        cover it."""
        return self.play({value: 2 * self.games_at[value]}, "bound")

    def next_out(self, prange: ParamRange) -> Number | None:
        """The next value of the bracket: one doubling (or halving toward the bound) beyond
        the values tried, in `direction`, or further, up to four such steps, where the line
        through the measures puts their zero (a quarter beyond it, to cross it)."""
        values = self.with_figure()
        up = self.direction() > 0
        edge = max(values) if up else min(values)
        step = prange.up(edge) if up else prange.down(edge)
        if step is None:
            return None
        fit = self.fit(values)
        if fit is None or not fit.slope or not math.isfinite(fit.x0):
            return step
        target = fit.x0 + 0.25 * (fit.x0 - edge)
        if up and target > step:
            far = edge + 4 * (step - edge)
            return prange.snap(min(target, far if prange.most is None else min(far, prange.most)))
        if not up and target < step:
            lower = prange.lower
            far = edge - 4 * (edge - step)
            return prange.snap(max(target, far if lower is None else max(far, lower)))
        return step

    def evaluations(self) -> list[Evaluation]:
        out = []
        for v in sorted(self.points):
            p = self.points[v]
            out.append(
                Evaluation(
                    value=v,
                    measure=_finite(p.measure),
                    lo=_finite(p.measure_lo),
                    hi=_finite(p.measure_hi),
                    games=p.games,
                    verdict=p.verdict,
                    words=p.words(),
                    effect=_finite(p.effect),
                    effect_lo=_finite(p.effect_lo),
                    effect_hi=_finite(p.effect_hi),
                    owner_wr=_finite(p.owner_wr),
                    phase=self.phase_of.get(v, ""),
                    order=self.order_of.get(v, 0),
                )
            )
        return out


def _measure_text(p: SweepPoint) -> str:
    if not math.isfinite(p.measure):
        return "no figure"
    return f"{p.measure:+.1f} points [{p.measure_lo:+.1f}, {p.measure_hi:+.1f}]"


def point_words(p: SweepPoint | None) -> str | None:
    """A value's verdict in plain words with the tolerance (SweepPoint.words)."""
    return p.words() if p is not None else None


@dataclass
class BalanceResult:
    """What balance.json holds."""

    data: dict[str, Any]
    folder: Path

    @property
    def suggested(self) -> Number | None:
        return self.data["suggested"]


def check_balance(
    options: RunOptions, card: str, param: str, budget: int
) -> tuple[str, str, Number, ParamRange]:
    """Check the options before anything is played (errors name the option and the accepted
    values): the card (in the sheet, in play, of a kind with a verdict measure), the one
    parameter key (a number of that card), the budget. Returns the card's name, the key, the
    printed value and the parameter's range."""
    spec = get_game(options.game)
    key = param.strip()
    if "=" in key or "," in key:
        raise ConfigError(
            f"--param: '{param}': give the parameter's name only, e.g. high_pay; balance finds "
            "the value (deckhand sweep tries values you list)"
        )
    if not key:
        raise ConfigError("--param: give one of the card's parameters, e.g. high_pay")
    sheet = Path(options.card_sheet or spec.card_sheet)
    rows, printed = card_param(spec, sheet, card, key)
    name = str(rows[0]["name"])
    kind = str(rows[0].get(spec.card_group) or "")
    if spec.measure_of(kind) is None:
        kinds = ", ".join(k for m in spec.card_measures for k in m.kinds)
        raise ConfigError(
            f"--card: {name} is a {kind or 'card'} card, a kind with no verdict measure in "
            f"{spec.name}; accepted: cards of kinds {kinds}"
        )
    if budget < 2 * MIN_UNIT:
        raise ConfigError(
            f"--games: a budget of {budget} games is too small; give at least {2 * MIN_UNIT} "
            f"(two values of at least {MIN_UNIT} games each)"
        )
    config = options.but(games=MIN_UNIT).config()  # the shared options' own checks
    check_in_play(spec, config, rows, name)
    return name, key, printed, param_range(spec, rows[0], key, printed)


def balance(
    options: RunOptions,
    card: str,
    param: str,
    budget: int,
    out: str | Path,
    tolerance: float = Tolerances().card,
    jobs: int = 1,
    backend: str = "loky",
    progress: bool = True,
    overwrite: bool = False,
    log: Callable[[str], None] | None = None,
    evidence: Sequence[str | Path] = (),
    reference_games: int | None = None,
) -> BalanceResult:
    """Find the value of `card`'s number `param` where the card's power is worth what the
    typical power of its kind is worth (module doc) within `budget` games of the sweep; writes
    OUT/balance.json and OUT/sweep/ (every value's run). The typical power's worth comes from
    an ablation under `evidence` (or OUT/ablation), else one of `reference_games` games
    (default: the budget) played into OUT/ablation. `log` gets a line per value played."""
    name, key, printed, prange = check_balance(options, card, param, budget)
    folder = Path(out).resolve()
    reference_games = budget if reference_games is None else reference_games
    if reference_games < 1:
        raise ConfigError(f"--reference-games: {reference_games}; give at least 1 game")
    request = {
        "request": {
            "card": name,
            "param": key,
            "budget": budget,
            "tolerance": tolerance,
            "config": options.config().to_json(),
            "evidence": sorted(str(Path(p).resolve()) for p in evidence),
            "reference_games": reference_games,
        }
    }
    with folder_lock(folder, "balance"):
        if marked_request(folder, BALANCE_FOLDER, request, overwrite):
            return BalanceResult(load_balance(folder), folder)  # already searched to the end
        run_folder.write_json(folder / BALANCE_FILE, {**request, "finished": False})
        reference = None
        if has_power_switch(options.game):
            reference = reference_for(
                options,
                name,
                folder,
                [Path(p) for p in evidence],
                reference_games,
                jobs,
                backend,
                progress,
                tolerance,
            )
            if log:
                log(
                    f"reference: {name} against the typical power of {reference.kind}: "
                    f"{reference.vs_typical:+.1f} points \u00b1{Z95 * reference.se:.1f} at the "
                    f"printed value ({reference.folder}, {reference.games:,} games)"
                )
        measure = measure_for(reference, name)
        unit0 = max(MIN_UNIT, budget // UNIT_SHARE)
        chunk = max(MIN_UNIT // 2, unit0 // 4)
        unit = chunk * max(1, unit0 // chunk)
        design = _Design(
            options,
            name,
            key,
            folder / SWEEP_FOLDER,
            tolerance,
            budget,
            chunk,
            jobs,
            backend,
            progress,
            log,
            measure,
            printed,
        )
        design.unit = unit
        start = time.perf_counter()
        stop, coarse, bracket = _search(design, printed, prange)
        fit, stop, window = _precision(design, prange, coarse, bracket, stop)
        seconds = time.perf_counter() - start
        data = _result(design, name, key, printed, prange, fit, window, coarse, stop, seconds)
        data["measure"] = measure.name
        data["reference"] = (
            reference.to_json()
            if reference is not None
            else {
                "measure": "typical peer",
                "why": f"{options.game} has no per-card power switch, so no ablation: the "
                "card against the typical card of its kind on the run's declared measure",
            }
        )
        data["games_to_decide"] = games_to_decide_value(
            data, design.used + (reference.games if reference else 0), prange
        )
        data.update(
            {
                **request,
                "game": options.game,
                "players": options.players,
                "modules": list(options.modules),
                "strategies": list(options.strategies),
                "seed": options.seed,
                "budget": budget,
                "unit": unit,
                "chunk_size": chunk,
                "jobs": jobs,
                "backend": backend,
                "finished": True,
            }
        )
        assert design.summary is not None
        write_sweep_table(design.summary, design.folder)
        run_folder.write_json(folder / BALANCE_FILE, data)
    return BalanceResult(data, folder)


def _search(
    design: _Design, printed: Number, prange: ParamRange
) -> tuple[str | None, tuple[Number, Number] | None, tuple[Number, Number] | None]:
    """Steps 1-3 of the module doc: the printed value, a bracket, bisection. Returns the stop
    reason (None: go on to the precision rounds), the coarse bracket and the final one."""
    if not design.play_with_figure(printed, "printed"):
        return ("budget" if design.with_figure() else "no figure"), None, None
    design.unit = design.games_at[printed]  # the games that gave the card a figure
    if design.points[printed].verdict == BALANCED:
        return "balanced at printed", None, None
    if prange.declared and prange.lower is not None and prange.most is not None:
        for end in (prange.snap(prange.lower), prange.snap(prange.most)):
            # a range declared at both ends: its ends make the coarse bracket
            if end != printed and not design.play_with_figure(end, "bracket"):
                return "budget", None, None
    bracket = design.sign_change(printed)
    tries = 0
    while bracket is None:
        if tries >= MAX_BRACKET:
            return "no bracket", None, None
        tries += 1
        nxt = design.next_out(prange)
        if nxt is None:  # the range ends: is the card still off there, or not yet shown?
            edge = design.edge()
            if design.points[edge].verdict != UNCLEAR:
                return "at the bound", None, None
            if not design.sharpen(edge):
                return "budget", None, None
            bracket = design.sign_change(printed)
            continue
        if nxt in design.games_at:  # tried already, without a figure
            return "no bracket", None, None
        if not design.play_with_figure(nxt, "bracket"):
            return "budget", None, None
        bracket = design.sign_change(printed)
    coarse = bracket
    while True:
        a, b = bracket
        ma, mb = design.measure(a), design.measure(b)
        t = ma / (ma - mb) if ma != mb else 0.5
        c = prange.inside(a, b, a + min(0.75, max(0.25, t)) * (b - a))
        if c is None:
            return None, coarse, bracket
        if not design.play_with_figure(c, "bisection"):
            return "budget", coarse, bracket
        mc = design.measure(c)
        bracket = (a, c) if ma * mc <= 0 else (c, b)


def _precision(
    design: _Design,
    prange: ParamRange,
    coarse: tuple[Number, Number] | None,
    bracket: tuple[Number, Number] | None,
    stop: str | None,
) -> tuple[BalanceFit | None, str, list[Number]]:
    """Step 4: double the games around the fitted value until its interval is one step wide
    or the budget is spent. Returns the final fit, the stop reason and the values fitted."""

    def window() -> list[Number]:
        if coarse is None:
            return design.with_figure()
        return [v for v in design.with_figure() if coarse[0] <= v <= coarse[1]]

    def fitted() -> BalanceFit | None:
        return design.fit(window())

    if stop is not None or coarse is None or bracket is None:
        return fitted(), stop or "budget", window()
    for _ in range(MAX_ROUNDS):
        fit = fitted()
        suggestion = _suggest(design, prange, fit, coarse, bracket)
        decided = fit is not None and fit.bounded and fit.x0_hi - fit.x0_lo <= prange.step
        if decided:
            if suggestion not in design.games_at:  # play the answer once, to judge it there
                design.play_with_figure(suggestion, "precision")
            _confirm(design, suggestion)
            return fitted(), "decided", window()
        targets = {suggestion}
        below = [v for v in window() if v < suggestion]
        above = [v for v in window() if v > suggestion]
        if below:
            targets.add(max(below))
        if above:
            targets.add(min(above))
        wanted = {t: max(2 * design.games_at.get(t, 0), design.unit) for t in targets}
        if design.cost(wanted) > design.left:
            share = design.left // len(targets) // design.chunk * design.chunk
            while share >= design.chunk:
                wanted = {t: design.games_at.get(t, 0) + share for t in targets}
                if design.cost(wanted) <= design.left:
                    break
                share -= design.chunk
            if share < design.chunk:
                return fit, "budget", window()
        design.play(wanted, "precision")
    return fitted(), "budget", window()


def _confirm(design: _Design, value: Number) -> None:
    """The value decided, the rest of the budget, up to the games its verdict would likely
    need (verdicts.decide's `games_to_decide`), goes to judging the card there."""
    for _ in range(CONFIRM_ROUNDS):
        p = design.points.get(value)
        if p is None or p.verdict != UNCLEAR or p.judged is None:
            return
        needed = p.judged.games_to_decide
        if not needed or needed <= design.games_at[value]:
            return
        target = -(-needed // design.chunk) * design.chunk
        more = min(target - design.games_at[value], design.left // design.chunk * design.chunk)
        while more >= design.chunk and design.cost({value: design.games_at[value] + more}) > (
            design.left
        ):
            more -= design.chunk  # a paired value's twins at the printed value cost too
        if more < design.chunk:
            return
        design.play({value: design.games_at[value] + more}, "confirm")


def _suggest(
    design: _Design,
    prange: ParamRange,
    fit: BalanceFit | None,
    coarse: tuple[Number, Number],
    bracket: tuple[Number, Number],
) -> Number:
    """The value where the card meets its peers, on the parameter's grid and inside the coarse
    bracket: the fitted line's zero, or (no fit) the bracket's ends interpolated."""
    if fit is not None and math.isfinite(fit.x0):
        x = fit.x0
    else:
        a, b = bracket
        ma, mb = design.measure(a), design.measure(b)
        x = a + (ma / (ma - mb) if ma != mb else 0.5) * (b - a)
    x = min(max(x, coarse[0]), coarse[1])
    return prange.snap(x)


def _result(
    design: _Design,
    card: str,
    key: str,
    printed: Number,
    prange: ParamRange,
    fit: BalanceFit | None,
    window: list[Number],
    coarse: tuple[Number, Number] | None,
    stop: str,
    seconds: float,
) -> dict[str, Any]:
    """balance.json: the suggestion with its interval, the verdicts at the printed and the
    suggested value, every evaluation, why the design stopped."""
    base = design.points.get(printed)
    found = coarse is not None
    lo = hi = None
    if stop == "balanced at printed":
        suggested: Number | None = printed
    elif found:
        suggested = _suggest(design, prange, fit, coarse, coarse)  # type: ignore[arg-type]
        if fit is not None and fit.bounded:  # kept inside the range: a value one can print
            lo, hi = prange.clamp(fit.x0_lo), prange.clamp(fit.x0_hi)
    else:
        values = design.with_figure()
        suggested = min(values, key=lambda v: abs(design.measure(v))) if values else None
    at = design.points.get(suggested) if suggested is not None else None
    return {
        "card": card,
        "param": key,
        "printed": printed,
        "suggested": suggested,
        "lo": lo,
        "hi": hi,
        "found": found or stop == "balanced at printed",
        "games": design.used,
        "verdict_at_printed": base.verdict if base else None,
        "words_at_printed": point_words(base),
        "verdict_at_suggested": at.verdict if at else None,
        "words_at_suggested": point_words(at),
        "tolerance": design.tolerance,
        "range": prange.to_json(),
        "stop": stop,
        "stop_words": STOP_WORDS[stop],
        "coarse_bracket": list(coarse) if coarse else None,
        "fit": None
        if fit is None
        else {
            "x0": _finite(fit.x0),
            "x0_lo": _finite(fit.x0_lo),
            "x0_hi": _finite(fit.x0_hi),
            "slope": _finite(fit.slope),
            "slope_spread": _finite(fit.slope_spread()),
            "bounded": fit.bounded,
            "values": window,
        },
        "evaluations": [e.to_json() for e in design.evaluations()],
        "steps": design.steps,
        "seconds": round(seconds, 1),
        "sweep": SWEEP_FOLDER,
    }


def games_to_decide_value(data: dict[str, Any], games: int, prange: ParamRange) -> int | None:
    """When the value is not decided to one step: about how many games in all (the sweep's and
    the reference's together, both scaled alike, as 1/sqrt(games)) would narrow its interval to
    one step; None when it is decided or the fit bounds no interval yet."""
    fit = data.get("fit") or {}
    if data["stop"] in ("decided", "balanced at printed") or not fit.get("bounded"):
        return None
    width = float(fit["x0_hi"]) - float(fit["x0_lo"])  # Fieller's, before the range clamps it
    if width <= prange.step or games <= 0:
        return None
    return math.ceil(games * (width / prange.step) ** 2)


def balance_summary(folder: str | Path, data: dict[str, Any]) -> SweepSummary:
    """A balance folder's sweep with every value's measure and verdict as the balance judged
    them (its reference, balance.json `reference`), and the measure's fitted line over the
    values the balance fitted."""
    summary = sweep_summary(Path(folder) / data.get("sweep", SWEEP_FOLDER), data["tolerance"])
    measure = measure_for(reference_from_json(data.get("reference") or {}), data["card"])
    points = measure.judge(summary.points, float(data["printed"]), data["tolerance"])
    window = set((data.get("fit") or {}).get("values") or [])
    fit = measure.fit([p for p in points if p.value in window], float(data["printed"]))
    return replace(summary, points=points, fit=fit if window else None)


def load_balance(folder: str | Path) -> dict[str, Any]:
    """A balance folder's balance.json."""
    path = Path(folder) / BALANCE_FILE
    if not path.exists():
        raise RunFolderError(
            f"{folder}: no {BALANCE_FILE}; is this a folder made by deckhand balance?"
        )
    data: dict[str, Any] = json.loads(path.read_text())
    if not data.get("finished", True):
        raise RunFolderError(
            f"{folder}: the balance search did not finish (it was stopped); run the same "
            "`deckhand balance` command again to resume it"
        )
    return data
