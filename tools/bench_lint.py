"""Time ``playmat validate --lint`` and what its *can never reach a hostile* finding adds.

The baseline is the same lint with that finding switched off (``game.maps.lint.stranded`` swapped for
one that says nothing), timed in the same run on the same maps, runs interleaved; the reach over any
number of turns it shares with the exits and shooters checks is counted in both. Maps: the largest
shipped map (by cells), Miller's Ford (a large troll with a river to cross), two 40x40 maps of
tools/gen_skirmish.py (seeds 593 and 475) and a 40x40 river with a one-hex ford and eight large
walkers on the far bank, all named (the most reasons to find), and a 40x40 map walled down the middle
with eight large archers on the far side, all named: the worst case for asking sight from every hex a
large shooter could stand on (R26, R29, R30).

Prints per map the median seconds with and without the finding, their ratio and how many lines it
gave, then one JSON line.

    python tools/bench_lint.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for where in (ROOT, ROOT / "tools"):
    if str(where) not in sys.path:
        sys.path.insert(0, str(where))

import gen_skirmish  # noqa: E402

from game.maps import lint  # noqa: E402
from game.maps.loader import load_scenario  # noqa: E402
from game.maps.tmxwrite import write_map  # noqa: E402

SKIRMISH_SEEDS = (593, 475)  # the first seeds whose map is 40 columns by 40 rows
FINDING = "can never reach a hostile"


def stranded_river(folder: Path) -> Path:
    """40x40, water down columns 19-20 save a ford on row 20; a standard hero west, eight large walkers east."""
    rows = ["." * 19 + (".." if r == 20 else "ww") + "." * 19 for r in range(40)]
    units: list[dict[str, object]] = [{"name": "Hero", "at": (3, 20), "faction": "player"}]
    units += [{"name": f"Troll {i + 1}", "at": (25 + 8 * (i % 2), 3 + 5 * (i // 2)), "faction": "enemy",
               "size": "large"} for i in range(8)]
    return write_map(folder / "river_40x40.tmx", rows, units=units, tileset="external")


def walled_archers(folder: Path) -> Path:
    """40x40, rock down columns 19-20 from top to bottom; a standard hero west of it, within the range of eight
    large archers (2-8) that could come up to it on the east: by range alone they could shoot him."""
    rows = ["." * 19 + "##" + "." * 19 for _ in range(40)]
    units: list[dict[str, object]] = [{"name": "Hero", "at": (17, 20), "faction": "player"}]
    units += [{"name": f"Archer {i + 1}", "at": (25 + 8 * (i % 2), 3 + 5 * (i // 2)), "faction": "enemy",
               "size": "large", "ranged": "2-8"} for i in range(8)]
    return write_map(folder / "walled_40x40.tmx", rows, units=units, tileset="external")


def maps(folder: Path) -> list[Path]:
    shipped = sorted((ROOT / "maps").glob("*.tmx"))
    largest = max(shipped, key=lambda p: (lambda b: b.rows * b.cols)(load_scenario(p).board))
    out = [largest, ROOT / "maps" / "default.tmx"]
    out += [gen_skirmish.generate(folder, seed).path for seed in SKIRMISH_SEEDS]
    return [*dict.fromkeys(out), stranded_river(folder), walled_archers(folder)]


def timed(path: Path) -> tuple[float, list[str]]:
    start = time.perf_counter()
    lines = lint.lint_map(path)
    return time.perf_counter() - start, lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    real = lint.stranded
    report = []
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'map':34} {'with (s)':>9} {'without':>9} {'ratio':>6}  lines")
        for path in maps(Path(tmp)):
            with_, without = [], []
            lines: list[str] = []
            for _ in range(args.runs):
                lint.stranded = real
                t, lines = timed(path)
                with_.append(t)
                lint.stranded = lambda *_a: []
                without.append(timed(path)[0])
            lint.stranded = real
            a, b = statistics.median(with_), statistics.median(without)
            found = sum(FINDING in w or "carry the fight" in w for w in lines)
            board = load_scenario(path).board
            name = f"{path.name} ({board.cols}x{board.rows})"
            print(f"{name:34} {a:9.3f} {b:9.3f} {a / b:6.2f}  {found}")
            report.append({"map": path.name, "cols": board.cols, "rows": board.rows, "with_s": round(a, 4),
                           "without_s": round(b, 4), "ratio": round(a / b, 3), "lines": found})
    print(json.dumps({"runs": args.runs, "maps": report}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
