"""Where the battle scene's camera looks, and when it moves on its own.

The scene (game.ui.battle) says what happened; this decides what the player should see because of it:
the opening view (framed once the panels have laid out, so no token starts under them: game.ui.framing),
Home back to it, at a player's turn start the actor, the enemies it can reach and the nearest that can strike it
shown clear of the panels, at
an AI's its actor, a walking, pushed or struck token kept in view while its animation plays (only when it would
leave the map area or go under a panel: the map holds still between the clicks and between the turns), and
after a resize the actor brought out from under a panel that moved over it. Every move goes through the
:class:`~game.ui.director.Director` (glide, never past the bounds) and keeps the token clear of the panels and of
the room the combat log grows into.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.render.pg import pygame
from game.render.tokens import disc_scale
from game.rules import EncounterView

from .anim import Animator
from .battle_view import BattleView
from .compact import is_tiny
from .context import BattleContext, Widget
from .director import Director
from .framing import LOWEST, RING, TINY_LOWEST, Disc, hidden_by, hidden_names, opening_view
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
        self.turn_due = False  # a turn began: framed at the next drawing, once the panels have laid out for it

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

        ``still`` (a turn beginning): the map moves only if the token is out of view or under a panel, not
        because it stands near the view's edge; the AI's turns count the combat log once full as a panel.
        Without it (F, a resize) the token is brought well inside the view."""
        enc = self.ctx.encounter
        if enc.turn is None:
            return
        tok = tokens.get(enc.turn)
        cell = tok.cell if tok else enc.view(enc.turn).cell
        self.director.look_at(self.ctx.geometry.cell_center(cell), jump, self.disc_px(enc.turn),
                              self.camera_covers(), still=still or self.at_home())

    def follow(self, anim: Animator, tokens: dict[str, TokenState]) -> None:
        """Keep a token that is walking or being pushed in view (glide, never jump); for an attack or a shot its
        target, where the outcome shows (an arrow could land under the combat log, or off screen).

        The map holds still unless that token would leave the map area or go under a panel: during a player's
        own action the panels as drawn now (the player clicks where things are: on ship_boarding Kestrel's walk
        up to Sahuagin 2 scrolled the board 37 px, the attack 28 px more, so the second click of
        move-then-attack, where the first was, missed him), during the AI's the combat log once full too. The
        AI's turns used to glide after any token in the band near the view's edge: on the ambush (seed 4) the
        view slid 180 to 400 px between the player's turns, and Bandit Archer 2's one-hex step slid the Bandit
        Chief off the top while the archer was already in sight."""
        for a in list(anim.queue)[:1]:
            target = tokens.get(getattr(a, "target", ""))
            tok = tokens.get(getattr(a, "unit", ""))
            covers = self.covers_in_view() if a.by_player else self.camera_covers()
            if target is not None:  # standing still: its cell's centre
                at = target.pos or self.ctx.geometry.cell_center(target.cell)
                self.director.look_at(at, radius=self.disc_px(target.name), covers=covers, still=True)
            elif tok is not None and tok.pos is not None:
                self.director.look_at(tok.pos, radius=self.disc_px(tok.name), covers=covers, still=True)

    def frame_turn(self, tokens: dict[str, TokenState]) -> list[str]:
        """A player's turn begins (the panels laid out for it): the actor, the enemies it can reach this turn and the
        nearest that can strike it next turn (game.ui.battle_camera.in_sight_at_turn) in view and clear of the
        panels and of the action bar's room, as a
        Wesnoth or Foundry player finds them; the map holds still when they already are (a view sliding for no
        reason moves the hex under the pointer). Otherwise it glides to the nearest centre, at the zoom the
        player chose, that hides none of them, or the fewest (the actor first). On the ambush (seed 4) Bandit
        Archer 2 stood under the action bar, then off screen, at Lysa's turns in rounds 2 and 3.

        Returns the names still hidden where it rests (none, mostly)."""
        ctx = self.ctx
        enc = ctx.encounter
        actor = enc.turn
        if actor is None:
            return []
        inr = ctx.hex_radius() / ctx.zoom  # map pixels

        def disc(name: str) -> Disc:
            tok = tokens.get(name)
            cell = tok.cell if tok else enc.view(name).cell
            return Disc(*ctx.geometry.cell_center(cell), inr * disc_scale(enc.view(name).radius), name == actor, name)

        discs = [disc(n) for n in [actor, *in_sight_at_turn(enc, actor)]]
        covers = [*self.covers_in_view(), *self.bar_room()]
        cam = ctx.camera
        if not hidden_names(cam, discs, covers):
            return []
        x0, x1, y0, y1 = cam.centre_range()
        gx, gy = (a.ravel() for a in np.meshgrid(np.linspace(x0, x1, 64), np.linspace(y0, y1, 64)))
        gx, gy = np.append(gx, cam.cx), np.append(gy, cam.cy)  # where it stands now is a candidate too
        actor_hidden, others_hidden, _ = hidden_by(cam, cam.zoom_index, gx, gy, discs, covers)
        dist = np.hypot(gx - cam.cx, gy - cam.cy)
        i = int(np.lexsort((dist, others_hidden, actor_hidden))[0])
        if dist[i] >= 1.0:
            self.director.glide = (float(gx[i]), float(gy[i]))
        x, y = cam.cx, cam.cy
        cam.cx, cam.cy = float(gx[i]), float(gy[i])  # the names hidden where the glide ends
        left = hidden_names(cam, discs, covers)
        cam.cx, cam.cy = x, y
        return left

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
        # A tiny window may open below 50 %: there a fight shown whole, small, beats one half under the panels.
        lowest = TINY_LOWEST if is_tiny(vr) else LOWEST
        opening_view(ctx.camera, discs, covers, [[*grown, *bar], [*soon, *bar], soon], lowest)
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

    def panels_toggled(self) -> None:
        """P hid or showed the panels. Still at the opening view, it is chosen again at the next drawing (once the
        panels have laid out, or are gone) for the part of the window they now leave free: hidden, the fight
        centred in the whole map area at the zoom that fits it there; shown, clear of them again. Elsewhere the
        camera stays where the player put it."""
        if self.at_home():
            self.framed = False

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


