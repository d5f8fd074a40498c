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

from .camera import PAN_SPEED, Camera

EDGE_PX = 6  # screen-edge panning band, inside the map area
INNER = 0.22  # a point this far (fraction of the view) inside every edge is "in view"


class Director:
    def __init__(self, camera: Camera) -> None:
        self.camera = camera
        self.glide: tuple[float, float] | None = None

    def look_at(self, point: tuple[float, float], jump: bool = False) -> None:
        """Glide (or jump) so ``point`` is in view; a point already well inside the view does not move it."""
        cam = self.camera
        if jump:
            cam.jump(*point)
            self.glide = None
            return
        sx, sy = cam.map_to_screen(*point)
        inner_x, inner_y = cam.view_w * INNER, cam.view_h * INNER
        if inner_x < sx < cam.view_w - inner_x and inner_y < sy < cam.view_h - inner_y:
            return
        dx = min(0.0, sx - inner_x) + max(0.0, sx - (cam.view_w - inner_x))
        dy = min(0.0, sy - inner_y) + max(0.0, sy - (cam.view_h - inner_y))
        x0, x1, y0, y1 = cam.centre_range()
        target = (min(max(cam.cx + dx / cam.zoom, x0), x1), min(max(cam.cy + dy / cam.zoom, y0), y1))
        if abs(target[0] - cam.cx) + abs(target[1] - cam.cy) >= 1.0:
            self.glide = target

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
