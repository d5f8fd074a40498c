"""Read-only views of combatants: what a player (or the AI, or a panel) may know about one."""

from __future__ import annotations

from dataclasses import dataclass

from .combatant import AreaAbility, RangedProfile
from .hexgrid import HexLayout
from .unit_state import UnitState


@dataclass(frozen=True)
class CombatantView:
    """A combatant as it is now. Values only: changing it changes nothing."""

    name: str
    faction: str
    cell: tuple[int, int]  # centre hex (col, row); for defeated/fled combatants the last one held
    facing: str  # R2 name
    facing_index: int
    hp: int
    hp_max: int
    movement: int
    movement_max: int
    movement_type: str  # ground, flying, swimming
    size: str  # standard, large, giant
    radius: int
    reach_min: int
    reach: int
    attack: int
    defense: int
    damage: str
    skills: tuple[tuple[str, int], ...]
    initiative: int
    threatening: bool
    zoc_exhausted: bool
    disengaged_from: frozenset[str]
    status: str  # active, defeated, fled
    object_id: int
    ranged: RangedProfile | None = None  # R29: range, ranged attack and damage; None: cannot shoot
    area: AreaAbility | None = None  # R32: range, radius, attack, damage, push, uses; None: no area ability
    area_uses_left: int = 0

    @property
    def active(self) -> bool:
        return self.status == "active"

    def skill(self, name: str) -> int:
        return dict(self.skills).get(name, 0)


def view_of(u: UnitState, layout: HexLayout) -> CombatantView:
    s = u.spec
    return _new_view(
        name=s.name, faction=s.faction, cell=u.cell, facing=layout.direction_names[u.facing],
        facing_index=u.facing, hp=u.hp, hp_max=s.hp_max, movement=u.movement, movement_max=s.move,
        movement_type=s.movement_type.label, size=s.size.label, radius=s.radius, reach_min=s.reach_min,
        reach=s.reach, attack=s.attack, defense=s.defense, damage=s.damage, skills=s.skills,
        initiative=s.initiative, threatening=u.threatening, zoc_exhausted=u.zoc_exhausted,
        disengaged_from=u.disengaged_from, status=u.status, object_id=s.object_id, ranged=s.ranged, area=s.area,
        area_uses_left=u.area_uses_left,
    )


def _new_view(**fields: object) -> CombatantView:
    # The frozen dataclass's __init__ sets each field through object.__setattr__;
    # views are made for every combatant in every state the AI looks at, so fill them at once.
    view = object.__new__(CombatantView)
    view.__dict__.update(fields)
    return view
