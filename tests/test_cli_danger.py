"""``playmat danger``: the window's V without a window (R21, R29-R32), worked out by hand on one row.

On a row of a pointy-top map the hex distance is the column difference and a line along the row crosses every
hex between its ends (R1, R30). The archer (move 1) may end on 0 or 1 (3 is a wall): its blade reaches 0-2, its
bow (range 2-6) 2 from 0 and nothing past the wall; the wall hex itself is no place to stand (R5).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests.cli_capture import run

UNITS = [
    {"name": "Archer", "at": (0, 0), "faction": "enemy", "move": 1, "ranged": "2-6", "initiative": 5},
    {"name": "Hero", "at": (8, 0), "faction": "player", "initiative": 9},
]


@pytest.fixture
def row_map(tmp_path: Path) -> Path:
    return write_map(tmp_path / "row.tmx", ["...#......"], units=UNITS, title="Row")


def test_danger_counts_blows_and_shots_per_hex(capsys: pytest.CaptureFixture[str], row_map: Path) -> None:
    code, out, err = run(capsys, "danger", str(row_map), "--against", "player", "--json")
    assert code == 0 and err == ""
    assert json.loads(out) == {"against": "player", "hexes": [
        {"at": [0, 0], "blows": 1, "ranged": 0}, {"at": [1, 0], "blows": 1, "ranged": 0},
        {"at": [2, 0], "blows": 1, "ranged": 1}]}
    code, out, err = run(capsys, "danger", str(row_map), "--against", "player")
    assert code == 0 and out.splitlines() == [
        "next turn, after moving, the enemies of player could reach 3 hexes (a combatant of standard size standing "
        "there)", "  strike 3 (how many enemies):", "    0,0x1 1,0x1 2,0x1", "  shoot or burst 1 (how many enemies):",
        "    2,0x1"]


def test_danger_of_one_enemy_says_its_shots(capsys: pytest.CaptureFixture[str], row_map: Path) -> None:
    code, out, err = run(capsys, "danger", str(row_map), "--against", "player", "--unit", "Archer", "--json")
    assert code == 0 and json.loads(out) == {"unit": "Archer", "against": "player",
                                             "shoot": [{"at": [2, 0], "clear": True, "adds": 0}], "burst": []}
    code, out, err = run(capsys, "danger", str(row_map), "--against", "player", "--unit", "Archer")
    assert out.splitlines() == ["Archer next turn, after moving, could shoot 1 hex",
                                "  shots adding 0 to the defence (clear, unthreatened): 1", "    2,0"]


@pytest.mark.parametrize("argv, words", [
    (["--against", "pirates"], '--against "pirates" is not one of player, ally, enemy, neutral'),
    (["--against", "player", "--unit", "Hero"], '--unit "Hero" (player) is not hostile to player'),
    (["--against", "player", "--unit", "Nobody"], 'unknown unit "Nobody"'),
])
def test_bad_arguments_get_one_line_and_status_2(capsys: pytest.CaptureFixture[str], row_map: Path,
                                                 argv: list[str], words: str) -> None:
    code, out, err = run(capsys, "danger", str(row_map), *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and words in err


def test_danger_of_an_enemy_without_a_bow_or_out_of_the_fight(capsys: pytest.CaptureFixture[str], tmp_path: Path
                                                              ) -> None:
    log = tmp_path / "gone.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "remove", "unit": "Archer", "as": "fled"}\n')
    path = write_map(tmp_path / "row.tmx", ["...#......"], units=UNITS + [
        {"name": "Brute", "at": (5, 0), "faction": "enemy", "initiative": 1}], title="Row")
    code, out, _ = run(capsys, "danger", str(path), "--against", "player", "--unit", "Brute")
    assert code == 0 and out.splitlines() == [
        "Brute has no ranged attack (R29) and no area ability (R32): it shoots and bursts nowhere"]
    code, out, err = run(capsys, "danger", str(path), "--against", "player", "--unit", "Archer", "--log", str(log))
    assert code == 0 and out.splitlines() == ["Archer is fled: it shoots and bursts nowhere"], err
