"""The three powers that prove the framework's timings (immediate, ongoing, end of game).

Numbers come from the card sheet: a designer's edit changes the game with no code edit.
"""

from __future__ import annotations

import csv
from pathlib import Path

from simulator.catalog import get_game
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import DEFAULT_SHEET


def _game(sheet: Path | None = None):  # noqa: ANN202 - test helper
    spec = get_game("import-export")
    game = spec.factory(spec.make_config(3, ("base",), card_sheet=sheet))
    state = game.new_state(GameRandom.for_game(1, 0, 0))
    return game, state


def _contract(game, name: str):  # noqa: ANN001, ANN202
    return next(c for cs in game.cards.contracts for c in cs if c.name == name)


def _run(flow) -> None:  # noqa: ANN001
    for decision in flow:
        raise AssertionError(f"no decision expected, got {decision}")


def test_almonds_pays_low_or_high_by_the_threshold() -> None:
    game, s = _game()
    almonds = _contract(game, "Almonds")
    s.credits[0] = 18
    _run(game.powers.fulfilled(game, s, 0, almonds.id))
    assert s.credits[0] == 18 + 8
    s.credits[1] = 19
    _run(game.powers.fulfilled(game, s, 1, almonds.id))
    assert s.credits[1] == 19 + 4


def test_a_designers_almonds_pays_what_the_sheet_says(tmp_path: Path) -> None:
    rows = list(csv.reader(DEFAULT_SHEET.read_text().splitlines()))
    params = rows[0].index("params")
    for row in rows[1:]:
        if row[2] == "Almonds":
            row[params] = "threshold=18;low_pay=6;high_pay=4"
    sheet = tmp_path / "cards.csv"
    with sheet.open("w", newline="") as f:
        csv.writer(f).writerows(rows)
    game, s = _game(sheet)
    s.credits[0] = 10
    _run(game.powers.fulfilled(game, s, 0, _contract(game, "Almonds").id))
    assert s.credits[0] == 16


def test_onions_pays_for_each_agriculture_contract_including_itself() -> None:
    game, s = _game()
    onions = _contract(game, "Onions")
    yellow = next(
        c for cs in game.cards.contracts for c in cs if c.color == 1 and c.name != "Onions"
    )
    green = next(c for cs in game.cards.contracts for c in cs if c.color == 0)
    s.fulfilled[0].append(onions.id)
    _run(game.powers.fulfilled(game, s, 0, onions.id))
    start = s.credits[0]
    _run(game.emit(s, "contract_fulfilled", 0, [onions.id]))
    assert s.credits[0] == start + onions.params["payment"]
    _run(game.emit(s, "contract_fulfilled", 0, [yellow.id, green.id]))
    assert s.credits[0] == start + 2 * onions.params["payment"]
    _run(game.emit(s, "contract_fulfilled", 1, [yellow.id]))  # another player's contract
    assert s.credits[0] == start + 2 * onions.params["payment"]


def test_gold_stuff_scores_each_fulfilled_luxury_contract() -> None:
    from simulator.games.import_export.powers import POWERS

    game, s = _game()
    gold = _contract(game, "Gold Stuff")
    scoring = {name for name, entry in POWERS.items() if entry.end}
    plain = [c for cs in game.cards.contracts for c in cs if c.name not in scoring]
    luxury = [c for c in plain if c.color == 3]
    other = next(c for c in plain if c.color != 3)
    s.fulfilled[0] = [other.id, luxury[0].id, luxury[1].id]
    game.score(s)
    without = s.final_credits[0]
    s.fulfilled[0] = [gold.id, luxury[0].id, luxury[1].id]  # Gold Stuff is luxury itself
    game.score(s)
    assert s.final_credits[0] - without == 3 * gold.params["pay_per_contract"]


def test_only_cards_in_play_are_consulted_by_events() -> None:
    game, s = _game()
    assert s.hooks == {}
    onions = _contract(game, "Onions")
    _run(game.powers.fulfilled(game, s, 2, onions.id))
    assert s.hooks == {"contract_fulfilled": [(2, onions.id)]}
