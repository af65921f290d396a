"""The power framework: each card's unique power is a small function registered by name
(the package's modules register them when it is imported: powers/__init__.py).

A power module registers handlers with `@power("Almonds", on_fulfil=True)` etc. When a
game starts, `index_for` keeps only the cards of that game; ongoing hooks are added to the
state when their contract is fulfilled, so an event consults only the powers in play.
Numbers come from the card sheet's `params` (`contract.params["high_pay"]`), never from code.

Timings (the card sheet's `timing` column): `immediate` (once, on fulfilment), `ongoing`
(hooks on events while fulfilled), `end_game` (scoring), `any_time` (offered as decisions).
Powers whose text says "at any time" (whatever their timing column) are used in the rules'
reaction windows (windows.py): `any_time=` lists their uses at a moment, `use=True`
performs one.

**One declaration per card.** A card's first registration also declares everything else the
code knows about it (`Declared`): the numbers its power reads with their meaningful ranges
(`params=`), the numbers its sheet row restates (`restates=`), the counts it waits for
(`reaches=`), the decision kinds it asks (`asks=`, constants declared beside it with
`decisions.KINDS.declare`), and its flags (`copy_does_nothing=`, `own_level=`,
`own_color=`, `checks=`, `goods_as=`). The sheet checks (sheet_checks.py), the game's decision kinds
(decisions.py) and the bots' facts (`copy_does_nothing`) are built from these, never written
beside them; tests/import_export/test_card_declarations.py holds every shipped card to one
declaration in one module. docs/architecture.md, "Adding a card", walks through one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from simulator.core.cards import Need
from simulator.core.decision import DecisionKind
from simulator.core.protocol import Flow

if TYPE_CHECKING:
    from simulator.games.import_export.cards import IECards
    from simulator.games.import_export.state import IEState


class PowerGame(Protocol):
    """What the framework itself reads of the game it is given: the card tables. The
    handlers it calls take the same game as a `game_api.GameAPI` (which ImportExportGame
    implements); the framework cannot name that protocol, which names `PowerIndex` (a circle
    of imports, type hints counted: tests/test_layers.py)."""

    cards: IECards


EVENTS = (
    "turn_started",
    "draw_action",
    "action_declared",
    "contract_placed",
    "container_loaded",
    "load_action",
    "plundered",
    "imported",
    "contract_fulfilled",
    "ship_completed",
    "goods_added",
    "crew_added",
    "ship_returned",
    "ship_plundered",
    "turn_ended",
    "cards_drawn",
)
"""What ongoing hooks can listen to; the engine emits each at one place. Payloads:
turn_started: None (actor: the leader, before he leads or draws); draw_action: None,
after a leader or a follower drew instead of acting; action_declared: (action,
the players who followed by playing a card, the actions declared per player), once all have
declared; load_action: the cards the Load action loaded (a tuple, maybe empty),
after each Load action performed (rules.load_action); plundered: (card, the colour it was
taken as, "ship" or "island", or with Mini Van "deck" or "hand"), after the Pirate action
placed or discarded it; imported: (ship index, or None for the supply island with Dark Flight, the
(card, colour) pairs the auction winner took), before an emptied ship returns home;
contract_placed: contract id; container_loaded: card; contract_fulfilled: the contract ids
completed together on one ship, in completion order; ship_completed: (ship index, those
contract ids, per container the index in that list of the contract it filled or -1), sent
right after contract_fulfilled while the ship still carries its containers; goods_added:
card. crew_added: card, after a Supply or an import put it in the actor's crew;
ship_returned: ship index (actor: its owner), after a ship at sea left without containers
came home (rules.ship_home, which every rule or power emptying a ship at sea calls), or one
left with Aeroponics' last container came home still loaded;
ship_plundered: (ship index, card), after a Pirate action took that container from a ship
at sea (or at port, with Mini Van) and placed or discarded it, before `plundered`;
turn_ended: None (actor: the leader), after every action of the turn, before its
end-of-turn checks. cards_drawn: None (actor: who drew), once the rule or power that
drew cards into his hand has resolved (a draw is noted by `note_draw` only while someone
listens; it is told at the end of the next `emit` or `fulfilled`: Nanobots)."""
ANY_TIME: Final = "any_time"
"""The `s.hooks` key listing (owner, contract id) of fulfilled "at any time" powers, kept
like an event's listeners (added on fulfilment, removed when lost); read by windows.py."""
END_STAGES: Final = ("prepare", "counts", "awards", "game")
"""Scoring stages, in order (rules.ImportExportGame.score)."""
CARD_OF: dict[str, Callable[[Any, Any], int]] = {
    "container_loaded": lambda game, payload: payload,
    "plundered": lambda game, payload: payload[0],
    "contract_placed": lambda game, payload: game.cards.card_of_contract[payload],
}
"""The events a card's own power (`card_hook`) can listen to, and the card each concerns."""


