"""Fuzz Tiled layer trees beyond the CI run: ``python tools/fuzz_tiled.py [EXAMPLES] [SEED]``.

Runs tests/test_tiled_fuzz.py's mutation and check (validate, load and render agree; one-line
refusals; never a traceback) on many more maps and prints how they ended.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import tests.test_tiled_fuzz as fuzz  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("examples", type=int, nargs="?", default=20_000, help="mutated maps to try (20000)")
    parser.add_argument("seed", type=int, nargs="?", default=1, help="hypothesis seed (1)")
    args = parser.parse_args()
    examples, rng_seed = args.examples, args.seed
    work = Path(tempfile.mkdtemp(prefix="fuzz_tiled"))
    outcomes: dict[str, int] = {}
    start = time.process_time()

    @seed(rng_seed)
    @settings(max_examples=examples, deadline=None, database=None)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        outcome = fuzz.fuzz_one(data, work)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        done = sum(outcomes.values())
        if done % 500 == 0:
            print(f"... {done} maps, {time.process_time() - start:.0f} s CPU", flush=True)

    run()  # a failing map raises with hypothesis's shrunk example
    total = sum(outcomes.values())
    print(f"{total} mutated maps, 0 tracebacks, {time.process_time() - start:.1f} s CPU: "
          + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))


if __name__ == "__main__":
    main()
