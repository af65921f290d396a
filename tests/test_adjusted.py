"""The adjusted per-card contribution: planted effects are recovered, confounding by strategy
is removed, the fit is deterministic and chunk-independent, and a real run reports it."""

from __future__ import annotations

import html
import math
import re
import shutil
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from reports.html import build_report, fmt_pp
from reports.run_cards import _adjusted_cell
from simulator.analysis.adjusted import (
    AdjustedOptions,
    CardFit,
    adjusted_frame,
    card_effects,
    fit_card_model,
    frame_chunks,
    run_chunks,
    to_points,
)
from simulator.analysis.metrics import read_card_summary
from simulator.analysis.stats import newcombe_difference
from simulator.analysis.synthetic import synthetic_tables, write_parts
from simulator.folders.config import make_run_config
from simulator.runs.runner import run_simulation

SEEN = ("opening", "drawn")
CARDS = 12
GROUPS = {c: c for c in range(CARDS)}


def _fit(
    games: pl.DataFrame,
    players: pl.DataFrame,
    options: AdjustedOptions | None = None,
    per_chunk: int | None = 250,
    events: tuple[str, ...] = SEEN,
) -> CardFit:
    fit = fit_card_model(frame_chunks(players, games, per_chunk), events, GROUPS, CARDS, options)
    assert fit is not None and fit.converged
    return fit


def _effects(fit: CardFit, options: AdjustedOptions | None = None) -> list[dict[str, object]]:
    values = card_effects(fit, CARDS, options)
    return [{k: v[g] for k, v in values.items()} for g in range(CARDS)]


@pytest.fixture(scope="module")
def planted() -> tuple[pl.DataFrame, pl.DataFrame]:
    """Card 0 raises the log-odds of winning by 0.8, card 1 lowers it by 0.5, others 0."""
    return synthetic_tables(
        6000,
        players=4,
        cards=CARDS,
        strategies={"heuristic": 0.0, "random": -0.6},
        card_effects={0: 0.8, 1: -0.5},
        turn_effects=[0.3, 0.1, 0.0, -0.2],
        seed=3,
    )


