"""The one home of every precondition: each ``require_*`` returns what an action needs or raises.

The action handlers (resolve.py) call them before changing anything; the
list of legal actions (legal.py), the previews and the public ``can_*``
predicates of :class:`~game.rules.encounter.Encounter` call the same
functions and turn the refusal into its reason. So a window's disabled
button, the AI's candidate list and a refused log line give one reason, in
the same words. Every reason is one line that starts with the action's kind.
"""

from __future__ import annotations

from typing import Any

from .combatant import AreaAbility, CombatantSpec, RangedProfile
from .errors import IllegalActionError, RulesError
from .hexgrid import Cell
from .movement import fits, footprint
from .phases import ACTIVE, SETUP
from .ranged import ShotTerms, shot_terms
from .sight import sees
from .state import EncounterState
from .terrain import Terrain
from .text import band, joined, quote, show, show_cells
from .unit_state import UnitState


# --- the shared pieces ----------------------------------------------------------------
def need_phase(state: EncounterState, kind: str, *phases: str) -> None:
    if state.phase not in phases:
        if state.phase == SETUP:
            raise IllegalActionError(f"{kind}: combat has not begun")
        if state.phase == ACTIVE:
            raise IllegalActionError(f"{kind}: not allowed once combat has begun (setup only)")
        raise IllegalActionError(f"{kind}: combat is over")


def need_unit(state: EncounterState, kind: str, name: Any) -> UnitState:
    u = state.unit(name)
    if not u.active:
        raise IllegalActionError(f'{kind}: "{name}" is {u.status} and no longer on the board')
    return u


def need_actor(state: EncounterState, kind: str, name: Any) -> UnitState:
    need_phase(state, kind, ACTIVE)
    u = need_unit(state, kind, name)
    if state.turn != name:
        raise IllegalActionError(f'{kind}: it is "{state.turn}"\'s turn, not "{name}"\'s (R16)')
    return u


def need_action_left(state: EncounterState, kind: str, u: UnitState) -> None:
    if state.acted:
        raise IllegalActionError(f'{kind}: "{u.name}" has already used their action this turn (R16)')


def need_target(state: EncounterState, kind: str, u: UnitState, name: Any) -> UnitState:
    t = need_unit(state, kind, name)
    if t.name == u.name:
        raise IllegalActionError(f'{kind}: "{u.name}" cannot target itself')
    return t


def need_dir(state: EncounterState, kind: str, name: Any) -> int:
    try:
        return state.layout.direction_index(name)
    except (ValueError, TypeError):
        raise IllegalActionError(
            f"{kind}: direction {quote(name)} is not one of {', '.join(state.layout.direction_names)}"
        ) from None


def need_roll(kind: str, roll: Any) -> None:
    if roll is not None and (isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 20):
        raise IllegalActionError(f"{kind}: roll {roll!r} is not a d20 result from 1 to 20")


def need_whole(kind: str, what: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise IllegalActionError(f"{kind}: {what} {value!r} is not a whole number of at least {minimum}")
    return value


def need_cell(state: EncounterState, kind: str, cell: Any, what: str) -> Cell:
    ok = (isinstance(cell, tuple | list) and len(cell) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in cell))
    if not ok or not state.layout.in_grid((cell[0], cell[1])):
        shown = show(cell) if ok else repr(cell)
        raise IllegalActionError(f"{kind}: {what} {shown} is not a cell of this map")
    return (cell[0], cell[1])


def need_room(state: EncounterState, kind: str, spec: CombatantSpec, cell: Cell, ignore: str | None) -> None:
    """A footprint where a combatant may be put: on-map, enterable, nobody else there."""
    board = state.board
    cells = footprint(board, cell, spec.radius)
    if not fits(board, cells):
        raise IllegalActionError(f'{kind}: "{spec.name}" at {show(cell)} does not fit on the map')
    bad = board.no_entry(cells, spec.movement_type)
    if bad is not None:
        terrain = Terrain(int(board.terrain[bad[1], bad[0]])).phrase
        raise IllegalActionError(
            f"{kind}: a {spec.movement_type.label} combatant may not stand on {terrain} at {show(bad)}"
        )
    mine = set(cells)
    for u in state.units.values():
        others = u.active and u.name != ignore and u.name != spec.name
        if others and mine.intersection(footprint(board, u.cell, u.radius)):
            raise IllegalActionError(f'{kind}: {show(cell)} overlaps "{u.name}"')


