"""Threatened space (R8, R28): the hexes a threatener's weapon band covers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

from .board import Board
from .hexgrid import Cell, stagger_shift


class ThreatSource(NamedTuple):
    """One threatener: its centre cell, footprint radius and weapon band.

    A named tuple, not a dataclass: every decision builds and hashes these for
    each threatener (the threat memo's key), and tuples do both several times faster.
    """

    cell: Cell
    radius: int
    reach_min: int
    reach: int


def band_window(board: Board, src: ThreatSource) -> tuple[slice, slice, np.ndarray]:
    """Row/col slices around ``src`` and the band mask inside them (read-only).

    Remembered per board: a threatener standing where it stood before (most of
    them, after any one move) needs no new band.
    """
    cache: dict[ThreatSource, tuple[slice, slice, np.ndarray]] = board.__dict__.setdefault("_band_cache", {})
    hit = cache.get(src)
    if hit is None:
        if len(cache) >= 4096:
            cache.clear()
        hit = cache[src] = _band_window(board, src)
    return hit


def _band_window(board: Board, src: ThreatSource) -> tuple[slice, slice, np.ndarray]:
    """Row/col slices around ``src`` and the band mask inside them.

    A hex is threatened when its distance from the footprint edge lies in
    ``[reach_min, reach]``: with a disc footprint of radius R that is a
    centre distance in ``[R + reach_min, R + reach]`` (R8, R28). The footprint
    itself (distance <= R) is never threatened by its owner.
    """
    col, row = src.cell
    outer = src.radius + src.reach
    r0, r1 = max(0, row - outer), min(board.rows, row + outer + 1)
    c0, c1 = max(0, col - outer - 1), min(board.cols, col + outer + 2)
    q, r = board.layout.axial_arrays()
    q = q[r0:r1, c0:c1]
    r = r[r0:r1, c0:c1]
    cq, cr = board.layout.to_axial(src.cell)
    dq = q - cq
    dr = r - cr
    dist = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    band = (dist >= src.radius + src.reach_min) & (dist <= outer)
    band.setflags(write=False)
    return slice(r0, r1), slice(c0, c1), band


def threat_mask(board: Board, sources: Iterable[ThreatSource]) -> np.ndarray:
    """``[row, col]`` bool: on-map hexes any of ``sources`` threatens."""
    mask = np.zeros((board.rows, board.cols), dtype=bool)
    for src in sources:
        rs, cs, band = band_window(board, src)
        mask[rs, cs] |= band
    mask &= board.on_map
    return mask


class ThreatAt:
    """Whether ``sources`` threaten a hex, asked hex by hex as ``query[row, col]`` (as of a
    :func:`threat_mask`): a move line's check asks for the few hexes its path covers, so the
    whole-board mask, rebuilt after every move from every threatener's band, is not worth building
    (with 100 threateners it was a third of the time a 100,000-line log took to replay). Exactly
    :func:`threat_mask`'s answer (R8, R28): on-map hexes at a distance in a source's band.
    """

    def __init__(self, board: Board, sources: Sequence[tuple[Cell, int, int, int]]) -> None:
        self._board = board
        # One pass over the sources, then whole arrays (the axial conversion of hexgrid.to_axial, vectorized).
        table = np.array([(c, r, rad + lo, rad + hi) for (c, r), rad, lo, hi in sources], dtype=np.int64)
        cols, rows, self._lo, self._hi = table.reshape(-1, 4).T
        layout = board.layout
        if layout.pointy:
            self._q, self._r = cols - stagger_shift(rows, layout._even), rows
        else:
            self._q, self._r = cols, rows - stagger_shift(cols, layout._even)

    def __getitem__(self, row_col: tuple[int, int]) -> bool:
        row, col = row_col
        if not self._q.size or not self._board.is_on_map((col, row)):
            return False
        q, r = self._board.layout.to_axial((col, row))
        dq, dr = self._q - q, self._r - r
        d = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
        return bool(((d >= self._lo) & (d <= self._hi)).any())


def threatens(board: Board, src: ThreatSource, cell: Cell) -> bool:
    """Whether ``src`` threatens one cell (on-map cells only)."""
    if not board.is_on_map(cell):
        return False
    d = board.layout.distance(src.cell, cell)
    return src.radius + src.reach_min <= d <= src.radius + src.reach
