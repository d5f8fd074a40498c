"""Legality and effects of each action (R4-R12, R16, R19-R24), worked out by hand.

Maps are pointy-top, staggerindex odd. Neighbours of (c, r):
even row: e (c+1,r) ne (c,r-1) nw (c-1,r-1) w (c-1,r) sw (c-1,r+1) se (c,r+1);
odd row:  e (c+1,r) ne (c+1,r-1) nw (c,r-1) w (c-1,r) sw (c,r+1) se (c+1,r+1).
The Orc at (5,2) threatens (6,2) (4,2) (5,1) (4,1) (4,3) (5,3).
"""

from __future__ import annotations

import pytest

from game.rules.actions import (
    Attack,
    Disengage,
    EndTurn,
    Face,
    Flee,
    GrantMovement,
    Move,
    Push,
    Shove,
)
from tests.engine_fixtures import OPEN, hero, orc, refused, start


def with_row(row: int, text: str) -> list[str]:
    rows = list(OPEN)
    rows[row] = text
    return rows


# --- move -------------------------------------------------------------------


def test_move_into_threat_stops_and_exhausts_r9() -> None:
    enc = start([hero(), orc()])
    enc.apply(Move("A", (4, 2)))
    a = enc.unit("A")
    assert (a.cell, a.movement, a.zoc_exhausted) == ((4, 2), 0, True)


def test_move_short_of_threat_spends_cost() -> None:
    enc = start([hero(), orc()])
    enc.apply(Move("A", (3, 2)))
    assert enc.unit("A").movement == 4 and not enc.unit("A").zoc_exhausted
    enc.apply(Move("A", (2, 2)))  # split movement (R6)
    assert enc.unit("A").movement == 3
    assert enc.state_json()["units"]["A"]["facing"] == "e"  # moving never turns (R16)


def test_explicit_path_checked_step_by_step() -> None:
    enc = start([hero(), orc()])
    refused(enc, Move("A", (4, 1), path=((2, 2), (3, 2), (4, 2), (4, 1))), "already stopped")
    refused(enc, Move("A", (3, 2), path=((3, 2),)), "not adjacent")
    refused(enc, Move("A", (3, 2), path=((2, 2),)), "does not end")
    enc.apply(Move("A", (4, 2), path=((1, 2), (2, 2), (3, 2), (4, 2))))  # the start may be listed
    assert enc.unit("A").movement == 0 and enc.unit("A").zoc_exhausted


def test_difficult_terrain_and_unaffordable_moves() -> None:
    enc = start([hero(move=2), orc()], with_row(2, "..d......."))
    refused(enc, Move("A", (3, 2), path=((2, 2), (3, 2))), "costs 3 but only 2")
    # The refusal says how far (by hand: 2 into the difficult hex, 1 beyond it), so a player knows
    # it is one step too far, not walled off.
    refused(enc, Move("A", (3, 2)), r"cannot reach 3,2: 3 movement away, 2 left")
    enc.apply(Move("A", (2, 2)))
    assert enc.unit("A").movement == 0
    refused(enc, Move("A", (3, 2)), r"1 movement away, 0 left")


def test_a_move_onto_someone_names_who_stands_there_r4() -> None:
    # Found on giants_lair: Bjorn (large) pointed at the empty 13,10 read "another combatant is there"; its
    # footprint there would cover Astrid's hex. The refusal names the hex and who stands on it.
    friend = {"name": "F", "at": (5, 3), "faction": "player"}
    enc = start([hero(at=(2, 3), size="large"), friend, orc(at=(8, 6))])
    refused(enc, Move("A", (4, 3)), r'may not end a move at 4,3: there it would cover 5,3, where "F" stands \(R4\)')
    enc = start([hero(at=(2, 3)), friend, orc(at=(8, 6))])
    refused(enc, Move("A", (5, 3)), r'may not end a move at 5,3: "F" is there \(R4\)')
    refused(enc, Move("A", (8, 6)), r'may not enter 8,6: "O" holds it \(R4\)')


def test_a_hex_walled_off_says_there_is_no_way() -> None:
    # Column 3 is water top to bottom: a ground walker (R5) has no way to the far side at any cost.
    rows = [r[:3] + "w" + r[4:] for r in OPEN]
    refused(start([hero(), orc()], rows), Move("A", (4, 0)), "no way there within 4 turns' movement")


def test_a_refusal_names_impassable_terrain_in_words() -> None:
    # Found on the Black Gull: "may not enter blocked at 9,6" read as a broken sentence. R5: no movement type
    # enters blocked terrain.
    rows = with_row(2, "..#.......")
    refused(start([hero(), orc()], rows), Move("A", (2, 2)), r"may not enter impassable terrain at 2,2 \(ground")


