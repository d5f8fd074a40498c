"""R26 footprints, R27 multi-hex movement, R28 threat and adjacency from the footprint edge."""

from __future__ import annotations

import pytest

from .conftest import paint, rows, unit

BEGIN = {"action": "begin"}

# Around (5,4) (even row) on an 11 x 9 pointy odd-r grid. Row by row (odd rows sit half a
# hex to the right, so a ring's extreme columns differ between odd and even rows):
# ring 2: row 2 (4..6), row 3 (3, 6), row 4 (3, 7), row 5 (3, 6), row 6 (4..6).
RING2 = {(4, 2), (5, 2), (6, 2), (3, 3), (6, 3), (3, 4), (7, 4), (3, 5), (6, 5), (4, 6), (5, 6), (6, 6)}
# ring 3: row 1 (3..6), row 2 (3, 7), row 3 (2, 7), row 4 (2, 8), row 5 (2, 7), row 6 (3, 7), row 7 (3..6).
RING3 = {
    (3, 1), (4, 1), (5, 1), (6, 1), (3, 2), (7, 2), (2, 3), (7, 3), (2, 4), (8, 4),
    (2, 5), (7, 5), (3, 6), (7, 6), (3, 7), (4, 7), (5, 7), (6, 7),
}  # fmt: skip


@pytest.mark.parametrize(
    ("size", "props", "expected"),
    [
        ("large", {}, RING2),  # radius 1 + band [1,1]: centre distance exactly 2
        ("giant", {}, RING3),  # radius 2 + band [1,1]: centre distance exactly 3
        ("large", {"reach": 2, "reach_min": 2}, RING3),  # radius 1 + [2,2]: exactly 3
        ("large", {"reach": 2, "reach_min": 1}, RING2 | RING3),  # radius 1 + [1,2]
    ],
    ids=["large", "giant", "large-pike", "large-1-2"],
)
def test_r28_threat_from_footprint_edge(encounter, size, props, expected):
    enc = encounter(rows(11, 9), [unit("G", (5, 4), "enemy", size=size, **props), unit("P", (0, 0), "player")])
    assert enc.threat("player") == expected


def test_r28_adjacent_to_any_occupied_hex(encounter):
    # Giant G on (5,4) covers every hex within 2. P on (8,4), 3 east of the centre, is
    # adjacent to G's hex (7,4): it may attack (R21/R28; roll 20, damage 2: 10 -> 8).
    # From (9,4), 4 east, it may not.
    def duel(p_at):
        return encounter(
            rows(11, 9),
            [unit("P", p_at, "player", initiative=10), unit("G", (5, 4), "enemy", size="giant")],
        )

    hit = {"action": "attack", "unit": "P", "target": "G", "roll": 20, "damage": 2}
    assert duel((8, 4)).unit("G", [BEGIN, hit])["hp"] == 8
    duel((9, 4)).refused([BEGIN, hit], 2)


def test_r26_hostile_footprint_never_entered(encounter):
    # Large L (enemy, not threatening) centred on (4,3) (odd row) holds (4,3) (5,3) (3,3)
    # (5,2) (4,2) (5,4) (4,4). A 1-hex corridor along row 3 is sealed by it (R4/R26):
    # P on (0,3) reaches (1,3) and (2,3) only.
    # Rows 2 and 4 are open just where L's footprint needs room: (4,2) (5,2) / (4,4) (5,4).
    terrain = ["#########", "#########", "####..###", ".........", "####..###", "#########", "#########"]
    enc = encounter(
        terrain,
        [unit("P", (0, 3), "player", initiative=10), unit("L", (4, 3), "enemy", size="large", threatening=False)],
    )
    assert enc.reach("P", [BEGIN]) == {(1, 3): (1, False), (2, 3): (2, False)}


