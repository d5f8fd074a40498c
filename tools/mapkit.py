"""Build shipped scenario maps from rows of characters on Playmat's tilesets (used by tools/make_maps.py).

A map is described by terrain rows (one char a cell, see ``CODES``), decorations by cell, and units.
The result is a plain Tiled map: three external tilesets (terrain, structures, decor; the pointy or
flat variants to match the layout), a ``terrain`` tile layer, a ``decoration`` tile layer and a
``combatants`` object layer of point objects at cell centres. Everything random is seeded per map.
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from make_structures import STRUCTURE_IDS, STRUCTURE_TILES  # noqa: E402
from make_tileset import (  # noqa: E402
    DECOR_IDS,
    FLAT,
    FLAT_SIDE,
    POINTY,
    POINTY_SIDE,
    TERRAIN_IDS,
    TERRAIN_TILES,
    atlas_tilecount,
)

from game.maps.pixels import TiledPixels  # noqa: E402
from game.maps.tmxdoc import FLIP_H, MapObject, ObjectGroup, TileLayer, TilesetRef, TmxDocument  # noqa: E402
from game.rules import Cell, HexLayout  # noqa: E402

# Each tileset's gids start past the last slot of the one before, as Tiled numbers them: the structures atlas
# has 15 tiles in 16 slots, and decor at 13 + 15 = 28 shared gid 28 with its empty last slot.
STRUCT_FIRST = atlas_tilecount(len(TERRAIN_TILES)) + 1
DECOR_FIRST = STRUCT_FIRST + atlas_tilecount(len(STRUCTURE_TILES))

# char -> (tileset, tile name). Terrain tileset: natural ground; structures: built ground, fire, exits.
CODES: dict[str, tuple[str, str]] = {
    ".": ("t", "grass"), ",": ("t", "grass_lush"), ";": ("t", "grass_dry"), "d": ("t", "dirt"),
    "b": ("t", "brush"), "r": ("t", "rubble"), "f": ("t", "ford"), "w": ("t", "water"), "c": ("t", "chasm"),
    "l": ("t", "lava"), "#": ("t", "rock"), "E": ("t", "road_exit"),
    "S": ("s", "stone"), "W": ("s", "wall"), "G": ("s", "gate"), "p": ("s", "planks"), "H": ("s", "hull"),
    "M": ("s", "mast"), "D": ("s", "ditch"), "F": ("s", "fire"), "X": ("s", "stone_exit"),
    "P": ("s", "planks_exit"), "e": ("s", "grass_exit"), "x": ("s", "road_exit"), "v": ("s", "deep_water"),
    "|": ("s", "arrow_slit"), "m": ("s", "parapet"),
}
# Chars whose tile may be mirrored to break up repeats (natural textures only).
FLIPPABLE = set(".,;brd")


def gid(char: str) -> int:
    which, name = CODES[char]
    return TERRAIN_IDS[name] + 1 if which == "t" else STRUCTURE_IDS[name] + STRUCT_FIRST


def decor_gid(name: str, flip: bool = False) -> int:
    return (DECOR_IDS[name] + DECOR_FIRST) | (FLIP_H if flip else 0)


@dataclass
class Unit:
    name: str
    faction: str
    at: Cell
    props: dict[str, object] = field(default_factory=dict)


@dataclass
class MapSpec:
    file: str
    title: str
    description: str
    axis: str  # "y" pointy, "x" flat
    index: str  # "odd" / "even"
    rows: list[str]
    units: list[Unit]
    seed: int
    decor: Mapping[Cell, str] = field(default_factory=dict)
    properties: Mapping[str, object] = field(default_factory=dict)
    # chance (0..1) of a tree on a brush cell, chosen by a per-cell hash (seeded by the file name)
    tree_density: float = 0.0
    tree: str = "tree"  # the decor tile of those trees: "thick_tree" makes them cover (R31)

    def layout(self) -> HexLayout:
        cols, rows = len(self.rows[0]), len(self.rows)
        if self.axis == "y":
            return HexLayout("y", self.index, POINTY[0], POINTY[1], POINTY_SIDE, cols, rows)
        return HexLayout("x", self.index, FLAT[0], FLAT[1], FLAT_SIDE, cols, rows)


def _hash(spec: MapSpec, tag: str, cell: Cell) -> int:
    return zlib.crc32(f"{spec.file}:{tag}:{cell[0]},{cell[1]}".encode())


def build(spec: MapSpec) -> TmxDocument:
    rows, cols = len(spec.rows), len(spec.rows[0])
    bad = [i for i, r in enumerate(spec.rows) if len(r) != cols]
    if bad:
        raise ValueError(f"{spec.file}: rows {bad} are not {cols} wide")
    unknown = sorted({ch for r in spec.rows for ch in r} - set(CODES))
    if unknown:
        raise ValueError(f"{spec.file}: unknown terrain chars {unknown}")
    layout = spec.layout()
    terrain = [[gid(ch) for ch in row] for row in spec.rows]
    for r in range(rows):
        for c in range(cols):
            ch = spec.rows[r][c]
            if ch == "." and _hash(spec, "lush", (c, r)) % 6 == 0:
                terrain[r][c] = gid(",")
            if ch in FLIPPABLE and _hash(spec, "flip", (c, r)) % 2:
                terrain[r][c] |= FLIP_H
    decor = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if spec.rows[r][c] == "b" and _hash(spec, "tree", (c, r)) % 1000 < spec.tree_density * 1000:
                decor[r][c] = decor_gid(spec.tree, bool(_hash(spec, "tflip", (c, r)) % 2))
    for (c, r), name in spec.decor.items():
        decor[r][c] = decor_gid(name, bool(_hash(spec, "dflip", (c, r)) % 2)) if name else 0
    pixels = TiledPixels(layout)
    objects = []
    for u in spec.units:
        x, y = pixels.cell_center(u.at)
        objects.append(MapObject(x, y, u.name, properties={"faction": u.faction, **u.props}))
    suffix = "" if spec.axis == "y" else "_flat"
    tilesets = [TilesetRef(1, f"../assets/terrain{suffix}.tsx"),
                TilesetRef(STRUCT_FIRST, f"../assets/structures{suffix}.tsx")]
    if any(any(row) for row in decor):  # an unused tileset is a lint warning
        tilesets.append(TilesetRef(DECOR_FIRST, f"../assets/decor{suffix}.tsx"))
    return TmxDocument(
        layout,
        tilesets=tilesets,
        layers=[TileLayer("terrain", terrain), TileLayer("decoration", decor), ObjectGroup("combatants", objects)],
        properties={"title": spec.title, "description": spec.description, "seed": spec.seed, **spec.properties},
        version="1.8",
        tiled_version="1.8.2",
    )


def cells_of(spec: MapSpec, chars: Iterable[str]) -> list[Cell]:
    want = set(chars)
    return [(c, r) for r, row in enumerate(spec.rows) for c, ch in enumerate(row) if ch in want]
