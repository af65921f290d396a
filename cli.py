"""The `deckhand` command: thin click wrappers over library functions.

Every command parses its options, calls a function of simulator/ or reports/ (after playing,
its report's) and prints what it returns. Option groups are in cli_options.py.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click

from cli_options import (
    bench_options,
    design_options,
    detection_options,
    experiment_options,
    fail_cleanly,
    focus_options,
    game_options,
    grid_options,
    play_options,
    run_options,
    tolerance_option,
    tune_options,
    workers_options,
)
from simulator import __version__
from simulator.core.errors import ConfigError

_fail_cleanly = fail_cleanly  # the name tests/test_damaged_folders.py imports


def _echo(lines: Iterable[str]) -> None:
    """Print what a library function returned, a line at a time (as it comes, for a
    generator: a long measurement says each result as soon as it has it)."""
    for line in lines:
        click.echo(line)


def _command() -> str:
    """The command line as typed, for a record's provenance."""
    return "deckhand " + " ".join(sys.argv[1:])


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
@play_options
@fail_cleanly
def simulate(
    game: str,
    games: int,
    out: str,
    jobs: int,
    backend: str,
    address: str | None,
    chunk_size: int | None,
    until_ci: float | None,
    duplicate: bool,
    check_invariants: bool,
    overwrite: bool,
    quiet: bool,
    **kw: Any,
) -> None:
    """Play GAMES games of GAME into the run folder OUT (re-run the same command to resume)."""
    from simulator.folders.config import options_given
    from simulator.runs.summaries import interrupted_line
    from simulator.runs.summaries import simulate as play

    run = {"games": games, "chunk_size": chunk_size, "check_invariants": check_invariants}
    options = options_given(game, kw, duplicate=duplicate, until_ci=until_ci, **run)
    config = options.config()
    try:
        summary = play(config, out, jobs, backend, overwrite, not quiet, address, options.engine)
    except KeyboardInterrupt:
        click.echo(interrupted_line(out, config.games), err=True)
        sys.exit(130)
    for warning in summary.warnings:
        click.echo(f"warning: {warning}", err=True)
    _echo(summary.lines())


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
@fail_cleanly
def report(run: str, out: str | None, card_pages: bool, tolerance: Any) -> None:
    """Write a self-contained HTML report of the run folder RUN, its verdicts judged at the
    tolerance (RUN/cards.parquet's verdict columns follow it); every card name with a page
    (`deckhand card`) links to it."""
    from reports.html import build_report

    path = build_report(run, out, tolerance, card_pages=card_pages)
    click.echo(f"report written to {path}")


@main.command()
@click.argument("folder", type=click.Path(exists=True, file_okay=False))
@fail_cleanly
def check(folder: str) -> None:
    """Report the health of a run folder or an experiment folder (sweep, ablation, balance,
    robustness, ladder, a folder of mixes) without changing it: every Parquet part readable
    and this run's, every JSON file readable, the games complete and unique, the manifest
    consistent with the tables. Exit code 1 when anything is wrong; the same command that made
    the folder repairs a damaged part (set aside in damaged/, its games played again)."""
    from simulator.folders.health import check_folder

    health = check_folder(folder)
    _echo(health.lines())
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
@fail_cleanly
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

    _echo(replay_text(run, game_id))


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
@fail_cleanly
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
    from reports.card_page import summary_line, write_card_page

    path, found = write_card_page(
        run, name, tolerance.card, evidence=evidence, out=out, replays=replays
    )
    click.echo(summary_line(found, path))


@main.command()
@click.argument("game", required=False)
@game_options
@bench_options
@fail_cleanly
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
    instructions: bool,
    **kw: Any,
) -> None:
    """Measure games per second on one core for a stated configuration (median of repeats),
    or for the standing suite with --suite."""
    from simulator.compiled import build_label
    from simulator.folders.config import options_given
    from simulator.runs.bench import NotASearcher, bench_lines

    if game is None and not suite:
        raise click.UsageError("give a GAME (see `deckhand games`), or --suite")
    options = options_given(game, kw) if game is not None else None
    lines = bench_lines(
        options,
        games,
        repeats,
        build_label(),
        suite=suite,
        search=search,
        forward=forward,
        profile=profile,
        split=split,
        check_invariants=check_invariants,
        instructions=instructions,
    )
    try:
        _echo(lines)
    except NotASearcher as exc:
        raise click.UsageError(str(exc)) from None


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


