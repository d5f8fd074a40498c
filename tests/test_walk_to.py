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
