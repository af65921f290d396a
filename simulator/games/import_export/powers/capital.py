"""Capital powers (the grey expansion). One function per card, named after it; numbers from
the card sheet.

Rulings for these powers are in docs/rulings.md, section "Capital rules and powers"
(IE-CAP-n). Sources: the rulebook's card list (seed 000, lines ~293-643) and its FAQ.
Several of these cards put themselves somewhere unusual: as a grey container on a ship
(grey containers are wild: IE-CAP-7), as an extra ship (Diesel Engine), under a ship (Yen),
or join two ships (Partnership); cards kept outside the usual zones are listed in the
owner's mods "held_cards" so the invariant check finds each card once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from simulator.core.cards import Need
from simulator.core.decision import DecisionKind
from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import (
    GREY,
    PAIRED,
    Contract,
)
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.narration import ship_name
from simulator.games.import_export.powers.common import draw, good_types, other_players
from simulator.games.import_export.powers.framework import Restated, power
from simulator.games.import_export.powers.numbers import COUNT, PAY, TIMES
from simulator.games.import_export.sheet_rows import (
    SheetCards,
    SheetProblem,
    number,
    pips_text,
    resized_pips,
)
from simulator.games.import_export.state import IEState, Ship

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI
    from simulator.games.import_export.moments import Moment


def _own_card(game: GameAPI, s: IEState, owner: int, contract: Contract) -> int | None:
    """The card of a contract in the owner's fulfilled area, or None (a copied power, or a
    card already gone: such a power does not move it; IE-POWER-40, IE-CAP-11)."""
    if contract.id not in s.fulfilled[owner]:
        return None
    return game.cards.card_of_contract[contract.id]


def _take_out(game: GameAPI, s: IEState, owner: int, contract: Contract) -> int:
    """Take the contract's card out of the owner's fulfilled area (the limits fall)."""
    game.leave_fulfilled(s, owner, contract.id)
    return game.cards.card_of_contract[contract.id]


def _discard_self(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    """Discard the card instead of keeping it in the completed contracts (FAQ on Champagne:
    such Capital cards do not count there; IE-CAP-20)."""
    if _own_card(game, s, owner, contract) is not None:
        game.to_discard(s, owner, _take_out(game, s, owner, contract))


def _live(ship: Ship) -> bool:
    """A ship in play: at port, or at sea with containers (not a retired single-use ship nor
    the hidden half of a Super Ship)."""
    return not ship.at_sea or bool(ship.cargo)


def _loadable(game: GameAPI, s: IEState, p: int, exclude: int = -1) -> tuple[int, ...]:
    """p's ships at port where a grey (wild) container fills an uncovered need."""
    return tuple(
        i for i, ship in game.ships_in_port(s, p) if i != exclude and game.fits(ship, GREY, s)
    )


def _grey_ship_or_discard(
    game: GameAPI, s: IEState, owner: int, contract: Contract, kind: DecisionKind
) -> Flow:
    """For a card that loads itself as a grey container (Automation, GPS): its physical card
    and the port ship with an uncovered need the owner picks (asked as `kind` when there is a
    choice); with no such ship the card is discarded and None returned."""
    card = _own_card(game, s, owner, contract)
    if card is None:
        return None
    ships = _loadable(game, s, owner)
    if not ships:
        _discard_self(game, s, owner, contract)
        return None
    i = ships[0] if len(ships) == 1 else (yield Decision(owner, kind, ships))
    return card, i


def _has_room(game: GameAPI, s: IEState, ship: Ship) -> bool:
    """Whether a ship at port takes one more container: one filling a need, or a leftover
    within the capacity (IE-CARGO-1)."""
    if game.fits(ship, GREY, s):
        return True
    _, unmatched = game.remaining(ship, s=s)
    cargo = game.contract_cargo(ship, ship.contracts, s, None)
    return sum(sum(c.values()) for c in cargo) + unmatched + 1 <= game.capacity(s, ship.owner)


