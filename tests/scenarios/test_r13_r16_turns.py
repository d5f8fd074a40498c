"""R13 phases and rounds, R14 initiative, R15 joining, R16 whose turn it is; refused logs."""

from __future__ import annotations

import pytest

from .conftest import assert_names_line, rows, unit

BEGIN = {"action": "begin"}
END = {"action": "end_turn"}


def trio(encounter, **b_props):
    # A (player, init 5) on (3,2); B (enemy, init 8) on its e side (4,2); C (ally, init 2).
    return encounter(
        rows(9, 5),
        [
            unit("A", (3, 2), "player", initiative=5),
            unit("B", (4, 2), "enemy", initiative=8, **b_props),
            unit("C", (1, 4), "ally", initiative=2),
        ],
    )


def test_r13_setup_then_rounds(encounter):
    enc = trio(encounter)
    st = enc.state()
    # R13: setup has round 0 and no turn; R14: order by initiative even in setup.
    assert (st["phase"], st["round"], st["turn"], st["order"]) == ("setup", 0, None, ["B", "A", "C"])
    st = enc.state([BEGIN])
    assert (st["phase"], st["round"], st["turn"]) == ("active", 1, "B")
    st = enc.state([BEGIN, END, END])
    assert (st["round"], st["turn"]) == (1, "C")
    # R14: the round ends after the last in the order; round 2 starts with B again.
    st = enc.state([BEGIN, END, END, END])
    assert (st["round"], st["turn"]) == (2, "B")


def test_r13_combat_ends_when_last_hostile_falls(encounter):
    # B (hp 5, defence 10) acts first and passes; A hits it (roll 20) for a fixed 5:
    # B is defeated (R21), no enemy is left against player and ally: combat ends by
    # itself (R13), there is no turn, round 1 is kept.
    enc = trio(encounter, hp=5)
    log = [BEGIN, END, {"action": "attack", "unit": "A", "target": "B", "roll": 20, "damage": 5}]
    st = enc.state(log)
    assert (st["phase"], st["round"], st["turn"]) == ("ended", 1, None)
    assert st["units"]["B"]["status"] == "defeated"
    assert st["units"]["B"]["hp"] <= 0
    assert st["order"] == ["A", "C"]


def test_r13_gm_ends_combat_round_kept(encounter):
    enc = trio(encounter)
    st = enc.state([BEGIN, END, END, END, END, {"action": "end_combat"}])
    assert (st["phase"], st["round"], st["turn"]) == ("ended", 2, None)


def test_r13_fleeing_last_enemy_ends_combat(encounter):
    # B on (8,0) stands on the outer ring (no exits marked, R24) and flees on its turn.
    enc = encounter(
        rows(9, 5),
        [unit("A", (3, 2), "player", initiative=5), unit("B", (8, 0), "enemy", initiative=8)],
    )
    st = enc.state([BEGIN, {"action": "flee", "unit": "B"}])
    assert (st["phase"], st["round"], st["turn"]) == ("ended", 1, None)
    assert st["units"]["B"]["status"] == "fled"


def test_r14_ties_by_map_order(encounter):
    # C (7) first; A, B, D tie at 5 and keep map order.
    enc = encounter(
        rows(9, 5),
        [
            unit("A", (1, 1), "player", initiative=5),
            unit("B", (3, 1), "enemy", initiative=5),
            unit("C", (5, 1), "player", initiative=7),
            unit("D", (7, 1), "enemy", initiative=5),
        ],
    )
    assert enc.state()["order"] == ["C", "A", "B", "D"]
    st = enc.state([BEGIN, END])
    assert st["turn"] == "A"
    # R14: a joiner goes after everyone it ties with.
    join = {"action": "join", "unit": {"name": "X", "faction": "enemy", "initiative": 5}, "at": [1, 3]}
    assert enc.state([BEGIN, join])["order"] == ["C", "A", "B", "D", "X"]


def test_r14_ties_by_object_id_not_layer_position(encounter):
    # The file lists A before B, but B has the lower object id: B goes first (R14).
    enc = encounter(
        rows(9, 5),
        [
            unit("A", (1, 1), "player", initiative=5, id=7),
            unit("B", (3, 1), "enemy", initiative=5, id=2),
        ],
    )
    assert enc.state()["order"] == ["B", "A"]


def quartet(encounter):
    return encounter(
        rows(9, 5),
        [
            unit("A", (1, 1), "player", initiative=10),
            unit("B", (7, 1), "enemy", initiative=5),
            unit("C", (1, 3), "player", initiative=1),
        ],
    )


def test_r15_join_before_and_after_current_actor(encounter):
    enc = quartet(encounter)
    log = [BEGIN, END]  # A has acted; B (5) is current
    log.append({"action": "join", "unit": {"name": "X", "faction": "enemy", "initiative": 7}, "at": [7, 3]})
    log.append({"action": "join", "unit": {"name": "Y", "faction": "player", "initiative": 3}, "at": [4, 4]})
    st = enc.state(log)
    # R15: X (7) sits before B: it first acts next round; Y (3) sits after B: this round.
    assert (st["turn"], st["order"]) == ("B", ["A", "X", "B", "Y", "C"])
    assert st["units"]["X"]["at"] == [7, 3]
    assert st["units"]["Y"]["movement"] == 6  # R6: full before its first turn
    turns = []
    for _ in range(4):
        log.append(END)
        st = enc.state(log)
        turns.append((st["round"], st["turn"]))
    assert turns == [(1, "Y"), (1, "C"), (2, "A"), (2, "X")]


