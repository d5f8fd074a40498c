"""The lint names a combatant (and a side of several) that could never get at a hostile where the map places it.

Maps are pointy-top odd-r (odd rows shifted right), as in test_lint.py. Axial coordinates, used for
distances below: q = col - (row - row % 2) // 2, r = row; distance max(|dq|, |dr|, |dq + dr|) (R1).

The river maps: 13 columns by 9 rows, water down columns 5 and 6 (two hexes wide), ground elsewhere;
the party's Hero at 1,4 on the west bank, the enemy on the east bank. A ford is ground across both
river columns, on row 4 only (one hex across) or on rows 3-5 (three).

Why a large troll never crosses the one-hex ford (R26, R27), by hand: a step moves its centre one column
at most, so from the east bank (column 7 or more) to the west (4 or less) its centre must stand in
column 5 and in column 6. On any row but 4 that centre hex is water. On row 4 (even) the hexes above
and below a centre (c, 4) are (c-1, 3), (c, 3), (c-1, 5), (c, 5): for c = 5 that covers 5,3 and for
c = 6 it covers 5,3 and 6,3, water in both cases. Over the three-row ford, the centre on 5,4 covers
4,3 5,3 4,4 6,4 4,5 5,5 and on 6,4 it covers 5,3 6,3 5,4 7,4 5,5 6,5: all ground, so it wades across.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps.lint import lint_map
from game.maps.tmxwrite import write_map
from game.rules import Encounter, scenario_from_rows

ROOT = Path(__file__).resolve().parents[1]
SEE = 'see docs/map-format.md, "Map lint"'
FORD_ROWS = {"none": (), "one hex": (4,), "three hexes": (3, 4, 5), "five hexes": (2, 3, 4, 5, 6)}
HERO = {"name": "Hero", "at": (1, 4), "faction": "player"}


def river(ford: str) -> list[str]:
    return [".....  ......".replace("  ", ".." if r in FORD_ROWS[ford] else "ww") for r in range(9)]


def troll(at: tuple[int, int] = (10, 4), **kw: object) -> dict[str, object]:
    return {"name": "Troll", "at": at, "faction": "enemy", "size": "large", **kw}


def lint(tmp_path: Path, terrain: list[str], units: list[dict[str, object]]) -> list[str]:
    return lint_map(write_map(tmp_path / "m.tmx", terrain, units=units, tileset="external"))


def stranded_line(who: str, why: str) -> str:
    return f"m.tmx: {who} can never reach a hostile where the map places them: {why}; {SEE}"


TOO_NARROW = ("no way across is wide enough for its footprint (all 7 hexes on ground it may enter: "
              "a way 3 hexes wide, R26, R27)")


def test_a_large_walker_behind_a_one_hex_ford_is_named_with_the_reason(tmp_path: Path) -> None:
    # The Hero wades the same ford (one hex is enough for a standard footprint) and is not named.
    assert lint(tmp_path, river("one hex"), [HERO, troll()]) == [
        stranded_line('object 2 "Troll" at 10,4 (large, walks)', TOO_NARROW),
    ]


def test_a_ford_three_hexes_wide_lets_the_troll_across(tmp_path: Path) -> None:
    assert lint(tmp_path, river("three hexes"), [HERO, troll()]) == []


def test_a_giant_needs_a_ford_five_hexes_wide(tmp_path: Path) -> None:
    # A giant's footprint is every hex within 2 of its centre (R26). Over the three-row ford its centre must
    # still stand in column 5 and in column 6 on one of rows 3-5, and each such centre has a river hex two
    # rows off within 2 of it: 5,3 (axial 4,3) and 6,3 (5,3) reach 5,1 (5,1) and 6,1 (6,1); 5,4 (3,4) and
    # 6,4 (4,4) reach 5,2 (4,2); 5,5 (3,5) and 6,5 (4,5) reach 5,7 (2,7) and 6,7 (3,7). Over rows 2-6 the
    # centre on 5,4 or 6,4 covers rows 2-6 only, all ford there, so it wades across.
    giant = troll(size="giant")
    assert lint(tmp_path, river("three hexes"), [HERO, giant]) == [
        stranded_line('object 2 "Troll" at 10,4 (giant, walks)',
                      "no way across is wide enough for its footprint (all 19 hexes on ground it may enter: "
                      "a way 5 hexes wide, R26, R27)"),
    ]
    assert lint(tmp_path, river("five hexes"), [HERO, giant]) == []


def test_a_large_flyer_crosses_the_river_anywhere(tmp_path: Path) -> None:
    assert lint(tmp_path, river("one hex"), [HERO, troll(movement_type="flying")]) == []


def test_an_archer_that_can_shoot_across_the_river_is_not_named(tmp_path: Path) -> None:
    # The large archer's nearest centres are in column 8 (column 7's would put a footprint hex in the river
    # off row 4). From 8,4 (axial 6,4) to the Hero at 1,4 (axial -1,4): 7 hexes, 6 from its footprint's
    # edge (R28, R29): in a 2-6 bow's range across open water (water does not block sight, R30). From 8,3
    # (axial 7,3) and 8,5 (axial 6,5) it is 8. A 2-5 bow never reaches him, so that archer is named.
    assert lint(tmp_path, river("one hex"), [HERO, troll(ranged="2-6")]) == []
    assert lint(tmp_path, river("one hex"), [HERO, troll(ranged="2-5")]) == [
        stranded_line('object 2 "Troll" at 10,4 (large, walks, shoots 2-5)', TOO_NARROW),
    ]


def test_no_ford_at_all_names_the_water_for_either_bank(tmp_path: Path) -> None:
    # Even made standard-size neither could cross; made a flyer, either could: the water is the cause (R5).
    assert lint(tmp_path, river("none"), [HERO, troll()]) == [
        stranded_line('object 1 "Hero" at 1,4 (walks)', "cut off by water it may not enter (R5)"),
        stranded_line('object 2 "Troll" at 10,4 (large, walks)', "cut off by water it may not enter (R5)"),
    ]


def test_a_side_none_of_whose_members_can_cross_is_named_too(tmp_path: Path) -> None:
    # Two large walkers behind the one-hex ford: each is named, then their side. An ogre at 10,1 stands
    # clear of the troll at 10,4 (rows 1 and 4 are three apart, and footprints of radius 1 need two).
    ogre = {"name": "Ogre", "at": (10, 1), "faction": "enemy", "size": "large"}
    assert lint(tmp_path, river("one hex"), [HERO, troll(), ogre]) == [
        stranded_line('object 2 "Troll" at 10,4 (large, walks)', TOO_NARROW),
        stranded_line('object 3 "Ogre" at 10,1 (large, walks)', TOO_NARROW),
        "m.tmx: side enemy: none of its 2 combatants (Troll and Ogre) can ever reach a hostile where the map "
        "places them, so it can never carry the fight to them",
    ]


def test_a_bystander_hostile_to_nobody_present_is_not_named(tmp_path: Path) -> None:
    # By default a neutral is hostile to no one (R3: enemy/player, enemy/ally), so a large neutral that
    # could never cross the ford is scenery, not a slip; the troll, made standard-size, wades across.
    hermit = {"name": "Hermit", "at": (11, 7), "faction": "neutral", "size": "large"}
    assert lint(tmp_path, river("one hex"), [HERO, {**troll(), "size": "standard"}, hermit]) == []


# The wall maps: 13 columns by 9 rows, blocked rock down column 5 save one hex at 5,4 (the gap), ground
# elsewhere; the Hero at 1,4 west of it, a large Troll archer (2-8) at 10,4 east. The column seals the two
# halves as the river does (a step changes the column by one at most) and, for sight, every segment from a
# hex east of it to a hex west of it passes through the strip of column 5's hexes, each sharing an edge
# with the next: it crosses one or runs along the edge two share (R30), so if all of them block sight the
# line is blocked. The gap is one hex wide: the Hero walks through it, the Troll never does (its centre
# would stand on 5,4, whose footprint covers 5,3 (rock), as on the one-hex ford, R26, R27).
FOG = {"f": {"terrain": "normal", "blocks_sight": True}}  # open ground that blocks sight (R30)


def walled(gap: str) -> list[str]:
    return ["....." + (gap if r == 4 else "#") + "......." for r in range(9)]


def wall_lint(tmp_path: Path, gap: str, units: list[dict[str, object]]) -> list[str]:
    path = write_map(tmp_path / "m.tmx", walled(gap), units=units, tileset="external", tile_properties=FOG)
    return lint_map(path)


def test_a_large_archer_that_sees_through_a_gap_it_cannot_pass_is_not_named(tmp_path: Path) -> None:
    # Centred on 8,4 its footprint hex 7,4 sees the Hero along row 4: a segment between two centres of one
    # row crosses only that row's hexes (2,4 ... 6,4, the gap 5,4 open ground) and skirts none. Axial
    # q = col - row // 2 on row 4: 7,4 is q 5 and 1,4 is q -1, 6 apart; the centre 8,4 (q 6) is 7 from the
    # Hero, 6 from its footprint's edge (R28): in its 2-8 range (R29).
    assert wall_lint(tmp_path, ".", [HERO, troll(ranged="2-8")]) == []


def test_a_large_archer_walled_off_from_every_target_is_named(tmp_path: Path) -> None:
    # Fog in the gap: the Hero still walks through, but now every hex of column 5 blocks sight, so from no
    # hex the Troll could stand on does it see the Hero, though he is 6 hexes from its footprint's edge,
    # in its 2-8 range (the old lint, judging a large shooter by range alone, was silent). Made standard-size
    # it would walk through the gap: the gap's width is the cause (R26, R27). Its other warning does not
    # fire: the Hero could come through the gap into its sight.
    assert wall_lint(tmp_path, "f", [HERO, troll(ranged="2-8")]) == [
        stranded_line('object 2 "Troll" at 10,4 (large, walks, shoots 2-8)', TOO_NARROW),
    ]


def test_a_wall_with_no_gap_names_the_large_archer_and_the_archer_shooting_at_a_large_target(tmp_path: Path) -> None:
    # No gap: neither may cross (rock is shut to flyers too, R5), and no line crosses column 5, so the large
    # Troll cannot shoot the Hero nor the standard-size Hero (now an archer too) the large Troll, though each
    # is in the other's 2-8 range (6 hexes apart at the nearest, as above). Their melee reach 1 never gets
    # over the rock. Both are named; then the sight warnings, as neither could ever see the other.
    archer = {**HERO, "ranged": "2-8"}
    never = "no hex it could ever stand on has a hostile within its reach 1 or in sight within its range 2-8"
    blind = "could never see a hostile within its range 2-8 from anywhere it can reach (R29, R30)"
    assert wall_lint(tmp_path, "#", [archer, troll(ranged="2-8")]) == [
        stranded_line('object 1 "Hero" at 1,4 (walks, shoots 2-8)', never),
        stranded_line('object 2 "Troll" at 10,4 (large, walks, shoots 2-8)', never),
        f'm.tmx: object 1 "Hero": {blind}',
        f'm.tmx: object 2 "Troll": {blind}',
    ]


def test_the_engine_says_where_a_combatant_could_attack_from() -> None:
    # Orc at 6,1 (odd row) on open ground 7 x 3: its neighbours on the map are 5,1 (w), 6,0 (nw) and 6,2 (sw);
    # the east ones (7,*) are off the map. A reach-1 Hero strikes from those three only (R21).
    rows = ["......."] * 3
    enc = Encounter(scenario_from_rows(rows, [{"name": "Hero", "at": (0, 1), "faction": "player"},
                                              {"name": "Orc", "at": (6, 1), "faction": "enemy"}]))
    at = enc.attack_positions("Hero")
    assert {(int(c), int(r)) for r, c in zip(*at.nonzero(), strict=True)} == {(5, 1), (6, 0), (6, 2)}


@pytest.mark.parametrize("path", sorted((ROOT / "maps").glob("*.tmx")), ids=lambda p: p.stem)
def test_no_shipped_map_strands_anyone(path: Path) -> None:
    assert [w for w in lint_map(path) if "can never reach a hostile" in w or "carry the fight" in w] == []


def test_the_old_miller_s_ford_strands_its_troll(tmp_path: Path) -> None:
    # Miller's Ford as tools/make_default_map.py drew it before its ford was widened (its TERRAIN rows; grass
    # and road as open ground, brush and rubble difficult, rock impassable, lava a hazard, the road's ends
    # exits). The river, two hexes wide, runs from top to bottom; its only non-water hexes are the ford
    # 9,5; 9,6 10,6; 9,7, and a hex path of the Troll's centre from east to west must step on one of them.
    # Each puts a water hex under its footprint (R27): 9,5 (odd row) has 10,5 beside it; 9,6 (even) has
    # 8,7 below-left; 10,6 has 10,5 above-right; 9,7 (odd) has 8,7 beside it.
    old = [
        ".,.;..,bww,b,#r#cc", ",...;,..wwbbb,rrcc", ".;#...,..wwbbb,rc;", ",..,.....ww,bbb.c;",
        "..,..b...ww.,bb..,", "Edd.,b...fw..,..;.", "Eddddddddffddddddd", ".,....,.wf,..l..,.",
        ",..b.....ww.bb..,.", "...rr.,...wwbbb..,", ".ww..,..;.ww.bb,..", "ww..,.....ww,.;..,",
    ]
    rows = [r.translate(str.maketrans(",;dfbrlE", "....ddhx")) for r in old]
    units = [{"name": "Aldric", "at": (4, 6), "faction": "player"}, troll(at=(15, 5))]
    assert lint(tmp_path, rows, units) == [
        stranded_line('object 2 "Troll" at 15,5 (large, walks)', TOO_NARROW),
    ]


def test_the_benchmarks_river_names_all_eight_trolls_and_their_side(tmp_path: Path) -> None:
    # tools/bench_lint.py's worst case: the one-hex ford argument above, on a 40x40 river (columns 19-20,
    # ford on row 20), with eight large walkers east of it and the Hero west; so every reason is worked out.
    from tests.tool_scripts import load_tool

    lines = lint_map(load_tool("bench_lint").stranded_river(tmp_path))
    assert len(lines) == 9 and all(TOO_NARROW in w for w in lines[:8])
    assert lines[8].startswith("river_40x40.tmx: side enemy: none of its 8 combatants (Troll 1, Troll 2,")
