"""The benchmark behind `deckhand bench`: games per second on one core, median of repeats.

Each repeat plays the same games (same seeds) in this process with full logging: the rules,
the strategies, the per-player event lists and the conversion into dataset columns; only
the Parquet write is left out, as it is per chunk and not per game. One more, untimed-for-rate
pass splits the time between the rules, the bots (their `choose` calls) and the logging
(the dataset rows), so a change can say where it bought its speed. `SUITE` is the standing
table of configurations (`deckhand bench --suite`), recorded in docs/performance.md.
`bench_lines` is the command: one of its four modes (the suite, a search bot's speed, the
forward model's costs, or one configuration's rate), said line by line as it is measured.
"""

from __future__ import annotations

import cProfile
import io
import platform
import pstats
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from simulator.core import machine
from simulator.core.datasets import empty_columns, rows_for_game, to_frames
from simulator.core.errors import ConfigError
from simulator.core.forward import Playthrough, SeatModel
from simulator.core.protocol import Decision, Lookahead, Strategy
from simulator.core.seeding import GameRandom
from simulator.folders.config import RunConfig, RunOptions, make_run_config
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.travel.rules import TravelGame
from simulator.native import CORE, mcts_table
from simulator.native.chunk import native_frames, play_columns
from simulator.native.engine_choice import choose_engine
from simulator.native.ie_table import native_table
from simulator.native.seats import seat_codes
from simulator.native.seeds import game_streams
from simulator.native.travel_chunk import travel_frames
from simulator.runs.instructions import count_instructions, count_search_instructions
from simulator.runs.match import Match
from strategies.registry import resolve


@dataclass(frozen=True)
class Shares:
    """Where one pass's time went, in seconds."""

    total: float
    bots: float
    logging: float

    @property
    def rules(self) -> float:
        """Everything else: the rules, the engine loop, the views bots are given."""
        return self.total - self.bots - self.logging


@dataclass(frozen=True)
class BenchResult:
    config: RunConfig
    games: int
    rates: tuple[float, ...]
    turns_per_game: float
    decisions_per_game: float
    profile: str | None = None
    shares: Shares | None = None

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    @property
    def us_per_turn(self) -> float:
        return 1e6 / (self.median * self.turns_per_game)

    @property
    def us_per_decision(self) -> float:
        return 1e6 / (self.median * self.decisions_per_game)


