"""A hovered combatant's facing-arc labels (R17-R19: front, flank and rear, with their penalties) never draw over
or under a panel: beside the initiative tracker's bottom edge, "left" of Miller's Ford's Orc 1 lay 2 px over the
tracker's rows at 1280x800 and "rear" over them at 125 % (RULES.md, the window: the name tag and the arcs'
labels)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.camera import ZOOMS
from game.ui.overlays import FacingArcs
from game.ui.scene import SceneStack
from tests.scene_harness import frame, hover, open_battle
from tests.ui_harness import ROOT

MILLERS_FORD = ROOT / "maps" / "default.tmx"


def put_at(scene: BattleScene, name: str, sx: int, sy: int) -> None:
    """Pan the camera so ``name``'s token stands at screen pixel (``sx``, ``sy``) (as far as the camera goes)."""
    ctx, cam = scene.ctx, scene.ctx.camera
    mx, my = ctx.geometry.cell_center(scene.match.encounter.view(name).cell)
    cam.jump(mx - (sx - ctx.view_rect.x - cam.view_w / 2) / ctx.zoom,
             my - (sy - ctx.view_rect.y - cam.view_h / 2) / ctx.zoom)


@pytest.mark.parametrize("zoom", [1.0, 1.25])
def test_arc_labels_beside_the_tracker_stay_off_it(zoom: float, tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, MILLERS_FORD, humans=("player",), setup=False, size=(1280, 800))
    SceneStack(scene)
    frame(scene, screen, 2)
    scene.ctx.camera.zoom_index = ZOOMS.index(zoom)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    tracker = next(pygame.Rect(w.cover) for w in scene.widgets if type(w).__name__ == "InitiativeTracker")
    shown = 0
    for dx in (-60, -30, 0, 30, 60):
        for dy in (0, 15, 30, 45, 60):
            put_at(scene, "Orc 1", tracker.left + dx, tracker.bottom + dy)
            frame(scene, screen)
            hover(scene, scene.match.encounter.view("Orc 1").cell)
            frame(scene, screen, 2)
            assert arcs.shown == "Orc 1"
            covers = scene.panel_covers()
            for label in arcs.label_rects:
                assert label.collidelist(covers) < 0, ((dx, dy), label, covers)
            shown += len(arcs.label_rects)
    assert shown >= 3 * 25  # the labels still show (three or four a hover: front, left, right, rear), not dropped
