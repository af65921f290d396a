"""J powers. One function per card, named after it; numbers from the card sheet.

Rulings for these powers are in docs/rulings.md, section "Card powers (J)".
Sources: the rulebook's card list (seed 000, lines ~315-603) and its FAQ.

Rules these powers change are read where the rule lives (rules.py), through the owner's
modifiers: "card_also" and "follow_as" (Chopsticks, Rice Cookers), "wins_ties" (Foxes),
"pair_load" (Robo-Cats).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.cards import Need
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import (
    BLUE,
    CONTRACT,
    GREEN,
    IMPORT,
    LOAD,
    YELLOW,
    Contract,
)
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers.common import draw, other_players, set_mod
from simulator.games.import_export.powers.framework import Reach, Restated, power
from simulator.games.import_export.powers.numbers import COUNT, PAY
from simulator.games.import_export.state import IEState

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI
    from simulator.games.import_export.moments import Moment

CHOPSTICKS_CARDS = frozenset({(IMPORT, CONTRACT), (IMPORT, LOAD)})
"""(card action, action it also counts as): Chopsticks' Import cards, hand and crew."""
CHOPSTICKS_FOLLOW = frozenset({(IMPORT, CONTRACT, IMPORT), (IMPORT, LOAD, IMPORT)})
"""(led, performed, played): following an Import with an Import card, Contract or Load
actions instead."""
RICE_COOKERS_CARDS = frozenset({(LOAD, CONTRACT), (CONTRACT, LOAD)})
"""(card action, action it also counts as): Rice Cookers' Load and Contract cards."""


def _grant(s: IEState, owner: int, key: str, values: frozenset[tuple[int, ...]]) -> None:
    """Add values to one of the owner's set-valued rule modifiers."""
    set_mod(s, owner, key, frozenset(s.mods[owner].get(key, frozenset())) | values)


def _revoke(s: IEState, owner: int, key: str, values: frozenset[tuple[int, ...]]) -> None:
    """Take values out of one of the owner's set-valued rule modifiers (the card lost)."""
    set_mod(s, owner, key, frozenset(s.mods[owner].get(key, frozenset())) - values)


# ---------------------------------------------------------------- immediate powers


BAMBOO_PLACE = KINDS.declare(
    "bamboo_place",
    "Bamboo: the ship it goes under, or pass.",
)


