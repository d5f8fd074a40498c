"""Threatened space from footprint edges (R1, R8, R26, R28)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.board import Board
from game.rules.hexgrid import HexLayout
from game.rules.terrain import DEFAULT_COSTS, OFF_MAP
from game.rules.threat import ThreatSource, threat_mask, threatens


def plain_board(layout: HexLayout, off_map: list[tuple[int, int]] = ()) -> Board:
    terrain = np.zeros((layout.rows, layout.cols), dtype=np.int8)
    for c, r in off_map:
        terrain[r, c] = OFF_MAP
    cost = np.where(terrain[None] >= 0, DEFAULT_COSTS[np.maximum(terrain, 0)].transpose(2, 0, 1), -1)
    no = np.zeros_like(terrain, bool)  # no exits, nothing blocks sight (all open), no cover
    return Board(layout, terrain, cost.astype(np.int16), np.full(terrain.shape, 3, np.int16), no, no, no)


def reference_threat(board: Board, src: ThreatSource) -> set[tuple[int, int]]:
    """R1/R8 read literally: distance from the footprint = min over its hexes."""
    lay = board.layout
    foot = lay.disc(src.cell, src.radius)
    out = set()
    for r in range(lay.rows):
        for c in range(lay.cols):
            if not board.is_on_map((c, r)) or (c, r) in foot:
                continue
            d = min(lay.distance(f, (c, r)) for f in foot)
            if src.reach_min <= d <= src.reach:
                out.add((c, r))
    return out


def cells_of(mask: np.ndarray) -> set[tuple[int, int]]:
    rows, cols = mask.nonzero()
    return {(int(c), int(r)) for r, c in zip(rows, cols, strict=True)}


POINTY = HexLayout("y", "odd", 64, 74, 37, 9, 9)


def test_sword_threatens_the_six_neighbours() -> None:
    b = plain_board(POINTY)
    got = cells_of(threat_mask(b, [ThreatSource((4, 4), 0, 1, 1)]))
    # (4,4) is on an even row of odd-r: neighbours e w, ne/nw (4,3)/(3,3), se/sw (4,5)/(3,5)
    assert got == {(5, 4), (3, 4), (4, 3), (3, 3), (4, 5), (3, 5)}


def test_pikeman_threatens_the_ring_at_two_but_not_adjacent_hexes() -> None:
    # R8: a long weapon's band is [2,2]; the ring of radius 2 has 12 hexes.
    b = plain_board(POINTY)
    got = cells_of(threat_mask(b, [ThreatSource((4, 4), 0, 2, 2)]))
    assert len(got) == 12
    assert not got & set(POINTY.neighbors((4, 4)))
    assert all(POINTY.distance((4, 4), c) == 2 for c in got)


def test_giant_threat_is_measured_from_its_footprint_edge() -> None:
    # R28: a giant (radius 2) with an ordinary weapon threatens the ring at
    # centre distance 3 (18 hexes), never its own 19 hexes.
    lay = HexLayout("y", "odd", 64, 74, 37, 11, 11)
    b = plain_board(lay)
    got = cells_of(threat_mask(b, [ThreatSource((5, 5), 2, 1, 1)]))
    assert len(got) == 18
    assert all(lay.distance((5, 5), c) == 3 for c in got)


def test_only_on_map_hexes_are_threatened() -> None:
    b = plain_board(POINTY, off_map=[(5, 4)])
    got = cells_of(threat_mask(b, [ThreatSource((4, 4), 0, 1, 1)]))
    assert (5, 4) not in got and len(got) == 5
    assert not threatens(b, ThreatSource((4, 4), 0, 1, 1), (5, 4))


@settings(max_examples=150)
@given(
    st.sampled_from([("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]),
    st.integers(0, 10),
    st.integers(0, 8),
    st.integers(0, 2),
    st.integers(1, 3),
    st.data(),
)
def test_threat_matches_brute_force_reference(axes, col, row, radius, reach, data) -> None:
    lay = HexLayout(axes[0], axes[1], 64, 74, 37, 11, 9)
    reach_min = data.draw(st.integers(1, reach))
    b = plain_board(lay, off_map=[(0, 0), (10, 8), (5, 0)])
    src = ThreatSource((col, row), radius, reach_min, reach)
    got = cells_of(threat_mask(b, [src]))
    assert got == reference_threat(b, src)
    for cell in list(got)[:5]:
        assert threatens(b, src, cell)
