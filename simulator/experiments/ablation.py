"""What each card's power is worth: the same deals played with the power on and off.

Two designs (docs/metrics.md, "Experiments"):

- **paired** (one arm per card, the slow way): every deal is played once as printed and once
  per card with that card's power off (vanilla: its attributes kept). The printed games are
  shared by all cards. Both arms of a deal use the same rules and strategy streams (common
  random numbers), so they are the same game until the power first matters.
- **factorial** (a randomised factorial experiment): every game switches each card's power
  off at random (probability `off_share`, independently, drawn from the deal's own stream).
  The switches are independent, so one run separates every card: card c's effect is the
  owner win rate in the games where c's power was on minus where it was off, the other
  cards' switches balancing out between the two groups. Beside it (`model_effect`), one
  linear model of the owner's win over all player-games,

      win(p, g) = a + turn order + sum_c own(p, g, c) * (alpha_c + beta_c * on(g, c)),

  which holds the other cards each player owns fixed; it is not the headline because owning
  other cards can be a consequence of the power (MRI Machine lengthens the game, so its
  owner owns more contracts, which the model then credits instead of MRI Machine).

With one strategy per seat (a mix), `duplicate` plays each deal once per seat rotation (and
each rotation with the same powers), so seat luck does not favour a strategy.

What a power is worth to its owner (`worth`) is in win-rate points of its owner (the player
who owned the power: Import/Export `fulfilled`), power on minus power off, with a 95% interval
from a cluster-robust variance (clusters are deals: the arms of a deal are correlated, which
the variance then counts). It answers "does the power do anything?" (`worth_check`: does
something, does nothing within the tolerance, unclear), never "is the card too strong?": a
power that works is worth something. The card verdict compares each power's worth with the
worth of the typical power of its kind, on the same deals (`vs_typical`, `lo`, `hi`: the worth
less a precision-weighted mean of the middle half of the other powers' worths, its variance
from the worths' cluster-robust covariance, since the powers share deals), judged by the one
rule of simulator/analysis/verdicts.py at the card tolerance with Benjamini-Hochberg q over the
cards: `stronger` / `weaker` than the typical power, `balanced`, `unclear`
(analysis/power_worth.py has the table's contract). Game length: the change of the mean number
of turns, on minus off (paired differences, or a linear model of turns on the on/off
indicators in the factorial design).

ablation.parquet is in points (3.0 = 3 points of win rate), like every verdict table: `worth*`,
`vs_typical`, `lo`, `hi`, `typical*`, `difference`, `difference_se`, `model_effect`,
`model_se`; the owner win rates `owner_wr_on` / `owner_wr_off` stay rates (0.52), game lengths
turns. A number's ablation (`--param`) keeps one row led by `effect`, `lo`, `hi`: the owner's
win rate at the value less at the printed value.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

import simulator
from simulator.analysis.evidence import read_ablation
from simulator.analysis.power_worth import (
    FRACTION_COLUMNS,
    NUMBER_COLUMNS,
    against_typical_power,
    is_power_table,
    judge_table,
)
from simulator.analysis.stats import Z95, newcombe_difference, two_proportion_p
from simulator.analysis.verdicts import Tolerances
from simulator.catalog import get_game
from simulator.core.cards import CardRow, load_card_sheet
from simulator.core.errors import ConfigError, RunFolderError
from simulator.core.spec import GameConfig
from simulator.experiments import ablation_parts
from simulator.folders import run_folder
from simulator.folders.config import RunOptions
from simulator.folders.lock import folder_lock
from simulator.folders.run_folder import ABLATION_FOLDER, ABLATION_SWEEP, marked_request
from simulator.runs.experiment import Experiment, Played, Table
from simulator.runs.sweep import SweepSummary, card_rows, plan_sweep, run_sweep, sweep_summary
from strategies.registry import resolve

ABLATION_FILE = run_folder.ABLATION_FILE
PLAN_FILE = run_folder.ABLATION_PLAN
TABLES_FILE = run_folder.ABLATION_GAMES
OWNERS_FILE = run_folder.ABLATION_OWNERS
DESIGN_STREAM = 2
"""The random stream (after rules 0 and strategies 1) that draws a factorial game's powers."""
DESIGNS = ("factorial", "paired")
MIN_OWNED = 20
"""A card gets a figure only with at least this many owner rows with its power on and off."""
POINT_COLUMNS = FRACTION_COLUMNS
"""The columns of a number's ablation.parquet (`ablate --param`) in win-rate points (computed
as fractions, stored x100): those every table held as fractions before the verdicts."""
WORTH_POINT_COLUMNS = (
    "worth",
    "worth_lo",
    "worth_hi",
    "worth_se",
    "difference",
    "difference_se",
    "model_effect",
    "model_se",
)
"""A power ablation's columns computed as fractions and stored in points (x100)."""
FIRST_COLUMNS = NUMBER_COLUMNS
"""The leading columns of a number's ablation.parquet (power_worth.NUMBER_COLUMNS). A power
ablation's lead with power_worth.FIRST_COLUMNS (the card against the typical power)."""


