"""TMX maps that exercise Tiled features one at a time, for goldens rasterized by Tiled itself.

Each feature map is written for all four stagger layouts with the shared
assets (terrain atlas + decoration collection with a tile offset), and
rasterized by ``tmxrasterizer`` (tools/make_goldens.py). Written as plain XML
so every attribute is exactly what Tiled 1.8 writes and reads.

Features: ``rotate`` (all four gid flag bits, 60/120/180-degree hex
rotations with flips, tall offset tiles), ``groups`` (hidden, translucent,
offset and tinted groups, nested, fractional and negative offsets),
``tint`` (layer tints with and without alpha, through groups), ``image``
(image layers with offset, opacity, tint, colour key and repeat),
``objects`` (tile objects: plain, scaled, rotated, flipped, hex-rotated, an
animated tile's first frame, an aligned tileset), ``shapes`` (rectangles,
ellipses, points, polygons and polylines, for ``render --objects``), ``text`` (text objects:
fonts, sizes, colours, alignment, wrapping, a turned one; ``render --objects``), ``order`` (shapes
and tile objects interleaved in one layer's file order, and by y in a draworder="topdown" layer).
"""

from __future__ import annotations

import base64
import gzip
import struct
import zlib

import zstandard

FLIP_H, FLIP_V, FLIP_D, ROT_120 = 0x80000000, 0x40000000, 0x20000000, 0x10000000
COLS, ROWS = 7, 6
# All eight flag combinations Tiled's hex tools produce (rotate 60/120/180, mirror H/V) and all four bits together.
FLAG_CYCLE = [0, FLIP_D, ROT_120, FLIP_D | ROT_120, FLIP_H, FLIP_V | FLIP_D, FLIP_H | ROT_120,
              FLIP_H | FLIP_V | FLIP_D | ROT_120]
FEATURES = ("rotate", "groups", "tint", "image", "objects", "shapes", "text", "order")
# Each tileset's gids start past the one before's, as Tiled numbers them: decor's tile ids run 0-5 (gids
# 13-18), so the animated tileset starts at 19 (at 18 it overlapped decor, and Playmat refuses such a map).
TERRAIN_FIRST, DECOR_FIRST, ANIM_FIRST = 1, 13, 19


def geometry(axis: str) -> dict[str, object]:
    pointy = axis == "y"
    return {
        "tw": 64 if pointy else 72, "th": 74 if pointy else 62, "side": 37 if pointy else 36,
        "terrain": "../../../assets/terrain.tsx" if pointy else "../../../assets/terrain_flat.tsx",
        "decor": "../../../assets/decor.tsx" if pointy else "../../../assets/decor_flat.tsx",
        "atlas": "../../../assets/tiles/terrain_pointy.png" if pointy else "../../../assets/tiles/terrain_flat.png",
        "atlas_size": (266, 230) if pointy else (298, 194),
    }


def csv(grid: list[list[int]]) -> str:
    return '<data encoding="csv">\n' + ",\n".join(",".join(str(g) for g in row) for row in grid) + "\n</data>"


def b64(grid: list[list[int]], compression: str | None) -> str:
    raw = struct.pack(f"<{COLS * ROWS}I", *(g for row in grid for g in row))
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw, mtime=0)
    elif compression == "zstd":
        raw = zstandard.ZstdCompressor().compress(raw)
    comp = f' compression="{compression}"' if compression else ""
    return f'<data encoding="base64"{comp}>\n   {base64.b64encode(raw).decode()}\n  </data>'


def layer(lid: int, name: str, data: str, attrs: str = "") -> str:
    return f' <layer id="{lid}" name="{name}" width="{COLS}" height="{ROWS}"{attrs}>\n  {data}\n </layer>\n'


def terrain_grid(seed: int = 0) -> list[list[int]]:
    grid = [[TERRAIN_FIRST + (c * 5 + r * 3 + seed + (c * r) % 4) % 12 for c in range(COLS)] for r in range(ROWS)]
    grid[0][COLS - 1] = 0
    grid[ROWS - 1][0] = 0
    return grid


