"""The battle's drawing: the cached map, widgets under and over the tokens, the tokens, the bars.

:class:`BattleView` draws one frame from the scene's state and remembers
where it put what the pointer can hit (the action bar's buttons, the speed
label, the panels' rectangles). It changes no state.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.render.map_art import MapArt
from game.render.pg import pygame
from game.render.style import font

from . import hud
from . import theme as th
from .anim import Animator, BurstAnim, FloatText, ShotAnim
from .chrome import Button, text
from .context import STATUS_BAR, TOP_BAR, BattleContext, Widget
from .leader import Segment
from .maplayer import MapLayer
from .overlays.draw import arrow as draw_arrow
from .tokenart import token_radius_px
from .tokenlayer import TokenState, draw_name_tag_leader, draw_tokens

HINT = "H help   P panels   V enemy reach   G GM   Esc menu"
# Under the battle's summary: it takes every key (its buttons name theirs), and its Esc quits, no menu between.
SUMMARY_HINT = "Esc quits"


class BattleView:
    def __init__(self, art: MapArt) -> None:
        self.art = art
        self.maplayer = MapLayer(art)
        self.buttons: list[tuple[Button, str]] = []  # the action bar as last drawn: (button, command)
        self.speed_rect = pygame.Rect(0, 0, 0, 0)
        self.name_tag: pygame.Rect | None = None  # the hovered token's name tag as last drawn
        self.name_leader: Segment | None = None  # ...and its line to its token (None: the tag hugs it)
        self.panels_shown = True  # as last drawn: with the panels hidden (P), their last rects cover nothing
        self.button_tip: pygame.Rect | None = None  # a greyed button's reason, as last drawn
        self.explain_rect: pygame.Rect | None = None  # the AI's reasons (X), as last drawn
        # Whether the panels and the bar ended this drawing where the name tag and the arcs' labels, placed from
        # the last drawing's, took them to be: not on the frame a panel opens, grows or moves (see ``draw``).
        self.settled = True

    def reload(self, art: MapArt) -> None:
        self.art = art
        self.maplayer.reload(art)

    def button_at(self, pos: tuple[int, int]) -> tuple[Button, str] | None:
        return next(((b, c) for b, c in self.buttons if b.rect.collidepoint(pos)), None)

    def panel_covers(self, widgets: Sequence[Widget]) -> list[pygame.Rect]:
        """Screen rectangles the panels and the action bar took in the last drawing."""
        shown = [w for w in widgets if w.layer == "panel" and (self.panels_shown or getattr(w, "always", False))]
        rects = [pygame.Rect(c) for w in shown if (c := getattr(w, "cover", None)) is not None]
        rects += [pygame.Rect(b.rect) for b, _ in self.buttons]
        return [r for r in rects if r.width > 0 and r.height > 0]

    def chrome_covers(self, view: pygame.Rect) -> list[pygame.Rect]:
        """What the arcs' labels and the name tag keep out from under besides the panels: the action bar's
        backing as last drawn (the buttons and the gaps and rim around them), and all around the map area
        (the top bar, the status line, beyond the window), where the map's drawing is cut off. Found
        playtesting ship_boarding: with only the buttons counted, "left −2", "rear" and "right −2" of
        Sahuagin 2, just above the bar, sat under its backing and showed in the strip above the status line."""
        far = 1 << 14
        around = [pygame.Rect(-far, -far, 3 * far, far + view.top), pygame.Rect(-far, view.bottom, 3 * far, far),
                  pygame.Rect(-far, view.top, far + view.left, view.height),
                  pygame.Rect(view.right, view.top, far, view.height)]
        area = hud.bar_area(self.buttons)
        return [r for r in [*around, *([area] if area is not None else [])] if r.width > 0 and r.height > 0]

    def panel_room(self, widgets: Sequence[Widget], attr: str = "room") -> list[pygame.Rect]:
        """The room shown panels are about to grow into (``room``: the combat log's next lines; ``grown``: the
        log once full, and the tracker's box even while it steps aside), as last drawn."""
        shown = [w for w in widgets if w.layer == "panel" and (self.panels_shown or getattr(w, "always", False))]
        rects = [pygame.Rect(r) for w in shown if (r := getattr(w, attr, None)) is not None]
        return [r for r in rects if r.width > 0 and r.height > 0]

    def draw(self, screen: pygame.Surface, ctx: BattleContext, widgets: Sequence[Widget],
             tokens: dict[str, TokenState], anim: Animator, *, buttons: list[tuple[Button, str]],
             pressing: bool, controller: str, log_path: str, explain: tuple[str, list[str]] | None,
             show_panels: bool, button_tip: str | None = None, hint: str = HINT) -> None:
        """``button_tip``: why the greyed action-bar button under the pointer cannot be used (its tooltip);
        ``hint``: the keys named at the status bar's right (:data:`SUMMARY_HINT` once the summary is open)."""
        vr = ctx.view_rect
        self.panels_shown = show_panels
        # As last drawn: the name tag and the arcs' labels keep out from under them.
        ctx.panels = used = self.panel_covers(widgets) + self.chrome_covers(vr)
        ctx.in_sight.clear()  # the overlays below say again what of their paths a tooltip must leave in view
        ctx.marks.clear()  # ...and where their paths end
        origin = ctx.to_screen(0, 0)
        self.maplayer.draw(screen, vr, origin, ctx.zoom_index)
        clip = screen.get_clip()
        screen.set_clip(vr)
        self._draw_board(screen, ctx, widgets, tokens, anim, pressing)
        self.buttons = buttons
        # The action bar goes under the panels: their tooltips (attack previews) must never be hidden.
        hud.draw_action_bar(screen, self.buttons, ctx.mouse)
        self._lay_covers(ctx)
        ctx.reading.clear()  # the legend says again whether it is open
        # The AI's reasons are drawn over the panels (asked for, so never hidden), so the attack preview keeps off
        # them: it used to sit under them, its roll's breakdown unreadable.
        self.explain_rect = None
        if explain is not None and explain[1]:
            self.explain_rect = hud.explain_box(ctx, *explain, bar=hud.bar_area(self.buttons))
            ctx.covers.append(pygame.Rect(self.explain_rect))
        self._draw_panels(screen, ctx, widgets, show_panels)
        ctx.tips.clear()  # with the panels hidden nobody drew the tooltips: never carry them to the next frame
        if explain is not None and self.explain_rect is not None:  # above the panels: asked for, never hidden
            hud.draw_explain(screen, self.explain_rect, *explain)
        self.button_tip = self._draw_button_tip(screen, ctx, button_tip)
        screen.set_clip(clip)
        self.speed_rect = hud.draw_top_bar(screen, ctx, self.art.title, controller, anim.speed, log_path)
        hud.draw_status(screen, ctx, hint)
        # The name tag and the arcs' labels went where last drawing's panels left room; the panels are drawn after
        # them (they must cover the map), so on the frame one opens or grows (L's legend, I's full card) the tag
        # sat under it for that frame and jumped out the next. The scene draws such a frame again (BattleScene).
        self.settled = used == self.panel_covers(widgets) + self.chrome_covers(vr)

    def _draw_board(self, screen: pygame.Surface, ctx: BattleContext, widgets: Sequence[Widget],
                    tokens: dict[str, TokenState], anim: Animator, pressing: bool) -> None:
        """What lies on the map, bottom up: the widgets under the tokens, coordinates (C), the hovered hex, the
        tokens, the shot or burst in flight, the widgets over them, and the hovered token's name tag last."""
        for w in widgets:
            if w.layer == "under":
                w.draw(screen, ctx)
        if ctx.show_coords:
            draw_coords(screen, ctx)
        if ctx.hovered_cell is not None and not pressing:
            pygame.draw.lines(screen, (255, 248, 210), True, ctx.hex_polygon(ctx.hovered_cell), 2)
        draw_tokens(screen, ctx, tokens, tag=False)
        draw_fx(screen, ctx, anim)
        for w in widgets:
            if w.layer == "over":
                w.draw(screen, ctx)
        # The hovered token's name over the previews' arrows and paths: an attack arrow ran right through it.
        tag = draw_name_tag_leader(screen, ctx, tokens)
        self.name_tag, self.name_leader = (tag.rect, tag.leader) if tag is not None else (None, None)

    def _lay_covers(self, ctx: BattleContext) -> None:
        """What a tooltip must leave uncovered so far: the action bar as one, the name tag, ``keep_clear``."""
        ctx.bar_shown = bool(self.buttons)  # a tiny window's combat log (drawn below) stands on its line only then
        ctx.covers = [pygame.Rect(b.rect) for b, _ in self.buttons]
        if ctx.covers:
            ctx.covers = [ctx.covers[0].unionall(ctx.covers)]  # the bar as one: a tip never sits between buttons
        if self.name_tag is not None:  # the hovered token's name and hp, beside its facing arcs' labels
            ctx.keep_clear.append(pygame.Rect(self.name_tag))
        ctx.covers.extend(ctx.keep_clear)  # a tip leaves them be

    @staticmethod
    def _draw_panels(screen: pygame.Surface, ctx: BattleContext, widgets: Sequence[Widget], show_panels: bool) -> None:
        """The panels shown (those ``always`` shown even when hidden), each one's cover kept for the tips."""
        ctx.panels_now = []
        for w in widgets:
            if w.layer == "panel" and (show_panels or getattr(w, "always", False)):
                w.draw(screen, ctx)
                cover = getattr(w, "cover", None)
                if cover is not None and cover.width > 0 and cover.height > 0:
                    ctx.covers.append(pygame.Rect(cover))
                    ctx.panels_now.append(pygame.Rect(cover))

    def _draw_button_tip(self, screen: pygame.Surface, ctx: BattleContext,
                         button_tip: str | None) -> pygame.Rect | None:
        """Why the greyed button under the pointer cannot be used, above everything (the player is asking about
        this button); the tip's rect, or None."""
        hovered = self.button_at(ctx.mouse)
        if not button_tip or hovered is None:
            return None
        vr = ctx.view_rect
        return th.tooltip(screen, [th.Line(th.fit(button_tip, vr.width - 40, th.BODY), "warn")],
                          ctx.mouse, within=vr, anchor=hovered[0].rect, avoid=ctx.covers)


def draw_coords(screen: pygame.Surface, ctx: BattleContext) -> None:
    """col,row on every hex in view, on a dark backing so it reads on any terrain (C)."""
    vr = ctx.view_rect
    lay = ctx.encounter.layout
    # 12 px digits at 100 % (issue 20), pygame's default font at 24; low in the hex, clear of a reach count's
    # badge in the middle (V and C together).
    size = max(14, round(24 * ctx.zoom))
    below = ctx.hex_radius() * 0.74
    for row in range(lay.rows):
        for col in range(lay.cols):
            x, y = ctx.cell_to_screen((col, row))
            if vr.left - 40 < x < vr.right + 40 and vr.top - 40 < y < vr.bottom + 40:
                label = f"{col},{row}"
                at = (round(x), round(y + below))
                text(screen, label, (at[0] + 1, at[1] + 1), size, (10, 10, 14), anchor="center")
                text(screen, label, at, size, (255, 255, 255), anchor="center")


def draw_fx(screen: pygame.Surface, ctx: BattleContext, anim: Animator) -> None:
    """The arrow in flight or the burst going off, then floating words ("-5", "miss") over the tokens."""
    if anim.speed == math.inf:
        anim.fx.clear()  # instant: the status line and the combat log tell it; stacked words would not
    playing = anim.queue[0] if anim.queue and anim.queue[0].started else None
    if isinstance(playing, ShotAnim):
        tail, head = (ctx.to_screen(*p) for p in playing.arrow())
        draw_arrow(screen, tail, head, (250, 236, 200), max(2, round(3 * ctx.zoom)))
    elif isinstance(playing, BurstAnim):
        x, y = ctx.to_screen(*playing.at)
        r = max(4, round(playing.reach_px * ctx.zoom * (0.25 + 0.75 * playing.u)))
        fade = round(200 * (1 - playing.u))
        layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        pygame.draw.circle(layer, (255, 150, 60, fade // 3), (r + 2, r + 2), r)
        pygame.draw.circle(layer, (255, 200, 110, fade), (r + 2, r + 2), r, max(2, round(4 * ctx.zoom)))
        screen.blit(layer, (round(x) - r - 2, round(y) - r - 2))
    for f, at in float_spots(ctx, anim):
        text(screen, f.text, (at[0] + 2, at[1] + 2), 28, (10, 10, 14), bold=True, anchor="center")  # shadow
        text(screen, f.text, at, 28, f.colour, bold=True, anchor="center")


def float_spots(ctx: BattleContext, anim: Animator) -> list[tuple[FloatText, tuple[int, int]]]:
    """Where each floating word is drawn this frame: rising from its hex, and stacked above an earlier one it
    would overlap (found on the Black Gull: the "6" of a killing blow sat on "defeated", one unreadable
    blot). The earlier word keeps its place; the later one goes a line up until clear."""
    out: list[tuple[FloatText, tuple[int, int]]] = []
    if not anim.fx:
        return out  # most frames: nothing floats
    taken: list[pygame.Rect] = []
    # A word over a large or giant token starts above its initials, not on them (found on giants_lair: the
    # fire's "-4 hazard" over Grundvald read "Gr-4 hazard"): a rise from the centre as high as its disc asks.
    lifts = {(round(p[0]), round(p[1])): max(24.0, 0.75 * radius_px(ctx, v.radius))
             for v in ctx.encounter.views() for p in [ctx.geometry.cell_center(v.cell)] if v.radius}
    for f in anim.fx:
        x, y = ctx.to_screen(*f.at)
        rise = 40 * f.t / f.life
        lift = lifts.get((round(f.at[0]), round(f.at[1])), 24.0)
        w, h = font(28, True).size(f.text)
        box = pygame.Rect(0, 0, w + 4, h)
        box.center = (round(x), round(y - lift - rise))
        while box.collidelist(taken) >= 0:
            box.bottom = min(r.top for r in taken if r.colliderect(box)) - 1
        taken.append(box)
        out.append((f, box.center))
    return out


def radius_px(ctx: BattleContext, radius: int) -> float:
    """A token's disc radius on screen, as the tokens are drawn."""
    return float(token_radius_px(ctx.hex_radius(), radius))


def screen_fits(screen: pygame.Surface, ctx: BattleContext) -> bool:
    return bool(screen.get_size() == (ctx.view_rect.w, ctx.view_rect.h + TOP_BAR + STATUS_BAR))
