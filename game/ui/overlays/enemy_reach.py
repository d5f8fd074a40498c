"""Enemy reach: where the other side could strike next turn.

- Hovering a hostile combatant: the hexes it could attack next turn (its
  reach with a fresh budget, then its weapon band: ``attack_zone``), tinted
  red and outlined. While the actor is previewing an attack on it, only
  with Shift held (the zone would bury the preview).
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

The viewpoint is the selected combatant (default: the current actor), or the
player faction when nobody is; while the AI acts, the side a human plays.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from game.render.pg import pygame
from game.rules import EncounterView, MovementType

from .. import theme as th
from ..context import BattleContext, Cell, Reply
from ..theme import Line
from . import draw, paint
from .layer import MapLayer, Painter
from .moves import mover

TOGGLE_KEY = pygame.K_v  # with Ctrl, as in Wesnoth
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
        self.last_counts: np.ndarray | None = None
        self.shown: tuple[int, str] | None = None  # (encounter version, faction) of last_counts
        self.budget_s = BUDGET_S
        self._job: _Recount | None = None
        self._by_faction: dict[str, tuple[int, np.ndarray]] = {}  # faction -> (version, counts) last finished
        self._warm: _Recount | None = None  # a side not yet counted, counted while the shown counts are fresh

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
            self.last_counts, self.shown, self._job = job.total, want, None
            return ctx.version, job.total
        if self._job is None or self._job.key != want:
            self._job = _Recount(ctx.encounter, faction, want)
        else:
            done = self._job.step(self.budget_s)
            if done is not None:
                self._by_faction[faction] = (ctx.version, done)
                self.last_counts, self.shown, self._job = done, want, None
                return ctx.version, done
        self.shown = (known[0], faction)
        self.last_counts = known[1]
        return known

    def _warm_up(self, ctx: BattleContext) -> None:
        """Count, ``budget_s`` a frame, a side that may become the viewpoint and was never counted."""
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
        if done is not None and job.key is not None:
            self._by_faction[job.key[1]] = (job.key[0], done)
            job = None
        self._warm = job

    @property
    def fresh(self) -> tuple[int, str] | None:
        """(version, faction) the counts shown are for; every hostile's zone of that state is worked out."""
        return self.shown

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        if event.type == pygame.KEYDOWN and event.key == TOGGLE_KEY and event.mod & pygame.KMOD_CTRL:
            ctx.show_enemy_reach = not ctx.show_enemy_reach
            return Reply(status="enemy reach: how many enemies could attack each hex next turn (Ctrl-V hides)"
                         if ctx.show_enemy_reach else "enemy reach hidden")
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        enc = ctx.encounter
        if enc.phase != "active":
            return
        name, faction = viewpoint(ctx)
        if ctx.show_enemy_reach:
            version, counts = self.current_counts(ctx, faction)

            def build_counts() -> tuple[list[Cell], Painter]:
                # Only where the viewpoint could stand: counts on the rock round the Giant's Hearth read as a
                # danger there (found on giants_lair), though no one can enter it (R5).
                shown = counts * standable(enc, name)
                values = {(int(c), int(r)): int(shown[r, c]) for r, c in zip(*np.nonzero(shown), strict=True)}

                def paint_all(surf: pygame.Surface, at: paint.At, k: float) -> Iterator[None]:
                    return paint.counts_steps(surf, ctx, values, at, k, count_colour)

                return list(values), paint_all

            # One layer for every viewpoint: a change of side repaints behind the scenes like a change of state.
            kind = None if name is None else enc.view(name).movement_type  # where it may stand: painted over
            self.counts.draw(screen, ctx, "counts", build_counts, version=(version, faction, kind))
            return
        enemy = ctx.hovered_unit
        if enemy is None or not enc.view(enemy).active or enemy == name:
            return
        if name is not None and not enc.hostile(name, enemy):
            return
        if mover(ctx) is not None and not pygame.key.get_mods() & pygame.KMOD_SHIFT:
            return  # the actor is previewing an attack on it: its zone would bury the preview (Shift shows it)
        if name is None and faction not in enc.hostile_factions(enc.view(enemy).faction):
            return
        def build_zone() -> tuple[list[Cell], Painter]:
            mask = enc.attack_zone(enemy)
            cells = {(int(c), int(r)) for r, c in zip(*np.nonzero(mask), strict=True)}

            def paint_zone(surf: pygame.Surface, at: paint.At, k: float) -> None:
                paint.zone(surf, ctx, cells, at, k)

            return list(cells), paint_zone

        self.zone.draw(screen, ctx, ("zone", enemy), build_zone)


class _Recount:
    """``enemy_reach_count(faction)`` (the sum of the hostiles' ``attack_zone``), a few hostiles per frame."""

    def __init__(self, enc: EncounterView, faction: str, key: tuple[int, str] | None = None) -> None:
        self.enc, self.key = enc, key
        self.todo = [v.name for v in enc.views() if v.active and faction in enc.hostile_factions(v.faction)]
        self.total = np.zeros((enc.board.rows, enc.board.cols), dtype=np.int32)

    def step(self, budget_s: float) -> np.ndarray | None:
        """Add zones for about ``budget_s`` (at least one); the counts once a step finds nothing left to add."""
        if not self.todo:
            return self.total
        start = time.perf_counter()
        while self.todo:
            self.total += self.enc.attack_zone(self.todo.pop(0))
            if time.perf_counter() - start >= budget_s:
                break
        return None


class EnemyReachHover:
    """Over the tokens, in Ctrl-V mode: ring the enemies that can reach the hovered hex and name them."""

    layer = "over"

    def __init__(self, reach: EnemyReach | None = None) -> None:
        self.attackers: list[str] = []
        self._key: tuple[int, Cell, str] | None = None
        self._who: list[str] = []
        self.reach = reach  # the counts under it: while they are recounted, the names stay in step with them

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.attackers = []
        enc = ctx.encounter
        cell = ctx.hovered_cell
        if not ctx.show_enemy_reach or cell is None or enc.phase != "active":
            return
        name, faction = viewpoint(ctx)
        if name is None:
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
            elif not same_place:
                self._who = []
                th.post_tip(ctx, [Line(f"{cell[0]},{cell[1]}", "muted", size=th.SMALL),
                                  Line("counting the enemies' reach...", "muted")], ctx.mouse)
                return
        who = self._who
        self.attackers = list(who)
        for enemy in who:
            v = enc.view(enemy)
            c = ctx.cell_to_screen(v.cell)
            draw.ring(screen, c, ctx.hex_radius() * (1 + 2 * v.radius) * 0.98, th.BAD, 3)
            pygame.draw.line(screen, (*th.BAD, 255), ctx.cell_to_screen(cell), c, 1)
        n = len(who)
        head = f"{n} {'enemy' if n == 1 else 'enemies'} could attack {name} here next turn" if n \
            else f"no enemy could attack {name} here next turn"
        lines = [Line(f"{cell[0]},{cell[1]}", "muted", size=th.SMALL), Line(head, "bad" if n else "good", bold=True)]
        if who:
            lines.append(Line(", ".join(who)))
        th.post_tip(ctx, lines, ctx.mouse)

