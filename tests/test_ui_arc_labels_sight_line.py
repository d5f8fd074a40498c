"""A hovered target's facing-arc labels step off the sight line a shot preview draws to it, and off the path an
attack or a shot needs first.

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


def _path_squares(scene, name: str, at: tuple[int, int]) -> list[pygame.Rect]:
    """The approach path to ``at`` as the attack preview draws it (draw.approach_path), every 16 px."""
    ctx, enc = scene.ctx, scene.match.encounter
    cells = list(enc.reach_for(name).path_to(at))
    if not cells or cells[0] != enc.view(name).cell:
        cells.insert(0, enc.view(name).cell)
    pts = [ctx.cell_to_screen(c) for c in cells]
    pts[0] = odraw.clear_of(pts[0], pts[1], odraw.token_disc(ctx, name), None)[0]
    return [r for p, q in zip(pts, pts[1:], strict=False) for r in odraw.along(p, q, 4)]


def test_the_targets_arc_labels_keep_off_the_approach_path(tmp_path: Path) -> None:
    """Wynn's attack on Goblin 1 (giants_lair): the goblin's "front" lay on the white approach path, where it
    comes in. For Sir Corin's attacks at the Greenway that need a move first, no label of the target's lies on
    the path."""
    from game.ui.overlays import ActionPreview

    scene, screen = open_battle(tmp_path, AMBUSH, humans=EVERYONE, setup=False, size=(1280, 800))
    frame(scene, screen, 2)
    to_turn(scene, "Sir Corin")
    frame(scene, screen, 120)
    enc = scene.match.encounter
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    tried = 0
    for v in enc.views():
        if not v.active or not enc.hostile("Sir Corin", v.name):
            continue
        hover(scene, v.cell)
        frame(scene, screen, 2)
        at = preview.plan[0] if preview.plan is not None else None
        if at is None or arcs.shown != v.name:
            continue
        tried += 1
        path = _path_squares(scene, "Sir Corin", at)
        assert [r for r in arcs.label_rects if r.collidelist(path) >= 0] == [], v.name
    assert tried
