"""`normal` reads next round's danger as if it had left its hex: its own body shields nothing it walks away from.

Seeded, deterministic, no timing; the map conventions are tests/ai_fixtures.py's (odd rows shifted right).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import policy_for
from game.rules import Encounter, ThreatZones

from .ai_fixtures import encounter, play_turn, unit

# A wall down column 4 with one gap, (4,3). The guard (20 hp, defence 10) stands just behind the gap at
# (3,3); the archer (8 hp) waits beside it at (2,3); the knights (move 8) stand seven hexes east.
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
        unit("Guard", (3, 3), "enemy", hp=20, move=3, attack=3, defense=10, damage="1d8", initiative=10, facing="e"),
        unit("Archer", (2, 3), "enemy", hp=8, move=4, attack=2, defense=10, damage="1d6", initiative=9),
        unit("Knight 1", (11, 2), "player", hp=16, move=8, attack=5, defense=13, damage="1d10", facing="w"),
        unit("Knight 2", (11, 4), "player", hp=16, move=8, attack=5, defense=13, damage="1d10", facing="w"),
    ])


def _knights_reaching(enc: Encounter, who: str) -> list[str]:
    """The knights that could strike ``who`` next turn (the engine's next-turn reach, R4, R9)."""
    knights = [enc.view("Knight 1"), enc.view("Knight 2")]
    answers = enc.threat_zones().next_turn_reaches([(k, k.reach) for k in knights])
    at = enc.board.flat(enc.view(who).cell)
    return [k.name for k, (_, zone) in zip(knights, answers, strict=True) if zone[at]]


def test_normal_does_not_take_the_hex_beside_the_gap_for_safe(tmp_path: Path) -> None:
    # Worked out by hand. Each knight walks 6 hexes to the wall ((5,2) or (5,4)), 7 to the gap (4,3), 8 to
    # (3,3); nothing nearer the archer is within 8. Now the guard's body fills (3,3) (R4): no knight can
    # stand beside the guard or the archer next turn.
    # - Step aside to (3,2) (neighbours (2,2), (3,1), (2,1), (2,3), (3,3) and the wall): (3,3) is empty then,
    #   and a knight entering it is stopped there (R9) beside both the guard and the archer: both knights
    #   can strike the guard at (3,2). Asked with the guard's body still at (3,3), neither could, and the old
    #   reading scored (3,2) as safe and nearest the knights: the guard stepped there, then, seeing the
    #   danger from its new hex, on to (2,1) (two neighbours off (3,3)), the gap left open to both knights.
    # - Forward to (6,2) both knights can strike it wherever it stands, but it blocks and stops (R4, R9)
    #   Knight 1's way to the gap: Knight 1 must go round by row 4 and runs out of steps (a5's fixture).
    # Read as if the guard had left its hex, (3,2) carries both knights' blows as (6,2) does, and it lies
    # farther from the fight; (2,1) is safe but farther still; the guard goes forward to (6,2).
    enc = _gap(tmp_path)
    assert _knights_reaching(enc, "Archer") == []  # the gap is held now
    actions = play_turn(enc, policy_for("normal"))
    assert enc.view("Guard").cell == (6, 2), actions
    assert _knights_reaching(enc, "Archer") == ["Knight 2"]
    assert _knights_reaching(enc, "Guard") == ["Knight 1", "Knight 2"]


def test_control_the_old_reading_steps_aside_and_opens_the_gap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same turn with the hostiles' reach asked on the board as it stands (the actor's body at its
    # start hex): the guard steps aside to (3,2), then on to (2,1), and both knights reach the archer.
    ask = ThreatZones.next_turn_reaches

    def as_it_stands(self: ThreatZones, asks: list, moved: object = None) -> list:  # type: ignore[type-arg]
        return ask(self, asks)

    monkeypatch.setattr(ThreatZones, "next_turn_reaches", as_it_stands)
    enc = _gap(tmp_path)
    actions = play_turn(enc, policy_for("normal"))
    assert [getattr(a, "to", None) for a in actions] == [(3, 2), (2, 1), None]
    assert _knights_reaching(enc, "Archer") == ["Knight 1", "Knight 2"]
