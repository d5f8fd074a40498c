"""One handler per action kind: check it, change the state, report what happened.

:meth:`Encounter.apply` looks the handler up in :data:`HANDLERS` and calls
it on the live state; a handler may raise :class:`IllegalActionError` part
way through because ``apply`` restores its snapshot. Preconditions come
from preconditions.py (shared with the predicates and the legal list);
the state changes that are not one action's (damage, turn flow, the end of
combat) from state.py. Each handler returns the action as recorded and
emits its events on the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import (
    Action,
    Attack,
    Begin,
    Cast,
    CastRoll,
    Disengage,
    Edit,
    EndCombat,
    EndTurn,
    Face,
    Flee,
    GrantMovement,
    Join,
    Move,
    Place,
    Push,
    Remove,
    SetHp,
    SetThreatening,
    Shoot,
    Shove,
)
from .area import area_fire, away_from, caught
from .combat import disengage as disengage_check
from .combat import to_hit
from .combatant import AREA_KEYS, combatant_from_properties, edited_spec, lookalike, name_problem, same_name
from .errors import IllegalActionError, RulesError
from .events import (
    AreaCast,
    AreaHit,
    Attacked,
    CombatBegan,
    Defeated,
    Disengaged,
    Edited,
    Fled,
    HpSet,
    Joined,
    Moved,
    MovementGranted,
    Placed,
    Pushed,
    Removed,
    Shot,
    Shoved,
    ThreateningSet,
    Turned,
)
from .facing import penalty, turn_toward
from .hexgrid import Cell
from .in_the_way import in_the_way
from .limits import MAX_COMBATANTS, clip
from .movement import check_path, push_steps
from .outcome import EndReason
from .phases import ACTIVE, SETUP
from .preconditions import (
    need_actor,
    need_cell,
    need_dir,
    need_phase,
    need_roll,
    need_room,
    need_unit,
    need_whole,
    require_attack,
    require_cast,
    require_disengage,
    require_end_turn,
    require_face,
    require_flee,
    require_move,
    require_push,
    require_shoot,
    require_shove,
)
from .state import EncounterState
from .text import did_you_mean, show
from .unit_state import DEFEATED, FLED, UnitState, new_unit

# Joiners sort after every map combatant they tie with (R14).
_JOIN_SEQ_BASE = 10**12


# --- setup and the start of combat ---------------------------------------------------
def do_begin(state: EncounterState, action: Begin) -> Action:
    need_phase(state, "begin", SETUP)
    state.phase = ACTIVE
    state.round = 1
    state.emit(CombatBegan())
    if not state.auto_end():
        state.next_turn(None)
    return action


def do_place(state: EncounterState, action: Place) -> Action:
    need_phase(state, "place", SETUP)
    u = need_unit(state, "place", action.unit)
    cell = need_cell(state, "place", action.at, "at")
    need_room(state, "place", u.spec, cell, ignore=u.name)
    if action.facing is not None:
        u.facing = need_dir(state, "place", action.facing)
    u.cell = cell
    state.emit(Placed(u.name, cell))
    return action


# --- the actor's turn -----------------------------------------------------------------
def do_move(state: EncounterState, action: Move) -> Action:
    if action.path is not None:
        u, to, path, cost, stops = _explicit_path(state, action)
    else:
        u, to = require_move(state, action.unit, action.to)
        res = state.reach_for(u.name)
        end = res.end_at(to)
        assert end is not None  # require_move checked it is an end
        cost, stops = end
        # Record the route taken: the log shows it, and a replay checks it step by
        # step instead of searching again (same outcome, R7).
        path = tuple(res.path_to(to))
        action = Move(u.name, to, path)
    start = u.cell
    stopped_by: tuple[str, ...] = ()
    if stops:  # R9: who stopped it, as the mover saw the threat before it moved
        stopped_by = tuple(v.name for v in state.threateners(u, at=to) if v.name not in u.disengaged_from)
    u.cell = to
    u.movement -= cost
    if stops:
        u.movement = 0
        u.zoc_exhausted = True
    state.emit(Moved(u.name, (start, *path), cost, stopped_by))
    return action


def _explicit_path(state: EncounterState, action: Move) -> tuple[UnitState, Cell, tuple[Cell, ...], int, bool]:
    u = need_actor(state, "move", action.unit)
    to = need_cell(state, "move", action.to, "to")
    if to == u.cell:
        raise IllegalActionError(f'move: "{u.name}" is already at {show(to)}')
    path = tuple(need_cell(state, "move", c, "path step") for c in action.path or ())
    if path and path[0] == u.cell:
        path = path[1:]  # a path may list the start hex
    if not path or path[-1] != to:
        raise IllegalActionError(f"move: the path does not end at {show(to)}")
    blocked, occupied, threatened = state.path_checks(u.name)  # asked for the path's hexes only
    try:
        out = check_path(state.board, u.cell, path, u.spec.movement_type, u.radius, u.movement,
                         blocked, occupied, threatened)
    except IllegalActionError as exc:
        raise IllegalActionError(f'move: "{u.name}": {exc}') from None
    return u, to, path, out.cost, out.stops


def do_face(state: EncounterState, action: Face) -> Action:
    u, direction = require_face(state, action.unit, action.dir)
    u.facing = direction
    state.emit(Turned(u.name, state.layout.direction_names[direction]))
    return action


def do_attack(state: EncounterState, action: Attack) -> Action:
    u, t = require_attack(state, action.unit, action.target)
    need_roll("attack", action.roll)
    if action.damage is not None:
        need_whole("attack", "damage", action.damage, 0)
    dice = state.dice()
    roll = action.roll if action.roll is not None else dice.d20()
    arc = state.arc_at(u, u.cell, t)
    pen = penalty(arc, state.scenario.flank_penalty, state.scenario.rear_penalty)
    res = to_hit(roll, u.spec.attack, t.spec.defense, pen)
    damage = action.damage
    if res.success and damage is None:
        damage = dice.roll(u.spec.damage)
    _turn_attacker(state, u, t)  # R20
    state.emit(Attacked(u.name, t.name, arc, pen, roll, res.needed, res.success, damage or 0 if res.success else 0))
    if res.success:
        state.hurt(t, damage or 0, "attack")
    state.mark_acted()
    return Attack(u.name, t.name, roll, damage if res.success else action.damage)


def _turn_attacker(state: EncounterState, u: UnitState, t: UnitState) -> None:
    before = u.facing
    u.facing = turn_toward(state.layout, u.cell, t.cell, u.facing)
    if u.facing != before:
        state.emit(Turned(u.name, state.layout.direction_names[u.facing]))


def do_shove(state: EncounterState, action: Shove) -> Action:
    u, t = require_shove(state, action.unit, action.target)
    need_roll("shove", action.roll)
    roll = action.roll if action.roll is not None else state.dice().d20()
    arc = state.arc_at(u, u.cell, t)
    pen = penalty(arc, state.scenario.flank_penalty, state.scenario.rear_penalty)
    res = to_hit(roll, u.spec.attack, t.spec.defense, pen)
    # R22/R20: away from the shover along its (new) facing toward the target.
    toward = turn_toward(state.layout, u.cell, t.cell, u.facing)
    _turn_attacker(state, u, t)
    state.emit(Shoved(u.name, t.name, arc, pen, roll, res.needed, res.success))
    if res.success:
        push(state, t, toward, 1)
    state.mark_acted()
    return Shove(u.name, t.name, roll)


def do_shoot(state: EncounterState, action: Shoot) -> Action:
    u, t, terms = require_shoot(state, action.unit, action.target)
    need_roll("shoot", action.roll)
    if action.damage is not None:
        need_whole("shoot", "damage", action.damage, 0)
    profile = u.spec.ranged
    assert profile is not None  # require_shoot checked it
    dice = state.dice()
    roll = action.roll if action.roll is not None else dice.d20()
    hit = roll + profile.attack >= terms.needed  # R29: the threatened-shooter penalty is in ``needed``
    damage = action.damage
    if hit and damage is None:
        damage = dice.roll(profile.damage)
    _turn_attacker(state, u, t)  # R29: shooting turns the shooter (R20)
    state.emit(Shot(u.name, t.name, terms.arc, terms.penalty, terms.cover_bonus, terms.shooter_penalty, roll,
                    terms.needed, hit, (damage or 0) if hit else 0))
    if hit:
        state.hurt(t, damage or 0, "shot")
    state.mark_acted()
    return Shoot(u.name, t.name, roll, damage if hit else action.damage)


def do_cast(state: EncounterState, action: Cast) -> Action:
    u, centre = require_cast(state, action.unit, action.at)
    area = u.spec.area
    assert area is not None  # require_cast checked it
    affected = caught(state, centre, area.radius)
    given = _given_rolls(state, action, [t.name for t in affected])
    # R31 for everyone at once, from where everybody stands as the burst goes off.
    bonus = {t.name: state.scenario.cover_bonus if area_fire(state, u, t, centre, area.radius).cover else 0
             for t in affected}
    u.area_uses_left -= 1  # R32: spent even if nobody is hit
    state.emit(AreaCast(u.name, centre, tuple(t.name for t in affected), u.area_uses_left))
    dice = state.dice()
    recorded = []
    for t in affected:  # R32: one by one in initiative order
        mine = given.get(t.name, CastRoll(t.name))
        need_roll("cast", mine.roll)
        if mine.damage is not None:
            need_whole("cast", "damage", mine.damage, 0)
        roll = mine.roll if mine.roll is not None else dice.d20()
        needed = t.spec.defense + bonus[t.name]
        hit = roll + area.attack >= needed
        damage = mine.damage if mine.damage is not None else (dice.roll(area.damage) if hit else None)
        state.emit(AreaHit(u.name, t.name, bonus[t.name], roll, needed, hit, (damage or 0) if hit else 0))
        recorded.append(CastRoll(t.name, roll, damage if hit else mine.damage))
        if not hit:
            continue
        state.hurt(t, damage or 0, "cast")
        direction = away_from(state.layout, centre, t.cell)
        if t.active and area.push and direction is not None:  # R32: the defeated and the centre stay put
            push(state, t, direction, area.push)  # R33
    state.mark_acted()
    return Cast(u.name, centre, tuple(recorded))


def _given_rolls(state: EncounterState, action: Cast, affected: list[str]) -> dict[str, CastRoll]:
    """The log's rolls by target: each must name an affected combatant, once."""
    out: dict[str, CastRoll] = {}
    for entry in action.rolls or ():
        if entry.target not in affected:
            who = ", ".join(f'"{n}"' for n in affected) or "nobody"
            raise IllegalActionError(f'cast: rolls name "{entry.target}"{did_you_mean(entry.target, affected)}, '
                                     f"but the area at {show(action.at)} "
                                     f"catches {who} (R32)")
        if entry.target in out:
            raise IllegalActionError(f'cast: rolls name "{entry.target}" twice')
        out[entry.target] = entry
    return out


