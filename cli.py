"""The `deckhand` command: thin click wrappers over library functions.

Every command calls one function of simulator/ or reports/; shared flags are decorators.
"""

from __future__ import annotations

import functools
import os
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from simulator import __version__
from simulator.core.errors import CardSheetError, ConfigError, DeckhandError


def _fail_cleanly(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn a DeckhandError into a one-line error without a traceback: exit code 2 for a bad
    option or card sheet (a usage error, as click's own), 1 for anything else."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (ConfigError, CardSheetError) as exc:
            error = click.ClickException(str(exc))
            error.exit_code = 2
            raise error from None
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


def _split_modules(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> tuple[str, ...]:
    if not value:
        return ()
    return tuple(m.strip() for m in value.split(",") if m.strip())


def _split_rules(
    ctx: click.Context, param: click.Parameter, value: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    pairs = []
    for text in value:
        key, sep, number = text.partition("=")
        if not sep or not key.strip() or not number.strip():
            raise click.BadParameter(f"'{text}': expected KEY=VALUE, e.g. sell_price=5")
        pairs.append((key.strip(), number.strip()))
    return tuple(pairs)


def _whole(option: str, accepted: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
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
            error = click.ClickException(str(exc))
            error.exit_code = 2
            raise error from None

    return check


def _parse_tolerance(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> Any:
    from simulator.analysis.verdicts import Tolerances

    try:
        return Tolerances.parse(value)
    except ConfigError as exc:
        raise click.BadParameter(str(exc).removeprefix("--tolerance ")) from None


def tolerance_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """--tolerance: the designer's bound on a difference that does not matter, in points; a
    figure whose whole interval lies within it is `balanced` (docs/metrics.md, "Verdicts")."""
    return click.option(
        "--tolerance",
        "tolerance",
        multiple=True,
        metavar="[MEASURE=]POINTS",
        callback=_parse_tolerance,
        help="Largest win-rate difference, in points, that still counts as balanced: one "
        "number for every measure, or card=3 / seat=1 / strategy=3 (the defaults; "
        "repeatable). A verdict is balanced only when its whole interval lies within it.",
    )(func)


def game_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The options that choose what is played: players, modules, strategies, sheet, limits."""
    for option in reversed(_game_option_list(rotate=True)):
        func = option(func)
    return func


def experiment_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """game_options without --rotate: experiments (tune, ablate) place the bots themselves."""
    for option in reversed(_game_option_list(rotate=False)):
        func = option(func)
    return func


def _game_option_list(rotate: bool) -> list[Callable[..., Any]]:
    options = [
        click.option(
            "--players", "-p", type=int, default=4, show_default=True, help="Players per game."
        ),
        click.option(
            "--modules",
            "--sets",
            "-m",
            callback=_split_modules,
            default="",
            help="Comma-separated modules or sets, e.g. events,postcards, or `all` "
            "(see `deckhand games`).",
        ),
        click.option(
            "--variant",
            "-V",
            "variants",
            callback=_split_modules,
            default="",
            help="Comma-separated optional variants, e.g. market (see `deckhand games`).",
        ),
        click.option(
            "--rule",
            "rules",
            multiple=True,
            callback=_split_rules,
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
            callback=_whole("--max-turns", "MAX_TURNS"),
            help="Stop a game with no winner after this many turns.",
        ),
        click.option(
            "--seed",
            type=int,
            default=0,
            show_default=True,
            callback=_whole("--seed", "SEED"),
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


def _options_of(game: str, kw: dict[str, Any], **run: Any) -> Any:
    """The RunOptions of a command: the shared game options (game_options) in `kw` (a
    command without one of them, e.g. ablate's fixed seat rotation, gets the default), and
    what the command sets itself (games, chunk size, invariants, duplicate deals, ...)."""
    from simulator.folders.config import RunOptions

    shared = {
        key: tuple(kw[key]) if key in ("modules", "strategies", "variants", "rules") else kw[key]
        for key in (
            "players",
            "modules",
            "strategies",
            "variants",
            "rules",
            "seed",
            "card_sheet",
            "powers",
            "rotate",
            "max_turns",
        )
        if kw.get(key) is not None
    }
    if not shared.get("strategies"):
        shared.pop("strategies", None)  # none given: the default bot
    return RunOptions(game, **shared, **run)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="deckhand")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Deckhand: simulate bot-vs-bot card games at scale and report on balance."""
    if ctx.invoked_subcommand != "compile":
        _refuse_a_stale_build()


def _refuse_a_stale_build() -> None:
    """A hot module edited after `deckhand compile` would not play (Python imports the
    compiled module first): stop, naming the files, rather than run other code than the
    sources say."""
    from simulator.compiled import stale_sources

    stale = stale_sources()
    if stale:
        shown = ", ".join(stale[:3]) + (f" and {len(stale) - 3} more" if len(stale) > 3 else "")
        raise click.ClickException(
            f"the compiled build is older than its sources ({shown} changed since `deckhand "
            "compile`): run `deckhand compile` again, or `deckhand compile --clean` for pure "
            "Python"
        )


@main.command()
@click.argument("game")
@game_options
@click.option(
    "--games",
    "-n",
    type=int,
    default=1000,
    show_default=True,
    help="Number of games (with --until-ci: the most games to play).",
)
@click.option("--out", "-o", type=click.Path(file_okay=False), required=True, help="Run folder.")
@click.option(
    "--jobs",
    "-j",
    type=int,
    default=1,
    show_default=True,
    help="Workers on this machine (-1: every core); also the size of the local Dask cluster "
    "or Ray instance started without an address. Ignored with an address.",
)
@click.option(
    "--backend",
    type=click.Choice(["loky", "threading", "sequential", "dask", "ray"]),
    default="loky",
    show_default=True,
    help="Where chunks are played: loky (worker processes on this machine), threading, "
    "sequential, dask or ray (a cluster; needs pip install 'deckhand[cluster]'). Results are "
    "identical on every backend.",
)
@click.option(
    "--scheduler",
    "--address",
    "address",
    metavar="ADDRESS",
    help="The cluster for --backend dask (scheduler address, e.g. tcp://10.0.0.5:8786) or "
    "--backend ray (e.g. ray://10.0.0.5:10001, or auto). Without it dask starts a local "
    "LocalCluster of --jobs workers and ray a local instance (ray.init) with --jobs CPUs. "
    "Workers send the games back here; they need deckhand installed, not the run folder.",
)
@click.option(
    "--chunk-size",
    type=int,
    default=None,
    help="Games per part file [default: --games / 16, at least 25 and at most 500, so a small "
    "run uses every worker; with --duplicate, whole deals; a resumed run keeps its own].",
)
@click.option(
    "--until-ci",
    type=float,
    metavar="HALF_WIDTH",
    help="Play chunks in order until the headline 95% interval (the widest Wilson half-width "
    "of the turn-order win rates, or of the strategy-slot win rates when a strategy is given "
    "per seat) is at most HALF_WIDTH, e.g. 0.01 for +/- 1 point; --games is then the maximum.",
)
@click.option(
    "--duplicate",
    is_flag=True,
    help="Duplicate deals: each shuffle is played once per seat rotation (blocks of --players "
    "games, strategies rotated one seat per game); needs one --strategy per seat.",
)
@click.option(
    "--check-invariants", is_flag=True, help="Check card conservation after every decision."
)
@click.option(
    "--overwrite", is_flag=True, help="Replace an existing run folder instead of resuming it."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@_fail_cleanly
def simulate(
    game: str,
    games: int,
    out: str,
    jobs: int,
    backend: str,
    address: str | None,
    chunk_size: int | None,
    check_invariants: bool,
    overwrite: bool,
    quiet: bool,
    **kw: Any,
) -> None:
    """Play GAMES games of GAME into the run folder OUT (re-run the same command to resume)."""
    import polars as pl

    from simulator.folders.run_folder import load_manifest, part_files
    from simulator.runs.runner import run_simulation

    options = _options_of(
        game,
        kw,
        games=games,
        chunk_size=chunk_size,
        check_invariants=check_invariants,
        duplicate=kw.get("duplicate", False),
        until_ci=kw.get("until_ci"),
    )
    config = options.config()
    start = time.perf_counter()
    try:
        folder = run_simulation(
            config,
            out,
            jobs=jobs,
            backend=backend,
            overwrite=overwrite,
            progress=not quiet,
            address=address,
        )
    except KeyboardInterrupt:
        kept = _games_in(Path(out))
        click.echo(
            f"\ninterrupted: {kept:,} of {config.games:,} games are kept in {out} (whole "
            "chunks only); run the same command again to resume",
            err=True,
        )
        sys.exit(130)
    summary = (
        pl.scan_parquet(part_files(folder, "games"))
        .select(pl.len().alias("n"), pl.col("turns").median().alias("turns"))
        .collect()
        .row(0, named=True)
    )
    manifest = load_manifest(folder)
    for warning in manifest.get("warnings", []):
        click.echo(f"warning: {warning}", err=True)
    stop = manifest.get("stop") or {}
    if stop.get("reason") == "until_ci":
        click.echo(
            f"stopped by --until-ci after {summary['n']:,} of at most {config.games:,} games: "
            f"headline 95% half-width {stop['half_width']:.4f} <= {stop['target']}"
        )
    elif config.until_ci is not None:
        click.echo(
            f"--until-ci {config.until_ci} not reached within {config.games:,} games "
            f"(headline 95% half-width {stop.get('half_width', float('nan')):.4f})"
        )
    seconds = time.perf_counter() - start
    played = int(manifest["played_now"])  # this call's games, a damaged part's replay included
    workers = "1 process" if jobs == 1 or backend == "sequential" else f"{jobs} workers"
    click.echo(
        f"{summary['n']:,} games in {folder} (median {summary['turns']:.0f} turns); "
        f"{played:,} played in {seconds:.1f} s on {workers} of {backend} "
        f"({played / seconds:.0f} games/s); next: deckhand report {folder}"
    )


def _games_in(folder: Path) -> int:
    """Games already in a run folder (its complete chunks), to say how many a resume played."""
    from simulator.folders.run_folder import games_in

    return games_in(folder)


@main.command()
@click.argument("run", type=click.Path(exists=True, file_okay=False))
@click.option(
    "--out", "-o", type=click.Path(dir_okay=False), help="HTML file (default RUN/report.html)."
)
@click.option(
    "--card-pages/--no-card-pages",
    default=True,
    show_default=True,
    help="Also write the pages of the cards the summary names (RUN/cards/), linked from it.",
)
@tolerance_option
@_fail_cleanly
def report(run: str, out: str | None, card_pages: bool, tolerance: Any) -> None:
    """Write a self-contained HTML report of the run folder RUN, its verdicts judged at the
    tolerance (RUN/cards.parquet's verdict columns follow it); every card name with a page
    (`deckhand card`) links to it."""
    from reports.html import build_report

    path = build_report(run, out, tolerance, card_pages=card_pages)
    click.echo(f"report written to {path}")


@main.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False))
@_fail_cleanly
def check(folder: str) -> None:
    """Report the health of a run folder or an experiment folder (sweep, ablation, balance,
    robustness, ladder, a folder of mixes) without changing it: every Parquet part readable
    and this run's, every JSON file readable, the games complete and unique, the manifest
    consistent with the tables. Exit code 1 when anything is wrong; the same command that made
    the folder repairs a damaged part (set aside in damaged/, its games played again)."""
    from simulator.folders.health import check_folder

    health = check_folder(folder)
    for line in health.lines():
        click.echo(line)
    if not health.healthy:
        sys.exit(1)


@main.command()
@click.argument("run", type=click.Path(exists=True, file_okay=False))
@click.argument("game_id", type=int)
@click.option(
    "--html",
    "as_html",
    is_flag=True,
    help="Write a one-game HTML page (every turn, the table after it, a chart of credits) "
    "instead of printing the text.",
)
@click.option(
    "--out",
    "-o",
    type=click.Path(dir_okay=False),
    help="The page's file, with --html (default RUN/replays/game-GAME_ID.html).",
)
@_fail_cleanly
def replay(run: str, game_id: int, as_html: bool, out: str | None) -> None:
    """Replay game GAME_ID of RUN from its seed: every action, credit change (with its
    cause) and card move, the end trigger, the scoring table and the final scores."""
    if out is not None and not as_html:
        raise click.UsageError("--out: only with --html (the text replay goes to the terminal)")
    if as_html:
        from reports.replay_page import write_replay_page

        path = write_replay_page(run, game_id, out)
        click.echo(f"replay page written to {path}")
        return
    from simulator.runs.replay import replay_text

    for line in replay_text(run, game_id):
        click.echo(line)


@main.command()
@click.argument("run", type=click.Path(exists=True, file_okay=False))
@click.argument("name")
@click.option(
    "--evidence",
    "evidence",
    multiple=True,
    type=click.Path(exists=True, file_okay=False),
    help="Another folder to look for experiments in (ablate, sweep, robustness, balance "
    "folders, or a folder holding them); repeatable. Folders under RUN are always searched.",
)
@click.option(
    "--out",
    "-o",
    type=click.Path(dir_okay=False),
    help="The page's file (default RUN/cards/<name>.html).",
)
@click.option(
    "--replays/--no-replays",
    default=True,
    show_default=True,
    help="Write the replay pages of the games the card mattered in (RUN/replays/).",
)
@tolerance_option
@_fail_cleanly
def card(
    run: str,
    name: str,
    evidence: tuple[str, ...],
    out: str | None,
    replays: bool,
    tolerance: Any,
) -> None:
    """Write the page of card NAME of the run folder RUN: its one verdict with the tolerance,
    on the primary measure (an ablation of its power made from the run, else the run's verdict
    against its peers), every piece of evidence side by side with what it measures, its sheet
    row and power text, and the games in which it mattered."""
    from reports.card_page import verdict_text, write_card_page

    path, found = write_card_page(
        run, name, tolerance.card, evidence=evidence, out=out, replays=replays
    )
    p = found.primary
    answer = verdict_text(p.verdict, p.than) if p and p.verdict else "no verdict"
    basis = f" ({p.title})" if p and p.verdict else ""
    click.echo(
        f"{found.name}: {answer}{basis}; {len(found.evidence)} pieces of evidence, "
        f"{len(found.games)} games to replay; card page written to {path}"
    )


@main.command()
@click.argument("game", required=False)
@game_options
@click.option(
    "--games",
    "-n",
    type=click.IntRange(min=1),
    help="Games per repeat.  [default: 200; --suite: per entry]",
)
@click.option(
    "--repeats",
    "-r",
    type=click.IntRange(min=1),
    default=5,
    show_default=True,
    help="Timed repeats.",
)
@click.option("--profile", is_flag=True, help="Also print where the time goes (cProfile).")
@click.option("--split", is_flag=True, help="Also split the time between rules, bots and logging.")
@click.option(
    "--suite",
    is_flag=True,
    help="Run the standing table of configurations (docs/performance.md) instead of one.",
)
@click.option(
    "--check-invariants",
    is_flag=True,
    help="Also time the same games with card conservation checked after every decision, "
    "and print how many times slower they are.",
)
@click.option(
    "--forward",
    is_flag=True,
    help="Instead, time the forward model: Playthrough.clone() and .for_seat() at decisions "
    "of random games (us per call), between powers and inside one.",
)
@click.option(
    "--search",
    metavar="STRATEGY",
    help="Instead, time a searching strategy (e.g. mcts:iterations=100): iterations per "
    "second at one decision 40 decisions into each of -n games of the -s strategies "
    "(default 6), and the shares spent determinising and rolling out.",
)
@_fail_cleanly
def bench(
    game: str | None,
    games: int | None,
    repeats: int,
    profile: bool,
    split: bool,
    suite: bool,
    check_invariants: bool,
    forward: bool,
    search: str | None,
    **kw: Any,
) -> None:
    """Measure games per second on one core for a stated configuration (median of repeats),
    or for the standing suite with --suite."""
    import platform

    from simulator.compiled import build_label
    from simulator.folders.config import make_run_config
    from simulator.runs.bench import SUITE, benchmark, forward_costs, search_speed

    if suite:
        click.echo(
            f"deckhand bench --suite: one core, full logging, median of {repeats}, "
            f"python={platform.python_version()}, build={build_label()}"
        )
        click.echo(
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
            click.echo(
                f"{entry.label:<48} {r.median:>8.1f} {r.us_per_turn:>8.1f} "
                f"{r.us_per_decision:>7.1f} {r.turns_per_game:>6.1f} "
                f"{r.decisions_per_game:>6.1f} {share.rules / share.total:>6.0%} "
                f"{share.bots / share.total:>5.0%} {share.logging / share.total:>5.0%}"
            )
        return
    if game is None:
        raise click.UsageError("give a GAME (see `deckhand games`), or --suite")
    if search:
        n = games or 6
        config = _options_of(game, kw, games=n, chunk_size=n).config()
        try:
            r = search_speed(config, search, positions=n, repeats=repeats)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        g = config.game
        click.echo(
            f"game={g.game} players={g.players} modules={','.join(g.modules) or 'none'} "
            f"strategies={','.join(config.strategies)} seed={config.seed} "
            f"python={platform.python_version()} build={build_label()}; {search} at "
            f"{r.positions} positions (its first search 40 decisions in: "
            f"{', '.join(sorted(set(r.kinds)))}), median of {repeats}"
        )
        click.echo(
            f"{r.ms_per_decision:.1f} ms per decision searched, "
            f"{r.iterations_per_second:.0f} iterations/s; of the search (cProfile): "
            f"determinising {r.determinise:.0%} (the redeal {r.redeal:.0%}), rollouts "
            f"{r.rollout:.0%}, the tree the rest"
        )
        return
    if forward:
        n = games or 40
        config = _options_of(game, kw, games=n, chunk_size=n).config()
        f = forward_costs(config, games=n, repeats=repeats)
        g = config.game
        click.echo(
            f"game={g.game} players={g.players} modules={','.join(g.modules) or 'none'} "
            f"seed={config.seed} python={platform.python_version()} build={build_label()}; "
            f"{n} random-answer games, median of {repeats}"
        )
        click.echo(
            f"clone(): {f.clone_between:.1f} us between powers ({f.between} decisions), "
            f"{f.clone_inside:.1f} us inside a power ({f.inside}); for_seat(): "
            f"{f.for_seat_between:.1f} us between powers, {f.for_seat_inside:.1f} us inside"
        )
        return
    games = games or 200
    config = _options_of(game, kw, games=games, chunk_size=games).config()
    result = benchmark(config, games=games, repeats=repeats, profile=profile, shares=split)
    g = config.game
    click.echo(
        f"game={g.game} players={g.players} modules={','.join(g.modules) or 'none'} "
        f"strategies={','.join(config.strategies)} seed={config.seed} logging=full "
        + "".join(f"rule:{k}={v} " for k, v in g.rules)
        + f"python={platform.python_version()} build={build_label()}"
    )
    click.echo(
        f"{result.median:.1f} games/s per core (median of {repeats} x {games} games; "
        f"min {min(result.rates):.1f}, max {max(result.rates):.1f}); "
        f"{result.turns_per_game:.1f} turns and {result.decisions_per_game:.1f} decisions per "
        f"game; {result.us_per_turn:.1f} us per turn, {result.us_per_decision:.1f} us per decision"
    )
    if result.shares:
        s = result.shares
        click.echo(
            f"time: rules {s.rules / s.total:.0%}, bots {s.bots / s.total:.0%}, "
            f"logging {s.logging / s.total:.0%} (one more pass of {games} games)"
        )
    if check_invariants:
        checked = benchmark(replace(config, check_invariants=True), games=games, repeats=repeats)
        click.echo(
            f"with --check-invariants: {checked.median:.1f} games/s per core (median of "
            f"{repeats}; min {min(checked.rates):.1f}, max {max(checked.rates):.1f}); "
            f"{result.median / checked.median:.2f} times the time without"
        )
    if result.profile:
        click.echo(result.profile)


@main.command(name="compile")
@click.option("--clean", is_flag=True, help="Remove the compiled build: back to pure Python.")
@click.option("--status", is_flag=True, help="Only say which build this interpreter uses.")
def compile_command(clean: bool, status: bool) -> None:
    """Build the optional compiled version of the hot modules (mypyc, in place; needs a C
    compiler and `pip install -e ".[compiled]"`), or remove it with --clean."""
    from simulator.compiled import HOT_MODULES, CompileError, build, build_label, stale_sources
    from simulator.compiled import clean as remove

    if status:
        stale = stale_sources()
        note = f"; stale: {', '.join(stale)} changed since it was built" if stale else ""
        click.echo(f"build: {build_label()} ({len(HOT_MODULES)} hot modules){note}")
        return
    if clean:
        removed = remove()
        click.echo(f"removed {len(removed)} compiled files; the pure Python build is in use")
        return
    click.echo(f"compiling {len(HOT_MODULES)} modules with mypyc (a few minutes)...")
    start = time.perf_counter()
    try:
        made = build()
    except CompileError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(
        f"built {len(made)} extension files in {time.perf_counter() - start:.0f} s; "
        "every deckhand command now uses them (deckhand compile --clean to undo)"
    )


@main.command()
def games() -> None:
    """List the games, their player counts and their modules."""
    from simulator.catalog import GAMES

    for spec in GAMES.values():
        click.echo(f"{spec.name}: {spec.title} ({spec.min_players}-{spec.max_players} players)")
        for m in spec.modules:
            limit = f" (at most {m.max_players} players)" if m.max_players else ""
            kind = " [--variant]" if m.kind == "variant" else ""
            click.echo(f"  {m.name}{kind}: {m.description}{limit}")
        if spec.plugin_help:
            click.echo(f"  --powers FILE: {spec.plugin_help}")


@main.command()
@click.option(
    "--question",
    "-q",
    type=click.Choice(["seat", "strategy", "card"]),
    default="card",
    show_default=True,
    help="seat: one seat against its fair share; strategy: A against B; card: with against "
    "without the card.",
)
@click.option(
    "--difference",
    "-d",
    type=float,
    help="Win-rate difference to detect, in points (2 = 2 points of win rate).",
)
@click.option(
    "--run",
    "run",
    type=click.Path(exists=True, file_okay=False),
    help="A run folder: the games that would decide its unclear verdicts, from its own "
    "intervals (the figures its report quotes).",
)
@tolerance_option
@click.option("--players", "-p", type=int, default=4, show_default=True, help="Players per game.")
@click.option("--baseline", type=float, help="Win rate without the effect [1/players].")
@click.option(
    "--exposure",
    type=float,
    default=0.5,
    show_default=True,
    help="card: fraction of player-games that hold the card.",
)
@click.option("--alpha", type=float, default=0.05, show_default=True, help="Test level.")
@click.option(
    "--power",
    type=float,
    default=0.8,
    show_default=True,
    help="Chance to detect the difference if it is real.",
)
@_fail_cleanly
def plan(run: str | None, tolerance: Any, **kw: Any) -> None:
    """How many games a run needs: to detect a win-rate difference (-d, before any run), or to
    decide the verdicts a run left unclear (--run; docs/metrics.md, "Verdicts")."""
    if run is not None:
        from simulator.analysis.deciding import run_decisions
        from simulator.analysis.verdicts import UNCLEAR

        decisions = run_decisions(run, tolerance)
        click.echo(f"{run}: {decisions.games:,} games; tolerances {tolerance.text()} points")
        seat = decisions.seat
        if seat is not None:
            line = f"first player: {seat.words()}"
            if seat.verdict == UNCLEAR and seat.games_to_decide:
                line = (
                    f"first player: unclear at \u00b1{seat.tolerance:g} points; about "
                    f"{seat.games_to_decide:,} games in all would decide it"
                )
            click.echo(line)
        cards = decisions.cards
        if cards is not None:
            c = cards.counts
            click.echo(
                f"cards: {c['stronger']} stronger, {c['weaker']} weaker, {c['balanced']} "
                f"balanced, {c['unclear']} unclear at \u00b1{cards.tolerance:g} points"
            )
            if cards.games_for_median:
                click.echo(
                    f"deciding the typical unclear card needs about {cards.games_for_median:,} "
                    f"games in all; all of them about {cards.games_for_all:,}"
                )
        if kw.get("difference") is not None and decisions.judged is not None:
            from simulator.analysis.deciding import card_detection_games

            d = kw["difference"]
            needed = card_detection_games(decisions.judged, decisions.games, d)
            if needed:
                click.echo(
                    f"detecting a typical card {d:g} points from its peers (80% power, one "
                    f"test at 5%, this run's model) needs about {needed:,} games in all"
                )
        return
    if kw.get("difference") is None:
        raise ConfigError("plan: give --difference POINTS, or --run RUN to plan from a run")
    from simulator.analysis.planning import plan as make_plan

    kw["difference"] = kw["difference"] / 100
    result = make_plan(kw.pop("question"), **kw)
    click.echo(
        f"{result.games:,} games to detect {100 * result.difference:+.1f} points on a "
        f"{result.baseline:.1%} baseline ({result.question}; alpha {result.alpha}, power "
        f"{result.power:.0%}): {result.detail}"
    )


@main.command(name="rules")
@click.argument("game")
@_fail_cleanly
def rules_command(game: str) -> None:
    """List GAME's rule numbers: default, allowed values, meaning and source (change one with
    --rule KEY=VALUE)."""
    from simulator.catalog import get_game
    from simulator.core.rule_numbers import describe

    spec = get_game(game)
    if spec.rule_numbers is None:
        click.echo(f"{game} keeps its rule numbers in the card sheet (see `deckhand cards list`).")
        return
    for rule in describe(spec.rule_numbers):
        click.echo(f"{rule.name}={rule.value}  ({rule.allowed})")
        click.echo(f"    {rule.doc}; source: {rule.source}")


@main.command(name="strategies")
@click.argument("game")
@_fail_cleanly
def strategies_command(game: str) -> None:
    """List the strategies available for GAME, their parameters (default and accepted
    range) and the shipped presets."""
    from simulator.catalog import get_game
    from strategies.registry import available, load_preset, preset_names, resolve

    get_game(game)
    for name in available(game):
        cls = resolve(game, name).cls
        params = (
            ", ".join(
                f"{k}={v}" + (f" ({cls.scales[k].text()})" if k in cls.scales else "")
                for k, v in cls.params.items()
            )
            or "no parameters"
        )
        doc = (cls.__doc__ or "").strip().splitlines()[0]
        click.echo(f"{name}: {doc} [{params}]")
    for text in preset_names(game):
        preset = load_preset(game, *text.split("@"))
        c = preset.get("confirmation") or {}
        figure = (
            f"; head-to-head {100 * c['score']:.1f}% [{100 * c['lo']:.1f}, {100 * c['hi']:.1f}] "
            f"over {c['games']:,} games against {c['opponent']}"
            if c
            else ""
        )
        if c and c["players"] != 2:  # one seat against the rest: its parity is not a half
            figure += f" ({c['players']} players, one seat each; parity {100 / c['players']:.0f}%)"
        for f in preset.get("four_players", []):  # a check at the player count it was tuned for
            against = f["opponent"].split()[0]
            if "deckhand" in f:  # checked again with a later version
                against += f", deckhand {f['deckhand']}"
            figure += (
                f"; {f['players']} players, one seat against three {against}: "
                f"{100 * f['score']:.1f}% [{100 * f['lo']:.1f}, {100 * f['hi']:.1f}] "
                f"(parity {100 * f['parity']:.0f}%)"
            )
        how = (
            "chosen by head-to-heads" if preset["provenance"].get("screening") else "deckhand tune"
        )
        click.echo(f"{text}: preset ({how}){figure}")


@main.group()
def cards() -> None:
    """Inspect and validate card sheets."""


@cards.command(name="validate")
@click.argument("path", type=click.Path())
@click.option(
    "--game",
    "-g",
    help="The game the sheet is for. Default: the game whose columns its header matches "
    "(a header that names no game's column is an error).",
)
@click.option(
    "--powers",
    type=click.Path(dir_okay=False),
    help="Check it with your own card powers' file too (its names, PARAMS and DECISIONS).",
)
@_fail_cleanly
def cards_validate(path: str, game: str | None, powers: str | None) -> None:
    """Check the card sheet at PATH as the game plays it (the same checks as `simulate`);
    errors name the file, line and field."""
    from simulator.catalog import GAMES, game_of_header, get_game
    from simulator.core.cards import load_card_sheet, read_header

    told = game is not None
    exact = True
    if game is None:
        header = read_header(path)  # no readable header (empty, not UTF-8): said, not guessed
        game = game_of_header(header)
        if game is None:
            raise CardSheetError(
                path,
                1,
                None,
                f"the header names no column of a card sheet of {' or '.join(sorted(GAMES))} "
                "(`deckhand cards list GAME --format csv` shows one); --game to choose",
            )
        exact = set(header) == set(GAMES[game].card_schema.names)
    spec = get_game(game)
    try:
        sheet = load_card_sheet(path, spec.card_schema)
    except CardSheetError as exc:
        if told or exact:  # the header is the game's own: the guess is not in question
            raise
        raise CardSheetError(
            exc.path,
            exc.line,
            exc.field,
            f"{exc.reason} (read as a sheet of {game}, the game its header matches best; "
            "--game to choose)",
        ) from None
    how = "" if told else " (its header's game)"
    with_code = ""
    config = spec.make_config(spec.min_players, ("all",), card_sheet=path, powers=powers)
    if powers is not None:  # the game built as a run would build it, at its smallest table
        spec.factory(config)
        with_code = f", with the powers of {powers}"
    click.echo(
        f"{path}: valid {game} card sheet{how}{with_code}, {len(sheet.rows)} rows, "
        f"sha256 {sheet.sha256[:12]}"
    )
    for warning in spec.sheet_warnings(config) if spec.sheet_warnings is not None else []:
        click.echo(f"warning: {warning}", err=True)


@cards.command(name="list")
@click.argument("game")
@click.option(
    "--card-sheet", type=click.Path(dir_okay=False), help="List this sheet instead of the default."
)
@click.option("--type", "card_type", help="Only cards of this type (travel).")
@click.option("--set", "card_set", help="Only cards of this set (Import/Export).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "csv", "json"]),
    default="table",
    show_default=True,
    help="table: the attributes a designer edits (power text shortened); csv and json: "
    "every column in full, provenance included.",
)
@_fail_cleanly
def cards_list(
    game: str, card_sheet: str | None, card_type: str | None, card_set: str | None, fmt: str
) -> None:
    """List the cards of GAME's card sheet with their attributes (and provenance in csv/json)."""
    from simulator.catalog import get_game
    from simulator.core.cards import load_card_sheet, sheet_records

    spec = get_game(game)
    sheet = load_card_sheet(card_sheet or spec.card_sheet, spec.card_schema)
    rows = [
        r
        for r in sheet_records(sheet)
        if (not card_type or r.get("type") == card_type)
        and (not card_set or r.get("set") == card_set)
    ]
    if fmt == "json":
        import json

        click.echo(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    columns = list(spec.card_schema.names)
    if fmt == "csv":
        import csv
        import io

        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        click.echo(buffer.getvalue(), nl=False)
        return
    shown = [c for c in columns if c not in ("provenance",)]
    width = {"power": 60, "text": 60}
    cells = [[_cell(r.get(c, ""), width.get(c, 40)) for c in shown] for r in rows]
    sizes = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(shown)]
    click.echo("  ".join(c.ljust(s) for c, s in zip(shown, sizes, strict=True)).rstrip())
    for row in cells:
        click.echo("  ".join(v.ljust(s) for v, s in zip(row, sizes, strict=True)).rstrip())
    click.echo(f"{len(rows)} cards; provenance per attribute: --format csv or json")


def _cell(value: Any, limit: int) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _grid_options(func: Callable[..., Any]) -> Callable[..., Any]:
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
    for option in reversed(options):
        func = option(func)
    return func


@main.command()
@click.argument("runs", nargs=-1, required=True, type=click.Path(exists=True, file_okay=False))
@click.option(
    "--out",
    "-o",
    type=click.Path(dir_okay=False),
    help="HTML file [default: compare.html in the folder holding the runs].",
)
@click.option(
    "--top",
    type=int,
    default=25,
    show_default=True,
    help="Cards listed per comparison (the full list is folded below them).",
)
@click.option(
    "--all-pairs", is_flag=True, help="Compare every pair of runs, not each run with the first."
)
@tolerance_option
@_fail_cleanly
def compare(
    runs: tuple[str, ...], out: str | None, top: int, all_pairs: bool, tolerance: Any
) -> None:
    """Compare run folders side by side in one HTML report (the first run is the reference).

    Runs are labelled by what differs between their manifests (sets, strategies, rules,
    card-sheet cells...); game length, end reasons, turn-order and strategy win rates and
    the cards whose contribution changes most are shown with 95% intervals and p/q-values.
    """
    from reports.compare import build_compare_report

    path = build_compare_report(runs, out, top=top, all_pairs=all_pairs, tolerances=tolerance)
    click.echo(f"comparison written to {path}")


@main.command()
@click.argument("game")
@click.option(
    "--mix",
    "mixes",
    multiple=True,
    required=True,
    help="A mix of sets joined by +, e.g. base, base+kickstarter, all, base+market "
    "(repeat for each run of the grid).",
)
@game_options
@_grid_options
@click.option("--top", type=int, default=25, show_default=True, help="Cards listed per pair.")
@tolerance_option
@_fail_cleanly
def mixes(
    game: str,
    mixes: tuple[str, ...],
    games: int,
    out: str,
    jobs: int,
    backend: str,
    chunk_size: int | None,
    check_invariants: bool,
    overwrite: bool,
    quiet: bool,
    top: int,
    tolerance: Any,
    **kw: Any,
) -> None:
    """Play GAME once per --mix (one run folder each under OUT) and compare the mixes.

    Every mix uses the same options and seed; re-running the same command resumes it.
    """
    from reports.compare import build_compare_report
    from simulator.core.errors import ConfigError
    from simulator.runs.mixes import plan_mixes, run_mixes

    if kw["modules"]:
        raise ConfigError("--modules: deckhand mixes takes its sets from --mix")
    grid = _options_of(game, kw, games=games, chunk_size=chunk_size)
    plans = plan_mixes(grid.but(check_invariants=check_invariants), mixes, out)
    folders = run_mixes(plans, jobs=jobs, backend=backend, overwrite=overwrite, progress=not quiet)
    path = build_compare_report(folders, Path(out) / "compare.html", top=top, tolerances=tolerance)
    click.echo(f"{len(folders)} runs in {out}; comparison written to {path}")


@main.command()
@click.argument("game")
@click.option("--card", required=True, help="The card's name, as in the card sheet.")
@click.option(
    "--param",
    required=True,
    help="KEY=V1,V2,... : one of the card's parameters (its `params` cell) and the values "
    "to try, e.g. high_pay=4,6,8 (the printed value is added when not listed).",
)
@game_options
@_grid_options
@tolerance_option
@_fail_cleanly
def sweep(
    game: str,
    card: str,
    param: str,
    games: int,
    out: str,
    jobs: int,
    backend: str,
    chunk_size: int | None,
    check_invariants: bool,
    overwrite: bool,
    quiet: bool,
    tolerance: Any,
    **kw: Any,
) -> None:
    """Play GAME once per value of a card's parameter and judge the card at each value.

    Each value gets a copy of the card sheet (OUT/sheets/) and a run (OUT/KEY=VALUE), all
    with the same seed (common random numbers), the printed value among them. Per value: the
    card's verdict against its peers at --tolerance (stronger, weaker, balanced: the whole
    interval within it, or unclear) and the effect of the number (its owner's win rate minus
    at the printed value); OUT/sweep.parquet (one row per value) and OUT/sweep.html.
    """
    from reports.compare import build_compare_report
    from reports.sweep import build_sweep_report, text_lines
    from simulator.runs.sweep import plan_sweep, run_sweep, sweep_summary, write_sweep_table

    options = _options_of(
        game, kw, games=games, chunk_size=chunk_size, check_invariants=check_invariants
    )
    plan = plan_sweep(options, card, param, out, overwrite, tolerance=tolerance.card)
    folder = run_sweep(plan, jobs=jobs, backend=backend, overwrite=overwrite, progress=not quiet)
    summary = sweep_summary(folder)
    table = write_sweep_table(summary, folder)
    report = build_sweep_report(folder, summary=summary)
    build_compare_report([r.folder for r in plan.runs], folder / "compare.html")
    for line in text_lines(summary):
        click.echo(line)
    click.echo(
        f"sweep of {plan.card} {plan.key} in {folder} ({table.name}); report written to {report}"
    )


@main.command()
@click.argument("game")
@click.option("--card", required=True, help="The card's name, as in the card sheet.")
@click.option(
    "--param",
    required=True,
    help="KEY: the one number of the card's `params` cell to balance, e.g. high_pay.",
)
@game_options
@click.option(
    "--games",
    "-n",
    type=int,
    default=8000,
    show_default=True,
    help="Budget: the games in all, over every value evaluated.",
)
@click.option("--out", "-o", type=click.Path(file_okay=False), required=True, help="Output folder.")
@click.option(
    "--jobs", "-j", type=int, default=1, show_default=True, help="Worker processes (-1: all)."
)
@click.option(
    "--backend",
    default="loky",
    show_default=True,
    help="Where chunks are played (as for `deckhand simulate`).",
)
@click.option("--overwrite", is_flag=True, help="Replace an existing balance in OUT.")
@click.option("--quiet", "-q", is_flag=True, help="No progress output.")
@click.option(
    "--evidence",
    multiple=True,
    type=click.Path(exists=True, file_okay=False),
    help="A folder holding (or above) an ablation of the same game, mix and bots "
    "(deckhand ablate --cards all): the typical power's worth is read from it (repeatable).",
)
@click.option(
    "--reference-games",
    type=click.IntRange(min=1),
    default=None,
    help="Games of the ablation played into OUT/ablation when --evidence has none "
    "[default: the budget -n].",
)
@tolerance_option
@_fail_cleanly
def balance(
    game: str,
    card: str,
    param: str,
    games: int,
    out: str,
    jobs: int,
    backend: str,
    overwrite: bool,
    quiet: bool,
    evidence: tuple[str, ...],
    reference_games: int | None,
    tolerance: Any,
    **kw: Any,
) -> None:
    """Find the value of one card number at which its power is worth what the typical power
    of its kind is worth.

    The measure is causal and paired: the power's worth at the printed value less the
    typical power's (an ablation of the same game, mix and bots: --evidence, else played
    into OUT/ablation) plus the change of its owner's win rate at each value on the same
    deals (common random numbers). A sequential design: the printed value, a coarse bracket
    over the parameter's range, bisection inside it, then more games around the fitted value
    until its interval is one step wide or the budget -n is spent. Games without a power
    switch (travel) use the card against the typical card of its kind on the run's measure.
    Writes OUT/balance.json (the suggestion with its interval, the verdicts at the printed
    and the suggested value, every value evaluated, the reference used), OUT/balance.html and
    OUT/sweep/ (one run per value).
    """
    from reports.balance import build_balance_report
    from reports.balance import text_lines as balance_lines
    from simulator.experiments.balance import balance as run_balance

    result = run_balance(
        _options_of(game, kw),
        card,
        param,
        games,
        out,
        tolerance=tolerance.card,
        jobs=jobs,
        backend=backend,
        progress=False,
        overwrite=overwrite,
        log=None if quiet else click.echo,
        evidence=evidence,
        reference_games=reference_games,
    )
    report = build_balance_report(result.folder)
    for line in balance_lines(result.data):
        click.echo(line)
    click.echo(
        f"balance of {result.data['card']} {result.data['param']}; report written to {report}"
    )


def _workers_options(func: Callable[..., Any]) -> Callable[..., Any]:
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
    for option in reversed(options):
        func = option(func)
    return func


def _run_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Where an experiment plays (workers, backend), where it writes, and how it reports."""
    func = click.option("--quiet", "-q", is_flag=True, help="No progress output.")(func)
    func = _workers_options(func)
    return click.option(
        "--out", "-o", type=click.Path(file_okay=False), required=True, help="Output folder."
    )(func)


def _game_config(game: str, kw: dict[str, Any]) -> Any:
    from simulator.catalog import get_game

    spec = get_game(game)
    config = spec.make_config(
        kw["players"],
        kw["modules"],
        kw["card_sheet"],
        kw["max_turns"],
        variants=kw["variants"],
        rules=kw["rules"],
        powers=kw.get("powers"),
    )
    spec.factory(config)  # the game's own checks (sets, sheet) before anything is played
    return config


@main.command()
@click.argument("game")
@experiment_options
@click.option(
    "--start",
    help="The parameters the search starts from and the confirmation plays against "
    "[default: the strategy's own defaults], e.g. heuristic@tuned-base-4p.",
)
@click.option(
    "--opponent",
    "opponents",
    multiple=True,
    help="The opponent pool, one strategy per --opponent [default: heuristic and the "
    "archetypes (Import/Export), heuristic (travel)].",
)
@click.option(
    "--space",
    "space",
    multiple=True,
    help="Change a searched range, KEY=LOW:HIGH, or keep a parameter at its start, KEY=fixed "
    "(repeatable; defaults in strategies/tuning.py).",
)
@click.option(
    "--optimiser",
    type=click.Choice(["optuna", "ntbea", "random"]),
    default="optuna",
    show_default=True,
    help="optuna (TPE), ntbea (N-Tuple Bandit Evolutionary Algorithm) or random search.",
)
@click.option("--trials", type=int, default=40, show_default=True, help="Candidates searched.")
@click.option(
    "--games-per-trial",
    type=int,
    default=200,
    show_default=True,
    help="Games per candidate (the same deals for every candidate).",
)
@click.option(
    "--validate-top",
    type=int,
    default=3,
    show_default=True,
    help="Best candidates played again on fresh deals before one is kept.",
)
@click.option(
    "--validate-games", type=int, default=1000, show_default=True, help="Games per validation."
)
@click.option(
    "--confirm-games",
    type=int,
    default=4000,
    show_default=True,
    help="Head-to-head games against the start at --players: each deal once per seat, the "
    "candidate in that seat (at 2 players: seats swapped).",
)
@click.option("--name", default="tuned", show_default=True, help="Preset name: OUT/NAME.json.")
@_run_options
@_fail_cleanly
def tune(game: str, out: str, jobs: int, backend: str, quiet: bool, **kw: Any) -> None:
    """Tune a strategy's parameters for GAME by self-play against an opponent pool.

    Every candidate plays the same deals (common random numbers); the best few are played
    again on fresh deals, and the one kept is confirmed head-to-head against the start on
    fresh seeds with a 95% interval. Writes the preset OUT/NAME.json (use it as
    -s STRATEGY@OUT/NAME.json, or copy it to strategies/presets/GAME/STRATEGY/ to ship it).
    """
    from simulator.experiments.tuning import tune as run_tune
    from simulator.experiments.tuning import write_result
    from simulator.folders.lock import folder_lock

    strategies = kw["strategies"] or ("heuristic",)
    if len(strategies) != 1:
        raise ConfigError("--strategy: give the one strategy to tune, e.g. -s heuristic")
    config = _game_config(game, kw)
    with folder_lock(out, "tune"):
        result = run_tune(
            config,
            strategies[0],
            start_text=kw["start"],
            pool=kw["opponents"],
            space_overrides=kw["space"],
            optimiser=kw["optimiser"],
            trials=kw["trials"],
            games_per_trial=kw["games_per_trial"],
            validate_top=kw["validate_top"],
            validate_games=kw["validate_games"],
            confirm_games=kw["confirm_games"],
            seed=kw["seed"],
            name=kw["name"],
            jobs=jobs,
            backend=backend,
            log=None if quiet else click.echo,
        )
        result.provenance["command"] = "deckhand " + " ".join(sys.argv[1:])
        path = write_result(result, out)
    c = result.confirmation
    click.echo(
        f"preset {path}: {result.strategy} with "
        + ", ".join(f"{k}={v}" for k, v in sorted(result.params.items()))
    )
    click.echo(
        f"head-to-head against {c['opponent']} ({c['players']} players, {c['games']:,} games): "
        f"{100 * c['score']:.1f}% [{100 * c['lo']:.1f}, {100 * c['hi']:.1f}] (parity "
        f"{100 * c['parity']:.0f}%); target {c['target']}: {'met' if c['met'] else 'NOT met'}"
    )


@main.command()
@click.argument("game")
@click.argument("candidate")
@click.argument("opponent")
@experiment_options
@click.option(
    "--games",
    "-n",
    type=int,
    default=1000,
    show_default=True,
    help="Games in all, a whole number of deals (each deal is played once per seat).",
)
@click.option(
    "--json",
    "json_out",
    type=click.Path(dir_okay=False),
    help="Also write the record (figures, seeds, interval) to this JSON file, e.g. for a "
    "preset's confirmation.",
)
@_workers_options
@tolerance_option
@_fail_cleanly
def versus(
    game: str,
    candidate: str,
    opponent: str,
    games: int,
    json_out: str | None,
    jobs: int,
    backend: str,
    tolerance: Any,
    **kw: Any,
) -> None:
    """Play CANDIDATE against OPPONENT on shared deals and say which is stronger.

    Each deal is played once per seat: CANDIDATE in that seat, OPPONENT in every other one (at
    two players, the same deal twice with the seats swapped). Prints CANDIDATE's share of the
    games with a 95% interval clustered over deals, against parity (1 / players), and the
    verdict: stronger or weaker (the interval excludes parity), balanced (it lies within
    --tolerance strategy points of parity) or unclear, with the games that would decide.
    """
    from simulator.experiments.tuning import head_to_head, judge_head_to_head
    from strategies.registry import resolve

    if kw["strategies"]:
        raise ConfigError("--strategy: give the two bots as CANDIDATE and OPPONENT")
    players = kw["players"]
    if games < players or games % players:
        raise ConfigError(
            f"--games {games}: a whole number of deals of {players} games each (e.g. "
            f"{max(players, games - games % players)})"
        )
    config = _game_config(game, kw)
    for text in (candidate, opponent):
        resolve(config.game, text)
    record = head_to_head(config, candidate, opponent, games, kw["seed"], jobs, backend)
    verdict = judge_head_to_head(record, tolerance.strategy)
    record["verdict"] = verdict.verdict
    record["tolerance"] = tolerance.strategy
    record["games_to_decide"] = verdict.games_to_decide
    record["sets"] = list(config.modules)
    record["command"] = "deckhand " + " ".join(sys.argv[1:])
    record["deckhand"] = __version__
    parity = record["parity"]
    click.echo(
        f"{candidate} against {opponent}, {players} players, {record['games']:,} games "
        f"({record['deals']:,} deals, seed {kw['seed']}): {100 * record['score']:.1f}% "
        f"[{100 * record['lo']:.1f}, {100 * record['hi']:.1f}], parity {100 * parity:.0f}%"
    )
    click.echo(verdict.words(opponent))
    if json_out:
        from simulator.folders import run_folder

        run_folder.write_json(Path(json_out), record)
        click.echo(f"record written to {json_out}")


@main.command()
@click.argument("game")
@experiment_options
@click.option(
    "--cards",
    default="all",
    show_default=True,
    help="The cards whose powers are switched: all, or names joined by commas. Paired: the "
    "cards of a finished ablation in the same --out and more plays only the new cards' games.",
)
@click.option(
    "--design",
    type=click.Choice(["factorial", "paired"]),
    default="factorial",
    show_default=True,
    help="factorial: every power switched at random per game, one run measures every card; "
    "paired: every deal played as printed and once per card with its power off.",
)
@click.option(
    "--games",
    "-n",
    type=int,
    default=2000,
    show_default=True,
    help="Deals: factorial, games; paired, each played 1 + (number of cards) times. A larger "
    "number in the same --out grows a finished ablation, playing only the new deals.",
)
@click.option(
    "--off-share",
    type=float,
    default=0.5,
    show_default=True,
    help="Factorial: the probability that a card's power is off in a game.",
)
@click.option(
    "--duplicate/--no-duplicate",
    default=None,
    help="Play each deal once per seat rotation [default: on when the seats hold different "
    "strategies].",
)
@click.option(
    "--param",
    help="Ablate a number instead of the power: KEY=VALUE for the one card of --cards, "
    "against its printed value (the sweep, reused).",
)
@click.option("--overwrite", is_flag=True, help="Replace an existing ablation in OUT.")
@tolerance_option
@_run_options
@_fail_cleanly
def ablate(
    game: str, out: str, jobs: int, backend: str, quiet: bool, tolerance: Any, **kw: Any
) -> None:
    """Measure what each card's power is worth: the same deals with the power on and off.

    Writes OUT/ablation.parquet (one row per card: card, verdict, vs_typical, lo, hi,
    tolerance, q, games_to_decide, then worth, worth_lo, worth_hi, worth_check and more, in
    points) and OUT/ablation.html (the ranked table and a forest plot). A power's worth is the
    change in its owner's win rate with the power on against off, with a 95% interval: does it
    do anything? The card's verdict compares that worth with the typical power of its kind on
    the same deals: balanced when the whole interval lies within the card tolerance, stronger
    or weaker than the typical power when not and the difference holds over the cards,
    unclear otherwise. The deals are saved as they finish: the same command resumes a killed
    ablation.
    """
    from reports.ablation import ablation_summary_line, build_ablation_report
    from simulator.experiments.ablation import ablate_param, load_ablation, make_plan, run_ablation

    if kw["param"]:
        if kw["cards"] == "all" or "," in kw["cards"]:
            raise ConfigError("--param: name the one card with --cards NAME")
        folder = ablate_param(
            _options_of(game, kw, games=kw["games"]),
            kw["cards"],
            kw["param"],
            out,
            jobs=jobs,
            backend=backend,
            progress=not quiet,
            overwrite=kw["overwrite"],
            tolerance=tolerance.card,
        )
    else:
        config = _game_config(game, kw)
        plan = make_plan(
            config,
            kw["strategies"] or ("heuristic",),
            cards=kw["cards"],
            design=kw["design"],
            deals=kw["games"],
            seed=kw["seed"],
            off_share=kw["off_share"],
            duplicate=kw["duplicate"],
        )
        folder = run_ablation(
            plan,
            out,
            jobs=jobs,
            backend=backend,
            progress=not quiet,
            overwrite=kw["overwrite"],
            tolerance=tolerance.card,
        )
    report = build_ablation_report(folder)
    meta, cards = load_ablation(folder)
    click.echo(f"{ablation_summary_line(meta, cards, tolerance.card)}; report written to {report}")


@main.command()
@click.argument("game")
@game_options
@click.option(
    "--pool",
    "pools",
    multiple=True,
    help="A strategy pool: a default name (default, mix, tuned, classic, random) or "
    "NAME=STRATEGY+STRATEGY... (one for every seat or one per seat); repeatable "
    "[default: every default pool].",
)
@tolerance_option
@_grid_options
@_fail_cleanly
def robustness(
    game: str,
    games: int,
    out: str,
    jobs: int,
    backend: str,
    chunk_size: int | None,
    check_invariants: bool,
    overwrite: bool,
    quiet: bool,
    pools: tuple[str, ...],
    tolerance: Any,
    **kw: Any,
) -> None:
    """Play GAME under several strategy pools and compare each card's verdict across them.

    One run folder per pool (OUT/POOL, the same seed); OUT/robustness.parquet and
    OUT/robustness.html list each card's verdict under each pool at the card tolerance
    (stronger, weaker, balanced, unclear), flips and disagreements first, and mark a card
    robustly stronger or weaker only where every pool agrees; unclear is never balanced.
    """
    from reports.ablation import build_robustness_report
    from simulator.experiments.robustness import (
        counts,
        parse_pools,
        plan_robustness,
        run_robustness,
    )

    if kw["strategies"]:
        raise ConfigError("--strategy: deckhand robustness takes its strategies from --pool")
    chosen = parse_pools(game, kw["players"], kw["modules"], pools)
    options = _options_of(
        game, kw, games=games, chunk_size=chunk_size, check_invariants=check_invariants
    )
    plans = plan_robustness(options, chosen, out)
    folder = run_robustness(
        plans,
        out,
        jobs=jobs,
        backend=backend,
        overwrite=overwrite,
        progress=not quiet,
        tolerance=tolerance.card,
    )
    report = build_robustness_report(folder)
    import polars as pl

    tally = counts(pl.read_parquet(Path(folder) / "robustness.parquet"))
    click.echo(
        f"{tally['kept']} of {tally['cards']} cards keep their verdict across "
        f"{len(chosen)} pools (tolerance \u00b1{tolerance.card:g} points); {tally['flips']} "
        f"flip, {tally['disagrees']} disagree, {tally['unclear']} unclear; "
        f"report written to {report}"
    )


@main.command()
@click.argument("game")
@game_options
@click.option(
    "--rung",
    "rungs",
    multiple=True,
    help="A rung, lowest first: a default pool name (random, classic, default, tuned) or "
    "NAME=STRATEGY+STRATEGY...; repeatable [default: those of random, classic, default, "
    "tuned the game has].",
)
@click.option(
    "--plan",
    "plan_only",
    is_flag=True,
    help="Only say what each rung would cost (timed on two games), and write nothing.",
)
@click.option(
    "--focus-from",
    "focus_from",
    default=None,
    help="Play the rungs from this one up (the dear ones: a search bot) only for the cards "
    "the rungs below flag, as paired ablations of their powers (Import/Export) [default: "
    "every rung in full].",
)
@click.option(
    "--focus-deals",
    type=click.IntRange(min=1),
    default=300,
    show_default=True,
    help="Deals of each focused ablation, and games of each focused strength step (a "
    "multiple of the players: whole deals). A larger number in the same --out plays only "
    "the new deals.",
)
@click.option(
    "--focus-cards",
    default="flagged",
    show_default=True,
    help="The cards the focused rungs judge: flagged (rewards or punishes skill on the rungs "
    "below) or names joined by commas. The cards judged in the same --out and more plays "
    "only the new cards' games.",
)
@click.option(
    "--focus-most",
    type=click.IntRange(min=1),
    default=8,
    show_default=True,
    help="At most this many flagged cards, the largest change first.",
)
@tolerance_option
@_grid_options
@_fail_cleanly
def ladder(
    game: str,
    games: int,
    out: str,
    jobs: int,
    backend: str,
    chunk_size: int | None,
    check_invariants: bool,
    overwrite: bool,
    quiet: bool,
    rungs: tuple[str, ...],
    plan_only: bool,
    focus_from: str | None,
    focus_deals: int,
    focus_cards: str,
    focus_most: int,
    tolerance: Any,
    **kw: Any,
) -> None:
    """Play GAME with bots of rising strength and say, per card, whether its value grows
    (rewards skill), holds or falls (punishes skill) as the players get better.

    One run folder per rung (OUT/RUNG, the same seed) and one head-to-head run per step
    (OUT/vs-LOWER-UPPER); OUT/ladder.parquet has each card's figure at each rung and its
    class, OUT/ladder_strength.parquet each step's win share, OUT/ladder.html the report.
    The cost of each rung is said before any game is played (--plan: only that). A dear
    rung (a search bot) can be played only for the cards the cheaper rungs flag
    (--focus-from: paired ablations of their powers, OUT/focus-RUNG and
    OUT/ladder_focus.parquet).
    """
    from reports.ladder import build_ladder_report
    from simulator.experiments.ladder import (
        Focus,
        dear_rung,
        estimate_costs,
        focus_seconds,
        ladder_seconds,
        parse_rungs,
        run_ladder,
        seconds_left,
        split_rungs,
        tally,
    )

    if kw["strategies"]:
        raise ConfigError("--strategy: deckhand ladder takes its strategies from --rung")
    chosen = parse_rungs(game, kw["players"], kw["modules"], rungs)
    options = _options_of(
        game, kw, games=games, chunk_size=chunk_size, check_invariants=check_invariants
    )
    focus = (
        Focus(focus_from, focus_deals, focus_cards, focus_most) if focus_from is not None else None
    )
    full, focused = split_rungs(options, chosen, focus)
    costs = estimate_costs(options, chosen)
    workers = max(1, jobs if jobs > 0 else (os.cpu_count() or 1))
    for c in costs[: len(full)]:
        click.echo(
            f"rung {c.name}: {c.seconds_per_game:.2f} s a game, about {c.seconds:,.0f} s of "
            f"one core for {games:,} games"
        )
    total = ladder_seconds(costs[: len(full)])
    if focus is not None:
        for c in costs[len(full) :]:
            click.echo(f"rung {c.name} (focused): {c.seconds_per_game:.2f} s a game")
        base, per_card = focus_seconds(costs, len(full), focus)
        most = focus.most if focus.cards.strip().lower() == "flagged" else None
        cards = most if most is not None else len([n for n in focus.cards.split(",") if n.strip()])
        click.echo(
            f"the focused rungs: about {base:,.0f} s of one core for {focus.deals:,} printed deals "
            f"and their strength steps, and {per_card:,.0f} s more a card"
            + (f" (at most {most} flagged cards)" if most is not None else f" ({cards} named)")
        )
        total += base + per_card * cards
    else:
        hint = dear_rung(options, chosen, costs, Focus("", focus_deals, focus_cards, focus_most))
        if hint is not None:
            base, per_card = focus_seconds(costs, [c.name for c in costs].index(hint.first), hint)
            click.echo(
                f"hint: --focus-from {hint.first} plays it and the rungs above only for the "
                f"cards the rungs below flag: about {base:,.0f} s of one core and "
                f"{per_card:,.0f} s a card, instead of the full runs"
            )
    click.echo(
        f"the ladder: about {total:,.0f} s of one core with its head-to-head steps, "
        f"{total / workers:,.0f} s on {workers} workers (timed on two games a rung)"
    )
    left = seconds_left(options, chosen, costs, out, focus)
    if left <= 0:
        click.echo(f"{out} holds all of it already: nothing left to play")
    elif left < 0.999 * total:
        click.echo(
            f"{out} holds part of it already: about {left:,.0f} s of one core left to play, "
            f"{left / workers:,.0f} s on {workers} workers"
        )
    if plan_only:
        return
    folder = run_ladder(
        options,
        chosen,
        out,
        jobs=jobs,
        backend=backend,
        overwrite=overwrite,
        progress=not quiet,
        tolerance=tolerance.card,
        focus=focus,
    )
    report = build_ladder_report(folder)
    import polars as pl

    from simulator.experiments.ladder import (
        LADDER_FILE,
        focus_deals_to_decide,
        load_focus,
        load_ladder,
    )

    counted = tally(pl.read_parquet(Path(folder) / LADDER_FILE))
    click.echo(
        f"{counted['rewards skill']} cards reward skill, {counted['punishes skill']} punish it, "
        f"{counted['holds']} hold, {counted['unclear']} unclear, {counted['no figure']} without "
        f"a figure (tolerance \u00b1{tolerance.card:g} points); report written to {report}"
    )
    focused_table = load_focus(folder)
    if focused_table is not None:
        judged = tally(focused_table)
        flat = load_ladder(folder)[0]["focus"]["not_rising"]
        click.echo(
            f"at the focused rungs, {focused_table.height} cards judged by ablation: "
            f"{judged['rewards skill']} reward skill, {judged['punishes skill']} punish it, "
            f"{judged['holds']} hold, {judged['unclear']} unclear, {judged['no figure']} "
            "without a figure"
            + (
                f"; but {', '.join(flat)} does not beat the rung below it, so these say "
                "nothing about skill"
                if flat
                else ""
            )
        )
        left_out = load_ladder(folder)[0]["focus"]["left_out"]
        if left_out:
            click.echo(
                f"left out by --focus-most {focus_most}: {', '.join(left_out)}; a larger "
                "--focus-most in the same --out plays only their games"
            )
        needed = focus_deals_to_decide(focused_table)
        if needed and not flat:
            click.echo(
                f"about {needed:,} deals a rung would decide the unclear ones: --focus-deals "
                f"{needed} in the same --out plays only the new deals"
            )


if __name__ == "__main__":
    sys.exit(main())
