"""The window's tokens are the shipped sprites (assets/tokens), scaled with the zoom, composed once per zoom step."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.maps import assets_folder
from game.render.pg import pygame
from game.ui.camera import ZOOMS
from game.ui.tokenart import TokenArt, pad_for
from game.ui.tokenlayer import draw_tokens, states_from
from tests.ui_harness import ROOT, make_ctx, new_match, screen

SHIP = ROOT / "maps" / "ship_boarding.tmx"
BG = (0, 0, 0)


def _draw(ctx, art: TokenArt) -> pygame.Surface:
    surf = screen()
    surf.fill(BG)
    draw_tokens(surf, ctx, states_from(ctx), art)
    return surf


@pytest.mark.parametrize("zoom", [0.5, 1.0, 2.0])
def test_a_standard_token_shows_its_faction_sprite_at_the_zoom(zoom: float) -> None:
    ctx = make_ctx(new_match(), ZOOMS.index(zoom))
    v = next(v for v in ctx.encounter.views() if v.faction == "player" and v.radius == 0)
    ctx.camera.jump(*ctx.geometry.cell_center(v.cell))
    surf = _draw(ctx, TokenArt())
    # The disc's screen radius: 0.78 of the hex inradius (32 px on the default pointy 64 px map) times the zoom.
    r = round(32 * 0.78 * zoom)
    expected = pygame.transform.smoothscale(pygame.image.load(str(assets_folder() / "tokens" / "player_standard.png")),
                                            (2 * r, 2 * r))
    cx, cy = ctx.cell_to_screen(v.cell)
    facing = ctx.encounter.layout.neighbor(v.cell, v.facing_index)
    fx, fy = ctx.cell_to_screen(facing)
    away = math.atan2(cy - fy, cx - fx)  # the side opposite the facing wedge, clear of the label in the middle
    checked = 0
    for turn in (-0.4, 0.0, 0.4):
        for frac in (0.75, 0.85):
            dx, dy = round(math.cos(away + turn) * r * frac), round(math.sin(away + turn) * r * frac)
            got = surf.get_at((round(cx) + dx, round(cy) + dy))[:3]  # the token is centred on the rounded centre
            want = expected.get_at((r + dx, r + dy))
            assert want.a >= 250  # inside the sprite's disc (smoothscale rounds 255 down a little)
            assert all(abs(g - w) <= 12 for g, w in zip(got, want[:3], strict=True)), (zoom, dx, dy, got, want)
            checked += 1
    assert checked == 6


def test_sprites_are_scaled_once_per_zoom_step_not_per_frame() -> None:
    ctx = make_ctx(new_match(), ZOOMS.index(1.0))
    art = TokenArt()
    _draw(ctx, art)
    first = art.scaled
    assert first > 0
    for _ in range(5):
        _draw(ctx, art)
    assert art.scaled == first  # later frames only blit
    ctx.camera.zoom_index = ZOOMS.index(2.0)
    _draw(ctx, art)
    at_two = art.scaled
    assert at_two > first  # the new zoom step scales the sprites again...
    _draw(ctx, art)
    ctx.camera.zoom_index = ZOOMS.index(1.0)
    _draw(ctx, art)
    assert art.scaled == at_two  # ...and going back to a recent step reuses them


def test_flying_and_swimming_tokens_carry_their_badge() -> None:
    ctx = make_ctx(new_match(path=SHIP), ZOOMS.index(1.0))
    moves = {v.movement_type for v in ctx.encounter.views()}
    assert {"flying", "swimming"} <= moves
    art = TokenArt()
    r = 40
    side = 2 * (r + pad_for(r))
    c = side // 2
    at = (round(c - r * 0.7), round(c + r * 0.7))  # the badge's centre, lower left of the disc
    ground = art.token("ally", 0, "Ab", 0, r, "ground")
    for kind in ("flying", "swimming"):
        badged = art.token("ally", 0, "Ab", 0, r, kind)
        assert badged.get_size() == ground.get_size() == (side, side)
        badge = pygame.transform.smoothscale(pygame.image.load(str(assets_folder() / "tokens" / f"badge_{kind}.png")),
                                             (round(r * 0.62), round(r * 0.62)))
        b = badge.get_width() // 2
        # A pixel on the badge's coloured face, left of its centre picture: the badge colour, not the ally green.
        want = badge.get_at((b - round(b * 0.75), b))
        got = badged.get_at((at[0] - round(b * 0.75), at[1]))
        assert all(abs(g - w) <= 16 for g, w in zip(got[:3], want[:3], strict=True)), (kind, got, want)
        assert got != ground.get_at((at[0] - round(b * 0.75), at[1]))


def test_without_the_sprites_the_window_still_draws_tokens(tmp_path: Path) -> None:
    ctx = make_ctx(new_match(), ZOOMS.index(1.0))
    surf = _draw(ctx, TokenArt(folder=tmp_path))  # an empty folder: a damaged installation
    v = next(v for v in ctx.encounter.views() if v.faction == "player")
    cx, cy = ctx.cell_to_screen(v.cell)
    assert surf.get_at((round(cx), round(cy)))[:3] != BG  # the procedural token is there instead


def test_the_flying_badge_is_one_dark_shape_not_two_eye_sockets() -> None:
    """Wynn's flying badge on giants_lair (1280x800, about 14 px across) read as a skull: its two fans of
    feathers, apart in the middle, looked like eye sockets on a pale face. The badge's ink (darker than halfway
    between the ink and its pale disc), inside the disc's rim, is one connected shape: a bird in flight."""
    from collections import deque

    img = pygame.image.load(str(ROOT / "assets" / "tokens" / "badge_flying.png"))
    w, h = img.get_size()

    def lum(c: pygame.Color) -> float:
        return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b

    r_in = w / 2 - 4  # inside the black rim
    ink = {(x, y) for x in range(w) for y in range(h)
           if (x + 0.5 - w / 2) ** 2 + (y + 0.5 - h / 2) ** 2 < r_in ** 2 and lum(img.get_at((x, y))) < 130}
    assert len(ink) > 40  # there is a picture
    shapes, seen = 0, set()
    for p in ink:
        if p in seen:
            continue
        shapes += 1
        todo = deque([p])
        seen.add(p)
        while todo:
            x, y = todo.popleft()
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q in ink and q not in seen:
                    seen.add(q)
                    todo.append(q)
    assert shapes == 1


