"""``playmat do``: check actions against the encounter after a log and append them to it, dice and all.

A GM previewing an encounter steps through initiative with a log. Writing its lines in an editor works
(docs/action-log.md), but a slip is only found by the next command that reads the log, and a line without
``roll`` rolls anew. ``do`` is Foundry's "next turn" button for the command line: every action given is
checked in order against the state after the log, and only when all are legal are they appended, each as the
game records it (the d20 and the damage it rolled written in), so the log replays to exactly what was told.
A refused action leaves the log byte for byte as it was.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex

from game.rules import Applied, Encounter, HexLayout, LogError, RulesError, SaveFile, Scenario, read_log
from game.ui.narration import at_war_from, bonus_from, event_lines  # pure Python: the combat log's words

from .emit import emit
from .errors import Parser, UsageError
from .session import load_encounter

# A bare word is an action with no fields: `playmat do MAP --log F end_turn` (begin, end_turn, end_combat).
_WORD = re.compile(r"[A-Za-z_]+")


def add_arguments(sp: argparse.ArgumentParser) -> None:
    for a in sp._actions:  # the rules commands' shared --log: here it is the file written, not only read
        if a.dest == "log":
            a.help = "the JSON Lines action log to check against and append to (created if missing)"
    sp.add_argument("actions", nargs="+", metavar="ACTION",
                    help="a log line ('{\"action\": \"move\", \"unit\": \"Orc 1\", \"to\": [5, 3]}'), "
                         "or begin, end_turn, end_combat")
    if isinstance(sp, Parser):
        sp.missing_words = _missing_words
        sp.missing_after = _missing_log


def as_line(text: str) -> str:
    """The log line an argument stands for: JSON as given, or a bare action name made into one."""
    return json.dumps({"action": text}) if _WORD.fullmatch(text.strip()) else text


def cmd_do(args: argparse.Namespace) -> int:
    scenario, enc = _encounter(args)
    applied = _check(enc, args.actions, scenario.board.layout, args.log, args.map)
    recorded = [a.action.to_json() for a in applied]  # each line as the game records it, made once
    save = SaveFile(args.log)  # locked: a game playing this log refuses, as a second window would
    try:
        # One write and one flush to disk for all the lines (docs/cli.md says what is on disk when): a flush a
        # line made 20,000 actions wait on the disk 20,000 times. A failure appends none of them.
        save.append_lines(recorded)
    finally:
        save.close()
    said = [line for a in applied for line, _role in
            event_lines(a.events, bonus_from(enc), action=a.action, at_war=at_war_from(enc),
                        layout=enc.layout)]
    doc = {"appended": [json.loads(text) for text in recorded], "said": said,
           "phase": enc.phase, "round": enc.round, "turn": enc.turn}
    lines = [f"appended {len(applied)} line{'s' if len(applied) != 1 else ''} to {args.log}:"]
    lines += ["  " + text for text in recorded]
    lines += said + [_now(enc)]
    emit(doc, args.json, lines)
    return 0


# What ``do`` needs and why, in the order a GM types them; one message names every one missing.
_NEEDS = {"MAP": "the Tiled map", "--log FILE": "the log to append to (it is created if missing)",
          "ACTION": "what to append (begin, end_turn, end_combat or a log line)"}


def _needs(missing: list[str]) -> str:
    names = [n for n in _NEEDS if n in missing]
    said = [f"an {n}" if n == "ACTION" else n for n in names]
    verb = "is" if len(names) == 1 else "are"
    return f"{_and(said)} {verb} required: {_and([_NEEDS[n] for n in names])}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _missing_words(argv: list[str], missing: list[str]) -> str | None:
    """argparse's "required: ACTION", naming --log too when it is missing as well: a GM learnt of the two one
    try apart (argparse stops at the missing ACTION before cmd_do could say the log was missing)."""
    log = any("--log".startswith(t.split("=", 1)[0]) and len(t.split("=", 1)[0]) > 2 for t in argv)
    return None if log else _needs([*missing, "--log FILE"])


def _missing_log(args: argparse.Namespace) -> list[str]:
    """``--log FILE`` when the log to append to was not given: refused while the arguments are read, in the form
    of every missing argument (``playmat do: ... (see playmat do --help)``); refused by cmd_do it read
    ``playmat: do: ...``, unlike the message for a missing ACTION beside it."""
    return ["--log FILE"] if args.log is None else []


def _encounter(args: argparse.Namespace) -> tuple[Scenario, Encounter]:
    """The map and the state after the log; a log not written yet is an empty one (the GM's first line)."""
    exists = os.path.lexists(args.log)
    return load_encounter(args.map, args.log if exists else None, allow_outside=args.allow_outside)


def _check(enc: Encounter, actions: list[str], layout: HexLayout, log: str, map_path: str) -> list[Applied]:
    """Apply each action in order; the first refused one is named (which argument, what it was, why) and
    nothing is written."""
    # A log not there yet is not "unchanged": nothing was created, and a GM looking for the file should know.
    untouched = f"{log} is unchanged" if os.path.lexists(log) else f"{log} was not created"
    out = []
    for i, text in enumerate(actions, start=1):
        where = f"ACTION {i} of {len(actions)}" if len(actions) > 1 else "ACTION"
        try:
            (action,) = read_log([as_line(text)], layout, source="x") or [None]
            if action is None:
                raise UsageError(f"do: {where} is empty; {untouched}")
            out.append(enc.apply(action))
        except LogError as err:
            raise UsageError(f"do: {where} ({clip_words(text)}): {err.reason}; {untouched}") from None
        except RulesError as err:
            reason, kind = str(err), getattr(action, "KIND", "")
            if kind and not reason.startswith(f"{kind}:"):
                reason = f"{kind}: {reason}"  # as a refused log line names its action
            if reason.endswith("combat has not begun") and kind != "end_combat":
                # A GM's first move on a fresh log: the command that starts the fight (R13), ready to paste.
                reason += f" (begin it first: playmat do {shlex.quote(map_path)} --log {shlex.quote(log)} begin)"
            raise UsageError(f"do: {where} ({clip_words(text)}): {reason}; {untouched}") from None
    return out


def clip_words(text: str, limit: int = 60) -> str:
    """The action as given, short enough to keep the refusal on one readable line."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _now(enc: Encounter) -> str:
    """Where the encounter stands after the lines, as ``state``'s first line says it."""
    if enc.phase == "setup":
        return "now: setup (begin starts round 1)"
    if enc.phase == "ended":
        return "now: combat over"
    return f"now: round {enc.round}, {enc.turn} to act"
