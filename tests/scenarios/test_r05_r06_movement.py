"""R5 cost table by movement type, R6 movement budget (reset, loss, split around one action)."""

from __future__ import annotations

import pytest

from .conftest import rows, unit

# 7 x 3, pointy odd-r. The mover stands on (1,1) (odd row), whose neighbours are
# e (2,1) '.', ne (2,0) 'w', nw (1,0) 'd', w (0,1) 'c', sw (1,2) 'w', se (2,2) 'c'.
TERRAIN = [
    ".dw....",
    "c..d...",
    ".wc....",
]


def mover_map(encounter, movement_type: str):
    # The enemy only keeps the encounter two-sided; it threatens nothing and is 3+ hexes away.
    return encounter(
        TERRAIN,
        [
            unit("M", (1, 1), "player", movement_type=movement_type, move=2),
            unit("E", (6, 0), "enemy", threatening=False),
        ],
    )


@pytest.mark.parametrize(
    ("movement_type", "expected"),
    [
        # R5 ground, budget 2: e (2,1) normal = 1; nw (1,0) difficult = 2; water and chasm
        # are never entered. From (2,1) (odd row, 1 left): ne (3,0) '.' and se (3,2) '.'
        # cost 1 more = 2; e (3,1) is difficult (1+2 = 3 > 2) and nw (2,0) is water.
        ("ground", {(2, 1): 1, (1, 0): 2, (3, 0): 2, (3, 2): 2}),
        # R5 flying: every terrain here costs 1 (difficult, water and chasm alike), so it
        # reaches every on-map hex within distance 2: the 6 neighbours at 1, and
        # (0,0) (0,2) (3,0) (3,1) (3,2) at 2 ((4,1) is distance 3).
        (
            "flying",
            {
                (2, 1): 1, (2, 0): 1, (1, 0): 1, (0, 1): 1, (1, 2): 1, (2, 2): 1,
                (0, 0): 2, (0, 2): 2, (3, 0): 2, (3, 1): 2, (3, 2): 2,
            },
        ),
        # R5 swimming: like flying but chasm (0,1) and (2,2) may not be entered. (0,0) is
        # reached over (1,0) (difficult costs a swimmer 1), (0,2) over (1,2) (water 1).
        (
            "swimming",
            {
                (2, 1): 1, (2, 0): 1, (1, 0): 1, (1, 2): 1,
                (0, 0): 2, (0, 2): 2, (3, 0): 2, (3, 1): 2, (3, 2): 2,
            },
        ),
    ],
)  # fmt: skip
def test_r05_reach_costs_by_movement_type(encounter, movement_type, expected):
    enc = mover_map(encounter, movement_type)
    doc = enc.reach_doc("M")
    assert doc["from"] == [1, 1]
    # R6: before its first turn a combatant has its full movement.
    assert doc["movement"] == 2
    assert enc.reach("M") == {cell: (cost, False) for cell, cost in expected.items()}


def test_r05_tile_cost_override(encounter):
    # R5: a tile may override an entry. 'W' is water with cost_ground 2, so a ground
    # mover may wade it. M on (0,0) (even row): its only on-map neighbours are e (1,0) 'W'
    # and se (0,1) '#'. (1,0) costs 2; from there e (2,0) '.' costs 1 more = 3, and its
    # se/sw (1,1)/(0,1) are blocked; (2,0)'s e (3,0) is blocked too. Budget 3.
    terrain = [".W.#", "####", "...."]
    units = [unit("M", (0, 0), "player", move=3), unit("E", (3, 2), "enemy", threatening=False)]
    enc = encounter(terrain, units, tile_properties={"W": {"terrain": "water", "cost_ground": 2}})
    assert enc.reach("M") == {(1, 0): (2, False), (2, 0): (3, False)}
    # Without the override the same cell is plain water: a ground mover goes nowhere.
    plain = encounter([".w.#", "####", "...."], units)
    assert plain.reach("M") == {}


def two_sides(encounter, p_move: int = 6):
    # 9 x 5 open field. P acts first (initiative 10), E second. E does not threaten,
    # so no zone of control interferes with the budget arithmetic.
    return encounter(
        rows(9, 5),
        [
            unit("P", (1, 2), "player", initiative=10, move=p_move),
            unit("E", (7, 2), "enemy", initiative=5, threatening=False),
        ],
    )


