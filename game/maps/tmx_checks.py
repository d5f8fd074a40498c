"""Check a TMX file's XML and prepare a copy pytmx can read without crashing.

pytmx is lenient in some places and crashes with bare exceptions in others
(a typo in a typed property, a float layer offset, an external tileset it
cannot find, an empty image layer, animation frames...). This module parses
the file with ElementTree, reports every such fault with its place, and
returns a cleaned tree (external ``.tsx`` tilesets inlined, unused attributes
pytmx casts removed) plus an index of the tiles' custom properties.
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

from .errors import MapError
from .pytmx_import import import_pytmx

MAX_CELLS_PER_SIDE = 1000
MAX_TILES_PER_TILESET = 65536
INT_RE = re.compile(r"^\s*[+-]?\d+\s*$")
BOOL_VALUES = ("true", "false", "1", "0")
# Tileset objectalignment -> the point of a tile object's image its x, y names, as fractions of (w, h).
ALIGNMENT_POINTS = {
    "topleft": (0.0, 0.0), "top": (0.5, 0.0), "topright": (1.0, 0.0),
    "left": (0.0, 0.5), "center": (0.5, 0.5), "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0), "bottom": (0.5, 1.0), "bottomright": (1.0, 1.0),
}
ALIGNMENTS = ("unspecified", *ALIGNMENT_POINTS)
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
# Tiled's flip flags plus the hexagonal 120-degree rotation bit (pytmx knows only the first three).
GID_FLAGS = 0xF0000000
# Attributes pytmx casts without checking that Playmat never reads: dropped from the copy pytmx sees.
DROP_LAYER_ATTRS = ("id", "opacity", "visible", "offsetx", "offsety", "locked")
DROP_TILESET_ATTRS = ("spacing", "margin", "columns", "tilecount")
DROP_TILE_ATTRS = ("probability", "terrain", "x", "y", "width", "height")
DROP_OBJECT_ATTRS = ("visible",)


@dataclass(frozen=True)
class TileInfo:
    """One tile of a tileset as the rules care about it."""

    label: str  # 'tile 3 of tileset "terrain"'
    properties: Mapping[str, object]  # custom properties only, typed as Tiled wrote them
    kind: str | None  # the tile's class/type (tile objects inherit it)
    size: tuple[float, float]  # image size, for tile objects written without one
    alignment: str = "bottomleft"  # the tileset's objectalignment: which point of the image x, y is


class Fatal(Exception):
    """Internal: stop reading; the problems so far say why."""


@dataclass
class Reader:
    """The file being read and the faults found so far."""

    path: Path
    source: str
    problems: list[MapError] = field(default_factory=list)

    def problem(self, where: str | None, what: str) -> None:
        self.problems.append(MapError(self.source, where, what))

    def fatal(self, where: str | None, what: str) -> Fatal:
        self.problem(where, what)
        return Fatal()


@dataclass(frozen=True)
class MapHead:
    """The map element's attributes, checked."""

    stagger_axis: str
    stagger_index: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    side_length: int


def prepare(rd: Reader, path: Path) -> tuple[ET.Element, MapHead, list[Tileset]]:
    """Parse and check ``path``; the cleaned tree for pytmx, the map head and the tilesets.

    Raises :class:`Fatal` when pytmx could not read the file; other faults are
    left in ``rd.problems``.
    """
    root = parse_xml(rd, path, None)
    if root.tag != "map":
        raise rd.fatal(None, f"not a Tiled map (the root element is <{root.tag}>, not <map>)")
    head = _check_map_attributes(rd, root)
    tilesets = _inline_tilesets(rd, root)
    _clean_layers(rd, root)
    _check_properties(rd, root, "map property")
    return root, head, tilesets


def parse_xml(rd: Reader, path: Path, where: str | None) -> ET.Element:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise rd.fatal(where, f'file not found: "{path}"') from None
    except IsADirectoryError:
        raise rd.fatal(where, f'"{path}" is a directory, not a file') from None
    except OSError as e:
        raise rd.fatal(where, f'cannot read "{path}": {e.strerror or e}') from None
    try:
        return ET.fromstring(data)
    except ET.ParseError as e:
        raise rd.fatal(where, f"not XML ({e})") from None
    except (ValueError, RecursionError) as e:
        raise rd.fatal(where, f"not XML ({e})") from None


