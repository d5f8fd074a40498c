"""A tooltip placed for the rows it may grow to (V's box while the shooting odds come in, one a frame) keeps
its edge on its hex's side where it is as the rows come in: above the hex, the box's bottom is where the full
box's bottom will be. Found: the box was drawn from the reserved room's top left, so above its hex it showed a
gap under it, as tall as the rows still to come, and the box then grew down to close it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import theme as th  # noqa: E402
from game.ui.panels.tooltips import Tooltips  # noqa: E402
from tests.ui_harness import make_ctx, screen, skirmish  # noqa: E402

NOW = [th.Line("6,8", "muted", size=th.SMALL), th.Line("2 enemies could attack Mira", "bad", bold=True),
       th.Line("weighing the shots and bursts...", "muted", size=th.SMALL)]
ODDS = [th.Line(f"Archer {i}: shot 55 %", size=th.SMALL) for i in range(1, 6)]
ALL_IN = [*NOW[:2], *ODDS]


def _drawn(ctx, s, lines):
    tips = Tooltips()
    th.post_tip(ctx, lines, ctx.cell_to_screen(ctx.hovered_cell), reserve=ALL_IN)
    tips.draw(s, ctx)
    (box, anchor), = tips.drawn
    return box, anchor


def test_a_box_above_its_hex_keeps_its_bottom_as_the_odds_come_in() -> None:
    m = skirmish()
    ctx, s = make_ctx(m), screen()
    lay = m.encounter.layout
    above = 0
    for cell in [(c, r) for c in range(lay.cols) for r in range(lay.rows)]:
        if not ctx.view_rect.collidepoint(ctx.cell_to_screen(cell)):
            continue
        ctx.hovered_cell = cell
        now, anchor = _drawn(ctx, s, NOW)
        done, _ = _drawn(ctx, s, ALL_IN)
        assert now.height < done.height  # rows still to come: the case
        # The full box fills the room kept for it: where it ends above the hex's middle, the box as it is now
        # ends there too (no gap under it); elsewhere it starts where the full box starts (it grows down).
        if done.bottom <= anchor.centery:
            above += 1
            assert now.bottom == done.bottom, (cell, now, done, anchor)
        else:
            assert now.top == done.top, (cell, now, done, anchor)
        assert (now.right if done.right <= anchor.left else now.left) == \
            (done.right if done.right <= anchor.left else done.left)
    assert above >= 3  # the map's lower hexes put the box above them
