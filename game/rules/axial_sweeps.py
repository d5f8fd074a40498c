"""Fast sweeps over the hex grid in axial coordinates: many movers' reach and walking costs at once.

In axial coordinates the six neighbours of every hex are the same six array
shifts, so "the cheapest neighbour" of every hex at once is six slices and a
minimum: no index gathers. A :class:`Window` is an axial rectangle around
the hexes a question concerns (plus a margin), so a sweep touches only the
part of a large map that matters.

They answer the bulk questions of :mod:`threat_zones` (where every hostile
could stand next turn, how far a mover has to walk); ``reach_for`` answers
one mover exactly and decides what is legal.
"""

from __future__ import annotations

import numpy as np

INF = 1e9


class Window:
    """An axial rectangle of the board, padded by one cell of ``INF`` on each side."""

    def __init__(self, q: np.ndarray, r: np.ndarray, flats: np.ndarray, vectors: tuple[tuple[int, int], ...],
                 lo: tuple[int, int], hi: tuple[int, int], at: np.ndarray | None = None) -> None:
        # q, r: axial coordinates of every flat cell; flats: the cells inside the rectangle; at: their
        # places in the padded array, when the caller has them already.
        self.q0, self.r0 = lo
        self.w = hi[0] - lo[0] + 1
        self.h = hi[1] - lo[1] + 1
        self.flats = flats
        # The cells' flat indices in the padded array (row r - r0 + 1, column q - q0 + 1).
        self.at = (r[flats] - self.r0 + 1) * (self.w + 2) + (q[flats] - self.q0 + 1) if at is None else at
        self.vectors = vectors

    @classmethod
    def spanning(cls, q: np.ndarray, r: np.ndarray, lo: tuple[int, int], hi: tuple[int, int],
                 vectors: tuple[tuple[int, int], ...], block: tuple[int, int] | None = None) -> Window:
        """The rectangle from axial ``lo`` to ``hi`` (inclusive); ``block``: a (start, stop) range of flat
        indices known to hold all of it (only those are looked at)."""
        start, stop = (0, len(q)) if block is None else block
        qb, rb = q[start:stop], r[start:stop]
        inside = start + np.flatnonzero((qb >= lo[0]) & (qb <= hi[0]) & (rb >= lo[1]) & (rb <= hi[1]))
        return cls(q, r, inside, vectors, lo, hi)

    def distance_to(self, goal: np.ndarray, cost: np.ndarray, settle: np.ndarray | None = None) -> np.ndarray:
        """Cheapest walk from each hex to a ``goal`` hex, paying ``cost`` to enter each hex.

        ``goal`` (bool) and ``cost`` are the window's flat padded arrays (its
        cells at :attr:`at`). Sweeps until nothing changes, or until every hex
        at the flat indices ``settle`` holds a value no greater than the sweep
        count plus one: after k sweeps every walk of at most k steps is
        counted, and each step costs at least 1, so a longer walk costs at
        least k + 1 and such values are final. Values at or above ``INF`` come
        out as ``INF``; the padding's are meaningless.
        """
        width = self.w + 2
        dist = np.where(goal, 0.0, INF)
        new = np.empty_like(dist)
        step = np.empty_like(dist)
        near = np.full_like(dist, INF)
        pairs = np.empty_like(dist)
        inner = flat_inner(near, width)
        closed = closed_ok(self.vectors)
        offsets = flat_offsets(self.vectors, width)
        for k in range(1, 4 * dist.size):
            np.add(dist, cost, out=step)  # the padding's cost is INF: nothing walks through it
            if closed:
                closed_min_flat(step, pairs, inner, width)
            else:
                neighbour_min_flat(step, inner, offsets, width)
            np.minimum(dist, near, out=new)
            dist, new = new, dist
            # The checks every other sweep: a sweep more changes no value already final (each was
            # <= its sweep count + 1, or nothing changed), and the checks cost as much as the sweep.
            # Whether anything changed, a pass over the window, only every fourth: it ends the walks
            # whose hexes are not all reachable, few; the others end on the cheap look at ``settle``.
            if k % 2:
                continue
            if settle is not None and settle.size and dist[settle].max() <= k + 1:
                break
            if not k % 4 and not (dist < new).any():
                return dist
        return dist


