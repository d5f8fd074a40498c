"""Check a TMX file's XML and prepare a copy pytmx can read without crashing.

pytmx is lenient in some places and crashes with bare exceptions in others
(a typo in a typed property, a float layer offset, an external tileset it
cannot find, an empty image layer, animation frames...). This module parses
the file with ElementTree, reports every such fault with its place, and
returns a cleaned tree (external ``.tsx`` tilesets inlined, unused attributes
pytmx casts removed) plus an index of the tiles' custom properties.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

from game.rules import HexLayout, InputLimitError, limits

from .errors import ImageFault, MapError
from .images import ImageError, check_image
from .layer_tree import DrawLayer, offset_margins, read_layers
from .pixels import TiledPixels
from .pytmx_import import import_pytmx
from .safe_xml import XmlError, parse_untrusted
from .shipped import assets_folder
from .tile_data import GID_FLAGS

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
# Property types pytmx reads; any other (class, list, enum via propertytype...) is left out of its copy.
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
# The custom properties Playmat reads (docs/map-format.md); only these are validated, others are kept
# when well-formed and silently dropped when pytmx could not read them.
PLAYMAT_KEYS = frozenset({
    "title", "hostile", "seed", "flank_penalty", "rear_penalty",
    "terrain", "cost_ground", "cost_flying", "cost_swimming", "hazard_damage", "exit",
    "faction", "movement_type", "move", "initiative", "threatening", "reach", "reach_min", "size", "facing",
    "hp", "attack", "defense", "damage", "skills",
})
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
    """The file being read, what it may name, and the faults found so far.

    A map from a stranger may name only files in its own folder tree (and Playmat's own tilesets,
    which the shipped maps use); ``allow_outside`` lifts that for a designer's own layout.
    """

    path: Path
    source: str
    problems: list[MapError] = field(default_factory=list)
    allow_outside: bool = False
    _checked_images: dict[Path, str | None] = field(default_factory=dict)

    def problem(self, where: str | None, what: str) -> None:
        self.problems.append(MapError(self.source, where, what))

    def fatal(self, where: str | None, what: str) -> Fatal:
        self.problem(where, what)
        return Fatal()

    def within(self, base: Path, source: str, where: str | None, what: str) -> Path | None:
        """``base / source`` when it may be read; else None with the problem noted.

        The path is resolved (``..`` and symlinks followed) before the check, and refused without
        looking whether it exists, so a map cannot probe the disk either.
        """
        path = base / source
        if self.allow_outside:
            return path
        real = path.resolve()
        roots = (self.path.parent.resolve(), assets_folder().resolve())
        if any(real.is_relative_to(root) for root in roots):
            return path
        fault = f'{what} "{source}" is outside the map\'s folder; pass --allow-outside to read it'
        self.problems.append((ImageFault if what == "image" else MapError)(self.source, where, fault))
        return None

    def image(self, base: Path, source: str | None, where: str) -> Path | None:
        """The image file ``source`` names, checked as a decoder would see it (once per file); else None."""
        if not source:
            self.problems.append(ImageFault(self.source, where, "image has no source file"))
            return None
        path = self.within(base, source, where, "image")
        if path is None:
            return None
        key = path.resolve()
        if key not in self._checked_images:
            fault = None
            try:
                check_image(path)
            except InputLimitError as e:
                fault = f'image "{source}" is missing' if e.missing else f'image "{source}": {e.reason}'
            except ImageError as e:
                fault = f'image "{source}" {e}'
            self._checked_images[key] = fault
        fault = self._checked_images[key]
        if fault is not None:
            self.problems.append(ImageFault(self.source, where, fault))
            return None
        return path


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


def prepare(rd: Reader, path: Path) -> tuple[ET.Element, MapHead, list[Tileset], list[DrawLayer]]:
    """Parse and check ``path``; the cleaned tree for pytmx, the map head, the tilesets and the layers.

    Tile and image layers are read here (:mod:`layer_tree`) and left out of
    pytmx's copy; pytmx reads only the map's properties and the objects.

    Raises :class:`Fatal` when pytmx could not read the file; other faults are
    left in ``rd.problems``.
    """
    root = parse_xml(rd, path, None)
    if root.tag != "map":
        raise rd.fatal(None, f"not a Tiled map (the root element is <{root.tag}>, not <map>)")
    head = _check_map_attributes(rd, root)
    # Cells and tile box alone may already make the picture too large: refused before a million cells of
    # layer data are read (2.8 s of CPU for a 1000x1000 map of 64 px tiles); offsets only add to it.
    if _check_picture_size(rd, head, []):
        raise Fatal()
    tilesets = _inline_tilesets(rd, root)
    layers = _clean_layers(rd, root, head)
    _check_picture_size(rd, head, layers)
    _check_properties(rd, root, "map property")
    return root, head, tilesets, layers


def _check_picture_size(rd: Reader, head: MapHead, layers: list[DrawLayer]) -> bool:
    """The whole picture the window and render draw at full size: cells, tile box and layer offsets.
    True (and the problem noted) when it is past the limit."""
    layout = HexLayout(head.stagger_axis, head.stagger_index, head.tile_width, head.tile_height,
                       head.side_length, head.width, head.height)
    pw, ph = TiledPixels(layout).pixel_size
    left, top, right, bottom = offset_margins(layers)
    w, h = pw + left + right, ph + top + bottom
    if w * h > limits.MAX_PICTURE_PIXELS:
        rd.problem("map", f"the map's picture is {w}x{h} pixels (cells, tile size and layer offsets), more "
                   f"than the limit of {limits.MAX_PICTURE_PIXELS:,}")
        return True
    return False


def parse_xml(rd: Reader, path: Path, where: str | None, what: str = "map") -> ET.Element:
    """The root of an XML file from a stranger: a regular file within the size limit, no DTD, bounded tree."""
    try:
        data = limits.read_regular_file(path, what, limits.MAX_MAP_FILE_BYTES)
    except InputLimitError as e:
        raise rd.fatal(where, f'file not found: "{path.name}"' if e.missing else e.reason) from None
    try:
        return parse_untrusted(data)
    except XmlError as e:
        raise rd.fatal(where, f"not XML ({e})") from None
    except InputLimitError as e:
        raise rd.fatal(where, str(e)) from None


def _int_attr(rd: Reader, node: ET.Element, name: str, where: str | None, *, required: bool = True,
              minimum: int | None = None, maximum: int | None = None) -> int | None:
    raw = node.get(name)
    if raw is None:
        if required:
            rd.problem(where, f"{name} is missing")
        return None
    if not INT_RE.match(raw):
        rd.problem(where, f'{name} "{raw[:20]}" is not an integer')
        return None
    try:
        value = limits.whole_number(raw, name)
    except InputLimitError as e:
        rd.problem(where, str(e))
        return None
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
        raise rd.fatal("map", "infinite maps are not supported: in Tiled, Map > Map Properties > Infinite: off, "
                       "then save again")
    if infinite != "0":
        rd.problem("map", f'infinite "{infinite}" is not 0 or 1')
    axis = root.get("staggeraxis")
    if axis not in ("x", "y"):
        rd.problem("map", f'staggeraxis is "{axis}", not x or y' if axis is not None else "staggeraxis is missing")
    index = root.get("staggerindex")
    if index not in ("odd", "even"):
        rd.problem("map", f'staggerindex is "{index}", not odd or even' if index is not None
                   else "staggerindex is missing")
    width = _int_attr(rd, root, "width", "map", minimum=1, maximum=limits.MAX_CELLS_PER_SIDE)
    height = _int_attr(rd, root, "height", "map", minimum=1, maximum=limits.MAX_CELLS_PER_SIDE)
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


@dataclass(frozen=True)
class TileImage:
    """Where a tile's pixels are: a whole image file or a cell of the tileset's atlas."""

    path: Path
    rect: tuple[int, int, int, int] | None  # x, y, w, h in the file; None = the whole file
    trans: str | None = None  # colour key written as hex, drawn transparent


@dataclass
class Tileset:
    name: str
    firstgid: int
    count: int | None
    tiles: dict[int, TileInfo]
    default_size: tuple[float, float]
    alignment: str
    # Drawing: the atlas (or None for an image collection), tile offset, per-tile images, animations.
    atlas: TileImage | None = None
    tile_size: tuple[int, int] = (0, 0)
    spacing: int = 0
    margin: int = 0
    columns: int = 0
    offset: tuple[int, int] = (0, 0)
    images: dict[int, TileImage] = field(default_factory=dict)
    animations: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)  # local id -> (id, ms)
    external: bool = False  # read from a .tsx file the map names (shared by maps), not embedded in it

    def image_of(self, local: int) -> TileImage | None:
        """The pixels of tile ``local``; None when the tileset has no image for it."""
        if local in self.images:
            return self.images[local]
        if self.atlas is None or self.columns <= 0:
            return None
        if self.count is not None and local >= self.count:
            return None
        tw, th = self.tile_size
        x = self.margin + (local % self.columns) * (tw + self.spacing)
        y = self.margin + (local // self.columns) * (th + self.spacing)
        return TileImage(self.atlas.path, (x, y, tw, th), self.atlas.trans)


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
            # No place given: the message names the tileset itself, so it is said once.
            tsx_path = rd.within(rd.path.parent, source, None, "tileset")
            if tsx_path is None:
                raise Fatal()
            ts_node = parse_xml(rd, tsx_path, where, "tileset")  # a fresh tree for each reference
            if ts_node.tag != "tileset":
                raise rd.fatal(where, f"not a Tiled tileset (the root element is <{ts_node.tag}>)")
            ts_node.attrib.pop("source", None)
            if firstgid is not None:
                ts_node.set("firstgid", str(firstgid))
            root[pos] = ts_node
            base = tsx_path.parent
        name = ts_node.get("name") or source or "?"
        where = f'tileset "{name}"'
        tw = _int_attr(rd, ts_node, "tilewidth", where, minimum=1)
        th = _int_attr(rd, ts_node, "tileheight", where, minimum=1)
        count = _int_attr(rd, ts_node, "tilecount", where, required=False, minimum=0,
                          maximum=MAX_TILES_PER_TILESET)
        spacing = int(_float_or(ts_node.get("spacing"), 0))
        margin = int(_float_or(ts_node.get("margin"), 0))
        columns = int(_float_or(ts_node.get("columns"), 0))
        offset = (0, 0)
        off_node = ts_node.find("tileoffset")
        if off_node is not None:
            offset = (int(_float_or(off_node.get("x"), 0)), int(_float_or(off_node.get("y"), 0)))
        for attr in DROP_TILESET_ATTRS:
            ts_node.attrib.pop(attr, None)
        _check_properties(rd, ts_node, where)
        image = ts_node.find("image")
        crashy = None in (firstgid, tw, th)  # pytmx would crash on these
        atlas_path = None
        if image is not None:
            iw = _int_attr(rd, image, "width", f"{where} image", minimum=1)
            ih = _int_attr(rd, image, "height", f"{where} image", minimum=1)
            crashy = crashy or None in (iw, ih)
            atlas_path = rd.image(base, image.get("source"), where)  # a bad image does not stop the reading
        alignment = ts_node.get("objectalignment") or "unspecified"
        if alignment not in ALIGNMENTS:
            rd.problem(where, f'objectalignment "{alignment}" is not one of {", ".join(ALIGNMENTS)}')
            alignment = "unspecified"
        alignment = "bottomleft" if alignment == "unspecified" else alignment  # Tiled's default off isometric
        tiles: dict[int, TileInfo] = {}
        images: dict[int, TileImage] = {}
        animations: dict[int, tuple[tuple[int, int], ...]] = {}
        tile_nodes = ts_node.findall("tile")
        if len(tile_nodes) > MAX_TILES_PER_TILESET:  # 434,000 <tile/>s (6 MB) took render 6.5 s of CPU
            raise rd.fatal(where, f"holds {len(tile_nodes):,} tiles, more than {MAX_TILES_PER_TILESET:,}")
        for tile in tile_nodes:
            tid = _int_attr(rd, tile, "id", f"a tile of {where}", minimum=0)
            if tid is None:
                ts_node.remove(tile)
                continue
            label = f"tile {tid} of {where}"
            for attr in DROP_TILE_ATTRS:
                tile.attrib.pop(attr, None)
            frames = _animation(tile)
            if frames:
                animations[tid] = frames
            for sub in tile.findall("animation") + tile.findall("objectgroup"):
                tile.remove(sub)  # pytmx casts frames and colliders without checking; read above
            _check_properties(rd, tile, label)
            size: tuple[float, float] = (float(tw or 0), float(th or 0))
            timg = tile.find("image")
            if timg is not None:
                tile_path = rd.image(base, timg.get("source"), label)
                size = (_float_or(timg.get("width"), size[0]), _float_or(timg.get("height"), size[1]))
                if tile_path is not None:
                    images[tid] = TileImage(tile_path, None, timg.get("trans"))
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
            if columns <= 0:
                columns = max(1, (int(_float_or(image.get("width"), 0)) - 2 * margin + spacing) // (tw + spacing)) \
                    if tw + spacing > 0 else 1
        atlas = None
        if image is not None and atlas_path is not None:
            atlas = TileImage(atlas_path, None, image.get("trans"))
        out.append(Tileset(name, firstgid, count, tiles, (float(tw or 0), float(th or 0)), alignment,
                           atlas, (tw, th), spacing, margin, columns, offset, images, animations, source is not None))
    if not out and not rd.problems:
        rd.problem(None, "the map has no tileset")
    out.sort(key=lambda t: t.firstgid)
    return out


def _animation(tile: ET.Element) -> tuple[tuple[int, int], ...]:
    """A tile's animation frames as (local tile id, duration ms); unreadable frames are skipped."""
    out = []
    anim = tile.find("animation")
    for frame in anim.findall("frame") if anim is not None else ():
        tid, ms = frame.get("tileid", ""), frame.get("duration", "")
        if INT_RE.match(tid) and INT_RE.match(ms) and len(tid + ms) < 20 and int(tid) >= 0:
            out.append((int(tid), max(0, int(ms))))
    return tuple(out)


