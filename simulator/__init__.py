"""Deckhand: a Monte Carlo balance lab for card games.

Layers, bottom to top (docs/architecture.md): `simulator.core` (the game-agnostic engine),
`simulator.games` (one package per game), `strategies` (bots), `simulator.catalog` (the
games and strategies by name), `simulator.folders` (a run's config, folder and lock),
`simulator.analysis` (statistics over run folders), `simulator.runs` (playing runs into run
folders), `simulator.experiments` (tune, ablate, robustness), `reports`, and `cli.py`.
`from simulator.runs import open_run` opens a run folder for analysis.
"""

__version__ = "0.2.0"
