"""Marks whose shape says what their colour says, for the 1 man in 12 who reads red and green alike.

A faction's mark in the initiative tracker, the top bar and the end summary: a disc for your side, a square for
an ally, a diamond for an enemy (the hostile shape of military map symbols), a ring for a bystander (the ring on
a neutral token's emblem). And the cross on a hex that blocks sight in shoot and cast modes, where cover has a
plain inner hex: amber and red are the two colours a deutan confuses most.
"""

from __future__ import annotations

import math

from game.render.pg import pygame

Point = tuple[float, float]

FACTION_SHAPE = {"player": "disc", "ally": "square", "enemy": "diamond", "neutral": "ring"}


def faction_shape(faction: str) -> str:
    """The shape of ``faction``'s mark; a faction the window does not know is drawn as a bystander."""
    return FACTION_SHAPE.get(faction, "ring")


def faction_mark(screen: pygame.Surface, faction: str, centre: Point, r: float,
                 colour: tuple[int, ...]) -> pygame.Rect:
    """``faction``'s mark of radius ``r`` (about the old dot's) at ``centre``; returns what it covers.

    The square and the diamond are drawn a little smaller than the disc's radius would make them, so the four
    marks look the same size in a column (a square of side 2r looks bigger than a disc of radius r)."""
    x, y = centre
    shape = faction_shape(faction)
    if shape == "disc":
        return pygame.draw.circle(screen, colour, (x, y), r)
    if shape == "square":
        s = r * 0.86
        return pygame.draw.rect(screen, colour, pygame.Rect(round(x - s), round(y - s), round(2 * s), round(2 * s)))
    if shape == "diamond":
        d = r * 1.25
        return pygame.draw.polygon(screen, colour, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
    return pygame.draw.circle(screen, colour, (x, y), r, max(2, round(r / 2.5)))


def blocked_cross(surf: pygame.Surface, centre: Point, r: float, colour: tuple[int, ...], width: int) -> None:
    """An X of half-width ``r`` at ``centre``: the hex blocks sight (R30), told from cover (R31) by shape too."""
    x, y = centre
    d = r * math.sqrt(0.5)
    pygame.draw.line(surf, colour, (x - d, y - d), (x + d, y + d), width)
    pygame.draw.line(surf, colour, (x - d, y + d), (x + d, y - d), width)
