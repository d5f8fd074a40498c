"""Painters for MapLayer: reach shading, attack zones, enemy-reach counts.

The reach is game.render.overlays' own painters (one look for ``playmat render`` and the window:
light-to-deep blue by cost, amber ZoC stops with a red octagon, a white outline), drawn through a
transform onto a layer the size of what it shows; zones and counts are the window's alone.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Sequence

from game.render.overlays import At, ReachEntry, cost_badge, outline_region, shade_reach, shrink
from game.render.pg import pygame
from game.render.style import font

from .. import theme as th
from ..context import BattleContext, Cell
from ..marks import blocked_cross


def outline(surf: pygame.Surface, ctx: BattleContext, cells: set[Cell], at: At, colour: tuple[int, ...],
            width: int) -> None:
    outline_region(surf, ctx.encounter.layout, cells, at, colour, width)


def reach(surf: pygame.Surface, ctx: BattleContext, entries: Sequence[ReachEntry], at: At, k: float) -> None:
    inr = ctx.hex_radius() / max(ctx.zoom, 1e-9) * k
    shade_reach(surf, ctx.geometry, entries, at, k)
    outline(surf, ctx, {c for c, _, _ in entries}, at, (255, 255, 255, 235), max(2, int(2.2 * k)))
    for cell, cost, stops in entries:
        cost_badge(surf, at(*ctx.geometry.cell_center(cell)), inr, cost, stops)


def zone(surf: pygame.Surface, ctx: BattleContext, cells: set[Cell], at: At, k: float) -> None:
    """Hexes an enemy could attack next turn: a red tint, faint per-hex edges, a strong outline."""
    geo = ctx.geometry
    for cell in cells:
        pts = [at(x, y) for x, y in geo.cell_corners(cell)]
        pygame.draw.polygon(surf, (240, 40, 30, 62), pts)
        pygame.draw.polygon(surf, (236, 70, 60, 90), shrink(pts, at(*geo.cell_center(cell)), 1.5 * k),
                            max(1, int(1.2 * k)))
    outline(surf, ctx, cells, at, (150, 14, 14, 235), max(2, int(2.6 * k)))


CHUNK = 48  # hexes painted between two looks at the clock (counts_steps)


def counts(surf: pygame.Surface, ctx: BattleContext, values: dict[Cell, int], at: At, k: float,
           colour: Callable[[int, int], tuple[int, int, int, int]]) -> None:
    """A translucent hex per counted cell, deeper with more enemies, and the count in a dark disc."""
    for _ in counts_steps(surf, ctx, values, at, k, colour):
        pass


BADGE = 0.47  # a count badge's radius, in hex inradii
DIGITS = (255, 236, 220)  # a count's digits


def badge_radius(inr: float) -> int:
    """A count badge's radius (px) for hexes of inradius ``inr`` (px, on the surface it is drawn on)."""
    return max(8, round(inr * BADGE))


@functools.lru_cache(maxsize=64)  # the few counts a hover's lines cross, every frame
def count_text(n: int, r_badge: int) -> pygame.Surface:
    """The count ``n`` as its badge of radius ``r_badge`` writes it, centred 1 px below the badge's centre."""
    return font(max(14, round(r_badge * 1.85)), True).render(str(n), True, DIGITS)


def counts_steps(surf: pygame.Surface, ctx: BattleContext, values: dict[Cell, int], at: At, k: float,
                 colour: Callable[[int, int], tuple[int, int, int, int]]) -> Iterator[None]:
    """:func:`counts`, pausing (``yield``) every ``CHUNK`` hexes so a layer can be painted over several frames.

    Every hex of a map has the same shape, so each count's tint and badge are drawn once and stamped
    on each cell (a blit instead of two polygons, a circle and a text per hex: the layer is repainted
    after every action, over hundreds of hexes on a big map). Tints are stamped with per-channel max,
    so where two hexes share an edge neither clears the other; the outline and the badge go on top.
    """
    most = max(values.values(), default=0)
    if most <= 0:
        return
    geo = ctx.geometry
    # At 100 % the digits stand 12 px tall on screen (issue 20: readable at a glance), pygame's default font
    # at 24 bold; the badge is just wide enough for two digits.
    r_badge = badge_radius(ctx.hex_radius() / max(ctx.zoom, 1e-9) * k)
    first = next(iter(values))
    fx, fy = at(*geo.cell_center(first))
    rel = [(x - fx, y - fy) for x, y in (at(*p) for p in geo.cell_corners(first))]
    hw = math.ceil(max(abs(x) for x, _ in rel)) + 2
    hh = math.ceil(max(abs(y) for _, y in rel)) + 2
    tints: dict[int, pygame.Surface] = {}
    badges: dict[int, pygame.Surface] = {}
    w, h = surf.get_size()
    pad = 4 * r_badge
    placed: list[tuple[int, int, int]] = []
    for cell, n in values.items():
        cx, cy = at(*geo.cell_center(cell))
        if not (-pad < cx < w + pad and -pad < cy < h + pad):
            continue  # outside this layer (cut to the view on big maps): nothing to paint
        x, y = round(cx), round(cy)
        tint = tints.get(n)
        if tint is None:
            tint = tints[n] = pygame.Surface((2 * hw, 2 * hh), pygame.SRCALPHA)
            pygame.draw.polygon(tint, colour(n, most), [(hw + dx, hh + dy) for dx, dy in rel])
        surf.blit(tint, (x - hw, y - hh), special_flags=pygame.BLEND_RGBA_MAX)
        placed.append((x, y, n))
        if len(placed) % CHUNK == 0:
            yield
    for i, (x, y, n) in enumerate(placed, 1):
        pygame.draw.polygon(surf, (120, 20, 16, 160), [(x + dx, y + dy) for dx, dy in rel], 1)
        badge = badges.get(n)
        if badge is None:
            badge = badges[n] = pygame.Surface((2 * r_badge + 2, 2 * r_badge + 2), pygame.SRCALPHA)
            c = (r_badge + 1, r_badge + 1)
            pygame.draw.circle(badge, (28, 8, 8, 230), c, r_badge)
            text = count_text(n, r_badge)
            badge.blit(text, text.get_rect(center=(c[0], c[1] + 1)))
        surf.blit(badge, (x - r_badge - 1, y - r_badge - 1))
        if i % CHUNK == 0:
            yield


def terrain_marks(surf: pygame.Surface, ctx: BattleContext, cover: Sequence[Cell], blocks: Sequence[Cell], at: At,
                  k: float) -> None:
    """A faint inner hex on each hex whose tile gives cover (amber) or blocks sight (red, with a cross): where a
    shot can be planned around before any target is hovered (R30, R31). The cross tells the two apart by shape
    for a player who reads amber and red alike."""
    geo = ctx.geometry
    inr = ctx.hex_radius() / max(ctx.zoom, 1e-9) * k
    width = max(2, int(2 * k))
    for cells, colour, crossed in ((cover, th.COVER_MARK, False), (blocks, th.SIGHT_MARK, True)):
        for cell in cells:
            pts = [at(x, y) for x, y in geo.cell_corners(cell)]
            centre = at(*geo.cell_center(cell))
            pygame.draw.polygon(surf, colour, shrink(pts, centre, inr * 0.22), width)
            if crossed:
                blocked_cross(surf, centre, inr * 0.42, colour, width)
