"""Paint Playmat's procedural hex tilesets (deterministic, seeded) into assets/.

Writes:
- ``assets/tiles/terrain_pointy.png`` + ``assets/terrain.tsx`` (64x74 pointy-top hexes, side 37),
- ``assets/tiles/terrain_flat.png`` + ``assets/terrain_flat.tsx`` (72x62 flat-top hexes, side 36),
- ``assets/tiles/decor_*.png`` + ``assets/decor.tsx`` / ``assets/decor_flat.tsx`` (decorations, no terrain,
  except the thick tree: difficult undergrowth that gives cover).

The terrain atlases carry the map-format tile properties (terrain, hazard_damage, exit).
Run: ``.venv/bin/python tools/make_tileset.py [--sheet OUT.png]``.
"""

from __future__ import annotations

import argparse
import os
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402  (tool only; used to write PNGs)

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
POINTY = (64, 74)  # regular pointy hex of width 64: side 64/sqrt(3) ~ 37, height 2*37
POINTY_SIDE = 37
# Regular flat hex of side 36: width 72, height 36*sqrt(3) ~ 62. tilewidth - side must be even:
# Tiled 1.8 steps two flat-top columns by tilewidth + side, which drifts a pixel per pair otherwise.
FLAT = (72, 62)
FLAT_SIDE = 36
MARGIN = 2
SPACING = 2
COLUMNS = 4

Array = np.ndarray


# --- geometry ------------------------------------------------------------------
def hex_corners(w: int, h: int, pointy: bool) -> list[tuple[float, float]]:
    """Tiled's outline of a cell in its box (same formula as TiledPixels.cell_corners)."""
    if pointy:
        soy = (h - POINTY_SIDE) // 2
        return [(0, soy), (w / 2, 0), (w, soy), (w, h - soy), (w / 2, h), (0, h - soy)]
    sox = (w - FLAT_SIDE) // 2
    return [(sox, 0), (w - sox, 0), (w, h / 2), (w - sox, h), (sox, h), (0, h / 2)]


def edge_distance(w: int, h: int, pointy: bool) -> tuple[Array, Array]:
    """Signed distance of each pixel centre inside the hex (positive inside) and the nearest edge's outward normal."""
    pts = hex_corners(w, h, pointy)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5
    dists = []
    normals = []
    for i in range(6):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % 6]
        ex, ey = bx - ax, by - ay
        length = np.hypot(ex, ey)
        # Corners run clockwise on screen, so the inward normal is (-ey, ex).
        nx, ny = -ey / length, ex / length
        dists.append((xs - ax) * nx + (ys - ay) * ny)
        normals.append((-nx, -ny))
    stack = np.stack(dists)
    nearest = np.argmin(stack, axis=0)
    out_n = np.array(normals)[nearest]  # [h, w, 2]
    return stack.min(axis=0), out_n


# --- noise ------------------------------------------------------------------------
def value_noise(h: int, w: int, cell: float, rng: np.random.Generator) -> Array:
    gh, gw = int(h / cell) + 3, int(w / cell) + 3
    grid = rng.random((gh, gw))
    ys = np.arange(h) / cell
    xs = np.arange(w) / cell
    y0 = ys.astype(int)
    x0 = xs.astype(int)
    fy = ys - y0
    fx = xs - x0
    fy = fy * fy * (3 - 2 * fy)
    fx = fx * fx * (3 - 2 * fx)
    a = grid[np.ix_(y0, x0)]
    b = grid[np.ix_(y0, x0 + 1)]
    c = grid[np.ix_(y0 + 1, x0)]
    d = grid[np.ix_(y0 + 1, x0 + 1)]
    top = a + (b - a) * fx[None, :]
    bot = c + (d - c) * fx[None, :]
    return top + (bot - top) * fy[:, None]


def fbm(h: int, w: int, rng: np.random.Generator, base: float = 16, octaves: int = 4) -> Array:
    total = np.zeros((h, w))
    amp = 1.0
    norm = 0.0
    cell = base
    for _ in range(octaves):
        total += amp * value_noise(h, w, max(cell, 1.0), rng)
        norm += amp
        amp *= 0.5
        cell /= 2
    return total / norm


