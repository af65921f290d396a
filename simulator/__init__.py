"""Deckhand: a Monte Carlo balance lab for card games.

Layers, bottom to top (docs/architecture.md): `simulator.core` (the game-agnostic engine),
`simulator.games` (one package per game), `strategies` (bots), `simulator.catalog` (the
games and strategies by name), `simulator.folders` (a run's config, folder and lock),
`simulator.analysis` (statistics over run folders), `simulator.runs` (playing runs into run
folders), `simulator.experiments` (tune, ablate, robustness), `reports`, and `cli.py`.
`from simulator.runs import open_run` opens a run folder for analysis.
"""

__version__ = "0.2.5"
"""Moved by every change of play (a rule fix, a bot's decisions): a run folder records it, and
a run is resumed or extended only by the version that played it (run_folder.check_same_play).
tests/golden_games.py records the golden games with it and refuses new games under an old
one. 0.2.1: Bot II's contract plan and lead discount (c0b5687), Smart Cars and Cell Phones
(6587d96), which 0.2.0 did not tell apart. 0.2.2: the heuristic's own tuned base numbers.
0.2.3: the heuristic's leader bids on the ship worth most in every import round it bids in
(the rules say which: import_ship's context). 0.2.4: the heuristic values its ships as the
rules hold and pay them with its powers (Tablets, wild and rainbow colours, Yen, Partnership,
Legos: the view's `ship_*` queries). 0.2.5: the heuristic asks its view for every seat's rule
facts (the hand size a Draw fills to, the credits that end the game, a rival's goods limit, a
ship's payout by its owner, the compensation its owner takes) instead of the printed numbers."""
