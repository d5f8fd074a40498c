"""The battle scene: the cached map, animated tokens, widgets, input -> actions, and paced AI turns.

Every change to the encounter goes through :meth:`BattleScene.submit`, which
asks the engine first (its predicate's reason goes to the status line), then
``Match.submit`` (appended to the log and flushed), then turns the returned
events into animations. Clicks, keys, widgets and the AI all end there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.maps.pixels import TiledPixels
from game.render.pg import pygame
from game.render.tilemap import MapArt
from game.rules import (
    ACTIVE,
    SETUP,
    Attack,
    Begin,
    Disengage,
    EndTurn,
    Face,
    Flee,
    Move,
    Place,
    RulesError,
    Shove,
)

from . import hud
from .aiturn import Thinker, action_words
from .anim import Animator, anims_for
from .camera import PAN_SPEED, Camera
from .chrome import text
from .context import ATTACK, DISENGAGE, SHOVE, STATUS_BAR, TOP_BAR, BattleContext, Reply
from .framing import Disc, opening_view
from .help import HelpScene
from .loop import toggle_fullscreen
from .maplayer import MapLayer
from .menus import MenuScene, confirm
from .scene import POP, QUIT, Scene, Transition, push
from .tokenlayer import TokenState, draw_tokens, states_from

PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
EDGE_PX = 6  # screen-edge panning band
DRAG_PX = 6  # a press that moves further than this is a drag (pan), not a click
AI_PAUSE_S = {1.0: 0.45, 2.0: 0.2}  # pause after each AI action at 1x / 2x (instant: none)
SPEEDS = (1.0, 2.0, math.inf)


@dataclass
class BattleOptions:
    speed: float = 1.0
    explain_ai: bool = False
    seed: int = 0  # the AI's own random choices (the dice are the match's)
    auto_begin: bool = True  # start combat at once unless the GM asked for setup (--setup)
    policy_labels: dict[str, str] = field(default_factory=dict)  # faction -> "AI (normal)"
    policy_levels: dict[str, str] = field(default_factory=dict)  # faction -> AI level, for its explanations
    log_path: Path | None = None  # the session's log (the save file)
    map_path: Path | None = None  # watched for changes during setup (designers)
    reload: Callable[[], tuple[Any, MapArt]] | None = None  # -> (new match, new art) after the TMX changed
    title_scene: Callable[[], Scene] | None = None  # "back to title" from the summary / pause menu
    replay: Callable[[], Scene | None] | None = None  # the replay viewer for this battle's log, if any


def collect_widgets() -> list[Any]:
    """ui2's overlays and panels (game.ui.overlays / game.ui.panels ``widgets()``), when present."""
    out: list[Any] = []
    for pkg in ("game.ui.overlays", "game.ui.panels"):
        try:
            mod = __import__(pkg, fromlist=["widgets"])
        except ImportError:
            continue
        make = getattr(mod, "widgets", None)
        if make is not None:
            out.extend(make())
    return out


