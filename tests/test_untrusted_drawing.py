"""Inputs a reviewer found that drew for minutes, ate gigabytes or ended in a traceback: each now drawn in
bounded memory or refused in one line naming the file and the limit (docs/limits.md), exit status 2.

Commands run in a child process under a memory cap (``tests.hostile.run_cli``), so a regression fails the
test instead of the test run.
"""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from game.cli.errors import UsageError
from game.cli.play_cmd import MAX_WINDOW, window_size
from game.maps.images import ImageError, ImageHeader, check_header, image_header
from game.maps.loader import validate_map
from game.render.tilemap import load_map_art
from game.rules import limits
from tests.hostile import plain_map, refused_by_cli, swap, with_image_layer


# --- play --size ------------------------------------------------------------------------------------------
def test_a_window_larger_than_the_largest_screen_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    # 20000x20000 ran headless for 5 s in 1.85 GB and printed SDL's 4-line RuntimeWarning, exit 0.
    line = refused_by_cli(["play", "--headless", "--frames", "2", "--size", "20000x20000",
                           "--log", str(tmp_path / "s.jsonl")], '--size "20000x20000"', "8192x8192", cap_mb=512)
    assert not (tmp_path / "s.jsonl").exists(), line


@pytest.mark.parametrize("text", ["639x400", "640x399", "8193x600", "800x8193", "640²x400", "١٢٨٠x720",
                                  "99999999999999999999x600", "x", "640x", "-640x400", "640 x 400"])
def test_window_sizes_out_of_range_or_not_ascii_digits_are_refused(text: str) -> None:
    with pytest.raises(UsageError, match="between 640x400 and 8192x8192"):
        window_size(text)


def test_window_sizes_in_range_are_read() -> None:
    assert window_size("640x400") == (640, 400)
    assert window_size("1280X720") == (1280, 720)
    assert window_size(f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}") == MAX_WINDOW


# --- images whose header is not the size the decoder allocates ------------------------------------------
def gif(screen: tuple[int, int], *frames: tuple[int, int], junk: bytes = b"") -> bytes:
    """A GIF of a ``screen`` and one frame per size; each frame holds a few bytes of LZW data."""
    out = b"GIF89a" + struct.pack("<HHBBB", *screen, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    out += b"!\xf9\x04\x00\x00\x00\x00\x00"  # a graphic control extension: skipped by its sub-blocks
    for w, h in frames:
        out += junk + b"," + struct.pack("<HHHHB", 0, 0, w, h, 0) + b"\x02\x02\x4c\x01\x00"
    return out + b";"


def test_a_gif_whose_frame_is_larger_than_its_screen_is_refused_by_validate_render_and_play(tmp_path: Path) -> None:
    # 35 bytes: validate said ok (it read the 10x10 screen), render took 78 s and 18.8 GB decoding the
    # 20000x20000 frame, and under 1 GB render and play ended in a MemoryError traceback.
    (tmp_path / "g.gif").write_bytes(gif((10, 10), (20000, 20000)))
    tmx = with_image_layer(tmp_path, "g.gif")
    said = 'image "g.gif" has a frame of 20000x20000 pixels, more than the limit of'
    assert [str(p) for p in validate_map(tmx)] == [f'm.tmx: layer "bomb": {said} {limits.MAX_IMAGE_PIXELS:,}']
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")], "m.tmx:", said)
    refused_by_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(tmp_path / "s.jsonl")],
                   "m.tmx:", said)
    assert not (tmp_path / "o.png").exists()


@pytest.mark.parametrize("data", [
    gif((10, 10), (10, 10), (20000, 20000)),  # SDL_image goes on to the next frame when one fails to decode
    gif((10, 10), (10, 10), (20000, 20000), junk=b"\x00junk\x07"),  # and skips bytes it does not know
    gif((30000, 30000), (10, 10)),  # the screen itself, as before
], ids=["second frame", "after junk", "screen"])
def test_every_frame_of_a_gif_is_measured(data: bytes) -> None:
    with pytest.raises(ImageError, match="pixels, more than the limit"):
        check_header(image_header(data))


