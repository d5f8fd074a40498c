"""A hovered target's facing-arc labels step off the sight line a shot preview draws to it.

Found playing the Greenway (ambush.tmx) at 1280x800: Pell in shoot mode pointing at a bandit, the bandit's
"front" lay across the green sight line, the one line the player follows from the archer to the target. The
labels stepped off the approach ring and the stop numbers, not off the line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.render.pg import pygame
from game.ui.overlays import FacingArcs, RangedPreview
from game.ui.overlays import draw as odraw
from tests.scene_harness import frame, hover, key, open_battle, to_turn
from tests.ui_harness import ROOT

AMBUSH = ROOT / "maps" / "ambush.tmx"
EVERYONE = ("player", "ally", "enemy", "neutral")


@pytest.mark.parametrize("target", ["Bandit Archer 1", "Bandit 2", "Bandit Chief"])
def test_the_targets_arc_labels_keep_off_the_sight_line(tmp_path: Path, target: str) -> None:
    scene, screen = open_battle(tmp_path, AMBUSH, humans=EVERYONE, setup=False, size=(1280, 800))
    frame(scene, screen, 2)
    to_turn(scene, "Pell")
    frame(scene, screen, 120)  # the camera at rest on Pell
    key(scene, pygame.K_r)
    enc = scene.match.encounter
    hover(scene, enc.view(target).cell)
    frame(scene, screen, 2)
    ranged = next(w for w in scene.widgets if isinstance(w, RangedPreview))
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    assert ranged.line is not None and arcs.shown == target and arcs.label_rects
    ctx = scene.ctx
    a, b = ranged.line
    start, end = odraw.clear_of(ctx.cell_to_screen(a), ctx.cell_to_screen(b), odraw.token_disc(ctx, "Pell"),
                                odraw.token_disc(ctx, target))
    line = odraw.along(start, end, 4)  # the line itself, every 16 px
    assert [r for r in arcs.label_rects if r.collidelist(line) >= 0] == []
