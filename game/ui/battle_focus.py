"""Shoving by keyboard alone: in shove mode Tab / Shift+Tab choose the foe, W / Shift+W the way, Enter shoves and
Esc cancels.

Tab puts the keyboard's focus on the next hostile beside the actor that it may shove from where it stands
(Foundry's Tab through the tokens, Wesnoth's cycling of units), clockwise from the top of the screen. The hover is
put on that foe, so its shove preview, card and arcs show as if the pointer rested on its middle: every way to
push it, the one W chose in full (game.ui.overlays.shove). Enter commits the way shown by the same path a click
on the foe takes (a way from another side steps there first, then Enter again shoves). Esc cancels the shove:
the focus and the mode go. Moving the pointer hands the choice back to it. Outside shove mode Tab still hides
the panels.

A mixin of :class:`game.ui.battle.BattleScene` (what it reads of the scene is declared below).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.match import Match
from game.render.pg import pygame

from .commands import ATTACK, SHOVE, WAIT, CommandMapper, Intent, Pick, Situation
from .context import BattleContext, Cell
from .scene import Transition

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class BattleFocus:
    """The keyboard's foe for the shove in force (mixed into ``BattleScene``, which sets all of this)."""

    ctx: BattleContext
    match: Match
    mapper: CommandMapper
    perform: Callable[[Intent], Transition | None]  # the scene's: an intent through the command mapper
    _situation: Callable[[], Situation]
    _hover: Callable[[tuple[int, int]], None]
    _approach: Callable[[Cell], Cell | None]

    def focus_key(self, event: pygame.event.Event) -> tuple[bool, Transition | None]:
        """A key of keyboard shoving: (whether it was one, the scene's answer). Asked after the widgets (a GM form
        keeps its own Enter and Tab) and before the battle's fixed keys."""
        ctx = self.ctx
        if event.key == pygame.K_ESCAPE and ctx.focus is not None:
            self.unfocus()
            ctx.action_mode = ATTACK
            ctx.status = "Shove cancelled: back to attack mode"
            return True, None
        if event.key in ENTER and ctx.focus is not None:
            return True, self._shove_focused()
        if event.key == pygame.K_TAB and ctx.action_mode == SHOVE:
            self._cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True, None
        return False, None

    def shove_targets(self) -> list[str]:
        """The hostiles the actor may shove from where it stands (R22: beside it, no larger), clockwise from the
        top of the screen as seen from the actor, the order Tab goes through them."""
        enc = self.match.encounter
        actor = enc.turn
        if actor is None or enc.acted:
            return []
        found = [v.name for v in enc.views() if v.active and v.name != actor and enc.hostile(actor, v.name)
                 and enc.preview_shove(actor, v.name).legal is None]
        ax, ay = self.ctx.cell_to_screen(enc.view(actor).cell)

        def clockwise(name: str) -> tuple[float, str]:
            x, y = self.ctx.cell_to_screen(enc.view(name).cell)
            return math.atan2(x - ax, ay - y) % math.tau, name  # 0 straight up, growing clockwise

        return sorted(found, key=clockwise)

    def _cycle(self, by: int) -> None:
        ctx = self.ctx
        s = self._situation()
        if s.busy:
            ctx.status = WAIT
            return
        if not self.mapper.may_act(s):
            ctx.status = self.mapper.not_your_turn()
            return
        actor = self.match.encounter.turn
        targets = self.shove_targets()
        if not targets:
            ctx.status = (f"No enemy beside {actor} can be shoved from where it stands: move beside one, "
                          "then Tab chooses it (Esc: back to attack mode)")
            return
        now = targets.index(ctx.focus) if ctx.focus in targets else (-1 if by > 0 else 0)
        i = (now + by) % len(targets)
        self._focus_on(targets[i])
        more = ", Tab the next foe" if len(targets) > 1 else ""
        ctx.status = (f"Shove {targets[i]} ({i + 1} of {len(targets)}): W / Shift+W the way, Enter shoves{more}, "
                      "Esc cancels")

    def pointer_event(self, event: pygame.event.Event) -> None:
        """The pointer really moved, or a button went down: it takes the choice back from the keyboard (a motion
        the scene makes up where the pointer rests, as the map glides under it, is no such move)."""
        if self.ctx.focus is None:
            return
        if (event.type == pygame.MOUSEMOTION and tuple(event.pos) != tuple(self.ctx.mouse)) or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)):
            self.unfocus()

    def _focus_on(self, target: str) -> None:
        ctx = self.ctx
        ctx.focus = target
        ctx.selected = self.match.encounter.turn  # the preview is the actor's (another selected shows none)
        ctx.hovered_cell = self.match.encounter.view(target).cell
        ctx.hovered_unit = target

    def _shove_focused(self) -> Transition | None:
        ctx = self.ctx
        enc = self.match.encounter
        target = str(ctx.focus)
        actor = enc.turn
        before = enc.view(actor).cell if actor is not None else None
        cell = enc.view(target).cell
        out = self.perform(Pick(cell, self._approach(cell)))  # as a click on the foe: the way the preview shows
        if actor is not None and enc.view(actor).cell != before:  # the way's side reached: Enter again shoves
            ctx.status = ctx.status.replace(f"click {target} again to shove", f"Enter shoves {target}")
        self.focus_check()
        return out

    def focus_check(self) -> None:
        """The focus ends with the shove (made, or its mode left), the turn, or the foe; while it lasts the hover
        stays on the foe whatever the map does under the resting pointer."""
        ctx = self.ctx
        target = ctx.focus
        if target is None:
            return
        enc = self.match.encounter
        if (ctx.action_mode != SHOVE or enc.turn is None or enc.acted
                or not any(v.name == target and v.active for v in enc.views())  # defeated, fled, removed
                or not self.mapper.may_act(self._situation())):
            self.unfocus()
            return
        ctx.hovered_cell = enc.view(target).cell
        ctx.hovered_unit = target

    def unfocus(self) -> None:
        """The keyboard lets go: the hover is the pointer's again, wherever it rests."""
        if self.ctx.focus is None:
            return
        self.ctx.focus = None
        self._hover(self.ctx.mouse)
