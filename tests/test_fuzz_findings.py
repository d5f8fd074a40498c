"""What ``tools/fuzz_inputs.py`` found (issue 21): each smallest input, and what a user sees now.

- A ``<layer>`` inside a ``<layer>``: render and play died with ``IndexError`` (the reader stopped without
  saying why); validate said nothing at all.
- PNGs libpng refuses but validate passed (a second IHDR, a chunk type with the reserved bit set, an
  unknown critical chunk, a palette after the pixels; later, from the suite's own fuzz test, a palette
  image whose palette is empty, of part of a colour or of more than 256): validate said ok, then render refused.
- libpng prints its own ``libpng error: ...`` line to stderr before Playmat's, so play refused such
  an image in two lines.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from game.maps.loader import validate_map
from game.render import RenderError
from game.render.map_images import load_image
from tests.hostile import bomb_png, plain_map, run_cli, swap, with_image_layer


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def with_chunk(png: bytes, new: bytes, before: bytes = b"IDAT") -> bytes:
    """``png`` with the chunk ``new`` put just before its first ``before`` chunk."""
    at = png.index(before) - 4
    return png[:at] + new + png[at:]


def test_a_layer_inside_a_layer_is_named_in_one_line(tmp_path: Path) -> None:
    tmx = plain_map(tmp_path)
    inner = '<layer id="9" name="Inner" width="5" height="4"><data encoding="csv">' + ",".join(["1"] * 20) + \
        "</data></layer>"
    swap(tmx, '<data encoding="csv">', inner * 3 + '<data encoding="csv">')
    problems = validate_map(tmx)
    assert problems == ['m.tmx: layer "Inner": a <layer> inside a <layer>; Tiled puts layers only in the map or '
                        "in a group"]
    for argv in (["render", str(tmx), "-o", str(tmp_path / "o.png")],
                 ["play", str(tmx), "--headless", "--frames", "2", "--log", str(tmp_path / "s.jsonl")]):
        r = run_cli(argv, timeout=60)
        assert "Traceback" not in r.stderr, r.stderr[-1500:]
        assert (r.rc, r.lines) == (2, ["playmat: " + problems[0]])


IHDR = bomb_png(64, 74)[8:33]
BAD_PNGS = {
    "second IHDR": (with_chunk(bomb_png(512, 74, 8, 6), IHDR), "PNG chunk IHDR is out of place"),
    "reserved bit": (with_chunk(bomb_png(512, 74, 8, 6), chunk(b"abcd", b"x")), "PNG chunk type is damaged"),
    "unknown critical chunk": (with_chunk(bomb_png(512, 74, 8, 6), chunk(b"ABCD", b"x")),
                               "PNG has an unknown critical chunk ABCD"),
    "palette after the pixels": (with_chunk(with_chunk(bomb_png(512, 74, 8, 0), chunk(b"PLTE", bytes(768)),
                                                       before=b"IEND"), chunk(b"PLTE", bytes(768))),
                                 "PNG chunk PLTE is out of place"),
}


def palette_png(plte: bytes) -> bytes:
    """An 8-bit palette PNG (colour type 3) of zero pixels with ``plte`` as its palette."""
    grey = bomb_png(64, 74, 8, 0)  # the same pixel bytes as an 8-bit palette image
    png = grey[:8] + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 74, 8, 3, 0, 0, 0)) + grey[33:]
    return with_chunk(png, chunk(b"PLTE", plte))


# Found by the fuzz test in CI's suite (2026-12-05): libpng says "PLTE: invalid" / "Invalid palette".
BAD_PNGS |= {
    "palette of part of a colour": (palette_png(bytes(4)), "PNG palette is damaged"),
    "empty palette": (palette_png(b""), "PNG palette is damaged"),
    "palette of 257 colours": (palette_png(bytes(771)), "PNG palette is damaged"),
}


def test_a_palette_png_with_a_whole_palette_is_accepted_and_drawn(tmp_path: Path) -> None:
    tmx = plain_map(tmp_path)
    (tmp_path / "m_tiles.png").write_bytes(palette_png(bytes(6)))  # two colours: libpng loads it
    assert validate_map(tmx) == []
    assert load_image(tmp_path / "m_tiles.png", "m.tmx").get_size() == (64, 74)


@pytest.mark.parametrize("name", list(BAD_PNGS))
def test_validate_refuses_the_pngs_libpng_refuses(tmp_path: Path, name: str) -> None:
    data, words = BAD_PNGS[name]
    tmx = plain_map(tmp_path)
    (tmp_path / "m_tiles.png").write_bytes(data)
    assert validate_map(tmx) == [f'm.tmx: tileset "terrain": image "m_tiles.png" {words}']


def test_libpngs_own_error_line_is_folded_into_the_one_line(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    # Images reach libpng after validate's check now, but a decoder may still refuse what the check
    # passes; libpng then writes "libpng error: ..." to the process's stderr itself. load_image (what
    # render and the window decode with: the header checked, then the decoder) keeps that line off the
    # terminal and puts libpng's reason in its one line.
    (tmp_path / "m_tiles.png").write_bytes(BAD_PNGS["second IHDR"][0])
    with pytest.raises(RenderError) as err:
        load_image(tmp_path / "m_tiles.png", "m.tmx")
    assert str(err.value) == "m.tmx: image 'm_tiles.png' cannot be read: IHDR: out of place"
    assert capfd.readouterr().err == ""


def test_an_image_layer_png_with_a_second_header_is_refused_by_validate(tmp_path: Path) -> None:
    (tmp_path / "pic.png").write_bytes(BAD_PNGS["second IHDR"][0])
    tmx = with_image_layer(tmp_path, "pic.png")
    assert validate_map(tmx) == ['m.tmx: layer "bomb": image "pic.png" PNG chunk IHDR is out of place']


@pytest.mark.parametrize("tail", ['{"action": "face", "unit": "Hero", "dir": "w"}', '{"action": "fa'])
def test_a_save_play_refuses_is_left_byte_for_byte_as_it_was(tmp_path: Path, tail: str) -> None:
    # Found by tests/test_untrusted_fuzz.py: play mended the last line (a line end added, or torn bytes
    # cut off), then refused the log for a bad line before it, and the refused save had changed.
    tmx = plain_map(tmp_path)
    log = tmp_path / "s.jsonl"
    before = ('{"action": "begin"}\n{"action": "move", "unit": "Nobody", "to": [2, 2], "path": [[2, 2]]}\n'
              + tail).encode()
    log.write_bytes(before)
    r = run_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(log)], timeout=60)
    assert r.rc == 2 and len(r.lines) == 1 and "s.jsonl:2" in r.lines[0], r.lines
    assert log.read_bytes() == before


def test_a_map_of_more_layers_than_the_limit_is_refused_at_once(tmp_path: Path) -> None:
    # 65,537 layers of 5x4 (a 7.8 MB map, well within the element limit): validate took 2.6 s of CPU and
    # said ok, and render --objects ran past the fuzzer's 30 s; 240,000 layers took validate 10 s.
    from game.rules import limits

    tmx = plain_map(tmp_path)
    one = '<layer id="9" name="L" width="5" height="4"><data encoding="csv">' + ",".join(["1"] * 20) + \
        "</data></layer>\n"
    swap(tmx, " <objectgroup", one * limits.MAX_LAYERS + " <objectgroup")  # with Terrain and Combatants: 2 over
    problems = validate_map(tmx)
    assert len(problems) == 1 and problems[0].startswith(f"m.tmx: holds more than {limits.MAX_LAYERS:,} layers"), \
        problems
    swap(tmx, one * 3, "")  # at the limit: read
    assert validate_map(tmx) == []


def test_objects_on_a_tall_picture_are_drawn_in_bounded_memory(tmp_path: Path) -> None:
    # render --objects un-premultiplied the whole picture at once in float32: four canvases of
    # temporaries, a MemoryError traceback under a 1 GB cap for a 238 x 64032 px picture.
    import tracemalloc

    import numpy as np

    from game.maps.layer_tree import LayerStyle, ObjectLayerData, ObjectShape
    from game.render.objects import draw_shapes

    shape = ObjectShape(id=1, name="box", shape="rectangle", x=10.0, y=10.0, width=100.0, height=5000.0,
                        rotation=0.0, visible=True, points=())
    layer = ObjectLayerData(name="notes", style=LayerStyle(), colour=None, top_down=False, objects=(shape,))
    for size in ((238, 20_000), (20_000, 238)):  # tall, and wide (the fuzzer's second find: 64032 x 238)
        tracemalloc.start()
        try:
            pixels = draw_shapes(layer, size, (0, 0))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert pixels is not None and pixels.shape == (size[1], size[0], 4) and pixels.dtype == np.uint8
        assert pixels[100, 50, 3] > 0 and pixels[200, 200, 3] == 0  # inside the box, beside it
        canvas = size[0] * size[1] * 4 * 4  # the float32 canvas itself
        # The canvas, the uint8 picture (a quarter of it) and bands of temporaries of a fixed size.
        assert peak < canvas * 1.25 + 80 * 2**20, f"{peak / 2**20:.0f} MB for a {canvas / 2**20:.0f} MB canvas"


def test_a_picture_too_large_by_its_cells_alone_is_refused_before_its_layers_are_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 1000x1000 cells of 64x74 px tiles: validate read the million cells of CSV (2.8 s of CPU, 14 s on the
    # loaded machine) before refusing the picture's size, which the map's first line already says.
    from game.maps import tmx_adapter

    tmx = plain_map(tmp_path)
    tmx.write_text(tmx.read_text().replace('width="5" height="4"', 'width="1000" height="1000"'))

    def unread(*_: object, **__: object) -> None:
        raise AssertionError("the layers were read")

    monkeypatch.setattr(tmx_adapter, "read_layers", unread)
    # Tiled's sizes, in its integer arithmetic: 1000 x 64 + 32 (the odd rows' half tile) wide; rows of
    # (74 - 37) // 2 + 37 = 55 px, plus the last row's 18 px foot, high.
    assert validate_map(tmx) == ["m.tmx: map: the map's picture is 64032x55018 pixels (cells, tile size and layer "
                                 "offsets), more than the limit of 64,000,000"]


def test_names_too_long_for_the_file_system_are_one_line(tmp_path: Path) -> None:
    # render -o "1d999…" and playtest --out "999…" (thousands of characters, from the fuzzer's command
    # lines): OSError ENAMETOOLONG from Path.is_dir and Path.exists escaped as a traceback.
    import contextlib
    import io

    from game.cli.main import main

    tmx = plain_map(tmp_path)
    long = str(tmp_path / ("9" * 5000 + ".png"))
    for argv in (["render", str(tmx), "-o", long], ["play", str(tmx), "--headless", "--frames", "1",
                                                      "--screenshot", long],
                 ["validate", long], ["state", str(tmx), "--log", long[:-4] + ".jsonl"],
                 ["play", str(tmx), "--headless", "--frames", "1", "--log", long[:-4] + ".jsonl"],
                 ["playtest", str(tmx), "--games", "1", "--out", long[:-4]]):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = main(argv)
        lines = err.getvalue().splitlines()
        assert rc == 2 and len(lines) == 1 and "too long" in lines[0].lower(), (argv[0], [ln[-200:] for ln in lines])


def test_a_tileset_of_more_tiles_than_the_limit_is_refused_before_reading_them(tmp_path: Path) -> None:
    # 434,364 <tile id="0"/> entries (6 MB, within the element limit): render took 6.5 s of CPU (68 s on
    # the loaded machine) and drew the map.
    from game.maps.tilesets import MAX_TILES_PER_TILESET

    tmx = plain_map(tmp_path)
    swap(tmx, '<tile id="0">', '<tile id="0"/>' * MAX_TILES_PER_TILESET + '<tile id="0">')
    assert validate_map(tmx) == [f'm.tmx: tileset "terrain": holds {MAX_TILES_PER_TILESET + 7:,} tiles, more than '
                                 f"{MAX_TILES_PER_TILESET:,}"]


@pytest.mark.parametrize("encoding", ["bogus", "UTF-7x", "", "Shift_JIS", "EUC-JP"])
def test_an_xml_declaration_naming_an_unknown_encoding_is_not_xml(tmp_path: Path, encoding: str) -> None:
    # Found by tests/test_untrusted_fuzz.py: expat asks Python's codecs for the declared encoding and their
    # LookupError escaped the reader as a traceback.
    tmx = plain_map(tmp_path)
    swap(tmx, 'encoding="UTF-8"', f'encoding="{encoding}"')
    problems = validate_map(tmx)
    assert len(problems) == 1 and problems[0].startswith("m.tmx: not XML ("), problems


def test_a_name_holding_nul_is_refused_before_the_window_draws_it(tmp_path: Path) -> None:
    # Found by tools/fuzz_inputs.py: a join line naming "Cora\u0000" made play's window (the initiative
    # panel, the token's initials) end in SDL_ttf's ValueError "A null character was found in the text".
    # A name may hold no control character now: the line is refused, in one line naming it, with no traceback.
    tmx = plain_map(tmp_path)
    log = tmp_path / "s.jsonl"
    log.write_text('{"action": "join", "unit": {"name": "Cora\\u0000", "faction": "ally", "hp": 3}, "at": [0, 0]}\n')
    r = run_cli(["play", str(tmx), "--headless", "--frames", "5", "--log", str(log)], timeout=60)
    assert r.rc == 2 and "Traceback" not in r.stderr, r.stderr[-1500:]
    assert 'name "Cora\\x00" holds U+0000 (a control character)' in r.stderr, r.stderr[-1500:]


def test_a_map_of_tiles_2_px_wide_that_validate_accepts_also_draws(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # Found by the suite's own fuzz test (test_mutated_maps_are_answered_in_one_line, hypothesis seed 3023):
    # a map whose tilewidth (and its tileset's) read 2, 1000 columns. validate said ok; render refused it,
    # "--scale 1 draws each hex 2 px wide; the least is 8 px", though the user had given no --scale.
    from game.cli.main import main

    tmx = plain_map(tmp_path, tile_width=2)
    assert 'tilewidth="2"' in tmx.read_text()
    assert main(["validate", str(tmx)]) == 0
    out = tmp_path / "out.png"
    assert main(["render", str(tmx), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.endswith(", no overlay, at --scale 4, the least that draws its hexes 8 px wide\n"), said
    assert out.stat().st_size > 0
    # Asked for in so many words, too small a scale is still refused, naming the least that draws.
    assert main(["render", str(tmx), "-o", str(out), "--scale", "1"]) == 2
    assert "the least is 8 px (--scale 4 or more for this map)" in capsys.readouterr().err
