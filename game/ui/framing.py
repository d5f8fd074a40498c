"""The battle's opening view: the map framed so no token starts under a panel or off screen.

Wesnoth and Foundry VTT open a battle with the forces in plain sight; here the card (left), the
initiative tracker and the combat log (right) and the action bar (bottom) are translucent panels
over the map, so the opening camera treats them as covered screen. It tries the zoom steps from
the one that fits the whole picture (never below ``FLOOR``, where tokens stay readable) down to
``LOWEST`` and, at each, every centre on a grid over the picture; a token counts as hidden when its
disc, selection ring or hp bar (as tall as the token layer draws it: a giant's at 100 % is 18 px, not the
12 px once allowed for every token) leaves the view or touches a panel. The first (largest) zoom with
nothing hidden wins; when no zoom manages that, the least
hidden wins, the human side's tokens counting before the others, then the least of them hidden (a giant
half under the combat log rather than wholly). Of the centres that hide as little, the one nearest the middle of the
free part of the view (``free_area``: between the card and the tracker, above the combat log and the action bar)
wins: the whole picture centred there when it fits there, else the tokens' box (at 1280x800 the ambush's fight sat
122 px from the card and 5 px from the tracker, centred on the window rather than between the panels).
At that zoom the centre also keeps the tokens clear of the room the panels grow into (``rooms``, the most
first: the combat log once full and the action bar a human turn brings, then the log's next lines) where some
centre can: at 800x560 the goblins' first moves grew the
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
TINY_LOWEST = ZOOMS.index(0.35)  # ...or this in a tiny window (game.ui.compact.is_tiny): at 640x400 no shipped
# map's fight fit at 50 % beside the action bar and the combat log, and tokens went under them
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


def free_area(view: pygame.Rect, covers: Sequence[pygame.Rect]) -> pygame.Rect:
    """The part of ``view`` the panels leave free, in ``view``'s coordinates: right of the panels standing in its
    upper left (the card), left of those in its upper right (the tracker), above those along its bottom (the
    combat log, the action bar). A panel that would leave no room (in a tiny window) is not counted."""
    left, right, top, bottom = view.left, view.right, view.top, view.bottom
    mid_x, mid_y = view.centerx, view.centery
    for c in covers:
        if c.top < mid_y and c.centerx < mid_x:
            left = max(left, c.right)
        elif c.top < mid_y:
            right = min(right, c.left)
        else:
            bottom = min(bottom, c.top)
    if right - left < view.width // 4:
        left, right = view.left, view.right
    if bottom - top < view.height // 4:
        bottom = view.bottom
    return pygame.Rect(left, top, right - left, bottom - top)


def aim(cam: Camera, zoom_index: int, free: pygame.Rect, discs: Sequence[Disc]) -> tuple[float, float]:
    """The centre (map px) that shows, at ``zoom_index``, the whole picture in the middle of ``free`` (view
    coordinates) when it fits there, else the middle of the tokens' box (as Wesnoth and Foundry open on the
    forces); the camera's bounds may keep it from resting there exactly."""
    z = ZOOMS[zoom_index]
    if cam.map_w * z <= free.width and cam.map_h * z <= free.height or not discs:
        px, py = cam.picture_centre()
    else:
        px = (min(d.x - d.r for d in discs) + max(d.x + d.r for d in discs)) / 2
        py = (min(d.y - d.r for d in discs) + max(d.y + d.r * 7 / 6 for d in discs)) / 2  # hp bars hang below
    x = px - (free.centerx - cam.view_w / 2) / z
    y = py - (free.centery - cam.view_h / 2) / z
    # A picture the whole view holds stays whole in it (Wesnoth never cuts off a map that fits the window):
    # the centre only moves as far as that allows, along each axis the picture fits.
    half_w, half_h = cam.view_w / 2 / z, cam.view_h / 2 / z
    if cam.map_w * z <= cam.view_w:
        x = min(max(x, cam.left + cam.map_w - half_w), cam.left + half_w)
    if cam.map_h * z <= cam.view_h:
        y = min(max(y, cam.top + cam.map_h - half_h), cam.top + half_h)
    return x, y


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
    party_hidden, others_hidden, _, lost = hidden_under(cam, zoom_index, cx, cy, discs, covers)
    return party_hidden, others_hidden, lost


