"""The legend: what each overlay colour means, what each terrain on this map costs to enter and does to shots.

Toggled with L. Terrain costs, sight and cover are read from the board (a
tile may override R5's table, and say it blocks sight or gives cover, R30,
R31), one row per terrain kind present on the map, split where some of its
tiles block sight or give cover and others do not. Where it opens, and how
tightly its rows are set, is :mod:`game.ui.panels.legend_place`'s.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import numpy as np

from game.render.pg import pygame

from .. import theme as th
from ..compact import is_compact
from ..context import BattleContext, Reply
from ..marks import blocked_cross, faction_mark
from ..tokenlayer import disengage_badge, shared_art, stop_badge, tick_badge
from .framed import FramedPanel
from .legend_place import choose, legend_height, pick_pitch, places

WIDTH = 410  # at most: the widest this map's rows have needed (a hazard's damage range, "sees through")
EXIT_LINE = "exit hexes (marked on the map): flee from there, F"


def columns(rows: list[tuple[str, list[str], str]]) -> tuple[tuple[int, int, int], int, int]:
    """The terrain table's x offsets from the text's left edge: the three cost columns' centres, the shots
    column, and the table's width. The label column is as wide as this map's longest label, the shots column
    as its longest entry: a narrow legend leaves a hex's box room beside it in a small window (at 800x560 on
    the ambush the boxes of a dozen hexes beside it ran onto it)."""
    label_w = max([th.text_width(label, th.SMALL) for label, _, _ in rows] + [60])
    ground = label_w + 12 + th.text_width("ground", th.SMALL) // 2
    cols = (ground, ground + 50, ground + 94)
    shots_x = cols[2] + 28
    shots_w = max([20 + th.text_width(shots, th.SMALL) for _, _, shots in rows if shots]
                  + [th.text_width("shots", th.SMALL)])
    return cols, shots_x, shots_x + shots_w


def legend_width(rows: list[tuple[str, list[str], str]], exits: bool) -> int:
    """As wide as its widest row (the overlays, the marks, the terrain table, the exit line), 410 px at most."""
    over = max(32 + th.text_width(label, th.SMALL) for _, label in OVERLAYS)
    marks = max(sum(32 + th.text_width(label, th.SMALL) + 12 for _, label in row) - 12
                for row in MARKS + (BADGES, SIDES))
    table = columns(rows)[2]
    exit_w = th.text_width(EXIT_LINE, th.SMALL) if exits else 0
    return min(WIDTH, max(over, marks, table, exit_w) + 2 * th.PAD)


TOGGLE_KEY = pygame.K_l

# (swatch kind, text): swatches mirror the overlays' own colours.
OVERLAYS = (
    ("reach", "can move here (darker = costs more)"),
    ("stop", "moving here stops you: zone of control"),
    ("threat", "the hovered enemy could attack here next turn"),
    ("count", "how many enemies could attack here (V)"),
    ("ranged", "enemies could shoot or burst here next turn (V)"),  # GM look too; no wider than the widest row
    ("front", "facing arcs: front / flank / rear"),
    ("range", "R / B: where you can shoot / centre an area"),
    ("sight", "line of sight: clear / through cover / blocked"),
    ("area", "the area: ring red = enemy, amber = friendly fire"),
    ("marks", "R / B: tiles that give cover / block sight (not walls)"),
)


# The token marks, two to a row, as the tokens draw them (game.ui.tokenlayer).
MARKS = (
    (("stop", "stopped by a zone of control"), ("tick", "acted")),
    (("disengage", "broke away this turn (R23)"),),
)
# The movement badge on the disc's lower left (game.ui.tokenart), said only where someone on the map wears it:
# on the Black Gull nothing told the grey chevron (flying) or the blue waves (swimming), which decide who may
# cross the water (the costs' flying and swim columns below).
BADGES = (("flying", "flying"), ("swimming", "swimming"))


def badge_mark(kind: str) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
    """Draws the token's ``kind`` badge centred on a point, ``r`` px in radius (nothing if its picture is missing)."""
    def draw(screen: pygame.Surface, c: tuple[float, float], r: float) -> None:
        pic = shared_art().badge(kind, max(8, round(2 * r)))
        if pic is not None:
            screen.blit(pic, pic.get_rect(center=(round(c[0]), round(c[1]))))
    return draw


# The sides' marks, as the tracker, top bar and summary draw them: each side's shape as well as its colour
# (game.ui.marks), said here once so a player who reads ally and enemy colours alike learns the shapes.
SIDES = (("player", "player"), ("ally", "ally"), ("enemy", "enemy"), ("neutral", "neutral"))


TITLE_GAP, INLINE_GAP = 16, 10  # px: after "Legend", and between the sides when they share its row


