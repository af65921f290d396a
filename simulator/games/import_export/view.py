"""What one Import/Export player may see: own hand and bids; everything else on the table
is public (FAQ: all but hands and bids), except the deck and all but the top discard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulator.core.view import SeatView
from simulator.games.import_export.state import IEState

if TYPE_CHECKING:
    from simulator.games.import_export.rules import ImportExportGame


class IEView(SeatView):
    """A read-only window for one player. `rules` gives the rule helpers (levels, fits)."""

    __slots__ = ("rules",)

    def __init__(self, state: IEState, player: int, rules: ImportExportGame) -> None:
        super().__init__(state, player)
        self.rules = rules

    @property
    def credits(self) -> tuple[int, ...]:
        return tuple(self._state.credits)

    def crew(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.crew[player])

    def goods(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.goods[player])

    def fulfilled(self, player: int) -> tuple[int, ...]:
        return tuple(self._state.fulfilled[player])

    @property
    def island(self) -> tuple[int, ...]:
        return tuple(self._state.island)

    @property
    def ships(
        self,
    ) -> tuple[tuple[int, bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
        """(owner, at_sea, contract ids, cargo cards, cargo colours) per ship."""
        return tuple(
            (s.owner, s.at_sea, tuple(s.contracts), tuple(s.cargo), tuple(s.cargo_colors))
            for s in self._state.ships
        )

    def ship(self, index: int) -> object:
        """A copy of one ship, for the rule helpers (`rules.remaining(view.ship(i))`)."""
        return self._state.ships[index].copy()

    @property
    def port(self) -> tuple[int, ...]:
        return tuple(self._state.port)

    @property
    def deck_size(self) -> int:
        return len(self._state.deck)

    @property
    def discard_top(self) -> int | None:
        return self._state.discard[-1] if self._state.discard else None

    @property
    def leader(self) -> int:
        return self._state.leader

    def level(self, color: int, player: int | None = None) -> int:
        return self.rules.level(self._state, self.player if player is None else player, color)

    def missing_levels(self, contract_id: int) -> int:
        return self.rules.missing_levels(self._state, self.player, contract_id)

    def crew_room(self) -> int:
        return self.rules.crew_limit(self._state, self.player) - len(self._state.crew[self.player])

    def goods_room(self) -> int:
        return self.rules.goods_limit(self._state, self.player) - len(
            self._state.goods[self.player]
        )
