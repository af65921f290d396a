"""A test's hand on a game's rules: step a game started on a table the test arranged
(core.forward.Playthrough.begin, the play loop every game goes through) decision by
decision, assert what is offered, send scripted answers, and check the invariants after
each step.
Each game's tests extend it with their own turn scripts (tests/travel/conftest.py,
tests/import_export/ie_helpers.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from simulator.core.forward import Playthrough
from simulator.core.protocol import Decision
from simulator.core.seeding import GameRandom


class FlowDriver:
    """Steps through a game started on `state` (its rules stream drawn from `seed`),
    checking each decision before answering it."""

    def __init__(self, game: Any, state: Any, seed: int = 0, check: bool = True) -> None:
        self.game = game
        self.state = state
        self.check = check
        self.rng = GameRandom.for_game(seed, 1, 0)
        self.playthrough = Playthrough.begin(game, state, self.rng)
        self.decision: Decision | None = self.playthrough.decision
        self.history: list[tuple[Decision, Any]] = []
        if check:
            game.check_invariants(state)

    def _settle(self, wanted: str | None) -> None:
        """Answer what a test never waits for before looking at the pending decision (a
        game's hook: Import/Export passes its reaction windows); `wanted` is the kind the
        test waits for, if it says."""

    @property
    def over(self) -> bool:
        self._settle("")
        return self.decision is None

    def _step(self, choice: Any) -> None:
        self.decision = self.playthrough.apply(choice)
        if self.check:
            self.game.check_invariants(self.state)

    def expect(
        self, kind: str, player: int | None = None, options: Iterable[Any] | None = None
    ) -> Decision:
        """Assert the pending decision's kind (and player, and exact option set)."""
        self._settle(kind)
        d = self.decision
        assert d is not None, f"the game is over ({self.state.end_reason}); expected {kind!r}"
        assert d.kind == kind, f"expected a {kind!r} decision, got {d!r}"
        if player is not None:
            assert d.player == player, f"expected player {player} to decide, got {d!r}"
        if options is not None:
            expected = list(options)
            assert sorted(map(repr, d.options)) == sorted(map(repr, expected)), (
                f"options {list(d.options)} != {expected}"
            )
        return d

    def options(self, kind: str | None = None, player: int | None = None) -> tuple[Any, ...]:
        if kind is None:
            self._settle(None)
        d = self.expect(kind, player) if kind is not None else self.decision
        assert d is not None, "the game is over"
        return tuple(d.options)

    def _settle_before_send(self, choice: Any, kind: str | None) -> None:
        self._settle(kind)

    def send(self, choice: Any, kind: str | None = None, player: int | None = None) -> Any:
        """Answer the pending decision (optionally asserting its kind and player first)."""
        self._settle_before_send(choice, kind)
        d = self.decision
        assert d is not None, f"the game is over; cannot send {choice!r}"
        if kind is not None:
            self.expect(kind, player)
        elif player is not None:
            assert d.player == player, f"expected player {player} to decide, got {d!r}"
        assert choice in d.options, f"{choice!r} is not offered in {d!r}"
        self.history.append((d, choice))
        self._step(choice)
        return self

    def kinds(self) -> list[tuple[str, int]]:
        return [(d.kind, d.player) for d, _ in self.history]
