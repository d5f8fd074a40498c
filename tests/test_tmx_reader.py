"""The one TMX reader (game.maps.tmx_adapter): what it makes of what Tiled writes and of what Tiled ignores.

Expected values come from the files below and Tiled's documented format (a reader ignores attributes
it has no use for; layers are the map's and its groups' children; a multi-line string property is
the element's text), not from the reader.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from game.maps import load_scenario, read_tmx, validate_map
from game.maps.layer_tree import ObjectLayerData
from game.maps.shipped import describe_map
from game.maps.tmxwrite import write_map
from game.rules.terrain import Terrain

LOADER = Path(__file__).resolve().parent / "maps" / "loader"


def _copy_old_style(tmp_path: Path) -> Path:
    """tests/maps/loader/old_style.tmx (a 3x3 Tiled 1.4 map, a Goblin and a Ranger) with its tileset folder."""
    shutil.copytree(LOADER / "tiles", tmp_path / "tiles")
    shutil.copy(LOADER / "terrain.png", tmp_path / "terrain.png")
    out = tmp_path / "old_style.tmx"
    shutil.copy(LOADER / "old_style.tmx", out)
    return out


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_attributes_playmat_never_reads_do_not_stop_a_map(tmp_path: Path) -> None:
    # Tiled itself skips attributes it has no use for; junk in them used to refuse the map
    # ("cannot read the map (ValueError ...)") because a second reader cast them.
    path = _copy_old_style(tmp_path)
    before = load_scenario(path)
    _edit(path, 'nextobjectid="3"', 'nextobjectid="3" visible=" 3 " backgroundcolor="not a colour"')
    _edit(path, '<objectgroup id="3"', '<objectgroup id="three" draworder="sideways"')
    assert validate_map(path) == []
    after = load_scenario(path)
    # Pointy 64x74 side 37, even rows shifted right by 32: the Goblin's point (64, 147) is the centre of
    # cell 0,2 (row 2: 2 * 55 + 37; col 0: 32 + 32); the Ranger's box 118..138 x 27..47 centres on 1,0.
    assert [(c.name, c.cell, c.faction) for c in after.combatants] == \
        [(c.name, c.cell, c.faction) for c in before.combatants] == [("Goblin", (0, 2), "enemy"),
                                                                     ("Ranger", (1, 0), "ally")]


def test_a_string_property_typed_explicitly_and_written_as_text_is_its_text(tmp_path: Path) -> None:
    # Tiled writes a multi-line string as the element's text; a hand-written type="string" says the same.
    path = write_map(tmp_path / "m.tmx", ["..."], tile_properties={".": {"terrain": "normal"}})
    _edit(path, '<property name="terrain" value="normal"/>', '<property name="terrain" type="string">water</property>')
    assert validate_map(path) == []
    assert load_scenario(path).board.terrain_at((1, 0)) == Terrain.WATER


def test_an_object_layer_outside_the_layer_tree_is_named_not_dropped(tmp_path: Path) -> None:
    # Layers are the children of <map> and of <group>s; an <objectgroup> elsewhere (here inside a tile
    # layer) is not a layer: neither drawn nor placed, and said, so a combatant does not vanish unseen.
    path = _copy_old_style(tmp_path)
    _edit(path, '<layer id="2" name="Tile Layer 2" width="3" height="3">',
          '<layer id="2" name="Tile Layer 2" width="3" height="3"><objectgroup name="stray">'
          '<object id="9" name="Stowaway" type="combatant" x="32" y="37"><properties>'
          '<property name="faction" value="enemy"/></properties></object></objectgroup>')
    tmx = read_tmx(path)
    drawn = {o.name for layer in tmx.layers if isinstance(layer, ObjectLayerData) for o in layer.objects}
    assert {o.name for o in tmx.objects} == drawn == {"Goblin", "Ranger"}
    assert validate_map(path) == ['old_style.tmx: layer "stray": a <objectgroup> inside a <layer>; Tiled puts '
                                  "layers only in the map or in a group"]


def test_the_picker_shows_the_title_the_game_shows(tmp_path: Path) -> None:
    # Both read the map's properties through the same reader: a typed title is its text to both; one
    # Tiled wrote as a class (nested properties) the game refuses, and the picker lists by file name.
    path = write_map(tmp_path / "titled.tmx", ["..."], map_properties={"title": 7})
    assert describe_map(path).title == load_scenario(path).title == "7"
    _edit(path, '<property name="title" type="int" value="7"/>',
          '<property name="title" type="class"><properties><property name="x" value="y"/></properties></property>')
    assert validate_map(path) == ['titled.tmx: map property: property "title" has type "class", '
                                  'which Playmat cannot read here']
    assert describe_map(path).title == "titled.tmx"


def test_the_picker_reads_no_doctype(tmp_path: Path) -> None:
    # A map from a stranger listed in a picker is read under the same limits as a loaded one: an entity
    # bomb is not expanded, the file is listed by its name (loading it says what is wrong).
    bomb = tmp_path / "bomb.tmx"
    lol = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 9))
    bomb.write_text(f'<?xml version="1.0"?><!DOCTYPE map [<!ENTITY l0 "lol">{lol}]>'
                    '<map><properties><property name="title" value="&l8;"/></properties></map>', encoding="utf-8")
    assert describe_map(bomb).title == "bomb.tmx"
    assert validate_map(bomb) and "DOCTYPE" in validate_map(bomb)[0]


def test_a_map_declaring_a_multi_byte_encoding_is_refused_in_one_line(tmp_path: Path) -> None:
    # Tiled writes UTF-8; expat reads no multi-byte encoding such as Shift_JIS (and says so with a
    # ValueError, not an XML error).
    path = write_map(tmp_path / "m.tmx", ["..."])
    path.write_text(path.read_text(encoding="utf-8").replace('encoding="UTF-8"', 'encoding="Shift_JIS"'),
                    encoding="utf-8")
    assert validate_map(path) == ["m.tmx: not XML (multi-byte encodings are not supported)"]
