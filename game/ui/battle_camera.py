"""Where the battle scene's camera looks, and when it moves on its own.

The scene (game.ui.battle) says what happened; this decides what the player should see because of it:
the opening view (framed once the panels have laid out, so no token starts under them: game.ui.framing),
Home back to it, the actor brought into view at each turn, a walking, pushed or struck token kept in view
while its animation plays (during a player's own action only when it would leave the map area or go under a
panel: the map holds still between the clicks), and after a resize the actor brought out from under a panel
that moved over it. Every move goes through the :class:`~game.ui.director.Director` (glide, never past the
bounds) and keeps the token clear of the panels and of the room the combat log grows into.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.render.pg import pygame
from game.render.tokens import disc_scale

from .anim import Animator
from .battle_view import BattleView
from .context import BattleContext, Widget
from .director import Director
from .framing import RING, Disc, hidden_names, opening_view
from .hud import action_buttons, bar_area
from .tokenlayer import TokenState


class BattleCamera:
    def __init__(self, ctx: BattleContext, view: BattleView, widgets: Sequence[Widget]) -> None:
        self.ctx = ctx
        self.view = view
        self.widgets = widgets
        self.director = Director(ctx.camera)
        self.framed = False  # the opening view is chosen at the first frame, once the panels have laid out
        self.home: tuple[int, float, float] | None = None  # the opening view as last chosen (a resize there re-frames)
        self.humans: set[str] = set()  # the factions at the controls: their tokens count first
        self.refocus = False  # resized away from the opening view: bring the actor out from under a panel

    # --- what the camera keeps clear of -------------------------------------------------------
    def disc_px(self, name: str) -> float:
        """A token's disc radius in map pixels, with its selection ring (as the token layer draws it)."""
        inr = self.ctx.hex_radius() / self.ctx.zoom
        return inr * disc_scale(self.ctx.encounter.view(name).radius) + RING / self.ctx.zoom

    def covers_in_view(self) -> list[pygame.Rect]:
        """The panels' rects in the map view's coordinates (the camera's), from the last drawing."""
        vr = self.ctx.view_rect
        return [r.move(-vr.x, -vr.y) for r in self.view.panel_covers(self.widgets)]

    def camera_covers(self) -> list[pygame.Rect]:
        """What the camera keeps the actor (and a walking or struck token) clear of: the panels, and the combat
        log as it will be once full. The log grows up from the bottom as the turn's lines come, so a token the
        camera had just brought clear of a short log ended up under it a move or an attack later."""
        vr = self.ctx.view_rect
        return [*self.covers_in_view(), *(r.move(-vr.x, -vr.y) for r in self.view.panel_room(self.widgets, "grown"))]

    # --- moving on its own ---------------------------------------------------------------------
    def focus_actor(self, tokens: dict[str, TokenState], jump: bool = False, still: bool = False) -> None:
        """The combatant whose turn it is brought into view (where its token stands now, mid-walk included).

        ``still`` (a player's own turn beginning): the map moves only if the token is out of view or under a
        panel as drawn now, not to make room for the log's growth: on giants_lair the view slid 32 px as
        Sigrun's turn began with her in plain sight, and the click aimed at 15,10 landed on 15,11."""
        enc = self.ctx.encounter
        if enc.turn is None:
            return
        tok = tokens.get(enc.turn)
        cell = tok.cell if tok else enc.view(enc.turn).cell
        covers = self.covers_in_view() if still else self.camera_covers()
        self.director.look_at(self.ctx.geometry.cell_center(cell), jump, self.disc_px(enc.turn), covers,
                              still=still or self.at_home())

    def follow(self, anim: Animator, tokens: dict[str, TokenState]) -> None:
        """Keep a token that is walking or being pushed in view (glide, never jump); for an attack or a shot its
        target, where the outcome shows (an arrow could land under the combat log, or off screen).

        During a player's own action the map holds still unless that token would leave the map area or go under
        a panel as drawn now (not the log's room to grow): the player clicks where things are, and on
        ship_boarding Kestrel's walk up to Sahuagin 2 scrolled the board 37 px, the attack 28 px more, so the
        second click of move-then-attack, where the first was, missed him. The AI's turns glide as before."""
        for a in list(anim.queue)[:1]:
            target = tokens.get(getattr(a, "target", ""))
            tok = tokens.get(getattr(a, "unit", ""))
            covers = self.covers_in_view() if a.by_player else self.camera_covers()
            still = a.by_player or self.at_home()
            if target is not None:  # standing still: its cell's centre
                at = target.pos or self.ctx.geometry.cell_center(target.cell)
                self.director.look_at(at, radius=self.disc_px(target.name), covers=covers, still=still)
            elif tok is not None and tok.pos is not None:
                self.director.look_at(tok.pos, radius=self.disc_px(tok.name), covers=covers, still=still)

    def at_home(self) -> bool:
        """The camera rests where the opening view (or Home) put it: it framed everyone, so a token near the view's
        edge is no reason to slide it (on giants_lair the goblins' first moves slid the map 157 px right and
        Grundvald's hp bar went under the combat log before the player's first turn); one leaving the view or
        going under a panel still is."""
        cam = self.ctx.camera
        return self.framed and self.director.glide is None and self.home == (cam.zoom_index, cam.cx, cam.cy)

    def frame_opening(self, humans: set[str] | None = None) -> list[str]:
        """Zoom and centre so every token is in view and clear of the panels (see game.ui.framing), as the battle
        stands now: where each combatant stands, the panels as last drawn, and the room they grow into (the
        combat log once full, the action bar a human's turn brings). The ``humans``' factions' tokens count
        first where not every token can be shown. Returns the names of those that could not be (none, mostly)."""
        if humans is not None:
            self.humans = set(humans)
        ctx = self.ctx
        enc = ctx.encounter
        inr = ctx.hex_radius() / ctx.zoom  # map pixels
        discs = [Disc(*ctx.geometry.cell_center(v.cell), inr * disc_scale(v.radius), v.faction in self.humans, v.name)
                 for v in enc.views() if v.active]
        vr = ctx.view_rect
        covers = self.covers_in_view()
        bar = self.bar_room()
        soon = [r.move(-vr.x, -vr.y) for r in self.view.panel_room(self.widgets)]
        grown = [r.move(-vr.x, -vr.y) for r in self.view.panel_room(self.widgets, "grown")]
        opening_view(ctx.camera, discs, covers, [[*grown, *bar], [*soon, *bar], soon])
        self.director.glide = None
        cam = ctx.camera
        self.home = (cam.zoom_index, cam.cx, cam.cy)
        return hidden_names(cam, discs, covers)

    def bar_room(self) -> list[pygame.Rect]:
        """Where the action bar will stand (view coordinates) when a human's turn brings it and it is not up now:
        the opening view keeps tokens clear of it where it can, as of the combat log's next lines."""
        ctx = self.ctx
        if self.view.buttons or not self.humans or ctx.encounter.turn is None:
            return []
        area = bar_area(action_buttons(ctx, False, False))
        return [] if area is None else [area.move(-ctx.view_rect.x, -ctx.view_rect.y)]

    def go_home(self) -> list[str]:
        """Home: the opening view chosen again for the battle as it stands (where everyone stands now, the
        panels as they are now), so it frames what the battle opened on framed; before the first framing, the
        whole map. Returns the combatants that still could not be shown clear of the panels."""
        self.director.glide = None
        if not self.framed:
            self.ctx.camera.fit()
            return []
        return self.frame_opening()

    def resized(self, size: tuple[int, int], top: int, bottom: int) -> None:
        """A new window size (``top`` and ``bottom``: the bars above and below the map). Still at the opening
        view, the opening view is chosen again for the new size (a narrower window left tokens under the
        card); elsewhere the camera stays, and the actor is brought out from under a panel if the panels
        moved over it (at the next drawing, once they have laid out)."""
        w, h = size
        cam = self.ctx.camera
        at_home = self.framed and self.home == (cam.zoom_index, cam.cx, cam.cy)
        self.ctx.view_rect = pygame.Rect(0, top, w, max(1, h - top - bottom))
        cam.view_w, cam.view_h = self.ctx.view_rect.size
        cam.jump(cam.cx, cam.cy)
        if at_home:
            self.framed = False
        else:
            self.refocus = self.framed
