"""The typical card of a kind: the one reference every card verdict is taken against.

"Is this card too strong?" asks whether it is stronger than a typical card of its kind, never
whether it is better than nothing: a power that works is worth something to its owner, and that
is not "too strong" (docs/metrics.md, "The typical card"). The typical card is a robust,
precision-weighted centre of the *other* cards of the kind:

- **robust**: the middle half of the others by their estimates (a quarter of them, rounded
  down, dropped at each end), so one card far from the rest does not move every other card's
  verdict;
- **precision-weighted**: inside the middle half, each card weighs 1/se^2 (its precision), so
  a card seen in few games adds little noise to the reference;
- **many cards, not one or two**: with four or more others, at least half of them, so a
  card's interval does not carry the noise of the one or two cards that happen to sit in the
  middle (the median peer did, and interval widths swung 1.5 times between runs on the same
  deals).

A card's figure against the typical card is the contrast w'beta with w = +1 on the card and
-pi_j / sum(pi) on each card j of the middle half; its variance is w' Sigma w with Sigma the
covariance of the estimates, so the reference's own uncertainty and its covariance with the
card's figure (a shared printed game, a shared model fit) are in the card's interval. Which
cards form the middle half is read from the estimates and then taken as fixed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


def middle_half(estimates: Sequence[float] | np.ndarray, members: Sequence[int]) -> list[int]:
    """The members (indices into `estimates`) between the quartiles of their estimates: a
    quarter of them, rounded down, dropped at each end (ties broken by index, so the choice
    is reproducible). One to three members are all kept."""
    ranked = sorted(members, key=lambda j: (float(estimates[j]), j))
    trim = len(ranked) // 4
    return ranked[trim : len(ranked) - trim]


def typical_weights(
    estimates: Sequence[float] | np.ndarray,
    variances: Sequence[float],
    others: Sequence[int],
    size: int,
) -> np.ndarray:
    """Weights (length `size`) of the typical card of `others`: the precision-weighted mean of
    their middle half (module doc). A member without a positive finite variance weighs as the
    least precise of the others (never infinitely much)."""
    weights = np.zeros(size)
    middle = middle_half(estimates, others)
    if not middle:
        return weights
    finite = [float(variances[j]) for j in middle if _usable(variances[j])]
    worst = max(finite) if finite else 1.0
    precision = np.array(
        [1.0 / (float(variances[j]) if _usable(variances[j]) else worst) for j in middle]
    )
    weights[middle] = precision / precision.sum()
    return weights


def _usable(v: float) -> bool:
    return v is not None and math.isfinite(v) and v > 0


@dataclass(frozen=True)
class AgainstTypical:
    """One card's figure against the typical card of its kind, in the estimates' unit."""

    contrast: float
    """The card's estimate less the typical card's."""
    se: float
    """Its standard error: the card's, the reference's, and their covariance."""
    typical: float
    """The typical card's estimate (this card left out)."""
    typical_se: float
    peers: int
    """The cards of the middle half the reference rests on."""


def against_typical(
    estimates: Sequence[float],
    covariance: np.ndarray,
    kinds: Sequence[str] | None = None,
    usable: Sequence[bool] | None = None,
) -> list[AgainstTypical | None]:
    """Every card's figure against the typical card of its kind (module doc).

    `estimates` and `covariance` are the cards' figures and their covariance matrix (the
    design's: a model's posterior covariance, or a cluster-robust covariance of experiments
    that share deals). `kinds` groups the cards (default: one kind); `usable` says which cards
    have a figure at all (default: a finite estimate and variance). A card gets None when it
    has no figure or no other card of its kind has one."""
    n = len(estimates)
    cov = np.asarray(covariance, dtype=float)
    variances = [float(cov[j, j]) for j in range(n)]
    if usable is None:
        usable = [
            math.isfinite(float(e)) and _usable(variances[j]) for j, e in enumerate(estimates)
        ]
    kinds = list(kinds) if kinds is not None else [""] * n
    beta = np.array([float(e) if usable[j] else 0.0 for j, e in enumerate(estimates)])
    out: list[AgainstTypical | None] = []
    for c in range(n):
        others = [j for j in range(n) if j != c and usable[j] and kinds[j] == kinds[c]]
        if not usable[c] or not others:
            out.append(None)
            continue
        reference = typical_weights(beta, variances, others, n)
        contrast = -reference
        contrast[c] += 1.0
        typical = float(reference @ beta)
        out.append(
            AgainstTypical(
                contrast=float(contrast @ beta),
                se=math.sqrt(max(0.0, float(contrast @ cov @ contrast))),
                typical=typical,
                typical_se=math.sqrt(max(0.0, float(reference @ cov @ reference))),
                peers=int(np.count_nonzero(reference)),
            )
        )
    return out
