"""Base-set ongoing powers: hooks on engine events while the card is fulfilled
(powers.EVENTS), and Bok Choy, whose power works from a ship's cargo.

A hook is a generator (game, state, owner, contract, actor, payload); numbers come from
`contract.params`.
"""

from __future__ import annotations

from itertools import combinations, product
from math import ceil
from typing import TYPE_CHECKING

from simulator.core.cards import Need
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import (
    BLACK,
    BLUE,
    GREEN,
    GREY,
    IMPORT,
    PIRATE,
    RED,
    YELLOW,
    Contract,
)
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers.common import (
    add_goods,
    draw,
    goods_of_type,
    goods_types,
    take_container,
    transfer,
)
from simulator.games.import_export.powers.framework import power
from simulator.games.import_export.powers.numbers import COUNT, PAY
from simulator.games.import_export.rule_book import MAX_PLAYERS, BaseRules
from simulator.games.import_export.sheet_rows import (
    SheetCards,
    SheetProblem,
    number,
    pips_text,
    resized_pips,
)
from simulator.games.import_export.state import IEState, Scoring, clockwise

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI
    from simulator.games.import_export.moments import Moment


SMALL_TANK_GIVE = KINDS.declare(
    "small_tank_give",
    "A Small Tank: the acting player gives the owner a card (context: owner).",
)


@power("A Small Tank", hook="contract_fulfilled", params={"cards": COUNT}, asks=(SMALL_TANK_GIVE,))
def a_small_tank(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, fulfilled: list[int]
) -> Flow:
    """Another player completing a contract gives the owner `cards` card(s) of his choice,
    per contract; with too few cards he gives nothing (FAQ: IE-POWER-18)."""
    if actor == owner:
        return
    k = contract.params["cards"]
    for _ in fulfilled:
        if len(s.hands[actor]) < k:
            return
        for _ in range(k):
            card = yield Decision(actor, SMALL_TANK_GIVE, tuple(s.hands[actor]), context=owner)
            s.hands[actor].remove(card)
            s.hands[owner].append(card)


@power("Bok Choy", on_cargo=True, params={"bonus": PAY})
def bok_choy(
    game: GameAPI,
    s: IEState,
    contract: Contract,
    card: int,
    ship: int,
    contracts: list[int],
    filled: int,
) -> Flow:
    """Bok Choy carried by a ship whose non-agricultural contract completes pays the ship's
    owner `bonus`: the contract it filled, or, left by a discarded contract, any completed
    one not agricultural (FAQ: IE-POWER-19)."""
    by_id = game.cards.contract_by_id
    targets = [contracts[filled]] if filled >= 0 else contracts
    if any(by_id[cid].color != YELLOW for cid in targets):
        game.gain(s, s.ships[ship].owner, contract.params["bonus"])
    return
    yield


def _consumer_good(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, card: int
) -> None:
    """`payment` if the good that joined `actor`'s goods counts as a consumer good there: a
    grey Capital good as his leftmost non-Capital good (none if he has none). Only the good
    that joined pays, not Capital goods it makes count as consumer goods (IE-CAP-26)."""
    color = game.color[card]
    if color == GREY:
        color = dict(goods_types(game, s, actor)).get(card, GREY)
    if color == BLACK:
        game.gain(s, owner, contract.params["payment"])


@power("Bubblegum", hook="goods_added", params={"payment": PAY})
def bubblegum(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, card: int
) -> Flow:
    """`payment` whenever a consumer good joins any player's goods, a grey Capital good
    counting as one included (IE-CAP-26)."""
    _consumer_good(game, s, owner, contract, actor, card)
    return
    yield


@power("Chapstick", hook="goods_added", params={"payment": PAY})
def chapstick(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, card: int
) -> Flow:
    """`payment` whenever a consumer good joins any player's goods, a grey Capital good
    counting as one included (IE-CAP-26)."""
    _consumer_good(game, s, owner, contract, actor, card)
    return
    yield


DRONES_DRAW = KINDS.declare(
    "drones_draw",
    "Drones: draw a card, or pass.",
)


