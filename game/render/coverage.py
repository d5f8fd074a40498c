"""Antialiased polygons, stroke segments and discs painted by scanlines: each pixel's coverage from
``SS`` x ``SS`` samples, a band of rows at a time, bounded in work by ``MAX_SHAPE_CROSSINGS``.

What to paint is :mod:`.objects`' concern (Tiled's pens, fills and pins); this module only knows shapes
and colours. ``tests/shapes_reference.py`` holds it to the plain test of every sample, bit for bit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from game.rules import limits

SS = 8  # coverage samples per pixel side
Point = tuple[float, float]


class Disc(NamedTuple):
    centre: Point
    r: float

    def box(self) -> list[Point]:
        (cx, cy), r = self
        return [(cx - r, cy - r), (cx + r, cy + r)]


class Quad(tuple[Point, ...]):
    """A stroke's segment: a convex quadrilateral, which each row of samples crosses twice or not at all."""

    __slots__ = ()


Shape = list[Point] | Quad | Disc  # a polygon (filled even-odd), a stroke's segment or a disc


_BAND_PIXELS = 1 << 18  # pixels of float canvas painted at once (4 MB)
_BAND_WORK = 1 << 20  # crossings (and disc rows) worked out at once: each costs about 200 bytes of temporaries
_DISC_SAMPLES = 1 << 20  # disc samples tested at once
_QUAD_ROWS = 1 << 18  # (segment, sample row) pairs worked out at once


class TooIntricate(ValueError):
    """The shapes' outlines cross more rows of samples than ``MAX_SHAPE_CROSSINGS``: ``str()`` says so."""


