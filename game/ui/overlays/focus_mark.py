"""The foe Tab chose (game.ui.battle_focus), marked as Foundry marks a target, and where its preview's tooltip goes.

While the keyboard's focus is on a foe the pointer rests anywhere and names nothing, so the attack, shove, shot and
burst previews hang their tooltips on the foe's middle instead, and say "Enter" where they would say "click".
"""

from __future__ import annotations

from game.render.pg import pygame

from .. import theme as th
from ..context import BattleContext, Reply
from ..theme import SMALL, Line
from . import draw


def anchor(ctx: BattleContext, target: str | None) -> draw.Point:
    """Where a preview of ``target`` goes by: the pointer, or the foe's middle while Tab's focus is on it."""
    if target is not None and ctx.focus == target:
        return ctx.cell_to_screen(ctx.encounter.view(target).cell)
    return ctx.mouse


def press(ctx: BattleContext, target: str | None) -> str:
    """What commits the preview of ``target``: Enter while Tab's focus is on it, else a click."""
    return "Enter" if target is not None and ctx.focus == target else "click"


def keys_rows(ctx: BattleContext, target: str | None, enter: str) -> list[Line]:
    """The tooltip's last row while Tab's focus is on ``target``: the keys that act on it ("Enter strikes")."""
    if target is None or ctx.focus != target:
        return []
    return [Line(""), Line(f"{enter}   Tab: the next foe   Esc: cancel", "accent", size=SMALL)]


class FocusMark:
    """A ring with four ticks round the focused foe, in every mode (drawn over the previews)."""

    layer = "over"

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        target = ctx.focus
        if target is None or not ctx.encounter.view(target).active:
            return
        centre = ctx.cell_to_screen(ctx.encounter.view(target).cell)
        draw.reticle(screen, centre, ctx.token_rect(target).width / 2 + 4, th.ACCENT)
