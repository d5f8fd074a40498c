"""Seeded dice (R21-R23): every roll the encounter makes is reproducible.

The random stream of an action depends only on the map's seed and the
action's position in the history, not on earlier rolls. So a log that
records some rolls and not others, an undo followed by a different action,
or a replay that is continued afterwards all roll the same dice the
original game would have rolled at that point.
"""

from __future__ import annotations

import random
import re

from .errors import RulesError

_DICE_RE = re.compile(r"^(\d+)d(\d+)([+-]\d+)?$")


class Dice:
    """The dice of one action: ``d20()`` and ``roll("2d6+1")``."""

    def __init__(self, seed: int, index: int) -> None:
        # String seeds are hashed with SHA-512 by ``random``: stable across
        # processes and Python builds, unlike ``hash()``.
        self._rng = random.Random(f"playmat:{seed}:{index}")

    def d20(self) -> int:
        return self._rng.randint(1, 20)

    def roll(self, expr: str) -> int:
        """Total of a damage expression: an integer or ``NdM[+-K]`` (never below 0)."""
        return roll_expr(expr, self._rng)


def roll_expr(expr: str, rng: random.Random) -> int:
    text = expr.strip().lower()
    if text.isdigit():
        return int(text)
    m = _DICE_RE.match(text)
    if not m:
        raise RulesError(f'damage "{expr}" is not an integer or dice like 1d8+1')
    count, sides = int(m.group(1)), int(m.group(2))
    total = sum(rng.randint(1, sides) for _ in range(count)) + int(m.group(3) or 0)
    return max(0, total)
