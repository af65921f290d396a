"""Import/Export state: ships, ports and zones as plain lists of card ints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from simulator.core.machine import GameEnded
from simulator.core.narration import Narrator
from simulator.games.import_export.mods import Mods

EVENTS = (
    ("opening", "in the opening hand"),
    ("drawn", "drawn from the deck into the hand"),
    ("played", "played from the hand to declare or follow an action"),
    ("wildcard", "played as half of a two-card wildcard"),
    ("contracted", "placed as a contract under a ship"),
    ("fulfilled", "a contract of this player fulfilled (its power owned)"),
    ("loaded", "loaded as a container (Load or Pirate action)"),
    ("crew", "taken as crew"),
    ("goods", "taken as goods"),
    ("sold", "sold to the supply island"),
    ("pirated", "taken from a ship at sea or the island with the Pirate action"),
    ("imported", "won in an import auction"),
    ("discarded", "discarded: over a limit, unplaceable, or a discarded contract"),
)
EVENT_NAMES: Final = tuple(name for name, _ in EVENTS)


@dataclass
class Scoring:
    """The end-of-game tally that scoring powers read and change, stage by stage."""

    final: list[int]
    counts: list[list[int]] = field(default_factory=list)
    """Goods per colour per player, as counted for values and majorities."""
    good_value: list[list[int]] = field(default_factory=list)
    """Credits per good per colour per player (1, and 2 for illegal)."""
    awards: list[list[int]] = field(default_factory=list)
    """[player, colour, credits]: majority bonuses, and the illegal penalty as negative."""


class GameOver(GameEnded):
    """A card's win condition ended the game at once."""


def clockwise(first: int, n: int) -> list[int]:
    """The seats in turn order from `first`, `first` included (the leader's turn, a power
    going round the table from its owner)."""
    return [(first + i) % n for i in range(n)]


class ShipLike(Protocol):
    """What the cargo rules read of a ship (`rules.remaining`, `can_hold`, `fits`): a
    `Ship`, or a bot's own record of one built from its view (sequences, not lists)."""

    @property
    def owner(self) -> int: ...

    @property
    def at_sea(self) -> bool: ...

    @property
    def contracts(self) -> Sequence[int]: ...

    @property
    def cargo(self) -> Sequence[int]: ...

    @property
    def cargo_colors(self) -> Sequence[int]: ...


class Ship:
    """A ship: at its owner's port (taking contracts and cargo) or at sea (cargo to import)."""

    __slots__ = ("owner", "at_sea", "contracts", "cargo", "cargo_colors")

    def __init__(self, owner: int) -> None:
        self.owner = owner
        self.at_sea = False
        self.contracts: list[int] = []
        """Contract ids placed under the ship, in order."""
        self.cargo: list[int] = []
        """Cards loaded as containers, in loading order."""
        self.cargo_colors: list[int] = []
        """The colour each container counts as (a Flag card keeps the colour it was loaded as)."""

    def copy(self) -> Ship:
        other = Ship(self.owner)
        other.at_sea = self.at_sea
        other.contracts = self.contracts[:]
        other.cargo = self.cargo[:]
        other.cargo_colors = self.cargo_colors[:]
        return other


_STATE_FIELDS = (
    "n",
    "deck",
    "discard",
    "island",
    "hands",
    "crew",
    "goods",
    "fulfilled",
    "credits",
    "ships",
    "port",
    "leader",
    "turn",
    "first_player",
    "end_reason",
    "end_triggered",
    "reshuffle_allowed",
    "winners",
    "final_credits",
    "sold_this_turn",
    "log",
    "trace",
    "between_turns",
    "in_play",
    "hooks",
    "mods",
    "rng",
    "moving",
    "views",
    "limit_marks",
    "departing",
    "market",
    "stack",
    "answer",
    "ret",
    "clonable",
    "t_action",
    "t_declared",
    "t_acts",
    "t_followers",
)
"""The fields of IEState, in order (its slots; `copy` copies each)."""


