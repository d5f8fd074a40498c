"""The terrain as `playmat render` draws it, pre-rendered once per zoom step and cached.

A frame blits one viewport-sized region of the cached surface: no frame
redraws the map from tiles. Only a few zoom steps are kept (a 64x64 map at
200 % is ~170 MB), the least recently used is dropped first.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from game.maps.pixels import TiledPixels
from game.render.map_art import MapArt
from game.render.pg import pygame

from .animtiles import TileAnimator
from .camera import ZOOMS

BACKGROUND = (28, 30, 36)
KEEP = 3  # zoom steps kept in memory


class MapLayer:
    def __init__(self, art: MapArt) -> None:
        self.reload(art)

    def reload(self, art: MapArt) -> None:
        """New art (the TMX changed on disk: designer edits during setup), empty cache."""
        self.art = art
        self.pixels = TiledPixels(art.layout)
        base = art.surface(BACKGROUND)  # painted on the background: no division by alpha
        # Opaque, in the display's format: every zoom step's picture scales from it with a plain copy per frame.
        self.base = base.convert() if pygame.display.get_surface() is not None else base
        del base  # the canvas it came from goes now, not at the end of the call (a 64 M pixel map: 256 MB)
        self.cache: OrderedDict[int, pygame.Surface] = OrderedDict()
        self.builds = 0  # how many zoom steps were rendered (tests: once per step, not per frame)
        self.animator = TileAnimator(art, BACKGROUND)  # Tiled's animated tiles: only their cells repainted
        self.shown: dict[int, np.ndarray] = {}  # per cached zoom step, the frame each animated cell shows

    def surface(self, zoom_index: int) -> pygame.Surface:
        if zoom_index in self.cache:
            self.cache.move_to_end(zoom_index)
            return self.cache[zoom_index]
        z = ZOOMS[zoom_index]
        w, h = self.art.size  # grown past the grid where layer offsets reach out (as Tiled draws it)
        if z != 1.0:
            flat = pygame.transform.smoothscale(self.base, (round(w * z), round(h * z)))
        elif self.animator.cells:
            flat = self.base.copy()  # animated tiles are painted on the step's picture: the base stays as drawn
        else:
            flat = self.base  # nothing paints on it: one copy of the full-size picture, not two
        self.cache[zoom_index] = flat
        self.shown[zoom_index] = self.animator.initial()
        self.builds += 1
        while len(self.cache) > KEEP:
            self.shown.pop(self.cache.popitem(last=False)[0], None)
        return flat

    def tick(self, dt: float) -> None:
        """One fixed update: animated tiles' clock (presentation only)."""
        self.animator.tick(dt)

    def draw(self, screen: pygame.Surface, view: pygame.Rect, origin: tuple[float, float], zoom_index: int) -> None:
        """Blit the part of the map that falls in ``view``; ``origin`` is the map's (0, 0) on screen."""
        surf = self.surface(zoom_index)
        # The picture's top-left lies up/left of the map's (0, 0) by art.origin (offset layers).
        z = ZOOMS[zoom_index]
        ox, oy = round(origin[0] - self.art.origin[0] * z), round(origin[1] - self.art.origin[1] * z)
        if not pygame.Rect(ox, oy, *surf.get_size()).contains(view):
            screen.fill(BACKGROUND, view)  # the map does not cover the whole view: clear the margins
        # Source rectangle = the view in map-surface pixels, clipped by blit itself.
        area = pygame.Rect(view.x - ox, view.y - oy, view.w, view.h)
        w, h = self.art.size
        self.animator.refresh(surf, self.shown[zoom_index], (surf.get_width() / w, surf.get_height() / h), area)
        screen.blit(surf, view.topleft, area)
