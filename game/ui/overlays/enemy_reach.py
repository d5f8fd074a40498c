"""Enemy reach: where the other side could strike next turn.

- Hovering a hostile combatant: the hexes it could attack next turn (its
  reach with a fresh budget, then its weapon band: ``attack_zone``), tinted
  red and outlined. While the actor is previewing an attack on it, only
  with Shift held (the zone would bury the preview); never while an action
  animates (the pointer rests on the target of the blow).
- Ctrl-V (Wesnoth's "show enemy moves"): every hex gets the count of hostile
  combatants that could move and attack a combatant standing there next turn
  (``enemy_reach_count``, the sum of their ``attack_zone``); hovering a hex then
  rings the enemies that can reach it (``next_turn_attackers``; Wesnoth #1989,
  PR #3961) and names them. After an action the counts are worked out again one
  hostile at a time over the next frames (a few milliseconds each), the previous
  counts staying up meanwhile: on a big map the whole sum in one frame made the
  frame after every action a slow one. Turning the overlay on counts at
  once (there is nothing to show before); the other sides' counts are then
  worked out behind the scenes while nothing else is being counted, so the
  viewpoint passing to the other side (the turn changing hands) shows their
  last counts at once and recounts over frames too: counting a whole side in
  the frame the turn passed was the slowest frame of bench_frames (13 ms of
  CPU on the 64x64 map).

Shots and bursts (R29-R32) are dangers too, but a bow's or a burst's reach
next turn covers far more ground than a blade's, and numbers on all of it
would bury the melee counts: the hexes some hostile could shoot or catch in a
burst next turn, after moving (``ranged_danger_count``), get violet hatching
(light and dark stripes: it reads on any ground) and a violet edge under the
counts instead; hovering one names the shooters with their best odds there and whether cover would be left
(``ranged_threats_at``) and rings them violet. Hovering an enemy with a bow or
a burst adds its own violet zone to its red one, and a GM's R or B look at a
combatant that is not to act adds where it could shoot or burst after moving.

The viewpoint is the selected combatant (default: the current actor), or the
player faction when nobody is; while the AI acts, the side a human plays.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator

import numpy as np

from game.render.pg import pygame
from game.rules import EncounterView, MovementType, RangedThreat, Terrain

from .. import theme as th
from ..commands import CAST, SHOOT
from ..context import BattleContext, Cell, Reply
from ..drawn import Drawn
from ..leader import visible_pieces
from ..theme import Line
from ..tokenlayer import token_shapes
from . import draw, paint, wording
from .layer import Build, MapLayer, Painter
from .moves import cannot_move_lines, mover
from .ranged import gm_look
from .ranged_zone import RANGED_RING, ranged_zone, ranged_zone_steps
from .reach_lines import Art, Segment, digits_along, draw_under

TOGGLE_KEY = pygame.K_v  # with Ctrl, as in Wesnoth
# What the status line says as V (or Ctrl-V) shows or hides the counts: the same words for both keys (Ctrl-V said
# "enemy reach: how many enemies could attack...", V "Enemy reach: the number on each hex...").
SHOWN = ("Enemy reach: the number on each hex is how many enemies could reach and attack it next turn; violet, "
         "where a bow or a burst could reach it")
HIDDEN = "Enemy reach hidden"
BUDGET_S = 0.002  # engine time per frame for recounting after an action (at least one hostile per frame)


def viewpoint(ctx: BattleContext) -> tuple[str | None, str]:
    """(combatant, faction) whose enemies are shown."""
    enc = ctx.encounter
    name = ctx.selected or enc.turn
    if name is not None and name == enc.turn and not ctx.gm and not ctx.match.is_human_turn():
        # The AI is acting and the player is watching: the player's enemies are shown, not the acting AI's.
        # Found at Harrow Keep: pointing at Grum during Pikeman 2's turn painted Grum's reach red, as if the
        # player's own axeman were the threat.
        sides = ctx.match.human_factions()
        if sides:
            return None, "player" if "player" in sides else min(sides)
    if name is not None:
        v = enc.view(name)
        if v.active:
            return name, v.faction
    return None, "player"


def standable(enc: EncounterView, name: str | None) -> np.ndarray:
    """``[row, col]`` bool: hexes the viewpoint combatant's movement type may enter (R5), or, with no one
    named, that some movement type may enter."""
    board = enc.board
    kinds = list(MovementType) if name is None else [MovementType[enc.view(name).movement_type.upper()]]
    ok = np.zeros((board.rows, board.cols), dtype=bool)
    for mt in kinds:
        ok |= board.cost[int(mt)] >= 1
    return ok & board.on_map


def _cells(mask: np.ndarray) -> set[Cell]:
    """The (col, row) cells of a ``[row, col]`` mask."""
    rows, cols = np.nonzero(mask)
    return set(zip(cols.tolist(), rows.tolist(), strict=True))  # .tolist(): Python ints at once, not one by one


def count_colour(n: int, most: int) -> tuple[int, int, int, int]:
    t = (n - 1) / max(1, most - 1)
    return (round(230 + 10 * t), round(150 - 120 * t), round(70 - 50 * t), round(44 + 76 * t))


class EnemyReach:
    """Under the tokens: one enemy's attack zone on hover, or every enemy's counts with Ctrl-V."""

    layer = "under"

    def __init__(self) -> None:
        self.zone = MapLayer()
        # Many hexes: crisp enough at 1x, a quarter of the pixels; repainted behind the scenes after an action.
        self.counts = MapLayer(supersample=1, progressive=True)
        self.ranged = MapLayer(supersample=1, progressive=True)  # the violet zone under the counts
        self.last_counts: np.ndarray | None = None
        self.last_ranged: np.ndarray | None = None  # with last_counts: how many could shoot or burst each hex
        self.ranged_cells: set[Cell] = set()  # the hexes the violet zone last marked (tests read them)
        self.look = MapLayer(supersample=1, progressive=True)  # a GM's R / B look: its violet zone after moving
        self.look_cells: set[Cell] = set()
        self.shown: tuple[int, str] | None = None  # (encounter version, faction) of last_counts
        self.budget_s = BUDGET_S
        self._job: _Recount | None = None
        self._by_faction: dict[str, tuple[int, np.ndarray]] = {}  # faction -> (version, counts) last finished
        self._ranged_by_faction: dict[str, np.ndarray] = {}  # faction -> its ranged counts, of the same version
        self._warm: _Recount | None = None  # a side not yet counted, counted while the shown counts are fresh
        # Whether this frame already did the overlay's heavy work (a recount step, a layer repainting): the
        # other pieces wait a frame. Each alone is a few ms; together, on the frames after an action of a 64x64
        # battle with archers, they made the 99th percentile frame (bench_frames.py --archers).
        self.busy = False
        self._ranged_want: tuple[int, str, str | None] | None = None  # the state the violet zone is built for
        self.zone_of: str | None = None  # whose attack zone the hover showed this frame (tests read it)

    def current_counts(self, ctx: BattleContext, faction: str) -> tuple[int, np.ndarray]:
        """(version, counts) to show now: the latest finished count for ``faction``, advancing a recount.

        A recount never shares a frame with other heavy work of its own: the frame that sees a new
        version only starts it (the other overlays rebuild then), each later frame adds hostiles' zones
        for ``budget_s`` (at least one), and the finished counts are taken up in a frame of their own,
        where the layer repaints. Each faction's last counts are kept, so a viewpoint that changes side
        (the turn passing to the other side) recounts behind the scenes too."""
        want = (ctx.version, faction)
        if self.shown == want and self.last_counts is not None:
            self._warm_up(ctx)
            return ctx.version, self.last_counts
        known = self._by_faction.get(faction)
        if known is None:
            job = self._warm if self._warm is not None and self._warm.key == want else _Recount(ctx.encounter, faction)
            self._warm = None
            while job.step(float("inf")) is None:  # nothing to show yet for this side: count (the rest) now
                pass
            self._by_faction[faction] = (ctx.version, job.total)
            self._ranged_by_faction[faction] = job.ranged
            self.last_counts, self.last_ranged, self.shown, self._job = job.total, job.ranged, want, None
            return ctx.version, job.total
        if self._job is None or self._job.key != want:
            self._job = _Recount(ctx.encounter, faction, want)
        elif not ctx.again:  # a frame drawn twice (BattleScene.draw) steps the recount once
            self.busy = True
            done = self._job.step(self.budget_s)
            if done is not None:
                self._by_faction[faction] = (ctx.version, done)
                self._ranged_by_faction[faction] = self._job.ranged
                self.last_counts, self.last_ranged, self.shown = done, self._job.ranged, want
                self._job = None
                return ctx.version, done
        self.shown = (known[0], faction)
        self.last_counts = known[1]
        self.last_ranged = self._ranged_by_faction[faction]
        return known

    def _warm_up(self, ctx: BattleContext) -> None:
        """Count, ``budget_s`` a frame, a side that may become the viewpoint and was never counted."""
        if ctx.again:
            return  # the frame's share was counted in its first drawing
        job = self._warm
        if job is not None and job.key is not None and job.key[0] != ctx.version:
            job = None  # the state changed under it: start again on the new one
        if job is None:
            enc = ctx.encounter
            sides = sorted({v.faction for v in enc.views() if v.active} - set(self._by_faction))
            if not sides:
                self._warm = None
                return
            job = _Recount(enc, sides[0], (ctx.version, sides[0]))
        done = job.step(self.budget_s)
        self.busy = True
        if done is not None and job.key is not None:
            self._by_faction[job.key[1]] = (job.key[0], done)
            self._ranged_by_faction[job.key[1]] = job.ranged
            job = None
        self._warm = job

    @property
    def fresh(self) -> tuple[int, str] | None:
        """(version, faction) the counts shown are for; every hostile's zone of that state is worked out."""
        return self.shown

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        if event.type == pygame.KEYDOWN and event.key == TOGGLE_KEY and event.mod & pygame.KMOD_CTRL:
            ctx.show_enemy_reach = not ctx.show_enemy_reach
            return Reply(status=SHOWN if ctx.show_enemy_reach else HIDDEN)
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        """Ctrl-V's counts when they are on; else, on hover, one enemy's attack zone (a GM's look in either case)."""
        self.busy = False
        self.zone_of = None
        phase = ctx.encounter.phase
        # V's counts in setup too: where the other side could strike in the first round as the GM has placed
        # everyone (V said "the number on each hex" there and drew none). A hover's zone stays a turn's: in setup
        # the pointer is placing tokens.
        if phase == "setup" and ctx.show_enemy_reach:
            self._draw_counts(screen, ctx, *viewpoint(ctx))
            return
        if phase != "active":
            return
        look = gm_look(ctx) if ctx.action_mode in (SHOOT, CAST) else None
        if look is not None:
            self._look_zone(screen, ctx, look)
        name, faction = viewpoint(ctx)
        if ctx.show_enemy_reach:
            self._draw_counts(screen, ctx, name, faction)
            return
        enemy = self._hovered_threat(ctx, name, faction)
        if enemy is not None:
            self.zone.draw(screen, ctx, ("zone", enemy), self._zone_builder(ctx, enemy))
            self.zone_of = enemy

    def _draw_counts(self, screen: pygame.Surface, ctx: BattleContext, name: str | None, faction: str) -> None:
        """Ctrl-V: the melee counts over the violet zone, each layer repainted behind the scenes, one piece of
        heavy work a frame."""
        version, counts = self.current_counts(ctx, faction)
        # One layer for every viewpoint: a change of side repaints behind the scenes like a change of state.
        kind = None if name is None else ctx.encounter.view(name).movement_type  # where it may stand: painted over
        # One piece of work a frame, never in a frame that recounted: the melee counts first (their cells
        # worked out, then painted over frames), then the violet zone's, which shows the state before until
        # then. Both in one frame, on a 64x64 map, made the slow frames after an action (bench_frames).
        want = (version, faction, kind)
        counts_new = self.counts.stale(ctx, "counts", want)
        if self._ranged_want is None or not (self.busy or counts_new or self.counts.repainting):
            self._ranged_want = want
        work = self.counts.work + self.ranged.work
        self.ranged.draw(screen, ctx, "ranged", self._ranged_builder(ctx, name, self.last_ranged),
                         version=self._ranged_want, hold=self.busy or counts_new or self.counts.repainting)
        self.counts.draw(screen, ctx, "counts", _counts_builder(ctx, name, counts), version=want, hold=self.busy)
        self.busy = self.busy or self.counts.work + self.ranged.work != work

    def _ranged_builder(self, ctx: BattleContext, name: str | None, ranged: np.ndarray | None) -> Build:
        """The violet zone's cells and painter: its edge round every hex some hostile could shoot or burst, its
        hatching only where the viewpoint could stand (R5, R29-R32); the hatched cells are kept for tests."""
        enc = ctx.encounter

        def build() -> tuple[list[Cell], Painter]:
            zone = (ranged > 0) & enc.board.on_map if ranged is not None else np.zeros((0, 0), dtype=bool)
            edge = _cells(zone)
            cells = _cells(zone & standable(enc, name)) if ranged is not None else set()
            self.ranged_cells = cells
            return list(edge), lambda surf, at, k: ranged_zone_steps(surf, ctx, cells, at, k, edge)

        return build

    def _hovered_threat(self, ctx: BattleContext, name: str | None, faction: str) -> str | None:
        """The hovered combatant whose attack zone to show: an active hostile of the viewpoint, while nothing
        animates and, unless Shift is held, while the actor is not previewing an attack on it."""
        if ctx.animating:
            # An attack, a shot or a move is playing: the zone (of the state after it) would flash over the map
            # under the blow, the pointer still on the target and no actor previewing anything (found at the
            # Giant's Hearth: half the map red and violet under every strike).
            return None
        enc = ctx.encounter
        enemy = ctx.hovered_unit
        if enemy is None or not enc.view(enemy).active or enemy == name:
            return None
        if name is not None and not enc.hostile(name, enemy):
            return None
        if mover(ctx) is not None and not pygame.key.get_mods() & pygame.KMOD_SHIFT:
            return None  # the actor is previewing an attack on it: its zone would bury the preview (Shift shows it)
        if name is None and faction not in enc.hostile_factions(enc.view(enemy).faction):
            return None
        return enemy

    @staticmethod
    def _zone_builder(ctx: BattleContext, enemy: str) -> Build:
        """One enemy's attack zone (red) and, for a bow or a burst, where it could shoot or catch someone next
        turn beyond its blade (violet, R29-R32)."""
        enc = ctx.encounter

        def build_zone() -> tuple[list[Cell], Painter]:
            mask = enc.attack_zone(enemy)
            cells = {(int(c), int(r)) for r, c in zip(*np.nonzero(mask), strict=True)}
            # A bow or a burst: where it could shoot or catch someone next turn beyond its blade, violet (R29-R32).
            v = enc.view(enemy)
            far = enc.ranged_danger(enemy).any & ~mask if v.ranged is not None or v.area is not None else None
            shots = set() if far is None else {(int(c), int(r)) for r, c in zip(*np.nonzero(far), strict=True)}

            def paint_zone(surf: pygame.Surface, at: paint.At, k: float) -> None:
                ranged_zone(surf, ctx, shots, at, k)
                paint.zone(surf, ctx, cells, at, k)

            return list(cells | shots), paint_zone

        return build_zone

    def _look_zone(self, screen: pygame.Surface, ctx: BattleContext, look: str) -> None:
        """A GM's R or B look at a combatant that is not to act (overlays.ranged shades where it could shoot or
        centre its burst from where it stands): where it could shoot, or catch someone in its burst, next turn after
        moving, violet under that shading: the question the look left open (R29-R32)."""
        enc = ctx.encounter
        v = enc.view(look)
        shots = ctx.action_mode == SHOOT
        if (v.ranged if shots else v.area) is None:
            return

        def build() -> tuple[list[Cell], Painter]:
            d = enc.ranged_danger(look)
            mask = d.shot if shots else d.burst
            edge = _cells(mask)
            cells = _cells(mask & standable(enc, None))
            self.look_cells = cells
            return list(edge), lambda surf, at, k: ranged_zone_steps(surf, ctx, cells, at, k, edge)

        self.look.draw(screen, ctx, ("look", look, ctx.action_mode), build)


