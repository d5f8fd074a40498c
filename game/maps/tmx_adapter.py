"""Read a TMX file into plain data: the one reader of Tiled maps, for the rules and the renderer alike.

The file is parsed once (:mod:`safe_xml`, under the input limits) and every part is read from that
tree: the map element (:mod:`tmx_checks`), the tilesets (:mod:`tmx_tilesets`, into the
:mod:`tilesets` model), the layer tree as Tiled draws it (:mod:`layer_tree`: tile layers decoded by
:mod:`tile_data`, all four of Tiled's flag bits kept), the objects (:mod:`tmx_objects`) and the custom
properties (:mod:`tmx_properties`). Every fault found is kept, so ``validate`` can list them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from game.rules import limits

from .errors import MapError, one_line
from .layer_tree import DrawLayer, TileLayerData, read_layers
from .tile_data import GID_MASK
from .tilesets import TileInfo, Tileset, gid_ranges, known_gids, owner_of, tile_of
from .tmx_checks import (
    Fatal,
    MapHead,
    Reader,
    check_layer_places,
    check_map_attributes,
    check_picture_size,
    parse_xml,
)
from .tmx_objects import MapObject, read_objects
from .tmx_properties import read_properties
from .tmx_tilesets import read_tilesets

__all__ = ["MapObject", "TileInfo", "TileLayer", "TmxMap", "read_tmx", "read_tmx_collect"]


@dataclass(frozen=True, eq=False)  # compared by identity: an array's == is not a bool
class TileLayer:
    """One tile layer as the rules see it: each cell's tile, flags stripped.

    Kept compact, as a palette of the layer's distinct tiles and one index per cell into it (a map has
    a few dozen tiles but may have a million cells), so the loader decides cells with numpy and decides
    each tile once. ``tiles``, the per-cell view, is built from them when first asked for.
    """

    name: str
    visible: bool  # counting the visibility of enclosing groups
    palette: tuple[TileInfo | None, ...]  # the layer's distinct tiles; [0] is None (no tile), so may others be
    index: np.ndarray  # read-only int32 [row, col] into palette

    @cached_property
    def tiles(self) -> tuple[tuple[TileInfo | None, ...], ...]:
        """Per cell, [row][col], its tile or None: the per-cell view, built only when asked for."""
        palette = np.empty(len(self.palette), dtype=object)
        palette[:] = self.palette
        return tuple(map(tuple, palette[self.index].tolist()))  # per cell in C, not a generator


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
        return owner_of(self.tilesets, gid)


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


def read_tmx_collect(path: str | Path, *, allow_outside: bool = False, decodes_images: bool = False
                     ) -> tuple[TmxMap | None, list[MapError]]:
    """Like :func:`read_tmx` but returns ``(map or None, every fault found)``.

    ``decodes_images``: the caller decodes every image next, so a PNG's pixels are checked by the
    decoder instead of inflated here first (``validate`` and the rules keep the whole check, so a map
    validate accepts also draws).
    """
    path = Path(path)
    reader = Reader(path, path.name or str(path), allow_outside=allow_outside, whole_png=not decodes_images)
    try:
        tmx = _read(reader)
    except Fatal:
        return None, reader.problems
    except MapError as e:
        return None, [*reader.problems, e]
    except Exception as e:  # a map must never cause a traceback, even through a fault of this reader
        reader.problem(None, f"cannot read the map ({type(e).__name__}: {one_line(e)})")
        return None, reader.problems
    return tmx, list(tmx.problems)


# --- reading -------------------------------------------------------------------
def _read(rd: Reader) -> TmxMap:
    root = parse_xml(rd, rd.path, None)
    if root.tag != "map":
        raise rd.fatal(None, f"not a Tiled map (the root element is <{root.tag}>, not <map>)")
    head = check_map_attributes(rd, root)
    # Cells and tile box alone may already make the picture too large: refused before a million cells of
    # layer data are read (2.8 s of CPU for a 1000x1000 map of 64 px tiles); offsets only add to it.
    if check_picture_size(rd, head, []):
        raise Fatal()
    tilesets = read_tilesets(rd, root)
    tree = read_layers(root, (head.width, head.height), lambda src, where: rd.image(rd.path.parent, src, where),
                       rd.problem)
    check_layer_places(rd, root)
    objects = read_objects(rd, tree.object_groups, tilesets)
    if not tree.complete:
        raise Fatal()  # a tile layer could not be read; the problems say which
    check_picture_size(rd, head, tree.layers)
    properties = read_properties(root, "map property", rd.problem)
    tile_layers = _tile_layers(rd, tree.layers, tilesets)  # notes gids of no tileset: before problems is read
    return TmxMap(
        path=rd.path,
        source=rd.source,
        head=head,
        properties=properties,
        tile_layers=tuple(tile_layers),
        objects=tuple(objects),
        problems=tuple(rd.problems),
        layers=tuple(tree.layers),
        tilesets=tuple(tilesets),
    )


def _tile_layers(rd: Reader, layers: list[DrawLayer], tilesets: list[Tileset]) -> list[TileLayer]:
    """The rules' view of the tile layers: each cell's tile (flags stripped), visibility through groups.
    A cell, shown or hidden, whose gid is no tile is noted: the first such cell of each layer."""
    out = []
    cache: dict[int, TileInfo | None] = {0: None}
    for layer in layers:
        if not isinstance(layer, TileLayerData):
            continue
        ids = layer.gids & GID_MASK
        gids, where = np.unique(ids, return_inverse=True)  # a map has a few dozen tiles, not 4,096
        if not gids.size or gids[0] != 0:  # gid 0 (no tile) always at index 0, used or not
            gids, where = np.concatenate(([0], gids)), where + 1
        where = where.reshape(ids.shape)
        known = known_gids(tilesets, gids)
        known[0] = True  # gid 0 is no tile, not a bad one
        if not known.all():
            _note_unknown_cell(rd, layer.name, ids, ~known[where], tilesets)
        # Only gids that are tiles are looked up one by one: as many as the map's tiles, not its cells.
        for gid in (int(g) for g in gids[known].tolist()):
            if gid not in cache:
                cache[gid] = tile_of(tilesets, gid)
        index = where.astype(np.int32)
        index.setflags(write=False)
        out.append(TileLayer(layer.name, layer.style.visible, tuple(cache.get(int(g)) for g in gids.tolist()), index))
    return out


def _note_unknown_cell(rd: Reader, layer: str, ids: np.ndarray, bad: np.ndarray, tilesets: list[Tileset]) -> None:
    """Note the first cell (row by row, as Tiled numbers them col,row) of ``bad`` and how many more there are."""
    first = int(np.argmax(bad.reshape(-1)))
    r, c = divmod(first, ids.shape[1])
    more = int(np.count_nonzero(bad)) - 1
    also = f"so {'do' if more > 1 else 'does'} {more:,} more of its cells; " if more else ""
    # Name the gids that are tiles, and the two ways out: the tile is left from a tileset since removed
    # (or firstgid changed by hand), or the number was typed wrong.
    rd.problem(f"cell {c},{r}", f'layer "{limits.clip(layer)}" has tile gid {int(ids[r, c])}, which belongs to no '
               f"tileset ({also}the map's tilesets hold gids {gid_ranges(tilesets)}): repaint the cell in Tiled, "
               "or add back the tileset it came from")
