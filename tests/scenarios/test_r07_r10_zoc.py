"""Zone of control: R7 cheapest paths, R9 exhaustion, R10 starting inside, R4 occupancy."""

from __future__ import annotations

from .conftest import rows, unit

BEGIN = {"action": "begin"}
END = {"action": "end_turn"}


def move(name: str, to: tuple[int, int]) -> dict:
    return {"action": "move", "unit": name, "to": list(to)}


# E on (4,2) (even row) threatens its six neighbours (R8, band [1,1]):
# e (5,2), w (3,2), ne (4,1), nw (3,1), se (4,3), sw (3,3).
E_RING = {(5, 2), (3, 2), (4, 1), (3, 1), (4, 3), (3, 3)}


def field(encounter, p_at, p_move):
    """9 x 5 open field: P acts first, E threatens."""
    return encounter(
        rows(9, 5),
        [
            unit("P", p_at, "player", initiative=10, move=p_move),
            unit("E", (4, 2), "enemy", initiative=0),
        ],
    )


def test_r08_adjacent_ring(encounter):
    enc = field(encounter, (1, 2), 2)
    assert enc.threat("player") == E_RING


def test_r09_reach_marks_stop_hexes(encounter):
    # P on (1,2) (even row) with 2 hexes. Distance 1: (2,2) (0,2) (1,1) (0,1) (1,3) (0,3).
    # Distance 2 on the grid: (3,2) (2,1) (2,0) (1,0) (0,0) (0,4) (1,4) (2,4) (2,3)
    # (the three to the west have col -1). Only (3,2) is in E's ring: stops (R9).
    # (3,1) and (3,3) are 3 away. All normal terrain: cost = distance.
    enc = field(encounter, (1, 2), 2)
    expected = {c: (1, False) for c in [(2, 2), (0, 2), (1, 1), (0, 1), (1, 3), (0, 3)]}
    expected |= {c: (2, False) for c in [(2, 1), (2, 0), (1, 0), (0, 0), (0, 4), (1, 4), (2, 4), (2, 3)]}
    expected[(3, 2)] = (2, True)
    assert enc.reach("P", [BEGIN]) == expected


def test_r10_start_inside_threat(encounter):
    # P starts on (3,2), in E's ring: not exhausted (R10). Neighbours of (3,2) (even row):
    # e (4,2) = E (never entered, R4); ne (3,1) and se (3,3) are in E's ring: entering one
    # is a threatened-to-threatened step, an entry that stops (R10/R9), cost 1.
    # w (2,2), nw (2,1), sw (2,3) are free, cost 1, and lead on at cost 2 to
    # (1,2) (1,1) (1,3) [from (2,2)], (3,0) (2,0) [ne/nw of odd-row (2,1)],
    # (2,4) (3,4) [sw/se of odd-row (2,3)]. (4,1) and (4,3) lie only behind stop hexes (R7).
    enc = field(encounter, (3, 2), 2)
    expected = {(3, 1): (1, True), (3, 3): (1, True)}
    expected |= {c: (1, False) for c in [(2, 2), (2, 1), (2, 3)]}
    expected |= {c: (2, False) for c in [(1, 2), (1, 1), (1, 3), (3, 0), (2, 0), (2, 4), (3, 4)]}
    assert enc.reach("P", [BEGIN]) == expected
    u = enc.unit("P", [BEGIN])
    assert (u["movement"], u["zoc_exhausted"]) == (2, False)


def test_r10_threatened_to_threatened_step_exhausts(encounter):
    # P (move 3) on (3,2) steps to (3,1): both in E's ring. It pays 1 and its remaining
    # 2 become 0 (R9/R10); any further move is refused.
    enc = field(encounter, (3, 2), 3)
    log = [BEGIN, move("P", (3, 1))]
    u = enc.unit("P", log)
    assert u["at"] == [3, 1]
    assert (u["movement"], u["zoc_exhausted"]) == (0, True)
    enc.refused([*log, move("P", (2, 1))], 3)


def test_r10_leaving_is_free_and_reentry_stops(encounter):
    # P (move 3) leaves (3,2) for (2,2) (outside the ring): 1 spent, 2 left, not exhausted.
    # Stepping back into (3,2) is an entry: 1 paid, the last 1 lost (R9).
    enc = field(encounter, (3, 2), 3)
    log = [BEGIN, move("P", (2, 2))]
    u = enc.unit("P", log)
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([2, 2], 2, False)
    log.append(move("P", (3, 2)))
    u = enc.unit("P", log)
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([3, 2], 0, True)


