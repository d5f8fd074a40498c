"""Level against level in mirrored pairs: how much stronger is each AI level, measured.

A pair is the same map and seed played twice, each level commanding each side
once (the player side: ``player`` + ``ally``; the other: ``enemy``; ``neutral`` with
the enemy, or with the party where the map sets it against the enemy alone, and a
faction at war with nobody wins no game), so map and dice luck cancel. Per
pairing it prints games, the first level's win rate with
a 95 % Wilson interval, draws (still active after 50 rounds), mean rounds,
mean / max decision time per combatant turn of each level (CPU time of the
deciding thread, so other work on a shared machine does not count; the heap is
frozen at each new turn as the window does, so the garbage collector's full
passes fall between turns as in play), and the verdict against the pairing's target, judged on the Wilson bound.
``--breakdown`` adds the first level's win rate per force size (generated
maps: how many combatants are on the board) and per shipped map: where a
level wins and where it loses.

Protocol:

1. Tune only with ``--maps tuning``: generated maps (tools/gen_skirmish.py) of
   the tuning map seeds 100-599 (a tuning run takes 100-199 unless
   ``--map-seeds`` says otherwise), game seeds 1000-2999. Never tune on a
   report run.
2. Report with ``--maps report`` (the default): a held-out set declared before
   the run -- generated maps of ``--map-seeds`` (default 9000-9039), game
   seeds from ``--seed`` (default 50000) -- plus the five shipped maps, taken
   in turn. The run prints both sets first, and refuses seeds that overlap the
   tuning ranges. Each pairing runs ``--pairs`` mirrored pairs (default 200,
   i.e. 400 games: about 200 games per arm resolve a 10-point difference,
   MegaMek PR #8650).
3. Targets, each judged on the 95 % Wilson bound of the first level's win rate:
   normal vs greedy lower bound >= 85 %, normal vs random lower bound >= 97 %,
   hard vs normal lower bound >= 65 % (expert vs normal too: the searching level), easy vs normal
   upper bound < 35 %;
   draws <= 2 % of the games. Quote the lines as printed.

    python tools/ai_arena.py --pairing normal:greedy               # report run, 400 games
    python tools/ai_arena.py --maps tuning --pairing hard:normal --pairs 50
    python tools/ai_arena.py --timing            # 64x64 map, 24 combatants
"""

from __future__ import annotations

import argparse
import gc
import math
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from gen_skirmish import generate  # noqa: E402
from skirmish_maps import LAYOUTS, MIXED_ROSTER, ROSTER, skirmish_map  # noqa: E402

from game.ai import policy_for  # noqa: E402
from game.cli.argtypes import non_negative, positive  # noqa: E402
from game.cli.errors import Parser, UsageError  # noqa: E402
from game.maps import load_scenario, shipped_maps  # noqa: E402
from game.match import Match  # noqa: E402
from game.rules import SETUP, Action, Begin, Encounter, EncounterView  # noqa: E402

DRAW_ROUNDS = 50
TUNING_MAP_SEEDS = range(100, 200)  # a tuning run's default maps
TUNING_GAME_SEEDS = range(1000, 2000)  # ... and game seeds
# Every seed ever tuned on (map seeds 200-599 and game seeds 2000-2999 since the seventh session's
# look at three-a-side fights, docs/ai-tuning.md): a report run may use none of them.
TUNED_MAP_SEEDS = range(100, 600)
TUNED_GAME_SEEDS = range(1000, 3000)
REPORT_MAP_SEEDS = range(9000, 9040)
REPORT_GAME_SEED = 50000
DRAW_LIMIT = 0.02
# FIRST:SECOND -> (bound judged, threshold): "low" must reach it, "high" must stay below it.
TARGETS = {
    "normal:greedy": ("low", 0.85),
    "normal:random": ("low", 0.97),
    "hard:normal": ("low", 0.65),
    "expert:normal": ("low", 0.65),  # issue 18: hard "or a new expert" (search, up to 1 s a decision)
    "easy:normal": ("high", 0.35),
}
SIDE_A = ("player", "ally")
SIDE_B = ("enemy", "neutral")  # neutral's place unless a map sets it against the enemy alone (sides_of)


