"""The action log (docs/action-log.md): line numbers in messages, blank lines, exact replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules.actionlog import LogError, read_log, replay, replay_log, write_log
from game.rules.actions import (
    ACTION_CLASSES,
    ActionParseError,
    Attack,
    Begin,
    Cast,
    CastRoll,
    Disengage,
    Edit,
    EndCombat,
    EndTurn,
    Face,
    Flee,
    GrantMovement,
    Join,
    Move,
    Place,
    Push,
    Remove,
    SetHp,
    SetThreatening,
    Shoot,
    Shove,
    parse_action,
)
from game.rules.encounter import Encounter
from game.rules.textmap import scenario_from_rows

SCENARIO = scenario_from_rows(
    ["." * 8] * 6,
    [
        {"name": "Orc 1", "at": (4, 2), "faction": "enemy", "initiative": 5},
        {"name": "Aldric", "at": (2, 2), "faction": "player"},
        {"name": "Brin", "at": (1, 4), "faction": "player"},
    ],
    seed=3,
)
LAYOUT = SCENARIO.board.layout

EVERY_KIND = [
    Begin(), Place("Aldric", (1, 1), "w"), Move("Orc 1", (3, 2)), Move("Orc 1", (3, 2), ((4, 1), (3, 2))),
    Face("Orc 1", "nw"), Attack("Orc 1", "Aldric"), Attack("Orc 1", "Aldric", 12, 3), Shove("Orc 1", "Aldric", 4),
    Disengage("Aldric", "feint", "blades", 9), Flee("Brin"), EndTurn(), Push("Brin", "sw", 2),
    GrantMovement("Brin", 2), SetThreatening("Orc 1", False), Join.of({"name": "Cora", "faction": "ally", "hp": 4},
                                                                      (0, 0)),
    Remove("Orc 1", "fled"), EndCombat(), Shoot("Orc 1", "Aldric"), Shoot("Orc 1", "Aldric", 17, 4),
    Cast("Orc 1", (3, 3)), Cast("Orc 1", (3, 3), (CastRoll("Aldric", 12, 5), CastRoll("Orc 1", 3))),
    SetHp("Brin", -2), Edit.of("Orc 1", {"hp": 12, "ranged": None, "threatening": False}),
]


def test_every_action_kind_round_trips_through_json() -> None:
    assert {a.KIND for a in EVERY_KIND} == set(ACTION_CLASSES)
    for action in EVERY_KIND:
        line = action.to_json()
        assert "\n" not in line and json.loads(line)["action"] == action.KIND
        assert parse_action(line, LAYOUT) == action


def test_remove_uses_the_as_key_and_extra_fields_are_ignored() -> None:
    assert json.loads(Remove("Orc 1", "fled").to_json()) == {"action": "remove", "unit": "Orc 1", "as": "fled"}
    assert parse_action('{"action": "end_turn", "note": "the GM sighs"}', LAYOUT) == EndTurn()


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"unit": "Orc 1"}', 'no "action" key'),
        ('{"action": "dance"}', 'unknown action "dance"'),
        ('{"action": "move", "unit": "Orc 1"}', 'missing field "to"'),
        ('{"action": "move", "unit": "Orc 1", "to": [3]}', "of two integers"),
        ('{"action": "move", "unit": "Orc 1", "to": [30, 1]}', "outside the 8x6 map"),
        ('{"action": "move", "unit": 7, "to": [3, 1]}', "non-empty string"),
        ('{"action": "face", "unit": "Orc 1", "dir": "n"}', 'dir "n" is not one of e, ne, nw, w, sw, se'),
        ('{"action": "attack", "unit": "Orc 1", "target": "Aldric", "roll": "14"}', "roll must be an integer"),
        ('{"action": "remove", "unit": "Orc 1", "as": "eaten"}', "defeated, fled"),
        ('{"action": "set_threatening", "unit": "Orc 1", "value": 1}', "true or false"),
        ('{"action": "join", "unit": {"faction": "enemy"}, "at": [1, 1]}', "has no name"),
    ],
)
def test_malformed_lines_say_what_is_wrong(line: str, reason: str) -> None:
    with pytest.raises(ActionParseError, match=reason):
        parse_action(line, LAYOUT)


def test_read_log_names_file_and_line_and_skips_blank_lines(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text('{"action": "begin"}\n\n{"action": "move", "unit": "Orc 1", "to": [3, 2]}\n{"action": "fly"}\n')
    with pytest.raises(LogError, match=r'^log\.jsonl:4: unknown action "fly"'):
        read_log(log, LAYOUT)
    actions = read_log(log.read_text().splitlines()[:3], LAYOUT)
    assert actions == [Begin(), Move("Orc 1", (3, 2))] and actions.lines == [1, 3]


def test_replay_names_the_line_of_an_illegal_action(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text('{"action": "begin"}\n\n{"action": "attack", "unit": "Orc 9", "target": "Aldric"}\n')
    with pytest.raises(LogError) as info:
        replay_log(SCENARIO, log)
    assert str(info.value) == 'log.jsonl:3: attack: unknown unit "Orc 9"'
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Aldric", "to": [1, 2]}\n')
    with pytest.raises(LogError, match=r"^log\.jsonl:2: move: it is \"Orc 1\"'s turn"):
        replay_log(SCENARIO, log)
    with pytest.raises(LogError, match=r"^missing\.jsonl: cannot read the log"):
        read_log(tmp_path / "missing.jsonl", LAYOUT)


def test_written_log_records_every_roll_and_replays_exactly(tmp_path: Path) -> None:
    enc = Encounter.from_scenario(SCENARIO)
    for action in [Begin(), Move("Orc 1", (3, 2)), Attack("Orc 1", "Aldric"), EndTurn(), Shove("Aldric", "Orc 1")]:
        enc.apply(action)
    text = write_log(enc.history, tmp_path / "game.jsonl")
    lines = [json.loads(x) for x in text.splitlines()]
    assert "roll" in lines[2] and "roll" in lines[4]
    assert ("damage" in lines[2]) == (enc.unit("Aldric").hp < 10)
    again = replay(SCENARIO, read_log(tmp_path / "game.jsonl", LAYOUT))
    assert json.dumps(again.state_json()) == json.dumps(enc.state_json())
    # Rolls left out of the log are rolled by the seeded dice again, to the same values.
    bare = replay(SCENARIO, [Begin(), Move("Orc 1", (3, 2)), Attack("Orc 1", "Aldric"), EndTurn(),
                             Shove("Aldric", "Orc 1")])
    assert bare.history == enc.history
