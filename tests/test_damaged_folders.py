"""A damaged run or experiment folder and numbers out of range (issue 47): a part cut short,
emptied, overwritten with random bytes or copied from another run is named in one line by
the commands that read it and by `deckhand check`; the command that made the folder sets it
aside in damaged/, plays its games again and leaves every intact part as it was, to tables
identical to an undamaged run's. A whole number beyond what its column holds is refused in
one line before any folder is made."""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from folder_checks import one_line_error, same_run_tables
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from polars.testing import assert_frame_equal

from cli import main
from simulator.core.errors import RunFolderError
from simulator.experiments import ablation, ablation_parts
from simulator.folders import run_folder
from simulator.folders.health import check_folder
from simulator.folders.run_folder import (
    ABLATION_GAMES,
    ABLATION_OWNERS,
    ABLATION_PARTS,
    ABLATION_PLAN,
    DAMAGED,
    TABLES,
    part_path,
    read_card_events,
    read_games,
)

SIMULATE = ["simulate", "travel", "-p", "3", "--max-turns", "300", "-n", "60"]
SIMULATE += ["--chunk-size", "20", "--backend", "sequential", "--quiet"]
KINDS = ("cut short", "zero bytes", "random bytes", "another run")


def _invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"traceback from deckhand {' '.join(args)}: {result.output}")
    return result.exit_code, result.output


def _bytes(folder: Path) -> dict[Path, bytes]:
    return {
        p.relative_to(folder): p.read_bytes()
        for table in TABLES
        for p in sorted((folder / table).glob("part-*.parquet"))
    }


