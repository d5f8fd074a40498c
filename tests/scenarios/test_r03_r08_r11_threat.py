"""Threatened space: R8 weapon bands, R3 hostility, R11 flying and swimming under ZoC."""

from __future__ import annotations

import pytest

from .conftest import rows, unit

BEGIN = {"action": "begin"}

# Around (4,3) (odd row) on a pointy odd-r grid.
# Ring 1: e (5,3) w (3,3) ne (5,2) nw (4,2) se (5,4) sw (4,4).
RING1 = {(5, 3), (3, 3), (5, 2), (4, 2), (5, 4), (4, 4)}
# Ring 2, walking two steps: 2e (6,3), 2ne (5,1), 2nw (3,1), 2w (2,3), 2sw (3,5), 2se (5,5),
# and the in-betweens e+ne (6,2), ne+nw (4,1), nw+w (3,2), w+sw (3,4), sw+se (4,5), se+e (6,4).
RING2 = {(6, 3), (5, 1), (3, 1), (2, 3), (3, 5), (5, 5), (6, 2), (4, 1), (3, 2), (3, 4), (4, 5), (6, 4)}


def lone_threatener(encounter, **props):
    # 9 x 7 open field; P in the corner (0,0) is 4+ hexes from (4,3) and is not itself
    # a source of threat against players.
    return encounter(rows(9, 7), [unit("P", (0, 0), "player"), unit("K", (4, 3), "enemy", **props)])


@pytest.mark.parametrize(
    ("props", "expected"),
    [
        ({}, RING1),  # ordinary weapon: band [1,1]
        ({"reach": 2, "reach_min": 2}, RING2),  # polearm: ring 2 only, not adjacent (R8)
        ({"reach": 2}, RING2),  # reach_min defaults to reach when reach > 1 (map-format)
        ({"reach": 2, "reach_min": 1}, RING1 | RING2),  # a profile supporting both: [1,2]
    ],
    ids=["ordinary", "pike", "pike-default-min", "band-1-2"],
)
def test_r08_weapon_band(encounter, props, expected):
    enc = lone_threatener(encounter, **props)
    assert enc.threat("player") == expected
    assert (4, 3) not in enc.threat("player")  # its own hex is not threatened by it


def test_r08_occupied_hexes_are_threatened(encounter):
    # E1 on (4,3), E2 on its e side (5,3), P on its w side (3,3). P's hex is threatened
    # (R8: hexes other combatants stand on are), E1's hex is threatened by E2 and E2's by E1.
    # E2 on (5,3) (odd row) adds e (6,3) ne (6,2) nw (5,2) w (4,3) sw (5,4) se (6,4).
    enc = encounter(
        rows(9, 7),
        [unit("P", (3, 3), "player"), unit("E1", (4, 3), "enemy"), unit("E2", (5, 3), "enemy")],
    )
    e2_ring = {(6, 3), (6, 2), (5, 2), (4, 3), (5, 4), (6, 4)}
    assert enc.threat("player") == RING1 | e2_ring
    assert (3, 3) in enc.threat("player")


def test_r08_only_on_map_cells_terrain_does_not_block(encounter):
    # E in the corner (0,0) (even row): of its neighbours only e (1,0) and se (0,1) lie in
    # the grid. (1,0) has no tile (off-map, never threatened); (0,1) is blocked terrain,
    # an on-map cell, and terrain does not block threat (R8).
    enc = encounter(["._..", "#...", "...."], [unit("E", (0, 0), "enemy"), unit("P", (3, 2), "player")])
    assert enc.threat("player") == {(0, 1)}


def test_r08_set_threatening_and_map_flag(encounter):
    enc = encounter(
        rows(9, 7),
        [
            unit("P", (0, 0), "player", initiative=10),
            unit("K", (4, 3), "enemy"),
            unit("Q", (8, 6), "enemy", threatening=False),
        ],
    )
    # Q is marked not threatening on the map: only K's ring counts.
    assert enc.threat("player") == RING1
    off = [BEGIN, {"action": "set_threatening", "unit": "K", "value": False}]
    assert enc.threat("player", off) == set()
    assert enc.unit("K", off)["threatening"] is False
    on_again = [*off, {"action": "set_threatening", "unit": "Q", "value": True}]
    # Q on (8,6) (even row, bottom-right corner): w (7,6), ne (8,5), nw (7,5) are on the grid.
    assert enc.threat("player", on_again) == {(7, 6), (8, 5), (7, 5)}


