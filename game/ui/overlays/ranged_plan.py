"""Where a shot or a burst is made from (R29-R33): from where the actor stands when it may, else Wesnoth's
move-then-act, the best hex in reach this turn, from the engine's bulk queries (``shot_odds``, ``cast_origins``);
and, when no hex in reach serves, why not. Drawn by game.ui.overlays.ranged.
"""

from __future__ import annotations

import numpy as np

from game.rules import CastPreview, EncounterView, ShootPreview

from ..context import Cell
from .preview import stuck_why


def shot_and_line(enc: EncounterView, name: str, target: str,
                   at: Cell | None = None) -> tuple[ShootPreview, tuple[Cell, Cell]]:
    """The shot's preview (from ``at``, default where the shooter stands) and the line to draw for it: a
    clear line when there is one (R31: the best pair for the shooter); else, when the shot sees through
    cover, a pair in range that sees (for a large shooter or target the centres may be blocked while
    another pair sees); else the two centres, whose line shows what blocks it."""
    p = enc.preview_shoot(name, target, at=at)
    if p.clear_pairs:
        return p, p.clear_pairs[0]
    v = enc.view(name)
    centres = (v.cell if at is None else at, enc.view(target).cell)
    mine = enc.footprint(name) if at is None else [
        c for c in enc.layout.disc(at, v.radius) if enc.board.is_on_map(c)]
    profile = v.ranged
    if p.sees and profile is not None:
        pairs = sorted(((a, b) for a in mine for b in enc.footprint(target)
                        if profile.min_range <= enc.layout.distance(a, b) <= profile.max_range),
                       key=lambda ab: (ab != centres, enc.layout.distance(*ab)))
        for a, b in pairs:
            if enc.sight_report(a, b)["sight"]:
                return p, (a, b)
    return p, centres


def shot_works_from(enc: EncounterView, name: str, target: str, cells: list[Cell]) -> list[Cell]:
    """The hexes of ``cells`` from which ``name``'s shot at ``target`` would be legal (R29 range, R30 sight),
    asked of the engine in one bulk query (``shot_odds``, ``preview_shoot(at=...)`` hex by hex): one by one,
    a long bow's 1,300 hexes around a walled-in foe held the first frame of its hover for half a second."""
    if enc.can_act(name, "shoot") is not None:
        return []  # as preview_shoot would answer from every hex
    flats = np.array([enc.board.flat(c) for c in cells], dtype=np.int64)
    legal = enc.threat_zones().shot_odds(enc.view(name), enc.view(target), flats).legal
    return [(cells[i][0], cells[i][1]) for i in np.flatnonzero(legal)]


def best_shot_from(enc: EncounterView, name: str, target: str) -> tuple[Cell, ShootPreview] | None:
    """Wesnoth's move-then-attack, for a bow: the hex in ``name``'s reach with the surest shot at ``target``
    (then the likelier defeat, then the fewest steps), or None when no hex in reach gives a shot. The odds
    from every hex in reach come from the engine in one bulk query (``shot_odds``), then the one preview the
    tooltip shows: asked hex by hex, a long bow's reach on a big map held a hover's first frame 190 ms."""
    if enc.can_act(name, "shoot") is not None:
        return None  # as preview_shoot would refuse from every hex
    ends = [(cell, cost) for cell, cost, _stops in enc.reach_for(name).destinations()]
    if not ends:
        return None
    flats = np.array([enc.board.flat(cell) for cell, _cost in ends], dtype=np.int64)
    odds = enc.threat_zones().shot_odds(enc.view(name), enc.view(target), flats)
    found = [(-float(odds.hit_chance[i]), -float(odds.defeat_chance[i]), ends[i][1], (ends[i][0][0], ends[i][0][1]))
             for i in np.flatnonzero(odds.legal)]
    if not found:
        return None
    at = min(found)[3]
    return at, enc.preview_shoot(name, target, at=at)


