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

**Expensive rungs, for the flagged cards only** (`--focus-from RUNG`). A search rung costs a
hundred times a game of the heuristic, so a full run of it is out of reach. The rungs from
RUNG up are then not played as full runs: the cheap rungs below it are played and judged
first, and the cards they flag (`rewards skill` or `punishes skill`, largest change first,
at most `Focus.most`; or the cards named) are judged at the expensive rungs by a paired
ablation of each card's power (experiments/ablation.py: each deal played with the power on
and with it off), played at the top cheap rung (the anchor) and at each expensive rung on
the same deals. A flagged card's class there is the one verdict rule on the change of its
ablation effect (points of its owner's win share) from the anchor to the top rung, the
flagged cards judged together. Its figure is the designed experiment's, which is the primary
evidence (docs/metrics.md); the cheap rungs' figure (against its peers) is another measure,
so the two tables are not mixed. The expensive rungs' strength steps are head-to-head runs
of `Focus.deals` games. Only games with a per-card power switch (Import/Export) can be
focused.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
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
from simulator.catalog import get_game
from simulator.core.errors import ConfigError, RunFolderError
from simulator.experiments.ablation import (
    ABLATION_FILE,
    AblationPlan,
    games_to_play,
    make_plan,
    run_ablation,
)
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
from simulator.native.engine_choice import choose_engine
from simulator.runs.match import Match
from simulator.runs.runner import games_held, play_frames, run_simulation

LADDER_FILE = "ladder.parquet"
STRENGTH_FILE = "ladder_strength.parquet"
LADDER_PLAN = "ladder.json"
FOCUS_FILE = "ladder_focus.parquet"
FOCUS_PREFIX = "focus-"
"""OUT/focus-RUNG: the paired ablation of the flagged cards at RUNG."""
REWARDS, HOLDS, PUNISHES = "rewards skill", "holds", "punishes skill"
CLASSES = (REWARDS, PUNISHES, HOLDS, UNCLEAR, NO_FIGURE)
"""A card's class on the ladder (module doc), in the order the table lists them."""


@dataclass(frozen=True)
class RungCost:
    """What a rung would cost: seconds a game, measured on a few games, and for the run."""

    name: str
    seconds_per_game: float
    seconds: float
    engine: str = "python"
    """The engine the rung's runs play with (native/engine_choice.py), and was timed with."""


@dataclass(frozen=True)
class Focus:
    """How the expensive rungs are played (module doc): from rung `first` up, only as paired
    ablations of the flagged cards (`cards`: "flagged" or names joined by commas; at most
    `most` of the flagged ones), `deals` deals each."""

    first: str
    deals: int = 300
    cards: str = "flagged"
    most: int = 8

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "deals": self.deals, "cards": self.cards, "most": self.most}


def split_rungs(
    options: RunOptions, rungs: Sequence[Pool], focus: Focus | None
) -> tuple[list[Pool], list[Pool]]:
    """The rungs played in full and those played for the flagged cards only (none without a
    focus). Errors name the option: an unknown rung, fewer than two cheap rungs below it (they
    flag the cards), a game without a per-card power switch, a rung whose bots an ablation
    cannot seat, a bad size."""
    players, games = options.players, options.games
    if len(rungs) > 1 and games % players:  # the strength steps play whole deals
        low = games - games % players
        raise ConfigError(
            f"--games: the ladder's head-to-head steps play whole deals of {players} games "
            f"(seats rotated), so give a multiple of {players}, e.g. {low or players} or "
            f"{low + players}"
        )
    if focus is None:
        return list(rungs), []
    names = [r.name for r in rungs]
    if focus.first not in names:
        raise ConfigError(
            f"--focus-from: '{focus.first}' is not a rung; accepted: {', '.join(names)}"
        )
    at = names.index(focus.first)
    if at < 2:
        raise ConfigError(
            f"--focus-from: '{focus.first}' leaves {at} rung(s) below it; two cheap rungs or "
            "more are needed to flag the cards the expensive ones judge"
        )
    if get_game(options.game).power_switch is None:
        raise ConfigError(
            f"--focus-from: {options.game} has no per-card power switch, so its expensive rungs "
            "cannot be played for single cards; accepted for: import-export"
        )
    if focus.deals < 1:
        raise ConfigError("--focus-deals: must be at least 1")
    if focus.deals % options.players:  # the focused strength steps play whole deals
        low = focus.deals - focus.deals % options.players
        raise ConfigError(
            f"--focus-deals: the focused strength steps play whole deals of {options.players} "
            f"games (seats rotated), so give a multiple of {options.players}, e.g. "
            f"{low or options.players} or {low + options.players}"
        )
    if focus.most < 1:
        raise ConfigError("--focus-most: must be at least 1")
    for rung in rungs[at - 1 :]:
        if len(rung.strategies) not in (1, options.players):
            raise ConfigError(
                f"--rung {rung.name}: a focused rung (and the anchor below it) seats one "
                f"strategy or one per seat ({options.players}); got {len(rung.strategies)}"
            )
    return list(rungs[:at]), list(rungs[at:])


