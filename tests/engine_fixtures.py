"""Small text-map fights for the engine's own tests (tests/test_actions.py, test_engine_api.py and others).

Maps are pointy-top, staggerindex odd (``scenario_from_rows``); tests/test_actions.py lists the neighbours.
"""

from __future__ import annotations

import pytest

from game.rules import Action, Begin, Encounter, IllegalActionError, scenario_from_rows

OPEN = ["." * 10] * 8  # open ground, 10 columns by 8 rows


def start(units: list[dict], rows: list[str] = OPEN, **kw: object) -> Encounter:
    """The encounter on ``rows`` with ``units``, combat begun (the top initiative acts first)."""
    enc = Encounter(scenario_from_rows(rows, units, **kw))
    enc.apply(Begin())
    return enc


def hero(at: tuple[int, int] = (1, 2), **props: object) -> dict:
    """"A", of the player side, initiative 5 (so it acts before the orc); the rest the map format's defaults."""
    return {"name": "A", "at": at, "faction": "player", "initiative": 5, **props}


def orc(at: tuple[int, int] = (5, 2), **props: object) -> dict:
    """"O", of the enemy side, attack 2; the rest the map format's defaults."""
    return {"name": "O", "at": at, "faction": "enemy", "attack": 2, **props}


def refused(enc: Encounter, action: Action, match: str) -> None:
    """The action is refused with a reason containing ``match`` (a regular expression), nothing changes, and
    the predicate ``check`` says beforehand that it would be refused."""
    before = enc.snapshot()
    with pytest.raises(IllegalActionError, match=match):
        enc.apply(action)
    assert enc.snapshot() == before
    assert enc.check(action) is not None
