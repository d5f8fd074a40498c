"""How many tiles Tiled cuts from a tileset's one image, and in how many columns and rows.

Tiled cuts an atlas left to right and top to bottom: the first tile at ``margin``, each next one
``tile + spacing`` further on, for as long as a whole tile still fits in the image
(``Tileset::loadFromImage``; ``columnCountForWidth`` and ``rowCountForHeight`` give the same numbers).
The margin is skipped once, at the top left: a last tile may touch the right or bottom edge, so an
image whose right-hand margin is narrower than its left still gives its last column.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Grid:
    """The tiles Tiled cuts from an image: ``columns`` x ``rows`` of them."""

    columns: int
    rows: int

    @property
    def count(self) -> int:
        return self.columns * self.rows


def tiled_grid(image: tuple[int, int], tile: tuple[int, int], margin: int, spacing: int) -> Grid:
    """The columns and rows Tiled cuts from an ``image`` (w, h) of ``tile`` (w, h) tiles.

    Along each side ``(size - margin + spacing) // (tile + spacing)``: ``n`` tiles need
    ``margin + n * tile + (n - 1) * spacing`` pixels.
    """

    def along(size: int, step: int) -> int:
        return max(0, (size - margin + spacing) // (step + spacing)) if step + spacing > 0 else 0

    return Grid(along(image[0], tile[0]), along(image[1], tile[1]))
