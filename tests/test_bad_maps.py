"""Every refused map gives one line naming the file, the place and the fault (docs/map-format.md "Bad maps")."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.maps.errors import MapError
from game.maps.loader import load_scenario, validate_map
from game.maps.tmxwrite import write_map
from game.rules.errors import RulesError

GRID = ["....", "....", "....", "...."]


def refused(path: Path, *words: str) -> str:
    """Load must fail with one line that starts with the file name and holds every word."""
    with pytest.raises(MapError) as info:
        load_scenario(path)
    message = str(info.value)
    assert isinstance(info.value, RulesError)
    assert len(message.splitlines()) == 1, message
    assert message.startswith(f"{path.name}: "), message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    lines = validate_map(path)
    assert message in lines and all(len(line.splitlines()) == 1 for line in lines)
    return message


def edit(path: Path, old: str, new: str, count: int = 1) -> Path:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, count))
    return path


def unit(name: str = "Orc 2", at: tuple[int, int] = (1, 1), **props: object) -> dict[str, object]:
    return {"name": name, "at": at, "faction": "enemy", **props}


def one(tmp_path: Path, terrain=GRID, **kw) -> Path:
    return write_map(tmp_path / "ambush.tmx", terrain, **kw)


# --- the file itself ---------------------------------------------------------------
def test_missing_file(tmp_path: Path) -> None:
    refused(tmp_path / "nowhere.tmx", "file not found")


def test_unreadable_file(tmp_path: Path) -> None:
    (tmp_path / "dir.tmx").mkdir()
    refused(tmp_path / "dir.tmx", "directory")


def test_not_xml(tmp_path: Path) -> None:
    p = tmp_path / "junk.tmx"
    p.write_bytes(b"\x89PNG this is not a map")
    refused(p, "not XML", "line 1")


def test_truncated_xml(tmp_path: Path) -> None:
    p = one(tmp_path)
    p.write_text(p.read_text()[:300])
    refused(p, "not XML")


def test_xml_but_not_a_map(tmp_path: Path) -> None:
    p = tmp_path / "ambush.tmx"
    p.write_text("<tileset name='x'/>")
    refused(p, "not a Tiled map", "<tileset>")


def test_not_hexagonal(tmp_path: Path) -> None:
    p = edit(one(tmp_path), 'orientation="hexagonal"', 'orientation="orthogonal"')
    refused(p, "map:", '"orthogonal"', "hexagonal", "Map > Map Properties > Orientation to Hexagonal (Staggered)")


def test_isometric_staggered_taken_for_hexagonal_staggered_is_named_as_tiled_names_it(tmp_path: Path) -> None:
    # Tiled's New Map lists "Isometric (Staggered)" just above "Hexagonal (Staggered)"; the file says only
    # "staggered", a word the designer never saw in Tiled.
    p = edit(one(tmp_path), 'orientation="hexagonal"', 'orientation="staggered"')
    refused(p, 'map: orientation is "staggered" (Isometric (Staggered) in Tiled), but Playmat needs a hexagonal '
            "map: set Map > Map Properties > Orientation to Hexagonal (Staggered), then its Hex Side Length and "
            "Stagger Axis")


def test_infinite_map(tmp_path: Path) -> None:
    refused(edit(one(tmp_path), 'infinite="0"', 'infinite="1"'), "map:", "infinite",
            "Map > Map Properties > Infinite: off")


@pytest.mark.parametrize("old,new,words", [
    ('staggeraxis="y"', 'staggeraxis="z"', ("staggeraxis", '"z"', "x or y")),
    ('staggerindex="odd"', 'staggerindex="middle"', ("staggerindex", '"middle"', "odd or even")),
    ('hexsidelength="37" ', "", ("hexsidelength is missing",)),
    ('hexsidelength="37"', 'hexsidelength="36.5"', ("hexsidelength", '"36.5"', "not an integer")),
    ('width="4"', 'width="four"', ("width", '"four"', "not an integer")),
])
def test_bad_map_attributes(tmp_path: Path, old: str, new: str, words: tuple[str, ...]) -> None:
    refused(edit(one(tmp_path), old, new), "map:", *words)


# --- tilesets and layers ------------------------------------------------------------
def test_missing_tileset_image(tmp_path: Path) -> None:
    p = one(tmp_path)
    (tmp_path / "ambush_tiles.png").unlink()
    refused(p, 'tileset "terrain"', 'image "ambush_tiles.png" is missing')


def test_missing_tileset_image_of_external_tileset(tmp_path: Path) -> None:
    p = one(tmp_path, tileset="external")
    (tmp_path / "ambush_tiles.png").unlink()
    refused(p, 'tileset "terrain"', "is missing")


def test_missing_external_tileset(tmp_path: Path) -> None:
    p = one(tmp_path, tileset="external")
    (tmp_path / "ambush_tiles.tsx").unlink()
    refused(p, 'tileset "ambush_tiles.tsx"', "file not found")


def test_broken_external_tileset(tmp_path: Path) -> None:
    p = one(tmp_path, tileset="external")
    (tmp_path / "ambush_tiles.tsx").write_text("<tileset")
    refused(p, 'tileset "ambush_tiles.tsx"', "not XML")


def test_missing_image_of_a_tile_in_a_collection(tmp_path: Path) -> None:
    p = one(tmp_path)
    edit(p, '<tile id="1">', '<tile id="1">\n   <image source="gone.png" width="64" height="74"/>')
    refused(p, 'tile 1 of tileset "terrain"', 'image "gone.png" is missing')


def _tiles_drawn_from(p: Path, folder: str) -> int:
    """Give every tile of the map's tileset its own image in ``folder``; how many tiles that is."""
    text = p.read_text()
    ids = re.findall(r'<tile id="(\d+)">', text)
    for tid in ids:
        text = text.replace(f'<tile id="{tid}">',
                            f'<tile id="{tid}">\n   <image source="{folder}/t{tid}.png" width="64" height="74"/>')
    p.write_text(text)
    return len(ids)


