"""deckhand ablate: the per-card power switch, common random numbers between arms, planted
cards found where they were planted (small sheets), the output table and the CLI."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner, Result

from cli import main
from simulator.analysis.power_worth import FIRST_COLUMNS as POWER_COLUMNS
from simulator.analysis.power_worth import MIN_OTHERS, TOO_FEW_OTHERS
from simulator.analysis.verdicts import (
    BALANCED,
    DOES_SOMETHING,
    STRONGER,
    UNCLEAR,
    WEAKER,
    WORDS,
)
from simulator.catalog import get_game
from simulator.core.errors import RunFolderError
from simulator.experiments.ablation import (
    ABLATION_FILE,
    FIRST_COLUMNS,
    AblationPlan,
    factorial_off,
    games_to_play,
    judge_ablation,
    load_ablation,
    make_plan,
    run_ablation,
    tables,
)
from simulator.games.import_export.cards import DEFAULT_SHEET
from simulator.games.import_export.sheet_checks import load_import_export_sheet
from simulator.runs.experiment import Experiment, Played, Table, sheet_without_powers

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
    assert [index for index, *_ in listed] == list(range(8 * 3))
    played = Experiment(config, plan.seed, backend="sequential").play([t for _, t, _, _ in listed])
    identical = 0
    for i in range(0, len(listed), 3):
        base, *arms = range(i, i + 3)
        for arm in arms:
            table = listed[arm][1]
            assert table.deal == listed[base][1].deal and table.stream == listed[base][1].stream
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
    """Three cards: their worth to their owners is measured (the strong one helps, the harmful
    one hurts: both do something), but three powers are too few for a typical power of their
    kind, so none of them gets a card verdict, and the table says why."""
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
    assert table.columns[: len(POWER_COLUMNS)] == list(POWER_COLUMNS)
    judged = table.filter(pl.col("worth").is_not_null()).sort("worth", descending=True)
    ranked = judged["card"].to_list()
    assert ranked[0] == STRONG[0] and ranked[-1] == HARMFUL[0]
    strong = judged.row(0, named=True)
    harmful = judged.row(judged.height - 1, named=True)
    assert strong["worth_lo"] > 0 and harmful["worth_hi"] < 0
    assert strong["worth_q"] < 0.05 and harmful["worth_q"] < 0.05
    assert strong["worth_check"] == harmful["worth_check"] == DOES_SOMETHING
    assert strong["worth"] > 5  # points, not a fraction
    assert strong["n_on"] == strong["n_off"]  # the same owner in both arms of a deal
    assert table["verdict"].null_count() == table.height  # no typical power of three cards
    assert all(TOO_FEW_OTHERS in note for note in judged["typical_note"])
    assert set(table["tolerance"]) == {3.0}


def test_planted_cards_found_by_the_factorial_model(planted: Path, tmp_path: Path) -> None:
    """Every power of the small planted sheet switched at random: the strong card stands out
    against the typical power of its kind (stronger, first), the harmful one below it, and
    the ordinary cards are not called stronger or weaker for doing what a power does."""
    config = _config(2, planted)
    plan = make_plan(config, ("heuristic",), cards="all", design="factorial", deals=1500, seed=1)
    folder = run_ablation(plan, tmp_path / "abl", backend="sequential", progress=False)
    table = pl.read_parquet(folder / ABLATION_FILE)
    by_card = {r["card"]: r for r in table.iter_rows(named=True)}
    strong, harmful = by_card[STRONG[0]], by_card[HARMFUL[0]]
    assert table["card"][0] == STRONG[0] and strong["verdict"] == STRONGER
    assert strong["lo"] > 0 and strong["vs_typical"] < strong["worth"]  # the typical is > 0
    assert harmful["vs_typical"] < 0 and harmful["hi"] < 0
    assert set(table["kind"]) == {"contracts"} and strong["typical_peers"] >= MIN_OTHERS
    flagged = table.filter(
        pl.col("verdict").is_in([STRONGER, WEAKER]) & ~pl.col("card").is_in([STRONG[0], HARMFUL[0]])
    )
    does_something = table.filter(pl.col("worth_check") == DOES_SOMETHING)
    assert flagged.height < does_something.height  # a power that works is not too strong
    for r in table.filter(pl.col("verdict") == BALANCED).iter_rows(named=True):
        assert -r["tolerance"] <= r["lo"] and r["hi"] <= r["tolerance"]
    games = pl.read_parquet(folder / "games.parquet")
    assert games.height == 1500
    assert (folder / "ablation.html").exists() is False  # the CLI writes the report


def _ablate_paired(out: Path, cards: str) -> Result:
    """`deckhand ablate` of CARDS, 2 players, paired, 6 deals, into OUT."""
    args = ["ablate", "import-export", "-p", "2", "--cards", cards, "--design", "paired"]
    return CliRunner().invoke(
        main, [*args, "-n", "6", "-o", str(out), "-q", "--backend", "sequential"]
    )


def test_cli_ablate_writes_table_and_report(tmp_path: Path) -> None:
    out = tmp_path / "abl"
    result = _ablate_paired(out, "Almonds,Beer")
    assert result.exit_code == 0, result.output
    assert (out / ABLATION_FILE).exists() and (out / "ablation.html").stat().st_size > 2000
    assert "tolerance \u00b13 points" in result.output
    page = (out / "ablation.html").read_text()
    assert "Almonds" in page and "Paired design" in page
    # the summary first, the ranked table after it, the glossary, the run's details last
    assert page.index('id="summary"') < page.index("ablation-table") < page.index('id="run"')
    assert page.index("ablation-table") < page.index('id="glossary"') < page.index('id="run"')
    summary = page[page.index('id="summary"') : page.index("<nav>")]
    for jargon in (" pp", "q <", "(q ", "Benjamini", "BH"):
        assert jargon not in summary  # plain words on the first screen
    assert "\u00b13" in summary  # every verdict with its tolerance
    again = CliRunner().invoke(main, ["ablate", "import-export", "-o", str(out), "-q"])
    assert again.exit_code != 0 and "--overwrite" in again.output
    wider = _ablate_paired(out, "Almonds,Beer,Candy")
    assert wider.exit_code == 0, wider.output
    assert wider.output.startswith("24 games (6 of them played by its last call) in ")


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
            "high_pay=40", "-n", "30", "--seed", "2", "-o", str(out), "-q",
            "--backend", "sequential",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    table = pl.read_parquet(out / ABLATION_FILE)
    assert table.height == 1 and table["card"][0] == "Almonds"
    assert table["owner_wr_on"][0] is not None, "a seed whose 30 games give Almonds owners"
    assert "high_pay=40" in table["method"][0]
    assert table.columns[: len(FIRST_COLUMNS)] == list(FIRST_COLUMNS)
    assert table["verdict"][0] in WORDS and table["tolerance"][0] == 3.0
    row = table.row(0, named=True)
    assert abs(row["effect"] - 100 * (row["owner_wr_on"] - row["owner_wr_off"])) < 1e-9
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


def _cards(**columns: list) -> pl.DataFrame:
    """A power ablation's table (points) judged by the one rule at the default tolerance:
    `vs_typical` with `lo`, `hi`, `p` the card against the typical power; the worth a little
    above it (the typical power is worth +4 here)."""
    frame = pl.DataFrame(
        columns,
        schema_overrides={
            "vs_typical": pl.Float64,
            "lo": pl.Float64,
            "hi": pl.Float64,
            "p": pl.Float64,
        },
    )
    frame = frame.with_columns(
        (pl.col("vs_typical") + 4.0).alias("worth"),
        (pl.col("lo") + 4.0).alias("worth_lo"),
        (pl.col("hi") + 4.0).alias("worth_hi"),
        pl.col("p").alias("worth_p"),
        pl.lit(4.0).alias("typical"),
        pl.lit(None, dtype=pl.Utf8).alias("typical_note"),
    )
    return judge_ablation(frame.with_row_index("rank", offset=1), 3.0, 1000)


def test_the_ablation_report_opens_on_the_typical_power() -> None:
    """The headline names the powers above and below the typical power of their kind, each
    with its verdict and the tolerance, before the plot and the ranked table; red only for
    cards outside the tolerance of the typical power; what the powers are worth is told
    apart, never as a warning; a card without a figure is counted."""
    from reports.ablation import ablation_findings

    cards = _cards(
        card=["Strong", "Harmful", "Noisy", "Flat", "Rare"],
        vs_typical=[20.0, -8.0, 3.0, 0.5, None],
        lo=[15.0, -12.0, -2.0, -1.0, None],
        hi=[25.0, -4.0, 8.0, 2.0, None],
        p=[0.0001, 0.0002, 0.4, 0.5, None],
    )
    assert cards["verdict"].to_list() == [STRONGER, WEAKER, UNCLEAR, BALANCED, UNCLEAR]
    assert cards["worth_check"].to_list() == [
        DOES_SOMETHING,
        DOES_SOMETHING,
        UNCLEAR,
        UNCLEAR,
        None,
    ]
    strongest, weakest, worth, measured = ablation_findings(cards)
    assert strongest.finding.startswith(
        "Strong: stronger than the typical power of its kind: +20.0 points, not within \u00b13"
    )
    assert strongest.finding.index("Strong:") < strongest.finding.index("Noisy:")
    assert (
        "1 power stronger than the typical power of its kind: not within \u00b13 points"
        in strongest.verdict
    )
    assert "top 3 of 3 above it" in strongest.verdict and strongest.tone == "warn"
    assert weakest.finding.startswith(
        "Harmful: weaker than the typical power of its kind: -8.0 points"
    )
    assert weakest.tone == "warn" and "Strong" not in weakest.finding
    assert worth.question == "What the powers are worth to their owners"
    assert worth.tone == "info" and "2 do something" in worth.verdict
    assert measured.finding == "4 of 5 cards; 1 owned too rarely for a figure"
    assert measured.verdict.startswith(
        "1 stronger, 1 weaker, 1 balanced (within \u00b13 points), 2 unclear"
    )


def test_a_power_that_works_is_not_red() -> None:
    """Every power worth +5 to +9 points to its owner (each does something) and the typical
    power worth +7: no card is called stronger or weaker, nothing is red."""
    from reports.ablation import ablation_findings

    cards = _cards(
        card=list("ABCDE"),
        vs_typical=[2.0, -2.0, 0.0, 1.0, -1.0],
        lo=[0.5, -2.9, -1.5, -0.5, -2.5],
        hi=[2.9, -0.5, 1.5, 2.5, 0.5],
        p=[0.01, 0.01, 0.9, 0.2, 0.2],
    ).with_columns(
        pl.Series("worth", [9.0, 5.0, 7.0, 8.0, 6.0]),
        pl.Series("worth_lo", [7.5, 3.5, 5.5, 6.5, 4.5]),
        pl.Series("worth_hi", [10.5, 6.5, 8.5, 9.5, 7.5]),
        pl.Series("worth_p", [1e-6] * 5),
    )
    cards = judge_ablation(cards, 3.0, 1000)
    assert set(cards["worth_check"]) == {DOES_SOMETHING}
    assert set(cards["verdict"]) == {BALANCED}
    assert all(f.tone != "warn" for f in ablation_findings(cards))


def test_the_ablation_report_never_lists_a_card_twice() -> None:
    """With two cards, the old report listed both as strongest and as weakest: a card is on
    the side of its estimate only, and the list says how many it shows of how many."""
    from reports.ablation import ablation_findings

    two = _cards(
        card=["Almonds", "Beer"],
        vs_typical=[4.0, -2.0],
        lo=[-6.0, -12.0],
        hi=[14.0, 8.0],
        p=[0.4, 0.7],
    )
    strongest, weakest, _, _ = ablation_findings(two)
    assert "Almonds" in strongest.finding and "Beer" not in strongest.finding
    assert "Beer" in weakest.finding and "Almonds" not in weakest.finding
    assert "unclear: not shown within \u00b13 points" in strongest.finding
    assert "top 1 of 1" in strongest.verdict and "no power is shown to be stronger than" in (
        strongest.verdict
    )
    both_up = _cards(
        card=["A", "B"], vs_typical=[4.0, 2.0], lo=[1.0, -1.0], hi=[7.0, 5.0], p=[0.01, 0.3]
    )
    strongest, weakest, _, _ = ablation_findings(both_up, limit=1)
    assert "top 1 of 2 above it" in strongest.verdict and "B" not in strongest.finding
    assert weakest.finding == "\u2014"
    assert weakest.verdict == "no power is below the typical power of its kind"


def test_an_older_ablation_table_is_read_in_points(tmp_path: Path) -> None:
    """ablation.parquet written before the verdicts (fractions, a `flag`) reads in points; a
    number's is judged at the tolerance asked, a power's keeps its worth and has no card
    verdict until `deckhand ablate` summarises it again (it needs its games tables)."""
    import json

    frame = pl.DataFrame(
        {
            "card": ["A", "B"],
            "effect": [0.01, 0.2],
            "lo": [-0.015, 0.1],
            "hi": [0.025, 0.3],
            "q": [0.4, 0.001],
            "p": [0.4, 0.0005],
            "se": [0.01, 0.05],
            "difference": [0.01, 0.2],
            "difference_se": [0.01, 0.05],
            "model_effect": [None, None],
            "model_se": [None, None],
            "precision_per_game": [1.0, 1.0],
            "flag": [None, "over"],
        },
        schema_overrides={"model_effect": pl.Float64, "model_se": pl.Float64},
    )
    number, power = tmp_path / "number", tmp_path / "power"
    for folder, design in ((number, "param"), (power, "paired")):
        folder.mkdir()
        (folder / "ablation.json").write_text(json.dumps({"design": design, "games_played": 400}))
        frame.write_parquet(folder / ABLATION_FILE)
    _, table = load_ablation(number)
    assert table["effect"].to_list() == pytest.approx([1.0, 20.0])
    assert table["verdict"].to_list() == [BALANCED, STRONGER] and "flag" not in table.columns
    _, tight = load_ablation(number, tolerance=1.0)
    assert tight["verdict"].to_list() == [UNCLEAR, STRONGER]
    assert tight["tolerance"].to_list() == [1.0, 1.0]
    _, old = load_ablation(power)
    assert old["worth"].to_list() == pytest.approx([1.0, 20.0])
    assert old["verdict"].null_count() == 2 and "deckhand ablate" in old["typical_note"][0]


def test_the_turns_effect_is_the_same_to_the_bit_on_every_call() -> None:
    """The per-deal means were summed in group_by's order, which varies from call to call: a
    resumed ablation once differed from its reference in the last bits of turns_lo."""
    from types import SimpleNamespace

    from simulator.experiments.ablation import _turns_effects

    rng = np.random.default_rng(3)
    deals = 400
    games = pl.DataFrame(
        {
            "deal": np.repeat(np.arange(deals), 2),
            "rotation": np.zeros(2 * deals, dtype=np.int64),
            "arm": np.tile([-1, 7], deals),
            "turns": rng.integers(20, 60, 2 * deals),
        }
    )
    plan = SimpleNamespace(design="paired", cards=(7,))
    first = _turns_effects(plan, games)  # type: ignore[arg-type]
    assert all(_turns_effects(plan, games) == first for _ in range(30))  # type: ignore[arg-type]


def _tables(folder: Path) -> tuple[pl.DataFrame, ...]:
    return tuple(pl.read_parquet(folder / name) for name in ("games.parquet", "owners.parquet"))


def _killed_after(monkeypatch: pytest.MonkeyPatch, games: int) -> Callable[[], None]:
    """Make the next ablation save every finished deal and stop with a KeyboardInterrupt
    (a kill) once it has played `games` games; returns what puts its play and saving back."""
    import simulator.experiments.ablation as ablation

    monkeypatch.setattr(ablation, "SAVE_SECONDS", 0.0)
    stream = Experiment.stream

    def killed(self: Experiment, tables: list[Table], tick: object = None) -> Iterator[Played]:
        for i, played in enumerate(stream(self, tables, None)):
            if i == games:
                raise KeyboardInterrupt
            yield played

    monkeypatch.setattr(Experiment, "stream", killed)
    return monkeypatch.undo  # the play and the saving as they were


def test_a_killed_ablation_resumes_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deals are saved as they finish: the same call after a kill plays only the rest,
    and the tables are those of an ablation never stopped, also with a deal missing between
    saved ones (its part lost)."""
    plan = make_plan(
        _config(2), ("heuristic",), cards="Almonds,Beer", design="paired", deals=10, seed=4
    )
    whole = run_ablation(plan, tmp_path / "whole", backend="sequential", progress=False)
    restore = _killed_after(monkeypatch, 13)
    with pytest.raises(KeyboardInterrupt):
        run_ablation(plan, tmp_path / "killed", backend="sequential", progress=False)
    parts = tmp_path / "killed" / "parts"
    assert len(list(parts.glob("*.games.parquet"))) == 4  # 4 deals of 3 games, 1 game lost
    (parts / "deals-0000001-0000002.games.parquet").unlink()  # a gap: deal 1 is not saved
    restore()
    again = run_ablation(plan, tmp_path / "killed", backend="sequential", progress=False)
    meta = load_ablation(again)[0]
    assert meta["played_now"] == 30 - 9 and meta["games_played"] == 30 and meta["finished"]
    assert not (again / "parts").exists()
    for a, b in zip(_tables(again), _tables(whole), strict=True):
        assert a.equals(b)
    assert pl.read_parquet(again / ABLATION_FILE).equals(pl.read_parquet(whole / ABLATION_FILE))