def anim_tileset(g: dict[str, object]) -> str:
    """An embedded tileset on the terrain atlas whose tile 0 is animated (frames 5, 6, 7)."""
    aw, ah = g["atlas_size"]  # type: ignore[misc]
    return (f' <tileset firstgid="{ANIM_FIRST}" name="anim" tilewidth="{g["tw"]}" tileheight="{g["th"]}" spacing="2" '
            f'margin="2" tilecount="12" columns="4" objectalignment="center">\n'
            f'  <image source="{g["atlas"]}" width="{aw}" height="{ah}"/>\n'
            '  <tile id="0">\n   <animation>\n    <frame tileid="5" duration="200"/>\n'
            '    <frame tileid="6" duration="150"/>\n    <frame tileid="7" duration="300"/>\n'
            '   </animation>\n  </tile>\n'
            ' </tileset>\n')


def feature_map(feature: str, axis: str, index: str) -> str:
    g = geometry(axis)
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" '
            f'renderorder="right-down" width="{COLS}" height="{ROWS}" tilewidth="{g["tw"]}" tileheight="{g["th"]}" '
            f'infinite="0" hexsidelength="{g["side"]}" staggeraxis="{axis}" staggerindex="{index}" '
            f'nextlayerid="20" nextobjectid="40">\n'
            f' <properties>\n  <property name="title" value="{feature} {axis}/{index}"/>\n </properties>\n'
            f' <tileset firstgid="{TERRAIN_FIRST}" source="{g["terrain"]}"/>\n'
            f' <tileset firstgid="{DECOR_FIRST}" source="{g["decor"]}"/>\n')
    body = globals()[f"_{feature}"](g)
    return head + body + "</map>\n"


def _rotate(g: dict[str, object]) -> str:
    terrain = terrain_grid()
    decor = [[0] * COLS for _ in range(ROWS)]
    for r in range(ROWS):
        for c in range(COLS):
            if terrain[r][c]:
                terrain[r][c] |= FLAG_CYCLE[(c + 3 * r) % len(FLAG_CYCLE)]
    for i, (c, r) in enumerate(((1, 1), (3, 1), (5, 2), (2, 3), (4, 4), (1, 4), (6, 3), (3, 5))):
        decor[r][c] = (DECOR_FIRST + i % 5) | FLAG_CYCLE[i]
    # One layer per encoding Tiled writes: the flags must survive each.
    third = [[0] * COLS for _ in range(ROWS)]
    third[2][2] = (TERRAIN_FIRST + 8) | FLIP_D
    third[0][4] = (TERRAIN_FIRST + 9) | ROT_120 | FLIP_V
    fourth = [[0] * COLS for _ in range(ROWS)]
    fourth[4][2] = (DECOR_FIRST + 0) | FLIP_D | ROT_120
    return (layer(1, "terrain", b64(terrain, "zlib")) + layer(2, "decor", csv(decor))
            + layer(3, "gzip", b64(third, "gzip"), ' opacity="0.8"') + layer(4, "zstd", b64(fourth, "zstd")))


def _groups(g: dict[str, object]) -> str:
    terrain = terrain_grid()
    lava = [[TERRAIN_FIRST + 8] * COLS for _ in range(ROWS)]
    decor = [[0] * COLS for _ in range(ROWS)]
    for i, (c, r) in enumerate(((1, 1), (2, 1), (4, 2), (2, 3), (5, 4), (0, 2))):
        decor[r][c] = DECOR_FIRST + i % 5
    haze = [[0] * COLS for _ in range(ROWS)]
    haze[1][3] = TERRAIN_FIRST + 6
    haze[3][5] = TERRAIN_FIRST + 7
    return (
        ' <group id="10" name="ground" offsetx="6.5" offsety="-3.25" opacity="0.9">\n'
        + layer(1, "terrain", csv(terrain))
        + ' <group id="11" name="hidden" visible="0">\n' + layer(2, "lava", csv(lava)) + ' </group>\n'
        + ' </group>\n'
        + ' <group id="12" name="props" offsetx="-20.4" offsety="9.6">\n'
        + ' <group id="13" name="faded" opacity="0.6" tintcolor="#ffe0c0">\n'
        + layer(3, "decor", csv(decor), ' offsetx="2.7" offsety="-1.2"') + ' </group>\n'
        + layer(4, "haze", csv(haze), ' opacity="0.7" offsetx="12" offsety="31.5" parallaxx="0.5" parallaxy="1.5"')
        + ' </group>\n'
        + layer(5, "off to the left", csv([[0] * COLS for _ in range(ROWS)]), ' offsetx="-33.7"')
    )


