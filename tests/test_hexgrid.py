"""Hex geometry as Tiled draws it, on all four layouts (R1, R2, R18)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.pixels import TiledPixels
from game.rules.hexgrid import HexLayout
from tests.geometry_reference import ideal_angle

LAYOUTS = [
    HexLayout("y", "odd", 64, 74, 37, 9, 7),
    HexLayout("y", "even", 64, 74, 37, 9, 7),
    HexLayout("x", "odd", 74, 64, 37, 9, 7),
    HexLayout("x", "even", 74, 64, 37, 9, 7),
    HexLayout("y", "odd", 71, 61, 21, 5, 5),  # odd tile sizes are rounded down by Tiled
]
layouts = st.sampled_from(LAYOUTS)
cells = st.tuples(st.integers(-12, 20), st.integers(-12, 20))


@given(layouts, cells)
def test_offset_axial_round_trip(layout: HexLayout, cell: tuple[int, int]) -> None:
    assert layout.from_axial(*layout.to_axial(cell)) == cell


@given(layouts, cells)
def test_neighbours_are_symmetric_and_at_distance_one(layout: HexLayout, cell: tuple[int, int]) -> None:
    ns = layout.neighbors(cell)
    assert len(set(ns)) == 6
    for d, n in enumerate(ns):
        assert layout.distance(cell, n) == 1
        # the opposite side leads back
        assert layout.neighbor(n, d + 3) == cell


@given(layouts, cells, cells)
def test_distance_one_iff_neighbour(layout: HexLayout, a: tuple[int, int], b: tuple[int, int]) -> None:
    assert (layout.distance(a, b) == 1) == (b in layout.neighbors(a))


@given(layouts, cells, cells, cells)
def test_distance_is_a_metric(layout: HexLayout, a, b, c) -> None:
    assert layout.distance(a, b) == layout.distance(b, a)
    assert (layout.distance(a, b) == 0) == (a == b)
    assert layout.distance(a, c) <= layout.distance(a, b) + layout.distance(b, c)


def bfs_distance(layout: HexLayout, a, b, limit: int = 40) -> int:
    """Independent distance: breadth-first steps through neighbours."""
    frontier, seen, d = {a}, {a}, 0
    while b not in frontier:
        d += 1
        frontier = {n for c in frontier for n in layout.neighbors(c)} - seen
        seen |= frontier
        assert d < limit
    return d


@settings(max_examples=60)
@given(layouts, st.tuples(st.integers(0, 8), st.integers(0, 6)), st.tuples(st.integers(0, 8), st.integers(0, 6)))
def test_distance_equals_step_count(layout: HexLayout, a, b) -> None:
    assert layout.distance(a, b) == bfs_distance(layout, a, b)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_neighbour_centres_touch_and_directions_point_where_named(layout: HexLayout) -> None:
    # R2: the names run counter-clockwise on screen, north up; pointy starts
    # at east (0 deg), flat-top at north-east (30 deg).
    start = 0 if layout.pointy else 30
    for cell in [(3, 3), (4, 4), (3, 4), (4, 3)]:
        cx, cy = TiledPixels(layout).cell_center(cell)
        for d in range(6):
            nx, ny = TiledPixels(layout).cell_center(layout.neighbor(cell, d))
            angle = math.degrees(math.atan2(-(ny - cy), nx - cx)) % 360
            expected = (start + 60 * d) % 360
            # Tiled's hexes are not perfectly regular (and may be squashed)
            assert min(abs(angle - expected), 360 - abs(angle - expected)) < 15


@settings(max_examples=300)
@given(layouts, st.tuples(st.integers(0, 8), st.integers(0, 6)), st.tuples(st.integers(-6, 14), st.integers(-6, 12)))
def test_sector_matches_ideal_angle(layout: HexLayout, a, b) -> None:
    """R18: the 60-degree side sector by float angle agrees with the exact one."""
    sectors = layout.direction_between(a, b)
    if a == b:
        assert sectors == ()
        return
    start = 0 if layout.pointy else 30
    angle = ideal_angle(layout, a, b)
    rel = (angle - start + 30) % 360  # sector d spans [60d, 60d+60) in rel
    on_border = abs(rel / 60 - round(rel / 60)) < 1e-9
    if on_border:
        k = round(rel / 60) % 6
        assert set(sectors) == {k, (k - 1) % 6}
    else:
        assert sectors == (int(rel // 60),)


def test_distance_two_sectors_by_hand_pointy_odd() -> None:
    # Pointy odd-r: from (4,4) (even row) the cell (6,4) is due east: sector e.
    # (5,2) is two rows up and half a column right twice: straight ne (60 deg).
    # (4,3) is the ne neighbour; (5,3), one and a half columns right and a row
    # up, lies 30 deg above east: the e/ne border; (6,3) is ~19 deg: e.
    lay = LAYOUTS[0]
    names = lay.direction_names
    assert [names[i] for i in lay.direction_between((4, 4), (6, 4))] == ["e"]
    assert [names[i] for i in lay.direction_between((4, 4), (5, 2))] == ["ne"]
    assert sorted(names[i] for i in lay.direction_between((4, 4), (5, 3))) == ["e", "ne"]
    assert [names[i] for i in lay.direction_between((4, 4), (6, 3))] == ["e"]