def title_width(side_row: tuple[tuple[str, str], ...]) -> int:
    """The title's row in a compact window: "Legend", then the sides' marks and names."""
    marks_w = sum(20 + th.text_width(label, th.SMALL) + INLINE_GAP for _, label in side_row) - INLINE_GAP
    return th.text_width("Legend", th.HEAD, True) + (TITLE_GAP + marks_w if side_row else 0)


def draw_sides_inline(screen: pygame.Surface, side_row: tuple[tuple[str, str], ...], x: int, cy: int) -> None:
    """The sides' marks and names in a line from ``x``, centred on ``cy``: the legend's title row, compact."""
    for mark, label in side_row:
        MARK_DRAW[mark](screen, (x + 7, cy), 8)
        x = th.text(screen, label, (x + 20, cy), size=th.SMALL, anchor="midleft").right + INLINE_GAP


def side_mark(faction: str) -> Callable[[pygame.Surface, tuple[float, float], float], None]:
    def draw(screen: pygame.Surface, c: tuple[float, float], r: float) -> None:
        faction_mark(screen, faction, c, max(4.0, r * 0.75), th.faction_colour(faction))
    return draw


MARK_DRAW = {**{f: side_mark(f) for f, _ in SIDES}, "stop": stop_badge, "tick": tick_badge,
             "disengage": disengage_badge, **{kind: badge_mark(kind) for kind, _ in BADGES}}


def marks(movement_types: Iterable[str]) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The rows of token marks this map's legend lists: always the state marks, then the movement badges of the
    combatants on it (none on a map of walkers)."""
    worn = set(movement_types)
    badges = tuple(b for b in BADGES if b[0] in worn)
    return MARKS + ((badges,) if badges else ())


def sides(factions: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The sides' marks this map's legend shows: those of the sides on it, in the usual order."""
    present = set(factions)
    return tuple(s for s in SIDES if s[0] in present)


def terrain_rows(board) -> list[tuple[str, list[str], str]]:  # a Board (public API)
    """[(terrain label, [cost for ground, flying, swimming as text], what it does to shots)] for each kind on the
    map, a kind split in two where some of its tiles block sight or give cover and others do not (R30, R31: the
    Greenway's old trees are difficult ground that gives cover, its brush is difficult ground that does not).
    What it does to shots, read from the board tile by tile: "blocks sight", "cover", "sees through" (impassable
    but not blocking sight: an arrow slit) or "" (nothing)."""
    from game.rules import MovementType, Terrain

    rows = []
    for t in Terrain:
        kind = (board.terrain == int(t)) & board.on_map
        for blocks, cover in ((False, False), (False, True), (True, False), (True, True)):
            where = np.argwhere(kind & (board.blocks_sight == blocks) & (board.cover == cover))
            if len(where) == 0:
                continue
            r, c = (int(x) for x in where[0])
            costs = []
            for mt in MovementType:
                k = int(board.cost[int(mt), r, c])
                costs.append(str(k) if k >= 1 else "–")
            label = t.label
            if t == Terrain.HAZARD:  # what standing in it costs (R12, R25): a playtest found it said nowhere
                hurt = board.hazard_damage[kind]
                lo, hi = int(hurt.min()), int(hurt.max())
                label += f" ({lo} damage)" if lo == hi else f" ({lo}-{hi} damage)"
            shots = "blocks sight" if blocks else "cover" if cover else "sees through" if t == Terrain.BLOCKED else ""
            rows.append((label, costs, shots))
    return rows


def _hex(surf: pygame.Surface, centre: tuple[int, int], r: float, fill: tuple[int, ...],
         edge: tuple[int, ...] | None = None) -> list[tuple[float, float]]:
    pts = [(centre[0] + r * math.cos(math.radians(30 + 60 * i)), centre[1] + r * math.sin(math.radians(30 + 60 * i)))
           for i in range(6)]
    pygame.draw.polygon(surf, fill, pts)
    if edge:
        pygame.draw.polygon(surf, edge, pts, 2)
    return pts


def cover_mark(surf: pygame.Surface, centre: tuple[int, int], r: float) -> None:
    """The faint amber inner hex shoot and cast modes draw on a tile that gives cover (R31)."""
    _hex(surf, centre, r, (0, 0, 0, 0), th.COVER_MARK)


def sight_mark(surf: pygame.Surface, centre: tuple[int, int], r: float) -> None:
    """The faint red inner hex, crossed, that shoot and cast modes draw on a tile that blocks sight (R30)."""
    _hex(surf, centre, r, (0, 0, 0, 0), th.SIGHT_MARK)
    blocked_cross(surf, centre, r * 0.55, th.SIGHT_MARK, 2)


SHOTS_MARK = {"cover": cover_mark, "blocks sight": sight_mark}


SwatchPainter = Callable[[pygame.Surface, tuple[int, int]], None]  # (28x28 layer, its centre)


