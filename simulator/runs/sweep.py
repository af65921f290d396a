"""One card parameter swept over values: a modified card sheet and a run per value.

`plan_sweep` checks the card, the parameter and the values, adds the sheet's printed value
when it is not among them (every effect is measured against it), writes one copy of the card
sheet per value (only that card's `params` cell changes; copies of the card change together)
under OUT/sheets/, and validates a run config per value. `run_sweep` plays them, every value
with the same seed (common random numbers: the deal is the same, only the card's number
differs, so a difference between values is due to the value, not to luck of the deal), into
OUT/<key>=<value>/. `sweep_summary` reads back, per value:

- the card's **verdict** on its primary measure, against its peers (cards.parquet's
  `verdict_*` figures judged again at the sweep's tolerance by `metrics.judge_cards`, the one
  rule of analysis/verdicts.py): stronger, weaker, balanced (the whole interval within
  ±tolerance) or unclear, with the games that would decide;
- the **effect of the number**: its owner's win rate at the value minus at the printed value
  (Newcombe's interval, in points), as `ablate --param` measures it;
- the supporting figures: the card's contribution (adjusted when the card summaries have it,
  raw IWD otherwise) and its owner's win rate.

`write_sweep_table` writes them as OUT/sweep.parquet, one row per value.

The value where the card meets its peers (fitted): a weighted least-squares line through the
measures (points, weights 1/se^2) crosses zero at x0 = -a/b; its 95% interval is Fieller's,
the values x where the line's own 95% band covers 0: {x : (a + b x)^2 <= z^2 Var(a + b x)}.
It is where the card is level with its typical peer, not a verdict: whether a value is
balanced is that value's own verdict.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from simulator.analysis.compare import Run, adjusted_se_pp, has_adjusted, iwd_se, label_runs
from simulator.analysis.metrics import SUMMARY_FILE, VERDICT_FEW, VERDICT_NO_PEERS, judge_cards
from simulator.analysis.stats import Z95, newcombe_difference
from simulator.analysis.verdicts import BALANCED, UNCLEAR, Tolerances, Verdict, to_points
from simulator.catalog import get_game
from simulator.core.cards import CardRow, load_card_sheet, parse_params, rows_named
from simulator.core.errors import ConfigError, DeckhandError, RunFolderError
from simulator.core.spec import GameSpec
from simulator.folders import health, run_folder
from simulator.folders.config import RunConfig, RunOptions
from simulator.folders.lock import folder_lock
from simulator.folders.run_folder import MANIFEST, SWEEP_FOLDER, SWEEP_SHEETS, load_manifest
from simulator.runs.runner import run_simulation

SWEEP_FILE = run_folder.SWEEP_FILE
TABLE_FILE = run_folder.SWEEP_TABLE
Number = int | float


# ---------------------------------------------------------------------------- options


def parse_param(text: str, least: int = 2) -> tuple[str, list[Number]]:
    """'high_pay=4,6,8' -> ('high_pay', [4, 6, 8]); errors name --param. `least`: the values
    needed (plan_sweep asks for one and counts the printed value it adds)."""
    key, sep, values = text.partition("=")
    key = key.strip()
    if not sep or not key or not values.strip():
        raise ConfigError(f"--param: '{text}': expected KEY=V1,V2,..., e.g. high_pay=4,6,8")
    numbers: list[Number] = []
    for raw in values.split(","):
        number = _number(raw.strip())
        if number is None:
            raise ConfigError(
                f"--param: '{raw.strip()}' in '{text}' is not a number; the values of a sweep "
                "are numbers, e.g. high_pay=4,6,8"
            )
        numbers.append(number)
    if len(numbers) < least:
        raise ConfigError(f"--param: '{text}': give at least two values to sweep")
    if len(set(numbers)) != len(numbers):
        raise ConfigError(f"--param: '{text}': a value is given twice")
    return key, numbers


def _number(raw: str) -> Number | None:
    """A whole number or a finite decimal (a decimal with no fraction becomes whole)."""
    try:
        return int(raw)
    except ValueError:
        pass
    try:
        number = float(raw)
    except ValueError:
        return None
    if not math.isfinite(number):
        return None
    return int(number) if number.is_integer() else number


def value_text(value: Number) -> str:
    return str(value)


def card_rows(sheet_rows: Sequence[CardRow], card: str, sheet_path: str | Path) -> list[CardRow]:
    """The sheet rows of the card called `card` (copies included): core.cards.rows_named for
    the --card option."""
    return rows_named(sheet_rows, card, "--card", sheet_path)


def card_param(
    spec: GameSpec, sheet_path: str | Path, card: str, key: str
) -> tuple[list[CardRow], Number]:
    """The sheet rows of `card` and the printed value of its numeric parameter `key`; errors
    name --card (with the closest names) or --param (with the accepted parameters)."""
    sheet = load_card_sheet(sheet_path, spec.card_schema)
    rows = card_rows(sheet.rows, card, sheet_path)
    _check_key(rows, key)
    return rows, rows[0]["params"][key]


def with_printed(values: Sequence[Number], printed: Number) -> tuple[list[Number], bool]:
    """The values with the printed one among them (True when it had to be added): in order
    in a sorted list, first otherwise."""
    values = list(values)
    if any(v == printed for v in values):
        return values, False
    if values == sorted(values):
        return sorted([*values, printed]), True
    if values == sorted(values, reverse=True):
        return sorted([*values, printed], reverse=True), True
    return [printed, *values], True


def _check_key(rows: Sequence[CardRow], key: str) -> None:
    accepted = list(dict.fromkeys(k for r in rows for k in (r["params"] or {})))
    name = rows[0]["name"]
    if key not in accepted:
        listed = ", ".join(accepted) if accepted else "none (the card has no parameters)"
        raise ConfigError(f"--param: {name} has no parameter '{key}'; accepted: {listed}")
    for r in rows:
        if key not in (r["params"] or {}):
            raise ConfigError(
                f"--param: copy id {r['id']} of {name} has no parameter '{key}' while other "
                "copies do; edit the sheet so the copies agree"
            )
    for r in rows:
        if not isinstance(r["params"][key], int | float):
            raise ConfigError(
                f"--param: {name}'s parameter '{key}' is '{r['params'][key]}', not a number; "
                "only numeric parameters can be swept"
            )


def _format_params(params: dict[str, Any]) -> str:
    return ";".join(f"{k}={v}" for k, v in params.items())


def sheet_text_with_value(sheet_path: str | Path, ids: set[int], key: str, value: Number) -> str:
    """A card sheet's text with `key` set to `value` in the params of the rows whose id is
    in `ids`; every other byte of those rows' other cells, and every other row, is kept."""
    text = Path(sheet_path).read_bytes().decode("utf-8-sig")
    reader = csv.reader(io.StringIO(text, newline=""))
    records = list(reader)
    header = [h.strip() for h in records[0]]
    id_col, params_col = header.index("id"), header.index("params")
    for record in records[1:]:
        if len(record) == len(header) and record[id_col].strip().isdigit():
            if int(record[id_col]) in ids:
                params = parse_params(record[params_col])
                params[key] = value
                record[params_col] = _format_params(params)
    buffer = io.StringIO(newline="")
    ending = "\r\n" if "\r\n" in text else "\n"
    csv.writer(buffer, lineterminator=ending).writerows(records)
    return buffer.getvalue()


