"""The three Import/Export heuristic archetypes: the heuristic with other default weights.

- `ContractorBot` ("contractor"): contracts it can fill from hand, loads, Load/Contract crew;
- `ImporterBot` ("importer"): wins auctions, goods majorities and the set, Import crew;
- `PirateBot` ("pirate"): pirates the containers it needs, Pirate crew, denies rivals.
"""

from __future__ import annotations

from typing import Any, ClassVar

from strategies.import_export.classic import IEClassic


class ContractorBot(IEClassic):
    """Places contracts it can fill from hand and loads them; keeps Load and Contract crew."""

    name: ClassVar[str] = "contractor"  # type: ignore[misc]
    params: ClassVar[dict[str, Any]] = {
        **IEClassic.params,
        "contract_bias": 1.3,
        "load_bias": 1.3,
        "import_bias": 0.6,
        "pirate_bias": 0.8,
        "supply_bias": 1.1,
        "bid_share": 0.35,
        "collect": 0.6,
        "deny": 0.2,
    }


class ImporterBot(IEClassic):
    """Wins auctions, builds goods majorities and the set; keeps Import crew."""

    name: ClassVar[str] = "importer"  # type: ignore[misc]
    params: ClassVar[dict[str, Any]] = {
        **IEClassic.params,
        "contract_bias": 0.9,
        "load_bias": 0.9,
        "import_bias": 1.3,
        "pirate_bias": 0.7,
        "supply_bias": 1.15,
        "bid_share": 0.4,
        "collect": 1.3,
        "deny": 0.3,
    }


class PirateBot(IEClassic):
    """Pirates the containers it needs from ships at sea; keeps Pirate crew; denies rivals."""

    name: ClassVar[str] = "pirate"  # type: ignore[misc]
    params: ClassVar[dict[str, Any]] = {
        **IEClassic.params,
        "contract_bias": 1.1,
        "load_bias": 0.9,
        "import_bias": 0.7,
        "pirate_bias": 1.6,
        "supply_bias": 0.9,
        "bid_share": 0.4,
        "collect": 0.8,
        "deny": 1.2,
    }
