"""Small operations the powers share: drawing, paying between players, moving cards.

General notes of the rulebook (IE-POWER-1): credits are paid to and taken from the bank
unless a power says otherwise; an owner who cannot pay what a power asks does not resolve
it; a targeted player who cannot pay (credits or cards) in full simply pays nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.protocol import Flow
from simulator.games.import_export.cards import GREY
from simulator.games.import_export.powers.framework import note_draw
from simulator.games.import_export.state import IEState, Ship, clockwise

if TYPE_CHECKING:
    from simulator.games.import_export.game_api import GameAPI


def other_players(s: IEState, owner: int) -> list[int]:
    """The other players, clockwise from the owner."""
    return clockwise(owner, s.n)[1:]


def draw(game: GameAPI, s: IEState, p: int, count: int) -> list[int]:
    """Draw up to `count` cards from the deck into p's hand (fewer if the deck runs out);
    noted for the powers reacting to draws (Nanobots: powers.note_draw)."""
    drawn = []
    for _ in range(count):
        card = game.deck_pop(s)
        if card is None:
            break
        s.hands[p].append(card)
        s.log[p]["drawn"].append(card)
        drawn.append(card)
    if drawn:
        note_draw(s, p)
    return drawn


def transfer(game: GameAPI, s: IEState, payer: int, payee: int, amount: int) -> bool:
    """`payer` pays `payee` in full, or nothing if he cannot (IE-POWER-1)."""
    if not game.pay(s, payer, amount):
        return False
    game.gain(s, payee, amount)
    return True


def good_types(game: GameAPI) -> tuple[int, ...]:
    """The good types a player may name (cards.GOOD_TYPES): the five, and capital where
    grey cards play."""
    types = tuple(range(GREY))
    if any(GREY in colors for colors in game.cards.colors):
        types += (GREY,)
    return types


def goods_types(game: GameAPI, s: IEState, p: int) -> list[tuple[int, int]]:
    """p's goods as (card, the type it counts as) pairs, in placement order: a grey Capital
    good borrows the type of p's leftmost non-Capital good, none (GREY) while he has none
    (rules.goods_colors: IE-CAP-3, IE-CAP-4). What every power reading the type of goods
    uses (IE-CAP-26); read afresh each time, since a good leaving can change what the
    Capital goods count as. Hand cards, containers and contracts keep their printed colours.
    (Not `good_types` above: the types a player may name.)"""
    return list(zip(s.goods[p], game.goods_colors(s, p), strict=True))


def goods_of_type(game: GameAPI, s: IEState, p: int, color: int) -> list[int]:
    """p's goods that count as `color` now, Capital goods borrowing a type included
    (goods_types: IE-CAP-26)."""
    return [card for card, counted in goods_types(game, s, p) if counted == color]


def add_goods(game: GameAPI, s: IEState, p: int, card: int, over_limit: bool = False) -> Flow:
    """Add a card to p's goods (over the limit only where a power says so); tells the powers."""
    if over_limit:
        game.allow_over_limit(s, p, "goods")
        card = game.goods_in(s, p, card)  # logged; the variants' effects (IE-VAR-1)
        yield from game.emit(s, "goods_added", p, card)
    else:
        yield from game.to_goods(s, p, card)


def fulfilled_to_goods(game: GameAPI, s: IEState, owner: int, contract_id: int) -> Flow:
    """Move a fulfilled contract's card into its owner's goods, even over the limit
    (FAQ on Small Poodles: IE-POWER-4)."""
    if contract_id not in s.fulfilled[owner]:
        return
    game.leave_fulfilled(s, owner, contract_id)
    card = game.cards.card_of_contract[contract_id]
    yield from add_goods(game, s, owner, card, over_limit=True)


def set_mod(s: IEState, p: int, key: str, value: object) -> None:
    """Set one of p's rule modifiers (state.IEState.mods)."""
    s.mods[p][key] = value


def add_to_mod(s: IEState, p: int, key: str, *values: int) -> None:
    """Add values to one of p's set-valued rule modifiers (kept immutable for copies)."""
    s.mods[p][key] = frozenset(s.mods[p].get(key, frozenset())) | frozenset(values)


def take_container(game: GameAPI, s: IEState, ship: Ship, card: int) -> Flow:
    """A power takes a container off a ship: the card it brings (a physical container
    brings a card of its colour from the discard pile, or None: IE-VAR-8), then the ship goes
    home if that emptied it (`ship_home` tells the powers). Returns the card or None."""
    j = ship.cargo.index(card)
    ship.cargo.pop(j)
    ship.cargo_colors.pop(j)
    taken = game.as_card(s, card)
    if taken is not None:
        s.moving.append(taken)
    yield from game.ship_home(s, ship)
    if taken is not None:
        s.moving.remove(taken)
    return taken
