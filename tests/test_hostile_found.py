"""Logs and maps a stranger wrote that got past the hardening of docs/limits.md: each case here broke a
command (a traceback, a move the rules forbid, a message naming no line) before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_capture import run
from tests.hostile import external, plain_map, run_cli, swap
from tests.test_bad_maps import refused

BEGIN = '{"action": "begin"}\n'
GRANT = '{"action": "grant_movement", "unit": "Hero", "amount": 300000000}\n'


def log(tmp_path: Path, *lines: str, name: str = "l.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(lines))
    return path


def test_a_huge_grant_of_movement_does_not_carry_a_move_through_zone_of_control(capsys, tmp_path: Path) -> None:
    """R9: every way from the Hero (1,1) to 3,3 passes hexes the Orc (3,2) threatens, where a move stops, so
    no movement reaches it. A GM may grant up to 1,000,000,000 movement in one line; past 2^28 the search took
    the stop for a step it could afford, and `state` and `do` on such a log ended in a traceback."""
    tmx = plain_map(tmp_path)
    bad = log(tmp_path, BEGIN, GRANT, '{"action": "move", "unit": "Hero", "to": [3, 3]}\n')
    for argv in (["state", str(tmx), "--log", str(bad)],
                 ["do", str(tmx), "--log", str(log(tmp_path, BEGIN, GRANT, name="do.jsonl")),
                  '{"action": "move", "unit": "Hero", "to": [3, 3]}']):
        code, _, err = run(capsys, *argv)
        assert code == 2, err
        assert len(err.splitlines()) == 1, err
        assert "zone of control" in err and "(R9)" in err, err
    code, out, err = run(capsys, "reach", str(tmx), "--log", str(log(tmp_path, BEGIN, GRANT)), "--unit", "Hero")
    assert code == 0, err
    assert "3,3" not in out  # the reach lists only hexes a move may end on
    assert "4,1" in out  # and still those the granted movement reaches


@pytest.mark.parametrize("grants", [1, 5])
def test_a_move_the_grant_allows_is_still_played(capsys, tmp_path: Path, grants: int) -> None:
    tmx = plain_map(tmp_path)
    good = log(tmp_path, BEGIN, GRANT * grants, '{"action": "move", "unit": "Hero", "to": [4, 1]}\n')
    code, out, err = run(capsys, "state", str(tmx), "--log", str(good))
    assert code == 0, err
    assert "Hero" in out and "4,1" in out


@pytest.mark.parametrize("source", ["t" * 300 + ".tsx", "d" * 300 + "/t.tsx", "ok/" + "t" * 300 + ".tsx"])
def test_a_tileset_named_longer_than_the_system_allows_is_named_in_the_refusal(tmp_path: Path, source: str) -> None:
    """A name of more than 255 bytes cannot be a file; the refusal said "cannot read the map (OSError: [Errno
    36] File name too long: '/tmp/...')", naming neither the tileset nor the map's own words for it."""
    (tmp_path / "ok").mkdir()
    tmx, _ = external(tmp_path)
    swap(tmx, 'source="m_tiles.tsx"', f'source="{source}"')
    message = refused(tmx, 'tileset "', "cannot read the tileset: File name too long")
    assert "OSError" not in message and str(tmp_path) not in message


@pytest.mark.parametrize("noted", ["a\x00b\x1b]0;pwned\x07.tmx", "x" * 5000 + ".tmx"])
def test_plays_warning_of_a_save_note_naming_another_map_is_one_safe_line(tmp_path: Path, noted: str) -> None:
    """A shared save's note (``s.meta.json``) is a stranger's text too. `state` printed its map's name escaped
    and cut, but `play --log` printed it raw: a NUL and a terminal's escape sequence (retitling the window),
    or a 5,000-character name, on the terminal."""
    tmx = plain_map(tmp_path)
    save = log(tmp_path, BEGIN, name="s.jsonl")
    (tmp_path / "s.meta.json").write_text(json.dumps({"map": noted}))
    r = run_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(save)], timeout=120)
    assert r.rc == 0, r.stderr
    assert len(r.lines) == 1 and "was made on" in r.lines[0], r.stderr
    assert not any(ch in r.stderr for ch in "\x00\x1b\x07"), r.stderr
    assert len(r.lines[0]) <= 2100


