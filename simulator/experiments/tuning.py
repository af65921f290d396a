"""`deckhand tune`: self-play optimisation of a strategy's parameters against an opponent
pool, confirmed head-to-head against the starting parameters on fresh seeds.

**Objective.** A candidate (the strategy with parameters θ) takes one seat of each game and
the other seats are filled from the opponent pool (default: the current heuristic and the
archetypes), both rotating game by game: in game j the candidate sits in seat j mod n and the
k-th other seat holds pool[(j + k) mod |pool|]. The score of a game is the share of the other
seats the candidate finished ahead of (placements; ties half), the pairwise comparisons of
`ratings.py`: more information per game than win or lose. A candidate's score is the mean
over the trial's games.

**Common random numbers.** Every candidate plays the same games (the same deals, seats and
strategy streams, from the tuning seed), so two candidates differ only by what their
parameters do, not by the luck of the deal: the comparison between candidates is much less
noisy than either score.

**Optimisers.** `optuna` (default): Optuna's TPE sampler, seeded, with the starting
parameters as the first trial. `ntbea`: the N-Tuple Bandit Evolutionary Algorithm (Lucas,
Liu and Perez-Liebana 2018), the game-AI community's optimiser for noisy game outcomes,
implemented here on a grid of each parameter's range (docs/metrics.md compares them).
`random`: uniform random search (a baseline).

**Selection and confirmation.** The best few candidates of the search are played again on
fresh deals (`validate_games` each, a second seed), so that the one kept is not merely the
one the search's own deals flattered (the winner's curse); the best of them there is then
confirmed head-to-head against the starting parameters at the player count it was tuned for,
on a third seed: each deal played once per seat, the candidate in that seat and the start in
the others (at two players, duplicate deals with the seats swapped). The confirmation figure
is the candidate's share of the games (a shared win split) with a 95% interval from the
cluster-robust variance over deals; it must clear 4% above parity (52% at two players, 26% at
four).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

import simulator
from simulator.analysis.stats import Z95, clustered_share, wilson
from simulator.analysis.verdicts import Verdict, decide, to_points
from simulator.core.errors import ConfigError
from simulator.core.spec import GameConfig
from simulator.folders import run_folder
from simulator.folders.config import RunOptions
from simulator.folders.lock import folder_lock
from simulator.runs.experiment import Experiment, Played, Table
from strategies.registry import resolve, scale_of
from strategies.tuning import space_for

OPTIMISERS = ("optuna", "ntbea", "random")
DEFAULT_POOL = {
    "import-export": ("heuristic", "contractor", "importer", "pirate"),
    "travel": ("heuristic",),
}
VALIDATION_SEED_OFFSET = 1_000_003
CONFIRMATION_SEED_OFFSET = 2_000_003
"""Fresh seeds: validation and confirmation deals come from master seeds never used by the
search (seed + offset), so their streams are independent of the search's."""
CONFIRMATION_GAIN = 1.04
"""A confirmation's lower bound must clear this many times parity (`confirmation_target`)."""


@dataclass(frozen=True)
class Param:
    """One searched parameter: its range and whether it takes whole numbers."""

    name: str
    low: float
    high: float
    whole: bool = False

    def grid(self, levels: int) -> list[float]:
        if self.whole:
            return [float(v) for v in range(int(self.low), int(self.high) + 1)]
        return [round(float(v), 4) for v in np.linspace(self.low, self.high, levels)]

    def value(self, x: float) -> float | int:
        return int(round(x)) if self.whole else round(float(x), 4)


@dataclass
class Trial:
    number: int
    params: dict[str, Any]
    score: float
    se: float
    source: str = "search"


@dataclass
class TuneResult:
    """What `tune` found and how it was checked (written as the preset's JSON)."""

    game: str
    strategy: str
    name: str
    start: dict[str, Any]
    params: dict[str, Any]
    trials: list[Trial]
    validation: list[Trial]
    confirmation: dict[str, Any]
    provenance: dict[str, Any] = field(default_factory=dict)

    def preset(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "strategy": self.strategy,
            "name": self.name,
            "params": self.params,
            "start": self.start,
            "provenance": self.provenance,
            "confirmation": self.confirmation,
            "validation": [asdict(t) for t in self.validation],
        }


