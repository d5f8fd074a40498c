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
    c = np.convolve(a, b)
    out = c[: len(a)].copy()
    out[-1] += c[len(a):].sum()
    return out
