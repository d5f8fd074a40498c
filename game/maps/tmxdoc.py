"""The TMX document model and its XML writer: the one place Playmat spells out Tiled's file format.

A :class:`TmxDocument` says what a hexagonal Tiled map holds (its :class:`HexLayout`,
tilesets, tile layers of raw gids, object groups, typed properties);
:func:`render_tmx` turns it into the XML Tiled itself writes, which both
tmxrasterizer and pytmx read. ``game.maps.tmxwrite.write_map`` (maps from rows of
terrain chars) and the asset tools (tools/make_default_map.py,
tools/make_goldens.py) all build one of these.

>>> from game.rules import HexLayout
>>> doc = TmxDocument(HexLayout("y", "odd", 64, 74, 37, 2, 1), [TilesetRef(1, source="t.tsx")],
...                   [TileLayer("terrain", [[1, 2 | FLIP_H]])], properties={"seed": 7})
>>> "1,2147483650" in render_tmx(doc)
True
"""

from __future__ import annotations

import base64
import math
import struct
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple
from xml.etree import ElementTree as ET

from game.rules import HexLayout

# Flip flags in the top bits of a gid (Tiled's "tile flipping" in the TMX spec).
FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000

ENCODINGS = ("csv", "base64", "base64-zlib")
SHAPES = ("point", "rect", "ellipse", "tile")


class Typed(NamedTuple):
    """A property value with an explicit Tiled type (``color``, ``file``, ...).

    Plain values need no wrapper: bool, int and float are written as such, anything else as a string.
    """

    type: str
    value: object


@dataclass
class TileSheet:
    """A tileset cut from one image, ``columns`` tiles wide; ``tile_properties[i]`` belong to tile id ``i``."""

    name: str
    tile_width: int
    tile_height: int
    image: str
    tile_count: int
    columns: int
    tile_properties: Sequence[Mapping[str, object]] = ()


@dataclass
class TilesetRef:
    """A tileset of a map from ``firstgid`` on: an external ``.tsx`` (``source``) or an embedded ``sheet``."""

    firstgid: int
    source: str | None = None
    sheet: TileSheet | None = None


@dataclass
class TileLayer:
    """Raw Tiled gids ``[row][col]`` (0 = no tile, flip flags allowed)."""

    name: str
    gids: Sequence[Sequence[int]]
    opacity: float = 1.0
    offset: tuple[float, float] = (0, 0)
    visible: bool = True
    encoding: str = "csv"  # csv, base64 or base64-zlib


@dataclass
class MapObject:
    """One object; ``x, y`` as TMX stores them (a tile object's are its bottom-left corner).

    ``kind`` is written as the ``type`` or ``class`` attribute (see ``TmxDocument.class_attr``);
    ``width``/``height`` only for rect, ellipse and tile shapes, ``gid`` only for tile objects.
    An ``id`` of ``None`` takes the lowest free id (see :func:`object_ids`).
    """

    x: float
    y: float
    name: str | None = None
    kind: str | None = "combatant"
    shape: str = "point"
    width: float | None = None
    height: float | None = None
    gid: int | None = None
    id: int | None = None
    properties: Mapping[str, object] = field(default_factory=dict)


@dataclass
class ObjectGroup:
    name: str
    objects: Sequence[MapObject] = ()


@dataclass
class TmxDocument:
    """A whole hexagonal map; ``layers`` in drawing order (bottom first), numbered 1, 2, ... in that order."""

    layout: HexLayout
    tilesets: Sequence[TilesetRef]
    layers: Sequence[TileLayer | ObjectGroup]
    properties: Mapping[str, object] = field(default_factory=dict)
    version: str = "1.10"
    tiled_version: str = "1.10.2"
    class_attr: str = "type"  # Tiled >= 1.9 calls it "class"
    # Tiled never reuses the id of a deleted layer, so a saved map may reserve more; None = one past the last.
    next_layer_id: int | None = None