def sides_of(enc: EncounterView) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The map's two sides, each commanded by one level: player and ally, then enemy. A neutral faction the map sets
    against the enemy and not the party fights beside the party (the Greenway's charcoal burners, at war with the
    bandits): counted with the enemy, the level commanding the bandits commanded their foes too, and the burners
    still standing after the party won gave that level the game. Otherwise neutral goes with the enemy."""
    foes = enc.hostile_factions("neutral")
    if foes & set(SIDE_B) and not foes & set(SIDE_A):
        return (*SIDE_A, "neutral"), ("enemy",)
    return SIDE_A, SIDE_B


def winner_of(enc: EncounterView, first_factions: tuple[str, ...], second_factions: tuple[str, ...]) -> str:
    """Which level won a finished game: the one whose side has a faction among the winners that was at war with
    someone. A faction at war with nobody (a default neutral) is counted a winner for standing, but it won no
    fight, so it decides no game."""
    outcome = enc.outcome()
    won = {f for f in (outcome.winners if outcome else ()) if enc.hostile_factions(f)}
    if won & set(first_factions):
        return "first"
    if won & set(second_factions):
        return "second"
    return "none"


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """A policy wrapper that adds up decision time per combatant turn."""

    def __init__(self, policy: object) -> None:
        self.policy = policy
        self.turns: dict[tuple[int, str], float] = {}
        self.longest = 0.0  # the longest single decision (expert's 1 s bound is per decision)

    def choose(self, view: Encounter, rng: random.Random) -> Action:
        start = time.thread_time()  # CPU time: the machine is shared, wall time would measure the neighbours
        action = self.policy.choose(view, rng)
        key = (view.round, view.turn or "")
        spent = time.thread_time() - start
        self.turns[key] = self.turns.get(key, 0.0) + spent
        self.longest = max(self.longest, spent)
        return action


@dataclass
class GameResult:
    winner: str  # "first", "second", "draw" or "none" (both sides gone, e.g. fled)
    rounds: int
    times: dict[str, list[float]] = field(default_factory=dict)
    longest: dict[str, float] = field(default_factory=dict)  # each level's longest single decision, s
    group: str = ""  # what --breakdown sorts it under: a shipped map's name, or a generated map's force size


def play(map_path: str, seed: int, first: str, second: str, first_side: str) -> GameResult:
    result = _play(map_path, seed, first, second, first_side)
    result.group = group_of(map_path)
    return result


def group_of(map_path: str) -> str:
    """A shipped map by its name; a generated one by its force size (the combatants on the board)."""
    name = Path(map_path).name
    if not name.startswith("gen_"):
        return name
    return f"{len(load_scenario(map_path).combatants):2d} combatants"


def _play(map_path: str, seed: int, first: str, second: str, first_side: str) -> GameResult:
    scenario = load_scenario(map_path)
    a, b = Timed(policy_for(first)), Timed(policy_for(second))
    side_a, side_b = (a, b) if first_side == "A" else (b, a)
    party, foes = sides_of(Encounter(scenario))
    match = Match(scenario, seed=seed, controllers={f: side_a for f in party} | {f: side_b for f in foes})
    enc = match.encounter
    rng = random.Random(f"arena-ai:{seed}")
    if enc.phase == SETUP:
        match.submit(Begin())
    # The heap as the window keeps it (game/ui/heap.py): what the battle loaded is frozen once it is set up,
    # and what each turn made at the next turn's start, so the collector's full passes over the whole
    # game (50-60 ms each on a slow machine) fall between turns, as they do in play, not inside whichever
    # decision happened to allocate then. Thawed at the end: the next game in this worker collects it.
    gc.collect()
    gc.freeze()
    steps, turn = 0, enc.turn
    try:
        while not enc.is_over() and enc.round <= DRAW_ROUNDS:
            match.step(rng)
            steps += 1
            if steps > 200_000:
                raise RuntimeError(f"{map_path} seed {seed}: runaway game")
            if enc.turn != turn:
                turn = enc.turn
                gc.collect(1)
                gc.freeze()
    finally:
        gc.unfreeze()
    times = {first: list(a.turns.values()), second: list(b.turns.values())} if first != second else {
        first: list(a.turns.values()) + list(b.turns.values())}
    longest = {first: a.longest, second: b.longest} if first != second else {first: max(a.longest, b.longest)}
    if not enc.is_over():
        return GameResult("draw", DRAW_ROUNDS, times, longest)
    first_factions, second_factions = (party, foes) if first_side == "A" else (foes, party)
    return GameResult(winner_of(enc, first_factions, second_factions), enc.round, times, longest)


def _job(args: tuple[str, int, str, str, str]) -> GameResult:
    return play(*args)


def map_list(folder: Path, which: str, map_seeds: range) -> list[str]:
    """The maps of a run, taken in turn: generated ones of ``map_seeds``, then (report, shipped) the shipped ones."""
    generated = [str(generate(folder, s).path) for s in map_seeds] if which != "shipped" else []
    shipped = [str(m.path) for m in shipped_maps()] if which in ("report", "shipped") else []
    return generated + shipped


def seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def run_pairing(first: str, second: str, maps: list[str], pairs: int, seed: int, jobs: int,
                skip: int = 0) -> list[GameResult]:
    """Pairs ``skip`` to ``skip + pairs - 1`` of a run: pair k plays map k mod len(maps) with seed ``seed + k``."""
    work = []
    for k in range(skip, skip + pairs):
        m = maps[k % len(maps)]
        s = seed + k
        work += [(m, s, first, second, "A"), (m, s, first, second, "B")]
    if jobs > 1:
        with multiprocessing.Pool(min(jobs, 2)) as pool:
            return pool.map(_job, work, chunksize=1)
    return [_job(w) for w in work]


def report(first: str, second: str, results: list[GameResult]) -> str:
    n = len(results)
    wins = sum(r.winner == "first" for r in results)
    draws = sum(r.winner == "draw" for r in results)
    lo, hi = wilson(wins, n)
    rounds = statistics.fmean(r.rounds for r in results) if results else 0.0
    parts = [f"{first:>6} vs {second:<6} games {n:4d}  {first} wins {wins / max(1, n):6.1%} "
             f"[{lo:5.1%}, {hi:5.1%}]  draws {draws:3d} ({draws / max(1, n):4.1%})  rounds {rounds:5.1f}"]
    for level in dict.fromkeys((first, second)):
        t = [x for r in results for x in r.times.get(level, [])]
        if t:
            one = max(r.longest.get(level, 0.0) for r in results)
            parts.append(f"  {level} turn ms mean {1000 * statistics.fmean(t):6.2f} max {1000 * max(t):7.2f}"
                         f" (one decision max {1000 * one:7.2f})")
    target = TARGETS.get(f"{first}:{second}")
    if target is not None:
        bound, threshold = target
        ok = lo >= threshold if bound == "low" else hi < threshold
        ok = ok and draws <= DRAW_LIMIT * n
        sign = ">=" if bound == "low" else "<"
        parts.append(f"  target {bound} {sign} {threshold:.0%}, draws <= {DRAW_LIMIT:.0%}: {'met' if ok else 'MISSED'}")
    return "".join(parts)


def breakdown(first: str, results: list[GameResult]) -> list[str]:
    """The first level's win rate per group (force size, shipped map): where a level wins and loses."""
    groups: dict[str, list[GameResult]] = {}
    for r in results:
        groups.setdefault(r.group, []).append(r)
    lines = []
    for name in sorted(groups):
        rs = groups[name]
        wins = sum(r.winner == "first" for r in rs)
        lo, hi = wilson(wins, len(rs))
        lines.append(f"    {name:<24} games {len(rs):4d}  {first} wins {wins / len(rs):6.1%} [{lo:5.1%}, {hi:5.1%}]")
    return lines


