"""A click on a panel is not a click on the hex under it.

Found playing the Greenway at 1280x800: pointing at Pell's card shows no preview of the hex under it (the
card claims the pointer), yet a click there walked Pell to that hex with all his movement. Now such a click
does nothing on the map and the status line says why; the same hex clicked where it is in view still moves.
"""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.battle_pointer import UNDER_PANEL
from game.ui.panels import CombatantCard
from tests.scene_harness import at, click, frame, open_battle

MAPS = Path(__file__).resolve().parent.parent / "maps"
AMBUSH = MAPS / "ambush.tmx"


def press(scene: BattleScene, pos: tuple[int, int], button: int = 1) -> None:
    """The pointer moved to ``pos`` and clicked there with ``button``, as a player does it."""
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def card_spot(scene: BattleScene, actor: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """A pixel on the combatant card over a hex ``actor`` could walk to now, and that hex."""
    card = next(w for w in scene.widgets if isinstance(w, CombatantCard))
    box = card._frame
    enc = scene.match.encounter
    for y in range(box.bottom - 4, box.top, -6):
        for x in range(box.right - 4, box.left, -6):
            cell = scene.ctx.cell_at((x, y))
            if cell is not None and enc.can_move_to(actor, cell) is None:
                return (x, y), cell
    raise AssertionError("no hex Pell could walk to lies under the card")


def opened(tmp_path: Path) -> BattleScene:
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False, size=(1280, 800))
    frame(scene, screen, 30)
    assert scene.match.encounter.turn == "Pell"
    # Pell stands beside the card's right edge: a step west puts the card over hexes he can reach.
    scene.ctx.camera.drag(-200, 0)
    frame(scene, screen, 2)
    return scene


def test_a_click_on_the_card_moves_nobody_and_says_why(tmp_path: Path) -> None:
    scene = opened(tmp_path)
    enc = scene.match.encounter
    pos, cell = card_spot(scene, "Pell")
    before = enc.view("Pell").cell
    press(scene, pos)
    assert enc.view("Pell").cell == before  # no blind walk to the hidden hex
    assert enc.view("Pell").movement == enc.view("Pell").movement_max
    assert scene.ctx.status == UNDER_PANEL
    assert scene.ctx.hovered_cell is None  # and no map tooltip pops up over the card after the press
    # A right-click there turns nobody either.
    facing = enc.view("Pell").facing
    press(scene, pos, button=3)
    assert enc.view("Pell").facing == facing
    # The very same hex, clicked where it shows, is a move: the click above was refused for the panel alone.
    scene.ctx.camera.drag(400, 0)
    frame(scene, pygame.display.get_surface())
    assert scene.ctx.cell_at(at(scene, cell)) == cell
    click(scene, cell)
    assert enc.view("Pell").cell == cell
