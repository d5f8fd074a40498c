"""One palette, three font sizes and the panel frame every HUD widget uses.

Sizes are chosen for 1280x720 at 100 % zoom: body text 20 px (pygame's
default font), captions 17 px, headings 22 px bold. Colours are roles, not
values, so a widget says "muted" or "bad" and all panels agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, Protocol

from game.render.pg import pygame
from game.render.style import FACTION_STYLE, font

from .drawn import Drawn
from .tip_place import GAP, Around, Judge, Room, spots

HEAD = 22
BODY = 20
SMALL = 17
LINE = 22  # body line height
PAD = 10
CARD_WIDTH = 260  # the combatant card at the left edge, and the GM card in its place in GM mode

PANEL_BG = (18, 20, 27, 232)
PANEL_EDGE = (92, 96, 112)
TEXT = (236, 236, 228)
MUTED = (150, 154, 168)
FAINT = (104, 108, 120)
ACCENT = (255, 214, 120)  # the current actor, keys, the number that matters
# Good, bad and warning differ in lightness and in blue-yellow, not only in red-green: a sea green, a deep red
# and a gold, at least 30 CIELAB units apart under protan, deutan and tritan simulation (the old green and red
# were 10 apart to a deutan: "standing" and "defeated", "Sight: clear" and "blocked" read alike).
GOOD = (112, 219, 190)
BAD = (255, 86, 80)
WARN = (255, 200, 60)
HOVER = (255, 248, 210)
# Faint marks, in shoot and cast modes, on the hexes whose tiles give cover (R31) or block sight (R30): the colours
# of a sight line through cover and of a blocked one (game.ui.overlays.ranged; the legend draws the same marks).
COVER_MARK = (*WARN, 150)
SIGHT_MARK = (*BAD, 120)

ROLE = {"text": TEXT, "muted": MUTED, "faint": FAINT, "accent": ACCENT, "good": GOOD, "bad": BAD, "warn": WARN}


def faction_colour(faction: str) -> tuple[int, int, int]:
    return FACTION_STYLE.get(faction, FACTION_STYLE["neutral"]).light


@dataclass(frozen=True)
class Line:
    """One line of a text panel: ``role`` picks the colour, ``bold`` the weight, ``right`` a right-aligned value."""

    text: str
    role: str = "text"
    bold: bool = False
    right: str = ""
    size: int = BODY

    def colour(self) -> tuple[int, int, int]:
        return ROLE.get(self.role, TEXT)


class Tip(NamedTuple):
    """A tooltip an overlay posts for the Tooltips panel to draw above every panel this frame."""

    lines: list[Line]
    near: tuple[float, float]
    min_width: int
    edge: tuple[int, int, int]
    clear: tuple[pygame.Rect, ...] = ()  # what the tip should leave in view where it can (a sight line)
    # whom it reports on, kept in view before the panels (a burst's caught; V's ringed enemies, ring and all)
    describes: tuple[pygame.Rect | Drawn, ...] = ()
    # The same report in a narrower column, taller: placed instead where the wide box would hide a token and
    # this hides less (V's box by the Giant's Hearth's west edge, beside Bjorn).
    narrow: tuple[Line, ...] = ()
    # The most each form may grow to while it stays posted (px; (0, 0): none): the box is placed by that, its top
    # left kept as it grows, so it appears where it will stay (V's box grew and jumped 40 px when the odds came).
    reserve: tuple[int, int] = (0, 0)
    narrow_reserve: tuple[int, int] = (0, 0)


class Host(Protocol):
    """What the panel helpers below use of the battle's context (``game.ui.context.BattleContext``)."""

    view_rect: pygame.Rect
    hovered_cell: tuple[int, int] | None
    hovered_unit: str | None
    tips: list[Tip]


def area(screen: pygame.Surface, ctx: Host) -> pygame.Rect:
    """The map area panels sit in: ``ctx.view_rect`` (between the top bar and the status line), else the screen."""
    r = ctx.view_rect
    return r if r.width > 0 else screen.get_rect()


def draw_frame(screen: pygame.Surface, rect: pygame.Rect, *, edge: tuple[int, int, int] = PANEL_EDGE,
               opaque: bool = False) -> None:
    """A translucent rounded panel: the map stays faintly visible under the HUD. ``opaque`` for a box drawn
    over other panels (a GM form over the tracker and the log), whose text would show through its own."""
    screen.blit(_frame_surface(rect.size, tuple(edge), opaque), rect.topleft)


@lru_cache(maxsize=64)
def _frame_surface(size: tuple[int, int], edge: tuple[int, ...], opaque: bool = False) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*PANEL_BG[:3], 255) if opaque else PANEL_BG, layer.get_rect(), border_radius=10)
    pygame.draw.rect(layer, (*edge[:3], 255), layer.get_rect(), 1, border_radius=10)
    return layer