def _counts_builder(ctx: BattleContext, name: str | None, counts: np.ndarray) -> Build:
    """Ctrl-V's numbers: each hex's count, only where the viewpoint could stand."""
    enc = ctx.encounter

    def build_counts() -> tuple[list[Cell], Painter]:
        # Only where the viewpoint could stand: counts on the rock round the Giant's Hearth read as a
        # danger there (found on giants_lair), though no one can enter it (R5).
        shown = counts * standable(enc, name)
        rows, cols = np.nonzero(shown)
        values = dict(zip(zip(cols.tolist(), rows.tolist(), strict=True), shown[rows, cols].tolist(),
                          strict=True))

        def paint_all(surf: pygame.Surface, at: paint.At, k: float) -> Iterator[None]:
            return paint.counts_steps(surf, ctx, values, at, k, count_colour)

        return list(values), paint_all

    return build_counts


class _Recount:
    """``enemy_reach_count(faction)`` (the sum of the hostiles' ``attack_zone``), a few hostiles per frame."""

    def __init__(self, enc: EncounterView, faction: str, key: tuple[int, str] | None = None) -> None:
        self.enc, self.key = enc, key
        self.todo = [v.name for v in enc.views() if v.active and faction in enc.hostile_factions(v.faction)]
        self.total = np.zeros((enc.board.rows, enc.board.cols), dtype=np.int32)
        self.ranged = np.zeros((enc.board.rows, enc.board.cols), dtype=np.int32)  # ranged_danger_count, the same way
        self._zoned: set[str] = set()  # hostiles whose zone is added and whose ranged danger is still to add

    def step(self, budget_s: float) -> np.ndarray | None:
        """Add zones for about ``budget_s`` (at least one); the counts once a step finds nothing left to add."""
        if not self.todo:
            return self.total
        start = time.perf_counter()
        alone = budget_s != float("inf")  # counting over frames (not all at once)
        first = True
        while self.todo:
            name = self.todo[0]
            if name in self._zoned:
                # A bow's or a burst's danger (a few ms on a 64x64 map, the costlier half: bench_sight.py) is a
                # step of its own: after blades' zones in the same frame it made the slow frames of a battle with
                # archers (bench_frames.py --archers).
                if alone and not first:
                    break
                self.todo.pop(0)
                self.ranged += self.enc.ranged_danger(name).any
                if alone:
                    break
                continue
            self.total += self.enc.attack_zone(name)
            first = False
            v = self.enc.view(name)
            if v.ranged is not None or v.area is not None:
                self._zoned.add(name)  # its danger next
            else:
                self.todo.pop(0)
            if time.perf_counter() - start >= budget_s:
                break
        return None