class BattleScene(Scene):
    def __init__(self, match: Any, art: MapArt, size: tuple[int, int], options: BattleOptions | None = None,
                 widgets: list[Any] | None = None) -> None:
        self.match = match
        self.art = art
        self.opts = options or BattleOptions()
        self.maplayer = MapLayer(art)
        pixels = TiledPixels(art.layout)
        w, h = size
        # Bounded by the drawn picture, which Tiled grows past the grid for offset layers.
        cam = Camera.for_picture(w, h - TOP_BAR - STATUS_BAR, art.size, art.origin)
        cam.fit()
        cam.zoom_index = max(cam.zoom_index, 3)  # tokens stay readable; pan to see the rest
        self.ctx = BattleContext(match=match, geometry=pixels, camera=cam,
                                 view_rect=pygame.Rect(0, TOP_BAR, w, h - TOP_BAR - STATUS_BAR),
                                 mouse=(w // 2, h // 2))
        self.widgets = collect_widgets() if widgets is None else widgets
        self.anim = Animator()
        self.anim.speed = self.opts.speed
        self.tokens: dict[str, TokenState] = states_from(self.ctx)
        self.thinker = Thinker()
        self.ai_rng = random.Random(self.opts.seed)
        self.ai_wait = 0.0
        self.ai_lines: list[str] = []
        self.ai_who = ""
        self.glide: tuple[float, float] | None = None
        self.keys: set[int] = set()
        self.press: tuple[int, int] | None = None
        self.press_button = 0
        self.dragged = False
        self.real_mouse = False  # screen-edge panning only after the pointer really moved
        self.buttons: list[Any] = []
        self.speed_rect = pygame.Rect(0, 0, 0, 0)
        self.summary_shown = False
        self.last_turn: str | None = None
        self.mtime = self._mtime()
        self.reload_check = 0.0
        self.frames = 0
        self.framed = False  # the opening view is chosen at the first frame, once the panels have laid out
        self._focus_actor(jump=True)
        self.ctx.status = self._idle_status()

    # --- the one way to change the encounter -----------------------------------------------
    def submit(self, action: Any) -> bool:
        enc = self.match.encounter
        reason = enc.check(action)
        if reason is not None:
            self.ctx.status = f"Not allowed: {reason}"
            return False
        try:
            applied = self.match.submit(action)
        except RulesError as err:
            self.ctx.status = f"Not allowed: {err}"
            return False
        self.ctx.version += 1
        anims = anims_for(applied.events, self.tokens, self._centre, enc.layout.direction_index)
        self.anim.add(anims)
        if self.anim.speed == math.inf or not anims:
            self.anim.skip(self.tokens)
            self._resync()
        self.ctx.status = describe(applied, enc)
        if not self.anim.busy:
            self._turn_check(new_status=isinstance(action, Begin))
        return True

    def _turn_check(self, new_status: bool) -> None:
        """A new actor: select it, bring it into view, say what to do (once per turn)."""
        enc = self.match.encounter
        if enc.turn == self.last_turn:
            return
        self.last_turn = enc.turn
        if enc.turn is not None:
            self.ctx.selected = enc.turn
            self._focus_actor()
            if new_status:
                self.ctx.status = self._idle_status()

    def _resync(self) -> None:
        self.tokens = states_from(self.ctx)

    def _centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        return self.ctx.geometry.cell_center(cell)

    # --- helpers ------------------------------------------------------------------------------
    def _mtime(self) -> float:
        p = self.opts.map_path
        try:
            return p.stat().st_mtime if p is not None else 0.0
        except OSError:
            return 0.0

    def _unit_at(self, cell: tuple[int, int] | None) -> str | None:
        if cell is None:
            return None
        enc = self.match.encounter
        for v in enc.views():
            if v.active and cell in enc.footprint(v.name):
                return v.name
        return None

    def _human_may_act(self) -> bool:
        enc = self.match.encounter
        return enc.phase == ACTIVE and enc.turn is not None and (self.ctx.gm or self.match.is_human_turn())

    def _controller(self) -> str:
        enc = self.match.encounter
        if enc.turn is None:
            return ""
        faction = enc.view(enc.turn).faction
        ctl = self.match.controllers.get(faction, "human")
        return "you" if ctl == "human" else self.opts.policy_labels.get(faction, "AI")

    def _idle_status(self) -> str:
        enc = self.match.encounter
        if enc.phase == SETUP:
            return "Setup: click Begin battle (Enter) to start; G for GM mode to place combatants"
        if enc.phase != ACTIVE or enc.turn is None:
            return "Combat is over"
        if self.match.is_human_turn():
            return (f"{enc.turn}: click a blue hex to move, an enemy to attack; "
                    "A/S/D choose attack, shove, disengage; Enter ends the turn")
        return f"{enc.turn} ({self._controller()}) is acting..."

    def _focus_actor(self, jump: bool = False) -> None:
        enc = self.match.encounter
        if enc.turn is None:
            return
        tok = self.tokens.get(enc.turn)
        cell = tok.cell if tok else enc.view(enc.turn).cell
        self._look_at(self.ctx.geometry.cell_center(cell), jump)

    def _look_at(self, point: tuple[float, float], jump: bool = False) -> None:
        """Glide (or jump) so ``point`` is in view; a point already well inside the view does not move it."""
        cam = self.ctx.camera
        sx, sy = cam.map_to_screen(*point)
        inner_x, inner_y = cam.view_w * 0.22, cam.view_h * 0.22
        if jump:
            cam.jump(*point)
            self.glide = None
        elif not (inner_x < sx < cam.view_w - inner_x and inner_y < sy < cam.view_h - inner_y):
            self.glide = point

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.QUIT:
            return QUIT
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._hover(event.pos)
            if event.type == pygame.MOUSEMOTION:
                self.real_mouse = True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.speed_rect.collidepoint(event.pos):  # mouse-first: the speed label cycles 1x, 2x, instant
                self.set_speed(SPEEDS[(SPEEDS.index(self.anim.speed) + 1) % len(SPEEDS)]
                               if self.anim.speed in SPEEDS else 1.0)
                return None
            for b, cmd in self.buttons:
                if b.rect.collidepoint(event.pos):
                    return self._command(cmd) if b.enabled else self._why_disabled(cmd)
        for w in reversed(self.widgets):  # panels first: they sit on top
            if w.layer != "panel":
                continue
            tr = self._reply(w.handle_event(event, self.ctx))
            if tr is not False:
                return tr
        for w in reversed(self.widgets):
            if w.layer == "panel":
                continue
            tr = self._reply(w.handle_event(event, self.ctx))
            if tr is not False:
                return tr
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.KEYUP:
            self.keys.discard(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.press, self.press_button, self.dragged = event.pos, event.button, False
        elif event.type == pygame.MOUSEMOTION and self.press is not None:
            dx, dy = event.pos[0] - self.press[0], event.pos[1] - self.press[1]
            if self.dragged or abs(dx) + abs(dy) > DRAG_PX:
                if not self.dragged and self.press_button == 3:
                    self.dragged = True  # right-drag turns the actor, handled on release
                elif self.press_button != 3:
                    self.dragged = True
                    self.ctx.camera.drag(event.pos[0] - self._last[0], event.pos[1] - self._last[1])
            self._last = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3) and self.press is not None:
            press, button, dragged = self.press, self.press_button, self.dragged
            self.press = None
            if button == 1 and not dragged:
                return self._click(self.ctx.cell_at(event.pos))
            if button == 3:
                return self._face_towards(self.ctx.cell_at(event.pos) if dragged else self.ctx.cell_at(press),
                                          dragged)
        elif event.type == pygame.MOUSEWHEEL and event.y:
            cam = self.ctx.camera
            mx, my = self.ctx.mouse
            cam.zoom_to(cam.zoom_index + (1 if event.y > 0 else -1), mx - self.ctx.view_rect.x,
                        my - self.ctx.view_rect.y)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._last = event.pos
        return None

    _last: tuple[int, int] = (0, 0)

    def _reply(self, reply: Reply | None) -> Transition | None | bool:
        """False = not consumed; else the transition (or None) after acting on the reply."""
        if reply is None:
            return False
        if reply.status:
            self.ctx.status = reply.status
        if reply.action is not None:
            if self.ctx.busy:
                self.ctx.status = "Wait until the current action has played"
            else:
                self.submit(reply.action)
        return reply.transition

    def _hover(self, pos: tuple[int, int]) -> None:
        self.ctx.mouse = pos
        over_button = any(b.rect.collidepoint(pos) for b, _ in self.buttons)
        cell = None if over_button else self.ctx.cell_at(pos)
        self.ctx.hovered_cell = cell
        self.ctx.hovered_unit = self._unit_at(cell)

    def _key(self, event: pygame.event.Event) -> Transition | None:
        k = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if k == pygame.K_ESCAPE:
            if self.ctx.action_mode != ATTACK:
                self.ctx.action_mode = ATTACK
                self.ctx.status = "Back to attack mode"
                return None
            return push(self._pause_menu())
        if k in (pygame.K_h, pygame.K_F1):
            self.keys.clear()
            return push(HelpScene(self.art.title, BATTLE_KEYS))
        if k == pygame.K_F11:
            toggle_fullscreen()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            step = 1 if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) else -1
            cam = self.ctx.camera
            cam.zoom_to(cam.zoom_index + step, cam.view_w / 2, cam.view_h / 2)
        elif k == pygame.K_HOME:
            self.ctx.camera.fit()
        elif k in PAN_KEYS:
            self.keys.add(k)
        elif k == pygame.K_z and ctrl or k in (pygame.K_u, pygame.K_BACKSPACE):
            return self._command("undo")
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._command("begin" if self.match.encounter.phase == SETUP else "end_turn")
        elif k == pygame.K_a:
            return self._command("mode:attack")
        elif k == pygame.K_s:
            return self._command("mode:shove")
        elif k == pygame.K_d:
            return self._command("mode:disengage")
        elif k == pygame.K_f:
            return self._command("flee")
        elif k in (pygame.K_q, pygame.K_e):
            return self._turn_by(1 if k == pygame.K_q else -1)  # R2 directions run counter-clockwise
        elif k == pygame.K_v:
            self.ctx.show_enemy_reach = not self.ctx.show_enemy_reach
            self.ctx.status = ("Enemy reach: the number on each hex is how many enemies could reach and attack it "
                               "next turn" if self.ctx.show_enemy_reach else "Enemy reach hidden")
        elif k == pygame.K_c:
            self.ctx.show_coords = not self.ctx.show_coords
        elif k == pygame.K_g:
            self.ctx.gm = not self.ctx.gm
            self.ctx.status = ("GM mode: act for any faction at any time; GM tools are in the GM panel"
                               if self.ctx.gm else "GM mode off")
        elif k == pygame.K_x:
            self.opts.explain_ai = not self.opts.explain_ai
            self.ctx.status = "AI reasons shown" if self.opts.explain_ai else "AI reasons hidden"
        elif k in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.set_speed(SPEEDS[k - pygame.K_1])
        elif k == pygame.K_TAB:
            turn = self.match.encounter.turn
            if turn is not None:
                self.ctx.selected = turn
                self._focus_actor()
        return None

    def set_speed(self, speed: float) -> None:
        self.opts.speed = self.anim.speed = speed
        self.ctx.status = f"AI speed {hud.SPEED_NAMES[speed]}"

    def _why_disabled(self, cmd: str) -> None:
        if cmd == "undo":
            self.ctx.status = f"Cannot undo: {self.match.can_undo()}"
        return None

    def _command(self, cmd: str) -> Transition | None:
        enc = self.match.encounter
        if cmd == "begin":
            self.submit(Begin())
            self.last_turn = None
            return None
        if cmd.startswith("mode:"):
            mode = cmd[5:]
            self.ctx.action_mode = ATTACK if self.ctx.action_mode == mode and mode != ATTACK else mode
            if mode == DISENGAGE and self.ctx.action_mode == DISENGAGE:
                self.ctx.status = "Disengage: click your combatant (or press D again) to try it"
            elif mode == SHOVE and self.ctx.action_mode == SHOVE:
                self.ctx.status = "Shove: click an adjacent enemy to push it one hex away"
            else:
                self.ctx.status = "Attack: click an enemy in reach"
            if mode == DISENGAGE and self.ctx.action_mode == ATTACK:  # D pressed twice: do it
                self.ctx.action_mode = DISENGAGE
                return self._disengage()
            return None
        if self.ctx.busy:
            self.ctx.status = "Wait until the current action has played"
            return None
        if not self._human_may_act():
            self.ctx.status = self._not_your_turn()
            return None
        actor = enc.turn
        if cmd == "undo":
            reason = self.match.can_undo()
            if reason is not None:
                self.ctx.status = f"Cannot undo: {reason}"
                return None
            undone = self.match.undo()
            self.ctx.version += 1
            self._resync()
            self.ctx.status = f"Undone: {undone.to_json()}"
            return None
        if cmd == "flee":
            reason = enc.can_flee(actor)
            if reason is not None:
                self.ctx.status = f"Cannot flee: {reason}"
                return None
            return push(confirm(f"{actor} flees?", f"{actor} leaves the battle for good.",
                                lambda: self._submit_then(Flee(actor))))
        if cmd == "end_turn":
            return self._end_turn(actor)
        return None

    def _submit_then(self, action: Any) -> Transition | None:
        self.submit(action)
        return None

    def _not_your_turn(self) -> str:
        enc = self.match.encounter
        if enc.phase != ACTIVE or enc.turn is None:
            return "Combat is not running" if enc.phase == SETUP else "Combat is over"
        return f"It is {enc.turn}'s turn ({self._controller()}); press G for GM mode to act for anyone"

    def _end_turn(self, actor: str) -> Transition | None:
        enc = self.match.encounter
        v = enc.view(actor)
        could_attack = not enc.acted and any(
            enc.can_attack(actor, o.name) is None for o in enc.views() if o.active and enc.hostile(actor, o.name))
        lots_left = v.movement_max > 0 and v.movement * 2 > v.movement_max and not v.zoc_exhausted
        if could_attack or lots_left:
            why = (f"{actor} could still attack" if could_attack
                   else f"{actor} still has {v.movement} of {v.movement_max} movement")
            return push(confirm("End turn?", f"{why}. End the turn anyway?", lambda: self._submit_then(EndTurn())))
        self.submit(EndTurn())
        return None

    def _disengage(self) -> Transition | None:
        enc = self.match.encounter
        actor = enc.turn
        if not self._human_may_act() or actor is None:
            self.ctx.status = self._not_your_turn()
            return None
        reason = enc.can_disengage(actor)
        if reason is not None:
            self.ctx.status = f"Cannot disengage: {reason}"
            self.ctx.action_mode = ATTACK
            return None
        skill = best_skill(enc.view(actor))
        self.submit(Disengage(actor, METHOD_FOR.get(skill, "feint"), skill))
        self.ctx.action_mode = ATTACK
        return None

    def _click(self, cell: tuple[int, int] | None) -> Transition | None:
        enc = self.match.encounter
        if cell is None:
            return None
        unit = self._unit_at(cell)
        if enc.phase == SETUP:
            if unit is not None:
                self.ctx.selected = unit
                self.ctx.status = f"{unit} selected" + ("; click a hex to place it there" if self.ctx.gm else "")
            elif self.ctx.gm and self.ctx.selected is not None:
                self.submit(Place(self.ctx.selected, cell))
            else:
                self.ctx.status = "Setup: click Begin battle (Enter) to start; G for GM mode to place combatants"
            return None
        actor = enc.turn
        if self.ctx.busy:
            self.ctx.status = "Wait until the current action has played"
            return None
        if unit is not None and unit == actor:
            self.ctx.selected = unit
            if self.ctx.action_mode == DISENGAGE:
                return self._disengage()
            self.ctx.status = self._idle_status()
            return None
        if unit is not None and actor is not None and enc.hostile(actor, unit) and self._human_may_act():
            mode = self.ctx.action_mode
            if mode == SHOVE:
                reason = enc.can_shove(actor, unit)
                action: Any = Shove(actor, unit)
            else:
                reason = enc.can_attack(actor, unit)
                action = Attack(actor, unit)
            if reason is not None:
                self.ctx.status = f"Cannot {mode} {unit}: {reason}"
                return None
            self.submit(action)
            self.ctx.action_mode = ATTACK
            return None
        if unit is not None:
            self.ctx.selected = unit
            v = enc.view(unit)
            self.ctx.status = f"{unit} ({v.faction}) selected - " + self._not_your_turn() if not self._human_may_act() \
                else f"{unit} ({v.faction}): not its turn; it is {actor}'s turn (Tab selects {actor})"
            return None
        if not self._human_may_act():
            self.ctx.status = self._not_your_turn()
            return None
        if self.ctx.selected not in (None, actor):
            self.ctx.selected = actor
            self.ctx.status = f"Selected {actor}, whose turn it is; click again to move"
            return None
        reason = enc.can_move_to(actor, cell)
        if reason is not None:
            self.ctx.status = f"Cannot move {actor} to {cell[0]},{cell[1]}: {reason}"
            return None
        self.submit(Move(actor, cell))
        return None

    def _face_towards(self, cell: tuple[int, int] | None, dragged: bool) -> Transition | None:
        enc = self.match.encounter
        actor = enc.turn
        if cell is None or actor is None:
            return None
        if not self._human_may_act():
            self.ctx.status = self._not_your_turn()
            return None
        here = enc.view(actor).cell
        if cell == here:
            return None
        geo = self.ctx.geometry
        (ax, ay), (bx, by) = geo.cell_center(here), geo.cell_center(cell)
        want = math.atan2(by - ay, bx - ax)
        lay = enc.layout

        def err(d: int) -> float:
            (nx, ny) = geo.cell_center(lay.neighbor(here, d))
            a = math.atan2(ny - ay, nx - ax) - want
            return abs(math.atan2(math.sin(a), math.cos(a)))

        d = min(range(6), key=err)
        self.submit(Face(actor, lay.direction_names[d]))
        return None

    def _turn_by(self, step: int) -> Transition | None:
        enc = self.match.encounter
        actor = enc.turn
        if actor is None or not self._human_may_act():
            self.ctx.status = self._not_your_turn()
            return None
        d = (enc.view(actor).facing_index + step) % 6
        self.submit(Face(actor, enc.layout.direction_names[d]))
        return None

    def _pause_menu(self) -> MenuScene:
        log = self.opts.log_path
        lines = [f"Every action is already saved{f' in {log}' if log else ''}; "
                 "play MAP --log FILE resumes exactly where you left off."]
        buttons: list[tuple[str, str, Callable[[], Transition | None]]] = [
            ("Resume", "r", lambda: POP),
            ("Help: all keys", "h", lambda: Transition("replace", HelpScene(self.art.title, BATTLE_KEYS))),
        ]
        if self.opts.title_scene is not None:
            make = self.opts.title_scene
            buttons.append(("Back to the title screen", "t", lambda: Transition("reset", make())))
        buttons.append(("Quit", "q", lambda: QUIT))
        return MenuScene("Paused", lines, buttons)

    # --- fixed update -------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        ctx = self.ctx
        cam = ctx.camera
        vx = sum(PAN_KEYS[k][0] for k in self.keys if k in PAN_KEYS)
        vy = sum(PAN_KEYS[k][1] for k in self.keys if k in PAN_KEYS)
        if self.real_mouse and pygame.mouse.get_focused() and self.press is None:
            mx, my = ctx.mouse
            w, h = pygame.display.get_surface().get_size() if pygame.display.get_surface() else (0, 0)
            vx += (mx < EDGE_PX) * -1 + (mx >= w - EDGE_PX) * 1
            vy += (my < EDGE_PX) * -1 + (my >= h - EDGE_PX) * 1
        if vx or vy:
            self.glide = None
        cam.step(vx * PAN_SPEED, vy * PAN_SPEED, dt)
        self.maplayer.tick(dt)  # animated tiles follow the fixed-step clock
        if self.glide is not None:
            gx, gy = self.glide
            k = min(1.0, dt * 5.0)
            cam.cx += (gx - cam.cx) * k
            cam.cy += (gy - cam.cy) * k
            if abs(gx - cam.cx) + abs(gy - cam.cy) < 1.0:
                self.glide = None
        for w in self.widgets:
            tick = getattr(w, "update", None)
            if tick is not None:
                tick(dt, ctx)
        if self.anim.update(dt, self.tokens):
            self._resync()
        self._follow_animation()
        ctx.busy = self.anim.busy or self.thinker.thinking
        enc = self.match.encounter
        if enc.phase == SETUP:
            self._watch_map(dt)
            if self.opts.auto_begin and not ctx.gm:
                self.submit(Begin())
            elif all(c != "human" for c in self.match.controllers.values()):
                self.submit(Begin())  # AI-only battles need nobody to press Begin
            return None
        if self.anim.busy:
            return None
        self._turn_check(new_status=True)
        if enc.is_over():
            if not self.summary_shown:
                self.summary_shown = True
                return push(self._summary())
            return None
        if enc.phase == ACTIVE and self.match.is_ai_turn() and not ctx.gm:
            return self._ai_tick(dt)
        return None

    def _follow_animation(self) -> None:
        """Keep a token that is walking or being pushed in view (glide, never jump)."""
        for a in list(self.anim.queue)[:1]:
            unit = getattr(a, "unit", "")
            tok = self.tokens.get(unit)
            if tok is not None and tok.pos is not None:
                self._look_at(tok.pos)

    def _ai_tick(self, dt: float) -> Transition | None:
        if self.ai_wait > 0 and self.anim.speed != math.inf:
            self.ai_wait -= dt
            return None
        enc = self.match.encounter
        if not self.thinker.thinking and self.thinker.thread is None:
            faction = enc.view(enc.turn).faction
            policy = self.match.controllers[faction]
            sandbox = enc.sandbox(self.ai_rng)  # built here, on the main thread; the worker only reads it
            level = self.opts.policy_levels.get(faction)
            why = (enc.sandbox(random.Random(self.opts.seed)), level) if self.opts.explain_ai and level else None
            self.thinker.start(policy, sandbox, self.ai_rng, (enc.round, enc.turn, len(enc.history)), why)
            self.ctx.busy = True
            return None
        action = self.thinker.take()
        if action is None:
            return None
        who = enc.turn
        if self.thinker.reasons:
            faction = enc.view(who).faction
            self.ai_lines = self.thinker.reasons
            self.ai_who = f"{who}, {self.opts.policy_labels.get(faction, 'AI')}: {action_words(action)}"
        if not self.submit(action):
            # The policy chose something the engine refuses: say so and end the turn rather than stall.
            self.ctx.status = f"AI for {who} chose an illegal action ({self.ctx.status}); its turn ends"
            self.submit(EndTurn())
        self.ai_wait = AI_PAUSE_S.get(self.anim.speed, 0.0)
        return None

    def _watch_map(self, dt: float) -> None:
        """Designers: the TMX changed on disk during setup -> reload the map in place (R13 setup only)."""
        if self.opts.reload is None or self.opts.map_path is None:
            return
        self.reload_check -= dt
        if self.reload_check > 0:
            return
        self.reload_check = 0.5
        m = self._mtime()
        if m == self.mtime:
            return
        self.mtime = m
        try:
            match, art = self.opts.reload()
        except Exception as err:  # a half-saved file: keep the old map, say why
            self.ctx.status = f"Map not reloaded: {' '.join(str(err).split())}"
            return
        self.match, self.art = match, art
        self.ctx.match = match
        self.maplayer.reload(art)
        self.ctx.camera.set_picture(art.size, art.origin)
        self.ctx.version += 1
        self._resync()
        self.ctx.status = f"Map reloaded from {self.opts.map_path.name}"

    def _summary(self) -> Scene:
        from .menus import SummaryScene, summary_lines

        humans = {f for f, c in self.match.controllers.items() if c == "human"}
        headline, lines = summary_lines(self.match.encounter, self.opts.log_path, humans)
        buttons: list[tuple[str, str, Callable[[], Transition | None]]] = []
        if self.opts.replay is not None:
            make_replay = self.opts.replay
            buttons.append(("Watch the replay", "r", lambda: _push_or_none(make_replay())))
        if self.opts.title_scene is not None:
            make = self.opts.title_scene
            buttons.append(("Back to the title screen", "t", lambda: Transition("reset", make())))
        buttons.append(("Quit", "q", lambda: QUIT))
        return SummaryScene(headline, lines, buttons, match=self.match)

    # --- drawing ------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.ctx.view_rect = pygame.Rect(0, TOP_BAR, w, max(1, h - TOP_BAR - STATUS_BAR))
        cam = self.ctx.camera
        cam.view_w, cam.view_h = self.ctx.view_rect.size

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        self.frames += 1
        if not self.framed and not self._begins_itself():
            # The opening view: lay the panels out once (this drawing is overwritten at once), then frame
            # the map so no token starts under them (Wesnoth, Foundry: the forces start in plain sight).
            self.framed = True
            self._draw(screen, alpha)
            self.frame_opening()
        self._draw(screen, alpha)

    def _begins_itself(self) -> bool:
        """Setup that the next update turns into combat (auto begin, or AI-only): no turn, no card yet."""
        if self.match.encounter.phase != SETUP:
            return False
        return (self.opts.auto_begin and not self.ctx.gm) or all(c != "human" for c in self.match.controllers.values())

    def panel_covers(self) -> list[pygame.Rect]:
        """Screen rectangles the panels and the action bar took in the last drawing."""
        rects = [pygame.Rect(w.cover) for w in self.widgets if w.layer == "panel" and hasattr(w, "cover")]
        rects += [pygame.Rect(b.rect) for b, _ in self.buttons]
        return [r for r in rects if r.width > 0 and r.height > 0]

    def frame_opening(self) -> tuple[int, int]:
        """Zoom and centre so every token is in view and clear of the panels (see game.ui.framing)."""
        ctx = self.ctx
        enc = self.match.encounter
        inr = ctx.hex_radius() / ctx.zoom  # map pixels
        humans = {f for f, c in self.match.controllers.items() if c == "human"}
        discs = [Disc(*ctx.geometry.cell_center(v.cell), inr * (0.78 + 1.42 * v.radius), v.faction in humans)
                 for v in enc.views() if v.active]
        vr = ctx.view_rect
        covers = [r.move(-vr.x, -vr.y) for r in self.panel_covers()]
        hidden = opening_view(ctx.camera, discs, covers)
        self.glide = None
        return hidden

    def _draw(self, screen: pygame.Surface, alpha: float) -> None:
        ctx = self.ctx
        ctx.alpha = alpha
        if screen.get_size() != (ctx.view_rect.w, ctx.view_rect.h + TOP_BAR + STATUS_BAR):
            self.resize(screen.get_size())
        vr = ctx.view_rect
        origin = ctx.to_screen(0, 0)
        self.maplayer.draw(screen, vr, origin, ctx.zoom_index)
        clip = screen.get_clip()
        screen.set_clip(vr)
        for w in self.widgets:
            if w.layer == "under":
                w.draw(screen, ctx)
        if ctx.show_coords:
            self._draw_coords(screen)
        if ctx.hovered_cell is not None and self.press is None:
            self._draw_hover(screen, ctx.hovered_cell)
        draw_tokens(screen, ctx, self.tokens)
        self._draw_fx(screen)
        for w in self.widgets:
            if w.layer == "over":
                w.draw(screen, ctx)
        enc = self.match.encounter
        self.buttons = hud.action_buttons(ctx, self.match.can_undo() is None, enc.phase == SETUP) \
            if (enc.phase == SETUP or (enc.phase == ACTIVE and self._human_may_act())) else []
        # The action bar goes under the panels: their tooltips (attack previews) must never be hidden.
        hud.draw_action_bar(screen, self.buttons, ctx.mouse)
        for w in self.widgets:
            if w.layer == "panel":
                w.draw(screen, ctx)
        if self.opts.explain_ai and self.ai_lines:  # above the panels: asked for, so never hidden
            hud.draw_explain(screen, ctx, self.ai_who, self.ai_lines)
        screen.set_clip(clip)
        self.speed_rect = hud.draw_top_bar(screen, ctx, self.art.title, self._controller(), self.anim.speed,
                                           str(self.opts.log_path or ""))
        hud.draw_status(screen, ctx, "H help   V enemy reach   G GM   Esc menu")

    def _draw_hover(self, screen: pygame.Surface, cell: tuple[int, int]) -> None:
        pts = self.ctx.hex_polygon(cell)
        pygame.draw.lines(screen, (255, 248, 210), True, pts, 2)

    def _draw_coords(self, screen: pygame.Surface) -> None:
        ctx = self.ctx
        vr = ctx.view_rect
        lay = ctx.encounter.layout
        size = max(10, int(14 * ctx.zoom))
        for row in range(lay.rows):
            for col in range(lay.cols):
                x, y = ctx.cell_to_screen((col, row))
                if vr.left - 40 < x < vr.right + 40 and vr.top - 40 < y < vr.bottom + 40:
                    text(screen, f"{col},{row}", (round(x), round(y + ctx.hex_radius() * 0.55)), size,
                         (255, 255, 255), anchor="center")

    def _draw_fx(self, screen: pygame.Surface) -> None:
        if self.anim.speed == math.inf:
            self.anim.fx.clear()  # instant: the status line and the combat log tell it; stacked words would not
        for f in self.anim.fx:
            x, y = self.ctx.to_screen(*f.at)
            rise = 40 * f.t / f.life
            at = (round(x), round(y - 24 - rise))
            text(screen, f.text, (at[0] + 2, at[1] + 2), 28, (10, 10, 14), bold=True, anchor="center")  # shadow
            text(screen, f.text, at, 28, f.colour, bold=True, anchor="center")


def _push_or_none(scene: Scene | None) -> Transition | None:
    return push(scene) if scene is not None else None


METHOD_FOR = {"shields": "shield", "acrobatics": "tumble", "blades": "parry"}


def best_skill(view: Any) -> str:
    """The combatant's strongest skill (R23: the player names the skill that fits; the card shows them all)."""
    skills = list(view.skills)
    if not skills:
        return "none"
    return max(skills, key=lambda kv: kv[1])[0]


def roll_words(roll: int, bonus: int, needed: int) -> str:
    """"d20 11 +4 = 15, needed 13": the die, the bonus, the total against what it had to reach."""
    return f"d20 {roll} {'+' if bonus >= 0 else '-'}{abs(bonus)} = {roll + bonus}, needed {needed}"


def describe(applied: Any, enc: Any) -> str:
    """One status line for what just happened, from the engine's events."""
    parts = []

    def attack_of(name: str) -> int:
        return enc.view(name).attack

    for ev in applied.events:
        kind = type(ev).__name__
        g = ev.__getattribute__
        if kind == "Moved":
            stop = g("stopped_by")
            n = len(g("path")) - 1
            s = f"{g('unit')} moved {n} hex{'es' if n != 1 else ''} (cost {g('cost')})"
            if stop:
                s += f"; stopped: threatened by {', '.join(stop)}"
            parts.append(s)
        elif kind == "Attacked":
            s = (f"{g('unit')} attacks {g('target')} ({g('arc')} arc): "
                 f"{roll_words(g('roll'), attack_of(g('unit')), g('needed'))} - ")
            s += f"hit for {g('damage')}" if g("hit") else "miss"
            parts.append(s)
        elif kind == "Shoved":
            parts.append(f"{g('unit')} shoves {g('target')}: {roll_words(g('roll'), attack_of(g('unit')), g('needed'))}"
                         " - " + ("pushed" if g("hit") else "miss"))
        elif kind == "Pushed":
            end = g("path")[-1]
            s = f"{g('unit')} pushed to {end[0]},{end[1]}" if len(g("path")) > 1 else f"{g('unit')} could not be pushed"
            if g("hazard_damage"):
                s += f", {g('hazard_damage')} hazard damage"
            if g("fell"):
                s += ", fell"
            parts.append(s)
        elif kind == "Disengaged":
            bonus = enc.view(g("unit")).skill(g("skill"))
            parts.append(f"{g('unit')} disengages ({g('skill')}): {roll_words(g('roll'), bonus, g('needed'))} - "
                         + ("free of " + ", ".join(g("cancels")) if g("success") else "failed"))
        elif kind in ("Defeated", "Fled"):
            parts.append(f"{g('unit')} {kind.lower()}")
        elif kind == "TurnStarted":
            parts.append(f"{g('unit')}'s turn")
        elif kind == "CombatEnded":
            parts.append("combat over")
    return "; ".join(parts) or action_words(applied.action)


BATTLE_KEYS = (
    ("Click your combatant", "select it (its reach is shaded)"),
    ("Click a shaded hex", "move there along the cheapest path"),
    ("Click an enemy", "attack it (or shove / disengage, see A S D)"),
    ("A / S / D", "attack / shove / disengage mode (D twice: disengage now)"),
    ("Right-click or right-drag, Q / E", "turn to face a hex / turn left, right"),
    ("F", "flee (on an exit hex)"),
    ("U, Backspace, Ctrl+Z", "undo the last move while no dice were rolled"),
    ("Enter", "end the turn (asks if you could still act)"),
    ("Tab", "select and show the current actor"),
    ("V", "enemy reach: how many enemies can hit each hex next turn"),
    ("Hover an enemy", "attack preview (Shift: the hexes it could attack next turn)"),
    ("G", "GM mode: act for anyone, GM tools"),
    ("X", "show the AI's reasons"),
    ("1 / 2 / 3, click the speed", "AI speed 1x / 2x / instant"),
    ("C / L", "coordinates on every hex / legend of colours and terrain costs"),
    ("Drag, arrows, screen edge", "pan"),
    ("Wheel, + / -, Home", "zoom toward the cursor / fit the map"),
    ("F11", "full screen"),
    ("Esc", "pause menu (back out of shove/disengage first)"),
)
