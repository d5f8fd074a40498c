"""Before and after on the same tuning games: did a change to the AI win more of them, game by game?

A change to the AI is kept only if it wins more of the same games than the tree without it (docs/ai-tuning.md).
Two runs of a pairing over the same maps and seeds differ only where a decision changed, so counting the games
whose winner changed, for and against, resolves a smaller difference than comparing two win rates. This tool
plays one pairing over the tuning maps of the force sizes asked (generated maps, map seeds 200-599 unless told,
each taken in turn as ``tools/ai_arena.py`` does), prints the arena's report and its per-size breakdown, saves
each game's winner in order, and, given an earlier run's file of the same games, prints how many changed:

    python tools/ai_paired.py --sizes 6 --seed 2000 --pairs 150 --save before_6.json      # on the old tree
    python tools/ai_paired.py --sizes 6 --seed 2000 --pairs 150 --save after_6.json --against before_6.json

It refuses seeds outside the tuning ranges (map seeds 100-599, game seeds 1000-2999): a held-out set is
played only by ``tools/ai_arena.py --maps report``, and only once.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import ai_arena  # noqa: E402
from gen_skirmish import generate  # noqa: E402

from game.cli.errors import Parser, UsageError  # noqa: E402


def tuning_maps(folder: Path, sizes: set[int], map_seeds: range) -> list[str]:
    """The generated maps of ``map_seeds`` with a force size (combatants on the board) in ``sizes``, in seed order."""
    maps = []
    for s in map_seeds:
        made = generate(folder, s)
        if 2 * len(made.roster) in sizes:  # mirrored forces: each side places the roster once
            maps.append(str(made.path))
    return maps


def changed(before: list[str], after: list[str]) -> tuple[int, int]:
    """Games the first level won now and lost before, and lost now and won before (draws count as not won)."""
    gained = sum(a == "first" and b != "first" for a, b in zip(after, before, strict=True))
    lost = sum(b == "first" and a != "first" for a, b in zip(after, before, strict=True))
    return gained, lost


def _range(text: str) -> range:
    try:
        return ai_arena.seed_range(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"{text!r} is not FIRST-LAST") from e


def main(argv: list[str] | None = None) -> int:
    try:
        return _run(argv)
    except UsageError as e:  # one line naming what is wrong, exit status 2 (as every playmat command)
        print(e, file=sys.stderr)
        return 2


def _run(argv: list[str] | None) -> int:
    ap = Parser(prog="ai_paired.py", description=__doc__.split("\n\n")[0],
                                 epilog="Tuning maps and seeds only; see tools/ai_arena.py --help for the protocol.")
    ap.add_argument("--sizes", required=True,
                    help="force sizes, comma-separated (combatants on the board), e.g. 6 or 8,10")
    ap.add_argument("--pairing", default="normal:greedy", help="FIRST:SECOND (default normal:greedy)")
    ap.add_argument("--seed", type=int, required=True, help="first game seed (1000-2999)")
    ap.add_argument("--pairs", type=int, required=True, help="mirrored pairs (games = 2 x pairs)")
    ap.add_argument("--map-seeds", type=_range, default=range(200, 600), help="generated map seeds (default 200-599)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (at most 2)")
    ap.add_argument("--save", type=Path, help="write each game's winner here (JSON list, in order)")
    ap.add_argument("--against", type=Path, help="an earlier --save of the same games: count the winners that changed")
    args = ap.parse_args(argv)
    try:
        sizes = {int(x) for x in args.sizes.split(",")}
        first, second = args.pairing.split(":")
    except ValueError:
        ap.error(f"--sizes {args.sizes!r} / --pairing {args.pairing!r}: "
                 "expected e.g. --sizes 6,8 --pairing normal:greedy")
    if args.pairs < 1 or not (ai_arena.TUNED_GAME_SEEDS.start <= args.seed
                              and args.seed + args.pairs <= ai_arena.TUNED_GAME_SEEDS.stop):
        ap.error(f"game seeds {args.seed}-{args.seed + args.pairs - 1} are not all tuning seeds "
                 f"({ai_arena.TUNED_GAME_SEEDS.start}-{ai_arena.TUNED_GAME_SEEDS.stop - 1})")
    if args.map_seeds.start < ai_arena.TUNED_MAP_SEEDS.start or args.map_seeds.stop > ai_arena.TUNED_MAP_SEEDS.stop:
        ap.error(f"map seeds {args.map_seeds.start}-{args.map_seeds.stop - 1} are not all tuning map seeds "
                 f"({ai_arena.TUNED_MAP_SEEDS.start}-{ai_arena.TUNED_MAP_SEEDS.stop - 1})")
    before = None
    if args.against is not None:
        try:
            before = json.loads(args.against.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            ap.error(f"--against {args.against}: {e}")
        if not isinstance(before, list) or len(before) != 2 * args.pairs:
            ap.error(f"--against {args.against}: not a list of {2 * args.pairs} winners (a --save of these games)")
    with tempfile.TemporaryDirectory() as tmp:
        maps = tuning_maps(Path(tmp), sizes, args.map_seeds)
        if not maps:
            ap.error(f"no tuning map of map seeds {args.map_seeds.start}-{args.map_seeds.stop - 1} has "
                     f"{args.sizes} combatants")
        results = ai_arena.run_pairing(first, second, maps, args.pairs, args.seed, args.jobs)
    winners = [r.winner for r in results]
    print(f"sizes {sorted(sizes)} maps {len(maps)} seeds {args.seed}-{args.seed + args.pairs - 1}")
    print(ai_arena.report(first, second, results))
    print("\n".join(ai_arena.breakdown(first, results)))
    if before is not None:
        gained, lost = changed(before, winners)
        print(f"against {args.against.name}: {gained + lost} changed: {gained} won that were lost, "
              f"{lost} lost that were won (net {gained - lost:+d})")
    if args.save is not None:
        args.save.write_text(json.dumps(winners), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
