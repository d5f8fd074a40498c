"""A combatant whose move is far longer than the map (a "move" of 1000 on a stranger's map): where it could go
next turn is swept over the map, not over a square as wide as its move. A user noticed the square as time and
memory: `suggest --level hard` for such a combatant on a 300x300 map took 24 s and 400 MB a decision, sweeping
windows of 2,005 x 2,005 hexes; held to the map, 5 s and 190 MB, with the same answers."""

from __future__ import annotations

import numpy as np
import pytest

import game.rules.threat_zones as threat_zones
from game.rules import Begin, Encounter, ThreatZones, ZoneMemo, scenario_from_rows

SIDE = 30
# An open field with a wall across most of row 10 (columns 0-24): the Orc must walk round its east end.
ROWS = ["." * SIDE] * 10 + ["#" * 25 + "." * 5] + ["." * SIDE] * (SIDE - 11)


@pytest.mark.parametrize("axis", ["y", "x"])
def test_a_move_of_1000_is_swept_over_the_map_and_answers_as_the_exact_reach(axis: str,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    units = [{"name": "Hero", "faction": "player", "at": (15, 20), "initiative": 1},
             {"name": "Orc", "faction": "enemy", "at": (2, 2), "move": 1000, "initiative": 9}]
    enc = Encounter(scenario_from_rows(ROWS, units, stagger_axis=axis, stagger_index="odd"))
    enc.apply(Begin())
    swept: list[int] = []  # the cells of each window the next-turn reach is swept in
    spread: list[int] = []  # the cells of each window a zone is spread in
    real_reach, real_dilate = threat_zones.reach_flat, threat_zones.dilate_flat

    def reach_flat(cost: np.ndarray, stops: np.ndarray, starts: np.ndarray, *rest: object) -> np.ndarray:
        swept.append(cost.size // len(starts))
        return real_reach(cost, stops, starts, *rest)  # type: ignore[arg-type]

    def dilate_flat(seeds: np.ndarray, band: int, width: int) -> np.ndarray:
        spread.append(seeds.size)
        return real_dilate(seeds, band, width)

    monkeypatch.setattr(threat_zones, "reach_flat", reach_flat)
    monkeypatch.setattr(threat_zones, "dilate_flat", dilate_flat)
    orc = enc.view("Orc")
    n = SIDE * SIDE
    for band in (1, 3):
        (can, zone), = ThreatZones(enc, ZoneMemo()).next_turn_reaches([(orc, band)])
        # The engine's one-mover answer (its own search, R7, R9) with a fresh turn's movement.
        exact = enc.reach_for("Orc", budget=1000).can_end.ravel()
        assert np.array_equal(can[:n], exact)
        # By hand: the wall leaves a way round its east end, so the Orc may end on every hex but the wall's
        # 25 and the Hero's (R4, R5); every hex is within 1 of one of those, the wall's too.
        assert int(exact.sum()) == n - 26
        assert zone[:n].all()
    # By hand: a 30x30 map of either stagger spans 43 axial hexes at its widest (q or r from -14 to 29), so a
    # window round any of its hexes holds all of it with a margin of 44, and a zone's spread 3 more: a padded
    # side of at most 2 * (44 + 3) + 3 = 97. A window as wide as the move had a side of 2,005.
    assert swept and spread
    assert max(swept + spread) <= 97 * 97
