"""Rough edges a play-through found (ambush-like hot-seat, two humans in a row), each as the player met it.

The battle scene is built as ``playmat play`` builds it, driven with real pygame events, and drawn headless.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Move
from game.ui.battle import BattleScene
from game.ui.confirm import ConfirmScene
from tests.scene_harness import frame, key, open_battle

PARTY = [{"name": "Lysa", "at": (1, 2), "faction": "player", "move": 4, "initiative": 9},
         {"name": "Corin", "at": (1, 3), "faction": "player", "move": 4, "initiative": 8},
         {"name": "Orc 1", "at": (6, 2), "faction": "enemy", "initiative": 5}]


def two_humans(tmp_path: Path) -> tuple[BattleScene, pygame.Surface]:
    tmx = write_map(tmp_path / "duo.tmx", ["........"] * 5, units=PARTY, title="Duo")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False)
    frame(scene, screen, 30)
    assert scene.match.encounter.turn == "Lysa"
    return scene, screen


def test_a_quick_second_enter_does_not_end_the_next_humans_turn(tmp_path: Path) -> None:
    scene, screen = two_humans(tmp_path)
    scene.submit(Move("Lysa", (2, 2)))  # moved, nobody in reach: Enter ends the turn without a question
    frame(scene, screen, 30)
    assert key(scene, pygame.K_RETURN) is None
    assert scene.match.encounter.turn == "Corin"
    # The second Enter of a quick double press: Corin's turn is not on screen yet, so it is ignored (no
    # question opens either, one more Enter would have said yes to it).
    assert key(scene, pygame.K_RETURN) is None
    frame(scene, screen, 5)
    assert key(scene, pygame.K_RETURN) is None
    assert scene.match.encounter.turn == "Corin"
    # Once the turn has been shown (the camera there, a moment gone), Enter is Corin's own again.
    frame(scene, screen, 60)
    tr = key(scene, pygame.K_RETURN)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    assert tr.scene.lines == ["Corin has not moved or acted yet (4 movement left): end the turn? Enter again / Esc"]


def test_every_human_turn_starts_with_the_how_to_hint(tmp_path: Path) -> None:
    scene, screen = two_humans(tmp_path)
    assert "Lysa: click a shaded hex to move" in scene.ctx.status
    scene.submit(Move("Lysa", (2, 2)))
    frame(scene, screen, 30)
    key(scene, pygame.K_RETURN)
    frame(scene, screen, 30)
    status = scene.ctx.status
    assert status.startswith("Corin: click a shaded hex to move, an enemy to attack") and "Enter ends the turn" in status
