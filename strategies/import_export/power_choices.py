"""How the Import/Export heuristic bots answer the decisions card powers ask.

One small rule per decision kind, from the bot's view only: take what a power offers when
it is free and helps (draw, load, take a container), pay for it only with credits to
spare, and give away or discard the least useful cards. A kind not listed here is answered
by `answer` with the first option, which the powers put as the do-nothing choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import GREY

COMFORT = 12
"""Credits a bot keeps before paying for an optional power."""


def _first_of(*wanted: str) -> Callable[[Decision, Any, Callable[[int], float]], Any]:
    """Answer with the first of `wanted` that is offered (the beneficial choice)."""

    def rule(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
        for w in wanted:
            if w in decision.options:
                return w
        return decision.options[0]

    return rule


def _if_rich(yes: str, no: str) -> Callable[[Decision, Any, Callable[[int], float]], Any]:
    """Pay for an optional power only with credits to spare."""

    def rule(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
        rich = view.credits[view.player] >= COMFORT
        return yes if rich and yes in decision.options else no

    return rule


def _cheapest_card(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    """Give or discard the card worth least to me."""
    cards = [o for o in decision.options if isinstance(o, int)]
    return min(cards, key=lambda c: (worth(c), c)) if cards else decision.options[0]


def _best_card(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    """Take the card worth most to me (skipping 'pass')."""
    cards = [o for o in decision.options if isinstance(o, int)]
    return max(cards, key=lambda c: (worth(c), -c)) if cards else decision.options[0]


def _first_real(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    """The first option that does something (powers list 'pass'/'stop' first)."""
    for o in decision.options:
        if o not in ("pass", "stop", "keep"):
            return o
    return decision.options[0]


def _discard_if_crowded(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    """Chairs: thin the hand only when it is large."""
    if len(view.hand) > 6:
        return _cheapest_card(decision, view, worth)
    return "pass" if "pass" in decision.options else decision.options[0]


def _potatoes(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    return "draw" if len(view.hand) <= 3 else "credits"


def _name_a_type(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    """Rolls Royce, Showers: the colour least seen on the table is likeliest in the deck."""
    cards = view.rules.cards
    seen = {o: 0 for o in decision.options}
    visible: list[int] = list(view.hand) + list(view.island)
    for p in range(view.n_players):
        visible += list(view.goods(p)) + list(view.crew(p))
    for _, _, _, cargo, _ in view.ships:
        visible += list(cargo)
    for card in visible:
        color = cards.colors[card][0]
        if color in seen:
            seen[color] += 1
    return min(decision.options, key=lambda o: (seen.get(o, 0), str(o)))


def _vacuums(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    """Give one luxury good rather than a hand of three or more cards."""
    goods = [o for o in decision.options if o[0] == "luxury"]
    if goods and len(view.hand) >= 3:
        return min(goods, key=lambda o: o[1])
    return ("hand",) if ("hand",) in decision.options else decision.options[0]


def _shotguns(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    rich = view.credits[view.player] >= COMFORT
    if rich and "credits" in decision.options:
        return "credits"
    return "cards" if "cards" in decision.options else decision.options[0]


def _cell_phones_load(decision: Decision, view: Any, worth: Callable[[int], float]) -> Any:
    return next((o for o in decision.options if o[1] != GREY), decision.options[0])


RULES: dict[str, Callable[[Decision, Any, Callable[[int], float]], Any]] = {
    # free and helpful: take it
    "drones_draw": _first_of("draw"),
    "shoes_draw": _first_of("draw"),
    "lumber_draw": _first_of("draw"),
    "satellite_use": _first_of("use"),
    "contraband_use": _first_of("pirate"),
    "protractors_take": _first_of("take"),
    "shampoo_take": _first_of("take"),
    "flour_load": _first_of("load"),
    "cell_phones_use": _first_of("hand"),
    "beer_choice": _first_of("island"),
    "potatoes_choice": _potatoes,
    # costs credits: only with some to spare
    "batteries_use": _if_rich("load", "pass"),
    "stem_cells_use": _if_rich("goods", "pass"),
    "bird_feed_buy": _if_rich("buy", "pass"),
    # take the best
    "antiquities_take": _best_card,
    "insects_take": _best_card,
    "jets_take": _best_card,
    "flash_drives_take": _best_card,
    "telescopes_sell": _first_real,
    "apples_choice": _first_real,
    "wind_turbines_copy": _first_real,
    "paper_import": _first_real,
    "lutefisk_place": _first_real,
    "machine_arms_load": _first_real,
    "flour_container": _first_real,
    "cell_phones_load": _cell_phones_load,
    "smart_cars_use": _first_of("load"),
    "rope_swap": _first_of("pass"),
    "led_lights_swap": _first_of("pass"),
    "insects_target": _first_real,
    # give or discard the least useful
    "opposition_leaflets_discard": _cheapest_card,
    "sculptures_give": _cheapest_card,
    "small_tank_give": _cheapest_card,
    "shotguns_card": _cheapest_card,
    "vacuums_give_more": _cheapest_card,
    "chairs_discard": _discard_if_crowded,
    "vacuums_give": _vacuums,
    "shotguns_pay": _shotguns,
    # name a good type
    "rolls_royce_type": _name_a_type,
    "showers_type": _name_a_type,
    # Kickstarter (powers/kickstarter.py)
    # Kickstarter 2 (powers/kickstarter2.py)
    # J (powers/j.py)
    # Flag (powers/flag.py)
}


def answer(decision: Decision, view: Any, worth: Callable[[int], float], rng: GameRandom) -> Any:
    """The bot's answer to a power's decision; unknown kinds get the first option."""
    rule = RULES.get(decision.kind)
    if rule is None:
        return decision.options[0]
    return rule(decision, view, worth)
