"""One handler per action kind: check it against the state, change the state, return it as recorded.

:meth:`Encounter.apply` looks the handler up in :data:`HANDLERS` and calls
it on the live state; a handler may raise :class:`IllegalActionError` part
way through because ``apply`` restores its snapshot. After the handler,
``apply`` ends the fight if one side is gone (R13) and passes the turn on if
the actor left the board (R24, R25).

Handlers read the encounter's public queries and change its units, phase
and round directly; the few single-underscore Encounter members they use
(masks, threateners, dice, turn flow) exist for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

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
from .checks import (
    band,
    need_action_left,
    need_actor,
    need_cell,
    need_dir,
    need_phase,
    need_roll,
    need_room,
    need_target,
    need_unit,
    show,
)
from .combat import disengage as disengage_check
from .combat import to_hit
from .combatant import combatant_from_properties
from .errors import IllegalActionError, RulesError
from .facing import penalty, turn_toward
from .hexgrid import Cell
from .movement import check_path, fits, footprint, push_steps
from .phases import ACTIVE, SETUP
from .reach import ReachResult
from .terrain import Terrain
from .unit_state import DEFEATED, FLED, UnitState, hurt, leave, new_unit

if TYPE_CHECKING:
    from .encounter import Encounter

# Joiners sort after every map combatant they tie with (R14).
_JOIN_SEQ_BASE = 10**12


# --- setup and the start of combat ---------------------------------------------------
def do_begin(enc: Encounter, action: Begin) -> Action:
    need_phase(enc, action, SETUP)
    enc.phase = ACTIVE
    enc.round = 1
    if not enc._auto_end():
        enc._next_turn(None)
    return action


def do_place(enc: Encounter, action: Place) -> Action:
    need_phase(enc, action, SETUP)
    u = need_unit(enc, action, action.unit)
    cell = need_cell(enc, action, action.at, "at")
    need_room(enc, action, u.spec, cell, ignore=u.name)
    if action.facing is not None:
        u.facing = need_dir(enc, action, action.facing)
    u.cell = cell
    return action


# --- the actor's turn -----------------------------------------------------------------
def do_move(enc: Encounter, action: Move) -> Action:
    u = need_actor(enc, action, action.unit)
    to = need_cell(enc, action, action.to, "to")
    if to == u.cell:
        raise IllegalActionError(f'move: "{u.name}" is already at {show(to)}')
    if action.path is not None:
        path = tuple(need_cell(enc, action, c, "path step") for c in action.path)
        if path and path[0] == u.cell:
            path = path[1:]  # a path may list the start hex
        if not path or path[-1] != to:
            raise IllegalActionError(f"move: the path does not end at {show(to)}")
        blocked, occupied = enc._masks_for(u.name)
        threatened = None if u.zoc_exhausted else enc.threat_mask_for(u.name)
        try:
            out = check_path(enc.board, u.cell, path, u.spec.movement_type, u.radius, u.movement,
                             blocked, occupied, threatened)
        except IllegalActionError as exc:
            raise IllegalActionError(f'move: "{u.name}": {exc}') from None
        cost, stops = out.cost, out.stops
    else:
        res = enc.reach_for(u.name)
        col, row = to
        if not res.can_end[row, col]:
            raise IllegalActionError(f'move: "{u.name}" {_why_not(enc, u, to, res)}')
        cost, stops = int(res.cost[row, col]), bool(res.stops[row, col])
        # Record the route taken: the log shows it, and a replay checks it step by
        # step instead of searching again (same outcome, R7).
        action = Move(u.name, to, tuple(res.path_to(to)))
    u.cell = to
    u.movement -= cost
    if stops:  # R9
        u.movement = 0
        u.zoc_exhausted = True
    return action


def _why_not(enc: Encounter, u: UnitState, to: Cell, res: ReachResult) -> str:
    board = enc.board
    cells = footprint(board, to, u.radius)
    if not fits(board, cells):
        return f"does not fit on the map at {show(to)}"
    blocked, occupied = enc._masks_for(u.name)
    for c, r in cells:
        if board.cost[u.spec.movement_type, r, c] < 1:
            kind = Terrain(int(board.terrain[r, c])).label
            return f"({u.spec.movement_type.label}) may not enter {kind} at {show((c, r))}"
        if blocked[r, c]:
            return f"may not enter {show((c, r))}: a hostile combatant holds it (R4)"
        if occupied[r, c]:
            return f"may not end a move at {show(to)}: another combatant is there (R4)"
    return f"cannot reach {show(to)} with {u.movement} movement remaining"


def do_face(enc: Encounter, action: Face) -> Action:
    # The GM edits freely in setup (R13); once active, only on one's own turn (R16).
    need = need_unit if enc.phase == SETUP else need_actor
    u = need(enc, action, action.unit)
    u.facing = need_dir(enc, action, action.dir)
    return action


def do_attack(enc: Encounter, action: Attack) -> Action:
    u = need_actor(enc, action, action.unit)
    need_action_left(enc, action, u)
    t = need_target(enc, action, u, action.target)
    if not enc.hostile(u.name, t.name):
        raise IllegalActionError(f'attack: "{t.name}" ({t.faction}) is not hostile to "{u.name}" ({u.faction})')
    dist = enc.distance(u.name, t.name)
    lo, hi = u.spec.reach_min, u.spec.reach
    if not lo <= dist <= hi:
        raise IllegalActionError(
            f'attack: "{t.name}" is out of reach: distance {dist}, "{u.name}" strikes at {band(lo, hi)} (R21)'
        )
    need_roll(action, action.roll)
    if action.damage is not None and (isinstance(action.damage, bool) or not isinstance(action.damage, int)
                                      or action.damage < 0):
        raise IllegalActionError(f"attack: damage {action.damage!r} is not a whole number of at least 0")
    dice = enc._dice()
    roll = action.roll if action.roll is not None else dice.d20()
    pen = penalty(enc.arc(u.name, t.name), enc.scenario.flank_penalty, enc.scenario.rear_penalty)
    hit = to_hit(roll, u.spec.attack, t.spec.defense, pen).success
    damage = action.damage
    if hit:
        if damage is None:
            damage = dice.roll(u.spec.damage)
        hurt(t, damage)
    u.facing = turn_toward(enc.layout, u.cell, t.cell, u.facing)  # R20
    enc._mark_acted()
    return Attack(u.name, t.name, roll, damage)


def do_shove(enc: Encounter, action: Shove) -> Action:
    u = need_actor(enc, action, action.unit)
    need_action_left(enc, action, u)
    t = need_target(enc, action, u, action.target)
    if enc.distance(u.name, t.name) != 1:
        raise IllegalActionError(f'shove: "{t.name}" is not adjacent to "{u.name}" (R22)')
    if t.radius > u.radius:
        raise IllegalActionError(f'shove: "{t.name}" ({t.spec.size.label}) is larger than "{u.name}" (R22)')
    need_roll(action, action.roll)
    roll = action.roll if action.roll is not None else enc._dice().d20()
    pen = penalty(enc.arc(u.name, t.name), enc.scenario.flank_penalty, enc.scenario.rear_penalty)
    hit = to_hit(roll, u.spec.attack, t.spec.defense, pen).success
    # R22/R20: away from the shover along its (new) facing toward the target.
    toward = turn_toward(enc.layout, u.cell, t.cell, u.facing)
    if hit:
        _push(enc, t, toward, 1)
    u.facing = toward
    enc._mark_acted()
    return Shove(u.name, t.name, roll)


def do_disengage(enc: Encounter, action: Disengage) -> Action:
    u = need_actor(enc, action, action.unit)
    need_action_left(enc, action, u)
    threateners = enc._threateners_of(u)
    if not threateners:
        raise IllegalActionError(f'disengage: "{u.name}" is not in threatened space (R23)')
    need_roll(action, action.roll)
    roll = action.roll if action.roll is not None else enc._dice().d20()
    ok = disengage_check(roll, u.spec.skill(action.skill), max(v.spec.attack for v in threateners)).success
    if ok:
        u.disengaged_from = frozenset(v.name for v in threateners)
    enc._mark_acted()
    return Disengage(u.name, action.method, action.skill, roll)


def do_flee(enc: Encounter, action: Flee) -> Action:
    u = need_actor(enc, action, action.unit)
    need_action_left(enc, action, u)
    if not enc._on_exit(u):
        raise IllegalActionError(f'flee: "{u.name}" is not on an exit hex (R24)')
    leave(u, FLED)
    enc._mark_acted()
    return action


def do_end_turn(enc: Encounter, action: EndTurn) -> Action:
    need_phase(enc, action, ACTIVE)
    assert enc.turn is not None
    enc.units[enc.turn].movement = 0  # R6: unspent movement is lost
    enc._next_turn(enc.turn)
    return action


# --- GM actions: legal at any time in their phases, never listed ----------------------
def _push(enc: Encounter, u: UnitState, direction: int, distance: int) -> None:
    out = push_steps(enc.board, u.cell, direction, distance, u.radius, u.spec.movement_type,
                     enc._others_mask(u.name), u.hp)
    u.cell = out.cell
    if out.damage:
        hurt(u, out.damage)
    if out.fell and u.active:
        leave(u, DEFEATED)


def do_push(enc: Encounter, action: Push) -> Action:
    need_phase(enc, action, ACTIVE)
    u = need_unit(enc, action, action.unit)
    direction = need_dir(enc, action, action.dir)
    if isinstance(action.distance, bool) or not isinstance(action.distance, int) or action.distance < 1:
        raise IllegalActionError(f"push: distance {action.distance!r} is not a whole number of at least 1")
    _push(enc, u, direction, action.distance)
    return action


def do_grant(enc: Encounter, action: GrantMovement) -> Action:
    need_phase(enc, action, ACTIVE)
    u = need_unit(enc, action, action.unit)
    if isinstance(action.amount, bool) or not isinstance(action.amount, int) or action.amount < 1:
        raise IllegalActionError(f"grant_movement: amount {action.amount!r} is not a whole number of at least 1")
    u.movement += action.amount  # R16: adds to what remains; R9: exhaustion stays spent
    return action


def do_set_threatening(enc: Encounter, action: SetThreatening) -> Action:
    need_phase(enc, action, SETUP, ACTIVE)
    u = need_unit(enc, action, action.unit)
    if not isinstance(action.value, bool):
        raise IllegalActionError(f"set_threatening: value {action.value!r} is not true or false")
    u.threatening = action.value
    return action


def do_join(enc: Encounter, action: Join) -> Action:
    need_phase(enc, action, SETUP, ACTIVE)
    name = action.name
    if not name.strip():
        raise IllegalActionError("join: the unit has no name")
    if name in enc.units:
        raise IllegalActionError(f'join: a combatant named "{name}" is already in the encounter')
    cell = need_cell(enc, action, action.at, "at")
    object_id = max((u.spec.object_id for u in enc.units.values()), default=0) + 1
    try:
        spec = combatant_from_properties(name, action.properties, cell, object_id, enc.layout)
    except RulesError as exc:
        raise IllegalActionError(f'join: "{name}": {exc}') from None
    need_room(enc, action, spec, cell, ignore=None)
    enc.units[name] = new_unit(spec, _JOIN_SEQ_BASE + len(enc.units))
    enc._sort_order()  # R14/R15: its place by initiative, after everyone it ties with
    return action


def do_remove(enc: Encounter, action: Remove) -> Action:
    need_phase(enc, action, SETUP, ACTIVE)
    u = need_unit(enc, action, action.unit)
    if action.as_ not in (DEFEATED, FLED):
        raise IllegalActionError(f"remove: as {action.as_!r} is not one of defeated, fled")
    leave(u, action.as_)
    return action


def do_end_combat(enc: Encounter, action: EndCombat) -> Action:
    need_phase(enc, action, ACTIVE)
    enc._end()
    return action


HANDLERS: dict[type, Callable[[Encounter, Any], Action]] = {
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
