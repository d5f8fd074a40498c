"""Inputs a reviewer found that drew for minutes, ate gigabytes or ended in a traceback: each now drawn in
bounded memory or refused in one line naming the file and the limit (docs/limits.md), exit status 2.

Commands run in a child process under a memory cap (``tests.hostile.run_cli``), so a regression fails the
test instead of the test run.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from game.cli.errors import UsageError  # noqa: E402
from game.cli.play_cmd import MAX_WINDOW, window_size  # noqa: E402
from game.maps.images import ImageError, ImageHeader, check_header, image_header  # noqa: E402
from game.maps.layer_tree import parse_colour  # noqa: E402
from game.maps.loader import validate_map  # noqa: E402
from game.render import RenderError, map_images  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.render.sprites import colour_keyed, texture_fill, tinted  # noqa: E402
from game.render.straight import unpremultiply  # noqa: E402
from game.render.surfaces import (  # noqa: E402
    array_to_surface,
    blank_canvas,
    premultiplied,
    premultiplied_surface,
    surface_to_array,
)
from game.render.tilemap import load_map_art  # noqa: E402
from game.rules import limits  # noqa: E402
from tests.hostile import bomb_png, plain_map, refused_by_cli, run_cli, swap, with_image_layer  # noqa: E402


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
     "object 9: a tile object of 60000x60000 pixels is larger than an image may be"),
    (("<objectgroup id=\"2\" name=\"Combatants\">",
      '<objectgroup id="2" name="Combatants"><object id="9" x="1e300" y="10"><ellipse/></object>'),
     'object 9: x "1e300" is out of range'),
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


# --- image layers: memory ------------------------------------------------------------------------------------
def image_layers(work: Path, image: str, count: int, **attrs: str) -> Path:
    tmx = plain_map(work)
    extra = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    layers = "".join(f'<imagelayer id="{100 + i}" name="pic{i}" offsetx="{i}" offsety="0" {extra}>'
                     f'<image source="{image}"/></imagelayer>\n ' for i in range(count))
    return swap(tmx, "<objectgroup", layers + "<objectgroup")


def test_an_image_at_the_pixel_limit_draws_in_a_fraction_of_a_gigabyte(tmp_path: Path) -> None:
    # A 4898x4898 RGBA PNG (93 KB, within MAX_IMAGE_PIXELS) made render peak at 1,144 MB and play at
    # 1,151 MB (the whole image as premultiplied floats, copied twice more), a MemoryError under 1 GB.
    side = 4898
    assert side * side <= limits.MAX_IMAGE_PIXELS
    (tmp_path / "big.png").write_bytes(bomb_png(side, side, 8, 6))
    tmx = with_image_layer(tmp_path, "big.png", (side, side))
    for argv in (["render", str(tmx), "-o", str(tmp_path / "o.png")],
                 ["play", str(tmx), "--headless", "--frames", "2", "--log", str(tmp_path / "s.jsonl")]):
        r = run_cli(argv, cap_mb=512, timeout=120)
        assert (r.rc, r.stderr) == (0, ""), r.stderr[-2000:]


def test_many_image_layers_over_one_image_share_its_pixels(tmp_path: Path) -> None:
    # 200 layers showing one 1000x1000 PNG ended render in numpy's _ArrayMemoryError (60 took 1.2 GB):
    # each layer held its own premultiplied float copy of the image.
    (tmp_path / "p.png").write_bytes(bomb_png(1000, 1000, 8, 6))
    tmx = image_layers(tmp_path, "p.png", 200)
    r = run_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")], cap_mb=512, timeout=120)
    assert (r.rc, r.stderr) == (0, ""), r.stderr[-2000:]


def test_an_image_named_by_several_paths_is_decoded_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "p.png").write_bytes(bomb_png(40, 30, 8, 6))
    tmx = plain_map(tmp_path)
    layers = "".join(f'<imagelayer id="{100 + i}" name="a{i}"><image source="{src}"/></imagelayer>\n '
                     for i, src in enumerate(["p.png", "./p.png", "sub/../p.png", "./././p.png"]))
    swap(tmx, "<objectgroup", layers + "<objectgroup")
    decoded: list[str] = []
    real = map_images.load_image

    def counting(path: Path, *args: object) -> object:
        decoded.append(path.name)
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(map_images, "load_image", counting)
    art = load_map_art(tmx)
    assert sorted(decoded) == ["m_tiles.png", "p.png"]
    assert len({p.key for layer in art.layers if layer.kind == "image" for p in layer.placements}) == 1


def test_the_images_of_a_map_are_bounded_in_all(tmp_path: Path) -> None:
    # Each image within MAX_IMAGE_PIXELS, together past MAX_MAP_IMAGE_PIXELS: refused before decoding.
    side = 4000
    assert side * side <= limits.MAX_IMAGE_PIXELS < 2 * side * side + 512 * 74 > limits.MAX_MAP_IMAGE_PIXELS
    for name in ("a.png", "b.png"):
        (tmp_path / name).write_bytes(bomb_png(side, side))
    tmx = plain_map(tmp_path)
    swap(tmx, "<objectgroup", '<imagelayer id="60" name="one"><image source="a.png"/></imagelayer>'
         '<imagelayer id="61" name="two"><image source="b.png"/></imagelayer><objectgroup')
    said = f"the map's images come to more than {limits.MAX_MAP_IMAGE_PIXELS:,} pixels in all, the limit"
    assert [str(p) for p in validate_map(tmx)] == [f'm.tmx: layer "two": image "b.png": {said}']
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")], 'layer "two"', 'image "b.png"', said)
    refused_by_cli(["play", str(tmx), "--headless", "--frames", "2", "--log", str(tmp_path / "s.jsonl")],
                   'layer "two"', 'image "b.png"', said)
    images = map_images.MapImages("m.tmx")  # the renderer holds to it itself
    images.file(tmp_path / "a.png")
    images.file(tmp_path / "m_tiles.png")
    with pytest.raises(RenderError, match=f"image 'b.png' cannot be read: {said}"):
        images.file(tmp_path / "b.png")


def test_the_pictures_a_map_places_are_bounded_in_all(tmp_path: Path) -> None:
    # One image at the pixel limit, drawn at two opacities: two surfaces of 96 MB each, past
    # MAX_SPRITE_BYTES, refused before either is made (the old renderer took 2.3 GB for it).
    side = 4898
    (tmp_path / "big.png").write_bytes(bomb_png(side, side, 8, 6))
    tmx = plain_map(tmp_path)
    swap(tmx, "<objectgroup", '<imagelayer id="60" name="one"><image source="big.png"/></imagelayer>'
         '<imagelayer id="61" name="two" opacity="0.5"><image source="big.png"/></imagelayer><objectgroup')
    assert validate_map(tmx) == []
    refused_by_cli(["render", str(tmx), "-o", str(tmp_path / "o.png")], 'm.tmx: layer "two"',
                   f"take more than {limits.MAX_SPRITE_BYTES:,} bytes, the limit", cap_mb=512, timeout=120)


# --- image layers: the same picture as Tiled's brush -------------------------------------------------------
@pytest.mark.parametrize(("offset", "repeat", "tint", "opacity", "trans"), [
    ((3, 5), (False, False), None, 1.0, None),
    ((2.5, -7.5), (False, False), "#80ff2000", 0.6, "ff0000"),
    ((-2.5, 3.5), (True, False), None, 0.3, None),
    ((10.49, 20.51), (False, True), "#20a0ff", 1.0, "000000"),
    ((100.5, 50.5), (True, True), None, 0.75, None),
    ((-1000, 0), (True, True), "#ffd0a0", 1.0, None),
])
def test_image_layers_draw_as_the_brush_texture_did(tmp_path: Path, offset: tuple[float, float],
                                                    repeat: tuple[bool, bool], tint: str | None, opacity: float,
                                                    trans: str | None) -> None:
    rng = np.random.default_rng(7)
    pixels = rng.integers(0, 256, (37, 23, 4), dtype=np.uint8)
    pixels[::3, ::2, :3] = (255, 0, 0)
    pixels[1::5, 1::3, :3] = (0, 0, 0)
    pygame.image.save(array_to_surface(pixels), str(tmp_path / "p.png"))
    tmx = plain_map(tmp_path)
    attrs = f'offsetx="{offset[0]}" offsety="{offset[1]}" opacity="{opacity}" repeatx="{int(repeat[0])}" ' \
            f'repeaty="{int(repeat[1])}"' + (f' tintcolor="{tint}"' if tint else "")
    image = '<image source="p.png"' + (f' trans="{trans}"' if trans else "") + "/>"
    swap(tmx, '<layer id="1" name="Terrain"', '<layer id="1" name="Terrain" visible="0"')
    swap(tmx, "<objectgroup", f'<imagelayer id="60" name="pic" {attrs}>{image}</imagelayer><objectgroup')
    art = load_map_art(tmx)
    # What the renderer drew before: the whole rectangle filled by sprites.texture_fill, one blit.
    layer = next(layer for layer in art.layers if layer.kind == "image")
    src = premultiplied(colour_keyed(pixels, trans))
    ox, oy = art.origin[0] + offset[0], art.origin[1] + offset[1]
    h, w = src.shape[:2]
    x0, x1 = (0.0, float(art.size[0])) if repeat[0] else (ox, ox + w)
    y0, y1 = (0.0, float(art.size[1])) if repeat[1] else (oy, oy + h)
    img, x, y = texture_fill(tinted(src, parse_colour(tint)), ox, oy, (x0, y0, x1, y1))
    canvas = blank_canvas(art.size)
    canvas.blit(premultiplied_surface(img, layer.opacity), (x, y), special_flags=pygame.BLEND_PREMULTIPLIED)
    assert np.array_equal(art.compose(), surface_to_array(unpremultiply(canvas)))