def test_water_blocks_ground_but_not_flying() -> None:
    rows = with_row(2, "..w.......")
    refused(start([hero(), orc()], rows), Move("A", (2, 2)), "may not enter water")
    enc = start([hero(movement_type="flying"), orc()], rows)
    enc.apply(Move("A", (2, 2)))
    assert enc.unit("A").movement == 5


def test_occupancy_r4() -> None:
    friend = {"name": "B", "at": (2, 2), "faction": "ally"}
    enc = start([hero(), orc(), friend])
    refused(enc, Move("A", (2, 2)), '"B" is there')  # named: "another combatant" said neither who nor where
    refused(enc, Move("A", (5, 2)), '"O" holds it')
    enc.apply(Move("A", (3, 2), path=((2, 2), (3, 2))))  # passing through a friend is fine
    assert enc.unit("A").movement == 4


def test_zoc_only_first_entry_counts_r9() -> None:
    enc = start([hero(), orc()])
    enc.apply(Move("A", (4, 2)))
    enc.apply(GrantMovement("A", 3))
    enc.apply(Move("A", (4, 1)))  # threatened, but ZoC already exhausted it this turn
    assert enc.unit("A").movement == 2


def test_starting_inside_threat_r10() -> None:
    enc = start([hero(at=(4, 2)), orc()])
    enc.apply(Move("A", (3, 2)))  # leaving for an unthreatened hex is free
    assert enc.unit("A").movement == 5 and not enc.unit("A").zoc_exhausted
    enc = start([hero(at=(4, 2)), orc()])
    enc.apply(Move("A", (4, 1)))  # threatened to threatened is an entry
    assert enc.unit("A").movement == 0 and enc.unit("A").zoc_exhausted


def test_after_end_turn_movement_reads_zero_and_moves_are_refused() -> None:
    enc = start([hero(), orc()])
    enc.apply(EndTurn())
    refused(enc, Move("A", (2, 2)), "turn")


# --- attack -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("orc_facing", "roll", "hit"),
    [("w", 10, True), ("w", 9, False), ("e", 6, True), ("e", 5, False),
     ("ne", 8, True), ("ne", 7, False), ("nw", 10, True), ("nw", 9, False)],
)
def test_attack_roll_against_defence_minus_positional_penalty(orc_facing, roll, hit) -> None:
    # A at (4,2) is w of the Orc: front when it faces w, rear (-4) facing e, left (-2) facing ne, front facing nw.
    enc = start([hero(at=(4, 2)), orc(facing=orc_facing)])
    rec = enc.apply(Attack("A", "O", roll=roll, damage=4)).action
    assert enc.unit("O").hp == (6 if hit else 10)
    assert rec.roll == roll


def test_attack_rolls_damage_dice_when_not_given() -> None:
    enc = start([hero(at=(4, 2), damage="2d4+1"), orc()])
    rec = enc.apply(Attack("A", "O", roll=20)).action
    assert 3 <= rec.damage <= 9 and enc.unit("O").hp == 10 - rec.damage


def test_attack_defeats_and_ends_combat() -> None:
    enc = start([hero(at=(4, 2)), orc(hp=3)])
    enc.apply(Attack("A", "O", roll=20, damage=3))
    s = enc.state_json()
    assert s["units"]["O"]["status"] == "defeated" and s["units"]["O"]["at"] is None
    assert s["phase"] == "ended"


def test_attack_refusals() -> None:
    friend = {"name": "B", "at": (3, 3), "faction": "ally"}
    enc = start([hero(at=(3, 2)), orc(), friend])
    refused(enc, Attack("A", "O"), "out of reach")
    refused(enc, Attack("A", "B"), "not hostile")
    refused(enc, Attack("A", "A"), "itself")
    refused(enc, Attack("A", "Z"), 'unknown unit "Z"')
    enc.apply(Move("A", (4, 2)))
    refused(enc, Attack("A", "O", roll=21), "1 to 20")
    enc.apply(Attack("A", "O", roll=1))
    refused(enc, Attack("A", "O"), "already used their action")


def test_long_weapon_band() -> None:
    enc = start([hero(at=(3, 2), reach=2), orc()])
    enc.apply(Attack("A", "O", roll=20, damage=1))
    assert enc.unit("O").hp == 9
    enc = start([hero(at=(4, 2), reach=2), orc()])
    refused(enc, Attack("A", "O"), "distance 1")  # a polearm does not strike adjacent (R8)


