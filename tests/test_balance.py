"""`deckhand balance`: the value of one card number that brings the card level with its peers.

A real balance on a small, fast configuration (travel, Mom's Credit Card `covers`, 800 games
in all: the printed 1 is far stronger than the other special items, 0 takes its power away),
the design on a known curve (the sweep replaced by a straight line with shrinking intervals,
so the bracket, the bisection and the stopping rule can be checked exactly), the parameter
ranges, and the error messages.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import polars as pl
import pytest
from click.testing import CliRunner

from cli import main
from simulator.analysis.verdicts import WORDS, decide
from simulator.catalog import get_game
from simulator.core.errors import ConfigError
from simulator.experiments import balance as balance_module
from simulator.experiments.balance import (
    BALANCE_FILE,
    ParamRange,
    balance,
    check_balance,
    param_range,
)
from simulator.folders.config import RunOptions
from simulator.runs.sweep import TABLE_FILE, SweepPoint, SweepSummary, sweep_summary

FIELDS = (
    "card",
    "param",
    "printed",
    "suggested",
    "lo",
    "hi",
    "games",
    "verdict_at_printed",
    "tolerance",
    "evaluations",
    "seconds",
)
MOMS = ["travel", "-m", "special_items", "--card", "Mom's Credit Card", "--param", "covers"]


@pytest.fixture(scope="module")
def travel_balance(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("balance") / "moms"
    args = [*MOMS, "-n", "800", "--seed", "1", "-o", str(out), "--backend", "sequential"]
    result = CliRunner().invoke(main, ["balance", *args])
    assert result.exit_code == 0, result.output
    return out, result.output


def test_balance_json_holds_the_suggestion_and_every_value(
    travel_balance: tuple[Path, str],
) -> None:
    out, printed = travel_balance
    data = json.loads((out / BALANCE_FILE).read_text())
    for name in FIELDS:
        assert name in data, name
    assert data["card"] == "Mom's Credit Card" and data["param"] == "covers"
    assert data["printed"] == 1 and data["tolerance"] == 3.0 and data["budget"] == 800
    # a whole-number parameter gets a whole-number suggestion, among the values tried
    suggested = data["suggested"]
    assert isinstance(suggested, int) and not isinstance(suggested, bool)
    values = [e["value"] for e in data["evaluations"]]
    assert min(values) <= suggested <= max(values)
    # the declared range (travel's by effect): covers stands for 1 to 3 missing items
    assert data["range"]["whole"] and (data["range"]["least"], data["range"]["most"]) == (1, 3)
    assert all(1 <= v <= 3 for v in values)
    assert all(isinstance(v, int) for v in values)
    # the games are those played, within the budget
    assert data["games"] == sum(e["games"] for e in data["evaluations"]) <= 800
    assert data["verdict_at_printed"] in WORDS
    at_printed = next(e for e in data["evaluations"] if e["value"] == 1)
    assert at_printed["verdict"] == data["verdict_at_printed"]
    assert "\u00b13" in data["words_at_printed"]
    for e in data["evaluations"]:
        assert set(e) >= {"value", "measure", "lo", "hi", "games", "verdict"}
        assert e["verdict"] in WORDS
        if e["verdict"] == "balanced":
            assert -3.0 <= e["lo"] and e["hi"] <= 3.0
    if data["lo"] is not None:
        assert data["lo"] <= data["hi"] and data["lo"] >= 0
    assert data["stop"] in balance_module.STOP_WORDS
    assert f"at the printed covers = 1: {data['words_at_printed']}" in printed
    assert "report written to" in printed


def test_balance_folder_holds_a_sweep_and_a_report(travel_balance: tuple[Path, str]) -> None:
    out, _ = travel_balance
    data = json.loads((out / BALANCE_FILE).read_text())
    summary = sweep_summary(out / "sweep")
    assert sorted(p.value for p in summary.points) == sorted(
        e["value"] for e in data["evaluations"]
    )
    for p in summary.points:  # every value with the same seed: common random numbers
        assert json.loads((p.folder / "manifest.json").read_text())["config"]["seed"] == 1
    table = pl.read_parquet(out / "sweep" / TABLE_FILE)
    assert table.height == len(data["evaluations"])
    page = (out / "balance.html").read_text(encoding="utf-8")
    assert "<script" not in page and "Mom&#x27;s Credit Card: the value of covers" in page
    assert f"Suggested covers = {data['suggested']}" in page and "What it would change" in page
    assert 'id="balance-table"' in page and "data:image/png;base64," in page


def test_balance_again_on_its_folder_plays_nothing_and_another_one_is_refused(
    travel_balance: tuple[Path, str],
) -> None:
    """The same command on a finished folder is a resume with nothing left to play (the
    result unchanged, byte for byte); a different search is refused, naming what differs."""
    out, _ = travel_balance
    before = (out / BALANCE_FILE).read_bytes()
    args = [*MOMS, "-n", "800", "--seed", "1", "-o", str(out), "--backend", "sequential"]
    again = CliRunner().invoke(main, ["balance", *args])
    assert again.exit_code == 0, again.output
    assert (out / BALANCE_FILE).read_bytes() == before
    result = CliRunner().invoke(main, ["balance", *MOMS, "-n", "800", "-o", str(out)])
    assert result.exit_code == 1
    assert "holds another balance (seed: 1 in the folder, 0 asked); pass --overwrite" in (
        result.output
    )


@pytest.mark.parametrize(
    "args,expected",
    [
        (
            ["import-export", "--card", "Almonds", "--param", "pay"],
            "--param: Almonds has no parameter 'pay'; accepted: threshold, low_pay, high_pay",
        ),
        (
            ["import-export", "--card", "Almond", "--param", "high_pay"],
            "--card: no card named 'Almond' in ",
        ),
        (["import-export", "--card", "Almond", "--param", "high_pay"], "did you mean: Almonds?"),
        (
            ["import-export", "--card", "Almonds", "--param", "high_pay=6"],
            "--param: 'high_pay=6': give the parameter's name only, e.g. high_pay",
        ),
        (["travel", "--card", "Local Guide", "--param", "look"], "--card: Local Guide is not in"),
        (
            ["travel", "--card", "Base rules", "--param", "hand_limit"],
            "--card: Base rules is a rules card, a kind with no verdict measure in travel; "
            "accepted: cards of kinds item",
        ),
        (
            ["travel", "--card", "Poorly Drawn Map", "--param", "look", "-m", "special_items"],
            "accepted: none (the card has no parameters)",
        ),
        ([*MOMS, "-n", "10"], "--games: a budget of 10 games is too small; give at least 40"),
    ],
)
def test_balance_errors_name_the_option(args: list[str], expected: str, tmp_path: Path) -> None:
    out = tmp_path / "bal"
    result = CliRunner().invoke(main, ["balance", *args, "-o", str(out)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert expected in result.output
    assert not out.exists()  # nothing is written before the options are checked


def test_check_balance_raises_config_errors() -> None:
    with pytest.raises(ConfigError, match=r"--param: Almonds has no parameter 'x'; accepted: "):
        check_balance(RunOptions("import-export"), "Almonds", "x", 1000)
    name, key, printed, prange = check_balance(
        RunOptions("import-export"), "almonds", "high_pay", 1000
    )
    assert (name, key, printed) == ("Almonds", "high_pay", 4)
    assert prange.declared and prange.whole and prange.least == 0 and prange.most is None


def test_parameter_ranges_are_declared_or_inferred() -> None:
    ie, travel = get_game("import-export"), get_game("travel")
    declared = param_range(ie, {"name": "Prefab Home"}, "cargo_fraction", 0.5)
    assert declared.declared and not declared.whole and declared.above
    assert (declared.least, declared.most, declared.step) == (0.0, 1, 0.05)
    assert declared.snap(0.0) == 0.05 and declared.snap(1.7) == 1.0  # (0, 1]
    guide = {"name": "Local Guide", "type": "special", "effect": "local_guide"}
    looks = param_range(travel, guide, "look", 3)  # travel declares its ranges by effect
    assert looks.declared and looks.whole and (looks.least, looks.most) == (1.0, None)
    moms = {"name": "Mom's Credit Card", "type": "special", "effect": "moms_credit_card"}
    assert (param_range(travel, moms, "covers", 1).most, looks.down(1)) == (3, None)
    item = {"name": "Local Guide", "type": "item", "effect": None}
    inferred = param_range(travel, item, "look", 3)
    assert not inferred.declared and inferred.whole and inferred.least == 0.0
    assert inferred.up(3) == 6 and inferred.down(3) == 1 and inferred.down(1) == 0
    assert inferred.down(0) is None and inferred.inside(1, 2, 1.5) is None
    assert inferred.inside(0, 4, 1.2) == 1 and inferred.inside(0, 4, 0.1) == 1
    assert inferred.snap(2.6) == 3 and isinstance(inferred.snap(2.6), int)
    decimal = param_range(travel, {**item, "name": "X"}, "rate", 2.5)
    assert not decimal.whole and decimal.step == 0.1 and decimal.snap(1.234) == 1.2
    assert ParamRange(None, None, True, False, False, 1.0).down(-2) == -4


def _fake_sweep(
    monkeypatch: pytest.MonkeyPatch, root: float, slope: float, noise: float = 400.0
) -> list[Any]:
    """Replace the sweep under balance with a straight line: the measure at value v is
    slope * (v - root) points exactly, with a 95% interval of +-noise/sqrt(games) points.
    The line's root may lie outside covers' declared 1 to 3, so the range is the one
    inferred from the printed value (no declaration), as for a card without one."""
    plans: list[Any] = []
    monkeypatch.setattr(balance_module, "_declared", lambda spec, row, key: None)

    def plan_values(
        options: RunOptions, card: str, key: str, values: Any, out: Path, **kw: Any
    ) -> Any:
        plan = SimpleNamespace(values=list(values), games=dict(kw["games"]), out=Path(out))
        plan.out.mkdir(parents=True, exist_ok=True)
        plans.append(plan)
        return plan

    def run_sweep(plan: Any, **kw: Any) -> Path:
        return plan.out

    def summary(folder: Path) -> SweepSummary:
        plan = plans[-1]
        points = []
        for v in plan.values:
            n = plan.games[v]
            m, half = slope * (v - root), noise / math.sqrt(n)
            verdict = decide(m, m - half, m + half, 3.0, games=n)
            points.append(
                SweepPoint(
                    value=v,
                    folder=plan.out / f"covers={v}",
                    label=str(v),
                    contribution=math.nan,
                    lo=math.nan,
                    hi=math.nan,
                    se=math.nan,
                    q=math.nan,
                    iwd=math.nan,
                    iwd_lo=math.nan,
                    iwd_hi=math.nan,
                    iwd_q=math.nan,
                    in_hand=n,
                    owner_wins=n // 4,
                    owner_n=n,
                    games=n,
                    mean_turns=50.0,
                    average=0.25,
                    verdict=verdict.verdict,
                    judged=verdict,
                    verdict_pp=m / 100,
                    verdict_lo=(m - half) / 100,
                    verdict_hi=(m + half) / 100,
                    peers="special items",
                )
            )
        return SweepSummary(
            "travel", "Mom's Credit Card", "covers", 1, "IWD", "gih", points, None, {}
        )

    monkeypatch.setattr(balance_module, "plan_values", plan_values)
    monkeypatch.setattr(balance_module, "run_sweep", run_sweep)
    monkeypatch.setattr(balance_module, "sweep_summary", summary)
    return plans


def test_the_design_brackets_bisects_and_stops_at_one_step(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _fake_sweep(monkeypatch, root=5.4, slope=6.0)
    options = RunOptions("travel", modules=("special_items",))
    result = balance(options, "Mom's Credit Card", "covers", 40000, tmp_path / "b", progress=False)
    data = result.data
    phases = {e["value"]: e["phase"] for e in data["evaluations"]}
    assert phases[1] == "printed" and "bracket" in phases.values()
    assert "bisection" in phases.values()
    # the measure is -26 points at the printed 1: larger values are tried, then bisected
    assert data["coarse_bracket"][0] < 5.4 < data["coarse_bracket"][1]
    assert data["suggested"] == 5 and isinstance(data["suggested"], int)
    assert data["lo"] <= 5.4 <= data["hi"] and data["hi"] - data["lo"] <= 1.0
    assert data["stop"] == "decided" and data["games"] <= 40000
    assert data["verdict_at_printed"] == "weaker"
    # the games went where the answer is decided: the values around 5.4 got the most
    games = {e["value"]: e["games"] for e in data["evaluations"]}
    assert max(games, key=lambda v: games[v]) in (5, 6)
    assert games[5] > games[1]


def test_the_design_stops_at_the_bound_and_when_the_budget_is_spent(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    options = RunOptions("travel", modules=("special_items",))
    card = "Mom's Credit Card"
    _fake_sweep(monkeypatch, root=-3.0, slope=6.0)  # stronger than its peers even at 0
    data = balance(options, card, "covers", 40000, tmp_path / "a", progress=False).data
    assert data["stop"] == "at the bound" and data["suggested"] == 0 and not data["found"]
    assert [e["value"] for e in data["evaluations"]] == [0, 1]  # 1 is stronger: 0 tried first
    assert data["lo"] is None and data["verdict_at_suggested"] == "stronger"
    _fake_sweep(monkeypatch, root=5.4, slope=6.0)
    data = balance(options, card, "covers", 400, tmp_path / "b", progress=False).data
    assert data["stop"] == "budget" and data["games"] <= 400
    _fake_sweep(monkeypatch, root=1.2, slope=0.5, noise=80.0)  # within +-3 at the printed 1
    data = balance(options, card, "covers", 40000, tmp_path / "c", progress=False).data
    assert data["verdict_at_printed"] == "balanced" and data["stop"] == "balanced at printed"
    assert data["suggested"] == 1 and data["games"] == 5000


# ---------------------------------------------------------------------------- the typical power

VELVET = ["import-export", "-p", "2", "--sets", "base", "--card", "Velvet Robes"]


@pytest.fixture(scope="module")
def worth_balance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real Import/Export balance on the causal measure: an ablation of every base power
    (factorial, 2 players, 600 deals) given as --evidence, then Velvet Robes'
    `pay_per_card` balanced on 600 games."""
    base = tmp_path_factory.mktemp("worth")
    ablate = ["ablate", *VELVET[:5], "--cards", "all", "-n", "600", "--seed", "3"]
    result = CliRunner().invoke(
        main, [*ablate, "-o", str(base / "abl"), "-q", "--backend", "sequential"]
    )
    assert result.exit_code == 0, result.output
    args = [*VELVET, "--param", "pay_per_card", "-n", "600", "--seed", "3"]
    result = CliRunner().invoke(
        main,
        ["balance", *args, "--evidence", str(base), "-o", str(base / "bal"), "-q"]
        + ["--backend", "sequential"],
    )
    assert result.exit_code == 0, result.output
    own = ["balance", *args, "--reference-games", "600", "-o", str(base / "own"), "-q"]
    result = CliRunner().invoke(main, [*own, "--backend", "sequential"])
    assert result.exit_code == 0, result.output
    return base


