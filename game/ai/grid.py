"""Fast sweeps over the hex grid in axial coordinates, for the AI's own estimates.

In axial coordinates the six neighbours of every hex are the same six array
shifts, so "the cheapest neighbour" of every hex at once is six slices and a
minimum: no index gathers. A :class:`Window` is an axial rectangle around
the hexes a question concerns (plus a margin), so a sweep touches only the
part of a large map that matters.

These are estimates for scoring (where a hostile could stand next turn, how
far the actor has to walk); the engine's own reach decides what is legal.
"""

from __future__ import annotations

import numpy as np

INF = 1e9


class Window:
    """An axial rectangle of the board, padded by one cell of ``INF`` on each side."""

    def __init__(self, q: np.ndarray, r: np.ndarray, flats: np.ndarray, vectors: tuple[tuple[int, int], ...],
                 lo: tuple[int, int], hi: tuple[int, int]) -> None:
        # q, r: axial coordinates of every flat cell; flats: the cells inside the rectangle.
        self.q0, self.r0 = lo
        self.w = hi[0] - lo[0] + 1
        self.h = hi[1] - lo[1] + 1
        self.flats = flats
        self.qi = q[flats] - self.q0 + 1
        self.ri = r[flats] - self.r0 + 1
        self.vectors = vectors

    @classmethod
    def around(cls, q: np.ndarray, r: np.ndarray, cells: np.ndarray, margin: int,
               vectors: tuple[tuple[int, int], ...]) -> Window:
        """The rectangle holding ``cells`` (flat indices) widened by ``margin`` hexes."""
        lo = (int(q[cells].min()) - margin, int(r[cells].min()) - margin)
        hi = (int(q[cells].max()) + margin, int(r[cells].max()) + margin)
        return cls.spanning(q, r, lo, hi, vectors)

    @classmethod
    def spanning(cls, q: np.ndarray, r: np.ndarray, lo: tuple[int, int], hi: tuple[int, int],
                 vectors: tuple[tuple[int, int], ...]) -> Window:
        """The rectangle from axial ``lo`` to ``hi`` (inclusive)."""
        inside = np.flatnonzero((q >= lo[0]) & (q <= hi[0]) & (r >= lo[1]) & (r <= hi[1]))
        return cls(q, r, inside, vectors, lo, hi)

    def grid(self, flat_values: np.ndarray, fill: float) -> np.ndarray:
        """Values of the window's cells laid out in the padded axial array (``fill`` elsewhere)."""
        out = np.full((self.h + 2, self.w + 2), fill, dtype=float)
        out[self.ri, self.qi] = flat_values[self.flats]
        return out

    def back(self, arr: np.ndarray, n: int, fill: float) -> np.ndarray:
        """A padded axial array back to flat indices ``[n + 1]`` (``fill`` outside the window)."""
        out = np.full(n + 1, fill)
        out[self.flats] = arr[self.ri, self.qi]
        return out

    def neighbour_min(self, arr: np.ndarray) -> np.ndarray:
        """For every hex of the window, the smallest value among its six neighbours (padding stays INF)."""
        out = np.full_like(arr, INF)
        self._neighbour_min_into(arr, out[1:-1, 1:-1])
        return out

    def _neighbour_min_into(self, arr: np.ndarray, inner: np.ndarray) -> None:
        """Write the six-neighbour minimum of ``arr`` into ``inner`` (the unpadded interior of a buffer)."""
        h, w = self.h, self.w
        (q0, r0), (q1, r1), *rest = self.vectors
        np.minimum(arr[1 + r0: 1 + r0 + h, 1 + q0: 1 + q0 + w], arr[1 + r1: 1 + r1 + h, 1 + q1: 1 + q1 + w], out=inner)
        for dq, dr in rest:
            np.minimum(inner, arr[1 + dr: 1 + dr + h, 1 + dq: 1 + dq + w], out=inner)

    def distance_to(self, goal: np.ndarray, cost: np.ndarray, settle: np.ndarray | None = None) -> np.ndarray:
        """Cheapest walk from each hex to a ``goal`` hex, paying ``cost`` to enter each hex (all padded arrays).

        Sweeps until nothing changes, or until every ``settle`` hex (a bool
        padded array) holds a value no greater than the sweep count: each step
        costs at least 1, so such values are final.
        """
        dist = np.where(goal, 0.0, INF)
        new = np.empty_like(dist)
        step = np.empty_like(dist)
        near = np.full_like(dist, INF)
        inner = near[1:-1, 1:-1]
        for k in range(1, 4 * (self.h + 2) * (self.w + 2)):
            np.add(dist, cost, out=step)
            self._neighbour_min_into(step, inner)
            np.minimum(dist, near, out=new)
            if not (new < dist).any():
                return new
            dist, new = new, dist
            if settle is not None:
                vals = dist[settle]
                if vals.size and vals.max() <= k:
                    return dist
        return dist

    def reach(self, start: tuple[int, int], cost: np.ndarray, stops: np.ndarray, budget: int) -> np.ndarray:
        """Cheapest cost from ``start`` (padded axial index) to each hex within ``budget``.

        ``stops`` (padded bool) marks hexes a mover may enter but not leave
        (zone of control, R9); the start itself is always left freely (R10).
        """
        # Bellman-Ford sweeps ``min(dist, neighbour_min(leave) + cost)`` in buffers reused across
        # steps (these windows are small: numpy's per-call work is most of the time). A hex of
        # cost c <= budget has a cheapest path of at most c steps, so ``budget`` sweeps find it;
        # costs past the budget are cut once at the end. Leaving a ZoC hex costs INF extra.
        dist = np.full_like(cost, INF)
        dist[start] = 0.0
        held = np.where(stops, INF, 0.0)
        held[start] = 0.0
        new = np.empty_like(dist)
        leave = np.empty_like(dist)
        near = np.full_like(dist, INF)
        inner = near[1:-1, 1:-1]
        for _ in range(budget):
            np.add(dist, held, out=leave)
            self._neighbour_min_into(leave, inner)
            np.add(near, cost, out=new)
            np.minimum(new, dist, out=new)
            if not (new < dist).any():
                break
            dist, new = new, dist
        dist[dist > budget] = INF
        return dist


