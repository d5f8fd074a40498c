"""Time loading big TMX maps: the loader's whole-map terrain pass against the per-cell loop it replaced.

The baseline is the per-cell loop the loader had before (``per_cell_board``, kept here as it was),
swapped in for the loader's terrain pass in the same run, so both are timed on the same machine, maps
and moment (runs interleaved); the two boards and problem lists are checked equal first. The baseline's
load also builds each layer's per-cell tile view, as the map reader then did for every map.

Maps: random terrain (".", "d", "w", "h", "#") under a layer of scattered decoration, 8 px tiles.
Prints medians (s) of ``load_scenario`` and of the terrain pass alone, baseline / new, then for the
largest map the peak memory traced (tracemalloc) while loading either way and the most the terrain pass
itself held above what was held when it began, then one JSON line.

    python tools/bench_load.py [--sizes 100,400,1000] [--runs N] [--no-memory]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.maps import loader  # noqa: E402
from game.maps.loader import load_scenario  # noqa: E402
from game.maps.terrain_pass import TerrainPass, TileTerrain  # noqa: E402
from game.maps.tmxwrite import write_map  # noqa: E402
from game.rules import (  # noqa: E402
    DEFAULT_COSTS,
    NO_ENTRY,
    OFF_MAP,
    Board,
    HexLayout,
    MovementType,
    Terrain,
    default_exits,
)

Pass = Callable[..., Board]
NEW: Pass = TerrainPass.board


def per_cell_board(self: TerrainPass, layout: HexLayout) -> Board:
    """The loader's terrain pass before it worked on whole arrays: one Python step per cell and layer."""
    rows, cols = layout.rows, layout.cols
    terrain = np.full((rows, cols), OFF_MAP, dtype=np.int8)
    cost = np.full((len(MovementType), rows, cols), NO_ENTRY, dtype=np.int16)
    hazard = np.zeros((rows, cols), dtype=np.int16)
    exits = np.zeros((rows, cols), dtype=bool)
    said_no_exit = np.zeros((rows, cols), dtype=bool)
    sight = np.zeros((rows, cols), dtype=bool)
    cover = np.zeros((rows, cols), dtype=bool)
    visible = [layer for layer in reversed(self.tmx.tile_layers) if layer.visible]
    for r in range(rows):
        for c in range(cols):
            decided = None
            has_tile = False
            for layer in visible:
                tile = layer.tiles[r][c]
                if tile is None:
                    continue
                has_tile = True
                decided = self.tile_terrain(tile, (c, r))
                if decided is not None:
                    break
            if not has_tile:
                continue
            decided = decided or TileTerrain()
            terrain[r, c] = decided.terrain
            for mt in MovementType:
                cost[mt, r, c] = decided.cost[mt] or DEFAULT_COSTS[decided.terrain, mt]
            hazard[r, c] = decided.hazard_damage
            exits[r, c] = bool(decided.exit)
            said_no_exit[r, c] = decided.exit is False
            said = decided.blocks_sight
            sight[r, c] = decided.terrain == Terrain.BLOCKED if said is None else said
            cover[r, c] = decided.cover
    on_map = terrain != OFF_MAP
    if not on_map.any():
        self.problem(None, "no visible tile layer has a tile, so no cell is on the map")
    if not exits.any():
        exits = default_exits(on_map, said_no_exit)
    return Board(layout, terrain, cost, hazard, exits, sight, cover)


PASSES: dict[str, Pass] = {"new": NEW, "baseline": per_cell_board}
board_seconds: list[float] = []  # the terrain pass's time in the last load
board_peak: list[int] = []  # under tracemalloc, bytes: the most the last terrain pass held; the peak before it


@contextmanager
def terrain_pass(name: str) -> Iterator[None]:
    """Load with pass ``name``, its time noted in ``board_seconds``."""
    chosen = PASSES[name]

    def timed(self: TerrainPass, layout: HexLayout) -> Board:
        before, peak_before = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()  # so the peak read after is the pass's own (the load's peak is kept)
        t = time.perf_counter()
        board = chosen(self, layout)
        board_seconds[:] = [time.perf_counter() - t]
        board_peak[:] = [tracemalloc.get_traced_memory()[1] - before, peak_before]
        return board

    TerrainPass.board = timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        TerrainPass.board = NEW  # type: ignore[method-assign]