@power("Drones", hook="contract_placed", params={"cards": COUNT}, asks=(DRONES_DRAW,))
def drones(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, placed: int
) -> Flow:
    """May draw `cards` for each contract one places (FAQ: IE-POWER-20)."""
    if actor != owner:
        return
    if (yield Decision(owner, DRONES_DRAW, ("draw", "pass"))) == "draw":
        draw(game, s, owner, contract.params["cards"])


@power("Helicopter", hook="contract_placed", params={"credits": PAY})
def helicopter(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, placed: int
) -> Flow:
    """Any luxury contract placed with a contract action sets `credits` aside for the owner,
    taken at the end (FAQ: IE-POWER-21); they do not count during the game."""
    if game.cards.contract_by_id[placed].color == BLUE:
        mods = s.mods[owner]
        mods["helicopter_credits"] = mods.get("helicopter_credits", 0) + contract.params["credits"]
    return
    yield


@power("Helicopter", end="game")
def helicopter_end(
    game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring
) -> None:
    scoring.final[owner] += s.mods[owner].get("helicopter_credits", 0)


@power("Laptops", hook="ship_completed", params={"cards": COUNT})
def laptops(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, list[int], list[int]],
) -> Flow:
    """Draw `cards` for each contract one completes with a tech container on it: one it
    filled, or one left on the ship by a discarded contract (IE-POWER-22)."""
    if actor != owner:
        return
    index, contracts, filled = payload
    colors = s.ships[index].cargo_colors
    for k in range(len(contracts)):
        if any(colors[j] == GREEN and filled[j] in (k, -1) for j in range(len(colors))):
            draw(game, s, owner, contract.params["cards"])
    return
    yield


@power(
    "Mouthwash",
    hook="contract_fulfilled",
    params={"payment": PAY},
    own_color=(BLACK, "pays for each 'Consumer Contract after this one'"),
)
def mouthwash(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, fulfilled: list[int]
) -> Flow:
    """`payment` for each consumer contract one completes after Mouthwash (not itself)."""
    if actor != owner:
        return
    by_id = game.cards.contract_by_id
    for cid in fulfilled:
        if cid != contract.id and by_id[cid].color == BLACK:
            game.gain(s, owner, contract.params["payment"])
    return
    yield


@power("Pistols", hook="contract_fulfilled", params={"payment": PAY})
def pistols(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, fulfilled: list[int]
) -> Flow:
    """Another player completing an illegal contract pays the owner `payment` (if he can)."""
    if actor == owner:
        return
    by_id = game.cards.contract_by_id
    for cid in fulfilled:
        if by_id[cid].color == RED:
            transfer(game, s, actor, owner, contract.params["payment"])
    return
    yield


@power("Rare Metals", hook="contract_fulfilled", params={"bonus": PAY})
def rare_metals(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, fulfilled: list[int]
) -> Flow:
    """`bonus` when one ship of the owner completes a tech and a consumer contract together."""
    if actor != owner:
        return
    colors = {game.cards.contract_by_id[cid].color for cid in fulfilled}
    if GREEN in colors and BLACK in colors:
        game.gain(s, owner, contract.params["bonus"])
    return
    yield


SHOES_DRAW = KINDS.declare(
    "shoes_draw",
    "Shoes: draw a card, or pass.",
)


@power("Shoes", hook="contract_fulfilled", params={"cards": COUNT}, asks=(SHOES_DRAW,))
def shoes(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, fulfilled: list[int]
) -> Flow:
    """May draw `cards` each time any contract is completed (Shoes included)."""
    for _ in fulfilled:
        if (yield Decision(owner, SHOES_DRAW, ("draw", "pass"))) == "draw":
            draw(game, s, owner, contract.params["cards"])


@power("Sugar", hook="contract_placed", params={"payment": PAY})
def sugar(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, placed: int
) -> Flow:
    """`payment` when one places an agricultural contract."""
    if actor == owner and game.cards.contract_by_id[placed].color == YELLOW:
        game.gain(s, owner, contract.params["payment"])
    return
    yield


# ---------------------------------------------------------------- turn, import, pirate, load


