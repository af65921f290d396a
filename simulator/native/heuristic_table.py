"""What the native heuristic bot reads, from the Python objects: a built strategy's
parameters (`params_of`: its defaults, a preset's such as heuristic@tuned-base-4p, or a run's
overrides) and a game's card tables and rule numbers (`match_table`), with the Python
modules' constants the valuation uses. Nothing the bot weighs is written twice: the C++
reads these (simulator/native/src/heuristic/py_tables.hpp).

`native_reason` says why a strategy cannot be played natively (None: it can): the
`heuristic` class itself and the `classic` class itself (IEClassic: the same bot with
IEHeuristic's overrides switched back, `classic=1` in its seat text) play natively, any
parameters within their scales; a subclass or an archetype plays in Python. `classic` plays
natively in the sets and variants its answers were checked in (`CLASSIC_MODULES`, every one
the core plays today; `classic_modules_reason`).
"""

from __future__ import annotations

from typing import Any

from simulator.games.import_export.cards import TIMINGS
from simulator.games.import_export.powers import POWERS
from simulator.games.import_export.rule_book import BaseRules
from strategies.import_export import (
    classic,
    contract_choice,
    heuristic,
    match_tables,
    power_choices,
    reasons_base,
    reasons_expansions,
    valuation,
)
from strategies.import_export.classic import IEClassic
from strategies.import_export.heuristic import IEHeuristic

PARAMS = (
    "contract_bias",
    "load_bias",
    "import_bias",
    "pirate_bias",
    "supply_bias",
    "bid_share",
    "collect",
    "deny",
    "draw",
    "race",
)
"""The heuristic's parameters (IEClassic.params), in the order the C++ reads them."""

STRATEGY_CODE = 1
"""The seat code of the native heuristic in `_core.play_import_export` (0: random)."""


CLASSIC_MODULES = frozenset(
    {
        "base",
        "capital",
        "tokyo",
        "kickstarter",
        "kickstarter2",
        "j",
        "flag",
        "market",
        "containers",
        "containers_all",
    }
)
"""The sets and variants `classic` plays natively in: those whose questions its native
answers were checked on against Python (CLASSIC_RULES: power_choices.RULES' defaults where
reasons_base.py and reasons_expansions.py answer the heuristic's, and its printed-hand rules
for Capital's discard and Jidohanbaiki: heuristic/classic_rules.hpp). A set added to the core
later plays classic in Python until its questions are checked."""


def native_reason(strategy: object) -> str | None:
    """Why this built strategy cannot play natively, or None where it can."""
    kind = type(strategy)
    if kind is not IEHeuristic and kind is not IEClassic:
        return f"strategy '{getattr(strategy, 'name', kind.__name__)}' has no native bot"
    assert isinstance(strategy, IEClassic)
    unknown = sorted(set(strategy.settings) - set(PARAMS))
    if unknown:
        return f"{strategy.name} parameter(s) {', '.join(unknown)} have no native reading"
    weights = strategy.weights
    readings = (weights.rules_crew, weights.rules_ships, weights.rules_seats)
    if readings != ((kind is IEHeuristic),) * 3:
        return f"the {strategy.name} bot's rule readings were changed"
    return None


def is_classic(strategy: object) -> bool:
    """Whether a built strategy plays natively as `classic` (the seat text's flag)."""
    return type(strategy) is IEClassic


def classic_modules_reason(modules: tuple[str, ...] | list[str]) -> str | None:
    """Why `classic` cannot play natively with these sets and variants (None: it can)."""
    other = [m for m in modules if m not in CLASSIC_MODULES]
    if not other:
        return None
    return (
        f"strategy 'classic' has no native answers checked for {', '.join(other)} "
        "(heuristic_table.CLASSIC_MODULES: CLASSIC_RULES' answers to their questions)"
    )


def params_of(strategy: IEClassic) -> dict[str, float]:
    """The parameters as the valuation reads them (valuation.Weights: floats)."""
    return {name: float(strategy.settings[name]) for name in PARAMS}


def _pairs(mapping: dict[int, int]) -> list[tuple[int, int]]:
    """A need or level dict's items in its order (the valuation's sums follow it)."""
    return [(int(c), int(v)) for c, v in mapping.items()]


def _rules(rules: BaseRules, crew_limit_bonus: int) -> dict[str, Any]:
    return {
        "draw_to": rules.draw_to,
        "end_credits": rules.end_credits,
        "sell_price": rules.sell_price,
        "flag_load_cost": rules.flag_load_cost,
        "set_bonus": rules.set_bonus,
        "majority": list(rules.majority),
        "illegal_penalty": rules.illegal_penalty,
        "pay_2": rules.pay_2,
        "pay_3_4": rules.pay_3_4,
        "pay_5_6": rules.pay_5_6,
        "ship_capacity": rules.ship_capacity,
        "crew_limit_bonus": crew_limit_bonus,
    }


ANY_TIME_POWERS: tuple[str, ...] = tuple(power_choices.ANY_TIME_RULES)
"""The "at any time" powers the bot has a rule for (power_choices.ANY_TIME_RULES), in its
order: a window's use is told to the C++ as its power's index here + 1, 0 for a power
without a rule (the leader's discard between his actions: never used)."""


def any_time_code(power: str) -> int:
    """A window use's power as the C++ reads it (`ANY_TIME_POWERS`)."""
    try:
        return ANY_TIME_POWERS.index(power) + 1
    except ValueError:
        return 0


