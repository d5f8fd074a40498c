"""Write small but genuine Tiled TMX hex maps from a compact text description.

Tests and tools describe a map as rows of characters, one per cell (``col`` is
the index in the row, ``row`` the line):

====  ====================================  ====  ====================================
char  tile                                  char  tile
====  ====================================  ====  ====================================
``.`` ``terrain=normal``                    ``h`` ``terrain=hazard``
``d`` ``terrain=difficult``                 ``#`` ``terrain=blocked``
``w`` ``terrain=water``                     ``x`` ``terrain=normal``, ``exit=true``
``c`` ``terrain=chasm``                     ``o`` decoration (no terrain properties)
``_`` no tile (off-map)
====  ====================================  ====  ====================================

``tile_properties`` adds or overrides properties per char (a value of ``None``
removes one) and may introduce new chars. The output is what Tiled itself
would read: a tileset with a real PNG sprite sheet (embedded or ``.tsx``),
CSV or base64 layers, typed custom properties, point/rectangle/tile objects.
The XML itself is written by ``game.maps.tmxdoc``, which the asset tools use
directly for maps of raw gids on the shipped tilesets.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> write_map(d / "m.tmx", ["..", "x."], units=[{"name": "A", "at": (1, 1), "faction": "player"}]).name
'm.tmx'
"""

from __future__ import annotations

import functools
import struct
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.maps.palette import BASE_TILES
from game.maps.pixels import TiledPixels
from game.maps.tmxdoc import (
    MapObject,
    ObjectGroup,
    TileLayer,
    TilesetRef,
    TileSheet,
    TmxDocument,
    object_ids,
    write_tmx,
    write_tsx,
)
from game.rules import HexLayout

EMPTY = "_"
# Keys of a unit mapping that steer the writer instead of becoming properties.
UNIT_KEYS = frozenset({"name", "at", "px", "offset", "id", "layer", "kind", "style", "tile", "size_px"})
COLOURS = {
    ".": (120, 170, 90),
    "d": (150, 130, 70),
    "w": (60, 110, 200),
    "c": (40, 30, 30),
    "h": (210, 90, 30),
    "#": (90, 90, 90),
    "x": (220, 220, 120),
    "o": (180, 80, 180),
}


def default_tile_box(stagger_axis: str) -> tuple[int, int, int]:
    """``(tile_width, tile_height, side_length)`` of a near-regular hex of side 37."""
    return (64, 74, 37) if stagger_axis == "y" else (74, 64, 37)


def parse_rows(terrain: Sequence[str] | str, what: str = "terrain") -> list[str]:
    """Rows of a map description; a string is split into lines and stripped."""
    if isinstance(terrain, str):
        rows = [line.strip() for line in terrain.strip("\n").splitlines()]
        rows = [r for r in rows if r]
    else:
        rows = list(terrain)
    if not rows or not rows[0]:
        raise ValueError(f"{what}: no cells")
    for i, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise ValueError(f"{what}: row {i} has {len(row)} cells, row 0 has {len(rows[0])}")
    return rows


