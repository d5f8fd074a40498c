"""Where a tooltip goes beside the hex or token it is about (:func:`game.ui.theme.place_beside`).

Two steps: the candidate spots around the anchor (:func:`spots`), then the rules that rank them
(:class:`Judge`), most important first. Kept apart from the theme so each rule reads on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.render.pg import pygame

from .drawn import Drawn

GAP = 6  # px between a tooltip and the hex (or token) it is about

Spot = tuple[int, pygame.Rect]  # a box and its side of the anchor: 0 right, 1 left, 2 below, 3 above
Stop = tuple[int, pygame.Rect | None]  # a box's edge along one side, and what it steps past (None: nothing)


def clamp(v: int, lo: int, hi: int) -> int:
    return max(lo, min(v, hi)) if lo <= hi else lo


@dataclass(frozen=True)
class Room:
    """Where a ``w`` x ``h`` box may sit in an area: 4 px in from its edges (its left or top edge where it is
    larger than the area)."""

    w: int
    h: int
    lo_x: int
    hi_x: int
    lo_y: int
    hi_y: int

    @classmethod
    def of(cls, area: pygame.Rect, w: int, h: int) -> Room:
        return cls(w, h, area.left + 4, area.right - 4 - w, area.top + 4, area.bottom - 4 - h)

    def box(self, x: int, y: int) -> pygame.Rect:
        """The box at ``x``, ``y``, slid inside the room."""
        return pygame.Rect(clamp(x, self.lo_x, self.hi_x), clamp(y, self.lo_y, self.hi_y), self.w, self.h)


@dataclass(frozen=True)
class Around:
    """The anchor and the size of the box placed beside it."""

    a: pygame.Rect
    w: int
    h: int

    def near(self, r: pygame.Rect) -> bool:
        """``r`` is within a box's reach of the anchor (a box beside it could touch it)."""
        a, w, h = self.a, self.w, self.h
        return (r.left < a.right + GAP + w and r.right > a.left - GAP - w
                and r.top < a.bottom + GAP + h and r.bottom > a.top - GAP - h)


def spots(at: Around, room: Room, avoid: Sequence[pygame.Rect], soft: Sequence[pygame.Rect],
          keep: Sequence[pygame.Rect], step_past: Sequence[pygame.Rect], spare_b: list[pygame.Rect],
          describes_b: list[pygame.Rect]) -> list[Spot]:
    """Every spot a tip may take beside the anchor, inside the room, with its side."""
    xs, ys = _slides(at, [*avoid, *soft, *(t for t in [*spare_b, *keep, *describes_b] if at.near(t))])
    sides = _side_stops(at, step_past, keep, [*spare_b, *describes_b])
    return _beside(at.a, _boxes(room, xs, ys, sides))


