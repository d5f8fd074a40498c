"""Area abilities (R32) and pushes away from a point (R33): where a burst may go and whom it catches.

The cast precondition, the preview, ``targets`` and the handler read these,
so a burst previewed on a hex catches exactly who the cast then resolves.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .combatant import AreaAbility
from .cover import LineOfFire, line_of_fire
from .hexgrid import Cell, HexLayout
from .movement import footprint
from .sight import sight_map
from .state import EncounterState
from .unit_state import UnitState


def away_from(layout: HexLayout, centre: Cell, cell: Cell) -> int | None:
    """R33: the side direction from ``centre`` toward ``cell``; on a sector border the counter-clockwise
    one of the two (R2: direction indices run counter-clockwise); None on the centre itself."""
    sectors = layout.direction_between(centre, cell)
    if not sectors:
        return None
    if len(sectors) == 1:
        return sectors[0]
    a, b = sectors
    return b if (a + 1) % 6 == b else a  # of two neighbouring sectors, the one a step counter-clockwise


def caught(state: EncounterState, centre: Cell, radius: int) -> list[UnitState]:
    """R32: active combatants with a footprint hex within ``radius`` of ``centre``, in initiative order."""
    out = []
    for name in state.order():
        v = state.units[name]
        if max(0, state.layout.distance(centre, v.cell) - v.radius) <= radius:
            out.append(v)
    return out


def area_fire(state: EncounterState, caster: UnitState, t: UnitState, centre: Cell, radius: int) -> LineOfFire:
    """R31 for a burst: pairs of a caster hex and a hex of ``t`` inside the area (sight needed, no range)."""
    board = state.board
    inside = [c for c in footprint(board, t.cell, t.radius) if state.layout.distance(c, centre) <= radius]
    held = state.held_by_others(caster.name, t.name)
    return line_of_fire(board, held, footprint(board, caster.cell, caster.radius), inside, lambda a, b: True)


def centre_mask(state: EncounterState, u: UnitState, area: AreaAbility) -> tuple[slice, slice, npt.NDArray[np.bool_]]:
    """R32: the window around ``u`` and, inside it, the on-map hexes its burst may be centred on:
    within ``area.range`` of its footprint and seen by some hex of it. One sight pass per footprint hex."""
    board = state.board
    col, row = u.cell
    outer = u.radius + area.range
    rows = slice(max(0, row - outer), min(board.rows, row + outer + 1))
    cols = slice(max(0, col - outer - 1), min(board.cols, col + outer + 2))
    q, r = state.layout.axial_arrays()
    cq, cr = state.layout.to_axial(u.cell)
    dq = q[rows, cols] - cq
    dr = r[rows, cols] - cr
    near = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr)) <= outer
    seen = np.zeros(near.shape, dtype=bool)
    for hex_ in footprint(board, u.cell, u.radius):
        seen |= sight_map(board, hex_, rows, cols)
    return rows, cols, near & seen & board.on_map[rows, cols]


def cast_centres(state: EncounterState, u: UnitState) -> list[Cell]:
    """Every hex ``u`` may centre its area on from where it stands (uses not counted), row by row."""
    area = u.spec.area
    if area is None:
        return []
    rows, cols, mask = centre_mask(state, u, area)
    rr, cc = np.nonzero(mask)
    return [(int(c) + cols.start, int(r) + rows.start) for r, c in zip(rr, cc, strict=True)]
