"""A folded combat log whose newest entry is taller than the box shows that entry's head, never its tail alone.

Found playing ambush at 960x600: Sir Corin moved into two zones of control and the folded log (two lines) read
"of Bandit Chief and Bandit Spear: no more movement / this turn", the line saying who moved left out.
"""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.ui.panels.combat_log import CONTINUED, CombatLog
from tests.scene_harness import frame, open_battle
from tests.ui_harness import ROOT

AMBUSH = ROOT / "maps" / "ambush.tmx"
LAPTOP = (960, 600)
LONG = ("Sir Corin moves to 9,3 (cost 2), into the zone of control of Bandit Chief and Bandit Spear: "
        "no more movement this turn, and a longer tail so that it wraps to three lines or more in the log")


def point(scene, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_the_folded_log_shows_who_did_it_when_the_newest_entry_is_taller_than_the_box(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False, size=LAPTOP)
    frame(scene, screen, 2)
    point(scene, (LAPTOP[0] // 2, 60))  # away from the log: it stays folded
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    log.entries.append((LONG, "info"))
    frame(scene, screen, 2)
    assert len(log.drawn) == 2  # folded to two rows, the entry three or more
    first = log.drawn[0][0]
    assert first.startswith("Sir Corin moves"), log.drawn  # who moved, not the tail of the sentence
    assert not first.startswith(CONTINUED)
    assert log.drawn[-1][0].endswith("…")  # and it says there is more
    # Pointed at, the whole entry is there, its last words on the newest row.
    point(scene, (log.cover.centerx, log.cover.bottom - 10))
    frame(scene, screen)
    assert log.drawn[-1][0].endswith("lines or more in the log")
    assert any(t.startswith("Sir Corin moves") for t, _ in log.drawn)
