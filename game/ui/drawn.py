"""What is drawn of a thing on screen, as discs and rectangles, and how much of it a box would hide.

A token is a disc with an hp bar under it (game.ui.tokenlayer says where, from the numbers it draws with);
V's ring round an enemy is a disc. Placing a tooltip by a token's square bounding box weighed its empty
corners as much as the disc: the box slid away from spots that hid nothing and took spots that covered the hp
bar under the square. Measured on the shapes, "a fifth of a token" is a fifth of what the player sees of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from game.render.pg import pygame

Disc = tuple[float, float, float]  # centre x, centre y, radius (screen pixels)


def _chord_integral(x: float, r: float) -> float:
    """The area under y = sqrt(r^2 - x^2) from 0 to ``x`` (``x`` within [-r, r])."""
    x = max(-r, min(r, x))
    return 0.5 * (x * math.sqrt(max(0.0, r * r - x * x)) + r * r * math.asin(x / r))


def disc_under(disc: Disc, box: pygame.Rect) -> float:
    """The area of ``disc`` inside ``box``, exact (no sampling: it is asked for hundreds of spots a frame)."""
    cx, cy, r = disc
    if r <= 0:
        return 0.0
    x0, x1 = max(box.left - cx, -r), min(box.right - cx, r)
    y0, y1 = box.top - cy, box.bottom - cy
    if x0 >= x1 or y0 >= r or y1 <= -r:
        return 0.0
    near_x, near_y = max(box.left - cx, 0.0, cx - box.right), max(y0, 0.0, -y1)
    if near_x * near_x + near_y * near_y >= r * r:
        return 0.0  # over the corner of the disc's square only
    if box.left <= cx - r and box.right >= cx + r and y0 <= -r and y1 >= r:
        return math.pi * r * r  # the whole disc
    # Across x the disc spans [-s, s], s = sqrt(r^2 - x^2); the box clips it to [y0, y1]. The clipped length is
    # a sum of pieces each 0, a constant or +-s between the x where s crosses |y0| and |y1|: split there.
    cuts = {x0, x1}
    for y in (y0, y1):
        if abs(y) < r:
            k = math.sqrt(r * r - y * y)
            cuts |= {v for v in (-k, k) if x0 < v < x1}
    xs = sorted(cuts)
    total = 0.0
    for a, b in zip(xs, xs[1:], strict=False):
        m = (a + b) / 2
        s = math.sqrt(max(0.0, r * r - m * m))
        top, bottom = min(y1, s), max(y0, -s)
        if top <= bottom:
            continue
        # Each end is a constant (the box's edge) or the disc's edge (+-s), fixed over the piece.
        hi = (b - a) * y1 if y1 < s else _chord_integral(b, r) - _chord_integral(a, r)
        lo = (b - a) * y0 if y0 > -s else -(_chord_integral(b, r) - _chord_integral(a, r))
        total += hi - lo
    return max(0.0, total)


@dataclass(frozen=True)
class Drawn:
    """One thing on screen: its discs (a token's body with its ring, a badge), rings (V's ring round an enemy:
    the ground inside it is not the ring) and rectangles (an hp bar), assumed not to overlap each other much."""

    discs: tuple[Disc, ...] = ()
    rects: tuple[pygame.Rect, ...] = ()
    rings: tuple[tuple[Disc, float], ...] = ()  # (the outer disc, the inner radius)

    @staticmethod
    def of(rect: pygame.Rect) -> Drawn:
        """A plain rectangle (a panel, a sight line's mark) as a shape."""
        return Drawn(rects=(pygame.Rect(rect),))

    @cached_property
    def bounds(self) -> pygame.Rect:
        discs = [*self.discs, *(d for d, _ in self.rings)]
        parts = [pygame.Rect(math.floor(x - r), math.floor(y - r), math.ceil(2 * r) + 1, math.ceil(2 * r) + 1)
                 for x, y, r in discs] + list(self.rects)
        out = pygame.Rect(parts[0]) if parts else pygame.Rect(0, 0, 0, 0)
        for p in parts[1:]:
            out.union_ip(p)
        return out

    @cached_property
    def area(self) -> float:
        rings = sum(math.pi * (d[2] ** 2 - inner ** 2) for d, inner in self.rings)
        return sum(math.pi * r * r for _, _, r in self.discs) + sum(r.width * r.height for r in self.rects) + rings

    def under(self, box: pygame.Rect) -> float:
        """How many pixels of it ``box`` hides."""
        if not box.colliderect(self.bounds):
            return 0.0
        clipped = (box.clip(r) for r in self.rects)
        rings = sum(disc_under(d, box) - disc_under((d[0], d[1], inner), box) for d, inner in self.rings)
        return sum(disc_under(d, box) for d in self.discs) + sum(c.width * c.height for c in clipped) + rings

    def part(self, box: pygame.Rect) -> float:
        """The share of it ``box`` hides, 0 to 1."""
        return min(1.0, self.under(box) / max(1.0, self.area))

    def touched(self, box: pygame.Rect) -> bool:
        """``box`` hides some of it (more than a pixel's worth: an edge grazed by antialiasing is not hiding)."""
        return self.under(box) > 1.0

    def reaches(self, box: pygame.Rect) -> bool:
        """``box`` overlaps it at all: cheap (no areas), for counting over every spot."""
        if not box.colliderect(self.bounds):
            return False
        for cx, cy, r in [*self.discs, *(d for d, _ in self.rings)]:
            dx, dy = max(box.left - cx, 0.0, cx - box.right), max(box.top - cy, 0.0, cy - box.bottom)
            if dx * dx + dy * dy < r * r:
                return True
        return box.collidelist(list(self.rects)) >= 0
