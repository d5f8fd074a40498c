"""Where the "Nothing to fight" banner goes: at the top of the map, as near its middle as it can, over no token.

It stood at a fixed spot, centred between the card and the tracker at the map area's top, and on the Greenway
made friendly it covered Bandit Archer 1 at 1280x800 (and the Bandit Chief too at 960x600): a GM looking around
the map, as the banner says to, could not see who stood there. So it takes, of the places in the map area that
hide no token (disc, ring, facing wedge, hp bar, as tokenlayer draws them), no panel and not the action bar, the
one nearest its old spot, a step down weighing twice a step across (it must stay the first thing read, at the
top); where no place is free at its full width it tries narrower ones (more lines), a narrower banner at the top
before a wide one far down. Where no place is free at all (a map packed with tokens), it stands at its old spot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from game.render.pg import pygame

from .log_spot import MARGIN, free_corners

DOWN = 2  # a step down weighs as much as this many steps across
NARROWER = 80  # px: a narrower banner's cost, as a step of this many px across (it reads as well, in more lines)


def place(area: pygame.Rect, home: pygame.Rect, widths: Sequence[int], height_of: Callable[[int], int],
          tokens: Sequence[pygame.Rect], panels: Sequence[pygame.Rect]) -> pygame.Rect:
    """The banner's frame in the map area ``area``: ``home`` (its old spot; its width the widest of ``widths``)
    where that hides nothing, else the free place of the least cost (see the module's words), else ``home``
    moved off ``panels`` as best it can (kept in ``area``). ``height_of(w)``: its height at width ``w``."""
    blocked = [*tokens, *panels]
    if home.collidelist(blocked) < 0:
        return home
    inner = area.inflate(-2 * MARGIN, -2 * MARGIN)
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
    if best is not None:
        return best[1]
    return home