def sheet_with_value(
    sheet_path: str | Path, ids: set[int], key: str, value: Number, out: str | Path
) -> Path:
    """Copy a card sheet to `out` with `key` set to `value` (sheet_text_with_value)."""
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(sheet_text_with_value(sheet_path, ids, key, value), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- plan and run


@dataclass(frozen=True)
class SweepRun:
    value: Number
    sheet: Path
    folder: Path
    config: RunConfig


@dataclass(frozen=True)
class SweepPlan:
    game: str
    card: str
    key: str
    values: tuple[Number, ...]
    out: Path
    base_sheet: Path
    original: Number
    runs: tuple[SweepRun, ...]
    tolerance: float = Tolerances().card
    """The verdicts' tolerance, in points (--tolerance card)."""
    added_printed: bool = False
    """True when the printed value was not among the values asked for and was added."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "card": self.card,
            "param": self.key,
            "values": list(self.values),
            "original": self.original,
            "added_printed": self.added_printed,
            "tolerance": self.tolerance,
            "base_sheet": str(self.base_sheet),
            "runs": [
                {
                    "value": r.value,
                    "sheet": str(r.sheet.relative_to(self.out)),
                    "folder": str(r.folder.relative_to(self.out)),
                    "games": r.config.games,
                }
                for r in self.runs
            ],
        }


def plan_sweep(
    options: RunOptions,
    card: str,
    param: str,
    out: str | Path,
    overwrite: bool = False,
    tolerance: float = Tolerances().card,
) -> SweepPlan:
    """Check the card, parameter and values, write the sheets, validate every run config:
    `options` played with each value's sheet. The printed value is added when `param` does
    not list it (`added_printed`): every value's effect is measured against it."""
    spec = get_game(options.game)
    key, values = parse_param(param, least=1)
    base_sheet = Path(options.card_sheet or spec.card_sheet)
    _, printed = card_param(spec, base_sheet, card, key)
    values, added = with_printed(values, printed)
    if len(values) < 2:
        raise ConfigError(
            f"--param: '{param}': give at least two values to sweep (the printed value "
            f"{key}={printed} counts as one)"
        )
    return plan_values(options, card, key, values, out, overwrite, tolerance, added_printed=added)


def plan_values(
    options: RunOptions,
    card: str,
    key: str,
    values: Sequence[Number],
    out: str | Path,
    overwrite: bool = False,
    tolerance: float = Tolerances().card,
    games: Mapping[Number, int] | None = None,
    added_printed: bool = False,
) -> SweepPlan:
    """The sweep of `card`'s `key` over `values` (already parsed), each value played with
    `games[value]` games (default: options.games): what `deckhand balance` calls once per
    step, with the values evaluated so far, so its folder stays a sweep folder."""
    spec = get_game(options.game)
    base_sheet = Path(options.card_sheet or spec.card_sheet)
    rows, printed = card_param(spec, base_sheet, card, key)
    name = str(rows[0]["name"])
    games = games or {}

    def config_for(sheet_path: str, value: Number | None = None) -> RunConfig:
        n = games.get(value, options.games) if value is not None else options.games
        return options.but(card_sheet=sheet_path, games=n).config()

    base_config = config_for(str(base_sheet))
    check_in_play(spec, base_config, rows, name)
    out = Path(out).resolve()
    ids = {int(r["id"]) for r in rows}
    texts = {value: sheet_text_with_value(base_sheet, ids, key, value) for value in values}
    # every value's sheet and config is checked before anything is written into OUT
    with tempfile.TemporaryDirectory(prefix="deckhand-sweep-") as scratch:
        for value, text in texts.items():
            tag = f"{key}={value_text(value)}"
            trial = Path(scratch) / f"{tag}.csv"
            trial.write_text(text, encoding="utf-8")
            try:
                config_for(str(trial), value)
            except DeckhandError as exc:
                message = str(exc).replace(str(trial), f"the sheet of {tag}")
                raise ConfigError(f"--param {tag}: {message}") from None
    with folder_lock(out, "sweep"):
        _prepare_out(out, overwrite, name, key)
        runs = []
        for value, text in texts.items():
            tag = f"{key}={value_text(value)}"
            path = out / SWEEP_SHEETS / f"{tag}.csv"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            runs.append(SweepRun(value, path, out / tag, config_for(str(path), value)))
        return _write_plan(
            SweepPlan(
                options.game,
                name,
                key,
                tuple(values),
                out,
                base_sheet,
                printed,
                tuple(runs),
                tolerance,
                added_printed,
            )
        )


def _write_plan(plan: SweepPlan) -> SweepPlan:
    """Write OUT/sweep.json (a temporary file renamed: never half written)."""
    path = plan.out / SWEEP_FILE
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(plan.to_json(), indent=2) + "\n")
    os.replace(tmp, path)
    return plan


