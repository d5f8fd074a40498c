"""A tileset whose tilecount disagrees with the tiles Tiled cuts from its image is named by validate --lint.

Tiled cuts an atlas from ``margin`` in steps of tile + spacing while a whole tile fits, and writes that
count when it saves (Tiled's Tileset::loadFromImage); the declared tilecount is only what the file says.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.atlas_grid import Grid, tiled_grid
from game.maps.lint import lint_map
from game.maps.tmxwrite import write_map

DUEL = [{"name": "Hero", "at": (0, 0), "faction": "player"}, {"name": "Orc", "at": (3, 1), "faction": "enemy"}]
ROOT = Path(__file__).resolve().parents[1]


def test_tiled_counts_the_margin_once_and_a_tile_may_touch_the_far_edge() -> None:
    # 102 px wide, tiles 10 px, margin 2: tiles start at 2, 12, ..., 92 and the last ends at 102 = the edge.
    assert tiled_grid((102, 12), (10, 10), 2, 0) == Grid(10, 1)
    assert tiled_grid((102, 11), (10, 10), 2, 0) == Grid(10, 0)  # 2 + 10 > 11: no row fits
    # The shipped structures atlas, by hand: x at 2, 68, 134, 200 (+64 = 264 <= 266); y at 2, 78, 154, 230
    # (+74 = 304 <= 306): 4 x 4 = 16 slots, the last one empty.
    assert tiled_grid((266, 306), (64, 74), 2, 2).count == 16
    assert tiled_grid((298, 258), (72, 62), 2, 2).count == 16


def test_playmat_s_own_tilesets_declare_the_count_tiled_cuts() -> None:
    # structures.tsx said 15 of its 16 slots: Tiled showed 16 and rewrote the file on its first save.
    for line in [w for m in sorted((ROOT / "maps").glob("*.tmx")) for w in lint_map(m)]:
        assert "tilecount" not in line, line


def _own_tileset_map(tmp_path: Path, declared: int) -> Path:
    # write_map's embedded tileset: one row of 8 tiles of 64x74 px, no margin or spacing (512x74 px image).
    path = write_map(tmp_path / "m.tmx", ["....", "...."], units=DUEL)
    text = path.read_text(encoding="utf-8")
    assert 'tilecount="8"' in text
    path.write_text(text.replace('tilecount="8"', f'tilecount="{declared}"'), encoding="utf-8")
    return path


def test_a_tilecount_short_of_the_image_is_one_warning_naming_both_numbers(tmp_path: Path) -> None:
    lines = [w for w in lint_map(_own_tileset_map(tmp_path, 7)) if "tilecount" in w]
    assert lines == [
        'm.tmx: tileset "terrain": tilecount is 7, but Tiled cuts 8 tiles from its image (m_tiles.png, 512x74 px: '
        '8 columns x 1 row of 64x74 px, margin 0, spacing 0) and writes tilecount="8" when it saves; Playmat reads '
        'only the first 7, so a tile painted from past them is no tile; set tilecount="8"']


def test_a_tilecount_past_the_image_says_which_tiles_have_no_picture(tmp_path: Path) -> None:
    lines = [w for w in lint_map(_own_tileset_map(tmp_path, 10)) if "tilecount" in w]
    assert len(lines) == 1
    assert "tilecount is 10, but Tiled cuts 8 tiles" in lines[0]
    assert "tiles 8 to 9 have no picture" in lines[0]


def test_it_is_a_warning_the_map_still_validates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Tiled opens such a tileset without a word, so Playmat does not refuse the map either (exit 0).
    path = _own_tileset_map(tmp_path, 7)
    assert main(["validate", "--lint", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("tilecount is 7") == 1 and "m.tmx: ok" in out


def test_the_empty_slot_of_an_embedded_atlas_is_not_a_tile_never_placed(tmp_path: Path) -> None:
    # A designer embeds structures.tsx in the map (Tiled: Embed Tileset): 16 slots, 15 drawn, slot 15 blank.
    # The map paints only tile 0 (stone), so 1-14 are never placed; the blank slot is not listed (before:
    # "1, 2, 3, 4, 5, 6, 7, 8 and 7 more", counting a tile nobody can see in Tiled).
    import re
    import shutil

    shutil.copy(ROOT / "assets" / "tiles" / "structures_pointy.png", tmp_path / "structures_pointy.png")
    tsx = (ROOT / "assets" / "structures.tsx").read_text(encoding="utf-8")
    body = tsx[tsx.index("<tileset"):].replace('source="tiles/structures_pointy.png"',
                                               'source="structures_pointy.png"')
    body = body.replace("<tileset ", '<tileset firstgid="1" ', 1)
    path = write_map(tmp_path / "m.tmx", ["....", "...."], units=DUEL)
    text = re.sub(r"<tileset .*?</tileset>", lambda _m: body.strip(), path.read_text(encoding="utf-8"),
                  count=1, flags=re.S)
    path.write_text(text, encoding="utf-8")
    assert lint_map(path) == [
        'm.tmx: tileset "structures_pointy": tiles 1, 2, 3, 4, 5, 6, 7, 8 and 6 more are never placed']


def _png(path: Path, width: int, height: int) -> None:
    """A blank RGBA PNG of ``width`` x ``height`` px: only its size matters to how Tiled cuts it."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + b"\x80\x80\x80\xff" * width for _ in range(height))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def _spaced_atlas_map(tmp_path: Path, tilecount: str = "", image: tuple[int, int] = (452, 168)) -> Path:
    """write_map's map, its tileset cut from a hand-made atlas of 64x74 px tiles, margin 4, spacing 12."""
    import re

    path = write_map(tmp_path / "m.tmx", ["....", "...."], units=DUEL)
    _png(tmp_path / "spaced.png", *image)
    text = re.sub(r'tilecount="8" columns="8">\s*<image [^>]*/>',
                  f'margin="4" spacing="12"{tilecount}>\n  <image source="spaced.png" width="452" height="168"/>',
                  path.read_text(encoding="utf-8"), count=1)
    assert 'margin="4" spacing="12"' in text
    path.write_text(text, encoding="utf-8")
    return path


