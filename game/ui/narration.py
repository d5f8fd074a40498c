"""Narration: one phrasing for everything the engine reports and every action a player or the AI takes.

The status line, the combat log, the replay viewer and the AI's explanations
all word events and actions here, so a shot reads the same wherever it is
told. Dispatch is on the event's (or action's) type with
:func:`functools.singledispatch`: a new event type without a phrasing is
simply not told (``event_line`` returns None), never mis-told by a string
match on a class name.

Pure Python: it imports the engine's public types and nothing that draws, so
the CLI (or any other client) can use it without pygame. Who won, in words, is
:mod:`game.ui.outcome_words`; whose side a line is seen from (its colour),
:mod:`game.ui.log_sides`; both are importable from here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import singledispatch

from game.rules import (
    Action,
    Applied,
    AreaCast,
    AreaHit,
    Attack,
    Attacked,
    Begin,
    Cast,
    CombatBegan,
    CombatEnded,
    Defeated,
    Disengage,
    Disengaged,
    Edit,
    Edited,
    EncounterView,
    EndCombat,
    EndTurn,
    Face,
    Fled,
    Flee,
    GrantMovement,
    HpSet,
    Join,
    Joined,
    Move,
    Moved,
    MovementGranted,
    Place,
    Placed,
    Push,
    Pushed,
    Remove,
    Removed,
    RoundStarted,
    SetHp,
    SetThreatening,
    Shoot,
    Shot,
    Shove,
    Shoved,
    ThreateningSet,
    Turned,
    TurnStarted,
    joined,  # the engine's own way of listing names: the log and its refusals read alike
)

from .log_sides import FOE as FOE  # narration's names, importable from here as before
from .log_sides import OTHER as OTHER
from .log_sides import OURS as OURS
from .log_sides import PARTY as PARTY
from .log_sides import Sides as Sides
from .log_sides import party_side as party_side
from .log_sides import seen_from as seen_from
from .outcome_words import AtWar as AtWar
from .outcome_words import at_war_from as at_war_from
from .outcome_words import gm_sides as gm_sides
from .outcome_words import in_faction_order as in_faction_order
from .outcome_words import over_words as over_words
from .outcome_words import sharing as sharing
from .outcome_words import who_won as who_won
from .outcome_words import winning_sides as winning_sides

Entry = tuple[str, str]  # (text, colour role: text, muted, good, bad, warn, accent)
Bonus = Callable[[str, "str | None"], "int | None"]  # (roller, skill or @ranged / @area) -> its bonus, or None


def cell_words(c: Sequence[int]) -> str:
    return f"{c[0]},{c[1]}"


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


# --- events ----------------------------------------------------------------------------------
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
    return f"{ev.unit} turns to face {ev.facing}", "muted"


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
    text = f"{ev.unit} is pushed to {cell_words(ev.path[-1])}" if len(ev.path) > 1 else f"{ev.unit} cannot be pushed"
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


REMOVED_AS = {"defeated": "as defeated", "fled": "as fled"}


@event_line.register
def _(ev: Removed, bonus: Bonus | None = None) -> Entry:
    return f"GM takes {ev.unit} off the map, counted {REMOVED_AS.get(ev.as_, ev.as_)}", "warn"


@event_line.register
def _(ev: MovementGranted, bonus: Bonus | None = None) -> Entry:
    return f"GM grants {ev.unit} {ev.amount} more movement", "muted"


@event_line.register
def _(ev: ThreateningSet, bonus: Bonus | None = None) -> Entry:
    return f"GM: {ev.unit} {'now threatens' if ev.value else 'no longer threatens'} the hexes around it", "muted"


@event_line.register
def _(ev: HpSet, bonus: Bonus | None = None) -> Entry:
    how = f"{-ev.change} damage" if ev.change < 0 else f"heals {ev.change}" if ev.change > 0 else "no change"
    return f"GM sets {ev.unit} to {ev.hp} hp ({how})", "warn" if ev.change < 0 else "muted"


def _changes(changes: tuple[tuple[str, object], ...]) -> str:
    return ", ".join(f"{key} {'back to the default' if v is None else v}" for key, v in changes)


@event_line.register
def _(ev: Edited, bonus: Bonus | None = None) -> Entry:
    return f"GM edits {ev.unit}: {_changes(ev.changes)}", "muted"


def zone_of(names: Sequence[str]) -> str:
    """ "Orc 1's zone of control", "the zone of control of Orc 1, Orc 2 and Orc 3": the one wording of a zone of
    control wherever the window names it (the combat log, the attack preview). "A, B, C's zone" read as one name
    (found on giants_lair); the preview's "the zones of control of A, B and C" beside the log's singular read as
    two things (playtest). Singular, as the engine's refusals say it: the hexes they threaten together."""
    if len(names) == 1:
        return f"{names[0]}'s zone of control"
    return f"the zone of control of {joined(names)}"


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
    # R13's "no hostile pair remains" is the engine's wording (the log keeps it); a player reads why it ended.
    # "On the board", not "standing": a side whose last combatant fled lost too (found on the Black Gull: "no
    # foe left standing" when the last of the party had fled read as if he had fallen).
    why = "no foe left on the board" if ev.winners else "no two hostile sides are left"
    return f"Combat over: {who} ({why}){also}", "accent"


def waited_line(name: str) -> Entry:
    """A turn that ended with nothing done: said, so the log does not read as having missed something."""
    return f"{name} waits (no move, no action)", "muted"


