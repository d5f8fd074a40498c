"""Heatmaps over a rendered map: a count per hex, shaded on a greyed map, with a title and a legend.

The map under the heat is drawn by the renderer as Tiled draws it, then turned
to grey and lightened so the terrain stays readable (rivers, walls, the ford)
while the only colour on the picture is the data. Each hex with a count gets a
colour from a sequential ramp (pale = few, dark = most, linear in the count, so
the legend reads directly) and, when the hex is big enough, its count. Over a
batch of games the number is the mean per game, and a hex fades with the share
of games that counted anything on it: a hex seen in 1 game of 100 is a faint
tint, one seen in every game is solid, whatever its count. A band at the bottom
holds the title, what one unit counts, the colour scale and, for a batch, the
fade scale.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.maps.pixels import TiledPixels
from game.rules import Cell, HexLayout

from .pg import pygame
from .style import font, lerp_colour

SS = 2  # supersampling of the hex layer
GREY_MAP = (215, 215, 214)  # about the greyed map's mean colour, for the ink on a faded hex
Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Ramp:
    """A sequential colour scale from ``low`` (one count) to ``high`` (the maximum)."""

    low: Colour
    mid: Colour
    high: Colour

    def at(self, t: float) -> Colour:
        t = min(max(t, 0.0), 1.0)
        r, g, b = lerp_colour(self.low, self.mid, t * 2) if t < 0.5 else lerp_colour(self.mid, self.high, (t - 0.5) * 2)
        return r, g, b


# ColorBrewer-like sequential ramps (distinct from each other). Each starts a third of the way into
# its ColorBrewer scale, not at its near-white end: a count of 1 beside a maximum of 7 was a pale tint
# that vanished into the terrain (the pale green of "ally occupied" over grass). A count of 1 is a
# clear light colour, and draw_heat outlines every counted hex in the ramp's darkest.
HEAT = Ramp((254, 204, 92), (253, 141, 60), (177, 0, 38))  # YlOrRd: defeats
AMBER = Ramp((254, 217, 118), (254, 153, 41), (153, 52, 4))  # YlOrBr: ZoC stops
PURPLE = Ramp((158, 154, 200), (117, 107, 177), (63, 0, 125))  # Purples: rear attacks
TEAL = Ramp((153, 216, 201), (65, 174, 118), (0, 88, 36))  # BuGn
BLUE = Ramp((158, 202, 225), (66, 146, 198), (8, 48, 107))  # Blues: flank attacks (stands out on forest green)
RAMPS = {"red": HEAT, "amber": AMBER, "purple": PURPLE, "teal": TEAL, "blue": BLUE}
FACTION_RAMPS = {
    "player": Ramp((158, 202, 225), (66, 146, 198), (8, 48, 107)),  # Blues
    "ally": Ramp((161, 217, 155), (65, 171, 93), (0, 68, 27)),  # Greens
    "enemy": Ramp((252, 146, 114), (239, 59, 44), (103, 0, 13)),  # Reds
    "neutral": Ramp((150, 150, 150), (99, 99, 99), (20, 20, 20)),  # Greys, darker than the greyed map
}


@dataclass(frozen=True)
class Marker:
    """A small ring on a hex for orientation, e.g. where a combatant starts."""

    cell: Cell
    colour: Colour
    label: str = ""


def grey_base(base: pygame.Surface) -> pygame.Surface:
    """The map faded toward light grey: terrain shapes and textures stay (water reads by its waves)
    with only a faint hint of their colour, so no terrain colour competes with the data's."""
    out = pygame.transform.grayscale(base)
    tint = base.copy()
    tint.set_alpha(30)  # 80 left grass green enough to swallow a pale green count
    out.blit(tint, (0, 0))
    veil = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    veil.fill((250, 250, 250, 110))
    out.blit(veil, (0, 0))
    return out


FAINTEST = 0.2  # the opacity, against solid, of a hex seen in one game of a big batch


def fade(share: float) -> float:
    """How solid a hex seen in ``share`` of the batch's games is drawn: 1 in every game, toward FAINTEST
    in almost none, linear in between (the legend's key shows 1 game, a quarter, half and all)."""
    return FAINTEST + (1.0 - FAINTEST) * min(max(share, 0.0), 1.0)


def per_game_text(total: int, games: int) -> str:
    """A hex's count over ``games`` games as the mean per game its label shows: whole counts for one game,
    then 2 significant decimals under 1 (0.01 is one count in 100 games), one under 10, none above."""
    if games <= 1:
        return _short(total)
    x = total / games
    return f"{x:.2f}" if x < 1 else f"{x:.1f}" if x < 10 else _short(round(x))


