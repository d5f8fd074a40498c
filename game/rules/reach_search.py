"""The search kernel behind :func:`game.rules.reach.reachable`.

Dial's algorithm (a bucket queue: step costs are small whole numbers) over
the *free* states of centre cells, vectorised per cost level: all cells whose
cheapest free cost is ``c`` are expanded together with a handful of numpy
calls. ZoC stop states never expand (R9), so they are computed afterwards in
one sparse pass over the few steps that enter threatened space.

Work is proportional to the cells reached, not the board: distances live in
a per-board scratch array that is reset only where it was touched.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np

from .board import Board
from .reach_tables import INF, StepTables


@dataclass(frozen=True, eq=False)
class Field:
    """Sparse outcome of one search over flat cell indices."""

    free_cells: np.ndarray  # cells reached without a ZoC stop, start first
    free_cost: np.ndarray
    free_parent: np.ndarray  # previous centre (a free state), -1 for the start
    stop_cells: np.ndarray  # cells whose ZoC-stop state is reachable and may be ended on
    stop_cost: np.ndarray
    stop_parent: np.ndarray


class _Scratch:
    """Reusable per-board arrays; every query leaves them as it found them."""

    def __init__(self, n: int) -> None:
        self.dist = np.full(n + 1, INF, dtype=np.int32)
        self.dist[n] = -1  # neighbour -1 reads this slot: never improvable
        self.parent = np.full(n, -1, dtype=np.int32)
        self.stamp = np.zeros(n, dtype=np.int32)
        self.busy = False


_SCRATCH: weakref.WeakKeyDictionary[Board, _Scratch] = weakref.WeakKeyDictionary()


def _scratch(board: Board) -> _Scratch:
    scr = _SCRATCH.get(board)
    if scr is None:
        scr = _SCRATCH[board] = _Scratch(board.rows * board.cols)
    if scr.busy:  # re-entrant or concurrent use: work on private arrays
        return _Scratch(board.rows * board.cols)
    return scr


def search(
    board: Board,
    tables: StepTables,
    start: int,
    budget: int | None,
    forbid_u: np.ndarray,
    forbid_d: np.ndarray,
    stop_v: np.ndarray,
    stop_d: np.ndarray,
) -> Field:
    """Cheapest free and stop costs from ``start``.

    ``(forbid_u, forbid_d)``: steps that may not be taken as free steps this
    query (into blocked footprints, or into threatened space). ``(stop_v,
    stop_d)``: arrivals at ``v`` along ``d`` that are ZoC entries and may be
    ended on.
    """
    scr = _scratch(board)
    scr.busy = True
    cost_out = tables.cost_out
    saved = cost_out[forbid_u, forbid_d]
    cost_out[forbid_u, forbid_d] = INF
    dist = scr.dist
    pushed: list[np.ndarray] = []
    try:
        popped = _dial(tables, scr, start, budget, pushed)
        free_cells = np.concatenate(popped)
        free_cost = dist[free_cells]
        free_parent = scr.parent[free_cells]
        free_parent[0] = -1
        stop = _stops(tables, dist, budget, stop_v, stop_d)
    finally:
        cost_out[forbid_u, forbid_d] = saved
        dist[start] = INF
        for idx in pushed:
            dist[idx] = INF
        scr.busy = False
    return Field(free_cells, free_cost, free_parent, *stop)


def _dial(
    tables: StepTables, scr: _Scratch, start: int, budget: int | None, pushed: list[np.ndarray]
) -> list[np.ndarray]:
    nbr = tables.neighbors
    cost_out = tables.cost_out
    dist, parent, stamp = scr.dist, scr.parent, scr.stamp
    limit = INF - 1 if budget is None else budget
    dist[start] = 0
    buckets: dict[int, list[np.ndarray]] = {0: [np.array([start], dtype=np.intp)]}
    popped: list[np.ndarray] = []
    while buckets:
        c = min(buckets)
        parts = buckets.pop(c)
        frontier = parts[0] if len(parts) == 1 else np.concatenate(parts)
        # Entries pushed at a higher cost and improved since are stale.
        frontier = frontier[dist[frontier] == c]
        if not frontier.size:
            continue
        popped.append(frontier)
        nb = nbr[frontier]
        cand = cost_out[frontier] + np.int32(c)
        better = cand < dist[nb]
        if c + tables.max_step > limit:
            better &= cand <= limit
        rows, cols = np.nonzero(better)
        if not rows.size:
            continue
        idx = nb[rows, cols]
        val = cand[rows, cols]
        np.minimum.at(dist, idx, val)
        win = dist[idx] == val
        idx, val, rows = idx[win], val[win], rows[win]
        # Several frontier cells may reach the same cell at the same cost:
        # keep one, so buckets never hold a cell twice.
        k = np.arange(idx.size, dtype=np.int32)
        stamp[idx] = k
        once = stamp[idx] == k
        idx, val, rows = idx[once], val[once], rows[once]
        parent[idx] = frontier[rows]
        pushed.append(idx)
        lo = int(val.min())
        if lo == int(val.max()):
            buckets.setdefault(lo, []).append(idx)
        else:
            for v in np.unique(val).tolist():
                buckets.setdefault(v, []).append(idx[val == v])
    return popped


def _stops(
    tables: StepTables, dist: np.ndarray, budget: int | None, stop_v: np.ndarray, stop_d: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cheapest ZoC-stop cost per cell: a free state, then one stopping step."""
    empty = np.zeros(0, dtype=np.intp)
    if not stop_v.size:
        return empty, empty.astype(np.int32), empty
    u = tables.neighbors[stop_v, (stop_d + 3) % 6]
    du = dist[u]
    cand = du + tables.cost_in[stop_v, stop_d]
    ok = (u >= 0) & (du < INF) & (cand < INF)
    if budget is not None:
        ok &= cand <= budget
    v, u, cand = stop_v[ok], u[ok], cand[ok]
    if not v.size:
        return empty, empty.astype(np.int32), empty
    order = np.lexsort((cand, v))
    v, u, cand = v[order], u[order], cand[order]
    first = np.ones(v.size, dtype=bool)
    first[1:] = v[1:] != v[:-1]
    return v[first], cand[first], u[first]