def check_in_play(spec: GameSpec, config: RunConfig, rows: Sequence[CardRow], name: str) -> None:
    """Refuse a card none of whose copies is in play with the config's modules (naming the
    module it comes with)."""
    in_game = set(spec.factory(config.game).cards_in_game())
    if not any(int(r["id"]) in in_game for r in rows):
        where = rows[0].get("module") or rows[0].get("set") or ""
        hint = f" (it comes with '{where}': add it with --modules)" if where else ""
        raise ConfigError(
            f"--card: {name} is not in play with modules "
            f"[{', '.join(config.game.modules) or 'none'}]{hint}"
        )


def _prepare_out(out: Path, overwrite: bool, card: str, key: str) -> None:
    """Make OUT ready for the sweep of `card`'s `key`: new, or a sweep folder of the same
    card and parameter (resumed), or with --overwrite a sweep folder holding nothing but
    what a sweep writes (run_folder.SWEEP_FOLDER), emptied."""
    if not run_folder.entries(out):
        return
    existing = out / SWEEP_FILE
    if not existing.exists():
        raise RunFolderError(f"{out} exists and is not a sweep folder; choose another --out")
    if overwrite:
        SWEEP_FOLDER.clear(out)
        return
    try:
        old = json.loads(existing.read_text())
    except (OSError, ValueError) as exc:
        raise RunFolderError(
            f"{existing}: not a readable sweep plan ({exc}); pass --overwrite to start again"
        ) from None
    if (old.get("card"), old.get("param")) != (card, key):
        raise RunFolderError(
            f"{out} holds a sweep of {old.get('card')} {old.get('param')}; choose another "
            "--out or pass --overwrite"
        )