def event_lines(events: Iterable[object], bonus: Bonus | None = None,
                party: Sides | None = None, action: object = None,
                at_war: AtWar | None = None) -> list[Entry]:
    """The events' lines; with ``party`` (whose side is each combatant on, :func:`party_side`) coloured from
    the side at the controls (:func:`seen_from`; the combat log and the replay colour alike). ``action``: what
    caused them; a GM's push reads as the GM's, in the GM's colour, as every other GM correction does (the
    event alone says only "is pushed").
    ``at_war``: which sides are hostile to anyone, so the end of combat tells a neutral that stood aside from
    the side that won (:func:`who_won`)."""
    out: list[Entry] = []
    for ev in events:
        entry = ended_line(ev, at_war) if isinstance(ev, CombatEnded) else event_line(ev, bonus)
        if entry is None:
            continue
        if isinstance(action, Push) and isinstance(ev, Pushed):
            entry = ("GM: " + entry[0], "warn")
        if party is not None:
            entry = (entry[0], seen_from(ev, entry[1], party))
        out.append(entry)
    return out


def bonus_from(enc: EncounterView) -> Bonus:
    """The roller's bonus from the encounter's views: attack, the ranged or area attack (``@ranged``,
    ``@area``), or the named skill (missing = 0, R23)."""

    def bonus(unit: str, skill: str | None) -> int | None:
        try:
            v = enc.view(unit)
        except Exception:  # an unknown name only loses the sum, never the line
            return None
        if skill == "@ranged":
            return v.ranged.attack if v.ranged is not None else None
        if skill == "@area":
            return v.area.attack if v.area is not None else None
        return int(v.attack) if skill is None else int(dict(v.skills).get(skill, 0))

    return bonus


def _quiet(ev: object) -> bool:
    """Said in the status line only when nothing else happened (a bare end of turn says whose turn it is)."""
    return isinstance(ev, RoundStarted | CombatBegan) or (isinstance(ev, TurnStarted) and not ev.hazard_damage)


def routine(applied: Applied) -> bool:
    """Whether an action's events were only the quiet bookkeeping of a new turn or round ("Lysa's turn"): the
    status line then has nothing more important to say than how to play the turn."""
    return all(_quiet(ev) for ev in applied.events if event_line(ev, None) is not None)


def status_line(applied: Applied, enc: EncounterView) -> str:
    """What just happened, for the status bar: the events' lines in order, joined (never the raw action)."""
    bonus, at_war = bonus_from(enc), at_war_from(enc)
    # The end of combat as the combat log words it: without who is at war, "Combat over (ended by the GM):
    # neutral wins" stood under the summary that said the neutral stood aside.
    told = [(line[0].strip(), ev) for ev in applied.events
            if (line := ended_line(ev, at_war) if isinstance(ev, CombatEnded) else event_line(ev, bonus)) is not None]
    loud = [t for t, ev in told if not _quiet(ev)]
    return "; ".join(loud or [t for t, _ in told]) or action_line(applied.action)


# --- actions (what someone chose, before or without its events) -------------------------------
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
    return f"GM places {a.unit} at {cell_words(a.at)}" + (f" facing {a.facing}" if a.facing else "")


@action_line.register
def _(a: Move) -> str:
    return f"{a.unit} moves to {cell_words(a.to)}"


@action_line.register
def _(a: Face) -> str:
    return f"{a.unit} turns to face {a.dir}"


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
    return f"GM pushes {a.unit} {a.distance} hex{'es' if a.distance != 1 else ''} {a.dir}"


@action_line.register
def _(a: GrantMovement) -> str:
    return f"GM grants {a.unit} {a.amount} more movement"


@action_line.register
def _(a: SetThreatening) -> str:
    return f"GM: {a.unit} {'now threatens' if a.value else 'no longer threatens'} the hexes around it"


@action_line.register
def _(a: Join) -> str:
    return f"GM adds {a.name} at {cell_words(a.at)}"


@action_line.register
def _(a: Remove) -> str:
    return f"GM takes {a.unit} off the map, counted {REMOVED_AS.get(a.as_, a.as_)}"


@action_line.register
def _(a: SetHp) -> str:
    return f"GM sets {a.unit} to {a.hp} hp"


@action_line.register
def _(a: Edit) -> str:
    return f"GM edits {a.unit}: {_changes(a.set_)}"


@action_line.register
def _(a: EndCombat) -> str:
    return "GM ends combat"


def undone_line(action: Action) -> str:
    """The status after an undo: what was taken back, as a sentence."""
    return f"Undone: {action_line(action)}"


# --- refusals -----------------------------------------------------------------------------------
_QUOTED_NAME = re.compile(r'"([^"]{1,60})"')


def _split(err: BaseException | str) -> tuple[str | None, str]:
    """(the action's kind, the reason) of an engine message such as 'move: "Hero" cannot reach 7,4'.

    The engine quotes names so a log or a script can tell where "Orc 1" ends; a player reads a sentence,
    so the window drops the quotes ("Hero cannot reach 7,4")."""
    text = _QUOTED_NAME.sub(r"\1", " ".join(str(err).split()))
    kind, sep, rest = text.partition(": ")
    if sep and kind.replace("_", "").isalpha() and kind == kind.lower():
        return kind, rest
    return None, text


def reason_words(err: BaseException | str) -> str:
    """The engine's reason without its action prefix, for a line that already says what was tried."""
    return _split(err)[1]


def refusal(err: BaseException | str) -> str:
    """The engine's words for a refused action, as the status line shows them.

    The engine's message starts with the action's kind ("move: ..."); that becomes "Cannot move: ...". The
    rest is the engine's own reason, word for word (the same as its predicates give).
    """
    kind, rest = _split(err)
    return f"Cannot {kind.replace('_', ' ')}: {rest}" if kind is not None else f"Not allowed: {rest}"
