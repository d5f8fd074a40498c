"""What each kind of event adds to a game's :class:`~game.playtest.record.Tally`: one small counter per kind.

:func:`game.playtest.play._observe` walks an action's events and hands each here; the playtest report's
figures and heatmaps come from these counts. The order of the calls in each counter is the order the
figures first appear in a game's record, so keep it when adding one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rules import (
    AreaCast,
    AreaHit,
    Attacked,
    Defeated,
    Disengaged,
    EncounterView,
    Fled,
    Moved,
    Pushed,
    Shot,
    Shoved,
    TurnStarted,
)

from .record import HEAT_DEFEATED, HEAT_FLANK, HEAT_FLED, HEAT_REAR, HEAT_ZOC, Tally


def count_event(ev: object, enc: EncounterView, tally: Tally) -> None:
    """Count ``ev`` (any event but :class:`Pushed`, whose credit needs the shover: :func:`count_push`)."""
    counter = _COUNTERS.get(type(ev))
    if counter is not None:
        counter(ev, enc, tally)


def count_push(ev: Pushed, enc: EncounterView, tally: Tally, shover: str | None) -> None:
    """A push's hazard damage goes to the shover or caster that pushed it, unless it pushed a friend."""
    credit = shover if shover is not None and enc.hostile(shover, ev.unit) else None  # not friendly fire
    tally.damage(credit, ev.unit, ev.hazard_damage)
    if ev.fell:
        tally.count("falls")


def _moved(ev: Moved, enc: EncounterView, tally: Tally) -> None:
    if ev.stopped_by:  # R9: a zone of control ended the move where it stopped
        tally.count("zoc_stops")
        tally.mark(HEAT_ZOC, [ev.path[-1]])


def _attacked(ev: Attacked, enc: EncounterView, tally: Tally) -> None:
    tally.count("attacks")
    tally.struck.add(enc.view(ev.unit).faction)
    if ev.hit:
        tally.count("hits")
        tally.damage(ev.unit, ev.target, ev.damage or 0)
    if ev.arc in ("left", "right", "rear"):  # where the attacker stood for a blow on a flank or the rear
        layer, key = (HEAT_REAR, "rear_attacks") if ev.arc == "rear" else (HEAT_FLANK, "flank_attacks")
        tally.count(key)
        tally.mark(layer, [enc.view(ev.unit).cell])


def _shoved(ev: Shoved, enc: EncounterView, tally: Tally) -> None:
    tally.count("shoves")
    tally.struck.add(enc.view(ev.unit).faction)
    if ev.hit:
        tally.count("shove_hits")


def _shot(ev: Shot, enc: EncounterView, tally: Tally) -> None:
    tally.count("shots")
    tally.struck.add(enc.view(ev.unit).faction)
    tally.count("cover", int(ev.cover > 0))
    if ev.hit:
        tally.count("shot_hits")
        tally.damage(ev.unit, ev.target, ev.damage)


def _area_cast(ev: AreaCast, enc: EncounterView, tally: Tally) -> None:
    tally.count("casts")
    tally.struck.add(enc.view(ev.unit).faction)


def _area_hit(ev: AreaHit, enc: EncounterView, tally: Tally) -> None:
    tally.count("area_rolls")
    tally.count("cover", int(ev.cover > 0))
    if ev.hit:
        tally.count("area_hits")
        friendly = ev.target == ev.unit or not enc.hostile(ev.unit, ev.target)
        tally.count("friendly_fire", int(friendly))
        tally.damage(None if friendly else ev.unit, ev.target, ev.damage)


def _turn_started(ev: TurnStarted, enc: EncounterView, tally: Tally) -> None:
    tally.damage(None, ev.unit, ev.hazard_damage)  # R25: a hazard it starts its turn on burns it
    tally.count("sight_blocks", int(sight_blocked(enc, ev.unit)))


def _disengaged(ev: Disengaged, enc: EncounterView, tally: Tally) -> None:
    tally.count("disengages")


def _fled(ev: Fled, enc: EncounterView, tally: Tally) -> None:
    tally.count("flees")
    cell = enc.view(ev.unit).cell  # where it stood when it left
    tally.fled.append(ev.unit)
    tally.fled_from.append((int(cell[0]), int(cell[1])))
    tally.mark(HEAT_FLED, [cell])


def _defeated(ev: Defeated, enc: EncounterView, tally: Tally) -> None:
    tally.count("defeats")
    tally.mark(HEAT_DEFEATED, [enc.view(ev.unit).cell])


# Events are plain Event subclasses with none of their own, so the exact type finds the counter.
_COUNTERS: dict[type, Callable[[Any, EncounterView, Tally], None]] = {
    Moved: _moved,
    Attacked: _attacked,
    Shoved: _shoved,
    Shot: _shot,
    AreaCast: _area_cast,
    AreaHit: _area_hit,
    TurnStarted: _turn_started,
    Disengaged: _disengaged,
    Fled: _fled,
    Defeated: _defeated,
}


def sight_blocked(enc: EncounterView, name: str) -> bool:
    """Whether ``name`` begins its turn with a ranged profile and a hostile in range (R29) it cannot see (R30).

    Counted where it stands when the turn begins: it may still step into sight before it acts.
    """
    me = enc.view(name)
    if not me.active or me.ranged is None:
        return False
    lo, hi = me.ranged.min_range, me.ranged.max_range
    return any(v.active and enc.hostile(name, v.name) and lo <= enc.distance(name, v.name) <= hi
               and not enc.sees(name, v.name) for v in enc.views())
