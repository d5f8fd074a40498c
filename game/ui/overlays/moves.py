"""Where the selected actor can move, and what a move to the hovered hex would do.

:class:`ReachShading` (under the tokens): every hex the actor can end a move
on, shaded light (cheap) to deep (costly) with the cost in a badge; hexes
where zone of control would stop it (R9) amber with a stop badge.
:class:`PathPreview` (under the tokens, as Wesnoth's footsteps are: drawn over them the path crossed
the mover's own initials and every friend it walks through): the path to the hovered hex, its
cost, the movement left after it and, where it stops, who stops it
("stops here: threatened by Orc 1"); for a hex it cannot reach, the
engine's reason.
"""

from __future__ import annotations

from game.render.pg import pygame
from game.rules import EncounterView

from .. import theme as th
from ..commands import CAST, SHOOT
from ..context import DISENGAGE, BattleContext, Cell, Reply
from ..narration import reason_words
from ..theme import Line
from . import draw, paint
from .layer import MapLayer, Painter

TIP_WIDTH = 380  # a refusal wraps to this many pixels in the move tooltip


def mover(ctx: BattleContext) -> str | None:
    """The combatant whose moves are shown: the selected one (default: the current actor), only on its turn
    and only when a human (or the GM) is at the controls."""
    enc = ctx.encounter
    name = ctx.selected or enc.turn
    if name is None or name != enc.turn or enc.phase != "active" or ctx.busy or ctx.show_enemy_reach or ctx.modal:
        return None  # (Ctrl-V mode shows the enemies' reach instead; a GM form's click picks its hex, moves nobody)
    if not ctx.gm and not ctx.match.is_human_turn():
        return None
    return name


class ReachShading:
    layer = "under"

    def __init__(self) -> None:
        self.cache = MapLayer()

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        name = mover(ctx)
        if name is None or ctx.action_mode in (SHOOT, CAST):
            return  # shoot and cast modes shade their own range (overlays.ranged): one shading at a time
        def build() -> tuple[list[Cell], Painter]:
            entries = ctx.encounter.reach_for(name).destinations()

            def draw_it(surf: pygame.Surface, at: paint.At, k: float) -> None:
                paint.reach(surf, ctx, entries, at, k)

            return [c for c, _, _ in entries], draw_it

        self.cache.draw(screen, ctx, ("reach", name), build)


def move_lines(enc: EncounterView, name: str, cell: Cell) -> list[Line] | None:
    """The tooltip of a move preview, or None where there is nothing to say (its own hex)."""
    v = enc.view(name)
    if cell == v.cell:
        return None
    end = enc.reach_for(name).end_at(cell)
    if end is None:
        # Pointing at a hex out of reach is not a mistake, only a question: the answer reads in the muted
        # colour under a plain head, and without the mover's name again ("may not enter water", not
        # "Mira may not enter water" under "Mira cannot move to 10,4"). Red is kept for what went wrong.
        reason = enc.can_move_to(name, cell)
        words = reason_words(reason).removeprefix(f"{name} ") if reason else "cannot end a move here"
        # Nor the hex again: "9 movement away, 6 left", not "cannot reach 9,3: 9 movement away, 6 left" under
        # "Ilse cannot move to 9,3" (found at Harrow Keep).
        for again in (f"cannot reach {cell[0]},{cell[1]}: ", f"cannot reach {cell[0]},{cell[1]} this turn: "):
            words = words.removeprefix(again)
        head = Line(f"{name} cannot move to {cell[0]},{cell[1]}", "text", bold=True)
        return [head, *(Line(part, "muted") for part in th.wrap(words, TIP_WIDTH))]
    head = Line(f"Move {name} to {cell[0]},{cell[1]}", "accent", bold=True)
    cost, stops = end
    left = 0 if stops else v.movement - cost
    lines = [head, Line("costs", right=f"{cost} of {v.movement} movement"),
             Line("movement left after", right=str(left), role="text" if left else "muted")]
    if stops:
        who = enc.threateners_of_hex(cell, name)
        lines.append(Line(f"stops here: threatened by {', '.join(who)}" if who else "stops here: zone of control",
                          "warn", bold=True))
    if enc.exit_at(name, cell):  # R24: said before the move, so the way out is found by pointing, not by trying F
        now = enc.can_act(name, "flee") is None
        lines.append(Line(f"an exit: {name} can flee from here (F)" if now
                          else f"an exit: {name} could flee from here next turn", "good"))
    return lines


