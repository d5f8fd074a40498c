"""Text objects as ``playmat render --objects`` draws them: painted, then laid on the map as Tiled lays them.

Painting: by Qt itself when it runs (:mod:`qtext`, glyph for glyph Tiled's), else by SDL_ttf
(:mod:`textobj`, the same layout, glyph edges a few levels off).

Laying on the map: tmxrasterizer paints into a ``QImage::Format_ARGB32`` image, which holds
straight (not premultiplied) colours, and Qt's glyph blending for that format
(``qt_alphamapblit_argb32``) treats the stored colours as if they were premultiplied: the result
is ``text_premultiplied + background_straight * (1 - text_alpha)``, stored as straight colour.
Over opaque ground that is ordinary "source over"; where the map is transparent or translucent,
Tiled's glyph edges come out darker (white text over nothing has grey edges, each pixel's colour
equal to its alpha). We lay text the same way, so the picture matches Tiled's there too.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from game.maps.layer_tree import ObjectShape, parse_colour

from .pg import pygame
from .qtext import paint_text, qt_ready
from .textobj import layout_text


def text_image(obj: ObjectShape, offset: tuple[float, float], opacity: float,
               canvas: tuple[int, int],
               spend: Callable[[int], None] | None = None) -> tuple[np.ndarray, int, int] | None:
    """A text object painted: premultiplied RGBA float32 (0..1) and the canvas pixel of its top-left.

    ``offset``: where map pixel (0, 0) lies on the canvas (the layer's offset plus the picture's
    origin); ``opacity``: the layer's; ``canvas``: (width, height). None if nothing falls on it.
    ``spend``: told the pixels about to be painted (the lines, and the turned box of a turned text)
    before they are, whether they fall on the canvas or not; it may refuse them by raising.
    """
    if not obj.text:
        return None
    style = dict(obj.text_style)
    colour = parse_colour(style.get("color")) or (0, 0, 0, 255)  # Tiled's TextData: black by default
    if qt_ready():
        return paint_text(obj.text, style, (obj.x, obj.y, obj.width, obj.height), obj.rotation, offset,
                          colour, opacity, canvas)
    return _sdl_text(obj, style, colour, offset, opacity, canvas, spend or (lambda _: None))


def _sdl_text(obj: ObjectShape, style: dict[str, str], colour: tuple[int, int, int, int],
              offset: tuple[float, float], opacity: float,
              canvas: tuple[int, int], spend: Callable[[int], None]) -> tuple[np.ndarray, int, int] | None:
    """The fallback: SDL_ttf's lines laid out as Qt lays them (:mod:`textobj`), turned about (x, y)."""
    surf, (lx, ly) = layout_text(obj.text, style, obj.width, obj.height, colour[:3], spend)
    turn = math.radians(obj.rotation) if math.isfinite(obj.rotation) else 0.0
    cos, sin = math.cos(turn), math.sin(turn)

    def tf(x: float, y: float) -> tuple[float, float]:
        return obj.x + x * cos - y * sin + offset[0], obj.y + x * sin + y * cos + offset[1]

    if turn:
        w, h = surf.get_size()
        spend(math.ceil(w * abs(cos) + h * abs(sin) + 2) * math.ceil(w * abs(sin) + h * abs(cos) + 2))
        cx, cy = tf(lx + w / 2, ly + h / 2)
        surf = pygame.transform.rotozoom(surf, -math.degrees(turn), 1.0)  # Tiled turns clockwise
        x, y = cx - surf.get_width() / 2, cy - surf.get_height() / 2
    else:
        ox, oy = tf(0, 0)
        x, y = ox + lx, oy + ly
    w, h = surf.get_size()
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    x0, y0 = int(round(x)), int(round(y))
    sx0, sy0 = max(0, -x0), max(0, -y0)
    sx1, sy1 = min(w, canvas[0] - x0), min(h, canvas[1] - y0)
    if sx1 <= sx0 or sy1 <= sy0:
        return None
    rgba = np.frombuffer(pygame.image.tobytes(surf, "RGBA"), dtype=np.uint8).reshape(h, w, 4)
    glyphs = rgba[sy0:sy1, sx0:sx1].astype(np.float32) / 255
    a = glyphs[..., 3:4] * (colour[3] / 255 * min(max(opacity, 0.0), 1.0))
    return np.concatenate([glyphs[..., :3] * a, a], axis=2), x0 + sx0, y0 + sy0


def lay_text(canvas: pygame.Surface, text: np.ndarray, x: int, y: int) -> None:
    """Lay painted text (premultiplied float RGBA at canvas pixel (x, y)) on a premultiplied canvas as
    Tiled's ARGB32 image takes it (see the module docstring). The canvas stays premultiplied."""
    cw, ch = canvas.get_size()
    h, w = text.shape[:2]
    x1, y1 = min(cw, x + w), min(ch, y + h)
    if x1 <= x or y1 <= y:
        return
    text = text[: y1 - y, : x1 - x]
    rgb = pygame.surfarray.pixels3d(canvas)[x:x1, y:y1].swapaxes(0, 1)  # views: writes reach the canvas
    alpha = pygame.surfarray.pixels_alpha(canvas)[x:x1, y:y1].T
    a_bg = alpha.astype(np.float32)
    # The background's straight colour as our final division gives it (straight.py's rule).
    scale = np.where(a_bg > 0, np.float32(255) / np.maximum(a_bg, 1), 0).astype(np.float32)
    bg = np.minimum(255, np.trunc(rgb * scale[..., None] + np.float32(0.5)))
    a_text = text[..., 3:4]
    colour = np.clip(np.rint(text[..., :3] * 255 + bg * (1 - a_text)), 0, 255)
    a_out = np.clip(np.rint(text[..., 3] * 255 + a_bg * (1 - text[..., 3])), 0, 255)
    inked = text[..., 3] > 0  # elsewhere the canvas keeps its bytes (no needless round trip)
    rgb[inked] = np.rint(colour * (a_out[..., None] / 255)).astype(np.uint8)[inked]
    alpha[inked] = a_out.astype(np.uint8)[inked]
    del rgb, alpha  # release the surface lock
