"""The run folder as docs/data-format.md describes it: each table a folder any Parquet reader
reads as one clean table, the long card-events table, open_run, the documented examples
(run here, block by block), and folders of the first layout still read."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import pandas as pd
import polars as pl
import pytest
from polars.testing import assert_frame_equal

from simulator.core.errors import RunFolderError
from simulator.folders.config import make_run_config
from simulator.folders.run_folder import (
    completed_chunks,
    part_path,
    read_card_events,
    read_games,
    read_players,
)
from simulator.runs import open_run
from simulator.runs.runner import run_simulation

DOC = Path(__file__).resolve().parents[1] / "docs" / "data-format.md"


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    config = make_run_config(
        "travel", 4, ("events", "postcards"), ("heuristic",), games=60, seed=7, chunk_size=25
    )
    return run_simulation(config, tmp_path_factory.mktemp("runs") / "run", progress=False)


def test_each_table_is_one_clean_table_for_pandas_polars_and_duckdb(run: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    players = pd.read_parquet(run / "players")
    assert len(players) == 240 and "score" in players and "card_name" not in players
    games = pl.scan_parquet(str(run / "games" / "*.parquet")).collect()
    assert games.height == 60 and games["game_id"].n_unique() == 60
    query = f"select count(*) from read_parquet('{run}/card_events/*.parquet')"
    ((count,),) = duckdb.sql(query).fetchall()
    assert count == read_card_events(run).height > 0


def test_card_events_say_what_the_event_lists_say(run: Path) -> None:
    events = read_card_events(run)
    players = read_players(run)
    long = (
        players.select("game_id", "seat", pl.col("drawn").alias("card_id"))
        .explode("card_id")
        .drop_nulls()
        .group_by("game_id", "seat", "card_id")
        .len("count")
        .sort("game_id", "seat", "card_id")
    )
    drawn = (
        events.filter(pl.col("event") == "drawn")
        .select("game_id", "seat", "card_id", "count")
        .sort("game_id", "seat", "card_id")
    )
    assert_frame_equal(drawn, long, check_dtypes=False)
    sheet = {r["id"]: r["name"] for r in pl.read_csv(run / "card_sheet.csv").iter_rows(named=True)}
    assert all(sheet[c] == n for c, n in events.select("card_id", "card_name").unique().iter_rows())


def test_open_run_gives_every_table(run: Path) -> None:
    opened = open_run(run)
    assert_frame_equal(opened.games, read_games(run))
    assert_frame_equal(opened.players, read_players(run))
    assert opened.card_events.height > 0 and opened.cards.height > 0
    assert opened.players.to_pandas().shape == (240, opened.players.width)
    assert opened.manifest["config"]["games"] == 60
    with pytest.raises(RunFolderError, match="no manifest.json"):
        open_run(run.parent)


def _blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", DOC.read_text(), re.S)


def test_the_documented_examples_agree_with_each_other(run: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    examples = [b for b in _blocks("python") if "Winter Coat" in b]
    assert len(examples) == 2  # pandas and polars
    answers = []
    for code in examples:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(code.replace("RUN", str(run)), {})
        answers.append(float(out.getvalue()))
    (sql,) = _blocks("sql")
    answers.append(duckdb.sql(sql.replace("RUN", str(run)).split(";")[0]).fetchall()[0][0])
    events = read_card_events(run).filter(
        (pl.col("card_name") == "Winter Coat") & (pl.col("event") == "held")
    )
    held = events.select("game_id", "seat").unique()
    direct = held.join(read_players(run), on=["game_id", "seat"])["win"].mean()
    assert answers == pytest.approx([direct] * 3) and held.height > 0


def test_a_folder_of_the_first_layout_is_read_not_resumed(run: Path, tmp_path: Path) -> None:
    old = tmp_path / "old"
    shutil.copytree(run, old)
    for chunk in sorted(completed_chunks(run)):
        folder = old / "parts" / f"chunk-{chunk:05d}"
        folder.mkdir(parents=True)
        for table in ("games", "players"):
            shutil.move(part_path(old, table, chunk), folder / f"{table}.parquet")
    for table in ("games", "players", "card_events"):
        shutil.rmtree(old / table)
    assert_frame_equal(read_players(old), read_players(run))
    assert_frame_equal(read_games(old), read_games(run))
    with pytest.raises(RunFolderError, match="wrote no card_events table"):
        read_card_events(old)
    config = make_run_config(
        "travel", 4, ("events", "postcards"), ("heuristic",), games=80, seed=7, chunk_size=25
    )
    with pytest.raises(RunFolderError, match="cannot be resumed or extended"):
        run_simulation(config, old, progress=False)