def do_disengage(state: EncounterState, action: Disengage) -> Action:
    u, threateners = require_disengage(state, action.unit)
    need_roll("disengage", action.roll)
    roll = action.roll if action.roll is not None else state.dice().d20()
    res = disengage_check(roll, u.spec.skill(action.skill), max(v.spec.attack for v in threateners))
    names = tuple(v.name for v in threateners)
    if res.success:
        u.disengaged_from = frozenset(names)
    state.emit(Disengaged(u.name, action.skill, roll, res.needed, res.success, names if res.success else ()))
    state.mark_acted()
    return Disengage(u.name, action.method, action.skill, roll)


def do_flee(state: EncounterState, action: Flee) -> Action:
    u = require_flee(state, action.unit)
    state.leave(u, FLED)
    state.emit(Fled(u.name))
    state.mark_acted()
    return action


def do_end_turn(state: EncounterState, action: EndTurn) -> Action:
    require_end_turn(state)
    assert state.turn is not None
    state.units[state.turn].movement = 0  # R6: unspent movement is lost
    state.next_turn(state.turn)
    return action


# --- GM actions: legal at any time in their phases, never listed ----------------------
def push(state: EncounterState, u: UnitState, direction: int, distance: int) -> None:
    """Forced movement (R12): stops short, hazard damage, falls; reported as one Pushed event."""
    out = push_steps(state.board, u.cell, direction, distance, u.radius, u.spec.movement_type,
                     state.others_mask(u.name), u.hp)
    path = [u.cell]
    for _ in range(out.steps):
        path.append(state.layout.neighbor(path[-1], direction))
    stopped = in_the_way(state, u, out.stop) if out.stop is not None else None
    u.cell = out.cell
    state.emit(Pushed(u.name, tuple(path), out.damage, out.fell, stopped))
    if out.damage:
        state.hurt(u, out.damage, "hazard")
    if out.fell and u.active:
        state.leave(u, DEFEATED)
        state.emit(Defeated(u.name, "fall"))


