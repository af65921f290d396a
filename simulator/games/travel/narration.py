"""What the travel game tells a replay (core/narration.py): where every card is, the setup,
the table after a turn, and the final table.

The rules call in here only behind `if s.trace is not None`. The tally a travel replay
follows is the players table's score: the countries each player has travelled to.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from simulator.core.narration import Table, seat
from simulator.games.travel.game_api import TravelAPI

if TYPE_CHECKING:
    from simulator.games.travel.state import TravelState

TALLY = "countries"
"""What the replay's chart follows: countries travelled to (the players table's score)."""


def cards_text(game: TravelAPI, cards: Iterable[int]) -> str:
    return ", ".join(game.cards.names[c] for c in cards) or "nothing"


def _spare(game: TravelAPI, card: int) -> str:
    """Where a card is when no zone holds it: by its type."""
    kind = game.types[card]
    if kind == "country":
        return "the countries travelled to"
    if kind == "passport":
        return "the unused passports"
    if kind == "character":
        return "the unused characters"
    return "out of play"


def where(game: TravelAPI, s: TravelState) -> list[tuple[int, str]]:
    """Every card in a zone, as (card, zone): what the narrator compares to find moves."""
    listed = [(c, "the deck") for c in s.deck]
    listed += [(c, "the discard pile") for c in s.discard]
    listed += [(c, "being resolved") for c in s.resolving]
    for p in range(s.n):
        listed += [(c, f"{seat(p)}'s hand") for c in s.hands[p]]
        if s.country[p] >= 0:
            listed.append((s.country[p], f"{seat(p)}'s country"))
        if s.character[p] >= 0:
            listed.append((s.character[p], f"{seat(p)}'s character"))
    if s.central >= 0:
        listed.append((s.central, "the central country"))
    listed += [(c, "the countries set aside") for c in s.set_aside_countries]
    return listed


def start(game: TravelAPI, s: TravelState) -> None:
    """The setup, told before the first turn: the deal as moves, the first player."""
    trace = s.trace
    assert trace is not None
    cards = game.cards
    boxed = [*cards.passports, *cards.countries]
    if game.use_characters:
        boxed += cards.characters
    opening = [(c, "the deck") for c in (*cards.items, *game.expansion_deck)]
    opening += [
        (c, "the country cards" if c in cards.countries else _spare(game, c)) for c in boxed
    ]
    trace.tally = TALLY
    trace.say("Setup: passports, countries and the first hands are dealt", kind="setup")
    trace.watch(
        lambda: where(game, s),
        cards.names,
        lambda card: _spare(game, card),
        start=opening,
    )
    trace.flush()
    trace.say(
        f"{seat(s.first_player)} plays first: the country nearest to the central one, "
        f"{cards.names[s.central]}",
        s.first_player,
        kind="setup",
    )


def turn_text(game: TravelAPI, s: TravelState, p: int) -> str:
    names = game.cards.names
    return (
        f"Turn {s.turn}: {seat(p)} plays, holding {cards_text(game, s.hands[p])}; "
        f"next country: {names[s.target(p)]}"
    )


def choice_text(game: TravelAPI, s: TravelState, p: int, choice: Any) -> str:
    """An action chosen, in words."""
    names = game.cards.names
    verb = choice[0]
    if verb == "draw":
        return f"{seat(p)} draws a card"
    if verb == "travel":
        return f"{seat(p)} travels to {names[s.target(p)]}"
    if verb == "trade":
        return f"{seat(p)} offers a trade to {seat(choice[1])}"
    if verb == "steal":
        return f"{seat(p)} steals from {seat(choice[1])}"
    if verb == "recycle":
        return f"{seat(p)} recycles: pays with cards to take one from the discard pile"
    if verb == "dispose":
        return f"{seat(p)} gets rid of the forbidden {names[choice[1]]}"
    if verb == "smuggle":
        return f"{seat(p)} smuggles the forbidden {names[choice[1]]} to another player"
    if verb == "special":
        return f"{seat(p)} plays {names[choice[1]]}"
    return f"{seat(p)} chooses {verb}"


def trade_text(
    game: TravelAPI, p: int, q: int, give: list[int], ask: list[int], accepted: bool
) -> str:
    kinds = game.cards.kind_names
    wanted = ", ".join(kinds[k] for k in ask) or "nothing"
    answer = "accepts" if accepted else "refuses"
    return f"{seat(p)} offers {cards_text(game, give)} for {wanted}; {seat(q)} {answer}"


def turn_table(game: TravelAPI, s: TravelState) -> Table:
    """Every player's countries, next country and hand after a turn."""
    names = game.cards.names
    rows = []
    for p in range(s.n):
        character = names[s.character[p]] if s.character[p] >= 0 else ""
        rows.append(
            (
                seat(p),
                str(s.completed[p]),
                names[s.target(p)],
                cards_text(game, s.hands[p]),
                *((character,) if game.use_characters else ()),
            )
        )
    header: tuple[str, ...] = ("seat", "countries travelled", "next country", "hand")
    if game.use_characters:
        header += ("character",)
    return Table(
        header,
        tuple(rows),
        title=f"The table after turn {s.turn}",
        notes=(
            f"central country: {names[s.central]}",
            f"deck: {len(s.deck)} cards; discard pile: {len(s.discard)} cards",
        ),
    )


def final(game: TravelAPI, s: TravelState) -> None:
    """The final table: countries travelled (the score), postcards held, who won and how."""
    trace = s.trace
    assert trace is not None
    trace.table(turn_table(game, s))
    reason = {
        "central_country": "travelled to the central country",
        "postcards": "holds the postcards that win",
    }.get(s.end_reason, "")
    rows = []
    for p in range(s.n):
        postcards = sum(1 for c in s.hands[p] if game.is_postcard[c])
        result = f"wins: {reason}" if p in s.winners else ""
        rows.append((seat(p), str(postcards), result, str(s.completed[p])))
    trace.table(
        Table(
            ("seat", "postcards in hand", "result", "final score (countries travelled)"),
            tuple(rows),
            title="The end",
        ),
        kind="scoring",
    )
    ranked = sorted(range(s.n), key=lambda p: -s.completed[p])
    scores = ", ".join(f"{seat(p)} {s.completed[p]}" for p in ranked)
    winners = " and ".join(seat(p) for p in s.winners) or "nobody"
    verb = "win" if len(s.winners) > 1 else "wins"
    trace.result(
        [float(v) for v in s.completed],
        s.winners,
        f"Countries travelled: {scores}. {winners} {verb}.",
    )
