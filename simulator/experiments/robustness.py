"""Verdicts across strategies: the same game and mix under several strategy pools, and each
card's verdict under each (`deckhand robustness`).

A card's verdict in one run is the run's own verdict for it (`verdict` in cards.parquet: the
card against its peers on the measure its game declares, Import/Export owning the power;
docs/metrics.md, "Verdicts"), judged again at `--tolerance` by the one rule of
simulator/analysis/verdicts.py: `stronger`, `weaker`, `balanced` (the whole interval within
the tolerance) or `unclear` (neither; too few games with the card is unclear too), and `no
figure` where the run gives none (no peers in play). Runs summarised before verdicts existed
use the adjusted contribution of owning the power instead, judged by the same rule. Across
the pools a card is

- `flips`: stronger under one pool and weaker under another;
- `disagrees`: stronger (or weaker) under some pools, balanced under others;
- `robust stronger` / `robust weaker`: the same under every pool;
- `balanced`: balanced under every pool;
- `unclear`: not decided under some pool (and no flip or disagreement): never counted as
  balanced, it needs more games;
- `incomplete`: without a figure under some pool, and no flip or disagreement;
- `no figure` under every pool.

The random pool is a floor, not a judge: random bots use no power well, so under them nearly
every card is balanced or unclear, and counting it would leave no card robust. The classes are
taken over the other pools (the bots that play), and the floor's verdict is told apart
(`floor`): a card robustly stronger that is stronger with random bots too `holds` down to
random play; one balanced there `rewards skill` (strong in the hands of bots that use it);
`reverses` where the floor says the opposite; `unclear` where the floor decides nothing.

Flips and disagreements come first: there the bots, not the card, may be speaking (a card
the heuristic plays badly looks weak under it and not under the tuned bots). Each pool is an
ordinary run folder (OUT/POOL), played with the same seed, so the deals are the same.
robustness.parquet carries, per pool, the verdict table columns (`<pool>_verdict`, `_lo`,
`_hi`, `_tolerance`, in points) with `_estimate` (points), `_q` and `_games_to_decide`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from simulator.analysis.metrics import VERDICT_FEW, VERDICT_NO_PEERS, judge_cards, write_cards
from simulator.analysis.verdicts import (
    BALANCED,
    FDR,
    STRONGER,
    UNCLEAR,
    WEAKER,
    Tolerances,
    decide,
    to_points,
)
from simulator.catalog import get_game
from simulator.core.errors import ConfigError, RunFolderError
from simulator.folders import run_folder
from simulator.folders.config import RunConfig, RunOptions
from simulator.folders.lock import folder_lock
from simulator.folders.run_folder import SUMMARY_FILE, read_games
from simulator.runs.experiment import owner_event
from simulator.runs.runner import run_simulation
from strategies.registry import ARCHETYPES, BY_GAME, preset_names, resolve

ROBUSTNESS_FILE = "robustness.parquet"
PLAN_FILE = "robustness.json"
NO_FIGURE = "no figure"
"""A pool's verdict where its run gives none (no peers in play, no declared measure)."""
ORDER = (
    "flips",
    "disagrees",
    f"robust {STRONGER}",
    f"robust {WEAKER}",
    BALANCED,
    UNCLEAR,
    "incomplete",
    NO_FIGURE,
)
KEPT = (f"robust {STRONGER}", f"robust {WEAKER}", BALANCED)
"""The classes where a card keeps its verdict across pools (`unclear` is not one)."""
POOL_COLUMNS = ("verdict", "estimate", "lo", "hi", "tolerance", "q", "games_to_decide", "note")
"""Per pool, the columns `<pool>_<name>` of robustness.parquet (figures in points)."""


@dataclass(frozen=True)
class Pool:
    name: str
    strategies: tuple[str, ...]


SEARCH_PRESET = "mcts@guided"
"""The shipped search bot's preset (strategies/presets/GAME/mcts/guided.json): the `search`
pool, a ladder's top rung. Never a default pool: a four-player Import/Export game of it took
14.5 s against the heuristic's 0.03 (`deckhand ladder --plan` says what a run would cost).
Where the game ships one for the player count, `mcts@guided-Np` is taken instead
(`search_preset`): the 2-player preset is weaker than the heuristic at 4 players."""


def search_preset(game: str, players: int) -> str | None:
    """The search bot's preset for this game and player count: `mcts@guided-{players}p` if
    shipped (confirmed at that count), else `mcts@guided` (confirmed at 2), else None."""
    names = preset_names(game)
    for text in (f"{SEARCH_PRESET}-{players}p", SEARCH_PRESET):
        if text in names:
            return text
    return None


