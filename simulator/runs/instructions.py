"""`deckhand bench --instructions`: the native core's instructions for a configuration's
games (or, with `--search`, for a search's iterations), counted by valgrind's callgrind.

Wall time on a shared machine moves with the host a session lands on: the same build read
1.5 to 2.3 times slower from one sitting to the next (docs/performance.md, session 19). The
instructions the core executes for the same games do not move, whatever else the machine
is doing, so they are the figure to compare two builds by (docs/performance.md, "How to
measure"). The work is done once in a child Python (simulator/runs/counted.py) under
callgrind with collection switched on only inside the core's function that does it
(`ENTRY_POINTS`), so Python's start-up, the table's conversion and the tables built
afterwards are not counted.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from simulator.core.errors import ConfigError, DeckhandError
from simulator.folders.config import RunConfig
from simulator.native.engine_choice import choose_engine

ENTRY_POINTS = {
    "import-export": "play_one(",
    "travel": "travel::Game::play(",
    "search": "ie::Mcts::choose(",
}
"""The core's function counted, by game, and for `--search`: the one that plays one game (its
setup, bots and play) or the one that searches at a position. Each runs with Python's lock
released, so no Python code is counted, and the count repeats exactly (the chunk's entry
points also read the table's dicts, whose instructions vary with Python's allocator from
run to run)."""

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")
_VERSION = re.compile(r"Using Valgrind-([\w.]+)")


class InstructionsError(DeckhandError):
    """valgrind is missing, or the counted run failed (its output's end is in the message)."""


@dataclass(frozen=True)
class InstructionCount:
    """The instructions callgrind counted inside `entry` while `count` `unit`s were played
    (games) or searched (iterations that played a rollout)."""

    total: int
    count: int
    unit: str
    entry: str
    valgrind: str

    @property
    def per_unit(self) -> float:
        return self.total / max(self.count, 1)

    def line(self) -> str:
        """The count as `deckhand bench --instructions` says it."""
        units = f"{self.count:,} {self.unit}{'s' if self.count != 1 else ''}"
        return (
            f"{self.total:,} instructions for {units} ({self.per_unit:,.0f} per {self.unit}), "
            f"inside the core's {self.entry}...) ({self.valgrind})"
        )


def count_instructions(config: RunConfig) -> InstructionCount:
    """Play the config's games (0 to games - 1) once natively under callgrind and return the
    instructions executed inside the core's one-game function. ConfigError where the
    configuration cannot play natively; InstructionsError where valgrind is missing or the
    run fails."""
    _native(config)
    entry = ENTRY_POINTS[config.game.game]
    total, version, _ = _counted(entry, ["games"], config)
    return InstructionCount(total, config.games, "game", entry, version)


def count_search_instructions(config: RunConfig, search: str) -> InstructionCount:
    """Search once with `search` at the bench's position of each of the config's games
    (`bench --search`'s positions, one round) under callgrind, and return the instructions
    executed inside the native search, with the iterations that played a rollout."""
    if config.game.game != "import-export":
        raise ConfigError(
            "--search with --instructions counts Import/Export's native search (the core's "
            f"mcts_at); {config.game.game}'s search has no native bench"
        )
    _native(config)
    entry = ENTRY_POINTS["search"]
    total, version, said = _counted(entry, ["search", search], config)
    iterations = re.search(r"iterations (\d+)", said)
    if iterations is None:
        raise InstructionsError(f"the counted search did not say its iterations: {said[-300:]}")
    return InstructionCount(total, int(iterations.group(1)), "iteration", entry, version)


def _native(config: RunConfig) -> None:
    try:
        choose_engine(config, "native")
    except ConfigError as exc:
        raise ConfigError(f"--instructions counts the native core's instructions: {exc}") from None


def _valgrind() -> str:
    found = shutil.which("valgrind")
    if found is None:
        raise InstructionsError(
            "--instructions needs valgrind (its callgrind tool) on PATH, and it was not found: "
            "install it (Debian and Ubuntu: apt install valgrind)"
        )
    return found


def _counted(entry: str, what: list[str], config: RunConfig) -> tuple[int, str, str]:
    """Run simulator/runs/counted.py's `what` on the config under callgrind, counting inside
    `entry`: the instructions, valgrind's version (from its banner) and what the child
    printed."""
    valgrind = _valgrind()
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
            "simulator.runs.counted",
            str(spec),
            *what,
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
    version = _VERSION.search(done.stderr)
    return int(found[-1]), f"valgrind-{version.group(1) if version else '?'}", done.stdout
