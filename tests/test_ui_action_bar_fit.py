"""The action bar in a small window: every button inside the window, its whole label and key written inside it.

At 640x400 (the least --size takes) the bar's seven buttons on the ambush ran past the window's right edge and
End turn read "End tur..." (RULES.md, "In a tiny window": there the bar writes its labels in smaller type)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps import shipped_maps
from game.render.pg import pygame
from game.render.style import font
from game.ui.battle import BattleScene
from game.ui.context import SHOVE
from game.ui.hud import BarButton
from game.ui.scene import SceneStack, Transition
from tests.scene_harness import frame, open_battle, to_turn
from tests.ui_harness import ROOT

MAPS = [m.path for m in shipped_maps()]
SIZES = [(640, 400), (800, 600)]
# What each command's button must say, whole, and the key it names (as the help, H, lists them).
WORDS = {"mode:attack": ("Attack", "A"), "mode:shoot": ("Shoot", "R"), "mode:cast": ("Cast", "B"),
         "mode:shove": ("Shove", "S"), "mode:disengage": ("Disengage", "D"), "flee": ("Flee", "F"),
         "undo": ("Undo", "U"), "end_turn": ("End turn", "Enter")}
BORDER = 2  # px of a button's outline: text over it reads as cut off


def opened(tmp_path: Path, map_path: Path, size: tuple[int, int]) -> tuple[BattleScene, pygame.Surface]:
    """Every side played by hand, so whoever acts first has the bar, and so does anyone ``to_turn`` brings."""
    probe, _ = open_battle(tmp_path / "probe", map_path, humans=("player",), setup=False, size=size)
    sides = tuple(sorted({v.faction for v in probe.match.encounter.views()}))
    scene, screen = open_battle(tmp_path, map_path, humans=sides, setup=False, size=size)
    SceneStack(scene)
    frame(scene, screen, 2)
    return scene, screen


def bars(scene: BattleScene, screen: pygame.Surface) -> list[list[tuple[BarButton, str]]]:
    """The bar as drawn for one combatant of each kind the map has (melee only, with a bow, with an area)."""
    out, kinds = [], set()
    for v in list(scene.match.encounter.views()):
        kind = (v.ranged is not None, v.area is not None)
        if not v.active or kind in kinds:
            continue
        kinds.add(kind)
        to_turn(scene, v.name)
        frame(scene, screen, 2)
        buttons = list(scene.view.buttons)
        assert buttons, f"no action bar on {v.name}'s turn"
        assert all(isinstance(b, BarButton) for b, _ in buttons)
        out.append([(b, c) for b, c in buttons if isinstance(b, BarButton)])
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("map_path", MAPS, ids=lambda p: p.stem)
def test_every_button_is_inside_the_window_with_its_whole_label(map_path: Path, size: tuple[int, int],
                                                                tmp_path: Path) -> None:
    scene, screen = opened(tmp_path, map_path, size)
    window = screen.get_rect()
    for bar in bars(scene, screen):
        rects = [b.rect for b, _ in bar]
        for i, (b, cmd) in enumerate(bar):
            assert window.contains(b.rect), f"{b.label} at {b.rect} leaves the {size} window"
            assert b.rect.collidelist(rects[:i]) < 0, f"{b.label} overlaps another button"
            label, k = WORDS[cmd]
            written = b.caption()
            assert written.startswith(label) and written.endswith(f"[{k}]"), (cmd, written)
            width, height = font(b.form.size).size(written)
            assert width <= b.rect.width - 2 * BORDER, f"{written!r} ({width} px) cut by its {b.rect.width} px button"
            assert height <= b.rect.height - 2 * BORDER, (cmd, height, b.rect)


def test_in_the_smallest_window_the_ambush_bar_has_shoot_and_end_turn_whole(tmp_path: Path) -> None:
    # Pell has a bow: seven buttons, the ones that ran off the window's right edge included.
    scene, screen = opened(tmp_path, ROOT / "maps" / "ambush.tmx", (640, 400))
    cmds = [c for _, c in scene.view.buttons]
    assert cmds == ["mode:attack", "mode:shoot", "mode:shove", "mode:disengage", "flee", "undo", "end_turn"]
    assert scene.view.buttons[-1][0].rect.right <= 640


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_click_on_a_button_does_what_it_says(size: tuple[int, int], tmp_path: Path) -> None:
    scene, screen = opened(tmp_path, ROOT / "maps" / "ambush.tmx", size)
    by_cmd = {c: b for b, c in scene.view.buttons}
    click_at(scene, by_cmd["mode:shove"].rect.center)
    frame(scene, screen, 2)
    assert scene.ctx.action_mode == SHOVE
    # Pell has neither moved nor acted: ending the turn asks first (game.ui.endturn), the question is the answer.
    asked = click_at(scene, {c: b for b, c in scene.view.buttons}["end_turn"].rect.center)
    assert asked is not None


def click_at(scene: BattleScene, pos: tuple[int, int]) -> Transition | None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    answer = scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))  # buttons act on press
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return answer
