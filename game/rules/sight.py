"""Sight (R30): which hexes a straight line between two hex centres crosses and skirts.

Everything is exact integer arithmetic on cube coordinates of the ideal
regular grid (R18), so the answer never depends on floating point.

In cube coordinates a hex ``h`` is the set of points ``p`` with
``|(p_i - h_i) - (p_j - h_j)| <= 1`` for the three coordinate pairs; its
interior has ``< 1``. Along the segment ``p(t) = A + t*D`` (``t`` in [0, 1])
each pair difference is linear in ``t``, so "the segment meets the open hex"
is the intersection of three open ``t`` intervals with [0, 1], compared by
cross-multiplication. A segment lies along hex edges only when it keeps one
pair difference constant, i.e. when two cube components of ``D`` are equal
(the six edge-running directions, ``(2,-1,-1)`` and its turns): then between
two consecutive centres on the line it runs for a third of the way along the
edge of the two hexes it passes between. Those are the only skirted pairs;
a line through a single corner touches it at one point and skirts nothing.

Crossed hexes lie within one hex of the hexes a line passes through when
sampled at every whole distance (the usual "hex line"; the segment stays
within 7/6 of those samples and a hex holds points within 2/3 of its
centre), so those are the only candidates tested.

:func:`sight_line` answers one pair; :func:`sight_map` answers one hex to
every hex of a window in one numpy pass, from line tables built once per
layout and extent and a padded blocking mask built once per board. A table
works out one segment of each orbit under the grid's twelve turns and
mirrors and turns it back for the others (R30 is pure geometry).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .hexgrid import Cell, HexLayout

if TYPE_CHECKING:
    from .board import Board

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

# A cube neighbour's offsets, centre first (candidates around each sampled hex).
_AROUND = np.array([(0, 0, 0), (1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)],
                   dtype=np.int64)
_PAIRS = ((0, 1), (1, 2), (2, 0))
_UNBOUNDED = 1 << 40  # stands for an interval end at infinity (a constant pair difference of 0)


@dataclass(frozen=True)
class SightLine:
    """The segment between two hex centres (R30): what it crosses and skirts, from ``start``."""

    start: Cell
    end: Cell
    crossed: tuple[Cell, ...]  # hexes whose interior it passes through, in order from start (ends excluded)
    skirted: tuple[tuple[Cell, Cell], ...]  # pairs of hexes whose shared edge it runs along, in order


def _cube(layout: HexLayout, cell: Cell) -> tuple[int, int, int]:
    q, r = layout.to_axial(cell)
    return q, -q - r, r


def _cell(layout: HexLayout, cube: tuple[int, int, int]) -> Cell:
    c, r = layout.from_axial(cube[0], cube[2])
    return int(c), int(r)


def crossed_offsets(d: IntArray) -> tuple[IntArray, BoolArray, npt.NDArray[np.float64]]:
    """For cube vectors ``d`` ``[T, 3]``: candidate hex offsets ``[T, K, 3]``, whether each is crossed,
    and the ``t`` at which the segment enters it (for ordering). Duplicated candidates are crossed once."""
    t_count = d.shape[0]
    n = np.max(np.abs(d), axis=1)
    steps = int(n.max()) if t_count else 0
    k = np.arange(steps + 1, dtype=np.float64)
    frac = np.divide(k[None, :], np.maximum(n, 1)[:, None].astype(np.float64))
    frac = np.minimum(frac, 1.0)
    # The hexes the segment passes at every whole distance: rounded cube points (a superset is enough,
    # so ties and float error only add candidates; a tiny nudge keeps ties off the exact border).
    pts = frac[:, :, None] * d[:, None, :].astype(np.float64) + np.array([1e-7, 2e-7, -3e-7])
    rnd = np.rint(pts)
    err = np.abs(rnd - pts)
    worst = np.argmax(err, axis=2)
    fix = -np.sum(rnd, axis=2) + np.take_along_axis(rnd, worst[:, :, None], axis=2)[:, :, 0]
    np.put_along_axis(rnd, worst[:, :, None], fix[:, :, None], axis=2)
    samples = rnd.astype(np.int64)
    cand = (samples[:, :, None, :] + _AROUND[None, None, :, :]).reshape(t_count, -1, 3)
    # Unique candidates per row: sort by a packed key and mark repeats.
    key = (cand[:, :, 0] + 4096) * 8192 + (cand[:, :, 2] + 4096)
    order = np.argsort(key, axis=1, kind="stable")
    cand = np.take_along_axis(cand, order[:, :, None], axis=1)
    key = np.take_along_axis(key, order, axis=1)
    first = np.ones(key.shape, dtype=bool)
    first[:, 1:] = key[:, 1:] != key[:, :-1]
    crossed, enter = _open_hex_hit(d, cand)
    not_end = ~np.all(cand == 0, axis=2) & ~np.all(cand == d[:, None, :], axis=2)
    return cand, crossed & first & not_end, enter


def _open_hex_hit(d: IntArray, h: IntArray) -> tuple[BoolArray, npt.NDArray[np.float64]]:
    """Whether the segment 0 -> ``d`` meets the open hexes ``h`` (``[T, K, 3]``), and where it enters."""
    lo: list[IntArray] = []
    hi: list[IntArray] = []
    den: list[IntArray] = []
    ok = np.ones(h.shape[:2], dtype=bool)
    for i, j in _PAIRS:
        e = (d[:, i] - d[:, j])[:, None]
        c = h[:, :, i] - h[:, :, j]
        s = np.sign(e)
        flat = e == 0
        ok &= ~(flat & (c != 0))  # a constant difference of 0 is inside only the hexes with c == 0
        lo.append(np.where(flat, -_UNBOUNDED, s * c - 1))
        hi.append(np.where(flat, _UNBOUNDED, s * c + 1))
        den.append(np.broadcast_to(np.where(flat, 1, np.abs(e)), c.shape))
    for a in range(3):
        ok &= (lo[a] < den[a]) & (hi[a] > 0)  # the interval reaches into [0, 1]
        for b in range(3):
            if a != b:
                ok &= lo[a] * den[b] < hi[b] * den[a]  # lo_a/den_a < hi_b/den_b
    enter = np.maximum.reduce([lo[a] / den[a] for a in range(3)])
    return ok, np.maximum(enter, 0.0)


CubeOffset = tuple[int, int, int]


def skirted_offsets(d: CubeOffset) -> list[tuple[CubeOffset, CubeOffset]]:
    """The hex pairs (cube offsets) whose shared edge the segment 0 -> ``d`` runs along, in order."""
    for k, (i, j) in zip((2, 0, 1), _PAIRS, strict=True):
        if d[i] == d[j] and d[i] != 0:  # edge-running: d = m * u with u_k = -2 u_i = -2 u_j
            m = abs(d[i])
            u = [v // m for v in d]
            a = [0, 0, 0]
            b = [0, 0, 0]
            a[k] = b[k] = u[k] // 2
            a[i] = u[i]
            b[j] = u[j]
            out: list[tuple[CubeOffset, CubeOffset]] = []
            for step in range(m):
                p = [step * v + x for v, x in zip(u, a, strict=True)]
                q = [step * v + x for v, x in zip(u, b, strict=True)]
                out.append(((p[0], p[1], p[2]), (q[0], q[1], q[2])))
            return out
    return []


LineOffsets = tuple[tuple[CubeOffset, ...], tuple[tuple[CubeOffset, CubeOffset], ...]]
_LINES: dict[CubeOffset, LineOffsets] = {}
_MAX_LINES = 1 << 16


def line_offsets(ds: list[CubeOffset]) -> list[LineOffsets]:
    """Crossed hexes (in order) and skirted pairs of the segments ``0 -> d``, as cube offsets.

    Lines depend only on the offset between their ends, so they are remembered by it; the ones
    not yet known are worked out together in one numpy pass.
    """
    missing = sorted({d for d in ds if d not in _LINES})
    if missing:
        if len(_LINES) + len(missing) > _MAX_LINES:
            _LINES.clear()
        cand, hit, enter = crossed_offsets(np.array(missing, dtype=np.int64).reshape(-1, 3))
        for row, d in enumerate(missing):
            picked = np.nonzero(hit[row])[0]
            picked = picked[np.argsort(enter[row, picked], kind="stable")]
            crossed = tuple((int(c[0]), int(c[1]), int(c[2])) for c in cand[row, picked])
            _LINES[d] = (crossed, tuple(skirted_offsets(d)))
    return [_LINES[d] for d in ds]


CellSteps = tuple[tuple[Cell, ...], tuple[tuple[Cell, Cell], ...]]
_STEPS: dict[tuple[str, str, int, CubeOffset], CellSteps] = {}


def sight_lines(layout: HexLayout, pairs: list[tuple[Cell, Cell]]) -> list[SightLine]:
    """:func:`sight_line` for many pairs at once (the ones never seen before share one numpy pass).

    A line's hexes as ``(col, row)`` steps from its start depend only on the cube offset between its
    ends and the stagger parity of the start's row (pointy) or column (flat), so they are remembered
    by those: a line asked again costs a few additions per hex.
    """
    keys = []
    for a, b in pairs:
        ca, cb = _cube(layout, a), _cube(layout, b)
        parity = (a[1] if layout.pointy else a[0]) & 1
        keys.append((layout.stagger_axis, layout.stagger_index, parity, (cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2])))
    missing = list({k for k in keys if k not in _STEPS})
    if missing:
        if len(_STEPS) + len(missing) > _MAX_LINES:
            _STEPS.clear()
        for key, (crossed, skirted) in zip(missing, line_offsets([k[3] for k in missing]), strict=True):
            ref = (0, key[2]) if layout.pointy else (key[2], 0)  # a start of that parity
            rc = _cube(layout, ref)

            def step(o: CubeOffset, ref: Cell = ref, rc: CubeOffset = rc) -> Cell:
                c, r = _cell(layout, (rc[0] + o[0], rc[1] + o[1], rc[2] + o[2]))
                return c - ref[0], r - ref[1]

            _STEPS[key] = (tuple(step(o) for o in crossed), tuple((step(p), step(q)) for p, q in skirted))
    out = []
    for (a, b), key in zip(pairs, keys, strict=True):
        crossed_steps, skirted_steps = _STEPS[key]
        ac, ar = a
        out.append(SightLine(a, b, tuple((ac + dc, ar + dr) for dc, dr in crossed_steps),
                             tuple(((ac + p[0], ar + p[1]), (ac + q[0], ar + q[1])) for p, q in skirted_steps)))
    return out


def sight_line(layout: HexLayout, a: Cell, b: Cell) -> SightLine:
    """The segment from ``a``'s centre to ``b``'s (R30), on the ideal regular grid."""
    return sight_lines(layout, [(a, b)])[0]


def blocking(board: Board, line: SightLine) -> tuple[Cell, ...]:
    """The hexes that block ``line`` (R30): crossed ones that block sight, both of each blocking skirted pair."""
    out = [c for c in line.crossed if _blocks(board, c)]
    for p, q in line.skirted:
        if _blocks(board, p) and _blocks(board, q):
            out.extend((p, q))
    return tuple(out)


def sees(board: Board, a: Cell, b: Cell) -> bool:
    """Whether hex ``a`` sees hex ``b`` (R30; symmetric)."""
    return not blocking(board, sight_line(board.layout, a, b))


def _blocks(board: Board, cell: Cell) -> bool:
    return board.is_on_map(cell) and bool(board.blocks_sight[cell[1], cell[0]])


# --- one hex to a whole window: tables per layout and extent -----------------------------
@dataclass(frozen=True)
class _LineTable:
    """Every target offset ``(dcol, drow)`` in ``[-extent, extent]^2`` from a source of one stagger parity.

    Targets are numbered row-major, ``(drow + extent) * (2 * extent + 1) + (dcol + extent)``, so the
    targets of one map row are consecutive. ``rows[start[t]:start[t + 1]]`` and ``cols[...]`` are the
    crossed hexes of target ``t`` relative to the source; a target that crosses nothing holds one
    placeholder entry (``empty``) so that every target owns a slice. ``skirt_*`` list the skirted pairs.
    """

    extent: int
    start: IntArray
    rows: IntArray
    cols: IntArray
    empty: BoolArray
    skirt_target: IntArray
    skirt_a: tuple[IntArray, IntArray]  # (drow, dcol) of the first hex of each pair
    skirt_b: tuple[IntArray, IntArray]


_TABLES: dict[tuple[str, str, int], _LineTable] = {}


def _table(layout: HexLayout, parity: int, extent: int) -> _LineTable:
    key = (layout.stagger_axis, layout.stagger_index, parity)
    have = _TABLES.get(key)
    if have is None or have.extent < extent:
        # Whole multiples of 8: a shot or burst of range 8 or less (most of them) needs the smallest
        # table, which builds in a few milliseconds; the whole map's builds once, when first asked.
        have = _TABLES[key] = _build_table(layout, parity, -(-extent // 8) * 8)
    return have


def _symmetries() -> IntArray:
    """The twelve symmetries of the grid about a hex centre (six turns, each also mirrored) as cube matrices."""
    turn = np.array([[0, 0, -1], [-1, 0, 0], [0, -1, 0]], dtype=np.int64)  # (x, y, z) -> (-z, -x, -y): 60 degrees
    mirror = np.array([[1, 0, 0], [0, 0, 1], [0, 1, 0]], dtype=np.int64)  # (x, y, z) -> (x, z, y)
    out = []
    m = np.eye(3, dtype=np.int64)
    for _ in range(6):
        out += [m, mirror @ m]
        m = turn @ m
    return np.array(out)


_SYMMETRIES = _symmetries()
_ORBITS: dict[int, IntArray] = {}  # an orbit's representative (packed key) -> its crossed hexes (cube offsets)


def _crossed_by_symmetry(d: IntArray) -> tuple[IntArray, IntArray]:
    """Crossed hexes of every segment ``0 -> d[t]`` (cube offsets, any order) and the owning ``t`` of each.

    R30 is pure geometry, so a turned or mirrored segment crosses the turned or mirrored hexes:
    the segments are sorted into orbits of the twelve symmetries and only one per orbit is worked
    out, then turned back for the others (a twelfth of the work for a whole table). Representatives
    are remembered: cube offsets are the same for every layout and stagger parity.
    """
    turned = np.einsum("gij,tj->tgi", _SYMMETRIES, d)  # [T, 12, 3]
    key = (turned[:, :, 0] + 4096) * 8192 + (turned[:, :, 2] + 4096)
    g = np.argmin(key, axis=1)  # the orbit's smallest key: the same representative from any member
    rep_keys, first, orbit = np.unique(key[np.arange(len(d)), g], return_index=True, return_inverse=True)
    reps = turned[first, g[first]]
    missing = np.array([k not in _ORBITS for k in rep_keys.tolist()], dtype=bool)
    if missing.any():
        if len(_ORBITS) + int(missing.sum()) > _MAX_LINES:
            _ORBITS.clear()
            missing[:] = True
        todo = np.flatnonzero(missing)
        order = todo[np.argsort(np.max(np.abs(reps[todo]), axis=1), kind="stable")]  # similar lengths pad little
        for lo in range(0, len(order), 128):
            idx = order[lo:lo + 128]
            cand, hit, _ = crossed_offsets(reps[idx])
            for row, k in enumerate(rep_keys[idx].tolist()):
                _ORBITS[k] = cand[row][hit[row]]
    per_rep = [_ORBITS[k] for k in rep_keys.tolist()]
    counts = np.array([len(h) for h in per_rep], dtype=np.int64)
    flat = np.concatenate(per_rep) if per_rep else np.zeros((0, 3), dtype=np.int64)
    rep_start = np.cumsum(counts) - counts
    n = counts[orbit]
    owner = np.repeat(np.arange(len(d)), n)
    within = np.arange(int(n.sum())) - np.repeat(np.cumsum(n) - n, n)
    cubes = flat[rep_start[orbit][owner] + within]
    back = np.einsum("nji,nj->ni", _SYMMETRIES[g[owner]], cubes)  # the inverse of a signed permutation: its transpose
    return back, owner


def _build_table(layout: HexLayout, parity: int, extent: int) -> _LineTable:
    size = 2 * extent + 1
    margin = extent + 4  # room around the targets for the candidate hexes next to them
    width = size + 2 * margin
    grid = HexLayout(layout.stagger_axis, layout.stagger_index, 1, 1, 1, width, width)
    src = (margin + extent, margin + extent)
    if (src[1] if layout.pointy else src[0]) % 2 != parity:
        src = (src[0], src[1] + 1) if layout.pointy else (src[0] + 1, src[1])
    sq, sr = grid.to_axial(src)
    drow, dcol = np.divmod(np.arange(size * size), size)
    q_all, r_all = grid.axial_arrays()
    tq = q_all[src[1] + drow - extent, src[0] + dcol - extent].astype(np.int64) - sq
    tr = r_all[src[1] + drow - extent, src[0] + dcol - extent].astype(np.int64) - sr
    d = np.stack([tq, -tq - tr, tr], axis=1)
    cubes, owner = _crossed_by_symmetry(d)
    n = np.bincount(owner, minlength=len(d))
    empty = n == 0
    lens = np.maximum(n, 1)  # a target that crosses nothing keeps one placeholder entry
    start = np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)
    at = start[:-1][owner] + np.arange(len(owner)) - np.repeat(np.cumsum(n) - n, n)
    cc, cr = grid.from_axial(sq + cubes[:, 0], sr + cubes[:, 2])
    rows = np.zeros(int(start[-1]), dtype=np.int64)
    cols = np.zeros(int(start[-1]), dtype=np.int64)
    rows[at] = cr - src[1]
    cols[at] = cc - src[0]
    sk_t: list[int] = []
    sk_cubes: list[CubeOffset] = []
    along = ((d[:, 0] == d[:, 1]) | (d[:, 1] == d[:, 2]) | (d[:, 2] == d[:, 0])) & np.any(d != 0, axis=1)
    for t in np.flatnonzero(along).tolist():  # only the edge-running directions skirt anything
        for p, q in skirted_offsets((int(d[t, 0]), int(d[t, 1]), int(d[t, 2]))):
            sk_cubes += [p, q]
            sk_t.append(t)
    sk = np.array(sk_cubes, dtype=np.int64).reshape(-1, 3)
    kc, kr = grid.from_axial(sq + sk[:, 0], sr + sk[:, 2])
    kr, kc = kr - src[1], kc - src[0]
    return _LineTable(extent, start, rows, cols, empty, np.array(sk_t, dtype=np.int64),
                      (kr[0::2], kc[0::2]), (kr[1::2], kc[1::2]))


def _flat_entries(table: _LineTable, width: int) -> IntArray:
    """The table's crossed hexes as flat offsets on a padded board ``width`` wide (once per width)."""
    cache: dict[int, IntArray] = table.__dict__.setdefault("_flat", {})
    if width not in cache:
        cache[width] = table.rows * width + table.cols
    return cache[width]