def object_ids(explicit: Sequence[int | None]) -> list[int]:
    """Ids for objects in order: an explicit id stays, the others count up from 1 skipping the explicit ones."""
    taken = {i for i in explicit if i is not None}
    ids, nxt = [], 1
    for oid in explicit:
        if oid is not None:
            ids.append(oid)
            continue
        while nxt in taken:
            nxt += 1
        ids.append(nxt)
        nxt += 1
    return ids


def map_element(doc: TmxDocument) -> ET.Element:
    """The ``<map>`` element of ``doc`` with all its children."""
    if doc.class_attr not in ("type", "class"):
        raise ValueError(f"class_attr {doc.class_attr!r} is not type or class")
    lay = doc.layout
    objects = [o for layer in doc.layers if isinstance(layer, ObjectGroup) for o in layer.objects]
    all_ids = object_ids([o.id for o in objects])
    ids = iter(all_ids)
    root = ET.Element(
        "map",
        {
            "version": doc.version,
            "tiledversion": doc.tiled_version,
            "orientation": "hexagonal",
            "renderorder": "right-down",
            "width": str(lay.cols),
            "height": str(lay.rows),
            "tilewidth": str(lay.tile_width),
            "tileheight": str(lay.tile_height),
            "infinite": "0",
            "hexsidelength": str(lay.side_length),
            "staggeraxis": lay.stagger_axis,
            "staggerindex": lay.stagger_index,
            "nextlayerid": str(doc.next_layer_id or len(doc.layers) + 1),
            "nextobjectid": str(max(all_ids, default=0) + 1),
        },
    )
    add_properties(root, doc.properties)
    for ts in doc.tilesets:
        if (ts.source is None) == (ts.sheet is None):
            raise ValueError(f"tileset at firstgid {ts.firstgid}: give exactly one of source and sheet")
        if ts.source is not None:
            ET.SubElement(root, "tileset", {"firstgid": str(ts.firstgid), "source": ts.source})
        elif ts.sheet is not None:  # always, by the check above
            _fill_tileset(ET.SubElement(root, "tileset", {"firstgid": str(ts.firstgid)}), ts.sheet)
    for layer_id, layer in enumerate(doc.layers, 1):
        if isinstance(layer, TileLayer):
            _add_tile_layer(root, layer, layer_id, lay)
        else:
            group = ET.SubElement(root, "objectgroup", {"id": str(layer_id), "name": layer.name})
            for obj in layer.objects:
                _add_object(group, obj, next(ids), doc.class_attr)
    return root


def render_tmx(doc: TmxDocument) -> str:
    return xml_text(map_element(doc))


def write_tmx(path: str | Path, doc: TmxDocument) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_tmx(doc), encoding="utf-8")
    return path


def write_tsx(path: str | Path, sheet: TileSheet, version: str = "1.10", tiled_version: str = "1.10.2") -> Path:
    """An external tileset file, for a ``TilesetRef(firstgid, source=...)`` naming it."""
    path = Path(path)
    root = ET.Element("tileset", {"version": version, "tiledversion": tiled_version})
    _fill_tileset(root, sheet)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(xml_text(root), encoding="utf-8")
    return path


def xml_text(root: ET.Element) -> str:
    """The file text as Tiled writes it: declaration, one-space indent, ``<point/>`` without a space."""
    ET.indent(root, space=" ")
    body = ET.tostring(root, encoding="unicode").replace(" />", "/>")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def add_properties(parent: ET.Element, props: Mapping[str, object]) -> None:
    """A ``<properties>`` child typed the way Tiled types them; nothing when ``props`` is empty."""
    if not props:
        return
    node = ET.SubElement(parent, "properties")
    for name, value in props.items():
        typ, value = value if isinstance(value, Typed) else (_tiled_type(value), value)
        attrs = {"name": name}
        if typ != "string":  # Tiled writes string properties without a type attribute.
            attrs["type"] = typ
        if isinstance(value, bool):
            attrs["value"] = "true" if value else "false"
        elif isinstance(value, float):
            attrs["value"] = repr(value)
        else:
            attrs["value"] = str(value)
        ET.SubElement(node, "property", attrs)


