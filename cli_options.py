"""The options the `deckhand` commands share, and how a command fails: the game options
(what is played), the grid and experiment options (where and how it plays), the tolerance, the
checks run while the options are read, and `fail_cleanly`, which turns a library error into
one line. The commands themselves are in cli.py; this is the command line's own module (it
imports click, the library never does)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from simulator.core.errors import CardSheetError, ConfigError, DeckhandError


class BadInput(click.ClickException):
    """A bad option or card sheet: one line, exit code 2 (a usage error, as click's own)."""

    exit_code = 2


def fail_cleanly(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a DeckhandError into a one-line error without a traceback: exit code 2 for a bad
    option or card sheet (a usage error, as click's own), 1 for anything else."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (ConfigError, CardSheetError) as exc:
            raise BadInput(str(exc)) from None
        except DeckhandError as exc:
            raise click.ClickException(str(exc)) from None
        except Exception as exc:
            if not type(exc).__module__.startswith("polars"):
                raise
            # damage the part checks could not see (a Parquet footer intact, its data not)
            folders = [v for v in kwargs.values() if isinstance(v, str) and Path(v).is_dir()]
            where = f"deckhand check {folders[0]}" if folders else "deckhand check FOLDER"
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise click.ClickException(
                f"a table could not be read ({type(exc).__name__}: {first}); `{where}` names "
                "the damaged file, and the command that made the folder plays its games again"
            ) from None

    return wrapper


def split_modules(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[str, ...]:
    if not value:
        return ()
    return tuple(m.strip() for m in value.split(",") if m.strip())


def split_rules(
    ctx: click.Context, param: click.Parameter, value: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    pairs = []
    for text in value:
        key, sep, number = text.partition("=")
        if not sep or not key.strip() or not number.strip():
            raise click.BadParameter(f"'{text}': expected KEY=VALUE, e.g. sell_price=5")
        pairs.append((key.strip(), number.strip()))
    return tuple(pairs)


def whole(option: str, accepted: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """A callback checking a whole-number option against its range (simulator/core/limits.py,
    `accepted` names the range there) while the options are read: a number refused stops
    before any folder is made, in one line (exit code 2, as a usage error)."""

    def check(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        from simulator.core import limits

        if value is None:
            return value
        try:
            return limits.check_whole(option, value, getattr(limits, accepted))
        except ConfigError as exc:
            raise BadInput(str(exc)) from None

    return check


def parse_tolerance(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> Any:
    from simulator.analysis.verdicts import Tolerances

    try:
        return Tolerances.parse(value)
    except ConfigError as exc:
        raise click.BadParameter(str(exc).removeprefix("--tolerance ")) from None


def _stacked(func: Callable[..., Any], options: list[Callable[..., Any]]) -> Callable[..., Any]:
    """`func` with `options` applied, the first listed first in the help."""
    for option in reversed(options):
        func = option(func)
    return func


def tolerance_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """--tolerance: the designer's bound on a difference that does not matter, in points; a
    figure whose whole interval lies within it is `balanced` (docs/metrics.md, "Verdicts")."""
    return click.option(
        "--tolerance",
        "tolerance",
        multiple=True,
        metavar="[MEASURE=]POINTS",
        callback=parse_tolerance,
        help="Largest win-rate difference, in points, that still counts as balanced: one "
        "number for every measure, or card=3 / seat=1 / strategy=3 (the defaults; "
        "repeatable). A verdict is balanced only when its whole interval lies within it.",
    )(func)


def game_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The options that choose what is played: players, modules, strategies, sheet, limits."""
    return _stacked(func, _game_option_list(rotate=True))


def experiment_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """game_options without --rotate: experiments (tune, ablate) place the bots themselves."""
    return _stacked(func, _game_option_list(rotate=False))


def _game_option_list(rotate: bool) -> list[Callable[..., Any]]:
    options = [
        click.option(
            "--players", "-p", type=int, default=4, show_default=True, help="Players per game."
        ),
        click.option(
            "--modules",
            "--sets",
            "-m",
            callback=split_modules,
            default="",
            help="Comma-separated modules or sets, e.g. events,postcards, or `all` "
            "(see `deckhand games`).",
        ),
        click.option(
            "--variant",
            "-V",
            "variants",
            callback=split_modules,
            default="",
            help="Comma-separated optional variants, e.g. market (see `deckhand games`).",
        ),
        click.option(
            "--rule",
            "rules",
            multiple=True,
            callback=split_rules,
            help="Change one of the game's rule numbers, KEY=VALUE (repeatable), e.g. "
            "sell_price=5; `deckhand rules GAME` lists them.",
        ),
        click.option(
            "--strategy",
            "-s",
            "strategies",
            multiple=True,
            help="Bot for every seat (given once) or per seat in order (given once per seat): "
            "name, name:key=value,key=value, or package.module:Class. Default: heuristic.",
        ),
        click.option(
            "--card-sheet", type=click.Path(dir_okay=False), help="A card sheet CSV to play with."
        ),
        click.option(
            "--powers",
            type=click.Path(dir_okay=False),
            help="A Python file of your own card powers for cards of the sheet, and the new "
            "decisions they ask (Import/Export; docs/designer-powers.md).",
        ),
        click.option(
            "--max-turns",
            type=int,
            callback=whole("--max-turns", "MAX_TURNS"),
            help="Stop a game with no winner after this many turns.",
        ),
        click.option(
            "--engine",
            type=click.Choice(["auto", "native", "python"]),
            default="auto",
            show_default=True,
            help="Which engine plays: native (the C++ core: Import/Export with every set and "
            "variant, the travel game with every module; the random, heuristic, classic and "
            "mcts bots), python (the reference), or auto: native when everything in the run "
            "is native, else Python, saying why. Both play the same games; `deckhand engine` "
            "says what is built.",
        ),
        click.option(
            "--seed",
            type=int,
            default=0,
            show_default=True,
            callback=whole("--seed", "SEED"),
            help="Master seed of the run (0 to 2^63 - 1).",
        ),
    ]
    if rotate:
        options.insert(
            -1,
            click.option(
                "--rotate/--no-rotate",
                default=True,
                show_default=True,
                help="Rotate the strategies around the table from game to game.",
            ),
        )
    return options


def grid_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """How the runs of a grid (mixes, sweep) are played and where they go."""
    options = [
        click.option(
            "--games", "-n", type=int, default=1000, show_default=True, help="Games per run."
        ),
        click.option(
            "--out",
            "-o",
            type=click.Path(file_okay=False),
            required=True,
            help="Folder for the run folders and the HTML reports.",
        ),
        click.option(
            "--jobs",
            "-j",
            type=int,
            default=1,
            show_default=True,
            help="Worker processes (-1: all).",
        ),
        click.option(
            "--backend",
            default="loky",
            show_default=True,
            help="Where chunks are played (as for `deckhand simulate`).",
        ),
        click.option(
            "--chunk-size",
            type=int,
            default=None,
            help="Games per part file [default: --games / 16, between 25 and 500].",
        ),
        click.option(
            "--check-invariants",
            is_flag=True,
            help="Check card conservation after every decision.",
        ),
        click.option(
            "--overwrite",
            is_flag=True,
            help="Replace existing run folders instead of resuming them.",
        ),
        click.option("--quiet", "-q", is_flag=True, help="No progress bars."),
    ]
    return _stacked(func, options)


def workers_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Where an experiment plays: worker processes and backend."""
    options = [
        click.option(
            "--jobs",
            "-j",
            type=int,
            default=1,
            show_default=True,
            help="Worker processes (-1: all).",
        ),
        click.option(
            "--backend",
            type=click.Choice(["loky", "threading", "sequential", "dask", "ray"]),
            default="loky",
            show_default=True,
            help="Where games are played (as for `deckhand simulate`, local cluster only).",
        ),
    ]
    return _stacked(func, options)


def run_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Where an experiment plays (workers, backend), where it writes, and how it reports."""
    func = click.option("--quiet", "-q", is_flag=True, help="No progress output.")(func)
    func = workers_options(func)
    return click.option(
        "--out", "-o", type=click.Path(file_okay=False), required=True, help="Output folder."
    )(func)


def play_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """How `deckhand simulate` plays a run: how many games, into which folder, on which workers
    and backend, in what chunks, until what interval, with duplicate deals, invariants
    checked, and whether it replaces a folder or says its progress."""
    return _stacked(
        func,
        [
            click.option(
                "--games",
                "-n",
                type=int,
                default=1000,
                show_default=True,
                help="Number of games (with --until-ci: the most games to play).",
            ),
            click.option(
                "--out", "-o", type=click.Path(file_okay=False), required=True, help="Run folder."
            ),
            click.option(
                "--jobs",
                "-j",
                type=int,
                default=1,
                show_default=True,
                help="Workers on this machine (-1: every core); also the size of the local Dask "
                "cluster or Ray instance started without an address. Ignored with an address.",
            ),
            click.option(
                "--backend",
                type=click.Choice(["loky", "threading", "sequential", "dask", "ray"]),
                default="loky",
                show_default=True,
                help="Where chunks are played: loky (worker processes on this machine), "
                "threading, sequential, dask or ray (a cluster; needs pip install "
                "'deckhand[cluster]'). Results are identical on every backend.",
            ),
            click.option(
                "--scheduler",
                "--address",
                "address",
                metavar="ADDRESS",
                help="The cluster for --backend dask (scheduler address, e.g. "
                "tcp://10.0.0.5:8786) or --backend ray (e.g. ray://10.0.0.5:10001, or auto). "
                "Without it dask starts a local LocalCluster of --jobs workers and ray a local "
                "instance (ray.init) with --jobs CPUs. Workers send the games back here; they "
                "need deckhand installed, not the run folder.",
            ),
            click.option(
                "--chunk-size",
                type=int,
                default=None,
                help="Games per part file [default: --games / 16, at least 25 and at most 500, so "
                "a small run uses every worker; with --duplicate, whole deals; a resumed run "
                "keeps its own].",
            ),
            click.option(
                "--until-ci",
                type=float,
                metavar="HALF_WIDTH",
                help="Play chunks in order until the headline 95% interval (the widest Wilson "
                "half-width of the turn-order win rates, or of the strategy-slot win rates when a "
                "strategy is given per seat) is at most HALF_WIDTH, e.g. 0.01 for +/- 1 point; "
                "--games is then the maximum.",
            ),
            click.option(
                "--duplicate",
                is_flag=True,
                help="Duplicate deals: each shuffle is played once per seat rotation (blocks of "
                "--players games, strategies rotated one seat per game); needs one --strategy per "
                "seat.",
            ),
            click.option(
                "--check-invariants",
                is_flag=True,
                help="Check card conservation after every decision.",
            ),
            click.option(
                "--overwrite",
                is_flag=True,
                help="Replace an existing run folder instead of resuming it.",
            ),
            click.option("--quiet", "-q", is_flag=True, help="No progress bar."),
        ],
    )


def bench_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """What `deckhand bench` measures: the games and repeats, and its mode (the standing suite,
    the forward model or a search bot's speed instead of games per second; the profile,
    the time's split and the invariant check beside it)."""
    return _stacked(
        func,
        [
            click.option(
                "--games",
                "-n",
                type=click.IntRange(min=1),
                help="Games per repeat.  [default: 200; --suite: per entry]",
            ),
            click.option(
                "--repeats",
                "-r",
                type=click.IntRange(min=1),
                default=5,
                show_default=True,
                help="Timed repeats.",
            ),
            click.option(
                "--profile", is_flag=True, help="Also print where the time goes (cProfile)."
            ),
            click.option(
                "--split", is_flag=True, help="Also split the time between rules, bots and logging."
            ),
            click.option(
                "--suite",
                is_flag=True,
                help="Run the standing table of configurations (docs/performance.md) instead of "
                "one.",
            ),
            click.option(
                "--check-invariants",
                is_flag=True,
                help="Also time the same games with card conservation checked after every "
                "decision, and print how many times slower they are.",
            ),
            click.option(
                "--forward",
                is_flag=True,
                help="Instead, time the forward model: Playthrough.clone() and .for_seat() at "
                "decisions of random games (us per call), between powers and inside one.",
            ),
            click.option(
                "--instructions",
                is_flag=True,
                help="Instead, count the native core's instructions for the games (-n, default "
                "1) with valgrind's callgrind: the figure that stays put when the machine's "
                "speed does not.",
            ),
            click.option(
                "--search",
                metavar="STRATEGY",
                help="Instead, time a searching strategy (e.g. mcts:iterations=100): iterations "
                "per second at one decision 40 decisions into each of -n games of the -s "
                "strategies (default 6), and the shares spent determinising and rolling out.",
            ),
        ],
    )


def detection_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The test `deckhand plan` sizes a difference for (analysis/planning.py's parameters):
    players, baseline, exposure, level and power."""
    return _stacked(
        func,
        [
            click.option(
                "--players", "-p", type=int, default=4, show_default=True, help="Players per game."
            ),
            click.option("--baseline", type=float, help="Win rate without the effect [1/players]."),
            click.option(
                "--exposure",
                type=float,
                default=0.5,
                show_default=True,
                help="card: fraction of player-games that hold the card.",
            ),
            click.option(
                "--alpha", type=float, default=0.05, show_default=True, help="Test level."
            ),
            click.option(
                "--power",
                type=float,
                default=0.8,
                show_default=True,
                help="Chance to detect the difference if it is real.",
            ),
        ],
    )


def tune_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """How `deckhand tune` searches, validates and confirms (experiments/tuning.py's
    `tune_preset` settings, by the same names)."""
    return _stacked(
        func,
        [
            click.option(
                "--start",
                help="The parameters the search starts from and the confirmation plays against "
                "[default: the strategy's own defaults], e.g. heuristic@tuned-base-4p.",
            ),
            click.option(
                "--opponent",
                "opponents",
                multiple=True,
                help="The opponent pool, one strategy per --opponent [default: heuristic and the "
                "archetypes (Import/Export), heuristic (travel)].",
            ),
            click.option(
                "--space",
                "space",
                multiple=True,
                help="Change a searched range, KEY=LOW:HIGH, or keep a parameter at its start, "
                "KEY=fixed (repeatable; defaults in strategies/tuning.py).",
            ),
            click.option(
                "--optimiser",
                type=click.Choice(["optuna", "ntbea", "random"]),
                default="optuna",
                show_default=True,
                help="optuna (TPE), ntbea (N-Tuple Bandit Evolutionary Algorithm) or random "
                "search.",
            ),
            click.option(
                "--trials", type=int, default=40, show_default=True, help="Candidates searched."
            ),
            click.option(
                "--games-per-trial",
                type=int,
                default=200,
                show_default=True,
                help="Games per candidate (the same deals for every candidate).",
            ),
            click.option(
                "--validate-top",
                type=int,
                default=3,
                show_default=True,
                help="Best candidates played again on fresh deals before one is kept.",
            ),
            click.option(
                "--validate-games",
                type=int,
                default=1000,
                show_default=True,
                help="Games per validation.",
            ),
            click.option(
                "--confirm-games",
                type=int,
                default=4000,
                show_default=True,
                help="Head-to-head games against the start at --players: each deal once per seat, "
                "the candidate in that seat (at 2 players: seats swapped).",
            ),
            click.option(
                "--name", default="tuned", show_default=True, help="Preset name: OUT/NAME.json."
            ),
        ],
    )


def design_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The design of `deckhand ablate`: the cards, how their powers are switched, the deals,
    the seat rotation, a number instead of the power, and whether OUT is replaced."""
    return _stacked(
        func,
        [
            click.option(
                "--cards",
                default="all",
                show_default=True,
                help="The cards whose powers are switched: all, or names joined by commas. "
                "Paired: the cards of a finished ablation in the same --out and more plays only "
                "the new cards' games.",
            ),
            click.option(
                "--design",
                type=click.Choice(["factorial", "paired"]),
                default="factorial",
                show_default=True,
                help="factorial: every power switched at random per game, one run measures every "
                "card; paired: every deal played as printed and once per card with its power off.",
            ),
            click.option(
                "--games",
                "-n",
                type=int,
                default=2000,
                show_default=True,
                help="Deals: factorial, games; paired, each played 1 + (number of cards) times. A "
                "larger number in the same --out grows a finished ablation, playing only the new "
                "deals.",
            ),
            click.option(
                "--off-share",
                type=float,
                default=0.5,
                show_default=True,
                help="Factorial: the probability that a card's power is off in a game.",
            ),
            click.option(
                "--duplicate/--no-duplicate",
                default=None,
                help="Play each deal once per seat rotation [default: on when the seats hold "
                "different strategies].",
            ),
            click.option(
                "--param",
                help="Ablate a number instead of the power: KEY=VALUE for the one card of --cards, "
                "against its printed value (the sweep, reused).",
            ),
            click.option("--overwrite", is_flag=True, help="Replace an existing ablation in OUT."),
        ],
    )


def focus_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """How `deckhand ladder` plays its dear rungs for the flagged cards only
    (experiments/ladder.py's Focus)."""
    return _stacked(
        func,
        [
            click.option(
                "--focus-from",
                "focus_from",
                default=None,
                help="Play the rungs from this one up (the dear ones: a search bot) only for the "
                "cards the rungs below flag, as paired ablations of their powers (Import/Export) "
                "[default: every rung in full].",
            ),
            click.option(
                "--focus-deals",
                type=click.IntRange(min=1),
                default=300,
                show_default=True,
                help="Deals of each focused ablation, and games of each focused strength step (a "
                "multiple of the players: whole deals). A larger number in the same --out plays "
                "only the new deals.",
            ),
            click.option(
                "--focus-cards",
                default="flagged",
                show_default=True,
                help="The cards the focused rungs judge: flagged (rewards or punishes skill on "
                "the rungs below) or names joined by commas. The cards judged in the same --out "
                "and more plays only the new cards' games.",
            ),
            click.option(
                "--focus-most",
                type=click.IntRange(min=1),
                default=8,
                show_default=True,
                help="At most this many flagged cards, the largest change first.",
            ),
        ],
    )