Stuck = tuple[list[str], str, bool]  # why no hex in reach gives the shot: (zone of control, closed, blind)


def shot_plan(enc: EncounterView, name: str, target: str
               ) -> tuple[Cell | None, ShootPreview, tuple[Cell, Cell], Stuck | None]:
    """(hex to move to first or None, the shot's preview, its line, why no hex in reach gives it): from here when
    the shot works from here; else from the best hex in reach (a click moves there, the next shoots); else from
    here, whose reason a click gets from the engine too, with why stepping would not help (:func:`shot_stuck`)."""
    p, line = shot_and_line(enc, name, target)
    if p.legal is None:
        return None, p, line, None
    best = best_shot_from(enc, name, target)
    if best is None:
        return None, p, line, shot_stuck(enc, name, target)
    at = best[0]
    p, line = shot_and_line(enc, name, target, at)
    return at, p, line, None


def shot_stuck(enc: EncounterView, name: str, target: str) -> Stuck:
    """Why no hex ``name`` can reach this turn gives it a shot at ``target``, as the attack preview works it out
    for a blow (:func:`preview.stuck_why` on the hexes the shot works from: in the band and in sight, R29, R30),
    and whether some hex in range that it can reach sees nothing (blind: the ground, not the distance)."""
    v, t = enc.view(name), enc.view(target)
    if v.ranged is None or v.movement == 0:
        return [], "", False
    lo, hi = v.ranged.min_range, v.ranged.max_range
    near = [c for c in enc.layout.disc(t.cell, hi + v.radius + t.radius) if enc.board.is_on_map(c)]
    works = shot_works_from(enc, name, target, near)
    zoc, closed = stuck_why(enc, name, works)
    blind = any(lo <= max(0, enc.layout.distance(cell, t.cell) - v.radius - t.radius) <= hi
                for cell, _cost, _stops in enc.reach_for(name).destinations())
    return zoc, closed, blind


def best_cast_from(enc: EncounterView, name: str, centre: Cell) -> Cell | None:
    """Move-then-cast: the hex in ``name``'s reach this turn from which it may centre its burst on ``centre``
    (R32: range from its footprint, sight; the engine's ``cast_origins``), the safest first: out of its own burst,
    then out of every hostile's zone of control (R9), then the fewest movement spent; None when there is none."""
    v = enc.view(name)
    ends = enc.reach_for(name).destinations()  # cheapest first, then row by row
    if v.area is None or not ends or not enc.board.is_on_map(centre):
        return None
    zones = enc.threat_zones()
    flats = np.array([enc.board.flat(c) for c, _cost, _stops in ends], dtype=np.int64)
    can = zones.cast_origins(v, enc.board.flat(centre), flats)
    if not can.any():
        return None
    spared = zones.cast_origins(v, enc.board.flat(centre), flats, spare_self=True)
    threat = enc.threat_for(name)
    best = min(np.flatnonzero(can), key=lambda i: (not spared[i], bool(threat[ends[i][0][1], ends[i][0][0]]),
                                                   ends[i][1], int(i)))
    cell = ends[int(best)][0]
    return (cell[0], cell[1])


def cast_plan(enc: EncounterView, name: str, centre: Cell) -> tuple[Cell | None, CastPreview, bool]:
    """(hex to move to first or None, the burst's preview, whether no hex in reach would let it be cast): from here
    when it may be cast from here; else, when the refusal is where the caster stands (out of its area range or
    sight, R32) and a hex in reach lifts it, from there (a click moves there, the next casts); else from here."""
    p = enc.preview_cast(name, centre)
    if p.legal is None or enc.can_act(name, "cast") is not None or p.uses_left <= 0:
        return None, p, False
    at = best_cast_from(enc, name, centre)
    if at is None:
        return None, p, True
    there = enc.preview_cast(name, centre, origin=at)
    if there.legal is not None:  # cannot happen while the engine's two answers agree; then offer nothing
        return None, p, True
    return at, there, False
