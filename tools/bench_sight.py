"""Benchmark sight (R30) and shooting targets (R29) on a 64x64 map, and the turn cost of maps without them.

1. ``sight_map``: one hex to every hex of a 64x64 map (target: median <= 1 ms), from the centre,
   the four corners and 27 random hexes, a fresh source each call. Baseline in the same run: the
   plain-Python check, ``sees()`` for each of the 4,096 target hexes (the engine's exact line, its
   line cache warm), from the centre and a corner. Both are checked to agree first.
   The first query of a layout builds its line tables; that one-off cost is printed too.
2. ``Encounter.targets`` for an archer with ``ranged 2-8`` among 40 combatants, 16 of them
   hostile within 8 hexes (some in cover, some behind walls, one large) (target: median <= 2 ms).
   Baselines in the same run: the same answer asked hostile by hostile through the public API
   (``can_shoot`` then ``preview_shoot``), and the archer's whole ``legal_actions()``. Every call
   starts from a changed state (a turn taken back), so nothing the engine remembered is reused.
3. ``ThreatZones.shot_odds`` for the archer at the large hostile (7 hexes) from every hex of the map
   at once, as a policy weighs where to shoot from. Baseline in the same run: ``preview_shoot(at=...)``
   hex by hex for the hexes in range (how a large target was answered before), checked to agree first.
4. ``Encounter.ranged_danger`` for the archer (where it could shoot or burst next turn, after a fresh turn's
   move: what the window's ``V`` outlines), every hex it could end on at once. Baselines in the same run:
   the shooting half asked end by end, one ``sight_map`` window per hex it could end on (checked to agree
   first), and the archer's melee ``attack_zone`` (the overlay's other half).
5. With ``--turn-against REV`` (default b994bea, the commit before ranged attacks and sight
   landed): ``tools/bench_turn.py`` (64x64, 24 melee combatants, no ranged profile) run
   alternately in this tree and in a temporary git worktree of REV, ``--rounds`` times each;
   prints both medians, the ratio this/REV and each round's ratio (target: no slowdown; on a
   shared machine one round can be off by a third either way, so read the median).
   ``--turn-against none`` skips it.

Usage: ``python tools/bench_sight.py [--quick] [--turn-against REV] [--rounds N]``.
Prints tables of medians (ms) and ratios, then one JSON line.
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
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules import (  # noqa: E402
    Begin,
    Board,
    Encounter,
    Face,
    Scenario,
    ThreatZones,
    scenario_from_rows,
    sees,
    sight_map,
)

SIZE = 64
ARCHER = "Archer"


# --- the map ---------------------------------------------------------------------------
def make_rows(seed: int) -> list[list[str]]:
    """64x64: scattered rocks, woods and water, plus walls with arrow slits and fog banks (a fortress-ish field)."""
    rng = random.Random(seed)
    rows = [rng.choices(".d#wt", weights=(72, 10, 8, 4, 6), k=SIZE) for _ in range(SIZE)]
    for _ in range(6):  # straight walls: long blockers that real maps have
        r, c0 = rng.randrange(SIZE), rng.randrange(SIZE - 20)
        for c in range(c0, c0 + rng.randrange(8, 20)):
            rows[r][c] = "|" if rng.random() < 0.15 else "#"
    for _ in range(4):
        c, r0 = rng.randrange(SIZE), rng.randrange(SIZE - 20)
        for r in range(r0, r0 + rng.randrange(8, 20)):
            rows[r][c] = "f" if rng.random() < 0.2 else "#"
    return rows


def make_scenario(seed: int) -> Scenario:
    """The archer in the middle; 16 hostiles within 8 hexes of it, 23 more combatants anywhere."""
    rows = make_rows(seed)
    rng = random.Random(seed + 1)
    centre = (SIZE // 2, SIZE // 2)
    units: list[dict[str, object]] = [{"name": ARCHER, "at": centre, "faction": "player", "ranged": "2-8",
                                       "ranged_attack": 3, "initiative": 20, "hp": 20}]
    rows[centre[1]][centre[0]] = "."
    taken = {centre}
    big = (centre[0] + 5, centre[1] - 3)  # a large hostile (footprint of 7 hexes) in range
    for col, row in ((big[0] + dc, big[1] + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
        rows[row][col] = "."
        taken.add((col, row))
    units.append({"name": "Ogre", "at": big, "faction": "enemy", "size": "large", "hp": 30})

    def free(cols: range, rws: range) -> tuple[int, int]:
        while True:
            at = (rng.choice(cols), rng.choice(rws))
            if rows[at[1]][at[0]] in ".dt" and at not in taken:
                taken.add(at)
                return at

    near_c, near_r = range(centre[0] - 6, centre[0] + 7), range(centre[1] - 7, centre[1] + 8)
    for i in range(15):
        units.append({"name": f"Foe {i}", "at": free(near_c, near_r), "faction": "enemy", "hp": 12})
    for i in range(23):
        faction = ("player", "ally", "enemy")[i % 3]
        units.append({"name": f"Far {i}", "at": free(range(SIZE), range(SIZE)), "faction": faction})
    return scenario_from_rows(["".join(r) for r in rows], units, seed=seed, title="bench sight 64x64")


# --- timing ----------------------------------------------------------------------------
def interleaved(runs: dict[str, tuple[Callable[[], object], int]],
                before: Callable[[], object] = lambda: None) -> dict[str, list[float]]:
    """Milliseconds per call, the competitors taking turns so that load from elsewhere hits all alike.

    ``before`` runs untimed before every call (to start each from a fresh state)."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    while any(len(times[n]) < reps for n, (_f, reps) in runs.items()):
        for name, (fn, reps) in runs.items():
            if len(times[name]) < reps:
                before()
                t = time.perf_counter()
                fn()
                times[name].append((time.perf_counter() - t) * 1000)
    return times