def test_an_ablation_grows_to_more_deals_playing_only_the_new_ones(tmp_path: Path) -> None:
    """Deal d's games do not depend on how many deals there are: asking a finished ablation
    for more deals plays the new deals only, to the tables of the larger one played at once;
    asking for fewer is refused, naming how many it holds."""
    config = _config(2)
    small = make_plan(config, ("heuristic",), cards="Almonds", design="paired", deals=6, seed=5)
    large = make_plan(config, ("heuristic",), cards="Almonds", design="paired", deals=14, seed=5)
    direct = run_ablation(large, tmp_path / "direct", backend="sequential", progress=False)
    folder = run_ablation(small, tmp_path / "grown", backend="sequential", progress=False)
    run_ablation(large, folder, backend="sequential", progress=False)
    meta = load_ablation(folder)[0]
    assert meta["played_now"] == 2 * (14 - 6) and meta["grown"] == [{"from": 6, "to": 14}]
    for a, b in zip(_tables(folder), _tables(direct), strict=True):
        assert a.equals(b)
    with pytest.raises(RunFolderError, match="holds this ablation with 14 deals.*at least 14"):
        run_ablation(small, folder, backend="sequential", progress=False)
    run_ablation(large, folder, backend="sequential", progress=False)  # read again: no play
    assert load_ablation(folder)[0]["played_now"] == 2 * (14 - 6)


