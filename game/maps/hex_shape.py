"""The hex a tile image is drawn as: pointy-top or flat-top, and the length of its straight sides.

A pointy-top hex has its two straight sides upright, at the left and right of the tile, and a point at
the top; a flat-top hex has them lying along the top and bottom, and a point at each side. So the
leftmost drawn column of a hex tile is a side's length tall on a pointy-top tile and a few pixels on a
flat-top one, and the topmost drawn row the reverse, whatever the tile's proportions: a squat
pointy-top tile (wider than tall) reads as pointy-top all the same. That side is what Tiled calls the
Hex Side Length. A tile with no transparent corners (a rectangle), or art that is neither shape, is
"cannot tell" (None).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

EDGE = 0.30  # a straight side spans at least this share of the tile's drawn height (or width)
POINT = 0.20  # a point spans at most this share


@dataclass(frozen=True)
class HexShape:
    axis: str  # "y" pointy-top (Tiled's Stagger Axis Y), "x" flat-top
    side: int  # pixels along one straight side: the tile's Hex Side Length
    box: tuple[int, int] = (0, 0)  # width and height of the drawn hex: the Tile Width and Height it fits


def hex_shape(drawn: np.ndarray) -> HexShape | None:
    """The hex drawn in ``drawn`` (``[y, x]`` True where opaque); None when it is not plainly one."""
    if drawn.size == 0 or not drawn.any() or drawn.all():
        return None
    ys = np.flatnonzero(drawn.any(axis=1))
    xs = np.flatnonzero(drawn.any(axis=0))
    top, bottom, left, right = int(ys[0]), int(ys[-1]), int(xs[0]), int(xs[-1])
    height, width = bottom - top + 1, right - left + 1
    if height < 4 or width < 4:
        return None
    box = drawn[top : bottom + 1, left : right + 1]
    if box.all():
        return None  # a rectangle: no corners cut, so no hex to read
    upright = max(_run(box[:, 0]), _run(box[:, -1]))  # a pointy-top hex's left and right sides
    lying = max(_run(box[0, :]), _run(box[-1, :]))  # a flat-top hex's top and bottom sides
    if upright >= EDGE * height and lying <= POINT * width:
        return HexShape("y", upright, (width, height))
    if lying >= EDGE * width and upright <= POINT * height:
        return HexShape("x", lying, (width, height))
    return None


def _run(line: np.ndarray) -> int:
    """The longest stretch of drawn pixels along one edge of the box."""
    best = run = 0
    for v in line.tolist():
        run = run + 1 if v else 0
        best = max(best, run)
    return best


__all__ = ["HexShape", "hex_shape"]
