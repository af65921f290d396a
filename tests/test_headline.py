"""The run report opens with what a designer acts on: the headline before the details, the
metadata last, a planted strong card named first, no card of a module out of play.

A synthetic Import/Export run (simulator/analysis/synthetic.py) plants a known effect on one card
so the headline has a right answer; the Import/Export base run of tests/report_runs.py checks
that the expansions' cards stay out of the page.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from report_runs import write_synthetic_ie_run

from reports.html import build_report
from simulator.analysis.deciding import seat_verdict
from simulator.analysis.planning import games_to_decide
from simulator.analysis.stats import newcombe_difference
from simulator.analysis.synthetic import synthetic_tables
from simulator.analysis.verdicts import Tolerances
from simulator.games.import_export.sheet_checks import load_import_export_sheet
from simulator.runs.mixes import Mix
from simulator.runs.sweep import SweepPlan

PLANTED = "Sauna"
GAMES = 3000


class _Outline(HTMLParser):
    """The ids of the page's elements in document order, and which ones sit in <details>."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.folded: set[str] = set()
        self.depth = 0
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "details":
            self.depth += 1
        if tag == "script":
            self.scripts += 1
        ident = dict(attrs).get("id")
        if ident:
            self.ids.append(ident)
            if self.depth:
                self.folded.add(ident)

    def handle_endtag(self, tag: str) -> None:
        if tag == "details":
            self.depth -= 1


def outline(page: str) -> _Outline:
    parser = _Outline()
    parser.feed(page)
    return parser


