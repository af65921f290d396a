"""The travel game's state: plain lists of card ints, cheap to copy between turns."""

from __future__ import annotations

from typing import Any

from simulator.core.machine import GameEnded
from simulator.core.narration import Narrator

EVENTS = (
    ("opening", "in the opening hand (the passport and the first items)"),
    ("held", "entered the hand, by any means (17lands' 'in hand': opening, drawn or acquired)"),
    ("drawn", "drawn from the deck into the hand"),
    ("recycled", "taken from the discard pile (recycle, Lost and Found)"),
    ("received", "received in a completed trade or passed by an event"),
    ("given", "given away in a completed trade, an event or by the Smuggler"),
    ("stole", "taken from another player's hand (steal, Pickpocket Kit)"),
    ("lost", "taken from this player's hand by another player"),
    ("travelled", "discarded to travel (items and Mom's Credit Card)"),
    ("discarded", "discarded to pay a cost, over the hand limit, or by an event"),
    ("used", "special item played for its effect"),
    ("event", "event drawn by this player"),
    ("assigned", "the player's own country and character"),
    ("held_at_end", "in the hand when the game ended"),
)
EVENT_NAMES = tuple(name for name, _ in EVENTS)


class GameOver(GameEnded):
    """Raised inside the rules when a win ends the game, wherever the flow is."""


class TravelState:
    """Zones and counters of one game. Cards are row indices of the card sheet."""

    __slots__ = (
        "n",
        "deck",
        "discard",
        "hands",
        "known",
        "country",
        "completed",
        "central",
        "set_aside_countries",
        "character",
        "rules",
        "current",
        "turn",
        "first_player",
        "winners",
        "end_reason",
        "log",
        "trace",
        "between_turns",
        "resolving",
        "views",
        "rng",
        "stack",
        "answer",
        "ret",
        "clonable",
    )

    def __init__(self, n: int) -> None:
        self.n = n
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[set[int]] = [set() for _ in range(n)]
        """Cards everybody knows are in each hand (received face up, shown when travelling)."""
        self.country: list[int] = [-1] * n
        self.completed: list[int] = [0] * n
        self.central = -1
        self.set_aside_countries: list[int] = []
        self.character: list[int] = [-1] * n
        self.rules: list[dict[str, int]] = []
        self.current = 0
        self.turn = 0
        self.first_player = 0
        self.winners: list[int] = []
        self.end_reason = ""
        self.log: list[dict[str, list[int]]] = [{e: [] for e in EVENT_NAMES} for _ in range(n)]
        self.trace: Narrator | None = None
        """A replay's listener (deckhand replay), None in every other game."""
        self.between_turns = True
        self.views: list[Any] | None = None
        """One live view per seat, made on first use (never copied)."""
        self.resolving: list[int] = []
        """Event cards being resolved: out of the deck, not yet in the discard pile."""
        self.rng: Any = None
        """The game's rules stream (a copy shares it: core.forward gives a copy its own)."""
        self.stack: list[Any] = []
        """Where the game stands within a turn: the pending steps (core/machine.py)."""
        self.answer: Any = None
        """The answer to the last decision, for the step that asked it."""
        self.ret: Any = None
        """What the last finished step or power handed the step after it."""
        self.clonable = False
        """Whether a copy may be asked at any decision (core.forward.Playthrough)."""

    def copy(self) -> TravelState:
        """A deep copy of the zones and the pending steps (the random stream is shared:
        core.forward gives a copy its own)."""
        other = TravelState(self.n)  # not __new__: see IEState.copy (the compiled build)
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.hands = [h[:] for h in self.hands]
        other.known = [set(k) for k in self.known]
        other.country = self.country[:]
        other.completed = self.completed[:]
        other.central = self.central
        other.set_aside_countries = self.set_aside_countries[:]
        other.character = self.character[:]
        other.rules = [dict(r) for r in self.rules]
        other.current = self.current
        other.turn = self.turn
        other.first_player = self.first_player
        other.winners = self.winners[:]
        other.end_reason = self.end_reason
        other.log = [{e: v[:] for e, v in log.items()} for log in self.log]
        other.trace = None
        other.between_turns = self.between_turns
        other.resolving = self.resolving[:]
        other.views = None
        other.rng = self.rng
        other.stack = self.stack[:]
        other.answer = self.answer
        other.ret = self.ret
        other.clonable = self.clonable
        return other

    def target(self, player: int) -> int:
        """The country this player must travel to next: their own, then the central one."""
        return self.country[player] if self.completed[player] == 0 else self.central