# --- one requirement per action of the actor's turn -------------------------------------
def require_move(state: EncounterState, name: Any, to: Any) -> tuple[UnitState, Cell]:
    """The actor may move to ``to`` by a cheapest path now (R4-R11, R27)."""
    u = need_actor(state, "move", name)
    cell = need_cell(state, "move", to, "to")
    if cell == u.cell:
        raise IllegalActionError(f'move: "{u.name}" is already at {show(cell)}')
    if state.reach_for(u.name).end_at(cell) is None:
        raise IllegalActionError(f'move: "{u.name}" {why_not_reachable(state, u, cell)}')
    return u, cell


def why_not_reachable(state: EncounterState, u: UnitState, to: Cell) -> str:
    board = state.board
    cells = footprint(board, to, u.radius)
    if not fits(board, cells):
        return f"does not fit on the map at {show(to)}"
    blocked, occupied = state.masks_for(u.name)
    bad = board.no_entry(cells, u.spec.movement_type)
    if bad is not None:
        terrain = Terrain(int(board.terrain[bad[1], bad[0]])).phrase
        return f"may not enter {terrain} at {show(bad)} ({u.spec.movement_type.label} movement, R5)"
    for c, r in cells:
        if blocked[r, c] or occupied[r, c]:
            return _someone_there(state, u, to, (c, r), hostile=bool(blocked[r, c]))
    if u.movement == 0 and u.zoc_exhausted:
        return "cannot move further this turn: zone of control stopped it (R9)"
    stop = state.zoc_stop_on_way(u.name, to)
    if stop is not None:
        at, who = stop
        whose = joined(quote(n) for n in who) or "a hostile"
        return (f"cannot reach {show(to)} this turn: the zone of control of {whose} stops every way there within "
                f"{u.movement} movement (the shortest at {show(at)}) (R9)")
    turns = 4
    cost = state.walk_cost(u.name, to, turns)
    if cost is None:
        return f"cannot reach {show(to)}: no way there within {turns} turns' movement"
    if cost > u.movement:
        return f"cannot reach {show(to)}: {cost} movement away, {u.movement} left"
    return f"cannot reach {show(to)} with {u.movement} movement remaining"


def _someone_there(state: EncounterState, u: UnitState, to: Cell, cell: Cell, hostile: bool) -> str:
    """R4 in words naming who stands in the way and where: a large mover's hex that is not the one pointed at
    was "another combatant is there" under a hex the player saw empty (Bjorn at 13,10 on giants_lair)."""
    who = next((v.name for v in state.units.values() if v.active and v.name != u.name
                and cell in footprint(state.board, v.cell, v.radius)), None)
    name = quote(who) if who else ("a hostile combatant" if hostile else "another combatant")
    if cell != to:
        return f"may not end a move at {show(to)}: there it would cover {show(cell)}, where {name} stands (R4)"
    if hostile:
        return f"may not enter {show(cell)}: {name} holds it (R4)"
    return f"may not end a move at {show(to)}: {name} is there (R4)"


def require_face(state: EncounterState, name: Any, direction: Any) -> tuple[UnitState, int]:
    # The GM edits freely in setup (R13); once active, only on one's own turn (R16).
    u = need_unit(state, "face", name) if state.phase == SETUP else need_actor(state, "face", name)
    return u, need_dir(state, "face", direction)


def require_attack(
    state: EncounterState, name: Any, target: Any, at: Cell | None = None
) -> tuple[UnitState, UnitState]:
    """R21: the actor's action is unused and a hostile target's footprint lies in its band (from ``at``)."""
    u = need_actor(state, "attack", name)
    need_action_left(state, "attack", u)
    return u, require_attack_target(state, u, target, at)


