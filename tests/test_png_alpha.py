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
