"""The replay's step buttons read as what they do, "< Back" and "Step >", with their keys as the hint where there
is room ("Play (Space)" beside them): they read "< Left" and "Right >", the keys alone, like directions on the
map. A click on each steps as Left and Right do."""

from __future__ import annotations

import pytest

from game.render.pg import pygame
from game.ui.replay import ReplayScene
from tests.ui_harness import click, screen, skirmish


def _viewer() -> ReplayScene:
    m = skirmish()  # place, place, begin, end_turn: four steps
    screen()
    return ReplayScene(m.encounter.scenario, list(m.encounter.history))


def _labels(v: ReplayScene, size: tuple[int, int]) -> list[str]:
    v.draw(pygame.Surface(size), 1.0)
    return [b.label for b in v.buttons]


@pytest.mark.parametrize(("size", "back", "step"), [
    ((1280, 800), "< Back (Left)", "Step > (Right)"),  # room for the keys: named, as "Play (Space)" is
    ((1100, 720), "< Back", "Step >"),  # no room for every key: the words still, the keys in the README
])
def test_the_step_buttons_say_what_they_do(size: tuple[int, int], back: str, step: str) -> None:
    labels = _labels(_viewer(), size)
    assert labels[2:5:2] == [back, step]
    assert not any("Left" in label and "Back" not in label for label in labels)
    assert not any("Right" in label and "Step" not in label for label in labels)


def test_a_click_on_step_goes_on_and_on_back_goes_back() -> None:
    v = _viewer()
    surface = pygame.Surface((1280, 800))
    v.draw(surface, 1.0)
    buttons = {b.label: b for b in v.buttons}
    assert not buttons["< Back (Left)"].enabled  # at the map as loaded there is nothing to go back to
    v.handle_event(click(buttons["Step > (Right)"].rect.center))
    v.handle_event(click(buttons["Step > (Right)"].rect.center))
    assert v.k == 2
    v.draw(surface, 1.0)
    v.handle_event(click(buttons["< Back (Left)"].rect.center))
    assert v.k == 1


def test_the_first_frame_names_the_step_button_as_the_way_on(monkeypatch) -> None:
    """Before any step the panel says how to take the first one, in the button's words and the key's."""
    from game.ui import theme
    from tests.ui_harness import drawn_by

    v = _viewer()
    drawn = drawn_by(theme, monkeypatch)
    v.draw(pygame.Surface((1280, 800)), 1.0)
    assert "the map as loaded (Step > or Right: the first step)" in [text for text, _ in drawn]
