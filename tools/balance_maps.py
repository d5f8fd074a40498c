"""How winnable is each shipped map for the human side? AI-vs-AI games at one level for every faction.

Every faction (player, ally, enemy, neutral) is played by the same AI level (default ``normal``);
the human side wins when ``player`` or ``ally`` is among ``Encounter.outcome().winners``. A game still
running after 50 rounds is a draw. Prints, per map: games, human-side wins with a 95 % Wilson
interval, enemy wins, draws, and mean rounds; ``--json`` prints one JSON line per map too.
These figures go into each map's description (tools/make_maps.py ``ODDS``).

    python tools/balance_maps.py maps/ambush.tmx --games 40 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from ai_arena import wilson  # noqa: E402

from game.ai import policy_for  # noqa: E402
from game.maps import load_scenario  # noqa: E402
from game.match import Match  # noqa: E402
from game.rules import FACTIONS, SETUP, Begin  # noqa: E402

DRAW_ROUNDS = 50
HUMAN = frozenset({"player", "ally"})


@dataclass(frozen=True)
class Game:
    result: str  # "human", "enemy", "draw", "none"
    rounds: int


def play(map_path: str, seed: int, level: str) -> Game:
    scenario = load_scenario(map_path)
    policy = policy_for(level)
    match = Match(scenario, seed=seed, controllers={f: policy for f in FACTIONS})
    enc = match.encounter
    rng = random.Random(f"balance:{seed}")
    if enc.phase == SETUP:
        match.submit(Begin())
    while not enc.is_over() and enc.round <= DRAW_ROUNDS:
        match.step(rng)
    if not enc.is_over():
        return Game("draw", DRAW_ROUNDS)
    outcome = enc.outcome()
    won = set(outcome.winners if outcome else ())
    if won & HUMAN:
        return Game("human", enc.round)
    return Game("enemy" if "enemy" in won else "none", enc.round)


def _job(args: tuple[str, int, str]) -> Game:
    return play(*args)


def measure(map_path: str, games: int, seed: int, level: str, jobs: int) -> dict[str, object]:
    work = [(map_path, seed + i, level) for i in range(games)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, work)
    else:
        results = [_job(w) for w in work]
    human = sum(g.result == "human" for g in results)
    lo, hi = wilson(human, games)
    return {
        "map": Path(map_path).name, "level": level, "games": games, "seed": seed,
        "human": human, "enemy": sum(g.result == "enemy" for g in results),
        "draw": sum(g.result == "draw" for g in results), "none": sum(g.result == "none" for g in results),
        "human_rate": human / games, "human_ci95": [round(lo, 3), round(hi, 3)],
        "mean_rounds": round(statistics.mean(g.rounds for g in results), 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("maps", nargs="+")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    for m in args.maps:
        r = measure(m, args.games, args.seed, args.level, args.jobs)
        lo, hi = r["human_ci95"]
        print(f"{r['map']:<22} {r['level']} x{r['games']}: human side {r['human']}/{r['games']} "
              f"({r['human_rate']:.0%}, 95% CI {lo:.0%}-{hi:.0%}), enemy {r['enemy']}, draws {r['draw']}, "
              f"none {r['none']}, mean rounds {r['mean_rounds']}", flush=True)
        if args.json:
            print(json.dumps(r), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
