"""Every number the native Import/Export core reads, taken from a built Python game: the card
tables (cards.IECards), each contract's power parameters from the sheet, which contracts'
powers play (the game's power index), and the rule numbers (rule_book.BaseRules with the
run's --rule overrides). The C++ hard-codes none of them (simulator/native/src/ie_table.hpp
reads this dict).

`why_not_native(game)` says what in a game the native core cannot play (None: nothing);
`native_table(game)` refuses such a game with that reason. (`game` is an ImportExportGame,
read through its public attributes only: this module sits in the core's layer, below the
games, as the rest of simulator.native.)
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from simulator.native import CORE


def native_modules() -> tuple[str, ...]:
    """The Import/Export sets and variants the built core plays, each registered by its
    rules file (`_core.native_modules()`); none without a core."""
    if CORE is None:
        return ()
    return tuple(CORE.native_modules())


def modules_not_native(modules: tuple[str, ...] | list[str]) -> list[str]:
    """The sets and variants among `modules` that the core does not play."""
    native = native_modules()
    return [m for m in modules if m not in native]


def why_not_native(game: Any) -> str | None:
    """Why the native core cannot play this game, or None if it can. (Whether every card's
    power has a native one is the core's own check: `_core.missing_powers(table)`.)"""
    other = modules_not_native([*game.sets, *game.variants])
    if other:
        return f"the native core does not play {', '.join(other)} yet"
    if game.config.powers is not None:
        return "a designer's powers (--powers) play in Python only"
    if game.capital and "capital" not in native_modules():  # grey cards (game_base.py)
        return "grey (Capital) cards play in Python only"
    if not 2 <= game.config.players <= 6:
        return "the native core plays 2 to 6 players"
    return None


def _pips(pips: dict[int, int]) -> list[list[int]]:
    return [[color, count] for color, count in pips.items()]  # the sheet's order: a rule


def _params(params: dict[str, Any]) -> list[list[Any]]:
    """The numeric parameters as (name, value, whole); text values are not numbers a power
    reads (a native power asking for one finds it missing)."""
    out = []
    for name, value in params.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        out.append([name, float(value), isinstance(value, int)])
    return out


def native_table(game: Any) -> dict[str, Any]:
    """The dict `_core.play_import_export` plays: see the module's docstring."""
    why = why_not_native(game)
    if why is not None:
        raise ValueError(f"not playable natively: {why}")
    cards = game.cards
    index = game.powers
    contracts = []
    for card, sides in enumerate(cards.contracts):
        for c in sides:
            entry = index.by_contract.get(c.id)
            contracts.append(
                {
                    "id": c.id,
                    "card": card,
                    "name": c.name,
                    "color": c.color,
                    "level": _pips(c.level),
                    "cargo": _pips(c.cargo),
                    "timing": c.timing,
                    "params": _params(c.params),
                    "power": entry is not None,
                    "any_cargo": c.id in index.any_cargo,
                    "unlimited_ship": c.id in index.unlimited_ship,
                }
            )
    rules = game.rules
    numbers: dict[str, Any] = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        numbers[f.name] = list(value) if isinstance(value, tuple) else value
    return {
        "players": game.config.players,
        "max_turns": game.config.max_turns,
        "card_action": list(cards.actions),
        "card_colors": [list(colors) for colors in cards.colors],
        "card_contracts": [list(ids) for ids in cards.ids],
        "card_sheet_id": [ids[0] for ids in cards.ids],
        "contracts": contracts,
        "rules": numbers,
        "capital": bool(game.capital),  # grey cards in play (game_base.py, IE-CAP-1 to IE-CAP-10)
        "capital_rainbow": sorted(game.capital_rainbow),  # any container fills them (IE-CAP-6)
        "tokyo_port": bool(game.tokyo_port),  # the Tokyo set and the rule (IE-TOKYO-1)
        "variants": {  # variants.configure: the Market, physical containers (tokens)
            "market": bool(game.market),
            "tokens": game.tokens is not None,
            "all_tokens": bool(game.all_tokens),
            "keep": sorted(game.tokens.keep) if game.tokens is not None else [],
        },
    }
