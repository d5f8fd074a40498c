"""Image files a map names: format and size read from the header before anything decodes them.

A 31 KB PNG can claim 16000 x 16000 pixels and a decoder will try to give them all (1 GB and
more). Like Pillow's ``MAX_IMAGE_PIXELS`` check, :func:`image_header` reads the width and height
the decoder will allocate from a PNG, JPEG, GIF, BMP or WebP file, and :func:`check_image` refuses an
image of more than ``MAX_IMAGE_PIXELS``. That is not always the first size in the file: a GIF's frames
each carry their own size, which SDL_image decodes whatever the screen size written before them says
(a 35-byte GIF of a 10x10 screen and a 20000x20000 frame took 18.8 GB), so every frame is read; a
WebP's VP8X canvas is checked with the size of the picture inside it. For PNG, the format Tiled's
tilesets use, :func:`check_image` also checks the chunk structure, the checksums and that the
compressed pixels decompress to exactly the size the header promises (streamed, in bounded memory),
so ``validate`` refuses what a decoder would. Pure Python: the rules commands and ``validate`` never load pygame.
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from game.rules import limits

FORMATS = "PNG, JPEG, GIF, BMP or WebP"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type -> samples per pixel
_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
_CHUNK = 1 << 20  # decompress the pixels a megabyte at a time


class ImageError(ValueError):
    """The file is not an image Playmat draws; ``str()`` says why in a few words (no file name)."""


@dataclass(frozen=True)
class ImageHeader:
    format: str  # png, jpeg, gif, bmp, webp (also a file name suffix SDL_image understands)
    width: int  # the largest picture the file holds (for a GIF, of its screen and every frame)
    height: int
    part: str = ""  # what of the file is that size when it is not the image's own header ("a frame")


def image_header(data: bytes) -> ImageHeader:
    """The format and size written at the start of ``data``; ImageError when it is none of ``FORMATS``."""
    if data.startswith(PNG_MAGIC):
        if len(data) < 33 or data[12:16] != b"IHDR":
            raise ImageError("PNG header is damaged")
        w, h = struct.unpack(">II", data[16:24])
        return ImageHeader("png", w, h)
    if data.startswith(b"\xff\xd8"):
        return ImageHeader("jpeg", *_jpeg_size(data))
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 13:
        return _gif_header(data)
    if data.startswith(b"BM") and len(data) >= 26:
        (dib,) = struct.unpack("<I", data[14:18])
        if dib == 12:
            w, h = struct.unpack("<HH", data[18:22])
        else:
            w, h = struct.unpack("<ii", data[18:26])
        return ImageHeader("bmp", abs(w), abs(h))
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP" and len(data) >= 30:
        return ImageHeader("webp", *_webp_size(data))
    raise ImageError(f"is not a {FORMATS} image")


def _jpeg_size(data: bytes) -> tuple[int, int]:
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            break
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # no length
            i += 2
            continue
        (length,) = struct.unpack(">H", data[i + 2 : i + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if i + 9 > len(data):
                break
            h, w = struct.unpack(">HH", data[i + 5 : i + 9])
            return w, h
        if length < 2:
            break
        i += 2 + length
    raise ImageError("JPEG header is damaged (no frame size)")


_GIF_BLOCK = re.compile(b"[,!;]")  # the bytes SDL_image looks for between blocks (it skips any other)


def _gif_header(data: bytes) -> ImageHeader:
    """The largest of a GIF's screen and of every image descriptor in it.

    SDL_image decodes the first frame it can at the frame's own size, skipping bytes it does not know
    between blocks and going on to the next frame when one fails, so every descriptor is read here the
    way it reads them: in one pass, each block's sub-blocks skipped by their lengths, in time linear in
    the file (unknown bytes are skipped by a regular-expression search, not one at a time).
    """
    w, h = struct.unpack("<HH", data[6:10])
    best = ImageHeader("gif", w, h)
    flags = data[10]
    i = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    end = len(data)
    while i < end:
        kind = data[i]
        if kind == 0x3B:  # ';' the trailer
            break
        if kind == 0x21:  # '!' an extension: its label, then sub-blocks
            i = _gif_skip_blocks(data, i + 2)
        elif kind == 0x2C:  # ',' an image descriptor: x, y, width, height, flags
            if i + 10 > end:
                break
            fw, fh = struct.unpack("<HH", data[i + 5 : i + 9])
            if fw * fh > best.width * best.height:
                best = ImageHeader("gif", fw, fh, "a frame")
            local = data[i + 9]
            i += 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0)
            i = _gif_skip_blocks(data, i + 1)  # past the LZW code size, then the pixel sub-blocks
        else:
            found = _GIF_BLOCK.search(data, i + 1)
            if found is None:
                break
            i = found.start()
    return best


def _gif_skip_blocks(data: bytes, i: int) -> int:
    """The index after the sub-blocks starting at ``i`` (each a length byte and its bytes, ended by 0)."""
    end = len(data)
    while i < end:
        n = data[i]
        i += 1 + n
        if not n:
            return i
    return end


def _webp_size(data: bytes) -> tuple[int, int]:
    kind = data[12:16]
    if kind == b"VP8X":
        w = int.from_bytes(data[24:27], "little") + 1
        h = int.from_bytes(data[27:30], "little") + 1
        inner = _webp_picture(data)  # libwebp decodes the picture inside at its own size
        if inner is not None and inner[0] * inner[1] > w * h:
            return inner
        return w, h
    found = _webp_frame_size(data, 12)
    if found is None:
        raise ImageError("WebP header is damaged")
    return found


def _webp_frame_size(data: bytes, at: int) -> tuple[int, int] | None:
    """The size of a VP8 or VP8L chunk starting at ``at``; None when it is neither or too short."""
    kind = data[at : at + 4]
    if kind == b"VP8L" and len(data) >= at + 13 and data[at + 8] == 0x2F:
        bits = int.from_bytes(data[at + 9 : at + 13], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if kind == b"VP8 " and len(data) >= at + 18 and data[at + 11 : at + 14] == b"\x9d\x01\x2a":
        w, h = struct.unpack("<HH", data[at + 14 : at + 18])
        return w & 0x3FFF, h & 0x3FFF
    return None


def _webp_picture(data: bytes) -> tuple[int, int] | None:
    """The size of the first VP8 or VP8L chunk after a VP8X header (chunks are walked by their lengths)."""
    at = 12
    while at + 8 <= len(data):
        if data[at : at + 4] in (b"VP8 ", b"VP8L"):
            return _webp_frame_size(data, at)
        (length,) = struct.unpack("<I", data[at + 4 : at + 8])
        at += 8 + length + (length & 1)
    return None


def check_header(header: ImageHeader) -> None:
    """ImageError for an empty image or one of more than ``MAX_IMAGE_PIXELS`` pixels."""
    if header.width <= 0 or header.height <= 0:
        raise ImageError(f"is {header.width}x{header.height} pixels, an empty image")
    if header.width * header.height > limits.MAX_IMAGE_PIXELS:
        said = f"has {header.part} of" if header.part else "is"
        raise ImageError(f"{said} {header.width}x{header.height} pixels, more than the limit of "
                         f"{limits.MAX_IMAGE_PIXELS:,}")


def check_image(path: Path, *, whole_png: bool = True) -> ImageHeader:
    """Read ``path`` (a regular file within the size limit) and check it as a decoder would see it.

    InputLimitError for a file that is not regular or too large, ImageError for one that is no
    image of ``FORMATS``, too many pixels, or (``whole_png``) a damaged PNG. Without ``whole_png``
    only the header is checked: for a reader whose caller decodes the image next (render, the
    window), where libpng itself refuses a damaged PNG and the decoded size is bounded by the
    header already checked, so the pixels are not inflated twice.
    """
    data = limits.read_regular_file(path, "image", limits.MAX_IMAGE_FILE_BYTES)
    header = image_header(data)
    check_header(header)
    if header.format == "png" and whole_png:
        _check_png(data, header)
    return header


_CRITICAL = (b"IHDR", b"PLTE", b"IDAT", b"IEND")


def _check_png(data: bytes, header: ImageHeader) -> None:
    """Chunks, their checksums, and the pixel data's decompressed size against the header's promise."""
    colour, bits_per_pixel, interlace = _png_format(data)
    expected = _png_raw_size(header.width, header.height, bits_per_pixel, interlace)
    inflate = zlib.decompressobj()
    got = 0
    seen_plte = seen_idat = False
    pos = 8
    while True:
        kind, body = _png_chunk(data, pos)
        _check_chunk_place(kind, body, first=pos == 8, palette_late=seen_plte or got > 0 or seen_idat)
        pos += 12 + len(body)
        if kind == b"PLTE":
            seen_plte = True
        elif kind == b"IDAT":
            seen_idat = True
            got += _idat_size(inflate, body, expected - got)
        elif kind == b"IEND":
            break
    if colour == 3 and not seen_plte:
        raise ImageError("PNG has no palette")
    if got != expected or not inflate.eof:
        raise ImageError("PNG pixel data does not match its size")


def _png_format(data: bytes) -> tuple[int, int, int]:
    """The IHDR's colour type, bits per pixel and interlace method; ImageError for any libpng refuses."""
    depth, colour, compression, filtering, interlace = data[24], data[25], data[26], data[27], data[28]
    if colour not in _CHANNELS or depth not in _DEPTHS[colour] or compression or filtering or interlace > 1:
        raise ImageError("PNG header is damaged")
    return colour, _CHANNELS[colour] * depth, interlace


