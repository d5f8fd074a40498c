"""Tiled's layer tree, flattened the way Tiled draws it.

Tiled draws the layers of a map depth-first in file order; a layer inside
groups is hidden when it or any enclosing group is hidden, its opacity and
tint colour are multiplied by theirs, its offset is the sum of theirs and its
parallax factor their product (Tiled's ``Layer::isHidden``,
``effectiveOpacity``, ``effectiveTintColor``, ``totalOffset`` and
``effectiveParallaxFactor``). Every drawable layer (tile, image, object) is
listed here with those composed values, so the picture and the rules read the
same layers (docs/map-format.md: terrain comes from the visible tile layers).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np

from game.rules import limits

from .tile_data import TileDataError, decode_data

Colour = tuple[int, int, int, int]  # r, g, b, a (0..255)
COLOUR_RE = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
LAYER_TAGS = ("layer", "imagelayer", "objectgroup", "group")
DEFAULT_OBJECT_COLOUR: Colour = (160, 160, 164, 255)  # Tiled's colour for objects of an uncoloured layer


@dataclass(frozen=True)
class LayerStyle:
    """A layer's look with every enclosing group applied."""

    visible: bool = True
    opacity: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)
    tint: Colour | None = None  # None: white, no tint
    parallax: tuple[float, float] = (1.0, 1.0)

    def inside(self, parent: LayerStyle) -> LayerStyle:
        return LayerStyle(
            self.visible and parent.visible,
            self.opacity * parent.opacity,
            (self.offset[0] + parent.offset[0], self.offset[1] + parent.offset[1]),
            multiply_colours(self.tint, parent.tint),
            (self.parallax[0] * parent.parallax[0], self.parallax[1] * parent.parallax[1]),
        )


def multiply_colours(a: Colour | None, b: Colour | None) -> Colour | None:
    if a is None:
        return b
    if b is None:
        return a
    r, g, bl, al = (round(x * y / 255) for x, y in zip(a, b, strict=True))
    return r, g, bl, al


@dataclass(frozen=True)
class TileLayerData:
    name: str
    style: LayerStyle
    gids: np.ndarray = field(repr=False)  # raw 32-bit gids with Tiled's flag bits, [row, col]


@dataclass(frozen=True)
class ImageLayerData:
    name: str
    style: LayerStyle
    image: Path | None  # None: the layer has no image (Tiled allows it; nothing is drawn)
    trans: tuple[int, int, int] | None = None  # colour drawn transparent
    repeat_x: bool = False
    repeat_y: bool = False


@dataclass(frozen=True)
class ObjectShape:
    """One object as Tiled draws it (map pixels, before the layer offset)."""

    id: int
    name: str
    shape: str  # rectangle, ellipse, point, polygon, polyline, text, tile
    x: float
    y: float
    width: float
    height: float
    rotation: float  # degrees clockwise about (x, y)
    gid: int = 0  # raw gid with flags (tile objects)
    visible: bool = True
    points: tuple[tuple[float, float], ...] = ()  # polygon / polyline, relative to (x, y)
    text: str = ""
    text_style: tuple[tuple[str, str], ...] = ()  # the <text> element's attributes
    points_text: str = ""  # the points as the map writes them, read by outline() when drawn

    def outline(self) -> tuple[tuple[float, float], ...]:
        """A polygon's or polyline's points: ``points``, or else read from ``points_text`` now.

        Only ``render --objects`` draws them, so a map's points are read when drawn, not with the map:
        3 million points (a 12 MB map) cost 665 MB as tuples for every command.
        """
        return self.points or _points(self.points_text)


@dataclass(frozen=True)
class ObjectLayerData:
    name: str
    style: LayerStyle
    colour: Colour | None
    top_down: bool  # draworder="topdown": objects drawn by y
    objects: tuple[ObjectShape, ...]


DrawLayer = TileLayerData | ImageLayerData | ObjectLayerData


def offset_margins(layers: list[DrawLayer] | tuple[DrawLayer, ...]) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) pixels Tiled adds around the map for layer offsets.

    ``Map::computeLayerOffsetMargins``: every non-group layer counts, hidden or not.
    """
    left = top = right = bottom = 0
    for layer in layers:
        ox, oy = layer.style.offset
        left, top = max(left, math.ceil(-ox)), max(top, math.ceil(-oy))
        right, bottom = max(right, math.ceil(ox)), max(bottom, math.ceil(oy))
    return left, top, right, bottom


def parse_colour(raw: str | None) -> Colour | None:
    """Tiled's ``#RRGGBB`` or ``#AARRGGBB``; None when absent or unreadable."""
    if raw is None:
        return None
    m = COLOUR_RE.match(raw.strip())
    if not m:
        return None
    h = m.group(1)
    if len(h) == 6:
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 255
    return int(h[2:4], 16), int(h[4:6], 16), int(h[6:8], 16), int(h[0:2], 16)