def neighbour_min_stack(arr: np.ndarray, inner: np.ndarray, vectors: tuple[tuple[int, int], ...]) -> None:
    """:meth:`Window._neighbour_min_into` over a stack of same-shape padded windows ``[k, h + 2, w + 2]``."""
    h, w = arr.shape[1] - 2, arr.shape[2] - 2
    (q0, r0), (q1, r1), *rest = vectors
    np.minimum(arr[:, 1 + r0: 1 + r0 + h, 1 + q0: 1 + q0 + w], arr[:, 1 + r1: 1 + r1 + h, 1 + q1: 1 + q1 + w],
               out=inner)
    for dq, dr in rest:
        np.minimum(inner, arr[:, 1 + dr: 1 + dr + h, 1 + dq: 1 + dq + w], out=inner)


def reach_stack(cost: np.ndarray, stops: np.ndarray, centre: int, budgets: np.ndarray,
                vectors: tuple[tuple[int, int], ...]) -> np.ndarray:
    """:meth:`Window.reach` for several movers at once, each in its own window of one shared shape.

    ``cost`` and ``stops`` are ``[k, h + 2, w + 2]``; every mover starts at the
    window's centre ``[centre, centre]`` with its own ``budgets[i]``. Mover i's
    answer is exactly what :meth:`Window.reach` gives it alone: sweeping past
    its own budget only lowers costs beyond that budget (a hex within it is
    final after ``budget`` sweeps), and those are cut at the end. One sweep of
    the stack costs the numpy calls of one mover's sweep.
    """
    dist = np.full_like(cost, INF)
    dist[:, centre, centre] = 0.0
    held = np.where(stops, INF, 0.0)
    held[:, centre, centre] = 0.0
    new = np.empty_like(dist)
    leave = np.empty_like(dist)
    near = np.full_like(dist, INF)
    inner = near[:, 1:-1, 1:-1]
    for _ in range(int(budgets.max())):
        np.add(dist, held, out=leave)
        neighbour_min_stack(leave, inner, vectors)
        np.add(near, cost, out=new)
        np.minimum(new, dist, out=new)
        if not (new < dist).any():
            break
        dist, new = new, dist
    dist[dist > budgets[:, None, None]] = INF
    return dist


def grow_stack(arr: np.ndarray, bands: np.ndarray, vectors: tuple[tuple[int, int], ...]) -> np.ndarray:
    """Each window's values spread ``bands[i]`` hexes: ``arr[i] = min(arr[i], neighbour min)`` that many times."""
    near = np.full_like(arr, INF)
    inner = near[:, 1:-1, 1:-1]
    for j in range(int(bands.max(initial=0))):
        neighbour_min_stack(arr, inner, vectors)
        grown = np.minimum(arr, near)
        if (bands <= j).any():  # the windows whose band is spent keep their values
            grown = np.where((bands > j)[:, None, None], grown, arr)
        arr = grown
    return arr