def draw_heat(target: pygame.Surface, layout: HexLayout, counts: Mapping[Cell, int], ramp: Ramp,
              scale: float = 1.0, *, vmax: int | None = None, label: bool = True, labels: int = 12,
              seen: Mapping[Cell, int] | None = None, games: int = 1) -> None:
    """Fill every hex with a positive count by ``ramp`` (count / vmax) and write the busiest counts in.

    Opacity grows with the count too (from three quarters to solid), and every counted hex is
    outlined in the ramp's darkest, so a hex visited once shows over any terrain; only the ``labels``
    busiest hexes (and none under a fifth of the maximum) carry their number, so a big batch does
    not bury the map in digits.

    Over a batch: ``seen`` gives, per hex, how many of the ``games`` counted anything there. The hex's
    fill and outline then fade by that share (:func:`fade`), so a hex one game in a hundred touched reads
    as rare even when that game counted a lot on it, and its number is the mean per game.
    """
    cells = {c: n for c, n in counts.items() if n > 0}
    if not cells:
        return
    top = vmax or max(cells.values())
    games = max(1, games)

    def solid(cell: Cell) -> float:
        return 1.0 if seen is None else fade(seen.get(cell, games) / games)

    pix = TiledPixels(layout)
    k = scale * SS
    big = pygame.Surface((target.get_width() * SS, target.get_height() * SS), pygame.SRCALPHA)
    # Common hexes' outlines on top, then the hot ones': a faint rare hex never draws over a solid one.
    for cell, n in sorted(cells.items(), key=lambda item: (solid(item[0]), item[1])):
        t, a = n / top, solid(cell)
        pts = [(x * k, y * k) for x, y in pix.cell_corners(cell)]
        pygame.draw.polygon(big, (*ramp.at(t), round((195 + 60 * t) * a)), pts)
        # Every counted hex is outlined in the ramp's darkest, so a count of 1 shows on any terrain.
        pygame.draw.lines(big, (*ramp.at(1.0), round((150 + 90 * t) * a)), True, pts,
                          max(1, int((1.2 + t) * a * k)))
    inr = _inradius(pix, layout) * scale
    if label and inr >= 11:
        size = max(10, int(inr * 0.62 * SS))
        busiest = sorted(cells.items(), key=lambda item: (-item[1], item[0][1], item[0][0]))[:labels]
        for cell, n in busiest:
            t = n / top
            if t < 0.2 and n != top:
                continue
            cx, cy = pix.cell_center(cell)
            # The ink is chosen against the colour as drawn: a faded hex is light whatever its ramp colour.
            r, g, b = lerp_colour(GREY_MAP, ramp.at(t), (195 + 60 * t) / 255 * solid(cell))
            ink = (255, 255, 255) if _luma((r, g, b)) < 150 else (25, 25, 30)
            text = font(size, bold=True).render(per_game_text(n, games) if seen is not None else _short(n), True,
                                                ink)
            big.blit(text, text.get_rect(center=(round(cx * k), round(cy * k))))
    target.blit(pygame.transform.smoothscale(big, target.get_size()), (0, 0))


def draw_markers(target: pygame.Surface, layout: HexLayout, markers: Sequence[Marker], scale: float = 1.0) -> None:
    """Faction-coloured rings with a small label tab: orientation, not data."""
    pix = TiledPixels(layout)
    r = _inradius(pix, layout) * scale * 0.84
    for m in markers:
        cx, cy = pix.cell_center(m.cell)
        centre = (cx * scale, cy * scale)
        pygame.draw.circle(target, (255, 255, 255), centre, r + 2, 5)
        pygame.draw.circle(target, m.colour, centre, r, 3)
        if m.label:
            text = font(max(14, int(r * 0.8)), bold=True).render(m.label, True, (255, 255, 255))
            tab = text.get_rect(midtop=(round(centre[0]), round(centre[1] + r - text.get_height() * 0.55)))
            tab.inflate_ip(6, 0)
            pygame.draw.rect(target, m.colour, tab, border_radius=4)
            pygame.draw.rect(target, (255, 255, 255), tab, 1, border_radius=4)
            target.blit(text, text.get_rect(center=tab.center))


