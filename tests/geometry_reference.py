"""Independent geometry for tests: angles on an ideal regular hex grid (R18).

Floating-point trigonometry, deliberately unlike the engine's exact integer
sector arithmetic, so tests that compare the two can catch either."""

from __future__ import annotations

import math

from game.rules.hexgrid import HexLayout


def ideal_angle(layout: HexLayout, a: tuple[int, int], b: tuple[int, int]) -> float:
    """Angle (degrees, counter-clockwise, north up) from a to b on an ideal regular grid."""
    aq, ar = layout.to_axial(a)
    bq, br = layout.to_axial(b)
    dq, dr = bq - aq, br - ar
    if layout.pointy:
        x, y = math.sqrt(3) * (dq + dr / 2), 1.5 * dr
    else:
        x, y = 1.5 * dq, math.sqrt(3) * (dr + dq / 2)
    return math.degrees(math.atan2(-y, x)) % 360
