"""An overlay drawn once per state, zoom (and, on big maps, view) and blitted each frame.

Reach shading, attack zones and enemy-reach counts change only when the
encounter, the selection or the zoom does; drawing them per frame would cost
far more than one blit. The layer covers only the bounding box of the cells
it shows (a reach is a few hexes across whatever the map's size); when that
box would be huge (a wide zone on a big map at high zoom) it is cut to the
visible part of the map and redrawn when the view moves, so memory stays
bounded on any map.

Painters get a small surface and ``at(mx, my)``: map pixel -> layer pixel,
already scaled by the zoom and the supersampling factor ``k``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable

from game.render.pg import pygame

from ..context import BattleContext, Cell

Point = tuple[float, float]
Painter = Callable[[pygame.Surface, Callable[[float, float], Point], float], None]  # (surface, at, k)
Build = Callable[[], tuple[Iterable[Cell], Painter]]  # what to show: asked only when the state or zoom changed
MAX_PIXELS = 12_000_000  # above this a layer is cut to the view (48 MB of RGBA)


class MapLayer:
    def __init__(self, supersample: int = 2) -> None:
        self.key: Hashable = None
        self.surface: pygame.Surface | None = None
        self.origin: Point = (0.0, 0.0)  # top-left of the layer in zoomed map pixels
        self.builds = 0  # how many times the layer was redrawn (tests check the cache holds)
        self.ss = supersample
        self._base: Hashable = None
        self._box = pygame.Rect(0, 0, 0, 0)
        self._paint_fn: Painter | None = None

    def draw(self, screen: pygame.Surface, ctx: BattleContext, key: Hashable, build: Build) -> None:
        """Blit the layer for ``key``; ``build`` (the engine queries) runs only when key, state or zoom change."""
        z = ctx.zoom
        base = (key, ctx.version, ctx.zoom_index)
        if base != self._base:
            cells, self._paint_fn = build()
            cells = list(cells)
            self._box = _cells_box(ctx, cells, z) if cells else pygame.Rect(0, 0, 0, 0)
            self._base = base
            self.key = None
        if self._box.width <= 0 or self._paint_fn is None:
            return
        paint = self._paint_fn
        box = self._box
        view = None
        if box.width * box.height > MAX_PIXELS:  # cut to the visible map, padded; redrawn as the view moves
            ox, oy = ctx.to_screen(0, 0)
            vr = ctx.view_rect if ctx.view_rect.width else screen.get_rect()
            visible = pygame.Rect(round(vr.x - ox), round(vr.y - oy), vr.width, vr.height).inflate(200, 200)
            box = box.clip(visible)
            view = (visible.x // 100, visible.y // 100)
        full_key = (base, view)
        if full_key != self.key or self.surface is None:
            # A layer cut to the view is redrawn as the view moves: no supersampling there (2x2 the pixels and
            # a smoothscale made each redraw a 30+ ms frame on a 64x64 map).
            small = view is None and box.width * box.height < MAX_PIXELS // 4
            self.surface = self._paint(box, z, paint, ss=self.ss if small else 1)
            self.origin = (box.x, box.y)
            self.key = full_key
            self.builds += 1
        if self.surface is None:
            return
        ox, oy = ctx.to_screen(0, 0)
        clip = screen.get_clip()
        screen.set_clip(ctx.view_rect if ctx.view_rect.width else None)
        screen.blit(self.surface, (round(ox + self.origin[0]), round(oy + self.origin[1])))
        screen.set_clip(clip)

    @staticmethod
    def _paint(box: pygame.Rect, z: float, paint: Painter, ss: int) -> pygame.Surface | None:
        if box.width <= 0 or box.height <= 0:
            return None
        big = pygame.Surface((box.width * ss, box.height * ss), pygame.SRCALPHA)
        k = z * ss

        def at(mx: float, my: float) -> Point:
            return (mx * z - box.x) * ss, (my * z - box.y) * ss

        paint(big, at, k)
        return big if ss == 1 else pygame.transform.smoothscale(big, box.size)


def _cells_box(ctx: BattleContext, cells: list[Cell], z: float) -> pygame.Rect:
    """The zoomed-pixel box around the cells: their centres' bounds padded by half a tile (one centre per
    cell instead of six corners: a whole 64x64 map's counts are 4,096 cells, every time the state changes)."""
    geo = ctx.geometry
    xs: list[float] = []
    ys: list[float] = []
    for c in cells:
        x, y = geo.cell_center(c)
        xs.append(x)
        ys.append(y)
    corners = geo.cell_corners(cells[0])
    cx, cy = geo.cell_center(cells[0])
    hw = max(abs(x - cx) for x, _ in corners)
    hh = max(abs(y - cy) for _, y in corners)
    x0, y0 = math.floor((min(xs) - hw) * z) - 4, math.floor((min(ys) - hh) * z) - 4
    return pygame.Rect(x0, y0, math.ceil((max(xs) + hw) * z) - x0 + 5, math.ceil((max(ys) + hh) * z) - y0 + 5)
