"""Painters for MapLayer: reach shading, attack zones, enemy-reach counts (the renderer's colours).

They mirror game.render.overlays' look (light-to-deep blue by cost, amber ZoC
stops with a red octagon, a white outline; red tint and outline for zones)
but draw through a transform onto a layer the size of what they show.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.render.geometry import region_edges
from game.render.pg import pygame
from game.render.style import font, lerp_colour

from ..context import BattleContext, Cell

At = Callable[[float, float], tuple[float, float]]
ReachEntry = tuple[Cell, int, bool]


def _shrink(points: list[tuple[float, float]], centre: tuple[float, float], by: float) -> list[tuple[float, float]]:
    cx, cy = centre
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        f = max(0.0, (d - by) / d)
        out.append((cx + (x - cx) * f, cy + (y - cy) * f))
    return out


def outline(surf: pygame.Surface, ctx: BattleContext, cells: set[Cell], at: At, colour: tuple[int, ...],
            width: int) -> None:
    for a, b in region_edges(ctx.encounter.layout, cells):
        pa, pb = at(*a), at(*b)
        pygame.draw.line(surf, colour, pa, pb, width)
        pygame.draw.circle(surf, colour, pa, width / 2)  # round joints where thick sides meet
        pygame.draw.circle(surf, colour, pb, width / 2)


def reach(surf: pygame.Surface, ctx: BattleContext, entries: Sequence[ReachEntry], at: At, k: float) -> None:
    geo = ctx.geometry
    most = max((cost for _, cost, _ in entries), default=1) or 1
    inr = ctx.hex_radius() / max(ctx.zoom, 1e-9) * k
    for cell, cost, stops in entries:
        pts = [at(x, y) for x, y in geo.cell_corners(cell)]
        if stops:
            pygame.draw.polygon(surf, (255, 176, 40, 110), pts)
            c = at(*geo.cell_center(cell))
            pygame.draw.lines(surf, (255, 168, 24, 230), True, _shrink(pts, c, 3.5 * k), max(2, int(2.2 * k)))
        else:
            t = (cost - 1) / max(1, most - 1)
            pygame.draw.polygon(surf, lerp_colour((200, 240, 255, 92), (60, 130, 230, 64), t), pts)
    outline(surf, ctx, {c for c, _, _ in entries}, at, (255, 255, 255, 235), max(2, int(2.2 * k)))
    for cell, cost, stops in entries:
        _badge(surf, at(*geo.cell_center(cell)), inr, cost, stops)


def _badge(surf: pygame.Surface, centre: tuple[float, float], inr: float, cost: int, stops: bool) -> None:
    r = inr * 0.28
    cx, cy = centre
    if stops:
        octagon = [(cx + r * 1.08 * math.cos(math.radians(22.5 + 45 * i)),
                    cy + r * 1.08 * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]
        pygame.draw.polygon(surf, (226, 60, 30, 245), octagon)
    else:
        pygame.draw.circle(surf, (10, 26, 52, 140), centre, r)
    text = font(max(8, int(r * 1.35)), bold=True).render(str(cost), True, (255, 255, 255))
    surf.blit(text, text.get_rect(center=(round(cx), round(cy + r * 0.08))))


def zone(surf: pygame.Surface, ctx: BattleContext, cells: set[Cell], at: At, k: float) -> None:
    """Hexes an enemy could attack next turn: a red tint, faint per-hex edges, a strong outline."""
    geo = ctx.geometry
    for cell in cells:
        pts = [at(x, y) for x, y in geo.cell_corners(cell)]
        pygame.draw.polygon(surf, (240, 40, 30, 62), pts)
        pygame.draw.polygon(surf, (236, 70, 60, 90), _shrink(pts, at(*geo.cell_center(cell)), 1.5 * k),
                            max(1, int(1.2 * k)))
    outline(surf, ctx, cells, at, (150, 14, 14, 235), max(2, int(2.6 * k)))


def counts(surf: pygame.Surface, ctx: BattleContext, values: dict[Cell, int], at: At, k: float,
           colour: Callable[[int, int], tuple[int, int, int, int]]) -> None:
    """A translucent hex per counted cell, deeper with more enemies, and the count in a dark disc."""
    most = max(values.values(), default=0)
    if most <= 0:
        return
    geo = ctx.geometry
    r_badge = max(7, round(ctx.hex_radius() / max(ctx.zoom, 1e-9) * k * 0.36))
    f = font(max(12, round(r_badge * 1.5)), True)
    digits: dict[int, pygame.Surface] = {}
    w, h = surf.get_size()
    pad = 4 * r_badge
    for cell, n in values.items():
        cx, cy = at(*geo.cell_center(cell))
        if not (-pad < cx < w + pad and -pad < cy < h + pad):
            continue  # outside this layer (cut to the view on big maps): nothing to paint
        poly = [at(x, y) for x, y in geo.cell_corners(cell)]
        pygame.draw.polygon(surf, colour(n, most), poly)
        pygame.draw.polygon(surf, (120, 20, 16, 160), poly, 1)
        c = at(*geo.cell_center(cell))
        c = (round(c[0]), round(c[1]))
        pygame.draw.circle(surf, (28, 8, 8, 230), c, r_badge)
        text = digits.get(n)
        if text is None:
            text = digits[n] = f.render(str(n), True, (255, 236, 220))
        surf.blit(text, text.get_rect(center=(c[0], c[1] + 1)))
