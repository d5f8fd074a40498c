"""Where Tiled paints each cell of a hex map, and in which order (so overlapping tall tiles stack alike)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from game.maps.pixels import TiledPixels
from game.rules import HexLayout


def draw_order(layout: HexLayout) -> list[tuple[int, int]]:
    """Cells in the order Tiled paints them, so overlapping tall tiles stack the same way.

    Pointy-top: row by row, left to right. Flat-top: each row's higher
    (unshifted) columns first, then its lower (shifted) ones, i.e. top to
    bottom on screen.
    """
    if layout.pointy:
        return [(c, r) for r in range(layout.rows) for c in range(layout.cols)]
    even = 1 if layout.stagger_index == "even" else 0
    order: list[tuple[int, int]] = []
    for r in range(layout.rows):
        for shifted in (0, 1):
            order.extend((c, r) for c in range(layout.cols) if ((c & 1) ^ even) == shifted)
    return order


@lru_cache(maxsize=8)
def cell_boxes(layout: HexLayout) -> tuple[tuple[int, int, int, int], ...]:
    """(col, row, x, y) of every cell's box in Tiled's paint order, Tiled 1.8's column drift included."""
    pix = TiledPixels(layout)
    drift = tiled_column_drift(layout)
    out = []
    for col, row in draw_order(layout):
        px, py = pix.cell_box((col, row))
        out.append((col, row, px + drift(col), py))
    return tuple(out)


def tiled_column_drift(layout: HexLayout) -> Callable[[int], int]:
    """Extra x pixels Tiled 1.8 draws flat-top column ``col`` at.

    Its flat-top loop steps two columns at a time by ``tilewidth + side``,
    which is one pixel more than two column widths when ``tilewidth - side``
    is odd, so such maps drift right by a pixel every second column
    (measured against tmxrasterizer). Pointy-top maps step row by row and
    never drift.
    """
    tw = TiledPixels(layout).tw
    if layout.pointy or (tw - layout.side_length) % 2 == 0:
        return lambda col: 0
    even = 1 if layout.stagger_index == "even" else 0
    return lambda col: (col + 2 - even) // 2

