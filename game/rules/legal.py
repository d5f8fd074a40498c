"""What the current actor may do now: the list the UI offers and the AI chooses from.

It mirrors the handlers in resolve.py: every action listed here is one they
accept, so a click, an AI choice and a log line all meet the same checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Attack, Begin, Disengage, EndTurn, Face, Flee, Move, Shove
from .phases import ACTIVE, SETUP

if TYPE_CHECKING:
    from .encounter import Encounter


def legal_actions(enc: Encounter) -> list[Action]:
    """Actions open to the current actor (plus ``begin`` in setup).

    Moves to every legal end hex (by cheapest path, no explicit path),
    turns to each other direction, and, while its action is unused,
    attacks on every hostile in its band, shoves on every adjacent
    combatant no larger than it, one ``disengage`` (method ``feint``) per
    skill it has plus skill ``none`` when it stands in threatened space,
    and ``flee`` on an exit hex; always ``end_turn``. GM actions (push,
    grant, join, ...) are legal at any time but are not listed.
    """
    if enc.phase == SETUP:
        return [Begin()]
    if enc.phase != ACTIVE or enc.turn is None:
        return []
    u = enc.units[enc.turn]
    out: list[Action] = []
    res = enc.reach_for(u.name)
    out.extend(Move(u.name, cell) for cell, _cost, _stops in res.destinations())
    names = enc.layout.direction_names
    out.extend(Face(u.name, names[d]) for d in range(6) if d != u.facing)
    if not enc.acted:
        for t in enc.units.values():
            if not t.active or t.name == u.name:
                continue
            dist = enc.distance(u.name, t.name)
            if enc.hostile(u.name, t.name) and u.spec.reach_min <= dist <= u.spec.reach:
                out.append(Attack(u.name, t.name))
            if dist == 1 and t.radius <= u.radius:
                out.append(Shove(u.name, t.name))
        if enc._threateners_of(u):
            skills = [k for k, _ in u.spec.skills]
            if "none" not in skills:
                skills.append("none")  # a missing skill counts 0 (R23)
            out.extend(Disengage(u.name, "feint", s) for s in skills)
        if enc._on_exit(u):
            out.append(Flee(u.name))
    out.append(EndTurn())
    return out
