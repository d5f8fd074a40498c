"""Hex grid maths of Tiled's staggered layouts: offset <-> axial, adjacency, distance.

Where a cell sits in pixels is not a rules question: see :mod:`game.maps.pixels`.

Cells are addressed ``(col, row)`` as Tiled shows them. Internally the rules
use axial coordinates ``(q, r)`` (cube ``s = -q - r``), which make distance,
direction and sector questions independent of the stagger layout.

Pointy-top maps (``staggeraxis="y"``) name the sides ``e ne nw w sw se``;
flat-top maps (``staggeraxis="x"``) ``ne n nw sw s se`` (R2). Direction index
``i`` in :attr:`HexLayout.direction_names` always runs counter-clockwise as
seen on screen, so ``i + 1`` is one side to the left.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, overload

import numpy as np

Cell = tuple[int, int]  # (col, row)

POINTY_NAMES = ("e", "ne", "nw", "w", "sw", "se")
FLAT_NAMES = ("ne", "n", "nw", "sw", "s", "se")
# Axial unit vectors, counter-clockwise on screen (y grows downward).
POINTY_VECTORS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FLAT_VECTORS = ((1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0))


@dataclass(frozen=True)
class HexLayout:
    """The grid of one map: its stagger layout, tile box and size in cells."""

    stagger_axis: str  # "x" (flat-top) or "y" (pointy-top)
    stagger_index: str  # "odd" or "even"
    tile_width: int
    tile_height: int
    side_length: int
    cols: int
    rows: int

    def __post_init__(self) -> None:
        if self.stagger_axis not in ("x", "y"):
            raise ValueError(f"staggeraxis {self.stagger_axis!r} is not x or y")
        if self.stagger_index not in ("odd", "even"):
            raise ValueError(f"staggerindex {self.stagger_index!r} is not odd or even")

    # --- orientation -----------------------------------------------------
    @property
    def pointy(self) -> bool:
        return self.stagger_axis == "y"

    @property
    def direction_names(self) -> tuple[str, ...]:
        return POINTY_NAMES if self.pointy else FLAT_NAMES

    @property
    def direction_vectors(self) -> tuple[tuple[int, int], ...]:
        return POINTY_VECTORS if self.pointy else FLAT_VECTORS

    def direction_index(self, name: str) -> int:
        """Index of a side direction by its R2 name; ValueError names the valid ones."""
        try:
            return self.direction_names.index(name)
        except ValueError:
            valid = ", ".join(self.direction_names)
            raise ValueError(f"direction {name!r} is not one of {valid}") from None

    @property
    def default_facing(self) -> int:
        return self.direction_index("e" if self.pointy else "n")

    # --- offset <-> axial ----------------------------------------------------
    @property
    def _even(self) -> int:
        return 1 if self.stagger_index == "even" else 0

    def to_axial(self, cell: Cell) -> tuple[int, int]:
        col, row = cell
        if self.pointy:
            return col - stagger_shift(row, self._even), row
        return col, row - stagger_shift(col, self._even)

    @overload
    def from_axial(self, q: int, r: int) -> Cell: ...
    @overload
    def from_axial(self, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...

    def from_axial(self, q: Any, r: Any) -> Any:
        """The offset cell of axial ``(q, r)``; scalars or numpy arrays alike."""
        if self.pointy:
            return q + stagger_shift(r, self._even), r
        return q, r + stagger_shift(q, self._even)

    def axial_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Axial q and r of every cell, as ``[row, col]`` int arrays."""
        return self._axial

    @cached_property
    def _axial(self) -> tuple[np.ndarray, np.ndarray]:
        rows, cols = np.indices((self.rows, self.cols))
        if self.pointy:
            q, r = cols - stagger_shift(rows, self._even), rows
        else:
            q, r = cols, rows - stagger_shift(cols, self._even)
        q.setflags(write=False)
        r.setflags(write=False)
        return q, r

    def in_grid(self, cell: Cell) -> bool:
        col, row = cell
        return 0 <= col < self.cols and 0 <= row < self.rows

    # --- adjacency and distance ---------------------------------------------
    def neighbor(self, cell: Cell, direction: int) -> Cell:
        """The cell across side ``direction`` (it may lie outside the grid)."""
        q, r = self.to_axial(cell)
        dq, dr = self.direction_vectors[direction % 6]
        return self.from_axial(q + dq, r + dr)

    def neighbors(self, cell: Cell) -> list[Cell]:
        """The six cells around ``cell`` in direction order, in the grid or not."""
        return [self.neighbor(cell, d) for d in range(6)]

    def distance(self, a: Cell, b: Cell) -> int:
        """Hex (cube) distance between two cells (R1)."""
        aq, ar = self.to_axial(a)
        bq, br = self.to_axial(b)
        return axial_distance(aq - bq, ar - br)

    def disc(self, centre: Cell, radius: int) -> list[Cell]:
        """Every cell within ``radius`` of ``centre`` (in the grid or not), centre first."""
        q0, r0 = self.to_axial(centre)
        out = [centre]
        for dq, dr in disc_offsets(radius)[1:]:
            out.append(self.from_axial(q0 + dq, r0 + dr))
        return out

    def direction_between(self, a: Cell, b: Cell) -> tuple[int, ...]:
        """Side sector(s) the direction from ``a`` to ``b`` falls in (R18).

        One index, or two adjacent indices when ``b`` lies exactly on the
        border of two 60-degree sectors; empty when ``a == b``.
        """
        aq, ar = self.to_axial(a)
        bq, br = self.to_axial(b)
        return sector_of(self.direction_vectors, bq - aq, br - ar)


def stagger_shift(i: Any, even: int) -> Any:
    """How far a staggered row (or column) ``i`` is shifted in axial terms; the one offset<->axial formula."""
    return (i + (i & 1)) // 2 if even else (i - (i & 1)) // 2


def axial_distance(dq: int, dr: int) -> int:
    return max(abs(dq), abs(dr), abs(dq + dr))


def disc_offsets(radius: int) -> list[tuple[int, int]]:
    """Axial offsets within ``radius`` of the origin, origin first, then by ring."""
    out = [(0, 0)]
    for k in range(1, radius + 1):
        for dq in range(-k, k + 1):
            for dr in range(max(-k, -dq - k), min(k, -dq + k) + 1):
                if axial_distance(dq, dr) == k:
                    out.append((dq, dr))
    return out


@lru_cache(maxsize=4096)  # a pure function of small ints, asked for every arc of every preview
def sector_of(vectors: tuple[tuple[int, int], ...], dq: int, dr: int) -> tuple[int, ...]:
    """Which side sector(s) the axial vector falls in, by exact integer arithmetic.

    On an ideal regular grid the side direction with cube vector
    ``(+1 on axis A, -1 on axis B)`` owns the wedge where coordinate A is the
    largest and B the smallest; the sector borders are the lines where two
    cube coordinates tie. So the sector follows from argmax/argmin, and a tie
    means the vector lies on a border (both neighbouring sectors returned).
    """
    if dq == 0 and dr == 0:
        return ()
    v = (dq, dr, -dq - dr)
    hi = max(v)
    lo = min(v)
    his = [i for i in range(3) if v[i] == hi]
    los = [i for i in range(3) if v[i] == lo]
    found = []
    for idx, (vq, vr) in enumerate(vectors):
        u = (vq, vr, -vq - vr)
        if u.index(1) in his and u.index(-1) in los:
            found.append(idx)
    return tuple(sorted(found))
