"""Small statistics for batch results: Wilson score intervals and plain means.

A designer reads "enemy wins 71 % (95 % CI 61-79 %)" to decide whether a map
needs balancing; the Wilson interval stays inside [0, 1] and behaves at 0 and
100 % wins, where the normal approximation collapses to a zero-width interval.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

Z95 = 1.959963984540054  # two-sided 95 %: the 0.975 quantile of the standard normal


@dataclass(frozen=True)
class Proportion:
    """``successes`` out of ``trials`` with its Wilson score interval."""

    successes: int
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (Wilson 1927).

    With no trials nothing is known: ``(0.0, 1.0)``.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be within 0..trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    n = trials
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # Clamp float noise at the ends (0 wins must give exactly 0 as the low end).
    return (max(0.0, centre - half) if successes else 0.0, min(1.0, centre + half) if successes < n else 1.0)


def proportion(successes: int, trials: int) -> Proportion:
    low, high = wilson_interval(successes, trials)
    return Proportion(successes, trials, low, high)


def mean(values: Iterable[float]) -> float:
    total = 0.0
    count = 0
    for v in values:
        total += v
        count += 1
    return total / count if count else 0.0
