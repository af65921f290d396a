"""`deckhand replay`: a game you can follow.

For every game of small real runs (Import/Export base, all sets, a physical-container
variant, a game cut by the turn limit; travel with every module), the replay must agree
with the run's tables (final scores, winners, turns), explain every credit (the narrated
changes add up to each player's credits in play, each with a cause), itemise the scoring,
tell every card move (folding the moves gives each hand the table shows), name each seat
one way and show no Python repr. The HTML page must be a valid static page with the chart
and one table per turn.
"""

from __future__ import annotations

import csv
import html
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner
from report_runs import EVIL, evil_sheet

from cli import main
from reports.replay_page import page_path, write_replay_page, write_telling_pages
from simulator.core.narration import named
from simulator.folders.config import make_run_config
from simulator.folders.run_folder import read_games, read_players
from simulator.games.travel.cards import EXPANSIONS
from simulator.runs.replay import MATCHES, Replay, render_text, replay_game, telling_games
from simulator.runs.runner import run_simulation

IE_BOTS = ("heuristic", "contractor", "importer", "pirate")
RUNS = {
    "ie-base": dict(game="import-export", players=4, modules=("base",), strategies=IE_BOTS),
    "ie-all": dict(
        game="import-export",
        players=4,
        modules=("all",),
        strategies=("random", "heuristic", "importer", "pirate"),
    ),
    "ie-all-containers": dict(
        game="import-export",
        players=3,
        modules=("all",),
        strategies=("heuristic",),
        variants=("containers_all",),
    ),
    "ie-turn-limit": dict(
        game="import-export", players=2, modules=("all",), strategies=("random",), max_turns=9
    ),
    "ie-card-win": dict(
        game="import-export",
        players=3,
        modules=("base",),
        strategies=("heuristic",),
        card_sheet="rolls-royce",
    ),
    "travel-all": dict(
        game="travel",
        players=4,
        modules=EXPANSIONS,
        strategies=("heuristic", "random", "heuristic", "random"),
        max_turns=300,
    ),
}
GAMES = 8


@pytest.fixture(scope="module", params=sorted(RUNS))
def replayed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, list[Replay]]:
    """A small run and the replay of each of its games."""
    return _replayed_run(request.param, tmp_path_factory)


@pytest.fixture(scope="module")
def travel_replayed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Replay]]:
    """The travel run alone, for the checks of the command line made once."""
    return _replayed_run("travel-all", tmp_path_factory)


def _replayed_run(name: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Replay]]:
    options = dict(RUNS[name])
    folder = tmp_path_factory.mktemp("replay")
    if options.get("card_sheet") == "rolls-royce":
        options["card_sheet"] = str(_rolls_royce_sheet(folder / "rolls.csv"))
    config = make_run_config(
        options.pop("game"),
        options.pop("players"),
        games=GAMES,
        seed=13,
        chunk_size=4,
        **options,
    )
    folder = run_simulation(config, folder / name, jobs=1)
    return folder, [replay_game(folder, g) for g in range(GAMES)]


def _rolls_royce_sheet(path: Path) -> Path:
    """The Import/Export sheet with Rolls Royce easy to fulfil (no level, one container) and
    revealing 30 cards: most games end at once by its win condition (no scoring)."""
    from simulator.games.import_export.cards import DEFAULT_SHEET

    with DEFAULT_SHEET.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        fields = list(reader.fieldnames or [])
        rows = list(reader)
    for row in rows:
        if row["name"] == "Rolls Royce":
            row.update(level="", cargo="blue:1", params="cards=30")
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_replayed_scores_and_winners_are_the_tables(replayed: tuple[Path, list[Replay]]) -> None:
    folder, replays = replayed
    games = read_games(folder)
    players = read_players(folder, ["score"])
    for r in replays:
        scores = players.filter(pl.col("game_id") == r.game_id).sort("seat")["score"].to_list()
        row = games.filter(pl.col("game_id") == r.game_id).row(0, named=True)
        assert r.final_scores() == scores, r.game_id
        assert r.winners() == list(row["winners"]), r.game_id
        assert r.outcome.turns == row["turns"] and r.matches()
        assert render_text(r)[-1] == MATCHES