class EnemyReachHover:
    """Over the tokens, in Ctrl-V mode: ring the enemies that can reach the hovered hex and name them."""

    layer = "over"

    def __init__(self, reach: EnemyReach | None = None) -> None:
        self.attackers: list[str] = []
        self.shooters: list[RangedThreat] = []  # who could shoot or burst the hovered hex (tests read it)
        self._key: tuple[int, Cell, str] | None = None
        self._who: list[str] = []
        self._far: list[RangedThreat] = []
        self._far_todo: list[str] = []  # shooters still to ask about the hovered hex, one a frame
        self._room: tuple[list[Line], list[Line]] = ([], [])  # the box as large as those answers could make it
        self.reach = reach  # the counts under it: while they are recounted, the names stay in step with them
        self._digit_memo: tuple[tuple[object, ...], np.ndarray, list[Art]] | None = None

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.attackers, self.shooters = [], []
        enc = ctx.encounter
        cell = ctx.hovered_cell
        if not ctx.show_enemy_reach or cell is None or enc.phase != "active":
            return
        name, faction = viewpoint(ctx)
        if name is None:
            return
        closed = closed_lines(ctx, cell, name)
        if closed is not None:
            # No count shows there, so no rings, no lines and no "could attack ... here" either.
            th.post_tip(ctx, closed, ctx.mouse)
            return
        key = (ctx.version, cell, name)
        if key != self._key:
            # Right after an action the counts on screen are the previous ones until the recount is done
            # (EnemyReach): for the same hex and viewpoint keep the names that go with them, rather than
            # work out every hostile's reach at once in that frame.
            # Another hex or viewpoint while recounting: wait for the counts (a few frames) rather than work out
            # every hostile's zone in this frame; once they are in, the engine has the zones at hand.
            recounting = self.reach is not None and self.reach.fresh != (ctx.version, faction)
            same_place = self._key is not None and self._key[1:] == key[1:]
            if not recounting:
                self._key, self._who = key, list(enc.next_turn_attackers(cell, name))
                self._far, self._far_todo = [], self._shooters_near(enc, cell, name) if self._ranged_here(cell) else []
                self._room = reserve_lines(cell, name, self._who, self._far_todo)
            elif not same_place:
                self._who, self._far, self._far_todo = [], [], []
                th.post_tip(ctx, [Line(f"{cell[0]},{cell[1]}", "muted", size=th.SMALL),
                                  Line("counting the enemies' reach...", "muted")], ctx.mouse)
                return
        if self._far_todo and not (self.reach is not None and self.reach.busy):
            # One shooter a frame, in a frame the counts under it did no work of their own, its odds against the
            # viewpoint worked out (a few ms on a big map each): all at once was the slowest frame of a 64x64
            # battle with archers (bench_frames.py --archers).
            ask = self._far_todo.pop(0)
            self._far += enc.ranged_threats_at(cell, name, among=(ask,))
        who, far = self._who, self._far
        self.attackers, self.shooters = list(who), list(far)
        # The ringed enemies are what the box reports on: it keeps each in view, ring, disc and hp bar, where any
        # spot allows (measured as drawn: the red ring reaches a hex's inradius, past the token's square).
        tokens = token_shapes(ctx)
        ringed: dict[str, Drawn] = {}
        lines_from = reach_line_start(ctx, cell, tokens)
        for t in far:  # violet first: a foe that could both strike and shoot keeps its red ring on top
            v = enc.view(t.name)
            c, r = ctx.cell_to_screen(v.cell), ctx.hex_radius() * (1 + 2 * v.radius) * 0.9
            draw.ring(screen, c, r, RANGED_RING, 2)
            ringed[t.name] = draw.ring_shape(c, r, 2)
        ends: dict[str, tuple[tuple[float, float], float]] = {}
        for enemy in who:
            v = enc.view(enemy)
            c, r = ctx.cell_to_screen(v.cell), ctx.hex_radius() * (1 + 2 * v.radius) * 0.98
            draw.ring(screen, c, r, th.BAD, 3)
            ends[enemy] = (c, r)
            ringed[enemy] = draw.ring_shape(c, r)
        paths = [reach_line(lines_from, end, tokens, enemy) for enemy, end in ends.items()]
        counts = self.reach.last_counts if self.reach is not None else None
        digits = [] if counts is None or not paths else self._digits(ctx, paths, counts, name)
        for segs in paths:
            draw_under(screen, segs, th.BAD, digits)  # under the counts' digits they cross
        bad = bool(who or far)
        lines = reach_lines(cell, name, who, far, weighing=bool(self._far_todo))
        narrow = reach_lines(cell, name, who, far, weighing=bool(self._far_todo), narrow=True)
        rings = [Drawn(tokens[n].discs, tokens[n].rects, ring.rings) if n in tokens else ring
                 for n, ring in ringed.items()]
        # Placed for the rows the odds may add (self._room): the box appeared, then grew and jumped 40 px up off
        # the combat log a frame later when the odds came in (Harrow Keep, V, 14,6 at 1280x800).
        th.post_tip(ctx, lines, ctx.mouse, edge=th.BAD if bad else th.PANEL_EDGE, describes=rings, narrow=narrow,
                    reserve=self._room[0], narrow_reserve=self._room[1])

    def _digits(self, ctx: BattleContext, paths: list[list[Segment]], counts: np.ndarray, name: str) -> list[Art]:
        """The count digits the lines to the ringed enemies cross (reach_lines.digits_along), kept while the lines,
        the counts and the state are the same: sampled along each line hex by hex, they were a fifth of a frame
        on the 64x64 benchmark map with the pointer at rest (tools/bench_frames.py)."""
        segments = [seg for segs in paths for seg in segs]
        key = (tuple(segments), ctx.version, name, ctx.hex_radius())
        memo = self._digit_memo
        if memo is None or memo[0] != key or memo[1] is not counts:
            shown = counts * standable(ctx.encounter, name)
            memo = self._digit_memo = (key, counts, digits_along(ctx, segments, shown))
        return memo[2]

    @staticmethod
    def _shooters_near(enc: EncounterView, cell: Cell, name: str) -> list[str]:
        """``name``'s hostiles with a bow or a burst whose danger (for nobody in particular, worked out by the
        recount) covers ``cell``, in initiative order: the only ones whose odds there are asked."""
        col, row = cell
        out = []
        for other in enc.order():
            v = enc.view(other)
            if v.active and (v.ranged is not None or v.area is not None) and enc.hostile(other, name) \
                    and enc.ranged_danger(other).any[row, col]:
                out.append(other)
        return out

    def _ranged_here(self, cell: Cell) -> bool:
        """Whether the counts under the hover put a ranged danger on ``cell``: only then are the shooters asked
        about the hovered combatant (each one's answer for it is worked out once per state, a few ms)."""
        ranged = self.reach.last_ranged if self.reach is not None else None
        return ranged is None or bool(ranged[cell[1], cell[0]])


