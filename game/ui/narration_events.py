"""Each engine event as one line of the combat log, the replay and the status line.

Dispatch is on the event's type (:func:`functools.singledispatch`): an event type without a phrasing is not
told (``event_line`` returns None), never mis-told by a string match on a class name. How a list of events
becomes the log's coloured lines or the status line is :mod:`.narration_lines`.
"""

from __future__ import annotations

from functools import singledispatch

from game.rules import (
    AreaCast,
    AreaHit,
    Attacked,
    Cell,
    CombatBegan,
    CombatEnded,
    Defeated,
    Disengaged,
    Edited,
    Fled,
    HexLayout,
    HpSet,
    Joined,
    Moved,
    MovementGranted,
    Placed,
    Pushed,
    Removed,
    RoundStarted,
    Shot,
    Shoved,
    ThreateningSet,
    Turned,
    TurnStarted,
    joined,
    side_words,
)

from .narration_refusals import reason_words
from .narration_words import (
    Bonus,
    Entry,
    cell_words,
    changes_words,
    granted_words,
    removed_words,
    threatening_words,
    zone_of,
)
from .outcome_words import AtWar, fought_nobody, gm_sides, sharing, who_won


def _vs(roll: int, needed: int, ok: bool, bonus: int | None, yes: str = "success", no: str = "failed") -> str:
    """ "rolled 14 +3 = 17 vs 8: success" (``needed`` is the total to reach, R21/R23)."""
    verdict = yes if ok else no
    if bonus is None:
        return f"rolled {roll}, needed a total of {needed}: {verdict}"
    sign = f"+{bonus}" if bonus >= 0 else f"−{-bonus}"
    return f"rolled {roll} {sign} = {roll + bonus} vs {needed}: {verdict}"


def _hit(roll: int, needed: int, hit: bool, damage: int, bonus: int | None) -> str:
    return _vs(roll, needed, hit, bonus, yes=f"hit, {damage} damage", no="miss")


def _arc(arc: str, penalty: int) -> str:
    if arc == "front" or not penalty:
        return ""
    return f" from the {'rear' if arc == 'rear' else arc + ' flank'} (defence −{penalty})"


def _bonus(bonus: Bonus | None, unit: str, skill: str | None = None) -> int | None:
    return bonus(unit, skill) if bonus is not None else None


@singledispatch
def event_line(ev: object, bonus: Bonus | None = None) -> Entry | None:
    """One event as a line (the combat log, the replay, the status line), or None for one not worth telling.

    ``bonus(unit, skill)`` gives the roller's bonus so the line can show the whole sum; events carry the d20
    face and the total it had to reach.
    """
    return None


@event_line.register
def _(ev: CombatBegan, bonus: Bonus | None = None) -> Entry:
    return "Combat begins", "accent"


@event_line.register
def _(ev: RoundStarted, bonus: Bonus | None = None) -> Entry:
    return f"Round {ev.round}", "accent"


@event_line.register
def _(ev: TurnStarted, bonus: Bonus | None = None) -> Entry:
    hz = ev.hazard_damage
    return f"{ev.unit}'s turn" + (f": takes {hz} hazard damage" if hz else ""), "warn" if hz else "muted"


@event_line.register
def _(ev: Moved, bonus: Bonus | None = None) -> Entry:
    text = f"{ev.unit} moves to {cell_words(ev.path[-1])} (cost {ev.cost})"
    if ev.stopped_by:
        # The move reached the hex asked for (the engine refuses one past a zone: R7, R9); entering the zone
        # ended its movement. "Stopped by" read as a move cut short (found playing ambush).
        text += f", into {zone_of(ev.stopped_by)}: no more movement this turn"
    return text, "text"


@event_line.register
def _(ev: Turned, bonus: Bonus | None = None) -> Entry:
    return f"{ev.unit} turns to face {side_words(ev.facing)}", "muted"


