"""Events told in order: the combat log's and the replay's lines (coloured from the side at the controls),
the status line after an action, and the roller's bonus read from the encounter so a line shows the whole sum.
Each event's own phrasing is :mod:`.narration_events`."""

from __future__ import annotations

from collections.abc import Iterable

from game.rules import (
    Applied,
    CombatBegan,
    CombatEnded,
    Defeated,
    EncounterView,
    HexLayout,
    Push,
    Pushed,
    RoundStarted,
    TurnStarted,
)

from .log_sides import Sides, seen_from
from .narration_actions import action_line
from .narration_events import ended_line, event_line, push_side, pushed_line
from .narration_words import Bonus, Entry
from .outcome_words import AtWar, at_war_from


def event_lines(events: Iterable[object], bonus: Bonus | None = None,
                party: Sides | None = None, action: object = None,
                at_war: AtWar | None = None, layout: HexLayout | None = None) -> list[Entry]:
    """The events' lines; with ``party`` (whose side is each combatant on, :func:`party_side`) coloured from
    the side at the controls (:func:`seen_from`; the combat log and the replay colour alike). ``action``: what
    caused them; a GM's push reads as the GM's, in the GM's colour, as every other GM correction does (the
    event alone says only "is pushed").
    ``at_war``: which sides are hostile to anyone, so the end of combat tells a neutral that stood aside from
    the side that won (:func:`who_won`). ``layout``: the map's, so a push names the side it went (R2)."""
    out: list[Entry] = []
    for ev in events:
        entry = ended_line(ev, at_war) if isinstance(ev, CombatEnded) else event_line(ev, bonus)
        if isinstance(ev, Pushed) and layout is not None:
            entry = pushed_line(ev, push_side(layout, ev.path))
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
    told: list[tuple[str, object]] = []
    for ev in applied.events:
        if (line := _said(ev, bonus, at_war, enc.layout)) is None:
            continue
        if _fell_there(ev, told):
            # One clause: "Goblin 3 is pushed south to 11,5 and falls: defeated", where the line named the unit
            # and the fall twice ("...and falls; Goblin 3 is defeated by the fall", found on giants_lair).
            told[-1] = (told[-1][0] + ": defeated", told[-1][1])
            continue
        told.append((line[0].strip(), ev))
    loud = [t for t, ev in told if not _quiet(ev)]
    return "; ".join(loud or [t for t, _ in told]) or action_line(applied.action)


def _fell_there(ev: object, told: list[tuple[str, object]]) -> bool:
    """Whether ``ev`` is the defeat the push just told already brought (a fall, or the hazard it landed on, R12)."""
    last = told[-1][1] if told else None
    return (isinstance(ev, Defeated) and ev.cause in ("fall", "hazard") and isinstance(last, Pushed)
            and last.unit == ev.unit)


def _said(ev: object, bonus: Bonus, at_war: AtWar, layout: HexLayout) -> Entry | None:
    """One event's line for the status bar, a push with its side as the log says it."""
    if isinstance(ev, CombatEnded):
        return ended_line(ev, at_war)
    if isinstance(ev, Pushed):
        return pushed_line(ev, push_side(layout, ev.path))
    return event_line(ev, bonus)
