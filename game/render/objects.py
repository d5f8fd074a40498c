"""Object shapes drawn the way Tiled's rasterizer shows them (``playmat render --objects``).

Tiled (``OrthogonalRenderer::drawMapObject``, which its hexagonal renderer
inherits) outlines each shape with a 2 px round-jointed pen in the object's
colour over a black shadow one pixel down and right, fills closed shapes
with the colour at alpha 50, marks a point with a pin. The pen is antialiased; we compute each pixel's coverage
from 8 x 8 samples, which comes within a level or two of Qt's edges. Text objects are
drawn apart (:mod:`textlayer`): Tiled lays glyphs on its picture in its own way.
The game view leaves shapes out: they are the designer's notes.

Painting is :mod:`.coverage`'s (scanlines, antialiasing, the work bound); this module says what Tiled
paints for each shape: pens, shadows, fills, pins.
"""

from __future__ import annotations

import math

import numpy as np

from game.maps.errors import object_label
from game.maps.layer_tree import DEFAULT_OBJECT_COLOUR, Colour, ObjectLayerData, ObjectShape

from .coverage import Canvas, Disc, Point, Quad, Shape, TooIntricate

__all__ = ["POINT_WORK", "TooIntricate", "draw_shapes", "draw_shapes_box", "shapes_canvas"]


def draw_shapes(layer: ObjectLayerData, size: tuple[int, int], origin: tuple[int, int],
                objs: list[ObjectShape] | None = None) -> np.ndarray | None:
    """The layer's shapes on a transparent canvas of ``size`` (straight-alpha RGBA uint8), or None if none.

    ``objs``: only these shapes, already in drawing order (default: all the layer's, in Tiled's order).
    The layer's opacity is already applied (per stroke, as Qt does): composite the result at opacity 1.
    """
    drawn = draw_shapes_box(layer, size, origin, objs)
    if drawn is None:
        return None
    pixels, x, y = drawn
    out = np.zeros((size[1], size[0], 4), np.uint8)
    out[y : y + pixels.shape[0], x : x + pixels.shape[1]] = pixels
    return out


def draw_shapes_box(layer: ObjectLayerData, size: tuple[int, int], origin: tuple[int, int],
                    objs: list[ObjectShape] | None = None) -> tuple[np.ndarray, int, int] | None:
    """As :func:`draw_shapes`, only the box the shapes touch: ``(pixels, x, y)`` with its top-left on the
    canvas (nothing outside it is drawn; empty when every shape lies outside the canvas), or None if there
    are no shapes to draw."""
    canvas = shapes_canvas(layer, size, origin, objs)
    return None if canvas is None else canvas.render()


def shapes_canvas(layer: ObjectLayerData, size: tuple[int, int], origin: tuple[int, int],
                  objs: list[ObjectShape] | None = None) -> Canvas | None:
    """The layer's shapes laid out but not yet painted (see :meth:`Canvas.box`, :meth:`Canvas.render`);
    None if there are none. TooIntricate past ``MAX_SHAPE_CROSSINGS``."""
    if objs is None:
        objs = [o for o in layer.objects if o.visible and o.shape not in ("tile", "text")]
        if layer.top_down:
            objs.sort(key=lambda o: o.y)
    else:
        objs = [o for o in objs if o.visible and o.shape not in ("tile", "text")]
    if not objs:
        return None
    canvas = Canvas(size)
    colour = layer.colour or DEFAULT_OBJECT_COLOUR
    dx, dy = layer.style.offset[0] + origin[0], layer.style.offset[1] + origin[1]
    for obj in objs:
        canvas.drawing = object_label(obj.id, obj.name)
        _draw(canvas, obj, colour, dx, dy, layer.style.opacity)
    return canvas


POINT_WORK = 200  # what reading and placing a point of a polygon or polyline counts against MAX_SHAPE_CROSSINGS


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
    elif obj.shape in ("polygon", "polyline") and (obj.points or obj.points_text):
        # Counted before they are read: a map's 32 MB of points would be gigabytes of tuples.
        big.charge(POINT_WORK * (len(obj.points) or obj.points_text.count(",")))
        pts = list(obj.outline())
        if not pts:
            return
        closed = obj.shape == "polygon"
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
        shapes.append(Quad(((ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny))))
    shapes.extend(Disc(p, half) for p in pts)
    canvas.paint(shapes, colour)


def _dot(canvas: Canvas, p: Point, radius: float, colour: tuple[int, ...]) -> None:
    canvas.paint([Disc(p, radius)], colour)

