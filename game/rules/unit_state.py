"""One combatant's changing state, and the changes that do not belong to one action.

``hurt`` and ``leave`` are shared by the action handlers (attacks, pushes,
fleeing, GM removal) and by the turn start (hazard damage, R25), so each
rule about losing hit points or leaving the board is written once;
``start_turn`` is what a turn start does to the combatant whose turn it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import Board
from .combatant import CombatantSpec
from .hexgrid import Cell
from .movement import footprint
from .terrain import Terrain

DEFEATED, FLED = "defeated", "fled"


@dataclass
class UnitState:
    """One combatant's changing state. Read it; change it only through actions."""

    spec: CombatantSpec
    seq: int  # initiative tie-break: Tiled object id, or after all for joiners (R14)
    cell: Cell  # centre hex; for defeated/fled units the last one held
    facing: int  # direction index
    hp: int
    movement: int
    threatening: bool
    zoc_exhausted: bool = False
    disengaged_from: frozenset[str] = field(default_factory=frozenset)
    status: str = "active"

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def faction(self) -> str:
        return self.spec.faction

    @property
    def radius(self) -> int:
        return self.spec.radius

    @property
    def movement_max(self) -> int:
        return self.spec.move

    @property
    def active(self) -> bool:
        return self.status == "active"

    def copy(self) -> UnitState:
        # Every field is immutable, so a shallow copy is a full one (and much faster than copy.copy).
        new = UnitState.__new__(UnitState)
        new.__dict__.update(self.__dict__)
        return new


def new_unit(spec: CombatantSpec, seq: int) -> UnitState:
    """A combatant as it enters the encounter: full hit points and movement, as its spec places it."""
    return UnitState(
        spec=spec, seq=seq, cell=spec.cell, facing=spec.facing, hp=spec.hp,
        movement=spec.move, threatening=spec.threatening,
    )


def hurt(u: UnitState, amount: int) -> None:
    u.hp -= amount
    if u.hp <= 0:
        leave(u, DEFEATED)


def leave(u: UnitState, status: str) -> None:
    u.status = status
    u.movement = 0


def start_turn(u: UnitState, board: Board) -> None:
    # R6: fresh budget, exhaustion and disengagement cleared.
    u.movement = u.movement_max
    u.zoc_exhausted = False
    u.disengaged_from = frozenset()
    # R25: hazard under the footprint at turn start (the highest).
    hazards = [
        int(board.hazard_damage[r, c])
        for c, r in footprint(board, u.cell, u.radius)
        if board.terrain[r, c] == Terrain.HAZARD
    ]
    if hazards:
        hurt(u, max(hazards))