def ramp(t: Array, *stops: tuple[float, tuple[int, int, int]]) -> Array:
    """Map a 0..1 field through a colour gradient."""
    pos = np.array([s[0] for s in stops])
    cols = np.array([s[1] for s in stops], dtype=np.float64)
    out = np.empty(t.shape + (3,))
    for ch in range(3):
        out[..., ch] = np.interp(t, pos, cols[:, ch])
    return out


def bump_light(rgb: Array, height: Array, strength: float) -> Array:
    """Lambert-light a height field from the upper left, so textures read as relief."""
    gy, gx = np.gradient(height)
    nx, ny, nz = -gx * strength, -gy * strength, np.ones_like(height)
    norm = np.sqrt(nx * nx + ny * ny + nz * nz)
    lx, ly, lz = -0.55, -0.65, 0.52
    lam = (nx * lx + ny * ly + nz * lz) / norm
    flat = lz
    return rgb * (0.75 + 0.25 * lam / flat)[..., None]


def blobs(h: int, w: int, rng: np.random.Generator, count: int, rmin: float, rmax: float,
          inside: Array) -> tuple[Array, Array]:
    """Random round blobs (bushes, stones): a coverage mask and a dome height field."""
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    cover = np.zeros((h, w))
    height = np.zeros((h, w))
    placed = 0
    tries = 0
    while placed < count and tries < count * 20:
        tries += 1
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(rmin, rmax)
        if inside[int(min(cy, h - 1)), int(min(cx, w - 1))] < r * 0.8:
            continue
        sy = rng.uniform(0.7, 1.0)
        d = np.sqrt(((xs - cx) / r) ** 2 + ((ys - cy) / (r * sy)) ** 2)
        dome = np.sqrt(np.clip(1 - d * d, 0, 1))
        cover = np.maximum(cover, np.clip((1 - d) * r, 0, 1))
        height = np.maximum(height, dome * r)
        placed += 1
    return cover, height


