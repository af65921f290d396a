"""deckhand ablate: the per-card power switch, common random numbers between arms, planted
cards found where they were planted (small sheets), the output table and the CLI."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from cli import main
from simulator.catalog import get_game
from simulator.experiments.ablation import (
    ABLATION_FILE,
    factorial_off,
    make_plan,
    run_ablation,
    tables,
)
from simulator.games.import_export.cards import DEFAULT_SHEET
from simulator.games.import_export.sheet_checks import load_import_export_sheet
from simulator.runs.experiment import Experiment, Table, sheet_without_powers

STRONG = ("Velvet Robes", "pay_per_card=5")
"""Five times its printed worth: every card in hand at the end is worth 5 credits, not 1."""
HARMFUL = ("Solar Panels", "cost=16")
"""Printed: pay 2 to move it into your goods; planted: pay 16 (when you have them)."""
ORDINARY = "Pistols"


def planted_sheet(folder: Path, per_colour: int = 8) -> Path:
    """A small base-set sheet (per_colour cards of each colour, the easy-to-fulfil ones first)
    with the two planted cards."""
    rows = list(csv.reader(io.StringIO(DEFAULT_SHEET.read_text(), newline="")))
    header, body = rows[0], rows[1:]
    col = {name: i for i, name in enumerate(header)}
    plant = dict([STRONG, HARMFUL])
    base = [r for r in body if r[col["set"]] == "base"]
    chosen = []
    for colour in ("green", "yellow", "black", "blue", "red"):
        cards = [r for r in base if r[col["color"]] == colour]
        must = [r for r in cards if r[col["name"]] in plant or r[col["name"]] == ORDINARY]
        easy = sorted(
            (r for r in cards if r not in must),
            key=lambda r: (not r[col["level"]].endswith(":0"), int(r[col["id"]])),
        )
        chosen += must + easy[: per_colour - len(must)]
    for r in chosen:
        if r[col["name"]] in plant:
            r[col["params"]] = plant[r[col["name"]]]
    chosen.sort(key=lambda r: int(r[col["id"]]))
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows([header, *chosen])
    path = folder / "planted.csv"
    path.write_text(buffer.getvalue())
    return path


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return planted_sheet(tmp_path_factory.mktemp("planted"))


def _config(players: int = 2, sheet: Path | None = None):  # noqa: ANN202
    spec = get_game("import-export")
    return spec.make_config(players, ("base",), str(sheet) if sheet else None)


def test_power_off_removes_exactly_that_cards_power() -> None:
    spec = get_game("import-export")
    sheet = load_import_export_sheet()
    almonds = next(int(r["id"]) for r in sheet.rows if r["name"] == "Almonds")
    vanilla = sheet_without_powers(spec, sheet, frozenset({almonds}))
    assert spec.build_with_sheet is not None
    config = _config(4)
    printed = spec.build_with_sheet(config, sheet)
    plain = spec.build_with_sheet(config, vanilla)
    names = {c.id: c.name for c in plain.cards.contract_by_id.values()}
    lost = {names[c] for c in printed.powers.by_contract} - {
        names[c] for c in plain.powers.by_contract
    }
    assert lost == {"Almonds"}
    row = next(r for r in vanilla.rows if r["name"] == "Almonds")
    assert row["params"]["power_off"] == 1 and row["params"]["high_pay"] == 4  # numbers kept
    assert next(r for r in sheet.rows if r["name"] == "Almonds")["params"].get("power_off") is None


def test_power_off_switches_both_contracts_of_a_flag_card() -> None:
    spec = get_game("import-export")
    sheet = load_import_export_sheet()
    flag = [r for r in sheet.rows if r["set"] == "flag"]
    first = flag[0]
    twins = [r for r in flag if r["card"] == first["card"]]
    assert len(twins) == 2
    vanilla = sheet_without_powers(spec, sheet, frozenset({int(first["id"])}))
    marked = [r["name"] for r in vanilla.rows if r["params"].get("power_off")]
    assert sorted(marked) == sorted(r["name"] for r in twins)


def test_same_table_same_game_on_any_backend() -> None:
    config = _config(2)
    listed = [Table(d, d, ("heuristic", "random")) for d in range(6)]
    one = Experiment(config, 5, jobs=1, backend="sequential", chunk_size=2).play(listed)
    two = Experiment(config, 5, jobs=2, backend="threading", chunk_size=4).play(listed)
    assert one == two
    again = Experiment(config, 5, backend="sequential").play(listed[:1])
    assert again[0] == one[0]
    other_seed = Experiment(config, 6, backend="sequential").play(listed[:1])
    assert other_seed[0] != one[0]


def test_paired_arms_share_the_deal_and_the_bots_streams() -> None:
    """Common random numbers: a card's vanilla arm is its deal's printed game until the
    power matters, so with a card nobody owned the two games are identical."""
    config = _config(2)
    plan = make_plan(config, ("heuristic",), cards="Almonds,Beer", design="paired", deals=8)
    listed = tables(plan)
    assert len(listed) == 8 * 3
    played = Experiment(config, plan.seed, backend="sequential").play([t for t, _, _ in listed])
    identical = 0
    for i in range(0, len(listed), 3):
        base, *arms = range(i, i + 3)
        for arm in arms:
            table = listed[arm][0]
            assert table.deal == listed[base][0].deal and table.stream == listed[base][0].stream
            (card,) = table.off
            if not any(card in owned for owned in played[base].owned):
                assert played[arm] == played[base]
                identical += 1
    assert identical > 0


def test_factorial_draws_depend_on_the_deal_only() -> None:
    config = _config(4)
    plan = make_plan(config, ("heuristic",), cards="all", deals=50, seed=3)
    draws = [factorial_off(plan, d) for d in range(50)]
    assert draws == [factorial_off(plan, d) for d in range(50)]
    share = sum(len(d) for d in draws) / (50 * len(plan.cards))
    assert 0.45 < share < 0.55
    assert len(set(draws)) == 50


def test_planted_cards_rank_first_and_last_paired(planted: Path, tmp_path: Path) -> None:
    config = _config(2, planted)
    plan = make_plan(
        config,
        ("heuristic",),
        cards=f"{STRONG[0]},{HARMFUL[0]},{ORDINARY}",
        design="paired",
        deals=300,
        seed=1,
    )
    folder = run_ablation(plan, tmp_path / "abl", backend="sequential", progress=False)
    table = pl.read_parquet(folder / ABLATION_FILE)
    assert table.columns[:5] == ["card", "effect", "lo", "hi", "q"]
    ranked = table["card"].to_list()
    assert ranked[0] == STRONG[0] and ranked[-1] == HARMFUL[0]
    strong = table.row(0, named=True)
    harmful = table.row(table.height - 1, named=True)
    assert strong["lo"] > 0 and harmful["hi"] < 0
    assert strong["q"] < 0.05 and harmful["q"] < 0.05
    assert strong["n_on"] == strong["n_off"]  # the same owner in both arms of a deal


def test_planted_cards_found_by_the_factorial_model(planted: Path, tmp_path: Path) -> None:
    config = _config(2, planted)
    plan = make_plan(
        config,
        ("heuristic",),
        cards=f"{STRONG[0]},{HARMFUL[0]},{ORDINARY},Smart Cars",
        design="factorial",
        deals=500,
        seed=1,
    )
    folder = run_ablation(plan, tmp_path / "abl", backend="sequential", progress=False)
    table = pl.read_parquet(folder / ABLATION_FILE)
    ranked = table["card"].to_list()
    assert ranked[0] == STRONG[0] and ranked[-1] == HARMFUL[0]
    assert table.row(0, named=True)["lo"] > 0
    assert table.row(table.height - 1, named=True)["effect"] < -0.05
    games = pl.read_parquet(folder / "games.parquet")
    assert games.height == 500 and games["off"].list.len().mean() == pytest.approx(2, abs=0.3)
    assert (folder / "ablation.html").exists() is False  # the CLI writes the report


def test_cli_ablate_writes_table_and_report(tmp_path: Path) -> None:
    out = tmp_path / "abl"
    result = CliRunner().invoke(
        main,
        [
            "ablate", "import-export", "-p", "2", "--cards", "Almonds,Beer", "--design",
            "paired", "-n", "6", "-o", str(out), "-q", "--backend", "sequential",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (out / ABLATION_FILE).exists() and (out / "ablation.html").stat().st_size > 2000
    page = (out / "ablation.html").read_text()
    assert "Almonds" in page and "Paired design" in page
    # the summary first, the ranked table after it, the run's details last
    assert page.index('id="summary"') < page.index("ablation-table") < page.index('id="run"')
    again = CliRunner().invoke(main, ["ablate", "import-export", "-o", str(out), "-q"])
    assert again.exit_code != 0 and "--overwrite" in again.output


@pytest.mark.parametrize(
    "args,expected",
    [
        (["--cards", "Almondz"], "did you mean: Almonds"),
        (["--design", "latin"], "'latin' is not one of"),
        (["--off-share", "1.5"], "--off-share: 1.5"),
        (["--param", "high_pay=6"], "--param: name the one card with --cards NAME"),
        (["-s", "heuristic", "-s", "random"], "one per seat (4); got 2"),
        (["-p", "2", "-s", "heuristic", "-s", "heuristic", "--duplicate"], "--duplicate"),
    ],
)
def test_cli_ablate_errors_name_the_option(args: list[str], expected: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["ablate", "import-export", "-o", str(tmp_path / "x"), *args])
    assert result.exit_code == 2, result.output
    assert expected in result.output and "Traceback" not in result.output


def test_cli_ablate_travel_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["ablate", "travel", "-o", str(tmp_path / "x")])
    assert result.exit_code == 2 and "no per-card power switch" in result.output


def test_ablate_a_number_reuses_the_sweep(tmp_path: Path) -> None:
    out = tmp_path / "num"
    result = CliRunner().invoke(
        main,
        [
            "ablate", "import-export", "-p", "2", "--cards", "Almonds", "--param",
            "high_pay=40", "-n", "30", "-o", str(out), "-q", "--backend", "sequential",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    table = pl.read_parquet(out / ABLATION_FILE)
    assert table.height == 1 and table["card"][0] == "Almonds"
    assert "high_pay=40" in table["method"][0]
    assert (out / "sweep" / "sweep.json").exists()
    assert (out / "sweep" / "high_pay=4").is_dir() and (out / "sweep" / "high_pay=40").is_dir()


def test_design_comparison_pairs_the_cards(tmp_path: Path) -> None:
    from simulator.experiments.ablation import design_comparison

    config = _config(2)
    folders = []
    for design, deals in (("paired", 40), ("factorial", 80)):
        plan = make_plan(
            config, ("heuristic",), cards="Stolen Rice,Smart Cars", design=design, deals=deals
        )
        folders.append(run_ablation(plan, tmp_path / design, backend="sequential", progress=False))
    table = design_comparison(*folders)
    assert sorted(table["card"]) == ["Smart Cars", "Stolen Rice"]
    assert table["design"][0] == "paired" and table["design_2"][0] == "factorial"
    assert set(table["cost_games"]) == {80} and set(table["cost_games_2"]) == {80}
    assert "precision_ratio" in table.columns


def test_the_ablation_report_opens_on_what_the_powers_are_worth() -> None:
    """The headline names the powers that measurably help and hurt their owners, with
    intervals and q, before the plot and the ranked table; a card without a figure is
    counted, and 'no power measurably hurts' is said when none does."""
    from reports.ablation import ablation_findings

    cards = pl.DataFrame(
        {
            "card": ["Strong", "Harmful", "Noisy", "Rare"],
            "effect": [0.20, -0.08, 0.03, None],
            "lo": [0.15, -0.12, -0.02, None],
            "hi": [0.25, -0.04, 0.08, None],
            "q": [0.0001, 0.002, 0.4, None],
        }
    )
    strongest, weakest, measured = ablation_findings(cards)
    assert strongest.finding.startswith("Strong +20.0 pp [+15.0, +25.0] (q < 0.001)")
    assert "Noisy" not in strongest.finding and strongest.verdict.startswith("1 power helps")
    assert weakest.finding == "Harmful -8.0 pp [-12.0, -4.0] (q 0.002)" and weakest.tone == "warn"
    assert measured.finding == "3 of 4 cards; 1 owned too rarely for a figure"
    assert measured.verdict.startswith("2 with an effect (q < 0.05), 1 without")
    none_hurt = ablation_findings(cards.filter(pl.col("card") != "Harmful"))[1]
    assert none_hurt.verdict == "no power measurably hurts its owner"
    assert "the lowest estimates: Noisy" in none_hurt.finding