def _int_attr(rd: Reader, node: ET.Element, name: str, where: str | None, *, required: bool = True,
              minimum: int | None = None, maximum: int | None = None) -> int | None:
    raw = node.get(name)
    if raw is None:
        if required:
            rd.problem(where, f"{name} is missing")
        return None
    if not INT_RE.match(raw):
        rd.problem(where, f'{name} "{raw}" is not an integer')
        return None
    value = int(raw)
    if minimum is not None and value < minimum:
        rd.problem(where, f"{name} {value} is less than {minimum}")
        return None
    if maximum is not None and value > maximum:
        rd.problem(where, f"{name} {value} is more than {maximum}")
        return None
    return value


def _check_map_attributes(rd: Reader, root: ET.Element) -> MapHead:
    orientation = root.get("orientation")
    if orientation != "hexagonal":
        said = f'orientation is "{orientation}"' if orientation is not None else "orientation is missing"
        raise rd.fatal("map", f"{said}, but Playmat needs a hexagonal map")
    infinite = (root.get("infinite") or "0").strip()
    if infinite == "1":
        raise rd.fatal("map", "infinite maps are not supported (untick Infinite in Tiled's map properties)")
    if infinite != "0":
        rd.problem("map", f'infinite "{infinite}" is not 0 or 1')
    axis = root.get("staggeraxis")
    if axis not in ("x", "y"):
        rd.problem("map", f'staggeraxis is "{axis}", not x or y' if axis is not None else "staggeraxis is missing")
    index = root.get("staggerindex")
    if index not in ("odd", "even"):
        rd.problem("map", f'staggerindex is "{index}", not odd or even' if index is not None
                   else "staggerindex is missing")
    width = _int_attr(rd, root, "width", "map", minimum=1, maximum=MAX_CELLS_PER_SIDE)
    height = _int_attr(rd, root, "height", "map", minimum=1, maximum=MAX_CELLS_PER_SIDE)
    tw = _int_attr(rd, root, "tilewidth", "map", minimum=2, maximum=100_000)
    th = _int_attr(rd, root, "tileheight", "map", minimum=2, maximum=100_000)
    side = _int_attr(rd, root, "hexsidelength", "map", minimum=0, maximum=100_000)
    root.attrib.pop("nextobjectid", None)  # pytmx casts it; unused
    if rd.problems or None in (width, height, tw, th, side):
        raise Fatal()
    assert width and height and tw and th and side is not None
    along = th if axis == "y" else tw
    if side > along:
        raise rd.fatal("map", f"hexsidelength {side} is more than the tile {'height' if axis == 'y' else 'width'} "
                       f"{along}")
    return MapHead(str(axis), str(index), width, height, tw, th, side)


@dataclass
class Tileset:
    name: str
    firstgid: int
    count: int | None
    tiles: dict[int, TileInfo]
    default_size: tuple[float, float]
    alignment: str


