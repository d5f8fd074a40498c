"""Words that outlived their moment around the end of a battle (a solo player's pass on giants_lair).

- Enter pressed while the last blow played said "Wait until the current action has played", and that line
  stayed in the status line under the summary, though nothing was playing any more. The summary itself takes
  no Enter (none of its buttons is Enter's): it does nothing.
- The status line after a GM push into the chasm named the unit and the fall twice ("... and falls; Goblin 3 is
  defeated by the fall"): one clause now, "... and falls: defeated".
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
from tests.scene_harness import frame, key, open_battle, until_summary  # noqa: E402

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
    summary = until_summary(scene, screen)
    assert isinstance(summary, SummaryScene)
    assert scene.ctx.status == before  # under the summary: how it ended, not "Wait ..."
    summary.draw(screen, 1.0)
    assert summary.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                   scancode=0)) is None


# Pointy-top, staggerindex odd (worked by hand): O at 5,2 pushed east 4 crosses 6,2 7,2 8,2 into the chasm at
# 9,2; G at 7,4 (an even row) has 6,5, the hazard (3 damage of its 3 hp), to its south-west.
ROWS = ["." * 10] * 2 + [".........c"] + ["." * 10] * 2 + ["......h..."]
UNITS = [
    {"name": "A", "at": (2, 2), "faction": "player", "initiative": 9, "hp": 10},
    {"name": "O", "at": (5, 2), "faction": "enemy", "initiative": 5, "hp": 6},
    {"name": "G", "at": (7, 4), "faction": "enemy", "initiative": 1, "hp": 3},
]


def test_a_push_into_the_chasm_is_one_clause_in_the_status_line() -> None:
    """Found on giants_lair: "Goblin 3 is pushed to 11,5 and falls; Goblin 3 is defeated by the fall" named the
    unit and the fall twice."""
    from game.match import Match
    from game.rules import Begin, Push, scenario_from_rows
    from game.ui.narration import status_line

    m = Match(scenario_from_rows(ROWS, UNITS))
    m.submit(Begin())
    fell = m.submit(Push("O", "e", 4))
    assert status_line(fell, m.encounter) == "O is pushed east to 9,2 and falls: defeated"
    burned = m.submit(Push("G", "sw", 1))
    assert status_line(burned, m.encounter).startswith("G is pushed south-west to 6,5, takes 3 hazard damage: "
                                                       "defeated")