def place_grey(
    game: GameAPI, s: IEState, p: int, ship: Ship, card: int, loaded: bool = True
) -> Flow:
    """Put a Capital card on a ship as a grey container (wild: IE-CAP-7). `loaded`: a load
    (rules.load_container: logged, told to the powers, a ship at port may complete; with
    physical containers, one of a colour p chooses: IE-VAR-9); otherwise only placed on a
    ship at sea (Euros)."""
    if loaded:
        yield from game.load_container(s, p, ship, card, GREY)
        return
    if s.trace is not None:
        where = ship_name(s, s.ships.index(ship))
        s.trace.say(f"{seat(p)} puts {game.names[card]} on {where} as a grey container", p)
    ship.cargo.append(card)
    ship.cargo_colors.append(GREY)


def _room_out_of_fulfilled(
    game: GameAPI, s: IEState, p: int, contract: Contract, card: int
) -> list[str]:
    """Where the card fits once it leaves p's fulfilled contracts: "crew", "goods" (the
    limits without it; FAQ on Segways)."""
    k = s.fulfilled[p].index(contract.id)
    s.fulfilled[p].pop(k)
    room = []
    if len(s.crew[p]) < game.crew_limit(s, p):
        room.append("crew")
    if game.goods_fit(s, p, card):
        room.append("goods")
    s.fulfilled[p].insert(k, contract.id)
    return room


# where is Any: "crew", "goods", "hand" or ("load", ship index), told apart by value
def _move_own(game: GameAPI, s: IEState, owner: int, contract: Contract, where: Any) -> Flow:
    """Move the fulfilled card to crew, goods, hand, or onto ship ("load", i) as grey."""
    card = _take_out(game, s, owner, contract)
    if where == "crew":
        if game.to_crew(s, owner, card):
            yield from game.emit(s, "crew_added", owner, card)
    elif where == "goods":
        yield from game.to_goods(s, owner, card)
    elif where == "hand":
        s.hands[owner].append(card)
    else:
        yield from place_grey(game, s, owner, s.ships[where[1]], card)


# ---------------------------------------------------------------- the card moves itself


ALGORITHM_PLACE = KINDS.declare(
    "algorithm_place",
    "The Algorithm: to the crew, onto a ship as a grey container, or stay.",
)


