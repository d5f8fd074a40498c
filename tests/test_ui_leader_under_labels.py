"""The name tag's leader line passes under an arc's label, not round a box about it.

Found at Harrow Keep (fortress_assault) at 1280x800 hovering Ilse: her tag stands down-left, and its line to her
rim runs through her "left −2". The line was drawn after the labels and left out over the label's whole box: a
break in the line as wide as the word, read as two lines. Now it shows between the letters (as if drawn under
them) and the letters stay whole on top.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.render.style import FACTION_STYLE  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.overlays import FacingArcs  # noqa: E402
from tests.scene_harness import frame, hover, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")


def _near(c: pygame.Color, want: tuple[int, int, int], tol: int = 30) -> bool:
    return abs(c.r - want[0]) + abs(c.g - want[1]) + abs(c.b - want[2]) < tol


def test_ilse_s_leader_shows_between_the_letters_of_her_left_label(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, MAPS / "fortress_assault.tmx", humans=EVERYONE, setup=False,
                                size=(1280, 800))
    frame(scene, screen, 30)
    hover(scene, scene.tokens["Ilse"].cell)
    frame(scene, screen, 2)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    seg = scene.view.name_leader
    assert arcs.shown == "Ilse" and seg is not None
    label = arcs.label_rects[arcs.label_words.index("left −2")]
    (x0, y0), (x1, y1) = seg
    n = round(math.dist(seg[0], seg[1]))
    inside = [(round(x0 + (x1 - x0) * i / n), round(y0 + (y1 - y0) * i / n)) for i in range(n + 1)]
    inside = [p for p in inside if label.inflate(-2, -2).collidepoint(p)]
    assert len(inside) >= 6, "the case: her line runs through the label's box"
    colour = FACTION_STYLE.get(scene.tokens["Ilse"].faction, FACTION_STYLE["neutral"]).fill
    # Along the line within the label's box: the line's colour where no letter is, the label's amber where one is.
    lined = sum(_near(screen.get_at(p), colour) for p in inside)
    lettered = sum(_near(screen.get_at(p), th.WARN, 60) for p in inside)
    assert lined >= 2, (lined, inside)
    assert lined + lettered >= len(inside) // 2, (lined, lettered, len(inside))
    # ...and no letter is drawn over: the label's amber pixels all still there, as the label alone draws them.
    amber = sum(_near(screen.get_at((x, y)), th.WARN, 60)
                for x in range(label.left, label.right) for y in range(label.top, label.bottom))
    art = next(surf for surf, rect in scene.ctx.label_art if rect == label)
    alone = sum(_near(art.get_at((x, y)), th.WARN, 60) for x in range(art.get_width())
                for y in range(art.get_height()) if art.get_at((x, y)).a > 200)
    assert amber >= alone - 2, (amber, alone)