def table_rows(page: str, table_id: str) -> list[list[str]]:
    match = re.search(rf'<table id="{table_id}">(.*?)</table>', page, re.S)
    assert match, f"no table {table_id}"
    body = match.group(1).split("<tbody>", 1)[1]
    return [
        [
            " ".join(re.sub(r"<[^>]+>", " ", c).split())
            for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        ]
        for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def make_synthetic_run(folder: Path, effect: float, seed: int) -> Path:
    """A run folder of synthetic Import/Export base games: cards held at random, Sauna
    `effect` log-odds when held (so owning its power goes with winning)."""
    sheet = load_import_export_sheet(None)
    rows = [r.values for r in sheet.rows]
    base_ids = [int(r["id"]) for r in rows if r["set"] == "base"]
    planted = next(int(r["id"]) for r in rows if r["name"] == PLANTED)
    never = {c: 0.0 for c in range(max(base_ids) + 1) if c not in base_ids}
    games, players = synthetic_tables(
        GAMES,
        4,
        max(base_ids) + 1,
        card_effects={planted: effect},
        hold_rate=0.25,
        hold_by_strategy={"heuristic": never},
        fulfil_rate=0.3,
        winners="one",
        seed=seed,
    )
    rng = np.random.default_rng(0)
    games = games.with_columns(
        pl.Series("turns", rng.integers(30, 50, GAMES), dtype=pl.Int32),
        pl.Series("decisions", rng.integers(300, 500, GAMES), dtype=pl.Int32),
        pl.lit("credits").alias("end_reason"),
        pl.lit("base").alias("modules"),
        pl.lit("import-export").alias("game"),
    )
    return write_synthetic_ie_run(folder, games, players, seed, rows, base_ids)


@pytest.fixture(scope="module")
def synthetic_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_synthetic_run(tmp_path_factory.mktemp("headline") / "planted", 1.5, 21)


@pytest.fixture(scope="module")
def synthetic_page(synthetic_run: Path) -> str:
    return build_report(synthetic_run).read_text(encoding="utf-8")


def test_the_headline_comes_first_and_the_metadata_last(synthetic_page: str) -> None:
    ids = outline(synthetic_page).ids
    for ident in ("summary", "verdicts", "standout", "can-tell", "run-details"):
        assert ident in ids, ident
    assert ids.index("summary") < ids.index("win-rates") < ids.index("cards")
    assert ids.index("can-tell") < ids.index("win-rates")
    assert ids[-2:] == ["run", "run-details"]  # the metadata is the last section
    header = synthetic_page.split('<section id="summary">', 1)[0]
    assert "Card sheet SHA-256" not in header and "3,000 games" in header


def test_a_planted_strong_card_is_named_in_the_headline(synthetic_page: str) -> None:
    rows = table_rows(synthetic_page, "standout")
    assert rows[0][0].startswith(PLANTED)  # the strongest card leads
    assert "stronger than the typical card of its kind (contracts)" in rows[0][4]
    assert "power owned" in rows[0][1]


def test_the_first_player_verdict_is_the_first_position_against_the_rest(
    synthetic_run: Path, synthetic_page: str
) -> None:
    players = pl.read_parquet(synthetic_run / "players")
    first = players.filter(pl.col("turn_order") == 0)
    rest = players.filter(pl.col("turn_order") > 0)
    d, lo, hi = newcombe_difference(
        int(first["win"].sum()), first.height, int(rest["win"].sum()), rest.height
    )
    row = next(r for r in table_rows(synthetic_page, "verdicts") if r[0] == "First player")
    assert f"{100 * d:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]" in row[1]
    verdict = seat_verdict(
        int(first["win"].sum()), first.height, int(rest["win"].sum()), rest.height, 1.0
    )
    assert row[2].startswith(
        {"balanced": "balanced", "unclear": "unclear", "stronger": "first-player advantage"}.get(
            verdict.verdict, "first-player disadvantage"
        )
    )
    assert "\u00b11 points" in row[2]  # the tolerance beside the verdict
    if lo <= 0 <= hi and (100 * lo < -1 or 100 * hi > 1):
        assert verdict.verdict == "unclear"  # covering zero is not balanced


def test_what_the_run_can_tell_is_what_plan_says(synthetic_run: Path, synthetic_page: str) -> None:
    """The games that would decide the unclear cards: per card, planning.games_to_decide from
    its own interval in points at the tolerance; the report quotes the median, and
    `deckhand plan --run` gives exactly the same number."""
    from click.testing import CliRunner

    from cli import main

    cards = pl.read_parquet(synthetic_run / "cards.parquet").filter(
        pl.col("in_game") & pl.col("verdict").is_not_null()
    )
    needs, halves = [], []
    for r in cards.iter_rows(named=True):
        if r["lo"] is not None:
            halves.append((r["hi"] - r["lo"]) / 2)
        if r["verdict"] == "unclear" and r["lo"] is not None:
            family = cards.filter(pl.col("verdict_q").is_not_null()).height
            need = games_to_decide(
                GAMES, 100 * r["verdict_pp"], r["lo"], r["hi"], 3.0, family=family
            )
            assert need == r["verdict_games_to_decide"]
            needs.append(need)
    assert needs, "the synthetic run should leave some card unclear"
    median = round(float(np.median(needs)))
    items = re.search(r'<ul id="can-tell"[^>]*>(.*?)</ul>', synthetic_page, re.S)
    assert items and f"about {median:,} games in all" in items.group(1)
    assert f"typically \u00b1{float(np.median(halves)):.1f} points" in items.group(1)
    said = CliRunner().invoke(main, ["plan", "--run", str(synthetic_run)])
    assert said.exit_code == 0, said.output
    assert f"needs about {median:,} games in all" in said.output


def test_long_sections_fold_and_nothing_runs(synthetic_page: str) -> None:
    parsed = outline(synthetic_page)
    assert parsed.scripts == 0
    kinds = [i for i in parsed.ids if re.fullmatch(r"cards-[a-z]+", i)]
    assert kinds and all(k in parsed.folded for k in kinds)
    assert "summary" not in parsed.folded and "standout" not in parsed.folded


def test_cards_out_of_play_are_left_out(ie_mixes: tuple[list[Mix], list[Path]]) -> None:
    """A base-only run shows no expansion card: no n=0 rows."""
    folder = ie_mixes[1][0]
    page = build_report(folder, folder.parent / "base-report.html").read_text(encoding="utf-8")
    sheet = load_import_export_sheet(None)
    expansion = {str(r["name"]) for r in (x.values for x in sheet.rows) if r["set"] != "base"}
    base = {str(r["name"]) for r in (x.values for x in sheet.rows) if r["set"] == "base"}
    expansion -= base
    shown = set()
    for ident in re.findall(r'<table id="(cards-[a-z]+-(?:hand|events))">', page):
        shown |= {row[0] for row in table_rows(page, ident)}
    assert shown and shown <= {html.escape(n) for n in base}
    assert not any(f"<td>{html.escape(n)}</td>" in page for n in expansion)
    assert "cards of modules not in this run are left out" in page


def test_the_compare_report_opens_on_what_changes(
    synthetic_run: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Summary first (first player, strategies, length, end reasons as changes with
    intervals), then the cards whose verdict changes most, in p order: a card whose planted
    effect is removed in the second run leads; the runs table comes last."""
    from reports.compare import build_compare_report
    from simulator.analysis.compare import card_changes, load_runs, rate_difference, win_rates

    plain = make_synthetic_run(tmp_path_factory.mktemp("headline") / "plain", 0.0, 22)
    folders = [synthetic_run, plain]
    page = build_compare_report(folders, plain.parent / "c.html").read_text(encoding="utf-8")
    ids = outline(page).ids
    assert ids.index("summary") < ids.index("length") < ids.index("runs-table")
    assert ids[-2:] == ["runs", "runs-table"]
    runs = load_runs(folders)
    first = rate_difference(
        win_rates(runs[0], "turn_order")[0], win_rates(runs[1], "turn_order")[0]
    )
    rows = {r[0]: r for r in table_rows(page, "verdicts")}
    assert set(rows) == {"First player", "Strategies", "Game length", "End reasons"}
    assert (
        f"{100 * first.diff:+.1f} points [{100 * first.lo:+.1f}, {100 * first.hi:+.1f}]"
        in rows["First player"][1]
    )
    changes = card_changes(runs[0].cards(), runs[1].cards())
    rated = changes.filter(pl.col("peer_change_p").is_not_null()).sort(["peer_change_p", "name"])
    shown = table_rows(page, "standout")
    assert shown[0][0].startswith(PLANTED) and rated["name"][0] == PLANTED
    assert shown[0][-1].startswith("-")  # the planted effect is gone in B
    assert "weaker in B" in shown[0][-1] or "unclear" in shown[0][-1]
    expected = rated.head(len(shown))
    assert [r[0] for r in shown] == [
        f"{html.escape(n)} {t}" for n, t in zip(expected["name"], expected["type"], strict=True)
    ]
    assert "games per run" in page.split('id="can-tell"', 1)[1].split("</ul>", 1)[0]


def test_the_sweep_report_opens_on_the_verdicts(ie_sweep: SweepPlan) -> None:
    from reports.sweep import build_sweep_report
    from simulator.runs.sweep import sweep_summary

    out = ie_sweep.out
    page = build_sweep_report(out, Path(out) / "s.html").read_text(encoding="utf-8")
    ids = outline(page).ids
    assert ids.index("summary") < ids.index("findings") < ids.index("values") < ids.index("details")
    summary = sweep_summary(out)
    rows = {html.unescape(r[0]): r for r in table_rows(page, "verdicts")}
    for point in summary.points:
        label = next(k for k in rows if k.split(" (")[0] == f"{summary.key} = {point.value}")
        assert html.unescape(rows[label][2]) == point.words()  # the verdict, in plain words
        assert point.verdict in ("stronger", "weaker", "balanced", "unclear")
        if point.verdict == "balanced":
            assert -summary.tolerance <= point.measure_lo <= point.measure_hi <= summary.tolerance
    assert any(
        k.startswith("The value where the card meets the typical card of its kind") for k in rows
    )
    assert "power owned" in page


def test_a_verdict_against_its_raw_rates_is_marked_and_explained() -> None:
    """A flagged card whose raw rates point the other way from its adjusted verdict gets a
    mark and a line saying why, so a designer does not read the opposite of the verdict."""
    from reports.headline import REVERSED_MARK, raw_points_the_other_way, standout_table
    from simulator.games.travel.spec import TRAVEL

    row = {
        "name": "Lost Luggage",
        "type": "event",
        "in_game": True,
        "verdict": "stronger",
        "verdict_peers": "events",
        "tolerance": 3.0,
        "verdict_pp": 0.025,
        "verdict_lo": 0.011,
        "verdict_hi": 0.039,
        "verdict_q": 0.011,
        "verdict_n": 17011,
        "verdict_wins": 3914,  # 23.0% with it
        "verdict_n_peers": 16887,
        "verdict_peer_wins": 4061,  # 24.0% with a peer instead
    }
    assert raw_points_the_other_way(row)
    assert not raw_points_the_other_way({**row, "verdict_wins": 4300})  # 25.3%: same way
    assert not raw_points_the_other_way({**row, "verdict": "balanced"})
    page = standout_table(pl.DataFrame([row]), TRAVEL)
    assert f"Lost Luggage</b>{REVERSED_MARK}" in page and "raw rates point the other way" in page
    same = standout_table(pl.DataFrame([{**row, "verdict_wins": 4300}]), TRAVEL)
    assert REVERSED_MARK not in same


def _summary_text(page: str) -> str:
    section = page.split('<section id="summary">', 1)[1].split("</section>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", section))


def test_the_first_screen_answers_in_plain_words(synthetic_page: str) -> None:
    """One sentence answers "is this game balanced?"; no pp, q, BH or GIH before the glossary;
    every verdict names its tolerance; a cut list says it is cut."""
    text = _summary_text(synthetic_page)
    answer = re.search(r'<p class="answer" id="answer">([^<]+)</p>', synthetic_page)
    assert answer and answer.group(1).split(":")[0] in ("Balanced", "Not balanced", "Not shown yet")
    assert "of 100 cards" in html.unescape(answer.group(1))
    for jargon in (" pp ", " q ", "q =", "Benjamini", "GIH", " BH "):
        assert jargon not in text, jargon
    assert "Tolerances: card \u00b13, seat \u00b11, strategy \u00b13 points" in text
    rows = table_rows(synthetic_page, "standout")
    assert rows and all(
        "\u00b13" in r[-1] or "stronger" in r[-1] or "weaker" in r[-1] for r in rows
    )
    assert re.search(r"(the top \d+ of \d+|the \d+ \w+ of \d+|\d+ of the \d+ cards)", text)


def test_the_report_judges_at_the_designers_tolerance(synthetic_run: Path, tmp_path: Path) -> None:
    """--tolerance changes the verdicts without a refit and cards.parquet follows the page:
    a wide enough band makes every card with a figure balanced, a tight one none."""
    import shutil

    folder = tmp_path / "run"
    shutil.copytree(synthetic_run, folder)
    build_report(folder, tolerances=Tolerances(card=60.0))
    loose = pl.read_parquet(folder / "cards.parquet").filter(pl.col("lo").is_not_null())
    assert set(loose["verdict"]) == {"balanced"} and set(loose["tolerance"]) == {60.0}
    build_report(folder, tolerances=Tolerances(card=0.1))
    tight = pl.read_parquet(folder / "cards.parquet").filter(pl.col("lo").is_not_null())
    assert "balanced" not in set(tight["verdict"])
    assert set(tight["tolerance"]) == {0.1}
    assert (tight["verdict_pp"] == loose["verdict_pp"]).all()  # the figures did not move


def test_the_seat_and_strategy_verdicts_are_written_beside_the_cards(
    synthetic_run: Path, synthetic_page: str
) -> None:
    """verdicts.parquet holds the summary's seat and strategy verdicts with their intervals
    and tolerances in points; balanced only inside the band, and the page says the same."""
    table = pl.read_parquet(synthetic_run / "verdicts.parquet")
    assert {"verdict", "lo", "hi", "tolerance"} <= set(table.columns)
    seat = table.filter(pl.col("subject") == "first player").row(0, named=True)
    assert seat["tolerance"] == 1.0 and seat["verdict"] in (
        "stronger",
        "weaker",
        "balanced",
        "unclear",
    )
    row = next(r for r in table_rows(synthetic_page, "verdicts") if r[0] == "First player")
    assert f"{seat['estimate']:+.1f} points" in row[1]
    for r in table.iter_rows(named=True):
        if r["verdict"] == "balanced":
            assert -r["tolerance"] <= r["lo"] and r["hi"] <= r["tolerance"]


def test_the_extreme_pair_of_strategies_pays_for_being_picked() -> None:
    """Of four strategies the best and worst are the extreme pair of six: a difference needs
    p < 0.05 / 6, so a gap significant alone can stay unclear."""
    from simulator.analysis.deciding import strategy_verdict

    two = strategy_verdict({"a": (560, 2000), "b": (500, 2000)}, 3.0, 1000)
    four = strategy_verdict(
        {"a": (560, 2000), "b": (500, 2000), "c": (530, 2000), "d": (520, 2000)}, 3.0, 1000
    )
    assert two is not None and four is not None
    assert two.verdict.lo > 0 and two.verdict.verdict == "stronger"
    assert (four.best, four.worst) == ("a", "b") and four.verdict.verdict == "unclear"


def test_the_cards_the_summary_names_link_to_their_pages(
    synthetic_run: Path, tmp_path: Path
) -> None:
    """With card_pages (the CLI's default), the summary's cards get their pages written and
    every mention of them links there; without, names stay plain unless a page exists."""
    import shutil

    folder = tmp_path / "run"
    shutil.copytree(synthetic_run, folder)
    shutil.rmtree(folder / "cards", ignore_errors=True)
    plain_page = build_report(folder).read_text(encoding="utf-8")
    assert 'class="card"' not in plain_page
    page = build_report(folder, card_pages=True).read_text(encoding="utf-8")
    links = set(re.findall(r'<a class="card" href="([^"]+)">([^<]+)</a>', page))
    assert PLANTED in {html.unescape(name) for _, name in links}  # the summary's first card
    standout = table_rows(page, "standout")
    assert all("<a " not in r[0] for r in standout)  # (the parser keeps text only)
    assert len({href for href, _ in links}) == len(standout)  # one page per card it names
    for href, _ in links:
        assert (folder / href).is_file(), href
