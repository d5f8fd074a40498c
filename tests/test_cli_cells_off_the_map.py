"""A cell off the map, as a GM types it: `--from -1,0` (off the left edge) is read as the cell it is, not as
an unknown option ("--from: expected one argument" of an argument given), and every cell off the map names
the columns and rows there are ("18x12" alone did not say which is which, nor that they count from 0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests.cli_capture import run


@pytest.fixture
def strip(tmp_path: Path) -> Path:
    # 6 columns by 3 rows: columns 0-5, rows 0-2.
    return write_map(tmp_path / "strip.tmx", ["." * 6] * 3, units=[
        {"name": "Aldric", "at": (1, 1), "faction": "player", "initiative": 5},
        {"name": "Orc", "at": (4, 1), "faction": "enemy", "initiative": 9},
    ])


@pytest.mark.parametrize("option, cell", [("--from", "-1,0"), ("--to", "2,-3"), ("--from", "6,0"),
                                          ("--to", "0,3")])
def test_sight_names_a_cell_off_the_map_with_the_columns_and_rows_there_are(capsys, strip: Path, option: str,
                                                                            cell: str) -> None:
    other = "--to" if option == "--from" else "--from"
    code, out, err = run(capsys, "sight", str(strip), option, cell, other, "2,1")
    assert (code, out) == (2, "")
    assert err == f"playmat: {option} {cell} is outside the 6x3 map (columns 0-5, rows 0-2)\n"


def test_a_log_line_off_the_map_names_the_columns_and_rows_too(capsys, strip: Path, tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "begin"}\n')
    code, _, err = run(capsys, "do", str(strip), "--log", str(log), '{"action": "move", "unit": "Orc", "to": [6, 1]}')
    assert code == 2 and "move: to 6,1 is outside the 6x3 map (columns 0-5, rows 0-2);" in err
    assert log.read_text() == '{"action": "begin"}\n'


def test_a_negative_budget_is_still_refused_as_negative(capsys, strip: Path) -> None:
    code, _, err = run(capsys, "reach", str(strip), "--unit", "Orc", "--budget", "-1")
    assert code == 2 and "--budget: -1 is negative" in err
