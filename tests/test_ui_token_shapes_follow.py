"""The tokens' shapes the tooltips, V's box and the name tag weigh (tokenlayer.token_shapes) follow every change.

They are kept from frame to frame while nothing moves (worked out three times a frame on the 64x64 benchmark map,
a tenth of its CPU); a token that walks, is hurt or turns, or a camera that glides must give the new shape the
very next time it is asked for -- each compared here with one worked out fresh from the same token.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.rules import Face, Move, SetHp  # noqa: E402
from game.ui.tokenlayer import states_from, token_shape, token_shapes  # noqa: E402
from tests.ui_harness import make_ctx, skirmish  # noqa: E402


def _fresh(ctx) -> dict:
    return {name: token_shape(ctx, tok) for name, tok in states_from(ctx).items()}


def test_shapes_follow_a_move_a_wound_a_turn_and_the_camera() -> None:
    m = skirmish()
    ctx = make_ctx(m)
    enc = m.encounter
    actor = enc.turn
    assert actor is not None
    first = token_shapes(ctx)
    assert first == _fresh(ctx) and token_shapes(ctx) == first
    rows, cols = enc.reach_for(actor).can_end.nonzero()
    here = enc.view(actor).cell
    to = next((int(c), int(r)) for r, c in zip(rows, cols, strict=True) if (int(c), int(r)) != tuple(here))
    m.submit(Move(actor, to))  # the window bumps ctx.version; a shape must not need it
    walked = token_shapes(ctx)
    assert walked[actor] != first[actor] and walked == _fresh(ctx)
    other = next(v.name for v in enc.views() if v.active and v.name != actor)
    m.submit(SetHp(other, max(1, enc.view(other).hp - 3)))
    assert token_shapes(ctx) == _fresh(ctx)  # the hp bar keeps its size; its badges may change
    facing = next(d for d in enc.layout.direction_names if d != enc.view(actor).facing)
    m.submit(Face(actor, facing))
    assert token_shapes(ctx) == _fresh(ctx)
    cx, cy = ctx.camera.centre()
    ctx.camera.jump(cx + 50, cy + 30)
    panned = token_shapes(ctx)
    assert panned == _fresh(ctx) and panned[other] != first[other]
