"""Benchmark ``playmat playtest``: games per second in one process and in worker processes.

Target: ``playmat playtest maps/ambush.tmx --games 200 --jobs 2`` in <= 60 s on
a 2-core machine. The baseline measured in the same run is the same batch in
this process (``--jobs 1``); the ratio shows what the worker processes buy
(spawn start-up included). Each configuration runs ``--repeat`` times; medians
are printed, then one JSON line. The batch's JSON must be byte-identical across
configurations (checked, not timed).

With ``--heatmaps``, also the cost of drawing the batch's heatmaps, which fade each hex by the games that
touched it: the per-hex game counts (``Summary.heat_games``) against the per-hex totals (``Summary.heat``,
the baseline, same run), and the whole set of PNGs as ``--out`` writes them.

Usage: ``python tools/bench_playtest.py [MAP] [--games N] [--repeat R] [--jobs J] [--heatmaps]``.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.maps import load_scenario  # noqa: E402
from game.playtest import run_batch  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.playtest.summary import Summary
    from game.rules import Scenario

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds() -> float:
    """CPU time of this process and its finished worker processes: on a shared, loaded machine the
    wall clock says more about the neighbours than about Playmat."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_map = ROOT / "maps" / "ambush.tmx"
    ap.add_argument("map", nargs="?", default=str(default_map if default_map.exists() else ROOT / "maps/default.tmx"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--heatmaps", action="store_true", help="also time drawing the heatmaps")
    args = ap.parse_args()
    scenario = load_scenario(args.map)
    times: dict[int, list[float]] = {}
    cpu: dict[int, list[float]] = {}
    docs: dict[int, str] = {}
    for _ in range(args.repeat):
        for jobs in (1, args.jobs):
            c0 = cpu_seconds()
            t0 = time.perf_counter()
            summary = run_batch(scenario, args.games, args.seed, None, jobs, map_label=args.map)
            times.setdefault(jobs, []).append(time.perf_counter() - t0)
            cpu.setdefault(jobs, []).append(cpu_seconds() - c0)
            docs[jobs] = summary.json_text()
    identical = len(set(docs.values())) == 1
    med = {j: statistics.median(t) for j, t in times.items()}
    med_cpu = {j: statistics.median(t) for j, t in cpu.items()}
    print(f"map {args.map}: {args.games} games, seeds {args.seed}.., AI normal everywhere, {args.repeat} run(s) each")
    for j, m in med.items():
        print(f"  --jobs {j}: median {m:6.2f} s  {args.games / m:6.2f} games/s  "
              f"(CPU {med_cpu[j]:6.2f} s: {med_cpu[j] / args.games:.3f} CPU-s per game)")
    speedup = med[1] / med[args.jobs]
    wall_200 = med[args.jobs] * 200 / args.games
    idle_200 = med_cpu[args.jobs] / args.games * 200 / args.jobs  # every job with a core of its own
    print(f"  --jobs {args.jobs} vs --jobs 1 (baseline, same run): {speedup:.2f}x faster; JSON identical: {identical}")
    print(f"  200 games with --jobs {args.jobs} (target <= 60 s): {wall_200:.0f} s at this run's pace, "
          f"{idle_200:.0f} s from CPU time with {args.jobs} idle cores")
    if args.heatmaps:
        bench_heatmaps(summary, scenario, args.map, args.repeat)
    print(json.dumps({"bench": "playtest", "map": args.map, "games": args.games,
                      "median_s": {str(j): round(m, 3) for j, m in med.items()},
                      "games_per_s": {str(j): round(args.games / m, 3) for j, m in med.items()},
                      "cpu_s": {str(j): round(m, 3) for j, m in med_cpu.items()},
                      "speedup": round(speedup, 3), "projected_200_s": round(wall_200, 1),
                      "projected_200_idle_s": round(idle_200, 1), "identical_json": identical}))
    return 0 if identical else 1


def bench_heatmaps(summary: Summary, scenario: Scenario, map_path: str, repeat: int) -> None:
    """Median times of the heatmaps' per-hex sums, the game counts their fading adds, and the PNGs."""
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.playtest.heatmaps import write_heatmaps

    layers = summary.heat_layers()

    def timed(fn: Callable[[], object]) -> float:
        runs = []
        for _ in range(max(3, repeat)):
            t0 = time.perf_counter()
            fn()
            runs.append(time.perf_counter() - t0)
        return statistics.median(runs)

    totals = timed(lambda: [summary.heat(layer) for layer in layers])
    games = timed(lambda: [summary.heat_games(layer) for layer in layers])
    with tempfile.TemporaryDirectory() as out:
        pngs = timed(lambda: write_heatmaps(summary, scenario, map_path, Path(out)))
    print(f"  heatmaps of {len(layers)} layers over {summary.games} games: per-hex totals (baseline) median "
          f"{1000 * totals:.1f} ms, per-hex game counts {1000 * games:.1f} ms ({games / totals:.2f}x); "
          f"all PNGs drawn and written {pngs:.2f} s")


if __name__ == "__main__":
    raise SystemExit(main())
