"""The fuzz campaign (issue 28, item 5): careless input of every kind a user can give
`deckhand simulate` either stops with a one-line message before any game is played (no
--out folder is made), or plays to completion with --check-invariants. Never a traceback,
never a folder left half made, never a run in which games fail.

Hypothesis draws the cases: card sheets derived from the shipped ones (numbers, levels,
cargo, params changed; rows removed or duplicated; other encodings; truncated files),
--rule values, strategy parameters and combinations of simulate's options. CI runs the
bounded profile (`ci`, about 75 examples per test); the long campaign is
`DECKHAND_FUZZ=long DECKHAND_FUZZ_REPORT=fuzz.json pytest tests/test_fuzz_inputs.py`
(DECKHAND_FUZZ_EXAMPLES sets the examples per test), which writes the counts.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl
from click.testing import CliRunner
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.core import given

from cli import main
from simulator.catalog import get_game
from simulator.core.rule_numbers import describe
from strategies.registry import available, resolve

PROFILE = os.environ.get("DECKHAND_FUZZ", "ci")
EXAMPLES = int(os.environ.get("DECKHAND_FUZZ_EXAMPLES", "5000" if PROFILE == "long" else "75"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=PROFILE == "ci",  # CI: the same cases every run; by hand: new ones
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
GAMES = ("import-export", "travel")
OUTCOMES: Counter[str] = Counter()
"""How the cases ended, per test: '<test> refused' / '<test> played'."""


def _report(test: str) -> None:
    path = os.environ.get("DECKHAND_FUZZ_REPORT")
    if not path:
        return
    counts = json.loads(Path(path).read_text()) if Path(path).exists() else {}
    counts[test] = {
        "examples": OUTCOMES[f"{test} refused"] + OUTCOMES[f"{test} played"],
        "refused": OUTCOMES[f"{test} refused"],
        "played": OUTCOMES[f"{test} played"],
        "tracebacks": 0,  # a traceback fails the test before this is written
    }
    Path(path).write_text(json.dumps(counts, indent=2) + "\n")


def check_case(test: str, args: list[str], games: int | None = None) -> str:
    """Run `deckhand simulate ARGS --out TMP` and check the property; returns the outcome."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "run"
        command = ["simulate", *args, "--out", str(out), "--backend", "sequential", "-q"]
        command.append("--check-invariants")
        result = CliRunner().invoke(main, command)
        shown = f"deckhand {' '.join(command)}\n{result.output}"
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"traceback ({result.exception!r}) from {shown}")
        if result.exit_code == 0:
            played = pl.read_parquet(out / "games" / "*.parquet").height
            if games is not None:
                assert played == games, shown
            assert not list(out.rglob(".*.tmp*")) and not (out / ".deckhand.lock").exists()
            OUTCOMES[f"{test} played"] += 1
            return "played"
        errors = [line for line in result.output.splitlines() if line.startswith("Error: ")]
        assert len(errors) == 1, f"not one error line: {shown}"
        assert "Traceback" not in result.output, shown
        assert not out.exists(), f"a refused case wrote {sorted(out.rglob('*'))}: {shown}"
        OUTCOMES[f"{test} refused"] += 1
        return "refused"


# ---------------------------------------------------------------------- card sheets


def _shipped(game: str) -> tuple[list[str], list[list[str]]]:
    text = Path(get_game(game).card_sheet).read_text(encoding="utf-8-sig")
    records = list(csv.reader(io.StringIO(text, newline="")))
    return records[0], records[1:]


SHEETS = {game: _shipped(game) for game in GAMES}
NUMBERS = st.one_of(
    st.integers(-20, 60).map(str),
    st.floats(-5, 50, allow_nan=False).map(lambda x: f"{x:.2f}"),
    st.sampled_from(["", "x", "1e9", "-0", "nan", "inf", "3;4", "yellow:2", "\u00e8"]),
)


def _edit_cell(record: list[str], column: int, value: str) -> list[str]:
    changed = list(record)
    if column < len(changed):
        changed[column] = value
    return changed


def _edit_param(cell: str, key: str | None, value: str) -> str:
    params = [p for p in cell.split(";") if p]
    if key is None and params:  # change a param that is there
        key = params[0].split("=")[0]
    kept = [p for p in params if p.split("=")[0] != key]
    return ";".join([*kept, f"{key}={value}"])


