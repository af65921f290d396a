"""Per-card win metrics, with the community's definitions (see docs/metrics.md).

For every card and every event the game logs (drawn, traded, used...), the win rate of
the player-games in which the card had that event, with a Wilson interval. From 17lands:
GIH WR (the card was in hand at some point: the game's `seen_events`), OH WR (opening
hand), GNS WR (in the game but never in this player's hand) and IWD = GIH WR - GNS WR with
a Newcombe interval, a two-proportion p-value and a Benjamini-Hochberg q-value across cards.
Beside them, the adjusted contribution of simulator/analysis/adjusted.py (`adj_*` columns): the
card's coefficient in a logistic model that controls for seat, player count, strategy and
modules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from simulator.analysis.adjusted import (
    PEER_COLUMNS,
    AdjustedOptions,
    ChunkLoader,
    FitMemo,
    adjusted_frame,
    event_columns,
    group_matrix,
    group_table,
    peer_effects,
    run_chunks,
)
from simulator.analysis.stats import (
    benjamini_hochberg,
    newcombe_difference,
    two_proportion_p,
    wilson,
)
from simulator.analysis.threads import ordered_map
from simulator.analysis.verdicts import FDR, UNCLEAR, Tolerances, decide, to_points
from simulator.core.spec import GameSpec
from simulator.folders import run_folder
from simulator.folders.run_folder import player_loaders, table_rows

SUMMARY_FILE = run_folder.SUMMARY_FILE


def _event_counts(
    players: pl.DataFrame, events: Sequence[str], group_of: dict[int, int]
) -> dict[str, dict[int, tuple[int, int]]]:
    """event -> card group -> (player-games with a card of the group in the event's lists, of
    which won), for groups with at least one; `events` may name several columns joined by
    '+' (their union: the seen events)."""
    table = group_table(group_of)
    n_groups = max(group_of.values(), default=-1) + 1
    win = players["win"].cast(pl.Int64).fill_null(0).to_numpy()
    out: dict[str, dict[int, tuple[int, int]]] = {}
    for event in events:
        cards = np.zeros((players.height, n_groups), dtype=bool)
        for column in event.split("+"):
            cards |= group_matrix(players[column], table, n_groups)
        n = cards.sum(axis=0)
        wins = win @ cards
        out[event] = {g: (int(n[g]), int(wins[g])) for g in np.flatnonzero(n).tolist()}
    return out


_ChunkCounts = tuple[int, int, dict[str, dict[int, tuple[int, int]]], dict[int, tuple[int, int]]]
"""A chunk's player rows, their wins, the counts of each event and of the seen events."""


def _add(into: dict[int, tuple[int, int]], counts: dict[int, tuple[int, int]]) -> None:
    for g, (n, w) in counts.items():
        n0, w0 = into.get(g, (0, 0))
        into[g] = (n0 + n, w0 + w)


def card_summary(
    players: pl.DataFrame | Iterable[pl.DataFrame | Callable[[], pl.DataFrame]],
    spec: GameSpec,
    sheet_rows: list[dict[str, Any]],
    cards_in_game: list[int],
    threads: int = 1,
) -> pl.DataFrame:
    """One row per card of the sheet, copies (same type and name) merged into one row.

    A designer asks "is the Camera too strong", not "is Camera copy 2": a player-game counts
    for a card when any copy had the event. Cards out of this game's config have n = 0.
    `players` is the players table, or its chunks one by one, or loaders of its chunks (the
    counts add up, so a run of any size is summarised one chunk at a time: `summary_columns`
    says which columns); `threads` loaders are read and counted at a time.
    """
    group_of, members = card_groups(spec, sheet_rows)
    frames = [players] if isinstance(players, pl.DataFrame) else players

    def count(item: pl.DataFrame | Callable[[], pl.DataFrame]) -> _ChunkCounts:
        frame = item() if callable(item) else item
        wins = int(frame["win"].sum()) if frame.height else 0
        seen = "+".join(spec.seen_events)
        events = _event_counts(frame, [*spec.event_names, seen], group_of)
        return frame.height, wins, events, events.pop(seen)

    total = total_wins = 0
    per_event: dict[str, dict[int, tuple[int, int]]] = {e: {} for e in spec.event_names}
    seen: dict[int, tuple[int, int]] = {}
    for rows_n, wins_n, events, seen_n in ordered_map(count, frames, threads):
        total += rows_n
        total_wins += wins_n
        for e, counts in events.items():
            _add(per_event[e], counts)
        _add(seen, seen_n)
    in_game = {group_of[c] for c in cards_in_game if c in group_of}
    opening = per_event.get(spec.opening_event, {}) if spec.opening_event else {}
    rows: list[dict[str, Any]] = []
    for g, group in enumerate(members):
        first = group[0]
        row: dict[str, Any] = {
            "card_id": int(first["id"]),
            "card_ids": [int(r["id"]) for r in group],
            "copies": len(group),
            "name": first["name"],
            "type": first.get(spec.card_group) or "",
            "in_game": g in in_game,
        }
        for event in spec.event_names:
            n, w = per_event[event].get(g, (0, 0))
            _put_rate(row, event, n, w)
        n_seen, w_seen = seen.get(g, (0, 0))
        _put_rate(row, "gih", n_seen, w_seen)
        n_oh, w_oh = opening.get(g, (0, 0))
        _put_rate(row, "oh", n_oh, w_oh)
        if g in in_game:
            n_gns, w_gns = total - n_seen, total_wins - w_seen
        else:
            n_gns, w_gns = 0, 0
        _put_rate(row, "gns", n_gns, w_gns)
        d, lo, hi = newcombe_difference(w_seen, n_seen, w_gns, n_gns)
        row["iwd"], row["iwd_lo"], row["iwd_hi"] = d, lo, hi
        row["iwd_p"] = two_proportion_p(w_seen, n_seen, w_gns, n_gns)
        rows.append(row)
    q = benjamini_hochberg([r["iwd_p"] for r in rows])
    for r, qv in zip(rows, q, strict=True):
        r["iwd_q"] = qv
    return pl.DataFrame(rows, infer_schema_length=None)