class _Timed(Strategy):
    """A seat's strategy with a stopwatch around its choices."""

    def __init__(self, inner: Strategy, clock: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.clock = clock

    def choose(self, decision: Decision, view: Any, rng: GameRandom) -> Any:
        start = time.perf_counter()
        try:
            return self.inner.choose(decision, view, rng)
        finally:
            self.clock[0] += time.perf_counter() - start

    def looks_ahead_in(self, kinds: frozenset[str]) -> bool:
        """As the wrapped bot: a searching one is asked with the forward model."""
        return self.inner.looks_ahead_in(kinds)

    def choose_ahead(self, decision: Decision, view: Any, rng: GameRandom, model: Lookahead) -> Any:
        start = time.perf_counter()
        try:
            return self.inner.choose_ahead(decision, view, rng, model)
        finally:
            self.clock[0] += time.perf_counter() - start


def _play(
    match: Match,
    games: int,
    seat_wrapper: Callable[[Strategy], Strategy] | None = None,
    log_clock: list[float] | None = None,
) -> tuple[int, int]:
    spec = match.spec
    cols_games, cols_players = empty_columns(spec)
    texts = [c.text for c in match.choices]
    modules = ",".join(match.config.game.modules)
    turns = decisions = 0
    for index in range(games):
        outcome, asked, slots = match.play(index, seat_wrapper=seat_wrapper)
        turns += outcome.turns
        decisions += asked
        start = time.perf_counter() if log_clock is not None else 0.0
        rows_for_game(
            spec,
            index,
            match.config.seed,
            modules,
            outcome,
            asked,
            [texts[s] for s in slots],
            slots,
            cols_games,
            cols_players,
        )
        if log_clock is not None:
            log_clock[0] += time.perf_counter() - start
    start = time.perf_counter()
    to_frames(spec, cols_games, cols_players)
    if log_clock is not None:
        log_clock[0] += time.perf_counter() - start
    return turns, decisions


def play_native(match: Match, games: int, log_clock: list[float] | None = None) -> tuple[int, int]:
    """The same games as `_play`, played by the native core, with full logging: the core's
    columns made into the same tables (native/chunk.py); `log_clock` gets the time spent
    making the tables from the columns (the core's own logging is inside the core's time).
    `bench --instructions` counts the same call (simulator/runs/counted.py)."""
    start = time.perf_counter()
    if isinstance(match.game, TravelGame):
        games_df, _ = travel_frames(match.config, match.game, match.choices, range(games))
    else:
        games_df, _ = native_frames(match.config, _native_game(match), match.choices, range(games))
    if log_clock is not None:
        log_clock[0] += time.perf_counter() - start
    return int(games_df["turns"].sum()), int(games_df["decisions"].sum())


def _shares(match: Match, games: int) -> Shares:
    bots, logging = [0.0], [0.0]
    start = time.perf_counter()
    _play(match, games, lambda seat: _Timed(seat, bots), logging)
    return Shares(time.perf_counter() - start, bots[0], logging[0])


def _native_game(match: Match) -> ImportExportGame:
    """The match's game, which the native engine plays only for Import/Export."""
    assert isinstance(match.game, ImportExportGame)  # engine_choice.py chose native
    return match.game


def _native_shares(match: Match, games: int) -> Shares:
    """One more native pass, split: the core's own clock of its bots' choices and of its
    logging (the columns it fills), where it keeps one, plus the tables made from them."""
    start = time.perf_counter()
    if isinstance(match.game, TravelGame):  # the travel core keeps no clock of its own
        travel_frames(match.config, match.game, match.choices, range(games))
        return Shares(time.perf_counter() - start, 0.0, 0.0)
    game = _native_game(match)
    cols = play_columns(match.config, game, match.choices, range(games), timing=True)
    core = time.perf_counter() - start
    start = time.perf_counter()
    native_frames(match.config, game, match.choices, range(games), cols)
    tables = time.perf_counter() - start
    bots = float(cols["seconds_bots"][0]) if "seconds_bots" in cols else 0.0
    logging = float(cols["seconds_logging"][0]) if "seconds_logging" in cols else 0.0
    return Shares(core + tables, bots, logging + tables)


def benchmark(
    config: RunConfig,
    games: int = 200,
    repeats: int = 5,
    profile: bool = False,
    shares: bool = False,
    engine: str = "python",
) -> BenchResult:
    """Time `repeats` runs of `games` games on one core; optionally split one more run's
    time (rules, bots, logging) and profile one more. `engine` "native" plays them with the
    native core (native/chunk.py), the same games."""
    match = Match(config)
    native = engine == "native"
    play = play_native if native else _play
    play(match, min(games, 10))  # warm-up: imports, caches
    rates = []
    turns = decisions = 0
    for _ in range(repeats):
        start = time.perf_counter()
        turns, decisions = play(match, games)
        rates.append(games / (time.perf_counter() - start))
    if shares and native:
        split: Shares | None = _native_shares(match, games)
    else:
        split = _shares(match, games) if shares else None
    text = None
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(match, games)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        text = out.getvalue()
    return BenchResult(config, games, tuple(rates), turns / games, decisions / games, text, split)


@dataclass(frozen=True)
class ForwardCosts:
    """What the forward model costs (core/forward.py), in µs per call: medians of repeats."""

    between: int
    """Decisions timed that wait on no power."""
    inside: int
    """Decisions timed inside a power's resolution."""
    clone_between: float
    clone_inside: float
    for_seat_between: float
    for_seat_inside: float


def forward_costs(config: RunConfig, games: int = 40, repeats: int = 5) -> ForwardCosts:
    """Time `Playthrough.clone()` and `.for_seat()` at every fifth decision of `games` games
    played by uniformly random answers (and at every decision inside a power), copies of
    the games taken on the way: the cost a search bot pays per playout."""
    match = Match(config)
    game = match.game
    walk = GameRandom.from_seed(config.seed)
    between: list[Playthrough] = []
    inside: list[Playthrough] = []
    for index in range(games):
        pt = Playthrough.start(game, config.seed, index)
        k = 0
        while pt.decision is not None:
            in_power = machine.waiting_flow(pt.state) is not None
            if in_power or k % 5 == 2:
                (inside if in_power else between).append(pt.clone())
            options = pt.decision.options
            pt.apply(options[walk.below(len(options))])
            k += 1
    redeal = GameRandom.from_seed(config.seed + 1)

    def clone(pt: Playthrough) -> Any:
        return pt.clone()

    def for_seat(pt: Playthrough) -> Any:
        assert pt.decision is not None
        return pt.for_seat(pt.decision.player, redeal)

    def median_us(call: Callable[[Playthrough], Any], items: list[Playthrough]) -> float:
        if not items:
            return float("nan")
        runs = []
        for _ in range(repeats):
            start = time.perf_counter()
            for pt in items:
                call(pt)
            runs.append((time.perf_counter() - start) / len(items) * 1e6)
        return statistics.median(runs)

    return ForwardCosts(
        len(between),
        len(inside),
        median_us(clone, between),
        median_us(clone, inside),
        median_us(for_seat, between),
        median_us(for_seat, inside),
    )


class NotASearcher(ValueError):
    """`--search` names a strategy that does not search (a usage error of `deckhand bench`)."""


@dataclass(frozen=True)
class SearchSpeed:
    """How fast a searching strategy searches (strategies/mcts.py): iterations per second at
    positions of real games, and the shares of one profiled pass."""

    positions: int
    kinds: tuple[str, ...]
    """The kind of each decision searched."""
    iterations_per_second: float
    """Median over repeats, not profiled. The iterations counted are those that played a
    rollout: a search stops once its answer is settled, and the iteration that settles it
    plays none (strategies/mcts.py), so counting it would flatter the rate."""
    ms_per_decision: float
    """Median over repeats of the mean time of one search (one decision), not profiled."""
    determinise: float
    """Share of the search spent making determinisations (the redeal included)."""
    redeal: float
    rollout: float
    """Share spent in rollouts (the rules and the rollout policy)."""


def search_speed(
    config: RunConfig, search: str, positions: int = 6, after: int = 40, repeats: int = 3
) -> SearchSpeed:
    """Time strategy `search` (a `--strategy` text of a searching bot) at one decision of each
    of `positions` games, the first it searches `after` decisions in (a bot that searches
    some kinds only, mcts's `search`, is timed where it searches), the games played by the
    run's strategies (each seat its own, as in a run). The tree is the only thing that is
    not determinising or rolling out."""
    match = Match(config)
    game = match.game
    bot = resolve(config.game.game, search).build()
    if not bot.looks_ahead:
        raise NotASearcher(f"--search {search}: not a searching strategy (try mcts)")
    seats = [choice.build() for choice in match.choices]
    searched: frozenset[str] = getattr(bot, "searched", frozenset())

    def searches(kind: str) -> bool:
        return not searched or kind in searched

    walk = GameRandom.from_seed(config.seed)
    points: list[Playthrough] = []
    for index in range(positions):
        pt = Playthrough.start(game, config.seed, index)
        k = 0
        while pt.decision is not None and (
            k < after or len(pt.decision.options) == 1 or not searches(pt.decision.kind)
        ):
            d = pt.decision
            options = d.options
            player = seats[d.player % len(seats)]
            pt.apply(
                options[0] if len(options) == 1 else player.choose(d, pt.observe(d.player), walk)
            )
            k += 1
        if pt.decision is not None:
            points.append(pt)

    def search_all() -> int:
        done = 0
        for pt in points:
            d = pt.decision
            assert d is not None
            rng = GameRandom.from_seed(config.seed + done)
            before = getattr(bot, "rollouts_done", 0)
            bot.choose_ahead(d, pt.observe(d.player), rng, SeatModel(pt, d.player))
            done += getattr(bot, "rollouts_done", 0) - before
        return done

    rates, times = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        iterations = search_all()
        took = time.perf_counter() - start
        rates.append(iterations / took)
        times.append(1000 * took / max(1, len(points)))
    profiler = cProfile.Profile()
    profiler.runcall(search_all)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]

    def cumulative(name: str) -> float:
        return sum(v[3] for k, v in stats.items() if k[2] == name)

    total = cumulative("choose_ahead") or 1.0
    return SearchSpeed(
        len(points),
        tuple(pt.decision.kind for pt in points if pt.decision is not None),
        statistics.median(rates),
        statistics.median(times),
        cumulative("determinise") / total,
        cumulative("redeal") / total,
        cumulative("_rollout") / total,
    )