def write_map(
    path: str | Path,
    terrain: Sequence[str] | str,
    *,
    stagger_axis: str = "y",
    stagger_index: str = "odd",
    tile_width: int | None = None,
    tile_height: int | None = None,
    side_length: int | None = None,
    units: Sequence[Mapping[str, Any]] = (),  # writer keys of several types (below)
    map_properties: Mapping[str, object] | None = None,
    tileset: str = "embedded",
    object_style: str = "point",
    class_attr: str = "type",
    title: str | None = None,
    tile_properties: Mapping[str, Mapping[str, object]] | None = None,
    layers: Sequence[Mapping[str, Any]] = (),
    encoding: str = "csv",
    terrain_layer_name: str = "Terrain",
) -> Path:
    """Write ``path`` (a ``.tmx``), its PNG and, if asked, its ``.tsx``; return ``path``.

    ``units``: mappings with ``name`` and ``at`` ``(col, row)``; every other key
    becomes a typed Tiled property (bool, int, float, string), except these
    writer keys: ``px`` ``(x, y)`` anchor pixel instead of ``at``'s cell centre,
    ``offset`` ``(dx, dy)`` pixels added to the anchor, ``id``
    (object id; default: increasing in list order after the explicit ones),
    ``layer`` (object layer name, default ``Combatants``), ``kind`` (class or
    type, default ``combatant``; ``None`` writes none), ``style`` (overrides
    ``object_style``), ``tile`` (char whose tile a tile object shows, default
    ``.``), ``size_px`` ``(w, h)`` of a rectangle/tile object. A ``name`` of
    ``None`` writes no name.

    ``layers``: extra tile layers, mappings with ``name``, ``rows`` (same
    chars, ``_`` = empty), optional ``visible`` (default true) and ``below``
    (default false: drawn above the terrain layer), in bottom-to-top order.
    """
    path = Path(path)
    rows = parse_rows(terrain)
    height, width = len(rows), len(rows[0])
    dtw, dth, dside = default_tile_box(stagger_axis)
    tw = tile_width if tile_width is not None else dtw
    th = tile_height if tile_height is not None else dth
    side = side_length if side_length is not None else dside
    layout = HexLayout(stagger_axis, stagger_index, tw, th, side, width, height)
    if tileset not in ("embedded", "external"):
        raise ValueError(f"tileset {tileset!r} is not embedded or external")
    if class_attr not in ("type", "class"):
        raise ValueError(f"class_attr {class_attr!r} is not type or class")

    tiles = _tile_table(tile_properties or {})
    gid_of = {ch: i + 1 for i, ch in enumerate(tiles)}
    gid_of[EMPTY] = 0

    extra = [dict(layer) for layer in layers]
    below = [lay for lay in extra if lay.get("below")]
    above = [lay for lay in extra if not lay.get("below")]
    tile_layers = [*below, {"name": terrain_layer_name, "rows": rows}, *above]
    doc_layers: list[TileLayer | ObjectGroup] = [
        _gid_layer(lay, gid_of, width, height, encoding) for lay in tile_layers
    ]

    units = list(units)
    ids = object_ids([None if u.get("id") is None else int(u["id"]) for u in units])
    groups: dict[str, list[MapObject]] = {}
    for unit, oid in zip(units, ids, strict=True):
        obj = _unit_object(unit, oid, layout, object_style, gid_of)
        groups.setdefault(str(unit.get("layer", "Combatants")), []).append(obj)
    doc_layers += [ObjectGroup(name, objs) for name, objs in (groups or {"Combatants": []}).items()]

    props = dict(map_properties or {})
    if title is not None:
        props["title"] = title
    png_name = path.stem + "_tiles.png"
    sheet = TileSheet("terrain", tw, th, png_name, len(tiles), len(tiles), list(tiles.values()))
    if tileset == "embedded":
        ref = TilesetRef(1, sheet=sheet)
    else:
        ref = TilesetRef(1, source=write_tsx(path.with_name(path.stem + "_tiles.tsx"), sheet).name)
    write_tmx(path, TmxDocument(layout, [ref], doc_layers, props, class_attr=class_attr))
    path.with_name(png_name).write_bytes(_tileset_png(list(tiles), layout))
    return path


def _tile_table(extra: Mapping[str, Mapping[str, object]]) -> dict[str, dict[str, object]]:
    tiles = {ch: dict(p) for ch, p in BASE_TILES.items()}
    for ch, p in extra.items():
        if len(ch) != 1 or ch == EMPTY:
            raise ValueError(f"tile_properties key {ch!r} is not one char other than {EMPTY!r}")
        merged = tiles.setdefault(ch, {})
        for k, v in p.items():
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = v
    return tiles


