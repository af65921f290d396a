"""Several run folders side by side: what differs between them and what it changes.

`load_runs` opens finished run folders of one game and labels each by what differs between
their manifests (sets, variants, players, strategies, rule numbers, card-sheet cells, seed,
turn limit). The summaries read the datasets lazily (polars scans of the part files, only the
columns needed, aggregated before they are collected), so a run of millions of games costs
the memory of its aggregates, not of its rows:

- `length_stats`: turns per game, mean with a normal interval, median with the
  distribution-free order-statistic interval;
- `count_rates` on `games` (end reasons, outcomes) and `win_rates` on `players` (turn order,
  strategy): proportions with Wilson intervals;
- `rate_difference`: a run against the reference, Newcombe interval and two-proportion p;
- `card_changes`: per card (matched by type and name) the change of its contribution between
  two runs, adjusted (`adj_*` columns of cards.parquet) and raw IWD, each with a 95% interval,
  a two-sided z-test p-value and Benjamini-Hochberg q-values across the cards compared.

docs/metrics.md ("Comparing runs") states the formulas.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from simulator.analysis.metrics import SUMMARY_FILE
from simulator.analysis.stats import Z95, benjamini_hochberg, newcombe_difference, two_proportion_p
from simulator.analysis.stats import wilson as wilson_interval
from simulator.catalog import get_game
from simulator.core.errors import ConfigError, RunFolderError
from simulator.core.spec import GameSpec
from simulator.folders import run_folder
from simulator.folders.run_folder import SHEET_COPY, load_manifest

SHEET_DIFF_LIMIT = 3
"""A label names at most this many changed card-sheet cells; more read 'sheet <hash>'."""


# ---------------------------------------------------------------------------- runs and labels


@dataclass
class Run:
    """One finished run folder, its manifest and its label in a comparison."""

    folder: Path
    manifest: dict[str, Any]
    spec: GameSpec
    label: str = ""
    facets: dict[str, str] = field(default_factory=dict)

    @property
    def config(self) -> dict[str, Any]:
        return self.manifest["config"]

    @property
    def game_config(self) -> dict[str, Any]:
        return self.config["game"]

    def parts(self, table: str) -> pl.LazyFrame:
        """A lazy scan of every completed chunk's `table` part file (listed here, not globbed
        by polars, so a folder name with glob characters is read as written)."""
        files = [str(p) for p in run_folder.part_files(self.folder, table)]
        return pl.scan_parquet(files, glob=False)

    def cards(self, columns: Sequence[str] | None = None) -> pl.DataFrame:
        """The per-card summary (cards.parquet), only `columns` that it has when given."""
        scan = pl.scan_parquet(self.folder / SUMMARY_FILE, glob=False)
        if columns is not None:
            present = set(scan.collect_schema().names())
            scan = scan.select([c for c in dict.fromkeys(columns) if c in present])
        return scan.collect()


def load_runs(folders: Sequence[str | Path]) -> list[Run]:
    """Open finished run folders of one game and label each by what differs between them."""
    if len(folders) < 2:
        raise ConfigError("compare: give at least two run folders")
    runs: list[Run] = []
    seen: set[Path] = set()
    for f in folders:
        folder = Path(f)
        if folder.resolve() in seen:
            raise ConfigError(f"compare: the run folder {folder} is given twice")
        seen.add(folder.resolve())
        manifest = load_manifest(folder)
        if not (folder / SUMMARY_FILE).exists():
            raise RunFolderError(
                f"{folder}: no {SUMMARY_FILE}, the run did not finish; re-run the same "
                "`deckhand simulate` command to complete it"
            )
        spec = get_game(manifest["config"]["game"]["game"])
        runs.append(Run(folder, manifest, spec))
    games = {r.spec.name for r in runs}
    if len(games) > 1:
        raise ConfigError(
            "compare: the runs are of different games ("
            + ", ".join(f"{r.folder}: {r.spec.name}" for r in runs)
            + "); compare runs of one game"
        )
    label_runs(runs)
    return runs


def mix_text(spec: GameSpec, modules: Sequence[str]) -> str:
    """The sets of a config as a mix, e.g. 'base+kickstarter' (the `deckhand mixes` syntax).

    A game without a 'base' module (travel) always plays its base game: 'base+events'."""
    sets = [m for m in modules if m in spec.names_of_kind("module")]
    if "base" in spec.module_names:
        return "+".join(sets) or "base"
    return "+".join(["base", *sets])


MAIN_FACETS = (
    "sets",
    "variants",
    "players",
    "strategies",
    "rules",
    "card sheet",
    "turn limit",
    "seating",
    "seed",
    "games",
)
"""Facets every comparison shows; any other recorded setting is shown when it differs."""


def _facets(run: Run) -> dict[str, str]:
    """What decides a run's games, as short texts; the label is made of those that differ."""
    g, c = run.game_config, run.config
    variants = [m for m in g["modules"] if m in run.spec.names_of_kind("variant")]
    rules = ", ".join(f"{k}={v}" for k, v in g.get("rules") or [])
    strategies = c["strategies"]
    facets = {
        "sets": mix_text(run.spec, g["modules"]),
        "variants": "variant " + "+".join(variants) if variants else "no variant",
        "players": f"{g['players']} players",
        "strategies": ", ".join(strategies),
        "rules": rules or "default rules",
        "card sheet": "sheet " + run.manifest.get("card_sheet_sha256", "?")[:10],
        "turn limit": f"turn limit {g['max_turns']}",
        "seating": "rotated seats" if c.get("rotate", True) else "fixed seats",
        "seed": f"seed {c['seed']}",
        "games": f"{c['games']:,} games",
    }
    # any other setting a newer runner records (e.g. duplicate deals) labels runs too
    known = {"game", "strategies", "rotate", "seed", "games", "chunk_size", "check_invariants"}
    for key, value in sorted(c.items()):
        if key not in known:
            facets[key] = f"{key} {value}"
    if g.get("powers"):
        facets["card powers"] = "powers " + str(g["powers"]["sha256"])[:10]
    for key, value in sorted(g.items()):
        if key not in {"game", "players", "modules", "card_sheet", "max_turns", "rules", "powers"}:
            facets[key] = f"{key} {value}"
    return facets


