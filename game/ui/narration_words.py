"""The small phrases the narration's event lines and action lines share: a hex, a zone of control, a GM's
edits, what a removal counts as; and the two shapes the narration passes around (a line, a roller's bonus).

Kept apart so that "GM takes Orc 1 off the map, counted as fled" reads the same whether the log tells the
event or the replay names the action (:mod:`.narration_events`, :mod:`.narration_actions`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules import (
    joined,  # the engine's own way of listing names: the log and its refusals read alike
    side_words,  # "south-west", not the log's "sw" (R2)
)

Entry = tuple[str, str]  # (text, colour role: text, muted, good, bad, warn, accent)
Bonus = Callable[[str, "str | None"], "int | None"]  # (roller, skill or @ranged / @area) -> its bonus, or None

REMOVED_AS = {"defeated": "as defeated", "fled": "as fled"}  # what a removed combatant counts as, in words


def cell_words(c: Sequence[int]) -> str:
    return f"{c[0]},{c[1]}"


# Each combatant property an edit may set (rules' COMBATANT_KEYS, the map format's names), as the GM form labels
# its field and the card says it: the combat log read "GM edits Mira: hp 6, hp_max 14", the map file's words,
# beside a form that said "Hit points now" and "Hit points unhurt". One table for the form and the log.
PROPERTY_LABELS = {
    "faction": "Faction", "movement_type": "Movement type", "move": "Movement", "initiative": "Initiative",
    "threatening": "Threatening", "reach": "Reach", "reach_min": "Reach from", "size": "Size", "facing": "Facing",
    "hp": "Hit points now", "hp_max": "Hit points unhurt", "attack": "Attack",
    "defense": "Defence",  # the card's spelling; the map format keeps "defense"
    "damage": "Damage", "skills": "Skills", "ranged": "Ranged", "ranged_attack": "Ranged attack",
    "ranged_damage": "Ranged damage", "area_range": "Area range", "area_radius": "Area radius",
    "area_attack": "Area attack", "area_damage": "Area damage", "area_push": "Area push", "area_uses": "Area uses",
}


def property_label(key: str) -> str:
    """ "hit points now" for ``hp``: the form's label as a sentence says it; an unknown key as it is."""
    label = PROPERTY_LABELS.get(key)
    return label[:1].lower() + label[1:] if label else key


def changes_words(changes: tuple[tuple[str, object], ...]) -> str:
    """A GM's edits as "hit points now 12, movement back to the default" (None puts a property back to the map
    format's default). The log line keeps the map format's keys; this is what a GM reads."""
    return ", ".join(_change(key, v) for key, v in changes)


def _change(key: str, v: object) -> str:
    if key == "threatening" and v is not None:
        on = v if isinstance(v, bool) else str(v).strip().casefold() in ("true", "1")  # as the map format reads
        return "threatening" if on else "not threatening"  # "threatening False" read as code
    shown = "back to the default" if v is None else side_words(v) if key == "facing" and isinstance(v, str) else v
    return f"{property_label(key)} {shown}"


# A GM's correction reads the same as the action the replay names and as the event the log tells.
def removed_words(unit: str, as_: str) -> str:
    return f"GM takes {unit} off the map, counted {REMOVED_AS.get(as_, as_)}"


def granted_words(unit: str, amount: int) -> str:
    return f"GM grants {unit} {amount} more movement"


def threatening_words(unit: str, value: bool) -> str:
    return f"GM: {unit} {'now threatens' if value else 'no longer threatens'} the hexes around it"


def zone_of(names: Sequence[str]) -> str:
    """ "Orc 1's zone of control", "the zone of control of Orc 1, Orc 2 and Orc 3": the one wording of a zone of
    control wherever the window names it (the combat log, the attack preview). "A, B, C's zone" read as one name
    (found on giants_lair); the preview's "the zones of control of A, B and C" beside the log's singular read as
    two things (playtest). Singular, as the engine's refusals say it: the hexes they threaten together."""
    if len(names) == 1:
        return f"{names[0]}'s zone of control"
    return f"the zone of control of {joined(names)}"