def strokes(rgb: Array, rng: np.random.Generator, count: int, color: tuple[int, int, int], length: int,
            inside: Array, alpha: float = 0.6) -> None:
    """Short vertical strokes (grass blades, reeds) painted in place."""
    h, w = inside.shape
    col = np.array(color, dtype=np.float64)
    for _ in range(count):
        x = int(rng.integers(0, w))
        y = int(rng.integers(0, h))
        lean = rng.choice([-1, 0, 0, 1])
        for k in range(length):
            yy, xx = y - k, x + (lean if k >= length // 2 else 0)
            if 0 <= yy < h and 0 <= xx < w and inside[yy, xx] > 2:
                rgb[yy, xx] = rgb[yy, xx] * (1 - alpha) + col * alpha


# --- terrain painters -----------------------------------------------------------------
@dataclass
class Ctx:
    w: int
    h: int
    pointy: bool
    rng: np.random.Generator
    inside: Array = field(init=False)
    normal: Array = field(init=False)

    def __post_init__(self) -> None:
        self.inside, self.normal = edge_distance(self.w, self.h, self.pointy)

    def noise(self, base: float = 16, octaves: int = 4) -> Array:
        return fbm(self.h, self.w, self.rng, base, octaves)


def paint_grass(c: Ctx, hue: float = 0.0) -> Array:
    n = c.noise(14, 4)
    fine = c.noise(3, 2)
    t = np.clip(n * 0.8 + fine * 0.35 - 0.1, 0, 1)
    g = ramp(t, (0, (58 + hue * 20, 98, 42)), (0.5, (84 + hue * 25, 128, 54)), (1, (118 + hue * 25, 156, 70)))
    strokes(g, c.rng, 70, (44, 80, 34), 3, c.inside, 0.55)
    strokes(g, c.rng, 45, (140, 178, 86), 2, c.inside, 0.5)
    return bump_light(g, n * 6 + fine * 2, 1.2)


def paint_dirt(c: Ctx) -> Array:
    n = c.noise(12, 4)
    fine = c.noise(2, 2)
    t = np.clip(n * 0.7 + fine * 0.4 - 0.05, 0, 1)
    g = ramp(t, (0, (104, 78, 52)), (0.5, (136, 104, 70)), (1, (166, 134, 92)))
    cover, height = blobs(c.h, c.w, c.rng, 7, 1.5, 2.8, c.inside)
    g = g * (1 - cover[..., None]) + np.array([150, 138, 120]) * cover[..., None]
    return bump_light(g, n * 5 + height * 0.8 + fine * 2, 1.0)


def paint_brush(c: Ctx) -> Array:
    g = paint_grass(c, hue=-0.4) * 0.92
    cover, height = blobs(c.h, c.w, c.rng, 14, 6.0, 10.0, c.inside)
    leaf = c.noise(2.5, 2)
    bush = ramp(np.clip(height / 10 * 0.75 + leaf * 0.45, 0, 1),
                (0, (18, 44, 20)), (0.5, (46, 94, 38)), (1, (128, 176, 78)))
    bush = bump_light(bush, height + leaf * 3, 1.4)
    # Drop shadows below-right of each bush anchor the blobs on the ground.
    shadow = np.roll(np.roll(cover, 3, axis=0), 2, axis=1)
    g = g * (1 - 0.5 * shadow[..., None])
    return g * (1 - cover[..., None]) + bush * cover[..., None]


def paint_rubble(c: Ctx) -> Array:
    g = paint_dirt(c) * 0.9
    cover, height = blobs(c.h, c.w, c.rng, 22, 3.0, 6.5, c.inside)
    tone = c.noise(4, 2)
    stone = ramp(tone, (0, (108, 104, 100)), (1, (168, 162, 150)))
    stone = bump_light(stone, height * 1.3 + tone * 2, 1.3)
    shadow = np.roll(np.roll(cover, 2, axis=0), 1, axis=1)
    g = g * (1 - 0.45 * shadow[..., None])
    return g * (1 - cover[..., None]) + stone * cover[..., None]


def water_field(c: Ctx) -> tuple[Array, Array]:
    n = c.noise(18, 3)
    ys, xs = np.mgrid[0 : c.h, 0 : c.w]
    waves = np.sin((ys * 0.55 + xs * 0.18) + n * 9.0)
    return n, waves


def paint_water(c: Ctx) -> Array:
    n, waves = water_field(c)
    # Deeper (darker) toward the centre of the hex reads as open water.
    depth = np.clip(c.inside / 22, 0, 1)
    t = np.clip(0.65 * n + 0.35 * (1 - depth), 0, 1)
    g = ramp(t, (0, (28, 64, 128)), (0.6, (40, 92, 160)), (1, (62, 122, 184)))
    crest = np.clip((waves - 0.82) * 5, 0, 1) * (0.4 + 0.6 * n)
    g = g + crest[..., None] * np.array([90, 110, 90])
    return g


def paint_ford(c: Ctx) -> Array:
    n, waves = water_field(c)
    sand = c.noise(6, 3)
    t = np.clip(0.5 * n + 0.5 * sand, 0, 1)
    g = ramp(t, (0, (70, 110, 140)), (0.5, (96, 134, 150)), (1, (138, 150, 132)))
    crest = np.clip((waves - 0.75) * 4, 0, 1) * 0.6
    g = g + crest[..., None] * np.array([80, 90, 80])
    cover, height = blobs(c.h, c.w, c.rng, 9, 3.0, 5.0, c.inside)
    stone = bump_light(ramp(c.noise(3, 2), (0, (120, 112, 96)), (1, (170, 160, 138))), height * 1.5, 1.3)
    return g * (1 - cover[..., None]) + stone * cover[..., None]


def paint_chasm(c: Ctx) -> Array:
    n = c.noise(10, 4)
    rim = np.clip(c.inside / 15, 0, 1)
    strata = np.sin(c.inside * 1.1 + n * 6) * 0.5 + 0.5
    rock = ramp(np.clip(n * 0.6 + strata * 0.4, 0, 1), (0, (70, 60, 56)), (1, (128, 116, 104)))
    dark = np.array([14, 10, 20], dtype=np.float64)
    depth = rim**1.4
    g = rock * (1 - depth[..., None]) + dark * depth[..., None]
    # A faint violet haze in the depths.
    haze = np.clip(1 - np.abs(rim - 0.75) * 3, 0, 1) * 0.25
    return g + haze[..., None] * np.array([40, 20, 60])


def paint_lava(c: Ctx) -> Array:
    n = c.noise(12, 4)
    ridge = 1 - np.abs(2 * c.noise(9, 3) - 1)
    crust = ramp(n, (0, (38, 24, 22)), (1, (76, 50, 40)))
    crust = bump_light(crust, n * 6, 1.2)
    glow = np.clip((ridge - 0.72) / 0.28, 0, 1) ** 1.4
    hot = ramp(glow, (0, (160, 40, 10)), (0.5, (250, 120, 20)), (1, (255, 236, 120)))
    warm = np.clip(ridge - 0.5, 0, 1) * 0.5
    g = crust * (1 - glow[..., None]) + hot * glow[..., None]
    return g + warm[..., None] * np.array([120, 30, 0])


def paint_rock(c: Ctx) -> Array:
    """A heap of big boulders: reads as a wall nobody walks through."""
    n = c.noise(10, 4)
    g = ramp(n, (0, (52, 50, 56)), (1, (84, 80, 84)))
    tone = c.noise(5, 3)
    for count, rmin, rmax in ((7, 10.0, 14.0), (9, 6.0, 9.0)):
        cover, height = blobs(c.h, c.w, c.rng, count, rmin, rmax, c.inside)
        stone = ramp(np.clip(tone * 0.6 + height / rmax * 0.45, 0, 1),
                     (0, (92, 90, 96)), (0.5, (132, 128, 130)), (1, (182, 178, 170)))
        stone = bump_light(stone, height * 1.1 + tone * 3 + n * 2, 1.5)
        shadow = np.roll(np.roll(cover, 3, axis=0), 2, axis=1)
        g = g * (1 - 0.5 * shadow[..., None])
        g = g * (1 - cover[..., None]) + stone * cover[..., None]
    return g


def paint_road_exit(c: Ctx) -> Array:
    g = paint_grass(c, hue=0.2)
    road = paint_dirt(c)
    ys, xs = np.mgrid[0 : c.h, 0 : c.w] + 0.5
    wobble = (c.noise(20, 2) - 0.5) * 6
    across = np.abs((xs if c.pointy else ys) - (c.w if c.pointy else c.h) / 2 + wobble)
    t = np.clip((13 - across) / 3, 0, 1)[..., None]
    g = g * (1 - t) + road * t
    # A gold pennant on a pole: the rally point where combatants may leave the field (R24).
    cx, cy = c.w / 2, c.h / 2
    pole = (np.abs(xs - cx + 4) < 1.3) & (ys > cy - 16) & (ys < cy + 12)
    flag = (xs > cx - 3) & (xs < cx + 12) & (np.abs(ys - (cy - 11)) < (cx + 12 - xs) * 0.4)
    shade_flag = 0.85 + 0.15 * np.sin(xs * 0.6)
    g[pole] = (84, 60, 38)
    g[flag] = (np.array([236, 190, 56]) * shade_flag[..., None])[flag]
    foot = ((xs - cx + 4) ** 2 / 16 + (ys - cy - 12) ** 2 / 4) < 1
    g[foot] = g[foot] * 0.6
    return g


@dataclass(frozen=True)
class TileDef:
    name: str
    paint: Callable[[Ctx], Array]
    props: dict[str, tuple[str, str]]  # name -> (type, value)


TERRAIN_TILES: tuple[TileDef, ...] = (
    TileDef("grass", lambda c: paint_grass(c), {"terrain": ("string", "normal")}),
    TileDef("grass_lush", lambda c: paint_grass(c, 0.35), {"terrain": ("string", "normal")}),
    TileDef("dirt", paint_dirt, {"terrain": ("string", "normal")}),
    TileDef("brush", paint_brush, {"terrain": ("string", "difficult")}),
    TileDef("rubble", paint_rubble, {"terrain": ("string", "difficult")}),
    TileDef("ford", paint_ford, {"terrain": ("string", "difficult")}),
    TileDef("water", paint_water, {"terrain": ("string", "water")}),
    TileDef("chasm", paint_chasm, {"terrain": ("string", "chasm")}),
    TileDef("lava", paint_lava, {"terrain": ("string", "hazard"), "hazard_damage": ("int", "3")}),
    TileDef("rock", paint_rock, {"terrain": ("string", "blocked")}),
    TileDef("road_exit", paint_road_exit, {"terrain": ("string", "normal"), "exit": ("bool", "true")}),
    TileDef("grass_dry", lambda c: paint_grass(c, 0.9), {"terrain": ("string", "normal")}),
)
TERRAIN_IDS = {t.name: i for i, t in enumerate(TERRAIN_TILES)}


def finish_tile(rgb: Array, c: Ctx) -> Array:
    """Hex-mask a painted texture, add a soft bevel and a thin dark rim; returns RGBA uint8."""
    d = c.inside
    lit = c.normal[..., 0] * -0.55 + c.normal[..., 1] * -0.65  # outward normal facing the light
    bevel = np.clip(1 - d / 4.0, 0, 1)
    rgb = rgb * (1 + 0.22 * lit * bevel)[..., None]
    rim = np.clip(1.6 - np.abs(d - 0.3), 0, 1)
    rgb = rgb * (1 - 0.38 * rim)[..., None]
    # One pixel of bleed past the outline so neighbours overlap without seams.
    alpha = np.clip(d + 1.5, 0, 1)
    out = np.dstack([np.clip(rgb, 0, 255), alpha * 255])
    return np.round(out).astype(np.uint8)


def tile_seed(name: str, pointy: bool) -> int:
    return zlib.crc32(f"{name}:{'p' if pointy else 'f'}".encode())


def paint_terrain_tile(t: TileDef, pointy: bool) -> Array:
    w, h = POINTY if pointy else FLAT
    # Flat-top tiles reuse the pointy seed so both sets share a look.
    c = Ctx(w, h, pointy, np.random.default_rng(tile_seed(t.name, True)))
    return finish_tile(t.paint(c), c)


# --- decorations ----------------------------------------------------------------------
def _rgba(h: int, w: int) -> Array:
    return np.zeros((h, w, 4), dtype=np.float64)


def _over(dst: Array, rgb: Array | tuple[float, float, float], alpha: Array) -> None:
    """Straight-alpha 'over' of a colour layer onto ``dst`` in place."""
    a = alpha[..., None]
    da = dst[..., 3:]
    out_a = a + da * (1 - a)
    src = np.broadcast_to(np.asarray(rgb, dtype=np.float64), dst[..., :3].shape)
    mixed = src * a + dst[..., :3] * da * (1 - a)
    dst[..., :3] = np.where(out_a > 0, mixed / np.maximum(out_a, 1e-9), 0)
    dst[..., 3:] = out_a


def _straight_255(img: Array) -> Array:
    out = img.copy()
    out[..., 3] *= 255
    return out


def _ellipse(h: int, w: int, cx: float, cy: float, rx: float, ry: float) -> tuple[Array, Array]:
    ys, xs = np.mgrid[0:h, 0:w] + 0.5
    d = np.sqrt(((xs - cx) / rx) ** 2 + ((ys - cy) / ry) ** 2)
    edge = np.clip((1 - d) * min(rx, ry), 0, 1)
    return edge, np.sqrt(np.clip(1 - d * d, 0, 1))


Crown = tuple[float, float, float]  # centre x, centre y, radius
Palette = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]  # dark, mid, light