def label_runs(runs: list[Run]) -> None:
    """Set each run's facets and label: the facets that differ between the runs, joined."""
    for run in runs:
        run.facets = _facets(run)
    keys = list(dict.fromkeys(k for r in runs for k in r.facets))
    for run in runs:  # a setting one manifest records and another does not
        run.facets = {k: run.facets.get(k, f"{k} (not recorded)") for k in keys}
    sheets = {r.facets["card sheet"] for r in runs}
    if len(sheets) > 1:
        for run, text in zip(runs, sheet_differences(runs), strict=True):
            if text:
                run.facets["card sheet"] = text
    differing = [k for k in runs[0].facets if len({r.facets[k] for r in runs}) > 1]
    for run in runs:
        parts = [run.facets[k] for k in differing]
        run.label = " · ".join(parts) if parts else run.folder.name
    labels = [r.label for r in runs]
    for run in runs:
        if labels.count(run.label) > 1:
            run.label = f"{run.label} ({run.folder.name})"


def differing_facets(runs: Sequence[Run]) -> list[str]:
    return [k for k in runs[0].facets if len({r.facets[k] for r in runs}) > 1]


def _sheet_rows(run: Run) -> dict[str, dict[str, str]] | None:
    path = run.folder / SHEET_COPY
    if not path.exists():
        return None
    with path.open(newline="", encoding="utf-8-sig") as f:
        return {row["id"]: row for row in csv.DictReader(f) if row.get("id")}


def _params(text: str) -> dict[str, str]:
    out = {}
    for part in (text or "").split(";"):
        key, sep, value = part.partition("=")
        if sep:
            out[key.strip()] = value.strip()
    return out


def sheet_differences(runs: Sequence[Run]) -> list[str | None]:
    """Per run, the card-sheet cells that differ between the runs' sheets, e.g.
    'Almonds high_pay=6'; None for a run when the differences are too many to name."""
    sheets = [_sheet_rows(r) for r in runs]
    if any(s is None for s in sheets):
        return [None] * len(runs)
    ids = list(dict.fromkeys(i for s in sheets for i in s))  # type: ignore[union-attr]
    changes: list[tuple[str, str, str | None]] = []  # (id, column, param key)
    for card_id in ids:
        rows = [s.get(card_id) for s in sheets]  # type: ignore[union-attr]
        if any(r is None for r in rows):
            return [None] * len(runs)
        columns = [c for c in rows[0] if c != "provenance"]  # type: ignore[union-attr]
        for column in columns:
            values = {r.get(column, "") for r in rows}  # type: ignore[union-attr]
            if len(values) == 1:
                continue
            if column == "params":
                params = [_params(r["params"]) for r in rows]  # type: ignore[index]
                keys = dict.fromkeys(k for p in params for k in p)
                for key in keys:
                    if len({p.get(key) for p in params}) > 1:
                        changes.append((card_id, column, key))
            else:
                changes.append((card_id, column, None))
    if not changes or len(changes) > SHEET_DIFF_LIMIT:
        return [None] * len(runs)
    out: list[str | None] = []
    for sheet in sheets:
        parts = []
        for card_id, column, param in changes:
            row = sheet[card_id]  # type: ignore[index]
            if param is not None:
                value = _params(row["params"]).get(param, "(none)")
                parts.append(f"{row.get('name', card_id)} {param}={value}")
            else:
                parts.append(f"{row.get('name', card_id)} {column}={row.get(column, '')}")
        out.append(", ".join(parts))
    return out


