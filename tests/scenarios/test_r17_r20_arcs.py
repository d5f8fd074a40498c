"""R17/R18 arcs (pointy and flat-top, borders, multi-hex attackers), R19 penalties, R20 turning."""

from __future__ import annotations

import pytest

from .conftest import rows, unit

BEGIN = {"action": "begin"}


def place(name: str, at: tuple[int, int], facing: str | None = None) -> dict:
    action: dict = {"action": "place", "unit": name, "at": list(at)}
    if facing is not None:
        action["facing"] = facing
    return action


# Pointy-top odd-r, defender D on (4,3) (odd row).
# Adjacent: e (5,3) ne (5,2) nw (4,2) w (3,3) sw (4,4) se (5,4).
# Distance 2 straight out: 2e (6,3) 2ne (5,1) 2nw (3,1) 2w (2,3) 2sw (3,5) 2se (5,5);
# in between (exactly on a sector border, R18): e+ne (6,2) ne+nw (4,1) nw+w (3,2)
# w+sw (3,4) sw+se (4,5) se+e (6,4).
POINTY_FACING_E = {
    # R17 facing e: front = e, ne, se; left = nw (next counter-clockwise); right = sw; rear = w.
    (5, 3): "front", (5, 2): "front", (5, 4): "front",
    (4, 2): "left", (4, 4): "right", (3, 3): "rear",
    (6, 3): "front", (5, 1): "front", (5, 5): "front",
    (3, 1): "left", (3, 5): "right", (2, 3): "rear",
    # Borders (R18: better for the defender): e|ne front, ne|nw front over left,
    # nw|w left over rear, w|sw right over rear, sw|se front over right, se|e front.
    (6, 2): "front", (4, 1): "front", (3, 2): "left",
    (3, 4): "right", (4, 5): "front", (6, 4): "front",
    # Distance 3, as axial offsets (dq, dr) from D (axial (3,3)): 3w (-3,0) -> (1,3);
    # (-2,-1) -> (2,2) and (-3,1) -> (2,4) lie inside the w sector (rear); (-3,2) -> (2,5)
    # inside sw (right); (-1,-2) -> (2,1) inside nw (left); (3,-2) -> (6,1) inside ne (front).
    (1, 3): "rear", (2, 2): "rear", (2, 4): "rear", (2, 5): "right", (2, 1): "left", (6, 1): "front",
}  # fmt: skip
POINTY_FACING_NW = {
    # R17 facing nw: front = nw, ne, w; left = sw; right = e; rear = se.
    (5, 3): "right", (5, 2): "front", (4, 2): "front",
    (3, 3): "front", (4, 4): "left", (5, 4): "rear",
    (6, 3): "right", (5, 1): "front", (3, 1): "front",
    (2, 3): "front", (3, 5): "left", (5, 5): "rear",
    # Borders: e|ne front, ne|nw front, nw|w front, w|sw front over left,
    # sw|se left over rear, se|e right over rear.
    (6, 2): "front", (4, 1): "front", (3, 2): "front",
    (3, 4): "front", (4, 5): "left", (6, 4): "right",
}  # fmt: skip


@pytest.mark.parametrize(("facing", "table"), [("e", POINTY_FACING_E), ("nw", POINTY_FACING_NW)])
def test_r17_r18_pointy_arcs(encounter, facing, table):
    enc = encounter(
        rows(8, 7),
        [unit("D", (4, 3), "player", facing=facing), unit("X", (0, 0), "enemy")],
    )
    got = {cell: enc.arc("X", "D", [place("X", cell)]) for cell in table}
    assert got == table


# Flat-top (staggeraxis x), odd columns shifted down; D on (3,3) (odd column).
# Adjacent: ne (4,3) n (3,2) nw (2,3) sw (2,4) s (3,4) se (4,4).
# Distance 2: 2ne (5,2) 2n (3,1) 2nw (1,2) 2sw (1,4) 2s (3,5) 2se (5,4); borders:
# ne+n (4,2) n+nw (2,2) nw+sw (1,3) sw+s (2,5) s+se (4,5) se+ne (5,3).
FLAT_FACING_N = {
    # R17 facing n (the flat-top default): front = n, ne, nw; left = sw; right = se; rear = s.
    (4, 3): "front", (3, 2): "front", (2, 3): "front",
    (2, 4): "left", (3, 4): "rear", (4, 4): "right",
    (5, 2): "front", (3, 1): "front", (1, 2): "front",
    (1, 4): "left", (3, 5): "rear", (5, 4): "right",
    # Borders: ne|n front, n|nw front, nw|sw front over left, sw|s left over rear,
    # s|se right over rear, se|ne front over right.
    (4, 2): "front", (2, 2): "front", (1, 3): "front",
    (2, 5): "left", (4, 5): "right", (5, 3): "front",
}  # fmt: skip


