"""Hand-worked reachability cases (golden answers worked out in the comments)."""

from __future__ import annotations

import numpy as np
import pytest

from game.rules.board import Board
from game.rules.hexgrid import HexLayout
from game.rules.reach import MoveRequest, reachable
from game.rules.reach_search import _borrow
from game.rules.reach_tables import step_tables
from game.rules.terrain import DEFAULT_COSTS, MovementType, Terrain
from tests.tool_scripts import load_tool

CODES = {".": 0, "D": 1, "W": 2, "#": 5}


def board_from(rows: list[str]) -> Board:
    """A pointy-top, odd-stagger board; one string per row, one character per cell."""
    terrain = np.array([[CODES[ch] for ch in row] for row in rows], dtype=np.int8)
    layout = HexLayout("y", "odd", 32, 32, 16, terrain.shape[1], terrain.shape[0])
    cost = DEFAULT_COSTS[terrain].transpose(2, 0, 1).astype(np.int16)
    zeros = np.zeros(terrain.shape, dtype=np.int16)
    no = np.zeros(terrain.shape, dtype=bool)  # sight and cover do not bear on reach
    return Board(layout, terrain, cost, zeros, no, terrain == Terrain.BLOCKED, no)


def mask(board: Board, cells: list[tuple[int, int]]) -> np.ndarray:
    m = np.zeros((board.rows, board.cols), dtype=bool)
    for col, row in cells:
        m[row, col] = True
    return m


def request(board: Board, start: tuple[int, int], budget: int | None, *, radius: int = 0,
            movement: MovementType = MovementType.GROUND, blocked: list | None = None,
            occupied: list | None = None, threatened: list | None = None) -> MoveRequest:
    return MoveRequest(start, movement, radius, budget, mask(board, blocked or []), mask(board, occupied or []),
                       None if threatened is None else mask(board, threatened))


def row_costs(board: Board, req: MoveRequest) -> list[int]:
    return reachable(board, req).cost[0].tolist()


def test_corridor_with_difficult_terrain() -> None:
    # A one-row corridor: each step enters the next cell and pays its R5 cost.
    # Ground: . D . D . .  -> 0, 2, 3, 5, then 6 and 7 exceed the budget of 5.
    board = board_from([".D.D.."])
    assert row_costs(board, request(board, (0, 0), 5)) == [0, 2, 3, 5, -1, -1]
    # Flying pays 1 for difficult terrain (R5): 0..5.
    assert row_costs(board, request(board, (0, 0), 5, movement=MovementType.FLYING)) == [0, 1, 2, 3, 4, 5]
    # Unbounded: the whole distance field, 0 2 3 5 6 7.
    assert row_costs(board, request(board, (0, 0), None)) == [0, 2, 3, 5, 6, 7]


def test_water_and_walls_stop_ground_but_not_swimmers() -> None:
    # . W . : ground may not enter water (R5), so nothing beyond it; swimming pays 1.
    board = board_from([".W.#."])
    assert row_costs(board, request(board, (0, 0), 9)) == [0, -1, -1, -1, -1]
    assert row_costs(board, request(board, (0, 0), 9, movement=MovementType.SWIMMING)) == [0, 1, 2, -1, -1]


def test_zoc_stop_can_enter_but_not_pass() -> None:
    # Cell 2 is threatened: entering it costs 1 as usual, the total is 2 and
    # the mover stops there (R9), so cells 3 and 4 are out of reach.
    board = board_from(["....."])
    result = reachable(board, request(board, (0, 0), 6, threatened=[(2, 0)]))
    assert result.cost[0].tolist() == [0, 1, 2, -1, -1]
    assert result.stops[0].tolist() == [False, False, True, False, False]
    assert result.destinations() == [((1, 0), 1, False), ((2, 0), 2, True)]
    assert result.path_to((2, 0)) == [(1, 0), (2, 0)]
    # Once ZoC has exhausted it this turn (threatened=None) it walks on.
    assert row_costs(board, request(board, (0, 0), 6)) == [0, 1, 2, 3, 4]


