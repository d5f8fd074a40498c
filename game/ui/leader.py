"""A name tag's leader line (a callout): from the tag's nearest edge to its own token's disc rim.

A tag pushed a hex off its token, or nearer another token's disc than its own, reads as that other token's
("Bandit 3  9/9" right under the Bandit Chief on the Greenway at 1280x800); the line says whose it is, as a map's
annotation points at what it names. It goes round nothing: the stretches over other tokens' discs, hp bars
and what is kept clear (an attack arrow) are left out, so it reads as drawn under them; under an arc's label
("rear −4") it shows between the letters, left out only where they are drawn.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.render.pg import pygame

# Alpha above which a pixel of art drawn over a leader line (an arc label's letters and their outline) cuts the line;
# a label's backing is lighter than this, so the line shows on it between the letters.
LETTERS = 230

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
                rects: Sequence[pygame.Rect], over: Sequence[tuple[pygame.Surface, pygame.Rect]] = ()) -> None:
    """The line in ``colour`` on a dark casing (it must read on grass, water and stone alike), a dot where it
    meets the token's rim; nothing over ``discs`` or ``rects``, and under the opaque pixels of ``over`` (art
    drawn before it, an arc's label: the line shows between its letters, as if drawn first)."""
    pieces = visible_pieces(seg, discs, rects)
    if not pieces:
        return
    end = seg[1]
    dot = math.dist(pieces[-1][1], end) < 0.5
    xs = [p[0] for a, b in pieces for p in (a, b)]
    ys = [p[1] for a, b in pieces for p in (a, b)]
    box = pygame.Rect(math.floor(min(xs)) - 5, math.floor(min(ys)) - 5, math.ceil(max(xs) - min(xs)) + 11,
                      math.ceil(max(ys) - min(ys)) + 11)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)

    def at(p: Point) -> Point:
        return p[0] - box.x, p[1] - box.y

    for a, b in pieces:
        pygame.draw.line(layer, (16, 18, 24), at(a), at(b), 4)
    for a, b in pieces:
        pygame.draw.line(layer, colour, at(a), at(b), 2)
    if dot:
        pygame.draw.circle(layer, (16, 18, 24), at(end), 4)
        pygame.draw.circle(layer, colour, at(end), 3)
    for art, rect in over:
        if rect.colliderect(box):  # its alpha taken from the line's: the letters stay whole on top
            # Only the letters (and their outline), not a label's backing: the line shows between them.
            cut = pygame.mask.from_surface(art, LETTERS).to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
            layer.blit(cut, rect.move(-box.x, -box.y), special_flags=pygame.BLEND_RGBA_SUB)
    screen.blit(layer, box.topleft)
