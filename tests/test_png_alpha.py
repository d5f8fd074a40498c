"""The lint's own PNG reader sees the same transparent pixels as the game's decoder (pygame's libpng),
over every row filter libpng chooses, so a hex shape read from a tileset is the one the window draws."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from game.maps.png_alpha import opaque_mask
from game.maps.shipped import assets_folder

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame")


def _alpha(path: Path) -> np.ndarray:
    return pygame.surfarray.array_alpha(pygame.image.load(str(path))).T >= 128


@pytest.mark.parametrize("name", ["terrain_pointy.png", "terrain_flat.png", "structures_flat.png"])
def test_the_shipped_atlases_read_as_pygame_reads_them(name: str) -> None:
    path = assets_folder() / "tiles" / name
    mask = opaque_mask(path, 1 << 20)
    assert mask is not None and np.array_equal(mask, _alpha(path))


def test_only_the_rows_asked_for_are_decoded(tmp_path: Path) -> None:
    path = assets_folder() / "tiles" / "terrain_pointy.png"
    mask = opaque_mask(path, 40)
    assert mask is not None and np.array_equal(mask, _alpha(path)[:40])


def test_an_opaque_picture_or_a_file_that_is_no_png_cannot_tell(tmp_path: Path) -> None:
    solid = pygame.Surface((20, 10))
    solid.fill((10, 200, 10))
    pygame.image.save(solid, str(tmp_path / "solid.png"))
    (tmp_path / "text.png").write_text("not a picture")
    assert opaque_mask(tmp_path / "solid.png", 10) is None
    assert opaque_mask(tmp_path / "text.png", 10) is None
    assert opaque_mask(tmp_path / "gone.png", 10) is None


def test_tileds_transparent_colour_makes_holes_in_an_opaque_picture(tmp_path: Path) -> None:
    keyed = pygame.Surface((20, 10))
    keyed.fill((255, 0, 255))
    keyed.fill((10, 200, 10), pygame.Rect(5, 2, 10, 6))
    pygame.image.save(keyed, str(tmp_path / "keyed.png"))
    mask = opaque_mask(tmp_path / "keyed.png", 10, "ff00ff")
    assert mask is not None and int(mask.sum()) == 60 and mask[2:8, 5:15].all()


def test_noise_through_every_row_filter_reads_as_pygame_reads_it(tmp_path: Path) -> None:
    # Random pixels make libpng pick each of the five filters somewhere; alpha alone is undone, so this
    # checks that the alpha bytes' chain is right on its own.
    surface = pygame.Surface((96, 64), pygame.SRCALPHA)
    rng = np.random.default_rng(7)
    rgb = pygame.surfarray.pixels3d(surface)
    rgb[:] = rng.integers(0, 256, (96, 64, 3))
    del rgb
    alpha = pygame.surfarray.pixels_alpha(surface)
    alpha[:] = rng.integers(0, 256, (96, 64))
    del alpha
    pygame.image.save(surface, str(tmp_path / "noise.png"))
    mask = opaque_mask(tmp_path / "noise.png", 64)
    assert mask is not None and np.array_equal(mask, _alpha(tmp_path / "noise.png"))


def test_a_picture_too_large_to_read_quickly_cannot_tell(monkeypatch: pytest.MonkeyPatch) -> None:
    # The lint then judges the tiles by their proportions: validate stays quick on a huge atlas.
    import game.maps.png_alpha as png_alpha

    monkeypatch.setattr(png_alpha, "MAX_SEQUENTIAL", 1000)
    assert opaque_mask(assets_folder() / "tiles" / "terrain_pointy.png", 230) is None


def test_a_damaged_png_cannot_tell_and_never_raises(tmp_path: Path) -> None:
    # The lint reads tilesets a stranger wrote: every cut of a real atlas and a few forged headers are
    # "cannot tell" (None), never a traceback.
    import struct
    import zlib

    good = (assets_folder() / "tiles" / "terrain_pointy.png").read_bytes()
    path = tmp_path / "cut.png"
    for end in [8, 12, 20, 29, 33, 40, 100, 1000, len(good) // 2, len(good) - 12]:
        path.write_bytes(good[:end])
        opaque_mask(path, 230)  # a mask of the rows that survive, or None: either is fine, raising is not

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    magic = b"\x89PNG\r\n\x1a\n"
    forged = [
        magic + chunk(b"IHDR", b"\x00\x00"),  # a header too short to hold a size
        magic + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 6, 0, 0, 0)) + chunk(b"IDAT", b"junk"),
        magic + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(bytes([9] + [0] * 16) * 4)),  # filter type 9 does not exist
        magic + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 3, 0, 0, 0)) + chunk(b"tRNS", b"\x00")
        + chunk(b"IDAT", zlib.compress(bytes([0, 200, 0, 0, 0]) * 4)),  # palette index past PLTE (there is none)
    ]
    for data in forged:
        path.write_bytes(data)
        mask = opaque_mask(path, 4)
        assert mask is None or mask.shape == (4, 4)
