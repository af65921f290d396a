"""Kickstarter 2 powers. One function per card, named after it; numbers from the card sheet.

Rulings for these powers are in docs/rulings.md, section "Card powers (Kickstarter 2)".
Sources: the rulebook's card list (seed 000, lines ~289-561) and its FAQ.

Rules these powers change are read where the rule lives (rules.py), through the owner's
modifiers: "follow_any_card" (3D Printers), "sea_return_at" (Aeroponics), "follow_as"
(Neural Units); draws reach Nanobots through the `cards_drawn` event, loads reach Fixie
Bikes through `load_action`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from simulator.core.decision import DecisionKind
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import (
    GREY,
    LOAD,
    YELLOW,
    Contract,
)
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers.common import (
    add_goods,
    draw,
    other_players,
    set_mod,
    transfer,
)
from simulator.games.import_export.powers.framework import Restated, power
from simulator.games.import_export.powers.numbers import COUNT, PAY
from simulator.games.import_export.state import IEState

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI
    from simulator.games.import_export.moments import Moment

NEURAL_FOLLOW = (-1, LOAD, LOAD)
"""Neural Units' way to follow: any led action, performing Load actions, with a Load card."""


# ---------------------------------------------------------------- immediate powers


AR_GLASSES_PLAY = KINDS.declare(
    "ar_glasses_play",
    "AR Glasses: play a hand card as an action alone, or stop.",
)


