"""Whole files written all or nothing: a temporary file in the same folder, flushed to disk, renamed.

A full disk or an I/O error in the middle of ``render -o``, a screenshot or a playtest report
leaves the previous file (or none) in place, never an empty or half-written one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


def write_atomically(path: str | os.PathLike[str], write: Callable[[BinaryIO], object]) -> Path:
    """Call ``write(f)`` on a temporary file next to ``path``, then rename it over ``path``.

    ``path`` may be a symlink to a regular file: the file it names is replaced and the link kept.
    OSError (and anything ``write`` raises) after removing the temporary file; ``path`` is untouched.
    """
    target = Path(os.path.realpath(path))
    if target.exists() and not stat.S_ISREG(target.stat().st_mode):
        raise OSError(errno.EINVAL, "not a regular file", str(path))
    temp = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(target.parent)
    return Path(path)


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> Path:
    return write_atomically(path, lambda f: f.write(data))


def write_text_atomically(path: str | os.PathLike[str], text: str) -> Path:
    return write_bytes_atomically(path, text.encode("utf-8"))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a folder that cannot be opened is left to the OS."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
