"""Damage distributions of blows, capped at the target's hit points: what the side's joint assignment of blows
(coordinate.py) and the order-of-play reading (initiative.py) both add up. Plain numpy, no rule: the hit
chance and the damage dice come from the engine."""

from __future__ import annotations

import numpy as np


def blow(hp: int, hit: float, faces: tuple[tuple[int, float], ...]) -> np.ndarray:
    """Distribution of damage dealt by one attack, capped at ``hp``: index ``hp`` means defeated."""
    out = np.zeros(hp + 1)
    out[0] = 1 - hit
    for dmg, p in faces:
        out[min(max(dmg, 0), hp)] += hit * p
    return out


def combine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Two capped damage distributions added (the tail beyond ``hp`` folded into "defeated")."""
    # Only up to the largest damage each can deal: a map may give 1,000,000 hit points, and convolving whole
    # arrays of that length took hours; the zeros left out add nothing to any sum, so the answer is the same.
    c = np.convolve(a[: _support(a)], b[: _support(b)])
    out = np.zeros(len(a))
    out[: min(len(c), len(a))] = c[: len(a)]
    out[-1] += c[len(a):].sum()
    return out


def _support(dist: np.ndarray) -> int:
    """The length of ``dist`` up to its last non-zero chance (at least 1)."""
    nonzero = np.flatnonzero(dist)
    return int(nonzero[-1]) + 1 if nonzero.size else 1