QUIET = {"backend": "sequential", "progress": False}


def test_cards_added_to_a_paired_ablation_play_only_their_own_games(tmp_path: Path) -> None:
    """A finished paired ablation of Almonds asked for Beer too (in any order) plays only
    Beer's games with its power off: the printed games recorded every card owned. Its
    tables and verdicts are those of the two cards played at once; with more deals as well,
    the new deals are played whole. Asked again, nothing is played."""
    config = _config(2)

    def plan(cards: str, deals: int) -> AblationPlan:
        return make_plan(config, ("heuristic",), cards=cards, design="paired", deals=deals, seed=7)

    direct = run_ablation(plan("Almonds,Beer", 8), tmp_path / "direct", **QUIET)
    folder = run_ablation(plan("Almonds", 8), tmp_path / "wider", **QUIET)
    run_ablation(plan("Beer,Almonds", 8), folder, **QUIET)
    meta = load_ablation(folder)[0]
    assert meta["played_now"] == 8 and meta["games_played"] == 3 * 8
    assert meta["names"] == ["Almonds", "Beer"]  # the folder's cards first
    assert meta["widened"] == [{"from": ["Almonds"], "to": ["Almonds", "Beer"], "deals": 8}]
    for a, b in zip(_tables(folder), _tables(direct), strict=True):
        assert a.equals(b)
    assert pl.read_parquet(folder / ABLATION_FILE).equals(pl.read_parquet(direct / ABLATION_FILE))
    run_ablation(plan("Beer,Almonds", 8), folder, **QUIET)  # read again: nothing played
    assert load_ablation(folder)[0]["played_now"] == 8

    both = run_ablation(plan("Almonds,Beer", 12), tmp_path / "both", **QUIET)
    grown = run_ablation(plan("Almonds", 8), tmp_path / "grown", **QUIET)
    run_ablation(plan("Almonds,Beer", 12), grown, **QUIET)
    meta = load_ablation(grown)[0]
    assert meta["played_now"] == 8 + 3 * 4 and meta["grown"] == [{"from": 8, "to": 12}]
    for a, b in zip(_tables(grown), _tables(both), strict=True):
        assert a.equals(b)


