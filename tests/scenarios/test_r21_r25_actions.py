"""Actions: R21 attack, R22 shove, R23 disengage, R24 flee, R25 hazards at turn start."""

from __future__ import annotations

import pytest

from .conftest import paint, rows, unit

BEGIN = {"action": "begin"}
END = {"action": "end_turn"}


def attack(name: str, target: str, roll: int, damage: int | None = None) -> dict:
    action: dict = {"action": "attack", "unit": name, "target": target, "roll": roll}
    if damage is not None:
        action["damage"] = damage
    return action


def target_map(encounter, a_at, a_props=None, d_props=None):
    """9 x 7: attacker A (enemy, acts first) on ``a_at``; D (player) on (4,3) (odd row).

    Q, a second player in the corner, keeps the encounter going if D falls.
    D's neighbours: e (5,3) ne (5,2) nw (4,2) w (3,3) sw (4,4) se (5,4); 2e is (6,3).
    """
    return encounter(
        rows(9, 7),
        [
            unit("A", a_at, "enemy", initiative=10, **(a_props or {})),
            unit("D", (4, 3), "player", **(d_props or {})),
            unit("Q", (0, 6), "player", threatening=False),
        ],
    )


# --- R21 attack ----------------------------------------------------------------------------

PIKE = {"reach": 2, "reach_min": 2}


def test_r21_pike_cannot_attack_adjacent(encounter):
    # Band [2,2]: D on (5,3)'s w side is at distance 1, outside the band.
    enc = target_map(encounter, (5, 3), PIKE)
    enc.refused([BEGIN, attack("A", "D", 20, 4)], 2)


def test_r21_pike_attacks_at_two(encounter):
    # (6,3) is 2 east of D: inside [2,2]. Roll 20 hits defence 10, fixed damage 4: 10 -> 6.
    enc = target_map(encounter, (6, 3), PIKE)
    assert enc.unit("D", [BEGIN, attack("A", "D", 20, 4)])["hp"] == 6


def test_r21_sword_cannot_attack_at_two(encounter):
    enc = target_map(encounter, (6, 3))
    enc.refused([BEGIN, attack("A", "D", 20, 4)], 2)


def test_r21_only_hostile_targets(encounter):
    # Q is a player like D: A (enemy) may attack D, but D may not attack its friend Q.
    enc = encounter(
        rows(9, 7),
        [unit("D", (4, 3), "player", initiative=10), unit("Q", (5, 3), "player"), unit("A", (0, 0), "enemy")],
    )
    enc.refused([BEGIN, attack("D", "Q", 20, 4)], 2)


def test_r21_rolled_damage_is_1d6(encounter):
    # No damage field: the seeded 1d6 deals 1..6 on a hit (roll 20 always hits defence 10).
    enc = target_map(encounter, (5, 3))
    assert 4 <= enc.unit("D", [BEGIN, attack("A", "D", 20)])["hp"] <= 9


def test_r21_defeat_leaves_the_board(encounter):
    # D (hp 3) takes 3 from A on its e side (5,3): 0 hp, defeated (R21). It leaves the
    # order, threatens nothing (R8), and its hex (4,3) is free: A (6 movement left, the
    # w step from (5,3)) may walk there for 1, with nothing left to stop it.
    enc = target_map(encounter, (5, 3), d_props={"hp": 3})
    log = [BEGIN, attack("A", "D", 20, 3)]
    st = enc.state(log)
    assert st["units"]["D"]["status"] == "defeated"
    assert st["units"]["D"]["hp"] <= 0
    assert st["order"] == ["A", "Q"]
    assert st["phase"] == "active"
    assert enc.threat("enemy", log) == set()
    assert enc.reach("A", log)[(4, 3)] == (1, False)


# --- R22 shove ------------------------------------------------------------------------------


def shove(name: str, target: str, roll: int) -> dict:
    return {"action": "shove", "unit": name, "target": target, "roll": roll}


