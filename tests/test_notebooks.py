"""The analysis notebooks run top to bottom on a real run folder."""

from __future__ import annotations

import os
import runpy
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.py"))
# notebooks over several runs are executed where their runs are built
OWN_TESTS = {"expansion_comparison.py": "test_compare.py", "card_sweep.py": "test_sweep.py"}
FLAGGED = Path(__file__).resolve().parents[1] / "notebooks" / "flagged_card.py"
"""An Import/Export notebook that makes its own ablation and sweep: its test is below."""
NOTEBOOKS = [n for n in NOTEBOOKS if n.name not in OWN_TESTS and n != FLAGGED]


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


def test_flagged_card_notebook_walks_to_ablation_and_sweep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from simulator.folders.config import make_run_config
    from simulator.runs.runner import run_simulation

    run = tmp_path / "ie"
    config = make_run_config("import-export", 2, ("base",), ("heuristic",), games=120, seed=3)
    run_simulation(config, run, jobs=1, progress=False)
    monkeypatch.setitem(os.environ, "DECKHAND_RUN", str(run))
    monkeypatch.setitem(os.environ, "DECKHAND_OUT", str(tmp_path / "flagged"))
    monkeypatch.setitem(os.environ, "DECKHAND_DEALS", "30")
    runpy.run_path(str(FLAGGED), run_name="__main__")
    printed = capsys.readouterr().out
    assert "flagged card (" in printed and "does the power do anything?" in printed
    assert "against the typical power of its kind:" in printed
    assert (tmp_path / "flagged" / "ablation" / "ablation.parquet").exists()
    assert "balanced at" in printed or "no numbers to sweep" in printed
