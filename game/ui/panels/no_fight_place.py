"""Where the "Nothing to fight" banner goes: at the top of the map, as near its middle as it can, over no token.

It stood at a fixed spot, centred between the card and the tracker at the map area's top, and on the Greenway
made friendly it covered Bandit Archer 1 at 1280x800 (and the Bandit Chief too at 960x600): a GM looking around
the map, as the banner says to, could not see who stood there. So it takes, of the places in the map area that
hide no token (disc, ring, facing wedge, hp bar, as tokenlayer draws them), no panel and not the action bar, the
one nearest its old spot, a step down weighing twice a step across (it must stay the first thing read, at the
top); where no place is free at its full width it tries narrower ones (more lines), a narrower banner at the top
before a wide one far down. Where no place is free at all (a map packed with tokens), it stands at its old spot.

Once placed it stays put while its place hides nothing (``last``): it re-picked the nearest free place every
frame, so while the map was panned it slid along with the tokens under it, a banner that would not hold still
to be read. Now it moves only when a token (or a panel) comes under it, and then to the free place nearest its
old spot, as above.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from game.render.pg import pygame

from .log_spot import MARGIN, free_corners

DOWN = 2  # a step down weighs as much as this many steps across
NARROWER = 80  # px: a narrower banner's cost, as a step of this many px across (it reads as well, in more lines)
SLACKS = (48, 24)  # px of room kept round a place the banner moves to (a few steps of a pan), most first
ROOMY = 240  # ...where that costs no more than this (px across; half as many down) over the nearest free place


def place(area: pygame.Rect, home: pygame.Rect, widths: Sequence[int], height_of: Callable[[int], int],
          tokens: Sequence[pygame.Rect], panels: Sequence[pygame.Rect],
          last: pygame.Rect | None = None) -> pygame.Rect:
    """The banner's frame in the map area ``area``: ``last`` (where it stood the frame before) while that is still
    a place it may take and hides nothing; else ``home`` (its old spot; its width the widest of ``widths``)
    where that hides nothing, else the free place of the least cost (see the module's words), else ``home``
    moved off ``panels`` as best it can (kept in ``area``). ``height_of(w)``: its height at width ``w``."""
    blocked = [*tokens, *panels]
    inner = area.inflate(-2 * MARGIN, -2 * MARGIN)
    if last is not None and stays(last, inner, widths, height_of, blocked):
        return last
    if home.collidelist(blocked) < 0:
        return home
    # Moving because a token came under it (the map panned or someone walked): where it lands, a token sliding on
    # the same way should not reach it at once too. It kept a step ahead of a slow pan, moving every frame.
    # ...but not far down the map for it: the roomiest place costing at most ROOMY more than the nearest free one.
    tight = _nearest(inner, home, widths, height_of, blocked)
    if tight is None:
        return home
    for slack in SLACKS if last is not None else ():
        roomy = _nearest(inner, home, widths, height_of, [r.inflate(2 * slack, 2 * slack) for r in blocked])
        if roomy is not None and roomy[0] <= tight[0] + ROOMY:
            return roomy[1]
    return tight[1]


def _nearest(inner: pygame.Rect, home: pygame.Rect, widths: Sequence[int], height_of: Callable[[int], int],
             blocked: Sequence[pygame.Rect]) -> tuple[float, pygame.Rect] | None:
    """The free place in ``inner`` of the least cost from ``home`` (see the module's words), with its cost; None:
    none is free."""
    best: tuple[float, pygame.Rect] | None = None
    for i, w in enumerate(widths):
        h = height_of(w)
        xs, ys = free_corners(inner, w, h, blocked)
        if xs.size == 0:
            continue
        # Measured between the centres across (a narrower banner centred where the wide one was costs nothing
        # across) and between the tops down.
        costs = np.abs(xs + w / 2 - home.centerx) + DOWN * np.abs(ys - home.y) + NARROWER * i
        k = int(np.argmin(costs))
        if best is None or costs[k] < best[0]:
            best = (float(costs[k]), pygame.Rect(int(xs[k]), int(ys[k]), w, h))
    return best


def stays(last: pygame.Rect, inner: pygame.Rect, widths: Sequence[int], height_of: Callable[[int], int],
          blocked: Sequence[pygame.Rect]) -> bool:
    """Whether the banner may keep ``last``: still one of its widths at that width's height (its words did not
    change, nor the window), still inside the map area's margin, and over nothing in ``blocked``."""
    return (last.width in widths and last.height == height_of(last.width) and inner.contains(last)
            and last.collidelist(list(blocked)) < 0)
