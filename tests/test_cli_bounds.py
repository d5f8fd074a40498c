"""Arguments and inputs past what a machine can hold end in one line and exit status 2 (docs/limits.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "maps" / "default.tmx"


def test_a_billion_playtest_games_are_refused_in_one_line_before_any_is_planned() -> None:
    """A reviewer's `playtest --games 1000000000` ended in a MemoryError traceback after 2.86 GB."""
    run = subprocess.run([sys.executable, "-m", "game", "playtest", str(DEFAULT), "--games", "1000000000"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().splitlines() == [
        "playmat: playtest: --games must be at most 100,000 (a batch's records stay in memory), got 1,000,000,000"]


def test_running_out_of_memory_is_one_line_naming_the_command_and_file(monkeypatch, capsys) -> None:
    from game.cli import commands

    def exhausted(args: object) -> int:
        raise MemoryError

    monkeypatch.setattr(commands, "run", exhausted)
    assert cli_main.main(["render", str(DEFAULT), "-o", "/nonexistent/x.png"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("playmat: render: out of memory with ")
    assert err[0].endswith("default.tmx (the input asks for more than this machine has; see the limits in "
                           "docs/limits.md)")


def test_a_huge_argument_is_not_echoed_whole_in_the_one_line_error(capsys) -> None:
    """A 100,000-character option or overlay value came back as a 100 KB error line; the line now keeps the
    start and the end of what was typed and says how much it left out, so it still names the mistake."""
    junk = "A" * 100_000
    cases = [["state", str(DEFAULT), "--unit" + junk],
             ["render", str(DEFAULT), "-o", "/tmp/never.png", "--overlay", "threat:" + junk],
             ["reach", str(DEFAULT), "--unit", junk]]
    for argv in cases:
        assert cli_main.main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and len(err) < 2100, (argv[:2], len(err))
        assert "characters]..." in err and "AAAA" in err


def test_an_error_of_ordinary_length_is_printed_as_it_was(capsys) -> None:
    assert cli_main.main(["state", str(DEFAULT), "--jsno"]) == 2
    err = capsys.readouterr().err
    assert "characters]" not in err and '--jsno (did you mean "--json"?)' in err
