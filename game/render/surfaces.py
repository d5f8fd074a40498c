"""Pictures as the renderer holds them: premultiplied-alpha float arrays and the surfaces made from them.

Tiled paints with Qt into a premultiplied-alpha image, so the renderer keeps each image premultiplied
(float32 RGBA, 0..1) and turns it into a premultiplied pygame surface once per layer opacity; every
placement is then one ``BLEND_PREMULTIPLIED`` blit (``map_art.MapArt.surface``). This module is the
conversion between those forms: arrays, surfaces, and :class:`Texture` for pictures as large as the map.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from game.maps.layer_tree import Colour

from .pg import pygame
from .sprites import colour_keyed, tinted

Array = np.ndarray


def array_to_surface(rgba: Array) -> pygame.Surface:
    h, w = rgba.shape[:2]
    return pygame.image.frombytes(np.ascontiguousarray(rgba).tobytes(), (w, h), "RGBA")


@lru_cache(maxsize=1)
def _canvas_masks() -> tuple[int, int, int, int]:
    r, g, b, a = pygame.Surface((1, 1), pygame.SRCALPHA).get_masks()
    return r, g, b, a


def blank_canvas(size: tuple[int, int]) -> pygame.Surface:
    """A transparent 32-bit surface in the format of pygame's SRCALPHA surfaces (the sprites' format).

    Its pixels are numpy's zeroed memory, which the OS hands out page by page as the blits first
    touch it; ``pygame.Surface`` clears every byte up front instead (58 MB for a 64x64 map, about
    a tenth of drawing it). The surface keeps the array alive.
    """
    w, h = size
    if w > 0 and h > 0:
        surf = pygame.image.frombuffer(np.zeros((h, w, 4), np.uint8).data, (w, h), "BGRA")
        if surf.get_masks() == _canvas_masks():  # not so on a big-endian machine: keep pygame's own layout
            return surf
    return pygame.Surface(size, pygame.SRCALPHA)


def surface_to_array(surf: pygame.Surface) -> Array:
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGBA"), dtype=np.uint8).reshape(h, w, 4)


def premultiplied_surface(img: Array, opacity: float) -> pygame.Surface:
    """Premultiplied float RGBA scaled by a layer opacity -> premultiplied uint8 surface.

    Scaling all four premultiplied channels is how a painter's opacity applies to an image.
    """
    data = np.clip(np.rint(img * np.float32(255 * opacity)), 0, 255).astype(np.uint8)
    h, w = data.shape[:2]
    surf = pygame.Surface((max(w, 1), max(h, 1)), pygame.SRCALPHA)  # the canvas's format: blits take the fast path
    if w and h:
        rgb, alpha = pygame.surfarray.pixels3d(surf), pygame.surfarray.pixels_alpha(surf)
        rgb[...] = data[..., :3].transpose(1, 0, 2)
        alpha[...] = data[..., 3].T
        del rgb, alpha  # release the surface lock
    return surf


def premultiplied(rgba_u8: Array) -> Array:
    """Straight-alpha RGBA uint8 -> premultiplied float32 RGBA (0..1), pixel by pixel."""
    arr = rgba_u8.astype(np.float32) / 255
    arr[..., :3] *= arr[..., 3:4]
    return arr


FLOAT_PIXEL = 16  # bytes of a premultiplied float32 RGBA pixel
SURFACE_PIXEL = 4  # bytes of a surface's pixel
_BAND_PIXELS = 1 << 18  # pixels a Texture turns into premultiplied floats at once (about 10 MB of temporaries)


class Texture:
    """A picture kept as straight-alpha bytes, made premultiplied float only a band of rows at a time.

    An image layer or a layer's shapes: a picture as large as the map's, where the premultiplied float
    copy (16 bytes a pixel) and its temporaries made one 4898x4898 image layer cost 1.1 GB. ``pixels``
    (shared with every other use of the same file) are picked by ``rows`` and ``cols`` (the image
    rolled and repeated as Tiled's brush lays it), colour-keyed and tinted, and each surface is made band
    by band with the very arithmetic of :func:`premultiplied_surface`, so the result is the same to the bit.
    """

    def __init__(self, pixels: Array, rows: Array, cols: Array, trans: str | None = None,
                 tint: Colour | None = None) -> None:
        self.pixels = pixels
        self.rows = rows
        self.cols = cols
        self.trans = trans
        self.tint = tint
        self.shape = (len(rows), len(cols), 4)

    @staticmethod
    def whole(pixels: Array) -> Texture:
        h, w = pixels.shape[:2]
        return Texture(pixels, np.arange(h), np.arange(w))

    def premultiplied(self, opacity: float) -> pygame.Surface:
        """The premultiplied surface at a layer opacity (blit with BLEND_PREMULTIPLIED)."""
        h, w = self.shape[:2]
        surf = pygame.Surface((max(w, 1), max(h, 1)), pygame.SRCALPHA)  # the canvas's format (fast blits)
        if not (w and h):
            return surf
        rgb, alpha = pygame.surfarray.pixels3d(surf), pygame.surfarray.pixels_alpha(surf)
        step = max(1, _BAND_PIXELS // w)
        scale = np.float32(255 * opacity)
        for y in range(0, h, step):
            block = self.pixels[self.rows[y : y + step]][:, self.cols]
            img = tinted(premultiplied(colour_keyed(block, self.trans)), self.tint)
            data = np.clip(np.rint(img * scale), 0, 255).astype(np.uint8)
            rgb[:, y : y + step] = data[..., :3].transpose(1, 0, 2)
            alpha[:, y : y + step] = data[..., 3].T
        del rgb, alpha  # release the surface lock
        return surf
