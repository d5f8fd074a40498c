"""Screen-space drawing helpers shared by the overlays (translucent hexes, rings, paths)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.render.pg import pygame

from ..context import BattleContext, Cell

Point = tuple[float, float]


def bounds(points: Sequence[Point], pad: int = 4) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    return pygame.Rect(x0, y0, math.ceil(max(xs)) - x0 + pad + 1, math.ceil(max(ys)) - y0 + pad + 1)


def hexes(screen: pygame.Surface, ctx: BattleContext, cells: Sequence[Cell], fill: tuple[int, int, int, int] | None,
          edge: tuple[int, int, int, int] | None = None, width: int = 2) -> None:
    """Translucent hexes in one layer blit (alpha is per layer, so overlapping calls stack predictably)."""
    polys = [ctx.hex_polygon(c) for c in cells]
    if not polys:
        return
    box = bounds([p for poly in polys for p in poly])
    box = box.clip(screen.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    for poly in polys:
        local = [(x - box.x, y - box.y) for x, y in poly]
        if fill:
            pygame.draw.polygon(layer, fill, local)
        if edge:
            pygame.draw.polygon(layer, edge, local, width)
    screen.blit(layer, box.topleft)


def ring(screen: pygame.Surface, centre: Point, radius: float, colour: tuple[int, ...], width: int = 3) -> None:
    pygame.draw.circle(screen, (10, 10, 14), (round(centre[0]), round(centre[1])), round(radius) + 1, width + 2)
    pygame.draw.circle(screen, colour, (round(centre[0]), round(centre[1])), round(radius), width)


def path(screen: pygame.Surface, points: Sequence[Point], colour: tuple[int, int, int], width: int = 4) -> None:
    """A path as a dark-edged line with a dot per step and an open ring at the end."""
    pts = [(round(x), round(y)) for x, y in points]
    if len(pts) >= 2:
        pygame.draw.lines(screen, (12, 12, 16), False, pts, width + 4)
        pygame.draw.lines(screen, colour, False, pts, width)
    for p in pts[1:-1]:
        pygame.draw.circle(screen, (12, 12, 16), p, width + 2)
        pygame.draw.circle(screen, colour, p, width)
    if pts:
        ring(screen, pts[-1], width * 3, colour, 3)


def arrow(screen: pygame.Surface, a: Point, b: Point, colour: tuple[int, int, int], width: int = 4) -> None:
    """A line from a to b with a head at b (push directions, attack lines)."""
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = 4 * width
    base = (b[0] - math.cos(ang) * head, b[1] - math.sin(ang) * head)
    left = (base[0] + math.sin(ang) * head * 0.6, base[1] - math.cos(ang) * head * 0.6)
    right = (base[0] - math.sin(ang) * head * 0.6, base[1] + math.cos(ang) * head * 0.6)
    pygame.draw.line(screen, (12, 12, 16), a, base, width + 4)
    pygame.draw.line(screen, colour, a, base, width)
    pygame.draw.polygon(screen, (12, 12, 16), [b, left, right])
    pygame.draw.polygon(screen, colour, [b, left, right], 0)
