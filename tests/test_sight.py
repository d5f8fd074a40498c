"""R30 sight: hand-worked goldens on pointy and flat maps, and an exact rational reference.

Offsets below follow Tiled's stagger (odd rows shifted right on pointy ``odd``; odd columns shifted
down on flat ``odd``), so a neighbour's cell depends on the parity of the row (pointy) or column
(flat) it is taken from; each golden spells the steps out.
"""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Encounter, scenario_from_rows, sees, sight_line, sight_map
from game.rules.sight import blocking, sight_lines
from game.rules.textmap import board_from_rows
from tests.sight_reference import reference_line, reference_sees

OPEN = ["." * 8] * 8


def with_walls(walls: list[tuple[int, int]]) -> list[str]:
    rows = [list(r) for r in OPEN]
    for c, r in walls:
        rows[r][c] = "#"
    return ["".join(r) for r in rows]


# --- pointy (staggeraxis y, odd): A = (3, 3), an odd row -----------------------------------------
# Odd row neighbours: e (+1,0) w (-1,0) ne (+1,-1) nw (0,-1) se (+1,+1) sw (0,+1);
# even row: ne (0,-1) nw (-1,-1) se (0,+1) sw (-1,+1).
POINTY_STRAIGHT = {  # two steps in one side direction: the line crosses the hex in between
    "e": ((5, 3), (4, 3)),
    "w": ((1, 3), (2, 3)),
    "ne": ((4, 1), (4, 2)),  # ne of 3,3 is 4,2 (odd row); ne of 4,2 is 4,1 (even row)
    "nw": ((2, 1), (3, 2)),  # nw of 3,3 is 3,2; nw of 3,2 is 2,1
    "se": ((4, 5), (4, 4)),  # se of 3,3 is 4,4; se of 4,4 is 4,5
    "sw": ((2, 5), (3, 4)),  # sw of 3,3 is 3,4; sw of 3,4 is 2,5
}
POINTY_EDGE = {  # one step each in two neighbouring directions: the line runs along their shared edge
    "north (ne+nw)": ((3, 1), ((4, 2), (3, 2))),  # 3,3 and 3,1 sit one above the other; between them 3,2|4,2
    "south (se+sw)": ((3, 5), ((4, 4), (3, 4))),
    "e+ne": ((5, 2), ((4, 3), (4, 2))),  # e to 4,3, then ne (odd row) to 5,2
    "e+se": ((5, 4), ((4, 3), (4, 4))),
    "w+nw": ((2, 2), ((2, 3), (3, 2))),  # w to 2,3, then nw (odd row) to 2,2
    "w+sw": ((2, 4), ((2, 3), (3, 4))),
}
# --- flat (staggeraxis x, odd): A = (3, 3), an odd column -----------------------------------------
# Odd column neighbours: n (0,-1) s (0,+1) ne (+1,0) se (+1,+1) nw (-1,0) sw (-1,+1);
# even column: ne (+1,-1) se (+1,0) nw (-1,-1) sw (-1,0).
FLAT_STRAIGHT = {
    "n": ((3, 1), (3, 2)),
    "s": ((3, 5), (3, 4)),
    "ne": ((5, 2), (4, 3)),  # ne of 3,3 is 4,3 (odd column); ne of 4,3 is 5,2 (even column)
    "se": ((5, 4), (4, 4)),  # se of 3,3 is 4,4; se of 4,4 is 5,4
    "nw": ((1, 2), (2, 3)),  # nw of 3,3 is 2,3; nw of 2,3 is 1,2
    "sw": ((1, 4), (2, 4)),  # sw of 3,3 is 2,4; sw of 2,4 is 1,4
}
FLAT_EDGE = {
    "east (ne+se)": ((5, 3), ((4, 3), (4, 4))),  # 3,3 and 5,3 level (both odd columns); between them 4,3|4,4
    "west (nw+sw)": ((1, 3), ((2, 3), (2, 4))),
    "n+ne": ((4, 2), ((3, 2), (4, 3))),
    "n+nw": ((2, 2), ((3, 2), (2, 3))),
    "s+se": ((4, 5), ((3, 4), (4, 4))),
    "s+sw": ((2, 5), ((3, 4), (2, 4))),
}


