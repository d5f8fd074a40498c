"""The window's yes/no questions, as a mouse playtest met them (ambush, seed 4, at 1100x720).

- The End-turn question sat over Brother Odo's own token (he stood near the bottom of the map, where the
  camera cannot centre him), and its detail repeated the keys the buttons show, over two lines.
- The GM card's End combat ended the battle on one click, made by mistake as the card grew under the pointer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.render.pg import pygame
from game.rules import Begin, EndTurn, Place
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
    # The opening view now centres the fight between the panels: the player drags him down to the bottom quarter.
    view = scene.ctx.view_rect
    x, y = scene.ctx.cell_to_screen(scene.match.encounter.view("Brother Odo").cell)
    scene.ctx.camera.drag(view.centerx - x, view.bottom - view.height // 6 - y)
    frame(scene, screen)
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


def test_in_the_window_a_click_on_end_combat_asks_and_only_yes_ends_the_fight(tmp_path: Path) -> None:
    """The whole click path as the window runs it (the loop over the scene stack, events from SDL's queue), at
    800x560 where the GM card is short and grows under the pointer: the click on End combat puts the question
    on top and ends nothing; No leaves the fight as it was; the same click and Yes end it, and only then is
    ``end_combat`` in the log."""
    from game.ui.app import HeadlessClock
    from game.ui.loop import run_loop
    from game.ui.scene import SceneStack

    scene, screen = open_battle(tmp_path, AMBUSH, humans=("player", "ally"), setup=False, size=(800, 560))
    stack = SceneStack(scene)
    enc = scene.match.encounter
    gm = next(w for w in scene.widgets if isinstance(w, GMTools))
    log = tmp_path / "battle.jsonl"

    def run(*events: pygame.event.Event, frames: int = 3) -> None:
        run_loop(stack, screen, max_frames=frames, clock=HeadlessClock(), script={0: list(events)})

    def pointer(pos: tuple[int, int]) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))

    def click_at(pos: tuple[int, int]) -> None:
        run(pointer(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def click_end_combat() -> ConfirmScene:
        run(pointer(gm.cover.center))  # the short card grows under the pointer
        assert gm.full
        click_at(next(b.rect.center for b in gm.buttons if b.key == "end"))
        question = stack.top
        assert isinstance(question, ConfirmScene) and question.title == "End the combat now?"
        return question

    run(frames=30)
    turn = enc.turn
    run(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g", scancode=0))
    assert scene.ctx.gm and not gm.full  # the short card of a small window
    question = click_end_combat()
    assert enc.phase == "active" and enc.turn == turn  # the click alone ends nothing
    click_at(question.buttons[1].rect.center)  # No
    assert stack.top is scene and enc.phase == "active" and enc.turn == turn
    assert '"end_combat"' not in log.read_text()
    question = click_end_combat()
    click_at(question.buttons[0].rect.center)  # Yes
    assert enc.phase == "ended" and log.read_text().splitlines()[-1] == '{"action": "end_combat"}'


MILL = [{"name": "Aldric", "at": (1, 1), "faction": "player", "initiative": 9},
        {"name": "Orc", "at": (6, 4), "faction": "enemy", "initiative": 5},
        {"name": "Orc 2", "at": (6, 2), "faction": "enemy", "initiative": 4},
        {"name": "Miller", "at": (3, 5), "faction": "neutral", "initiative": 1}]


def test_a_fight_the_gm_ends_with_a_neutral_standing_is_neither_a_victory_nor_a_defeat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ending a fight from the GM card with a miller (neutral, at war with nobody) still standing, the summary
    read "Defeat" over "The neutral side won after 1 round.": the rules count the miller a winner (no hostile of
    his is standing), but the GM stopped a fight nobody won. Now the summary, the log and the tracker say the GM
    ended it, who was still standing, and the miller's win as what it is."""
    from game.maps.tmxwrite import write_map
    from game.ui import summary
    from game.ui.panels.combat_log import CombatLog
    from game.ui.panels.initiative import heading
    from game.ui.summary import SummaryScene
    from tests.ui_harness import drawn_by

    tmx = write_map(tmp_path / "mill.tmx", ["." * 8] * 6, units=MILL, title="Mill")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=False, size=SIZE)
    frame(scene, screen, 30)
    tr = gm_end_combat(scene, screen)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    answer(tr.scene, screen, 0)  # Yes
    enc = scene.match.encounter
    outcome = enc.outcome()
    assert outcome is not None and outcome.reason == "gm" and outcome.winners == ("neutral",)  # the engine's, kept
    shown = None
    for _ in range(600):
        tr = scene.update(1 / 60)
        scene.draw(screen, 1.0)
        if tr is not None and isinstance(tr.scene, SummaryScene):
            shown = tr.scene
            break
    assert shown is not None
    drawn = drawn_by(summary, monkeypatch)
    shown.draw(screen, 1.0)
    said = " ".join(s for s, _ in drawn)
    assert shown.title == "Combat ended by the GM" and "Combat ended by the GM" in [s for s, _ in drawn]
    assert not any(s in ("Defeat", "Victory!") for s, _ in drawn) and "neutral side won" not in said
    assert shown.lines[0] == ("The GM ended the fight in round 1. Still standing: 1 of the player side, 2 of the enemy"
                              " side and 1 of the neutral side. No side won the fight. The neutral side, at war with"
                              " nobody, stood aside: it is counted a winner only for having no foe.")
    assert "The GM ended the fight in round 1." in said  # drawn, wrapped over the box's width
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    assert log.entries[-1][0] == ("Combat over (ended by the GM): no side won the fight; neutral, at war with nobody,"
                                  " stood aside")
    assert heading(enc) == ("Combat over", "ended by the GM")
    assert scene.ctx.status == log.entries[-1][0]  # the status line under the summary says the same


