"""Helpers for the Import/Export base-rules tests (conftest.py turns them into fixtures):
a synthetic card sheet, a hand-built table, and a driver that checks every decision.

The tests never read the real card sheet. `ie_table(players, cards={...})` writes a small
sheet into the test's tmp_path: 100 filler cards (every colour x action, four copies,
named like "red pirate 1", level none, cargo two of their own colour) plus the named cards
a test asks for, each given by a short spec: "red pirate level=red:1 cargo=red:2+blue:1".
Opt-in, `pairs=[(a, b)]` joins two named cards into one two-contract Flag card (set `flag`,
sides a and b); `t.c(a)` is then the physical card, `t.cid(a)` the contract named a.

`Table.arrange(...)` then lays out every zone by hand (hands, island, crew, goods, ships,
deck top, discard, credits, ports, leader); every card not named goes to `rest` (under the
deck by default) so `check_invariants` holds. `Table.play()` returns a `Driver` that
asserts the kind, player and options of each decision before sending a scripted answer,
and checks the invariants after every step.
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from flow_driver import FlowDriver

from simulator.catalog import get_game
from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom
from simulator.games.import_export.cards import (
    ACTIONS,
    COLORS,
    DEFAULT_SHEET,
    GREEN,
    GREY,
    RED,
    YELLOW,
)
from simulator.games.import_export.state import EVENT_NAMES

HEADER = (
    "id",
    "card",
    "name",
    "set",
    "side",
    "color",
    "action",
    "level",
    "cargo",
    "timing",
    "params",
    "power",
    "provenance",
)
BASE_ACTIONS = ACTIONS[:5]
GOOD_COLORS = COLORS[:5]
FILLER_COPIES = 4
DEFAULT_PORTS = (GREEN, YELLOW, 2, 3, RED, GREY)
"""Player p's port colour unless a test says otherwise: green, yellow, black, blue, red, grey."""
_sheet_numbers = itertools.count()


def next_sheet_path(folder: Path) -> Path:
    return folder / f"ie_sheet_{next(_sheet_numbers)}.csv"


def filler_specs() -> dict[str, str]:
    """100 plain cards: each colour x action four times, level none, cargo colour:2."""
    specs = {}
    for color in GOOD_COLORS:
        for action in BASE_ACTIONS:
            for k in range(1, FILLER_COPIES + 1):
                specs[f"{color} {action} {k}"] = f"{color} {action}"
    return specs


def parse_spec(spec: str) -> dict[str, str]:
    """ "red pirate level=red:1 cargo=red:2 params=a=1;b=2" -> sheet columns."""
    words = spec.split()
    assert len(words) >= 2, f"a card spec starts with colour and action: {spec!r}"
    color, action = words[0], words[1]
    assert color in COLORS and action in ACTIONS, spec
    row = {"color": color, "action": action, "level": "", "cargo": f"{color}:2", "params": ""}
    for word in words[2:]:
        key, value = word.split("=", 1)
        assert key in ("level", "cargo", "params"), f"unknown key {key!r} in {spec!r}"
        row[key] = value
    return row