def test_a_missing_image_folder_is_said_once(tmp_path: Path) -> None:
    # It gave one line per tile (6 lines for 6 tiles), each naming a file of a folder that is not there.
    p = one(tmp_path)
    n = _tiles_drawn_from(p, "tiles")
    assert n >= 4
    lines = validate_map(p)
    assert lines == [f'ambush.tmx: tileset "terrain": image folder "tiles" is missing, and with it the {n} images '
                     "this tileset draws from it"], lines
    refused(p, 'image folder "tiles" is missing')


def test_a_few_images_missing_from_a_present_folder_keep_a_line_each(tmp_path: Path) -> None:
    p = one(tmp_path)
    n = _tiles_drawn_from(p, "tiles")
    (tmp_path / "tiles").mkdir()
    for tid in range(n):
        shutil.copy(tmp_path / "ambush_tiles.png", tmp_path / "tiles" / f"t{tid}.png")
    for tid in (1, 2):
        (tmp_path / "tiles" / f"t{tid}.png").unlink()
    assert validate_map(p) == [f'ambush.tmx: tile {tid} of tileset "terrain": image "tiles/t{tid}.png" is missing'
                               for tid in (1, 2)]
    for tid in range(n):  # many files of a present folder: one line naming the first few
        (tmp_path / "tiles" / f"t{tid}.png").unlink(missing_ok=True)
    (tmp_path / "tiles" / "other.png").write_bytes(b"")
    assert validate_map(p) == [f'ambush.tmx: tileset "terrain": {n} images in folder "tiles" are missing, '
                               'e.g. "t0.png", "t1.png", "t2.png"']


@pytest.mark.parametrize("old,new,words", [
    ('<data encoding="csv">', '<data encoding="base64" compression="lz4">', ('compression "lz4"', "not one Tiled")),
    ('<data encoding="csv">', '<data encoding="base64" compression="zstd">', ("cannot be read", "Base64")),
    ('<data encoding="csv">', '<data encoding="yaml">', ('"yaml"', "not one Tiled writes")),
    ('<data encoding="csv">', "<data>", ("has 0 tiles", "needs 16")),  # XML format: no <tile> elements
    ("1,1,1,1,\n1,1,1,1,\n1,1,1,1,\n1,1,1,1", "1,1,1,1,\n1,1,1,1", ("has 8 tiles", "needs 16")),
    ("1,1,1,1,\n1,1,1,1,\n1,1,1,1,\n1,1,1,1", "1,1,1,1,\n1,1,x,1,\n1,1,1,1,\n1,1,1,1", ("cannot be read",)),
])
def test_unreadable_layer_data(tmp_path: Path, old: str, new: str, words: tuple[str, ...]) -> None:
    refused(edit(one(tmp_path), old, new), 'layer "Terrain"', *words)


