"""Previews: what an attack, shove, shot, cast, disengage or GM push would need and do, without changing anything.

The window shows them before a player commits; the AI scores its
candidates with them. They use the same preconditions, arcs, penalties and
dice arithmetic as the handlers (R18-R23), with the attacker imagined on
another hex (``at``) and facing (``facing``) when asked, and never touch
the encounter's own dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .area import area_fire, away_from, caught
from .combat import DISENGAGE_BASE
from .cover import CoverHex
from .dice import dice_distribution
from .facing import penalty, turn_toward
from .hexgrid import Cell
from .in_the_way import in_the_way
from .movement import footprint, push_steps
from .preconditions import (
    need_action_left,
    need_actor,
    need_area,
    need_ranged,
    need_target,
    reason,
    require_attack_target,
    require_cast,
    require_disengage,
    require_push,
    require_shoot_target,
    require_shove_target,
)
from .ranged import shot_cover_by, shot_terms
from .state import EncounterState
from .text import quote, show
from .unit_state import UnitState

Modifier = tuple[str, int]


@dataclass(frozen=True)
class ToHit:
    """A d20 roll's odds: total = d20 + bonus must reach ``needed``."""

    needed: int
    bonus: int

    @property
    def roll_needed(self) -> int:
        """Lowest d20 face that succeeds (1: always; 21: never)."""
        return min(21, max(1, self.needed - self.bonus))

    @property
    def chance(self) -> float:
        return (21 - self.roll_needed) / 20


@dataclass(frozen=True)
class AttackPreview:
    attacker: str
    target: str
    at: Cell
    legal: str | None  # None, or why the attack is not allowed now / from there
    arc: str
    penalty: int
    attack: int
    defense: int
    needed: int  # total (d20 + attack) that hits: defence - penalty (R19, R21)
    roll_needed: int  # lowest d20 face that hits (21: never)
    hit_chance: float
    damage_min: int
    damage_max: int
    expected_damage: float  # hit chance x mean damage
    defeat_chance: float
    modifiers: tuple[Modifier, ...]  # the breakdown, e.g. ("defence", 12), ("rear arc", -4), ("attack", 3)


@dataclass(frozen=True)
class ShovePreview:
    attacker: str
    target: str
    at: Cell
    legal: str | None
    arc: str
    penalty: int
    attack: int
    defense: int
    needed: int
    roll_needed: int
    hit_chance: float
    modifiers: tuple[Modifier, ...]
    direction: str  # R22: the side direction the target is pushed
    lands_at: Cell  # where its centre ends on a success
    push_path: tuple[Cell, ...]  # its centre from where it stands (first) to where it lands
    hazard_damage: int  # taken on a success (R12)
    falls: bool  # into a chasm on a success: defeated (R12)
    defeat_chance: float
    # What stops the push short on a success, in the words of PushPreview.stopped ("the edge of the map is in the
    # way (R12)", ""Kell" is in the way at 4,6 (R12)"); None when it moves its hex or falls. The GM's push preview
    # and the shove preview name an obstacle alike.
    stopped: str | None = None


@dataclass(frozen=True)
class DisengagePreview:
    unit: str
    skill: str
    skill_value: int
    legal: str | None
    needed: int  # total (d20 + skill) that succeeds: 10 + highest threatener attack (R23)
    roll_needed: int
    chance: float
    cancels: tuple[str, ...]  # threateners whose threat no longer stops it this turn on success
    modifiers: tuple[Modifier, ...]


def _arc_terms(state: EncounterState, u: UnitState, at: Cell, t: UnitState) -> tuple[str, int, tuple[Modifier, ...]]:
    arc = state.arc_at(u, at, t)
    return (arc, *_arc_modifiers(state, u, t, arc))


def _arc_modifiers(state: EncounterState, u: UnitState, t: UnitState, arc: str) -> tuple[int, tuple[Modifier, ...]]:
    pen = penalty(arc, state.scenario.flank_penalty, state.scenario.rear_penalty)
    mods: list[Modifier] = [("defence", t.spec.defense)]
    if pen:
        mods.append((f"{arc} arc", -pen))
    mods.append(("attack", u.spec.attack))
    return pen, tuple(mods)


TargetCheck = Callable[[EncounterState, UnitState, str, Cell], object]


def _action_reason(state: EncounterState, kind: str, u: UnitState, t_name: str, target_check: TargetCheck,
                   at: Cell) -> str | None:
    def check() -> None:
        need_actor(state, kind, u.name)
        need_action_left(state, kind, u)
        target_check(state, u, t_name, at)

    return reason(check)


