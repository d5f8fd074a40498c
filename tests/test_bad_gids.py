"""Tile gids that name no tile, and two tilesets of one firstgid, are refused in one line naming the place.

Tiled gives each tileset gids of its own (docs/map-format.md "The map"): an atlas from firstgid to
firstgid + tilecount - 1, an image collection to firstgid + its largest tile id. A gid in none is no tile,
and two tilesets starting at one gid make each of its gids either's tile: both are refused. A tileset
starting inside an earlier one's gids (a .tsx that gained tiles since the map was saved) is read as Tiled
reads it, the highest firstgid not above a gid owning it, and lint says how to renumber.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.layer_tree import TileLayerData
from game.maps.lint import lint_map
from game.maps.loader import load_scenario, validate_map
from game.maps.tile_data import FLIP_H, GID_MASK
from game.maps.tilesets import owner_of
from game.maps.tmx_adapter import read_tmx
from game.maps.tmxwrite import write_map

from .test_bad_maps import edit, refused, unit

GRID = ["....", "....", "....", "...."]
SECOND_ROW = "1,1,1,1,\n1,1,1,1,"  # the writer's first two rows of the terrain layer, all grass (gid 1)


def atlas(name: str, firstgid: int) -> str:
    """An atlas tileset of 8 tiles drawn from the writer's own image (gids firstgid..firstgid+7)."""
    return (f' <tileset firstgid="{firstgid}" name="{name}" tilewidth="64" tileheight="74" tilecount="8" '
            'columns="8">\n  <image source="ambush_tiles.png" width="512" height="74"/>\n </tileset>\n')


def collection(name: str, firstgid: int, ids: tuple[int, ...], tilecount: int | None) -> str:
    """An image collection holding tiles of ``ids`` (Tiled keeps ids when a tile is deleted: they may skip)."""
    count = f' tilecount="{tilecount}"' if tilecount is not None else ""
    tiles = "".join(f'  <tile id="{i}"><image source="ambush_tiles.png" width="64" height="74"/></tile>\n'
                    for i in ids)
    return (f' <tileset firstgid="{firstgid}" name="{name}" tilewidth="64" tileheight="74"{count} columns="0">\n'
            f'  <grid orientation="orthogonal" width="1" height="1"/>\n{tiles} </tileset>\n')


def ambush(tmp_path: Path, *tilesets: str, row: str | None = None) -> Path:
    """The writer's 4x4 map of one tileset "terrain" (gids 1-8), ``tilesets`` added after it, the second
    row of cells (row 1) written as ``row`` (four gids)."""
    p = write_map(tmp_path / "ambush.tmx", GRID, units=[unit("Orc", (0, 3))])
    if tilesets:
        edit(p, ' <layer id="1"', "".join(tilesets) + ' <layer id="1"')
    if row is not None:
        edit(p, SECOND_ROW, f"1,1,1,1,\n{row},")
    return p


# --- tilesets whose gids overlap ---------------------------------------------------------------------------
def test_the_same_firstgid_twice_is_refused(tmp_path: Path) -> None:
    p = ambush(tmp_path, atlas("roads", 1))
    assert refused(p) == ('ambush.tmx: tileset "roads" (firstgid 1) starts at the same gid as tileset "terrain" '
                          "(gids 1-8): two tilesets cannot start at the same gid (Tiled never writes this: undo "
                          "the hand edit)")


def test_a_firstgid_inside_an_atlas_s_gids_reads_as_tiled_reads_it_and_lint_warns(tmp_path: Path) -> None:
    # A .tsx that gained tiles after the map was saved leaves the next firstgid inside its gids, with no hand
    # edit; Tiled opens it, reading a gid as the tile of the highest firstgid not above it. So does Playmat:
    # gid 5 is roads' tile 0 (a tree in the writer's image, R5's difficult ground) -- and lint says how to fix it.
    p = ambush(tmp_path, atlas("roads", 5), row="1,5,1,1")
    assert validate_map(p) == []
    assert lint_tile(p, 1, 1) == ("roads", 0)
    warnings = [w for w in lint_map(p) if "starts inside" in w]
    assert warnings == [
        'ambush.tmx: tileset "roads" (firstgid 5) starts inside tileset "terrain" (gids 1-8): gids from 5 on are '
        'read as "roads"\'s tiles, so "terrain"\'s last tiles cannot be placed; open the map in Tiled and save it '
        "(Tiled moves the firstgid up and renumbers the tiles placed)"]