def test_corrupt_base64_layer(tmp_path: Path) -> None:
    p = one(tmp_path, encoding="base64-zlib")
    text = p.read_text()
    p.write_text(re.sub(r'(compression="zlib">\s*)\S+', r"\1AAAA", text))
    refused(p, 'layer "Terrain"', "cannot be read")


def test_tile_gid_of_no_tileset(tmp_path: Path) -> None:
    p = edit(one(tmp_path), "1,1,1,1,\n1,1,1,1,", "1,1,1,1,\n1,1,77,1,")
    refused(p, "cell 2,1", "gid 77", "no tileset")


# --- terrain properties --------------------------------------------------------------------
def test_unknown_terrain(tmp_path: Path) -> None:
    p = one(tmp_path, ["..L.", "...."], tile_properties={"L": {"terrain": "lava"}})
    refused(p, "cell 2,0", "tile 8", 'terrain "lava" is not one of normal, difficult')


@pytest.mark.parametrize("key", ["cost_ground", "cost_flying", "cost_swimming"])
def test_cost_of_zero(tmp_path: Path, key: str) -> None:
    p = one(tmp_path, ["....", ".Z.."], tile_properties={"Z": {key: 0}})
    refused(p, "cell 1,1", f"{key} 0 is not allowed")


@pytest.mark.parametrize("props,words", [
    ({"cost_ground": "fast"}, ('cost_ground is not an integer: "fast"',)),
    ({"cost_flying": 2.5}, ("cost_flying is a float property (2.5); Playmat wants an int: change its type to int "
                            "in Tiled and give it a whole number",)),
    ({"exit": 2}, ("exit is an int property (2); Playmat wants a bool: change its type to bool in Tiled",)),
    ({"hazard_damage": "lots"}, ('hazard_damage is not an integer: "lots"',)),
    ({"hazard_damage": -3}, ("hazard_damage -3 is outside",)),
    ({"exit": "perhaps"}, ('exit is not true or false: "perhaps"',)),
])
def test_bad_tile_values(tmp_path: Path, props: dict[str, object], words: tuple[str, ...]) -> None:
    refused(one(tmp_path, ["...Q"], tile_properties={"Q": props}), "cell 3,0", *words)


def test_a_combatant_property_of_the_wrong_tiled_type_names_the_type_to_change(tmp_path: Path) -> None:
    # A ticked bool box for reach read 'reach is not an integer: "True"': Python's True, not the
    # true Tiled shows, and not a word about the property's type, which is what is wrong.
    p = one(tmp_path, units=[unit(reach=True, hp=7.5)])
    words = "reach is a bool property (true); Playmat wants an int: change its type to int in Tiled"
    refused(p, 'object 1 "Orc 2"', words)
    lines = validate_map(p)
    assert any(words in line for line in lines), lines
    assert any("hp is a float property (7.5); Playmat wants an int" in line for line in lines), lines
    assert not any("True" in line or "not an integer" in line for line in lines), lines


def test_a_map_property_of_the_wrong_tiled_type_names_the_type_to_change(tmp_path: Path) -> None:
    p = one(tmp_path, map_properties={"seed": False})
    refused(p, "map property seed", "seed is a bool property (false); Playmat wants an int")


def test_a_whole_float_and_a_bool_written_0_or_1_still_load(tmp_path: Path) -> None:
    p = one(tmp_path, units=[unit(hp=7.0, threatening=0)])
    spec = load_scenario(p).combatants[0]
    assert (spec.hp, spec.threatening) == (7, False)


def test_typed_property_with_a_bad_value(tmp_path: Path) -> None:
    p = one(tmp_path, units=[unit(move=5)])
    edit(p, '<property name="move" type="int" value="5"/>', '<property name="move" type="int" value="5.5"/>')
    refused(p, 'object 1 "Orc 2"', 'property "move" is not an integer: "5.5"')


