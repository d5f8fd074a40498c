"""The real battle scene, built as ``playmat play`` builds it and driven as a player drives it, headless.

Where ``tests/ui_harness.py`` draws widgets over a bare context, this opens the whole
:class:`BattleScene` (its input, animations and panels) at 1280x720 and sends it real pygame events:
``click`` and ``hover`` aim at a cell's centre on screen, ``key`` presses and releases a key, ``frame``
advances one fixed 60 Hz step and draws it.
"""

from __future__ import annotations

from pathlib import Path

from game.render.pg import pygame
from game.rules import Begin, EndTurn
from game.ui.app import PlayConfig, battle_scene
from game.ui.battle import BattleScene
from game.ui.scene import Transition
from game.ui.summary import SummaryScene
from tests.ui_harness import SIZE


def open_battle(tmp_path: Path, map_path: Path, *, humans: tuple[str, ...],
                setup: bool, size: tuple[int, int] = SIZE) -> tuple[BattleScene, pygame.Surface]:
    """The battle scene of ``map_path`` (``humans`` at the controls; ``setup``: placement first) and its
    window (``size``, 1280x720 unless said), nothing drawn yet; the log goes to ``tmp_path/battle.jsonl``."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    cfg = PlayConfig(map_path=map_path, log_path=tmp_path / "battle.jsonl", humans=humans, headless=True,
                     setup=setup)
    scene = battle_scene(cfg, map_path, size)
    assert isinstance(scene, BattleScene)
    return scene, screen


def open_playing(tmp_path: Path, map_path: Path, actor: str) -> tuple[BattleScene, pygame.Surface]:
    """The player side's battle of ``map_path`` under way (no placement), half a second drawn, ``actor`` to act."""
    scene, screen = open_battle(tmp_path, map_path, humans=("player",), setup=False)
    frame(scene, screen, 30)
    assert scene.match.encounter.turn == actor
    return scene, screen


def frame(scene: BattleScene, screen: pygame.Surface, n: int = 1) -> None:
    """``n`` fixed 1/60 s steps, each updated and drawn."""
    for _ in range(n):
        scene.update(1 / 60)
        scene.draw(screen, 1.0)


def until_summary(scene: BattleScene, screen: pygame.Surface, frames: int = 600) -> SummaryScene | None:
    """Draw and update (in that order, as the loop does) until the scene hands over to the battle's summary, for
    at most ``frames`` steps: the summary, or None if it never came."""
    for _ in range(frames):
        scene.draw(screen, 1.0)
        tr = scene.update(1 / 60)
        if tr is not None and isinstance(tr.scene, SummaryScene):
            return tr.scene
    return None


def at(scene: BattleScene, cell: tuple[int, int]) -> tuple[int, int]:
    """The screen pixel at the centre of ``cell``, as the camera shows it now."""
    x, y = scene.ctx.cell_to_screen(cell)
    return round(x), round(y)


def hover(scene: BattleScene, cell: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at(scene, cell), rel=(0, 0), buttons=(0, 0, 0)))


def click(scene: BattleScene, cell: tuple[int, int]) -> Transition | None:
    """Move the mouse onto ``cell`` and left-click it; the scene's answer to the release."""
    pos = at(scene, cell)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    return scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(scene: BattleScene, k: int, mod: int = 0) -> Transition | None:
    """Press and release key ``k`` (with modifiers ``mod``); the scene's answer to the press."""
    tr = scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    scene.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    return tr


def to_turn(scene: BattleScene, name: str) -> None:
    """Begin combat if it has not begun, end turns until ``name`` is to act, and finish the animations."""
    enc = scene.match.encounter
    if enc.phase == "setup":
        scene.submit(Begin())
    while enc.turn != name:
        scene.submit(EndTurn())
    scene.anim.skip(scene.tokens)


def at_turn(tmp_path: Path, map_path: Path, name: str, *, humans: tuple[str, ...], size: tuple[int, int],
            rest: int = 60) -> tuple[BattleScene, pygame.Surface]:
    """The battle of ``map_path`` begun, on ``name``'s turn, the camera at rest on it after ``rest`` frames: where
    most window tests start before they point at something."""
    scene, screen = open_battle(tmp_path, map_path, humans=humans, setup=False, size=size)
    frame(scene, screen, 2)
    to_turn(scene, name)
    frame(scene, screen, rest)
    return scene, screen
