"""Kickstarter powers. One function per card, named after it; numbers from the card sheet.

Rulings for these powers are in docs/rulings.md, section "Card powers (Kickstarter)".
Sources: the rulebook's card list (seed 000, lines ~313-635) and its FAQ.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from simulator.core.cards import Need
from simulator.core.protocol import Decision, Flow
from simulator.games.import_export.cards import (
    BLACK,
    BLUE,
    GOOD_COLORS,
    GREEN,
    RED,
    YELLOW,
    Contract,
)
from simulator.games.import_export.decisions import KINDS
from simulator.games.import_export.powers.common import (
    add_goods,
    draw,
    other_players,
    set_mod,
    take_container,
    transfer,
)
from simulator.games.import_export.powers.framework import Reach, power
from simulator.games.import_export.powers.numbers import COUNT, PAY
from simulator.games.import_export.state import GameOver, IEState, Scoring

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI
    from simulator.games.import_export.moments import Moment

"""The five coloured good types; grey Capital cards are none of them (Improbability)."""
JOE_WIGGINS_GOODS = (
    ("tech_goods", GREEN),
    ("agriculture_goods", YELLOW),
    ("illegal_goods", RED),
    ("consumer_goods", BLACK),
)
"""Joe Wiggins' params and the good type each counts."""


def _in_play(s: IEState, owner: int, contract: Contract) -> bool:
    """Whether the owner still has this power: the contract fulfilled, or copied."""
    return contract.id in s.fulfilled[owner] or contract.id in s.mods[owner].get(
        "copied_powers", ()
    )


# ---------------------------------------------------------------- immediate powers