def test_a_class_typed_property_playmat_does_not_read_is_ignored(tmp_path: Path) -> None:
    # Tiled 1.8+ custom types: a designer's own "gear" class is none of Playmat's business.
    p = one(tmp_path, units=[unit(move=5)])
    edit(p, '<property name="move" type="int" value="5"/>',
         '<property name="gear" type="class" propertytype="Kit">\n <properties>\n'
         '  <property name="weight" type="int" value="heavy"/>\n </properties>\n</property>')
    assert validate_map(p) == []
    assert load_scenario(p).combatants[0].name == "Orc 2"


def test_a_playmat_key_of_an_unreadable_type_is_refused(tmp_path: Path) -> None:
    p = one(tmp_path, units=[unit(move=5)])
    edit(p, '<property name="move" type="int" value="5"/>', '<property name="move" type="class" propertytype="Kit"/>')
    refused(p, 'object 1 "Orc 2"', 'property "move" has type "class"')


# --- map properties ---------------------------------------------------------------------
@pytest.mark.parametrize("props,words", [
    ({"seed": "abc"}, ("map property seed", 'seed is not an integer: "abc"')),
    ({"flank_penalty": "two"}, ("map property flank_penalty", "not an integer")),
    ({"rear_penalty": -1}, ("map property rear_penalty", "rear_penalty -1 is less than 0")),
    ({"hostile": "enemy/orcs"}, ("map property hostile", 'faction "orcs" is not one of')),
    ({"hostile": "enemy-player"}, ("map property hostile", "not of the form a/b")),
])
def test_bad_map_properties(tmp_path: Path, props: dict[str, object], words: tuple[str, ...]) -> None:
    refused(one(tmp_path, map_properties=props), *words)


# --- combatants -----------------------------------------------------------------------
def test_unknown_faction_message_names_file_object_and_fault(tmp_path: Path) -> None:
    # The object by Tiled's ID (its Properties panel shows it) and its Name.
    message = refused(one(tmp_path, units=[unit(faction="orcs")]))
    assert message == 'ambush.tmx: object 1 "Orc 2": faction "orcs" is not one of player, ally, enemy, neutral'


@pytest.mark.parametrize("props,words", [
    ({"faction": None}, ("faction is missing",)),
    ({"movement_type": "burrowing"}, ('movement_type "burrowing" is not one of ground, flying, swimming',)),
    ({"size": "huge"}, ('size "huge" is not one of standard, large, giant',)),
    ({"facing": "n"}, ('facing "n" is not one of e, ne, nw, w, sw, se',)),  # pointy map: R2
    ({"move": "fast"}, ('move is not an integer: "fast"',)),
    ({"hp": 2.5}, ("hp is a float property (2.5); Playmat wants an int",)),
    ({"initiative": True}, ("initiative is a bool property (true); Playmat wants an int",)),
    ({"move": -1}, ("move -1 is less than 0",)),
    ({"hp": 0}, ("hp 0 is less than 1",)),
    ({"reach": 0}, ("reach 0 is less than 1",)),
    ({"reach": 2, "reach_min": 3}, ("reach_min 3 is outside 1..2",)),
    ({"reach": 2, "reach_min": 0}, ("reach_min 0 is outside 1..2",)),
    ({"damage": "lots"}, ('damage "lots" is not an integer or dice',)),
    ({"threatening": "sometimes"}, ('threatening is not true or false: "sometimes"',)),
    ({"skills": "blades=3"}, ('skills entry "blades=3"',)),
])
def test_bad_combatant_property(tmp_path: Path, props: dict[str, object], words: tuple[str, ...]) -> None:
    u = unit(**{k: v for k, v in props.items() if v is not None})
    for k, v in props.items():
        if v is None:
            u.pop(k)
    refused(one(tmp_path, units=[u]), 'object 1 "Orc 2"', *words)


def test_flat_map_refuses_pointy_facing(tmp_path: Path) -> None:
    # The facing of map-format.md's pointy-top example, copied onto a flat-top map: the two sides beside it.
    refused(one(tmp_path, stagger_axis="x", units=[unit(facing="e")]),
            'facing "e" is not one of ne, n, nw, sw, s, se '
            '(a flat-top map has no side "e": did you mean "ne" or "se"?)')