def _padded_blocks(board: Board, pad: int) -> BoolArray:
    """The board's sight blockers, padded with ``pad`` clear cells on every side (once per board and pad)."""
    cache: dict[int, BoolArray] = board.__dict__.setdefault("_sight_pad", {})
    hit = cache.get(pad)
    if hit is None:
        hit = np.zeros((board.rows + 2 * pad, board.cols + 2 * pad), dtype=bool)
        hit[pad:pad + board.rows, pad:pad + board.cols] = board.blocks_sight & board.on_map
        hit.setflags(write=False)
        cache[pad] = hit
    return hit


def sight_map(board: Board, a: Cell, rows: slice | None = None, cols: slice | None = None) -> BoolArray:
    """``[rows, cols]`` bool over the window (default: the whole map): which hexes ``a`` sees (R30).

    Off-map cells in the window get an answer too (sight passes over them). One numpy pass over line
    tables shared by every board of the layout and a padded blocking mask built once per board.
    """
    return _window_sight(board, a, rows, cols, None)[0]


def sight_cover_map(board: Board, a: Cell, cover: BoolArray, rows: slice | None = None,
                    cols: slice | None = None) -> tuple[BoolArray, BoolArray]:
    """:func:`sight_map`, and whether each line crosses (R30: crossed, not skirted) a hex of ``cover``
    (``[row, col]`` over the board: the hexes that give cover, R31). Lines are symmetric, so from a
    target's hex this answers every shooter hex of the window at once."""
    seen, covered = _window_sight(board, a, rows, cols, cover)
    assert covered is not None
    return seen, covered