@power("AR Glasses", on_fulfil=True, params={"actions": COUNT}, asks=(AR_GLASSES_PLAY,))
def ar_glasses(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Perform up to `actions` actions alone, each with a card from the hand performing its
    printed action (no wildcard pairs), no crew added, nobody following or drawing; played
    cards go to the discard pile (IE-KSB-3; rules.solo_action, as for Platinum Rings)."""
    for _ in range(contract.params["actions"]):
        if not s.hands[owner]:
            return
        card = yield Decision(owner, AR_GLASSES_PLAY, ("stop", *s.hands[owner]))
        if card == "stop":
            return
        s.hands[owner].remove(card)
        game.to_discard(s, owner, card)
        s.log[owner]["played"].append(card)
        yield from game.solo_action(s, s.rng, owner, game.actions[card])


RAILGUNS_GIVE = KINDS.declare(
    "railguns_give",
    "Railguns: give credits, a completed contract or goods (context: the owner).",
)
RAILGUNS_GOOD = KINDS.declare(
    "railguns_good",
    "Railguns: which good to give (context: the owner).",
)


@power(
    "Railguns",
    on_fulfil=True,
    params={"credits": PAY, "goods": COUNT},
    restates={
        "contracts": Restated("the completed contracts a player may give (one)", value=1),
        "options": Restated("the choices a player has (credits, a contract, goods)", value=3),
    },
    asks=(RAILGUNS_GIVE, RAILGUNS_GOOD),
)
def railguns(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every other player, clockwise, gives the owner `credits` credits, one of his completed
    contracts, or `goods` of his goods (which join the owner's goods within the limit), his
    choice among those he can give in full; one who can give none gives nothing. A contract
    given takes its ongoing power and rule modifiers to the owner; its immediate power does
    not resolve again (IE-KSB-8)."""
    p = contract.params
    for q in other_players(s, owner):
        options: list[str | tuple[str, int]] = []
        if s.credits[q] >= p["credits"]:
            options.append("credits")
        options.extend(("contract", cid) for cid in s.fulfilled[q])
        if len(s.goods[q]) >= p["goods"]:
            options.append("goods")
        if not options:
            continue
        choice = yield Decision(q, RAILGUNS_GIVE, tuple(options), context=owner)
        if choice == "credits":
            transfer(game, s, q, owner, p["credits"])
        elif choice == "goods":
            for _ in range(p["goods"]):
                card = yield Decision(q, RAILGUNS_GOOD, tuple(s.goods[q]), context=owner)
                s.goods[q].remove(card)
                yield from add_goods(game, s, owner, card)
        else:
            yield from _take_contract(game, s, q, owner, choice[1])


def _take_contract(game: GameAPI, s: IEState, giver: int, taker: int, cid: int) -> Flow:
    """A completed contract changes hands: the giver loses its power (hooks, modifiers), the
    taker gains its ongoing part; an immediate power does not resolve again (IE-KSB-8)."""
    game.powers.lost(game, s, giver, cid)
    game.leave_fulfilled(s, giver, cid)
    s.fulfilled[taker].append(cid)
    yield from game.powers.gained(game, s, taker, cid)


SANITIZER_DISCARD_CREW = KINDS.declare(
    "sanitizer_discard_crew",
    "Sanitizer: which card of the new crew to discard while it is over the crew limit.",
)
SANITIZER_DISCARD_GOODS = KINDS.declare(
    "sanitizer_discard_goods",
    "Sanitizer: which card of the new goods to discard while they are over the goods limit.",
)


@power("Sanitizer", on_fulfil=True, asks=(SANITIZER_DISCARD_CREW, SANITIZER_DISCARD_GOODS))
def sanitizer(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The whole crew and the whole goods swap places; then the owner discards cards of his
    choice from each that is over its limit. Cards joining the goods are told to the powers
    (Bubblegum) once the discards are done (IE-KSB-9). They are placed in the goods like
    any good (`goods_in`): with the Market each kept one moves its type's marker up; the
    goods leaving for the crew, and cards discarded over a limit, move none (IE-VAR-12)."""
    crew, goods = s.crew[owner][:], s.goods[owner][:]
    s.crew[owner].clear()
    s.goods[owner].clear()
    s.moving.extend(crew + goods)  # swapped first, then trimmed (the rulebook's order)
    new_crew = yield from _trim(
        game, s, owner, goods, game.crew_limit(s, owner), SANITIZER_DISCARD_CREW
    )
    new_goods = yield from _trim(
        game, s, owner, crew, game.goods_limit(s, owner), SANITIZER_DISCARD_GOODS
    )
    for card in new_crew:
        s.moving.remove(card)
        s.crew[owner].append(card)
        if card < game.n_cards:  # a physical container is not logged (variants.py)
            s.log[owner]["crew"].append(card)
    placed = []
    for card in new_goods:
        s.moving.remove(card)
        placed.append(game.goods_in(s, owner, card))  # logged; the Market's marker
    for card in placed:
        yield from game.emit(s, "goods_added", owner, card)


def _trim(
    game: GameAPI, s: IEState, owner: int, cards: list[int], limit: int, kind: DecisionKind
) -> Flow:
    """Sanitizer: the owner discards cards of his choice until `cards` fit the limit (asked
    as `kind`: the crew's or the goods')."""
    cards = cards[:]
    while len(cards) > limit:
        card = yield Decision(owner, kind, tuple(cards))
        cards.remove(card)
        s.moving.remove(card)
        game.to_discard(s, owner, card)
    return cards


# ---------------------------------------------------------------- rule modifiers


@power("3D Printers", on_fulfil=True)
def three_d_printers(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Following, the owner may play any card of his hand to declare the led action, which
    he still performs; leading, his cards count as usual (IE-KSB-1)."""
    set_mod(s, owner, "follow_any_card", True)
    return
    yield


@power("3D Printers", on_lose=True)
def three_d_printers_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    s.mods[owner].pop("follow_any_card", None)


@power("Aeroponics", on_fulfil=True, params={"containers_left": COUNT})
def aeroponics(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """A ship of the owner at sea left with `containers_left` container(s) comes home at once
    with it still loaded, in the middle of an action if need be: an import of 2 from such a
    ship of 2 takes 1 (IE-KSB-2). Ships already so come home as it is completed."""
    set_mod(s, owner, "sea_return_at", contract.params["containers_left"])
    for ship in s.ships_of(owner):
        yield from game.ship_home(s, ship)


@power("Aeroponics", on_lose=True)
def aeroponics_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    s.mods[owner].pop("sea_return_at", None)


@power("Neural Units", on_fulfil=True)
def neural_units(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The owner may follow any led action by playing a Load card (or a wildcard pair) and
    then performs Load actions only (with his Load crew), not the led action (IE-KSB-6)."""
    ways = frozenset(s.mods[owner].get("follow_as", frozenset()))
    set_mod(s, owner, "follow_as", ways | {NEURAL_FOLLOW})
    return
    yield


@power("Neural Units", on_lose=True)
def neural_units_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    ways = frozenset(s.mods[owner].get("follow_as", frozenset()))
    set_mod(s, owner, "follow_as", ways - {NEURAL_FOLLOW})


# ---------------------------------------------------------------- ongoing hooks


@power("Fixie Bikes", hook="load_action", params={"payment": PAY})
def fixie_bikes(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, loaded: tuple[int, ...]
) -> Flow:
    """`payment` for each container any player (the owner too) loads with a Load action:
    declared, or a power's Load action (Nanobots, AR Glasses); not a Pirate action's or a
    power's extra load (IE-KSB-4)."""
    game.gain(s, owner, contract.params["payment"] * len(loaded or ()))
    return
    yield


NANOBOTS_LOAD = KINDS.declare(
    "nanobots_load",
    "Nanobots: a free Load, or pass.",
)


@power("Nanobots", hook="cards_drawn", params={"free_loads": COUNT}, asks=(NANOBOTS_LOAD,))
def nanobots(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: None
) -> Flow:
    """Each time the owner draws cards (a Draw action or a power's draw), once they are in
    his hand, he may perform `free_loads` free Load action(s) if a hand card can be loaded;
    nobody follows it (FAQ: IE-KSB-5)."""
    if actor != owner:
        return
    for _ in range(contract.params["free_loads"]):
        if not game.load_options(s, owner, s.hands[owner]):
            return
        if (yield Decision(owner, NANOBOTS_LOAD, ("pass", "load"))) == "pass":
            return
        yield from game.load_action(s, owner)


OAT_MILK_TAKE = KINDS.declare(
    "oat_milk_take",
    "Oat Milk: take credits, draw, or pass (context: the loading player).",
)


@power(
    "Oat Milk",
    hook="container_loaded",
    params={"credits": PAY, "cards": COUNT},
    asks=(OAT_MILK_TAKE,),
)
def oat_milk(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, card: int
) -> Flow:
    """Whenever any player (the owner too) loads a container as agricultural onto his ship
    (any Load, a plunder, a power), the owner may take `credits` or draw `cards` (IE-KSB-7)."""
    if _loaded_as(s, card) != YELLOW:
        return
    p = contract.params
    choice = yield Decision(owner, OAT_MILK_TAKE, ("pass", "credits", "draw"), context=actor)
    if choice == "credits":
        game.gain(s, owner, p["credits"])
    elif choice == "draw":
        draw(game, s, owner, p["cards"])


def _loaded_as(s: IEState, card: int) -> int | None:
    """The colour a container just loaded counts as (None if it is on no ship)."""
    for ship in s.ships:
        if card in ship.cargo:
            return ship.cargo_colors[ship.cargo.index(card)]
    return None


@power("Segways", any_time="fulfilled")
def segways(
    game: GameAPI, s: IEState, owner: int, contract: Contract, moment: Moment
) -> list[tuple[str] | tuple[str, int, int]]:
    """Once completed, Segways may move to the owner's crew or goods, each only with room
    under its limit once Segways has left the completed contracts (FAQ), or be loaded as a
    container on a ship of his at port with a need it fits (not a Load action); at any
    time, in anyone's turn and "even at the end of the game", before scoring. Leaving
    lowers his limits; nothing is discarded for it (FAQ: IE-KSB-10)."""
    cid = contract.id
    fulfilled = s.fulfilled[owner]
    if cid not in fulfilled:
        return []  # a copy (Wind Turbines) has no card to move
    card = game.cards.card_of_contract[cid]
    at = fulfilled.index(cid)
    fulfilled.pop(at)  # the limits as they are once Segways has left
    uses: list[tuple[str] | tuple[str, int, int]] = []
    if len(s.crew[owner]) < game.crew_limit(s, owner):
        uses.append(("crew",))
    if game.goods_fit(s, owner, card):
        uses.append(("goods",))
    fulfilled.insert(at, cid)
    uses.extend(
        ("load", i, color)
        for i, ship in game.ships_in_port(s, owner)
        for color in dict.fromkeys(game.cards.colors[card])
        if color != GREY and game.fits(ship, color, s)
    )
    return uses


@power("Segways", use=True)
# args is Any: ("crew",), ("goods",) or ("load", ship, colour), told apart by args[0]
def segways_move(
    game: GameAPI, s: IEState, owner: int, contract: Contract, args: tuple[Any, ...], moment: Moment
) -> Flow:
    cid = contract.id
    card = game.cards.card_of_contract[cid]
    game.powers.lost(game, s, owner, cid)
    game.leave_fulfilled(s, owner, cid)
    if args[0] == "crew":
        game.to_crew(s, owner, card)
    elif args[0] == "goods":
        yield from add_goods(game, s, owner, card)
    else:
        _, i, color = args
        yield from game.load_container(s, owner, s.ships[i], card, color)
