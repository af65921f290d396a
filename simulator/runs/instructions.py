"""`deckhand bench --instructions`: the native core's instructions for a configuration's
games, counted by valgrind's callgrind.

Wall time on a shared machine moves with the host a session lands on: the same build read
1.5 to 2.3 times slower from one sitting to the next (docs/performance.md, session 19). The
instructions the core executes for the same games do not move, whatever else the machine
is doing, so they are the figure to compare two builds by (docs/performance.md, "How to
measure"). The games are played once in a child Python under callgrind with collection
switched on only inside the core's function that plays a game (`ENTRY_POINTS`), so Python's
start-up, the table's conversion and the tables built afterwards are not counted.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from simulator.core.errors import ConfigError, DeckhandError
from simulator.folders.config import RunConfig
from simulator.games.import_export.rules import ImportExportGame
from simulator.games.travel.rules import TravelGame
from simulator.native.chunk import play_columns
from simulator.native.engine_choice import choose_engine
from simulator.native.travel_chunk import play_travel_columns
from simulator.runs.match import Match

ENTRY_POINTS = {"import-export": "play_one(", "travel": "travel::Game::play("}
"""The core's function that plays one game (its setup, bots and play), by game: what
callgrind counts. Both run with Python's lock released, so no Python code is counted, and
the count repeats exactly (the chunk's entry points also read the table's dicts, whose
instructions vary with Python's allocator from run to run)."""

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


class InstructionsError(DeckhandError):
    """valgrind is missing, or the counted run failed (its output's end is in the message)."""


@dataclass(frozen=True)
class InstructionCount:
    """The instructions callgrind counted inside `entry` while `games` games were played."""

    total: int
    games: int
    entry: str
    valgrind: str

    @property
    def per_game(self) -> float:
        return self.total / self.games

    def line(self) -> str:
        """The count as `deckhand bench --instructions` says it."""
        games = f"{self.games} game{'s' if self.games > 1 else ''}"
        return (
            f"{self.total:,} instructions for {games} ({self.per_game:,.0f} a game), inside "
            f"the core's {self.entry}...) ({self.valgrind})"
        )


def count_instructions(config: RunConfig) -> InstructionCount:
    """Play the config's games (0 to games - 1) once natively under callgrind and return the
    instructions executed inside the core's entry point. ConfigError where the configuration
    cannot play natively; InstructionsError where valgrind is missing or the run fails."""
    try:
        choose_engine(config, "native")
    except ConfigError as exc:
        raise ConfigError(f"--instructions counts the native core's instructions: {exc}") from None
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise InstructionsError(
            "--instructions needs valgrind (its callgrind tool) on PATH, and it was not found: "
            "install it (Debian and Ubuntu: apt install valgrind)"
        )
    entry = ENTRY_POINTS[config.game.game]
    with tempfile.TemporaryDirectory(prefix="deckhand-callgrind-") as tmp:
        spec = Path(tmp) / "config.json"
        spec.write_text(json.dumps(config.to_json()))
        command = [
            valgrind,
            "--tool=callgrind",
            f"--callgrind-out-file={Path(tmp) / 'callgrind.out'}",
            f"--toggle-collect=*{entry}*",
            sys.executable,
            "-m",
            "simulator.runs.instructions",
            str(spec),
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    found = _COLLECTED.findall(done.stderr)
    if done.returncode == 0 and found and int(found[-1]) == 0:
        raise InstructionsError(
            f"callgrind counted nothing inside the core's {entry}: is it still a function of "
            "its own in this build (not inlined)? simulator/runs/instructions.py names it"
        )
    if done.returncode != 0 or not found:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-8:])
        raise InstructionsError(
            f"the counted run failed (exit {done.returncode}): {' '.join(command)}\n{tail}"
        )
    version = subprocess.run(
        [valgrind, "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return InstructionCount(int(found[-1]), config.games, entry, version)


def play_natively(config: RunConfig) -> None:
    """Play the config's games once with the native core (what the child process counts)."""
    match = Match(config)
    indices = range(config.games)
    if isinstance(match.game, TravelGame):
        play_travel_columns(match.config, match.game, match.choices, indices)
    else:
        assert isinstance(match.game, ImportExportGame)  # (ENTRY_POINTS: the two native games)
        play_columns(match.config, match.game, match.choices, indices)


def main(argv: Sequence[str] | None = None) -> None:
    """The counted child: `python -m simulator.runs.instructions CONFIG_JSON`."""
    args = sys.argv[1:] if argv is None else list(argv)
    play_natively(RunConfig.from_json(json.loads(Path(args[0]).read_text())))


if __name__ == "__main__":
    main()
