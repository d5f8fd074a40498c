"""Static step tables for reachability, built once per (board, movement type, radius).

Boards never change during an encounter, so everything that depends only on
terrain (which centres a footprint fits on, what each step costs) is computed
once and cached beside the board. A query then only patches the handful of
steps that combatants (blocking, ZoC) make different this turn.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from .board import Board
from .hexgrid import axial_distance, disc_offsets
from .terrain import MovementType

# "Cannot step here": larger than any real cost sum, small enough that
# INF + any reachable cost still fits int32.
INF = 1 << 28


@dataclass(frozen=True, eq=False)
class StepTables:
    """Per-direction step tables over flat cell indices (``row * cols + col``).

    Direction ``d`` is a :attr:`HexLayout.direction_vectors` index; ``d + 3``
    is its opposite.
    """

    neighbors: np.ndarray  # intp [N, 6]: cell across side d, -1 off-grid (intp: numpy indexes fastest with it)
    cost_in: np.ndarray  # int32 [N, 6]: cost of arriving at v moving along d (R27), INF if v cannot hold the footprint
    cost_out: np.ndarray  # int32 [N, 6]: cost of leaving u along d (a search patches it and restores it)
    footprint: np.ndarray  # int32 [N, k]: disc of the radius around each cell, centre first, -1 off-grid
    new_cols: tuple[np.ndarray, ...]  # per d: footprint columns newly covered when arriving along d
    mirror_col: np.ndarray  # int [k]: column of the negated offset (discs are symmetric)
    max_step: int  # largest finite step cost
    # Standard size only (radius 0): a step costs what the entered cell costs,
    # whatever the direction. [N + 1] with INF for "may not enter"; the extra
    # slot is what neighbour -1 (off-grid) reads.
    cell_cost: np.ndarray | None
    cell_open: np.ndarray | None  # bool [N + 1]: cell_cost < INF
    cell_one: np.ndarray | None  # bool [N + 1]: cell_cost == 1 (sorting discoveries by cost is hot)


_CACHE: weakref.WeakKeyDictionary[Board, dict[tuple[int, int], StepTables]] = weakref.WeakKeyDictionary()


def step_tables(board: Board, movement_type: MovementType, radius: int) -> StepTables:
    per_board = _CACHE.setdefault(board, {})
    key = (int(movement_type), radius)
    if key not in per_board:
        per_board[key] = _build(board, movement_type, radius)
    return per_board[key]


def column_offsets(board: Board, radius: int) -> list[tuple[int, int]]:
    """Axial offset of each :meth:`Board.footprint_table` column."""
    offsets = disc_offsets(radius)
    if radius >= 1:
        offsets = [offsets[0], *board.layout.direction_vectors, *offsets[7:]]
    return offsets


def _build(board: Board, movement_type: MovementType, radius: int) -> StepTables:
    fp = board.footprint_table(radius)
    nbr = board.neighbor_table
    n = board.rows * board.cols
    offsets = column_offsets(board, radius)
    index_of = {o: j for j, o in enumerate(offsets)}
    mirror = np.array([index_of[(-dq, -dr)] for dq, dr in offsets], dtype=np.intp)

    cost = board.cost[int(movement_type)].ravel().astype(np.int32)
    cost = np.where(cost >= 1, cost, INF).astype(np.int32)  # negative = may not enter (R5)
    # Off-grid footprint hexes read a sentinel slot that may not be entered.
    cost_pad = np.append(cost, np.int32(INF))
    fp_cost = cost_pad[fp]  # -1 -> sentinel
    fits = (fp_cost < INF).all(axis=1)  # whole footprint on-map and enterable (R27)

    new_cols = []
    cost_in = np.empty((n, 6), dtype=np.int32)
    for d, (vq, vr) in enumerate(board.layout.direction_vectors):
        # Arriving at v along d means coming from u = v - e_d; hex v + o is new
        # unless it was within radius of u, i.e. |o + e_d| <= radius.
        cols = np.array([j for j, (dq, dr) in enumerate(offsets) if axial_distance(dq + vq, dr + vr) > radius])
        new_cols.append(cols)
        cost_in[:, d] = fp_cost[:, cols].max(axis=1)
    cost_in[~fits] = INF

    cost_out = np.full((n, 6), INF, dtype=np.int32)
    for d in range(6):
        ok = nbr[:, d] >= 0
        cost_out[ok, d] = cost_in[nbr[ok, d], d]
    finite = cost_in[cost_in < INF]
    cell_cost = np.append(np.where(fits, cost, INF), np.int32(INF)).astype(np.int32) if radius == 0 else None
    return StepTables(
        neighbors=nbr.astype(np.intp),
        cost_in=cost_in,
        cost_out=cost_out,
        footprint=fp,
        new_cols=tuple(new_cols),
        mirror_col=mirror,
        max_step=int(finite.max()) if finite.size else 1,
        cell_cost=cell_cost,
        cell_open=None if cell_cost is None else cell_cost < INF,
        cell_one=None if cell_cost is None else cell_cost == 1,
    )
