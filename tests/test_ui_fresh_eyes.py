"""A fresh-eyes pass over the window (the Greenway at 1024x640, played with the mouse): what a player saw.

- P at the opening view frames the map again for the room the panels leave, so the map jumps under a resting
  pointer; the first frame after it still showed what had been under the pointer before the jump (Brother
  Odo's name tag, with the pointer on Lysa), the right one a frame later. The same after a resize.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.tokenart import token_radius_px  # noqa: E402
from tests.scene_harness import frame, hover, key, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")  # nobody moves while the test points


def token_under(scene, pos: tuple[int, int]) -> str | None:
    """The token whose disc, as drawn now, holds screen pixel ``pos``."""
    ctx = scene.ctx
    for name, tok in scene.tokens.items():
        x, y = ctx.cell_to_screen(tok.cell)
        r = token_radius_px(ctx.hex_radius(), tok.radius)
        if tok.alpha > 0 and (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= r * r:
            return name
    return None


@pytest.mark.parametrize("how", ["panels", "resize"])
def test_the_frame_after_the_map_jumps_names_the_token_under_the_pointer(tmp_path: Path, how: str) -> None:
    """Resting on Lysa, P twice (or the window resized and back) at the opening view: the map is framed again
    under the pointer, and every frame's name tag is that of the token the pointer is on in that frame."""
    scene, screen = open_battle(tmp_path, MAPS / "ambush.tmx", humans=EVERYONE, setup=False, size=(1024, 640))
    frame(scene, screen, 30)
    lysa = scene.tokens["Lysa"].cell
    hover(scene, lysa)
    frame(scene, screen, 3)
    assert scene.ctx.hovered_unit == "Lysa"
    jumped = 0
    for step in range(2):
        start = scene.ctx.cell_to_screen(lysa)
        if how == "panels":
            key(scene, pygame.K_p)
        else:
            screen = pygame.display.set_mode((900, 600) if step == 0 else (1024, 640))
            scene.resize(screen.get_size())
        for _ in range(3):
            frame(scene, screen, 1)
            under = token_under(scene, scene.ctx.mouse)
            assert scene.ctx.hovered_unit == under, (step, scene.ctx.hovered_unit, under)
        jumped += scene.ctx.cell_to_screen(lysa) != start
    assert jumped == 2  # the map did move under the pointer both times: the case this is about
