"""Later in a battle the combat log grows up from the bottom as the turn's lines come: the camera keeps the actor,
and the token an attack or a shot lands on, clear of where the log will be, not just of where it is now.

Found playing ambush under Xvfb: the opening view kept tokens clear of the log's room, but a turn's focus only
kept the actor clear of the log as drawn then (two lines at the first turns), so its own move and attack lines
grew the log over it.
"""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Shoot
from game.ui.camera import ZOOMS
from game.ui.panels.combat_log import CombatLog
from tests.scene_harness import frame, key, open_battle, to_turn
from tests.test_ui_opening import token_rects
from tests.ui_harness import ROOT

AMBUSH = ROOT / "maps" / "ambush.tmx"


def put(scene, name: str, at: tuple[int, int], zoom: float = 1.5) -> None:  # type: ignore[no-untyped-def]
    """Zoom in (room to pan: ambush nearly fits the window) and pan so ``name``'s token sits at screen pixel
    ``at``."""
    ctx = scene.ctx
    ctx.camera.zoom_index = ZOOMS.index(zoom)
    x, y = ctx.geometry.cell_center(ctx.encounter.view(name).cell)
    vr = ctx.view_rect
    cam = ctx.camera
    cam.jump(x - (at[0] - vr.x - cam.view_w / 2) / cam.zoom, y - (at[1] - vr.y - cam.view_h / 2) / cam.zoom)
    scene.director.glide = None


def settle(scene, screen, frames: int = 120) -> None:  # type: ignore[no-untyped-def]
    for _ in range(frames):  # the glide and the animations, two seconds
        frame(scene, screen)


def test_the_actor_is_kept_clear_of_the_room_the_log_grows_into(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False)
    frame(scene, screen, 2)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    actor = scene.match.encounter.turn
    assert actor is not None and log.cover.height < 100  # the first turn: a short log
    grown = log.grown
    put(scene, actor, (grown.centerx, grown.top + 24))  # just above the short log, where its next lines go
    frame(scene, screen)
    rect = token_rects(scene)[actor]
    assert rect.colliderect(grown) and not log.cover.colliderect(rect)
    key(scene, pygame.K_SPACE)  # select and show the current actor
    settle(scene, screen)
    rect = token_rects(scene)[actor]
    assert scene.ctx.view_rect.contains(rect)
    assert not rect.colliderect(log.grown)


def test_a_shot_brings_its_target_out_from_under_the_log(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False)
    frame(scene, screen, 2)
    to_turn(scene, "Pell")
    enc = scene.match.encounter
    in_sight = [v for v in enc.views() if v.active and v.faction == "enemy"
                and enc.check(Shoot("Pell", v.name, roll=20, damage=1)) is None]
    # The southernmost: the camera can pan it down under the log (bottom right).
    target = max(in_sight, key=lambda v: scene.ctx.geometry.cell_center(v.cell)[1]).name
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    frame(scene, screen)
    put(scene, target, (log.cover.centerx, log.cover.bottom - 20), zoom=2.0)  # the target under the log
    frame(scene, screen)
    assert token_rects(scene)[target].colliderect(log.cover)
    assert scene.submit(Shoot("Pell", target, roll=20, damage=1))
    settle(scene, screen)
    rect = token_rects(scene)[target]
    assert scene.ctx.view_rect.contains(rect) and not rect.colliderect(log.cover)


def test_when_the_map_moves_under_a_resting_pointer_it_points_at_what_is_under_it_now(tmp_path: Path) -> None:
    """Found playing ambush: Brother Odo walked up to Bandit Archer 1 (the first click on it), the camera glided
    after him, and the second click, with the pointer where it was, fell on the empty hex now under it while
    the attack preview and the card still showed the archer."""
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False)
    frame(scene, screen, 2)
    ctx = scene.ctx
    ctx.camera.zoom_index = ZOOMS.index(1.5)  # room to pan
    frame(scene, screen)
    pos = ctx.view_rect.center
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    before = ctx.hovered_cell
    assert before is not None
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    settle(scene, screen, 30)  # half a second of panning right, the pointer resting
    scene.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    frame(scene, screen)
    assert ctx.hovered_cell == ctx.cell_at(pos) != before
