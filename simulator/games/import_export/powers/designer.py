"""A designer's own card powers (`--powers FILE`), played without a line in this tree.

The file is Python, written like the shipped power modules: `@power("Name", ...)` on a
function per card of the card sheet (a new card, or a shipped card whose power it replaces
in this run), its numbers read from the sheet's `params`; and, where a power asks a kind of
question the game does not know, `DECISIONS` naming each new kind with what it asks; and
`PARAMS`, the sheet numbers each power reads (the card's row is held to them), or, as the
shipped cards do, `params=` on the card's first `@power(...)` (powers/framework.Declared). The
default bot answers a new kind by a short search over its options (strategies/
short_search.py) until someone writes it a rule. docs/designer-powers.md walks through one.
docs/examples/harbour_master.py is one such file (an ongoing power asking a new kind).

The file runs once per process and hash (`designed`), its registrations kept apart from the
shipped POWERS (framework.collecting).
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.core.cards import CardRow
from simulator.core.errors import ConfigError, PluginError
from simulator.core.plugins import PluginCode, run_plugin
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.decisions import DECISIONS as GAME_DECISIONS
from simulator.games.import_export.powers.framework import POWER_OFF, POWERS, Power, collecting


@dataclass(frozen=True)
class DesignedPowers:
    """What a designer's file declares: its powers by card name, and its new decision kinds
    as (kind, what it asks), in the file's order."""

    code: PluginCode
    powers: dict[str, Power]
    decisions: tuple[tuple[str, str], ...]
    params: dict[str, tuple[str, ...]]
    """Card name -> the sheet numbers its power reads (the file's PARAMS)."""

    def check(self, rows: Sequence[CardRow], sheet: str, known_kinds: frozenset[str]) -> None:
        """Refuse a power for a name no card of the sheet has (a typo would leave the card
        silently without it), a row of a designed card whose numbers are not those its
        power declares in PARAMS (a misspelt one would never be read), and a new kind that
        the game already asks."""
        names = {row["name"] for row in rows}
        for row in rows:
            if row["name"] in self.powers:
                self._check_params(row, sheet)
        for name in self.powers:
            if name not in names:
                close = difflib.get_close_matches(name, sorted(names), n=3, cutoff=0.6)
                hint = f"; close: {', '.join(close)}" if close else ""
                raise ConfigError(
                    f"--powers: {self.code.file} gives a power to '{name}', and no card of "
                    f"the sheet {sheet} has that name{hint}"
                )
        for kind, _ in self.decisions:
            if kind in known_kinds:
                raise ConfigError(
                    f"--powers: {self.code.file} declares the decision kind '{kind}', which "
                    "the game already asks (simulator/games/import_export/decisions.py): a "
                    "power may ask it without declaring it; a new kind needs a new name"
                )

    def _check_params(self, row: CardRow, sheet: str) -> None:
        name = row["name"]
        declared = self.params.get(name)
        given = [k for k in row["params"] if k != POWER_OFF]
        where = f"{sheet}, line {row.line}, field 'params'"
        if declared is None:
            if given and name not in POWERS:  # (a shipped card's numbers: the sheet checks)
                raise ConfigError(
                    f"{where}: {name} has numbers ({', '.join(given)}) and {self.code.file} "
                    f"declares none for it: add PARAMS = {{{name!r}: {tuple(given)!r}}}"
                )
            return
        for key in given:
            if key not in declared:
                close = difflib.get_close_matches(key, declared, n=1, cutoff=0.6)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise ConfigError(
                    f"{where}: {name}: '{key}' is not a number its power reads{hint}; "
                    f"{self.code.file} declares {', '.join(declared) or 'none'}"
                )
        missing = [key for key in declared if key not in row["params"]]
        if missing:
            raise ConfigError(
                f"{where}: {name} needs {', '.join(missing)} (its power in {self.code.file} "
                "reads them)"
            )


_LOADED: dict[tuple[str, str], DesignedPowers] = {}
"""By the file's path and sha256: each file runs once per process (every game of a worker
shares it); the path too, as its functions' tracebacks name the file they were run from."""


