"""Base-set immediate powers: run once, when the contract is fulfilled (IE-FULFIL-1).

Each is a generator (game, state, owner, contract); every choice is a Decision; numbers come
from `contract.params`. Sources: the rulebook's card list (seed 000, lines ~289-647).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.cards import Need
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import BLACK, BLUE, GREEN, GREY, RED, YELLOW, Contract
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers.common import (
    add_goods,
    draw,
    fulfilled_to_goods,
    good_types,
    goods_of_type,
    other_players,
    transfer,
)
from simulator.games.import_export.powers.framework import Reach, Restated, power
from simulator.games.import_export.powers.numbers import COUNT, LIMIT, PAY
from simulator.games.import_export.sheet_rows import (
    SheetCards,
    SheetProblem,
    number,
)
from simulator.games.import_export.state import GameOver, IEState

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI


@power(
    "Ammunition",
    on_fulfil=True,
    params={"min_illegal_goods": COUNT, "payment": PAY},
    reaches={"min_illegal_goods": Reach((RED,))},
)
def ammunition(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every other player with at least `min_illegal_goods` illegal goods pays `payment`."""
    p = contract.params
    for q in other_players(s, owner):
        if game.goods_count(s, q, RED) >= p["min_illegal_goods"]:
            transfer(game, s, q, owner, p["payment"])
    return
    yield


ANTIQUITIES_TAKE = KINDS.declare(
    "antiquities_take",
    "Antiquities: which illegal card of the deck to take.",
)


