"""The topmost panel: the tooltips the overlays posted this frame (theme.post_tip), above every other panel.

Each tip sits beside the hex it is about (the hex under its ``near`` point, or the whole token standing on
it), never over it, then leaves the selected combatant's token and the start of a previewed path in view
wherever any spot allows (at 800x560 in a crowd, counted as one more panel, they were what it covered), then
whom it reports on (a burst's caught and where they are pushed: at 960x600 the box sat on them to spare the
combat log), then keeps off an open legend (``ctx.reading``: opened to be read), then clear of the action bar,
the AI's reasons and the hovered token's name tag, then hides as little of the other tokens as it can,
measured on what is drawn of each (disc and rings, facing wedge, hp bar, badges: tokenlayer.token_shape), a
box stepping up to two hexes out past a token rather than hide it (a rim of one before one whole; the
farthest from the hex where it must hide one), then keeps clear of the
card, tracker and log (``ctx.panels_now``: read again a moment later), as this frame draws them, so a box
is placed on its first frame where it stays. A tip keeps last frame's spot while that stays as good (no hopping
as the camera moves). A tip posted with a narrow form (V's box) takes that where the wide box would hide a token
or cover a panel and the narrow one hides less, or hides as little and covers fewer panels: a column fits between
tokens, and off the card, where a wide box cannot.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from game.render.pg import pygame

from ..context import BattleContext, Point
from ..drawn import Drawn
from ..theme import Line, draw_frame, draw_lines, lines_size, place_beside
from ..tokenlayer import token_shapes


def hides(box: pygame.Rect, tokens: Sequence[Drawn]) -> float:
    """How much of the tokens, as drawn, ``box`` hides, in tokens (a rim grazed by a pixel is none)."""
    return sum(t.part(box) for t in tokens if t.touched(box))


def anchor_rect(ctx: BattleContext, near: Point) -> pygame.Rect:
    """What a tip must not hide: the hex under ``near``, grown to the token standing on it."""
    pos = (round(near[0]), round(near[1]))
    cell = ctx.cell_at(pos)
    if cell is None:
        return pygame.Rect(pos[0] - 2, pos[1] - 2, 4, 4)
    rect = ctx.hex_rect(cell)
    enc = ctx.encounter
    for v in enc.views():
        if v.active and tuple(cell) in {tuple(c) for c in enc.footprint(v.name)}:
            rect.union_ip(ctx.token_rect(v.name))
    return rect


def cost(box: pygame.Rect, first: list[pygame.Rect], tokens: Sequence[Drawn],
         soft: Sequence[pygame.Rect] = ()) -> tuple[int, float, int]:
    """What a box at ``box`` costs: how many of what comes before tokens it covers (the hex, the actor and its
    path, an open legend, the action bar, the name tag), then how much of the tokens it hides, then how many of
    the panels read again a moment later (card, tracker, log) it covers: a small cost, below a token's."""
    return len(box.collidelistall(first)), hides(box, tokens), len(box.collidelistall(list(soft)))


def shape_key(thing: pygame.Rect | Drawn) -> Hashable:
    """A value equal for two rects or shapes drawn alike (pygame's Rect, and so Drawn, has no hash)."""
    if isinstance(thing, Drawn):
        return thing.discs, tuple(tuple(r) for r in thing.rects), thing.rings
    return tuple(thing)


def shapes_key(things: Sequence[pygame.Rect | Drawn]) -> tuple[Hashable, ...]:
    return tuple(shape_key(t) for t in things)


