"""With V on, the lines from the pointed-at hex to the enemies that could reach it leave every token's face clear.

Found on the Black Gull (ship_boarding, flat-top) at 960x600, Kestrel's turn, V on, pointing at Corsair 1's hex:
each red line ran from the hex's centre to an enemy's centre, so all six started in the middle of Corsair 1's
disc ("C1" crossed out by them) and ran over the Corsair Captain's, Corsair 2's and the Sea Witch's initials.
Now each runs from the rim of the token on the hex to the enemy's red ring, left out over any token between.
A foe's own hex now has no count and no lines (test_ui_reach_foe_hex.py): the lines are checked from 11,6, the
open deck under the Corsair Captain, whose lines to the Harpy and Corsair 1 pass his token.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.overlays import EnemyReachHover  # noqa: E402
from game.ui.tokenart import token_radius_px  # noqa: E402
from tests.scene_harness import at_turn, frame, hover, key  # noqa: E402

SHIP = Path(__file__).resolve().parents[1] / "maps" / "ship_boarding.tmx"


def _line_pixels(screen: pygame.Surface, centre: tuple[float, float], r: float) -> int:
    """Pixels of the lines' red (th.BAD, opaque) within ``r`` of ``centre``."""
    cx, cy = centre
    n = 0
    for x in range(math.floor(cx - r), math.ceil(cx + r) + 1):
        for y in range(math.floor(cy - r), math.ceil(cy + r) + 1):
            if (x - cx) ** 2 + (y - cy) ** 2 <= r * r and tuple(screen.get_at((x, y)))[:3] == th.BAD:
                n += 1
    return n


def test_the_lines_from_the_deck_under_the_captain_cross_no_token_s_face(tmp_path: Path) -> None:
    scene, screen = at_turn(tmp_path, SHIP, "Kestrel", humans=("player", "ally"), size=(960, 600), rest=90)
    key(scene, pygame.K_v)
    frame(scene, screen, 3)
    enc = scene.match.encounter
    hover(scene, (11, 6))
    frame(scene, screen, 30)  # the counts and the names in
    reach = next(w for w in scene.widgets if isinstance(w, EnemyReachHover))
    assert {"Corsair Captain", "Harpy", "Sahuagin 2"} <= set(reach.attackers)  # the case: lines are drawn
    ctx = scene.ctx
    faces = {}
    for name, tok in scene.tokens.items():
        centre = ctx.cell_to_screen(tok.cell)
        faces[name] = _line_pixels(screen, centre, 0.8 * token_radius_px(ctx.hex_radius(), tok.radius))
    assert {n: k for n, k in faces.items() if k} == {}
    # ...and the lines are there between the tokens: halfway from 11,6 to Sahuagin 2, across open deck.
    (x0, y0), (x1, y1) = ctx.cell_to_screen((11, 6)), ctx.cell_to_screen(enc.view("Sahuagin 2").cell)
    assert _line_pixels(screen, ((x0 + x1) / 2, (y0 + y1) / 2), 3) > 0
