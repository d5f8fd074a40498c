"""The TMX writer produces files Tiled and pytmx read as described."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from game.maps.pytmx_import import import_pytmx
from game.maps.tmxwrite import write_map


def _pytmx_map(path: Path):
    return import_pytmx().TiledMap(str(path), allow_duplicate_names=True)


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
