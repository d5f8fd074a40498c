"""Holding a gap: the hostiles' blows at friends that the actor's body and zone of control deny them.

Issue 18 (map 247, game seed 2006): the one link between the two halves of the board was a pair of
hexes; after its kill the soldier holding it stepped back a hex (0.4 less walk against next round's
danger), the hostiles' soldier came through and struck down the flyer behind it, and the side
broke. Nothing in its score counted the friends it screened. A player would say: "I hold the gap so
the orcs cannot reach our archers."

The engine answers where each nearby hostile could strike next turn with the actor off the board
and with it standing on a candidate hex (``ThreatZones.next_turn_reaches`` with ``moved``; R4 its
body, R8/R9 its zone of control). A hex screens a hostile when, with the actor there, that hostile's
best blow at a friend is worth less than with the actor gone; the term is what it loses, summed over
the hostiles (a blow's worth as ``Situation.lure``: expected damage plus chance to defeat x worth).
Blows at the actor itself are next round's danger, counted elsewhere.

Cheap by design: only the few hostiles nearest the actor that could reach a friend without it, only
melee blows (a shot or a burst flies over a body), and only the current hex and the few hexes
nearest those hostiles' paths are asked; every other hex counts as not screening (as if the actor
were gone, which is what leaving a gap means).
"""

from __future__ import annotations

import numpy as np

from game.rules import CombatantView

from .model import Situation

MAX_HOSTILES = 3  # the hostiles asked about: the nearest the actor that could reach a friend without it
MAX_HEXES = 6  # candidate hexes asked besides the current one


def screen_values(sit: Situation, flats: np.ndarray) -> np.ndarray:
    """For each hex of ``flats``: the worth of the hostiles' best blows at friends that the actor denies
    by standing there (0 where it denies none, or where it was not asked)."""
    out = np.zeros(len(flats))
    me = sit.me
    if not sit.friends or not sit.hostiles:
        return out
    # Melee hostiles near enough to walk to a friend next turn and to be stood in the way of.
    near = []
    for h in sit.hostiles:
        if h.ranged is not None or (h.area is not None and h.area_uses_left > 0):
            continue  # a shot or a burst is not stopped by a body in the way
        to_me = sit.layout.distance(h.cell, me.cell)
        if to_me > h.movement_max + me.movement + h.reach + 2:
            continue
        gap = min(sit.layout.distance(h.cell, f.cell) - f.radius for f in sit.friends)
        if gap > h.movement_max + h.reach + h.radius + 1:
            continue
        near.append((to_me, h.name, h))
    if not near:
        return out
    hostiles = [h for _, _, h in sorted(near)]
    gone = _best_blows(sit, hostiles, None)
    reaching = [h for h in hostiles if gone[h.name] > 0][:MAX_HOSTILES]
    if not reaching:
        return out
    asked = _candidates(sit, flats, reaching)
    for i in asked:
        at = int(flats[i])
        there = _best_blows(sit, reaching, at)
        out[i] = sum(max(0.0, gone[h.name] - there[h.name]) for h in reaching)
    return out


def _best_blows(sit: Situation, hostiles: list[CombatantView], at: int | None) -> dict[str, float]:
    """Each hostile's best blow at a friend of the actor next turn (its worth; 0: none in reach), with the
    actor standing centred on flat ``at`` (None: off the board)."""
    asks = []
    for h in hostiles:
        bands = sorted({sit.zones.zone_band(h, f) for f in sit.friends})
        asks += [(h, b) for b in bands]
    answers = sit.zones.next_turn_reaches(asks, moved=(sit.me, at))
    zone_of = {(h.name, b): zone for (h, b), (_, zone) in zip(asks, answers, strict=True)}
    out: dict[str, float] = {}
    for h in hostiles:
        reach = [f for f in sit.friends if zone_of[(h.name, sit.zones.zone_band(h, f))][sit.board.flat(f.cell)]]
        out[h.name] = max((sit.lure(h, f) for f in reach), default=0.0)
    return out


def _candidates(sit: Situation, flats: np.ndarray, hostiles: list[CombatantView]) -> list[int]:
    """Indices into ``flats`` worth asking: the current hex, and the few nearest the hostiles (a body
    screens on their way, and its zone of control stops them a hex off)."""
    gap = np.full(len(flats), 10**6)
    for h in hostiles:
        gap = np.minimum(gap, sit.dist_from(h.cell, flats) - h.radius - sit.me.radius)
    # Only hexes the hostiles could come to next turn count: within their walk, plus a hex of zone.
    budget = max(h.movement_max for h in hostiles) + 1
    order = [int(i) for i in np.argsort(gap, kind="stable") if gap[i] <= budget and flats[i] != sit.here]
    out = order[:MAX_HEXES]
    here = np.flatnonzero(flats == sit.here)
    return [int(here[0]), *out] if len(here) else out
