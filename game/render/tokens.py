"""Combatant tokens: faction-coloured discs with a facing pointer, a short label, hp and the side's shape.

Sprites are drawn three times too large and smooth-scaled down, which gives
clean anti-aliased edges with plain ``pygame.draw`` calls.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from game.maps.pixels import TiledPixels
from game.rules import Cell, HexLayout, Scenario

from .geometry import region_edges
from .marks import add_side_chip, chip_angle
from .pg import pygame
from .style import FACTION_STYLE, font, hp_colour, lerp_colour

SS = 3  # supersampling factor of token sprites


@dataclass(frozen=True)
class TokenView:
    """What the map shows of one combatant. ``radius`` is the footprint radius (R26: 0, 1 large, 2 giant);
    ``facing`` a direction index of the map's layout (R2)."""

    name: str
    faction: str
    cell: Cell
    radius: int = 0
    facing: int = 0
    hp: int | None = None
    hp_max: int | None = None
    label: str | None = None

    @property
    def short_label(self) -> str:
        """Initials on a one-hex token; a big token shows a short name whole."""
        if self.label is not None:
            return self.label
        return self.name if self.radius > 0 and len(self.name) <= 6 else initials(self.name)


def initials(name: str) -> str:
    """A 1-3 character label: "Orc 2" -> "O2", "Brother Aldo" -> "BA", "Mira" -> "Mi"."""
    words = [w for w in re.split(r"[\s_\-]+", name.strip()) if w]
    if not words:
        return "?"
    if len(words) == 1:
        w = words[0]
        m = re.match(r"^([A-Za-z]+)(\d+)$", w)
        if m:
            return (m.group(1)[0].upper() + m.group(2))[:3]
        label = w[:2].capitalize()
        # A capital I and a small l are one stroke in the token's sans face: "Il" read "II" on Ilse's token
        # (Harrow Keep); "IL" reads as the two letters it is.
        return "IL" if label == "Il" else label
    out = "".join(w if w.isdigit() else w[0].upper() for w in words)
    return out[:3]


def hex_inradius(layout: HexLayout) -> float:
    """Half the distance between neighbouring centres: the radius of a circle that fits in a hex."""
    a = (1, 1)
    b = layout.neighbor(a, 0)
    pix = TiledPixels(layout)
    (ax, ay), (bx, by) = pix.cell_center(a), pix.cell_center(b)
    return math.hypot(bx - ax, by - ay) / 2


def disc_scale(footprint: int) -> float:
    """A token disc's radius in hex inradii: 0.78 for one hex, +1.42 per footprint ring (R26), so a large or
    giant combatant's disc covers its footprint. Every drawing of a token and every rim a line stops at
    (game.ui) takes its size from here."""
    return 0.78 + 1.42 * footprint


def token_radius(layout: HexLayout, footprint: int) -> float:
    return hex_inradius(layout) * disc_scale(footprint)


def facing_angle(layout: HexLayout, cell: Cell, facing: int) -> float:
    """Screen angle (radians, y down) from a cell's centre toward its ``facing`` side."""
    pix = TiledPixels(layout)
    (ax, ay) = pix.cell_center(cell)
    (bx, by) = pix.cell_center(layout.neighbor(cell, facing))
    return math.atan2(by - ay, bx - ax)


