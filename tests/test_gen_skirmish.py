"""tools/gen_skirmish.py: generated measuring maps are valid, fair to reach, varied and repeatable."""

from __future__ import annotations

from pathlib import Path

from game.maps import load_scenario, validate_map
from game.maps.tmxwrite import write_map
from tests.tool_scripts import load_tool


def test_generated_maps_validate_and_every_combatant_can_reach_a_hostile(tmp_path: Path) -> None:
    gen = load_tool("gen_skirmish")
    maps = gen.generate_set(tmp_path, range(1, 9))
    for m in maps:
        assert validate_map(str(m.path)) == [], m.describe()
        assert gen.problems(m.path) == [], m.describe()
        scenario = load_scenario(str(m.path))
        assert gen.MIN_SIDE <= scenario.board.cols <= gen.MAX_SIDE
        assert gen.MIN_SIDE <= scenario.board.rows <= gen.MAX_SIDE
        factions = [s.faction for s in scenario.combatants]
        assert factions.count("enemy") == factions.count("player") + factions.count("ally") >= 2
    # Varied: these eight seeds cover every layout and at least four of the six features.
    assert {m.layout for m in maps} == set(gen.LAYOUTS)
    assert len({f for m in maps for f in m.features}) >= 4


def test_a_seed_always_gives_the_same_map(tmp_path: Path) -> None:
    gen = load_tool("gen_skirmish")
    a = gen.generate(tmp_path / "a", 17)
    b = gen.generate(tmp_path / "b", 17)
    assert a.path.read_bytes() == b.path.read_bytes()
    assert gen.generate(tmp_path / "c", 18).describe() != a.describe()


def test_the_reach_check_finds_a_side_cut_off_by_a_chasm(tmp_path: Path) -> None:
    # A chasm column splits the map (R5: ground may not enter a chasm, flying may). The flyer on
    # the left can cross and strike the soldier; the soldier on the right can never reach the flyer.
    gen = load_tool("gen_skirmish")
    path = write_map(tmp_path / "cut.tmx", ["...c...", "...c...", "...c..."], units=[
        {"name": "Blue Flyer", "at": (0, 1), "faction": "player", "movement_type": "flying"},
        {"name": "Red Soldier", "at": (6, 1), "faction": "enemy"},
    ])
    assert gen.problems(path) == ["cut.tmx: Red Soldier at 6,1 can reach no hostile"]


def test_the_reach_check_measures_the_weapon_band_from_the_footprints_edge(tmp_path: Path) -> None:
    # Water down column 3 of a 7 x 3 pointy-top odd-r map (R5: neither may enter it). On row 1 axial q is the
    # column, so distances along it are column differences. The Blue Pikeman (reach 2, so band 2-2) walks
    # anywhere west of the water; from 2,1 the large Red Brute's centre 5,1 is 3 away, 2 from its footprint's
    # edge (R26, R28): in his band. The Brute can stand only on 5,1 (a centre on row 0 or 2 puts footprint
    # hexes off the map, one on 4,1 puts 3,1, water, under it, R27), 5 from the Pikeman at 0,1: 4 from its
    # edge, out of its reach 1 (R21).
    gen = load_tool("gen_skirmish")
    path = write_map(tmp_path / "band.tmx", ["...w..."] * 3, units=[
        {"name": "Blue Pikeman", "at": (0, 1), "faction": "player", "reach": 2},
        {"name": "Red Brute", "at": (5, 1), "faction": "enemy", "size": "large"},
    ])
    assert gen.problems(path) == ["band.tmx: Red Brute at 5,1 can reach no hostile"]