@dataclass(frozen=True)
class Restated:
    """A number a card's row prints that the engine does not read, because it restates a
    rule number or a fixed part of the mechanics: `rule` names the `rule_book.BaseRules`
    field it equals (or `value` is the fixed number), `why` says what it is. The sheet must
    give what the game plays (sheet_checks.restated_numbers)."""

    why: str
    rule: str = ""
    value: int | None = None
    product: tuple[str, ...] = ()
    """Or: the product of these parameters of the card's own row (Sauna's doubled penalty)."""


@dataclass(frozen=True)
class Reach:
    """A count a power waits for, of goods or cards of `colors`: of "one" type, of "every"
    type, or of "any" one type (the most of one): the sheet must hold that many cards that
    could count (sheet_checks.reachable_counts)."""

    colors: tuple[int, ...]
    mode: str = "one"


@dataclass
class Declared:
    """What the code knows about a card besides its handlers, declared once, on the card's
    first registration (see the module's docstring)."""

    module: str
    """The module that declares the card: every registration of the card is in it."""
    params: dict[str, Need] = field(default_factory=dict)
    """Every number the power reads from the sheet -> its meaningful range."""
    restates: dict[str, Restated] = field(default_factory=dict)
    reaches: dict[str, Reach] = field(default_factory=dict)
    """A parameter that is a count of cards of some types -> which (Reach)."""
    asks: tuple[DecisionKind, ...] = ()
    """The decision kinds the power asks (decisions.KINDS), wherever the rules ask them."""
    copy_does_nothing: bool = False
    """Its power moves its own card, so a copy (Wind Turbines) has nothing to do (IE-POWER-40,
    IE-CAP-11, IE-KS-3, IE-JP-1, IE-FLAGP-6, IE-FLAGP-13, IE-FLAGP-18, IE-FLAGP-19)."""
    own_level: str = ""
    """The words of a power naming the card's own Level Requirement (Flour, Lutefisk)."""
    own_color: tuple[int, str] | None = None
    """(colour, the words): a power counting its own card as a contract of one type."""
    checks: tuple[Callable[..., Any], ...] = ()
    """Sheet checks of this card alone (sheet_checks.SheetCards -> problems)."""
    goods_as: dict[int, str] = field(default_factory=dict)
    """Good type -> the parameter giving how many goods of that type the card counts as
    (Joe Wiggins: IE-KS-7); the sheet checks count them among the goods a player can hold."""


