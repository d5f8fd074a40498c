"""Map lint: combatants, and whole sides, that could never get at any hostile (terrain alone, any number of turns).

The mistake it catches: a large troll behind a river whose one ford is a single hex wide. Its seven
hexes never fit across (R26, R27), so in play it paces the bank and the designer is never told.

Each combatant is asked on the map as it starts: alone on the board with unlimited movement
(``reach_for`` with a budget that crosses the whole map, so nobody's body or zone of control counts:
they move), could it end on a centre from which it could attack, shoot or burst some hostile where
the map places that hostile (``Encounter.attack_positions``: a shot as play judges it, range and
sight for every size, R29, R30, so a large archer walled off from every target is named)? Hostiles
are taken where they stand, not wherever they might wander: a foe that could come over to the troll is
no fight the troll can go and find, and the AI does not come. Why not is found by asking again of the same combatant
with its bow's minimum range taken away, then made standard-size, then made a flyer: whichever first
succeeds names the cause. The bow comes first because shrinking a large archer also shrinks its body's
edge, moving every target a hex farther (R26, R29): one hemmed in too close to its foe would otherwise be
told a way is too narrow for its footprint when no way, however wide, would take it farther off.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from game.rules import (
    Cell,
    CombatantSpec,
    CombatantView,
    Encounter,
    MovementType,
    Scenario,
    Size,
    Terrain,
    joined,
)

from .errors import object_label
from .too_close import cell_mask, few, nearest_first, point_blank

MOVES = {"ground": "walks", "flying": "flies", "swimming": "swims"}
# What a mover may not enter, as a designer names it.
GROUND_WORDS = {Terrain.NORMAL: "ground", Terrain.DIFFICULT: "difficult ground", Terrain.WATER: "water",
                Terrain.CHASM: "chasms", Terrain.HAZARD: "hazards", Terrain.BLOCKED: "walls"}
WAY_WIDTH = {Size.LARGE: 3, Size.GIANT: 5}  # a footprint of radius r needs a way 2r + 1 hexes wide
SEE = 'see docs/map-format.md, "Map lint"'


def ever_reach(scenario: Scenario) -> dict[str, list[Cell]]:
    """Per combatant: every centre it could ever stand on, over any number of turns, on terrain alone.

    Asks the engine's own reach (R5, R27 footprints) for each combatant alone on the board with a
    budget large enough to cross the whole map, so nobody else's body or zone of control counts.
    """
    return {spec.name: _ever_reach_of(scenario, spec) for spec in scenario.combatants}


def _ever_reach_of(scenario: Scenario, spec: CombatantSpec) -> list[Cell]:
    board = scenario.board
    budget = int(max(1, np.asarray(board.cost).max())) * board.rows * board.cols
    alone = Encounter(dataclasses.replace(scenario, combatants=(spec,)))
    return [spec.cell, *(cell for cell, _cost, _stops in alone.reach_for(spec.name, budget=budget).destinations())]


def stranded(scenario: Scenario, ever: dict[str, list[Cell]]) -> list[str]:
    """One line per combatant that could never get at a hostile, then one per side of two or more
    combatants none of whom could. A combatant hostile to nobody on the map is a bystander, not a slip."""
    enc = Encounter(scenario)
    views = enc.views()
    present = {v.faction for v in views}
    out, stuck = [], set()
    for v in views:
        if not enc.hostile_factions(v.faction) & present or _could_strike(enc, v.name, ever[v.name]):
            continue
        stuck.add(v.name)
        out.append(f"{object_label(v.object_id, v.name)} at {v.cell[0]},{v.cell[1]} ({_kind(v)}) can never reach a "
                   f"hostile where the map places them: {_why(scenario, v, ever[v.name])}; {SEE}")
    for side in enc.hostility.sides(list(dict.fromkeys(v.faction for v in views))):
        members = [v.name for v in views if v.faction in side]
        if len(members) > 1 and all(m in stuck for m in members):
            out.append(f"side {' + '.join(side)}: none of its {len(members)} combatants ({joined(members)}) can ever "
                       "reach a hostile where the map places them, so it can never carry the fight to them")
    return out


def _could_strike(enc: Encounter, name: str, cells: list[Cell]) -> bool:
    at = enc.attack_positions(name)
    return any(bool(at[r, c]) for c, r in cells)


def _kind(v: CombatantView) -> str:
    words = [] if v.size == Size.STANDARD.label else [v.size]
    words.append(MOVES.get(v.movement_type, v.movement_type))
    if v.ranged is not None:
        words.append(f"shoots {v.ranged.min_range}-{v.ranged.max_range}")
    return ", ".join(words)


def _why(scenario: Scenario, v: CombatantView, ever: list[Cell]) -> str:
    """The first change that would let it fight names the cause: its bow's minimum range, its size, then the
    terrain it may not enter."""
    spec = next(s for s in scenario.combatants if s.name == v.name)
    close = _too_close(scenario, spec, ever)
    if close is not None:
        return close
    if spec.size != Size.STANDARD and _could_if(scenario, dataclasses.replace(spec, size=Size.STANDARD)):
        width = WAY_WIDTH[spec.size]
        hexes = len(scenario.board.layout.disc(spec.cell, spec.radius))
        return (f"no way across is wide enough for its footprint (all {hexes} hexes on ground it may enter: "
                f"a way {width} hexes wide, R26, R27)")
    if spec.movement_type != MovementType.FLYING and _could_if(
            scenario, dataclasses.replace(spec, movement_type=MovementType.FLYING)):
        return f"cut off by {_barriers(scenario, spec.movement_type)} it may not enter (R5)"
    if len(ever) == 1:
        return "terrain walls it in where it stands"
    band = f"its reach {v.reach_min}-{v.reach}" if v.reach_min != v.reach else f"its reach {v.reach}"
    if v.ranged is not None:
        band += f" or in sight within its range {v.ranged.min_range}-{v.ranged.max_range}"
    return f"no hex it could ever stand on has a hostile within {band}"


def _too_close(scenario: Scenario, spec: CombatantSpec, ever: list[Cell]) -> str | None:
    """The hostiles it could shoot but for its minimum range (R29), in words; None if that is not what stops it.

    Asked of the engine as play judges a shot (:mod:`too_close`: range from both footprints' edges, R26, R29;
    sight, R30) with the same combatant's bow made to shoot from 0: a hostile it then hits from some hex it can
    reach is one it is only ever too close to, or out of range or sight of, from the others. Several such
    hostiles are named the nearest first, at most two (``few``): "within its minimum range 3 of Hero, Troll
    and Orc or out of its range or sight" left unsaid whether each or all of them, and a long list ran on."""
    if spec.ranged is None or spec.ranged.min_range <= 0:
        return None
    enc = point_blank(scenario, spec)
    mask = cell_mask(enc, ever)
    near, everywhere = [], True
    for t in enc.views():
        if not (t.active and enc.hostility.hostile(spec.faction, t.faction)):
            continue
        hits = enc.shot_centres(spec.name, mask, t.cell, t.radius)
        if hits.any():
            near.append(t.name)
            everywhere &= bool(hits[mask].all())
    if not near:
        return None
    names = few(nearest_first(enc, spec.name, near))
    minimum = f"its minimum range {spec.ranged.min_range}"
    whom = names if len(near) == 1 else f"each of {names}"  # "each": not only all of them together
    if everywhere:
        return f"every hex it can reach is within {minimum} of {whom} (counted from the edges of both bodies, R26, R29)"
    return (f"from every hex it can reach, {whom} is inside {minimum} or out of its range or sight "
            "(counted from the edges of both bodies, R26, R29, R30)")


def _could_if(scenario: Scenario, spec: CombatantSpec) -> bool:
    """Whether ``spec`` standing in for the combatant of its name could get at a hostile."""
    changed = dataclasses.replace(
        scenario, combatants=tuple(spec if c.name == spec.name else c for c in scenario.combatants))
    return _could_strike(Encounter(changed), spec.name, _ever_reach_of(changed, spec))


def _barriers(scenario: Scenario, movement: MovementType) -> str:
    """The kinds of terrain on the map a ``movement`` mover may not enter and a flyer may."""
    board = scenario.board
    cost = np.asarray(board.cost)
    shut = np.asarray(board.on_map) & (cost[movement] < 1) & (cost[MovementType.FLYING] >= 1)
    kinds = sorted({int(k) for k in np.asarray(board.terrain)[shut]})
    return joined(GROUND_WORDS[Terrain(k)] for k in kinds) or "terrain"
