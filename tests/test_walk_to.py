"""ThreatZones.walk_to (what draws the AI toward a fight or an exit) finds a way round a long wall.

Found on a tuning map (map seed 132, game seed 1032): the only way between two walls lay outside the
window walk_to swept around the mover and its goal, so no combatant was drawn toward the fight and the
game drew at the round limit. The cost is worked out here by hand, not by the code under test.
"""

from __future__ import annotations

import numpy as np

from game.rules import UNREACHABLE, Begin, Encounter, ThreatZones, scenario_from_rows

WIDTH = 30
GAP = 27  # the one hole in the wall, far outside a 6-hex margin around the mover and its goal


def _walled() -> tuple[Encounter, ThreatZones]:
    rows = ["." * WIDTH for _ in range(9)]
    rows[4] = "#" * GAP + "." + "#" * (WIDTH - GAP - 1)  # a wall across the board with one gap
    units = [{"name": "Mover", "at": (3, 2), "faction": "player", "move": 5},
             {"name": "Foe", "at": (3, 8), "faction": "enemy"}]
    enc = Encounter(scenario_from_rows(rows, units))
    enc.apply(Begin())
    return enc, ThreatZones(enc)


def test_the_way_round_a_long_wall_is_found_beyond_the_window() -> None:
    enc, zones = _walled()
    board = enc.scenario.board
    goal = np.zeros(zones.n + 1, dtype=bool)
    goal[board.flat((3, 6))] = True  # two rows past the wall, straight across from the mover
    start = np.array([board.flat((3, 2))])
    cost = zones.walk_to(enc.view("Mover"), start, goal)[start[0]]
    # On open ground each step costs 1. Straight across is 4 rows, but the wall is in the way: the walk
    # must go 24 columns east to the gap and 24 back. On this layout a row step can also move half a
    # column, so the four rows save at most 2 of the 48 column steps: at least 46, at most 4 + 48 = 52.
    assert cost < UNREACHABLE, "no way found: the gap lies outside the swept window"
    assert 46 <= cost <= 52, cost


def test_a_goal_the_mover_cannot_reach_at_all_stays_unreachable() -> None:
    enc, zones = _walled()
    board = enc.scenario.board
    goal = np.zeros(zones.n + 1, dtype=bool)
    goal[board.flat((3, 6))] = True
    start = np.array([board.flat((3, 2))])
    # The same board with the gap closed too: nothing anywhere reaches the goal.
    closed = ["." * WIDTH for _ in range(9)]
    closed[4] = "#" * WIDTH
    enc2 = Encounter(scenario_from_rows(closed, [{"name": "Mover", "at": (3, 2), "faction": "player"},
                                                 {"name": "Foe", "at": (3, 8), "faction": "enemy"}]))
    enc2.apply(Begin())
    cost = ThreatZones(enc2).walk_to(enc2.view("Mover"), start, goal)[start[0]]
    assert cost >= UNREACHABLE


def test_a_toll_adds_to_each_hex_crossed_and_nothing_elsewhere() -> None:
    # The AI's way out for a beaten combatant prices the hexes a hostile could attack it on next turn one step
    # more (``toll``). Worked by hand on open ground, three rows: the mover at column 3 of the middle row, the
    # goal at column 9 of it, six steps east with no toll.
    rows = ["." * 12 for _ in range(3)]
    enc = Encounter(scenario_from_rows(rows, [{"name": "Mover", "at": (3, 1), "faction": "player", "move": 5},
                                              {"name": "Foe", "at": (11, 2), "faction": "enemy"}]))
    enc.apply(Begin())
    zones = ThreatZones(enc)
    board = enc.scenario.board
    goal = np.zeros(zones.n + 1, dtype=bool)
    goal[board.flat((9, 1))] = True
    start = np.array([board.flat((3, 1))])
    mover = enc.view("Mover")
    assert zones.walk_to(mover, start, goal)[start[0]] == 6

    def tolled(cells: list[tuple[int, int]]) -> float:
        toll = np.zeros(zones.n + 1)
        toll[[board.flat(c) for c in cells]] = 1.0
        return float(zones.walk_to(mover, start, goal, toll)[start[0]])

    # Columns 5, 6 and 7 tolled on every row: any way east crosses each of them, the straight way once each.
    assert tolled([(c, r) for c in (5, 6, 7) for r in range(3)]) == 9
    # Only the middle row's 5-7 tolled: stepping up a row and back down costs one step more on this layout
    # (a row step moves half a column), and that way crosses no toll: 7.
    assert tolled([(c, 1) for c in (5, 6, 7)]) == 7
    # A toll off every way east (the top row): no change.
    assert tolled([(c, 0) for c in range(12)]) == 6
