"""A tooltip is placed once while nothing around it changes, and placed again the frame something does.

Placing a tip weighs hundreds of spots against every token's disc; posted again every frame with the pointer
at rest, that was half a frame's CPU on the 64x64 benchmark map (tools/bench_frames.py). So the Tooltips panel
keeps last frame's places while every input of the placement is the same -- and a change of any of them (here
the legend opened over the box, a token walking under it) must still move the box that very frame.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.rules import Move  # noqa: E402
from game.ui import theme as th  # noqa: E402
from game.ui.panels import tooltips as tooltips_module  # noqa: E402
from game.ui.panels.tooltips import Tooltips  # noqa: E402
from tests.ui_harness import make_ctx, screen, skirmish  # noqa: E402

LINES = [th.Line("4,4", "muted", size=th.SMALL), th.Line("Move here: 3 of 6 movement", bold=True)]


def _frame(tips: Tooltips, ctx, s) -> pygame.Rect:
    th.post_tip(ctx, LINES, ctx.cell_to_screen(ctx.hovered_cell))
    tips.draw(s, ctx)
    (box, _), = tips.drawn
    return box


def _counting_places(monkeypatch) -> list[int]:
    calls = [0]
    real = tooltips_module.place_beside

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(tooltips_module, "place_beside", counted)
    return calls


def test_a_tip_at_rest_keeps_its_box_without_being_placed_again(monkeypatch) -> None:
    m = skirmish()
    ctx, s = make_ctx(m), screen()
    ctx.hovered_cell = (4, 4)
    calls = _counting_places(monkeypatch)
    tips = Tooltips()
    boxes = [_frame(tips, ctx, s) for _ in range(6)]
    assert all(b == boxes[0] for b in boxes)
    # The first frame places it, the second again (last frame's spot, its ``prefer``, is new): then no more.
    assert calls[0] <= 2


def test_opening_the_legend_over_the_box_moves_it_that_frame() -> None:
    m = skirmish()
    ctx, s = make_ctx(m), screen()
    ctx.hovered_cell = (4, 4)
    tips = Tooltips()
    for _ in range(3):
        box = _frame(tips, ctx, s)
    ctx.reading = [pygame.Rect(box)]  # a panel opened to be read, right where the box stands
    moved = _frame(tips, ctx, s)
    assert not moved.colliderect(box), (box, moved)


def test_the_actor_walking_under_the_box_moves_it_that_frame() -> None:
    m = skirmish()
    ctx, s = make_ctx(m), screen()
    enc = m.encounter
    actor = enc.turn
    assert actor is not None
    here = tuple(enc.view(actor).cell)
    # Point at a hex the actor can reach, not its own; its box then stands beside that hex.
    rows, cols = enc.reach_for(actor).can_end.nonzero()  # [row, col]
    ends = [(int(c), int(r)) for r, c in zip(rows, cols, strict=True) if (int(c), int(r)) != here]
    tips = Tooltips()
    for target in ends:
        ctx.hovered_cell = target
        tips = Tooltips()
        for _ in range(3):
            box = _frame(tips, ctx, s)
        under = ctx.cell_at(box.center)
        if under is not None and tuple(under) in ends and tuple(under) != target:
            break
    else:
        raise AssertionError("no reachable hex under any box")
    # The actor (kept in view before everything but the hex) walks to the hex under the box's middle.
    m.submit(Move(actor, tuple(under)))
    assert tuple(enc.view(actor).cell) == tuple(under)
    moved = _frame(tips, ctx, s)
    assert not moved.colliderect(ctx.token_rect(actor)), (box, moved, ctx.token_rect(actor))
