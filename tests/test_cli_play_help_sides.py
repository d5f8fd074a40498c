"""`playmat play --help` on who plays whom (a fresh-eyes pass: `--human enemy` to cast the Sea Witch by hand).

"--human FACTION  a faction you command" read as "the side you play": `--human enemy` opened on Kestrel's turn
"(ally, you)", for the player and the ally stay yours unless `--ai` gives them away (RULES.md, "Who plays
whom"). The help now says so where the option is read.
"""

from __future__ import annotations

import re

import pytest

from tests.cli_capture import run


def _option_help(text: str, option: str) -> str:
    """The help of ``option`` in argparse's listing (from its line to the next option's), on one line."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.lstrip().startswith(option + " "))
    end = next((i for i in range(first + 1, len(lines)) if lines[i].lstrip().startswith("-")), len(lines))
    return re.sub(r"\s+", " ", " ".join(lines[first:end]))


def test_play_help_says_player_and_ally_stay_yours_beside_human(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--help")
    assert code == 0 and err == ""
    human = _option_help(out, "--human")
    assert "player and ally" in human and "--ai" in human  # what else is yours, and how to give it away
    ai = _option_help(out, "--ai")
    assert "enemy and neutral" in ai  # what the AI plays unless told otherwise
