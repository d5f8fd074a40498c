"""The window's yes/no questions, as a mouse playtest met them (ambush, seed 4, at 1100x720).

- The End-turn question sat over Brother Odo's own token (he stood near the bottom of the map, where the
  camera cannot centre him), and its detail repeated the keys the buttons show, over two lines.
- The GM card's End combat ended the battle on one click, made by mistake as the card grew under the pointer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.render.pg import pygame
from game.rules import Begin, Place
from game.ui import confirm
from game.ui.battle import BattleScene
from game.ui.confirm import ConfirmScene
from game.ui.gm import GMTools
from game.ui.scene import Transition
from tests.scene_harness import frame, key, open_battle, to_turn

AMBUSH = Path(__file__).resolve().parents[1] / "maps" / "ambush.tmx"
SIZE = (1100, 720)


def odo_at_the_bottom(tmp_path: Path) -> tuple[BattleScene, pygame.Surface]:
    """Brother Odo to act near the bottom middle of the map area, Bandit 3 beside him to attack."""
    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=True, size=SIZE)
    frame(scene, screen)
    for action in (Place("Brother Odo", (8, 10)), Place("Bandit 3", (8, 9)), Begin()):
        assert scene.submit(action), scene.ctx.status
    to_turn(scene, "Brother Odo")
    frame(scene, screen, 90)  # the camera at rest on him
    return scene, screen


def test_the_end_turn_question_keeps_clear_of_the_actor_and_says_its_reason_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, screen = odo_at_the_bottom(tmp_path)
    view = scene.ctx.view_rect
    odo = scene.ctx.token_rect("Brother Odo")
    assert odo.centery > view.centery + view.height // 4 and abs(odo.centerx - view.centerx) < view.width // 4
    tr = key(scene, pygame.K_RETURN)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    question = tr.scene
    drawn = confirm_text(question, screen, monkeypatch)
    assert not question.box.colliderect(odo)
    assert not question.box.collidepoint(view.center)  # still away from the map's middle
    body = [s for s, r in drawn if question.box.collidepoint(r.center) and s != question.title
            and r.bottom < question.buttons[0].rect.top]
    assert body == ["Brother Odo can still attack Bandit 3"]  # the reason, once, on one line; the keys are the buttons'


def confirm_text(question: ConfirmScene, screen: pygame.Surface,
                 monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """What the question draws in words, with where."""
    from tests.ui_harness import drawn_by

    drawn = drawn_by(confirm, monkeypatch)
    question.draw(screen, 1.0)
    return drawn


def gm_end_combat(scene: BattleScene, screen: pygame.Surface) -> Transition | None:
    """In GM mode, the pointer onto the card's End combat button (the card grows under it), then a click."""
    gm = next(w for w in scene.widgets if isinstance(w, GMTools))
    if not scene.ctx.gm:
        key(scene, pygame.K_g)
    frame(scene, screen)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=gm.cover.center, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)
    end = next(b.rect.center for b in gm.buttons if b.key == "end")
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(0, 0, 0)))
    frame(scene, screen)
    tr = scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=end, button=1))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    return tr


def answer(question: ConfirmScene, screen: pygame.Surface, button: int) -> Transition | None:
    question.draw(screen, 1.0)
    at = question.buttons[button].rect.center
    question.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    return question.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))


def test_the_gm_end_combat_asks_first_and_no_ends_nothing(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    scene, screen = odo_at_the_bottom(tmp_path)
    enc = scene.match.encounter
    tr = gm_end_combat(scene, screen)
    assert enc.phase == "active" and enc.turn == "Brother Odo"  # the click alone ends nothing
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    question = tr.scene
    assert question.title == "End the combat now?"
    drawn = confirm_text(question, screen, monkeypatch)
    assert "No side still fighting wins; the summary follows. There is no undo." in [s for s, _ in
                                                                                                  drawn]
    assert not question.box.colliderect(scene.ctx.token_rect("Brother Odo"))
    answer(question, screen, 1)  # No
    assert enc.phase == "active" and enc.turn == "Brother Odo"
    assert not any('"end_combat"' in line for line in (tmp_path / "battle.jsonl").read_text().splitlines())


def test_the_gm_end_combat_yes_ends_the_battle_with_no_winner_and_logs_it(tmp_path: Path) -> None:
    scene, screen = odo_at_the_bottom(tmp_path)
    enc = scene.match.encounter
    tr = gm_end_combat(scene, screen)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    answer(tr.scene, screen, 0)  # Yes
    outcome = enc.outcome()
    assert enc.phase == "ended" and outcome is not None and outcome.reason == "gm" and outcome.winners == ()
    assert (tmp_path / "battle.jsonl").read_text().splitlines()[-1] == '{"action": "end_combat"}'
