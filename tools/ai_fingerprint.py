"""A hash of every action the AI takes in 18 seeded games on generated tuning maps: did a change move a decision?

An engine change that should leave the AI's choices alone (a faster query, a new one beside it) proves it
here: the same hash before and after means every action of every game was the same. The games are the
tuning set's (``tools/gen_skirmish.py`` map seeds 100-105, game seeds 1000-1005), each with three
pairings (normal against greedy, hard against normal, easy against normal), up to 30 rounds;
``tests/test_ai_golden.py`` does the same for the shipped maps, action by action.

    python tools/ai_fingerprint.py          # prints the hash (16 hex digits), about 15 s of CPU
"""

from __future__ import annotations

import hashlib
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from gen_skirmish import generate  # noqa: E402

from game.ai import policy_for  # noqa: E402
from game.maps import load_scenario  # noqa: E402
from game.match import Match  # noqa: E402
from game.rules import SETUP, Begin  # noqa: E402

MAP_SEEDS = range(100, 106)
PAIRINGS = (("normal", "greedy"), ("hard", "normal"), ("easy", "normal"))
ROUNDS = 30


def fingerprint() -> str:
    h = hashlib.sha256()
    with tempfile.TemporaryDirectory() as tmp:
        for k, map_seed in enumerate(MAP_SEEDS):
            path = generate(Path(tmp), map_seed).path
            for first, second in PAIRINGS:
                controllers = {f: policy_for(first) for f in ("player", "ally")} | {
                    f: policy_for(second) for f in ("enemy", "neutral")}
                match = Match(load_scenario(path), seed=1000 + k, controllers=controllers)
                rng = random.Random(f"fp:{k}")
                if match.encounter.phase == SETUP:
                    match.submit(Begin())
                steps = 0
                while not match.encounter.is_over() and match.encounter.round <= ROUNDS and steps < 5000:
                    h.update(repr(match.step(rng)).encode())  # the action and every event it caused
                    steps += 1
    return h.hexdigest()[:16]


if __name__ == "__main__":
    import argparse

    argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0]).parse_args()  # --help, and no stray args
    print(fingerprint())