@power("Antiquities", on_fulfil=True, params={"cards": COUNT}, asks=(ANTIQUITIES_TAKE,))
def antiquities(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Take `cards` illegal card(s) of one's choice from the deck, then shuffle it."""
    for _ in range(contract.params["cards"]):
        options = tuple(c for c in s.deck if game.color[c] == RED)
        if not options:
            break
        card = yield Decision(owner, ANTIQUITIES_TAKE, options)
        s.deck.remove(card)
        s.hands[owner].append(card)
        s.log[owner]["drawn"].append(card)
    s.rng.shuffle(s.deck)


APPLES_CHOICE = KINDS.declare(
    "apples_choice",
    "Apples: which agricultural hand card to add to the fulfilled contracts (one must be added: "
    "IE-POWER-12).",
)


@power("Apples", on_fulfil=True, params={"cards": COUNT}, asks=(APPLES_CHOICE,))
def apples(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Add agricultural card(s) from the hand to one's fulfilled contracts, with no level
    requirement, and resolve their power as if just fulfilled (IE-POWER-12)."""
    for _ in range(contract.params["cards"]):
        options = tuple(
            (card, c.id)
            for card in s.hands[owner]
            for c in game.cards.contracts[card]
            if c.color == YELLOW
        )
        if not options:
            return
        card, cid = yield Decision(owner, APPLES_CHOICE, options)
        s.hands[owner].remove(card)
        s.fulfilled[owner].append(cid)
        s.log[owner]["fulfilled"].append(cid)
        yield from game.powers.fulfilled(game, s, owner, cid)


BEER_CHOICE = KINDS.declare(
    "beer_choice",
    "Beer: the drawn card to the island, or keep it.",
)


@power("Beer", on_fulfil=True, params={"payment": PAY}, copy_does_nothing=True, asks=(BEER_CHOICE,))
def beer(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Keep Beer fulfilled, or put it on the supply island for `payment` credits."""
    choice = yield Decision(owner, BEER_CHOICE, ("island", "keep"))
    if choice == "island" and contract.id in s.fulfilled[owner]:
        game.leave_fulfilled(s, owner, contract.id)
        s.island.append(game.cards.card_of_contract[contract.id])
        game.gain(s, owner, contract.params["payment"])


@power("Cups", on_fulfil=True, params={"cards": COUNT})
def cups(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Draw `cards` cards."""
    draw(game, s, owner, contract.params["cards"])
    return
    yield


@power("Flowers", on_fulfil=True, params={"payment": PAY})
def flowers(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every player, the owner included, takes `payment`."""
    for q in range(s.n):
        game.gain(s, (owner + q) % s.n, contract.params["payment"])
    return
    yield


@power("Hawaiian Salt", on_fulfil=True, params={"pay_per_card": PAY})
def hawaiian_salt(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Take every agricultural card from the others' hands, `pay_per_card` each."""
    taken = 0
    for q in other_players(s, owner):
        cards = [c for c in s.hands[q] if game.color[c] == YELLOW]
        for c in cards:
            s.hands[q].remove(c)
            s.hands[owner].append(c)
        taken += len(cards)
    game.gain(s, owner, contract.params["pay_per_card"] * taken)
    return
    yield


@power("Honey", on_fulfil=True, params={"pay_per_good": PAY})
def honey(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """`pay_per_good` for each agricultural good of all players."""
    count = sum(game.goods_count(s, q, YELLOW) for q in range(s.n))
    game.gain(s, owner, contract.params["pay_per_good"] * count)
    return
    yield


INSECTS_TARGET = KINDS.declare(
    "insects_target",
    "Insects: the player who receives the illegal goods.",
)
INSECTS_TAKE = KINDS.declare(
    "insects_take",
    "Insects: which of that player's goods comes back (context: the player).",
)


@power(
    "Insects",
    on_fulfil=True,
    params={"goods_taken": COUNT},
    asks=(INSECTS_TARGET, INSECTS_TAKE),
)
def insects(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Give all one's illegal goods to another player (kept up to his goods limit, the rest
    discarded), then take `goods_taken` good(s) of his into one's goods (IE-POWER-13). The
    illegal goods are those counting as illegal when given, grey Capital goods borrowing it
    included; they leave together (IE-CAP-26)."""
    target = yield Decision(owner, INSECTS_TARGET, tuple(other_players(s, owner)))
    illegal = goods_of_type(game, s, owner, RED)
    for c in illegal:
        s.goods[owner].remove(c)
        yield from add_goods(game, s, target, c)
    for _ in range(contract.params["goods_taken"]):
        if not s.goods[target]:
            return
        card = yield Decision(owner, INSECTS_TAKE, tuple(s.goods[target]), context=target)
        s.goods[target].remove(card)
        yield from add_goods(game, s, owner, card)


@power(
    "Massage Tables",
    on_fulfil=True,
    params={"matching_cards": COUNT, "credits_per_card": PAY},
    reaches={"matching_cards": Reach((GREEN, YELLOW, BLACK, BLUE, RED, GREY), "any")},
)
def massage_tables(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Reveal until `matching_cards` of one type show; `credits_per_card` per card revealed,
    rounded up to an even number; all revealed cards go to the hand (IE-POWER-2)."""
    p = contract.params
    seen: dict[int, int] = {}
    revealed = 0
    while True:
        cards = draw(game, s, owner, 1)
        if not cards:
            break
        revealed += 1
        color = game.color[cards[0]]
        seen[color] = seen.get(color, 0) + 1
        if seen[color] >= p["matching_cards"]:
            break
    credits = revealed * p["credits_per_card"]
    game.gain(s, owner, credits + credits % 2)
    return
    yield


OPPOSITION_LEAFLETS_DISCARD = KINDS.declare(
    "opposition_leaflets_discard",
    "Opposition Leaflets: each other player discards a card.",
)


@power(
    "Opposition Leaflets",
    on_fulfil=True,
    params={"cards": COUNT},
    asks=(OPPOSITION_LEAFLETS_DISCARD,),
)
def opposition_leaflets(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every player, the owner first, discards `cards` card(s) of his choice."""
    for k in range(s.n):
        q = (owner + k) % s.n
        for _ in range(contract.params["cards"]):
            if not s.hands[q]:
                break
            card = yield Decision(q, OPPOSITION_LEAFLETS_DISCARD, tuple(s.hands[q]))
            s.hands[q].remove(card)
            s.discard.append(card)
            s.log[q]["discarded"].append(card)


@power("Pens", on_fulfil=True, params={"pay_per_good": PAY})
def pens(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """`pay_per_good` for each consumer good in all players' ports."""
    count = sum(game.goods_count(s, q, BLACK) for q in range(s.n))
    game.gain(s, owner, contract.params["pay_per_good"] * count)
    return
    yield


@power("Pillows", on_fulfil=True, params={"pay_per_card": PAY})
def pillows(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """`pay_per_card` per card in one's fulfilled contracts, Pillows not counted (FAQ:
    IE-POWER-3)."""
    others = sum(1 for cid in s.fulfilled[owner] if cid != contract.id)
    game.gain(s, owner, contract.params["pay_per_card"] * others)
    return
    yield


POTATOES_CHOICE = KINDS.declare(
    "potatoes_choice",
    "Potatoes: draw, or take credits.",
)


@power("Potatoes", on_fulfil=True, params={"credits": PAY, "cards": COUNT}, asks=(POTATOES_CHOICE,))
def potatoes(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Take `credits` or draw `cards`."""
    p = contract.params
    choice = yield Decision(owner, POTATOES_CHOICE, ("draw", "credits"))
    if choice == "credits":
        game.gain(s, owner, p["credits"])
    else:
        draw(game, s, owner, p["cards"])


ROLLS_ROYCE_TYPE = KINDS.declare(
    "rolls_royce_type",
    "Rolls Royce: name a type of goods.",
)


@power("Rolls Royce", on_fulfil=True, params={"cards": COUNT}, asks=(ROLLS_ROYCE_TYPE,))
def rolls_royce(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Name a good type and reveal the top `cards` card(s): a match wins the game at once;
    otherwise the card goes to the hand."""
    named = yield Decision(owner, ROLLS_ROYCE_TYPE, good_types(game))
    for card in draw(game, s, owner, contract.params["cards"]):
        if game.color[card] == named:
            s.winners = [owner]
            s.end_reason = "card"
            raise GameOver("Rolls Royce")


SCULPTURES_GIVE = KINDS.declare(
    "sculptures_give",
    "Sculptures: each other player gives the owner a card (context: owner).",
)


@power(
    "Sculptures",
    on_fulfil=True,
    params={"cards_drawn": COUNT, "cards_given": COUNT},
    asks=(SCULPTURES_GIVE,),
)
def sculptures(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The others draw `cards_drawn`, then each gives `cards_given` cards of his choice;
    one holding fewer gives nothing (IE-POWER-1)."""
    p = contract.params
    others = other_players(s, owner)
    for q in others:
        draw(game, s, q, p["cards_drawn"])
    for q in others:
        if len(s.hands[q]) < p["cards_given"]:
            continue
        for _ in range(p["cards_given"]):
            card = yield Decision(q, SCULPTURES_GIVE, tuple(s.hands[q]), context=owner)
            s.hands[q].remove(card)
            s.hands[owner].append(card)


SHOWERS_TYPE = KINDS.declare(
    "showers_type",
    "Showers: name a type of goods.",
)


@power("Showers", on_fulfil=True, params={"cards": COUNT, "payment": PAY}, asks=(SHOWERS_TYPE,))
def showers(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Name a good type and draw `cards`; if any matches, take `payment`."""
    p = contract.params
    named = yield Decision(owner, SHOWERS_TYPE, good_types(game))
    drawn = draw(game, s, owner, p["cards"])
    if any(game.color[c] == named for c in drawn):
        game.gain(s, owner, p["payment"])


@power("Small Poodles", on_fulfil=True, copy_does_nothing=True)
def small_poodles(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Moves into one's goods as soon as it is fulfilled, even over the limit (FAQ:
    IE-POWER-4)."""
    yield from fulfilled_to_goods(game, s, owner, contract.id)


@power("Solar Panels", on_fulfil=True, params={"cost": PAY}, copy_does_nothing=True)
def solar_panels(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Pay `cost`, then move Solar Panels into one's goods; without the credits the power
    does not resolve and it stays fulfilled (IE-POWER-1, IE-POWER-4)."""
    if game.pay(s, owner, contract.params["cost"]):
        yield from fulfilled_to_goods(game, s, owner, contract.id)


@power("Vaccines", on_fulfil=True)
def vaccines(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Take every card of the supply island into one's hand."""
    s.hands[owner].extend(s.island)
    s.island.clear()
    return
    yield


VACUUMS_GIVE = KINDS.declare(
    "vacuums_give",
    "Vacuums: which luxury good to give (context: the owner).",
)
VACUUMS_GIVE_MORE = KINDS.declare(
    "vacuums_give_more",
    "Vacuums: give one more, or stop (context: the owner).",
)


@power(
    "Vacuums",
    on_fulfil=True,
    params={"luxury_goods": COUNT},
    asks=(VACUUMS_GIVE, VACUUMS_GIVE_MORE),
)
def vacuums(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every other player gives his whole hand or `luxury_goods` luxury good(s), his choice;
    the goods join the owner's goods within his limit (IE-POWER-5). Luxury goods are those
    counting as luxury when he is asked, grey Capital goods borrowing it included; the
    goods he gives leave together (IE-CAP-26)."""
    need = contract.params["luxury_goods"]
    for q in other_players(s, owner):
        luxury = goods_of_type(game, s, q, BLUE)
        options: list[tuple[str] | tuple[str, int]] = []
        if s.hands[q]:
            options.append(("hand",))
        if len(luxury) >= need:
            options.extend(("luxury", c) for c in luxury)
        if not options:
            continue
        choice = yield Decision(q, VACUUMS_GIVE, tuple(options), context=owner)
        if choice[0] == "hand":
            s.hands[owner].extend(s.hands[q])
            s.hands[q].clear()
            continue
        given = [choice[1]]
        while len(given) < need:  # more than one good asked: the rest of his choice
            rest = tuple(c for c in luxury if c not in given)
            given.append((yield Decision(q, VACUUMS_GIVE_MORE, rest, context=owner)))
        for card in given:
            s.goods[q].remove(card)
            yield from add_goods(game, s, owner, card)


@power("Glasses", on_fulfil=True, params={"actions": COUNT})
def glasses(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """`actions` free Import action(s) by oneself: one picks the ship and bids alone (0 is a
    valid bid; an owner taking from his own ship is not paid)."""
    declared = [0] * s.n
    declared[owner] = contract.params["actions"]
    yield from game.import_rounds(s, s.rng, [owner], declared)


BIRD_FEED_BUY = KINDS.declare(
    "bird_feed_buy",
    "Bird Feed: buy the card, or pass (context: the owner).",
)


@power(
    "Bird Feed",
    on_fulfil=True,
    params={"price": PAY},
    copy_does_nothing=True,
    asks=(BIRD_FEED_BUY,),
)
def bird_feed(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """After the payout, the other players in turn from the owner's left may buy Bird Feed
    for `price`; the first who does takes it into his fulfilled contracts (FAQ:
    IE-POWER-36)."""
    price = contract.params["price"]
    for q in other_players(s, owner):
        if s.credits[q] < price or contract.id not in s.fulfilled[owner]:
            continue
        if (yield Decision(q, BIRD_FEED_BUY, ("pass", "buy"), context=owner)) == "buy":
            transfer(game, s, q, owner, price)
            game.leave_fulfilled(s, owner, contract.id)
            s.fulfilled[q].append(contract.id)
            return


@power("Pirates", on_fulfil=True, params={"payment": PAY, "extra_turns": COUNT})
def pirates(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """The others pay `payment` to the bank, or all they have; the owner takes
    `extra_turns` more turn(s) at the end of his own turn (IE-POWER-39)."""
    p = contract.params
    for q in other_players(s, owner):
        game.pay(s, q, min(p["payment"], s.credits[q]))
    s.mods[owner]["extra_turns"] = s.mods[owner].get("extra_turns", 0) + p["extra_turns"]
    return
    yield


def wind_turbines_level(sc: SheetCards) -> list[SheetProblem]:
    """Wind Turbines' `max_level` is reachable: some other contract has a level requirement
    of at most that many (all its pips, as the power compares them: IE-POWER-40), or the
    power can never copy anything."""
    turbines = sc.contract("Wind Turbines")
    if turbines is None:
        return []
    most = number(turbines.params, "max_level")
    levels = [sum(c.level.values()) for c in sc.cards.contract_by_id.values() if c is not turbines]
    if most is None or not levels or most >= min(levels):
        return []
    return [
        sc.problem(
            "wind_turbines_level",
            "Wind Turbines",
            "params",
            f"is below every other contract's level (the lowest is {min(levels)}): the power "
            f"can never copy one",
            f"max_level at least {min(levels)}",
            f"max_level={most}",
        )
    ]


WIND_TURBINES_COPY = KINDS.declare(
    "wind_turbines_copy",
    "Wind Turbines: which fulfilled contract's power to copy.",
)


@power(
    "Wind Turbines",
    on_fulfil=True,
    params={"max_level": Need(0, why="a level requirement (0 or more)")},
    checks=(wind_turbines_level,),
    asks=(WIND_TURBINES_COPY,),
)
def wind_turbines(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Copy the power of any player's other fulfilled contract of level `max_level` or
    less, chosen now and fixed (FAQ: IE-POWER-40)."""
    by_id = game.cards.contract_by_id
    options = tuple(
        cid
        for q in range(s.n)
        for cid in s.fulfilled[q]
        if cid != contract.id and sum(by_id[cid].level.values()) <= contract.params["max_level"]
    )
    if not options:
        return
    chosen = yield Decision(owner, WIND_TURBINES_COPY, tuple(dict.fromkeys(options)))
    yield from game.powers.copied(game, s, owner, chosen)


PLATINUM_RINGS_PLAY = KINDS.declare(
    "platinum_rings_play",
    "Platinum Rings: play a hand card alone, or stop (IE-POWER-48).",
)


@power(
    "Platinum Rings",
    on_fulfil=True,
    params={"hand_size": LIMIT},
    restates={
        "max_supply_sales": Restated(
            "the Supply sales it allows (the engine allows the turn's one sale: IE-POWER-48)",
            value=1,
        )
    },
    asks=(PLATINUM_RINGS_PLAY,),
)
def platinum_rings(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Draw up to `hand_size`, then play hand cards one at a time, each discarded as it is
    played, performing its printed action alone: no wildcards, no crew, nobody follows or
    draws, one Supply sale at most (`max_supply_sales`: the turn's one sale), no levels
    bought with extra Contract actions (FAQ: IE-POWER-48; rules.solo_action)."""
    draw(game, s, owner, contract.params["hand_size"] - len(s.hands[owner]))
    while s.hands[owner]:
        card = yield Decision(owner, PLATINUM_RINGS_PLAY, ("stop", *s.hands[owner]))
        if card == "stop":
            return
        s.hands[owner].remove(card)
        s.discard.append(card)
        s.log[owner]["played"].append(card)
        yield from game.solo_action(s, s.rng, owner, game.actions[card])


STOLEN_DOCUMENTS_TAKE = KINDS.declare(
    "stolen_documents_take",
    "Stolen Documents: which rival's completed Tech contract to take.",
)


@power("Stolen Documents", on_fulfil=True, copy_does_nothing=True, asks=(STOLEN_DOCUMENTS_TAKE,))
def stolen_documents(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Take another player's fulfilled tech contract into one's fulfilled contracts, where
    its power resolves as if just fulfilled (its immediate power for the thief, its hooks
    and rule modifiers move to him); Stolen Documents itself takes its place among the
    victim's fulfilled contracts ("Stolen Research"), with no power (IE-POWER-51)."""
    by_id = game.cards.contract_by_id
    options = tuple(
        (q, cid)
        for q in other_players(s, owner)
        for cid in s.fulfilled[q]
        if by_id[cid].color == GREEN
    )
    if not options or contract.id not in s.fulfilled[owner]:
        return
    victim, cid = yield Decision(owner, STOLEN_DOCUMENTS_TAKE, options)
    game.powers.lost(game, s, victim, cid)
    theirs, mine = s.fulfilled[victim], s.fulfilled[owner]
    theirs[theirs.index(cid)] = contract.id
    mine[mine.index(contract.id)] = cid
    s.log[owner]["fulfilled"].append(cid)
    yield from game.powers.fulfilled(game, s, owner, cid)
