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
from typing import TYPE_CHECKING, TypeVar

from simulator.core.errors import ConfigError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

R = TypeVar("R", bound="DataclassInstance")
"""A game's rule numbers: an instance of its frozen dataclass of `number` fields."""

T = TypeVar("T")

RuleValue = int | float | bool | tuple[int, ...]
"""The value of one rule number: a number, a switch, or a list of whole numbers."""


@dataclasses.dataclass(frozen=True)
class Declared:
    """What `number` declares of a rule number, kept in its field's metadata."""

    low: float | None = None
    high: float | None = None
    length: int | None = None
    min_length: int | None = None
    distinct: bool = False
    doc: str = ""
    source: str = ""


def number(
    default: T,
    *,
    doc: str,
    source: str,
    low: float | None = None,
    high: float | None = None,
    length: int | None = None,
    min_length: int | None = None,
    distinct: bool = False,
) -> T:
    """A rule number's field: its default, allowed range (for a tuple, of each element, with
    `length` values exactly, or at least `min_length`, and, if `distinct`, none twice),
    meaning and source."""
    declared = Declared(low, high, length, min_length, distinct, doc, source)
    return dataclasses.field(default=default, metadata={"rule": declared})


def _declared(f: dataclasses.Field[object]) -> Declared:
    """The declaration of a rule dataclass's field (none, for a field not made by `number`)."""
    declared = f.metadata.get("rule")
    return declared if isinstance(declared, Declared) else Declared()


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

    def holds(self, rules: DataclassInstance) -> bool:
        total = sum(getattr(rules, name) for name in self.total)
        limit = getattr(rules, self.limit)
        return bool(total <= limit if self.or_equal else total < limit)

    def allowed_for(self, name: str, rules: DataclassInstance) -> str:
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


def relations_of(rules: DataclassInstance) -> tuple[Relation, ...]:
    """The relations a rule dataclass declares (none if it declares none)."""
    return tuple(getattr(type(rules), "RELATIONS", ()))


def _allowed(meta: Declared, kind: object) -> str:
    """What a rule number of type `kind` (its field's type hint) may be, in words."""
    low, high = meta.low, meta.high
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
    if meta.length is not None:
        text += f", exactly {meta.length} values"
    if meta.min_length is not None:
        text += f", at least {meta.min_length} value{'s' if meta.min_length > 1 else ''}"
    if meta.distinct:
        text += ", no value twice"
    return text


def _check_range(key: str, text: str, value: RuleValue, meta: Declared, kind: object) -> None:
    low, high = meta.low, meta.high
    values = value if isinstance(value, tuple) else (value,)
    if isinstance(value, bool):
        return
    allowed = _allowed(meta, kind)
    length = meta.length
    if length is not None and len(values) != length:
        raise ConfigError(
            f"--rule {key}={text}: {len(values)} values, expected {length}; allowed: {allowed}"
        )
    least = meta.min_length
    if least is not None and len(values) < least:
        raise ConfigError(
            f"--rule {key}={text}: {len(values)} values, expected at least {least}; "
            f"allowed: {allowed}"
        )
    twice = [v for i, v in enumerate(values) if v in values[:i]]
    if meta.distinct and twice:
        raise ConfigError(f"--rule {key}={text}: {twice[0]} is given twice; allowed: {allowed}")
    for v in values:
        if (low is not None and v < low) or (high is not None and v > high):
            raise ConfigError(f"--rule {key}={text}: out of range; allowed: {allowed}")


def _parse(key: str, text: str, kind: object) -> RuleValue:
    """One value in the type of its field (`kind`, its type hint): int, float, bool or a
    tuple of ints."""
    origin = typing.get_origin(kind)
    try:
        if origin is tuple:
            return tuple(int(part) for part in text.split(","))
        if kind is bool:
            if text.lower() not in ("true", "false", "1", "0"):
                raise ValueError(text)
            return text.lower() in ("true", "1")
        if kind is int:
            return int(text)
        if kind is float:
            return float(text)
    except ValueError:
        named = getattr(kind, "__name__", kind)
        wanted = "comma-separated whole numbers" if origin is tuple else named
        raise ConfigError(f"--rule {key}={text}: expected {wanted}") from None
    raise TypeError(f"rule number {key}: a {kind} cannot be given with --rule")


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


def check_relations(rules: DataclassInstance, given: tuple[tuple[str, str], ...] = ()) -> None:
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
    fields = {f.name: f for f in dataclasses.fields(defaults)}
    changes = {}
    for key, text in overrides:
        if key not in fields:
            raise ConfigError(f"--rule: unknown rule number '{key}'; accepted: {', '.join(fields)}")
        changes[key] = _parse(key, text, hints[key])
        _check_range(key, text, changes[key], _declared(fields[key]), hints[key])
    changed = dataclasses.replace(defaults, **changes)
    check_relations(changed, overrides)
    return changed


def check_declared(rules: DataclassInstance) -> None:
    """Every value of `rules` inside its own declared range and every relation holding: the
    test that the defaults a game ships are ones its ranges accept."""
    hints = typing.get_type_hints(type(rules))
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        _check_range(f.name, _shown(value), value, _declared(f), hints[f.name])
    check_relations(rules)


def describe(defaults: DataclassInstance) -> list[RuleNumber]:
    """Every rule number with its default, allowed range (the relations it is in included),
    meaning and source."""
    hints = typing.get_type_hints(type(defaults))
    relations = relations_of(defaults)
    out = []
    for f in dataclasses.fields(defaults):
        meta = _declared(f)
        allowed = _allowed(meta, hints[f.name])
        together = [r.text() for r in relations if f.name in (*r.total, r.limit)]
        if together:
            allowed += "; and " + "; ".join(together)
        out.append(
            RuleNumber(
                f.name,
                _shown(getattr(defaults, f.name)),
                allowed,
                meta.doc,
                meta.source,
            )
        )
    return out
