"""Whether a combatant could strike anyone this turn, in a GM's words (``playmat suggest`` on a plan with no blow).

"Troll: End the turn. Why: +0.8 for friends within two hexes" read as if the Troll stayed for company, when no
foe could be struck at all (its friends filled the ford, deep water kept a large creature off the rest: found on
default.tmx). So a plan that strikes no blow first says which blows were within reach this turn, or how near the
nearest foe it could come. Every answer is the engine's (``reach_flats``, ``threat_zones()``, ``can_attack_from``,
the previews, ``nearest_this_turn``); nothing is worked out here.

A shove is a blow of its own (R22): adjacent only, whatever the weapon's band, so a pikeman (band [2,2]) that can
only get beside a foe can shove it though it cannot attack it, and "No foe is within its reach" would be false.

A break-away (disengage, R23) is the turn's one action (R16): no blow can follow it, so the hexes only a
break-away would open are not counted (``reach_flats`` walks without one; a combatant that has broken away has
spent its action and is told so).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from game.rules import CombatantView, EncounterView, ThreatZones

STAYS = "without moving it"  # a shove's outcome with a wall, the map's edge or a combatant behind the foe (R12)
MOST = 3  # foes named in one line; the rest counted ("and 2 more"), so the line stays one a GM reads


@dataclass(frozen=True)
class Blow:
    verb: str  # "attack", "shove", "shoot" or "area" (catch ... in its area ability)
    target: str
    best: float  # the best chance to hit (a shove: to succeed) from any hex it could stand on this turn
    worst: float
    result: str = ""  # a shove's gravest outcome: "into the chasm", "onto a hazard for 3 damage", "" (it moves), ...
    also: Blow | None = None  # the shove of the same foe, said with its attack ("... or shove it into the chasm")

    @property
    def top(self) -> float:
        """Its best odds, its shove's counted: the line names the likeliest blows first."""
        return max(self.best, self.also.best) if self.also is not None else self.best


def blow_line(enc: EncounterView, name: str, has_reasons: bool) -> str:
    """The line before the Why of a plan that strikes no blow: the blows it could have struck this turn (the best
    odds first), or that none was in reach and how near the nearest foe it could come."""
    me = enc.view(name)
    if enc.turn == name and enc.acted:  # its one action is spent (R16): reach is beside the point
        return "Its action this turn is spent: it can strike no blow."
    blows = blows_in_reach(enc, name)
    if blows:
        blows.sort(key=lambda b: -b.top)
        said = [_blow_words(b) for b in blows[:MOST]]
        more = len(blows) - MOST
        if more > 0:
            said.append(f"{more} more")
        # "attack Knight (...) or shove it into the chasm (...), or shoot Orc (...)": the last "or" with a comma
        # when an item has its own.
        last = ", or " if any(" or " in w for w in said) else " or "
        listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + last + said[-1]
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


def _blow_words(b: Blow, target: str | None = None) -> str:
    odds = f"{round(100 * b.best)} % to " + ("succeed" if b.verb == "shove" else "hit")
    # The odds differ with the hex it strikes from (its arc, R18; a burst's cover, R31).
    if round(100 * b.worst) != round(100 * b.best):
        odds = "up to " + odds
    who = target or b.target
    if b.verb == "area":
        words = f"catch {who} in its area ability ({odds})"
    elif b.result:  # a shove's outcome: "shove Orc 1 into the chasm (65 % to succeed)"
        words = f"{b.verb} {who} {b.result} ({odds})"
    else:
        words = f"{b.verb} {who} ({odds})"
    return words + (" or " + _blow_words(b.also, "it") if b.also is not None else "")


def _melee(attack: Blow | None, shove: Blow | None) -> list[Blow]:
    """An attack and a shove of the same foe as one item of the line, so a foe is named once: "attack or shove
    Knight (45 % to hit)" when the shove only pushes it with the same odds (the same roll, R22); "attack Knight (up
    to 65 % to hit) or shove it into the chasm (45 % to succeed)" when it hurts (R12). A plain push at other odds,
    or one that cannot move the foe, adds nothing a GM weighs beside an attack on it and is left unsaid."""
    if attack is None or shove is None:
        return [b for b in (attack, shove) if b is not None]
    if shove.result:  # into a chasm or onto a hazard: worth its own words
        return [attack] if shove.result == STAYS else [replace(attack, also=shove)]
    if (round(100 * shove.best), round(100 * shove.worst)) == (round(100 * attack.best), round(100 * attack.worst)):
        return [replace(attack, verb="attack or shove")]
    return [attack]