def preview_attack(state: EncounterState, attacker: str, target: str, at: Cell | None = None) -> AttackPreview:
    return preview_attacks(state, attacker, target, [state.unit(attacker).cell if at is None else at])[0]


def preview_attacks(state: EncounterState, attacker: str, target: str, cells: Iterable[Cell]) -> list[AttackPreview]:
    """:func:`preview_attack` from each of ``cells`` in turn (the AI weighs every hex it could strike
    from): what they share (the target, the dice, whether the actor may act at all, each arc's odds)
    is worked out once."""
    u = state.unit(attacker)
    t = need_target(state, "attack", u, target)
    cells = list(cells)
    if not cells:  # asked of every hostile, most often with no hex in band: the target checked, nothing more
        return []
    dist = dice_distribution(u.spec.damage)
    mean = sum(k * p for k, p in dist.items())
    kill = sum(p for k, p in dist.items() if k >= t.hp)
    low, high = min(dist), max(dist)
    # The same refusal as _action_reason's: the actor's checks come first and do not depend on the hex.

    def actor_check() -> None:
        need_actor(state, "attack", u.name)
        need_action_left(state, "attack", u)

    refused = reason(actor_check)
    by_arc: dict[str, tuple[int, tuple[Modifier, ...], ToHit]] = {}
    out = []
    for at in cells:
        legal = refused if refused is not None else reason(require_attack_target, state, u, target, at)
        arc = state.arc_at(u, at, t)
        odds_of_arc = by_arc.get(arc)
        if odds_of_arc is None:
            pen, mods = _arc_modifiers(state, u, t, arc)
            odds_of_arc = by_arc[arc] = (pen, mods, ToHit(t.spec.defense - pen, u.spec.attack))
        pen, mods, odds = odds_of_arc
        chance = odds.chance
        out.append(AttackPreview(
            attacker=u.name, target=t.name, at=at, legal=legal, arc=arc, penalty=pen,
            attack=u.spec.attack, defense=t.spec.defense, needed=odds.needed, roll_needed=odds.roll_needed,
            hit_chance=chance, damage_min=low, damage_max=high,
            expected_damage=chance * mean, defeat_chance=chance * kill, modifiers=mods,
        ))
    return out


def preview_shove(state: EncounterState, attacker: str, target: str, at: Cell | None = None,
                  facing: int | None = None) -> ShovePreview:
    u = state.unit(attacker)
    t = need_target(state, "shove", u, target)
    at = u.cell if at is None else at
    facing = u.facing if facing is None else facing
    legal = _action_reason(state, "shove", u, target, require_shove_target, at)
    arc, pen, mods = _arc_terms(state, u, at, t)
    odds = ToHit(t.spec.defense - pen, u.spec.attack)
    toward = turn_toward(state.layout, at, t.cell, facing)  # R22
    others = state.others_mask(t.name).copy()
    if at != u.cell:  # the shover imagined elsewhere
        for c, r in footprint(state.board, u.cell, u.radius):
            if state.board.is_on_map((c, r)):
                others[r, c] = False
        for c, r in footprint(state.board, at, u.radius):
            if state.board.is_on_map((c, r)):
                others[r, c] = True
    out = push_steps(state.board, t.cell, toward, 1, t.radius, t.spec.movement_type, others, t.hp)
    path = [t.cell]
    for _ in range(out.steps):
        path.append(state.layout.neighbor(path[-1], toward))
    defeated = out.fell or out.damage >= t.hp
    stopped = None
    if out.stop is not None:
        mine = out.stop[0] == "combatant" and out.stop[1] in footprint(state.board, at, u.radius)
        # The shover imagined at ``at`` may be what stops it (a large one, say): named as any other combatant.
        stopped = (f"{quote(u.name)} is in the way at {show(out.stop[1])} (R12)" if mine
                   else in_the_way(state, t, out.stop))
    return ShovePreview(
        attacker=u.name, target=t.name, at=at, legal=legal, arc=arc, penalty=pen,
        attack=u.spec.attack, defense=t.spec.defense, needed=odds.needed, roll_needed=odds.roll_needed,
        hit_chance=odds.chance, modifiers=mods, direction=state.layout.direction_names[toward],
        lands_at=out.cell, push_path=tuple(path), hazard_damage=out.damage, falls=out.fell,
        defeat_chance=odds.chance if defeated else 0.0, stopped=stopped,
    )