@power(
    "Books",
    hook="action_declared",
    params={
        "min_followers": Need(
            1,
            MAX_PLAYERS - 1,
            why=f"other players who follow (a game has at most {MAX_PLAYERS - 1})",
        ),
        "payment": PAY,
        "max_per_turn": PAY,
    },
)
def books(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, tuple[int, ...], tuple[int, ...]],
) -> Flow:
    """Leading an Import that at least `min_followers` player(s) follow by playing a card
    pays `payment`, at most `max_per_turn` a turn (IE-POWER-25)."""
    action, followers, _ = payload
    p = contract.params
    if actor == owner and action == IMPORT and len(followers) >= p["min_followers"]:
        game.gain(s, owner, min(p["payment"], p["max_per_turn"]))
    return
    yield


@power("Cannabis", hook="imported", params={"payment": PAY})
def cannabis(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int | None, list[tuple[int, int]]],
) -> Flow:
    """Another player taking red containers in an import round pays the owner `payment`
    once for that round (IE-POWER-31)."""
    _, taken = payload
    if actor != owner and any(color == RED for _, color in taken):
        transfer(game, s, actor, owner, contract.params["payment"])
    return
    yield


PROTRACTORS_TAKE = KINDS.declare(
    "protractors_take",
    "Protractors: take the container, or pass (context: the ship).",
)


@power("Protractors", hook="imported", params={"containers": COUNT}, asks=(PROTRACTORS_TAKE,))
def protractors(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int | None, list[tuple[int, int]]],
) -> Flow:
    """After another player's import round, if the ship keeps containers, the owner may
    import `containers` of them for free; its owner is not paid (IE-POWER-30)."""
    index, _ = payload
    if index is None:  # from the supply island (Dark Flight), not a ship at sea
        return
    ship = s.ships[index]
    if actor == owner or not ship.at_sea or not ship.cargo:
        return
    if (yield Decision(owner, PROTRACTORS_TAKE, ("take", "pass"), context=index)) == "take":
        yield from game.take_from_ship(s, owner, ship, contract.params["containers"])


@power("Poison Bottles", hook="plundered", params={"payment": PAY, "uses_per_turn": COUNT})
def poison_bottles(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, int, str],
) -> Flow:
    """Another player's Pirate action pays the owner `payment`, once per player per turn
    (`uses_per_turn`; IE-POWER-26)."""
    if actor == owner:
        return
    turn, paid = s.mods[owner].get("poison_bottles", (-1, ()))
    if turn != s.turn:
        paid = ()
    if paid.count(actor) < contract.params["uses_per_turn"]:
        transfer(game, s, actor, owner, contract.params["payment"])
        s.mods[owner]["poison_bottles"] = (s.turn, (*paid, actor))
    return
    yield


@power("Stolen Rice", hook="plundered", params={"payment": PAY})
def stolen_rice(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, int, str],
) -> Flow:
    """`payment` each time the owner plunders an agricultural container."""
    _, color, _ = payload
    if actor == owner and color == YELLOW:
        game.gain(s, owner, contract.params["payment"])
    return
    yield


@power("Stolen Tires", hook="plundered", params={"cards": COUNT})
def stolen_tires(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, int, str],
) -> Flow:
    """Each card the owner takes with a Pirate action: draw `cards`, then the next deck card
    goes to the supply island."""
    if actor != owner:
        return
    draw(game, s, owner, contract.params["cards"])
    card = game.deck_pop(s)
    if card is not None:
        s.island.append(card)
    return
    yield


JETS_TAKE = KINDS.declare(
    "jets_take",
    "Jets: which container of the ship to take, or pass (context: the ship).",
)


@power("Jets", hook="ship_completed", params={"containers": COUNT}, asks=(JETS_TAKE,))
def jets(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, list[int], list[int]],
) -> Flow:
    """Completing a ship, the owner may put `containers` of its containers into his goods
    (within the limit; IE-POWER-28)."""
    index = payload[0]
    ship = s.ships[index]
    if actor != owner:
        return
    for _ in range(contract.params["containers"]):
        if not ship.cargo:
            break
        card = yield Decision(owner, JETS_TAKE, ("pass", *ship.cargo), context=index)
        if card == "pass":
            break
        good = yield from take_container(game, s, ship, card)
        if good is not None:
            yield from add_goods(game, s, owner, good)


FLASH_DRIVES_TAKE = KINDS.declare(
    "flash_drives_take",
    "Flash Drives: which container to take, or pass (context: the ship).",
)