def do_push(state: EncounterState, action: Push) -> Action:
    u, direction, distance = require_push(state, action.unit, action.dir, action.distance)
    push(state, u, direction, distance)
    return action


def do_grant(state: EncounterState, action: GrantMovement) -> Action:
    need_phase(state, "grant_movement", ACTIVE)
    u = need_unit(state, "grant_movement", action.unit)
    u.movement += need_whole("grant_movement", "amount", action.amount, 1)  # R16; R9: exhaustion stays spent
    state.emit(MovementGranted(u.name, action.amount))
    return action


def do_set_threatening(state: EncounterState, action: SetThreatening) -> Action:
    need_phase(state, "set_threatening", SETUP, ACTIVE)
    u = need_unit(state, "set_threatening", action.unit)
    if not isinstance(action.value, bool):
        raise IllegalActionError(f"set_threatening: value {action.value!r} is not true or false")
    u.threatening = action.value
    state.emit(ThreateningSet(u.name, action.value))
    return action


def do_join(state: EncounterState, action: Join) -> Action:
    need_phase(state, "join", SETUP, ACTIVE)
    name = action.name
    if not name.strip():
        raise IllegalActionError("join: the unit has no name")
    bad_name = name_problem(name)
    if bad_name is not None:
        raise IllegalActionError(f"join: {bad_name}")
    taken = same_name(name, state.units)
    if taken is not None:
        raise IllegalActionError(f'join: a combatant named "{clip(taken)}" is already in the encounter'
                                 + lookalike(name, taken))
    if len(state.units) >= MAX_COMBATANTS:
        raise IllegalActionError(f"join: the encounter already has {MAX_COMBATANTS} combatants, the limit")
    cell = need_cell(state, "join", action.at, "at")
    object_id = max((u.spec.object_id for u in state.units.values()), default=0) + 1
    try:
        spec = combatant_from_properties(name, action.properties, cell, object_id, state.layout)
    except RulesError as exc:
        raise IllegalActionError(f'join: "{name}": {exc}') from None
    need_room(state, "join", spec, cell, ignore=None)
    state.units[name] = new_unit(spec, _JOIN_SEQ_BASE + len(state.units))
    state.sort_order()  # R14/R15: its place by initiative, after everyone it ties with
    state.emit(Joined(name, cell))
    return action


