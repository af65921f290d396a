"""How the Import/Export heuristic bots answer the decisions card powers ask.

One small rule per decision kind, from the bot's view only: take what a power offers when
it is free and helps (draw, load, take a container), pay for it only with credits to
spare, and give away or discard the least useful cards. A kind declared by the game
(decisions.py) but not listed here, a designer's new power, is answered by a short search
over its options (IEClassic.choose_ahead, strategies/short_search.py); `answer` refuses a
kind the game does not declare, saying where to declare it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import (
    ANY,
    CONTRACT,
    GREY,
    IMPORT,
    LOAD,
    PIRATE,
    SUPPLY,
)
from simulator.games.import_export.decisions import ANY_TIME_USE, CAPITAL_DISCARD, CONTAINER_COLOR
from simulator.games.import_export.moments import Moment, Use
from simulator.games.import_export.powers.base_immediate import (
    ANTIQUITIES_TAKE,
    APPLES_CHOICE,
    BEER_CHOICE,
    BIRD_FEED_BUY,
    INSECTS_TAKE,
    INSECTS_TARGET,
    OPPOSITION_LEAFLETS_DISCARD,
    PLATINUM_RINGS_PLAY,
    POTATOES_CHOICE,
    ROLLS_ROYCE_TYPE,
    SCULPTURES_GIVE,
    SHOWERS_TYPE,
    STOLEN_DOCUMENTS_TAKE,
    VACUUMS_GIVE,
    VACUUMS_GIVE_MORE,
    WIND_TURBINES_COPY,
)
from simulator.games.import_export.powers.base_modifiers import (
    CELL_PHONES_LOAD,
    CELL_PHONES_USE,
    DARK_FLIGHT_BID,
    DARK_FLIGHT_SOURCE,
    MACHINE_ARMS_LOAD,
    PREFAB_HOME_COMPLETE,
    SHAMPOO_TAKE,
    SMART_CARS_USE,
    STEM_CELLS_USE,
)
from simulator.games.import_export.powers.base_ongoing import (
    BATTERIES_USE,
    CHAIRS_DISCARD,
    CONTRABAND_USE,
    DRONES_DRAW,
    FLASH_DRIVES_TAKE,
    FLOUR_CONTAINER,
    FLOUR_LOAD,
    JETS_TAKE,
    LED_LIGHTS_SWAP,
    LUMBER_DRAW,
    PAPER_IMPORT,
    PROTRACTORS_TAKE,
    ROPE_SWAP,
    SATELLITE_USE,
    SHOES_DRAW,
    SHOTGUNS_CARD,
    SHOTGUNS_PAY,
    SMALL_TANK_GIVE,
)
from simulator.games.import_export.powers.capital import (
    ALGORITHM_PLACE,
    AUTOMATION_SHIP,
    CHEAP_LABOR_SHIP,
    CONTAINER_FACTORY_PLACE,
    EUROS_SHIP,
    FAKE_MONEY_LOAD,
    FAKE_MONEY_TAKE,
    GPS_SHIP,
    INTEREST_GIVE,
    INTEREST_KEEP,
    LUCKY_CARDS_TYPE,
    MARKET_DATA_GIVE,
    PARTNERSHIP_JOIN,
    YEN_SHIP,
)
from simulator.games.import_export.powers.flag import (
    DRAGON_FRUIT_CHOICE,
    JASMINE_TEA_PLACE,
    MAPLE_SYRUP_LOAD,
    PAPRIKA_LOAD,
)
from simulator.games.import_export.powers.j import (
    BAMBOO_PLACE,
    POCKY_IMPORT,
    ROBO_CATS_KEEP,
    ROBO_CATS_PAIR,
    SOY_SAUCE_USE,
    SUSHI_KNIVES_CARD,
)
from simulator.games.import_export.powers.kickstarter import (
    BACKPACKS_DRAW,
    DINO_BONES_GIVE,
    DINO_BONES_TAKE,
    STRETCH_GOAL_IMPORT,
)
from simulator.games.import_export.powers.kickstarter2 import (
    AR_GLASSES_PLAY,
    NANOBOTS_LOAD,
    OAT_MILK_TAKE,
    RAILGUNS_GIVE,
    RAILGUNS_GOOD,
    SANITIZER_DISCARD_CREW,
    SANITIZER_DISCARD_GOODS,
)
from simulator.games.import_export.powers.tokyo import (
    HENTAI_MANGA_PLACE,
    JIDOHANBAIKI_USE,
    PLAYSTATIONS_LOAD,
    SPACECRAFT_PLACE,
    SQUID_JERKY_TAKE,
)
from simulator.games.import_export.state import Ship
from simulator.games.import_export.view import IEView

Worth = Callable[[int], float]
"""A hand card's worth to the bot (0 for a card not in the hand)."""
Rule = Callable[[Decision, IEView, Worth], object]
"""How the bot answers one kind of power decision: one of its options (`object`, as core's
`Strategy.choose` returns: an option is whatever the rules offered; a rule returning a
literal it knows is typed by it, `str`)."""

