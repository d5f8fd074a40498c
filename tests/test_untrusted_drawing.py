"""Inputs a reviewer found that drew for minutes, ate gigabytes or ended in a traceback: each now drawn in
bounded memory or refused in one line naming the file and the limit (docs/limits.md), exit status 2.

Commands run in a child process under a memory cap (``tests.hostile.run_cli``), so a regression fails the
test instead of the test run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.errors import UsageError
from game.cli.play_cmd import MAX_WINDOW, window_size
from tests.hostile import refused_by_cli


# --- play --size ------------------------------------------------------------------------------------------
def test_a_window_larger_than_the_largest_screen_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    # 20000x20000 ran headless for 5 s in 1.85 GB and printed SDL's 4-line RuntimeWarning, exit 0.
    line = refused_by_cli(["play", "--headless", "--frames", "2", "--size", "20000x20000",
                           "--log", str(tmp_path / "s.jsonl")], '--size "20000x20000"', "8192x8192", cap_mb=512)
    assert not (tmp_path / "s.jsonl").exists(), line


@pytest.mark.parametrize("text", ["639x400", "640x399", "8193x600", "800x8193", "640²x400", "١٢٨٠x720",
                                  "99999999999999999999x600", "x", "640x", "-640x400", "640 x 400"])
def test_window_sizes_out_of_range_or_not_ascii_digits_are_refused(text: str) -> None:
    with pytest.raises(UsageError, match="between 640x400 and 8192x8192"):
        window_size(text)


def test_window_sizes_in_range_are_read() -> None:
    assert window_size("640x400") == (640, 400)
    assert window_size("1280X720") == (1280, 720)
    assert window_size(f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}") == MAX_WINDOW
