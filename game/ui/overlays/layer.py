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

A progressive layer (``MapLayer(progressive=True)``) takes a painter that may
be a generator (it yields now and then): when only the state changed (same
zoom, same view), the new picture is painted a few milliseconds per frame
behind the scenes while the previous one stays up, then swapped in. The frame
that sees the change only starts it (other overlays rebuild in that frame).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable, Iterator

from game.render.pg import pygame

from ..context import BattleContext, Cell

Point = tuple[float, float]
# (surface, at, k); a progressive layer's painter may return an iterator that paints a little per step
Painter = Callable[[pygame.Surface, Callable[[float, float], Point], float], Iterator[None] | None]
Build = Callable[[], tuple[Iterable[Cell], Painter]]  # what to show: asked only when the state or zoom changed
LayerBase = tuple[Hashable, Hashable, int]  # (the caller's key, the state it shows, zoom step)
MAX_PIXELS = 12_000_000  # above this a layer is cut to the view (48 MB of RGBA)
BUDGET_S = 0.003  # painting time per frame for a progressive layer (at least one step)
VIEW_STEP = 150  # a layer cut to the view is repainted when the view enters another cell of this many pixels
VIEW_MARGIN = 200  # ... painted this far beyond the view on every side (more than VIEW_STEP: no gaps)


