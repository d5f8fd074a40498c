"""Tile layer data in every encoding Tiled writes, with all four gid flag bits (hexagonal maps)."""

from __future__ import annotations

import base64
import gzip
import struct
import zlib
from xml.etree import ElementTree as ET

import numpy as np
import pytest
import zstandard

from game.maps.tile_data import FLIP_D, FLIP_H, FLIP_V, ROT_120, Flags, TileDataError, decode_data

# 3 x 2 layer: plain, 60 deg, 120 deg, 60+120 deg (= 180), H+V flips, all four bits.
GIDS = [1, 1 | FLIP_D, 1 | ROT_120, 1 | FLIP_D | ROT_120, 2 | FLIP_H | FLIP_V, 3 | FLIP_H | FLIP_V | FLIP_D | ROT_120]
RAW = struct.pack("<6I", *GIDS)


def data(encoding: str | None, compression: str | None, text: str) -> ET.Element:
    node = ET.Element("data")
    if encoding:
        node.set("encoding", encoding)
    if compression:
        node.set("compression", compression)
    node.text = text
    return node


ENCODINGS = {
    "csv": lambda: data("csv", None, "\n" + ",".join(map(str, GIDS[:3])) + ",\n" + ",".join(map(str, GIDS[3:])) + "\n"),
    "base64": lambda: data("base64", None, base64.b64encode(RAW).decode()),
    "zlib": lambda: data("base64", "zlib", base64.b64encode(zlib.compress(RAW)).decode()),
    "gzip": lambda: data("base64", "gzip", base64.b64encode(gzip.compress(RAW)).decode()),
    "zstd": lambda: data("base64", "zstd", base64.b64encode(zstandard.ZstdCompressor().compress(RAW)).decode()),
}


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_every_encoding_keeps_all_four_flag_bits(name: str) -> None:
    gids = decode_data(ENCODINGS[name](), 3, 2)
    assert gids.dtype == np.uint32
    assert gids.ravel().tolist() == GIDS


def test_xml_tile_elements() -> None:
    node = ET.Element("data")
    for g in GIDS:
        ET.SubElement(node, "tile", gid=str(g))
    for _ in range(2):
        ET.SubElement(node, "tile")  # Tiled writes an empty cell without a gid
    assert decode_data(node, 4, 2).ravel().tolist() == [*GIDS, 0, 0]


def test_flags_name_tileds_hex_rotations() -> None:
    # Tiled's hexagonal renderer: anti-diagonal bit = +60 degrees, 0x10000000 = +120 degrees.
    assert [Flags.of(g).rotation for g in GIDS] == [0, 60, 120, 180, 0, 180]
    assert Flags.of(GIDS[4]).key == (True, True, False, False)


@pytest.mark.parametrize(("node", "words"), [
    (lambda: data("base64", "lz4", "AAAA"), 'compression "lz4"'),
    (lambda: data("base64", "zlib", "AAAA"), "zlib data is damaged"),
    (lambda: data("base64", None, "AAA"), "Base64 is damaged"),
    (lambda: data("csv", None, "1,2,-3,4,5,6"), 'CSV holds "-3"'),
    (lambda: data("csv", None, "1,2,3"), "has 3 tiles, the map needs 6"),
    (lambda: data("base64", None, base64.b64encode(b"\0" * 7).decode()), "7 bytes"),
])
def test_bad_data_is_one_line(node, words: str) -> None:
    with pytest.raises(TileDataError) as info:
        decode_data(node(), 3, 2)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_chunks_say_how_to_fix_it_in_tiled() -> None:
    node = ET.fromstring('<data encoding="csv"><chunk x="0" y="0" width="16" height="16">0</chunk></data>')
    with pytest.raises(TileDataError, match="Map > Map Properties > Infinite: off"):
        decode_data(node, 3, 2)
