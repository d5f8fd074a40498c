"""Build the render-fidelity golden maps and rasterize them with Tiled's own tmxrasterizer.

One small map per layout (staggeraxis x/y x staggerindex odd/even) with mixed
terrain, two empty cells (transparent background), a decoration layer whose
tileset has a tile offset and whose trees overlap neighbouring cells, flipped
tiles, and a translucent third layer. tests/test_render.py renders
them with Playmat and compares against Tiled's pixels.

Feature goldens (tools/tiled_features.py): one map per Tiled feature and
layout, ``tests/golden/tiled/<feature>_<axis>_<index>.tmx`` with Tiled's own
picture beside it (``.png``; ``_objects.png`` for ``render --objects``).

Run: ``.venv/bin/python tools/make_goldens.py`` (needs Debian's ``tiled``);
``--check`` prints, per golden, the share of pixels Playmat draws more than
8 levels away from Tiled's.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tiled_features  # noqa: E402
from make_tileset import DECOR_IDS, FLAT, FLAT_SIDE, POINTY, POINTY_SIDE, TERRAIN_IDS, TERRAIN_TILES  # noqa: E402

from game.maps.tmxdoc import FLIP_H, FLIP_V, TileLayer, TilesetRef, TmxDocument, write_tmx  # noqa: E402
from game.rules import HexLayout  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
COLS, ROWS = 7, 6
DECOR_FIRST = len(TERRAIN_TILES) + 1
LAYOUTS = [(axis, index) for axis in ("y", "x") for index in ("odd", "even")]


def t(name: str) -> int:
    return TERRAIN_IDS[name] + 1


def d(name: str) -> int:
    return DECOR_IDS[name] + DECOR_FIRST


def golden_map(axis: str, index: str) -> TmxDocument:
    pointy = axis == "y"
    names = ["grass", "grass_lush", "dirt", "brush", "rubble", "ford", "water", "chasm", "lava", "rock",
             "road_exit", "grass_dry"]
    terrain = [[t(names[(c * 5 + r * 3 + (c * r) % 4) % len(names)]) for c in range(COLS)] for r in range(ROWS)]
    terrain[0][COLS - 1] = 0  # transparent corners: no tile there
    terrain[ROWS - 1][0] = 0
    terrain[2][3] = t("road_exit") | FLIP_V
    terrain[4][5] = t("rubble") | FLIP_H | FLIP_V
    decor = [[0] * COLS for _ in range(ROWS)]
    # Trees in adjacent cells overlap each other and the row above: draw order matters.
    for c, r in ((1, 1), (2, 1), (1, 2), (2, 2), (4, 3), (5, 3), (4, 4)):
        decor[r][c] = d("tree")
    decor[2][2] = d("tree") | FLIP_H
    decor[0][0] = d("flowers")
    decor[3][0] = d("bush")
    decor[5][3] = d("reeds") | FLIP_H
    decor[1][5] = d("stones")
    decor[5][6] = d("flowers") | FLIP_H | FLIP_V
    haze = [[0] * COLS for _ in range(ROWS)]
    haze[0][2] = t("lava")
    haze[3][3] = t("water")
    haze[5][5] = t("chasm")
    tw, th = POINTY if pointy else FLAT
    return TmxDocument(
        HexLayout(axis, index, tw, th, POINTY_SIDE if pointy else FLAT_SIDE, COLS, ROWS),
        tilesets=[
            TilesetRef(1, "../../assets/terrain.tsx" if pointy else "../../assets/terrain_flat.tsx"),
            TilesetRef(DECOR_FIRST, "../../assets/decor.tsx" if pointy else "../../assets/decor_flat.tsx"),
        ],
        layers=[
            TileLayer("terrain", terrain),
            TileLayer("decor", decor),
            TileLayer("haze", haze, opacity=0.55),
        ],
        properties={"title": f"golden {axis}/{index}"},
        version="1.8",
        tiled_version="1.8.2",
        next_layer_id=5,  # the goldens were first saved with id 4 kept for a combatant layer they never got
    )


def golden_paths(axis: str, index: str) -> tuple[Path, Path]:
    stem = f"golden_{axis}_{index}"
    return GOLDEN / f"{stem}.tmx", GOLDEN / f"{stem}.png"


def drift_map(index: str) -> Path:
    """A flat-top map whose tilewidth - side is odd (74 - 37), which Tiled draws drifting right.

    Written with game.maps.tmxwrite (plain-colour tiles of its own), so the
    goldens also cover an embedded atlas tileset that is not ours.
    """
    from game.maps.tmxwrite import write_map

    rows = ["..dw.#c.x", "x#c..d.w.", ".w.#c.d.."]
    return write_map(GOLDEN / f"drift_x_{index}.tmx", rows, stagger_axis="x", stagger_index=index,
                     tile_width=74, tile_height=64, side_length=37)


def rasterize(tmx: Path, png: Path, *args: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(["tmxrasterizer", *args, str(tmx), str(png)], check=True, env=env, stderr=subprocess.DEVNULL)
    print("wrote", tmx.relative_to(ROOT), png.relative_to(ROOT))


FEATURES_DIR = GOLDEN / "tiled"
OBJECT_FEATURES = ("shapes", "text", "order")  # goldens with and without their object layers (render --objects)
# Only the --objects picture: the game view draws these layers' tile objects but not their shapes,
# which Tiled's rasterizer cannot leave out of a layer.
OBJECTS_ONLY = ("order",)


def feature_paths() -> list[tuple[str, Path]]:
    return [(f, FEATURES_DIR / f"{f}_{a}_{i}.tmx") for f in tiled_features.FEATURES for a, i in LAYOUTS]


def object_layers(tmx: Path) -> list[str]:
    import re

    return re.findall(r'<objectgroup [^>]*name="([^"]*)"', tmx.read_text())


ANIM_SECOND_FRAME = 6  # tiled_features.anim_tileset: tile 0 runs through tiles 5, 6, 7 (200, 150, 300 ms)


def frame2_paths() -> list[tuple[Path, Path]]:
    """The objects maps with their animated tile layer showing its second frame, and Tiled's picture of it.

    Tiled's rasterizer draws an animated tile's first frame only; putting the second frame's tile in
    the cells (and the tile object) is how Tiled shows what the window must show once the first
    frame's 200 ms are over.
    """
    return [(FEATURES_DIR / f"objects_{a}_{i}_frame2.tmx", FEATURES_DIR / f"objects_{a}_{i}_frame2.png")
            for a, i in LAYOUTS]


def frame2_map(text: str) -> str:
    import re

    mask = 0x0FFFFFFF  # the gid without Tiled's four flag bits

    def swap(gid: re.Match[str]) -> str:
        raw = int(gid.group())
        if raw & mask != tiled_features.ANIM_FIRST:
            return gid.group()
        return str((raw & ~mask) | (tiled_features.ANIM_FIRST + ANIM_SECOND_FRAME))

    def layer(m: re.Match[str]) -> str:
        return m.group(1) + re.sub(r"[0-9]+", swap, m.group(2)) + m.group(3)

    out, n = re.subn(r'(<layer [^>]*name="animated"[^>]*>\s*<data encoding="csv">)(.*?)(</data>)', layer, text,
                     flags=re.S)
    assert n == 1, "the objects map has no CSV layer named 'animated'"
    # The animated tile object too (Tiled animates tile objects as it does cells).
    return re.sub(r'(<object [^>]*gid=")([0-9]+)(")', lambda m: m.group(1) + swap(re.match(r"[0-9]+", m.group(2)))
                  + m.group(3), out)


def write_features() -> None:
    FEATURES_DIR.mkdir(parents=True, exist_ok=True)
    for feature, tmx in feature_paths():
        axis, index = tmx.stem.split("_")[-2:]
        tmx.write_text(tiled_features.feature_map(feature, axis, index), encoding="utf-8")
        if feature in OBJECT_FEATURES:
            # The game view draws no object shapes: Tiled's picture without them, and with them for --objects.
            if feature not in OBJECTS_ONLY:
                hide = [a for name in object_layers(tmx) for a in ("--hide-layer", name)]
                rasterize(tmx, tmx.with_suffix(".png"), *hide)
            rasterize(tmx, tmx.parent / f"{tmx.stem}_objects.png")
        else:
            rasterize(tmx, tmx.with_suffix(".png"))
    for tmx, png in frame2_paths():
        src = tmx.parent / tmx.name.replace("_frame2", "")
        tmx.write_text(frame2_map(src.read_text(encoding="utf-8")), encoding="utf-8")
        rasterize(tmx, png)


PUBLIC_DIR = ROOT / "tests" / "maps" / "public"


def public_maps() -> list[tuple[Path, Path]]:
    """Hex maps from public projects (see tests/maps/public/SOURCES.md) and Tiled's picture of each."""
    return [(tmx, tmx.with_suffix(".golden.png")) for tmx in sorted(PUBLIC_DIR.glob("*.tmx"))]