def _inline_tilesets(rd: Reader, root: ET.Element) -> list[Tileset]:
    """Check every tileset, put external ones into the tree and index their tiles."""
    out: list[Tileset] = []
    for pos, node in enumerate(list(root)):
        if node.tag != "tileset":
            continue
        firstgid = _int_attr(rd, node, "firstgid", "a tileset", minimum=1)
        source = node.get("source")
        base = rd.path.parent
        ts_node = node
        if source is not None:
            where = f'tileset "{source}"'
            if not source.lower().endswith(".tsx"):
                raise rd.fatal(where, "only .tsx external tilesets are supported")
            tsx_path = rd.path.parent / source
            ts_node = parse_xml(rd, tsx_path, where)
            if ts_node.tag != "tileset":
                raise rd.fatal(where, f"not a Tiled tileset (the root element is <{ts_node.tag}>)")
            ts_node = copy.deepcopy(ts_node)
            ts_node.attrib.pop("source", None)
            if firstgid is not None:
                ts_node.set("firstgid", str(firstgid))
            root[pos] = ts_node
            base = tsx_path.parent
        name = ts_node.get("name") or source or "?"
        where = f'tileset "{name}"'
        tw = _int_attr(rd, ts_node, "tilewidth", where, minimum=1)
        th = _int_attr(rd, ts_node, "tileheight", where, minimum=1)
        count = _int_attr(rd, ts_node, "tilecount", where, required=False, minimum=0)
        for attr in DROP_TILESET_ATTRS:
            ts_node.attrib.pop(attr, None)
        _check_properties(rd, ts_node, where)
        image = ts_node.find("image")
        crashy = None in (firstgid, tw, th)  # pytmx would crash on these
        if image is not None:
            iw = _int_attr(rd, image, "width", f"{where} image", minimum=1)
            ih = _int_attr(rd, image, "height", f"{where} image", minimum=1)
            crashy = crashy or None in (iw, ih)
            _check_image(rd, image, base, where)  # a missing file does not stop the reading
        alignment = ts_node.get("objectalignment") or "unspecified"
        if alignment not in ALIGNMENTS:
            rd.problem(where, f'objectalignment "{alignment}" is not one of {", ".join(ALIGNMENTS)}')
            alignment = "unspecified"
        alignment = "bottomleft" if alignment == "unspecified" else alignment  # Tiled's default off isometric
        tiles: dict[int, TileInfo] = {}
        for tile in ts_node.findall("tile"):
            tid = _int_attr(rd, tile, "id", f"a tile of {where}", minimum=0)
            if tid is None:
                ts_node.remove(tile)
                continue
            label = f"tile {tid} of {where}"
            for attr in DROP_TILE_ATTRS:
                tile.attrib.pop(attr, None)
            for sub in tile.findall("animation") + tile.findall("objectgroup"):
                tile.remove(sub)  # pytmx casts frames and colliders without checking; unused
            _check_properties(rd, tile, label)
            size: tuple[float, float] = (float(tw or 0), float(th or 0))
            timg = tile.find("image")
            if timg is not None:
                _check_image(rd, timg, base, label)
                size = (_float_or(timg.get("width"), size[0]), _float_or(timg.get("height"), size[1]))
            props = import_pytmx().parse_properties(tile)
            tiles[tid] = TileInfo(label, props, tile.get("class") or tile.get("type"), size, alignment)
        if crashy:
            raise Fatal()
        assert firstgid is not None and tw and th
        if image is not None:
            sheet = int(_float_or(image.get("width"), 0) // tw) * int(_float_or(image.get("height"), 0) // th)
            if sheet > MAX_TILES_PER_TILESET:
                raise rd.fatal(where, f"image holds {sheet} tiles, more than {MAX_TILES_PER_TILESET}")
            count = sheet if count is None else count
        out.append(Tileset(name, firstgid, count, tiles, (float(tw or 0), float(th or 0)), alignment))
    if not out and not rd.problems:
        rd.problem(None, "the map has no tileset")
    out.sort(key=lambda t: t.firstgid)
    return out


def _float_or(raw: str | None, default: float) -> float:
    try:
        value = float(raw) if raw is not None else default
    except ValueError:
        return default
    return value if math.isfinite(value) else default


def _check_image(rd: Reader, image: ET.Element, base: Path, where: str) -> None:
    src = image.get("source")
    if not src:
        rd.problem(where, "image has no source file")
    elif not (base / src).is_file():
        rd.problem(where, f'image "{src}" is missing')


def _check_properties(rd: Reader, node: ET.Element, where: str) -> None:
    """Check typed custom properties; drop (and report) the ones pytmx would crash on."""
    for props in node.findall("properties"):
        for prop in list(props.findall("property")):
            name = prop.get("name")
            kind = prop.get("type")
            value = prop.get("value")
            bad = None
            if not name:
                bad = "a property has no name"
            elif kind is not None and kind not in PROPERTY_TYPES:
                bad = f'property "{name}" has type "{kind}", which Playmat cannot read'
            elif kind in ("int", "object", "float", "bool") and value is None:
                bad = f'property "{name}" ({kind}) has no value'
            elif kind in ("int", "object") and not INT_RE.match(value or ""):
                bad = f'property "{name}" is not an integer: "{value}"'
            elif kind == "float" and not _is_float(value or ""):
                bad = f'property "{name}" is not a number: "{value}"'
            elif kind == "bool" and (value or "").strip().lower() not in BOOL_VALUES:
                bad = f'property "{name}" is not true or false: "{value}"'
            if bad:
                rd.problem(where, bad)
                props.remove(prop)


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def parent_map(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {child: parent for parent in root.iter() for child in parent}


def _visible(node: ET.Element) -> bool:
    return (node.get("visible") or "1").strip().lower() not in ("0", "false")


def _clean_layers(rd: Reader, root: ET.Element) -> None:
    """Check layers, note visibility and offsets, and remove what pytmx would trip over."""
    parents = parent_map(root)
    for node in list(root.iter()):
        if node.tag not in ("layer", "objectgroup", "group", "imagelayer"):
            continue
        if inside_tile(node, parents):
            continue
        where = f'layer "{node.get("name", "")}"'
        # Effective visibility and offset, with enclosing groups, before pytmx sees the node.
        visible, dx, dy = _visible(node), 0.0, 0.0
        walk: ET.Element | None = node
        while walk is not None and walk is not root:
            visible = visible and _visible(walk)
            dx += _float_or(walk.get("offsetx"), 0.0)
            dy += _float_or(walk.get("offsety"), 0.0)
            walk = parents.get(walk)
        node.set("playmat-visible", "1" if visible else "0")
        node.set("playmat-offset", f"{dx!r},{dy!r}")
        _check_properties(rd, node, where)
        if node.tag == "imagelayer":
            image = node.find("image")
            if image is None or not image.get("source"):
                parents[node].remove(node)  # an empty image layer: Tiled allows it, pytmx crashes
            else:
                _check_image(rd, image, rd.path.parent, where)
        elif node.tag == "layer":
            _check_tile_layer(rd, root, node, where)
        elif node.tag == "objectgroup":
            for obj in list(node.findall("object")):
                _check_object(rd, node, obj)
    for node in root.iter():
        if node.tag in ("layer", "objectgroup", "group", "imagelayer"):
            for attr in DROP_LAYER_ATTRS:
                node.attrib.pop(attr, None)


def inside_tile(node: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    walk = parents.get(node)
    while walk is not None:
        if walk.tag in ("tile", "tileset"):
            return True
        walk = parents.get(walk)
    return False


def _check_tile_layer(rd: Reader, root: ET.Element, node: ET.Element, where: str) -> None:
    w = _int_attr(rd, node, "width", where, minimum=1)
    h = _int_attr(rd, node, "height", where, minimum=1)
    if w is None or h is None:
        raise Fatal()  # pytmx would crash on these
    if (w, h) != (int(root.get("width", "0")), int(root.get("height", "0"))):
        raise rd.fatal(where, f"size {w}x{h} differs from the map's {root.get('width')}x{root.get('height')}")
    data = node.find("data")
    if data is None:
        raise rd.fatal(where, "has no tile data")
    if data.find("chunk") is not None:
        raise rd.fatal(where, "infinite maps are not supported (untick Infinite in Tiled's map properties)")
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding is None:
        raise rd.fatal(where, "XML tile data is not supported (save with the CSV or Base64 layer format)")
    if encoding not in ("csv", "base64") or (encoding == "base64" and compression not in (None, "zlib", "gzip")):
        kind = encoding + (f" with {compression} compression" if compression else "")
        raise rd.fatal(where, f"layer format {kind} is not supported (use CSV, or Base64 zlib/gzip)")
    try:
        text = (data.text or "").strip()
        gids = import_pytmx().pytmx.unpack_gids(text=text, encoding=encoding, compression=compression)
    except Exception as e:  # noqa: BLE001 - bad base64, bad zlib, bad CSV: all the same to a designer
        raise rd.fatal(where, f"tile data cannot be read ({type(e).__name__}: {e})") from None
    if len(gids) != w * h:
        raise rd.fatal(where, f"has {len(gids)} tiles, the map needs {w * h}")


def _check_object(rd: Reader, group: ET.Element, obj: ET.Element) -> None:
    label = f'object "{obj.get("name")}"' if obj.get("name") else f"object id {obj.get('id')}"
    ok = _int_attr(rd, obj, "id", label, minimum=0) is not None
    if obj.get("gid") is not None:
        ok = _int_attr(rd, obj, "gid", label, minimum=0, maximum=0xFFFFFFFF) is not None and ok
    for attr in ("x", "y", "width", "height", "rotation"):
        raw = obj.get(attr)
        if raw is not None and not (_is_float(raw) and math.isfinite(float(raw))):
            rd.problem(label, f'{attr} "{raw}" is not a number')
            ok = False
    if obj.get("template"):
        rd.problem(label, f'uses template "{obj.get("template")}", which Playmat cannot read (detach it in Tiled)')
        ok = False
    for attr in DROP_OBJECT_ATTRS:
        obj.attrib.pop(attr, None)
    _check_properties(rd, obj, label)
    shape = "rectangle"
    for tag in ("point", "ellipse", "polygon", "polyline", "text"):
        if obj.find(tag) is not None:
            shape = tag
            break
    if shape == "rectangle" and obj.get("gid") not in (None, "0"):
        shape = "tile"
    obj.set("playmat-shape", shape)
    for tag in ("polygon", "polyline"):
        for sub in obj.findall(tag):
            obj.remove(sub)  # pytmx parses points without checking; only the shape matters here
    if not ok:
        group.remove(obj)


def tile_of(tilesets: list[Tileset], gid: int) -> TileInfo | None:
    owner = None
    for ts in tilesets:
        if ts.firstgid <= gid:
            owner = ts
    if owner is None:
        return None
    local = gid - owner.firstgid
    if local in owner.tiles:
        return owner.tiles[local]
    if owner.count is not None and local >= owner.count:
        return None
    return TileInfo(f'tile {local} of tileset "{owner.name}"', {}, None, owner.default_size, owner.alignment)

