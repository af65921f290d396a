"""The catalog commands as a library, called directly: simulator/folders/choices.py (what
`deckhand games`, `rules`, `strategies` and `cards list` print) and
simulator/folders/sheet_check.py (`deckhand cards validate`)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from simulator.core.errors import CardSheetError
from simulator.folders.choices import (
    cards_text,
    cell,
    games_lines,
    preset_figures,
    rules_lines,
    strategies_lines,
)
from simulator.folders.sheet_check import SheetCheck, check_sheet
from simulator.games.import_export.cards import DEFAULT_SHEET as IE_SHEET
from simulator.games.travel.cards import DEFAULT_SHEET


def test_every_game_is_listed_with_its_modules() -> None:
    lines = games_lines()
    games = [line for line in lines if not line.startswith("  ")]
    assert [line.split(":")[0] for line in games] == ["travel", "import-export"]
    assert lines[0] == "travel: Travel card game (countries, items, passports) (2-10 players)"
    assert (
        "  characters: 6 characters, one per player, each bending one rule (at most 6 players)"
        in (lines)
    )
    assert any(line.startswith("  market [--variant]: ") for line in lines)
    powers = [line for line in lines if line.startswith("  --powers FILE: ")]
    assert len(powers) == 1 and lines.index(powers[0]) > lines.index(games[1])


def test_rule_numbers_come_in_pairs_of_lines() -> None:
    assert rules_lines("travel") == [
        "travel keeps its rule numbers in the card sheet (see `deckhand cards list`)."
    ]
    lines = rules_lines("import-export")
    assert len(lines) % 2 == 0 and lines[0].startswith("start_credits=10  (at least 0")
    assert all("=" in line.split("  (")[0] for line in lines[::2])
    assert all(line.startswith("    ") and "; source: " in line for line in lines[1::2])


def test_strategies_then_presets() -> None:
    lines = strategies_lines("travel")
    assert lines[0] == (
        "heuristic: Greedy collector with trading and some aggression. [aggression=0.3 (0 to 1), "
        "race_aggression=0.3 (0 to 1), blind_trade=0.9 (0 to 1), deny=0 (0 or 1)]"
    )
    assert (
        "random: Picks uniformly among the legal options of every decision, for any game. "
        "[no parameters]"
    ) in lines
    presets = [line for line in lines if "@" in line.split(":")[0]]
    assert presets and lines[-len(presets) :] == presets  # the presets come last
    assert presets[0].startswith("heuristic@tuned-all-4p: preset (deckhand tune); head-to-head ")


def test_a_presets_figures() -> None:
    confirmed = {"score": 0.641, "lo": 0.628, "hi": 0.655, "games": 4000, "opponent": "heuristic"}
    assert preset_figures({"confirmation": {**confirmed, "players": 2}}) == (
        "; head-to-head 64.1% [62.8, 65.5] over 4,000 games against heuristic"
    )
    assert preset_figures({"confirmation": {**confirmed, "players": 4}}).endswith(
        " against heuristic (4 players, one seat each; parity 25%)"
    )
    check = {"players": 4, "opponent": "classic@x (tuned)", "score": 0.371, "lo": 0.357}
    check |= {"hi": 0.385, "parity": 0.25, "deckhand": "0.2.3"}
    assert preset_figures({"four_players": [check]}) == (
        "; 4 players, one seat against three classic@x, deckhand 0.2.3: 37.1% [35.7, 38.5] "
        "(parity 25%)"
    )
    assert preset_figures({}) == ""


def test_the_cards_as_a_table() -> None:
    lines = cards_text("travel", card_type="country").splitlines()
    assert len(lines) == 1 + 13 + 1  # header, 13 countries, the count
    assert lines[0].split()[:2] == ["id", "type"] and "provenance" not in lines[0]
    assert lines[-1] == "13 cards; provenance per attribute: --format csv or json"
    assert any("Italy" in line for line in lines)
    second = lines[0].index("type")  # every row's second cell starts under its header
    assert all(line[second - 2 : second + 7] == "  country" for line in lines[1:-1])


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_the_cards_in_full(fmt: str) -> None:
    text = cards_text("import-export", card_set="flag", fmt=fmt)
    assert text.endswith("\n")
    rows = json.loads(text) if fmt == "json" else list(csv.DictReader(text.splitlines()))
    assert len(rows) == 20 and {r["set"] for r in rows} == {"flag"}
    assert all(r["provenance"] for r in rows)


def test_a_cell_is_cut_with_an_ellipsis() -> None:
    assert cell("abcdef", 6) == "abcdef"
    assert cell("abcdefg", 6) == "abc..."
    assert cell(12, 40) == "12"


def test_a_sheet_is_checked_as_its_headers_game() -> None:
    checked = check_sheet(str(DEFAULT_SHEET))
    assert (checked.game, checked.guessed, checked.rows, checked.powers) == (
        "travel",
        True,
        86,
        None,
    )
    assert checked.line() == (
        f"{DEFAULT_SHEET}: valid travel card sheet (its header's game), 86 rows, "
        f"sha256 {checked.sha256[:12]}"
    )
    named = check_sheet(str(IE_SHEET), "import-export")
    assert not named.guessed and named.rows == 180
    assert named.line().startswith(f"{IE_SHEET}: valid import-export card sheet, 180 rows")


def test_a_line_names_the_powers_file() -> None:
    check = SheetCheck("s.csv", "import-export", False, 3, "0123456789abcdef", "p.py", ())
    assert check.line() == (
        "s.csv: valid import-export card sheet, with the powers of p.py, 3 rows, "
        "sha256 0123456789ab"
    )


def test_a_guessed_game_is_said_to_be_a_guess(tmp_path: Path) -> None:
    rows = list(csv.reader(IE_SHEET.read_text().splitlines()))
    drop = rows[0].index("level")
    bad = tmp_path / "no_level.csv"
    with bad.open("w", newline="") as f:
        csv.writer(f).writerows([r[:drop] + r[drop + 1 :] for r in rows])
    with pytest.raises(CardSheetError, match="read as a sheet of import-export") as found:
        check_sheet(str(bad))
    assert found.value.line == 1 and found.value.field == "level"
    with pytest.raises(CardSheetError, match="field 'card': unknown column"):
        check_sheet(str(bad), "travel")
    nobody = tmp_path / "nobody.csv"
    nobody.write_text("x,y\n1,2\n")
    with pytest.raises(CardSheetError, match="the header names no column of a card sheet"):
        check_sheet(str(nobody))
