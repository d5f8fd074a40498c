"""Write maps/default.tmx: "Ambush at Miller's Ford", an 18x12 pointy-top (odd) encounter.

A party of three and a hired scout reach the ford on the west bank; orcs, a
goblin and a troll wait in the eastern woods, a pikeman holds the far end of
the ford. Run: ``.venv/bin/python tools/make_default_map.py``.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from make_tileset import DECOR_IDS, POINTY, POINTY_SIDE, TERRAIN_IDS, TERRAIN_TILES  # noqa: E402

from game.maps.pixels import TiledPixels  # noqa: E402
from game.maps.tmxdoc import FLIP_H, MapObject, ObjectGroup, TileLayer, TilesetRef, TmxDocument, write_tmx  # noqa: E402
from game.rules import HexLayout  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "maps" / "default.tmx"

# . grass  , lush grass  ; dry grass  d road  b brush  r rubble  f ford  w water  c chasm
# l smouldering fire pit (hazard)  # rock  E road leaving the field (exit, R24)
# The ford is six hexes over rows 5-7 (9,5 10,5 / 9,6 10,6 / 8,7 9,7), so that with the grass at 8,5 and
# the road at 8,6 and 11,6 centres 9,6 and 10,6 have no water round them: the Troll is large, and a large
# footprint (a centre and its six neighbours, R26) steps only where all seven hexes are ground it may
# enter (R27). A ford one hex across, along the road, left it no way over the two-hex river: it waited on
# the east bank until the party came over, and in 3 of tools/ai_behaviour.py's 10 games never struck at all.
TERRAIN = [
    ".,.;..,bww,b,#r#cc",
    ",...;,..wwbbb,rrcc",
    ".;#...,..wwbbb,rc;",
    ",..,.....ww,bbb.c;",
    "..,..b...ww.,bb..,",
    "Edd.,b...ff..,..;.",
    "Eddddddddffddddddd",
    ".,....,.ff,..l..,.",
    ",..b.....ww.bb..,.",
    "...rr.,...wwbbb..,",
    ".ww..,..;.ww.bb,..",
    "ww..,.....ww,.;..,",
]
CODES = {".": "grass", ",": "grass_lush", ";": "grass_dry", "d": "dirt", "b": "brush", "r": "rubble",
         "f": "ford", "w": "water", "c": "chasm", "l": "lava", "#": "rock", "E": "road_exit"}
TREES = {(7, 0), (11, 1), (12, 1), (10, 2), (12, 2), (13, 3), (14, 4), (12, 8), (13, 9), (14, 10), (3, 8)}
BUSHES = {(5, 4), (13, 1), (5, 5), (14, 9), (13, 10)}
STONES = {(14, 1), (3, 9), (15, 2), (4, 9)}
FLOWERS = {(1, 0), (3, 1), (0, 3), (6, 10), (16, 7), (2, 4), (15, 11)}

DESCRIPTION = (
    "Orcs, a goblin scout and a troll hold the ford of Miller's stream, wide enough for the troll to wade; "
    "Aldric's party and their ally Wren must cross the river or the shallows under a pikeman's reach. "
    "Playtested AI vs AI at normal: the party wins 67 % of 200 games (95 % interval 60-73 %), the orcs 33 %."
)

UNITS = [
    # name, faction, cell, facing, extra properties
    ("Aldric", "player", (4, 6), "e", {"hp": 18, "attack": 4, "defense": 14, "damage": "1d8+1",
                                       "initiative": 2, "skills": "blades:3, shields:2"}),
    ("Mira", "player", (3, 5), "e", {"hp": 10, "attack": 4, "defense": 12, "damage": "1d6+1",
                                     "initiative": 4, "move": 7, "skills": "blades:2, acrobatics:3"}),
    ("Brother Tam", "player", (2, 7), "e", {"hp": 14, "attack": 3, "defense": 13, "damage": "1d8",
                                            "initiative": 1, "skills": "maces:2"}),
    ("Wren", "ally", (5, 3), "e", {"hp": 10, "attack": 3, "defense": 12, "damage": "1d6+1", "move": 7,
                                   "initiative": 3}),
    ("Orc Pikeman", "enemy", (11, 6), "w", {"hp": 9, "attack": 1, "defense": 11, "damage": "1d8",
                                            "reach": 2, "initiative": 1}),
    ("Troll", "enemy", (15, 5), "w", {"hp": 18, "attack": 3, "defense": 10, "damage": "1d10", "size": "large",
                                      "move": 5}),
    ("Orc 1", "enemy", (12, 4), "sw", {"hp": 8, "attack": 2, "defense": 12, "damage": "1d8", "initiative": 2}),
    ("Orc 2", "enemy", (12, 9), "w", {"hp": 8, "attack": 2, "defense": 12, "damage": "1d8", "initiative": 2}),
    ("Goblin", "enemy", (14, 2), "sw", {"hp": 7, "attack": 1, "defense": 13, "damage": "1d6", "move": 7,
                                        "initiative": 5}),
]


def build() -> TmxDocument:
    rows, cols = len(TERRAIN), len(TERRAIN[0])
    assert all(len(r) == cols for r in TERRAIN), "ragged terrain rows"
    terrain = [[TERRAIN_IDS[CODES[ch]] + 1 for ch in row] for row in TERRAIN]
    # Vary the plain grass so the field does not look stamped: deterministic per cell.
    for r in range(rows):
        for c in range(cols):
            if TERRAIN[r][c] == "." and zlib.crc32(f"{c},{r}".encode()) % 5 == 0:
                terrain[r][c] = TERRAIN_IDS["grass_lush"] + 1
            if TERRAIN[r][c] in ".,;b" and zlib.crc32(f"f{c},{r}".encode()) % 2:
                terrain[r][c] |= FLIP_H  # a mirrored tile breaks up repeats
    first_decor = len(TERRAIN_TILES) + 1
    decor = [[0] * cols for _ in range(rows)]
    for cells, name in ((TREES, "tree"), (BUSHES, "bush"), (STONES, "stones"), (FLOWERS, "flowers")):
        for c, r in cells:
            decor[r][c] = DECOR_IDS[name] + first_decor
    # Reeds on the banks: grass cells that touch the river.
    layout = HexLayout("y", "odd", POINTY[0], POINTY[1], POINTY_SIDE, cols, rows)
    for r in range(rows):
        for c in range(cols):
            if TERRAIN[r][c] in ".,;" and not decor[r][c]:
                wet = sum(1 for nc, nr in layout.neighbors((c, r))
                          if layout.in_grid((nc, nr)) and TERRAIN[nr][nc] == "w")
                if wet >= 2 and zlib.crc32(f"reed{c},{r}".encode()) % 3:
                    decor[r][c] = (DECOR_IDS["reeds"] + first_decor) | (FLIP_H if (c + r) % 2 else 0)
    objects = []
    for name, faction, cell, facing, extra in UNITS:
        x, y = TiledPixels(layout).cell_center(cell)
        objects.append(MapObject(x, y, name, properties={"faction": faction, "facing": facing, **extra}))
    return TmxDocument(
        layout,
        tilesets=[TilesetRef(1, "../assets/terrain.tsx"), TilesetRef(first_decor, "../assets/decor.tsx")],
        layers=[TileLayer("terrain", terrain), TileLayer("decoration", decor), ObjectGroup("combatants", objects)],
        properties={"title": "Ambush at Miller's Ford", "seed": 1207, "description": DESCRIPTION},
        version="1.8",
        tiled_version="1.8.2",
    )


def main() -> None:
    argparse.ArgumentParser(description=__doc__.strip().splitlines()[0]).parse_args()  # no options: --help only
    write_tmx(OUT, build())
    print("wrote", OUT.relative_to(ROOT))


if __name__ == "__main__":
    main()
