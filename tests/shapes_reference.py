"""The object shapes as ``render --objects`` drew them before scanlines: every shape tested at every sample
of its paint's box (``game.render.objects`` up to the fix of 27 s for a 100-point polygon). Slow (time grows
with edges x box area) but plainly right: tests hold the fast drawing to it, pixel for pixel.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from game.maps.layer_tree import DEFAULT_OBJECT_COLOUR, Colour, ObjectLayerData, ObjectShape

SS = 8  # coverage samples per pixel side
_SAMPLES_AT_ONCE = 1 << 21  # coverage samples painted at once (each costs about 40 bytes of temporaries)
Point = tuple[float, float]


class Disc(NamedTuple):
    centre: Point
    r: float

    def box(self) -> list[Point]:
        (cx, cy), r = self
        return [(cx - r, cy - r), (cx + r, cy + r)]


Shape = list[Point] | Disc  # a polygon (filled even-odd) or a disc


def draw_shapes(layer: ObjectLayerData, size: tuple[int, int], origin: tuple[int, int],
                objs: list[ObjectShape] | None = None) -> np.ndarray | None:
    """The layer's shapes on a transparent canvas of ``size`` (straight-alpha RGBA uint8), or None if none.

    ``objs``: only these shapes, already in drawing order (default: all the layer's, in Tiled's order).
    The layer's opacity is already applied (per stroke, as Qt does): composite the result at opacity 1.
    """
    if objs is None:
        objs = [o for o in layer.objects if o.visible and o.shape not in ("tile", "text")]
        if layer.top_down:
            objs.sort(key=lambda o: o.y)
    else:
        objs = [o for o in objs if o.visible and o.shape not in ("tile", "text")]
    if not objs:
        return None
    canvas = Canvas(np.zeros((size[1], size[0], 4), np.float32))
    colour = layer.colour or DEFAULT_OBJECT_COLOUR
    dx, dy = layer.style.offset[0] + origin[0], layer.style.offset[1] + origin[1]
    for obj in objs:
        _draw(canvas, obj, colour, dx, dy, layer.style.opacity)
    # Un-premultiplied a band of rows at a time: over the whole canvas at once the float temporaries
    # came to four times the canvas (over 1 GB for a tall map's picture within the picture limit).
    premul = canvas.pixels
    out = np.empty(premul.shape, np.uint8)
    rows = max(1, _BAND_PIXELS // max(1, premul.shape[1]))  # a picture may be 64,000 px wide and 200 high
    for y in range(0, premul.shape[0], rows):
        band = premul[y : y + rows]
        alpha = band[..., 3:4]
        rgb = np.where(alpha > 0, band[..., :3] / np.maximum(alpha, 1e-6), 0)
        out[y : y + rows] = np.clip(np.rint(np.concatenate([rgb, alpha], axis=2) * 255), 0, 255)
    return out


_BAND_PIXELS = 1 << 18


class Canvas:
    """A premultiplied float RGBA canvas painted with antialiased shapes: coverage from SS x SS samples."""

    def __init__(self, pixels: np.ndarray) -> None:
        self.pixels = pixels

    def paint(self, shapes: list[Shape], colour: tuple[int, ...]) -> None:
        """Paint the union of ``shapes`` (polygons even-odd, discs) in ``colour``."""
        pts = [p for shape in shapes for p in (shape.box() if isinstance(shape, Disc) else shape)]
        if not pts:
            return
        h, w = self.pixels.shape[:2]
        x0 = max(0, math.floor(min(p[0] for p in pts)) - 1)
        y0 = max(0, math.floor(min(p[1] for p in pts)) - 1)
        x1 = min(w, math.ceil(max(p[0] for p in pts)) + 1)
        y1 = min(h, math.ceil(max(p[1] for p in pts)) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        # A band of rows at a time: the samples of a shape as large as the picture (a map may say so)
        # would be 64 float64 pairs per pixel, gigabytes at once. Each pixel's coverage is its own, so
        # bands paint exactly what one pass did.
        rows = max(1, _SAMPLES_AT_ONCE // ((x1 - x0) * SS * SS))
        for top in range(y0, y1, rows):
            self._paint_rows(shapes, colour, x0, x1, top, min(y1, top + rows))

    def _paint_rows(self, shapes: list[Shape], colour: tuple[int, ...], x0: int, x1: int, y0: int, y1: int) -> None:
        sub = (np.arange(SS) + 0.5) / SS
        xs = (np.arange(x0, x1)[:, None] + sub[None, :]).ravel()
        ys = (np.arange(y0, y1)[:, None] + sub[None, :]).ravel()
        gx, gy = np.meshgrid(xs, ys)
        inside = np.zeros(gx.shape, bool)
        for shape in shapes:
            if isinstance(shape, Disc):
                (cx, cy), r = shape
                inside |= (gx - cx) ** 2 + (gy - cy) ** 2 <= r * r
            else:
                inside |= _even_odd(shape, gx, gy)
        cover = inside.reshape(y1 - y0, SS, x1 - x0, SS).mean(axis=(1, 3))[..., None]
        a = colour[3] / 255 * cover
        src = np.concatenate([np.array(colour[:3], np.float32) / 255 * a, a], axis=2)
        region = self.pixels[y0:y1, x0:x1]
        region[...] = src + region * (1 - a)


def _even_odd(poly: list[Point], gx: np.ndarray, gy: np.ndarray) -> np.ndarray:
    """Every sample of the meshgrid ``gx``, ``gy`` inside ``poly`` (even-odd), tested one by one.

    A sample's y is its row's and its x its column's, so whether an edge crosses a sample's row, and where,
    is worked out once per row (the same numbers in the same arithmetic as per sample), and only the rows an
    edge crosses compare their samples' x: the same answer for every sample as testing each edge at every
    sample, without the whole grid's arithmetic for every edge (seconds a case for a 30-point polygon)."""
    inside = np.zeros(gx.shape, bool)
    ys, xs = gy[:, 0], gx[0]
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if ay == by:
            continue
        rows = np.flatnonzero((ay > ys) != (by > ys))
        xint = ax + (ys[rows] - ay) * (bx - ax) / (by - ay)
        inside[rows] ^= xs[None, :] < xint[:, None]
    return inside


