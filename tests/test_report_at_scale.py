"""What a report of a million games no longer does the slow way, checked against the slow way:
each seat's best rival score from a window over the game instead of a join of every seat with
every other; the telling games found once per state of the folder; the length histograms
from numpy arrays, drawn as from lists."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from reports import plots
from simulator.analysis.evidence import _with_best_other
from simulator.folders.config import make_run_config
from simulator.runs import replay
from simulator.runs.runner import run_simulation

games_of_scores = st.lists(
    st.lists(st.integers(0, 6), min_size=1, max_size=5), min_size=1, max_size=12
)


@given(games_of_scores)
@settings(max_examples=150, deadline=None)
def test_best_other_is_the_best_score_of_the_other_seats(games: list[list[int]]) -> None:
    rows = [
        {"game_id": g, "seat": s, "score": score}
        for g, scores in enumerate(games)
        for s, score in enumerate(scores)
    ]
    players = pl.DataFrame(rows)
    got = _with_best_other(players)["other"].to_list()
    expected = [
        max((x for s, x in enumerate(games[r["game_id"]]) if s != r["seat"]), default=None)
        for r in rows
    ]
    assert got == expected


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    config = make_run_config(
        "import-export", 3, ("base",), ("heuristic", "random", "random"), games=60, seed=4
    )
    folder = tmp_path_factory.mktemp("telling") / "run"
    return run_simulation(config, folder, backend="sequential", progress=False)


def test_telling_games_are_found_once_per_state_of_the_folder(
    small_run: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replay._TELLING_MEMO.clear()
    found: list[Path] = []
    real = replay._find_telling_games

    def counted(folder: Path, limit: int) -> list[tuple[int, str]]:
        found.append(folder)
        return real(folder, limit)

    monkeypatch.setattr(replay, "_find_telling_games", counted)
    first = replay.telling_games(small_run)
    assert first and replay.telling_games(small_run) == first
    assert len(found) == 1
    # a new card summary (a report judged at another tolerance rewrites it) is a new state
    summary = small_run / "cards.parquet"
    summary.write_bytes(summary.read_bytes())
    assert replay.telling_games(small_run) == first
    assert len(found) == 2


def _lists_histograms(turns: list[int], decisions: list[int], max_turns: int | None) -> str:
    """The histograms as they were drawn from Python lists (before a million games)."""
    with matplotlib.rc_context(plots.STYLE):
        fig = Figure(figsize=(9.0, 3.0))
        for i, (values, label) in enumerate(((turns, "turns"), (decisions, "decisions"))):
            ax = fig.add_subplot(1, 2, i + 1)
            data = sorted(values)
            ax.hist(data, bins=min(40, max(5, len(set(data)))), color=plots.BAR, zorder=2)
            median = plots._quantile(data, 0.5)
            p90 = plots._quantile(data, 0.9)
            ax.axvline(median, color="black", linewidth=1.2, label=f"median {median:g}")
            ax.axvline(p90, color="black", linestyle="--", linewidth=1.0, label=f"p90 {p90:g}")
            capped = sum(1 for t in data if max_turns is not None and t >= max_turns)
            if label == "turns" and max_turns is not None and capped:
                ax.axvline(
                    max_turns,
                    color=plots.REFERENCE,
                    linestyle=":",
                    linewidth=1.4,
                    label=f"turn limit {max_turns} ({capped} games)",
                )
            ax.set_xlabel(f"{label} per game")
            ax.set_ylabel("games")
            ax.legend(fontsize=8, frameon=False)
        return plots.figure_data_uri(fig)


def test_length_histograms_from_arrays_draw_what_lists_drew() -> None:
    rng = np.random.default_rng(3)
    turns = rng.integers(20, 90, 5000)
    decisions = rng.integers(100, 900, 5000)
    from_arrays = plots.length_histograms(turns, decisions, 80)
    assert from_arrays == _lists_histograms(turns.tolist(), decisions.tolist(), 80)
    assert plots.length_histograms(np.array([], dtype=np.int64), np.array([5]), None)
