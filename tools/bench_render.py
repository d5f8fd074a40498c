"""Time to load and draw a 64x64 hex map with three layers (Playmat's renderer, Tiled's pixels).

Target (issue 7): load + draw <= 0.3 s median. Same-run baselines: pytmx reading the same
file (what any pytmx-based loader pays before drawing anything) and one blit of a
finished map-sized surface. Three variants: plain (atlas terrain, offset decoration
collection, a translucent layer), rotated (a third of the tiles carrying 60/120-degree
hex rotations and flips), and grouped (the layers inside offset, tinted, translucent groups
with fractional offsets).

Two pictures per variant: the transparent one ``playmat render`` writes (straight alpha, every
translucent pixel divided by its alpha) and the one the window shows (the same layers painted
over the view's opaque background, ``MapArt.surface(BACKGROUND)``: no division).

    python tools/bench_render.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytmx  # noqa: E402  (the baseline only: the test or bench extra; Playmat reads TMX without it)

from game.render.pg import pygame  # noqa: E402
from game.render.tilemap import load_map_art  # noqa: E402
from game.ui.maplayer import BACKGROUND  # noqa: E402

SIZE = 64
FLAGS = [0, 0x20000000, 0x10000000, 0x30000000, 0x80000000, 0x60000000]


def grid(fn) -> str:
    return ",\n".join(",".join(str(fn(c, r)) for c in range(SIZE)) for r in range(SIZE))


def layer(lid: int, name: str, fn, attrs: str = "") -> str:
    return (f' <layer id="{lid}" name="{name}" width="{SIZE}" height="{SIZE}"{attrs}>\n'
            f'  <data encoding="csv">\n{grid(fn)}\n</data>\n </layer>\n')


def bench_map(path: Path, variant: str) -> Path:
    rot = variant == "rotated"

    def terrain(c: int, r: int) -> int:
        gid = 1 + (c * 7 + r * 3 + (c * r) % 5) % 12
        return gid | (FLAGS[(c + 2 * r) % len(FLAGS)] if rot and (c + r) % 3 == 0 else 0)

    def decor(c: int, r: int) -> int:
        return 13 + (c + r) % 5 if (c * 5 + r * 11) % 7 == 0 else 0

    def haze(c: int, r: int) -> int:
        return 1 + 6 if (c * 3 + r) % 11 == 0 else 0

    layers = layer(1, "terrain", terrain) + layer(2, "decor", decor) + layer(3, "haze", haze, ' opacity="0.55"')
    if variant == "grouped":
        layers = (' <group id="10" name="world" offsetx="3.5" offsety="-2.25" opacity="0.9" tintcolor="#fff0e0">\n'
                  + layers + " </group>\n")
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="{SIZE}" '
        f'height="{SIZE}" tilewidth="64" tileheight="74" infinite="0" hexsidelength="37" staggeraxis="y" '
        'staggerindex="odd" nextlayerid="20" nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{ROOT / "assets" / "terrain.tsx"}"/>\n'
        f' <tileset firstgid="13" source="{ROOT / "assets" / "decor.tsx"}"/>\n' + layers + "</map>\n",
        encoding="utf-8",
    )
    return path


def median_time(fn, runs: int) -> float:
    """Median CPU time of this process (the machine is shared; wall time swings with its load)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for variant in ("plain", "rotated", "grouped"):
            path = bench_map(Path(tmp) / f"{variant}.tmx", variant)
            total = median_time(lambda p=path: load_map_art(p).surface(), args.runs)
            art = load_map_art(path)
            draw = median_time(art.surface, args.runs)
            window = median_time(lambda p=path: load_map_art(p).surface(BACKGROUND), args.runs)
            rows.append((variant, total, draw, window))
        base = Path(tmp) / "plain.tmx"
        parse = median_time(lambda: pytmx.TiledMap(str(base)), args.runs)
        surf = load_map_art(base).surface()
        screen = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        blit = median_time(lambda: screen.blit(surf, (0, 0)), args.runs)
    print(f"64x64 map, 3 layers, {surf.get_width()}x{surf.get_height()} px, median CPU time of {args.runs} runs")
    print(f"{'variant':10} {'load+draw s':>12} {'draw only s':>12} {'vs pytmx parse':>15} {'window load+draw s':>19}")
    for variant, total, draw, window in rows:
        print(f"{variant:10} {total:12.3f} {draw:12.3f} {total / parse:14.1f}x {window:19.3f}")
    print(f"baseline: pytmx.TiledMap parse alone {parse:.3f} s; one blit of the finished map {blit * 1000:.1f} ms")
    print("load+draw: the transparent picture (playmat render); window: over the view's opaque background")
    print("target: load+draw <= 0.300 s")


if __name__ == "__main__":
    main()