def test_every_credit_change_has_a_cause_and_they_add_up(
    replayed: tuple[Path, list[Replay]],
) -> None:
    folder, replays = replayed
    column = "credits_in_play" if replays[0].game == "import-export" else "score"
    players = read_players(folder, [column])
    for r in replays:
        held = players.filter(pl.col("game_id") == r.game_id).sort("seat")[column].to_list()
        assert r.tallies() == held, r.game_id
        changes = [e for e in r.events if e.kind == "change"]
        assert changes and all(e.cause and e.cause != "unexplained" for e in changes)
        running: Counter[int] = Counter()
        for e in changes:  # each change states the total it leads to
            running[e.seat] += e.amount
            assert e.total == running[e.seat], (r.game_id, e)


def test_the_scoring_table_itemises_each_final_score(replayed: tuple[Path, list[Replay]]) -> None:
    _, replays = replayed
    for r in replays:
        scoring = [e for e in r.events if e.kind == "scoring"]
        assert len(scoring) == 1 and scoring[0].table is not None
        table = scoring[0].table
        assert [named(row[0], r.names) for row in table.rows] == r.names
        final = [float(row[-1]) for row in table.rows]
        assert final == r.final_scores()
        if r.game == "import-export" and len(table.header) > 3:
            assert table.header[1] == "credits" and table.header[-1] == "final score"
            assert "power bonuses" in table.header and "illegal goods" in table.header
            for row in table.rows:  # the parts add up to the final score
                assert sum(int(v) for v in row[1:-1]) == int(row[-1]), row
            assert not any("not itemise" in note for note in table.notes)


def test_the_end_is_narrated(replayed: tuple[Path, list[Replay]]) -> None:
    folder, replays = replayed
    expected = {"ie-card-win": "card", "ie-turn-limit": "turn_limit"}.get(folder.name)
    if expected is not None:  # the runs made to end these ways do
        assert any(r.outcome.end_reason == expected for r in replays)
    for r in replays:
        ends = [e for e in r.events if e.kind == "end"]
        assert ends, r.game_id
        text = r.say(ends[0].text)
        reason = r.outcome.end_reason
        if reason == "credits":
            trigger = ends[0]
            assert "The end is triggered" in text and trigger.seat is not None
            assert r.names[trigger.seat] in text
            threshold = int(re.search(r"at least the (\d+)", text).group(1))  # type: ignore[union-attr]
            before = [e for e in r.events[: r.events.index(trigger)] if e.kind == "change"]
            last = [e.total for e in before if e.seat == trigger.seat][-1]
            assert last >= threshold
        elif reason == "deck_exhausted":
            assert "both empty" in text
        elif reason == "turn_limit":
            assert "turn limit" in text
        elif reason == "card":  # maybe after a credits trigger in the same last turn
            last = r.say(ends[-1].text)
            assert "The game ends at once" in last and "win condition" in last
        elif reason in ("central_country", "postcards"):
            assert "wins" in text and r.names[r.winners()[0]] in text


def test_folding_the_card_moves_gives_the_hands_the_table_shows(
    replayed: tuple[Path, list[Replay]],
) -> None:
    """Every move is told: starting from the setup's moves, each hand after each turn is
    exactly what the table after that turn lists."""
    _, replays = replayed
    for r in replays[:3]:
        zones: dict[str, Counter[str]] = {}
        checked = 0
        for e in r.events:
            if e.kind == "move":
                for card in e.cards:
                    zones.setdefault(e.src, Counter())[card] -= 1
                    zones.setdefault(e.dst, Counter())[card] += 1
            elif e.kind == "table" and e.table is not None:
                hand = e.table.header.index("hand")
                for row in e.table.rows:
                    held = zones.get(f"{row[0]}'s hand", Counter())
                    listed = [] if row[hand] == "nothing" else row[hand].split(", ")
                    assert +held == Counter(listed), (r.game_id, e.turn, row[0])
                checked += 1
        assert checked >= r.outcome.turns - 1


def test_text_names_each_seat_one_way_and_shows_no_python_repr(
    replayed: tuple[Path, list[Replay]],
) -> None:
    _, replays = replayed
    for r in replays:
        text = "\n".join(render_text(r))
        assert not re.search(r"[\[\]{}]", text), r.game_id
        assert not re.search(r"'(?!s\b)", text.replace("Mom's", "Moms")), r.game_id
        assert not re.search(r"\b(player|seat|Player) \d", text), r.game_id
        assert not re.search(r"Seat \d+(?! \()", text), r.game_id  # always with its strategy
        assert not re.search(r"\b(None|True|False)\b", text), r.game_id
        for p, name in enumerate(r.names):
            assert name == f"Seat {p} ({name.split('(', 1)[1][:-1]})"
            assert name in text


