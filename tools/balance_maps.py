"""How winnable is each shipped map for the human side? The same AI-vs-AI games as ``playmat playtest``.

Runs ``game.playtest.run_batch`` exactly as ``playmat playtest MAP --games N [--seed S] --jobs J``
does (default S: the map's own ``seed``), every faction at one level (default ``normal``), and prints
per map: human-side wins (``player`` or ``ally`` among the game's winners) with a 95 % Wilson
interval, enemy wins, draws, games nobody won, mean rounds, and shots, casts, rolls against cover
and sight blocks per game; under it, indented, how the games went when most were not fought out (a side
that fled, rounds run out, a side that never struck: the playtest report's Balance sentences).
``--json`` also prints each map's playtest document, the very line
``playmat playtest --json`` prints for those games. The odds go into each map's description
(tools/make_maps.py ``ODDS``).

    python tools/balance_maps.py maps/ambush.tmx --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import LEVELS  # noqa: E402
from game.maps import MapError, load_scenario  # noqa: E402
from game.playtest import PlaytestError, Summary, check_fight, run_batch  # noqa: E402
from game.playtest.advice import pattern_advice  # noqa: E402
from game.playtest.stats import proportion  # noqa: E402

HUMAN = frozenset({"player", "ally"})


def human_side(summary: Summary) -> dict[str, object]:
    """The figures a map's description quotes, from one batch."""
    n = summary.games
    human = sum(1 for r in summary.records if HUMAN & set(r.winners))
    p = proportion(human, n)
    events = summary.totals()
    return {
        "map": Path(summary.map).name, "games": n, "seed": summary.seed, "levels": dict(summary.levels),
        "human": human, "human_rate": round(p.rate, 4), "human_ci95": [round(p.low, 4), round(p.high, 4)],
        "enemy": sum(1 for r in summary.records if "enemy" in r.winners),
        "draw": summary.draws, "none": summary.no_winner, "mean_rounds": round(summary.rounds_mean, 2),
        "per_game": {k: round(events[k] / n, 2) for k in ("shots", "shot_hits", "casts", "area_hits", "cover",
                                                          "sight_blocks")},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("maps", nargs="+")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None, help="default: each map's own seed, as playmat playtest")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    # Every map read and every argument checked before the first game: a typo in the last map must not
    # cost the twenty minutes of the ones before it, nor end in a traceback.
    if args.level not in LEVELS:
        ap.exit(2, f"balance_maps: --level {args.level!r} is not one of {', '.join(LEVELS)}\n")
    if args.games < 1 or args.jobs < 1:
        ap.exit(2, f"balance_maps: --games and --jobs must be at least 1 (got {args.games}, {args.jobs})\n")
    scenarios = []
    for m in args.maps:
        try:
            scenarios.append((m, load_scenario(m)))
            check_fight(scenarios[-1][1])  # a map with no fight would "win" every game in round 1
        except (MapError, PlaytestError) as err:
            ap.exit(2, f"balance_maps: {err}\n")
    for m, scenario in scenarios:
        levels = {c.faction: args.level for c in scenario.combatants}
        summary = run_batch(scenario, args.games, args.seed, levels, args.jobs, map_label=m)
        r = human_side(summary)
        lo, hi = r["human_ci95"]  # type: ignore[misc]
        per = r["per_game"]
        assert isinstance(per, dict)
        print(f"{r['map']:<22} {args.level} x{r['games']} (seed {r['seed']}): human side {r['human']}/{r['games']} "
              f"({r['human_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%}), enemy {r['enemy']}, draws {r['draw']}, "
              f"none {r['none']}, mean rounds {r['mean_rounds']}; per game: {per['shots']} shots "
              f"({per['shot_hits']} hit), {per['casts']} casts ({per['area_hits']} area hits), {per['cover']} "
              f"rolls against cover, {per['sight_blocks']} sight blocks", flush=True)
        for advice in pattern_advice(summary):  # games mostly fled, run out of rounds or never fought
            print(f"  {advice}", flush=True)
        if args.json:
            sys.stdout.write(summary.json_text())
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