def test_balance_plays_its_own_reference_when_none_is_given(worth_balance: Path) -> None:
    """Without --evidence the balance plays the ablation into OUT/ablation (the same plan as
    `deckhand ablate --cards all` with its seed: the same games, the same reference), and a
    second call with other evidence is another request, refused without --overwrite."""
    given = json.loads((worth_balance / "bal" / BALANCE_FILE).read_text())
    own = json.loads((worth_balance / "own" / BALANCE_FILE).read_text())
    assert own["reference"]["played_by_balance"]
    assert own["reference"]["folder"] == str(worth_balance / "own" / "ablation")
    assert (worth_balance / "own" / "ablation" / "ablation.parquet").is_file()
    for key in ("vs_typical", "se", "worth", "typical", "typical_peers"):
        assert own["reference"][key] == given["reference"][key]
    assert own["evaluations"] == given["evaluations"]
    args = [*VELVET, "--param", "pay_per_card", "-n", "600", "--seed", "3", "-q"]
    again = CliRunner().invoke(
        main, ["balance", *args, "--evidence", str(worth_balance / "bal"), "-o",
               str(worth_balance / "own")]
    )  # fmt: skip
    assert again.exit_code != 0 and "--overwrite" in again.output


def test_balance_aims_at_the_typical_power_on_the_same_deals(worth_balance: Path) -> None:
    data = json.loads((worth_balance / "bal" / BALANCE_FILE).read_text())
    ref = data["reference"]
    assert ref["measure"] == "worth against the typical power" and not ref["played_by_balance"]
    assert ref["folder"] == str(worth_balance / "abl") and ref["games"] == 600
    ablation = pl.read_parquet(worth_balance / "abl" / "ablation.parquet")
    row = ablation.filter(pl.col("card") == "Velvet Robes").row(0, named=True)
    assert ref["vs_typical"] == pytest.approx(row["vs_typical"], abs=1e-3)
    assert "typical power" in data["measure"]
    by_value = {e["value"]: e for e in data["evaluations"]}
    printed = by_value[data["printed"]]
    # at the printed value the measure is the ablation's figure itself
    assert printed["measure"] == pytest.approx(row["vs_typical"], abs=1e-3)
    # the printed value keeps the most games: every game of a value has its twin deal there
    assert printed["games"] == max(e["games"] for e in data["evaluations"])
    for e in data["evaluations"]:
        if e["value"] != data["printed"] and e["measure"] is not None:
            # m(v) = the reference + the paired effect of the number
            assert e["measure"] == pytest.approx(
                ref["vs_typical"] + e["effect_vs_printed"], abs=2e-3
            )
            assert e["verdict"] in WORDS
    page = (worth_balance / "bal" / "balance.html").read_text()
    assert "the typical power of contracts" in page and "Measured against" in page


