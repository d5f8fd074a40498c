"""A large or giant combatant's name tag and facing arcs' labels sit clear of its neighbours' tokens."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math  # noqa: E402

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.tokenart import token_radius_px  # noqa: E402
from tests.scene_harness import frame, hover, open_battle  # noqa: E402

LAIR = Path(__file__).resolve().parents[1] / "maps" / "giants_lair.tmx"


def on_a_token(scene, rect: pygame.Rect, own: str) -> list[str]:
    """The other tokens whose disc or hp bar (as the token layer draws them) ``rect`` lies on."""
    ctx = scene.ctx
    hit = []
    for name, tok in scene.tokens.items():
        if name == own:
            continue
        x, y = ctx.cell_to_screen(tok.cell)
        r = token_radius_px(ctx.hex_radius(), tok.radius)
        bar = pygame.Rect(0, 0, max(16, int(r * 1.6)) + 2, max(4, r // 6) + 2)
        bar.midtop = (round(x), round(y + r + 1))
        gap = math.hypot(max(abs(rect.centerx - x) - rect.width / 2, 0),
                         max(abs(rect.centery - y) - rect.height / 2, 0))
        if gap < r or rect.colliderect(bar):
            hit.append(name)
    return hit


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_big_tokens_labels_clear_their_neighbours(tmp_path: Path, size: tuple[int, int]) -> None:
    """At 800x560 "Grundvald 32/32" sat on the Cave Troll beside him (placed outside his arcs' ring, two hexes
    and more out), and the Cave Troll's "right -2" on Astrid's hp bar."""
    scene, screen = open_battle(tmp_path, LAIR, humans=("player", "ally"), setup=False, size=size)
    frame(scene, screen, 3)
    arcs = next(w for w in scene.widgets if type(w).__name__ == "FacingArcs")
    big = [v for v in scene.match.encounter.views() if v.active and v.radius > 0]
    assert {v.name for v in big} == {"Grundvald", "Cave Troll", "Bjorn"}
    for v in big:
        hover(scene, v.cell)
        frame(scene, screen, 2)
        assert scene.ctx.hovered_unit == v.name and scene.view.name_tag is not None and arcs.label_rects
        tag = pygame.Rect(scene.view.name_tag)
        assert on_a_token(scene, tag, v.name) == [], (v.name, "name tag", tag)
        assert not [k for k in arcs.label_rects if k.colliderect(tag)], (v.name, "tag on its own arcs' labels")
        for label in arcs.label_rects:
            assert on_a_token(scene, label, v.name) == [], (v.name, "arc label", label)


EVERYONE = ("player", "ally", "enemy", "neutral")  # nobody moves while the test points


def tag_gap(scene, name: str) -> float:
    """How far the hovered ``name``'s tag, as last drawn, is from the edge of its disc (screen px)."""
    ctx = scene.ctx
    x, y = ctx.cell_to_screen(scene.match.encounter.view(name).cell)
    tag = pygame.Rect(scene.view.name_tag)
    r = token_radius_px(ctx.hex_radius(), scene.match.encounter.view(name).radius)
    return math.hypot(max(abs(tag.centerx - x) - tag.width / 2, 0), max(abs(tag.centery - y) - tag.height / 2, 0)) - r


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_name_tag_stays_within_a_hex_of_its_token(tmp_path: Path, size: tuple[int, int]) -> None:
    """Found on giants_lair: every tag went outside its token's facing-arc ring, a hex and more from the disc:
    "Grundvald 32/32" 159 px to the left of him at 800x560 (zoom 1.5, the tracker above him), "Wynn 10/10"
    138 px above her at the closest zoom, and read as a neighbour's. At every zoom, the token in the middle of
    the view or up against the panels, the tag now stays within a hex of its own disc; where the body has room,
    right beside it."""
    from game.ui.camera import ZOOMS

    scene, screen = open_battle(tmp_path, LAIR, humans=EVERYONE, setup=False, size=size)
    frame(scene, screen, 3)
    ctx = scene.ctx
    hugged = 0
    for zi, zoom in enumerate(ZOOMS):
        ctx.camera.zoom_index = zi
        for v in scene.match.encounter.views():
            for dx, dy in ((0, 0), (0.3, -0.25), (-0.3, 0.2)):  # centred, by the tracker, by the card
                x, y = ctx.geometry.cell_center(v.cell)
                ctx.camera.jump(x - dx * size[0] / zoom, y - dy * size[1] / zoom)
                scene.director.glide = None
                frame(scene, screen)
                if not ctx.view_rect.collidepoint(ctx.cell_to_screen(v.cell)):
                    continue
                hover(scene, v.cell)
                frame(scene, screen)
                if ctx.hovered_unit != v.name:
                    continue  # a panel over the hex claims the pointer
                step = 2 * ctx.hex_radius()  # a hex across
                gap = tag_gap(scene, v.name)
                # Further out (two hexes at most) only where every spot within a hex covers someone, with its
                # leader line saying whose it is (test_ui_name_tag_crowd): at the farthest zoom Sigrun stands among
                # tokens 22 px across, every spot a hex from her on one of them.
                reach = 2 if scene.view.name_leader is not None else 1
                assert gap <= 1.05 * reach * step + 2, (v.name, zoom, (dx, dy), round(gap), round(step))
                hugged += gap < step / 4
    assert hugged > 0
