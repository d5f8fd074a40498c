"""The AI's decisions on the shipped maps, kept as a golden (tests/golden/ai_decisions.json).

For each shipped map and each tactical level (easy, normal, hard) it plays
the map's setup with every faction at that level for ROUNDS rounds (game
seed SEED, the dice and AI streams ``playmat playtest`` gives that seed) and
keeps every action line of the log. ``tests/test_ai_golden.py`` plays them
again and names the first action that differs: a change to the AI that
changes a decision must regenerate the golden on purpose, and say so.

    python tools/ai_golden.py            # compare, print what differs (exit 1 if anything does)
    python tools/ai_golden.py --write    # regenerate the golden after a deliberate AI change
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai import policy_for  # noqa: E402
from game.maps import load_scenario, shipped_maps  # noqa: E402
from game.playtest import map_factions  # noqa: E402
from game.playtest.play import play_game  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "ai_decisions.json"
LEVELS = ("easy", "normal", "hard")
SEED = 7
ROUNDS = 3


def decisions(map_path: Path, level: str) -> list[str]:
    """The action lines of ROUNDS rounds of ``map_path`` with every faction at ``level``."""
    scenario = load_scenario(map_path)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "game.jsonl"
        play_game(scenario, SEED, {f: level for f in map_factions(scenario)}, policy_for,
                  max_rounds=ROUNDS, log_path=log)
        return [line for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def all_decisions() -> dict[str, list[str]]:
    return {f"{m.path.name} {level}": decisions(m.path, level) for m in shipped_maps() for level in LEVELS}


def differences(golden: dict[str, list[str]], now: dict[str, list[str]]) -> list[str]:
    """One line per game whose decisions differ from the golden: the first differing action."""
    out = []
    for key in sorted(set(golden) | set(now)):
        was, is_ = golden.get(key, []), now.get(key, [])
        if was == is_:
            continue
        k = next((i for i, (a, b) in enumerate(zip(was, is_, strict=False)) if a != b), min(len(was), len(is_)))
        out.append(f"{key}: action {k + 1} was {was[k] if k < len(was) else '(none)'}, "
                   f"now {is_[k] if k < len(is_) else '(none)'}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true", help="regenerate the golden")
    args = ap.parse_args()
    now = all_decisions()
    if args.write:
        GOLDEN.write_text(json.dumps(now, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {GOLDEN.relative_to(ROOT)}: {len(now)} games, {sum(map(len, now.values()))} actions")
        return 0
    diff = differences(json.loads(GOLDEN.read_text(encoding="utf-8")), now)
    print("\n".join(diff) if diff else f"the AI's decisions match {GOLDEN.relative_to(ROOT)}")
    return 1 if diff else 0


if __name__ == "__main__":
    raise SystemExit(main())