@pytest.mark.parametrize(
    ("a_at", "roll", "d_at", "a_facing"),
    [
        # A on D's w side (3,3), D faces w (A in front, no penalty): roll 10 >= 10 succeeds,
        # D goes 1 hex e, to (5,3); A turns e toward D (R20).
        ((3, 3), 10, [5, 3], "e"),
        # Roll 9 < 10: D stays put; A still turns toward it.
        ((3, 3), 9, [4, 3], "e"),
        # A on D's ne side (5,2) (even row): D lies sw of A and is pushed sw of (4,3)
        # (odd row): (4,4).
        ((5, 2), 10, [4, 4], "sw"),
    ],
)
def test_r22_shove_pushes_directly_away(encounter, a_at, roll, d_at, a_facing):
    enc = target_map(encounter, a_at, {"facing": "nw"}, {"facing": "w"})
    st = enc.state([BEGIN, shove("A", "D", roll)])
    assert st["units"]["D"]["at"] == d_at
    assert st["units"]["D"]["hp"] == 10
    assert st["units"]["A"]["facing"] == a_facing


def test_r22_shove_against_wall_stops_short(encounter):
    # A wall behind D (on (5,3)): the shove succeeds but the push cannot enter it (R12).
    enc = encounter(
        paint(rows(9, 7), {(5, 3): "#"}),
        [unit("A", (3, 3), "enemy", initiative=10), unit("D", (4, 3), "player", facing="w")],
    )
    log = [BEGIN, shove("A", "D", 20)]
    assert enc.unit("D", log)["at"] == [4, 3]
    enc.refused([*log, attack("A", "D", 20, 1)], 3)  # the action is spent (R16)


def test_r22_cannot_shove_a_larger_target(encounter):
    # Large L centred on (4,3) covers (5,3) (3,3) (5,2) (4,2) (5,4) (4,4). A on (2,3) is
    # adjacent to (3,3), so adjacent to L (R28), but L is larger than A (R22).
    enc = encounter(
        rows(9, 7),
        [unit("A", (2, 3), "enemy", initiative=10), unit("L", (4, 3), "player", size="large")],
    )
    enc.refused([BEGIN, shove("A", "L", 20)], 2)
    # An attack on it from there is fine (adjacency to any occupied hex, R28).
    assert enc.unit("L", [BEGIN, attack("A", "L", 20, 2)])["hp"] == 8


# --- R23 disengage ----------------------------------------------------------------------------


def disengage_map(encounter, p_at=(4, 3), skills="blades:4, shields:1"):
    """11 x 7. P on (4,3) between E1 (5,3, attack 3) and E2 (3,3, attack 5); E3 (8,3,
    attack 9) is 4 away and does not cover P. Threshold: 10 + max(3, 5) = 15 (R23).

    E1's ring: (6,3) (4,3) (6,2) (5,2) (6,4) (5,4). E2's: (4,3) (2,3) (4,2) (3,2) (4,4) (3,4).
    E3's: (9,3) (7,3) (9,2) (8,2) (9,4) (8,4).
    """
    return encounter(
        rows(11, 7),
        [
            unit("P", p_at, "player", initiative=10, skills=skills),
            unit("E1", (5, 3), "enemy", attack=3),
            unit("E2", (3, 3), "enemy", attack=5),
            unit("E3", (8, 3), "enemy", attack=9),
        ],
    )


# P's four free neighbours all lie in E1's or E2's ring (the other two hold E1 and E2).
PINNED = {(4, 2): (1, True), (5, 2): (1, True), (4, 4): (1, True), (5, 4): (1, True)}
E1_E2_RINGS = {(6, 3), (6, 2), (5, 2), (6, 4), (5, 4), (2, 3), (4, 2), (3, 2), (4, 4), (3, 4)}


def disengage(skill: str, roll: int) -> dict:
    return {"action": "disengage", "unit": "P", "method": "feint", "skill": skill, "roll": roll}


def test_r23_pinned_before_disengaging(encounter):
    enc = disengage_map(encounter)
    assert enc.reach("P", [BEGIN]) == PINNED


