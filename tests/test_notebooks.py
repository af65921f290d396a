"""The analysis notebooks run top to bottom on a real run folder."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.py"))
# notebooks over several runs are executed where their runs are built
OWN_TESTS = {"expansion_comparison.py": "test_compare.py", "card_sweep.py": "test_sweep.py"}
NOTEBOOKS = [n for n in NOTEBOOKS if n.name not in OWN_TESTS]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_on_a_run_folder(
    notebook: Path,
    small_run: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(os.environ, "DECKHAND_RUN", str(small_run))
    runpy.run_path(str(notebook), run_name="__main__")
    printed = capsys.readouterr().out
    assert "60 games, 240 player-games" in printed
    assert "turn_order" in printed and "iwd" in printed
    assert (small_run / "notebook_iwd.png").stat().st_size > 1000
