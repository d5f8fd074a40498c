"""The battle's own chrome: top bar (round, turn, controller, speed), action bar, status line, AI reasons."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.render.pg import pygame
from game.render.style import font

from . import topbar
from .chrome import DIM, GOLD, INK, Button, text
from .context import ACTION_BAR, ATTACK, DISENGAGE, SHOVE, STATUS_BAR, BattleContext
from .outcome_words import nothing_to_fight
from .theme import cut_to, wrap

PANEL_LEFT = 316  # the card and GM tools take the left edge of the map area
PANEL_RIGHT = 362  # the combat log takes the bottom right
SPEED_NAMES = {1.0: "1x", 2.0: "2x", float("inf"): "instant"}


def draw_top_bar(screen: pygame.Surface, ctx: BattleContext, title: str, controller: str, speed: float,
                 log_path: str | None) -> pygame.Rect:
    """Returns the rectangle of the flags at the right (a click there cycles the AI speed); the layout that
    keeps the parts apart in a narrow window is :mod:`game.ui.topbar`'s."""
    flags = []
    if ctx.gm:
        flags.append("GM MODE")
    if ctx.show_enemy_reach:
        flags.append("enemy reach")
    flags.append(f"AI speed {SPEED_NAMES.get(speed, f'{speed:g}x')}")
    return topbar.draw_top_bar(screen, ctx, title, controller, flags)


STATUS_SIZES = (20, 18, 16)  # the status line's type, largest first: a long sentence steps down before it is cut


@lru_cache(maxsize=256)
def status_layout(status: str, hint: str, width: int) -> tuple[str, int, bool]:
    """(the status as drawn, its type size, whether the key hint shows) for a status bar ``width`` px wide.

    The status is what just happened or why a click was refused, so it wins the room: the key hint on the
    right (also in the help, H) steps aside when both do not fit, then the type steps down; only a line too
    long for the whole bar at the smallest size is cut (issue 20, bug 5: "Not threate...")."""
    room_with_hint = width - font(20).size(hint)[0] - 40 - 12
    if font(STATUS_SIZES[0]).size(status)[0] <= room_with_hint:
        return status, STATUS_SIZES[0], True
    room = width - 24
    for size in STATUS_SIZES:
        if font(size).size(status)[0] <= room:
            return status, size, False
    return _fit(status, room, STATUS_SIZES[-1]), STATUS_SIZES[-1], False


def draw_status(screen: pygame.Surface, ctx: BattleContext, hint: str) -> None:
    w, h = screen.get_size()
    bar = pygame.Rect(0, h - STATUS_BAR, w, STATUS_BAR)
    pygame.draw.rect(screen, (14, 16, 22), bar)
    pygame.draw.line(screen, (80, 84, 96), bar.topleft, bar.topright)
    shown, size, with_hint = status_layout(ctx.status, hint, w)
    if with_hint:
        text(screen, hint, (w - 12, bar.centery), 20, DIM, anchor="midright")
    text(screen, shown, (12, bar.centery), size, INK, anchor="midleft")


@lru_cache(maxsize=512)
def _fit(msg: str, max_w: int, size: int = 20, bold: bool = False) -> str:
    """A line cut to the room it has (with an ellipsis)."""
    f = font(size, bold)
    return cut_to(msg, max_w, lambda t: f.size(t)[0], "...")


def _specs(setup: bool, ranged: bool = False, area: bool = False) -> list[tuple[str, str, str]]:
    """The bar's buttons; Shoot and Cast only for an actor that has a bow or an area ability (R29, R32). "Cast",
    as the engine's action, its refusals ("Cannot cast: ..."), the combat log ("Mage casts at 5,7") and the turn's
    hint ("B cast") name it: the button said "Burst" beside all of them (playtest)."""
    if setup:
        return [("Begin battle", "Enter", "begin")]
    extra = [("Shoot", "R", "mode:shoot")] * ranged + [("Cast", "B", "mode:cast")] * area
    return [("Attack", "A", "mode:attack"), *extra, ("Shove", "S", "mode:shove"),
            ("Disengage", "D", "mode:disengage"), ("Flee", "F", "flee"), ("Undo", "U", "undo"),
            ("End turn", "Enter", "end_turn")]