def designed(code: PluginCode) -> DesignedPowers:
    """The powers and decision kinds a designer's file declares; errors name the file, and
    the line where the file itself failed."""
    known = _LOADED.get((code.file, code.sha256))
    if known is not None:
        return known
    registry: dict[str, Power] = {}
    with collecting(registry):
        module = run_plugin(code)
    if not registry:
        raise ConfigError(
            f"--powers: {code.file} registers no power: decorate a function per card with "
            '@power("Card name", on_fulfil=True) (or hook=, end=, ...), imported from '
            "simulator.games.import_export.powers"
        )
    decisions = getattr(module, "DECISIONS", {})
    if not isinstance(decisions, dict) or not all(
        isinstance(k, str) and k and isinstance(v, str) for k, v in decisions.items()
    ):
        raise ConfigError(
            f"--powers: {code.file}: DECISIONS must map each new decision kind to what it "
            'asks, both text, e.g. {"windfall_choice": "pass, or take the credits"}'
        )
    params = getattr(module, "PARAMS", {})
    if not isinstance(params, dict) or not all(
        isinstance(k, str) and isinstance(v, (tuple, list)) and all(isinstance(x, str) for x in v)
        for k, v in params.items()
    ):
        raise ConfigError(
            f"--powers: {code.file}: PARAMS must map a card's name to the names of the sheet "
            'numbers its power reads, e.g. {"Harbour Master": ("cost", "cards")}'
        )
    declared = {name: tuple(e.declared.params) for name, e in registry.items() if e.declared.params}
    for name in declared.keys() & params.keys():
        raise ConfigError(
            f"--powers: {code.file} declares the numbers of {name} twice, in PARAMS and in its "
            "@power(..., params=...): keep one"
        )
    params = {**params, **declared}  # a card declared as the shipped ones are (framework)
    kinds = frozenset(GAME_DECISIONS) | frozenset(decisions)
    for entry in registry.values():
        _check_what_it_asks(entry, code.file, kinds)
    loaded = _LOADED[code.file, code.sha256] = DesignedPowers(
        code,
        registry,
        tuple(decisions.items()),
        {name: tuple(keys) for name, keys in params.items()},
    )
    return loaded


def _check_what_it_asks(entry: Power, file: str, kinds: frozenset[str]) -> None:
    """Wrap each of a designed power's flows (the handlers that may ask questions) so that
    what it yields is checked as it is asked: a `Decision` of a kind the game asks or the
    file declares. Anything else would be answered by whoever is asked, or by nobody,
    without a word; a plain function (no `yield`) is taken as a power that asks nothing."""
    if entry.on_fulfil is not None:
        entry.on_fulfil = _asking_only(entry.on_fulfil, file, kinds)
    if entry.use is not None:
        entry.use = _asking_only(entry.use, file, kinds)
    if entry.on_cargo is not None:
        entry.on_cargo = _asking_only(entry.on_cargo, file, kinds)
    for table in (entry.hooks, entry.hand_hooks, entry.card_hooks):
        for event, handler in table.items():
            table[event] = _asking_only(handler, file, kinds)


def _asking_only(
    handler: Callable[..., Any], file: str, kinds: frozenset[str]
) -> Callable[..., Flow]:
    @functools.wraps(handler)
    def flow(*args: Any) -> Flow:
        inner = handler(*args)
        if not isinstance(inner, Generator):
            return  # (a plain function: it did its work when called)
        try:
            asked = next(inner)
            while True:
                if not isinstance(asked, Decision) or asked.kind not in kinds:
                    kind = asked.kind if isinstance(asked, Decision) else None
                    what = f"a decision of the kind '{kind}'" if kind else repr(asked)
                    raise PluginError(
                        f"the code in {file} ({handler.__name__}) asked {what}: a power "
                        "yields Decision(player, kind, options) of a kind the game asks or "
                        "the file's DECISIONS declares"
                    )
                asked = inner.send((yield asked))
        except StopIteration:
            return

    return flow