OPT_IN = frozenset({"search"})
"""Pools played only when named (`--pool search`), never among the defaults."""


def default_pools(game: str, players: int, sets: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """default (the heuristic in every seat), mix (the archetypes, one per seat), tuned (the
    shipped preset for these sets and players, when there is one), classic (the bot that was
    the default before Bot II, where the game has one), random (the floor) and, by name only,
    search (the shipped search bot, where the game has its preset: `search_preset`)."""

    names = ARCHETYPES.get(game, ())
    out: dict[str, tuple[str, ...]] = {"default": ("heuristic",)}
    if names:
        mix = ["heuristic", *names]
        out["mix"] = tuple(mix[s % len(mix)] for s in range(players))
    label = "all" if len(sets) > 1 else (sets[0] if sets else "base")
    wanted = f"tuned-{label}-{players}p"
    own = [p for p in preset_names(game) if p.startswith("heuristic@")]  # the default bot's
    presets = [p for p in own if p.split("@")[1] == wanted]
    if not presets:
        presets = [p for p in own if p.split("@")[1].startswith(f"tuned-{label}")]
    tuned = resolve(game, presets[0]) if presets else None
    if tuned is not None and {**tuned.cls.params, **tuned.params} != tuned.cls.params:
        out["tuned"] = (presets[0],)  # not when it is the default's own numbers
    if "classic" in BY_GAME.get(game, {}):  # the default bot before Bot II (issue 30)
        out["classic"] = ("classic",)
    out["random"] = ("random",)
    search = search_preset(game, players)
    if search is not None:  # asked by name only: it costs far more
        out["search"] = (search,)
    return out


def parse_pools(game: str, players: int, sets: Sequence[str], texts: Sequence[str]) -> list[Pool]:
    """`--pool NAME` (a default pool) or `--pool NAME=S1+S2+...` (one strategy for every seat
    or one per seat). Errors name --pool and the accepted names."""
    defaults = default_pools(game, players, sets)
    if not texts:
        texts = [name for name in defaults if name not in OPT_IN]
    pools: list[Pool] = []
    for text in texts:
        name, sep, rest = text.partition("=")
        name = name.strip()
        if sep:
            strategies = tuple(s.strip() for s in rest.split("+") if s.strip())
            if not name or not strategies:
                raise ConfigError(f"--pool '{text}': expected NAME or NAME=STRATEGY+STRATEGY...")
        elif name in defaults:
            strategies = defaults[name]
        else:
            raise ConfigError(
                f"--pool: unknown pool '{name}' for {game} at {players} players; accepted: "
                f"{', '.join(defaults)}, or NAME=STRATEGY+STRATEGY..."
            )
        if any(p.name == name for p in pools):
            raise ConfigError(f"--pool: '{name}' is given twice")
        pools.append(Pool(name, strategies))
    if len(pools) < 2:
        raise ConfigError("--pool: give at least two pools to compare verdicts across")
    return pools


def plan_robustness(
    options: RunOptions, pools: Sequence[Pool], out: str | Path
) -> list[tuple[Pool, RunConfig, Path]]:
    """A validated run config and folder per pool (OUT/POOL): `options` with the pool's
    strategies."""
    out = Path(out)
    return [
        (pool, options.but(strategies=pool.strategies).config(), out / pool.name) for pool in pools
    ]


def run_robustness(
    plans: Sequence[tuple[Pool, RunConfig, Path]],
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
    tolerance: float = Tolerances().card,
    engine: str = "auto",
) -> Path:
    """Play (or resume) every pool's run, then write OUT/robustness.parquet with each card's
    verdict under each pool at `tolerance` (points)."""
    out = Path(out)
    with folder_lock(out, "robustness"):
        for _, config, folder in plans:
            run_simulation(
                config,
                folder,
                jobs=jobs,
                backend=backend,
                overwrite=overwrite,
                progress=progress,
                engine=engine,
            )
        meta = {
            "game": plans[0][1].game.game,
            "pools": [
                {"name": p.name, "strategies": list(p.strategies), "folder": f.name}
                for p, _, f in plans
            ],
            "games": plans[0][1].games,
            "seed": plans[0][1].seed,
            "tolerance": tolerance,
        }
        run_folder.write_json(out / PLAN_FILE, meta)
        run_folder.write_frame(verdicts(out, tolerance), out / ROBUSTNESS_FILE)
    return out


FLOOR_NOTES = ("holds", "rewards skill", "reverses", UNCLEAR, NO_FIGURE)
"""What the floor pool says of a robustly stronger or weaker card (module doc)."""


def is_floor(strategies: Sequence[str]) -> bool:
    """A pool of random bots only: the floor of bot quality."""
    return all(s.partition(":")[0].partition("@")[0] == "random" for s in strategies)


def classify_pools(by_pool: dict[str, str], floors: set[str]) -> tuple[str, str | None]:
    """The class of a card over the pools that are not floors (all of them when every pool
    is one), and for a robust verdict what the floor says of it (FLOOR_NOTES), else None."""
    judges = [v for name, v in by_pool.items() if name not in floors] or list(by_pool.values())
    kind = classify(judges)
    robust = (f"robust {STRONGER}", f"robust {WEAKER}")
    if kind not in robust or not floors & set(by_pool):
        return kind, None
    flag = kind.removeprefix("robust ")
    floor = [by_pool[name] for name in by_pool if name in floors]
    if NO_FIGURE in floor:
        return kind, NO_FIGURE
    if any(v in (STRONGER, WEAKER) and v != flag for v in floor):
        return kind, "reverses"
    if all(v == flag for v in floor):
        return kind, "holds"
    if all(v in (flag, BALANCED) for v in floor):
        return kind, "rewards skill"
    return kind, UNCLEAR


def classify(verdicts: Sequence[str]) -> str:
    """The class of a card from its verdict under each pool (module doc): a flip or a
    disagreement first, and `unclear` wherever a pool has not decided."""
    flags = set(verdicts)
    if flags == {NO_FIGURE}:
        return NO_FIGURE
    if {STRONGER, WEAKER} <= flags:
        return "flips"
    if flags & {STRONGER, WEAKER} and BALANCED in flags:
        return "disagrees"
    if NO_FIGURE in flags:
        return "incomplete"
    if UNCLEAR in flags or not flags:
        return UNCLEAR
    if flags == {STRONGER}:
        return f"robust {STRONGER}"
    if flags == {WEAKER}:
        return f"robust {WEAKER}"
    return BALANCED


def _judged_cards(summary: Path, tolerance: float) -> pl.DataFrame:
    """A pool's cards.parquet (cards in play) with its verdicts at `tolerance`: rewritten on
    disk when judged at another one, so the pool's table says what robustness says."""
    cards = pl.read_parquet(summary)
    if "verdict_pp" in cards.columns:
        original = cards
        if "verdict_note" not in cards.columns:  # an older summary: the notes were verdicts
            notes = cards["verdict"].replace_strict(
                {VERDICT_FEW: VERDICT_FEW, VERDICT_NO_PEERS: VERDICT_NO_PEERS},
                default=None,
                return_dtype=pl.Utf8,
            )
            cards = cards.with_columns(notes.alias("verdict_note"))
        games = read_games(summary.parent).height
        cards = judge_cards(cards, tolerance, games or None)
        if not cards.equals(original):
            write_cards(summary.parent, cards)
    if "in_game" in cards.columns:  # the sheet's other sets are not in play here
        cards = cards.filter(pl.col("in_game"))
    return cards


def _pool_row(row: dict[str, Any], prefix: str, tolerance: float) -> dict[str, Any]:
    """A card's verdict under one pool: from the run's verdict columns (`verdict_`), or for
    a summary older than the verdicts its adjusted contribution judged by the same rule."""
    if prefix == "verdict_":
        verdict = row.get("verdict") or NO_FIGURE
        return {
            "verdict": verdict,
            "estimate": to_points(row.get("verdict_pp")),
            "lo": row.get("lo"),
            "hi": row.get("hi"),
            "tolerance": row.get("tolerance") if verdict != NO_FIGURE else None,
            "q": row.get("verdict_q"),
            "games_to_decide": row.get("verdict_games_to_decide"),
            "note": row.get("verdict_note"),
        }
    pp = to_points(row.get(f"{prefix}pp"))
    if pp is None:
        return {"verdict": NO_FIGURE, **dict.fromkeys(POOL_COLUMNS[1:])}
    q = row.get(f"{prefix}q")
    lo, hi = to_points(row.get(f"{prefix}lo")), to_points(row.get(f"{prefix}hi"))
    v = decide(pp, lo, hi, tolerance, significant=q is not None and q < FDR)
    return {
        "verdict": v.verdict,
        "estimate": pp,
        "lo": lo,
        "hi": hi,
        "tolerance": tolerance,
        "q": q,
        "games_to_decide": None,
        "note": "adjusted contribution (a summary older than the verdicts)",
    }


def verdicts(folder: str | Path, tolerance: float | None = None) -> pl.DataFrame:
    """One row per card: its figure and verdict under each pool at `tolerance` (points;
    default: the one robustness.json records, else the card default), and its class; flips
    and disagreements first."""
    folder = Path(folder)
    path = folder / PLAN_FILE
    if not path.exists():
        raise RunFolderError(
            f"{folder}: no {PLAN_FILE}; is this a folder made by deckhand robustness?"
        )
    meta = json.loads(path.read_text())
    if tolerance is None:
        tolerance = float(meta.get("tolerance") or Tolerances().card)
    spec = get_game(meta["game"])
    event = owner_event(spec)
    fallback = "adj_" if event in spec.seen_events else f"adj_{event}_"
    merged: pl.DataFrame | None = None
    names = []
    schema = {
        "verdict": pl.Utf8,
        "estimate": pl.Float64,
        "lo": pl.Float64,
        "hi": pl.Float64,
        "tolerance": pl.Float64,
        "q": pl.Float64,
        "games_to_decide": pl.Int64,
        "note": pl.Utf8,
    }
    for pool in meta["pools"]:
        summary = folder / pool["folder"] / SUMMARY_FILE
        if not summary.exists():
            raise RunFolderError(f"{summary.parent}: no {SUMMARY_FILE}; the run did not finish")
        cards = _judged_cards(summary, tolerance)
        prefix = "verdict_" if "verdict_pp" in cards.columns else fallback
        if f"{prefix}pp" not in cards.columns:
            raise RunFolderError(
                f"{summary}: no adjusted figures ({prefix}pp); play the run again with this "
                "Deckhand"
            )
        name = pool["name"]
        names.append(name)
        rows = []
        for r in cards.iter_rows(named=True):
            judged = _pool_row(r, prefix, tolerance)
            rows.append({"card": r["name"], **{f"{name}_{k}": judged[k] for k in POOL_COLUMNS}})
        frame = pl.DataFrame(
            rows,
            schema={"card": pl.Utf8, **{f"{name}_{k}": schema[k] for k in POOL_COLUMNS}},
        ).unique("card", keep="first", maintain_order=True)
        merged = (
            frame if merged is None else merged.join(frame, on="card", how="full", coalesce=True)
        )
    assert merged is not None
    merged = merged.with_columns([pl.col(f"{n}_verdict").fill_null(NO_FIGURE) for n in names])
    floors = {pool["name"] for pool in meta["pools"] if is_floor(pool["strategies"])}
    classes = [
        classify_pools({n: r[f"{n}_verdict"] for n in names}, floors)
        for r in merged.iter_rows(named=True)
    ]
    merged = merged.with_columns(
        pl.Series("class", [c for c, _ in classes]),
        pl.Series("floor", [f for _, f in classes], dtype=pl.String),
        pl.lit(float(tolerance)).alias("tolerance"),
    )
    rank = {c: i for i, c in enumerate(ORDER)}
    merged = merged.with_columns(
        pl.col("class").replace_strict(rank, return_dtype=pl.Int32).alias("_order")
    )
    merged = merged.sort("_order", "card").drop("_order")
    lead = ["card", "class", "floor", "tolerance"]
    return merged.select([*lead, *(c for c in merged.columns if c not in lead)])


def counts(table: pl.DataFrame) -> dict[str, int]:
    """Cards per class, and how many keep their verdict across the pools."""
    out = {c: int((table["class"] == c).sum()) for c in ORDER}
    out["kept"] = sum(out[c] for c in KEPT)
    out["cards"] = table.height
    return out


def robustness(
    options: RunOptions,
    pools: Sequence[str],
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
    tolerance: float = Tolerances().card,
    engine: str = "auto",
) -> Path:
    """`deckhand robustness`: `options` played under each of `pools` (`--pool` texts; none:
    every default pool) into OUT/POOL, then every card judged under each (`run_robustness`).
    Every pool's config is validated before any game is played. Returns OUT."""
    chosen = parse_pools(options.game, options.players, options.modules, pools)
    plans = plan_robustness(options, chosen, out)
    return run_robustness(plans, out, jobs, backend, overwrite, progress, tolerance, options.engine)
