"""Small shared drawing helpers for the window's own chrome: panels, buttons, wrapped text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.render.pg import pygame
from game.render.style import font

from . import theme

INK = (236, 236, 230)
DIM = (160, 164, 176)
GOLD = (255, 222, 140)
ERROR = (255, 140, 120)
PANEL = (20, 22, 30, 235)
EDGE = (120, 110, 80)


def panel(screen: pygame.Surface, rect: pygame.Rect, alpha: int = 235) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*PANEL[:3], alpha), layer.get_rect(), border_radius=12)
    pygame.draw.rect(layer, (*EDGE, 255), layer.get_rect(), 2, border_radius=12)
    screen.blit(layer, rect.topleft)


def shade(screen: pygame.Surface, alpha: int = 130) -> None:
    layer = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    layer.fill((0, 0, 0, alpha))
    screen.blit(layer, (0, 0))


@lru_cache(maxsize=2048)
def rendered(s: str, size: int, colour: tuple[int, int, int], bold: bool) -> pygame.Surface:
    """Text surfaces are reused across frames: the bars redraw the same words 60 times a second."""
    return font(size, bold).render(s, True, colour)


def text(screen: pygame.Surface, s: str, pos: tuple[int, int], size: int = 22, colour: tuple[int, int, int] = INK,
         bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    surf = rendered(s, size, colour, bold)
    rect = surf.get_rect(**{anchor: pos})
    screen.blit(surf, rect)
    return rect


def wrap(s: str, size: int, width: int) -> list[str]:
    """Each line of ``s`` word-wrapped to ``width`` px at font ``size`` (an empty line kept as a blank row); a
    word wider than the row overruns it rather than being cut. The themed panels' wrap, with the chrome's
    argument order."""
    return [row for para in s.splitlines() or [""] for row in theme.wrap(para, width, size, cut=False)]


@lru_cache(maxsize=512)
def wrap_balanced(s: str, size: int, width: int) -> tuple[str, ...]:
    """``s`` wrapped to at most ``width`` px in as few lines as :func:`wrap` needs, but with the lines as even
    as that count allows (CSS's ``text-wrap: balance``): a row of the help that just overran its column
    left one word alone on the next line ("first)" at 1024 px). The narrowest width that keeps the line
    count is found by bisection; cached, as the help draws every frame."""
    lines = wrap(s, size, width)
    if len(lines) < 2 or "\n" in s:
        return tuple(lines)
    lo, hi = width // 2, width  # hi keeps the count; the narrowest such width lies in (lo, hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if len(wrap(s, size, mid)) == len(lines):
            hi = mid
        else:
            lo = mid
    return tuple(wrap(s, size, hi))


@dataclass
class Button:
    label: str
    rect: pygame.Rect
    key: str = ""  # the key that does the same, shown on the button
    enabled: bool = True
    active: bool = False  # a toggle that is on

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, screen: pygame.Surface, hover: bool = False) -> None:
        bg = (70, 62, 36) if self.active else (48, 52, 64) if hover and self.enabled else (32, 35, 44)
        pygame.draw.rect(screen, bg, self.rect, border_radius=8)
        pygame.draw.rect(screen, GOLD if self.active else (96, 100, 116), self.rect, 2, border_radius=8)
        colour = INK if self.enabled else (110, 112, 120)
        label = f"{self.label}  [{self.key}]" if self.key else self.label
        text(screen, label, self.rect.center, 20, colour, anchor="center")
