"""The GM reaches every GM control in a small window (the real battle scene, headless, real mouse events).

Found at 640x400, the smallest window: the GM card, opened by the pointer, was 410 px tall in a 400 px window, so
End combat was off the screen; and the action bar, drawn under the card, took the clicks meant for the card (a
click on "Add a combatant..." chose the bar's Shove instead). The card now lays its tools out tight where the
usual layout does not fit the map area, and a press on a panel drawn over the bar is the panel's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps import default_map
from game.render.pg import pygame
from game.ui.battle import BattleScene
from game.ui.confirm import ConfirmScene
from game.ui.gm import GMTools
from game.ui.scene import Transition
from tests.scene_harness import at_turn, frame, key

SIZES = [(640, 400), (800, 560)]
EVERYONE = ("player", "ally", "enemy", "neutral")


def move(scene: BattleScene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def press(scene: BattleScene, pos: tuple[int, int]) -> Transition | None:
    """The pointer onto ``pos`` and a left click there, as a hand does it; the scene's answer to the press."""
    move(scene, pos)
    tr = scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return tr


def gm_card_open(tmp_path: Path, size: tuple[int, int]) -> tuple[BattleScene, pygame.Surface, GMTools]:
    """Miller's Ford in combat, Mira to act, GM mode on (G) and the pointer on the GM card: every GM tool shown."""
    scene, screen = at_turn(tmp_path, default_map(), "Mira", humans=EVERYONE, size=size)
    key(scene, pygame.K_g)
    frame(scene, screen, 2)
    gm = next(w for w in scene.widgets if isinstance(w, GMTools))
    move(scene, (gm.cover.x + 20, gm.cover.y + 20))  # onto the short card: it grows to every tool
    frame(scene, screen, 2)
    assert gm.full
    return scene, screen, gm


def button(gm: GMTools, k: object) -> pygame.Rect:
    return next(pygame.Rect(b.rect) for b in gm.buttons if b.key == k)


@pytest.mark.parametrize("size", SIZES)
def test_every_gm_card_button_is_inside_the_window_and_the_map_area(tmp_path: Path, size: tuple[int, int]) -> None:
    scene, screen, gm = gm_card_open(tmp_path, size)
    keys = {b.key for b in gm.buttons}
    # Every tool of the card in combat: none left behind to make it fit.
    assert {"edit", "grant1", "grant3", "threat", "dist", "defeated", "fled", "join", "undo", "end"} <= keys
    assert sum(1 for k in keys if isinstance(k, tuple) and k[0] == "push") == 6  # a push to each side (R2)
    window, area = screen.get_rect(), scene.ctx.view_rect
    assert area.contains(gm.cover), (gm.cover, area)  # the card, status line and top bar left uncovered
    for b in gm.buttons:
        assert window.contains(b.rect) and gm.cover.contains(b.rect), (b.key, b.rect, gm.cover)
    for a in gm.buttons:  # none on another: each click has one meaning
        assert not any(a.rect.colliderect(b.rect) for b in gm.buttons if b is not a), a.key


@pytest.mark.parametrize("size", SIZES)
def test_a_click_on_add_a_combatant_opens_the_form_not_the_action_bar(tmp_path: Path, size: tuple[int, int]) -> None:
    scene, screen, gm = gm_card_open(tmp_path, size)
    mode = scene.ctx.action_mode
    press(scene, button(gm, "join").center)
    frame(scene, screen)
    assert gm.form is not None and scene.ctx.modal  # the form, as at 1280x720
    assert scene.ctx.action_mode == mode  # no bar button under the card was pressed with it


@pytest.mark.parametrize("size", SIZES)
def test_a_click_on_end_combat_asks_first(tmp_path: Path, size: tuple[int, int]) -> None:
    scene, screen, gm = gm_card_open(tmp_path, size)
    enc = scene.match.encounter
    end = button(gm, "end")
    assert screen.get_rect().contains(end)  # a hand can only click what is in the window
    move(scene, end.center)  # down the open card to it: the card stays open
    frame(scene, screen)
    tr = press(scene, end.center)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)  # asked, as at the big size
    assert enc.phase == "active"  # the click alone ends nothing


def test_a_press_anywhere_on_the_card_over_the_action_bar_is_the_cards(tmp_path: Path) -> None:
    """At 640x400 the open card reaches down over the left of the action bar: a press on it, even between its
    buttons, leaves the bar's buttons under it alone."""
    scene, screen, gm = gm_card_open(tmp_path, (640, 400))
    bar = [(b.rect, cmd) for b, cmd in scene.view.buttons]
    under = [(r, cmd) for r, cmd in bar if r.colliderect(gm.cover)]
    assert under, "the card no longer reaches the bar at 640x400: this test has nothing to check"
    mode = scene.ctx.action_mode
    for rect, _cmd in under:
        spot = gm.cover.clip(rect)
        at = (spot.centerx, spot.bottom - 2)
        if any(b.rect.collidepoint(at) for b in gm.buttons):
            continue
        press(scene, at)
        frame(scene, screen)
        assert scene.ctx.action_mode == mode and gm.full, (at, _cmd)
