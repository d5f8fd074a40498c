"""Limits on untrusted input, in one place.

A map, tileset, image or log may come from a stranger. Every reader of such a
file checks it against these numbers before it spends memory or time on it, and
refuses what lies beyond in one line that names the limit (``docs/limits.md``
lists them for users; a test checks that it lists every one of these). The
numbers sit far above anything a real encounter needs and far below what would
exhaust this machine: a refusal comes within seconds and under 1 GB.

This module imports nothing from the project, so every layer may use it.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

# Files -------------------------------------------------------------------------------------------------
MAX_MAP_FILE_BYTES = 32 * 1024 * 1024
"""A ``.tmx`` or ``.tsx`` file (shipped maps are under 200 KB)."""
MAX_IMAGE_FILE_BYTES = 64 * 1024 * 1024
"""A tileset or image-layer image on disk."""
MAX_LOG_FILE_BYTES = 16 * 1024 * 1024
"""An action log (a long battle writes well under 1 MB)."""

# XML structure -----------------------------------------------------------------------------------------
MAX_XML_DEPTH = 100
"""Nesting depth of elements in one XML file (Tiled writes fewer than 10 levels; group layers nest)."""
MAX_LAYERS = 1000
"""Layers of a map: tile, object and image layers and groups, counted at every level (a big Tiled map has
a few dozen; each layer costs a pass of every reader and of every drawing)."""
MAX_XML_ELEMENTS = 500_000
"""Elements in one XML file (a map whose layers use Tiled's deprecated XML tile format spends one per cell)."""
MAX_XML_ATTRIBUTES = 1000
"""Attributes of one XML element (Tiled writes at most about 20). The XML parser reads an element's attributes
all at once, in time that grows faster than their number: a ``<map>`` of 2.5 million took 13 s and 640 MB."""

# Map geometry ------------------------------------------------------------------------------------------
MAX_CELLS_PER_SIDE = 1000
"""Columns or rows of a map."""
MAX_LAYER_CELLS = 16_000_000
"""Tile layers x cells of a map, summed over every tile layer (each decoded cell costs memory)."""
MAX_PICTURE_PIXELS = 64_000_000
"""Pixels of the whole map picture (its width x height in pixels, layer offsets included): the window
and ``render`` draw it at full size."""
MAX_PIXEL_COORDINATE = 1_000_000
"""Magnitude of any pixel position, offset, spacing or size a map or tileset writes (layer and tile offsets,
object positions and sizes, a tileset's tile size, margin and spacing): past it a number only breaks the
drawing (a tile offset of 1e300 is no position a blit takes)."""
MAX_COMBATANTS = 200
"""Combatants on a map, and joined by a log (a one-game playtest of 200 takes about half a minute)."""
MAX_NAME_CHARS = 100
"""Characters of a combatant's name, on a map or in a join line: every message about it repeats it, and
``state`` lays its table out by it."""
MAX_TITLE_CHARS = 200
"""Characters of a map's ``title``: the window's top bar, its caption, the title screen and every command's
first line show it (the window lays it out again every frame; a 20,000-character title held `play` for a
minute when the top bar cut it a character at a time)."""
MAX_DESCRIPTION_CHARS = 4000
"""Characters of a map's ``description``, which the title screen wraps and shows whole."""
MAX_PROPERTY_CHARS = 4000
"""Characters of the value of one of Playmat's own map properties (``skills``, ``damage``, ``hostile``, ...;
docs/map-format.md), a title having its own limit: a real one is a few dozen. A ``skills`` of 27 million
characters was read as 3 million skills, and ``validate`` took 40 seconds to accept it."""
MAX_TILESETS = 256
"""Tilesets of a map, embedded or external (a big Tiled map has a few dozen); each .tsx file is read once
however often the map names it."""
MAX_TILESET_BYTES = 32 * 1024 * 1024
"""The distinct .tsx files one map names, together (each may hold MAX_MAP_FILE_BYTES; a shipped one is
under 10 KB): a map naming 256 different files of 32 MB would take minutes to read."""

# Images ------------------------------------------------------------------------------------------------
MAX_IMAGE_PIXELS = 24_000_000
"""Decoded pixels of one image, read from its header before decoding (like Pillow's ``MAX_IMAGE_PIXELS``)."""
MAX_MAP_IMAGE_PIXELS = 32_000_000
"""Decoded pixels of all the image files a map names, each file counted once however many layers and
tilesets show it (kept decoded at 4 bytes a pixel while the map is drawn: 128 MB)."""
MAX_SPRITE_BYTES = 128 * 1024 * 1024
"""Bytes of the pictures a map's layers place, each made once: tiles as cut, flipped, turned, scaled and
tinted (premultiplied floats, 16 bytes a pixel) and every picture's surface at each opacity it is drawn at
(4 bytes a pixel), image layers and shapes included. Real maps place a few dozen tiles (a few MB)."""

MAX_SHAPE_CROSSINGS = 20_000_000
"""Crossings of object shapes' outlines with the rows of samples (8 a pixel) ``render --objects`` finds
coverage from: the work of drawing them. An edge as tall as a 1000-pixel picture crosses 8,000 rows; a
round joint counts about 40 a row. Drawing the limit takes a few seconds."""

MAX_TEXT_OBJECTS = 5_000
"""Text objects ``render --objects`` paints, in all (each is laid out line by line and painted apart; a map
labels a few dozen places)."""
MAX_TEXT_PIXELS = 32_000_000
"""Pixels of the lines ``render --objects`` paints for text objects, in all, measured before any is painted
(a turned text counts its turned box too): one object of 1,000 characters at 200 pixels took 1.6 s to paint,
placed wholly off the picture or not."""
MAX_TEXT_FONTS = 32
"""Different fonts (family, bold, italic) a map's text objects ask for: each is looked up once, through
fontconfig's ``fc-match``, a process of its own (20,000 objects naming 20,000 families took 2.5 minutes)."""

# Logs --------------------------------------------------------------------------------------------------
MAX_LOG_LINES = 100_000
"""Lines of an action log (a long battle of 100 combatants writes about 25,000)."""
MAX_LOG_LINE_CHARS = 64 * 1024
"""Characters of one action-log line (a join line with every property is under 1,000)."""

# Replaying a log ---------------------------------------------------------------------------------------
MAX_REPLAY_SEARCH = 100_000_000
"""Hexes a replay of one log may search to check its moves (``state``, ``reach``, ``render``, ``play --log``
and the saves list all replay). A ``move`` line without a ``path`` searches the cheapest way there, as far
as the mover's movement goes, and counts every hex the search reached; a line with a ``path`` counts
``PATH_STEP_SEARCH`` for each of its steps. Counted, never timed, so a log passes or fails alike on every
machine. Playmat writes every move with its path: a game counts some 160 a line (25,000 lines: 4 million); on
a 1000x1000 map a unit of move 1,000,000 searches the whole map for each move, 0.06-0.12 s each, and
16 MB of such lines took hours."""
PATH_STEP_SEARCH = 128
"""What one step of a ``move`` line's ``path`` counts against ``MAX_REPLAY_SEARCH``: checking a step
(terrain, combatants, zone of control, footprint) costs about as much as searching 128 hexes."""

_REPLAY_SEARCH: ContextVar[list[int] | None] = ContextVar("replay_search", default=None)


@contextmanager
def counting_search() -> Iterator[list[int]]:
    """Count the search that move checks do inside the block: ``[hexes]``, read as the block runs.

    Per thread (a context variable): the window's AI thinking meanwhile is not counted.
    """
    count = [0]
    token = _REPLAY_SEARCH.set(count)
    try:
        yield count
    finally:
        _REPLAY_SEARCH.reset(token)


def count_search(hexes: int) -> None:
    """Add ``hexes`` to the count of :func:`counting_search`, when one is open."""
    count = _REPLAY_SEARCH.get()
    if count is not None:
        count[0] += hexes


# Undo --------------------------------------------------------------------------------------------------
MAX_UNDO_ACTIONS = 256
"""Actions an encounter can take back. It keeps a snapshot of every combatant for each action it could
undo, so without a bound its memory grew with actions x combatants (a 200-combatant playtest reached
866 MB); undo only ever needs the current actor's moves since its last dice (a turn's dozen at most) or
the GM's last corrections, and the window, the log and the AI never go back further."""

MAX_ANIMATION_FRAMES = 1_000_000
"""Frames the map's animated tiles place in all: each animated cell or tile object counts its tile's frames.
Each is a placement the window keeps (about 150 bytes): a million take some 150 MB and a few seconds to lay
out. Real maps animate water or torches in a handful of frames."""

# How far a combatant shoots or bursts ----------------------------------------------------------------
MAX_SHOT_HEXES = 50
"""The largest ``ranged`` MAX and ``area_range`` a combatant may have, in hexes. Every shot or burst is
judged by sight (R30) from tables of the lines to every hex that far: 50 hexes build in about a second and
200 MB, once; ``playmat targets`` for a burst of range 1,000,000 on a 300x300 map held 3.7 GB and ran past a
minute, and ``danger`` for a bow of 100 hexes took 2.3 GB. Real bows reach a dozen hexes."""

# Memory of the AI and the engine's bulk queries -------------------------------------------------------
MAX_MEMO_BYTES = 64 * 1024 * 1024
"""Bytes of arrays one memo of remembered answers holds (a policy has seven: reaches, distances, windows,
discs, tables, terrain costs, sight); the oldest answers are dropped first. Each answer is a whole-board
array, so on a 400x400 map a memo bounded only by its count of answers held 366 MB."""

# Numbers -----------------------------------------------------------------------------------------------
MAX_NUMBER = 1_000_000_000
"""Magnitude of any integer read from a map property or a log line (hp, damage, dice, skills, rolls)."""
MAX_NUMBER_DIGITS = len(str(MAX_NUMBER))
"""Digits a number may have before it is refused unparsed (Python's int() is quadratic on long strings)."""
_LONG_NUMBER = re.compile(f"[1-9][0-9]{{{MAX_NUMBER_DIGITS}}}")
INT_RE = re.compile(r"^\s*[+-]?[0-9]+\s*$")
"""A whole number as a map or log writes it: a sign, ASCII digits, spaces around. Not ``\\d``: Python's
``int()`` takes every Unicode digit (Arabic-Indic, fullwidth, ...), and ``check_digits`` counts only 0-9,
so 5,000 Arabic-Indic nines went past it and made ``int()`` raise."""
MAX_ECHO_CHARS = 40
"""Characters of a value from a file a message repeats (``clip``): a 4,000-digit number or a megabyte of
text is shown by its start, so a message stays one short line whatever the file holds."""


class InputLimitError(ValueError):
    """An input breaks one of the limits above, or is no regular file: one line naming the file and the limit.

    ``reason`` is the message without the file's name (for readers that name the file themselves);
    ``missing`` tells a file that does not exist from one that may not be read.
    """

    def __init__(self, reason: str, name: str | None = None, *, missing: bool = False) -> None:
        self.reason = reason
        self.name = name
        self.missing = missing
        super().__init__(f"{name}: {reason}" if name else reason)


def check_digits(text: str, what: str) -> None:
    """InputLimitError when ``text`` holds a number of more than ``MAX_NUMBER_DIGITS`` significant digits.

    Call it before ``int(text)``: Python refuses to convert more than 4,300 digits with a ValueError
    whose message names ``sys.set_int_max_str_digits``, and spends quadratic time below that. Leading
    zeros do not count. Linear in ``len(text)``.
    """
    if _LONG_NUMBER.search(text):
        raise InputLimitError(f"{what} holds a number of more than {MAX_NUMBER_DIGITS} digits "
                              f"(the limit is {MAX_NUMBER:,})")


def has_long_number(text: str) -> bool:
    """Whether ``text`` holds a run of more than ``MAX_NUMBER_DIGITS`` significant digits anywhere (one C-speed
    search): a text without one may be handed to ``int()`` and ``json.loads`` as it is."""
    return _LONG_NUMBER.search(text) is not None


def whole_number(text: str, what: str) -> int:
    """``int(text)`` for a sign, ASCII digits and surrounding spaces, refused in one line beyond
    ``MAX_NUMBER_DIGITS``.

    ValueError (InputLimitError for too many digits) when ``text`` is not such a number: never
    ``int()`` of other digits, which Python would take.
    """
    if not INT_RE.match(text):
        raise ValueError(f'{what} "{clip(text)}" is not a whole number{digits_hint(text)}')
    check_digits(text, what)
    body = text.strip()  # leading zeros would count against Python's own 4,300-digit limit
    sign = body[:1] if body[:1] in ("+", "-") else ""
    return int(sign + (body[len(sign):].lstrip("0") or "0"))


def digits_hint(text: object) -> str:
    """`` (numbers are written with the digits 0-9)`` when ``text`` holds a digit of another script, else ``""``.

    For the message that refuses it: the Arabic-Indic ``٣`` looks like a number to its writer.
    """
    if isinstance(text, str) and not text.isascii() and any(ch.isdigit() for ch in text):
        return " (numbers are written with the digits 0-9)"
    return ""


def clip(value: object, limit: int = MAX_ECHO_CHARS) -> str:
    """``value`` as a message may repeat it: its first ``limit`` characters, ``...`` marking a cut."""
    if isinstance(value, int) and value.bit_length() > 4 * limit:  # str() of a huge int is slow, or refused
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def regular_file_size(path: str | os.PathLike[str], what: str, limit: int) -> int:
    """The size of ``path`` if it is a regular file of at most ``limit`` bytes; else InputLimitError.

    ``what`` names the file for the message ("map", "tileset", "log", "image"). FIFOs, devices,
    sockets and directories are refused before anything is opened, so reading never blocks
    (a FIFO) or runs forever (``/dev/zero``); a symlink is judged by what it points to.
    """
    name = Path(path).name or str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputLimitError("file not found", name, missing=True) from None
    except OSError as exc:
        raise InputLimitError(f"cannot read the {what}: {exc.strerror or exc}", name) from None
    if not stat.S_ISREG(info.st_mode):
        raise InputLimitError(f"the {what} is {file_kind(info.st_mode)}, not a regular file", name)
    if info.st_size > limit:
        raise InputLimitError(f"the {what} is {info.st_size:,} bytes, more than the limit of {limit:,}", name)
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
        raise InputLimitError(f"cannot read the {what}: {exc.strerror or exc}", name) from None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise InputLimitError(f"the {what} is {file_kind(info.st_mode)}, not a regular file", name)
        parts: list[bytes] = []
        total = 0
        want = min(info.st_size, limit) + 1  # read(n) allocates n bytes at once: ask for what is there
        try:
            while total <= limit:
                chunk = fh.read(min(want, limit + 1 - total))
                if not chunk:
                    break
                parts.append(chunk)
                total += len(chunk)
                want = 1 << 20  # the file grew since fstat: go on a megabyte at a time, up to the limit
        except OSError as exc:
            raise InputLimitError(f"cannot read the {what}: {exc.strerror or exc}", name) from None
    data = parts[0] if len(parts) == 1 else b"".join(parts)
    if len(data) > limit:
        raise InputLimitError(f"the {what} is more than the limit of {limit:,} bytes", name)
    return data


def file_kind(mode: int) -> str:
    """What a path that is not a regular file is, in a user's words (for "... is X, not a regular file")."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"
