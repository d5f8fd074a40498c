"""Encounter lifecycle: phases (R13), initiative and joins (R14, R15), turn budget (R6),
hazard at turn start (R25), state_json, undo/clone, and refused actions leaving the state alone.

Maps are pointy-top, staggerindex odd (see tests/test_facing.py for neighbours).
"""

from __future__ import annotations

import pytest

from game.rules import EndReason, Outcome
from game.rules.actions import (
    Attack,
    Begin,
    EndCombat,
    EndTurn,
    Face,
    GrantMovement,
    Join,
    Move,
    Place,
    Remove,
    SetThreatening,
)
from game.rules.encounter import Encounter
from game.rules.errors import RulesError
from game.rules.textmap import scenario_from_rows
from tests.engine_fixtures import OPEN, refused


def encounter(units: list[dict], rows: list[str] = OPEN, **kw) -> Encounter:
    return Encounter.from_scenario(scenario_from_rows(rows, units, **kw))


def unit(name: str, at: tuple[int, int], faction: str, **props) -> dict:
    return {"name": name, "at": at, "faction": faction, **props}


TRIO = [
    unit("Aldric", (1, 1), "player", initiative=3),
    unit("Orc", (8, 1), "enemy", initiative=5),
    unit("Brin", (1, 5), "player", initiative=3),
]


def test_setup_state() -> None:
    s = encounter(TRIO).state_json()
    assert s["phase"] == "setup" and s["round"] == 0 and s["turn"] is None
    # R14: higher first; Aldric and Brin tie, map order decides.
    assert s["order"] == ["Orc", "Aldric", "Brin"]
    assert s["units"]["Aldric"] == {
        "at": [1, 1], "faction": "player", "facing": "e", "movement": 6, "movement_max": 6,
        "zoc_exhausted": False, "hp": 10, "initiative": 3, "status": "active", "threatening": True,
    }


def test_begin_and_rounds() -> None:
    enc = encounter(TRIO)
    enc.apply(Begin())
    assert (enc.phase, enc.round, enc.turn) == ("active", 1, "Orc")
    enc.apply(EndTurn())
    assert enc.turn == "Aldric"
    enc.apply(EndTurn())
    assert enc.turn == "Brin"
    enc.apply(EndTurn())
    assert (enc.round, enc.turn) == (2, "Orc")  # R14: the round ends after the last in order


def test_wrong_phase_and_wrong_turn_are_refused() -> None:
    enc = encounter(TRIO)
    refused(enc, Move("Aldric", (2, 1)), "not begun")
    refused(enc, EndTurn(), "not begun")
    refused(enc, EndCombat(), "not begun")
    enc.apply(Begin())
    refused(enc, Begin(), "setup only")
    refused(enc, Place("Aldric", (2, 2)), "setup only")
    refused(enc, Move("Aldric", (2, 1)), "Orc")
    refused(enc, Move("Nobody", (2, 1)), 'unknown unit "Nobody"')


def test_movement_reset_and_loss_r6() -> None:
    enc = encounter(TRIO)
    enc.apply(Begin())
    enc.apply(Move("Orc", (6, 1)))
    assert enc.unit("Orc").movement == 4
    enc.apply(EndTurn())
    # Unspent movement is lost and reads 0 until its next turn; others keep full movement.
    assert enc.state_json()["units"]["Orc"]["movement"] == 0
    assert enc.state_json()["units"]["Brin"]["movement"] == 6
    enc.apply(EndTurn())
    enc.apply(EndTurn())
    assert enc.turn == "Orc" and enc.unit("Orc").movement == 6


def test_grant_movement_adds_to_remaining() -> None:
    enc = encounter(TRIO)
    enc.apply(Begin())
    enc.apply(Move("Orc", (6, 1)))
    enc.apply(GrantMovement("Orc", 3))
    assert enc.unit("Orc").movement == 7
    assert enc.unit("Orc").movement_max == 6
    refused(enc, GrantMovement("Orc", 0), "at least 1")


def test_auto_end_when_no_hostile_pair_remains_r13() -> None:
    enc = encounter(TRIO)
    enc.apply(Begin())
    enc.apply(EndTurn())  # Aldric
    enc.apply(Remove("Orc", "fled"))
    s = enc.state_json()
    assert s["phase"] == "ended" and s["turn"] is None and s["round"] == 1
    assert s["units"]["Orc"]["status"] == "fled" and s["units"]["Orc"]["at"] is None
    assert s["order"] == ["Aldric", "Brin"]
    assert enc.is_over() and enc.outcome() == Outcome(EndReason.NO_HOSTILES, ("player",))
    refused(enc, EndTurn(), "over")
    assert enc.legal_actions() == []


def test_neutral_is_hostile_to_nobody_by_default() -> None:
    enc = encounter([unit("A", (1, 1), "player"), unit("N", (5, 5), "neutral")])
    enc.apply(Begin())
    assert enc.phase == "ended" and enc.round == 1
    enc = encounter([unit("A", (1, 1), "player"), unit("N", (5, 5), "neutral")], hostile="neutral/player")
    enc.apply(Begin())
    assert enc.phase == "active"


