"""`deckhand sweep`: modified sheets, common seeds, the printed value always played, the
card's verdict per value (the one rule of analysis/verdicts.py: never "balanced" unless the whole
interval lies within the tolerance), the effect of the number against the printed value,
sweep.parquet, the fit, escaping and the error messages.

The sweeps (tests/report_runs.py): travel, the Trading Post renamed `<script>alert(1)</script>`,
`bonus` over 0,1,2 (80 games each); Import/Export, Almonds `high_pay` over 4,8,12 (60 each):
too few games for a figure against its peers, so every value is `unclear`. `decided_sweep`
below: the Trading Post's `bonus` over 0,2 (the printed 1 added) at 200 games each, enough
for a figure with an interval wider than the tolerance.
"""

from __future__ import annotations

import html
import json
import math
import os
import re
import runpy
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from report_runs import EVIL

from cli import main
from reports.sweep import MEETS_PEERS, build_sweep_report
from simulator.analysis.compare import adjusted_se_pp, iwd_se, load_runs
from simulator.analysis.metrics import judge_cards, read_card_summary
from simulator.analysis.stats import Z95, newcombe_difference, wilson
from simulator.analysis.verdicts import BALANCED, UNCLEAR, WORDS
from simulator.core.cards import parse_params
from simulator.core.errors import ConfigError
from simulator.folders.config import RunOptions
from simulator.folders.run_folder import load_manifest
from simulator.games.import_export.cards import DEFAULT_SHEET as IE_SHEET
from simulator.runs.sweep import (
    SWEEP_FILE,
    TABLE_FILE,
    SweepPlan,
    fit_balance,
    parse_param,
    plan_sweep,
    sheet_with_value,
    sweep_summary,
    with_printed,
)

TABLE_COLUMNS = [
    "value",
    "measure",
    "lo",
    "hi",
    "tolerance",
    "verdict",
    "games_to_decide",
    "effect_vs_printed",
    "effect_lo",
    "effect_hi",
    "owner_wr",
    "owner_n",
]


