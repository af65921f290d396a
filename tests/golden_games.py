"""Golden games: a fingerprint of 200 games of each of a few dozen configurations, so a change
that is not meant to change play can show that it did not.

A fingerprint is the SHA-256 of each table as the runner writes it (`games` without the
`decisions` column, and `players`), rows in game and seat order, values as `repr` text. The
number of decisions the bots were asked is kept apart: a change that spares the bots a forced
choice changes it without changing a single game. `SAMPLE_GAMES` games of each configuration
are kept as readable rows, so a broken fingerprint says which game went differently first.

    python tests/golden_games.py            # check every configuration, say which differ
    python tests/golden_games.py --update   # record them again (a deliberate play change:
                                            # its own commit, saying why, and a new
                                            # simulator.__version__: refused without one)

tests/test_golden_games.py checks them in CI.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from simulator import __version__  # noqa: E402
from simulator.catalog import get_game  # noqa: E402
from simulator.folders.config import RunConfig, make_run_config  # noqa: E402
from simulator.games.travel.cards import EXPANSIONS  # noqa: E402
from simulator.native.engine_choice import blockers  # noqa: E402
from simulator.runs.runner import SheetCopy, _engine_versions, play_chunk  # noqa: E402

FINGERPRINTS = Path(__file__).resolve().parent / "golden_games.json"
GAMES = 200
SEED = 20261201
SAMPLE_GAMES = 3
SAMPLE_COLUMNS = {
    "games": ("game_id", "turns", "first_player", "winners", "end_reason"),
    "players": ("game_id", "seat", "strategy", "score", "placement", "opening"),
}


@dataclass(frozen=True)
class Golden:
    """One configuration: a game, its sets or modules, a variant, players and one bot."""

    game: str
    modules: tuple[str, ...]
    players: int
    strategy: str
    variant: str = ""

    @property
    def name(self) -> str:
        mix = "+".join(self.modules) or "none"
        variant = f"+{self.variant}" if self.variant else ""
        return f"{self.game}/{mix}{variant}/{self.players}p/{self.strategy}"


CONFIGS: tuple[Golden, ...] = tuple(
    [
        Golden("import-export", sets, players, strategy, variant)
        for sets, variant in (
            (("base",), ""),
            (("all",), ""),
            (("all",), "market"),
            (("all",), "containers"),
            (("all",), "containers_all"),
        )
        for players in (2, 4, 6)
        for strategy in ("random", "heuristic")
    ]
    + [  # the default bot before Bot II (issue 30): its runs stay reproducible
        Golden("import-export", sets, players, "classic")
        for sets in (("base",), ("all",))
        for players in (2, 4, 6)
    ]
    + [
        Golden("travel", modules, players, strategy)
        for modules in ((), EXPANSIONS)
        for players in (2, 4, 6)
        for strategy in ("random", "heuristic")
    ]
)


def _canonical(frame: pl.DataFrame) -> str:
    """The table as text: one line per row in game and seat order, values as repr."""
    keys = [k for k in ("game_id", "seat") if k in frame.columns]
    frame = frame.sort(keys)
    lines = [",".join(frame.columns)]
    lines.extend(repr(row) for row in frame.iter_rows())
    return "\n".join(lines)


def _sample(frame: pl.DataFrame, table: str) -> list[str]:
    rows = frame.filter(pl.col("game_id") < SAMPLE_GAMES).sort(
        [k for k in ("game_id", "seat") if k in frame.columns]
    )
    return [repr(row) for row in rows.select(SAMPLE_COLUMNS[table]).iter_rows()]


def golden_config(golden: Golden) -> RunConfig:
    """The run config of a golden configuration."""
    return make_run_config(
        golden.game,
        golden.players,
        golden.modules,
        (golden.strategy,),
        games=GAMES,
        seed=SEED,
        chunk_size=GAMES,
        variants=(golden.variant,) if golden.variant else (),
    )


NATIVE_CANDIDATES: tuple[Golden, ...] = CONFIGS
"""The configurations the native core is meant to play (both games, every set and variant,
their random, heuristic and classic bots): checked with both engines where the built core
plays them (tests/test_golden_games.py)."""


def fingerprint(golden: Golden, engine: str = "python") -> dict[str, Any]:
    """Play the configuration's games as a run's worker does, with that engine ("python" or
    "native"), and fingerprint its tables."""
    config = golden_config(golden)
    data = Path(config.game.card_sheet or get_game(golden.game).card_sheet).read_bytes()
    copy = SheetCopy(hashlib.sha256(data).hexdigest(), data)
    result = play_chunk(config.to_json(), 0, copy, _engine_versions(), engine)
    games = pl.read_parquet(io.BytesIO(result.games_parquet))
    players = pl.read_parquet(io.BytesIO(result.players_parquet))
    return {
        "games_sha256": _sha(_canonical(games.drop("decisions"))),
        "players_sha256": _sha(_canonical(players)),
        "decisions": int(games["decisions"].sum()),
        "turns": int(games["turns"].sum()),
        "sample": {"games": _sample(games, "games"), "players": _sample(players, "players")},
    }


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


VERSION_KEY = "_deckhand"
"""The key of the version that recorded the games (simulator.__version__), beside the
configurations: a change of play moves the version, or a run played before it could be
resumed after it and mix two kinds of games (run_folder.check_same_play refuses another
version's folder)."""


def recorded() -> dict[str, Any]:
    """The recorded fingerprints by configuration name."""
    saved = json.loads(FINGERPRINTS.read_text()) if FINGERPRINTS.exists() else {}
    saved.pop(VERSION_KEY, None)
    return saved


def recorded_version() -> str | None:
    """The deckhand version that recorded them."""
    saved = json.loads(FINGERPRINTS.read_text()) if FINGERPRINTS.exists() else {}
    return saved.get(VERSION_KEY)


def _games_of(print_: dict[str, Any] | None) -> Any:
    """What says which games were played (not how many decisions the bots were asked)."""
    if print_ is None:
        return None
    return (print_["games_sha256"], print_["players_sha256"], print_["sample"], print_["turns"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="record the fingerprints again")
    parser.add_argument("names", nargs="*", help="only these configurations (by name)")
    parser.add_argument(
        "--engine",
        choices=("python", "native"),
        default="python",
        help="the engine that plays them (native: only the configurations it plays)",
    )
    args = parser.parse_args(argv)
    if args.engine == "native" and args.update:
        parser.error("--update records the reference: the Python engine's games")
    saved = recorded()
    chosen = [g for g in CONFIGS if not args.names or g.name in args.names]
    if args.engine == "native":
        chosen = [g for g in chosen if not blockers(golden_config(g))]
    differ = 0
    played_otherwise = []
    for golden in chosen:
        now = fingerprint(golden, args.engine)
        same = saved.get(golden.name) == now
        differ += not same
        if _games_of(saved.get(golden.name)) not in (None, _games_of(now)):
            played_otherwise.append(golden.name)
        print(f"{'same' if same else 'DIFFERS'}  {golden.name}  turns={now['turns']}")
        if args.update:
            saved[golden.name] = now
    if args.update:
        if played_otherwise and recorded_version() == __version__:
            print(
                f"not recorded: {len(played_otherwise)} configurations play other games, and "
                f"the version is still {__version__}. A change of play moves it "
                "(simulator/__init__.py), so that no run of the old games is resumed or "
                "extended with the new ones; bump it and update again."
            )
            return 1
        saved[VERSION_KEY] = __version__
        FINGERPRINTS.write_text(json.dumps(saved, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(chosen)} configurations in {FINGERPRINTS} (deckhand {__version__})")
        return 0
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
