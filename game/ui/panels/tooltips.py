"""The topmost panel: the tooltips the overlays posted this frame (theme.post_tip), above every other panel."""

from __future__ import annotations

from game.render.pg import pygame

from ..context import ACTION_BAR, BattleContext
from ..theme import tooltip


class Tooltips:
    """Draws the tooltips the overlays posted this frame, then forgets them."""

    layer = "panel"
    always = True  # drawn with the panels collapsed (Tab) too: a preview is what the player is asking for

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        if not ctx.tips:
            return
        area = ctx.view_rect
        if area.width > 0:  # keep clear of the action bar along the map's bottom edge
            area = area.inflate(0, -ACTION_BAR).move(0, -ACTION_BAR // 2)
        for tip in ctx.tips:
            tooltip(screen, tip.lines, tip.near, min_width=tip.min_width, edge=tip.edge, within=area)
        ctx.tips.clear()