@dataclass(frozen=True)
class PushPreview:
    """What the GM's push of ``unit`` ``distance`` hexes ``direction`` would do (R12), changing nothing."""

    unit: str
    direction: str
    distance: int
    legal: str | None  # None when the push may be made now, else the engine's refusal (as ``check`` says it)
    lands_at: Cell  # where its centre ends (where it stands, when refused or stopped before the first hex)
    path: tuple[Cell, ...]  # its centre from where it stands (first) to where it ends
    hazard_damage: int  # taken on the way (R12)
    falls: bool  # into a chasm: defeated (R12)
    stopped: str | None  # what stops it short of ``distance`` hexes ("..." is in the way at c,r (R12)), else None
    stopped_at: Cell | None  # the hex of that obstacle (off the map, for the map's edge), else None

    @property
    def steps(self) -> int:
        """Hexes it would actually move (0: it cannot be pushed that way)."""
        return len(self.path) - 1


def preview_push(state: EncounterState, unit: str, direction: str, distance: int) -> PushPreview:
    """The GM's push previewed: where it lands, the hazard on the way, and what stops it short (R12)."""
    legal = reason(require_push, state, unit, direction, distance)
    u = state.unit(unit)
    if legal is not None:
        return PushPreview(u.name, str(direction), distance, legal, u.cell, (u.cell,), 0, False, None, None)
    index = state.layout.direction_index(direction)
    out = push_steps(state.board, u.cell, index, distance, u.radius, u.spec.movement_type, state.others_mask(u.name),
                     u.hp)
    path = [u.cell]
    for _ in range(out.steps):
        path.append(state.layout.neighbor(path[-1], index))
    stopped = in_the_way(state, u, out.stop) if out.stop is not None else None
    return PushPreview(u.name, direction, distance, None, out.cell, tuple(path), out.damage, out.fell, stopped,
                       out.stop[1] if out.stop is not None else None)


def preview_disengage(state: EncounterState, name: str, skill: str) -> DisengagePreview:
    u = state.unit(name)
    legal = reason(require_disengage, state, name)
    threateners = state.threateners(u)
    top = max((v.spec.attack for v in threateners), default=0)
    odds = ToHit(DISENGAGE_BASE + top, u.spec.skill(skill))
    mods: tuple[Modifier, ...] = (("base", DISENGAGE_BASE), ("highest threatener attack", top), (skill, odds.bonus))
    return DisengagePreview(
        unit=u.name, skill=skill, skill_value=odds.bonus, legal=legal, needed=odds.needed,
        roll_needed=odds.roll_needed, chance=odds.chance if threateners else 0.0,
        cancels=tuple(v.name for v in threateners), modifiers=mods,
    )


@dataclass(frozen=True)
class ShootPreview:
    """R29-R31: what a shot would need and do, from ``at`` (default: where the shooter stands)."""

    attacker: str
    target: str
    at: Cell
    legal: str | None  # None, or why the shot is not allowed now / from there
    sees: bool  # some pair of hexes in range sees the target (R30)
    arc: str
    penalty: int  # R19
    cover: bool  # R31
    cover_bonus: int  # added to the defence (0 without cover)
    threatened_by: tuple[str, ...]  # R29: hostile threateners covering the shooter's hexes
    shooter_penalty: int  # R29, taken on the roll
    attack: int  # the ranged attack
    defense: int
    needed: int  # total (d20 + ranged attack) that hits
    roll_needed: int  # lowest d20 face that hits (21: never)
    hit_chance: float
    damage_min: int
    damage_max: int
    expected_damage: float
    defeat_chance: float
    modifiers: tuple[Modifier, ...]
    clear_pairs: tuple[tuple[Cell, Cell], ...]  # (shooter hex, target hex) lines that cross no cover hex
    blocked_by: tuple[Cell, ...]  # when it does not see: the hexes that block every line in range
    # With cover: what the shot passes through, named (a combatant once, else the cover tile), in the order the
    # lines in range cross them; empty without cover (R31).
    cover_by: tuple[CoverHex, ...] = ()


