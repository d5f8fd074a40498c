"""With V on, the lines from the pointed-at hex to the enemies that could reach it pass under the count numbers.

Found on the Black Gull (ship_boarding) at 960x600, Kestrel's turn, V on, pointing at the open deck below the
Corsair Captain (11,6): the thin red lines to the seven enemies ran across the "7"s and "6"s of the hexes between
(and of 11,6 itself), a struck-through 7 reading as a 1. Now the digits stay whole over them, as the name tag's
leader line passes under an arc label, and the lines still show on the badges' dark discs around the digits.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.overlays import EnemyReachHover  # noqa: E402
from game.ui.panels.tooltips import Tooltips  # noqa: E402
from tests.scene_harness import at_turn, frame, hover, key  # noqa: E402

SHIP = Path(__file__).resolve().parents[1] / "maps" / "ship_boarding.tmx"


def _disc(rgb: np.ndarray, centre: tuple[float, float], r: float) -> np.ndarray:
    """The pixels (n x 3) within ``r`` of ``centre``."""
    cx, cy = centre
    xs, ys = np.meshgrid(np.arange(rgb.shape[0]), np.arange(rgb.shape[1]), indexing="ij")
    return rgb[(xs - cx) ** 2 + (ys - cy) ** 2 <= r * r]


def test_the_lines_from_the_deck_under_the_captain_leave_every_count_whole(tmp_path: Path) -> None:
    scene, screen = at_turn(tmp_path, SHIP, "Kestrel", humans=("player", "ally"), size=(960, 600), rest=90)
    key(scene, pygame.K_v)
    frame(scene, screen, 3)
    enc, ctx = scene.match.encounter, scene.ctx
    hover(scene, enc.view("Tobin").cell)  # a hex no enemy could reach: no lines, the counts as they are
    frame(scene, screen, 30)
    calm = pygame.surfarray.array3d(screen)
    hover(scene, (11, 6))
    frame(scene, screen, 30)
    reach = next(w for w in scene.widgets if isinstance(w, EnemyReachHover))
    assert len(reach.attackers) == 7  # the case: seven lines
    assert _whole_counts(scene, screen, calm) >= 5  # lines across many counts, still to be seen on their discs
    # The camera glides a hex and a half: the lines and the counts move with it, and the counts they cross now
    # (kept from frame to frame while nothing moves) are worked out again, not left where they were.
    cam = ctx.camera
    before = ctx.cell_to_screen((11, 6))
    cx, cy = cam.centre()
    cam.jump(cx + 1.5 * ctx.geometry.tw, cy + ctx.geometry.th)
    hover(scene, enc.view("Tobin").cell)
    frame(scene, screen, 30)
    calm = pygame.surfarray.array3d(screen)
    assert ctx.cell_to_screen((11, 6)) != before  # the case: everything on screen moved
    hover(scene, (11, 6))
    frame(scene, screen, 30)
    assert _whole_counts(scene, screen, calm) >= 5


def _whole_counts(scene, screen: pygame.Surface, calm: np.ndarray) -> int:
    """How many count badges a line crosses, each asserted to show every pixel of its digits it shows calm."""
    enc, ctx = scene.match.encounter, scene.ctx
    lined = pygame.surfarray.array3d(screen)
    boxes = [tip for tip, _ in next(w for w in scene.widgets if isinstance(w, Tooltips)).drawn]
    # A count's badge is a dark disc 0.47 hex inradii across (RULES: readable at 100 %), its digits near-white.
    r = 0.47 * ctx.hex_radius()
    crossed = 0
    for cell in [(c, row) for row in range(enc.board.rows) for c in range(enc.board.cols)]:
        if any(v.active and v.cell == cell for v in enc.views()):
            continue  # a token stands there: no badge shows
        x, y = ctx.cell_to_screen(cell)
        badge = pygame.Rect(math.floor(x - r), math.floor(y - r), math.ceil(2 * r), math.ceil(2 * r))
        if not ctx.view_rect.contains(badge) or badge.collidelist(boxes) >= 0:
            continue
        inner = _disc(lined, (x, y), r - 1)
        if not (np.abs(inner - np.array(th.BAD)).sum(axis=1) == 0).any():
            continue  # no line across this badge
        digits_now = int((_disc(lined, (x, y), r - 2).min(axis=1) > 180).sum())
        digits_calm = int((_disc(calm, (x, y), r - 2).min(axis=1) > 180).sum())
        if digits_calm < 10:
            continue  # no count there (a crate, a hex Kestrel cannot stand on)
        crossed += 1
        assert digits_now == digits_calm, (cell, digits_now, digits_calm)  # not one pixel of its digits hidden
    return crossed
