"""`hard` stands where it keeps the hostiles off a friend behind it (screen term, issue 18).

Seeded, deterministic, no timing; the map conventions are tests/ai_fixtures.py's (odd rows shifted right).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from game.ai import explain, policy_for
from game.ai.tactical import TacticalPolicy
from game.ai.weights import HARD
from game.rules import Encounter

from .ai_fixtures import encounter, play_turn, unit

# A wall down column 4 with one gap, (4,3). The guard (tough: 20 hp, defense 16) stands just behind the
# gap at (3,3); the archer (8 hp) waits beside it at (2,3); the knights (move 8) stand seven hexes east.
ROWS = [
    "....#.......",
    "....#.......",
    "....#.......",
    "............",
    "....#.......",
    "....#.......",
    "....#.......",
]


def _gap(tmp_path: Path) -> Encounter:
    return encounter(tmp_path, ROWS, [
        unit("Guard", (3, 3), "enemy", hp=20, move=3, attack=3, defense=16, damage="1d8", initiative=10, facing="e"),
        unit("Archer", (2, 3), "enemy", hp=8, move=4, attack=2, defense=10, damage="1d6", initiative=9),
        unit("Knight 1", (11, 2), "player", hp=16, move=8, attack=5, defense=13, damage="1d10", facing="w"),
        unit("Knight 2", (11, 4), "player", hp=16, move=8, attack=5, defense=13, damage="1d10", facing="w"),
    ])


def _knights_reaching_the_archer(enc: Encounter) -> list[str]:
    """The knights that could strike the archer next turn (the engine's next-turn reach, R4, R9)."""
    knights = [enc.view("Knight 1"), enc.view("Knight 2")]
    answers = enc.threat_zones().next_turn_reaches([(k, k.reach) for k in knights])
    archer = enc.board.flat(enc.view("Archer").cell)
    return [k.name for k, (_, zone) in zip(knights, answers, strict=True) if zone[archer]]


def test_hard_keeps_a_knight_off_the_archer_where_the_old_scoring_lets_both_through(tmp_path: Path) -> None:
    # Worked out by hand. The archer's only neighbour a knight can come to is (3,3), through the gap
    # (4,3), itself entered from (5,2), (5,3) or (5,4); (3,3) is 8 hexes' walk from either knight.
    # Now the guard's body fills (3,3) (R4): neither knight reaches the archer.
    # - Old scoring (`hard` with screen 0): the guard steps aside to (3,2). Its zone of control covers
    #   (3,3), but a knight stopped there (R9) stands beside the archer and strikes it: both reach.
    # - With the screen term the guard goes forward to (6,2), whose zone of control covers (5,2), (5,3),
    #   (6,1), (5,1), (6,3) and (7,2). Knight 1 must go round by row 4 ((10,3), (10,4) .. (5,4): 7 hexes)
    #   and needs 9 to stand at (3,3), or is stopped on entering the zone (R9). Knight 2 walks row 4 to
    #   (5,4), never beside (6,2), and on through the gap to (3,3): 8 hexes, so it still reaches the archer.
    enc = _gap(tmp_path)
    assert _knights_reaching_the_archer(enc) == []  # the gap is held now
    plan = explain(enc.sandbox(random.Random(1)), "hard", random.Random(0))
    assert any(t.term == "screen" and t.value > 0 for t in plan.terms)  # the reason it can name
    play_turn(enc, policy_for("hard"))
    assert enc.view("Guard").cell == (6, 2)
    assert _knights_reaching_the_archer(enc) == ["Knight 2"]

    control = _gap(tmp_path)  # the same turn without the screen term: it leaves the way open to both
    play_turn(control, TacticalPolicy(replace(HARD, screen=0.0), "hard"))
    assert control.view("Guard").cell == (3, 2)
    assert _knights_reaching_the_archer(control) == ["Knight 1", "Knight 2"]