@dataclass(frozen=True)
class AblationPlan:
    """What an ablation plays: the game, the bots, the cards, the design and its size."""

    game: GameConfig
    strategies: tuple[str, ...]
    cards: tuple[int, ...]
    """Card ids (as the datasets report them) whose powers are switched."""
    names: tuple[str, ...]
    design: str
    deals: int
    """Factorial: games (deals). Paired: deals, each played once printed and once per card."""
    seed: int
    off_share: float = 0.5
    duplicate: bool = False

    @property
    def rotations(self) -> int:
        return self.game.players if self.duplicate else 1

    @property
    def per_deal(self) -> int:
        """Games a deal: each rotation as printed, and once per card in the paired design."""
        arms = 1 + len(self.cards) if self.design == "paired" else 1
        return self.rotations * arms

    @property
    def games(self) -> int:
        return self.deals * self.per_deal

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.to_json(),
            "strategies": list(self.strategies),
            "cards": list(self.cards),
            "names": list(self.names),
            "design": self.design,
            "deals": self.deals,
            "seed": self.seed,
            "off_share": self.off_share,
            "duplicate": self.duplicate,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AblationPlan:
        return cls(
            game=GameConfig.from_json(data["game"]),
            strategies=tuple(data["strategies"]),
            cards=tuple(int(c) for c in data["cards"]),
            names=tuple(data["names"]),
            design=data["design"],
            deals=int(data["deals"]),
            seed=int(data["seed"]),
            off_share=float(data["off_share"]),
            duplicate=bool(data["duplicate"]),
        )


def playable_cards(config: GameConfig) -> dict[int, str]:
    """Card id -> name of every physical card in play (its first contract's id, as the
    datasets report it)."""
    spec = get_game(config.game)
    game = spec.factory(config)
    names = {int(r["id"]): str(r["name"]) for r in game.sheet.rows}
    group = spec.physical_card_column
    card_of = {int(r["id"]): r.get(group) for r in game.sheet.rows} if group else {}
    out: dict[int, str] = {}
    seen: set[Any] = set()
    for cid in game.cards_in_game():
        key = card_of.get(cid, cid)
        if key in seen:
            continue
        seen.add(key)
        out[cid] = names[cid]
    return out


def choose_cards(config: GameConfig, cards: str) -> dict[int, str]:
    """`all` or comma-separated names -> {id: name}; unknown names are an error naming
    --cards and the closest names."""
    import difflib

    in_play = playable_cards(config)
    if cards.strip().lower() == "all":
        return in_play
    by_name = {name.casefold(): cid for cid, name in in_play.items()}
    chosen: dict[int, str] = {}
    for raw in cards.split(","):
        name = raw.strip()
        if not name:
            continue
        cid = by_name.get(name.casefold())
        if cid is None:
            close = difflib.get_close_matches(name, list(in_play.values()), n=3, cutoff=0.6)
            hint = f"; did you mean: {', '.join(close)}?" if close else ""
            raise ConfigError(
                f"--cards: no card named '{name}' in play with sets "
                f"[{', '.join(config.modules) or 'default'}]; accepted: all, or names from "
                f"`deckhand cards list {config.game}`{hint}"
            )
        chosen[cid] = in_play[cid]
    if not chosen:
        raise ConfigError("--cards: give `all` or one or more card names joined by commas")
    return chosen


def make_plan(
    config: GameConfig,
    strategies: Sequence[str],
    cards: str = "all",
    design: str = "factorial",
    deals: int = 2000,
    seed: int = 0,
    off_share: float = 0.5,
    duplicate: bool | None = None,
) -> AblationPlan:
    """Check the options (errors name the option and the accepted values) into a plan."""

    spec = get_game(config.game)
    if spec.power_switch is None or spec.build_with_sheet is None:
        raise ConfigError(
            f"GAME: {config.game} has no per-card power switch; accepted: "
            "import-export (games with GameSpec.power_switch)"
        )
    if design not in DESIGNS:
        raise ConfigError(f"--design: '{design}' is not one of: {', '.join(DESIGNS)}")
    if deals < 1:
        raise ConfigError("--games: must be at least 1")
    if not 0 < off_share < 1:
        raise ConfigError(f"--off-share: {off_share} is not a probability strictly in (0, 1)")
    strategies = tuple(strategies) or ("heuristic",)
    if len(strategies) not in (1, config.players):
        raise ConfigError(
            f"--strategy: give one strategy for every seat or one per seat ({config.players}); "
            f"got {len(strategies)}"
        )
    for text in strategies:
        resolve(config.game, text)
    mixed = len(set(strategies)) > 1
    if duplicate is None:
        duplicate = mixed  # seat rotation only matters when the seats hold different bots
    if duplicate and (len(strategies) != config.players or not mixed):
        raise ConfigError(
            f"--duplicate: needs one --strategy per seat ({config.players}), not all the same; "
            "with one strategy every rotation of a deal would be the same game"
        )
    chosen = choose_cards(config, cards)
    return AblationPlan(
        game=config,
        strategies=strategies,
        cards=tuple(chosen),
        names=tuple(chosen.values()),
        design=design,
        deals=deals,
        seed=seed,
        off_share=off_share,
        duplicate=duplicate,
    )


def factorial_off(plan: AblationPlan, deal: int) -> frozenset[int]:
    """The cards whose powers are off in a factorial deal: each with probability off_share,
    from the deal's own design stream (the same whatever the workers)."""
    seq = np.random.SeedSequence(entropy=plan.seed, spawn_key=(deal, DESIGN_STREAM))
    draws = np.random.Generator(np.random.PCG64(seq)).random(len(plan.cards))
    return frozenset(c for c, u in zip(plan.cards, draws, strict=True) if u < plan.off_share)


def _seats(plan: AblationPlan, rotation: int) -> tuple[str, ...]:
    n = plan.game.players
    if len(plan.strategies) == 1:
        return plan.strategies * n
    return tuple(plan.strategies[(seat + rotation) % n] for seat in range(n))


Listed = tuple[int, Table, int, int]
"""A game of a plan: (its index among the plan's games, table, rotation, arm)."""


