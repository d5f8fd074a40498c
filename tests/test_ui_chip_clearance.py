"""A token's side chip keeps clear of its other marks and of its name tag, on a shipped map in the real scene.

Each mark is found by the pixels it changes: the scene drawn with and without the chip (and with and without
the disengaged marker, the wing badge) differs exactly where that mark stands.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui import tokenart, tokenlayer  # noqa: E402
from game.ui.battle import BattleScene  # noqa: E402
from tests.scene_harness import frame, hover, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
REAL_CHIP = tokenart.add_side_chip


def _look_at(scene: BattleScene, screen: pygame.Surface, name: str, zoom_index: int) -> None:
    cam = scene.ctx.camera
    cam.zoom_index = zoom_index
    cam.jump(*scene.ctx.geometry.cell_center(scene.tokens[name].cell))
    frame(scene, screen, 1)


def _drawn(scene: BattleScene, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch, name: str, chip: bool,
           **state: object) -> np.ndarray:
    """The window's pixels with ``name`` showing ``state`` (and its chip or not), drawn afresh, the other tokens
    left out (a neighbour's chip would come and go too), and no name tag (it would hide what it covers)."""
    monkeypatch.setattr(tokenlayer, "_ART", None)  # no picture composed before
    monkeypatch.setattr(tokenart, "add_side_chip", REAL_CHIP if chip else (lambda *a, **k: None))
    kept, hovered = dict(scene.tokens), scene.ctx.hovered_unit
    scene.ctx.hovered_unit = None
    scene.tokens[name] = replace(scene.tokens[name], **state)  # type: ignore[arg-type]
    for other in scene.tokens:
        if other != name:
            scene.tokens[other] = replace(scene.tokens[other], alpha=0.0)
    scene.draw(screen, 1.0)
    seen = pygame.surfarray.array3d(screen).copy()
    scene.tokens.update({k: v for k, v in kept.items() if k != name})
    scene.ctx.hovered_unit = hovered
    monkeypatch.setattr(tokenart, "add_side_chip", REAL_CHIP)
    return seen


def _box(a: np.ndarray, b: np.ndarray, near: pygame.Rect) -> pygame.Rect:
    """The bounding box of the pixels that differ between two drawings (x, y on screen) within ``near`` (the
    token and its surroundings: elsewhere the map's animated tiles move from one drawing to the next)."""
    diff = np.any(a != b, axis=2)
    keep = np.zeros_like(diff)
    keep[near.left:near.right, near.top:near.bottom] = True
    xs, ys = np.nonzero(diff & keep)
    assert len(xs), "the two drawings do not differ"
    return pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))


def test_a_flying_disengaged_token_s_chip_clears_its_marks_at_the_farthest_zoom(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Wynn (giants_lair, flying) at the farthest zoom, a disc of 9 px, facing west, just disengaged (R23): the
    disengaged marker takes the upper left, the wing badge the lower left, the wedge the left, the hp bar the
    bottom; 12 o'clock (where the chip sat, on the marker: a 5 px chip 9 px up, a 6 px marker 6.5 px up and
    left) is not free, 3 o'clock is. The chip's pixels share no box with the marker's, the badge's or the bar's."""
    scene, screen = open_battle(tmp_path, MAPS / "giants_lair.tmx", humans=("player",), setup=False)
    frame(scene, screen, 5)
    west = scene.match.encounter.layout.direction_index("w")
    _look_at(scene, screen, "Wynn", 0)
    assert round(scene.ctx.hex_radius() * 0.78) == 9
    base = dict(facing=west, movement="flying", disengaged=True, acted=False, zoc_exhausted=False)
    full = _drawn(scene, screen, monkeypatch, "Wynn", True, **base)
    bare = _drawn(scene, screen, monkeypatch, "Wynn", False, **base)
    x, y = scene.ctx.cell_to_screen(scene.tokens["Wynn"].cell)
    near = pygame.Rect(round(x) - 30, round(y) - 30, 60, 60)
    chip = _box(full, bare, near)
    marker = _box(bare, _drawn(scene, screen, monkeypatch, "Wynn", False, **{**base, "disengaged": False}), near)
    badge = _box(bare, _drawn(scene, screen, monkeypatch, "Wynn", False, **{**base, "movement": "ground"}), near)
    bar = pygame.Rect(0, 0, 16 + 2, 4 + 2)  # the hp bar of a 9 px disc: 16 x 4 px and a 1 px edge, 2 px below
    bar.midtop = (round(x), round(y) + 9 + 2 - 1)
    assert chip.width <= 12 and chip.height <= 12  # the chip alone: a 5 px disc in a 12 px picture
    assert not chip.colliderect(marker), (chip, marker)
    assert not chip.colliderect(badge), (chip, badge)
    assert not chip.colliderect(bar), (chip, bar)
    assert chip.left > x  # on the right of the disc, the only side free


@pytest.mark.parametrize("zoom_index", [4, 7])
def test_a_hovered_giant_s_name_tag_keeps_off_its_chip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       zoom_index: int) -> None:
    """Grundvald, the giant (giants_lair), hovered at 100 % and at 200 %: his chip (18 and 29 px) stands higher
    above his disc than the 9 px a tag just above it is lifted; the tag's rectangle and the chip's pixels share
    no point."""
    scene, screen = open_battle(tmp_path, MAPS / "giants_lair.tmx", humans=("player",), setup=False)
    frame(scene, screen, 5)
    _look_at(scene, screen, "Grundvald", zoom_index)
    hover(scene, scene.tokens["Grundvald"].cell)
    frame(scene, screen, 1)
    assert scene.ctx.hovered_unit == "Grundvald"
    x, y = scene.ctx.cell_to_screen(scene.tokens["Grundvald"].cell)
    r = scene.ctx.hex_radius() * 3.62  # a giant's disc: 0.78 + 2 x 1.42 hex inradii (R26)
    near = pygame.Rect(round(x - 1.5 * r), round(y - 1.5 * r), round(3 * r), round(3 * r))
    chip = _box(_drawn(scene, screen, monkeypatch, "Grundvald", True),
                _drawn(scene, screen, monkeypatch, "Grundvald", False), near)
    scene.draw(screen, 1.0)  # everyone back, the tag placed among them as the window places it
    tag = scene.view.name_tag
    assert tag is not None
    assert not tag.colliderect(chip), (tag, chip)