def _plain_hex(fill: tuple[int, ...], edge: tuple[int, ...] | None = None) -> SwatchPainter:
    """A swatch that is one hex: the overlay's own fill and edge."""

    def paint(layer: pygame.Surface, c: tuple[int, int]) -> None:
        _hex(layer, c, 12, fill, edge)

    return paint


def _stop_swatch(layer: pygame.Surface, c: tuple[int, int]) -> None:
    """A hex the move must stop on: amber, with the red dot the move preview puts there."""
    _hex(layer, c, 12, (255, 176, 40, 200), (255, 168, 24, 255))
    pygame.draw.circle(layer, (226, 60, 30), c, 5)


def _count_swatch(layer: pygame.Surface, c: tuple[int, int]) -> None:
    """Ctrl-V's count of enemies that could reach a hex: a numbered disc on red."""
    _hex(layer, c, 12, (150, 40, 40, 160))
    pygame.draw.circle(layer, (30, 10, 10), c, 8)
    layer.blit(th.font_small_bold("2"), th.font_small_bold("2").get_rect(center=c))


def _front_swatch(layer: pygame.Surface, c: tuple[int, int]) -> None:
    """The attack preview's arcs: front green, flank amber, rear red."""
    pygame.draw.polygon(layer, (120, 210, 120, 220), [c, (26, 6), (26, 22)])
    pygame.draw.polygon(layer, (255, 190, 70, 220), [c, (26, 22), (14, 27)])
    pygame.draw.polygon(layer, (240, 80, 70, 220), [c, (2, 22), (2, 6)])


def _sight_swatch(layer: pygame.Surface, c: tuple[int, int]) -> None:
    """A shot's line of sight: clear, past cover, blocked."""
    for i, colour in enumerate(((128, 214, 128), (255, 176, 64), (255, 118, 104))):
        pygame.draw.line(layer, colour, (2, 6 + 8 * i), (26, 6 + 8 * i), 3)


def _marks_swatch(layer: pygame.Surface, c: tuple[int, int]) -> None:
    """Shoot and cast modes' tile marks side by side: cover (R31), then blocks sight (R30)."""
    cover_mark(layer, (8, 14), 7)
    sight_mark(layer, (21, 14), 7)


def _area_swatch(layer: pygame.Surface, c: tuple[int, int]) -> None:
    """A burst's area, ringed where it is centred."""
    _hex(layer, c, 12, (255, 150, 60, 120), (255, 170, 80, 235))
    pygame.draw.circle(layer, (255, 176, 64), c, 7, 2)


# What each overlay kind's swatch draws; a kind not named here draws an empty swatch.
SWATCHES: dict[str, SwatchPainter] = {
    "reach": _plain_hex((120, 190, 250, 200), (255, 255, 255, 235)),
    "stop": _stop_swatch,
    "threat": _plain_hex((240, 60, 50, 120), (150, 14, 14, 255)),
    "count": _count_swatch,
    "front": _front_swatch,
    # enemy_reach.RANGED_FILL and RANGED_EDGE, a little stronger to read at this size
    "ranged": _plain_hex((150, 100, 255, 110), (178, 140, 255, 235)),
    "range": _plain_hex((110, 200, 255, 90), (130, 210, 255, 235)),
    "sight": _sight_swatch,
    "marks": _marks_swatch,
    "area": _area_swatch,
}


def draw_swatch(screen: pygame.Surface, kind: str, centre: tuple[int, int], size: int = 28) -> None:
    """The swatch of an overlay ``kind``, ``size`` px square (drawn at 28 and scaled: a tight legend's rows)."""
    layer = pygame.Surface((28, 28), pygame.SRCALPHA)
    paint = SWATCHES.get(kind)
    if paint is not None:
        paint(layer, (14, 14))
    if size != 28:
        layer = pygame.transform.smoothscale(layer, (size, size))
    screen.blit(layer, layer.get_rect(center=centre))


