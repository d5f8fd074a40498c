"""The violet zone: hexes a hostile could shoot or catch in a burst next turn, after moving (R29-R32).

Painted by the enemy-reach overlay (``V``, a hovered enemy, a GM's R / B look):
one violet hatching per hex (a faint tint crossed by light and dark stripes, readable on
any ground) and one violet edge round the region. Violet is
used by no other overlay (red is a blow, blue the reach, amber cover).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from game.maps.pixels import TiledPixels
from game.render.geometry import side_edge
from game.render.pg import pygame
from game.rules import Board, HexLayout

from ..context import BattleContext, Cell
from . import paint

RANGED_FILL = (150, 100, 255, 52)  # violet: no other overlay uses it (red melee, blue reach, amber cover)
RANGED_EDGE = (178, 140, 255, 225)
RANGED_RING = (190, 150, 255)
RANGED_HATCH = (206, 176, 255, 190)  # the hatching's light stripe: reads on water, stone and shadow
RANGED_HATCH_DARK = (58, 24, 104, 150)  # ...and its dark one beside it: reads on grass, sand and snow


def ranged_zone(surf: pygame.Surface, ctx: BattleContext, cells: set[Cell], at: paint.At, k: float) -> None:
    """:func:`ranged_zone_steps` at once (a hovered enemy's zone: one paint, then blitted)."""
    for _ in ranged_zone_steps(surf, ctx, cells, at, k):
        pass


def ranged_zone_steps(surf: pygame.Surface, ctx: BattleContext, cells: set[Cell], at: paint.At, k: float,
                      edge: set[Cell] | None = None) -> Iterator[None]:
    """Hexes some hostile could shoot or burst next turn: one violet hatching stamped per hex, and one violet edge
    round the region ``edge`` (default ``cells``), pausing (``yield``) every ``paint.CHUNK`` hexes so a layer can
    paint over frames. The tint goes only where someone could stand; the edge is drawn round the whole zone, walls
    inside it too: outlined one by one, the hull timbers of the Black Gull made a lattice of violet rings.

    A bow's zone on a big map is thousands of hexes: each tint is a blit (not a polygon), and the edge is found
    with the board's neighbour table in numpy, only its sides drawn (paint.outline asks every hex's six neighbours
    one by one: 1.2 s of a 64x64 battle's slow frames with archers, bench_frames.py --archers)."""
    if not cells:
        return
    geo = ctx.geometry
    first = next(iter(cells))
    fx, fy = at(*geo.cell_center(first))
    rel = [(x - fx, y - fy) for x, y in (at(*p) for p in geo.cell_corners(first))]
    hw = math.ceil(max(abs(x) for x, _ in rel)) + 2
    hh = math.ceil(max(abs(y) for _, y in rel)) + 2
    tint = hatch_stamp(rel, hw, hh, k)
    w, h = surf.get_size()
    for i, cell in enumerate(cells, 1):
        cx, cy = at(*geo.cell_center(cell))
        if -hw < cx < w + hw and -hh < cy < h + hh:  # a layer cut to the view on a big map: the rest is not on it
            surf.blit(tint, (round(cx) - hw, round(cy) - hh), special_flags=pygame.BLEND_RGBA_MAX)
        if i % paint.CHUNK == 0:
            yield
    width = max(2, int(2 * k))
    layout = ctx.encounter.layout
    for i, ((col, row), d) in enumerate(region_sides(ctx.encounter.board, cells if edge is None else edge), 1):
        corners = geo.cell_corners((col, row))
        side = _side_corner(layout, (col, row), d)
        pa, pb = at(*corners[side]), at(*corners[(side + 1) % 6])
        pygame.draw.line(surf, RANGED_EDGE, pa, pb, width)
        pygame.draw.circle(surf, RANGED_EDGE, pa, width / 2)  # round joints, as paint.outline draws them
        pygame.draw.circle(surf, RANGED_EDGE, pb, width / 2)
        if i % paint.CHUNK == 0:
            yield


def hatch_stamp(rel: list[tuple[float, float]], hw: int, hh: int, k: float) -> pygame.Surface:
    """One hex's violet mark (corners ``rel`` about the centre of a ``2hw`` x ``2hh`` stamp): a faint tint crossed
    by diagonal stripes, a light violet one beside a dark one. The tint alone (alpha 52) was faint on the water of
    the Black Gull and the dark stone of Harrow Keep; a light-and-dark pair reads on bright and dark ground alike,
    and the stripes leave most of the hex, and the melee counts' badges over it, as they were."""
    poly = [(hw + dx, hh + dy) for dx, dy in rel]
    stripes = pygame.Surface((2 * hw, 2 * hh), pygame.SRCALPHA)
    stripes.fill(RANGED_FILL)
    gap = max(6, round(9 * k))  # 9 px apart at 100 %
    width = max(1, round(1.5 * k))
    for x0 in range(-2 * hh, 2 * hw + 2 * hh, gap):  # rising left to right, as a map's hatching reads
        pygame.draw.line(stripes, RANGED_HATCH_DARK, (x0 + width, 2 * hh), (x0 + width + 2 * hh, 0), width)
        pygame.draw.line(stripes, RANGED_HATCH, (x0, 2 * hh), (x0 + 2 * hh, 0), width)
    mask = pygame.Surface((2 * hw, 2 * hh), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
    stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # only inside the hex
    return stripes


def region_sides(board: Board, cells: set[Cell]) -> list[tuple[Cell, int]]:
    """(cell, direction) of every side of the region that borders a hex outside it (or the grid's edge)."""
    n = board.rows * board.cols
    inside = np.zeros(n + 1, dtype=bool)  # the last slot: off the grid, never inside
    flats = np.array([board.flat(c) for c in cells], dtype=np.int64)
    inside[flats] = True
    table = board.neighbor_table[flats]
    out_dirs = ~inside[np.where(table < 0, n, table)]
    which, dirs = np.nonzero(out_dirs)
    return [(board.cell_of(int(flats[i])), int(d)) for i, d in zip(which, dirs, strict=True)]


_SIDES: dict[tuple[object, int, int], int] = {}


def _side_corner(layout: HexLayout, cell: Cell, direction: int) -> int:
    """The index, in ``cell_corners`` order, of the first corner of the side facing ``direction``: the same for
    every hex of one stagger parity, so worked out once (render.geometry.side_edge, the outline's own choice)."""
    parity = (cell[1] if layout.pointy else cell[0]) & 1
    key = (layout, parity, direction)
    hit = _SIDES.get(key)
    if hit is None:
        corners = TiledPixels(layout).cell_corners(cell)
        a, _ = side_edge(layout, cell, direction)
        hit = _SIDES[key] = corners.index(a)
    return hit
