"""Tile images turned, flipped, scaled and tinted the way Tiled's Qt painter does it.

Tiled (``CellRenderer::render``) draws a tile with the painter transform
``translate(centre) * rotate(60 or 120 degrees) * scale(+-sx, +-sy)`` applied to
the image rectangle centred on the origin. Qt's raster engine then fills the
pixels whose centres fall inside the transformed rectangle, sampling the image
bilinearly (``SmoothPixmapTransform``) with coordinates clamped to its edges.
A plain translation is a straight copy at the rounded position. We reproduce
both in numpy on premultiplied float images, so rotated hex tiles land on the
same pixels as in Tiled, edges included.
"""

from __future__ import annotations

import math

import numpy as np

Array = np.ndarray
Linear = tuple[float, float, float, float]  # a, b, c, d: x' = a x + b y, y' = c x + d y
IDENTITY: Linear = (1.0, 0.0, 0.0, 1.0)


def linear_part(rotation_deg: float, sx: float, sy: float) -> Linear:
    """``rotate(rotation) * scale(sx, sy)`` (Qt order: scale first), y pointing down (clockwise turn)."""
    r = math.radians(rotation_deg)
    cos, sin = math.cos(r), math.sin(r)
    # Snap the cosines of multiples of 60/90 degrees so equal transforms share one cached sprite.
    cos, sin = round(cos, 12), round(sin, 12)
    return cos * sx, -sin * sy, sin * sx, cos * sy


def compose(outer: Linear, inner: Linear) -> Linear:
    a, b, c, d = outer
    e, f, g, h = inner
    return a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h


def apply(lin: Linear, x: float, y: float) -> tuple[float, float]:
    a, b, c, d = lin
    return a * x + b * y, c * x + d * y


def qt_round(v: float) -> int:
    """Qt's qRound: halves away from zero."""
    return int(v + 0.5) if v >= 0 else int(v - 0.5)


def place(src: Array, lin: Linear, cx: float, cy: float) -> tuple[Array, int, int, tuple[object, ...]]:
    """Where and how ``src`` (premultiplied float RGBA) lands when its centre goes to ``(cx, cy)``.

    Returns ``(image, x, y, key)``: the transformed pixels, their integer
    top-left on the canvas, and a key that is equal for every placement that
    yields the same pixels (so the caller can cache by it).
    """
    h, w = src.shape[:2]
    a, b, c, d = (round(v, 9) for v in lin)
    if b == 0 and c == 0 and abs(a) == 1 and abs(d) == 1:
        left, top = cx - w / 2, cy - h / 2
        if a == 1 and d == 1:
            return src, qt_round(left), qt_round(top), ("copy",)
        if left == int(left) and top == int(top):  # flips on the pixel grid: an exact mirrored copy
            out = src[:, ::-1] if a < 0 else src
            out = out[::-1] if d < 0 else out
            return np.ascontiguousarray(out), int(left), int(top), ("flip", a, d)
    fx, fy = cx - math.floor(cx), cy - math.floor(cy)
    key = ("affine", a, b, c, d, round(fx, 6), round(fy, 6))
    img, ox, oy = resample(src, (a, b, c, d), fx, fy)
    return img, math.floor(cx) + ox, math.floor(cy) + oy, key


def placed_pixels(shape: tuple[int, ...], lin: Linear) -> int:
    """At most how many pixels :func:`place` makes of an image of ``shape`` under ``lin`` (0: it places the
    image itself), known before anything is made, so that a caller can refuse a picture too large."""
    h, w = shape[:2]
    a, b, c, d = (round(v, 9) for v in lin)
    if b == 0 and c == 0 and a == 1 and d == 1:
        return 0
    corners = [apply((a, b, c, d), x, y) for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2),
                                                       (-w / 2, h / 2))]
    span_x = math.ceil(max(p[0] for p in corners)) + 1 - math.floor(min(p[0] for p in corners))
    span_y = math.ceil(max(p[1] for p in corners)) + 1 - math.floor(min(p[1] for p in corners))
    return max(w * h, span_x * span_y)


_RESAMPLE_ROWS_PIXELS = 1 << 18  # output pixels resampled at once (each costs about 100 bytes of temporaries)


