"""Tokyo powers. One function per card, named after it; numbers from the card sheet.

The Tokyo Port itself (columns by level, contracting from it) is in rules.py: `port_column`,
`port_cost`, `port_contract_options` (IE-TOKYO-1 to IE-TOKYO-5). When the Port is not in
play (`--rule tokyo_port=false`), the powers naming it use the Supply Island, as the FAQ on
Ramen rules (IE-TOKYO-5). Rulings in docs/rulings.md, section "Tokyo rules and powers".
Sources: the rulebook's card list (seed 000, lines 421-641) and its FAQ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import BLACK, BLUE, GREEN, RED, YELLOW, Contract
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers.common import add_to_mod, draw, set_mod
from simulator.games.import_export.powers.framework import Reach, power
from simulator.games.import_export.powers.numbers import COUNT, GROUP, PAY
from simulator.games.import_export.rule_book import BaseRules
from simulator.games.import_export.sheet_rows import (
    SheetCards,
    SheetProblem,
    number,
)
from simulator.games.import_export.state import IEState

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI
    from simulator.games.import_export.moments import Moment

# ---------------------------------------------------------------- immediate powers


SPACECRAFT_PLACE = KINDS.declare(
    "spacecraft_place",
    "Spacecraft: which Tokyo Port card to place as a free contract, and where.",
)


@power("Spacecraft", on_fulfil=True, asks=(SPACECRAFT_PLACE,))
def spacecraft(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """With a ship at his port able to take one, the owner must place a Tokyo Port (or
    Supply Island) card whose level he meets as a contract, free; the ship completing
    Spacecraft cannot take it (IE-TOKYO-10)."""
    options = game.contract_options(s, owner, 1, 1, list(s.island))
    if not options:
        return
    card, cid, i = yield Decision(owner, SPACECRAFT_PLACE, tuple(options))
    yield from game.place_contract(s, owner, card, cid, i, source=s.island)


def squid_jerky_column(sc: SheetCards) -> list[SheetProblem]:
    """Squid Jerky's `column_cost` names a Tokyo Port column: the power takes a card "from
    the 2-credit column", and the Port's columns cost `BaseRules.tokyo_column_costs`
    (IE-TOKYO-2, IE-TOKYO-11); another number matches no column and the power never works."""
    jerky = sc.contract("Squid Jerky")
    if jerky is None:
        return []
    costs = BaseRules().tokyo_column_costs
    cost = number(jerky.params, "column_cost")
    if cost is None or cost in costs:
        return []
    return [
        sc.problem(
            "squid_jerky_column",
            "Squid Jerky",
            "params",
            "is the cost of no Tokyo Port column: the power never finds a card to take",
            f"column_cost one of {', '.join(map(str, costs))}",
            f"column_cost={cost}",
        )
    ]


SQUID_JERKY_TAKE = KINDS.declare(
    "squid_jerky_take",
    "Squid Jerky: which card of its Port column joins the completed contracts.",
)


@power(
    "Squid Jerky",
    on_fulfil=True,
    params={"column_cost": PAY},
    copy_does_nothing=True,
    checks=(squid_jerky_column,),
    asks=(SQUID_JERKY_TAKE,),
)
def squid_jerky(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Squid Jerky goes to the Tokyo Port and a different card of the `column_cost`-credit
    column joins the owner's completed contracts, its own power resolving; with none there
    (or no Port: IE-TOKYO-5) Squid Jerky stays completed (IE-TOKYO-11)."""
    if not game.tokyo_port or contract.id not in s.fulfilled[owner]:
        return
    costs = game.rules.tokyo_column_costs
    wanted = contract.params["column_cost"]
    options = tuple(
        (card, c.id)
        for card in s.island
        if costs[game.port_column(card)] == wanted
        for c in game.cards.contracts[card]
    )
    if not options:
        return
    card, cid = yield Decision(owner, SQUID_JERKY_TAKE, options)
    game.leave_fulfilled(s, owner, contract.id)
    s.island.remove(card)
    s.island.append(game.cards.card_of_contract[contract.id])
    s.fulfilled[owner].append(cid)
    s.log[owner]["fulfilled"].append(cid)
    yield from game.powers.fulfilled(game, s, owner, cid)


