"""The Import/Export card sheet against its own powers (simulator/games/import_export/
sheet_checks.py): the shipped sheet passes; a copy with one field changed is refused, naming
the file, the line, the card and the field, by `deckhand cards validate` and by a game."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from simulator.catalog import get_game
from simulator.core.cards import parse_params
from simulator.core.errors import CardSheetError
from simulator.games.import_export import powers
from simulator.games.import_export.cards import DEFAULT_SHEET
from simulator.games.import_export.sheet_checks import (
    CHECKS,
    PARAMS,
    SheetCards,
    SheetCheckError,
    SheetProblem,
    check_sheet,
    load_import_export_sheet,
    restated_expectations,
)

POWER_SOURCES = Path(powers.__file__).parent


def _rows() -> list[list[str]]:
    with DEFAULT_SHEET.open(newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def _line_of(name: str) -> int:
    """The CSV line of a card (the header is line 1)."""
    return next(i + 1 for i, row in enumerate(_rows()) if row[2] == name)


def _with_param(text: str, key: str, value: str | None) -> str:
    """`a=1;b=2` with `key` set to `value` (None removes it)."""
    pairs = [p.split("=", 1) for p in text.split(";") if p]
    pairs = [[k, v] for k, v in pairs if k != key]
    if value is not None:
        pairs.append([key, value])
    return ";".join(f"{k}={v}" for k, v in pairs)


def _sheet(tmp_path: Path, *edits: tuple[str, str, str | None]) -> Path:
    """The shipped sheet with edits (card, field, value); a field `params:KEY` sets (or with
    None removes) one parameter."""
    rows = _rows()
    header = rows[0]
    for name, field, value in edits:
        row = rows[_line_of(name) - 1]
        if field.startswith("params:"):
            column = header.index("params")
            row[column] = _with_param(row[column], field.split(":", 1)[1], value)
        else:
            assert value is not None
            row[header.index(field)] = value
    path = tmp_path / "edited_cards.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    return path


def _problems(path: Path) -> list[SheetProblem]:
    with pytest.raises(SheetCheckError) as caught:
        load_import_export_sheet(path)
    return list(caught.value.problems)


# ---------------------------------------------------------------- the shipped sheet


def test_the_shipped_sheet_passes_every_check() -> None:
    sheet = load_import_export_sheet()  # loading runs the checks: it would raise
    assert check_sheet(sheet) == []


def test_the_shipped_fixes_are_the_least_change() -> None:
    """Flour takes its 4 containers, Partnership fits its Super Ship (IE-SHEET-1)."""
    sc = SheetCards.of(load_import_export_sheet())
    flour, partnership = sc.contract("Flour"), sc.contract("Partnership")
    assert flour is not None and partnership is not None
    assert flour.cargo_total == flour.params["containers"] == 4
    room = partnership.params["super_ship_capacity"] - partnership.params["max_combined_cargo"]
    assert partnership.cargo_total == room == 2
    assert "sheet check flour_cargo" in sc.rows["Flour"]["provenance"]
    assert "sheet check partnership_cargo" in sc.rows["Partnership"]["provenance"]


# ---------------------------------------------------------------- one field changed, one check

BAD = [
    # (check, card, edited field, new value, the field the problem names, its value)
    ("flour_cargo", "Flour", "cargo", "yellow:3", "cargo", "yellow:3"),
    ("flour_cargo", "Flour", "params:containers", "7", "params", "containers=7"),
    ("partnership_cargo", "Partnership", "cargo", "blue:2+red:1", "cargo", "blue:2+red:1"),
    (
        "partnership_cargo",
        "Partnership",
        "params:max_combined_cargo",
        "6",
        "params",
        "max_combined_cargo=6",
    ),
    ("own_level_requirement", "Lutefisk", "level", "", "level", ""),
    ("own_level_requirement", "Tortillas", "set", "flag", "set", "flag"),
    ("own_color", "Onions", "color", "green", "color", "green"),
    ("own_color", "Hentai Manga", "color", "black", "color", "black"),
    ("tablets_capacity", "Tablets", "params:capacity", "9", "params", "capacity=9"),
    ("wind_turbines_level", "Wind Turbines", "params:max_level", "-1", "params", "max_level=-1"),
    ("squid_jerky_column", "Squid Jerky", "params:column_cost", "5", "params", "column_cost=5"),
    ("scotch_pair", "Scotch", "params:counts_as", "2", "params", "counts_as=2"),
    ("reachable_counts", "Mother Load", "params:illegal_goods", "99", "params", "illegal_goods=99"),
    ("reachable_counts", "Artifacts", "params:goods_per_type", "60", "params", "goods_per_type=60"),
    ("param_ranges", "Apple Watch", "params:luxury_per_set", "0", "params", "luxury_per_set=0"),
    ("param_ranges", "Flour", "params:containers", None, "params", ""),
    ("param_ranges", "Cups", "params:cards", "2.5", "params", "cards=2.5"),
    ("param_ranges", "Almonds", "params:high_pay", "-4", "params", "high_pay=-4"),
    ("param_ranges", "Prefab Home", "params:cargo_fraction", "1.5", "params", "cargo_fraction=1.5"),
    (
        "param_ranges",
        "Robo-Cats",
        "params:containers_per_tech",
        "1",
        "params",
        "containers_per_tech=1",
    ),
    ("param_ranges", "Graphics Cards", "params:good_types", "6", "params", "good_types=6"),
    ("param_ranges", "Books", "params:min_followers", "6", "params", "min_followers=6"),
    ("param_ranges", "Beer", "params:power_off", "2", "params", "power_off=2"),
    ("unknown_params", "Almonds", "params:bogus", "3", "params", "bogus=3"),
    ("unknown_params", "Beer", "params:paymnet", "5", "params", "paymnet=5"),
    ("restated_numbers", "Legos", "params:max_payout", "20", "params", "max_payout=20"),
    ("restated_numbers", "Pants", "params:base_payment", "3", "params", "base_payment=3"),
    (
        "restated_numbers",
        "Sauna",
        "params:doubled_illegal_penalty",
        "10",
        "params",
        "doubled_illegal_penalty=10",
    ),
]


@pytest.mark.parametrize(
    "check, card, edited, value, field, shown",
    BAD,
    ids=[f"{b[0]}-{b[1]}-{b[2]}={b[3]}" for b in BAD],
)
def test_a_row_contradicting_its_power_is_refused(
    tmp_path: Path, check: str, card: str, edited: str, value: str | None, field: str, shown: str
) -> None:
    path = _sheet(tmp_path, (card, edited, value))
    found = [p for p in _problems(path) if p.check == check]
    assert len(found) == 1, found
    (problem,) = found
    assert problem.path == str(path)
    assert problem.line == _line_of(card)
    assert (problem.card, problem.field, problem.value) == (card, field, shown)
    assert problem.why and problem.consistent
    text = str(problem)
    assert text.startswith(f"{path}, line {_line_of(card)}, field '{field}': {card}: {field} ")
    assert f"(sheet check {check})" in text


def test_every_check_is_exercised_and_documented() -> None:
    names = {check.__name__ for check in CHECKS}
    assert names == {b[0] for b in BAD}
    assert all((check.__doc__ or "").strip() for check in CHECKS)
    doc = (Path(__file__).parents[2] / "docs" / "import_export_card_sheet.md").read_text()
    assert all(f"`{name}`" in doc for name in names)


def test_the_consistent_value_fixes_the_problem(tmp_path: Path) -> None:
    """What a problem calls consistent passes (Flour's and Partnership's suggested cargo)."""
    bad = _sheet(tmp_path, ("Flour", "cargo", "yellow:1"), ("Partnership", "cargo", "any:3"))
    suggested = {p.card: p.consistent.rsplit("e.g. ", 1)[1] for p in _problems(bad)}
    assert suggested == {"Flour": "yellow:4", "Partnership": "any:2"}
    good = _sheet(tmp_path, *((card, "cargo", cargo) for card, cargo in suggested.items()))
    assert check_sheet(load_import_export_sheet(good)) == []


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    path = _sheet(
        tmp_path,
        ("Flour", "cargo", "yellow:2"),
        ("Onions", "color", "green"),
        ("Cups", "params:cards", "0"),
    )
    problems = _problems(path)
    assert [(p.card, p.check) for p in problems] == [
        ("Cups", "param_ranges"),
        ("Flour", "flour_cargo"),
        ("Onions", "own_color"),
    ]  # by line
    with pytest.raises(CardSheetError) as caught:
        load_import_export_sheet(path)
    assert caught.value.line == _line_of("Cups") and caught.value.field == "params"
    assert str(caught.value).count("\n") == 3  # a header and one line per problem


# ---------------------------------------------------------------- validate and play alike


def test_cards_validate_names_file_line_card_and_field(tmp_path: Path) -> None:
    bad = _sheet(tmp_path, ("Flour", "cargo", "yellow:2"), ("Tablets", "params:capacity", "8"))
    result = CliRunner().invoke(main, ["cards", "validate", str(bad), "--game", "import-export"])
    assert result.exit_code != 0
    assert (
        f"{bad}, line {_line_of('Flour')}, field 'cargo': Flour: cargo 'yellow:2'" in result.output
    )
    assert "(sheet check flour_cargo)" in result.output
    line = _line_of("Tablets")
    assert f"{bad}, line {line}, field 'params': Tablets: params 'capacity=8'" in result.output
    assert "Traceback" not in result.output


def test_cards_validate_accepts_the_shipped_sheet() -> None:
    args = ["cards", "validate", str(DEFAULT_SHEET), "--game", "import-export"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "valid import-export card sheet, 180 rows" in result.output


def test_a_game_refuses_the_sheet_validate_refuses(tmp_path: Path) -> None:
    """`simulate` builds its games with the spec's factory, which loads the sheet the same way."""
    bad = _sheet(tmp_path, ("Partnership", "cargo", "blue:2+red:2"))
    spec = get_game("import-export")
    config = spec.make_config(4, ("base", "capital"), card_sheet=bad)
    with pytest.raises(SheetCheckError, match=r"Partnership: .*partnership_cargo"):
        spec.factory(config)
    good = spec.make_config(4, ("base", "capital"), card_sheet=DEFAULT_SHEET)
    assert spec.factory(good).sheet.path == DEFAULT_SHEET