def test_a_planted_effect_is_recovered_within_its_interval(
    planted: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    fit = _fit(*planted)
    rows = _effects(fit)
    up, down = rows[0], rows[1]
    assert up["coef_lo"] < 0.8 < up["coef_hi"] and up["coef_lo"] > 0.5
    assert down["coef_lo"] < -0.5 < down["coef_hi"] and down["coef_hi"] < -0.2
    assert up["flag"] == "over" and down["flag"] == "under"
    assert all(r["flag"] is None for r in rows[2:])  # no false discovery among the nulls
    # the controls are estimated too: strategy and seat effects as planted
    b, se = fit.coefficient("strategy=random")
    assert abs(b + 0.6) < 2.5 * se
    b, se = fit.coefficient("turn_order=3")
    assert abs(b + 0.5) < 2.5 * se


def test_points_are_the_coefficient_at_the_baseline_win_rate(
    planted: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    fit = _fit(*planted)
    up = _effects(fit)[0]
    players = planted[1]
    base = float(players["win"].mean())
    assert up["base"] == pytest.approx(base)
    odds = base / (1 - base) * math.exp(up["coef"])
    assert up["pp"] == pytest.approx(odds / (1 + odds) - base)
    assert up["lo"] == pytest.approx(to_points(up["coef_lo"], base))
    assert up["hi"] == pytest.approx(to_points(up["coef_hi"], base))
    assert up["lo"] < up["pp"] < up["hi"]
    assert up["p"] == pytest.approx(math.erfc(abs(up["coef"] / up["se"]) / math.sqrt(2)))
    assert to_points(0.0, 0.25) == 0.0


def test_confounding_by_strategy_is_removed() -> None:
    """Card 5 does nothing, but the strong strategy holds it 8 times as often: the raw IWD is
    clearly positive, the adjusted interval covers zero."""
    games, players = synthetic_tables(
        4000,
        players=4,
        cards=CARDS,
        strategies={"strong": 1.0, "weak": 0.0},
        hold_by_strategy={"strong": {5: 0.8}, "weak": {5: 0.1}},
        seed=11,
    )
    held = (
        players.with_columns(pl.concat_list("opening", "drawn").list.contains(5).alias("has"))
        .group_by("has")
        .agg(pl.len().alias("n"), pl.col("win").sum().alias("wins"))
    )
    counts = {r["has"]: (r["wins"], r["n"]) for r in held.iter_rows(named=True)}
    iwd, iwd_lo, _ = newcombe_difference(*counts[True], *counts[False])
    assert iwd > 0.1 and iwd_lo > 0.08
    card = _effects(_fit(games, players))[5]
    assert card["coef_lo"] < 0 < card["coef_hi"]
    assert card["lo"] < 0 < card["hi"] and abs(card["pp"]) < 0.03
    assert card["flag"] is None


def test_same_input_same_output(planted: tuple[pl.DataFrame, pl.DataFrame]) -> None:
    games, players = planted
    one = adjusted_frame(frame_chunks(players, games, 300), ("gih",), SEEN, GROUPS, CARDS)
    two = adjusted_frame(frame_chunks(players, games, 300), ("gih",), SEEN, GROUPS, CARDS)
    assert_frame_equal(one, two, check_exact=True)
    no_cache = adjusted_frame(
        frame_chunks(players, games, 300),
        ("gih",),
        SEEN,
        GROUPS,
        CARDS,
        AdjustedOptions(cache_mb=0),
    )
    assert_frame_equal(one, no_cache, check_exact=True)


def test_chunked_fit_equals_one_chunk_fit(planted: tuple[pl.DataFrame, pl.DataFrame]) -> None:
    whole = _fit(*planted, per_chunk=None)
    chunked = _fit(*planted, per_chunk=37)
    assert whole.names == chunked.names
    np.testing.assert_allclose(chunked.coef, whole.coef, rtol=1e-9, atol=1e-10)
    np.testing.assert_allclose(chunked.se, whole.se, rtol=1e-9, atol=1e-12)


def test_run_folder_chunks_give_the_same_fit(
    planted: tuple[pl.DataFrame, pl.DataFrame], tmp_path: Path
) -> None:
    games, players = planted
    write_parts(tmp_path, games, players, chunk_games=500)
    from_files = fit_card_model(run_chunks(tmp_path, SEEN), SEEN, GROUPS, CARDS)
    in_memory = _fit(games, players, per_chunk=500)
    assert from_files is not None and from_files.rows == players.height
    np.testing.assert_allclose(from_files.coef, in_memory.coef, rtol=1e-12, atol=1e-12)


def _dense_fit(x: np.ndarray, y: np.ndarray, penalty: np.ndarray) -> np.ndarray:
    """Textbook penalised Newton on the full matrix, for comparison."""
    beta = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ beta))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + np.diag(penalty)
        step = np.linalg.solve(hessian, x.T @ (y - p) - penalty * beta)
        beta += step
        if np.max(np.abs(step)) < 1e-12:
            break
    return beta