def test_an_image_collection_s_gids_run_to_its_largest_tile_id_not_its_tilecount(tmp_path: Path) -> None:
    # Tiles 0 and 7 (1-6 deleted in Tiled): tilecount 2, but gids 9-16 are the collection's.
    inside = ambush(tmp_path, collection("trees", 9, (0, 7), 2), atlas("roads", 12))
    assert any('tileset "roads" (firstgid 12) starts inside tileset "trees" (gids 9-16)' in w
               for w in lint_map(inside))
    past = tmp_path / "past"
    past.mkdir()
    assert not any("starts inside" in w
                   for w in lint_map(ambush(past, collection("trees", 9, (0, 7), 2), atlas("roads", 17))))


def test_tilesets_written_out_of_order_are_judged_by_firstgid(tmp_path: Path) -> None:
    # Tiled writes them by firstgid; a hand-merged file need not. Only their gids matter.
    p = ambush(tmp_path, atlas("roads", 20), atlas("walls", 9))
    assert validate_map(p) == []
    edit(p, 'firstgid="9"', 'firstgid="20"')
    refused(p, 'tileset "walls" (firstgid 20) starts at the same gid as tileset "roads" (gids 20-27)')


def lint_tile(p: Path, col: int, row: int) -> tuple[str, int]:
    """(tileset name, local id) of the tile the terrain layer places at ``col,row``, as the loader reads it."""
    tmx = read_tmx(p)
    layer = next(layer for layer in tmx.layers if isinstance(layer, TileLayerData))
    gid = int(layer.gids[row, col]) & GID_MASK
    ts = owner_of(tmx.tilesets, gid)
    assert ts is not None
    return ts.name, gid - ts.firstgid


# --- cells of no tile ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("gid,ranges", [
    (50, '1-8 "terrain", 100-107 "roads"'),  # between two tilesets: past the first one's tilecount
    (108, '1-8 "terrain", 100-107 "roads"'),  # past the last one
])
def test_a_cell_past_an_atlas_s_tiles_is_refused_naming_layer_cell_and_gid(tmp_path: Path, gid: int,
                                                                            ranges: str) -> None:
    p = ambush(tmp_path, atlas("roads", 100), row=f"1,1,{gid},1")
    assert refused(p).startswith(f'ambush.tmx: cell 2,1: layer "Terrain" has tile gid {gid}, which belongs to no '
                                 f"tileset (the map's tilesets hold gids {ranges}): repaint the cell in Tiled")


def test_a_cell_below_the_first_firstgid_is_refused(tmp_path: Path) -> None:
    p = ambush(tmp_path, row="1,2,1,1")
    edit(p, 'firstgid="1"', 'firstgid="2"')  # grass is now gid 2; gid 1 is no tile
    refused(p, "cell 0,0:", "tile gid 1, which belongs to no tileset", '2-9 "terrain"')


def test_two_bad_cells_of_a_layer_are_one_line_naming_the_first(tmp_path: Path) -> None:
    p = ambush(tmp_path, row="1,1,77,78")
    refused(p, 'cell 2,1: layer "Terrain" has tile gid 77, which belongs to no tileset (so does 1 more of its cells; ')


def test_a_flipped_cell_names_its_gid_without_the_flip_bits(tmp_path: Path) -> None:
    p = ambush(tmp_path, row=f"1,{FLIP_H | 99},1,1")
    refused(p, "cell 1,1:", "tile gid 99,")


