"""The sides' shapes, where colour alone would tell them apart for the 1 man in 12 who reads red and green alike.

A disc for your side, a square for an ally, a diamond for an enemy (the hostile shape of military map symbols), a
ring for a bystander (the ring on a neutral token's emblem). The window draws them in the initiative tracker, the
top bar, the end summary and the legend (game.ui.marks), and on every token's rim as a small dark chip
(:func:`side_chip`): under protan simulation an enemy token and a neutral one differed mostly in lightness, and a
player had to look across at the tracker to be sure which was which.
"""

from __future__ import annotations

import math
from functools import lru_cache

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

CHIP_SS = 4  # drawn this much larger and smooth-scaled down: clean edges on a mark a few pixels wide
WEDGE_HALF = 24  # degrees: the facing wedge's half-angle (game.ui.tokenart.WEDGE_SPREAD, the drawn token's 24)

Disc = tuple[float, float, float]  # centre x, y and radius, relative to the token's centre (y down)
Box = tuple[float, float, float, float]  # left, top, right, bottom, relative to the token's centre


def _rim_order() -> tuple[int, ...]:
    """12 o'clock, 9 o'clock, 3 o'clock (degrees, y down), then the rest of the rim every 5 degrees, nearest
    12 o'clock first and the left before the right: where a player looks for the chip, in that order."""
    rest = sorted((a for a in range(0, 360, 5) if a not in (270, 180, 0)),
                  key=lambda a: (abs((a - 270 + 180) % 360 - 180), not 90 < a < 270))
    return (270, 180, 0, *rest)


CHIP_SPOTS = _rim_order()


@lru_cache(maxsize=4096)  # asked per token per frame; a token's marks change seldom, and a far zoom tries 74 spots
def chip_angle(facing_deg: float, r_px: float, discs: tuple[Disc, ...] = (), boxes: tuple[Box, ...] = ()) -> int:
    """Where a token's side chip sits on its rim (degrees, y down): the first of :data:`CHIP_SPOTS` where it keeps
    clear of the facing wedge and of the other marks round the token (``discs``: the flying / swimming badge and
    the status markers; ``boxes``: the hp bar), all relative to the token's centre. Where none is clear (the
    farthest zoom, with every marker up: each has a floor in px and the disc is 9 px) it takes the spot it covers
    least of. A 9 o'clock chip at the farthest zoom sat on the disengaged marker and the wing badge (giants_lair,
    Wynn): the corners' markers are as wide there as the gaps between them, so only the free spots will do."""
    cr = chip_radius(r_px)
    # The wedge runs out from under the rim: the chip clears it by angle, its own half-width on the rim and a px.
    wedge_gap = WEDGE_HALF + math.degrees(math.asin(min(1.0, (cr + 1) / max(r_px, 1))))
    best: tuple[float, int] = (math.inf, CHIP_SPOTS[0])
    for deg in CHIP_SPOTS:
        x, y = math.cos(math.radians(deg)) * r_px, math.sin(math.radians(deg)) * r_px
        # (in px along the rim, as the marks' overlaps below are: how deep the chip would sit in each)
        cover = math.radians(max(0.0, wedge_gap - abs((facing_deg - deg + 180) % 360 - 180))) * r_px
        for dx, dy, dr in discs:
            cover += max(0.0, cr + dr + 1 - math.hypot(x - dx, y - dy))
        for left, top, right, bottom in boxes:
            gap = math.hypot(max(left - x, 0, x - right), max(top - y, 0, y - bottom))
            cover += max(0.0, cr + 1 - gap)
        if cover == 0:
            return deg
        if cover < best[0]:
            best = (cover, deg)
    return best[1]


def chip_radius(r_px: float) -> int:
    """The chip's radius for a disc of radius ``r_px``: over a quarter of a one-hex token's, never under 5 px so
    its shape still reads at the farthest zoom and in a 960x600 window, and growing slower on a big disc (a large
    token zoomed in wore a chip as big as a one-hex token's initials: a blot on its rim)."""
    return max(5, round(min(r_px * 0.28, 6 + r_px * 0.1)))


def chip_centre(cx: float, cy: float, r_px: float, chip_deg: float) -> Point:
    """The chip's centre for a disc of radius ``r_px`` at (``cx``, ``cy``), at ``chip_deg`` on its rim."""
    a = math.radians(chip_deg)
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


def add_side_chip(out: pygame.Surface, faction: str, centre: tuple[int, int], r_px: int, chip_deg: float) -> None:
    """``faction``'s chip at ``chip_deg`` (:func:`chip_angle`) on the rim of a token of radius ``r_px`` centred at
    ``centre`` in ``out`` (its picture)."""
    style = FACTION_STYLE.get(faction, FACTION_STYLE["neutral"])
    chip = side_chip(faction, style.rim, style.light, chip_radius(r_px))
    at = chip_centre(centre[0], centre[1], r_px, chip_deg)
    out.blit(chip, chip.get_rect(center=(round(at[0]), round(at[1]))))