def test_attacking_turns_the_attacker_r20() -> None:
    enc = start([hero(at=(4, 1)), orc()])  # the Orc is se of (4,1)
    enc.apply(Attack("A", "O", roll=1))
    assert enc.state_json()["units"]["A"]["facing"] == "se"


# --- shove ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("terrain", "cell", "hp", "status"),
    [(".", (6, 2), 10, "active"), ("h", (6, 2), 7, "active"), ("#", (5, 2), 10, "active"),
     ("c", (6, 2), 10, "defeated")],
)
def test_shove_pushes_one_hex_away_r22(terrain, cell, hp, status) -> None:
    enc = start([hero(at=(4, 2), facing="ne"), orc()], with_row(2, "......" + terrain + "..."))
    enc.apply(Shove("A", "O", roll=20))
    o = enc.unit("O")
    assert (o.cell, o.hp, o.status) == (cell, hp, status)
    assert enc.state_json()["units"]["A"]["facing"] == "e"


def test_shove_miss_and_flying_over_chasm() -> None:
    rows = with_row(2, "......c...")
    enc = start([hero(at=(4, 2)), orc(), {"name": "P", "at": (8, 7), "faction": "player"}], rows)
    enc.apply(Shove("A", "O", roll=1))
    assert enc.unit("O").cell == (5, 2)
    refused(enc, Shove("A", "O", roll=20), "already used")
    enc = start([hero(at=(4, 2)), orc(movement_type="flying")], rows)
    enc.apply(Shove("A", "O", roll=20))
    assert enc.unit("O").cell == (6, 2) and enc.unit("O").active


def test_shove_refusals() -> None:
    enc = start([hero(at=(3, 2)), orc()])
    refused(enc, Shove("A", "O"), "not adjacent")
    enc = start([hero(at=(3, 2)), orc(size="large")])
    refused(enc, Shove("A", "O"), "larger")
    # From afar too, the size is named, not the distance: no step would let A shove a larger target (R22;
    # found on giants_lair: Sigrun pointing at the Cave Troll read "not adjacent").
    enc = start([hero(at=(1, 2)), orc(size="large")])
    refused(enc, Shove("A", "O"), r'"O" \(large\) is larger than "A" \(standard\): only a combatant as large')


# --- disengage --------------------------------------------------------------


def test_disengage_success_frees_movement_r23() -> None:
    enc = start([hero(at=(4, 2), skills="blades:3"), orc()])
    enc.apply(Disengage("A", "parry", "blades", roll=9))  # 9 + 3 >= 10 + 2
    enc.apply(Move("A", (4, 1)))
    assert enc.unit("A").movement == 5 and not enc.unit("A").zoc_exhausted
    refused(enc, Attack("A", "O"), "already used")


def test_disengage_failure_spends_the_action() -> None:
    enc = start([hero(at=(4, 2), skills="blades:3"), orc()])
    enc.apply(Disengage("A", "parry", "blades", roll=8))
    enc.apply(Move("A", (4, 1)))
    assert enc.unit("A").movement == 0


def test_disengage_uses_highest_threatener_attack_and_missing_skill_is_zero() -> None:
    units = [hero(at=(4, 2), skills="blades:3"), orc(), {"name": "O2", "at": (4, 3), "faction": "enemy", "attack": 5}]
    enc = start(units)
    enc.apply(Disengage("A", "feint", "blades", roll=11))  # 14 < 15
    assert enc.unit("A").disengaged_from == frozenset()
    enc = start(units)
    enc.apply(Disengage("A", "feint", "blades", roll=12))
    assert enc.unit("A").disengaged_from == {"O", "O2"}
    enc = start(units)
    enc.apply(Disengage("A", "tumble", "acrobatics", roll=14))  # 14 + 0 < 15
    assert enc.unit("A").disengaged_from == frozenset()


def test_disengage_only_in_threatened_space() -> None:
    enc = start([hero(at=(3, 2)), orc()])
    refused(enc, Disengage("A", "feint", "blades"), "not in threatened space")


# --- flee -------------------------------------------------------------------


def test_flee_from_edge_when_map_marks_no_exit_r24() -> None:
    units = [hero(at=(0, 2)), orc(), {"name": "B", "at": (3, 5), "faction": "player"}]
    enc = start(units)
    enc.apply(Flee("A"))
    s = enc.state_json()
    assert s["units"]["A"]["status"] == "fled" and s["turn"] == "O"
    enc = start([hero(at=(3, 3)), orc()])
    refused(enc, Flee("A"), "exit")


