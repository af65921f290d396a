"""One game of a run folder played again from its seed, with the rules narrating it.

`replay_game` plays the game with a `Narrator` listening (core/narration.py) and returns a
`Replay`: the structured events, the seats' names, and what the run's tables recorded for
that game. `replay_text` renders it as text (`deckhand replay RUN N`); the one-game HTML
page (`--html`) is reports/replay_page.py. `telling_games` picks the games of a run worth
reading turn by turn, for the run report to link.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from simulator.catalog import get_game
from simulator.core.errors import ConfigError
from simulator.core.narration import Event, Narrator, Table, named, seat_name
from simulator.core.protocol import Outcome
from simulator.folders.run_folder import (
    MANIFEST,
    SUMMARY_FILE,
    load_manifest,
    part_files,
    read_games,
    read_players,
)
from simulator.runs.match import replay_match

MATCHES = "reproduced: matches the recorded game"
"""The last line of a text replay whose scores, winners and turns are those recorded."""

LONG_MOVE = 12
"""A move of more cards than this is told as a count (a reshuffled discard pile)."""


@dataclass(frozen=True)
class Recorded:
    """What the run's tables hold for one game."""

    turns: int
    winners: list[int]
    scores: list[float]
    end_reason: str


@dataclass(frozen=True)
class Replay:
    """One game played again: the narration's events and what the run recorded."""

    run: Path
    game_id: int
    game: str
    modules: tuple[str, ...]
    seed: int
    names: list[str]
    """Each seat's one name (`seat_name`), by seat."""
    tally: str
    """What the `change` events count: "credits" in Import/Export, "countries" in travel."""
    events: list[Event]
    outcome: Outcome
    end_text: str
    """How the game ended, in the game's words (its spec's end reasons)."""
    decisions: int
    recorded: Recorded | None
    """None when the run's tables do not hold the game (a run stopped early)."""

    @property
    def players(self) -> int:
        return len(self.names)

    def say(self, text: str) -> str:
        """An event's text with the seats named."""
        return named(text, self.names)

    def final_scores(self) -> list[float]:
        """The final scores the narration announced (its `result` event)."""
        return list(next(e for e in self.events if e.kind == "result").values)

    def winners(self) -> list[int]:
        return list(next(e for e in self.events if e.kind == "result").seats)

    def tallies(self) -> list[int]:
        """Each seat's tally (credits in play) summed from the narrated changes."""
        totals = [0] * self.players
        for e in self.events:
            if e.kind == "change" and e.seat is not None:
                totals[e.seat] += e.amount
        return totals

    def turns(self) -> list[tuple[int, list[Event]]]:
        """The events grouped by turn (0: the setup), in order."""
        grouped: list[tuple[int, list[Event]]] = []
        for e in self.events:
            if not grouped or e.turn != grouped[-1][0]:
                grouped.append((e.turn, []))
            grouped[-1][1].append(e)
        return grouped

    def matches(self) -> bool | None:
        """Whether the replay reproduces the recorded game (scores, winners, turns); None
        when the run did not record it."""
        r = self.recorded
        if r is None:
            return None
        return (
            r.turns == self.outcome.turns
            and r.winners == self.winners()
            and r.scores == self.final_scores()
        )


def replay_game(run: str | Path, game_id: int) -> Replay:
    """Play game `game_id` of the run folder `run` again from its seed, narrated."""
    folder = Path(run)
    if not (folder / MANIFEST).is_file():
        raise ConfigError(
            f"RUN: {run} is not a run folder (no {MANIFEST}); accepted: a folder written by "
            "deckhand simulate"
        )
    match = replay_match(folder)
    config = match.config
    if not 0 <= game_id < config.games:
        raise ConfigError(
            f"GAME_ID: {game_id} is not in this run; accepted: 0 to {config.games - 1}"
        )
    narrator = Narrator()
    outcome, decisions, slots = match.play(
        game_id,
        trace=narrator,
        on_decision=lambda decision, choice: narrator.flush(),  # moves told in their order
    )
    texts = [match.choices[s].text for s in slots]
    names = [seat_name(p, texts[p]) for p in range(len(slots))]
    return Replay(
        run=folder,
        game_id=game_id,
        game=config.game.game,
        modules=tuple(config.game.modules),
        seed=config.seed,
        names=names,
        tally=narrator.tally,
        events=narrator.events,
        outcome=outcome,
        end_text=dict(match.spec.end_reasons).get(outcome.end_reason, outcome.end_reason),
        decisions=decisions,
        recorded=_recorded(folder, game_id),
    )


