"""The TMX writer produces files Tiled and pytmx read as described."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
import pytmx  # an independent reader of the files the writer makes (the test extra)

from game.maps import tmxdoc as td
from game.maps.tmxwrite import write_map
from game.rules.hexgrid import HexLayout


def _pytmx_map(path: Path):
    return pytmx.TiledMap(str(path), allow_duplicate_names=True)


def test_terrain_chars_become_gids_in_file_order(tmp_path: Path) -> None:
    p = write_map(tmp_path / "m.tmx", "..dw\nx_#h\n")
    m = _pytmx_map(p)
    layer = m.layers[0]
    assert layer.name == "Terrain"
    assert (m.width, m.height) == (4, 2)
    props = [[m.get_tile_properties_by_gid(g) if g else None for g in row] for row in layer.data]
    assert props[0][2]["terrain"] == "difficult"
    assert props[0][3]["terrain"] == "water"
    assert props[1][0]["terrain"] == "normal" and props[1][0]["exit"] is True
    assert props[1][1] is None  # "_" is no tile
    assert props[1][2]["terrain"] == "blocked"
    assert props[1][3]["terrain"] == "hazard"


def test_rows_of_different_length_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="row 1"):
        write_map(tmp_path / "m.tmx", ["...", ".."])


@pytest.mark.parametrize("style", ["point", "rect", "tile"])
@pytest.mark.parametrize("axis", ["x", "y"])
def test_object_anchor_lands_on_cell_centre(tmp_path: Path, style: str, axis: str) -> None:
    # Pointy 64x74 side 37: row 1 is shifted by colW = 32, rowH = 18 + 37 = 55.
    # Flat 74x64 side 37: col 1 is shifted by rowH = 32, colW = 18 + 37 = 55.
    expected = (64 + 32 + 32, 55 + 37) if axis == "y" else (55 + 37, 64 + 32 + 32)
    p = write_map(
        tmp_path / "m.tmx",
        ["...", "..."],
        stagger_axis=axis,
        object_style=style,
        units=[{"name": "A", "at": (1, 1), "faction": "player", "move": 4, "threatening": False}],
    )
    obj = next(iter(_pytmx_map(p).objects))
    # pytmx moves a tile object's y to its top edge; a rectangle's x, y is its top-left.
    centre = (obj.x, obj.y) if style == "point" else (obj.x + obj.width / 2, obj.y + obj.height / 2)
    assert centre == expected
    assert obj.type == "combatant"
    assert obj.properties["move"] == 4 and obj.properties["threatening"] is False
    assert obj.properties["faction"] == "player"


def test_external_tileset_and_class_attribute(tmp_path: Path) -> None:
    p = write_map(
        tmp_path / "m.tmx",
        ["z."],
        tileset="external",
        class_attr="class",
        tile_properties={"z": {"cost_ground": 3}},
        units=[
            {"name": "B", "at": (0, 0), "faction": "enemy", "id": 9},
            {"name": "C", "at": (1, 0), "faction": "ally"},
        ],
    )
    root = ET.parse(p).getroot()
    assert root.find("tileset").get("source") == "m_tiles.tsx"
    assert (tmp_path / "m_tiles.tsx").exists()
    objs = root.findall("objectgroup/object")
    assert [(o.get("id"), o.get("class")) for o in objs] == [("9", "combatant"), ("1", "combatant")]
    m = _pytmx_map(p)
    assert m.get_tile_properties_by_gid(m.layers[0].data[0][0])["cost_ground"] == 3


def test_png_is_valid(tmp_path: Path) -> None:
    write_map(tmp_path / "m.tmx", ["."])
    data = (tmp_path / "m_tiles.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, {}
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body)
        chunks[kind] = body
        pos += 12 + length
    width, height = struct.unpack(">II", chunks[b"IHDR"][:8])
    assert (width, height) == (64 * 8, 74)  # eight built-in tiles side by side
    assert len(zlib.decompress(chunks[b"IDAT"])) == height * (1 + width * 4)


def test_document_api_gid_layers_external_tilesets_and_typed_objects(tmp_path: Path) -> None:
    # The lower-level API the asset tools use: raw gids with flip bits, layer opacity/offset/visibility,
    # external tilesets by firstgid, typed properties on the map and on point objects.
    td.write_tsx(tmp_path / "a.tsx", td.TileSheet("a", 64, 74, "a.png", 4, 4, [{"terrain": "water"}]))
    td.write_tsx(tmp_path / "b.tsx", td.TileSheet("b", 64, 74, "b.png", 2, 2))
    layout = HexLayout("y", "odd", 64, 74, 37, 3, 2)
    doc = td.TmxDocument(
        layout,
        [td.TilesetRef(1, "a.tsx"), td.TilesetRef(5, "b.tsx")],
        [
            td.TileLayer("ground", [[1, 2 | td.FLIP_H, 0], [3 | td.FLIP_V | td.FLIP_D, 4, 1]]),
            td.TileLayer("decor", [[0, 5, 0], [0, 0, 6 | td.FLIP_H]], opacity=0.5, offset=(3, -4), visible=False),
            td.ObjectGroup("units", [td.MapObject(96, 92, "Ann", properties={"hp": 9, "fast": True, "w": 1.5,
                                                                    "tint": td.Typed("color", "#ff00ff00")})]),
        ],
        properties={"title": "t", "seed": 3},
    )
    p = td.write_tmx(tmp_path / "m.tmx", doc)
    root = ET.parse(p).getroot()
    assert (root.get("nextlayerid"), root.get("nextobjectid")) == ("4", "2")
    decor = root.findall("layer")[1]
    assert [decor.get(a) for a in ("opacity", "offsetx", "offsety", "visible")] == ["0.5", "3", "-4", "0"]
    csv = root.find("layer/data").text.split()
    assert csv == ["1,2147483650,0,", "1610612739,4,1"]  # 3 | 0x40000000 | 0x20000000
    m = _pytmx_map(p)
    assert m.properties == {"title": "t", "seed": 3}
    ground = m.layers[0]
    assert m.get_tile_properties_by_gid(ground.data[0][0])["terrain"] == "water"
    assert m.tiledgidmap[ground.data[0][1]] == 2  # pytmx gives the flipped tile a gid of its own
    assert m.tiledgidmap[m.layers[1].data[1][2]] == 6  # second tileset from its firstgid on
    assert m.layers[1].opacity == 0.5 and not m.layers[1].visible
    (obj,) = m.objects
    assert (obj.name, obj.type, obj.x, obj.y) == ("Ann", "combatant", 96, 92)
    assert obj.properties["hp"] == 9 and obj.properties["fast"] is True and obj.properties["w"] == 1.5
    assert root.find(".//property[@name='tint']").get("type") == "color"


def test_object_ids_keep_explicit_ones_and_fill_the_gaps() -> None:
    assert td.object_ids([None, 2, None, None, 7]) == [1, 2, 3, 4, 7]
