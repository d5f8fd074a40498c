"""The image files a map names, decoded once each and bounded in all (a map may come from a stranger).

:class:`MapImages` holds a map's decoded files, the tiles cut from them and the sprites made from those,
and counts what they cost against two limits (``docs/limits.md``); :func:`load_image` reads and decodes
one file, its size checked from its header before any pixel is decoded.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from game.maps.images import ImageError, check_header, image_header
from game.maps.tilesets import TileImage
from game.rules import InputLimitError, limits

from .errors import RenderError
from .pg import pygame
from .sprites import colour_keyed
from .surfaces import FLOAT_PIXEL, Array, Texture, premultiplied, surface_to_array

SpriteKey = tuple[object, ...]


class MapImages:
    """Image files decoded once per map (by their real path), tiles cut from them, sprites cached by key.

    A file is kept as its straight-alpha bytes (4 a pixel); only the tiles drawn are made premultiplied
    float (16 a pixel), and image layers never are (:class:`Texture`). Two budgets bound what a map from a
    stranger can make the renderer hold: the pixels of the files decoded (``MAX_MAP_IMAGE_PIXELS``, which
    the map reader already holds the map's images to) and the bytes of the pictures made from them
    (``MAX_SPRITE_BYTES``: tiles cut, turned, scaled and tinted, and each picture's surface at each opacity),
    each counted before it is made.
    """

    def __init__(self, source: str) -> None:
        self.source = source
        self.where = ""  # the layer or object being drawn, for a refusal
        self.files: dict[Path, Array] = {}
        self.cut: dict[tuple[Path, str | None, tuple[int, int, int, int] | None], Array] = {}
        self.sprites: dict[SpriteKey, Array | Texture] = {}
        self.decoded = 0
        self.spent = 0
        self._real: dict[Path, Path] = {}

    def real(self, path: Path) -> Path:
        found = self._real.get(path)
        if found is None:
            found = self._real[path] = path.resolve()
        return found

    def file(self, path: Path) -> Array:
        """The file's pixels, straight-alpha RGBA uint8 ``[h, w, 4]``, decoded once whatever path names it."""
        real = self.real(path)
        arr = self.files.get(real)
        if arr is None:
            surf = load_image(path, self.source, self.decoded)
            arr = surface_to_array(surf)
            del surf
            self.decoded += arr.shape[0] * arr.shape[1]
            self.files[real] = arr
        return arr

    def spend(self, nbytes: int) -> None:
        """Count a picture about to be made; RenderError (one line) past ``MAX_SPRITE_BYTES`` in all."""
        self.spent += nbytes
        if self.spent > limits.MAX_SPRITE_BYTES:
            where = f"{self.where}: " if self.where else ""
            raise RenderError(f"{self.source}: {where}the pictures the map's layers place (tiles as cut, turned, "
                              f"scaled and tinted, image layers and shapes, at each opacity) take more than "
                              f"{limits.MAX_SPRITE_BYTES:,} bytes, the limit")

    def tile(self, img: TileImage) -> Array:
        """A tile's pixels, premultiplied float32, cut once per file, rectangle and colour key."""
        key = (self.real(img.path), img.trans, img.rect)
        arr = self.cut.get(key)
        if arr is None:
            src = self.file(img.path)
            if img.rect is not None:
                x, y, w, h = img.rect
                src = src[y : y + h, x : x + w]
            self.spend(FLOAT_PIXEL * src.shape[0] * src.shape[1])
            arr = self.cut[key] = premultiplied(colour_keyed(src, img.trans))
        return arr


def load_image(path: Path, source: str, decoded: int = 0) -> pygame.Surface:
    """Decode an image file a map names, its size checked from the header first; RenderError (one line).

    The bytes are read once (a regular file, within the size limit) and decoded from memory, so the
    file checked is the file decoded. ``decoded``: pixels of the map's images decoded before this one,
    held with it to ``MAX_MAP_IMAGE_PIXELS``.
    """
    def refuse(why: str) -> RenderError:
        return RenderError(f"{source}: image {path.name!r} cannot be read: {' '.join(why.split())}")

    try:
        data = limits.read_regular_file(path, "image", limits.MAX_IMAGE_FILE_BYTES)
        header = image_header(data)
        check_header(header)
    except InputLimitError as exc:
        raise refuse(exc.reason) from None
    except ImageError as exc:
        raise refuse(f"it {exc}") from None
    if decoded + header.width * header.height > limits.MAX_MAP_IMAGE_PIXELS:
        raise refuse(f"the map's images come to more than {limits.MAX_MAP_IMAGE_PIXELS:,} pixels in all, the limit")
    with _c_stderr_caught() as said:
        try:
            return pygame.image.load(io.BytesIO(data), f"image.{header.format}")
        except (pygame.error, OSError, MemoryError) as exc:
            error = next((ln.split(":", 1)[1] for ln in said().splitlines() if ln.startswith("libpng error:")), "")
            raise refuse(error.strip() or str(exc)) from None


@contextlib.contextmanager
def _c_stderr_caught() -> Iterator[Callable[[], str]]:
    """Catch what the C decoders write to the process's stderr while decoding (libpng prints
    "libpng error: ..." and "libpng warning: ..." itself), so a refusal stays one line and a warning
    about an image that did decode never reaches the user. Yields a function giving the text caught."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no stderr to catch
        yield lambda: ""
        return
    with tempfile.TemporaryFile() as sink:

        def said() -> str:
            sink.seek(0)
            return sink.read(4096).decode("utf-8", "replace")

        os.dup2(sink.fileno(), 2)
        try:
            yield said
        finally:
            os.dup2(saved, 2)
            os.close(saved)
