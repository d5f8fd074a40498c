"""A name tag's leader line (a callout): from the tag's nearest edge to its own token's disc rim.

A tag pushed a hex off its token, or nearer another token's disc than its own, reads as that other token's
("Bandit 3  9/9" right under the Bandit Chief on the Greenway at 1280x800); the line says whose it is, as a map's
annotation points at what it names. It goes round nothing: the stretches over other tokens' discs, hp bars
and the labels kept clear (an arc's "rear −4", an attack arrow) are left out, so it reads as drawn under them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.render.pg import pygame

Point = tuple[float, float]
Segment = tuple[Point, Point]
Disc = tuple[float, float, float]  # centre x, centre y, radius (px)


def leader_segment(rect: pygame.Rect, centre: Point, r: float) -> Segment:
    """From the point of ``rect`` nearest ``centre`` to the rim of the disc of radius ``r`` there, towards it."""
    x, y = centre
    # The rect's last pixel row/column is right - 1 / bottom - 1: the line starts on the tag's drawn border.
    ex = min(max(x, rect.left), rect.right - 1)
    ey = min(max(y, rect.top), rect.bottom - 1)
    d = math.hypot(ex - x, ey - y)
    if d <= r or d == 0:
        return (ex, ey), (ex, ey)
    return (ex, ey), (x + (ex - x) / d * r, y + (ey - y) / d * r)


def _circle_span(seg: Segment, disc: Disc) -> tuple[float, float] | None:
    """The part (0..1 along ``seg``) inside ``disc``, if any."""
    (x0, y0), (x1, y1) = seg
    cx, cy, r = disc
    dx, dy = x1 - x0, y1 - y0
    fx, fy = x0 - cx, y0 - cy
    a = dx * dx + dy * dy
    if a == 0:
        return None
    b = 2 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - r * r
    disc_ = b * b - 4 * a * c
    if disc_ <= 0:
        return None
    root = math.sqrt(disc_)
    t0, t1 = (-b - root) / (2 * a), (-b + root) / (2 * a)
    if t1 <= 0 or t0 >= 1:
        return None
    return max(t0, 0.0), min(t1, 1.0)


def _rect_span(seg: Segment, rect: pygame.Rect) -> tuple[float, float] | None:
    """The part (0..1 along ``seg``) inside ``rect``, if any (Liang-Barsky)."""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - rect.left), (dx, rect.right - x0), (-dy, y0 - rect.top), (dy, rect.bottom - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
    return (lo, hi) if lo < hi else None


def crosses(seg: Segment, discs: Iterable[Disc]) -> bool:
    """Whether ``seg`` runs over any of ``discs`` (another token: a line over it points at it as much as ours)."""
    return any(_circle_span(seg, d) is not None for d in discs)


def visible_pieces(seg: Segment, discs: Sequence[Disc], rects: Sequence[pygame.Rect]) -> list[Segment]:
    """``seg`` less its stretches over ``discs`` and ``rects``: the pieces left to draw."""
    spans = [s for s in (*(_circle_span(seg, d) for d in discs), *(_rect_span(seg, r) for r in rects)) if s]
    spans.sort()
    (x0, y0), (x1, y1) = seg
    out: list[Segment] = []
    t = 0.0
    for a, b in [*spans, (1.0, 1.0)]:
        if a > t:
            out.append(((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)))
        t = max(t, b)
    return out


def draw_leader(screen: pygame.Surface, seg: Segment, colour: tuple[int, int, int], discs: Sequence[Disc],
                rects: Sequence[pygame.Rect]) -> None:
    """The line in ``colour`` on a dark casing (it must read on grass, water and stone alike), a dot where it
    meets the token's rim; nothing over ``discs`` or ``rects``."""
    pieces = visible_pieces(seg, discs, rects)
    for a, b in pieces:
        pygame.draw.line(screen, (16, 18, 24), a, b, 4)
    for a, b in pieces:
        pygame.draw.line(screen, colour, a, b, 2)
    end = seg[1]
    if pieces and math.dist(pieces[-1][1], end) < 0.5:
        pygame.draw.circle(screen, (16, 18, 24), end, 4)
        pygame.draw.circle(screen, colour, end, 3)
