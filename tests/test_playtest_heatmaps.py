"""Playtest heatmaps: colour where the count is, scaled by the count, over the map itself, with a legend."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from game.maps.pixels import TiledPixels  # noqa: E402
from game.render import FACTION_RAMPS, RAMPS, draw_heat, grey_base, heatmap_figure, load_map_art, scaled_base  # noqa: E402
from game.render.pg import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "maps" / "default.tmx"


def _rgb(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.pixels3d(surface).transpose(1, 0, 2).astype(np.int32).copy()


def _hex_mean(img: np.ndarray, pix: TiledPixels, cell: tuple[int, int]) -> np.ndarray:
    """Mean colour of points between the centre and the corners (clear of the count label)."""
    cx, cy = pix.cell_center(cell)
    pts = [(cx + 0.6 * (x - cx), cy + 0.6 * (y - cy)) for x, y in pix.cell_corners(cell)]
    return np.array([img[int(y), int(x)] for x, y in pts]).mean(axis=0)


def test_heat_colours_only_counted_hexes_and_the_busiest_darkest() -> None:
    art = load_map_art(DEFAULT)
    pix = TiledPixels(art.layout)
    base = grey_base(scaled_base(art, 1.0))
    before = _rgb(base)
    surf = base.copy()
    draw_heat(surf, art.layout, {(5, 8): 1, (6, 8): 8}, RAMPS["red"])
    img = _rgb(surf)
    few, most = _hex_mean(img, pix, (5, 8)), _hex_mean(img, pix, (6, 8))
    was = _hex_mean(before, pix, (5, 8))
    # The greyed map is nearly neutral: one count tints the hex warmer, the busiest hex is solid red,
    # and 8 is far darker than 1.
    assert few[0] - few[2] > was[0] - was[2] + 25
    assert most[0] - most[2] > 100
    assert most.sum() < few.sum() - 150
    # A hex nobody counted keeps the map as it was.
    assert (np.abs(_hex_mean(img, pix, (12, 3)) - _hex_mean(before, pix, (12, 3))) < 1).all()


def test_a_count_of_one_shows_on_any_terrain_in_every_colour_scale() -> None:
    # "Hexes ally occupied most" shaded a count of 1 beside a 7 in a pale green at low opacity over
    # green-tinted grass: a designer could not tell which hexes the ally had stood on at all.
    art = load_map_art(DEFAULT)
    pix = TiledPixels(art.layout)
    base = grey_base(scaled_base(art, 1.0))
    before = _rgb(base)
    ramps = {**RAMPS, **{f"faction {name}": ramp for name, ramp in FACTION_RAMPS.items()}}
    for cell in [(5, 8), (9, 6), (1, 1)]:  # grass, water, grass by the road
        for name, ramp in ramps.items():
            surf = base.copy()
            draw_heat(surf, art.layout, {cell: 1, (17, 9): 7}, ramp)
            moved = np.linalg.norm(_hex_mean(_rgb(surf), pix, cell) - _hex_mean(before, pix, cell))
            assert moved > 32, (name, cell, moved)


def test_grey_base_leaves_colour_to_the_data() -> None:
    art = load_map_art(DEFAULT)
    img = _rgb(grey_base(scaled_base(art, 1.0)))
    saturation = img.max(axis=2) - img.min(axis=2)
    assert np.percentile(saturation, 95) < 40  # faded: no strong colour left in the terrain


def test_figure_adds_a_legend_band_under_the_whole_map() -> None:
    art = load_map_art(DEFAULT)
    surf = scaled_base(art, 1.0)
    fig = heatmap_figure(surf, title="t", unit="u", ramp=RAMPS["red"], vmax=5, total=9)
    assert fig.get_width() == surf.get_width()
    assert fig.get_height() > surf.get_height() + 60
    band = _rgb(fig)[surf.get_height() + 60 : surf.get_height() + 80]
    # The colour scale runs from pale yellow to deep red somewhere in the band.
    reds = band[(band[:, :, 0] > 150) & (band[:, :, 1] < 40)]
    assert len(reds) > 20


def test_a_hex_seen_in_one_game_of_a_hundred_reads_faint_beside_one_seen_in_every_game() -> None:
    # Both hexes counted 100 over the batch: (5, 8) all in one game, (6, 8) once in each of 100 games.
    # Before, both were drawn alike, solid and outlined; now the rare one is a faint tint (still there,
    # unlike a hex nobody touched) and the one every game touched is as solid as ever.
    art = load_map_art(DEFAULT)
    pix = TiledPixels(art.layout)
    base = grey_base(scaled_base(art, 1.0))
    before = _rgb(base)
    surf = base.copy()
    draw_heat(surf, art.layout, {(5, 8): 100, (6, 8): 100}, RAMPS["red"], seen={(5, 8): 1, (6, 8): 100},
              games=100)
    img = _rgb(surf)
    rare = np.linalg.norm(_hex_mean(img, pix, (5, 8)) - _hex_mean(before, pix, (5, 8)))
    common = np.linalg.norm(_hex_mean(img, pix, (6, 8)) - _hex_mean(before, pix, (6, 8)))
    assert common > 3 * rare
    assert rare > 8  # faint, not gone
    solid = base.copy()
    draw_heat(solid, art.layout, {(6, 8): 100}, RAMPS["red"])  # one game's count: drawn as before
    assert (np.abs(_hex_mean(_rgb(solid), pix, (6, 8)) - _hex_mean(img, pix, (6, 8))) < 2).all()


def test_a_batch_figure_keys_the_fade_from_one_game_to_all_of_them() -> None:
    art = load_map_art(DEFAULT)
    surf = scaled_base(art, 1.0)
    one = heatmap_figure(surf, title="t", unit="u", ramp=RAMPS["red"], vmax=5, total=9)
    fig = heatmap_figure(surf, title="t", unit="u", ramp=RAMPS["red"], vmax=5, total=9, games=100)
    assert fig.get_height() > one.get_height()  # room for the fade key under the colour scale
    img = _rgb(fig)
    w, y0 = fig.get_width(), surf.get_height()
    band = img[y0 + one.get_height() - surf.get_height():, w - 324:]  # the key, under the colour scale
    saturation = band.max(axis=2) - band.min(axis=2)
    # The key's first hex (1 game) is a faint tint of the ramp; its last (all 100 games) a strong colour.
    row = saturation[saturation.max(axis=1).argmax()]
    first = row[:40].max()
    assert row.max() > 80 and first < row.max() / 2