@pytest.mark.parametrize("axis,facing,hint", [
    ("x", "nroth", '(did you mean "n"?)'),  # a typo of a word written out
    ("x", "North", '(did you mean "n"?)'),
    ("y", "south-west", '(did you mean "sw"?)'),
    ("y", "north", '(a pointy-top map has no side "n": did you mean "ne" or "nw"?)'),
    ("x", "s e", '(did you mean "se"?)'),
])
def test_a_misspelt_facing_names_the_side_meant(tmp_path: Path, axis: str, facing: str, hint: str) -> None:
    message = refused(one(tmp_path, stagger_axis=axis, units=[unit(facing=facing)]), f'facing "{facing}" is not one of')
    assert message.endswith(hint), message


@pytest.mark.parametrize("props,said", [
    ({"faction": "enemey"}, 'faction "enemey" is not one of player, ally, enemy, neutral (did you mean "enemy"?)'),
    ({"size": "lage"}, 'size "lage" is not one of standard, large, giant (did you mean "large"?)'),
    ({"movement_type": "swiming"},
     'movement_type "swiming" is not one of ground, flying, swimming (did you mean "swimming"?)'),
])
def test_a_misspelt_choice_names_the_one_meant(tmp_path: Path, props: dict[str, object], said: str) -> None:
    refused(one(tmp_path, units=[unit(**props)]), f'object 1 "Orc 2": {said}')


def test_duplicate_name(tmp_path: Path) -> None:
    p = one(tmp_path, units=[unit("Orc", (0, 0)), unit("Orc", (2, 2))])
    # Both are "Orc": the id tells the designer which of the two to rename in Tiled.
    refused(p, 'object 2 "Orc": name is already used by object 1 "Orc"')


@pytest.mark.parametrize("name", [None, "", "   "])
def test_missing_name(tmp_path: Path, name: str | None) -> None:
    p = one(tmp_path, units=[{"name": name, "at": (1, 1), "faction": "enemy"}])
    refused(p, "object 1: a combatant has no name")


def test_combatant_on_an_off_map_cell(tmp_path: Path) -> None:
    p = one(tmp_path, ["....", ".._."], units=[unit(at=(2, 1))])
    # Inside the map's columns and rows, but a cell the designer left unpainted.
    refused(p, 'object 1 "Orc 2": stands on cell 2,1, which no visible tile layer paints, so it is off the map')


def test_combatant_outside_the_grid(tmp_path: Path) -> None:
    # Pointy odd 64x74: x = 4 * 64 + 40 is right of column 3 in row 0, so the nearest centre is col 4.
    p = one(tmp_path, units=[unit(px=(4 * 64 + 40, 37))])
    # Tiled's status bar shows no cell there: the message says how far the map goes.
    refused(p, 'object 1 "Orc 2": stands on cell 4,0, which is off the map (it is 4x4 cells: columns 0-3, rows 0-3)')


def test_combatant_on_terrain_its_movement_type_may_not_enter(tmp_path: Path) -> None:
    p = one(tmp_path, ["....", ".w.."], units=[unit(at=(1, 1))])
    refused(p, 'object 1 "Orc 2"', "cell 1,1 is water", "ground combatant may not enter")


@pytest.mark.parametrize("row,props,fix", [
    # The line named no fix; it now says what to change, offering only movement types that may stand there.
    (".w..", {}, "which a ground combatant may not enter: move the object, or give it movement_type flying "
                 "or swimming"),
    (".c..", {}, "which a ground combatant may not enter: move the object, or give it movement_type flying"),
    (".#..", {}, "which a ground combatant may not enter: move the object"),
    (".c..", {"movement_type": "swimming"}, "which a swimming combatant may not enter: move the object, or "
                                            "give it movement_type flying"),
])
def test_a_combatant_where_it_may_not_stand_is_told_the_fix(tmp_path: Path, row: str, props: dict[str, object],
                                                           fix: str) -> None:
    p = one(tmp_path, ["....", row], units=[unit(at=(1, 1), **props)])
    message = refused(p, 'object 1 "Orc 2"', "cell 1,1 is ")
    assert message.endswith(fix), message