def _float_or(raw: str | None, default: float) -> float:
    try:
        value = float(raw) if raw is not None else default
    except ValueError:
        return default
    return value if math.isfinite(value) else default


def _check_properties(rd: Reader, node: ET.Element, where: str, *, report: bool = True) -> None:
    """Check typed custom properties Playmat reads; leave out of pytmx's copy what it cannot read.

    Tiled 1.8+ writes class-typed properties (nested ``<properties>``), enums
    (``propertytype``), lists, colours, files and object references. Playmat
    reads only its own keys (docs/map-format.md): those are validated (when
    ``report``); any other property pytmx could trip over is dropped quietly.
    """
    for props in node.findall("properties"):
        for prop in list(props.findall("property")):
            name = prop.get("name")
            kind = prop.get("type") or "string"
            value = prop.get("value")
            if value is None and kind == "string":
                value = prop.text  # multi-line strings are written as text
            bad = None
            if not name:
                bad = "a property has no name"
            elif kind not in PROPERTY_TYPES or prop.find("properties") is not None:
                bad = f'property "{name}" has type "{kind}", which Playmat cannot read here'
            elif kind in ("int", "object", "float", "bool") and value is None:
                bad = f'property "{name}" ({kind}) has no value'
            elif kind in ("int", "object") and not INT_RE.match(value or ""):
                bad = f'property "{name}" is not an integer: "{(value or "")[:20]}"'
            elif kind in ("int", "object") and _too_long(value or "", name):
                bad = f'property "{name}" holds a number of more than {limits.MAX_NUMBER_DIGITS} digits ' \
                      f"(the limit is {limits.MAX_NUMBER:,})"
            elif kind == "float" and not _is_float(value or ""):
                bad = f'property "{name}" is not a number: "{value}"'
            elif kind == "bool" and (value or "").strip().lower() not in BOOL_VALUES:
                bad = f'property "{name}" is not true or false: "{value}"'
            if bad:
                if report and name in PLAYMAT_KEYS:
                    rd.problem(where, bad)
                props.remove(prop)
            elif prop.get("propertytype") is not None:
                del prop.attrib["propertytype"]  # an enum's values read as plain strings or ints


