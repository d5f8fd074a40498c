"""Benchmark Playmat's reachable() against three other ways to get the same field.

Competitors, all answering "cheapest cost to every hex for a standard-size
ground mover, with ZoC stops and hostile hexes", checked to agree first:

- heapq: the plain reference in tests/reference_reach.py;
- scipy: scipy.sparse.csgraph.dijkstra, building the CSR graph from the arrays
  every query (occupancy and ZoC change every turn; ZoC = no out-edges from a
  threatened hex, the start excepted), ``limit=budget`` when bounded;
- tcod: tcod.path.CustomGraph on an axial-sheared copy of the map (hex
  neighbours are then fixed offsets), a per-edge ``condition`` so threatened
  hexes are entered but never left (start excepted), windowed by hand around
  the mover when bounded.

Playmat's timing is ``reachable()`` (the full ``[row, col]`` arrays of a
result are built lazily; the "+arrays" column adds building them).

Usage: ``python tools/bench_reach.py [--quick]``. Prints a table of medians
(ms) and ratios, then one JSON line.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules import (  # noqa: E402
    DEFAULT_COSTS,
    Board,
    HexLayout,
    MovementType,
    MoveRequest,
    Terrain,
    ThreatSource,
    reachable,
    threat_mask,
)


def _load_reference() -> object:
    spec = importlib.util.spec_from_file_location("reference_reach", ROOT / "tests" / "reference_reach.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("reference_reach", module)
    spec.loader.exec_module(module)
    return module


reference = _load_reference()
UNREACHED = -1


# --- scenario -------------------------------------------------------------------
@dataclass
class Scenario:
    board: Board
    request: MoveRequest
    flat_cost: np.ndarray  # int32 [N]: R5 cost for ground, <= 0 may not enter


def make_scenario(size: int, budget: int | None, seed: int = 1) -> Scenario:
    rng = np.random.default_rng(seed + size)
    layout = HexLayout("y", "odd", 32, 32, 16, size, size)
    # About 70 % normal, 20 % difficult, 10 % blocked.
    terrain = rng.choice(np.array([0, 1, 5], dtype=np.int8), size=(size, size), p=[0.7, 0.2, 0.1])
    centre = (size // 2, size // 2)
    for col, row in layout.disc(centre, 1):
        terrain[row, col] = 0
    cost = DEFAULT_COSTS[terrain].transpose(2, 0, 1).astype(np.int16)
    no = np.zeros((size, size), bool)  # no exits, no cover
    board = Board(layout, terrain, cost, np.zeros((size, size), np.int16), no, terrain == Terrain.BLOCKED, no)
    open_cells = [(int(c), int(r)) for r, c in zip(*np.nonzero(terrain == 0), strict=True)]
    picks = rng.choice(len(open_cells), size=11, replace=False)
    cells = [open_cells[i] for i in picks if open_cells[i] != centre]
    # Eight threatening hostiles anywhere (one in four with a [1,2] band),
    # two friends near the mover.
    hostiles = cells[:8]
    sources = [ThreatSource(c, 0, 1, 2 if i % 4 == 0 else 1) for i, c in enumerate(hostiles)]
    blocked = np.zeros((size, size), bool)
    for col, row in hostiles:
        blocked[row, col] = True
    occupied = np.zeros((size, size), bool)
    for col, row in (layout.neighbor(centre, 0), layout.neighbor(centre, 3)):
        occupied[row, col] = True
    blocked &= ~occupied
    threatened = threat_mask(board, sources)
    # Near the centre: move hostiles' bands close enough to matter for small budgets.
    near = [ThreatSource(layout.neighbor(layout.neighbor(centre, d), d), 0, 1, 1) for d in (1, 4)]
    for src in near:
        blocked[src.cell[1], src.cell[0]] = True
    threatened |= threat_mask(board, near)
    request = MoveRequest(centre, MovementType.GROUND, 0, budget, blocked, occupied, threatened)
    return Scenario(board, request, board.cost[0].ravel().astype(np.int32))


# --- competitors ------------------------------------------------------------------
def run_playmat(sc: Scenario) -> object:
    return reachable(sc.board, sc.request)


def run_playmat_arrays(sc: Scenario) -> np.ndarray:
    return reachable(sc.board, sc.request).cost


def run_heapq(sc: Scenario) -> object:
    rq = sc.request
    return reference.Reference(sc.board, rq.start, rq.movement_type, rq.radius, rq.budget,
                               rq.blocked, rq.occupied, rq.threatened)


def heapq_cost(sc: Scenario, ref: object) -> np.ndarray:
    out = np.full((sc.board.rows, sc.board.cols), UNREACHED, np.int64)
    for (cell, _state), g in ref.best.items():  # type: ignore[attr-defined]
        col, row = cell
        if out[row, col] == UNREACHED or g < out[row, col]:
            out[row, col] = g
    return out


def _entry_cost(sc: Scenario, idx: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per-hex entry cost (0 = may not enter) and whether leaving is allowed, this turn."""
    rq = sc.request
    cost = sc.flat_cost if idx is None else sc.flat_cost[idx]
    blocked = rq.blocked.ravel() if idx is None else rq.blocked.ravel()[idx]
    occupied = rq.occupied.ravel() if idx is None else rq.occupied.ravel()[idx]
    threat = rq.threatened.ravel() if idx is None else rq.threatened.ravel()[idx]
    # Hostile hexes never; a friend's threatened hex would stop the mover on it (R4).
    enter = np.where((cost >= 1) & ~blocked & ~(occupied & threat), cost, 0)
    return enter, ~threat