@lru_cache(maxsize=4096)
def rendered(s: str, size: int, bold: bool, colour: tuple[int, ...]) -> pygame.Surface:
    """Rendered text, cached: panels redraw the same few hundred strings every frame. A NUL (a name in a
    stranger's log may hold one) is left out: SDL_ttf refuses it with a ValueError."""
    return font(size, bold).render(s.replace("\x00", ""), True, colour)


def text(screen: pygame.Surface, s: str, pos: tuple[int, int], *, size: int = BODY, colour: tuple[int, ...] = TEXT,
         bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    surf = rendered(s, size, bold, tuple(colour))
    r = surf.get_rect(**{anchor: pos})
    screen.blit(surf, r)
    return r


@lru_cache(maxsize=8192)
def text_width(s: str, size: int = BODY, bold: bool = False) -> int:
    return font(size, bold).size(s)[0]


def fit(s: str, width: int, size: int = BODY, bold: bool = False) -> str:
    """``s`` cut with an ellipsis so it fits ``width`` pixels."""
    return cut_to(s, width, lambda t: text_width(t, size, bold), "…")


def fit_name(s: str, width: int, size: int = BODY, bold: bool = False) -> str:
    """A combatant's name cut to ``width`` pixels keeping its last word when that is what tells it from its
    fellows ("Charcoal Bur… 1", not "Charcoal Burne…" twice in the Greenway's tracker at 1024x640): a short
    last word (a number or a letter, up to 3 characters) stays whole and the ellipsis cuts the words before it."""
    if text_width(s, size, bold) <= width:
        return s
    head, _, last = s.rpartition(" ")
    if not head or len(last) > 3:
        return fit(s, width, size, bold)
    tail = " " + last
    return cut_to(head, width - text_width(tail, size, bold), lambda t: text_width(t, size, bold), "…") + tail


def cut_to(s: str, room: int, width_of: Callable[[str], int], ellipsis: str) -> str:
    """``s`` whole if ``width_of(s)`` fits ``room``, else its longest start that fits with ``ellipsis`` after it
    (the ellipsis alone when none does). Halving, not a character at a time: a map's 20,000-character title
    was measured once a character on every frame, and no frame was drawn in a minute."""
    if width_of(s) <= room:
        return s
    lo, hi = 0, len(s) - 1  # the answer's length: the whole of s does not fit, so neither does s + ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width_of(s[:mid] + ellipsis) <= room:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo] + ellipsis


# Word pairs never broken across rows: the game's name for a thing, not two words. Found in the combat log at
# 960x600: "GM edits Lysa: facing north-west, hit points now 6, hit" / "points unhurt 14".
UNBROKEN = {("hit", "points")}


def words(s: str) -> list[str]:
    """The words a line may break between: a percent sign stays with its number ("46.5 %"), as a line that
    starts with "% of 200 games" reads as a stray sign (found on the title screen's map blurbs); "hit points"
    stays whole (:data:`UNBROKEN`)."""
    out: list[str] = []
    last = ""  # the last word as written, when the row's last piece ends with it
    for w in s.split():
        if out and (w.startswith("%") or (last.casefold(), w.casefold()) in UNBROKEN):
            out[-1] += " " + w
        else:
            out.append(w)
        last = w
    return out


def wrap(s: str, width: int, size: int = BODY, bold: bool = False, cut: bool = True) -> list[str]:
    """Greedy word wrap to ``width`` pixels. A word longer than the width is cut with an ellipsis, or with
    ``cut=False`` left whole on a row of its own (the chrome's dialogs: a long path is better overrun than lost).
    The one wrap of the window: :func:`game.ui.chrome.wrap` is this, paragraph by paragraph."""
    alone: Callable[[str], list[str]] = (lambda word: [fit(word, width, size, bold)]) if cut else (lambda word: [word])
    return _pack("", words(s), width, size, bold, alone)


def wrap_list(head: str, items: Sequence[str], width: int, size: int = BODY, bold: bool = False) -> list[str]:
    """``head`` then ``items`` joined by ", ", broken only between items where it can ("acrobatics +0" stays
    whole); an item too wide for a row of its own is word-wrapped."""
    pieces = [item + ("," if i < len(items) - 1 else "") for i, item in enumerate(items)]
    return _pack(head, pieces, width, size, bold, lambda piece: wrap(piece, width, size, bold))


def _pack(first: str, pieces: Iterable[str], width: int, size: int, bold: bool,
          alone: Callable[[str], list[str]]) -> list[str]:
    """``pieces`` after ``first``, space-separated, as many to a row as fit in ``width`` pixels; a piece that
    starts a row is laid out by ``alone`` (its rows; the last one is carried on)."""
    out: list[str] = []
    current = first
    for piece in pieces:
        trial = f"{current} {piece}" if current else piece
        if text_width(trial, size, bold) <= width:
            current = trial
            continue
        if current:
            out.append(current)
        *full, current = alone(piece)
        out.extend(full)
    if current:
        out.append(current)
    return out or [""]


def lines_size(lines: Sequence[Line], min_width: int = 0) -> tuple[int, int]:
    w = min_width
    h = 0
    for ln in lines:
        lw = text_width(ln.text, ln.size, ln.bold) + (text_width(ln.right, ln.size, ln.bold) + 24 if ln.right else 0)
        w = max(w, lw)
        h += line_height(ln)
    return w + 2 * PAD, h + 2 * PAD - 4


def line_height(ln: Line) -> int:
    if not ln.text and not ln.right:
        return 8  # a spacer
    return LINE if ln.size >= BODY else LINE - 3


def draw_lines(screen: pygame.Surface, rect: pygame.Rect, lines: Sequence[Line]) -> None:
    """Lines top to bottom inside ``rect`` (already framed); values right-aligned."""
    y = rect.y + PAD
    for ln in lines:
        if ln.text:
            text(screen, fit(ln.text, rect.width - 2 * PAD, ln.size, ln.bold), (rect.x + PAD, y), size=ln.size,
                 colour=ln.colour(), bold=ln.bold)
        if ln.right:
            text(screen, ln.right, (rect.right - PAD, y), size=ln.size, colour=ln.colour(), bold=ln.bold,
                 anchor="topright")
        y += line_height(ln)


def claim_hover(ctx: Host, frame: pygame.Rect, event: pygame.event.Event) -> None:
    """The pointer moving over a panel points at the panel, not the hex under it: no map hover, no preview.

    Clicks still go through (the scene picks the clicked cell from the event), so no hex is unreachable.
    """
    if event.type == pygame.MOUSEMOTION and frame.collidepoint(event.pos):
        ctx.hovered_cell = None
        ctx.hovered_unit = None


MAX_TIPS = 8


def post_tip(ctx: Host, lines: Sequence[Line], near: tuple[float, float], *, min_width: int = 0,
             edge: tuple[int, int, int] = PANEL_EDGE, clear: Sequence[pygame.Rect] = (),
             describes: Sequence[pygame.Rect | Drawn] = (), narrow: Sequence[Line] = (),
             reserve: Sequence[Line] = (), narrow_reserve: Sequence[Line] = ()) -> None:
    """Queue a tooltip for the Tooltips panel to draw above all panels this frame (see BattleContext.tips);
    ``clear``: small rects it should cover as few of as it can (after the panels), such as a sight line's;
    ``describes``: the tokens and hexes it reports on (whom a burst catches, where they are pushed), kept in
    view before the panels; ``narrow``: the same rows wrapped narrower, for where the box would hide a token;
    ``reserve`` / ``narrow_reserve``: the most rows each form may grow to as more of its answer comes in (the box
    is placed for them, so it need not move when they arrive)."""
    room = lines_size(reserve, min_width) if reserve else (0, 0)
    narrow_room = lines_size(narrow_reserve, min_width) if narrow_reserve else (0, 0)
    ctx.tips.append(Tip(list(lines), near, min_width, edge, tuple(clear), tuple(describes), tuple(narrow), room,
                        narrow_room))
    del ctx.tips[:-MAX_TIPS]  # bounded even if no Tooltips panel ever drains it


def tooltip(screen: pygame.Surface, lines: Sequence[Line], near: tuple[float, float], *, min_width: int = 0,
            edge: tuple[int, int, int] = PANEL_EDGE, within: pygame.Rect | None = None,
            anchor: pygame.Rect | None = None, avoid: Sequence[pygame.Rect] = (),
            spare: Sequence[pygame.Rect | Drawn] = (), step_past: Sequence[pygame.Rect] = (),
            keep: Sequence[pygame.Rect] = (), describes: Sequence[pygame.Rect | Drawn] = (),
            reading: Sequence[pygame.Rect] = (), prefer: pygame.Rect | None = None,
            soft: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A framed box of ``lines`` beside ``near`` (below-right, flipped or slid to stay ``within``), or, given an
    ``anchor`` (the hex or token it is about), beside that and clear of ``keep``, then of ``avoid``
    (:func:`place_beside`).
    Returns its rect. Opaque, unlike the panels: a preview's path and step marks showed through the rows of
    the roll (found playing ambush: "11" sat on a step mark), and a tooltip is read, not looked through."""
    w, h = lines_size(lines, min_width)
    box = within if within is not None and within.width > 0 else screen.get_rect()
    if anchor is not None:
        # What to step past is avoided too (counted once: the Tooltips panel's ``avoid`` already holds it).
        rect = place_beside((w, h), anchor, box, [*avoid, *(r for r in step_past if r not in avoid)], spare, step_past,
                            keep, describes, reading, prefer, soft)
        draw_frame(screen, rect, edge=edge, opaque=True)
        draw_lines(screen, rect, lines)
        return rect
    near = (int(near[0]), int(near[1]))
    x, y = near[0] + 18, near[1] + 18
    if x + w > box.right - 4:
        x = near[0] - 18 - w
    if y + h > box.bottom - 4:
        y = box.bottom - 4 - h
    rect = pygame.Rect(max(box.x + 4, x), max(box.y + 4, y), w, h)
    draw_frame(screen, rect, edge=edge, opaque=True)
    draw_lines(screen, rect, lines)
    return rect


def place_beside(size: tuple[int, int], anchor: pygame.Rect, area: pygame.Rect,
                 avoid: Sequence[pygame.Rect] = (), spare: Sequence[pygame.Rect | Drawn] = (),
                 step_past: Sequence[pygame.Rect] = (), keep: Sequence[pygame.Rect] = (),
                 describes: Sequence[pygame.Rect | Drawn] = (), reading: Sequence[pygame.Rect] = (),
                 prefer: pygame.Rect | None = None, soft: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: beside ``anchor`` (the hovered hex, or the token on it), never over it.

    Wesnoth and MegaMek put a hex's report next to the hex, not under the pointer; here the panels (card,
    tracker, log, action bar: ``avoid``) also stay readable. Candidates: right of the anchor, left, below,
    above, each slid along the anchor's side (or off its corner) and to the edges of each panel and of each
    token near it, or stepped past what is in ``keep`` (the actor's token and the start of its path); the one
    covering the least of ``keep`` wins, then the one covering fewest of ``describes`` (whom the tip reports
    on: whom a burst catches and where they are pushed), then the one covering the least of a panel opened to
    be read (``reading``: the legend; at 960x600 a hex's box sat on its right column, "stopped by a zone of
    contr…"), then the least of ``avoid`` (the action bar, the name tag, the AI's reasons), then the one
    hiding the least of ``spare`` (the other tokens, counted in tokens: a clipped edge is a little, a token
    under the box whole is one; measured on what is drawn of each, its disc and hp bar, given as
    :class:`~game.ui.drawn.Drawn`: a box over a token's square's empty corner hides nothing), then the one
    touching fewest of them and, among those, the farthest from the anchor, then the least of ``soft`` (the
    card, tracker and log, read again a moment later), then one along a side before one off a corner, then
    the side in that order, then the one nearest the anchor. ``prefer`` (where the tip sat last frame) is kept
    while it is as good as the best in counts: see ``coarse``.
    Found at 800x560 in a crowd: with the
    actor counted as one more panel, "Brother Odo attacks Bandit Chief" sat on Odo and the first step of his
    path, a smaller cost than a corner of the tracker. It stays inside ``area`` where it fits; the anchor
    itself is covered only when no side has room (a window smaller than the tip). What the tip describes comes
    before the panels: found at 960x600 on the Black Gull, with the map filling the window the only spot clear
    of the combat log was over Corsair 1, whom the burst caught, and its push arrow; a panel hidden while the
    pointer rests is read again a moment later, the preview is read now."""
    w, h = size
    spare_d = [t if isinstance(t, Drawn) else Drawn.of(t) for t in spare]
    describes_d = [t if isinstance(t, Drawn) else Drawn.of(t) for t in describes]
    room = Room.of(area, w, h)
    near = spots(Around(anchor, w, h), room, avoid, soft, keep, step_past, [t.bounds for t in spare_d],
                 [t.bounds for t in describes_d])
    if not near:  # no room on any side: the old place, below-right of the anchor, kept inside the area
        return room.box(anchor.right + GAP, anchor.top)
    judge = Judge(anchor, spare_d, describes_d, keep, reading, avoid, soft)
    best = judge.best(near)
    # Hysteresis: the spot the tip had last frame (moved with its anchor) stays while it is as good, in
    # counts, as the best one; it moves only once it hides more than another spot would.
    if prefer is not None and prefer.size == best.size:
        kept = room.box(prefer.x, prefer.y)  # slid as best does
        # Weighed 2 px smaller: measured on the tokens' discs, the spot last frame grazed a rim by a pixel in
        # one frame and not the next, and the box hopped on every pixel the camera settled (the Greenway).
        if not kept.colliderect(anchor) and judge.coarse(kept.inflate(-4, -4)) <= judge.coarse(best):
            return kept
    return best


def font_small_bold(s: str, colour: tuple[int, int, int] = (255, 255, 255)) -> pygame.Surface:
    return font(SMALL, True).render(s, True, colour)
