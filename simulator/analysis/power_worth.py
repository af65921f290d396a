"""An ablation's two figures per power, and how each is judged (ablation.parquet's contract).

An ablation (`deckhand ablate`) measures what a power is worth to its owner: the owner's win
rate with the power on less with it off, on the same deals. That figure answers "does the
power do anything?", and a power that works is worth something, so it is never the answer to
"is this card too strong?" (issue 46: with it, half the base set was called "stronger"). The
card verdict compares the power's worth with the worth of the typical power of its kind
(analysis/typical.py), on the same deals, with the covariance the shared deals give the two:

- `worth`, `worth_lo`, `worth_hi`, `worth_se`, `worth_p`, `worth_q`: on minus off, points;
  `worth_check`: `does something` / `does nothing` (within ±tolerance) / `unclear`
  (verdicts.worth_checks), never coloured as a problem;
- `verdict`, `vs_typical`, `lo`, `hi`, `vs_typical_se`, `p`, `q`, `games_to_decide`: the
  worth less the typical power's (`typical`, `typical_se`, `typical_peers` cards of the
  middle half, `kind` in the game's words), judged by the one rule at the card tolerance:
  `stronger` / `weaker` than the typical power of its kind, `balanced`, `unclear`. A card
  whose kind has fewer than MIN_OTHERS other ablated powers with a worth has no verdict
  (`typical_note` says why): a reference of one or two cards is what issue 46 removed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import polars as pl

from simulator.analysis.stats import Z95
from simulator.analysis.typical import against_typical
from simulator.analysis.verdicts import decide_family, worth_checks

MIN_OTHERS = 4
"""Other powers of the kind, each with a worth, that a typical power needs."""
TOO_FEW_OTHERS = "too few powers of its kind ablated for a typical power"

FIRST_COLUMNS = ("card", "verdict", "vs_typical", "lo", "hi", "tolerance", "q", "games_to_decide")
"""The leading columns of a power ablation's table: the verdict table contract
(verdicts.TABLE_COLUMNS) with the figure it judges, the card against the typical power."""
WORTH_COLUMNS = ("worth", "worth_lo", "worth_hi", "worth_check", "worth_q")
"""What the power is worth to its owner, and whether it does anything, after the verdict."""


def against_typical_power(
    worth: Sequence[float],
    covariance: np.ndarray,
    kinds: Sequence[str],
) -> dict[str, list[float | int | str | None]]:
    """Each power's worth against the typical power of its kind (points in, points out): the
    columns vs_typical, lo, hi, vs_typical_se, p, typical, typical_se, typical_peers and
    typical_note (module doc). `covariance` is the worths' covariance (points^2)."""
    n = len(worth)
    variances = np.diag(covariance) if n else np.zeros(0)
    usable = [
        math.isfinite(w) and math.isfinite(v) and v > 0
        for w, v in zip(worth, variances, strict=True)
    ]
    results = against_typical(worth, covariance, kinds, usable)
    out: dict[str, list[float | int | str | None]] = {
        k: [None] * n
        for k in (
            "vs_typical",
            "lo",
            "hi",
            "vs_typical_se",
            "p",
            "typical",
            "typical_se",
            "typical_peers",
            "typical_note",
        )
    }
    for c, result in enumerate(results):
        others = sum(1 for j in range(n) if j != c and usable[j] and kinds[j] == kinds[c])
        if usable[c] and others < MIN_OTHERS:
            out["typical_note"][c] = f"{TOO_FEW_OTHERS} ({others} other, {MIN_OTHERS} needed)"
            continue
        if result is None:
            continue
        b, se = result.contrast, result.se
        out["vs_typical"][c], out["vs_typical_se"][c] = b, se
        out["lo"][c], out["hi"][c] = b - Z95 * se, b + Z95 * se
        out["p"][c] = math.erfc(abs(b / se) / math.sqrt(2.0)) if se > 0 else None
        out["typical"][c], out["typical_se"][c] = result.typical, result.typical_se
        out["typical_peers"][c] = result.peers
    return out


def _floats(table: pl.DataFrame, column: str) -> list[float | None]:
    if column not in table.columns:
        return [None] * table.height
    return [None if v is None or not math.isfinite(v) else float(v) for v in table[column]]