def test_a_tileset_without_tilecount_counts_the_tiles_tiled_cuts_past_margin_and_spacing(tmp_path: Path) -> None:
    # By hand: 452 = 4 (margin) + 6 x 64 + 5 x 12 + 4 (right margin): columns at x = 4, 80, 156, 232, 308,
    # 384, and 384 + 64 = 448 <= 452; a 7th would start at 460. 168 = 4 + 2 x 74 + 12 + 4: rows at y = 4 and
    # 90. So 6 x 2 = 12 tiles, where 452 // 64 x 168 // 74 = 7 x 2 = 14 ignored the margin and the spacing.
    assert tiled_grid((452, 168), (64, 74), 4, 12) == Grid(6, 2)
    # Only the left margin counts (Tiled's loadFromImage stops when x > width - tile): without the right-hand
    # 4 px the last column, x = 384..448, still fits; subtracting the margin twice would lose it.
    assert tiled_grid((448, 168), (64, 74), 4, 12) == Grid(6, 2)
    from game.maps.tmx_adapter import read_tmx

    tmx = read_tmx(_spaced_atlas_map(tmp_path))
    (ts,) = tmx.tilesets
    assert (ts.count, ts.columns) == (12, 6)
    # Tile 7 is the second column of the second row: x = 4 + 76, y = 4 + 86.
    tile = ts.image_of(7)
    assert tile is not None and tile.rect == (80, 90, 64, 74)
    assert ts.image_of(12) is None  # there is no 13th tile to draw


def test_the_lint_is_quiet_about_a_spaced_atlas_without_tilecount_and_counts_it_when_declared(tmp_path: Path) -> None:
    # Before, the loader's 14 made the lint say "tilecount is 14, but Tiled cuts 12" of a file with no
    # tilecount at all.
    assert [w for w in lint_map(_spaced_atlas_map(tmp_path)) if "tilecount" in w] == []
    lines = [w for w in lint_map(_spaced_atlas_map(tmp_path, ' tilecount="14"')) if "tilecount" in w]
    assert lines == [
        'm.tmx: tileset "terrain": tilecount is 14, but Tiled cuts 12 tiles from its image (spaced.png, 452x168 px: '
        '6 columns x 2 rows of 64x74 px, margin 4, spacing 12) and writes tilecount="12" when it saves; tiles 12 '
        'to 13 have no picture; set tilecount="12"']


def test_an_atlas_without_tilecount_whose_image_was_resized_names_both_sizes(tmp_path: Path) -> None:
    # The file says 452x168 (12 tiles); the picture is now 528x168: 7 columns (x = 460 + 64 = 524 <= 528).
    lines = [w for w in lint_map(_spaced_atlas_map(tmp_path, image=(528, 168))) if "tilecount" in w]
    assert lines == [
        'm.tmx: tileset "terrain": gives no tilecount, and its <image> width and height give 12 tiles, but Tiled '
        'cuts 14 from the image itself (spaced.png, 528x168 px: 7 columns x 2 rows of 64x74 px, margin 4, '
        'spacing 12); set the image\'s width="528" height="168" and tilecount="14"']
