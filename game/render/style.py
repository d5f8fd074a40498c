"""Colours and fonts shared by tokens, overlays and the window."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .pg import pygame

Colour = tuple[int, int, int] | tuple[int, int, int, int]


@dataclass(frozen=True)
class FactionStyle:
    fill: tuple[int, int, int]
    light: tuple[int, int, int]
    rim: tuple[int, int, int]
    pointer: tuple[int, int, int]


# One palette for everyone, colour-vision deficiency included (about 1 man in 12 reads red and green alike).
# "You" are a deep blue, allies a light jade, enemies a deep red, bystanders grey: each pair differs in lightness
# or on the blue-yellow axis, not only in red-green, so under protan, deutan and tritan simulation every pair
# stays at least 20 CIELAB units apart (tests/test_ui_colour_vision.py). The old ally green and enemy red were
# the same olive to a deutan (about 16 apart). Allies are the lighter green so the fight's two sides never hinge
# on hue alone; the token emblems (shield, leaf, horned skull, ring) and the tracker's marks are the non-colour cue.
FACTION_STYLE: dict[str, FactionStyle] = {
    "player": FactionStyle((40, 98, 206), (120, 166, 255), (14, 34, 86), (236, 242, 255)),
    "ally": FactionStyle((83, 198, 129), (140, 236, 168), (12, 66, 40), (236, 255, 240)),
    "enemy": FactionStyle((188, 40, 36), (255, 110, 90), (82, 12, 12), (255, 238, 232)),
    "neutral": FactionStyle((128, 128, 132), (200, 200, 204), (50, 50, 56), (248, 248, 248)),
}


def lerp_colour(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    t = min(max(t, 0.0), 1.0)
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def hp_colour(ratio: float) -> tuple[int, int, int]:
    """Sea green when barely scratched, amber at half, deep red when nearly down. The bar's length says it too;
    the three differ in lightness and blue-yellow as well as red-green, so a deutan reads them apart (the old
    green and red were 14 CIELAB units apart to a deutan; these are over 40)."""
    if ratio > 0.5:
        return (60, 190, 150)
    if ratio > 0.25:
        return (236, 176, 30)
    return (200, 36, 36)


_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def drawable(s: str) -> str:
    """``s`` as SDL can draw it: a NUL or a lone surrogate (a file name that is not UTF-8, as Python reads
    it: ``m\\xff.tmx`` is ``m\\udcff.tmx``) becomes U+FFFD. pygame refuses either with an exception, so a map
    named so, shown by its name, ended ``play`` in a traceback."""
    return _UNDRAWABLE.sub("\ufffd", s)


class SafeFont(pygame.font.Font):
    """pygame's font that draws and measures any ``str`` (:func:`drawable`)."""

    def render(self, text: str | bytes | None, antialias: bool, color: pygame.typing.ColorLike,
               bgcolor: pygame.typing.ColorLike | None = None, wraplength: int = 0) -> pygame.Surface:
        return super().render(drawable(text) if isinstance(text, str) else text, antialias, color, bgcolor,
                              wraplength)

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        return super().size(drawable(text) if isinstance(text, str) else text)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    f = SafeFont(None, size)
    f.set_bold(bold)
    return f
