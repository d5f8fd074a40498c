"""``playmat do``: a GM steps through initiative from the command line. Each action is checked against the
state after the log and appended only when legal, with the dice it rolled written in, so the log replays to
what was told; a refused action leaves the log as it was, in one line naming which action and why. Before it
a GM had to write lines in an editor and learnt of a slip (or a fresh roll) only from the next command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests.cli_capture import run


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    # Pointy-top odd-r 7x5, open ground. Row 2 is even: 2,2's west neighbour is 1,2. The Orc (initiative 9)
    # acts before Aldric (5); Aldric faces e, so a blow from 2,2 comes from his front (R17: no penalty).
    return write_map(tmp_path / "duel.tmx", ["." * 7] * 5, units=[
        {"name": "Aldric", "at": (1, 2), "faction": "player", "initiative": 5, "hp": 10, "defense": 12,
         "facing": "e"},
        {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 9, "attack": 2, "facing": "w"},
    ])


def test_a_round_stepped_through_is_appended_line_by_line(capsys, duel: Path, tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"  # not there yet: do creates it
    code, out, err = run(capsys, "do", str(duel), "--log", str(log), "begin")
    assert (code, err) == (0, "") and out.splitlines()[-1] == "now: round 1, Orc to act"
    code, out, err = run(capsys, "do", str(duel), "--log", str(log),
                         '{"action": "move", "unit": "Orc", "to": [2, 2]}',
                         '{"action": "attack", "unit": "Orc", "target": "Aldric", "roll": 12, "damage": 3}',
                         "end_turn")
    assert (code, err) == (0, "")
    # By hand (R21): 12 + attack 2 = 14 reaches Aldric's defence 12 from his front: a hit for the 3 the line fixes.
    assert "Orc attacks Aldric: rolled 12 +2 = 14 vs 12: hit, 3 damage" in out
    assert out.splitlines()[-1] == "now: round 1, Aldric to act"
    assert [json.loads(line) for line in log.read_text().splitlines()] == [
        {"action": "begin"},
        {"action": "move", "unit": "Orc", "to": [2, 2], "path": [[3, 2], [2, 2]]},
        {"action": "attack", "unit": "Orc", "target": "Aldric", "roll": 12, "damage": 3},
        {"action": "end_turn"},
    ]
    state = json.loads(run(capsys, "state", str(duel), "--log", str(log), "--json")[1])
    assert state["turn"] == "Aldric" and state["units"]["Aldric"]["hp"] == 7


def test_the_dice_it_rolls_are_written_in_so_the_log_replays_to_what_it_said(capsys, duel: Path,
                                                                             tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Orc", "to": [2, 2]}\n')
    code, out, _ = run(capsys, "do", str(duel), "--log", str(log), "--json",
                       '{"action": "attack", "unit": "Orc", "target": "Aldric"}')
    doc = json.loads(out)
    line = doc["appended"][0]
    assert code == 0 and {"roll", "damage"} <= set(line)
    assert json.loads(log.read_text().splitlines()[-1]) == line
    hit = line["roll"] + 2 >= 12  # R21, front arc
    hp = json.loads(run(capsys, "state", str(duel), "--log", str(log), "--json")[1])["units"]["Aldric"]["hp"]
    assert hp == (10 - line["damage"] if hit else 10)
    assert doc["said"][0].endswith(f"hit, {line['damage']} damage" if hit else "miss")


@pytest.mark.parametrize("actions, names", [
    # The second is refused: the first, legal on its own, is not written either.
    (['{"action": "move", "unit": "Orc", "to": [2, 2]}', '{"action": "move", "unit": "Aldric", "to": [0, 2]}'],
     "do: ACTION 2 of 2 ({\"action\": \"move\", \"unit\": \"Aldric\", \"to\": [0, 2]}): move: it is"),
    (["edn_turn"], 'do: ACTION (edn_turn): unknown action "edn_turn" (did you mean "end_turn"?)'),
    (["{not json"], "do: ACTION ({not json): not valid JSON"),
])
def test_a_refused_action_names_itself_and_leaves_the_log_as_it_was(capsys, duel: Path, tmp_path: Path,
                                                                    actions: list[str], names: str) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "begin"}\n')
    code, out, err = run(capsys, "do", str(duel), "--log", str(log), *actions)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("playmat: " + names) and err.rstrip().endswith(f"{log} is unchanged")
    assert log.read_text() == '{"action": "begin"}\n'


def test_without_a_log_it_says_it_needs_one(capsys, duel: Path) -> None:
    code, out, err = run(capsys, "do", str(duel), "end_turn")
    assert code == 2 and out == "" and "--log FILE is required" in err and len(err.splitlines()) == 1


def test_every_missing_argument_is_named_in_the_one_form_of_argument_errors(capsys, duel: Path,
                                                                           tmp_path: Path) -> None:
    # Found: without --log it said `playmat: do: --log FILE is required ...`, without an ACTION `playmat do: ...`.
    # Every command's argument errors read `playmat COMMAND: ... (see playmat COMMAND --help)` (argparse's, as
    # `playmat reach` without --unit); `do` now says its missing log the same way.
    code, out, err = run(capsys, "do", str(duel), "end_turn")
    assert (code, out, err) == (2, "", "playmat do: --log FILE is required: the log to append to (it is created if "
                                       "missing) (see playmat do --help)\n")
    code, out, err = run(capsys, "do", str(duel), "--log", str(tmp_path / "f.jsonl"))
    assert (code, out, err) == (2, "", "playmat do: the following arguments are required: ACTION "
                                       "(see playmat do --help)\n")
    code, _, reach = run(capsys, "reach", str(duel))
    assert code == 2 and reach.startswith("playmat reach: ") and reach.endswith(" (see playmat reach --help)\n")
    assert not (tmp_path / "f.jsonl").exists()


def test_a_move_before_begin_says_which_command_begins_and_that_no_log_was_made(capsys, duel: Path,
                                                                               tmp_path: Path) -> None:
    # A GM's first `do` on a fresh log is often a move. Combat has not begun (R13): the refusal gives the
    # command that begins it, and the log, never written, is said not to exist rather than to be "unchanged".
    log = tmp_path / "fight.jsonl"
    code, out, err = run(capsys, "do", str(duel), "--log", str(log), '{"action": "move", "unit": "Orc", "to": [3, 2]}')
    assert (code, out) == (2, "") and len(err.splitlines()) == 1
    assert err.rstrip() == (f'playmat: do: ACTION ({{"action": "move", "unit": "Orc", "to": [3, 2]}}): move: combat '
                            f"has not begun (begin it first: playmat do {duel} --log {log} begin); {log} was not "
                            "created")
    assert not log.exists()
    # The command it names works, and then the move does.
    assert run(capsys, "do", str(duel), "--log", str(log), "begin")[0] == 0
    assert run(capsys, "do", str(duel), "--log", str(log), '{"action": "move", "unit": "Orc", "to": [3, 2]}')[0] == 0


def test_a_refusal_on_an_existing_log_before_begin_keeps_it_and_says_so(capsys, duel: Path, tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "set_hp", "unit": "Orc", "hp": 5}\n')  # a GM's setup line: still setup (R13)
    code, _, err = run(capsys, "do", str(duel), "--log", str(log), "end_turn")
    assert code == 2 and "end_turn: combat has not begun (begin it first:" in err
    assert err.rstrip().endswith(f"{log} is unchanged")
    assert log.read_text() == '{"action": "set_hp", "unit": "Orc", "hp": 5}\n'


def test_an_edit_is_told_in_the_windows_words_and_written_with_the_map_formats_keys(capsys, duel: Path,
                                                                                    tmp_path: Path) -> None:
    # The GM form says "Hit points now" and "Hit points unhurt", the card "south-west": `do` told the edit as
    # "GM edits Orc: facing sw, hp 6, hp_max 14". The log line keeps the keys a log and a map are written in.
    log = tmp_path / "prep.jsonl"
    code, out, err = run(capsys, "do", str(duel), "--log", str(log),
                         '{"action": "edit", "unit": "Orc", "set": {"hp": 6, "hp_max": 14, "facing": "sw"}}')
    assert (code, err) == (0, "")
    assert "GM edits Orc: facing south-west, hit points now 6, hit points unhurt 14" in out.splitlines()
    assert log.read_text() == '{"action": "edit", "unit": "Orc", "set": {"facing": "sw", "hp": 6, "hp_max": 14}}\n'


def test_without_a_log_or_an_action_it_names_both_at_once(capsys, duel: Path, tmp_path: Path) -> None:
    # Found: `playmat do MAP` said only that ACTION was missing; with an action added, the next try said
    # --log FILE was missing too. One try, one message naming both; what it names then works.
    code, out, err = run(capsys, "do", str(duel))
    assert (code, out) == (2, "")
    assert err == ("playmat do: --log FILE and an ACTION are required: the log to append to (it is created if "
                   "missing) and what to append (begin, end_turn, end_combat or a log line) (see playmat do --help)\n")
    log = tmp_path / "fight.jsonl"
    code, out, err = run(capsys, "do", str(duel), "--log", str(log))  # the log given: only the action is missing
    assert (code, out, err) == (2, "", "playmat do: the following arguments are required: ACTION "
                                       "(see playmat do --help)\n")
    code, out, err = run(capsys, "do", str(duel), "--log", str(log), "begin")
    assert (code, err) == (0, "") and out.splitlines()[-1] == "now: round 1, Orc to act"
