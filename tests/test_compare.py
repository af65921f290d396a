"""`deckhand compare` and `deckhand mixes`: labels, numbers, escaping and errors.

The runs (tests/report_runs.py, shared with the sweep and browser tests): travel 200 games of
base+events and base+special_items on a sheet with a card named `<script>alert(1)</script>`;
Import/Export 100 games of base and base+kickstarter. The opening answer ("does this change the
game?") is checked on synthetic Import/Export runs with planted changes, where it has a right
answer.
"""

from __future__ import annotations

import html
import json
import math
import os
import re
import runpy
import shutil
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner
from report_runs import EVIL, write_synthetic_ie_run

from cli import main
from reports.compare import build_compare_report
from simulator.analysis import compare as cmp
from simulator.analysis.metrics import SUMMARY_FILE
from simulator.analysis.stats import Z95, benjamini_hochberg, newcombe_difference, wilson
from simulator.analysis.synthetic import synthetic_tables
from simulator.analysis.verdicts import Tolerances, decide, to_points
from simulator.catalog import get_game
from simulator.core.errors import ConfigError, RunFolderError
from simulator.folders.config import RunOptions
from simulator.folders.run_folder import read_games, read_players
from simulator.games.import_export.sheet_checks import load_import_export_sheet
from simulator.runs.mixes import Mix, parse_mix, plan_mixes

Grid = tuple[list[Mix], list[Path]]