COMFORT: Final = 12
"""Credits a bot keeps before paying for an optional power."""
LATE_CREDITS: Final = 40
"""Credits of the richest player from which a bot cashes in powers that trade future use
for credits now (Olive Oil)."""


def _first_of(*wanted: str) -> Rule:
    """Answer with the first of `wanted` that is offered (the beneficial choice)."""

    def rule(decision: Decision, view: IEView, worth: Worth) -> object:
        for w in wanted:
            if w in decision.options:
                return w
        return decision.options[0]

    return rule


def _if_rich(yes: str, no: str) -> Rule:
    """Pay for an optional power only with credits to spare."""

    def rule(decision: Decision, view: IEView, worth: Worth) -> str:
        rich = view.credits[view.player] >= COMFORT
        return yes if rich and yes in decision.options else no

    return rule


def _cheapest_card(decision: Decision, view: IEView, worth: Worth) -> object:
    """Give or discard the card worth least to me."""
    cards = [o for o in decision.options if isinstance(o, int)]
    return min(cards, key=lambda c: (worth(c), c)) if cards else decision.options[0]


def _best_card(decision: Decision, view: IEView, worth: Worth) -> object:
    """Take the card worth most to me (skipping 'pass')."""
    cards = [o for o in decision.options if isinstance(o, int)]
    return max(cards, key=lambda c: (worth(c), -c)) if cards else decision.options[0]


def _first_real(decision: Decision, view: IEView, worth: Worth) -> object:
    """The first option that does something (powers list 'pass'/'stop' first)."""
    for o in decision.options:
        if o not in ("pass", "stop", "keep"):
            return o
    return decision.options[0]


_never_swap = _first_of("pass")
"""Rope, LED Lights, Robo-Cats' keep: never (the classic bot's answer, without a reason)."""

BY_DEFAULT: Final = frozenset({_first_real, _never_swap})
"""The rules that answer without weighing the options (the first that does something, or
never): the classic bot's; the default bot gives every kind a reasoned rule instead
(reasons_base.py, reasons_expansions.py; tests/import_export/test_heuristic_bot.py)."""


def _discard_if_crowded(decision: Decision, view: IEView, worth: Worth) -> object:
    """Chairs: thin the hand only when it is large."""
    if len(view.hand) > 6:
        return _cheapest_card(decision, view, worth)
    return "pass" if "pass" in decision.options else decision.options[0]


def _potatoes(decision: Decision, view: IEView, worth: Worth) -> str:
    return "draw" if len(view.hand) <= 3 else "credits"


def _name_a_type(decision: Decision, view: IEView, worth: Worth) -> object:
    """Rolls Royce, Showers: the colour least seen on the table is likeliest in the deck."""
    color = view.facts.color  # cards and physical containers (IE-VAR-5)
    seen = {o: 0 for o in decision.options}
    visible: list[int] = list(view.hand) + list(view.island)
    for p in range(view.n_players):
        visible += list(view.goods(p)) + list(view.crew(p))
    for _, _, _, cargo, _ in view.ships:
        visible += list(cargo)
    for card in visible:
        if color[card] in seen:
            seen[color[card]] += 1
    return min(decision.options, key=lambda o: (seen.get(o, 0), str(o)))


