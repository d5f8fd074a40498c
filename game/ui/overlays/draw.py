"""Screen-space drawing helpers shared by the overlays (translucent hexes, rings, paths)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.render.pg import pygame

from ..context import BattleContext, Cell
from ..drawn import Drawn
from ..tokenart import token_radius_px

Point = tuple[float, float]


def bounds(points: Sequence[Point], pad: int = 4) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    return pygame.Rect(x0, y0, math.ceil(max(xs)) - x0 + pad + 1, math.ceil(max(ys)) - y0 + pad + 1)


def hexes(screen: pygame.Surface, ctx: BattleContext, cells: Sequence[Cell], fill: tuple[int, int, int, int] | None,
          edge: tuple[int, int, int, int] | None = None, width: int = 2) -> None:
    """Translucent hexes in one layer blit (alpha is per layer, so overlapping calls stack predictably)."""
    polys = [ctx.hex_polygon(c) for c in cells]
    if not polys:
        return
    box = bounds([p for poly in polys for p in poly])
    box = box.clip(screen.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    for poly in polys:
        local = [(x - box.x, y - box.y) for x, y in poly]
        if fill:
            pygame.draw.polygon(layer, fill, local)
        if edge:
            pygame.draw.polygon(layer, edge, local, width)
    screen.blit(layer, box.topleft)


def ring(screen: pygame.Surface, centre: Point, radius: float, colour: tuple[int, ...], width: int = 3) -> None:
    pygame.draw.circle(screen, (10, 10, 14), (round(centre[0]), round(centre[1])), round(radius) + 1, width + 2)
    pygame.draw.circle(screen, colour, (round(centre[0]), round(centre[1])), round(radius), width)


def ring_shape(centre: Point, radius: float, width: int = 3) -> Drawn:
    """What :func:`ring` draws, as a shape to keep in view: the band from its dark outline in to its inner edge."""
    return Drawn(rings=(((round(centre[0]), round(centre[1]), round(radius) + 1.0), round(radius) - width),))


def reticle(screen: pygame.Surface, centre: Point, radius: float, colour: tuple[int, ...]) -> None:
    """A target mark: a ring with four short ticks reaching in from it (up, right, down, left)."""
    ring(screen, centre, radius, colour, 2)
    cx, cy = round(centre[0]), round(centre[1])
    r, tick = round(radius), max(4, round(radius * 0.3))
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        a, b = (cx + dx * (r + 3), cy + dy * (r + 3)), (cx + dx * (r - tick), cy + dy * (r - tick))
        pygame.draw.line(screen, (10, 10, 14), a, b, 6)
        pygame.draw.line(screen, colour, a, b, 3)


Disc = tuple[Point, float]  # a token's disc on screen: centre, radius


def path(screen: pygame.Surface, points: Sequence[Point], colour: tuple[int, int, int], width: int = 4,
         beneath: Sequence[Disc] = ()) -> None:
    """A path as a dark-edged line with a dot per step and an open ring at the end. It passes beneath the
    ``beneath`` discs (the friends it walks through): drawn over them, a step's dot sat on a friend's initials
    ("To" on Boarding the Black Gull, Kestrel's way past Tobin), so inside them nothing is drawn."""
    runs = _runs(points, beneath)
    for run in runs:
        if len(run) >= 2:
            pygame.draw.lines(screen, (12, 12, 16), False, run, width + 4)
            pygame.draw.lines(screen, colour, False, run, width)
    for p in points[1:-1]:
        if not any(math.dist(p, c) < r for c, r in beneath):
            pygame.draw.circle(screen, (12, 12, 16), _px(p), width + 2)
            pygame.draw.circle(screen, colour, _px(p), width)
    if points:
        ring(screen, _px(points[-1]), width * 3, colour, 3)


def _runs(points: Sequence[Point], beneath: Sequence[Disc]) -> list[list[tuple[int, int]]]:
    """The path as polylines in screen pixels, broken where it passes beneath a disc (one run if none)."""
    runs: list[list[tuple[int, int]]] = [[]]
    for a, b in zip(points, points[1:], strict=False):
        for lo, hi in outside(a, b, beneath):
            if not runs[-1] or runs[-1][-1] != _px(lo):
                runs.append([_px(lo)])
            runs[-1].append(_px(hi))
    return [r for r in runs if r]


def _px(p: Point) -> tuple[int, int]:
    return round(p[0]), round(p[1])


def outside(a: Point, b: Point, discs: Sequence[Disc]) -> list[tuple[Point, Point]]:
    """The pieces of segment a-b that lie outside every disc (none, if a disc covers it all)."""
    spans = [(0.0, 1.0)]
    for disc in discs:
        t_in, t_out = _crossing(a, b, disc, leaving=False), _crossing(a, b, disc, leaving=True)
        if t_out <= t_in:  # the segment misses the disc (or only grazes it)
            continue
        spans = [s for lo, hi in spans for s in ((lo, min(hi, t_in)), (max(lo, t_out), hi)) if s[1] - s[0] > 1e-6]
    dx, dy = b[0] - a[0], b[1] - a[1]
    return [((a[0] + dx * lo, a[1] + dy * lo), (a[0] + dx * hi, a[1] + dy * hi)) for lo, hi in spans]


def passed_beneath(ctx: BattleContext, name: str, cells: Sequence[Cell]) -> list[Disc]:
    """The discs of the combatants (friends: a path never enters a foe's hex) standing on the path's steps
    between its start and its end: it passes beneath them."""
    steps = set(cells[1:-1])
    return [token_disc(ctx, other) for other in ctx.encounter.order()
            if other != name and steps.intersection(ctx.encounter.footprint(other))]


def approach_path(screen: pygame.Surface, ctx: BattleContext, name: str, at: Cell) -> None:
    """The move a previewed blow or shot needs first, drawn as the path preview draws a move."""
    enc = ctx.encounter
    here = enc.view(name).cell
    cells = list(enc.reach_for(name).path_to(at))
    if not cells or cells[0] != here:
        cells.insert(0, here)
    pts = [ctx.cell_to_screen(c) for c in cells]
    if len(pts) >= 2:  # from the mover's rim: drawn over the tokens, the path crossed its initials
        pts[0] = clear_of(pts[0], pts[1], token_disc(ctx, name), None)[0]
    path(screen, pts, (250, 250, 244), max(2, round(4 * ctx.zoom)), beneath=passed_beneath(ctx, name, cells))
    keep_start_in_sight(ctx, pts)
    # The target's arc labels step off the path too: Goblin 1's "front" lay on Wynn's approach (giants_lair),
    # where the path comes in; Bandit 3's on Sir Corin's (the Greenway).
    ctx.marks.extend(r for a, b in zip(pts, pts[1:], strict=False) for r in along(a, b, 4))


def keep_start_in_sight(ctx: BattleContext, points: Sequence[Point]) -> None:
    """A path's first step (from the mover to the next hex's dot) is for the tooltips to leave in view: which
    way the mover sets off is what the player checks before the click (found at 800x560 in a crowd: the
    attack preview sat on the actor and the start of its approach)."""
    if len(points) >= 2:
        ctx.in_sight.extend(along(points[0], points[1], 10))
    if points:  # the open ring at its end (path()): an arc's label steps off it
        r = max(2, round(4 * ctx.zoom)) * 3 + 3
        ctx.marks.append(pygame.Rect(round(points[-1][0]) - r, round(points[-1][1]) - r, 2 * r, 2 * r))


def clear_of(a: Point, b: Point, start: Disc | None, end: Disc | None) -> tuple[Point, Point]:
    """The segment a-b from where it leaves the ``start`` disc to where it meets the ``end`` disc: a line from
    one token to another runs rim to rim and never crosses the initials it joins (found at Miller's Ford: the
    attack line ran through "Mi" and "OP"). Between neighbours the gap is short, and the arrow there is little
    more than its head (drawn centre to centre, it crossed both neighbours' initials); where the discs
    touch, nothing is left (an empty segment, which :func:`arrow` leaves undrawn)."""
    t0, t1 = 0.0, 1.0
    if start is not None:
        t0 = max(t0, _crossing(a, b, start, leaving=True))
    if end is not None:
        t1 = min(t1, _crossing(a, b, end, leaving=False))
    if t1 < t0:
        t0 = t1 = (t0 + t1) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (a[0] + dx * t0, a[1] + dy * t0), (a[0] + dx * t1, a[1] + dy * t1)


def along(a: Point, b: Point, size: int = 8) -> list[pygame.Rect]:
    """Small squares every 16 px along a-b: a line as rectangles a tooltip or a name tag can keep off."""
    steps = max(1, int(math.dist(a, b) // 16))
    return [pygame.Rect(round(a[0] + (b[0] - a[0]) * i / steps) - size // 2,
                        round(a[1] + (b[1] - a[1]) * i / steps) - size // 2, size, size) for i in range(steps + 1)]


def token_disc(ctx: BattleContext, name: str) -> Disc:
    """Where a combatant's token is drawn (at rest): its centre hex and its disc's radius, as tokens are sized."""
    v = ctx.encounter.view(name)
    return ctx.cell_to_screen(v.cell), float(token_radius_px(ctx.hex_radius(), v.radius))


def _crossing(a: Point, b: Point, disc: Disc, leaving: bool) -> float:
    """Where on a-b (0 at a, 1 at b) the segment leaves (or first meets) the disc; 0 (or 1) if it never does."""
    (cx, cy), r = disc
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - cx, a[1] - cy
    qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - r * r
    root = qb * qb - 4 * qa * qc
    if qa == 0 or root < 0:
        return 0.0 if leaving else 1.0
    t = ((-qb + math.sqrt(root)) if leaving else (-qb - math.sqrt(root))) / (2 * qa)
    return min(1.0, max(0.0, t))


def arrow(screen: pygame.Surface, a: Point, b: Point, colour: tuple[int, int, int], width: int = 4) -> None:
    """A line from a to b with a head at b (push directions, attack lines); a short one is only its head (no
    longer than the line, so it never reaches back past a), an empty one nothing."""
    length = math.dist(a, b)
    if length < 1:
        return
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = min(4 * width, length)
    base = (b[0] - math.cos(ang) * head, b[1] - math.sin(ang) * head)
    left = (base[0] + math.sin(ang) * head * 0.6, base[1] - math.cos(ang) * head * 0.6)
    right = (base[0] - math.sin(ang) * head * 0.6, base[1] + math.cos(ang) * head * 0.6)
    if length > head:
        pygame.draw.line(screen, (12, 12, 16), a, base, width + 4)
        pygame.draw.line(screen, colour, a, base, width)
    pygame.draw.polygon(screen, (12, 12, 16), [b, left, right])
    pygame.draw.polygon(screen, colour, [b, left, right], 0)