@main.command(name="engine")
@click.argument("game", required=False)
@game_options
@fail_cleanly
def engine_command(game: str | None, **kw: Any) -> None:
    """Say whether the native core is built and what it plays; with GAME and its options,
    which engine such a run would use (--engine auto by default) and why."""
    from simulator.folders.config import options_given
    from simulator.native.status import engine_lines

    options = options_given(game, kw) if game is not None else None
    config = options.config() if options is not None else None
    _echo(engine_lines(config, kw.get("engine") or "auto"))


@main.command()
def games() -> None:
    """List the games, their player counts and their modules."""
    from simulator.folders.choices import games_lines

    _echo(games_lines())


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
@detection_options
@fail_cleanly
def plan(run: str | None, tolerance: Any, **kw: Any) -> None:
    """How many games a run needs: to detect a win-rate difference (-d, before any run), or to
    decide the verdicts a run left unclear (--run; docs/metrics.md, "Verdicts")."""
    from reports.plan import plan_lines

    _echo(plan_lines(run, tolerance, **kw))


@main.command(name="rules")
@click.argument("game")
@fail_cleanly
def rules_command(game: str) -> None:
    """List GAME's rule numbers: default, allowed values, meaning and source (change one with
    --rule KEY=VALUE)."""
    from simulator.folders.choices import rules_lines

    _echo(rules_lines(game))


