"""The initiative tracker (Foundry VTT's combat tracker): round, order, who acts, who has acted.

Rows follow the engine's initiative order (R14). The current actor is
marked; combatants who already acted this round are dimmed; defeated and fled
combatants stay listed, greyed and struck through, at the bottom (Foundry
#14472: skip them, but keep them in sight). Hovering a row sets
``ctx.highlight`` to that name so the battle scene rings its token (Foundry
#12282); :attr:`InitiativeTracker.hovered` exposes the same name. With the
pointer on a map token under it, it steps aside as the combat log does (see
:meth:`InitiativeTracker.handle_event`). In a small
window (see :mod:`game.ui.compact`) it is narrower, with shorter rows (dot, name, hp)
and fewer of them: the wheel scrolls the rest, as it always did. In a tiny window it
folds to a one-line tab (the round) that unfolds to those rows while the pointer rests on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.render.pg import pygame
from game.render.style import hp_colour
from game.rules import Place

from .. import theme as th
from ..compact import is_compact, is_tiny
from ..context import BattleContext, Reply
from ..marks import faction_mark
from ..narration import at_war_from, over_words
from .framed import FramedPanel

ROW = 26
WIDTH = 240
LOG_ROOM = 188 + 24  # the combat log's height and gaps below the tracker (bottom-right of the map area)
MORE = 20  # the "N below (wheel)" line
TAB_H = 26  # the folded tracker (a tiny window): the round on one line
TAB_HINT = "hover"


@dataclass(frozen=True)
class Layout:
    """The tracker's measures: row height, width, the heading's height, at most how many rows (0: all that fit
    above the combat log), the rows' type size."""

    row: int
    width: int
    head: int
    max_rows: int = 0
    size: int = th.BODY


FULL = Layout(ROW, WIDTH, 58)
# A small window's: 21 px rows of 17 px type, 180 px wide, six rows at most (at 800x560 the full tracker took
# 240x265 px of a 800x494 map area and hid fortress_assault's archers).
COMPACT = Layout(21, 180, 30, max_rows=6, size=th.SMALL)


@dataclass(frozen=True)
class Row:
    name: str
    faction: str
    hp: int
    hp_max: int
    state: str  # "current" | "acted" | "waiting" | "defeated" | "fled"
    initiative: int = 0  # shown at the row's right end, as Foundry's tracker shows each roll


def tracker_rows(enc) -> list[Row]:  # an Encounter (public API)
    """The rows in display order: the active order, then the defeated and fled."""
    views = {v.name: v for v in enc.views()}
    order = enc.order()
    turn = enc.turn
    current = order.index(turn) if turn in order else -1
    rows = []
    for i, name in enumerate(order):
        v = views[name]
        if name == turn:
            state = "current"
        elif enc.phase == "active" and current >= 0 and i < current:
            state = "acted"
        else:
            state = "waiting"
        rows.append(Row(name, v.faction, v.hp, v.hp_max, state, v.initiative))
    for v in sorted(views.values(), key=lambda v: (-v.initiative, v.object_id)):
        if v.name not in order:
            rows.append(Row(v.name, v.faction, max(v.hp, 0), v.hp_max, v.status if v.status != "active" else "waiting",
                            v.initiative))
    return rows


def setup_words(enc) -> str:
    """What setup has done so far, said as it happened: the replay's first step said "the GM places, then
    begins" over a setup in which nobody placed anything."""
    actions = [r.action for r in enc.records]
    if not actions:
        return "as the map places everyone"
    if all(isinstance(a, Place) for a in actions):
        moved = list(dict.fromkeys(a.unit for a in actions if isinstance(a, Place)))
        return "the GM moved " + (moved[0] if len(moved) == 1 else f"{len(moved)} combatants")
    return f"the GM made {len(actions)} change{'s' if len(actions) != 1 else ''}"


def heading(enc) -> tuple[str, str]:
    """(title, subtitle): "Round 2" / "Orc 1 to act", "Setup" / ..., "Combat over" / "player and ally win" (or
    "ended by the GM")."""
    if enc.phase == "setup":
        return "Setup", setup_words(enc)
    if enc.phase == "ended":
        # As the combat log and the summary name them ("player and ally win"), a neutral that stood aside left
        # to the log's line (the subtitle is one short line).
        return "Combat over", over_words(enc.outcome(), at_war_from(enc))
    who = enc.turn or ""
    return f"Round {enc.round}", (f"{who}: action used" if enc.acted else f"{who} to act")


