"""What stopped a push short (R12), in one clause naming it and its hex.

Shared by the previews (what would stop a shove or a GM push) and the resolver (what did stop one, carried on
the ``Pushed`` event so a log line can say why "Marla cannot be pushed").
"""

from __future__ import annotations

from .hexgrid import Cell
from .movement import footprint
from .state import EncounterState
from .text import quote, show
from .unit_state import UnitState


def in_the_way(state: EncounterState, u: UnitState, stop: tuple[str, Cell]) -> str:
    """The obstacle ``stop`` (kind, hex) of a push of ``u`` as a clause: "the edge of the map is in the way
    (R12)", "blocked terrain is in the way at 3,4 (R12)", '"Orc 1" is in the way at 3,4 (R12)'."""
    kind, cell = stop
    if kind == "edge":
        return "the edge of the map is in the way (R12)"
    if kind == "blocked":
        return f"blocked terrain is in the way at {show(cell)} (R12)"
    if kind == "chasm":
        return f"a chasm is in the way at {show(cell)}: a large or giant creature is never pushed onto one (R12)"
    who = next((v.name for v in state.units.values() if v.active and v.name != u.name
                and cell in footprint(state.board, v.cell, v.radius)), None)
    return f"{quote(who) if who else 'a combatant'} is in the way at {show(cell)} (R12)"
