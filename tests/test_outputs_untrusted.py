"""What Playmat writes, and the smaller findings of issue 21 (8 and 9): outputs all or nothing (a temporary
file renamed), one line for every failure, no half-made save, honest worker counts, no terminal escapes.

Disk failures are injected (``os.fsync`` or ``os.write`` raising ENOSPC) in process; a real 64 KB tmpfs is
used too when the tests run as root.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli.main import main
from game.rules import write_bytes_atomically
from tests.hostile import fill, plain_map, run_cli, small_disk


@pytest.fixture
def tmx(tmp_path: Path) -> Path:
    return plain_map(tmp_path / "map" if (tmp_path / "map").mkdir() is None else tmp_path)


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    with small_disk(tmp_path, "64k") as disk:
        if disk is None:
            pytest.skip("needs root to mount a small tmpfs")
        fill(disk)
        yield disk


def no_space(monkeypatch: pytest.MonkeyPatch, under: Path) -> None:
    """``os.fsync`` of any file under ``under`` fails: the disk there is full."""
    real = os.fsync

    def fsync(fd: int) -> None:
        if os.readlink(f"/proc/self/fd/{fd}").startswith(str(under)):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "filler")


# --- 8: outputs -----------------------------------------------------------------------------------------
def test_render_that_cannot_write_keeps_the_old_picture_and_says_so_once(
    tmx: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A full disk: 106 lines of OSError before the one-line message, and a 0-byte PNG left behind.
    out = tmp_path / "o.png"
    assert main(["render", str(tmx), "-o", str(out)]) == 0
    before = out.read_bytes()
    capsys.readouterr()
    no_space(monkeypatch, tmp_path)
    assert main(["render", str(tmx), "-o", str(out), "--no-tokens"]) == 2
    assert one_line(capsys) == f'playmat: -o "{out}": cannot write: No space left on device'
    assert out.read_bytes() == before  # the old picture, whole
    assert leftovers(tmp_path) == ["map", "o.png"]  # no temporary file either


def test_render_on_a_real_full_disk_leaves_nothing(tmx: Path, full_disk: Path) -> None:
    r = run_cli(["render", str(tmx), "-o", str(full_disk / "o.png")])
    assert r.rc == 2 and r.lines == [f'playmat: -o "{full_disk / "o.png"}": cannot write: No space left on device']
    assert leftovers(full_disk) == []


def test_a_screenshot_on_a_full_disk_is_one_line_and_no_empty_file(tmx: Path, tmp_path: Path,
                                                                   full_disk: Path) -> None:
    # exit 0, a 0-byte PNG, no message.
    shot = full_disk / "shot.png"
    r = run_cli(["play", str(tmx), "--headless", "--frames", "2", "--screenshot", str(shot),
                 "--log", str(tmp_path / "s.jsonl")])
    assert r.rc == 2 and r.lines == [f'playmat: play: cannot write "{shot}": No space left on device'], r.stderr
    assert leftovers(full_disk) == []


def test_a_screenshot_that_cannot_be_written_in_process(tmx: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    shot = tmp_path / "shot.png"
    import game.rules.atomic as atomic

    real_replace = os.replace

    def refuse(src: str, dst: str) -> None:
        if str(dst).endswith("shot.png"):
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", refuse)
    assert main(["play", str(tmx), "--headless", "--frames", "2", "--screenshot", str(shot),
                 "--log", str(tmp_path / "s.jsonl")]) == 2
    assert one_line(capsys) == f'playmat: play: cannot write "{shot}": Input/output error'
    assert not shot.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".shot")]


@pytest.mark.parametrize("link_to", ["/dev/full", "/dev/null"])
def test_outputs_that_are_no_regular_file_are_refused_before_the_work(tmx: Path, tmp_path: Path, link_to: str,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # --screenshot to a symlink to /dev/full gave a traceback.
    link = tmp_path / "shot.png"
    link.symlink_to(link_to)
    assert main(["play", str(tmx), "--headless", "--frames", "2", "--screenshot", str(link),
                 "--log", str(tmp_path / "s.jsonl")]) == 2
    assert one_line(capsys) == f'playmat: --screenshot "{link}" is not a regular file; give a file name'
    assert main(["render", str(tmx), "-o", str(link)]) == 2
    assert one_line(capsys) == f'playmat: -o "{link}" is not a regular file; give a file name'
    assert not (tmp_path / "s.jsonl").exists()


def test_an_output_through_a_symlink_replaces_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.png"
    target.write_bytes(b"old")
    link = tmp_path / "link.png"
    link.symlink_to(target)
    write_bytes_atomically(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"


def test_playtest_out_that_cannot_write_leaves_no_empty_summary(
    tmx: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # playtest --out on a full disk left an empty summary.json.
    out = tmp_path / "report"
    no_space(monkeypatch, out)
    assert main(["playtest", str(tmx), "--games", "1", "--out", str(out)]) == 2
    assert one_line(capsys) == f"playmat: playtest: --out {out}: cannot write: No space left on device"
    assert not (out / "summary.json").exists()
    assert [p for p in out.rglob("*") if p.is_file()] == []


def test_a_scheduler_that_is_not_an_address_is_refused_at_once(tmx: Path) -> None:
    # The right message, then a 20 s stall and an "Exception ignored ... TimeoutError" traceback.
    r = run_cli(["playtest", str(tmx), "--games", "1", "--scheduler", "not a url"], timeout=15)
    assert r.rc == 2 and "Traceback" not in r.stderr and "Exception ignored" not in r.stderr, r.stderr
    assert r.lines == ["playmat: playtest: --scheduler not a url: missing port number in address 'not a url' "
                       "(give tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786)"]


def test_a_scheduler_nobody_answers_at_is_refused_in_one_line(tmx: Path) -> None:
    import socket

    with socket.socket() as s:  # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    r = run_cli(["playtest", str(tmx), "--games", "1", "--scheduler", f"tcp://127.0.0.1:{port}"], timeout=15)
    assert r.rc == 2 and r.lines == [f"playmat: playtest: --scheduler tcp://127.0.0.1:{port}: cannot connect: "
                                     "Connection refused"], r.stderr


# --- 9: smaller ---------------------------------------------------------------------------------------------
def test_a_failed_play_start_leaves_no_empty_save(tmx: Path, tmp_path: Path) -> None:
    (tmx.parent / "m_tiles.png").write_bytes(b"not a png")
    log = tmp_path / "s.jsonl"
    r = run_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(log)])
    assert r.rc == 2 and r.lines == ['playmat: m.tmx: tileset "terrain": image "m_tiles.png" is not a PNG, JPEG, '
                                     'GIF, BMP or WebP image'], r.stderr
    assert not log.exists()


def test_jobs_never_start_more_processes_than_cores_or_games(tmx: Path) -> None:
    # --jobs 1000 started one process per game and reported "1000 local processes".
    from game.playtest import local_workers

    cores = os.cpu_count() or 1
    assert local_workers(1000, 4) == min(4, cores)
    assert local_workers(1000, 1000) == cores
    assert local_workers(1, 50) == 1
    r = run_cli(["playtest", str(tmx), "--games", "3", "--jobs", "1000"], timeout=120)
    assert r.rc == 0, r.stderr
    said = r.lines[-1]
    expected = "one process" if min(3, cores) == 1 else f"{min(3, cores)} local processes"
    assert said.endswith(f"on {expected}"), said


def test_state_prints_no_raw_control_characters(tmx: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # ESC, NUL and U+009B from names and titles reached the terminal as they were. A name may hold none of them
    # now (docs/map-format.md "Names"), and the line refusing it prints them as escapes.
    log = tmp_path / "s.jsonl"
    log.write_text('{"action": "join", "unit": {"name": "Orc\\u001b[2J\\u0000\\u009b31m", "faction": "ally", '
                   '"hp": 3}, "at": [0, 0]}\n')
    assert main(["state", str(tmx), "--log", str(log)]) == 2
    line = one_line(capsys)
    assert not any(ch in line for ch in "\x1b\x00\x9b"), repr(line)
    assert 'name "Orc\\x1b[2J\\x00\\x9b31m" holds U+001B (a control character), which a name may not hold' in line
    log.write_text('{"action": "join", "unit": {"name": "Orc\\u001b]0;pwned\\u0007", "faction": "nobody"}, '
                   '"at": [0, 0]}\n')
    assert main(["state", str(tmx), "--log", str(log)]) == 2
    line = one_line(capsys)
    assert "\x1b" not in line and "\x07" not in line and "Orc\\x1b]0;pwned\\x07" in line, line