@power(
    "Flash Drives",
    hook="ship_completed",
    params={"containers_per_ship": COUNT},
    asks=(FLASH_DRIVES_TAKE,),
)
def flash_drives(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, list[int], list[int]],
) -> Flow:
    """Completing a ship, after the payout, the owner may take `containers_per_ship` of its
    containers into his hand (IE-POWER-28)."""
    index = payload[0]
    ship = s.ships[index]
    if actor != owner:
        return
    for _ in range(contract.params["containers_per_ship"]):
        if not ship.cargo:
            break
        card = yield Decision(owner, FLASH_DRIVES_TAKE, ("pass", *ship.cargo), context=index)
        if card == "pass":
            break
        taken = yield from take_container(game, s, ship, card)
        if taken is not None:
            s.hands[owner].append(taken)


PAPER_IMPORT = KINDS.declare(
    "paper_import",
    "Paper: import from which ship, or pass.",
)


@power(
    "Paper",
    hook="contract_fulfilled",
    params={"containers": COUNT},
    own_color=(BLACK, "imports for each Consumer Contract completed 'including this one'"),
    asks=(PAPER_IMPORT,),
)
def paper(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, fulfilled: list[int]
) -> Flow:
    """Each consumer contract the owner completes (Paper included) lets him import
    `containers` from a ship at sea into goods or crew, with no payment to its owner
    (IE-POWER-29)."""
    if actor != owner:
        return
    by_id = game.cards.contract_by_id
    for cid in fulfilled:
        if by_id[cid].color != BLACK:
            continue
        ships = tuple(i for i, ship in enumerate(s.ships) if ship.at_sea and ship.cargo)
        if not ships:
            return
        index = yield Decision(owner, PAPER_IMPORT, ("pass", *ships))
        if index == "pass":
            continue
        yield from game.take_from_ship(s, owner, s.ships[index], contract.params["containers"])
        yield from game.ship_home(s, s.ships[index])


SATELLITE_USE = KINDS.declare(
    "satellite_use",
    "Satellite: draw and load when a ship completes, or pass.",
)


@power(
    "Satellite",
    hook="ship_completed",
    params={"cards": COUNT, "containers": COUNT},
    asks=(SATELLITE_USE,),
)
def satellite(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, list[int], list[int]],
) -> Flow:
    """Each ship that completes (anyone's) lets the owner draw `cards` and then load
    `containers` from his hand, if he can (IE-POWER-28)."""
    if (yield Decision(owner, SATELLITE_USE, ("use", "pass"))) == "pass":
        return
    draw(game, s, owner, contract.params["cards"])
    for _ in range(contract.params["containers"]):
        yield from game.load_from_hand(s, s.rng, owner)


BATTERIES_USE = KINDS.declare(
    "batteries_use",
    "Batteries: load one more card, or pass.",
)


@power(
    "Batteries",
    hook="load_action",
    params={"cost": PAY, "extra_containers": COUNT, "uses_per_turn": COUNT},
    asks=(BATTERIES_USE,),
)
def batteries(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: tuple[int, ...]
) -> Flow:
    """After a Load action the owner may pay `cost` to load `extra_containers` more, once a
    turn (`uses_per_turn`)."""
    p = contract.params
    if actor != owner or s.credits[owner] < p["cost"]:
        return
    turn, used = s.mods[owner].get("batteries", (-1, 0))
    used = used if turn == s.turn else 0
    if used >= p["uses_per_turn"] or not game.load_options(s, owner, s.hands[owner]):
        return
    if (yield Decision(owner, BATTERIES_USE, ("load", "pass"))) == "pass":
        return
    s.mods[owner]["batteries"] = (s.turn, used + 1)
    game.pay(s, owner, p["cost"])
    for _ in range(p["extra_containers"]):
        yield from game.load_from_hand(s, s.rng, owner)


ROPE_SWAP = KINDS.declare(
    "rope_swap",
    "Rope: swap a hand card with an island card, or pass.",
)