def _window_sight(board: Board, a: Cell, rows: slice | None, cols: slice | None,
                  cover: BoolArray | None) -> tuple[BoolArray, BoolArray | None]:
    layout = board.layout
    r0, r1, _ = (rows or slice(0, board.rows)).indices(board.rows)
    c0, c1, _ = (cols or slice(0, board.cols)).indices(board.cols)
    nr, nc = max(0, r1 - r0), max(0, c1 - c0)
    if not nr or not nc:
        empty = np.zeros((nr, nc), dtype=bool)
        return empty, None if cover is None else empty.copy()
    col, row = a
    extent = max(abs(r0 - row), abs(r1 - 1 - row), abs(c0 - col), abs(c1 - 1 - col), 1)
    table = _table(layout, (row if layout.pointy else col) & 1, extent)
    e = table.extent
    size = 2 * e + 1
    pad = e + 4
    blocks = _padded_blocks(board, pad)
    width = blocks.shape[1]
    flat = blocks.ravel()
    base = (row + pad) * width + (col + pad)
    entries = _flat_entries(table, width)
    first = (np.arange(r0, r1) - row + e) * size + (c0 - col + e)
    targets = (first[:, None] + np.arange(nc)).ravel()
    lo = table.start[first]
    hi = table.start[first + nc]
    seg = np.concatenate([entries[x:y] for x, y in zip(lo.tolist(), hi.tolist(), strict=True)]) + base
    lens = table.start[targets + 1] - table.start[targets]
    starts = np.concatenate([[0], np.cumsum(lens)[:-1]])
    none = table.empty[targets]  # a placeholder entry is no crossed hex
    blocked = np.logical_or.reduceat(flat[seg], starts)
    blocked[none] = False
    covered = None
    if cover is not None:
        padded = np.zeros(blocks.shape, dtype=bool)
        padded[pad:pad + board.rows, pad:pad + board.cols] = cover
        covered = np.logical_or.reduceat(padded.ravel()[seg], starts)
        covered[none] = False
        covered = covered.reshape(nr, nc)
    out: BoolArray = ~blocked.reshape(nr, nc)
    if len(table.skirt_target):
        ty, tx = np.divmod(table.skirt_target, size)
        ty = ty - e + row
        tx = tx - e + col
        inside = (ty >= r0) & (ty < r1) & (tx >= c0) & (tx < c1)
        if inside.any():
            fa = base + table.skirt_a[0][inside] * width + table.skirt_a[1][inside]
            fb = base + table.skirt_b[0][inside] * width + table.skirt_b[1][inside]
            both = flat[fa] & flat[fb]
            out[ty[inside][both] - r0, tx[inside][both] - c0] = False
    return out, covered