def test_games_to_play_says_what_a_call_would_play(tmp_path: Path) -> None:
    """The plan's count (ladder --plan) without touching the folder: all for a new or
    refused folder, none for the same, new deals and new cards' games for a larger one."""
    config = _config(2)

    def plan(cards: str, deals: int, design: str = "paired") -> AblationPlan:
        return make_plan(config, ("heuristic",), cards=cards, design=design, deals=deals, seed=9)

    folder = tmp_path / "abl"
    assert games_to_play(folder, plan("Almonds", 6)) == 12
    run_ablation(plan("Almonds", 6), folder, **QUIET)
    before = sorted(p.name for p in folder.iterdir())
    assert games_to_play(folder, plan("Almonds", 6)) == 0
    assert games_to_play(folder, plan("Almonds", 9)) == 3 * 2
    assert games_to_play(folder, plan("Beer,Almonds", 6)) == 6
    assert games_to_play(folder, plan("Almonds,Beer", 9)) == 3 * 3 + 6
    assert games_to_play(folder, plan("Almonds", 4)) == 8  # refused when played: priced whole
    assert games_to_play(folder, plan("Beer", 6)) == 12
    assert games_to_play(folder, plan("Almonds", 6, "factorial")) == 6
    assert sorted(p.name for p in folder.iterdir()) == before


