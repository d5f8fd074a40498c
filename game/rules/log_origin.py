"""Whether a log that fails on a map was made on another one: the hint its first refused line gets.

A log records no map (docs/action-log.md: the map plus the log is the encounter), so a log played on
ship_boarding and loaded onto ambush failed on its first line with a pointy-top side or a name the map
lacks (``a.jsonl:2: face: dir "n" is not one of e, ne, ...``, ``unknown unit "Kestrel"``), which read as a
broken file. What the log names tells: when none of the combatants it names up to the failing line is on
the map, and at least two it names are not (nor join it, nor are a near spelling of one that is: a typo,
which ``did you mean`` answers), the line asks whether it comes from another map and lists those names.

One name alone asks too, when the refused line itself names it and it is like none of the map's names
(difflib likeness under ``NEAR``, as a typo never is): a log of another map whose first line to fail names
one of its combatants ("set_hp Kestrel" on a map of Orc and Goblin) went without a word. A name that is like
one of the map's is a slip in this map's log: the line says which name it nearly is, when the engine's own
stricter ``did you mean`` has not already said so.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Iterator

from .limits import clip
from .scenario import Scenario
from .text import did_you_mean

# A log played elsewhere names several of that map's combatants (turns pass between them); one name the map
# lacks may be a GM's slip in a hand-written line ("Lysa Hart" for "Lysa"), so it is weighed alone (NEAR).
MIN_STRANGERS = 2
# Below this likeness (difflib's ratio, case and "_" ignored) to every one of the map's names, a lone unknown
# name is no typo of one of them ("Kestrel" and "Orc" 0.2); at or above it ("Lysa Hart" and "Lysa" 0.62) it is.
NEAR = 0.6
LONGEST_NAME = 200  # a name longer than this is compared with nothing (as ``did_you_mean`` does)
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


def records(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, object]]:
    """Each (line number, text) read as JSON where it is JSON at all (a malformed line counts as no record).

    One at a time, as the hint asks for them: it mostly stops at the first line naming one of the map's
    combatants, and a list of a 100,000-line log's objects took 70 MB to refuse its seventh line."""
    for number, text in lines:
        try:
            yield number, json.loads(text)
        except (ValueError, RecursionError):
            continue


def _plain(text: str) -> str:
    return " ".join(text.replace("_", " ").split()).casefold()


def likeness(name: str, on_map: Iterable[str]) -> float:
    """How like ``name`` the likest of ``on_map`` is (difflib's ratio, 0 to 1; case and "_" ignored)."""
    wanted = _plain(name)
    if len(wanted) > LONGEST_NAME:
        return 0.0  # no typo of a map's name (those run to 100 characters), and difflib's time grows with it
    return max((difflib.SequenceMatcher(None, wanted, _plain(n)).ratio() for n in on_map), default=0.0)


def another_map_hint(scenario: Scenario, logged: Iterable[tuple[int, object]], failed_at: int,
                     reason: str = "") -> str:
    """' (is this log from another map? its units: Kestrel, Selkie; ambush.tmx has none of them)' for a log whose
    first refused line is ``failed_at``, read as ``logged`` (line number, JSON object) pairs, refused for
    ``reason``; '' when the log names, up to that line, a combatant the map has. Fewer than two names it lacks
    get the question only for a name on the refused line like none of the map's (:func:`_lone_name`)."""
    on_map = [c.name for c in scenario.combatants]
    known = set(on_map)
    joined: set[str] = set()
    named: dict[str, None] = {}
    refused: list[str] = []
    for number, record in logged:
        names, joins = _names(record)
        joined.update(joins)
        if number <= failed_at and any(n in known for n in names):
            return ""  # it plays this map's combatants: the failing line is a fault of its own
        if number == failed_at:
            refused = names
        named.update(dict.fromkeys(names))
    strangers = [n for n in named if n not in known and n not in joined and not did_you_mean(n, on_map)]
    if len(strangers) < MIN_STRANGERS:
        lone = [n for n in refused if n not in known and n not in joined]
        return _lone_name(scenario, lone[0], reason) if lone else ""
    shown = ", ".join(clip(n, NAME_CHARS) for n in strangers[:SHOWN])
    more = f" and {len(strangers) - SHOWN} more" if len(strangers) > SHOWN else ""
    return f" (is this log from another map? its units: {shown}{more}; {scenario.source} has none of them)"


def _lone_name(scenario: Scenario, name: str, reason: str) -> str:
    """The hint for the one name the refused line names and the map lacks: like none of the map's names, the
    question about another map; like one, the name it nearly is (unless ``reason`` already says it)."""
    on_map = [c.name for c in scenario.combatants]
    if likeness(name, on_map) < NEAR:
        return (f" (is this log from another map? its unit: {clip(name, NAME_CHARS)}; {scenario.source} has no "
                "combatant of that name)")
    if "did you mean" in reason:
        return ""
    return did_you_mean(name, on_map, cutoff=NEAR)  # '' for "Orc 9" beside "Orc 1": a number is no typo