def _draw(big: Canvas, obj: ObjectShape, colour: Colour, dx: float, dy: float, opacity: float) -> None:
    """One object; Qt applies the layer's opacity to every stroke and fill on its own, so a translucent
    layer's outline lets its shadow show through (the caller composites the result at opacity 1)."""
    turn = math.radians(obj.rotation)
    cos, sin = math.cos(turn), math.sin(turn)

    def tf(x: float, y: float) -> Point:
        """Object-relative point -> canvas pixel (turned about the object's position)."""
        rx, ry = x * cos - y * sin, x * sin + y * cos
        return obj.x + rx + dx, obj.y + ry + dy

    line = (*colour[:3], round(255 * opacity))
    fill = (*colour[:3], round(50 * opacity))
    shadow = (0, 0, 0, round(255 * opacity))
    if obj.shape in ("rectangle", "ellipse"):
        x0, y0, w, h = 0.0, 0.0, obj.width, obj.height
        if w == 0 and h == 0:
            x0, y0, w, h = -10.0, -10.0, 20.0, 20.0
        shape = obj.shape if not (obj.shape == "ellipse" and (w == 0) != (h == 0)) else "rectangle"
        outline = _box(x0, y0, w, h) if shape == "rectangle" else _ellipse(x0, y0, w, h)
        _stroke(big, [tf(x + 1, y + 1) for x, y in outline], shadow, closed=True)
        _polygon(big, [tf(x, y) for x, y in outline], fill)
        _stroke(big, [tf(x, y) for x, y in outline], line, closed=True)
    elif obj.shape in ("polygon", "polyline") and obj.outline():
        closed = obj.shape == "polygon"
        pts = list(obj.outline())
        _stroke(big, [tf(x + 1, y + 1) for x, y in pts], shadow, closed=closed)
        _dot(big, tf(pts[0][0] + 1, pts[0][1] + 1), 4, shadow)
        if closed:
            _polygon(big, [tf(x, y) for x, y in pts], fill)
        _stroke(big, [tf(x, y) for x, y in pts], line, closed=closed)
        _dot(big, tf(*pts[0]), 4, line)
    elif obj.shape == "point":
        pin = _pin()
        _stroke(big, [tf(x + 1, y + 1) for x, y in pin], shadow, closed=True)
        _polygon(big, [tf(x, y) for x, y in pin], fill)
        _stroke(big, [tf(x, y) for x, y in pin], line, closed=True)
        r = 10 / 3
        knob = _ellipse(-r, -20 - r, 2 * r, 2 * r)
        _polygon(big, [tf(x, y) for x, y in knob], line)
        _stroke(big, [tf(x, y) for x, y in knob], line, closed=True)


def _box(x: float, y: float, w: float, h: float) -> list[Point]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _ellipse(x: float, y: float, w: float, h: float, n: int = 72) -> list[Point]:
    cx, cy = x + w / 2, y + h / 2
    return [(cx + w / 2 * math.cos(2 * math.pi * i / n), cy + h / 2 * math.sin(2 * math.pi * i / n))
            for i in range(n)]


def _pin() -> list[Point]:
    """Tiled's point marker: a 235-degree arc of radius 10 closed to a tip at the point, 20 px below its centre."""
    start, sweep, r = 90 - 235 / 2, 235.0, 10.0
    pts = [(r * math.cos(math.radians(start + sweep * i / 40)), -r * math.sin(math.radians(start + sweep * i / 40)))
           for i in range(41)]
    pts.append((0.0, 2 * r))
    return [(x, y - 2 * r) for x, y in pts]


def _polygon(canvas: Canvas, pts: list[Point], colour: tuple[int, ...]) -> None:
    if len(pts) >= 3:
        canvas.paint([pts], colour)


def _stroke(canvas: Canvas, pts: list[Point], colour: tuple[int, ...], *, closed: bool) -> None:
    """A 2 px pen with round caps and joins: the union of one quad per segment and a disc per vertex."""
    if len(pts) < 2:
        return
    half = 1.0
    shapes: list[Shape] = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1] if closed else pts[1:], strict=False):
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
        shapes.append([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)])
    shapes.extend(Disc(p, half) for p in pts)
    canvas.paint(shapes, colour)


def _dot(canvas: Canvas, p: Point, radius: float, colour: tuple[int, ...]) -> None:
    canvas.paint([Disc(p, radius)], colour)

