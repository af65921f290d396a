"""A game's decision kinds, declared once: the names its rules ask and bots answer.

Apart from decision.py, which the compiled build makes native, because this is a plain
mapping read when a game is declared, never on the hot path.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from simulator.core.decision import DecisionKind


class DecisionKinds(Mapping[DecisionKind, str]):
    """A game's decision kinds, each declared once with what it asks (who is asked, what
    the options are, what `context` holds). A mapping kind -> text; declaring a kind twice
    is an error, so two powers cannot silently share a name."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._texts: dict[DecisionKind, str] = {}

    def declare(self, name: str, text: str) -> DecisionKind:
        """Declare the kind `name` with what it asks; returns the constant to use."""
        kind = DecisionKind(name)
        if kind in self._texts:
            raise ValueError(f"{self.game}: the decision kind '{name}' is declared twice")
        self._texts[kind] = text
        return kind

    def __getitem__(self, kind: DecisionKind) -> str:
        return self._texts[kind]

    def __iter__(self) -> Iterator[DecisionKind]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)
