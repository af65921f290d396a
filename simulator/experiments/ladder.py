"""A skill ladder: the same game and mix played by bots of rising strength, and for each card
whether its value grows, holds or falls as the players get better (`deckhand ladder`).

Each rung is a pool of bots (random, the heuristic, its tuned preset, a search bot: lowest
first) and an ordinary run folder, played with the same seed, so the deals are the same
(experiments/robustness.py plays them and judges each card's primary measure under each).
A card's class compares its figure (points against its peers) at the top rung with the one
at the lowest rung that plays, by the one verdict rule (analysis/verdicts.py) on the
difference, at the card tolerance:

- `rewards skill`: the difference is up (a BH q below 0.05 over the cards judged together,
  as every per-card verdict) and its interval not wholly within the tolerance;
- `punishes skill`: down, and not wholly within it;
- `holds`: its whole interval within the tolerance;
- `unclear`: neither (with the games that would decide it); `no figure` where a rung gives
  none.

The random floor is shown, not judged, as in robustness: random bots use no power well, so
nearly every card's value "grows" from it. It is the lowest rung only when it is the only
other one. The difference's interval treats the rungs as independent samples; they share
their deals, which makes the true interval narrower, so the class errs towards `unclear`.

The ladder's own strength is measured too: each rung against the one below it, in one run
with their seats alternating (duplicate deals, seats rotated), as the upper rung's share of
the wins, its interval clustered over the deals, against its parity share. A ladder whose
rungs do not rise says so.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any

import polars as pl

from simulator.analysis.stats import Z95, clustered_share
from simulator.analysis.verdicts import (
    BALANCED,
    STRONGER,
    UNCLEAR,
    WEAKER,
    Tolerances,
    decide,
    decide_family,
)
from simulator.core.errors import ConfigError, RunFolderError
from simulator.experiments.robustness import (
    NO_FIGURE,
    ROBUSTNESS_FILE,
    Pool,
    default_pools,
    is_floor,
    parse_pools,
    plan_robustness,
    run_robustness,
)
from simulator.folders import run_folder
from simulator.folders.config import RunOptions
from simulator.folders.lock import folder_lock
from simulator.folders.run_folder import read_players
from simulator.runs.match import Match
from simulator.runs.runner import run_simulation

LADDER_FILE = "ladder.parquet"
STRENGTH_FILE = "ladder_strength.parquet"
LADDER_PLAN = "ladder.json"
REWARDS, HOLDS, PUNISHES = "rewards skill", "holds", "punishes skill"
CLASSES = (REWARDS, PUNISHES, HOLDS, UNCLEAR, NO_FIGURE)
"""A card's class on the ladder (module doc), in the order the table lists them."""


@dataclass(frozen=True)
class RungCost:
    """What a rung would cost: seconds a game, measured on a few games, and for the run."""

    name: str
    seconds_per_game: float
    seconds: float


def default_rungs(game: str, players: int, sets: Sequence[str]) -> list[str]:
    """random (the floor), classic (the old default bot, where the game has one: the
    heuristic before it was mended and tuned), default (the heuristic), tuned (its shipped
    preset, when these sets and players have one): robustness's pools, lowest first. A
    search bot is dear: add it by hand, e.g. `--rung search=mcts:iterations=200`."""
    pools = default_pools(game, players, sets)
    return [name for name in ("random", "classic", "default", "tuned") if name in pools]


def parse_rungs(game: str, players: int, sets: Sequence[str], texts: Sequence[str]) -> list[Pool]:
    """`--rung` as robustness's `--pool` (NAME or NAME=STRATEGY+...), lowest first; its
    errors name --rung."""
    try:
        return parse_pools(game, players, sets, list(texts) or default_rungs(game, players, sets))
    except ConfigError as exc:
        text = str(exc).replace("--pool", "--rung").replace("unknown pool", "unknown rung")
        raise ConfigError(text.replace("pools to compare verdicts across", "rungs")) from None


def estimate_costs(options: RunOptions, rungs: Sequence[Pool], probe: int = 2) -> list[RungCost]:
    """Seconds a game of each rung, timed on its first `probe` games played as its run will
    play them (`runs.match.Match`): what the ladder would cost before any folder is
    written."""
    costs = []
    for rung in rungs:
        match = Match(options.but(strategies=rung.strategies).config())
        start = time.perf_counter()
        for index in range(probe):
            match.play(index)
        per_game = (time.perf_counter() - start) / probe
        costs.append(RungCost(rung.name, per_game, per_game * options.games))
    return costs


