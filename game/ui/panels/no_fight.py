"""The banner of a map that holds no fight: nobody on it is hostile to anybody (R3).

On such a map R13 would end combat the moment it began with every side "winning", and the window said
"Victory!" after one round. Instead the battle stays in setup under this banner, which says why in the words
``playmat validate --lint`` and ``playmat playtest`` use, and what to do: look around, or make a fight of it
with the GM's tools (add a combatant of another faction, or change one's faction), then Begin battle. It goes
as soon as two hostile factions stand on the board.
"""

from __future__ import annotations

from game.render.pg import pygame

from .. import theme as th
from ..context import BattleContext, Reply
from ..outcome_words import nothing_to_fight
from ..tokenlayer import token_shapes
from .initiative import WIDTH as TRACKER_WIDTH
from .no_fight_place import place

WIDTH = 520  # px, at most: three short rows between the card and the tracker at 1280 px
MIN_WIDTH = 300  # px: narrower, its head and hint wrap into a column too tall to read at a glance
NEXT = "Look around the map, or press G for GM mode to add a combatant of another faction or change one's " \
       "faction, then Begin battle."
NEXT_GM = "Select a combatant and Edit properties… to change its faction, or Add a combatant… of another " \
          "faction, then Begin battle."  # already in GM mode: the card's own button names


class NoFightBanner:
    layer = "panel"
    always = True  # P hides the panels, not the reason the battle does not begin

    def __init__(self) -> None:
        self.cover: pygame.Rect | None = None  # where it was last drawn (labels and tooltips keep off it)

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def lines(self, ctx: BattleContext, width: int) -> list[th.Line]:
        enc = ctx.encounter
        why = nothing_to_fight(enc) if enc.phase == "setup" else ""
        if not why:
            return []
        head, _, reason = why.partition(": ")
        body = [th.Line(t) for t in th.wrap(reason[:1].upper() + reason[1:] + ".", width)]
        hint = [th.Line(t, "muted", size=th.SMALL) for t in th.wrap(NEXT_GM if ctx.gm else NEXT, width, th.SMALL)]
        return [th.Line(head, "accent", bold=True, size=th.HEAD), *body, *hint]

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        view = ctx.view_rect
        # Home: between the card (left) and the tracker (right) where there is room, else across the map's middle.
        left, right = view.x + th.CARD_WIDTH + 16, view.right - TRACKER_WIDTH - 16
        if right - left < 360:
            left, right = view.x + 16, view.right - 16
        width = min(WIDTH, right - left)
        lines = self.lines(ctx, width - 2 * th.PAD)
        if not lines:
            self.cover = None
            return
        _, h = th.lines_size(lines)
        home = pygame.Rect((left + right - width) // 2, view.y + 8, width, h)
        # Off every token (a GM looking around must see who stands there), the panels drawn so far this frame, the
        # action bar with its backing, and the GM card (drawn after it: as last drawn), each with a little air:
        # see no_fight_place.
        widths = [w for w in (width, width - 80, width - 160) if w >= MIN_WIDTH] or [width]
        tokens = [d.bounds.inflate(4, 4) for d in token_shapes(ctx).values()]  # disc, ring, wedge, hp bar, badges
        before = [r for r in ctx.panels if r != self.cover]  # not itself as last drawn
        panels = [r.inflate(12, 12) for r in (*ctx.covers, *ctx.panels_now, *before)]
        # Where it stood last frame, kept while nothing comes under it: it does not slide about as the map pans.
        rect = place(view, home, widths, lambda w: th.lines_size(self.lines(ctx, w - 2 * th.PAD))[1], tokens,
                     panels, last=self.cover)
        lines = self.lines(ctx, rect.width - 2 * th.PAD)
        th.draw_frame(screen, rect, edge=th.ACCENT, opaque=True)
        th.draw_lines(screen, rect, lines)
        self.cover = rect