# ---------------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson interval."""

    wins: int
    n: int

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.n)


@dataclass(frozen=True)
class Difference:
    """b - a with its 95% interval and a two-sided p-value (q when a family was corrected)."""

    diff: float
    lo: float
    hi: float
    p: float
    q: float = math.nan


def rate_difference(a: Rate, b: Rate) -> Difference:
    """b - a: Newcombe's hybrid score interval and the pooled two-proportion z-test."""
    d, lo, hi = newcombe_difference(b.wins, b.n, a.wins, a.n)
    return Difference(d, lo, hi, two_proportion_p(b.wins, b.n, a.wins, a.n))


def z_difference(a: float, se_a: float, b: float, se_b: float) -> Difference:
    """b - a of two independent estimates: normal interval and two-sided z-test."""
    if any(v is None or math.isnan(v) for v in (a, se_a, b, se_b)):
        return Difference(math.nan, math.nan, math.nan, math.nan)
    d = b - a
    se = math.hypot(se_a, se_b)
    if se == 0:
        return Difference(d, d, d, math.nan)
    return Difference(d, d - Z95 * se, d + Z95 * se, math.erfc(abs(d / se) / math.sqrt(2)))


@dataclass(frozen=True)
class LengthStats:
    """Turns per game of one run."""

    games: int
    mean: float
    sd: float
    median: float
    median_lo: float
    median_hi: float
    counts: tuple[tuple[int, int], ...]
    """(turns, games) for every length that occurred, in order."""

    @property
    def se(self) -> float:
        return self.sd / math.sqrt(self.games) if self.games > 1 else math.nan

    @property
    def mean_interval(self) -> tuple[float, float]:
        return (self.mean - Z95 * self.se, self.mean + Z95 * self.se)


def _value_at_rank(counts: Sequence[tuple[int, int]], rank: int) -> float:
    """The value of 1-based rank `rank` in the sorted data given as (value, count) pairs."""
    seen = 0
    for value, count in counts:
        seen += count
        if seen >= rank:
            return float(value)
    return float(counts[-1][0])