@dataclass(frozen=True)
class SuiteEntry:
    """One standing benchmark configuration."""

    label: str
    game: str
    players: int
    modules: tuple[str, ...]
    strategy: str
    games: int
    """Games per repeat: about the same few seconds for each entry."""


EXPANSIONS = ("capital", "tokyo", "kickstarter", "kickstarter2", "j", "flag")
SUITE: tuple[SuiteEntry, ...] = (
    SuiteEntry("IE base, 4 x heuristic", "import-export", 4, ("base",), "heuristic", 200),
    SuiteEntry("IE all sets, 4 x heuristic", "import-export", 4, ("all",), "heuristic", 200),
    SuiteEntry("IE base, 4 x random", "import-export", 4, ("base",), "random", 300),
    SuiteEntry("travel all modules, 4 x heuristic", "travel", 4, ("all",), "heuristic", 400),
    SuiteEntry("IE base, 2 x heuristic", "import-export", 2, ("base",), "heuristic", 300),
    SuiteEntry("IE base, 6 x heuristic", "import-export", 6, ("base",), "heuristic", 150),
    SuiteEntry(
        "IE expansions only (power-heavy), 4 x heuristic",
        "import-export",
        4,
        EXPANSIONS,
        "heuristic",
        200,
    ),
)
"""The table of issue 11 plus 2 and 6 players and a power-heavy mix (the 70 expansion
cards, every one with a power and many with choices)."""


