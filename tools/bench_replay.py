"""The replay viewer on a long log: how long a GM waits for one step back, one step forward, a jump to a round.

A seeded random playout on a shipped map (default: fortress_assault) makes a legal log of ``--actions``
actions (moves, attacks, shots, casts, turns, ends of turn; a fight that would end is taken back and the
turn passed instead, so the log keeps going). The viewer (``ReplayScene``, headless) opens it, jumps to
its end, then steps back ``--samples`` times; then steps forward as many times from the start, and
jumps to rounds spread over the log. Times are process CPU time (the machine may be shared), medians
and the worst, in ms; opening the viewer (one replay of the whole log) and the first End are timed apart.

Baseline, measured in the same run: the same viewer with no checkpoints (each step back replays the
log's prefix from the start, as the viewer did before it kept checkpoints). Target: a step back under
100 ms, where a GM starts to notice.

``--out FILE`` also writes the log, to open in the window: ``playmat play MAP --replay FILE``.
Usage: ``python tools/bench_replay.py [--map maps/X.tmx] [--actions N] [--samples N] [--seed S] [--out F]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_turn import playout_log  # noqa: E402  (the same seeded playout as the engine's benchmark)

from game.maps import load_scenario  # noqa: E402
from game.rules import write_log  # noqa: E402
from game.ui.replay import ReplayScene  # noqa: E402


def timed(fn) -> float:
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


def measure(scenario, actions: list, args: argparse.Namespace, baseline: bool) -> tuple:
    """(open ms, first End ms, steps back, steps forward, jumps, checkpoints kept, rounds) for one viewer."""
    n = len(actions)
    box: dict[str, ReplayScene] = {}
    open_ms = timed(lambda: box.setdefault("v", ReplayScene(scenario, actions)))
    v = box["v"]
    if baseline:
        v.every = n + 1  # the viewer as it was: no checkpoint, the whole prefix replayed each time
    end_ms = timed(lambda: v.go(n))
    back = [timed(lambda: v.go(v.k - 1)) for _ in range(args.samples)]
    v.go(0)
    forward = [timed(lambda: v.go(v.k + 1)) for _ in range(args.samples)]
    rounds = v.rounds()
    picks = [rounds[i * (len(rounds) - 1) // max(1, args.samples - 1)] for i in range(args.samples)]
    random.Random(args.seed).shuffle(picks)
    jumps = [timed(lambda r=r: v.jump_to_round(r)) for r in picks]
    return open_ms, end_ms, back, forward, jumps, len(v.checkpoints), len(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default=str(ROOT / "maps" / "fortress_assault.tmx"))
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    scenario = load_scenario(args.map)
    actions = playout_log(scenario, args.actions, random.Random(args.seed))
    if args.out:
        write_log(actions, args.out)

    n = len(actions)
    rows = {"no checkpoints (every step back replays the prefix)": measure(scenario, actions, args, baseline=True),
            "checkpoints": measure(scenario, actions, args, baseline=False)}
    rounds_n = rows["checkpoints"][6]

    def stat(xs: list[float]) -> str:
        return f"median {statistics.median(xs):.2f} ms, worst {max(xs):.2f} ms over {len(xs)}"

    print(f"{Path(args.map).name}: a log of {n} actions, {rounds_n} rounds (seed {args.seed}); process CPU time")
    for name, (open_ms, end_ms, back, forward, jumps, kept, _) in rows.items():
        print(f"{name}:")
        print(f"  opening the viewer (the whole log replayed once): {open_ms:.0f} ms; "
              f"End the first time: {end_ms:.0f} ms ({kept} checkpoints kept)")
        print(f"  one step back from the end: {stat(back)}")
        print(f"  one step forward from the start: {stat(forward)}")
        print(f"  a jump to a round: {stat(jumps)}")
    base, new = rows["no checkpoints (every step back replays the prefix)"], rows["checkpoints"]
    print(json.dumps({"actions": n, "baseline_back_median_ms": round(statistics.median(base[2]), 2),
                      "back_median_ms": round(statistics.median(new[2]), 2), "back_worst_ms": round(max(new[2]), 2),
                      "baseline_jump_median_ms": round(statistics.median(base[4]), 2),
                      "jump_median_ms": round(statistics.median(new[4]), 2),
                      "forward_median_ms": round(statistics.median(new[3]), 2),
                      "back_ok": statistics.median(new[2]) <= 100.0}))


if __name__ == "__main__":
    main()
