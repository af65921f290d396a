"""A game declares itself once, as frozen data: what it is, what it accepts, what it logs;
and the `Game` protocol its rules implement once bound to a config and a card sheet."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from simulator.core.cards import CardRow, CardSchema, CardSheet, Need
from simulator.core.errors import ConfigError
from simulator.core.limits import MAX_TURNS, check_whole
from simulator.core.machine import Rules, State
from simulator.core.outcome import Outcome
from simulator.core.plugins import PluginCode
from simulator.core.rule_numbers import with_overrides
from simulator.core.seeding import GameRandom

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from simulator.core.view import SeatView


@dataclass(frozen=True)
class ModuleSpec:
    """An expansion or optional module a user can switch on by name."""

    name: str
    description: str
    max_players: int | None = None
    kind: str = "module"
    """"module" (an expansion or set, chosen with --modules/--sets) or "variant" (an optional
    way to play, chosen with --variant); both end up in GameConfig.modules."""


@dataclass(frozen=True)
class CardMeasure:
    """Which per-card figure answers "is this card too strong?" for some kinds of card.

    Declared data, not code: the card summary (simulator/analysis/metrics.py) computes one verdict
    per card of these kinds, comparing the card with its peers (the other card kinds listed
    here) on `event`, and the reports show it in the words given here. docs/metrics.md says
    which measure each game declares and why."""

    kinds: tuple[str, ...]
    """Values of the game's `card_group` column compared together: a card's peers are the
    other card kinds of these groups (travel items against items). "*" stands for every
    group no other measure names (every Import/Export contract against every other)."""
    event: str
    """The event the comparison is on: "gih" (in hand, the game's `seen_events`) or an event
    column ("travelled", "fulfilled", "assigned", ...)."""
    peers: str
    """The peers in plain words, plural: "items", "postcards", "contracts"."""
    label: str
    """The measure in plain words, as a column name: "win rate when used to travel"."""
    term: str
    """The community's name for the measure, shown beside the plain one: "played WR"."""
    reason: str
    """Why this is the right question for these cards, in one or two sentences."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the core needs to know about a game, declared once."""

    name: str
    title: str
    min_players: int
    max_players: int
    modules: tuple[ModuleSpec, ...]
    card_sheet: Path
    card_schema: CardSchema
    player_events: tuple[tuple[str, str], ...]
    """(event, meaning): each becomes a list column of card ids in the players table."""
    seen_events: tuple[str, ...]
    """Events that mean "this player had the card in hand" (17lands' GIH)."""
    opening_event: str | None
    """The event that means "in the opening hand" (17lands' OH), if the game has one."""
    end_reasons: tuple[tuple[str, str], ...]
    factory: Callable[[GameConfig], Game[Any]] = field(repr=False)
    """Build the game's rules for a config (reading its card sheet); `Game[Any]`: a spec
    holds any game, whose state class its caller does not know."""
    default_max_turns: int = 1000
    card_group: str = "type"
    """The card-sheet column that groups cards in the per-card summary and report."""
    adjusted_events: tuple[str, ...] = ("gih",)
    """Events of the adjusted per-card model (simulator/analysis/adjusted.py), one model each:
    "gih" is in hand (`seen_events`), any other name an event column (e.g. "fulfilled")."""
    activity_events: tuple[str, ...] = ()
    """Adjusted events whose model also controls for how many cards had the event (owning
    any contract scores, so "fulfilled" compares a card with an average other contract)."""
    rule_numbers: DataclassInstance | None = None
    """The game's rule numbers as a frozen dataclass instance (defaults), overridable with
    `--rule key=value`; None where the numbers live in the card sheet (travel)."""
    power_switch: str | None = None
    """The card-sheet parameter that plays a card with its power off (attributes kept), e.g.
    Import/Export's `power_off=1`; None where cards cannot be switched one by one (then
    `deckhand ablate` refuses the game)."""
    physical_card_column: str | None = None
    """The sheet column naming a row's physical card, where one card prints several rows
    (Import/Export's Flag cards): switching a card's power off switches all its rows."""
    build_with_sheet: Callable[[GameConfig, CardSheet], Game[Any]] | None = field(
        default=None, repr=False
    )
    """Build the game from a card sheet already in memory (the factory reads a file); the
    experiments build one per set of powers switched off."""
    param_ranges: Callable[[CardRow], Mapping[str, Need]] | None = field(default=None, repr=False)
    """A card-sheet row -> each of its parameters' meaningful range (`core.cards.Need`),
    where the game declares them (the same ranges its sheet checks hold a sheet to):
    `deckhand balance` searches within them. None where the game declares none (then the
    range is taken from the printed value)."""
    card_measures: tuple[CardMeasure, ...] = ()
    """Per kind of card, the measure its verdict uses (see CardMeasure); kinds not named
    here get no verdict, and a game that names none gets none."""
    event_labels: tuple[tuple[str, str], ...] = ()
    """(event, short plain label) for report column names: ("fulfilled", "power owned").
    Events not listed are shown by their column name."""
    evaluation: Callable[[Any, Any], list[float]] | None = field(default=None, repr=False)
    """(game, state) -> each player's prospects from 0 (lost) to 1 (won), at a position where
    the game is not over: how a search scores a rollout it stops early (strategies/mcts.py).
    Rules-side facts only (how near each player is to the end the rules declare), no bot's
    judgement. None: the score margin of the outcome so far (core.protocol.score_margin).
    (Typed `Any, Any`: the game's own rules class and state, which a spec, declared before
    its rules class and shared by every game, cannot name.)"""
    decisions: tuple[tuple[str, str], ...] = ()
    """Every kind of decision the rules ask, with what it asks: (kind, text). A strategy
    answers these kinds; tests check that the rules yield exactly them."""
    plugin_help: str | None = None
    """What a designer's `--powers FILE` may hold for this game (a line of help), or None
    where the game takes no such code (then the option is refused)."""
    sheet_warnings: Callable[[GameConfig], list[str]] | None = field(default=None, repr=False)
    """What a run should be told of its card sheet that is not an error (a card whose power
    text no code plays, so it plays as a vanilla card): one sentence each, written to the
    manifest's warnings and printed by `simulate` and `cards validate`. None: nothing."""

    def __post_init__(self) -> None:
        """The set of decision kinds, made once; and a verdict measure must name an event
        the game logs: a typo would otherwise give every card of its kinds an empty verdict
        at the end of a long run."""
        object.__setattr__(
            self, "_decision_kinds", frozenset(kind for kind, _ in self.decisions)
        )  # frozen: set once here, never changed
        known = ("gih", *self.event_names)
        for measure in self.card_measures:
            if measure.event not in known:
                raise ValueError(
                    f"{self.name}: the verdict measure of {', '.join(measure.kinds)} names the "
                    f"event '{measure.event}'; known: {', '.join(known)}"
                )

    @property
    def module_names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.modules)

    def decision_kinds(self) -> frozenset[str]:
        """The kinds of decision the game's rules may ask: one set per spec, made once (the
        engine asks for it every game, and a bot may remember its answer by it)."""
        kinds: frozenset[str] = self.__dict__["_decision_kinds"]
        return kinds

    def names_of_kind(self, kind: str) -> tuple[str, ...]:
        return tuple(m.name for m in self.modules if m.kind == kind)

    @property
    def event_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.player_events)

    def event_label(self, event: str) -> str:
        """The plain label of an event column ("gih" is "in hand"), else its name."""
        labels = dict(self.event_labels)
        if event == "gih":
            return labels.get("gih", "in hand")
        return labels.get(event, event)

    def measure_of(self, kind: str) -> CardMeasure | None:
        """The declared verdict measure of a kind of card, if any."""
        exact = next((m for m in self.card_measures if kind in m.kinds), None)
        return exact or next((m for m in self.card_measures if "*" in m.kinds), None)

    def make_config(
        self,
        players: int,
        modules: tuple[str, ...] | list[str] = (),
        card_sheet: str | Path | None = None,
        max_turns: int | None = None,
        variants: tuple[str, ...] | list[str] = (),
        rules: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (),
        powers: str | Path | None = None,
    ) -> GameConfig:
        """Validate user choices into a GameConfig; errors name the option and accepted values.

        `modules` may say `all` (every module that is not a variant); `variants` are added to
        the modules, so the manifest and the datasets record them the same way. `powers` is
        a designer's Python file, read now and carried as its text (core/plugins.py)."""
        if powers is not None and self.plugin_help is None:
            raise ConfigError(
                f"--powers: {self.name} takes no code of a designer's own (its cards have no "
                "powers to add); edit its card sheet and pass --card-sheet"
            )
        sets = self.names_of_kind("module")
        if "all" in modules:
            modules = [*sets, *(m for m in modules if m != "all" and m not in sets)]
        for option, names, kind in (
            ("--modules", modules, "module"),
            ("--variant", variants, "variant"),
        ):
            accepted_names = self.names_of_kind(kind)
            unknown = [m for m in names if m not in accepted_names]
            if unknown:
                accepted = ", ".join(accepted_names) or "(this game has none)"
                if kind == "module" and accepted_names:
                    accepted += ", all"
                raise ConfigError(
                    f"{option}: unknown {'variant' if kind == 'variant' else 'module'} "
                    f"'{unknown[0]}' for {self.name}; accepted: {accepted}"
                )
        modules = [*modules, *variants]
        if len(set(modules)) != len(modules):
            raise ConfigError("--modules: a module is named twice")
        max_players = self.max_players
        for m in self.modules:
            if m.name in modules and m.max_players is not None:
                max_players = min(max_players, m.max_players)
        if not self.min_players <= players <= max_players:
            raise ConfigError(
                f"--players: {players} is not accepted for {self.name} with modules "
                f"[{', '.join(modules) or 'none'}]; accepted: {self.min_players} to {max_players}"
            )
        if rules:
            if self.rule_numbers is None:
                raise ConfigError(
                    f"--rule: {self.name} keeps its rule numbers in the card sheet; "
                    "edit a copy of the sheet and pass --card-sheet"
                )
            with_overrides(self.rule_numbers, tuple(rules))  # errors now, before any game
        turns = self.default_max_turns if max_turns is None else max_turns
        if turns < 1:
            raise ConfigError("--max-turns: must be at least 1")
        check_whole("--max-turns", turns, MAX_TURNS)
        order = {name: i for i, name in enumerate(self.module_names)}
        return GameConfig(
            game=self.name,
            players=players,
            modules=tuple(sorted(modules, key=order.__getitem__)),
            card_sheet=str(Path(card_sheet).resolve()) if card_sheet else None,
            max_turns=turns,
            rules=tuple((str(k), str(v)) for k, v in rules),
            powers=None if powers is None else PluginCode.read(powers),
        )


