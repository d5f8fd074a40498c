"""Wall time of a whole `playmat reach --json` process on a 64x64 map.

Target (issue: foundation): <= 0.5 s median, whole process. Baselines measured
in the same run: a bare Python start and a Python start that imports numpy,
so the figure can be read against what any numpy program pays.

    python tools/bench_cli.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.maps.tmxwrite import write_map  # noqa: E402


def make_map(path: Path, size: int = 64, seed: int = 1) -> Path:
    rng = random.Random(seed)
    rows = ["".join(rng.choices(".d#", weights=[70, 20, 10])[0] for _ in range(size)) for _ in range(size)]
    units = [{"name": "Mover", "at": (size // 2, size // 2), "faction": "player", "move": 12}]
    rows[size // 2] = rows[size // 2][: size // 2] + "." + rows[size // 2][size // 2 + 1 :]
    taken = {(size // 2, size // 2)}
    while len(units) < 9:
        c, r = rng.randrange(size), rng.randrange(size)
        if rows[r][c] != "#" and (c, r) not in taken:
            taken.add((c, r))
            units.append({"name": f"Foe {len(units)}", "at": (c, r), "faction": "enemy"})
    return write_map(path, rows, units=units, title="bench 64")


def time_command(cmd: list[str], runs: int) -> float:
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmx = make_map(Path(tmp) / "bench64.tmx")
        py = sys.executable
        bare = time_command([py, "-c", "pass"], args.runs)
        numpy_start = time_command([py, "-c", "import numpy"], args.runs)
        reach = time_command([py, "-m", "game", "reach", str(tmx), "--unit", "Mover", "--json"], args.runs)
    print(f"{'case':<34} {'median s':>9} {'reach/this':>10}")
    for name, t in [
        ("python -c pass", bare),
        ("python -c 'import numpy'", numpy_start),
        ("playmat reach --json (64x64)", reach),
    ]:
        print(f"{name:<34} {t:9.3f} {reach / t:9.1f}x")
    print(f"target <= 0.500 s: {'met' if reach <= 0.5 else 'NOT met'}")
    print(
        json.dumps(
            {
                "bench": "cli_reach_64",
                "median_s": round(reach, 4),
                "python_s": round(bare, 4),
                "numpy_s": round(numpy_start, 4),
                "target_met": reach <= 0.5,
            }
        )
    )


if __name__ == "__main__":
    main()