def test_flee_only_from_marked_exits() -> None:
    rows = with_row(4, ".........x")
    enc = start([hero(at=(0, 2)), orc(), {"name": "B", "at": (9, 4), "faction": "player", "initiative": 9}], rows)
    enc.apply(Flee("B"))  # it is B's turn (initiative 9): B stands on the exit
    enc.apply(Face("A", "w"))
    refused(enc, Flee("A"), "exit")


def test_large_creature_flees_with_any_footprint_hex_on_exit() -> None:
    enc = start([hero(at=(1, 3), size="large"), orc(), {"name": "B", "at": (7, 6), "faction": "player"}])
    enc.apply(Flee("A"))  # its footprint reaches column 0
    assert enc.unit("A").status == "fled"


def test_exit_at_answers_for_a_hex_before_the_move_r24() -> None:
    """The question a move preview asks: standing there, could it flee? Marked exit at 9,4 only (row 4 of
    the map); a large creature counts with any footprint hex on it, so centres 8,4 (west of it) and 9,3 or
    9,5 (its neighbours) do, 7,4 (two away) does not."""
    rows = with_row(4, ".........x")
    enc = start([hero(at=(3, 3), size="large"), orc(), {"name": "B", "at": (6, 6), "faction": "player"}], rows)
    assert not enc.exit_at("A") and not enc.exit_at("B")
    assert enc.exit_at("B", (9, 4)) and not enc.exit_at("B", (9, 3)) and not enc.exit_at("B", (0, 2))
    assert [c for c in [(8, 4), (9, 3), (9, 5), (7, 4), (8, 2)] if enc.exit_at("A", c)] == [(8, 4), (9, 3), (9, 5)]


# --- push (GM, R12) ---------------------------------------------------------


def test_push_stops_short_and_ignores_movement_and_zoc() -> None:
    enc = start([hero(), orc(), {"name": "B", "at": (8, 2), "faction": "player"}])
    enc.apply(Push("O", "e", 5))
    assert enc.unit("O").cell == (7, 2)  # stopped by B at (8,2)
    enc.apply(Push("A", "e", 4))
    a = enc.unit("A")
    assert a.cell == (5, 2) and a.movement == 6 and not a.zoc_exhausted  # into threat, no ZoC
    enc.apply(Push("O", "ne", 9))
    assert enc.unit("O").cell == (8, 0)  # stops at the map edge: (7,2) -> (8,1) -> (8,0)


def test_push_through_hazards_and_into_blocked() -> None:
    enc = start([hero(at=(2, 2)), orc(at=(8, 6))], with_row(2, "...hh.#..."))
    enc.apply(Push("A", "e", 9))
    a = enc.unit("A")
    assert a.cell == (5, 2) and a.hp == 4  # two hazard steps of 3, stopped before #


def test_push_large_never_onto_chasm_standard_falls() -> None:
    rows = ["......c..."] * 8
    units = [hero(at=(4, 3), size="large"), orc(at=(8, 6)), {"name": "B", "at": (2, 6), "faction": "player"}]
    enc = start(units, rows)
    enc.apply(Push("A", "e", 3))
    assert enc.unit("A").cell == (4, 3)
    enc.apply(Push("B", "e", 6))
    assert enc.unit("B").status == "defeated"


def test_push_refusals() -> None:
    enc = start([hero(), orc()])
    refused(enc, Push("O", "n", 1), "direction")
    refused(enc, Push("O", "e", 0), "at least 1")


# --- multi-hex movement (R27) ---------------------------------------------------
# A large creature centred (2,3) covers (2,3) (3,3) (1,3) (3,2) (2,2) (3,4) (2,4).
# One step e to (3,3) newly covers (4,2) (4,3) (4,4).


def test_large_step_costs_the_highest_newly_covered_hex() -> None:
    enc = start([hero(at=(2, 3), size="large"), orc(at=(8, 7))], with_row(2, "....d....."))
    enc.apply(Move("A", (3, 3), path=((3, 3),)))
    assert enc.unit("A").movement == 4


def test_large_step_is_a_zoc_entry_when_a_newly_covered_hex_is_threatened() -> None:
    polearm = orc(at=(6, 3), reach=2)  # threatens hexes exactly 2 away: (4,3) but no hex A covers now
    enc = start([hero(at=(2, 3), size="large"), polearm])
    refused(enc, Move("A", (4, 3), path=((3, 3), (4, 3))), "already stopped")
    enc.apply(Move("A", (3, 3), path=((3, 3),)))
    assert enc.unit("A").movement == 0 and enc.unit("A").zoc_exhausted
