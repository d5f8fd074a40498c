"""The battle's named commands: what the action bar's buttons (``begin``, ``end_turn``, ``flee``, ``undo``,
``mode:<name>``) and the view operations of :mod:`game.ui.battle_input` (zoom, pan, fit, speed, focus,
help, the pause menu, the toggles) do, and why a greyed button is greyed.

A mixin of :class:`game.ui.battle.BattleScene`: the scene's state is declared below, so a reader sees
everything a command touches. None of it changes the encounter: a button becomes an intent, which the
scene's ``perform`` hands to the command mapper like a key's.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.match import Match

from . import hud, narration
from .anim import Animator
from .battle_camera import BattleCamera, home_words
from .battle_input import BattleInput, ViewOp
from .battle_options import BattleOptions
from .battle_view import BattleView
from .commands import (
    ATTACK,
    BeginBattle,
    CommandMapper,
    EndTurnNow,
    FleeNow,
    Intent,
    Say,
    SetMode,
    Situation,
    Submit,
    UndoLast,
)
from .compact import card_full
from .context import BattleContext, Widget
from .gm import GMTools
from .help import BATTLE_HELP, HelpScene
from .loop import toggle_fullscreen
from .menus import MenuScene
from .overlays import enemy_reach
from .scene import POP, QUIT, Transition, push
from .tokenlayer import TokenState

SPEEDS = (1.0, 2.0, math.inf)  # what the speed label cycles through: 1x, 2x, instant


class BattleCommands:
    """The named commands of the battle scene (mixed into ``BattleScene``, which sets all of this)."""

    ctx: BattleContext
    match: Match
    opts: BattleOptions
    anim: Animator
    input: BattleInput
    camera: BattleCamera
    view: BattleView
    mapper: CommandMapper
    tokens: dict[str, TokenState]
    show_panels: bool
    widgets: list[Widget]
    _greyed: tuple[object, str]  # greyed_reason's last answer, with what it depends on
    perform: Callable[[Intent], Transition | None]  # the scene's: an intent through the command mapper
    _situation: Callable[[], Situation]

    def _button(self, cmd: str) -> Transition | None:
        intents: dict[str, Intent] = {"begin": BeginBattle(), "end_turn": EndTurnNow(), "flee": FleeNow(),
                                      "undo": UndoLast()}
        intent = intents.get(cmd) or SetMode(cmd.removeprefix("mode:"))
        return self.perform(intent)

    def _view_op(self, op: ViewOp) -> Transition | None:
        """Do a view operation (keys and the wheel, :class:`ViewOp`): a scene to open, or None. An operation
        whose argument is not of its kind does nothing."""
        ops: dict[str, Callable[[ViewOp], Transition | None]] = {
            "escape": self._escape, "help": self._help, "fullscreen": self._fullscreen, "zoom": self._zoom,
            "zoom_at": self._zoom_at, "pan": self._pan, "fit": self._fit, "speed": self._speed,
            "focus": self._focus, "toggle": self._toggle_op}
        do = ops.get(op.name)
        return do(op) if do is not None else None

    def _escape(self, op: ViewOp) -> Transition | None:
        """Esc leaves a shove, disengage, shoot or cast mode first; in attack mode it opens the pause menu."""
        ctx = self.ctx
        if ctx.action_mode != ATTACK:
            ctx.action_mode = ATTACK
            ctx.status = "Back to attack mode"
            return None
        self.input.forget()
        return push(self._pause_menu())

    def _help(self, op: ViewOp) -> Transition | None:
        """H or F1: the help pages over the battle (nothing held carries over to after they close)."""
        self.input.forget()
        return push(HelpScene(self.view.art.title, pages=BATTLE_HELP))

    def _fullscreen(self, op: ViewOp) -> None:
        """F11: full screen or back to a window."""
        toggle_fullscreen()

    def _zoom(self, op: ViewOp) -> None:
        """+ and -: zoom about the middle of the map view."""
        cam = self.ctx.camera
        if isinstance(op.arg, int):
            cam.zoom_to(cam.zoom_index + op.arg, cam.view_w / 2, cam.view_h / 2)

    def _zoom_at(self, op: ViewOp) -> None:
        """The wheel: zoom about the pointer, so the hex under it stays under it."""
        ctx = self.ctx
        if isinstance(op.arg, int):
            mx, my = ctx.mouse
            ctx.camera.zoom_to(ctx.camera.zoom_index + op.arg, mx - ctx.view_rect.x, my - ctx.view_rect.y)

    def _pan(self, op: ViewOp) -> None:
        """A drag pans the map; a glide under way gives way to the hand."""
        if isinstance(op.arg, tuple):
            self.ctx.camera.drag(*op.arg)
            self.camera.director.glide = None

    def _fit(self, op: ViewOp) -> None:
        """Home: back to the opening view."""
        hidden = self.camera.go_home()
        if hidden:  # the party first: who is left under a panel is said, not left to be missed
            self.ctx.status = home_words(_names(hidden), legend_open=bool(self.ctx.reading))

    def _speed(self, op: ViewOp) -> None:
        """1, 2, 3: the AI's and the animations' speed (1x, 2x, instant)."""
        if isinstance(op.arg, float):
            self.set_speed(op.arg)

    def _focus(self, op: ViewOp) -> None:
        """Space: select the combatant whose turn it is and bring it into view."""
        turn = self.match.encounter.turn
        if turn is not None:
            self.ctx.selected = turn
            self.camera.focus_actor(self.tokens)

    def _toggle_op(self, op: ViewOp) -> None:
        """V, C, X, P, I: an overlay, the coordinates, the AI's reasons, the panels or the full card on or off."""
        self._toggle(str(op.arg))

    def _toggle(self, what: str) -> None:
        ctx = self.ctx
        if what == "enemy_reach":
            ctx.show_enemy_reach = not ctx.show_enemy_reach
            ctx.status = enemy_reach.SHOWN if ctx.show_enemy_reach else enemy_reach.HIDDEN
        elif what == "coords":
            ctx.show_coords = not ctx.show_coords
            # Said like every other toggle: C alone left the status line on what it said before.
            ctx.status = ("Coordinates shown: col,row as Tiled shows them (C hides them)" if ctx.show_coords
                          else "Coordinates hidden (C shows them)")
        elif what == "explain":
            self.opts.explain_ai = not self.opts.explain_ai
            ctx.status = "AI reasons shown on the AI's turns" if self.opts.explain_ai else "AI reasons hidden"
        elif what == "panels":
            self.show_panels = not self.show_panels
            self.camera.panels_toggled()  # at the opening view: framed again for the room the panels now leave
            ctx.status = "Panels shown (P hides them)" if self.show_panels else "Panels hidden (P shows them)"
        elif what == "card":
            ctx.card_full = not self._card_shown_full()
            which = "GM card" if ctx.gm else "combatant card"  # in GM mode the GM's card takes the card's place
            ctx.status = (f"Full {which} (I: the short one)" if ctx.card_full
                          else f"Short {which} (I or hover it: the full one)")

    def _card_shown_full(self) -> bool:
        """Whether the card I toggles is full on screen now. In GM mode the GM's card also goes short while its
        full size would cover a token (gm.panel), which the player's choice alone does not show: without asking
        it, the first I only chose "short", which the card already was."""
        if self.ctx.gm:
            tools = next((w for w in self.widgets if isinstance(w, GMTools)), None)
            if tools is not None:
                return tools.full
        return card_full(self.ctx, self.ctx.view_rect)

    def set_speed(self, speed: float) -> None:
        self.opts.speed = self.anim.speed = speed
        self.ctx.status = f"AI speed {hud.SPEED_NAMES[speed]}"

    def greyed_reason(self, cmd: str) -> str:
        """Why the greyed button of ``cmd`` cannot be used now, in the words a click on it puts on the status
        line (the engine's refusal, or the command mapper's for a mode): its hover tooltip, so a player learns
        it before clicking. Asked only while the pointer rests on a greyed button, once per state."""
        key = (self.ctx.version, cmd, self.ctx.gm, self.ctx.busy, self.match.encounter.turn)
        if self._greyed[0] == key:
            return self._greyed[1]
        words = ""
        if cmd == "undo":
            words = f"Cannot undo: {(self.match.can_undo() or '').removeprefix('undo: ')}"
        elif cmd == "begin":
            words = narration.nothing_to_fight(self.match.encounter)
        elif cmd == "flee" or cmd.startswith("mode:"):
            intent: Intent = FleeNow() if cmd == "flee" else SetMode(cmd.removeprefix("mode:"))
            out = self.mapper.map(intent, self._situation())
            if isinstance(out, Say):
                words = out.text
            elif isinstance(out, Submit):
                why = self.match.encounter.check(out.action)
                words = narration.refusal(why) if why is not None else ""
        self._greyed = (key, words)
        return words

    def _why_disabled(self, cmd: str) -> None:
        if cmd == "undo":
            why = self.match.can_undo() or ""
            self.ctx.status = f"Cannot undo: {why.removeprefix('undo: ')}"
        elif cmd.startswith("mode:"):  # the mapper's own words for a mode that cannot be used now
            self.perform(SetMode(cmd.removeprefix("mode:")))
        elif cmd == "flee":  # the engine's refusal, as F gives it ("Cannot flee: ... not on an exit hex")
            self.perform(FleeNow())
        elif cmd == "begin":  # the scene's own refusal, as Enter gives it
            self.perform(BeginBattle())

    def _pause_menu(self) -> MenuScene:
        log = self.opts.log_path
        # Said as a player picks a game up again (the title's Continue) before the command line's way (found on
        # the Black Gull: the line read as developer talk).
        lines = [f"Every action is saved as you play{f' (in {log})' if log else ''}: Continue on the title screen "
                 "picks up exactly here, as does playmat play MAP --log FILE in a terminal."]
        buttons: list[tuple[str, str, Callable[[], Transition | None]]] = [
            ("Resume", "r", lambda: POP),
            ("Help: all keys", "h", lambda: Transition("replace", HelpScene(self.view.art.title, pages=BATTLE_HELP))),
        ]
        if self.opts.title_scene is not None:
            make = self.opts.title_scene
            buttons.append(("Back to the title screen", "t", lambda: Transition("reset", make())))
        buttons.append(("Quit", "q", lambda: QUIT))
        return MenuScene("Paused", lines, buttons)


def _names(names: list[str]) -> str:
    """"Grundvald is", "Grundvald and Goblin 2 are", "Grundvald, Goblin 2 and 3 more are"."""
    if len(names) == 1:
        return f"{names[0]} is"
    if len(names) == 2:
        return f"{names[0]} and {names[1]} are"
    return f"{names[0]}, {names[1]} and {len(names) - 2} more are"
