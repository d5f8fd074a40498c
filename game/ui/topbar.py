"""The battle's top bar: title, round, whose turn, who controls it (left), the flags (right), never overlapping.

At 800 px wide "GM MODE" ran into "(player, you)" (found playing). The parts give way in order of how little a
player loses without them: the "(faction, controller)" note first (the tracker and the card show the faction,
the status line who is acting), then the map's title is cut short (it is on the title screen and the window's
caption), then the flags say less ("AI speed 1x" becomes "1x", "enemy reach" goes: V's status line said it).
The round and the actor's name always stay.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.render.pg import pygame
from game.render.style import FACTION_STYLE, font

from .chrome import DIM, GOLD, INK, text
from .context import TOP_BAR, BattleContext
from .marks import faction_mark
from .theme import cut_to

GAP = 24  # between the left parts and the flags, at the least
MIN_TITLE = 60  # a title cut shorter than this says nothing: it goes altogether


@dataclass(frozen=True)
class TopBar:
    """What the bar shows at a given width (each part as drawn, or empty when dropped)."""

    title: str
    phase: str
    turn: str
    note: str  # "(player, you)"
    flags: list[str]


def _w(s: str, size: int, bold: bool = False) -> int:
    return font(size, bold).size(s)[0] if s else 0


def _cut(s: str, room: int, size: int, bold: bool) -> str:
    if _w(s, size, bold) <= room:
        return s
    if room < MIN_TITLE:
        return ""
    return cut_to(s, room, lambda t: _w(t, size, bold), "...")[:-3].rstrip() + "..."


def left_width(bar: TopBar) -> int:
    """The left parts' width as :func:`draw_top_bar` places them (from x = 12)."""
    x = 12 + (_w(bar.title, 22, True) + 24 if bar.title else 0) + _w(bar.phase, 22, True) + 18
    if bar.turn:
        x += 22 + _w(bar.turn, 22, True) + 10
    return x + _w(bar.note, 20)


def fit(bar: TopBar, width: int) -> TopBar:
    """``bar`` with the least important parts shortened or dropped until left and right do not meet."""
    def room_for(b: TopBar) -> int:
        return width - 12 - _w("    ".join(b.flags), 20) - GAP

    if left_width(bar) <= room_for(bar):
        return bar
    bar = TopBar(bar.title, bar.phase, bar.turn, "", bar.flags)
    if left_width(bar) > room_for(bar):
        others = left_width(TopBar("", bar.phase, bar.turn, "", bar.flags)) - 24
        bar = TopBar(_cut(bar.title, room_for(bar) - others, 22, True), bar.phase, bar.turn, "", bar.flags)
    if left_width(bar) > room_for(bar):
        short = [f.removeprefix("AI speed ") for f in bar.flags if f != "enemy reach"]
        bar = TopBar(bar.title, bar.phase, bar.turn, "", short)
        others = left_width(TopBar("", bar.phase, bar.turn, "", short)) - 24
        bar = TopBar(_cut(bar.title, room_for(bar) - others, 22, True) if bar.title else "", bar.phase, bar.turn,
                     "", short)
    return bar


def draw_top_bar(screen: pygame.Surface, ctx: BattleContext, title: str, controller: str,
                 flags: list[str]) -> pygame.Rect:
    """Draws the bar; returns the rectangle of the flags at the right (a click there cycles the AI speed)."""
    w = screen.get_width()
    pygame.draw.rect(screen, (14, 16, 22), (0, 0, w, TOP_BAR))
    pygame.draw.line(screen, (80, 84, 96), (0, TOP_BAR - 1), (w, TOP_BAR - 1))
    enc = ctx.encounter
    phase = {"setup": "Setup", "active": f"Round {enc.round}"}.get(enc.phase, "Combat over")
    turn = note = ""
    if enc.phase == "active" and enc.turn is not None:
        v = enc.view(enc.turn)
        turn, note = f"{v.name}'s turn", f"({v.faction}, {controller})"
    bar = fit(TopBar(title, phase, turn, note, flags), w)
    y = TOP_BAR // 2
    x = 12
    if bar.title:
        x = text(screen, bar.title, (x, y), 22, INK, bold=True, anchor="midleft").right + 24
    x = text(screen, bar.phase, (x, y), 22, GOLD, bold=True, anchor="midleft").right + 18
    if bar.turn and enc.turn is not None:
        style = FACTION_STYLE.get(enc.view(enc.turn).faction, FACTION_STYLE["neutral"])
        faction_mark(screen, enc.view(enc.turn).faction, (x + 8, y), 8, style.fill)
        x = text(screen, bar.turn, (x + 22, y), 22, INK, bold=True, anchor="midleft").right + 10
    if bar.note:
        text(screen, bar.note, (x, y), 20, DIM, anchor="midleft")
    return text(screen, "    ".join(bar.flags), (w - 12, y), 20, (255, 170, 90) if ctx.gm else DIM, anchor="midright")