@pytest.mark.parametrize("status", ["defeated", "fled"])
def test_r08_removed_threaten_nothing(encounter, status):
    enc = encounter(
        rows(9, 7),
        [
            unit("P", (0, 0), "player", initiative=10),
            unit("K", (4, 3), "enemy"),
            unit("Q", (8, 6), "enemy", threatening=False),
        ],
    )
    log = [BEGIN, {"action": "remove", "unit": "K", "as": status}]
    assert enc.threat("player", log) == set()
    st = enc.state(log)
    assert st["units"]["K"]["status"] == status
    assert "K" not in st["order"]


def three_factions(encounter, **kw):
    # N (neutral) on (4,3); E (enemy) on (1,5) (odd row): ring e (2,5) w (0,5) ne (2,4)
    # nw (1,4) se (2,6) sw (1,6); P (player) on (7,1), A (ally) on (7,5).
    return encounter(
        rows(9, 7),
        [
            unit("P", (7, 1), "player", threatening=False),
            unit("N", (4, 3), "neutral"),
            unit("E", (1, 5), "enemy"),
            unit("A", (7, 5), "ally", threatening=False),
        ],
        **kw,
    )


E_RING = {(2, 5), (0, 5), (2, 4), (1, 4), (2, 6), (1, 6)}


def test_r03_default_hostility_neutral_threatens_nobody(encounter):
    enc = three_factions(encounter)
    # Default pairs enemy/player and enemy/ally: only E threatens players and allies.
    assert enc.threat("player") == E_RING
    assert enc.threat("ally") == E_RING
    # Nobody threatens a neutral (it is hostile to nobody), and P/A do not threaten.
    assert enc.threat("neutral") == set()
    assert enc.threat("enemy") == set()


def test_r03_hostile_property_replaces_default(encounter):
    # hostile = "player/neutral" replaces the default: E is hostile to nobody now.
    enc = three_factions(encounter, map_properties={"hostile": "player/neutral"})
    assert enc.threat("player") == RING1  # N's ring around (4,3)
    assert enc.threat("ally") == set()
    assert enc.threat("enemy") == set()


def test_r03_non_hostile_threatener_does_not_stop(encounter):
    # Corridor on row 1. With hostile = "player/neutral", E is no enemy of P: P passes
    # through E's hex (R3/R4: only hostile combatants block) and E's threatened
    # neighbours do not stop it. Ally A (threatening) never stops P either.
    corridor = ["########", "........", "########"]
    units = [
        unit("P", (0, 1), "player", initiative=10, move=7),
        unit("A", (2, 1), "ally"),
        unit("E", (4, 1), "enemy"),
        unit("N", (7, 1), "neutral", threatening=False),
    ]
    enc = encounter(corridor, units, map_properties={"hostile": "player/neutral"})
    # (c,1) costs c; (2,1) and (4,1) are held (pass only); (7,1) is held by N, hostile
    # but not threatening.
    assert enc.reach("P", [BEGIN]) == {(c, 1): (c, False) for c in (1, 3, 5, 6)}


@pytest.mark.parametrize(
    ("movement_type", "ch"),
    [("flying", "c"), ("swimming", "w"), ("ground", ".")],
)
def test_r11_flying_and_swimming_obey_zoc(encounter, movement_type, ch):
    # Corridor on row 1: (0,1) normal, (1,1)..(5,1) chasm (flyer) / water (swimmer) /
    # normal (walker), E on (6,1) threatens its w side (5,1). Each type pays 1 a hex and
    # stops on (5,1) at cost 5 (R11: ZoC applies regardless of movement type).
    corridor = ["#########", "." + ch * 5 + "...", "#########"]
    enc = encounter(
        corridor,
        [unit("M", (0, 1), "player", initiative=10, movement_type=movement_type), unit("E", (6, 1), "enemy")],
    )
    expected = {(c, 1): (c, False) for c in range(1, 5)}
    expected[(5, 1)] = (5, True)
    assert enc.reach("M", [BEGIN]) == expected


def test_r03_hostility_is_symmetric(encounter):
    # "neutral/player" written either way round: each threatens the other (R3).
    for pair in ("neutral/player", "player/neutral"):
        enc = encounter(
            rows(9, 7),
            [unit("P", (1, 1), "player"), unit("N", (4, 3), "neutral")],
            map_properties={"hostile": pair},
        )
        # P on (1,1) (odd row): e (2,1) w (0,1) ne (2,0) nw (1,0) se (2,2) sw (1,2).
        assert enc.threat("neutral") == {(2, 1), (0, 1), (2, 0), (1, 0), (2, 2), (1, 2)}
        assert enc.threat("player") == RING1
