"""A map-sized overlay surface drawn once per state and zoom, blitted each frame.

Reach shading and enemy-reach counts change only when the encounter, the
selection or the zoom does; drawing them per frame (supersampled polygons)
would cost far more than one blit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from game.render.pg import pygame

from ..context import BattleContext

Painter = Callable[[pygame.Surface, float], None]  # (map-sized surface at the zoom, zoom)


class MapLayer:
    def __init__(self) -> None:
        self.key: Hashable = None
        self.surface: pygame.Surface | None = None
        self.builds = 0  # how many times the layer was redrawn (tests check the cache holds)

    def draw(self, screen: pygame.Surface, ctx: BattleContext, key: Hashable, paint: Painter) -> None:
        full_key = (key, ctx.version, ctx.zoom_index)
        if full_key != self.key or self.surface is None:
            w, h = map_pixel_size(ctx)
            z = ctx.zoom
            self.surface = pygame.Surface((max(1, round(w * z)), max(1, round(h * z))), pygame.SRCALPHA)
            paint(self.surface, z)
            self.key = full_key
            self.builds += 1
        ox, oy = ctx.to_screen(0, 0)
        clip = screen.get_clip()
        screen.set_clip(ctx.view_rect if ctx.view_rect.width else None)
        screen.blit(self.surface, (round(ox), round(oy)))
        screen.set_clip(clip)


def map_pixel_size(ctx: BattleContext) -> tuple[int, int]:
    """The map picture's size in map pixels: the geometry's own when it has one, else its cells' bounds."""
    size = getattr(ctx.geometry, "pixel_size", None)
    if size is not None:
        return int(size[0]), int(size[1])
    lay = ctx.encounter.layout
    edge = [(c, lay.rows - 1) for c in range(lay.cols)] + [(lay.cols - 1, r) for r in range(lay.rows)]
    pts = [p for cell in edge for p in ctx.geometry.cell_corners(cell)]
    return int(max(x for x, _ in pts)) + 1, int(max(y for _, y in pts)) + 1
