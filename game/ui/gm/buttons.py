"""Flat buttons laid out at draw time and hit-tested with the rectangles of the last frame."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from game.render.pg import pygame

from .. import theme as th


@dataclass
class Button:
    key: Hashable
    label: str
    rect: pygame.Rect
    enabled: bool = True
    active: bool = False  # a toggle that is on
    danger: bool = False
    why: str = ""  # greyed: what its hover tooltip and its click say (a greyed button never just sits silent)
    arrow: float | None = None  # drawn as an arrow this many degrees counter-clockwise from east, not its label

    def draw(self, screen: pygame.Surface, hovered: bool) -> None:
        if not self.enabled:
            bg, fg, edge = (34, 36, 44), th.FAINT, (56, 58, 68)
        elif self.active:
            bg, fg, edge = (86, 74, 36), th.ACCENT, th.ACCENT
        else:
            bg = (64, 68, 84) if hovered else (44, 47, 58)
            fg = th.BAD if self.danger else th.TEXT
            edge = (140, 144, 160) if hovered else (78, 82, 96)
        pygame.draw.rect(screen, bg, self.rect, border_radius=6)
        pygame.draw.rect(screen, edge, self.rect, 1, border_radius=6)
        if self.arrow is not None:
            pygame.draw.polygon(screen, fg, arrow_points(self.rect.center, self.arrow, self.rect.height * 0.36))
            return
        th.text(screen, th.fit(self.label, self.rect.width - 8, th.SMALL), self.rect.center, size=th.SMALL,
                colour=fg, anchor="center")


def arrow_points(centre: tuple[int, int], degrees: float, size: float) -> list[tuple[float, float]]:
    """An arrow (head and shaft) ``size`` px from its centre to its tip, pointing ``degrees`` counter-clockwise
    from east on screen (y runs down)."""
    a = math.radians(degrees)
    ux, uy = math.cos(a), -math.sin(a)  # along the arrow
    px, py = -uy, ux  # across it
    x, y = centre
    shape = ((1.0, 0.0), (0.1, 0.62), (0.1, 0.22), (-1.0, 0.22), (-1.0, -0.22), (0.1, -0.22), (0.1, -0.62))
    return [(x + size * (u * ux + v * px), y + size * (u * uy + v * py)) for u, v in shape]


class ButtonRow:
    """Buttons placed left to right in equal widths across ``width`` pixels."""

    @staticmethod
    def place(x: int, y: int, width: int, specs: Sequence[tuple[Hashable, str]], h: int = 26,
              gap: int = 6) -> list[Button]:
        n = max(1, len(specs))
        w = (width - gap * (n - 1)) // n
        return [Button(k, label, pygame.Rect(x + i * (w + gap), y, w, h)) for i, (k, label) in enumerate(specs)]


def hit(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    return next((b for b in buttons if b.enabled and b.rect.collidepoint(pos)), None)


def greyed_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    """The greyed button under ``pos``: its click says why instead of acting."""
    return next((b for b in buttons if not b.enabled and b.rect.collidepoint(pos)), None)