def run_sweep(
    plan: SweepPlan,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
    engine: str = "auto",
) -> Path:
    """Play every value's run (resuming folders that hold the same run; a finished one is
    left as it is); returns OUT, locked meanwhile (folders/lock.py)."""
    with folder_lock(plan.out, "sweep"):
        for r in plan.runs:
            if not overwrite and finished(r):
                continue
            run_simulation(
                r.config,
                r.folder,
                jobs=jobs,
                backend=backend,
                overwrite=overwrite,
                progress=progress,
                engine=engine,
            )
    return plan.out


def finished(run: SweepRun) -> bool:
    """Whether the run's folder holds this very run, played to the end and summarised."""
    if not (run.folder / MANIFEST).exists() or not (run.folder / SUMMARY_FILE).exists():
        return False
    manifest = load_manifest(run.folder)
    try:
        held = RunConfig.from_json(manifest["config"])
    except (KeyError, TypeError, ValueError):
        return False
    return (
        bool(manifest.get("finished"))
        and held.to_json() == run.config.to_json()
        and manifest.get("games_played") == run.config.games
        and run_folder.parquet_fault(run.folder / SUMMARY_FILE) is None
        and not health.damaged_parts(run.folder)  # else played on: its damaged parts again
    )


# ---------------------------------------------------------------------------- summary


