"""Whether a log that fails on a map was made on another one: the hint its first refused line gets.

A log records no map (docs/action-log.md: the map plus the log is the encounter), so a log played on
ship_boarding and loaded onto ambush failed on its first line with a pointy-top side or a name the map
lacks (``a.jsonl:2: face: dir "n" is not one of e, ne, ...``, ``unknown unit "Kestrel"``), which read as a
broken file. What the log names tells: when none of the combatants it names up to the failing line is on
the map, and at least two it names are not (nor join it, nor are a near spelling of one that is: a typo,
which ``did you mean`` answers), the line asks whether it comes from another map and lists those names.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from .limits import clip
from .scenario import Scenario
from .text import did_you_mean

# A log played elsewhere names several of that map's combatants (turns pass between them); one name the map
# lacks is as likely a GM's slip in a hand-written line ("Lysa Hart" for "Lysa"), which the line says alone.
MIN_STRANGERS = 2
SHOWN = 3  # names listed before "and N more": the line stays one line
NAME_CHARS = 40  # each listed name cut to this (a map's names may run to 100 characters)


def _names(record: object) -> tuple[list[str], list[str]]:
    """(the combatants a log line names, the ones it joins) from its JSON object; nothing from anything else."""
    if not isinstance(record, dict):
        return [], []
    named: list[str] = []
    joined: list[str] = []
    for key in ("unit", "target"):
        value = record.get(key)
        if isinstance(value, str):
            named.append(value)
        elif isinstance(value, dict) and isinstance(value.get("name"), str):
            joined.append(value["name"])
    return named, joined


def records(lines: Iterable[tuple[int, str]]) -> list[tuple[int, object]]:
    """Each (line number, text) read as JSON where it is JSON at all (a malformed line counts as no record)."""
    out: list[tuple[int, object]] = []
    for number, text in lines:
        try:
            out.append((number, json.loads(text)))
        except (ValueError, RecursionError):
            continue
    return out


def another_map_hint(scenario: Scenario, logged: Iterable[tuple[int, object]], failed_at: int) -> str:
    """' (is this log from another map? its units: Kestrel, Selkie; ambush.tmx has none of them)' for a log whose
    first refused line is ``failed_at``, read as ``logged`` (line number, JSON object) pairs; '' when the log
    names, up to that line, a combatant the map has, or fewer than two it lacks."""
    on_map = [c.name for c in scenario.combatants]
    known = set(on_map)
    joined: set[str] = set()
    named: dict[str, None] = {}
    for number, record in logged:
        names, joins = _names(record)
        joined.update(joins)
        if number <= failed_at and any(n in known for n in names):
            return ""  # it plays this map's combatants: the failing line is a fault of its own
        named.update(dict.fromkeys(names))
    strangers = [n for n in named if n not in known and n not in joined and not did_you_mean(n, on_map)]
    if len(strangers) < MIN_STRANGERS:
        return ""
    shown = ", ".join(clip(n, NAME_CHARS) for n in strangers[:SHOWN])
    more = f" and {len(strangers) - SHOWN} more" if len(strangers) > SHOWN else ""
    return f" (is this log from another map? its units: {shown}{more}; {scenario.source} has none of them)"
