"""The facing arcs of a hovered combatant (R17-R19): which side is front, flank or rear, and what each costs it.

Six 60° sectors centred on the side directions (R18: a hex's arc is the
sector its direction falls in), drawn from the combatant's centre hex out
past its footprint: front green, flanks amber with the flank penalty, rear
red with the rear penalty (the map's ``flank_penalty`` / ``rear_penalty``).
"""

from __future__ import annotations

import math

from game.render.pg import pygame

from ..context import BattleContext, Reply
from ..panels import theme as th
from .draw import bounds

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
    layer = "under"

    def __init__(self) -> None:
        self.shown: str | None = None

    def handle_event(self, event: pygame.event.Event, ctx: BattleContext) -> Reply | None:
        return None

    def draw(self, screen: pygame.Surface, ctx: BattleContext) -> None:
        self.shown = None
        enc = ctx.encounter
        name = ctx.hovered_unit
        if name is None or ctx.show_enemy_reach:
            return
        v = enc.view(name)
        if not v.active:
            return
        self.shown = name
        cell = tuple(v.cell)
        cx, cy = ctx.cell_to_screen(cell)
        step = ctx.hex_radius() * 2  # centre-to-centre distance on screen
        outer = step * (v.radius + 1.45)
        geo = ctx.geometry
        mx, my = geo.cell_center(cell)
        labels = arc_labels(enc.scenario.flank_penalty, enc.scenario.rear_penalty)
        box = bounds([(cx - outer, cy - outer), (cx + outer, cy + outer)], 2)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        lc = (cx - box.x, cy - box.y)
        label_at = []
        for side in range(6):
            nx, ny = geo.cell_center(enc.layout.neighbor(cell, side))
            ang = math.atan2(ny - my, nx - mx)
            arc = arc_of_side(side, v.facing_index)
            pts = [lc] + [(lc[0] + outer * math.cos(ang + math.radians(a)),
                           lc[1] + outer * math.sin(ang + math.radians(a))) for a in range(-30, 31, 6)]
            pygame.draw.polygon(layer, FILL[arc], pts)
            edge = (lc[0] + outer * math.cos(ang - math.radians(30)), lc[1] + outer * math.sin(ang - math.radians(30)))
            pygame.draw.line(layer, (20, 20, 24, 120), lc, edge, 1)
            if arc != "front" or (side - v.facing_index) % 6 == 0:
                label_at.append((arc, ang))
        screen.blit(layer, box.topleft)
        for arc, ang in label_at:
            r = outer - step * 0.22
            pos = (round(cx + r * math.cos(ang)), round(cy + r * math.sin(ang)))
            s = labels[arc]
            colour = {"front": th.GOOD, "rear": th.BAD}.get(arc, th.WARN)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                th.text(screen, s, (pos[0] + dx, pos[1] + dy), size=th.SMALL, colour=(10, 10, 12), bold=True,
                        anchor="center")
            th.text(screen, s, pos, size=th.SMALL, colour=colour, bold=True, anchor="center")