def ladder_seconds(costs: Sequence[RungCost]) -> float:
    """One core's seconds for the whole ladder: every rung, and every step, which seats each
    of its two rungs' bots in half the seats, so costs about their mean."""
    steps = sum((a.seconds + b.seconds) / 2 for a, b in zip(costs, costs[1:], strict=False))
    return sum(c.seconds for c in costs) + steps


def run_ladder(
    options: RunOptions,
    rungs: Sequence[Pool],
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
    tolerance: float = Tolerances().card,
) -> Path:
    """Play every rung (OUT/RUNG) and each rung against the one below (OUT/vs-LOWER-UPPER),
    then write OUT/ladder.parquet (each card at each rung, and its class) and
    OUT/ladder_strength.parquet (each step of the ladder)."""
    out = Path(out)
    plans = plan_robustness(options, rungs, out)
    steps = [  # every config validated before any game is played
        (lower, upper, head_to_head(options, lower, upper), out / f"vs-{lower.name}-{upper.name}")
        for lower, upper in zip(rungs, rungs[1:], strict=False)
    ]
    run_robustness(plans, out, jobs, backend, overwrite, progress, tolerance)
    strengths = []
    with folder_lock(out, "ladder"):
        for lower, upper, config, folder in steps:
            run_simulation(
                config, folder, jobs=jobs, backend=backend, overwrite=overwrite, progress=progress
            )
            strengths.append(step_strength(folder, lower.name, upper.name, options.players))
        meta = {
            "game": options.game,
            "rungs": [{"name": r.name, "strategies": list(r.strategies)} for r in rungs],
            "games": options.games,
            "seed": options.seed,
            "tolerance": tolerance,
        }
        run_folder.write_json(out / LADDER_PLAN, meta)
        run_folder.write_frame(pl.DataFrame(strengths), out / STRENGTH_FILE)
        table = ladder_table(out, rungs, tolerance, options.games)
        run_folder.write_frame(table, out / LADDER_FILE)
    return out


def head_to_head(options: RunOptions, lower: Pool, upper: Pool) -> Any:
    """The run of one step: the upper rung's first bot in the even seats, the lower's in the
    odd ones, duplicate deals with the seats rotated (a validated RunConfig)."""
    bots = [
        upper.strategies[0] if s % 2 == 0 else lower.strategies[0] for s in range(options.players)
    ]
    return options.but(strategies=tuple(bots), duplicate=True, rotate=True).config()


def step_strength(folder: Path, lower: str, upper: str, players: int) -> dict[str, Any]:
    """The upper rung's share of the wins in a head-to-head run (its bots are the even
    strategy slots; a shared win is shared), with its 95% interval clustered over the
    duplicate deals (`players` games each), and its parity share (its seats / all)."""
    rows = read_players(folder, ["game_id", "strategy_slot", "win"])
    per_game = (
        rows.with_columns((pl.col("strategy_slot") % 2 == 0).alias("upper"))
        .group_by("game_id")
        .agg(
            pl.col("win").cast(pl.Float64).sum().alias("wins"),
            pl.col("win").cast(pl.Float64).filter(pl.col("upper")).sum().alias("upper_wins"),
            pl.col("upper").mean().alias("seats"),
        )
        .sort("game_id")  # a deal's games are consecutive
    )
    shares = [
        u / w if w > 0 else 0.0
        for u, w in zip(per_game["upper_wins"], per_game["wins"], strict=True)
    ]
    share, lo, hi = clustered_share(shares, players)
    parity = float(per_game["seats"].mean()) if shares else math.nan  # type: ignore[arg-type]
    return {
        "lower": lower,
        "upper": upper,
        "games": len(shares),
        "upper_share": share,
        "lo": lo,
        "hi": hi,
        "parity": parity,
        "rises": bool(lo > parity),
    }


Figure = tuple[float | None, float | None, float | None]
"""A card's (estimate, lo, hi) at one rung, in points."""


def change(low: Figure, high: Figure) -> tuple[float, float, float, float] | None:
    """The change of a card's figure from the low rung to the high one, with its 95%
    interval and its two-sided p-value (normal; the rungs' variances added as if
    independent), or None where a rung gives no figure."""
    if any(v is None or not math.isfinite(v) for v in (*low, *high)):
        return None
    (e0, lo0, hi0), (e1, lo1, hi1) = low, high
    diff = float(e1) - float(e0)  # type: ignore[arg-type]
    se = math.hypot((hi0 - lo0) / (2 * Z95), (hi1 - lo1) / (2 * Z95))  # type: ignore[operator]
    p = 2 * (1 - NormalDist().cdf(abs(diff) / se)) if se > 0 else (0.0 if diff else 1.0)
    return diff, diff - Z95 * se, diff + Z95 * se, p


