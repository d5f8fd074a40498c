"""Fuzzing the log: random and mutated JSON lines are either applied or refused cleanly.

Every bad line raises ActionParseError or IllegalActionError (both RulesError)
with a one-line reason, never another exception, and a refused line leaves
``state_json`` exactly as it was.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.actionlog import LogError, read_log
from game.rules.actions import ACTION_CLASSES, ActionParseError, parse_action
from game.rules.encounter import Encounter
from game.rules.errors import IllegalActionError
from game.rules.textmap import scenario_from_rows

SCENARIO = scenario_from_rows(
    ["..d.....", ".h..w...", "...#..c.", "........", "x......."],
    [
        {"name": "Orc 1", "at": (4, 2), "faction": "enemy", "initiative": 5, "skills": "blades:2"},
        {"name": "Aldric", "at": (2, 2), "faction": "player", "reach": 2, "reach_min": 1},
        {"name": "Ogre", "at": (6, 3), "faction": "enemy", "size": "large", "movement_type": "flying"},
        {"name": "Brin", "at": (0, 4), "faction": "ally"},
    ],
    seed=11,
)
LAYOUT = SCENARIO.board.layout
NAMES = ["Orc 1", "Aldric", "Ogre", "Brin", "Orc 9", "", " "]
VALID_LINES = [
    '{"action": "begin"}',
    '{"action": "move", "unit": "Orc 1", "to": [5, 1]}',
    '{"action": "move", "unit": "Orc 1", "to": [3, 1], "path": [[4, 1], [3, 1]]}',
    '{"action": "face", "unit": "Orc 1", "dir": "w"}',
    '{"action": "attack", "unit": "Orc 1", "target": "Aldric", "roll": 14, "damage": 3}',
    '{"action": "shove", "unit": "Orc 1", "target": "Aldric", "roll": 20}',
    '{"action": "disengage", "unit": "Orc 1", "method": "feint", "skill": "blades", "roll": 9}',
    '{"action": "flee", "unit": "Brin"}',
    '{"action": "end_turn"}',
    '{"action": "push", "unit": "Aldric", "dir": "sw", "distance": 2}',
    '{"action": "grant_movement", "unit": "Orc 1", "amount": 2}',
    '{"action": "set_threatening", "unit": "Ogre", "value": false}',
    '{"action": "join", "unit": {"name": "Cora", "faction": "ally", "hp": 4}, "at": [7, 0]}',
    '{"action": "remove", "unit": "Ogre", "as": "fled"}',
    '{"action": "end_combat"}',
    '{"action": "place", "unit": "Brin", "at": [1, 3], "facing": "ne"}',
]


def states() -> list[Encounter]:
    """A few encounters at different points: setup, active, after moves and GM actions."""
    setup = Encounter.from_scenario(SCENARIO)
    active = setup.clone()
    active.apply(parse_action(VALID_LINES[0], LAYOUT))
    moved = active.clone()
    moved.apply(parse_action(VALID_LINES[1], LAYOUT))
    later = moved.clone()
    for line in (VALID_LINES[10], VALID_LINES[8], VALID_LINES[9]):
        later.apply(parse_action(line, LAYOUT))
    return [setup, active, moved, later]


STATES = states()

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 25), st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8), st.sampled_from(NAMES),
    st.sampled_from(["e", "ne", "nw", "w", "sw", "se", "n", "s", "defeated", "fled", "blades"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=8,
)
cells = st.lists(st.integers(-2, 10), min_size=0, max_size=3)
FIELD_KEYS = ["unit", "to", "at", "path", "dir", "target", "roll", "damage", "method", "skill", "distance", "amount",
              "value", "as", "facing", "name", "faction"]
objects = st.builds(
    lambda kind, fields: {"action": kind, **fields},
    st.one_of(st.sampled_from(sorted(ACTION_CLASSES)), values),
    st.dictionaries(st.sampled_from(FIELD_KEYS), st.one_of(values, cells, st.sampled_from(NAMES)), max_size=6),
)


def assert_clean(enc: Encounter, line: str) -> None:
    """Parse and apply one line; a refusal is a one-line RulesError and changes nothing."""
    before = json.dumps(enc.state_json(), sort_keys=True)
    snap = enc.snapshot()
    try:
        action = parse_action(line, LAYOUT)
    except ActionParseError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    try:
        enc.apply(action)
    except IllegalActionError as exc:
        assert str(exc) and "\n" not in str(exc)
        assert json.dumps(enc.state_json(), sort_keys=True) == before
        assert enc.snapshot() == snap
        return
    enc.undo()
    assert enc.snapshot() == snap


SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(line=st.text(max_size=60), which=st.integers(0, len(STATES) - 1))
def test_arbitrary_text(line: str, which: int) -> None:
    assert_clean(STATES[which].clone(), line)


@SETTINGS
@given(obj=objects, which=st.integers(0, len(STATES) - 1))
def test_random_json_objects(obj: dict, which: int) -> None:
    try:
        line = json.dumps(obj)
    except (ValueError, TypeError):
        return
    assert_clean(STATES[which].clone(), line)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    line = draw(st.sampled_from(VALID_LINES))
    how = draw(st.sampled_from(["char", "delete", "insert", "field", "drop"]))
    if how in ("char", "delete", "insert") and line:
        i = draw(st.integers(0, len(line) - 1))
        ch = draw(st.sampled_from(list('{}[]",:0123456789-. aezn')))
        if how == "char":
            return line[:i] + ch + line[i + 1:]
        if how == "delete":
            return line[:i] + line[i + 1:]
        return line[:i] + ch + line[i:]
    obj = json.loads(line)
    keys = [k for k in obj if k != "action"] or ["action"]
    key = draw(st.sampled_from(keys))
    if how == "drop":
        del obj[key]
    else:
        obj[key] = draw(st.one_of(values, cells))
    try:
        return json.dumps(obj)
    except (ValueError, TypeError):
        return line


@SETTINGS
@given(line=mutated(), which=st.integers(0, len(STATES) - 1))
def test_mutated_valid_lines(line: str, which: int) -> None:
    assert_clean(STATES[which].clone(), line)


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(st.one_of(mutated(), st.sampled_from(VALID_LINES), st.just("")), max_size=12))
def test_whole_logs_fail_with_a_line_number_or_replay(lines: list[str]) -> None:
    try:
        actions = read_log(lines, LAYOUT, source="fuzz.jsonl")
    except LogError as exc:
        assert str(exc).startswith(f"fuzz.jsonl:{exc.line}: ") and "\n" not in str(exc)
        assert lines[exc.line - 1].strip()
        return
    assert len(actions) == sum(1 for x in lines if x.strip())
