"""The HTML report: built from a small real run, self-contained, right numbers, escaped text."""

from __future__ import annotations

import csv
import html
import json
import re
import shlex
import shutil
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

from cli import main
from reports.html import build_report
from simulator.analysis.metrics import read_card_summary
from simulator.analysis.stats import wilson
from simulator.folders.config import make_run_config
from simulator.folders.run_folder import read_players, remove_chunk
from simulator.runs.runner import run_simulation

SHEET = Path(__file__).resolve().parents[1] / "simulator/games/travel/data/travel_cards.csv"
EVIL = "<script>alert(1)</script>"
RENAMED = "Camera"


def _evil_sheet(folder: Path) -> Path:
    """The default sheet with one item renamed to a script tag, in its rows and in `requires`."""
    folder.mkdir(parents=True)
    with SHEET.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        fields = list(reader.fieldnames or [])
        rows = list(reader)
    renamed = 0
    for row in rows:
        if row["type"] == "item" and row["name"] == RENAMED:
            row["name"] = EVIL
            renamed += 1
        if row["type"] == "country" and row["requires"]:
            names = [
                EVIL if n.strip() == RENAMED else n.strip() for n in row["requires"].split("|")
            ]
            row["requires"] = "|".join(names)
    assert renamed == 2
    path = folder / "cards.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    base = tmp_path_factory.mktemp("report")
    # a path with HTML metacharacters: paths are data and must come out escaped too
    sheet = _evil_sheet(base / "sheets<&>")
    config = make_run_config(
        "travel",
        4,
        ("special_items", "postcards"),
        ("heuristic", "random", "random", "random"),
        games=60,
        seed=7,
        card_sheet=str(sheet),
        chunk_size=20,
    )
    folder = run_simulation(config, base / "run", backend="sequential", progress=False)
    path = build_report(folder)
    return folder, path, path.read_text(encoding="utf-8")


def _table(page: str, table_id: str) -> list[list[str]]:
    """Body rows of the table with this id, as lists of cell texts (tags removed)."""
    match = re.search(rf'<table id="{table_id}">(.*?)</table>', page, re.S)
    assert match, f"no table {table_id}"
    body = match.group(1).split("<tbody>", 1)[1]
    rows = []
    for tr in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)
        rows.append([re.sub(r"<[^>]+>", " ", c).strip() for c in cells])
    return rows


