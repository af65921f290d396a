"""A game's rule numbers (start credits, sell price, ...) as one frozen dataclass, and the
`--rule key=value` overrides a designer gives to try a change without editing code.

Each number is declared with `number(default, low=..., high=..., doc=..., source=...)`: its
allowed range (an override outside it is refused, naming the range), what it means and where
the rulebook says it, which `deckhand rules GAME` prints. A list rule also declares its
shape (`length`: how many values; `distinct`: none twice). Where a number's meaning depends
on another (a sell price against the credits that end the game), the dataclass lists a
`Relation` in its `RELATIONS`, checked once every override is applied."""

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
    length: int | None = None,
    min_length: int | None = None,
    distinct: bool = False,
) -> Any:
    """A rule number's field: its default, allowed range (for a tuple, of each element, with
    `length` values exactly, or at least `min_length`, and, if `distinct`, none twice),
    meaning and source."""
    return dataclasses.field(
        default=default,
        metadata={
            "low": low,
            "high": high,
            "length": length,
            "min_length": min_length,
            "distinct": distinct,
            "doc": doc,
            "source": source,
        },
    )


@dataclasses.dataclass(frozen=True)
class Relation:
    """Rule numbers that only mean something together: the sum of `total` stays below
    `limit` (at most it, with `or_equal`). Declared in a rule dataclass's `RELATIONS`."""

    total: tuple[str, ...]
    limit: str
    why: str
    or_equal: bool = False

    def text(self) -> str:
        """`start_credits + sell_price below end_credits`."""
        return f"{' + '.join(self.total)} {'at most' if self.or_equal else 'below'} {self.limit}"

    def holds(self, rules: Any) -> bool:
        total = sum(getattr(rules, name) for name in self.total)
        limit = getattr(rules, self.limit)
        return bool(total <= limit if self.or_equal else total < limit)

    def allowed_for(self, name: str, rules: Any) -> str:
        """What `name` may be with the other numbers of the relation as they are."""
        others = sum(getattr(rules, n) for n in self.total if n != name)
        step = 0 if self.or_equal else 1
        if name == self.limit:
            return f"{name} at least {others + step}"
        return f"{name} at most {getattr(rules, self.limit) - others - step}"


@dataclasses.dataclass(frozen=True)
class RuleNumber:
    """One rule number as `deckhand rules` shows it."""

    name: str
    value: str
    allowed: str
    doc: str
    source: str


def relations_of(rules: Any) -> tuple[Relation, ...]:
    """The relations a rule dataclass declares (none if it declares none)."""
    return tuple(getattr(type(rules), "RELATIONS", ()))


def _allowed(meta: Any, kind: Any) -> str:
    low, high = meta.get("low"), meta.get("high")
    if kind is bool:
        return "true or false"
    each = "each " if typing.get_origin(kind) is tuple else ""
    if low is not None and high is not None:
        text = f"{each}{low} to {high}"
    elif low is not None:
        text = f"{each}at least {low}"
    elif high is not None:
        text = f"{each}at most {high}"
    else:
        text = "any"
    if meta.get("length") is not None:
        text += f", exactly {meta['length']} values"
    if meta.get("min_length") is not None:
        text += f", at least {meta['min_length']} value{'s' if meta['min_length'] > 1 else ''}"
    if meta.get("distinct"):
        text += ", no value twice"
    return text


def _check_range(key: str, text: str, value: Any, meta: Any, kind: Any) -> None:
    low, high = meta.get("low"), meta.get("high")
    values = value if isinstance(value, tuple) else (value,)
    if isinstance(value, bool):
        return
    allowed = _allowed(meta, kind)
    length = meta.get("length")
    if length is not None and len(values) != length:
        raise ConfigError(
            f"--rule {key}={text}: {len(values)} values, expected {length}; allowed: {allowed}"
        )
    least = meta.get("min_length")
    if least is not None and len(values) < least:
        raise ConfigError(
            f"--rule {key}={text}: {len(values)} values, expected at least {least}; "
            f"allowed: {allowed}"
        )
    twice = [v for i, v in enumerate(values) if v in values[:i]]
    if meta.get("distinct") and twice:
        raise ConfigError(f"--rule {key}={text}: {twice[0]} is given twice; allowed: {allowed}")
    for v in values:
        if (low is not None and v < low) or (high is not None and v > high):
            raise ConfigError(f"--rule {key}={text}: out of range; allowed: {allowed}")


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


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


def check_relations(rules: Any, given: tuple[tuple[str, str], ...] = ()) -> None:
    """Every declared relation holds; the error names the override that broke it (the last
    given of the relation's numbers), the other numbers' values and what it may be."""
    for relation in relations_of(rules):
        if relation.holds(rules):
            continue
        names = (*relation.total, relation.limit)
        overridden = [key for key, _ in given if key in names]
        key = overridden[-1] if overridden else relation.total[0]
        text = dict(given).get(key, _shown(getattr(rules, key)))
        others = [f"{n}={_shown(getattr(rules, n))}" for n in names if n != key]
        shown = " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others)
        raise ConfigError(
            f"--rule {key}={text}: out of range with {shown}; allowed: "
            f"{relation.allowed_for(key, rules)} ({relation.text()}: {relation.why})"
        )


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
    changed = dataclasses.replace(defaults, **changes)  # type: ignore[type-var]
    check_relations(changed, overrides)
    return changed


def check_declared(rules: Any) -> None:
    """Every value of `rules` inside its own declared range and every relation holding: the
    test that the defaults a game ships are ones its ranges accept."""
    hints = typing.get_type_hints(type(rules))
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        _check_range(f.name, _shown(value), value, f.metadata, hints[f.name])
    check_relations(rules)


def describe(defaults: Any) -> list[RuleNumber]:
    """Every rule number with its default, allowed range (the relations it is in included),
    meaning and source."""
    hints = typing.get_type_hints(type(defaults))
    relations = relations_of(defaults)
    out = []
    for f in dataclasses.fields(defaults):
        meta = f.metadata
        allowed = _allowed(meta, hints[f.name])
        together = [r.text() for r in relations if f.name in (*r.total, r.limit)]
        if together:
            allowed += "; and " + "; ".join(together)
        out.append(
            RuleNumber(
                f.name,
                _shown(getattr(defaults, f.name)),
                allowed,
                meta.get("doc", ""),
                meta.get("source", ""),
            )
        )
    return out
