"""`deckhand sweep`: modified sheets, common seeds, the card's figures per value, the balance
fit, escaping and the error messages.

The sweeps (tests/report_runs.py): travel, the Trading Post renamed `<script>alert(1)</script>`,
`bonus` over 0,1,2 (80 games each); Import/Export, Almonds `high_pay` over 4,8,12 (60 each).
"""

from __future__ import annotations

import html
import json
import math
import os
import re
import runpy
from pathlib import Path

import pytest
from click.testing import CliRunner
from report_runs import EVIL

from cli import main
from reports.sweep import build_sweep_report
from simulator.analysis.compare import adjusted_se_pp, iwd_se, load_runs
from simulator.analysis.metrics import read_card_summary
from simulator.analysis.stats import Z95, wilson
from simulator.core.cards import parse_params
from simulator.core.errors import ConfigError
from simulator.games.import_export.cards import DEFAULT_SHEET as IE_SHEET
from simulator.runs.config import RunOptions
from simulator.runs.run_folder import load_manifest
from simulator.runs.sweep import (
    SWEEP_FILE,
    SweepPlan,
    fit_balance,
    parse_param,
    plan_sweep,
    sheet_with_value,
    sweep_summary,
)


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
    return f"{100 * d:+.1f} pp [{100 * lo:+.1f}, {100 * hi:+.1f}]"


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
    rows = [
        read_card_summary(r.folder).filter(name="Almonds").row(0, named=True) for r in ie_sweep.runs
    ]
    adjusted = all(r["adj_pp"] is not None for r in rows)
    assert summary.metric == ("adjusted" if adjusted else "IWD")
    for point, row in zip(summary.points, rows, strict=True):
        if adjusted:
            assert point.contribution == row["adj_pp"] and point.se == adjusted_se_pp(row)
        else:
            assert point.contribution == row["iwd"] and point.lo == row["iwd_lo"]
            assert point.se == iwd_se(row)
        assert (point.owner_wins, point.owner_n) == (row["fulfilled_wins"], row["fulfilled_n"])
        assert point.in_hand == row["gih_n"] and point.games == 60
        expected = "over" if point.lo > 0 else "under" if point.hi < 0 else "balanced"
        assert point.status == expected
    page = build_sweep_report(ie_sweep.out).read_text(encoding="utf-8")
    table = _table(page, "sweep-table")
    assert [r[0] for r in table] == ["4 (sheet)", "8", "12"]
    for row, point in zip(table, summary.points, strict=True):
        assert row[1] == point.status
        assert row[2] == _pp(point.contribution, point.lo, point.hi)
        lo, hi = wilson(point.owner_wins, point.owner_n)
        rate = point.owner_wins / point.owner_n
        owner_column = 4 if summary.metric == "IWD" else 6
        assert row[owner_column] == (
            f"{100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] n={point.owner_n:,}"
        )
    assert "Where the card is balanced" in page and "Almonds: high_pay swept over 4, 8, 12" in page
    balanced = [str(p.value) for p in summary.points if p.status == "balanced"]
    if balanced:
        assert f"at high_pay = {', '.join(balanced)} of the values tried" in page


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
    assert len(_table(page, "sweep-table")) == 3


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
