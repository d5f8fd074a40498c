"""Whose side each combatant is on, seen from the controls, and an event's colour from that.

The combat log and the replay colour a line by who it is good or bad news for: a blow that lands is
red on our side, green dealt by it, plain between others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.rules import Defeated, Disengaged, EncounterView

PARTY = ("player", "ally")  # the side the window calls "you" when no faction is at a human's controls

OURS, FOE, OTHER = "ours", "foe", "other"
Sides = Callable[[str], str]  # a combatant -> OURS, FOE (hostile to ours) or OTHER (a neutral, a bystander)


def party_side(enc: EncounterView, humans: Iterable[str] = ()) -> Sides:
    """Whose side each combatant is on, seen from the controls: OURS for the ``humans``' factions (the factions
    a human plays), FOE for a faction hostile to one of them, OTHER for the rest (a neutral caught in the
    enemy's fight). With nobody at the controls (AI against AI, the replay), or people at the controls of
    sides hostile to each other, the player and ally factions are "ours", the side the game calls "you" by
    default. A name no longer known is OTHER."""
    ours = frozenset(humans)
    if not ours or any(enc.hostile_factions(f) & ours for f in ours):
        ours = frozenset(PARTY)  # nobody at the controls, or people playing both sides (hot seat)
    foes = frozenset(f for o in ours for f in enc.hostile_factions(o)) - ours

    def side(name: str) -> str:
        try:
            faction = enc.view(name).faction
        except Exception:  # a combatant removed since: its line keeps the plain colour
            return OTHER
        return OURS if faction in ours else FOE if faction in foes else OTHER

    return side


def seen_from(ev: object, role: str, side: Sides) -> str:
    """An event's colour from the side at the controls: a blow, shot, burst or shove that lands is red on our
    side, green dealt by it, plain between others (found on the ambush: a bandit's hit on a Charcoal Burner,
    neutral, read as green as the party's own); a defeat is red on our side, green of a foe of ours, plain
    else; a disengage that succeeds is green only for our side. Misses and everything else keep their colour."""
    if isinstance(ev, Defeated):
        return {OURS: "bad", FOE: "good"}.get(side(ev.unit), "text")
    if isinstance(ev, Disengaged) and role == "good":  # a foe breaking away from us is no good news
        return "good" if side(ev.unit) == OURS else "text"
    target = getattr(ev, "target", None)
    if role == "good" and isinstance(target, str):
        by = getattr(ev, "unit", None)
        return "bad" if side(target) == OURS else "good" if isinstance(by, str) and side(by) == OURS else "text"
    return role