def heatmap_figure(map_surface: pygame.Surface, *, title: str, unit: str, ramp: Ramp, vmax: int,
                   total: int, note: str = "", keys: Sequence[tuple[Colour, str]] = (),
                   scale_note: str = "per hex", games: int = 0,
                   fade_note: str = "games that touched the hex: faint = few") -> pygame.Surface:
    """The map with a legend band under it: on the left the title, what is counted with its total
    and ``note``, and ``keys`` (ring colour, meaning) for the markers; on the right the colour
    scale 1..vmax captioned ``scale_note``. Text that would run into the scale is shrunk, then cut.

    ``games`` > 1: the hexes were drawn per game over that batch (:func:`draw_heat` with ``seen``), so the
    colour scale runs over the mean per game, and a key under it shows how a hex seen in 1 game, a quarter,
    half and all of them is drawn, captioned ``fade_note``."""
    w = max(map_surface.get_width(), 640)
    batch = games > 1 and vmax > 0  # nothing counted: no hex to fade, and no key for it
    band = 128 if batch else 96
    out = pygame.Surface((w, map_surface.get_height() + band))
    out.fill((250, 250, 248))
    out.blit(map_surface, ((w - map_surface.get_width()) // 2, 0))
    y0 = map_surface.get_height()
    pygame.draw.line(out, (200, 200, 200), (0, y0), (w, y0), 1)
    ink, soft = (30, 30, 34), (90, 90, 96)
    bar_w, bar_h = min(300, w // 3), 16
    bx, by = w - bar_w - 24, y0 + (40 if batch else 62)
    room = bx - 16 - 24  # the left column stops short of the colour scale
    out.blit(_fit(title, 30, True, room, ink), (16, y0 + 10))
    out.blit(_fit(f"{unit} - {total} in all" + (f" - {note}" if note else ""), 22, False, room, soft), (16, y0 + 40))
    x = 16
    for colour, meaning in keys:
        label = font(20).render(meaning, True, soft)
        if x + 20 + label.get_width() > 16 + room:
            break
        pygame.draw.circle(out, colour, (x + 8, y0 + 76), 7, 3)
        out.blit(label, label.get_rect(midleft=(x + 20, y0 + 76)))
        x += 20 + label.get_width() + 18
    if vmax > 0:
        for i in range(bar_w):
            pygame.draw.line(out, ramp.at(i / max(1, bar_w - 1)), (bx + i, by), (bx + i, by + bar_h))
        low = per_game_text(1, games) if batch else "1" if vmax > 1 else ""
        _scale_labels(out, (bx, by, bar_w, bar_h), low, per_game_text(vmax, games) if batch else _short(vmax),
                      scale_note, soft)
        if batch:
            _fade_key(out, (bx, by + bar_h + 34, bar_w, 20), ramp, games, fade_note, soft)
    else:
        none = font(22, bold=True).render("none in these games", True, soft)
        out.blit(none, none.get_rect(bottomright=(w - 24, by + bar_h)))
    return out


def _fade_key(out: pygame.Surface, row: tuple[int, int, int, int], ramp: Ramp, games: int, caption: str,
              colour: Colour) -> None:
    """Hexes as draw_heat paints them, seen in 1 game, a quarter, half and all ``games``, each on a patch
    of the greyed map's colour and numbered, under ``caption``: the fade read off the picture itself."""
    x, y, width, h = row
    cap = _fit(caption, 20, False, width, colour)
    out.blit(cap, cap.get_rect(bottomleft=(x, y - 2)))
    marks = sorted({1, max(1, round(games / 4)), max(1, round(games / 2)), games})
    r = h / 2 - 1
    for k in marks:
        a = fade(k / games)
        cx, cy = x + 12, y + h / 2
        pygame.draw.rect(out, GREY_MAP, (x, y, 24, h), border_radius=3)
        pts = [(cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i)))
               for i in range(6)]
        pygame.draw.polygon(out, lerp_colour(GREY_MAP, ramp.at(0.5), (195 + 30) / 255 * a), pts)
        pygame.draw.lines(out, lerp_colour(GREY_MAP, ramp.at(1.0), (150 + 45) / 255 * a), True, pts,
                          max(1, round(1.7 * a)))
        label = font(20).render(f"{k} games" if k == games else str(k), True, colour)
        out.blit(label, label.get_rect(midleft=(x + 28, round(cy))))
        x += 28 + label.get_width() + 14


def _scale_labels(out: pygame.Surface, bar: tuple[int, int, int, int], low: str, high: str, caption: str,
                  colour: Colour) -> None:
    """A scale's frame, its two ends' labels above its corners and its caption between them."""
    bx, by, bar_w, bar_h = bar
    pygame.draw.rect(out, (120, 120, 120), bar, 1)
    lo = font(20).render(low, True, colour)
    hi = font(20).render(high, True, colour)
    out.blit(lo, lo.get_rect(bottomleft=(bx, by - 2)))
    out.blit(hi, hi.get_rect(bottomright=(bx + bar_w, by - 2)))
    left, right = bx + lo.get_width() + 8, bx + bar_w - hi.get_width() - 8
    cap = _fit(caption, 20, False, right - left, colour)
    out.blit(cap, cap.get_rect(midbottom=((left + right) // 2, by - 2)))


def _fit(text: str, size: int, bold: bool, width: int, colour: Colour) -> pygame.Surface:
    """``text`` rendered no wider than ``width``: down to 3/4 of ``size``, then cut with an ellipsis."""
    for s in range(size, max(10, size * 3 // 4) - 1, -1):
        surf = font(s, bold).render(text, True, colour)
        if surf.get_width() <= width:
            return surf
    f = font(max(10, size * 3 // 4), bold)
    while len(text) > 1 and f.size(text + "...")[0] > width:
        text = text[:-1]
    return f.render(text.rstrip() + "...", True, colour)


def _inradius(pix: TiledPixels, layout: HexLayout) -> float:
    (ax, ay), (bx, by) = pix.cell_center((1, 1)), pix.cell_center(layout.neighbor((1, 1), 0))
    return math.hypot(bx - ax, by - ay) / 2


def _luma(c: Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _short(n: int) -> str:
    return f"{n / 1000:.1f}k" if n >= 10000 else str(n)