def hidden_under(cam: Camera, zoom_index: int, cx: np.ndarray, cy: np.ndarray, discs: Sequence[Disc],
                 covers: Sequence[pygame.Rect]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """As :func:`hidden_by`, with (third) how many of the hidden tokens touch a panel rather than only the view's
    edge: a token cut by the window's edge says the map goes on, one under a panel reads as the panel in the way."""
    party_hidden = np.zeros(len(cx), dtype=np.int64)
    others_hidden = np.zeros(len(cx), dtype=np.int64)
    under = np.zeros(len(cx), dtype=np.int64)
    lost = np.zeros(len(cx), dtype=np.float64)
    for start in range(0, len(discs), DISCS_AT_ONCE):
        block = discs[start : start + DISCS_AT_ONCE]
        x0, x1, y0, y1 = token_boxes(cam, zoom_index, cx, cy, block)
        area = (x1 - x0) * (y1 - y0)
        shown = (np.clip(x1, 0, cam.view_w) - np.clip(x0, 0, cam.view_w)) * \
            (np.clip(y1, 0, cam.view_h) - np.clip(y0, 0, cam.view_h))
        hidden_px = area - shown
        touched = np.zeros(hidden_px.shape, dtype=bool)
        for c in covers:
            over = np.clip(np.minimum(x1, c.right) - np.maximum(x0, c.left), 0, None) * \
                np.clip(np.minimum(y1, c.bottom) - np.maximum(y0, c.top), 0, None)
            hidden_px += over
            touched |= over > 0
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
        under += touched.sum(axis=1)
        lost += np.where(bar_hidden, area, np.minimum(hidden_px, area)).sum(axis=1)
    return party_hidden, others_hidden, under, lost


def hidden_names(cam: Camera, discs: Sequence[Disc], covers: Sequence[pygame.Rect]) -> list[str]:
    """The tokens hidden (off the view or touching a panel) from where ``cam`` looks now."""
    if not discs:
        return []
    x0, x1, y0, y1 = (a[0] for a in token_boxes(cam, cam.zoom_index, np.array([cam.cx]), np.array([cam.cy]), discs))
    hidden = (x0 < 0) | (y0 < 0) | (x1 > cam.view_w) | (y1 > cam.view_h)
    for c in covers:
        hidden |= (x0 < c.right) & (x1 > c.left) & (y0 < c.bottom) & (y1 > c.top)
    return [d.name for d, h in zip(discs, hidden, strict=True) if h]


def cam_may_rest(cam: Camera, zoom_index: int, x: float, y: float) -> bool:
    """Whether the camera may rest at centre (``x``, ``y``) at a zoom step (inside its bounds)."""
    x0, x1, y0, y1 = cam.centre_range(zoom_index)
    return x0 <= x <= x1 and y0 <= y <= y1


def opening_view(cam: Camera, discs: Sequence[Disc], covers: Sequence[pygame.Rect],
                 rooms: Sequence[Sequence[pygame.Rect]] = (), lowest: int = LOWEST) -> tuple[int, int]:
    """Point ``cam`` (zoom and centre) at the opening view; ``covers`` are panel rects in view coordinates,
    ``rooms`` the room panels are about to grow into, the most first (kept clear where the chosen zoom allows:
    the first of them some centre keeps clear wins); ``lowest`` the smallest zoom step it may go down to.

    Returns (party tokens hidden, other tokens hidden) for the chosen view: (0, 0) unless the map is too
    big or the forces too spread for any view down to ``LOWEST``."""
    start = max(cam.fit_index(), FLOOR)
    # The free part as it will be once the log is full and the action bar up: the same wherever the log stands, so
    # Home before anything moved is the opening view itself.
    free = free_area(pygame.Rect(0, 0, cam.view_w, cam.view_h), [*covers, *(r for room in rooms for r in room)])
    if not discs:
        cam.zoom_index = start
        cam.jump(*aim(cam, start, free, discs))
        return (0, 0)
    best: tuple[tuple[int, int, int, float, int], int, np.ndarray, np.ndarray, np.ndarray] | None = None
    for zi in range(start, min(start, lowest) - 1, -1):
        x0, x1, y0, y1 = cam.centre_range(zi)  # only centres the camera may rest on (panning is bounded)
        gx, gy = (a.ravel() for a in np.meshgrid(np.linspace(x0, x1, GRID), np.linspace(y0, y1, GRID)))
        party, others, under, lost = hidden_under(cam, zi, gx, gy, discs, covers)
        # As few hidden as any view, the party first; of those, as few under a panel as any (Harrow Keep at
        # 640x400 put Archer 2 under the combat log rather than let the top row's ring touch the window's edge).
        i = int(np.lexsort((lost, under, others, party))[0])
        # Where some token stays hidden: the zoom and centres that hide as few, and as little of them (a share of
        # all the tokens' boxes, so zooms compare), as any; the larger zoom where that is as little.
        bx0, bx1, by0, by1 = token_boxes(cam, zi, gx[:1], gy[:1], discs)
        share = round(float(lost[i] / ((bx1 - bx0) * (by1 - by0)).sum()), 3)
        score = (int(party[i]), int(others[i]), int(under[i]), share, -zi)
        if best is None or score < best[0]:
            least = (party == party[i]) & (others == others[i]) & (under == under[i]) & (lost <= lost[i] + 1e-6)
            best = (score, zi, gx[least], gy[least], lost[least])
        if score[0] == score[1] == 0:
            break  # the largest zoom step that hides nothing
    assert best is not None
    (party_hidden, others_hidden, under_least, _, _), zi, gx, gy, lost = best
    mx, my = aim(cam, zi, free, discs)
    gx, gy, lost = np.append(gx, mx), np.append(gy, my), np.append(lost, np.inf)  # the aim itself, if it hides as
    # little (a grid point only comes near it)
    p_aim, o_aim, u_aim, lost_aim = hidden_under(cam, zi, gx[-1:], gy[-1:], discs, covers)
    as_few = (p_aim[0], o_aim[0], u_aim[0]) == (party_hidden, others_hidden, under_least)
    lost[-1] = lost_aim[0] if as_few and lost_aim[0] <= lost[:-1].min() + 1e-6 and cam_may_rest(cam, zi, mx, my) \
        else np.inf
    keep = np.isfinite(lost)
    gx, gy, lost = gx[keep], gy[keep], lost[keep]
    dist = np.hypot(gx - mx, gy - my)
    pick = np.arange(len(gx))
    kept_clear: list[pygame.Rect] = list(covers)
    for room in rooms:  # the same zoom: the nearest centre that also hides no more under what is coming
        if not room:
            continue
        _, _, lost_too = hidden_by(cam, zi, gx, gy, discs, [*covers, *room])
        clear = np.flatnonzero(lost_too <= lost + 1e-6)
        if len(clear):
            pick = clear
            kept_clear = [*covers, *room]
            break
    j = int(pick[np.argmin(dist[pick])])
    x, y = closer_to_aim(cam, zi, (float(gx[j]), float(gy[j])), (mx, my), discs, kept_clear)
    cam.zoom_index = zi
    cam.jump(x, y)
    return party_hidden, others_hidden


def closer_to_aim(cam: Camera, zoom_index: int, at: tuple[float, float], aim_at: tuple[float, float],
                  discs: Sequence[Disc], covers: Sequence[pygame.Rect]) -> tuple[float, float]:
    """The centre on the way from ``at`` (a grid point) to ``aim_at`` nearest the aim that hides nothing more
    than ``at`` does under ``covers``: the grid is some 6 screen px apart, and a fight wider than the room
    between the card and the tracker stopped up to a grid step short of where its outermost token stands
    beside the panel, off centre for no reason a player could see."""
    t = np.linspace(1.0, 0.0, 65)
    cx = at[0] + t * (aim_at[0] - at[0])
    cy = at[1] + t * (aim_at[1] - at[1])
    party, others, under, lost = hidden_under(cam, zoom_index, cx, cy, discs, covers)
    x0, x1, y0, y1 = cam.centre_range(zoom_index)
    ok = (party <= party[-1]) & (others <= others[-1]) & (under <= under[-1]) & (lost <= lost[-1] + 1e-6) & \
        (cx >= x0) & (cx <= x1) & (cy >= y0) & (cy <= y1)
    i = int(np.flatnonzero(ok)[0])  # the last sample, ``at`` itself, always qualifies
    return float(cx[i]), float(cy[i])
