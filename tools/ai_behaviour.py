"""Count how the AI plays, from AI-vs-AI action logs: passive turns, shuffles, quiet stretches, tactics.

Plays ``--games`` games of each map (every faction at ``--level``; game k
uses dice seed S+k and an AI stream derived from it, as ``playmat playtest``
does), writes each game's action log, reads the logs back and counts them
with ``game.playtest.count_behaviour`` (definitions there). Prints one line
per game and per map, then the total against the targets:

- passive turns (an attack or shove was reachable, none made, no retreat,
  disengage or flee instead) <= 5 % of the turns;
- shuffles (p -> q -> p within a turn or across turns, nothing done) <= 1 %;
- no stretch of more than 3 rounds without an attack or shove;
- shoves + disengages + flees >= 0.5 per game.

    python tools/ai_behaviour.py                     # the five shipped maps, 10 games each, normal
    python tools/ai_behaviour.py maps/default.tmx --games 4 --level hard --out logs/
    python tools/ai_behaviour.py --log game.jsonl maps/default.tmx    # count one existing log
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import policy_for  # noqa: E402
from game.maps import load_scenario, shipped_maps  # noqa: E402
from game.match import Match  # noqa: E402
from game.playtest import DRAW_ROUNDS, Behaviour, count_behaviour, map_factions  # noqa: E402
from game.rules import SETUP, Begin, read_log  # noqa: E402

PASSIVE_LIMIT, SHUFFLE_LIMIT, QUIET_LIMIT, TACTICS_GOAL = 0.05, 0.01, 3, 0.5


def play_logged(map_path: str, seed: int, level: str, log_path: Path) -> None:
    """One AI-vs-AI game of ``map_path``, its log written to ``log_path``."""
    scenario = load_scenario(map_path)
    controllers = {f: policy_for(level) for f in map_factions(scenario)}
    match = Match(scenario, seed=seed, log_path=log_path, controllers=controllers)
    enc = match.encounter
    rng = random.Random(f"playmat-playtest-ai:{seed}")  # the stream playmat playtest gives game ``seed``
    if enc.phase == SETUP:
        match.submit(Begin())
    while not enc.is_over() and enc.round <= DRAW_ROUNDS:
        match.step(rng)


def count_log(map_path: str, log_path: Path) -> Behaviour:
    scenario = load_scenario(map_path)
    return count_behaviour(scenario, list(read_log(log_path, scenario.board.layout)))


def line(label: str, games: list[Behaviour]) -> str:
    turns = sum(b.turns for b in games)
    passive = sum(b.passive for b in games)
    shuffles = sum(b.shuffles for b in games)
    quiet = max((b.longest_quiet for b in games), default=0)
    tactics = sum(b.tactics for b in games)
    n = max(1, len(games))
    return (f"{label:<24} games {len(games):3d}  turns {turns:5d}"
            f"  passive {passive:4d} ({passive / max(1, turns):5.1%})"
            f"  shuffles {shuffles:3d} ({shuffles / max(1, turns):4.1%})  longest quiet {quiet:2d} rounds"
            f"  shoves {sum(b.shoves for b in games):3d} disengages {sum(b.disengages for b in games):3d}"
            f" flees {sum(b.flees for b in games):3d} ({tactics / n:4.2f} a game)")


def verdict(games: list[Behaviour]) -> str:
    turns = max(1, sum(b.turns for b in games))
    checks = [
        ("passive <= 5 %", sum(b.passive for b in games) / turns <= PASSIVE_LIMIT),
        ("shuffles <= 1 %", sum(b.shuffles for b in games) / turns <= SHUFFLE_LIMIT),
        ("quiet <= 3 rounds", max((b.longest_quiet for b in games), default=0) <= QUIET_LIMIT),
        ("tactics >= 0.5 a game", sum(b.tactics for b in games) / max(1, len(games)) >= TACTICS_GOAL),
    ]
    return "targets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in checks)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("maps", nargs="*", help="Tiled maps (default: the five shipped maps)")
    ap.add_argument("--games", type=int, default=10, help="games per map (default 10)")
    ap.add_argument("--level", default="normal", help="the AI level of every faction (default normal)")
    ap.add_argument("--seed", type=int, default=1, help="game k uses seed S+k (default 1)")
    ap.add_argument("--out", type=Path, help="keep the logs in this folder")
    ap.add_argument("--log", type=Path, help="count this one log of the (one) map instead of playing")
    args = ap.parse_args()
    maps = args.maps or [str(m.path) for m in shipped_maps()]
    if args.log is not None:
        if len(maps) != 1:
            print("ai_behaviour: --log needs exactly one map", file=sys.stderr)
            return 2
        b = count_log(maps[0], args.log)
        print(line(args.log.name, [b]))
        return 0
    everything: list[Behaviour] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.out or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for m in maps:
            games = []
            for k in range(args.games):
                log = folder / f"{Path(m).stem}_{args.level}_{args.seed + k}.jsonl"
                log.unlink(missing_ok=True)
                play_logged(m, args.seed + k, args.level, log)
                b = count_log(m, log)
                print("  " + line(f"seed {args.seed + k}", [b]), flush=True)
                games.append(b)
            print(line(Path(m).name, games), flush=True)
            everything += games
    print(line("all", everything))
    print(verdict(everything))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
