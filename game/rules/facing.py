"""Facing arcs (R17, R18) and turning toward a target (R20, R22).

Direction indices run counter-clockwise (hexgrid), so the arc of a side
sector ``s`` for a defender facing ``f`` follows from ``(s - f) mod 6``:
0, 1, 5 front; 2 left (next counter-clockwise after the front); 4 right;
3 rear.
"""

from __future__ import annotations

from collections.abc import Iterable

from .hexgrid import Cell, HexLayout

ARCS = ("front", "left", "right", "rear")
_ARC_BY_OFFSET = ("front", "front", "left", "rear", "right", "front")
# How bad an arc is for the defender; the R19 penalty grows with it.
_BADNESS = {"front": 0, "left": 1, "right": 1, "rear": 2}


def arc_of_sector(sector: int, facing: int) -> str:
    return _ARC_BY_OFFSET[(sector - facing) % 6]


def arc_of_hex(layout: HexLayout, defender_centre: Cell, facing: int, cell: Cell) -> str:
    """Arc of one hex as seen from the defender's centre (R18).

    On a sector border the arc better for the defender counts. A hex on the
    defender's own centre has no direction; it counts as front.
    """
    sectors = layout.direction_between(defender_centre, cell)
    if not sectors:
        return "front"
    return min((arc_of_sector(s, facing) for s in sectors), key=_BADNESS.__getitem__)


def worst_arc(layout: HexLayout, defender_centre: Cell, facing: int, cells: Iterable[Cell]) -> str:
    """The worst arc for the defender among attacker hexes (R18, "strongest applicable").

    Ties between left and right keep the first hex's arc, in the order given.
    """
    worst = None
    for cell in cells:
        arc = arc_of_hex(layout, defender_centre, facing, cell)
        if worst is None or _BADNESS[arc] > _BADNESS[worst]:
            worst = arc
    return worst or "front"


def penalty(arc: str, flank_penalty: int, rear_penalty: int) -> int:
    """R19: flank on left/right, rear from behind; only the strongest applies."""
    if arc == "rear":
        return max(rear_penalty, flank_penalty)
    if arc in ("left", "right"):
        return flank_penalty
    return 0


def turn_toward(layout: HexLayout, source: Cell, target: Cell, facing: int) -> int:
    """The side direction from ``source`` toward ``target`` (R20, R22).

    On a border between two sectors, the one nearer ``facing`` (the two
    candidates are adjacent, so they are never equally near). Returns
    ``facing`` unchanged when the cells coincide.
    """
    sectors = layout.direction_between(source, target)
    if not sectors:
        return facing
    return min(sectors, key=lambda s: min((s - facing) % 6, (facing - s) % 6))