def focus_seconds(costs: Sequence[RungCost], full: int, focus: Focus) -> tuple[float, float]:
    """One core's seconds for the focused part, from the rungs' per-game costs (`full`: how
    many rungs are played in full): the printed deals at the anchor and each focused rung
    with their strength steps, and what each flagged card adds (its power-off arm)."""
    judged = costs[full - 1 :]  # the anchor, then the focused rungs
    per_deal = sum(c.seconds_per_game for c in judged)
    steps = sum(
        (a.seconds_per_game + b.seconds_per_game) / 2
        for a, b in zip(judged, judged[1:], strict=False)
    )
    return focus.deals * (per_deal + steps), focus.deals * per_deal


DEAR = 20
"""A rung this many times dearer a game than the cheapest rung that plays is worth focusing
(`dear_rung`)."""


def dear_rung(
    options: RunOptions, rungs: Sequence[Pool], costs: Sequence[RungCost], focus: Focus
) -> Focus | None:
    """The focus `--plan` suggests when none is given: from the first rung (the third or
    later) that costs `DEAR` times a game of the cheapest playing rung, with `focus`'s other
    settings; None where no rung is that dear or the ladder cannot be focused there."""
    playing = [
        c.seconds_per_game for c, r in zip(costs, rungs, strict=True) if not is_floor(r.strategies)
    ]
    cheapest = min(playing, default=costs[0].seconds_per_game)
    for cost in costs[2:]:
        if cost.seconds_per_game > DEAR * cheapest:
            hint = replace(focus, first=cost.name)
            try:
                split_rungs(options, rungs, hint)
            except ConfigError:
                return None  # a game or rung that cannot be focused
            return hint
    return None


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


NATIVE_PROBE_SECONDS = 0.2
"""A natively played rung is timed on more games until they take this long (a native game
can take a millisecond, less than the call around it)."""


def estimate_costs(options: RunOptions, rungs: Sequence[Pool], probe: int = 2) -> list[RungCost]:
    """Seconds a game of each rung, timed on its first `probe` games played as its run will
    play them, in the engine its run will choose (`choose_engine`: natively where the core
    plays every seat; in Python through `runs.match.Match` otherwise): what the ladder would
    cost before any folder is written."""
    costs = []
    for rung in rungs:
        config = options.but(strategies=rung.strategies).config()
        match = Match(config)
        engine = choose_engine(config).engine
        if engine == "native":
            play_frames(config, match, range(1))  # the core's first call builds its tables
            games = probe
            while True:
                start = time.perf_counter()
                play_frames(config, match, range(games))
                took = time.perf_counter() - start
                if took >= NATIVE_PROBE_SECONDS or games >= 256:
                    break
                games *= 4
            per_game = took / games
        else:
            start = time.perf_counter()
            for index in range(probe):
                match.play(index)
            per_game = (time.perf_counter() - start) / probe
        costs.append(RungCost(rung.name, per_game, per_game * options.games, engine))
    return costs


