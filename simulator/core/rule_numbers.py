"""A game's rule numbers (start credits, sell price, ...) as one frozen dataclass, and the
`--rule key=value` overrides a designer gives to try a change without editing code."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, TypeVar

from simulator.core.errors import ConfigError

R = TypeVar("R")


def _parse(key: str, text: str, kind: Any) -> Any:
    """One value in the type of its field: int, float, bool or a tuple of ints."""
    origin = typing.get_origin(kind)
    try:
        if origin is tuple:
            return tuple(int(part) for part in text.split(","))
        if kind is bool:
            if text.lower() not in ("true", "false", "1", "0"):
                raise ValueError(text)
            return text.lower() in ("true", "1")
        return kind(text)
    except ValueError:
        wanted = "comma-separated whole numbers" if origin is tuple else kind.__name__
        raise ConfigError(f"--rule {key}={text}: expected {wanted}") from None


def with_overrides(defaults: R, overrides: tuple[tuple[str, str], ...]) -> R:
    """`defaults` with the given fields replaced; errors name the key and accepted ones."""
    if not overrides:
        return defaults
    hints = typing.get_type_hints(type(defaults))
    names = [f.name for f in dataclasses.fields(defaults)]  # type: ignore[arg-type]
    changes = {}
    for key, text in overrides:
        if key not in names:
            raise ConfigError(f"--rule: unknown rule number '{key}'; accepted: {', '.join(names)}")
        changes[key] = _parse(key, text, hints[key])
    return dataclasses.replace(defaults, **changes)  # type: ignore[type-var]


def describe(defaults: Any) -> list[tuple[str, str]]:
    """(name, default value) of every rule number, for `deckhand rules`."""
    out = []
    for f in dataclasses.fields(defaults):
        value = getattr(defaults, f.name)
        text = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
        out.append((f.name, text))
    return out
