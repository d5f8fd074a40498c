"""How each combatant fared in a battle, counted from the engine's events (never re-derived from the rules).

:func:`battle_stats` reads the ``Applied`` records of a whole battle (what each
action was recorded as, and the events it caused) and counts per combatant:

- damage dealt and taken: hit points actually lost (a 9-point hit on a 2-hp
  goblin deals 2). Hits, shots and bursts are the attacker's; hazard damage of
  a push is the shover's or the caster's whose burst pushed it (R12, R22,
  R33); a hazard at the start of a turn (R25) and the GM's ``set_hp`` are
  nobody's, but still taken;
- defeats: the combatants it defeated (the last blow, or the push into a
  chasm or onto a hazard);
- flank and rear attacks: its attacks and shots from the target's left or
  right arc, and from the rear (R17-R19);
- shoves (and how many pushed), shots, casts;
- zone-of-control stops: how often its zone stopped a hostile's move (R9),
  and how often its own moves were stopped;
- how it ended: on the board, or defeated or fled and in which round.

Pure Python: no pygame, so tests and tools use it headless.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules import (
    Action,
    Applied,
    AreaCast,
    AreaHit,
    Attacked,
    Defeated,
    Fled,
    HpSet,
    Moved,
    Push,
    Pushed,
    Removed,
    RoundStarted,
    Shot,
    Shoved,
    Terrain,
    TurnStarted,
    replay,
)


@dataclass
class CombatantStats:
    name: str
    faction: str
    hp_start: int
    dealt: int = 0
    taken: int = 0
    defeats: list[str] = field(default_factory=list)  # whom it defeated, in order
    flank: int = 0
    rear: int = 0
    attacks: int = 0
    hits: int = 0
    shoves: int = 0
    shove_hits: int = 0
    shots: int = 0
    casts: int = 0
    can_shoot: bool = False  # has a ranged profile (R29): the summary shows Shots only if someone on the map has
    can_cast: bool = False  # has an area ability (R32): ... Casts only if someone has
    zoc_made: int = 0  # hostile moves its zone of control stopped (R9)
    zoc_suffered: int = 0  # its own moves stopped by a zone of control
    fate: str = "active"  # active, defeated, fled
    fate_round: int = 0
    fate_by: str | None = None  # who defeated it
    by_gm: bool = False  # the GM set it to 0 hp or removed it (no combatant's doing)
    # What defeated it, as the engine's Defeated says: "attack", "shot", "cast", "hazard", "fall" or "gm"; and
    # for a fall or a hazard, what put it there: "shove" or "burst" (by fate_by), "gm" (the GM's push, R12), or
    # None (it stood there at the start of its turn, R25). A fall read "defeated in round 1", no cause at all.
    fate_cause: str = ""
    fate_push: str | None = None
    fate_ground: str | None = None  # the map's name for the tile it fell or burned on ("chasm", "fire")


def battle_stats(scenario: Any, actions: Sequence[Action]) -> dict[str, CombatantStats]:
    """Every combatant's figures (joiners too, after the map's own), replaying ``actions`` through the engine
    and counting the events each one caused."""
    enc = replay(scenario, [])
    stats = {v.name: _new(v) for v in enc.views()}
    rnd = 0
    for action in actions:
        hp = {v.name: v.hp for v in enc.views()}  # before the action: damage is counted down to 0 only
        applied = enc.apply(action)
        for v in enc.views():
            if v.name not in stats:  # joined (R15)
                stats[v.name] = _new(v)
                hp[v.name] = v.hp
            elif enc.phase == "setup":  # the GM's edits before the battle change who it is
                st = stats[v.name]
                st.faction, st.hp_start = v.faction, v.hp_max
                st.can_shoot, st.can_cast = v.ranged is not None, v.area is not None
        rnd = _count(applied, stats, hp, rnd)
        for st in stats.values():  # where it fell or burned, named as the map names the tile
            if st.fate_cause in ("fall", "hazard") and st.fate_ground is None:
                st.fate_ground = _ground(enc, st.name, Terrain.CHASM if st.fate_cause == "fall" else Terrain.HAZARD)
    return stats


def _ground(enc: Any, name: str, kind: Terrain) -> str:
    """The map's name for a ``kind`` tile under ``name`` (its centre first, then the rest of a large one's
    footprint: Grundvald's centre lay on dirt beside the fire that burned him); "" when none is named."""
    v = enc.view(name)
    for cell in enc.layout.disc(v.cell, v.radius):
        if enc.board.is_on_map(cell) and enc.board.terrain_at(cell) == kind and (said := enc.board.tile_name(cell)):
            return said
    return ""


def _new(v: Any) -> CombatantStats:  # a CombatantView
    return CombatantStats(v.name, v.faction, v.hp_max, can_shoot=v.ranged is not None, can_cast=v.area is not None)


def _count(applied: Applied, stats: dict[str, CombatantStats], hp: dict[str, int], rnd: int) -> int:
    """Count one action's events; returns the round it leaves the battle in."""
    # A GM's push has no pusher among the combatants (R12).
    counting = _ActionCount(stats, hp, rnd, how="gm" if isinstance(applied.action, Push) else None)
    for ev in applied.events:
        handler = _HANDLERS.get(type(ev))
        if handler is not None:
            handler(counting, ev)
    return counting.rnd