Locate = Callable[[str | None, str], Path | None]  # (image source, where) -> the file, or None (problem noted)
Problem = Callable[[str | None, str], None]


@dataclass
class LayerTree:
    """What :func:`read_layers` found."""

    layers: list[DrawLayer] = field(default_factory=list)  # drawing order
    # Each object layer's element with its drawn form (whose style holds the offset of its groups):
    # the reader takes the objects' properties and classes from the element.
    object_groups: list[tuple[ET.Element, ObjectLayerData]] = field(default_factory=list)
    complete: bool = True  # False: a tile layer could not be read and is left out (the map is refused)


def read_layers(root: ET.Element, size: tuple[int, int], locate: Locate, problem: Problem) -> LayerTree:
    """Every drawable layer of the map, in drawing order, with group effects applied.

    Faults are reported through ``problem(where, what)``; a tile layer whose
    data cannot be read is left out (and ``complete`` is False). ``locate``
    turns an image layer's source into the file it may read (or None).
    """
    tree = LayerTree()
    _walk(root, LayerStyle(), size, locate, problem, tree, _Budget(limits.MAX_LAYER_CELLS))
    return tree


@dataclass
class _Budget:
    """Cells the tile layers may still decode (``MAX_LAYER_CELLS`` in all); refused once, then nothing."""

    cells: int
    refused: bool = False


def _walk(node: ET.Element, parent: LayerStyle, size: tuple[int, int], locate: Locate, problem: Problem,
          tree: LayerTree, budget: _Budget) -> None:
    for child in node:
        if child.tag not in LAYER_TAGS:
            continue
        name = child.get("name") or ""
        where = f'layer "{limits.clip(name)}"'
        style = _own_style(child, where, problem).inside(parent)
        if child.tag == "group":
            _walk(child, style, size, locate, problem, tree, budget)
        elif child.tag == "layer":
            budget.cells -= size[0] * size[1]
            if budget.cells < 0:
                if not budget.refused:
                    budget.refused = True
                    problem(where, f"the tile layers hold more than {limits.MAX_LAYER_CELLS:,} cells in all "
                            f"(layers x {size[0]}x{size[1]}), the limit")
                tree.complete = False
                continue
            layer = _tile_layer(child, name, style, size, where, problem)
            if layer is None:
                tree.complete = False
            else:
                tree.layers.append(layer)
        elif child.tag == "imagelayer":
            tree.layers.append(_image_layer(child, name, style, locate, where))
        else:
            objects = _object_layer(child, name, style)
            tree.layers.append(objects)
            tree.object_groups.append((child, objects))


def _float(node: ET.Element, attr: str, default: float, where: str,
           problem: Callable[[str | None, str], None]) -> float:
    raw = node.get(attr)
    if raw is None or not raw.strip():
        return default
    try:
        if not raw.isascii() or "_" in raw:  # float() takes other scripts' digits and 1_000: Tiled writes neither
            raise ValueError(raw)
        value = float(raw)
    except ValueError:
        problem(where, f'{attr} "{limits.clip(raw)}" is not a number{limits.digits_hint(raw)}')
        return default
    if not math.isfinite(value) or abs(value) > limits.MAX_PIXEL_COORDINATE:
        problem(where, f'{attr} "{limits.clip(raw)}" is out of range')
        return default
    return value


def _own_style(node: ET.Element, where: str, problem: Callable[[str | None, str], None]) -> LayerStyle:
    visible = (node.get("visible") or "1").strip().lower() not in ("0", "false")
    opacity = _float(node, "opacity", 1.0, where, problem)
    if not 0.0 <= opacity <= 1.0:
        problem(where, f"opacity {opacity:g} is outside 0..1")
        opacity = min(1.0, max(0.0, opacity))
    offset = (_float(node, "offsetx", 0.0, where, problem), _float(node, "offsety", 0.0, where, problem))
    if node.tag == "imagelayer" and node.get("offsetx") is None:
        # Tiled (MapReader::readImageLayer): an image layer without offsetx is placed by its old
        # whole-pixel x and y attributes instead, its offsety included.
        offset = (float(_whole(node.get("x"))), float(_whole(node.get("y"))))
    tint = None
    raw_tint = node.get("tintcolor")
    if raw_tint is not None and raw_tint.strip():
        tint = parse_colour(raw_tint)
        if tint is None:
            problem(where, f'tintcolor "{raw_tint}" is not a colour like #RRGGBB or #AARRGGBB')
        elif tint == (255, 255, 255, 255):
            tint = None
    parallax = (_float(node, "parallaxx", 1.0, where, problem), _float(node, "parallaxy", 1.0, where, problem))
    return LayerStyle(visible, opacity, offset, tint, parallax)


