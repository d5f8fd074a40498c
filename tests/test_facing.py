"""Arcs (R17, R18), penalties (R19) and turning toward a target (R20, R22).

Maps are pointy-top, staggerindex odd. Neighbours of an even-row cell
(c, r): e (c+1,r) ne (c,r-1) nw (c-1,r-1) w (c-1,r) sw (c-1,r+1) se (c,r+1).
The property test compares against angles on an ideal hex grid computed
here from scratch, not through the engine's sector maths.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.actions import Begin, Face
from game.rules.encounter import Encounter
from game.rules.facing import arc_of_hex, penalty, turn_toward, worst_arc
from game.rules.hexgrid import HexLayout
from game.rules.textmap import scenario_from_rows
from tests.geometry_reference import ideal_angle

POINTY = HexLayout("y", "odd", 64, 74, 37, 12, 12)
FLAT = HexLayout("x", "even", 74, 64, 37, 12, 12)
E, NE, NW, W, SW, SE = range(6)


@pytest.mark.parametrize(
    ("cell", "arc"),
    [((4, 2), "front"), ((3, 1), "front"), ((3, 3), "front"), ((2, 1), "left"), ((2, 2), "rear"), ((2, 3), "right")],
)
def test_adjacent_arcs_of_a_defender_facing_east(cell, arc) -> None:
    # R17: front = facing side and its two neighbours; left = next counter-clockwise.
    assert arc_of_hex(POINTY, (3, 2), E, cell) == arc


def test_distant_hex_on_a_sector_border_counts_in_the_better_arc() -> None:
    # (3,0) seen from (3,2) lies exactly between ne and nw (R18).
    assert arc_of_hex(POINTY, (3, 2), E, (3, 0)) == "front"  # front/left -> front
    assert arc_of_hex(POINTY, (3, 2), SW, (3, 0)) == "right"  # rear/right -> right
    # (1,1) lies between nw and w: left/rear -> left for a defender facing e.
    assert arc_of_hex(POINTY, (3, 2), E, (1, 1)) == "left"
    assert arc_of_hex(POINTY, (3, 2), E, (1, 2)) == "rear"


def test_worst_arc_among_attacker_hexes() -> None:
    assert worst_arc(POINTY, (3, 2), E, [(4, 2), (2, 1), (2, 2)]) == "rear"
    assert worst_arc(POINTY, (3, 2), E, [(4, 2), (3, 3)]) == "front"


def test_penalty_only_the_strongest_applies() -> None:
    assert penalty("front", 2, 4) == 0
    assert penalty("left", 2, 4) == 2
    assert penalty("right", 2, 4) == 2
    assert penalty("rear", 2, 4) == 4


def test_turn_toward_on_a_border_picks_the_side_nearer_the_old_facing() -> None:
    # (3,2) from (3,0) lies on the sw/se border (R20).
    assert turn_toward(POINTY, (3, 0), (3, 2), E) == SE
    assert turn_toward(POINTY, (3, 0), (3, 2), W) == SW
    assert turn_toward(POINTY, (3, 2), (4, 2), NW) == E


def _reference_arc(layout: HexLayout, centre, facing: int, cell) -> str:
    side0 = 0.0 if layout.pointy else 30.0  # angle of direction index 0
    angle = ideal_angle(layout, centre, cell)
    badness = {"front": 0, "left": 1, "right": 1, "rear": 2}
    arcs = []
    for i in range(6):
        mid = (side0 + 60 * i) % 360
        diff = abs((angle - mid + 180) % 360 - 180)
        if diff <= 30 + 1e-9:
            arcs.append(("front", "front", "left", "rear", "right", "front")[(i - facing) % 6])
    return min(arcs, key=badness.__getitem__)


@settings(max_examples=300, deadline=None)
@given(
    flat=st.booleans(),
    centre=st.tuples(st.integers(3, 8), st.integers(3, 8)),
    cell=st.tuples(st.integers(0, 11), st.integers(0, 11)),
    facing=st.integers(0, 5),
)
def test_arc_matches_ideal_angles(flat, centre, cell, facing) -> None:
    layout = FLAT if flat else POINTY
    if cell == centre:
        return
    assert arc_of_hex(layout, centre, facing, cell) == _reference_arc(layout, centre, facing, cell)


def _arc_encounter(attacker: dict, defender: dict) -> Encounter:
    rows = ["." * 10] * 8
    return Encounter.from_scenario(scenario_from_rows(rows, [attacker, defender]))


def test_multi_hex_attacker_counts_its_worst_hex_in_band() -> None:
    # Large attacker centred (4,3); of its hexes only (5,3) (nw of the defender, left)
    # and (5,4) (w, rear) are within reach 1 of the defender at (6,4): rear counts (R18),
    # though its centre alone would lie on the nw/w border (left).
    enc = _arc_encounter(
        {"name": "Ogre", "at": (4, 3), "faction": "enemy", "size": "large"},
        {"name": "Aldric", "at": (6, 4), "faction": "player", "facing": "e"},
    )
    assert enc.arc("Ogre", "Aldric") == "rear"
    assert arc_of_hex(POINTY, (6, 4), E, (4, 3)) == "left"


def test_arc_from_out_of_band_attacker_uses_its_centre() -> None:
    enc = _arc_encounter(
        {"name": "Ogre", "at": (1, 3), "faction": "enemy", "size": "large"},
        {"name": "Aldric", "at": (7, 3), "faction": "player", "facing": "w"},
    )
    assert enc.arc("Ogre", "Aldric") == "front"
    enc.apply(Face("Aldric", "e"))  # setup: the GM edits facing freely
    assert enc.arc("Ogre", "Aldric") == "rear"


def test_facing_only_on_own_turn() -> None:
    enc = _arc_encounter(
        {"name": "Orc", "at": (1, 3), "faction": "enemy", "initiative": 5},
        {"name": "Aldric", "at": (7, 3), "faction": "player"},
    )
    enc.apply(Begin())
    before = enc.state_json()
    with pytest.raises(Exception, match="turn"):
        enc.apply(Face("Aldric", "w"))  # R16: never during another's turn
    assert enc.state_json() == before
    enc.apply(Face("Orc", "sw"))
    enc.apply(Face("Orc", "nw"))  # free and unlimited
    assert enc.state_json()["units"]["Orc"]["facing"] == "nw"
    assert enc.state_json()["units"]["Orc"]["movement"] == 6