def class_of(verdict: str) -> str:
    """A change's verdict in the ladder's words."""
    return {STRONGER: REWARDS, WEAKER: PUNISHES, BALANCED: HOLDS}.get(verdict, UNCLEAR)


def classify(
    low: Figure, high: Figure, tolerance: float
) -> tuple[str, float | None, float | None, float | None]:
    """One card's class on its own (a family of one): the verdict rule on its change (module
    doc). Returns the class and the change with its interval. `ladder_table` judges the
    cards together, as every report judges many cards."""
    found = change(low, high)
    if found is None:
        return NO_FIGURE, None, None, None
    diff, lo, hi, _ = found
    return class_of(decide(diff, lo, hi, tolerance).verdict), diff, lo, hi


def judging_rungs(rungs: Sequence[Pool]) -> tuple[str, str]:
    """The lowest rung that plays (not the random floor, unless it is the only other one)
    and the top rung."""
    playing = [r.name for r in rungs if not is_floor(r.strategies)]
    top = rungs[-1].name
    low = playing[0] if len(playing) >= 2 else rungs[0].name
    return low, top


def ladder_table(
    out: Path, rungs: Sequence[Pool], tolerance: float, games: int | None = None
) -> pl.DataFrame:
    """Each card's figure at each rung (from robustness.parquet), its change from the
    lowest judging rung to the top one, and its class: the verdicts of all the cards'
    changes decided together (`decide_family`: a change is up or down only with a BH q below
    0.05, as every per-card verdict), with the games per rung that would decide an unclear
    one."""
    path = out / ROBUSTNESS_FILE
    if not path.exists():
        raise RunFolderError(f"{out}: no {ROBUSTNESS_FILE}; the rungs did not finish")
    frame = pl.read_parquet(path)
    low, top = judging_rungs(rungs)
    records = list(frame.iter_rows(named=True))

    def figure(row: dict[str, Any], name: str) -> Figure:
        return row[f"{name}_estimate"], row[f"{name}_lo"], row[f"{name}_hi"]

    changes = [change(figure(r, low), figure(r, top)) for r in records]
    verdicts, qs = decide_family(
        [c[0] if c else None for c in changes],
        [c[1] if c else None for c in changes],
        [c[2] if c else None for c in changes],
        [c[3] if c else None for c in changes],
        tolerance,
        games,
    )
    rows = []
    for r, found, verdict, q in zip(records, changes, verdicts, qs, strict=True):
        row: dict[str, Any] = {
            "card": r["card"],
            "class": class_of(verdict.verdict) if found else NO_FIGURE,
            "change": found[0] if found else None,
            "change_lo": found[1] if found else None,
            "change_hi": found[2] if found else None,
            "change_q": q,
            "games_to_decide": verdict.games_to_decide if found else None,
        }
        for rung in rungs:
            e, lo_r, hi_r = figure(r, rung.name)
            row |= {f"{rung.name}": e, f"{rung.name}_lo": lo_r, f"{rung.name}_hi": hi_r}
        rows.append(row)
    floats = ["change", "change_lo", "change_hi", "change_q"]
    floats += [f"{r.name}{end}" for r in rungs for end in ("", "_lo", "_hi")]
    schema = {
        "card": pl.Utf8,
        "class": pl.Utf8,
        **dict.fromkeys(floats, pl.Float64),
        "games_to_decide": pl.Int64,
    }
    table = pl.DataFrame(rows, schema=schema)  # typed: a rung with no figure is all null
    rank = {c: i for i, c in enumerate(CLASSES)}
    table = table.with_columns(
        pl.col("class").replace_strict(rank, return_dtype=pl.Int32).alias("_order"),
        pl.col("change").abs().alias("_size"),
        pl.lit(low).alias("from_rung"),
        pl.lit(top).alias("to_rung"),
        pl.lit(float(tolerance)).alias("tolerance"),
    )
    return table.sort(["_order", "_size"], descending=[False, True], nulls_last=True).drop(
        "_order", "_size"
    )


def load_ladder(out: str | Path) -> tuple[dict[str, Any], pl.DataFrame, pl.DataFrame]:
    """The plan, the card table and the strength table of a ladder folder."""
    out = Path(out)
    path = out / LADDER_PLAN
    if not path.exists():
        raise RunFolderError(f"{out}: no {LADDER_PLAN}; is this a folder made by deckhand ladder?")
    meta = json.loads(path.read_text())
    return meta, pl.read_parquet(out / LADDER_FILE), pl.read_parquet(out / STRENGTH_FILE)


def tally(table: pl.DataFrame) -> dict[str, int]:
    """Cards per class."""
    return {c: int((table["class"] == c).sum()) for c in CLASSES}