@event_line.register
def _(ev: Attacked, bonus: Bonus | None = None) -> Entry:
    who = f"{ev.unit} attacks {ev.target}{_arc(ev.arc, ev.penalty)}"
    return f"{who}: {_hit(ev.roll, ev.needed, ev.hit, ev.damage, _bonus(bonus, ev.unit))}", \
        "good" if ev.hit else "muted"


@event_line.register
def _(ev: Shoved, bonus: Bonus | None = None) -> Entry:
    who = f"{ev.unit} shoves {ev.target}{_arc(ev.arc, ev.penalty)}"
    return f"{who}: {_vs(ev.roll, ev.needed, ev.hit, _bonus(bonus, ev.unit))}", "good" if ev.hit else "muted"


@event_line.register
def _(ev: Shot, bonus: Bonus | None = None) -> Entry:
    extras = [f"cover +{ev.cover}" if ev.cover else "",
              f"shooting threatened −{ev.shooter_penalty}" if ev.shooter_penalty else ""]
    extra = "".join(f", {e}" for e in extras if e)
    who = f"{ev.unit} shoots {ev.target}{_arc(ev.arc, ev.penalty)}{extra}"
    return f"{who}: {_hit(ev.roll, ev.needed, ev.hit, ev.damage, _bonus(bonus, ev.unit, '@ranged'))}", \
        "good" if ev.hit else "muted"


@event_line.register
def _(ev: AreaCast, bonus: Bonus | None = None) -> Entry:
    caught = ", ".join(ev.affected) or "nobody"
    left = ev.uses_left
    return (f"{ev.unit} casts at {cell_words(ev.at)}, catching {caught} "
            f"({left} use{'s' if left != 1 else ''} left)"), "accent"


@event_line.register
def _(ev: AreaHit, bonus: Bonus | None = None) -> Entry:
    cover = f" (cover +{ev.cover})" if ev.cover else ""
    text = f"  the burst on {ev.target}{cover}: " \
           f"{_hit(ev.roll, ev.needed, ev.hit, ev.damage, _bonus(bonus, ev.unit, '@area'))}"
    return text, "good" if ev.hit else "muted"


@event_line.register
def _(ev: Pushed, bonus: Bonus | None = None) -> Entry:
    return pushed_line(ev)


def push_side(layout: HexLayout, path: tuple[Cell, ...]) -> str | None:
    """The side a push went, spelt out ("north-east", R2), from its first step; None when it went nowhere."""
    if len(path) < 2:
        return None
    sides = layout.direction_between(path[0], path[1])
    return side_words(layout.direction_names[sides[0]]) if sides else None


def pushed_line(ev: Pushed, side: str | None = None) -> Entry:
    """ "Goblin 1 is pushed east to 7,10": with ``side`` the way it went, as the shove preview and the GM's push
    tip named it before the click (found on giants_lair: the preview said "pushed east to 7,10", the log then
    "pushed to 7,10")."""
    way = f" {side}" if side else ""
    text = (f"{ev.unit} is pushed{way} to {cell_words(ev.path[-1])}" if len(ev.path) > 1
            else f"{ev.unit} cannot be pushed")
    if ev.stopped:
        # Why it went no further (R12): on the Black Gull "Marla cannot be pushed" said nothing of Corsair 1,
        # who stood where the Sea Witch's burst would have thrown her.
        text += f"{': ' if len(ev.path) == 1 else ', no further: '}{reason_words(ev.stopped)}"
    if ev.hazard_damage:
        text += f", takes {ev.hazard_damage} hazard damage"
    if ev.fell:
        text += " and falls"
    return text, "warn" if ev.hazard_damage or ev.fell else "text"


@event_line.register
def _(ev: Disengaged, bonus: Bonus | None = None) -> Entry:
    # A failure "tries to": "disengages (...): failed" read as a success that then failed (found on giants_lair)
    verb = "disengages" if ev.success else "tries to disengage"
    text = f"{ev.unit} {verb} ({ev.skill}): {_vs(ev.roll, ev.needed, ev.success, _bonus(bonus, ev.unit, ev.skill))}"
    if ev.success and ev.cancels:
        text += f"; free of {', '.join(ev.cancels)}"
    return text, "good" if ev.success else "muted"