def _png_chunk(data: bytes, pos: int) -> tuple[bytes, bytes]:
    """The type and body of the chunk at ``pos``, whole and (if critical) matching its checksum."""
    if pos + 12 > len(data):
        raise ImageError("PNG is cut short")
    (length,) = struct.unpack(">I", data[pos : pos + 4])
    kind = data[pos + 4 : pos + 8]
    body = data[pos + 8 : pos + 8 + length]
    if len(body) < length or pos + 12 + length > len(data):
        raise ImageError("PNG is cut short")
    (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
    # What libpng refuses, refused here too, so that a PNG validate accepts also draws.
    if not all(65 <= b <= 90 or 97 <= b <= 122 for b in kind) or kind[2] & 0x20:  # letters; reserved bit 0
        raise ImageError("PNG chunk type is damaged")
    critical = not kind[0] & 0x20
    if critical and kind not in _CRITICAL:
        raise ImageError(f"PNG has an unknown critical chunk {kind.decode('ascii')}")
    if critical and zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
        raise ImageError(f"PNG chunk {kind.decode('latin-1')} is damaged (checksum)")
    return kind, body


def _check_chunk_place(kind: bytes, body: bytes, *, first: bool, palette_late: bool) -> None:
    """IHDR first and only first; one palette, before any pixel data, of whole colours.

    ``palette_late`` is true once a palette or pixel data has been read: a PLTE then is out of place."""
    if (kind == b"IHDR") != first or kind == b"PLTE" and palette_late:
        raise ImageError(f"PNG chunk {kind.decode('ascii')} is out of place")
    # libpng refuses a palette image whose palette is empty, more than 256 colours, or not whole
    # colours ("PLTE: invalid", "Invalid palette"); refused in any image, a palette being rare
    # outside palette images, so that validate never passes one render refuses.
    if kind == b"PLTE" and (len(body) == 0 or len(body) % 3 or len(body) > 3 * 256):
        raise ImageError("PNG palette is damaged")


def _idat_size(inflate: zlib._Decompress, body: bytes, room: int) -> int:
    """Bytes one IDAT chunk adds to the pixel data; ImageError when it is not zlib or overflows ``room``."""
    try:
        return _inflated(inflate, body, room)
    except zlib.error:
        raise ImageError("PNG pixel data is damaged") from None


def _inflated(inflate: zlib._Decompress, body: bytes, room: int) -> int:
    """Bytes ``body`` decompresses to, never holding more than a chunk; ImageError past ``room``."""
    total = 0
    pending = body
    while True:
        out = inflate.decompress(pending, _CHUNK)
        total += len(out)
        if total > room:
            raise ImageError("PNG pixel data is larger than its size")
        pending = inflate.unconsumed_tail
        if not pending and len(out) < _CHUNK:  # a full chunk may leave output inside zlib: ask again
            return total


def _png_raw_size(width: int, height: int, bits_per_pixel: int, interlace: int) -> int:
    """Filtered scanline bytes of the image (one filter byte per row of each pass)."""

    def rows(w: int, h: int) -> int:
        return 0 if w == 0 or h == 0 else h * (1 + (w * bits_per_pixel + 7) // 8)

    if not interlace:
        return rows(width, height)
    total = 0
    for x0, y0, dx, dy in _ADAM7:
        total += rows((width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy)
    return total
