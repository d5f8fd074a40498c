"""Which tiles of which tilesets a TMX map actually places (for the lint's "unused tiles" warning).

Read from the map as the loader read it (:class:`TmxMap`): every tileset (embedded, or an external
``.tsx``) with its ``firstgid`` and tile ids, and every gid placed in a tile layer (visible or not) or
by a tile object; flag bits masked off.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .layer_tree import ObjectLayerData, TileLayerData
from .tile_data import GID_MASK
from .tmx_adapter import TmxMap


@dataclass(frozen=True)
class TilesetUse:
    name: str
    firstgid: int
    embedded: bool
    tile_ids: frozenset[int]  # every tile the tileset defines
    used: frozenset[int]  # the tile ids the map places

    @property
    def unused(self) -> list[int]:
        return sorted(self.tile_ids - self.used)


def tile_usage(tmx: TmxMap) -> list[TilesetUse]:
    placed = _placed_gids(tmx)
    out = []
    sets = list(tmx.tilesets)  # by firstgid
    for i, ts in enumerate(sets):
        # One atlas image: ids 0 .. tilecount-1; an image collection: the tiles that have an image.
        ids = set(range(ts.count or 0)) if ts.atlas is not None else set(ts.images)
        end = sets[i + 1].firstgid if i + 1 < len(sets) else None
        used = {g - ts.firstgid for g in placed if g >= ts.firstgid and (end is None or g < end)}
        out.append(TilesetUse(ts.name, ts.firstgid, not ts.external, frozenset(ids), frozenset(used & ids)))
    return out


def _placed_gids(tmx: TmxMap) -> set[int]:
    gids: set[int] = set()
    for layer in tmx.layers:
        if isinstance(layer, TileLayerData):
            gids |= {int(g) for g in np.unique(layer.gids & GID_MASK)}
        elif isinstance(layer, ObjectLayerData):
            gids |= {obj.gid & GID_MASK for obj in layer.objects if obj.gid}
    gids.discard(0)
    return gids