def test_r27_large_reach_with_terrain(encounter):
    # Large L (move 2) centred on (3,3) (odd row) covers (3,3) (4,3) (2,3) (4,2) (3,2)
    # (4,4) (3,4). Difficult on (5,3), water on (1,3). A step costs the dearest newly
    # covered hex (R27):
    # - e to (4,3): newly (5,3) d, (5,2), (5,4): 2.
    # - w to (2,3): its footprint would hold (1,3), water: never.
    # - ne (4,2), nw (3,2), se (4,4), sw (3,4): newly covered hexes all normal: 1.
    # Second steps (1 left): from (4,2) to (4,1) and (3,1); from (3,2) to (2,1) ((2,2)
    # would cover (1,3)); from (4,4) to (4,5); from (3,4) to (3,5) and (2,5) ((2,4) would
    # cover (1,3)); (5,2) and (5,4) would newly cover (5,3) d: 1 + 2 = 3 > 2.
    # Every footprint must be on the 9 x 7 grid (rows 0..6): all of these are.
    terrain = paint(rows(9, 7), {(5, 3): "d", (1, 3): "w"})
    enc = encounter(
        terrain,
        [unit("L", (3, 3), "player", size="large", move=2), unit("E", (8, 0), "enemy", threatening=False)],
    )
    expected = {(4, 2): 1, (3, 2): 1, (4, 4): 1, (3, 4): 1}
    expected |= {(4, 3): 2, (4, 1): 2, (3, 1): 2, (2, 1): 2, (4, 5): 2, (3, 5): 2, (2, 5): 2}
    assert enc.reach("L") == {cell: (cost, False) for cell, cost in expected.items()}


def test_r27_large_zoc_entry_by_newly_covered_hex(encounter):
    # Large L (move 3) centred on (2,3) (odd row); E on (6,3) threatens (7,3) (5,3) (7,2)
    # (6,2) (7,4) (6,4). A step is a ZoC entry when a newly covered hex is threatened (R27):
    # - centre (4,3) newly covers (5,3): reached for 2 ((2,3)->(3,3)->(4,3)) and stops.
    # - centres (5,2) and (5,4) cover (6,2)/(5,3) and (6,4)/(5,3): reached for 3 via
    #   (4,2)/(4,4) and stop. No centre may cover E's own hex (6,3).
    # - everything else within 3 steps is free: centres must keep the footprint on the
    #   9 x 7 grid (cols 1..7, rows 1..5 for the centre).
    enc = encounter(
        rows(9, 7),
        [unit("L", (2, 3), "player", size="large", move=3, initiative=10), unit("E", (6, 3), "enemy")],
    )
    expected = {
        (1, 3): (1, False), (2, 2): (1, False), (2, 4): (1, False),
        (3, 2): (1, False), (3, 3): (1, False), (3, 4): (1, False),
        (1, 1): (2, False), (1, 2): (2, False), (1, 4): (2, False), (1, 5): (2, False),
        (2, 1): (2, False), (2, 5): (2, False), (3, 1): (2, False), (3, 5): (2, False),
        (4, 2): (2, False), (4, 4): (2, False), (4, 3): (2, True),
        (4, 1): (3, False), (4, 5): (3, False), (5, 2): (3, True), (5, 4): (3, True),
    }  # fmt: skip
    assert enc.reach("L", [BEGIN]) == expected
    # Moving there: centre (4,3), 2 paid, the last 1 lost.
    u = enc.unit("L", [BEGIN, {"action": "move", "unit": "L", "to": [4, 3]}])
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([4, 3], 0, True)


def test_r27_large_passes_friends_but_ends_clear_of_them(encounter):
    # Large L (move 5) centred on (2,3); ally A on (5,3). Centres whose footprint would
    # hold (5,3) - (5,3) and its ring (6,3) (4,3) (6,2) (5,2) (6,4) (5,4) - are no legal
    # end (R27), but L may pass them (R4). (7,3) is 5 straight east of (2,3), and the only
    # 5-step way there runs along row 3 through (4,3) (5,3) (6,3): reached for 5, no stop.
    enc = encounter(
        rows(10, 7),
        [
            unit("L", (2, 3), "player", size="large", move=5, initiative=10),
            unit("A", (5, 3), "ally"),
            unit("E", (9, 0), "enemy", threatening=False),
        ],
    )
    reach = enc.reach("L", [BEGIN])
    assert reach[(7, 3)] == (5, False)
    assert reach[(4, 2)] == (2, False)
    assert not {(5, 3), (6, 3), (4, 3), (6, 2), (5, 2), (6, 4), (5, 4)} & set(reach)
    st = enc.state([BEGIN, {"action": "move", "unit": "L", "to": [7, 3]}])
    assert (st["units"]["L"]["at"], st["units"]["L"]["movement"]) == ([7, 3], 0)
