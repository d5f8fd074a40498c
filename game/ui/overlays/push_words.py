"""Where a push leaves its target, in the same words for a player's shove (R22) and the GM's push (R12).

The shove preview (``overlays.shove``) and the GM's push preview (``gm.push_preview``) both tell what a push
does before the click: where the token lands, what it suffers there (hazard damage, a fall into the chasm),
what stops it short, and whom it ends beside. One module says it, so the two previews never disagree.
"""

from __future__ import annotations

from game.rules import EncounterView, Terrain, joined

from ..narration import reason_words
from ..theme import Line

Cell = tuple[int, int]
MAX_NAMED = 3  # "beside A, B and C"; a crowd past that is counted ("and 2 more")


def beside(enc: EncounterView, unit: str, at: Cell, moved: tuple[str, Cell] | None = None) -> list[str]:
    """Who ``unit`` would stand next to with its centre on ``at`` (R1: footprints 1 hex apart, R28), in
    initiative order. ``moved``: (a combatant, the hex it would stand on first), for a shover that steps up
    before it shoves (it is beside the target's landing from there, not from where it stands now)."""
    lay = enc.layout
    me = enc.view(unit)
    out = []
    for name in enc.order():
        v = enc.view(name)
        if name == unit or not v.active:
            continue
        centre = moved[1] if moved is not None and moved[0] == name else v.cell
        # Two hex discs are as far apart as their centres, less both radii (R1 on footprints, R26).
        if lay.distance(at, centre) - me.radius - v.radius == 1:
            out.append(name)
    return out


def beside_phrase(names: list[str]) -> str:
    """ "Kell", "Kell and Sigrun", "A, B, C and 2 more"."""
    if len(names) <= MAX_NAMED:
        return joined(names)
    return f"{', '.join(names[:MAX_NAMED])} and {len(names) - MAX_NAMED} more"


def harm_words(hp: int, hazard_damage: int, falls: bool) -> str:
    """What the landing costs the pushed combatant (R12): "falls into the chasm: defeated", "3 hazard damage:
    defeated", "3 hazard damage (3 hp left)", or "" when it costs nothing."""
    if falls:
        return "falls into the chasm: defeated"
    if hazard_damage <= 0:
        return ""
    if hazard_damage >= hp:
        return f"{hazard_damage} hazard damage: defeated"
    return f"{hazard_damage} hazard damage ({hp - hazard_damage} hp left)"


def badge_words(moved: bool, hazard_damage: int, falls: bool, defeated: bool) -> str:
    """The word on a landing's badge on the map: "falls", "-3", "-3 defeated", "stays", or "" for a plain one."""
    if falls:
        return "falls"
    if not moved:
        return "stays"
    if hazard_damage:
        return f"-{hazard_damage}" + (" defeated" if defeated else "")
    return ""


def stopped_words(stopped: str | None) -> str:
    """The engine's clause for what stops a push, as the window writes it (names unquoted)."""
    return reason_words(stopped) if stopped else ""


def ground_words(enc: EncounterView, at: Cell) -> str:
    """ " (water)", " (difficult terrain)": the ground it lands on when that is not plain (found on Miller's Ford:
    an orc shoved into the river, and nothing said it would stand in water, where a walker may not step on).
    Hazards and chasms are told as harm instead."""
    kind = Terrain(int(enc.board.terrain[at[1], at[0]]))
    return f" ({kind.phrase})" if kind in (Terrain.WATER, Terrain.DIFFICULT) else ""


def landing_lines(enc: EncounterView, unit: str, lands_at: Cell, steps: int, hazard_damage: int, falls: bool,
                  *, lead: str, harm_role: str, moved: tuple[str, Cell] | None = None) -> list[Line]:
    """The landing of a push that moves ``unit`` ``steps`` hexes to ``lands_at``: ``lead`` then the hex ("On
    success Goblin 1 is pushed ne to 10,4"), what it suffers there (``harm_role``: "good" for the shover, whose
    foe it hurts; "bad" for the GM, who is told of harm), and whom it ends beside. For a push that moves no
    hex the caller says why (the engine's ``stopped``)."""
    col, row = lands_at
    harm = harm_words(enc.view(unit).hp, hazard_damage, falls)
    if falls:
        return [Line(f"{lead} into the chasm at {col},{row}: falls, defeated (R12)", harm_role, bold=True)]
    lines = [Line(f"{lead} to {col},{row}{ground_words(enc, lands_at)}" + (f": {harm}" if harm else ""),
                  harm_role if harm else "text", bold=bool(harm))]
    near = beside(enc, unit, lands_at, moved)
    if steps > 0 and near and "defeated" not in harm:
        lines.append(Line(f"{unit} ends beside {beside_phrase(near)}", "muted"))
    return lines
