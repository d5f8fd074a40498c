"""The combat log of a bigger window keeps to the room it takes at the battle's start, however long the battle.

Found in a full mouse playthrough at 1280x800 on Harrow Keep: the log grew a line at a time up from the bottom
right to its full 188 px, over the map's bottom-right hexes, and stayed there for the rest of the battle. It now
shows its newest lines in the room it had after the first turn; the pointer on it shows the older ones (as a small
window's log already did), and leaving it folds it again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.render.pg import pygame
from game.rules import EndTurn
from game.ui.panels.combat_log import CombatLog
from tests.scene_harness import frame, open_battle
from tests.ui_harness import ROOT

FORTRESS = ROOT / "maps" / "fortress_assault.tmx"
EVERYONE = ("player", "ally", "enemy")  # nobody's turn is the AI's: the test ends every turn itself


def point(scene, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


@pytest.mark.parametrize("size", [(1280, 800), (1280, 720)])
def test_the_log_never_grows_over_more_of_the_map_than_after_the_first_turn(tmp_path: Path,
                                                                           size: tuple[int, int]) -> None:
    scene, screen = open_battle(tmp_path, FORTRESS, humans=EVERYONE, setup=False, size=size)
    frame(scene, screen, 2)
    point(scene, (size[0] // 2, 60))  # the pointer on the map's top, away from the log
    enc = scene.match.encounter
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    scene.submit(EndTurn())  # the first turn: "Combat begins", the first actor's turn and that it waited
    frame(scene, screen, 10)
    start = pygame.Rect(log.cover)
    assert start.height > 0
    for _ in range(3 * len(list(enc.views()))):  # three rounds of waiting: dozens of lines
        scene.submit(EndTurn())
        frame(scene, screen)
    frame(scene, screen, 10)
    assert len(log.entries) > 20
    late = pygame.Rect(log.cover)
    assert late.top >= start.top and late.bottom == start.bottom, (start, late)
    newest = log.entries[-1][0]
    assert log.drawn and log.drawn[-1][0] == newest  # it still says what just happened
    # Pointed at, it shows older lines too; left, it folds back to its room.
    point(scene, (late.centerx, late.bottom - 10))
    frame(scene, screen)
    assert len(log.drawn) > 3 and log.drawn[-1][0] == newest
    point(scene, (size[0] // 2, 60))
    frame(scene, screen)
    assert log.cover == late
