"""One combatant's changing state.

Damage, leaving the board and the turn start are the encounter state's
(state.py), so each rule about them is written once and reported as events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .combatant import CombatantSpec
from .hexgrid import Cell

DEFEATED, FLED = "defeated", "fled"

# What the occupancy index (occupancy.py) reads of a combatant: who holds and who threatens which hex.
_INDEXED = frozenset({"cell", "status", "threatening", "spec"})


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
    area_uses_left: int = 0  # R32: uses of their area ability left this encounter

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

    def __setattr__(self, key: str, value: object) -> None:
        # A change the occupancy index must follow is reported to the list it watches (set by the state
        # that indexed this combatant), whichever rule makes it: the index then redoes this combatant
        # alone instead of looking at every combatant for every move checked.
        object.__setattr__(self, key, value)
        if key in _INDEXED:
            watch = self.__dict__.get("_watch")
            if watch is not None:
                watch.append(self)

    def copy(self) -> UnitState:
        # Every field is immutable, so a shallow copy is a full one (and much faster than copy.copy).
        # The copy is nobody's indexed combatant: its changes are reported to no index.
        new = UnitState.__new__(UnitState)
        new.__dict__.update(self.__dict__)
        new.__dict__.pop("_watch", None)
        return new


def new_unit(spec: CombatantSpec, seq: int) -> UnitState:
    """A combatant as it enters the encounter: full hit points and movement, as its spec places it."""
    return UnitState(
        spec=spec, seq=seq, cell=spec.cell, facing=spec.facing, hp=spec.hp,
        movement=spec.move, threatening=spec.threatening, area_uses_left=spec.area.uses if spec.area else 0,
    )