def test_start_inside_threat_leaving_is_free_moving_within_exhausts() -> None:
    # R10: starting on threatened cell 1 does not exhaust. Stepping to the
    # unthreatened cell 0 is free; stepping to threatened cell 2 is an entry
    # and stops it there, so 3 and 4 are unreachable.
    board = board_from(["....."])
    result = reachable(board, request(board, (1, 0), 6, threatened=[(1, 0), (2, 0)]))
    assert result.cost[0].tolist() == [1, 0, 1, -1, -1]
    assert result.stops[0].tolist() == [False, False, True, False, False]
    # Only the start threatened: everything beyond is free walking.
    result = reachable(board, request(board, (1, 0), 6, threatened=[(1, 0)]))
    assert result.cost[0].tolist() == [1, 0, 1, 2, 3]
    assert not result.stops.any()


def test_friend_on_threatened_hex_cannot_be_entered() -> None:
    # R4: a friend's hex may be passed but not ended on. If it is threatened,
    # entering it would stop the mover on the friend, so it cannot be
    # entered at all: 2, 3 and 4 are unreachable.
    board = board_from(["....."])
    result = reachable(board, request(board, (0, 0), 6, occupied=[(2, 0)], threatened=[(2, 0)]))
    assert result.cost[0].tolist() == [0, 1, -1, -1, -1]
    # Unthreatened, the friend's hex is passed through (cost 2) but is no end.
    result = reachable(board, request(board, (0, 0), 6, occupied=[(2, 0)]))
    assert result.cost[0].tolist() == [0, 1, 2, 3, 4]
    assert result.can_end[0].tolist() == [True, True, False, True, True]
    assert [d[0] for d in result.destinations()] == [(1, 0), (3, 0), (4, 0)]
    assert result.path_to((3, 0)) == [(1, 0), (2, 0), (3, 0)]
    with pytest.raises(ValueError, match=r"2,0 is not a legal end"):
        result.path_to((2, 0))


def test_hostile_hex_is_never_entered() -> None:
    board = board_from(["....."])
    assert row_costs(board, request(board, (0, 0), 6, blocked=[(2, 0)])) == [0, 1, -1, -1, -1]


def test_large_step_costs_the_most_expensive_newly_covered_hex() -> None:
    # A large creature (radius 1) centred on (4,4), pointy-top odd stagger.
    # Stepping east to (5,4) newly covers only the east side of the new
    # footprint: (6,4) e, (5,3) ne and (5,5) se of (5,4) (row 4 is even, the
    # odd rows 3 and 5 sit half a hex to the right). (5,3) and (5,5) are
    # difficult, so the step costs max(1, 2, 2) = 2 (R27), not their sum.
    # (4,3) is difficult too but both footprints cover it: it costs nothing.
    rows = ["........."] * 9
    rows[3] = "....DD..."  # (4,3), (5,3)
    rows[5] = ".....D..."  # (5,5)
    board = board_from(rows)
    assert board.layout.neighbors((5, 4))[:2] == [(6, 4), (5, 3)] and board.layout.neighbors((5, 4))[5] == (5, 5)
    assert reachable(board, request(board, (4, 4), 1, radius=1)).cost[4, 5] == -1
    assert reachable(board, request(board, (4, 4), 2, radius=1)).cost[4, 5] == 2
    # The footprint must fit (R27): centred on (7,4) it would cover column 8,
    # on (8,4) it would leave the map, so (8,4) is never a centre.
    assert reachable(board, request(board, (4, 4), None, radius=1)).cost[4, 8] == -1