# The sweeps run over flat memory: in a padded array laid out row by row, the six neighbours of
# every cell are the same six offsets, so "the cheapest neighbour of every cell" is six contiguous
# slices (several times faster than six strided 2-D slices). The slices also give the padding
# values, read across the row ends; nothing flows out of the padding, whose cost is INF, so the
# real cells' answers are exactly those of 2-D sweeps with INF padding.
def flat_offsets(vectors: tuple[tuple[int, int], ...], width: int) -> tuple[int, ...]:
    """The flat offset of each axial neighbour step in a padded array ``width`` cells wide."""
    return tuple(dr * width + dq for dq, dr in vectors)


def flat_inner(buffer: np.ndarray, width: int) -> np.ndarray:
    """The part of a flat padded buffer whose six neighbours all lie inside it."""
    return buffer[width + 1: buffer.size - width - 1]


def neighbour_min_flat(arr: np.ndarray, inner: np.ndarray, offsets: tuple[int, ...], width: int) -> None:
    """Write into ``inner`` (:func:`flat_inner` of a buffer) the six-neighbour minimum of flat ``arr``."""
    lo, n = width + 1, inner.size
    o0, o1, *rest = offsets
    np.minimum(arr[lo + o0: lo + o0 + n], arr[lo + o1: lo + o1 + n], out=inner)
    for o in rest:
        np.minimum(inner, arr[lo + o: lo + o + n], out=inner)


AXIAL_STEPS = frozenset({(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)})


def closed_ok(vectors: tuple[tuple[int, int], ...]) -> bool:
    """Whether ``vectors`` are the six axial steps (in any order): then :func:`closed_min_flat` applies."""
    return frozenset(vectors) == AXIAL_STEPS


def closed_min_flat(arr: np.ndarray, pairs: np.ndarray, inner: np.ndarray, width: int) -> None:
    """Write into ``inner`` (:func:`flat_inner` of a buffer) the minimum of flat ``arr`` over each cell and its
    six axial neighbours, in four calls instead of five: ``pairs[i] = min(arr[i], arr[i + 1])`` once, then
    the row (i - 1, i, i + 1), the row above (steps (0, -1), (1, -1)) and the row below ((-1, 1), (0, 1)) are
    three slices of it. The cell itself is included: every caller takes the minimum with a value never
    above it (a cell's own value plus a cost >= 0), so it changes nothing. ``pairs`` is a scratch buffer
    of ``arr``'s size."""
    lo, n = width + 1, inner.size
    np.minimum(arr[:-1], arr[1:], out=pairs[:-1])
    np.minimum(pairs[lo - 1: lo - 1 + n], pairs[lo: lo + n], out=inner)
    np.minimum(inner, pairs[lo - width: lo - width + n], out=inner)
    np.minimum(inner, pairs[lo + width - 1: lo + width - 1 + n], out=inner)


def reach_flat(cost: np.ndarray, stops: np.ndarray, starts: np.ndarray, budgets: np.ndarray,
               vectors: tuple[tuple[int, int], ...], width: int) -> np.ndarray:
    """Cheapest cost from each ``starts[i]`` within ``budgets[i]``, over flat padded windows laid end to end.

    ``cost`` and ``stops`` hold one or more padded windows of ``width`` columns
    back to back; mover i starts at flat index ``starts[i]`` of its own window.
    Bellman-Ford sweeps ``min(dist, neighbour_min(leave) + cost)`` in reused
    buffers (numpy's per-call work is most of the time in these small windows).
    A hex of cost c <= budget has a cheapest path of at most c steps, so
    ``budget`` sweeps find it, and sweeping on for a mover with a larger budget
    only lowers costs past this one's; those are cut at the end. Leaving a
    ZoC hex costs INF extra. A real cell's neighbours all lie in its own
    window, so the windows never mix.
    """
    dist = np.full_like(cost, INF)
    dist[starts] = 0.0
    held = np.where(stops, INF, 0.0)
    held[starts] = 0.0
    new = np.empty_like(dist)
    leave = np.empty_like(dist)
    near = np.full_like(dist, INF)
    pairs = np.empty_like(dist)
    inner, offsets = flat_inner(near, width), flat_offsets(vectors, width)
    closed = closed_ok(vectors)  # a cell's own leave + cost is never below its dist: it may be included
    for _ in range(int(budgets.max())):
        np.add(dist, held, out=leave)
        if closed:
            closed_min_flat(leave, pairs, inner, width)
        else:
            neighbour_min_flat(leave, inner, offsets, width)
        np.add(near, cost, out=new)
        np.minimum(new, dist, out=new)
        if not (new < dist).any():
            break
        dist, new = new, dist
    size = cost.size // len(starts)
    dist[dist > np.repeat(budgets, size)] = INF
    return dist