@dataclass
class SweepPoint:
    """The card's figures in the run of one value. Fractions (0.03) unless said otherwise:
    the measure, the verdict and the effect of the number are in points (3.0)."""

    value: Number
    folder: Path
    label: str
    contribution: float
    """The supporting figure: adjusted (or raw IWD) contribution, with `lo`..`hi`, `se`, `q`."""
    lo: float
    hi: float
    se: float
    q: float
    iwd: float
    iwd_lo: float
    iwd_hi: float
    iwd_q: float
    in_hand: int
    owner_wins: int
    owner_n: int
    games: int
    mean_turns: float
    average: float
    verdict: str | None = None
    """The card's verdict at this value, one of verdicts.WORDS at the sweep's tolerance: its
    game's declared measure against its peers; None when it has none (no peers in play, an
    older summary)."""
    judged: Verdict | None = None
    """The verdict with what it rests on (points): `judged.words()` says it in plain words."""
    verdict_note: str | None = None
    verdict_pp: float = math.nan
    verdict_lo: float = math.nan
    verdict_hi: float = math.nan
    verdict_q: float = math.nan
    verdict_n: int = 0
    verdict_n_peers: int = 0
    peers: str = ""
    effect: float = math.nan
    """The effect of the number, in points: its owner's win rate at this value minus at the
    printed value (0 at the printed value itself), with Newcombe's interval."""
    effect_lo: float = math.nan
    effect_hi: float = math.nan
    reference: str = ""
    """What the measure compares the card with when it is not its peers in the value's run
    (a balance on the typical power's worth: 'the typical power of contracts')."""

    @property
    def measure(self) -> float:
        """The primary measure in points: the card against its typical peer (NaN: none)."""
        return _points(self.verdict_pp)

    @property
    def measure_lo(self) -> float:
        return _points(self.verdict_lo)

    @property
    def measure_hi(self) -> float:
        return _points(self.verdict_hi)

    @property
    def measure_se(self) -> float:
        """The measure's standard error in points, from its 95% interval."""
        return (self.measure_hi - self.measure_lo) / (2 * Z95)

    @property
    def owner_wr(self) -> float:
        return self.owner_wins / self.owner_n if self.owner_n else math.nan

    @property
    def status(self) -> str:
        """The verdict word (stronger, weaker, balanced, unclear), or 'no verdict'."""
        return self.verdict or "no verdict"

    @property
    def than(self) -> str:
        """What the card is compared with: 'the typical card of its kind (contracts)', or the
        reference."""
        if self.reference:
            return self.reference
        if self.peers:
            return f"the typical card of its kind ({self.peers})"
        return "the typical card of its kind"

    def words(self) -> str:
        """The verdict in plain words with its tolerance (verdicts.Verdict.words), or why
        there is none."""
        if self.judged is None:
            if self.verdict_note == VERDICT_NO_PEERS:
                return f"no verdict: no {self.than} in play to compare with"
            return "no verdict: the card has no declared measure in this run"
        if self.verdict == UNCLEAR and self.verdict_note == VERDICT_FEW:
            return (
                f"unclear: not shown within \u00b1{self.judged.tolerance:g} points; too few games "
                f"with it for a figure (n = {self.verdict_n:,}; the measure needs 100 with it "
                "and 100 with a peer's instead)"
            )
        return self.judged.words(self.than)


def _points(fraction: float) -> float:
    value = to_points(fraction)
    return math.nan if value is None else value


@dataclass
class BalanceFit:
    """Weighted line measure = a + b * value (points), and where it crosses zero."""

    intercept: float
    slope: float
    cov: tuple[tuple[float, float], tuple[float, float]]
    x0: float
    x0_lo: float
    x0_hi: float
    bounded: bool
    """False when the slope is not clearly away from 0: the Fieller set is then unbounded
    (or the whole line), and no range can be named from the fit."""

    def predict(self, x: float) -> tuple[float, float]:
        """Fitted measure and its standard error at x."""
        (va, cab), (_, vb) = self.cov
        return self.intercept + self.slope * x, math.sqrt(max(0.0, va + 2 * x * cab + x * x * vb))

    def slope_spread(self) -> float:
        """The half-width of the slope's 95% interval."""
        return Z95 * math.sqrt(max(0.0, self.cov[1][1]))


