"""The CLI: every command has help, errors are clear, the commands work end to end."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from cli import main
from simulator.games.import_export.cards import DEFAULT_SHEET as IE_SHEET
from simulator.games.travel.cards import DEFAULT_SHEET


def _commands(
    group: click.Group, prefix: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], click.Command]]:
    found = []
    for name, command in group.commands.items():
        found.append((prefix + (name,), command))
        if isinstance(command, click.Group):
            found.extend(_commands(command, prefix + (name,)))
    return found


@pytest.mark.parametrize(
    "path,command", _commands(main), ids=lambda v: " ".join(v) if isinstance(v, tuple) else ""
)
def test_every_command_has_help_text(path: tuple[str, ...], command: click.Command) -> None:
    assert command.help and len(command.help.strip()) > 10
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0
    for param in command.params:
        if isinstance(param, click.Option):
            assert param.help, f"option {param.name} of {' '.join(path)} has no help"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "args,expected",
    [
        (["simulate", "chess", "-o", "x"], "unknown game 'chess'; accepted: import-export, travel"),
        (["simulate", "travel", "-m", "events,zombies", "-o", "x"], "unknown module 'zombies'"),
        (["simulate", "travel", "-s", "genius", "-o", "x"], "unknown strategy 'genius'"),
        (["simulate", "travel", "-p", "1", "-o", "x"], "--players: 1 is not accepted"),
        (["simulate", "travel", "-p", "7", "-m", "characters", "-o", "x"], "accepted: 2 to 6"),
        (
            ["simulate", "travel", "-s", "heuristic:boldness=2", "-o", "x"],
            "unknown parameter 'boldness'",
        ),
        (
            ["simulate", "travel", "-s", "random", "-s", "random", "-o", "x"],
            "one per seat (4); got 2",
        ),
        (
            ["simulate", "travel", "--card-sheet", "/nonexistent.csv", "-o", "x"],
            "cannot read the file",
        ),
    ],
)
def test_bad_options_give_clear_errors(tmp_path: Path, args: list[str], expected: str) -> None:
    args = [a if a != "x" else str(tmp_path / "run") for a in args]
    code, output = _run(*args)
    assert code != 0
    assert expected in output
    assert "Traceback" not in output
    assert not (tmp_path / "run").exists()


def test_simulate_report_replay_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, output = _run(
        "simulate", "travel", "-p", "3", "-n", "30", "-m", "events,postcards", "--seed", "7",
        "-o", str(out), "-q", "--chunk-size", "10",
    )  # fmt: skip
    assert code == 0, output
    assert "30 games" in output
    code, output = _run("replay", str(out), "4")
    assert code == 0, output
    assert "Turn 1:" in output
    assert "reproduced: matches the recorded game" in output
    code, output = _run("replay", str(out), "30")
    assert code != 0 and "accepted: 0 to 29" in output


def test_cards_list_and_validate(tmp_path: Path) -> None:
    code, output = _run("cards", "list", "travel", "--type", "country")
    assert code == 0
    assert output.count("\n") == 1 + 13 + 1  # header, 13 countries, the count
    assert "Italy" in output and "requires" in output and "13 cards" in output
    code, output = _run("cards", "validate", str(DEFAULT_SHEET))
    assert code == 0 and "valid travel card sheet (its header's game), 86 rows" in output
    code, output = _run("cards", "validate", str(DEFAULT_SHEET), "--game", "travel")
    assert code == 0 and "valid travel card sheet, 86 rows" in output


def test_cards_validate_reads_an_import_export_sheet_as_one(tmp_path: Path) -> None:
    """Without --game the sheet is checked as the game its header matches: an Import/Export
    sheet missing its level column is told so, not that 'card' is no travel column."""
    code, output = _run("cards", "validate", str(IE_SHEET))
    assert code == 0 and "valid import-export card sheet (its header's game), 180 rows" in output
    rows = list(csv.reader(IE_SHEET.read_text().splitlines()))
    drop = rows[0].index("level")
    bad = tmp_path / "no_level.csv"
    with bad.open("w", newline="") as f:
        csv.writer(f).writerows([r[:drop] + r[drop + 1 :] for r in rows])
    code, output = _run("cards", "validate", str(bad))
    assert code == 2
    assert f"{bad}, line 1, field 'level': missing column" in output
    assert "read as a sheet of import-export" in output and "--game to choose" in output
    code, output = _run("cards", "validate", str(bad), "--game", "travel")
    assert code == 2 and "field 'card': unknown column" in output


def test_cards_validate_names_file_line_and_field(tmp_path: Path) -> None:
    rows = list(csv.reader(DEFAULT_SHEET.read_text().splitlines()))
    header = rows[0]
    rows[5][header.index("module")] = "expansion_x"
    bad = tmp_path / "bad.csv"
    with bad.open("w", newline="") as f:
        csv.writer(f).writerows(rows)
    code, output = _run("cards", "validate", str(bad))
    assert code != 0
    assert f"{bad}, line 6, field 'module'" in output
    assert "is not one of: base, events" in output


def test_games_and_strategies_listings() -> None:
    code, output = _run("games")
    assert code == 0 and "travel" in output and "postcards" in output
    # the game that takes a designer's powers says so, and only it
    assert output.count("--powers FILE") == 1
    assert output.index("--powers FILE") > output.index("import-export:")
    code, output = _run("strategies", "travel")
    assert code == 0 and "heuristic" in output and "aggression=0.3" in output and "random" in output


@pytest.mark.parametrize("game", ["travel", "import-export"])
def test_every_strategy_listed_with_a_whole_sentence(game: str) -> None:
    """The listing shows the first line of each bot's docstring: it must say something
    whole, not stop mid-sentence."""
    code, output = _run("strategies", game)
    assert code == 0, output
    listed = [line for line in output.splitlines() if " [" in line and "@" not in line]
    assert len(listed) >= 2, output
    for line in listed:
        summary = line.split(": ", 1)[1].rsplit(" [", 1)[0]
        assert summary.endswith("."), line


def test_bench_prints_configuration_and_rate() -> None:
    code, output = _run("bench", "travel", "-n", "5", "-r", "2", "-m", "events")
    assert code == 0, output
    assert "game=travel players=4 modules=events strategies=heuristic" in output
    assert "games/s per core (median of 2 x 5 games" in output


def test_bench_refuses_no_games_and_no_repeats() -> None:
    """-r 0 crashed on the median of nothing; -n 0 silently timed the default 200 games."""
    for option in ("-n", "-r"):
        code, output = _run("bench", "travel", option, "0")
        assert code == 2 and "0 is not in the range x>=1" in output, output


def test_bench_splits_the_time_between_rules_bots_and_logging() -> None:
    code, output = _run("bench", "travel", "-n", "5", "-r", "1", "--split")
    assert code == 0, output
    shares = re.search(r"time: rules (\d+)%, bots (\d+)%, logging (\d+)%", output)
    assert shares is not None, output
    assert 97 <= sum(int(x) for x in shares.groups()) <= 103  # rounded shares of one whole
    assert re.search(r"[\d.]+ us per turn, [\d.]+ us per decision", output)


def test_bench_times_the_invariant_check_against_the_same_games_without() -> None:
    code, output = _run("bench", "travel", "-n", "4", "-r", "1", "--check-invariants")
    assert code == 0, output
    ratio = re.search(
        r"with --check-invariants: [\d.]+ games/s .*; ([\d.]+) times the time", output
    )
    assert ratio is not None and float(ratio.group(1)) > 0, output


def test_bench_times_the_forward_model() -> None:
    code, output = _run(
        "bench", "import-export", "--sets", "all", "-n", "3", "-r", "1", "--forward"
    )
    assert code == 0, output
    costs = re.search(
        r"clone\(\): ([\d.]+) us between powers \((\d+) decisions\), ([\d.na]+) us inside a "
        r"power \((\d+)\); for_seat\(\): ([\d.]+) us between powers",
        output,
    )
    assert costs is not None, output
    assert float(costs.group(1)) > 0 and int(costs.group(2)) > 0 and float(costs.group(5)) > 0


def test_the_benchmark_checks_invariants_when_its_config_asks(monkeypatch) -> None:
    """The checked timing really runs the check (a check that fails stops it)."""
    from simulator.folders.config import make_run_config
    from simulator.games.travel.rules import TravelGame
    from simulator.runs.bench import benchmark

    def broken(self: Any, state: Any) -> None:
        raise AssertionError("checked")

    monkeypatch.setattr(TravelGame, "check_invariants", broken)
    plain = make_run_config("travel", 4, (), games=2, seed=1)
    assert benchmark(plain, games=2, repeats=1).median > 0
    checked = make_run_config("travel", 4, (), games=2, seed=1, check_invariants=True)
    with pytest.raises(AssertionError, match="checked"):
        benchmark(checked, games=2, repeats=1)


def test_bench_suite_prints_one_row_per_configuration() -> None:
    from simulator.runs.bench import SUITE

    code, output = _run("bench", "--suite", "-n", "2", "-r", "1")
    assert code == 0, output
    for entry in SUITE:
        row = next(line for line in output.splitlines() if line.startswith(entry.label))
        numbers = re.findall(r"[\d.]+%?", row[len(entry.label) :])
        assert len(numbers) == 8 and float(numbers[0]) > 0, row


def test_bench_without_a_game_or_suite_is_a_usage_error() -> None:
    code, output = _run("bench")
    assert code == 2 and "--suite" in output


def test_simulate_says_how_fast_it_played(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, output = _run("simulate", "travel", "-n", "20", "-m", "events", "-o", str(out), "-q")
    assert code == 0, output
    said = re.search(r"20 games in .*; 20 played in ([\d.]+) s on 1 process of loky", output)
    assert said and float(said.group(1)) > 0, output
    code, output = _run("simulate", "travel", "-n", "20", "-m", "events", "-o", str(out), "-q")
    assert code == 0 and "0 played in" in output, output  # resumed: nothing left to play


@pytest.mark.parametrize(
    ("strategy", "said"),
    [
        ("heuristic:aggression=abc", "parameter 'aggression' must be a number, got 'abc'"),
        ("heuristic:nerve=1", "unknown parameter 'nerve'"),
    ],
)
def test_a_bad_bot_parameter_is_a_usage_error_before_anything_is_written(
    tmp_path: Path, strategy: str, said: str
) -> None:
    out = tmp_path / "run"
    code, output = _run("simulate", "travel", "-n", "5", "-s", strategy, "-o", str(out), "-j", "2")
    assert code == 2 and said in output and "Traceback" not in output, output
    assert "accepted: aggression (default" in output
    assert not out.exists()


@pytest.mark.parametrize(
    "args,said",
    [
        (["-j", "0"], "--jobs: a positive number of workers"),
        (["--backend", "loky", "--scheduler", "tcp://127.0.0.1:1"], "--scheduler/--address: only"),
    ],
)
def test_a_bad_backend_option_writes_no_run_folder(
    tmp_path: Path, args: list[str], said: str
) -> None:
    """The backend is opened before the run folder is made: nothing is left behind."""
    out = tmp_path / "run"
    code, output = _run("simulate", "travel", "-n", "5", "-o", str(out), *args)
    assert code == 2 and said in output and "Traceback" not in output, output
    assert not out.exists()


def test_cards_list_shows_the_attributes_a_designer_edits() -> None:
    code, output = _run("cards", "list", "import-export", "--set", "flag")
    assert code == 0, output
    header = output.splitlines()[0].split()
    assert header[:3] == ["id", "card", "name"]
    assert {"color", "action", "level", "cargo", "set", "timing", "params", "power"} <= set(header)
    maple = next(line for line in output.splitlines() if "Maple Syrup" in line)
    assert "yellow:3" in maple and "min_credits=30" in maple and "any_time" in maple
    assert "Almonds" not in output and "20 cards" in output  # only the Flag set's contracts


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_cards_list_as_csv_or_json_round_trips_the_sheet(fmt: str) -> None:
    import json

    from simulator.games.import_export.cards import DEFAULT_SHEET as IE_SHEET

    code, output = _run("cards", "list", "import-export", "--format", fmt)
    assert code == 0
    rows = json.loads(output) if fmt == "json" else list(csv.DictReader(output.splitlines()))
    with IE_SHEET.open(newline="") as f:
        sheet = list(csv.DictReader(f))
    assert len(rows) == len(sheet) == 180
    for listed, original in zip(rows, sheet, strict=True):
        assert listed["provenance"] == original["provenance"]
        assert listed["cargo"] == original["cargo"] and listed["params"] == original["params"]
