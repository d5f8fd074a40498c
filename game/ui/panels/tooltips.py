"""The topmost panel: the tooltips the overlays posted this frame (theme.post_tip), above every other panel.

Each tip sits beside the hex it is about (the hex under its ``near`` point, or the whole token standing on
it, and the selected combatant's token too), never over it, and keeps clear of the panels drawn this frame
(``ctx.covers``: the card, the tracker, the log, the legend, the GM card, the action bar) wherever the map
area has room: the eye goes from the hex to its report and back to the card, not under the report.
"""

from __future__ import annotations

from game.render.pg import pygame

from ..context import BattleContext, Point
from ..theme import tooltip


def token_rect(ctx: BattleContext, name: str) -> pygame.Rect:
    """A token's disc on screen (0.78 hex inradius, +1.42 per footprint ring, R26), with its ring."""
    v = ctx.encounter.view(name)
    x, y = ctx.cell_to_screen(v.cell)
    r = ctx.hex_radius() * (0.78 + 1.42 * v.radius) + 4
    return pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))


def anchor_rect(ctx: BattleContext, near: Point) -> pygame.Rect:
    """What a tip must not hide: the hex under ``near``, grown to the token standing on it."""
    pos = (round(near[0]), round(near[1]))
    cell = ctx.cell_at(pos)
    if cell is None:
        return pygame.Rect(pos[0] - 2, pos[1] - 2, 4, 4)
    xs, ys = zip(*ctx.hex_polygon(cell), strict=True)
    rect = pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
    enc = ctx.encounter
    for v in enc.views():
        if v.active and tuple(cell) in {tuple(c) for c in enc.footprint(v.name)}:
            rect.union_ip(token_rect(ctx, v.name))
    return rect


class Tooltips:
    """Draws the tooltips the overlays posted this frame, then forgets them."""

    layer = "panel"
    always = True  # drawn with the panels collapsed (Tab) too: a preview is what the player is asking for

    def __init__(self) -> None:
        self.drawn: list[tuple[pygame.Rect, pygame.Rect]] = []  # (tip, its anchor) as last drawn

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.drawn = []
        if not ctx.tips:
            return
        area = ctx.view_rect if ctx.view_rect.width > 0 else screen.get_rect()
        avoid = list(ctx.covers)
        actor = ctx.selected or ctx.encounter.turn
        if actor is not None and ctx.encounter.view(actor).active:
            avoid.append(token_rect(ctx, actor))  # the one acting: the preview's arrow starts there
        for tip in ctx.tips:
            anchor = anchor_rect(ctx, tip.near)
            rect = tooltip(screen, tip.lines, tip.near, min_width=tip.min_width, edge=tip.edge, within=area,
                           anchor=anchor, avoid=avoid)
            self.drawn.append((rect, anchor))
            avoid.append(rect)  # a second tip goes beside the first, not over it
        ctx.tips.clear()