@dataclass
class SweepSummary:
    game: str
    card: str
    key: str
    original: Number
    metric: str
    """'adjusted' or 'IWD': the supporting contribution shown (one measure for every value)."""
    owner_event: str
    points: list[SweepPoint]
    fit: BalanceFit | None
    """The weighted line through the primary measure (points) and where it meets the peers."""
    manifest: dict[str, Any]
    sheet_row: dict[str, Any] = field(default_factory=dict)
    players: int = 0
    tolerance: float = Tolerances().card
    added_printed: bool = False

    @property
    def balanced_values(self) -> list[Number]:
        """The values whose verdict is balanced: the whole interval within ±tolerance."""
        return [p.value for p in self.points if p.verdict == BALANCED]

    @property
    def printed(self) -> SweepPoint | None:
        """The point at the sheet's printed value (every sweep plays it)."""
        return next((p for p in self.points if p.value == self.original), None)

    def to_frame(self) -> pl.DataFrame:
        """One row per value, the verdict columns first (points): sweep.parquet."""
        whole = all(isinstance(p.value, int) for p in self.points)
        rows = []
        for p in self.points:
            v = p.judged
            rows.append(
                {
                    "value": p.value,
                    "measure": _none(p.measure),
                    "lo": _none(v.lo) if v else None,
                    "hi": _none(v.hi) if v else None,
                    "tolerance": self.tolerance if p.verdict else None,
                    "verdict": p.verdict,
                    "games_to_decide": v.games_to_decide if v else None,
                    "effect_vs_printed": _none(p.effect),
                    "effect_lo": _none(p.effect_lo),
                    "effect_hi": _none(p.effect_hi),
                    "owner_wr": _none(p.owner_wr),
                    "owner_n": p.owner_n,
                    "owner_wins": p.owner_wins,
                    "games": p.games,
                    "printed": p.value == self.original,
                    "contribution": _none(_points(p.contribution)),
                    "contribution_lo": _none(_points(p.lo)),
                    "contribution_hi": _none(_points(p.hi)),
                    "mean_turns": _none(p.mean_turns),
                }
            )
        schema = {
            "value": pl.Int64 if whole else pl.Float64,
            "measure": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
            "tolerance": pl.Float64,
            "verdict": pl.Utf8,
            "games_to_decide": pl.Int64,
            "effect_vs_printed": pl.Float64,
            "effect_lo": pl.Float64,
            "effect_hi": pl.Float64,
            "owner_wr": pl.Float64,
            "owner_n": pl.Int64,
            "owner_wins": pl.Int64,
            "games": pl.Int64,
            "printed": pl.Boolean,
            "contribution": pl.Float64,
            "contribution_lo": pl.Float64,
            "contribution_hi": pl.Float64,
            "mean_turns": pl.Float64,
        }
        return pl.DataFrame(rows, schema=schema)


def _none(value: float | None) -> float | None:
    return None if value is None or not math.isfinite(value) else float(value)


def owner_event(spec: GameSpec) -> str:
    """The event that means the player owns the card's power: Import/Export `fulfilled`,
    otherwise in hand (`gih`, the travel game's cards work from the hand)."""
    return "fulfilled" if "fulfilled" in spec.event_names else "gih"


def fit_balance(
    xs: Sequence[float], ys: Sequence[float], ses: Sequence[float]
) -> BalanceFit | None:
    """Weighted least squares of y on x (weights 1/se^2, known variances) and Fieller's
    interval for the x where the line is 0."""
    data = [
        (x, y, s)
        for x, y, s in zip(xs, ys, ses, strict=True)
        if math.isfinite(y) and math.isfinite(s) and s > 0
    ]
    if len(data) < 2 or len({x for x, _, _ in data}) < 2:
        return None
    sw = sum(1 / s**2 for _, _, s in data)
    swx = sum(x / s**2 for x, _, s in data)
    swxx = sum(x * x / s**2 for x, _, s in data)
    swy = sum(y / s**2 for _, y, s in data)
    swxy = sum(x * y / s**2 for x, y, s in data)
    det = sw * swxx - swx * swx
    if det <= 0:
        return None
    a = (swxx * swy - swx * swxy) / det
    b = (sw * swxy - swx * swy) / det
    return fieller(a, b, swxx / det, -swx / det, sw / det)