def _too_long(text: str, what: str) -> bool:
    try:
        limits.check_digits(text, what)
    except InputLimitError:
        return True
    return False


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


def _clean_layers(rd: Reader, root: ET.Element, head: MapHead) -> list[DrawLayer]:
    """Read the layer tree, check objects, and leave only object layers in pytmx's copy."""
    layers = read_layers(root, (head.width, head.height), lambda src, where: rd.image(rd.path.parent, src, where),
                         rd.problem)
    parents = parent_map(root)
    tile_layers = misplaced = 0
    for node in list(root.iter()):
        if node.tag not in ("layer", "objectgroup", "group", "imagelayer"):
            continue
        if inside_tile(node, parents):
            continue
        where = f'layer "{node.get("name", "")}"'
        if parents[node].tag not in ("map", "group"):
            # read_layers reads only the map's and groups' children; one inside a <layer> (or an
            # <objectgroup>) would otherwise be dropped silently and the load fail with no reason.
            # Named once: a file may hold thousands.
            if not misplaced:
                rd.problem(where, f"a <{node.tag}> inside a <{parents[node].tag}>; Tiled puts layers only in the "
                           "map or in a group")
            misplaced += 1
            parents[node].remove(node)
            continue
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
        _check_properties(rd, node, where, report=False)  # no layer property is Playmat's
        if node.tag == "imagelayer":
            parents[node].remove(node)  # drawn from the layer tree; pytmx crashes on some
        elif node.tag == "layer":
            tile_layers += 1
            parents[node].remove(node)  # read by layer_tree: pytmx keeps the 120-degree bit in the id
        elif node.tag == "objectgroup":
            combatants = {"combatant"}
            for obj in list(node.findall("object")):
                _check_object(rd, node, obj, (obj.get("class") or obj.get("type") or "").strip().lower()
                              in combatants)
    for node in root.iter():
        if node.tag in ("layer", "objectgroup", "group", "imagelayer"):
            for attr in DROP_LAYER_ATTRS:
                node.attrib.pop(attr, None)
    if tile_layers != sum(1 for layer in layers if hasattr(layer, "gids")):
        raise Fatal()  # a tile layer could not be read; the problems say which
    return layers


def inside_tile(node: ET.Element, parents: dict[ET.Element, ET.Element]) -> bool:
    walk = parents.get(node)
    while walk is not None:
        if walk.tag in ("tile", "tileset"):
            return True
        walk = parents.get(walk)
    return False


def _check_object(rd: Reader, group: ET.Element, obj: ET.Element, combatant: bool) -> None:
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
    _check_properties(rd, obj, label, report=combatant)
    shape = "rectangle"
    for tag in ("point", "ellipse", "polygon", "polyline", "text"):
        if obj.find(tag) is not None:
            shape = tag
            break
    if shape == "rectangle" and obj.get("gid") not in (None, "0"):
        shape = "tile"
    if ok and obj.get("gid") is not None:
        obj.set("gid", str(int(obj.get("gid") or 0) & ~GID_FLAGS))  # pytmx keeps the 120-degree bit in the id
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