@dataclass(frozen=True)
class GameConfig:
    """The rules-side configuration of a run: the same for every game in it."""

    game: str
    players: int
    modules: tuple[str, ...]
    card_sheet: str | None
    max_turns: int
    rules: tuple[tuple[str, str], ...] = ()
    """Overrides of the game's rule numbers (`--rule key=value`), checked by the game when it
    is built: a designer tries "sell for 5" without touching code."""
    powers: PluginCode | None = None
    """A designer's card powers (`--powers FILE`), their code carried whole so that every
    worker plays it and a resumed run plays the code it started with."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "modules": list(self.modules),
            "card_sheet": self.card_sheet,
            "max_turns": self.max_turns,
            "rules": [list(pair) for pair in self.rules],
        }
        if self.powers is not None:  # (absent otherwise: older manifests read the same)
            data["powers"] = self.powers.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        return cls(
            game=data["game"],
            players=int(data["players"]),
            modules=tuple(data["modules"]),
            card_sheet=data["card_sheet"],
            max_turns=int(data["max_turns"]),
            rules=tuple((k, v) for k, v in data.get("rules", ())),
            powers=PluginCode.from_json(data["powers"]) if data.get("powers") else None,
        )


class Game(Rules[State], Protocol[State]):
    """A game's rules bound to a config and a card sheet: the one contract every game
    implements, generic over its state class (`Game[IEState]`). Its methods never touch
    global state.

    Where a game stands is its state alone: `begin` pushes a new game's first step onto the
    state's stack and core.machine runs the steps; core.forward.Playthrough drives a game
    through them, decision by decision: `engine.play_game` plays every game so, the search
    bots copy and redeal playthroughs, and the rules' tests step through one. What the step
    loop itself needs of it (copy_state, ended_at_once) is core.machine.Rules, which this
    extends."""

    spec: GameSpec
    config: GameConfig
    sheet: CardSheet

    def new_state(self, rng: GameRandom) -> State:
        """A new game's state, dealt from the rules stream `rng`."""
        ...

    def begin(self, state: State) -> None:
        """Push the steps of a whole game onto a new state's stack."""
        ...

    def redeal(self, state: State, seat: int, rng: GameRandom) -> None:
        """Shuffle what `seat` cannot see among the places it cannot see into (in place)."""
        ...

    def observe(self, state: State, player: int) -> SeatView:
        """What `player` may see: the game's redacted, read-only view of its seat."""
        ...

    def outcome(self, state: State) -> Outcome:
        """Scores, winners and per-player events of a finished game."""
        ...

    def cards_in_game(self) -> list[int]:
        """The card-sheet ids of the cards this config plays with."""
        ...

    def check_invariants(self, state: State) -> None:
        """Raise InvariantError where the state breaks a rule of the game (tests, --check)."""
        ...
