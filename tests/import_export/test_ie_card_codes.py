"""The colour and action numbers of cards.py are the positions of their names.

They are written out one by one (`Final`, so the compiled build inlines them) where they
used to be unpacked from range(6); the sheet's reader turns a name into its position
(parse_pips, the action column), so a number out of step would misread every card.
"""

from __future__ import annotations

from simulator.games.import_export import cards
from simulator.games.import_export.cards import ACTIONS, COLORS, parse_pips


def test_each_colour_number_is_the_position_of_its_name() -> None:
    assert [getattr(cards, name.upper()) for name in COLORS] == list(range(len(COLORS)))
    assert cards.ANY == len(COLORS)  # "any" follows the colours in a cargo or level
    assert cards.PAIRED not in range(len(COLORS) + 1)
    assert parse_pips("grey:1+any:2") == {cards.GREY: 1, cards.ANY: 2}


def test_each_action_number_is_the_position_of_its_name() -> None:
    assert [getattr(cards, name.upper()) for name in ACTIONS] == list(range(len(ACTIONS)))