@pytest.mark.parametrize("size", [(1100, 720), (800, 560)])
def test_the_end_turn_question_keeps_clear_of_a_full_combat_log(tmp_path: Path, size: tuple[int, int]) -> None:
    """Found at 1100x720 and 800x560 in round 3 of the ambush: the question, centred above the action bar, sat
    over the bottom-right combat log, hiding what had just happened. Now it goes beside the log, or to the top."""
    from game.ui.panels.combat_log import CombatLog

    everyone = ("player", "ally", "enemy", "neutral")  # nobody's turn played by the AI: the log fills at once
    scene, screen = open_battle(tmp_path, AMBUSH, humans=everyone, setup=False, size=size)
    frame(scene, screen)
    to_turn(scene, "Lysa")
    for _ in range(2):  # two rounds of turns passed
        scene.submit(EndTurn())
        to_turn(scene, "Lysa")
    frame(scene, screen, 90)
    log = next(w for w in scene.widgets if isinstance(w, CombatLog))
    assert log.cover.height == log.grown.height  # full
    tr = key(scene, pygame.K_RETURN)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    question = tr.scene
    question.draw(screen, 1.0)
    assert not question.box.colliderect(log.cover)
    assert not question.box.colliderect(scene.ctx.token_rect("Lysa"))
    assert not question.box.collidepoint(scene.ctx.view_rect.center)


def test_at_800x560_the_end_turn_question_keeps_clear_of_the_foe_it_names_and_the_card_and_tracker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found at 800x560 with the log full: sent to the top by the log, the question covered the card, the
    initiative tracker and the very enemy it named. Now it narrows to fit left of the log, above the bar."""
    from game.ui.panels import CombatantCard, CombatLog, InitiativeTracker

    everyone = ("player", "ally", "enemy", "neutral")  # nobody's turn played by the AI: the log fills at once
    scene, screen = open_battle(tmp_path, AMBUSH, humans=everyone, setup=True, size=(800, 560))
    frame(scene, screen)
    for action in (Place("Lysa", (8, 4)), Place("Bandit 2", (8, 3)), Begin()):
        assert scene.submit(action), scene.ctx.status
    to_turn(scene, "Lysa")
    for _ in range(2):
        scene.submit(EndTurn())
        to_turn(scene, "Lysa")
    frame(scene, screen, 90)
    tr = key(scene, pygame.K_RETURN)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    question = tr.scene
    drawn = confirm_text(question, screen, monkeypatch)
    foe = question.lines[0].removeprefix("Lysa can still attack ")
    assert foe != question.lines[0]  # the question names a foe in reach
    panels = [w.cover for w in scene.widgets if isinstance(w, CombatLog | CombatantCard | InitiativeTracker)]
    assert len(panels) == 3
    for kept in (scene.ctx.token_rect("Lysa"), scene.ctx.token_rect(foe), *panels):
        assert not question.box.colliderect(kept), kept
    assert not question.box.collidepoint(scene.ctx.view_rect.center)
    said = " ".join(s for s, r in drawn if question.box.collidepoint(r.center) and s != question.title
                    and r.bottom < question.buttons[0].rect.top)
    assert said == question.lines[0]  # the whole reason, inside the narrower box
    assert all(question.box.contains(b.rect) for b in question.buttons)