class PathPreview:
    layer = "under"  # after ReachShading and the arcs in the widget list, so drawn on them, below the tokens

    def __init__(self) -> None:
        self.lines: list[Line] | None = None  # what the tooltip says now (tests read it)
        self.path: list[Cell] = []
        self.footprint: list[Cell] = []  # a large mover's hexes at the path's end, as outlined
        self._key: object = None
        self._plan: tuple[list[Line] | None, list[Cell], bool] = (None, [], False)

    @staticmethod
    def _compute(enc: EncounterView, name: str, cell: Cell) -> tuple[list[Line] | None, list[Cell], bool]:
        lines = move_lines(enc, name, cell)
        reach = enc.reach_for(name)
        end = reach.end_at(cell)
        if lines is None or end is None:
            return lines, [], False
        path = [c for c in reach.path_to(cell)]
        start = enc.view(name).cell
        if not path or path[0] != start:
            path.insert(0, start)
        return lines, path, bool(end[1])

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.lines, self.path, self.footprint = None, [], []
        name = mover(ctx)
        cell = ctx.hovered_cell
        if name is None or cell is None:
            return
        enc = ctx.encounter
        if ctx.hovered_unit is not None:
            return  # hovering a combatant: its card (and for an enemy the attack preview) speaks instead
        if ctx.action_mode in (DISENGAGE, SHOOT, CAST):
            return  # the disengage, shot or area preview speaks instead
        key = (ctx.version, name, cell)
        if key != self._key:  # the engine is asked once per hex pointed at, not every frame
            self._key, self._plan = key, self._compute(enc, name, cell)
        lines, path, stops = self._plan
        if lines is None:
            return
        if path:
            self.path = path
            colour = th.WARN if stops else (250, 250, 244)
            pts = [ctx.cell_to_screen(c) for c in path]
            draw.path(screen, pts, colour, width=max(2, round(4 * ctx.zoom)))
            draw.keep_start_in_sight(ctx, pts)
            radius = enc.view(name).radius
            if radius:  # a large or giant mover: every hex it would stand on there, not only its centre (R26)
                self.footprint = [(c[0], c[1]) for c in enc.layout.disc(path[-1], radius)]
                for c in self.footprint:
                    pygame.draw.polygon(screen, colour, ctx.hex_polygon(c), 2)
        self.lines = lines
        # The enemies by the hex pointed at are what a move there is about (who would stop it, who waits a step
        # further): the box leaves them in view before the panels, as a burst's box leaves whom it catches (a
        # panel is read again a moment later, the preview now). It sat on Archer 2, two hexes off, to spare a
        # corner of the tracker (fortress_assault, 1280x800), and on the Gate Warden at 960x600.
        near = [ctx.token_rect(w) for w in hostiles_near(enc, name, cell)]
        th.post_tip(ctx, lines, ctx.mouse, min_width=220, describes=near)


NEAR = 2  # hexes from the pointed hex within which an enemy token counts as part of a move preview's story


def hostiles_near(enc: EncounterView, name: str, cell: Cell) -> list[str]:
    """The active hostiles of ``name`` whose footprint comes within ``NEAR`` hexes of ``cell``."""
    return [v.name for v in enc.views() if v.active and v.name != name and enc.hostile(name, v.name)
            and enc.layout.distance(cell, v.cell) - v.radius <= NEAR]