@main.command(name="strategies")
@click.argument("game")
@fail_cleanly
def strategies_command(game: str) -> None:
    """List the strategies available for GAME, their parameters (default and accepted
    range) and the shipped presets."""
    from simulator.folders.choices import strategies_lines

    _echo(strategies_lines(game))


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
@fail_cleanly
def cards_validate(path: str, game: str | None, powers: str | None) -> None:
    """Check the card sheet at PATH as the game plays it (the same checks as `simulate`);
    errors name the file, line and field."""
    from simulator.folders.sheet_check import check_sheet

    checked = check_sheet(path, game, powers)
    click.echo(checked.line())
    for warning in checked.warnings:
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
@fail_cleanly
def cards_list(
    game: str, card_sheet: str | None, card_type: str | None, card_set: str | None, fmt: str
) -> None:
    """List the cards of GAME's card sheet with their attributes (and provenance in csv/json)."""
    from simulator.folders.choices import cards_text

    click.echo(cards_text(game, card_sheet, card_type, card_set, fmt), nl=False)


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
@fail_cleanly
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
@grid_options
@click.option("--top", type=int, default=25, show_default=True, help="Cards listed per pair.")
@tolerance_option
@fail_cleanly
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
    from simulator.folders.config import options_given
    from simulator.runs.mixes import plan_mixes, run_mixes

    if kw["modules"]:
        raise ConfigError("--modules: deckhand mixes takes its sets from --mix")
    grid = options_given(game, kw, games=games, chunk_size=chunk_size)
    plans = plan_mixes(grid.but(check_invariants=check_invariants), mixes, out)
    folders = run_mixes(
        plans,
        jobs=jobs,
        backend=backend,
        overwrite=overwrite,
        progress=not quiet,
        engine=grid.engine,
    )
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
@grid_options
@tolerance_option
@fail_cleanly
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
    from reports.sweep import report_sweep
    from simulator.folders.config import options_given
    from simulator.runs.sweep import plan_sweep, run_sweep

    run = {"games": games, "chunk_size": chunk_size, "check_invariants": check_invariants}
    options = options_given(game, kw, **run)
    plan = plan_sweep(options, card, param, out, overwrite, tolerance=tolerance.card)
    folder = run_sweep(
        plan,
        jobs=jobs,
        backend=backend,
        overwrite=overwrite,
        progress=not quiet,
        engine=options.engine,
    )
    _echo(report_sweep(plan, folder))


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
@fail_cleanly
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
    from reports.balance import report_balance
    from simulator.experiments.balance import balance as run_balance
    from simulator.folders.config import options_given

    result = run_balance(
        options_given(game, kw),
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
    _echo(report_balance(result.folder, result.data))


@main.command()
@click.argument("game")
@experiment_options
@tune_options
@run_options
@fail_cleanly
def tune(game: str, out: str, jobs: int, backend: str, quiet: bool, **kw: Any) -> None:
    """Tune a strategy's parameters for GAME by self-play against an opponent pool.

    Every candidate plays the same deals (common random numbers); the best few are played
    again on fresh deals, and the one kept is confirmed head-to-head against the start on
    fresh seeds with a 95% interval. Writes the preset OUT/NAME.json (use it as
    -s STRATEGY@OUT/NAME.json, or copy it to strategies/presets/GAME/STRATEGY/ to ship it).
    """
    from simulator.experiments.tuning import tune_preset, tuned_lines
    from simulator.folders.config import SHARED_OPTIONS, options_given

    own = {k: v for k, v in kw.items() if k not in SHARED_OPTIONS}  # --start, --trials, ...
    log = None if quiet else click.echo
    result, path = tune_preset(
        options_given(game, kw), out, _command(), jobs=jobs, backend=backend, log=log, **own
    )
    _echo(tuned_lines(result, path))


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
@workers_options
@tolerance_option
@fail_cleanly
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
    from simulator.experiments.tuning import versus as play
    from simulator.folders.config import options_given

    if kw["strategies"]:
        raise ConfigError("--strategy: give the two bots as CANDIDATE and OPPONENT")
    options = options_given(game, kw)
    done = play(
        options, candidate, opponent, games, tolerance.strategy, jobs, backend, _command(), json_out
    )
    _echo(done.lines())


@main.command()
@click.argument("game")
@experiment_options
@design_options
@tolerance_option
@run_options
@fail_cleanly
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
    from reports.ablation import report_ablation
    from simulator.experiments.ablation import ablate as play
    from simulator.folders.config import options_given

    folder = play(
        options_given(game, kw, games=kw["games"]),
        out,
        cards=kw["cards"],
        design=kw["design"],
        off_share=kw["off_share"],
        duplicate=kw["duplicate"],
        param=kw["param"],
        jobs=jobs,
        backend=backend,
        progress=not quiet,
        overwrite=kw["overwrite"],
        tolerance=tolerance.card,
    )
    click.echo(report_ablation(folder, tolerance.card))


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
@grid_options
@fail_cleanly
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
    from reports.ablation import report_robustness
    from simulator.experiments.robustness import robustness as play
    from simulator.folders.config import options_given

    if kw["strategies"]:
        raise ConfigError("--strategy: deckhand robustness takes its strategies from --pool")
    run = {"games": games, "chunk_size": chunk_size, "check_invariants": check_invariants}
    options = options_given(game, kw, **run)
    folder = play(options, pools, out, jobs, backend, overwrite, not quiet, tolerance.card)
    click.echo(report_robustness(folder, tolerance.card))


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
@focus_options
@tolerance_option
@grid_options
@fail_cleanly
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
    from reports.ladder import report_ladder
    from simulator.experiments.ladder import plan_ladder, run_ladder
    from simulator.folders.config import options_given

    if kw["strategies"]:
        raise ConfigError("--strategy: deckhand ladder takes its strategies from --rung")
    run = {"games": games, "chunk_size": chunk_size, "check_invariants": check_invariants}
    options = options_given(game, kw, **run)
    plan = plan_ladder(options, rungs, out, jobs, focus_from, focus_deals, focus_cards, focus_most)
    _echo(plan.lines)
    if plan_only:
        return
    folder = run_ladder(
        options,
        plan.rungs,
        out,
        jobs=jobs,
        backend=backend,
        overwrite=overwrite,
        progress=not quiet,
        tolerance=tolerance.card,
        focus=plan.focus,
    )
    _echo(report_ladder(folder, tolerance.card))


if __name__ == "__main__":
    sys.exit(main())