def _tiled_type(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return "float" if isinstance(value, float) else "string"


def _fill_tileset(ts: ET.Element, sheet: TileSheet) -> None:
    ts.attrib.update(
        name=sheet.name,
        tilewidth=str(sheet.tile_width),
        tileheight=str(sheet.tile_height),
        tilecount=str(sheet.tile_count),
        columns=str(sheet.columns),
    )
    width, height = sheet.tile_width * sheet.columns, sheet.tile_height * math.ceil(sheet.tile_count / sheet.columns)
    ET.SubElement(ts, "image", {"source": sheet.image, "width": str(width), "height": str(height)})
    for tid, props in enumerate(sheet.tile_properties):
        if props:
            add_properties(ET.SubElement(ts, "tile", {"id": str(tid)}), props)


def _add_tile_layer(root: ET.Element, layer: TileLayer, layer_id: int, lay: HexLayout) -> None:
    if len(layer.gids) != lay.rows or any(len(row) != lay.cols for row in layer.gids):
        raise ValueError(f"layer {layer.name}: gids are not {lay.rows} rows of {lay.cols}")
    attrs = {"id": str(layer_id), "name": layer.name, "width": str(lay.cols), "height": str(lay.rows)}
    if layer.opacity != 1.0:
        attrs["opacity"] = _num(layer.opacity)
    if not layer.visible:
        attrs["visible"] = "0"
    if tuple(layer.offset) != (0, 0):
        attrs.update(offsetx=_num(layer.offset[0]), offsety=_num(layer.offset[1]))
    node = ET.SubElement(root, "layer", attrs)
    if layer.encoding == "csv":
        data = ET.SubElement(node, "data", {"encoding": "csv"})
        data.text = "\n" + ",\n".join(",".join(str(g) for g in row) for row in layer.gids) + "\n"
    elif layer.encoding in ("base64", "base64-zlib"):
        flat = [g for row in layer.gids for g in row]
        raw = struct.pack(f"<{len(flat)}I", *flat)
        data_attrs = {"encoding": "base64"}
        if layer.encoding == "base64-zlib":
            raw = zlib.compress(raw)
            data_attrs["compression"] = "zlib"
        data = ET.SubElement(node, "data", data_attrs)
        data.text = "\n   " + base64.b64encode(raw).decode("ascii") + "\n  "
    else:
        raise ValueError(f"layer {layer.name}: encoding {layer.encoding!r} is not csv, base64 or base64-zlib")


def _add_object(group: ET.Element, obj: MapObject, oid: int, class_attr: str) -> None:
    if obj.shape not in SHAPES:
        raise ValueError(f"object {oid}: shape {obj.shape!r} is not point, rect, ellipse or tile")
    attrs = {"id": str(oid)}
    if obj.name is not None:
        attrs["name"] = obj.name
    if obj.kind is not None:
        attrs[class_attr] = obj.kind
    if obj.shape == "tile":
        if obj.gid is None:
            raise ValueError(f"object {oid}: a tile object needs a gid")
        attrs["gid"] = str(obj.gid)
    attrs.update(x=_num(obj.x), y=_num(obj.y))
    if obj.shape != "point":
        attrs.update(width=_num(obj.width or 0), height=_num(obj.height or 0))
    node = ET.SubElement(group, "object", attrs)
    add_properties(node, obj.properties)
    if obj.shape in ("point", "ellipse"):
        ET.SubElement(node, obj.shape)


def _num(v: float) -> str:
    """Whole numbers without ``.0`` (as Tiled writes them), others exactly."""
    return str(int(v)) if float(v).is_integer() else repr(float(v))
