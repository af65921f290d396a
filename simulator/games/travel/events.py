"""Event cards (Eventi): resolved as soon as drawn, they hit every player.

Each effect is a generator `(game, state, rng, drawer, card)`; numbers come from the card
sheet's params. Registered by the `effect` column in EFFECTS.
"""

from __future__ import annotations

from simulator.core.protocol import Decision, Flow
from simulator.core.seeding import GameRandom
from simulator.games.travel.decisions import LUGGAGE_DISCARD, STRIKE_PASS
from simulator.games.travel.game_api import Effect, TravelAPI
from simulator.games.travel.state import TravelState


def _from_drawer(s: TravelState, drawer: int) -> list[int]:
    """All players in turn order starting with whoever drew the event (T-EVENT-2)."""
    return [(drawer + k) % s.n for k in range(s.n)]


def airport_strike(
    game: TravelAPI, s: TravelState, rng: GameRandom, drawer: int, card: int
) -> Flow:
    """Every player chooses a card and passes it to the player on their left (T-EVENT-3)."""
    passed: list[int | None] = [None] * s.n
    for p in _from_drawer(s, drawer):
        if s.hands[p]:
            passed[p] = yield Decision(p, STRIKE_PASS, tuple(s.hands[p]), context=card)
    for p, c in enumerate(passed):
        if c is not None:
            game.remove(s, p, c)
            s.log[p]["given"].append(c)
    for p, c in enumerate(passed):
        if c is not None:
            left = (p + 1) % s.n
            game.take(s, left, c, "received", check=False)
    for p in _from_drawer(s, drawer):
        game.check_postcards(s, p)


def lost_luggage(game: TravelAPI, s: TravelState, rng: GameRandom, drawer: int, card: int) -> Flow:
    """Every player over `keep` cards discards down to it; never a forbidden item (T-FORBID-3)."""
    keep = game.cards.params[card]["keep"]
    for p in _from_drawer(s, drawer):
        hand = s.hands[p]
        while len(hand) > keep:
            options = tuple(c for c in hand if not game.is_forbidden[c])
            if not options:
                break
            c = yield Decision(p, LUGGAGE_DISCARD, options, context=card)
            game.discard(s, p, c)


def duty_free(game: TravelAPI, s: TravelState, rng: GameRandom, drawer: int, card: int) -> Flow:
    """Every player draws `cards` cards, starting with the drawer."""
    count = game.cards.params[card]["cards"]
    for p in _from_drawer(s, drawer):
        for _ in range(count):
            yield from game.draw(s, rng, p)
    for p in _from_drawer(s, drawer):
        yield from game.over_limit(s, p)


def customs_check(game: TravelAPI, s: TravelState, rng: GameRandom, drawer: int, card: int) -> Flow:
    """Every hand is shown; forbidden items are confiscated, each fining a random card."""
    fine = game.cards.params[card]["fine"]
    for p in _from_drawer(s, drawer):
        hand = s.hands[p]
        s.known[p] = set(hand)
        seized = [c for c in hand if game.is_forbidden[c]]
        for c in seized:
            game.discard(s, p, c)
        for _ in range(fine * len(seized)):
            if hand:
                game.discard(s, p, hand[rng.below(len(hand))])
    return
    yield  # a generator like the other effects


EFFECTS: dict[str, Effect] = {
    "airport_strike": airport_strike,
    "lost_luggage": lost_luggage,
    "duty_free": duty_free,
    "customs_check": customs_check,
}