class Canvas:
    """Antialiased shapes on a premultiplied float RGBA canvas, each pixel's coverage from SS x SS samples.

    :meth:`paint` only records what to paint; :meth:`render` paints it all a band of rows at a time, so
    that no float canvas larger than a band is ever held (a picture may be 64 million pixels). A paint's
    coverage is found by scanlines: each polygon edge gives the sample rows it crosses and where
    (exactly the crossing the even-odd test computes), the crossings of a row pair up into runs of
    inside samples, each disc gives one run per sample row, and the runs are merged and summed per pixel.
    The time grows with the crossings and the pixels painted, not with edges x box area (a 100-point
    polygon took 27 s that way, a 400x400 ellipse 18.6 s); each sample is inside or out by the very
    comparisons of the test it replaces, so the picture is the same to the bit.
    """

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.paints: list[_Paint] = []
        self.work = 0  # crossings of the paints so far (and points read), held to MAX_SHAPE_CROSSINGS
        self.drawing = ""  # the object being drawn, for a refusal

    def charge(self, work: int) -> None:
        """Count work about to be done; TooIntricate once the shapes so far pass ``MAX_SHAPE_CROSSINGS``."""
        self.work += work
        if self.work > limits.MAX_SHAPE_CROSSINGS:
            raise TooIntricate(f"{self.drawing}: the shapes are too intricate to draw: their outlines cross rows "
                               f"of samples more than {limits.MAX_SHAPE_CROSSINGS:,} times, the limit")

    def paint(self, shapes: list[Shape], colour: tuple[int, ...]) -> None:
        """Paint the union of ``shapes`` (polygons even-odd, discs) in ``colour``."""
        pts = [p for shape in shapes for p in (shape.box() if isinstance(shape, Disc) else shape)]
        if not pts:
            return
        w, h = self.size
        x0 = max(0, math.floor(min(p[0] for p in pts)) - 1)
        y0 = max(0, math.floor(min(p[1] for p in pts)) - 1)
        x1 = min(w, math.ceil(max(p[0] for p in pts)) + 1)
        y1 = min(h, math.ceil(max(p[1] for p in pts)) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        paint = _Paint(shapes, colour, (x0, y0, x1, y1))
        steps = np.zeros(y1 - y0 + 1, np.int64)
        paint.add_work(steps, y0)
        self.charge(int(np.cumsum(steps)[:-1].sum()))
        self.paints.append(paint)

    def box(self) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1): the part of the canvas the paints may touch (empty when there are none)."""
        if not self.paints:
            return 0, 0, 0, 0
        return (min(p.box[0] for p in self.paints), min(p.box[1] for p in self.paints),
                max(p.box[2] for p in self.paints), max(p.box[3] for p in self.paints))

    def render(self) -> tuple[np.ndarray, int, int]:
        """Every paint composited in order: straight-alpha RGBA uint8 of :meth:`box`, and its top-left."""
        if not self.paints:
            return np.zeros((0, 0, 4), np.uint8), 0, 0
        x0, y0, x1, y1 = self.box()
        work = np.zeros(y1 - y0 + 1, np.int64)  # crossings (and disc rows) starting at each pixel row
        for paint in self.paints:
            paint.add_work(work, y0)
        per_row = np.cumsum(work)[:-1]
        out = np.empty((y1 - y0, x1 - x0, 4), np.uint8)
        for top, bottom in _bands(per_row, y0, max(1, _BAND_PIXELS // (x1 - x0))):
            band = np.zeros((bottom - top, x1 - x0, 4), np.float32)
            for paint in self.paints:
                if paint.box[1] < bottom and paint.box[3] > top:
                    paint.composite(band, x0, top, bottom)
            # Un-premultiplied a band at a time: over the whole canvas at once the float temporaries
            # came to four times the canvas (over 1 GB for a tall map's picture within the picture limit).
            alpha = band[..., 3:4]
            rgb = np.where(alpha > 0, band[..., :3] / np.maximum(alpha, 1e-6), 0)
            out[top - y0 : bottom - y0] = np.clip(np.rint(np.concatenate([rgb, alpha], axis=2) * 255), 0, 255)
        return out, x0, y0


def _bands(per_row: np.ndarray, y0: int, most_rows: int) -> list[tuple[int, int]]:
    """Rows ``y0 ..`` cut into bands of at most ``most_rows`` rows and about ``_BAND_WORK`` crossings each."""
    out = []
    done = np.cumsum(per_row)
    top, n = 0, len(per_row)
    while top < n:
        reach = int(np.searchsorted(done, (done[top - 1] if top else 0) + _BAND_WORK, "right"))
        bottom = min(n, top + most_rows, max(top + 1, reach))
        out.append((y0 + top, y0 + bottom))
        top = bottom
    return out


_SUB = (np.arange(SS) + 0.5) / SS  # sample offsets within a pixel


def _samples(start: int, stop: int) -> np.ndarray:
    """The sample coordinates of pixels ``start .. stop - 1`` along one axis, as the even-odd test makes them."""
    return (np.arange(start, stop)[:, None] + _SUB[None, :]).ravel()


class _Edges:
    """Polygon edges as arrays (horizontal ones dropped: they cross no row), each with its polygon's number."""

    def __init__(self, polys: list[Sequence[Point]]) -> None:
        ax, ay, bx, by, owner = [], [], [], [], []
        for i, poly in enumerate(polys):
            n = len(poly)
            for k in range(n):  # the closing edge included
                (pax, pay), (pbx, pby) = poly[k], poly[(k + 1) % n]
                if pay != pby:
                    ax.append(pax)
                    ay.append(pay)
                    bx.append(pbx)
                    by.append(pby)
                    owner.append(i)
        self.ax, self.ay = np.array(ax, np.float64), np.array(ay, np.float64)
        self.bx, self.by = np.array(bx, np.float64), np.array(by, np.float64)
        self.owner = np.array(owner, np.int64)
        self.lo, self.hi = np.minimum(self.ay, self.by), np.maximum(self.ay, self.by)