@dataclass
class Power:
    """The handlers of one card's power."""

    name: str
    declared: Declared = field(default_factory=lambda: Declared(""))
    """What else the code knows about the card (its first registration declares it)."""
    on_fulfil: Callable[..., Any] | None = None
    """Generator (game, state, owner, contract) -> Flow, run once when fulfilled."""
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)
    """event -> generator (game, state, owner, contract, actor, payload) -> Flow."""
    end: dict[str, Callable[..., Any]] = field(default_factory=dict)
    """Scoring stage (prepare, counts, awards, game) -> (game, state, owner, contract,
    scoring) -> None; see state.Scoring."""
    hand_hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)
    """event (EVENTS) -> generator (game, state, contract, card, holder, actor, payload) ->
    Flow, run while the card is in a player's hand (Lutefisk)."""
    card_hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)
    """event -> generator (game, state, contract, card, actor, payload) -> Flow, run when
    the event concerns this physical card, whoever owns it (Yogurt); see CARD_OF."""
    any_cargo: bool = False
    """The card's own contract takes containers of any colour while placed (Tortillas)."""
    unlimited_ship: bool = False
    """A ship with the card's contract placed on it has no capacity limit (Legos)."""
    any_time: Callable[..., Any] | None = None
    """(game, state, player, contract, moment) -> list of argument tuples, one per use the
    player can make of this "at any time" power now (windows.uses_for); empty: not usable."""
    use: Callable[..., Any] | None = None
    """Generator (game, state, player, contract, args, moment) -> Flow: one use."""
    any_time_from: str = ""
    """Where the power works from: "fulfilled" (the owner's completed contracts, or a copy)
    or "hand" (the card in its holder's hand: Lutefisk)."""
    own_turn: bool = False
    """Usable only on its owner's own turn ("on your turn": Olive Oil, Tsukiji Fish)."""
    on_lose: Callable[..., Any] | None = None
    """(game, state, owner, contract) -> None, run when the contract leaves its owner's
    fulfilled contracts with its power (Stolen Documents): undoes the rule modifiers its
    power set (PowerIndex.lost; its hooks are removed there)."""
    on_cargo: Callable[..., Any] | None = None
    """Generator (game, state, contract, card, ship index, contract ids, filled) -> Flow, run
    when a
    ship carrying this card as a container completes, whoever fulfilled the card (Bok Choy);
    `filled` is the index in `contract ids` of the contract the card filled, or -1."""


POWERS: dict[str, Power] = {}
"""The shipped powers, by card name (the package's modules fill it when imported)."""

_COLLECTING: list[dict[str, Power]] = []
"""Where `power` registers while a designer's file runs (designer.py): a registry of that
file's own, so the shipped POWERS never change and one run's code never leaks into
another run's games in the same process."""


@contextmanager
def collecting(into: dict[str, Power]) -> Iterator[dict[str, Power]]:
    """Registrations made inside go to `into` instead of POWERS."""
    _COLLECTING.append(into)
    try:
        yield into
    finally:
        _COLLECTING.pop()


