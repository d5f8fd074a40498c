"""In combat the GM's hit points form leaves the combatant whose hit points it sets in view.

Found playing Harrow Keep at 1600x900: Grum had walked to 3,1, near the map's top left; the GM shift-clicked him
and pressed "Set hit points...", and the form, always docked left beside the GM card, sat on Grum's token. It now
docks on the side of the map away from its combatant, as the setup Edit form does (tests/test_gm_window.py).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.render.pg import pygame
from game.rules import Place
from tests.scene_harness import frame, key, open_battle, to_turn
from tests.test_ui_gm_rough_edges import _press, _tools
from tests.ui_harness import ROOT

FORTRESS = ROOT / "maps" / "fortress_assault.tmx"


@pytest.mark.parametrize("name, cell", [("Grum", (3, 1)), ("Pikeman 1", (11, 6))])
def test_the_hit_points_form_leaves_its_combatant_in_view(tmp_path: Path, name: str, cell: tuple[int, int]) -> None:
    scene, screen = open_battle(tmp_path, FORTRESS, humans=("player", "ally"), setup=True, size=(1600, 900))
    scene.submit(Place(name, cell))
    to_turn(scene, "Captain Vessa")
    frame(scene, screen, 60)
    key(scene, pygame.K_g)
    frame(scene, screen)
    scene.ctx.selected = name  # as a shift-click on its token picks it for the card
    frame(scene, screen)
    _press(scene, screen, "edit")
    form = _tools(scene).form
    assert form is not None and form.title == f"{name}: hit points"
    frame(scene, screen)
    ctx = scene.ctx
    v = scene.match.encounter.view(name)
    x, y = ctx.cell_to_screen(v.cell)
    r = ctx.hex_radius() * 0.78  # the token's disc
    box = form.frame
    nearest = (min(max(x, box.left), box.right), min(max(y, box.top), box.bottom))
    assert box.width > 0 and math.dist((x, y), nearest) > r, f"the hit points form hides {name}"