@pytest.mark.parametrize(
    ("skill", "roll", "ok"),
    [
        ("blades", 11, True),  # 11 + 4 = 15 >= 15
        ("blades", 10, False),  # 14 < 15
        ("shields", 14, True),  # 14 + 1 = 15
        ("acrobatics", 15, True),  # missing skill counts 0: 15 >= 15
        ("acrobatics", 14, False),
    ],
)
def test_r23_disengage_threshold(encounter, skill, roll, ok):
    enc = disengage_map(encounter)
    log = [BEGIN, disengage(skill, roll)]
    reach = enc.reach("P", log)
    u = enc.unit("P", log)
    assert u["movement"] == 6
    if ok:
        # E1/E2's hexes no longer stop P this turn: (6,2) via (5,2) costs 2, (3,2) via
        # (4,2) costs 2 ((4,2) even: w (3,2)), no stop anywhere in their rings.
        assert reach[(6, 2)] == (2, False)
        assert reach[(3, 2)] == (2, False)
        assert not any(reach[c][1] for c in E1_E2_RINGS if c in reach)
        # E3's ring still stops: (7,3) is reached (4,3) -> (5,2) -> (6,2) -> (6,3) -> (7,3),
        # cost 4, and stops there.
        assert reach[(7, 3)] == (4, True)
    else:
        assert reach == PINNED
    # Either way the action is spent (R16/R23).
    enc.refused([*log, attack("P", "E1", 20, 1)], 3)


def test_r23_moving_through_after_success(encounter):
    # After success P walks (4,3) -> (5,2) -> (6,2) -> (6,3) through E1's ring: 3 paid,
    # not exhausted; then into (7,3), E3's ring: 1 paid and stopped (6 - 4 = 2 lost).
    enc = disengage_map(encounter)
    log = [BEGIN, disengage("blades", 20), {"action": "move", "unit": "P", "to": [6, 3]}]
    u = enc.unit("P", log)
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([6, 3], 3, False)
    log.append({"action": "move", "unit": "P", "to": [7, 3]})
    u = enc.unit("P", log)
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([7, 3], 0, True)


def test_r23_hexes_also_threatened_by_others_still_stop(encounter):
    # As above, but E3 (attack 9) stands on (7,2), 3 from P: it does not cover P, so the
    # threshold stays 15. Its ring (7,2) even: (8,2) (6,2) (7,1) (6,1) (7,3) (6,3) overlaps
    # E1's on (6,2) and (6,3). After success, hexes only E1/E2 threaten are free ((5,2) at
    # 1, (6,4) at 2 via (5,4), (3,2) at 2 via (4,2)); (6,2) (2, via (5,2)) still stops, and
    # so does (6,3) (3, via (5,4) and (6,4); the way over (6,2) ends on (6,2)).
    enc = encounter(
        rows(11, 7),
        [
            unit("P", (4, 3), "player", initiative=10, skills="blades:4"),
            unit("E1", (5, 3), "enemy", attack=3),
            unit("E2", (3, 3), "enemy", attack=5),
            unit("E3", (7, 2), "enemy", attack=9),
        ],
    )
    log = [BEGIN, disengage("blades", 11)]
    reach = enc.reach("P", log)
    assert reach[(5, 2)] == (1, False)
    assert reach[(6, 4)] == (2, False)
    assert reach[(3, 2)] == (2, False)
    assert reach[(6, 2)] == (2, True)
    assert reach[(6, 3)] == (3, True)


def test_r23_lasts_only_this_turn(encounter):
    enc = disengage_map(encounter)
    # P, E1, E2, E3 (ties in map order) pass; in round 2 P is pinned again.
    log = [BEGIN, disengage("blades", 20), END, END, END, END]
    assert enc.state(log)["turn"] == "P"
    assert enc.reach("P", log) == PINNED


def test_r23_only_in_threatened_space(encounter):
    enc = disengage_map(encounter, p_at=(0, 0))
    enc.refused([BEGIN, disengage("blades", 20)], 2)


# --- R24 flee ---------------------------------------------------------------------------------


def flee_map(encounter, p_at, marks=None, size="standard"):
    """7 x 5; P (init 10) flees, E and Q (another player) stay. Outer ring: cols 0 and 6,
    rows 0 and 4."""
    return encounter(
        paint(rows(7, 5), marks or {}),
        [
            unit("P", p_at, "player", initiative=10, size=size),
            unit("E", (6, 4), "enemy", initiative=5, threatening=False),
            unit("Q", (6, 0), "player", initiative=1),
        ],
    )


def test_r24_flee_from_outer_ring_when_no_exits(encounter):
    enc = flee_map(encounter, (0, 2))
    st = enc.state([BEGIN, {"action": "flee", "unit": "P"}])
    assert st["units"]["P"]["status"] == "fled"
    # R24: the turn passes on to the next in order.
    assert (st["turn"], st["order"], st["round"]) == ("E", ["E", "Q"], 1)


