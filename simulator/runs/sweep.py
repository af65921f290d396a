"""One card parameter swept over values: a modified card sheet and a run per value.

`plan_sweep` checks the card, the parameter and the values, writes one copy of the card sheet
per value (only that card's `params` cell changes; copies of the card change together) under
OUT/sheets/, and validates a run config per value. `run_sweep` plays them, every value with
the same seed (common random numbers: the deal is the same, only the card's number differs,
so a difference between values is due to the value, not to luck of the deal), into
OUT/<key>=<value>/. `sweep_summary` reads back, per value, the card's contribution (adjusted
when the card summaries have it, raw IWD otherwise, with 95% intervals), its owner's win
rate, and fits the contribution against the value to name where the card is balanced.

The balanced range: a weighted least-squares line through the contributions (weights 1/se^2)
crosses zero at x0 = -a/b; its 95% interval is Fieller's, the values x where the line's own
95% band covers 0: {x : (a + b x)^2 <= z^2 Var(a + b x)}. Beside it, the tested values whose
own interval covers 0 (neither over- nor under-performing at that value).
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import math
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from simulator.analysis.compare import Run, adjusted_se_pp, has_adjusted, iwd_se, label_runs
from simulator.analysis.metrics import SUMMARY_FILE
from simulator.analysis.stats import Z95
from simulator.catalog import get_game
from simulator.core.cards import CardRow, load_card_sheet, parse_params
from simulator.core.errors import ConfigError, DeckhandError, RunFolderError
from simulator.core.spec import GameSpec
from simulator.runs.config import RunConfig, RunOptions
from simulator.runs.run_folder import load_manifest
from simulator.runs.runner import run_simulation

SWEEP_FILE = "sweep.json"
Number = int | float


# ---------------------------------------------------------------------------- options


def parse_param(text: str) -> tuple[str, list[Number]]:
    """'high_pay=4,6,8' -> ('high_pay', [4, 6, 8]); errors name --param."""
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
    if len(numbers) < 2:
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
    """The sheet rows of the card called `card` (copies included); an unknown name is an error
    that suggests the closest names."""
    rows = [r for r in sheet_rows if r["name"] == card]
    if not rows:
        rows = [r for r in sheet_rows if str(r["name"]).casefold() == card.casefold()]
    if not rows:
        names = list(dict.fromkeys(str(r["name"]) for r in sheet_rows))
        close = difflib.get_close_matches(card, names, n=5, cutoff=0.6)
        hint = f"; did you mean: {', '.join(close)}?" if close else ""
        raise ConfigError(f"--card: no card named '{card}' in {sheet_path}{hint}")
    names = {r["name"] for r in rows}
    if len(names) > 1:
        raise ConfigError(
            f"--card: '{card}' matches {', '.join(sorted(names))}; give the exact name"
        )
    return rows


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


def sheet_with_value(
    sheet_path: str | Path, ids: set[int], key: str, value: Number, out: str | Path
) -> Path:
    """Copy a card sheet, setting `key` to `value` in the params of the rows whose id is in
    `ids`; every other byte of those rows' other cells, and every other row, is kept."""
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
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(buffer.getvalue(), encoding="utf-8")
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

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "card": self.card,
            "param": self.key,
            "values": list(self.values),
            "original": self.original,
            "base_sheet": str(self.base_sheet),
            "runs": [
                {
                    "value": r.value,
                    "sheet": str(r.sheet.relative_to(self.out)),
                    "folder": str(r.folder.relative_to(self.out)),
                }
                for r in self.runs
            ],
        }


def plan_sweep(
    options: RunOptions, card: str, param: str, out: str | Path, overwrite: bool = False
) -> SweepPlan:
    """Check the card, parameter and values, write the sheets, validate every run config:
    `options` played with each value's sheet."""
    spec = get_game(options.game)
    key, values = parse_param(param)
    base_sheet = Path(options.card_sheet or spec.card_sheet)
    sheet = load_card_sheet(base_sheet, spec.card_schema)
    rows = card_rows(sheet.rows, card, base_sheet)
    _check_key(rows, key)
    name = str(rows[0]["name"])

    def config_for(sheet_path: str) -> RunConfig:
        return options.but(card_sheet=sheet_path).config()

    base_config = config_for(str(base_sheet))
    _check_in_play(spec, base_config, rows, name)
    out = Path(out).resolve()
    _prepare_out(out, overwrite)
    runs = []
    ids = {int(r["id"]) for r in rows}
    for value in values:
        tag = f"{key}={value_text(value)}"
        path = sheet_with_value(base_sheet, ids, key, value, out / "sheets" / f"{tag}.csv")
        try:
            config = config_for(str(path))
        except DeckhandError as exc:
            raise ConfigError(f"--param {tag}: {exc}") from None
        runs.append(SweepRun(value, path, out / tag, config))
    plan = SweepPlan(
        options.game, name, key, tuple(values), out, base_sheet, rows[0]["params"][key], tuple(runs)
    )
    existing = out / SWEEP_FILE
    if existing.exists():
        old = json.loads(existing.read_text())
        if (old.get("card"), old.get("param")) != (name, key):
            raise RunFolderError(
                f"{out} holds a sweep of {old.get('card')} {old.get('param')}; choose another "
                "--out or pass --overwrite"
            )
    existing.write_text(json.dumps(plan.to_json(), indent=2) + "\n")
    return plan


