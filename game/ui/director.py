"""Where the battle's camera looks: glide to whoever acts, keep a walking token in view, edge and key panning.

Wesnoth #8355: during AI turns a camera that glides instead of jumping. A point
already well inside the view does not move the camera at all; one outside
moves it only as far as brings the point inside (not to the centre), and never
past the camera's bounds: centring on a token walking near the map's edge slid
a map that nearly fits the window off by a quarter of the view (half the
fortress hidden under the action bar, the rest an empty band). Screen-edge
panning only counts the pointer over the map area (never over the top bar or
the status line, whose bottom row a resting pointer sits on) and only after
the pointer really moved in this window.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.render.pg import pygame

from .camera import PAN_SPEED, Camera

EDGE_PX = 6  # screen-edge panning band, inside the map area
INNER = 0.22  # a point this far (fraction of the view) inside every edge is "in view"
GRID = 64  # candidate centres per axis when a token must be brought out from under a panel


class Director:
    def __init__(self, camera: Camera) -> None:
        self.camera = camera
        self.glide: tuple[float, float] | None = None

    def look_at(self, point: tuple[float, float], jump: bool = False, radius: float = 0.0,
                covers: Sequence[pygame.Rect] = (), still: bool = False) -> None:
        """Glide (or jump) so ``point`` is in view; a point already well inside the view does not move it.

        ``radius`` (map px) and ``covers`` (panel rects in view coordinates): a token whose disc lies under a
        panel is not in view either (on giants_lair Grundvald acted under the tracker); the camera then moves
        to the nearest centre that brings it out, when one within the camera's bounds does.

        ``still``: a player's own action is playing, so the map holds still while the disc is wholly in the
        view and under no panel, however near the edge (the player clicks where things are: on ship_boarding
        the board scrolled between the two clicks of move-then-attack and the second missed the target);
        only a disc that would leave the view or go under a panel moves it, as far as any other would."""
        cam = self.camera
        if jump:
            cam.jump(*point)
            self.glide = None
            return
        sx, sy = cam.map_to_screen(*point)
        r = radius * cam.zoom
        if still:
            shown = r <= sx <= cam.view_w - r and r <= sy <= cam.view_h - r
            if shown and not _under(sx, sy, r, covers):
                return
        inner_x, inner_y = cam.view_w * INNER, cam.view_h * INNER
        inside = inner_x < sx < cam.view_w - inner_x and inner_y < sy < cam.view_h - inner_y
        if inside and not _under(sx, sy, r, covers):
            return
        dx = min(0.0, sx - inner_x) + max(0.0, sx - (cam.view_w - inner_x))
        dy = min(0.0, sy - inner_y) + max(0.0, sy - (cam.view_h - inner_y))
        x0, x1, y0, y1 = cam.centre_range()
        target = (min(max(cam.cx + dx / cam.zoom, x0), x1), min(max(cam.cy + dy / cam.zoom, y0), y1))
        if covers:
            target = self._clear_of(point, radius, covers, target)
        if abs(target[0] - cam.cx) + abs(target[1] - cam.cy) >= 1.0:
            self.glide = target

    def _clear_of(self, point: tuple[float, float], radius: float, covers: Sequence[pygame.Rect],
                  target: tuple[float, float]) -> tuple[float, float]:
        """The centre nearest the camera's own from which ``point``'s disc is inside the inner view and under no
        panel; ``target`` (the inner view alone) when no centre within the bounds manages that."""
        cam = self.camera
        z = cam.zoom
        sx0, sy0 = cam.map_to_screen(*point)
        x0, x1, y0, y1 = cam.centre_range()
        gx, gy = (a.ravel() for a in np.meshgrid(np.linspace(x0, x1, GRID), np.linspace(y0, y1, GRID)))
        sx = sx0 + (cam.cx - gx) * z  # the point's screen position with the camera at each candidate centre
        sy = sy0 + (cam.cy - gy) * z
        r = radius * z
        inner_x, inner_y = cam.view_w * INNER, cam.view_h * INNER
        ok = (inner_x < sx) & (sx < cam.view_w - inner_x) & (inner_y < sy) & (sy < cam.view_h - inner_y)
        for c in covers:
            ok &= ~((sx - r < c.right) & (sx + r > c.left) & (sy - r < c.bottom) & (sy + r > c.top))
        if not ok.any():
            return target
        dist = np.where(ok, np.hypot(gx - cam.cx, gy - cam.cy), np.inf)
        i = int(np.argmin(dist))
        return float(gx[i]), float(gy[i])

    def edge_vector(self, mouse: tuple[int, int], view: tuple[int, int, int, int]) -> tuple[int, int]:
        """Pan direction from a pointer resting in the band along the map area's edges (x, y, w, h)."""
        x, y, w, h = view
        mx, my = mouse
        if not (x <= mx < x + w and y <= my < y + h):
            return 0, 0  # over the top bar or the status line: those are not the map's edge
        return ((mx < x + EDGE_PX) * -1 + (mx >= x + w - EDGE_PX) * 1,
                (my < y + EDGE_PX) * -1 + (my >= y + h - EDGE_PX) * 1)

    def step(self, vx: int, vy: int, dt: float) -> None:
        """One fixed update: pan by (vx, vy) (keys, edges; cancels a glide), else glide on."""
        cam = self.camera
        if vx or vy:
            self.glide = None
        cam.step(vx * PAN_SPEED, vy * PAN_SPEED, dt)
        if self.glide is not None:
            gx, gy = self.glide
            k = min(1.0, dt * 5.0)
            cam.cx += (gx - cam.cx) * k
            cam.cy += (gy - cam.cy) * k
            if abs(gx - cam.cx) + abs(gy - cam.cy) < 1.0:
                self.glide = None


def _under(sx: float, sy: float, r: float, covers: Sequence[pygame.Rect]) -> bool:
    """Whether a disc of screen radius ``r`` at (sx, sy) touches any of ``covers``."""
    return any(sx - r < c.right and sx + r > c.left and sy - r < c.bottom and sy + r > c.top for c in covers)
