#!/bin/bash
# The sitting of docs/performance.md (sessions 19 and 20): native and pure from this checkout's
# venv beside a compiled build of the same commit in another clone, every figure a median of
# `deckhand bench ... --repeats 5`. Usage: docs/experiments/sitting.sh COMPILED_CLONE
# (make it with: git clone . /tmp/comp && cd /tmp/comp && python3 -m venv .venv &&
#  .venv/bin/pip install -e ".[compiled]" && .venv/bin/deckhand compile)
set -u
M="$(cd "$(dirname "$0")/../.." && pwd)/.venv/bin/deckhand"
C=${1:?the clone with the compiled build}
D="$C/.venv/bin/deckhand"
date
echo "== game, native -n 5 (three runs)"
for i in 1 2 3; do $M bench import-export -p 4 --sets base -s mcts@guided-4p -n 5 --repeats 5 --engine native 2>&1 | tail -1; done
echo "== game 0 alone, native -n 1"
$M bench import-export -p 4 --sets base -s mcts@guided-4p -n 1 --repeats 5 --engine native 2>&1 | tail -1
echo "== game 0 alone, compiled -n 1"
(cd "$C" && $D bench import-export -p 4 --sets base -s mcts@guided-4p -n 1 --repeats 5 --engine python 2>&1 | tail -2)
echo "== search, pure + native (three runs)"
for i in 1 2 3; do $M bench import-export -p 2 --sets base --search mcts:iterations=100,rollout_decisions=30 --repeats 5 2>&1 | tail -2; done
echo "== search, compiled + native"
(cd "$C" && $D bench import-export -p 2 --sets base --search mcts:iterations=100,rollout_decisions=30 --repeats 5 2>&1 | tail -3)
echo "== Import/Export all sets: native, pure, compiled"
$M bench import-export -p 4 --sets all -s heuristic -n 3000 --engine native -r 5 2>&1 | tail -1
$M bench import-export -p 4 --sets all -s heuristic -n 200 --engine python -r 5 2>&1 | tail -1
(cd "$C" && $D bench import-export -p 4 --sets all -s heuristic -n 300 --engine python -r 5 2>&1 | tail -2)
echo "== travel: native, pure, compiled"
$M bench travel -p 4 -m all -s heuristic -n 5000 --engine native -r 5 2>&1 | tail -1
$M bench travel -p 4 -m all -s heuristic -n 500 --engine python -r 5 2>&1 | tail -1
(cd "$C" && $D bench travel -p 4 -m all -s heuristic -n 1000 --engine python -r 5 2>&1 | tail -2)
date