DEFEAT_CAUSE = {"hazard": " by the hazard", "fall": " by the fall", "gm": " (GM)"}


@event_line.register
def _(ev: Defeated, bonus: Bonus | None = None) -> Entry:
    return f"{ev.unit} is defeated{DEFEAT_CAUSE.get(ev.cause, '')}", "bad"


@event_line.register
def _(ev: Fled, bonus: Bonus | None = None) -> Entry:
    return f"{ev.unit} flees the battle", "warn"


@event_line.register
def _(ev: Placed, bonus: Bonus | None = None) -> Entry:
    return f"GM places {ev.unit} at {cell_words(ev.at)}", "muted"


@event_line.register
def _(ev: Joined, bonus: Bonus | None = None) -> Entry:
    return f"{ev.unit} joins at {cell_words(ev.at)}", "accent"


@event_line.register
def _(ev: Removed, bonus: Bonus | None = None) -> Entry:
    return removed_words(ev.unit, ev.as_), "warn"


@event_line.register
def _(ev: MovementGranted, bonus: Bonus | None = None) -> Entry:
    return granted_words(ev.unit, ev.amount), "muted"


@event_line.register
def _(ev: ThreateningSet, bonus: Bonus | None = None) -> Entry:
    return threatening_words(ev.unit, ev.value), "muted"


@event_line.register
def _(ev: HpSet, bonus: Bonus | None = None) -> Entry:
    # Said from the hit points shown everywhere else (0 at the lowest): the engine keeps what the GM set, -3
    # after 5 damage on 2 hp, but at 0 or less the combatant is defeated and off the board (R21), so the -3
    # never counts again. "GM sets Bandit Spear to -3 hp (5 damage)" read as a rule the window never shows.
    shown = max(ev.hp, 0)
    if ev.change < 0:
        return f"GM deals {-ev.change} damage to {ev.unit} (down to {shown} hp)", "warn"
    if ev.change > 0:
        return f"GM heals {ev.unit} by {ev.change} (up to {shown} hp)", "muted"
    return f"GM sets {ev.unit} to {shown} hp (no change)", "muted"


@event_line.register
def _(ev: Edited, bonus: Bonus | None = None) -> Entry:
    return f"GM edits {ev.unit}: {changes_words(ev.changes)}", "muted"


@event_line.register
def _(ev: CombatEnded, bonus: Bonus | None = None) -> Entry:
    return ended_line(ev)


def ended_line(ev: CombatEnded, at_war: AtWar | None = None) -> Entry:
    """ "Combat over: player wins (no foe left on the board); neutral, at war with nobody, shares the win"."""
    who, also = who_won(ev.winners, at_war), sharing(ev.winners, at_war)
    also = f"; {also}" if also else ""
    if ev.reason == "gm":
        fought, by = gm_sides(ev.winners, at_war)
        if by and not fought:
            # Found ending a fight from the GM card with a neutral standing: "neutral wins" (who_won names a
            # bystander when nobody else won) read as if the bystander had won the fight the GM stopped.
            stood = f"{joined(by)}, at war with nobody, stood aside"
            return f"Combat over (ended by the GM): no side won the fight; {stood}", "accent"
        return f"Combat over (ended by the GM): {who}{also}", "accent"
    if fought_nobody(ev.reason, ev.winners, at_war):
        return "Combat over: nothing to fight (no two factions on the map are hostile to each other)", "accent"
    # R13's "no hostile pair remains" is the engine's wording (the log keeps it); a player reads why it ended.
    # "On the board", not "standing": a side whose last combatant fled lost too (found on the Black Gull: "no
    # foe left standing" when the last of the party had fled read as if he had fallen).
    why = "no foe left on the board" if ev.winners else "no two hostile sides are left"
    return f"Combat over: {who} ({why}){also}", "accent"


def waited_line(name: str) -> Entry:
    """A turn that ended with nothing done: said, so the log does not read as having missed something."""
    return f"{name} waits (no move, no action)", "muted"
