"""What the rules tell a replay: a structured narration of one game, shared by every renderer.

`deckhand replay` plays a game again from its seed with a `Narrator` on the state
(`state.trace`). The rules call it only behind `if s.trace is not None`, so a game played
for a dataset formats nothing and builds nothing. Each call records an `Event` (a kind, the
seat it concerns, an amount, a cause), never a finished line of text: the text replay
(runs/replay.py) and the one-game HTML page (reports/replay_page.py) render the same
events, and tests read the numbers without parsing strings.

Seats appear in event texts as markers (`seat(2)` -> "{seat:2}") that a renderer replaces
with the one name a seat has everywhere (`seat_name`: "Seat 2 (heuristic)"), so the rules
need not know the strategies.

Cards moving between zones are found, not told: a game gives the narrator a function that
lists where every card is (`watch`), and the narrator compares it with the last listing
before each event, at the start and end of each card power, and at the end of each turn.
So every move of every rule and power is narrated, including the powers that say nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from simulator.core.decision import Flow

SEAT_MARK = re.compile(r"\{seat:(\d+)\}")
"""How a seat is written inside an event's text (see `seat` and `named`)."""

OUT_OF_PLAY = "out of play"
"""The zone of a card no zone listing holds (set aside, or kept by a power)."""


def _out_of_play(card: int) -> str:
    return OUT_OF_PLAY


def seat(p: int) -> str:
    """The marker for seat p inside an event's text; a renderer names it (`named`)."""
    return "{seat:" + str(p) + "}"


def seat_name(p: int, strategy: str) -> str:
    """The one name of a seat, the same in the text replay, its HTML page and the reports:
    the seat number of the players table and the strategy playing it."""
    return f"Seat {p} ({strategy})"


def named(text: str, names: Sequence[str]) -> str:
    """An event's text with every seat marker replaced by that seat's name."""
    return SEAT_MARK.sub(lambda m: names[int(m.group(1))], text)


