"""Card sheets: strict validation naming file, line and field; designers' edits take effect."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from simulator.catalog import get_game
from simulator.core.errors import CardSheetError
from simulator.games.travel.cards import DEFAULT_SHEET, load_travel_sheet


def _rows() -> list[list[str]]:
    return list(csv.reader(DEFAULT_SHEET.read_text().splitlines()))


def _write(tmp_path: Path, rows: list[list[str]]) -> Path:
    path = tmp_path / "sheet.csv"
    with path.open("w", newline="") as f:
        csv.writer(f).writerows(rows)
    return path


def _edit(tmp_path: Path, line: int, field: str, value: str) -> Path:
    rows = _rows()
    rows[line - 1][rows[0].index(field)] = value
    return _write(tmp_path, rows)


def _line_of(name: str) -> int:
    return next(i + 1 for i, r in enumerate(_rows()) if r[2] == name)


def test_the_default_sheet_has_the_rulebook_counts() -> None:
    sheet = load_travel_sheet()
    counts: dict[str, int] = {}
    for row in sheet.rows:
        counts[row["type"]] = counts.get(row["type"], 0) + 1
    assert counts == {
        "rules": 1, "country": 13, "item": 32, "passport": 12, "event": 4,
        "special": 9, "forbidden": 3, "postcard": 6, "character": 6,
    }  # fmt: skip
    assert all(row["provenance"] for row in sheet.rows)
    deck = [
        r for r in sheet.rows if r["type"] in ("item", "event", "special", "forbidden", "postcard")
    ]
    assert len({(r["suit"], r["rank"]) for r in deck}) == 54  # one standard 54-card deck


@pytest.mark.parametrize(
    "field,value,message",
    [
        ("type", "wizard", "'wizard' is not one of: rules, country"),
        ("id", "x1", "'x1' is not a whole number"),
        ("lat", "north", "'north' is not a number"),
        ("requires", "Camera|Tea", "exactly 3 different item names"),
        ("requires", "Camera|Tea|Unicorn", "'Unicorn' is not the name of an item card"),
        ("params", "hand_limit7", "is not key=value"),
        ("provenance", "", "is empty; a value is required"),
    ],
)
def test_bad_values_name_file_line_and_field(
    tmp_path: Path, field: str, value: str, message: str
) -> None:
    line = _line_of("Italy")
    path = _edit(tmp_path, line, field, value)
    with pytest.raises(CardSheetError) as err:
        load_travel_sheet(path)
    text = str(err.value)
    assert text.startswith(f"{path}, line {line}")
    assert f"field '{field}'" in text
    assert message in text


def test_only_a_country_requires_items(tmp_path: Path) -> None:
    """Found by the long fuzz campaign: a `requires` cell on the rules row was looked up as
    an item name while the game was built (KeyError) instead of refused in one line."""
    line = _line_of("Base rules")
    path = _edit(tmp_path, line, "requires", "0")
    with pytest.raises(CardSheetError) as err:
        load_travel_sheet(path)
    assert str(err.value).startswith(f"{path}, line {line}, field 'requires': only a country")


def test_effect_must_be_implemented_and_params_present(tmp_path: Path) -> None:
    line = _line_of("Local Guide")
    with pytest.raises(CardSheetError, match="'teleport' is not one of: mousetrap"):
        load_travel_sheet(_edit(tmp_path, line, "effect", "teleport"))
    with pytest.raises(
        CardSheetError, match=f"line {line}, field 'params': missing parameter 'look'"
    ):
        load_travel_sheet(_edit(tmp_path, line, "params", ""))


def test_duplicate_ids_and_bad_headers(tmp_path: Path) -> None:
    rows = _rows()
    rows[3][0] = rows[2][0]
    with pytest.raises(
        CardSheetError, match="line 4, field 'id': duplicate value 1 .first used on line 3"
    ):
        load_travel_sheet(_write(tmp_path, rows))
    rows = _rows()
    rows[0][rows[0].index("lat")] = "latitude"
    with pytest.raises(CardSheetError, match="line 1, field 'latitude': unknown column"):
        load_travel_sheet(_write(tmp_path, rows))
    rows = _rows()
    rows[4] = rows[4][:-1]
    with pytest.raises(CardSheetError, match="line 5: has 13 cells, the header has 14"):
        load_travel_sheet(_write(tmp_path, rows))


def test_a_designers_number_changes_the_game(tmp_path: Path) -> None:
    """The base rule numbers live in the sheet: a hand limit of 4 is enforced with no code edit."""
    rows = _rows()
    params = rows[1][rows[0].index("params")]
    rows[1][rows[0].index("params")] = params.replace("hand_limit=7", "hand_limit=4")
    path = _write(tmp_path, rows)
    spec = get_game("travel")
    game = spec.factory(spec.make_config(3, (), card_sheet=path))
    from simulator.core.seeding import GameRandom

    state = game.new_state(GameRandom.for_game(1, 0, 0))
    assert all(rules["hand_limit"] == 4 for rules in state.rules)
    from simulator.core.engine import play_game
    from strategies.random_strategy import RandomStrategy

    for index in range(20):
        play_game(game, [RandomStrategy()] * 3, 1, index, check_invariants=True)


def test_a_sheet_with_only_base_cards_plays(tmp_path: Path) -> None:
    rows = [r for r in _rows() if r[3] == "base" or r[0] == "id"]
    path = _write(tmp_path, rows)
    spec = get_game("travel")
    game = spec.factory(spec.make_config(4, (), card_sheet=path))
    from simulator.core.engine import play_game
    from strategies.travel.heuristic import TravelHeuristic

    outcome, _ = play_game(game, [TravelHeuristic()] * 4, 2, 0, check_invariants=True)
    assert outcome.end_reason in ("central_country", "turn_limit")


@pytest.mark.parametrize("column", ["level", "params"])
def test_an_optional_column_left_out_is_refused_not_played_empty(
    tmp_path: Path, column: str
) -> None:
    """A sheet without `level` would play every card with no level requirement; without
    `params`, with no power numbers (it used to crash in a worker)."""
    from simulator.games.import_export.cards import DEFAULT_SHEET as source
    from simulator.games.import_export.sheet_checks import load_import_export_sheet

    rows = list(csv.reader(source.read_text().splitlines()))
    at = rows[0].index(column)
    path = tmp_path / "sheet.csv"
    with path.open("w", newline="") as f:
        csv.writer(f).writerows([r[:at] + r[at + 1 :] for r in rows])
    with pytest.raises(CardSheetError, match=f"line 1, field '{column}': missing column"):
        load_import_export_sheet(path)
