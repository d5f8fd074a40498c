"""Tile layer data and Tiled's gid flag bits.

A gid's top four bits are Tiled's flags: three flips and, on hexagonal maps, the
120-degree rotation (0x10000000), which some readers (pytmx among them) take for
part of the tile id. The ``<data>`` element is decoded in every encoding Tiled
writes: XML ``<tile>`` elements, CSV, and Base64 raw, zlib, gzip or zstd (zstd
through the ``zstandard`` package, a dependency).
"""

from __future__ import annotations

import base64
import binascii
import gzip
import re
import zlib
from dataclasses import dataclass
from xml.etree import ElementTree as ET

import numpy as np

FLIP_H = 0x80000000  # mirrored left-right
FLIP_V = 0x40000000  # mirrored top-bottom
FLIP_D = 0x20000000  # anti-diagonal flip; on hexagonal maps: rotated 60 degrees clockwise
ROT_120 = 0x10000000  # hexagonal maps only: rotated 120 degrees clockwise
GID_FLAGS = FLIP_H | FLIP_V | FLIP_D | ROT_120
GID_MASK = ~GID_FLAGS & 0xFFFFFFFF
GID_DIGITS = 10  # a 32-bit gid has at most 10 decimal digits


class TileDataError(ValueError):
    """The layer's data cannot be read; ``str()`` is one line for the designer."""


@dataclass(frozen=True)
class Flags:
    """How Tiled transforms one cell's tile (hexagonal maps: D = 60 degrees, R = 120 degrees)."""

    h: bool = False
    v: bool = False
    d: bool = False
    r120: bool = False

    @classmethod
    def of(cls, raw_gid: int) -> Flags:
        return cls(bool(raw_gid & FLIP_H), bool(raw_gid & FLIP_V), bool(raw_gid & FLIP_D), bool(raw_gid & ROT_120))

    @property
    def rotation(self) -> int:
        """Clockwise degrees Tiled's hexagonal renderer turns the (flipped) image by."""
        return (60 if self.d else 0) + (120 if self.r120 else 0)

    @property
    def key(self) -> tuple[bool, bool, bool, bool]:
        return self.h, self.v, self.d, self.r120


def decode_data(data: ET.Element, width: int, height: int) -> np.ndarray:
    """The raw 32-bit gids (flags included) of a finite layer as a ``[row, col]`` uint32 array."""
    encoding = (data.get("encoding") or "").strip() or None
    compression = (data.get("compression") or "").strip() or None
    if data.find("chunk") is not None:
        raise TileDataError("the layer is stored in chunks (an infinite map): in Tiled, "
                            "Map > Map Properties > Infinite: off, then save again")
    if encoding is None:
        if compression:
            raise TileDataError(f'compression "{compression}" without an encoding is not a Tiled layer format')
        gids = [_xml_gid(t) for t in data.findall("tile")]
        flat = np.array(gids, dtype=np.uint64)
    elif encoding == "csv":
        if compression:
            raise TileDataError(f'CSV layer data with compression "{compression}" is not a Tiled layer format')
        flat = _csv(data.text or "", width, height)
    elif encoding == "base64":
        flat = _base64(data.text or "", compression, 4 * width * height)
    else:
        raise TileDataError(f'layer encoding "{encoding}" is not one Tiled writes (csv or base64)')
    if flat.size != width * height:
        raise TileDataError(f"has {flat.size} tiles, the map needs {width * height} ({width}x{height})")
    if flat.size and int(flat.max()) > 0xFFFFFFFF:
        raise TileDataError("a tile gid is larger than 32 bits")
    return flat.astype(np.uint32).reshape(height, width)


def _xml_gid(tile: ET.Element) -> int:
    raw = (tile.get("gid") or "0").strip()
    if not (raw.isdigit() and raw.isascii()):
        raise TileDataError(f'tile data cannot be read: tile gid "{raw[:20]}" is not a whole number')
    if len(raw.lstrip("0")) > GID_DIGITS:
        raise TileDataError("a tile gid is larger than 32 bits")
    return int(raw)


