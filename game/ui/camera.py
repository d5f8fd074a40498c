"""The map camera: the map point at the viewport centre and a zoom step.

The previous and current centre are kept so drawing can interpolate between
updates (alpha from the fixed timestep); direct manipulation (drag, zoom)
moves both, so it never lags the cursor.

The camera's bounds are the drawn picture: ``map_w`` x ``map_h`` with its
top-left at map pixel (``left``, ``top``). Tiled grows the picture past the
grid where layer offsets reach out (up or left: negative ``left``/``top``);
the camera frames and clamps on that picture, not on the bare grid.
"""

from __future__ import annotations

from dataclasses import dataclass

ZOOMS = (0.35, 0.5, 0.65, 0.8, 1.0, 1.25, 1.5, 2.0)
PAN_SPEED = 720.0  # screen pixels per second for held keys
SLACK = 0.25  # how much of the view the picture may leave empty on one side...
SLACK_PX = 276  # ...or, in a narrow window, as many screen px as the widest side panel (the card, 260) and its
# margins take, so a token at the map's edge can still be brought out from under it (found at 800x560)
MOST = 0.4  # ...but never more than this much of the view: never a view half empty
TOP_PX = 40  # ...but above the picture only this: no panel stands along the view's top edge (the top bar is outside
# the view), so no token there needs bringing out from under one; enough for the arcs' labels and a name tag over
# the top row. A quarter of the view left a black band 75-115 px tall over the ambush at 1200x760 (and 112 px over
# giants_lair's opening at 1280x720, its bottom rows cut off) whenever the camera framed or followed a token


@dataclass
class Camera:
    view_w: int
    view_h: int
    map_w: int
    map_h: int
    cx: float = 0.0
    cy: float = 0.0
    zoom_index: int = 4
    prev_cx: float = 0.0
    prev_cy: float = 0.0
    left: float = 0.0  # the picture's top-left in map pixels (MapArt: minus its origin)
    top: float = 0.0

    @classmethod
    def for_picture(cls, view_w: int, view_h: int, size: tuple[int, int], origin: tuple[int, int]) -> Camera:
        """A camera over a map picture of ``size`` whose map pixel (0, 0) lies at ``origin`` in it (MapArt)."""
        return cls(view_w, view_h, size[0], size[1], left=-float(origin[0]), top=-float(origin[1]))

    def set_picture(self, size: tuple[int, int], origin: tuple[int, int]) -> None:
        """The map changed on disk (reloaded during setup): new bounds, the centre kept inside them."""
        self.map_w, self.map_h = size
        self.left, self.top = -float(origin[0]), -float(origin[1])
        self.jump(self.cx, self.cy)

    @property
    def zoom(self) -> float:
        return ZOOMS[self.zoom_index]

    def centre(self, alpha: float = 1.0) -> tuple[float, float]:
        """Interpolated centre: ``alpha`` 0 = previous update, 1 = latest."""
        return (self.prev_cx + (self.cx - self.prev_cx) * alpha, self.prev_cy + (self.cy - self.prev_cy) * alpha)

    def screen_to_map(self, sx: float, sy: float, alpha: float = 1.0) -> tuple[float, float]:
        cx, cy = self.centre(alpha)
        return cx + (sx - self.view_w / 2) / self.zoom, cy + (sy - self.view_h / 2) / self.zoom

    def map_to_screen(self, mx: float, my: float, alpha: float = 1.0) -> tuple[float, float]:
        cx, cy = self.centre(alpha)
        return (mx - cx) * self.zoom + self.view_w / 2, (my - cy) * self.zoom + self.view_h / 2

    def centre_range(self, zoom_index: int | None = None) -> tuple[float, float, float, float]:
        """(x0, x1, y0, y1): where the centre may go at a zoom step. The picture may leave the view by at most
        ``SLACK`` of it left, right and below (across: or ``SLACK_PX``, the larger, but never 40 %): enough to
        bring a token out from under a side panel, the action bar or the combat log, never a view half empty.
        Above it leaves at most ``TOP_PX``: no panel stands along the view's top, so the map's top edge stays
        at the view's (as Wesnoth's stops at its border) but for room for a top-row token's labels. A picture
        smaller than the view stays inside it but for those margins, and may always sit centred."""
        z = ZOOMS[self.zoom_index if zoom_index is None else zoom_index]

        def span(start: float, size: float, view: int, before_px: float, after_px: float) -> tuple[float, float]:
            lo = start + (view / 2 - before_px) / z  # the picture's near edge at before_px into the view
            hi = start + size - (view / 2 - after_px) / z  # its far edge at after_px short of the view's far edge
            if lo <= hi:
                return lo, hi
            middle = start + size / 2
            return min(hi, middle), max(lo, middle)

        def slack(view: int, least_px: float) -> float:
            return min(max(view * SLACK, least_px), view * MOST)

        # The side panels stand left and right: only across may the slack grow to a panel's width.
        across, down = slack(self.view_w, SLACK_PX), slack(self.view_h, 0.0)
        return (*span(self.left, self.map_w, self.view_w, across, across),
                *span(self.top, self.map_h, self.view_h, min(TOP_PX, down), down))

    def _clamp(self) -> None:
        x0, x1, y0, y1 = self.centre_range()
        self.cx = min(max(self.cx, x0), x1)
        self.cy = min(max(self.cy, y0), y1)

    def jump(self, cx: float, cy: float) -> None:
        self.cx, self.cy = cx, cy
        self._clamp()
        self.prev_cx, self.prev_cy = self.cx, self.cy

    def drag(self, dx_screen: float, dy_screen: float) -> None:
        """Move the map with the cursor: the map point under it follows it."""
        self.jump(self.cx - dx_screen / self.zoom, self.cy - dy_screen / self.zoom)

    def step(self, vx_screen: float, vy_screen: float, dt: float) -> None:
        """One fixed update of key panning at a screen-space velocity."""
        self.prev_cx, self.prev_cy = self.cx, self.cy
        self.cx += vx_screen * dt / self.zoom
        self.cy += vy_screen * dt / self.zoom
        self._clamp()

    def zoom_to(self, index: int, sx: float, sy: float) -> bool:
        """Change zoom step keeping the map point under screen point (sx, sy) fixed."""
        index = min(max(index, 0), len(ZOOMS) - 1)
        if index == self.zoom_index:
            return False
        mx, my = self.screen_to_map(sx, sy)
        self.zoom_index = index
        self.jump(mx - (sx - self.view_w / 2) / self.zoom, my - (sy - self.view_h / 2) / self.zoom)
        return True

    def fit_index(self) -> int:
        """The largest zoom step showing the whole picture (the smallest step when none does)."""
        best = 0
        for i, z in enumerate(ZOOMS):
            if self.map_w * z <= self.view_w and self.map_h * z <= self.view_h:
                best = i
        return best

    def picture_centre(self) -> tuple[float, float]:
        return self.left + self.map_w / 2, self.top + self.map_h / 2

    def fit(self) -> None:
        """The largest zoom step showing the whole picture, centred."""
        self.zoom_index = self.fit_index()
        self.jump(*self.picture_centre())