def _vacuums(decision: Decision, view: IEView, worth: Worth) -> object:
    """Give one luxury good rather than a hand of three or more cards."""
    goods = [o for o in decision.options if o[0] == "luxury"]
    if goods and len(view.hand) >= 3:
        return min(goods, key=lambda o: o[1])
    return ("hand",) if ("hand",) in decision.options else decision.options[0]


def _shotguns(decision: Decision, view: IEView, worth: Worth) -> object:
    rich = view.credits[view.player] >= COMFORT
    if rich and "credits" in decision.options:
        return "credits"
    return "cards" if "cards" in decision.options else decision.options[0]


def _cell_phones_load(decision: Decision, view: IEView, worth: Worth) -> object:
    return next((o for o in decision.options if o[1] != GREY), decision.options[0])


def _to_an_empty_ship(decision: Decision, view: IEView, worth: Worth) -> object:
    """Jasmine Tea: a further contract only for a ship of mine without one, the card I
    value least; otherwise stop."""
    ships = view.ships
    fresh = [o for o in decision.options if o != "stop" and not ships[o[2]][2]]
    if fresh:
        return min(fresh, key=lambda o: (worth(o[0]), o[0], o[2]))
    return decision.options[0]


def _dark_flight_bid(decision: Decision, view: IEView, worth: Worth) -> object:
    """Dark Flight's island round: its owner (the context) keeps his own winning bid, so he
    bids all he has; any other bidder would pay him, so bids nothing."""
    return decision.options[-1] if decision.context == view.player else decision.options[0]


def _stolen_documents(decision: Decision, view: IEView, worth: Worth) -> object:
    """Take the tech contract of the highest level (the sheet ranks powers by level), from
    the richest player on a tie."""
    by_id = view.facts.cards.contract_by_id
    credits = view.credits
    return max(
        decision.options,
        key=lambda o: (sum(by_id[o[1]].level.values()), credits[o[0]], -o[0], -o[1]),
    )


def _platinum_rings(decision: Decision, view: IEView, worth: Worth) -> object:
    """Platinum Rings: play, the least useful first, a card whose action helps now (a
    contract placeable with its level met, a hand card to load, a container to plunder that
    fits, a ship at sea to import from, an island card for the crew); otherwise stop."""
    rules = view.facts
    cards = rules.cards
    me = view.player
    hand = view.hand
    rows = view.ships
    # (view.ship is typed `object`: it is a copy of the state's Ship)
    ports = [cast(Ship, view.ship(i)) for i, row in enumerate(rows) if row[0] == me and not row[1]]
    sea = [c for row in rows if row[1] for c in row[4] if c != GREY]
    sea += [c for card in view.island for c in cards.colors[card]]

    def helps(card: int, action: int) -> bool:
        rest = [c for c in hand if c != card]
        if action == CONTRACT:
            return any(
                view.missing_levels(c.id) == 0 and rules.can_hold(ship, c.id)
                for h in rest
                for c in cards.contracts[h]
                for ship in ports
            )
        if action in (LOAD, PIRATE):
            colors = sea if action == PIRATE else [c for h in rest for c in cards.colors[h]]
            return any(c != GREY and rules.fits(ship, c) for c in colors for ship in ports)
        if action == IMPORT:
            room = view.crew_room() > 0 or view.goods_room() > 0
            return room and any(row[1] and row[3] for row in rows)
        return action == SUPPLY and bool(view.island) and view.crew_room() > 0

    playable = [o for o in decision.options if isinstance(o, int)]
    for action in (CONTRACT, LOAD, PIRATE, IMPORT, SUPPLY):
        useful = [c for c in playable if cards.actions[c] == action and helps(c, action)]
        if useful:
            return min(useful, key=lambda c: (worth(c), c))
    return "stop"