def test_a_hidden_layer_s_cell_of_no_tile_is_refused_too(tmp_path: Path) -> None:
    # Hidden layers give no terrain, but the map is broken all the same (Tiled shows the cell empty).
    p = write_map(tmp_path / "ambush.tmx", GRID, units=[unit("Orc", (0, 3))],
                  layers=[{"name": "Notes", "rows": ["____", "____", "___x", "____"], "visible": False}])
    text = p.read_text()
    notes = text[text.index('name="Notes"'):]
    old = notes[: notes.index("</data>")]
    p.write_text(text.replace(old, old.replace("0,0,0,7,", "0,0,0,4000,")))  # x is the writer's gid 7
    refused(p, 'cell 3,2: layer "Notes" has tile gid 4000')


def test_an_image_collection_tile_id_it_does_not_list_is_refused(tmp_path: Path) -> None:
    # Ids 0 and 7: gid 10 (id 1) is within its tilecount of 2 but is no tile of it; 16 (id 7) is.
    p = ambush(tmp_path, collection("trees", 9, (0, 7), 2), row="9,16,10,1")
    refused(p, 'cell 2,1: layer "Terrain" has tile gid 10, which belongs to no tileset', '9-16 "trees"')


def test_an_image_collection_s_sparse_ids_past_its_tilecount_still_load(tmp_path: Path) -> None:
    p = ambush(tmp_path, collection("trees", 9, (0, 7), 2), row="9,16,1,1")
    assert validate_map(p) == []
    assert load_scenario(p).board.cols == 4


def test_an_image_collection_without_a_tilecount_holds_only_its_tiles(tmp_path: Path) -> None:
    p = ambush(tmp_path, collection("trees", 9, (0, 7), None), row="1,9999,1,1")
    refused(p, "cell 1,1:", "tile gid 9999, which belongs to no tileset", '9-16 "trees"')


def test_a_layer_of_many_bad_cells_is_one_line_naming_the_first_and_counting_the_rest(tmp_path: Path) -> None:
    # A layer of 10,000 cells, each a gid of no tile and no two alike: one line, found without a look per cell.
    side = 100
    p = write_map(tmp_path / "ambush.tmx", ["." * side] * side, units=[unit("Orc", (0, 0))])
    text = p.read_text()
    start = text.index('<data encoding="csv">') + len('<data encoding="csv">')
    end = text.index("</data>", start)
    cells = ",\n".join(",".join("1" if (c, r) == (0, 0) else str(1000 + r * side + c) for c in range(side))
                       for r in range(side))
    p.write_text(text[:start] + "\n" + cells + "\n" + text[end:])
    lines = validate_map(p)
    assert lines[0] == ('ambush.tmx: cell 1,0: layer "Terrain" has tile gid 1001, which belongs to no tileset '
                        "(so do 9,998 more of its cells; the map's tilesets hold gids 1-8 \"terrain\"): "
                        "repaint the cell in Tiled, or add back the tileset it came from")
    assert sum("belongs to no tileset" in line for line in lines) == 1


# --- tile objects of no tile ---------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", [9999, FLIP_H | 9999])
def test_a_tile_object_of_no_tile_is_refused_naming_the_object(tmp_path: Path, gid: int) -> None:
    p = ambush(tmp_path)
    edit(p, "</objectgroup>", f'  <object id="9" name="Old tree" gid="{gid}" x="10" y="80" width="64" '
                              'height="74"/>\n </objectgroup>')
    assert refused(p) == ('ambush.tmx: object 9 "Old tree": tile gid 9999, the tile it shows, belongs to no '
                          "tileset (the map's tilesets hold gids 1-8 \"terrain\"): pick its tile again in Tiled, "
                          "or delete it")


# --- the command line ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["validate", "render"])
def test_the_commands_refuse_with_one_line_and_status_2(tmp_path: Path, command: str, capsys) -> None:
    p = ambush(tmp_path, atlas("roads", 1))
    args = [command, str(p)] + (["-o", str(tmp_path / "out.png")] if command == "render" else [])
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert 'tileset "roads" (firstgid 1) starts at the same gid as tileset "terrain" (gids 1-8)' in err
    assert len([line for line in err.splitlines() if "same gid" in line]) == 1
    assert not (tmp_path / "out.png").exists()