def timing(levels: list[str], games: int, seed: int) -> None:
    """Decision time per combatant turn on a 64x64 map with 24 combatants (12 a side): melee forces, then
    mixed forces where a quarter are archers and casters."""
    with tempfile.TemporaryDirectory() as tmp:
        for label, roster in (("melee", ROSTER), ("mixed", MIXED_ROSTER)):
            for level in levels:
                times: list[float] = []
                one = 0.0
                for g in range(games):
                    path = skirmish_map(tmp, seed + g, *LAYOUTS[g % 4], 64, 64, 12, roster)
                    r = play(str(path), seed + g, level, level, "A")
                    times += r.times[level]
                    one = max(one, r.longest[level])
                print(f"timing 64x64, 24 combatants, {label}: {level:>6} turns {len(times):5d}  mean "
                      f"{1000 * statistics.fmean(times):6.2f} ms  median {1000 * statistics.median(times):6.2f} ms  "
                      f"max {1000 * max(times):7.2f} ms  one decision max {1000 * one:7.2f} ms", flush=True)


MAX_PAIRS = 100_000  # every game's result stays in memory until the report: --pairs 10**12 built its list of games


def pairs_count(text: str) -> int:
    n = positive(text)
    if n > MAX_PAIRS:
        raise argparse.ArgumentTypeError(f"{n:,} is more than {MAX_PAIRS:,} (every game's result stays in memory)")
    return n


