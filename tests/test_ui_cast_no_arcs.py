"""No facing arcs under a burst being aimed (a fresh-eyes pass on ship_boarding, the Sea Witch cast by hand).

In cast mode (B), pointing at a foe to centre the Sea Witch's burst on it ringed it with "front", "left −2",
"rear −4" as the attack preview does, while R32 says a burst uses no arcs: the labels offered a rear bonus the
roll never gets. As after a spent action (arcs.spent_foe), a foe's arcs only aim a blow, and a burst aims none.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.ui.commands import CAST  # noqa: E402
from game.ui.overlays import FacingArcs  # noqa: E402
from tests.scene_harness import at_turn, frame, hover, key  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


def _arcs(scene) -> FacingArcs:  # type: ignore[no-untyped-def]
    return next(w for w in scene.widgets if isinstance(w, FacingArcs))


def test_a_foe_under_the_burst_shows_no_arcs_and_its_blow_does(tmp_path: Path) -> None:
    scene, screen = at_turn(tmp_path, MAPS / "ship_boarding.tmx", "Sea Witch", humans=("enemy",), size=(1280, 800))
    enc = scene.match.encounter
    foe = next(v for v in enc.views() if v.active and enc.hostile("Sea Witch", v.name))
    hover(scene, foe.cell)
    frame(scene, screen, 3)
    arcs = _arcs(scene)
    assert arcs.shown == foe.name and any("rear" in w for w in arcs.label_words)  # aiming a blow: its arcs
    key(scene, pygame.K_b)
    assert scene.ctx.action_mode == CAST
    hover(scene, foe.cell)
    frame(scene, screen, 3)
    assert arcs.shown is None and arcs.label_words == []  # aiming a burst (R32: no arcs): none
    friend = next(v for v in enc.views() if v.active and v.name != "Sea Witch"
                  and not enc.hostile("Sea Witch", v.name))
    hover(scene, friend.cell)
    frame(scene, screen, 3)
    assert arcs.shown == friend.name  # one's own side keeps them: where it is exposed
