"""What a tooltip hides, measured on what is drawn: a token's disc (with its rings), its hp bar and markers.

The areas are worked by hand; the token's shape is checked against the pixels the renderer puts on screen.
"""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.render.pg import pygame  # noqa: E402
from game.ui.drawn import Drawn, disc_under  # noqa: E402
from game.ui.theme import place_beside  # noqa: E402
from game.ui.tokenlayer import draw_tokens, states_from, token_shape  # noqa: E402
from tests.ui_harness import make_ctx, new_match, screen  # noqa: E402


def test_the_area_of_a_disc_under_a_box_worked_by_hand() -> None:
    """A disc of radius 10 at (50, 50): half of it right of x = 50 is 50 pi; a quarter, 25 pi; a 10 px square at
    its centre lies inside it (100); the 2 px square at its bounding square's corner (40..42, 40..42) is 11.3 px
    and more from the centre, outside it (0); a box over all of it, 100 pi."""
    d = (50.0, 50.0, 10.0)
    assert disc_under(d, pygame.Rect(50, 0, 100, 100)) == pytest.approx(50 * math.pi)
    assert disc_under(d, pygame.Rect(50, 50, 100, 100)) == pytest.approx(25 * math.pi)
    assert disc_under(d, pygame.Rect(45, 45, 10, 10)) == pytest.approx(100)
    assert disc_under(d, pygame.Rect(40, 40, 2, 2)) == 0
    assert disc_under(d, pygame.Rect(0, 0, 100, 100)) == pytest.approx(100 * math.pi)
    # A ring (V's) is its band: a box inside the band's hole hides none of it.
    ring = Drawn(rings=((d, 7.0),))
    assert ring.under(pygame.Rect(47, 47, 6, 6)) == 0
    assert ring.area == pytest.approx(math.pi * (100 - 49))


# A strip of window 48 px tall: a 100x40 box beside the hex at (150, 4) fits only level with it, right (x 206)
# or left (x 44). A token's square (4 px round its disc) at (300, 40), its disc of radius 20 at (324, 64).
AREA, HEX, SIZE = pygame.Rect(0, 0, 400, 48), pygame.Rect(150, 4, 50, 40), (100, 40)


def test_a_box_stays_right_of_its_hex_over_a_token_squares_empty_corner() -> None:
    """The box right of the hex (206..306 by 4..44) covers 6x4 px of the token's square, its corner: the disc's
    nearest point is 26.9 px from (306, 44), more than its radius. Nothing drawn is hidden, so the box keeps the
    first side, the right; measured by the square it went left."""
    token = Drawn(discs=((324.0, 64.0, 20.0),))
    assert place_beside(SIZE, HEX, AREA, spare=[token]).x == 206
    assert place_beside(SIZE, HEX, AREA, spare=[pygame.Rect(300, 40, 48, 48)]).x == 44


def test_a_box_leaves_a_token_hp_bar_in_view_where_the_square_misses_it() -> None:
    """A token's hp bar hanging under it (here reaching up to 30..46 by 40..46, right under the right-hand spot)
    is hidden by the right-hand box: it goes left."""
    token = Drawn(discs=((40.0, 200.0, 20.0),), rects=(pygame.Rect(290, 40, 16, 6),))
    assert place_beside(SIZE, HEX, AREA, spare=[token]).x == 44


def _drawn(colour: tuple[int, int, int], ctx: object, tokens: dict) -> pygame.Surface:
    s = screen()
    s.fill(colour)
    draw_tokens(s, ctx, tokens, tag=False)  # type: ignore[arg-type]
    return s


def test_a_tokens_shape_is_where_the_renderer_draws_it() -> None:
    """On a magenta screen, every token of the default map drawn as in battle: just inside its shape's disc (at
    eight points round it), at the middle of its facing wedge's point and all over its hp bar something is
    drawn, the bar's corner is its dark edge, and a threatening token's disc reaches out to its red ring."""
    match = new_match()
    ctx = make_ctx(match)
    tokens = states_from(ctx)
    bg = (255, 0, 255)
    s = _drawn(bg, ctx, tokens)
    checked = ringed = 0
    for name, tok in tokens.items():
        shape = token_shape(ctx, tok)
        (cx, cy, r), *_ = shape.discs
        if not s.get_rect().inflate(-2 * r - 20, -2 * r - 20).collidepoint(cx, cy):
            continue  # off screen or at its edge
        for k in range(8):
            a = math.pi * k / 4
            x, y = round(cx + (r - 2) * math.cos(a)), round(cy + (r - 2) * math.sin(a))
            assert tuple(s.get_at((x, y)))[:3] != bg, (name, k)
        wx, wy, _ = shape.discs[1]  # the facing wedge's point, outside the disc: drawn at its middle
        assert tuple(s.get_at((round(wx), round(wy))))[:3] != bg, (name, "wedge")
        bar = shape.rects[0]
        assert all(tuple(s.get_at((x, y)))[:3] != bg for x in range(bar.left, bar.right)
                   for y in range(bar.top, bar.bottom)), name
        # The bar's dark edge is the shape's edge: the pixel in its corner is the edge's near-black.
        assert max(tuple(s.get_at(bar.topleft))[:3]) < 40, name
        if tok.threatening and name not in (ctx.encounter.turn, ctx.selected):
            # Straight up, else left, up-left or up-right (the shadow falls down and right): the first direction
            # at least 45 degrees off the facing wedge and the side chip (at 12 o'clock, or 9 while it faces up).
            taken = [math.atan2(py - cy, px - cx) for px, py, _ in shape.discs[1:3]]
            a = next(d for d in (-math.pi / 2, math.pi, -3 * math.pi / 4, -math.pi / 4)
                     if all(abs((d - t + math.pi) % (2 * math.pi) - math.pi) >= math.pi / 4 for t in taken))
            x, y = round(cx + (r - 1) * math.cos(a)), round(cy + (r - 1) * math.sin(a))
            red = tuple(s.get_at((x, y)))[:3]
            assert red[0] > 150 and red[1] < 90, (name, red)
            ringed += 1
        checked += 1
    assert checked >= 5 and ringed >= 1