def _tree(rng: np.random.Generator, shadow: tuple[float, float, float, float, float], trunk: tuple[int, int, int, int],
          bark: tuple[int, int, int], crowns: tuple[Crown, ...], leaves: Palette, lift: float) -> Array:
    """A tree seen from above on an 80x64 image: a ground shadow ``(cx, cy, rx, ry, alpha)``, a trunk
    ``(top, bottom, left, right)`` and round crowns shaded from ``leaves``; ``lift`` brightens them."""
    h, w = 80, 64
    img = _rgba(h, w)
    sh, _ = _ellipse(h, w, *shadow[:4])
    _over(img, (0, 0, 0), sh * shadow[4])
    stem = np.zeros((h, w))
    stem[trunk[0]:trunk[1], trunk[2]:trunk[3]] = 1
    _over(img, bark, stem)
    leaf = fbm(h, w, rng, 4, 3)
    for cx, cy, r in crowns:
        cover, dome = _ellipse(h, w, cx, cy, r, r * 0.92)
        shade = ramp(np.clip(dome * 0.6 + leaf * 0.5 + lift, 0, 1),
                     (0, leaves[0]), (0.5, leaves[1]), (1, leaves[2]))
        shade = bump_light(shade, dome * r + leaf * 4, 1.2)
        _over(img, shade, cover)
    return _straight_255(img)