def test_setup_and_powers_are_told(replayed: tuple[Path, list[Replay]]) -> None:
    _, replays = replayed
    for r in replays:
        setup = [e for e in r.events if e.turn == 0]
        dealt = {e.dst for e in setup if e.kind == "move"}
        assert {f"{{seat:{p}}}'s hand" for p in range(r.players)} <= dealt
    if replays[0].game == "import-export" and "all" in replays[0].modules:
        powers = [e for r in replays for e in r.events if e.kind == "power"]
        assert powers and all(e.cause for e in powers)


class _StrictHtml(HTMLParser):
    """Fails on an end tag that closes anything but the innermost open element."""

    VOID = {"meta", "img", "br", "hr", "link", "input"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: Counter[str] = Counter()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()


def _parse(page: str) -> _StrictHtml:
    assert page.startswith("<!DOCTYPE html>")
    parser = _StrictHtml()
    parser.feed(page)
    parser.close()
    assert not parser.stack, parser.stack
    return parser


def test_html_page_is_valid_with_the_chart_and_a_table_per_turn(
    replayed: tuple[Path, list[Replay]], tmp_path: Path
) -> None:
    folder, replays = replayed
    r = replays[0]
    path = write_replay_page(folder, r.game_id, tmp_path / "game.html")
    page = path.read_text(encoding="utf-8")
    parser = _parse(page)
    assert parser.tags["script"] == 0 and "javascript:" not in page
    assert page.count('src="data:image/png;base64,') == 1
    assert page.count("The table after turn") == r.outcome.turns
    assert page.count('<section id="turn-') == r.outcome.turns + 1  # and the setup
    scoring = next(e.table for e in r.events if e.kind == "scoring")
    assert scoring is not None and html.escape(scoring.title) in page
    for name in r.names:
        assert html.escape(name) in page


def test_html_page_escapes_card_names(tmp_path: Path) -> None:
    sheet = evil_sheet(tmp_path / "sheet")
    config = make_run_config(
        "travel",
        3,
        ("special_items",),
        ("heuristic",),
        games=6,
        seed=2,
        card_sheet=str(sheet),
        max_turns=300,
    )
    folder = run_simulation(config, tmp_path / "run", jobs=1)
    pages = [write_replay_page(folder, g, tmp_path / f"g{g}.html") for g in range(6)]
    texts = [p.read_text(encoding="utf-8") for p in pages]
    assert any(html.escape(EVIL) in t for t in texts)  # the renamed Trading Post was dealt
    for text in texts:
        assert _parse(text).tags["script"] == 0


def test_telling_games_are_games_of_the_run_with_a_reason(
    replayed: tuple[Path, list[Replay]], tmp_path: Path
) -> None:
    folder, _ = replayed
    picked = telling_games(folder)
    assert 2 <= len(picked) <= 4
    assert len({g for g, _ in picked}) == len(picked)
    assert all(0 <= g < GAMES and len(why) > 10 for g, why in picked)
    assert any("biggest win" in why for _, why in picked)
    written = write_telling_pages(folder, tmp_path / "pages")
    assert [(g, why) for g, why, _ in written] == picked
    assert all(path.is_file() for _, _, path in written)


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_replay_cli_text_html_and_errors(travel_replayed: tuple[Path, list[Replay]]) -> None:
    folder, _ = travel_replayed
    code, output = _run("replay", str(folder), "1")
    assert code == 0 and "Turn 1:" in output and output.rstrip().endswith(MATCHES)
    code, output = _run("replay", str(folder), "1", "--html")
    assert code == 0 and str(page_path(folder, 1)) in output
    _parse(page_path(folder, 1).read_text(encoding="utf-8"))
    code, output = _run("replay", str(folder), str(GAMES))
    assert (
        code == 2 and f"GAME_ID: {GAMES} is not in this run; accepted: 0 to {GAMES - 1}" in output
    )
    code, output = _run("replay", str(folder / "players"), "0")
    assert code == 2 and "is not a run folder" in output and "accepted:" in output
    code, output = _run("replay", str(folder), "0", "--out", "x.html")
    assert code == 2 and "--out: only with --html" in output
    assert "Traceback" not in output


def test_a_replay_page_that_cannot_be_written_says_to_pass_out(
    travel_replayed: tuple[Path, list[Replay]], tmp_path: Path
) -> None:
    folder, _ = travel_replayed
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    code, output = _run("replay", str(folder), "0", "--html", "--out", str(blocker / "g.html"))
    assert code == 1 and "pass --out FILE" in output and "Traceback" not in output
