"""The map lint: each likely mistake in a small hand-made map draws its warning; a clean map draws none.

Maps are pointy-top odd-r (odd rows shifted right): a cell (c, r) on an odd row has the neighbours
e (c+1, r), w (c-1, r), ne (c+1, r-1), nw (c, r-1), se (c+1, r+1), sw (c, r+1); on an even row
ne (c, r-1), nw (c-1, r-1), se (c, r+1), sw (c-1, r+1).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from game.cli.main import main
from game.maps.lint import lint_map
from game.maps.loader import load_scenario, validate_map
from game.maps.tmxdoc import TileLayer, TilesetRef, TmxDocument, write_tmx
from game.maps.tmxwrite import write_map
from game.rules import HexLayout, Terrain

ROOT = Path(__file__).resolve().parents[1]
OPEN = [
    ".......",
    ".......",
    ".......",
]
DUEL = [
    {"name": "Hero", "at": (0, 1), "faction": "player"},
    {"name": "Orc", "at": (6, 1), "faction": "enemy"},
]


def lint(tmp_path: Path, terrain: list[str], units: list[dict[str, object]], **kw: object) -> list[str]:
    kw.setdefault("tileset", "external")  # a shared tileset: its unused tiles are no concern of one map
    path = write_map(tmp_path / "m.tmx", terrain, units=units, **kw)
    return lint_map(path)


def test_a_sound_map_draws_no_warning(tmp_path: Path) -> None:
    assert lint(tmp_path, OPEN, DUEL) == []


# (3,2) on an even row: its six neighbours are (2,1) (3,1) (2,2) (4,2) (2,3) (3,3).
HUT = [".......", "..##...", "..#C#..", "..##...", "......."]
HERO = {"name": "Hero", "at": (0, 4), "faction": "player"}  # outside: the fight itself can happen
SIGHT_TILES = {"|": {"terrain": "blocked", "blocks_sight": False}, "f": {"terrain": "normal", "blocks_sight": True}}


def bowman(ranged: str = "2-6", at: tuple[int, int] = (3, 2), **kw: object) -> dict[str, object]:
    return {"name": "Bowman", "at": at, "faction": "player", "ranged": ranged, **kw}


def test_a_shooter_walled_in_could_never_see_a_hostile(tmp_path: Path) -> None:
    hut = [r.replace("C", ".") for r in HUT]
    warnings = lint(tmp_path, hut, [bowman(move=0), HERO, {"name": "Orc", "at": (6, 2), "faction": "enemy"}])
    assert warnings == [
        'm.tmx: object 1 "Bowman": cannot move anywhere from 3,2 (its move is 0)',
        'm.tmx: object 1 "Bowman" at 3,2 (walks, shoots 2-6) can never reach a hostile where the map places them: '
        'terrain walls it in where it stands; see docs/map-format.md, "Map lint"',
        'm.tmx: object 1 "Bowman": could never see a hostile within its range 2-6 from anywhere it can reach '
        '(R29, R30)',
    ]


def test_an_arrow_slit_lets_the_walled_in_shooter_see_out(tmp_path: Path) -> None:
    # The east wall hex is a slit (blocked, blocks_sight=false): the line east to the Orc at 6,2 crosses it.
    slit = [r.replace("C", ".") for r in HUT]
    slit[2] = "..#.|.."
    units = [bowman(move=0), HERO, {"name": "Orc", "at": (6, 2), "faction": "enemy"}]
    assert lint(tmp_path, slit, units, tile_properties=SIGHT_TILES) == [
        'm.tmx: object 1 "Bowman": cannot move anywhere from 3,2 (its move is 0)',
    ]


def test_a_shooter_in_fog_must_move_before_it_can_shoot(tmp_path: Path) -> None:
    # A ring of fog (walkable, blocks sight): nothing in range is in sight from the start, but it can walk out.
    fog = [r.replace("#", "f").replace("C", ".") for r in HUT]
    units = [bowman(), {"name": "Orc", "at": (6, 4), "faction": "enemy"}]
    assert lint(tmp_path, fog, units, tile_properties=SIGHT_TILES) == [
        'm.tmx: object 1 "Bowman": sees no hex within its range 2-6 from where it starts 3,2 (R30); '
        "it must move before it can shoot",
    ]


def test_a_range_longer_than_the_map_never_reaches_a_hostile(tmp_path: Path) -> None:
    # 7 x 3: no two hexes are 8 apart, so a bow that shoots 8-10 never has a target; 2-6 is fine.
    assert lint(tmp_path, OPEN, [bowman("8-10", at=(0, 1)), DUEL[1]]) == [
        # The Orc is in sight from everywhere, but always closer than 8: the line says that, not blindness (R29).
        'm.tmx: object 1 "Bowman": could never shoot from anywhere it can reach: every hostile it could see '
        "within 10 hexes is inside its minimum range 8 (Orc; counted from the edges of both bodies, R26, R29)",
    ]
    assert lint(tmp_path, OPEN, [bowman("2-6", at=(0, 1)), DUEL[1]]) == []


def test_combatant_that_cannot_move(tmp_path: Path) -> None:
    # (2,1) on an odd row: rock on all six neighbours (1,1) (3,1) (2,0) (3,0) (2,2) (3,2).
    terrain = ["..##...", ".#.#...", "..##..."]
    units = [{"name": "Hero", "at": (5, 0), "faction": "player"}, {"name": "Orc", "at": (6, 2), "faction": "enemy"},
             {"name": "Walled", "at": (2, 1), "faction": "player"}]
    assert lint(tmp_path, terrain, units) == [
        'm.tmx: object 3 "Walled": cannot move anywhere from 2,1 (terrain or other combatants wall it in)',
        'm.tmx: object 3 "Walled" at 2,1 (walks) can never reach a hostile where the map places them: terrain '
        'walls it in where it stands; see docs/map-format.md, "Map lint"',
    ]


def test_a_river_with_no_ford_cuts_both_off(tmp_path: Path) -> None:
    # A river down column 3: ground movers never cross (R5). The closest they get is 2,r and 4,r: two hexes
    # apart, outside an ordinary [1,1] band (R8, R21). Made flyers, either could cross: the water is why.
    # (test_lint_stranded.py has the fords, sizes, flyers and archers.)
    terrain = ["...w...", "...w...", "...w..."]
    assert lint(tmp_path, terrain, DUEL) == [
        'm.tmx: object 1 "Hero" at 0,1 (walks) can never reach a hostile where the map places them: cut off by '
        'water it may not enter (R5); see docs/map-format.md, "Map lint"',
        'm.tmx: object 2 "Orc" at 6,1 (walks) can never reach a hostile where the map places them: cut off by '
        'water it may not enter (R5); see docs/map-format.md, "Map lint"',
    ]


def test_a_spear_reaches_across_a_narrow_river(tmp_path: Path) -> None:
    # Same river, the Orc on its east bank at 4,1. A reach-2 spear on the west bank (2,1) has it two hexes
    # off (R21). The Orc, reach 1, never leaves columns 4-6, and the Hero where the map places him (0,1)
    # is 4 hexes from the nearest of those (4,0, 4,1 and 4,2 alike): only the Orc is named.
    terrain = ["...w...", "...w...", "...w..."]
    units = [{**DUEL[0], "reach": 2}, {**DUEL[1], "at": (4, 1)}]
    assert lint(tmp_path, terrain, units) == [
        'm.tmx: object 2 "Orc" at 4,1 (walks) can never reach a hostile where the map places them: cut off by '
        'water it may not enter (R5); see docs/map-format.md, "Map lint"',
    ]


def test_exit_no_one_can_reach(tmp_path: Path) -> None:
    # (5,1), odd row, is an exit walled in by rock on (4,1) (6,1) (5,0) (6,0) (5,2) (6,2); (0,0) is a fine one.
    terrain = ["x...###", "....#x#", "....###"]
    units = [DUEL[0], {**DUEL[1], "at": (3, 0)}]
    assert lint(tmp_path, terrain, units) == ["m.tmx: exit hexes no one can reach: 5,1"]


def test_unmarked_exits_are_the_rim_and_never_flagged(tmp_path: Path) -> None:
    # No exit tiles: every rim hex is an exit (R24); rock on the rim is normal, not a mistake.
    terrain = ["#######", "#.....#", "#######"]
    units = [{"name": "Hero", "at": (1, 1), "faction": "player"}, {"name": "Orc", "at": (5, 1), "faction": "enemy"}]
    assert lint(tmp_path, terrain, units) == []


def test_combatant_starting_on_a_hazard(tmp_path: Path) -> None:
    # A walkable fire (cost override) is legal to start on, but it burns every turn (R25, default 3).
    terrain = [".......", "..h....", "......."]
    units = [*DUEL, {"name": "Singed", "at": (2, 1), "faction": "player"}]
    props = {"h": {"terrain": "hazard", "cost_ground": 1}}
    assert lint(tmp_path, terrain, units, tile_properties=props) == [
        'm.tmx: object 3 "Singed": starts on hazard 2,1 (takes 3 damage at the start of each of its turns, R25)'
    ]


def test_combatant_starting_in_a_hostile_zone_of_control(tmp_path: Path) -> None:
    # Hero (2,1) and Orc (3,1) are neighbours (east): each starts in the other's [1,1] threat (R8).
    units = [{"name": "Hero", "at": (2, 1), "faction": "player"}, {"name": "Orc", "at": (3, 1), "faction": "enemy"}]
    assert lint(tmp_path, OPEN, units) == [
        'm.tmx: object 1 "Hero": starts in the zone of control of "Orc" (R8)',
        'm.tmx: object 2 "Orc": starts in the zone of control of "Hero" (R8)',
    ]


def test_three_threateners_are_listed_as_a_sentence_lists_them(tmp_path: Path) -> None:
    # Hero (2,1), not threatening, with orcs east (3,1), west (1,1) and south-east (3,2) of it (odd row 1: se is
    # (3,2)): it starts in all three zones, listed "A", "B" and "C" as the engine and the window list names.
    units = [{"name": "Hero", "at": (2, 1), "faction": "player", "threatening": False},
             *({"name": f"Orc {i}", "at": c, "faction": "enemy"} for i, c in enumerate([(3, 1), (1, 1), (3, 2)], 1))]
    assert lint(tmp_path, OPEN, units) == [
        'm.tmx: object 1 "Hero": starts in the zone of control of "Orc 1", "Orc 2" and "Orc 3" (R8)',
    ]


def test_a_polearm_does_not_threaten_its_neighbour(tmp_path: Path) -> None:
    # A [2,2] pike threatens only hexes two away (R8): the orc next to it is not in its zone.
    units = [{"name": "Hero", "at": (2, 1), "faction": "player", "reach": 2}, {**DUEL[1], "at": (3, 1)}]
    assert lint(tmp_path, OPEN, units) == ['m.tmx: object 1 "Hero": starts in the zone of control of "Orc" (R8)']


def test_object_placed_off_the_cell_centre(tmp_path: Path) -> None:
    # Neighbouring centres are 64 px apart on these 64-wide pointy tiles: a quarter hex is 16 px.
    # 20 px east of the centre of (3,1) is still inside (3,1), but clearly not on its centre.
    units = [*DUEL, {"name": "Sloppy", "at": (3, 1), "offset": (20, 0), "faction": "player"},
             {"name": "Near", "at": (3, 2), "offset": (0, 10), "faction": "player"}]
    assert lint(tmp_path, OPEN, units) == [
        'm.tmx: object 3 "Sloppy": placed 20 px from the centre of its cell 3,1 (more than a quarter hex, 16 px); '
        "snap it to the centre"
    ]


def test_unused_tiles_of_the_maps_own_tileset(tmp_path: Path) -> None:
    # A designer's own embedded tileset (here write_map's, its water tile made deep: no longer the stock
    # palette) holds . d w c h # x o (ids 0..7); this map places only . (0) and # (5).
    terrain = [".......", "...#...", "......."]
    own = {"w": {"terrain": "water", "depth": "deep"}}
    assert lint(tmp_path, terrain, DUEL, tileset="embedded", tile_properties=own) == [
        'm.tmx: tileset "terrain": tiles 1, 2, 3, 4, 6, 7 are never placed'
    ]


def test_the_stock_palette_of_written_and_generated_maps_is_not_flagged(tmp_path: Path) -> None:
    # Every map write_map writes (tools/gen_skirmish.py's among them) embeds the stock palette, one tile per
    # kind of ground: like a shared .tsx, no one map places them all. Each generated map drew this line
    # ("tiles 2, 4, 5, 6, 7 are never placed") for tiles nobody chose to put there.
    terrain = [".......", "...#...", "......."]
    assert lint(tmp_path, terrain, DUEL, tileset="embedded") == []
    trees = {"t": {"terrain": "normal", "cover": True}}  # the generator's extra tile stays part of its palette
    assert lint(tmp_path, terrain, DUEL, tileset="embedded", tile_properties=trees) == []


def test_tileset_never_used(tmp_path: Path) -> None:
    # A map that references the shipped decoration tileset but places none of its tiles.
    base = write_map(tmp_path / "m.tmx", OPEN, units=DUEL, tileset="external")
    layout = HexLayout("y", "odd", 64, 74, 37, 7, 3)
    gids = [[1] * 7 for _ in range(3)]
    terrain_tsx = next(tmp_path.glob("*.tsx")).name
    decor = os.path.relpath(ROOT / "assets" / "decor.tsx", tmp_path)
    text = base.read_text(encoding="utf-8")
    doc = TmxDocument(layout, [TilesetRef(1, terrain_tsx), TilesetRef(100, decor)], [TileLayer("ground", gids)])
    path = write_tmx(tmp_path / "n.tmx", doc)
    assert "combatant" in text  # the first map had units; this one has only ground
    warnings = lint_map(path)
    assert warnings[:2] == ["n.tmx: map: no combatants (objects of class combatant): there is no fight to play",
                            'n.tmx: tileset "decor" is never used']
    assert [w for w in warnings[2:] if "nothing in it shows whether Stagger Index" not in w] == []


def test_a_map_where_nobody_is_hostile_to_anybody_has_no_fight(tmp_path: Path) -> None:
    # A designer's first draft: the party placed, the enemies not yet. Combat would end before it began.
    party = [{"name": "Hale", "at": (1, 1), "faction": "player"}, {"name": "Kes", "at": (5, 1), "faction": "ally"}]
    assert lint(tmp_path, OPEN, party) == [
        "m.tmx: map: no two factions on it are hostile to each other (ally, player): combat would end before its "
        "first turn; add a combatant of a hostile faction, or name the pair in the map's hostile property (R3)"]
    # Named hostile in the map's property, the same two factions fight: nothing to say.
    assert lint(tmp_path, OPEN, party, map_properties={"hostile": "player/ally"}) == []


def test_lopsided_quick_playtest_is_flagged() -> None:
    def always_orcs(scenario: object, games: int) -> dict[str, int]:
        return {"enemy": games - 1, "player": 1}

    def close(scenario: object, games: int) -> dict[str, int]:
        return {"enemy": 18, "player": 2}  # exactly 90 %: not more than 90 %

    ambush = ROOT / "maps" / "ambush.tmx"  # lint-clean, so the playtest's line is the only one
    assert lint_map(ambush, playtest=always_orcs) == [
        'ambush.tmx: side "enemy" won 19 of 20 quick AI-vs-AI games (over 90%); the fight looks lopsided '
        f"(`playmat playtest {ambush} --games 200 --out DIR` writes a report naming whom to weaken)"
    ]
    assert lint_map(ambush, playtest=close) == []


def test_a_property_name_nearly_right_is_named_with_the_one_meant(tmp_path: Path) -> None:
    # Each slip loads cleanly and changes nothing (the default applies), which is why it needs a warning:
    # a British spelling, a capital from Tiled's "+" box, a letter missing on a tile.
    units = [{"name": "Hero", "at": (0, 1), "faction": "player", "defence": 14, "Move": 7},
             {"name": "Orc", "at": (6, 1), "faction": "enemy"}]
    warnings = lint(tmp_path, ["...~...", ".......", "......#"], units, map_properties={"Hostile": "enemy/player"},
                    tile_properties={"~": {"terrain": None, "terain": "water"}, "#": {"Tile": "low_wall"}})
    assert warnings == [
        'm.tmx: Playmat ignores map property "Hostile" (did you mean "hostile"?)',
        'm.tmx: object 1 "Hero": Playmat ignores property "defence" (did you mean "defense"?)',
        'm.tmx: object 1 "Hero": Playmat ignores property "Move" (did you mean "move"?)',
        # The cover's name (R31): "Tile" from the "+" box would leave "a low wall" saying "cover".
        'm.tmx: tile 5 of tileset "terrain": Playmat ignores property "Tile" (did you mean "tile"?)',
        'm.tmx: tile 8 of tileset "terrain": Playmat ignores property "terain" (did you mean "terrain"?)',
    ]


def test_an_object_meant_to_fight_without_the_combatant_class_is_named(tmp_path: Path) -> None:
    # Both load without a word and the fight goes on without them: a duel that silently lost its goblin.
    units = [*DUEL, {"name": "Goblin", "at": (6, 0), "faction": "enemy", "kind": "combatent"},
             {"name": "Troll", "at": (6, 2), "faction": "enemy", "kind": None},
             {"name": "Signpost", "at": (3, 0), "kind": "sign"}, {"name": "Camp", "at": (3, 2), "kind": None}]
    assert lint(tmp_path, OPEN, units) == [
        'm.tmx: object 3 "Goblin": class "combatent" is not "combatant", so it does not fight '
        "(set its Class to combatant)",
        'm.tmx: object 4 "Troll": has a faction but no class, so it does not fight (set its Class to combatant)',
    ]


def test_an_object_with_a_class_of_the_designers_own_words_and_a_faction_is_named(tmp_path: Path) -> None:
    # Class "unit" or "monster" on an ogre with a faction and hit points looks like a combatant in Tiled;
    # the fight goes on without it and plain validate says "ok". A sign with no faction stays a note.
    units = [*DUEL, {"name": "Ogre", "at": (6, 0), "faction": "enemy", "hp": 24, "kind": "monster"},
             {"name": "Signpost", "at": (3, 0), "kind": "sign", "text": "to the ford"}]
    assert lint(tmp_path, OPEN, units) == [
        'm.tmx: object 3 "Ogre": class "monster" is not "combatant" but it has a faction, so it does not fight '
        "(set its Class to combatant)",
    ]


def test_playmats_words_in_another_order_are_a_slip(tmp_path: Path) -> None:
    # "max_hp" for hp_max, "damage_area" for area_damage: every letter right, so spelling distance misses
    # them, yet the wounded start or the burst's damage silently falls back to its default.
    units = [{"name": "Hero", "at": (0, 1), "faction": "player", "hp": 6, "max_hp": 14},
             {"name": "Witch", "at": (6, 1), "faction": "enemy", "area_range": 4, "Damage_Area": "2d6"}]
    assert lint(tmp_path, OPEN, units) == [
        'm.tmx: object 1 "Hero": Playmat ignores property "max_hp" (did you mean "hp_max"?)',
        'm.tmx: object 2 "Witch": Playmat ignores property "Damage_Area" (did you mean "area_damage"?)',
    ]


def test_another_games_word_for_a_property_is_named_with_playmats(tmp_path: Path) -> None:
    # A designer used to other tools writes "speed", "Max HP" and "AC": nowhere near Playmat's spelling, so
    # spelling distance said nothing (or "movement" -> movement_type), and each default silently applied.
    units = [{"name": "Hero", "at": (0, 1), "faction": "player", "speed": 8, "Max HP": 14, "AC": 13},
             {"name": "Orc", "at": (6, 1), "faction": "enemy", "movement": 4}]
    assert lint(tmp_path, OPEN, units) == [
        'm.tmx: object 1 "Hero": Playmat ignores property "speed" (did you mean "move"?)',
        'm.tmx: object 1 "Hero": Playmat ignores property "Max HP" (did you mean "hp_max"?)',
        'm.tmx: object 1 "Hero": Playmat ignores property "AC" (did you mean "defense"?)',
        'm.tmx: object 2 "Orc": Playmat ignores property "movement" (did you mean "move"?)',
    ]


def test_a_word_for_several_properties_names_them_all(tmp_path: Path) -> None:
    # "range" was hinted as "ranged" alone: a designer who meant the pike's reach (R8) or the burst's range
    # (R32) was sent to the bow's (R29). Each one it may mean is named, the bow's first.
    units = [{"name": "Hero", "at": (0, 1), "faction": "player", "Range": 2}, DUEL[1]]
    assert lint(tmp_path, OPEN, units) == [
        'm.tmx: object 1 "Hero": Playmat ignores property "Range" (did you mean "ranged", "reach" or "area_range"?)',
    ]


def test_a_designers_own_property_is_no_slip(tmp_path: Path) -> None:
    units = [{"name": "Hero", "at": (0, 1), "faction": "player", "notes": "the party's leader", "portrait": "hero"},
             DUEL[1]]
    assert lint(tmp_path, OPEN, units, map_properties={"author": "Ann", "version": 3}) == []


@pytest.mark.parametrize("path", sorted((ROOT / "maps").glob("*.tmx")), ids=lambda p: p.stem)
def test_shipped_maps_are_lint_clean(path: Path) -> None:
    assert lint_map(path) == []


def test_cli_validate_lint_warns_and_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    units = [{"name": "Hero", "at": (2, 1), "faction": "player"}, {"name": "Orc", "at": (3, 1), "faction": "enemy"}]
    path = write_map(tmp_path / "m.tmx", OPEN, units=units, tileset="external")
    assert main(["validate", "--lint", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}: ok",
        'warning: m.tmx: object 1 "Hero": starts in the zone of control of "Orc" (R8)',
        'warning: m.tmx: object 2 "Orc": starts in the zone of control of "Hero" (R8)',
    ]
    assert main(["validate", str(path)]) == 0  # without --lint: no warnings
    assert "warning" not in capsys.readouterr().out


def test_cli_playtest_flags_a_one_sided_duel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A champion (hits on any roll: d20 + 20 >= 10, 3 damage) against a 1-hp goblin that can barely hurt
    # it: the champion's side wins every one of the 20 quick games, over the 90 % line.
    units = [
        {"name": "Champion", "at": (1, 1), "faction": "player", "attack": 20, "hp": 40, "damage": "3"},
        {"name": "Goblin", "at": (5, 1), "faction": "enemy", "hp": 1, "damage": "1"},
    ]
    path = write_map(tmp_path / "m.tmx", OPEN, units=units, tileset="external")
    assert main(["validate", "--playtest", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}: ok",
        'warning: m.tmx: side "player" won 20 of 20 quick AI-vs-AI games (over 90%); the fight looks lopsided '
        f"(`playmat playtest {path} --games 200 --out DIR` writes a report naming whom to weaken)",
    ]


def test_validate_lint_names_the_slip_behind_a_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "movment_type" leaves the ferryman a ground combatant, so the map is refused for him standing on water
    # and the refusal tells the designer to set movement_type, which they believe they did: --lint says
    # which property Playmat ignored, beside the refusal (it said nothing for a refused map).
    units = [{"name": "Ferryman", "at": (3, 1), "faction": "player", "movment_type": "swimming"}, DUEL[1]]
    path = write_map(tmp_path / "m.tmx", ["...w...", "...w...", "...w..."], units=units, tileset="external")
    assert main(["validate", "--lint", str(path)]) == 2
    out, err = capsys.readouterr()
    assert 'm.tmx: object 1 "Ferryman": cell 3,1 is water, which a ground combatant may not enter' in err
    assert out.splitlines() == [
        'warning: m.tmx: object 1 "Ferryman": Playmat ignores property "movment_type" (did you mean "movement_type"?)',
    ]


def test_a_river_ford_built_by_hand_as_tiled_1_10_saves_it_is_lint_clean() -> None:
    # A designer's encounter from scratch (tests/data/river_ford.tmx): flat-top, stagger index even, the
    # layout the shipped maps use least; Tiled 1.10 writes the class as type="combatant". Each object lands
    # on the cell Tiled's status bar shows for its point: the ferryman in the river, the troll by the bridge.
    path = ROOT / "tests" / "data" / "river_ford.tmx"
    assert validate_map(path) == [] and lint_map(path) == []
    cells = {c.name: (c.cell, c.object_id) for c in load_scenario(path).combatants}
    assert cells["Ferryman Ody"] == ((6, 4), 4) and cells["River Troll"] == ((10, 7), 8)
    assert cells["Orc Archer"] == ((11, 3), 7)


def test_a_pointy_top_gorge_built_from_a_blank_map_and_saved_by_tiled_is_lint_clean() -> None:
    # tests/data/split_gorge.tmx: pointy-top, Stagger Index Odd (Tiled's default), saved by Tiled 1.8 itself
    # (which renumbered decor.tsx to firstgid 29); every kind of terrain the rules know but blocked-and-
    # see-through, marked exits, three movement types, a large ogre. Each object lands where Tiled's status
    # bar shows its point: the naga in the river, the kestrel on open ground beside the chasm.
    path = ROOT / "tests" / "data" / "split_gorge.tmx"
    # The one finding is a true one: the ogre's only ways west are the bridge 7,2 over the chasm and the
    # strip 5,7 6,7 of difficult ground between water on rows 6 and 8, each one hex across, and its
    # footprint needs three (R26, R27); its hostiles all start west of them.
    assert validate_map(path) == [] and lint_map(path) == [
        'split_gorge.tmx: object 4 "Ogre" at 13,8 (large, walks) can never reach a hostile where the map places '
        "them: no way across is wide enough for its footprint (all 7 hexes on ground it may enter: a way 3 hexes "
        'wide, R26, R27); see docs/map-format.md, "Map lint"'
    ]
    cells = {c.name: c.cell for c in load_scenario(path).combatants}
    assert cells == {"Sir Hale": (2, 5), "Wren": (1, 7), "Kestrel": (3, 3), "Ogre": (13, 8), "Naga": (6, 9),
                     "Goblin Archer": (10, 2)}
    board = load_scenario(path).board
    terrain = {(c, r): Terrain(int(board.terrain[r][c])) for c, r in [(7, 0), (7, 2), (6, 5), (5, 7), (12, 3), (14, 0)]}
    assert terrain == {(7, 0): Terrain.CHASM, (7, 2): Terrain.NORMAL, (6, 5): Terrain.WATER,  # bridge on the chasm
                       (5, 7): Terrain.DIFFICULT, (12, 3): Terrain.HAZARD, (14, 0): Terrain.BLOCKED}
    exits = {(int(c), int(r)) for r, c in zip(*np.nonzero(np.asarray(board.exit)), strict=True)}
    assert exits == {(0, 5), (0, 6)}  # only the marked road ends: the rest of the rim is no way out (R24)


def test_a_shipped_tileset_embedded_in_tiled_is_not_told_its_unused_tiles(tmp_path: Path) -> None:
    # Tiled's "Embed Tileset" copies terrain.tsx into the map, pictures still Playmat's own: like the shared
    # .tsx it was, it holds every kind of ground, and eight of its twelve tiles unplaced is no slip. A tileset
    # of the designer's own pictures is still told: test_unused_tiles_of_the_maps_own_tileset.
    tsx = (ROOT / "assets" / "terrain.tsx").read_text(encoding="utf-8").split("\n", 1)[1]
    tiles = os.path.relpath(ROOT / "assets" / "tiles", tmp_path)
    embedded = tsx.replace("<tileset ", '<tileset firstgid="1" ', 1).replace('source="tiles/', f'source="{tiles}/')
    # grass and brush, then a bank of water and chasm: four of its twelve tiles placed
    rows = ",\n".join([",".join(["1", "4"] * 4)] * 3 + [",".join(["7", "8"] * 4)])
    body = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" '
            'orientation="hexagonal" renderorder="right-down" width="8" height="4" tilewidth="64" tileheight="74" '
            'infinite="0" hexsidelength="37" staggeraxis="y" staggerindex="odd" nextlayerid="3" nextobjectid="3">\n'
            f'{embedded.strip()}\n <layer id="1" name="terrain" width="8" height="4">\n  <data encoding="csv">\n'
            f'{rows}\n</data>\n </layer>\n <objectgroup id="2" name="combatants">\n'
            '  <object id="1" name="Hero" type="combatant" x="64" y="92"><properties>'
            '<property name="faction" value="player"/></properties><point/></object>\n'
            '  <object id="2" name="Orc" type="combatant" x="320" y="92"><properties>'
            '<property name="faction" value="enemy"/></properties><point/></object>\n </objectgroup>\n</map>\n')
    path = tmp_path / "m.tmx"
    path.write_text(body, encoding="utf-8")
    assert validate_map(path) == []
    assert lint_map(path) == []