def _hentai_manga(decision: Decision, view: IEView, worth: Worth) -> str:
    """Hentai Manga: an illegal contract whose immediate power is spent goes to the crew
    while the crew has room to spare; otherwise it stays completed (it raises the limits)."""
    contract = view.facts.cards.contract_by_id[decision.context]
    if "crew" in decision.options and contract.timing == "immediate" and view.crew_room() >= 2:
        return "crew"
    return "fulfilled"


def _jidohanbaiki(decision: Decision, view: IEView, worth: Worth) -> str:
    """Jidohanbaiki: take the credits when drawing would bring a single card (my hand
    size to draw to: `view.draws_to`, Mineral Fuels)."""
    return "credits" if len(view.hand) >= view.draws_to() - 1 else "draw"


def _load_cheapest(decision: Decision, view: IEView, worth: Worth) -> object:
    """A free extra load (PlayStations): load the hand card worth least to keep."""
    loads = [o for o in decision.options if isinstance(o, tuple)]
    if not loads:
        return decision.options[0]
    return min(loads, key=lambda o: (worth(o[0]), o[0], o[1]))


def _cargo_in_hand(view: IEView, contract_id: int) -> int:
    """How many hand cards could fill this contract's cargo."""
    cards = view.facts.cards
    cargo = cards.contract_by_id[contract_id].cargo
    if ANY in cargo:
        return len(view.hand)
    return sum(1 for c in view.hand if any(color in cargo for color in cards.colors[c]))


def _contract_with_cargo(decision: Decision, view: IEView, worth: Worth) -> object:
    """Spacecraft (a forced placement): the contract the hand can best fill."""
    options = [o for o in decision.options if isinstance(o, tuple)]
    if not options:
        return decision.options[0]
    return max(options, key=lambda o: (_cargo_in_hand(view, o[1]), -o[1], -o[2]))


def _stretch_goal_import(decision: Decision, view: IEView, worth: Worth) -> object:
    """Stretch Goal: the container worth most to me, of any ship at sea."""
    return max(decision.options, key=lambda o: (worth(o[1]), -o[1]))


def _railguns(decision: Decision, view: IEView, worth: Worth) -> object:
    """Railguns: credits with some to spare, else two goods, else a completed contract (the
    last completed, whose limits matter least), else whatever is asked."""
    options = decision.options
    if "credits" in options and view.credits[view.player] >= COMFORT:
        return "credits"
    if "goods" in options:
        return "goods"
    contracts = [o for o in options if isinstance(o, tuple)]
    if contracts and "credits" not in options:
        return contracts[-1]
    return "credits" if "credits" in options else options[0]


def _draw_if_short(decision: Decision, view: IEView, worth: Worth) -> str:
    """Oat Milk: cards with a short hand, credits otherwise."""
    return "draw" if len(view.hand) <= 3 else "credits"


def _soy_sauce(decision: Decision, view: IEView, worth: Worth) -> str:
    """Soy Sauce: move the crew (2 credits a card) when the goods have room for all of it."""
    crew = len(view.crew(view.player))
    return "transfer" if 0 < crew <= view.goods_room() else "pass"


def _capital_discard(decision: Decision, view: IEView, worth: Worth) -> object:
    """Before drawing: discard the least useful Capital card when the draw then brings one
    more card (a hand below my draw-up size: `view.draws_to`) and the card is worth less
    than a new one."""
    cards = [o for o in decision.options if isinstance(o, int)]
    if cards and len(view.hand) < view.draws_to():
        card = min(cards, key=lambda c: (worth(c), c))
        if worth(card) < 1.0:
            return card
    return "pass"


def _capital_place(decision: Decision, view: IEView, worth: Worth) -> object:
    """The Algorithm, Container Factory: load the card as a wild container where a ship
    needs one; otherwise keep it completed (it raises the limits)."""
    for option in decision.options:
        if isinstance(option, tuple) and option[0] == "load":
            return option
    return "keep" if "keep" in decision.options else decision.options[0]