@dataclass(frozen=True)
class Table:
    """A small table inside the narration: the table after a turn, the scoring. Cells are
    text and may hold seat markers."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    title: str = ""
    notes: tuple[str, ...] = ()
    """Lines said under the table (who won which majority, what each power added)."""


@dataclass(frozen=True)
class Event:
    """One thing that happened, as the rules told it.

    kinds: `setup` (before the first turn), `turn` (a turn begins: `seat` leads), `action`
    (a step of the rules: `text`), `power` (a card power takes effect for `seat`: its name
    in `cause`), `change` (`seat`'s tally, credits in Import/Export, changes by `amount`
    to `total` because of `cause`), `move` (`cards` go from zone `src` to zone `dst`),
    `end` (the end is triggered, or the game ends), `table` (the table after a turn: one
    row per seat, the seat first), `scoring` (the end-game scoring: one row per seat, the
    seat first, the final score last, the parts between), `result` (final scores in
    `values`, winners in `seats`).
    """

    kind: str
    turn: int
    seat: int | None = None
    text: str = ""
    amount: int = 0
    total: int = 0
    cause: str = ""
    cards: tuple[str, ...] = ()
    src: str = ""
    dst: str = ""
    table: Table | None = None
    values: tuple[float, ...] = ()
    seats: tuple[int, ...] = ()
    depth: int = 0
    """How many card powers are resolving around this event (0: the rules themselves)."""


@dataclass
class _Power:
    name: str
    seat: int
    told: bool


class Narrator:
    """The listener a replay puts on a game's state (`state.trace`): records `events`.

    `tally` names what the `change` events count: "credits" in Import/Export, "countries"
    in the travel game (the players table's score, for the chart of the one-game page).
    """

    def __init__(self, tally: str = "credits") -> None:
        self.tally = tally
        self.events: list[Event] = []
        self.turn = 0
        self.score_parts: list[tuple[int, str, int]] = []
        """(seat, power name, amount) each scoring power added to a seat's final score (the
        game's scoring fills it while it runs; its scoring table reads it)."""
        self._powers: list[_Power] = []
        self._where: Callable[[], Iterable[tuple[int, str]]] | None = None
        self._names: Sequence[str] = ()
        self._last: Counter[tuple[int, str]] = Counter()
        self._spare: Callable[[int], str] = _out_of_play
        self._held: list[tuple[int, str, int]] = []
        """Cards gone from their zone to none yet: (card, zone left, power depth)."""

    # ------------------------------------------------------------------ told by the rules

    def watch(
        self,
        where: Callable[[], Iterable[tuple[int, str]]],
        names: Sequence[str],
        spare: Callable[[int], str] | None = None,
        start: Iterable[tuple[int, str]] | None = None,
    ) -> None:
        """Start following the cards: `where()` lists (card, zone) for every card in a
        zone, `names[card]` is a card's name, `spare(card)` the zone of a card that is in
        none (default "out of play"). `start` is where the cards were before the setup
        (every card in the deck, say), so that the deal is told as moves; without it the
        cards are followed from where they are now."""
        self._where = where
        self._names = names
        if spare is not None:
            self._spare = spare
        self._last = Counter(where() if start is None else start)

    def say(self, text: str, who: int | None = None, kind: str = "action") -> None:
        """A step of the rules, in plain words (seats as `seat(p)` markers)."""
        self._add(Event(kind, self.turn, who, text))

    def new_turn(self, turn: int, who: int, text: str) -> None:
        """Turn `turn` begins; `who` leads (or plays it)."""
        self.flush(settle=0)
        self.turn = turn
        self._add(Event("turn", turn, who, text))

    def change(self, who: int, amount: int, total: int, cause: str = "") -> None:
        """`who`'s tally changed by `amount` to `total`; `cause` says why, or the card power
        resolving says it (its name). Nothing is recorded for a change of 0."""
        if amount == 0:
            return
        power = self._powers[-1].name if self._powers else ""
        if not cause:
            cause = f"power of {power}" if power else "unexplained"
        elif power and power not in cause:
            cause = f"{cause}, by the power of {power}"
        self._add(Event("change", self.turn, who, amount=amount, total=total, cause=cause))

    def end(self, text: str, who: int | None = None) -> None:
        """The end is triggered (or the game ends at once), in plain words."""
        self._add(Event("end", self.turn, who, text))

    def table(self, table: Table, kind: str = "table") -> None:
        """The table as it stands (after a turn), or the scoring (`kind="scoring"`)."""
        self.flush(settle=0)
        self._add(Event(kind, self.turn, table=table))

    def result(self, scores: Sequence[float], winners: Sequence[int], text: str) -> None:
        """The final scores and the winners."""
        self.flush(settle=0)
        self._add(Event("result", self.turn, text=text, values=tuple(scores), seats=tuple(winners)))

    def power(self, name: str, who: int, flow: Flow, told: bool = False) -> Flow:
        """Run a card power's generator `flow` for `who` as the cause of what it does: its
        credits are said to come from it, and it is announced (a `power` event) before the
        first thing it does, or at once with `told=True` (a power just gained or used)."""
        self.enter(name, who, told)
        try:
            return (yield from flow)
        finally:
            self.leave()

    def enter(self, name: str, who: int, told: bool = False) -> None:
        """A card power of `who` starts resolving (`power` for generators; `leave` after)."""
        self.flush()
        self._powers.append(_Power(name, who, False))
        if told:
            self._announce()

    def leave(self) -> None:
        """The innermost card power has resolved: what it moved is said under its name."""
        self.flush(settle=len(self._powers))
        self._powers.pop()

    def flush(self, settle: int | None = None) -> None:
        """Say the card moves since the last look (the zones listed by `watch`).

        A card that left its zone for no zone ("out of play") is usually in a rule's hands
        between two steps (a plundered container before it is placed): it is held back
        and told as one move once it lands. `settle` tells the held cards as gone out of
        play: those held at power depth `settle` or deeper (0: all of them; the end of a
        turn, of a power, of the game)."""
        where = self._where
        if where is None:
            return
        now = Counter(where())
        gone = self._last - now
        came = now - self._last
        self._last = now
        depth = len(self._powers)
        moves: list[tuple[int, str, str]] = []
        if gone or came:
            arrived: dict[int, list[str]] = {}
            for (card, zone), count in came.items():
                arrived.setdefault(card, []).extend([zone] * count)
            for (card, zone), count in gone.items():
                for _ in range(count):
                    targets = arrived.get(card)
                    if targets:
                        moves.append((card, zone, targets.pop(0)))
                    elif self._spare(card) == OUT_OF_PLAY:
                        self._held.append((card, zone, depth))
                    else:
                        moves.append((card, zone, self._spare(card)))
            for card, zones in arrived.items():
                for zone in zones:
                    held = next((h for h in self._held if h[0] == card), None)
                    if held is not None:
                        self._held.remove(held)
                        moves.append((card, held[1], zone))
                    else:
                        moves.append((card, self._spare(card), zone))
        if settle is not None:
            for held in [h for h in self._held if h[2] >= settle]:
                self._held.remove(held)
                moves.append((held[0], held[1], OUT_OF_PLAY))
        if not moves:
            return
        groups: dict[tuple[str, str], list[str]] = {}
        for card, src, dst in moves:
            groups.setdefault((src, dst), []).append(self._names[card])
        self._announce()
        for (src, dst), cards in groups.items():
            self.events.append(
                Event("move", self.turn, cards=tuple(cards), src=src, dst=dst, depth=depth)
            )

    # ------------------------------------------------------------------ inside

    def _add(self, event: Event) -> None:
        self.flush()
        self._announce()
        if self._powers:
            event = replace(event, depth=len(self._powers))
        self.events.append(event)

    def _announce(self) -> None:
        """Announce the resolving powers not announced yet, outermost first."""
        for depth, frame in enumerate(self._powers):
            if not frame.told:
                frame.told = True
                self.events.append(
                    Event("power", self.turn, frame.seat, cause=frame.name, depth=depth)
                )

    # ------------------------------------------------------------------ read back

    def changes(self) -> list[int]:
        """The sum of the `change` events per seat seen so far (index: seat)."""
        seats = [e.seat for e in self.events if e.kind == "change" and e.seat is not None]
        totals = [0] * (max(seats) + 1 if seats else 0)
        for e in self.events:
            if e.kind == "change" and e.seat is not None:
                totals[e.seat] += e.amount
        return totals