@dataclass(frozen=True)
class BarForm:
    """How the action bar's buttons write their labels: a narrow window takes the first form whose bar fits."""

    size: int  # the label's type size
    sep: str  # between the label and its key
    pad: int  # px left and right of the text inside a button
    gap: int  # px between buttons
    least: int  # a button's narrowest


# Widest first: "Attack  [A]" in 20 px type (as every other button) fits 800 px with seven buttons (798 px with
# all eight); "Attack [A]" in 17 px fits 640 px, the least --size takes, with all eight (588 px). At 640x400 the
# ambush's seven buttons ran past the window's right edge ("End tur..."); with Cast too, Undo went as well.
FORMS = (BarForm(20, "  ", 8, 6, 84), BarForm(17, " ", 6, 4, 0))


@dataclass
class BarButton(Button):
    """A button of the action bar, its label written in the bar's form (:data:`FORMS`)."""

    form: BarForm = FORMS[0]

    def caption(self) -> str:
        """What the button writes, whole: its label and key ("Attack [A]"), never cut."""
        return f"{self.label}{self.form.sep}[{self.key}]"

    def draw(self, screen: pygame.Surface, hover: bool = False) -> None:
        if self.form == FORMS[0]:
            super().draw(screen, hover)  # as every other button of the window draws
            return
        bg = (70, 62, 36) if self.active else (48, 52, 64) if hover and self.enabled else (32, 35, 44)
        pygame.draw.rect(screen, bg, self.rect, border_radius=8)
        pygame.draw.rect(screen, GOLD if self.active else (96, 100, 116), self.rect, 2, border_radius=8)
        colour = INK if self.enabled else (110, 112, 120)
        text(screen, self.caption(), self.rect.center, self.form.size, colour, anchor="center")


def _widths(specs: list[tuple[str, str, str]], form: BarForm = FORMS[0]) -> list[int]:
    return [max(form.least, font(form.size).size(f"{label}{form.sep}[{k}]")[0] + 2 * form.pad)
            for label, k, _ in specs]


def bar_form(specs: list[tuple[str, str, str]], room: int) -> tuple[BarForm, list[int]]:
    """The widest form whose bar fits ``room`` px, and its buttons' widths (the narrowest form if none does)."""
    for form in FORMS:
        widths = _widths(specs, form)
        if sum(widths) + form.gap * (len(widths) - 1) <= room:
            break
    return form, widths


def bar_width(setup: bool = False, ranged: bool = True, area: bool = True) -> int:
    """The action bar's width in pixels (its buttons and the gaps between them); by default its widest."""
    widths = _widths(_specs(setup, ranged, area))
    return sum(widths) + 6 * (len(widths) - 1)


def log_lift(view_width: int) -> int:
    """How far the combat log sits above the map area's bottom edge: 0 where the widest action bar fits left
    of it, else the bar's height, so a narrow window's log never covers Undo and End turn (found at 800x560)."""
    return 0 if view_width >= bar_width() + PANEL_RIGHT + 16 else ACTION_BAR