def power(
    name: str,
    *,
    on_fulfil: bool = False,
    hook: str | None = None,
    end: str | None = None,
    any_cargo: bool = False,
    on_cargo: bool = False,
    card_hook: str | None = None,
    in_hand: str | None = None,
    unlimited_ship: bool = False,
    on_lose: bool = False,
    any_time: str | None = None,
    own_turn: bool = False,
    use: bool = False,
    params: Mapping[str, Need] | None = None,
    restates: Mapping[str, Restated] | None = None,
    reaches: Mapping[str, Reach] | None = None,
    asks: tuple[DecisionKind, ...] = (),
    copy_does_nothing: bool = False,
    own_level: str = "",
    own_color: tuple[int, str] | None = None,
    checks: tuple[Callable[..., Any], ...] = (),
    goods_as: Mapping[int, str] | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a function as (part of) the power of the card called `name`.

    `on_fulfil`: once when fulfilled; `hook`: an event while fulfilled (EVENTS); `end`: a
    scoring stage (END_STAGES); `any_cargo`: the contract is a rainbow while placed (the
    function is not called); `on_cargo`: when a ship carrying the card completes;
    `unlimited_ship`: a ship with the contract placed has no capacity (not called);
    `on_lose`: when the fulfilled contract is taken from its owner with its power;
    `any_time`: "fulfilled" or "hand", the function lists the power's uses at a window's
    moment (`own_turn`: only in its owner's turn); `use`: performs one (windows.py).

    The card's first registration declares the rest (`Declared`: `params`, `restates`,
    `reaches`, `asks`, `copy_does_nothing`, `own_level`, `own_color`, `checks`,
    `goods_as`); a later
    one may not, and every registration of a card is in the module that declared it."""
    declaring = (
        params,
        restates,
        reaches,
        asks,
        copy_does_nothing,
        own_level,
        own_color,
        checks,
        goods_as,
    )

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        registry = _COLLECTING[-1] if _COLLECTING else POWERS
        entry = registry.get(name)
        if entry is None:
            entry = registry[name] = Power(name)
            entry.declared = Declared(
                func.__module__,
                dict(params or {}),
                dict(restates or {}),
                dict(reaches or {}),
                asks,
                copy_does_nothing,
                own_level,
                own_color,
                checks,
                dict(goods_as or {}),
            )
        elif any(declaring):
            raise ValueError(
                f"{name}: declared again in {func.__module__}.{func.__name__}; a card's "
                f"numbers, questions and flags go on its first registration "
                f"({entry.declared.module})"
            )
        elif func.__module__ != entry.declared.module:
            raise ValueError(
                f"{name}: registered in {func.__module__} and in {entry.declared.module}; "
                "a card's power lives in one module"
            )
        if on_fulfil:
            entry.on_fulfil = func
        if hook is not None:
            if hook not in EVENTS:
                raise ValueError(f"{name}: unknown event '{hook}'; events: {', '.join(EVENTS)}")
            entry.hooks[hook] = func
        if end is not None:
            if end not in END_STAGES:
                raise ValueError(f"{name}: unknown scoring stage '{end}'; stages: {END_STAGES}")
            entry.end[end] = func
        if any_cargo:
            entry.any_cargo = True
        if unlimited_ship:
            entry.unlimited_ship = True
        if on_cargo:
            entry.on_cargo = func
        if on_lose:
            entry.on_lose = func
        if any_time is not None:
            if any_time not in ("fulfilled", "hand"):
                raise ValueError(f"{name}: any_time works from 'fulfilled' or 'hand'")
            entry.any_time, entry.any_time_from, entry.own_turn = func, any_time, own_turn
        if use:
            entry.use = func
        if card_hook is not None:
            if card_hook not in CARD_OF:
                raise ValueError(f"{name}: card hooks listen to {', '.join(CARD_OF)}")
            entry.card_hooks[card_hook] = func
        if in_hand is not None:
            if in_hand not in EVENTS:
                raise ValueError(f"{name}: unknown event '{in_hand}'; events: {', '.join(EVENTS)}")
            entry.hand_hooks[in_hand] = func
        return func

    return register


class PowerIndex:
    """The powers of one game's cards, by contract id; consulted only for cards in play."""

    def __init__(self, by_contract: dict[int, Power], cards: IECards | None = None) -> None:
        self.by_contract = by_contract
        self.any_cargo = frozenset(cid for cid, e in by_contract.items() if e.any_cargo)
        """Contract ids whose cargo takes any colour (rules.remaining)."""
        self.unlimited_ship = frozenset(cid for cid, e in by_contract.items() if e.unlimited_ship)
        """Contract ids making their ship's capacity unlimited (rules.can_hold)."""
        self.cargo_cards: dict[int, int] = {}
        """Physical card -> the contract id whose on_cargo handler it has (rules._fulfil)."""
        self.hand_hooks: dict[str, dict[int, int]] = {}
        """event -> physical card -> the contract id whose power works from the hand."""
        self.card_hooks: dict[str, dict[int, int]] = {}
        """event -> physical card -> the contract id whose card hook it has."""
        self.hand_any_time: dict[int, int] = {}
        """Physical card -> the contract id of an "at any time" power that works from the
        hand (Lutefisk): windows ask its holder."""
        if cards is not None:
            for cid, entry in by_contract.items():
                if entry.on_cargo is not None:
                    self.cargo_cards[cards.card_of_contract[cid]] = cid
                for event in entry.card_hooks:
                    self.card_hooks.setdefault(event, {})[cards.card_of_contract[cid]] = cid
                for event in entry.hand_hooks:
                    self.hand_hooks.setdefault(event, {})[cards.card_of_contract[cid]] = cid
                if entry.any_time_from == "hand":
                    self.hand_any_time[cards.card_of_contract[cid]] = cid
        self.card_events = frozenset(self.card_hooks) | frozenset(self.hand_hooks)
        """Events a card of this game hears from the table or from a hand, whoever
        fulfilled what (both indexes are fixed for the game): the game's first test before
        `emit` (one set test instead of a lookup in each)."""

    def in_cargo(
        self,
        game: PowerGame,
        s: IEState,
        card: int,
        ship: int,
        contracts: list[int],
        filled: int,
    ) -> Flow:
        """A ship carrying `card` (which has an on_cargo power) completed `contracts`."""
        cid = self.cargo_cards[card]
        handler = self.by_contract[cid].on_cargo
        assert handler is not None
        contract = game.cards.contract_by_id[cid]
        flow = handler(game, s, contract, card, ship, contracts, filled)
        yield from told(s, contract.name, s.ships[ship].owner, flow)

    def fulfilled(
        self,
        game: PowerGame,
        s: IEState,
        owner: int,
        contract_id: int,
        immediate_only: bool = False,
    ) -> Flow:
        """A contract joined `owner`'s fulfilled contracts: its hooks from now on, and its
        on-fulfil handler. `immediate_only`: completed but put elsewhere (Hentai Manga), so
        only an immediate power resolves (IE-TOKYO-6)."""
        entry = self.by_contract.get(contract_id)
        if entry is None:
            return
        if immediate_only and game.cards.contract_by_id[contract_id].timing != "immediate":
            return
        for event in () if immediate_only else entry.hooks:
            s.hooks.setdefault(event, []).append((owner, contract_id))
        if entry.any_time_from == "fulfilled" and not immediate_only:
            s.hooks.setdefault(ANY_TIME, []).append((owner, contract_id))
        if entry.on_fulfil is not None:
            flow = entry.on_fulfil(game, s, owner, game.cards.contract_by_id[contract_id])
            yield from told(s, entry.name, owner, flow)
            if s.hooks.get("cards_drawn"):
                yield from self.tell_draws(game, s)

    def copied(self, game: PowerGame, s: IEState, owner: int, contract_id: int) -> Flow:
        """`owner` gains a copy of a contract's power (Wind Turbines): its hooks, its
        end-game scoring (through mods "copied_powers") and its immediate effect, now."""
        mods = s.mods[owner]
        mods["copied_powers"] = (*mods.get("copied_powers", ()), contract_id)
        yield from self.fulfilled(game, s, owner, contract_id)

    def lost(self, game: PowerGame, s: IEState, owner: int, contract_id: int) -> None:
        """`owner` loses a fulfilled contract's power (Stolen Documents takes the card): its
        ongoing hooks stop and its `on_lose` undoes the rule modifiers it set; what its
        immediate power did stays (IE-POWER-51)."""
        entry = self.by_contract.get(contract_id)
        if entry is None:
            return
        for event in (*entry.hooks, ANY_TIME):
            listeners = s.hooks.get(event)
            if listeners and (owner, contract_id) in listeners:
                listeners.remove((owner, contract_id))
        if entry.on_lose is not None:
            entry.on_lose(game, s, owner, game.cards.contract_by_id[contract_id])

    def gained(self, game: PowerGame, s: IEState, owner: int, contract_id: int) -> Flow:
        """`owner` gains a fulfilled contract's power without completing it (Railguns takes
        the card: IE-KSB-8): its ongoing hooks, and the rule modifiers of a power that can
        lose them (one with `on_lose`: its on-fulfil handler sets them); an immediate power
        does not resolve again."""
        entry = self.by_contract.get(contract_id)
        if entry is None:
            return
        for event in entry.hooks:
            s.hooks.setdefault(event, []).append((owner, contract_id))
        if entry.any_time_from == "fulfilled":
            s.hooks.setdefault(ANY_TIME, []).append((owner, contract_id))
        if entry.on_lose is not None and entry.on_fulfil is not None:
            flow = entry.on_fulfil(game, s, owner, game.cards.contract_by_id[contract_id])
            yield from told(s, entry.name, owner, flow)

    def emit(self, game: PowerGame, s: IEState, event: str, actor: int, payload: Any) -> Flow:
        static = self.card_hooks.get(event)
        if static:
            card = CARD_OF[event](game, payload)
            cid = static.get(card)
            if cid is not None:
                handler = self.by_contract[cid].card_hooks[event]
                contract = game.cards.contract_by_id[cid]
                flow = handler(game, s, contract, card, actor, payload)
                yield from told(s, contract.name, actor, flow)
        in_hand = self.hand_hooks.get(event)
        if in_hand:
            for card, cid in in_hand.items():
                holder = next((q for q in range(s.n) if card in s.hands[q]), None)
                if holder is not None:
                    handler = self.by_contract[cid].hand_hooks[event]
                    contract = game.cards.contract_by_id[cid]
                    flow = handler(game, s, contract, card, holder, actor, payload)
                    yield from told(s, contract.name, holder, flow)
        listeners = s.hooks.get(event)
        if listeners:
            for owner, contract_id in list(listeners):
                entry = self.by_contract[contract_id]
                flow = entry.hooks[event](
                    game, s, owner, game.cards.contract_by_id[contract_id], actor, payload
                )
                yield from told(s, entry.name, owner, flow)
        if s.hooks.get("cards_drawn"):
            yield from self.tell_draws(game, s)

    def tell_draws(self, game: PowerGame, s: IEState) -> Flow:
        """Emit `cards_drawn` for each player who drew since the last time (see note_draw)."""
        for q in range(s.n):
            if s.mods[q].pop("drew_cards", None):
                yield from self.emit(game, s, "cards_drawn", q, None)

    def end_stage(self, stage: str, game: PowerGame, s: IEState, scoring: Any) -> None:
        """Run one scoring stage for every fulfilled contract with a handler for it."""
        for owner in range(s.n):
            copies = s.mods[owner].get("copied_powers", ())  # Wind Turbines
            for contract_id in [*s.fulfilled[owner], *copies]:
                entry = self.by_contract.get(contract_id)
                if entry is not None and stage in entry.end:
                    contract = game.cards.contract_by_id[contract_id]
                    entry.end[stage](game, s, owner, contract, scoring)

    def held_cards(self, s: IEState) -> list[int]:
        """Cards a power keeps outside the usual zones: mods "held_cards" per player, a tuple
        (a plundered container Robo-Cats keeps for a pair: IE-JP-8; Diesel Engine serving as
        a ship, Yen under one: IE-CAP-16, IE-CAP-25)."""
        return [c for mods in s.mods for c in mods.get("held_cards", ())]


def told(s: IEState, name: str, owner: int, flow: Flow, at_once: bool = False) -> Flow:
    """A power's generator as it runs: itself, or in a replay (`s.trace`) wrapped so that
    what it does is said to be its doing (core/narration.py). `at_once`: announce the power
    even if it does nothing visible (an any-time power a player chose to use)."""
    trace = s.trace
    if trace is None:
        return flow
    return trace.power(name, owner, flow, at_once)


def note_draw(s: IEState, p: int) -> None:
    """p drew cards into his hand: noted for the `cards_drawn` event while a power in play
    listens to it (Nanobots: IE-KSB-5); told at the end of the next emit."""
    if s.hooks.get("cards_drawn"):
        s.mods[p]["drew_cards"] = True


POWER_OFF: Final = "power_off"
"""A card-sheet parameter: `power_off=1` in a contract's params plays it vanilla (its
attributes kept, its power not indexed: as `--rule card_powers=false` does for every card).
`deckhand ablate` sets it card by card."""


def index_for(cards: IECards, designed: Mapping[str, Power] | None = None) -> PowerIndex:
    """Index the implemented powers of the cards in this game (not those switched off with
    `power_off`); a designer's own powers (`designed`, designer.py) replace the shipped
    ones of the same names."""
    by_contract = {}
    designed = designed or {}
    for contracts in cards.contracts:
        for contract in contracts:
            entry = designed.get(contract.name) or POWERS.get(contract.name)
            if entry is not None and not contract.params.get(POWER_OFF):
                by_contract[contract.id] = entry
    return PowerIndex(by_contract, cards)


def unplayed(cards: IECards, index: PowerIndex, texts: Mapping[int, str]) -> list[str]:
    """The names of the contracts whose power text (`texts`, by contract id) is not blank
    but which no power of `index` plays and whose power is not switched off: a designer's
    new card without its code, played as a vanilla card."""
    return [
        contract.name
        for contracts in cards.contracts
        for contract in contracts
        if contract.id not in index.by_contract
        and not contract.params.get(POWER_OFF)
        and str(texts.get(contract.id) or "").strip()
    ]


def missing_powers(names: list[str]) -> list[str]:
    """The card names without an implemented power: the to-do list of the power issues."""
    return [n for n in names if n not in POWERS]
