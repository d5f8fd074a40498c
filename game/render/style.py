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


FACTION_STYLE: dict[str, FactionStyle] = {
    "player": FactionStyle((40, 98, 206), (132, 182, 255), (14, 34, 86), (236, 242, 255)),
    "ally": FactionStyle((46, 142, 64), (146, 220, 132), (14, 60, 24), (236, 255, 236)),
    "enemy": FactionStyle((188, 40, 36), (255, 132, 110), (82, 12, 12), (255, 238, 232)),
    "neutral": FactionStyle((128, 128, 132), (212, 212, 216), (50, 50, 56), (248, 248, 248)),
}


def lerp_colour(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    t = min(max(t, 0.0), 1.0)
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def hp_colour(ratio: float) -> tuple[int, int, int]:
    """Green when barely scratched, amber at half, red when nearly down."""
    if ratio > 0.5:
        return (52, 150, 62)
    if ratio > 0.25:
        return (214, 146, 24)
    return (196, 36, 36)


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