def ladder_seconds(costs: Sequence[RungCost]) -> float:
    """One core's seconds for the whole ladder: every rung, and every step, which seats each
    of its two rungs' bots in half the seats, so costs about their mean."""
    steps = sum((a.seconds + b.seconds) / 2 for a, b in zip(costs, costs[1:], strict=False))
    return sum(c.seconds for c in costs) + steps


def seconds_left(
    options: RunOptions,
    rungs: Sequence[Pool],
    costs: Sequence[RungCost],
    out: str | Path,
    focus: Focus | None,
) -> float:
    """One core's seconds of what the ladder would still play in OUT, at `costs`' seconds a
    game: each rung's and step's games its folder does not hold yet (runner.games_held), and
    at the anchor and focused rungs the games their ablations would play
    (ablation.games_to_play: new deals, and new cards on the deals held) for the cards named,
    or, with `flagged`, for the cards the ladder in OUT chose once its cheap rungs are all
    held; for flagged cards not chosen yet, the printed deals and `focus.most` cards."""
    out = Path(out)
    full, focused = split_rungs(options, rungs, focus)
    cost = {c.name: c.seconds_per_game for c in costs}

    def step_left(sized: RunOptions, a: Pool, b: Pool) -> float:
        config = head_to_head(sized, a, b)
        held = games_held(out / f"vs-{a.name}-{b.name}", config)
        return (cost[a.name] + cost[b.name]) / 2 * (config.games - held)

    left = sum(
        cost[pool.name] * (config.games - games_held(folder, config))
        for pool, config, folder in plan_robustness(options, full, out)
    )
    left += sum(step_left(options, a, b) for a, b in zip(full, full[1:], strict=False))
    if focus is None:
        return left
    judged = [full[-1], *focused]
    narrow = options.but(games=focus.deals)
    steps = sum(step_left(narrow, a, b) for a, b in zip(judged, judged[1:], strict=False))
    cards = focus.cards
    if cards.strip().lower() == "flagged":
        chosen = _chosen_before(out, focus.most) if left == 0 else None  # cheap rungs held
        if chosen is None:
            per_deal = sum(cost[r.name] for r in judged)
            return left + steps + focus.deals * per_deal * (1 + focus.most)
        cards = ",".join(chosen)
    for rung in judged if cards else []:
        plan = focus_plan(options, rung, focus, cards)
        left += cost[rung.name] * games_to_play(out / f"{FOCUS_PREFIX}{rung.name}", plan)
    return left + steps


@dataclass(frozen=True)
class LadderPlan:
    """A ladder before any game is played (`plan_ladder`): its rungs, its focus, what each
    rung costs, and what it would cost on `workers` workers, all of it and what OUT lacks."""

    rungs: tuple[Pool, ...]
    focus: Focus | None
    full: int
    """How many rungs (the first ones) are played in full."""
    costs: tuple[RungCost, ...]
    workers: int
    seconds: float
    """One core's seconds for the whole ladder, its steps and focused rungs included."""
    left: float
    """One core's seconds of what OUT does not hold yet."""
    lines: tuple[str, ...]
    """What `deckhand ladder` says before it plays (`--plan`: all it says)."""


