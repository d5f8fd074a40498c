"""Marks whose shape says what their colour says, for the 1 man in 12 who reads red and green alike.

A faction's mark in the initiative tracker, the top bar, the end summary and on the tokens' rims: a disc for your
side, a square for an ally, a diamond for an enemy, a ring for a bystander (drawn by game.render.marks, which the
tokens of game.render share). And the cross on a hex that blocks sight in shoot and cast modes, where cover has a
plain inner hex: amber and red are the two colours a deutan confuses most.
"""

from __future__ import annotations

import math

from game.render.marks import FACTION_SHAPE, faction_mark, faction_shape
from game.render.pg import pygame

__all__ = ["FACTION_SHAPE", "blocked_cross", "faction_mark", "faction_shape"]

Point = tuple[float, float]


def blocked_cross(surf: pygame.Surface, centre: Point, r: float, colour: tuple[int, ...], width: int) -> None:
    """An X of half-width ``r`` at ``centre``: the hex blocks sight (R30), told from cover (R31) by shape too."""
    x, y = centre
    d = r * math.sqrt(0.5)
    pygame.draw.line(surf, colour, (x - d, y - d), (x + d, y + d), width)
    pygame.draw.line(surf, colour, (x - d, y + d), (x + d, y - d), width)