def test_footprint_off_the_map(tmp_path: Path) -> None:
    # R26: a large creature at the left edge has its west neighbour outside the grid.
    p = one(tmp_path, units=[unit(at=(0, 2), size="large")])
    refused(p, 'object 1 "Orc 2"', "footprint hex -1,2 is off the map", "large creature does not fit at 0,2")


def test_footprint_on_an_off_map_cell(tmp_path: Path) -> None:
    p = one(tmp_path, ["....", "....", "._..", "...."], units=[unit(at=(2, 2), size="large")])
    refused(p, 'object 1 "Orc 2"', "footprint hex 1,2 is off the map")


def test_footprint_hex_not_enterable(tmp_path: Path) -> None:
    # Pointy odd, centre (2,2): neighbours (3,2) (2,1) (1,1) (1,2) (1,3) (2,3); (1,1) is water.
    p = one(tmp_path, ["....", ".w..", "....", "...."], units=[unit(at=(2, 2), size="large")])
    refused(p, 'object 1 "Orc 2"', "footprint hex 1,1 is water", "ground combatant may not enter")


def test_combatants_in_the_same_hex(tmp_path: Path) -> None:
    p = one(tmp_path, units=[unit("A", (1, 1)), unit("B", (1, 1), offset=(5, 5))])
    refused(p, 'object 2 "B": overlaps object 1 "A" at cell 1,1')


def test_footprints_that_overlap(tmp_path: Path) -> None:
    # Large at (1,1) covers (2,1); a standard creature stands on (2,1).
    p = one(tmp_path, units=[unit("Ogre", (1, 1), size="large"), unit("Imp", (2, 1))])
    refused(p, 'object 2 "Imp": overlaps object 1 "Ogre" at cell 2,1')


def test_a_footprint_on_water_that_also_overlaps_someone_names_both_at_once(tmp_path: Path) -> None:
    # Dragged in Tiled onto a pond and a goblin at once: validate said the water, then, once the designer
    # had moved the ogre off it, the goblin; one pass now lists both, as it lists every other fault.
    p = one(tmp_path, ["....", ".w..", "....", "...."], units=[unit("Imp", (2, 1)),
                                                              unit("Ogre", (2, 2), size="large")])
    assert validate_map(p) == [
        f'{p.name}: object 2 "Ogre": footprint hex 1,1 is water, which a ground combatant may not enter: move the '
        "object, or give it movement_type flying or swimming",
        f'{p.name}: object 2 "Ogre": overlaps object 1 "Imp" at cell 2,1 (two combatants may not share a hex)']


def test_combatant_of_an_unusable_shape(tmp_path: Path) -> None:
    p = one(tmp_path, units=[unit()])
    edit(p, "<point/>", '<polygon points="0,0 10,0 0,10"/>')
    refused(p, 'object 1 "Orc 2"', "not a polygon")


def test_template_object(tmp_path: Path) -> None:
    p = one(tmp_path, units=[unit()])
    edit(p, 'name="Orc 2"', 'name="Orc 2" template="orc.tx"')
    refused(p, 'object 1 "Orc 2"', 'template "orc.tx"')


def test_validate_lists_every_bad_object(tmp_path: Path) -> None:
    p = one(
        tmp_path,
        units=[unit("A", (0, 0), faction="orcs"), unit("B", (1, 1), size="huge"), unit("C", (2, 2))],
        map_properties={"seed": "x"},
    )
    lines = validate_map(p)
    assert len(lines) == 3
    assert any('object 1 "A"' in line and "faction" in line for line in lines)
    assert any('object 2 "B"' in line and "size" in line for line in lines)
    assert any("map property seed" in line for line in lines)


def test_validate_accepts_a_good_map(tmp_path: Path) -> None:
    assert validate_map(one(tmp_path, units=[unit()])) == []


