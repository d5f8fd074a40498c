"""V's lines from the pointed-at hex to the enemies that can reach it pass under the count numbers.

Found on the Black Gull at 960x600 with V, pointing at the open deck below the Corsair Captain: the thin red
lines ran across the "7"s and "6"s of the hexes between, and a struck-through 7 reads as a 1 or a 4. As the name
tag's leader line passes under an arc label (game.ui.leader), a line is cut out under each digit it crosses,
with a pixel round it, and still shows on the badge's dark disc around the digit: the line stays whole to the
eye, the number reads whole.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from game.render.pg import pygame

from ..context import BattleContext, Cell
from .paint import badge_radius, count_text

Point = tuple[float, float]
Segment = tuple[Point, Point]
Art = tuple[pygame.Surface, pygame.Rect]  # what a line passes under: the digits as drawn, and where on screen

HALO = ((-1, 0), (1, 0), (0, -1), (0, 1), (0, 0))  # a digit's cut, a pixel wider each way


def _dist(p: Point, seg: Segment) -> float:
    """How far ``p`` lies from ``seg``."""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - x0 - t * dx, p[1] - y0 - t * dy)


def digits_along(ctx: BattleContext, segments: Sequence[Segment], counts: np.ndarray) -> list[Art]:
    """The digits of the count badges (``counts``: ``[row, col]``, as shown; 0: no badge) that ``segments``
    cross, each as drawn (game.ui.overlays.paint.counts_steps) and where it stands on screen."""
    inr = ctx.hex_radius()
    r = badge_radius(inr)
    step = max(2.0, r / 2)  # finer than a badge: no badge a line crosses lies between two samples' hexes
    rows, cols = counts.shape
    seen: set[Cell] = set()
    out: list[Art] = []
    for seg in segments:
        (x0, y0), (x1, y1) = seg
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        for i in range(n + 1):
            cell = ctx.cell_at((round(x0 + (x1 - x0) * i / n), round(y0 + (y1 - y0) * i / n)))
            if cell is None or cell in seen:
                continue
            seen.add(cell)
            col, row = cell
            if not (0 <= row < rows and 0 <= col < cols) or counts[row, col] <= 0:
                continue
            cx, cy = ctx.cell_to_screen(cell)
            if any(_dist((cx, cy), s) <= r + 1 for s in segments):
                text = count_text(int(counts[row, col]), r)
                out.append((text, text.get_rect(center=(round(cx), round(cy) + 1))))
    return out


def draw_under(screen: pygame.Surface, pieces: Sequence[Segment], colour: tuple[int, int, int],
               over: Sequence[Art]) -> None:
    """``pieces`` drawn 1 px wide in ``colour``, left out under the opaque pixels of ``over`` and a pixel round
    them."""
    if not pieces:
        return
    xs = [p[0] for a, b in pieces for p in (a, b)]
    ys = [p[1] for a, b in pieces for p in (a, b)]
    box = pygame.Rect(math.floor(min(xs)) - 2, math.floor(min(ys)) - 2, math.ceil(max(xs) - min(xs)) + 5,
                      math.ceil(max(ys) - min(ys)) + 5)
    hits = [(art, rect) for art, rect in over if rect.inflate(2, 2).colliderect(box)]
    if not hits:
        for a, b in pieces:
            pygame.draw.line(screen, (*colour, 255), a, b, 1)
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    for a, b in pieces:
        pygame.draw.line(layer, (*colour, 255), (a[0] - box.x, a[1] - box.y), (b[0] - box.x, b[1] - box.y), 1)
    for art, rect in hits:
        cut = pygame.mask.from_surface(art).to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
        for dx, dy in HALO:
            layer.blit(cut, rect.move(dx - box.x, dy - box.y), special_flags=pygame.BLEND_RGBA_SUB)
    screen.blit(layer, box.topleft)
