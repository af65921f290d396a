"""Special items (Oggetti speciali): where each one's power lives.

Action items cost the turn's action; any-time items cost none; passive items
(Mom's Credit Card, Diplomatic Pouch) work inside the travel rule (rules._can_travel) and
Mousetrap inside the steal rule (rules.mousetrap). Numbers come from the card sheet.
"""

from __future__ import annotations

from typing import Final

from simulator.core.narration import seat
from simulator.core.protocol import Decision, Flow
from simulator.core.seeding import GameRandom
from simulator.games.travel.decisions import (
    FOUND_TAKE,
    GUIDE_TAKE,
    MAP_TARGET,
    PICKPOCKET_TARGET,
    POST_DISCARD,
)
from simulator.games.travel.game_api import Effect, TravelAPI
from simulator.games.travel.state import TravelState

DONE: Final = -1


def local_guide(game: TravelAPI, s: TravelState, rng: GameRandom, p: int, card: int) -> Flow:
    """Look at the top cards of the deck, keep one (not an event), the rest go to the bottom.

    FAQ Oggetti Speciali: the Local Guide works on the deck only, never the discard pile.
    T-SPECIAL-4.
    """
    look = game.cards.params[card]["look"]
    top = s.deck[-look:][::-1]  # the cards stay in the deck while the player looks
    options = tuple(c for c in top if not game.is_event[c])
    chosen = None
    if options:
        chosen = yield Decision(p, GUIDE_TAKE, options, context=tuple(top))
    del s.deck[len(s.deck) - len(top) :]
    rest = [c for c in top if c != chosen]
    s.deck[0:0] = rest[::-1]
    if chosen is not None:
        game.take(s, p, chosen, "drawn")
    yield from game.over_limit(s, p)
    return False


def trading_post(game: TravelAPI, s: TravelState, rng: GameRandom, p: int, card: int) -> Flow:
    """Discard up to `max` cards, draw that many plus `bonus` from the deck (T-SPECIAL-5)."""
    params = game.cards.params[card]
    swapped = 0
    while swapped < params["max"]:
        options = tuple(c for c in s.hands[p] if not game.is_forbidden[c])
        if not options:
            break
        c = yield Decision(p, POST_DISCARD, options + (DONE,), context=card)
        if c == DONE:
            break
        game.discard(s, p, c)
        swapped += 1
    for _ in range(swapped + params["bonus"]):
        yield from game.draw(s, rng, p)
    yield from game.over_limit(s, p)
    return False


def poorly_drawn_map(game: TravelAPI, s: TravelState, rng: GameRandom, p: int, card: int) -> Flow:
    """Replace a player's country with a random set-aside one; never the central (T-SPECIAL-6)."""
    targets = tuple(q for q in range(s.n) if s.country[q] >= 0)
    q = yield Decision(p, MAP_TARGET, targets, context=card)
    old = s.country[q]
    new = s.set_aside_countries.pop(rng.below(len(s.set_aside_countries)))
    s.set_aside_countries.append(old)
    s.country[q] = new
    if s.trace is not None:
        names = game.cards.names
        s.trace.say(f"{seat(q)}'s country {names[old]} becomes {names[new]}", p)
    return False


def lost_and_found(game: TravelAPI, s: TravelState, rng: GameRandom, p: int, card: int) -> Flow:
    """Take up to `take` cards of one's choice from the discard pile, no event (T-SPECIAL-7)."""
    for _ in range(game.cards.params[card]["take"]):
        options = tuple(dict.fromkeys(c for c in s.discard if not game.is_event[c] and c != card))
        if not options:
            break
        chosen = yield Decision(p, FOUND_TAKE, options + (DONE,), context=card)
        if chosen == DONE:
            break
        s.discard.remove(chosen)
        game.take(s, p, chosen, "recycled")
        s.known[p].add(chosen)
    yield from game.over_limit(s, p)
    return False


def pickpocket_kit(game: TravelAPI, s: TravelState, rng: GameRandom, p: int, card: int) -> Flow:
    """Take `take` random cards from another player's hand at no cost (T-SPECIAL-8)."""
    targets = tuple(q for q in range(s.n) if q != p and s.hands[q])
    q = yield Decision(p, PICKPOCKET_TARGET, targets, context=card)
    if (yield from game.mousetrap(s, q, p)):
        return True
    yield from game.take_random(s, rng, p, q, game.cards.params[card]["take"])
    return False


def red_eye_flight(game: TravelAPI, s: TravelState, rng: GameRandom, p: int, card: int) -> Flow:
    """Any time on one's turn: this many more actions (T-SPECIAL-10); returns how many."""
    return game.cards.params[card]["actions"]
    yield  # a generator like the other effects


def usable(game: TravelAPI, s: TravelState, p: int, card: int) -> bool:
    """Whether playing this special item now can do anything (offered only then)."""
    effect = game.effect[card]
    if effect == "local_guide" or effect == "trading_post":
        return bool(s.deck)
    if effect == "poorly_drawn_map":
        return bool(s.set_aside_countries) and any(c >= 0 for c in s.country)
    if effect == "lost_and_found":
        return any(not game.is_event[c] for c in s.discard)
    if effect == "pickpocket_kit":
        return any(s.hands[q] for q in range(s.n) if q != p)
    return effect == "red_eye_flight"


ACTIONS: dict[str, Effect] = {
    "local_guide": local_guide,
    "trading_post": trading_post,
    "poorly_drawn_map": poorly_drawn_map,
    "lost_and_found": lost_and_found,
    "pickpocket_kit": pickpocket_kit,
}
ANY_TIME: dict[str, Effect] = {"red_eye_flight": red_eye_flight}
