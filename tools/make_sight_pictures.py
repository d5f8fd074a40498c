"""Draw RULES.md's picture of sight (R30): along a wall, between two walls, at a corner, through a wall or a slit.

Each panel is a small pointy-top map on the shipped tilesets, drawn by Playmat's renderer
(``game.render.render_map``, tokens included); the line, the hexes it crosses, the edges it runs
along and what blocks it come from the engine (``Encounter.sight_report``), never from this tool,
and the tool stops if the engine's verdict is not the one the panel's caption states.

Writes ``docs/images/sight.png``. Run: ``python tools/make_sight_pictures.py [--out PATH]``.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

from mapkit import MapSpec, Unit, build  # noqa: E402

from game.maps import load_scenario  # noqa: E402
from game.maps.pixels import TiledPixels  # noqa: E402
from game.maps.tmxdoc import write_tmx  # noqa: E402
from game.render import TokenView, render_map, save_png  # noqa: E402
from game.render.geometry import side_edge  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.render.style import font  # noqa: E402
from game.rules import Cell, Encounter, HexLayout  # noqa: E402

OUT = ROOT / "docs" / "images" / "sight.png"
SCALE = 0.6
SEES, BLOCKED = (60, 200, 90), (225, 50, 50)
SKIRT, CROSSED, INK, SOFT = (255, 196, 40), (255, 255, 255, 70), (30, 30, 34), (90, 90, 96)


@dataclass(frozen=True)
class Panel:
    title: str
    walls: tuple[Cell, ...]
    shooter: Cell
    target: Cell
    sees: bool  # what the caption says; the engine must agree
    corner: Cell | None = None  # a wall the line only touches at a corner: ring that corner
    slits: tuple[Cell, ...] = ()  # wall hexes with an arrow slit (blocks_sight=false)


# Pointy odd, 7 x 7. Straight north from 3,5 to 3,1 runs along the edges 3,4|4,4 and 3,2|4,2
# and crosses 3,3; from 1,5 to 4,1 the line touches 3,4 at one corner only.
PANELS = (
    Panel("Along a wall: sees", ((4, 1), (4, 2), (4, 3), (4, 4), (4, 5)), (3, 5), (3, 1), True),
    Panel("Between two walls: blocked", ((3, 4), (4, 4), (2, 4), (5, 4)), (3, 5), (3, 1), False),
    Panel("At a corner: sees", ((3, 4),), (1, 5), (4, 1), True, corner=(3, 4)),
    Panel("Through a wall: blocked", ((3, 3), (3, 2)), (1, 3), (5, 3), False),
    Panel("Through an arrow slit: sees", ((3, 2), (3, 4)), (1, 3), (5, 3), True, slits=((3, 3),)),
)


def panel_map(panel: Panel, folder: Path) -> Path:
    rows = [["."] * 7 for _ in range(7)]
    for c, r in panel.walls:
        rows[r][c] = "W"
    for c, r in panel.slits:
        rows[r][c] = "|"
    spec = MapSpec(file="sight.tmx", title=panel.title, description="", axis="y", index="odd",
                   rows=["".join(r) for r in rows], seed=1,
                   units=[Unit("Archer", "player", panel.shooter, {"ranged": "1-8", "facing": "ne"}),
                          Unit("Orc", "enemy", panel.target, {"facing": "sw"})])
    return write_tmx(folder / "maps" / "sight.tmx", build(spec))


def draw_panel(panel: Panel, folder: Path) -> pygame.Surface:
    path = panel_map(panel, folder)
    enc = Encounter(load_scenario(path, allow_outside=True))  # our own map, naming our copy of ../assets
    doc = enc.sight_report(panel.shooter, panel.target)
    if doc["sight"] != panel.sees:
        raise SystemExit(f"{panel.title}: the engine says sight={doc['sight']} (R30); fix the panel")
    tokens = [TokenView(v.name, v.faction, v.cell, v.radius, v.facing_index) for v in enc.views()]
    surf = render_map(path, tokens=tokens, scale=SCALE, allow_outside=True)
    layout = enc.layout
    pix = TiledPixels(layout)

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return p[0] * SCALE, p[1] * SCALE

    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for c in doc["crossed"]:
        pygame.draw.polygon(shade, CROSSED, [at(p) for p in pix.cell_corners(tuple(c))])
    surf.blit(shade, (0, 0))
    for p, q in doc["skirted"]:
        a, b = side_edge(layout, tuple(p), _direction(layout, tuple(p), tuple(q)))
        pygame.draw.line(surf, INK, at(a), at(b), 16)
        pygame.draw.line(surf, SKIRT, at(a), at(b), 12)
    for c in doc["blocked_by"]:
        pygame.draw.polygon(surf, BLOCKED, [at(p) for p in pix.cell_corners(tuple(c))], 4)
    a, b = at(pix.cell_center(panel.shooter)), at(pix.cell_center(panel.target))
    pygame.draw.line(surf, INK, a, b, 5)
    pygame.draw.line(surf, SEES if panel.sees else BLOCKED, a, b, 3)
    if panel.corner is not None:
        corner = min(pix.cell_corners(panel.corner), key=lambda p: _distance_to_segment(p, a, b, SCALE))
        pygame.draw.circle(surf, INK, at(corner), 11, 4)
        pygame.draw.circle(surf, SKIRT, at(corner), 9, 2)
    return _captioned(surf, panel.title, _describe(doc))


def _direction(layout: HexLayout, p: Cell, q: Cell) -> int:
    return next(d for d in range(6) if layout.neighbor(p, d) == q)


def _distance_to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float],
                         scale: float) -> float:
    px, py = p[0] * scale, p[1] * scale
    (ax, ay), (bx, by) = a, b
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.hypot(px - ax - t * (bx - ax), py - ay - t * (by - ay))


def _describe(doc: dict[str, object]) -> list[str]:
    def cells(key: str) -> str:
        return " ".join(f"{c[0]},{c[1]}" for c in doc[key]) or "nothing"  # type: ignore[attr-defined]

    skirted = " ".join(f"{p[0]},{p[1]}|{q[0]},{q[1]}" for p, q in doc["skirted"]) or "no edge"  # type: ignore[attr-defined]
    lines = [f"crosses {cells('crossed')}", f"runs along {skirted}"]
    if doc["blocked_by"]:
        lines.append(f"blocked by {cells('blocked_by')}")
    return lines


def _captioned(surf: pygame.Surface, title: str, lines: list[str]) -> pygame.Surface:
    pad, head, line_h = 10, 30, 22
    out = pygame.Surface((surf.get_width() + 2 * pad, surf.get_height() + head + line_h * 3 + 2 * pad))
    out.fill((250, 250, 248))
    out.blit(font(28, True).render(title, True, INK), (pad, pad))
    out.blit(surf, (pad, pad + head))
    y = pad + head + surf.get_height() + 6
    for text in lines:
        out.blit(font(21).render(text, True, SOFT), (pad, y))
        y += line_h
    return out


def legend(width: int) -> pygame.Surface:
    out = pygame.Surface((width, 70))
    out.fill((250, 250, 248))
    x = 14
    items = [(SEES, "line of sight"), (BLOCKED, "blocked line, and the hexes that block it"),
             (SKIRT, "edge the line runs along"), ((200, 200, 200), "hexes it crosses (lightened)")]
    for colour, text in items:
        pygame.draw.line(out, INK, (x, 20), (x + 28, 20), 7)
        pygame.draw.line(out, colour, (x, 20), (x + 28, 20), 4)
        label = font(21).render(text, True, SOFT)
        out.blit(label, label.get_rect(midleft=(x + 36, 20)))
        x += 36 + label.get_width() + 28
    note = ("R30: a wall hex it crosses blocks the line; an edge it runs along blocks only when both hexes "
            "beside it block; touching a corner never does")
    out.blit(font(21).render(note, True, SOFT), (14, 42))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="sight-") as tmp:
        shutil.copytree(ROOT / "assets", Path(tmp) / "assets")  # the maps name ../assets/*.tsx
        panels = [draw_panel(p, Path(tmp)) for p in PANELS]
    width = sum(p.get_width() for p in panels)
    key = legend(width)
    out = pygame.Surface((width, max(p.get_height() for p in panels) + key.get_height()))
    out.fill((250, 250, 248))
    x = 0
    for p in panels:
        out.blit(p, (x, 0))
        x += p.get_width()
    out.blit(key, (0, out.get_height() - key.get_height()))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_png(out, args.out)
    print(f"wrote {args.out} ({out.get_width()}x{out.get_height()} px)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
