"""A designer's second map, built on the shipped tilesets: a river with one bridge, a ford and a flyer.

structures.tsx now counts the 16 slots Tiled cuts from its image, so Tiled saves a new map with decor.tsx at
firstgid 13 + 16 = 29; the shipped maps, written when it said 15, keep decor at 28. Both read as Tiled reads
them: a gid belongs to the tileset with the highest firstgid not above it.
"""

from __future__ import annotations

from pathlib import Path

from game.maps.lint import lint_map
from game.maps.loader import load_scenario
from game.maps.tmx_adapter import read_tmx

DATA = Path(__file__).resolve().parent / "data"
ROOT = Path(__file__).resolve().parents[1]


def test_the_river_crossing_lints_clean_and_its_flyer_is_a_flyer() -> None:
    assert lint_map(DATA / "river_crossing.tmx") == []
    kestrel = next(c for c in load_scenario(DATA / "river_crossing.tmx").combatants if c.name == "Kestrel")
    assert kestrel.movement_type.name == "FLYING"


def _decor_tile(path: Path, gid: int) -> object:
    tmx = read_tmx(path)
    ts = tmx.tileset_of(gid)
    assert ts is not None
    info = ts.info(gid - ts.firstgid)
    return ts.name, info.properties.get("tile") if info is not None else None


def test_a_decor_gid_just_past_the_structures_reads_as_decor_with_either_numbering() -> None:
    # Tiled's numbering now (decor at 29): gid 29 is decor tile 0, a tree; gid 28 is structures' empty slot.
    assert _decor_tile(DATA / "river_crossing.tmx", 29) == ("decor", "tree")
    # The shipped maps' numbering (decor at 28, one slot of structures under it): 28 is still the tree.
    assert _decor_tile(ROOT / "maps" / "ambush.tmx", 28) == ("decor", "tree")
