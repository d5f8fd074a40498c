"""Two window rough edges found in playtests: a greyed action-bar button said why only when clicked, and the
GM's push gave no preview of where the token would land nor why it would not move.

Both are the engine's words shown before the click: a greyed button's hover tooltip is what its click puts
on the status line; the GM's push preview is ``preview_push``'s path and what stops it short."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Begin
from game.ui import theme as th
from tests.scene_harness import frame, key, open_battle
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


def _gm_aiming(tmp_path: Path, who: str, direction: str, distance: int, monkeypatch):
    """The default map in combat, GM mode on, ``who`` selected, the push distance set, and the pointer on the
    GM card's ``direction`` button; returns the scene, its window, the texts drawn, that button, the GM card."""
    from game.ui.gm import GMTools

    scene, screen = open_battle(tmp_path, DEFAULT, humans=EVERYONE, setup=False)
    scene.submit(Begin())
    scene.anim.skip(scene.tokens)
    frame(scene, screen)
    key(scene, pygame.K_g)
    scene.ctx.selected = who
    gm = next(w for w in scene.widgets if isinstance(w, GMTools))
    while gm.push_distance != distance:
        gm._click("dist", scene.ctx)
    frame(scene, screen)
    button = next(b for b in gm.buttons if b.key == ("push", direction))
    drawn = drawn_by(th, monkeypatch)
    _point(scene, button.rect.center)
    frame(scene, screen)
    return scene, screen, drawn, button, gm


def test_the_gm_push_aimed_shows_where_the_token_lands(tmp_path: Path, monkeypatch) -> None:
    """Orc Pikeman stands at 11,6 with open ground west of it: pointing at "w" with the distance at 3 shows
    the landing 8,6 (the ghost of the token there) before the click, and the click lands it there."""
    scene, screen, drawn, button, gm = _gm_aiming(tmp_path, "Orc Pikeman", "w", 3, monkeypatch)
    texts = [s for s, _ in drawn]
    assert "Push Orc Pikeman 3 hexes west" in texts and "Orc Pikeman is pushed west to 8,6" in texts
    assert not [s for s in texts if "cannot be pushed" in s or "in the way" in s]
    tip = gm.push_tip  # beside the card, level with the direction pointed at: where the GM is looking
    assert tip is not None and tip.left >= gm.cover.right
    assert tip.top < button.rect.bottom and tip.bottom > button.rect.top
    landing = tuple(round(v) for v in scene.ctx.cell_to_screen((8, 6)))
    aimed = screen.get_at(landing)
    _point(scene, (button.rect.centerx, button.rect.bottom + 60))  # the pointer off the direction buttons
    frame(scene, screen)
    assert screen.get_at(landing) != aimed  # the ghost went with the aim
    _point(scene, button.rect.center)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    assert scene.match.encounter.view("Orc Pikeman").cell == (8, 6)


def test_the_gm_push_aimed_at_a_blocked_side_names_what_blocks_it(tmp_path: Path, monkeypatch) -> None:
    """Mira (3,5) has Aldric right beside her to the south-east (4,6): pointing at "se" says she cannot be
    pushed that way and who is in the way, in the engine's words (preview_push), before any click."""
    scene, _, drawn, _, _ = _gm_aiming(tmp_path, "Mira", "se", 2, monkeypatch)
    stopped = scene.match.encounter.preview_push("Mira", "se", 2).stopped
    assert stopped == '"Aldric" is in the way at 4,6 (R12)'
    # The window writes names without the engine's quotes, as the shove preview says the same obstacle.
    # (one sentence, wrapped to the tip's rows now that the side is spelt out)
    assert "cannot be pushed south-east: Aldric is in the way at 4,6 (R12)" in " ".join(s for s, _ in drawn)
