"""A log replays in bounded work, however far its moves go (docs/limits.md, "Action logs")."""

from __future__ import annotations

import json
import time

from game.rules import Encounter
from game.rules.actions import parse_action
from game.rules.textmap import scenario_from_rows


def far_mover(side: int):
    """A ``side`` x ``side`` open map; "A" (move 1,000,000) acts first, "B" stands in the far corner."""
    return scenario_from_rows(["." * side] * side, [
        {"name": "A", "at": (1, 1), "faction": "player", "move": 1_000_000, "initiative": 20},
        {"name": "B", "at": (side - 2, side - 2), "faction": "enemy", "initiative": 1},
    ])


def move(scenario, to, path=None):
    line = {"action": "move", "unit": "A", "to": list(to)}
    if path is not None:
        line["path"] = [list(c) for c in path]
    return parse_action(json.dumps(line), scenario.board.layout)


def test_a_move_across_a_million_hex_map_is_checked_in_a_fraction_of_a_second() -> None:
    """Each `move` line without a path searches the whole map; its answer for the one hex asked was read
    from a table of every hex reached, built in Python (0.58 s of CPU a move on 1000x1000, ahead of a
    0.06 s search)."""
    scenario = far_mover(1000)
    enc = Encounter.from_scenario(scenario)
    enc.apply(parse_action('{"action": "begin"}', scenario.board.layout))
    enc.apply(move(scenario, (2, 1)))  # the board's step tables are built once, here
    start = time.process_time()
    for i in range(8):
        enc.apply(move(scenario, (990, 990) if i % 2 == 0 else (1, 1)))
    spent = time.process_time() - start
    assert enc.unit("A").cell == (1, 1)
    assert spent < 2.0, f"8 moves across the map took {spent:.1f} s of CPU"
