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
from functools import lru_cache

from .errors import RulesError

_DICE_RE = re.compile(r"^(\d+)d(\d+)([+-]\d+)?$")


class Dice:
    """The dice of one action: ``d20()`` and ``roll("2d6+1")``."""

    def __init__(self, seed: int | str, index: int) -> None:
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


def dice_distribution(expr: str) -> dict[int, float]:
    """Probability of each total of a damage expression (as :func:`roll_expr` rolls it, floored at 0).

    >>> dice_distribution("1d4+1")
    {2: 0.25, 3: 0.25, 4: 0.25, 5: 0.25}
    """
    table = _distribution(expr.strip().lower())
    if table is None:
        raise RulesError(f'damage "{expr}" is not an integer or dice like 1d8+1')
    return dict(table)


@lru_cache(maxsize=256)
def _distribution(text: str) -> tuple[tuple[int, float], ...] | None:
    # Remembered: previews ask about the same few damage expressions all game; callers get a fresh dict.
    if text.isdigit():
        return ((int(text), 1.0),)
    m = _DICE_RE.match(text)
    if not m:
        return None
    count, sides, bonus = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    dist = {0: 1.0}
    face = 1.0 / sides
    for _ in range(count):  # convolve one die at a time
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for f in range(1, sides + 1):
                nxt[total + f] = nxt.get(total + f, 0.0) + p * face
        dist = nxt
    out: dict[int, float] = {}
    for total, p in sorted(dist.items()):
        key = max(0, total + bonus)
        out[key] = out.get(key, 0.0) + p
    return tuple(out.items())