@power("Rope", hook="turn_started", params={"uses_per_turn": COUNT}, asks=(ROPE_SWAP,))
def rope(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: None
) -> Flow:
    """Leading, before declaring, the owner may swap a hand card with an island card,
    `uses_per_turn` a turn (FAQ: IE-POWER-27)."""
    if actor != owner:
        return
    for _ in range(contract.params["uses_per_turn"]):
        if not s.island or not s.hands[owner]:
            return
        swaps = tuple(("swap", i, h) for i in s.island for h in s.hands[owner])
        choice = yield Decision(owner, ROPE_SWAP, ("pass", *swaps))
        if choice == "pass":
            return
        _, island_card, hand_card = choice
        s.island.remove(island_card)
        s.hands[owner].remove(hand_card)
        s.island.append(hand_card)
        s.hands[owner].append(island_card)


LED_LIGHTS_SWAP = KINDS.declare(
    "led_lights_swap",
    "LED Lights: hand cards to the island for island cards, or pass.",
)


@power(
    "LED Lights",
    hook="turn_started",
    params={"cards_given": COUNT, "cards_taken": COUNT},
    asks=(LED_LIGHTS_SWAP,),
)
def led_lights(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: None
) -> Flow:
    """On his turn (leading, before declaring) the owner may give `cards_given` hand cards
    to the island for `cards_taken` island card(s), once (IE-POWER-27)."""
    p = contract.params
    if actor != owner or len(s.hands[owner]) < p["cards_given"] or not s.island:
        return
    given = combinations(sorted(s.hands[owner]), p["cards_given"])
    wanted = combinations(sorted(s.island), min(p["cards_taken"], len(s.island)))
    swaps = tuple(product(given, wanted))
    choice = yield Decision(owner, LED_LIGHTS_SWAP, ("pass", *swaps))
    if choice == "pass":
        return
    out, into = choice
    for card in out:
        s.hands[owner].remove(card)
    for card in into:
        s.island.remove(card)
        s.hands[owner].append(card)
    s.island.extend(out)


CONTRABAND_USE = KINDS.declare(
    "contraband_use",
    "Contraband: an extra plunder, or pass.",
)


@power(
    "Contraband",
    hook="plundered",
    params={"extra_containers": COUNT, "uses_per_turn": COUNT},
    asks=(CONTRABAND_USE,),
)
def contraband(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, int, str],
) -> Flow:
    """After one's Pirate action, `extra_containers` more from a ship at sea, once a turn
    (`uses_per_turn`)."""
    p = contract.params
    if actor != owner:
        return
    turn, used = s.mods[owner].get("contraband", (-1, 0))
    used = used if turn == s.turn else 0
    if used >= p["uses_per_turn"]:
        return
    if not any(ship.at_sea and ship.cargo for ship in s.ships):
        return
    if (yield Decision(owner, CONTRABAND_USE, ("pirate", "pass"))) == "pass":
        return
    s.mods[owner]["contraband"] = (s.turn, used + 1)
    for _ in range(p["extra_containers"]):
        yield from game.pirate(s, s.rng, owner, ships_only=True)


LUMBER_DRAW = KINDS.declare(
    "lumber_draw",
    "Lumber: draw a card, or pass (context: the acting player).",
)


@power("Lumber", hook="draw_action", asks=(LUMBER_DRAW,))
def lumber(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: None
) -> Flow:
    """Another player's Draw action lets the owner perform one too (IE-POWER-37)."""
    if actor == owner:
        return
    if (yield Decision(owner, LUMBER_DRAW, ("draw", "pass"), context=actor)) == "draw":
        game.draw_up(s, s.rng, owner)


CHAIRS_DISCARD = KINDS.declare(
    "chairs_discard",
    "Chairs: discard a hand card, or pass (context: the acting player).",
)


@power("Chairs", hook="draw_action", params={"cards": COUNT}, asks=(CHAIRS_DISCARD,))
def chairs(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: None
) -> Flow:
    """Another player's Draw action lets the owner discard `cards` hand card(s)."""
    if actor == owner:
        return
    for _ in range(contract.params["cards"]):
        if not s.hands[owner]:
            return
        card = yield Decision(owner, CHAIRS_DISCARD, ("pass", *s.hands[owner]), context=actor)
        if card == "pass":
            return
        s.hands[owner].remove(card)
        s.discard.append(card)
        s.log[owner]["discarded"].append(card)


