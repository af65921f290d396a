"""A run's choices: RunOptions as the user gives them, RunConfig once validated.

RunOptions is the one bundle of run options carried from the command line through mixes,
sweeps, robustness and ablation (each changes a field or two with `but` and validates with
`config`); RunConfig is what decides a run's games and is stored in its manifest, so two
equal configs give equal datasets. Validation happens here, before any worker starts: a bad
choice is a one-line error naming the option and the accepted values, never a traceback in
a worker or a half-made run folder.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from simulator.catalog import get_game
from simulator.core import limits
from simulator.core.errors import ConfigError
from simulator.core.limits import check_whole
from simulator.core.plugins import described
from simulator.core.spec import GameConfig
from strategies.registry import resolve

DEFAULT_CHUNK_SIZE = 500
"""The most games per chunk when no --chunk-size is given: the unit a worker plays, the
folder writes atomically and a resumed run plays again."""
MIN_CHUNKS = 16
"""A run of fewer than 16 x 500 games is cut into at least this many chunks (of at least
MIN_CHUNK_SIZE games), so that a small run keeps every worker of a 16-core machine busy."""
MIN_CHUNK_SIZE = 25


def default_chunk_size(games: int, players: int, duplicate: bool = False) -> int:
    """The chunk size of a run given none: games / MIN_CHUNKS, between MIN_CHUNK_SIZE and
    DEFAULT_CHUNK_SIZE, rounded down to whole deals with --duplicate. It depends on the
    number of games only, never on --jobs: the same command gives the same folder on any
    number of workers (and a game's play never depends on its chunk)."""
    size = min(DEFAULT_CHUNK_SIZE, max(MIN_CHUNK_SIZE, -(-games // MIN_CHUNKS)))
    if duplicate:
        size = max(players, size - size % players)
    return size


__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "RunConfig",
    "default_chunk_size",
    "with_held_chunks",
    "RunOptions",
    "config_differences",
    "extends",
    "make_run_config",
    "options_given",
    "seat_slots",
]


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides a run's games; two equal configs give equal datasets."""

    game: GameConfig
    strategies: tuple[str, ...]
    games: int
    """The number of games, or with `until_ci` the most games the run may play."""
    seed: int
    rotate: bool = True
    chunk_size: int = DEFAULT_CHUNK_SIZE
    check_invariants: bool = False
    duplicate: bool = False
    """Deals in blocks of `players` games, the strategies rotated one seat per game."""
    until_ci: float | None = None
    """Stop after the first chunk at which the headline 95% half-width is at most this."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["game"] = self.game.to_json()
        data["strategies"] = list(self.strategies)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunConfig:
        """The config of a manifest; fields a manifest predates read their default."""
        until = data.get("until_ci")
        return cls(
            game=GameConfig.from_json(data["game"]),
            strategies=tuple(data["strategies"]),
            games=int(data["games"]),
            seed=int(data["seed"]),
            rotate=bool(data["rotate"]),
            chunk_size=int(data["chunk_size"]),
            check_invariants=bool(data["check_invariants"]),
            duplicate=bool(data.get("duplicate", False)),
            until_ci=None if until is None else float(until),
        )

    @property
    def chunks(self) -> int:
        return -(-self.games // self.chunk_size)

    def deal(self, game_index: int) -> int:
        """The rules stream (the shuffle) of a game: its own index, or its duplicate block."""
        return game_index // self.game.players if self.duplicate else game_index

    def chunk_games(self, chunk: int) -> range:
        first = chunk * self.chunk_size
        return range(first, min(self.games, first + self.chunk_size))


@dataclass(frozen=True)
class RunOptions:
    """A run's options as the user gives them, before validation: the command line's shared
    game options plus what a command sets itself. One value, carried whole from the CLI
    through mixes, sweeps, robustness and ablation; `but` changes a few fields, `config`
    validates into a RunConfig."""

    game: str
    players: int = 4
    modules: tuple[str, ...] = ()
    strategies: tuple[str, ...] = ("heuristic",)
    games: int = 1000
    seed: int = 0
    card_sheet: str | None = None
    powers: str | None = None
    """A designer's powers file (`--powers`), read when the options are validated."""
    rotate: bool = True
    chunk_size: int | None = None
    """None: default_chunk_size(games, players, duplicate)."""
    max_turns: int | None = None
    check_invariants: bool = False
    variants: tuple[str, ...] = ()
    rules: tuple[tuple[str, str], ...] = ()
    duplicate: bool = False
    until_ci: float | None = None
    engine: str = "auto"
    """Which engine plays (`--engine`: auto, native, python; simulator/native/engine_choice.py):
    not part of the config, since both engines play the same games."""

    def but(self, **changes: Any) -> RunOptions:
        """These options with some fields changed (a mix's sets, a sweep value's sheet)."""
        return replace(self, **changes)

    def config(self) -> RunConfig:
        """Validate into a RunConfig; errors name the option and the accepted values."""
        fields = asdict(self)
        del fields["engine"]  # decides no game (the engines agree): not in the config
        return make_run_config(**fields)

    def game_config(self) -> GameConfig:
        """The game's own config of these options (no bots, no games), checked by the game
        (its sets, rule numbers, card sheet) before anything is played: for the experiments
        that seat the bots themselves (tune, versus, ablate)."""
        spec = get_game(self.game)
        config = spec.make_config(
            self.players,
            self.modules,
            self.card_sheet,
            self.max_turns,
            variants=self.variants,
            rules=self.rules,
            powers=self.powers,
        )
        spec.factory(config)
        return config


SHARED_OPTIONS = (
    "players",
    "modules",
    "strategies",
    "variants",
    "rules",
    "seed",
    "card_sheet",
    "powers",
    "rotate",
    "max_turns",
    "engine",
)
"""The game options the playing commands share (`--players`, `--sets`, `--strategy`, ...),
by their RunOptions field."""
SEQUENCES = frozenset({"modules", "strategies", "variants", "rules"})


def options_given(game: str, given: Mapping[str, Any], **run: Any) -> RunOptions:
    """The RunOptions of a command: the shared game options found in `given` (one a command
    does not take, or not given, keeps its default; no strategy given: the default bot) and
    what the command sets itself in `run` (games, chunk size, invariants, duplicate deals)."""
    fields: dict[str, Any] = {}
    for key in SHARED_OPTIONS:
        value = given.get(key)
        if value is not None:
            fields[key] = tuple(value) if key in SEQUENCES else value
    if not fields.get("strategies"):
        fields.pop("strategies", None)
    return RunOptions(game, **fields, **run)


def make_run_config(
    game: str,
    players: int,
    modules: tuple[str, ...] | list[str] = (),
    strategies: tuple[str, ...] | list[str] = ("heuristic",),
    games: int = 1000,
    seed: int = 0,
    card_sheet: str | None = None,
    powers: str | None = None,
    rotate: bool = True,
    chunk_size: int | None = None,
    max_turns: int | None = None,
    check_invariants: bool = False,
    variants: tuple[str, ...] | list[str] = (),
    rules: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (),
    duplicate: bool = False,
    until_ci: float | None = None,
) -> RunConfig:
    """Validate user choices; errors name the option and the accepted values.

    The game is built once here, so that what only it can check (its sets, its rule
    numbers, the card sheet) fails now rather than in a worker. `chunk_size` None means
    default_chunk_size(games, players, duplicate).
    """
    spec = get_game(game)
    game_config = spec.make_config(
        players,
        tuple(modules),
        card_sheet,
        max_turns,
        variants=tuple(variants),
        rules=rules,
        powers=powers,
    )
    strategies = tuple(strategies) or ("heuristic",)
    if len(strategies) not in (1, players):
        raise ConfigError(
            f"--strategy: give one strategy for every seat or one per seat ({players}); "
            f"got {len(strategies)}"
        )
    for text in strategies:
        resolve(game, text)
    if games < 1:
        raise ConfigError("--games: must be at least 1")
    check_whole("--games", games, limits.GAMES)
    if chunk_size is None:
        chunk_size = default_chunk_size(max(games, 1), players, duplicate)
    if chunk_size < 1:
        raise ConfigError("--chunk-size: must be at least 1")
    check_whole("--seed", seed, limits.SEED)
    if duplicate:
        _check_duplicate(players, strategies, games, chunk_size, rotate)
    if until_ci is not None and not 0 < until_ci < 0.5:
        raise ConfigError(
            f"--until-ci: {until_ci} is not a 95% half-width between 0 and 0.5 "
            "(e.g. 0.01 stops at +/- 1 point)"
        )
    spec.factory(game_config)  # sets, rule numbers and the card sheet: checked by the game
    return RunConfig(
        game_config,
        strategies,
        games,
        seed,
        rotate,
        chunk_size,
        check_invariants,
        duplicate,
        None if until_ci is None else float(until_ci),
    )


def _check_duplicate(
    players: int, strategies: tuple[str, ...], games: int, chunk_size: int, rotate: bool
) -> None:
    if len(strategies) != players:
        raise ConfigError(
            f"--duplicate: give one --strategy per seat ({players}); with one strategy in "
            "every seat the games of a deal would all be the same match"
        )
    if not rotate:
        raise ConfigError(
            "--duplicate: rotates the strategies one seat per game of a deal; "
            "it cannot be combined with --no-rotate"
        )
    if games % players:
        lower = games - games % players
        raise ConfigError(
            f"--games: with --duplicate a whole number of deals of {players} games, "
            f"e.g. {lower or players} or {lower + players}"
        )
    if chunk_size % players:
        raise ConfigError(
            f"--chunk-size: with --duplicate a multiple of --players ({players}) so that no "
            f"deal is split between chunks, e.g. {max(players, chunk_size - chunk_size % players)}"
        )


def seat_slots(config: RunConfig, game_index: int) -> list[int]:
    """Which `--strategy` entry sits in each seat; rotated across games by default.

    Rotation moves every strategy one seat per game, so in duplicate mode (deals of
    `players` consecutive games) each strategy plays every seat of each deal once.
    """
    n = config.game.players
    if len(config.strategies) == 1:
        return [0] * n
    if not config.rotate:
        return list(range(n))
    return [(seat + game_index) % n for seat in range(n)]


OPTION_OF = {
    "game": "GAME",
    "players": "--players",
    "modules": "--sets/--modules/--variant",
    "card_sheet": "--card-sheet",
    "powers": "--powers",
    "max_turns": "--max-turns",
    "rules": "--rule",
    "strategies": "--strategy",
    "games": "--games",
    "seed": "--seed",
    "rotate": "--rotate/--no-rotate",
    "chunk_size": "--chunk-size",
    "check_invariants": "--check-invariants",
    "duplicate": "--duplicate",
    "until_ci": "--until-ci",
}
"""The command-line option behind each field of a run's config, to name what differs."""


def config_differences(held: RunConfig, asked: RunConfig) -> list[str]:
    """`option: in the folder -> asked` for every field that differs."""
    old, new = held.to_json(), asked.to_json()
    flat_old = {**{k: v for k, v in old.items() if k != "game"}, **old["game"]}
    flat_new = {**{k: v for k, v in new.items() if k != "game"}, **new["game"]}
    return [
        f"{OPTION_OF.get(key, key)}: {_shown(flat_old.get(key))} in the folder, "
        f"{_shown(flat_new.get(key))} asked"
        for key in flat_new
        if flat_old.get(key) != flat_new.get(key)
    ]


def _shown(value: Any) -> str:
    if isinstance(value, dict):  # a designer's powers: by file and hash, not their code
        return described(value)
    if isinstance(value, list):
        return ",".join("=".join(map(str, v)) if isinstance(v, list) else str(v) for v in value)
    return str(value)


def with_held_chunks(held: RunConfig, asked: RunConfig) -> RunConfig:
    """`asked` with the folder's chunk size when `asked` has the default one (no
    --chunk-size given): the default follows --games, so resuming or extending a run with a
    different --games than it started with keeps its chunks."""
    defaulted = default_chunk_size(asked.games, asked.game.players, asked.duplicate)
    if asked.chunk_size == defaulted and held.chunk_size != asked.chunk_size:
        return replace(asked, chunk_size=held.chunk_size)
    return asked


def extends(held: RunConfig, asked: RunConfig) -> bool:
    """Whether `asked` is `held` with more games only (and no --until-ci, which decides
    its own length): the run can grow to it."""
    if asked.games <= held.games or held.until_ci is not None:
        return False
    return {**held.to_json(), "games": asked.games} == asked.to_json()
