"""Words that outlived their moment around the end of a battle (a solo player's pass on giants_lair).

- Enter pressed while the last blow played said "Wait until the current action has played", and that line
  stayed in the status line under the summary, though nothing was playing any more. The summary itself takes
  no Enter (none of its buttons is Enter's): it does nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.render.pg import pygame  # noqa: E402
from game.rules import SetHp  # noqa: E402
from game.ui.commands import WAIT  # noqa: E402
from game.ui.summary import SummaryScene  # noqa: E402
from tests.scene_harness import frame, key, open_battle  # noqa: E402

MAPS = Path(__file__).resolve().parents[1] / "maps"


def test_enter_during_the_last_blow_leaves_no_wait_under_the_summary(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, MAPS / "giants_lair.tmx", humans=("player",), setup=False,
                                size=(1280, 800))
    frame(scene, screen, 5)
    enc = scene.match.encounter
    for v in enc.views():
        if v.faction == "enemy":
            scene.submit(SetHp(v.name, 0))  # the GM ends it: the last defeat's animation plays
    assert enc.is_over() and scene.anim.busy
    before = scene.ctx.status
    assert key(scene, pygame.K_RETURN) is None
    assert scene.ctx.status == before != WAIT  # the closing line stays
    summary = None
    for _ in range(600):
        scene.draw(screen, 1.0)
        tr = scene.update(1 / 60)
        if tr is not None:
            summary = tr.scene
            break
    assert isinstance(summary, SummaryScene)
    assert scene.ctx.status == before  # under the summary: how it ended, not "Wait ..."
    summary.draw(screen, 1.0)
    assert summary.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                   scancode=0)) is None