@power("Telescopes", any_time="fulfilled", params={"price": PAY})
def telescopes(
    game: GameAPI, s: IEState, owner: int, contract: Contract, moment: Moment
) -> list[tuple[int]]:
    """At any time, in any turn and before the end-game bonuses, the owner may sell a tech
    good (a Capital good counting as tech too: IE-CAP-26) to the bank for `price`
    (IE-POWER-38); what the goods count as is read afresh at each window."""
    return [(c,) for c in goods_of_type(game, s, owner, GREEN)]


@power("Telescopes", use=True)
def telescopes_sell(
    game: GameAPI, s: IEState, owner: int, contract: Contract, args: tuple[int], moment: Moment
) -> Flow:
    (card,) = args
    s.goods[owner].remove(card)
    game.to_discard(s, owner, card)  # a physical container to the reserve (IE-VAR-7)
    game.gain(s, owner, contract.params["price"])
    return
    yield


def _yogurt(game: GameAPI, s: IEState, contract: Contract, player: int) -> None:
    p = contract.params
    draw(game, s, player, p["cards_self"])
    for k in range(1, s.n):
        draw(game, s, (player + k) % s.n, p["cards_others"])


@power("Yogurt", card_hook="container_loaded", params={"cards_self": COUNT, "cards_others": COUNT})
def yogurt_loaded(
    game: GameAPI, s: IEState, contract: Contract, card: int, actor: int, payload: int
) -> Flow:
    """Whoever loads the Yogurt card draws `cards_self`, then every other player, clockwise,
    draws `cards_others` (FAQ: the physical card; IE-POWER-42)."""
    _yogurt(game, s, contract, actor)
    return
    yield


@power("Yogurt", card_hook="plundered")
def yogurt_plundered(
    game: GameAPI,
    s: IEState,
    contract: Contract,
    card: int,
    actor: int,
    payload: tuple[int, int, str],
) -> Flow:
    """Plundering Yogurt works the same, once: a plunder that loads it counted already."""
    if not any(card in ship.cargo for ship in s.ships):
        _yogurt(game, s, contract, actor)
    return
    yield


@power(
    "Lutefisk",
    any_time="hand",
    own_level="'... and you meet the Level Requirement, you may add it as a Contract'",
)
def lutefisk(
    game: GameAPI, s: IEState, holder: int, contract: Contract, moment: Moment
) -> list[tuple[int]]:
    """From the hand, with its level met, Lutefisk may be placed on a valid ship at its
    holder's port without a contract action, at any time, in anyone's turn (FAQ:
    IE-POWER-43): one use per ship that can hold it."""
    if game.missing_levels(s, holder, contract.id):
        return []
    return [
        (i,) for i, ship in game.ships_in_port(s, holder) if game.can_hold(ship, contract.id, s)
    ]


@power("Lutefisk", use=True)
def lutefisk_place(
    game: GameAPI, s: IEState, holder: int, contract: Contract, args: tuple[int], moment: Moment
) -> Flow:
    card = game.cards.card_of_contract[contract.id]
    yield from game.place_contract(s, holder, card, contract.id, args[0])


def flour_cargo(sc: SheetCards) -> list[SheetProblem]:
    """Flour's cargo holds at least the `containers` its power loads at once.

    The power: "have 4 other valid Containers in your hand to load onto this Flour Contract
    ... load all 4 Containers at once" (IE-POWER-44). The 4 go onto Flour itself, so a Flour
    needing fewer than 4 containers can never take them: the power could not be used as
    printed. A contract holds at most a ship's capacity, so `containers` is at most that."""
    flour = sc.contract("Flour")
    if flour is None:
        return []
    need = number(flour.params, "containers")
    if need is None or need < 1:
        return []  # param_ranges reports it
    capacity = BaseRules().ship_capacity
    if need > capacity:
        return [
            sc.problem(
                "flour_cargo",
                "Flour",
                "params",
                f"loads more containers at once than one contract can hold (a ship carries "
                f"{capacity})",
                f"containers at most {capacity}",
                f"containers={need}",
            )
        ]
    if flour.cargo_total >= need:
        return []
    return [
        sc.problem(
            "flour_cargo",
            "Flour",
            "cargo",
            f"needs {flour.cargo_total} containers, but its power loads containers={need} at "
            f"once onto this Flour contract",
            f"at least {need} containers, e.g. {pips_text(resized_pips(flour.cargo, ceil(need)))}",
        )
    ]