def _table(page: str, table_id: str) -> list[list[str]]:
    """Body rows of the table with this id, as lists of cell texts (tags removed)."""
    match = re.search(rf'<table id="{table_id}">(.*?)</table>', page, re.S)
    assert match, f"no table {table_id}"
    body = match.group(1).split("<tbody>", 1)[1]
    rows = []
    for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        rows.append([" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in cells])
    return rows


def _pct(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


@pytest.fixture(scope="module")
def travel_page(travel_mixes: Grid, tmp_path_factory: pytest.TempPathFactory) -> str:
    _, folders = travel_mixes
    path = build_compare_report(folders, tmp_path_factory.mktemp("cmp") / "travel.html")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def ie_page(ie_mixes: Grid, tmp_path_factory: pytest.TempPathFactory) -> str:
    _, folders = ie_mixes
    path = build_compare_report(folders, tmp_path_factory.mktemp("cmp") / "ie.html", top=10)
    return path.read_text(encoding="utf-8")


def _answer(page: str) -> str:
    """The page's opening sentence: the first thing under the Summary heading."""
    match = re.search(r'<h2>Summary</h2><p class="answer" id="answer">([^<]*)</p>', page)
    assert match, "the summary does not open with the answer"
    assert page.index('id="answer"') < page.index('id="verdicts"')  # the table with q follows
    return html.unescape(match.group(1))


PLANTED = "Sauna"
SYNTHETIC_GAMES = 1500


def _synthetic_run(folder: Path, seed: int, first: float = 0.0, card: float = 0.0) -> Path:
    """A run folder of synthetic Import/Export base games with verdicts: the first player wins
    with `first` log-odds more, and Sauna's owner with `card` (simulator/analysis/synthetic.py);
    every game 30-49 turns, ended by credits."""
    rows = [r.values for r in load_import_export_sheet(None).rows]
    base_ids = [int(r["id"]) for r in rows if r["set"] == "base"]
    planted = next(int(r["id"]) for r in rows if r["name"] == PLANTED)
    games, players = synthetic_tables(
        SYNTHETIC_GAMES,
        4,
        max(base_ids) + 1,
        card_effects={planted: card},
        hold_rate=0.25,
        hold_by_strategy={
            "heuristic": {c: 0.0 for c in range(max(base_ids) + 1) if c not in base_ids}
        },
        turn_effects=[first, 0.0, 0.0, 0.0],
        fulfil_rate=0.3,
        winners="one",
        seed=seed,
    )
    turns = np.random.default_rng(seed).integers(30, 50, SYNTHETIC_GAMES)
    games = games.with_columns(
        pl.Series("turns", turns, dtype=pl.Int32),
        pl.Series("decisions", 10 * turns, dtype=pl.Int32),
        pl.lit("credits").alias("end_reason"),
        pl.lit("base").alias("modules"),
        pl.lit("import-export").alias("game"),
    )
    return write_synthetic_ie_run(folder, games, players, seed, rows, base_ids)


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """A: Sauna's owner wins with +1.5 log-odds; B: no Sauna effect, and the first player wins
    with +0.8 log-odds; A again (a copy: nothing changes)."""
    base = tmp_path_factory.mktemp("planted")
    a = _synthetic_run(base / "a", 21, card=1.5)
    b = _synthetic_run(base / "b", 22, first=0.8)
    same = base / "same"
    shutil.copytree(a, same)
    return a, b, same


# ---------------------------------------------------------------------------- the answer


def test_a_planted_change_says_yes(planted: tuple[Path, Path, Path], tmp_path: Path) -> None:
    """The first player's planted edge and Sauna's removed effect are both named, with the
    change and interval the findings table gives (B - A)."""
    a, b, _ = planted
    page = build_compare_report([a, b], tmp_path / "c.html").read_text(encoding="utf-8")
    answer = _answer(page)
    runs = cmp.load_runs([a, b])
    first = cmp.rate_difference(
        cmp.win_rates(runs[0], "turn_order")[0], cmp.win_rates(runs[1], "turn_order")[0]
    )
    assert first.lo > 0.01  # the planted edge is beyond the 1-point tolerance
    change = f"{100 * first.diff:+.1f} points [{100 * first.lo:+.1f}, {100 * first.hi:+.1f}]"
    assert answer.startswith(f"Yes: {runs[1].label} changes the game against {runs[0].label}: ")
    assert f"the first player's win rate {change} (beyond ±1)" in answer
    changes = cmp.card_changes(runs[0].cards(), runs[1].cards())
    rated = changes.filter(pl.col("peer_change_p").is_not_null())
    sauna = rated.filter(pl.col("name") == PLANTED).row(0, named=True)
    assert sauna["peer_change_q"] < 0.05 and sauna["peer_change_hi"] < -0.03
    moved = rated.filter(
        (pl.col("peer_change_q") < 0.05)
        & ((pl.col("peer_change_lo") > 0.03) | (pl.col("peer_change_hi") < -0.03))
    )
    assert moved["name"].to_list() == [PLANTED]
    assert (
        f"1 card of {rated.height} moves beyond ±3 points against its peers "
        f"({PLANTED} {100 * sauna['peer_change']:+.1f})" in answer
    )
    assert answer.endswith(f"; not yet clear: {rated.height - 1} of {rated.height} cards.")


def test_identical_runs_say_no_or_unclear_as_the_intervals_warrant(
    planted: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    """A run against its copy: every change is 0. Unclear at the default tolerances, naming
    the games that would decide the first player's edge; "no change" once every interval
    (first player, end reasons, every card) lies within the tolerance, unclear again just
    below the widest."""
    a, _, same = planted
    page = build_compare_report([a, same], tmp_path / "c.html").read_text(encoding="utf-8")
    answer = _answer(page)
    runs = cmp.load_runs([a, same])
    rates = [cmp.win_rates(r, "turn_order")[0] for r in runs]
    first = cmp.rate_difference(*rates)
    assert first.diff == 0
    seat = decide(0.0, to_points(first.lo), to_points(first.hi), 1.0, games=SYNTHETIC_GAMES)
    assert seat.verdict == "unclear" and seat.games_to_decide
    assert answer.startswith(f"Not yet clear whether {runs[1].label} changes the game against ")
    up_to = 100 * max(-first.lo, first.hi)
    assert (
        f"the first player's win rate (could change by up to {up_to:.1f} points, ±1 tolerated; "
        f"about {seat.games_to_decide:,} games per run would decide)" in answer
    )
    changes = cmp.card_changes(runs[0].cards(), runs[1].cards())
    rated = changes.filter(pl.col("peer_change_p").is_not_null())
    assert rated["peer_change"].abs().max() == 0
    widest = 100 * max(
        -first.lo, first.hi, -rated["peer_change_lo"].min(), rated["peer_change_hi"].max()
    )
    loose = Tolerances(card=widest + 0.1, seat=widest + 0.1, strategy=widest + 0.1)
    out = tmp_path / "loose.html"
    answer = _answer(build_compare_report([a, same], out, tolerances=loose).read_text("utf-8"))
    assert answer.startswith(
        f"No change shown within the tolerances: {runs[1].label} against {runs[0].label} leaves "
        f"the first player's win rate (±{loose.seat:g}), "
    )
    assert (
        f"and all {rated.height} cards against the typical card (±{loose.card:g}) unchanged"
        in answer
    )
    assert "the mean game length +0.0 turns [" in answer and "is not judged" in answer
    tight = Tolerances(card=widest - 0.1, seat=widest + 0.1, strategy=widest + 0.1)
    out = tmp_path / "tight.html"
    answer = _answer(build_compare_report([a, same], out, tolerances=tight).read_text("utf-8"))
    assert answer.startswith("Not yet clear whether ")
    assert "cards against the typical card (not yet shown within" in answer


def test_several_runs_say_which_change_the_game(
    planted: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    """Against the reference: B changes the game, the copy is unclear; one sentence each
    under a lead that names them."""
    a, b, same = planted
    page = build_compare_report([a, b, same], tmp_path / "c.html").read_text(encoding="utf-8")
    labels = [r.label for r in cmp.load_runs([a, b, same])]
    assert _answer(page) == (
        f"Changes the game in 1 of the 2 comparisons: {labels[1]} vs {labels[0]}; "
        f"not yet clear: {labels[2]} vs {labels[0]}."
    )
    items = re.findall(r'<li class="answer-(\w+)">([^<]*)</li>', page.split('id="answers"')[1])
    assert [k for k, _ in items] == ["yes", "unclear"]
    assert html.unescape(items[0][1]).startswith(f"Yes: {labels[1]} changes the game against ")
    assert html.unescape(items[1][1]).startswith(f"Not yet clear whether {labels[2]} changes ")


def test_the_travel_comparison_opens_with_the_answer(travel_mixes: Grid, travel_page: str) -> None:
    """base+special_items against base+events (200 games each): the answer follows the data;
    the mean game length is named as a change exactly when its interval excludes 0."""
    answer = _answer(travel_page)
    games = [read_games(f)["turns"] for f in travel_mixes[1]]
    mean = [g.mean() for g in games]
    se = math.hypot(*(g.std() / math.sqrt(g.len()) for g in games))
    d = mean[1] - mean[0]
    length = f"{d:+.1f} turns [{d - Z95 * se:+.1f}, {d + Z95 * se:+.1f}]"
    if abs(d) > Z95 * se:
        assert answer.startswith("Yes: base+special_items changes the game against base+events")
        assert f"the mean game length {length}" in answer
    else:
        assert not answer.startswith("Yes") or "beyond ±" in answer
        assert f"the mean game length {length}" not in answer.split("not yet clear")[0]


# ---------------------------------------------------------------------------- labels


def test_runs_are_labelled_by_what_differs(travel_mixes: Grid, ie_mixes: Grid) -> None:
    travel = cmp.load_runs(travel_mixes[1])
    assert [r.label for r in travel] == ["base+events", "base+special_items"]
    assert cmp.differing_facets(travel) == ["sets"]
    ie = cmp.load_runs(ie_mixes[1])
    assert [r.label for r in ie] == ["base", "base+kickstarter"]
    # the mix folders are the mix texts, and each manifest records its sets
    assert [p.name for p in ie_mixes[1]] == ["base", "base+kickstarter"]
    assert [r.game_config["modules"] for r in ie] == [["base"], ["base", "kickstarter"]]


def test_labels_fall_back_to_folder_names_and_stay_unique(ie_mixes: Grid, tmp_path: Path) -> None:
    copy = tmp_path / "again"
    shutil.copytree(ie_mixes[1][0], copy)
    runs = cmp.load_runs([ie_mixes[1][0], copy])
    assert [r.label for r in runs] == ["base", "again"]  # nothing differs: folder names
    runs = cmp.load_runs([ie_mixes[1][0], copy, ie_mixes[1][1]])
    assert [r.label for r in runs] == ["base (base)", "base (again)", "base+kickstarter"]


def test_any_other_recorded_setting_that_differs_labels_the_runs(
    ie_mixes: Grid, tmp_path: Path
) -> None:
    copy = tmp_path / "other"
    shutil.copytree(ie_mixes[1][0], copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["config"]["some_new_option"] = 7
    (copy / "manifest.json").write_text(json.dumps(manifest))
    runs = cmp.load_runs([ie_mixes[1][0], copy])
    assert runs[1].label == "some_new_option 7"


def test_folder_names_with_glob_and_html_characters(ie_mixes: Grid, tmp_path: Path) -> None:
    odd = tmp_path / "run [1] *<b>"
    shutil.copytree(ie_mixes[1][1], odd)
    runs = cmp.load_runs([ie_mixes[1][0], odd])
    assert cmp.length_stats(runs[1]) == cmp.length_stats(cmp.load_runs(ie_mixes[1])[1])
    page = build_compare_report([ie_mixes[1][0], odd], tmp_path / "odd.html")
    text = page.read_text(encoding="utf-8")
    assert "run [1] *&lt;b&gt;" in text and "run [1] *<b>" not in text


def test_parse_mix() -> None:
    ie, travel = get_game("import-export"), get_game("travel")
    assert parse_mix(ie, "base+kickstarter2+j") == (("base", "kickstarter2", "j"), ())
    assert parse_mix(ie, "base+market") == (("base",), ("market",))
    assert parse_mix(travel, "base") == ((), ())  # travel always plays its base game
    assert parse_mix(travel, "base+events") == (("events",), ())
    assert cmp.mix_text(travel, ()) == "base" and cmp.mix_text(ie, ("base", "j")) == "base+j"


# ---------------------------------------------------------------------------- numbers


def test_game_length_and_end_reasons_match_the_games(travel_mixes: Grid, travel_page: str) -> None:
    _, folders = travel_mixes
    games = [read_games(f) for f in folders]
    rows = _table(travel_page, "length-table")
    means = []
    for g, row in zip(games, rows, strict=True):
        turns = g["turns"]
        mean, se = turns.mean(), turns.std() / math.sqrt(g.height)
        means.append((mean, se))
        assert row[1] == f"{g.height:,}"
        assert row[2] == f"{mean:.1f} [{mean - 1.96 * se:.1f}, {mean + 1.96 * se:.1f}]"
        assert row[4].startswith(f"{turns.median():g} [")
    diff = means[1][0] - means[0][0]
    se = math.hypot(means[0][1], means[1][1])
    assert rows[1][3].startswith(f"{diff:+.1f} [{diff - 1.96 * se:+.1f}, {diff + 1.96 * se:+.1f}]")
    reasons = _table(travel_page, "end-reasons-table")
    for row in reasons:
        counts = [int((g["end_reason"] == row[0]).sum()) for g in games]
        for cell, count, g in zip(row[1:3], counts, games, strict=True):
            assert cell == f"{_pct(count, g.height)} {count} of {g.height}"
        d, lo, hi = newcombe_difference(counts[1], games[1].height, counts[0], games[0].height)
        assert row[3].startswith(f"{100 * d:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]")
    assert {r[0] for r in reasons} == set(games[0]["end_reason"]) | set(games[1]["end_reason"])


def test_turn_order_and_strategy_rates_match_the_players(
    travel_mixes: Grid, travel_page: str
) -> None:
    _, folders = travel_mixes
    players = [read_players(f) for f in folders]
    for table_id, column, keys in (
        ("turn-order-table", "turn_order", [0, 1, 2, 3]),
        ("strategy-table", "strategy", ["heuristic", "random"]),
    ):
        rows = _table(travel_page, table_id)
        assert len(rows) == len(keys)
        for row, key in zip(rows, keys, strict=True):
            counts = []
            for cell, p in zip(row[1:3], players, strict=True):
                part = p.filter(pl.col(column) == key)
                wins = int(part["win"].sum())
                counts.append((wins, part.height))
                assert cell == f"{_pct(wins, part.height)} {wins:,} of {part.height:,}"
            (w0, n0), (w1, n1) = counts
            d, lo, hi = newcombe_difference(w1, n1, w0, n0)
            assert row[3].startswith(f"{100 * d:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]")
    assert _table(travel_page, "turn-order-table")[0][0] == "1st (first player)"


def test_card_changes_are_differences_of_the_two_runs(ie_mixes: Grid) -> None:
    runs = cmp.load_runs(ie_mixes[1])
    a, b = runs[0].cards(), runs[1].cards()
    changes = cmp.card_changes(a, b)
    assert changes["headline"][0] == "adj"
    by_name_a = {r["name"]: r for r in a.iter_rows(named=True)}
    by_name_b = {r["name"]: r for r in b.iter_rows(named=True)}
    assert changes.height == int(a["in_game"].sum()) == 100  # the base cards, in both runs
    for r in changes.iter_rows(named=True):
        ra, rb = by_name_a[r["name"]], by_name_b[r["name"]]
        assert r["iwd_change"] == pytest.approx(rb["iwd"] - ra["iwd"])
        se = math.hypot(cmp.iwd_se(ra), cmp.iwd_se(rb))
        assert r["iwd_change_lo"] == pytest.approx(r["iwd_change"] - Z95 * se)
        assert r["iwd_change_p"] == pytest.approx(math.erfc(abs(r["iwd_change"] / se) / 2**0.5))
        if ra["adj_pp"] is None or rb["adj_pp"] is None:
            assert r["adj_change"] is None
            continue
        assert r["adj_a"] == ra["adj_pp"] and r["adj_b"] == rb["adj_pp"]
        assert r["adj_change"] == pytest.approx(rb["adj_pp"] - ra["adj_pp"])
        # delta method: se of the points figure = se of the coefficient * p'(1 - p')
        pa, pb = ra["adj_base"] + ra["adj_pp"], rb["adj_base"] + rb["adj_pp"]
        se = math.hypot(ra["adj_se"] * pa * (1 - pa), rb["adj_se"] * pb * (1 - pb))
        assert r["adj_change_hi"] == pytest.approx(r["adj_change"] + Z95 * se)
    for measure in ("adj", "iwd"):
        p = changes[f"{measure}_change_p"].fill_null(math.nan).to_list()
        q = changes[f"{measure}_change_q"].fill_null(math.nan).to_list()
        expected = benjamini_hochberg(p)
        assert all(
            (math.isnan(x) and math.isnan(y)) or x == pytest.approx(y)
            for x, y in zip(q, expected, strict=True)
        )
    p = changes["adj_change_p"].drop_nulls().to_list()
    assert p == sorted(p)  # the headline order
    only = cmp.cards_only_in(a, b)
    assert only.height == 15 and set(only["name"]) <= set(b["name"])  # the Kickstarter cards


def test_report_card_table_shows_the_changes(ie_mixes: Grid, ie_page: str) -> None:
    runs = cmp.load_runs(ie_mixes[1])
    changes = cmp.card_changes(runs[0].cards(), runs[1].cards())
    rows = _table(ie_page, "cards-0-1-top")
    assert len(rows) == 10
    for row, r in zip(rows, changes.head(10).iter_rows(named=True), strict=True):
        assert row[0] == html.escape(r["name"])
        change = f"{100 * r['adj_change']:+.1f} points [{100 * r['adj_change_lo']:+.1f}, "
        assert row[4].startswith(change)
        iwd = f"{100 * r['iwd_change']:+.1f} points [{100 * r['iwd_change_lo']:+.1f}, "
        assert row[9].startswith(iwd)
        assert row[-1] == f"{r['gih_n_a']:,} / {r['gih_n_b']:,}"
    assert len(_table(ie_page, "cards-0-1-all")) == changes.height
    kick = _table(ie_page, "cards-0-1-only-base-kickstarter")
    assert len(kick) == 15
    assert re.search(r"<summary>15 cards in the game only in base\+kickstarter \(", ie_page)
    assert "base+kickstarter vs base" in ie_page
    assert "A</b> = base" in ie_page


def test_raw_iwd_is_the_headline_without_adjusted_columns(ie_mixes: Grid, tmp_path: Path) -> None:
    folders = []
    for f in ie_mixes[1]:
        copy = tmp_path / f.name
        shutil.copytree(f, copy)
        cards = pl.read_parquet(copy / SUMMARY_FILE)
        cards.drop([c for c in cards.columns if c.startswith("adj_")]).write_parquet(
            copy / SUMMARY_FILE
        )
        folders.append(copy)
    runs = cmp.load_runs(folders)
    changes = cmp.card_changes(runs[0].cards(), runs[1].cards())
    assert changes["headline"][0] == "iwd" and changes["adj_change"].null_count() == 100
    p = changes["iwd_change_p"].to_list()
    assert p == sorted(p)
    page = build_compare_report(folders, tmp_path / "raw.html").read_text(encoding="utf-8")
    assert "the headline is the raw IWD" in page
    assert "adjusted A" not in page and "IWD change [95% CI]" in page


def test_card_sheet_text_is_escaped(travel_page: str) -> None:
    assert EVIL not in travel_page and "<script" not in travel_page
    assert html.escape(EVIL) in travel_page  # the renamed card, only in base+special_items
    only = _table(travel_page, "cards-0-1-only-base-special-items")
    assert html.escape(html.escape(EVIL)) not in travel_page  # escaped once, not twice
    assert any(row[0] == html.escape(EVIL) for row in only)


def test_report_is_self_contained(ie_page: str) -> None:
    assert ie_page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", ie_page, re.I)
    images = re.findall(r'<img src="([^"]*)"', ie_page)
    assert len(images) == 3  # length, turn order, card forest (one strategy: no strategy chart)
    assert all(src.startswith("data:image/png;base64,") for src in images)


def test_length_from_counts_matches_a_direct_computation() -> None:
    values = [3, 7, 7, 8, 10, 10, 10, 12, 15, 40, 41]
    counts = [(v, values.count(v)) for v in sorted(set(values))]
    s = cmp.length_from_counts(counts)
    series = pl.Series(values)
    assert s.games == 11 and s.mean == pytest.approx(series.mean())
    assert s.sd == pytest.approx(series.std()) and s.median == series.median()
    # order statistics of ranks floor(n/2 - 1.96 sqrt(n)/2) and ceil(1 + n/2 + 1.96 sqrt(n)/2)
    assert (s.median_lo, s.median_hi) == (7.0, 40.0)  # ranks 2 and 10 of 11
    even = cmp.length_from_counts([(1, 1), (2, 1), (3, 1), (4, 1)])
    assert even.median == 2.5


# ---------------------------------------------------------------------------- errors


def test_compare_errors(travel_mixes: Grid, ie_mixes: Grid, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="at least two run folders"):
        cmp.load_runs(ie_mixes[1][:1])
    with pytest.raises(ConfigError, match="different games"):
        cmp.load_runs([travel_mixes[1][0], ie_mixes[1][0]])
    with pytest.raises(ConfigError, match="given twice"):
        cmp.load_runs([ie_mixes[1][0], ie_mixes[1][0]])
    unfinished = tmp_path / "unfinished"
    shutil.copytree(ie_mixes[1][0], unfinished)
    (unfinished / SUMMARY_FILE).unlink()
    with pytest.raises(RunFolderError, match="the run did not finish"):
        cmp.load_runs([ie_mixes[1][0], unfinished])
    with pytest.raises(RunFolderError, match="no manifest.json"):
        cmp.load_runs([ie_mixes[1][0], tmp_path])


def test_mixes_errors_name_the_mix(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    out = tmp_path / "grid"
    with pytest.raises(ConfigError, match=r"--mix 'base\+nonsense': unknown module 'nonsense'"):
        plan_mixes(RunOptions("import-export"), ["base", "base+nonsense"], out)
    with pytest.raises(ConfigError, match="at least two mixes"):
        plan_mixes(RunOptions("import-export"), ["base"], out)
    with pytest.raises(ConfigError, match="plays the same sets as --mix 'base'"):
        plan_mixes(RunOptions("travel"), ["base", "base"], out)
    # a set whose rules are still refused by the game: the error names the mix, nothing runs
    from simulator.games.import_export import game_base

    monkeypatch.setattr(game_base, "SUPPORTED_SETS", ("base", "kickstarter"))
    with pytest.raises(ConfigError, match=r"--mix 'base\+capital': 'capital' needs its expansion"):
        plan_mixes(RunOptions("import-export"), ["base", "base+kickstarter", "base+capital"], out)
    result = CliRunner().invoke(
        main,
        ["mixes", "import-export", "--mix", "base", "--mix", "base+capital", "-o", str(out)],
    )
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--mix 'base+capital': 'capital' needs its expansion rules" in result.output
    assert not out.exists()
    result = CliRunner().invoke(
        main, ["mixes", "travel", "--mix", "base", "--mix", "base+events", "-m", "events"]
    )
    assert result.exit_code != 0


def test_cli_mixes_resumes_and_compare_writes_a_report(ie_mixes: Grid, tmp_path: Path) -> None:
    plans, folders = ie_mixes
    grid = folders[0].parent
    args = ["mixes", "import-export", "--mix", "base", "--mix", "base+kickstarter"]
    args += ["-n", "100", "--chunk-size", "50", "--seed", "3", "-o", str(grid), "-q"]
    args += ["--backend", "sequential"]
    result = CliRunner().invoke(main, args)  # every chunk is there: nothing is replayed
    assert result.exit_code == 0, result.output
    assert f"2 runs in {grid}; comparison written to {grid / 'compare.html'}" in result.output
    answer = _answer((grid / "compare.html").read_text(encoding="utf-8"))
    assert " base+kickstarter changes the game against base" in answer or answer.startswith(
        "Not yet clear whether base+kickstarter changes the game against base: "
    )
    out = tmp_path / "c.html"
    result = CliRunner().invoke(main, ["compare", *map(str, folders), "-o", str(out), "--top", "5"])
    assert result.exit_code == 0, result.output
    assert len(_table(out.read_text(encoding="utf-8"), "cards-0-1-top")) == 5
    result = CliRunner().invoke(main, ["compare", str(folders[0])])
    assert result.exit_code == 2 and "at least two run folders" in result.output


def test_expansion_notebook_runs(
    ie_mixes: Grid, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, folders = ie_mixes
    monkeypatch.setitem(os.environ, "DECKHAND_RUNS", os.pathsep.join(map(str, folders)))
    notebook = Path(__file__).resolve().parents[1] / "notebooks" / "expansion_comparison.py"
    runpy.run_path(str(notebook), run_name="__main__")
    printed = capsys.readouterr().out
    assert "base+kickstarter vs base (adj): 100 cards compared" in printed
    assert "first player wins" in printed
    assert (folders[0].parent / "notebook_compare.png").stat().st_size > 1000