@st.composite
def mutated_sheet(draw: st.DrawFn, game: str) -> bytes:
    """The shipped sheet of `game` with one to three changes, in some encoding."""
    header, rows = SHEETS[game]
    rows = [list(r) for r in rows]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(["cell", "param", "new_param", "drop", "duplicate", "short_row"])
        )
        i = draw(st.integers(0, len(rows) - 1))
        if kind == "cell":
            column = draw(st.integers(0, len(header) - 1))
            rows[i] = _edit_cell(rows[i], column, draw(NUMBERS))
        elif kind in ("param", "new_param") and "params" in header:
            column = header.index("params")
            key = None if kind == "param" else draw(st.sampled_from(["bogus", "pay", "limit"]))
            cell = rows[i][column] if column < len(rows[i]) else ""  # a row cut short
            rows[i] = _edit_cell(rows[i], column, _edit_param(cell, key, draw(NUMBERS)))
        elif kind == "drop" and len(rows) > 1:
            del rows[i]
        elif kind == "duplicate":
            rows.insert(i, list(rows[i]))
        elif kind == "short_row" and rows[i]:  # a row cut to nothing stays empty
            rows[i] = rows[i][: draw(st.integers(0, len(rows[i]) - 1))]
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\n").writerows([header, *rows])
    text = buffer.getvalue()
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8-sig", "latin-1", "utf-16"]))
    data = text.encode(encoding, errors="replace")
    if draw(st.integers(0, 9)) == 0:  # cut off anywhere, even inside a character
        data = data[: draw(st.integers(0, len(data)))]
    return data


@given(st.sampled_from(GAMES).flatmap(lambda g: st.tuples(st.just(g), mutated_sheet(g))))
@FUZZ
def _sheet_case(case: tuple[str, bytes]) -> None:
    game, data = case
    with tempfile.TemporaryDirectory() as scratch:
        sheet = Path(scratch) / "sheet.csv"
        sheet.write_bytes(data)
        players = "3"
        check_case("sheets", [game, "-p", players, "--card-sheet", str(sheet), "-n", "2"], 2)


def test_mutated_card_sheets_are_refused_in_one_line_or_play_clean() -> None:
    _sheet_case()
    _report("sheets")


# ---------------------------------------------------------------------- --rule values


def _rule_names() -> list[tuple[str, str]]:
    """(name, default text) of every rule number of the games that have them."""
    found = []
    for game in GAMES:
        numbers = get_game(game).rule_numbers
        if numbers is not None:
            found += [(rule.name, rule.value) for rule in describe(numbers)]
    return found


RULES = _rule_names()
RULE_VALUES = st.one_of(
    NUMBERS,
    st.lists(st.integers(-3, 12), min_size=0, max_size=6).map(lambda v: ",".join(map(str, v))),
    st.sampled_from(["true", "false", "yes", "0", "1"]),
)


@given(
    st.lists(st.tuples(st.sampled_from(RULES), RULE_VALUES), min_size=1, max_size=3),
    st.integers(2, 4),
)
@FUZZ
def _rule_case(rules: list[tuple[tuple[str, str], str]], players: int) -> None:
    args = ["import-export", "-p", str(players), "-n", "2", "--max-turns", "400"]
    for (name, _), value in rules:
        args += ["--rule", f"{name}={value}"]
    check_case("rules", args, 2)


def test_random_rule_numbers_are_refused_in_one_line_or_play_clean() -> None:
    _rule_case()
    _report("rules")


# ---------------------------------------------------------------------- strategy parameters


def _strategy_params() -> dict[str, list[tuple[str, list[str]]]]:
    """Per game, each strategy with its parameters' names."""
    found: dict[str, list[tuple[str, list[str]]]] = {}
    for game in GAMES:
        found[game] = [
            (name, list(getattr(resolve(game, name).cls, "params", {}) or {}))
            for name in available(game)
        ]
    return found