def _check_straight(axis: str, table: dict) -> None:
    board = board_from_rows(OPEN, axis)
    for name, (b, middle) in table.items():
        line = sight_line(board.layout, (3, 3), b)
        assert line.crossed == (middle,) and line.skirted == (), name
        walled = board_from_rows(with_walls([middle]), axis)
        assert not sees(walled, (3, 3), b), f"{name}: a wall in between blocks (R30)"


def _check_edge(axis: str, table: dict) -> None:
    board = board_from_rows(OPEN, axis)
    for name, (b, pair) in table.items():
        line = sight_line(board.layout, (3, 3), b)
        assert line.crossed == () and {frozenset(p) for p in line.skirted} == {frozenset(pair)}, name
        for one in pair:  # skirting one wall: the line runs along its side and still sees (R30)
            assert sees(board_from_rows(with_walls([one]), axis), (3, 3), b), f"{name}: skirting {one}"
        # passing between two blocks: both hexes of the skirted edge block, so sight is blocked (R30)
        assert not sees(board_from_rows(with_walls(list(pair)), axis), (3, 3), b), name


def test_pointy_six_straight_directions() -> None:
    _check_straight("y", POINTY_STRAIGHT)


def test_pointy_six_edge_running_directions() -> None:
    _check_edge("y", POINTY_EDGE)


def test_flat_six_straight_directions() -> None:
    _check_straight("x", FLAT_STRAIGHT)


def test_flat_six_edge_running_directions() -> None:
    _check_edge("x", FLAT_EDGE)


def test_a_long_edge_run_alternates_crossed_centres_and_skirted_edges() -> None:
    # Pointy, straight north from 3,5 to 3,1: it crosses the centre 3,3 and skirts 3,4|4,4 then 3,2|4,2.
    line = sight_line(board_from_rows(OPEN).layout, (3, 5), (3, 1))
    assert line.crossed == ((3, 3),)
    assert [frozenset(p) for p in line.skirted] == [frozenset({(3, 4), (4, 4)}), frozenset({(3, 2), (4, 2)})]


def test_corner_touch_neither_crosses_nor_skirts() -> None:
    # Pointy odd: A = 1,5 is axial (-1, 5); B = 4,1 is axial (4, 1): cube offset (5, -1, -4). A third of
    # the way, at cube (5/3, -1/3, -4/3), the line meets the corner shared by the hexes at cube offsets
    # (1,0,-1), (2,-1,-1) and (2,0,-2), i.e. cells 2,4, 3,4 and 2,3. It goes from 2,4 into 2,3 and only
    # touches 3,4 at that corner: a wall on 3,4 leaves the sight open, a wall on 2,3 does not.
    board = board_from_rows(OPEN)
    line = sight_line(board.layout, (1, 5), (4, 1))
    assert (3, 4) not in line.crossed and (2, 4) in line.crossed and (2, 3) in line.crossed
    assert not any((3, 4) in p for p in line.skirted)
    assert sees(board_from_rows(with_walls([(3, 4)])), (1, 5), (4, 1))
    assert not sees(board_from_rows(with_walls([(2, 3)])), (1, 5), (4, 1))
    # Flat odd, the same cube offset: A = 1,6 (axial 1, 6), B = 6,5 (axial 6, 2); the corner hex is
    # cube offset (2,-1,-1) = axial (3, 5) = cell 3,6.
    flat = board_from_rows(OPEN, "x")
    line = sight_line(flat.layout, (1, 6), (6, 5))
    assert (3, 6) not in line.crossed and not any((3, 6) in p for p in line.skirted)
    assert sees(board_from_rows(with_walls([(3, 6)]), "x"), (1, 6), (6, 5))


def test_sight_is_symmetric_and_ignores_combatants() -> None:
    walls = [(2, 2), (4, 5), (5, 1), (1, 4)]
    for axis in "xy":
        board = board_from_rows(with_walls(walls), axis)
        for a, b in itertools.combinations([(c, r) for c in range(8) for r in range(8)], 2):
            assert sees(board, a, b) == sees(board, b, a), (axis, a, b)
            line, back = sight_line(board.layout, a, b), sight_line(board.layout, b, a)
            assert line.crossed == tuple(reversed(back.crossed))
    # Combatants never block sight; they give cover (R31).
    s = scenario_from_rows(OPEN, [{"name": "A", "at": (0, 3), "faction": "player"},
                                  {"name": "B", "at": (3, 3), "faction": "enemy"}])
    doc = Encounter(s).sight_report((0, 3), (6, 3))
    assert doc["sight"] and doc["cover"] == [[3, 3]] and doc["crossed"] == [[1, 3], [2, 3], [3, 3], [4, 3], [5, 3]]