def test_r09_first_entry_only_and_grant_movement(encounter):
    # P (move 6) walks (1,2) -> (2,2) -> (3,2): enters E's ring, pays 2 and stops (6 -> 0).
    enc = field(encounter, (1, 2), 6)
    log = [BEGIN, move("P", (3, 2))]
    u = enc.unit("P", log)
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([3, 2], 0, True)
    enc.refused([*log, move("P", (2, 2))], 3)

    # The GM grants 3 (R16: added to what remains). ZoC has already exhausted P this
    # turn, so threatened hexes no longer stop it (R9): (3,2) -> (3,1) -> (4,1) -> (5,2)
    # ((3,2) even: ne (3,1); (3,1) odd: e (4,1); (4,1) odd: se (5,2)), all in E's ring,
    # cost 3, no stop.
    log.append({"action": "grant_movement", "unit": "P", "amount": 3})
    u = enc.unit("P", log)
    assert u["movement"] == 3
    reach = enc.reach("P", log)
    assert reach[(3, 1)] == (1, False)
    assert reach[(4, 1)] == (2, False)
    assert reach[(5, 2)] == (3, False)
    assert not any(stops for _, stops in reach.values())
    log.append(move("P", (5, 2)))
    u = enc.unit("P", log)
    assert (u["at"], u["movement"]) == ([5, 2], 0)

    # R6: next turn the exhaustion is cleared. P starts on (5,2) inside the ring; stepping
    # to (4,1) (nw of even-row (5,2)), also in the ring, is an entry again: 1 paid, 5 lost.
    log += [END, END]
    st = enc.state(log)
    assert (st["round"], st["turn"]) == (2, "P")
    assert (st["units"]["P"]["movement"], st["units"]["P"]["zoc_exhausted"]) == (6, False)
    log.append(move("P", (4, 1)))
    u = enc.unit("P", log)
    assert (u["at"], u["movement"], u["zoc_exhausted"]) == ([4, 1], 0, True)


# A one-hex-wide corridor along row 1 (odd): each cell's only open neighbours are e and w.
CORRIDOR = ["#########", ".........", "#########"]


def test_r04_pass_through_friends_not_end_on_them(encounter):
    # Ally A on (2,1) and neutral N on (4,1) are not hostile to P (R3 default): P passes
    # through both but may not end on them (R4). E on (8,1) threatens nothing here.
    enc = encounter(
        CORRIDOR,
        [
            unit("P", (0, 1), "player", initiative=10),
            unit("A", (2, 1), "ally"),
            unit("N", (4, 1), "neutral"),
            unit("E", (8, 1), "enemy", threatening=False),
        ],
    )
    assert enc.reach("P", [BEGIN]) == {(1, 1): (1, False), (3, 1): (3, False), (5, 1): (5, False), (6, 1): (6, False)}
    enc.refused([BEGIN, move("P", (2, 1))], 2)


def test_r04_hostile_hex_never_entered(encounter):
    # E on (3,1) seals the corridor: nothing beyond it, and not its own hex (R4).
    enc = encounter(
        CORRIDOR,
        [unit("P", (0, 1), "player", initiative=10), unit("E", (3, 1), "enemy", threatening=False)],
    )
    assert enc.reach("P", [BEGIN]) == {(1, 1): (1, False), (2, 1): (2, False)}
    enc.refused([BEGIN, move("P", (5, 1))], 2)


def test_r04_threatened_hex_held_by_friend_cannot_be_entered(encounter):
    # E on (5,1) threatens (4,1) where ally A stands. P would stop there by ZoC, and may
    # not end on a friend, so (4,1) is not a legal end (R4); E blocks the rest.
    enc = encounter(
        CORRIDOR,
        [
            unit("P", (0, 1), "player", initiative=10),
            unit("A", (4, 1), "ally"),
            unit("E", (5, 1), "enemy"),
        ],
    )
    assert enc.reach("P", [BEGIN]) == {(1, 1): (1, False), (2, 1): (2, False), (3, 1): (3, False)}
    enc.refused([BEGIN, move("P", (4, 1))], 2)


def test_r04_friend_in_threat_blocks_passage_around_it(encounter):
    # Two lanes, rows 1 (odd) and 2 (even), cols 0..7. E on (6,1) (odd row) threatens
    # e (7,1) w (5,1) ne (7,0) nw (6,0) se (7,2) sw (6,2). Ally A stands on (5,1) in
    # that ring: P can neither end there (R4) nor pass it (entering stops it, R9).
    # P on (0,1): e (1,1), se (1,2), sw (0,2). Along the lanes (c,1) and (c,2) cost c
    # (c >= 1), (0,2) costs 1. (6,2) is entered at cost 6 and stops (R9). (7,1) and
    # (7,2) lie behind E or behind the stop hex (R7); (5,1) is the friend, (6,1) E.
    terrain = ["########", "........", "........", "########"]
    enc = encounter(
        terrain,
        [
            unit("P", (0, 1), "player", initiative=10),
            unit("A", (5, 1), "ally"),
            unit("E", (6, 1), "enemy"),
        ],
    )
    expected = {(0, 2): (1, False), (6, 2): (6, True)}
    expected |= {(c, 1): (c, False) for c in range(1, 5)}
    expected |= {(c, 2): (c, False) for c in range(1, 6)}
    assert enc.reach("P", [BEGIN]) == expected


def test_r06_budget_preview_clears_exhaustion(encounter):
    # P is exhausted on (3,2) (as in the grant test). `reach --budget 1` previews its next
    # turn: exhaustion cleared (R6), so from (3,2) (even row) the ring neighbours ne (3,1)
    # and se (3,3) stop again and w (2,2), nw (2,1), sw (2,3) are free; e (4,2) is E.
    enc = field(encounter, (1, 2), 6)
    log = [BEGIN, move("P", (3, 2))]
    assert enc.reach_doc("P", log)["hexes"] == []
    expected = {(3, 1): (1, True), (3, 3): (1, True), (2, 2): (1, False), (2, 1): (1, False), (2, 3): (1, False)}
    assert enc.reach("P", log, budget=1) == expected
