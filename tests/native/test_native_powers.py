"""The native core's powers against the shipped base set: every base card has a native power
(`test_every_base_power_is_native` lists any base card without one: issue 49, "a test lists
the base cards without a native power, and must find none"); the registrations are sound;
each native power is a shipped base card's, reads exactly the numbers its declaration names,
and asks only kinds Python declares.
"""

from __future__ import annotations

import csv

import numpy as np
import pytest

from simulator.folders.config import make_run_config
from simulator.games.import_export.cards import DEFAULT_SHEET
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers import POWERS
from simulator.games.import_export.sheet_checks import PARAMS
from simulator.native import CORE, NOT_BUILT
from simulator.native.ie_table import native_table
from simulator.native.seeds import game_streams
from simulator.runs.match import Match

pytestmark = pytest.mark.skipif(CORE is None, reason=NOT_BUILT)


def _base_game():  # type: ignore[no-untyped-def]
    return Match(make_run_config("import-export", 4, strategies=("random",), games=1)).game


def test_every_base_power_is_native() -> None:
    """The base cards whose power has no native port: none."""
    assert CORE is not None
    missing = CORE.missing_powers(native_table(_base_game()))
    assert missing == [], (
        f"{len(missing)} base card(s) without a native power: {', '.join(sorted(missing))}"
    )


def test_the_registrations_hold() -> None:
    assert CORE is not None
    assert CORE.power_errors() == []


def test_each_native_power_is_a_shipped_cards() -> None:
    """Every native power is a shipped card's (of any set: Flag's are native too)."""
    assert CORE is not None
    with open(DEFAULT_SHEET, newline="", encoding="utf-8") as f:
        shipped = {row["name"] for row in csv.DictReader(f)}
    strays = [name for name in CORE.native_powers() if name not in shipped or name not in POWERS]
    assert strays == []


def test_a_table_of_every_base_power_is_refused_by_name_while_one_is_missing() -> None:
    """A game with a card whose power has no native port is refused, the cards named."""
    assert CORE is not None
    table = native_table(_base_game())
    missing = CORE.missing_powers(table)
    if not missing:
        pytest.skip("every base power is native")
    with pytest.raises(RuntimeError, match="does not play yet: .*" + missing[0]):
        CORE.play_import_export(table, 4, game_streams(0, [0], [0]), np.zeros((1, 4), np.int8))


def test_the_kinds_are_pythons_in_order() -> None:
    assert CORE is not None
    assert CORE.kind_names() == [str(k) for k in KINDS]


def test_each_native_power_reads_the_numbers_its_declaration_names() -> None:
    """Card numbers stay data: a native power reads exactly the sheet numbers its card's one
    declaration (params= on its first @power) names, so a designer's sheet with other numbers
    (checked against the declared ranges when it is read) plays natively with them."""
    assert CORE is not None
    native = CORE.native_params()
    differ = {
        name: (sorted(reads), sorted(PARAMS.get(name, {})))
        for name, reads in native.items()
        if sorted(reads) != sorted(PARAMS.get(name, {}))
    }
    assert differ == {}
