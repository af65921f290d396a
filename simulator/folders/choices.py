"""The choices a run's config accepts, in words for the terminal: the games with their
modules (`deckhand games`), a game's rule numbers (`deckhand rules`), its strategies with
their parameters and the shipped presets with the head-to-heads that confirmed them
(`deckhand strategies`), and the cards of a card sheet as a table, CSV or JSON (`deckhand
cards list`). Beside config.py, which checks those choices; no report is needed to list
them (a tree of simulator/ and strategies/ alone answers `deckhand games`)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from simulator.catalog import GAMES, get_game
from simulator.core.cards import load_card_sheet, sheet_records
from simulator.core.rule_numbers import describe
from strategies.registry import available, load_preset, preset_names, resolve

CELL_WIDTH = {"power": 60, "text": 60}
"""The widest a table cell of these columns is shown (others: DEFAULT_WIDTH), in characters."""
DEFAULT_WIDTH = 40


def games_lines() -> list[str]:
    """Each game with its player counts, then its modules (variants marked, with their
    player limits) and what its `--powers` file may hold."""
    lines = []
    for spec in GAMES.values():
        lines.append(f"{spec.name}: {spec.title} ({spec.min_players}-{spec.max_players} players)")
        for m in spec.modules:
            limit = f" (at most {m.max_players} players)" if m.max_players else ""
            kind = " [--variant]" if m.kind == "variant" else ""
            lines.append(f"  {m.name}{kind}: {m.description}{limit}")
        if spec.plugin_help:
            lines.append(f"  --powers FILE: {spec.plugin_help}")
    return lines


def rules_lines(game: str) -> list[str]:
    """A game's rule numbers: each with its default and accepted values, then its meaning
    and source; a game that keeps them in its card sheet says so."""
    spec = get_game(game)
    if spec.rule_numbers is None:
        return [f"{game} keeps its rule numbers in the card sheet (see `deckhand cards list`)."]
    lines = []
    for rule in describe(spec.rule_numbers):
        lines.append(f"{rule.name}={rule.value}  ({rule.allowed})")
        lines.append(f"    {rule.doc}; source: {rule.source}")
    return lines


def strategies_lines(game: str) -> list[str]:
    """Each strategy of the game with the first line of its doc and its parameters (default
    and accepted range), then each shipped preset with how it was chosen and its figures."""
    get_game(game)
    lines = []
    for name in available(game):
        cls = resolve(game, name).cls
        params = (
            ", ".join(
                f"{k}={v}" + (f" ({cls.scales[k].text()})" if k in cls.scales else "")
                for k, v in cls.params.items()
            )
            or "no parameters"
        )
        doc = (cls.__doc__ or "").strip().splitlines()[0]
        lines.append(f"{name}: {doc} [{params}]")
    for text in preset_names(game):
        preset = load_preset(game, *text.split("@"))
        how = (
            "chosen by head-to-heads" if preset["provenance"].get("screening") else "deckhand tune"
        )
        lines.append(f"{text}: preset ({how}){preset_figures(preset)}")
    return lines


def preset_figures(preset: dict[str, Any]) -> str:
    """A preset's confirmation (its head-to-head with interval and games; one seat against
    the rest: its parity) and its checks at four players, each with the deckhand version
    that checked it again, if later."""
    c = preset.get("confirmation") or {}
    figure = (
        f"; head-to-head {100 * c['score']:.1f}% [{100 * c['lo']:.1f}, {100 * c['hi']:.1f}] "
        f"over {c['games']:,} games against {c['opponent']}"
        if c
        else ""
    )
    if c and c["players"] != 2:  # one seat against the rest: its parity is not a half
        figure += f" ({c['players']} players, one seat each; parity {100 / c['players']:.0f}%)"
    for f in preset.get("four_players", []):  # a check at the player count it was tuned for
        against = f["opponent"].split()[0]
        if "deckhand" in f:  # checked again with a later version
            against += f", deckhand {f['deckhand']}"
        figure += (
            f"; {f['players']} players, one seat against three {against}: "
            f"{100 * f['score']:.1f}% [{100 * f['lo']:.1f}, {100 * f['hi']:.1f}] "
            f"(parity {100 * f['parity']:.0f}%)"
        )
    return figure


def cards_text(
    game: str,
    card_sheet: str | None = None,
    card_type: str | None = None,
    card_set: str | None = None,
    fmt: str = "table",
) -> str:
    """The cards of a game's sheet (default: its own), only those of `card_type` and
    `card_set` if given, as text ending in a newline: `table` (the attributes a designer
    edits, long cells shortened, then the count), `csv` or `json` (every column in full,
    provenance included)."""
    spec = get_game(game)
    sheet = load_card_sheet(card_sheet or spec.card_sheet, spec.card_schema)
    rows = [
        r
        for r in sheet_records(sheet)
        if (not card_type or r.get("type") == card_type)
        and (not card_set or r.get("set") == card_set)
    ]
    if fmt == "json":
        return json.dumps(rows, indent=1, ensure_ascii=False) + "\n"
    columns = list(spec.card_schema.names)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return buffer.getvalue()
    shown = [c for c in columns if c not in ("provenance",)]
    cells = [[cell(r.get(c, ""), CELL_WIDTH.get(c, DEFAULT_WIDTH)) for c in shown] for r in rows]
    sizes = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(shown)]
    lines = ["  ".join(c.ljust(s) for c, s in zip(shown, sizes, strict=True)).rstrip()]
    for row in cells:
        lines.append("  ".join(v.ljust(s) for v, s in zip(row, sizes, strict=True)).rstrip())
    lines.append(f"{len(rows)} cards; provenance per attribute: --format csv or json")
    return "\n".join(lines) + "\n"


def cell(value: Any, limit: int) -> str:
    """A table cell: the value's text, cut to `limit` characters with an ellipsis."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