def run_scipy(sc: Scenario, nbr: np.ndarray) -> np.ndarray:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    rq = sc.request
    n = nbr.shape[0]
    start = sc.board.flat(rq.start)
    enter, leave = _entry_cost(sc)
    leave[start] = True  # R10: the start always moves on
    enter_pad = np.append(enter, 0)
    w = enter_pad[nbr]  # nbr -1 reads the pad
    ok = (w > 0) & leave[:, None]
    graph = csr_matrix((w[ok], nbr[ok], np.concatenate(([0], np.cumsum(ok.sum(axis=1))))), shape=(n, n))
    limit = np.inf if rq.budget is None else rq.budget
    return dijkstra(graph, indices=start, limit=limit)


@dataclass
class AxialMap:
    """The board sheared to axial (r, q) so hex neighbours are fixed offsets for tcod."""

    index: np.ndarray  # [rows, width] flat cell index or -1
    qmin: int


def axial_map(board: Board) -> AxialMap:
    q, r = board.layout.axial_arrays()
    qmin = int(q.min())
    index = np.full((board.rows, int(q.max()) - qmin + 1), -1, np.int64)
    index[r.ravel(), q.ravel() - qmin] = np.arange(board.rows * board.cols)
    return AxialMap(index, qmin)


AXIAL_EDGES = [[0, 1, 1], [1, 0, 1], [1, 1, 0]]  # (dr, dq) of the six hex sides


def run_tcod(sc: Scenario, ax: AxialMap) -> tuple[np.ndarray, np.ndarray]:
    import tcod.path

    rq = sc.request
    q0, r0 = sc.board.layout.to_axial(rq.start)
    i0, j0 = r0, q0 - ax.qmin
    if rq.budget is None:
        idx = ax.index
        si, sj = i0, j0
    else:
        m = rq.budget + 1
        a, b = max(0, i0 - m), min(ax.index.shape[0], i0 + m + 1)
        c, d = max(0, j0 - m), min(ax.index.shape[1], j0 + m + 1)
        idx = ax.index[a:b, c:d]
        si, sj = i0 - a, j0 - c
    enter, leave = _entry_cost(sc, np.where(idx >= 0, idx, 0))
    enter = np.where(idx >= 0, enter, 0).astype(np.int32)
    leave = leave.astype(np.int8)
    leave[si, sj] = 1
    graph = tcod.path.CustomGraph(idx.shape)
    graph.add_edges(edge_map=AXIAL_EDGES, cost=enter, condition=leave)
    pf = tcod.path.Pathfinder(graph)
    pf.add_root((si, sj))
    pf.resolve()
    return idx, pf.distance


# --- agreement ----------------------------------------------------------------------
def _as_field(sc: Scenario, flat: np.ndarray | None = None, values: np.ndarray | None = None) -> np.ndarray:
    out = np.full(sc.board.rows * sc.board.cols, UNREACHED, np.int64)
    if flat is not None and values is not None:
        out[flat] = values
    return out.reshape(sc.board.rows, sc.board.cols)


def fields(sc: Scenario, nbr: np.ndarray, ax: AxialMap) -> dict[str, np.ndarray]:
    budget = sc.request.budget
    limit = np.iinfo(np.int64).max if budget is None else budget
    out = {"playmat": run_playmat(sc).cost.astype(np.int64), "heapq": heapq_cost(sc, run_heapq(sc))}
    d = run_scipy(sc, nbr)
    ok = np.isfinite(d)
    out["scipy"] = _as_field(sc, np.flatnonzero(ok), d[ok].astype(np.int64))
    idx, dist = run_tcod(sc, ax)
    ok = (idx >= 0) & (dist < np.iinfo(dist.dtype).max) & (dist <= limit)
    out["tcod"] = _as_field(sc, idx[ok], dist[ok].astype(np.int64))
    return out


def check_agreement(sizes: list[int], budgets: list[int | None]) -> int:
    """Assert every competitor gives the same cost field; returns the cases checked."""
    cases = 0
    for size in sizes:
        for budget in budgets:
            sc = make_scenario(size, budget)
            got = fields(sc, sc.board.neighbor_table.astype(np.int64), axial_map(sc.board))
            base = got["heapq"]
            assert (base >= 0).sum() > 1, f"{size}x{size} budget {budget}: the mover cannot move at all"
            for name, field in got.items():
                bad = np.argwhere(field != base)
                assert not bad.size, (
                    f"{name} disagrees with heapq on {size}x{size} budget {budget} at [row, col] {bad[0].tolist()}: "
                    f"{field[tuple(bad[0])]} vs {base[tuple(bad[0])]}"
                )
            cases += 1
    return cases


