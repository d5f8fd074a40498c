"""The engine's bulk queries for policies agree with its one-at-a-time answers (R1, R4-R10, R17-R21, R28)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from game.rules import (
    ARC_FLANK,
    ARC_FRONT,
    ARC_REAR,
    SIDE_BITS,
    Begin,
    Encounter,
    ThreatZones,
    ZoneMemo,
    hit_chance,
    scenario_from_rows,
    sides_toward,
    worst_arcs,
)

ROWS = [
    "..d....w..",
    ".#d..h.w..",
    "..d..#.w.c",
    "....dd....",
    ".h..#..d..",
    "......d...",
]


def _encounter(axis: str, index: str) -> Encounter:
    units = [
        {"name": "P1", "faction": "player", "at": (0, 0), "move": 5},
        {"name": "P2", "faction": "player", "at": (3, 3), "reach": 2, "move": 4},
        {"name": "A1", "faction": "ally", "at": (1, 5), "movement_type": "flying", "move": 6},
        {"name": "E1", "faction": "enemy", "at": (8, 1), "move": 6, "movement_type": "swimming"},
        {"name": "E2", "faction": "enemy", "at": (6, 4), "move": 5},
        {"name": "E3", "faction": "enemy", "at": (9, 5), "reach": 2, "reach_min": 1, "move": 3},
    ]
    enc = Encounter(scenario_from_rows(ROWS, units, stagger_axis=axis, stagger_index=index))
    enc.apply(Begin())
    return enc


@pytest.mark.parametrize(("axis", "index"), [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")])
def test_next_turn_reach_of_every_standard_size_mover_is_reach_for_with_a_fresh_budget(axis: str, index: str) -> None:
    enc = _encounter(axis, index)
    zones = ThreatZones(enc, ZoneMemo())
    n = enc.board.rows * enc.board.cols
    for v in enc.views():
        band = v.reach
        (can, zone), = zones.next_turn_reaches([(v, band)])
        exact = enc.reach_for(v.name, budget=v.movement_max).can_end.ravel()
        assert np.array_equal(can[:n], exact), v.name
        # The zone: every hex within ``band`` of a hex it could end on (R1 distance, by brute force).
        ends = [enc.board.cell_of(int(f)) for f in np.flatnonzero(exact)]
        want = np.array([any(enc.layout.distance(e, enc.board.cell_of(f)) <= band for e in ends) for f in range(n)])
        assert np.array_equal(zone[:n], want & enc.board.on_map.ravel()), v.name


def test_the_memo_changes_no_answer() -> None:
    enc = _encounter("y", "odd")
    memo = ZoneMemo()
    asks = [(v, v.reach) for v in enc.views()]
    first = ThreatZones(enc, memo).next_turn_reaches(asks)
    again = ThreatZones(enc, memo).next_turn_reaches(asks)  # answered from the memo
    fresh = ThreatZones(enc, ZoneMemo()).next_turn_reaches(asks)
    for a, b, c in zip(first, again, fresh, strict=True):
        assert all(np.array_equal(x, y) and np.array_equal(x, z) for x, y, z in zip(a, b, c, strict=True))


def test_strike_cells_are_where_the_attack_preview_finds_the_target_in_band() -> None:
    enc = _encounter("y", "odd")
    zones = ThreatZones(enc)
    for name in ("P1", "P2"):
        me = enc.view(name)
        cells = np.flatnonzero(enc.reach_for(name, budget=me.movement_max + 6).can_end.ravel())
        for t in (enc.view(x) for x in ("E1", "E2", "E3")):
            got = set(zones.strike_cells(me, t, cells).tolist())
            # R21/R28: the target's hex lies in the band [reach_min, reach] from the attacker's.
            want = {int(f) for f in cells
                    if me.reach_min <= enc.layout.distance(enc.board.cell_of(int(f)), t.cell) <= me.reach}
            assert got == want


def test_hit_chance_counts_the_d20_faces_that_hit() -> None:
    # R21: d20 + attack >= defence - penalty; a 1 is only a miss when 1 + attack falls short.
    for attack, defense, pen in itertools.product(range(-2, 6), range(5, 26), (0, 2, 4)):
        faces = sum(1 for roll in range(1, 21) if roll + attack >= defense - pen)
        assert hit_chance(attack, defense, pen) == faces / 20


def test_worst_arcs_is_the_worst_of_the_sides_a_blow_could_come_from() -> None:
    # R17/R18 by hand: for a defender facing f, side (f + k) % 6 is front for k in {0, 1, 5},
    # flank for {2, 4}, rear for 3; a set of sides lands on the worst of them.
    kind = {0: ARC_FRONT, 1: ARC_FRONT, 5: ARC_FRONT, 2: ARC_FLANK, 4: ARC_FLANK, 3: ARC_REAR}
    for mask in range(64):
        for f in range(6):
            sides = [d for d in range(6) if mask >> d & 1]
            want = max((kind[(d - f) % 6] for d in sides), default=ARC_FRONT)
            assert worst_arcs(np.array([mask]))[0, f] == want


def test_sides_toward_points_along_each_neighbour_direction() -> None:
    enc = _encounter("x", "even")
    layout = enc.layout
    centre = (4, 3)
    for d in range(6):
        cell = layout.neighbor(centre, d)
        q, r = layout.to_axial(cell)
        # From the neighbour in direction d, the centre lies in the opposite direction.
        got = sides_toward(layout, np.array([q]), np.array([r]), centre)[0] @ SIDE_BITS
        assert got == 1 << ((d + 3) % 6)


def _without(units: list[dict[str, object]], name: str) -> list[dict[str, object]]:
    return [u for u in units if u["name"] != name]


@pytest.mark.parametrize(("axis", "index"), [("y", "odd"), ("x", "even")])
def test_a_reach_asked_with_a_combatant_moved_or_gone_is_the_reach_on_a_board_set_up_that_way(
        axis: str, index: str) -> None:
    # A corridor two hexes wide at most: the player's soldier S standing in it (or beside it) blocks
    # (R4) and stops (R9) the orc O on its way to the archer A behind. The "what if" answers must be
    # the plain answers on a board where S was set up elsewhere, or not at all.
    rows = [
        "....#.....",
        "....#.....",
        "..........",
        "....#.....",
        "....#.....",
    ]
    base = [
        {"name": "S", "faction": "player", "at": (4, 2), "move": 5},
        {"name": "A", "faction": "player", "at": (1, 2), "move": 5},
        {"name": "O", "faction": "enemy", "at": (8, 2), "move": 6},
        {"name": "F", "faction": "ally", "at": (6, 0), "move": 4, "movement_type": "flying"},
    ]

    def setup(units: list[dict[str, object]]) -> Encounter:
        enc = Encounter(scenario_from_rows(rows, units, stagger_axis=axis, stagger_index=index))
        enc.apply(Begin())
        return enc

    enc = setup(base)
    zones = ThreatZones(enc, ZoneMemo())
    s = enc.view("S")
    asks = [(enc.view("O"), 1), (enc.view("F"), 1), (enc.view("A"), 1)]
    elsewhere = [(3, 4), (5, 4), (2, 2), (6, 2)]
    for where in [None, *elsewhere]:
        units = _without(base, "S") if where is None else [
            {**u, "at": where} if u["name"] == "S" else u for u in base]
        other = setup(units)
        want = ThreatZones(other, ZoneMemo()).next_turn_reaches(
            [(other.view(h.name), band) for h, band in asks])
        at = None if where is None else enc.board.flat(where)
        got = zones.next_turn_reaches(asks, moved=(s, at))
        for (h, _), (wc, wz), (gc, gz) in zip(asks, want, got, strict=True):
            assert np.array_equal(wc, gc) and np.array_equal(wz, gz), (where, h.name)
    # And it matters: with S in the gap the orc cannot reach the archer next turn; with S gone it can.
    a = enc.board.flat((1, 2))
    (_, zone_held), = zones.next_turn_reaches([(enc.view("O"), 1)])
    (_, zone_gone), = zones.next_turn_reaches([(enc.view("O"), 1)], moved=(s, None))
    assert not zone_held[a] and zone_gone[a]
