"""The kinds of numbers a power reads from the card sheet, with their meaningful ranges: a
card's declaration (`params=` on its first registration) names each of its numbers with one
of these, or with a `Need` of its own where its range is narrower."""

from __future__ import annotations

from simulator.core.cards import Need

COUNT = Need(1, why="how many cards, containers, goods, actions or uses the power handles")
PAY = Need(0, why="credits paid, taken, charged or compared (a negative amount reverses them)")
GROUP = Need(1, why="the size of a group the power counts in (it divides by it)")
TIMES = Need(1, why="a multiplier; below 1 it would shrink what the power multiplies")
LIMIT = Need(1, why="a hand size, threshold or level count the power sets")
