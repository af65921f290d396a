"""A game's rule numbers (start credits, sell price, ...) as one frozen dataclass, and the
`--rule key=value` overrides a designer gives to try a change without editing code.

Each number is declared with `number(default, low=..., high=..., doc=..., source=...)`: its
allowed range (an override outside it is refused, naming the range), what it means and where
the rulebook says it, which `deckhand rules GAME` prints."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, TypeVar

from simulator.core.errors import ConfigError

R = TypeVar("R")


def number(
    default: Any,
    *,
    doc: str,
    source: str,
    low: float | None = None,
    high: float | None = None,
) -> Any:
    """A rule number's field: its default, allowed range (for a tuple, of each element),
    meaning and source."""
    return dataclasses.field(
        default=default, metadata={"low": low, "high": high, "doc": doc, "source": source}
    )


@dataclasses.dataclass(frozen=True)
class RuleNumber:
    """One rule number as `deckhand rules` shows it."""

    name: str
    value: str
    allowed: str
    doc: str
    source: str


def _allowed(meta: Any, kind: Any) -> str:
    low, high = meta.get("low"), meta.get("high")
    if kind is bool:
        return "true or false"
    each = "each " if typing.get_origin(kind) is tuple else ""
    if low is not None and high is not None:
        return f"{each}{low} to {high}"
    if low is not None:
        return f"{each}at least {low}"
    if high is not None:
        return f"{each}at most {high}"
    return "any"


def _check_range(key: str, text: str, value: Any, meta: Any, kind: Any) -> None:
    low, high = meta.get("low"), meta.get("high")
    values = value if isinstance(value, tuple) else (value,)
    if isinstance(value, bool):
        return
    for v in values:
        if (low is not None and v < low) or (high is not None and v > high):
            raise ConfigError(f"--rule {key}={text}: out of range; allowed: {_allowed(meta, kind)}")


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
    fields = {f.name: f for f in dataclasses.fields(defaults)}  # type: ignore[arg-type]
    changes = {}
    for key, text in overrides:
        if key not in fields:
            raise ConfigError(f"--rule: unknown rule number '{key}'; accepted: {', '.join(fields)}")
        changes[key] = _parse(key, text, hints[key])
        _check_range(key, text, changes[key], fields[key].metadata, hints[key])
    return dataclasses.replace(defaults, **changes)  # type: ignore[type-var]


def describe(defaults: Any) -> list[RuleNumber]:
    """Every rule number with its default, allowed range, meaning and source."""
    hints = typing.get_type_hints(type(defaults))
    out = []
    for f in dataclasses.fields(defaults):
        value = getattr(defaults, f.name)
        text = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
        if isinstance(value, bool):
            text = text.lower()
        meta = f.metadata
        out.append(
            RuleNumber(
                f.name,
                text,
                _allowed(meta, hints[f.name]),
                meta.get("doc", ""),
                meta.get("source", ""),
            )
        )
    return out
