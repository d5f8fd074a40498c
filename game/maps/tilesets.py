"""The tileset model: what the rules and the renderer know of a map's tilesets, read from TMX/TSX.

:mod:`tmx_tilesets` builds these from the XML; the loader reads a tile's custom properties and
class through :func:`tile_of`, the renderer cuts tile images with :meth:`Tileset.image_of`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

MAX_TILES_PER_TILESET = 65536
# Tileset objectalignment -> the point of a tile object's image its x, y names, as fractions of (w, h).
ALIGNMENT_POINTS = {
    "topleft": (0.0, 0.0), "top": (0.5, 0.0), "topright": (1.0, 0.0),
    "left": (0.0, 0.5), "center": (0.5, 0.5), "right": (1.0, 0.5),
    "bottomleft": (0.0, 1.0), "bottom": (0.5, 1.0), "bottomright": (1.0, 1.0),
}
ALIGNMENTS = ("unspecified", *ALIGNMENT_POINTS)


@dataclass(frozen=True)
class TileInfo:
    """One tile of a tileset as the rules care about it."""

    label: str  # 'tile 3 of tileset "terrain"'
    properties: Mapping[str, object]  # custom properties only, typed as Tiled wrote them
    kind: str | None  # the tile's class/type (tile objects inherit it)
    size: tuple[float, float]  # image size, for tile objects written without one
    alignment: str = "bottomleft"  # the tileset's objectalignment: which point of the image x, y is


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
    tiles: dict[int, TileInfo]  # the tiles the file describes (properties, class, own image size)
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
    source_file: Path | None = None  # that .tsx file, resolved (lint knows Playmat's own tilesets by it)
    # False when an atlas's file gives no ``tilecount`` and ``count`` is what Tiled cuts from the image size
    # the file gives (a hand-written or generated file; Tiled itself always writes one).
    count_declared: bool = True

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

    def info(self, local: int) -> TileInfo | None:
        """Tile ``local`` as the rules see it, or None when the tileset has no such tile (:meth:`holds`); a
        tile the file does not describe has no properties."""
        if not self.holds(local):
            return None
        if local in self.tiles:
            return self.tiles[local]
        return TileInfo(f'tile {local} of tileset "{self.name}"', {}, None, self.default_size, self.alignment)

    def holds(self, local: int) -> bool:
        """Whether ``local`` is a tile of this tileset: below the tile count of an atlas; in an image
        collection, a ``<tile>`` of that id (ids may skip numbers and pass the count: Tiled keeps each
        tile's id when another is deleted)."""
        if local < 0:
            return False
        if self.atlas is None:
            return local in self.tiles
        return self.count is None or local < self.count

    @property
    def last_gid(self) -> int:
        """The highest gid this tileset may hold (its firstgid at least, even with no tile): an atlas's
        firstgid + tilecount - 1, an image collection's firstgid + its largest tile id."""
        if self.atlas is None:
            size = max(self.tiles) + 1 if self.tiles else 1
        else:
            size = self.count if self.count is not None else 1
        return self.firstgid + max(size, 1) - 1

    def gids_text(self) -> str:
        """``1-16``, or ``5`` for a tileset of one gid."""
        last = self.last_gid
        return f"{self.firstgid}-{last}" if last > self.firstgid else str(self.firstgid)


def owner_of(tilesets: Sequence[Tileset], gid: int) -> Tileset | None:
    """The tileset a (flag-free) gid belongs to: the last with ``firstgid <= gid`` (sorted by firstgid)."""
    owner = None
    for ts in tilesets:
        if ts.firstgid <= gid:
            owner = ts
    return owner


def tile_of(tilesets: Sequence[Tileset], gid: int) -> TileInfo | None:
    """The tile a (flag-free) gid names; None when it belongs to no tileset or lies past its last tile."""
    owner = owner_of(tilesets, gid)
    return owner.info(gid - owner.firstgid) if owner is not None else None


def gid_ranges(tilesets: Sequence[Tileset]) -> str:
    """The gids each tileset holds, as a designer fixing a stray gid needs them: ``1-12 "terrain"``."""
    if not tilesets:
        return "none: the map has no tileset"
    return ", ".join(f'{ts.gids_text()} "{ts.name}"' for ts in sorted(tilesets, key=lambda t: t.firstgid))


def known_gids(tilesets: Sequence[Tileset], gids: np.ndarray) -> np.ndarray:
    """Per (flag-free) gid of ``gids``, whether it names a tile (:func:`tile_of` is not None), worked out with
    numpy a tileset at a time: a hostile layer may hold a million distinct gids."""
    gids = np.asarray(gids, dtype=np.int64)
    ordered = sorted(tilesets, key=lambda t: t.firstgid)
    known = np.zeros(gids.shape, dtype=bool)
    if not ordered:
        return known
    # The owner of a gid is the last tileset with firstgid <= gid, as owner_of says.
    owner = np.searchsorted(np.array([ts.firstgid for ts in ordered], dtype=np.int64), gids, side="right") - 1
    for i, ts in enumerate(ordered):
        mine = owner == i
        local = gids[mine] - ts.firstgid
        if ts.atlas is None:
            ok = np.isin(local, np.fromiter(ts.tiles, dtype=np.int64, count=len(ts.tiles)))
        elif ts.count is None:
            ok = np.ones(local.shape, dtype=bool)
        else:
            ok = local < ts.count
        known[mine] = ok
    return known