def test_a_gif_within_the_limits_still_draws(tmp_path: Path) -> None:
    (tmp_path / "g.gif").write_bytes(gif((10, 10), (10, 10), (8, 8)))
    assert image_header((tmp_path / "g.gif").read_bytes()) == ImageHeader("gif", 10, 10)
    tmx = with_image_layer(tmp_path, "g.gif")
    assert validate_map(tmx) == []
    assert load_map_art(tmx).compose().shape[2] == 4


def test_a_webp_canvas_is_measured_with_the_picture_inside_it() -> None:
    vp8l = b"VP8L" + struct.pack("<I", 5) + b"\x2f" + ((3999) | (3999 << 14)).to_bytes(4, "little") + b"\x00"
    vp8x = b"VP8X" + struct.pack("<I", 10) + bytes(4) + (0).to_bytes(3, "little") + (0).to_bytes(3, "little")
    body = b"WEBP" + vp8x + vp8l
    header = image_header(b"RIFF" + struct.pack("<I", len(body)) + body)
    assert (header.width, header.height) == (4000, 4000)


# --- pixel numbers in tilesets and objects ------------------------------------------------------------
TILESET = '<tileset firstgid="1" name="terrain" tilewidth="64" tileheight="74" tilecount="8" columns="8">'


@pytest.mark.parametrize(("edit", "words"), [
    ((TILESET, TILESET + '<tileoffset x="1e300" y="0"/>'), 'tileset "terrain": tileoffset x "1e300" is out of range'),
    ((TILESET, TILESET + '<tileoffset x="0" y="-3e9"/>'), 'tileset "terrain": tileoffset y "-3e9" is out of range'),
    ((TILESET, TILESET + '<tileoffset x="inf" y="0"/>'), 'tileset "terrain": tileoffset x "inf" is out of range'),
    (('columns="8">', 'columns="8" margin="1e300">'), 'tileset "terrain": margin "1e300" is out of range'),
    (('columns="8">', 'columns="8" spacing="-1e300">'), 'tileset "terrain": spacing "-1e300" is out of range'),
    (('tilewidth="64" tileheight="74" tilecount', 'tilewidth="1000000000" tileheight="74" tilecount'),
     'tileset "terrain": tilewidth 1000000000 is more than 1000000'),
    (("<objectgroup id=\"2\" name=\"Combatants\">",
      '<objectgroup id="2" name="Combatants"><object id="9" gid="2" x="10" y="10" width="60000" height="60000"/>'),
     "object id 9: a tile object of 60000x60000 pixels is larger than an image may be"),
    (("<objectgroup id=\"2\" name=\"Combatants\">",
      '<objectgroup id="2" name="Combatants"><object id="9" x="1e300" y="10"><ellipse/></object>'),
     'object id 9: x "1e300" is out of range'),
])
def test_pixel_numbers_past_the_limit_are_refused_in_one_line(tmp_path: Path, edit: tuple[str, str],
                                                              words: str) -> None:
    # <tileoffset x="1e300"/>: validate said ok, render and play ended in "TypeError: invalid destination
    # position for blit"; a tile object of 60000x60000 ended render in a MemoryError traceback.
    tmx = swap(plain_map(tmp_path), *edit)
    tail = {"out of range": f" (at most {limits.MAX_PIXEL_COORDINATE:,} pixels either way)",
            "tile object": f" (the limit is {limits.MAX_IMAGE_PIXELS:,} pixels)"}
    assert [str(p) for p in validate_map(tmx)] == [f"m.tmx: {words}" + next(
        (t for k, t in tail.items() if k in words), "")]
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png"), "--objects"], "m.tmx:", words)
    refused_by_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(tmp_path / "s.jsonl")],
                   "m.tmx:", words)
    assert not (tmp_path / "o.png").exists() and not (tmp_path / "s.jsonl").exists()


def test_pixel_numbers_within_the_limit_still_draw(tmp_path: Path) -> None:
    tmx = swap(plain_map(tmp_path), TILESET, TILESET.replace('columns="8"', 'columns="8" spacing="0" margin="0"')
               + f'<tileoffset x="-{limits.MAX_PIXEL_COORDINATE}" y="12.7"/>')
    assert validate_map(tmx) == []
    art = load_map_art(tmx)
    assert not art.compose()[..., 3].any()  # every tile drawn a million pixels to the left, off the picture
