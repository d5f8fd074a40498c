"""What happened when an action was applied: values for animations, the combat log and the AI.

:meth:`Encounter.apply` returns an :class:`Applied`: the action as recorded
(rolls, damage and path filled in) and the events it caused, in order. An
attack that defeats its target gives ``Attacked`` then ``Defeated``; an
``end_turn`` gives ``RoundStarted`` (when the round wraps), ``TurnStarted``
and, if the new actor starts on a hazard (R25), ``Defeated``. Cells are
``(col, row)``; directions are R2 names.

>>> Attacked("Orc 1", "Aldric", "rear", 4, 9, 8, True, 5).to_dict()["hit"]
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .actions import Action
from .hexgrid import Cell
from .outcome import EndReason, Outcome


@dataclass(frozen=True)
class Event:
    KIND: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.KIND}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name.rstrip("_")] = [list(v) if isinstance(v, tuple) else v for v in value] \
                if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class CombatBegan(Event):
    KIND: ClassVar[str] = "combat_began"


@dataclass(frozen=True)
class RoundStarted(Event):
    KIND: ClassVar[str] = "round_started"
    round: int


@dataclass(frozen=True)
class TurnStarted(Event):
    KIND: ClassVar[str] = "turn_started"
    unit: str
    round: int
    hazard_damage: int  # R25: taken at the start of this turn (0: none)


@dataclass(frozen=True)
class Moved(Event):
    KIND: ClassVar[str] = "moved"
    unit: str
    path: tuple[Cell, ...]  # start first, end last
    cost: int
    stopped_by: tuple[str, ...]  # threateners whose zone of control stopped it there (R9); empty: not stopped


@dataclass(frozen=True)
class Turned(Event):
    KIND: ClassVar[str] = "turned"
    unit: str
    facing: str


@dataclass(frozen=True)
class Placed(Event):
    KIND: ClassVar[str] = "placed"
    unit: str
    at: Cell


@dataclass(frozen=True)
class Attacked(Event):
    KIND: ClassVar[str] = "attacked"
    unit: str
    target: str
    arc: str
    penalty: int  # R19, lowering the target's defence
    roll: int
    needed: int  # the total (d20 + attack) that hits
    hit: bool
    damage: int  # 0 on a miss


@dataclass(frozen=True)
class Shoved(Event):
    KIND: ClassVar[str] = "shoved"
    unit: str
    target: str
    arc: str
    penalty: int
    roll: int
    needed: int
    hit: bool


@dataclass(frozen=True)
class Shot(Event):
    """R29-R31: a shot and its terms, as rolled."""

    KIND: ClassVar[str] = "shot"
    unit: str
    target: str
    arc: str
    penalty: int  # R19, lowering the target's defence
    cover: int  # R31's bonus, raising it (0: no cover)
    shooter_penalty: int  # R29, taken on the roll (0: not threatened)
    roll: int
    needed: int  # the total (d20 + ranged attack) that hits
    hit: bool
    damage: int  # 0 on a miss


@dataclass(frozen=True)
class AreaCast(Event):
    """R32: an area centred on ``at``; one ``AreaHit`` per affected combatant follows, in this order."""

    KIND: ClassVar[str] = "cast"
    unit: str
    at: Cell
    affected: tuple[str, ...]  # in initiative order (the order they are resolved)
    uses_left: int


@dataclass(frozen=True)
class AreaHit(Event):
    """One affected combatant's roll in a cast (R32); a ``Pushed`` follows a hit with ``area_push`` (R33)."""

    KIND: ClassVar[str] = "area_hit"
    unit: str  # the caster
    target: str
    cover: int  # R31's bonus (0: no cover)
    roll: int
    needed: int  # the total (d20 + area attack) that hits
    hit: bool
    damage: int  # 0 on a miss


@dataclass(frozen=True)
class Pushed(Event):
    KIND: ClassVar[str] = "pushed"
    unit: str
    path: tuple[Cell, ...]  # start first; just the start when it could not move
    hazard_damage: int
    fell: bool  # into a chasm (R12)
    # What stopped it short of the distance asked, in the engine's words ('"Orc 1" is in the way at 3,4
    # (R12)'), else None: a log that only said "Marla cannot be pushed" left the player guessing why.
    stopped: str | None = None


@dataclass(frozen=True)
class Disengaged(Event):
    KIND: ClassVar[str] = "disengaged"
    unit: str
    skill: str
    roll: int
    needed: int  # the total (d20 + skill) that succeeds
    success: bool
    cancels: tuple[str, ...]  # threateners whose threat no longer stops it this turn (on success)


@dataclass(frozen=True)
class Defeated(Event):
    KIND: ClassVar[str] = "defeated"
    unit: str
    cause: str  # "attack", "shot", "cast", "hazard", "fall" or "gm"


@dataclass(frozen=True)
class Fled(Event):
    KIND: ClassVar[str] = "fled"
    unit: str


@dataclass(frozen=True)
class Joined(Event):
    KIND: ClassVar[str] = "joined"
    unit: str
    at: Cell


@dataclass(frozen=True)
class Removed(Event):
    KIND: ClassVar[str] = "removed"
    unit: str
    as_: str


@dataclass(frozen=True)
class MovementGranted(Event):
    KIND: ClassVar[str] = "movement_granted"
    unit: str
    amount: int


@dataclass(frozen=True)
class ThreateningSet(Event):
    KIND: ClassVar[str] = "threatening_set"
    unit: str
    value: bool


@dataclass(frozen=True)
class HpSet(Event):
    """A GM's ``set_hp``: ``change`` is the new hp minus the old (negative: damage); a ``Defeated`` with cause
    ``gm`` follows when it drops to 0 or below."""

    KIND: ClassVar[str] = "hp_set"
    unit: str
    hp: int
    change: int


@dataclass(frozen=True)
class Edited(Event):
    """A GM's ``edit`` in setup: the properties it set, as ``(key, value)`` pairs (``None``: back to the
    default)."""

    KIND: ClassVar[str] = "edited"
    unit: str
    changes: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class CombatEnded(Event):
    KIND: ClassVar[str] = "combat_ended"
    reason: EndReason
    winners: tuple[str, ...]  # as the encounter's outcome() says

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.reason, self.winners)


@dataclass(frozen=True)
class Applied:
    """An applied action as recorded, and what it caused."""

    action: Action
    events: tuple[Event, ...]

    def of(self, kind: type[Event]) -> list[Event]:
        return [e for e in self.events if isinstance(e, kind)]