def test_the_worth_fit_counts_the_reference_in_its_interval() -> None:
    """The zero of vs + b (x - printed): a reference twice as uncertain widens Fieller's
    interval; b is the weighted slope of the paired effects through the origin."""
    from simulator.experiments.typical_worth import TypicalReference, WorthMeasure

    def point(v: int, effect: float, se: float) -> SweepPoint:
        return SweepPoint(
            v, Path("."), str(v), *([math.nan] * 10), 0, 0, 0, 100, 50.0, 0.25,
            effect=effect, effect_lo=effect - 1.96 * se, effect_hi=effect + 1.96 * se,
        )  # fmt: skip

    def reference(se: float) -> TypicalReference:
        return TypicalReference("x", 12.0, se, 17.0, 14.0, 20.0, 5.0, 0.5, 40, "contracts",
                                20000, "factorial", False)  # fmt: skip

    points = [point(2, -8.0, 1.0), point(6, 8.0, 1.0), point(4, 0.0, 0.0)]
    tight = WorthMeasure(reference(1.0), "Almonds").fit(points, 4.0)
    loose = WorthMeasure(reference(2.0), "Almonds").fit(points, 4.0)
    assert tight is not None and loose is not None
    assert tight.slope == pytest.approx(4.0) and tight.x0 == pytest.approx(1.0)  # 12 + 4 (x-4)
    assert tight.bounded and tight.x0_lo < 1.0 < tight.x0_hi
    assert loose.x0_hi - loose.x0_lo > tight.x0_hi - tight.x0_lo
