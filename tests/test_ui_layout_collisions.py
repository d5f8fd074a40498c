"""The window with no rough edges: what one drawn thing hid of another, found playing whole battles with the mouse
at 1280x800, 960x600 and 800x560, each pinned on the real battle scene (tests/scene_harness.py) by measuring the
rectangles drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.render.pg import pygame
from game.ui.hud import bar_area
from game.ui.panels.legend import Legend
from tests.scene_harness import frame, key, open_battle
from tests.ui_harness import ROOT

FORT = ROOT / "maps" / "fortress_assault.tmx"
SHIP = ROOT / "maps" / "ship_boarding.tmx"


def widget(scene, kind):
    return next(w for w in scene.widgets if isinstance(w, kind))


@pytest.mark.parametrize("map_path", [FORT, SHIP], ids=["fortress_assault", "ship_boarding"])
@pytest.mark.parametrize("size", [(960, 600), (800, 560)], ids=["960x600", "800x560"])
def test_the_open_legend_hides_none_of_the_party_nor_the_action_bar(tmp_path: Path, map_path: Path,
                                                                    size: tuple[int, int]) -> None:
    """Found at 960x600 on fortress_assault: the legend (L), beside the card, covered Captain Vessa, Doran, Ilse
    and Grum, the very tokens whose colours a player opens it to read, and ran down under Flee, Undo and End turn;
    at 800x560 it ran past the status line. It now takes the place along the top that hides none of the human
    side, its rows closed up to end above the action bar."""
    scene, screen = open_battle(tmp_path, map_path, humans=("player",), setup=False, size=size)
    frame(scene, screen, 30)
    key(scene, pygame.K_l)
    frame(scene, screen)
    legend, ctx, enc = widget(scene, Legend), scene.ctx, scene.match.encounter
    assert legend.cover.width > 0
    party = [v.name for v in enc.views() if v.active and v.faction == "player"]
    assert party and not [n for n in party if ctx.token_rect(n).colliderect(legend.cover)]
    bar = bar_area(scene.view.buttons)
    assert bar is not None and not legend.cover.colliderect(bar)
    assert ctx.view_rect.contains(legend.cover)
