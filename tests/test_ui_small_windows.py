"""Where things sit on screen in small windows (800x560), as playtesters met them.

- In a crowd, the attack preview sat on the acting token and the first step of its approach: counted as one
  more panel, the actor cost less to cover than a corner of the tracker.
"""

from __future__ import annotations

from pathlib import Path

from game.ui.overlays.draw import along
from game.ui.overlays.preview import ActionPreview
from game.ui.panels.tooltips import Tooltips
from tests.scene_harness import at, frame, hover, open_battle, to_turn

MAPS = Path(__file__).resolve().parents[1] / "maps"
SMALL = (800, 560)


def test_in_a_crowd_the_attack_preview_leaves_the_actor_and_the_start_of_its_approach_in_view(
        tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=("player", "ally"), setup=False, size=SMALL)
    frame(scene, screen)
    to_turn(scene, "Brother Odo")
    frame(scene, screen, 90)  # the camera at rest on him
    enc = scene.match.encounter
    hover(scene, enc.view("Bandit Chief").cell)
    frame(scene, screen, 2)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    tips = next(w for w in scene.widgets if isinstance(w, Tooltips))
    assert preview.plan is not None and preview.plan[0] is not None  # Odo walks up to strike
    # The short preview of Odo's blow on the Chief (the verb left out where the name makes the row too wide).
    assert preview.lines is not None and preview.lines[0].text.startswith(("Attack Bandit Chief: ", "Bandit Chief: "))
    tip = tips.drawn[0][0]
    first_step = enc.reach_for("Brother Odo").path_to(preview.plan[0])[0]
    start = along(at(scene, enc.view("Brother Odo").cell), at(scene, first_step))
    assert not tip.colliderect(scene.ctx.token_rect("Brother Odo"))
    assert tip.collidelist(start) < 0  # which way he sets off
    assert not tip.colliderect(scene.ctx.token_rect("Bandit Chief"))
    assert scene.ctx.view_rect.contains(tip)


def test_facing_arc_labels_step_off_the_stop_numbers_and_the_approach_ring(tmp_path: Path) -> None:
    """At 1100x720, Lysa pointing at Bandit 3: his "left −2" sat on the ring where her approach ends and on
    that hex's zone-of-control stop number, "front" on another stop number."""
    from game.render.pg import pygame
    from game.ui.overlays.arcs import FacingArcs

    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=("player", "ally"), setup=False,
                                size=(1100, 720))
    frame(scene, screen)
    to_turn(scene, "Lysa")
    frame(scene, screen, 90)
    enc, ctx = scene.match.encounter, scene.ctx
    hover(scene, enc.view("Bandit 3").cell)
    frame(scene, screen, 2)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    assert arcs.shown == "Bandit 3" and len(arcs.label_rects) == 4
    assert preview.plan is not None and preview.plan[0] is not None
    r = ctx.hex_radius() * 0.28 * 1.08  # a stop number's octagon
    marks = [pygame.Rect(0, 0, round(2 * r), round(2 * r)) for c, _, stops in enc.reach_for("Lysa").destinations()
             if stops]
    centres = [at(scene, c) for c, _, stops in enc.reach_for("Lysa").destinations() if stops]
    for m, c in zip(marks, centres, strict=True):
        m.center = c
    ring = max(2, round(4 * ctx.zoom)) * 3 + 1
    marks.append(pygame.Rect(0, 0, 2 * ring, 2 * ring))
    marks[-1].center = at(scene, preview.plan[0])
    for label in arcs.label_rects:
        assert label.collidelist(marks) < 0, (label, marks[label.collidelist(marks)])
        assert label.collidelist([ctx.token_rect(v.name) for v in enc.views() if v.active]) < 0