def test_matches_a_direct_dense_fit_on_a_hand_built_design() -> None:
    """Two player counts and two module mixes pooled: the design has every kind of column,
    and the streamed fit equals a plain fit of the same matrix built here by hand."""
    a_games, a_players = synthetic_tables(
        600, 3, CARDS, {"heuristic": 0.0, "random": -0.4}, {0: 0.7},
        modules={"base": 0.0, "base,capital": 0.3}, seed=5,
    )  # fmt: skip
    b_games, b_players = synthetic_tables(
        600, 4, CARDS, {"heuristic": 0.0, "random": -0.4}, {0: 0.7},
        modules={"base": 0.0, "base,capital": 0.3}, seed=6,
    )  # fmt: skip
    shift = pl.col("game_id") + 600
    games = pl.concat([a_games, b_games.with_columns(shift)])
    players = pl.concat([a_players, b_players.with_columns(shift)])
    options = AdjustedOptions(prior_sd=0.5, nuisance_sd=10.0)
    fit = _fit(games, players, options, per_chunk=100)
    assert fit.names[:8] == (
        "(intercept)",
        "players=4",
        "turn_order=1 (3 players)",
        "turn_order=2 (3 players)",
        "turn_order=1 (4 players)",
        "turn_order=2 (4 players)",
        "turn_order=3 (4 players)",
        "strategy=random",
    )
    assert fit.names[8] == "module=capital"  # 'base' is in every game: dropped
    assert fit.names[9:] == tuple(f"card group {c}" for c in range(CARDS))

    rows = players.join(games.select("game_id", "players", "modules"), on="game_id")
    n, k = rows["players"].to_numpy(), rows["turn_order"].to_numpy()
    columns = [np.ones(rows.height), n == 4]
    columns += [(n == count) & (k == order) for count, order in ((3, 1), (3, 2))]
    columns += [(n == 4) & (k == order) for order in (1, 2, 3)]
    columns += [rows["strategy"].to_numpy() == "random"]
    columns += [rows["modules"].str.contains("capital").to_numpy()]
    seen = rows.select(pl.concat_list(SEEN).alias("s"))["s"]
    columns += [seen.list.contains(c).to_numpy() for c in range(CARDS)]
    x = np.column_stack(columns).astype(float)
    penalty = np.array([0.0] + [0.01] * 8 + [4.0] * CARDS)
    expected = _dense_fit(x, rows["win"].to_numpy().astype(float), penalty)
    np.testing.assert_allclose(fit.coef, expected, rtol=1e-7, atol=1e-9)


def test_minimum_sample_rule_nulls_the_figure() -> None:
    games, players = synthetic_tables(
        1000,
        players=4,
        cards=CARDS,
        hold_by_strategy={"heuristic": {3: 0.02, 4: 0.99}},
        seed=2,
    )
    rows = _effects(_fit(games, players))
    rare, common, normal = rows[3], rows[4], rows[6]
    assert 0 < rare["n"] < 100 and common["n_without"] < 100
    for r in (rare, common):
        for name in ("pp", "lo", "hi", "coef", "se", "p", "q", "flag", "base"):
            assert r[name] is None
    assert normal["n"] >= 100 and normal["n_without"] >= 100 and normal["pp"] is not None
    relaxed = _effects(_fit(games, players), AdjustedOptions(min_games=0))
    assert relaxed[3]["pp"] is not None and relaxed[4]["pp"] is not None


def test_constant_and_unfittable_cases() -> None:
    games, players = synthetic_tables(400, 4, CARDS, hold_by_strategy={"heuristic": {2: 0.0}})
    fit = _fit(games, players)
    assert int(fit.card_column[2]) == -1 and "strategy=heuristic" not in fit.names
    assert not any(name.startswith(("module=", "players=")) for name in fit.names)
    assert _effects(fit)[2]["pp"] is None
    nobody = players.with_columns(pl.lit(False).alias("win"))
    assert fit_card_model(frame_chunks(nobody, games), SEEN, GROUPS, CARDS) is None
    frame = adjusted_frame(frame_chunks(nobody, games), ("gih",), SEEN, GROUPS, CARDS)
    assert frame.height == CARDS and frame["adj_pp"].null_count() == CARDS


