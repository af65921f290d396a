"""The skill ladder (`deckhand ladder`, issue 31 item 3): each card's figure at each rung, its
class by the one verdict rule on the change between the lowest rung that plays and the top
one, and the ladder's own strength from head-to-head runs."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from cli import main
from reports.ladder import focus_findings
from simulator.analysis.verdicts import UNCLEAR
from simulator.experiments.ladder import (
    HOLDS,
    NO_FIGURE,
    PUNISHES,
    REWARDS,
    Focus,
    RungCost,
    classify,
    dear_rung,
    focus_cards,
    focus_deals_to_decide,
    focus_seconds,
    focus_table,
    judging_rungs,
    ladder_table,
    load_focus,
    load_ladder,
    seconds_left,
)
from simulator.experiments.robustness import Pool
from simulator.folders.config import RunOptions


@pytest.mark.parametrize(
    ("low", "high", "expected"),
    [
        ((0.0, -1.0, 1.0), (8.0, 7.0, 9.0), REWARDS),  # +8 [+6.6, +9.4]: above zero, past +3
        ((5.0, 4.0, 6.0), (-4.0, -5.0, -3.0), PUNISHES),
        ((1.0, 0.5, 1.5), (1.5, 1.0, 2.0), HOLDS),  # +0.5, the whole interval within ±3
        ((0.0, -6.0, 6.0), (2.0, -4.0, 8.0), UNCLEAR),  # wide: neither
        ((0.0, -1.0, 1.0), (None, None, None), NO_FIGURE),
    ],
)
def test_a_card_is_classed_by_the_verdict_rule_on_its_change(
    low: tuple, high: tuple, expected: str
) -> None:
    word, diff, lo, hi = classify(low, high, 3.0)
    assert word == expected
    if expected != NO_FIGURE:
        assert lo < diff < hi
        if expected == HOLDS:
            assert -3.0 <= lo and hi <= 3.0


def test_random_bots_are_a_floor_not_a_judge() -> None:
    floor, bot, tuned = (
        Pool("random", ("random",)),
        Pool("default", ("heuristic",)),
        Pool("tuned", ("heuristic@tuned-base-4p",)),
    )
    assert judging_rungs([floor, bot, tuned]) == ("default", "tuned")
    assert judging_rungs([floor, bot]) == ("random", "default")  # the only other rung


def test_a_small_ladder_writes_its_tables_and_report(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    args = ["ladder", "travel", "-p", "3", "-n", "90", "--out", str(out), "-q"]
    result = CliRunner().invoke(main, [*args, "--rung", "random", "--rung", "default"])
    assert result.exit_code == 0, result.output
    assert "rung random:" in result.output and "report written to" in result.output
    meta, cards, steps = load_ladder(out)
    assert [r["name"] for r in meta["rungs"]] == ["random", "default"]
    assert cards.height > 0 and set(cards["class"]) <= {
        REWARDS,
        PUNISHES,
        HOLDS,
        UNCLEAR,
        NO_FIGURE,
    }
    assert {"random", "random_lo", "default_hi", "change"} <= set(cards.columns)
    step = steps.row(0, named=True)
    assert (step["lower"], step["upper"], step["games"]) == ("random", "default", 90)
    assert step["parity"] == pytest.approx(2 / 3)  # the upper bot in seats 0 and 2 of 3
    assert step["lo"] <= step["upper_share"] <= step["hi"] and 0 <= step["upper_share"] <= 1
    assert step["rises"]  # the heuristic beats random bots at travel
    players = pl.read_parquet(out / "vs-random-default" / "players" / "*.parquet")
    assert players.filter(pl.col("strategy_slot") % 2 == 0)["strategy"].unique().to_list() == [
        "heuristic"
    ]
    assert (out / "ladder.html").read_text(encoding="utf-8").count("<table") >= 3


def test_plan_says_the_cost_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    args = ["ladder", "travel", "-p", "3", "-n", "501", "--out", str(out), "--plan"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "rung default:" in result.output and "s of one core" in result.output
    assert not out.exists()
    # its steps play whole deals: a --games that is not one is refused before any pricing
    result = CliRunner().invoke(main, [*args[:5], "500", *args[6:]])
    assert result.exit_code != 0 and "rung random" not in result.output
    assert "--games: the ladder's head-to-head steps play whole deals of 3" in result.output
    assert "e.g. 498 or 501" in result.output


def test_a_bad_rung_is_refused_before_any_folder(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    args = ["ladder", "travel", "-p", "3", "-n", "30", "--out", str(out)]
    result = CliRunner().invoke(main, [*args, "--rung", "random", "--rung", "nobody"])
    assert result.exit_code != 0 and "Error: --rung: unknown rung 'nobody'" in result.output
    assert not out.exists()


def test_the_cards_changes_are_judged_together(tmp_path: Path) -> None:
    """One card's change alone excludes zero (p about 0.03) among 40 that do not move: judged
    as a family of 41, as every per-card verdict is, it is unclear, not 'rewards skill'."""
    rows = [{"card": "Edge", "default": (0.0, -1.0, 1.0), "tuned": (3.3, 1.5, 5.1)}]
    rows += [
        {"card": f"Flat {i}", "default": (0.0, -4.0, 4.0), "tuned": (0.0, -4.0, 4.0)}
        for i in range(40)
    ]
    frame = pl.DataFrame(
        {
            "card": [r["card"] for r in rows],
            **{
                f"{rung}_{part}": [r[rung][k] for r in rows]
                for rung in ("default", "tuned")
                for k, part in enumerate(("estimate", "lo", "hi"))
            },
        }
    )
    frame.write_parquet(tmp_path / "robustness.parquet")
    rungs = [Pool("default", ("heuristic",)), Pool("tuned", ("heuristic@tuned-base-4p",))]
    alone = classify((0.0, -1.0, 1.0), (3.3, 1.5, 5.1), 3.0)
    assert alone[0] == REWARDS  # its own interval, [+1.2, +5.4], excludes zero
    table = ladder_table(tmp_path, rungs, 3.0, games=1000)
    edge = table.filter(pl.col("card") == "Edge").row(0, named=True)
    assert edge["class"] == UNCLEAR and edge["change_q"] > 0.05
    assert edge["games_to_decide"] is not None and edge["games_to_decide"] > 1000


FOCUS_ARGS = ["ladder", "import-export", "-p", "2", "--sets", "base", "-n", "40", "-q"]
FOCUS_RUNGS = ["--rung", "random", "--rung", "classic", "--rung", "default"]


def test_a_focused_rung_is_played_only_for_its_cards(tmp_path: Path) -> None:
    """--focus-from: the top rung plays no full run, only a paired ablation of the named
    cards (and of them at the rung below, on the same deals) and a short strength step."""
    out = tmp_path / "ladder"
    focus = ["--focus-from", "default", "--focus-deals", "12", "--focus-cards", "gold stuff,Rope"]
    result = CliRunner().invoke(main, [*FOCUS_ARGS, "--out", str(out), *FOCUS_RUNGS, *focus])
    assert result.exit_code == 0, result.output
    assert "rung default (focused)" in result.output and "2 named" in result.output
    assert "at the focused rungs, 2 cards judged by ablation" in result.output
    assert not (out / "default").exists()  # no full run of the dear rung
    meta, cards, steps = load_ladder(out)
    assert meta["focus"]["chosen"] == ["Gold Stuff", "Rope"]  # spelt as the sheet prints them
    assert (meta["focus"]["anchor"], meta["focus"]["rungs"]) == ("classic", ["default"])
    rose = steps.filter(pl.col("upper") == "default")["rises"].to_list()
    assert meta["focus"]["not_rising"] == ([] if rose == [True] else ["default"])
    assert "default" not in cards.columns and {"random", "classic"} <= set(cards.columns)
    assert steps["games"].to_list() == [40, 12]  # the focused step plays --focus-deals games
    for rung, bot in (("classic", "classic"), ("default", "heuristic")):
        plan = json.loads((out / f"focus-{rung}" / "ablation.json").read_text())
        assert plan["strategies"] == [bot] and plan["design"] == "paired"
        assert plan["names"] == ["Gold Stuff", "Rope"] and plan["games_played"] == 12 * 3
    focused = load_focus(out)
    assert focused is not None and focused["card"].to_list() == ["Gold Stuff", "Rope"]
    assert {"classic", "classic_lo", "default", "default_hi", "change"} <= set(focused.columns)
    assert set(focused["from_rung"]) == {"classic"} and set(focused["to_rung"]) == {"default"}
    page = (out / "ladder.html").read_text(encoding="utf-8")
    assert "Dear rungs, flagged cards only" in page and "ladder-focus" in page
    # more deals in the same folder: only the new deals are played, at every focused rung
    more = [*focus[:2], "--focus-deals", "20", *focus[4:]]
    result = CliRunner().invoke(main, [*FOCUS_ARGS, "--out", str(out), *FOCUS_RUNGS, *more])
    assert result.exit_code == 0, result.output
    assert load_ladder(out)[2]["games"].to_list() == [40, 20]  # the step's run extended
    for rung in ("classic", "default"):
        plan = json.loads((out / f"focus-{rung}" / "ablation.json").read_text())
        assert plan["games_played"] == 20 * 3 and plan["played_now"] == (20 - 12) * 3
        assert plan["grown"] == [{"from": 12, "to": 20}]
    # one more card named: at every focused rung only its games with the power off are played
    wider = [*more[:4], "--focus-cards", "gold stuff,Rope,Almonds"]
    result = CliRunner().invoke(main, [*FOCUS_ARGS, "--out", str(out), *FOCUS_RUNGS, *wider])
    assert result.exit_code == 0, result.output
    for rung in ("classic", "default"):
        plan = json.loads((out / f"focus-{rung}" / "ablation.json").read_text())
        assert plan["games_played"] == 20 * 4 and plan["played_now"] == 20
        assert plan["names"] == ["Gold Stuff", "Rope", "Almonds"]
    focused = load_focus(out)
    assert focused is not None and set(focused["card"]) == {"Gold Stuff", "Rope", "Almonds"}
    # the plan prices what the folder does not hold yet (a second a game: games left)
    options = RunOptions("import-export", players=2, modules=("base",), games=40)
    rungs = [Pool("random", ("random",)), Pool("classic", ("classic",))]
    rungs.append(Pool("default", ("heuristic",)))
    costs = [RungCost(r.name, 1.0, 40.0) for r in rungs]
    cards = "gold stuff,Rope,Almonds"
    assert seconds_left(options, rungs, costs, out, Focus("default", 20, cards)) == 0
    assert seconds_left(options, rungs, costs, out, Focus("default", 20, cards + ",Beer")) == 40
    more_deals = Focus("default", 24, cards)  # 4 deals x 4 games at 2 rungs, 4 step games
    assert seconds_left(options, rungs, costs, out, more_deals) == 4 * 4 * 2 + 4
    # unfocused, 50 games: 10 more of random, classic and their step, default's 50, and
    # 30 more of the classic-default step (its 20 focused games held)
    assert seconds_left(options.but(games=50), rungs, costs, out, None) == 10 * 3 + 50 + 30
    result = CliRunner().invoke(
        main, [*FOCUS_ARGS, "--out", str(out), *FOCUS_RUNGS, *wider, "--plan"]
    )
    assert result.exit_code == 0 and "holds all of it already: nothing left" in result.output


def test_a_larger_focus_most_plays_only_the_cards_it_adds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flagged cards left out by --focus-most are named in the output and the report; a
    larger --focus-most in the same folder adds them to the focused ablations, playing only
    their games. (The cards the cheap rungs flag are fixed here: 40 games a rung flag none.)"""
    import simulator.experiments.ladder as ladder

    flagged = ["Gold Stuff", "Rope"]
    monkeypatch.setattr(
        ladder,
        "focus_cards",
        lambda table, focus, named=None: (flagged[: focus.most], flagged[focus.most :]),
    )
    out = tmp_path / "ladder"
    focus = ["--focus-from", "default", "--focus-deals", "12", "--focus-most"]
    result = CliRunner().invoke(main, [*FOCUS_ARGS, "--out", str(out), *FOCUS_RUNGS, *focus, "1"])
    assert result.exit_code == 0, result.output
    assert (
        "left out by --focus-most 1: Rope; a larger --focus-most in the same --out" in result.output
    )
    page = (out / "ladder.html").read_text(encoding="utf-8")
    assert "Left out by --focus-most 1: Rope (a larger --focus-most in the same folder" in page
    result = CliRunner().invoke(main, [*FOCUS_ARGS, "--out", str(out), *FOCUS_RUNGS, *focus, "2"])
    assert result.exit_code == 0, result.output
    assert "left out" not in result.output
    for rung in ("classic", "default"):
        plan = json.loads((out / f"focus-{rung}" / "ablation.json").read_text())
        assert plan["names"] == flagged and plan["played_now"] == 12


