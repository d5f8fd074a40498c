"""Which pixels of a PNG are opaque: what the lint needs to see the hex a tile is drawn as.

A tileset's tiles are rectangles, and the map's Tile Width and Height say nothing of the hex painted
inside them: a squat pointy-top hex (64x56 px) and a flat-top one of the same box look alike to every
number in the files. Only the transparent corners tell them apart, so the lint reads them here.

Pure Python and numpy, no pygame (``validate`` never loads it, see :mod:`images`): only what Tiled's
tilesets are in practice is decoded, non-interlaced PNG of 8 bits per sample (16 for grey and RGB with
alpha), with an alpha channel, a ``tRNS`` chunk or the tileset's transparent colour (Tiled's ``trans``).
Anything else returns ``None`` ("cannot tell"), never an error: the lint then falls back to the tiles'
proportions. Rows are decoded from the top only as far as asked, and at most :data:`MAX_DECODED` bytes,
so a large atlas costs no more than the tiles the map places from its top.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np

from .images import PNG_MAGIC

MAX_DECODED = 16 << 20  # bytes of unfiltered pixel rows; beyond that the lint says nothing of the shape
# Samples undone one by one in Python (about 0.3 us each): a 1024x1024 atlas's alpha, half a second at most.
MAX_SEQUENTIAL = 1 << 20
_BYTES = {(0, 8): 1, (2, 8): 3, (3, 8): 1, (4, 8): 2, (4, 16): 4, (6, 8): 4, (6, 16): 8}  # (type, depth) -> bpp


def opaque_mask(path: Path, rows: int, trans: str | None = None) -> np.ndarray | None:
    """``[y, x]`` True where the pixel is drawn (alpha at least half), for the top ``rows`` rows of ``path``.

    ``trans``: the tileset's transparent colour (``"ff00ff"``), which Tiled draws as a hole. None when the
    file is not a PNG this reader handles or every pixel is opaque by construction (no alpha, no key). A
    damaged file is None too, never an exception: the lint only falls back on the tiles' proportions.
    """
    try:
        return _opaque_mask(path, rows, trans)
    except (ValueError, IndexError, struct.error, zlib.error, MemoryError):
        return None


def _opaque_mask(path: Path, rows: int, trans: str | None) -> np.ndarray | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    chunks = _chunks(data)
    if chunks is None or b"IHDR" not in chunks:
        return None
    width, height, depth, ctype, _comp, _filt, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"][:13])
    bpp = _BYTES.get((ctype, depth))
    rows = min(rows, height)
    if bpp is None or interlace or width <= 0 or rows <= 0 or rows * (width * bpp + 1) > MAX_DECODED:
        return None
    key = _key(ctype, chunks, trans)
    if ctype in (0, 2, 3) and key is None:
        return None  # no transparency at all: the tile's shape is its whole box
    # Only the bytes read below are unfiltered: each sample of a PNG row is filtered against the same
    # sample of the pixel to its left and above, so the alpha bytes alone form a chain of their own.
    wanted = range(bpp - (2 if depth == 16 else 1), bpp - (1 if depth == 16 else 0)) if ctype in (4, 6) and (
        trans is None) else range(bpp)
    if rows * width * len(wanted) > MAX_SEQUENTIAL:
        return None
    pixels = _unfiltered(chunks.get(b"IDAT", b""), width, bpp, rows, wanted)
    if pixels is None:
        return None
    if ctype in (4, 6):
        alpha = pixels[:, :, bpp - (2 if depth == 16 else 1)]  # the high byte of the last sample
        drawn = alpha >= 128
    elif ctype == 3:
        assert isinstance(key, np.ndarray)
        drawn = key[pixels[:, :, 0]] >= 128  # tRNS gives the alpha of each palette entry
    else:
        drawn = (pixels != np.asarray(key, dtype=np.uint8)).any(axis=2)
    if trans is not None and ctype in (4, 6):
        rgb = _hex_colour(trans)
        if rgb is not None and depth == 8:
            drawn &= (pixels[:, :, :3] != np.asarray(rgb, dtype=np.uint8)).any(axis=2)
    return drawn


def png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's header (its first 24 bytes), or None: what a decode would cost."""
    try:
        with path.open("rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if not head.startswith(PNG_MAGIC) or len(head) < 24 or head[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", head[16:24])
    return int(width), int(height)


