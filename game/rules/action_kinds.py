"""Actions as immutable values that print as one JSON line each.

One class per action kind of docs/action-log.md's table. Optional fields are
``None`` when absent; ``to_json`` leaves them out. Directions stay R2 names
(the log speaks them); cells are ``(col, row)``. Reading a line back is
:mod:`.actions`' (``parse_action``), which also exports every name here.

>>> Move("Orc 1", (5, 3)).to_json()
'{"action": "move", "unit": "Orc 1", "to": [5, 3]}'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .hexgrid import Cell


@dataclass(frozen=True)
class Action:
    KIND: ClassVar[str] = ""
    # attribute name -> JSON key, where they differ ("as" is a keyword)
    KEYS: ClassVar[dict[str, str]] = {}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.KIND}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            out[self.KEYS.get(f.name, f.name)] = _to_jsonable(value)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @property
    def actor(self) -> str | None:
        """The unit the action is about (``None`` for begin/end_turn/end_combat)."""
        unit = getattr(self, "unit", None)
        return unit if isinstance(unit, str) else None


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, CastRoll):
        return value.to_dict()
    if isinstance(value, tuple) and value and isinstance(value[0], tuple) and len(value[0]) == 2 \
            and isinstance(value[0][0], str):
        return {k: v for k, v in value}  # a Join's property pairs
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class Begin(Action):
    KIND: ClassVar[str] = "begin"


@dataclass(frozen=True)
class Place(Action):
    KIND: ClassVar[str] = "place"
    unit: str
    at: Cell
    facing: str | None = None


@dataclass(frozen=True)
class Move(Action):
    KIND: ClassVar[str] = "move"
    unit: str
    to: Cell
    path: tuple[Cell, ...] | None = None


@dataclass(frozen=True)
class Face(Action):
    KIND: ClassVar[str] = "face"
    unit: str
    dir: str


@dataclass(frozen=True)
class Attack(Action):
    KIND: ClassVar[str] = "attack"
    unit: str
    target: str
    roll: int | None = None
    damage: int | None = None


@dataclass(frozen=True)
class Shove(Action):
    KIND: ClassVar[str] = "shove"
    unit: str
    target: str
    roll: int | None = None


@dataclass(frozen=True)
class Shoot(Action):
    KIND: ClassVar[str] = "shoot"
    unit: str
    target: str
    roll: int | None = None
    damage: int | None = None


@dataclass(frozen=True)
class CastRoll:
    """One affected combatant's dice in a ``cast`` (R32): its d20 and, on a hit, the damage dealt."""

    target: str
    roll: int | None = None
    damage: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"target": self.target}
        if self.roll is not None:
            out["roll"] = self.roll
        if self.damage is not None:
            out["damage"] = self.damage
        return out


@dataclass(frozen=True)
class Cast(Action):
    """R32: ``rolls`` in the order the affected are resolved (initiative order); missing ones are rolled."""

    KIND: ClassVar[str] = "cast"
    unit: str
    at: Cell
    rolls: tuple[CastRoll, ...] | None = None


@dataclass(frozen=True)
class Disengage(Action):
    KIND: ClassVar[str] = "disengage"
    unit: str
    method: str
    skill: str
    roll: int | None = None


@dataclass(frozen=True)
class Flee(Action):
    KIND: ClassVar[str] = "flee"
    unit: str


@dataclass(frozen=True)
class EndTurn(Action):
    KIND: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class Push(Action):
    KIND: ClassVar[str] = "push"
    unit: str
    dir: str
    distance: int


@dataclass(frozen=True)
class GrantMovement(Action):
    KIND: ClassVar[str] = "grant_movement"
    unit: str
    amount: int


@dataclass(frozen=True)
class SetThreatening(Action):
    KIND: ClassVar[str] = "set_threatening"
    unit: str
    value: bool


@dataclass(frozen=True)
class Join(Action):
    """``unit`` holds the map-format properties as sorted ``(key, value)`` pairs, ``name`` included."""

    KIND: ClassVar[str] = "join"
    unit: tuple[tuple[str, Any], ...]
    at: Cell

    @classmethod
    def of(cls, properties: dict[str, Any], at: Cell) -> Join:
        return cls(tuple(sorted(properties.items())), at)

    @property
    def name(self) -> str:
        return str(dict(self.unit).get("name", ""))

    @property
    def actor(self) -> str | None:
        return self.name

    @property
    def properties(self) -> dict[str, Any]:
        return dict(self.unit)


@dataclass(frozen=True)
class Remove(Action):
    KIND: ClassVar[str] = "remove"
    KEYS: ClassVar[dict[str, str]] = {"as_": "as"}
    unit: str
    as_: str


@dataclass(frozen=True)
class SetHp(Action):
    """GM, any phase: the combatant's hit points become ``hp`` (damage or healing; ≤ 0 defeats, R21)."""

    KIND: ClassVar[str] = "set_hp"
    unit: str
    hp: int


@dataclass(frozen=True)
class Edit(Action):
    """GM, setup only: map-format properties of a placed combatant changed as if the map had said so.

    ``set_`` holds the ``(key, value)`` pairs, sorted; a value of ``None`` (JSON ``null``) removes the property."""

    KIND: ClassVar[str] = "edit"
    KEYS: ClassVar[dict[str, str]] = {"set_": "set"}
    unit: str
    set_: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, unit: str, changes: dict[str, Any]) -> Edit:
        return cls(unit, tuple(sorted(changes.items())))

    @property
    def changes(self) -> dict[str, Any]:
        return dict(self.set_)


@dataclass(frozen=True)
class EndCombat(Action):
    KIND: ClassVar[str] = "end_combat"


ACTION_CLASSES: dict[str, type[Action]] = {
    c.KIND: c
    for c in (Begin, Place, Move, Face, Attack, Shove, Shoot, Cast, Disengage, Flee, EndTurn, Push, GrantMovement,
              SetThreatening, Join, Remove, SetHp, Edit, EndCombat)
}
# What a combatant does on its own turn (everything else is the GM's, or begin/end_turn).
TURN_ACTIONS = (Move, Face, Attack, Shove, Shoot, Cast, Disengage, Flee)
# The turn actions that roll dice: an undo may not take one back, and what a plan does after one is intent.
DICE_ACTIONS = (Attack, Shove, Shoot, Cast, Disengage)
REMOVE_AS = ("defeated", "fled")