def bench_lines(
    options: RunOptions | None,
    games: int | None = None,
    repeats: int = 5,
    build: str = "pure",
    suite: bool = False,
    search: str | None = None,
    forward: bool = False,
    profile: bool = False,
    split: bool = False,
    check_invariants: bool = False,
    instructions: bool = False,
) -> Iterator[str]:
    """What `deckhand bench` says, each line as soon as it is measured: the standing suite
    (`suite`; no `options`), a searching strategy's speed (`search`), the forward model's
    costs (`forward`), the native core's instructions for one configuration's games or, with
    `search`, its search (`instructions`, counted by callgrind), else the rate of
    one configuration (with `split`, `check_invariants` and `profile`). `games` per repeat
    defaults by mode (the suite's own per entry, 6 positions searched, 40 forward games,
    1 game counted, 200 games); `build` names the build measured."""
    if instructions:
        others = {
            "--suite": suite,
            "--forward": forward,
            "--profile": profile,
            "--split": split,
            "--check-invariants": check_invariants,
        }
        if any(others.values()) or options is None:
            given = ", ".join(k for k, v in others.items() if v) or "no GAME"
            raise ConfigError(
                f"--instructions counts one configuration's games (a GAME and its options), "
                f"not with {given}"
            )
        yield from instruction_lines(options, games or (6 if search else 1), search)
    elif suite:
        yield from suite_lines(games, repeats, build)
    elif options is None:
        raise ValueError("bench_lines: a configuration, or suite=True")
    elif search:
        yield from search_lines(options, search, games or 6, repeats, build)
    elif forward:
        yield from forward_lines(options, games or 40, repeats, build)
    else:
        n = games or 200
        yield from rate_lines(options, n, repeats, build, profile, split, check_invariants)


def _sized(options: RunOptions, games: int) -> RunConfig:
    """The validated config of `games` games in one chunk (a benchmark plays them in this
    process)."""
    return options.but(games=games, chunk_size=games).config()


def _table(config: RunConfig) -> str:
    g = config.game
    return f"game={g.game} players={g.players} modules={','.join(g.modules) or 'none'} "


def _played(config: RunConfig) -> str:
    """What a configuration's games are: the table, strategies, seed, logging and rules."""
    return (
        _table(config)
        + f"strategies={','.join(config.strategies)} seed={config.seed} logging=full "
        + "".join(f"rule:{k}={v} " for k, v in config.game.rules)
    )


def instruction_lines(options: RunOptions, games: int, search: str | None = None) -> Iterator[str]:
    """`deckhand bench --instructions`: the configuration, then the native core's
    instructions for its games, or with `search` for that search once at the position of
    each game (`search_lines`' positions; simulator/runs/instructions.py)."""
    if options.engine == "python":
        raise ConfigError(
            "--instructions counts the native core's instructions: not with --engine python"
        )
    config = _sized(options, games)
    if search is None:
        yield _played(config) + "build=native; instructions counted by callgrind"
        yield count_instructions(config).line()
        return
    yield (
        _played(config) + f"build=native; {search} once at the position of each of {games} "
        "games, 40 decisions in; instructions counted by callgrind"
    )
    yield count_search_instructions(config, search).line()


