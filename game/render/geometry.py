"""Hex outline helpers in map pixels (Tiled's cell outline, see TiledPixels.cell_corners)."""

from __future__ import annotations

from collections.abc import Iterable

from game.maps.pixels import TiledPixels
from game.rules import Cell, HexLayout

Point = tuple[float, float]


def side_edge(layout: HexLayout, cell: Cell, direction: int) -> tuple[Point, Point]:
    """The two corners of the side of ``cell`` that faces its neighbour in ``direction``."""
    pix = TiledPixels(layout)
    corners = pix.cell_corners(cell)
    cx, cy = pix.cell_center(cell)
    nx, ny = pix.cell_center(layout.neighbor(cell, direction))
    vx, vy = nx - cx, ny - cy
    best = max(
        range(6),
        key=lambda k: ((corners[k][0] + corners[(k + 1) % 6][0]) / 2 - cx) * vx
        + ((corners[k][1] + corners[(k + 1) % 6][1]) / 2 - cy) * vy,
    )
    return corners[best], corners[(best + 1) % 6]


def region_edges(layout: HexLayout, cells: Iterable[Cell]) -> list[tuple[Point, Point]]:
    """Sides of the region's hexes that border a hex outside it: the region's outline."""
    region = set(cells)
    out = []
    for cell in region:
        for d in range(6):
            if layout.neighbor(cell, d) not in region:
                out.append(side_edge(layout, cell, d))
    return out


def scaled(points: Iterable[Point], scale: float) -> list[Point]:
    return [(x * scale, y * scale) for x, y in points]
