"""Fixtures for the Import/Export base-rules tests; the helpers live in ie_helpers.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ie_helpers import Table, next_sheet_path, write_sheet


@pytest.fixture
def ie_table(tmp_path: Path):
    """Factory: `ie_table(players=3, cards={name: spec}, seed=0, filler=True, pairs=())
    -> Table` (`pairs`: two-contract Flag cards, see ie_helpers.write_sheet)."""

    def make(**kwargs: Any) -> Table:
        return Table(tmp_path, **kwargs)

    return make


@pytest.fixture
def ie_sheet(tmp_path: Path):
    """Factory: `ie_sheet(cards={name: spec}, filler=True, pairs=()) -> Path` of a written
    sheet (`pairs`: two-contract Flag cards, see ie_helpers.write_sheet)."""

    def make(cards: dict[str, str] | None = None, filler: bool = True, pairs: Any = ()) -> Path:
        return write_sheet(next_sheet_path(tmp_path), cards or {}, filler, pairs)

    return make