def plain_sight(board: Board, source: tuple[int, int]) -> np.ndarray:
    """The baseline: ``sees()`` for every hex of the map, one by one."""
    return np.array([[sees(board, source, (c, r)) for c in range(board.cols)] for r in range(board.rows)])


def bench_sight(board: Board, seed: int, quick: bool) -> dict[str, object]:
    rng = random.Random(seed)
    last = SIZE - 1
    fixed = [(SIZE // 2, SIZE // 2), (0, 0), (last, 0), (0, last), (last, last)]
    sources = fixed + [(rng.randrange(SIZE), rng.randrange(SIZE)) for _ in range(27)]
    t = time.perf_counter()
    for src in ((0, 0), (0, 1)):  # both stagger parities: the line tables are built once per layout
        sight_map(board, src)
    cold_ms = (time.perf_counter() - t) * 1000
    for src in fixed[:2]:
        got, want = sight_map(board, src), plain_sight(board, src)
        bad = np.argwhere(got != want)
        assert not bad.size, f"sight_map disagrees with sees() from {src} at [row, col] {bad[0].tolist()}"
    rounds = 3 if quick else 15
    runs: dict[str, tuple[Callable[[], object], int]] = {}
    for i, src in enumerate(sources):
        runs[f"map {i}"] = (lambda src=src: sight_map(board, src), rounds)
    runs["plain centre"] = (lambda: plain_sight(board, fixed[0]), 1 if quick else 3)
    runs["plain corner"] = (lambda: plain_sight(board, fixed[1]), 1 if quick else 3)
    times = interleaved(runs)
    all_map = [x for i in range(len(sources)) for x in times[f"map {i}"]]
    per_source = [statistics.median(times[f"map {i}"]) for i in range(len(sources))]
    return {
        "sources": len(sources),
        "calls": len(all_map),
        "median_ms": statistics.median(all_map),
        "centre_ms": per_source[0],
        "corners_ms": statistics.median(per_source[1:5]),
        "worst_source_ms": max(per_source),
        "plain_centre_ms": statistics.median(times["plain centre"]),
        "plain_corner_ms": statistics.median(times["plain corner"]),
        "cold_tables_ms": cold_ms,
    }


def api_targets(enc: Encounter) -> list[tuple[str, int]]:
    """The baseline: ask the public API hostile by hostile."""
    me = enc.unit(ARCHER)
    out = []
    for u in enc.units.values():
        hostile = u.active and u.name != ARCHER and enc.hostility.hostile(me.faction, u.faction)
        if hostile and enc.can_shoot(ARCHER, u.name) is None:
            out.append((u.name, enc.preview_shoot(ARCHER, u.name).roll_needed))
    return out


def bench_targets(scenario: Scenario, quick: bool) -> dict[str, object]:
    enc = Encounter.from_scenario(scenario)
    enc.apply(Begin())
    assert enc.turn == ARCHER, f"the archer should act first, not {enc.turn}"
    doc = enc.targets(ARCHER)
    got = sorted((s["target"], s["needed"]) for s in doc["shoot"])
    assert got == sorted(api_targets(enc)), "targets() and the API loop disagree"
    me = enc.footprint(ARCHER)
    in_range = [u.name for u in enc.units.values() if u.faction == "enemy"
                and min(scenario.board.layout.distance(a, b) for a in me for b in enc.footprint(u.name)) <= 8]
    reps = 5 if quick else 60

    def fresh_state() -> None:  # what the engine remembers about a state is dropped when it changes
        enc.apply(Face(ARCHER, "w"))
        enc.undo()

    times = interleaved({
        "targets": (lambda: enc.targets(ARCHER), reps),
        "api loop": (lambda: api_targets(enc), reps),
        "legal_actions": (lambda: enc.legal_actions(), max(3, reps // 3)),
    }, fresh_state)
    return {
        "hostiles_in_range": len(in_range),
        "shootable": len(got),
        "in_cover": sum(1 for s in doc["shoot"] if s["cover"]),
        "median_ms": statistics.median(times["targets"]),
        "api_loop_ms": statistics.median(times["api loop"]),
        "legal_actions_ms": statistics.median(times["legal_actions"]),
    }


def hex_by_hex_odds(enc: Encounter, target: str) -> dict[int, tuple[bool, int]]:
    """The baseline: ``preview_shoot`` from each free hex in range of ``target``, {flat: (legal, needed)}."""
    board, layout = enc.board, enc.layout
    t = enc.view(target)
    held = {c for v in enc.views() if v.name != ARCHER for c in enc.footprint(v.name)}
    out = {}
    for row in range(board.rows):
        for col in range(board.cols):
            cell = (col, row)
            if cell in held or not board.is_on_map(cell):
                continue
            if 2 <= max(0, layout.distance(cell, t.cell) - t.radius) <= 8:
                p = enc.preview_shoot(ARCHER, target, at=cell)
                out[board.flat(cell)] = (p.legal is None, p.needed if p.legal is None else 0)
    return out


def bench_shot_odds(scenario: Scenario, quick: bool) -> dict[str, object]:
    enc = Encounter.from_scenario(scenario)
    enc.apply(Begin())
    flats = np.arange(enc.board.rows * enc.board.cols)

    def bulk() -> object:
        return ThreatZones(enc).shot_odds(enc.view(ARCHER), enc.view("Ogre"), flats)

    odds = bulk()
    want = hex_by_hex_odds(enc, "Ogre")
    for f, (legal, needed) in want.items():
        got = (bool(odds.legal[f]), int(odds.needed[f]) if odds.legal[f] else 0)
        assert got == (legal, needed), f"shot_odds disagrees with preview_shoot at {enc.board.cell_of(f)}"
    ogre = enc.view("Ogre")
    for f in np.flatnonzero(odds.legal).tolist():  # and nothing out of range counts as a shot
        assert 2 <= enc.layout.distance(enc.board.cell_of(f), ogre.cell) - ogre.radius <= 8, enc.board.cell_of(f)

    def fresh_state() -> None:
        enc.apply(Face(ARCHER, "w"))
        enc.undo()

    reps = 5 if quick else 30
    times = interleaved({"bulk": (bulk, reps), "hex by hex": (lambda: hex_by_hex_odds(enc, "Ogre"),
                                                              max(2, reps // 6))}, fresh_state)
    return {"hexes_in_range": len(want), "legal": int(odds.legal.sum()),
            "median_ms": statistics.median(times["bulk"]), "hex_by_hex_ms": statistics.median(times["hex by hex"])}


def end_by_end_shots(enc: Encounter, name: str) -> np.ndarray:
    """The baseline: where ``name`` could shoot next turn, one sight pass per hex it could end on (R29, R30)."""
    v = enc.view(name)
    assert v.ranged is not None
    lo, hi = v.ranged.min_range, v.ranged.max_range
    board, layout = enc.board, enc.layout
    out = np.zeros((board.rows, board.cols), dtype=bool)
    q, r = layout.axial_arrays()
    ends = [v.cell] + [c for c, _cost, _stops in enc.reach_for(name, budget=v.movement_max).destinations()]
    for col, row in ends:
        rows = slice(max(0, row - hi), min(board.rows, row + hi + 1))
        cols = slice(max(0, col - hi), min(board.cols, col + hi + 1))
        cq, cr = layout.to_axial((col, row))
        dq, dr = q[rows, cols] - cq, r[rows, cols] - cr
        dist = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
        out[rows, cols] |= (dist >= lo) & (dist <= hi) & enc.sight_from((col, row), rows, cols)
    return out & board.on_map  # type: ignore[no-any-return]


def bench_ranged_danger(scenario: Scenario, quick: bool) -> dict[str, object]:
    enc = Encounter.from_scenario(scenario)
    enc.apply(Begin())
    got = enc.ranged_danger(ARCHER)
    assert (got.shot == end_by_end_shots(enc, ARCHER)).all(), "ranged_danger and the end-by-end passes disagree"
    v = enc.view(ARCHER)
    ends = 1 + len(enc.reach_for(ARCHER, budget=v.movement_max).destinations())

    def fresh_state() -> None:
        enc.apply(Face(ARCHER, "w"))
        enc.undo()

    reps = 5 if quick else 30
    times = interleaved({"bulk": (lambda: enc.ranged_danger(ARCHER), reps),
                         "end by end": (lambda: end_by_end_shots(enc, ARCHER), reps),
                         "attack_zone": (lambda: enc.attack_zone(ARCHER), reps)}, fresh_state)
    return {"ends": ends, "move": v.movement_max, "shot_hexes": int(got.shot.sum()),
            "clear_hexes": int(got.clear.sum()),
            "median_ms": statistics.median(times["bulk"]), "end_by_end_ms": statistics.median(times["end by end"]),
            "attack_zone_ms": statistics.median(times["attack_zone"])}


# --- bench_turn against an earlier commit ---------------------------------------------------
def run_bench_turn(tree: Path, seed: int) -> dict[str, float]:
    """One ``tools/bench_turn.py`` run of ``tree``'s own code (its root first on the path)."""
    done = subprocess.run([sys.executable, str(tree / "tools" / "bench_turn.py"), "--seed", str(seed)],
                          cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def bench_turn_against(rev: str, rounds: int, seed: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="bench-turn-") as tmp:
        old = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old), rev],
                       check=True, capture_output=True)
        try:
            runs: dict[str, list[dict[str, float]]] = {"this": [], rev: []}
            for _ in range(rounds):  # alternate, so both see the same load
                runs["this"].append(run_bench_turn(ROOT, seed))
                runs[rev].append(run_bench_turn(old, seed))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                           check=False, capture_output=True)

    def med(which: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[which])

    out: dict[str, object] = {"against": rev, "rounds": rounds}
    for key in ("legal_plus_move_median_ms", "replay_1000_s"):
        per_round = [a[key] / b[key] for a, b in zip(runs["this"], runs[rev], strict=True)]
        out[key] = {"this": med("this", key), rev: med(rev, key), "ratio": med("this", key) / med(rev, key),
                    "round_ratios": per_round}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats: a smoke run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turn-against", default="b994bea", help="git revision to compare bench_turn with, or none")
    parser.add_argument("--rounds", type=int, default=5, help="bench_turn runs per tree")
    args = parser.parse_args(argv)
    scenario = make_scenario(args.seed)
    sight = bench_sight(scenario.board, args.seed, args.quick)
    targets = bench_targets(scenario, args.quick)
    large = bench_shot_odds(scenario, args.quick)
    danger = bench_ranged_danger(scenario, args.quick)
    print(f"map {SIZE}x{SIZE}, seed {args.seed}; medians in ms; x = baseline time / playmat time")
    print(f"sight_map, one hex to all {SIZE * SIZE}: median {sight['median_ms']:.3f} ms over {sight['calls']} calls "
          f"from {sight['sources']} hexes (target <= 1 ms); centre {sight['centre_ms']:.3f}, "
          f"corners {sight['corners_ms']:.3f}, worst hex {sight['worst_source_ms']:.3f}")
    print(f"  baseline, sees() hex by hex: centre {sight['plain_centre_ms']:.1f} ms "
          f"({sight['plain_centre_ms'] / sight['centre_ms']:.0f}x), corner {sight['plain_corner_ms']:.1f} ms "
          f"({sight['plain_corner_ms'] / sight['corners_ms']:.0f}x)")
    print(f"  first query of the layout (line tables for both parities): {sight['cold_tables_ms']:.0f} ms, once")
    print(f"targets, ranged 2-8, {targets['hostiles_in_range']} hostiles within 8 ({targets['shootable']} shootable, "
          f"{targets['in_cover']} in cover): median {targets['median_ms']:.3f} ms (target <= 2 ms)")
    print(f"  baseline, can_shoot + preview_shoot hostile by hostile: {targets['api_loop_ms']:.3f} ms "
          f"({targets['api_loop_ms'] / targets['median_ms']:.1f}x); the archer's legal_actions(): "
          f"{targets['legal_actions_ms']:.3f} ms ({targets['legal_actions_ms'] / targets['median_ms']:.1f}x)")
    print(f"shot_odds at the large hostile from all {SIZE * SIZE} hexes ({large['hexes_in_range']} in range, "
          f"{large['legal']} in sight): median {large['median_ms']:.3f} ms")
    print(f"  baseline, preview_shoot hex by hex over the hexes in range: {large['hex_by_hex_ms']:.1f} ms "
          f"({large['hex_by_hex_ms'] / large['median_ms']:.0f}x)")
    print(f"ranged_danger, the archer next turn (move {danger['move']}, {danger['ends']} hexes it could end on; "
          f"{danger['shot_hexes']} hexes it could shoot, {danger['clear_hexes']} clear): median "
          f"{danger['median_ms']:.3f} ms")
    print(f"  baseline, one sight_map window per end (shots only): {danger['end_by_end_ms']:.3f} ms "
          f"({danger['end_by_end_ms'] / danger['median_ms']:.1f}x); its melee attack_zone: "
          f"{danger['attack_zone_ms']:.3f} ms ({danger['attack_zone_ms'] / danger['median_ms']:.2f}x)")
    doc: dict[str, object] = {"bench": "sight", "quick": args.quick, "sight": sight, "targets": targets,
                              "large_target_odds": large, "ranged_danger": danger,
                              "sight_ok": sight["median_ms"] <= 1.0, "targets_ok": targets["median_ms"] <= 2.0}
    if args.turn_against.lower() != "none":
        turn = bench_turn_against(args.turn_against, 1 if args.quick else args.rounds, args.seed)
        rev = args.turn_against
        print(f"bench_turn.py (no ranged combatants), this tree vs {rev}, {turn['rounds']} alternating runs each:")
        for key, label in (("legal_plus_move_median_ms", "legal_actions + move, ms"),
                           ("replay_1000_s", "replay 1000 actions, s")):
            row = turn[key]
            assert isinstance(row, dict)
            rounds = ", ".join(f"{x:.2f}" for x in row["round_ratios"])
            print(f"  {label}: this {row['this']:.3f}, {rev} {row[rev]:.3f}, ratio this/{rev} {row['ratio']:.2f} "
                  f"(round by round: {rounds})")
        doc["turn"] = turn
    print(json.dumps(doc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