def _recorded(folder: Path, game_id: int) -> Recorded | None:
    games = read_games(folder).filter(pl.col("game_id") == game_id)
    if not games.height:
        return None
    row = games.row(0, named=True)
    players = read_players(folder, ["score"]).filter(pl.col("game_id") == game_id)
    return Recorded(
        turns=row["turns"],
        winners=list(row["winners"]),
        scores=players.sort("seat")["score"].to_list(),
        end_reason=row["end_reason"],
    )


# ---------------------------------------------------------------------- text


def replay_text(run: str | Path, game_id: int) -> list[str]:
    """The turn-by-turn log of one game, and whether it matches what the run recorded."""
    return render_text(replay_game(run, game_id))


def render_text(replay: Replay) -> list[str]:
    """A replay as lines of plain text: every step, credit change and card move, the
    standing after each turn, the scoring table and the final scores."""
    modules = ", ".join(replay.modules) or "none"
    lines = [
        f"Game {replay.game_id} of {replay.run}: {replay.game}, {replay.players} players, "
        f"modules {modules}; master seed {replay.seed}",
        "Seats: " + ", ".join(replay.names),
    ]
    for e in replay.events:
        lines.extend(_event_lines(replay, e))
    lines.append(
        f"End: {replay.end_text}, after {replay.outcome.turns} turns and {replay.decisions} "
        "decisions"
    )
    lines.append(_verdict(replay))
    return lines


def _event_lines(replay: Replay, e: Event) -> list[str]:
    pad = "   " * (e.depth + 1)
    say = replay.say
    if e.kind == "setup":
        return [say(e.text)]
    if e.kind == "turn":
        return ["", say(e.text)]
    if e.kind == "action":
        return [pad + say(e.text)]
    if e.kind == "power":
        return [pad + f"power of {e.cause}, for {say(_seat(e.seat))}:"]
    if e.kind == "change":
        return [pad + "   " + change_text(replay, e)]
    if e.kind == "move":
        return [pad + "   " + move_text(replay, e)]
    if e.kind == "end":
        return [pad + "** " + say(e.text)]
    if e.kind == "table" and e.table is not None:
        return ["   " + standing_text(replay, e.table)]
    if e.kind == "scoring" and e.table is not None:
        return ["", e.table.title + ":", *_aligned(replay, e.table), *_notes(replay, e.table)]
    if e.kind == "result":
        return ["", say(e.text)]
    return [pad + say(e.text)]


def _seat(p: int | None) -> str:
    return "{seat:" + str(p) + "}" if p is not None else "nobody"


def change_text(replay: Replay, e: Event) -> str:
    """A tally change in words: "Seat 1 (heuristic) +4 credits (sale) -> 14"."""
    unit = replay.tally
    return f"{replay.names[e.seat or 0]} {e.amount:+d} {unit} ({e.cause}) -> {e.total}"


def move_text(replay: Replay, e: Event) -> str:
    """A card move in words: "Almonds, Beer: Seat 1 (heuristic)'s hand -> the discard pile"."""
    cards = ", ".join(e.cards) if len(e.cards) <= LONG_MOVE else f"{len(e.cards)} cards"
    return f"{cards}: {replay.say(e.src)} -> {replay.say(e.dst)}"


def standing_text(replay: Replay, table: Table) -> str:
    """The second column of the table after a turn (credits, countries) for every seat."""
    column = table.header[1]
    values = ", ".join(f"{replay.say(row[0])} {row[1]}" for row in table.rows)
    return f"{column} after turn {table.title.rsplit(' ', 1)[-1]}: {values}"