def shipped_rows() -> list[dict[str, str]]:
    """The shipped sheet's rows as text, for a test that edits a copy as a designer would."""
    text = DEFAULT_SHEET.read_text(encoding="utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def write_rows(path: Path, rows: Sequence[dict[str, Any]]) -> Path:
    """Write sheet rows (dicts of one header) as a CSV file."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


def write_sheet(
    path: Path,
    cards: dict[str, str],
    filler: bool = True,
    pairs: Sequence[tuple[str, str]] = (),
) -> Path:
    """Write a base-set card sheet: filler first (if asked), then the named cards. `pairs`
    (opt-in) makes each two named cards one Flag card: set `flag`, sides a and b, the first
    one's card number; their specs must share the action."""
    specs = {**(filler_specs() if filler else {}), **cards}
    numbers = {name: index for index, name in enumerate(specs)}
    sides: dict[str, str] = {}
    for a, b in pairs:
        assert a in cards and b in cards, f"pair ({a!r}, {b!r}): both need a spec in cards"
        sides[a], sides[b] = "a", "b"
        numbers[b] = numbers[a]
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(HEADER)
        for index, (name, spec) in enumerate(specs.items()):
            row = parse_spec(spec)
            writer.writerow(
                (
                    500 + index,  # contract ids differ from card numbers on purpose
                    numbers[name],
                    name,
                    "flag" if name in sides else "base",
                    sides.get(name, ""),
                    row["color"],
                    row["action"],
                    row["level"],
                    row["cargo"],
                    "immediate",
                    row["params"],
                    "none",
                    "test sheet",
                )
            )
    return path


def make_game(
    sheet: Path, players: int, max_turns: int | None = None, sets: tuple[str, ...] = ("base",)
) -> Any:  # ImportExportGame
    spec = get_game("import-export")
    return spec.factory(spec.make_config(players, sets, card_sheet=sheet, max_turns=max_turns))


class Driver(FlowDriver):
    """The Import/Export driver: reaction windows a test does not wait for are passed."""

    def __init__(self, game: Any, state: Any, seed: int = 0, check: bool = True) -> None:
        self.passed_windows: list[Decision] = []
        """Reaction windows (any_time decisions) answered "pass" because the test waited
        for another kind: tests written for one rule see windows only when they ask."""
        super().__init__(game, state, seed, check)

    def _settle(self, wanted: str | None) -> None:
        """Answer "pass" to pending windows (IE-ANYTIME-1) unless `wanted` is any_time."""
        while (
            wanted != "any_time" and self.decision is not None and self.decision.kind == "any_time"
        ):
            self.passed_windows.append(self.decision)
            self.history.append((self.decision, "pass"))
            self._step("pass")

    def _settle_before_send(self, choice: Any, kind: str | None) -> None:
        """Windows are passed unless the answer is a window's ("pass", or a power's Use)."""
        if kind is not None:
            self._settle(kind)
        elif choice != "pass" and not (isinstance(choice, tuple) and hasattr(choice, "power")):
            self._settle(None)

    # ------------------------------------------------------------ turn scripts

    def lead(self, p: int, action: int, play: int | tuple[int, int], declare: int = 1) -> Driver:
        """Leader p declares `action` with a card (or a same-colour pair) and a count."""
        self.send(("lead", action), "lead", p)
        self.send(play, "lead_with", p)
        self.send(declare, "declare", p)
        return self

    def follow(self, q: int, play: int | tuple[int, int], declare: int = 1) -> Driver:
        self.send(("follow",), "follow", q)
        self.send(play, "follow_with", q)
        self.send(declare, "declare", q)
        return self

    def draw(self, q: int, declare: int = 0) -> Driver:
        """A follower draws instead of following, then declares matching crew."""
        self.send(("draw",), "follow", q)
        self.send(declare, "declare", q)
        return self


class Table:
    """A real Import/Export game on a synthetic sheet and a state laid out by hand."""

    def __init__(
        self,
        folder: Path,
        players: int = 3,
        cards: dict[str, str] | None = None,
        seed: int = 0,
        filler: bool = True,
        max_turns: int | None = None,
        pairs: Sequence[tuple[str, str]] = (),
    ) -> None:
        path = next_sheet_path(folder)
        self.sheet = write_sheet(path, cards or {}, filler, pairs)
        sets = ("base", "flag") if pairs else ("base",)
        self.game = make_game(self.sheet, players, max_turns, sets)
        self.cards = self.game.cards
        self.n = players
        self.state = self.game.new_state(GameRandom.for_game(seed, 0, 0))

    # ------------------------------------------------------------ look-ups

    def c(self, name: str) -> int:
        """The physical card with this name (or with a contract of this name: a pair)."""
        try:
            return self.cards.names.index(name)
        except ValueError:
            for card, contracts in enumerate(self.cards.contracts):
                if any(c.name == name for c in contracts):
                    return card
            raise AssertionError(f"no card named {name!r} in the test sheet") from None

    def cs(self, *names: str) -> list[int]:
        return [self.c(n) for n in names]

    def cid(self, name: str) -> int:
        """The contract id of the named card (of the contract so named, on a pair)."""
        return self._contract_id(self.c(name), name)

    def _contract_id(self, card: int, name: str) -> int:
        for contract in self.cards.contracts[card]:
            if contract.name == name:
                return contract.id
        return self.cards.ids[card][0]

    def name(self, card: int) -> str:
        return self.cards.names[card]

    def names(self, cards: Iterable[int]) -> list[str]:
        return sorted(self.cards.names[c] for c in cards)

    def ship(self, i: int) -> Any:
        return self.state.ships[i]

    # ------------------------------------------------------------ building a table

    def arrange(
        self,
        *,
        hands: Sequence[Sequence[str]] | None = None,
        island: Sequence[str] = (),
        crew: dict[int, Sequence[str]] | None = None,
        goods: dict[int, Sequence[str]] | None = None,
        fulfilled: dict[int, Sequence[str]] | None = None,
        ships: dict[int, dict[str, Any]] | None = None,
        deck: Sequence[str] = (),
        discard: Sequence[str] = (),
        credits: Sequence[int] | None = None,
        ports: Sequence[int] | None = None,
        leader: int = 0,
        rest: Any = "deck",
    ) -> Table:
        """Lay out the table. Ships are numbered as dealt: 2p at p's port, 2p+1 (p's second).

        `ships[i]` = dict(at_sea=bool, contracts=[names], cargo=[name or (name, colour)]);
        ships not named are at their owner's port, empty. `deck` lists the top cards, top
        first; `discard` bottom first. `rest` is where every other card goes: "deck" (under
        the named top cards), "discard", ("goods", p) or ("crew", p).
        """
        s, n = self.state, self.n
        free = list(range(len(self.cards)))

        def take(name: str) -> int:
            card = self.c(name)
            assert card in free, f"card {name!r} placed twice"
            free.remove(card)
            return card

        s.hands = [[take(x) for x in h] for h in (hands or [[] for _ in range(n)])]
        assert len(s.hands) == n
        s.island = [take(x) for x in island]
        s.crew = [[take(x) for x in (crew or {}).get(p, ())] for p in range(n)]
        s.goods = [[take(x) for x in (goods or {}).get(p, ())] for p in range(n)]
        s.fulfilled = []
        for p in range(n):
            s.fulfilled.append(
                [self._contract_id(take(x), x) for x in (fulfilled or {}).get(p, ())]
            )
        for i, ship in enumerate(s.ships):
            spec = (ships or {}).get(i, {})
            ship.at_sea = spec.get("at_sea", False)
            ship.contracts = [self._contract_id(take(x), x) for x in spec.get("contracts", ())]
            ship.cargo, ship.cargo_colors = [], []
            for item in spec.get("cargo", ()):
                name, color = item if isinstance(item, tuple) else (item, None)
                card = take(name)
                ship.cargo.append(card)
                ship.cargo_colors.append(self.game.color[card] if color is None else color)
        top = [take(x) for x in deck]
        pile = [take(x) for x in discard]
        s.deck = top[::-1]
        s.discard = pile
        if rest == "deck":
            s.deck = free + s.deck
        elif rest == "discard":
            s.discard = free + s.discard
        else:
            zone, p = rest
            getattr(s, zone)[p].extend(free)
        s.credits = list(credits) if credits is not None else [10] * n
        s.port = list(ports) if ports is not None else list(DEFAULT_PORTS[:n])
        s.leader = s.first_player = leader
        s.turn = 0
        s.in_play, s.moving = [], []
        s.sold_this_turn = [False] * n
        s.end_reason, s.end_triggered, s.reshuffle_allowed = "", False, True
        s.winners, s.final_credits = [], []
        s.log = [{e: [] for e in EVENT_NAMES} for _ in range(n)]
        s.hooks = {}
        s.between_turns = True
        self.game.check_invariants(s)
        return self

    def play(self, seed: int = 0, check: bool = True) -> Driver:
        return Driver(self.game, self.state, seed=seed, check=check)
