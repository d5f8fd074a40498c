"""``playmat state`` reads as the window's initiative tracker does (Foundry VTT's combat tracker): the rows in
initiative order, each combatant's hit points out of its starting hit points, who is to act and whose turn has
passed this round, the defeated and fled listed last. A GM stepping through a round with the CLI used to get
the map's order and a bare "2" for a wolf the tracker showed at "2/6"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests.cli_capture import run_ok as run


@pytest.fixture
def field(tmp_path: Path) -> Path:
    # Pointy-top odd-r 8x4, open ground. Map order Aldric, Orc, Mira; initiative Mira 7 > Orc 5 > Aldric 3.
    return write_map(tmp_path / "f.tmx", ["." * 8] * 4, units=[
        {"name": "Aldric", "at": (1, 1), "faction": "player", "initiative": 3, "hp": 12},
        {"name": "Orc", "at": (2, 1), "faction": "enemy", "initiative": 5, "hp": 8, "facing": "w"},
        {"name": "Mira", "at": (1, 2), "faction": "player", "initiative": 7, "hp": 10},
    ])


def rows(text: str) -> list[list[str]]:
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("unit "))
    return [line.split() for line in lines[head + 1:]]


def test_mid_round_the_rows_follow_the_order_with_hp_out_of_max_and_who_is_done(capsys, field: Path,
                                                                                 tmp_path: Path) -> None:
    # By hand: begin; Mira (7) ends her turn; the Orc (5) is to act; the GM sets Aldric to 5 hp (of 12).
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "end_turn"}\n'
                   '{"action": "set_hp", "unit": "Aldric", "hp": 5}\n')
    text = run(capsys, "state", str(field), "--log", str(log))
    assert text.splitlines()[3].split() == ["unit", "faction", "at", "facing", "move", "hp", "turn", "status"]
    got = rows(text)
    assert [r[0] for r in got] == ["Mira", "Orc", "Aldric"]  # R14 order, not the map's
    assert got[0][5:7] == ["10/10", "done"]
    assert got[1][5:8] == ["8/8", "to", "act"]
    assert got[2][5:7] == ["5/12", "active"]  # not yet: no mark
    doc = json.loads(run(capsys, "state", str(field), "--log", str(log), "--json"))
    assert doc["units"]["Aldric"]["hp"] == 5 and doc["units"]["Aldric"]["hp_max"] == 12


def test_the_defeated_go_last_at_0_and_setup_has_no_turn_column(capsys, field: Path, tmp_path: Path) -> None:
    text = run(capsys, "state", str(field))
    assert "turn" not in text.splitlines()[3].split()  # setup: nobody is to act or done
    assert [r[0] for r in rows(text)] == ["Mira", "Orc", "Aldric"]
    log = tmp_path / "fight.jsonl"
    # The GM's blow of -3 past 0 on Mira (R21: 0 or less defeats): she is listed last, at 0 of 10, with no hex.
    log.write_text('{"action": "begin"}\n{"action": "set_hp", "unit": "Mira", "hp": -3}\n')
    text = run(capsys, "state", str(field), "--log", str(log))
    got = rows(text)
    assert [r[0] for r in got] == ["Orc", "Aldric", "Mira"]
    assert got[0][6:8] == ["to", "act"]  # Mira was to act; her defeat passes the turn to the Orc
    assert got[2][2] == "-" and got[2][5] == "0/10" and got[2][-1] == "defeated"


def test_an_ended_fight_says_who_won_as_the_tracker_does(capsys, field: Path, tmp_path: Path) -> None:
    # The window's tracker reads "Combat over / player wins"; state said only "ended, round 1".
    log = tmp_path / "fight.jsonl"
    # By hand (R13): with the Orc, the only enemy, removed no hostile pair remains: the player side wins.
    log.write_text('{"action": "begin"}\n{"action": "remove", "unit": "Orc", "as": "defeated"}\n')
    assert run(capsys, "state", str(field), "--log", str(log)).splitlines()[0] == (
        "f.tmx: ended, round 1: player wins (no foe left on the board)")
    assert json.loads(run(capsys, "state", str(field), "--log", str(log), "--json"))["outcome"] == {
        "reason": "no hostile pair remains", "winners": ["player"]}
    log.write_text('{"action": "begin"}\n{"action": "end_combat"}\n')  # the GM stops it: nobody has won
    assert run(capsys, "state", str(field), "--log", str(log)).splitlines()[0] == (
        "f.tmx: ended, round 1 (ended by the GM): nobody wins")
    assert "outcome" not in json.loads(run(capsys, "state", str(field), "--json"))  # only once it is over


def test_a_combatant_off_the_board_is_only_defeated_not_zoc_exhausted_nor_facing(capsys, field: Path,
                                                                                 tmp_path: Path) -> None:
    # By hand (odd-r): Mira (initiative 7, first) steps 1,2 -> 2,2, beside the Orc at 2,1, into its zone of control
    # (R9: exhausted); the GM then strikes her to -3 (R21: defeated). Off the board she faces nowhere, and a zone
    # of control's hold on her is nothing to a GM: her row reads as the tracker's, "defeated".
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Mira", "to": [2, 2]}\n')
    assert rows(run(capsys, "state", str(field), "--log", str(log)))[0][-2:] == ["active,", "ZoC-exhausted"]
    log.write_text(log.read_text() + '{"action": "set_hp", "unit": "Mira", "hp": -3}\n')
    mira = rows(run(capsys, "state", str(field), "--log", str(log)))[-1]
    assert mira == ["Mira", "player", "-", "-", "0/6", "0/10", "defeated"]  # move: the spec default 6
    assert json.loads(run(capsys, "state", str(field), "--log", str(log), "--json"))["units"]["Mira"]["zoc_exhausted"]