class MapLayer:
    def __init__(self, supersample: int = 2, progressive: bool = False) -> None:
        self.progressive = progressive
        self.budget_s = BUDGET_S
        self._pending: tuple[Hashable, pygame.Surface, Iterator[None] | None, tuple[int, int], int] | None = None
        # The base and the view's 100-pixel cell when cut to the view (None: the whole layer).
        self.key: tuple[LayerBase, tuple[int, int] | None] | None = None
        self.surface: pygame.Surface | None = None
        self.origin: Point = (0.0, 0.0)  # top-left of the layer in zoomed map pixels
        self.builds = 0  # how many times the layer was redrawn (tests check the cache holds)
        self.work = 0  # how many times a draw did more than blit (built, painted or painted on): callers share frames
        self.ss = supersample
        self._base: LayerBase | None = None
        self._box = pygame.Rect(0, 0, 0, 0)
        self._paint_fn: Painter | None = None
        self._spare: pygame.Surface | None = None  # a progressive layer's last picture, reused for the next

    def stale(self, ctx: BattleContext, key: Hashable, version: Hashable | None = None) -> bool:
        """Whether :meth:`draw` with these would ask its ``build`` again (the key, state or zoom changed)."""
        return (key, ctx.version if version is None else version, ctx.zoom_index) != self._base

    @property
    def repainting(self) -> bool:
        """Whether a new picture is being painted behind the one on show (a progressive layer)."""
        return self._pending is not None

    def draw(self, screen: pygame.Surface, ctx: BattleContext, key: Hashable, build: Build,
             version: Hashable | None = None, hold: bool = False) -> None:
        """Blit the layer for ``key``; ``build`` (the engine queries) runs only when key, state or zoom change.

        ``version``: the encounter version the layer shows, when not the current one (a result still being
        worked out over several frames shows the last one finished). ``hold``: paint nothing behind the scenes
        this frame (the old picture stays up): the caller spent the frame's time on other work."""
        hold = hold or ctx.again  # a frame drawn twice does its share of painting once
        z = ctx.zoom
        base: LayerBase = (key, ctx.version if version is None else version, ctx.zoom_index)
        if base != self._base:
            self.work += 1
            cells, self._paint_fn = build()
            cells = list(cells)
            self._box = _cells_box(ctx, cells, z) if cells else pygame.Rect(0, 0, 0, 0)
            self._base = base  # (self.key still names the picture on show: a progressive layer repaints behind it)
        if self._box.width <= 0 or self._paint_fn is None:
            return
        paint = self._paint_fn
        box = self._box
        view = None
        if box.width * box.height > MAX_PIXELS:  # cut to the visible map, padded; redrawn as the view moves
            ox, oy = ctx.to_screen(0, 0)
            vr = ctx.view_rect if ctx.view_rect.width else screen.get_rect()
            visible = pygame.Rect(round(vr.x - ox), round(vr.y - oy), vr.width, vr.height)
            view = (visible.x // VIEW_STEP, visible.y // VIEW_STEP)
            # Painted with a margin wider than the step, so the picture always covers the view.
            box = box.clip(pygame.Rect(view[0] * VIEW_STEP, view[1] * VIEW_STEP, vr.width, vr.height)
                           .inflate(2 * VIEW_MARGIN, 2 * VIEW_MARGIN))
        full_key = (base, view)
        if full_key != self.key or self.surface is None:
            # A layer cut to the view is redrawn as the view moves: no supersampling there (2x2 the pixels and
            # a smoothscale made each redraw a 30+ ms frame on a 64x64 map).
            small = view is None and box.width * box.height < MAX_PIXELS // 4
            ss = self.ss if small else 1
            old = self.key
            # Same layer at the same zoom, only the state or the view cell changed: paint behind the scenes, a
            # few ms a frame, the old picture staying up where it was. That holds for a layer cut to the view
            # too (a 64x64 map's counts): repainting it whole in the frame after every action, and again each
            # time the camera glided into a new view cell, were the slowest frames of a battle.
            only_state = (self.progressive and self.surface is not None and old is not None
                          and old[0][0] == key and old[0][2] == ctx.zoom_index)
            self.work += 1
            if not only_state:
                self._pending = None
                self.surface = self._paint(box, z, paint, ss=ss)
                self.origin = (box.x, box.y)
                self.key = full_key
                self.builds += 1
            elif self._pending is None or self._pending[0] != full_key:
                if self._pending is not None and self._pending[4] == 1:  # a repaint overtaken: reuse its surface
                    self._spare = self._pending[1].get_parent() or self._pending[1]
                self._pending = (full_key, *self._start(box, z, paint, ss, self._take_spare(box, ss)),
                                 (box.x, box.y), ss)  # paint later
            elif not hold and self._advance():
                _, big, _, origin, ss = self._pending
                if ss == 1 and self.surface is not None:
                    # The next repaint reuses its pixels (no fresh 7 MB per action): the whole surface, when the
                    # picture was a part of a bigger spare.
                    self._spare = self.surface.get_parent() or self.surface
                self.surface = big if ss == 1 else pygame.transform.smoothscale(big, box.size)
                self.origin, self.key, self._pending = origin, full_key, None
                self.builds += 1
        if self.surface is None:
            return
        ox, oy = ctx.to_screen(0, 0)
        clip = screen.get_clip()
        screen.set_clip(ctx.view_rect if ctx.view_rect.width else None)
        screen.blit(self.surface, (round(ox + self.origin[0]), round(oy + self.origin[1])))
        screen.set_clip(clip)

    def _take_spare(self, box: pygame.Rect, ss: int) -> pygame.Surface | None:
        """The previous picture's surface, cleared, when it is at least the size a new one needs (its top-left
        part then). The counts' box changes size with the zones after most actions: asking for the exact size
        allocated a fresh 8 MB surface after three actions in four, 5 ms of page faults in one frame, the
        slowest frames left in bench_frames."""
        spare, self._spare = self._spare, None
        w, h = max(1, box.width) * ss, max(1, box.height) * ss
        if spare is None:
            return None
        if spare.get_width() < w or spare.get_height() < h:
            # Too small one way: a new one as big as both, so the two surfaces that take turns soon fit every box.
            spare = pygame.Surface((max(w, spare.get_width()), max(h, spare.get_height())), pygame.SRCALPHA)
        picture = spare if spare.get_size() == (w, h) else spare.subsurface((0, 0, w, h))
        picture.fill((0, 0, 0, 0))
        return picture

    @staticmethod
    def _start(box: pygame.Rect, z: float, paint: Painter, ss: int,
               blank: pygame.Surface | None = None) -> tuple[pygame.Surface, Iterator[None] | None]:
        """A blank layer (``blank`` when given, already cleared) and the painter's steps (None: it painted all
        at once)."""
        big = blank or pygame.Surface((max(1, box.width) * ss, max(1, box.height) * ss), pygame.SRCALPHA)
        k = z * ss

        def at(mx: float, my: float) -> Point:
            return (mx * z - box.x) * ss, (my * z - box.y) * ss

        return big, paint(big, at, k)

    def _advance(self) -> bool:
        """Paint the pending layer for about ``budget_s`` (at least one step); True once it is finished."""
        assert self._pending is not None
        steps = self._pending[2]
        if steps is None:
            return True
        start = time.perf_counter()
        # Each step paints a little; stop (False) once the budget is spent, True when the steps run out.
        return all(time.perf_counter() - start < self.budget_s for _ in steps)

    @staticmethod
    def _paint(box: pygame.Rect, z: float, paint: Painter, ss: int) -> pygame.Surface | None:
        if box.width <= 0 or box.height <= 0:
            return None
        big, steps = MapLayer._start(box, z, paint, ss)
        for _ in steps or ():
            pass
        return big if ss == 1 else pygame.transform.smoothscale(big, box.size)


def _cells_box(ctx: BattleContext, cells: list[Cell], z: float) -> pygame.Rect:
    """The zoomed-pixel box around the cells: their centres' bounds padded by half a tile. On a staggered grid a
    centre's x grows with its column and its y with its row (the stagger shifts by less than a step), so only
    the cells on the extreme columns and rows can bound it: a whole 64x64 map's counts are 4,096 cells, asked
    for every time the state changes."""
    geo = ctx.geometry
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    edge_c, edge_r = (min(cols), max(cols)), (min(rows), max(rows))
    xs: list[float] = []
    ys: list[float] = []
    for c in cells:
        if c[0] in edge_c or c[1] in edge_r:
            x, y = geo.cell_center(c)
            xs.append(x)
            ys.append(y)
    corners = geo.cell_corners(cells[0])
    cx, cy = geo.cell_center(cells[0])
    hw = max(abs(x - cx) for x, _ in corners)
    hh = max(abs(y - cy) for _, y in corners)
    x0, y0 = math.floor((min(xs) - hw) * z) - 4, math.floor((min(ys) - hh) * z) - 4
    return pygame.Rect(x0, y0, math.ceil((max(xs) + hw) * z) - x0 + 5, math.ceil((max(ys) + hh) * z) - y0 + 5)