def _check_in_play(spec: GameSpec, config: RunConfig, rows: Sequence[CardRow], name: str) -> None:
    in_game = set(spec.factory(config.game).cards_in_game())
    if not any(int(r["id"]) in in_game for r in rows):
        where = rows[0].get("module") or rows[0].get("set") or ""
        hint = f" (it comes with '{where}': add it with --modules)" if where else ""
        raise ConfigError(
            f"--card: {name} is not in play with modules "
            f"[{', '.join(config.game.modules) or 'none'}]{hint}"
        )


def _prepare_out(out: Path, overwrite: bool) -> None:
    if out.exists() and any(out.iterdir()):
        if not (out / SWEEP_FILE).exists():
            raise RunFolderError(f"{out} exists and is not a sweep folder; choose another --out")
        if overwrite:
            shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)


def run_sweep(
    plan: SweepPlan,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
) -> Path:
    """Play every value's run (resuming folders that hold the same run); returns OUT."""
    for r in plan.runs:
        run_simulation(
            r.config, r.folder, jobs=jobs, backend=backend, overwrite=overwrite, progress=progress
        )
    return plan.out


# ---------------------------------------------------------------------------- summary


@dataclass
class SweepPoint:
    """The card's figures in the run of one value."""

    value: Number
    folder: Path
    label: str
    contribution: float
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
    """The card's verdict in this value's run: its game's declared measure against its
    peers (cards.parquet `verdict`), with the figure below; None for older summaries."""
    verdict_pp: float = math.nan
    verdict_lo: float = math.nan
    verdict_hi: float = math.nan
    verdict_q: float = math.nan
    verdict_n: int = 0
    verdict_n_peers: int = 0
    peers: str = ""

    @property
    def status(self) -> str:
        """'over' / 'under' when the interval excludes 0, 'balanced' when it covers it."""
        if math.isnan(self.contribution):
            return "no figure"
        if self.lo > 0:
            return "over"
        if self.hi < 0:
            return "under"
        return "balanced"


@dataclass
class BalanceFit:
    """Weighted line contribution = a + b * value, and where it crosses zero."""

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
        """Fitted contribution and its standard error at x."""
        (va, cab), (_, vb) = self.cov
        return self.intercept + self.slope * x, math.sqrt(max(0.0, va + 2 * x * cab + x * x * vb))


@dataclass
class SweepSummary:
    game: str
    card: str
    key: str
    original: Number
    metric: str
    """'adjusted' or 'IWD': the contribution shown (one measure for every value)."""
    owner_event: str
    points: list[SweepPoint]
    fit: BalanceFit | None
    manifest: dict[str, Any]
    sheet_row: dict[str, Any] = field(default_factory=dict)
    players: int = 0

    @property
    def balanced_values(self) -> list[Number]:
        return [p.value for p in self.points if p.status == "balanced"]


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
        if not (math.isnan(y) or math.isnan(s)) and s > 0
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
    va, vb, cab = swxx / det, sw / det, -swx / det
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


def _f(v: Any) -> float:
    return math.nan if v is None else float(v)


def sweep_summary(folder: str | Path) -> SweepSummary:
    """Read a finished sweep folder back into one point per value and the balance fit."""
    folder = Path(folder)
    path = folder / SWEEP_FILE
    if not path.exists():
        raise RunFolderError(f"{folder}: no {SWEEP_FILE}; is this a folder made by deckhand sweep?")
    manifest = json.loads(path.read_text())
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
        match = cards.filter(cards["name"] == card)
        if match.height == 0:
            raise RunFolderError(f"{run.folder}: {card} is not in {SUMMARY_FILE}")
        rows.append((run, match.row(0, named=True), has_adjusted(cards.columns)))
    adjusted = all(adj and r.get("adj_pp") is not None for _, r, adj in rows)
    points = []
    for entry, (run, r, _) in zip(manifest["runs"], rows, strict=True):
        if adjusted:
            value = (_f(r["adj_pp"]), _f(r["adj_lo"]), _f(r["adj_hi"]), adjusted_se_pp(r))
            q = _f(r["adj_q"])
        else:
            value = (_f(r["iwd"]), _f(r["iwd_lo"]), _f(r["iwd_hi"]), iwd_se(r))
            q = _f(r["iwd_q"])
        games = run.parts("games").select(pl.len(), pl.col("turns").mean()).collect().row(0)
        players = run.parts("players").select(pl.len(), pl.col("win").sum()).collect().row(0)
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
                verdict=r.get("verdict"),
                verdict_pp=_f(r.get("verdict_pp")),
                verdict_lo=_f(r.get("verdict_lo")),
                verdict_hi=_f(r.get("verdict_hi")),
                verdict_q=_f(r.get("verdict_q")),
                verdict_n=int(r.get("verdict_n") or 0),
                verdict_n_peers=int(r.get("verdict_n_peers") or 0),
                peers=str(r.get("verdict_peers") or ""),
            )
        )
    fit = fit_balance(
        [float(p.value) for p in points],
        [p.contribution for p in points],
        [p.se for p in points],
    )
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
        fit=fit,
        manifest=manifest,
        sheet_row=dict(row),
        players=int(runs[0].game_config["players"]),
    )