def _aligned(replay: Replay, table: Table) -> list[str]:
    rows = [list(table.header), *([replay.say(c) for c in row] for row in table.rows)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(table.header))]
    out = []
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
        ]
        out.append("   " + "  ".join(cells).rstrip())
    return out


def _notes(replay: Replay, table: Table) -> list[str]:
    return ["   " + replay.say(note) for note in table.notes]


def _verdict(replay: Replay) -> str:
    same = replay.matches()
    if same is None:
        return "not recorded: the run's tables do not hold this game"
    if same:
        return MATCHES
    r = replay.recorded
    assert r is not None
    return (
        f"WARNING: differs from the recorded game (recorded: {r.turns} turns, winners "
        f"{', '.join(replay.names[w] for w in r.winners) or 'nobody'}, scores "
        f"{', '.join(f'{v:g}' for v in r.scores)})"
    )


# ---------------------------------------------------------------------- telling games


_TELLING_MEMO: dict[tuple[Any, ...], list[tuple[int, str]]] = {}
"""The last runs' telling games, keyed by the folder, `limit` and the times of what they are
read from (the tables' folders, whose times change when a part is added or replaced, and the
card summary): a report asks once for its own page and once for each card page it writes,
and at a million games each asking read every players part again (about 14 s)."""


def _telling_key(folder: Path, limit: int) -> tuple[Any, ...]:
    def stamp(path: Path) -> tuple[int, int] | None:
        try:
            st = path.stat()
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size

    watched = ("games", "players", SUMMARY_FILE, MANIFEST)
    return (str(folder.resolve()), limit, *(stamp(folder / name) for name in watched))


def telling_games(run: str | Path, limit: int = 4) -> list[tuple[int, str]]:
    """A few games of a run worth reading turn by turn, each with why, for the run report
    to link (reports/replay_page.write_telling_pages): the biggest win by a player holding
    the card the report's summary names first (its figure against its peers: `_top_card`),
    the biggest win, the closest finish, a game of the rarest way to end, the longest
    game; at most `limit`, each game once. Found once per state of the folder
    (`_TELLING_MEMO`)."""
    folder = Path(run)
    key = _telling_key(folder, limit)
    if key not in _TELLING_MEMO:
        if len(_TELLING_MEMO) >= 4:
            _TELLING_MEMO.pop(next(iter(_TELLING_MEMO)))
        _TELLING_MEMO[key] = _find_telling_games(folder, limit)
    return list(_TELLING_MEMO[key])


def _find_telling_games(folder: Path, limit: int) -> list[tuple[int, str]]:
    games = read_games(folder)
    if not games.height:
        return []
    spec = get_game(load_manifest(folder)["config"]["game"]["game"])
    ends = dict(spec.end_reasons)
    leads = _leads(read_players(folder, ["strategy", "score", "win"]))
    picked: list[tuple[int, str]] = []

    def add(game_id: int, why: str) -> None:
        if all(g != game_id for g, _ in picked) and len(picked) < limit:
            picked.append((game_id, why))

    def lead_text(row: dict[str, Any]) -> str:
        who = seat_name(row["seat"], row["strategy"])
        if row["winners"] > 1:
            return f"{who} shares the win with {row['winners'] - 1} other seat(s)"
        lead = row["lead"]
        if lead < 0:
            return f"{who} won with {-lead:g} fewer points than the best other seat"
        return f"{who} won by {lead:g} point{'' if lead == 1 else 's'}"

    biggest = leads.sort(["lead", "game_id"], descending=[True, False])
    card = _top_card(folder)
    if card is not None:
        name, ids, measure = card
        held = biggest.filter(pl.col("game_id").is_in(_held_by_winner(folder, ids)))
        if held.height:
            row = held.row(0, named=True)
            add(
                row["game_id"],
                f"the biggest win with {name}, the card the summary names first "
                f"({measure}): {lead_text(row)}",
            )
    if biggest.height:
        add(biggest["game_id"][0], f"the biggest win: {lead_text(biggest.row(0, named=True))}")
        close = leads.filter(pl.col("lead") >= 0).sort(["lead", "game_id"])
        if close.height:
            add(close["game_id"][0], f"the closest finish: {lead_text(close.row(0, named=True))}")
        upset = leads.filter(pl.col("lead") < 0).sort(["lead", "game_id"])
        if upset.height:
            row = upset.row(0, named=True)
            end = games.filter(pl.col("game_id") == row["game_id"])["end_reason"][0]
            add(row["game_id"], f"an upset: {lead_text(row)} ({ends.get(end, end)})")
    reasons = games.group_by("end_reason").len().sort(["len", "end_reason"])
    if reasons.height > 1 and reasons["len"][0] < games.height / 4:
        rare, count = reasons.row(0)
        game_id = games.filter(pl.col("end_reason") == rare)["game_id"].to_list()[0]
        add(game_id, f"a rare ending ({count} of {games.height} games): {ends.get(rare, rare)}")
    row = games.sort(["turns", "game_id"], descending=[True, False]).row(0, named=True)
    add(row["game_id"], f"the longest game: {row['turns']} turns")
    return picked