def _draw_heading(screen: pygame.Surface, frame: pygame.Rect, lay: Layout, title: str, sub: str | None) -> None:
    """The title ("Round 2"), and under it ``sub`` (None: no line for it), at the layout's sizes."""
    if lay.size == th.BODY:
        th.text(screen, title, (frame.x + th.PAD, frame.y + 8), size=th.HEAD, bold=True)
        sub_y = frame.y + 32
    else:
        th.text(screen, title, (frame.x + th.PAD, frame.y + 5), size=th.BODY, bold=True)
        sub_y = frame.y + 26
    if sub is not None:
        th.text(screen, th.fit(sub, frame.width - 2 * th.PAD, th.SMALL), (frame.x + th.PAD, sub_y),
                size=th.SMALL, colour=th.MUTED)


def _draw_more_note(screen: pygame.Surface, frame: pygame.Rect, y: int, above: int, below: int) -> None:
    """Under the rows of a tracker too short for them all: "2 above   3 below", and "(wheel)" if it fits."""
    note = "   ".join(x for x in (f"{above} above" if above else "", f"{below} below" if below else "") if x)
    if th.text_width(f"{note} (wheel)", th.SMALL) <= frame.width - 8:
        note += " (wheel)"
    th.text(screen, note, (frame.centerx, y + 2), size=th.SMALL, colour=th.MUTED, anchor="midtop")