def neighbour_min_stack(arr: np.ndarray, inner: np.ndarray, vectors: tuple[tuple[int, int], ...]) -> None:
    """The six-neighbour minimum over a stack of same-shape padded windows ``[k, h + 2, w + 2]``
    (into ``inner``, the stack's unpadded interiors; the padding is never read as a neighbour's)."""
    h, w = arr.shape[1] - 2, arr.shape[2] - 2
    (q0, r0), (q1, r1), *rest = vectors
    np.minimum(arr[:, 1 + r0: 1 + r0 + h, 1 + q0: 1 + q0 + w], arr[:, 1 + r1: 1 + r1 + h, 1 + q1: 1 + q1 + w],
               out=inner)
    for dq, dr in rest:
        np.minimum(inner, arr[:, 1 + dr: 1 + dr + h, 1 + dq: 1 + dq + w], out=inner)


def grow_stack(arr: np.ndarray, bands: np.ndarray, vectors: tuple[tuple[int, int], ...]) -> np.ndarray:
    """Each window's values spread ``bands[i]`` hexes: ``arr[i] = min(arr[i], neighbour min)`` that many times."""
    if closed_ok(vectors):
        return _grow_flat(arr, bands)
    near = np.full_like(arr, INF)
    inner = near[:, 1:-1, 1:-1]
    for j in range(int(bands.max(initial=0))):
        neighbour_min_stack(arr, inner, vectors)
        grown = np.minimum(arr, near)
        if (bands <= j).any():  # the windows whose band is spent keep their values
            grown = np.where((bands > j)[:, None, None], grown, arr)
        arr = grown
    return arr


def _grow_flat(arr: np.ndarray, bands: np.ndarray) -> np.ndarray:
    """:func:`grow_stack` over the stack's flat memory with :func:`closed_min_flat` (contiguous slices, four
    calls a spread instead of six strided ones). The padding keeps its values: what the flat slices write
    there (read across row and window ends) is put back to ``INF`` before it is taken, as the 2-D slices
    never write it."""
    k, hp, wp = arr.shape
    flat = np.array(arr, dtype=float).ravel()
    pad = np.ones((k, hp, wp), dtype=bool)
    pad[:, 1:-1, 1:-1] = False
    pad_at = np.flatnonzero(pad)
    near = np.full_like(flat, INF)
    pairs = np.empty_like(flat)
    inner = flat_inner(near, wp)
    for j in range(int(bands.max(initial=0))):
        closed_min_flat(flat, pairs, inner, wp)
        near[pad_at] = INF
        if (bands <= j).any():  # the windows whose band is spent keep their values
            np.minimum(flat, near, out=flat, where=np.repeat(bands > j, hp * wp))
        else:
            np.minimum(flat, near, out=flat)
    return flat.reshape(k, hp, wp)


def dilate_flat(seeds: np.ndarray, band: int, width: int) -> np.ndarray:
    """bool, a flat padded window ``width`` cells wide: every cell within ``band`` (R1) of a ``seeds`` cell.

    A hex disc of radius ``b`` is the sum of three segments of ``b + 1`` hexes along the axial steps
    (-1, 0), (0, 1) and (1, -1) (a point (x, y) of the disc is a(-1, 0) + c'(0, 1) + c(1, -1) with each
    of a, c', c in 0..b), so the disc's spread is three spreads along a line, each in log2(b + 1)
    doubling shifts of the flat array: a dozen calls for a band of 10 instead of ten six-neighbour
    sweeps. Each seed must lie at least ``band`` hexes (in q and in r) inside the window: a shift
    reads across row ends, which only cells that far out could reach.
    """
    out = seeds.copy()
    for step in (-1, width, 1 - width):
        cover = 1  # out holds the seeds spread by 0 .. cover - 1 steps along ``step``
        while cover < band + 1:
            s = min(cover, band + 1 - cover)
            k = s * step
            before = out.copy()
            if k > 0:
                out[k:] |= before[:-k]
            else:
                out[:k] |= before[-k:]
            cover += s
    return out