def _leads(players: pl.DataFrame) -> pl.DataFrame:
    """Per game with a winner: the (first) winner's seat and strategy, and his lead over the
    best seat that did not win (0 for a shared win)."""
    won = players.filter(pl.col("win")).sort(["game_id", "seat"])
    first = won.group_by("game_id", maintain_order=True).first()
    shared = won.group_by("game_id").len().rename({"len": "winners"})
    rest = (
        players.filter(~pl.col("win")).group_by("game_id").agg(pl.col("score").max().alias("next"))
    )
    return (
        first.join(shared, on="game_id")
        .join(rest, on="game_id", how="left")
        .with_columns(
            pl.when(pl.col("winners") > 1)
            .then(0.0)
            .otherwise(pl.col("score") - pl.col("next").fill_null(pl.col("score")))
            .alias("lead")
        )
        .select("game_id", "seat", "strategy", "winners", "lead")
    )


def _top_card(folder: Path) -> tuple[str, list[int], str] | None:
    """The card the report's summary names first (reports/headline.standout_cards): the
    strongest card shown stronger than its peers, else the largest figure against its peers
    (the verdict measure); in a summary without verdicts, the largest adjusted contribution,
    else IWD. Its name, its sheet ids, and the measure named in words."""
    path = folder / SUMMARY_FILE
    if not path.is_file():
        return None
    cards = pl.read_parquet(path)
    if "verdict" in cards.columns and "verdict_pp" in cards.columns:
        known = cards.filter(pl.col("verdict_pp").is_not_null() & pl.col("in_game"))
        stronger = known.filter(pl.col("verdict") == "stronger")
        for pool in (stronger, known):
            if pool.height:
                row = pool.sort(["verdict_pp", "card_id"], descending=[True, False]).row(
                    0, named=True
                )
                value = 100 * row["verdict_pp"]
                peers = row.get("verdict_peers") or "cards"
                return (
                    row["name"],
                    list(row["card_ids"]),
                    f"against the typical card of its kind ({peers}) {value:+.1f} points",
                )
    for column, words in (("adj_pp", "adjusted contribution"), ("iwd", "IWD")):  # proportions
        if column in cards.columns:
            known = cards.filter(pl.col(column).is_not_null() & pl.col(column).is_not_nan())
            if known.height:
                row = known.sort([column, "card_id"], descending=[True, False]).row(0, named=True)
                value = 100 * row[column]
                return row["name"], list(row["card_ids"]), f"{words} {value:+.1f} points"
    return None


def _held_by_winner(folder: Path, ids: list[int]) -> list[int]:
    """Games whose winner has one of these sheet ids in any of his event lists (held,
    played, fulfilled...)."""

    frame = pl.scan_parquet(part_files(folder, "players")).filter(pl.col("win"))
    names = frame.collect_schema().names()
    events = [c for c in names if isinstance(frame.collect_schema()[c], pl.List)]
    if not events:
        return []
    held = pl.any_horizontal(
        [pl.col(c).list.eval(pl.element().is_in(ids)).list.any() for c in events]
    )
    return frame.filter(held).select("game_id").unique().collect()["game_id"].to_list()