def plan_ladder(
    options: RunOptions,
    rungs: Sequence[str],
    out: str | Path,
    jobs: int = 1,
    focus_from: str | None = None,
    focus_deals: int = 300,
    focus_cards: str = "flagged",
    focus_most: int = 8,
) -> LadderPlan:
    """Validate a ladder (`--rung` texts, lowest first; none: `default_rungs`) and price it
    before any folder is written: each rung timed on two games (`estimate_costs`), the
    focused rungs from `focus_from` up (`focus_seconds`), or, without one, the focus `--plan`
    suggests for a dear rung (`dear_rung`); the whole on `jobs` workers (-1: every core),
    and what OUT already holds (`seconds_left`)."""
    chosen = parse_rungs(options.game, options.players, options.modules, rungs)
    focus = (
        Focus(focus_from, focus_deals, focus_cards, focus_most) if focus_from is not None else None
    )
    full = len(split_rungs(options, chosen, focus)[0])
    costs = estimate_costs(options, chosen)
    workers = max(1, jobs if jobs > 0 else (os.cpu_count() or 1))
    lines = [
        f"rung {c.name}: {c.seconds_per_game:.3g} s a game ({c.engine}), about "
        f"{c.seconds:,.0f} s of one core for {options.games:,} games"
        for c in costs[:full]
    ]
    total = ladder_seconds(costs[:full])
    if focus is not None:
        lines += [
            f"rung {c.name} (focused): {c.seconds_per_game:.3g} s a game ({c.engine})"
            for c in costs[full:]
        ]
        base, per_card = focus_seconds(costs, full, focus)
        most = focus.most if focus.cards.strip().lower() == "flagged" else None
        cards = most if most is not None else len([n for n in focus.cards.split(",") if n.strip()])
        lines.append(
            f"the focused rungs: about {base:,.0f} s of one core for {focus.deals:,} printed deals "
            f"and their strength steps, and {per_card:,.0f} s more a card"
            + (f" (at most {most} flagged cards)" if most is not None else f" ({cards} named)")
        )
        total += base + per_card * cards
    else:
        asked = Focus("", focus_deals, focus_cards, focus_most)
        hint = dear_rung(options, chosen, costs, asked)
        if hint is not None:
            base, per_card = focus_seconds(costs, [c.name for c in costs].index(hint.first), hint)
            lines.append(
                f"hint: --focus-from {hint.first} plays it and the rungs above only for the "
                f"cards the rungs below flag: about {base:,.0f} s of one core and "
                f"{per_card:,.0f} s a card, instead of the full runs"
            )
    lines.append(
        f"the ladder: about {total:,.0f} s of one core with its head-to-head steps, "
        f"{total / workers:,.0f} s on {workers} workers (timed on two games a rung)"
    )
    left = seconds_left(options, chosen, costs, out, focus)
    if left <= 0:
        lines.append(f"{out} holds all of it already: nothing left to play")
    elif left < 0.999 * total:
        lines.append(
            f"{out} holds part of it already: about {left:,.0f} s of one core left to play, "
            f"{left / workers:,.0f} s on {workers} workers"
        )
    return LadderPlan(
        tuple(chosen),
        focus,
        full,
        tuple(costs),
        workers,
        total,
        left,
        tuple(lines),
    )


def _chosen_before(out: Path, most: int) -> list[str] | None:
    """The flagged cards the ladder in OUT chose when it last ran focused on at most `most`
    flagged cards; None when it did not (then they are known only once it runs)."""
    try:
        meta = json.loads((out / LADDER_PLAN).read_text())
    except (OSError, ValueError):
        return None
    focus = meta.get("focus") if isinstance(meta, dict) else None
    if not isinstance(focus, dict) or focus.get("cards") != "flagged" or focus.get("most") != most:
        return None
    chosen = focus.get("chosen")
    return list(chosen) if isinstance(chosen, list) else None


