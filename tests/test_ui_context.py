"""BattleContext: the screen <-> hex transform widgets rely on, through the camera and the map area's offset."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.maps import load_scenario  # noqa: E402
from game.maps.pixels import TiledPixels  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.context import BattleContext  # noqa: E402

DEFAULT = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"


def make_ctx(offset: tuple[int, int]) -> BattleContext:
    sc = load_scenario(DEFAULT)
    layout = sc.board.layout
    match = SimpleNamespace(encounter=SimpleNamespace(board=sc.board, layout=layout))
    pixels = TiledPixels(layout)
    cam = Camera(800, 600, *pixels.pixel_size)
    cam.zoom_index = 2  # 0.65: a zoom other than 1 so scaling errors show
    cam.jump(300, 200)
    return BattleContext(match=match, geometry=pixels, camera=cam, view_rect=pygame.Rect(*offset, 800, 600))


def test_cell_under_a_hex_centre_on_screen_is_that_hex() -> None:
    ctx = make_ctx((40, 30))
    for cell in [(3, 2), (4, 3), (5, 4), (6, 2)]:
        sx, sy = ctx.cell_to_screen(cell)
        assert ctx.cell_at((round(sx), round(sy))) == cell


def test_points_outside_the_map_area_are_no_cell() -> None:
    ctx = make_ctx((40, 30))
    assert ctx.cell_at((10, 10)) is None  # left of and above the map area (it starts at 40, 30)


def test_hex_polygon_surrounds_its_centre() -> None:
    ctx = make_ctx((0, 0))
    poly = ctx.hex_polygon((4, 3))
    cx, cy = ctx.cell_to_screen((4, 3))
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    assert min(xs) < cx < max(xs) and min(ys) < cy < max(ys)
    # The default map's hexes are 64 px wide; at 65 % zoom the outline is about 42 px across.
    assert 38 < max(xs) - min(xs) < 46