def test_giant_takes_the_cheapest_route_that_does_not_stop() -> None:
    # A giant (radius 2, 19 hexes) starts centred on (4,4); hex (5,2) is in
    # its footprint and threatened, so it starts inside threatened space (R10).
    # (6,3) and (7,6) are difficult. Two routes reach centre (6,4) for 4:
    #  A: e to (5,4) newly covers (6,2) (6,3) (7,4) (6,5) (6,6): max 2;
    #     e to (6,4) newly covers (7,2) (7,3) (8,4) (7,5) (7,6): max 2.
    #     (5,2) stays covered throughout, nothing threatened is newly
    #     covered: free, 2 + 2 = 4.
    #  B: se to (4,5) newly covers (6,5) (6,6) (3,7) (4,7) (5,7): 1, and
    #     uncovers (5,2); e to (5,5) covers (6,3) (7,4) (7,5) (7,6) (6,7): 2;
    #     ne to (6,4) covers (5,2) (6,2) (7,2) (7,3) (8,4): 1, but (5,2) is
    #     threatened again, so this is a ZoC entry: stop, 1 + 2 + 1 = 4.
    # Both cost 4; R7 says it takes the one that does not stop it.
    rows = ["........."] * 9
    rows[3] = "......D.."
    rows[6] = ".......D."
    board = board_from(rows)
    result = reachable(board, request(board, (4, 4), 6, radius=2, threatened=[(5, 2)]))
    assert result.cost[4, 6] == 4
    assert not result.stops[4, 6]
    assert result.path_to((6, 4)) == [(5, 4), (6, 4)]


def test_bad_requests_say_what_is_wrong() -> None:
    board = board_from(["..."])
    with pytest.raises(ValueError, match=r"start hex \[5, 0\] is outside the 3x1 grid"):
        reachable(board, request(board, (5, 0), 3))
    bad = MoveRequest((0, 0), MovementType.GROUND, 0, 3, np.zeros((2, 2), bool), np.zeros((1, 3), bool), None)
    with pytest.raises(ValueError, match="blocked mask has shape"):
        reachable(board, bad)


def test_bench_competitors_agree_on_a_small_map() -> None:
    # The bench's own agreement check (heapq reference, scipy csgraph, tcod
    # CustomGraph and reachable() give one cost field), on one small map.
    bench = load_tool("bench_reach")
    assert bench.check_agreement([24], [6, None]) == 2


@pytest.mark.parametrize("radius", [0, 1])
def test_a_query_while_another_runs_gives_the_same_answer(radius: int) -> None:
    # Searches reuse per-board scratch arrays; a second search while the first
    # holds them (another thread, or re-entry) must work on its own copies.
    rows = ["........."] * 7
    rows[2] = "..D.#D..."
    board = board_from(rows)
    req = request(board, (4, 3), 5, radius=radius, threatened=[(6, 5), (1, 1)], occupied=[(7, 3)])
    expected = reachable(board, req)
    with _borrow(step_tables(board, MovementType.GROUND, radius)):
        again = reachable(board, req)
    np.testing.assert_array_equal(again.cost, expected.cost)
    np.testing.assert_array_equal(again.stops, expected.stops)
    np.testing.assert_array_equal(reachable(board, req).cost, expected.cost)


@pytest.mark.parametrize("radius", [0, 1])
def test_no_movement_left_reaches_the_start_alone(radius: int) -> None:
    # Budget 0: every step costs at least 1, so only the start (cost 0, never a stop, R10) is a
    # legal end, whatever stands or threatens around it: here a friend east, a hostile west, and
    # threat on every neighbour. Paths: none needed; any other hex is refused.
    b = board_from(["......."] * 7)
    start = (3, 3)
    around = [(4, 3), (2, 3), (4, 2), (3, 2), (4, 4), (3, 4)]  # neighbours of (3, 3): odd rows shift right
    r = reachable(b, request(b, start, 0, radius=radius, occupied=[(5, 3)] if radius else [(4, 3)],
                             blocked=[(0, 3)] if radius else [(2, 3)], threatened=around))
    assert np.argwhere(r.can_end).tolist() == [[3, 3]]
    assert r.cost[3, 3] == 0 and (r.cost >= 0).sum() == 1 and not r.stops.any()
    assert r.destinations() == [] and r.path_to(start) == []
    with pytest.raises(ValueError, match="not a legal end"):
        r.path_to((4, 3))