STRATEGY_PARAMS = _strategy_params()
PARAM_VALUES = st.one_of(
    st.floats(-20, 20, allow_nan=False).map(lambda x: f"{x:.3g}"),
    st.integers(-5, 50).map(str),
    st.sampled_from(["", "x", "true", "nan", "inf", "1e6"]),
)
SEARCH_BUDGET = {"iterations": "2", "rollout_decisions": "3", "ms": "0"}
"""A searching bot's budget, fixed small: at its defaults one game of `mcts` takes minutes,
and the fuzz tests what its parameters accept, not how well it plays."""
BUDGET_VALUES = st.one_of(
    st.integers(-3, 3).map(str), st.sampled_from(["", "x", "nan", "inf", "1.5", "-0"])
)
"""Drawn for a budget key: anything refused, or a tiny budget."""


@st.composite
def strategy_text(draw: st.DrawFn, game: str) -> str:
    name, params = draw(st.sampled_from(STRATEGY_PARAMS[game]))
    searches = resolve(game, name).cls.looks_ahead
    budget = SEARCH_BUDGET if searches else {}
    if not params or draw(st.booleans()):
        keys: list[str] = []
    else:
        keys = draw(st.lists(st.sampled_from([*params, "bogus"]), min_size=1, max_size=3))
    settings = {k: draw(BUDGET_VALUES if k in budget else PARAM_VALUES) for k in keys}
    settings = {**budget, **settings}  # a drawn budget value (maybe bad) replaces the small one
    if not settings:
        return name
    return f"{name}:" + ",".join(f"{k}={v}" for k, v in settings.items())


@given(
    st.sampled_from(GAMES).flatmap(
        lambda g: st.tuples(st.just(g), st.lists(strategy_text(g), min_size=1, max_size=3))
    )
)
@FUZZ
def _strategy_case(case: tuple[str, list[str]]) -> None:
    game, texts = case
    args = [game, "-p", "3", "-n", "3", "--max-turns", "400"]
    for text in texts:
        args += ["-s", text]
    check_case("strategies", args, 3)


def test_random_strategy_parameters_are_refused_in_one_line_or_play_clean() -> None:
    _strategy_case()
    _report("strategies")


# ---------------------------------------------------------------------- option combinations


def _modules(game: str) -> list[str]:
    return [m.name for m in get_game(game).modules]


OPTIONAL: dict[str, Callable[[str], st.SearchStrategy[list[str]]]] = {
    "players": lambda g: st.integers(-1, 11).map(lambda p: ["-p", str(p)]),
    "modules": lambda g: st.lists(
        st.sampled_from([*_modules(g), "all", "bogus", ""]), max_size=3
    ).map(lambda ms: ["-m", ",".join(ms)]),
    "games": lambda g: st.integers(-1, 4).map(lambda n: ["-n", str(n)]),
    "seed": lambda g: st.integers(-2, 2**40).map(lambda s: ["--seed", str(s)]),
    "chunk": lambda g: st.integers(-1, 5).map(lambda c: ["--chunk-size", str(c)]),
    "max_turns": lambda g: st.integers(-1, 500).map(lambda t: ["--max-turns", str(t)]),
    "rotate": lambda g: st.sampled_from([["--rotate"], ["--no-rotate"]]),
    "duplicate": lambda g: st.just(["--duplicate"]),
    "until_ci": lambda g: st.floats(-0.1, 0.7, allow_nan=False).map(
        lambda x: ["--until-ci", f"{x:.3f}"]
    ),
    "strategy": lambda g: st.lists(strategy_text(g), min_size=1, max_size=4).map(
        lambda ss: [a for s in ss for a in ("-s", s)]
    ),
}


@st.composite
def simulate_options(draw: st.DrawFn) -> tuple[list[str], dict[str, Any]]:
    game = draw(st.sampled_from(GAMES))
    chosen = draw(st.lists(st.sampled_from(sorted(OPTIONAL)), unique=True, max_size=6))
    args = [game]
    for name in chosen:
        args += draw(OPTIONAL[name](game))
    if "games" not in chosen:
        args += ["-n", "2"]
    if "max_turns" not in chosen:
        args += ["--max-turns", "300"]
    return args, {"chosen": chosen}


@given(simulate_options())
@FUZZ
def _option_case(case: tuple[list[str], dict[str, Any]]) -> None:
    args, _ = case
    check_case("options", args)


def test_random_simulate_options_are_refused_in_one_line_or_play_clean() -> None:
    _option_case()
    _report("options")