def _ablation_file(folder: Path, effects: dict[str, tuple[float, float, float]]) -> None:
    folder.mkdir(parents=True)
    pl.DataFrame(
        {
            "card": list(effects),
            "effect": [e[0] for e in effects.values()],
            "lo": [e[1] for e in effects.values()],
            "hi": [e[2] for e in effects.values()],
        }
    ).write_parquet(folder / "ablation.parquet")


def test_focused_cards_are_classed_by_the_change_of_their_ablation_effect(
    tmp_path: Path,
) -> None:
    _ablation_file(
        tmp_path / "focus-default",
        {"Up": (1.0, 0.0, 2.0), "Down": (9.0, 8.0, 10.0), "Same": (4.0, 3.5, 4.5)},
    )
    _ablation_file(
        tmp_path / "focus-search",
        {"Up": (12.0, 11.0, 13.0), "Down": (0.0, -1.0, 1.0), "Same": (4.2, 3.7, 4.7)},
    )
    rungs = [Pool("default", ("heuristic",)), Pool("search", ("mcts@guided",))]
    table = focus_table(tmp_path, rungs, ["Up", "Down", "Same", "Absent"], 3.0, 400)
    classes = dict(zip(table["card"], table["class"], strict=True))
    assert classes == {"Up": REWARDS, "Down": PUNISHES, "Same": HOLDS, "Absent": NO_FIGURE}
    up = table.row(0, named=True)
    assert up["change"] == pytest.approx(11.0) and up["change_lo"] < 11.0 < up["change_hi"]
    assert focus_deals_to_decide(table) is None  # nothing unclear
    _ablation_file(tmp_path / "focus-wide", {"Up": (1.0, -20.0, 22.0), "Down": (9.0, -10, 28)})
    wide = focus_table(tmp_path, [rungs[0], Pool("wide", ("x",))], ["Up", "Down"], 3.0, 400)
    assert set(wide["class"]) == {"unclear"}
    needed = focus_deals_to_decide(wide)  # the deals a rung that would decide them all
    assert needed == max(wide["deals_to_decide"]) and needed > 400


