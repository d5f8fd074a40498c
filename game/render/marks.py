"""The sides' shapes, where colour alone would tell them apart for the 1 man in 12 who reads red and green alike.

A disc for your side, a square for an ally, a diamond for an enemy (the hostile shape of military map symbols), a
ring for a bystander (the ring on a neutral token's emblem). The window draws them in the initiative tracker, the
top bar, the end summary and the legend (game.ui.marks), and on every token's rim as a small dark chip
(:func:`side_chip`): under protan simulation an enemy token and a neutral one differed mostly in lightness, and a
player had to look across at the tracker to be sure which was which.
"""

from __future__ import annotations

import math

from .pg import pygame
from .style import FACTION_STYLE

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


# --- the side chip on a token's rim -------------------------------------------------------------------------------

CHIP_TOP, CHIP_SIDE = 270, 180  # degrees, y down: 12 o'clock, else 9 o'clock
CHIP_CLEAR = 56  # degrees: a facing wedge this near 12 o'clock (half-angle 24, plus the chip's own width) moves it
CHIP_SS = 4  # drawn this much larger and smooth-scaled down: clean edges on a mark a few pixels wide


def chip_angle(facing_deg: float) -> int:
    """Where a token's side chip sits on its rim (degrees, y down): at 12 o'clock, where no other mark comes (the
    status markers take the upper corners and the right, the flying / swimming badge the lower left, the hp bar
    the bottom), unless the token faces up (up-left, up or up-right on either hex grid): then at 9 o'clock, 60
    degrees or more from its facing wedge and clear of the badge at the lower left."""
    gap = abs((facing_deg - CHIP_TOP + 180) % 360 - 180)
    return CHIP_SIDE if gap < CHIP_CLEAR else CHIP_TOP


def chip_radius(r_px: float) -> int:
    """The chip's radius for a disc of radius ``r_px``: over a quarter of a one-hex token's, never under 5 px so
    its shape still reads at the farthest zoom and in a 960x600 window, and growing slower on a big disc (a large
    token zoomed in wore a chip as big as a one-hex token's initials: a blot on its rim)."""
    return max(5, round(min(r_px * 0.28, 6 + r_px * 0.1)))


def chip_centre(cx: float, cy: float, r_px: float, facing_deg: float) -> Point:
    """The chip's centre for a disc of radius ``r_px`` at (``cx``, ``cy``) facing ``facing_deg``: on its rim."""
    a = math.radians(chip_angle(facing_deg))
    return (cx + math.cos(a) * r_px, cy + math.sin(a) * r_px)


def side_chip(faction: str, dark: tuple[int, int, int], light: tuple[int, int, int], cr: int) -> pygame.Surface:
    """A chip of radius ``cr``: ``faction``'s shape (:func:`faction_mark`) in ``light`` on a disc of ``dark`` , the
    tracker's mark as it stands on its dark panel (the same colours: the light ones the tracker
    draws, at least 20 CIELAB units apart under every simulated deficiency)."""
    k = CHIP_SS
    side = 2 * cr + 2
    big = pygame.Surface((side * k, side * k), pygame.SRCALPHA)
    c = side * k / 2
    # No light edge: round a disc it read as a ring (the bystander's shape) on the player's chip.
    pygame.draw.circle(big, dark, (c, c), cr * k)
    faction_mark(big, faction, (c, c), cr * k * 0.7, light)
    return pygame.transform.smoothscale(big, (side, side))


def add_side_chip(out: pygame.Surface, faction: str, centre: tuple[int, int], r_px: int, facing_deg: float) -> None:
    """``faction``'s chip on the rim of a token of radius ``r_px`` centred at ``centre`` in ``out`` (its picture)."""
    style = FACTION_STYLE.get(faction, FACTION_STYLE["neutral"])
    chip = side_chip(faction, style.rim, style.light, chip_radius(r_px))
    at = chip_centre(centre[0], centre[1], r_px, facing_deg)
    out.blit(chip, chip.get_rect(center=(round(at[0]), round(at[1]))))
