"""The battle's input: pygame events become intents (for the command mapper) or view operations.

:class:`BattleInput` owns the pointer's state (a press, whether it became a
drag, held pan keys) and the key bindings; it decides nothing about the rules.
Map intents (``Pick``, ``FaceToward``, ...) go to
:class:`game.ui.commands.CommandMapper`; view operations (zoom, pan, toggles,
help) the scene carries out itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.render.pg import pygame

from .commands import (
    ATTACK,
    CAST,
    DISENGAGE,
    SHOOT,
    SHOVE,
    BeginBattle,
    EndTurnNow,
    FaceToward,
    FleeNow,
    Intent,
    Pick,
    SetMode,
    TurnBy,
    UndoLast,
)
from .context import BattleContext

PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
DRAG_PX = 6  # a press that moves further than this is a drag (pan), not a click


@dataclass(frozen=True)
class ViewOp:
    """Something the window does that changes no rules state: ``name`` and an optional argument."""

    name: str  # zoom, fit, help, menu, escape, toggle, speed, focus, fullscreen, pan
    arg: object = None


Out = Intent | ViewOp | None

# Keys that always mean the same thing (the help page lists them: game.ui.help.BATTLE_KEYS).
KEYS: dict[int, Intent | ViewOp] = {
    pygame.K_a: SetMode(ATTACK),
    pygame.K_s: SetMode(SHOVE),
    pygame.K_d: SetMode(DISENGAGE),
    pygame.K_r: SetMode(SHOOT),  # R: ranged
    pygame.K_b: SetMode(CAST),  # B: cast (a burst: an area ability)
    pygame.K_f: FleeNow(),
    pygame.K_u: UndoLast(),
    pygame.K_BACKSPACE: UndoLast(),
    pygame.K_q: TurnBy(1),  # R2 directions run counter-clockwise
    pygame.K_e: TurnBy(-1),
    pygame.K_h: ViewOp("help"),
    pygame.K_F1: ViewOp("help"),
    pygame.K_F11: ViewOp("fullscreen"),
    pygame.K_HOME: ViewOp("fit"),
    pygame.K_v: ViewOp("toggle", "enemy_reach"),  # (Ctrl-V too, as in Wesnoth: the overlay takes that)
    pygame.K_c: ViewOp("toggle", "coords"),
    pygame.K_x: ViewOp("toggle", "explain"),  # (G and L: the GM panel and the legend take their own keys)
    pygame.K_p: ViewOp("toggle", "panels"),  # (Tab only chooses targets: battle_focus says why when none)
    pygame.K_i: ViewOp("toggle", "card"),  # I: the full combatant card, or the short one
    pygame.K_SPACE: ViewOp("focus"),
    pygame.K_1: ViewOp("speed", 1.0),
    pygame.K_2: ViewOp("speed", 2.0),
    pygame.K_3: ViewOp("speed", float("inf")),
    pygame.K_PLUS: ViewOp("zoom", 1),
    pygame.K_EQUALS: ViewOp("zoom", 1),
    pygame.K_KP_PLUS: ViewOp("zoom", 1),
    pygame.K_MINUS: ViewOp("zoom", -1),
    pygame.K_KP_MINUS: ViewOp("zoom", -1),
}


class BattleInput:
    def __init__(self) -> None:
        self.press: tuple[int, int] | None = None  # where a mouse button went down (None: none held)
        self.press_button = 0
        self.dragged = False
        self.last = (0, 0)
        self.held: set[int] = set()  # pan keys held down
        self.real_mouse = False  # screen-edge panning only after the pointer really moved

    def pan_vector(self) -> tuple[int, int]:
        return (sum(PAN_KEYS[k][0] for k in self.held), sum(PAN_KEYS[k][1] for k in self.held))

    def forget(self) -> None:
        """A scene opened on top (help, a confirm): nothing held or pressed carries over to after it closes."""
        self.held.clear()
        self.press = None
        self.dragged = False

    def key(self, event: pygame.event.Event, setup: bool) -> Out:
        k = event.key
        if k in PAN_KEYS:
            self.held.add(k)
            return None
        if k == pygame.K_ESCAPE:
            return ViewOp("escape")
        if k == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            return UndoLast()
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return BeginBattle() if setup else EndTurnNow()
        return KEYS.get(k)

    def pointer(self, event: pygame.event.Event, ctx: BattleContext) -> Out:
        """Mouse events on the map: a click picks a hex, a right click or right drag turns the actor, a left
        or middle drag pans, the wheel zooms toward the pointer."""
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.real_mouse = True
        if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.press, self.press_button, self.dragged = event.pos, event.button, False
            self.last = event.pos
            return None
        if t == pygame.MOUSEMOTION and self.press is not None:
            dx, dy = event.pos[0] - self.press[0], event.pos[1] - self.press[1]
            out: Out = None
            if self.dragged or abs(dx) + abs(dy) > DRAG_PX:
                self.dragged = True
                if self.press_button != 3:  # right-drag turns the actor, handled on release
                    out = ViewOp("pan", (event.pos[0] - self.last[0], event.pos[1] - self.last[1]))
            self.last = event.pos
            return out
        if t == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3) and self.press is not None:
            press, button, dragged = self.press, self.press_button, self.dragged
            self.press = None
            if button == 1 and not dragged:
                cell = ctx.cell_at(event.pos)
                return Pick(cell) if cell is not None else None
            if button == 3:
                cell = ctx.cell_at(event.pos if dragged else press)
                return FaceToward(cell) if cell is not None else None
            return None
        if t == pygame.MOUSEBUTTONUP:
            return None  # a release whose press this scene never saw (it began under a closed dialog)
        if t == pygame.MOUSEWHEEL and event.y:
            return ViewOp("zoom_at", 1 if event.y > 0 else -1)
        return None

    def key_up(self, event: pygame.event.Event) -> None:
        self.held.discard(event.key)