def sight_cover_windows(board: Board, sources: IntArray, cover: BoolArray, half: int
                        ) -> tuple[BoolArray, BoolArray]:
    """:func:`sight_cover_map` from many hexes at once, each over its own square window.

    ``sources`` is ``[k, 2]`` (col, row), on the map. Source ``i``'s window holds the cells ``row - half ..
    row + half`` by ``col - half .. col + half``, whether on the grid or not (sight passes over off-map cells,
    R30, so their answers are those of the same line on a larger map); ``[k, 2 * half + 1, 2 * half + 1]``
    each. The line table is relative to the source, so every source of one stagger parity reads the same
    crossed-hex offsets from its own base: one gather and one reduction for all of them, where one pass per
    hex spent most of its time in Python around a small window (ranged_danger asks from every hex a shooter
    could end on)."""
    src = np.asarray(sources, dtype=np.int64).reshape(-1, 2)
    n = 2 * half + 1
    seen = np.zeros((len(src), n, n), dtype=bool)
    covered = np.zeros((len(src), n, n), dtype=bool)
    if not len(src):
        return seen, covered
    layout = board.layout
    parity = (src[:, 1] if layout.pointy else src[:, 0]) & 1
    for p in (0, 1):
        which = np.flatnonzero(parity == p)
        if len(which):
            seen[which], covered[which] = _windows_of_parity(board, src[which], cover, half, p)
    return seen, covered