def closed_lines(ctx: BattleContext, cell: Cell, name: str) -> list[Line] | None:
    """The hover box for a hex ``name`` could not stand on next turn (no count shows there), else None.

    Found on the Black Gull at 960x600, Kestrel's turn, V on, pointing at Corsair 1's hex: the box said "6 enemies
    could attack Kestrel here next turn" and ringed Corsair 1 among them, though Kestrel cannot end a move on a
    foe's hex. An ally's hex keeps its count and its box: the ally may step off it first."""
    enc = ctx.encounter
    at = Line(f"{cell[0]},{cell[1]}", "muted", size=th.SMALL)
    there = ctx.hovered_unit
    if there is not None and there != name and enc.view(there).active and enc.hostile(name, there):
        return [at, Line(f"{there}'s hex", "text", bold=True),
                *(Line(row, "muted", size=th.SMALL)
                  for row in th.wrap(f"{name} cannot stand on a foe's hex", TIP_WIDTH, th.SMALL))]
    if not standable(enc, name)[cell[1], cell[0]]:
        # In the move preview's words (the engine's refusal of such a move, trimmed as there). They are put
        # together here rather than asked of the engine's move check: the view's combatant need not be the one
        # to act, and that check answers only for the actor.
        terrain = Terrain(int(enc.board.terrain[cell[1], cell[0]])).phrase
        return cannot_move_lines(cell, f"may not enter {terrain} ({enc.view(name).movement_type} movement, R5)")
    return None


