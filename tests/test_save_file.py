"""The save file (issue 21, finding 7): a torn or newline-less last line, a full disk, two players on one
log and logs that are not files; every save resumes, nothing is lost, every refusal is one line.

Failures of the disk are injected (``os.write``/``os.fsync`` raising ENOSPC or EIO); ``full_disk`` also
mounts a real 256 KB tmpfs when the tests run as root, and skips otherwise.
"""

from __future__ import annotations

import errno
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.maps.loader import load_scenario
from game.match import Match
from game.rules import Begin, EndTurn, Face, SaveError, SaveFile, limits, read_log, replay
from tests.hostile import ROOT, cli_env, fill, plain_map, run_cli, small_disk

BEGIN = '{"action": "begin"}\n'
FACE = '{"action": "face", "unit": "Hero", "dir": "w"}'


@pytest.fixture
def tmx(tmp_path: Path) -> Path:
    return plain_map(tmp_path)


def resumes(tmx: Path, log: Path) -> Match:
    """The save opens and replays; every line of it is whole."""
    data = log.read_bytes()
    assert data == b"" or data.endswith(b"\n"), data[-80:]
    m = Match.open(load_scenario(tmx), log)
    m.close()
    return m


# --- (a) a last line without a line end -----------------------------------------------------------------
def test_a_whole_last_line_without_a_line_end_is_ended_not_appended_to(tmx: Path, tmp_path: Path) -> None:
    # Resuming wrote {...}{...} on one line, exit 0, and the save was broken from there on.
    log = tmp_path / "s.jsonl"
    log.write_text(BEGIN + FACE)
    m = Match.open(load_scenario(tmx), log)
    assert m.notice == "s.jsonl: the last line had no line end; added one"
    assert m.encounter.view("Hero").facing == "w"  # the line was kept: it was whole
    m.submit(Face("Hero", "e"))
    m.close()
    assert log.read_text().splitlines() == [BEGIN.strip(), FACE, '{"action": "face", "unit": "Hero", "dir": "e"}']
    assert resumes(tmx, log).encounter.view("Hero").facing == "e"