def test_r06_budget_spent_lost_and_reset(encounter):
    enc = two_sides(encounter)
    log = [{"action": "begin"}, {"action": "move", "unit": "P", "to": [3, 2]}]
    # (1,2) -> (2,2) -> (3,2): two normal hexes east, cost 2 of 6.
    st = enc.state(log)
    assert st["turn"] == "P"
    assert st["units"]["P"]["at"] == [3, 2]
    assert st["units"]["P"]["movement"] == 4
    assert st["units"]["P"]["movement_max"] == 6
    # R6: E has not had a turn yet and holds its full movement.
    assert st["units"]["E"]["movement"] == 6

    log.append({"action": "end_turn"})
    st = enc.state(log)
    assert st["turn"] == "E"
    # R6: the 4 unspent hexes are lost; P reads 0 until its next turn.
    assert st["units"]["P"]["movement"] == 0

    log += [{"action": "move", "unit": "E", "to": [6, 2]}, {"action": "end_turn"}]
    st = enc.state(log)
    assert (st["round"], st["turn"]) == (2, "P")
    # R6: reset to the maximum at the start of its own turn; E's leftover 5 is gone.
    assert st["units"]["P"]["movement"] == 6
    assert st["units"]["E"]["movement"] == 0


def test_r06_reach_after_turn_is_empty_but_budget_previews(encounter):
    enc = two_sides(encounter)
    log = [{"action": "begin"}, {"action": "end_turn"}]
    # P's turn has ended: movement 0, so it can end a move nowhere.
    doc = enc.reach_doc("P", log)
    assert doc["movement"] == 0
    assert doc["hexes"] == []
    # --budget 1 previews a turn with 1 hex: the six neighbours of (1,2) (even row):
    # e (2,2), w (0,2), ne (1,1), nw (0,1), se (1,3), sw (0,3); E threatens nothing.
    assert enc.reach("P", log, budget=1) == {
        (2, 2): (1, False),
        (0, 2): (1, False),
        (1, 1): (1, False),
        (0, 1): (1, False),
        (1, 3): (1, False),
        (0, 3): (1, False),
    }


def test_r06_unaffordable_move_refused(encounter):
    enc = two_sides(encounter)
    # After spending 2, P has 4. (3,2) -> (8,2) is 5 hexes (more around E on (7,2)):
    # refused on line 3 (R6: it may enter a hex only if it can pay the full cost).
    log = [
        {"action": "begin"},
        {"action": "move", "unit": "P", "to": [3, 2]},
        {"action": "move", "unit": "P", "to": [8, 2]},
    ]
    enc.refused(log, 3)
    # (3,2) -> (6,2) is 3 hexes east: affordable, 1 left.
    log[2] = {"action": "move", "unit": "P", "to": [6, 2]}
    assert enc.unit("P", log)["movement"] == 1


def test_r06_split_movement_around_one_action(encounter):
    # P (move 6) walks 3 to (4,2), adjacent to E at (5,2) (e of (4,2) on an even row),
    # attacks (roll 20 hits defence 10; damage fixed 4: E 10 -> 6), then walks back
    # 2 to (2,2): 6 - 3 - 2 = 1 left. E does not threaten, so no ZoC stop (R6 split).
    enc = encounter(
        rows(9, 5),
        [
            unit("P", (1, 2), "player", initiative=10),
            unit("E", (5, 2), "enemy", initiative=5, threatening=False),
        ],
    )
    log = [
        {"action": "begin"},
        {"action": "move", "unit": "P", "to": [4, 2]},
        {"action": "attack", "unit": "P", "target": "E", "roll": 20, "damage": 4},
        {"action": "move", "unit": "P", "to": [2, 2]},
    ]
    st = enc.state(log)
    assert st["units"]["P"]["at"] == [2, 2]
    assert st["units"]["P"]["movement"] == 1
    assert st["units"]["E"]["hp"] == 6
    assert st["turn"] == "P"
    # Only 1 hex is left: (2,2) -> (4,2) costs 2 and is refused on line 5.
    enc.refused([*log, {"action": "move", "unit": "P", "to": [4, 2]}], 5)
