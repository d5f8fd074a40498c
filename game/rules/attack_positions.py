"""Where a combatant could stand to strike at a hostile, everyone else where they stand now.

The map lint's question "could this troll ever get at anybody?" is this mask met with
``reach_for`` at an unlimited budget; asked here, so no client keeps its own copy of the
weapon band (R21, R28), range and sight (R29, R30) or the area's range (R32).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .axial_sweeps import INF
from .fire_zones import cast_origins, shot_positions
from .threat_zones import ThreatZones

if TYPE_CHECKING:
    from .state import EncounterState


def attack_positions(state: EncounterState, name: str) -> np.ndarray:
    """``[row, col]`` bool: centres from which ``name`` could attack some active hostile with its weapon
    (R21, R28), shoot one (range and sight, R29, R30) or centre its area on one's centre hex (R32).

    Only centres its whole footprint may stand on: on the map, terrain its movement type may enter
    (R5, R27), no hostile's body under it. Whether it could get there is ``reach_for``'s question;
    whose turn it is, actions and area uses left are not asked. A shot is judged as play judges it
    (``can_shoot_from``: range from the footprints' edges and sight, R29, R30) for every size: a
    large archer walled off from every hostile by blocking terrain has no hex to shoot from.
    """
    board = state.board
    n = board.rows * board.cols
    zones = ThreatZones(state)
    v = zones.by_name.get(name)
    if v is None:  # defeated or fled: it attacks no one
        state.unit(name)  # a named error for a name the encounter does not know
        return np.zeros((board.rows, board.cols), dtype=bool)
    standable = zones.enter_cost(v)[:n] < INF
    out = zones.strike_hexes(v)[:n].copy()
    if v.ranged is not None:
        cells = np.flatnonzero(standable & ~out)  # a hex it could strike from needs no shot
        out[cells] |= shot_positions(state, name, cells)
    if v.area is not None:
        hostile = state.hostile_factions(v.faction)
        cells = np.flatnonzero(standable)
        for h in zones.by_name.values():
            if h.faction in hostile:
                out[cells] |= cast_origins(state, name, h.cell, cells)
    return out.reshape(board.rows, board.cols)
