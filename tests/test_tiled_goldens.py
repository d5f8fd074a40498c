"""Tiled features drawn as Tiled draws them: each golden is Tiled 1.8's own tmxrasterizer output.

The maps (tests/golden/tiled/, written by tools/make_goldens.py via tools/tiled_features.py) cover,
on all four stagger layouts: hex rotations and flips in every encoding (rotate), group visibility,
opacity, offsets and tints with fractional and negative offsets that grow the picture (groups),
layer tints (tint), image layers (image), tile objects and an animated tile (objects), object shapes
(shapes; the game view leaves them out, ``--objects`` draws them), text objects (text, ``--objects``),
shapes and tile objects interleaved in Tiled's drawing order (order, ``--objects``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from game.maps.loader import load_scenario, validate_map  # noqa: E402
from game.render import render_map  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.render.surfaces import surface_to_array  # noqa: E402
from game.render.tilemap import load_map_art  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden" / "tiled"
LAYOUTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]
FEATURES = ["rotate", "groups", "tint", "image", "objects", "shapes"]
CASES = [(f, a, i) for f in FEATURES for a, i in LAYOUTS]


def off_share(mine: np.ndarray, gold: np.ndarray) -> float:
    """Share of pixels more than 8 levels away from Tiled's in any channel."""
    return float((np.abs(mine.astype(np.int32) - gold.astype(np.int32)).max(axis=2) > 8).mean())


def tiled_png(path: Path) -> np.ndarray:
    return surface_to_array(pygame.image.load(str(path)))


@pytest.mark.parametrize(("feature", "axis", "index"), CASES)
def test_feature_matches_tiled_rasterizer(feature: str, axis: str, index: str) -> None:
    tmx = GOLDEN / f"{feature}_{axis}_{index}.tmx"
    mine = surface_to_array(render_map(tmx))
    gold = tiled_png(tmx.with_suffix(".png"))
    assert mine.shape == gold.shape  # the picture grows for layer offsets exactly as Tiled's
    off = off_share(mine, gold)
    assert off <= 0.005, f"{off:.3%} of pixels differ from Tiled by more than 8"


def test_offsets_grow_the_picture_left_and_down_like_tiled() -> None:
    # groups map, pointy 7x6 of 64x74 side 37 = 480 x 348 (see test_render). Tiled's margins are the
    # ceilings of the largest total offsets: left "off to the left" -33.7 -> 34; top: ground group
    # -3.25 -> 4; right: ground group +6.5 -> 7; bottom: props group 9.6 + haze 31.5 = 41.1 -> 42.
    art = load_map_art(GOLDEN / "groups_y_odd.tmx")
    assert art.origin == (34, 4)
    assert art.size == (34 + 480 + 7, 4 + 348 + 42)


@pytest.mark.parametrize(("axis", "index"), LAYOUTS)
def test_rules_ignore_a_hidden_group_as_the_picture_does(axis: str, index: str, tmp_path: Path) -> None:
    # The "hidden" group holds a layer of lava on every cell. Tiled does not draw it, so the
    # board must be the one of the same map without that group (and differ once it is shown).
    src = GOLDEN / f"groups_{axis}_{index}.tmx"
    text = src.read_text()
    start, end = text.index(' <group id="11"'), text.index("</group>", text.index(' <group id="11"')) + 9
    without = tmp_path / "without.tmx"
    shown = tmp_path / "shown.tmx"
    for p, body in ((without, text[:start] + text[end:]), (shown, text.replace(' name="hidden" visible="0"',
                                                                                ' name="hidden"'))):
        p.write_text(body.replace("../../../assets", str(GOLDEN.parents[2] / "assets")))
    board = load_scenario(src).board
    assert np.array_equal(board.terrain, load_scenario(without).board.terrain)
    assert not np.array_equal(board.terrain, load_scenario(shown).board.terrain)


@pytest.mark.parametrize(("feature", "axis", "index"), CASES)
def test_validate_accepts_every_feature_map(feature: str, axis: str, index: str) -> None:
    assert validate_map(GOLDEN / f"{feature}_{axis}_{index}.tmx") == []


def test_animated_tiles_show_their_first_frame_and_list_their_frames() -> None:
    # objects maps: embedded tileset "anim" (firstgid 19, past decor's gids 13-18), tile 0 animated through
    # tiles 5, 6, 7.
    art = load_map_art(GOLDEN / "objects_y_odd.tmx")
    assert art.animations[19] == ((24, 200), (25, 150), (26, 300))


@pytest.mark.parametrize(("axis", "index"), LAYOUTS)
def test_render_objects_draws_shapes_as_tiled_does(axis: str, index: str) -> None:
    # Tiled's picture with its object layers: outlines over shadows, fills, a point pin, a turned rectangle
    # and ellipse, a translucent layer. The game view (above) leaves them out.
    tmx = GOLDEN / f"shapes_{axis}_{index}.tmx"
    mine = surface_to_array(render_map(tmx, objects=True))
    gold = tiled_png(GOLDEN / f"shapes_{axis}_{index}_objects.png")
    assert mine.shape == gold.shape
    off = off_share(mine, gold)
    assert off <= 0.005, f"{off:.3%} of pixels differ from Tiled by more than 8"
    assert off_share(surface_to_array(render_map(tmx)), gold) > 0.01  # the shapes are really there


PUBLIC = Path(__file__).resolve().parent / "maps" / "public"  # sources and licences: SOURCES.md there


