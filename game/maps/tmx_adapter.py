"""Read a TMX file through pytmx into plain data, hiding pytmx's quirks.

pytmx is lenient in some places and crashes with bare exceptions in others
(a typo in a typed property, a float layer offset, an external tileset it
cannot find, an empty image layer, tile colliders listed as map layers...).
So the file is first parsed with ElementTree and checked; everything that
would make pytmx crash or silently misread is reported as a :class:`MapError`
naming the place, and only a cleaned copy of the tree (external ``.tsx``
tilesets inlined) is handed to pytmx. The loader then sees only
:class:`TmxMap`: custom properties without Tiled's own fields, tile layers
bottom to top with their effective visibility, and each object's anchor.
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


@dataclass(frozen=True)
class TileLayer:
    name: str
    visible: bool  # counting the visibility of enclosing groups
    tiles: tuple[tuple[TileInfo | None, ...], ...]  # [row][col], None = no tile


@dataclass(frozen=True)
class MapObject:
    id: int
    name: str | None
    kind: str | None  # class (Tiled 1.9) or type, or its tile's
    shape: str  # point, rectangle, ellipse, tile, polygon, polyline, text
    anchor: tuple[float, float]  # map pixels: point, centre of the box or of the tile image
    properties: Mapping[str, object]
    layer: str

    @property
    def label(self) -> str:
        """How messages name the object: its name, or its id when it has none."""
        return f'object "{self.name}"' if self.name and self.name.strip() else f"object id {self.id}"


@dataclass(frozen=True)
class TmxMap:
    path: Path
    source: str
    stagger_axis: str
    stagger_index: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    side_length: int
    properties: Mapping[str, object]
    tile_layers: tuple[TileLayer, ...]  # bottom to top, as in the file
    objects: tuple[MapObject, ...]  # file order, colliders of tiles excluded
    problems: tuple[MapError, ...] = ()  # faults that did not stop the reading


class Fatal(Exception):
    """Internal: stop reading; the problems so far say why."""


@dataclass
class _Reader:
    path: Path
    source: str
    problems: list[MapError] = field(default_factory=list)

    def problem(self, where: str | None, what: str) -> None:
        self.problems.append(MapError(self.source, where, what))

    def fatal(self, where: str | None, what: str) -> Fatal:
        self.problem(where, what)
        return Fatal()


def read_tmx(path: str | Path) -> TmxMap:
    """Read and check a TMX file; raise :class:`MapError` (the first fault) if it cannot be used.

    Faults that do not stop the reading are in ``TmxMap.problems``; when
    :func:`read_tmx_collect` is used, every fault found is returned instead.
    """
    tmx, problems = read_tmx_collect(path)
    if tmx is None:
        raise problems[0]
    return tmx


def read_tmx_collect(path: str | Path) -> tuple[TmxMap | None, list[MapError]]:
    """Like :func:`read_tmx` but returns ``(map or None, every fault found)``."""
    path = Path(path)
    reader = _Reader(path, path.name or str(path))
    try:
        tmx = _read(reader)
    except Fatal:
        return None, reader.problems
    except MapError as e:
        return None, [*reader.problems, e]
    except Exception as e:  # noqa: BLE001 - pytmx raises bare Exceptions; never show a traceback
        reader.problem(None, f"cannot read the map ({type(e).__name__}: {e})")
        return None, reader.problems
    return tmx, list(tmx.problems)


# --- reading -------------------------------------------------------------------
def _read(rd: _Reader) -> TmxMap:
    root = _parse_xml(rd, rd.path, None)
    if root.tag != "map":
        raise rd.fatal(None, f"not a Tiled map (the root element is <{root.tag}>, not <map>)")
    head = _check_map_attributes(rd, root)
    tilesets = _inline_tilesets(rd, root)
    _clean_layers(rd, root)
    _check_properties(rd, root, "map property")

    pytmx = import_pytmx()
    tiled = pytmx.TiledMap(allow_duplicate_names=True)
    tiled.filename = str(rd.path)
    tiled.parse_xml(root)

    tile_layers = _tile_layers(rd, root, tiled, tilesets, head)
    objects = _objects(rd, root, tiled, tilesets)
    stagger_axis, stagger_index, width, height, tw, th, side = head
    return TmxMap(
        path=rd.path,
        source=rd.source,
        stagger_axis=stagger_axis,
        stagger_index=stagger_index,
        width=width,
        height=height,
        tile_width=tw,
        tile_height=th,
        side_length=side,
        properties=dict(tiled.properties),
        tile_layers=tuple(tile_layers),
        objects=tuple(objects),
        problems=tuple(rd.problems),
    )


def _parse_xml(rd: _Reader, path: Path, where: str | None) -> ET.Element:
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


def _int_attr(rd: _Reader, node: ET.Element, name: str, where: str | None, *, required: bool = True,
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


def _check_map_attributes(rd: _Reader, root: ET.Element) -> tuple[str, str, int, int, int, int, int]:
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
    return str(axis), str(index), width, height, tw, th, side


@dataclass
class _Tileset:
    name: str
    firstgid: int
    count: int | None
    tiles: dict[int, TileInfo]
    default_size: tuple[float, float]
    alignment: str


def _inline_tilesets(rd: _Reader, root: ET.Element) -> list[_Tileset]:
    """Check every tileset, put external ones into the tree and index their tiles."""
    out: list[_Tileset] = []
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
            ts_node = _parse_xml(rd, tsx_path, where)
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
        out.append(_Tileset(name, firstgid, count, tiles, (float(tw or 0), float(th or 0)), alignment))
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


def _check_image(rd: _Reader, image: ET.Element, base: Path, where: str) -> None:
    src = image.get("source")
    if not src:
        rd.problem(where, "image has no source file")
    elif not (base / src).is_file():
        rd.problem(where, f'image "{src}" is missing')


def _check_properties(rd: _Reader, node: ET.Element, where: str) -> None:
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


def _parents(root: ET.Element) -> dict[ET.Element, ET.Element]:
    return {child: parent for parent in root.iter() for child in parent}


def _visible(node: ET.Element) -> bool:
    return (node.get("visible") or "1").strip().lower() not in ("0", "false")


def _clean_layers(rd: _Reader, root: ET.Element) -> None:
    """Check layers, note visibility and offsets, and remove what pytmx would trip over."""
    parents = _parents(root)
    for node in list(root.iter()):
        if node.tag not in ("layer", "objectgroup", "group", "imagelayer"):
            continue
        if _inside_tile(node, parents):
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


def _inside_tile(node: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    walk = parents.get(node)
    while walk is not None:
        if walk.tag in ("tile", "tileset"):
            return True
        walk = parents.get(walk)
    return False


def _check_tile_layer(rd: _Reader, root: ET.Element, node: ET.Element, where: str) -> None:
    w = _int_attr(rd, node, "width", where, minimum=1)
    h = _int_attr(rd, node, "height", where, minimum=1)
    if (w, h) != (int(root.get("width", "0")), int(root.get("height", "0"))) and None not in (w, h):
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
    if w and h and len(gids) != w * h:
        raise rd.fatal(where, f"has {len(gids)} tiles, the map needs {w * h}")


def _check_object(rd: _Reader, group: ET.Element, obj: ET.Element) -> None:
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


def _tile_layers(
    rd: _Reader, root: ET.Element, tiled: object, tilesets: list[_Tileset], head: tuple
) -> list[TileLayer]:
    pytmx = import_pytmx()
    width, height = head[2], head[3]
    nodes = [n for n in root.iter("layer")]
    layers = [lay for lay in tiled.layers if isinstance(lay, pytmx.TiledTileLayer)]  # type: ignore[attr-defined]
    # pytmx lists tile layers in file order (then image layers, then object groups).
    out = []
    cache: dict[int, TileInfo | None] = {}
    reported: set[int] = set()
    for node, layer in zip(nodes, layers, strict=True):
        rows = []
        for r in range(height):
            row = []
            for c in range(width):
                gid = layer.data[r][c]
                if not gid:
                    row.append(None)
                    continue
                tiled_gid = tiled.tiledgidmap.get(gid, gid) & ~GID_FLAGS  # type: ignore[attr-defined]
                if tiled_gid not in cache:
                    cache[tiled_gid] = _tile_of(tilesets, tiled_gid)
                info = cache[tiled_gid]
                if info is None and tiled_gid not in reported:
                    reported.add(tiled_gid)
                    rd.problem(f"cell {c},{r}", f'layer "{layer.name}" has tile gid {tiled_gid}, '
                               f"which belongs to no tileset")
                row.append(info)
            rows.append(tuple(row))
        out.append(TileLayer(str(layer.name or ""), node.get("playmat-visible") == "1", tuple(rows)))
    return out


def _tile_of(tilesets: list[_Tileset], gid: int) -> TileInfo | None:
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


def _objects(rd: _Reader, root: ET.Element, tiled: object, tilesets: list[_Tileset]) -> list[MapObject]:
    pytmx = import_pytmx()
    parents = _parents(root)
    nodes = list(root.iter("objectgroup"))
    groups = [lay for lay in tiled.layers if isinstance(lay, pytmx.TiledObjectGroup)]  # type: ignore[attr-defined]
    out = []
    for gnode, group in zip(nodes, groups, strict=True):
        if _inside_tile(gnode, parents):
            continue  # pytmx also lists a tile's collision shapes as a map layer
        ox, oy = (float(v) for v in (gnode.get("playmat-offset") or "0,0").split(","))
        for onode, obj in zip(gnode.findall("object"), group, strict=True):
            shape = onode.get("playmat-shape") or "rectangle"
            own = pytmx.parse_properties(onode)
            tile = None
            if shape == "tile":
                tile = _tile_of(tilesets, int(onode.get("gid", "0")) & ~GID_FLAGS)
            props = {**(tile.properties if tile else {}), **own}  # Tiled: tile objects inherit tile properties
            kind = onode.get("class") or onode.get("type") or (tile.kind if tile else None)
            x, y = _anchor(obj, shape, tile)
            if not (math.isfinite(x + ox) and math.isfinite(y + oy)):
                rd.problem(f'object "{obj.name}"' if obj.name else f"object id {obj.id}", "position is out of range")
                continue
            out.append(MapObject(int(obj.id), obj.name or None, kind, shape, (x + ox, y + oy), props,
                                 str(group.name or "")))
    return out


def _anchor(obj: object, shape: str, tile: TileInfo | None) -> tuple[float, float]:
    x, y = float(obj.x), float(obj.y)  # type: ignore[attr-defined]
    w, h = float(obj.width or 0), float(obj.height or 0)  # type: ignore[attr-defined]
    turn = math.radians(float(obj.rotation or 0))  # type: ignore[attr-defined]
    if shape in ("point", "polygon", "polyline", "text"):
        return x, y
    if shape == "tile":
        # pytmx moved y from the bottom edge (TMX) to the top by the written height;
        # a tile object written without a size takes its tile's image size.
        y += h  # back to the y written in the file
        if w == 0 and h == 0 and tile is not None:
            w, h = tile.size
        fx, fy = ALIGNMENT_POINTS[tile.alignment if tile is not None else "bottomleft"]
        dx, dy = w * (0.5 - fx), h * (0.5 - fy)  # image centre from the written point, before rotation
        return x + dx * math.cos(turn) - dy * math.sin(turn), y + dx * math.sin(turn) + dy * math.cos(turn)
    dx, dy = w / 2, h / 2  # rectangle and ellipse rotate about their top-left corner
    return x + dx * math.cos(turn) - dy * math.sin(turn), y + dx * math.sin(turn) + dy * math.cos(turn)
