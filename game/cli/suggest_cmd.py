"""``playmat suggest``: what the AI would do with the rest of the current actor's turn (docs/cli.md).

A GM's "what would the orc do?": the plan as log lines without dice, and the
score terms behind it. The same state, level and seed always give the same
plan; nothing is changed or written.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys

from game.ai import DEFAULT_LEVEL, LEVELS
from game.rules import RulesError

from .argtypes import whole
from .printable import printable_lines
from .session import load_encounter


def add_arguments(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("--level", default=DEFAULT_LEVEL, choices=LEVELS, help=f"AI level (default {DEFAULT_LEVEL})")
    sp.add_argument("--seed", type=whole, default=0, metavar="S", help="the AI's random seed (default 0)")


def cmd_suggest(args: argparse.Namespace) -> int:
    from game.ai import explain  # the AI loads only for the commands that use it
    from game.words.plan_words import plan_words

    _, enc = load_encounter(args.map, args.log, allow_outside=args.allow_outside)
    if enc.turn is None:
        # A GM's first try is often the bare map: say how to get to a turn, not only that there is none, as the
        # command that begins combat (R13) rather than a JSON line to write by hand.
        how = ""
        if enc.phase == "setup":
            log = shlex.quote(args.log) if args.log else "FILE"
            how = f" (begin it: playmat do {shlex.quote(args.map)} --log {log} begin" + \
                (", then ask again with --log FILE)" if args.log is None else ", then ask again)")
        raise RulesError(f"suggest: combat is not active (phase {enc.phase}): nobody has a turn to plan{how}")
    plan = explain(enc, args.level, random.Random(args.seed), declined=not args.json)
    doc = plan.to_json()
    if args.json:
        sys.stdout.write(json.dumps(doc) + "\n")
        return 0
    # In words a GM reads; the odds are the engine's previews along the plan (game/words/plan_words.py).
    lines = plan_words(enc, plan, random.Random(args.seed))
    sys.stdout.write(printable_lines(lines) + "\n")
    return 0
