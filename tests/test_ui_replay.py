"""The replay viewer, headless: steps forward and back through a log, with the combat log and whose turn it is."""

from __future__ import annotations

import pytest

from game.render.pg import pygame
from game.rules import Attack, EndTurn, Move
from game.ui.replay import ReplayScene
from tests.ui_harness import click, key, screen, skirmish


@pytest.fixture
def viewer():
    m = skirmish()
    m.submit(Move("Mira", (8, 4)))
    m.submit(Attack("Mira", "Goblin", roll=12, damage=5))
    m.submit(EndTurn())
    actions = list(m.encounter.history)  # place, place, begin, end_turn, move, attack, end_turn
    assert len(actions) == 7
    return ReplayScene(m.encounter.scenario, actions), screen()


def texts(v: ReplayScene) -> list[str]:
    return [t for t, _, _ in v.log_lines()]


def test_stepping_forward_shows_each_action_and_its_rolls(viewer) -> None:
    v, s = viewer
    assert v.k == 0 and v.enc.phase == "setup"
    for _ in range(5):
        v.handle_event(key(pygame.K_RIGHT))
    assert v.k == 5 and v.enc.view("Mira").cell == (8, 4) and v.enc.turn == "Mira"
    v.handle_event(key(pygame.K_RIGHT))
    assert v.enc.view("Goblin").hp == 2  # 7 - the logged 5
    assert "Mira attacks Goblin from the right flank (defence −2): rolled 12 +4 = 16 vs 11: hit, 5 damage" in texts(v)
    now = [t for t, _, current in v.log_lines() if current]
    # R20: attacking turns Mira toward the goblin (8,4 -> 7,5 is sw), then the roll.
    assert now == ["Mira turns to face sw",
                   "Mira attacks Goblin from the right flank (defence −2): rolled 12 +4 = 16 vs 11: hit, 5 damage"]
    v.draw(s, 1.0)


def test_stepping_back_rebuilds_the_prefix(viewer) -> None:
    v, s = viewer
    v.handle_event(key(pygame.K_END))
    assert v.k == 7 and v.enc.turn == "Wren"
    v.handle_event(key(pygame.K_LEFT))
    v.handle_event(key(pygame.K_LEFT))
    assert v.k == 5 and v.rebuilds >= 1
    assert v.enc.view("Goblin").hp == 7 and v.enc.view("Mira").cell == (8, 4)  # before the attack
    assert not any("attacks" in t for t in texts(v))
    v.handle_event(key(pygame.K_HOME))
    assert v.k == 0 and v.enc.view("Mira").cell == (3, 5) and texts(v) == []


def test_buttons_step_and_play(viewer) -> None:
    v, s = viewer
    v.draw(s, 1.0)
    nxt = next(b for b in v.buttons if b.key == "next")
    v.handle_event(click(nxt.rect.center))
    assert v.k == 1
    v.draw(s, 1.0)
    play = next(b for b in v.buttons if b.key == "play")
    v.handle_event(click(play.rect.center))
    assert v.playing
    for _ in range(60 * 10):  # ten seconds of 60 Hz updates: plays to the end and stops
        v.update(1 / 60)
    assert v.k == 7 and not v.playing


def test_escape_closes_the_viewer(viewer) -> None:
    v, s = viewer
    tr = v.handle_event(key(pygame.K_ESCAPE))
    assert tr is not None and tr.kind == "pop"


def test_playmat_play_replay_shows_a_log_headless(tmp_path, capsys) -> None:
    from game.cli.main import main
    from tests.ui_harness import DEFAULT

    log = tmp_path / "fight.jsonl"
    log.write_text('{"action": "place", "unit": "Goblin", "at": [7, 5], "facing": "w"}\n{"action": "begin"}\n',
                   encoding="utf-8")
    shot = tmp_path / "replay.png"
    rc = main(["play", str(DEFAULT), "--replay", str(log), "--headless", "--screenshot", str(shot)])
    assert rc == 0 and shot.is_file()
    assert log.read_text(encoding="utf-8").count("\n") == 2  # watching never writes to the log


def test_playmat_play_replay_refuses_a_log_that_does_not_replay(tmp_path, capsys) -> None:
    from game.cli.main import main
    from tests.ui_harness import DEFAULT

    log = tmp_path / "bad.jsonl"
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Mira", "to": [3, 5]}\n', encoding="utf-8")
    rc = main(["play", str(DEFAULT), "--replay", str(log), "--headless"])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "bad.jsonl:2:" in err and "Traceback" not in err
    rc = main(["play", "--replay", str(log), "--headless"])
    assert rc == 2 and "needs the MAP" in capsys.readouterr().err


def test_the_replay_animates_tiled_animations_and_shows_the_token_sprites() -> None:
    # objects_y_odd.tmx (tools/tiled_features.py): an animated tile whose first frame lasts 200 ms.
    from pathlib import Path

    import numpy as np

    from game.maps import load_scenario
    from game.render.tilemap import load_map_art

    golden = Path(__file__).resolve().parent / "golden" / "tiled" / "objects_y_odd.tmx"
    v = ReplayScene(load_scenario(golden), [], art=load_map_art(golden))
    s = screen()
    v.maplayer.animator.budget_ms = None  # a loaded test machine must not leave a cell for the next frame
    v.draw(s, 1.0)
    first = pygame.surfarray.array3d(s).copy()
    for _ in range(13):  # 217 ms of fixed updates: the second frame
        assert v.update(1 / 60) is None
    v.draw(s, 1.0)
    changed = np.any(pygame.surfarray.array3d(s) != first, axis=2)
    assert v.maplayer.animator.repaints >= 1 and changed.sum() > 100

