"""A whole battle in a laptop's window (960x600): what playing the Black Gull there found, each pinned on the real
battle scene, driven with real pygame events, drawn headless."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Move
from game.ui.panels.tooltips import Tooltips
from tests.scene_harness import frame, hover, key, open_battle, to_turn
from tests.ui_harness import ROOT

SHIP = ROOT / "maps" / "ship_boarding.tmx"
LAPTOP = (960, 600)


def test_the_sea_witch_s_burst_preview_leaves_whom_it_catches_and_where_they_go_in_view(tmp_path: Path) -> None:
    """Found at 960x600 with the map filling the window: the burst's box took the one spot clear of the combat
    log, over Corsair 1 whom the burst caught, or over the hex a push arrow ended on. What the box describes now
    comes before the panels (a panel is read again a moment later; the preview is read now)."""
    scene, screen = open_battle(tmp_path, SHIP, humans=("enemy",), setup=False, size=LAPTOP)
    frame(scene, screen, 2)
    to_turn(scene, "Sea Witch")
    scene.submit(Move("Sea Witch", (7, 3)))  # one move from her deck towards the party's
    scene.anim.skip(scene.tokens)
    frame(scene, screen, 30)
    key(scene, pygame.K_b)
    tips = next(w for w in scene.widgets if isinstance(w, Tooltips))
    enc, ctx = scene.match.encounter, scene.ctx
    for centre in [(6, 3), (8, 3), (10, 3)]:
        p = enc.preview_cast("Sea Witch", centre)
        assert p.legal is None and p.affected
        hover(scene, centre)
        frame(scene, screen)
        (box, _anchor), = tips.drawn
        for a in p.affected:
            assert not box.colliderect(ctx.token_rect(a.target)), (centre, a.target)
            if len(a.push_path) > 1:
                assert not box.colliderect(ctx.hex_rect(a.push_path[-1])), (centre, a.target, a.push_path[-1])
