"""R12 forced movement: walls, combatants, hazards, chasms, large creatures, no cost, no ZoC."""

from __future__ import annotations

import pytest

from .conftest import paint, rows, unit

BEGIN = {"action": "begin"}


def push(name: str, direction: str, distance: int) -> dict:
    return {"action": "push", "unit": name, "dir": direction, "distance": distance}


def pushed_map(encounter, marks=None, p_props=None, extra_units=(), **kw):
    """9 x 5 field, P on (2,2) (even row); E far away keeps the encounter two-sided.

    A second player Q stays on the board so P's fall does not end the combat (R13).
    """
    terrain = paint(rows(9, 5), marks or {})
    units = [
        unit("E", (8, 0), "enemy", initiative=10, threatening=False),
        unit("P", (2, 2), "player", **(p_props or {})),
        unit("Q", (0, 4), "player"),
        *extra_units,
    ]
    return encounter(terrain, units, **kw)


def test_r12_push_direction_steps(encounter):
    # (2,2) even row: ne -> (2,1); (2,1) odd row: ne -> (3,0).
    enc = pushed_map(encounter)
    assert enc.unit("P", [BEGIN, push("P", "ne", 2)])["at"] == [3, 0]
    # (2,2) even: sw -> (1,3); (1,3) odd: sw -> (1,4).
    assert enc.unit("P", [BEGIN, push("P", "sw", 2)])["at"] == [1, 4]


def test_r12_push_stops_short_of_wall_and_edge(encounter):
    # Wall on (5,2): pushed e 5 from (2,2), P gets (3,2), (4,2) and stops (R12).
    enc = pushed_map(encounter, {(5, 2): "#"})
    u = enc.unit("P", [BEGIN, push("P", "e", 5)])
    assert (u["at"], u["hp"], u["status"]) == ([4, 2], 10, "active")
    # West 5: (1,2), (0,2), then the grid ends.
    assert enc.unit("P", [BEGIN, push("P", "w", 5)])["at"] == [0, 2]


def test_r12_push_stops_short_of_a_combatant(encounter):
    # Friend R on (4,2): pushed e 3 from (2,2), P stops on (3,2), beside it.
    enc = pushed_map(encounter, extra_units=[unit("R", (4, 2), "ally")])
    st = enc.state([BEGIN, push("P", "e", 3)])
    assert st["units"]["P"]["at"] == [3, 2]
    assert st["units"]["R"]["at"] == [4, 2]


@pytest.mark.parametrize(
    ("marks", "distance", "at", "hp"),
    [
        ({(3, 2): "h"}, 1, [3, 2], 7),  # hazard_damage defaults to 3
        ({(3, 2): "H"}, 1, [3, 2], 5),  # the tile says 5
        ({(3, 2): "h"}, 2, [4, 2], 7),  # over it: one step newly covers it, 3 once
        ({(3, 2): "h", (4, 2): "h"}, 2, [4, 2], 4),  # two hazard steps: 3 + 3
    ],
    ids=["default", "tile-override", "pushed-over", "two-steps"],
)
def test_r12_push_into_hazard(encounter, marks, distance, at, hp):
    enc = pushed_map(encounter, marks, tile_properties={"H": {"terrain": "hazard", "hazard_damage": 5}})
    u = enc.unit("P", [BEGIN, push("P", "e", distance)])
    assert (u["at"], u["hp"]) == (at, hp)


@pytest.mark.parametrize("movement_type", ["ground", "swimming"])
def test_r12_non_flyer_pushed_into_chasm_falls(encounter, movement_type):
    # Chasm on (3,2), the e side of P: a non-flying standard combatant pushed in is defeated.
    enc = pushed_map(encounter, {(3, 2): "c"}, {"movement_type": movement_type})
    st = enc.state([BEGIN, push("P", "e", 1)])
    assert st["units"]["P"]["status"] == "defeated"
    assert "P" not in st["order"]
    assert st["phase"] == "active"  # Q still stands


def test_r12_flyer_pushed_over_chasm_is_fine(encounter):
    enc = pushed_map(encounter, {(3, 2): "c"}, {"movement_type": "flying"})
    u = enc.unit("P", [BEGIN, push("P", "e", 1)])
    assert (u["at"], u["status"], u["hp"]) == ([3, 2], "active", 10)


def test_r12_large_creature_never_pushed_onto_chasm(encounter):
    # Large L centred on (3,2) (even row) covers (3,2) and e (4,2) w (2,2) ne (3,1)
    # nw (2,1) se (3,3) sw (2,3). Chasm on (6,2). Pushed e: centre (4,2) covers up to
    # (5,2): fine; centre (5,2) would cover (6,2), the chasm: the push stops at (4,2).
    terrain = paint(rows(9, 5), {(6, 2): "c"})
    enc = encounter(
        terrain,
        [
            unit("E", (8, 0), "enemy", initiative=10, threatening=False),
            unit("L", (3, 2), "player", size="large"),
        ],
    )
    u = enc.unit("L", [BEGIN, push("L", "e", 3)])
    assert (u["at"], u["status"], u["hp"]) == ([4, 2], "active", 10)


def test_r12_push_spends_no_movement_and_triggers_no_zoc(encounter):
    # P (init 10, acting) on (1,2) is pushed e 2 into (3,2), E's ring (E on (4,2)).
    # Nothing is spent and P is not exhausted (R12). Its next voluntary step, to (3,1)
    # (ne of even-row (3,2), also in E's ring), is then its first ZoC entry: 1 paid,
    # the other 5 lost (R9/R10).
    enc = encounter(
        rows(9, 5),
        [unit("P", (1, 2), "player", initiative=10), unit("E", (4, 2), "enemy")],
    )
    log = [BEGIN, push("P", "e", 2)]
    u = enc.unit("P", log)
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([3, 2], 6, False)
    log.append({"action": "move", "unit": "P", "to": [3, 1]})
    u = enc.unit("P", log)
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([3, 1], 0, True)


def test_r12_push_ignores_terrain_costs(encounter):
    # A ground combatant may not walk into water (R5) but may be pushed there (R12: forced
    # movement ignores terrain costs): P ends on the water at (3,2), unharmed.
    enc = pushed_map(encounter, {(3, 2): "w"})
    u = enc.unit("P", [BEGIN, push("P", "e", 1)])
    assert (u["at"], u["status"], u["hp"]) == ([3, 2], "active", 10)


def test_r12_push_never_enters_blocked_even_with_cost_override(encounter):
    # 'B' is blocked terrain with cost_ground 1: walking in is allowed (R5 override), but
    # a push never enters a blocked hex (R12).
    marks = {(3, 2): "B"}
    kw = {"tile_properties": {"B": {"terrain": "blocked", "cost_ground": 1}}}
    enc = pushed_map(encounter, marks, {"initiative": 20}, **kw)
    assert enc.unit("P", [BEGIN, push("P", "e", 2)])["at"] == [2, 2]
    u = enc.unit("P", [BEGIN, {"action": "move", "unit": "P", "to": [3, 2]}])
    assert (u["at"], u["movement"]) == ([3, 2], 5)
