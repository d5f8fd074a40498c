"""The save file: the action log a match holds open, as safe as a journal can be without a database.

- **One writer.** Opening takes an exclusive lock (``flock``) on the log for as long as the match
  holds it; a second Playmat refuses in one line naming the process that holds it (read from
  ``/proc/locks`` where there is one). Several matches in one process may share a log (a window
  reloading its map opens the same log again); the lock goes when the last of them closes. A
  process killed with ``kill -9`` loses its lock with it.
- **No torn line.** A last line without a line end is mended on open, with a one-line notice: cut
  off when it is not a whole JSON object (the action was never saved), given its line end when it
  is (a log written by hand). Nothing is ever appended after a torn line.
- **All or nothing.** Each action is one ``write`` of one line plus ``fsync`` (a batch of lines, as
  ``playmat do`` appends them, one ``write`` and one ``fsync`` for all); when the disk is
  full or fails, the bytes written are cut off again and :class:`SaveError` says so in one line,
  so the log stays valid and the caller keeps the action unplayed.
- **Regular files only.** A device, a FIFO or a folder is refused before anything is written.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import RulesError
from .limits import MAX_LOG_FILE_BYTES, file_kind

try:
    import fcntl
except ImportError:  # Windows: no flock; one writer is then the user's care (docs/limits.md)
    fcntl = None  # type: ignore[assignment]


class SaveError(RulesError):
    """The save cannot be opened or written; one line naming the file and what to do."""


@dataclass
class _Lock:
    """The lock of one log file in this process, shared by every SaveFile open on it."""

    fd: int
    users: int = 0


_LOCKS: dict[tuple[int, int], _Lock] = {}  # (device, inode) -> the lock this process holds on it


class SaveFile:
    """An action log opened for appending by a match: locked, mended, each line on disk before the next.

    ``notice`` is the one-line notice of a mended last line (None when there was nothing to mend).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.name = self.path.name or str(self.path)
        self.notice: str | None = None
        self._before_mend: tuple[int, bytes] | None = None  # (size, torn bytes cut off) until the save replays
        self._fd, created = self._open()
        try:
            info = os.fstat(self._fd)
            self._key = (info.st_dev, info.st_ino)
            self._take_lock()
        except BaseException:
            os.close(self._fd)
            if created:
                with contextlib.suppress(OSError):
                    self.path.unlink()
            raise
        self._closer = weakref.finalize(self, _close, self._fd, self._key, self.path if created else None)
        try:
            self.notice = self._mend_last_line(info.st_size)
        except BaseException:
            self.close()
            raise

    # --- opening ---------------------------------------------------------------------------------
    def _open(self) -> tuple[int, bool]:
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            info = None
        except OSError as e:
            raise SaveError(f"{self.name}: cannot open the save: {e.strerror or e}") from None
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{self.name}: the save must be a regular file, not {file_kind(info.st_mode)}; "
                            "give another --log")
        flags = os.O_RDWR | os.O_APPEND | getattr(os, "O_NONBLOCK", 0)
        try:
            try:
                return os.open(self.path, flags | os.O_CREAT | os.O_EXCL, 0o666), True
            except FileExistsError:
                fd = os.open(self.path, flags)
        except OSError as e:
            raise SaveError(f"{self.name}: cannot open the save: {e.strerror or e}") from None
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped for something else since the stat above
            os.close(fd)
            raise SaveError(f"{self.name}: the save must be a regular file, not {file_kind(mode)}")
        return fd, False

    def _take_lock(self) -> None:
        held = _LOCKS.get(self._key)
        if held is not None:  # another match of this process has it: share it
            held.users += 1
            return
        # The lock lives on a descriptor of its own, so it stays while any match of this process
        # holds the file, whichever of them closes first (flock belongs to the open file).
        lock_fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        if fcntl is not None:
            try:
                fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(lock_fd)
                holder = _lock_holder(self._key)
                who = f"process {holder}" if holder else "another process"
                raise SaveError(f"{self.name}: the save is in use by another Playmat ({who}); close that game "
                                "first, or give another --log") from None
            except OSError:
                pass  # a file system without locks (some network mounts): play on unlocked
        _LOCKS[self._key] = _Lock(lock_fd, 1)

    def _mend_last_line(self, size: int) -> str | None:
        if size > MAX_LOG_FILE_BYTES:
            raise SaveError(f"{self.name}: the save is {size:,} bytes, more than the limit of {MAX_LOG_FILE_BYTES:,}")
        if size == 0:
            return None
        data = os.pread(self._fd, size, 0)
        if data.endswith((b"\n", b"\r")):
            return None
        cut = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
        tail = data[cut:]
        try:
            whole = isinstance(json.loads(tail.decode("utf-8")), dict)
        except (ValueError, RecursionError):
            whole = False
        self._before_mend = (size, data[cut:] if not whole else b"")
        try:
            if whole:
                self._write_all(b"\n")
                return f"{self.name}: the last line had no line end; added one"
            os.ftruncate(self._fd, cut)
            os.fsync(self._fd)
        except OSError as e:
            raise SaveError(f"{self.name}: cannot mend the save's torn last line: {e.strerror or e}") from None
        return (f"{self.name}: removed a torn last line ({len(tail)} bytes of an action cut off while it was "
                "saved); the game goes on from the line before")

    def undo_mend(self) -> None:
        """Put back the bytes mending changed (a save the game then refuses stays exactly as it was)."""
        if self._before_mend is None:
            return
        size, torn = self._before_mend
        self._before_mend = None
        with contextlib.suppress(OSError):
            if torn:
                self._write_all(torn)  # O_APPEND: after the cut, where they were
            else:
                os.ftruncate(self._fd, size)
            os.fsync(self._fd)
        self.notice = None

    # --- writing ---------------------------------------------------------------------------------
    def append(self, line: str) -> None:
        """Write ``line`` and a line end, then flush it to disk; SaveError (file untouched) when that fails."""
        self.append_lines([line])

    def append_lines(self, lines: Sequence[str]) -> None:
        """Write ``lines``, each with a line end, in one write and one flush to disk: all of them or, when that
        fails, none (SaveError, file untouched). A flush per line is what made ``playmat do`` of 20,000 actions
        take half a minute: the disk's wait, 20,000 times."""
        if not lines:
            return
        data = "".join(line + "\n" for line in lines).encode("utf-8")
        size = os.fstat(self._fd).st_size
        try:
            self._write_all(data)
        except OSError as e:
            with contextlib.suppress(OSError):  # cut off what did get written: never a torn line
                os.ftruncate(self._fd, size)
                os.fsync(self._fd)
            what = ("the action", "it was not") if len(lines) == 1 else (f"the {len(lines):,} actions", "none was")
            raise SaveError(f"{self.name}: cannot save {what[0]} ({e.strerror or e}); {what[1]} played and the "
                            "save is unchanged") from None

    def drop_last_line(self) -> None:
        """Remove the last line (an undone action); SaveError when the file cannot be cut."""
        size = os.fstat(self._fd).st_size
        data = os.pread(self._fd, size, 0)
        cut = data.rstrip(b"\r\n").rfind(b"\n")
        try:
            os.ftruncate(self._fd, cut + 1 if cut >= 0 else 0)
        except OSError as e:
            raise SaveError(f"{self.name}: cannot undo in the save: {e.strerror or e}") from None
        with contextlib.suppress(OSError):  # cut or not on disk, the save replays to a state the game had
            os.fsync(self._fd)

    def _write_all(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        os.fsync(self._fd)

    def close(self) -> None:
        """Release the file (and the lock, when no other match of this process holds it)."""
        self._closer()


def _close(fd: int, key: tuple[int, int], created: Path | None) -> None:
    held = _LOCKS.get(key)
    last = held is None or held.users <= 1
    with contextlib.suppress(OSError):
        if last and created is not None and os.fstat(fd).st_size == 0:
            created.unlink()  # nothing was ever saved: leave no empty save behind
    with contextlib.suppress(OSError):
        os.close(fd)
    if held is not None:
        held.users -= 1
        if held.users <= 0:
            del _LOCKS[key]
            with contextlib.suppress(OSError):
                os.close(held.fd)  # releases the flock


def _lock_holder(key: tuple[int, int]) -> int | None:
    """The process holding a lock on the file (device, inode), from Linux's /proc/locks."""
    dev, ino = key
    want = f"{os.major(dev):02x}:{os.minor(dev):02x}:{ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as f:
            for line in f:
                fields = line.split()
                if "->" not in fields and len(fields) >= 6 and fields[5] == want and fields[4].isdigit():
                    return int(fields[4])
    except OSError:
        return None
    return None
