"""The Tokyo Port: its columns and what a card on it costs to place as a contract.

One layer of ImportExportGame (rules.py; the layers are listed in game_base.py).
"""

from __future__ import annotations

from simulator.games.import_export.ships import ShipRules
from simulator.games.import_export.state import IEState


class TokyoPortRules(ShipRules):
    """The Tokyo Port: its columns and what a card on it costs to place as a contract."""

    def port_column(self, card: int) -> int:
        """The Tokyo Port column of a card: its level requirement (all its pips; a Flag card
        has none), the last column taking every higher level (IE-TOKYO-2). A card sold or
        added to the Port is thus in its column; crew may come from any (IE-TOKYO-3)."""
        return self._port_column_of[card]  # each card's, at setup (game_base.py)

    def port_columns(self, s: IEState) -> tuple[tuple[int, ...], ...]:
        """The cards on the Tokyo Port, column by column (public information)."""
        columns: list[list[int]] = [[] for _ in self.rules.tokyo_column_costs]
        for card in s.island:
            columns[self.port_column(card)].append(card)
        return tuple(tuple(c) for c in columns)

    def port_cost(self, s: IEState, p: int, card: int) -> int:
        """What p pays to place this Tokyo Port card as a contract: the credits on top of its
        column (IE-TOKYO-4); nothing with Toto Toilets, or from the Supply Island."""
        if not self.tokyo_port or s.mods[p].get("port_contract_free"):
            return 0
        return self.rules.tokyo_column_costs[self.port_column(card)]
