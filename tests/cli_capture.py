"""Running the ``playmat`` command in-process, as the CLI tests do: its exit status and what it printed."""

from __future__ import annotations

import pytest

from game.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``playmat ARGV...``: its exit status, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_ok(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """``playmat ARGV...`` that must succeed quietly (exit 0, nothing on stderr): its stdout."""
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "", err
    return out
