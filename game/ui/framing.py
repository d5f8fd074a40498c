"""The battle's opening view: the map framed so no token starts under a panel or off screen.

Wesnoth and Foundry VTT open a battle with the forces in plain sight; here the card (left), the
initiative tracker and the combat log (right) and the action bar (bottom) are translucent panels
over the map, so the opening camera treats them as covered screen. It tries the zoom steps from
the one that fits the whole picture (never below ``FLOOR``, where tokens stay readable) down to
``LOWEST`` and, at each, every centre on a grid over the picture; a token counts as hidden when its
disc, selection ring or hp bar (as tall as the token layer draws it: a giant's at 100 % is 18 px, not the
12 px once allowed for every token) leaves the view or touches a panel. The first (largest) zoom with
nothing hidden wins, at the centre nearest the picture's centre; when no zoom manages that, the least
hidden wins, the human side's tokens counting before the others, then the least of them hidden (a giant
half under the combat log rather than wholly). At that zoom the centre also keeps the tokens clear of the
room the panels grow into (``rooms``, the most first: the combat log once full and the action bar a human
turn brings, then the log's next lines) where some centre can: at 800x560 the goblins' first moves grew the
log over Grundvald's hp bar (giants_lair). That room never costs zoom. Home (game.ui.battle_camera) asks
the same question of the battle as it stands.
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


def bar_below(r_px: np.ndarray) -> np.ndarray:
    """Screen px below a disc of radius ``r_px`` down to its hp bar's outline: a 2 px gap, the bar (a sixth of the
    radius, 4 px at least: game.ui.tokenlayer) and 1 px of outline."""
    return 3 + np.maximum(4, r_px / 6)


@dataclass(frozen=True)
class Disc:
    """A token as the opening view sees it: centre and disc radius in map pixels (zoom 1)."""

    x: float
    y: float
    r: float
    party: bool = False  # one of the human side's: it counts first
    name: str = ""


DISCS_AT_ONCE = 16  # tokens per numpy block (some 15 arrays of GRID^2 x 16 in flight), never all at once


def hidden_counts(cam: Camera, zoom_index: int, cx: np.ndarray, cy: np.ndarray, discs: Sequence[Disc],
                  covers: Sequence[pygame.Rect]) -> tuple[np.ndarray, np.ndarray]:
    """For each candidate centre: how many party tokens and how many others are hidden (view coordinates)."""
    party_hidden, others_hidden, _ = hidden_by(cam, zoom_index, cx, cy, discs, covers)
    return party_hidden, others_hidden


def token_boxes(cam: Camera, zoom_index: int, cx: np.ndarray, cy: np.ndarray,
                discs: Sequence[Disc]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each token's box (disc, ring and hp bar) in view coordinates from each candidate centre: (x0, x1, y0, y1),
    candidates along the first axis."""
    z = ZOOMS[zoom_index]
    tx = np.array([d.x for d in discs], dtype=np.float64)[None, :]
    ty = np.array([d.y for d in discs], dtype=np.float64)[None, :]
    tr = np.array([d.r for d in discs], dtype=np.float64)[None, :] * z
    sx = (tx - cx[:, None]) * z + cam.view_w / 2
    sy = (ty - cy[:, None]) * z + cam.view_h / 2
    return sx - tr - RING, sx + tr + RING, sy - tr - RING, sy + tr + np.maximum(RING, bar_below(tr))


