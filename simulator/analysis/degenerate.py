"""Games a run's numbers make degenerate: a median game that runs to the turn limit (the
rules as set cannot end a game, or the bots cannot) or that ends within the first round (a
rule number or a card ends it at once). Every value may lie inside its declared range and
still make such games together; the run's summary and its report's headline say so, so a
designer never reads verdicts off games that are not the game."""

from __future__ import annotations

from typing import cast

import polars as pl


def degenerate_warnings(turns: pl.Series, max_turns: int | None, players: int) -> list[str]:
    """The warnings for a run's game lengths (player-turns per game), or none."""
    if not turns.len():
        return []
    median = float(cast("float | None", turns.median()) or 0.0)
    warnings = []
    if max_turns and median >= max_turns:
        warnings.append(
            f"the median game runs to the turn limit of {max_turns:,} turns: with these rule "
            "numbers, card sheet and bots games do not end; verdicts on them say nothing of "
            "the game"
        )
    if median <= players:
        warnings.append(
            f"the median game ends within {median:.0f} turns, before every one of the "
            f"{players} players has played a turn twice: a rule number or a card ends games "
            "at once; verdicts on them say nothing of the game"
        )
    return warnings