def _euros_ship(decision: Decision, view: IEView, worth: Worth) -> object:
    """Strand a ship of the richest rival; my own only if there is nothing else."""
    rows = view.ships
    credits = view.credits
    rivals = [i for i in decision.options if rows[i][0] != view.player]
    if not rivals:
        return decision.options[0]
    return max(rivals, key=lambda i: (credits[rows[i][0]], len(rows[i][3]), -i))


def _goods_by_count(decision: Decision, view: IEView, most: bool) -> object:
    color = view.facts.color
    mine = [color[c] for c in view.goods(view.player)]
    return (max if most else min)(
        decision.options, key=lambda c: (mine.count(color[c]), color[c] != GREY, -c)
    )


def _interest_give(decision: Decision, view: IEView, worth: Worth) -> object:
    """Give a good of the type I hold most of (the others keep the set and majorities)."""
    return _goods_by_count(decision, view, most=True)


def _interest_keep(decision: Decision, view: IEView, worth: Worth) -> object:
    """Keep a good of the type I hold fewest of (towards the set bonus)."""
    return _goods_by_count(decision, view, most=False)


# ---------------------------------------------------------------- "at any time" windows

AnyTimeRule = Callable[[list[Use], Moment, IEView, Worth], Use | None]
"""How the bot answers a window for one power: the use to make, or None."""


def _price(view: IEView, use: Use, key: str) -> int:
    return int(view.facts.cards.contract_by_id[use.contract].params[key])


def _mine_starting(moment: Moment, view: IEView) -> bool:
    """My own turn has just started: where the bot weighs what it trades for credits."""
    return moment.name == "turn_start" and moment.actor == view.player