@power("Yakuza Art", on_fulfil=True, params={"cards": COUNT, "credits": PAY})
def yakuza_art(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """With a consumer good, draw `cards`; with a tech good, take `credits`; both if both."""
    if game.goods_count(s, owner, BLACK):
        draw(game, s, owner, contract.params["cards"])
    if game.goods_count(s, owner, GREEN):
        game.gain(s, owner, contract.params["credits"])
    return
    yield


# ---------------------------------------------------------------- rule modifiers


HENTAI_MANGA_PLACE = KINDS.declare(
    "hentai_manga_place",
    "Hentai Manga: the completed contract to fulfilled, crew or goods (context: the contract).",
)


@power(
    "Hentai Manga",
    on_fulfil=True,
    own_color=(RED, "works on each 'Illegal Contract (after this one)'"),
    asks=(HENTAI_MANGA_PLACE,),
)
def hentai_manga(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Each illegal contract the owner completes afterwards may go to his crew or goods
    instead of his completed contracts (rules._tuck_elsewhere; FAQ: IE-TOKYO-6)."""
    add_to_mod(s, owner, "tuck_elsewhere", RED)
    return
    yield


@power("Hentai Manga", on_lose=True)
def hentai_manga_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    s.mods[owner]["tuck_elsewhere"] = frozenset(s.mods[owner].get("tuck_elsewhere", ())) - {RED}


JIDOHANBAIKI_USE = KINDS.declare(
    "jidohanbaiki_use",
    "A leader drawing with Jidohanbaiki: draw, or take its credits.",
)


@power("Jidohanbaiki", on_fulfil=True, params={"credits": PAY}, asks=(JIDOHANBAIKI_USE,))
def jidohanbaiki(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Leading, the owner may declare a Draw action and take `credits` instead of drawing
    (rules._draw_action; IE-TOKYO-7)."""
    set_mod(s, owner, "lead_draw_credits", contract.params["credits"])
    return
    yield


@power("Jidohanbaiki", on_lose=True)
def jidohanbaiki_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    s.mods[owner].pop("lead_draw_credits", None)


@power("Toto Toilets", on_fulfil=True)
def toto_toilets(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The owner's Contract actions place Tokyo Port cards without paying (without the Port,
    Supply Island cards: rules.port_cost; IE-TOKYO-12)."""
    set_mod(s, owner, "port_contract_free", True)
    return
    yield


@power("Toto Toilets", on_lose=True)
def toto_toilets_lost(game: GameAPI, s: IEState, owner: int, contract: Contract) -> None:
    s.mods[owner].pop("port_contract_free", None)


# ---------------------------------------------------------------- ongoing hooks


PLAYSTATIONS_LOAD = KINDS.declare(
    "playstations_load",
    "PlayStations: an extra load from the hand after a Load, or pass.",
)


@power(
    "PlayStations",
    hook="load_action",
    params={"tech_goods_per_extra": GROUP, "extra_containers": COUNT},
    reaches={"tech_goods_per_extra": Reach((GREEN,))},
    asks=(PLAYSTATIONS_LOAD,),
)
def playstations(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: tuple[int, ...]
) -> Flow:
    """After each of his Load actions the owner may load one extra container from his hand
    per `tech_goods_per_extra` tech goods (`extra_containers` each; IE-TOKYO-8)."""
    if actor != owner:
        return
    p = contract.params
    extra = game.goods_count(s, owner, GREEN) // p["tech_goods_per_extra"] * p["extra_containers"]
    for _ in range(extra):
        options = game.load_options(s, owner, s.hands[owner])
        if not options:
            return
        choice = yield Decision(owner, PLAYSTATIONS_LOAD, ("pass", *options))
        if choice == "pass":
            return
        card, i, color = choice
        if len(game.cards.colors[card]) > 1:
            game.pay(s, owner, game.rules.flag_load_cost)
        s.hands[owner].remove(card)
        yield from game.load_container(s, owner, s.ships[i], card, color)


def _ramen_take(game: GameAPI, s: IEState, owner: int) -> Flow:
    for card in [c for c in s.island if game.color[c] == YELLOW]:
        if not game.goods_fit(s, owner, card):
            return
        s.island.remove(card)
        yield from game.to_goods(s, owner, card)


@power("Ramen", on_fulfil=True)
def ramen(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The agricultural cards on the Tokyo Port (or Supply Island: FAQ, IE-TOKYO-5) join the
    owner's goods, within his limit, oldest first; an ongoing power, applied on completion
    and again at the end of every turn (IE-TOKYO-9)."""
    yield from _ramen_take(game, s, owner)


@power("Ramen", hook="turn_ended")
def ramen_turn_ended(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: None
) -> Flow:
    yield from _ramen_take(game, s, owner)


@power("Toyota", hook="ship_returned", params={"cards": COUNT})
def toyota(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, index: int
) -> Flow:
    """Each time one of the owner's ships returns to his port, he draws `cards`
    (IE-TOKYO-13)."""
    if actor == owner:
        draw(game, s, owner, contract.params["cards"])
    return
    yield


@power("Tsukiji Fish", any_time="fulfilled", own_turn=True)
def tsukiji_fish(
    game: GameAPI, s: IEState, owner: int, contract: Contract, moment: Moment
) -> list[tuple[int, int, int]]:
    """At any moment of his own turn (its start, after each choice, before each action, at
    its end) the owner may place luxury and agricultural contracts from his hand, their
    level met, as many as he likes, without an action: one use a placement (IE-TOKYO-14)."""
    by_id = game.cards.contract_by_id
    return [o for o in game.contract_options(s, owner, 1, 1) if by_id[o[1]].color in (BLUE, YELLOW)]


@power("Tsukiji Fish", use=True)
def tsukiji_fish_place(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    args: tuple[int, int, int],
    moment: Moment,
) -> Flow:
    card, cid, i = args
    yield from game.place_contract(s, owner, card, cid, i)
