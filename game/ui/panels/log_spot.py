"""Where a tiny window's combat log unfolds when it cannot unfold above its tab: the free spot nearest the tab.

At 640x400 the log folds to a one-row tab (26 px) in the map area's bottom-right corner, and its smallest
unfolded box (the heading and two lines, 70 px) reached over whatever token stood just above the tab: Goblin 2
on giants_lair in the AI's turns, Orc 2 on default. The box then opens at the nearest place of the map
where it hides no token and no other panel, as a tooltip finds room beside what it points at.

Asked every frame while the pointer rests on the tab and the tokens move (an AI's turn): trying each place
as a rectangle took some 6 ms a size on giants_lair, so the places on a grid are weighed at once (numpy),
with the few places off the grid (flush right, standing on the tab) tried one by one.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.render.pg import pygame

STEP = 8  # px between the places tried
MARGIN = 8  # px kept from the map area's edges, as every panel keeps


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far apart two rectangles are, across and up-down added (0 for touching or overlapping)."""
    return max(0, a.x - b.right, b.x - a.right) + max(0, a.y - b.bottom, b.y - a.bottom)


def nearest_free(area: pygame.Rect, size: tuple[int, int], near: pygame.Rect,
                 avoid: Sequence[pygame.Rect]) -> pygame.Rect | None:
    """The box of ``size`` inside ``area`` (``MARGIN`` in from its edges) that overlaps neither ``near`` nor any
    of ``avoid``, the nearest ``near`` of such boxes (then the lowest, then the rightmost); None if there is
    none."""
    w, h = size
    inner = area.inflate(-2 * MARGIN, -2 * MARGIN)
    if w > inner.width or h > inner.height:
        return None
    blocked = [near, *avoid]
    found = [*_free_on_grid(inner, w, h, near, blocked), *_free_off_grid(inner, w, h, near, blocked)]
    if not found:
        return None
    return min(found, key=lambda b: (gap(b, near), -b.bottom, -b.right))


def _free_on_grid(inner: pygame.Rect, w: int, h: int, near: pygame.Rect,
                  blocked: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The best (as ``nearest_free`` weighs them) of the free boxes whose corner is on the ``STEP`` grid from
    ``inner``'s top left (``free_corners``). An empty list where there is none."""
    xs, ys = free_corners(inner, w, h, blocked)
    if xs.size == 0:
        return []
    gaps = (np.maximum(0, np.maximum(xs - near.right, near.x - (xs + w)))
            + np.maximum(0, np.maximum(ys - near.bottom, near.y - (ys + h))))
    best = np.lexsort((-xs, -ys, gaps))[0]  # the nearest, then the lowest, then the rightmost
    return [pygame.Rect(int(xs[best]), int(ys[best]), w, h)]


def free_corners(inner: pygame.Rect, w: int, h: int,
                 blocked: Sequence[pygame.Rect]) -> tuple[np.ndarray, np.ndarray]:
    """The top-left corners (x and y arrays) on the ``STEP`` grid from ``inner``'s top left of the boxes of
    ``w`` x ``h`` inside ``inner`` that overlap none of ``blocked``, found from the grid's cells any blocked
    rectangle touches: a box clear of those cells is clear of them all."""
    none = np.zeros(0, dtype=np.int64)
    nx, ny = -(-inner.width // STEP), -(-inner.height // STEP)
    grid = np.zeros((ny, nx), dtype=np.int32)
    for r in blocked:
        c = r.clip(inner)
        if c.width > 0 and c.height > 0:
            grid[(c.top - inner.y) // STEP:-(-(c.bottom - inner.y) // STEP),
                 (c.left - inner.x) // STEP:-(-(c.right - inner.x) // STEP)] = 1
    table = np.zeros((ny + 1, nx + 1), dtype=np.int32)  # summed-area table: any cell blocked in a box, at once
    table[1:, 1:] = grid.cumsum(0).cumsum(1)
    wc, hc = -(-w // STEP), -(-h // STEP)  # the cells a box on the grid reaches into
    ni = min((inner.width - w) // STEP + 1, nx - wc + 1)
    nj = min((inner.height - h) // STEP + 1, ny - hc + 1)
    if ni <= 0 or nj <= 0:
        return none, none
    sums = table[hc:hc + nj, wc:wc + ni] - table[:nj, wc:wc + ni] - table[hc:hc + nj, :ni] + table[:nj, :ni]
    js, is_ = np.nonzero(sums == 0)
    return inner.x + is_ * STEP, inner.y + js * STEP


def _free_off_grid(inner: pygame.Rect, w: int, h: int, near: pygame.Rect,
                   blocked: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The free boxes flush with ``inner``'s right edge or standing on ``near`` (off the grid, tried one by one):
    a box on the tab reads as one with it."""
    right = inner.right - w
    on = near.top - h
    xs = [*range(inner.x, right + 1, STEP), right]
    ys = [*range(inner.y, inner.bottom - h + 1, STEP), inner.bottom - h]
    tried = [pygame.Rect(right, y, w, h) for y in ys]
    if on >= inner.y:
        tried += [pygame.Rect(x, on, w, h) for x in xs]
    return [b for b in tried if b.collidelist(blocked) < 0]