def test_a_killed_widening_resumes_and_old_folders_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A widening killed midway resumes to the same tables; a folder whose printed games
    recorded only its own cards (played before), one asked for other cards alone, and an
    unfinished one are refused with what to do."""
    import json

    config = _config(2)

    def plan(cards: str, deals: int = 8) -> AblationPlan:
        return make_plan(config, ("heuristic",), cards=cards, design="paired", deals=deals, seed=8)

    direct = run_ablation(plan("Almonds,Beer,Candy"), tmp_path / "direct", **QUIET)
    folder = run_ablation(plan("Almonds"), tmp_path / "wider", **QUIET)
    restore = _killed_after(monkeypatch, 9)
    with pytest.raises(KeyboardInterrupt):
        run_ablation(plan("Almonds,Beer,Candy"), folder, **QUIET)
    restore()
    with pytest.raises(RunFolderError, match="ask for its cards, with any you add, together"):
        run_ablation(plan("Almonds,Beer"), folder, **QUIET)  # fewer than it was started with
    run_ablation(plan("Almonds,Beer,Candy"), folder, **QUIET)
    meta = load_ablation(folder)[0]
    assert meta["played_now"] == 2 * 8 - 8 and meta["finished"]  # 4 deals of 2 were saved
    for a, b in zip(_tables(folder), _tables(direct), strict=True):
        assert a.equals(b)

    with pytest.raises(RunFolderError, match="ablation of Almonds, Beer, Candy: ask for its"):
        run_ablation(plan("Cannons"), folder, **QUIET)
    marker = folder / "ablation.json"
    held = json.loads(marker.read_text())
    marker.write_text(json.dumps({**held, "finished": False}))
    with pytest.raises(RunFolderError, match="unfinished.*finish it first"):
        run_ablation(plan("Almonds,Beer,Candy,Cannons"), folder, **QUIET)
    del held["printed_owners"]
    marker.write_text(json.dumps(held))
    with pytest.raises(RunFolderError, match="before its printed games recorded every card"):
        run_ablation(plan("Almonds,Beer,Candy,Cannons"), folder, **QUIET)
    run_ablation(plan("Almonds,Beer,Candy", 10), folder, **QUIET)  # grown: its old deals still
    assert "printed_owners" not in json.loads(marker.read_text())  # lack the other owners
    with pytest.raises(RunFolderError, match="before its printed games recorded every card"):
        run_ablation(plan("Almonds,Beer,Candy,Cannons", 10), folder, **QUIET)


def test_an_ablation_of_another_version_is_not_read_again(tmp_path: Path) -> None:
    import json

    plan = make_plan(_config(2), ("heuristic",), cards="Almonds", deals=2, seed=6)
    folder = run_ablation(plan, tmp_path / "abl", backend="sequential", progress=False)
    marker = folder / "ablation.json"
    held = json.loads(marker.read_text())
    marker.write_text(json.dumps({**held, "deckhand": "0.0.1"}))
    with pytest.raises(RunFolderError, match="played by deckhand 0.0.1"):
        run_ablation(plan, folder, backend="sequential", progress=False)
