"""Benchmark the encounter engine on a 64x64 map with 24 combatants.

1. Median time of ``legal_actions()`` for the current actor plus applying one
   of its moves (target <= 2 ms).
2. Time to read and replay a 1,000-action log made by a seeded random
   playout that never lets the fight end early (target <= 1 s).

Baselines measured in the same run, to read the figures against:
- the plain heapq pathfinder of the test suite (tests/reference_reach.py)
  answering only the move part of the same turns;
- reading and parsing the same log without applying it.

Prints the medians, ratios and one JSON line. Usage: ``python tools/bench_turn.py [--seed N]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import (  # noqa: E402
    Begin,
    Encounter,
    EndTurn,
    Move,
    MoveRequest,
    Scenario,
    read_log,
    replay,
    scenario_from_rows,
    write_log,
)

SIZE = 64
UNITS = 24
ROOT = Path(__file__).resolve().parents[1]


def load_reference():  # the plain heapq search the tests check against
    spec = importlib.util.spec_from_file_location("reference_reach", ROOT / "tests" / "reference_reach.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Reference


def reference_request(enc: Encounter, name: str) -> MoveRequest:
    """The actor's move question, built from the public state (as any caller could)."""
    me = enc.unit(name)
    shape = (enc.board.rows, enc.board.cols)
    blocked, occupied = np.zeros(shape, bool), np.zeros(shape, bool)
    for u in enc.units.values():
        if u.active and u.name != name:
            target = blocked if enc.hostility.hostile(u.faction, me.faction) else occupied
            for c, r in enc.footprint(u.name):
                target[r, c] = True
    threatened = None if me.zoc_exhausted else enc.threat_mask_for(name)
    return MoveRequest(me.cell, me.spec.movement_type, me.radius, me.movement, blocked, occupied, threatened)


def make_scenario(seed: int) -> Scenario:
    rng = random.Random(seed)
    rows = ["".join(rng.choices(".d#w", weights=(80, 12, 4, 4), k=SIZE)) for _ in range(SIZE)]
    units = []
    taken: set[tuple[int, int]] = set()
    for i in range(UNITS):
        faction = "player" if i % 2 == 0 else "enemy"
        # two loose armies facing each other across the middle
        band = range(20, 30) if faction == "player" else range(34, 44)
        while True:
            at = (rng.randrange(8, 56), rng.choice(band))
            if rows[at[1]][at[0]] in ".d" and at not in taken:
                break
        taken.add(at)
        units.append(
            {
                "name": f"{faction} {i}",
                "at": at,
                "faction": faction,
                "move": rng.randint(5, 8),
                "initiative": rng.randint(0, 5),
                "hp": 30,
                "attack": 3,
                "reach": rng.choice([1, 1, 2]),
                "skills": "blades:2",
            }
        )
    return scenario_from_rows(rows, units, seed=seed, title="bench 64x64")


def bench_turns(scenario: Scenario, samples: int, rng: random.Random) -> tuple[list[float], list[float]]:
    """Per turn: legal_actions + a move; and, untimed by the first, the heapq search alone."""
    reference = load_reference()
    enc = Encounter.from_scenario(scenario)
    enc.apply(Begin())
    times, baseline = [], []
    for _ in range(samples):
        rq = reference_request(enc, enc.turn)
        t0 = time.perf_counter()
        reference(enc.board, rq.start, rq.movement_type, rq.radius, rq.budget, rq.blocked, rq.occupied, rq.threatened)
        baseline.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        legal = enc.legal_actions()
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            enc.apply(rng.choice(moves))
        times.append(time.perf_counter() - t0)
        enc.apply(EndTurn())
    return times, baseline


def playout_log(scenario: Scenario, length: int, rng: random.Random) -> list:
    """A legal log of ``length`` actions: any legal action but fleeing; a fight that would end is taken back
    and the turn passed instead (tools/bench_replay.py makes its long logs with this too)."""
    enc = Encounter.from_scenario(scenario)
    enc.apply(Begin())
    while len(enc.history) < length:
        by_kind: dict[str, list] = {}
        for a in enc.legal_actions():
            if a.KIND != "flee":
                by_kind.setdefault(a.KIND, []).append(a)
        # mostly moves and actions; some turning; pass now and then
        roll = rng.random()
        if roll < 0.7:
            kind = rng.choice([k for k in by_kind if k not in ("end_turn", "face")] or ["end_turn"])
        else:
            kind = "face" if roll < 0.8 and "face" in by_kind else "end_turn"
        enc.apply(rng.choice(by_kind[kind]))
        if enc.is_over():  # keep the fight going: take it back and pass instead
            enc.undo()
            enc.apply(EndTurn())
    return list(enc.history)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    scenario = make_scenario(args.seed)

    turn_times, heapq_times = bench_turns(scenario, args.samples, rng)
    turn_ms = statistics.median(turn_times) * 1000
    heapq_ms = statistics.median(heapq_times) * 1000

    history = playout_log(scenario, 1000, rng)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.jsonl"
        write_log(history, path)
        runs, parse_runs = [], []
        for _ in range(3):
            t0 = time.perf_counter()
            read_log(path, scenario.board.layout)
            parse_runs.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            enc = replay(scenario, read_log(path, scenario.board.layout))
            runs.append(time.perf_counter() - t0)
    assert len(enc.history) == len(history)
    replay_s = statistics.median(runs)
    parse_s = statistics.median(parse_runs)
    kinds: dict[str, int] = {}
    for a in history:
        kinds[a.KIND] = kinds.get(a.KIND, 0) + 1

    print(f"map {SIZE}x{SIZE}, {UNITS} combatants, seed {args.seed}")
    print(f"legal_actions + move: median {turn_ms:.3f} ms over {len(turn_times)} turns (target <= 2 ms)")
    print(
        f"  baseline, plain heapq search of the same moves alone: median {heapq_ms:.3f} ms "
        f"({heapq_ms / turn_ms:.1f}x the whole turn)"
    )
    print(
        f"replay {len(history)} actions: median {replay_s:.3f} s over {len(runs)} runs (target <= 1 s); "
        f"kinds {dict(sorted(kinds.items()))}"
    )
    print(
        f"  baseline, reading and parsing the log only: median {parse_s:.3f} s "
        f"(applying adds {replay_s / parse_s:.1f}x)"
    )
    print(
        json.dumps(
            {
                "legal_plus_move_median_ms": round(turn_ms, 3),
                "heapq_moves_median_ms": round(heapq_ms, 3),
                "replay_1000_s": round(replay_s, 3),
                "parse_1000_s": round(parse_s, 3),
                "turn_ok": turn_ms <= 2.0,
                "replay_ok": replay_s <= 1.0,
            }
        )
    )


if __name__ == "__main__":
    main()