def test_the_flagged_cards_are_the_moving_ones_largest_first_and_capped() -> None:
    table = pl.DataFrame(  # ladder_table's order: class, then the size of the change
        {
            "card": ["A", "B", "C", "D", "E"],
            "class": [REWARDS, REWARDS, PUNISHES, HOLDS, UNCLEAR],
        }
    )
    assert focus_cards(table, Focus("search", most=2)) == (["A", "B"], ["C"])
    assert focus_cards(table, Focus("search")) == (["A", "B", "C"], [])
    assert focus_cards(table, Focus("search", cards="D"), named=["D"]) == (["D"], [])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--focus-from", "nobody"], "--focus-from: 'nobody' is not a rung; accepted: random"),
        (["--focus-from", "classic"], "leaves 1 rung(s) below it"),
        (["--focus-from", "default", "--focus-cards", "Gold Stuf"], "did you mean: Gold Stuff"),
        (["--focus-from", "default", "--focus-deals", "0"], "--focus-deals"),
        (["--focus-from", "default", "--focus-deals", "13"], "--focus-deals: the focused strength"),
    ],
)
def test_a_bad_focus_is_refused_before_any_folder(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "ladder"
    result = CliRunner().invoke(main, [*FOCUS_ARGS, "--out", str(out), *FOCUS_RUNGS, *args])
    assert result.exit_code != 0 and message in result.output, result.output
    assert not out.exists()


def test_a_game_without_a_power_switch_cannot_be_focused(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    args = ["ladder", "travel", "-p", "3", "-n", "30", "--out", str(out), "--focus-from", "tuned"]
    rungs = ["--rung", "random", "--rung", "default", "--rung", "tuned=heuristic"]
    result = CliRunner().invoke(main, [*args, *rungs])
    assert result.exit_code != 0 and "travel has no per-card power switch" in result.output
    assert not out.exists()


def test_the_plan_prices_the_focused_rungs_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    focus = ["--focus-from", "default", "--focus-most", "5", "--plan"]
    result = CliRunner().invoke(main, [*FOCUS_ARGS, "--out", str(out), *FOCUS_RUNGS, *focus])
    assert result.exit_code == 0, result.output
    assert "the focused rungs: about" in result.output and "at most 5 flagged" in result.output
    assert not out.exists()


def test_the_plan_suggests_focusing_a_rung_twenty_times_dearer() -> None:
    options = RunOptions("import-export", players=2, modules=("base",), games=1000)
    rungs = [
        Pool("random", ("random",)),
        Pool("classic", ("classic",)),
        Pool("default", ("heuristic",)),
        Pool("search", ("mcts@guided",)),
    ]

    def costs(*per_game: float) -> list[RungCost]:
        return [RungCost(r.name, s, s * 1000) for r, s in zip(rungs, per_game, strict=True)]

    asked = Focus("", deals=100)
    hint = dear_rung(options, rungs, costs(0.001, 0.02, 0.03, 0.5), asked)
    assert hint is not None and (hint.first, hint.deals) == ("search", 100)
    # 19 times the cheapest that plays (the random floor is not the yardstick): no hint
    assert dear_rung(options, rungs, costs(0.001, 0.02, 0.03, 0.38), asked) is None
    travel = RunOptions("travel", players=2, games=1000)  # no power switch: cannot be focused
    assert dear_rung(travel, rungs, costs(0.001, 0.02, 0.03, 0.5), asked) is None
    base, per_card = focus_seconds(costs(0.001, 0.02, 0.03, 0.5), 3, hint)
    assert per_card == pytest.approx(100 * (0.03 + 0.5))  # an off arm at the anchor and search
    assert base == pytest.approx(100 * (0.03 + 0.5) + 100 * (0.03 + 0.5) / 2)  # + the step


def test_a_dear_rung_that_does_not_rise_is_not_read_as_a_class() -> None:
    """The search rung of a four-player ladder that did not beat the heuristic: its cards'
    changes are shown for the record, never summarised as rewarding or punishing skill."""
    meta = {
        "rungs": [{"name": n} for n in ("classic", "default", "search")],
        "focus": {"first": "search", "deals": 400, "cards": "flagged", "chosen": ["Shotguns"]}
        | {"most": 8, "left_out": [], "anchor": "default", "rungs": ["search"]},
    }
    focused = pl.DataFrame(
        {"card": ["Shotguns"], "class": [PUNISHES], "change": [-38.5]}
        | {"change_lo": [-63.8], "change_hi": [-13.1]}
    )

    def steps(share: float, lo: float, rises: bool) -> pl.DataFrame:
        row = {"lower": "default", "upper": "search", "games": 400, "upper_share": share}
        return pl.DataFrame([row | {"lo": lo, "hi": share + 0.04, "parity": 0.5, "rises": rises}])

    meta["focus"]["not_rising"] = ["search"]  # as run_ladder records it from the steps
    flat = focus_findings(meta, focused, "\u00b13 points", steps(0.466, 0.422, False))
    assert flat[0].finding.startswith("not shown: search over default: 46.6%")
    assert "Shotguns" not in flat[0].finding and flat[0].tone == "warn"
    meta["focus"]["not_rising"] = []
    rising = focus_findings(meta, focused, "\u00b13 points", steps(0.6, 0.55, True))
    assert "Shotguns punishes skill" in rising[0].finding
