"""Replaying one game of a run folder from its seed, with the rules narrating every turn."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from simulator.core.datasets import read_games
from simulator.core.errors import ConfigError
from simulator.core.runner import replay_match


def replay_text(run: str | Path, game_id: int) -> list[str]:
    """The turn-by-turn log of one game, and whether it matches what the run recorded."""
    match = replay_match(run)
    config = match.config
    if not 0 <= game_id < config.games:
        raise ConfigError(
            f"GAME_ID: {game_id} is not in this run; accepted: 0 to {config.games - 1}"
        )
    lines: list[str] = []
    texts = [c.text for c in match.choices]
    outcome, decisions, slots = match.play(game_id, trace=lines.append)
    seats = ", ".join(f"seat {i}: {texts[s]}" for i, s in enumerate(slots))
    header = [
        f"game {game_id} of {run}: {config.game.game}, {config.game.players} players, "
        f"modules {','.join(config.game.modules) or 'none'}; master seed {config.seed}",
        seats,
    ]
    winners = ", ".join(f"seat {w}" for w in outcome.winners) or "nobody"
    footer = [
        f"end: {outcome.end_reason} after {outcome.turns} turns and {decisions} decisions; "
        f"winner: {winners}"
    ]
    recorded = read_games(run).filter(pl.col("game_id") == game_id)
    if recorded.height:
        row = recorded.row(0, named=True)
        same = row["turns"] == outcome.turns and list(row["winners"]) == outcome.winners
        footer.append(
            "reproduced: matches the recorded game"
            if same
            else f"WARNING: differs from the recorded game (turns {row['turns']}, "
            f"winners {row['winners']})"
        )
    return header + lines + footer
