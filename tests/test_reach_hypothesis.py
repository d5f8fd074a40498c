"""reachable() against the plain heapq reference on random small maps, exactly."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.board import Board
from game.rules.hexgrid import HexLayout
from game.rules.reach import MoveRequest, ReachResult, reachable
from game.rules.terrain import DEFAULT_COSTS, OFF_MAP, MovementType, Terrain
from game.rules.threat import ThreatSource, threat_mask
from tests.reference_reach import Reference


def random_board(rng: np.random.Generator, axis: str, index: str, cols: int, rows: int) -> Board:
    layout = HexLayout(axis, index, 32, 32 if axis == "y" else 28, 16, cols, rows)
    # Some of every terrain and a few off-map holes; often mostly open ground
    # so that large and giant footprints find room to move.
    rough = [0.06, 0.5, 0.16, 0.08, 0.06, 0.06, 0.08]
    if rng.random() < 0.6:
        rough = [0.02, 0.85, 0.07, 0.02, 0.01, 0.01, 0.02]
    terrain = rng.choice(np.arange(-1, 6), size=(rows, cols), p=rough)
    cost = DEFAULT_COSTS[np.where(terrain == OFF_MAP, 0, terrain)].transpose(2, 0, 1).astype(np.int16)
    override = rng.random((3, rows, cols)) < 0.12
    cost = np.where(override, rng.choice([-1, -3, 1, 2, 3, 5], size=cost.shape), cost).astype(np.int16)
    cost[:, terrain == OFF_MAP] = -1
    hazard = np.where(terrain == 4, rng.integers(1, 6, size=(rows, cols)), 0).astype(np.int16)
    exit_ = rng.random((rows, cols)) < 0.1
    return Board(layout, terrain.astype(np.int8), cost, hazard, exit_, terrain == Terrain.BLOCKED,
                 np.zeros((rows, cols), dtype=bool))


def random_threat(rng: np.random.Generator, board: Board) -> np.ndarray | None:
    kind = rng.integers(0, 3)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random((board.rows, board.cols)) < rng.choice([0.05, 0.2, 0.4])
    sources = []
    for _ in range(rng.integers(1, 4)):
        reach = int(rng.integers(1, 3))
        reach_min = int(rng.integers(1, reach + 1))
        cell = (int(rng.integers(0, board.cols)), int(rng.integers(0, board.rows)))
        sources.append(ThreatSource(cell, int(rng.integers(0, 3)), reach_min, reach))
    return threat_mask(board, sources)


def pick_start(rng: np.random.Generator, board: Board, radius: int, movement: MovementType) -> tuple[int, int]:
    """Mostly a cell the mover's footprint fits on (so that it can move), sometimes any cell."""
    layout = board.layout
    fits = [
        (col, row)
        for row in range(board.rows)
        for col in range(board.cols)
        if all(layout.in_grid(h) and board.cost[movement, h[1], h[0]] >= 1 for h in layout.disc((col, row), radius))
    ]
    if fits and rng.random() < 0.85:
        return fits[int(rng.integers(0, len(fits)))]
    return int(rng.integers(0, board.cols)), int(rng.integers(0, board.rows))


def check_path(ref: Reference, result: ReachResult, cell: tuple[int, int], cost: int, stops: bool) -> None:
    path = result.path_to(cell)
    assert path and path[-1] == cell
    layout = ref.layout
    total = 0
    prev = result.start
    for i, nxt in enumerate(path):
        assert nxt in layout.neighbors(prev), f"{prev}->{nxt} is not a step"
        assert ref.enterable(nxt)
        step, zoc = ref.step(prev, nxt)
        total += step
        if i < len(path) - 1:
            assert not zoc, f"path passes through threatened space at {nxt}"
        else:
            assert zoc == stops
        prev = nxt
    assert total == cost


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    axis=st.sampled_from(["x", "y"]),
    index=st.sampled_from(["odd", "even"]),
    cols=st.integers(1, 11),
    rows=st.integers(1, 11),
    radius=st.sampled_from([0, 0, 1, 2]),
    movement=st.sampled_from(list(MovementType)),
    budget=st.one_of(st.none(), st.integers(0, 15)),
)
def test_reachable_matches_reference(
    seed: int, axis: str, index: str, cols: int, rows: int, radius: int, movement: MovementType, budget: int | None
) -> None:
    rng = np.random.default_rng(seed)
    board = random_board(rng, axis, index, cols, rows)
    # Several queries on one board: the search reuses per-board scratch arrays,
    # so a query that left them dirty would spoil the next one.
    for query in range(3):
        if query:
            radius = int(rng.choice([0, 0, 1, 2]))
            movement = MovementType(int(rng.integers(0, 3)))
            budget = None if rng.random() < 0.3 else int(rng.integers(0, 16))
        check_query(rng, board, radius, movement, budget)


def check_query(rng: np.random.Generator, board: Board, radius: int, movement: MovementType,
                budget: int | None) -> None:
    rows, cols = board.rows, board.cols
    start = pick_start(rng, board, radius, movement)
    blocked = rng.random((rows, cols)) < rng.choice([0.0, 0.05, 0.15])
    occupied = (rng.random((rows, cols)) < rng.choice([0.0, 0.05, 0.15])) & ~blocked
    # The mover's own footprint holds neither friend nor foe.
    for col, row in board.layout.disc(start, radius):
        if board.layout.in_grid((col, row)):
            blocked[row, col] = occupied[row, col] = False
    threatened = random_threat(rng, board)
    request = MoveRequest(start, movement, radius, budget, blocked, occupied, threatened)

    result = reachable(board, request)
    fresh = reachable(board, request)  # asked end_at first, before any other answer is built
    ref = Reference(board, start, movement, radius, budget, blocked, occupied, threatened)
    cost, stops, can_end = ref.arrays()
    np.testing.assert_array_equal(result.cost, cost)
    np.testing.assert_array_equal(result.stops, stops)
    np.testing.assert_array_equal(result.can_end, can_end)

    dests = result.destinations()
    expected = {(c, r) for r, c in zip(*np.nonzero(can_end), strict=True)} - {start}
    assert {d[0] for d in dests} == expected
    for cell, c, s in dests:
        assert (c, s) == (int(cost[cell[1], cell[0]]), bool(stops[cell[1], cell[0]]))
        check_path(ref, result, cell, c, s)
    assert result.path_to(start) == []
    for row in range(rows):
        for col in range(cols):
            want = (int(cost[row, col]), bool(stops[row, col])) if can_end[row, col] else None
            assert result.end_at((col, row)) == want
            assert fresh.end_at((col, row)) == want


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    axis=st.sampled_from(["x", "y"]),
    index=st.sampled_from(["odd", "even"]),
    cols=st.integers(12, 40),
    rows=st.integers(12, 40),
)
def test_bounded_search_window_on_larger_maps(seed: int, axis: str, index: str, cols: int, rows: int) -> None:
    # Small budgets on larger maps: a bounded search only looks at a window
    # around the mover; the reference looks everywhere.
    rng = np.random.default_rng(seed)
    board = random_board(rng, axis, index, cols, rows)
    for _ in range(3):
        radius = int(rng.choice([0, 0, 1, 2]))
        check_query(rng, board, radius, MovementType(int(rng.integers(0, 3))), int(rng.integers(0, 9)))