def parse_space(
    game: str, strategy: str, defaults: dict[str, Any], overrides: Sequence[str] = ()
) -> list[Param]:
    """The searched parameters: the declared space (strategies/tuning.py), changed or
    extended by `--space key=low:high`, or narrowed by `--space key=fixed` to keep one at
    its start value. Errors name --space and the accepted parameters."""

    ranges = space_for(game, strategy)
    accepted = ", ".join(defaults) or "none"
    for text in overrides:
        key, sep, rest = text.partition("=")
        key = key.strip()
        if key not in defaults:
            raise ConfigError(f"--space: unknown parameter '{key}'; accepted: {accepted}")
        if rest.strip() == "fixed":
            ranges.pop(key, None)
            continue
        lo, colon, hi = rest.partition(":")
        try:
            low, high = float(lo), float(hi)
        except ValueError:
            low = high = math.nan
        if not sep or not colon or not (low < high):
            raise ConfigError(
                f"--space: '{text}': expected KEY=LOW:HIGH with LOW < HIGH, or KEY=fixed"
            )
        scale = scale_of(game, strategy, key)
        if scale is not None and (low < scale.low or high > scale.high):
            raise ConfigError(
                f"--space: '{text}' reaches outside {key}'s scale; accepted: within "
                f"{scale.text()} ({scale.doc})"
            )
        ranges[key] = (low, high)
    params = []
    for key, (low, high) in ranges.items():
        default = defaults.get(key)
        if default is None or isinstance(default, bool):
            continue
        whole = isinstance(default, int) and float(low).is_integer() and float(high).is_integer()
        params.append(Param(key, float(low), float(high), whole))
    if not params:
        raise ConfigError(
            f"--space: {strategy} has no parameters to tune for {game}; give --space KEY=LOW:HIGH "
            f"with KEY one of: {accepted}"
        )
    return params


def strategy_text(strategy: str, params: dict[str, Any]) -> str:
    """`name:key=value,...` for a candidate (every searched parameter spelled out)."""
    if not params:
        return strategy
    return strategy + ":" + ",".join(f"{k}={_fmt(v)}" for k, v in sorted(params.items()))


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.4g}" if not float(v).is_integer() else f"{v:.1f}"
    return str(v)


def pool_tables(
    players: int, candidate: str, pool: Sequence[str], games: int, first: int = 0
) -> list[tuple[Table, int]]:
    """The games that score a candidate against the pool: (table, candidate's seat)."""
    out = []
    for j in range(first, first + games):
        seat = j % players
        seats = []
        k = 0
        for s in range(players):
            if s == seat:
                seats.append(candidate)
            else:
                seats.append(pool[(j + k) % len(pool)])
                k += 1
        out.append((Table(deal=j, stream=j, seats=tuple(seats)), seat))
    return out


def score_of(results: Sequence[Played], seats: Sequence[int]) -> tuple[float, float]:
    """Mean pairwise score of the candidate and its standard error over games."""
    values = np.array([r.pairwise(s) for r, s in zip(results, seats, strict=True)])
    if len(values) < 2:
        return float(values.mean()) if len(values) else math.nan, math.nan
    return float(values.mean()), float(values.std(ddof=1) / math.sqrt(len(values)))


