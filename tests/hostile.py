"""Hostile inputs of issue 21, shared by the tests and ``tools/hostile_inputs.py``.

Builders for the smallest inputs that broke Playmat (decompression-bomb PNGs, deep tilesets,
huge layer stacks, crowds of combatants) and :func:`run_cli`, which runs ``python -m game`` in a
child process under a memory cap and a time limit and reports how it ended (exit status, signal,
peak memory, output), so a test can hold a crash, a hang or a memory blow-up as a failure instead
of dying with it.
"""

from __future__ import annotations

import base64
import contextlib
import os
import resource
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.maps.tmxwrite import write_map

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Run:
    argv: list[str]
    rc: int | None  # None: killed by the time limit, or by a signal
    signal: int | None
    seconds: float
    peak_mb: float
    stdout: str
    stderr: str
    cpu: float = 0.0  # user + system CPU seconds of the process (a shared machine stretches its wall time)

    @property
    def lines(self) -> list[str]:
        """The non-empty lines on stderr."""
        return [ln for ln in self.stderr.splitlines() if ln.strip()]


def cli_env() -> dict[str, str]:
    e = dict(os.environ)
    e.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
             PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(Path(tempfile.gettempdir()) / "playmat-hostile-saves"))
    return e


def start_cli(argv: list[str], cap_bytes: int) -> subprocess.Popen[bytes]:
    """``python -m game ARGV`` in the background under a memory cap (RLIMIT_AS)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap_bytes, cap_bytes))

    return subprocess.Popen([sys.executable, "-m", "game", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, preexec_fn=limit, env=cli_env(), cwd=ROOT)


def finish_cli(proc: subprocess.Popen[bytes], argv: list[str], t0: float, timeout: float) -> Run:
    """Wait for ``proc`` (killed after ``timeout`` s); its status, peak memory (wait4) and output."""
    chunks: dict[str, list[bytes]] = {"out": [], "err": []}

    def pump(stream, into: list[bytes]) -> None:
        for chunk in iter(lambda: stream.read(65536), b""):
            into.append(chunk)

    threads = [threading.Thread(target=pump, args=(proc.stdout, chunks["out"]), daemon=True),
               threading.Thread(target=pump, args=(proc.stderr, chunks["err"]), daemon=True)]
    for t in threads:
        t.start()
    timed_out = False
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() - t0 > timeout:
            proc.kill()
            pid, status, usage = os.wait4(proc.pid, 0)
            timed_out = True
            break
        time.sleep(0.02)
    proc.returncode = -1  # reaped above: keep Popen from waiting again
    seconds = time.perf_counter() - t0
    for t in threads:
        t.join(5)
    rc = sig = None
    if not timed_out:
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
        else:
            rc = os.WEXITSTATUS(status)
    return Run(argv, rc, sig, seconds, usage.ru_maxrss / 1024, b"".join(chunks["out"]).decode("utf-8", "replace"),
               b"".join(chunks["err"]).decode("utf-8", "replace"), usage.ru_utime + usage.ru_stime)


def run_cli(argv: list[str], *, cap_mb: int = 1024, timeout: float = 60.0) -> Run:
    """``python -m game ARGV`` under a memory cap and a time limit; how it ended."""
    t0 = time.perf_counter()
    return finish_cli(start_cli(argv, cap_mb * 1024 * 1024), argv, t0, timeout)


def refused_by_cli(argv: list[str], *words: str, cap_mb: int = 1024, timeout: float = 60) -> str:
    """The command ends with exit 2 and one line on stderr holding every word: no signal, no hang, no
    traceback, under ``cap_mb`` of memory (the promise to a user who hands Playmat a hostile input)."""
    r = run_cli(argv, cap_mb=cap_mb, timeout=timeout)
    assert r.signal is None, f"killed by signal {r.signal}"
    assert r.rc is not None, f"still running after {timeout} s"
    assert "Traceback" not in r.stderr, r.stderr[-2000:]
    assert r.rc == 2, (r.rc, r.stderr[-2000:])
    assert len(r.lines) == 1, r.lines[:5]
    for w in words:
        assert w in r.lines[0], (w, r.lines[0])
    return r.lines[0]


# --- inputs ---------------------------------------------------------------------------------------
UNITS: list[dict[str, object]] = [{"name": "Hero", "at": (1, 1), "faction": "player"},
                                  {"name": "Orc", "at": (3, 2), "faction": "enemy"}]


def plain_map(work: Path, name: str = "m.tmx", **kw) -> Path:
    kw.setdefault("units", UNITS)
    return write_map(work / name, ["....."] * 4, **kw)


def swap(path: Path, old: str, new: str) -> Path:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return path


def bomb_png(width: int, height: int, bit_depth: int = 1, colour_type: int = 0) -> bytes:
    """A valid PNG of ``width x height`` zero pixels: a few KB on disk, gigabytes decoded."""
    channels = {0: 1, 2: 3, 6: 4}[colour_type]
    row = b"\x00" + bytes((width * channels * bit_depth + 7) // 8)
    comp = zlib.compressobj(9)
    idat = b"".join(comp.compress(row) for _ in range(height)) + comp.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    head = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def png_header(width: int, height: int, bit_depth: int = 8, colour_type: int = 6) -> bytes:
    """A PNG that claims ``width x height`` pixels but holds none (a header check refuses it unread)."""
    return _png_head(width, height, bit_depth, colour_type) + bomb_png(1, 1)[33:]


def _png_head(width: int, height: int, bit_depth: int, colour_type: int) -> bytes:
    head = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + head + \
        struct.pack(">I", zlib.crc32(b"IHDR" + head) & 0xFFFFFFFF)


def with_image_layer(work: Path, image: str, size: tuple[int, int] = (64, 64)) -> Path:
    tmx = plain_map(work)
    return swap(tmx, '<objectgroup', f'<imagelayer id="50" name="bomb"><image source="{image}" '
                f'width="{size[0]}" height="{size[1]}"/></imagelayer>\n <objectgroup')


def external(work: Path) -> tuple[Path, Path]:
    tmx = plain_map(work, tileset="external")
    return tmx, work / "m_tiles.tsx"


def combatant_map(work: Path, count: int, side: int) -> Path:
    units = []
    for i in range(count):
        c, r = (i * 2) % side, (i * 2) // side * 2
        units.append({"name": f"U{i}", "at": (c, r), "faction": "player" if i % 2 else "enemy"})
    return write_map(work / f"crowd{count}.tmx", ["." * side] * side, units=units)


def big_layers(work: Path, layers: int, side: int, tile: tuple[int, int, int] | None = None) -> Path:
    """``layers`` extra Base64 layers of ``side`` x ``side``; ``tile``: (width, height, side length) of the
    tiles, small ones keeping a big map's picture within its own limit."""
    w, h, s = tile or (None, None, None)
    tmx = write_map(work / "layers.tmx", ["." * side] * side, units=UNITS, encoding="base64-zlib", tile_width=w,
                    tile_height=h, side_length=s)
    text = tmx.read_text()
    raw = base64.b64encode(zlib.compress(struct.pack(f"<{side * side}I", *([1] * (side * side))), 9)).decode()
    one = f' <layer id="{{}}" name="L{{}}" width="{side}" height="{side}"><data encoding="base64" ' \
          f'compression="zlib">{raw}</data></layer>\n'
    extra = "".join(one.format(100 + i, i) for i in range(layers))
    tmx.write_text(text.replace(" <objectgroup", extra + " <objectgroup", 1))
    return tmx


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "256k") -> Iterator[Path | None]:
    """A tmpfs of ``size`` mounted at ``folder/disk`` (None where it cannot be: not root, not Linux)."""
    disk = folder / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or not sys.platform.startswith("linux") or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)], capture_output=True).returncode:
        yield None
        return
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


def fill(disk: Path, leave: int = 0) -> None:
    """Fill the tmpfs at ``disk``, leaving about ``leave`` bytes free."""
    st = os.statvfs(disk)
    with contextlib.suppress(OSError), open(disk / "filler", "wb") as f:
        f.write(b"\0" * max(0, st.f_bavail * st.f_frsize - leave))