# --- ranged attacks, sight, cover and areas (R29-R33) -------------------------------------------
@pytest.mark.parametrize("props,words", [
    ({"ranged": "far"}, ('ranged "far" is not MIN-MAX hexes, e.g. 2-8',)),
    ({"ranged": "8"}, ('ranged "8" is not MIN-MAX hexes',)),
    ({"ranged": "6-2"}, ('ranged "6-2": MIN must be at least 1 and at most MAX',)),
    ({"ranged": "0-4"}, ('ranged "0-4": MIN must be at least 1',)),
    ({"ranged": "2-6", "ranged_attack": "sharp"}, ('ranged_attack is not an integer: "sharp"',)),
    ({"ranged": "2-6", "ranged_damage": "lots"}, ('ranged_damage "lots" is not an integer or dice',)),
    ({"ranged_attack": 3}, ("ranged_attack is set but ranged (the range MIN-MAX) is missing",)),
    ({"ranged_damage": "1d8"}, ("ranged_damage is set but ranged",)),
    ({"area_range": -1}, ("area_range -1 is less than 0",)),
    ({"area_range": "near"}, ('area_range is not an integer: "near"',)),
    ({"area_range": 4, "area_radius": -2}, ("area_radius -2 is less than 0",)),
    ({"area_range": 4, "area_attack": 1.5}, ("area_attack is a float property (1.5); Playmat wants an int",)),
    ({"area_range": 4, "area_damage": "2d"}, ('area_damage "2d" is not an integer or dice',)),
    ({"area_range": 4, "area_push": -1}, ("area_push -1 is less than 0",)),
    ({"area_range": 4, "area_uses": 0}, ("area_uses 0 is less than 1",)),
    ({"area_radius": 1}, ("area_radius is set but area_range (how far the area's centre may be) is missing",)),
    ({"area_uses": 2}, ("area_uses is set but area_range",)),
])
def test_bad_ranged_or_area_property(tmp_path: Path, props: dict[str, object], words: tuple[str, ...]) -> None:
    refused(one(tmp_path, units=[unit(**props)]), 'object 1 "Orc 2"', *words)


@pytest.mark.parametrize("props,words", [
    ({"terrain": "blocked", "blocks_sight": "maybe"}, ('blocks_sight is not true or false: "maybe"',)),
    ({"cover": 2}, ("cover is an int property (2); Playmat wants a bool: change its type to bool in Tiled",)),
    ({"cover": "trees"}, ('cover is not true or false: "trees"',)),
])
def test_bad_sight_or_cover_tile(tmp_path: Path, props: dict[str, object], words: tuple[str, ...]) -> None:
    refused(one(tmp_path, ["...Q"], tile_properties={"Q": props}), "cell 3,0", *words)


@pytest.mark.parametrize("props,words", [
    ({"cover_bonus": "big"}, ("map property cover_bonus", 'cover_bonus is not an integer: "big"')),
    ({"cover_bonus": -2}, ("map property cover_bonus", "cover_bonus -2 is less than 0")),
    ({"threatened_shooter_penalty": "x"}, ("map property threatened_shooter_penalty", "not an integer")),
    ({"threatened_shooter_penalty": -1}, ("threatened_shooter_penalty -1 is less than 0",)),
])
def test_bad_sight_map_properties(tmp_path: Path, props: dict[str, object], words: tuple[str, ...]) -> None:
    refused(one(tmp_path, map_properties=props), *words)


def test_validate_lists_every_ranged_area_sight_and_cover_problem(tmp_path: Path) -> None:
    # One pass names every fault: two on one archer, five on one caster, two tiles, two map properties.
    p = one(
        tmp_path, ["..SC", "....", "....", "...."],
        tile_properties={"S": {"terrain": "blocked", "blocks_sight": "maybe"}, "C": {"cover": "yes please"}},
        units=[unit("Archer", (0, 1), ranged="9-3", ranged_damage="lots"),
               unit("Caster", (1, 2), area_range=-2, area_radius=-1, area_damage="1d", area_push=-1, area_uses=0),
               unit("Bowless", (3, 3), ranged_attack=4)],
        map_properties={"cover_bonus": "big", "threatened_shooter_penalty": -1},
    )
    lines = validate_map(p)
    assert all(line.startswith("ambush.tmx: ") and len(line.splitlines()) == 1 for line in lines)
    expected = [
        ("map property cover_bonus", "not an integer"),
        ("map property threatened_shooter_penalty", "less than 0"),
        ("cell 2,0", "blocks_sight"), ("cell 3,0", "cover is not true or false"),
        ('object 1 "Archer"', 'ranged "9-3"'), ('object 1 "Archer"', "ranged_damage"),
        ('object 2 "Caster"', "area_range -2"), ('object 2 "Caster"', "area_radius -1"),
        ('object 2 "Caster"', 'area_damage "1d"'), ('object 2 "Caster"', "area_push -1"),
        ('object 2 "Caster"', "area_uses 0"),
        ('object 3 "Bowless"', "ranged_attack is set but ranged"),
    ]
    for where, what in expected:
        assert sum(1 for line in lines if where in line and what in line) == 1, (where, what, lines)
    assert len(lines) == len(expected), lines


