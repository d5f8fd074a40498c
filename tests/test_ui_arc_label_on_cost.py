"""A facing arc's label that finds no spot off the move-cost numbers hides the number under it.

Found on the default map at 1280x720, Aldric at the controls and hovered (attack mode, his whole reach shaded):
his "left −2" sat on the "2" of the hex above Mira, the white digit showing above and through the amber label,
"left −2" and a stray 2 read together. Every spot near the label covers some number there, so the label now
stands on a dark plate that hides the number under it whole; the number's hex still tells its cost on hover.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.overlays import FacingArcs  # noqa: E402
from tests.scene_harness import at_turn, frame, hover  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")


def _white(screen: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels of a cost number's white digit inside ``rect`` (near-white and grey-neutral, unlike any label)."""
    n = 0
    rect = rect.clip(screen.get_rect())
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            r, g, b, _ = screen.get_at((x, y))
            n += min(r, g, b) > 190
    return n


def _coloured(screen: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    n = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            r, g, b, _ = screen.get_at((x, y))
            n += abs(r - colour[0]) + abs(g - colour[1]) + abs(b - colour[2]) < 40
    return n


def test_aldric_s_left_label_hides_the_number_it_stands_on(tmp_path: Path) -> None:
    scene, screen = at_turn(tmp_path, MAPS / "default.tmx", "Aldric", humans=EVERYONE, size=(1280, 720))
    enc = scene.match.encounter
    hover(scene, enc.view("Aldric").cell)
    frame(scene, screen, 2)
    arcs = next(w for w in scene.widgets if isinstance(w, FacingArcs))
    assert arcs.shown == "Aldric"
    left = arcs.label_rects[arcs.label_words.index("left −2")]
    # The cost numbers' discs, worked out from the hexes in his reach (a disc 0.28 hex inradii across its middle).
    ctx = scene.ctx
    r = ctx.hex_radius() * 0.28
    discs = []
    for cell, _, _ in enc.reach_for("Aldric").destinations():
        x, y = ctx.cell_to_screen(cell)
        discs.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
    under = [d for d in discs if d.colliderect(left.inflate(4, 4))]
    assert under, "the case: his left label at a number (every spot near it has one)"
    for d in under:
        assert _white(screen, d) == 0, (d, left)  # no digit shows, around or through the label
    assert _coloured(screen, left, th.WARN) > 20  # the label itself reads, in its amber
