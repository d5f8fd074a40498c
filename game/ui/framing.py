"""The battle's opening view: the map framed so no token starts under a panel or off screen.

Wesnoth and Foundry VTT open a battle with the forces in plain sight; here the card (left), the
initiative tracker and the combat log (right) and the action bar (bottom) are translucent panels
over the map, so the opening camera treats them as covered screen. It tries the zoom steps from
the one that fits the whole picture (never below ``FLOOR``, where tokens stay readable) down to
``LOWEST`` and, at each, every centre on a grid over the picture; a token counts as hidden when its
disc, selection ring or hp bar leaves the view or touches a panel. The first (largest) zoom with
nothing hidden wins, at the centre nearest the picture's centre; when no zoom manages that, the
least hidden wins, the human side's tokens counting before the others. At that zoom the centre also keeps
the tokens clear of the room the combat log grows into over the first turns (``soon``) where some centre
can: at 800x560 the goblin's first move grew the log over Orc 2 (default). That room never costs zoom.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.render.pg import pygame

from .camera import ZOOMS, Camera

FLOOR = ZOOMS.index(0.8)  # the opening zoom never starts below this when the picture does not fit
LOWEST = ZOOMS.index(0.5)  # ...but goes down to this to show every token
GRID = 96  # candidate centres per axis and zoom step
RING = 7  # screen px around a disc: the selection ring (r + 6, 3 px wide)
BAR = 12  # screen px below a disc: the hp bar (2 px gap, up to 6 px high, its outline)


@dataclass(frozen=True)
class Disc:
    """A token as the opening view sees it: centre and disc radius in map pixels (zoom 1)."""

    x: float
    y: float
    r: float
    party: bool = False  # one of the human side's: it counts first


DISCS_AT_ONCE = 64  # tokens per numpy block: GRID^2 x 64 at most, never candidates x every combatant


def hidden_counts(cam: Camera, zoom_index: int, cx: np.ndarray, cy: np.ndarray, discs: Sequence[Disc],
                  covers: Sequence[pygame.Rect]) -> tuple[np.ndarray, np.ndarray]:
    """For each candidate centre: how many party tokens and how many others are hidden (view coordinates)."""
    z = ZOOMS[zoom_index]
    party_hidden = np.zeros(len(cx), dtype=np.int64)
    others_hidden = np.zeros(len(cx), dtype=np.int64)
    for start in range(0, len(discs), DISCS_AT_ONCE):
        block = discs[start : start + DISCS_AT_ONCE]
        tx = np.array([d.x for d in block], dtype=np.float64)[None, :]
        ty = np.array([d.y for d in block], dtype=np.float64)[None, :]
        tr = np.array([d.r for d in block], dtype=np.float64)[None, :] * z
        sx = (tx - cx[:, None]) * z + cam.view_w / 2
        sy = (ty - cy[:, None]) * z + cam.view_h / 2
        x0, x1 = sx - tr - RING, sx + tr + RING
        y0, y1 = sy - tr - RING, sy + tr + np.maximum(RING, BAR)
        hidden = (x0 < 0) | (y0 < 0) | (x1 > cam.view_w) | (y1 > cam.view_h)
        for c in covers:
            hidden |= (x0 < c.right) & (x1 > c.left) & (y0 < c.bottom) & (y1 > c.top)
        party = np.array([d.party for d in block], dtype=bool)[None, :]
        party_hidden += (hidden & party).sum(axis=1)
        others_hidden += (hidden & ~party).sum(axis=1)
    return party_hidden, others_hidden


def opening_view(cam: Camera, discs: Sequence[Disc], covers: Sequence[pygame.Rect],
                 soon: Sequence[pygame.Rect] = ()) -> tuple[int, int]:
    """Point ``cam`` (zoom and centre) at the opening view; ``covers`` are panel rects in view coordinates,
    ``soon`` the room panels are about to grow into (kept clear where the chosen zoom allows).

    Returns (party tokens hidden, other tokens hidden) for the chosen view: (0, 0) unless the map is too
    big or the forces too spread for any view down to ``LOWEST``."""
    start = max(cam.fit_index(), FLOOR)
    mx, my = cam.picture_centre()
    if not discs:
        cam.zoom_index = start
        cam.jump(mx, my)
        return (0, 0)
    best: tuple[tuple[int, int, int], int, float, float] | None = None
    for zi in range(start, min(start, LOWEST) - 1, -1):
        x0, x1, y0, y1 = cam.centre_range(zi)  # only centres the camera may rest on (panning is bounded)
        gx, gy = (a.ravel() for a in np.meshgrid(np.linspace(x0, x1, GRID), np.linspace(y0, y1, GRID)))
        dist = np.hypot(gx - mx, gy - my)
        party, others = hidden_counts(cam, zi, gx, gy, discs, covers)
        i = int(np.lexsort((dist, others, party))[0])
        score = (int(party[i]), int(others[i]), -zi)
        if best is None or score < best[0]:
            best = (score, zi, float(gx[i]), float(gy[i]))
        if score[0] == score[1] == 0:
            if soon:  # the same zoom, the nearest centre that hides nothing under what is coming either
                p2, o2 = hidden_counts(cam, zi, gx, gy, discs, [*covers, *soon])
                clear = np.flatnonzero((p2 == 0) & (o2 == 0))
                if len(clear):
                    j = int(clear[np.argmin(dist[clear])])
                    best = (score, zi, float(gx[j]), float(gy[j]))
            break  # the largest zoom step that hides nothing
    assert best is not None
    (party_hidden, others_hidden, _), zi, x, y = best
    cam.zoom_index = zi
    cam.jump(x, y)
    return party_hidden, others_hidden
