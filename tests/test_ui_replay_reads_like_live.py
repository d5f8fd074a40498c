"""A replay reads exactly like the live battle's combat log. Found on ship_boarding (seed 5, AI against AI): the
live log said "Marla waits (no move, no action)" for each turn that ended with nothing done, and the replay of
the same log left every one of those lines out, as if it had missed something."""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.ui.app import PlayConfig, battle_scene, replay_scene
from game.ui.battle import BattleScene
from game.ui.panels import CombatLog
from game.ui.replay import ReplayScene
from tests.ui_harness import ROOT, skirmish


def _live_battle(tmp_path: Path) -> tuple[BattleScene, Path]:
    """ship_boarding played to its end by the AI on every side, at instant speed, as ``play --autoplay`` does."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    log = tmp_path / "battle.jsonl"
    cfg = PlayConfig(map_path=ROOT / "maps" / "ship_boarding.tmx", log_path=log, seed=5, autoplay=True,
                     headless=True, speed=float("inf"))
    scene = battle_scene(cfg, ROOT / "maps" / "ship_boarding.tmx", (1280, 720))
    assert isinstance(scene, BattleScene)
    for n in range(6000):
        scene.update(1 / 60)
        if n % 30 == 0:
            scene.draw(screen, 1.0)
        if scene.match.encounter.phase == "ended":
            break
    scene.draw(screen, 1.0)
    assert scene.match.encounter.phase == "ended"
    return scene, log


def test_the_replay_of_a_recorded_ai_battle_has_the_live_logs_lines(tmp_path: Path) -> None:
    scene, log = _live_battle(tmp_path)
    live = [text for text, _ in next(w for w in scene.widgets if isinstance(w, CombatLog)).entries]
    viewer = replay_scene(ROOT / "maps" / "ship_boarding.tmx", log)  # as `play MAP --replay LOG` opens it
    assert isinstance(viewer, ReplayScene)
    viewer.go(len(viewer.actions))
    replayed = [text for text, _, _ in viewer.log_lines()]
    assert any(line.endswith(" waits (no move, no action)") for line in live)  # the lines the replay lacked
    assert replayed == live


def test_a_turn_ended_with_nothing_done_reads_as_a_wait_at_its_step() -> None:
    """By hand, the skirmish (tests.ui_harness): after Begin the Goblin is to act and ends its turn with nothing
    done; Mira is next. That end of turn's step says the Goblin waited, then whose turn it is."""
    m = skirmish()  # place, place, begin, end_turn
    viewer = ReplayScene(m.encounter.scenario, list(m.encounter.history))
    viewer.go(4)
    now = [text for text, _, current in viewer.log_lines() if current]
    assert now == ["Goblin waits (no move, no action)", "Mira's turn"]
