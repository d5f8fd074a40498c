"""A log line that is not JSON, as a GM preparing an encounter meets it: the refusal says where in the line
the JSON breaks (json's own words stopped mid-phrase: "Unterminated string starting at"), and a last line cut
off while a game saved it says how to get the log reading again. One line, exit 2, the log untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests.cli_capture import run


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    return write_map(tmp_path / "duel.tmx", ["." * 7] * 5, units=[
        {"name": "Aldric", "at": (1, 2), "faction": "player", "initiative": 5},
        {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 9},
    ])


def test_a_torn_last_line_is_named_with_where_it_breaks_and_what_mends_it(capsys, duel: Path, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a GM in the encounter's folder: the command it gives names the files as given
    log = Path("fight.jsonl")
    duel = Path(duel.name)
    text = '{"action": "begin"}\n{"action": "end_tu'
    log.write_text(text)
    for command in (["state"], ["targets", "--unit", "Orc"], ["suggest"]):
        code, out, err = run(capsys, *command, str(duel), "--log", str(log))
        assert (code, out) == (2, "") and len(err.splitlines()) == 1, err
        # By hand: `{"action": ` is 11 characters, so the string "end_tu that never closes opens at column 12.
        assert err.rstrip() == (
            "playmat: fight.jsonl:2: not valid JSON (unterminated string starting at column 12); the last line, "
            "with no line end, looks torn (cut off while it was saved): delete it, and the log reads again "
            f"(resuming the game with playmat play {duel} --log {log} does that too, then plays on)")
    code, _, err = run(capsys, "do", str(duel), "--log", str(log), "end_turn")
    assert code == 2 and "looks torn" in err
    assert log.read_text() == text  # nothing read it as a change
    log.write_text(text.rsplit("\n", 1)[0] + "\n")  # the line deleted, as the message says: the log reads again
    assert run(capsys, "do", str(duel), "--log", str(log), "end_turn")[0] == 0


def test_a_bad_line_before_the_end_is_not_called_torn(capsys, duel: Path, tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "begin"}\nhello\n{"action": "end_turn"}')
    code, out, err = run(capsys, "state", str(duel), "--log", str(log))
    assert (code, out) == (2, "")
    assert err.rstrip() == "playmat: fight.jsonl:2: not valid JSON (expecting value at column 1)"


def test_a_whole_last_line_that_is_not_json_but_ends_its_line_is_not_called_torn(capsys, duel: Path,
                                                                                 tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "begin"}\n{"action" "end_turn"}\n')
    code, _, err = run(capsys, "state", str(duel), "--log", str(log))
    # By hand: `{"action" ` is 10 characters; where the colon should be, the next string opens at column 11.
    assert code == 2 and err.rstrip() == "playmat: fight.jsonl:2: not valid JSON (expecting ':' delimiter at column 11)"
