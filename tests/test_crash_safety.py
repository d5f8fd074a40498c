"""Crash safety of the save (issue 21, What to build 4): a battle is recorded once, then its save is
killed, torn, fought over and starved of disk at random points, and every time the save resumes and
what the resumed match appends makes the file byte for byte the battle's own log.

Scenarios (seeded, so a failure names its point):
- kill -9 mid-write: a real ``playmat play --log`` process whose ``os.write`` to the save kills the process
  after a random number of bytes of a random line (a kill at a random byte, not only between lines);
- kill -9 at a random moment of a real battle, while a second player keeps trying the same save;
- a torn last line at every kind of offset (inside a line, on its line end, in a multi-byte name);
- a full disk: ``ENOSPC`` (and a short write before it) at random writes of an in-process match, and a
  real tmpfs filled to the last byte when the tests run as root.
"""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.maps.loader import load_scenario
from game.match import Match
from game.rules import Action, SaveError, Scenario, read_log, replay
from tests.hostile import ROOT, cli_env, combatant_map, fill, run_cli, small_disk, start_cli

SEED = 21


@pytest.fixture(scope="module")
def battle(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A map and the whole log of an AI-vs-AI battle on it, as ``play --autoplay`` wrote it."""
    work = tmp_path_factory.mktemp("battle")
    tmx = combatant_map(work, 8, 10)
    log = work / "whole.jsonl"
    r = run_cli(["play", str(tmx), "--headless", "--autoplay", "--speed", "instant", "--seed", "5", "--frames",
                 "3000", "--log", str(log)], timeout=120)
    assert r.rc == 0, r.stderr
    data = log.read_bytes()
    assert data.count(b"\n") >= 40, "the battle is too short to tear at many points"
    return tmx, data


def lines_of(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def battle_actions(whole: bytes, scenario: Scenario) -> list[Action]:
    return list(read_log([ln.decode() for ln in lines_of(whole)], scenario.board.layout))


def resume_and_finish(tmx: Path, log: Path, whole: bytes) -> str | None:
    """Open the save (mending it), replay it, play the battle's remaining actions through the match,
    and check the file is then the whole battle, byte for byte. The mend's notice."""
    scenario = load_scenario(tmx)
    m = Match.open(scenario, log)
    kept = log.read_bytes()
    assert whole.startswith(kept), "resuming changed a whole line"
    assert kept == b"" or kept.endswith(b"\n")
    for action in battle_actions(whole, scenario)[kept.count(b"\n"):]:
        m.submit(action)
    notice = m.notice
    m.close()
    assert log.read_bytes() == whole
    assert replay(scenario, read_log(log, scenario.board.layout)).state_json() == m.encounter.state_json()
    return notice


# --- kill -9 in the middle of a write -------------------------------------------------------------------------
def killer_script(nth: int, keep: int) -> str:
    """``python -c`` source: playmat, but the ``nth`` write to a .jsonl file writes ``keep`` bytes and
    then the process is killed with SIGKILL."""
    return f"""
import os, signal, stat, sys
real = os.write
seen = [0]
def write(fd, data):
    try:
        is_log = stat.S_ISREG(os.fstat(fd).st_mode) and os.readlink(f"/proc/self/fd/{{fd}}").endswith(".jsonl")
    except OSError:
        is_log = False
    if is_log:
        seen[0] += 1
        if seen[0] == {nth}:
            real(fd, bytes(data)[:{keep}])
            os.kill(os.getpid(), signal.SIGKILL)
    return real(fd, data)
os.write = write
from game.cli.main import main
raise SystemExit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to tell the save's descriptor")
def test_kill_9_in_the_middle_of_a_write_at_random_points(battle: tuple[Path, bytes], tmp_path: Path) -> None:
    tmx, whole = battle
    rng = random.Random(SEED)
    total = whole.count(b"\n")
    for trial in range(8):
        log = tmp_path / f"s{trial}.jsonl"
        nth = rng.randint(1, total - 1)
        line = lines_of(whole)[nth - 1]
        keep = rng.randint(0, len(line) - 1)  # 0: killed before a byte; len-1: all but the line end
        argv = ["play", str(tmx), "--headless", "--autoplay", "--speed", "instant", "--seed", "5", "--frames",
                "3000", "--log", str(log)]
        proc = subprocess.run([sys.executable, "-c", killer_script(nth, keep), *argv], env=cli_env(), cwd=ROOT,
                              capture_output=True, timeout=120)
        assert proc.returncode == -signal.SIGKILL, (trial, proc.returncode, proc.stderr[-500:])
        torn = log.read_bytes()
        assert torn == b"".join(lines_of(whole)[: nth - 1]) + line[:keep], trial
        notice = resume_and_finish(tmx, log, whole)
        if keep:
            assert notice is not None and "torn last line" in notice, (trial, notice)


# --- a torn last line, at any byte -----------------------------------------------------------------------------
def test_a_save_torn_at_any_byte_resumes_and_appends_to_the_whole_battle(battle: tuple[Path, bytes],
                                                                        tmp_path: Path) -> None:
    tmx, whole = battle
    rng = random.Random(SEED)
    ends = [i + 1 for i, b in enumerate(whole) if b == 0x0A]
    cuts = {0, len(whole), ends[0] - 1, ends[-1] - 1} | {rng.randint(1, len(whole) - 1) for _ in range(40)}
    for cut in sorted(cuts):
        log = tmp_path / f"t{cut}.jsonl"
        log.write_bytes(whole[:cut])
        notice = resume_and_finish(tmx, log, whole)
        torn = cut not in ends and cut not in (0, len(whole))
        if torn:
            last = whole[:cut].rsplit(b"\n", 1)[-1]
            whole_line = last + b"\n" in lines_of(whole)  # cut just before its line end: a whole line
            assert notice is not None and ("no line end" if whole_line else "torn last line") in notice, cut
        else:
            assert notice is None, (cut, notice)


# --- kill -9 at random moments while a second player keeps trying -------------------------------------------
def test_kill_9_at_random_moments_with_a_second_player_at_the_door(battle: tuple[Path, bytes],
                                                                   tmp_path: Path) -> None:
    tmx, whole = battle
    rng = random.Random(SEED + 1)
    log = tmp_path / "s.jsonl"
    # At 2x the AI pauses after each action (in frames: headless runs wait for the AI), so the battle,
    # the same actions as at instant speed, lasts about 4 s instead of about 1: time for the second
    # player to knock and for the kill, even on a loaded machine.
    argv = ["play", str(tmx), "--headless", "--autoplay", "--speed", "2", "--seed", "5", "--frames", "6000",
            "--log", str(log)]
    sizes = []
    for _ in range(3):
        first = start_cli(argv, 1 << 30)
        deadline = time.monotonic() + 60
        start = log.stat().st_size if log.exists() else 0
        while first.poll() is None and (not log.exists() or log.stat().st_size == start) \
                and time.monotonic() < deadline:
            time.sleep(0.005)
        second = run_cli(argv, timeout=60)  # while the first plays: refused in one line, the save untouched
        time.sleep(rng.uniform(0, 0.2))
        first.send_signal(signal.SIGKILL)
        first.wait()
        if first.returncode == 0:  # the battle ended before the kill: nothing left to kill
            break
        assert second.rc == 2 and len(second.lines) == 1 and "in use by another Playmat" in second.lines[0], \
            second.stderr
        sizes.append(log.stat().st_size)
    assert sizes, "the battle ended before any kill"
    resume_and_finish(tmx, log, whole)


# --- a full disk ------------------------------------------------------------------------------------------------
def test_a_disk_that_fills_at_random_writes_loses_nothing(battle: tuple[Path, bytes], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    tmx, whole = battle
    rng = random.Random(SEED + 2)
    scenario = load_scenario(tmx)
    actions = battle_actions(whole, scenario)
    log = tmp_path / "s.jsonl"
    real = os.write
    state = {"fail": False, "keep": 0}

    def write(fd: int, data: bytes) -> int:
        if state["fail"]:
            state["fail"] = False
            if state["keep"]:
                real(fd, bytes(data)[: state["keep"]])  # a short write, then the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)
    m = Match(scenario, log_path=log)
    refused = 0
    for action in actions:
        while True:
            if rng.random() < 0.3:
                state.update(fail=True, keep=rng.choice([0, 1, 5, 30]))
            before_bytes, before_state = log.read_bytes(), m.encounter.state_json()
            try:
                m.submit(action)
                break
            except SaveError as err:
                refused += 1
                assert "No space left on device" in str(err)
                assert log.read_bytes() == before_bytes and m.encounter.state_json() == before_state
    m.close()
    assert refused > 5
    assert log.read_bytes() == whole
    monkeypatch.undo()
    resume_and_finish(tmx, log, whole)


def test_a_real_full_disk_mid_battle_then_room_again(battle: tuple[Path, bytes], tmp_path: Path) -> None:
    tmx, whole = battle
    room = 4096 + 200  # about a page of the battle (tmpfs gives a file whole pages)
    assert len(whole) > room, "the battle must outgrow the room left on the disk"
    with small_disk(tmp_path, "64k") as disk:
        if disk is None:
            pytest.skip("needs root to mount a small tmpfs")
        log = disk / "s.jsonl"
        fill(disk, leave=room)
        # The fixture's battle (its seed): the same game, so it is known to outgrow the room.
        argv = ["play", str(tmx), "--headless", "--autoplay", "--speed", "instant", "--seed", "5", "--frames",
                "3000", "--log", str(log)]
        r = run_cli(argv, timeout=120)
        assert "Traceback" not in r.stderr
        assert r.rc == 2 and r.lines == [
            "playmat: s.jsonl: cannot save the action (No space left on device); it was not played and the save "
            "is unchanged"], r.stderr
        data = log.read_bytes()
        assert data.endswith(b"\n") and data.count(b"\n") > 3
        (disk / "filler").unlink()
        r = run_cli(argv, timeout=120)  # room again: the battle goes on from the save
        assert r.rc == 0, r.stderr
        after = log.read_bytes()
        assert after.startswith(data) and len(after) > len(data) and after.endswith(b"\n")
        scenario = load_scenario(tmx)
        replay(scenario, read_log(log, scenario.board.layout))