def judge_powers(table: pl.DataFrame, tolerance: float, games: int | None = None) -> pl.DataFrame:
    """A power ablation's table with both judgements made at `tolerance` (points) from the
    figures in it (module doc), so a report or a card page judges a folder at the designer's
    tolerance without replaying it: the verdict against the typical power (BH q over the cards
    with a figure) and the worth check (BH over the cards with a worth). `games` scales
    `games_to_decide`. FIRST_COLUMNS lead, WORTH_COLUMNS follow."""
    verdicts, q = decide_family(
        _floats(table, "vs_typical"),
        _floats(table, "lo"),
        _floats(table, "hi"),
        _floats(table, "p"),
        tolerance,
        games=games,
    )
    checks, worth_q = worth_checks(
        _floats(table, "worth"),
        _floats(table, "worth_lo"),
        _floats(table, "worth_hi"),
        _floats(table, "worth_p"),
        tolerance,
    )
    notes = (
        table["typical_note"].to_list()
        if "typical_note" in table.columns
        else [None] * table.height
    )
    has_figure = [note is None for note in notes]  # no typical power: no verdict at all
    judged = table.drop(
        [
            c
            for c in ("verdict", "tolerance", "q", "games_to_decide", "worth_check", "worth_q")
            if c in table.columns
        ]
    ).with_columns(
        pl.Series(
            "verdict",
            [v.verdict if f else None for v, f in zip(verdicts, has_figure, strict=True)],
            dtype=pl.Utf8,
        ),
        pl.Series("tolerance", [float(tolerance)] * table.height, dtype=pl.Float64),
        pl.Series("q", q, dtype=pl.Float64),
        pl.Series("games_to_decide", [v.games_to_decide for v in verdicts], dtype=pl.Int64),
        pl.Series("worth_check", checks, dtype=pl.Utf8),
        pl.Series("worth_q", worth_q, dtype=pl.Float64),
    )
    lead = [*FIRST_COLUMNS, *WORTH_COLUMNS]
    rest = [c for c in judged.columns if c not in lead]
    if "rank" in rest:
        rest = ["rank", *(c for c in rest if c != "rank")]
    return judged.select(lead + rest)


NUMBER_COLUMNS = ("card", "verdict", "effect", "lo", "hi", "tolerance", "q", "games_to_decide")
"""The leading columns of a number's ablation table (`ablate --param`, one row): the verdict
table contract with the figure it judges, the owner's win rate at the value less at the
printed value."""


def judge_table(table: pl.DataFrame, tolerance: float, games: int | None = None) -> pl.DataFrame:
    """An ablation table (points) judged at `tolerance`: a power ablation's by judge_powers, a
    number's `effect` by the one rule (BH q over its rows), so a report or a card page judges
    a folder at the designer's tolerance without replaying it."""
    if is_power_table(table):
        return judge_powers(table, tolerance, games)
    verdicts, q = decide_family(
        _floats(table, "effect"),
        _floats(table, "lo"),
        _floats(table, "hi"),
        _floats(table, "p"),
        tolerance,
        games=games,
    )
    judged = table.drop(
        [c for c in ("verdict", "tolerance", "q", "games_to_decide", "flag") if c in table.columns]
    ).with_columns(
        pl.Series("verdict", [v.verdict for v in verdicts], dtype=pl.Utf8),
        pl.Series("tolerance", [float(tolerance)] * table.height, dtype=pl.Float64),
        pl.Series("q", q, dtype=pl.Float64),
        pl.Series("games_to_decide", [v.games_to_decide for v in verdicts], dtype=pl.Int64),
    )
    rest = [c for c in judged.columns if c not in NUMBER_COLUMNS]
    if "rank" in rest:
        rest = ["rank", *(c for c in rest if c != "rank")]
    return judged.select([*NUMBER_COLUMNS, *rest])


FRACTION_COLUMNS = (
    "effect",
    "lo",
    "hi",
    "se",
    "difference",
    "difference_se",
    "model_effect",
    "model_se",
)
"""The columns an ablation table written before the verdicts (2026-12-03) held as fractions."""


def in_points(table: pl.DataFrame) -> pl.DataFrame:
    """An ablation table written before the verdicts (fractions, a `flag` column) in points,
    as every reader reads one; its `precision_per_game` per point² accordingly."""
    return table.with_columns(
        [pl.col(c) * 100.0 for c in FRACTION_COLUMNS if c in table.columns]
        + ([pl.col("precision_per_game") / 1e4] if "precision_per_game" in table.columns else [])
    )


def is_power_table(table: pl.DataFrame) -> bool:
    """A power ablation's table as this module writes it (not a number's, nor an older one)."""
    return "worth" in table.columns and "vs_typical" in table.columns