FLOUR_LOAD = KINDS.declare(
    "flour_load",
    "Flour: load its containers at once, or pass.",
)
FLOUR_CONTAINER = KINDS.declare(
    "flour_container",
    "Flour: which hand cards go on at once as its containers.",
)


@power(
    "Flour",
    card_hook="contract_placed",
    params={"containers": COUNT},
    own_level="'If you meet the Level Requirement ...'",
    checks=(flour_cargo,),
    asks=(FLOUR_LOAD, FLOUR_CONTAINER),
)
def flour(
    game: GameAPI, s: IEState, contract: Contract, card: int, actor: int, payload: int
) -> Flow:
    """Placing Flour with its level met and `containers` valid containers in hand, one may
    load them all at once (IE-POWER-44)."""
    need = contract.params["containers"]
    if game.missing_levels(s, actor, contract.id):
        return
    index = next(i for i, ship in enumerate(s.ships) if contract.id in ship.contracts)
    ship = s.ships[index]
    valid = [o for o in game.load_options(s, actor, s.hands[actor]) if o[1] == index]
    if len({o[0] for o in valid}) < need:
        return
    if (yield Decision(actor, FLOUR_LOAD, ("pass", "load"))) == "pass":
        return
    for _ in range(need):
        options = tuple(o for o in game.load_options(s, actor, s.hands[actor]) if o[1] == index)
        if not options or ship.at_sea:
            return
        loaded, _, color = yield Decision(actor, FLOUR_CONTAINER, options)
        if len(game.cards.colors[loaded]) > 1:
            game.pay(s, actor, game.rules.flag_load_cost)
        s.hands[actor].remove(loaded)
        yield from game.load_container(s, actor, ship, loaded, color)


SHOTGUNS_PAY = KINDS.declare(
    "shotguns_pay",
    "Shotguns: pay the owner, or give a card (context: the owner).",
)
SHOTGUNS_CARD = KINDS.declare(
    "shotguns_card",
    "Shotguns: which hand card to give (context: the owner).",
)


@power(
    "Shotguns",
    hook="action_declared",
    params={"credits": PAY, "cards": COUNT},
    asks=(SHOTGUNS_PAY, SHOTGUNS_CARD),
)
def shotguns_declared(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, tuple[int, ...], tuple[int, ...]],
) -> Flow:
    """Note, for this turn, who performs Pirate actions before the owner (IE-POWER-45)."""
    action, _, declared = payload
    s.mods[owner].pop("shotguns", None)
    if action != PIRATE or not declared[owner]:
        return
    order = clockwise(actor, s.n)
    before = tuple(q for q in order[: order.index(owner)] if declared[q])
    if before:
        s.mods[owner]["shotguns"] = (s.turn, before)
    return
    yield


@power("Shotguns", hook="plundered")
def shotguns(
    game: GameAPI,
    s: IEState,
    owner: int,
    contract: Contract,
    actor: int,
    payload: tuple[int, int, str],
) -> Flow:
    """Each player performing Pirate actions before the owner this turn gives him `credits`
    credits or `cards` hand cards, his choice, once; unable to give either, nothing."""
    turn, before = s.mods[owner].get("shotguns", (-1, ()))
    if turn != s.turn or actor not in before:
        return
    s.mods[owner]["shotguns"] = (turn, tuple(q for q in before if q != actor))
    p = contract.params
    options = []
    if s.credits[actor] >= p["credits"]:
        options.append("credits")
    if len(s.hands[actor]) >= p["cards"]:
        options.append("cards")
    if not options:
        return
    choice = yield Decision(actor, SHOTGUNS_PAY, tuple(options), context=owner)
    if choice == "credits":
        transfer(game, s, actor, owner, p["credits"])
        return
    for _ in range(p["cards"]):
        card = yield Decision(actor, SHOTGUNS_CARD, tuple(s.hands[actor]), context=owner)
        s.hands[actor].remove(card)
        s.hands[owner].append(card)