def _chunks(data: bytes) -> dict[bytes, bytes] | None:
    """The chunks of a PNG by type; IDAT chunks joined. None when it is not a PNG or is cut short."""
    if not data.startswith(PNG_MAGIC):
        return None
    out: dict[bytes, bytes] = {}
    i = len(PNG_MAGIC)
    while i + 8 <= len(data):
        (n,) = struct.unpack(">I", data[i : i + 4])
        kind = data[i + 4 : i + 8]
        body = data[i + 8 : i + 8 + n]
        if len(body) < n:
            return None
        out[kind] = out.get(kind, b"") + body if kind == b"IDAT" else body
        if kind == b"IEND":
            break
        i += 12 + n
    return out


def _key(ctype: int, chunks: dict[bytes, bytes], trans: str | None) -> np.ndarray | tuple[int, ...] | None:
    """What marks a transparent pixel: per-palette alpha (type 3), or the colour of type 0 and 2."""
    trns = chunks.get(b"tRNS")
    if ctype == 3:
        palette = chunks.get(b"PLTE", b"")
        alphas = np.full(256, 255, dtype=np.uint8)
        if trns:
            alphas[: len(trns)] = np.frombuffer(trns[:256], dtype=np.uint8)
        if trans is not None and (rgb := _hex_colour(trans)) is not None:
            entries = np.frombuffer(palette[: len(palette) // 3 * 3], dtype=np.uint8).reshape(-1, 3)
            alphas[: len(entries)][(entries == np.asarray(rgb, dtype=np.uint8)).all(axis=1)] = 0
        return alphas if (alphas < 128).any() else None
    if trans is not None and (rgb := _hex_colour(trans)) is not None:
        return rgb if ctype == 2 else (rgb[0],)
    if trns and ctype == 0 and len(trns) >= 2:
        return (trns[1],)  # the 8-bit grey level, written as a 16-bit sample
    if trns and ctype == 2 and len(trns) >= 6:
        return (trns[1], trns[3], trns[5])
    return None


def _hex_colour(text: str) -> tuple[int, int, int] | None:
    text = text.lstrip("#")
    if len(text) != 6:
        return None
    try:
        return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
    except ValueError:
        return None


def _unfiltered(idat: bytes, width: int, bpp: int, rows: int, wanted: range) -> np.ndarray | None:
    """The top ``rows`` rows as ``uint8 [rows, width, bpp]``, PNG's five row filters undone for the samples
    ``wanted`` (the others are left meaningless)."""
    stride = width * bpp
    want = rows * (stride + 1)
    try:
        raw = zlib.decompressobj().decompress(idat, want)
    except zlib.error:
        return None
    if len(raw) < want:
        return None
    out = np.zeros((rows, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.uint8)
    for y in range(rows):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=y * (stride + 1) + 1)
        if kind == 0:
            row = line.copy()
        elif kind == 1:  # Sub: a running sum along each sample, modulo 256
            row = np.cumsum(line.reshape(width, bpp), axis=0, dtype=np.uint8).reshape(stride)
        elif kind == 2:  # Up
            row = line + prev
        elif kind in (3, 4):  # Average, Paeth: each byte needs the one just decoded, so byte by byte
            row = np.frombuffer(_sequential(kind, line.tobytes(), prev.tobytes(), bpp, wanted), dtype=np.uint8)
        else:
            return None
        out[y] = row
        prev = row
    return out.reshape(rows, width, bpp)


def _sequential(kind: int, line: bytes, prev: bytes, bpp: int, wanted: range) -> bytes:
    """Average (3) or Paeth (4) undone, one sample chain at a time: the one loop numpy cannot do."""
    row = bytearray(len(line))
    for k in wanted:
        a = c = 0  # the pixel to the left (and above-left) of the first is zero
        for i in range(k, len(line), bpp):
            b = prev[i]
            if kind == 3:
                a = (line[i] + ((a + b) >> 1)) & 0xFF
            else:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                a = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
            row[i] = a
            c = b
    return bytes(row)


__all__ = ["MAX_DECODED", "MAX_SEQUENTIAL", "opaque_mask", "png_size"]
