"""Map lint: which hostiles a shooter could see only from inside its minimum range (R29), and how to name them.

Both sight lints (a shooter that could never shoot, :mod:`lint`; a combatant that could never get at a foe,
:mod:`stranded`) ask the engine the same question when a bow has a minimum range: with the minimum taken
away (the same combatant shooting from 0), which hostiles could it then hit from some hex it can reach? Those
are the hostiles it sees and has in range but is always too close to, as play judges a shot
(``Encounter.shot_centres``: range from the edges of both footprints, R26, R29; sight, R30). Without this a
shooter hemmed in beside its only foe was told it "could never see a hostile", which sends a designer to
look for a wall that is not there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

import numpy as np

from game.rules import Cell, CombatantSpec, Encounter, Scenario

SHOWN = 2  # names in a line before "and N more": one sentence still reads as one


def point_blank(scenario: Scenario, spec: CombatantSpec) -> Encounter:
    """The encounter with ``spec``'s bow made to shoot from distance 0 (its maximum unchanged)."""
    assert spec.ranged is not None
    bow = dataclasses.replace(spec, ranged=dataclasses.replace(spec.ranged, min_range=0))
    return Encounter(dataclasses.replace(
        scenario, combatants=tuple(bow if c.name == spec.name else c for c in scenario.combatants)))


def cell_mask(enc: Encounter, cells: Iterable[Cell]) -> np.ndarray:
    mask = np.zeros((enc.board.rows, enc.board.cols), dtype=bool)
    for c, r in cells:
        mask[r, c] = True
    return mask


def seen_too_close(scenario: Scenario, spec: CombatantSpec, reach: Iterable[Cell],
                   targets: Sequence[tuple[str, int, Sequence[Cell]]]) -> list[str]:
    """The names among ``targets`` (name, footprint radius, the centres it may stand on) that ``spec`` could
    shoot from some centre of ``reach`` if its bow had no minimum range; [] for a bow without one. Called
    only once the real bow is known never to hit any of them, so each of these is one it is always too close
    to wherever it sees it within its maximum range (R29)."""
    if spec.ranged is None or spec.ranged.min_range <= 0:
        return []
    enc = point_blank(scenario, spec)
    mask = cell_mask(enc, reach)
    return [name for name, radius, cells in targets
            if any(enc.shot_centres(spec.name, mask, at, radius).any() for at in cells)]


def nearest_first(enc: Encounter, shooter: str, names: Iterable[str]) -> list[str]:
    """``names`` ordered by distance from ``shooter`` where the map places them (R1, footprints' edges), the
    nearest first; the map's order among equals."""
    return sorted(names, key=lambda n: enc.distance(shooter, n))


def few(names: Sequence[str]) -> str:
    """ "Hero", "Hero and Troll", "Hero, Troll and 3 more": at most two names, so the line stays one sentence."""
    if len(names) <= SHOWN:
        return " and ".join(names)
    return f"{', '.join(names[:SHOWN])} and {len(names) - SHOWN} more"
