"""Adversarial audit: cases worked out by hand from the rulings, checked through the headless commands.

Maps are pointy-top, ``staggerindex="odd"`` unless a test says otherwise (see
tests/scenarios/conftest.py for the neighbour table). Each test cites the
ruling that decides it; the expected answers come from the hand computation
in its comments, never from the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.conftest import Encounter, rows, unit

BEGIN = {"action": "begin"}
END = {"action": "end_turn"}


@pytest.fixture
def encounter(tmp_path: Path):
    count = 0

    def make(terrain, units, **kw) -> Encounter:
        nonlocal count
        count += 1
        return Encounter(tmp_path, f"a{count}", terrain, units, **kw)

    return make


def disengage(name: str, roll: int = 20, skill: str = "blades") -> dict:
    return {"action": "disengage", "unit": name, "method": "feint", "skill": skill, "roll": roll}


# --- R23 with multi-hex combatants and long weapons -----------------------------------------
def test_r23_large_creature_in_a_pikes_threat_may_disengage(encounter):
    # Large L centred (3,3) covers (2,3) (3,3) (4,3) (3,2) (4,2) (3,4) (4,4).
    # Pike K [2,2] on (5,3): axial K=(4,3), L's centre (3,3) -> axial (2,3): distance 2,
    # so K threatens L's centre hex (R8: distance from K's one-hex footprint is 2).
    # L stands in threatened space (R23), though K cannot attack it (footprints 1 apart, R21).
    enc = encounter(rows(8, 7), [
        unit("L", (3, 3), "player", size="large", initiative=5),
        unit("K", (5, 3), "enemy", reach=2, attack=3),
    ])
    assert (3, 3) in enc.threat("player")
    # 20 + 0 >= 10 + 3: success; the log is accepted.
    st = enc.state([BEGIN, disengage("L")])
    assert st["turn"] == "L"
    # Now K's threat no longer stops L (R23): L steps e to (4,3), newly covering (5,2)/(5,4)...
    # every hex K threatens; without the disengage that first step would be a ZoC entry.
    hexes = enc.reach("L", [BEGIN, disengage("L")])
    assert all(not stops for _, stops in hexes.values())


def test_r23_standard_next_to_a_giant_pike_is_not_in_its_threat(encounter):
    # Giant pike G [2,2] centred (3,3): its threat is centre distance 2+2 = 4 exactly (R8, R28).
    # P on (3,0): axial (3,0) vs G (2,3): dq=1, dr=-3 -> distance 3, i.e. adjacent to the
    # footprint edge (distance 1), which a [2,2] band does not threaten. P is not in threatened
    # space, so disengage is refused (R23) even though some of G's hexes lie 2 from P.
    enc = encounter(rows(8, 7), [
        unit("P", (3, 0), "player", initiative=5),
        unit("G", (3, 3), "enemy", size="giant", reach=2),
    ])
    assert (3, 0) not in enc.threat("player")
    msg = enc.refused([BEGIN, disengage("P")], 2)
    assert "threatened" in msg


# --- the action log (adjudication.md: one JSON object per line) ----------------------------
ODD_NAMES = [
    "Ünïcødé 🐉", 'say "hi"', "  spaced  out ", "x" * 5000, "back\\slash", "tab\tname",
    "line\u2028sep", "para\u2029sep", "rec\x1esep", "nel\x85name", "ff\x0cname", "new\nline",
]


def every_action_kind(name: str) -> list:
    from game.rules.actions import (
        Attack,
        Begin,
        Disengage,
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
        SetThreatening,
        Shove,
    )

    return [
        Begin(), Place(name, (1, 2), "ne"), Move(name, (1, 2), ((0, 2), (1, 2))), Face(name, "w"),
        Attack(name, name, 3, 4), Shove(name, name, 5), Disengage(name, "tumble", name, 7), Flee(name), EndTurn(),
        Push(name, "sw", 2), GrantMovement(name, 3), SetThreatening(name, False),
        Join.of({"name": name, "faction": "enemy", "hp": 3, "size": "large", "damage": "1d8+1"}, (2, 2)),
        Remove(name, "fled"), EndCombat(),
    ]


@pytest.mark.parametrize("name", ODD_NAMES, ids=range(len(ODD_NAMES)))
def test_log_round_trips_every_action_kind_with_odd_names(tmp_path, name):
    # JSON Lines: records are separated by "\n" only. json.dumps(ensure_ascii=False) writes
    # U+2028, U+2029, \x1e, \x85, \x0c raw inside strings, so reading must not split on them.
    from game.rules.actionlog import read_log, write_log
    from game.rules.textmap import board_from_rows

    layout = board_from_rows(["....."] * 4).layout
    actions = every_action_kind(name)
    path = tmp_path / "log.jsonl"
    write_log(actions, path)
    back = read_log(path, layout)
    assert list(back) == actions
    assert back.lines == list(range(1, len(actions) + 1))


def test_log_lone_surrogate_is_refused_with_its_line(tmp_path):
    # "\ud800" is valid JSON but not Unicode text: such a name could never be written back to a
    # UTF-8 log (the saved game would crash), so the line is refused as malformed.
    from game.rules.actionlog import LogError, read_log
    from game.rules.textmap import board_from_rows

    layout = board_from_rows(["....."] * 4).layout
    lines = ['{"action": "begin"}', '{"action": "join", "unit": {"name": "\\ud800", "faction": "enemy"}, "at": [1, 1]}']
    with pytest.raises(LogError) as info:
        read_log(lines, layout)
    assert info.value.line == 2
    assert "\n" not in str(info.value)


def test_refusal_naming_a_unit_with_a_newline_is_one_line(encounter):
    # adjudication.md: a refused line gives a one-line message. The joiner's name holds "\n";
    # its move out of turn (R16) is refused at line 3 and the message must stay on one line.
    enc = encounter(rows(6, 4), [unit("P", (0, 1), "player", initiative=5), unit("E", (5, 1), "enemy")])
    log = [BEGIN, {"action": "join", "unit": {"name": "Orc\nChief", "faction": "enemy"}, "at": [3, 3]},
           {"action": "move", "unit": "Orc\nChief", "to": [3, 2]}]
    enc.refused(log, 3)


def test_log_line_with_a_duplicate_key_is_refused(encounter):
    # {"to": [1,3], "to": [2,3]}: JSON leaves duplicate names' meaning open (RFC 8259); silently
    # taking the last would move P somewhere the GM may not have meant. Malformed: refused.
    enc = encounter(rows(6, 4), [unit("P", (0, 1), "player", initiative=5), unit("E", (5, 1), "enemy")])
    msg = enc.refused([BEGIN, '{"action": "move", "unit": "P", "to": [1, 1], "to": [2, 1]}'], 2)
    assert '"to"' in msg
    # Nested objects too: the joiner's properties.
    line = '{"action": "join", "unit": {"name": "Z", "faction": "enemy", "hp": 3, "hp": 30}, "at": [3, 3]}'
    assert '"hp"' in enc.refused([BEGIN, line], 2)


# --- turn flow (R6, R13, R14, R24, R25) ---------------------------------------------------
@pytest.mark.parametrize("how", ["gm", "last_hostile_falls"])
def test_r06_r13_actor_movement_is_lost_when_combat_ends(encounter, how):
    # P acts first (initiative 5), moves 1 hex e to (1,1): 5 left (E does not threaten, so no
    # ZoC stop beside it). Combat then ends, by the GM or
    # because P strikes down the only enemy E on (2,1) (d20 20, damage 10 >= hp 10).
    # R13: no current turn outside the active phase, so P's turn has ended; R6: its unspent
    # movement is lost when its turn ends (reads 0).
    enc = encounter(rows(6, 3), [
        unit("P", (0, 1), "player", initiative=5),
        unit("E", (2, 1), "enemy", threatening=False),
    ])
    log = [BEGIN, {"action": "move", "unit": "P", "to": [1, 1]}]
    assert enc.unit("P", log)["movement"] == 5
    if how == "gm":
        log.append({"action": "end_combat"})
    else:
        log.append({"action": "attack", "unit": "P", "target": "E", "roll": 20, "damage": 10})
    st = enc.state(log)
    assert (st["phase"], st["turn"], st["round"]) == ("ended", None, 1)
    assert st["units"]["P"]["movement"] == 0