def make_map(folder: Path, size: int, seed: int = 1) -> Path:
    rng = random.Random(seed)
    rows = ["." * size] * 5 + ["".join(rng.choices(".dwh#", weights=[40, 20, 15, 10, 15], k=size))
                               for _ in range(size - 5)]
    decor = ["".join(rng.choices("o_", weights=[1, 9], k=size)) for _ in range(size)]
    units = [{"name": "A", "at": (1, 1), "faction": "player"}, {"name": "B", "at": (3, 3), "faction": "enemy"}]
    return write_map(folder / f"m{size}.tmx", rows, tile_width=8, tile_height=8, side_length=4, units=units,
                     layers=[{"name": "Decor", "rows": decor}])


def check_agreement(path: Path) -> None:
    boards = {}
    for name in PASSES:
        with terrain_pass(name):
            problems = loader.validate_map(path)
            board = load_scenario(path).board
        boards[name] = (problems, [np.asarray(getattr(board, a)).tolist() for a in
                                   ("terrain", "cost", "hazard_damage", "exit", "blocks_sight", "cover")])
    assert boards["new"] == boards["baseline"], "the terrain passes disagree"


def timings(path: Path, runs: int) -> dict[str, float]:
    """Medians (s) of whole loads and of their terrain pass, per pass; runs interleaved."""
    loads: dict[str, list[float]] = {name: [] for name in PASSES}
    boards: dict[str, list[float]] = {name: [] for name in PASSES}
    for _ in range(runs):
        for name in PASSES:
            with terrain_pass(name):
                t = time.perf_counter()
                load_scenario(path)
                loads[name].append(time.perf_counter() - t)
                boards[name].append(board_seconds[0])
    out = {}
    for name in PASSES:
        out[f"{name}_load"] = statistics.median(loads[name])
        out[f"{name}_board"] = statistics.median(boards[name])
    return out


def peak_memory(path: Path) -> dict[str, float]:
    """Peak traced memory (MB) while loading the map, and the most the terrain pass held, per pass."""
    out = {}
    for name in PASSES:
        with terrain_pass(name):
            tracemalloc.start()
            load_scenario(path)
            out[name] = max(tracemalloc.get_traced_memory()[1], board_peak[1]) / 1e6
            out[f"{name}_pass"] = board_peak[0] / 1e6
            tracemalloc.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,400,1000", help="map sides in cells, comma-separated")
    parser.add_argument("--runs", type=int, default=0, help="loads per pass and size (default: 7, 5, 3 by size)")
    parser.add_argument("--no-memory", action="store_true", help="skip the tracemalloc run (slow for the baseline)")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    rows: list[dict[str, object]] = []
    memory: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            path = make_map(Path(tmp), size)
            if size == min(sizes):  # the baseline's slow at 1000x1000: agreement on the smallest map
                check_agreement(path)
            runs = args.runs or (7 if size <= 100 else 5 if size <= 400 else 3)
            rows.append({"size": size, "runs": runs, **timings(path, runs)})
        if not args.no_memory:
            memory = peak_memory(make_map(Path(tmp), max(sizes)))
    print("agreement: the new and baseline terrain passes give the same board and problems")
    print("medians in s; x = baseline / new")
    print(f"{'map':>10} {'runs':>4} {'load new':>9} {'baseline':>9} {'x':>6} {'pass new':>9} {'baseline':>9} {'x':>7}")
    for r in rows:
        nl, bl, nb, bb = (float(r[k]) for k in ("new_load", "baseline_load", "new_board", "baseline_board"))  # type: ignore[arg-type]
        print(f"{r['size']:>5}x{r['size']:<4} {r['runs']:>4} {nl:9.3f} {bl:9.3f} {bl / nl:6.1f} {nb:9.4f} {bb:9.3f}"
              f" {bb / nb:7.0f}")
    if memory:
        print(f"peak traced memory loading {max(sizes)}x{max(sizes)}: new {memory['new']:.1f} MB, "
              f"baseline {memory['baseline']:.1f} MB; of which the terrain pass: new {memory['new_pass']:.1f} MB, "
              f"baseline {memory['baseline_pass']:.1f} MB")
    print(json.dumps({"bench": "load", "rows": rows, "peak_mb": memory}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