# Every check below is one linear pass (no pattern that can backtrack over the text).
_CSV_CHARS = re.compile(r"[0-9,\s]*")  # only digits, commas and whitespace
_SPACE_INSIDE = re.compile(r"[0-9][^\S\r\n]+[0-9]")  # two numbers with only spaces between (line ends separate)
_LONG_GID = re.compile(f"[1-9][0-9]{{{GID_DIGITS}}}")  # more than 10 significant digits
_CSV_SEPARATOR = re.compile(r"[,\r\n]")
_NUMBER = re.compile("[0-9]+")
_MAX_SEPARATORS_PER_CELL = 4  # ",\r\n" after every cell, and then some


def _csv(text: str, width: int, height: int) -> np.ndarray:
    """Whole numbers separated by commas or line ends (empty entries allowed), spaces around them."""
    cells = width * height
    # Far more entries than the layer has cells: refused before anything is split or allocated. Entries are
    # separated by commas or line ends (Tiled writes "1,2,\n3,4"; ",\r\n" is three per cell at most), so
    # counting commas alone let 32 MB of "10\n" through to a findall of 11 million strings (953 MB).
    separators = text.count(",") + text.count("\n") + text.count("\r")
    if separators > _MAX_SEPARATORS_PER_CELL * cells + 4:
        raise TileDataError(f"has more than {cells} tiles, the map needs {cells}")
    if not _CSV_CHARS.fullmatch(text) or _SPACE_INSIDE.search(text):
        parts = (q.strip() for q in _CSV_SEPARATOR.split(text))
        bad = next(p for p in parts if p and not (p.isdigit() and p.isascii()))
        raise TileDataError(f'tile data cannot be read: CSV holds "{bad[:20]}", which is not a tile gid')
    if _LONG_GID.search(text):
        raise TileDataError("a tile gid is larger than 32 bits")
    found = _NUMBER.subn("", text)[1]  # counted, not listed: a list costs some 60 bytes a number
    if found != cells:
        raise TileDataError(f"has {found} tiles, the map needs {cells} ({width}x{height})")
    return np.array(_NUMBER.findall(text), dtype=np.uint64)


def _base64(text: str, compression: str | None, size: int) -> np.ndarray:
    """The gids of ``size`` bytes of (compressed) Base64 data; never decompresses more than ``size + 1``."""
    if compression not in (None, "zlib", "gzip", "zstd"):
        raise TileDataError(f'compression "{compression}" is not one Tiled writes (zlib, gzip or zstd)')
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError) as e:
        raise TileDataError(f"tile data cannot be read: Base64 is damaged ({e})") from None
    try:
        if compression is None:
            pass
        elif compression in ("zlib", "gzip"):
            d = zlib.decompressobj(zlib.MAX_WBITS if compression == "zlib" else 16 + zlib.MAX_WBITS)
            raw = d.decompress(raw, size + 1)
            if len(raw) > size:
                raise TileDataError(f"{compression} tile data holds more tiles than the layer")
            if not d.eof:  # all the input read, the stream not ended: its last bytes (and checksum) are missing
                raise TileDataError(f"tile data cannot be read: {compression} tile data is cut short")
        elif compression == "zstd":
            raw = _zstd(raw, size)
    except (zlib.error, gzip.BadGzipFile, EOFError, OSError) as e:
        raise TileDataError(f"tile data cannot be read: {compression} data is damaged ({e})") from None
    if len(raw) % 4:
        raise TileDataError(f"tile data cannot be read: {len(raw)} bytes is not a whole number of 4-byte gids")
    return np.frombuffer(raw, dtype="<u4").astype(np.uint64)


def _zstd(raw: bytes, size: int) -> bytes:
    import zstandard  # a dependency; imported only for the maps that need it

    try:
        with zstandard.ZstdDecompressor().stream_reader(raw) as reader:
            out = b""
            while len(out) <= size and (part := reader.read(size + 1 - len(out))):
                out += part
        if len(out) > size:
            raise TileDataError("zstd tile data holds more tiles than the layer")
        # The stream reader stops quietly where the bytes stop. The frame, which gave no more than ``size``
        # bytes above, is read again to see whether it ended (a frame cut short read as "has 0 tiles").
        frame = zstandard.ZstdDecompressor().decompressobj()
        frame.decompress(raw)
    except zstandard.ZstdError as e:
        raise TileDataError(f"tile data cannot be read: zstd data is damaged ({e})") from None
    if not frame.eof:
        raise TileDataError("tile data cannot be read: zstd tile data is cut short")
    return out
