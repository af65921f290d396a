"""The ladder's plan and its summary as a library: experiments/ladder.py's plan_ladder (the
rungs checked and priced before any game is played) and reports/ladder.py's summary_lines
(what `deckhand ladder` says once played), called directly."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import polars as pl
import pytest

from reports.ladder import summary_lines
from simulator.core.errors import ConfigError
from simulator.experiments.ladder import (
    FOCUS_FILE,
    HOLDS,
    LADDER_FILE,
    LADDER_PLAN,
    NO_FIGURE,
    PUNISHES,
    REWARDS,
    STRENGTH_FILE,
    Focus,
    focus_seconds,
    ladder_seconds,
    plan_ladder,
)
from simulator.folders.config import RunOptions
from simulator.native import CORE, NOT_BUILT

TRAVEL = RunOptions("travel", players=3, games=30)


def test_the_plan_prices_every_rung_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    plan = plan_ladder(TRAVEL, ["random", "default"], out, jobs=3)
    assert [r.name for r in plan.rungs] == ["random", "default"]
    assert plan.rungs[1].strategies == ("heuristic",)
    assert plan.focus is None and plan.full == 2 and plan.workers == 3
    assert [c.name for c in plan.costs] == ["random", "default"]
    assert all(c.seconds == pytest.approx(30 * c.seconds_per_game) for c in plan.costs)
    assert plan.seconds == pytest.approx(ladder_seconds(plan.costs))
    assert plan.left == pytest.approx(plan.seconds)  # nothing held yet
    assert len(plan.lines) == 3
    for line, cost in zip(plan.lines, plan.costs, strict=False):
        assert line == (
            f"rung {cost.name}: {cost.seconds_per_game:.3g} s a game ({cost.engine}), about "
            f"{cost.seconds:,.0f} s of one core for 30 games"
        )
    assert plan.lines[2] == (
        f"the ladder: about {plan.seconds:,.0f} s of one core with its head-to-head steps, "
        f"{plan.seconds / 3:,.0f} s on 3 workers (timed on two games a rung)"
    )
    assert not out.exists()


@pytest.mark.skipif(CORE is None, reason=NOT_BUILT)
def test_a_rung_the_core_plays_is_timed_natively() -> None:
    """The ladder plays its rungs in the engine the run chooses, so the plan times them in
    it: natively the heuristic costs a fraction of its Python game."""
    plan = plan_ladder(TRAVEL, ["random", "default"], "unused", jobs=1)
    assert [c.engine for c in plan.costs] == ["native", "native"]
    assert plan.lines[1].startswith("rung default: ") and "(native)" in plan.lines[1]
    ie = RunOptions("import-export", players=2, games=30)
    mixed = plan_ladder(ie, ["random", "pirates=pirate"], "unused", jobs=1)  # an archetype
    assert [c.engine for c in mixed.costs] == ["native", "python"]


def test_every_core_is_a_worker_with_minus_one() -> None:
    plan = plan_ladder(TRAVEL, ["random", "default"], "unused", jobs=-1)
    assert plan.workers == max(1, os.cpu_count() or 1)
    assert plan.lines[-1].endswith(f"on {plan.workers} workers (timed on two games a rung)")


def test_the_default_rungs_are_the_games_own() -> None:
    plan = plan_ladder(TRAVEL, [], "unused")
    assert [r.name for r in plan.rungs][0] == "random" and len(plan.rungs) >= 2


def test_a_focused_plan_prices_the_focused_rungs_per_card() -> None:
    options = RunOptions("import-export", players=2, modules=("base",), games=40)
    rungs = ["random", "classic", "default"]
    plan = plan_ladder(options, rungs, "unused", 1, "default", 12, "gold stuff,Rope", 8)
    assert plan.focus == Focus("default", 12, "gold stuff,Rope", 8) and plan.full == 2
    assert [line.split(":")[0] for line in plan.lines[:3]] == [
        "rung random",
        "rung classic",
        "rung default (focused)",
    ]
    base, per_card = focus_seconds(plan.costs, 2, plan.focus)
    assert plan.lines[3] == (
        f"the focused rungs: about {base:,.0f} s of one core for 12 printed deals and their "
        f"strength steps, and {per_card:,.0f} s more a card (2 named)"
    )
    assert plan.seconds == pytest.approx(ladder_seconds(plan.costs[:2]) + base + 2 * per_card)
    flagged = plan_ladder(options, rungs, "unused", 1, "default", 12, "flagged", 3)
    assert flagged.lines[3].endswith(" s more a card (at most 3 flagged cards)")


@pytest.mark.parametrize(
    ("rungs", "games", "said"),
    [
        (["random", "nobody"], 30, "--rung: unknown rung 'nobody'"),
        (["random"], 30, "--rung: give at least two rungs"),
        (["random", "default"], 31, "whole deals of 3 games (seats rotated), so give a multiple"),
    ],
)
def test_a_bad_ladder_is_refused_before_any_game(
    rungs: list[str], games: int, said: str, tmp_path: Path
) -> None:
    with pytest.raises(ConfigError, match=re.escape(said)):
        plan_ladder(TRAVEL.but(games=games), rungs, tmp_path / "x")
    assert not (tmp_path / "x").exists()


def test_a_focus_a_game_cannot_play_is_refused() -> None:
    with pytest.raises(ConfigError, match="travel has no per-card power switch"):
        plan_ladder(TRAVEL, ["random", "default", "top=heuristic"], "unused", 1, "top")


def _ladder_folder(folder: Path, focus: dict[str, object] | None, focused: list[str]) -> Path:
    """A ladder folder's tables, made up: five cards, one per class."""
    folder.mkdir()
    classes = [REWARDS, PUNISHES, HOLDS, "unclear", NO_FIGURE]
    pl.DataFrame({"card": list("ABCDE"), "class": classes}).write_parquet(folder / LADDER_FILE)
    pl.DataFrame({"upper": ["default"], "rises": [True]}).write_parquet(folder / STRENGTH_FILE)
    meta = {"rungs": [], "tolerance": 2.5, **({"focus": focus} if focus else {})}
    (folder / LADDER_PLAN).write_text(json.dumps(meta))
    if focus is not None:
        pl.DataFrame(
            {
                "card": focused,
                "class": ["unclear"] * len(focused),
                "deals_to_decide": [120 * (k + 1) for k in range(len(focused))],
            }
        ).write_parquet(folder / FOCUS_FILE)
    return folder