Start = tuple[tuple[float, float], float, str | None]  # a reach line's start: centre, radius left clear, who stands


def reach_line_start(ctx: BattleContext, cell: Cell, tokens: dict[str, Drawn]) -> Start:
    """Where the lines to the enemies that can reach ``cell`` start: its centre, or the rim of the token on it."""
    c = ctx.cell_to_screen(cell)
    here = next((v.name for v in ctx.encounter.views() if v.active and v.cell == cell and v.name in tokens), None)
    return c, (tokens[here].discs[0][2] + 2 if here is not None else 0.0), here


def reach_line(start: Start, end: tuple[tuple[float, float], float], tokens: dict[str, Drawn],
               enemy: str) -> list[Segment]:
    """The pieces of the thin red line from the hovered hex to an enemy that can reach it, ring to ring, left out
    over every other token. Found on the Black Gull at 960x600 with V, pointing at Corsair 1's hex: the lines ran
    centre to centre, through the middle of Corsair 1 and across the Corsair Captain's and the Sea Witch's
    initials. The enemy standing on the hex itself gets its ring, no line."""
    (x0, y0), r0, here = start
    (x1, y1), r1 = end
    d = math.hypot(x1 - x0, y1 - y0)
    if enemy == here or d <= r0 + r1:
        return []
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    seg = ((x0 + ux * r0, y0 + uy * r0), (x1 - ux * r1, y1 - uy * r1))
    others = [(x, y, rr + 3) for n, t in tokens.items() if n not in (enemy, here) for x, y, rr in t.discs[:1]]
    return visible_pieces(seg, others, [t.rects[0] for t in tokens.values() if t.rects])  # (hp bars)