@lru_cache(maxsize=512)
def token_sprite(faction: str, label: str, radius_px: int, angle_deg: int, hp: int | None,
                 hp_max: int | None) -> pygame.Surface:
    """The token drawn centred in a square surface of side ``2 * (radius + pad)``."""
    style = FACTION_STYLE.get(faction, FACTION_STYLE["neutral"])
    r = radius_px * SS
    pad = int(r * 0.42) + 6 * SS
    size = 2 * (r + pad)
    c = size // 2
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    # Soft shadow: a small ellipse blurred by shrinking and growing.
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    off = int(r * 0.12)
    pygame.draw.ellipse(shadow, (0, 0, 0, 120), (c - r + off, c - r + off * 2, 2 * r, 2 * r))
    small = pygame.transform.smoothscale(shadow, (max(1, size // 8), max(1, size // 8)))
    big.blit(pygame.transform.smoothscale(small, (size, size)), (0, 0))
    # Facing pointer: a light wedge outside the rim (drawn first so the rim overlaps its base).
    a = math.radians(angle_deg)
    tip = (c + math.cos(a) * r * 1.36, c + math.sin(a) * r * 1.36)
    spread = math.radians(24)
    base1 = (c + math.cos(a - spread) * r * 0.92, c + math.sin(a - spread) * r * 0.92)
    base2 = (c + math.cos(a + spread) * r * 0.92, c + math.sin(a + spread) * r * 0.92)
    pygame.draw.polygon(big, style.rim, [base1, tip, base2])
    inset = 0.68
    tip_in = (c + math.cos(a) * r * (1.36 - 0.13), c + math.sin(a) * r * (1.36 - 0.13))
    b1 = (c + math.cos(a - spread * inset) * r * 1.0, c + math.sin(a - spread * inset) * r * 1.0)
    b2 = (c + math.cos(a + spread * inset) * r * 1.0, c + math.sin(a + spread * inset) * r * 1.0)
    pygame.draw.polygon(big, style.pointer, [b1, tip_in, b2])
    # Rim and a domed body lit from the upper left.
    pygame.draw.circle(big, style.rim, (c, c), r)
    body = int(r * 0.86)
    steps = 18
    for i in range(steps):
        t = i / (steps - 1)
        rad = int(body * (1 - t * 0.92))
        shift = int(body * 0.28 * t)
        pygame.draw.circle(big, lerp_colour(style.fill, style.light, t ** 1.6), (c - shift, c - shift), rad)
    pygame.draw.circle(big, (255, 255, 255, 60), (c, c), body, max(1, SS))
    # Label with a dark outline so it reads on any faction colour.
    f = font(max(8, int(r * (0.95 if len(label) <= 2 else 0.75 if len(label) == 3 else 2.6 / len(label)))), bold=True)
    text = f.render(label, True, (255, 255, 255))
    edge = f.render(label, True, style.rim)
    tx, ty = c - text.get_width() // 2, c - text.get_height() // 2 + SS
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        big.blit(edge, (tx + dx * SS, ty + dy * SS))
    big.blit(text, (tx, ty))
    if hp is not None and hp_max is not None and hp < hp_max:
        _hp_badge(big, c, c + r, r, hp, hp_max)
    out = pygame.transform.smoothscale(big, (size // SS, size // SS))
    # The side's shape on the rim, as the window's tokens wear it (drawn at its own size: it has a floor in px):
    # here only the wedge and the hp pill at the bottom stand round the disc, so 12 o'clock or 9 o'clock.
    c = out.get_width() // 2
    add_side_chip(out, faction, (c, c), radius_px, chip_angle(angle_deg, radius_px))
    return out


def _hp_badge(big: pygame.Surface, cx: int, cy: int, r: int, hp: int, hp_max: int) -> None:
    """A pill under the token: current/maximum hp, coloured by how hurt the combatant is."""
    f = font(max(8, int(max(r * 0.42, 15 * SS))), bold=True)
    text = f.render(f"{max(hp, 0)}/{hp_max}", True, (255, 255, 255))
    w = text.get_width() + 10 * SS
    h = text.get_height() + 2 * SS
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (cx, cy)
    pygame.draw.rect(big, (20, 20, 24), rect.inflate(2 * SS, 2 * SS), border_radius=h)
    pygame.draw.rect(big, hp_colour(hp / hp_max), rect, border_radius=h)
    big.blit(text, text.get_rect(center=(rect.centerx, rect.centery + SS)))


def draw_footprints(target: pygame.Surface, layout: HexLayout, tokens: list[TokenView], scale: float,
                    offset: tuple[int, int] = (0, 0)) -> None:
    """Tint and outline the hexes a multi-hex token covers, so its extent is unambiguous (R26)."""
    pix = TiledPixels(layout)
    ox, oy = offset
    for tok in tokens:
        if tok.radius <= 0:
            continue
        style = FACTION_STYLE.get(tok.faction, FACTION_STYLE["neutral"])
        cells = set(layout.disc(tok.cell, tok.radius))
        layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
        for cell in cells:
            pts = [(x * scale + ox, y * scale + oy) for x, y in pix.cell_corners(cell)]
            pygame.draw.polygon(layer, (*style.fill[:3], 60), pts)
        for a, b in region_edges(layout, cells):
            pygame.draw.line(layer, (*style.rim[:3], 200), (a[0] * scale + ox, a[1] * scale + oy),
                             (b[0] * scale + ox, b[1] * scale + oy), max(2, int(2 * scale)))
        target.blit(layer, (0, 0))


def draw_tokens(target: pygame.Surface, layout: HexLayout, tokens: list[TokenView], scale: float = 1.0,
                offset: tuple[int, int] = (0, 0)) -> None:
    """Footprints first, then every token, higher rows first so lower tokens overlap them naturally.

    ``offset``: where map pixel (0, 0) lies on ``target`` (a picture Tiled grew up or left for offset layers)."""
    draw_footprints(target, layout, tokens, scale, offset)
    pix = TiledPixels(layout)
    for tok in sorted(tokens, key=lambda t: (pix.cell_center(t.cell)[1], t.cell[0])):
        radius_px = max(4, round(token_radius(layout, tok.radius) * scale))
        angle = round(math.degrees(facing_angle(layout, tok.cell, tok.facing)))
        sprite = token_sprite(tok.faction, tok.short_label, radius_px, angle, tok.hp, tok.hp_max)
        cx, cy = pix.cell_center(tok.cell)
        target.blit(sprite, sprite.get_rect(center=(round(cx * scale) + offset[0], round(cy * scale) + offset[1])))


def tokens_from_scenario(scenario: Scenario) -> list[TokenView]:
    """Tokens for a freshly loaded encounter: every combatant at full hp, as the map places it."""
    return [
        TokenView(c.name, c.faction, c.cell, c.radius, c.facing, c.hp, c.hp)
        for c in scenario.combatants
    ]