# ---------------------------------------------------------------- the tables cover the sheet


def test_every_parameter_of_the_shipped_sheet_is_checked() -> None:
    """Each number in `params` is in PARAMS (a number the power reads) or restated (one it
    does not read); and neither table names a card or parameter the sheet lacks."""
    sc = SheetCards.of(load_import_export_sheet())
    restated = set(restated_expectations(sc))
    shipped = {(row["name"], key) for row in sc.sheet.rows for key in row["params"]}
    read = {(name, key) for name, needs in PARAMS.items() for key in needs}
    assert shipped - read - restated == set()
    assert (read | restated) - shipped == set()
    assert read & restated == set()


def test_restated_numbers_are_not_read_by_the_engine() -> None:
    """A parameter named only by restated_numbers is read nowhere (else it belongs to
    PARAMS); names shared with other cards' read parameters are left out."""
    sc = SheetCards.of(load_import_export_sheet())
    read_keys = {key for needs in PARAMS.values() for key in needs}
    source = "\n".join(
        p.read_text()
        for p in sorted(POWER_SOURCES.parent.rglob("*.py"))
        if "sheet_checks" not in p.name
    )
    for _, key in restated_expectations(sc):
        if key in read_keys:
            continue
        assert not re.search(rf"""\[\s*["']{key}["']\s*\]""", source), key


def test_params_in_the_table_are_read_by_a_power() -> None:
    """Every PARAMS key appears as a parameter read in the power code (no stale entries)."""
    source = "\n".join(p.read_text() for p in sorted(POWER_SOURCES.glob("*.py")))
    for needs in PARAMS.values():
        for key in needs:
            quoted = rf"""["']{key}["']"""
            assert re.search(quoted, source), key


def test_parse_params_round_trip_of_the_edit_helper() -> None:
    assert parse_params(_with_param("a=1;b=2", "b", "3")) == {"a": 1, "b": 3}
    assert parse_params(_with_param("a=1;b=2", "a", None)) == {"b": 2}
