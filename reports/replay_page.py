"""The one-game page: a replayed game turn by turn, for a designer to follow one game.

`write_replay_page(run, game_id)` replays the game (runs/replay.py) and writes a static
HTML page: the result and the scoring table first, a chart of each player's credits (or
countries travelled) over the game, then every turn with what happened (credit changes
with their cause, cards moving between zones, card powers) and the table after it. No
scripts: the chart is a PNG inside the page, like the run report's figures.

`write_telling_pages(run)` writes the pages of the games `telling_games` picks, for the
run report to link (see docs/architecture.md, "Replays").
"""

from __future__ import annotations

from pathlib import Path

import matplotlib
from matplotlib.figure import Figure

from reports.markup import esc, html_page, write_page
from reports.plots import PALETTE, STYLE, figure_data_uri
from simulator.core.narration import SEAT_MARK, Event, Table
from simulator.folders import run_folder
from simulator.runs.replay import (
    Replay,
    change_text,
    move_text,
    replay_game,
    telling_games,
)

REPLAYS_FOLDER = run_folder.REPLAYS_FOLDER


def page_path(run: str | Path, game_id: int) -> Path:
    """The default file of a game's page: RUN/replays/game-N.html."""
    return Path(run) / REPLAYS_FOLDER / f"game-{game_id}.html"


def write_replay_page(run: str | Path, game_id: int, out: str | Path | None = None) -> Path:
    """Replay game `game_id` of the run folder `run` and write its page to `out` (default
    RUN/replays/game-N.html); returns the path. An unwritable place is a one-line error
    that says to pass --out."""
    replay = replay_game(run, game_id)
    path = Path(out) if out is not None else page_path(run, game_id)
    write_page(path, render_page(replay), "the replay page")
    return path


def write_telling_pages(
    run: str | Path, folder: str | Path | None = None
) -> list[tuple[int, str, Path]]:
    """Write the pages of the run's telling games (runs/replay.telling_games) into
    `folder` (default RUN/replays); returns (game id, why, path) for the report to link."""
    written = []
    for game_id, why in telling_games(run):
        out = None if folder is None else Path(folder) / f"game-{game_id}.html"
        written.append((game_id, why, write_replay_page(run, game_id, out)))
    return written


# ---------------------------------------------------------------------- the page


def render_page(replay: Replay) -> str:
    """The page of one replayed game, as a string of HTML."""
    title = f"Game {replay.game_id} of {replay.run}"
    turns = replay.turns()
    scoring = [e for e in replay.events if e.kind == "scoring" and e.table is not None]
    result = next((e for e in replay.events if e.kind == "result"), None)
    parts = [
        f"<h1>{_esc(title)}</h1>",
        f'<p class="sub">{_esc(_subtitle(replay))}</p>',
    ]
    if result is not None:
        parts.append(f'<p class="result">{_named(replay, result.text)}</p>')
    parts.append(f'<p class="{"ok" if replay.matches() else "warn"}">{_esc(_check(replay))}</p>')
    parts.append("<h2>Seats</h2>" + _seats(replay))
    parts.append(
        f"<h2>{_esc(replay.tally.capitalize())} over the game</h2>"
        f'<figure><img alt="{_esc(replay.tally)} per player after each turn" '
        f'src="{tally_chart(replay)}"></figure>'
    )
    if scoring and scoring[-1].table is not None:
        parts.append(f"<h2>{_esc(scoring[-1].table.title)}</h2>")
        parts.append(_table(replay, scoring[-1].table))
    links = " ".join(f'<a href="#turn-{turn}">{turn if turn else "setup"}</a>' for turn, _ in turns)
    parts.append(f'<h2>Turn by turn</h2><p class="turns">{links}</p>')
    for turn, events in turns:
        parts.append(_turn_section(replay, turn, events))
    footer = (
        f"Deckhand replay of game {replay.game_id} of {replay.run}, played again from master "
        f"seed {replay.seed}."
    )
    return html_page(title, "".join(parts), footer, REPLAY_CSS + _seat_css(replay))


def _subtitle(replay: Replay) -> str:
    modules = ", ".join(replay.modules) or "none"
    return (
        f"{replay.game}, {replay.players} players, modules {modules}; ended by "
        f"{replay.end_text}, after {replay.outcome.turns} turns and {replay.decisions} "
        "decisions"
    )


def _check(replay: Replay) -> str:
    same = replay.matches()
    if same is None:
        return "The run's tables do not hold this game, so it cannot be checked against them."
    if same:
        return (
            "Replayed from its seed, this game matches the run's tables: the same scores, "
            "winners and number of turns."
        )
    return (
        "Warning: replayed from its seed, this game differs from the run's tables (its code "
        "or card sheet changed since the run?)."
    )


def _seats(replay: Replay) -> str:
    items = "".join(
        f'<li><span class="seat s{p}">{_esc(name)}</span></li>'
        for p, name in enumerate(replay.names)
    )
    return f'<ul class="seats">{items}</ul>'


def _turn_section(replay: Replay, turn: int, events: list[Event]) -> str:
    heading = "Setup" if turn == 0 else f"Turn {turn}"
    rows = []
    tables = []
    for e in events:
        if e.kind == "turn":
            heading = _named(replay, e.text)
            continue
        if e.kind in ("table", "scoring") and e.table is not None:
            if e.kind == "table":
                tables.append(e.table)
            continue
        if e.kind == "result":
            continue
        rows.append(f'<li class="{e.kind} d{min(e.depth, 4)}">{_event_html(replay, e)}</li>')
    parts = [f'<section id="turn-{turn}"><h3>{heading}</h3>']
    if rows:
        parts.append(f'<ul class="events">{"".join(rows)}</ul>')
    for table in tables:
        parts.append(f'<p class="caption">{_esc(table.title)}</p>{_table(replay, table)}')
    parts.append("</section>")
    return "".join(parts)