def test_gm_ends_combat_and_round_is_kept() -> None:
    enc = encounter(TRIO)
    enc.apply(Begin())
    for _ in range(4):
        enc.apply(EndTurn())
    enc.apply(EndCombat())
    assert enc.state_json()["round"] == 2 and enc.state_json()["turn"] is None


def test_removing_the_current_actor_passes_the_turn() -> None:
    enc = encounter(TRIO + [unit("Orc 2", (8, 5), "enemy")])
    enc.apply(Begin())
    enc.apply(EndTurn())
    assert enc.turn == "Aldric"
    enc.apply(Remove("Aldric", "defeated"))
    assert enc.turn == "Brin" and enc.round == 1
    refused(enc, Remove("Aldric", "fled"), "no longer on the board")


def test_hazard_at_turn_start_r25() -> None:
    rows = [".........."] * 3 + [".h........"] + ["........."  "."] * 4
    units = [
        unit("Aldric", (1, 3), "player", initiative=9, hp=5),
        unit("Brin", (5, 5), "player", initiative=7),
        unit("Orc", (8, 1), "enemy", initiative=1),
    ]
    enc = encounter(units, rows)
    enc.apply(Begin())
    assert enc.unit("Aldric").hp == 2  # default hazard_damage 3
    enc.apply(EndTurn())
    enc.apply(EndTurn())
    enc.apply(EndTurn())
    # Round 2: the hazard defeats Aldric at its turn start; the turn passes on.
    s = enc.state_json()
    assert s["round"] == 2 and s["turn"] == "Brin"
    assert s["units"]["Aldric"]["status"] == "defeated" and s["units"]["Aldric"]["hp"] == -1


def test_the_hazard_a_combatant_would_take_starting_its_turn_on_each_hex_r25_r26() -> None:
    # Fire at 4,3 (odd row: its neighbours are 5,3 3,3 5,2 4,2 4,4 5,4). A standard combatant takes its 3 only
    # with its centre on it; a large one (radius 1, R26) wherever its footprint covers it: centred on it or
    # on any of its six neighbours; two hexes off (6,3), nothing. The AI weighs a turn's end by it.
    rows = ["." * 10] * 3 + ["....h....."] + ["." * 10] * 4
    units = [unit("Aldric", (1, 1), "player", initiative=9), unit("Ogre", (8, 6), "enemy", size="large")]
    enc = encounter(units, rows)
    small, large = enc.hazard_at_turn_start("Aldric"), enc.hazard_at_turn_start("Ogre")
    fire = (4, 3)
    ring = [(5, 3), (3, 3), (5, 2), (4, 2), (4, 4), (5, 4)]
    assert [(c, r) for r, c in zip(*small.nonzero(), strict=True)] == [fire] and small[3, 4] == 3
    assert sorted((c, r) for r, c in zip(*large.nonzero(), strict=True)) == sorted([fire, *ring])
    assert all(large[r, c] == 3 for c, r in [fire, *ring]) and large[3, 6] == 0


def test_join_after_current_actor_acts_this_round_r15() -> None:
    enc = encounter(TRIO)
    enc.apply(Begin())
    enc.apply(EndTurn())  # Aldric's turn (initiative 3)
    enc.apply(Join.of({"name": "Cora", "faction": "ally", "initiative": 3}, (4, 4)))
    # Ties go after everyone tied (R14): Cora after Brin, later this round.
    assert enc.state_json()["order"] == ["Orc", "Aldric", "Brin", "Cora"]
    enc.apply(EndTurn())
    enc.apply(EndTurn())
    assert enc.turn == "Cora" and enc.round == 1


def test_join_before_current_actor_first_acts_next_round_r15() -> None:
    enc = encounter(TRIO)
    enc.apply(Begin())
    enc.apply(EndTurn())  # Aldric
    enc.apply(Join.of({"name": "Dax", "faction": "enemy", "initiative": 9}, (6, 6)))
    assert enc.order()[0] == "Dax"
    enc.apply(EndTurn())
    assert enc.turn == "Brin"
    enc.apply(EndTurn())
    assert (enc.round, enc.turn) == (2, "Dax")


def test_join_refusals() -> None:
    enc = encounter(TRIO)
    refused(enc, Join.of({"name": "Orc", "faction": "enemy"}, (4, 4)), "already")
    refused(enc, Join.of({"name": "Ogre", "faction": "enemy", "size": "large"}, (0, 4)), "does not fit")
    refused(enc, Join.of({"name": "X", "faction": "enemy"}, (1, 1)), "overlaps")
    refused(enc, Join.of({"name": "X", "faction": "orcs"}, (4, 4)), "faction")
    enc.apply(Join.of({"name": "X", "faction": "enemy"}, (4, 4)))  # valid in setup too
    assert enc.state_json()["units"]["X"]["at"] == [4, 4]


