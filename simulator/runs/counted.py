"""What a child process counted by `deckhand bench --instructions` does, once, natively: a
configuration's games, or a search at the bench's positions (simulator/runs/instructions.py
starts it under callgrind and reads the count).

`python -m simulator.runs.counted CONFIG_JSON games` plays the config's games;
`python -m simulator.runs.counted CONFIG_JSON search STRATEGY` searches once at the
position of each game (`bench --search`'s) and prints "iterations N".
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from simulator.core.errors import ConfigError
from simulator.folders.config import RunConfig
from simulator.runs.bench import native_search_rounds, play_native
from simulator.runs.match import Match


def play_natively(config: RunConfig) -> None:
    """Play the config's games once with the native core, as `bench` times them."""
    play_native(Match(config), config.games)


def search_natively(config: RunConfig, search: str) -> int:
    """Search once at the position of each of the config's games; the iterations that
    played a rollout."""
    out = native_search_rounds(config, search, config.games, repeats=1, min_seconds=0.0)
    if out is None:
        raise ConfigError(f"--instructions: the native core cannot search {search} here")
    return int(out["iterations"][0])


def main(argv: Sequence[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else list(argv)
    config = RunConfig.from_json(json.loads(Path(args[0]).read_text()))
    if args[1] == "games":
        play_natively(config)
    else:
        print(f"iterations {search_natively(config, args[2])}")


if __name__ == "__main__":
    main()
