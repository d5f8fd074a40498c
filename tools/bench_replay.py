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

Whole-log replays (``--whole``, what ``state``, ``reach``, ``render``, ``play --log`` and the saves list do with
a log): logs of ``--lines`` lines (default ``MAX_LOG_LINES``, the most a log may have) on open 64x64 maps of
24 and of 200 combatants (``MAX_COMBATANTS``), every combatant in turn stepping to a free neighbouring hex (a
``move`` with its path, as Playmat writes it), now and then turning, then ending its turn. Each is read
(``read_log``) and replayed (``replay``) ``--repeats`` times; medians of process CPU time. Baseline, in the
same run: ``json.loads`` of every line alone, the least any reader of the log must spend; the ratio says how
many times that the checks cost. The promise (docs/limits.md): an answer within a few seconds.

``--profile N``: instead, where one whole-log replay with N combatants spends its time (cProfile, the 20
functions of most time of their own), to see what to make faster next.

Usage: ``python tools/bench_replay.py [--map maps/X.tmx] [--actions N] [--samples N] [--seed S] [--out F]
[--whole] [--viewer] [--lines N] [--repeats N] [--profile N]`` (neither ``--whole`` nor ``--viewer``: both).
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
from game.rules import Begin, Encounter, EndTurn, Face, Move, limits, read_log, replay, scenario_from_rows, write_log  # noqa: E402,I001
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


def open_field(units: int, seed: int):
    """An open 64x64 map with ``units`` combatants in two bands, players and enemies alternating."""
    rng = random.Random(seed)
    taken: set[tuple[int, int]] = set()
    specs = []
    for i in range(units):
        faction = "player" if i % 2 == 0 else "enemy"
        band = range(2, 30) if faction == "player" else range(34, 62)
        while (at := (rng.randrange(2, 62), rng.choice(band))) in taken:
            pass
        taken.add(at)
        specs.append({"name": f"{faction} {i}", "at": at, "faction": faction, "move": 6,
                      "initiative": rng.randint(0, 5), "hp": 30, "attack": 3})
    return scenario_from_rows(["." * 64] * 64, specs, seed=seed, title=f"open field, {units} combatants")


def pacing_log(scenario, lines: int, rng: random.Random) -> list[str]:
    """A legal log of ``lines`` lines, written without the engine (it checks them when the log is replayed):
    nobody fights, so the order of turns never changes; each combatant steps to a free neighbouring hex."""
    enc = Encounter.from_scenario(scenario)
    enc.apply(Begin())
    order = enc.order()
    layout, board = scenario.board.layout, scenario.board
    where = {name: enc.unit(name).cell for name in order}
    held = set(where.values())
    out = [Begin().to_json()]
    turn = 0
    while len(out) < lines:
        name = order[turn % len(order)]
        turn += 1
        here = where[name]
        free = [c for c in layout.neighbors(here) if board.is_on_map(c) and c not in held]
        if free:
            to = rng.choice(free)
            held.discard(here)
            held.add(to)
            where[name] = to
            out.append(Move(name, to, (to,)).to_json())
        if rng.random() < 0.3:
            out.append(Face(name, rng.choice(layout.direction_names)).to_json())
        out.append(EndTurn().to_json())
    return out[:lines]


def one_whole_replay(scenario, text: list[str]) -> tuple[float, float, float]:
    """(json.loads of every line, read_log, replay) in ms, for one run."""
    floor = timed(lambda: [json.loads(line) for line in text])
    box: dict[str, list] = {}
    read = timed(lambda: box.setdefault("a", read_log(text, scenario.board.layout)))
    return floor, read, timed(lambda: replay(scenario, box["a"]))


def whole_replays(args: argparse.Namespace) -> None:
    """Median CPU time to read and to replay a whole log, against ``json.loads`` of its lines."""
    print(f"whole-log replays: logs of {args.lines:,} lines, {args.repeats} runs each; process CPU time")
    for units in (24, limits.MAX_COMBATANTS):
        scenario = open_field(units, args.seed)
        text = pacing_log(scenario, args.lines, random.Random(args.seed))
        runs = [one_whole_replay(scenario, text) for _ in range(args.repeats)]
        f, r, p = (statistics.median(run[i] for run in runs) for i in range(3))
        print(f"  {units} combatants: json.loads alone (baseline) median {f:.0f} ms; read_log median {r:.0f} ms "
              f"({r / f:.1f}x the baseline); replay median {p:.0f} ms; read + replay {r + p:.0f} ms "
              f"({(r + p) / f:.1f}x the baseline)")
        print(json.dumps({"whole_log_lines": args.lines, "combatants": units, "json_loads_median_ms": round(f),
                          "read_median_ms": round(r), "replay_median_ms": round(p),
                          "read_and_replay_median_ms": round(r + p), "ratio_to_json_loads": round((r + p) / f, 1)}))


def profile(args: argparse.Namespace) -> None:
    """cProfile of one replay of a ``--lines`` log with ``args.profile`` combatants, by time of their own."""
    import cProfile
    import pstats

    scenario = open_field(args.profile, args.seed)
    actions = read_log(pacing_log(scenario, args.lines, random.Random(args.seed)), scenario.board.layout)
    prof = cProfile.Profile()
    prof.runcall(replay, scenario, actions)
    print(f"replay of {args.lines:,} lines, {args.profile} combatants, under cProfile (times inflated by it):")
    pstats.Stats(prof).sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default=str(ROOT / "maps" / "fortress_assault.tmx"))
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--whole", action="store_true", help="only the whole-log replays")
    parser.add_argument("--viewer", action="store_true", help="only the replay viewer")
    parser.add_argument("--lines", type=int, default=limits.MAX_LOG_LINES)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile", type=int, metavar="N", help="only: where a replay with N combatants spends time")
    args = parser.parse_args()
    if args.profile is not None:
        if not 1 <= args.profile <= limits.MAX_COMBATANTS:
            parser.exit(2, f"bench_replay: --profile {args.profile} is outside 1..{limits.MAX_COMBATANTS}\n")
        profile(args)
        return
    if not args.viewer:
        whole_replays(args)
        if args.whole:
            return
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