def test_place_in_setup_only() -> None:
    rows = ["..#......."] + ["." * 10] * 7
    enc = encounter(TRIO, rows)
    enc.apply(Place("Aldric", (3, 3), "w"))
    assert enc.state_json()["units"]["Aldric"]["at"] == [3, 3]
    assert enc.state_json()["units"]["Aldric"]["facing"] == "w"
    refused(enc, Place("Aldric", (2, 0)), "impassable terrain at 2,0")
    refused(enc, Place("Aldric", (8, 1)), "overlaps")
    refused(enc, Place("Aldric", (3, 3), "n"), "direction")


def test_set_threatening_changes_threat() -> None:
    enc = encounter(TRIO)
    assert enc.threat_against("player")[1, 7]  # (7,1) next to the Orc
    enc.apply(SetThreatening("Orc", False))
    assert not enc.threat_against("player").any()
    assert enc.state_json()["units"]["Orc"]["threatening"] is False


def test_undo_restores_exactly_and_clone_is_independent() -> None:
    enc = encounter(TRIO)
    snaps = [enc.snapshot()]
    for action in [Begin(), Move("Orc", (5, 1)), Face("Orc", "w"), EndTurn(), Move("Aldric", (3, 1))]:
        enc.apply(action)
        snaps.append(enc.snapshot())
    twin = enc.clone()
    twin.apply(EndTurn())
    assert enc.snapshot() == snaps[-1]
    while enc.history:
        enc.undo()
        snaps.pop()
        assert enc.snapshot() == snaps[-1]
    with pytest.raises(RulesError):
        enc.undo()


def test_seeded_dice_are_reproducible_and_recorded() -> None:
    units = [unit("Orc", (4, 1), "enemy", initiative=5, attack=3, damage="2d6+1"), unit("Aldric", (5, 1), "player")]
    first = encounter(units, seed=7)
    first.apply(Begin())
    rec = first.apply(Attack("Orc", "Aldric")).action
    assert rec.roll is not None and 1 <= rec.roll <= 20
    second = encounter(units, seed=7)
    second.apply(Begin())
    assert second.apply(Attack("Orc", "Aldric")).action == rec
    if rec.damage is not None:
        assert 3 <= rec.damage <= 13 and first.unit("Aldric").hp == 10 - rec.damage


def test_reach_for_budget_preview() -> None:
    enc = encounter(TRIO)
    enc.apply(Begin())
    enc.apply(Move("Orc", (5, 1)))
    reach = enc.reach_for("Orc")  # arrays are [row, col]
    assert reach.cost[1, 4] == 1  # 3 movement left
    assert reach.cost[1, 2] == 3 and reach.can_end[1, 2]  # 2,1: three steps west, all it has left (R6)
    assert reach.cost[1, 1] == -1 and not reach.can_end[1, 1]  # 1,1: a fourth step, onto Aldric (R4)
    preview = enc.reach_for("Aldric", budget=2)
    ends = {cell for cell, _c, _s in preview.destinations()}
    assert (3, 1) in ends and (4, 1) not in ends


def test_legal_actions_of_the_current_actor() -> None:
    # A on the map edge (an exit, R24), next to the Orc, with one skill.
    enc = encounter([unit("A", (0, 2), "player", initiative=5, skills="blades:2"), unit("O", (1, 2), "enemy")])
    enc.apply(Begin())
    kinds = {}
    for a in enc.legal_actions():
        kinds.setdefault(a.KIND, []).append(a)
    assert [a.target for a in kinds["attack"]] == ["O"]
    assert [a.target for a in kinds["shove"]] == ["O"]
    assert sorted(a.skill for a in kinds["disengage"]) == ["blades", "none"]
    assert len(kinds["flee"]) == 1 and len(kinds["end_turn"]) == 1
    assert sorted(a.dir for a in kinds["face"]) == ["ne", "nw", "se", "sw", "w"]
    reach = {cell for cell, _c, _s in enc.reach_for("A").destinations()}
    assert {a.to for a in kinds["move"]} == reach and (1, 2) not in reach
    for action in enc.legal_actions():
        assert enc.check(action) is None, action
    enc.apply(Attack("A", "O", roll=1))
    assert {a.KIND for a in enc.legal_actions()} == {"move", "face", "end_turn"}  # R16: one action


def test_undo_and_check_keep_the_live_unit_objects() -> None:
    enc = encounter(TRIO)
    orc = enc.unit("Orc")
    enc.apply(Begin())
    assert enc.check(Move("Orc", (5, 1))) is None and orc.cell == (8, 1)
    enc.apply(Move("Orc", (5, 1)))
    assert orc.cell == (5, 1)
    enc.undo()
    assert enc.unit("Orc") is orc and orc.cell == (8, 1) and orc.movement == 6