class Legend(FramedPanel):
    layer = "panel"

    def __init__(self, rect: pygame.Rect | None = None, visible: bool = False) -> None:
        self.rect = rect  # None: top-left, beside the combatant card
        self.visible = visible
        self._frame = pygame.Rect(0, 0, 0, 0)
        self._placed: pygame.Rect | None = None  # where it last stood: kept while no other place hides fewer

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        th.claim_hover(ctx, self._frame, event)
        if event.type == pygame.KEYDOWN and event.key == TOGGLE_KEY and not event.mod & pygame.KMOD_CTRL:
            self.visible = not self.visible
            return Reply(status="Legend shown (L hides it)" if self.visible else "Legend hidden (L shows it)")
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        if not self.visible:
            self._frame = pygame.Rect(0, 0, 0, 0)
            return
        rows = terrain_rows(ctx.encounter.board)
        exits = bool(ctx.encounter.board.exit.any())
        a = th.area(screen, ctx)
        mark_rows = marks(v.movement_type for v in ctx.encounter.views() if v.active)
        # The sides' shapes: a row of their own where the window has the room; in a compact window on the title's
        # row, beside "Legend" (at 800x560 a row more made the legend hide one of Harrow Keep's party wherever it
        # stood, and at 960x600 the shapes on the tokens went unexplained).
        compact = is_compact(a)
        side_row = sides(v.faction for v in ctx.encounter.views())
        mark_rows = ((side_row,) if side_row and not compact else ()) + mark_rows
        n_over = len(OVERLAYS) + len(mark_rows)
        p = pick_pitch(a, n_over, len(rows) + exits)  # rows close up before the legend reaches the action bar
        width = max(legend_width(rows, exits), min(WIDTH, title_width(side_row) + 2 * th.PAD) if compact else 0)
        size = (width, legend_height(p, n_over, len(rows) + exits))
        frame = self.rect or self._place(ctx, a, size)
        self._frame = frame
        ctx.reading.append(pygame.Rect(frame))  # opened to be read: a tooltip keeps off it first of the panels
        th.draw_frame(screen, frame, opaque=True)  # over the log in a small window: its lines showed through
        x, y = frame.x + th.PAD, frame.y + 8
        title = th.text(screen, "Legend", (x, y), size=th.HEAD, bold=True)
        if compact:
            draw_sides_inline(screen, side_row, title.right + TITLE_GAP, title.centery)
        y += p.head
        for kind, label in OVERLAYS:
            draw_swatch(screen, kind, (x + 12, y + p.row // 2 - 3), p.swatch)
            th.text(screen, label, (x + 32, y + p.row // 2 - 3), size=th.SMALL, anchor="midleft")
            y += p.row
        # The marks on the tokens, drawn as the tokens draw them (found in two playtests: nothing said what the
        # orange "-" or the grey tick meant).
        for row in mark_rows:
            cx = x
            for mark, label in row:
                MARK_DRAW[mark](screen, (cx + 12, y + p.row // 2 - 3), 8 * p.swatch / 28)
                cx = th.text(screen, label, (cx + 32, y + p.row // 2 - 3), size=th.SMALL, anchor="midleft").right + 12
            y += p.row
        y += 6
        th.text(screen, "Terrain: cost to enter, and to shots", (x, y), size=th.SMALL, colour=th.MUTED, bold=True)
        y += p.terrain
        offsets, shots_dx, _ = columns(rows)
        cols = tuple(x + dx for dx in offsets)
        shots_x = x + shots_dx
        for cx, head in zip(cols, ("ground", "flying", "swim"), strict=True):
            th.text(screen, head, (cx, y), size=th.SMALL, colour=th.MUTED, anchor="midtop")
        th.text(screen, "shots", (shots_x, y), size=th.SMALL, colour=th.MUTED)
        y += p.terrain
        for label, costs, shots in rows:
            th.text(screen, label, (x, y), size=th.SMALL)
            for cx, cost in zip(cols, costs, strict=True):
                th.text(screen, cost, (cx, y), size=th.SMALL, colour=th.TEXT if cost != "–" else th.FAINT,
                        anchor="midtop")
            # What it does to a shot or a burst's centre (R30, R31), beside the mark shoot and cast modes draw on
            # the map (none on walls and rock: they block sight as anyone expects).
            if shots in SHOTS_MARK and not (shots == "blocks sight" and label == "blocked"):
                swatch = pygame.Surface((20, 20), pygame.SRCALPHA)
                SHOTS_MARK[shots](swatch, (10, 10), 8 * min(1.0, p.terrain / 20))
                screen.blit(swatch, (shots_x - 2, y + 5 - 10))
            if shots:
                th.text(screen, shots, (shots_x + 20, y), size=th.SMALL, colour=th.TEXT if shots != "sees through"
                        else th.MUTED)
            y += p.terrain
        if exits:  # a flag on a tile, not a terrain kind: said apart (R24)
            th.text(screen, EXIT_LINE, (x, y), size=th.SMALL, colour=th.MUTED)
            y += p.terrain

    def _place(self, ctx: BattleContext, area: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """Where the legend hides the fewest of the human side's tokens (game.ui.panels.legend_place)."""
        enc = ctx.encounter
        humans = ctx.match.human_factions()
        actor = enc.turn if enc.turn is not None and enc.view(enc.turn).faction in humans else None
        party: list[pygame.Rect] = []
        others: list[pygame.Rect] = []
        for v in enc.views():
            if v.active and v.name != actor:
                (party if v.faction in humans else others).append(ctx.token_rect(v.name))
        cands = places(area, size)
        current = None if self._placed is None else next((c for c in cands if c.x == self._placed.x), None)
        self._placed = choose(cands, None if actor is None else ctx.token_rect(actor), party, others, current)
        return self._placed
