"""Every number a user gives has a declared range, checked before the first game (issue 28,
item 2), and a file with no readable header is said to be one, not read as some game's sheet
(item 4). Each case here is one of the issue's table, or its neighbour."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from simulator.catalog import get_game
from simulator.core.errors import CardSheetError, ConfigError
from simulator.core.rule_numbers import check_declared, describe
from simulator.experiments.tuning import parse_space
from simulator.games.travel.cards import DEFAULT_SHEET, load_travel_sheet
from strategies.registry import BY_GAME, GENERIC, preset_names, resolve
from strategies.tuning import SPACES

IE = get_game("import-export")


def _rule(key: str, value: str) -> None:
    IE.make_config(4, rules=[(key, value)])


# ---------------------------------------------------------------------- rule numbers


def test_the_shipped_rule_numbers_lie_inside_their_own_ranges() -> None:
    check_declared(IE.rule_numbers)


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("majority", "6,6", "2 values, expected 4"),
        ("majority", "6,6,6,8,9", "5 values, expected 4"),
        ("tea_drinkers", "1,1", "1 is given twice"),
        ("tokyo_column_costs", "", "expected comma-separated whole numbers"),
    ],
)
def test_a_list_rule_of_the_wrong_shape_is_refused(key: str, value: str, said: str) -> None:
    with pytest.raises(ConfigError, match=f"--rule {key}={value}: {said}"):
        _rule(key, value)


def test_the_tokyo_port_may_have_fewer_or_more_columns() -> None:
    for costs in ("2,4", "5", "1,2,3,4,5"):
        _rule("tokyo_column_costs", costs)  # IE-TOKYO-2: the last column takes the rest


@pytest.mark.parametrize(
    ("key", "value", "allowed"),
    [
        ("sell_price", "1000", "sell_price at most 39"),
        ("start_credits", "50", "start_credits at most 43"),
        ("end_credits", "12", "end_credits at least 17"),
        ("owner_compensation", "40", "owner_compensation at most 39"),
    ],
)
def test_a_number_that_would_end_the_game_at_once_is_refused(
    key: str, value: str, allowed: str
) -> None:
    """A sale, a compensation or the grey bonus from the start credits reaching the credits
    that end the game: the first such move would end it (the issue's median game of 1 turn)."""
    with pytest.raises(ConfigError, match=f"--rule {key}={value}: out of range with .*{allowed}"):
        _rule(key, value)


def test_a_relation_error_names_the_override_that_broke_it() -> None:
    with pytest.raises(ConfigError) as caught:
        IE.make_config(4, rules=[("sell_price", "8"), ("end_credits", "15")])
    assert str(caught.value).startswith("--rule end_credits=15: out of range with")
    IE.make_config(4, rules=[("sell_price", "8"), ("end_credits", "19")])


def test_rules_lists_each_relation_beside_its_numbers() -> None:
    sell = next(r for r in describe(IE.rule_numbers) if r.name == "sell_price")
    assert sell.allowed == "at least 0; and start_credits + sell_price below end_credits"


def test_a_tea_drinker_absent_from_the_table_is_refused() -> None:
    config = IE.make_config(2, rules=[("tea_drinkers", "3")])
    with pytest.raises(
        ConfigError, match="seat 3 is not at a 2-player table; allowed: seats 0 to 1"
    ):
        IE.factory(config)


# ---------------------------------------------------------------------- strategy parameters


@pytest.mark.parametrize(
    ("game", "text", "said"),
    [
        ("travel", "heuristic:aggression=5", "aggression=5 is outside its scale; accepted: 0 to 1"),
        ("travel", "heuristic:aggression=-1", "aggression=-1 is outside its scale"),
        ("travel", "heuristic:deny=0.5", "deny=0.5 is not a whole number; accepted: 0 or 1"),
        ("import-export", "heuristic:bid_share=1.5", "bid_share=1.5 is outside its scale"),
        ("import-export", "pirate:deny=-0.5", "deny=-0.5 is outside its scale; accepted: 0 to 3"),
    ],
)
def test_a_bot_parameter_outside_its_scale_is_refused(game: str, text: str, said: str) -> None:
    with pytest.raises(ConfigError, match=f"--strategy {text}: .*{said}"):
        resolve(game, text)


def test_every_strategy_parameter_declares_its_scale_and_its_default_lies_inside() -> None:
    """Every number: a word-valued parameter (mcts's rollout and value) has no scale; the
    bot refuses a word it does not know when it is built (tests/test_mcts.py)."""
    for table in (GENERIC, *BY_GAME.values()):
        for cls in table.values():
            numbers = {k for k, v in cls.params.items() if isinstance(v, int | float)}
            assert set(cls.scales) == numbers, cls.__name__  # a word is checked by its bot
            for key in numbers:
                default = cls.params[key]
                assert cls.scales[key].fault(default) is None, (cls.__name__, key, default)


@pytest.mark.parametrize("game", ["import-export", "travel"])
def test_the_shipped_presets_and_tuning_spaces_lie_inside_the_scales(game: str) -> None:
    for text in preset_names(game):
        resolve(game, text.split()[0])  # a preset out of its scale would be refused here
    for (space_game, strategy), ranges in SPACES.items():
        table = {**GENERIC, **BY_GAME.get(space_game, {})}
        for key, (low, high) in ranges.items():
            scale = table[strategy].scales[key]
            assert scale.low <= low and high <= scale.high, (strategy, key)


def test_a_tuning_space_outside_the_scale_is_refused() -> None:
    defaults = dict(resolve("travel", "heuristic").cls.params)
    with pytest.raises(ConfigError, match="--space: 'aggression=0:2' reaches outside"):
        parse_space("travel", "heuristic", defaults, ["aggression=0:2"])


def test_a_preset_value_outside_its_scale_names_the_preset(tmp_path: Path) -> None:
    preset = tmp_path / "wild.json"
    preset.write_text(json.dumps({"strategy": "heuristic", "params": {"aggression": 4}}))
    with pytest.raises(ConfigError, match=f"aggression=4 \\(from the preset {preset}\\)"):
        resolve("travel", f"heuristic@{preset}")


# ---------------------------------------------------------------------- travel sheet numbers


def _sheet_with(tmp_path: Path, name: str, params: str) -> Path:
    rows = list(csv.reader(DEFAULT_SHEET.read_text().splitlines()))
    column = rows[0].index("params")
    for row in rows[1:]:
        if row[2] == name:
            row[column] = params
    path = tmp_path / "sheet.csv"
    with path.open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return path


BASE_RULES = (
    "hand_limit=7;empty_hand_draw=3;recycle_cost=2;steal_cost=1;trade_bonus=1;travel_draw=1;"
    "start_hand=3;postcards_to_win=4;offers_per_turn=2;needs_passport=1"
)


def _base(change: str) -> str:
    """The base rules row's params with one number changed."""
    key = change.split("=")[0]
    return ";".join(change if p.split("=")[0] == key else p for p in BASE_RULES.split(";"))


@pytest.mark.parametrize(
    ("name", "params", "said"),
    [
        ("Base rules", _base("hand_limit=-7"), "hand_limit=-7 is below 3"),
        ("Base rules", BASE_RULES + ";bogus=3", "unknown parameter 'bogus'"),
        ("Base rules", _base("hand_limit=2"), "hand_limit=2 is below 3"),
        ("Base rules", _base("steal_cost=9"), "steal_cost=9 is above hand_limit=7"),
        ("Base rules", _base("needs_passport=2"), "needs_passport=2 is above 1"),
        ("Base rules", _base("postcards_to_win=40"), "postcards_to_win=40 is above the"),
        ("Mom's Credit Card", "covers=0", "covers=0 is below 1"),
        ("Mom's Credit Card", "covers=4", "covers=4 is above 3"),
        ("Local Guide", "look=3;lok=2", "unknown parameter 'lok' \\(did you mean 'look'"),
        ("Backpacker", "hand_limit=2", "hand_limit=2 is below"),
        ("Italy", "x=1", "unknown parameter 'x' \\(its card reads no parameter"),
    ],
)  # fmt: skip
def test_a_travel_sheet_number_outside_its_range_is_refused(
    tmp_path: Path, name: str, params: str, said: str
) -> None:
    path = _sheet_with(tmp_path, name, params)
    with pytest.raises(CardSheetError, match=f"field 'params': .*{said}"):
        load_travel_sheet(path)


def test_cards_validate_refuses_a_degenerate_hand_limit(tmp_path: Path) -> None:
    """The issue's case: hand_limit=-7 was said to be valid, and every game ran to the turn
    limit."""
    path = _sheet_with(tmp_path, "Base rules", _base("hand_limit=-7"))
    result = CliRunner().invoke(main, ["cards", "validate", str(path)])
    assert result.exit_code == 2 and "hand_limit=-7 is below 3" in result.output


# ---------------------------------------------------------------------- files with no header


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"", "the file is empty: no header row"),
        (b"\n\n", "no header row: all 2 lines are blank"),
        (b"\nid,type\n", "line 1: no header row: line 1 is blank"),
        (b"\xff\xfei\x00d\x00", "line 1: not UTF-8 text: it starts with a UTF-16 byte-order mark"),
        (b"id,name\nx,Caf\xe9\n", "line 2: not UTF-8 text: byte 0xe9 at offset 13"),
        (b"colour,size\nred,3\n", "the header names no column of a card sheet"),
    ],
)
def test_validate_says_a_file_has_no_readable_header_instead_of_guessing_a_game(
    tmp_path: Path, content: bytes, said: str
) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes(content)
    result = CliRunner().invoke(main, ["cards", "validate", str(path)])
    assert result.exit_code == 2, result.output
    assert said in result.output and str(path) in result.output
    assert "travel" not in result.output.replace("import-export or travel", ""), result.output