def action_buttons(ctx: BattleContext, can_undo: bool, setup: bool) -> list[tuple[Button, str]]:
    """(button, command) along the bottom of the map area; the command names what the scene does."""
    vr = ctx.view_rect
    enc = ctx.encounter
    actor = enc.view(enc.turn) if enc.turn is not None else None
    specs = _specs(setup, actor is not None and actor.ranged is not None, actor is not None and actor.area is not None)
    form, widths = bar_form(specs, vr.width - 16)
    total = sum(widths) + form.gap * (len(widths) - 1)
    # Centred, but kept clear of the panels on both sides (card/GM tools left, combat log right).
    x = min(max(vr.centerx - total // 2, vr.x + PANEL_LEFT), vr.right - PANEL_RIGHT - total)
    x = max(x, vr.x + 8)
    y = vr.bottom - ACTION_BAR + 8
    out: list[tuple[Button, str]] = []
    for (label, k, cmd), bw in zip(specs, widths, strict=True):
        b = BarButton(label, pygame.Rect(x, y, bw, ACTION_BAR - 16), k, form=form)
        b.active = cmd == f"mode:{ctx.action_mode}"
        b.enabled = (cmd != "undo" or can_undo) and (cmd != "mode:cast" or (actor is not None
                                                                          and actor.area_uses_left > 0))
        if cmd == "flee":  # lit only where fleeing is allowed now (on an exit, action unused: R24), as Undo is
            b.enabled = actor is not None and enc.can_flee(actor.name) is None
        elif cmd.startswith("mode:") and actor is not None and enc.can_act(actor.name, cmd[5:]) is not None:
            b.enabled = False  # the turn's one action is used (R16): no mode that needs it (found on ambush)
        elif cmd == "mode:disengage" and actor is not None and enc.can_disengage(actor.name) is not None:
            b.enabled = False  # not in threatened space (R23): lit only where it could be tried, as Flee is
        elif cmd == "begin" and nothing_to_fight(enc):
            b.enabled = False  # nobody hostile to anybody: it would end as it began (R13), "won" by everyone
        b.active = b.active and b.enabled
        out.append((b, cmd))
        x += bw + form.gap
    return out


def bar_area(buttons: list[tuple[Button, str]]) -> pygame.Rect | None:
    """The action bar's backing as drawn around ``buttons`` (None without buttons): wider and taller than the
    buttons, and what a label must keep out from under, not just the buttons."""
    if not buttons:
        return None
    return buttons[0][0].rect.unionall([b.rect for b, _ in buttons]).inflate(16, 12)


def draw_action_bar(screen: pygame.Surface, buttons: list[tuple[Button, str]], mouse: tuple[int, int]) -> None:
    area = bar_area(buttons)
    if area is None:
        return
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (12, 14, 20, 210), layer.get_rect(), border_radius=12)
    screen.blit(layer, area.topleft)
    for b, _ in buttons:
        b.draw(screen, hover=b.rect.collidepoint(mouse))


EXPLAIN_WIDTH = 560  # the reasons box at its widest


@lru_cache(maxsize=64)
def _explain_rows(lines: tuple[str, ...], width: int) -> tuple[str, ...]:
    """The reasons' lines wrapped to a box ``width`` px wide (a continuation indented under its line), none cut:
    the plan line ("plan: Bandit Chief moves to 11,1, then Bandit Chief attacks Pell, then End ...") lost its
    end on the ambush at 1280x800."""
    room = width - 28
    out: list[str] = []
    for line in lines:
        indent = line[: len(line) - len(line.lstrip())]
        for i, part in enumerate(wrap(line.strip(), room - font(19).size(indent + "    ")[0], 19)):
            out.append(indent + ("    " if i else "") + part)
    return tuple(out)


def explain_rows(lines: list[str], width: int = EXPLAIN_WIDTH) -> list[str]:
    return list(_explain_rows(tuple(lines), width))


def explain_room(view: pygame.Rect) -> int:
    """The reasons box's widest in a map area ``view``: up to the combat log's left edge (bottom right, 8 px
    apart), 560 px at most. At 800x560 the box ran 100 px over the log, their lines mixed."""
    return max(240, min(EXPLAIN_WIDTH, view.width - PANEL_RIGHT - 12 - 8))


PLAN_LINES = ("Plan:", "plan:", "If all goes to plan")  # the plan itself: what every form of the reasons keeps


def explain_forms(lines: list[str]) -> list[list[str]]:
    """The AI's reasons whole, then shorter where the box would cover tokens: the plan and its Why line (the blows
    it could have struck, and the one it passed up, left out), then the plan alone."""
    forms = [list(lines)]
    why = [s for s in lines if s.startswith((*PLAN_LINES, "Why:"))]
    plan = [s for s in lines if s.startswith(PLAN_LINES)]
    for form in (why, plan):
        if form and len(form) < len(forms[-1]):
            forms.append(form)
    return forms


def explain_box(ctx: BattleContext, who: str, lines: list[str], bar: pygame.Rect | None = None) -> pygame.Rect:
    """Where the AI's reasons (X or --explain-ai) go (:func:`draw_explain` shows the lines that fit): bottom left
    of the map area (the side panels hold the top corners and the combat log the bottom right), above the action
    bar ``bar`` where they would reach under it (they hid the Attack button of a human turn with six buttons).
    Where that covers a token (at 800x560 on Harrow Keep the box hid Doran, Ilse, Fenn, Sir Bram and the
    captain), the free spot of the map area nearest it, clear of the panels; where none is free, a shorter form
    (:func:`explain_forms`) at a free spot, else the one covering the fewest tokens. Chosen once per reasons, so the
    box does not wander while the tokens move."""
    key = (who, tuple(lines), tuple(ctx.view_rect), tuple(bar) if bar is not None else None)
    if _EXPLAIN_SPOT and _EXPLAIN_SPOT[0][0] == key:
        return pygame.Rect(_EXPLAIN_SPOT[0][1])
    tokens = [ctx.token_rect(v.name) for v in ctx.encounter.views() if v.active]
    blocked = [r for r in ctx.panels if not (bar is not None and r.colliderect(bar))] + ([bar] if bar else [])
    best: tuple[tuple[int, int, int], pygame.Rect] | None = None
    for form, shown in enumerate(explain_forms(lines)):
        box = _explain_size(ctx, who, shown)
        home = box.copy()
        home.bottomleft = (ctx.view_rect.x + 12, ctx.view_rect.bottom - 12)
        if bar is not None and home.colliderect(bar):
            home.bottom = bar.top - 6
        for spot in _explain_spots(ctx.view_rect, home):
            if spot.collidelist(blocked) >= 0:
                continue
            covered = len(spot.collidelistall(tokens))
            score = (covered, form, abs(spot.x - home.x) + abs(spot.y - home.y))
            if best is None or score < best[0]:
                best = (score, spot)
        if best is not None and best[0][0] == 0:
            break
    rect = best[1] if best is not None else _explain_home(ctx, who, lines, bar)
    _EXPLAIN_SPOT[:] = [(key, pygame.Rect(rect))]
    return rect


_EXPLAIN_SPOT: list[tuple[object, pygame.Rect]] = []  # the last reasons' spot (one: they change per action)


def _explain_size(ctx: BattleContext, who: str, lines: list[str]) -> pygame.Rect:
    f = font(19)
    room = explain_room(ctx.view_rect)
    rows = explain_rows(lines, room)
    width = min(room, max(font(20, True).size(who)[0], *(f.size(s)[0] for s in rows)) + 28)
    return pygame.Rect(0, 0, width, 36 + 20 * len(rows))


def _explain_home(ctx: BattleContext, who: str, lines: list[str], bar: pygame.Rect | None) -> pygame.Rect:
    box = _explain_size(ctx, who, lines)
    box.bottomleft = (ctx.view_rect.x + 12, ctx.view_rect.bottom - 12)
    if bar is not None and box.colliderect(bar):
        box.bottom = bar.top - 6
    return box


def _explain_spots(view: pygame.Rect, home: pygame.Rect) -> list[pygame.Rect]:
    """The box's home first, then every spot of the map area 12 px in from its edges on a 24 px grid."""
    out = [home]
    inner = view.inflate(-24, -24)
    for y in range(inner.top, inner.bottom - home.height + 1, 24):
        for x in range(inner.left, inner.right - home.width + 1, 24):
            out.append(pygame.Rect(x, y, home.width, home.height))
    return out


def draw_explain(screen: pygame.Surface, box: pygame.Rect, who: str, lines: list[str]) -> None:
    """The AI's reasons in ``box`` (from :func:`explain_box`), wrapped to it (the heading alone cut to fit)."""
    width = box.width
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (16, 18, 26, 225), layer.get_rect(), border_radius=10)
    pygame.draw.rect(layer, (120, 110, 80, 255), layer.get_rect(), 1, border_radius=10)
    screen.blit(layer, box.topleft)
    text(screen, _fit(who, width - 28, 20, True), (box.x + 14, box.y + 8), 20, GOLD, bold=True)
    for shown in explain_forms(lines):  # the fullest form that fits the box explain_box chose
        rows = explain_rows(shown, box.width)
        if 36 + 20 * len(rows) <= box.height:
            break
    for i, s in enumerate(rows):
        text(screen, _fit(s, width - 28, 19), (box.x + 14, box.y + 32 + 20 * i), 19, INK)


MODE_WORD = {ATTACK: "attack", SHOVE: "shove", DISENGAGE: "disengage"}