def _damage(path: Path, kind: str, other: Path | None = None) -> bytes:
    """Damage PATH as `kind` says; returns the damaged bytes (which must be set aside)."""
    data = path.read_bytes()
    if kind == "cut short":
        data = data[: len(data) // 2]
    elif kind == "zero bytes":
        data = b""
    elif kind == "random bytes":
        data = random.Random(47).randbytes(len(data))
    else:
        assert other is not None
        data = other.read_bytes()
    path.write_bytes(data)
    return data


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A finished 60-game run in chunks of 20 (seed 4), and the same run with seed 5 (the
    other run whose parts are copied in); never modified (the tests copy them)."""
    base = tmp_path_factory.mktemp("damaged")
    for seed in (4, 5):
        code, output = _invoke([*SIMULATE, "--seed", str(seed), "--out", str(base / str(seed))])
        assert code == 0, output
    return base / "4", base / "5"


# ---------------------------------------------------------------------- run folders


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_part_is_named_set_aside_and_played_again(
    runs: tuple[Path, Path], tmp_path: Path, kind: str, table: str
) -> None:
    reference, other = runs
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    path = part_path(run, table, 1)
    bad = _damage(path, kind, part_path(other, table, 1))
    before = _bytes(run)

    health = check_folder(run)  # changes nothing, names the part
    assert not health.healthy and [p.path for p in health.problems] == [path]
    assert _bytes(run) == before
    code, output = _invoke(["check", str(run)])
    assert code == 1 and f"problem: {path}: damaged (" in output, output
    if kind != "another run" or table == "games":  # what a reader sees by itself
        if table == "card_events":  # the report reads no card event: the Python reader does
            with pytest.raises(RunFolderError, match=f"{path}: damaged \\("):
                read_card_events(run)
        else:
            line = one_line_error(*_invoke(["report", str(run)]))
            assert f"{path}: damaged (" in line
            assert "run the command that made the run again" in line

    code, output = _invoke([*SIMULATE, "--seed", "4", "--out", str(run)])
    assert code == 0, output
    aside = run / DAMAGED / table / path.name
    assert f"note: {path}: damaged (" in output and f"moved to {aside}" in output, output
    assert "games 20 to 39 are played again" in output
    assert "; 20 played in " in output, output  # the repaired games are counted as played
    assert aside.read_bytes() == bad  # the user's bytes, kept
    same_run_tables(run, reference)
    after = _bytes(run)
    assert after == _bytes(reference)  # bit-identical parts, the replaced one included
    for name, data in before.items():  # every intact part untouched (the same bytes)
        if name != path.relative_to(run):
            assert after[name] == data
    assert check_folder(run).healthy
    # pandas, polars and DuckDB read each table folder: damaged/ is outside them
    assert (
        pl.read_parquet(run / table / "*.parquet").height
        == pl.read_parquet(reference / table / "*.parquet").height
    )


def test_a_part_damaged_twice_keeps_both_copies_set_aside(
    runs: tuple[Path, Path], tmp_path: Path
) -> None:
    reference, _ = runs
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    path = part_path(run, "players", 2)
    first = _damage(path, "cut short")
    assert _invoke([*SIMULATE, "--seed", "4", "--out", str(run)])[0] == 0
    second = _damage(path, "zero bytes")
    code, output = _invoke([*SIMULATE, "--seed", "4", "--out", str(run)])
    assert code == 0, output
    aside = run / DAMAGED / "players"
    assert (aside / "part-00002.parquet").read_bytes() == first
    assert (aside / "part-00002.1.parquet").read_bytes() == second
    assert "moved to " + str(aside / "part-00002.1.parquet") in output
    same_run_tables(run, reference)
    code, output = _invoke(["check", str(run)])
    assert code == 0 and "set aside earlier" in output and output.strip().endswith("healthy")
    # --overwrite removes it with the rest of what Deckhand wrote (damaged/ is listed)
    assert run_folder.RUN_FOLDER.foreign(run) == []


def test_an_extension_of_a_damaged_run_repairs_it_too(
    runs: tuple[Path, Path], tmp_path: Path
) -> None:
    reference, _ = runs
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    _damage(part_path(run, "games", 0), "random bytes")
    args = [*SIMULATE, "--seed", "4"]
    args[args.index("-n") + 1] = "80"
    code, output = _invoke([*args, "--out", str(run)])
    assert code == 0 and "games 0 to 19 are played again" in output, output
    assert _invoke([*args, "--out", str(tmp_path / "fresh")])[0] == 0
    same_run_tables(run, tmp_path / "fresh")


def test_check_names_a_damaged_manifest_and_missing_chunks(
    runs: tuple[Path, Path], tmp_path: Path
) -> None:
    reference, _ = runs
    run = tmp_path / "run"
    shutil.copytree(reference, run)
    for table in TABLES:
        part_path(run, table, 2).unlink()
    code, output = _invoke(["check", str(run)])
    assert code == 1 and "1 of 3 chunks missing (00002)" in output, output
    (run / "manifest.json").write_text('{"config": ')
    code, output = _invoke(["check", str(run)])
    assert code == 1 and "manifest.json: damaged" in output, output
    line = one_line_error(*_invoke(["report", str(run)]))
    assert "manifest.json: not a readable run manifest" in line


# ---------------------------------------------------------------------- experiment folders


SWEEP = ["sweep", "travel", "-p", "3", "-m", "special_items", "--card", "Mom's Credit Card"]
SWEEP += ["--param", "covers=1,2", "-n", "8", "--chunk-size", "4", "--max-turns", "200"]
SWEEP += ["--backend", "sequential", "--quiet", "--seed", "2"]


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A finished sweep (seed 2) and one of another seed (3). A sweep's runs name their
    sheets by path, so a test plays its own rather than copying one."""
    base = tmp_path_factory.mktemp("sweeps")
    assert _invoke([*SWEEP, "-o", str(base / "done")])[0] == 0
    assert _invoke([*SWEEP[:-1], "3", "-o", str(base / "other")])[0] == 0
    return base / "done", base / "other"


@pytest.mark.parametrize("kind", KINDS)
def test_a_sweep_plays_a_damaged_value_again(
    sweeps: tuple[Path, Path], tmp_path: Path, kind: str
) -> None:
    """A sweep skips a finished value's run, unless a part of it is damaged."""
    done, other = sweeps
    sweep = tmp_path / "sweep"
    assert _invoke([*SWEEP, "-o", str(sweep)])[0] == 0
    value = sweep / "covers=2"
    path = part_path(value, "players", 1)
    _damage(path, kind, part_path(other / "covers=2", "players", 1))
    code, output = _invoke(["check", str(sweep)])
    assert code == 1 and str(path) in output, output
    code, output = _invoke([*SWEEP, "-o", str(sweep)])
    assert code == 0 and f"moved to {value / DAMAGED / 'players' / path.name}" in output, output
    same_run_tables(value, done / "covers=2")
    assert_frame_equal(
        pl.read_parquet(sweep / "sweep.parquet"), pl.read_parquet(done / "sweep.parquet")
    )
    assert check_folder(sweep).healthy


def test_robustness_plays_a_damaged_pool_again(tmp_path: Path) -> None:
    args = ["robustness", "travel", "-p", "3", "-n", "8", "--chunk-size", "4"]
    args += ["--max-turns", "200", "--backend", "sequential", "-q", "--seed", "6"]
    args += ["--pool", "a=heuristic", "--pool", "b=random"]
    done = tmp_path / "done"
    assert _invoke([*args, "-o", str(done)])[0] == 0
    rob = tmp_path / "rob"
    shutil.copytree(done, rob)
    path = part_path(rob / "b", "players", 0)
    _damage(path, "cut short")
    line = one_line_error(*_invoke(["report", str(rob / "b")]))
    assert str(path) in line
    code, output = _invoke([*args, "-o", str(rob)])
    assert code == 0 and f"{path}: damaged" in output, output
    same_run_tables(rob / "b", done / "b")
    assert_frame_equal(
        pl.read_parquet(rob / "robustness.parquet"), pl.read_parquet(done / "robustness.parquet")
    )


ABLATE = ["ablate", "import-export", "-p", "2", "--cards", "Almonds,Beer", "-n", "6"]
ABLATE += ["--max-turns", "200", "--backend", "sequential", "--seed", "3", "-q"]
ABLATION_TABLES = (ABLATION_GAMES, ABLATION_OWNERS, run_folder.ABLATION_FILE)


@pytest.fixture(scope="module")
def ablations(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """A finished ablation; the same stopped with its deals saved one by one (parts/, as a
    killed ablation leaves them); and one of another seed."""
    base = tmp_path_factory.mktemp("ablations")
    assert _invoke([*ABLATE, "--out", str(base / "done")])[0] == 0
    assert _invoke([*ABLATE[:-2], "4", "-q", "--out", str(base / "other")])[0] == 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ablation, "SAVE_SECONDS", 0.0)
        patch.setattr(ablation_parts, "clear", lambda folder: None)
        assert _invoke([*ABLATE, "--out", str(base / "stopped")])[0] == 0
    plan = base / "stopped" / ABLATION_PLAN
    meta = json.loads(plan.read_text())
    plan.write_text(json.dumps({**meta, "finished": False}))
    for name in ABLATION_TABLES:
        (base / "stopped" / name).unlink()
    assert len(ablation_parts.saved(base / "stopped")) > 1
    return base / "done", base / "stopped", base / "other"


def _same_ablation(a: Path, b: Path) -> None:
    for name in ABLATION_TABLES:
        assert_frame_equal(pl.read_parquet(a / name), pl.read_parquet(b / name))


@pytest.mark.parametrize("kind", KINDS)
def test_an_ablation_plays_a_damaged_saved_part_again(
    ablations: tuple[Path, Path, Path], tmp_path: Path, kind: str
) -> None:
    done, stopped, other = ablations
    abl = tmp_path / "abl"
    shutil.copytree(stopped, abl)
    first, end = ablation_parts.saved(abl)[1]
    path = abl / ABLATION_PARTS / f"deals-{first:07d}-{end:07d}.games.parquet"
    source = other / ABLATION_GAMES  # another ablation's games table, in its place
    bad = _damage(path, kind, source)
    code, output = _invoke(["check", str(abl)])
    assert code == 1 and str(path) in output, output
    code, output = _invoke([*ABLATE, "--out", str(abl)])
    assert code == 0 and f"note: {path}: damaged (" in output, output
    assert (abl / DAMAGED / ABLATION_PARTS / path.name).read_bytes() == bad
    _same_ablation(abl, done)


@pytest.mark.parametrize("kind", KINDS)
def test_a_finished_ablation_with_a_damaged_table_is_played_again(
    ablations: tuple[Path, Path, Path], tmp_path: Path, kind: str
) -> None:
    done, _, other = ablations
    abl = tmp_path / "abl"
    shutil.copytree(done, abl)
    path = abl / ABLATION_OWNERS
    bad = _damage(path, kind, other / ABLATION_GAMES)  # another table of another run
    assert not check_folder(abl).healthy
    code, output = _invoke([*ABLATE, "--out", str(abl)])
    assert code == 0 and f"note: {path}: damaged (" in output, output
    assert (abl / DAMAGED / ABLATION_OWNERS).read_bytes() == bad
    _same_ablation(abl, done)


# ---------------------------------------------------------------------- numbers in range


def test_the_issues_seed_is_refused_in_one_line_before_any_folder(tmp_path: Path) -> None:
    out = tmp_path / "run"
    for seed in (2**64, 2**63, 10**30):
        args = ["simulate", "travel", "-n", "10", "--seed", str(seed), "--out", str(out)]
        line = one_line_error(*_invoke(args))
        assert line == (
            f"Error: --seed: {seed} is outside its range; accepted: a whole number from 0 to "
            "9223372036854775807 (2^63 - 1): the games table stores the master seed as a signed "
            "64-bit integer (master_seed, Int64)"
        )
        assert not out.exists()
    sweep = [*SWEEP[:-1], str(2**64), "-o", str(out)]
    assert "--seed: 18446744073709551616 is outside" in one_line_error(*_invoke(sweep))
    assert not out.exists()


def test_a_card_id_beyond_its_range_names_the_file_line_and_field(tmp_path: Path) -> None:
    from simulator.games.travel.cards import DEFAULT_SHEET

    lines = DEFAULT_SHEET.read_text().splitlines()
    lines[5] = str(2**16) + lines[5][lines[5].index(",") :]
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("\n".join(lines) + "\n")
    out = tmp_path / "run"
    args = ["simulate", "travel", "-n", "2", "--card-sheet", str(sheet), "--out", str(out)]
    line = one_line_error(*_invoke(args))
    assert f"{sheet}, line 6, field 'id': 65536 is outside its range" in line
    assert "from 0 to 65535 (2^16 - 1)" in line and not out.exists()


EDGES = [-(2**63) - 1, -(2**63), -1, 0, 1, 2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64]


@st.composite
def integer_options(draw: st.DrawFn) -> list[str]:
    """simulate's whole-number options, each at an edge of some range or a small value; the
    games kept few (a large --games is a long run, not an edge of what is held)."""
    args = ["-n", str(draw(st.sampled_from([-1, 0, 1, 2, 3])))]
    for option, small in (
        ("--seed", [0, 7]),
        ("--players", [2, 3]),
        ("--max-turns", [1, 300]),
        ("--chunk-size", [1, 2]),
        ("--jobs", [1]),
    ):
        if draw(st.booleans()):
            args += [option, str(draw(st.sampled_from([*EDGES, *small])))]
    return args


@given(integer_options())
@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
def test_whole_number_options_at_their_edges_play_or_are_refused_before_any_folder(
    args: list[str],
) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "run"
        command = ["simulate", "travel", *args, "--backend", "sequential", "-q"]
        if "--max-turns" not in args:
            command += ["--max-turns", "300"]
        code, output = _invoke([*command, "--out", str(out)])
        if code == 0:
            games = int(args[1])
            assert read_games(out).height == games and check_folder(out).healthy
            return
        errors = [line for line in output.splitlines() if line.startswith("Error: ")]
        assert len(errors) == 1 and "Traceback" not in output, output
        assert not out.exists(), f"refused, but wrote {sorted(os.listdir(out))}"


def test_a_table_error_the_checks_missed_is_one_line_naming_check(tmp_path: Path) -> None:
    """Damage a reader's checks cannot see (a Parquet footer intact, its data not) still ends
    in one line that says which command names the damaged file, never a polars traceback."""
    import click
    import polars.exceptions

    from cli import _fail_cleanly

    @click.command()
    @click.argument("run")
    @_fail_cleanly
    def reads(run: str) -> None:
        raise polars.exceptions.ComputeError("parquet: File out of specification\nmore")

    result = CliRunner().invoke(reads, [str(tmp_path)])
    line = one_line_error(result.exit_code, result.output)
    assert "a table could not be read (ComputeError: parquet: File out of specification)" in line
    assert f"`deckhand check {tmp_path}` names the damaged file" in line

    @click.command()
    @_fail_cleanly
    def fails() -> None:
        raise KeyError("not a table")

    assert isinstance(CliRunner().invoke(fails, []).exception, KeyError)  # other errors pass
