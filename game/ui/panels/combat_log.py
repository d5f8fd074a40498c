"""The combat log: every event the engine reports, every roll with what it had to beat.

Fed by the engine's events (``Applied.events``), never by guessing from the
state, and worded by :mod:`game.ui.narration` (the one phrasing the status
line, the replay and the AI's reasons share). :class:`CombatLog` is the
panel: it follows ``ctx.match.applied`` (and, for a resumed game, the events
of the earlier log lines, rebuilt by replaying them through the public API),
wraps long lines and scrolls with the mouse wheel.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.render.pg import pygame
from game.rules import Action, Event

from .. import theme as th
from ..compact import is_compact, is_tiny
from ..context import BattleContext, Reply
from ..narration import AtWar, Bonus, Entry, LogTeller, Sides, at_war_from, bonus_from, party_side
from .framed import FramedPanel
from .log_spot import nearest_free

WIDTH = 350  # clear of the action bar (bottom centre, ~560 px wide)
HEIGHT = 188
LINE = 19  # px a line of the log takes
SOON = 5  # lines the log holds after a turn or two: the opening view keeps tokens clear of them where it can
FOLDED = 2  # lines a small window's log shows until the pointer rests on it (see CombatLog.draw)
REST = 3  # lines a bigger window's log shows until the pointer rests on it: as tall as at the battle's start
SPOT_WIDTHS = (WIDTH, 260)  # a tiny window's log unfolded away from its tab: as wide as ever, else narrower
WHEEL = 3  # lines a notch of the wheel scrolls the log (an entry, in a tab that could not unfold)
TAB_H = 26  # a tiny window's log folded to one row, "Log" and its newest line, as tall as the tracker's tab
CONTINUED = "   "  # the indent of an entry's second and later lines


def fitted(full: pygame.Rect, n_lines: int) -> pygame.Rect:
    """``full`` cut to the height ``n_lines`` lines need (one at least), keeping its bottom edge."""
    height = min(full.height, 32 + LINE * max(1, n_lines))
    return pygame.Rect(full.x, full.bottom - height, full.width, height)


class CombatLog(FramedPanel):
    layer = "panel"

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = rect  # None: bottom-right, above the status bar
        self.entries: list[Entry] = []
        self.scroll = 0  # lines scrolled up from the newest
        self._seen = 0  # how many of match.applied are in entries
        self._frame = pygame.Rect(0, 0, 0, 0)
        self._box = pygame.Rect(0, 0, 0, 0)  # where the log is drawn when shown (also while it steps aside)
        self.peek = False  # stepped aside: the pointer is on a token under the log (see handle_event)
        self._resumed = False
        self._wrapped: dict[int, tuple[tuple[int, Entry | None], list[Entry]]] = {}  # width: (entries seen, lines)
        self._full = pygame.Rect(0, 0, 0, 0)  # its room when full, as last drawn
        self.drawn: list[tuple[str, int]] = []  # each line shown and its top on screen, as last drawn
        self._teller = LogTeller()  # the lines as the replay words them too: a turn that waited, a turn on the spot
        self.open = False  # a small window's log unfolded: the pointer is on it (see draw)
        self._strip: pygame.Rect | None = None  # a small window's log as folded: where the pointer opens it
        self._tabbed = False  # a tiny window's log, folded to its one-line tab when last drawn
        self._spot_key: tuple[object, ...] | None = None  # what the last spot away from the tab was found for
        self._spot_box: pygame.Rect | None = None

    # --- feeding -----------------------------------------------------------------
    def add_events(self, events: Sequence[Event], bonus: Bonus | None = None,
                   party: Sides | None = None, action: Action | None = None,
                   at_war: AtWar | None = None) -> None:
        replace, lines = self._teller.tell(events, bonus, party, action, at_war)
        if replace and self.entries:
            self.entries.pop()
        self.entries.extend(lines)
        self.scroll = 0  # something new happened: show it

    def sync(self, ctx: BattleContext) -> None:
        """Take the events of every action applied since the last call."""
        match = ctx.match
        applied = list(match.applied)
        self._teller.layout = ctx.encounter.layout  # a push names the side it went ("pushed east to 7,10", R2)
        if not self._resumed:
            self._resumed = True
            self._replay_earlier(ctx, len(ctx.encounter.history) - len(applied))
        if len(applied) < self._seen:  # undo removed some: rebuild from the whole history
            self.entries.clear()
            self._teller = LogTeller(ctx.encounter.layout)
            self._seen = 0
            self._replay_earlier(ctx, len(ctx.encounter.history) - len(applied))
        if len(applied) > self._seen:
            party = party_side(ctx.encounter, ctx.match.human_factions())
            for a in applied[self._seen:]:
                self.add_events(a.events, bonus_from(ctx.encounter), party, a.action, at_war_from(ctx.encounter))
        self._seen = len(applied)

    def _replay_earlier(self, ctx: BattleContext, n: int) -> None:
        """Events of log lines applied before this session (a resumed game): the encounter's own records."""
        if n <= 0:
            return
        bonus = bonus_from(ctx.encounter)  # rolling bonuses do not change once combat begins
        party, at_war = party_side(ctx.encounter, ctx.match.human_factions()), at_war_from(ctx.encounter)
        for record in list(ctx.encounter.records)[:n]:
            self.add_events(record.events, bonus, party, record.action, at_war)

    # --- widget ------------------------------------------------------------------
    @property
    def room(self) -> pygame.Rect:
        """Where the log will be in a turn or two (``SOON`` lines; empty when hidden): it grows up from the
        bottom as lines come, over whatever token the opening view put just above it."""
        if self._box.width == 0 or self.rect is not None or self._tabbed:
            return pygame.Rect(self._box)
        return self._box.union(fitted(self._full, SOON))

    @property
    def grown(self) -> pygame.Rect:
        """Where the log will be once full (empty when hidden): the camera keeps the actor and its target clear
        of it, since the turn's own lines grow it over whoever the camera had just brought into view."""
        if self._box.width == 0 or self.rect is not None or self._tabbed:
            return pygame.Rect(self._box)  # a tiny window's tab stays one line however many come
        return self._box.union(self._full)

    def frame(self, area: pygame.Rect, bar_shown: bool = True) -> pygame.Rect:
        """Its room in the map area ``area``: bottom right, lifted over the action bar where the bar reaches under
        it (hud.log_lift). A tiny window's log comes down to the status line while no bar is drawn (the AI's
        turns): its tab hung 56 px up over an empty strip at 640x400, a sixth of the map's height. A bigger
        window's log keeps still (its box is the eye's to find in the same place every turn). Its top stays put
        either way, so the tracker keeps its room."""
        if self.rect is not None:
            return self.rect
        from ..hud import log_lift  # the action bar's geometry (hud draws it)

        lift = 0 if not bar_shown and is_tiny(area) else log_lift(area.width)
        height = HEIGHT - lift  # lifted clear of the bar, it gives up as much height, so the tracker keeps its room
        return pygame.Rect(area.right - WIDTH - 8, area.bottom - lift - height - 8, WIDTH, height)

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        # A token under the log could be clicked (clicks go through) but not seen or previewed. With the
        # pointer on one, the log steps aside until the pointer leaves it: the token, its card and the attack
        # preview show as anywhere else on the map (the scene has already found who is under the pointer).
        # A small window's log answers on the strip it folds to, never on the room it unfolds into: that room is
        # the map's. Found at 800x560: once opened, the log stayed open while the pointer went on up over the
        # hexes it covered, so no hex there could be pointed at (no move preview) until the pointer left the
        # whole box; it now folds as soon as the pointer leaves the strip, and a scroll goes back to the newest.
        hot = self._box if self._strip is None else self._strip
        if event.type == pygame.MOUSEMOTION:
            on = hot.collidepoint(event.pos)
            self.peek = on and ctx.hovered_unit is not None
            self.open = on and not self.peek
            if self._strip is not None and not on:
                self.scroll = 0
        if self.peek:
            return None
        th.claim_hover(ctx, hot, event)
        if event.type == pygame.MOUSEWHEEL and hot.collidepoint(ctx.mouse):
            self.scroll = max(0, self.scroll + (WHEEL if event.y > 0 else -WHEEL))
            return Reply()
        return None  # clicks go through to the map: the log only scrolls

    def _clear_of_tokens(self, ctx: BattleContext, full: pygame.Rect, n_lines: int,
                         tab: bool, rest: int = FOLDED) -> pygame.Rect | None:
        """A folded log unfolded: ``full`` cut to the most lines (``rest`` at least) that leave every
        token above it in sight, disc and hp bar. Unfolded whole, it covered Grundvald's hp bar on giants_lair
        at 800x560 while the pointer was on it; the wheel shows the older lines.

        A tiny window's log (``tab``) folds to a 26 px tab, shorter than its smallest unfolded box (70 px): a
        token standing just above the tab was covered by the unfolding (at 640x400, Goblin 2 on giants_lair in
        the AI's turns, Orc 2 on default). There the box opens at the free spot of the map nearest the tab
        instead, the tab staying where the pointer is (see ``_spot``); None where the map has no free spot even
        for one line (a view crowded with tokens): the log stays a tab rather than hide one."""
        tokens = []
        for v in ctx.encounter.views():
            if v.active:
                disc = ctx.token_rect(v.name)
                disc.height += 6  # the hp bar under the disc
                tokens.append(disc)
        for n in range(n_lines, rest - 1, -1):
            box = fitted(full, n)
            if box.collidelist(tokens) < 0:
                return box
        if tab:
            return self._spot(ctx, full, tokens)
        return fitted(full, rest)  # the folded strip: it covers no more than it did folded

    def _spot(self, ctx: BattleContext, full: pygame.Rect, tokens: list[pygame.Rect]) -> pygame.Rect | None:
        """A tiny window's log unfolded where it cannot open above its tab with ``FOLDED`` lines: the box of the
        most lines (one at least; as many as ``full`` holds at most) that hides no token and no panel drawn so
        far: above the tab where it fits there, else at the free spot nearest the tab, beside it (never on it:
        the pointer is there), and narrower (``SPOT_WIDTHS``) where that shows more. None where there is no
        such spot. Kept while nothing it depends on moves (it is asked every frame while the pointer rests)."""
        area = ctx.view_rect
        tab = self._tab_rect(full)
        avoid = [*tokens, *ctx.covers]
        counts = [len(self.wrapped(w - 2 * th.PAD - 10)) for w in SPOT_WIDTHS]
        key = (tuple(map(tuple, avoid)), tuple(area), tuple(full), tuple(counts))
        if self._spot_key == key:
            return None if self._spot_box is None else pygame.Rect(self._spot_box)
        best: pygame.Rect | None = None
        most = 0  # lines of the best box so far: a narrower box must show more
        for width, n_lines in zip(SPOT_WIDTHS, counts, strict=True):
            most_here = (fitted(full, n_lines).height - 32) // LINE  # as many as its full height holds
            for n in range(most_here, most, -1):
                over = fitted(full, n)
                if width == full.width and over.collidelist(avoid) < 0:
                    found: pygame.Rect | None = over  # above the tab, as it always opens (here fewer lines)
                else:
                    found = nearest_free(area, (width, over.height), tab, avoid)
                if found is not None:
                    best, most = found, n
                    break
                if n == most_here:  # none of its tallest size: try the smallest before every size between
                    one = fitted(full, 1)
                    if (width != full.width or one.collidelist(avoid) >= 0) and \
                            nearest_free(area, (width, one.height), tab, avoid) is None:
                        break
        self._spot_key, self._spot_box = key, best
        return None if best is None else pygame.Rect(best)

    def wrapped(self, width: int) -> list[Entry]:
        """The entries wrapped to ``width`` px, kept per width (a tiny window's log may be drawn narrower)."""
        key = (len(self.entries), self.entries[-1] if self.entries else None)
        kept = self._wrapped.get(width)
        if kept is not None and kept[0] == key:
            return kept[1]
        out: list[Entry] = []
        for text, role in self.entries:
            parts = th.wrap(text, width, th.SMALL)
            out.extend((p if i == 0 else CONTINUED + p, role) for i, p in enumerate(parts))
        self._wrapped[width] = (key, out)
        return out

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.sync(ctx)
        area = th.area(screen, ctx)
        full = self.frame(area, ctx.bar_shown)
        lines = self.wrapped(full.width - 2 * th.PAD - 10)
        # A small window's log shows its newest lines only until the pointer rests on it (or it is scrolled):
        # at 960x600 on the Black Gull its five lines (132 px) covered the corsairs' deck, columns 11-14, rows
        # 8-11, where they stand and fight. Folded, it still says what just happened; hovered, all of it.
        # A bigger window's log folds the same way, to the three lines it shows at the battle's start ("Combat
        # begins", the first turn, its first move): at 1280x800 on Harrow Keep it grew, a line at a time, to
        # its full 188 px over the map's bottom-right hexes, and stayed there for the rest of the battle.
        rest = FOLDED if is_compact(area) else REST
        folds = self.rect is None and len(lines) > rest
        # A tiny window's log folds further, to a one-row tab like the card's and the tracker's: at 640x400 its
        # heading and two lines (70 px) over the action bar left Harrow Keep's fight no room, Archer 2 opened
        # under it. The tab is where the pointer opens it, as the strip is in a small window.
        tab = self.rect is None and is_tiny(area)
        if tab and not self._tab_rect(full).collidepoint(ctx.mouse):
            # The tab moved from under a resting pointer (it comes down for the AI's turns and goes back up over
            # the action bar): it folds, as when the pointer leaves it.
            self.open, self.scroll = False, 0
        self._tabbed = tab and not (self.open or self.scroll)
        if self._tabbed:
            self._draw_tab(screen, ctx, full)
            return
        folds = folds or (tab and len(lines) > 1)
        self._strip = self._tab_rect(full) if tab else fitted(full, rest) if folds else None
        folded = folds and not (self.open or self.scroll)
        room = self._room_to_draw(screen, ctx, full, lines, folds, folded, tab, rest)
        if room is None:
            return
        full, lines = room
        frame = self._place_box(ctx, full, lines)
        if frame is None:
            return
        shown, skipped = self._newest_shown(lines, frame)
        frame, gap = self._give_back_gap(frame, skipped * LINE, folded, tab)
        if tab and self._strip is not None and not frame.colliderect(self._strip):
            self._draw_tab_face(screen, self._strip)  # opened away from tokens: the tab stays under the pointer
            if frame.bottom == self._strip.top:
                self._frame = frame.union(self._strip)  # standing on the tab: the two read as one panel
        y = self._draw_box(screen, frame, shown, gap)
        self._draw_corner_hint(screen, frame, y, lines, shown, folds, folded)

    def _room_to_draw(self, screen: pygame.Surface, ctx: BattleContext, full: pygame.Rect, lines: list[Entry],
                      folds: bool, folded: bool, tab: bool,
                      rest: int = FOLDED) -> tuple[pygame.Rect, list[Entry]] | None:
        """Where the log is drawn and its lines wrapped to that width: a folded log's two rows; a small window's
        unfolded log where it covers no token; None when a tiny window's map has no free room (its tab is drawn
        instead, and the wheel reads back in it)."""
        if folded:
            return fitted(full, rest), lines
        if not folds:
            return full, lines
        clear = self._clear_of_tokens(ctx, full, len(lines), tab, rest)
        if clear is None:
            self.scroll = min(self.scroll, WHEEL * max(0, len(self.entries) - 1))
            self._tabbed = True
            self._draw_tab(screen, ctx, full, self.scroll // WHEEL)
            return None
        if clear.width != WIDTH:  # a narrower spot: its lines wrapped to it
            lines = self.wrapped(clear.width - 2 * th.PAD - 10)
        return clear, lines

    def _place_box(self, ctx: BattleContext, full: pygame.Rect, lines: list[Entry]) -> pygame.Rect | None:
        """The box, or None while it steps aside for a token the pointer rests on under it.

        The box grows with what it holds, up to its full height, anchored at the bottom: an empty log (setup,
        the battle's first turn) takes one line's room, not a panel's, over the map."""
        frame = full if self.rect is not None else fitted(full, len(lines))
        self._box, self._full = frame, full
        # Stepped aside only while the pointer still rests on a token there (it may have moved or fallen since).
        self.peek = self.peek and ctx.hovered_unit is not None and frame.collidepoint(ctx.mouse)
        self._frame = pygame.Rect(0, 0, 0, 0) if self.peek else frame
        if self.peek:
            self.drawn = []
            return None
        return frame

    def _newest_shown(self, lines: list[Entry], frame: pygame.Rect) -> tuple[list[Entry], int]:
        """The lines the box shows, scrolled back ``self.scroll`` from the newest, and how many rows at the top
        are left empty because they would show the tail of an entry without its head."""
        per = (frame.height - 32) // LINE
        self.scroll = min(self.scroll, max(0, len(lines) - per))
        end = len(lines) - self.scroll
        start = first = max(0, end - per)
        while 0 < start < end and lines[start][0].startswith(CONTINUED):
            start += 1  # never the tail of an entry without its head ("14: hit, 5 damage": whose?)
        if start == end and end > 0 and per > 0:
            # One entry taller than the box: its head, cut with "…", not its tail. Playing ambush at 960x600
            # the folded log read "of Bandit Chief and Bandit Spear: no more movement / this turn": who moved
            # was on the line left out. Pointing at the log shows the whole entry.
            head = end - 1
            while head > 0 and lines[head][0].startswith(CONTINUED):
                head -= 1
            shown = lines[head:head + per]
            text, role = shown[-1]
            return [*shown[:-1], (text.rstrip(" ,:;") + " …", role)], 0
        return lines[start:end], start - first

    def _give_back_gap(self, frame: pygame.Rect, gap: int, folded: bool, tab: bool) -> tuple[pygame.Rect, int]:
        """The box and the room left blank under its heading.

        The newest line keeps the last row: an entry's tail left out at the top leaves its room there, under
        the heading, not a blank last row that read as a line still to come (found playing ambush). A log
        that places itself gives that room back (its top comes down a row): two playtests read the blank
        row under the heading as a line gone missing."""
        if self.rect is None and gap:
            frame = pygame.Rect(frame.x, frame.y + gap, frame.width, frame.height - gap)
            self._box = self._frame = frame
            gap = 0
            if folded and not tab:
                self._strip = pygame.Rect(frame)  # the pointer opens it where it is drawn
        return frame, gap

    def _draw_box(self, screen: pygame.Surface, frame: pygame.Rect, shown: list[Entry], gap: int) -> int:
        """The frame, its heading and ``shown``, kept in :attr:`drawn`; returns the y under the last line."""
        th.draw_frame(screen, frame)
        th.text(screen, "Combat log", (frame.x + th.PAD, frame.y + 6), size=th.SMALL, colour=th.MUTED, bold=True)
        y = frame.y + 26 + gap
        self.drawn = []
        for text, role in shown:
            th.text(screen, text, (frame.x + th.PAD, y), size=th.SMALL, colour=th.ROLE.get(role, th.TEXT))
            self.drawn.append((text, y))
            y += LINE
        return y

    def _draw_corner_hint(self, screen: pygame.Surface, frame: pygame.Rect, y: int, lines: list[Entry],
                          shown: list[Entry], folds: bool, folded: bool) -> None:
        """How to read more (newer lines below, older ones, the folded rest), or that nothing has happened yet."""
        corner = (frame.right - th.PAD, frame.y + 6)
        if self.scroll:
            th.text(screen, f"{self.scroll} newer below (wheel)", corner, size=th.SMALL, colour=th.WARN,
                    anchor="topright")
        elif folds and not folded and len(lines) > len(shown):
            th.text(screen, "wheel: older", corner, size=th.SMALL, colour=th.FAINT, anchor="topright")
        elif folded:
            # How much is behind the fold, in lines as drawn: the count the wheel scrolls through.
            th.text(screen, f"{len(lines) - len(shown)} earlier: point here", corner, size=th.SMALL,
                    colour=th.FAINT, anchor="topright")
        elif not lines:
            th.text(screen, "nothing has happened yet", (frame.x + th.PAD, y), size=th.SMALL, colour=th.FAINT)

    @staticmethod
    def _tab_rect(full: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(full.x, full.bottom - TAB_H, full.width, TAB_H)

    def _draw_tab(self, screen: pygame.Surface, ctx: BattleContext, full: pygame.Rect, back: int = 0) -> None:
        """The folded log of a tiny window: "Log" and the start of its newest entry on one row, in the room's
        bottom (it still says what just happened); the pointer on it unfolds the rest above it. ``back``: the
        entry that many before the newest, the wheel's reading where the log has no room to unfold."""
        frame = self._tab_rect(full)
        self._box, self._full, self._strip = frame, full, pygame.Rect(frame)
        self.peek = self.peek and ctx.hovered_unit is not None and frame.collidepoint(ctx.mouse)
        self._frame = pygame.Rect(0, 0, 0, 0) if self.peek else frame
        self.drawn = []
        if self.peek:
            return
        # Pointed at but with no room to unfold: the tab says how to read on, as the unfolded log does.
        hint = "wheel: older" if self.open and back + 1 < len(self.entries) else None
        self.drawn = [self._draw_tab_face(screen, frame, back, hint)]

    def _draw_tab_face(self, screen: pygame.Surface, frame: pygame.Rect, back: int = 0,
                       hint: str | None = None) -> tuple[str, int]:
        """The tab as drawn in ``frame``: "Log" and the newest entry (or the one ``back`` before it, saying so)
        cut to the row, ``hint`` faint at its right end; returns what it said."""
        th.draw_frame(screen, frame)
        th.text(screen, "Log", (frame.x + th.PAD, frame.centery), size=th.SMALL, colour=th.MUTED, bold=True,
                anchor="midleft")
        x = frame.x + th.PAD + th.text_width("Log", th.SMALL, True) + 10
        # The newest entry whole (not its wrapped tail, which would not say whose it is), cut to the row.
        text, role = self.entries[-1 - back] if self.entries else ("nothing has happened yet", "faint")
        if back:
            text = f"{back} back: {text}"
        right = frame.right - th.PAD
        if hint:
            th.text(screen, hint, (right, frame.centery), size=th.SMALL, colour=th.FAINT, anchor="midright")
            right -= th.text_width(hint, th.SMALL) + 10
        shown = th.fit(text, right - x, th.SMALL)
        th.text(screen, shown, (x, frame.centery), size=th.SMALL, colour=th.ROLE.get(role, th.TEXT), anchor="midleft")
        return shown, frame.y
