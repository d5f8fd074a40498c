"""The facing arcs of a hovered combatant (R17-R19): which side is front, flank or rear, and what each costs it.

Six 60° sectors centred on the side directions (R18: a hex's arc is the
sector its direction falls in), drawn from the combatant's centre hex out
past its footprint: front green, flanks amber with the flank penalty, rear
red with the rear penalty (the map's ``flank_penalty`` / ``rear_penalty``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.render.pg import pygame
from game.render.tokens import disc_scale
from game.rules import CombatantView

from .. import theme as th
from ..commands import CAST, SHOOT
from ..context import BattleContext, Point, Reply
from ..leader import LETTERS
from .moves import mover

FILL = {"front": (110, 200, 110, 60), "left": (255, 186, 60, 96), "right": (255, 186, 60, 96),
        "rear": (240, 70, 60, 110)}


def arc_of_side(side: int, facing: int) -> str:
    """R17 with directions counted counter-clockwise: front = facing ±1, left +2, right −2, rear +3."""
    d = (side - facing) % 6
    return {0: "front", 1: "front", 5: "front", 2: "left", 4: "right", 3: "rear"}[d]


def arc_labels(flank: int, rear: int) -> dict[str, str]:
    return {"front": "front", "left": f"left −{flank}" if flank else "left", "right": f"right −{flank}" if flank
            else "right", "rear": f"rear −{rear}" if rear else "rear"}


class FacingArcs:
    """The sectors, under the tokens; with ``labels_over`` the labels wait for :class:`FacingArcLabels`, drawn
    over the tokens (a neighbour's disc or hp bar hid "left −2" on giants_lair)."""

    layer = "under"

    def __init__(self, labels_over: bool = False, battle: bool = False) -> None:
        """``battle``: drawn in the battle, where a foe's arcs go once the actor's action is spent
        (:func:`spent_foe`); the replay shows every hovered combatant's."""
        self.labels_over = labels_over
        self.battle = battle
        self.shown: str | None = None
        self._key: object = None
        self._layer: pygame.Surface | None = None
        self._painted: list[tuple[pygame.Surface, Point]] = []  # the labels as placed for the cached layer
        self._anchors: list[Point] = []  # where each painted label belongs (its arc's middle), from the centre
        self._words: list[str] = []  # what each painted label says
        self._labels: list[tuple[pygame.Surface, Point]] = []  # those drawn this frame (none under a panel)
        self.label_rects: list[pygame.Rect] = []  # where the labels went in the last drawing (screen)
        self.label_anchors: list[Point] = []  # the point each of those labels names (its arc's middle, screen)
        self.label_words: list[str] = []  # what each of those labels says ("left −2")
        # The dark plates drawn under labels that could step off no move-cost number (screen), one per such label:
        # the number under it is hidden, not read through the label (FacingArcLabels).
        self.plates: dict[int, pygame.Rect] = {}
        self.reach = 0.0  # how far (px) a label's centre may be from its anchor in the last drawing: a hex

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.shown = None
        self.label_rects = []
        self.plates = {}
        self.label_anchors = []
        self.label_words = []
        ctx.keep_clear.clear()  # drawn first of what fills it, every frame
        ctx.label_art = []
        enc = ctx.encounter
        name = ctx.hovered_unit
        if name is None or ctx.show_enemy_reach:
            return
        v = enc.view(name)
        if not v.active or (self.battle and (spent_foe(ctx, name) or burst_foe(ctx, name))):
            return
        self.shown = name
        cx, cy = ctx.cell_to_screen(v.cell)
        # Where the panels are around the token counts too (a label keeps out from under them), so the labels
        # are placed again when the map moves under a resting pointer or the panels move.
        key = (name, ctx.version, ctx.zoom_index, round(ctx.hex_radius(), 2), round(cx), round(cy),
               tuple(map(tuple, ctx.panels)))
        if self._key != key or self._layer is None:
            self._layer, self._painted, self._anchors, self._words = self._paint(ctx, v)
            self._key = key
        screen.blit(self._layer, self._layer.get_rect(center=(round(cx), round(cy))))
        rects = [surf.get_rect(center=(round(cx + dx), round(cy + dy))) for surf, (dx, dy) in self._painted]
        anchors = [(cx + ax, cy + ay) for ax, ay in self._anchors]
        self.reach = label_reach(ctx)
        keep = clear_of_panels(rects, ctx.panels, anchors, self.reach)
        self._labels = [self._painted[i] for i in keep]
        self.label_rects = [rects[i] for i in keep]
        self.label_anchors = [anchors[i] for i in keep]
        self.label_words = [self._words[i] for i in keep]
        ctx.keep_clear.extend(self.label_rects)  # the hovered token's name tag goes elsewhere
        # The same rects: where the labels are nudged to (FacingArcLabels), the leader line passes under them.
        ctx.label_art = [(surf, rect) for (surf, _), rect in zip(self._labels, self.label_rects, strict=True)]
        if not self.labels_over:
            self.draw_labels(screen)

    def draw_labels(self, screen: pygame.Surface) -> None:
        """The labels where the last drawing put them (nothing when no arcs are shown)."""
        if self.shown is None:
            return
        for i, ((surf, _), rect) in enumerate(zip(self._labels, self.label_rects, strict=True)):
            if (plate := self.plates.get(i)) is not None:
                draw_plate(screen, plate)
            screen.blit(surf, rect)

    def _paint(self, ctx: BattleContext,
               v: CombatantView) -> tuple[pygame.Surface, list[tuple[pygame.Surface, Point]], list[Point], list[str]]:
        """The six sectors around the centre of a square layer, the labels with their offsets, their anchors
        (offsets too: where on its arc's middle each label would sit with nothing in the way) and their words."""
        enc = ctx.encounter
        cell = v.cell
        step = ctx.hex_radius() * 2  # centre-to-centre distance on screen
        outer = step * (v.radius + 1.45)
        geo = ctx.geometry
        mx, my = geo.cell_center(cell)
        labels = arc_labels(enc.scenario.flank_penalty, enc.scenario.rear_penalty)
        half = int(outer) + 3
        layer = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        lc = (half, half)
        out = []
        anchors: list[Point] = []
        words: list[str] = []
        facing = v.facing_index
        discs, bars = _neighbours(ctx, v)
        size = label_size(ctx)
        for side in range(6):
            nx, ny = geo.cell_center(enc.layout.neighbor(cell, side))
            ang = math.atan2(ny - my, nx - mx)
            arc = arc_of_side(side, facing)
            pts = [lc] + [(lc[0] + outer * math.cos(ang + math.radians(a)),
                           lc[1] + outer * math.sin(ang + math.radians(a))) for a in range(-30, 31, 6)]
            pygame.draw.polygon(layer, FILL[arc], pts)
            edge = (lc[0] + outer * math.cos(ang - math.radians(30)), lc[1] + outer * math.sin(ang - math.radians(30)))
            pygame.draw.line(layer, (20, 20, 24, 120), lc, edge, 1)
            if arc != "front" or (side - facing) % 6 == 0:
                surf = _label(labels[arc], arc, size)
                # The front arc spans three sides, the others one: a label may swing that far to find room.
                swing = 50 if arc == "front" else 20
                at = outer - step * 0.22
                spot = _clear_spot(surf, ang, at, step, discs, swing,
                                   _panels_around(ctx, v), ctx.hex_radius() * disc_scale(v.radius) + 4, bars)
                if spot is not None:  # None: all of its arc in reach lies under a bar or panel
                    out.append((surf, spot))
                    anchors.append((at * math.cos(ang), at * math.sin(ang)))
                    words.append(labels[arc])
        spread = _spread(out, _panels_around(ctx, v), anchors, step)
        return layer, spread, anchors, words


def spent_foe(ctx: BattleContext, name: str) -> bool:
    """Whether ``name`` is a foe of the combatant at the controls (the player's, or the GM's) after its action
    is spent (R16): its arcs only aim a blow, and none can be made this turn.

    Found after Fenn's shot at Harrow Keep: the tooltip on the sergeant said calmly "Fenn has used their action
    this turn", but "front", "left −2" and "rear −4" still ringed him as if a blow were being aimed. Pointing
    at one's own side (or the actor itself, which may still turn) keeps its arcs: they tell where it is
    exposed."""
    actor = mover(ctx)
    enc = ctx.encounter
    return actor is not None and enc.acted and name != actor and enc.hostile(actor, name)


def burst_foe(ctx: BattleContext, name: str) -> bool:
    """Whether ``name`` is a foe of the actor while it aims a burst (cast mode): R32 rolls a burst with no arcs, so
    "rear −4" on the foe under it offered a bonus the roll never gets (found casting the Sea Witch's burst on the
    Black Gull). Its own side keeps its arcs, as in :func:`spent_foe`."""
    actor = mover(ctx)
    return actor is not None and ctx.action_mode == CAST and name != actor and ctx.encounter.hostile(actor, name)


# The labels grow with the board: at 1920x1080 the default map is drawn at 1.25x and its hexes are 80 px across,
# and labels at th.SMALL read as small print on it. They keep th.SMALL up to 64 px hexes, the range they and the
# name tag's spots were tuned over (51 px at 960x600 and 1280x720; 64 px on the ambush at 1600x900, where
# starting to grow at 51 px sent Sir Corin's tag a hex up, nearer the Bandit Chief), then grow with the hexes, never
# past 1.4 times: a label wider than its arc would be read as the next one's.
LABEL_HEX = 32.0  # hex inradius (px on screen) up to which the labels are th.SMALL
LABEL_GROWTH = 1.4


def label_size(ctx: BattleContext) -> int:
    """The arc labels' font size for the board's zoom."""
    return round(th.SMALL * min(LABEL_GROWTH, max(1.0, ctx.hex_radius() / LABEL_HEX)))


REACH = 1.0  # how far, in hexes, an arc label's centre may lie from its arc's middle (its anchor)


def label_reach(ctx: BattleContext) -> float:
    """:data:`REACH` on screen (px): a hex, centre to centre."""
    return ctx.hex_radius() * 2 * REACH


Disc = tuple[float, float, float]  # a token's centre (screen px from the hovered token's centre) and radius


def _neighbours(ctx: BattleContext, v: CombatantView) -> tuple[list[Disc], list[pygame.Rect]]:
    """The other tokens' discs (with their ring) and hp bars (as game.ui.tokenlayer draws them, with their
    outline), in screen px from ``v``'s centre: what an arc label keeps off ("right −2" of the Cave Troll sat
    on Astrid's bar beside it, giants_lair)."""
    mx, my = ctx.geometry.cell_center(v.cell)
    inr = ctx.hex_radius()
    discs: list[Disc] = []
    bars: list[pygame.Rect] = []
    for u in ctx.encounter.views():
        if u.active and u.name != v.name:
            ux, uy = ctx.geometry.cell_center(u.cell)
            dx, dy = (ux - mx) * ctx.zoom, (uy - my) * ctx.zoom
            discs.append((dx, dy, inr * disc_scale(u.radius) + 4))
            r = max(4, round(inr * disc_scale(u.radius)))
            bar = pygame.Rect(0, 0, max(16, int(r * 1.6)) + 2, max(4, r // 6) + 2)
            bar.midtop = (round(dx), round(dy + r + 1))
            bars.append(bar)
    return discs, bars


def _panels_around(ctx: BattleContext, v: CombatantView) -> list[pygame.Rect]:
    """The panels (as last drawn) in screen px from ``v``'s centre: "rear −4" lay under the combat log. They
    include the action bar's backing and the bands outside the map area (game.ui.battle_view.chrome_covers)."""
    cx, cy = ctx.cell_to_screen(v.cell)
    return [r.move(-round(cx), -round(cy)) for r in ctx.panels]


def _clear_spot(surf: pygame.Surface, ang: float, r: float, step: float, discs: list[Disc],
                swing: float, panels: Sequence[pygame.Rect] = (), own: float = 0.0,
                bars: Sequence[pygame.Rect] = ()) -> Point | None:
    """Where a label lies on no other token: "left −2" sat on the attacker standing in that arc (found playing
    ambush: Lysa's initials hidden under it). Out along the arc's middle past the token in the next hex, up to
    a hex from where it belongs (:data:`REACH`);
    where a row of tokens fills that line (Miller's Ford: Mira, Aldric and Brother Tam in a row west of Orc
    2, "front" on Mira's initials), turned up to ``swing`` degrees either way within the arc, the smallest
    turn first; never under a panel (``panels``, relative to the token's centre: the panels, the action bar,
    all around the map area) where some spot in the arc is clear.

    Where nothing out there clears the panels, nearer the token (clear of its own disc, radius ``own``): a
    token just above the action bar or beside the card has little of an arc left. Where no spot clears the
    tokens too, the nearest that clears the panels (on a token: still read); where none does, None: the arc
    lies under the panels, and its label is not drawn, for a label under a panel showed only as pieces
    (found playtesting ship_boarding: "left −2", "rear" and "right −2" of Sahuagin 2, just above the action
    bar, peeked out between it and the status line)."""
    w, h = surf.get_size()
    covered = list(panels)  # once, not at every spot tried
    turns = [0.0] + [sign * t for t in range(10, int(swing) + 1, 10) for sign in (1, -1)]

    def off_panels(p: Point) -> bool:
        return pygame.Rect(round(p[0] - w / 2), round(p[1] - h / 2), w, h).collidelist(covered) < 0

    def off(p: Point, of: Sequence[Disc], under: Sequence[pygame.Rect] = ()) -> bool:
        if under and pygame.Rect(round(p[0] - w / 2), round(p[1] - h / 2), w, h).collidelist(under) >= 0:
            return False  # on another token's hp bar
        return not any(math.hypot(max(abs(p[0] - dx) - w / 2, 0), max(abs(p[1] - dy) - h / 2, 0)) < dr
                       for dx, dy, dr in of)

    def spots(radii: Sequence[float]) -> list[Point]:
        # Nearest first, then the smallest turn: a label pushed straight out past a row of tokens ended three
        # hexes off, beside another token's arcs (Harrow Keep: Sir Bram's "front" beyond Doran and Ilse).
        return [p for at in radii for a in (ang + math.radians(t) for t in turns)
                if off_panels(p := (at * math.cos(a), at * math.sin(a)))]

    # No further than a hex from where it belongs (REACH): Captain Vessa's "left −2", pushed out past Ilse, ended
    # beside Sir Bram, a hex and a half off, and read as his (Harrow Keep, 1600x900).
    home = (r * math.cos(ang), r * math.sin(ang))
    reach = step * REACH

    def near_home(p: Point) -> bool:
        return math.dist(p, home) <= reach

    out = [p for p in spots([r + k * step * 0.15 for k in range(14)]) if near_home(p)]
    clear = next((p for p in out if off(p, discs, bars)), None)
    if clear is not None:
        return clear
    mine: list[Disc] = [(0.0, 0.0, own)]
    near = [p for p in spots([r - k * step * 0.15 for k in range(1, 8) if r - k * step * 0.15 > own])
            if off(p, mine) and near_home(p)]
    clear = next((p for p in near if off(p, discs, bars)), None)
    if clear is not None or not out + near:
        return clear
    # Nowhere near is clear of the other tokens: the spot that covers the least of them, nearest its arc's
    # middle first; a label partly on a neighbour's ring still reads as this arc's, one beside the neighbour
    # does not.
    return min(out + near, key=lambda p: (_covers(p, w, h, discs, bars), round(math.dist(p, home))))


def _covers(p: Point, w: int, h: int, discs: Sequence[Disc], bars: Sequence[pygame.Rect]) -> float:
    """How deep a ``w`` x ``h`` label centred at ``p`` lies in the other tokens' discs (px), and its area on
    their hp bars (a pixel of bar counts as much as a pixel into a disc's edge)."""
    rect = pygame.Rect(round(p[0] - w / 2), round(p[1] - h / 2), w, h)
    depth = sum(max(0.0, dr - math.hypot(max(abs(p[0] - dx) - w / 2, 0), max(abs(p[1] - dy) - h / 2, 0)))
                for dx, dy, dr in discs)
    return depth + sum(rect.clip(b).width * rect.clip(b).height / max(1, h) for b in bars)


class FacingArcLabels:
    """The arcs' labels, over the tokens and the previews' arrows."""

    layer = "over"

    def __init__(self, arcs: FacingArcs) -> None:
        self.arcs = arcs

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        off, ctx.arc_labels_off = ctx.arc_labels_off, False  # the shove preview's ways speak for the arcs
        if off:
            ctx.label_art = []  # not drawn: nothing to pass under
            return
        if self.arcs.shown is not None:
            costs = cost_marks(ctx)
            nudge_off_marks(self.arcs.label_rects, [*ctx.marks, *costs], ctx, self.arcs.label_anchors)  # (hp bars too)
            self.arcs.plates = plates_over_costs(self.arcs.label_rects, costs, self.arcs.label_anchors,
                                                 label_reach(ctx))
            ctx.keep_clear.extend(self.arcs.plates.values())  # the name tag keeps off the plates too
        self.arcs.draw_labels(screen)


PLATE = (16, 18, 24, 235)  # the name tag's dark, nearly opaque: no digit shows through
# The labels' colours: the window's good / warning / bad, the rear's a fifth lighter. th.BAD on the dark is dim to a
# protan player (contrast 4.4 against the backing alone, under the 4.5 small text needs; this red 5.9).
LABEL_COLOUR = {"front": th.GOOD, "left": th.WARN, "right": th.WARN, "rear": (255, 120, 112)}
BACKING = (16, 18, 24, 215)  # under each label: the name tag's dark, the ground a shade through it (< LETTERS)


def plates_over_costs(labels: list[pygame.Rect], costs: Sequence[pygame.Rect], anchors: Sequence[Point] = (),
                      reach: float = math.inf) -> dict[int, pygame.Rect]:
    """For each label still on a move-cost number once nudged (no spot near it was clear), a dark plate over the
    label and the whole of the numbers' discs it touches, the label moved (in place) to the plate's middle where
    that keeps it within ``reach`` of its anchor (``anchors``, screen), else left where it was.

    Found on the default map at 1280x720, Aldric at the controls and hovered: his "left −2" sat on the "2" of the
    hex above Mira, and read as "left −2" over a stray 2 (the number showed above and through the label's
    letters). Every spot near it covers a number there (the whole map is in his reach), so the number under it
    is hidden rather than read through the label: hovering that hex still tells its cost."""
    out: dict[int, pygame.Rect] = {}
    for i, rect in enumerate(labels):
        touched = [costs[k] for k in rect.collidelistall(list(costs))]
        if not touched:
            continue
        plate = rect.inflate(6, 4).unionall([m.inflate(2, 2) for m in touched])
        if _near(pygame.Rect(rect).move(plate.centerx - rect.centerx, plate.centery - rect.centery), anchors, i,
                 reach):
            rect.center = plate.center
        out[i] = plate
    return out


def draw_plate(screen: pygame.Surface, plate: pygame.Rect) -> None:
    layer = pygame.Surface(plate.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, PLATE, layer.get_rect(), border_radius=5)
    screen.blit(layer, plate.topleft)


def cost_marks(ctx: BattleContext) -> list[pygame.Rect]:
    """The mover's move-cost numbers on screen this frame: the zone-of-control stop numbers of its reach (red
    octagons, as game.render.overlays.cost_badge draws them, where the reach shading shows) and the plain ones.
    A label steps off them, as off the ring at the end of a previewed path (ctx.marks). Found on the ambush:
    Bandit 3's "left −2" sat on the approach ring and the stop number of 4,8, the very hex Lysa's attack would
    come from."""
    out: list[pygame.Rect] = []
    name = mover(ctx)
    if name is None or ctx.action_mode in (SHOOT, CAST):  # no reach shading, so no stop numbers
        return out
    # The plain cost numbers too (dark discs, a little smaller): hovering her own token at Harrow Keep, Captain
    # Vessa's "left −2" and "right −2" sat on the "1"s of the hexes beside her, the cost of a step there.
    octagon, disc = ctx.hex_radius() * 0.28 * 1.08 + 2, ctx.hex_radius() * 0.28 + 2
    vr = ctx.view_rect
    for cell, _, stops in ctx.encounter.reach_for(name).destinations():
        x, y = ctx.cell_to_screen(cell)
        if vr.collidepoint(x, y):
            r = octagon if stops else disc
            out.append(pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
    return out


def hp_bars(ctx: BattleContext) -> list[pygame.Rect]:
    """Every active token's hp bar with its outline, on screen, as game.ui.tokenlayer draws it (2 px below the
    disc, a sixth of its radius high, 4 px at least, 1.6 radii wide, 16 px at least)."""
    out = []
    for v in ctx.encounter.views():
        if v.active:
            cx, cy = ctx.cell_to_screen(v.cell)
            r = max(4, round(ctx.hex_radius() * disc_scale(v.radius)))
            bar = pygame.Rect(0, 0, max(16, int(r * 1.6)), max(4, r // 6))
            bar.midtop = (round(cx), round(cy + r + 2))
            out.append(bar.inflate(2, 2))
    return out


def _near(rect: pygame.Rect, anchors: Sequence[Point], i: int, reach: float) -> bool:
    """Whether label ``i`` at ``rect`` still lies within ``reach`` of its anchor (any place does without one)."""
    return i >= len(anchors) or math.dist(rect.center, anchors[i]) <= reach


def nudge_off_marks(labels: list[pygame.Rect], marks: Sequence[pygame.Rect], ctx: BattleContext,
                    anchors: Sequence[Point] = ()) -> None:
    """Each label on a mark or on an hp bar moved (in place) the least way that clears the marks, the hp bars,
    the other labels, the tokens and the panels; left where it is when none within a label's height or two does.

    The hp bars count here too, not only where the label was placed: stepping off a stop number, and the labels
    pushed apart (:func:`_spread`), had put "right" on the hp bars of Brother Odo and the Bandit Chief (ambush,
    round 3 at 960x600) and "left −2" on Corsair 1's (ship_boarding). No step takes a label further than a hex
    from its anchor (``anchors``, screen; :data:`REACH`)."""
    bars = hp_bars(ctx)
    reach = label_reach(ctx)
    hit = [i for i, r in enumerate(labels) if r.collidelist([*marks, *bars]) >= 0]
    if not hit:
        return
    enc = ctx.encounter
    tokens = [ctx.token_rect(v.name) for v in enc.views() if v.active]
    for i in hit:
        rect = labels[i]
        others = [r for j, r in enumerate(labels) if j != i]
        blocked = [*marks, *bars, *others, *tokens, *ctx.panels]
        steps = [(dx, dy) for d in range(3, 3 * rect.height, 3)
                 for dx, dy in ((0, -d), (0, d), (-d, 0), (d, 0), (-d, -d), (d, -d), (-d, d), (d, d))]
        for dx, dy in steps:
            moved = rect.move(dx, dy)
            if moved.collidelist(blocked) < 0 and _near(moved, anchors, i, reach):
                rect.topleft = moved.topleft
                break


SIDE_GAP = 12  # px between two arc labels on one line: three word spaces of th.SMALL, read as two labels


def _spread(labels: list[tuple[pygame.Surface, Point]], panels: Sequence[pygame.Rect] = (),
            anchors: Sequence[Point] = (), step: float = 0.0) -> list[tuple[pygame.Surface, Point]]:
    """The labels pushed apart sideways where two would overlap: two arcs side by side above or below the
    token put their labels on one line, close enough to read as one ("right −2rear −4", giants_lair); 4 px apart
    they still did ("right −2 rear −4" beside Goblin 3, giants_lair at 1280x800), so a wide word gap.

    The push goes the way that keeps both off the panels (``panels``, relative to the token's centre): half each
    way, else all of it on the one away from a panel. Half each way had pushed the default map's Orc 1's "left"
    2 px under the initiative tracker beside it (1280x800). A push that would take a label further than
    :data:`REACH` from its anchor (``anchors``; ``step``: a hex on screen) goes to the other label instead."""
    pos = [[dx, dy] for _, (dx, dy) in labels]

    def too_far(k: int, x: float) -> bool:
        return bool(anchors) and math.dist((x, pos[k][1]), anchors[k]) > step * REACH
    sizes = [surf.get_size() for surf, _ in labels]

    def on_panel(k: int, x: float) -> bool:
        w, h = sizes[k]
        return pygame.Rect(round(x - w / 2), round(pos[k][1] - h / 2), w, h).collidelist(panels) >= 0

    for _ in range(4):  # a few passes settle four labels
        moved = False
        for i in range(len(pos)):
            for j in range(i + 1, len(pos)):
                (wi, hi), (wj, hj) = sizes[i], sizes[j]
                gap_x = (wi + wj) / 2 + SIDE_GAP + 1 - abs(pos[i][0] - pos[j][0])  # (+1: whole pixels once centred)
                gap_y = (hi + hj) / 2 + 1 - abs(pos[i][1] - pos[j][1])
                if gap_x <= 0 or gap_y <= 0:
                    continue
                left, right = (i, j) if pos[i][0] <= pos[j][0] else (j, i)
                shares = [(gap_x / 2, gap_x / 2), (gap_x, 0.0), (0.0, gap_x)]
                fits = [(a, b) for a, b in shares if not too_far(left, pos[left][0] - a)
                        and not too_far(right, pos[right][0] + b)] or shares[:1]
                to_left, to_right = next(((a, b) for a, b in fits if not on_panel(left, pos[left][0] - a)
                                          and not on_panel(right, pos[right][0] + b)), fits[0])
                pos[left][0] -= to_left
                pos[right][0] += to_right
                moved = True
        if not moved:
            break
    return [(surf, (x, y)) for (surf, _), (x, y) in zip(labels, pos, strict=True)]


def clear_of_panels(rects: list[pygame.Rect], panels: Sequence[pygame.Rect], anchors: Sequence[Point] = (),
                    reach: float = math.inf) -> list[int]:
    """The labels (``rects``, screen, moved in place) that are drawn: each touching a panel (the card, the
    tracker, the combat log, the action bar, around the map area) moved the least way that clears the panels and
    the other labels, within two label heights; one that no such step clears is not drawn at all, for a label
    under a panel reads as the panel's, and over one hides its text (found at 1280x800: a goblin's "left" over
    the initiative tracker's bottom rows). No step takes a label's centre further than ``reach`` from its
    anchor (``anchors``, screen). Returns the indices of those drawn."""
    keep: list[int] = []
    for i, rect in enumerate(rects):
        if rect.collidelist(panels) < 0:
            keep.append(i)
            continue
        others = [r for j, r in enumerate(rects) if j != i]
        steps = [(dx, dy) for d in range(2, 2 * rect.height + 1, 2)
                 for dx, dy in ((0, -d), (0, d), (-d, 0), (d, 0), (-d, -d), (d, -d), (-d, d), (d, d))]
        for dx, dy in steps:
            moved = rect.move(dx, dy)
            if moved.collidelist(panels) < 0 and moved.collidelist(others) < 0 and _near(moved, anchors, i, reach):
                rect.topleft = moved.topleft
                keep.append(i)
                break
    return keep


def _label(s: str, arc: str, size: int = th.SMALL) -> pygame.Surface:
    """An arc's label on a small dark backing, its letters outlined dark too.

    The outline alone read poorly on its own arc's shading: the red "rear −4" on the red rear, the amber
    "left −2" on the amber flank, the teal "front" on bright grass (a window pass, default map at 960x600). On
    the name tag's dark the three colours are all far lighter than what is behind them, for every colour vision
    (a colour-blind player tells the arcs by their words; the brightness is what makes them read). The backing
    is a shade under opaque (:data:`BACKING`): a leader line passing under a label (game.ui.leader) still
    shows between the letters, which alone are cut out of it (:data:`LETTERS`)."""
    colour = LABEL_COLOUR[arc]
    inner = th.rendered(s, size, True, colour)
    edge = th.rendered(s, size, True, (10, 10, 12))
    pad_x, pad_y = 0, 0
    surf = pygame.Surface((inner.get_width() + 2 + 2 * pad_x, inner.get_height() + 2 + 2 * pad_y), pygame.SRCALPHA)
    pygame.draw.rect(surf, BACKING, surf.get_rect(), border_radius=4)
    assert BACKING[3] < LETTERS  # else a leader line would be cut out over the whole backing
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        surf.blit(edge, (pad_x + dx, pad_y + dy))
    surf.blit(inner, (pad_x + 1, pad_y + 1))
    return surf