def run_ladder(
    options: RunOptions,
    rungs: Sequence[Pool],
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    overwrite: bool = False,
    progress: bool = True,
    tolerance: float = Tolerances().card,
    focus: Focus | None = None,
) -> Path:
    """Play every rung (OUT/RUNG) and each rung against the one below (OUT/vs-LOWER-UPPER),
    then write OUT/ladder.parquet (each card at each rung, and its class) and
    OUT/ladder_strength.parquet (each step of the ladder). With `focus`, the rungs from
    `focus.first` up are played only for the cards the others flag (module doc):
    OUT/focus-RUNG and OUT/ladder_focus.parquet."""
    out = Path(out)
    full, focused = split_rungs(options, rungs, focus)
    plans = plan_robustness(options, full, out)
    steps = [  # every config validated before any game is played
        (lower, upper, head_to_head(options, lower, upper), out / f"vs-{lower.name}-{upper.name}")
        for lower, upper in zip(full, full[1:], strict=False)
    ]
    named: list[str] | None = None
    if focus is not None:
        narrow = options.but(games=focus.deals)
        judged = [full[-1], *focused]
        steps += [
            (
                lower,
                upper,
                head_to_head(narrow, lower, upper),
                out / f"vs-{lower.name}-{upper.name}",
            )
            for lower, upper in zip(judged, judged[1:], strict=False)
        ]
        if focus.cards.strip().lower() != "flagged":  # names checked now, spelt as printed
            named = list(focus_plan(options, full[-1], focus, focus.cards).names)
    run_robustness(plans, out, jobs, backend, overwrite, progress, tolerance, options.engine)
    strengths = []
    with folder_lock(out, "ladder"):
        for lower, upper, config, folder in steps:
            run_simulation(
                config,
                folder,
                jobs=jobs,
                backend=backend,
                overwrite=overwrite,
                progress=progress,
                engine=options.engine,
            )
            strengths.append(step_strength(folder, lower.name, upper.name, options.players))
        table = ladder_table(out, full, tolerance, options.games)
        meta = {
            "game": options.game,
            "rungs": [{"name": r.name, "strategies": list(r.strategies)} for r in rungs],
            "games": options.games,
            "seed": options.seed,
            "tolerance": tolerance,
        }
        if focus is not None:
            chosen, left_out = focus_cards(table, focus, named)
            for rung in [full[-1], *focused]:
                if chosen:
                    run_ablation(
                        focus_plan(options, rung, focus, ",".join(chosen)),
                        out / f"{FOCUS_PREFIX}{rung.name}",
                        jobs=jobs,
                        backend=backend,
                        progress=progress,
                        overwrite=overwrite,
                        tolerance=tolerance,
                        engine=options.engine,
                    )
            focus_frame = focus_table(out, [full[-1], *focused], chosen, tolerance, focus.deals)
            run_folder.write_frame(focus_frame, out / FOCUS_FILE)
            dear = {r.name for r in focused}  # a dear rung that does not rise says nothing
            meta["focus"] = {  # about skill: its cards' classes are not read (report, command)
                **focus.to_json(),
                "anchor": full[-1].name,
                "rungs": [r.name for r in focused],
                "chosen": chosen,
                "left_out": left_out,
                "not_rising": [
                    s["upper"] for s in strengths if s["upper"] in dear and not s["rises"]
                ],
            }
        run_folder.write_json(out / LADDER_PLAN, meta)
        run_folder.write_frame(pl.DataFrame(strengths), out / STRENGTH_FILE)
        run_folder.write_frame(table, out / LADDER_FILE)
    return out


def focus_plan(options: RunOptions, rung: Pool, focus: Focus, cards: str) -> AblationPlan:
    """The paired ablation of `cards` at one rung: its bots, the run's seed, `focus.deals`
    deals (errors name --focus-cards)."""
    try:
        return make_plan(
            options.config().game, rung.strategies, cards, "paired", focus.deals, options.seed
        )
    except ConfigError as exc:
        raise ConfigError(str(exc).replace("--cards", "--focus-cards")) from None


def focus_cards(
    table: pl.DataFrame, focus: Focus, named: Sequence[str] | None = None
) -> tuple[list[str], list[str]]:
    """The cards the expensive rungs judge, and the flagged ones left out by `focus.most`:
    `named` (the cards given by name), or those the cheap rungs class `rewards skill` or
    `punishes skill`, largest change first (the table's order)."""
    if named is not None:
        return list(named), []
    flagged = table.filter(pl.col("class").is_in([REWARDS, PUNISHES]))["card"].to_list()
    return flagged[: focus.most], flagged[focus.most :]


