"""A combatant as a map or a ``join`` action describes it (map-format.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum

from .errors import SpecError
from .factions import FACTIONS
from .hexgrid import Cell, HexLayout
from .terrain import MOVEMENT_TYPE_NAMES, MovementType


class Size(IntEnum):
    """Footprint radius (R26)."""

    STANDARD = 0
    LARGE = 1
    GIANT = 2

    @property
    def label(self) -> str:
        return self.name.lower()


SIZE_NAMES = tuple(s.label for s in Size)
DICE_RE = re.compile(r"^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)
INT_RE = re.compile(r"^\s*[+-]?\d+\s*$")


@dataclass(frozen=True)
class CombatantSpec:
    """Everything fixed about a combatant when it enters the encounter."""

    name: str
    faction: str
    cell: Cell
    object_id: int
    movement_type: MovementType = MovementType.GROUND
    move: int = 6
    initiative: int = 0
    threatening: bool = True
    reach: int = 1
    reach_min: int = 1
    size: Size = Size.STANDARD
    facing: int = 0  # direction index (hexgrid)
    hp: int = 10
    attack: int = 0
    defense: int = 10
    damage: str = "1d6"
    skills: tuple[tuple[str, int], ...] = ()

    @property
    def radius(self) -> int:
        return int(self.size)

    def skill(self, name: str) -> int:
        return dict(self.skills).get(name, 0)

    def properties(self, layout: HexLayout) -> dict[str, object]:
        """The map-format properties that rebuild this spec (for ``join`` lines)."""
        return {
            "name": self.name,
            "faction": self.faction,
            "movement_type": self.movement_type.label,
            "move": self.move,
            "initiative": self.initiative,
            "threatening": self.threatening,
            "reach": self.reach,
            "reach_min": self.reach_min,
            "size": self.size.label,
            "facing": layout.direction_names[self.facing],
            "hp": self.hp,
            "attack": self.attack,
            "defense": self.defense,
            "damage": self.damage,
            "skills": ", ".join(f"{k}:{v}" for k, v in self.skills),
        }


def parse_int(value: object, what: str) -> int:
    if isinstance(value, bool):
        raise SpecError(f'{what} is not an integer: "{value}"')
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and INT_RE.match(value):
        return int(value)
    raise SpecError(f'{what} is not an integer: "{value}"')


def parse_bool(value: object, what: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0"):
        return value.strip().lower() in ("true", "1")
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise SpecError(f'{what} is not true or false: "{value}"')


def parse_choice(value: object, what: str, choices: tuple[str, ...]) -> str:
    text = str(value).strip().lower()
    if text not in choices:
        raise SpecError(f'{what} "{value}" is not one of {", ".join(choices)}')
    return text


def parse_damage(value: object) -> str:
    if isinstance(value, bool):
        raise SpecError(f'damage "{value}" is not an integer or dice like 1d8+1')
    if isinstance(value, int):
        if value < 0:
            raise SpecError(f'damage "{value}" is negative')
        return str(value)
    text = str(value).strip()
    if INT_RE.match(text) and int(text) >= 0:
        return str(int(text))
    m = DICE_RE.match(text)
    if not m or (m.group(1) and int(m.group(1)) == 0) or int(m.group(2)) == 0:
        raise SpecError(f'damage "{value}" is not an integer or dice like 1d8+1')
    count = int(m.group(1) or 1)
    if count > 1000 or int(m.group(2)) > 1000:
        raise SpecError(f'damage "{value}" has too many or too large dice')
    bonus = f"{m.group(3)}{int(m.group(4))}" if m.group(3) else ""
    return f"{count}d{int(m.group(2))}{bonus}"


def parse_skills(value: object) -> tuple[tuple[str, int], ...]:
    text = str(value).strip()
    if not text:
        return ()
    out: dict[str, int] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        if ":" not in item:
            raise SpecError(f'skills entry "{item}" is not of the form name:number')
        key, _, num = item.partition(":")
        key = key.strip()
        if not key:
            raise SpecError(f'skills entry "{item}" has no skill name')
        out[key] = parse_int(num, f'skill "{key}"')
    return tuple(out.items())


def combatant_from_properties(
    name: object,
    props: Mapping[str, object],
    cell: Cell,
    object_id: int,
    layout: HexLayout,
) -> CombatantSpec:
    """Build a spec from map-format properties; SpecError says what is wrong.

    Values may be typed (Tiled typed properties, JSON) or strings (untyped
    Tiled properties). Unknown properties are ignored: designers keep notes.
    """
    if not isinstance(name, str) or not name.strip():
        raise SpecError("a combatant has no name")

    def get(key: str) -> object | None:
        v = props.get(key)
        return None if v is None or (isinstance(v, str) and v.strip() == "" and key != "skills") else v

    if get("faction") is None:
        raise SpecError("faction is missing")
    faction = parse_choice(get("faction"), "faction", FACTIONS)
    mt = get("movement_type")
    movement_type = MovementType[
        parse_choice(mt, "movement_type", MOVEMENT_TYPE_NAMES).upper()
    ] if mt is not None else MovementType.GROUND

    def integer(key: str, default: int, minimum: int | None = None) -> int:
        v = get(key)
        if v is None:
            return default
        n = parse_int(v, key)
        if minimum is not None and n < minimum:
            raise SpecError(f"{key} {n} is less than {minimum}")
        if abs(n) > 1_000_000:
            raise SpecError(f"{key} {n} is out of range")
        return n

    move = integer("move", 6, 0)
    reach = integer("reach", 1, 1)
    default_min = 1 if reach == 1 else reach
    reach_min = integer("reach_min", default_min)
    if not 1 <= reach_min <= reach:
        raise SpecError(f"reach_min {reach_min} is outside 1..{reach}")
    sz = get("size")
    size = Size[parse_choice(sz, "size", SIZE_NAMES).upper()] if sz is not None else Size.STANDARD
    fc = get("facing")
    facing = (
        layout.direction_index(parse_choice(fc, "facing", layout.direction_names))
        if fc is not None
        else layout.default_facing
    )
    th = get("threatening")
    threatening = True if th is None else parse_bool(th, "threatening")
    dmg = get("damage")
    return CombatantSpec(
        name=name,
        faction=faction,
        cell=cell,
        object_id=object_id,
        movement_type=movement_type,
        move=move,
        initiative=integer("initiative", 0),
        threatening=threatening,
        reach=reach,
        reach_min=reach_min,
        size=size,
        facing=facing,
        hp=integer("hp", 10, 1),
        attack=integer("attack", 0),
        defense=integer("defense", 10),
        damage="1d6" if dmg is None else parse_damage(dmg),
        skills=parse_skills(props.get("skills") or ""),
    )