def deco_tree(rng: np.random.Generator) -> Array:
    return _tree(rng, (34, 68, 22, 7, 0.35), (46, 68, 29, 35), (92, 64, 40),
                 ((32, 30, 19), (20, 40, 13), (44, 40, 13), (32, 18, 13), (26, 28, 11), (40, 26, 11)),
                 ((24, 54, 26), (44, 92, 40), (98, 150, 66)), -0.05)


def deco_thick_tree(rng: np.random.Generator) -> Array:
    """A thick old tree with a dark, dense crown and undergrowth at its foot: cover (R31) in a forest."""
    return _tree(rng, (33, 68, 25, 8, 0.45), (44, 68, 28, 37), (74, 50, 32),
                 ((32, 30, 21), (17, 40, 14), (47, 40, 14), (32, 16, 14), (23, 26, 13), (42, 25, 13),
                  (20, 60, 8), (44, 61, 8), (32, 62, 7)),
                 ((14, 38, 20), (30, 72, 34), (74, 122, 52)), -0.1)


def deco_bush(rng: np.random.Generator) -> Array:
    h, w = 64, 64
    img = _rgba(h, w)
    sh, _ = _ellipse(h, w, 33, 46, 16, 5)
    _over(img, (0, 0, 0), sh * 0.3)
    leaf = fbm(h, w, rng, 3, 2)
    for cx, cy, r in ((26, 38, 9), (38, 38, 9), (32, 32, 10)):
        cover, dome = _ellipse(h, w, cx, cy, r, r * 0.85)
        shade = ramp(np.clip(dome * 0.6 + leaf * 0.5, 0, 1), (0, (30, 66, 30)), (1, (104, 156, 70)))
        _over(img, bump_light(shade, dome * r + leaf * 3, 1.2), cover)
    return _straight_255(img)


