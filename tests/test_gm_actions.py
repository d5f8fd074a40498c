"""The GM's set_hp and edit (docs/action-log.md): effects, refusals, the log and undo, worked out by hand.

Maps are pointy-top, staggerindex odd: (4,2) and (5,2) are neighbours on one row.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match import Match
from game.rules import (
    ActionParseError,
    Attack,
    Begin,
    CombatEnded,
    Defeated,
    Edit,
    Edited,
    Encounter,
    EndTurn,
    HpSet,
    LogError,
    Push,
    RangedProfile,
    Remove,
    SetHp,
    TurnStarted,
    parse_action,
    read_log,
    replay,
    replay_log,
    write_log,
)
from game.rules.textmap import scenario_from_rows
from tests.engine_fixtures import refused

OPEN = ["." * 10] * 6


def a_map(*units: dict, rows: list[str] = OPEN):
    return scenario_from_rows(rows, list(units))


def hero(**props) -> dict:
    return {"name": "A", "at": (1, 2), "faction": "player", "hp": 8, "initiative": 5, **props}


def orc(**props) -> dict:
    return {"name": "O", "at": (5, 2), "faction": "enemy", "attack": 3, **props}


# --- set_hp ------------------------------------------------------------------------------------------


def test_set_hp_damages_and_heals_past_the_starting_hp() -> None:
    enc = Encounter(a_map(hero(), orc()))
    enc.apply(Begin())
    assert enc.apply(SetHp("O", 4)).events == (HpSet("O", 4, -6),)  # 10 -> 4: six damage
    assert (enc.view("O").hp, enc.view("O").hp_max) == (4, 10)
    assert enc.apply(SetHp("O", 14)).events == (HpSet("O", 14, 10),)  # healed past its 10
    assert enc.state_json()["units"]["O"]["hp"] == 14
    assert enc.turn == "A"  # a GM action is nobody's turn and ends none


def test_set_hp_to_zero_defeats_r21_and_the_last_enemy_ends_combat() -> None:
    enc = Encounter(a_map(hero(), orc()))
    enc.apply(Begin())
    events = enc.apply(SetHp("O", 0)).events
    assert events == (HpSet("O", 0, -10), Defeated("O", "gm"), CombatEnded("no hostile pair remains", ("player",)))
    assert enc.view("O").status == "defeated" and enc.is_over()


def test_defeating_the_current_actor_passes_the_turn() -> None:
    enc = Encounter(a_map(hero(), {"name": "B", "at": (1, 4), "faction": "player", "initiative": 3}, orc()))
    enc.apply(Begin())
    assert enc.turn == "A"
    events = enc.apply(SetHp("A", -3)).events
    assert events[:2] == (HpSet("A", -3, -11), Defeated("A", "gm"))
    assert TurnStarted("B", 1, 0) in events and enc.turn == "B"
    assert (enc.view("A").hp, enc.view("A").status) == (-3, "defeated")


def test_set_hp_in_setup_lasts_into_combat() -> None:
    enc = Encounter(a_map(hero(), orc()))
    enc.apply(SetHp("A", 5))
    enc.apply(Begin())  # a turn start refills movement (R6), never hit points
    assert enc.view("A").hp == 5


def test_set_hp_refusals_leave_the_state_as_it_was() -> None:
    enc = Encounter(a_map(hero(), orc(), {"name": "P", "at": (8, 4), "faction": "enemy"}))
    enc.apply(Begin())
    enc.apply(Remove("P", "fled"))
    refused(enc, SetHp("P", 5), 'set_hp: "P" is fled and no longer on the board')
    refused(enc, SetHp("Nobody", 5), 'unknown unit "Nobody"')
    enc.apply(SetHp("O", 0))
    refused(enc, SetHp("A", 5), "set_hp: combat is over")


@pytest.mark.parametrize(("line", "reason"), [
    ('{"action": "set_hp", "unit": "O"}', 'set_hp: missing field "hp"'),
    ('{"action": "set_hp", "unit": "O", "hp": "3"}', "hp must be an integer"),
    ('{"action": "set_hp", "unit": "O", "hp": true}', "hp must be an integer"),
])
def test_malformed_set_hp_lines(line: str, reason: str) -> None:
    with pytest.raises(ActionParseError, match=reason):
        parse_action(line, a_map(hero()).board.layout)


# --- edit ----------------------------------------------------------------------------------------------


def test_edit_sets_properties_and_the_state_follows() -> None:
    enc = Encounter(a_map(hero(), orc()))
    events = enc.apply(Edit.of("O", {"hp": 12, "facing": "w", "threatening": False, "move": 4})).events
    assert events == (Edited("O", (("facing", "w"), ("hp", 12), ("move", 4), ("threatening", False))),)
    v = enc.view("O")
    assert (v.hp, v.hp_max, v.facing, v.threatening, v.movement, v.movement_max) == (12, 12, "w", False, 4, 4)
    assert v.cell == (5, 2)  # it stays where it was placed


def test_edit_initiative_takes_its_place_in_the_order_r14() -> None:
    enc = Encounter(a_map(hero(), orc()))
    assert enc.order() == ["A", "O"]  # A's initiative 5 beats O's 0
    enc.apply(Edit.of("O", {"initiative": 9}))
    assert enc.order() == ["O", "A"]
    enc.apply(Begin())
    assert enc.turn == "O"


def test_edit_works_as_if_the_map_had_said_so() -> None:
    """O's bow has no ranged_attack, so it shoots with its attack (R29); an edit of attack carries over to the
    shots exactly as a map saying attack 5 would."""
    enc = Encounter(a_map(hero(), orc(ranged="2-6")))
    assert enc.view("O").ranged == RangedProfile(2, 6, 3, "1d6")
    enc.apply(Edit.of("O", {"attack": 5}))
    as_if = Encounter(a_map(hero(), orc(ranged="2-6", attack=5))).view("O")
    assert enc.view("O").ranged == as_if.ranged == RangedProfile(2, 6, 5, "1d6")
    assert enc.view("O") == as_if
    enc.apply(Edit.of("O", {"ranged": None}))  # null: back to the default, no bow
    assert enc.view("O").ranged is None
    enc.apply(Edit.of("O", {"attack": None}))
    assert enc.view("O").attack == 0


def test_an_edited_faction_changes_who_fights() -> None:
    enc = Encounter(a_map(hero(), orc()))
    enc.apply(Edit.of("A", {"faction": "enemy"}))
    events = enc.apply(Begin()).events  # only enemies are left: no hostile pair (R13)
    assert CombatEnded("no hostile pair remains", ("enemy",)) in events


def test_edit_refusals_name_the_property_in_one_line() -> None:
    enc = Encounter(a_map(hero(at=(4, 2)), orc()))  # A stands next to O
    refused(enc, Edit.of("O", {"hp": 0}), 'edit: "O": hp 0 is less than 1$')
    refused(enc, Edit.of("O", {"hp": 0, "reach": 0}), 'edit: "O": reach 0 is less than 1; hp 0 is less than 1$')
    refused(enc, Edit.of("O", {"ranged_attack": 2}), "ranged_attack is set but ranged .* is missing")
    refused(enc, Edit.of("O", {"size": "large"}), 'edit: 5,2 overlaps "A"$')
    enc.apply(Begin())
    refused(enc, Edit.of("O", {"hp": 5}), r"edit: not allowed once combat has begun \(setup only\)")


def test_edit_refuses_a_movement_type_that_cannot_stand_where_it_is() -> None:
    rows = ["." * 10, "." * 10, "....." + "w" + "....", "." * 10]
    enc = Encounter(a_map(hero(), orc(movement_type="swimming"), rows=rows))  # O swims at 5,2, on water
    refused(enc, Edit.of("O", {"movement_type": "ground"}), "a ground combatant may not stand on water at 5,2")
    enc.apply(Edit.of("O", {"movement_type": "flying"}))
    assert enc.view("O").movement_type == "flying"


def test_edit_of_a_removed_combatant_is_refused() -> None:
    enc = Encounter(a_map(hero(), orc(), {"name": "P", "at": (8, 4), "faction": "enemy"}))
    enc.apply(Remove("P", "defeated"))
    refused(enc, Edit.of("P", {"hp": 4}), 'edit: "P" is defeated and no longer on the board')


@pytest.mark.parametrize(("line", "reason"), [
    ('{"action": "edit", "unit": "O"}', 'edit: missing field "set"'),
    ('{"action": "edit", "unit": "O", "set": {}}', "set must be an object of map-format properties"),
    ('{"action": "edit", "unit": "O", "set": {"name": "Chief"}}', "name cannot be changed"),
    ('{"action": "edit", "unit": "O", "set": {"hpp": 3}}',
     r'"hpp" is not a combatant property \(did you mean "hp"\?\); known: faction'),
    ('{"action": "edit", "unit": "O", "set": {"at": [1, 1]}}', r"\(place moves a combatant\)"),
    ('{"action": "edit", "unit": "O", "set": {"skills": ["blades"]}}', "skills must be a plain value"),
])
def test_malformed_edit_lines(line: str, reason: str) -> None:
    with pytest.raises(ActionParseError, match=reason):
        parse_action(line, a_map(hero()).board.layout)


# --- the log and undo ------------------------------------------------------------------------------------


def test_gm_actions_round_trip_through_the_log(tmp_path: Path) -> None:
    scenario = a_map(hero(), orc(ranged="2-6"))
    enc = Encounter(scenario)
    for action in (Edit.of("O", {"hp": 7, "ranged": None, "skills": "blades:2"}), SetHp("A", 3), Begin(),
                   SetHp("O", 9), EndTurn()):
        enc.apply(action)
    log = tmp_path / "gm.jsonl"
    write_log(enc.history, log)
    assert log.read_text().splitlines()[0] == \
        '{"action": "edit", "unit": "O", "set": {"hp": 7, "ranged": null, "skills": "blades:2"}}'
    again = replay(scenario, read_log(log, scenario.board.layout))
    assert again.state_json() == enc.state_json()
    assert (again.view("O").hp, again.view("O").hp_max, again.view("A").hp) == (9, 7, 3)


def test_a_bad_edit_in_a_log_names_its_line(tmp_path: Path) -> None:
    scenario = a_map(hero(), orc())
    log = tmp_path / "bad.jsonl"
    log.write_text('{"action": "set_hp", "unit": "A", "hp": 4}\n{"action": "edit", "unit": "O", "set": {"hp": -1}}\n')
    with pytest.raises(LogError, match=r'bad.jsonl:2: edit: "O": hp -1 is less than 1$'):
        replay_log(scenario, log)


def test_the_gm_undoes_set_hp_after_a_roll_and_the_log_loses_the_line(tmp_path: Path) -> None:
    log = tmp_path / "fight.jsonl"
    m = Match(a_map(hero(at=(4, 2)), orc()), log_path=log)
    m.submit(Begin())
    m.submit(Attack("A", "O", 1))  # a miss: dice were rolled this turn
    m.submit(SetHp("O", 3))
    assert m.can_undo() is None  # the GM's correction comes back, the roll stays
    assert m.undo() == SetHp("O", 3)
    assert m.encounter.view("O").hp == 10
    assert len(log.read_text().splitlines()) == 2
    assert m.can_undo() == "undo: dice were rolled this turn"


def test_undoing_an_edit_gives_the_faction_back_to_its_controller() -> None:
    m = Match(a_map(hero(), orc()), controllers={"enemy": "human"})
    m.controllers["ally"] = "ai-marker"  # type: ignore[assignment]
    assert m.controller_of("A") == "human"
    m.submit(Edit.of("A", {"faction": "ally"}))
    assert m.controller_of("A") == "ai-marker"
    m.undo()
    assert m.encounter.view("A").faction == "player" and m.controller_of("A") == "human"


# --- the GM's push, previewed (what the GM card shows while a push direction is pointed at) -------------


def test_preview_push_lands_where_the_push_does() -> None:
    enc = Encounter(a_map(hero(), orc()))
    enc.apply(Begin())
    p = enc.preview_push("O", "w", 3)
    assert (p.legal, p.stopped, p.stopped_at, p.steps) == (None, None, None, 3)
    assert p.path == ((5, 2), (4, 2), (3, 2), (2, 2)) and p.lands_at == (2, 2)
    enc.apply(Push("O", "w", 3))
    assert enc.view("O").cell == p.lands_at


def test_preview_push_names_the_combatant_that_stops_it_short() -> None:
    enc = Encounter(a_map(hero(at=(3, 2)), orc()))
    enc.apply(Begin())
    p = enc.preview_push("O", "w", 3)
    assert (p.stopped, p.stopped_at) == ('"A" is in the way at 3,2 (R12)', (3, 2))
    assert (p.steps, p.lands_at) == (1, (4, 2))
    enc.apply(Push("O", "w", 3))
    assert enc.view("O").cell == (4, 2)


def test_preview_push_names_the_map_edge_and_blocked_terrain() -> None:
    rows = ["." * 10, "." * 10, "...#......", "." * 10]
    enc = Encounter(a_map(hero(at=(0, 1)), orc(at=(5, 2)), rows=rows))
    enc.apply(Begin())
    edge = enc.preview_push("A", "w", 2)
    assert (edge.steps, edge.stopped) == (0, "the edge of the map is in the way (R12)")
    wall = enc.preview_push("O", "w", 2)
    assert (wall.steps, wall.stopped) == (1, "blocked terrain is in the way at 3,2 (R12)")


def test_preview_push_gives_the_engines_refusal() -> None:
    enc = Encounter(a_map(hero(), orc()))
    assert enc.preview_push("O", "w", 1).legal == enc.check(Push("O", "w", 1)) == "push: combat has not begun"
    enc.apply(Begin())
    assert enc.preview_push("O", "up", 1).legal == enc.check(Push("O", "up", 1))
    assert enc.preview_push("O", "up", 1).legal.startswith("push: direction")
