"""Read a TMX file through pytmx into plain data, hiding pytmx's quirks.

:mod:`tmx_checks` first checks the XML and hands pytmx a cleaned copy; this
module then reads pytmx's result into :class:`TmxMap`: custom properties
without Tiled's own fields (pytmx mixes them, and tile objects inherit a
tile's ``id``), tile layers bottom to top in file order with the visibility of
enclosing groups (pytmx lists tile layers, then image layers, then object
groups, and tile colliders as map layers), Tiled's class-or-type, and each
object's anchor (pytmx moves a tile object's y to its top edge).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from .errors import MapError
from .layer_tree import DrawLayer, TileLayerData
from .pytmx_import import import_pytmx
from .tile_data import GID_MASK
from .tmx_checks import (
    ALIGNMENT_POINTS,
    Fatal,
    MapHead,
    Reader,
    TileInfo,
    Tileset,
    inside_tile,
    parent_map,
    prepare,
    tile_of,
)

__all__ = ["MapObject", "TileInfo", "TileLayer", "TmxMap", "read_tmx", "read_tmx_collect"]


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
    source: str  # the file's base name, as messages name it
    head: MapHead  # stagger layout, size in cells, tile box, hexsidelength
    properties: Mapping[str, object]  # the map's custom properties
    tile_layers: tuple[TileLayer, ...]  # bottom to top, as in the file
    objects: tuple[MapObject, ...]  # file order, colliders of tiles excluded
    problems: tuple[MapError, ...] = ()  # faults that did not stop the reading
    layers: tuple[DrawLayer, ...] = ()  # every drawable layer in drawing order, group effects applied
    tilesets: tuple[Tileset, ...] = ()  # by firstgid, with what drawing needs

    def tileset_of(self, gid: int) -> Tileset | None:
        """The tileset a (flag-free) gid belongs to, or None."""
        owner = None
        for ts in self.tilesets:
            if ts.firstgid <= gid:
                owner = ts
        return owner


def read_tmx(path: str | Path, *, allow_outside: bool = False) -> TmxMap:
    """Read and check a TMX file; raise :class:`MapError` (the first fault) if it cannot be used.

    Faults that do not stop the reading are in ``TmxMap.problems``; when
    :func:`read_tmx_collect` is used, every fault found is returned instead.
    ``allow_outside``: the map may name tilesets and images outside its folder tree.
    """
    tmx, problems = read_tmx_collect(path, allow_outside=allow_outside)
    if tmx is None:
        raise problems[0]
    return tmx


def read_tmx_collect(path: str | Path, *, allow_outside: bool = False) -> tuple[TmxMap | None, list[MapError]]:
    """Like :func:`read_tmx` but returns ``(map or None, every fault found)``."""
    path = Path(path)
    reader = Reader(path, path.name or str(path), allow_outside=allow_outside)
    try:
        tmx = _read(reader)
    except Fatal:
        return None, reader.problems
    except MapError as e:
        return None, [*reader.problems, e]
    except Exception as e:  # pytmx raises bare Exceptions; never show a traceback
        reader.problem(None, f"cannot read the map ({type(e).__name__}: {e})")
        return None, reader.problems
    return tmx, list(tmx.problems)


# --- reading -------------------------------------------------------------------
def _read(rd: Reader) -> TmxMap:
    root, head, tilesets, layers = prepare(rd, rd.path)
    tiled = import_pytmx().TiledMap(allow_duplicate_names=True)
    tiled.filename = str(rd.path)
    tiled.parse_xml(root)  # the checked, cleaned tree: tilesets inlined, only object layers left
    return TmxMap(
        path=rd.path,
        source=rd.source,
        head=head,
        properties=dict(tiled.properties),
        tile_layers=tuple(_tile_layers(rd, layers, tilesets)),
        objects=tuple(_objects(rd, root, tiled, tilesets)),
        problems=tuple(rd.problems),
        layers=tuple(layers),
        tilesets=tuple(tilesets),
    )


def _tile_layers(rd: Reader, layers: list[DrawLayer], tilesets: list[Tileset]) -> list[TileLayer]:
    """The rules' view of the tile layers: each cell's tile (flags stripped), visibility through groups."""
    out = []
    cache: dict[int, TileInfo | None] = {0: None}
    reported: set[int] = set()
    for layer in layers:
        if not isinstance(layer, TileLayerData):
            continue
        ids = layer.gids & GID_MASK
        for gid in (int(g) for g in set(ids.ravel().tolist())):
            if gid not in cache:
                cache[gid] = tile_of(tilesets, gid)
                if cache[gid] is None and gid not in reported:
                    reported.add(gid)
                    r, c = (int(v[0]) for v in (ids == gid).nonzero())
                    rd.problem(f"cell {c},{r}", f'layer "{layer.name}" has tile gid {gid}, '
                               f"which belongs to no tileset")
        rows = tuple(tuple(cache[g] for g in row) for row in ids.tolist())
        out.append(TileLayer(layer.name, layer.style.visible, rows))
    return out


# ``tiled`` and ``obj`` below are a pytmx TiledMap and TiledObject: pytmx ships no types.
def _objects(rd: Reader, root: ET.Element, tiled: Any, tilesets: list[Tileset]) -> list[MapObject]:
    pytmx = import_pytmx()
    parents = parent_map(root)
    nodes = list(root.iter("objectgroup"))
    groups = [lay for lay in tiled.layers if isinstance(lay, pytmx.TiledObjectGroup)]
    out = []
    for gnode, group in zip(nodes, groups, strict=True):
        if inside_tile(gnode, parents):
            continue  # pytmx also lists a tile's collision shapes as a map layer
        ox, oy = (float(v) for v in (gnode.get("playmat-offset") or "0,0").split(","))
        for onode, obj in zip(gnode.findall("object"), group, strict=True):
            shape = onode.get("playmat-shape") or "rectangle"
            own = pytmx.parse_properties(onode)
            tile = None
            if shape == "tile":
                tile = tile_of(tilesets, int(onode.get("gid", "0")) & GID_MASK)
            props = {**(tile.properties if tile else {}), **own}  # Tiled: tile objects inherit tile properties
            kind = onode.get("class") or onode.get("type") or (tile.kind if tile else None)
            x, y = _anchor(obj, shape, tile)
            if not (math.isfinite(x + ox) and math.isfinite(y + oy)):
                rd.problem(f'object "{obj.name}"' if obj.name else f"object id {obj.id}", "position is out of range")
                continue
            out.append(MapObject(int(obj.id), obj.name or None, kind, shape, (x + ox, y + oy), props,
                                 str(group.name or "")))
    return out


def _anchor(obj: Any, shape: str, tile: TileInfo | None) -> tuple[float, float]:
    x, y = float(obj.x), float(obj.y)
    w, h = float(obj.width or 0), float(obj.height or 0)
    turn = math.radians(float(obj.rotation or 0))
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
