"""Whether a combatant could strike anyone this turn, in a GM's words (``playmat suggest`` on a plan with no blow).

"Troll: End the turn. Why: +0.8 for friends within two hexes" read as if the Troll stayed for company, when no
foe could be struck at all (its friends filled the ford, deep water kept a large creature off the rest: found on
default.tmx). So a plan that strikes no blow first says which blows were within reach this turn, or how near the
nearest foe it could come. Every answer is the engine's (``reach_for``, ``can_attack_from``, ``can_shoot_from``,
``can_cast_from``, the previews, ``nearest_this_turn``); nothing is worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.rules import CombatantView, EncounterView, ThreatZones

MOST = 3  # foes named in one line; the rest counted ("and 2 more"), so the line stays one a GM reads


@dataclass(frozen=True)
class Blow:
    verb: str  # "attack", "shoot" or "catch ... in its area ability"
    target: str
    best: float  # the best chance to hit from any hex it could stand on this turn
    worst: float


def blow_line(enc: EncounterView, name: str, has_reasons: bool) -> str:
    """The line before the Why of a plan that strikes no blow: the blows it could have struck this turn (the best
    odds first), or that none was in reach and how near the nearest foe it could come."""
    me = enc.view(name)
    if enc.turn == name and enc.acted:  # its one action is spent (R16): reach is beside the point
        return "Its action this turn is spent: it can strike no blow."
    blows = blows_in_reach(enc, name)
    if blows:
        blows.sort(key=lambda b: -b.best)
        said = [_blow_words(b) for b in blows[:MOST]]
        more = len(blows) - MOST
        if more > 0:
            said.append(f"{more} more")
        listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]
        return f"It could {listed} this turn, but its plan scores higher" + (":" if has_reasons else ".")
    foes = [f for f in enc.order() if f != name and enc.hostile(name, f)]  # active ones, in initiative order
    if not foes:
        return "No foe is left on the board."
    # Nearest first, initiative order breaking a tie.
    near, foe = min(((enc.nearest_this_turn(name, f), i), f) for i, f in enumerate(foes))
    if me.movement == 0:
        where = f"at distance {near[0]}, no movement left"
    else:
        where = f"no nearer than distance {near[0]} after its {me.movement} movement"
    return f"No foe is within its reach this turn (nearest: {foe}, {where})."


def _blow_words(b: Blow) -> str:
    odds = f"{round(100 * b.best)} % to hit"
    if round(100 * b.worst) != round(100 * b.best):  # the odds differ with the hex it strikes from (its arc, R18)
        odds = "up to " + odds
    if b.verb == "area":
        return f"catch {b.target} in its area ability ({odds})"
    return f"{b.verb} {b.target} ({odds})"


def blows_in_reach(enc: EncounterView, name: str) -> list[Blow]:
    """Each foe ``name`` could attack, shoot or catch in its area from some hex it can end a move on this turn
    (where it stands counted), with the odds the engine previews from those hexes.

    Asked in bulk (``threat_zones()``: the hexes in its weapon's band, a shot's odds from every hex at once), so
    a stranger's map with a move of 1,000 on 300x300 hexes (90,000 ends) answers in a second, not a minute."""
    me = enc.view(name)
    zones = enc.threat_zones()
    flats = enc.reach_flats(name)
    out: list[Blow] = []
    for foe in (enc.view(f) for f in enc.order()):  # active ones, in initiative order (a tie in odds keeps it)
        if foe.name == name or not enc.hostile(name, foe.name):
            continue
        band = [zones.board.cell_of(int(f)) for f in zones.strike_cells(me, foe, flats)]
        hits = [c for c in band if enc.can_attack_from(name, foe.name, c) is None]
        if hits:
            odds = [p.hit_chance for p in enc.preview_attacks(name, foe.name, hits)]
            out.append(Blow("attack", foe.name, max(odds), min(odds)))
        if me.ranged is not None:
            shot = zones.shot_odds(me, foe, flats)  # preview_shoot's odds from each hex; legal: range and sight
            if shot.legal.any():
                chances = shot.hit_chance[shot.legal]
                out.append(Blow("shoot", foe.name, float(chances.max()), float(chances.min())))
        if me.area is not None and me.area_uses_left > 0:
            out.extend(_burst_on(enc, zones, name, foe, flats))
    return out


# A burst's odds are previewed from at most this many of the hexes it could be cast from: each preview imagines
# the caster there on a copy of the state, too dear for every one of thousands of hexes.
BURST_ORIGINS = 6


def _burst_on(enc: EncounterView, zones: ThreatZones, name: str, foe: CombatantView, flats: np.ndarray
              ) -> list[Blow]:
    """A burst centred on ``foe``'s centre hex (R32), if one of ``flats`` lets it be cast: the odds the cast
    preview gives that foe from the first few such hexes (where it stands first)."""
    can = flats[zones.cast_origins(enc.view(name), zones.board.flat(foe.cell), flats)]
    chances = [a.hit_chance for f in can[:BURST_ORIGINS]
               for a in enc.preview_cast(name, foe.cell, zones.board.cell_of(int(f))).affected
               if a.target == foe.name]
    return [Blow("area", foe.name, max(chances), min(chances))] if chances else []
