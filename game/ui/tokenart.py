"""Token pictures for the window: the shipped sprites (tools/make_tokens.py), scaled to the zoom and cached.

A token's picture is its faction-and-size sprite (``assets/tokens/{faction}_{size}.png``) with the live parts
drawn over it: a facing wedge outside the rim, the initials (or a big creature's short name), the side's
shape on a chip at the rim (game.render.marks) and the flying / swimming badge. The sprite is smooth-scaled
once per diameter, i.e. once per zoom step, and the composed picture is cached per (faction, size, label,
angle, movement) for the zoom steps last used: frames only blit. A missing sprite (a damaged installation)
falls back to the procedural token of game.render, so the window still plays.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from pathlib import Path

from game.maps import assets_folder
from game.render.marks import Disc, add_side_chip, chip_angle
from game.render.pg import pygame
from game.render.style import FACTION_STYLE, font
from game.render.tokens import disc_scale, token_sprite
from game.rules import FACTIONS

SIZES = ("standard", "large", "giant")  # by footprint radius 0, 1, 2 (R26)
BADGED = ("flying", "swimming")
KEEP = 3  # zoom steps kept, as the map layer does
SS = 3  # the wedge is drawn this much larger and smooth-scaled down (clean edges)


def size_name(radius: int) -> str:
    return SIZES[min(max(radius, 0), len(SIZES) - 1)]


def token_radius_px(inradius_px: float, radius: int) -> int:
    """The disc's screen radius: 0.78 of a hex's inradius for one hex, +1.42 per footprint ring (R26)."""
    return max(4, round(inradius_px * disc_scale(radius)))


def pad_for(r_px: int) -> int:
    """Room around the disc for the facing wedge (its tip at 1.36 r) and the shadow."""
    return int(r_px * 0.42) + 6


class TokenArt:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else assets_folder() / "tokens"
        self._png: dict[str, pygame.Surface | None] = {}
        self._levels: OrderedDict[int, dict[tuple, pygame.Surface]] = OrderedDict()
        self.scaled = 0  # how many sprite smooth-scales ran (tests: once per sprite and zoom step)

    # --- the shipped images -----------------------------------------------------------------
    def image(self, name: str) -> pygame.Surface | None:
        """``name``.png from the tokens folder, loaded once; None when it is missing or unreadable."""
        if name not in self._png:
            path = self.folder / f"{name}.png"
            try:
                img = pygame.image.load(str(path))
                self._png[name] = img.convert_alpha() if pygame.display.get_surface() is not None else img
            except (OSError, pygame.error):
                self._png[name] = None
        return self._png[name]

    def _level(self, key: int) -> dict[tuple, pygame.Surface]:
        if key in self._levels:
            self._levels.move_to_end(key)
        else:
            self._levels[key] = {}
            while len(self._levels) > KEEP:
                self._levels.popitem(last=False)
        return self._levels[key]

    def disc(self, faction: str, size: str, r_px: int, zoom_key: int = 0) -> pygame.Surface | None:
        """The sprite scaled to a disc of radius ``r_px`` (cached with ``zoom_key``'s step); None without it."""
        level = self._level(zoom_key)
        key = ("disc", faction, size, r_px)
        if key not in level:
            img = self.image(f"{faction if faction in FACTIONS else 'neutral'}_{size}")
            if img is None:
                return None
            level[key] = pygame.transform.smoothscale(img, (2 * r_px, 2 * r_px))
            self.scaled += 1
        return level[key]

    def badge(self, kind: str, d: int, zoom_key: int = 0) -> pygame.Surface | None:
        level = self._level(zoom_key)
        key = ("badge", kind, d)
        if key not in level:
            img = self.image(f"badge_{kind}")
            if img is None:
                return None
            level[key] = pygame.transform.smoothscale(img, (d, d))
            self.scaled += 1
        return level[key]

    # --- a whole token ----------------------------------------------------------------------
    def token(self, faction: str, radius: int, label: str, angle_deg: int, r_px: int,
              movement: str = "ground", zoom_key: int = 0, chip_deg: int | None = None) -> pygame.Surface:
        """The token centred in a square of side ``2 * (r_px + pad_for(r_px))``: shadow, wedge, disc, label.

        ``zoom_key`` names the zoom step: pictures are kept for the last ``KEEP`` steps used. ``chip_deg``: where
        the side chip goes on the rim (the window's token layer knows the status markers and the hp bar it must
        clear); None: clear of the wedge and the badge alone."""
        if chip_deg is None:
            chip_deg = chip_angle(angle_deg, r_px, movement_discs(movement, r_px, angle_deg))
        level = self._level(zoom_key)
        key = ("token", faction, radius, label, angle_deg, movement, r_px, chip_deg)
        hit = level.get(key)
        if hit is not None:
            return hit
        disc = self.disc(faction, size_name(radius), r_px, zoom_key)
        if disc is None:  # no sprite shipped: the procedural token (it draws its own wedge and label)
            out = token_sprite(faction, label, r_px, angle_deg, None, None)
        else:
            out = self._compose(disc, faction, label, angle_deg, r_px, movement, zoom_key, chip_deg)
        level[key] = out
        return out

    def _compose(self, disc: pygame.Surface, faction: str, label: str, angle_deg: int, r_px: int,
                 movement: str, zoom_key: int, chip_deg: int) -> pygame.Surface:
        style = FACTION_STYLE.get(faction, FACTION_STYLE["neutral"])
        side = 2 * (r_px + pad_for(r_px))
        c = side // 2
        out = pygame.Surface((side, side), pygame.SRCALPHA)
        out.blit(_shadow(side, r_px), (0, 0))
        out.blit(_wedge(style.rim, style.pointer, side, r_px, angle_deg), (0, 0))
        out.blit(disc, disc.get_rect(center=(c, c)))
        _label(out, label, (c, c), r_px, style.rim)
        add_side_chip(out, faction, (c, c), r_px, chip_deg)
        if movement in BADGED:
            d = badge_size(r_px)
            img = self.badge(movement, d, zoom_key)
            if img is not None:
                at = badge_centre(c, r_px, angle_deg)
                out.blit(img, img.get_rect(center=(round(at[0]), round(at[1]))))
        return out


def badge_size(r_px: int) -> int:
    """The flying / swimming badge's side (px) on a disc of radius ``r_px``: it has a floor, to read far out."""
    return max(14, round(r_px * 0.62)) if r_px < 60 else round(r_px * 0.36)


def movement_discs(movement: str, r_px: int, angle_deg: float) -> tuple[Disc, ...]:
    """The flying / swimming badge as a disc relative to the token's centre (none for a ground token): what the
    side chip keeps clear of."""
    if movement not in BADGED:
        return ()
    x, y = badge_centre(0, r_px, angle_deg)
    return ((x, y, badge_size(r_px) / 2),)


BADGE_AT, BADGE_AWAY = 135, 225  # degrees, y down: lower left, else upper left


def badge_centre(c: float, r_px: int, angle_deg: float) -> tuple[float, float]:
    """Where a token's flying / swimming badge sits in its square (centre ``c``): lower left, as the other
    corners carry the status markers (stop, disengaged, acted), unless the token faces that way: then upper
    left, where only a disengaged marker may come, for one turn. Found on the Black Gull: Kestrel facing
    south-west had its facing wedge under the badge, and the card said "Facing south-west" over no pointer."""
    gap = abs((angle_deg - BADGE_AT + 180) % 360 - 180)
    # The wedge (half-angle WEDGE_SPREAD) and the badge (about 18 degrees wide each side, seen from the centre)
    # part at 42 degrees: west on a pointy-top map (45 away) keeps the badge where it was.
    deg = BADGE_AWAY if gap < WEDGE_SPREAD + 18 else BADGE_AT
    a = math.radians(deg)
    return (c + math.cos(a) * r_px * 0.99, c + math.sin(a) * r_px * 0.99)


def _shadow(side: int, r_px: int) -> pygame.Surface:
    """A soft shadow down and right of the disc (drawn small and blown up: a cheap blur)."""
    small_side = max(4, side // 6)
    k = small_side / side
    small = pygame.Surface((small_side, small_side), pygame.SRCALPHA)
    off = r_px * 0.12
    c = side / 2
    rect = pygame.Rect(round((c - r_px + off) * k), round((c - r_px + 2 * off) * k),
                       max(1, round(2 * r_px * k)), max(1, round(2 * r_px * k)))
    pygame.draw.ellipse(small, (0, 0, 0, 110), rect)
    return pygame.transform.smoothscale(small, (side, side))


WEDGE_BASE, WEDGE_TIP, WEDGE_SPREAD = 0.9, 1.38, 24  # the facing wedge: base and tip in disc radii, half-angle


def _wedge(rim: tuple[int, int, int], fill: tuple[int, int, int], side: int, r_px: int,
           angle_deg: int) -> pygame.Surface:
    """The facing pointer (R2): a light wedge in a dark edge, its base under the rim."""
    big = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
    c = side * SS / 2
    r = r_px * SS
    a = math.radians(angle_deg)
    spread = math.radians(WEDGE_SPREAD)

    def at(ang: float, dist: float) -> tuple[float, float]:
        return (c + math.cos(ang) * r * dist, c + math.sin(ang) * r * dist)

    base, tip = WEDGE_BASE, WEDGE_TIP
    pygame.draw.polygon(big, rim, [at(a - spread, base), at(a, tip), at(a + spread, base)])
    pygame.draw.polygon(big, fill, [at(a - spread * 0.68, 0.98), at(a, tip - 0.14), at(a + spread * 0.68, 0.98)])
    return pygame.transform.smoothscale(big, (side, side))


def wedge_disc(cx: float, cy: float, r_px: int, angle_deg: float) -> tuple[float, float, float]:
    """A disc round the part of the facing wedge outside the token's disc (centre x, y, radius): what a tooltip
    should leave in view of which way the token faces. It spans from the rim to the wedge's tip."""
    a = math.radians(angle_deg)
    mid = (1 + WEDGE_TIP) / 2 * r_px
    # The wedge's half-width where it leaves the disc: its sides run from the base corners to the tip.
    half = math.sin(math.radians(WEDGE_SPREAD)) * WEDGE_BASE * r_px
    along = WEDGE_TIP - WEDGE_BASE * math.cos(math.radians(WEDGE_SPREAD))
    radius = max((WEDGE_TIP - 1) / 2 * r_px, half * (WEDGE_TIP - 1) / along)
    return (cx + math.cos(a) * mid, cy + math.sin(a) * mid, radius)


def _label(out: pygame.Surface, label: str, centre: tuple[int, int], r_px: int, edge: tuple[int, int, int]) -> None:
    """White initials with a dark outline: they read on every faction colour and over the emblem."""
    label = label.replace("\x00", "")  # a name may hold NUL (a log from a stranger); SDL_ttf refuses it
    scale = 0.95 if len(label) <= 2 else 0.75 if len(label) == 3 else 2.6 / len(label)
    f = font(max(9, int(r_px * scale)), bold=True)
    text = f.render(label, True, (255, 255, 255))
    shade = f.render(label, True, edge)
    rect = text.get_rect(center=(centre[0], centre[1] + 1))
    w = 2 if r_px >= 40 else 1
    for dx in (-w, 0, w):
        for dy in (-w, 0, w):
            if dx or dy:
                out.blit(shade, rect.move(dx, dy))
    out.blit(text, rect)