def card_groups(
    spec: GameSpec, sheet_rows: list[dict[str, Any]]
) -> tuple[dict[int, int], list[list[dict[str, Any]]]]:
    """Card id -> group, and the sheet rows of each group: copies (same type and name) merge."""
    groups: dict[tuple[str, str], int] = {}
    group_of: dict[int, int] = {}
    members: list[list[dict[str, Any]]] = []
    for sheet_row in sheet_rows:
        key = (str(sheet_row.get(spec.card_group) or ""), str(sheet_row["name"]))
        if key not in groups:
            groups[key] = len(members)
            members.append([])
        group_of[int(sheet_row["id"])] = groups[key]
        members[groups[key]].append(sheet_row)
    return group_of, members


def with_adjusted(
    summary: pl.DataFrame,
    loaders: Sequence[ChunkLoader],
    spec: GameSpec,
    sheet_rows: list[dict[str, Any]],
    events: tuple[str, ...] | None = None,
    options: AdjustedOptions | None = None,
    memo: FitMemo | None = None,
) -> pl.DataFrame:
    """The card summary with the adjusted contribution of every event set beside it.

    `events` defaults to the game's `adjusted_events` ('gih' = in hand); each gives the
    columns `adj_*` (for 'gih') or `adj_<event>_*` (see adjusted.RESULT_COLUMNS). `memo`
    keeps the fits for the verdicts of the same table (adjusted.FitMemo).
    """
    events = events if events is not None else spec.adjusted_events
    group_of, members = card_groups(spec, sheet_rows)
    frame = adjusted_frame(
        loaders,
        events,
        spec.seen_events,
        group_of,
        len(members),
        options,
        activity_events=spec.activity_events,
        memo=memo,
    )
    position = {int(m[0]["id"]): g for g, m in enumerate(members)}
    order = [position.get(int(c), -1) for c in summary["card_id"].to_list()]
    if -1 in order:
        raise ValueError("the card summary has a card that is not in the card sheet")
    kept = summary.drop([c for c in frame.columns if c in summary.columns])
    return kept.hstack(frame[order])


def _put_rate(row: dict[str, Any], prefix: str, n: int, wins: int) -> None:
    lo, hi = wilson(wins, n)
    row[f"{prefix}_n"] = n
    row[f"{prefix}_wins"] = wins
    row[f"{prefix}_wr"] = wins / n if n else math.nan
    row[f"{prefix}_lo"] = lo
    row[f"{prefix}_hi"] = hi


def card_table(
    folder: str | Path,
    spec: GameSpec,
    rows: list[dict[str, Any]],
    in_game: Sequence[int],
    tolerance: float = Tolerances().card,
    threads: int = 1,
) -> pl.DataFrame:
    """The per-card table of a run folder, read chunk by chunk: raw rates, the adjusted
    contribution and the verdicts at `tolerance` (points). `rows` are the card sheet's rows
    the games were played with, `in_game` the sheet ids of the cards in play
    (runs.match.game_of_run gives both). `threads` share the reading and the models' passes;
    the table does not depend on them (analysis/threads.py)."""
    folder = Path(folder)
    chunks = player_loaders(folder, summary_columns(spec))
    summary = card_summary(chunks, spec, rows, list(in_game), threads=threads)
    options = AdjustedOptions(threads=threads)
    memo = FitMemo(in_game)
    summary = with_adjusted(
        summary, summary_chunks(folder, spec), spec, rows, options=options, memo=memo
    )
    games = table_rows(folder, "games")
    return with_verdicts(
        summary,
        verdict_chunks(folder, spec),
        spec,
        rows,
        options=options,
        tolerance=tolerance,
        games=games,
        memo=memo,
    )