def require_attack_target(state: EncounterState, u: UnitState, target: Any, at: Cell | None) -> UnitState:
    t = need_target(state, "attack", u, target)
    if not state.hostility.hostile(u.faction, t.faction):
        raise IllegalActionError(f'attack: "{t.name}" ({t.faction}) is not hostile to "{u.name}" ({u.faction})')
    dist = max(0, state.layout.distance(u.cell if at is None else at, t.cell) - u.radius - t.radius)
    lo, hi = u.spec.reach_min, u.spec.reach
    if not lo <= dist <= hi:
        raise IllegalActionError(
            f'attack: "{t.name}" is out of reach: distance {dist}, "{u.name}" strikes at {band(lo, hi)} (R21)'
        )
    return t


def require_shove(
    state: EncounterState, name: Any, target: Any, at: Cell | None = None
) -> tuple[UnitState, UnitState]:
    """R22: the actor's action is unused; the target is adjacent and no larger."""
    u = need_actor(state, "shove", name)
    need_action_left(state, "shove", u)
    return u, require_shove_target(state, u, target, at)


def require_shove_target(state: EncounterState, u: UnitState, target: Any, at: Cell | None) -> UnitState:
    t = need_target(state, "shove", u, target)
    # Size first: it holds from every hex, so it is the reason that matters (found on giants_lair: Sigrun
    # pointing at the Cave Troll read "not adjacent", as if a step would let her shove it).
    if t.radius > u.radius:
        raise IllegalActionError(f'shove: "{t.name}" ({t.spec.size.label}) is larger than "{u.name}" '
                                 f'({u.spec.size.label}): only a combatant as large may shove it (R22)')
    if max(0, state.layout.distance(u.cell if at is None else at, t.cell) - u.radius - t.radius) != 1:
        raise IllegalActionError(f'shove: "{t.name}" is not adjacent to "{u.name}" (R22)')
    return t


def require_shoot(
    state: EncounterState, name: Any, target: Any, at: Cell | None = None
) -> tuple[UnitState, UnitState, ShotTerms]:
    """R29-R30: the actor's action is unused, it has a ranged profile, and a hostile target in range is in sight."""
    u = need_actor(state, "shoot", name)
    need_action_left(state, "shoot", u)
    t, terms = require_shoot_target(state, u, target, at)
    return u, t, terms


def need_ranged(kind: str, u: UnitState) -> RangedProfile:
    if u.spec.ranged is None:
        raise IllegalActionError(f'{kind}: "{u.name}" has no ranged profile (R29)')
    return u.spec.ranged


def require_shoot_target(state: EncounterState, u: UnitState, target: Any,
                         at: Cell | None) -> tuple[UnitState, ShotTerms]:
    profile = need_ranged("shoot", u)
    t = need_target(state, "shoot", u, target)
    if not state.hostility.hostile(u.faction, t.faction):
        raise IllegalActionError(f'shoot: "{t.name}" ({t.faction}) is not hostile to "{u.name}" ({u.faction})')
    at = u.cell if at is None else at
    dist = max(0, state.layout.distance(at, t.cell) - u.radius - t.radius)
    lo, hi = profile.min_range, profile.max_range
    if not lo <= dist <= hi:
        raise IllegalActionError(
            f'shoot: "{t.name}" is out of range: distance {dist}, "{u.name}" shoots at {band(lo, hi)} (R29)'
        )
    terms = shot_terms(state, u, at, t)
    if not terms.fire.sees:
        blocked = show_cells(terms.fire.blocked_by)
        if _seen_at_all(state, u, at, t):
            # A large target whose nearest hex is in range but hidden, and seen only where it is beyond range:
            # "cannot see" would be false (a shot needs one pair of hexes both in range and in sight, RULES.md).
            raise IllegalActionError(
                f'shoot: "{u.name}" sees "{t.name}" only where it is out of range ("{u.name}" shoots at '
                f"{band(lo, hi)}): the hexes of it in range are hidden, blocked by {blocked} (R29, R30)"
            )
        raise IllegalActionError(f'shoot: "{u.name}" cannot see "{t.name}": blocked by {blocked} (R30)')
    return t, terms


