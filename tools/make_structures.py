"""Paint the "structures" hex tileset (deterministic, seeded) into assets/.

Built and burning ground the scenario maps need beside ``terrain.tsx``: flagstones, walls, a gate,
ship decks and hulls, a mast, a ditch, fire, exit-marked variants, and walls archers shoot through or
over: an arrow slit (``blocks_sight=false``) and a parapet (``blocks_sight=false``, ``cover=true``).
A separate tileset (not new ids in ``terrain.tsx``) so every map already using the terrain tileset
keeps its gids; new tiles are appended, so every tile keeps its id.

Writes ``assets/tiles/structures_{pointy,flat}.png`` and ``assets/structures.tsx`` /
``assets/structures_flat.tsx``. Run: ``python tools/make_structures.py [--sheet OUT.png]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_tileset import (  # noqa: E402
    FLAT,
    POINTY,
    ROOT,
    Array,
    Ctx,
    TileDef,
    bump_light,
    finish_tile,
    paint_dirt,
    paint_grass,
    paint_water,
    ramp,
    save_sheet,
    tile_seed,
    write_atlas_tileset,
)


def _grid(c: Ctx) -> tuple[Array, Array]:
    ys, xs = np.mgrid[0 : c.h, 0 : c.w] + 0.5
    return xs, ys


def _along(c: Ctx) -> tuple[Array, Array]:
    """(u, v): u runs along the map's long rows (x on pointy maps, y on flat ones), v across them."""
    xs, ys = _grid(c)
    return (xs, ys) if c.pointy else (ys, xs)