class _Paint:
    """One union of shapes in one colour, within its box (x0, y0, x1, y1) on the canvas."""

    def __init__(self, shapes: list[Shape], colour: tuple[int, ...], box: tuple[int, int, int, int]) -> None:
        self.colour = colour
        self.box = box
        self.polys = _Edges([s for s in shapes if not isinstance(s, (Disc, Quad))])
        self.quads = [s for s in shapes if isinstance(s, Quad)]
        # Each segment's corners, [segment, corner]; its edges run from corner k to corner k + 1.
        corners = np.array([list(q) for q in self.quads], np.float64).reshape(-1, 4, 2)
        self.qx, self.qy = corners[..., 0], corners[..., 1]
        self.qlo, self.qhi = self.qy.min(axis=1), self.qy.max(axis=1)
        discs = [s for s in shapes if isinstance(s, Disc)]
        self.discs = [(np.array([d.centre[0] for d in discs if d.r == r], np.float64),
                       np.array([d.centre[1] for d in discs if d.r == r], np.float64), r)
                      for r in sorted({d.r for d in discs})]

    def add_work(self, work: np.ndarray, y0: int) -> None:
        """Add to ``work`` (per canvas row from ``y0``, as steps to sum) the crossings of this paint's edges
        and the rows of its discs, counted within its box: what :meth:`composite` will work out."""
        top, bottom = self.box[1], self.box[3]
        size = len(work)
        for lo, hi, weight in ((self.polys.lo, self.polys.hi, SS), (self.qlo, self.qhi, 2 * SS),
                               *((cy - r, cy + r, 2 * math.ceil(r * SS) + 5) for _, cy, r in self.discs)):
            if not len(lo):
                continue
            first = np.clip(np.floor(lo).astype(np.int64), top, bottom) - y0
            last = np.clip(np.ceil(hi).astype(np.int64) + 1, top, bottom) - y0
            work += weight * (np.bincount(first, minlength=size) - np.bincount(last, minlength=size))

    def composite(self, band: np.ndarray, bx0: int, top: int, bottom: int) -> None:
        """Paint over ``band``, the canvas rows ``top .. bottom - 1`` from column ``bx0`` (premultiplied)."""
        x0, y0, x1, y1 = self.box
        y0, y1 = max(y0, top), min(y1, bottom)
        ys = _samples(y0, y1)
        runs = [_polygon_runs(self.polys, ys, x0), self._quad_runs(ys, x0),
                *(_disc_runs(d, ys, y0, x0) for d in self.discs)]
        row, start, stop = (np.concatenate(parts) for parts in zip(*runs, strict=True))
        cover = _coverage(row, start, stop, y1 - y0, x1 - x0)
        colour = self.colour
        region = band[y0 - top : y1 - top, x0 - bx0 : x1 - bx0]
        touched = np.nonzero(cover)
        if len(touched[0]) < cover.size // 2:  # an outline: only the pixels it covers (the rest keep theirs)
            a = colour[3] / 255 * cover[touched][:, None]
            src = np.concatenate([np.array(colour[:3], np.float32) / 255 * a, a], axis=1)
            region[touched] = src + region[touched] * (1 - a)
            return
        a = colour[3] / 255 * cover[..., None]
        src = np.concatenate([np.array(colour[:3], np.float32) / 255 * a, a], axis=2)
        region[...] = src + region * (1 - a)

    def _quad_runs(self, ys: np.ndarray, x0: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The runs of the stroke segments: on each sample row a segment crosses, between its two crossings.

        No sorting: of a segment's four edges, the row crosses two, and the samples between them are
        inside (the even-odd test's answer for two crossings). A segment whose row the float corners
        made cross any other number of times (none was ever seen) is drawn as a polygon instead.
        """
        if not self.quads:
            return _NO_RUNS
        quad, row = _crossed_rows(ys, self.qlo, self.qhi)
        if not len(quad):
            return _NO_RUNS
        out = []
        for i in range(0, len(quad), _QUAD_ROWS):
            q, r = quad[i : i + _QUAD_ROWS], row[i : i + _QUAD_ROWS]
            gy = ys[r][:, None]
            ax, ay = self.qx[q], self.qy[q]
            bx, by = np.roll(ax, -1, axis=1), np.roll(ay, -1, axis=1)
            crosses = (ay > gy) != (by > gy)
            with np.errstate(divide="ignore", invalid="ignore"):
                xint = ax + (gy - ay) * (bx - ax) / (by - ay)  # as the even-odd test computes it
            count = crosses.sum(axis=1)
            two = count == 2
            enter = np.where(crosses, xint, np.inf).min(axis=1)[two]
            leave = np.where(crosses, xint, -np.inf).max(axis=1)[two]
            out.append((r[two], _first_sample_at_or_after(enter, x0), _first_sample_at_or_after(leave, x0), q[two],
                        q[(count != 2) & (count != 0)]))
        row, start, stop, owner, odd = (np.concatenate(parts) for parts in zip(*out, strict=True))
        if len(odd):  # drawn as polygons instead, whole
            strange = np.unique(odd)
            keep = ~np.isin(owner, strange)
            extra = _polygon_runs(_Edges([list(self.quads[int(i)]) for i in strange]), ys, x0)
            row, start, stop = (np.concatenate([a[keep], b]) for a, b in zip((row, start, stop), extra, strict=True))
        return row, start, stop


_NO_RUNS = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64))


def _crossed_rows(ys: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(item, sample row) for every sample row ``ys[row]`` in ``[lo, hi)`` of each item: the rows an edge or a
    stroke segment spanning ``lo`` to ``hi`` crosses, one pair per crossing, items in order."""
    first = np.searchsorted(ys, lo, "left")
    counts = np.searchsorted(ys, hi, "left") - first
    item = np.repeat(np.arange(len(counts)), counts)
    row = np.arange(len(item)) - np.repeat(np.cumsum(counts) - counts, counts) + first[item]
    return item, row


def _polygon_runs(edges: _Edges, ys: np.ndarray, x0: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(sample row, first sample, end sample) of each run of samples inside a polygon (even-odd), sample
    rows counted from ``ys[0]``, columns from pixel ``x0``."""
    # An edge crosses sample row gy when (ay > gy) != (by > gy): lo <= gy < hi.
    edge, row = _crossed_rows(ys, edges.lo, edges.hi)
    if not len(edge):
        return _NO_RUNS
    gy = ys[row]
    ax, ay, bx, by = edges.ax[edge], edges.ay[edge], edges.bx[edge], edges.by[edge]
    xint = ax + (gy - ay) * (bx - ax) / (by - ay)  # as the even-odd test computes it
    order = np.lexsort((xint, row, edges.owner[edge]))
    # Each polygon crosses each row an even number of times: sorted, the crossings pair up, and a
    # sample gx is inside (an odd number of crossings with gx < xint) when xint[2i] <= gx < xint[2i+1].
    xint, row = xint[order], row[order]
    return row[0::2], _first_sample_at_or_after(xint[0::2], x0), _first_sample_at_or_after(xint[1::2], x0)


def _disc_runs(discs: tuple[np.ndarray, np.ndarray, float], ys: np.ndarray, y0: int,
               x0: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(sample row, first sample, end sample) of each run of samples inside one of the discs (one run a row),
    rows counted from pixel row ``y0`` (where ``ys`` starts), columns from pixel ``x0``."""
    cx, cy, r = discs
    reach = math.ceil(r * SS) + 2  # samples either side of the centre that may be inside, and a margin
    span = 2 * reach + 1
    c0 = np.floor(cx * SS).astype(np.int64) - reach  # each disc's first global sample column and row
    r0 = np.floor(cy * SS).astype(np.int64) - reach
    near = (r0 + span > y0 * SS) & (r0 < y0 * SS + len(ys))  # discs reaching into these rows
    cx, cy, c0, r0 = cx[near], cy[near], c0[near], r0[near]
    offsets = np.arange(span)
    out = [_NO_RUNS]
    step = max(1, _DISC_SAMPLES // (span * span))
    for i in range(0, len(cx), step):
        dx, dy, dc, dr = cx[i : i + step], cy[i : i + step], c0[i : i + step], r0[i : i + step]
        gx = (dc[:, None] + offsets[None, :] + 0.5) / SS  # the same numbers as x + (k + 0.5) / SS
        rows = dr[:, None] + offsets[None, :]  # global sample rows
        gy = (rows + 0.5) / SS
        inside = ((gx - dx[:, None]) ** 2)[:, None, :] + ((gy - dy[:, None]) ** 2)[:, :, None] <= r * r
        count = inside.sum(axis=2)  # a disc's samples in a row are one run: (gx - cx)**2 falls, then rises
        disc, k = np.nonzero(count)
        start = dc[disc] + inside[disc, k].argmax(axis=1) - x0 * SS
        row = rows[disc, k] - y0 * SS
        keep = (row >= 0) & (row < len(ys))
        out.append((row[keep], start[keep], start[keep] + count[disc, k][keep]))
    row, start, stop = (np.concatenate(parts) for parts in zip(*out, strict=True))
    return row, start, stop


def _first_sample_at_or_after(x: np.ndarray, x0: int) -> np.ndarray:
    """For each x, the first sample column (counted from pixel x0) whose coordinate is >= x.

    Sample c lies at x0 + (c + 0.5) / SS, a number exact in floating point (the very number the even-odd
    test compares), so the estimate is checked with that comparison and moved by one where rounding put
    it off.
    """
    c = np.clip(np.ceil((x - x0) * SS - 0.5), -1, None).astype(np.int64)
    c += (c + 0.5) / SS + x0 < x
    c -= (c - 0.5) / SS + x0 >= x
    return c


def _coverage(row: np.ndarray, start: np.ndarray, stop: np.ndarray, height: int, width: int) -> np.ndarray:
    """The share of each pixel's SS x SS samples inside the union of the runs (row: sample row from the box's
    top; start, stop: sample columns from its left), as float64 ``[height, width]``."""
    ncols = width * SS
    start, stop = np.clip(start, 0, ncols), np.clip(stop, 0, ncols)
    keep = stop > start
    row, start, stop = row[keep], start[keep], stop[keep]
    count = np.zeros(height * width, np.int64)
    if len(row):
        # The union: runs merged within each row, so no sample counts twice.
        key_start = row.astype(np.int64) * (ncols + 1) + start
        order = np.argsort(key_start)
        key_start = key_start[order]
        key_stop = row[order].astype(np.int64) * (ncols + 1) + stop[order]
        reach = np.maximum.accumulate(key_stop)
        new = np.ones(len(key_start), bool)
        new[1:] = key_start[1:] > reach[:-1]
        begins = np.flatnonzero(new)
        ends = np.append(begins[1:], len(key_start)) - 1
        m_start, m_stop = key_start[begins], reach[ends]
        m_row = m_start // (ncols + 1)
        s, e = m_start - m_row * (ncols + 1), m_stop - m_row * (ncols + 1)
        pixel_row = (m_row // SS) * width
        ps, pe = s // SS, (e - 1) // SS  # first and last pixel a run touches
        size = height * width
        one = ps == pe
        count += np.bincount(pixel_row[one] + ps[one], e[one] - s[one], size).astype(np.int64)
        many = ~one
        ps, pe, s, e, pr = ps[many], pe[many], s[many], e[many], pixel_row[many]
        count += np.bincount(pr + ps, SS - s % SS, size).astype(np.int64)
        count += np.bincount(pr + pe, e - pe * SS, size).astype(np.int64)
        # Whole pixels between: +SS from ps + 1 to pe - 1, as a running sum along each row.
        at = (pr // width) * (width + 1)
        steps = np.bincount(at + ps + 1, minlength=height * (width + 1)) - \
            np.bincount(at + pe, minlength=height * (width + 1))
        count += SS * np.cumsum(steps.reshape(height, width + 1), axis=1)[:, :width].ravel()
    return count.reshape(height, width) / (SS * SS)

