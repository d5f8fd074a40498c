"""Attack odds and arcs in bulk: the to-hit chance of a blow and the worst arc a blow could come from,
for many attacker hexes and every facing at once (R17-R19, R21).

The previews answer one attack exactly (its legality, the arc from the
attacker's band hexes, the modifier breakdown); these answer the same rules
as numpy tables, for a policy that weighs every hex a hostile could strike
from. Both use :class:`ToHit` and the arc table of :mod:`facing`, so a rule
lives once.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .facing import arc_of_sector, penalty
from .hexgrid import Cell, HexLayout
from .previews import ToHit
from .scenario import Scenario

# Arc kinds, worst last: what the R19 penalty depends on.
ARC_FRONT, ARC_FLANK, ARC_REAR = 0, 1, 2
_KIND = {"front": ARC_FRONT, "left": ARC_FLANK, "right": ARC_FLANK, "rear": ARC_REAR}
# [facing, side]: the arc kind of a blow coming from that side sector for a defender with that facing.
_KIND_BY_FACING = np.array([[_KIND[arc_of_sector(s, f)] for s in range(6)] for f in range(6)])
# A set of sides as a 6-bit mask: bit d set when a blow could come from side d.
SIDE_BITS = 1 << np.arange(6)
# [sides, facing]: the worst arc kind among the sides set in the mask (front when none is), R18's
# "strongest applicable" arc, so the worst side a hostile could strike from is one lookup per hex.
_WORST_BY_SIDES = np.array([
    [max((_KIND_BY_FACING[f, d] for d in range(6) if mask >> d & 1), default=ARC_FRONT) for f in range(6)]
    for mask in range(64)
])
_WORST_BY_SIDES.flags.writeable = False


def hit_chance(attack: int, defense: int, arc_penalty: int = 0) -> float:
    """R19/R21: the chance that d20 + ``attack`` reaches ``defense`` - ``arc_penalty``."""
    return ToHit(defense - arc_penalty, attack).chance


def arc_penalties(scenario: Scenario) -> tuple[int, int, int]:
    """The R19 penalty of each arc kind (front, flank, rear) on this map."""
    def of(arc: str) -> int:
        return penalty(arc, scenario.flank_penalty, scenario.rear_penalty)

    return of("front"), of("left"), of("rear")


def worst_arcs(sides: np.ndarray) -> np.ndarray:
    """``sides[...]`` 6-bit masks -> ``[..., facing]``: the worst arc kind a blow from one of them lands on."""
    worst: np.ndarray = _WORST_BY_SIDES[sides]
    return worst


@lru_cache(maxsize=8)
def _sector_table(vectors: tuple[tuple[int, int], ...]) -> np.ndarray:
    """``[largest cube axis, smallest cube axis]``: the side whose vector has +1 and -1 there (-1: none)."""
    table = np.full((3, 3), -1)
    for d, (vq, vr) in enumerate(vectors):
        u = (vq, vr, -vq - vr)
        table[u.index(1), u.index(-1)] = d
    table.flags.writeable = False
    return table


def sides_toward(layout: HexLayout, q: np.ndarray, r: np.ndarray, cell: Cell) -> np.ndarray:
    """``[hex, side]`` one-hot: the side sector of each axial hex ``(q, r)`` toward ``cell`` (R18).

    On a sector border one of the two is taken (the first cube axis of the
    largest and of the smallest component); none for ``cell`` itself.
    """
    cq, cr = layout.to_axial(cell)
    dq = cq - q
    dr = cr - r
    cube = np.stack([dq, dr, -dq - dr], axis=1)
    hi, lo = cube.argmax(axis=1), cube.argmin(axis=1)
    d = _sector_table(layout.direction_vectors)[hi, lo]
    out = np.zeros((len(q), 6), dtype=bool)
    ok = d >= 0
    out[np.flatnonzero(ok), d[ok]] = True
    return out


def arc_kinds_from(layout: HexLayout, defender: Cell, facing: int, q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The arc kind (``ARC_FRONT``/``ARC_FLANK``/``ARC_REAR``) of a blow from each axial hex ``(q, r)`` on a
    standard defender at ``defender`` facing ``facing``: R18 for one hex, a sector border counting in
    the arc better for the defender (:func:`facing.arc_of_hex`); front for the defender's own hex."""
    cq, cr = layout.to_axial(defender)
    dq = np.asarray(q) - cq
    dr = np.asarray(r) - cr
    cube = np.stack([dq, dr, -dq - dr], axis=-1)
    hi, lo = cube.argmax(axis=-1), cube.argmin(axis=-1)
    # On a border two cube components tie for the largest (or the smallest): the other sector is the
    # one with the second of them (argmax/argmin return the first).
    hi2 = _tied(cube, hi, cube.max(axis=-1))
    lo2 = _tied(cube, lo, cube.min(axis=-1))
    table = _sector_table(layout.direction_vectors)
    first = table[hi, lo]
    second = np.where(hi2 != hi, table[hi2, lo], table[hi, lo2])
    kinds = _KIND_BY_FACING[facing]
    out = np.minimum(kinds[first], kinds[second])
    return np.where((dq == 0) & (dr == 0), ARC_FRONT, out)


def _tied(cube: np.ndarray, first: np.ndarray, value: np.ndarray) -> np.ndarray:
    """The other cube axis holding ``value`` besides ``first`` (``first`` itself where none does)."""
    out = first.copy()
    for step in (2, 1):
        axis = (first + step) % 3
        out = np.where(np.take_along_axis(cube, axis[..., None], -1)[..., 0] == value, axis, out)
    return out