def _slides(at: Around, edges: list[pygame.Rect]) -> tuple[set[int], set[int]]:
    """Where a box may sit along a side (its x on the top or bottom, its y on the left or right)."""
    a, w, h = at.a, at.w, at.h
    # Along a side: flush with the anchor's ends or centre, or off its corner (diagonally, still within GAP of
    # it), or slid just past a panel or a token. Without the tokens' edges the only spots were the anchor's,
    # and on the Giant's Hearth a move box sat on Goblin 3 where sliding it a token's width along hid no one.
    ys = {a.top, a.bottom - h, a.centery - h // 2, a.top - GAP - h, a.bottom + GAP}
    xs = {a.left, a.right - w, a.centerx - w // 2, a.left - GAP - w, a.right + GAP}
    for r in edges:
        ys |= {r.bottom + GAP, r.top - GAP - h}
        xs |= {r.right + GAP, r.left - GAP - w}
    return xs, ys


def _side_stops(at: Around, step_past: Sequence[pygame.Rect], keep: Sequence[pygame.Rect],
                tokens: list[pygame.Rect]) -> tuple[list[Stop], list[Stop], list[Stop], list[Stop]]:
    """How far out a box may sit on each side (right, left, below, above): flush against the anchor, or
    stepped just past what is drawn around it."""
    a, w, h = at.a, at.w, at.h
    # Flush against the anchor, or stepped just past what is drawn around it (``step_past``: the hovered
    # token's name tag, wider than its hex, and its facing arcs' labels: flush against the hex, the tip
    # covered the tag's end, fortress_assault, Archer 1).
    # Each place on a side with what it steps past: the actor or its path's start (``keep``) only where the
    # box, flush against the anchor, would have covered it (stepped past for nothing, it went a long way off).
    local = [(r, False) for r in step_past if at.near(r)] + [(r, True) for r in keep if at.near(r)]
    # ...and a token standing just off the anchor's side (two hexes at most), where the box flush
    # against the anchor would hide it: on the Giant's Hearth at 1024x768 every spot flush beside the party's
    # hexes hid Wynn, Astrid or Kell, and one stepped 20 to 30 px further out hid no one; by 0,9 at the window's
    # edge only one 89 px below the hex, past Bjorn, was clear (a hex and a half was not enough).
    reach = min(a.width, a.height) * 2
    near_tokens = [r for r in tokens if at.near(r) and not a.contains(r)]
    right = [(a.right + GAP, None)] + [(r.right + GAP, r if k else None) for r, k in local if r.right > a.right]
    right += [(r.right + GAP, r) for r in near_tokens if a.right < r.right <= a.right + reach]
    left = [(a.left - GAP - w, None)] + [(r.left - GAP - w, r if k else None) for r, k in local if r.left < a.left]
    left += [(r.left - GAP - w, r) for r in near_tokens if a.left - reach <= r.left < a.left]
    below = [(a.bottom + GAP, None)] + [(r.bottom + GAP, r if k else None) for r, k in local if r.bottom > a.bottom]
    below += [(r.bottom + GAP, r) for r in near_tokens if a.bottom < r.bottom <= a.bottom + reach]
    above = [(a.top - GAP - h, None)] + [(r.top - GAP - h, r if k else None) for r, k in local if r.top < a.top]
    above += [(r.top - GAP - h, r) for r in near_tokens if a.top - reach <= r.top < a.top]
    return right, left, below, above


def _boxes(room: Room, xs: set[int], ys: set[int],
           sides: tuple[list[Stop], list[Stop], list[Stop], list[Stop]]) -> list[Spot]:
    """Each stop on each side that fits the room, slid to each place along the side; a stop that steps past
    something keeps only the boxes level with it."""
    right, left, below, above = sides
    cands: list[Spot] = []
    for rank, (x, past) in [(0, s) for s in right] + [(1, s) for s in left]:
        if room.lo_x <= x <= max(room.lo_x, room.hi_x):
            boxes = [room.box(x, y) for y in ys]
            cands += [(rank, b) for b in boxes if past is None or (b.top < past.bottom and b.bottom > past.top)]
    for rank, (y, past) in [(2, s) for s in below] + [(3, s) for s in above]:
        if room.lo_y <= y <= max(room.lo_y, room.hi_y):
            boxes = [room.box(x, y) for x in xs]
            cands += [(rank, b) for b in boxes if past is None or (b.left < past.right and b.right > past.left)]
    return cands


def _beside(a: pygame.Rect, cands: list[Spot]) -> list[Spot]:
    """The spots still beside the anchor once slid into the room."""
    # Beside, not across the map: a box slid along a side still shares some of that side with the anchor.
    # A box off the anchor's corner is beside it too (GAP from it both ways), ranked after those sharing a side.
    return [(k, r) for k, r in cands if (r.top <= a.bottom + GAP and r.bottom >= a.top - GAP if k < 2
                                         else r.left <= a.right + GAP and r.right >= a.left - GAP)]


def _covered(r: pygame.Rect, rects: list[pygame.Rect]) -> int:
    return sum(c.width * c.height for c in (r.clip(rects[i]) for i in r.collidelistall(rects)))


class Judge:
    """What a spot covers, and the order of the rules that rank the spots (see ``place_beside``)."""

    def __init__(self, a: pygame.Rect, spare: list[Drawn], describes: list[Drawn], keep: Sequence[pygame.Rect],
                 reading: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect], soft: Sequence[pygame.Rect]) -> None:
        self.a = a
        self.spare_d, self.describes_d = spare, describes
        self.spare_b, self.describes_b = [t.bounds for t in spare], [t.bounds for t in describes]
        self.keep_l, self.reading_l, self.avoid_l, self.soft_l = (list(x) for x in (keep, reading, avoid, soft))
        self.memo: dict[tuple[int, int, int, int, bool], dict[int, float]] = {}
        self.areas = {False: [max(1.0, t.area) for t in spare], True: [max(1.0, t.area) for t in describes]}

    def best(self, near: list[Spot]) -> pygame.Rect:
        """The best spot: first on what comes before the other tokens, then on the rest (``then``)."""
        near = list({(k, tuple(r)): (k, r) for k, r in near}.values())  # a spot reached from two sides is one spot
        firsts = [self.first(r) for _, r in near]
        top = min(firsts)
        near = [kr for kr, f in zip(near, firsts, strict=True) if f == top]
        return min(near, key=self.then)[1]

    def hidden(self, r: pygame.Rect, told: bool = False) -> dict[int, float]:
        """Each token ``r`` hides some of (``told``: each of whom the tip reports on), with the share of what is
        drawn of it that ``r`` hides: a clipped edge is a little, Bjorn whole is one. Worked out once a spot: a
        disc's area under a box costs more than a rectangle's, asked for each spot a few times."""
        key = (r.x, r.y, r.width, r.height, told)
        if key not in self.memo:
            shapes, boxes = (self.describes_d, self.describes_b) if told else (self.spare_d, self.spare_b)
            under = ((i, shapes[i].under(r)) for i in r.collidelistall(boxes))
            self.memo[key] = {i: min(1.0, u / self.areas[told][i]) for i, u in under if u > 1.0}  # a graze: none
        return self.memo[key]

    def told(self, r: pygame.Rect) -> int:
        """How many of whom the tip reports on ``r`` overlaps (asked of every spot: no areas)."""
        return sum(self.describes_d[i].reaches(r) for i in r.collidelistall(self.describes_b))

    def parts(self, r: pygame.Rect) -> list[float]:
        return list(self.hidden(r).values())

    def nearest_hidden(self, r: pygame.Rect) -> float:
        """Minus the distance from the anchor to the nearest token ``r`` hides: a token by the hovered one is
        read with it (the next in the line, the one beside the target), one across the map is not."""
        a = self.a
        ts = [self.spare_b[i] for i in self.hidden(r)]
        return -min((abs(t.centerx - a.centerx) + abs(t.centery - a.centery) for t in ts), default=1e9)

    def coarse(self, r: pygame.Rect) -> tuple[int, int, int, int, int, int, int, int]:
        # What makes a spot bad, in counts, not pixels: the pixels change every frame as the camera glides
        # and a winner by a pixel's area flipped sides (after Pell's shot on the Greenway the tip jumped
        # between three spots in 2 s). Tokens come before the ``soft`` panels (card, tracker, log): a panel
        # under a tip is read again a moment later; a token next to the hovered one is what the player is
        # weighing now (the attack box on the Giant's Hearth sat on Bjorn to spare a corner of the combat
        # log). What is in ``avoid`` (the hovered token's name tag, the action bar, the AI's reasons asked
        # for with X) still comes before them. A token more than half hidden counts before one clipped.
        return (r.colliderect(self.a), len(r.collidelistall(self.keep_l)), self.told(r),
                len(r.collidelistall(self.reading_l)), len(r.collidelistall(self.avoid_l)),
                sum(p > 0.5 for p in self.parts(r)), len(self.hidden(r)), len(r.collidelistall(self.soft_l)))

    def corner(self, k: int, r: pygame.Rect) -> bool:
        """Off the anchor's corner rather than along one of its sides."""
        a = self.a
        return not (r.top < a.bottom and r.bottom > a.top if k < 2 else r.left < a.right and r.right > a.left)

    def first(self, r: pygame.Rect) -> tuple[int, int, int, int, int]:
        """What comes before the other tokens: the anchor, the actor and its path, whom the tip reports on, an
        open legend, the action bar and the name tag. Worked out for every spot; the rest only for the spots
        best on these (the tokens' edges about doubled the spots, and with them the time a tip took)."""
        return (r.colliderect(self.a), _covered(r, self.keep_l), self.told(r), _covered(r, self.reading_l),
                _covered(r, self.avoid_l))

    def stepped(self, r: pygame.Rect) -> bool:
        """Further from the anchor than flush beside it (stepped past a token, a name tag, the actor)."""
        a = self.a
        return max(r.left - a.right, a.left - r.right, r.top - a.bottom, a.top - r.bottom) > GAP

    def then(self, kr: Spot) -> tuple[float, int, float, bool, int, bool, int, float]:
        # The least of the other tokens hidden, in tokens, before how many are touched: where every spot touches
        # one, half of one and a corner of another beats one buried whole (on Harrow Keep at 1280x800 the attack
        # box on Sergeant Hale buried a token whole to touch one fewer). A box steps away from its hex only to
        # show a token, never to spare a panel or to sit on a side ranked first (Miller's Ford, 4,3: stepped
        # 55 px right past Wren where the spot just above the hex hid nothing).
        k, r = kr
        a = self.a
        # Whom the box reports on, where every spot touches one of them, counts too: how much of them it hides
        # (V at 1024x768 on the Giant's Hearth, 0,7: five ringed, the box buried three quarters of Bjorn).
        shown = sum(self.hidden(r, True).values())
        return (round(sum(self.parts(r)) + shown, 1), len(self.hidden(r)), self.nearest_hidden(r), self.stepped(r),
                _covered(r, self.soft_l), self.corner(k, r), k, abs(r.centerx - a.centerx) + abs(r.centery - a.centery))
