"""The combatant card: everything the rules know about one combatant, in words.

Shows the hovered combatant when the cursor is on one (Wesnoth's sidebar),
else the selected one, else whoever is to act. In a small window (see
:mod:`.compact`) it is short (name, faction, hp, movement) and shows every row
while the pointer is on it, or always after I; in a tiny one it folds to a
one-line tab (name and hit points) that opens the same way.
"""

from __future__ import annotations

from game.render.pg import pygame
from game.render.style import hp_colour
from game.rules import CombatantView, EncounterView, side_words

from .. import theme as th
from ..compact import card_full, is_tiny
from ..context import BattleContext, Reply
from ..theme import SMALL, Line
from .framed import FramedPanel

WIDTH = th.CARD_WIDTH
COMPACT_WIDTH = 214  # the short card (a small window, see .compact): its faction line still fits
MORE_HINT = "hover or I: the full card"
TAB_HINT = "I: the full card"  # a tiny window's card, unfolded from its tab: hovering is what opened it
TAB_H = 26  # the folded card's height: one line of small type and a thin hp bar


def band_text(reach_min: int, reach: int) -> str:
    """The weapon band (R8) as a player says it: "reach 1", "reach 2 (not adjacent)", "reach 1–2"."""
    if reach_min == reach:
        return f"reach {reach}" + (" (not adjacent)" if reach > 1 else "")
    return f"reach {reach_min}–{reach}"


def signed(n: int) -> str:
    return f"{'+' if n >= 0 else '−'}{abs(n)}"


def vital_lines(v: CombatantView, enc: EncounterView) -> list[Line]:
    """What both the full and the short card show: name, faction line, status, hit points, movement (the hp
    bar goes under the first two)."""
    out = [Line(v.name, "accent", bold=True, size=th.HEAD), Line(f"{v.faction} · {v.size} · {v.movement_type}",
                                                                  "muted", size=SMALL)]
    if v.status != "active":
        out.append(Line(v.status, "bad", bold=True))
    out.append(Line("Hit points", right=f"{max(v.hp, 0)} / {v.hp_max}"))
    if enc.turn == v.name or enc.phase != "active":
        out.append(Line("Movement left", right=f"{v.movement} / {v.movement_max}"))
    else:  # what is left of its last turn says nothing: how far it can go on its next one does
        out.append(Line("Movement", right=f"{v.movement_max} a turn"))
    if v.zoc_exhausted and enc.turn == v.name:
        out.append(Line("  stopped by zone of control", "warn", size=SMALL))
    return out


def compact_lines(v: CombatantView, enc: EncounterView) -> list[Line]:
    """The short card of a small window: the vitals, and how to see the rest."""
    return [*vital_lines(v, enc), Line(MORE_HINT, "faint", size=SMALL)]


def card_lines(v: CombatantView, enc: EncounterView) -> list[Line]:
    """The card's text rows for one combatant view."""
    out = vital_lines(v, enc)
    out.append(Line("Attack", right=f"{'+' if v.attack >= 0 else '−'}{abs(v.attack)}"))
    out.append(Line("Damage", right=str(v.damage)))
    out.append(Line("Weapon", right=band_text(v.reach_min, v.reach)))
    # R29, R32: a bow or a burst is what a player plans a turn around; the card showed neither (Pell's shortbow,
    # Fenn's crossbow read "reach 1" and nothing more), so the only way to learn a range was to try it.
    if v.ranged is not None:
        r = v.ranged
        out.append(Line("Ranged attack", right=f"{signed(r.attack)}, {r.damage}"))
        out.append(Line(f"  range {r.min_range}–{r.max_range} hexes", "muted", size=SMALL))
    if v.area is not None:
        a = v.area
        out.append(Line("Burst (area)", right=f"{signed(a.attack)}, {a.damage}"))
        push = f", pushes {a.push}" if a.push else ""
        out.append(Line(f"  up to {a.range} hexes, radius {a.radius}{push}", "muted", size=SMALL))
        out.append(Line(f"  uses left: {v.area_uses_left} of {a.uses}", "muted", size=SMALL))
    out.append(Line("Defence", right=str(v.defense)))
    out.append(Line("Initiative", right=str(v.initiative)))
    out.append(Line("Facing", right=side_words(v.facing)))  # "south-west", not the log's "sw"
    out += wrapped("Skills:", [f"{k} {'+' if n >= 0 else '−'}{abs(n)}" for k, n in v.skills] or ["none"], "muted")
    out.append(Line("Threatening (zone of control)" if v.threatening else "Not threatening",
                    "text" if v.threatening else "muted", size=SMALL))
    if v.disengaged_from:
        out += wrapped("Disengaged from", sorted(v.disengaged_from), "good")
    return out


def wrapped(head: str, items: list[str], role: str) -> list[Line]:
    """A small-type row of the card listing ``items`` on as many rows as it needs, broken between items, the rest
    indented under the first: cut to the card's width, "Disengaged from Castellan Mord, Pike…" hid whom the
    combatant was free of (fortress_assault)."""
    indent = "  "
    parts = th.wrap_list(head, items, WIDTH - 2 * th.PAD - th.text_width(indent, SMALL), SMALL)
    return [Line(part if i == 0 else indent + part, role, size=SMALL) for i, part in enumerate(parts)]