def _headers(page: str, table_id: str) -> list[str]:
    """Header texts of the table with this id (tags removed, spaces collapsed)."""
    head = re.search(rf'<table id="{table_id}"><thead>(.*?)</thead>', page, re.S)
    assert head, f"no table {table_id}"
    cells = re.findall(r"<th[^>]*>(.*?)</th>", head.group(1), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", h).split()) for h in cells]


def _column(page: str, table_id: str, header: str) -> int:
    """Index of the column whose header starts with `header`."""
    names = _headers(page, table_id)
    return next(i for i, h in enumerate(names) if h.startswith(header))


def _interval(wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def test_report_is_written_and_self_contained(run: tuple[Path, Path, str]) -> None:
    folder, path, page = run
    assert path == folder / "report.html" and path.is_file()
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page, re.I)
    assert "<link" not in page and "@import" not in page and "url(" not in page
    images = re.findall(r'<img src="([^"]*)"', page)
    assert len(images) >= 4  # seat, turn order, strategy, length (+ forests with enough games)
    assert all(src.startswith("data:image/png;base64,") for src in images)


def test_win_rates_match_the_players_table(run: tuple[Path, Path, str]) -> None:
    folder, _, page = run
    players = read_players(folder)
    for key, table_id, label in (
        ("seat", "winrate-seat", lambda v: f"seat {v}"),
        ("strategy", "winrate-strategy", str),
    ):
        expected = {
            label(value): (part.height, int(part["win"].sum()))
            for (value,), part in players.group_by([key])
        }
        rows = {r[0]: r for r in _table(page, table_id)}
        assert set(rows) == set(expected)
        for name, (n, wins) in expected.items():
            row = rows[name]
            assert row[2] == f"{n:,}" and row[3] == f"{wins:,}"
            assert row[-1] == _interval(wins, n)
    assert sum(int(r[2].replace(",", "")) for r in _table(page, "winrate-seat")) == players.height
    order = _table(page, "winrate-turn-order")
    first = players.filter(pl.col("turn_order") == 0)
    assert order[0][0].startswith("1st") and order[0][-1] == _interval(
        int(first["win"].sum()), first.height
    )


def test_cards_appear_with_their_numbers(run: tuple[Path, Path, str]) -> None:
    folder, _, page = run
    cards = read_card_summary(folder)
    for name in ("Passport", "Sunglasses", "Mousetrap", "Postcard from Rome", "Italy"):
        assert f"<td>{html.escape(name)}</td>" in page
    for heading in ("item", "passport", "special", "postcard", "country"):
        assert f'id="cards-{heading}"' in page
    for absent in ("event", "forbidden", "character", "rules"):
        assert f'id="cards-{absent}"' not in page  # modules not played, or no data
    evil = cards.filter(pl.col("name") == EVIL).row(0, named=True)
    row = next(r for r in _table(page, "cards-item-hand") if r[0] == html.escape(EVIL))
    gih = row[_column(page, "cards-item-hand", "win rate when in hand (GIH WR)")]
    assert gih.startswith(_interval(evil["gih_wins"], evil["gih_n"]))
    assert f"n={evil['gih_n']:,}" in gih


def test_data_strings_are_escaped(run: tuple[Path, Path, str]) -> None:
    _, _, page = run
    assert EVIL not in page
    assert html.escape(EVIL) in page
    assert "<script" not in page.lower()
    assert "sheets<&>" not in page
    assert "sheets&lt;&amp;&gt;" in page


def test_report_to_another_path(run: tuple[Path, Path, str], tmp_path: Path) -> None:
    folder, _, _ = run
    out = build_report(str(folder), tmp_path / "elsewhere" / "r.html")
    assert out == tmp_path / "elsewhere" / "r.html" and out.is_file()


def test_an_unwritable_report_path_is_a_clear_error(
    run: tuple[Path, Path, str], tmp_path: Path
) -> None:
    """A read-only run folder (here: a parent that is a file, which stops root too) gives a
    one-line error saying to pass --out, and leaves no temporary file."""
    folder, _, _ = run
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(main, ["report", str(folder), "-o", str(blocker / "r.html")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "cannot write the report to" in result.output and "pass --out FILE" in result.output


def test_incomplete_run_still_reports(run: tuple[Path, Path, str], tmp_path: Path) -> None:
    """A run killed before the end has no cards.parquet: the report says so and still builds."""
    folder, _, _ = run
    partial = tmp_path / "partial"
    shutil.copytree(folder, partial)
    remove_chunk(partial, 2)
    (partial / "cards.parquet").unlink()
    (partial / "report.html").unlink()
    manifest = json.loads((partial / "manifest.json").read_text())
    manifest["finished"] = None
    (partial / "manifest.json").write_text(json.dumps(manifest))
    page = build_report(partial).read_text(encoding="utf-8")
    assert "This run is incomplete: 40 of 60 games" in page
    assert "cards.parquet is missing" in page
    assert sum(int(r[2].replace(",", "")) for r in _table(page, "winrate-seat")) == 40 * 4


def test_strategy_strength_matches_the_players_table(run: tuple[Path, Path, str]) -> None:
    """The head-to-head cell is the share of comparisons the row strategy finished ahead."""
    from simulator.folders.run_folder import read_players

    folder, _, page = run
    players = read_players(folder)
    rows = {r[0]: r[1:] for r in _table(page, "head-to-head")}
    names = list(rows)
    assert set(names) == {"heuristic", "random"}
    both = players.select("game_id", "strategy", "placement")
    heur = both.filter(pl.col("strategy") == "heuristic")
    rand = both.filter(pl.col("strategy") == "random")
    pairs = heur.join(rand, on="game_id", suffix="_r")
    ahead = (pairs["placement"] < pairs["placement_r"]).sum()
    ahead += 0.5 * (pairs["placement"] == pairs["placement_r"]).sum()
    share = ahead / pairs.height
    cell = rows["heuristic"][names.index("random")]
    assert cell.startswith(f"{100 * share:.1f}%")
    ratings = {r[0]: r[1] for r in _table(page, "ratings")}
    assert float(ratings["heuristic"].split()[0]) > float(ratings["random"].split()[0])


def test_iwd_under_the_minimum_sample_is_not_shown(run: tuple[Path, Path, str]) -> None:
    """A raw IWD from fewer than 100 player-games on either side shows a dash, its n's kept."""
    folder, _, page = run
    cards = read_card_summary(folder).filter(pl.col("type") == "item")
    thin = cards.filter((pl.col("gih_n") < 100) | (pl.col("gns_n") < 100)).row(0, named=True)
    row = next(r for r in _table(page, "cards-item-hand") if r[0] == html.escape(thin["name"]))
    iwd = row[_column(page, "cards-item-hand", "in hand vs never in hand [95% CI] (IWD)")]
    q = row[_column(page, "cards-item-hand", "IWD q")]
    assert iwd.startswith("—") and f"n={thin['gih_n']:,}" in iwd and q == "—"
    if cards.filter((pl.col("gih_n") >= 100) & (pl.col("gns_n") >= 100)).is_empty():
        assert "no IWD is shown" in page


def test_first_player_advantage_is_the_first_position_against_the_rest(
    run: tuple[Path, Path, str],
) -> None:
    from simulator.analysis.stats import newcombe_difference

    folder, _, page = run
    players = read_players(folder)
    first = players.filter(pl.col("turn_order") == 0)
    rest = players.filter(pl.col("turn_order") > 0)
    d, lo, hi = newcombe_difference(
        int(first["win"].sum()), first.height, int(rest["win"].sum()), rest.height
    )
    expected = f"{100 * d:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]"
    match = re.search(
        r"First-player advantage \(1st against all later positions\): (\S+ points \[[^\]]+\])",
        page,
    )
    assert match and match.group(1) == expected


def test_the_report_links_telling_games_each_replayed_on_its_page(
    run: tuple[Path, Path, str],
) -> None:
    folder, path, page = run
    links = re.findall(r'<a href="(replays/game-(\d+)\.html)">Game \2</a>: ([^<]+)</li>', page)
    assert links, "the report should link a few telling games"
    for link, game_id, why in links:
        target = path.parent / link
        assert target.exists(), link
        replayed = target.read_text(encoding="utf-8")
        assert f"Game {game_id}" in replayed and "<script" not in replayed
        assert why.strip()
    assert page.index('id="games"') < page.index('id="win-rates"')


def test_a_run_whose_sheet_todays_checks_refuse_still_reports(
    ie_mixes: tuple[list, list[Path]], tmp_path: Path
) -> None:
    """A run an earlier Deckhand played with a sheet a newer check refuses (here Flour's old
    cargo, yellow:2, against its power's 4 containers), summarised before verdicts existed:
    the report reads the sheet without the game's checks to add the verdicts, and says why
    it writes no game pages instead of failing."""
    old = tmp_path / "old"
    shutil.copytree(ie_mixes[1][0], old)
    sheet = old / "card_sheet.csv"
    sheet.write_text(
        sheet.read_text().replace(
            ",Flour,base,,yellow,contract,yellow:1,yellow:4,",
            ",Flour,base,,yellow,contract,yellow:1,yellow:2,",
        )
    )
    assert "yellow:1,yellow:2," in sheet.read_text()
    cards = read_card_summary(old)
    cards.select(pl.exclude("^verdict.*$")).write_parquet(old / "cards.parquet")
    shutil.rmtree(old / "replays", ignore_errors=True)
    page = build_report(old).read_text(encoding="utf-8")
    assert "cards.parquet predates the verdict card columns" in page
    assert "No game pages were written (this Deckhand cannot replay the run" in page
    assert "field &#x27;cargo&#x27;: Flour" in page or "Flour" in page
    assert re.search(
        r"Of \d+ cards: \d+ stronger and \d+ weaker than the typical card of their kind", page
    )
    assert re.search(r"\d+ shown balanced within \u00b13 points, \d+ still unclear", page)
    assert not (old / "replays").exists()


def test_the_reports_command_plays_the_same_run_again(tmp_path: Path) -> None:
    """The run details' command line reproduces the run: its variant, rule numbers, sheet
    and seed, not the modules alone (a variant given to --modules is refused)."""
    out = tmp_path / "first"
    args = [
        "simulate", "import-export", "-p", "3", "--sets", "base", "--variant", "market",
        "--rule", "sell_price=5", "-n", "4", "--seed", "9", "-o", str(out), "-q",
        "--backend", "sequential",
    ]  # fmt: skip
    assert CliRunner().invoke(main, args).exit_code == 0
    assert CliRunner().invoke(main, ["report", str(out)]).exit_code == 0
    page = (out / "report.html").read_text()
    command = html.unescape(re.search(r"<th>Command</th><td><code>(.*?)</code>", page)[1])
    words = shlex.split(command)
    assert words[:2] == ["deckhand", "simulate"] and "--variant" in words and "--rule" in words
    again = tmp_path / "again"
    words[words.index("--out") + 1] = str(again)
    result = CliRunner().invoke(main, [*words[1:], "-q", "--backend", "sequential"])
    assert result.exit_code == 0, result.output
    first, second = (json.loads((d / "manifest.json").read_text())["config"] for d in (out, again))
    assert first == second
    assert (
        read_players(out)
        .sort("game_id", "seat")
        .equals(read_players(again).sort("game_id", "seat"))
    )