@pytest.fixture(scope="module")
def decided_sweep(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """`deckhand sweep` of the Trading Post's bonus over 0,2 (printed 1, added), 200 travel
    games each: the folder and what the command printed."""
    out = tmp_path_factory.mktemp("decided") / "sweep"
    args = ["sweep", "travel", "-m", "special_items", "--card", "Trading Post"]
    args += ["--param", "bonus=0,2", "-n", "200", "--chunk-size", "100", "--seed", "1"]
    args += ["-o", str(out), "--backend", "sequential", "-q"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return out, result.output


def _table(page: str, table_id: str) -> list[list[str]]:
    match = re.search(rf'<table id="{table_id}">(.*?)</table>', page, re.S)
    assert match, f"no table {table_id}"
    body = match.group(1).split("<tbody>", 1)[1]
    rows = []
    for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        rows.append([" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in cells])
    return rows


def _pp(d: float, lo: float, hi: float) -> str:
    return f"{100 * d:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]"


def test_each_value_has_its_sheet_and_the_same_seed(ie_sweep: SweepPlan) -> None:
    original = Path(IE_SHEET).read_text(encoding="utf-8").splitlines()
    assert [r.value for r in ie_sweep.runs] == [4, 8, 12] and ie_sweep.original == 4
    for run in ie_sweep.runs:
        lines = run.sheet.read_text(encoding="utf-8").splitlines()
        changed = [i for i, (a, b) in enumerate(zip(original, lines, strict=True)) if a != b]
        if run.value == 4:
            assert changed == []  # the sheet value: an identical copy
        else:
            assert len(changed) == 1 and lines[changed[0]].startswith("1,1,Almonds,")
            assert f"threshold=18;low_pay=8;high_pay={run.value}," in lines[changed[0]]
        manifest = load_manifest(run.folder)
        assert manifest["config"]["seed"] == 2
        assert manifest["config"]["game"]["card_sheet"] == str(run.sheet)
        assert (run.folder / "card_sheet.csv").read_bytes() == run.sheet.read_bytes()
    saved = json.loads((ie_sweep.out / SWEEP_FILE).read_text())
    assert saved["card"] == "Almonds" and saved["param"] == "high_pay"
    assert [r["folder"] for r in saved["runs"]] == ["high_pay=4", "high_pay=8", "high_pay=12"]


def test_sweep_points_are_the_runs_figures(ie_sweep: SweepPlan) -> None:
    summary = sweep_summary(ie_sweep.out)
    assert summary.owner_event == "fulfilled" and summary.players == 4
    assert summary.tolerance == 3.0 and not summary.added_printed
    rows = [
        read_card_summary(r.folder).filter(name="Almonds").row(0, named=True) for r in ie_sweep.runs
    ]
    adjusted = all(r["adj_pp"] is not None for r in rows)
    assert summary.metric == ("adjusted" if adjusted else "IWD")
    for point, row, run in zip(summary.points, rows, ie_sweep.runs, strict=True):
        if adjusted:
            assert point.contribution == row["adj_pp"] and point.se == adjusted_se_pp(row)
        else:
            assert point.contribution == row["iwd"] and point.lo == row["iwd_lo"]
            assert point.se == iwd_se(row)
        assert (point.owner_wins, point.owner_n) == (row["fulfilled_wins"], row["fulfilled_n"])
        assert point.in_hand == row["gih_n"] and point.games == 60
        # the verdict is the run's own, judged again at the sweep's tolerance
        judged = judge_cards(read_card_summary(run.folder), 3.0, 60).filter(name="Almonds")
        assert point.verdict == judged["verdict"][0] and point.verdict in WORDS
        assert point.status == point.verdict
    page = build_sweep_report(ie_sweep.out).read_text(encoding="utf-8")
    table = _table(page, "sweep-table")
    assert [r[0] for r in table] == ["4 (printed)", "8", "12"]
    for cells, point in zip(table, summary.points, strict=True):
        assert html.unescape(cells[1]) == point.words()
        assert cells[6] == _pp(point.contribution, point.lo, point.hi)
        lo, hi = wilson(point.owner_wins, point.owner_n)
        rate = point.owner_wins / point.owner_n
        assert cells[5] == f"{100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] n={point.owner_n:,}"
    assert "The card against its number" in page and "Almonds: high_pay swept over 4, 8, 12" in page
    assert "Where the card is balanced" not in page
    # 60 games: too few with Almonds for a figure against its peers: unclear, never balanced
    assert {p.verdict for p in summary.points} == {UNCLEAR}
    assert summary.balanced_values == []
    assert "too few games with it for a figure" in table[0][1]


def test_a_wide_interval_covering_zero_is_unclear_not_balanced(
    decided_sweep: tuple[Path, str],
) -> None:
    out, _ = decided_sweep
    summary = sweep_summary(out)
    wide = [
        p
        for p in summary.points
        if p.judged and p.judged.lo < 0 < p.judged.hi and p.judged.hi - p.judged.lo > 6.0
    ]
    assert wide, "the seed gives a value whose interval covers 0 and is wider than +-3"
    for p in wide:
        assert p.verdict == UNCLEAR and p.status == UNCLEAR
        assert p.words().startswith("unclear: not shown within \u00b13 points")
    for p in summary.points:  # the invariant of the one rule
        if p.verdict == BALANCED:
            assert -3.0 <= p.judged.lo and p.judged.hi <= 3.0  # type: ignore[union-attr]
    page = build_sweep_report(out).read_text(encoding="utf-8")
    for row, p in zip(_table(page, "sweep-table"), summary.points, strict=True):
        assert row[1].startswith(p.verdict or "no verdict")
    # a tolerance wide enough to hold the whole interval makes the same figure balanced
    loose = sweep_summary(out, tolerance=60.0)
    for p, q in zip(summary.points, loose.points, strict=True):
        assert (p.measure, p.measure_lo) == (q.measure, q.measure_lo)
        if q.judged and -60 <= q.judged.lo and q.judged.hi <= 60:
            assert q.verdict == BALANCED and "within \u00b160 points" in q.words()


def test_the_printed_value_is_always_played(decided_sweep: tuple[Path, str]) -> None:
    out, printed = decided_sweep
    summary = sweep_summary(out)
    assert [p.value for p in summary.points] == [0, 1, 2] and summary.original == 1
    assert summary.added_printed and json.loads((out / SWEEP_FILE).read_text())["added_printed"]
    assert "the printed value bonus=1 was not among the values asked for: added" in printed
    for p in summary.points:  # each value's verdict in plain words, with the tolerance
        assert f"bonus = {p.value}" in printed and p.words() in printed
    assert "bonus = 1 (printed, added)" in printed
    page = build_sweep_report(out).read_text(encoding="utf-8")
    assert "printed 1, added" in page and "1 (printed, added)" in page
    assert with_printed([8, 12], 4) == ([4, 8, 12], True)
    assert with_printed([12, 8], 4) == ([12, 8, 4], True)
    assert with_printed([8, 2, 12], 4) == ([4, 8, 2, 12], True)
    assert with_printed([4.0, 8], 4) == ([4.0, 8], False)


def test_sweep_parquet_has_one_row_per_value(decided_sweep: tuple[Path, str]) -> None:
    out, _ = decided_sweep
    table = pl.read_parquet(out / TABLE_FILE)
    assert table.columns[: len(TABLE_COLUMNS)] == TABLE_COLUMNS
    assert table.height == 3 and table["value"].to_list() == [0, 1, 2]
    assert table["value"].dtype == pl.Int64 and table["printed"].to_list() == [False, True, False]
    summary = sweep_summary(out)
    for row, p in zip(table.iter_rows(named=True), summary.points, strict=True):
        assert row["verdict"] == p.verdict and row["verdict"] in WORDS
        assert row["tolerance"] == 3.0
        assert row["measure"] == pytest.approx(100 * p.verdict_pp)
        assert (row["lo"], row["hi"]) == pytest.approx((100 * p.verdict_lo, 100 * p.verdict_hi))
        if row["verdict"] == BALANCED:
            assert -row["tolerance"] <= row["lo"] and row["hi"] <= row["tolerance"]
        if row["verdict"] == UNCLEAR:
            assert row["games_to_decide"] is None or row["games_to_decide"] > 200
        assert row["owner_n"] == p.owner_n and row["owner_wr"] == pytest.approx(p.owner_wr)
    # the effect of the number, as ablate --param: owner's win rate minus at the printed value
    base = summary.printed
    assert base is not None and base.value == 1
    for row, p in zip(table.iter_rows(named=True), summary.points, strict=True):
        if p is base:
            assert (row["effect_vs_printed"], row["effect_lo"], row["effect_hi"]) == (0, 0, 0)
            continue
        d, lo, hi = newcombe_difference(p.owner_wins, p.owner_n, base.owner_wins, base.owner_n)
        assert row["effect_vs_printed"] == pytest.approx(100 * d)
        assert (row["effect_lo"], row["effect_hi"]) == pytest.approx((100 * lo, 100 * hi))


def test_sweep_tolerance_option(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    args = ["sweep", "travel", "-m", "special_items", "--card", "Local Guide"]
    args += ["--param", "look=3,5", "-n", "40", "--chunk-size", "40", "--tolerance", "card=40"]
    args += ["-o", str(out), "--backend", "sequential", "-q"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert set(pl.read_parquet(out / TABLE_FILE)["tolerance"].drop_nulls()) <= {40.0}
    assert sweep_summary(out).tolerance == 40.0 and "\u00b140 points" in result.output
    bad = CliRunner().invoke(main, [*args[:8], "--tolerance", "card=-1", "-o", str(out)])
    assert bad.exit_code == 2 and "positive number of points" in bad.output


def test_the_fit_is_named_where_the_card_meets_its_peers(ie_sweep: SweepPlan) -> None:
    page = build_sweep_report(ie_sweep.out).read_text(encoding="utf-8")
    rows = {r[0]: r for r in _table(page, "verdicts")}
    assert MEETS_PEERS.capitalize() in rows
    assert "balanced" not in rows[MEETS_PEERS.capitalize()][2]
    assert "break-even" not in page.lower() and "balanced near" not in page


def test_sweep_runs_are_labelled_by_the_changed_cell(ie_sweep: SweepPlan) -> None:
    runs = load_runs([r.folder for r in ie_sweep.runs])
    assert [r.label for r in runs] == [
        "Almonds high_pay=4",
        "Almonds high_pay=8",
        "Almonds high_pay=12",
    ]


def test_balance_fit_finds_the_break_even_and_fieller_interval() -> None:
    xs = [4.0, 6.0, 8.0, 10.0, 12.0]
    ys = [0.02 * (x - 8) for x in xs]
    fit = fit_balance(xs, ys, [0.01] * 5)
    assert fit is not None and fit.bounded
    assert fit.x0 == pytest.approx(8.0) and fit.slope == pytest.approx(0.02)
    assert fit.x0_lo < 8.0 < fit.x0_hi
    for end in (fit.x0_lo, fit.x0_hi):  # the ends are where the 95% band touches 0
        mean, se = fit.predict(end)
        assert abs(mean) == pytest.approx(Z95 * se)
    assert fit.x0_hi - 8.0 == pytest.approx(8.0 - fit.x0_lo, rel=0.05)
    flat = fit_balance(xs, [0.0, 0.01, -0.01, 0.0, 0.005], [0.05] * 5)
    assert flat is not None and not flat.bounded  # slope not away from 0: no range named
    assert fit_balance([4.0], [0.1], [0.01]) is None
    # a missing figure is left out of the fit
    assert fit_balance([1.0, 2.0, 3.0], [math.nan, 0.1, 0.2], [0.1, 0.01, 0.01]) is not None


def test_sheet_copies_change_together(tmp_path: Path) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_text(
        'id,name,params,text\n1,Map,look=3;keep=1,"a, b"\n2,Map,look=3;keep=1,x\n3,Key,look=3,y\n',
        encoding="utf-8",
    )
    out = sheet_with_value(sheet, {1, 2}, "look", 5, tmp_path / "o.csv")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[1] == '1,Map,look=5;keep=1,"a, b"' and lines[2] == "2,Map,look=5;keep=1,x"
    assert lines[3] == "3,Key,look=3,y"
    assert parse_params("look=5;keep=1") == {"look": 5, "keep": 1}


@pytest.mark.parametrize(
    "card,param,expected",
    [
        ("Almond", "high_pay=4,6", "--card: no card named 'Almond' in "),
        ("Almond", "high_pay=4,6", "did you mean: Almonds?"),
        ("Almonds", "pay=4,6", "--param: Almonds has no parameter 'pay'; accepted: "),
        ("Almonds", "pay=4,6", "accepted: threshold, low_pay, high_pay"),
        ("Almonds", "high_pay=4,six", "--param: 'six' in 'high_pay=4,six' is not a number"),
        ("Almonds", "high_pay=4", "--param: 'high_pay=4': give at least two values"),
        ("Almonds", "high_pay=4", "the printed value high_pay=4 counts as one"),
        ("Almonds", "high_pay=4,4.0", "a value is given twice"),
        ("Almonds", "high_pay", "--param: 'high_pay': expected KEY=V1,V2,..."),
        ("Almonds", "high_pay=4,nan", "'nan' in 'high_pay=4,nan' is not a number"),
    ],
)
def test_sweep_errors_name_the_option(card: str, param: str, expected: str, tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    args = ["sweep", "import-export", "--card", card, "--param", param, "-o", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert expected in result.output
    assert not out.exists()


def test_sweep_refuses_a_card_out_of_play_and_one_without_that_parameter(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"--card: Local Guide is not in play.*special_items"):
        plan_sweep(RunOptions("travel"), "Local Guide", "look=2,4", tmp_path / "a")
    with pytest.raises(ConfigError, match=r"Poorly Drawn Map has no parameter 'look'; accepted: "):
        plan_sweep(RunOptions("travel"), "Poorly Drawn Map", "look=2,4", tmp_path / "b")
    with pytest.raises(ConfigError, match=r"accepted: none \(the card has no parameters\)"):
        plan_sweep(RunOptions("travel"), "Poorly Drawn Map", "look=2,4", tmp_path / "b")
    assert parse_param("x=1, 2.5 ,3") == ("x", [1, 2.5, 3])


def test_travel_sweep_escapes_the_card_name(travel_sweep: SweepPlan) -> None:
    path = build_sweep_report(travel_sweep.out)
    page = path.read_text(encoding="utf-8")
    assert EVIL not in page and "<script" not in page
    assert f"<h1>{html.escape(EVIL)}: bonus swept over 0, 1, 2</h1>" in page
    summary = sweep_summary(travel_sweep.out)
    assert summary.card == EVIL and summary.owner_event == "gih"
    assert len(_table(page, "sweep-table")) == 3 and not summary.added_printed


def test_cli_sweep_resumes_and_writes_both_reports(ie_sweep: SweepPlan) -> None:
    args = ["sweep", "import-export", "--card", "Almonds", "--param", "high_pay=4,8,12"]
    args += ["-p", "4", "-m", "base", "-n", "60", "--chunk-size", "30", "--seed", "2"]
    args += ["-o", str(ie_sweep.out), "--backend", "sequential", "-q"]
    result = CliRunner().invoke(main, args)  # every chunk is there: nothing is replayed
    assert result.exit_code == 0, result.output
    assert f"report written to {ie_sweep.out / 'sweep.html'}" in result.output
    compare = (ie_sweep.out / "compare.html").read_text(encoding="utf-8")
    assert "Almonds high_pay=12" in compare
    other = ["sweep", "import-export", "--card", "Onions", "--param", "x=1,2"]
    result = CliRunner().invoke(main, [*other, "-o", str(ie_sweep.out)])
    assert result.exit_code == 2 and "has no parameter 'x'" in result.output


def test_sweep_notebook_runs(
    ie_sweep: SweepPlan, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(os.environ, "DECKHAND_SWEEP", str(ie_sweep.out))
    notebook = Path(__file__).resolve().parents[1] / "notebooks" / "card_sweep.py"
    runpy.run_path(str(notebook), run_name="__main__")
    printed = capsys.readouterr().out
    assert "Almonds: high_pay over [4, 8, 12] (sheet value 4)" in printed
    assert "balanced at high_pay" in printed
    assert (ie_sweep.out / "notebook_sweep.png").stat().st_size > 1000
