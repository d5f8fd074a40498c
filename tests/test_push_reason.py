"""A push that goes nowhere, or stops short, says what was in the way (R12, R33).

Found on the Black Gull: the Sea Witch's burst caught Marla and the log said only "Marla cannot be pushed";
Corsair 1 stood on the hex the burst would have thrown her onto, and nothing said so. The engine's
``Pushed`` event now carries what stopped the push, in the words its previews already use, and the log line
ends with it. Golden lines worked by hand on one row of hexes (pointy-top, ``e``/``w`` along the row).
"""

from __future__ import annotations

from typing import Any

from game.rules import Begin, Encounter, Push, Pushed, scenario_from_rows
from game.ui import narration

PLAYER: dict[str, Any] = {"faction": "player", "initiative": 9}
ENEMY: dict[str, Any] = {"faction": "enemy", "initiative": 1}


def row() -> Encounter:
    """A at 1,0 and B at 2,0 side by side, C at 4,0, on a row of six hexes (0,0 .. 5,0)."""
    enc = Encounter.from_scenario(scenario_from_rows(["......"], [
        {"name": "A", "at": (1, 0), **PLAYER}, {"name": "B", "at": (2, 0), **PLAYER},
        {"name": "C", "at": (4, 0), **ENEMY}]))
    enc.apply(Begin())
    return enc


def pushed_line(enc: Encounter, push: Push) -> tuple[Pushed, str]:
    ev = next(e for e in enc.apply(push).events if isinstance(e, Pushed))
    line = narration.event_line(ev, None)
    assert line is not None
    return ev, line[0]


def test_a_push_into_a_neighbour_names_it() -> None:
    ev, line = pushed_line(row(), Push("A", "e", 1))  # B stands on 2,0, the first hex east
    assert ev.path == ((1, 0),)
    assert line == "A cannot be pushed: B is in the way at 2,0 (R12)"


def test_a_push_stopped_short_says_where_and_why() -> None:
    ev, line = pushed_line(row(), Push("C", "w", 3))  # 3,0 is free, B holds 2,0
    assert ev.path == ((4, 0), (3, 0))
    assert line == "C is pushed to 3,0, no further: B is in the way at 2,0 (R12)"
    ev, line = pushed_line(row(), Push("A", "w", 2))  # 0,0, then off the map
    assert line == "A is pushed to 0,0, no further: the edge of the map is in the way (R12)"


def test_a_push_that_goes_the_whole_way_adds_nothing() -> None:
    ev, line = pushed_line(row(), Push("C", "e", 1))
    assert ev.stopped is None
    assert line == "C is pushed to 5,0"