def _telescopes(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """Before scoring, sell the tech good whose scoring value (value, set, majority) is
    below the price; during the game, sell at the start of my turn (credits now)."""
    if moment.name == "before_scoring":
        price = _price(view, uses[0], "price")
        use = min(uses, key=lambda u: (view.good_end_value(u.args[0]), u.args[0]))
        return use if view.good_end_value(use.args[0]) < price else None
    return uses[0] if _mine_starting(moment, view) else None


def _lutefisk(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """Place Lutefisk as soon as a ship can take it (never at scoring: it would pay
    nothing)."""
    return None if moment.name == "before_scoring" else uses[0]


def _bionic_ears(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """Back to the hand (to sell or play again) at the start of my turn, only with a short
    hand and the crew and goods room it gives unused."""
    spare = view.crew_room() >= 1 and view.goods_room() >= 2
    return uses[0] if _mine_starting(moment, view) and spare and len(view.hand) <= 2 else None


def _segways(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """Load it on a ship that needs it; otherwise keep it completed (the limits it gives)
    until scoring, then move it into the goods (a good scores, a contract does not)."""
    loads = [u for u in uses if u.args[0] == "load"]
    if loads:
        return loads[0]
    goods = [u for u in uses if u.args[0] == "goods"]
    return goods[0] if goods and moment.name == "before_scoring" else None


def _sushi_knives(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """Four luxury cards for credits from a crowded hand, and always before scoring (hand
    cards score nothing)."""
    if moment.name == "before_scoring":
        return uses[0]
    return uses[0] if _mine_starting(moment, view) and len(view.hand) > 6 else None


def _iceland_water(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """Sell the least useful agricultural card when worth less than the price (at the start
    of my turn), and every one before scoring."""
    use = min(uses, key=lambda u: (worth(u.args[0]), u.args[0]))
    if moment.name == "before_scoring":
        return use
    if _mine_starting(moment, view) and worth(use.args[0]) < _price(view, use, "price"):
        return use
    return None


def _olive_oil(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """Keep the limits it gives until the race for the end is on; in the last turn, cash
    it in before the game ends."""
    if moment.name == "turn_end" and view.end_triggered:
        return uses[0]
    late = max(view.credits) >= LATE_CREDITS
    return uses[0] if _mine_starting(moment, view) and late else None


def _tsukiji_fish(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """A free placement, but only on a ship with no contract yet (a contract that cannot be
    filled would block a busy ship), the contract whose cargo my hand covers best."""
    ships = view.ships
    fresh = [u for u in uses if not ships[u.args[2]][2]]
    if not fresh:
        return None
    return max(fresh, key=lambda u: (_cargo_in_hand(view, u.args[1]), -u.args[1], -u.args[2]))


def _us_dollars(uses: list[Use], moment: Moment, view: IEView, worth: Worth) -> Use | None:
    """Spend US Dollars as a crew card on an action I lead, not on a mere Supply."""
    mine = view.leader == view.player and moment.action != SUPPLY
    return uses[0] if mine else None


ANY_TIME_RULES: dict[str, AnyTimeRule] = {
    "Telescopes": _telescopes,
    "Lutefisk": _lutefisk,
    "Bionic Ears": _bionic_ears,
    "Segways": _segways,
    "Sushi Knives": _sushi_knives,
    "Iceland Water": _iceland_water,
    "Olive Oil": _olive_oil,
    "Tsukiji Fish": _tsukiji_fish,
    "US Dollars": _us_dollars,
}
"""How the bot uses each "at any time" power in a window. The leader's discard between
his actions (DISCARD_CONTRACTS) is not listed: the bot decides it when it leads."""


def _any_time(decision: Decision, view: IEView, worth: Worth) -> object:
    """A window (IE-ANYTIME-1): the first power, in the order offered, whose rule finds a
    use worth making now; otherwise pass."""
    by_power: dict[str, list[Use]] = {}
    for option in decision.options[1:]:
        by_power.setdefault(option.power, []).append(option)
    for power, uses in by_power.items():
        rule = ANY_TIME_RULES.get(power)
        chosen = rule(uses, decision.context, view, worth) if rule is not None else None
        if chosen is not None:
            return chosen
    return "pass"


RULES: dict[str, Rule] = {
    # free and helpful: take it
    DRONES_DRAW: _first_of("draw"),
    SHOES_DRAW: _first_of("draw"),
    LUMBER_DRAW: _first_of("draw"),
    SATELLITE_USE: _first_of("use"),
    CONTRABAND_USE: _first_of("pirate"),
    PROTRACTORS_TAKE: _first_of("take"),
    SHAMPOO_TAKE: _first_of("take"),
    FLOUR_LOAD: _first_of("load"),
    CELL_PHONES_USE: _first_of("hand"),
    BEER_CHOICE: _first_of("island"),
    POTATOES_CHOICE: _potatoes,
    # costs credits: only with some to spare
    BATTERIES_USE: _if_rich("load", "pass"),
    STEM_CELLS_USE: _if_rich("goods", "pass"),
    BIRD_FEED_BUY: _if_rich("buy", "pass"),
    # take the best
    ANTIQUITIES_TAKE: _best_card,
    INSECTS_TAKE: _best_card,
    JETS_TAKE: _best_card,
    FLASH_DRIVES_TAKE: _best_card,
    APPLES_CHOICE: _first_real,
    WIND_TURBINES_COPY: _first_real,
    PAPER_IMPORT: _first_real,
    MACHINE_ARMS_LOAD: _first_real,
    FLOUR_CONTAINER: _first_real,
    CELL_PHONES_LOAD: _cell_phones_load,
    SMART_CARS_USE: _first_of("load"),
    ROPE_SWAP: _never_swap,
    LED_LIGHTS_SWAP: _never_swap,
    INSECTS_TARGET: _first_real,
    # give or discard the least useful
    OPPOSITION_LEAFLETS_DISCARD: _cheapest_card,
    SCULPTURES_GIVE: _cheapest_card,
    SMALL_TANK_GIVE: _cheapest_card,
    SHOTGUNS_CARD: _cheapest_card,
    VACUUMS_GIVE_MORE: _cheapest_card,
    CHAIRS_DISCARD: _discard_if_crowded,
    VACUUMS_GIVE: _vacuums,
    SHOTGUNS_PAY: _shotguns,
    # name a good type
    ROLLS_ROYCE_TYPE: _name_a_type,
    SHOWERS_TYPE: _name_a_type,
    # Tokyo (powers/tokyo.py)
    HENTAI_MANGA_PLACE: _hentai_manga,
    JIDOHANBAIKI_USE: _jidohanbaiki,
    PLAYSTATIONS_LOAD: _load_cheapest,
    SPACECRAFT_PLACE: _contract_with_cargo,
    SQUID_JERKY_TAKE: _first_real,
    # base: Dark Flight, Mini Van (rules' pirate), Platinum Rings, Prefab Home, Stolen Documents
    DARK_FLIGHT_SOURCE: _first_of("island"),
    DARK_FLIGHT_BID: _dark_flight_bid,
    PLATINUM_RINGS_PLAY: _platinum_rings,
    PREFAB_HOME_COMPLETE: _first_of("complete"),
    STOLEN_DOCUMENTS_TAKE: _stolen_documents,
    # Variants (variants.py): a grey card's container colour, those that fit listed first
    CONTAINER_COLOR: _first_real,
    # "at any time" powers and the leader's discard, asked in the rules' windows
    ANY_TIME_USE: _any_time,
    # Capital (powers/capital.py; the hand discard is asked by rules.py)
    CAPITAL_DISCARD: _capital_discard,
    ALGORITHM_PLACE: _capital_place,
    CONTAINER_FACTORY_PLACE: _capital_place,
    AUTOMATION_SHIP: _first_real,
    CHEAP_LABOR_SHIP: _first_real,
    GPS_SHIP: _first_real,
    YEN_SHIP: _first_real,
    EUROS_SHIP: _euros_ship,
    FAKE_MONEY_TAKE: _first_real,
    FAKE_MONEY_LOAD: _first_real,
    INTEREST_GIVE: _interest_give,
    INTEREST_KEEP: _interest_keep,
    LUCKY_CARDS_TYPE: _name_a_type,
    MARKET_DATA_GIVE: _cheapest_card,
    PARTNERSHIP_JOIN: _first_real,
    # Kickstarter (powers/kickstarter.py)
    BACKPACKS_DRAW: _first_of("draw"),
    DINO_BONES_GIVE: _cheapest_card,
    DINO_BONES_TAKE: _best_card,
    STRETCH_GOAL_IMPORT: _stretch_goal_import,
    # Kickstarter 2 (powers/kickstarter2.py)
    AR_GLASSES_PLAY: _platinum_rings,
    RAILGUNS_GIVE: _railguns,
    RAILGUNS_GOOD: _cheapest_card,
    SANITIZER_DISCARD_CREW: _cheapest_card,
    SANITIZER_DISCARD_GOODS: _cheapest_card,
    NANOBOTS_LOAD: _first_of("load"),
    OAT_MILK_TAKE: _draw_if_short,
    # J (powers/j.py)
    BAMBOO_PLACE: _first_real,
    POCKY_IMPORT: _first_real,
    SOY_SAUCE_USE: _soy_sauce,
    ROBO_CATS_PAIR: _first_real,
    ROBO_CATS_KEEP: _never_swap,
    SUSHI_KNIVES_CARD: _cheapest_card,
    # Flag (powers/flag.py)
    MAPLE_SYRUP_LOAD: _first_real,
    DRAGON_FRUIT_CHOICE: _potatoes,
    JASMINE_TEA_PLACE: _to_an_empty_ship,
    PAPRIKA_LOAD: _first_real,
}


class UnansweredDecision(LookupError):
    """A decision kind the bot has no answer for: a new power's question without its rule
    (never a silent first option, which would play a default no one chose)."""


def answer(
    decision: Decision, view: IEView, worth: Worth, rng: GameRandom, rules: dict[str, Rule] = RULES
) -> object:
    """The bot's answer to a power's decision (`rules`, one per kind: RULES for the classic
    bot)."""
    rule = rules.get(decision.kind)
    if rule is None:
        raise UnansweredDecision(
            f"no answer for decision kind '{decision.kind}': declare the kind in "
            "simulator/games/import_export/decisions.py (the bot then answers it by a short "
            "search) or give it a rule in strategies/import_export/power_choices.RULES"
        )
    return rule(decision, view, worth)