# --- timing -------------------------------------------------------------------------
def interleaved_medians(runs: dict[str, tuple[Callable[[], object], int, bool]], block: int = 1) -> dict[str, float]:
    """Median ms per competitor, timed in turns so that load from elsewhere hits all alike.

    ``runs`` maps a name to ``(function, repeats, warm)``; ``warm`` runs it
    once untimed first (per-board caches, imports). Each turn runs a
    competitor up to ``block`` times in a row, as a caller asking several
    questions in a row would.
    """
    times: dict[str, list[float]] = {name: [] for name in runs}
    for fn, _reps, warm in runs.values():
        if warm:
            fn()
    while any(len(times[name]) < reps for name, (_fn, reps, _warm) in runs.items()):
        for name, (fn, reps, _warm) in runs.items():
            for _ in range(min(block, reps - len(times[name]))):
                t = time.perf_counter()
                fn()
                times[name].append((time.perf_counter() - t) * 1000)
    return {name: statistics.median(ts) for name, ts in times.items()}


def bench(sizes: list[int], budgets: list[int | None], quick: bool) -> list[dict[str, object]]:
    rows = []
    for size in sizes:
        for budget in budgets:
            sc = make_scenario(size, budget)
            nbr = sc.board.neighbor_table.astype(np.int64)
            ax = axial_map(sc.board)
            n = size * size
            unbounded = budget is None
            fast = 5 if quick else (25 if unbounded else 80)
            heap_reps = 2 if quick else (3 if unbounded and n >= 512 * 512 else (5 if unbounded else 15))
            scipy_reps = 3 if quick else max(5, min(30, int(4e6 // n)))
            medians = interleaved_medians({
                "playmat": (lambda sc=sc: run_playmat(sc), fast, True),
                "playmat_arrays": (lambda sc=sc: run_playmat_arrays(sc), fast, True),
                "heapq": (lambda sc=sc: run_heapq(sc), heap_reps, False),  # caches nothing: no warm-up
                "scipy": (lambda sc=sc, nbr=nbr: run_scipy(sc, nbr), scipy_reps, True),
                "tcod": (lambda sc=sc, ax=ax: run_tcod(sc, ax), fast, True),
            }, block=1 if unbounded else 8)
            rows.append({"size": size, "budget": budget, **medians})
    return rows


def targets(rows: list[dict[str, object]]) -> dict[str, bool]:
    def ratio(row: dict[str, object], other: str) -> float:
        return float(row[other]) / float(row["playmat"])  # type: ignore[arg-type]

    b12 = [r for r in rows if r["budget"] == 12]
    field = [r for r in rows if r["budget"] is None and r["size"] == 256]
    out = {
        "b12_le_0.3ms": bool(b12) and all(float(r["playmat"]) <= 0.3 for r in b12),  # type: ignore[arg-type]
        "b12_2.5x_heapq": bool(b12) and all(ratio(r, "heapq") >= 2.5 for r in b12),
    }
    if field:
        out["field256_2.5x_scipy"] = ratio(field[0], "scipy") >= 2.5
        out["field256_2x_tcod"] = ratio(field[0], "tcod") >= 2.0
        out["field256_30x_heapq"] = ratio(field[0], "heapq") >= 30.0
    return out


def print_table(rows: list[dict[str, object]]) -> None:
    head = (f"{'map':>8} {'budget':>6} {'playmat':>9} {'+arrays':>9} {'heapq':>10} {'scipy':>9} {'tcod':>9}"
            f" {'x heapq':>8} {'x scipy':>8} {'x tcod':>7}")
    print("medians in ms; x = competitor time / playmat time")
    print(head)
    for r in rows:
        p = float(r["playmat"])  # type: ignore[arg-type]
        budget = "field" if r["budget"] is None else str(r["budget"])
        print(f"{r['size']:>4}x{r['size']:<3} {budget:>6} {p:9.3f} {r['playmat_arrays']:9.3f} {r['heapq']:10.2f}"
              f" {r['scipy']:9.3f} {r['tcod']:9.3f} {float(r['heapq']) / p:8.1f}"  # type: ignore[arg-type]
              f" {float(r['scipy']) / p:8.1f} {float(r['tcod']) / p:7.1f}")  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small maps, few repeats: a smoke run")
    args = parser.parse_args(argv)
    sizes = [32, 64] if args.quick else [64, 128, 256, 512]
    budgets: list[int | None] = [6, 12, None]
    cases = check_agreement(sizes if args.quick else [64, 128], budgets)
    print(f"agreement: all four agree on {cases} cases")
    rows = bench(sizes, budgets, args.quick)
    print_table(rows)
    met = targets(rows) if not args.quick else {}  # the targets are about the full-size maps
    for name, ok in met.items():
        print(f"target {name}: {'met' if ok else 'NOT met'}")
    print(json.dumps({"bench": "reach", "quick": args.quick, "rows": rows, "targets": met}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