def _tile_layer(node: ET.Element, name: str, style: LayerStyle, size: tuple[int, int], where: str,
                problem: Callable[[str | None, str], None]) -> TileLayerData | None:
    data = node.find("data")
    if data is None:
        problem(where, "has no tile data")
        return None
    try:
        w = limits.whole_number(node.get("width", ""), "width")
        h = limits.whole_number(node.get("height", ""), "height")
    except ValueError:
        w, h = size
    if (w, h) != size:
        problem(where, f"size {limits.clip(node.get('width'))}x{limits.clip(node.get('height'))} differs from "
                f"the map's {size[0]}x{size[1]}")
        return None
    try:
        gids = decode_data(data, w, h)
    except TileDataError as e:
        problem(where, str(e))
        return None
    gids.setflags(write=False)
    return TileLayerData(name, style, gids)


def _image_layer(node: ET.Element, name: str, style: LayerStyle, locate: Locate, where: str) -> ImageLayerData:
    image = node.find("image")
    src = image.get("source") if image is not None else None
    trans = parse_colour(image.get("trans")) if image is not None else None
    return ImageLayerData(
        name, style, locate(src, where) if src else None, trans[:3] if trans else None,
        (node.get("repeatx") or "0").strip() == "1", (node.get("repeaty") or "0").strip() == "1",
    )


def _whole(raw: str | None) -> int:
    """Qt's ``toInt``: a whole number, else 0."""
    text = (raw or "0").strip()
    try:
        value = limits.whole_number(text, "x") if len(text) <= 10 else 0
    except ValueError:
        return 0
    return value if abs(value) <= limits.MAX_PIXEL_COORDINATE else 0


def _quiet_float(raw: str | None) -> float:
    try:
        value = float(raw) if raw is not None and raw.isascii() and "_" not in raw else 0.0
    except ValueError:
        return 0.0
    return value if math.isfinite(value) and abs(value) <= limits.MAX_PIXEL_COORDINATE else 0.0


def _object_layer(node: ET.Element, name: str, style: LayerStyle) -> ObjectLayerData:
    objects = []
    for obj in node.findall("object"):
        if obj.get("template"):
            continue  # the loader reports templates; nothing to draw without them
        objects.append(_object(obj))
    return ObjectLayerData(name, style, parse_colour(node.get("color")),
                           (node.get("draworder") or "topdown") == "topdown", tuple(objects))


SHAPE_TAGS = ("point", "ellipse", "polygon", "polyline", "text")  # the first one an object holds is its shape
_SHAPE_RANK = {tag: i for i, tag in enumerate(SHAPE_TAGS)}


def shape_of(obj: ET.Element) -> str:
    """An ``<object>``'s shape: the first of its shape elements in :data:`SHAPE_TAGS` order, else rectangle.
    One look at its children, not a search per shape (a map of 100,000 objects searched each five times)."""
    best = len(SHAPE_TAGS)
    for child in obj:
        best = min(best, _SHAPE_RANK.get(child.tag, best))
    return SHAPE_TAGS[best] if best < len(SHAPE_TAGS) else "rectangle"


def _object(obj: ET.Element) -> ObjectShape:
    f = _quiet_float
    gid_raw = (obj.get("gid") or "0").strip()
    gid = int(gid_raw) if gid_raw.isdigit() and gid_raw.isascii() and len(gid_raw) <= 10 \
        and int(gid_raw) <= 0xFFFFFFFF else 0
    points = ""
    text_style: tuple[tuple[str, str], ...] = ()
    shape, text = shape_of(obj), ""
    sub = obj.find(shape) if shape != "rectangle" else None
    if sub is not None and shape in ("polygon", "polyline"):
        points = sub.get("points") or ""
    elif sub is not None and shape == "text":
        text = sub.text or ""
        text_style = tuple(sorted(sub.attrib.items()))
    if shape == "rectangle" and gid & 0x0FFFFFFF:
        shape = "tile"
    raw_id = obj.get("id") or "0"
    try:  # plain digits, as Tiled writes an id, read at once; a signed or spaced one as the loader reads it
        oid = int(raw_id) if raw_id.isdigit() and raw_id.isascii() and len(raw_id) <= 10 else \
            limits.whole_number(raw_id, "id") if len(raw_id) <= 10 else 0
    except ValueError:
        oid = 0
    return ObjectShape(
        oid, obj.get("name") or "", shape, f(obj.get("x")), f(obj.get("y")), f(obj.get("width")),
        f(obj.get("height")), f(obj.get("rotation")), gid,
        (obj.get("visible") or "1").strip() not in ("0", "false"), (), text, text_style, points,
    )


def _points(raw: str) -> tuple[tuple[float, float], ...]:
    out = []
    for pair in raw.split():
        xy = pair.split(",")
        if len(xy) == 2:
            out.append((_quiet_float(xy[0]), _quiet_float(xy[1])))
    return tuple(out)
