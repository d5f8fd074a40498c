"""An independent exact reading of R30 for tests: rational arithmetic on cube coordinates.

Written from the ruling, not from the engine: the segment between two hex centres is cut at
every parameter where one of the three cube pair differences ``p_i - p_j`` is a whole number
(the only places the segment can meet a hex border); the midpoint of each piece lies either
inside one hex (that hex is crossed) or, when the piece runs along a border, on the shared edge
of exactly two hexes (that pair is skirted). Corners are single points between pieces, so they
are never crossed nor skirted. Every number is a :class:`fractions.Fraction`.
"""

from __future__ import annotations

import math
from fractions import Fraction

from game.rules.hexgrid import HexLayout

Cube = tuple[int, int, int]
PAIRS = ((0, 1), (1, 2), (2, 0))


def cube(layout: HexLayout, cell: tuple[int, int]) -> Cube:
    # offset -> cube by the Red Blob formulas, written out per layout (not the engine's helper)
    col, row = cell
    if layout.stagger_axis == "y":  # pointy: rows shift
        shift = (row - (row & 1)) // 2 if layout.stagger_index == "odd" else (row + (row & 1)) // 2
        q, r = col - shift, row
    else:  # flat: columns shift
        shift = (col - (col & 1)) // 2 if layout.stagger_index == "odd" else (col + (col & 1)) // 2
        q, r = col, row - shift
    return (q, -q - r, r)


def offset(layout: HexLayout, c: Cube) -> tuple[int, int]:
    q, r = c[0], c[2]
    if layout.stagger_axis == "y":
        col = q + ((r - (r & 1)) // 2 if layout.stagger_index == "odd" else (r + (r & 1)) // 2)
        return (col, r)
    row = r + ((q - (q & 1)) // 2 if layout.stagger_index == "odd" else (q + (q & 1)) // 2)
    return (q, row)


def _cells_holding(p: tuple[Fraction, Fraction, Fraction]) -> tuple[list[Cube], list[Cube]]:
    """(hexes with p in their interior, hexes with p on their boundary)."""
    base = tuple(math.floor(v) for v in p)
    inside, border = [], []
    for dx in (-1, 0, 1, 2):
        for dy in (-1, 0, 1, 2):
            h = (base[0] + dx, base[1] + dy, -(base[0] + dx) - (base[1] + dy))
            gaps = [abs((p[i] - h[i]) - (p[j] - h[j])) for i, j in PAIRS]
            if all(g < 1 for g in gaps):
                inside.append(h)
            elif all(g <= 1 for g in gaps):
                border.append(h)
    return inside, border


def reference_line(layout: HexLayout, a: tuple[int, int], b: tuple[int, int]):
    """(crossed hexes in order from a, skirted pairs as frozensets), as offset cells."""
    A, B = cube(layout, a), cube(layout, b)
    D = tuple(y - x for x, y in zip(A, B, strict=True))
    cuts = {Fraction(0), Fraction(1)}
    for i, j in PAIRS:
        e = D[i] - D[j]
        if e == 0:
            continue
        start = A[i] - A[j]
        lo, hi = sorted((start, start + e))
        for k in range(lo, hi + 1):
            cuts.add(Fraction(k - start, e))
    ts = sorted(t for t in cuts if 0 <= t <= 1)
    crossed: list[Cube] = []
    skirted: list[frozenset] = []
    for t0, t1 in zip(ts, ts[1:], strict=False):
        mid = (t0 + t1) / 2
        p = tuple(Fraction(A[k]) + mid * D[k] for k in range(3))
        inside, border = _cells_holding(p)
        if inside:
            (h,) = inside
            if h not in (A, B) and h not in crossed:
                crossed.append(h)
        else:
            assert len(border) == 2, (a, b, border)
            pair = frozenset(offset(layout, h) for h in border)
            if pair not in skirted:
                skirted.append(pair)
    return [offset(layout, h) for h in crossed], skirted


def reference_sees(layout: HexLayout, blocks, a, b) -> bool:
    """R30 with ``blocks(cell) -> bool`` (False off the map)."""
    crossed, skirted = reference_line(layout, a, b)
    if any(blocks(c) for c in crossed):
        return False
    return not any(all(blocks(c) for c in pair) for pair in skirted)