# The hover box is read at a glance beside the hex, so it stays narrow and short: at 1280x800 the whole roll call
# on one row made a box 620 px wide that hid Pikeman 2 and Archer 2 on Harrow Keep. The rings on the map say
# who the rest are. Narrow enough to fit between the rings and the tokens beside them: pointing at every hex of
# Harrow Keep with V on at 1280x800, 41 boxes 350 px wide hid some token, none 290 px wide did.
TIP_WIDTH = 270  # px of text: the box is at most this plus its padding (290 px)
MAX_NAME_ROWS = 2  # rows of attackers' names; past them "and N more"
MAX_SHOOTER_LINES = 2
# The same box in a narrow column, for where the wide one would sit on a token (the Tooltips panel takes it
# only then): on the Giant's Hearth at 1024x768 the box for 0,7, at the window's edge between the party's row
# and Bjorn, buried three quarters of Bjorn, and a column 170 px wide fits below the hex, left of him.
NARROW_WIDTH = 150  # px of text: "5 enemies could" / "attack Goblin 1" / "here next turn"
NARROW_NAME_ROWS = 3  # a row holds two or three names there: one more row before "and N more"


def reach_lines(cell: Cell, name: str, who: list[str], far: list[RangedThreat], weighing: bool = False,
                narrow: bool = False) -> list[Line]:
    """The hover box in Ctrl-V mode: the hex, how many could attack ``name`` there next turn and who (a couple of
    rows, then "and N more"), then who could shoot or burst it and with what odds. Every row fits TIP_WIDTH
    (``narrow``: NARROW_WIDTH, the head broken between any words but the name, each shooter wrapped, not cut)."""
    n = len(who)
    width, name_rows_max = (NARROW_WIDTH, NARROW_NAME_ROWS) if narrow else (TIP_WIDTH, MAX_NAME_ROWS)
    head = [f"{n} {'enemy' if n == 1 else 'enemies'}" if n else "no enemy", "could attack", name, "here next turn"]
    if narrow:
        head = [*head[0].split(), *head[1].split(), name, *head[3].split()]
    lines = [Line(f"{cell[0]},{cell[1]}", "muted", size=th.SMALL)]
    lines += [Line(row, "bad" if n else "good", bold=True) for row in wrap_whole(head, width, bold=True)]
    lines += [Line(row) for row in name_rows(who, width, name_rows_max)] if who else []
    if far:
        # "here, next turn" and whom are in the head: the shooters' line does not say them again.
        lines += [Line(row, "bad", bold=True)
                  for row in th.wrap(f"{len(far)} could shoot or burst here:", width, bold=True)]
        shown = far if len(far) <= MAX_SHOOTER_LINES + 1 else far[:MAX_SHOOTER_LINES]  # "and 1 more" saves nothing
        if narrow:  # broken after the shooter's name where the row is too long: "Bandit Archer 1:" / "shot 55 %"
            rows = [[whole] if th.text_width(whole, th.SMALL) <= width else
                    [*th.wrap(whole.split(": ", 1)[0] + ":", width, th.SMALL),
                     *th.wrap(whole.split(": ", 1)[1], width, th.SMALL)]
                    for whole in map(shooter_words, shown)]
            lines += [Line(row, size=th.SMALL) for each in rows for row in each]
        else:
            lines += [Line(th.fit(shooter_words(t), width, th.SMALL), size=th.SMALL) for t in shown]
        if len(far) > len(shown):
            lines.append(Line(f"and {len(far) - len(shown)} more", "muted", size=th.SMALL))
    if weighing:
        lines += [Line(row, "muted", size=th.SMALL)
                  for row in th.wrap("weighing the shots and bursts...", width, th.SMALL)]
    return lines