def test_the_summary_counts_the_cards_per_class(tmp_path: Path) -> None:
    folder = _ladder_folder(tmp_path / "plain", None, [])
    assert summary_lines(folder, folder / "ladder.html", 2.5) == [
        "1 cards reward skill, 1 punish it, 1 hold, 1 unclear, 1 without a figure (tolerance "
        f"\u00b12.5 points); report written to {folder / 'ladder.html'}"
    ]


def test_the_summary_of_a_focused_ladder(tmp_path: Path) -> None:
    focus = {"most": 2, "not_rising": [], "left_out": ["C", "D"]}
    folder = _ladder_folder(tmp_path / "focused", focus, ["A", "B"])
    lines = summary_lines(folder, "ladder.html", 3)
    assert lines[1:] == [
        "at the focused rungs, 2 cards judged by ablation: 0 reward skill, 0 punish it, 0 hold, "
        "2 unclear, 0 without a figure",
        "left out by --focus-most 2: C, D; a larger --focus-most in the same --out plays only "
        "their games",
        "about 240 deals a rung would decide the unclear ones: --focus-deals 240 in the same "
        "--out plays only the new deals",
    ]


def test_a_focused_rung_that_does_not_rise_says_nothing_about_skill(tmp_path: Path) -> None:
    focus = {"most": 8, "not_rising": ["search"], "left_out": []}
    folder = _ladder_folder(tmp_path / "flat", focus, ["A"])
    lines = summary_lines(folder, "ladder.html", 3)
    assert len(lines) == 2  # no deals to decide: the classes say nothing
    assert lines[1].endswith(
        "; but search does not beat the rung below it, so these say nothing about skill"
    )