def main() -> int:
    try:
        return _run()
    except UsageError as e:  # one line naming what is wrong, exit status 2 (as every playmat command)
        print(e, file=sys.stderr)
        return 2


def _run() -> int:
    ap = Parser(prog="ai_arena.py", description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairing", action="append", default=[],
                    help="FIRST:SECOND, e.g. normal:greedy (repeatable; default: the four target pairings)")
    ap.add_argument("--pairs", type=pairs_count, default=200, help="mirrored pairs per pairing (games = 2 x pairs)")
    ap.add_argument("--maps", choices=("report", "tuning", "generated", "shipped"), default="report",
                    help="report: held-out generated + shipped (default); tuning: the tuning sets only; "
                         "generated / shipped: one kind of a report run")
    ap.add_argument("--map-seeds", type=seed_range, default=None, metavar="FIRST-LAST",
                    help=f"generated map seeds (default: report {REPORT_MAP_SEEDS.start}-{REPORT_MAP_SEEDS.stop - 1}, "
                         f"tuning {TUNING_MAP_SEEDS.start}-{TUNING_MAP_SEEDS.stop - 1})")
    ap.add_argument("--seed", type=int, default=None,
                    help=f"first game seed (default: report {REPORT_GAME_SEED}, tuning {TUNING_GAME_SEEDS.start})")
    ap.add_argument("--jobs", type=positive, default=1, help="worker processes (at most 2)")
    ap.add_argument("--skip", type=non_negative, default=0, metavar="K",
                    help="start at pair K of the run (a long run played in chunks: the same games as one run)")
    ap.add_argument("--breakdown", action="store_true",
                    help="also print each pairing's win rate per force size (generated maps) and per shipped map")
    ap.add_argument("--timing", action="store_true", help="only the 64x64 / 24-combatant decision-time run")
    ap.add_argument("--timing-games", type=positive, default=2)
    ap.add_argument("--timing-levels", default="normal,hard",
                    help="levels timed, comma-separated (default: normal,hard)")
    args = ap.parse_args()
    tuning = args.maps == "tuning"
    seed = args.seed if args.seed is not None else (TUNING_GAME_SEEDS.start if tuning else REPORT_GAME_SEED)
    if args.timing:
        timing(args.timing_levels.split(","), args.timing_games, args.seed if args.seed is not None else 5000)
        return 0
    map_seeds = args.map_seeds or (TUNING_MAP_SEEDS if tuning else REPORT_MAP_SEEDS)
    game_seeds = range(seed + args.skip, seed + args.skip + args.pairs)
    if not tuning and (set(map_seeds) & set(TUNED_MAP_SEEDS) or set(game_seeds) & set(TUNED_GAME_SEEDS)):
        print(f"playmat arena: a report run may not use the tuning map seeds {TUNED_MAP_SEEDS.start}-"
              f"{TUNED_MAP_SEEDS.stop - 1} or game seeds {TUNED_GAME_SEEDS.start}-{TUNED_GAME_SEEDS.stop - 1}",
              file=sys.stderr)
        return 2
    pairings = args.pairing or [p for p in TARGETS if not p.startswith("expert")]  # expert: on request (slow)
    with tempfile.TemporaryDirectory() as tmp:
        maps = map_list(Path(tmp), args.maps, map_seeds)
        generated = f"generated map seeds {map_seeds.start}-{map_seeds.stop - 1}" if args.maps != "shipped" else ""
        shipped = "the five shipped maps" if args.maps in ("report", "shipped") else ""
        print(f"{args.maps} run: {' + '.join(x for x in (generated, shipped) if x)} ({len(maps)} maps, in turn); "
              f"game seeds {game_seeds.start}-{game_seeds.stop - 1}, each played mirrored", flush=True)
        for p in pairings:
            first, second = p.split(":")
            start = time.perf_counter()
            results = run_pairing(first, second, maps, args.pairs, seed, args.jobs, args.skip)
            print(report(first, second, results) + f"  ({time.perf_counter() - start:.0f} s)", flush=True)
            if args.breakdown:
                print("\n".join(breakdown(first, results)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