@pytest.mark.parametrize("tmx", sorted(PUBLIC.glob("*.tmx")), ids=lambda p: p.stem)
def test_public_hex_maps_load_and_draw_as_tiled_does(tmx: Path) -> None:
    # Tiled's hexagonal-mini example in all four layouts (18x18 tiles on a 14x12 grid, a tile offset).
    assert validate_map(tmx) == []
    board = load_scenario(tmx).board
    assert (board.rows, board.cols) == (20, 20) and board.on_map.sum() > 300
    mine = surface_to_array(render_map(tmx))
    gold = tiled_png(tmx.with_suffix(".golden.png"))
    assert mine.shape == gold.shape
    assert off_share(mine, gold) <= 0.005


TILED_EXAMPLES = Path("/usr/share/doc/tiled/examples")  # Debian's tiled package (not redistributed here)


@pytest.mark.skipif(not (TILED_EXAMPLES / "test_hexagonal_tile_60x60x30.tmx").exists()
                    or shutil.which("tmxrasterizer") is None, reason="needs Debian's tiled package")
def test_tileds_own_hex_rotation_example_draws_every_tile(tmp_path: Path) -> None:
    # 14 tiles in every combination of flips and the 60/120-degree bits; before, four vanished and
    # 0x30000000 crashed. Compared with tmxrasterizer run now on the installed example.
    for name in ("test_hexagonal_tile_60x60x30.tmx", "test_hexagonal_tile_60x60x30.png"):
        shutil.copy(TILED_EXAMPLES / name, tmp_path / name)
    tmx = tmp_path / "test_hexagonal_tile_60x60x30.tmx"
    subprocess.run(["tmxrasterizer", str(tmx), str(tmp_path / "tiled.png")], check=True,
                   env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), capture_output=True)
    mine = surface_to_array(render_map(tmx))
    gold = tiled_png(tmp_path / "tiled.png")
    assert mine.shape == gold.shape
    drawn = gold[..., 3] > 0
    assert (mine[..., 3] > 0)[drawn].mean() > 0.99  # every tile Tiled draws is there
    assert off_share(mine, gold) <= 0.005


@pytest.mark.parametrize("feature", ["groups", "tint", "image"])
def test_window_picture_is_the_render_laid_on_the_background(feature: str) -> None:
    # The window paints the layers straight onto its opaque background (no division by alpha); it must
    # show what `playmat render` writes, laid over that background: straight-alpha "source over" by hand.
    art = load_map_art(GOLDEN / f"{feature}_y_odd.tmx")
    bg = np.array([28, 30, 36], np.float64)
    straight = surface_to_array(art.surface()).astype(np.float64)
    a = straight[..., 3:4] / 255
    expected = straight[..., :3] * a + bg * (1 - a)
    window = surface_to_array(art.surface((28, 30, 36))).astype(np.float64)
    assert (window[..., 3] == 255).all()
    assert np.abs(window[..., :3] - expected).max() <= 2  # rounding of the two 8-bit paths


@pytest.mark.parametrize(("axis", "index"), LAYOUTS)
def test_render_objects_draws_text_as_tiled_does(axis: str, index: str) -> None:
    # Text objects (tools/tiled_features.TEXTS): default and named fonts, sizes, colours, bold, italic,
    # underline, left/center/right and top/center/bottom alignment, word wrap, one turned 25 degrees; on
    # x/even the wrapped white text runs over the map's transparent corner. Qt paints the glyphs as in
    # Tiled (game/render/qtext.py), and they are laid on the map the way Tiled's ARGB32 image takes them
    # (game/render/textlayer.py: grey edges over transparent ground), so the same figure as every golden.
    # Measured: 0.000 % on three layouts, 0.001 % (2 pixels, off by 9) on x/even, where an edge pixel of
    # alpha 12 over nothing does not survive our premultiplied 8-bit canvas exactly.
    pytest.importorskip("PyQt5", reason="the text extra (pip install 'playmat[text]') is not installed")
    from game.render.qtext import qt_ready

    assert qt_ready(), "PyQt5 is installed (the text extra): Qt must paint text objects here"
    tmx = GOLDEN / f"text_{axis}_{index}.tmx"
    mine = surface_to_array(render_map(tmx, objects=True))
    gold = tiled_png(tmx.parent / f"{tmx.stem}_objects.png")
    bare = tiled_png(tmx.with_suffix(".png"))
    assert mine.shape == gold.shape == bare.shape
    assert off_share(bare, gold) > 0.02  # Tiled's text is really there (about 2-3 % of the picture)
    off = off_share(mine, gold)
    assert off <= 0.005, f"{off:.3%} of pixels differ from Tiled by more than 8"


@pytest.mark.parametrize(("axis", "index"), LAYOUTS)
def test_render_objects_interleaves_shapes_and_tile_objects_in_tileds_order(axis: str, index: str) -> None:
    # order maps (tools/tiled_features._order): layer "in file order" lists a rectangle, a tree, an
    # ellipse, a bush, a polygon: Tiled draws each over the ones before (the tree over the rectangle,
    # the ellipse over the tree). Layer "by y" (draworder="topdown") lists stones (y 330) before a
    # rectangle (y 240): Tiled sorts by y, so the stones are drawn over the rectangle.
    tmx = GOLDEN / f"order_{axis}_{index}.tmx"
    mine = surface_to_array(render_map(tmx, objects=True))
    gold = tiled_png(tmx.parent / f"{tmx.stem}_objects.png")
    assert mine.shape == gold.shape
    off = off_share(mine, gold)
    assert off <= 0.005, f"{off:.3%} of pixels differ from Tiled by more than 8"