def test_a_torn_last_line_is_cut_off_with_a_notice(tmx: Path, tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(BEGIN + FACE[:17])
    m = Match.open(load_scenario(tmx), log)
    assert m.notice == ("s.jsonl: removed a torn last line (17 bytes of an action cut off while it was saved); "
                        "the game goes on from the line before")
    assert log.read_text() == BEGIN
    m.submit(Face("Hero", "e"))
    m.close()
    assert resumes(tmx, log).encounter.view("Hero").facing == "e"


def test_play_mends_a_torn_save_and_says_so_in_one_line(tmx: Path, tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(BEGIN + '{"action": "end_tu')
    r = run_cli(["play", str(tmx), "--headless", "--frames", "5", "--log", str(log)])
    assert r.rc == 0, r.stderr
    assert r.lines == ["s.jsonl: removed a torn last line (18 bytes of an action cut off while it was saved); "
                       "the game goes on from the line before"]
    resumes(tmx, log)


def test_the_rules_commands_only_read_a_torn_save(tmx: Path, tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text(BEGIN + '{"action": "end_tu')
    r = run_cli(["state", str(tmx), "--log", str(log)])
    assert r.rc == 2 and len(r.lines) == 1, r.stderr
    # Where the JSON breaks (by hand: `{"action": ` is 11 characters), and that the line looks torn.
    assert "s.jsonl:2: not valid JSON (unterminated string starting at column 12); the last line" in r.lines[0]
    assert log.read_text() == BEGIN + '{"action": "end_tu'  # state never writes


# --- (b) a full disk or a failing disk --------------------------------------------------------------------
def failing(monkeypatch: pytest.MonkeyPatch, call: str, code: int = errno.ENOSPC, keep: int | None = None) -> None:
    """Make ``os.write`` (after writing ``keep`` bytes) or ``os.fsync`` fail with ``code`` from now on."""
    real = getattr(os, call)

    def fake(fd: int, *args: object) -> int:
        if call == "write" and keep:
            real(fd, bytes(args[0])[:keep])  # a torn line: part of it reached the disk
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, call, fake)


@pytest.mark.parametrize(("call", "code", "keep"), [("write", errno.ENOSPC, 9), ("fsync", errno.EIO, None),
                                                    ("write", errno.EIO, None)])
def test_a_write_that_fails_leaves_the_action_unplayed_and_the_save_valid(
    tmx: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: str, code: int, keep: int | None
) -> None:
    # A traceback in match.py and a torn {"act line that made the save unresumable.
    log = tmp_path / "s.jsonl"
    m = Match(load_scenario(tmx), log_path=log)
    m.submit(Begin())
    before_state, before_bytes = m.encounter.state_json(), log.read_bytes()
    with monkeypatch.context() as patch:
        failing(patch, call, code, keep)
        with pytest.raises(SaveError) as err:
            m.submit(Face("Hero", "w"))
    assert str(err.value) == (f"s.jsonl: cannot save the action ({os.strerror(code)}); it was not played and the "
                              "save is unchanged")
    assert m.save_error == str(err.value)
    assert m.encounter.state_json() == before_state
    assert log.read_bytes() == before_bytes
    m.submit(Face("Hero", "w"))  # the disk has room again: play goes on
    assert m.save_error is None
    m.close()
    assert resumes(tmx, log).encounter.view("Hero").facing == "w"


def test_undo_that_cannot_cut_the_save_changes_nothing(tmx: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "s.jsonl"
    m = Match(load_scenario(tmx), log_path=log)
    m.submit(Begin())
    m.submit(Face("Hero", "w"))
    with monkeypatch.context() as patch:
        failing(patch, "ftruncate", errno.EIO)
        with pytest.raises(SaveError, match="cannot undo in the save"):
            m.undo()
    assert m.encounter.view("Hero").facing == "w"
    m.close()
    assert resumes(tmx, log).encounter.view("Hero").facing == "w"


def test_the_window_stays_open_and_says_why_when_the_disk_is_full(tmx: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from game.render.pg import pygame
    from game.ui.app import PlayConfig, battle_scene

    pygame.display.init()
    log = tmp_path / "s.jsonl"
    scene = battle_scene(PlayConfig(map_path=tmx, log_path=log, setup=True), tmx, (1280, 720))
    assert scene.submit(Begin())
    with monkeypatch.context() as patch:
        failing(patch, "write", errno.ENOSPC, 5)
        assert not scene.submit(EndTurn())
    assert scene.ctx.status.startswith("s.jsonl: cannot save the action (No space left on device)")
    assert scene.match.encounter.round == 1 and scene.match.encounter.turn == "Hero"
    assert scene.submit(EndTurn())  # room again
    scene.match.close()
    assert len(read_log(log, load_scenario(tmx).board.layout)) == 2


def test_headless_play_on_a_full_disk_stops_with_one_line(tmx: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.app import PlayConfig, play

    log = tmp_path / "s.jsonl"
    log.write_text(BEGIN)
    failing(monkeypatch, "write", errno.ENOSPC, 3)
    with pytest.raises(SaveError, match=r"^s\.jsonl: cannot save the action \(No space left on device\)"):
        play(PlayConfig(map_path=tmx, log_path=log, headless=True, autoplay=True, speed=float("inf"), frames=200))
    monkeypatch.undo()
    assert log.read_text() == BEGIN


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 256 KB tmpfs; skipped where a tmpfs cannot be mounted (not root, not Linux)."""
    with small_disk(tmp_path) as disk:
        if disk is None:
            pytest.skip("needs root to mount a small tmpfs")
        yield disk


def test_a_real_full_disk_mid_battle(tmx: Path, full_disk: Path) -> None:
    log = full_disk / "s.jsonl"
    log.write_text(BEGIN + "\n" * (4096 - 8 - len(BEGIN)))  # the next line crosses tmpfs's page: a short write
    fill(full_disk)
    r = run_cli(["play", str(tmx), "--headless", "--autoplay", "--speed", "instant", "--frames", "100",
                 "--log", str(log)])
    assert r.rc == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.lines == ["playmat: s.jsonl: cannot save the action (No space left on device); it was not played and "
                       "the save is unchanged"]
    (full_disk / "filler").unlink()
    resumes(tmx, log)


# --- (c) two players on one save --------------------------------------------------------------------------
HOLD = ("import sys, time\nfrom game.rules import SaveFile\ns = SaveFile(sys.argv[1])\n"
        "print('holding', flush=True)\ntime.sleep(60)\n")


def hold(log: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(log)], stdout=subprocess.PIPE, text=True,
                            env=cli_env(), cwd=ROOT)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "holding"
    return proc


def test_a_second_player_on_a_held_save_is_refused_naming_the_holder(tmx: Path, tmp_path: Path) -> None:
    # Both players exited 0 and the file was interleaved past replaying.
    log = tmp_path / "s.jsonl"
    log.write_text(BEGIN)
    holder = hold(log)
    try:
        expected = (f"s.jsonl: the save is in use by another Playmat (process {holder.pid}); close that game first, "
                    "or give another --log")
        with pytest.raises(SaveError) as err:
            Match.open(load_scenario(tmx), log)
        assert str(err.value) == expected
        r = run_cli(["play", str(tmx), "--headless", "--frames", "3", "--log", str(log)])
        assert r.rc == 2 and r.lines == [f"playmat: {expected}"], r.stderr
        assert log.read_text() == BEGIN
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    m = Match.open(load_scenario(tmx), log)  # a killed holder takes its lock with it
    m.submit(Face("Hero", "w"))
    m.close()


def test_matches_of_one_process_share_their_save(tmx: Path, tmp_path: Path) -> None:
    # The window reopens the log when the designer saves the map in Tiled during setup.
    log = tmp_path / "s.jsonl"
    first = Match(load_scenario(tmx), log_path=log)
    first.submit(Begin())
    again = Match.open(load_scenario(tmx), log)
    first.close()
    again.submit(Face("Hero", "w"))
    holder = subprocess.run([sys.executable, "-c", HOLD.replace("time.sleep(60)", ""), str(log)], env=cli_env(),
                            cwd=ROOT, capture_output=True, text=True)
    assert "in use by another Playmat" in holder.stderr  # still locked: one match of this process holds it
    again.close()
    assert hold(log).kill() is None  # released once the last one closed


def test_a_second_player_while_the_first_plays_is_refused_and_the_save_resumes(tmx: Path, tmp_path: Path) -> None:
    # Two `play --log` at once: both exited 0 and the file was interleaved past replaying. The first
    # plays on (no end of its own) until the second has been answered, so the two surely overlap
    # whatever the machine's load (started side by side, a fast first could finish before the
    # second opened the save, and then the second rightly resumed it).
    from tests.hostile import finish_cli, start_cli

    log = tmp_path / "s.jsonl"
    first = start_cli(["play", str(tmx), "--headless", "--frames", "1000000", "--log", str(log)], 1 << 30)
    try:
        deadline = time.monotonic() + 60
        while not (log.exists() and log.stat().st_size) and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert first.poll() is None and log.stat().st_size, "the first player never opened its save"
        argv = ["play", str(tmx), "--headless", "--autoplay", "--speed", "instant", "--frames", "300", "--log",
                str(log)]
        second = finish_cli(start_cli(argv, 1 << 30), argv, time.perf_counter(), 60)
        assert second.rc == 2 and len(second.lines) == 1, second.stderr
        assert "the save is in use by another Playmat" in second.lines[0]
        assert first.poll() is None  # the first was playing all along
    finally:
        first.kill()
        first.wait()
    resumes(tmx, log)


# --- (d) logs that are not files ----------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["/dev/null", "/dev/full", "fifo", "folder"])
def test_a_save_that_is_no_regular_file_is_refused_before_play(tmx: Path, tmp_path: Path, target: str) -> None:
    # play --log /dev/null gave a traceback (fsync EINVAL).
    if target == "fifo":
        os.mkfifo(tmp_path / "fifo")
    elif target == "folder":
        (tmp_path / "folder").mkdir()
    path = target if target.startswith("/") else str(tmp_path / target)
    r = run_cli(["play", str(tmx), "--headless", "--frames", "3", "--log", path], timeout=30)
    assert r.rc == 2 and len(r.lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert "not a regular file" in r.lines[0] or "is a folder" in r.lines[0], r.lines
    with pytest.raises(SaveError, match="the save must be a regular file"):
        SaveFile(path) if target != "folder" else SaveFile(tmp_path / "folder")


def test_a_socket_is_called_a_socket_by_the_save_and_by_the_file_readers(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # The save and the readers of logs, maps and images word what is not a regular file the same way (the
    # save used to call a socket "a special file").
    monkeypatch.chdir(tmp_path)  # a relative name: a socket's address may not be longer than 107 bytes
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind("s.jsonl")
        with pytest.raises(SaveError, match="the save must be a regular file, not a socket"):
            SaveFile(Path("s.jsonl"))
        with pytest.raises(limits.InputLimitError, match="the log is a socket, not a regular file"):
            limits.read_regular_file("s.jsonl", "log", 1 << 20)


# --- kill -9 at random points: every save resumes ---------------------------------------------------------
def test_every_save_killed_mid_battle_resumes(tmp_path: Path) -> None:
    import random

    from tests.hostile import combatant_map, start_cli

    rng = random.Random(21)
    tmx = combatant_map(tmp_path, 16, 12)  # a battle long enough to be killed four times
    log = tmp_path / "s.jsonl"
    argv = ["play", str(tmx), "--headless", "--autoplay", "--speed", "instant", "--log", str(log)]
    played = []
    for _ in range(4):
        proc = start_cli(argv, 1 << 30)
        size = log.stat().st_size if log.exists() else 0
        deadline = time.monotonic() + 30
        while proc.poll() is None and (not log.exists() or log.stat().st_size == size) and \
                time.monotonic() < deadline:
            time.sleep(0.01)  # until it plays on
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        m = Match.open(load_scenario(tmx), log)  # mends what the kill tore
        played.append(len(m.encounter.history))
        m.close()
        enc = replay(load_scenario(tmx), read_log(log, load_scenario(tmx).board.layout))
        assert enc.state_json() == m.encounter.state_json()
    assert played == sorted(played) and played[-1] > played[0], played  # each run went on from the last
