"""Footprints, explicit-path moves (R7, R9, R27) and forced movement (R12).

These functions read the board and masks handed to them and never change
encounter state; the encounter applies what they answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from .board import Board
from .errors import IllegalActionError
from .hexgrid import Cell
from .limits import PATH_STEP_SEARCH, count_search
from .terrain import MovementType, Terrain
from .text import show
from .threat import ThreatAt


class HexQuery(Protocol):
    """Anything asked ``query[row, col]`` for one hex, as a whole-board mask is."""

    def __getitem__(self, row_col: tuple[int, int], /) -> Any: ...


def footprint(board: Board, centre: Cell, radius: int) -> list[Cell]:
    """Every hex of a footprint of ``radius`` around ``centre`` (R26), in the grid or not."""
    return board.layout.disc(centre, radius) if radius else [centre]


def fits(board: Board, cells: list[Cell]) -> bool:
    """Whether every cell lies on the map."""
    return all(board.is_on_map(c) for c in cells)


def mask_of(board: Board, cells: list[Cell]) -> np.ndarray:
    m = np.zeros((board.rows, board.cols), dtype=bool)
    for col, row in cells:
        if 0 <= col < board.cols and 0 <= row < board.rows:
            m[row, col] = True
    return m


@dataclass(frozen=True)
class PathOutcome:
    cost: int
    stops: bool  # the last step was a ZoC entry (R9)


def check_path(
    board: Board,
    start: Cell,
    path: tuple[Cell, ...],
    movement_type: MovementType,
    radius: int,
    budget: int,
    blocked: np.ndarray | HexQuery,
    occupied: np.ndarray | HexQuery,
    threatened: np.ndarray | ThreatAt | HexQuery | None,
) -> PathOutcome:
    """Walk ``path`` (centre cells, start excluded) step by step.

    Each step must go to an adjacent centre whose whole footprint is on-map
    and enterable for the movement type and free of hostile combatants
    (R4, R27); its cost is the highest entry cost among newly covered hexes
    and must be affordable (R6). The first ZoC entry stops the mover (R9),
    so a path that continues past it is illegal. The end must be free of all
    other combatants (R4). IllegalActionError names the offending step.
    """
    if not path:
        raise IllegalActionError("the path is empty")
    count_search(len(path) * PATH_STEP_SEARCH)
    here = start
    covered = set(footprint(board, start, radius))
    spent = 0
    stops = False
    for i, step in enumerate(path):
        where = f"path step {i + 1} {show(step)}"
        if stops:
            raise IllegalActionError(f"{where}: the move already stopped at {show(here)} by zone of control (R9)")
        cells = _step_footprint(board, here, step, radius, where)
        new = [c for c in cells if c not in covered]
        spent += _step_cost(board, cells, new, movement_type, blocked, where)
        if spent > budget:
            raise IllegalActionError(f"{where}: the move costs {spent} but only {budget} movement remains")
        if threatened is not None and any(threatened[r, c] for c, r in new):
            stops = True  # R9: entering a zone of control ends the move after this step
        here = step
        covered = set(cells)
    if any(occupied[r, c] for c, r in covered):
        raise IllegalActionError(f"the move may not end at {show(here)}: another combatant is there (R4)")
    return PathOutcome(spent, stops)


def _step_footprint(board: Board, here: Cell, step: Cell, radius: int, where: str) -> list[Cell]:
    """The footprint a step puts the mover on: the step must go to a neighbouring centre, and the whole
    footprint must lie on the map (R27)."""
    if board.layout.distance(here, step) != 1:
        raise IllegalActionError(f"{where} is not adjacent to {show(here)}")
    cells = footprint(board, step, radius)
    if not fits(board, cells):
        raise IllegalActionError(f"{where} is off the map")
    return cells


def _step_cost(board: Board, cells: list[Cell], new: list[Cell], movement_type: MovementType,
               blocked: np.ndarray | HexQuery, where: str) -> int:
    """What one step costs: the dearest entry cost among the hexes it newly covers (R27). Every hex of the
    footprint must be enterable for the movement type (R5) and free of hostile combatants (R4)."""
    cost = 0
    for col, row in cells:
        c = int(board.cost[movement_type, row, col])
        if c < 1:  # board.may_enter, its cell known to be on the map (fits): read once, for every step replayed
            kind = Terrain(int(board.terrain[row, col])).phrase
            raise IllegalActionError(
                f"{where}: a {movement_type.label} combatant may not enter {kind} at {show((col, row))}"
            )
        if blocked[row, col]:
            raise IllegalActionError(f"{where}: {show((col, row))} is held by a hostile combatant (R4)")
        if (col, row) in new:
            cost = max(cost, c)
    return cost


@dataclass(frozen=True)
class PushOutcome:
    cell: Cell  # where the centre ends
    steps: int  # hexes actually moved
    damage: int  # hazard damage taken (R12)
    fell: bool  # fell into a chasm (defeated)
    # What stopped it short, if anything did: ("edge" | "blocked" | "combatant" | "chasm", the hex of the
    # footprint it could not cover: for "edge" the hex off the map or outside the grid).
    stop: tuple[str, Cell] | None = None


def push_steps(
    board: Board,
    start: Cell,
    direction: int,
    distance: int,
    radius: int,
    movement_type: MovementType,
    others: np.ndarray,
    hp: int,
) -> PushOutcome:
    """Forced movement (R12): step by step in one direction, stopping short.

    Ignores terrain costs and ZoC; stops before a step whose footprint would
    leave the map, touch a ``blocked`` hex or another combatant (``others``),
    or (for a non-flying large or giant creature) a chasm. Each step that
    newly covers hazard hexes deals the highest of their ``hazard_damage``;
    the push ends where that damage defeats a combatant of ``hp``. A
    non-flying standard combatant pushed into a chasm falls (and stops).
    Damage is reported, not applied: the caller owns the state.
    """
    layout = board.layout
    here = start
    covered = set(footprint(board, start, radius))
    damage = 0
    steps = 0
    flying = movement_type == MovementType.FLYING
    for _ in range(max(0, distance)):
        step = layout.neighbor(here, direction)
        cells = footprint(board, step, radius)
        if not fits(board, cells):
            return PushOutcome(here, steps, damage, False, ("edge", next(c for c in cells if not board.is_on_map(c))))
        if any(board.terrain[r, c] == Terrain.BLOCKED or others[r, c] for c, r in cells):
            hit = next((c, r) for c, r in cells if board.terrain[r, c] == Terrain.BLOCKED or others[r, c])
            kind = "blocked" if board.terrain[hit[1], hit[0]] == Terrain.BLOCKED else "combatant"
            return PushOutcome(here, steps, damage, False, (kind, hit))
        chasm = any(board.terrain[r, c] == Terrain.CHASM for c, r in cells)
        if chasm and not flying and radius > 0:
            # R12: large and giant creatures are never pushed onto a chasm
            return PushOutcome(here, steps, damage, False,
                               ("chasm", next((c, r) for c, r in cells if board.terrain[r, c] == Terrain.CHASM)))
        new = [c for c in cells if c not in covered]
        hazards = [int(board.hazard_damage[r, c]) for c, r in new if board.terrain[r, c] == Terrain.HAZARD]
        here = step
        covered = set(cells)
        steps += 1
        if hazards:
            damage += max(hazards)
        if chasm and not flying:
            return PushOutcome(here, steps, damage, True)
        if hp - damage <= 0:
            break
    return PushOutcome(here, steps, damage, False)