@pytest.mark.parametrize("facing_deg", [120, 150])  # south-west on screen: pointy-top (R2), flat-top
def test_a_badged_token_facing_south_west_shows_its_facing_wedge(facing_deg: int) -> None:
    """Found on the Black Gull at 960x600: Kestrel (flying) turned to face south-west, the card said "Facing
    south-west", and the token showed no pointer: the badge, lower left, covered the wedge. Now the wedge shows
    just outside the rim as on a walker's token, and the badge moves up to the upper left."""
    art = TokenArt()
    r = 40
    side = 2 * (r + pad_for(r))
    c = side // 2
    a = math.radians(facing_deg)
    on_wedge = (round(c + math.cos(a) * r * 1.08), round(c + math.sin(a) * r * 1.08))  # just outside the rim
    upper_left = (round(c - r * 0.7), round(c - r * 0.7))
    ground = art.token("ally", 0, "Ke", facing_deg, r, "ground")
    for kind in ("flying", "swimming"):
        badged = art.token("ally", 0, "Ke", facing_deg, r, kind)
        got, want = badged.get_at(on_wedge), ground.get_at(on_wedge)
        assert all(abs(g - w) <= 8 for g, w in zip(got, want, strict=True)), (kind, got, want)
        assert badged.get_at(upper_left) != ground.get_at(upper_left), kind  # the badge is still worn
    # Facing east, the badge keeps its place, lower left.
    east = art.token("ally", 0, "Ke", 0, r, "flying")
    lower_left = (round(c - r * 0.7), round(c + r * 0.7))
    assert east.get_at(lower_left) != art.token("ally", 0, "Ke", 0, r, "ground").get_at(lower_left)