def fieller(a: float, b: float, va: float, cab: float, vb: float) -> BalanceFit:
    """The line a + b x with the covariance of (a, b), where it is 0, and Fieller's 95%
    interval for that x: the x whose line value's own 95% band covers 0."""
    z2 = Z95 * Z95
    # (a + b x)^2 - z^2 (va + 2 cab x + vb x^2) <= 0  <=>  A x^2 + B x + C <= 0
    qa = b * b - z2 * vb
    qb = 2 * (a * b - z2 * cab)
    qc = a * a - z2 * va
    x0 = -a / b if b != 0 else math.nan
    disc = qb * qb - 4 * qa * qc
    if qa > 0 and disc >= 0:
        r1 = (-qb - math.sqrt(disc)) / (2 * qa)
        r2 = (-qb + math.sqrt(disc)) / (2 * qa)
        lo, hi, bounded = min(r1, r2), max(r1, r2), True
    else:
        lo, hi, bounded = -math.inf, math.inf, False
    return BalanceFit(a, b, ((va, cab), (cab, vb)), x0, lo, hi, bounded)


def fit_points(points: Sequence[SweepPoint]) -> BalanceFit | None:
    """The weighted line through the points' primary measure (points, weights 1/se^2)."""
    return fit_balance(
        [float(p.value) for p in points],
        [p.measure for p in points],
        [p.measure_se for p in points],
    )


def _f(v: Any) -> float:
    return math.nan if v is None else float(v)


def _judged(cards: pl.DataFrame, card: str, tolerance: float, games: int) -> dict[str, Any]:
    """The card's row of a run's card table, its verdict decided again at `tolerance` by
    metrics.judge_cards (the run's BH family, no model refitted); an older summary without
    verdict figures gives a row without a verdict."""
    if "verdict_pp" in cards.columns:
        cards = judge_cards(cards, tolerance, games)
    row = cards.filter(cards["name"] == card).row(0, named=True)
    if "verdict_pp" not in cards.columns:
        row = {**row, "verdict": None}
    return row