def test_the_ai_plans_against_a_foe_of_a_million_hit_points_in_seconds(tmp_path: Path) -> None:
    """A map may give a combatant 1,000,000 hit points (docs/limits.md, "Numbers"). With a friend acting before
    the foe, the AI added up the friends' blows as damage distributions as long as the foe's hit points, and
    convolving two of a million entries each held `suggest` for over ten minutes (killed): a hang."""
    from game.maps.tmxwrite import write_map

    units = [{"name": "Hero", "at": (1, 1), "faction": "player", "initiative": 20},
             {"name": "Ally", "at": (1, 2), "faction": "player", "initiative": 15},
             {"name": "Orc", "at": (3, 2), "faction": "enemy", "hp": 1_000_000, "initiative": 1}]
    tmx = write_map(tmp_path / "m.tmx", ["....."] * 4, units=units)
    started = log(tmp_path, BEGIN)
    r = run_cli(["suggest", str(tmx), "--log", str(started)], timeout=60)
    assert r.rc == 0, (r.rc, r.stderr[-500:])
    assert "Hero" in r.stdout


def test_the_ai_plans_against_a_foe_a_gm_gave_a_billion_hit_points(tmp_path: Path) -> None:
    """`set_hp` may raise hit points above the start (adjudication: set_hp; R21), up to 1,000,000,000 in a log
    line. The AI's damage distributions were as long as the foe's hit points, 7.5 GB each: `suggest` and an AI
    turn in `play` ended "out of memory" on a legal save."""
    from game.maps.tmxwrite import write_map

    units = [{"name": "Hero", "at": (1, 1), "faction": "player", "initiative": 20},
             {"name": "Ally", "at": (1, 2), "faction": "player", "initiative": 15},
             {"name": "Orc", "at": (3, 2), "faction": "enemy", "initiative": 1}]
    tmx = write_map(tmp_path / "m.tmx", ["....."] * 4, units=units)
    save = log(tmp_path, BEGIN, '{"action": "set_hp", "unit": "Orc", "hp": 1000000000}\n')
    for level in ("normal", "hard"):
        r = run_cli(["suggest", str(tmx), "--log", str(save), "--level", level], timeout=60)
        assert r.rc == 0, (level, r.rc, r.stderr[-500:])
        assert r.peak_mb < 500, r.peak_mb


def test_a_property_of_playmats_given_twice_on_one_object_is_refused(tmp_path: Path) -> None:
    """Tiled writes each property of an object once. A hand-edited map gave the Orc ``faction`` twice,
    "enemy" then "player": the last one silently won, `validate` said ok, and the map held no fight at all. A
    log line naming a field twice is refused rather than guessed at (RULES.md); so is this, naming the object."""
    tmx = plain_map(tmp_path)
    swap(tmx, '<property name="faction" value="enemy"/>',
         '<property name="faction" value="enemy"/><property name="faction" value="player"/>')
    refused(tmx, 'object 2 "Orc"', 'property "faction" is given twice')


def test_a_designers_own_property_given_twice_is_still_read(tmp_path: Path) -> None:
    from game.maps.loader import validate_map

    tmx = plain_map(tmp_path)
    swap(tmx, '<property name="faction" value="enemy"/>',
         '<property name="faction" value="enemy"/><property name="notes" value="a"/><property name="notes" value="b"/>')
    assert validate_map(tmx) == []


def test_a_tile_described_twice_in_one_tileset_is_refused(tmp_path: Path) -> None:
    """Tiled writes each ``<tile>`` of a tileset once. A hand-edited tileset described tile 0 as normal ground
    and again as difficult: the last one silently decided the terrain of every cell painted with it."""
    tmx = plain_map(tmp_path)
    swap(tmx, '<tile id="1">', '<tile id="0">')
    refused(tmx, 'tile 0 of tileset "terrain"', "is described twice")


@pytest.mark.parametrize(("field", "value", "words"), [
    ("hp", "true", "hp is not an integer: true is a yes/no value"),
    ("damage", "false", "damage is not an integer or dice like 1d8+1: false is a yes/no value"),
])
def test_a_join_giving_a_number_as_true_or_false_says_so_in_the_logs_spelling(capsys, tmp_path: Path, field: str,
                                                                              value: str, words: str) -> None:
    """A log line's ``"hp": true`` was refused as 'hp is not an integer: "True"', Python's spelling, which
    matched nothing in the line the GM wrote."""
    tmx = plain_map(tmp_path)
    join = f'{{"action": "join", "unit": {{"name": "Zed", "faction": "enemy", "{field}": {value}}}, "at": [4, 4]}}\n'
    code, _, err = run(capsys, "state", str(tmx), "--log", str(log(tmp_path, BEGIN, join)))
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "l.jsonl:2" in err and words in err, err
    assert "True" not in err and "False" not in err, err