class InitiativeTracker(FramedPanel):
    layer = "panel"

    def __init__(self, rect: pygame.Rect | None = None, adaptive: bool = False) -> None:
        self.rect = rect  # None: top-right corner of the screen, sized to the rows
        self.adaptive = adaptive  # the battle's tracker goes compact in a small window; the replay's never
        self.hovered: str | None = None
        self._rows: list[tuple[pygame.Rect, str]] = []
        self._frame = pygame.Rect(0, 0, 0, 0)
        self._box = pygame.Rect(0, 0, 0, 0)  # where the tracker is drawn when shown (also while it steps aside)
        self.peek = False  # stepped aside: the pointer is on a token under the tracker (see handle_event)
        self._rows_key: object = None
        self._cached_rows: list[Row] = []
        self.first = 0  # first row shown when not all fit (the wheel scrolls; each new turn re-centres)
        self._turn_seen: object = None
        self.layout = FULL  # as last drawn

    def layout_for(self, area: pygame.Rect) -> Layout:
        compact = self.adaptive and self.rect is None and is_compact(area)
        return COMPACT if compact else FULL

    def capacity(self, area: pygame.Rect, total: int, lay: Layout = FULL) -> int:
        """How many of ``total`` rows fit above the combat log (a fixed rect shows as many as fit in it); the
        line that says how many more there are takes room only when some do not fit (the replay's tracker,
        sized for every row, hid the last behind "1 below (wheel)")."""
        h = self.rect.height if self.rect is not None else area.height - LOG_ROOM
        room = h - lay.head - 6
        if room // lay.row >= total and (not lay.max_rows or total <= lay.max_rows):
            return total
        fit = max(3, (room - MORE) // lay.row)
        return min(fit, lay.max_rows) if lay.max_rows else fit

    def frame(self, area: pygame.Rect, n_rows: int, lay: Layout = FULL) -> pygame.Rect:
        if self.rect is not None:
            return self.rect
        h = lay.head + lay.row * n_rows + 6
        return pygame.Rect(area.right - lay.width - 8, area.y + 8, lay.width, h)

    @property
    def grown(self) -> pygame.Rect:
        """Its box, also while it steps aside (empty when hidden): the camera keeps the actor out from under it
        even then, since it comes back as soon as the pointer leaves the token."""
        return pygame.Rect(self._box)

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        # A token under the tracker could not be seen or previewed, and under a row not even clicked. With the
        # pointer on one, the tracker steps aside as the combat log does, rows and all, until the pointer leaves
        # the token (the scene has already found who is under the pointer). The token wins over the row there:
        # the row still answers beside the token, where the pointer finds no token, but the token has no other
        # spot. Decided on motion only, so a click reaches what is on screen: the token, or the row drawn over it.
        if event.type == pygame.MOUSEMOTION:
            self.peek = self._box.collidepoint(event.pos) and ctx.hovered_unit is not None
        if event.type == pygame.MOUSEWHEEL and not self.peek and self._box.collidepoint(ctx.mouse) and event.y:
            self.first = max(0, self.first - event.y)  # wheel up shows earlier rows; draw clamps the end
            return Reply()
        if event.type != pygame.MOUSEMOTION and event.type != pygame.MOUSEBUTTONDOWN:
            return None
        if not self.peek:
            th.claim_hover(ctx, self._box, event)
        # Stepped aside, no row is under the pointer: a row's ring and card give way to the token's.
        hit = None if self.peek else next((name for r, name in self._rows if r.collidepoint(event.pos)), None)
        if hit != self.hovered:
            if hit is not None:
                ctx.highlight = hit
            elif ctx.highlight == self.hovered:
                ctx.highlight = None  # only clear what this tracker set
            self.hovered = hit
        if hit is not None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ctx.selected = hit  # clicking a row shows that combatant's card (and its moves, if it is to act)
            return Reply(status=f"Selected {hit}")
        # Only a row answers; the rest of the translucent panel lets the map under it be clicked.
        return Reply() if hit is not None and event.type == pygame.MOUSEBUTTONDOWN else None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        """The tracker: a heading, the rows in turn order (scrolled to keep the actor in view when they do not
        all fit) and a note of how many are above and below; a tab on a tiny window; while it steps aside for
        a token, only its rows' places (for the motion that brings it back)."""
        enc = ctx.encounter
        if self._rows_key != ctx.version:
            self._rows_key, self._cached_rows = ctx.version, tracker_rows(enc)
        rows = self._cached_rows
        area = th.area(screen, ctx)
        lay = self.layout = self.layout_for(area)
        title, sub = heading(enc)
        if self._folded(ctx, area):
            self._draw_tab(screen, ctx, area, title)
            return
        # Compact, the subtitle ("Vessa to act") is left to the top bar, which says whose turn it is; setup's
        # and the end's (who won) the top bar does not say, so they keep a line.
        sub_line = lay is COMPACT and enc.phase != "active"
        if sub_line:
            lay = Layout(lay.row, lay.width, lay.head + 18, lay.max_rows, lay.size)
        shown, more = self._scrolled(rows, area, lay, enc.turn)
        frame = self._place(ctx, area, len(shown), more, lay)
        # The rows are laid out even while it steps aside: the motion that brings it back may land on one.
        top = frame.y + lay.head - 2
        self._rows = [(pygame.Rect(frame.x + 4, top + i * lay.row, frame.width - 8, lay.row - 2), row.name)
                      for i, row in enumerate(shown)]
        if self.peek:
            return
        th.draw_frame(screen, frame)
        _draw_heading(screen, frame, lay, title, sub if lay.size == th.BODY or sub_line else None)
        for (r, _), row in zip(self._rows, shown, strict=True):
            self._draw_row(screen, r, row, row.name == self.hovered or row.name == ctx.highlight, lay)
        if more:
            _draw_more_note(screen, frame, top + len(shown) * lay.row, self.first, len(rows) - self.first - len(shown))

    def _folded(self, ctx: BattleContext, area: pygame.Rect) -> bool:
        """A tiny window's tracker folds to its title until the pointer rests on it (not while it steps aside for
        a token under the tab): the top bar already says whose turn it is."""
        return bool(self.adaptive and self.rect is None and is_tiny(area)
                    and not (self._box.collidepoint(ctx.mouse) and not self.peek))

    def _scrolled(self, rows: list[Row], area: pygame.Rect, lay: Layout, turn: str | None) -> tuple[list[Row], bool]:
        """The rows that fit, and whether some do not: the window onto them keeps where the wheel left it, but
        jumps to show the actor (two rows above it) when a new turn begins."""
        cap = self.capacity(area, len(rows), lay)
        if len(rows) <= cap:
            self.first = 0
            return rows, False
        if turn != self._turn_seen:  # a new turn: bring the actor into view
            self._turn_seen = turn
            current = next((i for i, r in enumerate(rows) if r.state == "current"), 0)
            self.first = max(0, current - 2)
        self.first = min(self.first, len(rows) - cap)
        return rows[self.first:self.first + cap], True

    def _place(self, ctx: BattleContext, area: pygame.Rect, n_shown: int, more: bool, lay: Layout) -> pygame.Rect:
        """The tracker's box (with room for the above/below note), and whether it steps aside this frame."""
        frame = self.frame(area, n_shown, lay)
        if more and self.rect is None:
            frame.height += MORE
        self._box = frame
        # Stepped aside only while the pointer still rests on a token there (it may have moved or fallen since).
        self.peek = self.peek and ctx.hovered_unit is not None and frame.collidepoint(ctx.mouse)
        self._frame = pygame.Rect(0, 0, 0, 0) if self.peek else frame
        return frame

    def _draw_tab(self, screen: pygame.Surface, ctx: BattleContext, area: pygame.Rect, title: str) -> None:
        """The folded tracker: "Round 2  hover" in the top-right corner; no rows answer."""
        w = th.text_width(title, th.SMALL, True) + th.text_width(TAB_HINT, th.SMALL) + 12 + 2 * th.PAD
        frame = pygame.Rect(area.right - w - 8, area.y + 8, w, TAB_H)
        self._box = frame
        self._rows = []
        if self.hovered is not None and ctx.highlight == self.hovered:
            ctx.highlight = None  # a row folded away no longer rings its token
        self.hovered = None
        self.peek = self.peek and ctx.hovered_unit is not None and frame.collidepoint(ctx.mouse)
        self._frame = pygame.Rect(0, 0, 0, 0) if self.peek else frame
        if self.peek:
            return
        th.draw_frame(screen, frame)
        th.text(screen, title, (frame.x + th.PAD, frame.centery), size=th.SMALL, bold=True, anchor="midleft")
        th.text(screen, TAB_HINT, (frame.right - th.PAD, frame.centery), size=th.SMALL, colour=th.FAINT,
                anchor="midright")

    def _draw_row(self, screen: pygame.Surface, r: pygame.Rect, row: Row, hovered: bool,
                  lay: Layout = FULL) -> None:
        out = row.state in ("defeated", "fled")
        if row.state == "current":
            pygame.draw.rect(screen, (70, 60, 30), r, border_radius=6)
            pygame.draw.rect(screen, th.ACCENT, r, 1, border_radius=6)
        elif hovered:
            pygame.draw.rect(screen, (48, 52, 64), r, border_radius=6)
        compact = lay.size != th.BODY
        dot = th.faction_colour(row.faction) if not out else th.FAINT
        # The faction's shape as well as its colour: a deutan read the old green and red dots alike.
        faction_mark(screen, row.faction, (r.x + (10 if compact else 12), r.centery), 5 if compact else 6, dot)
        colour = th.FAINT if out else th.MUTED if row.state == "acted" else th.ACCENT if row.state == "current" \
            else th.TEXT
        # Compact rows leave out "done" (the dimmed name says it) and "defeated"/"fled" (struck through, greyed).
        tag = "" if compact else {"acted": "done", "defeated": "defeated", "fled": "fled"}.get(row.state, "")
        hp = "" if out else f"{row.hp}/{row.hp_max}"
        # The initiative in a column of its own at the right end (Foundry's tracker): the order's numbers, which
        # `playmat state` prints as "Goblin (5)", so a GM can tell a tie (R14's tie-break) from a gap here too.
        init_w = th.text_width("00", th.SMALL)
        right_w = init_w + 8 + th.text_width(hp, th.SMALL) + (th.text_width(tag, th.SMALL) + 8 if tag else 0)
        left = 20 if compact else 24
        name = th.fit_name(row.name, r.width - left - 10 - right_w - (4 if compact else 10), lay.size,
                      row.state == "current")
        nr = th.text(screen, name, (r.x + left, r.centery), size=lay.size, colour=colour,
                     bold=row.state == "current", anchor="midleft")
        if out:  # struck through: still listed, visibly out of the fight
            pygame.draw.line(screen, th.FAINT, (nr.x, nr.centery), (nr.right, nr.centery), 1)
        x = r.right - 6
        th.text(screen, str(row.initiative), (x, r.centery), size=th.SMALL, colour=th.FAINT if out else th.MUTED,
                anchor="midright")
        x -= init_w + 8
        if hp:
            hr = th.text(screen, hp, (x, r.centery), size=th.SMALL, colour=hp_colour(row.hp / max(row.hp_max, 1)),
                         anchor="midright")
            x = hr.x - 8
        if tag:
            th.text(screen, tag, (x, r.centery), size=th.SMALL, colour=th.FAINT, anchor="midright")
