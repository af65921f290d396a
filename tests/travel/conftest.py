"""Helpers for the travel rules tests: build a table by hand, then drive the rules' generator.

`new_table(players, modules)` gives a `Table`: a real game and a dealt state. `Table.arrange`
then puts named cards where a test wants them (hands, deck top, discard pile) and every
other card at the bottom of the deck, so card conservation (`check_invariants`) holds.
`Table.play()` starts the rules and returns a `Driver` that asserts the decisions offered
and sends scripted choices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from flow_driver import FlowDriver

from simulator.catalog import get_game
from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
from simulator.games.travel.rules import DONE

DEFAULT_COUNTRIES = ("Italy", "Japan", "Brazil", "Canada", "India", "Norway")
DEFAULT_CENTRAL = "Egypt"
KEEP = object()
"""`arrange(countries=KEEP)`: leave the countries new_state dealt."""


def make_game(players: int = 3, modules: Sequence[str] = (), max_turns: int | None = None):
    spec = get_game("travel")
    return spec.factory(spec.make_config(players, tuple(modules), max_turns=max_turns))


class Driver(FlowDriver):
    """The travel driver, with a trade script."""

    def offer(self, p: int, q: int, give: Sequence[int], ask: Sequence[int]) -> Decision:
        """Player p starts a trade with q giving `give` (cards) for `ask` (kinds).

        Sends DONE where the rules still offer it; returns q's pending 'trade_answer'.
        """
        self.send(("trade", q), "action", p)
        for c in give:
            self.send(c, "trade_give", p)
        if self.decision is not None and self.decision.kind == "trade_give":
            self.send(DONE)
        for k in ask:
            self.send(k, "trade_ask", p)
        if self.decision is not None and self.decision.kind == "trade_ask":
            self.send(DONE)
        return self.expect("trade_answer", q)

    def verbs(self, player: int | None = None) -> set[str]:
        """The action verbs offered by the pending 'action' decision."""
        return {o[0] for o in self.options("action", player)}


class Table:
    """A real travel game and its state, with helpers to look cards up by name."""

    def __init__(
        self,
        players: int = 3,
        modules: Sequence[str] = (),
        seed: int = 0,
        max_turns: int | None = None,
    ) -> None:
        self.game = make_game(players, modules, max_turns)
        self.cards = self.game.cards
        self.state = self.game.new_state(GameRandom.for_game(seed, 0, 0))
        self.n = players

    # ------------------------------------------------------------ look-ups

    def card(self, name: str, copy: int = 0) -> int:
        """The index of the `copy`-th card with this name (0 = first row)."""
        found = [i for i, n in enumerate(self.cards.names) if n == name]
        assert found, f"no card named {name!r} in the sheet"
        return found[copy]

    def kind(self, name: str) -> int:
        return self.cards.kind_of[self.card(name)]

    def name(self, card: int) -> str:
        return self.cards.names[card]

    def names(self, cards: Iterable[int]) -> list[str]:
        return sorted(self.cards.names[c] for c in cards)

    def hand(self, p: int) -> list[str]:
        return self.names(self.state.hands[p])

    def needs(self, country: str) -> list[str]:
        """The names of the 3 items a country requires, from the card sheet."""
        return [self.cards.kind_names[k] for k in self.cards.requires[self.card(country)]]

    def rules_for(self, character: str | None) -> dict[str, int]:
        rules = dict(self.cards.rules)
        if character is not None:
            c = self.card(character)
            if self.cards.effects[c] == "rule_override":
                rules.update({k: int(v) for k, v in self.cards.params[c].items()})
        return rules

    # ------------------------------------------------------------ building a table

    def arrange(
        self,
        hands: Sequence[Sequence[str | int]],
        deck: Sequence[str | int] = (),
        discard: Sequence[str | int] = (),
        *,
        rest: str = "deck",
        countries: Any = DEFAULT_COUNTRIES,
        central: str = DEFAULT_CENTRAL,
        current: int = 0,
        characters: Sequence[str] | None = None,
    ) -> Table:
        """Deal named cards: `hands[p]`, `deck` (top card first), `discard` (bottom first).

        Every card not named goes under the deck (`rest="deck"`) or under the discard pile
        (`rest="discard"`). Passports are the ones dealt at setup (all alike by name).
        `countries[p]` is a country name, or None for a player who already travelled to
        their own country (they now head for the central one).
        """
        g, s = self.game, self.state
        assert len(hands) == s.n
        free = list(g.hand_cards(s))

        def take(x: str | int) -> int:
            if isinstance(x, int):
                c = x
            else:
                c = next((c for c in free if g.cards.names[c] == x), -1)
                assert c >= 0, f"no free card named {x!r} left in this game"
            free.remove(c)
            return c

        s.hands = [[take(x) for x in h] for h in hands]
        top = [take(x) for x in deck]
        pile = [take(x) for x in discard]
        free.sort(key=lambda c: g.types[c] == "item")  # unnamed items sit just under `deck`
        if rest == "deck":
            s.deck = free + top[::-1]
            s.discard = pile
        else:
            assert rest == "discard"
            s.deck = top[::-1]
            s.discard = free + pile
        s.known = [set() for _ in range(s.n)]
        s.resolving = []
        s.winners = []
        s.end_reason = ""
        s.turn = 0
        s.current = current
        s.between_turns = True
        if countries is not KEEP:
            self.set_countries(countries[: s.n], central)
        if characters is not None:
            for p, ch in enumerate(characters):
                self.set_character(p, ch)
        g.check_invariants(s)
        return self

    def set_countries(self, countries: Sequence[str | None], central: str) -> None:
        s = self.state
        s.country = [self.card(c) if c is not None else -1 for c in countries]
        s.completed = [0 if c is not None else 1 for c in countries]
        s.central = self.card(central)
        used = set(s.country) | {s.central}
        s.set_aside_countries = [c for c in self.cards.countries if c not in used]

    def set_character(self, p: int, name: str) -> None:
        self.state.character[p] = self.card(name)
        self.state.rules[p] = self.rules_for(name)

    def play(self, seed: int = 0, check: bool = True) -> Driver:
        return Driver(self.game, self.state, seed=seed, check=check)


@pytest.fixture
def new_table():
    """Factory: `new_table(players=3, modules=(...), seed=0, max_turns=None) -> Table`."""
    return Table
