"""A battle played in the window is kept out of the garbage collector's reach (game.ui.heap): no frame of play
pays for a pass over everything the battle loaded (a 16-20 ms pause on the 64x64 map, the slowest frame of
``tools/bench_frames.py --archers``) or has played so far; the next battle opened frees the previous one's
cycles, and nothing stays frozen once the window closes.

Frame times themselves are shown by tools/bench_frames.py (its collector counts), never asserted here.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import EndTurn
from game.ui import heap
from game.ui.app import PlayConfig, play
from game.ui.battle import BattleScene
from tests.scene_harness import frame, open_battle

UNITS = [
    {"name": "Hero", "at": (1, 1), "faction": "player", "initiative": 9, "hp": 12},
    {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 5, "hp": 9},
]


@pytest.fixture(autouse=True)
def released() -> Iterator[None]:
    """Leave the test process's collector as it found it."""
    yield
    heap.release()


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    return write_map(tmp_path / "arena.tmx", ["......", "......", "......"], units=UNITS, title="Arena")


def tracked(obj: object) -> bool:
    """Whether an automatic collector pass would scan ``obj`` (frozen objects are in no generation)."""
    return any(o is obj for o in gc.get_objects())


def test_the_battle_the_window_opens_is_never_rescanned_while_it_is_played(arena: Path, tmp_path: Path) -> None:
    cfg = PlayConfig(map_path=arena, log_path=tmp_path / "log.jsonl", seed=1, headless=True, frames=3,
                     humans=("player", "enemy"))
    seen: dict[str, bool] = {}

    def look(frame: int, stack: Any) -> list[pygame.event.Event]:
        battle = stack.find(BattleScene)
        if frame == 2 and battle is not None:
            # The scene, its map art and its engine were all loaded before the first frame: frozen with it.
            for loaded in (battle, battle.art, battle.match, battle.match.encounter):
                seen[type(loaded).__name__] = tracked(loaded)
        return []

    battle = play(cfg, script=look).stack.find(BattleScene)
    assert seen == {"BattleScene": False, "MapArt": False, "Match": False, "Encounter": False}
    assert battle is not None and tracked(battle)  # the window closed: the collector's again


def test_what_the_turns_played_is_kept_out_of_reach_from_the_next_turn_on(arena: Path, tmp_path: Path) -> None:
    cfg = PlayConfig(map_path=arena, log_path=tmp_path / "log.jsonl", seed=3, headless=True, frames=400,
                     autoplay=True, speed=float("inf"))
    seen: list[bool] = []

    def look(frame: int, stack: Any) -> list[pygame.event.Event]:
        battle = stack.find(BattleScene)
        if battle is not None and not seen:
            history = battle.match.encounter.history
            if sum(isinstance(a, EndTurn) for a in history) >= 2:  # the first action was played turns ago
                seen.append(tracked(history[0]))
        return []

    play(cfg, script=look)
    assert seen == [False]


def test_a_scene_built_without_the_window_is_never_frozen(arena: Path, tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, arena, humans=("player", "enemy"), setup=False)
    frame(scene, screen, 10)
    assert scene.match.encounter.turn == "Hero"  # a turn began: the scene met its first new turn
    assert tracked(scene)


def test_settling_again_frees_the_last_battles_cycles_rather_than_keeping_them_for_the_session() -> None:
    class Scene:
        pass

    old = Scene()
    old.me = old  # type: ignore[attr-defined]  # a cycle, as a scene with callbacks to itself makes
    gone = weakref.ref(old)
    heap.settle()
    assert gone() is not None and not tracked(old)  # still in use when the first battle settled: kept
    del old  # the player went back to the title: only the cycle holds it now
    heap.settle()  # the next battle opens
    assert gone() is None