@power("The Algorithm", on_fulfil=True, copy_does_nothing=True, asks=(ALGORITHM_PLACE,))
def the_algorithm(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The owner may move The Algorithm to his crew (with room), or load it as a grey
    container on a ship at his port with an uncovered need; otherwise, or if he does
    neither, it stays in his completed contracts (IE-CAP-12)."""
    card = _own_card(game, s, owner, contract)
    if card is None:
        return
    options: list[str | tuple[str, int]] = ["keep"]
    if "crew" in _room_out_of_fulfilled(game, s, owner, contract, card):
        options.append("crew")
    options.extend(("load", i) for i in _loadable(game, s, owner))
    if len(options) == 1:
        return
    where = yield Decision(owner, ALGORITHM_PLACE, tuple(options))
    if where != "keep":
        yield from _move_own(game, s, owner, contract, where)


AUTOMATION_SHIP = KINDS.declare(
    "automation_ship",
    "Automation: the ship at port its grey container moves to.",
)


@power("Automation", on_fulfil=True, copy_does_nothing=True, asks=(AUTOMATION_SHIP,))
def automation(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Load Automation as a grey (rainbow) container on a ship at the owner's port with an
    uncovered need; with none, it is discarded (IE-CAP-13)."""
    chosen = yield from _grey_ship_or_discard(game, s, owner, contract, AUTOMATION_SHIP)
    if chosen is not None:
        yield from _move_own(game, s, owner, contract, ("load", chosen[1]))


@power("Automation", on_cargo=True)
def automation_moves_on(
    game: GameAPI,
    s: IEState,
    contract: Contract,
    card: int,
    ship: int,
    contracts: list[int],
    filled: int,
) -> Flow:
    """When a ship carrying Automation completes, Automation moves on to another ship at
    its owner's port with an uncovered need, if any; otherwise it sails with the ship
    (IE-CAP-13). A power of the card as a container: with physical containers Automation
    stays a card, grey and wild, moving from ship to ship (FAQ: IE-VAR-6; IE-VAR-11)."""
    sailing = s.ships[ship]
    owner = sailing.owner
    ships = _loadable(game, s, owner, exclude=ship)
    if not ships or card not in sailing.cargo:
        return
    i = ships[0] if len(ships) == 1 else (yield Decision(owner, AUTOMATION_SHIP, ships))
    j = sailing.cargo.index(card)
    sailing.cargo.pop(j)
    sailing.cargo_colors.pop(j)
    s.moving.append(card)
    yield from game.ship_home(s, sailing)  # it was the last container
    s.moving.remove(card)
    yield from place_grey(game, s, owner, s.ships[i], card)


CHEAP_LABOR_SHIP = KINDS.declare(
    "cheap_labor_ship",
    "Cheap Labor: the ship at port its grey container goes to.",
)


@power("Cheap Labor", on_fulfil=True, copy_does_nothing=True, asks=(CHEAP_LABOR_SHIP,))
def cheap_labor(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Load Cheap Labor as a grey container on a ship at the owner's port, even one with no
    contract (then a leftover that a later contract may use); with no ship with room it
    stays in the completed contracts (IE-CAP-14)."""
    if _own_card(game, s, owner, contract) is None:
        return
    ships = tuple(i for i, ship in game.ships_in_port(s, owner) if _has_room(game, s, ship))
    if not ships:
        return
    i = ships[0] if len(ships) == 1 else (yield Decision(owner, CHEAP_LABOR_SHIP, ships))
    yield from _move_own(game, s, owner, contract, ("load", i))


CONTAINER_FACTORY_PLACE = KINDS.declare(
    "container_factory_place",
    "Container Factory: stay, crew, goods, a ship, or the hand.",
)


@power("Container Factory", on_fulfil=True, copy_does_nothing=True, asks=(CONTAINER_FACTORY_PLACE,))
def container_factory(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Container Factory stays in the completed contracts, or moves to the crew or the goods
    (with room), onto a ship at port as a grey container (an uncovered need), or back to
    the hand: the owner's choice (IE-CAP-15)."""
    card = _own_card(game, s, owner, contract)
    if card is None:
        return
    options: list[str | tuple[str, int]] = [
        "keep",
        *_room_out_of_fulfilled(game, s, owner, contract, card),
    ]
    options.extend(("load", i) for i in _loadable(game, s, owner))
    options.append("hand")
    where = yield Decision(owner, CONTAINER_FACTORY_PLACE, tuple(options))
    if where != "keep":
        yield from _move_own(game, s, owner, contract, where)


@power("Diesel Engine", on_fulfil=True, params={"extra_ships": COUNT}, copy_does_nothing=True)
def diesel_engine(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Diesel Engine becomes `extra_ships` extra ship(s) at the owner's port; once it has
    sailed and been emptied it is discarded, not returned (IE-CAP-16)."""
    if _own_card(game, s, owner, contract) is None:
        return
    if s.trace is not None:
        s.trace.say(f"{seat(owner)}'s Diesel Engine serves as an extra ship", owner)
    card = _take_out(game, s, owner, contract)
    mods = s.mods[owner]
    for _ in range(contract.params["extra_ships"]):
        s.ships.append(Ship(owner))
        mods["single_use_ships"] = (*mods.get("single_use_ships", ()), (len(s.ships) - 1, card))
    mods["held_cards"] = (*mods.get("held_cards", ()), card)
    return
    yield


EUROS_SHIP = KINDS.declare(
    "euros_ship",
    "Euros: the ship at sea it goes onto as a grey container.",
)


@power("Euros", on_fulfil=True, copy_does_nothing=True, asks=(EUROS_SHIP,))
def euros(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Euros goes as a grey container on any ship at sea, whoever owns it; only an import
    takes it off (FAQ: IE-CAP-17). With no ship at sea it stays completed."""
    if _own_card(game, s, owner, contract) is None:
        return
    ships = tuple(i for i, ship in enumerate(s.ships) if ship.at_sea and ship.cargo)
    if not ships:
        return
    i = yield Decision(owner, EUROS_SHIP, ships)
    card = _take_out(game, s, owner, contract)
    yield from place_grey(game, s, owner, s.ships[i], card, loaded=False)


GPS_SHIP = KINDS.declare(
    "gps_ship",
    "GPS: the ship at port its grey container moves to (discarded, unasked, when none can take "
    "it: IE-CAP-19).",
)


@power("GPS", on_fulfil=True, copy_does_nothing=True, asks=(GPS_SHIP,))
def gps(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Load GPS as a grey (rainbow) container on a ship at the owner's port with an
    uncovered need, else discard it (IE-CAP-19); its loading arms it (`gps_loaded`)."""
    chosen = yield from _grey_ship_or_discard(game, s, owner, contract, GPS_SHIP)
    if chosen is not None:
        yield from _move_own(game, s, owner, contract, ("load", chosen[1]))


@power("GPS", card_hook="container_loaded")
def gps_loaded(
    game: GameAPI, s: IEState, contract: Contract, card: int, actor: int, payload: int
) -> Flow:
    """The GPS card itself loaded (only its own power loads it: grey cards are never loaded
    otherwise, IE-CAP-7): once its ship is at sea, when GPS is its last container GPS is
    discarded and the ship comes home (mods "homing_cards" of the ship's owner; IE-CAP-19).
    A power of the card as a container, as Automation's (`on_cargo`): with physical
    containers both stay cards, grey and wild, however many of the containers around them
    are physical ones (FAQ: IE-VAR-6; IE-VAR-11)."""
    ship = next((x for x in s.ships if card in x.cargo), None)
    if ship is not None and ship.owner >= 0:
        mods = s.mods[ship.owner]
        homing = mods.get("homing_cards", ())
        if card not in homing:
            mods["homing_cards"] = (*homing, card)
    return
    yield


YEN_SHIP = KINDS.declare(
    "yen_ship",
    "Yen: the ship it goes under (IE-CAP-25).",
)


@power(
    "Yen",
    on_fulfil=True,
    params={"cargo_reduction": COUNT},
    copy_does_nothing=True,
    asks=(YEN_SHIP,),
)
def yen(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Yen goes under one of the owner's ships for good: from then on, the first contract
    of each of its loads needs `cargo_reduction` container(s) fewer (mods
    "first_contract_cut"; IE-CAP-25)."""
    if _own_card(game, s, owner, contract) is None:
        return
    ships = tuple(i for i, ship in enumerate(s.ships) if ship.owner == owner and _live(ship))
    if not ships:
        return
    i = ships[0] if len(ships) == 1 else (yield Decision(owner, YEN_SHIP, ships))
    card = _take_out(game, s, owner, contract)
    mods = s.mods[owner]
    mods["held_cards"] = (*mods.get("held_cards", ()), card)
    cut = (i, contract.params["cargo_reduction"])
    mods["first_contract_cut"] = (*mods.get("first_contract_cut", ()), cut)
    yield from game.check_complete(s, s.ships[i])  # its first contract may be met now


# ---------------------------------------------------------------- credits and cards


FAKE_MONEY_TAKE = KINDS.declare(
    "fake_money_take",
    "Fake Money: which container of an opponent's ship to take (context: the ship).",
)
FAKE_MONEY_LOAD = KINDS.declare(
    "fake_money_load",
    "Fake Money: where the taken container is loaded (context: the card).",
)


@power(
    "Fake Money",
    on_fulfil=True,
    params={"containers_per_ship": COUNT},
    asks=(FAKE_MONEY_TAKE, FAKE_MONEY_LOAD),
)
def fake_money(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """From each loaded ship of every opponent (at sea or at port), take
    `containers_per_ship` container(s) of one's choice, never a grey one (only an import
    takes those: FAQ, IE-CAP-18); load it on a ship at one's port where it fits if one can,
    else keep it in the hand. An emptied ship at sea comes home, its owner unpaid."""
    for q in other_players(s, owner):
        for i, ship in enumerate(s.ships):
            if ship.owner != q or i in s.departing:
                continue
            for _ in range(contract.params["containers_per_ship"]):
                loaded = ship.cargo_colors
                options = tuple(
                    j
                    for j, c in enumerate(loaded)
                    if c != GREY and (ship.at_sea or PAIRED not in loaded[j : j + 2])  # IE-JP-8
                )
                if not options:
                    break
                if len(options) > 1:
                    j = yield Decision(owner, FAKE_MONEY_TAKE, options, context=i)
                else:
                    j = options[0]
                card = ship.cargo.pop(j)
                color = ship.cargo_colors.pop(j)
                s.moving.append(card)
                yield from game.ship_home(s, ship)
                targets = tuple(
                    (k, color)
                    for k, other in game.ships_in_port(s, owner)
                    if game.fits(other, color, s)
                )
                if targets:
                    k, _ = yield Decision(owner, FAKE_MONEY_LOAD, targets, context=card)
                    s.moving.remove(card)
                    yield from game.load_container(s, owner, s.ships[k], card, color)
                    continue
                s.moving.remove(card)
                kept = game.as_card(s, card)  # a physical container: IE-VAR-8
                if kept is not None:
                    s.hands[owner].append(kept)


@power("Import Tax", on_fulfil=True, params={"payment": PAY}, copy_does_nothing=True)
def import_tax(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every other player pays `payment` to the bank, or nothing if he cannot (IE-POWER-1);
    then Import Tax is discarded (IE-CAP-20)."""
    for q in other_players(s, owner):
        game.pay(s, q, contract.params["payment"])
    _discard_self(game, s, owner, contract)
    return
    yield


INTEREST_GIVE = KINDS.declare(
    "interest_give",
    "Interest: which good each other player gives (context: the owner).",
)
INTEREST_KEEP = KINDS.declare(
    "interest_keep",
    "Interest: which of the goods given the owner keeps within his limit.",
)


@power(
    "Interest",
    on_fulfil=True,
    params={"goods_per_player": COUNT},
    asks=(INTEREST_GIVE, INTEREST_KEEP),
)
def interest(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every other player with goods gives `goods_per_player` good(s) of his choice; the
    owner keeps those his goods limit allows, choosing which, and discards the rest
    (IE-CAP-21)."""
    given: list[int] = []
    for q in other_players(s, owner):
        for _ in range(contract.params["goods_per_player"]):
            if not s.goods[q]:
                break
            card = yield Decision(q, INTEREST_GIVE, tuple(s.goods[q]), context=owner)
            s.goods[q].remove(card)
            s.moving.append(card)
            given.append(card)
    choose = len(given) > game.goods_limit(s, owner) - len(s.goods[owner])
    while given:
        fitting = tuple(c for c in given if game.goods_fit(s, owner, c))
        if not fitting:
            break
        card = fitting[0]
        if choose and len(fitting) > 1:  # more than he can keep: he chooses
            card = yield Decision(owner, INTEREST_KEEP, fitting)
        given.remove(card)
        s.moving.remove(card)
        yield from game.to_goods(s, owner, card)
    for card in given:
        s.moving.remove(card)
        game.to_discard(s, owner, card)


LUCKY_CARDS_TYPE = KINDS.declare(
    "lucky_cards_type",
    "Lucky Cards: name a type of goods.",
)


@power("Lucky Cards", on_fulfil=True, params={"cost": PAY, "prize": PAY}, asks=(LUCKY_CARDS_TYPE,))
def lucky_cards(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Once, on completion: pay `cost` to the bank (or nothing happens: IE-POWER-1), name a
    good type and draw a card; a match pays `prize` (IE-CAP-22)."""
    p = contract.params
    if not game.pay(s, owner, p["cost"]):
        return
    named = yield Decision(owner, LUCKY_CARDS_TYPE, good_types(game))
    drawn = draw(game, s, owner, 1)
    if drawn and game.color[drawn[0]] == named:
        game.gain(s, owner, p["prize"])


MARKET_DATA_GIVE = KINDS.declare(
    "market_data_give",
    "Market Data: which hand card to give (context: the owner).",
)


@power(
    "Market Data",
    on_fulfil=True,
    params={"cards_per_player": COUNT},
    copy_does_nothing=True,
    asks=(MARKET_DATA_GIVE,),
)
def market_data(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every other player gives `cards_per_player` hand cards of his choice, or as many as
    he has; then Market Data is discarded (IE-CAP-20)."""
    for q in other_players(s, owner):
        for _ in range(contract.params["cards_per_player"]):
            if not s.hands[q]:
                break
            card = yield Decision(q, MARKET_DATA_GIVE, tuple(s.hands[q]), context=owner)
            s.hands[q].remove(card)
            s.hands[owner].append(card)
    _discard_self(game, s, owner, contract)


@power(
    "US Dollars",
    any_time="fulfilled",
    restates={"turns": Restated("the turns it is crew for (the engine: the one turn)", value=1)},
)
def us_dollars(
    game: GameAPI, s: IEState, owner: int, contract: Contract, moment: Moment
) -> list[tuple[()]]:
    """US Dollars stays in the completed contracts; discarded at any time it is a crew card
    of any action for this turn. Crew counts only when actions are declared (FAQ: a crew
    card gained mid-turn adds no action), so it is usable as its owner is about to declare
    (IE-CAP-24). A copy (Wind Turbines) has no card to discard."""
    if moment.name == "declaring" and moment.actor == owner:
        return [()] if contract.id in s.fulfilled[owner] else []
    return []


@power("US Dollars", use=True)
def us_dollars_use(
    game: GameAPI, s: IEState, owner: int, contract: Contract, args: tuple[()], moment: Moment
) -> Flow:
    """Discarded, it adds one crew card of any action this turn (mods "virtual_crew": (turn,
    count), read by rules.crew_actions), outside the crew limit."""
    game.powers.lost(game, s, owner, contract.id)
    game.to_discard(s, owner, _take_out(game, s, owner, contract))
    turn, count = s.mods[owner].get("virtual_crew", (s.turn, 0))
    s.mods[owner]["virtual_crew"] = (s.turn, count + 1 if turn == s.turn else 1)
    return
    yield


# ---------------------------------------------------------------- Partnership


def partnership_cargo(sc: SheetCards) -> list[SheetProblem]:
    """Partnership's own cargo fits its Super Ship: at most `super_ship_capacity` minus
    `max_combined_cargo`.

    The power joins two ships whose contracts need at most 4 containers, "Partnership is added
    to the Ship as a Contract" and "the Super Ship still has a maximum cargo requirement of 6".
    Partnership is one of the Super Ship's contracts, so the two ships' 4 plus its own cargo
    stay within the 6: its own cargo is at most 2 (IE-SHEET-1). A larger one can only be met
    by the engine waiving it (IE-CAP-23)."""
    partnership = sc.contract("Partnership")
    if partnership is None:
        return []
    joined = number(partnership.params, "max_combined_cargo")
    most = number(partnership.params, "super_ship_capacity")
    if joined is None or most is None:
        return []  # param_ranges reports it
    room = most - joined
    if room < 1:
        return [
            sc.problem(
                "partnership_cargo",
                "Partnership",
                "params",
                f"leaves no room in the Super Ship (super_ship_capacity={most}) for "
                f"Partnership's own contract",
                f"max_combined_cargo at most {most - 1}",
                f"max_combined_cargo={joined}",
            )
        ]
    if partnership.cargo_total <= room:
        return []
    return [
        sc.problem(
            "partnership_cargo",
            "Partnership",
            "cargo",
            f"needs {partnership.cargo_total} containers, but Partnership is a contract of "
            f"its Super Ship, which holds at most super_ship_capacity={most} while the two "
            f"ships' contracts may need max_combined_cargo={joined}",
            f"at most {int(room)} containers, e.g. "
            f"{pips_text(resized_pips(partnership.cargo, int(room)))}",
        )
    ]


PARTNERSHIP_JOIN = KINDS.declare(
    "partnership_join",
    "Partnership: which ship to join into a Super Ship, or pass.",
)


@power(
    "Partnership",
    card_hook="contract_placed",
    params={
        "max_combined_cargo": Need(
            2, why="the cargo of two ships' contracts (each needs at least 1 container)"
        ),
        "super_ship_capacity": COUNT,
        "payout_multiplier": TIMES,
        "import_compensation": PAY,
    },
    restates={
        "base_import_compensation": Restated(
            "what an importer pays a ship's owner without the power (BaseRules.owner_compensation)",
            rule="owner_compensation",
        ),
        "ships": Restated("the ships the power joins (the engine joins two)", value=2),
    },
    checks=(partnership_cargo,),
    asks=(PARTNERSHIP_JOIN,),
)
def partnership(
    game: GameAPI, s: IEState, contract: Contract, card: int, actor: int, payload: int
) -> Flow:
    """Placed on a ship at its placer's port that already has contracts, Partnership may
    join it with another of his ships at port with contracts, their contracts needing at
    most `max_combined_cargo` containers together: one Super Ship, Partnership its contract
    with no cargo of its own, up to `super_ship_capacity` containers of contracts; it pays
    `payout_multiplier` times, another player importing from it pays its owner
    `import_compensation`, and once emptied at sea the two ships come home apart (mods
    "super_ships"; IE-CAP-23). Declined, Partnership is an ordinary contract."""
    p = contract.params
    index = next(
        (i for i, ship in enumerate(s.ships) if contract.id in ship.contracts and not ship.at_sea),
        None,
    )
    if index is None:
        return
    ship = s.ships[index]
    others = [cid for cid in ship.contracts if cid != contract.id]
    if not others or s.ships[index].owner != actor:
        return
    by_id = game.cards.contract_by_id
    options = []
    for i, mate in enumerate(s.ships):
        if mate.owner != actor or mate.at_sea or i == index or not mate.contracts:
            continue
        if i in s.departing:
            continue
        joined = [*others, *mate.contracts]
        if sum(by_id[cid].cargo_total for cid in joined) > p["max_combined_cargo"]:
            continue
        trial = Ship(actor)
        trial.contracts = joined
        trial.cargo = [*ship.cargo, *mate.cargo]
        trial.cargo_colors = [*ship.cargo_colors, *mate.cargo_colors]
        need, unmatched = game.remaining(trial, s=s)
        total = sum(by_id[cid].cargo_total for cid in joined)
        if total + unmatched <= p["super_ship_capacity"]:
            options.append(i)
    if not options:
        return
    mate_index = yield Decision(actor, PARTNERSHIP_JOIN, ("pass", *options))
    if mate_index == "pass":
        return
    if s.trace is not None:
        ships = f"{ship_name(s, index)} and {ship_name(s, mate_index)}"
        s.trace.say(f"{seat(actor)} joins {ships} into a Super Ship", actor)
    mate = s.ships[mate_index]
    ship.contracts[:] = [*others, *mate.contracts, contract.id]
    ship.cargo.extend(mate.cargo)
    ship.cargo_colors.extend(mate.cargo_colors)
    mate.contracts.clear()
    mate.cargo.clear()
    mate.cargo_colors.clear()
    mate.at_sea = True  # out of play, at sea and empty, until the Super Ship comes home
    record = (index, mate_index, contract.id, p["payout_multiplier"], p["import_compensation"])
    mods = s.mods[actor]
    mods["super_ships"] = (*mods.get("super_ships", ()), record)