def test_r17_r18_flat_top_arcs(encounter):
    enc = encounter(
        rows(7, 7),
        [unit("D", (3, 3), "player"), unit("X", (0, 0), "enemy")],
        stagger_axis="x",
    )
    assert enc.unit("D")["facing"] == "n"  # map-format default on flat-top maps
    got = {cell: enc.arc("X", "D", [place("X", cell)]) for cell in FLAT_FACING_N}
    assert got == FLAT_FACING_N


def test_r17_even_stagger_index(encounter):
    # Pointy, staggerindex even: EVEN rows are shifted right. D on (4,3) (odd row, not
    # shifted) facing e: its ne neighbour is (4,2), nw (3,2), w (3,3), sw (3,4), se (4,4).
    enc = encounter(
        rows(8, 7),
        [unit("D", (4, 3), "player"), unit("X", (0, 0), "enemy")],
        stagger_index="even",
    )
    table = {(5, 3): "front", (4, 2): "front", (4, 4): "front", (3, 2): "left", (3, 4): "right", (3, 3): "rear"}
    assert {cell: enc.arc("X", "D", [place("X", cell)]) for cell in table} == table


def test_r18_multi_hex_attacker_worst_arc(encounter):
    # D on (4,3) facing e. A standard X on (3,2) (the nw|w border, 2 away) is "left".
    # A large L centred on (3,2) (even row) covers (3,2), e (4,2), w (2,2), ne (3,1),
    # nw (2,1), se (3,3), sw (2,3). Of those, within its band [1,1] of D: (4,2) (D's nw:
    # left) and (3,3) (D's w: rear). The worst for D counts: rear (R18).
    enc = encounter(
        rows(8, 7),
        [
            unit("D", (4, 3), "player"),
            unit("X", (3, 2), "enemy"),
            unit("L", (6, 5), "enemy", size="large"),
        ],
    )
    assert enc.arc("X", "D") == "left"
    assert enc.arc("L", "D", [place("X", (0, 6)), place("L", (3, 2))]) == "rear"


# --- R19 penalties: D defence 12, attacker attack 0 ------------------------------------


def duel(encounter, a_at, roll, a_props=None, **map_kw):
    """A (enemy, acts first) on ``a_at`` attacks D (player, defence 12, facing e, on (4,3))."""
    enc = encounter(
        rows(8, 7),
        [
            unit("A", a_at, "enemy", initiative=10, **(a_props or {})),
            unit("D", (4, 3), "player", defense=12, facing="e"),
        ],
        **map_kw,
    )
    log = [BEGIN, {"action": "attack", "unit": "A", "target": "D", "roll": roll, "damage": 3}]
    return enc, log


@pytest.mark.parametrize(
    ("a_at", "roll", "hp"),
    [
        ((3, 3), 8, 7),  # rear: 8 + 0 >= 12 - 4: hit, 10 - 3 = 7
        ((3, 3), 7, 10),  # rear: 7 < 8 miss (rear and flank never stack: not 12 - 6)
        ((5, 3), 8, 10),  # front: 8 < 12 miss
        ((5, 2), 12, 7),  # front (ne): 12 >= 12 hit
        ((4, 2), 10, 7),  # left: 10 >= 12 - 2 hit
        ((4, 2), 9, 10),  # left: 9 < 10 miss
        ((4, 4), 10, 7),  # right: 10 >= 10 hit
        ((4, 4), 9, 10),  # right: miss
    ],
)
def test_r19_penalty_flips_hit(encounter, a_at, roll, hp):
    enc, log = duel(encounter, a_at, roll)
    assert enc.unit("D", log)["hp"] == hp


def test_r19_penalties_from_map_properties(encounter):
    # rear_penalty 5: rear roll 7 >= 12 - 5 hits; flank_penalty 3: left roll 9 >= 12 - 3 hits.
    props = {"map_properties": {"rear_penalty": 5, "flank_penalty": 3}}
    enc, log = duel(encounter, (3, 3), 7, **props)
    assert enc.unit("D", log)["hp"] == 7
    enc, log = duel(encounter, (4, 2), 9, **props)
    assert enc.unit("D", log)["hp"] == 7
    enc, log = duel(encounter, (4, 2), 8, **props)
    assert enc.unit("D", log)["hp"] == 10


