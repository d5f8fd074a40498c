"""Hover boxes measured on what is drawn of a token: its disc (with the rings round it) and its hp bar.

Before, "hidden" was a token's square: a box over a square's empty corner counted as hiding it, one over the hp
bar below the square did not. On the Giant's Hearth at 1024x768, pointing at every hex in turn, six move boxes
covered more than a fiftieth of a token's disc: Wynn for 0,5 (0.81 of her), 1,5 and 2,5, Astrid for 3,7, Bjorn
for 0,9 and Grundvald for 19,7; at 1280x800 two (Grundvald for 10,9, Bjorn for 11,9). Now a box may step out
from the hex past a token a box flush beside it would hide, two hexes at most.

The hardest, worked out from the window: 0,9 at 1024x768 is at the window's left edge; flush above it the box
(211 px wide) covers Kell, stepped up past Kell Sigrun and Astrid, flush below it Bjorn's rim; the first spot
clear is under Bjorn's hp bar, 89 px below the hex (a hex and a half, 76 px there, was not far enough). At
1280x800 the box for 10,9 (254 px wide) has Goblin 1, who moves, and his path above the hex, Kell and Bjorn left
of it, Goblin 2 below, Grundvald right: the spot clear is below Goblin 2.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from tests.test_ui_room import sweep_tips  # noqa: E402

COVERS = 0.02  # more than a fiftieth of a token's disc under a box: a box covering it (an edge pixel is not)


def disc_part(box: pygame.Rect, square: pygame.Rect) -> float:
    """The share of a token's disc ``box`` covers, counted pixel by pixel: the disc is the circle inscribed in
    the token's square less its 4 px margin (BattleContext.token_rect), whatever the placement code measures."""
    cx, cy, r = square.centerx, square.centery, square.width / 2 - 4
    c = box.clip(square)
    inside = sum(1 for x in range(c.left, c.right) for y in range(c.top, c.bottom)
                 if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 < r * r)
    return inside / (math.pi * r * r)


def covering(seen: list[dict[str, Any]]) -> list[tuple[Any, str, tuple[int, ...], dict[str, float]]]:
    """The boxes of a sweep (``sweep_tips``) that cover more than ``COVERS`` of some token's disc, with the share of
    each disc they cover: (where the pointer was, the box's first line, the box, {token: share})."""
    out = []
    for s in seen:
        hid = {n: round(disc_part(s["tip"], t), 2) for n, t in s["tokens"].items() if disc_part(s["tip"], t) > COVERS}
        if hid:
            out.append((s["at"], s["lines"][0], tuple(s["tip"]), hid))
    return out


def test_disc_part_counts_the_disc_not_its_square() -> None:
    """By hand: a token square of 48 px holds a disc of radius 20 (area 1257 px); a box over the square's top-left
    corner, 8 by 8 px, covers none of it; one over its left half covers half; one over all of it, all."""
    square = pygame.Rect(100, 100, 48, 48)
    assert disc_part(pygame.Rect(100, 100, 8, 8), square) == 0
    assert disc_part(pygame.Rect(0, 0, 124, 300), square) == pytest.approx(0.5, abs=0.01)
    assert disc_part(pygame.Rect(0, 0, 300, 300), square) == pytest.approx(1.0, abs=0.01)


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)])
def test_move_boxes_on_the_giants_hearth_cover_no_token_disc(size: tuple[int, int], tmp_path: Path) -> None:
    """Point at every token and hex in the opening view: no move or refusal box covers a token's disc."""
    seen = [s for s in sweep_tips("giants_lair.tmx", size, tmp_path)
            if s["lines"][0].startswith(("Move ", "Cannot move to "))]
    assert len(seen) >= 150
    assert covering(seen) == []
