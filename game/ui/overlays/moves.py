"""Where the selected actor can move, and what a move to the hovered hex would do.

:class:`ReachShading` (under the tokens): every hex the actor can end a move
on, shaded light (cheap) to deep (costly) with the cost in a badge; hexes
where zone of control would stop it (R9) amber with a stop badge.
:class:`PathPreview` (under the tokens, as Wesnoth's footsteps are: drawn over them the path crossed
the mover's own initials and every friend it walks through): the path to the hovered hex, its
cost first ("Move Wynn to 10,8: 5 of 7 movement"), then the movement left after it or, where it stops,
whose zone stops it ("stops here: Orc 1's zone of control"); for a hex it cannot reach, the engine's
reason in a few words.
"""

from __future__ import annotations

from game.render.pg import pygame
from game.rules import EncounterView

from .. import theme as th
from ..commands import CAST, SHOOT
from ..context import DISENGAGE, BattleContext, Cell, Reply
from ..narration import reason_words
from ..theme import SMALL, Line
from . import draw, paint, push_words
from .layer import MapLayer, Painter

TIP_WIDTH = 270  # px of text: a small row wraps past this, and a head row drops its name past HEAD_WIDTH;
HEAD_WIDTH = 290  # so the box stays about 300 px wide
REFUSAL_WIDTH = 200  # px of text: a refusal's reason wraps here, its box about 220 px wide (see move_lines)
# (it reached 400 px, "Captain Vessa cannot move to 7,10" over "may not enter water at 7,10 (ground movement, R5)")


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


def zone_words(who: list[str], term: str = "zone") -> str:
    """Whose zone of control stops a move (R9), short: "Orc 1's zone", "zone of Orc 1 and Orc 2", "zone of A, B, C
    and 2 more" (``term``: "zone of control" where the whole term is wanted); "zone of control" when the engine
    names nobody. (The map marks such hexes amber, a stop badge on
    each: the row only says whose.)"""
    if not who:
        return "zone of control"
    return f"{who[0]}'s {term}" if len(who) == 1 else f"{term} of {push_words.beside_phrase(who)}"


def head(text: str, compact: str, role: str) -> Line:
    """The bold first row: ``text``, or ``compact`` (without the mover's name: its token is where the path
    starts, and it is the one selected) when ``text`` is too wide ("Move Captain Vessa to 0,10: 6 of 6
    movement" was 371 px on fortress_assault)."""
    return Line(text if th.text_width(text, th.BODY, True) <= HEAD_WIDTH else compact, role, bold=True)


def refusal_words(enc: EncounterView, name: str, cell: Cell, reason: str | None) -> str:
    """Why ``name`` cannot end a move on ``cell``, in a few words: the engine's reason without what the head row
    already says (the mover's name, the hex: "may not enter water", not "Mira may not enter water at 10,4" under
    "Mira cannot move to 10,4"; found at Harrow Keep and on fortress_assault, where it made the box 370 px wide)."""
    words = reason_words(reason).removeprefix(f"{name} ") if reason else "cannot end a move here"
    stop = enc.zoc_stop_on_way(name, cell) if "zone of control of" in words else None
    if stop is not None:  # R9, in a few words: whose zone, and where the shortest way enters it
        # The rule's whole term here: no amber stop hex beside it says what a "zone" is.
        return f"{zone_words(stop[1], 'zone of control')} stops every way there (first at {stop[0][0]},{stop[0][1]})"
    at = f"{cell[0]},{cell[1]}"
    for again in (f"cannot reach {at}: ", f"cannot reach {at} this turn: "):
        words = words.removeprefix(again)
    return words.replace(f" at {at} ", " ").replace(f" at {at}", "")


def cannot_move_lines(cell: Cell, words: str) -> list[Line]:
    """The box for a hex the mover cannot end a move on: "Cannot move to 9,3" under a plain head, then why in the
    muted colour (``words``, as :func:`refusal_words` trims them). The move preview and the enemy-reach view (V)
    both say it so: the view said "Selkie cannot stand here" where the move preview said "Cannot move to 5,8"."""
    return [Line(f"Cannot move to {cell[0]},{cell[1]}", "text", bold=True, size=SMALL),
            *(Line(part, "muted", size=SMALL) for part in th.wrap(words, REFUSAL_WIDTH, SMALL))]


def move_lines(enc: EncounterView, name: str, cell: Cell) -> list[Line] | None:
    """The short tooltip of a move preview, or None where there is nothing to say (its own hex). The essential
    row first, as the attack preview's: "Move Wynn to 10,8: 5 of 7 movement", or "Cannot move to 9,3";
    then, small, what is left after the move (or who stops it there, R9), why a hex cannot be reached, and an
    exit (R24). Nothing is left for a long form: every fact a move needs fits here."""
    v = enc.view(name)
    if cell == v.cell:
        return None
    end = enc.reach_for(name).end_at(cell)
    if end is None:
        # Pointing at a hex out of reach is not a mistake, only a question: the answer reads in the muted
        # colour under a plain head. Red is kept for what went wrong. Small and narrow, without the mover's
        # name (the one selected): on giants_lair at 1024x768 the party's side of the map is where such hexes
        # are pointed at, and 240x57 boxes hid one of the party 20 times over a sweep (6 at 200 px of text).
        return cannot_move_lines(cell, refusal_words(enc, name, cell, enc.can_move_to(name, cell)))
    cost, stops = end
    tail = f"to {cell[0]},{cell[1]}: {cost} of {v.movement} movement"
    lines = [head(f"Move {name} {tail}", f"Move {tail}", "accent")]
    if stops:  # R9: entering a hostile's zone of control ends the move, so nothing is left after it
        words = f"stops here: {zone_words(enc.threateners_of_hex(cell, name))}, 0 left"
        lines += [Line(part, "warn", size=SMALL) for part in th.wrap(words, TIP_WIDTH, SMALL)]
    else:
        left = v.movement - cost
        lines.append(Line(f"then {left} movement left" if left else "then no movement left",
                          "text" if left else "muted", size=SMALL))
    if enc.exit_at(name, cell):  # R24: said before the move, so the way out is found by pointing, not by trying F
        now = enc.can_act(name, "flee") is None
        lines.append(Line("an exit: flee from here with F" if now else "an exit: flee from here next turn", "good",
                          size=SMALL))
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
        th.post_tip(ctx, lines, ctx.mouse, min_width=220 if self.path else 0, describes=near)


NEAR = 2  # hexes from the pointed hex within which an enemy token counts as part of a move preview's story


def hostiles_near(enc: EncounterView, name: str, cell: Cell) -> list[str]:
    """The active hostiles of ``name`` whose footprint comes within ``NEAR`` hexes of ``cell``."""
    return [v.name for v in enc.views() if v.active and v.name != name and enc.hostile(name, v.name)
            and enc.layout.distance(cell, v.cell) - v.radius <= NEAR]