class IEState:
    """Everything on the table. Cards are physical card ints; contracts are sheet ids."""

    __slots__ = _STATE_FIELDS

    def __init__(self, n: int, blank: bool = False) -> None:
        self.n = n
        if blank:  # `copy` sets every field itself
            return
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.island: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.crew: list[list[int]] = [[] for _ in range(n)]
        self.goods: list[list[int]] = [[] for _ in range(n)]
        self.fulfilled: list[list[int]] = [[] for _ in range(n)]
        """Fulfilled contract ids per player (the port's printed contract is not listed)."""
        self.credits: list[int] = [0] * n
        self.ships: list[Ship] = []
        self.port: list[int] = [0] * n
        """Each player's port colour."""
        self.leader = 0
        self.turn = 0
        self.first_player = 0
        self.end_reason = ""
        self.end_triggered = False
        self.reshuffle_allowed = True
        self.winners: list[int] = []
        self.final_credits: list[int] = []
        self.sold_this_turn: list[bool] = [False] * n
        self.log: list[dict[str, list[int]]] = [{e: [] for e in EVENT_NAMES} for _ in range(n)]
        self.trace: Narrator | None = None
        """A replay's listener (deckhand replay), None in every other game: the rules
        narrate only behind `if s.trace is not None`."""
        self.between_turns = True
        self.in_play: list[int] = []
        """Cards played on ports this turn, discarded at its end."""
        self.hooks: dict[str, list[tuple[int, int]]] = {}
        """Ongoing powers in play: event -> (owner, contract id), added on fulfilment."""
        self.mods: list[dict[str, Any]] = [Mods() for _ in range(n)]
        """Rule modifiers per player, set by fulfilled powers and read where the rule lives:
        every key is declared in mods.py (meaning, who sets it, who reads it); `Mods` refuses
        an undeclared key. (Typed as plain dicts, which they are, for the compiled build's
        fast dict reads.)"""
        self.moving: list[int] = []
        """Cards in transit while their taker decides where they go."""
        self.views: list[Any] | None = None
        """One live view per seat, made on first use (never copied)."""
        self.rng: Any = None
        """The game's rules stream (a copy shares it: give a rollout its own)."""
        self.limit_marks: list[list[int]] | None = None
        """For the invariant check: per player [crew size, goods size] at the last check, and
        [crew, goods] additions a power was allowed to make over the limit since then."""

        self.departing: list[int] = []
        """Ships (indices) whose completion is resolving: contracts tucked, powers resolving,
        not yet at sea; none takes a contract meanwhile (Platinum Rings: IE-POWER-48)."""
        self.market: list[int] | None = None
        """The Market variant's goods markers (-2..+2) per good type, None without it
        (variants.py)."""
        self.stack: list[Any] = []
        """Where the game stands within a turn: the pending steps (core/machine.py)."""
        self.answer: Any = None
        """The answer to the last decision, for the step that asked it."""
        self.ret: Any = None
        """What the last finished step or power handed the step after it."""
        self.clonable = False
        """Whether a copy may be asked at any decision (core.forward.Playthrough): then every
        power resolved keeps a copy of the state from its start."""
        self.t_action = -1
        """This turn's led action."""
        self.t_declared: list[int] = []
        """This turn: the actions each player declared."""
        self.t_acts: list[int] = []
        """This turn: the type of action each player performs (one a turn: IE-KSB-6)."""
        self.t_followers: list[int] = []
        """This turn: who followed by playing a card, in turn order."""

    def ships_of(self, player: int) -> list[Ship]:
        return [s for s in self.ships if s.owner == player]

    def copy(self) -> IEState:
        """A deep copy, the pending steps included (the random stream is shared: give a copy
        its own, as core.forward does). (Built by `IEState(n)`, not `__new__`: the compiled
        build's native class has no `__new__` without `__init__`.) Field by field: a clone is
        what a search bot pays for per playout."""
        other = IEState(self.n, blank=True)
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.island = self.island[:]
        other.hands = [h[:] for h in self.hands]
        other.crew = [c[:] for c in self.crew]
        other.goods = [g[:] for g in self.goods]
        other.fulfilled = [f[:] for f in self.fulfilled]
        other.credits = self.credits[:]
        other.ships = [ship.copy() for ship in self.ships]
        other.port = self.port[:]
        other.leader = self.leader
        other.turn = self.turn
        other.first_player = self.first_player
        other.end_reason = self.end_reason
        other.end_triggered = self.end_triggered
        other.reshuffle_allowed = self.reshuffle_allowed
        other.winners = self.winners[:]
        other.final_credits = self.final_credits[:]
        other.sold_this_turn = self.sold_this_turn[:]
        other.log = [{e: v[:] for e, v in log.items()} for log in self.log]
        other.trace = None
        other.between_turns = self.between_turns
        other.in_play = self.in_play[:]
        other.hooks = {e: v[:] for e, v in self.hooks.items()}
        other.mods = [Mods(m) if m else Mods() for m in self.mods]
        other.rng = self.rng
        other.moving = self.moving[:]
        other.views = None
        marks = self.limit_marks
        other.limit_marks = None if marks is None else [m[:] for m in marks]
        other.departing = self.departing[:]
        other.market = None if self.market is None else self.market[:]
        other.stack = self.stack[:]
        other.answer = self.answer
        other.ret = self.ret
        other.clonable = self.clonable
        other.t_action = self.t_action
        other.t_declared = self.t_declared[:]
        other.t_acts = self.t_acts[:]
        other.t_followers = self.t_followers[:]
        return other
