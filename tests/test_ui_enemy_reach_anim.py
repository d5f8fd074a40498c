"""The hovered enemy's attack zone stays off while an action animates (play-through at the Giant's Hearth).

Under every strike and shot the target's red and violet zone flashed over half the map: the pointer stays on
the target through the animation, and the early return for "the actor is previewing an attack on it" did
nothing then, as nobody previews during an animation.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import EndTurn
from game.ui.battle import BattleScene
from game.ui.overlays import EnemyReach
from tests.scene_harness import click, frame, hover, open_playing

UNITS = [{"name": "Lysa", "at": (2, 2), "faction": "player", "move": 4, "initiative": 9},
         {"name": "Orc 1", "at": (3, 2), "faction": "enemy", "initiative": 5, "hp": 30}]


def duel(tmp_path: Path) -> tuple[BattleScene, pygame.Surface, EnemyReach]:
    tmx = write_map(tmp_path / "duel.tmx", ["........"] * 5, units=UNITS, title="Duel")
    scene, screen = open_playing(tmp_path, tmx, "Lysa")
    return scene, screen, next(w for w in scene.widgets if isinstance(w, EnemyReach))


def frames(scene: BattleScene, screen: pygame.Surface, reach: EnemyReach, n: int) -> list[tuple[bool, str | None]]:
    """(an animation playing, whose zone the hover showed) for each of ``n`` frames."""
    out = []
    for _ in range(n):
        frame(scene, screen)
        out.append((scene.anim.busy, reach.zone_of))
    return out


def test_the_targets_zone_does_not_flash_under_the_players_blow(tmp_path: Path) -> None:
    scene, screen, reach = duel(tmp_path)
    hover(scene, (3, 2))
    frame(scene, screen, 3)
    assert reach.zone_of is None  # Lysa previews her attack on the orc: no zone (Shift would show it)
    click(scene, (3, 2))  # she attacks; the pointer stays on the orc
    assert scene.anim.busy
    seen = frames(scene, screen, reach, 90)
    assert any(busy for busy, _ in seen) and not seen[-1][0]  # the blow played, then ended
    assert [zone for _, zone in seen] == [None] * len(seen)  # neither under the blow nor as it ends


def test_on_the_enemys_turn_its_zone_shows_between_its_actions_never_under_them(tmp_path: Path) -> None:
    scene, screen, reach = duel(tmp_path)
    enc = scene.match.encounter
    scene.submit(EndTurn())
    seen = []
    while enc.turn == "Orc 1" and len(seen) < 600:  # the AI moves, strikes Lysa, ends its turn
        hover(scene, enc.view("Orc 1").cell)  # the pointer follows the orc
        seen += frames(scene, screen, reach, 1)
    assert enc.turn == "Lysa"
    assert any(busy for busy, _ in seen)
    assert all(zone is None for busy, zone in seen if busy)
    assert any(zone == "Orc 1" for busy, zone in seen if not busy)  # in the AI's pauses: the player may look