def sweep_summary(folder: str | Path, tolerance: float | None = None) -> SweepSummary:
    """Read a finished sweep folder back into one point per value and the fit; the verdicts
    at `tolerance` points (default: the sweep's own, in sweep.json)."""
    folder = Path(folder)
    path = folder / SWEEP_FILE
    if not path.exists():
        raise RunFolderError(f"{folder}: no {SWEEP_FILE}; is this a folder made by deckhand sweep?")
    manifest = json.loads(path.read_text())
    if tolerance is None:
        tolerance = float(manifest.get("tolerance") or Tolerances().card)
    spec = get_game(manifest["game"])
    runs = []
    for entry in manifest["runs"]:
        run_folder = folder / entry["folder"]
        if not (run_folder / SUMMARY_FILE).exists():
            raise RunFolderError(
                f"{run_folder}: no {SUMMARY_FILE}, the run did not finish; re-run the sweep"
            )
        runs.append(Run(run_folder, load_manifest(run_folder), spec))
    label_runs(runs)
    card, key = manifest["card"], manifest["param"]
    event = owner_event(spec)
    rows = []
    for run in runs:
        cards = run.cards()
        if cards.filter(cards["name"] == card).height == 0:
            raise RunFolderError(f"{run.folder}: {card} is not in {SUMMARY_FILE}")
        games = run.parts("games").select(pl.len(), pl.col("turns").mean()).collect().row(0)
        row = _judged(cards, card, tolerance, int(games[0]))
        rows.append((run, row, has_adjusted(cards.columns), games))
    adjusted = all(adj and r.get("adj_pp") is not None for _, r, adj, _ in rows)
    points = []
    for entry, (run, r, _, games) in zip(manifest["runs"], rows, strict=True):
        if adjusted:
            value = (_f(r["adj_pp"]), _f(r["adj_lo"]), _f(r["adj_hi"]), adjusted_se_pp(r))
            q = _f(r["adj_q"])
        else:
            value = (_f(r["iwd"]), _f(r["iwd_lo"]), _f(r["iwd_hi"]), iwd_se(r))
            q = _f(r["iwd_q"])
        players = run.parts("players").select(pl.len(), pl.col("win").sum()).collect().row(0)
        verdict = r.get("verdict")
        judged = (
            Verdict(
                verdict,
                _points(_f(r.get("verdict_pp"))),
                _f(r.get("lo")),
                _f(r.get("hi")),
                tolerance,
                r.get("verdict_games_to_decide"),
            )
            if verdict
            else None
        )
        points.append(
            SweepPoint(
                value=entry["value"],
                folder=run.folder,
                label=run.label,
                contribution=value[0],
                lo=value[1],
                hi=value[2],
                se=value[3],
                q=q,
                iwd=_f(r["iwd"]),
                iwd_lo=_f(r["iwd_lo"]),
                iwd_hi=_f(r["iwd_hi"]),
                iwd_q=_f(r["iwd_q"]),
                in_hand=int(r.get("gih_n") or 0),
                owner_wins=int(r.get(f"{event}_wins") or 0),
                owner_n=int(r.get(f"{event}_n") or 0),
                games=int(games[0]),
                mean_turns=_f(games[1]),
                average=int(players[1] or 0) / int(players[0]) if players[0] else math.nan,
                verdict=verdict,
                judged=judged,
                verdict_note=r.get("verdict_note"),
                verdict_pp=_f(r.get("verdict_pp")),
                verdict_lo=_f(r.get("verdict_lo")),
                verdict_hi=_f(r.get("verdict_hi")),
                verdict_q=_f(r.get("verdict_q")),
                verdict_n=int(r.get("verdict_n") or 0),
                verdict_n_peers=int(r.get("verdict_n_peers") or 0),
                peers=str(r.get("verdict_peers") or ""),
            )
        )
    _put_effects(points, manifest["original"])
    base = Path(manifest.get("base_sheet") or "")
    if not base.is_file():
        base = runs[0].folder / "card_sheet.csv"
    sheet = load_card_sheet(base, spec.card_schema)
    row = next(r.values for r in sheet.rows if r["name"] == card)
    return SweepSummary(
        game=spec.name,
        card=card,
        key=key,
        original=manifest["original"],
        metric="adjusted" if adjusted else "IWD",
        owner_event=event,
        points=points,
        fit=fit_points(points),
        manifest=manifest,
        sheet_row=dict(row),
        players=int(runs[0].game_config["players"]),
        tolerance=tolerance,
        added_printed=bool(manifest.get("added_printed")),
    )


def _put_effects(points: Sequence[SweepPoint], printed: Number) -> None:
    """The effect of the number per value, as `ablate --param`: the owner's win rate at the
    value minus at the printed value, with Newcombe's interval (conservative under common
    random numbers, which correlate the two positively), in points."""
    base = next((p for p in points if p.value == printed), None)
    if base is None:  # a sweep folder from before the printed value was always played
        return
    for p in points:
        if p is base:
            p.effect = p.effect_lo = p.effect_hi = 0.0
            continue
        d, lo, hi = newcombe_difference(p.owner_wins, p.owner_n, base.owner_wins, base.owner_n)
        p.effect, p.effect_lo, p.effect_hi = _points(d), _points(lo), _points(hi)


def write_sweep_table(summary: SweepSummary, folder: str | Path) -> Path:
    """Write the summary's one row per value as FOLDER/sweep.parquet; returns its path."""
    path = Path(folder) / TABLE_FILE
    tmp = path.with_name(path.name + ".tmp")
    summary.to_frame().write_parquet(tmp)
    os.replace(tmp, path)
    return path