def tables(plan: AblationPlan) -> list[Listed]:
    """Every game of the plan as (index, table, rotation, arm), deal by deal; arm is the card
    switched off in a paired game (-1: printed), -1 in a factorial game."""
    out: list[Listed] = []
    rotations = plan.rotations
    for deal in range(plan.deals):
        off = factorial_off(plan, deal) if plan.design == "factorial" else frozenset()
        for rotation in range(rotations):
            # one game per deal: the bots still move one seat per deal, as in simulate
            seats = _seats(plan, rotation if plan.duplicate else deal)
            stream = deal * rotations + rotation
            out.append((len(out), Table(deal, stream, seats, off), rotation, -1))
            if plan.design == "paired":
                for card in plan.cards:
                    table = Table(deal, stream, seats, frozenset({card}))
                    out.append((len(out), table, rotation, card))
    return out


SAVE_SECONDS = 120.0
"""How often a playing ablation saves the deals it finished (ablation_parts.py): a killed
ablation loses at most about this much play."""


PRINTED_OWNERS = "printed_owners"
"""The marker's key saying that a paired ablation's printed games record every card owned
(`records`), so that cards can be added to it (`_extend`). Folders played before lack it."""


def run_ablation(
    plan: AblationPlan,
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    progress: bool = True,
    overwrite: bool = False,
    tolerance: float = Tolerances().card,
    engine: str = "auto",
) -> Path:
    """Play the plan into OUT (games.parquet, owners.parquet), then write ablation.parquet
    with each card's verdict at `tolerance` (points). The deals are saved as they finish, so
    the same call resumes a killed ablation where it stopped; one with more deals grows a
    finished one, playing only the new deals (ablation_parts.py); a paired one with more
    cards plays only the new cards' games with their power off (`_extend`)."""
    folder = Path(out)
    with folder_lock(folder, "ablate"):
        held = _marker(folder) if not overwrite else None
        if held is not None:
            run_folder.check_same_play(folder, held.get("deckhand"))
        plan, history = _extend(folder, plan, held)
        if marked_request(folder, ABLATION_FOLDER, plan.to_json(), overwrite):
            if not is_power_table(pl.read_parquet(folder / ABLATION_FILE)):
                resummarise(folder, tolerance)  # summarised before the typical power
            return folder  # this very ablation, already played to the end
        stamp = {"deckhand": simulator.__version__}
        if plan.design == "paired" and (held is None or held.get(PRINTED_OWNERS)):
            # not on a folder whose printed games were recorded without it, grown or resumed
            stamp[PRINTED_OWNERS] = "every card owned"
        run_folder.write_json(
            folder / PLAN_FILE, {**plan.to_json(), **stamp, "finished": False, **history}
        )
        listed = tables(plan)
        to_play = _unplayed(folder, plan, listed)
        workers = jobs if jobs > 0 else os.cpu_count() or 1
        chunk = max(1, min(50, -(-len(listed) // (4 * workers))))
        experiment = Experiment(
            plan.game, plan.seed, jobs=jobs, backend=backend, chunk_size=chunk, engine=engine
        )
        bar = None
        tick: Callable[[int], None] | None = None
        if progress:
            from tqdm import tqdm

            left = len(to_play)
            bar = tqdm(total=len(listed), initial=len(listed) - left, unit="game", desc="ablate")
            tick = bar.update
        start = time.perf_counter()
        try:
            _play(experiment, plan, folder, to_play, tick)
        finally:
            if bar is not None:
                bar.close()
        seconds = time.perf_counter() - start
        games, owners = ablation_parts.merged(folder)
        run_folder.write_frame(games, folder / TABLES_FILE)
        run_folder.write_frame(owners, folder / OWNERS_FILE)
        summary = summarise(plan, games, owners, tolerance)
        run_folder.write_frame(summary, folder / ABLATION_FILE)
        meta = {
            **plan.to_json(),
            **stamp,
            "games_played": games.height,
            "played_now": len(to_play),
            "seconds": round(seconds, 1),
            "jobs": jobs,
            "backend": backend,
            "engine": experiment.chosen.to_json() if experiment.chosen else None,
            **history,
            "finished": True,
        }
        run_folder.write_json(folder / PLAN_FILE, meta)
        ablation_parts.clear(folder)
    return folder


def _unplayed(folder: Path, plan: AblationPlan, listed: Sequence[Listed]) -> list[Listed]:
    """The plan's games (`listed`) that FOLDER, ready for the plan, holds neither in a saved
    range of deals nor among the games held (ablation_parts.py)."""
    have = ablation_parts.held_games(folder)
    per_deal = plan.per_deal
    return [
        game
        for first, end in ablation_parts.missing(ablation_parts.saved(folder), plan.deals)
        for game in listed[first * per_deal : end * per_deal]
        if (game[1].deal, game[2], game[3]) not in have
    ]


def games_to_play(folder: str | Path, plan: AblationPlan) -> int:
    """How many games `run_ablation(plan, FOLDER)` would play, without touching the folder:
    none when it holds this ablation, finished; the new deals' games and, on the deals held,
    the new cards' games (`_extend`) when it holds a finished one it can grow or widen; the
    games not saved when it holds this one unfinished; otherwise every game of the plan (a
    new folder, or one the call would refuse). What a plan prices as left (`deckhand ladder
    --plan`)."""
    folder = Path(folder)
    held = _marker(folder)
    if held is None or held.get("deckhand") not in (None, simulator.__version__):
        return plan.games
    asked = plan.to_json()
    if any(held.get(k) != v for k, v in asked.items() if k not in ("cards", "names", "deals")):
        return plan.games
    was = {int(c) for c in held.get("cards", [])}
    new = [c for c in plan.cards if c not in was]
    deals = int(held.get("deals", 0))
    if not was <= set(plan.cards) or deals > plan.deals:
        return plan.games
    if not held.get("finished"):
        return (
            plan.games if new or deals != plan.deals else len(_unplayed(folder, plan, tables(plan)))
        )
    if new and not held.get(PRINTED_OWNERS):
        return plan.games
    return (plan.deals - deals) * plan.per_deal + deals * len(new) * plan.rotations


def _play(
    experiment: Experiment,
    plan: AblationPlan,
    folder: Path,
    to_play: Sequence[Listed],
    tick: Callable[[int], None] | None,
) -> None:
    """Play the games listed (whole deals, in order), saving the deals finished every
    SAVE_SECONDS and at the end (ablation_parts.save: the part of deals first..end-1 holds
    the games of them that were listed; those between them not listed were saved or held)."""
    batch: list[Played] = []
    games: list[Listed] = []
    last = time.perf_counter()
    for at, result in enumerate(experiment.stream([g[1] for g in to_play], tick)):
        batch.append(result)
        games.append(to_play[at])
        deal = to_play[at][1].deal
        after = to_play[at + 1][1].deal if at + 1 < len(to_play) else None
        if after != deal and (after is None or time.perf_counter() - last >= SAVE_SECONDS):
            table, owners = records(plan, games, batch)
            ablation_parts.save(folder, games[0][1].deal, deal + 1, table, owners)
            batch, games, last = [], [], time.perf_counter()


def _marker(folder: Path) -> dict[str, Any] | None:
    """The ablation marker FOLDER holds, None when there is none or it cannot be read
    (marked_request then says what is wrong with the folder)."""
    try:
        held = json.loads((folder / PLAN_FILE).read_text())
    except (OSError, ValueError):
        return None
    return held if isinstance(held, dict) else None


def _extend(
    folder: Path, plan: AblationPlan, held: dict[str, Any] | None
) -> tuple[AblationPlan, dict[str, Any]]:
    """Ready FOLDER, holding this ablation (its marker `held`) with fewer deals or, paired,
    fewer cards, to grow to the plan: its finished tables become the games held
    (ablation_parts.hold), numbered as the larger plan numbers its games, so that only the
    new deals and the new cards' games with their power off are played; an unfinished one
    keeps its saved parts and grows only in deals. The cards keep the folder's order, new
    ones after. Refused with what to ask instead: fewer deals or cards than it holds, cards
    added to an unfinished folder or to one whose printed games recorded only its own cards
    (no `PRINTED_OWNERS`). Returns the plan to play and the marker's history (`grown`,
    `widened`); another ablation is left to marked_request, which refuses it."""
    history: dict[str, Any] = {
        k: held[k] for k in ("widened", "grown") if held is not None and held.get(k)
    }
    if held is None:
        return plan, history
    asked = plan.to_json()
    if any(held.get(k) != v for k, v in asked.items() if k not in ("cards", "names", "deals")):
        return plan, history
    was = [int(c) for c in held.get("cards", [])]
    new = [c for c in plan.cards if c not in was]
    if not set(was) <= set(plan.cards) or (new and plan.design != "paired"):
        if plan.design != "paired":
            return plan, history
        raise RunFolderError(
            f"{folder} holds the paired ablation of {', '.join(held.get('names', []))}: ask "
            "for its cards, with any you add, together (ablate --cards, ladder --focus-cards); "
            "for other cards choose another --out, or pass --overwrite"
        )
    names = dict(zip(plan.cards, plan.names, strict=True))
    order = tuple(was + new)
    plan = replace(plan, cards=order, names=tuple(names[c] for c in order))
    deals = int(held["deals"])
    if deals > plan.deals:
        raise RunFolderError(
            f"{folder} holds this ablation with {deals} deals, more than the {plan.deals} "
            f"asked: ask for at least {deals} deals (ablate --games, ladder --focus-deals) to "
            "read, grow or add cards to it, or pass --overwrite"
        )
    if deals == plan.deals and not new:
        return plan, history  # this one: read again or resumed
    if new and not held.get(PRINTED_OWNERS):
        raise RunFolderError(
            f"{folder} holds the ablation of {', '.join(held.get('names', []))}, played before "
            "its printed games recorded every card owned: cards cannot be added to it; play "
            f"{', '.join(names[c] for c in new)} in another --out, or pass --overwrite"
        )
    if new and not held.get("finished"):
        raise RunFolderError(
            f"{folder} holds an unfinished ablation of {', '.join(held.get('names', []))}: "
            "finish it first (its own command resumes it), then add cards"
        )
    if held.get("finished"):
        ablation_parts.hold(folder, {(g[1].deal, g[2], g[3]): g[0] for g in tables(plan)})
    if new:
        widened = {"from": list(held["names"]), "to": list(plan.names), "deals": deals}
        history["widened"] = [*history.get("widened", []), widened]
    if deals < plan.deals:
        history["grown"] = [*history.get("grown", []), {"from": deals, "to": plan.deals}]
    run_folder.write_json(
        folder / PLAN_FILE, {**held, **plan.to_json(), "finished": False, **history}
    )
    return plan, history


def records(
    plan: AblationPlan,
    listed: Sequence[Listed],
    played: Sequence[Played],
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The games table (one row per game: its index among the plan's games, deal, rotation,
    arm, powers off, turns) and the owners table (one row per player-game and card owned,
    with the player's win; a player-game that owned none of the cards is one row with `card`
    null). The cards: in a paired design's printed game every card owned
    (`PRINTED_OWNERS`: a card added to the ablation later needs no printed game again), in
    its game with card c off c alone; in a factorial game the plan's cards."""
    n = plan.game.players
    wanted: set[int] | None = set(plan.cards)
    everything = plan.design == "paired"
    g_cols: dict[str, list[Any]] = {
        k: [] for k in ("game", "deal", "rotation", "arm", "off", "turns", "end_reason")
    }
    o_cols: dict[str, list[Any]] = {
        k: [] for k in ("game", "deal", "seat", "turn_order", "strategy", "win", "card")
    }
    for (index, table, rotation, arm), result in zip(listed, played, strict=True):
        if everything:
            wanted = {arm} if arm >= 0 else None
        g_cols["game"].append(index)
        g_cols["deal"].append(table.deal)
        g_cols["rotation"].append(rotation)
        g_cols["arm"].append(arm)
        g_cols["off"].append(sorted(table.off))
        g_cols["turns"].append(result.turns)
        g_cols["end_reason"].append(result.end_reason)
        for seat in range(n):
            won = seat in result.winners
            order = (seat - result.first_player) % n
            owned = dict.fromkeys(result.owned[seat])
            mine: list[int | None] = [c for c in owned if wanted is None or c in wanted]
            for card in mine or [None]:  # a player-game without a card: one row, card null
                o_cols["game"].append(index)
                o_cols["deal"].append(table.deal)
                o_cols["seat"].append(seat)
                o_cols["turn_order"].append(order)
                o_cols["strategy"].append(table.seats[seat])
                o_cols["win"].append(won)
                o_cols["card"].append(card)
    games = pl.DataFrame(
        g_cols,
        schema={
            "game": pl.Int64,
            "deal": pl.Int64,
            "rotation": pl.Int16,
            "arm": pl.Int64,
            "off": pl.List(pl.Int64),
            "turns": pl.Int32,
            "end_reason": pl.Utf8,
        },
    )
    owners = pl.DataFrame(
        o_cols,
        schema={
            "game": pl.Int64,
            "deal": pl.Int64,
            "seat": pl.Int8,
            "turn_order": pl.Int8,
            "strategy": pl.Utf8,
            "win": pl.Boolean,
            "card": pl.Int64,
        },
    )
    return games, owners


# ---------------------------------------------------------------------------- estimates


@dataclass(frozen=True)
class _Worth:
    """One power's worth (fractions) and the per-deal sums of its linearised estimator, from
    which the covariance between two powers' worths is read (they share deals)."""

    diff: float
    se: float
    n_on: int
    n_off: int
    p_on: float
    p_off: float
    deals: np.ndarray
    sums: np.ndarray
    """sum over the deal's rows of the influence of each row on `diff`, deal by deal."""

    @property
    def scale(self) -> float:
        """The small-sample factor k / (k - 1) of the cluster-robust variance."""
        k = len(self.sums)
        return k / (k - 1) if k > 1 else math.nan


def ratio_difference(clusters: np.ndarray, y: np.ndarray, on: np.ndarray) -> _Worth:
    """Owner win rate with the power on minus off, and its cluster-robust standard error
    (linearised ratio estimators; rows of one cluster may be in both arms)."""
    n_on, n_off = int(on.sum()), int((~on).sum())
    if n_on == 0 or n_off == 0:
        nothing = np.zeros(0)
        return _Worth(math.nan, math.nan, n_on, n_off, math.nan, math.nan, nothing, nothing)
    p_on = float(y[on].mean())
    p_off = float(y[~on].mean())
    u = np.where(on, (y - p_on) / n_on, -(y - p_off) / n_off)
    deals, inverse = np.unique(clusters, return_inverse=True)
    sums = np.bincount(inverse, weights=u)
    k = len(sums)
    var = float((sums**2).sum()) * (k / (k - 1) if k > 1 else math.nan)
    return _Worth(p_on - p_off, math.sqrt(var), n_on, n_off, p_on, p_off, deals, sums)


def _worth_covariance(worths: Sequence[_Worth | None]) -> np.ndarray:
    """The cluster-robust covariance of the powers' worths (fractions^2): sum over deals of
    the two estimators' per-deal sums, scaled by sqrt of both small-sample factors, so that the
    diagonal is each worth's own variance. Powers measured on the same deals (the printed games
    of a paired design, every game of a factorial one) are correlated, and a figure against the
    typical power (analysis/typical.py) counts that."""
    n = len(worths)
    present = [w for w in worths if w is not None and len(w.deals)]
    all_deals = np.unique(np.concatenate([w.deals for w in present])) if present else np.zeros(0)
    matrix = np.zeros((n, len(all_deals)))
    for i, w in enumerate(worths):
        if w is None or not len(w.deals) or not math.isfinite(w.scale):
            continue
        matrix[i, np.searchsorted(all_deals, w.deals)] = w.sums * math.sqrt(w.scale)
    return matrix @ matrix.T


def _cluster_ols(
    x: np.ndarray, y: np.ndarray, clusters: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """OLS coefficients and their cluster-robust (CR1) covariance."""
    xtx = x.T @ x
    bread = np.linalg.pinv(xtx)
    beta = bread @ (x.T @ y)
    resid = y - x @ beta
    _, inverse = np.unique(clusters, return_inverse=True)
    k = int(inverse.max()) + 1
    scores = np.zeros((k, x.shape[1]))
    np.add.at(scores, inverse, x * resid[:, None])
    n, p = x.shape
    scale = (k / (k - 1)) * ((n - 1) / max(n - p, 1)) if k > 1 else math.nan
    cov = bread @ (scores.T @ scores) @ bread * scale
    return beta, cov


def _factorial_model(
    plan: AblationPlan, games: pl.DataFrame, owners: pl.DataFrame
) -> dict[int, tuple[float, float]]:
    """beta_c and its standard error from the linear model of the owner's win (module doc:
    the `model_effect` column, for comparison with the randomised difference)."""
    cards = list(plan.cards)
    col = {c: i for i, c in enumerate(cards)}
    k = len(cards)
    n = plan.game.players
    seats = owners.select("game", "seat", "turn_order", "win", "deal").unique(
        ["game", "seat"], keep="first", maintain_order=True
    )
    row_of = {(g, s): i for i, (g, s) in enumerate(zip(seats["game"], seats["seat"], strict=True))}
    rows = len(seats)
    width = 1 + (n - 1) + 2 * k
    x = np.zeros((rows, width))
    x[:, 0] = 1.0
    order = seats["turn_order"].to_numpy()
    for t in range(1, n):
        x[order == t, t] = 1.0
    off_of = dict(zip(games["game"].to_list(), games["off"].to_list(), strict=True))
    owned = owners.drop_nulls("card")
    for g, s, c in zip(owned["game"], owned["seat"], owned["card"], strict=True):
        i = row_of[(g, s)]
        j = col[c]
        x[i, n + j] = 1.0
        if c not in off_of[g]:
            x[i, n + k + j] = 1.0
    keep = np.asarray(x.any(axis=0))
    keep[0] = True
    beta, cov = _cluster_ols(
        x[:, keep], seats["win"].to_numpy().astype(float), seats["deal"].to_numpy()
    )
    full_beta = np.full(width, math.nan)
    full_se = np.full(width, math.nan)
    full_beta[keep] = beta
    full_se[keep] = np.sqrt(np.clip(np.diag(cov), 0, None))
    return {c: (float(full_beta[n + k + j]), float(full_se[n + k + j])) for c, j in col.items()}


def _turns_effects(plan: AblationPlan, games: pl.DataFrame) -> dict[int, tuple[float, float]]:
    """The change of the mean game length with the power on (turns), and its se."""
    out: dict[int, tuple[float, float]] = {}
    if plan.design == "paired":
        base = games.filter(pl.col("arm") == -1).select(
            "deal", "rotation", pl.col("turns").alias("t0")
        )
        arms = games.filter(pl.col("arm") != -1).join(base, on=["deal", "rotation"])
        for card in plan.cards:
            rows = arms.filter(pl.col("arm") == card)
            diff = (rows["t0"] - rows["turns"]).to_numpy().astype(float)  # on minus off
            by_deal = (
                pl.DataFrame({"deal": rows["deal"], "d": diff})
                .group_by("deal")
                .agg(pl.col("d").mean())
                .sort("deal")  # group_by's order varies from call to call: the sums' order
            )  # must not, or the mean and its se differ in the last bits (bit for bit)
            d = by_deal["d"].to_numpy()
            if len(d) < 2:
                out[card] = (math.nan, math.nan)
            else:
                out[card] = (float(d.mean()), float(d.std(ddof=1) / math.sqrt(len(d))))
        return out
    cards = list(plan.cards)
    x = np.ones((games.height, 1 + len(cards)))
    col = {c: i for i, c in enumerate(cards)}
    for r, off in enumerate(games["off"].to_list()):
        for c in off:
            j = col.get(c)
            if j is not None:
                x[r, 1 + j] = 0.0  # 1 = the power on
    beta, cov = _cluster_ols(x, games["turns"].to_numpy().astype(float), games["deal"].to_numpy())
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    for c, j in col.items():
        out[c] = (float(beta[1 + j]), float(se[1 + j]))
    return out


def summarise(
    plan: AblationPlan,
    games: pl.DataFrame,
    owners: pl.DataFrame,
    tolerance: float = Tolerances().card,
) -> pl.DataFrame:
    """One row per card: its verdict at `tolerance`, effect (owner win-rate points, on minus
    off) with its 95% interval `lo`/`hi`, `se`, `p`, BH `q`, the owner win rates and rows per
    arm, the game-length effect, the games charged to the card and the precision per game,
    ranked by effect. Every difference is in points (module doc)."""
    off_of = dict(zip(games["game"].to_list(), games["off"].to_list(), strict=True))
    arm_of = dict(zip(games["game"].to_list(), games["arm"].to_list(), strict=True))
    owned = owners.drop_nulls("card")
    model = _factorial_model(plan, games, owners) if plan.design == "factorial" else {}
    turns = _turns_effects(plan, games)
    rows = []
    worths: list[_Worth | None] = []
    for card, name in zip(plan.cards, plan.names, strict=True):
        mine = owned.filter(pl.col("card") == card)
        g = mine["game"].to_list()
        if plan.design == "paired":
            keep = [arm_of[x] in (-1, card) for x in g]
            mine = mine.filter(pl.Series(keep, dtype=pl.Boolean))
            g = mine["game"].to_list()
            on = np.array([arm_of[x] == -1 for x in g], dtype=bool)
        else:
            on = np.array([card not in off_of[x] for x in g], dtype=bool)
        y = mine["win"].to_numpy().astype(float)
        w = ratio_difference(mine["deal"].to_numpy(), y, on)
        diff, se, n_on, n_off, p_on, p_off = w.diff, w.se, w.n_on, w.n_off, w.p_on, w.p_off
        effect, se_model = diff, se
        method = "randomised difference" if plan.design == "factorial" else "paired difference"
        m_effect, m_se = model.get(card, (math.nan, math.nan))
        if n_on < MIN_OWNED or n_off < MIN_OWNED or not math.isfinite(se_model) or se_model <= 0:
            effect = se_model = math.nan
        worths.append(w if math.isfinite(effect) else None)
        t_eff, t_se = turns[card]
        cost = plan.games if plan.design == "factorial" else 2 * plan.deals * plan.rotations
        rows.append(
            {
                "card": name,
                "card_id": card,
                "worth": effect,
                "worth_lo": effect - Z95 * se_model,
                "worth_hi": effect + Z95 * se_model,
                "worth_se": se_model,
                "worth_p": math.erfc(abs(effect / se_model) / math.sqrt(2))
                if math.isfinite(effect)
                else math.nan,
                "owner_wr_on": p_on,
                "owner_wr_off": p_off,
                "n_on": n_on,
                "n_off": n_off,
                "difference": diff,
                "difference_se": se,
                "model_effect": m_effect,
                "model_se": m_se,
                "turns_effect": t_eff,
                "turns_lo": t_eff - Z95 * t_se,
                "turns_hi": t_eff + Z95 * t_se,
                "cost_games": cost,
                "precision_per_game": 1 / ((100 * se_model) ** 2 * cost)
                if math.isfinite(se_model) and se_model > 0
                else math.nan,
                "method": method,
            }
        )
    frame = pl.DataFrame(rows).with_columns(pl.col(pl.Float64).fill_nan(None))
    frame = frame.with_columns([pl.col(c) * 100.0 for c in WORTH_POINT_COLUMNS])
    kinds = power_kinds(plan.game, plan.cards)
    worth = [100.0 * w.diff if w is not None else math.nan for w in worths]
    typical = against_typical_power(worth, 1e4 * _worth_covariance(worths), kinds)
    frame = frame.with_columns(
        pl.Series("kind", kinds, dtype=pl.Utf8),
        *(
            pl.Series(k, v, dtype=pl.Utf8 if k == "typical_note" else pl.Float64)
            for k, v in typical.items()
            if k != "typical_peers"
        ),
        pl.Series("typical_peers", typical["typical_peers"], dtype=pl.Int64),
    )
    frame = frame.sort(["vs_typical", "worth"], descending=True, nulls_last=True).with_row_index(
        "rank", offset=1
    )
    return judge_table(frame, tolerance, plan.games)


def power_kinds(config: GameConfig, cards: Sequence[int]) -> list[str]:
    """Each card's kind as the typical power is taken over: its game's declared measure's peers
    in words (GameSpec.card_measures: "contracts" for every Import/Export card), else its own
    `card_group` value."""
    spec = get_game(config.game)
    rows = {int(r["id"]): r for r in spec.factory(config).sheet.rows}
    out = []
    for card in cards:
        group = str(rows[card].get(spec.card_group) or "") if card in rows else ""
        measure = spec.measure_of(group)
        out.append(measure.peers if measure is not None else group)
    return out


def judge_ablation(table: pl.DataFrame, tolerance: float, games: int | None = None) -> pl.DataFrame:
    """An ablation table (points) with its verdict columns decided at `tolerance`
    (power_worth.judge_table: a power's against the typical power and its worth check, a
    number's against the printed value). `games` scales `games_to_decide`."""
    return judge_table(table, tolerance, games)


def load_ablation(
    folder: str | Path, tolerance: float | None = None
) -> tuple[dict[str, Any], pl.DataFrame]:
    """An ablation folder's plan (with timing) and its per-card table, in points; with
    `tolerance`, its verdicts decided again at that tolerance (no game is played). A table
    written before verdicts existed (fractions, a `flag` column) is read in points and judged
    at the default card tolerance, so every reader sees one unit."""
    folder = Path(folder)
    if not (folder / PLAN_FILE).exists() or not (folder / ABLATION_FILE).exists():
        raise RunFolderError(
            f"{folder}: no {PLAN_FILE} and {ABLATION_FILE}; is this a folder made by deckhand "
            "ablate?"
        )
    meta = json.loads((folder / PLAN_FILE).read_text())
    table = pl.read_parquet(folder / ABLATION_FILE)
    held = (folder / TABLES_FILE).is_file() and (folder / OWNERS_FILE).is_file()
    if meta.get("design") != "param" and not is_power_table(table) and held:
        # written before the typical power (issue 46): summarised again from its games
        plan = AblationPlan.from_json(meta)
        games = pl.read_parquet(folder / TABLES_FILE)
        owners = pl.read_parquet(folder / OWNERS_FILE)
        return meta, summarise(plan, games, owners, tolerance or Tolerances().card)
    if tolerance is None and "tolerance" in table.columns and table["tolerance"].drop_nulls().len():
        tolerance = float(table["tolerance"].drop_nulls()[0])  # as it was judged
    return read_ablation(folder, Tolerances().card if tolerance is None else tolerance)


# ---------------------------------------------------------------------------- a number


def ablate_param(
    options: RunOptions,
    card: str,
    param: str,
    out: str | Path,
    jobs: int = 1,
    backend: str = "loky",
    progress: bool = True,
    overwrite: bool = False,
    tolerance: float = Tolerances().card,
) -> Path:
    """Ablate one of a card's numbers instead of its power: `deckhand sweep` of the card's
    parameter over (printed value, VALUE) into OUT/sweep, both with the same seed (common
    random numbers), and OUT/ablation.parquet with one row: its owner's win rate at VALUE
    minus at the printed value in points (Newcombe's interval, conservative under common
    random numbers; the two-proportion p is its q), its verdict at `tolerance`, and the
    change of the mean game length."""

    key, sep, value = param.partition("=")
    key, value = key.strip(), value.strip()
    if not sep or not key or not value or "," in value:
        raise ConfigError(f"--param: '{param}': expected one KEY=VALUE, e.g. high_pay=6")
    spec = get_game(options.game)
    sheet_path = Path(options.card_sheet or spec.card_sheet)
    rows = card_rows(load_card_sheet(sheet_path, spec.card_schema).rows, card, sheet_path)
    printed = (rows[0]["params"] or {}).get(key)
    if printed is None:
        accepted = ", ".join(rows[0]["params"] or {}) or "none"
        raise ConfigError(
            f"--param: {rows[0]['name']} has no parameter '{key}'; accepted: {accepted}"
        )
    folder = Path(out)
    request = {
        "request": {"card": card, "param": f"{key}={value}", "config": options.config().to_json()}
    }
    with folder_lock(folder, "ablate"):
        if marked_request(folder, ABLATION_FOLDER, request, overwrite):
            return folder  # this very ablation, already played to the end
        run_folder.write_json(folder / PLAN_FILE, {**request, "finished": False})
        sweep_folder = folder / ABLATION_SWEEP
        plan = plan_sweep(options, card, f"{key}={printed},{value}", sweep_folder, overwrite)
        start = time.perf_counter()
        run_sweep(
            plan,
            jobs=jobs,
            backend=backend,
            overwrite=overwrite,
            progress=progress,
            engine=options.engine,
        )
        seconds = time.perf_counter() - start
        summary = sweep_summary(sweep_folder)
        frame = _param_row(summary, rows, key, value, printed)
        judged = judge_ablation(frame, tolerance, frame["cost_games"][0])
        run_folder.write_frame(judged, folder / ABLATION_FILE)
        meta = {
            **request,
            "game": plan.runs[0].config.game.to_json(),
            "strategies": list(plan.runs[0].config.strategies),
            "design": "param",
            "param": f"{key}={value}",
            "printed": printed,
            "deals": plan.runs[0].config.games,
            "seed": plan.runs[0].config.seed,
            "off_share": math.nan,
            "games_played": int(frame["cost_games"][0]),
            "seconds": round(seconds, 1),
            "jobs": jobs,
            "backend": backend,
            "finished": True,
        }
        run_folder.write_json(folder / PLAN_FILE, meta)
    return folder


def _param_row(
    summary: SweepSummary, rows: Sequence[CardRow], key: str, value: str, printed: Any
) -> pl.DataFrame:
    """ablation.parquet's one row for a number: the owner's win rate at VALUE minus at the
    printed value, in points."""
    base, new = summary.points[0], summary.points[1]
    diff, lo, hi = newcombe_difference(new.owner_wins, new.owner_n, base.owner_wins, base.owner_n)
    p = two_proportion_p(new.owner_wins, new.owner_n, base.owner_wins, base.owner_n)
    frame = pl.DataFrame(
        [
            {
                "card": summary.card,
                "effect": diff,
                "lo": lo,
                "hi": hi,
                "card_id": int(rows[0]["id"]),
                "se": math.nan,
                "p": p,
                "owner_wr_on": new.owner_wins / new.owner_n if new.owner_n else math.nan,
                "owner_wr_off": base.owner_wins / base.owner_n if base.owner_n else math.nan,
                "n_on": new.owner_n,
                "n_off": base.owner_n,
                "difference": diff,
                "difference_se": math.nan,
                "model_effect": math.nan,
                "model_se": math.nan,
                "turns_effect": new.mean_turns - base.mean_turns,
                "turns_lo": math.nan,
                "turns_hi": math.nan,
                "cost_games": base.games + new.games,
                "precision_per_game": math.nan,
                "method": f"{key}={value} against the printed {key}={printed} (sweep)",
            }
        ]
    ).with_columns(pl.col(pl.Float64).fill_nan(None))
    frame = frame.with_columns([pl.col(c) * 100.0 for c in POINT_COLUMNS])
    return frame.with_row_index("rank", offset=1)


def design_comparison(first: str | Path, second: str | Path) -> pl.DataFrame:
    """The cards two ablation folders share, side by side: each one's worth, se (points),
    games charged and precision per game, and the ratio second / first of the precision per game
    (above 1: the second design measures the card more precisely per game played)."""
    meta_a, a = load_ablation(first)
    meta_b, b = load_ablation(second)
    keep = ["card", "worth", "worth_lo", "worth_hi", "worth_se", "cost_games", "precision_per_game"]
    joined = a.select(keep).join(b.select(keep), on="card", suffix="_2")
    return joined.with_columns(
        (pl.col("precision_per_game_2") / pl.col("precision_per_game")).alias("precision_ratio"),
        pl.lit(meta_a["design"]).alias("design"),
        pl.lit(meta_b["design"]).alias("design_2"),
    )


def resummarise(folder: str | Path, tolerance: float = Tolerances().card) -> Path:
    """Write ablation.parquet again from a folder's games and owners tables (after a change
    of the estimates or of the tolerance; no game is played)."""
    folder = Path(folder)
    meta = json.loads((folder / PLAN_FILE).read_text())
    plan = AblationPlan.from_json(meta)
    games = pl.read_parquet(folder / TABLES_FILE)
    owners = pl.read_parquet(folder / OWNERS_FILE)
    run_folder.write_frame(summarise(plan, games, owners, tolerance), folder / ABLATION_FILE)
    return folder


# ---------------------------------------------------------------------------- the command


def ablate(
    options: RunOptions,
    out: str | Path,
    cards: str = "all",
    design: str = "factorial",
    off_share: float = 0.5,
    duplicate: bool | None = None,
    param: str | None = None,
    jobs: int = 1,
    backend: str = "loky",
    progress: bool = True,
    overwrite: bool = False,
    tolerance: float = Tolerances().card,
) -> Path:
    """`deckhand ablate`: the powers of `cards` switched on and off (`make_plan` and
    `run_ablation`, `options.games` deals of `options`' game, bots and seed), or with `param`
    (KEY=VALUE) the one card's number against its printed value (`ablate_param`). Returns
    OUT."""
    if param:
        if cards == "all" or "," in cards:
            raise ConfigError("--param: name the one card with --cards NAME")
        return ablate_param(
            options,
            cards,
            param,
            out,
            jobs=jobs,
            backend=backend,
            progress=progress,
            overwrite=overwrite,
            tolerance=tolerance,
        )
    plan = make_plan(
        options.game_config(),
        options.strategies,
        cards=cards,
        design=design,
        deals=options.games,
        seed=options.seed,
        off_share=off_share,
        duplicate=duplicate,
    )
    return run_ablation(
        plan,
        out,
        jobs=jobs,
        backend=backend,
        progress=progress,
        overwrite=overwrite,
        tolerance=tolerance,
        engine=options.engine,
    )
