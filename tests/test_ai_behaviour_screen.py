"""The AI holds a gap that keeps the hostiles off a friend behind it (screen term, issue 18).

Seeded, deterministic, no timing; the map conventions are tests/ai_fixtures.py's.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from game.ai import explain, policy_for
from game.ai.tactical import TacticalPolicy
from game.ai.weights import NORMAL
from game.rules import Encounter

from .ai_fixtures import encounter, play_turn, unit

# A wall down column 4 with one gap, (4,3). The guard stands in the gap; the archer (8 hp) waits two
# hexes behind it at (2,3); the knights (move 8) stand seven hexes east, beyond the guard's reach this turn.
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
        unit("Guard", (4, 3), "enemy", hp=12, move=3, attack=3, defense=12, damage="1d8", initiative=10, facing="e"),
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


def test_the_guard_stands_where_the_knights_cannot_reach_the_archer_behind_it(tmp_path: Path) -> None:
    # Worked out: with the guard gone, a knight walks 7 hexes west to the gap (nothing in the way, R4)
    # and one more to (3,3), beside the archer: its 8 hexes. With the guard in the gap (or a hex or two
    # in front of it) its body closes the gap and its zone of control stops a knight at the first
    # hex beside it (R9), so neither reaches the archer: each knight's best blow next turn is at the
    # guard. Stepping back away from the wall, as the old scoring does (less danger to itself: both
    # knights could strike it in the gap), lets both through to the archer.
    enc = _gap(tmp_path)
    assert _knights_reaching_the_archer(enc) == []  # the gap is held now
    plan = explain(enc.sandbox(random.Random(1)), "normal", random.Random(0))
    assert any(t.term == "screen" and t.value > 0 for t in plan.terms)  # the reason it can name
    play_turn(enc, policy_for("normal"))
    assert _knights_reaching_the_archer(enc) == []

    control = _gap(tmp_path)  # the same turn without the screen term: it leaves the gap open
    play_turn(control, TacticalPolicy(replace(NORMAL, screen=0.0), "normal"))
    assert control.view("Guard").cell != (4, 3)
    assert _knights_reaching_the_archer(control) == ["Knight 1", "Knight 2"]
