"""A map's objects as the rules read them: class, custom properties and the map point each stands on.

Read from the object layers of the layer tree (:mod:`layer_tree`: the layers Tiled draws, in its
order, each with the offset of its enclosing groups), so the rules and the picture see the same
objects; a tile's collision shapes are not map objects.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from xml.etree import ElementTree as ET

from game.rules import limits

from .errors import ImageFault, object_label
from .layer_tree import ObjectLayerData, shape_of
from .tile_data import GID_MASK
from .tilesets import ALIGNMENT_POINTS, TileInfo, Tileset, gid_ranges, tile_of
from .tmx_checks import Reader, int_attr
from .tmx_properties import is_float, read_properties

BOX_ATTRS = ("x", "y", "width", "height", "rotation")
COMBATANT_KIND = "combatant"


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
        """How messages name the object: ``object 12 "Orc 1"`` (:func:`object_label`)."""
        return object_label(self.id, self.name)


def read_objects(rd: Reader, groups: list[tuple[ET.Element, ObjectLayerData]],
                 tilesets: list[Tileset]) -> list[MapObject]:
    """Every object Playmat can place, in file order; the faults of the others are noted in ``rd``."""
    out = []
    for node, layer in groups:
        for obj in node.findall("object"):
            read = _object(rd, obj, layer, tilesets)
            if read is not None:
                out.append(read)
    return out


def _object(rd: Reader, obj: ET.Element, layer: ObjectLayerData, tilesets: list[Tileset]) -> MapObject | None:
    """One object as the rules read it, or None when it cannot be placed (each fault noted in ``rd``, in the
    order: id and gid, the box, a template, a combatant's properties, a tile object's size, the position)."""
    name = obj.get("name") or None
    label = object_label(obj.get("id"), name)
    oid, gid, ids_ok = _ids(rd, obj, label)
    box, box_ok = _box(rd, obj, label)
    ok = ids_ok and box_ok
    if obj.get("template"):
        rd.problem(label, f'uses template "{limits.clip(obj.get("template"), 200)}", which Playmat cannot read '
                   "(detach it in Tiled)")
        ok = False
    own_kind = obj.get("class") or obj.get("type")
    # Only a combatant's malformed properties are reported: Playmat reads no other object's.
    combatant = (own_kind or "").strip().lower() == COMBATANT_KIND
    own = read_properties(obj, label, rd.problem if combatant else None)
    if not ok or oid is None:
        return None
    shape = shape_of(obj)
    if shape == "rectangle" and obj.get("gid") not in (None, "0"):
        shape = "tile"
    tile = tile_of(tilesets, gid) if shape == "tile" else None
    if shape == "tile" and tile is None:
        # On any layer, placed or not: its picture would be nothing, and a combatant would lose its tile's class.
        rd.problem(label, f"tile gid {gid}, the tile it shows, belongs to no tileset (the map's tilesets hold "
                   f"gids {gid_ranges(tilesets)}): pick its tile again in Tiled, or delete it")
        return None
    if shape == "tile" and not _tile_image_fits(rd, label, box, tile):
        return None
    props = {**(tile.properties if tile else {}), **own}  # Tiled: tile objects inherit tile properties
    kind = own_kind or (tile.kind if tile else None)
    ox, oy = layer.style.offset
    x, y = _anchor(box, shape, tile)
    x, y = x + ox, y + oy
    if not (math.isfinite(x) and math.isfinite(y)):
        rd.problem(label, "position is out of range")
        return None
    return MapObject(oid, name, kind, shape, (x, y), props, layer.name)


def _ids(rd: Reader, obj: ET.Element, label: str) -> tuple[int | None, int, bool]:
    """The object's id, its tile's gid (flip bits dropped; 0 for none) and whether both read."""
    raw_id = obj.get("id") or ""
    # The id as Tiled writes it (a few plain digits) read at once; anything else is int_attr's to judge and name.
    oid = int(raw_id) if raw_id.isdigit() and raw_id.isascii() and len(raw_id) <= 10 else \
        int_attr(rd, obj, "id", label, minimum=0)
    ok = oid is not None
    gid = 0
    if obj.get("gid") is not None:
        raw_gid = int_attr(rd, obj, "gid", label, minimum=0, maximum=0xFFFFFFFF)
        ok = raw_gid is not None and ok
        gid = (raw_gid or 0) & GID_MASK
    return oid, gid, ok


def _box(rd: Reader, obj: ET.Element, label: str) -> tuple[dict[str, float], bool]:
    """x, y, width, height and rotation as written (Tiled's default 0 for those left out), and whether each is
    a finite number within the pixel bounds."""
    ok = True
    box = dict.fromkeys(BOX_ATTRS, 0.0)  # Tiled's defaults: 0
    for attr in BOX_ATTRS:
        raw = obj.get(attr)
        if raw is None:  # most objects are points: width, height and rotation left out
            continue
        number = is_float(raw)
        box[attr] = float(raw) if number else 0.0
        if not (number and math.isfinite(box[attr])):
            rd.problem(label, f'{attr} "{limits.clip(raw)}" is not a number{limits.digits_hint(raw)}')
            ok = False
        elif attr != "rotation" and abs(box[attr]) > limits.MAX_PIXEL_COORDINATE:
            # The picture places and sizes objects by these: bounded like every pixel number.
            rd.problem(label, f'{attr} "{raw}" is out of range (at most {limits.MAX_PIXEL_COORDINATE:,} pixels '
                       "either way)")
            ok = False
    return box, ok


def _tile_image_fits(rd: Reader, label: str, box: dict[str, float], tile: TileInfo | None) -> bool:
    """Whether a tile object's picture may be drawn: it is its tile's image scaled to its size (a side written
    as 0 keeps the image's), an image like any other (60000x60000 ended render in a MemoryError traceback)."""
    w, h = box["width"] or (tile.size[0] if tile else 0), box["height"] or (tile.size[1] if tile else 0)
    if abs(w * h) > limits.MAX_IMAGE_PIXELS:
        what = (f"a tile object of {abs(w):g}x{abs(h):g} pixels is larger than an image may be (the limit is "
                f"{limits.MAX_IMAGE_PIXELS:,} pixels)")
        rd.problems.append(ImageFault(rd.source, label, what))
        return False
    return True


def _anchor(box: dict[str, float], shape: str, tile: TileInfo | None) -> tuple[float, float]:
    """The map point an object stands on, from its x, y, width, height and rotation as written."""
    x, y, w, h = box["x"], box["y"], box["width"], box["height"]
    turn = math.radians(box["rotation"])
    if shape in ("point", "polygon", "polyline", "text"):
        return x, y
    if shape == "tile":
        # TMX names a tile object by the point of its image the tileset's alignment says (bottom-left
        # by default); one written without a size takes its tile's image size.
        if w == 0 and h == 0 and tile is not None:
            w, h = tile.size
        fx, fy = ALIGNMENT_POINTS[tile.alignment if tile is not None else "bottomleft"]
        dx, dy = w * (0.5 - fx), h * (0.5 - fy)  # image centre from the written point, before rotation
    else:
        dx, dy = w / 2, h / 2  # rectangle and ellipse rotate about their top-left corner
    return x + dx * math.cos(turn) - dy * math.sin(turn), y + dx * math.sin(turn) + dy * math.cos(turn)
