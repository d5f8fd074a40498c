"""What the current actor may do now: the list the UI offers and the AI chooses from.

Built from the same preconditions the handlers check (preconditions.py),
so every action listed here is one they accept, and a click, an AI choice
and a log line meet the same checks.
"""

from __future__ import annotations

from .actions import Action, Attack, Begin, Cast, Disengage, EndTurn, Face, Flee, Move, Shoot, Shove
from .area import cast_centres
from .phases import ACTIVE, SETUP
from .preconditions import reason, require_attack_target, require_shoot_target, require_shove_target
from .state import EncounterState
from .unit_state import UnitState


def legal_actions(state: EncounterState) -> list[Action]:
    """Actions open to the current actor (plus ``begin`` in setup).

    Moves to every legal end hex (by cheapest path, no explicit path),
    turns to each other direction, and, while its action is unused,
    attacks on every hostile in its band, shoves on every adjacent
    combatant no larger than it, shots at every hostile in range and sight
    (R29), casts on every hex its area may be centred on while it has uses
    left (R32), one ``disengage`` (method ``feint``) per
    skill it has plus skill ``none`` when it stands in threatened space,
    and ``flee`` on an exit hex; always ``end_turn``. GM actions (push,
    grant, join, ...) are legal at any time but are not listed.
    """
    if state.phase == SETUP:
        return [Begin()]
    if state.phase != ACTIVE or state.turn is None:
        return []
    u = state.units[state.turn]
    out: list[Action] = []
    res = state.reach_for(u.name)
    out.extend(Move(u.name, cell) for cell, _cost, _stops in res.destinations())
    names = state.layout.direction_names
    out.extend(Face(u.name, names[d]) for d in range(6) if d != u.facing)
    if not state.acted:
        out.extend(_strikes(state, u))
        out.extend(_own_actions(state, u))
    out.append(EndTurn())
    return out


def _strikes(state: EncounterState, u: UnitState) -> list[Action]:
    """The actor's action against each other active combatant: an attack where its band reaches, a shove where
    it may push, a shot where it has a ranged attack, range and sight (R29)."""
    out: list[Action] = []
    for t in state.units.values():
        if not t.active or t.name == u.name:
            continue
        if reason(require_attack_target, state, u, t.name, None) is None:
            out.append(Attack(u.name, t.name))
        if reason(require_shove_target, state, u, t.name, None) is None:
            out.append(Shove(u.name, t.name))
        if u.spec.ranged is not None and reason(require_shoot_target, state, u, t.name, None) is None:
            out.append(Shoot(u.name, t.name))
    return out


def _own_actions(state: EncounterState, u: UnitState) -> list[Action]:
    """The actor's actions that need no target combatant: a burst on each centre while uses last (R32), a
    disengage per skill while threatened (R23), a flight from an exit hex."""
    out: list[Action] = []
    if u.area_uses_left > 0:
        out.extend(Cast(u.name, cell) for cell in cast_centres(state, u))
    if state.threateners(u):
        skills = [k for k, _ in u.spec.skills]
        if "none" not in skills:
            skills.append("none")  # a missing skill counts 0 (R23)
        out.extend(Disengage(u.name, "feint", s) for s in skills)
    if state.on_exit(u):
        out.append(Flee(u.name))
    return out
