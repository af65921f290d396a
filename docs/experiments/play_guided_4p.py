"""Play N four-player base `mcts@guided-4p` games natively (games FIRST..FIRST+N-1, seed 0).

The workload of docs/performance.md's pinned user-time figures, e.g.
`/usr/bin/time -f %U taskset -c 1 python docs/experiments/play_guided_4p.py 12`, and of the
state reuse probe (state_reuse_probe.diff) with N = 1.
"""

import sys

from simulator.folders.config import make_run_config
from simulator.native.chunk import play_columns
from simulator.runs.match import Match

games = int(sys.argv[1]) if len(sys.argv) > 1 else 1
first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
config = make_run_config("import-export", 4, ["base"], ["mcts@guided-4p"], games=games, seed=0)
match = Match(config)
columns = play_columns(match.config, match.game, match.choices, range(first, first + games))
print("turns", int(columns["turns"].sum()), file=sys.stderr)