def test_validate_accepts_good_ranged_area_sight_and_cover(tmp_path: Path) -> None:
    p = one(
        tmp_path, ["..SC", "....", "....", "...."],
        tile_properties={"S": {"terrain": "blocked", "blocks_sight": False}, "C": {"cover": True}},
        units=[unit("Archer", (0, 1), ranged="2-8", ranged_attack=3, ranged_damage="1d8"),
               unit("Caster", (1, 2), area_range=5, area_radius=1, area_damage="2d6", area_push=2, area_uses=2)],
        map_properties={"cover_bonus": 3, "threatened_shooter_penalty": 0},
    )
    assert validate_map(p) == []
    s = load_scenario(p)
    assert s.cover_bonus == 3 and s.threatened_shooter_penalty == 0
    assert not s.board.blocks_sight[0, 2] and s.board.cover[0, 3]  # an arrow slit, a parapet


def test_playmat_validate_prints_each_new_property_problem_on_its_own_line(tmp_path: Path, capsys) -> None:
    from game.cli.main import main

    p = one(tmp_path, units=[unit("Archer", (0, 1), ranged="2-x", ranged_attack="sharp"),
                             unit("Caster", (2, 2), area_uses=0)])
    assert main(["validate", str(p)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines() == [
        f'{p.name}: object 1 "Archer": ranged "2-x" is not MIN-MAX hexes, e.g. 2-8',
        f'{p.name}: object 1 "Archer": ranged_attack is not an integer: "sharp"',
        f"{p.name}: object 2 \"Caster\": area_uses is set but area_range (how far the area's centre may be) is missing",
    ]


def test_area_details_without_area_range_are_one_line_not_one_per_property(tmp_path: Path) -> None:
    # A designer who deletes (or misspells) area_range on a caster made one slip: one line names it,
    # with every orphaned detail, instead of four lines that each say the same thing (R32).
    p = one(tmp_path, units=[unit("Witch", area_radius=1, area_damage="1d6", area_uses=2),
                             unit("Bowman", (2, 2), ranged_attack=3, ranged_damage="1d8")])
    assert validate_map(p) == [
        f"{p.name}: object 1 \"Witch\": area_radius, area_damage and area_uses are set but area_range "
        "(how far the area's centre may be) is missing",
        f'{p.name}: object 2 "Bowman": ranged_attack and ranged_damage are set but ranged (the range MIN-MAX) '
        "is missing",
    ]


def test_a_gid_of_no_tileset_says_which_gids_are_tiles_and_how_to_fix_it(tmp_path: Path) -> None:
    # A tile left from a tileset since removed: the designer needs the gids that are tiles (the writer's
    # one tileset "terrain" holds its 8 tiles . d w c h # x o at gids 1-8) and what to do in Tiled.
    p = edit(one(tmp_path), "1,1,1,1,\n1,1,1,1,", "1,1,1,1,\n1,1,77,1,")
    assert validate_map(p) == [
        'ambush.tmx: cell 2,1: layer "Terrain" has tile gid 77, which belongs to no tileset (the map\'s tilesets '
        'hold gids 1-8 "terrain"): repaint the cell in Tiled, or add back the tileset it came from',
    ]


def test_a_missing_faction_says_which_words_to_give(tmp_path: Path) -> None:
    # The designer forgot the property: the line names the object and the four factions to choose from (R3).
    tobin = unit("Tobin")
    del tobin["faction"]
    p = one(tmp_path, units=[tobin])
    assert validate_map(p) == [
        'ambush.tmx: object 1 "Tobin": faction is missing: give it one of player, ally, enemy, neutral',
    ]
