"""The action log: JSON Lines, one action per line (docs/action-log.md).

``read_log`` parses a file or lines into an :class:`ActionList` that
remembers each action's line number; ``replay`` applies them to a fresh
encounter and names the line of the first refused action;
``write_log`` prints recorded actions (with every roll) so a replay is exact.
Blank lines are allowed and skipped.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from . import limits
from .actions import Action, ActionParseError, parse_action
from .encounter import Encounter
from .errors import RulesError
from .hexgrid import HexLayout
from .limits import (
    MAX_LOG_FILE_BYTES,
    MAX_LOG_LINE_CHARS,
    MAX_LOG_LINES,
    InputLimitError,
    clip,
    counting_search,
    read_regular_file,
)
from .log_origin import another_map_hint, records
from .scenario import Scenario

_LINE_END = re.compile(r"\r\n|\r|\n")


class LogError(RulesError):
    """A log line is malformed or not legal at its point: ``log.jsonl:3: reason``."""

    def __init__(self, source: str, line: int | None, reason: str, sep: str = ": ") -> None:
        reason = clip(reason, 400)  # each reader cuts what it repeats of the log; this is the last resort
        # ``sep`` " " for a reason about the whole file that reads as a sentence ("a.jsonl was made on ...").
        super().__init__(f"{source}:{line}: {reason}" if line is not None else f"{source}{sep}{reason}")
        self.source = source
        self.line = line
        self.reason = reason


class ActionList(list[Action]):
    """A list of actions with the log line each came from (for messages)."""

    def __init__(self, actions: Iterable[Action] = (), lines: Sequence[int] | None = None,
                 source: str = "log") -> None:
        super().__init__(actions)
        self.lines: list[int] = list(lines) if lines is not None else list(range(1, len(self) + 1))
        self.source = source


def read_log(path_or_lines: str | os.PathLike[str] | Iterable[str], layout: HexLayout,
             source: str | None = None, scenario: Scenario | None = None) -> ActionList:
    """Parse a log file (a path) or an iterable of lines. LogError names the line and the reason; given the
    ``scenario`` the log is for, a line refused in a log that looks made on another map says so
    (:mod:`log_origin`)."""
    lines: Iterable[str]
    if isinstance(path_or_lines, str | os.PathLike):
        path = Path(path_or_lines)
        name = source or path.name
        lines = _file_lines(path, name)
    else:
        name = source or "log"
        lines = list(path_or_lines) if scenario is not None else path_or_lines  # read again for the hint
    return _parse_lines(lines, layout, name, scenario)


def _file_lines(path: Path, name: str) -> list[str]:
    """A log file's lines, read within the limits: no larger than MAX_LOG_FILE_BYTES, UTF-8, at most
    MAX_LOG_LINES lines (counted before any is split off)."""
    try:
        data = read_regular_file(path, "log", MAX_LOG_FILE_BYTES)
    except InputLimitError as exc:
        raise LogError(name, None, "cannot read the log: no such file" if exc.missing else exc.reason) from None
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark (Windows editors) is not part of line 1
    except UnicodeDecodeError as exc:
        bad_line = data.count(b"\n", 0, exc.start) + 1
        raise LogError(name, bad_line, f"not UTF-8 text (byte {exc.start + 1} of the file)") from None
    # Records end at \n, \r\n or \r (which JSON always escapes inside strings) and nowhere
    # else: str.splitlines would also split on U+2028, U+2029 and \x85, which
    # json.dumps(ensure_ascii=False) leaves raw in names.
    # Counted before anything is split or parsed: 16 MB of "{}\n" split into 5.6 million strings took
    # 450 MB. (\r\n ends one line; a final line end adds an empty one.)
    ends = text.count("\n") + text.count("\r") - text.count("\r\n")
    if ends > MAX_LOG_LINES:
        raise LogError(name, MAX_LOG_LINES + 1, f"the log has more than {MAX_LOG_LINES:,} lines, the limit")
    pieces = _LINE_END.split(text)
    if len(pieces) > 1 and not pieces[-1]:
        pieces.pop()  # the empty text after the last line end is no line (a log of exactly the limit is read)
    return pieces


def _parse_lines(lines: Iterable[str], layout: HexLayout, name: str, scenario: Scenario | None) -> ActionList:
    """Each line that is not blank parsed as an action, with its line number; the first line past a limit or
    refused by the parser ends the reading with a LogError naming it."""
    out = ActionList(source=name)
    for number, line in enumerate(lines, start=1):
        if number > MAX_LOG_LINES:
            raise LogError(name, number, f"the log has more than {MAX_LOG_LINES:,} lines, the limit")
        if len(line) > MAX_LOG_LINE_CHARS:
            raise LogError(name, number, f"the line is longer than {MAX_LOG_LINE_CHARS:,} characters, the limit")
        if not line.strip():
            continue
        try:
            action = parse_action(line, layout)
        except ActionParseError as exc:
            raise LogError(name, number, str(exc) + _origin_hint(scenario, lines, number, str(exc))) from None
        out.append(action)
        out.lines.append(number)
    return out


def _origin_hint(scenario: Scenario | None, lines: Iterable[str], number: int, reason: str) -> str:
    """For a refused line, given the scenario and the lines kept: what says the log looks made on another map
    (:mod:`log_origin`), else nothing."""
    if scenario is not None and isinstance(lines, list):
        return another_map_hint(scenario, records(enumerate(lines, start=1)), number, reason)
    return ""


def replay(scenario: Scenario, actions: Sequence[Action], max_search: int | None = None) -> Encounter:
    """A fresh encounter from ``scenario`` with ``actions`` applied in order.

    The first refused action raises LogError with its line (``ActionList``
    line numbers; otherwise its 1-based position) and the reason; so does the
    line at which checking the moves has searched more than ``max_search``
    hexes (default ``MAX_REPLAY_SEARCH``, docs/limits.md).
    """
    limit = limits.MAX_REPLAY_SEARCH if max_search is None else max_search
    enc = Encounter.from_scenario(scenario)
    lines = getattr(actions, "lines", None)
    source = getattr(actions, "source", "log")
    # Only the last MAX_UNDO_ACTIONS can ever be undone: the ones before need no snapshot to undo by, nor
    # to restore on a refusal (the refusal throws this encounter away), so they go without (limits.py).
    guarded_from = len(actions) - limits.MAX_UNDO_ACTIONS
    with counting_search() as searched:
        for i, action in enumerate(actions):
            try:
                if i < guarded_from:
                    enc._apply_unguarded(action)
                else:
                    enc.apply(action)
            except RulesError as exc:
                # Every refusal names the action it refuses, as a malformed line does ("move: ..."): the engine's
                # shared checks ("unknown unit ...") do not know which action asked.
                reason, kind = str(exc), getattr(action, "KIND", "")
                if kind and not reason.startswith(f"{kind}:"):
                    reason = f"{kind}: {reason}"
                at = lines[i] if lines else i + 1
                # Made line by line as the hint reads them (it mostly stops at the log's first line).
                logged = ((lines[j] if lines else j + 1, a.to_json()) for j, a in enumerate(actions))
                raise LogError(source, at, reason + another_map_hint(scenario, records(logged), at, reason)) from None
            if searched[0] > limit:
                raise LogError(source, lines[i] if lines else i + 1,
                               f"checking the moves up to this line searched more than {limit:,} hexes, the limit "
                               "(a move line with its path, as Playmat writes it, needs no search)")
    return enc


def replay_log(scenario: Scenario, path_or_lines: str | os.PathLike[str] | Iterable[str],
               source: str | None = None) -> Encounter:
    """``read_log`` then ``replay``."""
    return replay(scenario, read_log(path_or_lines, scenario.board.layout, source, scenario))


def write_log(actions: Iterable[Action], path: str | os.PathLike[str] | None = None) -> str:
    """The log text of ``actions`` (one JSON line each, newline-terminated); also written to ``path`` if given."""
    text = "".join(a.to_json() + "\n" for a in actions)
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text