@power("Danger Pets", on_fulfil=True, params={"payment": PAY})
def danger_pets(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every other player gives the owner `payment`; one who cannot pays nothing (IE-KS-4)."""
    for q in other_players(s, owner):
        transfer(game, s, q, owner, contract.params["payment"])
    return
    yield


DINO_BONES_GIVE = KINDS.declare(
    "dino_bones_give",
    "Dino Bones: which good each player puts on the island (context: the owner).",
)
DINO_BONES_TAKE = KINDS.declare(
    "dino_bones_take",
    "Dino Bones: which island card to take into the goods.",
)


@power(
    "Dino Bones",
    on_fulfil=True,
    params={"goods_given": COUNT, "cards_taken": COUNT},
    asks=(DINO_BONES_GIVE, DINO_BONES_TAKE),
)
def dino_bones(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Every player, the owner first and clockwise, puts `goods_given` good(s) of his choice
    on the supply island; then the owner takes `cards_taken` island cards of his choice into
    his goods, within the limit (IE-KS-5)."""
    p = contract.params
    for k in range(s.n):
        q = (owner + k) % s.n
        for _ in range(p["goods_given"]):
            if not s.goods[q]:
                break
            card = yield Decision(q, DINO_BONES_GIVE, tuple(s.goods[q]), context=owner)
            s.goods[q].remove(card)
            card = game.as_card(s, card)  # a goods container brings a card (IE-VAR-8)
            if card is not None:
                s.island.append(card)
    for _ in range(p["cards_taken"]):
        if not s.island:
            return
        card = yield Decision(owner, DINO_BONES_TAKE, tuple(s.island))
        s.island.remove(card)
        yield from add_goods(game, s, owner, card)


@power("Flametorch", on_fulfil=True, params={"heads_pay": PAY, "tails_pay": PAY})
def flametorch(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """A coin from the game's generator: heads, every other player pays the owner
    `heads_pay` (one who cannot pays nothing); tails, the owner pays `tails_pay` to each
    other player, in full or not at all (IE-KS-8)."""
    p = contract.params
    others = other_players(s, owner)
    if s.rng.below(2) == 0:  # heads
        for q in others:
            transfer(game, s, q, owner, p["heads_pay"])
    elif s.credits[owner] >= p["tails_pay"] * len(others):
        for q in others:
            transfer(game, s, owner, q, p["tails_pay"])
    return
    yield


STRETCH_GOAL_IMPORT = KINDS.declare(
    "stretch_goal_import",
    "Stretch Goal: which container of a ship at sea to import into the goods.",
)


@power(
    "Stretch Goal",
    on_fulfil=True,
    params={"cards": COUNT, "credits": PAY, "goods": COUNT},
    asks=(STRETCH_GOAL_IMPORT,),
)
def stretch_goal(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Once, when fulfilled: every player, the owner first and clockwise, draws `cards`,
    takes `credits` and imports `goods` container(s) of his choice from ships at sea into
    his goods (FAQ: IE-KS-13). No bid, no payment to the ship's owner."""
    p = contract.params
    for k in range(s.n):
        q = (owner + k) % s.n
        draw(game, s, q, p["cards"])
        game.gain(s, q, p["credits"])
        for _ in range(p["goods"]):
            options = tuple(
                (i, card) for i, ship in enumerate(s.ships) if ship.at_sea for card in ship.cargo
            )
            if not options:
                break
            i, card = yield Decision(q, STRETCH_GOAL_IMPORT, options)
            ship = s.ships[i]
            good = yield from take_container(game, s, ship, card)
            if good is not None:
                s.log[q]["imported"].append(good)
                yield from add_goods(game, s, q, good)


# ---------------------------------------------------------------- ongoing powers


BACKPACKS_DRAW = KINDS.declare(
    "backpacks_draw",
    "Backpacks: draw, or pass (context: the ship that came home).",
)


@power("Backpacks", hook="ship_returned", params={"cards": COUNT}, asks=(BACKPACKS_DRAW,))
def backpacks(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, index: int
) -> Flow:
    """Each time any player's ship returns to port from the open sea, the owner may draw
    `cards` (an ongoing power despite its immediate icon: IE-KS-1)."""
    choice = yield Decision(owner, BACKPACKS_DRAW, ("pass", "draw"), context=index)
    if choice == "draw":
        draw(game, s, owner, contract.params["cards"])


@power("Big Ammunition", hook="ship_plundered", params={"cards": COUNT})
def big_ammunition(
    game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, payload: tuple[int, int]
) -> Flow:
    """Each Pirate action of the owner taking a container from another player's ship at sea
    takes `cards` random card(s) from that player's hand (FAQ: IE-KS-2)."""
    victim = s.ships[payload[0]].owner
    if actor != owner or victim == owner:
        return
    for _ in range(contract.params["cards"]):
        hand = s.hands[victim]
        if not hand:
            return
        s.hands[owner].append(hand.pop(s.rng.below(len(hand))))
    return
    yield


@power("Bionic Ears", any_time="fulfilled", copy_does_nothing=True)
def bionic_ears(
    game: GameAPI, s: IEState, owner: int, contract: Contract, moment: Moment
) -> list[tuple[()]]:
    """At any time, in anyone's turn, the owner may take Bionic Ears from his fulfilled
    contracts into his hand (IE-KS-3). A copy (Wind Turbines) has no card to take."""
    return [()] if contract.id in s.fulfilled[owner] else []


@power("Bionic Ears", use=True)
def bionic_ears_take(
    game: GameAPI, s: IEState, owner: int, contract: Contract, args: tuple[()], moment: Moment
) -> Flow:
    """Its power goes with it and its limits fall (IE-KS-3, IE-LIMIT-2)."""
    game.powers.lost(game, s, owner, contract.id)
    game.leave_fulfilled(s, owner, contract.id)
    s.hands[owner].append(game.cards.card_of_contract[contract.id])
    return
    yield


@power(
    "Board Games",
    on_fulfil=True,
    params={"goods_per_type": COUNT},
    reaches={"goods_per_type": Reach((GREEN, YELLOW, BLACK, BLUE, RED), "every")},
)
def board_games(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """With `goods_per_type` good(s) of every type among one's fulfilled contracts, the
    crew has no limit (read in rules.crew_limit; IE-KS-6)."""
    set_mod(s, owner, "no_crew_limit", (contract.id, contract.params["goods_per_type"]))
    return
    yield


@power(
    "Joe Wiggins",
    on_fulfil=True,
    params={
        "tech_goods": COUNT,
        "agriculture_goods": COUNT,
        "illegal_goods": COUNT,
        "consumer_goods": COUNT,
    },
    goods_as={
        GREEN: "tech_goods",
        YELLOW: "agriculture_goods",
        RED: "illegal_goods",
        BLACK: "consumer_goods",
    },
)
def joe_wiggins(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """While fulfilled, counts as one tech, agricultural, illegal and consumer good each,
    outside the goods area and its limit (read in rules.counted_goods; IE-KS-7)."""
    entries = s.mods[owner].get("counted_goods", ())
    if any(cid == contract.id for cid, _ in entries):
        return
    colors = tuple(c for key, c in JOE_WIGGINS_GOODS for _ in range(contract.params[key]))
    set_mod(s, owner, "counted_goods", (*entries, (contract.id, colors)))
    return
    yield


@power("Water Notepad", on_fulfil=True)
def water_notepad(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
    """Nobody, the owner included, may plunder the owner's ships (rules.pirate;
    IE-KS-14)."""
    set_mod(s, owner, "no_plunder", True)
    return
    yield


@power("Souvenirs")
def souvenirs(*_: object) -> None:
    """This card does nothing: registered with no handler, it only counts as a fulfilled
    consumer contract like any other (IE-KS-15)."""


# ---------------------------------------------------------------- end of the game


@power("Import/Export Definitive Edition", end="game", params={"pay_per_contract": PAY})
def import_export_definitive_edition(
    game: GameAPI, s: IEState, owner: int, contract: Contract, scoring: Scoring
) -> None:
    """At the end, `pay_per_contract` per fulfilled luxury contract, itself included
    (IE-KS-16)."""
    by_id = game.cards.contract_by_id
    luxury = sum(1 for cid in s.fulfilled[owner] if by_id[cid].color == BLUE)
    scoring.final[owner] += contract.params["pay_per_contract"] * luxury


# ---------------------------------------------------------------- immediate wins

WIN_EVENTS = ("goods_added", "crew_added", "contract_fulfilled", "turn_ended")
"""When an immediate win is checked again after the card's own completion (IE-KS-9)."""


def _immediate_win(
    name: str, **declared: Any
) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    """Register a win condition (game, state, owner, contract) -> bool, checked when the
    card is fulfilled and after each of WIN_EVENTS: met, its owner wins at once (IE-KS-9).
    `declared`: the card's declaration (framework.power's `params=`, ...)."""

    def register(met: Callable[..., bool]) -> Callable[..., bool]:
        def check(game: GameAPI, s: IEState, owner: int, contract: Contract) -> Flow:
            if _in_play(s, owner, contract) and met(game, s, owner, contract):
                s.winners = [owner]
                s.end_reason = "card"
                raise GameOver(name)
            return
            yield

        def on_event(
            game: GameAPI, s: IEState, owner: int, contract: Contract, actor: int, _: object
        ) -> Flow:
            yield from check(game, s, owner, contract)

        power(name, on_fulfil=True, **declared)(check)
        for event in WIN_EVENTS:
            power(name, hook=event)(on_event)
        return met

    return register


@_immediate_win(
    "Graphics Cards",
    params={"good_types": Need(1, 5, why="good types to lead in (there are five)")},
)
def graphics_cards(game: GameAPI, s: IEState, owner: int, contract: Contract) -> bool:
    """Strictly the most goods (at least one; tied, only by winning ties) in `good_types`
    of the five types wins (IE-KS-10); goods as counted everywhere (IE-KS-7). Fulfilled
    contracts are public, so every player's view shows it (FAQ: IE-KS-17)."""
    most = 0
    for color in GOOD_COLORS:
        counts = [game.goods_count(s, q, color) for q in range(s.n)]
        if counts[owner] > 0 and game.has_most(s, owner, counts):  # ties: Foxes only
            most += 1
    return most >= contract.params["good_types"]


@_immediate_win("Improbability")
def improbability(game: GameAPI, s: IEState, owner: int, contract: Contract) -> bool:
    """A card of each of the five colours in the crew, in the fulfilled contracts and in
    the goods wins; grey Capital cards count for nothing (IE-KS-11)."""
    colors = set(GOOD_COLORS)
    by_id = game.cards.contract_by_id
    return (
        colors <= {game.color[c] for c in s.crew[owner]}
        and colors <= {by_id[cid].color for cid in s.fulfilled[owner]}
        and colors <= {game.color[c] for c in s.goods[owner]}
    )


@_immediate_win(
    "Mother Load", params={"illegal_goods": COUNT}, reaches={"illegal_goods": Reach((RED,))}
)
def mother_load(game: GameAPI, s: IEState, owner: int, contract: Contract) -> bool:
    """`illegal_goods` illegal goods or more win (IE-KS-12); goods as counted everywhere
    (IE-KS-7)."""
    return game.goods_count(s, owner, RED) >= contract.params["illegal_goods"]