def focus_table(
    out: Path, rungs: Sequence[Pool], cards: Sequence[str], tolerance: float, deals: int
) -> pl.DataFrame:
    """Each focused card's ablation effect (points, 95% interval) at the anchor and at each
    expensive rung, the change from the anchor to the top one and its class, the cards judged
    together (decide_family, as `ladder_table`)."""
    figures: dict[str, dict[str, Figure]] = {}
    for rung in rungs:
        path = out / f"{FOCUS_PREFIX}{rung.name}" / ABLATION_FILE
        rows = pl.read_parquet(path).iter_rows(named=True) if cards else iter(())
        figures[rung.name] = {r["card"]: _worth(r) for r in rows}
    low, top = rungs[0].name, rungs[-1].name
    none: Figure = (None, None, None)
    by_rung = {r.name: [figures[r.name].get(c, none) for c in cards] for r in rungs}
    table = classed_changes(cards, by_rung, low, top, tolerance, deals, "deals_to_decide")
    return table.with_columns(pl.lit(low).alias("from_rung"), pl.lit(top).alias("to_rung"))


def _worth(row: dict[str, Any]) -> Figure:
    """A focus ablation's figure of a card: its power's worth to its owner (points, 95%
    interval); a table written before the typical power (issue 46) named it `effect`."""
    if "worth" in row:
        return row["worth"], row["worth_lo"], row["worth_hi"]
    return row["effect"], row["lo"], row["hi"]


def classed_changes(
    cards: Sequence[str],
    figures: dict[str, list[Figure]],
    low: str,
    top: str,
    tolerance: float,
    games: int | None,
    deciding: str,
) -> pl.DataFrame:
    """Per card: its class on the change of its figure from rung `low` to `top`, judged with
    every other card's (`decide_family`: up or down only with a BH q below 0.05), the change
    with its interval and q, what would decide an unclear one (column `deciding`: games or
    deals a rung), and its figure at each rung of `figures` (rung -> a figure per card)."""
    changes = [change(f0, f1) for f0, f1 in zip(figures[low], figures[top], strict=True)]
    verdicts, qs = decide_family(
        [c[0] if c else None for c in changes],
        [c[1] if c else None for c in changes],
        [c[2] if c else None for c in changes],
        [c[3] if c else None for c in changes],
        tolerance,
        games,
    )
    rows = []
    for k, (card, found, verdict, q) in enumerate(zip(cards, changes, verdicts, qs, strict=True)):
        row: dict[str, Any] = {
            "card": card,
            "class": class_of(verdict.verdict) if found else NO_FIGURE,
            "change": found[0] if found else None,
            "change_lo": found[1] if found else None,
            "change_hi": found[2] if found else None,
            "change_q": q,
            deciding: verdict.games_to_decide if found else None,
        }
        for rung, column in figures.items():
            e, lo_r, hi_r = column[k]
            row |= {rung: e, f"{rung}_lo": lo_r, f"{rung}_hi": hi_r}
        rows.append(row)
    floats = ["change", "change_lo", "change_hi", "change_q"]
    floats += [f"{rung}{end}" for rung in figures for end in ("", "_lo", "_hi")]
    schema = {
        "card": pl.Utf8,
        "class": pl.Utf8,
        **dict.fromkeys(floats, pl.Float64),
        deciding: pl.Int64,
    }
    return pl.DataFrame(rows, schema=schema)  # typed: a rung with no figure is all null


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

    by_rung = {rung.name: [figure(r, rung.name) for r in records] for rung in rungs}
    cards = [r["card"] for r in records]
    table = classed_changes(cards, by_rung, low, top, tolerance, games, "games_to_decide")
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


def load_focus(out: str | Path) -> pl.DataFrame | None:
    """The focused cards' table of a ladder folder, or None where no rung was focused."""
    path = Path(out) / FOCUS_FILE
    return pl.read_parquet(path) if path.exists() else None


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


def focus_deals_to_decide(focused: pl.DataFrame) -> int | None:
    """The deals a rung that would likely decide every `unclear` focused card (the largest
    of their `deals_to_decide`); None when none is unclear with a figure to scale from."""
    if "deals_to_decide" not in focused.columns:
        return None
    unclear = focused.filter((pl.col("class") == UNCLEAR) & pl.col("deals_to_decide").is_not_null())
    return int(unclear["deals_to_decide"].max()) if unclear.height else None  # type: ignore[arg-type]