def length_from_counts(counts: Sequence[tuple[int, int]]) -> LengthStats:
    """Mean (normal interval) and median (order-statistic interval) from value counts.

    The median interval is the distribution-free one: the order statistics of ranks
    n/2 -+ 1.96 sqrt(n)/2 (normal approximation of the Binomial(n, 1/2) count below the
    median), so it needs no assumption on the shape of the length distribution."""
    counts = sorted((int(v), int(c)) for v, c in counts if c)
    n = sum(c for _, c in counts)
    if n == 0:
        nan = math.nan
        return LengthStats(0, nan, nan, nan, nan, nan, ())
    mean = sum(v * c for v, c in counts) / n
    var = sum(c * (v - mean) ** 2 for v, c in counts) / (n - 1) if n > 1 else math.nan
    if n % 2:
        median = _value_at_rank(counts, (n + 1) // 2)
    else:
        median = (_value_at_rank(counts, n // 2) + _value_at_rank(counts, n // 2 + 1)) / 2
    half = Z95 * math.sqrt(n) / 2
    lo_rank = max(1, math.floor(n / 2 - half))
    hi_rank = min(n, math.ceil(1 + n / 2 + half))
    return LengthStats(
        n,
        mean,
        math.sqrt(var) if n > 1 else math.nan,
        median,
        _value_at_rank(counts, lo_rank),
        _value_at_rank(counts, hi_rank),
        tuple(counts),
    )


def length_stats(run: Run, column: str = "turns") -> LengthStats:
    """Length of the run's games, from a lazy count per distinct value of `column`."""
    counts = run.parts("games").group_by(column).len().collect()
    return length_from_counts(list(counts.iter_rows()))


def mean_difference(a: LengthStats, b: LengthStats) -> Difference:
    """b - a of mean lengths (Welch's standard error, normal interval, z-test)."""
    return z_difference(a.mean, a.se, b.mean, b.se)


def count_rates(run: Run, column: str) -> tuple[dict[str, Rate], int]:
    """Share of the run's games per value of a `games` column (e.g. end_reason), and n."""
    counts = run.parts("games").group_by(column).len().collect()
    total = int(counts["len"].sum()) if counts.height else 0
    return {str(v): Rate(int(c), total) for v, c in counts.iter_rows()}, total


def outcome_rates(run: Run) -> dict[str, Rate]:
    """Share of games with one winner, a shared win, no winner."""
    counts = (
        run.parts("games")
        .select(pl.col("winners").list.len().clip(0, 2).alias("k"))
        .group_by("k")
        .len()
        .collect()
    )
    by_k = {int(k): int(c) for k, c in counts.iter_rows()}
    total = sum(by_k.values())
    return {
        "one winner": Rate(by_k.get(1, 0), total),
        "shared win": Rate(by_k.get(2, 0), total),
        "no winner": Rate(by_k.get(0, 0), total),
    }


def win_rates(run: Run, column: str) -> dict[Any, Rate]:
    """Win rate of the player-games per value of a `players` column (turn_order, strategy)."""
    table = (
        run.parts("players")
        .group_by(column)
        .agg(pl.len().alias("n"), pl.col("win").sum().alias("wins"))
        .collect()
    )
    return {v: Rate(int(w), int(n)) for v, n, w in table.select(column, "n", "wins").iter_rows()}


def overall_rate(run: Run) -> Rate:
    row = run.parts("players").select(pl.len(), pl.col("win").sum()).collect().row(0)
    return Rate(int(row[1] or 0), int(row[0]))


# ---------------------------------------------------------------------------- cards

CARD_COLUMNS = (
    "name",
    "type",
    "in_game",
    "gih_n",
    "gih_wins",
    "gns_n",
    "gns_wins",
    "iwd",
    "iwd_lo",
    "iwd_hi",
    "iwd_q",
    "adj_pp",
    "adj_lo",
    "adj_hi",
    "adj_se",
    "adj_q",
    "adj_base",
    "adj_flag",
    "verdict",
    "verdict_peers",
    "verdict_pp",
    "verdict_lo",
    "verdict_hi",
    "verdict_se",
    "verdict_base",
    "verdict_q",
    "verdict_note",
)
"""The cards.parquet columns a comparison reads (the adj_* and verdict_* ones only when
present)."""


def has_adjusted(columns: Sequence[str]) -> bool:
    return all(c in columns for c in ("adj_pp", "adj_se", "adj_base"))


def _f(value: Any) -> float:
    return math.nan if value is None else float(value)


def iwd_se(row: dict[str, Any]) -> float:
    """Standard error of IWD = GIH WR - GNS WR from the counts (Wald: independent groups)."""
    n1, n2 = row.get("gih_n") or 0, row.get("gns_n") or 0
    if not n1 or not n2:
        return math.nan
    p1, p2 = row["gih_wins"] / n1, row["gns_wins"] / n2
    return math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)


def adjusted_se_pp(row: dict[str, Any]) -> float:
    """Standard error of the adjusted figure in win-rate points (delta method).

    pp = expit(logit(b) + beta) - b, so d pp / d beta = p'(1 - p') with p' = b + pp."""
    pp, se, base = _f(row.get("adj_pp")), _f(row.get("adj_se")), _f(row.get("adj_base"))
    if math.isnan(pp) or math.isnan(se) or math.isnan(base):
        return math.nan
    p = base + pp
    return se * p * (1 - p)


def verdict_se_pp(row: dict[str, Any]) -> float:
    """Standard error of the verdict figure (against peers) in points, by the delta method
    as for the adjusted figure."""
    pp, se, base = _f(row.get("verdict_pp")), _f(row.get("verdict_se")), _f(row.get("verdict_base"))
    if math.isnan(pp) or math.isnan(se) or math.isnan(base):
        return math.nan
    p = base + pp
    return se * p * (1 - p)


def card_key(row: dict[str, Any]) -> tuple[str, str]:
    return (str(row.get("type") or ""), str(row["name"]))


def card_changes(a: pl.DataFrame, b: pl.DataFrame) -> pl.DataFrame:
    """Per card in the game in both runs (matched by type and name): the adjusted figure, IWD
    and the verdict figure against peers (`peer_*`, with the verdicts `verdict_a/b`) in each
    run and the change b - a of each, with interval, p and BH q (one family per measure, over
    the cards that have it in both runs). Sorted by the headline p-value: the
    adjusted one when both summaries have adjusted figures (some card has one in both runs),
    IWD otherwise; then by the IWD p-value."""
    adjusted = has_adjusted(a.columns) and has_adjusted(b.columns)
    rows_a = {card_key(r): r for r in a.iter_rows(named=True) if r["in_game"]}
    rows_b = {card_key(r): r for r in b.iter_rows(named=True) if r["in_game"]}
    keys = [k for k in rows_a if k in rows_b]
    out: list[dict[str, Any]] = []
    for key in keys:
        ra, rb = rows_a[key], rows_b[key]
        row: dict[str, Any] = {"type": key[0], "name": key[1]}
        for side, r in (("a", ra), ("b", rb)):
            row[f"gih_n_{side}"] = int(r.get("gih_n") or 0)
            row[f"iwd_{side}"] = _f(r.get("iwd"))
            row[f"iwd_lo_{side}"] = _f(r.get("iwd_lo"))
            row[f"iwd_hi_{side}"] = _f(r.get("iwd_hi"))
            row[f"iwd_se_{side}"] = iwd_se(r)
            row[f"adj_{side}"] = _f(r.get("adj_pp")) if adjusted else math.nan
            row[f"adj_lo_{side}"] = _f(r.get("adj_lo")) if adjusted else math.nan
            row[f"adj_hi_{side}"] = _f(r.get("adj_hi")) if adjusted else math.nan
            row[f"adj_se_{side}"] = adjusted_se_pp(r) if adjusted else math.nan
            row[f"peer_{side}"] = _f(r.get("verdict_pp"))
            row[f"peer_lo_{side}"] = _f(r.get("verdict_lo"))
            row[f"peer_hi_{side}"] = _f(r.get("verdict_hi"))
            row[f"peer_se_{side}"] = verdict_se_pp(r)
            row[f"verdict_{side}"] = r.get("verdict")
        row["peers"] = rb.get("verdict_peers") or ra.get("verdict_peers")
        for measure in ("iwd", "adj", "peer"):
            d = z_difference(
                row[f"{measure}_a"],
                row[f"{measure}_se_a"],
                row[f"{measure}_b"],
                row[f"{measure}_se_b"],
            )
            row[f"{measure}_change"] = d.diff
            row[f"{measure}_change_lo"] = d.lo
            row[f"{measure}_change_hi"] = d.hi
            row[f"{measure}_change_p"] = d.p
        out.append(row)
    for measure in ("iwd", "adj", "peer"):
        q = benjamini_hochberg([r[f"{measure}_change_p"] for r in out])
        for r, qv in zip(out, q, strict=True):
            r[f"{measure}_change_q"] = qv
    has_adj = any(not math.isnan(r["adj_change_p"]) for r in out)
    headline = "adj" if adjusted and has_adj else "iwd"
    for r in out:
        r["headline"] = headline
    out.sort(
        key=lambda r: (
            math.isnan(r[f"{headline}_change_p"]),
            _nan_last(r[f"{headline}_change_p"]),
            _nan_last(r["iwd_change_p"]),
            -abs(_nan_zero(r[f"{headline}_change"])),
            r["name"],
        )
    )
    schema: dict[str, Any] = {"type": pl.Utf8, "name": pl.Utf8, "headline": pl.Utf8}
    if not out:
        return pl.DataFrame(schema=schema)
    return pl.DataFrame(out, infer_schema_length=None).with_columns(
        pl.col(pl.Float64).fill_nan(None)
    )


def cards_only_in(a: pl.DataFrame, b: pl.DataFrame) -> pl.DataFrame:
    """Cards in the game in `b` but not in `a` (e.g. an expansion's cards), b's rows."""
    in_a = {card_key(r) for r in a.iter_rows(named=True) if r["in_game"]}
    keep = [card_key(r) not in in_a and bool(r["in_game"]) for r in b.iter_rows(named=True)]
    return b.filter(pl.Series(keep, dtype=pl.Boolean))


def _nan_last(v: float) -> float:
    return math.inf if v is None or math.isnan(v) else v


def _nan_zero(v: float) -> float:
    return 0.0 if v is None or math.isnan(v) else v


def headline_name(headline: str) -> str:
    return "adjusted contribution" if headline == "adj" else "IWD (raw)"
