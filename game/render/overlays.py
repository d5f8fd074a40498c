"""Reach and threat overlays, drawn twice too large and smooth-scaled for clean edges.

- Reach: where a unit can end its move. Hexes are shaded light (cheap) to
  deep (expensive) blue with the cost in a small badge; hexes where zone of
  control stops the mover (R9-R11) are amber with an octagonal "stop" badge;
  the whole region gets a white outline.
- Threat: hexes some hostile weapon band covers (R8), tinted and hatched red,
  with faint per-hex outlines and a strong outline around the region.

The painters (:func:`shade_reach`, :func:`outline_region`, :func:`cost_badge`, :func:`shrink`) draw
through ``at``, map pixels -> surface pixels: ``playmat render`` scales a whole picture, the window
(game.ui.overlays.paint) paints a layer the size of what it shows. One look for both.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from game.maps.pixels import TiledPixels
from game.rules import Cell, HexLayout

from .geometry import region_edges
from .pg import pygame
from .style import font, lerp_colour

SS = 2
ReachEntry = tuple[Cell, int, bool]  # (cell, cost, stops)
Point = tuple[float, float]
At = Callable[[float, float], Point]  # map pixel -> pixel on the surface painted


class HexPixels(Protocol):
    """Tiled's pixel geometry of a map (game.maps.pixels.TiledPixels)."""

    def cell_center(self, cell: Cell) -> Point: ...
    def cell_corners(self, cell: Cell) -> list[Point]: ...


def _canvas(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)


def _poly(layout: HexLayout, cell: Cell, k: float) -> list[Point]:
    return [(x * k, y * k) for x, y in TiledPixels(layout).cell_corners(cell)]


def _scaled(k: float) -> At:
    return lambda x, y: (x * k, y * k)


def shrink(points: list[Point], centre: Point, by: float) -> list[Point]:
    """``points`` moved ``by`` pixels toward ``centre`` (away from it when negative)."""
    cx, cy = centre
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        f = max(0.0, (d - by) / d)
        out.append((cx + (x - cx) * f, cy + (y - cy) * f))
    return out


def outline_region(surf: pygame.Surface, layout: HexLayout, cells: set[Cell], at: At, colour: tuple[int, ...],
                   width: int) -> None:
    """The outer edge of a region of hexes, ``width`` pixels wide."""
    for a, b in region_edges(layout, cells):
        pa, pb = at(*a), at(*b)
        pygame.draw.line(surf, colour, pa, pb, width)
        # Round joints so thick outlines meet cleanly at hex corners.
        pygame.draw.circle(surf, colour, pa, width / 2)
        pygame.draw.circle(surf, colour, pb, width / 2)


def shade_reach(surf: pygame.Surface, pixels: HexPixels, entries: Sequence[ReachEntry], at: At, k: float) -> None:
    """Each reachable hex light (cheap) to deep (expensive) blue; ZoC stops amber with an inner ring (R9)."""
    most = max((cost for _, cost, _ in entries), default=1) or 1
    for cell, cost, stops in entries:
        pts = [at(x, y) for x, y in pixels.cell_corners(cell)]
        if stops:
            pygame.draw.polygon(surf, (255, 176, 40, 110), pts)
            ring = shrink(pts, at(*pixels.cell_center(cell)), 3.5 * k)
            pygame.draw.lines(surf, (255, 168, 24, 230), True, ring, max(2, int(2.2 * k)))
        else:
            t = (cost - 1) / max(1, most - 1)
            pygame.draw.polygon(surf, lerp_colour((200, 240, 255, 92), (60, 130, 230, 64), t), pts)


def _finish(target: pygame.Surface, big: pygame.Surface) -> None:
    target.blit(pygame.transform.smoothscale(big, target.get_size()), (0, 0))


