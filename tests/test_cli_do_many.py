"""``playmat do`` with many actions on one command line: every action is checked in order as before, and the
lines go to disk in one write and one flush for the whole command (a flush a line made 20,000 actions wait on
the disk for half a minute). What a user notices: the log and the output are what they were, a full disk
appends none of the lines, and a kill in the middle of the write leaves a log that resumes."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps.loader import load_scenario
from game.maps.tmxwrite import write_map
from game.match import Match
from game.rules import read_log, replay
from tests.cli_capture import run
from tests.hostile import ROOT, cli_env
from tests.test_crash_safety import killer_script

BEGIN = '{"action": "begin"}\n'


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    # Two combatants: Orc (initiative 9) acts first, then Aldric (5); each end_turn passes the turn on.
    return write_map(tmp_path / "duel.tmx", ["." * 7] * 5, units=[
        {"name": "Aldric", "at": (1, 2), "faction": "player", "initiative": 5},
        {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 9},
    ])


def count_fsyncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        calls.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return calls


def test_many_actions_are_flushed_to_disk_once_not_once_each(capsys, duel: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text(BEGIN)
    syncs = count_fsyncs(monkeypatch)
    code, out, err = run(capsys, "do", str(duel), "--log", str(log), *["end_turn"] * 201)
    assert (code, err) == (0, "")
    assert len(syncs) == 1  # one flush for the 201 lines
    # By hand: two combatants, so 201 ends of turn from round 1 (Orc to act) end 100 rounds and Orc's turn of
    # round 101: Aldric acts next.
    assert out.splitlines()[0] == f"appended 201 lines to {log}:"
    assert out.splitlines()[-1] == "now: round 101, Aldric to act"
    assert log.read_text() == BEGIN + '{"action": "end_turn"}\n' * 201


def test_the_lines_are_checked_in_order_and_one_refused_writes_none(capsys, duel: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text(BEGIN)
    syncs = count_fsyncs(monkeypatch)
    # The 4th: after 3 ends of turn it is Aldric's turn (Orc, Aldric, Orc, then Aldric), not the Orc's.
    actions = ["end_turn"] * 3 + ['{"action": "move", "unit": "Orc", "to": [3, 2]}'] + ["end_turn"] * 5
    code, out, err = run(capsys, "do", str(duel), "--log", str(log), *actions)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert err.startswith("playmat: do: ACTION 4 of 9 (") and err.rstrip().endswith(f"{log} is unchanged")
    assert log.read_text() == BEGIN and syncs == []


def test_a_full_disk_mid_command_appends_none_of_the_lines(capsys, duel: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text(BEGIN)
    real = os.write

    def write(fd: int, data: bytes) -> int:  # the disk fills 30 bytes into the lines: a torn line written
        if os.fstat(fd).st_size > len(BEGIN):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, bytes(data)[:30])

    monkeypatch.setattr(os, "write", write)
    code, out, err = run(capsys, "do", str(duel), "--log", str(log), *["end_turn"] * 5)
    monkeypatch.setattr(os, "write", real)
    assert (code, out) == (2, "")
    assert err == ("playmat: fight.jsonl: cannot save the 5 actions (No space left on device); none was played "
                   "and the save is unchanged\n")
    assert log.read_text() == BEGIN
    assert run(capsys, "state", str(duel), "--log", str(log), "--json")[0] == 0


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to tell the log's descriptor")
@pytest.mark.parametrize("keep", [0, 23, 24, 50, 100])
def test_a_kill_mid_write_leaves_a_log_that_resumes(duel: Path, tmp_path: Path, keep: int) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text(BEGIN)
    lines = ['{"action": "end_turn"}\n'] * 5  # 23 bytes each
    argv = ["do", str(duel), "--log", str(log), *["end_turn"] * 5]
    proc = subprocess.run([sys.executable, "-c", killer_script(1, keep), *argv], env=cli_env(), cwd=ROOT,
                          capture_output=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-500:]
    assert log.read_text() == BEGIN + "".join(lines)[:keep]
    # Resuming (the game, as `playmat play --log` does) cuts a torn last line: the log is then the old one and
    # the whole lines that reached the disk, and replays.
    scenario = load_scenario(duel)
    m = Match.open(scenario, log)
    m.close()
    whole = keep // 23
    assert log.read_text() == BEGIN + "".join(lines[:whole])
    enc = replay(scenario, read_log(log, scenario.board.layout))
    assert enc.state_json()["turn"] == ("Orc", "Aldric")[whole % 2]
