"""Whether a combatant could strike anyone this turn, in a GM's words (``playmat suggest`` on a plan with no blow).

"Troll: End the turn. Why: +0.8 for friends within two hexes" read as if the Troll stayed for company, when no
foe could be struck at all (its friends filled the ford, deep water kept a large creature off the rest: found on
default.tmx). So a plan that strikes no blow first says which blows were within reach this turn, or how near the
nearest foe it could come. Every answer is the engine's (``reach_for``, ``can_attack_from``, ``can_shoot_from``,
``can_cast_from``, the previews, ``nearest_this_turn``); nothing is worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import Cell, EncounterView

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
    (where it stands counted), with the odds the engine previews from those hexes."""
    me = enc.view(name)
    cells: list[Cell] = [me.cell, *(c for c, _, _ in enc.reach_for(name).destinations())]
    out: list[Blow] = []
    for foe in (enc.view(f) for f in enc.order()):  # active ones, in initiative order (a tie in odds keeps it)
        if foe.name == name or not enc.hostile(name, foe.name):
            continue
        hits = [c for c in cells if enc.can_attack_from(name, foe.name, c) is None]
        if hits:
            odds = [p.hit_chance for p in enc.preview_attacks(name, foe.name, hits)]
            out.append(Blow("attack", foe.name, max(odds), min(odds)))
        if me.ranged is not None:
            shots = [enc.preview_shoot(name, foe.name, c).hit_chance for c in cells
                     if enc.can_shoot_from(name, foe.name, c) is None]
            if shots:
                out.append(Blow("shoot", foe.name, max(shots), min(shots)))
        if me.area is not None and me.area_uses_left > 0:
            # Centred on the foe's centre hex (R32): the odds the cast preview gives that foe.
            burst = [a.hit_chance for c in cells if enc.can_cast_from(name, foe.cell, c) is None
                     for a in enc.preview_cast(name, foe.cell, c).affected if a.target == foe.name]
            if burst:
                out.append(Blow("area", foe.name, max(burst), min(burst)))
    return out
