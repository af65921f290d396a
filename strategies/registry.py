"""Strategies by name: `name`, `name:key=value,key=value`, `name@preset[:k=v]`, or
`package.module:Class[:k=v]`.

A preset is a named set of parameters kept as data with its provenance (how it was found,
how it was confirmed): `strategies/presets/GAME/STRATEGY/NAME.json`, written by `deckhand
tune`. `classic@tuned-base-4p` loads the shipped one; `classic@path/to/file.json` any file of
that format. Parameters after it override the preset's.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from simulator.core.cards import parse_params
from simulator.core.errors import ConfigError
from simulator.core.protocol import Scale, Strategy
from strategies.import_export.archetypes import ContractorBot, ImporterBot, PirateBot
from strategies.import_export.classic import IEClassic
from strategies.import_export.heuristic import IEHeuristic
from strategies.mcts import MCTS
from strategies.random_strategy import RandomStrategy
from strategies.travel.heuristic import TravelHeuristic

GENERIC: dict[str, type[Strategy]] = {"random": RandomStrategy, "mcts": MCTS}
BY_GAME: dict[str, dict[str, type[Strategy]]] = {
    "travel": {"heuristic": TravelHeuristic},
    "import-export": {
        "heuristic": IEHeuristic,
        "classic": IEClassic,
        "contractor": ContractorBot,
        "importer": ImporterBot,
        "pirate": PirateBot,
    },
}

ARCHETYPES: dict[str, tuple[str, ...]] = {"import-export": ("contractor", "importer", "pirate")}
"""A game's archetypes: the default bot's valuation with other default weights, the seats of
a mixed table (robustness's `mix` pool)."""


PRESETS = Path(__file__).parent / "presets"
"""Shipped presets: PRESETS/GAME/STRATEGY/NAME.json (two bots may ship a preset of one name)."""


def preset_names(game: str) -> list[str]:
    """The shipped presets of a game, as `strategy@name`."""
    out = []
    for path in sorted((PRESETS / game).glob("*/*.json")):
        try:
            out.append(f"{json.loads(path.read_text())['strategy']}@{path.stem}")
        except (OSError, ValueError, KeyError):
            continue
    return out


def load_preset(game: str, strategy: str, preset: str) -> dict[str, Any]:
    """A preset's JSON (strategy, params, provenance, confirmation); `preset` is a shipped
    name or a path to a .json file. Errors name --strategy and the accepted presets."""
    shipped = PRESETS / game / strategy / f"{preset}.json"
    path = shipped if shipped.is_file() else Path(preset)
    accepted = ", ".join(preset_names(game)) or "none shipped"
    if not path.is_file() or path.suffix != ".json":
        raise ConfigError(
            f"--strategy {strategy}@{preset}: no preset '{preset}' for {game}; accepted: "
            f"{accepted}, or a path to a preset .json file"
        )
    try:
        data = json.loads(path.read_text())
        params = data["params"]
        owner = data["strategy"]
        if not isinstance(params, dict):
            raise TypeError("params is not an object")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError(
            f"--strategy {strategy}@{preset}: {path} is not a preset file ({exc}); a preset "
            'is {"strategy": NAME, "params": {...}, ...}'
        ) from None
    if owner != strategy:
        raise ConfigError(
            f"--strategy {strategy}@{preset}: the preset is for '{owner}', not '{strategy}'; "
            f"accepted: {accepted}"
        )
    if data.get("game", game) != game:
        raise ConfigError(
            f"--strategy {strategy}@{preset}: the preset is for {data['game']}, not {game}"
        )
    return data


@dataclass(frozen=True)
class StrategyChoice:
    """A resolved `--strategy` value: the class, its parameters and the text to record."""

    text: str
    cls: type[Strategy]
    params: dict[str, Any]
    game: str = ""
    """The game it plays: a searching strategy builds its rollout policy by name for it."""

    def build(self) -> Strategy:
        strategy = self.cls(**self.params)
        strategy.bind(partial(build_named, self.game))
        return strategy


def build_named(game: str, text: str) -> Strategy:
    """A strategy of `game` built from its `--strategy` text (a search bot's rollouts)."""
    return resolve(game, text).build()


def available(game: str) -> list[str]:
    return sorted({**GENERIC, **BY_GAME.get(game, {})})


def resolve(game: str, text: str) -> StrategyChoice:
    """Parse one `--strategy` value; errors list the accepted names and parameters."""
    text = text.strip()
    head, _, rest = text.partition(":")
    head, at, preset = head.partition("@")
    table = {**GENERIC, **BY_GAME.get(game, {})}
    cls_name, _, after = rest.partition(":")
    preset_params: dict[str, Any] = {}
    preset_path = ""
    if at:
        if head not in table:
            raise ConfigError(
                f"--strategy: unknown strategy '{head}' for {game}; accepted: "
                f"{', '.join(available(game))} (a preset is name@preset)"
            )
        data = load_preset(game, head, preset)
        preset_params, preset_path = dict(data["params"]), preset
    if head not in table and cls_name.isidentifier():
        cls = _import(head, cls_name, text)  # module:Class[:key=value,...]
        param_text = after
    else:
        if head not in table:
            raise ConfigError(
                f"--strategy: unknown strategy '{head}' for {game}; accepted: "
                f"{', '.join(available(game))}, or an import path package.module:Class"
            )
        cls, param_text = table[head], rest
    try:
        given = parse_params(param_text.replace(",", ";"))
    except ValueError as exc:
        raise ConfigError(f"--strategy {text}: {exc}") from None
    params = {**preset_params, **given}
    accepted = ", ".join(f"{k} (default {v})" for k, v in cls.params.items()) or "none"
    for key, value in params.items():
        if key not in cls.params:
            raise ConfigError(f"--strategy {text}: unknown parameter '{key}'; accepted: {accepted}")
        expected = _kind_of(cls.params[key])
        if expected and not _is_kind(value, expected):
            raise ConfigError(
                f"--strategy {text}: parameter '{key}' must be {expected}, got {value!r}; "
                f"accepted: {accepted}"
            )
        _check_scale(cls, key, value, text, "" if key in given else preset_path)
    choice = StrategyChoice(text, cls, params, game)
    try:  # here, before any worker starts: a bad value is a usage error, not a traceback
        choice.build()
    except (ValueError, TypeError, KeyError) as exc:
        raise ConfigError(f"--strategy {text}: {exc}; accepted: {accepted}") from None
    return choice


def _check_scale(cls: type[Strategy], key: str, value: object, text: str, preset: str) -> None:
    """A parameter inside its declared scale (`Strategy.scales`); the error names the
    strategy, the parameter, its value, the scale and where the value came from."""
    scale = cls.scales.get(key)
    if scale is None or isinstance(value, bool) or not isinstance(value, int | float):
        return
    fault = scale.fault(value)
    if fault is None:
        return
    source = f" (from the preset {preset})" if preset else ""
    raise ConfigError(
        f"--strategy {text}: {cls.name} parameter {key}={value}{source} {fault}; accepted: "
        f"{scale.text()} ({scale.doc})"
    )


def scale_of(game: str, strategy: str, key: str) -> Scale | None:
    """The declared scale of one parameter of a registered strategy (None if it has none):
    the range a tuner's search must stay inside."""
    table = {**GENERIC, **BY_GAME.get(game, {})}
    cls = table.get(strategy)
    return None if cls is None else cls.scales.get(key)


def _kind_of(default: object) -> str:
    """What a parameter's default says its values must be ('' for anything)."""
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int | float):
        return "a number"
    return ""


def _is_kind(value: object, kind: str) -> bool:
    if kind == "true or false":
        return isinstance(value, bool)
    return isinstance(value, int | float) and not isinstance(value, bool)


def _import(module: str, cls_name: str, text: str) -> type[Strategy]:
    try:
        mod = importlib.import_module(module)
    except ImportError as exc:
        raise ConfigError(f"--strategy {text}: cannot import module '{module}' ({exc})") from None
    cls = getattr(mod, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Strategy)):
        raise ConfigError(f"--strategy {text}: '{cls_name}' in {module} is not a Strategy subclass")
    return cls
