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
    Disengage,
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
    SetThreatening,
    Shove,
)
from .combat import disengage as disengage_check
from .combat import to_hit
from .combatant import combatant_from_properties
from .errors import IllegalActionError, RulesError
from .events import (
    Attacked,
    CombatBegan,
    Defeated,
    Disengaged,
    Fled,
    Joined,
    Moved,
    MovementGranted,
    Placed,
    Pushed,
    Removed,
    Shoved,
    ThreateningSet,
    Turned,
)
from .facing import penalty, turn_toward
from .hexgrid import Cell
from .movement import check_path, push_steps
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
    require_disengage,
    require_end_turn,
    require_face,
    require_flee,
    require_move,
    require_shove,
)
from .state import EncounterState
from .text import show
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
    blocked, occupied = state.masks_for(u.name)
    threatened = None if u.zoc_exhausted else state.threat_mask_for(u.name)
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
    u.cell = out.cell
    state.emit(Pushed(u.name, tuple(path), out.damage, out.fell))
    if out.damage:
        state.hurt(u, out.damage, "hazard")
    if out.fell and u.active:
        state.leave(u, DEFEATED)
        state.emit(Defeated(u.name, "fall"))


def do_push(state: EncounterState, action: Push) -> Action:
    need_phase(state, "push", ACTIVE)
    u = need_unit(state, "push", action.unit)
    direction = need_dir(state, "push", action.dir)
    push(state, u, direction, need_whole("push", "distance", action.distance, 1))
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
    if name in state.units:
        raise IllegalActionError(f'join: a combatant named "{name}" is already in the encounter')
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


def do_end_combat(state: EncounterState, action: EndCombat) -> Action:
    need_phase(state, "end_combat", ACTIVE)
    state.end("gm")
    return action


HANDLERS: dict[type, Callable[[EncounterState, Any], Action]] = {
    Begin: do_begin,
    Place: do_place,
    Move: do_move,
    Face: do_face,
    Attack: do_attack,
    Shove: do_shove,
    Disengage: do_disengage,
    Flee: do_flee,
    EndTurn: do_end_turn,
    Push: do_push,
    GrantMovement: do_grant,
    SetThreatening: do_set_threatening,
    Join: do_join,
    Remove: do_remove,
    EndCombat: do_end_combat,
}
