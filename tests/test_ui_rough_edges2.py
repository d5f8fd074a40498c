"""The window with no rough edges, part 2: what covered a token in small windows, measured on the shipped maps.

- the hovered token's name tag sat on a neighbour ("Wynn 10/10" on Astrid, giants_lair 960x600);
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.tokenart import token_radius_px  # noqa: E402
from tests.scene_harness import frame, hover, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"
EVERYONE = ("player", "ally", "enemy", "neutral")  # nobody moves while the test points


def discs_under(scene, rect: pygame.Rect, own: str | None = None) -> list[str]:
    """The tokens (other than ``own``) whose disc, as drawn, ``rect`` lies on."""
    ctx = scene.ctx
    out = []
    for name, tok in scene.tokens.items():
        if name == own or tok.alpha <= 0:
            continue
        x, y = ctx.cell_to_screen(tok.cell)
        r = token_radius_px(ctx.hex_radius(), tok.radius)
        if rect.colliderect(pygame.Rect(round(x - r), round(y - r), 2 * r, 2 * r)):
            out.append(name)
    return out


@pytest.mark.parametrize("name,size", [("giants_lair", (960, 600)), ("giants_lair", (800, 560)),
                                       ("ambush", (800, 560))], ids=lambda v: v if isinstance(v, str) else
                         f"{v[0]}x{v[1]}")
def test_a_name_tag_keeps_off_the_other_tokens(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    """Hovering each token of the opening view: its tag covers no other token's disc (there is room in a gap
    between its neighbours, within a hex of it), as it keeps off arrows and arc labels."""
    scene, screen = open_battle(tmp_path, MAPS / f"{name}.tmx", humans=EVERYONE, setup=False, size=size)
    frame(scene, screen, 30)
    checked = 0
    for v in scene.match.encounter.views():
        if not v.active or not scene.ctx.view_rect.collidepoint(scene.ctx.cell_to_screen(v.cell)):
            continue
        hover(scene, v.cell)
        frame(scene, screen, 2)
        if scene.ctx.hovered_unit != v.name or scene.view.name_tag is None:
            continue  # a panel over the hex claims the pointer
        checked += 1
        assert discs_under(scene, pygame.Rect(scene.view.name_tag), v.name) == [], v.name
    assert checked >= 5