def test_r19_attack_bonus_counts(encounter):
    # attack 3 from the front: roll 9 + 3 = 12 >= 12 hits; roll 8 + 3 = 11 misses.
    enc, log = duel(encounter, (5, 3), 9, {"attack": 3})
    assert enc.unit("D", log)["hp"] == 7
    enc, log = duel(encounter, (5, 3), 8, {"attack": 3})
    assert enc.unit("D", log)["hp"] == 10


# --- R20 attacking turns the attacker ----------------------------------------------------


def test_r20_attacker_turns_toward_target(encounter):
    # A on (5,2), D's ne neighbour, faces e; D lies to its sw. After the attack A faces sw,
    # hit or miss.
    enc, log = duel(encounter, (5, 2), 1)
    assert enc.unit("A", log[:1])["facing"] == "e"
    assert enc.unit("A", log)["facing"] == "sw"


@pytest.mark.parametrize(("before", "after"), [("nw", "w"), ("se", "sw"), ("e", "sw"), ("ne", "w")])
def test_r20_border_turns_to_the_nearer_side(encounter, before, after):
    # Pikeman K (band [2,2]) on (6,2) = D's e+ne, 2 away. From K, D lies at w+sw: on the
    # w|sw border. K turns to whichever of w (index 3) and sw (4) is nearer its previous
    # facing: from nw (2) w; from se (5) sw; from e (0) sw (0->5->4, two steps against
    # three); from ne (1) w (two steps against three).
    enc = encounter(
        rows(8, 7),
        [
            unit("K", (6, 2), "enemy", initiative=10, reach=2, reach_min=2, facing=before),
            unit("D", (4, 3), "player"),
        ],
    )
    log = [BEGIN, {"action": "attack", "unit": "K", "target": "D", "roll": 1}]
    assert enc.unit("K", log)["facing"] == after


# --- multi-hex attackers in action ---------------------------------------------------------


def large_vs_d(encounter, l_facing="e"):
    # Large L centred on (3,2) (even row) covers (3,2) (4,2) (2,2) (3,1) (2,1) (3,3) (2,3);
    # D on (4,3) (defence 12, facing e) touches (4,2) (its nw: left) and (3,3) (its w: rear).
    return encounter(
        rows(8, 7),
        [
            unit("L", (3, 2), "enemy", size="large", initiative=10, facing=l_facing),
            unit("D", (4, 3), "player", defense=12),
        ],
    )


@pytest.mark.parametrize(("roll", "hp"), [(8, 7), (7, 10)])
def test_r19_large_attacker_uses_worst_arc(encounter, roll, hp):
    # R18/R19: the rear counts (12 - 4 = 8): roll 8 hits, 7 misses. Judged from L's centre
    # (3,2) alone (the nw|w border: left, 12 - 2 = 10) roll 8 would miss.
    enc = large_vs_d(encounter)
    log = [BEGIN, {"action": "attack", "unit": "L", "target": "D", "roll": roll, "damage": 3}]
    assert enc.unit("D", log)["hp"] == hp


@pytest.mark.parametrize(("before", "after"), [("e", "e"), ("sw", "se"), ("ne", "e"), ("w", "se")])
def test_r20_large_attacker_turns_on_a_border(encounter, before, after):
    # From L's centre (3,2) (axial (2,2)) to D's (4,3) (axial (3,3)) is (+1,+1): the e|se
    # border. L turns to the nearer of e (index 0) and se (5): from e stays e; from sw (4)
    # se; from ne (1) e; from w (3) se (two steps against three).
    enc = large_vs_d(encounter, before)
    log = [BEGIN, {"action": "attack", "unit": "L", "target": "D", "roll": 1}]
    assert enc.unit("L", log)["facing"] == after


@pytest.mark.parametrize(("before", "d_at"), [("e", [5, 3]), ("sw", [5, 4])])
def test_r22_large_shover_on_a_border(encounter, before, d_at):
    # R22: D is pushed 1 in the side direction from L's centre toward D's: the e|se border,
    # settled toward L's facing. e: (4,3) -> (5,3); from sw the nearer is se: (4,3) (odd
    # row) -> (5,4). Roll 20 succeeds whatever the penalty.
    enc = large_vs_d(encounter, before)
    log = [BEGIN, {"action": "shove", "unit": "L", "target": "D", "roll": 20}]
    assert enc.unit("D", log)["at"] == d_at
