"""A hovered combatant's facing-arc labels keep out from under the action bar, the status line and the top bar.

Found playtesting ship_boarding at 1280x720 (and at 800x560): hovering Sahuagin 2, just above the action bar,
pieces of "left −2", "rear" and "right −2" showed in the strip between the bar and the status line. The labels
kept out from under the panels and the bar's buttons, but not from under the bar's backing around them, nor
from the status line, which cuts off whatever reaches past the map area. Now "left −2" and "right −2" sit
above the bar; "rear", whose whole arc in reach lies under the bar, is not drawn.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.render.pg import pygame
from game.ui.overlays import FacingArcs
from tests.scene_harness import frame, hover, open_battle, to_turn
from tests.ui_harness import ROOT, SHOTS

SHIP = ROOT / "maps" / "ship_boarding.tmx"


@pytest.mark.parametrize("size", [(1280, 720), (800, 560)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_sahuagin_2_s_arc_labels_keep_out_from_under_the_action_bar(tmp_path: Path, size: tuple[int, int]) -> None:
    scene, screen = open_battle(tmp_path, SHIP, humans=("player", "ally"), setup=False, size=size)
    frame(scene, screen, 2)
    to_turn(scene, "Kestrel")
    frame(scene, screen, 120)  # the camera at rest on Kestrel
    enc = scene.match.encounter
    hover(scene, enc.view("Sahuagin 2").cell)
    frame(scene, screen, 2)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    assert arcs.shown == "Sahuagin 2" and len(arcs.label_rects) >= 3
    buttons = [b.rect for b, _ in scene.view.buttons]
    bar = buttons[0].unionall(buttons).inflate(16, 12)  # the backing, as game.ui.hud draws it around them
    vr = scene.ctx.view_rect
    # The token stands just above the bar: the labels of its lower arcs would fall under it.
    x, y = scene.ctx.cell_to_screen(enc.view("Sahuagin 2").cell)
    assert bar.left < x < bar.right and 0 < bar.top - y < 3 * scene.ctx.hex_radius()
    if os.environ.get("PLAYMAT_SHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(screen, SHOTS / f"arc_labels_bar_{size[0]}x{size[1]}.png")
    status = pygame.Rect(0, vr.bottom, size[0], size[1] - vr.bottom)
    assert [r for r in arcs.label_rects if r.colliderect(bar) or r.colliderect(status)] == []
    assert all(vr.contains(r) for r in arcs.label_rects), (vr, arcs.label_rects)