def deco_flowers(rng: np.random.Generator) -> Array:
    h, w = 64, 64
    img = _rgba(h, w)
    palette = ((236, 224, 90), (240, 240, 236), (214, 96, 150), (140, 120, 230))
    for _ in range(16):
        cx, cy = rng.uniform(12, 52), rng.uniform(16, 50)
        col = palette[int(rng.integers(0, len(palette)))]
        stem, _ = _ellipse(h, w, cx, cy + 3, 0.8, 3)
        _over(img, (50, 96, 40), stem * 0.9)
        petal, dome = _ellipse(h, w, cx, cy, 2.3, 2.1)
        _over(img, np.array(col) * (0.8 + 0.2 * dome[..., None]), petal)
        eye, _ = _ellipse(h, w, cx, cy, 0.9, 0.9)
        _over(img, (250, 200, 60), eye)
    return _straight_255(img)


def deco_reeds(rng: np.random.Generator) -> Array:
    h, w = 64, 64
    img = _rgba(h, w)
    for _ in range(22):
        x0 = rng.uniform(14, 50)
        y0 = rng.uniform(40, 52)
        length = rng.uniform(12, 24)
        lean = rng.uniform(-0.25, 0.25)
        ys, xs = np.mgrid[0:h, 0:w] + 0.5
        t = np.clip((y0 - ys) / length, 0, 1)
        on = (ys <= y0) & (ys >= y0 - length) & (np.abs(xs - (x0 + lean * (y0 - ys))) < 0.9 * (1 - t * 0.5))
        col = (70, 110, 50) if rng.random() < 0.6 else (120, 140, 70)
        _over(img, col, on.astype(float))
        tip = (np.abs(ys - (y0 - length + 3)) < 3) & (np.abs(xs - (x0 + lean * length)) < 1.4)
        if rng.random() < 0.5:
            _over(img, (110, 70, 40), tip.astype(float))
    return _straight_255(img)


def deco_stones(rng: np.random.Generator) -> Array:
    h, w = 64, 64
    img = _rgba(h, w)
    for _ in range(5):
        cx, cy = rng.uniform(18, 46), rng.uniform(24, 46)
        r = rng.uniform(3, 6)
        sh, _ = _ellipse(h, w, cx + 1.5, cy + 2, r, r * 0.6)
        _over(img, (0, 0, 0), sh * 0.3)
        cover, dome = _ellipse(h, w, cx, cy, r, r * 0.7)
        tone = ramp(np.clip(dome * 0.7 + 0.2, 0, 1), (0, (100, 96, 92)), (1, (186, 180, 170)))
        _over(img, bump_light(tone, dome * r, 1.2), cover)
    return _straight_255(img)