def suite_lines(games: int | None, repeats: int, build: str) -> Iterator[str]:
    """The standing suite (`SUITE`): a header, then one row per entry as it is measured
    (games/s, us per turn and decision, turns and decisions per game, the time's shares)."""
    yield (
        f"deckhand bench --suite: one core, full logging, median of {repeats}, "
        f"python={platform.python_version()}, build={build}"
    )
    yield (
        f"{'configuration':<48} {'games/s':>8} {'us/turn':>8} {'us/dec':>7} "
        f"{'turns':>6} {'decs':>6} {'rules':>6} {'bots':>5} {'log':>5}"
    )
    for entry in SUITE:
        n = games or entry.games
        config = make_run_config(
            entry.game, entry.players, entry.modules, (entry.strategy,), games=n, seed=0
        )
        r = benchmark(config, games=n, repeats=repeats, shares=True)
        assert r.shares is not None
        share = r.shares
        yield (
            f"{entry.label:<48} {r.median:>8.1f} {r.us_per_turn:>8.1f} "
            f"{r.us_per_decision:>7.1f} {r.turns_per_game:>6.1f} "
            f"{r.decisions_per_game:>6.1f} {share.rules / share.total:>6.0%} "
            f"{share.bots / share.total:>5.0%} {share.logging / share.total:>5.0%}"
        )


NATIVE_WINDOW_S = 0.2
"""The shortest timed window of the native search bench: the positions are searched round
after round until it has passed (one round of 6 positions lasts about 4 ms natively, near a
scheduler's time slice, so one preemption would halve that repeat's rate)."""


def search_lines(
    options: RunOptions, search: str, positions: int, repeats: int, build: str
) -> Iterator[str]:
    """A searching strategy timed at `positions` positions (`search_speed`): what was timed,
    then its speed and the shares of its search (NotASearcher for a bot that does not)."""
    config = _sized(options, positions)
    r = search_speed(config, search, positions=positions, repeats=repeats)
    yield (
        _table(config) + f"strategies={','.join(config.strategies)} seed={config.seed} "
        f"python={platform.python_version()} build={build}; {search} at "
        f"{r.positions} positions (its first search 40 decisions in: "
        f"{', '.join(sorted(set(r.kinds)))}), median of {repeats}"
    )
    yield (
        f"{r.ms_per_decision:.1f} ms per decision searched, "
        f"{r.iterations_per_second:.0f} iterations/s; of the search (cProfile): "
        f"determinising {r.determinise:.0%} (the redeal {r.redeal:.0%}), rollouts "
        f"{r.rollout:.0%}, the tree the rest"
    )
    native = native_search_speed(config, search, positions, repeats)
    if native is not None:
        rate, ms, kinds, cpu_rate = native
        yield (
            f"native core: {ms:.2f} ms per decision searched, {rate:.0f} iterations/s "
            f"({cpu_rate:.0f} per second of CPU) "
            f"({rate / max(r.iterations_per_second, 1e-9):.0f}x) at {positions} positions of "
            f"the native games, the first searched 40 decisions in "
            f"({', '.join(sorted(set(kinds)))}), median of {repeats} repeats of at least "
            f"{NATIVE_WINDOW_S} s each"
        )


def native_search_speed(
    config: RunConfig, search: str, positions: int, repeats: int, after: int = 40
) -> tuple[float, float, list[str], float] | None:
    """The native search (bot_mcts.cpp) timed as `search_speed` times the Python one, at one
    position of each of `positions` native games (None: the core cannot play this run or
    search natively)."""
    out = native_search_rounds(config, search, positions, repeats, NATIVE_WINDOW_S, after)
    if out is None:
        return None
    return (
        statistics.median(out["rates"]),
        statistics.median(out["ms"]),
        list(out["kinds"]),
        statistics.median(out["cpu_rates"]),
    )


