"""Enemy reach: where the other side could strike next turn.

- Hovering a hostile combatant: the hexes it could attack next turn (its
  reach with a fresh budget, then its weapon band: ``attack_zone``), tinted
  red and outlined. While the actor is previewing an attack on it, only
  with Shift held (the zone would bury the preview).
- Ctrl-V (Wesnoth's "show enemy moves"): every hex gets the count of hostile
  combatants that could move and attack a combatant standing there next turn
  (``enemy_reach_count``); hovering a hex then rings the enemies that can
  reach it (``next_turn_attackers``; Wesnoth #1989, PR #3961) and names them.

The viewpoint is the selected combatant (default: the current actor), or the
player faction when nobody is.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.render.pg import pygame

from ..context import BattleContext, Cell, Reply
from ..panels import theme as th
from ..panels.theme import Line
from . import draw, paint
from .layer import MapLayer
from .moves import mover

TOGGLE_KEY = pygame.K_v  # with Ctrl, as in Wesnoth


def viewpoint(ctx: BattleContext) -> tuple[str | None, str]:
    """(combatant, faction) whose enemies are shown."""
    enc = ctx.encounter
    name = ctx.selected or enc.turn
    if name is not None:
        v = enc.view(name)
        if v.active:
            return name, v.faction
    return None, "player"


def count_colour(n: int, most: int) -> tuple[int, int, int, int]:
    t = (n - 1) / max(1, most - 1)
    return (round(230 + 10 * t), round(150 - 120 * t), round(70 - 50 * t), round(44 + 76 * t))


class EnemyReach:
    """Under the tokens: one enemy's attack zone on hover, or every enemy's counts with Ctrl-V."""

    layer = "under"

    def __init__(self) -> None:
        self.zone = MapLayer()
        self.counts = MapLayer(supersample=1)  # many hexes: crisp enough, and a quarter of the pixels
        self.last_counts: np.ndarray | None = None

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
            def build_counts() -> tuple[list[Cell], Any]:
                counts = enc.enemy_reach_count(faction)
                self.last_counts = counts
                values = {(int(c), int(r)): int(counts[r, c]) for r, c in zip(*np.nonzero(counts), strict=True)}

                def paint_all(surf: pygame.Surface, at: Any, k: float) -> None:
                    paint.counts(surf, ctx, values, at, k, count_colour)

                return list(values), paint_all

            self.counts.draw(screen, ctx, ("counts", faction), build_counts)
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
        def build_zone() -> tuple[list[Cell], Any]:
            mask = enc.attack_zone(enemy)
            cells = {(int(c), int(r)) for r, c in zip(*np.nonzero(mask), strict=True)}

            def paint_zone(surf: pygame.Surface, at: Any, k: float) -> None:
                paint.zone(surf, ctx, cells, at, k)

            return list(cells), paint_zone

        self.zone.draw(screen, ctx, ("zone", enemy), build_zone)


class EnemyReachHover:
    """Over the tokens, in Ctrl-V mode: ring the enemies that can reach the hovered hex and name them."""

    layer = "over"

    def __init__(self) -> None:
        self.attackers: list[str] = []
        self._key: object = None
        self._who: list[str] = []

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
        key = (ctx.version, tuple(cell), name)
        if key != self._key:
            self._key, self._who = key, list(enc.next_turn_attackers(cell, name))
        who = self._who
        self.attackers = list(who)
        for enemy in who:
            v = enc.view(enemy)
            c = ctx.cell_to_screen(tuple(v.cell))
            draw.ring(screen, c, ctx.hex_radius() * (1 + 2 * v.radius) * 0.98, th.BAD, 3)
            pygame.draw.line(screen, (*th.BAD, 255), ctx.cell_to_screen(cell), c, 1)
        n = len(who)
        head = f"{n} {'enemy' if n == 1 else 'enemies'} could attack {name} here next turn" if n \
            else f"no enemy could attack {name} here next turn"
        lines = [Line(f"{cell[0]},{cell[1]}", "muted", size=th.SMALL), Line(head, "bad" if n else "good", bold=True)]
        if who:
            lines.append(Line(", ".join(who)))
        th.post_tip(ctx, lines, ctx.mouse)