DECOR_TILES: tuple[tuple[str, Callable[[np.random.Generator], Array]], ...] = (
    ("tree", deco_tree),
    ("bush", deco_bush),
    ("flowers", deco_flowers),
    ("reeds", deco_reeds),
    ("stones", deco_stones),
    ("thick_tree", deco_thick_tree),  # appended: the tiles above keep their ids
)
# A tile's name is what a player reads ("through cover (a thick tree at 3,4)", R31), and its art is seeded by
# the name; a tile renamed for the player keeps the seed of its first name, so its picture, and every map
# drawn with it, stays as shipped.
DECOR_SEED_NAMES = {"thick_tree": "cover_tree"}
DECOR_IDS = {name: i for i, (name, _) in enumerate(DECOR_TILES)}
# Decorations are plain pictures, except these: a tile with terrain properties decides its cell's terrain
# (docs/map-format.md), so a thick tree is undergrowth (difficult) that gives cover (R31) wherever it stands.
DECOR_PROPS: dict[str, dict[str, tuple[str, str]]] = {
    "thick_tree": {"terrain": ("string", "difficult"), "cover": ("bool", "true")},
}
# Decoration images are 64 wide, anchored bottom-left in the cell box (Tiled); these offsets centre them.
DECOR_OFFSET = {True: (0, -5), False: (4, 0)}


# --- output ------------------------------------------------------------------------------
def save_rgba(arr: Array, path: Path) -> None:
    data = np.ascontiguousarray(np.clip(np.round(arr), 0, 255).astype(np.uint8))
    h, w = data.shape[:2]
    surf = pygame.image.frombuffer(data.tobytes(), (w, h), "RGBA")
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def pack_atlas(tiles: list[np.ndarray], w: int, h: int) -> np.ndarray:
    """Tile images (each h x w RGBA) in rows of COLUMNS with Tiled's margin and spacing."""
    rows = (len(tiles) + COLUMNS - 1) // COLUMNS
    aw = 2 * MARGIN + COLUMNS * w + (COLUMNS - 1) * SPACING
    ah = 2 * MARGIN + rows * h + (rows - 1) * SPACING
    atlas = np.zeros((ah, aw, 4), dtype=np.uint8)
    for i, tile in enumerate(tiles):
        x = MARGIN + (i % COLUMNS) * (w + SPACING)
        y = MARGIN + (i // COLUMNS) * (h + SPACING)
        atlas[y : y + h, x : x + w] = tile
    return atlas


def atlas_tilecount(tiles: int) -> int:
    """The tilecount Tiled gives an atlas of ``tiles`` tiles: every whole slot of the image, the empty ones of
    a last row too (it cuts the image and writes that number when it saves). A map's next tileset starts
    that many gids on: one inside them overlaps this one, and Playmat refuses the map."""
    return -(-tiles // COLUMNS) * COLUMNS


def write_atlas_tileset(name: str, tiles: Sequence[TileDef], painted: list[Array],
                        pointy: bool) -> tuple[Path, Path]:
    """``painted`` (one array per tile of ``tiles``) packed into ``assets/tiles/NAME_pointy.png`` (or
    ``_flat``) and its tileset ``assets/NAME.tsx`` (``NAME_flat.tsx``), each tile named with its properties."""
    w, h = POINTY if pointy else FLAT
    atlas = pack_atlas(painted, w, h)
    ah, aw = atlas.shape[:2]
    suffix = "pointy" if pointy else "flat"
    png = ASSETS / "tiles" / f"{name}_{suffix}.png"
    save_rgba(atlas, png)
    tsx = ASSETS / (f"{name}.tsx" if pointy else f"{name}_flat.tsx")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{name}_{suffix}" tilewidth="{w}" tileheight="{h}" '
        # Tiled's own count (the lint names a tileset whose tilecount says otherwise).
        f'spacing="{SPACING}" margin="{MARGIN}" tilecount="{atlas_tilecount(len(tiles))}" '
        f'columns="{COLUMNS}">',
        f' <image source="tiles/{name}_{suffix}.png" width="{aw}" height="{ah}"/>',
    ]
    for i, t in enumerate(tiles):
        lines += [f' <tile id="{i}">', "  <properties>", f'   <property name="tile" value="{t.name}"/>']
        for key, (typ, val) in t.props.items():
            lines.append(f'   <property name="{key}"{_type_attr(typ)} value="{val}"/>')
        lines += ["  </properties>", " </tile>"]
    lines.append("</tileset>")
    tsx.write_text("\n".join(lines) + "\n")
    return png, tsx


def write_terrain(pointy: bool) -> tuple[Path, Path]:
    return write_atlas_tileset("terrain", TERRAIN_TILES, [paint_terrain_tile(t, pointy) for t in TERRAIN_TILES],
                               pointy)


def _type_attr(typ: str) -> str:
    return "" if typ == "string" else f' type="{typ}"'


def paint_decor(name: str, paint: Callable[[np.random.Generator], Array]) -> Array:
    """Decoration ``name`` painted by ``paint`` from its seed (see ``DECOR_SEED_NAMES``)."""
    return paint(np.random.default_rng(tile_seed(DECOR_SEED_NAMES.get(name, name), True)))


def write_decor() -> list[Path]:
    paths = []
    images = []
    for name, paint in DECOR_TILES:
        img = paint_decor(name, paint)
        png = ASSETS / "tiles" / f"decor_{name}.png"
        save_rgba(img, png)
        images.append((name, png, img.shape[1], img.shape[0]))
        paths.append(png)
    for pointy in (True, False):
        ox, oy = DECOR_OFFSET[pointy]
        tsx = ASSETS / ("decor.tsx" if pointy else "decor_flat.tsx")
        maxw = max(i[2] for i in images)
        maxh = max(i[3] for i in images)
        lines = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<tileset version="1.8" tiledversion="1.8.2" name="decor{"" if pointy else "_flat"}" '
            f'tilewidth="{maxw}" tileheight="{maxh}" tilecount="{len(images)}" columns="0">',
            f' <tileoffset x="{ox}" y="{oy}"/>',
            ' <grid orientation="orthogonal" width="1" height="1"/>',
        ]
        for i, (name, png, w, h) in enumerate(images):
            lines.append(f' <tile id="{i}">')
            props = "".join(f'<property name="{key}"{_type_attr(typ)} value="{val}"/>'
                            for key, (typ, val) in DECOR_PROPS.get(name, {}).items())
            lines.append(f'  <properties><property name="tile" value="{name}"/>{props}</properties>')
            lines.append(f'  <image width="{w}" height="{h}" source="tiles/{png.name}"/>')
            lines.append(" </tile>")
        lines.append("</tileset>")
        tsx.write_text("\n".join(lines) + "\n")
        paths.append(tsx)
    return paths


