"""The disengage preview's box keeps in view the hex the player points at beside the one breaking away: where it
means to step once free (R23 lifts the zone of control for the rest of the turn).

Found in a full mouse playthrough of the Black Gull: Kestrel held by Sahuagin 2, D pressed, the pointer on 9,10 up
and right of her: the box, placed right of her token, sat on that hex. It now leaves the hex pointed at in view, as
a burst's box leaves whom it catches, and never covers Kestrel herself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.render.pg import pygame
from game.rules import Move
from game.ui.commands import DISENGAGE
from game.ui.overlays import ActionPreview
from game.ui.panels.tooltips import Tooltips
from tests.scene_harness import frame, hover, key, open_battle
from tests.ui_harness import ROOT

SHIP = ROOT / "maps" / "ship_boarding.tmx"


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_disengage_box_covers_neither_the_hex_pointed_at_nor_the_one_breaking_away(
        tmp_path: Path, size: tuple[int, int]) -> None:
    scene, screen = open_battle(tmp_path, SHIP, humans=("player", "ally"), setup=False, size=size)
    frame(scene, screen, 30)
    enc, ctx = scene.match.encounter, scene.ctx
    s2 = enc.view("Sahuagin 2").cell
    beside = next(c for c in enc.layout.neighbors(s2) if enc.can_move_to("Kestrel", c) is None)
    assert scene.submit(Move("Kestrel", beside))
    scene.anim.skip(scene.tokens)
    frame(scene, screen, 60)
    key(scene, pygame.K_d)
    frame(scene, screen)
    assert ctx.action_mode == DISENGAGE
    tips = next(w for w in scene.widgets if isinstance(w, Tooltips))
    kestrel = enc.view("Kestrel").cell
    steps = [c for c in enc.layout.neighbors(kestrel) if enc.board.is_on_map(c)
             and ctx.view_rect.contains(ctx.hex_rect(c))]
    assert len(steps) >= 4
    for cell in steps:
        hover(scene, cell)
        frame(scene, screen, 3)
        (box, _anchor), = tips.drawn
        preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
        assert preview.lines and "tries to disengage" in preview.lines[0].text  # its box is the one drawn
        assert not box.colliderect(ctx.hex_rect(cell)), cell
        assert not box.colliderect(ctx.token_rect("Kestrel")), cell