def shown_name(ctx: BattleContext) -> str | None:
    """Hovered on the map, else highlighted in the tracker, else selected, else the current actor."""
    return ctx.hovered_unit or ctx.highlight or ctx.selected or ctx.encounter.turn


class CombatantCard(FramedPanel):
    layer = "panel"

    def __init__(self, rect: pygame.Rect | None = None, adaptive: bool = False) -> None:
        self.rect = rect  # None: the left edge under the title bar, sized to the text
        # The battle's card goes short in a small window; the replay's (a hover pop-up) always shows it all.
        self.adaptive = adaptive
        self._frame = pygame.Rect(0, 0, 0, 0)
        self._key: tuple[int, str, bool, bool] | None = None
        self._view: CombatantView | None = None
        self._lines: list[Line] = []
        self.full = True  # as last drawn: every row, or the short card

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        # Read-only and translucent: clicks go through to the hexes under it (no map hex is ever unreachable).
        th.claim_hover(ctx, self._frame, event)
        return None

    def shows_full(self, ctx: BattleContext, area: pygame.Rect) -> bool:
        """Every row: a fixed or non-adaptive card, a large window, the player's I, or the pointer on the card
        (on the full card it opened, so it stays open until the pointer leaves it)."""
        if not self.adaptive or self.rect is not None or card_full(ctx, area):
            return True
        # A tiny window's tab opens to the short card: the full one ran over the action bar at 640x400.
        return not is_tiny(area) and self._frame.collidepoint(ctx.mouse)

    def folded(self, ctx: BattleContext, area: pygame.Rect) -> bool:
        """A tiny window's card, not hovered nor chosen full with I: the one-line tab (see game.ui.compact)."""
        return self.adaptive and self.rect is None and is_tiny(area) and not self.shows_full(ctx, area) and \
            not self._frame.collidepoint(ctx.mouse)

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        name = shown_name(ctx)
        if name is None or ctx.gm:  # GM mode: the GM's card takes this place (game.ui.gm)
            self._frame = pygame.Rect(0, 0, 0, 0)
            return
        a = th.area(screen, ctx)
        full = self.shows_full(ctx, a)
        if self.folded(ctx, a):
            self.full = False
            self._draw_tab(screen, ctx.encounter.view(name), a)
            return
        key = (ctx.version, name, full, is_tiny(a))
        if key != self._key:
            self._key, self._view = key, ctx.encounter.view(name)
            self._lines = (card_lines if full else compact_lines)(self._view, ctx.encounter)
            if not full and is_tiny(a):
                self._lines[-1] = Line(TAB_HINT, "faint", size=SMALL)
        self.full = full
        v, lines = self._view, self._lines
        assert v is not None  # drawn above for this key
        w, h = th.lines_size(lines, (WIDTH if full else COMPACT_WIDTH) - 2 * th.PAD)
        frame = self.rect or pygame.Rect(a.x + 8, a.y + 8, WIDTH if full else COMPACT_WIDTH, h + 10)
        self._frame = frame
        th.draw_frame(screen, frame, edge=th.faction_colour(v.faction))
        inner = frame.inflate(0, 0)
        th.draw_lines(screen, inner, lines[:2])
        # An hp bar under the name: how hurt it is, at a glance.
        y = frame.y + th.PAD + th.line_height(lines[0]) + th.line_height(lines[1]) + 2
        bar = pygame.Rect(frame.x + th.PAD, y, frame.width - 2 * th.PAD, 6)
        pygame.draw.rect(screen, (50, 52, 60), bar, border_radius=3)
        ratio = max(v.hp, 0) / max(v.hp_max, 1)
        if ratio > 0:
            pygame.draw.rect(screen, hp_colour(ratio), (bar.x, bar.y, round(bar.width * ratio), bar.height),
                             border_radius=3)
        rest = pygame.Rect(frame.x, y + 10 - th.PAD, frame.width, frame.bottom - y)
        th.draw_lines(screen, rest, lines[2:])

    def _draw_tab(self, screen: pygame.Surface, v: CombatantView, a: pygame.Rect) -> None:
        """The folded card: the name and hit points on one line over a thin hp bar, as narrow as they need (the
        hp bar says how hurt at a glance; hovering opens the card)."""
        hp = f"{max(v.hp, 0)}/{v.hp_max}"
        hp_w = th.text_width(hp, SMALL)
        name = th.fit_name(v.name, COMPACT_WIDTH - 2 * th.PAD - hp_w - 10, SMALL, True)
        w = th.text_width(name, SMALL, True) + hp_w + 10 + 2 * th.PAD
        frame = pygame.Rect(a.x + 8, a.y + 8, w, TAB_H)
        self._frame = frame
        th.draw_frame(screen, frame, edge=th.faction_colour(v.faction))
        ratio = max(v.hp, 0) / max(v.hp_max, 1)
        th.text(screen, name, (frame.x + th.PAD, frame.centery - 2), size=SMALL, bold=True, colour=th.ACCENT,
                anchor="midleft")
        th.text(screen, hp, (frame.right - th.PAD, frame.centery - 2), size=SMALL, colour=hp_colour(ratio),
                anchor="midright")
        bar = pygame.Rect(frame.x + th.PAD, frame.bottom - 6, frame.width - 2 * th.PAD, 3)
        pygame.draw.rect(screen, (50, 52, 60), bar)
        if ratio > 0:
            pygame.draw.rect(screen, hp_colour(ratio), (bar.x, bar.y, round(bar.width * ratio), bar.height))
