"""Where a command may write a file: checked before any work, refused in one line.

A GM who mistypes ``-o`` should learn it at once, not after a render, and
never find a folder tree created behind their back.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import UsageError


def check_output_file(option: str, text: str, suffix: str | None) -> Path:
    """``text`` as a file path a command may create or replace (or append to); UsageError (one line) otherwise.

    ``suffix`` (e.g. ``".png"``) is required of the name when given.
    """
    if not text.strip():
        raise UsageError(f'{option} "": give a file name')
    path = Path(text).expanduser()
    try:
        _check_place(option, text, path, suffix)
    except OSError as err:  # a name too long, a loop of links, a folder that cannot be read
        shown = text if len(text) <= 80 else text[:60] + "..."
        raise UsageError(f'{option} "{shown}": {err.strerror or err}') from None
    _probe(option, text, path)
    return path


def _check_place(option: str, text: str, path: Path, suffix: str | None) -> None:
    if path.is_dir():
        example = path / ("map" + (suffix or ".jsonl"))
        raise UsageError(f'{option} "{text}" is a folder; give a file name such as {example}')
    if suffix is not None and path.suffix.lower() != suffix:
        raise UsageError(f'{option} "{text}": the output must be a {suffix} file')
    parent = path.parent
    if not parent.exists():
        raise UsageError(f'{option} "{text}": the folder {parent} does not exist')
    if not parent.is_dir():
        raise UsageError(f'{option} "{text}": {parent} is not a folder')
    if path.exists() and not stat.S_ISREG(path.stat().st_mode):  # a device, a pipe: /dev/full, /dev/null
        raise UsageError(f'{option} "{text}" is not a regular file; give a file name')
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f'{option} "{text}": the file is read-only')
    if not path.exists() and not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f'{option} "{text}": cannot create files in {parent} (permission denied)')


def _probe(option: str, text: str, path: Path) -> None:
    """Make a file in the output's folder (outputs are written to a temporary file there and renamed)
    and open an existing output for appending (a log), so a refusal comes now and not after the work
    (os.access says yes to root even where the kernel says no, as in /sys). Nothing made here stays."""
    try:
        with tempfile.TemporaryFile(dir=os.path.realpath(path.parent)):
            pass
        if path.exists():
            with open(path, "ab"):
                pass
    except OSError as err:
        raise UsageError(f'{option} "{text}": cannot write: {err.strerror or err}') from None
