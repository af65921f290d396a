"""Import/Export optional variants (`--variant`): the Market, and the two alternate ways to
play with physical containers. Rulings IE-VAR-n in docs/rulings.md, section "Variants".

Sources (Italian file, seed 000; the Spanish file has the same lines): the Market, lines
266-274; "Modi alternativi di giocare", lines 649-661; FAQ "Le carte usate come Equipaggio,
Beni e Container caricati possono essere sostituite dai segnalini…" and "Il Potere di
Yogurt si attiva…".

The rules call in at a few places, each behind one attribute check, so a game without
variants pays nothing:

- Market (`s.market`, one marker per good type, None when off): a good placed in goods
  (`ImportExportGame.goods_in`), a ship completing (`_fulfil`).
- Physical containers (`game.tokens`, None when off): a physical container is a *token*,
  an int at or above the number of cards (`Containers.base`), that encodes its colour and
  the action of the card it replaced: `base + 6 * colour + action`. `game.color` and
  `game.actions` are extended to the tokens, so every reader of cargo, crew and goods by
  colour or action works unchanged. A token never enters the hand, the deck, the island or
  the discard pile, and it is never logged (the logs hold cards). A token taken off a ship
  into a hand, crew or goods becomes a card of the discard pile (`game.as_card`); put in
  the discard pile, it goes back to the reserve instead (`game.to_discard`).
"""

from __future__ import annotations

from simulator.core.protocol import Decision, Flow
from simulator.games.import_export import narration as tell
from simulator.games.import_export.cards import ACTIONS, ANY, COLORS, GREY, PAIRED
from simulator.games.import_export.decisions import CONTAINER_COLOR
from simulator.games.import_export.game_api import KINDS, Containers, GameAPI
from simulator.games.import_export.state import IEState, Ship

MARKET = "market"
CONTAINERS = "containers"
CONTAINERS_ALL = "containers_all"
MARKET_TOP = 2
MARKET_BOTTOM = -2
MARKET_TYPES = GREY
"""Markers for the five good types (colours 0-4); grey Capital goods have none (IE-VAR-1)."""
TOKEN_COLORS = tuple(range(len(COLORS)))