def write_card_summary(
    folder: str | Path,
    spec: GameSpec,
    rows: list[dict[str, Any]],
    in_game: Sequence[int],
    tolerance: float = Tolerances().card,
    threads: int = 1,
) -> Path:
    """Write `card_table` next to the parts (atomically); returns its path."""
    return write_cards(folder, card_table(folder, spec, rows, in_game, tolerance, threads))


def write_cards(folder: str | Path, cards: pl.DataFrame) -> Path:
    """Write a card table as the run's cards.parquet, atomically (a temporary name, then a
    rename: a reader never sees half a file)."""
    folder = Path(folder)
    tmp = folder / (SUMMARY_FILE + ".tmp")
    cards.write_parquet(tmp)
    tmp.replace(folder / SUMMARY_FILE)
    return folder / SUMMARY_FILE


def summary_columns(spec: GameSpec) -> list[str]:
    """The players-table columns the raw card summary reads."""
    return ["win", *dict.fromkeys([*spec.event_names, *spec.seen_events])]


def summary_chunks(
    folder: str | Path, spec: GameSpec, events: tuple[str, ...] | None = None
) -> list[ChunkLoader]:
    """Chunk loaders of a run folder with the columns the adjusted model needs."""
    events = events if events is not None else spec.adjusted_events
    columns = [c for e in events for c in event_columns(e, spec.seen_events)]
    return run_chunks(folder, columns)


def verdict_chunks(folder: str | Path, spec: GameSpec) -> list[ChunkLoader]:
    """Chunk loaders of a run folder with the columns the verdicts' peer models need."""
    events = dict.fromkeys(m.event for m in spec.card_measures)
    columns = [c for e in events for c in event_columns(e, spec.seen_events)]
    return run_chunks(folder, columns)


VERDICT_FEW, VERDICT_NO_PEERS = "too few games", "no peers"
"""The notes (`verdict_note`) of a card with no verdict figure: too few player-games with its
event (its verdict is `unclear`), or no other card of its kind in play (no verdict)."""
VERDICT_COLUMNS = (
    ("verdict", pl.Utf8),
    ("lo", pl.Float64),
    ("hi", pl.Float64),
    ("tolerance", pl.Float64),
    ("verdict_games_to_decide", pl.Int64),
    ("verdict_note", pl.Utf8),
    ("verdict_event", pl.Utf8),
    ("verdict_peers", pl.Utf8),
    *((f"verdict_{name}", dtype) for name, dtype in PEER_COLUMNS),
    ("verdict_q", pl.Float64),
)
"""The verdict columns of cards.parquet (docs/metrics.md, "Verdicts"; docs/data-format.md):
`verdict` is one of verdicts.WORDS, `lo`/`hi`/`tolerance` in points; `verdict_pp`,
`verdict_lo`, `verdict_hi` the same figure as a fraction."""

JUDGED_COLUMNS = ("verdict", "lo", "hi", "tolerance", "verdict_games_to_decide")
"""The columns `judge_cards` recomputes from the figures (for another tolerance)."""