def power_score_parts(contract: Any) -> list[int]:
    """What reasons_base._power_score reads of a contract's power, as flags: [has a power
    scored at all, a copy of it does nothing, ongoing, immediate, scored at the end, its
    level pips] (the C++ adds the timing's worth as the Python does)."""
    power = POWERS.get(contract.name)
    level = int(sum(contract.level.values()))
    if power is None:
        return [0, 0, 0, 0, 0, level]
    ongoing = (
        bool(power.hooks)
        or power.on_lose is not None
        or power.any_time_from == "fulfilled"
        or (contract.timing == "ongoing" and power.on_fulfil is not None)
    )
    immediate = power.on_fulfil is not None and not ongoing
    scored = ongoing or immediate or bool(power.end)
    return [
        int(scored),
        int(bool(power.declared.copy_does_nothing)),
        int(ongoing),
        int(immediate),
        int(bool(power.end)),
        level,
    ]


REASONS = (
    "SWAP_MARGIN",
    "CREW_CARD",
    "IMMEDIATE",
    "ONGOING",
    "SHIP_HOME",
    "RIVAL_HOME",
    "SHORT_HAND",
    "CARD_TO_PLAY",
    "LEVEL_SHORT",
)
"""reasons_base.py's constants the C++ reads."""


def constants() -> dict[str, Any]:
    """The Python modules' constants the valuation reads."""
    return {
        "card_value": classic.CARD_VALUE,
        "hold": valuation.HOLD,
        "tempo": match_tables.TEMPO,
        "fulfil_bonus": match_tables.FULFIL_BONUS,
        "lead_shared": heuristic.LEAD_SHARED,
        "shared_actions": list(heuristic.SHARED_ACTIONS),
        "comfort": int(power_choices.COMFORT),
        "lutefisk_code": any_time_code("Lutefisk"),
        "telescopes_code": any_time_code("Telescopes"),
        "bionic_ears_code": any_time_code("Bionic Ears"),
        "segways_code": any_time_code("Segways"),
        "us_dollars_code": any_time_code("US Dollars"),
        "iceland_water_code": any_time_code("Iceland Water"),  # Flag (reasons_flag.hpp)
        "olive_oil_code": any_time_code("Olive Oil"),
        "late_credits": int(power_choices.LATE_CREDITS),
        "reasons": {name.lower(): float(getattr(reasons_base, name)) for name in REASONS},
    }


def match_table(game: Any) -> dict[str, Any]:
    """One match's tables as the bot's view offers them (view.GameFacts of `game`, an
    ImportExportGame): card colours and actions, each card's contracts with their level,
    cargo (printed, and as the rules read it without the state: `_plain_cargo`) and what
    their power adds to placing them (contract_choice.power_bonus), the rule numbers."""
    cards = game.cards
    contracts = []
    for cid, c in cards.contract_by_id.items():
        contracts.append(
            {
                "id": int(cid),
                "color": int(c.color),
                "level": _pairs(c.level),
                "cargo": _pairs(c.cargo),
                "plain_cargo": _pairs(game._plain_cargo[cid]),
                "cargo_total": int(c.cargo_total),
                "power_bonus": float(contract_choice.power_bonus(c)),
                "price": int(c.params["price"]) if "price" in c.params else -1,
                "payout_multiplier": float(c.params.get("payout_multiplier", -1)),  # Partnership
                "power_score": power_score_parts(c),
            }
        )
    return {
        "n_cards": int(game.n_cards),
        "color": [int(c) for c in game.color],
        "actions": [int(a) for a in game.actions],
        "colors": [[int(c) for c in colors] for colors in cards.colors],
        "card_contracts": [[int(i) for i in ids] for ids in cards.ids],
        "contracts": contracts,
        "unlimited": sorted(int(c) for c in game.powers.unlimited_ship),
        "tokyo_port": bool(game.tokyo_port),
        "rules": _rules(game.rules, int(game._crew_limit_bonus)),
        "constants": constants(),
    }


def seat_options(strategy: IEClassic, game: Any = None) -> str:
    """The text a native heuristic seat reads (bot_heuristic.cpp): its parameters and the
    Python modules' constants as `key=value` items joined by ';', each float as its repr
    (which C's strtod reads back exactly); `classic=1` for IEClassic (its own methods where
    IEHeuristic overrides them); with the game, what reasons_base._power_score reads of each
    contract's power (`power_scores`: id:flags..., joined by '|')."""
    items = [f"{name}={value!r}" for name, value in params_of(strategy).items()]
    if is_classic(strategy):
        items.append("classic=1")
    k = constants()
    for name in ("card_value", "hold", "tempo", "fulfil_bonus", "lead_shared"):
        items.append(f"{name}={float(k[name])!r}")
    items.append("shared_actions=" + ",".join(str(int(a)) for a in k["shared_actions"]))
    items.append(f"comfort={k['comfort']}")
    items.append(f"lutefisk_code={k['lutefisk_code']}")
    items.append(f"telescopes_code={k['telescopes_code']}")
    items.append(f"bionic_ears_code={k['bionic_ears_code']}")
    items.append(f"segways_code={k['segways_code']}")
    items.append(f"us_dollars_code={k['us_dollars_code']}")
    for key in ("iceland_water_code", "olive_oil_code", "late_credits"):  # Flag
        items.append(f"{key}={k[key]}")
    for name, value in k["reasons"].items():
        items.append(f"reasons.{name}={value!r}")
    items.append(f"expansions.hope={float(reasons_expansions.HOPE)!r}")  # J (Bamboo)
    for timing in TIMINGS:
        bonus = float(contract_choice.POWER_BONUS.get(timing, 0.0))
        items.append(f"power_bonus.{timing}={bonus!r}")
    items.append("any_time_powers=" + "|".join(ANY_TIME_POWERS))
    if game is not None:
        scores = (
            f"{cid}:" + ",".join(str(v) for v in power_score_parts(c))
            for cid, c in game.cards.contract_by_id.items()
        )
        items.append("power_scores=" + "|".join(scores))
    return ";".join(items)
