"""Reachability: where a mover can go, at what cost, and where ZoC stops it.

Public API (used by the encounter engine, the CLI and the AI):

- :class:`MoveRequest`: the mover and the board situation it moves in.
- :func:`reachable` -> :class:`ReachResult`.

Semantics (rulings R4, R5, R7-R11, R26-R28):
- The search runs over centre cells. A centre is *enterable* when its whole
  footprint (disc of ``radius``) is on-map, every footprint hex has a cost
  >= 1 for the movement type, and no footprint hex is in ``blocked``
  (hostile combatants, R4).
- A step moves the centre to an adjacent cell and costs the highest entry
  cost among the hexes the footprint newly covers (for radius 0: the cost of
  the entered hex).
- When ``threatened`` is given, a step is a ZoC entry when any newly
  covered hex is threatened; the mover pays and stops there: that state is
  never expanded. The start is always expanded (R10).
- Each cell therefore has a *free* cost (reached without a ZoC stop) and a
  *stop* cost; its cost is the smaller, and ``stops`` is true only when the
  stop cost is strictly smaller (R7: where cheapest paths differ, it takes
  one that does not stop it).
- A centre may be passed through when its footprint overlaps ``occupied``
  (non-hostile combatants) but the mover may not end there (R4); a stop
  state there is not a legal end, so it does not count.
- ``budget`` bounds the cost (None: the whole-map distance field).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .board import Board
from .hexgrid import Cell
from .terrain import MovementType


@dataclass(frozen=True, eq=False)
class MoveRequest:
    start: Cell  # the mover's centre cell
    movement_type: MovementType
    radius: int  # footprint radius: 0 standard, 1 large, 2 giant (R26)
    budget: int | None  # movement available; None = unbounded distance field
    blocked: np.ndarray  # bool [rows, cols]: hexes held by hostile combatants
    occupied: np.ndarray  # bool [rows, cols]: hexes held by other non-hostile combatants
    threatened: np.ndarray | None  # bool [rows, cols]: ZoC against the mover; None once exhausted


@dataclass(eq=False)
class ReachResult:
    """Outcome of one search. Arrays are ``[row, col]`` over centre cells."""

    board: Board
    start: Cell
    cost: np.ndarray  # int32: cheapest cost to bring the centre there, -1 if unreachable
    stops: np.ndarray  # bool: the cheapest way there ends in a ZoC stop
    can_end: np.ndarray  # bool: reachable and a legal place to end the move

    def destinations(self) -> list[tuple[Cell, int, bool]]:
        """``(cell, cost, stops)`` for every legal end other than the start."""
        raise NotImplementedError

    def path_to(self, cell: Cell) -> list[Cell]:
        """A cheapest legal path of centre cells, start excluded, ``cell`` last.

        Raises ValueError when ``cell`` is not a legal end.
        """
        raise NotImplementedError


def reachable(board: Board, request: MoveRequest) -> ReachResult:
    raise NotImplementedError
