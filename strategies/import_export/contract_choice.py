"""The default bot's contract plan (issue 30): which hand card becomes a contract, and when a
ship's contracts are given up. Rules, not weights: the classic bot's weights are a local
optimum (`deckhand tune` found nothing better), and a short search at its contract decisions
showed the headroom was in the choice itself.

- A contract's power counts. The classic valuation values a contract by its payout alone
  (valuation.py: `Table.contract_value`), so between two placements worth about the same it
  took the first; a contract whose power resolves on completion (immediate) or scores at the
  end (end game) is worth about one credit more than one whose power waits for later turns
  (ongoing) or a moment (any time), which the rest of a short game often never brings.
- Contracts are kept. The classic bot discarded a ship's contracts when leading whenever it
  lacked two of their containers and held a better contract (`IEClassic._stuck`); the
  discard throws the contract cards away and the containers already loaded stop counting at
  the end (2 credits each), and the missing containers usually come (draws, the island,
  plunder) before the ship is needed. The heuristic never discards at its lead.

Measured against classic@tuned-base-4p, 2 players, base, duplicate deals: see heuristic.py.
"""

from __future__ import annotations

from typing import Final

from simulator.games.import_export.cards import Contract

POWER_BONUS: Final = {"immediate": 1.0, "end_game": 1.0}
"""By a contract's power timing: what the power adds to placing it, in credits (the
valuation's unit); ongoing and any-time powers add nothing."""


def power_bonus(contract: Contract) -> float:
    """What a contract's power adds to placing it (`POWER_BONUS` by its timing)."""
    return POWER_BONUS.get(contract.timing, 0.0)
