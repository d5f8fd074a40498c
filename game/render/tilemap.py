"""Draw a TMX hex map exactly as Tiled's renderer (tmxrasterizer) does.

What is drawn comes from the map's layer tree (:mod:`game.maps.layer_tree`):
tile layers, image layers and tile objects, in file order, each with the
visibility, opacity, offset and tint it has through its groups. The picture
grows by the layer offsets as Tiled's does (``Map::computeLayerOffsetMargins``).

This module reads the map and hands each visible layer to
:class:`.layer_builder.LayerBuilder`, which places its images; the result is a
:class:`.map_art.MapArt`, which composes the picture. Beside them:
:mod:`.cell_order` (where and in which order Tiled paints the cells),
:mod:`.map_images` (the image files a map names, read and bounded),
:mod:`.surfaces` (premultiplied pictures as surfaces).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from game.maps.errors import ImageFault
from game.maps.layer_tree import ImageLayerData, TileLayerData
from game.maps.layer_tree import offset_margins as layer_offset_margins
from game.maps.pixels import TiledPixels
from game.maps.tilesets import TileInfo
from game.maps.tmx_adapter import TmxMap, read_tmx_collect
from game.rules import TERRAIN_KEYS, HexLayout

from .errors import RenderError
from .layer_builder import LayerBuilder
from .map_art import AnimatedCell, LayerArt, MapArt
from .map_images import MapImages, SpriteKey
from .surfaces import SURFACE_PIXEL

# The drawn map and its parts (MapArt, LayerArt, Placement, AnimatedCell) are imported from .map_art, where
# they are defined; this module only reads a map into them.
__all__ = ["cell_props", "load_map_art", "read_map"]


def read_map(path: Path, *, allow_outside: bool = False) -> TmxMap:
    """The map's layer tree and tilesets, or RenderError with the loader's one-line reason."""
    tmx, problems = read_tmx_collect(path, allow_outside=allow_outside, decodes_images=True)  # load_image decodes
    if tmx is None:
        raise RenderError(str(problems[0]) if problems else f"{path.name}: cannot read the map")
    return tmx


def load_map_art(tmx_path: str | os.PathLike[str] | TmxMap, *, objects: bool = False,
                 allow_outside: bool = False) -> MapArt:
    """Read a TMX map's layers and images; RenderError carries a one-line reason.

    ``tmx_path`` may be a map already read (``game.maps.read_tmx``), so a window that also loads the
    scenario parses the file once. ``objects``: also draw object shapes (``playmat render --objects``),
    as Tiled's rasterizer does. ``allow_outside``: the map may name files outside its folder tree.
    """
    if isinstance(tmx_path, TmxMap):
        tmx, path = tmx_path, tmx_path.path
    else:
        path = Path(tmx_path)
        tmx = read_map(path, allow_outside=allow_outside)
    fault = next((p for p in tmx.problems if isinstance(p, ImageFault)), None)
    if fault is not None:  # the rules can do without an image; the picture cannot
        raise RenderError(str(fault))
    head = tmx.head
    layout = HexLayout(head.stagger_axis, head.stagger_index, head.tile_width, head.tile_height,
                       head.side_length, head.width, head.height)
    left, top, right, bottom = layer_offset_margins(tmx.layers)  # room for layer offsets, as Tiled
    pw, ph = TiledPixels(layout).pixel_size
    size = (pw + left + right, ph + top + bottom)
    builder = LayerBuilder(tmx, MapImages(tmx.source), (left, top))
    layers: list[LayerArt] = []
    for layer in tmx.layers:
        if not layer.style.visible:
            continue
        style = layer.style
        builder.images.where = f'layer "{layer.name}"'
        if isinstance(layer, TileLayerData):
            layers.append(LayerArt(layer.name, style.opacity, builder.tile_layer(layer, layout, len(layers)), "tile",
                                   style.parallax))
        elif isinstance(layer, ImageLayerData):
            layers.append(LayerArt(layer.name, style.opacity, builder.image_layer(layer, size), "image",
                                   style.parallax))
        else:
            layers.extend(builder.object_layer(layer, size, objects, len(layers)))
    _count_surfaces(builder.images, layers, builder.animated)
    title = str(tmx.properties.get("title") or path.stem)
    return MapArt(path, layout, title, layers, builder.images.sprites, cell_props(tmx, layout),
                  (left, top), size, _animations(tmx), builder.animated)


def _count_surfaces(images: MapImages, layers: list[LayerArt], animated: list[AnimatedCell]) -> None:
    """Count the surface :meth:`MapArt.tile_surface` will make of each placed picture at each opacity it
    is drawn at (animation frames included), before any is made; RenderError past the limit."""
    seen: set[tuple[SpriteKey, float]] = set()

    def count(layer: LayerArt, keys: Iterator[SpriteKey]) -> None:
        images.where = f'layer "{layer.name}"'
        for key in keys:
            if (key, layer.opacity) not in seen:
                seen.add((key, layer.opacity))
                h, w = images.sprites[key].shape[:2]
                images.spend(SURFACE_PIXEL * w * h)

    for layer in layers:
        if layer.kind not in ("text", "shapes"):  # text is laid from its floats; shapes were counted as drawn
            count(layer, (p.key for p in layer.placements))
    for cell in animated:
        count(layers[cell.layer], (p.key for p, _ in cell.frames))


def cell_props(tmx: TmxMap, layout: HexLayout) -> list[list[dict[str, object] | None]]:
    """Per cell, the topmost visible terrain tile's properties ({} = tiles but no terrain; None = no tile):
    what the window's hover tells of a cell (``MapArt.cell_props``), read without the map's images.

    Cells showing the same tile share one (read-only) dict, and tile-but-no-terrain cells one {}: a map
    has a few dozen tiles, not 4,096, and may have a million cells, so each is decided with arrays.
    """
    table: list[dict[str, object] | None] = [None, {}]  # code 0: no tile; 1: decoration only; then tiles
    codes: dict[int, int] = {}  # id(tile) -> row of table
    code = np.zeros((layout.rows, layout.cols), dtype=np.int32)
    for layer in reversed(tmx.tile_layers):  # topmost first: a cell is open until a terrain tile fills it
        if not layer.visible:
            continue
        local = np.array([_props_code(tile, table, codes) for tile in layer.palette], dtype=np.int32)
        cells = local[layer.index[: layout.rows, : layout.cols]]
        np.maximum(code, cells, out=code, where=code <= 1)  # max: decoration above keeps a bare cell at {}
    props = np.empty(len(table), dtype=object)
    props[:] = table
    out: list[list[dict[str, object] | None]] = props[code].tolist()  # per cell in C, not a generator
    return out


def _props_code(tile: TileInfo | None, table: list[dict[str, object] | None], codes: dict[int, int]) -> int:
    """The row of ``table`` for ``tile``, adding its properties when it is the first terrain tile of its kind."""
    if tile is None:
        return 0
    if not any(k in tile.properties for k in TERRAIN_KEYS):
        return 1
    if id(tile) not in codes:
        codes[id(tile)] = len(table)
        table.append(dict(tile.properties))
    return codes[id(tile)]


def _animations(tmx: TmxMap) -> dict[int, tuple[tuple[int, int], ...]]:
    """Tiled gid -> its animation frames as (gid, duration ms), for a window that animates tiles."""
    out = {}
    for ts in tmx.tilesets:
        for local, frames in ts.animations.items():
            out[ts.firstgid + local] = tuple((ts.firstgid + tid, ms) for tid, ms in frames)
    return out
