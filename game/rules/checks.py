"""The refusals the action handlers share, and the wording of their messages.

Each ``need_*`` either returns what the handler needs (the unit, the cell,
the direction index) or raises :class:`IllegalActionError` with a one-line
reason that starts with the action's kind. They only read the encounter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .combatant import CombatantSpec
from .errors import IllegalActionError
from .hexgrid import Cell
from .movement import fits, footprint
from .phases import ACTIVE, SETUP
from .terrain import Terrain
from .unit_state import UnitState

if TYPE_CHECKING:
    from .encounter import Encounter


def show(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


def quote(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else repr(value)


def band(lo: int, hi: int) -> str:
    return f"distance {lo}" if lo == hi else f"distance {lo} to {hi}"


def need_phase(enc: Encounter, action: Action, *phases: str) -> None:
    if enc.phase not in phases:
        if enc.phase == SETUP:
            raise IllegalActionError(f"{action.KIND}: combat has not begun")
        raise IllegalActionError(f"{action.KIND}: not allowed once combat has begun (setup only)")


def need_unit(enc: Encounter, action: Action, name: str) -> UnitState:
    u = enc.unit(name)
    if not u.active:
        raise IllegalActionError(f'{action.KIND}: "{name}" is {u.status} and no longer on the board')
    return u


def need_actor(enc: Encounter, action: Action, name: str) -> UnitState:
    need_phase(enc, action, ACTIVE)
    u = need_unit(enc, action, name)
    if enc.turn != name:
        raise IllegalActionError(f'{action.KIND}: it is "{enc.turn}"\'s turn, not "{name}"\'s (R16)')
    return u


def need_action_left(enc: Encounter, action: Action, u: UnitState) -> None:
    if enc.acted:
        raise IllegalActionError(f'{action.KIND}: "{u.name}" has already used its action this turn (R16)')


def need_target(enc: Encounter, action: Action, u: UnitState, name: str) -> UnitState:
    t = need_unit(enc, action, name)
    if t.name == u.name:
        raise IllegalActionError(f'{action.KIND}: "{u.name}" cannot target itself')
    return t


def need_dir(enc: Encounter, action: Action, name: Any) -> int:
    try:
        return enc.layout.direction_index(name)
    except (ValueError, TypeError):
        raise IllegalActionError(
            f"{action.KIND}: direction {quote(name)} is not one of {', '.join(enc.layout.direction_names)}"
        ) from None


def need_roll(action: Action, roll: int | None) -> None:
    if roll is not None and (isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 20):
        raise IllegalActionError(f"{action.KIND}: roll {roll!r} is not a d20 result from 1 to 20")


def need_cell(enc: Encounter, action: Action, cell: Any, what: str) -> Cell:
    ok = (isinstance(cell, tuple | list) and len(cell) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in cell))
    if not ok or not enc.layout.in_grid((cell[0], cell[1])):
        raise IllegalActionError(f"{action.KIND}: {what} {cell!r} is not a cell of this map")
    return (cell[0], cell[1])


def need_room(enc: Encounter, action: Action, spec: CombatantSpec, cell: Cell, ignore: str | None) -> None:
    """A footprint where a combatant may be put: on-map, enterable, nobody else there."""
    board = enc.board
    cells = footprint(board, cell, spec.radius)
    if not fits(board, cells):
        raise IllegalActionError(f'{action.KIND}: "{spec.name}" at {show(cell)} does not fit on the map')
    for c, r in cells:
        if board.cost[spec.movement_type, r, c] < 1:
            kind = Terrain(int(board.terrain[r, c])).label
            raise IllegalActionError(
                f'{action.KIND}: a {spec.movement_type.label} combatant may not stand on {kind} at {show((c, r))}'
            )
    mine = set(cells)
    for u in enc.units.values():
        others = u.active and u.name != ignore and u.name != spec.name
        if others and mine.intersection(footprint(board, u.cell, u.radius)):
            raise IllegalActionError(f'{action.KIND}: {show(cell)} overlaps "{u.name}"')
