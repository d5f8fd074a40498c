"""The battle scene: wires input, the command mapper, the match, the AI driver, the map watcher and the view.

One path for every change: a pygame event becomes an intent
(:mod:`game.ui.battle_input`), the intent a command
(:mod:`game.ui.commands`), and an action goes straight to ``Match.submit``;
a refusal is the engine's ``IllegalActionError`` and its words go to the
status line (:func:`game.ui.narration.refusal`). The AI's choices
(:mod:`game.ui.aiturn`) and the widgets' replies (GM tools) take the same
:meth:`BattleScene.submit`. The events an action caused become animations
and, through :mod:`game.ui.narration`, the status line.

The scene's other concerns are mixins, one module each: the buttons and view operations
(:mod:`game.ui.battle_commands`), the pointer (``battle_pointer``), a shove by keyboard (``battle_focus``),
questions (``battle_ask``), the map reloaded and the setup saved (``battle_files``), the summary at the end
(``battle_end``, a function); what a battle is opened with is :mod:`game.ui.battle_options`
(``BattleOptions`` is importable from here too).
"""

from __future__ import annotations

import math

from game.maps.pixels import TiledPixels
from game.match import Match
from game.render.map_art import MapArt
from game.render.pg import pygame
from game.rules import ACTIVE, SETUP, Action, Begin, EndTurn, Face, IllegalActionError, Move, RulesError, SaveError

from . import heap, hud, narration
from .aiturn import AIDriver
from .anim import Animator, anims_for
from .battle_ask import BattleQuestions
from .battle_camera import BattleCamera
from .battle_commands import SPEEDS, BattleCommands
from .battle_end import summary_scene
from .battle_files import BattleFiles
from .battle_focus import BattleFocus
from .battle_input import BattleInput, ViewOp
from .battle_options import BattleOptions
from .battle_pointer import OFF_WINDOW as OFF_WINDOW  # importable here, as before
from .battle_pointer import BattlePointer
from .battle_view import HINT, SUMMARY_HINT, BattleView, screen_fits
from .camera import Camera
from .commands import (
    ATTACK,
    WAIT,
    Ask,
    CommandMapper,
    EndTurnNow,
    Intent,
    Pick,
    Say,
    Situation,
    Submit,
    TakeBack,
    UndoLast,
    no_fight_next,
)
from .context import STATUS_BAR, TOP_BAR, BattleContext, Reply, Widget
from .director import Director
from .endturn import EndTurnGuard
from .help import BATTLE_HELP as BATTLE_HELP  # tests and tools read the battle's help pages here
from .mapwatch import MapWatcher
from .scene import QUIT, Scene, Transition, push
from .status_fade import StatusFade
from .tokenlayer import TokenState, states_from


def collect_widgets() -> list[Widget]:
    """The overlays and panels (game.ui.overlays / game.ui.panels ``widgets()``)."""
    from . import overlays, panels

    return [*overlays.widgets(), *panels.widgets()]