def paint_stone(c: Ctx) -> Array:
    """Flagstones: irregular slabs (a jittered Voronoi) with dark joints, each slab its own tone."""
    xs, ys = _grid(c)
    pts = []
    for gy in range(-1, c.h // 14 + 2):
        for gx in range(-1, c.w // 16 + 2):
            pts.append((gx * 16 + c.rng.uniform(2, 14), gy * 14 + c.rng.uniform(2, 12)))
    p = np.array(pts)
    d = np.sqrt((xs[..., None] - p[:, 0]) ** 2 + (ys[..., None] - p[:, 1]) ** 2)
    order = np.sort(d, axis=-1)
    joint = np.clip((order[..., 1] - order[..., 0]) / 2.2, 0, 1)  # 0 on a joint, 1 inside a slab
    which = np.argmin(d, axis=-1)
    tone = c.rng.uniform(-0.12, 0.12, len(pts))[which]
    n = c.noise(8, 3)
    t = np.clip(0.45 + tone + (n - 0.5) * 0.5, 0, 1)
    g = ramp(t, (0, (112, 106, 98)), (0.5, (146, 140, 128)), (1, (178, 172, 158)))
    g = bump_light(g, joint * 3 + n * 2, 1.0)
    joints = 1 - joint
    return g * (1 - 0.55 * joints[..., None]) + np.array([52, 48, 44]) * 0.55 * joints[..., None]


def paint_wall(c: Ctx) -> Array:
    """The top of a masonry wall: big dressed blocks in courses, bright and raised, dark mortar."""
    u, v = _along(c)
    course = 12.0
    row = np.floor(v / course)
    shift = (row % 2) * 11
    block = np.floor((u + shift) / 22)
    fu = ((u + shift) % 22) / 22
    fv = (v % course) / course
    edge = np.minimum(np.minimum(fu, 1 - fu) * 22, np.minimum(fv, 1 - fv) * course)
    mortar = np.clip(1.6 - edge, 0, 1)
    rng_tone = np.random.default_rng(int(c.rng.integers(1 << 30)))
    tones = rng_tone.uniform(-0.14, 0.14, (64, 64))
    tone = tones[(row.astype(int) + 8) % 64, (block.astype(int) + 8) % 64]
    n = c.noise(6, 3)
    t = np.clip(0.5 + tone + (n - 0.5) * 0.45, 0, 1)
    g = ramp(t, (0, (96, 88, 84)), (0.5, (132, 122, 112)), (1, (170, 160, 146)))
    height = np.clip(edge, 0, 3) + n * 1.5
    g = bump_light(g, height, 1.6)
    g = g * (1 - 0.7 * mortar[..., None]) + np.array([34, 30, 30]) * 0.7 * mortar[..., None]
    # A dark band inside the hex outline: the wall's drop to the ground, so it reads raised.
    drop = np.clip(1 - c.inside / 5, 0, 1)
    return g * (1 - 0.45 * drop[..., None])


def paint_arrow_slit(c: Ctx) -> Array:
    """A wall with an arrow slit through it (R30: blocks_sight=false): a narrow black slot across the
    wall's run in a deep, splayed embrasure, so the hex reads as wall you can see (and shoot) through."""
    g = paint_wall(c)
    u, v = _along(c)
    uc, vc = float(u.mean()), float(v.mean())
    half = 0.34 * float(v.max() - v.min())  # the slot's half length across the wall
    t = np.clip(np.abs(v - vc) / half, 0, None)  # 0 at the middle, 1 at the slot's ends
    inside = t <= 1
    # The embrasure: a recess widest at the middle, its stone in shadow, with a bright sill round it.
    width = 3.0 + 6.0 * np.sqrt(np.clip(1 - t * t, 0, 1))
    recess = np.clip(width - np.abs(u - uc), 0, 1) * inside
    sill = np.clip(1.5 - np.abs(np.abs(u - uc) - width - 0.8), 0, 1) * inside
    slot = np.clip(2.0 - np.abs(u - uc), 0, 1) * (t <= 0.92)
    g = g * (1 - 0.5 * sill[..., None]) + np.array([206, 198, 182]) * 0.5 * sill[..., None]
    g = g * (1 - 0.6 * recess[..., None]) + np.array([54, 48, 44]) * 0.6 * recess[..., None]
    return g * (1 - 0.95 * slot[..., None]) + np.array([10, 8, 8]) * 0.95 * slot[..., None]


def paint_parapet(c: Ctx) -> Array:
    """A crenellated parapet (R31: cover=true; blocks_sight=false): bright merlons and deep dark crenels
    along the wall's run; chest high, so archers shoot over it and shots across it find cover."""
    g = paint_wall(c)
    u, v = _along(c)
    vc = float(v.mean())
    band = np.clip(9.0 - np.abs(v - vc), 0, 1)  # the parapet's top, across the middle of the wall
    phase = (u + 5) % 20
    crenel = np.clip(np.minimum(phase - 1, 9 - phase), 0, 1) * band
    merlon = band * (1 - crenel)
    g = g * (1 - 0.25 * merlon[..., None]) + np.array([212, 204, 188]) * 0.25 * merlon[..., None]
    g = g * (1 - 0.8 * crenel[..., None]) + np.array([26, 22, 22]) * 0.8 * crenel[..., None]
    lip = np.clip(1.4 - np.abs(np.abs(v - vc) - 9.0), 0, 1)
    return g * (1 - 0.7 * lip[..., None]) + np.array([24, 20, 20]) * 0.7 * lip[..., None]


def paint_planks(c: Ctx, tar: float = 0.0) -> Array:
    """Deck boards along the long axis: grain, dark seams, staggered butt joints and nail heads."""
    u, v = _along(c)
    board_w = 9.0
    board = np.floor(v / board_w)
    fv = (v % board_w) / board_w
    offset = ((board * 37) % 5) * 9
    fu = ((u + offset) % 45) / 45
    seam = np.clip(1.5 - np.minimum(fv, 1 - fv) * board_w, 0, 1)
    butt = np.clip(1.2 - np.minimum(fu, 1 - fu) * 45, 0, 1)
    grain = np.sin(u * 0.22 + np.sin(v * 0.9 + board) * 2.5 + c.noise(10, 2) * 6) * 0.5 + 0.5
    tone = ((board * 53) % 7) / 7 - 0.5
    t = np.clip(0.45 + tone * 0.3 + grain * 0.25 + (c.noise(5, 2) - 0.5) * 0.3, 0, 1)
    dark, mid, light = (92, 60, 34), (142, 98, 58), (184, 140, 88)
    if tar:
        dark, mid, light = (46, 32, 24), (76, 52, 34), (104, 74, 48)
    g = ramp(t, (0, dark), (0.5, mid), (1, light))
    g = bump_light(g, (1 - seam) * 2 + grain * 0.6, 1.0)
    lines = np.maximum(seam, butt)
    g = g * (1 - 0.7 * lines[..., None]) + np.array([30, 20, 14]) * 0.7 * lines[..., None]
    # Two small nail heads a board end, clear of the butt joint so they read as dots, not crosses.
    across = (fv - 0.5) * board_w
    nail_d = np.minimum(np.hypot((fu - 0.14) * 45, across), np.hypot((fu - 0.86) * 45, across))
    nails = np.clip(1.3 - nail_d, 0, 1) * 0.6
    g = g * (1 - nails[..., None]) + np.array([48, 40, 36]) * nails[..., None]
    return g


def paint_hull(c: Ctx) -> Array:
    """A ship's side seen from above: tarred planks with a pale rail along the middle; nobody walks it."""
    g = paint_planks(c, tar=1.0)
    _, v = _along(c)
    mid = c.h / 2 if c.pointy else c.w / 2
    rail = np.clip(3.2 - np.abs(v - mid), 0, 1)
    rail_rgb = bump_light(ramp(c.noise(4, 2), (0, (150, 118, 76)), (1, (206, 168, 112))), rail * 2, 1.2)
    g = g * (1 - rail[..., None]) + rail_rgb * rail[..., None]
    shadow = np.clip(1 - np.abs(v - mid - 4.5) / 2, 0, 1) * 0.5
    return g * (1 - shadow[..., None])


def paint_mast(c: Ctx) -> Array:
    """Deck planks with a thick round mast, its shadow and coiled rope: an obstacle on deck."""
    g = paint_planks(c)
    xs, ys = _grid(c)
    cx, cy = c.w / 2, c.h / 2
    d_sh = np.hypot(xs - cx - 4, ys - cy - 5)
    g = g * (1 - 0.45 * np.clip(14 - d_sh, 0, 1)[..., None])
    rope = np.abs(np.hypot(xs - cx, ys - cy) - 17) < 2.2
    coil = ramp(c.noise(2, 2), (0, (150, 128, 84)), (1, (206, 184, 130)))
    g[rope] = coil[rope]
    d = np.hypot(xs - cx, ys - cy)
    dome = np.sqrt(np.clip(1 - (d / 12) ** 2, 0, 1))
    rings = np.sin(d * 1.4) * 0.5 + 0.5
    wood = ramp(np.clip(dome * 0.6 + rings * 0.3, 0, 1), (0, (84, 54, 30)), (1, (176, 128, 76)))
    wood = bump_light(wood, dome * 10, 1.0)
    cover = np.clip(12.5 - d, 0, 1)[..., None]
    return g * (1 - cover) + wood * cover


def paint_gate(c: Ctx) -> Array:
    """The gateway: a timber floor bound with iron straps between flagstone sills."""
    stone = paint_stone(c)
    u, v = _along(c)
    wood = paint_planks(c) * 0.92
    span = c.h if c.pointy else c.w
    inner = np.clip((span * 0.34 - np.abs(v - span / 2)) / 1.5, 0, 1)
    g = stone * (1 - inner[..., None]) + wood * inner[..., None]
    length = c.w if c.pointy else c.h
    for frac in (0.28, 0.72):
        strap = (np.abs(u - length * frac) < 2.4) & (inner > 0.5)
        g[strap] = (58, 58, 64)
        rivet = strap & (np.abs(((v - span / 2) % 6) - 3) < 0.9)
        g[rivet] = (150, 150, 156)
    return g


def paint_ditch(c: Ctx) -> Array:
    """A muddy trench: dark wet earth, puddles and stakes; slow going (difficult)."""
    n = c.noise(10, 4)
    fine = c.noise(3, 2)
    depth = np.clip(c.inside / 18, 0, 1)
    t = np.clip(n * 0.6 + fine * 0.3 + (1 - depth) * 0.3, 0, 1)
    g = ramp(t, (0, (50, 38, 28)), (0.5, (82, 62, 42)), (1, (118, 94, 64)))
    g = bump_light(g, n * 5 + fine * 2 - depth * 4, 1.2)
    puddle = np.clip((c.noise(9, 2) - 0.62) * 12, 0, 1) * (depth > 0.35)
    g = g * (1 - puddle[..., None]) + np.array([66, 84, 98]) * puddle[..., None]
    xs, ys = _grid(c)
    for _ in range(5):  # sharpened stakes
        sx, sy = c.rng.uniform(c.w * 0.25, c.w * 0.75), c.rng.uniform(c.h * 0.3, c.h * 0.75)
        stake = (np.abs(xs - sx) < 1.4) & (ys > sy - 8) & (ys < sy)
        g[stake] = (150, 112, 70)
        g[(np.abs(xs - sx) < 0.8) & (np.abs(ys - sy + 9) < 1.2)] = (196, 160, 110)
    return g


def paint_fire(c: Ctx) -> Array:
    """Burning ground: charred earth and embers under bright tongues of flame (hazard)."""
    xs, ys = _grid(c)
    n = c.noise(10, 4)
    char = bump_light(ramp(n, (0, (26, 20, 18)), (1, (70, 50, 40))), n * 5, 1.2)
    ember = np.clip((c.noise(3, 2) - 0.6) * 6, 0, 1)
    g = char + ember[..., None] * np.array([190, 60, 10])
    flame = np.zeros((c.h, c.w))
    for _ in range(9):
        fx, fy = c.rng.uniform(c.w * 0.22, c.w * 0.78), c.rng.uniform(c.h * 0.45, c.h * 0.82)
        height, width = c.rng.uniform(16, 28), c.rng.uniform(5, 8)
        t = np.clip((fy - ys) / height, 0, 1)
        sway = np.sin(t * 3.2 + fx) * 2.5 * t
        body = (ys <= fy + width * 0.4) & (ys >= fy - height)
        base = np.sqrt(np.clip(1 - ((ys - fy) / (width * 0.4)) ** 2, 0, 1))  # rounded foot of the flame
        w_at = width * (1 - t) ** 0.8 * np.where(ys > fy, base, 1)
        inside = np.clip((w_at - np.abs(xs - fx - sway)) / 1.2, 0, 1) * body
        flame = np.maximum(flame, inside * (1 - t * 0.35))
    heat = flame * np.clip(0.55 + c.noise(4, 2) * 0.6, 0, 1)
    hot = ramp(np.clip(heat, 0, 1), (0, (150, 30, 8)), (0.45, (238, 104, 18)), (0.8, (255, 196, 60)),
               (1, (255, 246, 190)))
    g = g * (1 - flame[..., None]) + hot * flame[..., None]
    glow = np.clip(c.inside / 20, 0, 1) * 0.25  # the hex glows warmer toward its middle
    return g + glow[..., None] * np.array([120, 40, 0])


def exit_mark(g: Array, c: Ctx) -> Array:
    """The R24 exit marker: a gold band just inside the outline and a gold pennant on a pole."""
    xs, ys = _grid(c)
    band = np.clip(1.6 - np.abs(c.inside - 4.5), 0, 1) * 0.85
    g = g * (1 - band[..., None]) + np.array([236, 190, 56]) * band[..., None]
    cx, cy = c.w / 2, c.h / 2
    pole = (np.abs(xs - cx + 5) < 1.5) & (ys > cy - 18) & (ys < cy + 12)
    flag = (xs > cx - 4) & (xs < cx + 13) & (np.abs(ys - (cy - 12)) < (cx + 13 - xs) * 0.42)
    foot = ((xs - cx + 5) ** 2 / 20 + (ys - cy - 12) ** 2 / 5) < 1
    g[foot] = g[foot] * 0.55
    g[pole] = (84, 60, 38)
    g[flag] = (np.array([236, 190, 56]) * (0.85 + 0.15 * np.sin(xs * 0.6))[..., None])[flag]
    return g


def paint_water_deep(c: Ctx) -> Array:
    return paint_water(c) * np.array([0.78, 0.84, 0.92])


NORMAL = {"terrain": ("string", "normal")}
EXIT = {"terrain": ("string", "normal"), "exit": ("bool", "true")}
STRUCTURE_TILES: tuple[TileDef, ...] = (
    TileDef("stone", paint_stone, NORMAL),
    TileDef("wall", paint_wall, {"terrain": ("string", "blocked")}),
    TileDef("gate", paint_gate, NORMAL),
    TileDef("planks", lambda c: paint_planks(c), NORMAL),
    TileDef("hull", paint_hull, {"terrain": ("string", "blocked")}),
    TileDef("mast", paint_mast, {"terrain": ("string", "blocked")}),
    TileDef("ditch", paint_ditch, {"terrain": ("string", "difficult")}),
    TileDef("fire", paint_fire, {"terrain": ("string", "hazard"), "hazard_damage": ("int", "4")}),
    TileDef("stone_exit", lambda c: exit_mark(paint_stone(c), c), EXIT),
    TileDef("planks_exit", lambda c: exit_mark(paint_planks(c), c), EXIT),
    TileDef("grass_exit", lambda c: exit_mark(paint_grass(c, 0.2), c), EXIT),
    TileDef("road_exit", lambda c: exit_mark(paint_dirt(c), c), EXIT),
    TileDef("deep_water", paint_water_deep, {"terrain": ("string", "water")}),
    # Sight and cover (R30, R31): appended, so every tile above keeps its id.
    TileDef("arrow_slit", paint_arrow_slit, {"terrain": ("string", "blocked"), "blocks_sight": ("bool", "false")}),
    TileDef("parapet", paint_parapet, {"terrain": ("string", "blocked"), "blocks_sight": ("bool", "false"),
                                       "cover": ("bool", "true")}),
)
STRUCTURE_IDS = {t.name: i for i, t in enumerate(STRUCTURE_TILES)}


def paint_tile(t: TileDef, pointy: bool) -> Array:
    w, h = POINTY if pointy else FLAT
    c = Ctx(w, h, pointy, np.random.default_rng(tile_seed("structures/" + t.name, True)))
    return finish_tile(t.paint(c), c)


def write_structures(pointy: bool) -> tuple[Path, Path]:
    return write_atlas_tileset("structures", STRUCTURE_TILES, [paint_tile(t, pointy) for t in STRUCTURE_TILES],
                               pointy)


def contact_sheet(out: Path) -> None:
    """Every structure tile, pointy then flat, on a neutral background at 2x."""
    pieces = [paint_tile(t, p) for p in (True, False) for t in STRUCTURE_TILES]
    save_sheet(pieces, len(STRUCTURE_TILES), (84, 80), (6, 3), out)  # a row each for pointy and flat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args()
    for pointy in (True, False):
        for p in write_structures(pointy):
            print("wrote", p.relative_to(ROOT))
    if args.sheet:
        contact_sheet(args.sheet)
        print("wrote", args.sheet)


if __name__ == "__main__":
    main()