def test_blocks_sight_and_arrow_slits() -> None:
    # R30: blocked terrain blocks unless blocks_sight=false ("|", an arrow slit); blocks_sight=true ("f")
    # blocks whatever the terrain.
    assert sees(board_from_rows(["..|..."]), (0, 0), (5, 0))
    assert not sees(board_from_rows(["..f..."]), (0, 0), (5, 0))
    assert not sees(board_from_rows(["..#..."]), (0, 0), (5, 0))
    assert sees(board_from_rows(["..__.."]), (0, 0), (5, 0)), "off-map cells never block"


LAYOUTS = [(a, i) for a in "xy" for i in ("odd", "even")]


@st.composite
def maps(draw: st.DrawFn) -> tuple[str, str, list[str]]:
    axis, index = draw(st.sampled_from(LAYOUTS))
    cols, rows = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    grid = ["".join(draw(st.sampled_from("....#f|_")) for _ in range(cols)) for _ in range(rows)]
    return axis, index, grid


@settings(max_examples=60, deadline=None)
@given(maps(), st.data())
def test_lines_match_the_rational_reference(m: tuple[str, str, list[str]], data: st.DataObject) -> None:
    axis, index, grid = m
    board = board_from_rows(grid, axis, index)
    cells = [(c, r) for r in range(board.rows) for c in range(board.cols)]
    for _ in range(6):
        a, b = data.draw(st.sampled_from(cells)), data.draw(st.sampled_from(cells))
        line = sight_line(board.layout, a, b)
        crossed, skirted = reference_line(board.layout, a, b)
        assert list(line.crossed) == crossed
        assert [frozenset(p) for p in line.skirted] == skirted


@settings(max_examples=25, deadline=None)
@given(maps(), st.data())
def test_sight_map_matches_the_reference_everywhere(m: tuple[str, str, list[str]], data: st.DataObject) -> None:
    axis, index, grid = m
    board = board_from_rows(grid, axis, index)

    def blocks(c: tuple[int, int]) -> bool:
        return board.is_on_map(c) and bool(board.blocks_sight[c[1], c[0]])

    a = (data.draw(st.integers(0, board.cols - 1)), data.draw(st.integers(0, board.rows - 1)))
    seen = sight_map(board, a)
    want = np.array([[reference_sees(board.layout, blocks, a, (c, r)) for c in range(board.cols)]
                     for r in range(board.rows)])
    assert (seen == want).all()
    r0 = data.draw(st.integers(0, board.rows - 1))
    c0 = data.draw(st.integers(0, board.cols - 1))
    assert (sight_map(board, a, slice(r0, None), slice(c0, None)) == want[r0:, c0:]).all()


def test_long_lines_on_a_large_map_agree_line_by_line_in_every_layout() -> None:
    # sight_map's tables work out one segment per turn-and-mirror orbit and turn it back (R30 is pure
    # geometry); sight_lines works out each segment on its own, and the rational reference checks a sample
    rng = np.random.default_rng(19)
    for axis, index in LAYOUTS:
        grid = ["".join(rng.choice(list("......#f|t"), size=36)) for _ in range(36)]
        board = board_from_rows(grid, axis, index)

        def blocks(c: tuple[int, int], board=board) -> bool:
            return board.is_on_map(c) and bool(board.blocks_sight[c[1], c[0]])

        for a in ((0, 0), (21, 14)):
            seen = sight_map(board, a)
            lines = sight_lines(board.layout, [(a, (c, r)) for r in range(36) for c in range(36)])
            one_by_one = np.array([not blocking(board, line) for line in lines]).reshape(36, 36)
            assert (seen == one_by_one).all(), (axis, index, a, np.argwhere(seen != one_by_one)[:3].tolist())
            for c, r in rng.integers(0, 36, size=(2, 2)).tolist():
                assert seen[r, c] == reference_sees(board.layout, blocks, a, (c, r)), (axis, index, a, (c, r))
