"""The engine's bulk queries for policies agree with its one-at-a-time answers (R1, R4-R10, R17-R21, R28)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


@pytest.mark.parametrize(("axis", "index"), [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")])
def test_distance_rows_are_the_hex_distance_from_the_cell_to_every_hex(axis: str, index: str) -> None:
    # R1, one pair at a time (the grid's own distance, in offset coordinates), against the rows read from
    # the picture of every axial offset; the off-grid slot stays farther than any hex.
    enc = _encounter(axis, index)
    zones = ThreatZones(enc, ZoneMemo())
    cells = [enc.board.cell_of(f) for f in range(zones.n)]
    for a in cells:
        row = zones.distances(a)
        assert row[: zones.n].tolist() == [enc.layout.distance(a, b) for b in cells], a
        assert row[zones.n] > 1000


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


@pytest.mark.parametrize(("axis", "index"), [("y", "odd"), ("x", "even")])
def test_strike_hexes_are_the_free_hexes_with_some_hostile_in_the_weapon_band(axis: str, index: str) -> None:
    # R21/R28 by brute force over every hex: the rings strike_hexes reads from its memo give the same set.
    enc = _encounter(axis, index)
    zones = ThreatZones(enc, ZoneMemo())
    n = enc.board.rows * enc.board.cols
    for v in enc.views():
        foes = [h for h in enc.views() if enc.hostile(v.name, h.name)]
        free = zones.enter_cost(v)[:n] < 1e9
        want = np.array([free[f] and any(
            v.reach_min <= enc.layout.distance(enc.board.cell_of(f), h.cell) - v.radius - h.radius <= v.reach
            for h in foes) for f in range(n)])
        got = zones.strike_hexes(v)
        assert np.array_equal(got[:n], want), v.name
        assert not got[n]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), density=st.sampled_from([0.01, 0.05, 0.5]), radius=st.integers(0, 2),
       axis=st.sampled_from(["x", "y"]))
def test_a_footprint_overlaps_a_held_hex_where_the_hex_lies_within_its_radius(
        seed: int, density: float, radius: int, axis: str) -> None:
    # R26: a footprint of ``radius`` centred on c covers the grid's hexes within ``radius`` of c; by brute
    # force over every pair, whichever way (few hexes held or many) the engine grows the mask.
    enc = Encounter(scenario_from_rows(ROWS, [{"name": "P1", "faction": "player", "at": (0, 0)}], stagger_axis=axis))
    zones = ThreatZones(enc, ZoneMemo())
    n = zones.n
    rng = np.random.default_rng(seed)
    held = np.append(rng.random(n) < density, False)
    got = zones._grow(held, radius)
    cells = [enc.board.cell_of(f) for f in range(n)]
    want = [any(held[g] and enc.layout.distance(cells[f], cells[g]) <= radius for g in range(n)) for f in range(n)]
    assert got[:n].tolist() == want
    assert not got[n]


@settings(max_examples=150, deadline=None)
@given(axis=st.sampled_from(["x", "y"]), index=st.sampled_from(["odd", "even"]),
       q0=st.integers(-14, 14), r0=st.integers(-14, 14), w=st.integers(0, 20), h=st.integers(0, 20))
def test_a_window_holds_exactly_the_grid_hexes_of_its_axial_rectangle(axis: str, index: str, q0: int, r0: int,
                                                                       w: int, h: int) -> None:
    enc = _encounter(axis, index)
    zones = ThreatZones(enc, ZoneMemo())
    win = zones._spanning((q0, r0), (q0 + w, r0 + h))
    want = [f for f in range(zones.n) if q0 <= zones.q[f] <= q0 + w and r0 <= zones.r[f] <= r0 + h]
    assert win.flats.tolist() == want
    # Each hex's place in the padded window: row r - r0 + 1, column q - q0 + 1, rows w + 2 wide.
    assert win.at.tolist() == [(int(zones.r[f]) - r0 + 1) * (w + 3) + int(zones.q[f]) - q0 + 1 for f in want]


def test_answers_remembered_by_the_hostiles_hexes_are_those_of_a_fresh_look_after_a_move() -> None:
    # A mover's step costs and strike hexes depend on the board and its hostiles' hexes: remembered from
    # one state to the next they must stay right for everyone, the mover's hostiles (whose foe moved) too.
    from game.rules import Move

    enc = _encounter("y", "odd")
    memo = ZoneMemo()
    before = ThreatZones(enc, memo)
    for v in enc.views():
        before.enter_cost(v), before.strike_hexes(v), before.shoot_hexes(v)
    mover = enc.turn
    assert mover is not None
    far = max(enc.reach_for(mover).destinations(), key=lambda d: d[1])[0]
    enc.apply(Move(mover, far))
    kept, fresh = ThreatZones(enc, memo), ThreatZones(enc, ZoneMemo())
    for v in enc.views():
        assert np.array_equal(kept.enter_cost(v), fresh.enter_cost(v)), v.name
        assert np.array_equal(kept.strike_hexes(v), fresh.strike_hexes(v)), v.name
        assert np.array_equal(kept.shoot_hexes(v), fresh.shoot_hexes(v)), v.name


def test_reaches_asked_through_a_turn_with_the_memo_kept_are_those_of_a_fresh_look() -> None:
    # A faction's view of the board (its step costs, the hexes its hostiles threaten, those its friends
    # hold) is remembered across states by those combatants' hexes: after a move, an attack that moves
    # nobody and a turn's end, every combatant's reach must be the one a fresh memo works out.
    from game.rules import EndTurn, Move

    enc = _encounter("y", "odd")
    memo = ZoneMemo()
    for _ in range(12):  # two rounds
        asks = [(v, b) for v in enc.views() for b in (v.reach, 2)]
        kept = ThreatZones(enc, memo).next_turn_reaches(asks)
        fresh = ThreatZones(enc, ZoneMemo()).next_turn_reaches(asks)
        for (v, _), a, b in zip(asks, kept, fresh, strict=True):
            assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]), v.name
        mover = enc.turn
        assert mover is not None
        ends = enc.reach_for(mover).destinations()
        if len(ends) > 1:
            enc.apply(Move(mover, max(ends, key=lambda d: d[1])[0]))
        enc.apply(EndTurn())


def test_lines_read_back_from_a_wider_window_are_those_worked_out_afresh() -> None:
    # R30/R31: whether a hex is seen from a shooter's hex and whether the line crosses cover does not depend
    # on which other hexes were asked with it; the memo answers a narrower question from a wider one.
    from game.rules.fire_zones import lines_from

    enc = _encounter("x", "even")
    memo = ZoneMemo()
    zones = ThreatZones(enc, memo)
    shooter, target = enc.view("E2"), enc.view("P2")
    every = np.arange(zones.n)
    wide = zones.exposure(shooter, target, every)
    assert len(memo.lines) == 1
    rng = np.random.default_rng(7)
    for _ in range(20):
        some = np.sort(rng.choice(zones.n, size=int(rng.integers(1, 12)), replace=False))
        got = zones.exposure(shooter, target, some)
        fresh = lines_from(enc, shooter.cell, (shooter.name, target.name), some)
        assert all(np.array_equal(g, f) for g, f in zip(got, fresh, strict=True))
        assert all(np.array_equal(g, w[some]) for g, w in zip(got, wide, strict=True))
    assert wide[0].any() and not wide[0].all() and wide[1].any()  # some seen, some not; some covered
    assert len(memo.lines) == 1  # all read back


def test_the_stacked_growth_kept_for_other_steps_gives_the_same_zones() -> None:
    # _sweep_and_grow answers when the grid's steps are not the six axial ones; on this grid both must agree.
    enc = _encounter("x", "odd")
    asks = [(v, b) for v in enc.views() for b in (v.reach, v.reach + 4)]
    split = ThreatZones(enc, ZoneMemo()).next_turn_reaches(asks)
    zones = ThreatZones(enc, ZoneMemo())
    zones._sweep_reaches = zones._sweep_and_grow  # type: ignore[method-assign]
    stacked = zones.next_turn_reaches(asks)
    for a, b in zip(split, stacked, strict=True):
        assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])


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


def test_a_reach_asked_with_many_bands_is_each_band_asked_alone() -> None:
    # Where a mover could end is swept once for all the bands asked of it (memo.ends), in one call or in
    # later ones: each answer must be that of the band asked alone, of a fresh memo, on a fresh state.
    enc = _encounter("y", "even")
    memo = ZoneMemo()
    asks = [(v, b) for v in enc.views() for b in (v.reach, 2, v.reach + 3)]
    together = ThreatZones(enc, memo).next_turn_reaches(asks)
    zones = ThreatZones(enc, memo)  # one state asked one band at a time: the mover's inputs kept between calls
    one_by_one = [zones.next_turn_reaches([ask])[0] for ask in reversed(asks)][::-1]
    for ask, a, b in zip(asks, together, one_by_one, strict=True):
        (alone,) = ThreatZones(enc, ZoneMemo()).next_turn_reaches([ask])
        for x in (a, b):
            assert np.array_equal(x[0], alone[0]) and np.array_equal(x[1], alone[1]), ask[0].name
    # A zone with a wider band holds the narrower one's (a check the bands were not mixed up).
    assert all(together[3 * k + 2][1][together[3 * k][1]].all() for k in range(len(asks) // 3))
