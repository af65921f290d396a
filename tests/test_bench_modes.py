"""`deckhand bench`'s four modes as a library (simulator/runs/bench.py: bench_lines), called
directly: which mode a call picks, and what each says, line by line."""

from __future__ import annotations

import itertools
import platform
import re

import pytest

from simulator.folders.config import RunOptions
from simulator.native import CORE
from simulator.runs.bench import (
    NotASearcher,
    bench_lines,
    forward_lines,
    rate_lines,
    seconds_a_game,
    suite_lines,
)

TRAVEL = RunOptions("travel", players=3, modules=("events",), seed=5, engine="python")
"""The Python engine's bench (travel plays natively by default where the core is built)."""


def test_the_rate_says_what_it_timed_then_the_rate() -> None:
    lines = list(rate_lines(TRAVEL, games=2, repeats=2, build="pure"))
    assert len(lines) == 2
    assert lines[0] == (
        "game=travel players=3 modules=events strategies=heuristic seed=5 logging=full "
        f"python={platform.python_version()} build=pure"
    )
    rate = re.fullmatch(
        r"([\d.]+) games/s per core(?:, [\d.]+ s a game)? \(median of 2 x 2 games; "
        r"min ([\d.]+), max ([\d.]+)\); "
        r"([\d.]+) turns and ([\d.]+) decisions per game; ([\d.]+) us per turn, "
        r"([\d.]+) us per decision",
        lines[1],
    )
    assert rate is not None, lines[1]
    median, low, high = (float(rate.group(k)) for k in (1, 2, 3))
    assert 0 < low <= median <= high
    assert float(rate.group(4)) > 1 and float(rate.group(5)) > float(rate.group(4))


def test_a_slow_rate_also_says_the_seconds_a_game() -> None:
    assert seconds_a_game(3.355) == ", 0.298 s a game"
    assert seconds_a_game(12.0) == ""


def test_the_rate_names_its_rules_and_adds_the_split_and_the_checked_timing() -> None:
    options = RunOptions(
        "import-export", players=2, modules=("base",), rules=(("sell_price", "5"),)
    )
    lines = list(
        bench_lines(options, 2, 1, "compiled", split=True, check_invariants=True, profile=True)
    )
    assert " rule:sell_price=5 python=" in lines[0] and lines[0].endswith(" build=compiled")
    shares = re.fullmatch(
        r"time: rules (\d+)%, bots (\d+)%, logging (\d+)% \(one more pass of 2 games\)", lines[2]
    )
    assert shares is not None and 97 <= sum(int(x) for x in shares.groups()) <= 103
    assert re.match(r"with --check-invariants: [\d.]+ games/s per core \(median of 1;", lines[3])
    assert float(lines[3].rsplit("; ", 1)[1].split(" times")[0]) > 0
    assert "function calls" in lines[4]  # the profile comes last
    assert len(lines) == 5


def test_the_forward_mode_times_clone_and_for_seat() -> None:
    lines = list(bench_lines(TRAVEL, games=2, repeats=1, build="pure", forward=True))
    assert lines[0].startswith("game=travel players=3 modules=events seed=5 python=")
    assert lines[0].endswith("build=pure; 2 random-answer games, median of 1")
    assert "strategies=" not in lines[0]  # random answers, no bots
    costs = re.fullmatch(
        r"clone\(\): ([\d.]+) us between powers \((\d+) decisions\), ([\d.na]+) us inside a "
        r"power \((\d+)\); for_seat\(\): ([\d.]+) us between powers, ([\d.na]+) us inside",
        lines[1],
    )
    assert costs is not None, lines[1]
    assert float(costs.group(1)) > 0 and int(costs.group(2)) > 0


def test_forward_lines_say_how_many_games_they_timed() -> None:
    first = next(forward_lines(TRAVEL, games=1, repeats=1, build="pure"))
    assert first.endswith("; 1 random-answer games, median of 1")


def test_the_search_mode_refuses_a_bot_that_does_not_search() -> None:
    with pytest.raises(NotASearcher, match="--search random: not a searching strategy"):
        list(bench_lines(TRAVEL, 1, 1, "pure", search="random"))
    assert issubclass(NotASearcher, ValueError)  # search_speed's callers catch ValueError


def test_the_search_mode_says_where_it_searched() -> None:
    options = RunOptions("import-export", players=2, modules=("base",))
    bot = "mcts:iterations=3,rollout_decisions=3,search=contract"
    lines = list(bench_lines(options, 1, 1, "pure", search=bot))
    assert lines[0].endswith(
        f"{bot} at 1 positions (its first search 40 decisions in: contract), median of 1"
    )
    assert re.fullmatch(
        r"[\d.]+ ms per decision searched, \d+ iterations/s; of the search \(cProfile\): "
        r"determinising \d+% \(the redeal \d+%\), rollouts \d+%, the tree the rest",
        lines[1],
    )
    if CORE is not None:  # the native search's line: each repeat timed over a window
        assert re.fullmatch(
            r"native core: [\d.]+ ms per decision searched, \d+ iterations/s \(\d+ per second "
            r"of CPU\) \(\d+x\) at 1 positions of the native games, the first searched 40 "
            r"decisions in \(contract\), median of 1 repeats of at least 0.2 s each",
            lines[2],
        )


def test_a_travel_search_is_timed_in_python_without_a_native_line() -> None:
    # the core's search bench (mcts_at) is Import/Export's: a travel search has none, and
    # its bench said the Python figures then stopped on an assertion
    options = RunOptions("travel", players=2, seed=1)
    lines = list(bench_lines(options, 1, 1, "pure", search="mcts:iterations=4"))
    assert len(lines) == 2
    assert "iterations/s; of the search (cProfile)" in lines[1]


def test_the_suite_says_its_header_before_it_measures_anything() -> None:
    lines = suite_lines(games=1, repeats=3, build="pure")
    first, header = itertools.islice(lines, 2)  # a generator: nothing timed yet
    assert first.startswith("deckhand bench --suite: one core, full logging, median of 3, python=")
    assert first.endswith(", build=pure")
    assert header.split() == [
        "configuration",
        "games/s",
        "us/turn",
        "us/dec",
        "turns",
        "decs",
        "rules",
        "bots",
        "log",
    ]
    same = bench_lines(None, 1, 3, "pure", suite=True, forward=True)  # the suite wins
    assert next(same) == first


def test_a_mode_other_than_the_suite_needs_a_configuration() -> None:
    with pytest.raises(ValueError, match="a configuration, or suite=True"):
        next(bench_lines(None, 2, 1, "pure"))
