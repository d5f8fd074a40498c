"""Attack, shove and disengage arithmetic (R19, R21-R23).

Pure functions on numbers; the encounter decides legality and applies
results.
"""

from __future__ import annotations

from dataclasses import dataclass

DISENGAGE_BASE = 10  # R23: d20 + skill >= 10 + highest threatener attack


@dataclass(frozen=True)
class Resolution:
    roll: int
    total: int  # roll + bonus
    needed: int  # the number the total has to reach
    success: bool


def to_hit(roll: int, attack: int, defense: int, positional_penalty: int) -> Resolution:
    """R21/R22: d20 + attack >= defense - penalty (R19: the penalty lowers defence)."""
    needed = defense - positional_penalty
    total = roll + attack
    return Resolution(roll, total, needed, total >= needed)


def disengage(roll: int, skill: int, highest_attack: int) -> Resolution:
    """R23: d20 + skill >= 10 + the highest attack among the threateners covering the mover."""
    needed = DISENGAGE_BASE + highest_attack
    total = roll + skill
    return Resolution(roll, total, needed, total >= needed)
