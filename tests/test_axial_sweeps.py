"""The AI's axial sweeps (game/ai/grid.py) against a plain Dijkstra written here.

The AI estimates where each hostile could stand next turn with numpy sweeps,
one window per hostile, or several hostiles in one stack; either way a player
must get the same AI. The reference is a textbook Dijkstra over the same
axial rectangle: entering a hex costs its cost, a zone-of-control hex may be
entered but not left (R9) except the start (R10), nothing past the budget.
"""

from __future__ import annotations

import heapq

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.axial_sweeps import INF, Window, dilate_flat, grow_stack, reach_flat

VECTORS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial neighbour steps


def dijkstra(cost: np.ndarray, stops: np.ndarray, start: tuple[int, int], budget: int) -> np.ndarray:
    """Cheapest cost to each cell of a padded [row, q] array (INF past the budget or unreachable)."""
    dist = np.full(cost.shape, INF)
    dist[start] = 0.0
    heap = [(0.0, start)]
    while heap:
        d, (r, q) = heapq.heappop(heap)
        if d > dist[r, q] or (stops[r, q] and (r, q) != start):
            continue  # a ZoC hex is entered, never left
        for dq, dr in VECTORS:
            nr, nq = r + dr, q + dq
            if 0 <= nr < cost.shape[0] and 0 <= nq < cost.shape[1]:
                nd = d + cost[nr, nq]
                if nd <= budget and nd < dist[nr, nq]:
                    dist[nr, nq] = nd
                    heapq.heappush(heap, (nd, (nr, nq)))
    return dist


def padded(values: np.ndarray, fill: float) -> np.ndarray:
    out = np.full((values.shape[0] + 2, values.shape[1] + 2), fill)
    out[1:-1, 1:-1] = values
    return out


def window(size: int) -> Window:
    q, r = np.meshgrid(np.arange(size), np.arange(size))
    return Window(q.ravel(), r.ravel(), np.arange(size * size), VECTORS, (0, 0), (size - 1, size - 1))


boards = st.integers(min_value=0, max_value=2**32 - 1).map(lambda seed: np.random.default_rng(seed))


@settings(max_examples=60, deadline=None)
@given(rng=boards, k=st.integers(1, 4))
def test_stacked_reach_matches_dijkstra_for_each_mover(rng: np.random.Generator, k: int) -> None:
    size = 11
    centre = size // 2 + 1  # padded index of the window's middle hex, where every mover starts
    costs = [padded(rng.choice([1.0, 1.0, 2.0, 3.0, INF], size=(size, size)), INF) for _ in range(k)]
    stops = [padded(rng.random((size, size)) < 0.2, False) for _ in range(k)]
    budgets = rng.integers(0, 8, size=k)
    width = size + 2
    starts = np.arange(k) * width * width + centre * width + centre  # each window laid after the last
    stacked = reach_flat(np.stack(costs).ravel(), np.stack(stops).ravel(), starts, budgets, VECTORS, width)
    stacked = stacked.reshape(k, width, width)
    for i in range(k):
        expected = dijkstra(costs[i], stops[i], (centre, centre), int(budgets[i]))
        np.testing.assert_array_equal(stacked[i], expected)


@settings(max_examples=40, deadline=None)
@given(rng=boards, k=st.integers(1, 4))
def test_stacked_growth_spreads_each_window_by_its_own_band(rng: np.random.Generator, k: int) -> None:
    size = 9
    seeds = [padded(np.where(rng.random((size, size)) < 0.1, 0.0, INF), INF) for _ in range(k)]
    bands = rng.integers(0, 4, size=k)
    grown = grow_stack(np.stack(seeds), bands, VECTORS)
    for i in range(k):
        # By hand: a hex is within band b of a seed when b steps from a seed reach it (cost 1 each).
        expected = np.full(seeds[i].shape, INF)
        for r, q in zip(*np.nonzero(seeds[i][1:-1, 1:-1] == 0.0), strict=True):
            d = dijkstra(np.ones_like(seeds[i]), np.zeros(seeds[i].shape, dtype=bool), (r + 1, q + 1), int(bands[i]))
            expected[1:-1, 1:-1] = np.where(d[1:-1, 1:-1] < INF, 0.0, expected[1:-1, 1:-1])
        np.testing.assert_array_equal(grown[i][1:-1, 1:-1], expected[1:-1, 1:-1])