def in_sight_at_turn(enc: EncounterView, name: str) -> list[str]:
    """Who a player looks for as ``name``'s turn begins, besides ``name``: the hostiles it can strike or shoot this
    turn (:func:`within_reach`) and the nearest of those that could strike it next turn where it stands, if not
    one of them. Found on giants_lair: at the start of Astrid's turn Grundvald, who could strike her where she
    stood but whom she could not reach (held in a goblin's zone of control), sat half under the combat log."""
    near = within_reach(enc, name)
    me = enc.view(name)
    if not me.active:
        return near
    threats = [w for w in enc.next_turn_attackers(me.cell, name) if w not in near]
    return near + sorted(threats, key=lambda w: (enc.distance(name, w), w))[:1]


def within_reach(enc: EncounterView, name: str) -> list[str]:
    """The hostiles ``name`` can strike this turn (from where it stands or any hex it can move to) or shoot from
    where it stands: those a player looks for as its turn begins."""
    me = enc.view(name)
    if not me.active:
        return []
    cells = [me.cell, *(c for c, _, _ in enc.reach_for(name).destinations())]
    far = me.movement + me.reach + 2 * me.radius + 1
    out = []
    for v in enc.views():
        if not v.active or v.name == name or not enc.hostile(name, v.name):
            continue
        shot = me.ranged is not None and enc.can_shoot(name, v.name) is None
        if shot or (enc.distance(name, v.name) <= far + 2 * v.radius
                    and any(p.legal is None for p in enc.preview_attacks(name, v.name, cells))):
            out.append(v.name)
    return out


def home_words(names_are: str, legend_open: bool) -> str:
    """The status line after Home where some could not be framed clear of the panels (``names_are``: "Grundvald
    is", "Pikeman 1, Pikeman 2 and 5 more are"). With the legend open it is the legend that leaves them no room
    (at 960x600 Home framed everyone but for the legend), so the way out said is L, not the window's size."""
    if legend_open:
        return f"Home: {names_are} not clear of the panels with the legend open (L closes it)"
    return f"Home: {names_are} not clear of the panels at this window size (P hides them)"