@dataclass
class _ActionCount:
    """One action's events being counted into ``stats``, with what carries from one event to the next: the
    round, who pushes the next Pushed combatant and how, and who dealt each combatant's last blow."""

    stats: dict[str, CombatantStats]
    hp: dict[str, int]
    rnd: int
    how: str | None  # how the push that moves the next Pushed combatant came: "shove", "burst", "gm"
    pusher: str | None = None  # whose shove or burst moves the next Pushed combatant
    last_blow: dict[str, str | None] = field(default_factory=dict)
    pushed: dict[str, str | None] = field(default_factory=dict)  # how the push that last hurt it came

    def round_started(self, ev: RoundStarted) -> None:
        self.rnd = ev.round

    def turn_started(self, ev: TurnStarted) -> None:
        self.rnd = ev.round
        _lose(self.stats, self.hp, None, ev.unit, ev.hazard_damage, self.last_blow)  # R25: nobody's doing

    def moved(self, ev: Moved) -> None:
        if ev.stopped_by:  # R9: the mover's zone-of-control stop, made by each hostile named
            self.stats[ev.unit].zoc_suffered += 1
            for who in ev.stopped_by:
                self.stats[who].zoc_made += 1

    def blow(self, ev: Attacked | Shot) -> None:
        me = self.stats[ev.unit]
        me.attacks += isinstance(ev, Attacked)
        me.shots += isinstance(ev, Shot)
        me.hits += ev.hit
        me.flank += ev.arc in ("left", "right")
        me.rear += ev.arc == "rear"
        if ev.hit:
            _lose(self.stats, self.hp, ev.unit, ev.target, ev.damage, self.last_blow)

    def shoved(self, ev: Shoved) -> None:
        self.stats[ev.unit].shoves += 1
        self.stats[ev.unit].shove_hits += ev.hit
        self.pusher, self.how = ev.unit, "shove"

    def area_cast(self, ev: AreaCast) -> None:
        self.stats[ev.unit].casts += 1
        self.pusher, self.how = ev.unit, "burst"

    def area_hit(self, ev: AreaHit) -> None:
        if ev.hit:
            _lose(self.stats, self.hp, ev.unit, ev.target, ev.damage, self.last_blow)

    def pushed_by(self, ev: Pushed) -> None:
        self.last_blow[ev.unit] = self.pusher  # a fall is the pusher's doing too (R12)
        _lose(self.stats, self.hp, self.pusher, ev.unit, ev.hazard_damage, self.last_blow)
        self.pushed[ev.unit] = self.how

    def hp_set(self, ev: HpSet) -> None:
        """The GM's set_hp: a loss is taken (down to 0 only), nobody's blow."""
        if ev.change < 0:
            self.stats[ev.unit].taken += min(-ev.change, max(0, self.hp[ev.unit]))
        self.hp[ev.unit] = ev.hp
        self.last_blow[ev.unit] = None

    def left(self, ev: Defeated | Fled | Removed) -> None:
        _leave(self.stats, ev, self.rnd, self.last_blow)
        if isinstance(ev, Defeated):
            me = self.stats[ev.unit]
            me.fate_cause = ev.cause
            me.fate_push = self.pushed.get(ev.unit) if ev.cause in ("fall", "hazard") else None


# Events are plain Event subclasses with none of their own, so the exact type finds the handler; the rest
# (a facing, a placement, a disengage) change no figure.
_HANDLERS: dict[type, Callable[[_ActionCount, Any], None]] = {
    RoundStarted: _ActionCount.round_started,
    TurnStarted: _ActionCount.turn_started,
    Moved: _ActionCount.moved,
    Attacked: _ActionCount.blow,
    Shot: _ActionCount.blow,
    Shoved: _ActionCount.shoved,
    AreaCast: _ActionCount.area_cast,
    AreaHit: _ActionCount.area_hit,
    Pushed: _ActionCount.pushed_by,
    HpSet: _ActionCount.hp_set,
    Defeated: _ActionCount.left,
    Fled: _ActionCount.left,
    Removed: _ActionCount.left,
}


def _lose(stats: dict[str, CombatantStats], hp: dict[str, int], dealer: str | None, victim: str, amount: int,
          last_blow: dict[str, str | None]) -> None:
    """``victim`` loses ``amount`` hp, counted down to 0 only (no overkill), credited to ``dealer``."""
    lost = max(0, min(amount, hp.get(victim, 0)))
    if amount > 0:
        last_blow[victim] = dealer
    if lost == 0:
        return
    hp[victim] -= lost
    stats[victim].taken += lost
    if dealer is not None:
        stats[dealer].dealt += lost


def _leave(stats: dict[str, CombatantStats], ev: Defeated | Fled | Removed, rnd: int,
           last_blow: dict[str, str | None]) -> None:
    me = stats[ev.unit]
    me.fate = ev.as_ if isinstance(ev, Removed) else "fled" if isinstance(ev, Fled) else "defeated"
    me.fate_round = rnd
    me.by_gm = isinstance(ev, Removed) or (isinstance(ev, Defeated) and ev.cause == "gm")
    if isinstance(ev, Defeated) and ev.cause != "gm":
        by = last_blow.get(ev.unit)
        if by is not None and by != ev.unit:
            me.fate_by = by
            stats[by].defeats.append(ev.unit)