def _gid_layer(lay: Mapping[str, Any], gid_of: Mapping[str, int], width: int, height: int, enc: str) -> TileLayer:
    name = str(lay["name"])
    lrows = parse_rows(lay["rows"], f"layer {name}")
    if (len(lrows), len(lrows[0])) != (height, width):
        raise ValueError(f"layer {name}: size differs from the terrain")
    for r, line in enumerate(lrows):
        for c, ch in enumerate(line):
            if ch not in gid_of:
                raise ValueError(f"layer {name}: unknown char {ch!r} at {c},{r}")
    gids = [[gid_of[ch] for ch in line] for line in lrows]
    return TileLayer(name, gids, visible=lay.get("visible", True) is not False, encoding=enc)


def _unit_object(
    unit: Mapping[str, Any], oid: int, layout: HexLayout, object_style: str, gid_of: Mapping[str, int]
) -> MapObject:
    dx, dy = unit.get("offset", (0, 0))
    if unit.get("px") is not None:
        cx, cy = unit["px"]
    else:
        cx, cy = TiledPixels(layout).cell_center(unit["at"])
    cx, cy = cx + dx, cy + dy
    style = str(unit.get("style", object_style))
    name = None if unit.get("name") is None else str(unit["name"])
    kind = unit.get("kind", "combatant")
    obj = MapObject(cx, cy, name, None if kind is None else str(kind), style, id=oid)
    obj.properties = {k: v for k, v in unit.items() if k not in UNIT_KEYS}
    if style in ("rect", "ellipse"):
        obj.width, obj.height = unit.get("size_px", (40, 30))
        obj.x, obj.y = cx - obj.width / 2, cy - obj.height / 2
    elif style == "tile":
        # TMX anchors a tile object at its bottom-left corner (orthogonal and hexagonal maps).
        obj.width, obj.height = unit.get("size_px", (layout.tile_width, layout.tile_height))
        obj.x, obj.y = cx - obj.width / 2, cy + obj.height / 2
        obj.gid = gid_of[str(unit.get("tile", "."))]
    elif style != "point":
        raise ValueError(f"object style {style!r} is not point, rect, ellipse or tile")
    return obj


# --- a tiny PNG encoder (no pygame) ------------------------------------------
def _tileset_png(chars: list[str], layout: HexLayout) -> bytes:
    """One hexagon per tile, side by side, transparent outside the hex."""
    # The picture depends on the tiles and their size and shape alone, not on the map's size: one per tile set.
    return _hex_tiles_png(tuple(chars), replace(layout, cols=1, rows=1))


@functools.lru_cache(maxsize=64)
def _hex_tiles_png(chars: tuple[str, ...], layout: HexLayout) -> bytes:
    """``_tileset_png``'s picture, drawn once per process for each tile set and layout: the hex test runs in
    Python for every pixel (some 50 ms a tileset), and a session, a generator or a test suite writes many maps
    of the same tiles. Bytes are immutable, so each caller still gets the picture as it was first drawn."""
    tw, th = layout.tile_width, layout.tile_height
    pix = TiledPixels(layout)
    ox, oy = pix.cell_box((0, 0))
    corners = [(x - ox, y - oy) for x, y in pix.cell_corners((0, 0))]
    inside = [[_in_polygon(x + 0.5, y + 0.5, corners) for x in range(tw)] for y in range(th)]
    rows = []
    for y in range(th):
        line = bytearray(b"\x00")  # filter type "none"
        for ch in chars:
            r, g, b = COLOURS.get(ch, (200, 200, 200))
            for x in range(tw):
                line += bytes((r, g, b, 255)) if inside[y][x] else b"\x00\x00\x00\x00"
        rows.append(bytes(line))
    return encode_png(tw * len(chars), th, b"".join(rows))


def _in_polygon(x: float, y: float, pts: list[tuple[float, float]]) -> bool:
    inside = False
    for i in range(len(pts)):
        (x1, y1), (x2, y2) = pts[i], pts[i - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def encode_png(width: int, height: int, raw_rows: bytes) -> bytes:
    """An 8-bit RGBA PNG from filtered scanlines (each row prefixed by its filter byte)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw_rows)) + chunk(b"IEND", b"")
