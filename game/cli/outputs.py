"""Where a command may write a file: checked before any work, refused in one line.

A GM who mistypes ``-o`` should learn it at once, not after a render, and
never find a folder tree created behind their back.
"""

from __future__ import annotations

import os
from pathlib import Path

from .args import UsageError


def check_output_file(option: str, text: str, suffix: str) -> Path:
    """``text`` as a file path a command may create or replace; UsageError (one line) otherwise."""
    if not text.strip():
        raise UsageError(f'{option} "": give a file name')
    path = Path(text).expanduser()
    if path.is_dir():
        raise UsageError(f'{option} "{text}" is a folder; give a file name such as {path / ("map" + suffix)}')
    if path.suffix.lower() != suffix:
        raise UsageError(f'{option} "{text}": the output must be a {suffix} file')
    parent = path.parent
    if not parent.exists():
        raise UsageError(f'{option} "{text}": the folder {parent} does not exist')
    if not parent.is_dir():
        raise UsageError(f'{option} "{text}": {parent} is not a folder')
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f'{option} "{text}": the file is read-only')
    if not path.exists() and not os.access(parent, os.W_OK | os.X_OK):
        raise UsageError(f'{option} "{text}": cannot create files in {parent} (permission denied)')
    return path
