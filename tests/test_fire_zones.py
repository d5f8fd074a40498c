"""The bulk shot and burst queries (ThreatZones.shot_odds, shoot_hexes, cast_origins, area_catches) answer
exactly what the one-at-a-time rules answer: preview_shoot with ``at``, can_cast, caught_by (R29-R32).

Random maps in all four layouts with walls, arrow slits, fog, trees (cover) and combatants (who give cover);
every hex of the map is asked at once and compared hex by hex with the previews.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import Begin, Encounter, Move, ThreatZones, scenario_from_rows

LAYOUTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


@st.composite
def battles(draw: st.DrawFn) -> tuple[Encounter, bool]:
    size = draw(st.sampled_from(["standard", "large", "giant"]))
    radius = {"standard": 0, "large": 1, "giant": 2}[size]
    cols = draw(st.integers(6 + 2 * radius, 12 + 2 * radius))  # room beside a big target for the others
    rows = draw(st.integers(6 + 2 * radius, 12 + 2 * radius))
    axis, index = draw(st.sampled_from(LAYOUTS))
    chars = draw(st.lists(st.sampled_from("......#t|f"), min_size=cols * rows, max_size=cols * rows))
    grid = ["".join(chars[r * cols:(r + 1) * cols]) for r in range(rows)]
    # A large or giant target (R26) first, then the others on hexes clear of its footprint.
    centre = (draw(st.integers(radius + 1, cols - radius - 2)), draw(st.integers(radius + 1, rows - radius - 2)))
    free = [(c, r) for r in range(1, rows - 1) for c in range(1, cols - 1)
            if not radius or abs(c - centre[0]) > radius + 1 or abs(r - centre[1]) > radius + 1]
    cells = draw(st.lists(st.sampled_from(free), min_size=5, max_size=5, unique=True))
    # Units stand on open ground (the rows are rewritten under them).
    grid = [list(r) for r in grid]
    for c, r in cells:
        grid[r][c] = "."
    facing = draw(st.sampled_from(["e", "w", "ne", "nw", "se", "sw"] if axis == "y" else
                                  ["n", "s", "ne", "nw", "se", "sw"]))
    units = [
        {"name": "Archer", "at": cells[0], "faction": "player", "initiative": 20, "ranged": draw(
            st.sampled_from(["1-6", "2-8", "3-5"])), "ranged_attack": draw(st.integers(-2, 6)),
         "ranged_damage": "1d6", "area_range": draw(st.integers(2, 6)), "area_radius": 1},
        {"name": "Orc", "at": cells[1], "faction": "enemy", "facing": facing, "hp": draw(st.integers(1, 8)),
         "defense": draw(st.integers(8, 16))},
        {"name": "Pike", "at": cells[2], "faction": "enemy", "reach": 2},
        {"name": "Friend", "at": cells[3], "faction": "ally"},
        {"name": "Wolf", "at": cells[4], "faction": "enemy"},
    ]
    if radius:
        c, r = centre
        for dc in range(-radius, radius + 1):
            for dr in range(-radius, radius + 1):
                grid[r + dr][c + dc] = "."
        units.append({"name": "Troll", "at": centre, "faction": "enemy", "size": size, "facing": facing})
    enc = Encounter(scenario_from_rows(["".join(r) for r in grid], units, stagger_axis=axis, stagger_index=index))
    enc.apply(Begin())
    return enc, radius > 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_shot_odds_are_preview_shoot_at_every_hex(case: tuple[Encounter, bool]) -> None:
    enc, _ = case
    zones = ThreatZones(enc)
    me = enc.view("Archer")
    flats = np.arange(zones.n)
    for t in enc.views():
        if not enc.hostile("Archer", t.name):
            continue
        odds = zones.shot_odds(me, t, flats)
        for f in flats:
            cell = enc.board.cell_of(int(f))
            if not enc.board.is_on_map(cell) or any(v.cell == cell for v in enc.views() if v.name != "Archer"):
                continue
            p = enc.preview_shoot("Archer", t.name, at=cell)
            assert odds.legal[f] == (p.legal is None), (t.name, cell, p.legal)
            if p.legal is None:
                assert (bool(odds.cover[f]), int(odds.penalty[f]), bool(odds.threatened[f]), int(odds.needed[f])) == \
                    (p.cover, p.penalty, bool(p.threatened_by), p.needed), (t.name, cell)
                assert odds.hit_chance[f] == p.hit_chance
                assert odds.expected_damage[f] == p.expected_damage
                assert odds.defeat_chance[f] == p.defeat_chance


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_shoot_hexes_are_where_some_shot_would_be_legal(case: tuple[Encounter, bool]) -> None:
    enc, large = case
    zones = ThreatZones(enc)
    me = enc.view("Archer")
    flats = np.arange(zones.n)
    anywhere = np.zeros(zones.n, dtype=bool)
    for t in enc.views():
        if enc.hostile("Archer", t.name):
            anywhere |= zones.shot_odds(me, t, flats).legal
    mask = zones.shoot_hexes(me)[: zones.n]
    on_map = enc.board.on_map.ravel()
    assert not (anywhere & ~mask).any()  # never misses a hex
    if not large:  # exact for standard sizes
        assert ((mask & on_map) == (anywhere & on_map)).all()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.data())
def test_cast_origins_and_catches_match_the_rules(case: tuple[Encounter, bool], data: st.DataObject) -> None:
    enc, _ = case
    zones = ThreatZones(enc)
    me = enc.view("Archer")
    at = data.draw(st.sampled_from(enc.cast_centres("Archer") or [me.cell]))
    here = np.array([enc.board.flat(me.cell)])
    assert bool(zones.cast_origins(me, enc.board.flat(at), here)[0]) == (enc.can_cast("Archer", at) is None)
    # From another hex: move the archer there on a copy and ask the rules.
    reach = enc.reach_for("Archer")
    for cell, _cost, _stops in reach.destinations()[:6]:
        moved = enc.clone()
        moved.apply(Move("Archer", cell))
        got = zones.cast_origins(me, enc.board.flat(at), np.array([enc.board.flat(cell)]))[0]
        assert bool(got) == (moved.can_cast("Archer", at) is None), cell
    centres = np.array([enc.board.flat(c) for c in enc.cast_centres("Archer")], dtype=np.int64)
    names, caught = zones.area_catches(1, centres)
    for i, c in enumerate(centres):
        expected = enc.caught_by("Archer", enc.board.cell_of(int(c)))
        assert [n for n, hit in zip(names, caught[i], strict=True) if hit] == expected


def test_arc_kinds_in_bulk_are_the_arc_of_each_hex() -> None:
    # R18 for one attacker hex, every hex of a map around three defenders and every facing, in all
    # four layouts: a sector border counts in the arc better for the defender (facing.arc_of_hex).
    from game.rules import HexLayout
    from game.rules.attack_odds import ARC_FLANK, ARC_FRONT, ARC_REAR, arc_kinds_from
    from game.rules.facing import arc_of_hex

    kind = {"front": ARC_FRONT, "left": ARC_FLANK, "right": ARC_FLANK, "rear": ARC_REAR}
    for axis, index in LAYOUTS:
        layout = HexLayout(axis, index, 64, 74, 37, 16, 16)
        q, r = layout.axial_arrays()
        for defender in ((7, 7), (8, 8), (3, 10)):
            for facing in range(6):
                got = arc_kinds_from(layout, defender, facing, q, r)
                want = np.array([[kind[arc_of_hex(layout, defender, facing, (c, row))] for c in range(16)]
                                 for row in range(16)])
                assert (got == want).all(), (axis, index, defender, facing)


def _burst_cover_matches_preview(enc: Encounter, caster: str, targets: list[str]) -> int:
    """burst_cover over every hex against preview_cast(origin=...)'s cover, hex by hex where the cast is legal:
    how many hexes were compared."""
    zones = ThreatZones(enc)
    me = enc.view(caster)
    every = np.arange(enc.board.rows * enc.board.cols, dtype=np.int64)
    asked = 0
    for name in targets:
        foe = enc.view(name)
        can = every[zones.cast_origins(me, enc.board.flat(foe.cell), every)]
        got = zones.burst_cover(me, foe, can)
        for flat, cover in zip(can, got, strict=True):
            origin = enc.board.cell_of(int(flat))
            pv = enc.preview_cast(caster, foe.cell, origin)
            mine = [a for a in pv.affected if a.target == name]
            assert mine and bool(cover) == mine[0].cover, (name, origin)
            asked += 1
    return asked


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_burst_cover_in_bulk_is_the_cast_previews_cover(case: tuple[Encounter, bool]) -> None:
    # R31-R32: a burst centred on a combatant, cast from each hex: the one term of its odds that changes with the
    # caster's hex. A standard caster at standard and large or giant targets, trees and others giving cover.
    enc, big = case
    _burst_cover_matches_preview(enc, "Archer", ["Orc", "Wolf", "Friend"] + (["Troll"] if big else []))


def test_burst_cover_of_a_large_caster_is_the_cast_previews_cover() -> None:
    # A large caster (R26) hex by hex: its footprint moves with it, so every hex of it at each origin is a line.
    rows = ["..........", "....t.....", "..........", "...f......", "......t...", "..........", ".........."]
    enc = Encounter(scenario_from_rows(rows, [
        {"name": "Ogre", "at": (2, 3), "faction": "enemy", "size": "large", "area_range": 6, "area_radius": 1,
         "initiative": 20},
        {"name": "Kell", "at": (7, 2), "faction": "player"},
        {"name": "Ash", "at": (5, 5), "faction": "player"},
        {"name": "Bo", "at": (6, 3), "faction": "player"},
    ]))
    enc.apply(Begin())
    assert _burst_cover_matches_preview(enc, "Ogre", ["Kell", "Ash", "Bo"]) > 20
