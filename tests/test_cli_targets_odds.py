"""``targets`` and ``arc`` give a shot's chance with the face it needs, as the window's "Hits on 10+ (55 %)"
does: the CLI said only "needs 10 on the d20", and a GM had to count faces to compare with the window."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxwrite import write_map


def text(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    return out.splitlines()


@pytest.mark.parametrize("defense, words", [
    (12, "needs 10 on the d20 (55 %)"),        # by hand (R29): 12 - ranged attack 2 = 10; faces 10-20 are 11 of 20
    (2, "hits on any roll (100 %)"),           # needs 0: every face
    (30, "cannot hit (0 %: no face of the d20 is enough)"),  # needs 28
])
def test_a_shot_names_the_face_and_its_chance(capsys, tmp_path: Path, defense: int, words: str) -> None:
    # Pointy-top odd-r 7x3, open ground: Wren at 1,1 and the Orc at 4,1 on one row, distance 3 (in 2-6), the Orc
    # facing w toward her (front arc, no penalty), nothing between them (no cover).
    m = str(write_map(tmp_path / "range.tmx", ["." * 7] * 3, units=[
        {"name": "Wren", "at": (1, 1), "faction": "player", "ranged": "2-6", "ranged_attack": 2},
        {"name": "Orc", "at": (4, 1), "faction": "enemy", "defense": defense, "facing": "w"},
    ]))
    assert text(capsys, "targets", m, "--unit", "Wren")[1] == f"  Orc: {words}, front arc"
    assert text(capsys, "arc", m, "--attacker", "Wren", "--defender", "Orc")[-1] == (
        f"  it can shoot Orc from here: {words} (R29)")