def draw_threat(target: pygame.Surface, layout: HexLayout, mask: np.ndarray, scale: float = 1.0) -> None:
    """Tint, hatch and outline every hex where ``mask[row, col]`` is true."""
    cells = {(int(c), int(r)) for r, c in zip(*np.nonzero(mask), strict=True)}
    if not cells:
        return
    k = scale * SS
    big = _canvas(target.get_size())
    shape = _canvas(target.get_size())
    for cell in cells:
        pygame.draw.polygon(shape, (255, 255, 255, 255), _poly(layout, cell, k))
    tint = shape.copy()
    tint.fill((240, 16, 16, 50), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(tint, (0, 0))
    hatch = _canvas(target.get_size())
    w, h = hatch.get_size()
    step = max(6, int(10 * k))
    for x0 in range(-h, w, step):
        pygame.draw.line(hatch, (255, 40, 30, 215), (x0, h), (x0 + h, 0), max(1, int(1.6 * k)))
    hatch.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(hatch, (0, 0))
    pix = TiledPixels(layout)
    for cell in cells:
        cx, cy = pix.cell_center(cell)
        pts = shrink(_poly(layout, cell, k), (cx * k, cy * k), 1.5 * k)
        pygame.draw.lines(big, (236, 70, 60, 120), True, pts, max(1, int(1.2 * k)))
    outline_region(big, layout, cells, _scaled(k), (150, 14, 14, 235), max(2, int(2.6 * k)))
    _finish(target, big)


def draw_reach(target: pygame.Surface, layout: HexLayout, entries: Sequence[ReachEntry], scale: float = 1.0,
               *, badges: bool = True) -> None:
    """Shade each reachable hex by cost, mark ZoC stops, outline the region; with ``badges``, the cost badges.

    Drawing tokens in between, pass ``badges=False`` and call :func:`draw_reach_badges` after the
    tokens: a large creature's token covers hexes its centre can move to (R26), and every
    reachable centre must stay visible.
    """
    if not entries:
        return
    k = scale * SS
    big = _canvas(target.get_size())
    shade_reach(big, TiledPixels(layout), entries, _scaled(k), k)
    outline_region(big, layout, {c for c, _, _ in entries}, _scaled(k), (255, 255, 255, 235), max(2, int(2.2 * k)))
    if badges:
        _draw_badges(big, layout, entries, k)
    _finish(target, big)


def draw_reach_badges(target: pygame.Surface, layout: HexLayout, entries: Sequence[ReachEntry],
                      scale: float = 1.0) -> None:
    """The cost (or ZoC stop) badge on every reachable centre, for drawing above the tokens."""
    if not entries:
        return
    big = _canvas(target.get_size())
    _draw_badges(big, layout, entries, scale * SS)
    _finish(target, big)


def _draw_badges(big: pygame.Surface, layout: HexLayout, entries: Sequence[ReachEntry], k: float) -> None:
    pix = TiledPixels(layout)
    inr = _inradius(layout) * k
    for cell, cost, stops in entries:
        cx, cy = pix.cell_center(cell)
        cost_badge(big, (cx * k, cy * k), inr, cost, stops)


def _inradius(layout: HexLayout) -> float:
    pix = TiledPixels(layout)
    (ax, ay), (bx, by) = pix.cell_center((1, 1)), pix.cell_center(layout.neighbor((1, 1), 0))
    return math.hypot(bx - ax, by - ay) / 2


def cost_badge(big: pygame.Surface, centre: Point, inr: float, cost: int, stops: bool) -> None:
    """The move's cost in a dark disc, or in a red octagon where zone of control stops it; ``inr``: the hex's
    inradius on ``big``."""
    r = inr * 0.28
    cx, cy = centre
    if stops:
        octagon = [(cx + r * 1.08 * math.cos(math.radians(22.5 + 45 * i)),
                    cy + r * 1.08 * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]
        pygame.draw.polygon(big, (120, 20, 10, 235), shrink(octagon, centre, -2))
        pygame.draw.polygon(big, (226, 60, 30, 245), octagon)
    else:
        pygame.draw.circle(big, (10, 26, 52, 140), centre, r)
    f = font(max(8, int(r * 1.35)), bold=True)
    text = f.render(str(cost), True, (255, 255, 255))
    big.blit(text, text.get_rect(center=(round(cx), round(cy + r * 0.08))))
