"""The combat log of the smallest window (640x400) through the AI's turns, on the shipped maps.

- With no action bar drawn (the AI's turns) its tab hung 56 px up, where the bar stands on your turns, over an
  empty strip of map: it now comes down to the status line, and goes back up over the bar on your turns.
- Unfolded (the pointer on the tab), its smallest box (the heading and two lines, 70 px) covered whatever token
  stood just above the tab: Goblin 2 on giants_lair, Orc 2 on default. It now opens where it hides no token.
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


@pytest.mark.parametrize("name", SHIPPED)
def test_the_unfolded_log_covers_no_token_at_640x400(tmp_path: Path, name: str) -> None:
    """The pointer on the tab at every frame of a few rounds, your turns and the AI's: the log unfolds (at its
    tab, else at the free place nearest it), and no token's disc or hp bar is under it."""
    scene, screen = open_battle(tmp_path, MAPS / f"{name}.tmx", humans=("player", "ally"), setup=False, size=TINY)
    frame(scene, screen, 10)
    log = the_log(scene)
    enc = scene.match.encounter
    opened = {"yours": 0, "ai": 0}
    for i in range(90):
        if scene.match.is_human_turn() and i % 3 == 0:
            scene.submit(EndTurn())
        frame(scene, screen)
        tab = pygame.Rect(log.cover)
        point(scene, screen, (tab.centerx, tab.bottom - 8))
        if log.open and log.cover.height > ONE_LINE:
            opened["yours" if scene.view.buttons else "ai"] += 1
            box = pygame.Rect(log._box)
            for v in enc.views():
                if v.active:
                    disc = scene.ctx.token_rect(v.name)
                    disc.height += 6  # its hp bar
                    assert not box.colliderect(disc), (i, v.name, box, disc)
        point(scene, screen, scene.ctx.view_rect.center)
    assert opened["ai"] >= 20, opened


def test_with_no_free_room_the_log_stays_a_tab_and_the_wheel_reads_back_in_it(tmp_path: Path) -> None:
    """A field packed with tokens, zoomed in two steps: no place of the map is free for even the heading and one
    line, so pointing at the tab leaves it one row (hiding no token it did not hide folded), saying the wheel
    reads on; a notch of the wheel shows the entry before the newest, "Combat begins", saying it is one back."""
    from game.maps.tmxwrite import write_map

    rows = ["." * 16 for _ in range(12)]
    units = [{"name": f"U{c}_{r}", "at": (c, r), "faction": "player" if c < 8 else "enemy", "initiative": 1,
              "hp": 10, "attack": 3, "defense": 12, "damage": "1d6", "move": 5} for r in range(12) for c in range(16)]
    path = write_map(tmp_path / "crowd.tmx", rows, units=units, title="Crowd")
    scene, screen = open_battle(tmp_path, path, humans=("player", "enemy"), setup=False, size=TINY)
    SceneStack(scene)
    frame(scene, screen, 10)
    cam, view = scene.ctx.camera, scene.ctx.view_rect
    cam.zoom_to(cam.zoom_index + 2, view.width / 2, view.height / 2)
    frame(scene, screen, 30)
    log = the_log(scene)
    tab = pygame.Rect(log.cover)
    assert [text for text, _ in log.entries] == ["Combat begins", "U0_0's turn"]
    point(scene, screen, (tab.centerx, tab.bottom - 8))
    assert log.open and log.cover == tab  # pointed at, and still one row
    assert log.drawn[0][0] == "U0_0's turn"
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    frame(scene, screen)
    assert log.cover == tab and log.drawn[0][0] == "1 back: Combat begins"
    point(scene, screen, view.center)
    assert log.cover == tab and log.drawn[0][0] == "U0_0's turn"
