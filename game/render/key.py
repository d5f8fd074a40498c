"""The key under a rendered overlay: what its shading and marks mean, in a strip below the map.

``playmat render --overlay`` pictures are read away from the window and its legend, so the picture
carries its own key. Each swatch is drawn by the overlay's own painters on a hex or two of the map's
own shape and tile size, so the key looks exactly like the map's shading; the strip lies below the
map and covers none of it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.maps.pixels import TiledPixels
from game.rules import HexLayout

from .overlays import draw_reach, draw_threat
from .pg import pygame
from .style import font

PAPER = (250, 250, 248, 255)
INK = (30, 30, 34)
SOFT = (70, 70, 76)
GROUND = (150, 156, 140, 255)
KINDS = ("reach", "stop", "threat")


def key_font_size(scale: float) -> int:
    """The key's text size: 20 at scale 1, growing with a zoomed picture (up to 3x) so it stays readable."""
    return max(16, round(20 * min(max(scale, 1.0), 3.0)))


def swatch(layout: HexLayout, kind: str, hex_px: int) -> pygame.Surface:
    """A small picture of one overlay mark, ``hex_px`` wide per hex: ``reach`` a cheap and a dear hex with
    their cost badges, ``stop`` a zone-of-control stop, ``threat`` a threatened hex."""
    cols = 2 if kind == "reach" else 1
    mini = HexLayout(layout.stagger_axis, "odd", layout.tile_width, layout.tile_height, layout.side_length,
                     cols, 1)
    k = hex_px / max(1, layout.tile_width)
    w, h = TiledPixels(mini).pixel_size
    surf = pygame.Surface((max(1, round(w * k)), max(1, round(h * k))), pygame.SRCALPHA)
    pix = TiledPixels(mini)
    for col in range(cols):  # a plain mid-tone ground under the translucent shading, as the map's tiles are
        pygame.draw.polygon(surf, GROUND, [(x * k, y * k) for x, y in pix.cell_corners((col, 0))])
    if kind == "threat":
        draw_threat(surf, mini, np.ones((1, 1), dtype=bool), k)
    elif kind == "stop":
        draw_reach(surf, mini, [((0, 0), 3, True)], k)
    else:
        draw_reach(surf, mini, [((0, 0), 1, False), ((1, 0), 6, False)], k)
    return surf


def _wrapped(text: str, size: int, bold: bool, width: int, colour: tuple[int, int, int]) -> list[pygame.Surface]:
    """``text`` in lines no wider than ``width`` (a word longer than that stands alone on its line)."""
    f = font(size, bold)
    lines: list[str] = []
    for word in text.split():
        if lines and f.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [f.render(line, True, colour) for line in lines or [""]]


def with_key(picture: pygame.Surface, layout: HexLayout, title: str, items: Sequence[tuple[str, str]],
             scale: float = 1.0) -> pygame.Surface:
    """``picture`` with a strip below it: ``title``, then one row per ``(kind, meaning)`` of ``items`` (kind one
    of ``KINDS``), its swatch on the left. The map's pixels are untouched; only the height grows."""
    size = key_font_size(scale)
    pad = size // 2
    width = picture.get_width()
    hex_px = max(40, round(size * 2.6))
    blocks: list[tuple[pygame.Surface | None, list[pygame.Surface]]] = [
        (None, _wrapped(title, size, True, width - 2 * pad, INK))]
    for kind, meaning in items:
        sw = swatch(layout, kind, hex_px)
        room = max(size * 4, width - 3 * pad - sw.get_width())
        blocks.append((sw, _wrapped(meaning, size, False, room, SOFT)))
    heights = [max(sw.get_height() if sw else 0, sum(t.get_height() for t in text)) for sw, text in blocks]
    strip = sum(heights) + pad * (len(blocks) + 1)
    out = pygame.Surface((width, picture.get_height() + strip), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    out.blit(picture, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # onto nothing: an exact copy, alpha kept
    y = picture.get_height()
    out.fill(PAPER, (0, y, width, strip))
    pygame.draw.line(out, (200, 200, 200), (0, y), (width, y), 1)
    y += pad
    for (mark, text), h in zip(blocks, heights, strict=True):
        x = pad
        if mark is not None:
            out.blit(mark, (x, y + (h - mark.get_height()) // 2))
            x += mark.get_width() + pad
        ty = y + (h - sum(t.get_height() for t in text)) // 2
        for t in text:
            out.blit(t, (x, ty))
            ty += t.get_height()
        y += h + pad
    return out
