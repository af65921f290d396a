"""A decision: the one object every choice of every game goes through (rules -> strategy).

Its own module so that the compiled build (simulator/compiled.py) makes it a native class:
a game creates one for every choice, some 800 a random-bot game.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, NewType

DecisionKind = NewType("DecisionKind", str)
"""What a decision asks ("lead", "insects_target"): a name a game declares once, with
what it asks (decision_kinds.DecisionKinds); rules and bots use the declared constants,
never the literal (a bare string where a kind is expected is a type error for mypy)."""


class Decision:
    """A choice one player must make: who, what kind, which options (all legal)."""

    __slots__ = ("player", "kind", "options", "context")

    def __init__(
        self, player: int, kind: DecisionKind, options: Sequence[Any], context: Any = None
    ) -> None:
        self.player = player
        self.kind = kind
        self.options = options
        self.context = context

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r}, options={list(self.options)!r})"


Flow = Generator[Decision, Any, Any]
"""A step of a game's rules: yields the decisions it needs, returns what it produces."""