def with_verdicts(
    summary: pl.DataFrame,
    loaders: Sequence[ChunkLoader],
    spec: GameSpec,
    sheet_rows: list[dict[str, Any]],
    options: AdjustedOptions | None = None,
    tolerance: float = Tolerances().card,
    games: int | None = None,
    memo: FitMemo | None = None,
) -> pl.DataFrame:
    """The card summary with a verdict per card: its declared measure (GameSpec.card_measures)
    against its peers, from the peer model of adjusted.peer_effects, judged by `judge_cards`.

    `verdict_q` is the Benjamini-Hochberg q over one family: every card with a figure in the
    run. A card without a figure has `verdict_note` 'too few games' (under the minimum sample:
    verdict `unclear`) or 'no peers' (fewer than two kinds of the peer group in play: no
    verdict); a card out of play or of a kind with no declared measure has none either.
    `games` (the run's games) scales `verdict_games_to_decide`."""
    options = options or AdjustedOptions()
    group_of, members = card_groups(spec, sheet_rows)
    n_groups = len(members)
    kinds = [str(m[0].get(spec.card_group) or "") for m in members]
    data: dict[str, list[Any]] = {name: [None] * n_groups for name, _ in VERDICT_COLUMNS}
    position = {int(m[0]["id"]): g for g, m in enumerate(members)}
    in_game = {
        position[int(c)]
        for c, flag in zip(summary["card_id"].to_list(), summary["in_game"].to_list(), strict=True)
        if flag and int(c) in position
    }
    for measure in spec.card_measures:
        pool = {g for g in in_game if spec.measure_of(kinds[g]) is measure}
        if not pool:
            continue
        pool_of = {card: g for card, g in group_of.items() if g in pool}
        effects = peer_effects(
            loaders,
            event_columns(measure.event, spec.seen_events),
            pool_of,
            n_groups,
            options,
            memo=memo,
        )
        for g in pool:
            data["verdict_event"][g] = measure.event
            data["verdict_peers"][g] = measure.peers
            for name, _ in PEER_COLUMNS:
                data[f"verdict_{name}"][g] = effects[name][g]
            with_figure = sum(1 for h in pool if effects["n"][h])
            if effects["p"][g] is not None:
                continue
            if len(pool) < 2 or with_figure < 2:
                data["verdict_note"][g] = VERDICT_NO_PEERS
            else:
                data["verdict_note"][g] = VERDICT_FEW
    reported = [g for g in range(n_groups) if data["verdict_p"][g] is not None]
    q_values = benjamini_hochberg([data["verdict_p"][g] for g in reported])
    for g, q in zip(reported, q_values, strict=True):
        data["verdict_q"][g] = q
    frame = pl.DataFrame(data, schema=dict(VERDICT_COLUMNS))
    order = [position.get(int(c), -1) for c in summary["card_id"].to_list()]
    if -1 in order:
        raise ValueError("the card summary has a card that is not in the card sheet")
    kept = summary.drop([c for c in frame.columns if c in summary.columns])
    return judge_cards(kept.hstack(frame[order]), tolerance, games, options.fdr)


def judge_cards(
    cards: pl.DataFrame, tolerance: float, games: int | None = None, fdr: float = FDR
) -> pl.DataFrame:
    """The card table with its verdict columns (JUDGED_COLUMNS) decided again at `tolerance`
    (points) from the figures already in it, by the one rule of analysis/verdicts.py: no model
    is refitted, so a report can judge a run at the designer's tolerance."""
    if "verdict_note" not in cards.columns:  # a summary from before the four verdicts
        old = cards["verdict"] if "verdict" in cards.columns else pl.Series([None] * cards.height)
        note = old.cast(pl.Utf8).replace_strict(
            {VERDICT_FEW: VERDICT_FEW, VERDICT_NO_PEERS: VERDICT_NO_PEERS}, default=None
        )
        cards = cards.with_columns(note.alias("verdict_note"))
    family = cards.filter(pl.col("verdict_q").is_not_null()).height
    verdicts: list[str | None] = []
    los: list[float | None] = []
    his: list[float | None] = []
    needs: list[int | None] = []
    for r in cards.select(
        "in_game", "verdict_pp", "verdict_lo", "verdict_hi", "verdict_q", "verdict_note"
    ).iter_rows(named=True):
        lo, hi = to_points(r["verdict_lo"]), to_points(r["verdict_hi"])
        if not r["in_game"] or (r["verdict_pp"] is None and r["verdict_note"] != VERDICT_FEW):
            verdicts.append(None)
            needs.append(None)
        elif r["verdict_pp"] is None:
            verdicts.append(UNCLEAR)
            needs.append(None)
        else:
            q = r["verdict_q"]
            v = decide(
                to_points(r["verdict_pp"]),
                lo,
                hi,
                tolerance,
                significant=q is not None and q < fdr,
                games=games,
                family=family,
            )
            verdicts.append(v.verdict)
            needs.append(v.games_to_decide)
        los.append(lo)
        his.append(hi)
    judged = pl.DataFrame(
        {
            "verdict": pl.Series(verdicts, dtype=pl.Utf8),
            "lo": pl.Series(los, dtype=pl.Float64),
            "hi": pl.Series(his, dtype=pl.Float64),
            "tolerance": pl.Series(
                [tolerance if v is not None else None for v in verdicts], dtype=pl.Float64
            ),
            "verdict_games_to_decide": pl.Series(needs, dtype=pl.Int64),
        }
    )
    columns = cards.columns
    out = cards.drop([c for c in JUDGED_COLUMNS if c in columns]).hstack(judged)
    order = [c for c in columns if c in out.columns] + [c for c in out.columns if c not in columns]
    return out.select(order)


def read_card_summary(folder: str | Path) -> pl.DataFrame:
    return pl.read_parquet(Path(folder) / SUMMARY_FILE)
