"""Limits on untrusted input, in one place.

A map, tileset, image or log may come from a stranger. Every reader of such a
file checks it against these numbers before it spends memory or time on it, and
refuses what lies beyond in one line that names the limit (``docs/limits.md``
lists them for users). The numbers sit far above anything a real encounter
needs and far below what would exhaust this machine (a refusal must come within
seconds and under 1 GB).

This module imports nothing from the project, so every layer may use it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

# Files -------------------------------------------------------------------------------------------------
MAX_MAP_FILE_BYTES = 32 * 1024 * 1024
"""A ``.tmx``, ``.tsx`` or ``.tx`` file (shipped maps are under 200 KB)."""
MAX_IMAGE_FILE_BYTES = 64 * 1024 * 1024
"""A tileset or image-layer image on disk."""
MAX_LOG_FILE_BYTES = 64 * 1024 * 1024
"""An action log (a long battle writes well under 1 MB)."""

# XML structure -----------------------------------------------------------------------------------------
MAX_XML_DEPTH = 100
"""Nesting depth of elements in one XML file (Tiled writes fewer than 10 levels; group layers nest)."""
MAX_XML_ELEMENTS = 2_000_000
"""Elements in one XML file."""

# Map geometry ------------------------------------------------------------------------------------------
MAX_CELLS_PER_SIDE = 1000
"""Columns or rows of a map."""
MAX_LAYER_CELLS = 32_000_000
"""Tile layers x cells of a map, summed over every layer (each decoded cell costs memory)."""
MAX_COMBATANTS = 500
"""Combatants on a map or joined by a log."""

# Images ------------------------------------------------------------------------------------------------
MAX_IMAGE_PIXELS = 25_000_000
"""Decoded pixels of one image, read from its header before decoding (like Pillow's ``MAX_IMAGE_PIXELS``)."""

# Logs --------------------------------------------------------------------------------------------------
MAX_LOG_LINES = 200_000
"""Lines of an action log."""
MAX_LOG_LINE_BYTES = 64 * 1024
"""Bytes of one action-log line."""

# Numbers -----------------------------------------------------------------------------------------------
MAX_NUMBER = 1_000_000_000
"""Magnitude of any integer read from a map property or a log line (hp, damage, dice, skills, rolls)."""
MAX_NUMBER_DIGITS = len(str(MAX_NUMBER))
"""Digits a number may have before it is refused unparsed (Python's int() is quadratic on long strings)."""


class InputLimitError(ValueError):
    """An input file breaks one of the limits above; ``str()`` is one line naming the file and the limit."""


def regular_file_size(path: str | os.PathLike[str], what: str, limit: int) -> int:
    """The size of ``path`` if it is a regular file of at most ``limit`` bytes; else InputLimitError.

    ``what`` names the file for the message ("map", "tileset", "log", "image"). FIFOs, devices,
    sockets and directories are refused before anything is opened, so reading never blocks
    (a FIFO) or runs forever (``/dev/zero``); a symlink is judged by what it points to.
    """
    name = Path(path).name or str(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise InputLimitError(f"{name}: cannot read {what}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise InputLimitError(f"{name}: {what} is not a regular file")
    if info.st_size > limit:
        raise InputLimitError(f"{name}: {what} is {info.st_size} bytes, more than the limit of {limit}")
    return info.st_size


def read_regular_file(path: str | os.PathLike[str], what: str, limit: int) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes; else InputLimitError.

    The file is opened without blocking and checked again once open, so a file swapped for a
    FIFO between the check and the open is refused too, and no more than ``limit`` bytes are
    ever read even if the file grows meanwhile.
    """
    regular_file_size(path, what, limit)
    name = Path(path).name or str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputLimitError(f"{name}: cannot read {what}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise InputLimitError(f"{name}: {what} is not a regular file")
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise InputLimitError(f"{name}: {what} is more than the limit of {limit} bytes")
    return data