def hidden_by(cam: Camera, zoom_index: int, cx: np.ndarray, cy: np.ndarray, discs: Sequence[Disc],
              covers: Sequence[pygame.Rect]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each candidate centre: party tokens hidden, others hidden, and how many screen px of the hidden
    tokens' boxes lie under a panel or outside the view (the less, the more of them shows; a token whose hp bar
    is hidden counts whole)."""
    party_hidden = np.zeros(len(cx), dtype=np.int64)
    others_hidden = np.zeros(len(cx), dtype=np.int64)
    lost = np.zeros(len(cx), dtype=np.float64)
    for start in range(0, len(discs), DISCS_AT_ONCE):
        block = discs[start : start + DISCS_AT_ONCE]
        x0, x1, y0, y1 = token_boxes(cam, zoom_index, cx, cy, block)
        area = (x1 - x0) * (y1 - y0)
        shown = (np.clip(x1, 0, cam.view_w) - np.clip(x0, 0, cam.view_w)) * \
            (np.clip(y1, 0, cam.view_h) - np.clip(y0, 0, cam.view_h))
        hidden_px = area - shown
        for c in covers:
            hidden_px += np.clip(np.minimum(x1, c.right) - np.maximum(x0, c.left), 0, None) * \
                np.clip(np.minimum(y1, c.bottom) - np.maximum(y0, c.top), 0, None)
        hidden = hidden_px > 0
        # The hp bar: what a player reads a token for, so a hidden one counts as the whole box.
        r = (x1 - x0) / 2 - RING
        bx0, bx1 = (x0 + x1) / 2 - np.maximum(16, 1.6 * r) / 2 - 1, (x0 + x1) / 2 + np.maximum(16, 1.6 * r) / 2 + 1
        by0, by1 = y1 - (bar_below(r) - 1), y1
        bar_hidden = (bx0 < 0) | (by0 < 0) | (bx1 > cam.view_w) | (by1 > cam.view_h)
        for c in covers:
            bar_hidden |= (bx0 < c.right) & (bx1 > c.left) & (by0 < c.bottom) & (by1 > c.top)
        party = np.array([d.party for d in block], dtype=bool)[None, :]
        party_hidden += (hidden & party).sum(axis=1)
        others_hidden += (hidden & ~party).sum(axis=1)
        lost += np.where(bar_hidden, area, np.minimum(hidden_px, area)).sum(axis=1)
    return party_hidden, others_hidden, lost


def hidden_names(cam: Camera, discs: Sequence[Disc], covers: Sequence[pygame.Rect]) -> list[str]:
    """The tokens hidden (off the view or touching a panel) from where ``cam`` looks now."""
    if not discs:
        return []
    x0, x1, y0, y1 = (a[0] for a in token_boxes(cam, cam.zoom_index, np.array([cam.cx]), np.array([cam.cy]), discs))
    hidden = (x0 < 0) | (y0 < 0) | (x1 > cam.view_w) | (y1 > cam.view_h)
    for c in covers:
        hidden |= (x0 < c.right) & (x1 > c.left) & (y0 < c.bottom) & (y1 > c.top)
    return [d.name for d, h in zip(discs, hidden, strict=True) if h]


def opening_view(cam: Camera, discs: Sequence[Disc], covers: Sequence[pygame.Rect],
                 rooms: Sequence[Sequence[pygame.Rect]] = ()) -> tuple[int, int]:
    """Point ``cam`` (zoom and centre) at the opening view; ``covers`` are panel rects in view coordinates,
    ``rooms`` the room panels are about to grow into, the most first (kept clear where the chosen zoom allows:
    the first of them some centre keeps clear wins).

    Returns (party tokens hidden, other tokens hidden) for the chosen view: (0, 0) unless the map is too
    big or the forces too spread for any view down to ``LOWEST``."""
    start = max(cam.fit_index(), FLOOR)
    mx, my = cam.picture_centre()
    if not discs:
        cam.zoom_index = start
        cam.jump(mx, my)
        return (0, 0)
    best: tuple[tuple[int, int, float, int], int, np.ndarray, np.ndarray, np.ndarray] | None = None
    for zi in range(start, min(start, LOWEST) - 1, -1):
        x0, x1, y0, y1 = cam.centre_range(zi)  # only centres the camera may rest on (panning is bounded)
        gx, gy = (a.ravel() for a in np.meshgrid(np.linspace(x0, x1, GRID), np.linspace(y0, y1, GRID)))
        party, others, lost = hidden_by(cam, zi, gx, gy, discs, covers)
        i = int(np.lexsort((lost, others, party))[0])
        # Where some token stays hidden: the zoom and centres that hide as few, and as little of them (a share of
        # all the tokens' boxes, so zooms compare), as any; the larger zoom where that is as little.
        bx0, bx1, by0, by1 = token_boxes(cam, zi, gx[:1], gy[:1], discs)
        share = round(float(lost[i] / ((bx1 - bx0) * (by1 - by0)).sum()), 3)
        score = (int(party[i]), int(others[i]), share, -zi)
        if best is None or score < best[0]:
            least = (party == party[i]) & (others == others[i]) & (lost <= lost[i] + 1e-6)
            best = (score, zi, gx[least], gy[least], lost[least])
        if score[0] == score[1] == 0:
            break  # the largest zoom step that hides nothing
    assert best is not None
    (party_hidden, others_hidden, _, _), zi, gx, gy, lost = best
    dist = np.hypot(gx - mx, gy - my)
    pick = np.arange(len(gx))
    for room in rooms:  # the same zoom: the nearest centre that also hides no more under what is coming
        if not room:
            continue
        _, _, lost_too = hidden_by(cam, zi, gx, gy, discs, [*covers, *room])
        clear = np.flatnonzero(lost_too <= lost + 1e-6)
        if len(clear):
            pick = clear
            break
    j = int(pick[np.argmin(dist[pick])])
    cam.zoom_index = zi
    cam.jump(float(gx[j]), float(gy[j]))
    return party_hidden, others_hidden