def text_ink_figures(tmx: Path, mine: object, gold: object, bare: object) -> str:
    """Text only: per text object, how far the ink's bounding box moved and the ink amount against
    Tiled's; and the share off by more than 8 outside the text (the measure for the SDL_ttf fallback)."""
    import math

    import numpy as np

    ink_gold = np.abs(gold - bare).max(axis=2) > 8  # type: ignore[operator]
    ink_mine = np.abs(mine - bare).max(axis=2) > 8  # type: ignore[operator]
    outside = np.ones(ink_gold.shape, bool)
    moved, ratios = [], []
    for x, y, w, h, rot, _attrs, _text in tiled_features.TEXTS:
        turn = math.radians(rot)  # the box turned about its top-left, plus 10 px
        pts = [(x + px * math.cos(turn) - py * math.sin(turn), y + px * math.sin(turn) + py * math.cos(turn))
               for px, py in ((0, 0), (w, 0), (w, h), (0, h))]
        x0, y0 = max(0, int(min(p[0] for p in pts)) - 10), max(0, int(min(p[1] for p in pts)) - 10)
        x1, y1 = int(max(p[0] for p in pts)) + 11, int(max(p[1] for p in pts)) + 11
        outside[y0:y1, x0:x1] = False
        g, m = ink_gold[y0:y1, x0:x1], ink_mine[y0:y1, x0:x1]
        gy, gx = np.nonzero(g)
        my, mx = np.nonzero(m)
        if not len(gx) or not len(mx):
            moved.append(-1)
            continue
        moved.append(int(max(abs(a - b) for a, b in zip((gx.min(), gy.min(), gx.max(), gy.max()),
                                                           (mx.min(), my.min(), mx.max(), my.max()), strict=True))))
        ratios.append(m.sum() / g.sum())
    off = (np.abs(mine - gold).max(axis=2) > 8)[outside].mean()  # type: ignore[operator]
    return (f"text ink box moved by {moved} px, ink amount {min(ratios):.2f}..{max(ratios):.2f} of Tiled's; "
            f"outside the text {off:.3%} off by more than 8")