def native_search_rounds(
    config: RunConfig,
    search: str,
    positions: int,
    repeats: int,
    min_seconds: float,
    after: int = 40,
) -> dict[str, Any] | None:
    """The core's `mcts_at`: the native search at one position of each of `positions` native
    games, `after` asked decisions in, each repeat searching them round after round for at
    least `min_seconds` (0: one round, as `bench --search --instructions` counts it); its
    rates, iterations and the kinds searched. None: the core cannot play this run or search
    natively here (the core's `mcts_at` is Import/Export's: travel's search has none)."""
    if config.game.game != "import-export" or CORE is None or not hasattr(CORE, "mcts_at"):
        return None
    if choose_engine(config).engine != "native":
        return None
    bot = resolve(config.game.game, search).build()
    if mcts_table.native_reason(bot) is not None:
        return None
    match = Match(config)
    game = match.game
    assert isinstance(game, ImportExportGame)  # (the game checked above)
    indices = list(range(positions))
    codes, texts = seat_codes(match.choices, game)
    players = config.game.players
    seats = [[codes[i % len(codes)] for i in range(players)] for _ in indices]
    return dict(
        CORE.mcts_at(
            native_table(game),
            players,
            game_streams(config.seed, indices, indices),
            np.array(seats, dtype=np.int8).reshape(len(indices), players),
            texts,
            after,
            mcts_table.seat_options(bot, game),  # type: ignore[arg-type]
            repeats,
            config.seed,
            min_seconds=min_seconds,
        )
    )


def forward_lines(options: RunOptions, games: int, repeats: int, build: str) -> Iterator[str]:
    """The forward model's costs (`forward_costs`) over `games` random-answer games."""
    config = _sized(options, games)
    f = forward_costs(config, games=games, repeats=repeats)
    yield (
        _table(config) + f"seed={config.seed} python={platform.python_version()} "
        f"build={build}; {games} random-answer games, median of {repeats}"
    )
    yield (
        f"clone(): {f.clone_between:.1f} us between powers ({f.between} decisions), "
        f"{f.clone_inside:.1f} us inside a power ({f.inside}); for_seat(): "
        f"{f.for_seat_between:.1f} us between powers, {f.for_seat_inside:.1f} us inside"
    )


def seconds_a_game(rate: float) -> str:
    """The seconds a game, written `, 0.298 s a game`, beside a rate under 10 games/s (a
    search's games), where one decimal of games/s is too coarse to read a per-game target
    from; nothing beside a faster rate."""
    return f", {1 / rate:.3f} s a game" if 0 < rate < 10 else ""


def rate_lines(
    options: RunOptions,
    games: int,
    repeats: int,
    build: str,
    profile: bool = False,
    split: bool = False,
    check_invariants: bool = False,
) -> Iterator[str]:
    """One configuration's games per second (`benchmark`): what was timed, the rate with its
    per-turn and per-decision costs; with `split` the time's shares, with `check_invariants`
    the same games timed with the check, with `profile` the profile. The engine is the one
    `--engine` chooses for the configuration (engine_choice.py), named in the first line."""
    config = _sized(options, games)
    chosen = choose_engine(config, "python" if check_invariants else options.engine)
    if chosen.engine == "native":
        build = "native"
    result = benchmark(
        config, games=games, repeats=repeats, profile=profile, shares=split, engine=chosen.engine
    )
    yield _played(config) + f"python={platform.python_version()} build={build}"
    yield (
        f"{result.median:.1f} games/s per core{seconds_a_game(result.median)} "
        f"(median of {repeats} x {games} games; "
        f"min {min(result.rates):.1f}, max {max(result.rates):.1f}); "
        f"{result.turns_per_game:.1f} turns and {result.decisions_per_game:.1f} decisions per "
        f"game; {result.us_per_turn:.1f} us per turn, {result.us_per_decision:.1f} us per decision"
    )
    if result.shares:
        s = result.shares
        yield (
            f"time: rules {s.rules / s.total:.0%}, bots {s.bots / s.total:.0%}, "
            f"logging {s.logging / s.total:.0%} (one more pass of {games} games)"
        )
    if check_invariants:
        checked = benchmark(replace(config, check_invariants=True), games=games, repeats=repeats)
        yield (
            f"with --check-invariants: {checked.median:.1f} games/s per core (median of "
            f"{repeats}; min {min(checked.rates):.1f}, max {max(checked.rates):.1f}); "
            f"{result.median / checked.median:.2f} times the time without"
        )
    if result.profile:
        yield result.profile