def _tint(g: dict[str, object]) -> str:
    terrain = terrain_grid()
    decor = [[0] * COLS for _ in range(ROWS)]
    for i, (c, r) in enumerate(((1, 1), (3, 2), (5, 1), (2, 4), (4, 4))):
        decor[r][c] = DECOR_FIRST + i % 5
    top = [[0] * COLS for _ in range(ROWS)]
    top[2][1] = TERRAIN_FIRST + 6
    top[3][4] = TERRAIN_FIRST + 2
    return (layer(1, "terrain", csv(terrain), ' tintcolor="#ff9966"')
            + ' <group id="10" name="blue" tintcolor="#c0c0ff">\n'
            + layer(2, "decor", csv(decor), ' tintcolor="#a0ffa0"')
            + layer(3, "ghost", csv(top), ' tintcolor="#80ffffff" opacity="0.9"')
            + ' </group>\n')


def _image(g: dict[str, object]) -> str:
    aw, ah = g["atlas_size"]  # type: ignore[misc]
    terrain = terrain_grid()
    return (layer(1, "terrain", csv(terrain))
            + f' <imagelayer id="2" name="atlas" offsetx="40" offsety="24" opacity="0.75" tintcolor="#ffd0a0">\n'
              f'  <image source="{g["atlas"]}" width="{aw}" height="{ah}"/>\n </imagelayer>\n'
            + ' <imagelayer id="3" name="tree band" offsetx="-25.5" offsety="150" repeatx="1">\n'
              '  <image source="../../../assets/tiles/decor_tree.png" width="64" height="80"/>\n </imagelayer>\n'
            + ' <imagelayer id="4" name="empty"/>\n'
            + ' <imagelayer id="6" name="old style" x="12" y="30" opacity="0.5">\n'
              '  <image source="../../../assets/tiles/decor_bush.png" width="64" height="64"/>\n </imagelayer>\n'
            + ' <group id="10" name="hidden group" visible="0">\n'
              f' <imagelayer id="5" name="never"><image source="{g["atlas"]}" width="{aw}" height="{ah}"/>'
              '</imagelayer>\n </group>\n')


def _objects(g: dict[str, object]) -> str:
    terrain = terrain_grid()
    anim = [[0] * COLS for _ in range(ROWS)]
    anim[1][2] = ANIM_FIRST
    anim[3][5] = ANIM_FIRST | FLIP_D
    tw, th = g["tw"], g["th"]
    objs = [
        (DECOR_FIRST + 0, 60, 150, 0, 0, 0),  # a tree, bottom-left aligned (tileset default)
        (DECOR_FIRST + 1, 200, 120, 96, 48, 0),  # a bush stretched to 96 x 48
        (DECOR_FIRST + 2 | FLIP_H, 300, 250, 0, 0, 0),  # mirrored reeds
        (DECOR_FIRST + 3, 150, 300, 64, 64, 30),  # stones turned 30 degrees about their anchor
        (DECOR_FIRST + 4 | FLIP_D, 380, 180, 0, 0, 0),  # flowers hex-rotated 60 degrees
        (ANIM_FIRST, 250, 330, tw, th, 0),  # animated tile (first frame), centre-aligned tileset
        (TERRAIN_FIRST + 4 | ROT_120, 110, 230, 0, 0, 15),  # 120 degrees plus a 15-degree object turn
    ]
    lines = []
    for i, (gid, x, y, w, h, rot) in enumerate(objs):
        size = f' width="{w}" height="{h}"' if w else ""
        turn = f' rotation="{rot}"' if rot else ""
        lines.append(f'  <object id="{i + 1}" gid="{gid}" x="{x}" y="{y}"{size}{turn}/>')
    lines.append('  <object id="20" gid="14" x="20" y="40" visible="0"/>')  # hidden: not drawn
    return (anim_tileset(g) + layer(1, "terrain", csv(terrain)) + layer(2, "animated", csv(anim))
            + ' <objectgroup id="3" name="props" offsetx="5.5" offsety="-4" tintcolor="#fff0e0">\n'
            + "\n".join(lines) + "\n </objectgroup>\n"
            + ' <objectgroup id="4" name="hidden props" visible="0">\n'
              '  <object id="30" gid="14" x="200" y="200"/>\n </objectgroup>\n')