def test_other_event_sets_shared_wins_and_activity(
    planted: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    games, players = planted
    frame = adjusted_frame(
        frame_chunks(players, games, 500), ("gih", "fulfilled"), SEEN, GROUPS, CARDS
    )
    assert {"adj_pp", "adj_q", "adj_flag", "adj_fulfilled_pp", "adj_fulfilled_q"} <= set(
        frame.columns
    )
    fulfilled = players["fulfilled"].explode().drop_nulls()
    assert frame["adj_fulfilled_n"][0] == fulfilled.filter(fulfilled == 0).len()
    # 'split' scores each of k winners 1/k; with one winner per game it changes nothing
    one_games, one_players = synthetic_tables(1500, 4, CARDS, card_effects={0: 0.8}, winners="one")
    full = _fit(one_games, one_players)
    split = _fit(one_games, one_players, AdjustedOptions(shared_wins="split"))
    np.testing.assert_allclose(split.coef, full.coef, rtol=1e-12)
    assert full.baseline == pytest.approx(0.25)
    shared = _fit(games, players, AdjustedOptions(shared_wins="split"))
    decided = games.filter(pl.col("winners").list.len() > 0).height
    assert shared.baseline == pytest.approx(decided / players.height)
    counted = _fit(games, players, AdjustedOptions(count_covariate=True))
    assert "cards with the event" in counted.names
    b, se = counted.coefficient("card group 0")
    assert abs(b - 0.8) < 2.5 * se


def test_adjusted_cell_marks_flags_and_escapes() -> None:
    row = {"adj_pp": 0.031, "adj_lo": 0.01, "adj_hi": 0.05, "adj_flag": "over", "adj_n": 1200}
    row["adj_n_without"] = 2800
    cell = _adjusted_cell(row, "adj_")
    assert cell.startswith(html.escape(fmt_pp(0.031, 0.01, 0.05)))
    assert '<span class="flag over">\u25b2 over</span>' in cell and "n=1,200 vs 2,800" in cell
    row.update(adj_pp=None, adj_flag=None)
    assert _adjusted_cell(row, "adj_").startswith('<span class="na">')


@pytest.fixture(scope="module")
def travel_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    config = make_run_config(
        "travel",
        4,
        ("special_items",),
        ("heuristic", "random", "random", "random"),
        games=200,
        seed=3,
        chunk_size=50,
        max_turns=300,
    )
    folder = tmp_path_factory.mktemp("adjusted") / "run"
    return run_simulation(config, folder, backend="sequential", progress=False)


def test_a_real_run_has_the_columns_and_the_report_shows_them(travel_run: Path) -> None:
    cards = read_card_summary(travel_run)
    for column in ("adj_pp", "adj_lo", "adj_hi", "adj_q", "adj_flag", "adj_coef", "adj_n"):
        assert column in cards.columns
    shown = cards.filter(pl.col("adj_pp").is_not_null())
    assert shown.height >= 5  # the special items (items are in almost every hand: too few without)
    assert (shown["adj_n"] >= 100).all() and (shown["adj_n_without"] >= 100).all()
    assert (shown["adj_lo"] <= shown["adj_pp"]).all()
    assert (shown["adj_pp"] <= shown["adj_hi"]).all()
    thin = cards.filter((pl.col("adj_n") < 100) | (pl.col("adj_n_without") < 100))
    assert thin.height and thin["adj_pp"].null_count() == thin.height
    page = build_report(travel_run).read_text(encoding="utf-8")
    assert "adjusted: in hand [95% CI]" in page and "Adjusted contribution (in hand)" in page
    assert "controlling for turn order, player count, strategy" in page
    special = shown.filter(pl.col("type") == "special")
    # the verdict (against the other special items) orders the table, then the adjusted figure
    special = special.sort(["verdict_pp", "adj_pp"], descending=True, nulls_last=True)
    best = special.row(0, named=True)
    table = re.search(r'<table id="cards-special-hand">(.*?)</table>', page, re.S)
    assert table is not None
    first = re.search(r"<tbody><tr>(.*?)</tr>", table.group(1), re.S)
    assert first is not None and html.escape(best["name"]) in first.group(1)  # sorted by it
    assert html.escape(fmt_pp(best["adj_pp"], best["adj_lo"], best["adj_hi"])) in first.group(1)


def test_a_summary_written_before_the_model_gets_it_in_the_report(
    travel_run: Path, tmp_path: Path
) -> None:
    old = tmp_path / "old"
    shutil.copytree(travel_run, old)
    cards = read_card_summary(old)
    cards.select(pl.exclude("^adj_.*$")).write_parquet(old / "cards.parquet")
    page = build_report(old).read_text(encoding="utf-8")
    assert "cards.parquet predates the adjusted card columns" in page
    best = cards.filter(pl.col("adj_pp").is_not_null()).row(0, named=True)
    assert html.escape(fmt_pp(best["adj_pp"], best["adj_lo"], best["adj_hi"])) in page