def configure(game: GameAPI) -> None:
    """Set the game's variant attributes (always; None or False when a variant is off) and
    extend its colour and action tables to the tokens."""
    game.n_cards = n = len(game.cards)
    game.names = game.cards.names
    game.market = MARKET in game.variants
    game.tokens = None
    game.all_tokens = CONTAINERS_ALL in game.variants
    if not game.all_tokens and CONTAINERS not in game.variants:
        return
    index = game.powers
    keep = set(index.cargo_cards)
    for event in ("container_loaded", "plundered"):
        keep.update(index.card_hooks.get(event, {}))
    game.tokens = Containers(n, frozenset(keep), game.all_tokens)
    ids = range(len(TOKEN_COLORS) * KINDS)
    game.color = (*game.color, *(k // KINDS for k in ids))
    game.actions = (*game.actions, *(k % KINDS for k in ids))
    game.names = (
        *game.cards.names,
        *(f"{COLORS[k // KINDS]} container ({ACTIONS[k % KINDS]})" for k in ids),
    )


def setup(game: GameAPI, s: IEState) -> None:
    """The Market's markers start at 0 (IE-VAR-1); with physical containers the cards
    dealt under the ships at sea are discarded, in dealing order, for containers of their
    colour (IE-VAR-5; a grey card, which Capital's setup rule should already have replaced,
    becomes a container of a colour drawn from the game's generator: IE-VAR-9)."""
    if game.market:
        s.market = [0] * MARKET_TYPES
    tokens = game.tokens
    if tokens is None:
        return
    for ship in s.ships:
        for j, card in enumerate(ship.cargo):
            if card in tokens.keep:
                continue
            color = ship.cargo_colors[j]
            if color == GREY:
                color = ship.cargo_colors[j] = s.rng.below(GREY)
            s.discard.append(card)
            ship.cargo[j] = tokens.token(color, game.actions[card])


# ---------------------------------------------------------------------- the Market


def market_good(game: GameAPI, s: IEState, card: int) -> None:
    """A good placed in a player's goods moves its type's marker up one, to +2 at most;
    grey Capital goods have no marker (IE-VAR-1)."""
    color = game.color[card]
    market = _markers(s)
    if color < MARKET_TYPES and market[color] < MARKET_TOP:
        market[color] += 1


def _markers(s: IEState) -> list[int]:
    """The Market's goods markers; the rules call the Market only with it on (setup sets
    them), so None here is a bug."""
    market = s.market
    if market is None:
        raise AssertionError("the Market variant is off: no goods markers")
    return market


def loaded_colors(ship: Ship) -> list[int]:
    """Each container's colour as loaded, the rider of a Robo-Cats pair taking its pair's:
    for the Market a pair is two containers loaded as tech (IE-VAR-13)."""
    colors = list(ship.cargo_colors)
    for j in range(1, len(colors)):
        if colors[j] == PAIRED:
            colors[j] = colors[j - 1]
    return colors


def filling(game: GameAPI, s: IEState, ship: Ship) -> list[bool]:
    """Per container of a completing ship, whether it filled a need of its contracts, which
    all complete together. The needs are the printed ones (with Prefab Home a luxury
    contract completed with half its containers still takes up to its printed cargo, so
    every container loaded toward it filled it: IE-VAR-14). Containers of their own colour
    first, then rainbow slots; wild colours and grey containers last, into any slot left, so
    the order of loading never costs a coloured container its slot (a grey GPS or
    Automation loaded first: IE-VAR-11). A container matching none is a leftover of a
    discarded contract (IE-VAR-2). The rider of a Robo-Cats pair fills what its pair's first
    card filled (IE-VAR-13)."""
    need: dict[int, int] = {}
    rainbow = s.mods[ship.owner].get("rainbow_colors")
    for cargo in game.contract_cargo(ship, ship.contracts, s, rainbow):
        for color, k in cargo.items():
            need[color] = need.get(color, 0) + k
    wild = game.wild_colors(s, ship.owner)
    colors = ship.cargo_colors
    filled = [False] * len(colors)
    plain = [j for j, c in enumerate(colors) if c != PAIRED and c != GREY and c not in wild]
    late = [j for j, c in enumerate(colors) if c != PAIRED and (c == GREY or c in wild)]
    for slot_of in (lambda c: c, lambda c: ANY):  # own colour first, then rainbow slots
        for j in plain:
            slot = slot_of(colors[j])
            if not filled[j] and need.get(slot, 0) > 0:
                need[slot] -= 1
                filled[j] = True
    for j in late:
        slot = colors[j] if need.get(colors[j], 0) > 0 else ANY
        if need.get(slot, 0) <= 0:
            slot = next((c for c, v in need.items() if v > 0), -1)
        if slot >= 0:
            need[slot] -= 1
            filled[j] = True
    for j in range(1, len(colors)):
        if colors[j] == PAIRED:
            filled[j] = filled[j - 1]
    return filled


def market_modifier(game: GameAPI, s: IEState, ship: Ship) -> int:
    """The sum of the markers of the containers that filled the completed contracts, by
    each container's own colour (`filling`); leftovers of discarded contracts and grey
    containers add nothing (IE-VAR-2); each card of a Robo-Cats pair adds the tech marker
    (IE-VAR-13); with Prefab Home, the containers loaded toward a luxury contract completed
    with half of them (IE-VAR-14)."""
    market = _markers(s)
    return sum(
        market[color]
        for color, full in zip(loaded_colors(ship), filling(game, s, ship), strict=True)
        if full and color < MARKET_TYPES
    )


def market_payout(game: GameAPI, s: IEState, ship: Ship, payout: int) -> int:
    """Pay a completed ship: its `payout` (the band, or as powers set it: Tablets,
    Partnership) plus the markers' modifiers, never below 0 (IE-VAR-3); then every container
    on the ship moves its marker down one, to -2 at least (IE-VAR-4): each card of a
    Robo-Cats pair the tech marker (IE-VAR-13). Returns the credits paid."""
    pay = max(0, payout + market_modifier(game, s, ship))
    game.gain(s, ship.owner, pay, tell.MARKET_PAYOUT)
    market = _markers(s)
    for color in loaded_colors(ship):
        if color < MARKET_TYPES and market[color] > MARKET_BOTTOM:
            market[color] -= 1
    return pay


# ---------------------------------------------------------------------- physical containers


def load_token(game: GameAPI, s: IEState, p: int, ship: Ship, card: int, color: int) -> Flow:
    """A card about to be loaded is logged and discarded, and a physical container of the
    colour it is loaded as goes on the ship instead (IE-VAR-5); Yogurt and Bok Choy stay
    cards (FAQ: IE-VAR-6), and Automation and GPS, grey (IE-VAR-11); any other grey card
    becomes a container of a colour its loader chooses, the colours that fit the ship first
    (IE-VAR-9). A token (plundered) stays as it is. Returns (what goes on the ship, its
    colour)."""
    tokens = game.tokens
    assert tokens is not None
    if card >= tokens.base:
        return card, color
    s.log[p]["loaded"].append(card)
    if card in tokens.keep:
        return card, color
    if color == GREY:
        fitting = [c for c in range(GREY) if game.fits(ship, c, s)]
        options = (*fitting, *(c for c in range(GREY) if c not in fitting))
        s.moving.append(card)
        color = yield Decision(p, CONTAINER_COLOR, options, context=card)
        s.moving.remove(card)
    s.discard.append(card)
    return tokens.token(color, game.actions[card]), color


def claim(game: GameAPI, s: IEState, color: int) -> int | None:
    """The card a physical container of `color` brings when taken off a ship: the discard
    pile is searched from the top, one card at a time, for the first card of that colour (a
    Flag card: its first side's); it is taken out, the others keep their order. None when
    no card matches: the container brings nothing (IE-VAR-8)."""
    pile = s.discard
    colors = game.color
    for k in range(len(pile) - 1, -1, -1):
        if colors[pile[k]] == color:
            return pile.pop(k)
    return None


def as_token(game: GameAPI, s: IEState, p: int, card: int, zone: str) -> int:
    """containers_all: a card joining p's crew or goods (`zone`) is logged and discarded,
    and a physical container of its colour, remembering its action, takes its place; a
    container already (a good moved between players) stays as it is (IE-VAR-10)."""
    tokens = game.tokens
    assert tokens is not None
    if card >= tokens.base:
        return card
    s.log[p][zone].append(card)
    s.discard.append(card)
    return tokens.token(game.color[card], game.actions[card])


def check(game: GameAPI, s: IEState, fixed: list[int], open_: list[int]) -> list[int]:
    """The invariant check's part for the variants: markers within -2..+2; tokens valid and
    only where they may be: none among the ids of `fixed` (deck, discard, Supply Island,
    hands, contracts, and crew and goods unless containers_all), known ones in `open_` (ships,
    in transit, held by a power, crew and goods with containers_all). Returns the cards of
    `open_`, without the tokens."""
    if s.market is not None and not all(MARKET_BOTTOM <= m <= MARKET_TOP for m in s.market):
        raise AssertionError(f"a market marker out of -2..+2: {s.market}")
    tokens = game.tokens
    if tokens is None:
        return open_
    base = tokens.base
    # (the highest id, taken in C: a container is any id from `base` up)
    if max(fixed, default=-1) >= base:
        raise AssertionError(f"a physical container out of place at turn {s.turn}")
    highest = max(open_, default=-1)
    if highest >= base + len(TOKEN_COLORS) * KINDS:
        raise AssertionError("an unknown container id")
    return [c for c in open_ if c < base] if highest >= base else open_
