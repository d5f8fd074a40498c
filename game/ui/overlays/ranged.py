"""Shots and bursts before you commit (R29-R33): the shooting range, the sight line, the area and whom it catches.

In shoot mode (``R``) the actor's shooting range is shaded (hexes in its band that
it can see, from :meth:`Encounter.sight_from`); hovering a hostile draws the line
of sight the engine uses (green: clear, amber: through cover, red: blocked, with
the hexes that give cover or block ringed) and the shot's whole roll from
``preview_shoot``. In cast mode (``B``) the area range is shaded and hovering a
hex shows the area centred there: every hex it covers, whom it catches (red
rings for enemies, amber for friendly fire), their chances and push arrows, from
``preview_cast``. In GM mode either look works for a selected combatant that is not to act
(:func:`gm_look`), from where it stands, legal as ``can_shoot_from`` and ``can_cast_from`` say.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from game.render.pg import pygame
from game.rules import CastPreview, EncounterView, ShootPreview, Terrain

from .. import theme as th
from ..commands import CAST, SHOOT
from ..context import BattleContext, Cell, Reply
from ..theme import Line
from . import draw, focus_mark, paint, wording
from .layer import MapLayer, Painter
from .moves import mover
from .ranged_plan import best_shot_from as best_shot_from  # importable here, as before
from .ranged_plan import cast_plan, shot_and_line, shot_plan
from .ranged_plan import shot_works_from as shot_works_from

RANGE_FILL = (110, 200, 255, 46)
RANGE_EDGE = (130, 210, 255, 220)
AREA_FILL = (255, 150, 60, 70)
SIGHT_COLOUR = {"clear": th.GOOD, "cover": th.WARN, "blocked": th.BAD, "out of range": th.FAINT}


def gm_look(ctx: BattleContext) -> str | None:
    """GM mode in combat: the selected combatant that is not to act, whose shots or burst the GM previews from
    where it stands without ending turns (an enemy archer or the Sea Witch on a player's turn), or None."""
    enc = ctx.encounter
    name = ctx.selected
    if not ctx.gm or name is None or name == enc.turn or enc.phase != "active" or ctx.busy or ctx.modal \
            or ctx.show_enemy_reach:
        return None
    return name if enc.view(name).active else None


def shooting_range(enc: EncounterView, name: str) -> list[Cell]:
    """Hexes ``name`` could shoot into from where it stands: in its band (R29) and in sight (R30)."""
    v = enc.view(name)
    if v.ranged is None:
        return []
    lo, hi = v.ranged.min_range, v.ranged.max_range
    return _seen_band(enc, name, lo, hi)


def area_range(enc: EncounterView, name: str) -> list[Cell]:
    """Hexes ``name`` could centre its area on from where it stands (R32)."""
    return [tuple(c) for c in enc.cast_centres(name)]  # type: ignore[misc]


def _seen_band(enc: EncounterView, name: str, lo: int, hi: int) -> list[Cell]:
    v = enc.view(name)
    board = enc.board
    # Sight only over the box the band lies in (a hex within d is within d rows and columns): over the
    # whole map, an archer of range 8 on a 300x300 map cost the window 15 s and 1.8 GB to shade.
    col, row = v.cell
    outer = hi + 2 * v.radius
    rows = slice(max(0, row - outer), min(board.rows, row + outer + 1))
    cols = slice(max(0, col - outer), min(board.cols, col + outer + 1))
    seen = None
    for h in enc.footprint(name):
        m = enc.sight_from((h[0], h[1]), rows, cols)
        seen = m if seen is None else seen | m
    out: list[Cell] = []
    for c in enc.layout.disc(v.cell, hi + v.radius):
        if not board.is_on_map(c):
            continue
        d = max(0, enc.layout.distance(v.cell, c) - v.radius)
        if lo <= d <= hi and seen is not None and seen[c[1] - rows.start, c[0] - cols.start]:
            out.append((c[0], c[1]))
    return out


def sight_state(p: ShootPreview) -> str:
    if not p.sees and not p.blocked_by:  # nothing in range to see with: the red "blocked" line misled (R30)
        return "out of range"
    if not p.sees:
        return "blocked"
    return "cover" if p.cover else "clear"


class RangedPreview:
    layer = "over"

    def __init__(self) -> None:
        self.range_layer = MapLayer(supersample=1)
        self.marks_layer = MapLayer(supersample=1)
        self.marked_terrain: tuple[list[Cell], list[Cell]] = ([], [])  # (gives cover, blocks sight) as marked
        self.lines: list[Line] | None = None  # the tooltip as last drawn (tests read it)
        self.sight: str | None = None  # clear, cover or blocked for the hovered target
        self.caught: list[str] = []  # who the hovered burst would catch
        self.line: tuple[Cell, Cell] | None = None  # the (shooter hex, target hex) whose sight line is drawn
        self.marked_blocked: list[Cell] = []  # the hexes marked as blocking that line
        self.plan: tuple[Cell | None, ShootPreview] | None = None  # what a click on the hovered target commits
        self.cast_plan: tuple[Cell, Cell] | None = None  # (hovered centre, hex a click on it first moves to)
        self.cast_ok = False  # the burst on the hovered centre, as last drawn, may be cast (here or after a step)
        self._key: object = None
        self._preview: tuple[ShootPreview, tuple[Cell, Cell]] | CastPreview | None = None

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def approach_for(self, target: str | None) -> Cell | None:
        """The hex a click on ``target`` first moves to (the previewed move-then-shoot), or None: shoot from here."""
        if self.plan is None or target is None:
            return None
        at, p = self.plan
        return at if at is not None and p.target == target and p.legal is None else None

    def offers(self, target: str | None) -> bool:
        """Whether the shot at ``target``, or the burst on the hovered hex, as last drawn, is legal (from here or
        after the previewed step): the window then contradicts a Tab line that said nobody was in range."""
        if self.cast_ok:
            return True
        return self.plan is not None and target is not None and self.plan[1].target == target and \
            self.plan[1].legal is None

    def cast_approach_for(self, cell: Cell) -> Cell | None:
        """The hex a click on centre ``cell`` first moves to (the previewed move-then-cast), or None: cast from
        here (or let the engine say why not)."""
        if self.cast_plan is None or tuple(self.cast_plan[0]) != tuple(cell):
            return None
        return self.cast_plan[1]

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        """In shoot or cast mode: the actor's (or a GM's look's) range, the tiles that give cover or block sight,
        and the hovered target's shot or the hovered hex's burst."""
        self.lines, self.sight, self.caught, self.line, self.marked_blocked = None, None, [], None, []
        self.plan, self.cast_plan, self.cast_ok = None, None, False
        self.marked_terrain = ([], [])
        look = gm_look(ctx) if ctx.action_mode in (SHOOT, CAST) else None
        name = look or mover(ctx)
        if name is None or ctx.action_mode not in (SHOOT, CAST):
            return
        v = ctx.encounter.view(name)
        if (v.ranged if ctx.action_mode == SHOOT else v.area) is not None:
            self._terrain_marks(screen, ctx)
        if ctx.action_mode == CAST:
            if v.area is not None:
                self._cast_mode(screen, ctx, name, look is not None)
        elif v.ranged is not None:
            self._shoot_mode(screen, ctx, name, look is not None)

    def _shoot_mode(self, screen: pygame.Surface, ctx: BattleContext, name: str, look: bool) -> None:
        """Shoot mode: ``name``'s shooting range, and the shot at the hovered hostile (a GM's ``look``: from where
        it stands; after the actor's action: only what is left)."""
        enc = ctx.encounter
        self._shade(screen, ctx, ("shoot", name), lambda: shooting_range(enc, name))
        target = ctx.hovered_unit
        if not (target is not None and target != name and enc.view(target).active and enc.hostile(name, target)):
            return
        if look:
            self._look_shot(screen, ctx, name, target)
        elif enc.acted:  # as the attack preview: what is left, calmly, with no sight line for a shot gone
            self.lines = wording.spent_lines(name, target, enc.view(name).movement)
            th.post_tip(ctx, self.lines, ctx.mouse)
        else:
            self._shot(screen, ctx, name, target)

    def _cast_mode(self, screen: pygame.Surface, ctx: BattleContext, name: str, look: bool) -> None:
        """Cast mode: where ``name`` could centre its burst, and the burst on the hovered hex."""
        enc = ctx.encounter
        self._shade(screen, ctx, ("cast", name), lambda: area_range(enc, name))
        if ctx.hovered_cell is not None:
            self._cast(screen, ctx, name, ctx.hovered_cell, look=look)

    def _shade(self, screen: pygame.Surface, ctx: BattleContext, key: tuple[str, str],
               cells_of: object) -> None:
        def build() -> tuple[list[Cell], Painter]:
            cells = cells_of()  # type: ignore[operator]
            geo = ctx.geometry

            def paint_it(surf: pygame.Surface, at: paint.At, k: float) -> None:
                for c in cells:
                    pygame.draw.polygon(surf, RANGE_FILL, [at(x, y) for x, y in geo.cell_corners(c)])
                paint.outline(surf, ctx, set(cells), at, RANGE_EDGE, max(2, int(2 * k)))

            return cells, paint_it

        self.range_layer.draw(screen, ctx, key, build)

    def _terrain_marks(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        """The hexes whose tiles give cover or block sight, faintly, under the range: where to stand and what to
        shoot past, planned before any target is hovered (found on the Greenway: its old trees, which give cover,
        look like the brush, which does not). Only the tiles: a token gives cover too (R31), and is seen anyway. Sight
        blockers only where the ground could be walked (fog, a hedge): walls and rock block sight as everyone
        expects (R30's default), and a red mark on every wall hex of Harrow Keep was clutter."""
        board = ctx.encounter.board
        on = board.on_map
        cover = [(int(c), int(r)) for r, c in np.argwhere(board.cover & on & ~board.blocks_sight)]
        blocks = [(int(c), int(r))
                  for r, c in np.argwhere(board.blocks_sight & on & (board.terrain != int(Terrain.BLOCKED)))]
        self.marked_terrain = (cover, blocks)

        def build() -> tuple[list[Cell], Painter]:
            return cover + blocks, lambda surf, at, k: paint.terrain_marks(surf, ctx, cover, blocks, at, k)

        self.marks_layer.draw(screen, ctx, ("terrain marks",), build)

    def _cached(self, ctx: BattleContext, key: tuple[object, ...], make: object) -> object:
        full = (ctx.version, *key)
        if full != self._key:
            self._key, self._preview = full, make()  # type: ignore[operator]
        return self._preview

    def _shot(self, screen: pygame.Surface, ctx: BattleContext, name: str, target: str) -> None:
        enc = ctx.encounter
        shot = self._cached(ctx, ("shot", name, target), lambda: shot_plan(enc, name, target))
        assert isinstance(shot, tuple)
        at, p, (a, b), stuck = shot
        assert isinstance(p, ShootPreview)
        self.plan = (at, p)
        state = sight_state(p)
        self.sight, self.line = state, (a, b)
        report = enc.sight_report(a, b)
        colour = SIGHT_COLOUR[state]
        width = max(2, round(3 * ctx.zoom))
        odds, notes = True, list[Line]()
        if p.legal is not None:
            zoc, closed, blind = stuck or ([], "", False)
            odds, notes = wording.refusal_notes(enc, name, target, "shoot", at is not None, p.legal,
                                                zoc=zoc, closed=closed, blind=blind)
        line: list[pygame.Rect] = []
        rings: list[pygame.Rect] = []
        if notes and state == "out of range":
            # No line within range from anywhere it can get to: no grey line half across the map over the tokens
            # between, nor the walls it crosses, as an attack out of reach draws none (the row says how far).
            self.line = None
        else:
            for col, row in report["cover"]:
                draw.ring(screen, ctx.cell_to_screen((col, row)), ctx.hex_radius() * 0.7, th.WARN, 2)
            rings = [ctx.hex_rect(c) for c in report["cover"]]
            blocked = [(c[0], c[1]) for c in (p.blocked_by or report["blocked_by"])]
            self.marked_blocked = blocked
            draw.hexes(screen, ctx, blocked, (255, 90, 70, 90), (255, 90, 70, 255), 3)
            if at is not None:  # the move the shot needs first, drawn as the attack preview draws its move
                draw.approach_path(screen, ctx, name, at)
            origin = draw.token_disc(ctx, name) if at is None else (ctx.cell_to_screen(a), width * 3.0 + 2)
            start, end = draw.clear_of(ctx.cell_to_screen(a), ctx.cell_to_screen(b), origin,
                                       draw.token_disc(ctx, target))
            draw.arrow(screen, start, end, colour, width)
            line = draw.along(start, end)
            # The target's arc labels step off the line, as off a path's end ring (arcs.nudge_off_marks): its
            # "front" lay across the sight line from Pell to a bandit (the Greenway, 1280x800).
            ctx.marks.extend(draw.along(start, end, 4))
        if notes:  # no hex in reach gives the shot: a question, not a mistake (wording.out_of_reach)
            self.lines = wording.out_of_reach(name, target, "shoot", notes)
            edge = th.PANEL_EDGE
        else:
            self.lines = wording.fitted_to(ctx, wording.shoot_lines(p, odds))
            edge = colour
        if p.legal is None:
            self.lines += focus_mark.keys_rows(ctx, target, "Enter shoots")
        if at is not None:
            self.lines.insert(1, Line(f"from {at[0]},{at[1]}: the first {focus_mark.press(ctx, target)} moves there, "
                                      "the next shoots", "muted"))
        # The tooltip keeps the sight line and its ringed cover hexes in view where it can (found at Harrow Keep:
        # it sat over most of the line it explains).
        th.post_tip(ctx, self.lines, focus_mark.anchor(ctx, target), min_width=300, edge=edge, clear=line + rings)

    def _look_shot(self, screen: pygame.Surface, ctx: BattleContext, name: str, target: str) -> None:
        """A GM's look at another combatant's shot from where it stands: the sight line, cover and the roll as on
        its turn (the engine's ``can_shoot_from``: range and sight only), and no move first."""
        enc = ctx.encounter
        shot = self._cached(ctx, ("look", name, target), lambda: shot_and_line(enc, name, target))
        assert isinstance(shot, tuple)
        p, (a, b) = shot
        assert isinstance(p, ShootPreview)
        p = replace(p, legal=enc.can_shoot_from(name, target))
        state = sight_state(p)
        self.sight, self.line = state, (a, b)
        report = enc.sight_report(a, b)
        for col, row in report["cover"]:
            draw.ring(screen, ctx.cell_to_screen((col, row)), ctx.hex_radius() * 0.7, th.WARN, 2)
        blocked = [(c[0], c[1]) for c in (p.blocked_by or report["blocked_by"])]
        self.marked_blocked = blocked
        draw.hexes(screen, ctx, blocked, (255, 90, 70, 90), (255, 90, 70, 255), 3)
        start, end = draw.clear_of(ctx.cell_to_screen(a), ctx.cell_to_screen(b), draw.token_disc(ctx, name),
                                   draw.token_disc(ctx, target))
        draw.arrow(screen, start, end, SIGHT_COLOUR[state], max(2, round(3 * ctx.zoom)))
        self.lines = wording.fitted_to(ctx, wording.shoot_lines(p))
        self.lines.insert(1, Line(f"GM look: {name} is not to act; from where it stands", "muted"))
        keep = draw.along(start, end) + [ctx.hex_rect(c) for c in report["cover"]]
        th.post_tip(ctx, self.lines, ctx.mouse, min_width=300, edge=SIGHT_COLOUR[state] if p.legal is None
                    else th.PANEL_EDGE, clear=keep)

    def _cast(self, screen: pygame.Surface, ctx: BattleContext, name: str, cell: Cell, look: bool = False) -> None:
        """The burst centred on ``cell``; with ``look``, a GM's look at a caster that is not to act: from where it
        stands, legal as the engine's ``can_cast_from`` says (range, sight, uses: R32, whoever's turn), no move."""
        enc = ctx.encounter
        area = enc.view(name).area
        assert area is not None
        at, p, stuck = self._cast_plan(ctx, name, cell, look)
        if at is not None:
            self.cast_plan = ((cell[0], cell[1]), at)
        self.cast_ok = not look and p.legal is None
        covered = [c for c in enc.layout.disc(cell, area.radius) if enc.board.is_on_map(c)]
        self.caught = [a.target for a in p.affected]
        _draw_burst(screen, ctx, name, at, p, covered)
        self.lines = _cast_words(ctx, name, at, p, look, stuck)
        edge = th.PANEL_EDGE if p.legal else th.WARN if any(a.friendly for a in p.affected) else th.ACCENT
        # The tooltip keeps the area and whom it catches in view where it can, as a shot's keeps its sight line
        # (found on the Black Gull: it sat over Corsair 1, caught by the burst it described, and over Tobin).
        # Whom it catches and where they are pushed come before the panels (found at 960x600: the box sat on
        # Corsair 1 and on a push's end to spare the combat log); the rest of the area, and the hex a move
        # first would end on, after them.
        caught = [_standing(ctx, name, at, a.target)[1] for a in p.affected]
        caught += [ctx.hex_rect(a.push_path[-1]) for a in p.affected if len(a.push_path) > 1 and p.legal is None]
        keep = [ctx.hex_rect(c) for c in covered]
        if at is not None:
            keep.append(ctx.hex_rect(at))
        th.post_tip(ctx, self.lines, focus_mark.anchor(ctx, ctx.focus), min_width=320, edge=edge, clear=keep,
                    describes=caught)

    def _cast_plan(self, ctx: BattleContext, name: str, cell: Cell,
                   look: bool) -> tuple[Cell | None, CastPreview, bool]:
        """(the hex a move first ends on or None, the preview, whether no hex in reach gives the burst), kept
        while the state and the hovered hex stay; a GM's look never moves first and asks ``can_cast_from``."""
        enc = ctx.encounter
        if look:
            plan = self._cached(ctx, ("look cast", name, tuple(cell)), lambda: (
                None, replace(enc.preview_cast(name, cell), legal=enc.can_cast_from(name, cell)), False))
        else:
            plan = self._cached(ctx, ("cast", name, tuple(cell)), lambda: cast_plan(enc, name, cell))
        assert isinstance(plan, tuple)
        at, p, stuck = plan
        assert isinstance(p, CastPreview)
        return at, p, stuck


def _standing(ctx: BattleContext, caster: str, at: Cell | None, who: str) -> tuple[Cell, pygame.Rect]:
    """Where ``who`` stands as the burst's plan has it (the caster on the hex it first moves to), and its box."""
    if who == caster and at is not None:
        return at, ctx.hex_rect(at)
    return ctx.encounter.view(who).cell, ctx.token_rect(who)


def _draw_burst(screen: pygame.Surface, ctx: BattleContext, name: str, at: Cell | None, p: CastPreview,
                covered: list[Cell]) -> None:
    """The burst's hexes (greyed if it cannot happen), the move it needs first, a ring round each combatant it
    catches (amber for a friend) and, for a burst that can happen, an arrow for each push."""
    draw.hexes(screen, ctx, covered, AREA_FILL if p.legal is None else (150, 150, 150, 50),
               (255, 170, 80, 230) if p.legal is None else (160, 160, 160, 200), 2)
    if at is not None:  # the move the burst needs first, drawn as a shot's
        draw.approach_path(screen, ctx, name, at)
    for a in p.affected:
        tv = ctx.encounter.view(a.target)
        centre = ctx.cell_to_screen(_standing(ctx, name, at, a.target)[0])
        draw.ring(screen, centre, ctx.hex_radius() * (1 + 2 * tv.radius) * 0.95,
                  th.WARN if a.friendly else th.BAD)
        if len(a.push_path) > 1 and p.legal is None:  # no push drawn for a burst that cannot happen
            draw.arrow(screen, ctx.cell_to_screen(a.push_path[0]), ctx.cell_to_screen(a.push_path[-1]),
                       th.BAD if a.falls or a.hazard_damage else th.ACCENT, max(2, round(3 * ctx.zoom)))


def _cast_words(ctx: BattleContext, name: str, at: Cell | None, p: CastPreview, look: bool,
                stuck: bool) -> list[Line]:
    """The burst's tooltip: the preview's rows, then where it is cast from (a move first, a GM's look), or why
    no hex in reach gives it, and the keys that cast it."""
    lines = wording.cast_lines(p)
    if at is not None:
        lines.insert(1, Line(f"from {at[0]},{at[1]}: the first {focus_mark.press(ctx, ctx.focus)} moves "
                             "there, the next casts", "muted"))
    elif look:
        lines.insert(1, Line(f"GM look: {name} is not to act; from where it stands", "muted"))
    elif stuck:
        _say_nowhere_better(ctx.encounter, name, lines)
    if p.legal is None and not look:
        lines += focus_mark.keys_rows(ctx, ctx.focus, "Enter casts")
    return lines


def _say_nowhere_better(enc: EncounterView, name: str, rows: list[Line]) -> None:
    """Into ``rows``, after the reason and before whom the burst would catch there (the small rows): that no hex
    ``name`` can reach this turn would give the burst either."""
    v = enc.view(name)
    below = next((i for i, ln in enumerate(rows) if i and ln.size == wording.SMALL), len(rows))
    why = (f"nor from anywhere {name} can reach this turn" if v.movement > 0
           else f"{name} has no movement left this turn")
    rows[below:below] = [Line(part, "muted") for part in th.wrap(why, wording.REASON_WIDTH)]
