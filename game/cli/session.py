"""Load a map and replay an optional log: the state every rules command asks about."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from game.maps.loader import load_scenario
from game.rules import Encounter, LogError, Scenario, did_you_mean, read_log, replay
from game.saves import log_refusal, replayed_elsewhere

from .errors import UsageError
from .printable import error_line


def load_encounter(map_path: str, log_path: str | None, *, allow_outside: bool = False) -> tuple[Scenario, Encounter]:
    """The scenario and the encounter after the log (MapError/LogError on bad input)."""
    scenario = load_scenario(map_path, allow_outside=allow_outside)
    if log_path is None:
        return scenario, Encounter.from_scenario(scenario)
    try:
        enc = replay(scenario, read_log(log_path, scenario.board.layout, scenario=scenario))
    except LogError as err:  # a log from another map says so, as its save note or its names tell
        raise _torn(log_refusal(err, Path(log_path), Path(map_path)), Path(log_path), map_path) from None
    # One that replays though its note names another map (only begin and end_turn lines) is warned of, on
    # stderr so that a --json document on stdout stays whole; the command goes on.
    warning = replayed_elsewhere(Path(log_path), Path(map_path))
    if warning is not None:
        print("playmat: " + error_line(f"warning: {warning}"), file=sys.stderr)
    return scenario, enc


def named_unit(enc: Encounter, option: str, name: str) -> str:
    """``name`` when the encounter has a combatant so named, else UsageError naming the option, the name meant
    when one is close, and who there is: the engine's bare `unknown unit "Nobody"` said neither which option
    was wrong nor what to type instead, and a GM had to run ``state`` to find out."""
    names = [v.name for v in enc.views()]
    if name in names:
        return name
    hint = did_you_mean(name, names)
    shown = ", ".join(names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
    raise UsageError(f'{option}: unknown unit "{name}"{hint}; the combatants are {shown or "none"}'
                     " (playmat state lists them)")


def _torn(err: Exception, log: Path, map_path: str) -> Exception:
    """A last line cut short (no line end, not JSON) is a save torn while a game wrote it: the rules commands
    only read a log and leave it so (docs/limits.md, "The save file"), but the GM is told what mends it, else
    the log is stuck for every command."""
    if not (isinstance(err, LogError) and err.line is not None and err.reason.startswith("not valid JSON")):
        return err
    try:
        data = log.read_bytes()
    except OSError:
        return err
    if data.endswith((b"\n", b"\r")) or len(data.splitlines()) != err.line:
        return err
    # Added to the line as said (err is already cut to its limit); the paths are the GM's own arguments, which a
    # LogError would cut again, mid-command, at 400 characters.
    return UsageError(f"{err}; the last line, with no line end, looks torn (cut off while it was saved): delete "
                      "it, and the log reads again (resuming the game with playmat play "
                      f"{shlex.quote(map_path)} --log {shlex.quote(str(log))} does that too, then plays on)")