@power("Bamboo", on_fulfil=True, copy_does_nothing=True, asks=(BAMBOO_PLACE,))
def bamboo(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """As soon as it is completed, the owner may place Bamboo again as a contract, with no
    action, on a ship of his at port that can hold it, its level met; the ship it completed
    on is sailing, not available. It leaves the completed contracts (IE-JP-1)."""
    cid = contract.id
    if cid not in s.fulfilled[owner] or game.missing_levels(s, owner, cid):
        return
    ships = tuple(i for i, ship in game.ships_in_port(s, owner) if game.can_hold(ship, cid, s))
    if not ships:
        return
    i = yield Decision(owner, BAMBOO_PLACE, ("pass", *ships))
    if i == "pass":
        return
    game.leave_fulfilled(s, owner, cid)
    card = game.cards.card_of_contract[cid]
    yield from game.place_contract(s, owner, card, cid, i, source=[card])


@power("Muji Pens", on_fulfil=True, params={"cards_per_player": COUNT})
def muji_pens(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The owner's whole hand (even none) goes face up to the supply island; then he takes
    `cards_per_player` random cards from each other player's hand, clockwise, all of a
    smaller hand (s.rng). Taking them is not drawing (IE-JP-4)."""
    s.island.extend(s.hands[owner])
    s.hands[owner].clear()
    for q in other_players(s, owner):
        hand = s.hands[q]
        for _ in range(min(contract.params["cards_per_player"], len(hand))):
            s.hands[owner].append(hand.pop(s.rng.below(len(hand))))
    return
    yield


POCKY_IMPORT = KINDS.declare(
    "pocky_import",
    "Pocky: the ship at sea to import from.",
)


@power(
    "Pocky",
    on_fulfil=True,
    params={"credits": PAY, "cards": COUNT, "containers": COUNT},
    asks=(POCKY_IMPORT,),
)
def pocky(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Take `credits`, draw `cards`, then import `containers` container(s) from a ship at sea
    of one's choice, as in an import: to crew or goods, the ship's owner paid unless it is
    one's own ship (the text waives nothing, unlike Paper and Protractors), the powers told
    of the import; an emptied ship returns home (IE-JP-5)."""
    p = contract.params
    game.gain(s, owner, p["credits"])
    draw(game, s, owner, p["cards"])
    ships = tuple(i for i, ship in enumerate(s.ships) if ship.at_sea and ship.cargo)
    if not ships:
        return
    i = yield Decision(owner, POCKY_IMPORT, ships)
    ship = s.ships[i]
    taken = yield from game.take_from_ship(s, owner, ship, p["containers"])
    if taken and ship.owner != owner:
        game.gain(s, ship.owner, game.compensation_to(s, ship.owner))
    yield from game.emit(s, "imported", owner, (i, taken))
    yield from game.ship_home(s, ship)


@power(
    "Rice",
    on_fulfil=True,
    params={"pay_per_contract": PAY},
    own_color=(YELLOW, "pays for each Completed Agricultural Contract 'including this one'"),
)
def rice(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """`pay_per_contract` for each agricultural contract among one's completed contracts,
    Rice included (IE-JP-7)."""
    by_id = game.cards.contract_by_id
    count = sum(1 for cid in s.fulfilled[owner] if by_id[cid].color == YELLOW)
    game.gain(s, owner, contract.params["pay_per_contract"] * count)
    return
    yield


SOY_SAUCE_USE = KINDS.declare(
    "soy_sauce_use",
    "Soy Sauce: move the whole crew into the goods (paying), or pass.",
)


@power("Soy Sauce", on_fulfil=True, params={"pay_per_card": PAY}, asks=(SOY_SAUCE_USE,))
def soy_sauce(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The owner may move his whole crew into his goods, `pay_per_card` for each card moved;
    in the order the crew was taken, the cards beyond the goods limit are discarded, and
    paid for too (IE-JP-9)."""
    crew = s.crew[owner]
    if not crew or (yield Decision(owner, SOY_SAUCE_USE, ("pass", "transfer"))) == "pass":
        return
    moved = crew[:]
    crew.clear()
    s.moving.extend(moved)
    game.gain(s, owner, contract.params["pay_per_card"] * len(moved))
    for card in moved:
        s.moving.remove(card)
        yield from game.to_goods(s, owner, card)


# ---------------------------------------------------------------- rule modifiers


@power(
    "Chopsticks",
    on_fulfil=True,
    restates={
        "action_types_per_turn": Restated(
            "the action types its owner performs a turn (the engine: one)", value=1
        )
    },
)
def chopsticks(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The owner's Import cards, from the hand or the crew, may be used as Contract or Load
    actions: leading or following a Contract or a Load with one, his Import crew adding
    actions of that type, or following an Import with one and performing Contract or Load
    actions instead. He performs one type of action a turn (IE-JP-2)."""
    _grant(s, owner, "card_also", CHOPSTICKS_CARDS)
    _grant(s, owner, "follow_as", CHOPSTICKS_FOLLOW)
    return
    yield


@power("Chopsticks", on_lose=True)
def chopsticks_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    _revoke(s, owner, "card_also", CHOPSTICKS_CARDS)
    _revoke(s, owner, "follow_as", CHOPSTICKS_FOLLOW)


@power(
    "Rice Cookers",
    on_fulfil=True,
    restates={
        "action_types_per_turn": Restated(
            "the action types its owner performs a turn (the engine: one)", value=1
        )
    },
)
def rice_cookers(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """For the owner alone, Load cards count as Contract cards and vice versa, in the hand
    and in the crew, leading or following: he may lead a Load with a Contract card (the
    others follow the Load) and add both Load and Contract crew. He performs one type of
    action a turn (FAQ: IE-JP-6)."""
    _grant(s, owner, "card_also", RICE_COOKERS_CARDS)
    return
    yield


@power("Rice Cookers", on_lose=True)
def rice_cookers_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    _revoke(s, owner, "card_also", RICE_COOKERS_CARDS)


@power("Foxes", on_fulfil=True)
def foxes(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The owner wins every tie he is in: import bids (before the leader decides), goods
    majorities (the whole bonus, and the whole illegal penalty), the most credits at the
    end, and powers' "the most" (FAQ: IE-JP-3)."""
    set_mod(s, owner, "wins_ties", True)
    return
    yield


@power("Foxes", on_lose=True)
def foxes_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    s.mods[owner].pop("wins_ties", None)


ROBO_CATS_PAIR = KINDS.declare(
    "robo_cats_pair",
    "Robo-Cats: which pair to load as one container (or ship), or pass.",
)
ROBO_CATS_KEEP = KINDS.declare(
    "robo_cats_keep",
    "Robo-Cats: keep the plundered card for a pair, or pass (context: card).",
)


@power(
    "Robo-Cats",
    on_fulfil=True,
    params={
        "containers_per_tech": Need(
            2, why="containers loaded together as one tech container (a pair or more)"
        )
    },
    asks=(ROBO_CATS_PAIR, ROBO_CATS_KEEP),
)
def robo_cats(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """One Load may load `containers_per_tech` hand cards of one type together as one tech
    container; Pirate actions may gather them, one each, kept aside until the pair is made
    that turn. The ship's payout counts every card loaded (IE-JP-8); with the Market each
    card of a pair adds the tech marker and moves it down (variants.loaded_colors;
    IE-VAR-13)."""
    set_mod(s, owner, "pair_load", (GREEN, contract.params["containers_per_tech"]))
    return
    yield


@power("Robo-Cats", on_lose=True)
def robo_cats_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    s.mods[owner].pop("pair_load", None)


# ---------------------------------------------------------------- ongoing hooks


SUSHI_KNIVES_CARD = KINDS.declare(
    "sushi_knives_card",
    "Sushi Knives: which luxury card to discard.",
)


@power(
    "Sushi Knives",
    any_time="fulfilled",
    params={"cards": COUNT, "payment": PAY},
    reaches={"cards": Reach((BLUE,))},
    asks=(SUSHI_KNIVES_CARD,),
)
def sushi_knives(
    game: GameAPI, s: IEState, owner: int, contract: Contract, moment: Moment
) -> list[tuple[()]]:
    """At any time, in anyone's turn, as often as he can, the owner may discard `cards`
    luxury cards from his hand (printed colour: a hand card borrows no type) for
    `payment`; the hand is not refilled (IE-JP-10)."""
    luxury = sum(1 for c in s.hands[owner] if game.color[c] == BLUE)
    return [()] if luxury >= contract.params["cards"] else []


@power("Sushi Knives", use=True)
def sushi_knives_use(
    game: GameAPI, s: IEState, owner: int, contract: Contract, args: tuple[()], moment: Moment
) -> Flow:
    """Which luxury cards go is asked card by card (`sushi_knives_card`)."""
    p = contract.params
    luxury = [c for c in s.hands[owner] if game.color[c] == BLUE]
    chosen = luxury if len(luxury) == p["cards"] else []
    while len(chosen) < p["cards"]:
        rest = tuple(c for c in luxury if c not in chosen)
        chosen.append((yield Decision(owner, SUSHI_KNIVES_CARD, rest)))
    for card in chosen:
        s.hands[owner].remove(card)
        game.to_discard(s, owner, card)
    game.gain(s, owner, p["payment"])
