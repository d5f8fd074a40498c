"""Which tiles of which tilesets a TMX map actually places (for the lint's "unused tiles" warning).

Read straight from the XML, the way Tiled stores it: every ``<tileset>`` (embedded, or an external
``.tsx`` it names) with its ``firstgid`` and tile ids, and every gid placed in a tile layer (CSV,
base64, base64+zlib/gzip, or the old ``<tile gid>`` form; chunks of infinite maps too) or by a
tile object. Flip bits are masked off. Call it only on a map that validates.
"""

from __future__ import annotations

import base64
import gzip
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET

GID_MASK = 0x0FFFFFFF  # Tiled's flip/rotation flags live in the top four bits


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
    for data in root.iter("data"):
        for part in data.findall("chunk") or [data]:
            gids |= _decode(part, data.get("encoding"), data.get("compression"))
    for obj in root.iter("object"):
        if obj.get("gid"):
            gids.add(int(obj.get("gid", "0")) & GID_MASK)
    gids.discard(0)
    return gids


def _decode(node: ET.Element, encoding: str | None, compression: str | None) -> set[int]:
    if encoding is None:
        return {int(t.get("gid", "0")) & GID_MASK for t in node.findall("tile")}
    text = (node.text or "").strip()
    if encoding == "csv":
        return {int(v) & GID_MASK for v in text.replace("\n", "").split(",") if v.strip()}
    raw = base64.b64decode(text)
    if compression == "zlib":
        raw = zlib.decompress(raw)
    elif compression == "gzip":
        raw = gzip.decompress(raw)
    return {g & GID_MASK for g in struct.unpack(f"<{len(raw) // 4}I", raw)}
