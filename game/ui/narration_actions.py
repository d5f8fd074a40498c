"""Each action as a sentence, before or without its events: the AI's plan, the replay's current step, what
an undo took back. Dispatch is on the action's type, as the events' lines (:mod:`.narration_events`)."""

from __future__ import annotations

from functools import singledispatch

from game.rules import (
    Action,
    Attack,
    Begin,
    Cast,
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
    side_words,
)

from .narration_words import cell_words, changes_words, granted_words, removed_words, threatening_words


def _rolled(roll: int | None, damage: int | None = None) -> str:
    parts = [f"d20 {roll}" if roll is not None else "", f"damage {damage}" if damage is not None else ""]
    inner = ", ".join(p for p in parts if p)
    return f" ({inner})" if inner else ""


@singledispatch
def action_line(action: Action) -> str:
    """One action as a sentence: the AI's plan, the replay's current step, what an undo took back."""
    return action.KIND.replace("_", " ")


@action_line.register
def _(a: Begin) -> str:
    return "Combat begins"


@action_line.register
def _(a: Place) -> str:
    return f"GM places {a.unit} at {cell_words(a.at)}" + (f" facing {side_words(a.facing)}" if a.facing else "")


@action_line.register
def _(a: Move) -> str:
    return f"{a.unit} moves to {cell_words(a.to)}"


@action_line.register
def _(a: Face) -> str:
    return f"{a.unit} turns to face {side_words(a.dir)}"


@action_line.register
def _(a: Attack) -> str:
    return f"{a.unit} attacks {a.target}{_rolled(a.roll, a.damage)}"


@action_line.register
def _(a: Shove) -> str:
    return f"{a.unit} shoves {a.target}{_rolled(a.roll)}"


@action_line.register
def _(a: Shoot) -> str:
    return f"{a.unit} shoots {a.target}{_rolled(a.roll, a.damage)}"


@action_line.register
def _(a: Cast) -> str:
    return f"{a.unit} casts at {cell_words(a.at)}"


@action_line.register
def _(a: Disengage) -> str:
    return f"{a.unit} disengages ({a.method} with {a.skill}){_rolled(a.roll)}"


@action_line.register
def _(a: Flee) -> str:
    return f"{a.unit} flees"


@action_line.register
def _(a: EndTurn) -> str:
    return "End of turn"


@action_line.register
def _(a: Push) -> str:
    return f"GM pushes {a.unit} {a.distance} hex{'es' if a.distance != 1 else ''} {side_words(a.dir)}"


@action_line.register
def _(a: GrantMovement) -> str:
    return granted_words(a.unit, a.amount)


@action_line.register
def _(a: SetThreatening) -> str:
    return threatening_words(a.unit, a.value)


@action_line.register
def _(a: Join) -> str:
    # The combat log's words for the same join (narration_events): undo said "GM adds Ogre at 4,4" of the line the
    # log showed as "Ogre joins at 4,4".
    return f"{a.name} joins at {cell_words(a.at)}"


@action_line.register
def _(a: Remove) -> str:
    return removed_words(a.unit, a.as_)


@action_line.register
def _(a: SetHp) -> str:
    return f"GM sets {a.unit} to {max(a.hp, 0)} hp"  # 0 at the lowest, as the window shows hit points (R21)


@action_line.register
def _(a: Edit) -> str:
    return f"GM edits {a.unit}: {changes_words(a.set_)}"


@action_line.register
def _(a: EndCombat) -> str:
    return "GM ends combat"


def undone_line(action: Action) -> str:
    """The status after an undo: what was taken back, as a sentence."""
    return f"Undone: {action_line(action)}"
