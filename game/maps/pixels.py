"""Map pixels as Tiled's staggered hexagonal renderer computes them.

The rules only need cells, adjacency and distance (:class:`game.rules.hexgrid.HexLayout`);
where a cell sits on the picture is a drawing and loading concern: the renderer, the
window, the loader (an object's anchor pixel -> its cell) and the asset tools use
:class:`TiledPixels`. The formulas follow Tiled's ``HexagonalRenderer`` (see
/work/shared/notes/tiled-hex-and-pytmx.md): odd tile sizes are rounded down to even,
the side length is ``hexsidelength``, and shifted rows/columns are pushed by half a box.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.rules import Cell, HexLayout

Point = tuple[float, float]


@dataclass(frozen=True)
class TiledPixels:
    """Pixel geometry of one map's grid: ``TiledPixels(layout).cell_center(cell)``."""

    layout: HexLayout
    tw: int = field(init=False)  # even-rounded tile box width
    th: int = field(init=False)
    sox: int = field(init=False)  # Tiled's side offsets: where the slanted sides end
    soy: int = field(init=False)
    col_w: int = field(init=False)  # distance between columns (axis x) / shift of a staggered row (axis y)
    row_h: int = field(init=False)

    def __post_init__(self) -> None:
        lay = self.layout
        tw = lay.tile_width & ~1
        th = lay.tile_height & ~1
        s = lay.side_length
        slx, sly = (0, s) if lay.pointy else (s, 0)
        sox = (tw - slx) // 2
        soy = (th - sly) // 2
        for name, value in (("tw", tw), ("th", th), ("sox", sox), ("soy", soy),
                            ("col_w", sox + slx), ("row_h", soy + sly)):
            object.__setattr__(self, name, value)

    def shifted(self, i: int) -> bool:
        """Whether row ``i`` (pointy) or column ``i`` (flat) is pushed by half a box (staggerindex)."""
        even = 1 if self.layout.stagger_index == "even" else 0
        return bool((i & 1) ^ even)

    def cell_box(self, cell: Cell) -> tuple[int, int]:
        """Top-left pixel of the cell's ``tw x th`` box."""
        x, y = cell
        if self.layout.pointy:
            return x * self.tw + (self.col_w if self.shifted(y) else 0), y * self.row_h
        return x * self.col_w, y * self.th + (self.row_h if self.shifted(x) else 0)

    def cell_center(self, cell: Cell) -> Point:
        px, py = self.cell_box(cell)
        return px + self.tw / 2, py + self.th / 2

    @property
    def tile_box(self) -> tuple[int, int]:
        """Even-rounded tile box size ``(tw, th)`` Tiled draws cells in."""
        return self.tw, self.th

    @property
    def pixel_size(self) -> tuple[int, int]:
        """The map's size in pixels as Tiled computes it (before layer offsets grow it)."""
        lay = self.layout
        if lay.pointy:
            return lay.cols * self.tw + self.col_w * (lay.rows > 1), lay.rows * self.row_h + self.soy
        return lay.cols * self.col_w + self.sox, lay.rows * self.th + self.row_h * (lay.cols > 1)

    def cell_corners(self, cell: Cell) -> list[Point]:
        """The hexagon outline Tiled draws for a cell, clockwise from the top-left."""
        tw, th, sox, soy = self.tw, self.th, self.sox, self.soy
        px, py = self.cell_box(cell)
        pts: list[Point]
        if self.layout.pointy:
            pts = [(0, soy), (tw / 2, 0), (tw, soy), (tw, th - soy), (tw / 2, th), (0, th - soy)]
        else:
            pts = [(sox, 0), (tw - sox, 0), (tw, th / 2), (tw - sox, th), (sox, th), (0, th / 2)]
        return [(px + x, py + y) for x, y in pts]

    def pixel_to_cell(self, x: float, y: float) -> Cell:
        """The cell whose centre is nearest the pixel (as Tiled picks); may lie off-grid."""
        if self.layout.pointy:
            row_guess = math.floor(y / self.row_h)
            col_guess = math.floor(x / self.tw)
        else:
            col_guess = math.floor(x / self.col_w)
            row_guess = math.floor(y / self.th)
        best: Cell = (col_guess, row_guess)
        best_d = math.inf
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                cand = (col_guess + dc, row_guess + dr)
                cx, cy = self.cell_center(cand)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if d < best_d:
                    best, best_d = cand, d
        return best
