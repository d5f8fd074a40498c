"""Map pixels as Tiled's hexagonal renderer places them (game.maps.pixels), all four layouts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.pixels import TiledPixels
from game.rules.hexgrid import HexLayout
from tests.test_hexgrid import layouts


def test_pixel_geometry_matches_tiled_formulas_by_hand() -> None:
    # Pointy-top odd, 64x74 side 37: sox = 32, soy = (74-37)//2 = 18,
    # colW = 32, rowH = 18 + 37 = 55. Row 1 is shifted by colW.
    pix = TiledPixels(HexLayout("y", "odd", 64, 74, 37, 9, 7))
    assert pix.cell_box((0, 0)) == (0, 0)
    assert pix.cell_box((2, 1)) == (2 * 64 + 32, 55)
    assert pix.cell_center((2, 1)) == (2 * 64 + 32 + 32, 55 + 37)
    assert pix.pixel_size == (9 * 64 + 32, 7 * 55 + 18)
    # Flat-top even, 74x64 side 37: sox = 18, colW = 18 + 37 = 55, rowH = 32;
    # even columns are shifted down by rowH.
    fpix = TiledPixels(HexLayout("x", "even", 74, 64, 37, 9, 7))
    assert fpix.cell_box((0, 0)) == (0, 32)
    assert fpix.cell_box((1, 2)) == (55, 128)
    assert fpix.pixel_size == (9 * 55 + 18, 7 * 64 + 32)


@settings(max_examples=200)
@given(layouts, st.tuples(st.integers(0, 8), st.integers(0, 6)), st.floats(-0.3, 0.3), st.floats(-0.3, 0.3))
def test_pixel_to_cell_finds_the_cell_around_a_point_near_its_centre(layout: HexLayout, cell, fx, fy) -> None:
    pix = TiledPixels(layout)
    cx, cy = pix.cell_center(cell)
    tw, th = pix.tile_box
    # within 30 % of the inner radius the answer is unambiguous
    r = min(tw, th) / 2
    assert pix.pixel_to_cell(cx + fx * r, cy + fy * r) == cell
