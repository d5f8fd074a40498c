"""The search kernels behind :func:`game.rules.reach.reachable`.

Dial's algorithm (a bucket queue: step costs are small whole numbers) over
the *free* states of centre cells, vectorised per cost level: every cell
whose cheapest free cost is ``c`` is expanded at once, with a dozen numpy
calls. ZoC stop states never expand (R9), so they are computed afterwards in
one sparse pass over the few cells that threatened space makes into stops.

For a standard-size mover a step costs whatever the entered cell costs, so
the first discovery of a cell settles it: the kernel only needs one "not yet
discovered" flag per cell. Multi-hex steps cost by direction (R27) and use
a general kernel with a distance array.

A bounded search touches only cells near the mover: its arrays are kept per
(board, movement type, radius) and reset only where they were written, so
a query costs what it reaches, not the size of the map. Paths are not
recorded; :class:`game.rules.reach.ReachResult` walks back through the costs
when asked for one.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from .reach_tables import INF, StepTables

EMPTY = np.zeros(0, dtype=np.intp)
EMPTY_COST = np.zeros(0, dtype=np.int32)


@dataclass(frozen=True, eq=False)
class Field:
    """Sparse outcome of one search over flat cell indices (each cell once)."""

    free_cells: np.ndarray  # reached without a ZoC stop (the start included)
    free_cost: np.ndarray
    stop_cells: np.ndarray  # whose ZoC-stop state is reachable and may be ended on
    stop_cost: np.ndarray


class _Scratch:
    """Reusable per-table arrays; every query leaves them as it found them."""

    def __init__(self, tables: StepTables, shared: bool) -> None:
        n = tables.neighbors.shape[0]
        self.dist = np.full(n + 1, INF, dtype=np.int32)  # slot n: what neighbour -1 reads
        self.stamp = np.zeros(n + 1, dtype=np.intp)
        self.mark = np.zeros(n + 1, dtype=bool)
        self.arange = np.arange(6 * n + 6, dtype=np.intp)
        self.open = None if tables.cell_open is None else tables.cell_open.copy()
        # Multi-hex searches patch step costs in place (and restore them); a
        # private scratch patches its own copy.
        self.cost_out = tables.cost_out if shared else tables.cost_out.copy()
        self.lock = threading.Lock()


_SCRATCH: weakref.WeakKeyDictionary[StepTables, _Scratch] = weakref.WeakKeyDictionary()


@contextmanager
def _borrow(tables: StepTables) -> Iterator[_Scratch]:
    scr = _SCRATCH.get(tables)
    if scr is None:
        scr = _SCRATCH.setdefault(tables, _Scratch(tables, shared=True))
    if not scr.lock.acquire(blocking=False):
        yield _Scratch(tables, shared=False)  # re-entrant or concurrent use: private arrays
        return
    try:
        yield scr
    except BaseException:
        _SCRATCH.pop(tables, None)  # interrupted midway, it may be dirty: start afresh next time
        raise
    finally:
        scr.lock.release()


def search_cells(
    tables: StepTables,
    start: int,
    budget: int | None,
    no_enter: np.ndarray,
    threatened: np.ndarray,
    no_stop: np.ndarray,
) -> Field:
    """Standard-size search: a step costs the entered cell, a ZoC entry is entering a threatened cell.

    ``no_enter``: cells holding hostiles; ``threatened``: cells entered only
    as a stop; ``no_stop``: cells a stop may not end on (friends, R4).

    Because a step's cost depends only on the cell entered, the first time a
    level-``c`` cell reaches a neighbour settles it at ``c + cost``: each cell
    is discovered once, and "not yet discovered" is one boolean per cell.
    """
    cost, base = tables.cell_cost, tables.cell_open
    assert cost is not None and base is not None
    limit = INF - 1 if budget is None else budget
    forbid = np.concatenate([no_enter, threatened, np.array([start], dtype=np.intp)])
    with _borrow(tables) as scr:
        fresh = budget is None  # the whole map gets touched anyway: start from a copy
        is_open = base.copy() if fresh else scr.open
        assert is_open is not None  # the scratch copies cell_open, which is set
        is_open[forbid] = False  # hostiles never; threatened cells only as a stop, below
        found, level = _dial_open(tables, is_open, scr, start, limit)
        if not fresh:
            is_open[found] = True
            is_open[forbid] = base[forbid]
        free_cells = np.concatenate([forbid[-1:], found])
        free_cost = np.concatenate([np.zeros(1, dtype=np.int32), level + cost.take(found)])
        if not threatened.size:
            return Field(free_cells, free_cost, EMPTY, EMPTY_COST)
        # A stop on threatened t: its cost plus its cheapest free neighbour.
        mark, dist = scr.mark, scr.dist
        mark[no_enter] = True
        mark[no_stop] = True
        t = threatened[~mark[threatened] & base[threatened]]
        mark[no_enter] = False
        mark[no_stop] = False
        dist[free_cells] = free_cost
        best = dist[tables.neighbors[t]].min(axis=1) + cost[t]
        dist[free_cells] = INF
    ok = best <= limit
    return Field(free_cells, free_cost, t[ok], best[ok])


def _dial_open(
    tables: StepTables, is_open: np.ndarray, scr: _Scratch, start: int, limit: int
) -> tuple[np.ndarray, np.ndarray]:
    """Every cell discovered from ``start`` within ``limit``, and the level it was discovered from."""
    nbr, cost, one = tables.neighbors, tables.cell_cost, tables.cell_one
    assert cost is not None and one is not None
    stamp, arange = scr.stamp, scr.arange
    max_step = tables.max_step
    found: list[np.ndarray] = []
    levels: list[int] = []
    buckets: dict[int, list[np.ndarray]] = {0: [np.array([start], dtype=np.intp)]}
    while buckets:
        c = min(buckets)
        parts = buckets.pop(c)
        frontier = parts[0] if len(parts) == 1 else np.concatenate(parts)
        # ndarray.take is several times faster than fancy indexing for gathers.
        nb = nbr.take(frontier, axis=0).ravel()
        new = is_open.take(nb)
        if c + max_step > limit:  # near the budget: only what is still affordable
            new &= cost.take(nb) <= limit - c
        idx = nb[new]
        if not idx.size:
            continue
        is_open[idx] = False
        # Two frontier cells may share a neighbour: keep it once.
        k = arange[: idx.size]
        stamp[idx] = k
        idx = idx[stamp.take(idx) == k]
        found.append(idx)
        levels.append(c)
        if max_step == 1:
            buckets.setdefault(c + 1, []).append(idx)
            continue
        near = one.take(idx)
        a = idx[near]
        if a.size:
            buckets.setdefault(c + 1, []).append(a)
        if a.size < idx.size:
            if max_step == 2:
                buckets.setdefault(c + 2, []).append(idx[~near])
            else:
                far = idx[~near]
                fstep = cost.take(far)
                for v in np.unique(fstep).tolist():
                    buckets.setdefault(c + v, []).append(far[fstep == v])
    if not found:
        return EMPTY, EMPTY_COST
    sizes = [a.size for a in found]
    return np.concatenate(found), np.repeat(np.array(levels, dtype=np.int32), sizes)


def search_steps(
    tables: StepTables,
    start: int,
    budget: int | None,
    forbid_u: np.ndarray,
    forbid_d: np.ndarray,
    stop_v: np.ndarray,
    stop_d: np.ndarray,
) -> Field:
    """Multi-hex search, where a step's cost and ZoC depend on its direction (R27).

    ``(forbid_u, forbid_d)``: steps that may not be taken as free steps
    (into a hostile's footprint, or into threatened space). ``(stop_v,
    stop_d)``: arrivals at ``v`` along ``d`` that are ZoC entries and may be
    ended on.
    """
    with _borrow(tables) as scr:
        cost_out = scr.cost_out
        saved = cost_out[forbid_u, forbid_d]
        cost_out[forbid_u, forbid_d] = INF
        try:
            pushed = _dial_steps(tables, scr, start, budget)
        finally:
            cost_out[forbid_u, forbid_d] = saved
        dist = scr.dist
        free_cells = _unique(scr, np.concatenate(pushed))
        free_cost = dist[free_cells]
        stop_cells, stop_cost = _stops(tables, dist, budget, stop_v, stop_d)
        dist[free_cells] = INF
    return Field(free_cells, free_cost, stop_cells, stop_cost)


def _dial_steps(tables: StepTables, scr: _Scratch, start: int, budget: int | None) -> list[np.ndarray]:
    nbr = tables.neighbors
    cost_out = scr.cost_out
    dist, stamp, arange = scr.dist, scr.stamp, scr.arange
    limit = INF - 1 if budget is None else budget
    dist[start] = 0
    first = np.array([start], dtype=np.intp)
    pushed = [first]
    buckets: dict[int, list[np.ndarray]] = {0: [first]}
    while buckets:
        c = min(buckets)
        parts = buckets.pop(c)
        frontier = parts[0] if len(parts) == 1 else np.concatenate(parts)
        frontier = frontier[dist.take(frontier) == c]  # drop entries improved since they were pushed
        nb = nbr.take(frontier, axis=0).ravel()
        val = cost_out.take(frontier, axis=0).ravel() + np.int32(c)
        better = val < dist.take(nb)
        if c + tables.max_step > limit:
            better &= val <= limit
        idx = nb[better]
        if not idx.size:
            continue
        val = val[better]
        # Different directions into one cell may cost differently: keep the least.
        np.minimum.at(dist, idx, val)
        win = dist.take(idx) == val
        idx, val = idx[win], val[win]
        k = arange[: idx.size]
        stamp[idx] = k
        once = stamp.take(idx) == k
        idx, val = idx[once], val[once]
        pushed.append(idx)
        for v in np.unique(val).tolist():
            buckets.setdefault(v, []).append(idx[val == v])
    return pushed


def _unique(scr: _Scratch, cells: np.ndarray) -> np.ndarray:
    if cells.size > scr.arange.size:
        return np.unique(cells)
    k = scr.arange[: cells.size]
    scr.stamp[cells] = k
    first: np.ndarray = cells[scr.stamp[cells] == k]
    return first


def _unique_pairs(cells: np.ndarray, cost: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One entry per cell, the cheapest."""
    if not cells.size:
        return EMPTY, EMPTY_COST
    order = np.lexsort((cost, cells))
    cells, cost = cells[order], cost[order]
    first = np.ones(cells.size, dtype=bool)
    first[1:] = cells[1:] != cells[:-1]
    return cells[first], cost[first].astype(np.int32)


def _stops(
    tables: StepTables, dist: np.ndarray, budget: int | None, stop_v: np.ndarray, stop_d: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Cheapest ZoC-stop cost per cell: a free state, then one stopping step."""
    if not stop_v.size:
        return EMPTY, EMPTY_COST
    u = tables.neighbors[stop_v, (stop_d + 3) % 6]
    du = dist[u]  # u == -1 reads the INF slot
    cand = du + tables.cost_in[stop_v, stop_d]
    ok = (du < INF) & (cand < INF)
    if budget is not None:
        ok &= cand <= budget
    return _unique_pairs(stop_v[ok], cand[ok])