def test_r24_last_in_order_flees_round_passes(encounter):
    # Order P (10), E (5), Q (1). Q stands on (6,0), on the ring; when Q, last in the
    # order, flees, the turn passes on to round 2's first: P.
    enc = flee_map(encounter, (3, 2))
    st = enc.state([BEGIN, END, END, {"action": "flee", "unit": "Q"}])
    assert st["units"]["Q"]["status"] == "fled"
    assert (st["round"], st["turn"]) == (2, "P")


def test_r24_no_flight_from_inside(encounter):
    enc = flee_map(encounter, (3, 2))
    enc.refused([BEGIN, {"action": "flee", "unit": "P"}], 2)


def test_r24_marked_exits_replace_the_ring(encounter):
    # The map marks (3,2) as an exit: only there may one flee now.
    enc = flee_map(encounter, (3, 2), {(3, 2): "x"})
    assert enc.unit("P", [BEGIN, {"action": "flee", "unit": "P"}])["status"] == "fled"
    enc = flee_map(encounter, (0, 2), {(3, 2): "x"})
    enc.refused([BEGIN, {"action": "flee", "unit": "P"}], 2)


def test_r24_large_needs_one_footprint_hex_on_an_exit(encounter):
    # Large centred on (1,2) (even row) covers (0,1) (0,2) (0,3) in column 0: may flee.
    enc = flee_map(encounter, (1, 2), size="large")
    assert enc.unit("P", [BEGIN, {"action": "flee", "unit": "P"}])["status"] == "fled"
    # Centred on (3,2) it covers cols 2..4, rows 1..3: nowhere near the ring.
    enc = flee_map(encounter, (3, 2), size="large")
    enc.refused([BEGIN, {"action": "flee", "unit": "P"}], 2)


# --- R25 hazard at turn start -----------------------------------------------------------------


def hazard_map(encounter, marks, p_props, p_at=(2, 2)):
    """9 x 5: E (init 10) first, then P (init 5), then Q (player, init 1)."""
    return encounter(
        paint(rows(9, 5), marks),
        [
            unit("E", (8, 0), "enemy", initiative=10, threatening=False),
            unit("P", p_at, "player", initiative=5, **p_props),
            unit("Q", (0, 4), "player", initiative=1),
        ],
        tile_properties={"H": {"terrain": "hazard", "hazard_damage": 5}},
    )


def test_r25_hazard_at_turn_start(encounter):
    # The GM pushes P from (2,2) onto the hazard (3,2): 3 (R12). At the start of P's own
    # turn it is standing in it: 3 more (R25), 10 - 3 - 3 = 4.
    enc = hazard_map(encounter, {(3, 2): "h"}, {})
    log = [BEGIN, {"action": "push", "unit": "P", "dir": "e", "distance": 1}]
    assert enc.unit("P", log)["hp"] == 7
    log.append(END)
    st = enc.state(log)
    assert (st["turn"], st["units"]["P"]["hp"]) == ("P", 4)


def test_r25_defeat_at_turn_start_passes_the_turn(encounter):
    # hp 6: the push leaves 3, the turn-start damage 0: defeated; Q acts next (R25).
    enc = hazard_map(encounter, {(3, 2): "h"}, {"hp": 6})
    log = [BEGIN, {"action": "push", "unit": "P", "dir": "e", "distance": 1}, END]
    st = enc.state(log)
    assert st["units"]["P"]["status"] == "defeated"
    assert (st["turn"], st["round"], st["order"]) == ("Q", 1, ["E", "Q"])


def test_r25_large_takes_the_highest(encounter):
    # Large P centred on (3,2) covers (3,2) (4,2) (2,2) (3,1) (2,1) (3,3) (2,3). Pushed e
    # to centre (4,2) it newly covers (5,2), (4,1) 'h' (3) and (4,3) 'H' (5): the push
    # deals the highest, 5 (R12); at its turn start again the highest, 5 (R25): 20 -> 10.
    enc = hazard_map(encounter, {(4, 1): "h", (4, 3): "H"}, {"size": "large", "hp": 20}, p_at=(3, 2))
    log = [BEGIN, {"action": "push", "unit": "P", "dir": "e", "distance": 1}]
    assert enc.unit("P", log)["hp"] == 15
    log.append(END)
    st = enc.state(log)
    assert (st["turn"], st["units"]["P"]["hp"], st["units"]["P"]["at"]) == ("P", 10, [4, 2])