@settings(max_examples=40, deadline=None)
@given(rng=boards)
def test_walking_distance_to_the_nearest_goal_matches_dijkstra(rng: np.random.Generator) -> None:
    # The AI's "how far to the fight": from each hex, the cheapest walk to any goal hex, paying
    # each hex entered (the goal's own cost included, the start's not).
    size = 9
    cost = padded(rng.choice([1.0, 1.0, 2.0, 3.0, INF], size=(size, size)), INF)
    goal = padded(rng.random((size, size)) < 0.05, False)
    expected = np.full(cost.shape, INF)
    heap = [(0.0, (int(r), int(q))) for r, q in np.argwhere(goal)]
    for _, cell in heap:
        expected[cell] = 0.0
    heapq.heapify(heap)
    while heap:  # Dijkstra backwards from the goals: stepping c -> n costs cost[n]
        d, (r, q) = heapq.heappop(heap)
        if d > expected[r, q]:
            continue
        for dq, dr in VECTORS:
            pr, pq = r - dr, q - dq  # the hex whose step along (dq, dr) enters (r, q)
            if 0 <= pr < cost.shape[0] and 0 <= pq < cost.shape[1] and d + cost[r, q] < expected[pr, pq]:
                expected[pr, pq] = d + cost[r, q]
                heapq.heappush(heap, (expected[pr, pq], (pr, pq)))
    got = window(size).distance_to(goal.ravel(), cost.ravel()).reshape(cost.shape)
    inside = (slice(1, -1), slice(1, -1))
    np.testing.assert_array_equal(np.minimum(got[inside], INF), np.minimum(expected[inside], INF))


@settings(max_examples=40, deadline=None)
@given(rng=boards)
def test_walking_distance_stopped_early_is_exact_at_the_hexes_asked(rng: np.random.Generator) -> None:
    # walk_to asks only about the mover's candidate hexes (``settle``): the sweep may stop once they are
    # final, but there they must be the same as a sweep run until nothing changes.
    size = 12
    cost = padded(rng.choice([1.0, 1.0, 2.0, 3.0, INF], size=(size, size)), INF)
    goal = padded(rng.random((size, size)) < 0.03, False)
    win = window(size)
    full = win.distance_to(goal.ravel(), cost.ravel())
    settle = win.at[rng.choice(size * size, size=int(rng.integers(1, 10)), replace=False)]
    early = win.distance_to(goal.ravel(), cost.ravel(), settle)
    np.testing.assert_array_equal(np.minimum(early[settle], INF), np.minimum(full[settle], INF))


@settings(max_examples=60, deadline=None)
@given(rng=boards, band=st.integers(0, 9))
def test_a_disc_spread_is_every_cell_within_the_band_of_a_seed(rng: np.random.Generator, band: int) -> None:
    # Zones of weapon reach (R1, R28): by hand, a cell is in when some seed lies within ``band`` axial
    # steps, max(|dq|, |dr|, |dq + dr|). Seeds sit in the middle, ``band`` or more cells from the edge.
    inner = 5
    width = inner + 2 * band + 2  # padded: a cell of padding each side
    seeds = np.zeros((width, width), dtype=bool)
    lo = band + 1
    seeds[lo: lo + inner, lo: lo + inner] = rng.random((inner, inner)) < 0.15
    got = dilate_flat(seeds.ravel(), band, width).reshape(width, width)
    points = np.argwhere(seeds)
    want = np.zeros_like(seeds)
    for r in range(width):
        for q in range(width):
            dq, dr = q - points[:, 1], r - points[:, 0]
            want[r, q] = bool(points.size) and bool(
                (np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr)) <= band).any())
    np.testing.assert_array_equal(got, want)
