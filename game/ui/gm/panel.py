"""GM mode (a toggle, G): the GM's tools as a panel of buttons, each one action submitted to the match.

The GM acts for any faction at any time (the battle scene lets the GM's
clicks drive whoever is to act when ``ctx.gm`` is on). This panel adds what
only a GM may do (R13, R16): begin combat; place combatants in setup by
dragging their tokens; grant movement; toggle threatening; push; remove as
defeated or fled; add a combatant (R15) from a form; end combat. Every
button answers with a ``Reply`` carrying the action for the scene to submit
(so it lands in the log). A button whose action the engine would refuse is
still clickable, and answers with the engine's reason instead of an action.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.render.pg import pygame
from game.rules import Action, Begin, EndCombat, GrantMovement, Place, Push, Remove, SetThreatening

from ..context import BattleContext, Reply
from ..panels import theme as th
from .buttons import Button, ButtonRow, hit
from .join_form import JoinForm

WIDTH = 300
TOGGLE_KEY = pygame.K_g


def gm_target(ctx: BattleContext) -> str | None:
    """The combatant the GM buttons act on: the selected one, else whoever is to act."""
    enc = ctx.encounter
    name = ctx.selected or enc.turn
    if name is None:
        return None
    return name if enc.view(name).active else None


class GMTools:
    layer = "panel"

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = rect
        self.form: JoinForm | None = None
        self.push_distance = 1
        self.buttons: list[Button] = []
        self.hovered: Hashable | None = None
        self.dragging: str | None = None  # setup: the token being dragged to a new hex
        self._frame = pygame.Rect(0, 0, 0, 0)
        self.last_cell: tuple[int, int] | None = None
        self._drop_key: object = None
        self._drop_reason: str | None = None

    # --- actions ------------------------------------------------------------------
    def _action(self, key: Hashable, ctx: BattleContext) -> Action | None:
        enc = ctx.encounter
        name = gm_target(ctx)
        if key == "begin":
            return Begin()
        if key == "end":
            return EndCombat()
        if name is None:
            return None
        if key == "grant1":
            return GrantMovement(name, 1)
        if key == "grant3":
            return GrantMovement(name, 3)
        if key == "threat":
            return SetThreatening(name, not enc.view(name).threatening)
        if key in ("defeated", "fled"):
            return Remove(name, key)
        if isinstance(key, tuple) and key[0] == "push":
            return Push(name, key[1], self.push_distance)
        return None

    def _reply(self, action: Action | None, ctx: BattleContext) -> Reply:
        if action is None:
            return Reply(status="select a combatant first")
        reason = ctx.encounter.check(action)
        if reason:
            return Reply(status=f"GM: {reason}")
        return Reply(action=action, status=f"GM: {action.KIND.replace('_', ' ')}")

    # --- input ---------------------------------------------------------------------
    @property
    def cover(self) -> pygame.Rect:
        """The screen rectangle this panel took when last drawn (empty when hidden): the opening view keeps
        tokens out from under it."""
        return self._frame

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        if self.form is not None:
            return self._form_event(event, ctx)
        if event.type == pygame.KEYDOWN and event.key == TOGGLE_KEY and not event.mod & pygame.KMOD_CTRL:
            ctx.gm = not ctx.gm
            self.dragging = None
            return Reply(status="GM mode: you act for every side (G leaves)" if ctx.gm else "GM mode off")
        if not ctx.gm:
            return None
        if event.type == pygame.MOUSEMOTION:
            th.claim_hover(ctx, self._frame, event)
            b = hit(self.buttons, event.pos)
            self.hovered = b.key if b else None
            return Reply() if self._frame.collidepoint(event.pos) else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            b = hit(self.buttons, event.pos)
            if b is not None:
                return self._click(b.key, ctx)
            if self._frame.collidepoint(event.pos):
                return Reply()
            enc = ctx.encounter
            if enc.phase == "setup" and ctx.hovered_unit is not None:
                self.dragging = ctx.hovered_unit  # setup: pick the token up
                ctx.selected = ctx.hovered_unit
                return Reply(status=f"placing {self.dragging}: drop it on a hex")
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            name, self.dragging = self.dragging, None
            cell = ctx.cell_at(event.pos)
            if cell is None or cell == ctx.encounter.view(name).cell:
                return Reply()
            return self._reply(Place(name, cell), ctx)
        return None

    def _click(self, key: Hashable, ctx: BattleContext) -> Reply:
        if key == "join":
            enc = ctx.encounter
            at = ctx.hovered_cell or self.last_cell  # the last hex pointed at on the map
            self.form = JoinForm(enc, at)
            pygame.key.start_text_input()
            return Reply(status="add a combatant: fill in the form")
        if key == "dist":
            self.push_distance = self.push_distance % 3 + 1
            return Reply(status=f"push distance {self.push_distance}")
        return self._reply(self._action(key, ctx), ctx)

    def _form_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        assert self.form is not None
        out = self.form.handle_event(event)
        if out is None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.form.error:
                return Reply(status=f"cannot add: {self.form.error}")
            return Reply()  # the form is modal: nothing reaches the map while it is open
        self.form = None
        if out == "cancel":
            return Reply(status="nobody added")
        return Reply(action=out, status=f"GM: {out.name} joins")

    # --- drawing ---------------------------------------------------------------------
    def _layout(self, ctx: BattleContext, area: pygame.Rect) -> pygame.Rect:
        enc = ctx.encounter
        rows: list[list[tuple[Hashable, str]]] = []
        if enc.phase == "setup":
            rows.append([("begin", "Begin combat")])
        if enc.phase != "ended":
            rows.append([("join", "Add a combatant…")])
        name = gm_target(ctx)
        if enc.phase == "active" and name is not None:
            v = enc.view(name)
            rows.append([("grant1", "+1 move"), ("grant3", "+3 move"),
                         ("threat", "Threatening" if v.threatening else "Not threatening")])
            names = enc.layout.direction_names
            hexes = "hex" if self.push_distance == 1 else "hexes"
            rows.append([("dist", f"Push {self.push_distance} {hexes} (click: 1-3)")])
            rows.append([(("push", d), d) for d in names])
            rows.append([("defeated", "Remove: defeated"), ("fled", "Remove: fled")])
        if enc.phase == "active":
            rows.append([("end", "End combat")])
        h = 58 + 32 * len(rows) + 6
        a = area
        frame = self.rect or pygame.Rect(a.x + 8, a.bottom - h - 8, WIDTH, h)
        self.buttons = []
        y = frame.y + 54
        for row in rows:
            self.buttons.extend(ButtonRow.place(frame.x + th.PAD, y, frame.width - 2 * th.PAD, row,
                                                gap=4 if len(row) > 3 else 6))
            y += 32
        for b in self.buttons:
            if b.key == "threat" and name is not None:
                b.active = bool(enc.view(name).threatening)
            b.danger = b.key in ("defeated", "fled", "end")
        return frame

    def _draw_drop(self, screen: pygame.Surface, ctx: BattleContext, cell: tuple[int, int]) -> None:
        """Where the dragged token would land: the hex outlined green, or red with the engine's reason."""
        assert self.dragging is not None
        key = (ctx.version, self.dragging, cell)
        if key != self._drop_key:
            self._drop_key, self._drop_reason = key, ctx.encounter.check(Place(self.dragging, cell))
        reason = self._drop_reason
        colour = th.BAD if reason else th.GOOD
        pygame.draw.polygon(screen, colour, ctx.hex_polygon(cell), 3)
        head = th.Line(f"place {self.dragging} at {cell[0]},{cell[1]}", "accent", bold=True)
        lines = [head, th.Line(f"refused: {reason}", "bad")] if reason else [head]
        th.tooltip(screen, lines, ctx.mouse, within=ctx.view_rect)

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        if ctx.hovered_cell is not None:
            self.last_cell = ctx.hovered_cell
        if not ctx.gm:
            self._frame = pygame.Rect(0, 0, 0, 0)
            self.buttons = []
            return
        frame = self._layout(ctx, th.area(screen, ctx))
        self._frame = frame
        th.draw_frame(screen, frame, edge=th.ACCENT)
        th.text(screen, "GM mode", (frame.x + th.PAD, frame.y + 8), size=th.HEAD, bold=True, colour=th.ACCENT)
        name = gm_target(ctx)
        sub = "you act for every side (G leaves)" if name is None else f"acting on {name} (tracker: pick another)"
        th.text(screen, th.fit(sub, frame.width - 2 * th.PAD, th.SMALL), (frame.x + th.PAD, frame.y + 32),
                size=th.SMALL, colour=th.MUTED)
        for b in self.buttons:
            b.draw(screen, b.key == self.hovered)
        if self.dragging is not None and ctx.hovered_cell is not None:
            self._draw_drop(screen, ctx, ctx.hovered_cell)
        if self.form is not None:
            ctx.tips.clear()  # the form is modal: no map tooltip over it
            self.form.draw(screen)