def _shapes(g: dict[str, object]) -> str:
    terrain = terrain_grid()
    return (layer(1, "terrain", csv(terrain))
            + ' <objectgroup id="2" name="marks" color="#ff2020">\n'
              '  <object id="1" x="40" y="30" width="120" height="60"/>\n'
              '  <object id="2" x="220" y="40" width="90" height="70"><ellipse/></object>\n'
              '  <object id="3" x="80" y="200"><point/></object>\n'
              '  <object id="4" x="200" y="180"><polygon points="0,0 80,20 40,90 -20,50"/></object>\n'
              '  <object id="5" x="60" y="290"><polyline points="0,0 60,-30 120,10 200,-20"/></object>\n'
              '  <object id="6" x="300" y="260" width="80" height="40" rotation="20"/>\n'
              ' </objectgroup>\n'
            + ' <objectgroup id="3" name="notes" color="#2060ff" opacity="0.7">\n'
              '  <object id="7" x="260" y="120" width="110" height="40" rotation="-15"><ellipse/></object>\n'
              '  <object id="8" x="30" y="120" width="0" height="0"/>\n'
              ' </objectgroup>\n')


# Text objects (x, y, w, h, rotation, <text> attributes, text), all inside the smallest layout's picture.
TEXTS = [
    (20, 20, 200, 30, 0, "", "Ford of Ash"),
    (230, 40, 150, 80, 0, 'pixelsize="20" wrap="1" color="#ffffff" bold="1" halign="center" valign="center"',
     "The old bridge is out"),
    (30, 150, 180, 40, 0, 'fontfamily="DejaVu Serif" pixelsize="24" color="#ffe040" halign="right"', "Lair"),
    (200, 250, 170, 60, 0, 'pixelsize="18" color="#20ff60" italic="1" valign="bottom"', "Here be dragons"),
    (60, 230, 120, 30, 25, 'pixelsize="14" color="#ff4040" underline="1"', "Turned, 25"),
]


def _text(g: dict[str, object]) -> str:
    terrain = terrain_grid()
    objs = []
    for i, (x, y, w, h, rot, attrs, text) in enumerate(TEXTS):
        turn = f' rotation="{rot}"' if rot else ""
        objs.append(f'  <object id="{i + 1}" x="{x}" y="{y}" width="{w}" height="{h}"{turn}>'
                    f'<text {attrs}>{text}</text></object>\n')
    return (layer(1, "terrain", csv(terrain))
            + ' <objectgroup id="2" name="labels">\n' + "".join(objs) + " </objectgroup>\n")


def _order(g: dict[str, object]) -> str:
    """Shapes and tile objects interleaved: Tiled draws an object layer's objects one by one in the
    file's order (draworder="index"), or sorted by y (draworder="topdown"), shapes and tiles alike."""
    terrain = terrain_grid()
    tree, bush, stones = DECOR_FIRST + 0, DECOR_FIRST + 1, DECOR_FIRST + 3
    return (layer(1, "terrain", csv(terrain))
            + ' <objectgroup id="2" name="in file order" color="#ff3030">\n'
              '  <object id="1" x="40" y="30" width="170" height="130"/>\n'
              f'  <object id="2" gid="{tree}" x="70" y="170" width="128" height="160"/>\n'
              '  <object id="3" x="90" y="50" width="100" height="100"><ellipse/></object>\n'
              f'  <object id="4" gid="{bush}" x="110" y="150"/>\n'
              '  <object id="5" x="100" y="100"><polygon points="0,0 90,10 60,70"/></object>\n'
              ' </objectgroup>\n'
            + ' <objectgroup id="3" name="by y" color="#2080ff" draworder="topdown">\n'
              f'  <object id="6" gid="{stones}" x="230" y="330" width="128" height="128"/>\n'
              '  <object id="7" x="220" y="240" width="150" height="70"/>\n'
              f'  <object id="8" gid="{bush}" x="250" y="200" width="96" height="96"/>\n'
              '  <object id="9" x="260" y="150" width="100" height="30"><ellipse/></object>\n'
              ' </objectgroup>\n')
