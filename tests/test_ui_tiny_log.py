"""The combat log of the smallest window (640x400) through the AI's turns, on the shipped maps.

- With no action bar drawn (the AI's turns) its tab hung 56 px up, where the bar stands on your turns, over an
  empty strip of map: it now comes down to the status line, and goes back up over the bar on your turns.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.rules import EndTurn  # noqa: E402
from game.ui.app import PlayConfig, battle_scene  # noqa: E402
from game.ui.battle import BattleScene  # noqa: E402
from game.ui.context import STATUS_BAR  # noqa: E402
from game.ui.hud import bar_area  # noqa: E402
from game.ui.panels.combat_log import CombatLog  # noqa: E402
from game.ui.scene import SceneStack  # noqa: E402
from tests.scene_harness import frame, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
SHIPPED = ["ambush", "default", "fortress_assault", "giants_lair", "ship_boarding"]
TINY = (640, 400)
ONE_LINE = 30  # px: the tab is one line of small type
MARGIN = 8  # px every panel keeps from the map area's edge (and the log from the action bar)


def the_log(scene: BattleScene) -> CombatLog:
    return next(w for w in scene.widgets if isinstance(w, CombatLog))


def point(scene: BattleScene, screen: pygame.Surface, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)


def watched(tmp_path: Path, name: str) -> tuple[BattleScene, pygame.Surface]:
    """``name`` at 640x400 with the AI playing every side (--autoplay): no action bar at any turn."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(TINY)
    path = MAPS / f"{name}.tmx"
    cfg = PlayConfig(map_path=path, log_path=tmp_path / "battle.jsonl", autoplay=True, headless=True)
    scene = battle_scene(cfg, path, TINY)
    assert isinstance(scene, BattleScene)
    SceneStack(scene)
    frame(scene, screen, 2)
    return scene, screen


@pytest.mark.parametrize("name", SHIPPED)
def test_on_the_ais_turn_the_log_tab_sits_on_the_status_line(tmp_path: Path, name: str) -> None:
    scene, screen = watched(tmp_path, name)
    assert not scene.match.is_human_turn() and scene.view.buttons == []
    tab = pygame.Rect(the_log(scene).cover)
    status_top = screen.get_height() - STATUS_BAR
    assert scene.ctx.view_rect.bottom == status_top
    assert tab.height <= ONE_LINE
    assert status_top - tab.bottom == MARGIN, (tab, status_top)  # no strip under it but the margin of any panel


def test_on_your_turn_the_log_tab_goes_back_above_the_action_bar(tmp_path: Path) -> None:
    # The ambush's players: Pell (ally) opens it; the bandits' turns between are the AI's.
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=("player", "ally"), setup=False, size=TINY)
    SceneStack(scene)
    frame(scene, screen, 2)
    log = the_log(scene)
    seen = {"yours": 0, "ai": 0}
    for _ in range(200):
        if scene.match.is_human_turn() and scene.view.buttons:
            bar = bar_area(scene.view.buttons)
            assert bar is not None
            tab = pygame.Rect(log.cover)
            assert 0 <= bar.top - tab.bottom <= 2 * MARGIN, (tab, bar)
            seen["yours"] += 1
            scene.submit(EndTurn())
        elif not scene.view.buttons:
            assert scene.ctx.view_rect.bottom - log.cover.bottom == MARGIN, log.cover
            seen["ai"] += 1
        frame(scene, screen)
    assert seen["yours"] >= 3 and seen["ai"] >= 20, seen


def test_the_log_folds_when_its_tab_moves_from_under_the_pointer(tmp_path: Path) -> None:
    """Pointing at the tab on your turn opens the log; when your turn ends the tab comes down to the status line,
    away from the pointer that did not move: the log folds, as when the pointer leaves the tab."""
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=("player", "ally"), setup=False, size=TINY)
    SceneStack(scene)
    frame(scene, screen, 2)
    log = the_log(scene)
    assert scene.match.is_human_turn() and scene.view.buttons
    tab = pygame.Rect(log.cover)
    point(scene, screen, tab.center)
    assert log.cover.height > 2 * ONE_LINE
    for _ in range(20):  # Pell's turn and Lysa's (the ambush's players' first two) ended: the bandits' turn
        if scene.match.is_human_turn():
            scene.submit(EndTurn())
        frame(scene, screen)
        if not scene.view.buttons:
            break
    assert not scene.view.buttons  # the AI's turn: the tab has come down
    assert log.cover.height <= ONE_LINE and log.cover.top > tab.bottom, (log.cover, tab)