def blows_in_reach(enc: EncounterView, name: str) -> list[Blow]:
    """Each foe ``name`` could attack, shove, shoot or catch in its area from some hex it can end a move on this
    turn (where it stands counted), with the odds the engine previews from those hexes.

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
        attack = None
        if hits:
            odds = [p.hit_chance for p in enc.preview_attacks(name, foe.name, hits)]
            attack = Blow("attack", foe.name, max(odds), min(odds))
        out.extend(_melee(attack, _shove_on(enc, zones, name, foe, flats)))
        if me.ranged is not None:
            shot = zones.shot_odds(me, foe, flats)  # preview_shoot's odds from each hex; legal: range and sight
            if shot.legal.any():
                chances = shot.hit_chance[shot.legal]
                out.append(Blow("shoot", foe.name, float(chances.max()), float(chances.min())))
        if me.area is not None and me.area_uses_left > 0:
            out.extend(_burst_on(enc, zones, name, foe, flats))
    return out


def _shove_on(enc: EncounterView, zones: ThreatZones, name: str, foe: CombatantView, flats: np.ndarray
              ) -> Blow | None:
    """A shove of ``foe`` from one of ``flats`` (R22: adjacent, no larger than the shover), its gravest outcome
    (a fall, then the most hazard damage, then a push that moves it) and the odds of that outcome's hexes.

    Previewed hex by hex, but only the hexes beside ``foe`` (six for a standard one): no bulk query is needed."""
    seen: dict[tuple[int, int], tuple[str, list[float]]] = {}  # grade -> (words, odds)
    for flat in zones.strike_cells(enc.view(name), foe, flats, shove=True):
        sv = enc.preview_shove(name, foe.name, at=zones.board.cell_of(int(flat)))
        if sv.legal is not None:  # too large to shove (R22): the same from every hex
            return None
        if sv.falls:
            grade, words = (3, 0), "into the chasm"
        elif sv.hazard_damage > 0:
            grade, words = (2, sv.hazard_damage), f"onto a hazard for {sv.hazard_damage} damage"
        elif len(sv.push_path) > 1:
            grade, words = (1, 0), ""
        else:  # a wall, the map's edge or a combatant behind it on every side it could be shoved from
            grade, words = (0, 0), STAYS
        seen.setdefault(grade, (words, []))[1].append(sv.hit_chance)
    if not seen:
        return None
    words, odds = seen[max(seen)]
    return Blow("shove", foe.name, max(odds), min(odds), words)


def _burst_on(enc: EncounterView, zones: ThreatZones, name: str, foe: CombatantView, flats: np.ndarray
              ) -> list[Blow]:
    """A burst centred on ``foe``'s centre hex (R32), if one of ``flats`` lets it be cast: its odds on that foe
    from the best and the worst of those hexes.

    Of a burst's odds only cover changes with where the caster stands (R32: no arcs, no threatened-shooter
    penalty; R31), so they take two values at most: one preview from a hex that finds the foe in cover and one
    from a hex that does not (``burst_cover`` says which is which, over every hex at once) give both. Each
    preview imagines the caster there on a copy of the state, too dear for every one of thousands of hexes."""
    can = flats[zones.cast_origins(enc.view(name), zones.board.flat(foe.cell), flats)]
    if not can.size:
        return []
    cover = zones.burst_cover(enc.view(name), foe, can)
    origins = [int(can[np.argmax(cover == c)]) for c in (False, True) if (cover == c).any()]  # where it stands first
    chances = [a.hit_chance for f in origins
               for a in enc.preview_cast(name, foe.cell, zones.board.cell_of(f)).affected if a.target == foe.name]
    return [Blow("area", foe.name, max(chances), min(chances))] if chances else []