class BattleScene(BattleCommands, BattlePointer, BattleFocus, BattleQuestions, BattleFiles, Scene):
    """A battle in the window: the match, its widgets, the camera and the AI driver, one path for every change.

    The named commands (the action bar's buttons, the view operations) are :class:`BattleCommands`'s; what
    the pointer points at, :class:`BattlePointer`'s; the foe Tab chose to shove, :class:`BattleFocus`'s; a yes/no
    question and where it goes, :class:`BattleQuestions`'s; the map reloaded from disk and the setup saved,
    :class:`BattleFiles`'s."""

    def __init__(self, match: Match, art: MapArt, size: tuple[int, int], options: BattleOptions | None = None,
                 widgets: list[Widget] | None = None) -> None:
        self.match = match
        self.opts = options or BattleOptions()
        self.view = BattleView(art)
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
        self.input = BattleInput()
        self.end_guard = EndTurnGuard()
        self.status_fade = StatusFade()  # a refusal gives way to the turn's hint after a few seconds
        self._greyed: tuple[object, str] = (None, "")  # greyed_reason's last answer, with what it depends on
        self._hint_due = True  # the next turn's status is the how-to hint (see submit)
        self.mapper = CommandMapper(match, pixels.cell_center, self.opts.policy_labels)
        self.ai = AIDriver(self.opts.seed, self.opts.policy_levels, self.opts.policy_labels, self.opts.settle_ai)
        self.camera = BattleCamera(self.ctx, self.view, self.widgets)
        self.watcher = MapWatcher(self.opts.map_path)
        self.show_panels = True
        self.summary_shown = False
        self.last_turn: str | None = None
        self.frames = 0
        self._camera_seen: tuple[int, float, float] | None = None  # where the map was at the last update
        self.camera.focus_actor(self.tokens, jump=True)
        self.ctx.status = self.mapper.idle_status(self.ctx.gm)

    def announce(self, text: str) -> None:
        """A line for the status as the battle opens (a mended save, a save note naming another map) that the
        first turn's how-to hint does not replace at once: it stays until something happens on the map."""
        self.ctx.status = text
        self._hint_due = False

    @property
    def art(self) -> MapArt:
        return self.view.art

    @property
    def director(self) -> Director:
        """The camera's glide and panning (game.ui.director), as the update loop drives it."""
        return self.camera.director

    # --- the one way to change the encounter -----------------------------------------------
    def submit(self, action: Action, status: str | None = None) -> bool:
        """Hand ``action`` to the match; the engine's refusal (its own words) goes to the status line."""
        enc = self.match.encounter
        # A player's own action (never the AI's, nor the turn's end, whose events are the next actor's): the
        # camera holds still while it plays. Found on ship_boarding: Kestrel's walk up to Sahuagin 2 scrolled
        # the board 37 px, and the second click of move-then-attack, where the first was, missed him.
        by_player = not isinstance(action, Begin | EndTurn) and (self.ctx.gm or not self.match.is_ai_turn())
        if isinstance(action, Begin) and narration.nothing_to_fight(enc):
            # The engine would begin and end it at once, every side "winning" (R13): the window keeps the setup.
            # Why is the banner's to say; the status line gives the next step.
            self.ctx.status = f"No fight to begin yet. {no_fight_next(self.ctx.gm)}"
            return False
        try:
            applied = self.match.submit(action)
        except IllegalActionError as err:
            self.ctx.status = self.refused_words(action, err)  # with the hover's why, for a foe out of reach
            return False
        except SaveError as err:  # a full disk: the action is not played, the save intact, the window open
            self.ctx.status = str(err)
            return False
        except RulesError as err:  # a GM form's bad value: one line, the state unchanged
            self.ctx.status = narration.refusal(err)
            return False
        self.ctx.version += 1
        self._rehover()
        anims = anims_for(applied.events, self.tokens, self._centre, enc.layout.direction_index, self._area_px)
        for a in anims:
            a.by_player = by_player
        self.anim.add(anims)
        if self.anim.speed == math.inf or not anims:
            self.anim.skip(self.tokens)
            self._resync()
        self.ctx.animating = self.anim.busy  # from this frame on, not the next update's
        self.ctx.status = status or narration.status_line(applied, enc)
        # A new turn said only as "Lysa's turn" gets the how-to hint instead (the first turn had it, the
        # second did not); a louder line (hazard damage at the turn's start) keeps the status line.
        self._hint_due = isinstance(action, Begin) or (status is None and narration.routine(applied))
        if not self.anim.busy:
            self._turn_check(new_status=self._hint_due)
        return True

    def perform(self, intent: Intent) -> Transition | None:
        """An intent through the command mapper, and the command carried out."""
        if isinstance(intent, EndTurnNow) and self.end_guard.holding:
            return None  # a second Enter of a quick double press: the next turn is not on screen yet (endturn)
        cmd = self.mapper.map(intent, self._situation())
        if isinstance(cmd, Say):
            self._say(cmd)
        elif isinstance(cmd, Submit):
            self._carry_out(cmd)
        elif isinstance(cmd, Ask):
            action = cmd.action
            self.input.forget()
            return self._ask(cmd.question, cmd.detail, lambda: self._submit_then(action), cmd.about)
        elif isinstance(cmd, TakeBack):
            self.undo()
        return None

    def _say(self, cmd: Say) -> None:
        """The mapper's words on the status line, with the selection and the mode they bring."""
        if cmd.text == WAIT and self.match.encounter.is_over():
            # The fight is over: nothing waits on the last action but the summary. An Enter pressed while the
            # last blow played left "Wait until the current action has played" under the summary for good.
            return
        self.ctx.status = cmd.text
        if cmd.select is not None:
            self.ctx.selected = cmd.select
        if cmd.mode is not None:
            self.ctx.action_mode = cmd.mode

    def _carry_out(self, cmd: Submit) -> None:
        """An action to the match; once it is done, the click mode, the end-turn guard and the turn watch follow."""
        # A mode lasts until it is used: a step or a turn to get into range or line keeps it (R, click a
        # hex to step up, then the shot), whatever else is done ends it.
        keeps_mode = cmd.status is not None or isinstance(cmd.action, Begin | Move | Face)
        done = self.submit(cmd.action, cmd.status)
        if done and not keeps_mode:
            self.ctx.action_mode = ATTACK
        if done and isinstance(cmd.action, EndTurn):
            self.end_guard.ended()
        if isinstance(cmd.action, Begin):
            self.last_turn = None

    def undo(self) -> None:
        try:
            undone = self.match.undo()
        except IllegalActionError as err:
            self.ctx.status = f"Cannot undo: {str(err).removeprefix('undo: ')}"
            return
        except SaveError as err:
            self.ctx.status = str(err)
            return
        self.ctx.version += 1
        self._resync()
        self._rehover()
        self.ctx.status = narration.undone_line(undone)

    def _situation(self) -> Situation:
        ctx = self.ctx
        return Situation(mode=ctx.action_mode, selected=ctx.selected, gm=ctx.gm, busy=ctx.busy)

    def _turn_check(self, new_status: bool) -> None:
        """A new actor: select it, bring it into view, say what to do (once per turn)."""
        enc = self.match.encounter
        if enc.turn == self.last_turn:
            return
        self.last_turn = enc.turn
        heap.keep()  # what the last turn made is never rescanned in a frame (game.ui.heap)
        self.ctx.action_mode = ATTACK  # a mode is the actor's: the next one starts in attack mode
        if self.match.is_human_turn():
            # The enemy-reach counts hide the mover's own shading; left on from the last turn they met the next
            # combatant with no hexes to move to shown (found on the Black Gull). V brings them back.
            self.ctx.show_enemy_reach = False
        if enc.turn is not None:
            self.ctx.selected = enc.turn
            # Framed at the next drawing, once the card and the action bar have laid out for this actor: as drawn
            # for the last one (Pell's card, a line taller) the view slid 34 px as Lysa's turn began on the ambush.
            self.camera.turn_due = True
            if new_status:
                self.ctx.status = self.mapper.idle_status(self.ctx.gm)

    def _resync(self) -> None:
        self.tokens = states_from(self.ctx)

    def _centre(self, cell: tuple[int, int]) -> tuple[float, float]:
        return self.ctx.geometry.cell_center(cell)

    def _area_px(self, caster: str) -> float:
        """Map pixels from an area's centre hex to the far edge of its outer ring (R32's radius)."""
        area = self.match.encounter.view(caster).area
        across = 2 * self.ctx.hex_radius() / self.ctx.zoom  # centre to neighbouring centre
        return ((area.radius if area is not None else 0) + 0.5) * across

    def _unit_at(self, cell: tuple[int, int] | None) -> str | None:
        return self.mapper.unit_at(cell)

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.QUIT:
            return QUIT
        if event.type == pygame.WINDOWLEAVE:
            self._pointer_left()
            return None
        self.pointer_event(event)  # a real move of the pointer takes the choice back from Tab's focus
        if self._points_anew(event):
            self._hover(event.pos)
        press = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        # The action bar is drawn under the panels, so a press on a panel over it is the panel's (found at 640x400:
        # the GM card's "Add a combatant..." over the bar's Shove button chose Shove). The bar hears a press no
        # panel took, before the map's overlays do.
        over_panel = press and self._panel_at(event.pos)
        widgets = self._widgets_topmost_first()
        bar_turn = sum(w.layer == "panel" for w in widgets) if over_panel else 0  # where the bar is asked
        for i, w in enumerate(widgets):
            if press and i == bar_turn:
                mine, answer = self._bar_click(event.pos)
                if mine:
                    return answer
            reply = w.handle_event(event, self.ctx)
            if reply is not None:
                self.note_pointer(event)
                return self._reply(reply)
        if press and bar_turn == len(widgets):  # nothing after the panels, none of which took it
            mine, answer = self._bar_click(event.pos)
            if mine:
                return answer
        self.note_pointer(event)
        return self._map_input(event)

    def _points_anew(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` points at something new, so the hover follows it."""
        # SDL also reports the wheel as presses of buttons 4 and 5: those point at nothing new (over the
        # combat log they put a map tooltip under the pointer), only the motion and real buttons do. A press on
        # a panel that claimed the pointer hovers nothing either (on the GM's card it put "Pell cannot move to
        # 1,7", the hex under its greyed Undo, over the card).
        return event.type == pygame.MOUSEMOTION or (
            event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 2, 3)
            and not self.on_panel)

    def _bar_click(self, pos: tuple[int, int]) -> tuple[bool, Transition | None]:
        """A left click on the speed label or an action bar button: (taken, what to do). A greyed button
        says why it is greyed."""
        if self.view.speed_rect.collidepoint(pos):  # mouse-first: the speed label cycles 1x, 2x, instant
            self.set_speed(SPEEDS[(SPEEDS.index(self.anim.speed) + 1) % len(SPEEDS)]
                           if self.anim.speed in SPEEDS else 1.0)
            return True, None
        hit = self.view.button_at(pos)
        if hit is None:
            return False, None
        button, cmd = hit
        if button.enabled:
            return True, self._button(cmd)
        self._why_disabled(cmd)
        return True, None

    def _map_input(self, event: pygame.event.Event) -> Transition | None:
        """A key or the pointer no panel took: the input mapper's action, pick or view change, carried out."""
        if event.type == pygame.KEYUP:
            self.input.key_up(event)
            return None
        if event.type == pygame.KEYDOWN:
            mine, answer = self.focus_key(event)  # Tab, Enter, Esc of a shove by keyboard (battle_focus)
            if mine:
                return answer
            out = self.input.key(event, self.match.encounter.phase == SETUP)
        else:
            out = self.input.pointer(event, self.ctx)
            if self.blind(out):
                return None
        if isinstance(out, ViewOp):
            return self._view_op(out)
        if isinstance(out, Pick):
            out = Pick(out.cell, self._approach(out.cell))
        return self.perform(out) if out is not None else None

    def _panel_at(self, pos: tuple[int, int]) -> bool:
        """Whether a shown panel, as last drawn, lies under ``pos``."""
        return any((c := getattr(w, "cover", None)) is not None and pygame.Rect(c).collidepoint(pos)
                   for w in self._widgets_topmost_first() if w.layer == "panel")

    def _widgets_topmost_first(self) -> list[Widget]:
        """Panels first (they sit on top; collapsed ones hear nothing), then the map's overlays."""
        panels = [w for w in reversed(self.widgets) if w.layer == "panel"
                  and (self.show_panels or getattr(w, "always", False))]
        return panels + [w for w in reversed(self.widgets) if w.layer != "panel"]

    def _approach(self, cell: tuple[int, int]) -> tuple[int, int] | None:
        """The hex the attack, shot or cast preview proposes to act from, when the click is on the previewed target
        (only the preview of the mode in force has a plan)."""
        for w in self.widgets:
            approach_for = getattr(w, "approach_for", None)
            found: tuple[int, int] | None = approach_for(self._unit_at(cell)) if approach_for is not None else None
            if found is None and hasattr(w, "cast_approach_for"):  # cast mode: the click's hex is the centre
                found = w.cast_approach_for(cell)
            if found is not None:
                return found
        return None

    def _reply(self, reply: Reply) -> Transition | None:
        """A widget's reply acted on: its status, its action (submitted like any other), its command (undo,
        save the setup as a map), its transition."""
        if reply.status:
            self.ctx.status = reply.status
        if reply.action is not None:
            if self.ctx.busy:
                self.ctx.status = "Wait until the current action has played"
            elif reply.ask is not None:  # asked first (the GM's End combat): Yes submits it, No does nothing
                action = reply.action
                self.input.forget()
                return self._ask(*reply.ask, lambda: self._submit_then(action))
            else:
                self.submit(reply.action, None)
        if reply.command == "undo":
            return self.perform(UndoLast())
        if reply.command == "save":
            self.save_setup()
        return reply.transition

    # --- fixed update -------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        """One fixed step: the window's clocks first (camera, widgets, animations), then the battle's own: setup's
        Begin, the next turn's start once the animations have played, the summary, the AI's move."""
        self._step_window(dt)
        enc = self.match.encounter
        if enc.phase == SETUP:
            self._setup_step()
            return None
        if self.anim.busy:
            return None
        self._turn_check(new_status=self._hint_due)
        if enc.is_over():
            return self._summary_once()
        if enc.phase == ACTIVE and self.match.is_ai_turn() and not self.ctx.gm:
            self._ai_tick(dt)
        return None

    def _step_window(self, dt: float) -> None:
        """What moves with the clock whatever the battle's phase: the camera, the end-turn guard, the hover,
        animated tiles, the widgets, the animations, the status line's fade and the map file's watch."""
        ctx = self.ctx
        self.director.step(*self._pan_velocity(), dt)
        self.end_guard.tick(dt, shown=not self.anim.busy and self.director.glide is None
                            and self.last_turn == self.match.encounter.turn)
        self.focus_check()
        self._pointer_still()
        self.view.maplayer.tick(dt)  # animated tiles follow the fixed-step clock
        for w in self.widgets:
            tick = getattr(w, "update", None)
            if tick is not None:
                tick(dt, ctx)
        if self.anim.update(dt, self.tokens):
            self._resync()
        self.camera.follow(self.anim, self.tokens)
        ctx.animating = self.anim.busy
        ctx.busy = self.anim.busy or self.ai.thinking
        ctx.status = self.status_fade.tick(ctx.status, dt, lambda: self.mapper.hint_in_mode(ctx.action_mode, ctx.gm))
        self.nobody_check()  # Tab's "nobody to choose" gives way once the preview offers a legal action
        self._watch_map(dt)

    def _pan_velocity(self) -> tuple[int, int]:
        """The arrow keys held, plus the screen edge under a real pointer (not while a button is held)."""
        vx, vy = self.input.pan_vector()
        if self.input.real_mouse and self.input.press is None and pygame.mouse.get_focused():
            ex, ey = self.director.edge_vector(self.ctx.mouse, tuple(self.ctx.view_rect))  # type: ignore[arg-type]
            vx, vy = vx + ex, vy + ey
        return vx, vy

    def _setup_step(self) -> None:
        """Setup: begin by itself when the options say so (not for a GM placing) or when no human plays."""
        enc = self.match.encounter
        if narration.nothing_to_fight(enc):
            return  # no fight to begin: the banner says why, the map and the GM's tools stay open
        if self.opts.auto_begin and not self.ctx.gm:
            self.submit(Begin())
        elif all(c != "human" for c in self.match.controllers.values()):
            self.submit(Begin())  # AI-only battles need nobody to press Begin

    def _summary_once(self) -> Transition | None:
        """The battle is over: the summary opens over it, once."""
        if not self.summary_shown:
            self.summary_shown = True
            return push(summary_scene(self.match, self.opts))
        return None

    def _ai_tick(self, dt: float) -> None:
        action = self.ai.tick(self.match, dt, self.anim.speed, self.opts.explain_ai)
        if action is None:
            self.ctx.busy = self.ctx.busy or self.ai.thinking
            return
        who = self.match.encounter.turn
        if not self.submit(action):
            # The policy chose something the engine refuses: say so and end the turn rather than stall.
            self.ctx.status = f"AI for {who} chose an action the rules refuse ({self.ctx.status}); its turn ends"
            self.submit(EndTurn())

    # --- drawing ------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """A new window size: the map area follows it, and the camera decides what to show (battle_camera)."""
        self.camera.resized(size, TOP_BAR, STATUS_BAR)

    def draw(self, screen: pygame.Surface, alpha: float) -> None:
        self.frames += 1
        cam = self.camera
        if not cam.framed and not self.begins_itself():
            # The opening view: lay the panels out once (this drawing is overwritten at once), then frame
            # the map so no token starts under them (Wesnoth, Foundry: the forces start in plain sight).
            cam.framed = True
            self._draw(screen, alpha)
            cam.frame_opening({f for f, c in self.match.controllers.items() if c == "human"})
            # The map jumped under a resting pointer: hover what lies under it now, before this frame shows the
            # old hover (P on the Greenway's opening view flashed Brother Odo's name tag over Lysa for a frame).
            self._pointer_still()
        elif cam.refocus:
            cam.refocus = False
            self._draw(screen, alpha)  # the panels laid out for the new size first
            cam.focus_actor(self.tokens)
            self._pointer_still()  # likewise: the map moved under the pointer
        self._draw(screen, alpha)
        if not self.view.settled:  # a panel opened, grew or moved: its room known now, the tag placed clear of it
            self.ctx.again = True
            try:
                self._draw(screen, alpha)
            finally:
                self.ctx.again = False
        if cam.turn_due and self.match.encounter.turn is not None:
            cam.turn_due = False  # the panels have laid out for the new actor: the glide starts from here
            if self.match.is_human_turn() and not self.ctx.gm:
                cam.frame_turn(self.tokens)
            else:
                cam.focus_actor(self.tokens, still=True)

    def begins_itself(self) -> bool:
        """Setup that the next update turns into combat (auto begin, or AI-only): no turn, no card yet."""
        if self.match.encounter.phase != SETUP:
            return False
        return (self.opts.auto_begin and not self.ctx.gm) or all(c != "human" for c in self.match.controllers.values())

    def panel_covers(self) -> list[pygame.Rect]:
        """Screen rectangles the panels and the action bar took in the last drawing."""
        return self.view.panel_covers(self.widgets)

    def _draw(self, screen: pygame.Surface, alpha: float) -> None:
        ctx = self.ctx
        ctx.alpha = alpha
        if not screen_fits(screen, ctx):
            self.resize(screen.get_size())
        enc = self.match.encounter
        acting = enc.phase == SETUP or (enc.phase == ACTIVE and self.mapper.may_act(self._situation()))
        buttons = hud.action_buttons(ctx, self.match.can_undo() is None, enc.phase == SETUP) if acting else []
        explain = self.ai.reasons_shown(self.match) if self.opts.explain_ai else None
        greyed = next((c for b, c in buttons if not b.enabled and b.rect.collidepoint(ctx.mouse)), None)
        self.view.draw(screen, ctx, self.widgets, self.tokens, self.anim, buttons=buttons,
                       pressing=self.input.press is not None, controller=self.mapper.controller_label(),
                       log_path=str(self.opts.log_path or ""), explain=explain, show_panels=self.show_panels,
                       button_tip=self.greyed_reason(greyed) if greyed is not None else None,
                       hint=SUMMARY_HINT if self.summary_shown else HINT)

