"""V's hover box appears where it stays (u24): the shooting odds come in a frame or more after the box appears
(one shooter a frame), and the box grew by their rows and jumped, 40 px up off the combat log at Harrow Keep
(14,6 at 1280x800), or sideways. It is placed for the most those rows can take and grows into that room away
from its hex: down, or up from its bottom edge when it is above the hex (grown down from the room's top, a box
above its hex showed a gap under it until the odds were in)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.panels.tooltips import Tooltips  # noqa: E402
from tests.scene_harness import frame, hover, key, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


@pytest.mark.parametrize("map_name,size", [("fortress_assault.tmx", (1280, 800)), ("ambush.tmx", (1280, 800))])
def test_the_reach_box_keeps_its_top_left_as_the_odds_come_in(tmp_path: Path, map_name: str,
                                                              size: tuple[int, int]) -> None:
    """V on, the pointer resting on each hex of the map in turn: from the frame its box appears to six frames on,
    the box does not jump: of its left and right edges one stays put, and of its top and bottom (its bottom
    above the hex, its top elsewhere), while on some hexes the box does change size (the odds arriving)."""
    scene, screen = open_battle(tmp_path, MAPS / map_name, humans=("player", "ally"), setup=False, size=size)
    frame(scene, screen, 30)
    key(scene, pygame.K_v)
    frame(scene, screen, 30)  # the counts in
    tips = next(w for w in scene.widgets if isinstance(w, Tooltips))
    layout = scene.match.encounter.layout
    moved, grew = [], 0
    for col in range(layout.cols):
        for row in range(layout.rows):
            hover(scene, (col, row))
            boxes = []
            for _ in range(6):
                frame(scene, screen, 1)
                if tips.drawn and scene.ctx.hovered_cell == (col, row):
                    boxes.append(pygame.Rect(tips.drawn[0][0]))
            # One edge each way stays put: the box grows from it, away from its hex.
            still = (len({b.left for b in boxes}) <= 1 or len({b.right for b in boxes}) <= 1) and \
                    (len({b.top for b in boxes}) <= 1 or len({b.bottom for b in boxes}) <= 1)
            if not still:
                moved.append(((col, row), [tuple(b) for b in boxes]))
            grew += len({b.size for b in boxes}) > 1
    assert grew >= 2  # the odds did come in after the box appeared: the case this is about
    assert moved == []