def _seen_at_all(state: EncounterState, u: UnitState, at: Cell, t: UnitState) -> bool:
    """Whether some hex of the shooter (standing on ``at``) sees some hex of the target, at any distance (R30).
    Asked only to word a refusal: a handful of sight lines."""
    mine = footprint(state.board, at, u.radius)
    theirs = footprint(state.board, t.cell, t.radius)
    return any(sees(state.board, a, b) for a in mine for b in theirs)


def require_cast(state: EncounterState, name: Any, at: Any) -> tuple[UnitState, Cell]:
    """R32: the actor's action is unused, it has uses left, and ``at`` is in its range and sight."""
    u = need_actor(state, "cast", name)
    need_action_left(state, "cast", u)
    return u, require_cast_centre(state, u, at)


def need_area(kind: str, u: UnitState) -> AreaAbility:
    if u.spec.area is None:
        raise IllegalActionError(f'{kind}: "{u.name}" has no area ability (R32)')
    return u.spec.area


def require_cast_centre(state: EncounterState, u: UnitState, at: Any, origin: Cell | None = None) -> Cell:
    """R32 without the turn (R16): uses left, ``at`` on the map, within the area range of ``u``'s footprint and
    seen by a hex of it, the footprint standing on ``origin`` (where ``u`` stands if None)."""
    area = need_area("cast", u)
    here = u.cell if origin is None else need_cell(state, "cast", origin, "origin")
    if u.area_uses_left <= 0:
        raise IllegalActionError(f'cast: "{u.name}" has no uses of their area ability left (R32)')
    cell = need_cell(state, "cast", at, "at")
    if not state.board.is_on_map(cell):
        raise IllegalActionError(f"cast: {show(cell)} is off the map")
    dist = max(0, state.layout.distance(here, cell) - u.radius)
    if dist > area.range:
        raise IllegalActionError(f'cast: {show(cell)} is {dist} hexes from "{u.name}", beyond their area range '
                                 f"{area.range} (R32)")
    if not any(sees(state.board, h, cell) for h in footprint(state.board, here, u.radius)):
        raise IllegalActionError(f'cast: "{u.name}" cannot see {show(cell)} (R30, R32)')
    return cell


ACTION_KINDS = ("attack", "shove", "shoot", "cast", "disengage", "flee")  # the actions that use the one action (R16)


def require_action_left(state: EncounterState, kind: str, name: Any) -> UnitState:
    """R16: it is ``name``'s turn and its one action is unused: what every action of ``kind`` checks first."""
    if kind not in ACTION_KINDS:
        raise RulesError(f"{kind!r} is not an action that uses the turn's action ({', '.join(ACTION_KINDS)})")
    u = need_actor(state, kind, name)
    need_action_left(state, kind, u)
    return u


def require_disengage(state: EncounterState, name: Any) -> tuple[UnitState, list[UnitState]]:
    """R23: the actor's action is unused and it stands in threatened space; returns the threateners."""
    u = need_actor(state, "disengage", name)
    need_action_left(state, "disengage", u)
    threateners = state.threateners(u)
    if not threateners:
        raise IllegalActionError(f'disengage: "{u.name}" is not in threatened space (R23)')
    return u, threateners


def require_flee(state: EncounterState, name: Any) -> UnitState:
    """R24: the actor's action is unused and a footprint hex is on an exit."""
    u = need_actor(state, "flee", name)
    need_action_left(state, "flee", u)
    if not state.on_exit(u):
        raise IllegalActionError(f'flee: "{u.name}" is not on an exit hex (R24)')
    return u


def require_push(state: EncounterState, name: Any, direction: Any, distance: Any) -> tuple[UnitState, int, int]:
    """The GM's push (R12): in combat, of a combatant on the board, in a side direction, a whole distance of at
    least 1. Where it lands is not a condition: a push stops short (R12), even before its first hex."""
    need_phase(state, "push", ACTIVE)
    u = need_unit(state, "push", name)
    return u, need_dir(state, "push", direction), need_whole("push", "distance", distance, 1)


def require_end_turn(state: EncounterState) -> None:
    need_phase(state, "end_turn", ACTIVE)


def reason(check: Any, *args: Any) -> str | None:
    """Run a ``require_*`` and return its refusal, or None when the action is allowed."""
    try:
        check(*args)
    except IllegalActionError as exc:
        return str(exc)
    return None