class Tooltips:
    """Draws the tooltips the overlays posted this frame, then forgets them."""

    layer = "panel"
    always = True  # drawn with the panels collapsed (P) too: a preview is what the player is asking for

    def __init__(self) -> None:
        self.drawn: list[tuple[pygame.Rect, pygame.Rect]] = []  # (tip, its anchor) as last drawn
        # Where each tip sat last frame, from its anchor's top-left, by its first line: a tip keeps that spot
        # while it stays as good as any (theme.place_beside's ``prefer``), so it does not hop as the camera
        # glides or a name tag fades. Forgotten as soon as the tip is not posted.
        self.spots: dict[str, tuple[int, int, int, int]] = {}
        # Where last frame's tips went, and everything their places were worked out from: while the pointer
        # rests and nothing moves the same tips are posted every frame, and placing them again (hundreds of
        # spots weighed against every token's disc) was half a frame's CPU on the 64x64 benchmark map.
        self.placed_from: Hashable = None
        self.placed: list[tuple[pygame.Rect, list[Line], pygame.Rect, str, tuple[int, int, int, int]]] = []

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.drawn = []
        last, self.spots = self.spots, {}
        if not ctx.tips:
            return
        area = ctx.view_rect if ctx.view_rect.width > 0 else screen.get_rect()
        # The panels that come back when the pointer moves on (card, tracker, log) give way to tokens; the rest
        # of what the frame covers (the action bar, the hovered token's name tag, the AI's reasons) does not.
        # The panels as drawn this frame, not as last drawn: on the first frame after the pointer moved from
        # one token to another the card had grown to the new one's stats, was not among last frame's panels,
        # and so was kept clear of as the action bar is; the box went onto a token and jumped off it a frame
        # later (the Greenway at 1280x800, Bandit Chief then Bandit Archer 1: 0.84 of Charcoal Burner 2).
        soft = [c for c in ctx.covers if c in ctx.panels_now]
        avoid = [c for c in ctx.covers if c not in ctx.panels_now]
        keep = list(ctx.in_sight)  # the start of a previewed path: before the panels
        actor = ctx.selected or ctx.encounter.turn
        if actor is not None and ctx.encounter.view(actor).active:
            keep.append(ctx.token_rect(actor))  # the one acting: the preview's arrow and path start there
        # Each token as drawn (its disc, rings, hp bar and badges), not its square: a box over a square's empty
        # corner hides nothing, and the hp bar hangs below the square (tokenlayer.token_shape).
        shapes = token_shapes(ctx)
        tokens = [(ctx.token_rect(n), d) for n, d in shapes.items() if n != actor]
        tokens = [(t, d) for t, d in tokens if d.bounds.colliderect(area)]
        anchors = [anchor_rect(ctx, tip.near) for tip in ctx.tips]
        placed_from = (tuple(area), tuple((tuple(t.lines), t.min_width, shapes_key(t.clear),
                                           shapes_key(t.describes), t.narrow, t.reserve, t.narrow_reserve)
                                          for t in ctx.tips),
                       shapes_key(anchors), shapes_key(soft), shapes_key(avoid), shapes_key(keep),
                       shapes_key(ctx.keep_clear), shapes_key(ctx.reading),
                       tuple((tuple(t), shape_key(d)) for t, d in tokens), tuple(sorted(last.items())))
        if placed_from != self.placed_from:
            self.placed_from, self.placed = placed_from, self._place_all(ctx, anchors, area, soft, avoid, keep,
                                                                       tokens, last)
        for tip, (box, lines, anchor, key, spot) in zip(ctx.tips, self.placed, strict=True):
            draw_frame(screen, box, edge=tip.edge, opaque=True)
            draw_lines(screen, box, lines)
            self.drawn.append((pygame.Rect(box), pygame.Rect(anchor)))
            self.spots[key] = spot
        ctx.tips.clear()

    def _place_all(self, ctx: BattleContext, anchors: list[pygame.Rect], area: pygame.Rect, soft: list[pygame.Rect],
                   avoid: list[pygame.Rect], keep: list[pygame.Rect], tokens: list[tuple[pygame.Rect, Drawn]],
                   last: dict[str, tuple[int, int, int, int]],
                   ) -> list[tuple[pygame.Rect, list[Line], pygame.Rect, str, tuple[int, int, int, int]]]:
        """Each tip's box as drawn, its lines (the wide or the narrow form), its anchor, its key and its spot
        from the anchor (for next frame's ``prefer``)."""
        out = []
        avoid = list(avoid)
        for tip, anchor in zip(ctx.tips, anchors, strict=True):
            # Every token but the hovered one (a neighbour's box overlaps the anchor's corner: counted out, after
            # Pell shot on the Greenway the calm "has used their action" box sat on Bandit Chief next door).
            spare: list[pygame.Rect | Drawn] = [d for t, d in tokens if not anchor.contains(t)]
            spare += [c for c in tip.clear if c.colliderect(area)]
            describes = [c for c in tip.describes if (c.bounds if isinstance(c, Drawn) else c).colliderect(area)]
            key = tip.lines[0].text if tip.lines else ""
            was = last.get(key)
            prefer = pygame.Rect(anchor.x + was[0], anchor.y + was[1], was[2], was[3]) if was else None
            past = [*avoid, *(r for r in ctx.keep_clear if r not in avoid)]  # stepped past, so avoided too
            # The wide box first; where it sits on a token or a panel wherever it goes beside the hex, the same
            # rows in a narrow column, kept where that hides less and covers no more of what comes before tokens
            # (V's box for 0,7 on the Giant's Hearth at 1024x768 sat on three quarters of Bjorn; the column fits
            # below the hex, left of him). A panel counts after the tokens: on Wynn's turn the wide box for 0,7,
            # hemmed in by Wynn, Sigrun, Astrid and Kell, went up over the card's "Movement left", and the column
            # fits below the hex, left of Kell, over neither.
            rect, lines = self.place(tip.lines, tip.min_width, anchor, area, past, spare, keep, describes, prefer,
                                     soft, ctx, tip.reserve), tip.lines
            first = [anchor, *keep, *ctx.reading, *past]
            others = [d for t, d in tokens if not anchor.contains(t)]
            wide = cost(rect, first, others, soft)
            if tip.narrow and (wide[1] > 0 or wide[2] > 0):
                alt = self.place(tip.narrow, tip.min_width, anchor, area, past, spare, keep, describes, prefer, soft,
                                 ctx, tip.narrow_reserve)
                if cost(alt, first, others, soft) < wide:
                    rect, lines = alt, list(tip.narrow)
            # Placed for the most it may grow to, drawn as it is now against the side of that room its hex is on:
            # it grows away from the hex into the room kept for it. From the room's top left, a box above its hex
            # left a gap under it, between it and the hex, while V's shooting odds came in.
            box = pygame.Rect(rect.topleft, lines_size(lines, tip.min_width))
            if rect.bottom <= anchor.centery:  # above the hex (or above beside it): it grows upward from the
                box.bottom = rect.bottom       # bottom, the edge on the hex's side
            if rect.right <= anchor.left:  # left of it: against the hex's side, growing leftward
                box.right = rect.right
            out.append((box, list(lines), anchor, key, (rect.x - anchor.x, rect.y - anchor.y, rect.width, rect.height)))
            avoid.append(rect)  # a second tip goes beside the first, not over it
        return out

    @staticmethod
    def place(lines: Sequence[Line], min_width: int, anchor: pygame.Rect, area: pygame.Rect,
              avoid: list[pygame.Rect], spare: list[pygame.Rect | Drawn], keep: list[pygame.Rect],
              describes: list[pygame.Rect | Drawn], prefer: pygame.Rect | None, soft: list[pygame.Rect],
              ctx: BattleContext, reserve: tuple[int, int] = (0, 0)) -> pygame.Rect:
        """Where a box of ``lines`` goes beside ``anchor`` (theme.place_beside), the hovered token's name tag and
        arc labels stepped past; placed at its ``reserve`` size where that is larger (the most it may grow to)."""
        w, h = lines_size(lines, min_width)
        return place_beside((max(w, reserve[0]), max(h, reserve[1])), anchor, area, avoid, spare, ctx.keep_clear,
                            keep, describes, ctx.reading, prefer, soft)