def save_sheet(pieces: list[Array], cols: int, cell: tuple[int, int], inset: tuple[int, int], out: Path) -> None:
    """Tiles (RGBA arrays) in a grid of ``cols`` columns of ``cell`` (w, h) pixels, each drawn ``inset`` (x, y)
    into its cell, on a neutral background, saved enlarged 2x to ``out``: a contact sheet for eyeballing."""
    cw, ch = cell
    rows = (len(pieces) + cols - 1) // cols
    sheet = pygame.Surface((cols * cw, rows * ch), pygame.SRCALPHA)
    sheet.fill((58, 54, 62, 255))
    for i, arr in enumerate(pieces):
        a = np.ascontiguousarray(arr)
        s = pygame.image.frombuffer(a.tobytes(), (a.shape[1], a.shape[0]), "RGBA")
        sheet.blit(s, ((i % cols) * cw + inset[0], (i // cols) * ch + inset[1]))
    pygame.image.save(pygame.transform.scale_by(sheet, 2), str(out))


def contact_sheet(out: Path) -> None:
    """All tiles on a neutral background, enlarged 2x, for eyeballing."""
    pieces = [paint_terrain_tile(t, True) for t in TERRAIN_TILES]
    pieces += [paint_terrain_tile(t, False) for t in TERRAIN_TILES]
    pieces += [np.round(paint_decor(n, p)).astype(np.uint8) for n, p in DECOR_TILES]
    save_sheet(pieces, 6, (84, 94), (8, 6), out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args()
    for pointy in (True, False):
        for p in write_terrain(pointy):
            print("wrote", p.relative_to(ROOT))
    for p in write_decor():
        print("wrote", p.relative_to(ROOT))
    if args.sheet:
        contact_sheet(args.sheet)
        print("wrote", args.sheet)


if __name__ == "__main__":
    main()
