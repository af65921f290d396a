"""Per-card verdicts: each kind of card on its declared measure, against its peers.

Synthetic runs (simulator/analysis/synthetic.py) plant known effects: a card stronger than its
peers must be named, a bonus every card of a kind shares (a win-condition kind) must not make
any of them 'over', and a real travel run must use the measure the game's spec declares.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from simulator.analysis.adjusted import frame_chunks, peer_effects
from simulator.analysis.metrics import (
    VERDICT_FEW,
    VERDICT_NO_PEERS,
    judge_cards,
    read_card_summary,
    with_adjusted,
    with_verdicts,
)
from simulator.analysis.synthetic import synthetic_tables
from simulator.analysis.verdicts import BALANCED, STRONGER, UNCLEAR, WEAKER, WORDS
from simulator.core.spec import CardMeasure
from simulator.folders.config import make_run_config
from simulator.games.import_export.spec import IMPORT_EXPORT
from simulator.games.travel.spec import TRAVEL
from simulator.runs.runner import run_simulation

WIN_CONDITION = range(0, 6)
"""Cards 0-5: every one of them adds the same +0.8 log-odds (like travel's postcards)."""
ORDINARY = range(6, 12)
"""Cards 6-11: no effect, except STRONG."""
STRONG = 8
LONE = 12
"""A kind with one card (like the passport)."""


def _measure(kind: str) -> CardMeasure:
    return CardMeasure((kind,), "gih", f"{kind} cards", "win rate when in hand", "GIH WR", "test")


SPEC = dataclasses.replace(
    TRAVEL,
    seen_events=("opening", "drawn"),
    card_measures=(_measure("win"), _measure("plain"), _measure("lone")),
)
"""A game whose cards are the synthetic ones: 'in hand' is opening or drawn."""


def _kind(card: int) -> str:
    return "win" if card in WIN_CONDITION else "plain" if card in ORDINARY else "lone"


SHEET = [{"id": c, "name": f"card {c}", "type": _kind(c)} for c in range(13)]


@pytest.fixture(scope="module")
def synthetic() -> tuple[pl.DataFrame, pl.DataFrame]:
    effects = {c: 0.8 for c in WIN_CONDITION} | {STRONG: 0.6}
    return synthetic_tables(4000, 4, 13, card_effects=effects, hold_rate=0.3, seed=4)


def _summary(games: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    base = pl.DataFrame({"card_id": [r["id"] for r in SHEET], "in_game": [True] * len(SHEET)})
    loaders = frame_chunks(players, games, 1000)
    adjusted = with_adjusted(base, loaders, SPEC, SHEET)
    return with_verdicts(adjusted, loaders, SPEC, SHEET)


def _row(summary: pl.DataFrame, card: int) -> dict[str, Any]:
    return summary.filter(pl.col("card_id") == card).row(0, named=True)


def test_a_card_stronger_than_its_peers_is_named(
    synthetic: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    summary = _summary(*synthetic)
    strong = _row(summary, STRONG)
    assert strong["verdict"] == STRONGER and strong["verdict_q"] < 0.05
    assert strong["verdict_lo"] > 0 and strong["verdict_event"] == "gih"
    assert strong["lo"] == pytest.approx(100 * strong["verdict_lo"])  # points on disk
    assert strong["tolerance"] == 3.0
    others = [_row(summary, c) for c in ORDINARY if c != STRONG]
    assert all(r["verdict"] in (BALANCED, UNCLEAR) for r in others)
    assert all(r["verdict_pp"] < strong["verdict_pp"] for r in others)


def test_a_bonus_every_card_of_a_kind_shares_is_not_a_verdict(
    synthetic: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    """The win-condition cards all win more than not holding them (the adjusted figure flags
    every one 'over'), but none is stronger than the others: against peers, none is named."""
    summary = _summary(*synthetic)
    rows = [_row(summary, c) for c in WIN_CONDITION]
    assert all(r["adj_flag"] == "over" for r in rows)
    assert all(r["verdict"] in (BALANCED, UNCLEAR) for r in rows)
    assert all(abs(r["verdict_pp"]) < 0.03 for r in rows)


def test_balanced_needs_the_whole_interval_inside_the_tolerance(
    synthetic: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    """The same figures judged at a tight and a loose tolerance: a card with no effect is
    unclear while its interval pokes out, balanced once the band holds it, and the table's
    columns always satisfy the invariant; the strong card stays stronger at both."""
    summary = _summary(*synthetic)
    half_widths = [(r["hi"] - r["lo"]) / 2 for r in summary.iter_rows(named=True) if r["lo"]]
    tight = judge_cards(summary, 0.5, games=4000)
    loose = judge_cards(summary, 3 * max(half_widths) + 30, games=4000)
    for table in (summary, tight, loose):
        judged = table.filter(pl.col("verdict").is_not_null())
        assert set(judged["verdict"]) <= set(WORDS)
        for r in judged.filter(pl.col("verdict") == BALANCED).iter_rows(named=True):
            assert -r["tolerance"] <= r["lo"] and r["hi"] <= r["tolerance"]
    ordinary = [c for c in ORDINARY if c != STRONG]
    assert {_row(tight, c)["verdict"] for c in ordinary} == {UNCLEAR}
    assert all(_row(tight, c)["verdict_games_to_decide"] > 4000 for c in ordinary)
    assert {_row(loose, c)["verdict"] for c in ordinary} == {BALANCED}
    assert _row(tight, STRONG)["verdict"] == STRONGER
    assert _row(loose, STRONG)["verdict"] == BALANCED  # everything fits a band that wide
    assert WEAKER not in set(tight["verdict"].drop_nulls())


def test_the_peer_counts_are_the_comparison_groups(
    synthetic: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    """verdict_n: player-games with the card in hand; verdict_n_peers: with another card of
    its kind in hand but not this one; wins likewise (a direct count from the tables)."""
    games, players = synthetic
    summary = _summary(games, players)
    held = players.select(
        pl.concat_list("opening", "drawn").list.unique().alias("held"), pl.col("win")
    )
    peers = [c for c in ORDINARY if c != STRONG]
    with_card = held.filter(pl.col("held").list.contains(STRONG))
    with_peer = held.filter(
        ~pl.col("held").list.contains(STRONG)
        & pl.col("held").list.eval(pl.element().is_in(peers)).list.any()
    )
    row = _row(summary, STRONG)
    assert row["verdict_n"] == with_card.height
    assert row["verdict_wins"] == int(with_card["win"].sum())
    assert row["verdict_n_peers"] == with_peer.height
    assert row["verdict_peer_wins"] == int(with_peer["win"].sum())


def test_a_kind_of_one_card_has_no_peers_and_thin_data_no_verdict(
    synthetic: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    games, players = synthetic
    lone = _row(_summary(games, players), LONE)
    assert lone["verdict"] is None and lone["verdict_note"] == VERDICT_NO_PEERS
    few_games, few_players = games.head(40), players.filter(pl.col("game_id") < 40)
    thin = _summary(few_games, few_players)
    assert {_row(thin, c)["verdict"] for c in ORDINARY} == {UNCLEAR}
    assert {_row(thin, c)["verdict_note"] for c in ORDINARY} == {VERDICT_FEW}
    assert all(_row(thin, c)["verdict_pp"] is None for c in ORDINARY)


def test_peer_effects_do_not_depend_on_how_the_run_is_chunked(
    synthetic: tuple[pl.DataFrame, pl.DataFrame],
) -> None:
    games, players = synthetic
    pool = {c: c for c in ORDINARY}
    a = peer_effects(frame_chunks(players, games, 500), ("opening", "drawn"), pool, 13)
    b = peer_effects(frame_chunks(players, games, 4000), ("opening", "drawn"), pool, 13)
    assert a["pp"][STRONG] == pytest.approx(b["pp"][STRONG], rel=1e-9)
    assert a["n"] == b["n"]


def test_every_kind_in_play_declares_a_measure_on_a_logged_event() -> None:
    for spec in (TRAVEL, IMPORT_EXPORT):
        for measure in spec.card_measures:
            assert measure.event in ("gih", *spec.event_names)
            assert measure.label and measure.peers and len(measure.reason) > 40
    for kind in ("country", "item", "passport", "event", "special", "forbidden", "postcard"):
        assert TRAVEL.measure_of(kind) is not None, kind
    assert TRAVEL.measure_of("character") is not None
    for colour in ("yellow", "red", "blue", "green", "black", "grey"):
        measure = IMPORT_EXPORT.measure_of(colour)
        assert measure is not None and measure.event == "fulfilled"
    with pytest.raises(ValueError, match="names the event 'held_twice'"):
        dataclasses.replace(
            TRAVEL, card_measures=(CardMeasure(("item",), "held_twice", "x", "x", "", "x"),)
        )


@pytest.fixture(scope="module")
def travel_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    config = make_run_config(
        "travel",
        4,
        ("events", "special_items", "postcards", "characters"),
        ("heuristic",),
        games=300,
        seed=9,
        chunk_size=150,
        max_turns=400,
    )
    folder = tmp_path_factory.mktemp("verdicts") / "run"
    return run_simulation(config, folder, backend="sequential", progress=False)


def test_travel_verdicts_use_the_declared_measure(travel_run: Path) -> None:
    """Each card's verdict is on its kind's declared event (countries and characters as
    dealt, events as drawn, the rest in hand), and its n is that event's count."""
    cards = read_card_summary(travel_run).filter(pl.col("in_game"))
    judged = cards.filter(pl.col("type") != "passport")
    assert judged["verdict"].null_count() == 0 and set(judged["verdict"]) <= set(WORDS)
    expected = {
        "country": "assigned",
        "character": "assigned",
        "event": "event",
        "item": "gih",
        "special": "gih",
        "postcard": "gih",
        "passport": "gih",
    }
    for r in cards.iter_rows(named=True):
        if r["type"] == "rules":
            continue
        event = expected[r["type"]]
        assert r["verdict_event"] == event, r["name"]
        assert r["verdict_n"] == r[f"{event}_n"], r["name"]
    passports = cards.filter(pl.col("type") == "passport")
    assert set(passports["verdict_note"]) == {VERDICT_NO_PEERS}
    assert passports["verdict"].null_count() == passports.height
    postcards = cards.filter(pl.col("type") == "postcard")
    assert set(postcards["verdict_peers"]) == {"postcards"}