def reserve_lines(cell: Cell, name: str, who: list[str], asking: list[str]) -> tuple[list[Line], list[Line]]:
    """The hover box (wide, narrow) at its largest while the odds of ``asking`` come in, one a frame: as if each
    could both shoot (through cover, at the widest odds) and burst, with the "weighing" row still under them.
    None to ask: nothing to reserve."""
    if not asking:
        return [], []
    most = [RangedThreat(n, True, False, 1.0, True) for n in asking]
    return (reach_lines(cell, name, who, most, weighing=True),
            reach_lines(cell, name, who, most, weighing=True, narrow=True))


def wrap_whole(pieces: list[str], width: int, bold: bool = False) -> list[str]:
    """``pieces`` space-separated in rows of ``width`` px, a row broken only between pieces where it can: a name
    stays on one row ("Captain Vessa", not "Captain" / "Vessa"). A piece too wide alone is word-wrapped."""
    rows: list[str] = []
    for piece in pieces:
        trial = f"{rows[-1]} {piece}" if rows else piece
        if rows and th.text_width(trial, th.BODY, bold) <= width:
            rows[-1] = trial
        else:
            rows += th.wrap(piece, width, bold=bold)
    return rows


def name_rows(names: list[str], width: int, rows: int) -> list[str]:
    """``names`` joined by commas in at most ``rows`` rows of ``width`` px: as many as fit, then "and N more"."""
    for k in range(len(names), 0, -1):
        items = names[:k] + ([f"and {len(names) - k} more"] if k < len(names) else [])
        out = th.wrap_list("", items, width)
        if len(out) <= rows:
            return out
    return [th.fit(f"{names[0]} and {len(names) - 1} more", width)]


def shooter_words(t: RangedThreat) -> str:
    """One shooter's danger in the hover's words: "Archer 1: shot 55 %, through cover; burst"."""
    parts = []
    if t.shot:
        parts.append(f"shot {wording.pct(t.chance)}" + ("" if t.clear else ", through cover"))
    if t.burst:
        parts.append("burst")
    return f"{t.name}: " + "; ".join(parts)

