"""MapViewScene: the pre-rendered map in a pannable, zoomable viewport with hover info."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.maps.pixels import TiledPixels
from game.render.compose import decorate
from game.render.map_art import MapArt
from game.render.overlays import ReachEntry
from game.render.pg import pygame
from game.render.style import font
from game.render.tokens import TokenView
from game.rules import Cell, Scenario

from .camera import PAN_SPEED, ZOOMS, Camera
from .help import HelpScene
from .scene import QUIT, Scene, Transition, push

BACKGROUND = (28, 30, 36)
STATUS_H = 30
PAN_KEYS = {
    pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0),
    pygame.K_RIGHT: (1, 0), pygame.K_d: (1, 0),
    pygame.K_UP: (0, -1), pygame.K_w: (0, -1),
    pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1),
}
ZOOM_IN_KEYS = {pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS}
ZOOM_OUT_KEYS = {pygame.K_MINUS, pygame.K_KP_MINUS}
HELP_KEYS = {pygame.K_h, pygame.K_F1}


@dataclass
class MapContent:
    """What the view shows: the tile art, the encounter (terrain, units) and optional overlays."""

    art: MapArt
    scenario: Scenario | None
    tokens: Sequence[TokenView]
    reach: Sequence[ReachEntry] | None = None
    threat: np.ndarray | None = None


class MapViewScene(Scene):
    def __init__(self, content: MapContent, view_size: tuple[int, int], zoom: float | None = None) -> None:
        self.content = content
        self.art = content.art
        self.layout = content.art.layout
        self.pixels = TiledPixels(self.layout)
        map_w, map_h = self.pixels.pixel_size
        self.camera = Camera(view_size[0], view_size[1] - STATUS_H, map_w, map_h)
        self.camera.fit()
        if zoom is not None:
            self.camera.zoom_index = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - zoom))
        self.base = self.art.surface(BACKGROUND)  # painted on the background: no division by alpha
        self.cache: dict[int, pygame.Surface] = {}
        self.keys: set[int] = set()
        self.mouse: tuple[int, int] = (view_size[0] // 2, view_size[1] // 2)
        self.dragging = False
        self.updates = 0

    # --- input ------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        """The map viewer's input: closing the window or Esc quits, the keys open the help, zoom, fit and pan,
        the mouse drags and zooms."""
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.KEYDOWN:
            return self._key_down(event.key)
        if event.type == pygame.KEYUP:
            self.keys.discard(event.key)
        else:
            self._mouse(event)
        return None

    def _key_down(self, key: int) -> Transition | None:
        """Esc quits, H the help; + and - zoom about the middle, Home fits the map; every key held is kept for
        panning (``update``)."""
        if key == pygame.K_ESCAPE:
            return QUIT
        if key in HELP_KEYS:
            self.keys.clear()  # the keys held would pan on after the help closes
            return push(HelpScene(self.art.title))
        if key in ZOOM_IN_KEYS or key in ZOOM_OUT_KEYS:
            step = 1 if key in ZOOM_IN_KEYS else -1
            self.camera.zoom_to(self.camera.zoom_index + step, self.camera.view_w / 2, self.camera.view_h / 2)
        elif key == pygame.K_HOME:
            self.camera.fit()
        self.keys.add(key)
        return None

    def _mouse(self, event: pygame.event.Event) -> None:
        """Any button held drags the map; the wheel zooms toward the pointer."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.mouse = event.pos
            self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.camera.drag(event.pos[0] - self.mouse[0], event.pos[1] - self.mouse[1])
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.camera.zoom_to(self.camera.zoom_index + (1 if event.y > 0 else -1), *self.mouse)

    def update(self, dt: float) -> Transition | None:
        vx = sum(PAN_KEYS[k][0] for k in self.keys if k in PAN_KEYS)
        vy = sum(PAN_KEYS[k][1] for k in self.keys if k in PAN_KEYS)
        self.camera.step(vx * PAN_SPEED, vy * PAN_SPEED, dt)
        self.updates += 1
        return None

    # --- queries ------------------------------------------------------------
    def cell_at(self, sx: float, sy: float) -> Cell | None:
        """The on-grid cell under a screen point (Tiled's nearest-centre pick), None off the grid."""
        mx, my = self.camera.screen_to_map(sx, sy)
        cell = self.pixels.pixel_to_cell(mx, my)
        return cell if self.layout.in_grid(cell) and self._has_tiles(cell) else None

    def _has_tiles(self, cell: Cell) -> bool:
        return self.art.cell_props[cell[1]][cell[0]] is not None

    def describe(self, cell: Cell) -> str:
        col, row = cell
        terrain = self._terrain_label(cell)
        text = f"{col},{row}   {terrain}"
        for tok in self.content.tokens:
            if cell in self.layout.disc(tok.cell, tok.radius):
                hp = f"  hp {tok.hp}/{tok.hp_max}" if tok.hp is not None and tok.hp_max else ""
                text += f"   |   {tok.name} ({tok.faction}){hp}"
        return text

    def _terrain_label(self, cell: Cell) -> str:
        """The rules' terrain kind (plus exit), prefixed by the tile's own name when it has one."""
        tile = (self.art.cell_props[cell[1]][cell[0]] or {}).get("tile")
        kind = self._terrain_kind(cell)
        return f"{str(tile).replace('_', ' ')} ({kind})" if tile else kind

    def _terrain_kind(self, cell: Cell) -> str:
        sc = self.content.scenario
        if sc is not None:
            t = sc.board.terrain_at(cell)
            label = t.label if t is not None else "off-map"
            if sc.board.is_on_map(cell) and bool(sc.board.exit[cell[1], cell[0]]):
                label += ", exit"
            return label
        props = self.art.cell_props[cell[1]][cell[0]] or {}
        return str(props.get("terrain", "normal"))

    # --- drawing ------------------------------------------------------------
    def map_surface(self) -> pygame.Surface:
        """The decorated map at the current zoom step, built once per step and cached."""
        i = self.camera.zoom_index
        if i not in self.cache:
            z = ZOOMS[i]
            w, h = self.pixels.pixel_size
            base = self.base if z == 1.0 else pygame.transform.smoothscale(self.base, (round(w * z), round(h * z)))
            c = self.content
            decorated = decorate(base, self.art, tokens=c.tokens, reach_overlay=c.reach,
                                 threat_overlay=c.threat, scale=z)
            # Flattened onto the background in the display's format, the per-frame viewport
            # blit is a plain copy (~15 ms -> well under 1 ms for a full-window RGBA blend).
            flat = pygame.Surface(decorated.get_size())
            flat.fill(BACKGROUND)
            flat.blit(decorated, (0, 0))
            self.cache[i] = flat.convert() if pygame.display.get_surface() is not None else flat
        return self.cache[i]

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        screen.fill(BACKGROUND)
        surf = self.map_surface()
        ox, oy = self.camera.map_to_screen(0, 0, alpha)
        screen.blit(surf, (round(ox), round(oy)))
        cell = None if self.dragging else self.cell_at(*self.mouse)
        if cell is not None:
            self._draw_hover(screen, cell, alpha)
        self._draw_title(screen)
        self._draw_status(screen, cell)

    def _draw_hover(self, screen: pygame.Surface, cell: Cell, alpha: float) -> None:
        pts = [self.camera.map_to_screen(x, y, alpha) for x, y in self.pixels.cell_corners(cell)]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        x0, y0 = int(min(xs)) - 2, int(min(ys)) - 2
        layer = pygame.Surface((int(max(xs)) - x0 + 4, int(max(ys)) - y0 + 4), pygame.SRCALPHA)
        local = [(x - x0, y - y0) for x, y in pts]
        pygame.draw.polygon(layer, (255, 255, 255, 46), local)
        pygame.draw.lines(layer, (255, 248, 210, 235), True, local, 2)
        screen.blit(layer, (x0, y0))

    def _draw_title(self, screen: pygame.Surface) -> None:
        f = font(22, bold=True)
        text = f.render(self.art.title, True, (240, 236, 220))
        panel = pygame.Surface((text.get_width() + 24, text.get_height() + 12), pygame.SRCALPHA)
        pygame.draw.rect(panel, (16, 18, 24, 190), panel.get_rect(), border_radius=8)
        panel.blit(text, (12, 7))
        screen.blit(panel, (10, 10))

    def _draw_status(self, screen: pygame.Surface, cell: Cell | None) -> None:
        w, h = screen.get_size()
        bar = pygame.Surface((w, STATUS_H), pygame.SRCALPHA)
        bar.fill((14, 16, 22, 228))
        pygame.draw.line(bar, (80, 84, 96, 255), (0, 0), (w, 0))
        f = font(20)
        left = self.describe(cell) if cell is not None else "point at a hex"
        bar.blit(f.render(left, True, (232, 232, 226)), (12, 8))
        right = f.render(f"zoom {round(self.camera.zoom * 100)}%    H  help    Esc  quit", True, (170, 174, 186))
        bar.blit(right, (w - right.get_width() - 12, 8))
        screen.blit(bar, (0, h - STATUS_H))
