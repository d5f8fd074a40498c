"""A designer's second map, built on the shipped tilesets: a river with one bridge, a ford and a flyer.

structures.tsx now counts the 16 slots Tiled cuts from its image, so Tiled saves a new map with decor.tsx at
firstgid 13 + 16 = 29. A map saved when it said 15 has decor at 28, inside the structures' gids: it reads as Tiled
reads it (a gid belongs to the tileset with the highest firstgid not above it), and lint says to save it again.
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


def _decor_tile(path: Path, gid: int, allow_outside: bool = False) -> object:
    tmx = read_tmx(path, allow_outside=allow_outside)
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


def test_a_map_saved_before_structures_counted_16_tiles_reads_as_tiled_reads_it(tmp_path: Path) -> None:
    # Decor at 28 lies inside structures' gids 13-28, with no hand edit: Tiled reads gid 28 as the tileset with
    # the highest firstgid not above it, decor's tree, and so does Playmat; lint says how Tiled renumbers it.
    text = (DATA / "river_crossing.tmx").read_text(encoding="utf-8")
    assets = (ROOT / "assets").as_posix() + "/"
    old = tmp_path / "river_crossing.tmx"
    head, _, decoration = text.rpartition('<data encoding="csv">')  # the decoration layer, decor's trees
    body, _, tail = decoration.partition("</data>")
    body = ",".join(str(int(g) - 1) if g.strip() and int(g) >= 29 else g for g in body.split(","))
    text = f'{head}<data encoding="csv">{body}</data>{tail}'  # numbered from decor at 28, as Tiled saved it then
    old.write_text(text.replace('firstgid="29"', 'firstgid="28"').replace("../../assets/", assets),
                   encoding="utf-8")
    load_scenario(old, allow_outside=True)
    assert _decor_tile(old, 28, allow_outside=True) == ("decor", "tree")
    assert any('tileset "decor" (firstgid 28) starts inside tileset "structures_pointy" (gids 13-28)' in w
               and "open the map in Tiled and save it" in w for w in lint_map(old, allow_outside=True))