def do_remove(state: EncounterState, action: Remove) -> Action:
    need_phase(state, "remove", SETUP, ACTIVE)
    u = need_unit(state, "remove", action.unit)
    if action.as_ not in (DEFEATED, FLED):
        raise IllegalActionError(f"remove: as {action.as_!r} is not one of defeated, fled")
    state.leave(u, action.as_)
    state.emit(Removed(u.name, action.as_))
    return action


def do_set_hp(state: EncounterState, action: SetHp) -> Action:
    need_phase(state, "set_hp", SETUP, ACTIVE)
    # Only a combatant on the board: bringing back the defeated or fled would need a free hex and a
    # place in the order; the window's undo takes a GM's mistaken blow back instead.
    u = need_unit(state, "set_hp", action.unit)
    if isinstance(action.hp, bool) or not isinstance(action.hp, int):
        raise IllegalActionError(f"set_hp: hp {action.hp!r} is not a whole number")
    before, u.hp = u.hp, action.hp  # above the starting hp is allowed (a GM's temporary hit points)
    state.emit(HpSet(u.name, u.hp, u.hp - before))
    if u.hp <= 0:  # R21
        state.leave(u, DEFEATED)
        state.emit(Defeated(u.name, "gm"))
    return action


# An edited property -> how the combatant's state follows it (setup: everyone is as the map placed them,
# except what the GM changed since; only what the edit names is reset).
def _follow_edit(u: UnitState, key: str) -> None:
    spec = u.spec
    if key == "hp":
        u.hp = spec.hp
    elif key == "move":
        u.movement = spec.move
    elif key == "threatening":
        u.threatening = spec.threatening
    elif key == "facing":
        u.facing = spec.facing
    elif key == "area_range" or key in AREA_KEYS:
        u.area_uses_left = spec.area.uses if spec.area is not None else 0


def do_edit(state: EncounterState, action: Edit) -> Action:
    need_phase(state, "edit", SETUP)
    u = need_unit(state, "edit", action.unit)
    changes = action.changes
    if not changes:
        raise IllegalActionError("edit: set names no property")
    try:
        spec = edited_spec(u.spec, changes, state.layout)
    except RulesError as exc:  # the map loader's own words, as for a bad map property
        raise IllegalActionError(f'edit: "{u.name}": {exc}') from None
    need_room(state, "edit", spec, u.cell, ignore=u.name)  # a new size or movement type must fit where it stands
    u.spec = spec
    for key in changes:
        _follow_edit(u, key)
    state.sort_order()  # R14: a new initiative takes its place in the order
    state.emit(Edited(u.name, action.set_))
    return action


def do_end_combat(state: EncounterState, action: EndCombat) -> Action:
    need_phase(state, "end_combat", ACTIVE)
    state.end(EndReason.GM)
    return action


HANDLERS: dict[type, Callable[[EncounterState, Any], Action]] = {
    Begin: do_begin,
    Place: do_place,
    Move: do_move,
    Face: do_face,
    Attack: do_attack,
    Shove: do_shove,
    Shoot: do_shoot,
    Cast: do_cast,
    Disengage: do_disengage,
    Flee: do_flee,
    EndTurn: do_end_turn,
    Push: do_push,
    GrantMovement: do_grant,
    SetThreatening: do_set_threatening,
    Join: do_join,
    Remove: do_remove,
    SetHp: do_set_hp,
    Edit: do_edit,
    EndCombat: do_end_combat,
}
