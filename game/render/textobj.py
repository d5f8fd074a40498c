"""Tiled text objects drawn without Qt: SDL_ttf's glyphs laid out as Tiled's ``QPainter::drawText`` lays them.

The fallback of :mod:`textlayer` for a machine where Qt (:mod:`qtext`) cannot start.

The font is the object's family (default ``sans-serif``) resolved the way Qt resolves it on
Linux, through fontconfig (``fc-match``), at the text's pixel size, bold/italic as asked;
where fontconfig is missing, pygame's own font matching, then pygame's default font.
Lines: explicit line breaks, and with ``wrap="1"`` greedy word wrapping to the box width (a
word wider than the box stays whole, as Qt's WordWrap). Each line is placed by ``halign``
(left, center, right; justify is drawn left-aligned) and the block by ``valign`` (top,
center, bottom), one line height (the font's line spacing) apart, first baseline one ascent
below the block's top. Qt does not clip the text to its box; neither do we.

Glyph rasterization is FreeType's through SDL_ttf rather than Qt's, so glyph edges differ by a
few levels and a word may be a pixel wider or narrower (2.1-2.3 % of the text goldens' pixels
off by more than 8); tests/test_text_objects.py holds this path to the goldens' ink boxes.
"""

from __future__ import annotations

import math
import shutil
import subprocess
from collections.abc import Callable
from functools import lru_cache

from .pg import pygame

GENERIC = {"sans-serif": "sans", "serif": "serif", "monospace": "monospace"}


@lru_cache(maxsize=32)
def font_file(family: str, bold: bool, italic: bool) -> str | None:
    """The font file for a Tiled font family and style, as fontconfig (Qt on Linux) picks it."""
    fc = shutil.which("fc-match")
    if fc is not None:
        style = (":bold" if bold else "") + (":italic" if italic else "")
        try:
            out = subprocess.run([fc, "-f", "%{file}", "--", family + style], capture_output=True, timeout=5,
                                 check=False).stdout.decode("utf-8").strip()
        except (OSError, subprocess.SubprocessError, UnicodeDecodeError):  # a family fc-match cannot take
            out = ""
        if out:
            return out
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.match_font(GENERIC.get(family.lower(), family), bold=bold, italic=italic)


@lru_cache(maxsize=32)
def tiled_font(family: str, pixel_size: int, bold: bool, italic: bool, underline: bool,
               strikeout: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_file(family, bold, italic)
    try:
        f = pygame.font.Font(path, pixel_size)
    except (OSError, pygame.error):
        f = pygame.font.Font(None, pixel_size)
        path = None
    if path is None:  # pygame's own font: the style is synthesised
        f.set_bold(bold)
        f.set_italic(italic)
    f.set_underline(underline)
    f.set_strikethrough(strikeout)
    return f


def style_font(style: dict[str, str]) -> pygame.font.Font:
    try:
        px = int(float(style.get("pixelsize", "16")))
    except ValueError:
        px = 16
    on = {k: style.get(k) == "1" for k in ("bold", "italic", "underline", "strikeout")}
    return tiled_font(style.get("fontfamily") or "sans-serif", max(4, min(px, 200)), on["bold"], on["italic"],
                      on["underline"], on["strikeout"])


def wrap_lines(text: str, f: pygame.font.Font, width: float, wrap: bool) -> list[str]:
    lines: list[str] = []
    for para in text.replace("\r\n", "\n").split("\n"):
        if not wrap:
            lines.append(para)
            continue
        line = ""
        for word in para.split(" "):
            candidate = word if not line else f"{line} {word}"
            if line and f.size(candidate.rstrip())[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines[:200]


def _render_line(f: pygame.font.Font, line: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """One line's pixels; a line of zero-width characters only (a soft hyphen, a joiner) draws as a blank
    line, where SDL_ttf refuses it ("Text has zero width")."""
    try:
        return f.render(line.rstrip(" ") or " ", True, colour)
    except pygame.error:
        return f.render(" ", True, colour)


def _line_width(f: pygame.font.Font, line: str) -> int:
    """The width a line paints at (its glyphs' metrics only: nothing is painted)."""
    try:
        return int(f.size(line.rstrip(" ") or " ")[0])
    except pygame.error:
        return 0


def layout_text(text: str, style: dict[str, str], width: float, height: float,
                colour: tuple[int, int, int],
                spend: Callable[[int], None] | None = None) -> tuple[pygame.Surface, tuple[int, int]]:
    """The text's lines on a transparent surface, and where its top-left lies from the box's top-left.

    The surface holds the lines only (not the whole box), so a huge box costs nothing. ``spend`` is told
    the pixels of the lines (measured, not painted) before any is painted, and may refuse them by raising.
    """
    width, height = _finite(width), _finite(height)
    f = style_font(style)
    lines = wrap_lines(text[:1000], f, width, style.get("wrap") == "1")
    step = f.get_linesize()
    if spend is not None:
        spend(sum(_line_width(f, line) for line in lines) * step)
    rendered = [_render_line(f, line, colour) for line in lines]
    halign, valign = style.get("halign", "left"), style.get("valign", "top")
    block_h = step * len(rendered)
    top = round({"center": (height - block_h) / 2, "bottom": height - block_h}.get(valign, 0.0))
    xs = [round({"center": (width - s.get_width()) / 2, "right": width - s.get_width()}.get(halign, 0.0))
          for s in rendered]
    x0 = min(xs)
    x1 = max(x + s.get_width() for x, s in zip(xs, rendered, strict=True))
    out = pygame.Surface((max(1, x1 - x0), max(1, block_h)), pygame.SRCALPHA)
    for i, (x, surf) in enumerate(zip(xs, rendered, strict=True)):
        out.blit(surf, (x - x0, i * step))
    return out, (x0, top)


def _finite(v: float) -> float:
    """A box side as a usable number (a broken map may say inf, nan or something absurd)."""
    return min(max(v, -1e6), 1e6) if math.isfinite(v) else 0.0