def resample(src: Array, lin: Linear, fx: float, fy: float) -> tuple[Array, int, int]:
    """``src`` centred on ``(fx, fy)`` and transformed by ``lin``: pixels whose centre is inside, bilinear."""
    h, w = src.shape[:2]
    a, b, c, d = lin
    det = a * d - b * c
    if abs(det) < 1e-12 or w == 0 or h == 0:
        return np.zeros((0, 0, 4), np.float32), 0, 0
    corners = [apply(lin, x, y) for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
    xs = [p[0] + fx for p in corners]
    ys = [p[1] + fy for p in corners]
    x0, x1 = math.floor(min(xs)), math.ceil(max(xs))
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
    px = np.arange(x0, x1, dtype=np.float64) + 0.5 - fx
    py = np.arange(y0, y1, dtype=np.float64) + 0.5 - fy
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    out = np.zeros((y1 - y0, x1 - x0, 4), np.float32)
    flat = np.ascontiguousarray(src, dtype=np.float32).reshape(-1, 4)
    # A band of rows at a time: each output pixel depends only on its own row and column, and the
    # temporaries of a whole sprite as large as an image may be (24 million pixels) came to gigabytes.
    step = max(1, _RESAMPLE_ROWS_PIXELS // max(1, x1 - x0))
    for r in range(0, y1 - y0, step):
        rows = py[r : r + step]
        sx = (ia * px)[None, :] + (ib * rows)[:, None] + w / 2
        sy = (ic * px)[None, :] + (id_ * rows)[:, None] + h / 2
        eps = 1e-9
        inside = (sx >= -eps) & (sx < w - eps) & (sy >= -eps) & (sy < h - eps)
        # Only pixels whose centre falls inside are sampled: bilinear at the texel grid (texel centres at
        # i + 0.5), neighbours clamped to the image, gathered by flat index and blended in float32 (the
        # float64 whole-box version was a third of the time of loading a map with hex-rotated tiles).
        u, v = sx[inside] - 0.5, sy[inside] - 0.5
        iu, iv = np.floor(u), np.floor(v)
        du = (u - iu).astype(np.float32)[:, None]
        dv = (v - iv).astype(np.float32)[:, None]
        iu0 = np.clip(iu, 0, w - 1).astype(np.intp)
        iu1 = np.clip(iu + 1, 0, w - 1).astype(np.intp)
        iv0 = np.clip(iv, 0, h - 1).astype(np.intp) * w
        iv1 = np.clip(iv + 1, 0, h - 1).astype(np.intp) * w
        top = flat[iv0 + iu0]
        top += (flat[iv0 + iu1] - top) * du
        bottom = flat[iv1 + iu0]
        bottom += (flat[iv1 + iu1] - bottom) * du
        top += (bottom - top) * dv
        out[r : r + step][inside] = top
    return out, x0, y0


def tinted(src: Array, tint: tuple[int, int, int, int] | None) -> Array:
    """Tiled's ``tinted()``: multiply by the tint colour, keep the image's alpha, then scale by the tint's alpha.

    In premultiplied terms (Qt's Multiply then DestinationIn twice) a pixel of
    straight colour C and alpha a becomes ``t * a * (C a + 1 - a)`` with alpha
    ``a * ta``: translucent edges lean towards the tint colour, as in Tiled.
    """
    if tint is None:
        return src
    t = np.array(tint[:3], np.float32) / 255
    ta = tint[3] / 255
    a = src[..., 3:4]
    out = np.empty_like(src)
    out[..., :3] = t * a * (src[..., :3] + 1 - a) * ta  # src rgb is premultiplied: C a
    out[..., 3:4] = a * ta
    return out


def colour_keyed(rgba_u8: Array, trans: str | None) -> Array:
    """Tiled's ``trans`` colour (an image's colour key) made transparent."""
    if not trans:
        return rgba_u8
    h = trans.strip().lstrip("#")
    if len(h) != 6:
        return rgba_u8
    try:
        key = np.array([int(h[i : i + 2], 16) for i in (0, 2, 4)], np.uint8)
    except ValueError:
        return rgba_u8
    out = rgba_u8.copy()
    out[(out[..., :3] == key).all(axis=2), 3] = 0
    return out


def texture_fill(src: Array, ox: float, oy: float, rect: tuple[float, float, float, float]) -> tuple[Array, int, int]:
    """Qt's textured ``drawRect`` under a translation: the pixels whose centres lie in ``rect``
    (x0, y0, x1, y1), painted with ``src`` repeated from ``(ox, oy)`` rounded to whole pixels (Qt
    rounds a brush's translation; measured against tmxrasterizer: no blending at half pixels).
    Tiled draws image layers this way.
    """
    h, w = src.shape[:2]
    x0, y0 = math.ceil(rect[0] - 0.5), math.ceil(rect[1] - 0.5)
    x1, y1 = math.ceil(rect[2] - 0.5), math.ceil(rect[3] - 0.5)
    if x1 <= x0 or y1 <= y0 or not (w and h):
        return np.zeros((0, 0, 4), np.float32), 0, 0
    cols = (np.arange(x0, x1) - qt_round(ox)) % w
    rows = (np.arange(y0, y1) - qt_round(oy)) % h
    return np.ascontiguousarray(src[rows][:, cols]), x0, y0
