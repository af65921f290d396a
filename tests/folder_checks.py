"""What the run-folder tests assert of a command's output and of a folder's tables: one
error line without a traceback, and the same games, players and card events as a reference
folder (shared by test_run_folder_safety.py and test_damaged_folders.py)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from polars.testing import assert_frame_equal

from simulator.folders.run_folder import read_card_events, read_games, read_players


def one_line_error(code: int, output: str) -> str:
    """The command failed with exactly one line, `Error: ...`, and no traceback: that line."""
    assert code != 0, output
    assert "Traceback" not in output, output
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), output
    return lines[0]


def run_tables(folder: Path) -> list[pl.DataFrame]:
    """A run folder's games, players and card events."""
    return [read_games(folder), read_players(folder), read_card_events(folder)]


def same_run_tables(a: Path, b: Path) -> None:
    """Run folders A and B hold the same games, players and card events, bit for bit."""
    for x, y in zip(run_tables(a), run_tables(b), strict=True):
        assert_frame_equal(x, y)