def _event_html(replay: Replay, e: Event) -> str:
    if e.kind == "change":
        sign = "gain" if e.amount > 0 else "loss"
        return f'<span class="{sign}">{_named_text(replay, change_text(replay, e))}</span>'
    if e.kind == "move":
        return _named_text(replay, move_text(replay, e))
    if e.kind == "power":
        who = replay.names[e.seat] if e.seat is not None else "nobody"
        return f"power of <b>{_esc(e.cause)}</b>, for {_seat_span(e.seat, who)}:"
    if e.kind == "end":
        return f"<b>{_named(replay, e.text)}</b>"
    return _named(replay, e.text)


def _table(replay: Replay, table: Table) -> str:
    head = "".join(f"<th>{_esc(h)}</th>" for h in table.header)
    body = "".join(
        "<tr>" + "".join(f"<td>{_named(replay, cell)}</td>" for cell in row) + "</tr>"
        for row in table.rows
    )
    notes = "".join(f"<li>{_named(replay, note)}</li>" for note in table.notes)
    return (
        f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
        f"</table></div>" + (f'<ul class="notes">{notes}</ul>' if notes else "")
    )


def _esc(value: object) -> str:
    return str(esc(value))


def _seat_span(p: int | None, name: str) -> str:
    return f'<span class="seat s{p}">{_esc(name)}</span>'


def _named(replay: Replay, text: str) -> str:
    """Text with seat markers, escaped, each seat's name in its colour."""
    out = []
    last = 0
    for m in SEAT_MARK.finditer(text):
        out.append(_esc(text[last : m.start()]))
        p = int(m.group(1))
        out.append(_seat_span(p, replay.names[p]))
        last = m.end()
    out.append(_esc(text[last:]))
    return "".join(out)


def _named_text(replay: Replay, text: str) -> str:
    """Text already named (change_text, move_text): escaped, seat names coloured."""
    out = _esc(text)
    for p, name in enumerate(replay.names):
        out = out.replace(_esc(name), _seat_span(p, name))
    return out


def _seat_css(replay: Replay) -> str:
    return "".join(
        f".seat.s{p} {{ border-left: 4px solid {PALETTE[p % len(PALETTE)]}; }}"
        for p in range(replay.players)
    )


# ---------------------------------------------------------------------- the chart


def tally_series(replay: Replay) -> tuple[list[int], list[list[int]]]:
    """Each seat's tally (credits) after the setup and after each turn: (turns, values per
    seat), from the narrated changes."""
    running = [0] * replay.players
    turns = [0]
    values: list[list[int]] = [[] for _ in range(replay.players)]
    setup_done = False
    for e in replay.events:
        if e.kind == "turn" and not setup_done:
            for p in range(replay.players):
                values[p].append(running[p])
            setup_done = True
        if e.kind == "change" and e.seat is not None:
            running[e.seat] += e.amount
        if e.kind == "table" and setup_done:
            turns.append(e.turn)
            for p in range(replay.players):
                values[p].append(running[p])
    if not setup_done:
        for p in range(replay.players):
            values[p].append(running[p])
    return turns, values


def tally_chart(replay: Replay) -> str:
    """Each player's credits (countries) after each turn as lines, the final scores as
    points after the last turn: a PNG data URI."""
    turns, values = tally_series(replay)
    finals = replay.final_scores()
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=(9.0, 3.4))
        ax = fig.add_subplot()
        end = (turns[-1] if turns else 0) + 1
        for p, name in enumerate(replay.names):
            color = PALETTE[p % len(PALETTE)]
            ax.step(turns, values[p], where="post", color=color, label=name, linewidth=1.6)
            if p < len(finals):  # side by side, so that equal scores stay visible
                ax.plot([end + 0.35 * p], [finals[p]], "o", color=color)
        ax.set_xlabel("turn (the dots after the last turn: final scores)")
        ax.set_ylabel(replay.tally)
        ax.set_title(f"{replay.tally.capitalize()} of each player after each turn")
        ax.legend(loc="upper left", fontsize=8, frameon=False)
        return figure_data_uri(fig)


REPLAY_CSS = """
p.result { font-size: 16px; font-weight: 600; }
p.turns a { margin-right: 6px; }
ul.seats { list-style: none; padding: 0; }
ul.events { list-style: none; padding-left: 0; margin: 4px 0; }
ul.events li { padding: 1px 0; }
ul.events li.change, ul.events li.move { padding-left: 22px; color: #3d444d; }
ul.events li.d1 { margin-left: 22px; } ul.events li.d2 { margin-left: 44px; }
ul.events li.d3, ul.events li.d4 { margin-left: 66px; }
ul.events li.end { color: #a40e26; }
.gain { color: #1a7f37; } .loss { color: #a40e26; }
.seat { padding-left: 4px; white-space: nowrap; }
.scroll { overflow-x: auto; margin: 6px 0 10px; }
ul.notes { color: var(--muted); font-size: 12.5px; margin-top: 0; }
"""
"""What a replay page adds to the style sheet every report shares (markup.CSS)."""
