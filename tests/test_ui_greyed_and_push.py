"""Two window rough edges found in playtests: a greyed action-bar button said why only when clicked, and the
GM's push gave no preview of where the token would land nor why it would not move.

Both are the engine's words shown before the click: a greyed button's hover tooltip is what its click puts
on the status line; the GM's push preview is ``preview_push``'s path and what stops it short."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Begin
from game.ui import theme as th
from tests.scene_harness import frame, open_battle
from tests.ui_harness import DEFAULT, drawn_by

EVERYONE = ("player", "ally", "enemy", "neutral")


def _point(scene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_hovering_a_greyed_button_shows_the_reason_its_click_gives(tmp_path: Path, monkeypatch) -> None:
    """Goblin acts first on the default map, far from any exit hex: Flee is greyed (R24), and so is Undo
    (nothing done yet). Pointing at Flee shows, over the bar, the refusal a click on it gives; pointing at an
    available button shows no refusal."""
    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    scene.submit(Begin())
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    bar = {cmd: b for b, cmd in scene.view.buttons}
    assert not bar["flee"].enabled and bar["end_turn"].enabled
    drawn = drawn_by(th, monkeypatch)
    _point(scene, bar["flee"].rect.center)
    frame(scene, screen)
    tip = [s for s, _ in drawn if s.startswith("Cannot flee")]
    assert tip == [f"Cannot flee: {scene.match.encounter.turn} is not on an exit hex (R24)"]
    tip_rect = scene.view.button_tip
    assert tip_rect is not None and tip_rect.bottom <= bar["flee"].rect.top  # above the bar, not over it
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar["flee"].rect.center, button=1))
    assert scene.ctx.status == tip[0]  # the click's words, word for word

    drawn.clear()
    _point(scene, bar["undo"].rect.center)
    frame(scene, screen)
    undo = [s for s, _ in drawn if s.startswith("Cannot undo")]
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar["undo"].rect.center, button=1))
    assert undo == [scene.ctx.status]

    for cmd in ("end_turn", "mode:shove"):
        drawn.clear()
        _point(scene, bar[cmd].rect.center)
        frame(scene, screen)
        assert not [s for s, _ in drawn if s.startswith("Cannot")], cmd
        assert scene.view.button_tip is None
