"""Which tiles of which tilesets a TMX map actually places (for the lint's "unused tiles" warning).

Read straight from the XML, the way Tiled stores it: every ``<tileset>`` (embedded, or an external
``.tsx`` it names) with its ``firstgid`` and tile ids, and every gid placed in a tile layer (decoded
by :mod:`tile_data`, as the loader does) or by a tile object; flag bits masked off. Call it only on
a map that validates.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np

from .tile_data import GID_MASK, decode_data


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


def tile_usage(path: str | Path) -> list[TilesetUse]:
    path = Path(path)
    root = ET.parse(path).getroot()
    placed = _placed_gids(root)
    sets = []
    for node in root.findall("tileset"):
        firstgid = int(node.get("firstgid", "1"))
        embedded = node.get("source") is None
        ts = node if embedded else ET.parse(path.parent / str(node.get("source"))).getroot()
        sets.append((firstgid, embedded, ts))
    sets.sort(key=lambda s: s[0])
    out = []
    for i, (firstgid, embedded, ts) in enumerate(sets):
        ids = _tile_ids(ts)
        end = sets[i + 1][0] if i + 1 < len(sets) else None
        used = {g - firstgid for g in placed if g >= firstgid and (end is None or g < end)}
        out.append(TilesetUse(ts.get("name") or f"tileset at gid {firstgid}", firstgid, embedded,
                              frozenset(ids), frozenset(used & ids)))
    return out


def _tile_ids(ts: ET.Element) -> set[int]:
    if ts.find("image") is not None:  # one atlas image: ids 0 .. tilecount-1
        return set(range(int(ts.get("tilecount", "0"))))
    return {int(t.get("id", "0")) for t in ts.findall("tile") if t.find("image") is not None}  # image collection


def _placed_gids(root: ET.Element) -> set[int]:
    gids: set[int] = set()
    for layer in root.iter("layer"):
        data = layer.find("data")
        if data is not None:
            raw = decode_data(data, int(layer.get("width", "0")), int(layer.get("height", "0")))
            gids |= {int(g) for g in np.unique(raw & GID_MASK)}
    for obj in root.iter("object"):
        if obj.get("gid"):
            gids.add(int(obj.get("gid", "0")) & GID_MASK)
    gids.discard(0)
    return gids