def preview_shoot(state: EncounterState, attacker: str, target: str, at: Cell | None = None) -> ShootPreview:
    u = state.unit(attacker)
    t = need_target(state, "shoot", u, target)
    profile = need_ranged("shoot", u)
    at = u.cell if at is None else at
    legal = _action_reason(state, "shoot", u, target, require_shoot_target, at)
    terms = shot_terms(state, u, at, t)
    sees = terms.fire.sees
    mods: list[Modifier] = [("defence", t.spec.defense)]
    if terms.penalty:
        mods.append((f"{terms.arc} arc", -terms.penalty))
    if sees and terms.cover_bonus:
        mods.append(("cover", terms.cover_bonus))
    if terms.shooter_penalty:
        mods.append(("shooting while threatened", terms.shooter_penalty))
    mods.append(("ranged attack", profile.attack))
    odds = ToHit(terms.needed, profile.attack)
    chance = odds.chance if sees else 0.0
    dist = dice_distribution(profile.damage)
    mean = sum(k * p for k, p in dist.items())
    kill = sum(p for k, p in dist.items() if k >= t.hp)
    return ShootPreview(
        attacker=u.name, target=t.name, at=at, legal=legal, sees=sees, arc=terms.arc, penalty=terms.penalty,
        cover=sees and terms.fire.cover, cover_bonus=terms.cover_bonus if sees else 0,
        threatened_by=terms.threatened_by, shooter_penalty=terms.shooter_penalty, attack=profile.attack,
        defense=t.spec.defense, needed=terms.needed, roll_needed=odds.roll_needed, hit_chance=chance,
        damage_min=min(dist), damage_max=max(dist), expected_damage=chance * mean, defeat_chance=chance * kill,
        modifiers=tuple(mods), clear_pairs=terms.fire.clear, blocked_by=terms.fire.blocked_by,
        cover_by=shot_cover_by(state, u, t, terms.fire.cover_hexes) if sees else (),
    )


@dataclass(frozen=True)
class AreaTargetPreview:
    """One combatant a burst would catch (R32), resolved in this order."""

    target: str
    faction: str
    friendly: bool  # not hostile to the caster: friendly fire (the caster itself included)
    cover: bool  # R31
    needed: int  # total (d20 + area attack) that hits: defence + cover
    roll_needed: int
    hit_chance: float
    expected_damage: float
    defeat_chance: float  # by the damage, or by a fall or hazard the push causes
    push_direction: str | None  # R33 on a hit (None: no push, or it stands on the centre)
    push_path: tuple[Cell, ...]  # its centre from where it stands (first) to where a hit pushes it, alone
    hazard_damage: int
    falls: bool


@dataclass(frozen=True)
class CastPreview:
    caster: str
    at: Cell
    legal: str | None
    uses_left: int
    affected: tuple[AreaTargetPreview, ...]

    @property
    def expected_damage_to(self) -> dict[str, float]:
        return {a.target: a.expected_damage for a in self.affected}


def preview_cast(state: EncounterState, caster: str, at: Cell) -> CastPreview:
    """R32-R33 for a burst on ``at`` from where the caster stands: everyone caught, their odds and pushes.

    Each push is shown as if that combatant were the only one hit (the cast pushes them one by one)."""
    u = state.unit(caster)
    area = need_area("cast", u)
    legal = reason(require_cast, state, caster, at)
    dist = dice_distribution(area.damage)
    mean = sum(k * p for k, p in dist.items())
    out = []
    for t in caught(state, at, area.radius):
        cover = area_fire(state, u, t, at, area.radius).cover
        odds = ToHit(t.spec.defense + (state.scenario.cover_bonus if cover else 0), area.attack)
        direction = away_from(state.layout, at, t.cell)
        steps: tuple[Cell, ...] = (t.cell,)
        damage, falls = 0, False
        if direction is not None and area.push:
            push = push_steps(state.board, t.cell, direction, area.push, t.radius, t.spec.movement_type,
                              state.others_mask(t.name), t.hp)
            path = [t.cell]
            for _ in range(push.steps):
                path.append(state.layout.neighbor(path[-1], direction))
            steps, damage, falls = tuple(path), push.damage, push.fell
        # A hit that leaves it standing can still defeat it by the push (hazard, fall).
        kill = sum(p for k, p in dist.items() if falls or k + damage >= t.hp)
        out.append(AreaTargetPreview(
            target=t.name, faction=t.faction, friendly=not state.hostility.hostile(u.faction, t.faction),
            cover=cover, needed=odds.needed, roll_needed=odds.roll_needed, hit_chance=odds.chance,
            expected_damage=odds.chance * mean, defeat_chance=odds.chance * kill,
            push_direction=None if direction is None or not area.push else state.layout.direction_names[direction],
            push_path=steps, hazard_damage=damage, falls=falls,
        ))
    return CastPreview(u.name, at, legal, u.area_uses_left, tuple(out))
