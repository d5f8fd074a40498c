"""A designer's second map, built on the shipped tilesets: a river with one bridge, a ford and a flyer.

structures.tsx now counts the 16 slots Tiled cuts from its image, so Tiled saves a new map with decor.tsx at
firstgid 13 + 16 = 29. A map saved when it said 15 has decor at 28, inside the structures' gids: it is refused
with the fix (open it in Tiled and save it: Tiled renumbers it), not read one way of two.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps.errors import MapError
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


def test_a_decor_gid_just_past_the_structures_reads_as_decor() -> None:
    # Tiled's numbering (decor at 29): gid 29 is decor tile 0, a tree; gid 28 is structures' empty slot.
    assert _decor_tile(DATA / "river_crossing.tmx", 29) == ("decor", "tree")
    assert _decor_tile(DATA / "river_crossing.tmx", 28) == ("structures_pointy", None)
    # The shipped maps are written the same way (tools/mapkit.py).
    assert _decor_tile(ROOT / "maps" / "ambush.tmx", 29) == ("decor", "tree")


def test_a_map_saved_before_structures_counted_16_tiles_is_refused_with_the_fix(tmp_path: Path) -> None:
    # Decor at 28 lies inside structures' gids 13-28: gid 28 could be either's tile. The designer did not edit
    # the map by hand, so the line says how Tiled repairs it.
    text = (DATA / "river_crossing.tmx").read_text(encoding="utf-8")
    assets = (ROOT / "assets").as_posix() + "/"
    old = tmp_path / "river_crossing.tmx"
    old.write_text(text.replace('firstgid="29"', 'firstgid="28"').replace("../../assets/", assets),
                   encoding="utf-8")
    with pytest.raises(MapError) as info:
        load_scenario(old, allow_outside=True)
    assert str(info.value) == (
        'river_crossing.tmx: tileset "decor" (firstgid 28) overlaps tileset "structures_pointy" (gids 13-28): '
        "a gid in both could be either's tile; open the map in Tiled and save it (Tiled gives each tileset gids "
        "of its own and renumbers the tiles placed)")