@dataclass
class Evaluator:
    """Plays a candidate's games (the same deals for every candidate of one seed)."""

    config: GameConfig
    strategy: str
    pool: tuple[str, ...]
    games: int
    seed: int
    jobs: int = 1
    backend: str = "loky"
    played: int = 0
    engine: str = "auto"
    """--engine: auto, native or python (runs/experiment.py)."""
    chosen: dict[str, Any] | None = None
    """The engine that played the last candidate's games, and why."""

    def __call__(
        self, params: dict[str, Any], games: int | None = None, seed: int | None = None
    ) -> tuple[float, float]:
        n = self.games if games is None else games
        experiment = Experiment(
            self.config,
            self.seed if seed is None else seed,
            jobs=self.jobs,
            backend=self.backend,
            chunk_size=max(10, min(100, -(-n // max(1, 2 * self.jobs)))),
            engine=self.engine,
        )
        listed = pool_tables(
            self.config.players, strategy_text(self.strategy, params), self.pool, n
        )
        results = experiment.play([t for t, _ in listed])
        assert experiment.chosen is not None  # set by play
        self.chosen = experiment.chosen.to_json()
        self.played += n
        return score_of(results, [s for _, s in listed])


# ---------------------------------------------------------------------------- optimisers


def _search_optuna(
    space: list[Param],
    start: dict[str, Any],
    trials: int,
    seed: int,
    evaluate: Callable[[dict[str, Any]], tuple[float, float]],
    levels: int,
) -> list[Trial]:
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=min(10, max(1, trials // 4)))
    study = optuna.create_study(direction="maximize", sampler=sampler)
    study.enqueue_trial({p.name: start[p.name] for p in space}, skip_if_exists=True)
    out: list[Trial] = []

    def objective(trial: Any) -> float:
        params = {}
        for p in space:
            if p.whole:
                params[p.name] = trial.suggest_int(p.name, int(p.low), int(p.high))
            else:
                params[p.name] = round(trial.suggest_float(p.name, p.low, p.high), 4)
        score, se = evaluate(params)
        out.append(Trial(trial.number, params, score, se))
        return score

    study.optimize(objective, n_trials=trials)
    return out


def _search_random(
    space: list[Param],
    start: dict[str, Any],
    trials: int,
    seed: int,
    evaluate: Callable[[dict[str, Any]], tuple[float, float]],
    levels: int,
) -> list[Trial]:
    rng = np.random.default_rng(seed)
    out = []
    for number in range(trials):
        if number == 0:
            params = {p.name: start[p.name] for p in space}
        else:
            params = {p.name: p.value(rng.uniform(p.low, p.high)) for p in space}
        score, se = evaluate(params)
        out.append(Trial(number, params, score, se))
    return out


def _search_ntbea(
    space: list[Param],
    start: dict[str, Any],
    trials: int,
    seed: int,
    evaluate: Callable[[dict[str, Any]], tuple[float, float]],
    levels: int,
    neighbours: int = 50,
    explore: float = 2.0,
) -> list[Trial]:
    """NTBEA on a grid: a bandit landscape model of 1-tuples, 2-tuples and the full tuple
    (mean score and count per tuple of grid indices), an evolutionary step that mutates the
    current point into `neighbours` candidates and moves to the one with the highest mean
    over its tuples of (mean + explore * sqrt(ln N / n)). The recommendation is the evaluated
    point whose model value is highest (Lucas et al. 2018)."""
    rng = np.random.default_rng(seed)
    grids = [p.grid(levels) for p in space]
    d = len(space)
    tuples: list[tuple[int, ...]] = [(i,) for i in range(d)]
    tuples += [(i, j) for i in range(d) for j in range(i + 1, d)]
    tuples.append(tuple(range(d)))
    stats: list[dict[tuple[int, ...], list[float]]] = [{} for _ in tuples]

    def nearest(i: int, v: float) -> int:
        return int(np.argmin([abs(g - v) for g in grids[i]]))

    def model(x: tuple[int, ...], total: int) -> tuple[float, float]:
        means, ucbs = [], []
        for t, table in zip(tuples, stats, strict=True):
            cell = table.get(tuple(x[i] for i in t))
            if cell is None:
                ucbs.append(1e6)
                continue
            mean = cell[0] / cell[1]
            means.append(mean)
            ucbs.append(mean + explore * math.sqrt(math.log(total + 1) / cell[1]))
        return (float(np.mean(means)) if means else -math.inf), float(np.mean(ucbs))

    current = tuple(nearest(i, float(start[p.name])) for i, p in enumerate(space))
    out: list[Trial] = []
    seen: dict[tuple[int, ...], int] = {}
    for number in range(trials):
        params = {p.name: p.value(grids[i][current[i]]) for i, p in enumerate(space)}
        score, se = evaluate(params)
        out.append(Trial(number, params, score, se))
        seen[current] = number
        for t, table in zip(tuples, stats, strict=True):
            cell = table.setdefault(tuple(current[i] for i in t), [0.0, 0])
            cell[0] += score
            cell[1] += 1
        best, best_ucb = current, -math.inf
        for _ in range(neighbours):
            x = list(current)
            flip = rng.random(d) < 1.0 / d
            flip[rng.integers(d)] = True
            for i in np.flatnonzero(flip):
                x[i] = int(rng.integers(len(grids[i])))
            candidate = tuple(x)
            if candidate == current:
                continue
            _, ucb = model(candidate, number + 1)
            if ucb > best_ucb:
                best, best_ucb = candidate, ucb
        current = best
    # the recommendation: the evaluated point the model rates highest, first in the list
    ranked = sorted(seen, key=lambda x: model(x, trials)[0], reverse=True)
    recommended = out[seen[ranked[0]]]
    recommended.source = "search (NTBEA recommendation)"
    return [recommended, *(t for t in out if t is not recommended)]


SEARCH = {"optuna": _search_optuna, "ntbea": _search_ntbea, "random": _search_random}


# ---------------------------------------------------------------------------- confirmation


def head_to_head(
    config: GameConfig,
    a: str,
    b: str,
    games: int,
    seed: int,
    jobs: int = 1,
    backend: str = "loky",
    engine: str = "auto",
) -> dict[str, Any]:
    """`a` against `b` on shared deals, at the config's player count n: each deal is played n
    times, `a` in one seat (each seat in turn) and `b` in all the others; at two players that
    is the duplicate deal with seats swapped. a's share of the games (a shared win split
    between the winners) against parity 1/n, with a 95% interval from the cluster-robust
    variance over deals, and Wilson's interval beside it (which treats games as independent).
    `games` is rounded down to whole deals (at least one)."""
    n = config.players
    deals = max(1, games // n)
    listed = [
        Table(d, n * d + k, tuple(a if seat == k else b for seat in range(n)))
        for d in range(deals)
        for k in range(n)
    ]
    chunk = max(10, min(100, -(-len(listed) // max(1, 2 * jobs))))
    experiment = Experiment(
        config, seed, jobs=jobs, backend=backend, chunk_size=chunk, engine=engine
    )
    results = experiment.play(listed)
    assert experiment.chosen is not None  # set by play
    points = [1.0 / len(r.winners) if i % n in r.winners else 0.0 for i, r in enumerate(results)]
    share, lo, hi = clustered_share(points, n)  # a deal: its n games
    wins = float(np.sum(points))
    wl, wh = wilson(int(round(wins)), n * deals)
    seats = (
        "duplicate deals (2 games each, seats swapped)"
        if n == 2
        else f"deals ({n} games each: the candidate in one seat, each seat in turn, the "
        "opponent in the others)"
    )
    return {
        "players": n,
        "games": n * deals,
        "deals": deals,
        "candidate": a,
        "opponent": b,
        "score": share,
        "lo": lo,
        "hi": hi,
        "parity": 1.0 / n,
        "wilson_lo": wl,
        "wilson_hi": wh,
        "points": wins,
        "seed": seed,
        "interval": f"95%, cluster-robust over {seats}",
        "engine": experiment.chosen.to_json(),
    }


def judge_head_to_head(record: dict[str, Any], tolerance: float) -> Verdict:
    """The one verdict rule on a head-to-head (`head_to_head`'s record): the candidate's share
    less parity, in points; `stronger` / `weaker` where the interval excludes parity,
    `balanced` where it lies within +-`tolerance` points of it, else `unclear` with the games
    that would decide."""
    parity = record["parity"]
    estimate, lo, hi = (to_points(record[k] - parity) for k in ("score", "lo", "hi"))
    return decide(
        estimate,
        lo,
        hi,
        tolerance,
        games=record["games"],
    )


def confirmation_target(players: int) -> float:
    """The lower bound a tuned candidate's confirmation must clear: 4% above parity (52% at
    two players, 26% at four), so that a preset is shipped for a gain, not a draw."""
    return CONFIRMATION_GAIN / players


def tune(
    config: GameConfig,
    strategy: str = "heuristic",
    start_text: str | None = None,
    pool: Sequence[str] | None = None,
    space_overrides: Sequence[str] = (),
    optimiser: str = "optuna",
    trials: int = 40,
    games_per_trial: int = 200,
    validate_top: int = 3,
    validate_games: int = 1000,
    confirm_games: int = 4000,
    seed: int = 0,
    name: str = "tuned",
    levels: int = 7,
    jobs: int = 1,
    backend: str = "loky",
    log: Callable[[str], None] | None = None,
    engine: str = "auto",
) -> TuneResult:
    """Search, validate, confirm; see the module doc. `start_text` is the strategy text the
    search starts from and the confirmation plays against (default: the strategy itself)."""

    say = log or (lambda _msg: None)
    if optimiser not in OPTIMISERS:
        raise ConfigError(f"--optimiser: '{optimiser}' is not one of: {', '.join(OPTIMISERS)}")
    for option, value, least in (
        ("--trials", trials, 1),
        ("--games-per-trial", games_per_trial, 2),
        ("--validate-games", validate_games, 2),
        ("--confirm-games", confirm_games, 2),
        ("--validate-top", validate_top, 1),
    ):
        if value < least:
            raise ConfigError(f"{option}: must be at least {least}")
    start_text = start_text or strategy
    start_choice = resolve(config.game, start_text)
    head = strategy.partition(":")[0].partition("@")[0]
    resolve(config.game, head)
    defaults = {**start_choice.cls.params, **start_choice.params}
    space = parse_space(config.game, head, defaults, space_overrides)
    start = {p.name: p.value(float(defaults[p.name])) for p in space}
    fixed = {k: v for k, v in start_choice.params.items() if k not in start}
    pool = tuple(pool) if pool else DEFAULT_POOL.get(config.game, (start_text,))
    for text in pool:
        resolve(config.game, text)
    evaluate = Evaluator(config, head, pool, games_per_trial, seed, jobs, backend, engine=engine)
    began = time.perf_counter()

    def scored(params: dict[str, Any]) -> tuple[float, float]:
        score, se = evaluate({**fixed, **params})
        say(f"  trial {len(done):3d}: {score:.4f} ± {Z95 * se:.4f}  {strategy_text(head, params)}")
        done.append(1)
        return score, se

    done: list[int] = []
    say(
        f"search: {optimiser}, {trials} trials x {games_per_trial} games against "
        f"{', '.join(pool)} ({len(space)} parameters)"
    )
    found = SEARCH[optimiser](space, start, trials, seed, scored, levels)
    ranked = sorted(found, key=lambda t: t.score, reverse=True)
    if optimiser == "ntbea":
        ranked = [found[0]] + [t for t in ranked if t is not found[0]]
    chosen_pool: list[Trial] = []
    keys: set[str] = set()
    for t in ranked:
        key = json.dumps(t.params, sort_keys=True)
        if key not in keys and t.params != start:
            keys.add(key)
            chosen_pool.append(t)
        if len(chosen_pool) >= validate_top:
            break
    say(
        f"validation: the best {len(chosen_pool)} and the start on {validate_games} fresh "
        "games each"
    )
    validation = []
    for t in [Trial(-1, dict(start), math.nan, math.nan, "start"), *chosen_pool]:
        score, se = evaluate({**fixed, **t.params}, validate_games, seed + VALIDATION_SEED_OFFSET)
        validation.append(Trial(t.number, t.params, score, se, "validation"))
        say(f"  trial {t.number}: {score:.4f} ± {Z95 * se:.4f}")
    best = max(validation[1:] or validation, key=lambda t: t.score)
    params = {**fixed, **best.params}
    candidate = strategy_text(head, params)
    say(
        f"confirmation: {candidate} against {start_text}, {config.players} players, "
        f"{confirm_games} games"
    )
    confirmation = head_to_head(
        config,
        candidate,
        start_text,
        confirm_games,
        seed + CONFIRMATION_SEED_OFFSET,
        jobs,
        backend,
        engine,
    )
    target = confirmation_target(config.players)
    confirmation["target"] = f"lower 95% bound above {target:.2f}"
    confirmation["met"] = bool(confirmation["lo"] > target)
    say(
        f"  {confirmation['score']:.4f} [{confirmation['lo']:.4f}, {confirmation['hi']:.4f}] over "
        f"{confirmation['games']} games"
    )
    seconds = time.perf_counter() - began
    provenance = {
        "sets": list(config.modules),
        "players": config.players,
        "rules": [list(r) for r in config.rules],
        "card_sheet": config.card_sheet,
        "start": start_text,
        "opponents": list(pool),
        "optimiser": optimiser,
        "space": {p.name: [p.low, p.high] for p in space},
        "trials": trials,
        "games_per_trial": games_per_trial,
        "validate_top": validate_top,
        "validate_games": validate_games,
        "confirm_games": confirmation["games"],
        "budget_games": evaluate.played + confirmation["games"],
        "seed": seed,
        "seconds": round(seconds, 1),
        "jobs": jobs,
        "engine": evaluate.chosen,
        "deckhand": simulator.__version__,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "objective": "mean share of the other seats finished ahead of (ties half), candidate "
        "in one seat, the others from the opponent pool, both rotating; the same deals for "
        "every candidate (common random numbers)",
    }
    return TuneResult(
        game=config.game,
        strategy=head,
        name=name,
        start={**fixed, **start},
        params=params,
        trials=found,
        validation=validation,
        confirmation=confirmation,
        provenance=provenance,
    )


def write_result(result: TuneResult, out: str | Path) -> Path:
    """OUT/NAME.json (the preset: load it with -s STRATEGY@OUT/NAME.json) and OUT/trials.json,
    each written whole (a temporary file renamed)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{result.name}.json"
    run_folder.write_json(path, result.preset())
    run_folder.write_json(folder / "trials.json", [asdict(t) for t in result.trials])
    return path


def tune_preset(
    options: RunOptions,
    out: str | Path,
    command: str = "",
    start: str | None = None,
    opponents: Sequence[str] = (),
    space: Sequence[str] = (),
    optimiser: str = "optuna",
    trials: int = 40,
    games_per_trial: int = 200,
    validate_top: int = 3,
    validate_games: int = 1000,
    confirm_games: int = 4000,
    name: str = "tuned",
    jobs: int = 1,
    backend: str = "loky",
    log: Callable[[str], None] | None = None,
) -> tuple[TuneResult, Path]:
    """`deckhand tune`: tune the one strategy of `options` (default: the heuristic) for its
    game at its seed (`tune`), in OUT locked meanwhile, and write the preset there with
    `command` (the command line) in its provenance (`write_result`). Returns the result and
    the preset's path."""
    if len(options.strategies) != 1:
        raise ConfigError("--strategy: give the one strategy to tune, e.g. -s heuristic")
    config = options.game_config()
    with folder_lock(out, "tune"):
        result = tune(
            config,
            options.strategies[0],
            start_text=start,
            pool=opponents,
            space_overrides=space,
            optimiser=optimiser,
            trials=trials,
            games_per_trial=games_per_trial,
            validate_top=validate_top,
            validate_games=validate_games,
            confirm_games=confirm_games,
            seed=options.seed,
            name=name,
            jobs=jobs,
            backend=backend,
            log=log,
            engine=options.engine,
        )
        result.provenance["command"] = command
        path = write_result(result, out)
    return result, path


def tuned_lines(result: TuneResult, path: str | Path) -> list[str]:
    """What `deckhand tune` says when done: the preset with its parameters, and its
    confirmation head-to-head against the start with its target."""
    c = result.confirmation
    return [
        f"preset {path}: {result.strategy} with "
        + ", ".join(f"{k}={v}" for k, v in sorted(result.params.items())),
        f"head-to-head against {c['opponent']} ({c['players']} players, {c['games']:,} games): "
        f"{100 * c['score']:.1f}% [{100 * c['lo']:.1f}, {100 * c['hi']:.1f}] (parity "
        f"{100 * c['parity']:.0f}%); target {c['target']}: {'met' if c['met'] else 'NOT met'}",
        *([f"engine: {c['engine']['engine']} ({c['engine']['why']})"] if "engine" in c else []),
    ]


@dataclass(frozen=True)
class Versus:
    """A head-to-head of `deckhand versus`: `head_to_head`'s record with its verdict and
    provenance added, the verdict, and the JSON file it was written to, if any."""

    record: dict[str, Any]
    verdict: Verdict
    json_out: str | None = None

    def lines(self) -> list[str]:
        """The candidate's share with its interval against parity, the verdict in words,
        and where the record was written."""
        r = self.record
        lines = [
            f"{r['candidate']} against {r['opponent']}, {r['players']} players, "
            f"{r['games']:,} games ({r['deals']:,} deals, seed {r['seed']}): "
            f"{100 * r['score']:.1f}% [{100 * r['lo']:.1f}, {100 * r['hi']:.1f}], parity "
            f"{100 * r['parity']:.0f}%",
            self.verdict.words(r["opponent"]),
        ]
        if "engine" in r:
            lines.append(f"engine: {r['engine']['engine']} ({r['engine']['why']})")
        if self.json_out:
            lines.append(f"record written to {self.json_out}")
        return lines


def versus(
    options: RunOptions,
    candidate: str,
    opponent: str,
    games: int,
    tolerance: float,
    jobs: int = 1,
    backend: str = "loky",
    command: str = "",
    json_out: str | None = None,
) -> Versus:
    """`deckhand versus`: `candidate` against `opponent` on `games` games of `options`' game
    at its seed, each deal once per seat (`head_to_head`), judged at `tolerance` strategy
    points (`judge_head_to_head`); the record (with `command`) written to `json_out` if
    given. `games` must be whole deals."""
    players = options.players
    if games < players or games % players:
        raise ConfigError(
            f"--games {games}: a whole number of deals of {players} games each (e.g. "
            f"{max(players, games - games % players)})"
        )
    config = options.game_config()
    for text in (candidate, opponent):
        resolve(config.game, text)
    record = head_to_head(
        config, candidate, opponent, games, options.seed, jobs, backend, options.engine
    )
    verdict = judge_head_to_head(record, tolerance)
    record["verdict"] = verdict.verdict
    record["tolerance"] = tolerance
    record["games_to_decide"] = verdict.games_to_decide
    record["sets"] = list(config.modules)
    record["command"] = command
    record["deckhand"] = simulator.__version__
    if json_out:
        run_folder.write_json(Path(json_out), record)
    return Versus(record, verdict, json_out)


# ---------------------------------------------------------------------------- comparison


def synthetic_objective(
    space: list[Param], seed: int, games: int
) -> tuple[Callable[[dict[str, Any]], tuple[float, float]], Callable[[dict[str, Any]], float]]:
    """A noisy stand-in for a tuning problem, to compare optimisers without playing: a true
    score 0.5 + 0.15 * exp(-|z - z*|^2 / (2 * 0.6^2)) over the parameters scaled to [0, 1] (z* drawn
    from the seed, one parameter in three irrelevant), observed as the mean of `games`
    Bernoulli draws. Returns (noisy evaluation, true score)."""
    rng = np.random.default_rng(seed)
    target = rng.uniform(0.15, 0.85, len(space))
    weight = np.where(np.arange(len(space)) % 3 == 2, 0.0, 1.0) / 0.6

    def true(params: dict[str, Any]) -> float:
        z = np.array([(params[p.name] - p.low) / (p.high - p.low) for p in space])
        return float(
            0.5 + 0.15 * math.exp(-0.5 * float(((z - target) * weight) ** 2 @ np.ones(len(z))))
        )

    def noisy(params: dict[str, Any]) -> tuple[float, float]:
        p = true(params)
        score = rng.binomial(games, p) / games
        return score, math.sqrt(p * (1 - p) / games)

    return noisy, true


def compare_optimisers(
    game: str = "import-export",
    strategy: str = "heuristic",
    trials: int = 40,
    games_per_trial: int = 200,
    repeats: int = 20,
    levels: int = 7,
) -> dict[str, dict[str, float]]:
    """Each optimiser on `repeats` synthetic problems of the strategy's space at the same
    budget: the mean true score of the candidate each would keep (its best observed trial;
    NTBEA's recommendation), and of the best point it evaluated."""

    defaults = resolve(game, strategy).cls.params
    space = parse_space(game, strategy, defaults)
    out: dict[str, dict[str, float]] = {}
    for name, search in SEARCH.items():
        kept, best = [], []
        for r in range(repeats):
            noisy, true = synthetic_objective(space, 1000 + r, games_per_trial)
            start = {p.name: p.value(float(defaults[p.name])) for p in space}
            found = search(space, start, trials, r, noisy, levels)
            chosen = found[0] if name == "ntbea" else max(found, key=lambda t: t.score)
            kept.append(true(chosen.params))
            best.append(max(true(t.params) for t in found))
        out[name] = {
            "kept": float(np.mean(kept)),
            "kept_se": float(np.std(kept, ddof=1) / math.sqrt(repeats)),
            "best_evaluated": float(np.mean(best)),
        }
    return out


if __name__ == "__main__":  # python -m simulator.experiments.tuning: the synthetic comparison
    for trials_, games_ in ((40, 200), (100, 80)):
        result = compare_optimisers(trials=trials_, games_per_trial=games_)
        for key, row in result.items():
            print(
                f"{trials_} trials x {games_} games  {key:7s} kept {row['kept']:.4f} "
                f"± {row['kept_se']:.4f}  best evaluated {row['best_evaluated']:.4f}"
            )