def _windows_of_parity(board: Board, src: IntArray, cover: BoolArray, half: int, parity: int
                       ) -> tuple[BoolArray, BoolArray]:
    table = _table(board.layout, parity, max(half, 1))
    e = table.extent
    size = 2 * e + 1
    n = 2 * half + 1
    pad = e + 4
    blocks = _padded_blocks(board, pad)
    width = blocks.shape[1]
    flat = blocks.ravel()
    padded_cover = np.zeros(blocks.shape, dtype=bool)
    padded_cover[pad:pad + board.rows, pad:pad + board.cols] = cover
    flat_cover = padded_cover.ravel()
    entries = _flat_entries(table, width)
    first = (np.arange(-half, half + 1) + e) * size + (e - half)
    targets = (first[:, None] + np.arange(n)).ravel()
    seg = np.concatenate([entries[x:y] for x, y in zip(table.start[first].tolist(),
                                                        table.start[first + n].tolist(), strict=True)])
    lens = table.start[targets + 1] - table.start[targets]
    starts = np.concatenate([[0], np.cumsum(lens)[:-1]])
    none = table.empty[targets]  # a placeholder entry is no crossed hex
    bases = (src[:, 1] + pad) * width + (src[:, 0] + pad)
    at = bases[:, None] + seg[None, :]
    blocked = np.logical_or.reduceat(flat[at], starts, axis=1)
    blocked[:, none] = False
    crossed_cover = np.logical_or.reduceat(flat_cover[at], starts, axis=1)
    crossed_cover[:, none] = False
    out = ~blocked.reshape(len(src), n, n)
    if len(table.skirt_target):
        ty, tx = np.divmod(table.skirt_target, size)
        ty, tx = ty - e, tx - e
        inside = (np.abs(ty) <= half) & (np.abs(tx) <= half)
        if inside.any():
            fa = table.skirt_a[0][inside] * width + table.skirt_a[1][inside]
            fb = table.skirt_b[0][inside] * width + table.skirt_b[1][inside]
            both = flat[bases[:, None] + fa[None, :]] & flat[bases[:, None] + fb[None, :]]
            k, j = np.nonzero(both)
            out[k, ty[inside][j] + half, tx[inside][j] + half] = False
    return out, crossed_cover.reshape(len(src), n, n)
