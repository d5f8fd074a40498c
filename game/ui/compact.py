"""When the side panels go compact, and when they fold away: a small window keeps the map, not the paperwork.

At 800x560 the full card (left, ~260x280) and the full tracker (right, ~240x265) left about 300 px of
map between them and opened fortress_assault with both archers under the tracker. Below these sizes of
the map area the card shows a few lines (name, faction, hp, movement; the full card while hovered or
with I) and the tracker shorter rows (Wesnoth's and Foundry's sidebars shrink the same way). At
1280x720 (a map area of 1280x654) and larger both stay as they were.

In a tiny window (640x400: a map area of 640x334) even the compact card (214x130) and tracker (180x119)
left 230 px of map between them, and every shipped map opened with tokens under them (Harrow Keep with
five). There both fold to a one-line tab in their corner (the card: who and their hit points; the
tracker: the round), unfolding while the pointer rests on them, as the compact combat log does.
"""

from __future__ import annotations

from typing import Protocol

from game.render.pg import pygame

NARROW = 1100  # map area width below which the panels go compact (1024x640 is narrow, 1280x720 is not)
SHORT = 600  # map area height below which they do (a 1280x600 window is short)
TINY_W = 720  # map area width below which the card and tracker fold to tabs (a 640x400 window; 800x600 is not)
TINY_H = 440  # ...or height (a 640x480 window's map area is 414 tall; 800x560's 494 is not tiny)


class CardChoice(Protocol):
    """What the choice reads of the battle's context: the player's I (None: as the window's size says)."""

    card_full: bool | None


def is_compact(area: pygame.Rect) -> bool:
    """Whether a map area this size gets the compact card and tracker."""
    return area.width < NARROW or area.height < SHORT


def is_tiny(area: pygame.Rect) -> bool:
    """Whether a map area this size folds the card and tracker to tabs until the pointer rests on them."""
    return area.width < TINY_W or area.height < TINY_H


def card_full(ctx: CardChoice, area: pygame.Rect) -> bool:
    """Whether the card shows every row (before hover): the player's choice (I), else the window's size."""
    return ctx.card_full if ctx.card_full is not None else not is_compact(area)
