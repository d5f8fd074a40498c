"""Animated tiles in the window: Tiled's <animation> frames, driven by the fixed-step clock.

The objects goldens (tools/tiled_features.py) hold an animated tile in cells (2, 1) and (5, 3), the
second one hex-rotated 60 degrees, and as a tile object (stretched, centre-aligned, in a tinted, offset
layer); it runs through its tileset's tiles 5, 6, 7 for 200, 150 and 300 ms. The reference for "the
second frame" is Tiled's own picture of the same map with tile 6 put in those cells and that object
(``objects_*_frame2.png``, tools/make_goldens.py): what Tiled shows 200 ms into the animation.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.render.surfaces import surface_to_array  # noqa: E402
from game.render.tilemap import load_map_art  # noqa: E402
from game.ui.camera import ZOOMS  # noqa: E402
from game.ui.maplayer import BACKGROUND, MapLayer  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden" / "tiled"
LAYOUTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
DT = 1 / 60  # the window's fixed step


def on_background(png: Path) -> np.ndarray:
    """Tiled's transparent picture laid over the window's background (straight-alpha source over)."""
    rgba = surface_to_array(pygame.image.load(str(png))).astype(np.float64)
    a = rgba[..., 3:4] / 255
    return rgba[..., :3] * a + np.array(BACKGROUND, np.float64) * (1 - a)


def window_picture(layer: MapLayer, zoom_index: int) -> np.ndarray:
    """What MapLayer.draw puts on a screen exactly the size of its picture at that zoom step.

    No time budget: a loaded test machine must not leave a cell for the next frame.
    """
    layer.animator.budget_ms = None
    z = ZOOMS[zoom_index]
    screen = pygame.Surface(layer.surface(zoom_index).get_size())
    layer.draw(screen, screen.get_rect(), (layer.art.origin[0] * z, layer.art.origin[1] * z), zoom_index)
    return surface_to_array(screen)[..., :3].astype(np.float64)


def off(mine: np.ndarray, gold: np.ndarray) -> np.ndarray:
    return np.abs(mine - gold).max(axis=2) > 8


@pytest.mark.parametrize(("axis", "index"), LAYOUTS)
def test_animated_tile_shows_its_second_frame_once_the_first_frames_time_is_over(axis: str, index: str) -> None:
    layer = MapLayer(load_map_art(GOLDEN / f"objects_{axis}_{index}.tmx"))
    one = ZOOMS.index(1.0)
    first = window_picture(layer, one)
    assert off(first, on_background(GOLDEN / f"objects_{axis}_{index}.png")).mean() <= 0.005
    for _ in range(11):  # 183 ms: still the first frame (200 ms)
        layer.tick(DT)
    assert np.array_equal(window_picture(layer, one), first)
    for _ in range(2):  # 217 ms: the second frame
        layer.tick(DT)
    second = window_picture(layer, one)
    gold = on_background(GOLDEN / f"objects_{axis}_{index}_frame2.png")
    assert off(second, gold).mean() <= 0.005
    # Where the animated cells are, the picture changed, and it is Tiled's second frame there.
    changed = off(second, first)
    assert changed.sum() > 1500  # two hex cells and a tile object's worth of new pixels
    ys, xs = np.nonzero(changed)
    box = (slice(ys.min(), ys.max() + 1), slice(xs.min(), xs.max() + 1))
    assert off(second[box], gold[box]).mean() <= 0.005
    # The cached picture was patched, not rebuilt: one build, the three animated tiles repainted once.
    assert layer.builds == 1
    assert layer.animator.repaints == 3


@pytest.mark.parametrize("zoom", [0.35, 0.5, 0.65, 1.25, 2.0])
def test_zoomed_picture_is_patched_like_a_fresh_picture_of_the_second_frame(zoom: float) -> None:
    # The patch is scaled on its own; it must match the whole picture of the second frame scaled at
    # once. Shrinking steps sample on the same pixel grid: equal within rounding. Enlarging steps
    # (pygame's bilinear filter maps (w - 1) / (W - 1), which no patch reproduces) may shift the
    # changing pixels by a fraction of a pixel, but nothing outside the animated cells may change:
    # no seam around them.
    step = ZOOMS.index(zoom)
    layer = MapLayer(load_map_art(GOLDEN / "objects_y_odd.tmx"))
    window_picture(layer, step)
    for _ in range(13):
        layer.tick(DT)
    patched = window_picture(layer, step)
    fresh = window_picture(MapLayer(load_map_art(GOLDEN / "objects_y_odd_frame2.tmx")), step)
    assert patched.shape == fresh.shape
    if zoom < 1:
        assert np.abs(patched - fresh).max() <= 4
        return
    inside = np.zeros(patched.shape[:2], bool)
    reach = math.ceil(zoom)  # the bilinear filter spreads a source pixel over this many screen pixels
    for x, y, w, h in layer.animator.regions:
        top, left = max(0, math.floor(y * zoom) - reach), max(0, math.floor(x * zoom) - reach)
        inside[top : math.ceil((y + h) * zoom) + reach, left : math.ceil((x + w) * zoom) + reach] = True
    assert not off(patched, fresh)[~inside].any()
    assert np.abs(patched - fresh)[inside].mean() <= 4


def test_cells_out_of_view_wait_until_they_come_into_view() -> None:
    layer = MapLayer(load_map_art(GOLDEN / "objects_y_odd.tmx"))
    one = ZOOMS.index(1.0)
    screen = pygame.Surface((40, 40))
    layer.draw(screen, screen.get_rect(), (0.0, 0.0), one)  # the top-left corner: no animated cell in view
    for _ in range(13):
        layer.tick(DT)
    layer.draw(screen, screen.get_rect(), (0.0, 0.0), one)
    assert layer.animator.repaints == 0
    assert layer.shown[one].tolist() == [0, 0, 0]  # still the first frame: repainted when they come into view
    window_picture(layer, one)
    assert layer.animator.repaints == 3


def test_a_frame_out_of_time_leaves_the_other_cells_for_the_next_frames() -> None:
    # A map animating most of its cells must not stall a frame: once the frame's budget is spent the
    # remaining cells follow in the next frames (at least one cell per frame).
    layer = MapLayer(load_map_art(GOLDEN / "objects_y_odd.tmx"))
    one = ZOOMS.index(1.0)
    screen = pygame.Surface(layer.surface(one).get_size())
    origin = (float(layer.art.origin[0]), float(layer.art.origin[1]))
    layer.draw(screen, screen.get_rect(), origin, one)
    layer.animator.budget_ms = 0.0
    for _ in range(13):
        layer.tick(DT)
    layer.draw(screen, screen.get_rect(), origin, one)
    assert layer.shown[one].tolist() == [1, 0, 0]
    layer.draw(screen, screen.get_rect(), origin, one)
    assert layer.shown[one].tolist() == [1, 1, 0]


def _held_pixels(layer: MapLayer) -> int:
    """Pixels of every distinct picture the layer keeps (its base and its zoom steps)."""
    surfaces = {id(s): s for s in [layer.base, *layer.cache.values()]}
    return sum(s.get_width() * s.get_height() for s in surfaces.values())


def test_a_still_map_is_held_once_at_full_size_an_animated_one_keeps_its_base_as_drawn() -> None:
    """At the 64 M pixel picture limit `play` held about 758 MB: the picture at 100 % was kept twice (the
    base every zoom step scales from, and the step's own copy). A map without animated tiles now keeps one;
    one with them keeps a copy, so the frames painted on the step's picture never reach what the others
    scale from (a fresh zoom step shows every animation's first frame, as ``initial`` says)."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    one = ZOOMS.index(1.0)
    still = MapLayer(load_map_art(Path(__file__).resolve().parents[1] / "maps" / "default.tmx"))
    assert not still.animator.cells
    w, h = still.art.size
    still.surface(one)
    assert _held_pixels(still) == w * h
    moving = MapLayer(load_map_art(GOLDEN / "objects_y_odd.tmx"))
    before = surface_to_array(moving.base).copy()
    first = window_picture(moving, one)
    for _ in range(30):  # half a second: past the first frame's 200 ms
        moving.tick(DT)
        later = window_picture(moving, one)
    assert off(later, first).any()  # the step's picture shows another frame now...
    assert np.array_equal(surface_to_array(moving.base), before)  # ...and the base is as drawn
    assert _held_pixels(moving) == 2 * moving.art.size[0] * moving.art.size[1]