def test_r15_joiner_tying_with_current_actor_acts_this_round(encounter):
    # B (5) is acting; Z joins with 5: after everyone it ties with (R14), so after B: this
    # round (R15).
    enc = quartet(encounter)
    join = {"action": "join", "unit": {"name": "Z", "faction": "enemy", "initiative": 5}, "at": [4, 4]}
    log = [BEGIN, END, join]
    assert enc.state(log)["order"] == ["A", "B", "Z", "C"]
    assert enc.state([*log, END])["turn"] == "Z"


def test_r15_join_in_setup(encounter):
    enc = quartet(encounter)
    join = {"action": "join", "unit": {"name": "Z", "faction": "ally", "initiative": 6}, "at": [4, 2]}
    st = enc.state([join])
    assert st["phase"] == "setup"
    assert st["order"] == ["A", "Z", "B", "C"]
    assert enc.state([join, BEGIN, END])["turn"] == "Z"


# --- R16: who may do what, when ------------------------------------------------------


def test_r16_acting_out_of_turn_is_refused(encounter):
    enc = trio(encounter)  # B's turn first
    enc.refused([BEGIN, {"action": "move", "unit": "A", "to": [2, 2]}], 2)
    enc.refused([BEGIN, {"action": "face", "unit": "A", "dir": "w"}], 2)
    enc.refused([BEGIN, END, END, {"action": "attack", "unit": "A", "target": "B", "roll": 20}], 4)


def test_r16_second_action_refused(encounter):
    enc = trio(encounter)
    hit = {"action": "attack", "unit": "B", "target": "A", "roll": 1}
    enc.refused([BEGIN, hit, hit], 3)
    enc.refused([BEGIN, hit, {"action": "shove", "unit": "B", "target": "A", "roll": 20}], 3)
    # The action is spent, but the turn goes on: B may still move (R6 split) ...
    st = enc.state([BEGIN, hit, {"action": "move", "unit": "B", "to": [5, 2]}])
    assert st["units"]["B"]["at"] == [5, 2]
    # ... and next round it has an action again.
    again = {"action": "attack", "unit": "B", "target": "A", "roll": 20, "damage": 2}
    st = enc.state([BEGIN, hit, END, END, END, again])
    assert st["units"]["A"]["hp"] == 8


def test_r16_facing_free_on_own_turn_and_moving_keeps_it(encounter):
    enc = trio(encounter)
    log = [BEGIN, {"action": "face", "unit": "B", "dir": "ne"}, {"action": "face", "unit": "B", "dir": "se"}]
    assert enc.unit("B", log)["facing"] == "se"
    # Moving never changes facing (R16): (4,2) -> (5,2) -> (6,2).
    log.append({"action": "move", "unit": "B", "to": [6, 2]})
    assert enc.unit("B", log)["facing"] == "se"
    # Turning is not the action: B can still act (here it walks back and attacks).
    log += [
        {"action": "move", "unit": "B", "to": [4, 2]},
        {"action": "attack", "unit": "B", "target": "A", "roll": 20, "damage": 3},
    ]
    assert enc.unit("A", log)["hp"] == 7


def test_r16_place_only_in_setup(encounter):
    enc = trio(encounter)
    place = {"action": "place", "unit": "A", "at": [2, 3], "facing": "sw"}
    u = enc.unit("A", [place])
    assert (u["at"], u["facing"]) == ([2, 3], "sw")
    enc.refused([BEGIN, place], 2)


def test_r04_never_two_on_one_hex(encounter):
    # R4: placing or joining onto a held hex is refused.
    enc = trio(encounter)
    enc.refused([{"action": "place", "unit": "A", "at": [4, 2]}], 1)
    join = {"action": "join", "unit": {"name": "X", "faction": "enemy"}, "at": [3, 2]}
    enc.refused([BEGIN, join], 2)


# --- bad logs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        '{"action": "move", "unit": "B", "to": [5, 2]',  # not JSON
        "[1, 2, 3]",  # not an object
        '{"action": "teleport", "unit": "B"}',  # unknown action
        '{"action": "move", "unit": "Nobody", "to": [5, 2]}',  # unknown unit
        '{"action": "move", "unit": "B"}',  # missing field
        '{"action": "move", "unit": "B", "to": [40, 2]}',  # off the grid
    ],
    ids=["not-json", "not-object", "unknown-action", "unknown-unit", "missing-to", "off-grid"],
)
@pytest.mark.parametrize("command", ["state", "reach", "threat", "arc"])
def test_bad_log_line_exit_2_with_line_number(encounter, bad, command):
    enc = trio(encounter)
    args = {
        "state": ["--json"],
        "reach": ["--unit", "A", "--json"],
        "threat": ["--against", "player", "--json"],
        "arc": ["--attacker", "B", "--defender", "A", "--json"],
    }[command]
    enc.refused([BEGIN, {"action": "face", "unit": "B", "dir": "w"}, bad], 3, command, *args)


def test_illegal_action_without_json_flag_prints_nothing(encounter):
    # The people-readable form refuses the same way: exit 2, one stderr line, empty stdout.
    enc = trio(encounter)
    res = enc.run("state", log=[BEGIN, END, {"action": "move", "unit": "B", "to": [5, 2]}])
    assert (res.code, res.out) == (2, "")
    assert len(res.err.strip().splitlines()) == 1
    assert_names_line(res.err, 3)


def test_extra_fields_are_ignored(encounter):
    enc = trio(encounter)
    st = enc.state([{"action": "begin", "note": "ambush!"}])
    assert st["turn"] == "B"
