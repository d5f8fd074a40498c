"""A log played on one map and loaded onto another: one line, exit 2, saying the log may be (or, by its save
note, is) from another map, on the command line and in the window alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import LogError
from game.ui.app import PlayConfig, battle_scene, replay_scene

# The deck: flat-top (sides ne n nw sw s se), Kestrel and Selkie. The field: pointy-top (e ne nw w sw se), Orc
# and Goblin. Neither has a combatant of the other's.
DECK_UNITS = [{"name": "Kestrel", "at": (1, 1), "faction": "player", "initiative": 9},
              {"name": "Selkie", "at": (3, 2), "faction": "enemy", "initiative": 5}]
FIELD_UNITS = [{"name": "Orc", "at": (1, 1), "faction": "enemy", "initiative": 9},
               {"name": "Goblin", "at": (4, 2), "faction": "player", "initiative": 5}]
DECK_LOG = ['{"action": "begin"}', '{"action": "face", "unit": "Kestrel", "dir": "n"}', '{"action": "end_turn"}',
            '{"action": "face", "unit": "Selkie", "dir": "s"}', '{"action": "end_turn"}']
HINT = "(is this log from another map? its units: {}; field.tmx has none of them)"


@pytest.fixture
def maps(tmp_path: Path) -> tuple[Path, Path]:
    deck = write_map(tmp_path / "deck.tmx", ["......"] * 4, units=DECK_UNITS, title="The Deck", stagger_axis="x")
    field = write_map(tmp_path / "field.tmx", ["......"] * 4, units=FIELD_UNITS, title="The Field")
    return deck, field


def _log(tmp_path: Path, lines: list[str], name: str = "a.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def _window(map_path: Path, log: Path) -> None:
    """The battle window on ``map_path`` with ``log`` resumed, as ``playmat play MAP --log LOG`` opens it."""
    pygame.display.init()
    pygame.display.set_mode((640, 400))
    battle_scene(PlayConfig(map_path=map_path, log_path=log, humans=("player",), headless=True), map_path,
                 (640, 400))


def _state(capsys: pytest.CaptureFixture[str], map_path: Path, log: Path) -> tuple[int, str, str]:
    code = main(["state", str(map_path), "--log", str(log)])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_log_replays_on_its_own_map(capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path],
                                        tmp_path: Path) -> None:
    deck, _ = maps
    code, _, err = _state(capsys, deck, _log(tmp_path, DECK_LOG))
    assert (code, err) == (0, "")


def test_a_side_the_map_has_not_asks_whether_the_log_is_from_another_map(
        capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path], tmp_path: Path) -> None:
    """Line 2 turns Kestrel to "n", a side only a flat-top map has: the first line that fails on the field.
    Kestrel and Selkie, all the log names, are none of the field's."""
    _, field = maps
    code, out, err = _state(capsys, field, _log(tmp_path, DECK_LOG))
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith('playmat: a.jsonl:2: face: dir "n" is not one of e, ne, nw, w, sw, se')
    assert err.rstrip("\n").endswith(HINT.format("Kestrel, Selkie"))


def test_an_unknown_unit_asks_whether_the_log_is_from_another_map(
        capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path], tmp_path: Path) -> None:
    _, field = maps
    """Line 2 moves Kestrel, whom the field lacks; line 4 names Selkie, whom it lacks too (the whole log is read
    for the names it plays, once its first refused line is found)."""
    log = _log(tmp_path, ['{"action": "begin"}', '{"action": "move", "unit": "Kestrel", "to": [2, 1]}',
                          '{"action": "end_turn"}', '{"action": "attack", "unit": "Selkie", "target": "Kestrel"}'])
    code, _, err = _state(capsys, field, log)
    assert code == 2
    assert err == f'playmat: a.jsonl:2: move: unknown unit "Kestrel" {HINT.format("Kestrel, Selkie")}\n'


def test_a_slip_in_a_log_of_this_map_gets_no_such_hint(
        capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path], tmp_path: Path) -> None:
    """A name nearly the map's is a typo ("did you mean"), and a log that has already played one of the map's
    combatants is this map's: neither asks about another map (one name alone: tests/test_log_one_name.py)."""
    _, field = maps
    typo = _log(tmp_path, ['{"action": "begin"}', '{"action": "face", "unit": "orc", "dir": "e"}'], "typo.jsonl")
    code, _, err = _state(capsys, field, typo)
    assert code == 2 and 'unknown unit "orc" (did you mean "Orc"?)' in err and "another map" not in err
    mixed = _log(tmp_path, ['{"action": "begin"}', '{"action": "face", "unit": "Orc", "dir": "e"}',
                            '{"action": "end_turn"}', '{"action": "face", "unit": "Wolf", "dir": "e"}',
                            '{"action": "face", "unit": "Bat", "dir": "e"}'], "mixed.jsonl")
    code, _, err = _state(capsys, field, mixed)
    assert code == 2 and err.startswith('playmat: mixed.jsonl:4: face: unknown unit "Wolf"')
    assert "another map" not in err


def test_the_save_note_names_the_map_the_log_was_made_on(
        capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path], tmp_path: Path) -> None:
    """The window writes a note beside each save naming its map: a log that fails on another map says where it
    was made, in one line, on the command line and in the window (play --log, play --replay)."""
    deck, field = maps
    log = _log(tmp_path, DECK_LOG)
    (tmp_path / "a.meta.json").write_text(json.dumps({"map": str(deck), "seed": None, "controllers": {}}))
    said = "a.jsonl was made on The Deck (deck.tmx), not on field.tmx"
    code, _, err = _state(capsys, field, log)
    assert (code, err) == (2, f"playmat: {said}\n")
    with pytest.raises(LogError) as refused:
        _window(field, log)
    assert str(refused.value) == said
    with pytest.raises(LogError) as refused:
        replay_scene(field, log)
    assert str(refused.value) == said
    # On its own map the note agrees and the log replays.
    assert _state(capsys, deck, log)[0] == 0


def test_the_window_asks_too_when_there_is_no_note(maps: tuple[Path, Path], tmp_path: Path) -> None:
    _, field = maps
    log = _log(tmp_path, DECK_LOG)
    with pytest.raises(LogError) as refused:
        _window(field, log)
    assert str(refused.value).endswith(HINT.format("Kestrel, Selkie"))
