"""The travel game's expansions are named in two places: the card sheet's module column
(cards.EXPANSIONS, which the rules and the tests read) and the game's spec (spec.TRAVEL,
which declares each with its description and player limit). spec.py imports cards.py, so
cards.py cannot read the spec: this test keeps the two the same."""

from __future__ import annotations

from simulator.games.travel.cards import EXPANSIONS, MODULES
from simulator.games.travel.spec import TRAVEL


def test_the_spec_declares_the_card_sheets_expansions_in_the_same_order() -> None:
    assert TRAVEL.names_of_kind("module") == EXPANSIONS
    assert MODULES == ("base", *TRAVEL.module_names)


def test_all_switches_on_every_expansion() -> None:
    config = TRAVEL.make_config(4, ("all",))
    assert tuple(config.modules) == EXPANSIONS
