"""A log whose first refused line names one combatant the map lacks: another map's log, or a slip?

Before, the question "is this log from another map?" needed two unknown names, so a log of another map whose
first line to fail named one of its combatants ("set_hp Kestrel" on a map of an Orc and a Goblin) failed
with a bare "unknown unit". Now one name asks too when it is like none of the map's names (difflib likeness,
case ignored, under 0.6: no plausible typo); when it is like one, the line offers that name instead.

Likeness by hand (difflib: twice the matching letters over both lengths, case ignored): "kestrel" and "orc"
share only "r": 2 * 1 / 10 = 0.2; "kestrel" and "goblin" share one "l": 2 * 1 / 13 = 0.15. "goblin boss" and
"goblin" share "goblin": 2 * 6 / 17 = 0.71, over 0.6 but under the 0.75 the engine's own "did you mean" asks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxwrite import write_map
from game.rules import LogError
from game.ui.app import replay_scene

FIELD_UNITS = [{"name": "Orc", "at": (1, 1), "faction": "enemy", "initiative": 9},
               {"name": "Goblin", "at": (4, 2), "faction": "player", "initiative": 5}]
BEGIN = '{"action": "begin"}'
ASK = "(is this log from another map? its unit: {}; field.tmx has no combatant of that name)"


@pytest.fixture
def field(tmp_path: Path) -> Path:
    return write_map(tmp_path / "field.tmx", ["......"] * 4, units=FIELD_UNITS, title="The Field")


def set_hp(name: str) -> str:
    return f'{{"action": "set_hp", "unit": "{name}", "hp": 3}}'


def _state(capsys: pytest.CaptureFixture[str], field: Path, tmp_path: Path, lines: list[str]) -> tuple[int, str]:
    log = tmp_path / "one.jsonl"
    log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    code = main(["state", str(field), "--log", str(log)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and (out == "" or code == 0)
    return code, err


def test_one_name_like_none_of_the_maps_asks_whether_the_log_is_from_another_map(
        capsys: pytest.CaptureFixture[str], field: Path, tmp_path: Path) -> None:
    code, err = _state(capsys, field, tmp_path, [BEGIN, set_hp("Kestrel")])
    assert (code, err) == (2, f'playmat: one.jsonl:2: set_hp: unknown unit "Kestrel" {ASK.format("Kestrel")}\n')


def test_a_line_refused_for_its_side_asks_too_when_its_one_name_is_foreign(
        capsys: pytest.CaptureFixture[str], field: Path, tmp_path: Path) -> None:
    # "n" is a flat-top side; the field is pointy-top: the line is refused before anyone is looked up.
    code, err = _state(capsys, field, tmp_path, [BEGIN, '{"action": "face", "unit": "Kestrel", "dir": "n"}'])
    assert code == 2 and err.count("\n") == 1
    assert err.startswith('playmat: one.jsonl:2: face: dir "n" is not one of e, ne, nw, w, sw, se')
    assert err.endswith(f' {ASK.format("Kestrel")}\n')


def test_one_name_like_one_of_the_maps_is_offered_that_name(
        capsys: pytest.CaptureFixture[str], field: Path, tmp_path: Path) -> None:
    code, err = _state(capsys, field, tmp_path,
                       [BEGIN, set_hp("Goblin Boss")])
    assert (code, err) == (2, 'playmat: one.jsonl:2: set_hp: unknown unit "Goblin Boss" (did you mean "Goblin"?)\n')


def test_a_typo_the_engine_already_names_is_not_offered_twice(
        capsys: pytest.CaptureFixture[str], field: Path, tmp_path: Path) -> None:
    code, err = _state(capsys, field, tmp_path, [BEGIN, set_hp("Gobln")])
    assert (code, err) == (2, 'playmat: one.jsonl:2: set_hp: unknown unit "Gobln" (did you mean "Goblin"?)\n')


def test_a_wrong_number_is_neither_a_typo_nor_another_map(
        capsys: pytest.CaptureFixture[str], field: Path, tmp_path: Path) -> None:
    # "orc 9" and "orc": 2 * 3 / 8 = 0.75, like the Orc; but a number is no typo ("Orc 9" is not "Orc").
    code, err = _state(capsys, field, tmp_path, [BEGIN, set_hp("Orc 9")])
    assert (code, err) == (2, 'playmat: one.jsonl:2: set_hp: unknown unit "Orc 9"\n')


def test_a_log_that_played_the_maps_own_combatant_first_gets_no_question(
        capsys: pytest.CaptureFixture[str], field: Path, tmp_path: Path) -> None:
    code, err = _state(capsys, field, tmp_path, [BEGIN, '{"action": "face", "unit": "Orc", "dir": "e"}',
                                                 set_hp("Kestrel")])
    assert (code, err) == (2, 'playmat: one.jsonl:3: set_hp: unknown unit "Kestrel"\n')


def test_the_replay_window_says_the_same(field: Path, tmp_path: Path) -> None:
    log = tmp_path / "one.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "set_hp", "unit": "Kestrel", "hp": 3}\n', encoding="utf-8")
    with pytest.raises(LogError) as refused:
        replay_scene(field, log)
    assert str(refused.value) == f'one.jsonl:2: set_hp: unknown unit "Kestrel" {ASK.format("Kestrel")}'