def check() -> None:
    """Print the share of pixels off by more than 8 in any channel, per golden."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import numpy as np

    from game.render import render_map
    from game.render.pg import pygame
    from game.render.surfaces import surface_to_array

    pairs = [(GOLDEN / f"golden_{a}_{i}.tmx", GOLDEN / f"golden_{a}_{i}.png", False) for a, i in LAYOUTS]
    pairs += [(GOLDEN / f"drift_x_{i}.tmx", GOLDEN / f"drift_x_{i}.png", False) for i in ("odd", "even")]
    pairs += [(tmx, png, False) for tmx, png in public_maps()]
    for feature, tmx in feature_paths():
        if feature not in OBJECTS_ONLY:
            pairs.append((tmx, tmx.with_suffix(".png"), False))
        if feature in OBJECT_FEATURES:
            pairs.append((tmx, tmx.parent / f"{tmx.stem}_objects.png", True))
    for tmx, png, objects in pairs:
        mine = surface_to_array(render_map(tmx, objects=objects)).astype(np.int32)
        gold = surface_to_array(pygame.image.load(str(png))).astype(np.int32)
        if mine.shape != gold.shape:
            mh, mw, gh, gw = *mine.shape[:2], *gold.shape[:2]
            print(f"{png.relative_to(ROOT)}: size {mw}x{mh}, Tiled {gw}x{gh}")
            continue
        off = (np.abs(mine - gold).max(axis=2) > 8).mean()
        print(f"{png.relative_to(ROOT)}: {off:.3%} of pixels off by more than 8")
        if objects and tmx.stem.startswith("text_"):
            bare = surface_to_array(pygame.image.load(str(tmx.with_suffix(".png")))).astype(np.int32)
            print("  " + text_ink_figures(tmx, mine, gold, bare))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare Playmat's pictures with Tiled's")
    parser.add_argument("--features", action="store_true", help="only the feature goldens")
    args = parser.parse_args()
    if args.check:
        check()
        return
    write_features()
    for tmx, png in public_maps():
        rasterize(tmx, png)
    if args.features:
        return
    for axis, index in LAYOUTS:
        tmx, png = golden_paths(axis, index)
        write_tmx(tmx, golden_map(axis, index))
        rasterize(tmx, png)
    for index in ("odd", "even"):
        tmx = drift_map(index)
        rasterize(tmx, tmx.with_suffix(".png"))


if __name__ == "__main__":
    main()
